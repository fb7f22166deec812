//! Reading orders back: the head's columns, the lines, credit notes and events of a page
//! of them in three queries, and the stored values' checks.

use std::collections::BTreeMap;

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{AccountTerms, CreditNote, MethodUsed, OrderEvent, OrderLine, OrderRow, OrderTax};
use crate::domain::contact::ContactInput;
use crate::domain::id::Id;
use crate::domain::order::{EventType, Fulfilment, PaymentStatus, Status, Totals};
use crate::domain::tax::{TaxClass, TaxEntry, TaxedLine};
use crate::domain::variant::options_from_text;
use crate::domain::Money;
use crate::store::placeholders;

pub(super) const ORDER_COLUMNS: &str =
    "id, number, user_id, fulfilment, status, payment_status, payment_method, payment_ref, card_brand, card_last4, \
     subtotal_cents, discount_cents, promo_discount_cents, delivery_fee_cents, total_cents, first_name, company_name, \
     street_address, apartment, town_city, phone_number, email_address, promo_code, created_at, \
     prices_include_tax, tax_total_cents, delivery_tax_cents, taxes, invoice_number, postcode, country, \
     delivery_method_id, delivery_method_name, po_number, due_date, refunded_cents";

pub(super) async fn add_event(
    conn: &mut AnyConnection,
    order_id: &Id,
    kind: EventType,
    at: i64,
    note: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO order_events (order_id, type, at, note, public) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(order_id)
    .bind(kind.as_str())
    .bind(at)
    .bind(note)
    .bind(i64::from(kind.is_public()))
    .execute(&mut *conn)
    .await
    .map(drop)
}

/// The order `id` with its lines and events.
pub(super) async fn load(
    conn: &mut AnyConnection,
    id: &Id,
) -> Result<Option<OrderRow>, sqlx::Error> {
    let sql = format!("SELECT {ORDER_COLUMNS} FROM orders WHERE id = $1");
    let Some(row) = sqlx::query(&sql)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(None);
    };
    let mut orders = vec![order_head(&row)?];
    fill_details(conn, &mut orders).await?;
    Ok(orders.pop())
}

/// Reads the lines and events of `orders` (at most a page of them), two queries in all.
pub(super) async fn fill_details(
    conn: &mut AnyConnection,
    orders: &mut [OrderRow],
) -> Result<(), sqlx::Error> {
    if orders.is_empty() {
        return Ok(());
    }
    let ids = placeholders(orders.len());
    let lines_sql = format!(
        "SELECT order_id, product_id, name, image, unit_price_cents, list_price_cents, discount_bp, quantity, \
             line_total_cents, variant_id, sku, options, tax_class, tax_rate_bp, line_discount_cents, \
             line_amount_cents, line_tax_cents FROM order_lines WHERE order_id IN ({ids}) ORDER BY order_id, position"
    );
    let events_sql = format!(
        "SELECT order_id, type, at, note, public FROM order_events WHERE order_id IN ({ids}) ORDER BY order_id, seq"
    );
    let notes_sql = format!(
        "SELECT order_id, number, amount_cents, created_at FROM credit_notes WHERE order_id IN ({ids}) \
         ORDER BY order_id, position"
    );
    let mut lines = sqlx::query(&lines_sql);
    let mut events = sqlx::query(&events_sql);
    let mut notes = sqlx::query(&notes_sql);
    for order in orders.iter() {
        lines = lines.bind(order.id.clone());
        events = events.bind(order.id.clone());
        notes = notes.bind(order.id.clone());
    }
    let mut index = BTreeMap::new();
    for (i, order) in orders.iter().enumerate() {
        index.insert(order.id.as_str().to_string(), i);
    }
    for row in lines.fetch_all(&mut *conn).await? {
        let order_id: String = row.try_get("order_id")?;
        let Some(&i) = index.get(&order_id) else {
            continue;
        };
        orders[i].lines.push(OrderLine {
            product_id: row.try_get("product_id")?,
            variant_id: row.try_get("variant_id")?,
            sku: row.try_get("sku")?,
            options: options_from_text(&row.try_get::<String, _>("options")?),
            name: row.try_get("name")?,
            image: row.try_get("image")?,
            unit_price: Money::from_cents(row.try_get("unit_price_cents")?),
            list_price: Money::from_cents(row.try_get("list_price_cents")?),
            discount_bp: row.try_get("discount_bp")?,
            quantity: row.try_get("quantity")?,
            line_total: Money::from_cents(row.try_get("line_total_cents")?),
            tax: line_tax(&row)?,
        });
    }
    for row in notes.fetch_all(&mut *conn).await? {
        let order_id: String = row.try_get("order_id")?;
        let Some(&i) = index.get(&order_id) else {
            continue;
        };
        orders[i].credit_notes.push(CreditNote {
            number: row.try_get("number")?,
            amount: Money::from_cents(row.try_get("amount_cents")?),
            created_at: row.try_get("created_at")?,
        });
    }
    for row in events.fetch_all(&mut *conn).await? {
        let order_id: String = row.try_get("order_id")?;
        let Some(&i) = index.get(&order_id) else {
            continue;
        };
        let kind: String = row.try_get("type")?;
        orders[i].events.push(OrderEvent {
            kind: EventType::parse(&kind).ok_or_else(|| corrupt("order_events.type", &kind))?,
            at: row.try_get("at")?,
            note: row.try_get("note")?,
            public: row.try_get::<i64, _>("public")? == 1,
        });
    }
    Ok(())
}

pub(super) fn order_head(row: &AnyRow) -> Result<OrderRow, sqlx::Error> {
    let cents = |column: &str| -> Result<Money, sqlx::Error> {
        Ok(Money::from_cents(row.try_get(column)?))
    };
    let payment_status: String = row.try_get("payment_status")?;
    Ok(OrderRow {
        id: row.try_get("id")?,
        number: row.try_get("number")?,
        user_id: row.try_get("user_id")?,
        fulfilment: parse_fulfilment(&row.try_get::<String, _>("fulfilment")?)?,
        status: parse_status(&row.try_get::<String, _>("status")?)?,
        payment_status: PaymentStatus::parse(&payment_status)
            .ok_or_else(|| corrupt("payment_status", &payment_status))?,
        payment_method: row.try_get("payment_method")?,
        payment_ref: row.try_get("payment_ref")?,
        card_brand: row.try_get("card_brand")?,
        card_last4: row.try_get("card_last4")?,
        totals: Totals {
            subtotal: cents("subtotal_cents")?,
            discount: cents("discount_cents")?,
            promo_discount: cents("promo_discount_cents")?,
            delivery_fee: cents("delivery_fee_cents")?,
            total: cents("total_cents")?,
        },
        refunded: cents("refunded_cents")?,
        tax: order_tax(row)?,
        contact: contact_from_row(row)?,
        promo_code: row.try_get("promo_code")?,
        created_at: row.try_get("created_at")?,
        invoice_number: row.try_get("invoice_number")?,
        account: match (
            row.try_get::<Option<String>, _>("po_number")?,
            row.try_get::<Option<String>, _>("due_date")?,
        ) {
            (Some(po_number), Some(due_date)) => Some(AccountTerms {
                po_number,
                due_date,
            }),
            _ => None,
        },
        delivery_method: match row.try_get::<Option<String>, _>("delivery_method_id")? {
            Some(id) => Some(MethodUsed {
                id,
                name: row.try_get("delivery_method_name")?,
            }),
            None => None,
        },
        credit_notes: Vec::new(),
        lines: Vec::new(),
        events: Vec::new(),
    })
}

/// A line's tax, kept since migration 24 (null before).
fn line_tax(row: &AnyRow) -> Result<Option<TaxedLine>, sqlx::Error> {
    let Some(class) = row.try_get::<Option<String>, _>("tax_class")? else {
        return Ok(None);
    };
    let cents = |column: &str| -> Result<Money, sqlx::Error> {
        Ok(Money::from_cents(row.try_get(column)?))
    };
    Ok(Some(TaxedLine {
        class: TaxClass::parse(&class).ok_or_else(|| corrupt("order_lines.tax_class", &class))?,
        rate_bp: row.try_get("tax_rate_bp")?,
        line_discount: cents("line_discount_cents")?,
        line_amount: cents("line_amount_cents")?,
        line_tax: cents("line_tax_cents")?,
    }))
}

/// An order's tax, kept since migration 24 (null before).
fn order_tax(row: &AnyRow) -> Result<Option<OrderTax>, sqlx::Error> {
    let Some(included) = row.try_get::<Option<i64>, _>("prices_include_tax")? else {
        return Ok(None);
    };
    let taxes: String = row.try_get("taxes")?;
    Ok(Some(OrderTax {
        prices_include_tax: included == 1,
        delivery_tax: Money::from_cents(row.try_get("delivery_tax_cents")?),
        taxes: taxes_of(&taxes).ok_or_else(|| corrupt("taxes", &taxes))?,
        tax_total: Money::from_cents(row.try_get("tax_total_cents")?),
    }))
}

/// The breakdown per class as the row keeps it.
pub(super) fn taxes_json(taxes: &[TaxEntry]) -> String {
    let entries: Vec<serde_json::Value> = taxes
        .iter()
        .map(|t| {
            serde_json::json!({"taxClass": t.class.as_str(), "rateBp": t.rate_bp,
                "net": t.net.cents(), "tax": t.tax.cents()})
        })
        .collect();
    serde_json::Value::from(entries).to_string()
}

fn taxes_of(text: &str) -> Option<Vec<TaxEntry>> {
    let entries: Vec<BTreeMap<String, serde_json::Value>> = serde_json::from_str(text).ok()?;
    entries
        .iter()
        .map(|entry| {
            let cents = |key: &str| entry.get(key)?.as_i64();
            Some(TaxEntry {
                class: TaxClass::parse(entry.get("taxClass")?.as_str()?)?,
                rate_bp: cents("rateBp")?,
                net: Money::from_cents(cents("net")?),
                tax: Money::from_cents(cents("tax")?),
            })
        })
        .collect()
}

pub(super) fn contact_from_row(row: &AnyRow) -> Result<ContactInput, sqlx::Error> {
    Ok(ContactInput {
        first_name: row.try_get("first_name")?,
        company_name: row.try_get("company_name")?,
        street_address: row.try_get("street_address")?,
        apartment: row.try_get("apartment")?,
        town_city: row.try_get("town_city")?,
        postcode: row.try_get("postcode")?,
        country: row.try_get("country")?,
        phone_number: row.try_get("phone_number")?,
        email_address: row.try_get("email_address")?,
    })
}

pub(super) fn parse_status(text: &str) -> Result<Status, sqlx::Error> {
    Status::parse(text).ok_or_else(|| corrupt("status", text))
}

pub(super) fn parse_fulfilment(text: &str) -> Result<Fulfilment, sqlx::Error> {
    Fulfilment::parse(text).ok_or_else(|| corrupt("fulfilment", text))
}

/// A stored value the schema's checks should have kept out.
fn corrupt(column: &str, value: &str) -> sqlx::Error {
    sqlx::Error::Decode(format!("orders.{column} holds {value:?}").into())
}
