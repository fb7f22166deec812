//! The worker that delivers the durable outbox ([`crate::store::outbox`]): it wakes
//! when this node queues mail and every few seconds for mail other nodes queued, and
//! sends what is due over the configured transport. A failure is retried with backoff.

use std::time::Duration;

use crate::mail::Mailer;
use crate::store::outbox::{self, Outbox};

/// How often a node looks for mail it was not woken for (queued by another node, or
/// due for a retry).
const POLL_EVERY: Duration = Duration::from_secs(5);

/// Sends one batch of due mail. How many rows it claimed.
pub async fn deliver_due(outbox: &Outbox, mailer: &Mailer) -> Result<usize, sqlx::Error> {
    let batch = outbox.claim().await?;
    let mut sent = Vec::with_capacity(batch.len());
    for queued in &batch {
        match mailer.send(&queued.to, queued.letter.clone()).await {
            Ok(()) => sent.push(queued.id.clone()),
            Err(e) => outbox.mark_failed(queued, &e.to_string()).await?,
        }
    }
    // One write for the batch. A crash before it sends the batch again once the claims end.
    outbox.mark_sent(&sent).await?;
    Ok(batch.len())
}

/// Sends batches until nothing is due: until a batch comes back short of a full one,
/// which took all that was due as it was claimed. (Mail queued after wakes the worker
/// again.)
pub async fn deliver_all_due(outbox: &Outbox, mailer: &Mailer) -> Result<usize, sqlx::Error> {
    let mut sent = 0;
    loop {
        let n = deliver_due(outbox, mailer).await?;
        sent += n;
        if (n as i64) < outbox::BATCH {
            return Ok(sent);
        }
    }
}

/// Delivers mail for as long as the node serves.
pub async fn run(outbox: Outbox, mailer: Mailer) {
    loop {
        if let Err(e) = deliver_all_due(&outbox, &mailer).await {
            tracing::warn!(error = %e, "delivering the mail outbox failed");
        }
        tokio::select! {
            () = outbox.woken() => {}
            () = tokio::time::sleep(POLL_EVERY) => {}
        }
    }
}
