//! The SQL of the administrators' customer calls (docs/DESIGN.md §8): customers with their
//! order figures, and disabling or enabling an account, each change written to the
//! activity log in its own transaction.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::activity::{Activity, Actor, Changes, Entry};
use super::dialect::prefix_bounds;
use super::Db;
use crate::domain::id::Id;
use crate::domain::time::Clock;
use crate::domain::Money;

/// A user as the customers list shows them.
#[derive(Clone, Debug)]
pub struct CustomerRow {
    pub id: Id,
    pub email: String,
    pub full_name: String,
    pub email_verified: bool,
    /// `customer` or `admin` (the list shows customers; one user's page shows anyone).
    pub role: String,
    pub created_at: i64,
    pub disabled_at: Option<i64>,
    /// Every order of theirs, cancelled ones too.
    pub order_count: i64,
    /// The totals of their orders that were not cancelled.
    pub spent: Money,
}

/// Why an account was not disabled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DisableRefusal {
    NoSuchUser,
    /// Administrators are not disabled from the console (`shop admin create` makes
    /// them; only the command line should unmake them).
    Administrator,
}

/// The columns of a [`CustomerRow`], from `users u`. The two figures are one index
/// range each (`orders_by_user`), per row of a page.
const CUSTOMER_COLUMNS: &str =
    "u.id, u.email, u.full_name, u.email_verified, COALESCE(u.staff_role, u.role) AS role, u.created_at, u.disabled_at, \
     (SELECT COUNT(*) FROM orders o WHERE o.user_id = u.id) AS order_count, \
     (SELECT CAST(COALESCE(SUM(o.total_cents), 0) AS BIGINT) FROM orders o \
         WHERE o.user_id = u.id AND o.status <> 'cancelled') AS spent_cents";

#[derive(Clone, Debug)]
pub struct Customers {
    db: Db,
    clock: Clock,
    activity: Activity,
}

impl Customers {
    pub fn new(db: Db, clock: Clock) -> Self {
        let activity = Activity::new(db.clone(), clock.clone());
        Customers {
            db,
            clock,
            activity,
        }
    }

    /// A page of customers, newest first, and how many match: all, or those whose
    /// name or e-mail begins with `query` (case-insensitively). Served by
    /// `users_newest`; the search by ranges of `users_by_name` and the e-mail index.
    pub async fn list(
        &self,
        query: Option<&str>,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<CustomerRow>, i64), sqlx::Error> {
        let dialect = self.db.dialect;
        let mut clause = "WHERE u.role = 'customer'".to_string();
        let mut binds = Vec::new();
        if let Some(query) = query {
            // Written so no index can serve it: a planner without statistics (SQLite's)
            // would otherwise walk every customer by `users_newest` and filter, rather
            // than take the search's two ranges.
            clause = "WHERE (u.role || '') = 'customer'".to_string();
            let (low, high) = prefix_bounds(&query.to_lowercase());
            binds.push(low);
            binds.push(high);
            let terms: Vec<String> = [
                dialect.bytewise("u.email"),
                dialect.bytewise("lower(u.full_name)"),
            ]
            .iter()
            .map(|column| format!("({column} >= $1 AND {column} < $2)"))
            .collect();
            clause.push_str(&format!(" AND ({})", terms.join(" OR ")));
        }
        let page_sql = format!(
            "SELECT {CUSTOMER_COLUMNS} FROM users u {clause} \
             ORDER BY u.created_at DESC, u.id DESC LIMIT ${} OFFSET ${}",
            binds.len() + 1,
            binds.len() + 2
        );
        let count_sql = format!("SELECT COUNT(*) AS n FROM users u {clause}");
        let mut page = sqlx::query(&page_sql);
        let mut count = sqlx::query(&count_sql);
        for bind in &binds {
            page = page.bind(bind.as_str());
            count = count.bind(bind.as_str());
        }
        let mut conn = self.db.pool.acquire().await?;
        let rows = page.bind(limit).bind(offset).fetch_all(&mut *conn).await?;
        let total: i64 = count.fetch_one(&mut *conn).await?.try_get("n")?;
        let rows = rows.iter().map(customer).collect::<Result<_, _>>()?;
        Ok((rows, total))
    }

    /// The user `id` with their figures, whatever their role.
    pub async fn one(&self, id: &Id) -> Result<Option<CustomerRow>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT {CUSTOMER_COLUMNS} FROM users u WHERE u.id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?
        .as_ref()
        .map(customer)
        .transpose()
    }

    /// Disables the customer `id` (`disabled`) or enables them again. Disabling bumps
    /// the token version, so every token issued before dies on every node at once.
    /// Each update is conditional on the account standing the other way, so a repeat
    /// (or a racing twin) changes nothing and logs nothing; a change is logged with
    /// `disabled` before and after, in its transaction.
    pub async fn set_disabled(
        &self,
        id: &Id,
        disabled: bool,
        admin: &Actor,
    ) -> Result<Result<CustomerRow, DisableRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let account = sqlx::query("SELECT role, full_name, email FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(account) = account else {
            return Ok(Err(DisableRefusal::NoSuchUser));
        };
        if account.try_get::<String, _>("role")? != "customer" {
            return Ok(Err(DisableRefusal::Administrator));
        }
        // The log names a customer by their name, or their address when they gave none.
        let full_name: String = account.try_get("full_name")?;
        let name = if full_name.trim().is_empty() {
            account.try_get("email")?
        } else {
            full_name
        };
        let now = self.clock.now_ms();
        let changed = if disabled {
            sqlx::query(
                "UPDATE users SET disabled_at = $2, token_version = token_version + 1, updated_at = $2 \
                 WHERE id = $1 AND role = 'customer' AND disabled_at IS NULL",
            )
        } else {
            sqlx::query(
                "UPDATE users SET disabled_at = NULL, updated_at = $2 \
                 WHERE id = $1 AND role = 'customer' AND disabled_at IS NOT NULL",
            )
        }
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if changed > 0 {
            self.activity
                .record(
                    &mut tx,
                    Entry {
                        actor: admin,
                        object_type: "customer",
                        object_id: id.as_str(),
                        object_name: &name,
                        action: if disabled { "disabled" } else { "enabled" },
                        changes: Changes::new().field("disabled", !disabled, disabled),
                    },
                )
                .await?;
        }
        tx.commit().await?;
        self.one(id).await?.map(Ok).ok_or(sqlx::Error::RowNotFound)
    }
}

fn customer(row: &AnyRow) -> Result<CustomerRow, sqlx::Error> {
    Ok(CustomerRow {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        full_name: row.try_get("full_name")?,
        email_verified: row.try_get::<i64, _>("email_verified")? != 0,
        role: row.try_get("role")?,
        created_at: row.try_get("created_at")?,
        disabled_at: row.try_get("disabled_at")?,
        order_count: row.try_get("order_count")?,
        spent: Money::from_cents(row.try_get("spent_cents")?),
    })
}
