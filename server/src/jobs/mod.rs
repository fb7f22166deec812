//! The work a node does besides answering requests: durable rows written by a change,
//! finished later by a worker that claims them, retries with growing waits, and gives
//! up where staff can see it. Jobs sit above the store and the adapters they drive, so
//! neither of those needs to know who delivers what they queue: the mail outbox
//! (`mail.rs`), the refunds a cancellation could not make (`refunds.rs`) and the
//! reminders of overdue orders on account (`reminders.rs`).

pub mod mail;
pub mod refunds;
pub mod reminders;
