//! Pay on account's credit (docs/DESIGN.md §11): what an account owes, and whether an
//! order of a total fits its limit, decided inside the order's transaction under the
//! account's lock, so twenty orders at once can never take it past the limit.

use sqlx::{AnyConnection, Row};

use super::PlaceRefusal;
use crate::domain::id::Id;
use crate::domain::trade::{available, due_date, within_credit};
use crate::domain::Money;
use crate::store::{lock_subject, Dialect};

/// What `user`'s account owes: the totals of its account orders not paid and not
/// cancelled (an unpaid order is never refunded, so nothing comes off them).
pub async fn outstanding(conn: &mut AnyConnection, user: &Id) -> Result<Money, sqlx::Error> {
    let owed: i64 = sqlx::query(
        "SELECT CAST(COALESCE(SUM(total_cents), 0) AS BIGINT) AS owed FROM orders \
         WHERE user_id = $1 AND payment_method = 'account' AND payment_status = 'unpaid' \
         AND status <> 'cancelled'",
    )
    .bind(user)
    .fetch_one(&mut *conn)
    .await?
    .try_get("owed")?;
    Ok(Money::from_cents(owed))
}

/// The due date of an order of `total` that `user` places on account at `now`, or why
/// it cannot be: no approved account with credit, or past the limit. Holds the
/// account's lock until the order's transaction ends.
pub(super) async fn charge_account(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    dialect: Dialect,
    user: Option<&Id>,
    total: Money,
    now: i64,
) -> Result<Result<String, PlaceRefusal>, sqlx::Error> {
    let Some(user) = user else {
        return Ok(Err(PlaceRefusal::NotTrade));
    };
    lock_subject(tx, dialect, "credit", user.as_str()).await?;
    let account =
        sqlx::query("SELECT credit_limit_cents, terms_days FROM trade_accounts WHERE user_id = $1")
            .bind(user)
            .fetch_optional(&mut **tx)
            .await?;
    let Some(account) = account else {
        return Ok(Err(PlaceRefusal::NotTrade));
    };
    let limit = Money::from_cents(account.try_get("credit_limit_cents")?);
    if limit.cents() <= 0 {
        return Ok(Err(PlaceRefusal::NotTrade));
    }
    let owed = outstanding(tx, user).await?;
    if !within_credit(limit, owed, total) {
        return Ok(Err(PlaceRefusal::Credit(available(limit, owed))));
    }
    Ok(Ok(due_date(now, account.try_get("terms_days")?)))
}
