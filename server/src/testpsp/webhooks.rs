//! Webhooks: every payment event is queued with the change that made it, then
//! delivered to the shop signed, shuffled and some twice, until the shop takes it.

use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use axum::Router;
use hmac::{Hmac, Mac};
use serde_json::json;
use sha2::Sha256;
use sqlx::{AnyConnection, Row};
use tower::ServiceExt;

use super::{new_ref, Psp};
use crate::security::{hex, random_bytes};

/// Where the shop receives this provider's webhooks.
pub const WEBHOOK_PATH: &str = "/api/payment/webhook/test";
/// The header carrying `t={unix seconds},v1={hex hmac}`.
pub const SIGNATURE_HEADER: &str = "testpsp-signature";
/// A webhook is delivered at most this many times before it is given up.
const MAX_ATTEMPTS: i64 = 20;

impl Psp {
    pub(super) async fn enqueue_event(
        &self,
        conn: &mut AnyConnection,
        kind: &str,
        payment_id: &str,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        let id = new_ref("evt_test");
        let body = json!({
            "id": id,
            "type": kind,
            "created": now / 1000,
            "data": { "payment": payment_id },
        })
        .to_string();
        sqlx::query("INSERT INTO testpsp_events (id, body, delivered, attempts, created_at) VALUES ($1, $2, 0, 0, $3)")
            .bind(&id)
            .bind(body)
            .bind(now)
            .execute(&mut *conn)
            .await
            .map(drop)
    }

    /// The signature header for `body` sent at `unix_seconds`.
    pub fn sign(&self, unix_seconds: i64, body: &str) -> String {
        format!(
            "t={unix_seconds},v1={}",
            signature(&self.webhook_secret, unix_seconds, body)
        )
    }

    /// Delivers the webhooks waiting, in shuffled order, some of them twice; returns
    /// how many were delivered. Each is retried later until the shop takes it.
    pub async fn deliver_webhooks(&self) -> Result<usize, sqlx::Error> {
        let Some(shop) = self.shop.get() else {
            return Ok(0);
        };
        let rows = sqlx::query(
            "SELECT id, body FROM testpsp_events WHERE delivered = 0 AND attempts < $1 ORDER BY created_at LIMIT 100",
        )
        .bind(MAX_ATTEMPTS)
        .fetch_all(&self.db.pool)
        .await?;
        let mut events: Vec<(String, String)> = rows
            .iter()
            .map(|row| Ok((row.try_get("id")?, row.try_get("body")?)))
            .collect::<Result<_, sqlx::Error>>()?;
        // Out of order on purpose: a Fisher–Yates shuffle.
        let noise = random_bytes::<100>();
        for i in (1..events.len()).rev() {
            events.swap(i, usize::from(noise[i]) % (i + 1));
        }
        let mut delivered = 0;
        for (i, (id, body)) in events.iter().enumerate() {
            // About one in four goes twice.
            let times = if noise[(i + 50) % 100] < 64 { 2 } else { 1 };
            let mut taken = false;
            for _ in 0..times {
                taken |= self.send(shop, body).await;
            }
            sqlx::query(
                "UPDATE testpsp_events SET delivered = $1, attempts = attempts + 1 WHERE id = $2",
            )
            .bind(i64::from(taken))
            .bind(id)
            .execute(self.db.writes())
            .await?;
            delivered += usize::from(taken);
        }
        Ok(delivered)
    }

    async fn send(&self, shop: &Router, body: &str) -> bool {
        let now = self.clock.now_ms() / 1000;
        let request = Request::post(WEBHOOK_PATH)
            .header("content-type", "application/json")
            .header(SIGNATURE_HEADER, self.sign(now, body))
            .body(Body::from(body.to_string()));
        let Ok(request) = request else {
            return false;
        };
        match shop.clone().oneshot(request).await {
            Ok(response) => response.status().is_success(),
            Err(never) => match never {},
        }
    }

    /// Delivers webhooks as they are made (and retries every few seconds), until the
    /// task is aborted.
    pub async fn run_webhooks(self) {
        loop {
            if let Err(e) = self.deliver_webhooks().await {
                tracing::warn!(error = %e, "test payment provider: delivering webhooks failed");
            }
            tokio::select! {
                () = self.wake.notified() => {}
                () = tokio::time::sleep(Duration::from_secs(3)) => {}
            }
        }
    }
}

/// Checks a webhook's signature header against `body` with the shared secret, and
/// that it was made within `tolerance_s` of `now_s`. The event's id and payment.
pub fn verify_webhook(
    secret: &[u8; 32],
    header: &str,
    body: &str,
    now_s: i64,
    tolerance_s: i64,
) -> Result<(String, String), WebhookRefusal> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", v)) => signatures.push(v.to_string()),
            _ => {}
        }
    }
    let Some(timestamp) = timestamp else {
        return Err(WebhookRefusal::BadSignature);
    };
    let expected = signature(secret, timestamp, body);
    if !signatures
        .iter()
        .any(|s| crate::security::same_secret(s, &expected))
    {
        return Err(WebhookRefusal::BadSignature);
    }
    if (now_s - timestamp).abs() > tolerance_s {
        return Err(WebhookRefusal::Stale);
    }
    let event: serde_json::Value =
        serde_json::from_str(body).map_err(|_| WebhookRefusal::Malformed)?;
    let id = event["id"].as_str().ok_or(WebhookRefusal::Malformed)?;
    let payment = event["data"]["payment"]
        .as_str()
        .ok_or(WebhookRefusal::Malformed)?;
    Ok((id.to_string(), payment.to_string()))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebhookRefusal {
    BadSignature,
    Stale,
    Malformed,
}

fn signature(secret: &[u8; 32], unix_seconds: i64, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("any key length");
    mac.update(format!("{unix_seconds}.{body}").as_bytes());
    hex(&mac.finalize().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_webhook_signature_holds_only_for_its_body_secret_and_time() {
        let secret = [7u8; 32];
        let body =
            r#"{"id":"evt_1","type":"payment.captured","created":1,"data":{"payment":"pi_1"}}"#;
        let header = format!("t=1000,v1={}", signature(&secret, 1000, body));
        assert_eq!(
            verify_webhook(&secret, &header, body, 1010, 300),
            Ok(("evt_1".to_string(), "pi_1".to_string()))
        );
        assert_eq!(
            verify_webhook(&secret, &header, &body.replace("pi_1", "pi_2"), 1010, 300),
            Err(WebhookRefusal::BadSignature)
        );
        assert_eq!(
            verify_webhook(&[8u8; 32], &header, body, 1010, 300),
            Err(WebhookRefusal::BadSignature)
        );
        assert_eq!(
            verify_webhook(&secret, &header, body, 1400, 300),
            Err(WebhookRefusal::Stale)
        );
        assert_eq!(
            verify_webhook(&secret, "v1=abc", body, 1000, 300),
            Err(WebhookRefusal::BadSignature)
        );
    }
}
