//! The SQL of accounts: users, sign-up codes, reset tokens and the attempt log.
//! Every check-then-write runs in one write transaction, so limits and single use
//! hold with many nodes on one database.

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::Db;
use crate::domain::account::Email;
use crate::domain::account_policy::{AttemptKind, CODE_TRIES};
use crate::domain::id::Id;
use crate::domain::staff::StaffRole;

/// A user as stored.
#[derive(Clone, Debug)]
pub struct UserRow {
    pub id: Id,
    pub email: String,
    pub password_hash: String,
    pub full_name: String,
    pub phone_number: String,
    pub profile_photo: Option<String>,
    pub email_verified: bool,
    pub role: Role,
    pub token_version: i64,
    pub created_at: i64,
    /// When an administrator disabled the account: it cannot sign in, and no token of
    /// it holds, until enabled again.
    pub disabled_at: Option<i64>,
    /// When a member of staff last used the console (kept to the nearest few minutes).
    pub last_seen_at: Option<i64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Customer,
    /// A member of staff (`users.role` 'admin') with one of the four roles of
    /// docs/DESIGN.md §13 (`users.staff_role`).
    Staff(StaffRole),
}

impl Role {
    /// The role as `User.role` answers it: `customer`, or the staff role's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Customer => "customer",
            Role::Staff(role) => role.as_str(),
        }
    }

    /// The staff role, for a member of staff.
    pub fn staff(self) -> Option<StaffRole> {
        match self {
            Role::Customer => None,
            Role::Staff(role) => Some(role),
        }
    }

    pub fn is_staff(self) -> bool {
        self.staff().is_some()
    }
}

const USER_COLUMNS: &str = "id, email, password_hash, full_name, phone_number, profile_photo, \
     email_verified, role, staff_role, token_version, created_at, disabled_at, last_seen_at";

fn user(row: &AnyRow) -> Result<UserRow, sqlx::Error> {
    Ok(UserRow {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        password_hash: row.try_get("password_hash")?,
        full_name: row.try_get("full_name")?,
        phone_number: row.try_get("phone_number")?,
        profile_photo: row.try_get("profile_photo")?,
        email_verified: row.try_get::<i64, _>("email_verified")? != 0,
        role: if row.try_get::<String, _>("role")? == "admin" {
            // A member of staff whose role could not be read gets the least of them.
            let staff = row.try_get::<Option<String>, _>("staff_role")?;
            Role::Staff(
                staff
                    .as_deref()
                    .and_then(StaffRole::parse)
                    .unwrap_or(StaffRole::Support),
            )
        } else {
            Role::Customer
        },
        token_version: row.try_get("token_version")?,
        created_at: row.try_get("created_at")?,
        disabled_at: row.try_get("disabled_at")?,
        last_seen_at: row.try_get("last_seen_at")?,
    })
}

/// A sign-up code to store: its keyed digest and when it was sent and expires.
pub struct NewCode<'a> {
    pub digest: &'a str,
    pub sent_at: i64,
    pub expires_at: i64,
}

/// What checking a sign-up code found.
#[derive(Debug, PartialEq, Eq)]
pub enum CodeCheck {
    /// The code matched: the address is verified and the code is gone.
    Verified,
    /// No code is waiting (none was sent, or it was used).
    NoCode,
    Expired,
    /// Wrong; this many tries remain.
    Wrong {
        tries_left: i64,
    },
    /// Too many wrong tries: the code is void until a new one is sent.
    Void,
}

#[derive(Clone, Debug)]
pub struct Accounts {
    db: Db,
}

impl Accounts {
    pub fn new(db: Db) -> Self {
        Accounts { db }
    }

    pub async fn user_by_id(&self, id: &Id) -> Result<Option<UserRow>, sqlx::Error> {
        sqlx::query(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?
            .as_ref()
            .map(user)
            .transpose()
    }

    /// Notes that a member of staff used the console at `now`.
    pub async fn seen(&self, id: &Id, now: i64) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE users SET last_seen_at = $2 WHERE id = $1")
            .bind(id)
            .bind(now)
            .execute(self.db.writes())
            .await
            .map(drop)
    }

    pub async fn user_by_email(&self, email: &Email) -> Result<Option<UserRow>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT {USER_COLUMNS} FROM users WHERE email = $1"
        ))
        .bind(email.as_str())
        .fetch_optional(&self.db.pool)
        .await?
        .as_ref()
        .map(user)
        .transpose()
    }

    /// Creates an unverified customer together with their first sign-up code; `None`
    /// when the address already has an account.
    pub async fn create_customer(
        &self,
        id: &Id,
        email: &Email,
        password_hash: &str,
        code: NewCode<'_>,
    ) -> Result<Option<UserRow>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let inserted = sqlx::query(
            "INSERT INTO users (id, email, password_hash, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $4) ON CONFLICT (email) DO NOTHING",
        )
        .bind(id)
        .bind(email.as_str())
        .bind(password_hash)
        .bind(code.sent_at)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if inserted == 0 {
            return Ok(None);
        }
        store_code(&mut tx, id, &code).await?;
        super::webhooks::emit(
            &mut tx,
            crate::domain::webhook::EventType::CustomerCreated,
            id.as_str(),
            code.sent_at,
        )
        .await?;
        let row = sqlx::query(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1"))
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        user(&row).map(Some)
    }

    /// Makes `email` an owner (docs/DESIGN.md §13) with `password_hash`: a new verified account, or
    /// an existing one promoted (its earlier tokens revoked). Returns whether it is new.
    pub async fn make_admin(
        &self,
        email: &Email,
        password_hash: &str,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let promoted = sqlx::query(
            "UPDATE users SET role = 'admin', staff_role = 'owner', password_hash = $2, email_verified = 1, \
             token_version = token_version + 1, updated_at = $3 WHERE email = $1",
        )
        .bind(email.as_str())
        .bind(password_hash)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if promoted == 0 {
            sqlx::query(
                "INSERT INTO users (id, email, password_hash, email_verified, role, staff_role, created_at, updated_at) \
                 VALUES ($1, $2, $3, 1, 'admin', 'owner', $4, $4)",
            )
            .bind(crate::domain::new_id())
            .bind(email.as_str())
            .bind(password_hash)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(promoted == 0)
    }

    /// A customer who can never log in (no password hash verifies against `!`): the
    /// demo catalogue's reviewers. Nothing happens when the address exists.
    pub async fn insert_demo_customer(
        &self,
        id: &Id,
        email: &Email,
        full_name: &str,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO users (id, email, password_hash, full_name, email_verified, created_at, updated_at) \
             VALUES ($1, $2, '!', $3, 1, $4, $4) ON CONFLICT (email) DO NOTHING",
        )
        .bind(id)
        .bind(email.as_str())
        .bind(full_name)
        .bind(now)
        .execute(self.db.writes())
        .await
        .map(drop)
    }

    /// Removes a user; their codes and reset tokens go with them (foreign keys), and
    /// their reviews stay without their name.
    pub async fn delete_user(&self, id: &Id) -> Result<bool, sqlx::Error> {
        reviews_show_them(&self.db.pool, id).await?;
        let deleted = sqlx::query("DELETE FROM users WHERE id = $1")
            .bind(id)
            .execute(self.db.writes())
            .await?
            .rows_affected();
        Ok(deleted > 0)
    }

    /// Replaces the user's sign-up code, unless the last one was sent after
    /// `resend_after`. Returns `false` when it is too soon.
    pub async fn replace_code(
        &self,
        user_id: &Id,
        code: NewCode<'_>,
        resend_after: i64,
    ) -> Result<bool, sqlx::Error> {
        let replaced = sqlx::query(
            "INSERT INTO email_codes (user_id, code_digest, sent_at, expires_at, wrong_tries) \
             VALUES ($1, $2, $3, $4, 0) \
             ON CONFLICT (user_id) DO UPDATE SET code_digest = excluded.code_digest, \
             sent_at = excluded.sent_at, expires_at = excluded.expires_at, wrong_tries = 0 \
             WHERE email_codes.sent_at <= $5",
        )
        .bind(user_id)
        .bind(code.digest)
        .bind(code.sent_at)
        .bind(code.expires_at)
        .bind(resend_after)
        .execute(self.db.writes())
        .await?
        .rows_affected();
        Ok(replaced > 0)
    }

    /// When the user's current code was sent, if there is one.
    pub async fn code_sent_at(&self, user_id: &Id) -> Result<Option<i64>, sqlx::Error> {
        sqlx::query("SELECT sent_at FROM email_codes WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(&self.db.pool)
            .await?
            .map(|row| row.try_get("sent_at"))
            .transpose()
    }

    /// Forgets the user's code, so a failed mail can be retried at once.
    pub async fn drop_code(&self, user_id: &Id) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM email_codes WHERE user_id = $1")
            .bind(user_id)
            .execute(self.db.writes())
            .await
            .map(drop)
    }

    /// Spends one try of the user's code on `digest`. A match verifies the address
    /// and removes the code; a miss leaves one try fewer.
    pub async fn check_code(
        &self,
        user_id: &Id,
        digest: &str,
        now: i64,
    ) -> Result<CodeCheck, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        // Taking the try first, in one statement, means concurrent guesses queue on
        // the row and no more than CODE_TRIES are ever compared.
        let taken = sqlx::query(
            "UPDATE email_codes SET wrong_tries = wrong_tries + 1 \
             WHERE user_id = $1 AND wrong_tries < $2 RETURNING code_digest, expires_at, wrong_tries",
        )
        .bind(user_id)
        .bind(CODE_TRIES)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = taken else {
            let exists = sqlx::query("SELECT 1 AS one FROM email_codes WHERE user_id = $1")
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await?
                .is_some();
            return Ok(if exists {
                CodeCheck::Void
            } else {
                CodeCheck::NoCode
            });
        };
        let stored: String = row.try_get("code_digest")?;
        let expires_at: i64 = row.try_get("expires_at")?;
        let tries: i64 = row.try_get("wrong_tries")?;
        if expires_at <= now {
            tx.commit().await?;
            return Ok(CodeCheck::Expired);
        }
        if !crate::security::same_secret(&stored, digest) {
            tx.commit().await?;
            return Ok(if tries >= CODE_TRIES {
                CodeCheck::Void
            } else {
                CodeCheck::Wrong {
                    tries_left: CODE_TRIES - tries,
                }
            });
        }
        sqlx::query("DELETE FROM email_codes WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE users SET email_verified = 1, updated_at = $2 WHERE id = $1")
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(CodeCheck::Verified)
    }

    /// Stores a reset token's digest for the user.
    pub async fn add_reset_token(
        &self,
        user_id: &Id,
        digest: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO password_resets (token_digest, user_id, created_at, expires_at) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(digest)
        .bind(user_id)
        .bind(now)
        .bind(expires_at)
        .execute(self.db.writes())
        .await
        .map(drop)
    }

    /// Whether a reset token is unused and unexpired at `now`.
    pub async fn reset_token_is_live(&self, digest: &str, now: i64) -> Result<bool, sqlx::Error> {
        Ok(sqlx::query(
            "SELECT 1 AS one FROM password_resets \
             WHERE token_digest = $1 AND used_at IS NULL AND expires_at > $2",
        )
        .bind(digest)
        .bind(now)
        .fetch_optional(&self.db.pool)
        .await?
        .is_some())
    }

    /// Spends a reset token: sets the new password, revokes every earlier access
    /// token and every other reset link of the user, and marks the address verified
    /// (the link proved the mailbox). `None` when the token is unknown, used or expired.
    pub async fn reset_password(
        &self,
        digest: &str,
        password_hash: &str,
        now: i64,
    ) -> Result<Option<String>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let spent = sqlx::query(
            "UPDATE password_resets SET used_at = $2 \
             WHERE token_digest = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id",
        )
        .bind(digest)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = spent else {
            return Ok(None);
        };
        let user_id: String = row.try_get("user_id")?;
        sqlx::query(
            "UPDATE users SET password_hash = $2, token_version = token_version + 1, \
             email_verified = 1, updated_at = $3 WHERE id = $1",
        )
        .bind(&user_id)
        .bind(password_hash)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL",
        )
        .bind(&user_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(user_id))
    }

    /// Sets the fields given, returning the user as saved and the photo it replaced.
    pub async fn update_profile(
        &self,
        user_id: &Id,
        full_name: Option<&str>,
        phone_number: Option<&str>,
        profile_photo: Option<&str>,
        now: i64,
    ) -> Result<Option<(UserRow, Option<String>)>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let before = sqlx::query("SELECT profile_photo FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(before) = before else {
            return Ok(None);
        };
        let old_photo: Option<String> = before.try_get("profile_photo")?;
        if full_name.is_some() || profile_photo.is_some() {
            reviews_show_them(&mut *tx, user_id).await?;
        }
        let row = sqlx::query(&format!(
            "UPDATE users SET full_name = COALESCE($2, full_name), \
             phone_number = COALESCE($3, phone_number), \
             profile_photo = COALESCE($4, profile_photo), updated_at = $5 \
             WHERE id = $1 RETURNING {USER_COLUMNS}"
        ))
        .bind(user_id)
        .bind(full_name)
        .bind(phone_number)
        .bind(profile_photo)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        let replaced = old_photo.filter(|old| profile_photo.is_some_and(|new| new != old));
        Ok(Some((user(&row)?, replaced)))
    }

    /// Records one attempt on each subject, unless one of them already had
    /// its kind's limit within the window: then nothing is recorded and the answer is
    /// how many milliseconds until that subject may try again. The ids returned let a
    /// successful attempt be taken back with [`Accounts::forget_attempts`].
    pub async fn take_attempts(
        &self,
        subjects: &[(AttemptKind, &str)],
        now: i64,
    ) -> Result<Result<Vec<i64>, i64>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let mut ordered = subjects.to_vec();
        // One order for every caller, so two requests never wait on each other's locks.
        ordered.sort_unstable_by_key(|(kind, subject)| (kind.as_str(), *subject));
        let mut wait = 0;
        for (kind, subject) in &ordered {
            let limit = kind.limit();
            super::lock_subject(&mut tx, self.db.dialect, kind.as_str(), subject).await?;
            // The attempt that, while inside the window, keeps the subject at its limit.
            let blocking = sqlx::query(
                "SELECT at FROM auth_attempts WHERE kind = $1 AND subject = $2 AND at > $3 \
                 ORDER BY at DESC LIMIT 1 OFFSET $4",
            )
            .bind(kind.as_str())
            .bind(*subject)
            .bind(now - limit.window_ms)
            .bind(limit.limit - 1)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(row) = blocking {
                let at: i64 = row.try_get("at")?;
                wait = wait.max(at + limit.window_ms - now);
            }
        }
        if wait > 0 {
            return Ok(Err(wait));
        }
        let mut ids = Vec::with_capacity(subjects.len());
        for (kind, subject) in subjects {
            let row = sqlx::query(
                "INSERT INTO auth_attempts (kind, subject, at) VALUES ($1, $2, $3) RETURNING id",
            )
            .bind(kind.as_str())
            .bind(*subject)
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
            ids.push(row.try_get("id")?);
        }
        tx.commit().await?;
        Ok(Ok(ids))
    }

    /// Takes back attempts that turned out well, and with them every earlier failure
    /// of `clear` (a successful login ends the account's lock).
    pub async fn forget_attempts(
        &self,
        ids: &[i64],
        clear: Option<(AttemptKind, &str)>,
    ) -> Result<(), sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        for id in ids {
            sqlx::query("DELETE FROM auth_attempts WHERE id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        if let Some((kind, subject)) = clear {
            sqlx::query("DELETE FROM auth_attempts WHERE kind = $1 AND subject = $2")
                .bind(kind.as_str())
                .bind(subject)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }

    /// Deletes what no rule looks at any more: attempts older than `attempts_before`,
    /// reset tokens and codes expired before `expired_before`.
    pub async fn sweep(
        &self,
        attempts_before: i64,
        expired_before: i64,
    ) -> Result<u64, sqlx::Error> {
        let mut removed = 0;
        for (sql, bound) in [
            ("DELETE FROM auth_attempts WHERE at < $1", attempts_before),
            (
                "DELETE FROM password_resets WHERE expires_at < $1",
                expired_before,
            ),
            (
                "DELETE FROM email_codes WHERE expires_at < $1",
                expired_before,
            ),
        ] {
            removed += sqlx::query(sql)
                .bind(bound)
                .execute(self.db.writes())
                .await?
                .rows_affected();
        }
        Ok(removed)
    }
}

async fn store_code(
    tx: &mut Transaction<'static, Any>,
    user_id: &Id,
    code: &NewCode<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO email_codes (user_id, code_digest, sent_at, expires_at, wrong_tries) \
         VALUES ($1, $2, $3, $4, 0)",
    )
    .bind(user_id)
    .bind(code.digest)
    .bind(code.sent_at)
    .bind(code.expires_at)
    .execute(&mut **tx)
    .await
    .map(drop)
}

/// A reviewer's name and photo show on their reviews: when `user_id` has any, reports
/// that a change to them changes what the catalogue shows (`shown.rs`), so it shows at
/// once (a deleted account's name and photo leave at once). Other accounts' profiles
/// forget nothing.
async fn reviews_show_them<'e>(
    executor: impl sqlx::Executor<'e, Database = sqlx::Any>,
    user_id: &Id,
) -> Result<(), sqlx::Error> {
    let reviewed = sqlx::query("SELECT 1 AS one FROM reviews WHERE user_id = $1 LIMIT 1")
        .bind(user_id)
        .fetch_optional(executor)
        .await?
        .is_some();
    if reviewed {
        super::shown::changed();
    }
    Ok(())
}
