//! Integration tests: the real app on a port chosen at run time, a fresh database per
//! test (a SQLite file, or a PostgreSQL database), in-memory media, and HTTP calls.
//! Every test that touches storage runs on both backends through `on_both_backends!`.

mod helpers;
mod process;

mod accounts;
mod activity_names;
mod admin;
mod admin_catalogue;
mod admin_csv;
mod admin_csv_dry_run;
mod admin_products;
mod backup;
mod catalogue;
mod connections;
mod durability;
mod envelope;
mod health;
mod items;
mod media_and_storefront;
mod orders;
mod pages;
mod phone;
mod promo;
mod reviews;
mod s3_media;
mod search;
mod search_trade;
mod seaweed;
mod seeding;
mod settings;
mod startup;
mod stock;
mod store;
mod two_nodes;
mod versions;
