//! The worker that sends webhook deliveries (docs/DESIGN.md §13). An event and its
//! deliveries are written in the transaction of their change; every node looks for
//! due deliveries each second and sends them, so a slow endpoint never holds up the
//! change, and a node killed before sending leaves them for the next round.

use std::time::Duration;

use crate::http::webhooks::deliver::deliver_due;
use crate::http::AppState;

const POLL_EVERY: Duration = Duration::from_secs(1);

/// Sends due deliveries for as long as the node serves.
pub async fn run(state: AppState) {
    loop {
        match deliver_due(&state).await {
            // A full round: more may be waiting.
            Ok(taken) if taken > 0 => continue,
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "sending webhook deliveries failed"),
        }
        tokio::time::sleep(POLL_EVERY).await;
    }
}
