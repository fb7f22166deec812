//! The SQL of payments (docs/DESIGN.md §7): saved cards (provider tokens and what a shopper
//! may see of a card) and the transactions an order's payment status is derived from.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::Db;
use crate::domain::id::Id;
use crate::domain::order::{EventType, PaymentStatus};
use crate::domain::payment::{derive_status, TxnKind, TxnStatus};
use crate::domain::Money;

/// How many cards one customer may keep.
pub const MAX_SAVED_CARDS: i64 = 10;

/// A transaction to record.
pub struct NewTransaction<'a> {
    pub order_id: Option<&'a Id>,
    pub user_id: Option<&'a Id>,
    pub kind: TxnKind,
    pub status: TxnStatus,
    pub amount: Money,
    pub provider: &'a str,
    /// The provider's id of the operation (the payment for an authorization).
    pub provider_ref: &'a str,
    pub brand: Option<&'a str>,
    pub last4: Option<&'a str>,
    /// The provider's code and message for a refusal.
    pub error: Option<(&'a str, &'a str)>,
}

/// Records the transaction once: a second report of the same provider operation
/// (a webhook after the browser, a retry) changes nothing. Whether it was new.
pub async fn insert_transaction(
    conn: &mut AnyConnection,
    t: &NewTransaction<'_>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "INSERT INTO payment_transactions (id, order_id, user_id, kind, status, amount_cents, provider, provider_ref, \
             brand, last4, error_code, error_message, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) \
         ON CONFLICT (provider, kind, provider_ref) DO NOTHING",
    )
    .bind(Id::generate())
    .bind(t.order_id)
    .bind(t.user_id)
    .bind(t.kind.as_str())
    .bind(t.status.as_str())
    .bind(t.amount.cents())
    .bind(t.provider)
    .bind(t.provider_ref)
    .bind(t.brand)
    .bind(t.last4)
    .bind(t.error.map(|e| e.0))
    .bind(t.error.map(|e| e.1))
    .bind(now)
    .execute(&mut *conn)
    .await?
    .rows_affected()
        == 1)
}

/// Settles a pending authorization (after 3-D Secure). Whether it changed.
pub async fn settle_authorization(
    conn: &mut AnyConnection,
    provider: &str,
    payment_ref: &str,
    status: TxnStatus,
    error: Option<(&str, &str)>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "UPDATE payment_transactions SET status = $1, error_code = $2, error_message = $3, updated_at = $4 \
         WHERE provider = $5 AND kind = 'authorization' AND provider_ref = $6 AND status = 'pending'",
    )
    .bind(status.as_str())
    .bind(error.map(|e| e.0))
    .bind(error.map(|e| e.1))
    .bind(now)
    .bind(provider)
    .bind(payment_ref)
    .execute(&mut *conn)
    .await?
    .rows_affected()
        == 1)
}

/// Derives the order's payment status from its transactions again and stores it; a
/// change to paid, (partially) refunded or failed goes on the order's timeline. The new
/// status.
pub async fn rederive(
    conn: &mut AnyConnection,
    order_id: &Id,
    now: i64,
) -> Result<PaymentStatus, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT kind, status, amount_cents FROM payment_transactions WHERE order_id = $1 ORDER BY created_at, id",
    )
    .bind(order_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut seen = Vec::with_capacity(rows.len());
    for row in &rows {
        let kind: String = row.try_get("kind")?;
        let status: String = row.try_get("status")?;
        seen.push((
            TxnKind::parse(&kind).ok_or_else(|| corrupt("kind", &kind))?,
            TxnStatus::parse(&status).ok_or_else(|| corrupt("status", &status))?,
            Money::from_cents(row.try_get("amount_cents")?),
        ));
    }
    let next = derive_status(&seen);
    let changed = sqlx::query(
        "UPDATE orders SET payment_status = $1, updated_at = $2 WHERE id = $3 AND payment_status <> $1",
    )
    .bind(next.as_str())
    .bind(now)
    .bind(order_id)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    let event = match next {
        PaymentStatus::Paid => Some(EventType::Paid),
        PaymentStatus::Refunded | PaymentStatus::PartiallyRefunded => Some(EventType::Refunded),
        PaymentStatus::Failed => Some(EventType::PaymentFailed),
        PaymentStatus::Unpaid | PaymentStatus::Pending => None,
    };
    if changed == 1 && next == PaymentStatus::Paid {
        let number: String = sqlx::query("SELECT number FROM orders WHERE id = $1")
            .bind(order_id)
            .fetch_one(&mut *conn)
            .await?
            .try_get("number")?;
        super::webhooks::emit(
            conn,
            crate::domain::webhook::EventType::OrderPaid,
            &number,
            now,
        )
        .await?;
    }
    if let (1, Some(event)) = (changed, event) {
        sqlx::query(
            "INSERT INTO order_events (order_id, type, at, note, public) VALUES ($1, $2, $3, NULL, $4)",
        )
        .bind(order_id)
        .bind(event.as_str())
        .bind(now)
        .bind(i64::from(event.is_public()))
        .execute(&mut *conn)
        .await?;
    }
    Ok(next)
}

fn corrupt(column: &str, value: &str) -> sqlx::Error {
    sqlx::Error::Decode(format!("payment_transactions.{column} holds {value:?}").into())
}

/// A saved card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedCard {
    pub id: Id,
    pub provider: String,
    pub token: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub holder_name: String,
    pub primary: bool,
    pub created_at: i64,
}

/// A transaction as its customer's history lists it.
#[derive(Clone, Debug)]
pub struct TransactionRow {
    pub id: Id,
    pub kind: TxnKind,
    pub status: TxnStatus,
    pub amount: Money,
    pub brand: Option<String>,
    pub last4: Option<String>,
    pub order_number: Option<String>,
    pub message: Option<String>,
    pub created_at: i64,
}

/// Why a card was not saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveRefusal {
    AlreadySaved,
    TooMany,
}

const CARD_COLUMNS: &str =
    "id, provider, token, brand, last4, exp_month, exp_year, holder_name, is_primary, created_at";

#[derive(Clone, Debug)]
pub struct PaymentsStore {
    db: Db,
}

impl PaymentsStore {
    pub fn new(db: Db) -> PaymentsStore {
        PaymentsStore { db }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The customer's cards, primary first, then newest first.
    pub async fn cards(&self, user_id: &Id) -> Result<Vec<SavedCard>, sqlx::Error> {
        let sql = format!(
            "SELECT {CARD_COLUMNS} FROM payment_methods WHERE user_id = $1 \
             ORDER BY is_primary DESC, created_at DESC, id DESC LIMIT {MAX_SAVED_CARDS}"
        );
        let rows = sqlx::query(&sql)
            .bind(user_id)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(card_from_row).collect()
    }

    /// The customer's card `id`; another customer's is not found.
    pub async fn card(&self, user_id: &Id, id: &Id) -> Result<Option<SavedCard>, sqlx::Error> {
        let sql =
            format!("SELECT {CARD_COLUMNS} FROM payment_methods WHERE id = $1 AND user_id = $2");
        sqlx::query(&sql)
            .bind(id)
            .bind(user_id)
            .fetch_optional(&self.db.pool)
            .await?
            .as_ref()
            .map(card_from_row)
            .transpose()
    }

    /// Who saved the token, if anyone did.
    pub async fn owner_of_token(
        &self,
        provider: &str,
        token: &str,
    ) -> Result<Option<Id>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        owner_of_token(&mut conn, provider, token).await
    }

    /// Saves a card. The customer's first becomes primary, and `primary` makes it so;
    /// the rest stay as they were. Under the customer's lock, so the limit holds.
    pub async fn save_card(
        &self,
        user_id: &Id,
        card: SavedCard,
        primary: bool,
    ) -> Result<Result<SavedCard, SaveRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        super::lock_subject(&mut tx, self.db.dialect, "cards", user_id.as_str()).await?;
        if owner_of_token(&mut tx, &card.provider, &card.token)
            .await?
            .is_some()
        {
            return Ok(Err(SaveRefusal::AlreadySaved));
        }
        let count: i64 =
            sqlx::query("SELECT COUNT(*) AS n FROM payment_methods WHERE user_id = $1")
                .bind(user_id)
                .fetch_one(&mut *tx)
                .await?
                .try_get("n")?;
        if count >= MAX_SAVED_CARDS {
            return Ok(Err(SaveRefusal::TooMany));
        }
        let primary = primary || count == 0;
        if primary {
            sqlx::query("UPDATE payment_methods SET is_primary = 0 WHERE user_id = $1")
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO payment_methods (id, user_id, provider, token, brand, last4, exp_month, exp_year, holder_name, \
                 is_primary, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(&card.id)
        .bind(user_id)
        .bind(&card.provider)
        .bind(&card.token)
        .bind(&card.brand)
        .bind(&card.last4)
        .bind(card.exp_month)
        .bind(card.exp_year)
        .bind(&card.holder_name)
        .bind(i64::from(primary))
        .bind(card.created_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Ok(SavedCard { primary, ..card }))
    }

    /// Makes the customer's card `id` the primary one. `None` when it is not theirs.
    pub async fn make_primary(
        &self,
        user_id: &Id,
        id: &Id,
    ) -> Result<Option<SavedCard>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        super::lock_subject(&mut tx, self.db.dialect, "cards", user_id.as_str()).await?;
        let theirs = sqlx::query("SELECT id FROM payment_methods WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?
            .is_some();
        if !theirs {
            return Ok(None);
        }
        sqlx::query("UPDATE payment_methods SET is_primary = CASE WHEN id = $1 THEN 1 ELSE 0 END WHERE user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        self.card(user_id, id).await
    }

    /// Deletes the customer's card `id`; when it was primary, the newest left takes its
    /// place. The removed card, or `None` when it is not theirs.
    pub async fn remove_card(
        &self,
        user_id: &Id,
        id: &Id,
    ) -> Result<Option<SavedCard>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        super::lock_subject(&mut tx, self.db.dialect, "cards", user_id.as_str()).await?;
        let sql =
            format!("SELECT {CARD_COLUMNS} FROM payment_methods WHERE id = $1 AND user_id = $2");
        let Some(card) = sqlx::query(&sql)
            .bind(id)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?
            .as_ref()
            .map(card_from_row)
            .transpose()?
        else {
            return Ok(None);
        };
        sqlx::query("DELETE FROM payment_methods WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if card.primary {
            sqlx::query(
                "UPDATE payment_methods SET is_primary = 1 WHERE id = \
                 (SELECT id FROM payment_methods WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1)",
            )
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(Some(card))
    }

    /// A page of the customer's transactions, newest first, and how many they have.
    pub async fn transactions(
        &self,
        user_id: &Id,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<TransactionRow>, i64), sqlx::Error> {
        let rows = sqlx::query(
            "SELECT t.id, t.kind, t.status, t.amount_cents, t.brand, t.last4, t.error_message, t.created_at, o.number \
             FROM payment_transactions t LEFT JOIN orders o ON o.id = t.order_id \
             WHERE t.user_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT $2 OFFSET $3",
        )
        .bind(user_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.db.pool)
        .await?;
        let total: i64 =
            sqlx::query("SELECT COUNT(*) AS n FROM payment_transactions WHERE user_id = $1")
                .bind(user_id)
                .fetch_one(&self.db.pool)
                .await?
                .try_get("n")?;
        let transactions = rows
            .iter()
            .map(|row| {
                let kind: String = row.try_get("kind")?;
                let status: String = row.try_get("status")?;
                Ok(TransactionRow {
                    id: row.try_get("id")?,
                    kind: TxnKind::parse(&kind).ok_or_else(|| corrupt("kind", &kind))?,
                    status: TxnStatus::parse(&status).ok_or_else(|| corrupt("status", &status))?,
                    amount: Money::from_cents(row.try_get("amount_cents")?),
                    brand: row.try_get("brand")?,
                    last4: row.try_get("last4")?,
                    order_number: row.try_get("number")?,
                    message: row.try_get("error_message")?,
                    created_at: row.try_get("created_at")?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok((transactions, total))
    }

    /// The order paid with the provider's payment `payment_ref`.
    pub async fn order_of_payment(&self, payment_ref: &str) -> Result<Option<Id>, sqlx::Error> {
        sqlx::query("SELECT id FROM orders WHERE payment_ref = $1")
            .bind(payment_ref)
            .fetch_optional(&self.db.pool)
            .await?
            .map(|row| row.try_get("id"))
            .transpose()
    }

    /// Whether the provider's webhook event is new (it is remembered from now on).
    pub async fn first_sight_of_event(
        &self,
        provider: &str,
        event_id: &str,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        Ok(sqlx::query(
            "INSERT INTO payment_webhook_events (provider, event_id, received_at) VALUES ($1, $2, $3) \
             ON CONFLICT (provider, event_id) DO NOTHING",
        )
        .bind(provider)
        .bind(event_id)
        .bind(now)
        .execute(self.db.writes())
        .await?
        .rows_affected()
            == 1)
    }
}

async fn owner_of_token(
    conn: &mut AnyConnection,
    provider: &str,
    token: &str,
) -> Result<Option<Id>, sqlx::Error> {
    sqlx::query("SELECT user_id FROM payment_methods WHERE provider = $1 AND token = $2")
        .bind(provider)
        .bind(token)
        .fetch_optional(&mut *conn)
        .await?
        .map(|row| row.try_get("user_id"))
        .transpose()
}

fn card_from_row(row: &AnyRow) -> Result<SavedCard, sqlx::Error> {
    Ok(SavedCard {
        id: row.try_get("id")?,
        provider: row.try_get("provider")?,
        token: row.try_get("token")?,
        brand: row.try_get("brand")?,
        last4: row.try_get("last4")?,
        exp_month: row.try_get("exp_month")?,
        exp_year: row.try_get("exp_year")?,
        holder_name: row.try_get("holder_name")?,
        primary: row.try_get::<i64, _>("is_primary")? == 1,
        created_at: row.try_get("created_at")?,
    })
}
