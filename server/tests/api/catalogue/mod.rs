//! The catalogue: the shop's listing and product pages, search, and the console's
//! products (the table, the form, photos, bulk changes, archiving, stock, CSV files).

pub(crate) mod admin;
mod alerts;
mod archive;
mod csv;
mod csv_dry_run;
mod csv_files;
mod csv_variants;
mod kept_answers;
mod listing;
mod related;
mod search;
mod search_trade;
mod stock;
mod tax_classes;
mod variant_listing;
mod variant_stock;
mod variants;
mod weights;
