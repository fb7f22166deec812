//! Integration tests: the real app on a port chosen at run time, a fresh database per
//! test (a SQLite file, or a PostgreSQL database), in-memory media, and HTTP calls.
//! Every test that touches storage runs on both backends through `on_both_backends!`.

mod helpers;
mod process;

mod accounts;
mod admin;
mod backup;
mod catalogue;
mod connections;
mod content;
mod durability;
mod envelope;
mod error_codes;
mod health;
mod items;
mod media_and_storefront;
mod orders;
mod phone;
mod reviews;
mod s3_media;
mod seaweed;
mod seeding;
mod staff;
mod startup;
mod store;
mod trade;
mod two_nodes;
mod upgrade_to_variants;
mod versions;
mod webhooks;
