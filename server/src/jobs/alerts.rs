//! The worker that mails back-in-stock alerts (docs/DESIGN.md §12): a stock movement
//! marks a variant's alerts due in its own transaction (store::stock), and every node
//! looks for due ones every few seconds; each is marked mailed in the transaction that
//! queues its letter, so it is mailed once.

use std::time::Duration;

use crate::domain::variant::options_from_text;
use crate::http::AppState;
use crate::mail::alerts::back_in_stock;
use crate::store::alerts::DueAlert;

const POLL_EVERY: Duration = Duration::from_secs(5);

/// Queues the letter of every alert due now. How many were queued.
pub async fn mail_all_due(state: &AppState) -> Result<usize, sqlx::Error> {
    let base = state.settings.public_url.trim_end_matches('/');
    let letter = |alert: &DueAlert| {
        let options: Vec<String> = options_from_text(&alert.options).into_values().collect();
        back_in_stock(
            &alert.product_name,
            &options.join(", "),
            &format!("{base}/product/{}", alert.product_id),
            &format!("{base}/unsubscribe?token={}", alert.token),
            &format!("{base}/api/alert/unsubscribe?token={}", alert.token),
        )
    };
    let queued = super::drain(|| state.alerts.mail_due(&letter)).await?;
    if queued > 0 {
        state.outbox.wake();
    }
    Ok(queued)
}

/// Mails alerts for as long as the node serves.
pub async fn run(state: AppState) {
    loop {
        if let Err(e) = mail_all_due(&state).await {
            tracing::warn!(error = %e, "mailing back-in-stock alerts failed");
        }
        tokio::time::sleep(POLL_EVERY).await;
    }
}
