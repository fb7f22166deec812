//! Webhook events (docs/DESIGN.md §13): written inside the transaction of the change
//! they report, with one delivery for each active endpoint listening then. The
//! endpoints and the sending are `store/webhooks.rs`'s.

use sqlx::Row;

use crate::domain::id::new_id;
use crate::domain::webhook::EventType;

/// Writes event `event` about `object_id` inside `tx`, the transaction of the change
/// it reports, with a delivery for each active endpoint listening for it; nothing when
/// none listens.
pub async fn emit(
    tx: &mut sqlx::AnyConnection,
    event: EventType,
    object_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    emit_all(tx, &[(event, object_id)], now).await
}

/// [`emit`] for several events at once (an import's products): the endpoints are read
/// once.
pub async fn emit_all(
    tx: &mut sqlx::AnyConnection,
    events: &[(EventType, &str)],
    now: i64,
) -> Result<(), sqlx::Error> {
    if events.is_empty() {
        return Ok(());
    }
    // At most 20 rows. Endpoints have no foreign key from deliveries, so one deleted
    // as this runs never fails the change that tells the event.
    let endpoints: Vec<(String, String)> =
        sqlx::query("SELECT id, events FROM webhook_endpoints WHERE active = 1")
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|row| Ok((row.try_get("id")?, row.try_get("events")?)))
            .collect::<Result<_, sqlx::Error>>()?;
    if endpoints.is_empty() {
        return Ok(());
    }
    for (event, object_id) in events {
        let name = format!(",{},", event.as_str());
        let listening: Vec<&String> = endpoints
            .iter()
            .filter(|(_, events)| events.contains(&name))
            .map(|(id, _)| id)
            .collect();
        if listening.is_empty() {
            continue;
        }
        let event_id = format!("evt_{}", new_id());
        sqlx::query(
            "INSERT INTO webhook_events (id, type, object_id, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(&event_id)
        .bind(event.as_str())
        .bind(*object_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        for endpoint in listening {
            sqlx::query(
                "INSERT INTO webhook_deliveries (id, endpoint_id, event_id, type, state, tries, due_at, claimed_until, created_at) \
                 VALUES ($1, $2, $3, $4, 'pending', 0, $5, 0, $5)",
            )
            .bind(new_id())
            .bind(endpoint)
            .bind(&event_id)
            .bind(event.as_str())
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
    }
    Ok(())
}

/// The events of an order just placed, inside its transaction: `order.placed`, and
/// `order.paid` too when it was paid as it was placed.
pub async fn order_placed(
    tx: &mut sqlx::AnyConnection,
    order: &crate::domain::order_row::OrderRow,
    now: i64,
) -> Result<(), sqlx::Error> {
    emit(tx, EventType::OrderPlaced, &order.number, now).await?;
    if order.payment_status == crate::domain::order::PaymentStatus::Paid {
        emit(tx, EventType::OrderPaid, &order.number, now).await?;
    }
    Ok(())
}
