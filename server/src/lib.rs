//! The web shop for plumbing, heating and everyday supplies: the `shop` binary's library.
//!
//! - [`domain`]: pure types and rules (money, prices, ids, time).
//! - [`store`]: the SQL, on SQLite or PostgreSQL.
//! - [`media`]: the image store, local or S3.
//! - [`mail`]: outgoing mail, over SMTP or to an outbox folder.
//! - [`jobs`]: the background workers every node runs (the mail outbox's delivery).
//! - [`orders`]: the order flows beneath HTTP: placing, settling and moving orders.
//! - [`http`]: the API, media and storefront routes.
//! - [`payments`]: card payments through a provider chosen by `SHOP_PAYMENTS`.
//! - `testpsp`: the offline test card provider (the `test-payments` feature).
//! - [`security`]: password hashing, access tokens, signed URLs, one-time codes.
//! - [`seed`]: the demo and benchmark catalogues.
//! - [`documents`]: tax invoices and credit notes as PDF.

pub mod app;
pub mod backup;
pub mod config;
pub mod documents;
pub mod domain;
pub mod http;
pub mod jobs;
pub mod mail;
pub mod media;
pub mod orders;
pub mod payments;
pub mod security;
pub mod seed;
pub mod store;
#[cfg(feature = "test-payments")]
pub mod testpsp;

/// Errors at start-up and in commands, reported to the operator as they are.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;
