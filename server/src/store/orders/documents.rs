//! Tax invoices and credit notes (docs/DESIGN.md §10): numbers from one gapless sequence
//! of each per shop, taken inside the transaction that issues the document, so a rolled
//! back order gives its number back and concurrent orders on any node queue for the
//! counter's row only for the last moment of their transaction.

use sqlx::{AnyConnection, Row};

use crate::domain::id::Id;
use crate::domain::invoice::{left_to_credit, DocumentKind};
use crate::domain::Money;

/// The next number of `kind`, taken: the counter's row stays locked until the caller's
/// transaction ends (PostgreSQL's row lock; SQLite has one writer).
async fn take_number(conn: &mut AnyConnection, kind: DocumentKind) -> Result<i64, sqlx::Error> {
    sqlx::query("UPDATE document_counters SET last = last + 1 WHERE kind = $1 RETURNING last")
        .bind(kind.as_str())
        .fetch_one(&mut *conn)
        .await?
        .try_get("last")
}

/// Issues the order's tax invoice: its number, written on the order. Called last in
/// the order's transaction.
pub(super) async fn issue_invoice(
    conn: &mut AnyConnection,
    order_id: &Id,
) -> Result<String, sqlx::Error> {
    let number = DocumentKind::Invoice.number(take_number(conn, DocumentKind::Invoice).await?);
    sqlx::query("UPDATE orders SET invoice_number = $1 WHERE id = $2")
        .bind(&number)
        .bind(order_id)
        .execute(&mut *conn)
        .await?;
    Ok(number)
}

/// Issues a credit note for what the cancelled order `order_id` had not been credited
/// yet. Nothing for an order without an invoice (placed before invoices were issued)
/// or with nothing left to credit.
pub(super) async fn credit_cancelled(
    conn: &mut AnyConnection,
    order_id: &Id,
    now: i64,
) -> Result<(), sqlx::Error> {
    credit(conn, order_id, None, now).await
}

/// Issues a credit note for a refund of `amount` on an order not cancelled (a
/// cancellation credited what was left already): `amount`, or less when the invoice
/// has less left to credit; nothing without an invoice or with nothing left.
pub(super) async fn credit_refund(
    conn: &mut AnyConnection,
    order_id: &Id,
    amount: Money,
    now: i64,
) -> Result<(), sqlx::Error> {
    credit(conn, order_id, Some(amount), now).await
}

/// A credit note for what is left to credit on the order's invoice, or at most
/// `at_most` of it.
async fn credit(
    conn: &mut AnyConnection,
    order_id: &Id,
    at_most: Option<Money>,
    now: i64,
) -> Result<(), sqlx::Error> {
    let row = sqlx::query("SELECT total_cents, invoice_number FROM orders WHERE id = $1")
        .bind(order_id)
        .fetch_one(&mut *conn)
        .await?;
    if row
        .try_get::<Option<String>, _>("invoice_number")?
        .is_none()
    {
        return Ok(());
    }
    let total = Money::from_cents(row.try_get("total_cents")?);
    let earlier = sqlx::query(
        "SELECT COUNT(*) AS notes, CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) AS credited \
         FROM credit_notes WHERE order_id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut *conn)
    .await?;
    let notes: i64 = earlier.try_get("notes")?;
    let credited = Money::from_cents(earlier.try_get("credited")?);
    let left = left_to_credit(total, credited);
    let amount = at_most.map_or(left, |most| most.min(left));
    if amount.cents() <= 0 {
        return Ok(());
    }
    let n = take_number(conn, DocumentKind::CreditNote).await?;
    sqlx::query(
        "INSERT INTO credit_notes (number, order_id, position, amount_cents, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(DocumentKind::CreditNote.number(n))
    .bind(order_id)
    .bind(notes + 1)
    .bind(amount.cents())
    .bind(now)
    .execute(&mut *conn)
    .await
    .map(drop)
}
