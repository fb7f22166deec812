//! The worker that retries refunds a cancellation could not make (store::orders'
//! `refund_retries`): it tries every refund that is due every half minute, on every
//! node (claims keep two from trying one row at once), until the provider takes it or
//! the row is marked failed for staff to see on the order. It also asks again about
//! refunds left pending (the provider could not be reached, or its yes was not
//! recorded), with each one's own key, so none stays held and unrecorded.

use std::time::Duration;

use crate::orders::{OrderError, OrderService};

/// How often a node looks for refunds due another try. The shortest wait between
/// tries is 30 s ([`crate::store::outbox::backoff_ms`]).
const POLL_EVERY: Duration = Duration::from_secs(30);

/// Tries every refund that is due until none is left: cancellations' refunds the
/// provider refused, and refunds left pending (asked again with their own key). How many
/// tries were made.
pub async fn retry_all_due(service: &OrderService) -> Result<usize, OrderError> {
    let due = super::drain(|| service.retry_refunds_due()).await?;
    let stuck = super::drain(|| service.retry_stuck_refunds()).await?;
    Ok(due + stuck)
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
