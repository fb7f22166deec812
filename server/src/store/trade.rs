//! Trade applications and accounts' SQL (docs/DESIGN.md §11): a customer applies, staff
//! approve (the account, its group, credit and terms) or reject with a reason, and each
//! step writes its letters and its activity in its own transaction. Every write about
//! one customer takes that customer's lock first, so one open application at a time and
//! one decision per application hold however many requests race.

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::activity::{Activity, Actor, Changes, Entry};
use super::orders::credit::outstanding;
use super::outbox::enqueue;
use super::{lock_subject, Db};
use crate::domain::id::Id;
use crate::domain::time::Clock;
use crate::domain::trade::{available, Application, ApplicationInput, Status, Terms};
use crate::domain::Money;
use crate::mail::Letter;

/// An application as the shopper and the console see it.
#[derive(Clone, Debug)]
pub struct ApplicationRow {
    pub id: String,
    pub user_id: String,
    /// The applicant's e-mail address and name now.
    pub email: String,
    pub full_name: String,
    pub form: ApplicationInput,
    pub status: Status,
    /// Why it was rejected.
    pub reason: Option<String>,
    /// What it was approved with: the group (as it is named now; `None` once deleted).
    pub group: Option<(String, String)>,
    pub credit_limit: Option<Money>,
    pub terms_days: Option<i64>,
    pub decided_at: Option<i64>,
    pub created_at: i64,
}

/// Where a customer stands with the trade: their latest application's status, and once
/// approved their account's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TradeStanding {
    pub status: Status,
    pub company_name: String,
    pub group: Option<(String, String)>,
    pub credit_limit: Money,
    pub terms_days: i64,
    /// What the account owes: its open account orders.
    pub outstanding: Money,
    /// The credit limit less what the account owes (never below 0).
    pub available: Money,
}

/// Why an application was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApplyRefusal {
    UnderReview,
    AlreadyTrade,
}

/// Why a decision was not made. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecisionRefusal {
    NotFound,
    /// Decided before: as it now is.
    Decided(Box<Status>),
    NoSuchGroup,
}

const COLUMNS: &str = "a.id, a.user_id, u.email, u.full_name, a.company_name, a.tax_number, \
     a.trade, a.phone_number, a.street_address, a.town_city, a.postcode, a.country, a.status, \
     a.reason, a.group_id, g.name AS group_name, a.credit_limit_cents, a.terms_days, \
     a.decided_at, a.created_at";
const FROM: &str = "trade_applications a JOIN users u ON u.id = a.user_id \
     LEFT JOIN customer_groups g ON g.id = a.group_id";

#[derive(Clone, Debug)]
pub struct Trade {
    db: Db,
    clock: Clock,
}

impl Trade {
    pub fn new(db: Db, clock: Clock) -> Self {
        Trade { db, clock }
    }

    /// Takes `user`'s application, unless one is open or they are trade already; the
    /// `applicant`'s letter, and `staff`'s to each administrator, are queued with it.
    pub async fn apply(
        &self,
        user: &Id,
        application: &Application,
        applicant: &Letter,
        staff: &Letter,
    ) -> Result<Result<ApplicationRow, ApplyRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, "trade", user.as_str()).await?;
        let trade: Option<i64> =
            sqlx::query("SELECT 1 AS one FROM trade_accounts WHERE user_id = $1")
                .bind(user)
                .fetch_optional(&mut *tx)
                .await?
                .map(|row| row.try_get("one"))
                .transpose()?;
        if trade.is_some() {
            return Ok(Err(ApplyRefusal::AlreadyTrade));
        }
        let open: Option<String> =
            sqlx::query("SELECT id FROM trade_applications WHERE user_id = $1 AND status = 'open'")
                .bind(user)
                .fetch_optional(&mut *tx)
                .await?
                .map(|row| row.try_get("id"))
                .transpose()?;
        if open.is_some() {
            return Ok(Err(ApplyRefusal::UnderReview));
        }
        let id = Id::generate();
        let form = application.get();
        let now = self.clock.now_ms();
        sqlx::query(
            "INSERT INTO trade_applications (id, user_id, company_name, tax_number, trade, \
             phone_number, street_address, town_city, postcode, country, status, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open', $11)",
        )
        .bind(&id)
        .bind(user)
        .bind(&form.company_name)
        .bind(&form.tax_number)
        .bind(&form.trade)
        .bind(&form.phone_number)
        .bind(&form.street_address)
        .bind(&form.town_city)
        .bind(&form.postcode)
        .bind(&form.country)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let row = application_in(&mut tx, id.as_str())
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        enqueue(&mut tx, &row.email, applicant, now).await?;
        crate::store::outbox::enqueue_to_staff(&mut tx, staff, now).await?;
        tx.commit().await?;
        Ok(Ok(row))
    }

    /// `user`'s latest application: the open one, else the one decided last (an
    /// application is only taken once the one before is decided).
    pub async fn latest(&self, user: &Id) -> Result<Option<ApplicationRow>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT {COLUMNS} FROM {FROM} WHERE a.user_id = $1 \
             ORDER BY CASE WHEN a.status = 'open' THEN 1 ELSE 0 END DESC, \
             a.created_at DESC, a.decided_at DESC, a.id DESC LIMIT 1"
        ))
        .bind(user)
        .fetch_optional(&self.db.pool)
        .await?
        .as_ref()
        .map(application)
        .transpose()
    }

    /// Where `user` stands: `None` for a customer who never applied.
    pub async fn standing(&self, user: &Id) -> Result<Option<TradeStanding>, sqlx::Error> {
        let account = sqlx::query(
            "SELECT t.company_name, t.group_id, g.name AS group_name, t.credit_limit_cents, \
             t.terms_days FROM trade_accounts t LEFT JOIN customer_groups g ON g.id = t.group_id \
             WHERE t.user_id = $1",
        )
        .bind(user)
        .fetch_optional(&self.db.pool)
        .await?;
        if let Some(row) = account {
            let credit_limit = Money::from_cents(row.try_get("credit_limit_cents")?);
            let mut conn = self.db.pool.acquire().await?;
            let owed = outstanding(&mut conn, user).await?;
            return Ok(Some(TradeStanding {
                status: Status::Approved,
                company_name: row.try_get("company_name")?,
                group: group_of(&row)?,
                credit_limit,
                terms_days: row.try_get("terms_days")?,
                outstanding: owed,
                available: available(credit_limit, owed),
            }));
        }
        Ok(self.latest(user).await?.map(|a| TradeStanding {
            status: a.status,
            company_name: a.form.company_name,
            group: None,
            credit_limit: Money::default(),
            terms_days: 0,
            outstanding: Money::default(),
            available: Money::default(),
        }))
    }

    /// Applications, newest first, only those in `status` when given; and how many.
    pub async fn list(
        &self,
        status: Option<Status>,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<ApplicationRow>, i64), sqlx::Error> {
        let filter = if status.is_some() {
            "WHERE a.status = $1"
        } else {
            ""
        };
        let page = format!(
            "SELECT {COLUMNS} FROM {FROM} {filter} \
             ORDER BY a.created_at DESC, a.id DESC LIMIT {limit} OFFSET {offset}"
        );
        let count = format!("SELECT COUNT(*) AS n FROM trade_applications a {filter}");
        let (mut page, mut count) = (sqlx::query(&page), sqlx::query(&count));
        if let Some(status) = status {
            page = page.bind(status.as_str());
            count = count.bind(status.as_str());
        }
        let rows = page.fetch_all(&self.db.pool).await?;
        let total: i64 = count.fetch_one(&self.db.pool).await?.try_get("n")?;
        let applications = rows.iter().map(application).collect::<Result<_, _>>()?;
        Ok((applications, total))
    }

    /// Approves application `id` with `terms`: the customer's account is opened (or, for
    /// one staff had closed, opened again) in the group with the credit and terms.
    /// `letter` writes the applicant's letter from the group's name.
    pub async fn approve(
        &self,
        id: &str,
        terms: &Terms,
        actor: &Actor,
        activity: &Activity,
        letter: impl FnOnce(&ApplicationRow, &str) -> Letter,
    ) -> Result<Result<ApplicationRow, DecisionRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let before = match open_application(&mut tx, self.db.dialect, id).await? {
            Ok(before) => before,
            Err(refusal) => return Ok(Err(refusal)),
        };
        // The groups' lock: the group cannot be deleted before this account joins it.
        lock_subject(&mut tx, self.db.dialect, "customer-groups", "all").await?;
        let group_name: Option<String> =
            sqlx::query("SELECT name FROM customer_groups WHERE id = $1")
                .bind(&terms.group_id)
                .fetch_optional(&mut *tx)
                .await?
                .map(|row| row.try_get("name"))
                .transpose()?;
        let Some(group_name) = group_name else {
            return Ok(Err(DecisionRefusal::NoSuchGroup));
        };
        let now = self.clock.now_ms();
        sqlx::query(
            "UPDATE trade_applications SET status = 'approved', group_id = $2, \
             credit_limit_cents = $3, terms_days = $4, decided_by = $5, decided_at = $6 \
             WHERE id = $1",
        )
        .bind(id)
        .bind(&terms.group_id)
        .bind(terms.credit_limit.cents())
        .bind(terms.terms_days)
        .bind(&actor.id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO trade_accounts (user_id, company_name, group_id, credit_limit_cents, \
             terms_days, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) \
             ON CONFLICT (user_id) DO UPDATE SET company_name = excluded.company_name, \
             group_id = excluded.group_id, credit_limit_cents = excluded.credit_limit_cents, \
             terms_days = excluded.terms_days, updated_at = excluded.updated_at",
        )
        .bind(&before.user_id)
        .bind(&before.form.company_name)
        .bind(&terms.group_id)
        .bind(terms.credit_limit.cents())
        .bind(terms.terms_days)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let changes = Changes::new()
            .field("status", "open", "approved")
            .field("group", serde_json::Value::Null, group_name.as_str())
            .field(
                "creditLimit",
                serde_json::Value::Null,
                terms.credit_limit.as_f64(),
            )
            .field("termsDays", serde_json::Value::Null, terms.terms_days);
        self.decided(&mut tx, &before, "approved", changes, actor, activity)
            .await?;
        let after = application_in(&mut tx, id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        enqueue(&mut tx, &after.email, &letter(&after, &group_name), now).await?;
        tx.commit().await?;
        Ok(Ok(after))
    }

    /// Rejects application `id` for `reason`; `letter` is the applicant's.
    pub async fn reject(
        &self,
        id: &str,
        reason: &str,
        actor: &Actor,
        activity: &Activity,
        letter: impl FnOnce(&ApplicationRow) -> Letter,
    ) -> Result<Result<ApplicationRow, DecisionRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let before = match open_application(&mut tx, self.db.dialect, id).await? {
            Ok(before) => before,
            Err(refusal) => return Ok(Err(refusal)),
        };
        let now = self.clock.now_ms();
        sqlx::query(
            "UPDATE trade_applications SET status = 'rejected', reason = $2, decided_by = $3, \
             decided_at = $4 WHERE id = $1",
        )
        .bind(id)
        .bind(reason)
        .bind(&actor.id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let changes = Changes::new().field("status", "open", "rejected").field(
            "reason",
            serde_json::Value::Null,
            reason,
        );
        self.decided(&mut tx, &before, "rejected", changes, actor, activity)
            .await?;
        let after = application_in(&mut tx, id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        enqueue(&mut tx, &after.email, &letter(&after), now).await?;
        tx.commit().await?;
        Ok(Ok(after))
    }

    async fn decided(
        &self,
        tx: &mut Transaction<'static, Any>,
        before: &ApplicationRow,
        action: &str,
        changes: Changes,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<(), sqlx::Error> {
        let entry = Entry {
            actor,
            object_type: "trade_application",
            object_id: &before.id,
            object_name: &before.form.company_name,
            action,
            changes,
        };
        activity.record(tx, entry).await
    }
}

/// Application `id` under its applicant's lock, when it is still open.
async fn open_application(
    tx: &mut Transaction<'static, Any>,
    dialect: super::Dialect,
    id: &str,
) -> Result<Result<ApplicationRow, DecisionRefusal>, sqlx::Error> {
    let user: Option<String> = sqlx::query("SELECT user_id FROM trade_applications WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .map(|row| row.try_get("user_id"))
        .transpose()?;
    let Some(user) = user else {
        return Ok(Err(DecisionRefusal::NotFound));
    };
    lock_subject(tx, dialect, "trade", &user).await?;
    let before = application_in(tx, id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    if before.status != Status::Open {
        return Ok(Err(DecisionRefusal::Decided(Box::new(before.status))));
    }
    Ok(Ok(before))
}

async fn application_in(
    tx: &mut Transaction<'static, Any>,
    id: &str,
) -> Result<Option<ApplicationRow>, sqlx::Error> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM {FROM} WHERE a.id = $1"))
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .as_ref()
        .map(application)
        .transpose()
}

fn group_of(row: &AnyRow) -> Result<Option<(String, String)>, sqlx::Error> {
    let id: Option<String> = row.try_get("group_id")?;
    let name: Option<String> = row.try_get("group_name")?;
    Ok(id.zip(name))
}

fn application(row: &AnyRow) -> Result<ApplicationRow, sqlx::Error> {
    let status: String = row.try_get("status")?;
    Ok(ApplicationRow {
        id: row.try_get("id")?,
        user_id: row.try_get("user_id")?,
        email: row.try_get("email")?,
        full_name: row.try_get("full_name")?,
        form: ApplicationInput {
            company_name: row.try_get("company_name")?,
            tax_number: row.try_get("tax_number")?,
            trade: row.try_get("trade")?,
            phone_number: row.try_get("phone_number")?,
            street_address: row.try_get("street_address")?,
            town_city: row.try_get("town_city")?,
            postcode: row.try_get("postcode")?,
            country: row.try_get("country")?,
        },
        status: Status::parse(&status).ok_or_else(|| sqlx::Error::ColumnDecode {
            index: "status".into(),
            source: format!("unknown status {status}").into(),
        })?,
        reason: row.try_get("reason")?,
        group: group_of(row)?,
        credit_limit: row
            .try_get::<Option<i64>, _>("credit_limit_cents")?
            .map(Money::from_cents),
        terms_days: row.try_get("terms_days")?,
        decided_at: row.try_get("decided_at")?,
        created_at: row.try_get("created_at")?,
    })
}
