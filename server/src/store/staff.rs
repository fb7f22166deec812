//! The SQL of the staff (docs/DESIGN.md §13): members (users whose `role` is 'admin',
//! with a `staff_role`), invitations, and the last-owner rule. Every change of a
//! member's role or standing first updates the one `staff_guard` row, so two owners
//! demoting each other at once take turns and the second finds the first's change.

use sqlx::{Any, Row, Transaction};

use super::activity::{Activity, Actor, Changes, Entry};
use super::outbox;
use super::Db;
use crate::domain::account::Email;
use crate::domain::id::{new_id, Id};
use crate::domain::staff::StaffRole;
use crate::domain::time::Clock;
use crate::mail::Letter;

/// At most this many members and invitations together: the staff list is not paged.
pub const MAX_STAFF: i64 = 100;

/// Where a member of staff stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    Invited,
    Active,
    Disabled,
}

impl Standing {
    pub fn as_str(self) -> &'static str {
        match self {
            Standing::Invited => "invited",
            Standing::Active => "active",
            Standing::Disabled => "disabled",
        }
    }
}

/// A member of staff, or an invitation not yet accepted.
#[derive(Clone, Debug)]
pub struct Member {
    /// The user's id, or the invitation's.
    pub id: String,
    pub email: String,
    pub role: StaffRole,
    pub standing: Standing,
    pub last_seen_at: Option<i64>,
}

/// Why a staff change was refused; nothing was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaffRefusal {
    NotFound,
    AlreadyStaff,
    AlreadyInvited,
    TooMany,
    LastOwner,
    /// Deleting a member rather than an invitation.
    NotAnInvitation,
}

/// A change to a member: a new role, disabling or enabling.
#[derive(Clone, Copy, Debug, Default)]
pub struct MemberChange {
    pub role: Option<StaffRole>,
    pub disabled: Option<bool>,
}

#[derive(Clone, Debug)]
pub struct Staff {
    db: Db,
    clock: Clock,
    activity: Activity,
}

fn parse_role(raw: &str) -> Result<StaffRole, sqlx::Error> {
    StaffRole::parse(raw)
        .ok_or_else(|| sqlx::Error::Decode(format!("unknown staff role {raw}").into()))
}

fn member(row: &sqlx::any::AnyRow) -> Result<Member, sqlx::Error> {
    let disabled: Option<i64> = row.try_get("disabled_at")?;
    Ok(Member {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        role: parse_role(
            &row.try_get::<Option<String>, _>("staff_role")?
                .unwrap_or_else(|| "support".into()),
        )?,
        standing: if disabled.is_some() {
            Standing::Disabled
        } else {
            Standing::Active
        },
        last_seen_at: row.try_get("last_seen_at")?,
    })
}

const MEMBER_COLUMNS: &str = "id, email, staff_role, disabled_at, last_seen_at";

impl Staff {
    pub fn new(db: Db, clock: Clock, activity: Activity) -> Self {
        Staff {
            db,
            clock,
            activity,
        }
    }

    /// The members, oldest first, then the invitations not yet accepted: at most
    /// [`MAX_STAFF`] together.
    pub async fn list(&self) -> Result<Vec<Member>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {MEMBER_COLUMNS} FROM users WHERE role = 'admin' \
             ORDER BY created_at, id LIMIT {MAX_STAFF}"
        ))
        .fetch_all(&self.db.pool)
        .await?;
        let mut staff = rows.iter().map(member).collect::<Result<Vec<_>, _>>()?;
        let room = MAX_STAFF - staff.len() as i64;
        let invited = sqlx::query(&format!(
            "SELECT id, email, role FROM staff_invitations ORDER BY created_at, id LIMIT {room}"
        ))
        .fetch_all(&self.db.pool)
        .await?;
        for row in &invited {
            staff.push(Member {
                id: row.try_get("id")?,
                email: row.try_get("email")?,
                role: parse_role(&row.try_get::<String, _>("role")?)?,
                standing: Standing::Invited,
                last_seen_at: None,
            });
        }
        Ok(staff)
    }

    /// Invites `email` as `role`: stores the link's digest, valid until `expires_at`,
    /// and queues `letter` to the address in the same transaction.
    pub async fn invite(
        &self,
        email: &Email,
        role: StaffRole,
        digest: &str,
        expires_at: i64,
        letter: &Letter,
        by: &Actor,
    ) -> Result<Result<Member, StaffRefusal>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        guard(&mut tx).await?;
        let staff = sqlx::query("SELECT 1 AS one FROM users WHERE email = $1 AND role = 'admin'")
            .bind(email.as_str())
            .fetch_optional(&mut *tx)
            .await?;
        if staff.is_some() {
            return Ok(Err(StaffRefusal::AlreadyStaff));
        }
        if count(&mut tx).await? >= MAX_STAFF {
            return Ok(Err(StaffRefusal::TooMany));
        }
        let id = new_id();
        let inserted = sqlx::query(
            "INSERT INTO staff_invitations (id, email, role, token_digest, invited_by, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (email) DO NOTHING",
        )
        .bind(id.as_str())
        .bind(email.as_str())
        .bind(role.as_str())
        .bind(digest)
        .bind(by.id.as_str())
        .bind(now)
        .bind(expires_at)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if inserted == 0 {
            return Ok(Err(StaffRefusal::AlreadyInvited));
        }
        outbox::enqueue(&mut tx, email.as_str(), letter, now).await?;
        let entry = Entry {
            actor: by,
            object_type: "staff",
            object_id: id.as_str(),
            object_name: email.as_str(),
            action: "invited",
            changes: Changes::new().field("role", serde_json::Value::Null, role.as_str()),
        };
        self.activity.record(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(Ok(Member {
            id,
            email: email.as_str().to_string(),
            role,
            standing: Standing::Invited,
            last_seen_at: None,
        }))
    }

    /// A new link for invitation `id` (the old one stops working), mailed again.
    pub async fn resend(
        &self,
        id: &str,
        digest: &str,
        expires_at: i64,
        letter: impl Fn(StaffRole) -> Letter,
    ) -> Result<Result<(), StaffRefusal>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        let row = sqlx::query(
            "UPDATE staff_invitations SET token_digest = $2, expires_at = $3 WHERE id = $1 \
             RETURNING email, role",
        )
        .bind(id)
        .bind(digest)
        .bind(expires_at)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(Err(self.not_invitation(&mut tx, id).await?));
        };
        let email: String = row.try_get("email")?;
        let role = parse_role(&row.try_get::<String, _>("role")?)?;
        outbox::enqueue(&mut tx, &email, &letter(role), now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Withdraws invitation `id`.
    pub async fn revoke(
        &self,
        id: &str,
        by: &Actor,
    ) -> Result<Result<(), StaffRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let row = sqlx::query("DELETE FROM staff_invitations WHERE id = $1 RETURNING email, role")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            return Ok(Err(self.not_invitation(&mut tx, id).await?));
        };
        let email: String = row.try_get("email")?;
        let role: String = row.try_get("role")?;
        let entry = Entry {
            actor: by,
            object_type: "staff",
            object_id: id,
            object_name: &email,
            action: "invitation_revoked",
            changes: Changes::new().field("role", role, serde_json::Value::Null),
        };
        self.activity.record(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Why `id` is not an invitation: a member, or nothing.
    async fn not_invitation(
        &self,
        tx: &mut Transaction<'static, Any>,
        id: &str,
    ) -> Result<StaffRefusal, sqlx::Error> {
        let member = sqlx::query("SELECT 1 AS one FROM users WHERE id = $1 AND role = 'admin'")
            .bind(id)
            .fetch_optional(&mut **tx)
            .await?;
        Ok(if member.is_some() {
            StaffRefusal::NotAnInvitation
        } else {
            StaffRefusal::NotFound
        })
    }

    /// Spends invitation link `digest`: the address's account (a new one, or the
    /// customer's own, which keeps its orders) becomes a member of staff with the
    /// invited role and `password_hash`, every earlier token of it revoked. `None`
    /// when the link is unknown, used or expired.
    pub async fn accept(
        &self,
        digest: &str,
        password_hash: &str,
    ) -> Result<Option<Id>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        // Deleting it is what spends it: of two racing accepts, one deletes.
        let row = sqlx::query(
            "DELETE FROM staff_invitations WHERE token_digest = $1 AND expires_at > $2 \
             RETURNING email, role",
        )
        .bind(digest)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let email: String = row.try_get("email")?;
        let role: String = row.try_get("role")?;
        // An address that became staff meanwhile (`shop admin create`) keeps its role:
        // an invitation never demotes, so it cannot take the shop's last owner.
        let existing = sqlx::query(
            "UPDATE users SET staff_role = CASE WHEN role = 'admin' THEN staff_role ELSE $2 END, \
             role = 'admin', password_hash = $3, email_verified = 1, \
             disabled_at = NULL, token_version = token_version + 1, updated_at = $4 \
             WHERE email = $1 RETURNING id",
        )
        .bind(&email)
        .bind(&role)
        .bind(password_hash)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let id = match existing {
            Some(row) => row.try_get::<Id, _>("id")?,
            None => {
                let id = Id::generate();
                // A sign-up of the same address at this moment wins the row; the
                // invitation then makes that account the member.
                let made = sqlx::query(
                    "INSERT INTO users (id, email, password_hash, email_verified, role, staff_role, created_at, updated_at) \
                     VALUES ($1, $2, $3, 1, 'admin', $4, $5, $5) ON CONFLICT (email) DO NOTHING",
                )
                .bind(&id)
                .bind(&email)
                .bind(password_hash)
                .bind(&role)
                .bind(now)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if made == 1 {
                    id
                } else {
                    sqlx::query(
                        "UPDATE users SET role = 'admin', staff_role = $2, password_hash = $3, \
                         email_verified = 1, token_version = token_version + 1, updated_at = $4 \
                         WHERE email = $1 RETURNING id",
                    )
                    .bind(&email)
                    .bind(&role)
                    .bind(password_hash)
                    .bind(now)
                    .fetch_one(&mut *tx)
                    .await?
                    .try_get::<Id, _>("id")?
                }
            }
        };
        tx.commit().await?;
        Ok(Some(id))
    }

    /// Changes member `id`'s role or standing. The last active owner is never demoted
    /// or disabled. Disabling revokes the member's tokens.
    pub async fn change(
        &self,
        id: &str,
        change: MemberChange,
        by: &Actor,
    ) -> Result<Result<Member, StaffRefusal>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        guard(&mut tx).await?;
        let row = sqlx::query(&format!(
            "SELECT {MEMBER_COLUMNS} FROM users WHERE id = $1 AND role = 'admin'"
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(before) = row.as_ref().map(member).transpose()? else {
            return Ok(Err(StaffRefusal::NotFound));
        };
        let was_owner = before.role == StaffRole::Owner && before.standing == Standing::Active;
        let role = change.role.unwrap_or(before.role);
        let disabled = change
            .disabled
            .unwrap_or(before.standing == Standing::Disabled);
        if was_owner && (role != StaffRole::Owner || disabled) {
            let others: i64 = sqlx::query(
                "SELECT COUNT(*) AS n FROM users WHERE role = 'admin' AND staff_role = 'owner' \
                 AND disabled_at IS NULL AND id <> $1",
            )
            .bind(id)
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
            if others == 0 {
                return Ok(Err(StaffRefusal::LastOwner));
            }
        }
        let was_disabled = before.standing == Standing::Disabled;
        sqlx::query(
            "UPDATE users SET staff_role = $2, \
             disabled_at = CASE WHEN $3 = 1 THEN COALESCE(disabled_at, $4) ELSE NULL END, \
             token_version = token_version + $5, updated_at = $4 WHERE id = $1",
        )
        .bind(id)
        .bind(role.as_str())
        .bind(i64::from(disabled))
        .bind(now)
        .bind(i64::from(disabled && !was_disabled))
        .execute(&mut *tx)
        .await?;
        let action = match (was_disabled, disabled) {
            (false, true) => "disabled",
            (true, false) => "enabled",
            _ => "updated",
        };
        let changes = Changes::new()
            .field("role", before.role.as_str(), role.as_str())
            .field("disabled", was_disabled, disabled);
        if !changes.is_empty() {
            let entry = Entry {
                actor: by,
                object_type: "staff",
                object_id: id,
                object_name: &before.email,
                action,
                changes,
            };
            self.activity.record(&mut tx, entry).await?;
        }
        tx.commit().await?;
        Ok(Ok(Member {
            role,
            standing: if disabled {
                Standing::Disabled
            } else {
                Standing::Active
            },
            ..before
        }))
    }
}

/// Takes the staff's turn: the row every change of the staff updates first.
async fn guard(tx: &mut Transaction<'static, Any>) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE staff_guard SET changes = changes + 1 WHERE id = 1")
        .execute(&mut **tx)
        .await
        .map(drop)
}

/// Members and invitations together.
async fn count(tx: &mut Transaction<'static, Any>) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "SELECT (SELECT COUNT(*) FROM users WHERE role = 'admin') \
         + (SELECT COUNT(*) FROM staff_invitations) AS n",
    )
    .fetch_one(&mut **tx)
    .await?
    .try_get("n")
}
