//! Promo codes' SQL (docs/DESIGN.md §8): the administrators' list and edits, and the
//! lookups and the redemption an order makes inside its own transaction. A code's
//! uses are counted with a conditional increment, so a limit holds however many
//! orders race for its last use.

use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, Row, Transaction};

use super::activity::{Activity, Actor, Changes, Entry};
use super::{lock_subject, Db, Dialect};
use crate::domain::id::new_id;
use crate::domain::promo::{Promo, PromoKind, PromoRefusal};
use crate::domain::time::{iso8601, Clock};
use crate::domain::Money;

const PROMO_COLUMNS: &str = "id, code, kind, amount, starts_at, ends_at, usage_limit, \
     per_customer_limit, min_subtotal_cents, active, used_count, version";

/// Every field of a code an administrator sets, checked at the edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromoInput {
    /// Uppercased.
    pub code: String,
    pub kind: PromoKind,
    pub amount: i64,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
    pub min_subtotal: Money,
    pub active: bool,
}

/// Why an administrator's write did not happen. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromoWriteRefusal {
    NoSuchCode,
    /// Another code has this code.
    Taken,
    /// A usage limit under the uses already made.
    LimitUnderUses(i64),
    /// The form was loaded at an older version: the code as it now is.
    Stale(Box<Promo>),
}

#[derive(Clone, Debug)]
pub struct Promos {
    db: Db,
    clock: Clock,
}

impl Promos {
    pub fn new(db: Db, clock: Clock) -> Self {
        Promos { db, clock }
    }

    /// A page of codes, newest first, and how many there are.
    pub async fn list(&self, limit: i64, offset: i64) -> Result<(Vec<Promo>, i64), sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {PROMO_COLUMNS} FROM promo_codes ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2"
        ))
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.db.pool)
        .await?;
        let total: i64 = sqlx::query("SELECT COUNT(*) AS n FROM promo_codes")
            .fetch_one(&self.db.pool)
            .await?
            .try_get("n")?;
        Ok((rows.iter().map(promo).collect::<Result<_, _>>()?, total))
    }

    pub async fn create(
        &self,
        input: &PromoInput,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<Promo, PromoWriteRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        if code_taken(&mut tx, &input.code, None).await? {
            return Ok(Err(PromoWriteRefusal::Taken));
        }
        let id = new_id();
        let now = self.clock.now_ms();
        sqlx::query(
            "INSERT INTO promo_codes (id, code, kind, amount, starts_at, ends_at, usage_limit, \
             per_customer_limit, min_subtotal_cents, active, used_count, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $11)",
        )
        .bind(&id)
        .bind(&input.code)
        .bind(input.kind.as_str())
        .bind(input.amount)
        .bind(input.starts_at)
        .bind(input.ends_at)
        .bind(input.usage_limit)
        .bind(input.per_customer_limit)
        .bind(input.min_subtotal.cents())
        .bind(i64::from(input.active))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let entry = Entry {
            actor,
            object_type: "promo_code",
            object_id: &id,
            object_name: &input.code,
            action: "created",
            changes: changes_between(None, input),
        };
        activity.record(&mut tx, entry).await?;
        let created = promo_in(&mut tx, &id).await?.expect("inserted above");
        tx.commit().await?;
        Ok(Ok(created))
    }

    /// Sets every field of code `id`; its uses so far stay. With `version`, the one the
    /// form was loaded at, a code changed since is refused.
    pub async fn update(
        &self,
        id: &str,
        version: Option<i64>,
        input: &PromoInput,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<Promo, PromoWriteRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let Some(before) = promo_in(&mut tx, id).await? else {
            return Ok(Err(PromoWriteRefusal::NoSuchCode));
        };
        if version.is_some_and(|loaded| loaded != before.version) {
            return Ok(Err(PromoWriteRefusal::Stale(Box::new(before))));
        }
        if code_taken(&mut tx, &input.code, Some(id)).await? {
            return Ok(Err(PromoWriteRefusal::Taken));
        }
        if input
            .usage_limit
            .is_some_and(|limit| limit < before.used_count)
        {
            return Ok(Err(PromoWriteRefusal::LimitUnderUses(before.used_count)));
        }
        let changes = changes_between(Some(&input_of(&before)), input);
        if changes.is_empty() {
            return Ok(Ok(before));
        }
        let written = sqlx::query(
            "UPDATE promo_codes SET code = $1, kind = $2, amount = $3, starts_at = $4, ends_at = $5, \
             usage_limit = $6, per_customer_limit = $7, min_subtotal_cents = $8, active = $9, \
             updated_at = $10, version = version + 1 WHERE id = $11 AND ($12 IS NULL OR version = $12)",
        )
        .bind(&input.code)
        .bind(input.kind.as_str())
        .bind(input.amount)
        .bind(input.starts_at)
        .bind(input.ends_at)
        .bind(input.usage_limit)
        .bind(input.per_customer_limit)
        .bind(input.min_subtotal.cents())
        .bind(i64::from(input.active))
        .bind(self.clock.now_ms())
        .bind(id)
        .bind(version)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if written == 0 {
            // Another save passed its check at the same version and wrote first.
            let current = promo_in(&mut tx, id).await?.expect("read above");
            return Ok(Err(PromoWriteRefusal::Stale(Box::new(current))));
        }
        let entry = Entry {
            actor,
            object_type: "promo_code",
            object_id: id,
            object_name: &input.code,
            action: "updated",
            changes,
        };
        activity.record(&mut tx, entry).await?;
        let updated = promo_in(&mut tx, id).await?.expect("read above");
        tx.commit().await?;
        Ok(Ok(updated))
    }
}

/// The code `code` (uppercased), switched off or not.
pub async fn promo_by_code(
    conn: &mut AnyConnection,
    code: &str,
) -> Result<Option<Promo>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {PROMO_COLUMNS} FROM promo_codes WHERE code = $1"
    ))
    .bind(code)
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(promo).transpose()
}

/// How many orders `customer` has used `promo` in.
pub async fn uses_by(
    conn: &mut AnyConnection,
    promo_id: &str,
    customer: &str,
) -> Result<i64, sqlx::Error> {
    sqlx::query("SELECT COUNT(*) AS n FROM promo_redemptions WHERE promo_id = $1 AND customer = $2")
        .bind(promo_id)
        .bind(customer)
        .fetch_one(conn)
        .await?
        .try_get("n")
}

/// Counts one use of `promo` by `customer` for order `order_id`, inside the order's
/// transaction: refused, with nothing written, when the customer has used it as
/// often as allowed or its last use has gone to another order in the meantime.
pub async fn redeem(
    tx: &mut Transaction<'static, Any>,
    dialect: Dialect,
    promo: &Promo,
    customer: &str,
    order_id: &str,
    now: i64,
) -> Result<Result<(), PromoRefusal>, sqlx::Error> {
    if let Some(limit) = promo.per_customer_limit {
        // One customer's orders with this code count and write one at a time.
        lock_subject(tx, dialect, "promo", &format!("{}\n{customer}", promo.id)).await?;
        if uses_by(tx, &promo.id, customer).await? >= limit {
            return Ok(Err(PromoRefusal::AlreadyUsed));
        }
    }
    let counted = sqlx::query(
        "UPDATE promo_codes SET used_count = used_count + 1 \
         WHERE id = $1 AND active = 1 AND (usage_limit IS NULL OR used_count < usage_limit)",
    )
    .bind(&promo.id)
    .execute(&mut **tx)
    .await?;
    if counted.rows_affected() == 0 {
        return Ok(Err(PromoRefusal::UsedUp));
    }
    sqlx::query(
        "INSERT INTO promo_redemptions (promo_id, customer, order_id, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(&promo.id)
    .bind(customer)
    .bind(order_id)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(Ok(()))
}

async fn promo_in(
    tx: &mut Transaction<'static, Any>,
    id: &str,
) -> Result<Option<Promo>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {PROMO_COLUMNS} FROM promo_codes WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    row.as_ref().map(promo).transpose()
}

async fn code_taken(
    tx: &mut Transaction<'static, Any>,
    code: &str,
    except: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let row = sqlx::query("SELECT id FROM promo_codes WHERE code = $1")
        .bind(code)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(match row {
        None => false,
        Some(row) => except != Some(row.try_get::<String, _>("id")?.as_str()),
    })
}

fn promo(row: &AnyRow) -> Result<Promo, sqlx::Error> {
    let kind: String = row.try_get("kind")?;
    Ok(Promo {
        id: row.try_get("id")?,
        code: row.try_get("code")?,
        kind: PromoKind::parse(&kind).ok_or_else(|| {
            sqlx::Error::Decode(format!("promo_codes.kind holds {kind:?}").into())
        })?,
        amount: row.try_get("amount")?,
        starts_at: row.try_get("starts_at")?,
        ends_at: row.try_get("ends_at")?,
        usage_limit: row.try_get("usage_limit")?,
        per_customer_limit: row.try_get("per_customer_limit")?,
        min_subtotal: Money::from_cents(row.try_get("min_subtotal_cents")?),
        active: row.try_get::<i64, _>("active")? != 0,
        used_count: row.try_get("used_count")?,
        version: row.try_get("version")?,
    })
}

fn input_of(promo: &Promo) -> PromoInput {
    PromoInput {
        code: promo.code.clone(),
        kind: promo.kind,
        amount: promo.amount,
        starts_at: promo.starts_at,
        ends_at: promo.ends_at,
        usage_limit: promo.usage_limit,
        per_customer_limit: promo.per_customer_limit,
        min_subtotal: promo.min_subtotal,
        active: promo.active,
    }
}

/// The fields that differ, in the API's names: amounts as the form shows them.
fn changes_between(before: Option<&PromoInput>, after: &PromoInput) -> Changes {
    Changes::between(before, after, |p| {
        vec![
            ("code", p.code.clone().into()),
            ("kind", p.kind.as_str().into()),
            ("amount", (p.amount as f64 / 100.0).into()),
            ("startsAt", p.starts_at.map(iso8601).into()),
            ("endsAt", p.ends_at.map(iso8601).into()),
            ("usageLimit", p.usage_limit.into()),
            ("perCustomerLimit", p.per_customer_limit.into()),
            ("minSubtotal", p.min_subtotal.as_f64().into()),
            ("active", p.active.into()),
        ]
    })
}
