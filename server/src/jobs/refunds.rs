//! The worker that retries refunds a cancellation could not make (store::orders'
//! `refund_retries`): it tries every refund that is due every half minute, on every
//! node (claims keep two from trying one row at once), until the provider takes it or
//! the row is marked failed for staff to see on the order.

use std::time::Duration;

use crate::orders::{OrderError, OrderService};

/// How often a node looks for refunds due another try. The shortest wait between
/// tries is 30 s ([`crate::store::outbox::backoff_ms`]).
const POLL_EVERY: Duration = Duration::from_secs(30);

/// Tries every refund that is due until none is left. How many tries were made.
pub async fn retry_all_due(service: &OrderService) -> Result<usize, OrderError> {
    let mut tried = 0;
    loop {
        match service.retry_refunds_due().await? {
            0 => return Ok(tried),
            n => tried += n,
        }
    }
}

/// Retries refunds for as long as the node serves.
pub async fn run(service: OrderService) {
    loop {
        if let Err(e) = retry_all_due(&service).await {
            tracing::warn!(error = %e, "retrying refunds failed");
        }
        tokio::time::sleep(POLL_EVERY).await;
    }
}
