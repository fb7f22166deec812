//! The provider's own tables, in a migration set of its own recorded in
//! `testpsp_schema_migrations`: a binary built without the provider makes none of
//! them, and the shop's schema version means the same with or without it.

use crate::store::{migrate_set, Db, Migration};

const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    name: "books",
    sqlite: include_str!("migrations/sqlite/0001_books.sql"),
    postgres: include_str!("migrations/postgres/0001_books.sql"),
}];

/// Applies the provider's migrations the database has not seen yet; the versions
/// applied now.
pub async fn migrate(db: &Db) -> Result<Vec<i64>, sqlx::Error> {
    migrate_set(db, "testpsp_schema_migrations", MIGRATIONS).await
}
