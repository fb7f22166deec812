//! Delivering events (docs/DESIGN.md §13): the worker's round ([`deliver_due`]) and
//! staff's 'send again' ([`send_again`]). The body is fixed the first time an event is
//! sent, `data` being the object as its own console call answers it then; every try
//! and every endpoint gets the same event `id`.

use serde::Serialize;
use serde_json::Value;

use super::send::Sent;
use crate::domain::id::Id;
use crate::domain::time::iso8601;
use crate::domain::webhook::{retry_wait_ms, EventType, ObjectKind};
use crate::http::{AppError, AppState};
use crate::mail::staff as letters;
use crate::store::webhooks::{Attempt, Claimed, DeliveryRow, Outcome};

/// How long a node holds a delivery it is sending: past the endpoint's time limit.
const LEASE_MS: i64 = 30_000;
/// Deliveries one round takes.
const PER_ROUND: i64 = 20;

/// What every try sends.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Body<'a> {
    id: &'a str,
    #[serde(rename = "type")]
    kind: &'a str,
    created_at: String,
    data: Value,
}

/// The object an event is about, as its console call answers it now; `Null` once it
/// is gone.
async fn data_of(state: &AppState, event: EventType, object_id: &str) -> Result<Value, AppError> {
    let json = |v: Result<Value, serde_json::Error>| v.map_err(|e| AppError::Internal(e.into()));
    match event.object() {
        ObjectKind::Order => match state.order_service.by_number(object_id).await {
            Ok(order) => json(serde_json::to_value(
                crate::http::orders::admin::for_staff(state, order).await?,
            )),
            Err(crate::orders::OrderError::NotFound) => Ok(Value::Null),
            Err(e) => Err(e.into()),
        },
        ObjectKind::Return => {
            let Some(id) = Id::parse(object_id) else {
                return Ok(Value::Null);
            };
            match state
                .order_service
                .return_for(crate::orders::returns::Viewer::Staff, &id)
                .await
            {
                Ok(row) => json(serde_json::to_value(
                    crate::http::returns::Return::from_row(state, row),
                )),
                Err(crate::orders::returns::ReturnError::NotFound) => Ok(Value::Null),
                Err(e) => Err(e.into()),
            }
        }
        ObjectKind::Product => {
            let Some(id) = Id::parse(object_id) else {
                return Ok(Value::Null);
            };
            match state.catalogue.admin_product(&id).await? {
                Some(row) => json(serde_json::to_value(
                    crate::http::catalogue::admin::admin_answer(state, row).await?,
                )),
                None => Ok(Value::Null),
            }
        }
        ObjectKind::Customer => {
            let Some(id) = Id::parse(object_id) else {
                return Ok(Value::Null);
            };
            match state.customers.one(&id).await? {
                Some(row) => json(serde_json::to_value(
                    crate::http::admin::customers::Customer::from(row),
                )),
                None => Ok(Value::Null),
            }
        }
    }
}

/// The body of a claimed delivery: the one fixed by its event's first try, or made and
/// fixed now.
async fn body_of(state: &AppState, claimed: &Claimed) -> Result<String, AppError> {
    if let Some(body) = &claimed.body {
        return Ok(body.clone());
    }
    let Some(event) = EventType::parse(&claimed.event_type) else {
        return Err(AppError::Internal(
            format!("unknown webhook event {}", claimed.event_type).into(),
        ));
    };
    let body = serde_json::to_string(&Body {
        id: &claimed.event_id,
        kind: event.as_str(),
        created_at: iso8601(claimed.event_created_at),
        data: data_of(state, event, &claimed.object_id).await?,
    })
    .map_err(|e| AppError::Internal(e.into()))?;
    Ok(state.webhooks.fix_body(&claimed.event_id, &body).await?)
}

/// A uniform number in 0..1 for the waits' jitter.
fn jitter() -> f64 {
    let mut byte = [0u8; 2];
    getrandom::fill(&mut byte)
        .map(|_| f64::from(u16::from_le_bytes(byte)) / f64::from(u16::MAX))
        .unwrap_or(0.5)
}

/// Sends one claimed delivery and writes the try. An event whose object cannot be
/// read is a failed try like any other, so its schedule still runs out.
async fn send(state: &AppState, claimed: &Claimed, manual: bool) -> Result<(), AppError> {
    let at = state.clock.now_ms();
    let sent = match body_of(state, claimed).await {
        Ok(body) => {
            state
                .webhook_sender
                .post(&claimed.url, &claimed.secret, &body, at / 1000)
                .await
        }
        Err(e) => {
            tracing::error!(error = %e, event = claimed.event_id, "a webhook event could not be read");
            Sent {
                status: None,
                duration_ms: 0,
                error: Some("The shop could not read the event's object".into()),
            }
        }
    };
    let outcome = if sent.succeeded() {
        Outcome::Delivered
    } else if manual {
        Outcome::Manual
    } else {
        let scale = state.settings.webhook_retry_scale;
        match retry_wait_ms(claimed.tries + 1, scale, jitter()) {
            Some(wait) => Outcome::RetryAt(state.clock.now_ms() + wait),
            None => Outcome::GaveUp,
        }
    };
    let attempt = Attempt {
        at,
        status: sent.status.map(i64::from),
        duration_ms: sent.duration_ms,
        error: sent.error,
    };
    let link = format!(
        "{}/admin/webhooks/{}",
        state.settings.public_url.trim_end_matches('/'),
        claimed.endpoint_id
    );
    let letter = letters::webhook_disabled(&claimed.url, &link);
    if state
        .webhooks
        .record(claimed, &attempt, outcome, &letter)
        .await?
    {
        tracing::warn!(
            url = claimed.url,
            "a webhook endpoint failed for a day and was switched off"
        );
        state.outbox.wake();
    }
    Ok(())
}

/// One round of the worker: sends every due delivery (a few at a time, side by side)
/// and answers how many it took.
pub async fn deliver_due(state: &AppState) -> Result<usize, AppError> {
    let claimed = state.webhooks.claim(LEASE_MS, PER_ROUND, None).await?;
    let count = claimed.len();
    let sends = claimed.iter().map(|c| send(state, c, false));
    for result in futures_util::future::join_all(sends).await {
        if let Err(e) = result {
            tracing::error!(error = %e, "a webhook delivery could not be sent");
        }
    }
    Ok(count)
}

/// Staff's 'send again': the same event, to the same endpoint, now; the delivery as
/// the log lists it afterwards. `None` when the endpoint has no such delivery.
pub async fn send_again(
    state: &AppState,
    endpoint_id: &str,
    delivery_id: &str,
) -> Result<Option<DeliveryRow>, AppError> {
    if state
        .webhooks
        .delivery(endpoint_id, delivery_id)
        .await?
        .is_none()
    {
        return Ok(None);
    }
    let claimed = state
        .webhooks
        .claim(LEASE_MS, 1, Some((endpoint_id, delivery_id)))
        .await?;
    match claimed.first() {
        Some(claimed) => send(state, claimed, true).await?,
        None => {
            return Err(AppError::Conflict(
                "This delivery is being sent right now: look again in a moment".into(),
            ))
        }
    }
    Ok(state.webhooks.delivery(endpoint_id, delivery_id).await?)
}
