//! The work a node does besides answering requests: durable rows written by a change,
//! finished later by a worker that claims them, retries with growing waits, and gives
//! up where staff can see it. Jobs sit above the store and the adapters they drive, so
//! neither of those needs to know who delivers what they queue: the mail outbox
//! (`mail.rs`), the refunds a cancellation could not make (`refunds.rs`), the
//! reminders of overdue orders on account (`reminders.rs`) and back-in-stock alerts
//! (`alerts.rs`).

use std::future::Future;

pub mod alerts;
pub mod mail;
pub mod refunds;
pub mod reminders;
pub mod webhooks;

/// Runs `batch` until it does nothing more; how many it did in all. The workers that
/// take what is due in batches (refunds, reminders, alerts) drain it this way.
pub(crate) async fn drain<F, Fut, E>(mut batch: F) -> Result<usize, E>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<usize, E>>,
{
    let mut done = 0;
    loop {
        match batch().await? {
            0 => return Ok(done),
            n => done += n,
        }
    }
}
