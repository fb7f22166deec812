//! Versioned migrations, embedded in the binary and applied at start-up and by
//! `shop migrate`. Each version has one file per backend where the DDL differs.
//!
//! The shop's own set is recorded in `schema_migrations`, and readiness compares it
//! with this binary's. A part built in only by a feature (the test payment provider)
//! keeps a set of its own with its own version table ([`migrate_set`]), so a binary
//! built without it makes none of its tables and still agrees on the shop's version.

use sqlx::{Connection, Executor, Row};

use super::{Db, Dialect};
use crate::domain::time::now_ms;

/// One version of a migration set: its name and its SQL on each backend.
pub struct Migration {
    pub version: i64,
    pub name: &'static str,
    pub sqlite: &'static str,
    pub postgres: &'static str,
}

const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "catalogue",
        sqlite: include_str!("../../migrations/sqlite/0001_catalogue.sql"),
        postgres: include_str!("../../migrations/postgres/0001_catalogue.sql"),
    },
    Migration {
        version: 2,
        name: "accounts",
        sqlite: include_str!("../../migrations/sqlite/0002_accounts.sql"),
        postgres: include_str!("../../migrations/postgres/0002_accounts.sql"),
    },
    Migration {
        version: 3,
        name: "reviews",
        sqlite: include_str!("../../migrations/sqlite/0003_reviews.sql"),
        postgres: include_str!("../../migrations/postgres/0003_reviews.sql"),
    },
    Migration {
        version: 4,
        name: "category_discounts",
        sqlite: include_str!("../../migrations/sqlite/0004_category_discounts.sql"),
        postgres: include_str!("../../migrations/postgres/0004_category_discounts.sql"),
    },
    Migration {
        version: 5,
        name: "items",
        sqlite: include_str!("../../migrations/sqlite/0005_items.sql"),
        postgres: include_str!("../../migrations/postgres/0005_items.sql"),
    },
    Migration {
        version: 6,
        name: "orders",
        sqlite: include_str!("../../migrations/sqlite/0006_orders.sql"),
        postgres: include_str!("../../migrations/postgres/0006_orders.sql"),
    },
    Migration {
        version: 7,
        name: "payments",
        sqlite: include_str!("../../migrations/sqlite/0007_payments.sql"),
        postgres: include_str!("../../migrations/postgres/0007_payments.sql"),
    },
    Migration {
        version: 8,
        name: "admin",
        sqlite: include_str!("../../migrations/sqlite/0008_admin.sql"),
        postgres: include_str!("../../migrations/postgres/0008_admin.sql"),
    },
    Migration {
        version: 9,
        name: "admin_indexes",
        sqlite: include_str!("../../migrations/sqlite/0009_admin_indexes.sql"),
        postgres: include_str!("../../migrations/postgres/0009_admin_indexes.sql"),
    },
    Migration {
        version: 10,
        name: "admin_products",
        sqlite: include_str!("../../migrations/sqlite/0010_admin_products.sql"),
        postgres: include_str!("../../migrations/postgres/0010_admin_products.sql"),
    },
    Migration {
        version: 11,
        name: "admin_catalogue",
        sqlite: include_str!("../../migrations/sqlite/0011_admin_catalogue.sql"),
        postgres: include_str!("../../migrations/postgres/0011_admin_catalogue.sql"),
    },
    Migration {
        version: 12,
        name: "promo_codes",
        sqlite: include_str!("../../migrations/sqlite/0012_promo_codes.sql"),
        postgres: include_str!("../../migrations/postgres/0012_promo_codes.sql"),
    },
    Migration {
        version: 13,
        name: "catalogue_version",
        sqlite: include_str!("../../migrations/sqlite/0013_catalogue_version.sql"),
        postgres: include_str!("../../migrations/postgres/0013_catalogue_version.sql"),
    },
    Migration {
        version: 14,
        name: "catalogue_changes",
        sqlite: include_str!("../../migrations/sqlite/0014_catalogue_changes.sql"),
        postgres: include_str!("../../migrations/postgres/0014_catalogue_changes.sql"),
    },
    Migration {
        version: 15,
        name: "versions_and_stock_history",
        sqlite: include_str!("../../migrations/sqlite/0015_versions_and_stock_history.sql"),
        postgres: include_str!("../../migrations/postgres/0015_versions_and_stock_history.sql"),
    },
    Migration {
        version: 16,
        name: "shop_settings",
        sqlite: include_str!("../../migrations/sqlite/0016_shop_settings.sql"),
        postgres: include_str!("../../migrations/postgres/0016_shop_settings.sql"),
    },
    Migration {
        version: 17,
        name: "search_synonyms",
        sqlite: include_str!("../../migrations/sqlite/0017_search_synonyms.sql"),
        postgres: include_str!("../../migrations/postgres/0017_search_synonyms.sql"),
    },
    Migration {
        version: 18,
        name: "pages",
        sqlite: include_str!("../../migrations/sqlite/0018_pages.sql"),
        postgres: include_str!("../../migrations/postgres/0018_pages.sql"),
    },
    Migration {
        version: 19,
        name: "activity_object_name",
        sqlite: include_str!("../../migrations/sqlite/0019_activity_object_name.sql"),
        postgres: include_str!("../../migrations/postgres/0019_activity_object_name.sql"),
    },
    Migration {
        version: 20,
        name: "refund_retries",
        sqlite: include_str!("../../migrations/sqlite/0020_refund_retries.sql"),
        postgres: include_str!("../../migrations/postgres/0020_refund_retries.sql"),
    },
    Migration {
        version: 21,
        name: "variants",
        sqlite: include_str!("../../migrations/sqlite/0021_variants.sql"),
        postgres: include_str!("../../migrations/postgres/0021_variants.sql"),
    },
    Migration {
        version: 22,
        name: "tax_class",
        sqlite: include_str!("../../migrations/sqlite/0022_tax_class.sql"),
        postgres: include_str!("../../migrations/postgres/0022_tax_class.sql"),
    },
    Migration {
        version: 23,
        name: "shop_tax_settings",
        sqlite: include_str!("../../migrations/sqlite/0023_shop_tax_settings.sql"),
        postgres: include_str!("../../migrations/postgres/0023_shop_tax_settings.sql"),
    },
    Migration {
        version: 24,
        name: "order_tax",
        sqlite: include_str!("../../migrations/sqlite/0024_order_tax.sql"),
        postgres: include_str!("../../migrations/postgres/0024_order_tax.sql"),
    },
    Migration {
        version: 25,
        name: "invoices",
        sqlite: include_str!("../../migrations/sqlite/0025_invoices.sql"),
        postgres: include_str!("../../migrations/postgres/0025_invoices.sql"),
    },
    Migration {
        version: 26,
        name: "delivery_methods",
        sqlite: include_str!("../../migrations/sqlite/0026_delivery_methods.sql"),
        postgres: include_str!("../../migrations/postgres/0026_delivery_methods.sql"),
    },
    Migration {
        version: 27,
        name: "trade",
        sqlite: include_str!("../../migrations/sqlite/0027_trade.sql"),
        postgres: include_str!("../../migrations/postgres/0027_trade.sql"),
    },
    Migration {
        version: 28,
        name: "pay_on_account",
        sqlite: include_str!("../../migrations/sqlite/0028_pay_on_account.sql"),
        postgres: include_str!("../../migrations/postgres/0028_pay_on_account.sql"),
    },
    Migration {
        version: 29,
        name: "quick_order",
        sqlite: include_str!("../../migrations/sqlite/0029_quick_order.sql"),
        postgres: include_str!("../../migrations/postgres/0029_quick_order.sql"),
    },
    Migration {
        version: 30,
        name: "related_products",
        sqlite: include_str!("../../migrations/sqlite/0030_related_products.sql"),
        postgres: include_str!("../../migrations/postgres/0030_related_products.sql"),
    },
    Migration {
        version: 31,
        name: "refunds",
        sqlite: include_str!("../../migrations/sqlite/0031_refunds.sql"),
        postgres: include_str!("../../migrations/postgres/0031_refunds.sql"),
    },
    Migration {
        version: 32,
        name: "stock_alerts",
        sqlite: include_str!("../../migrations/sqlite/0032_stock_alerts.sql"),
        postgres: include_str!("../../migrations/postgres/0032_stock_alerts.sql"),
    },
    Migration {
        version: 33,
        name: "returns",
        sqlite: include_str!("../../migrations/sqlite/0033_returns.sql"),
        postgres: include_str!("../../migrations/postgres/0033_returns.sql"),
    },
    Migration {
        version: 34,
        name: "staff",
        sqlite: include_str!("../../migrations/sqlite/0034_staff.sql"),
        postgres: include_str!("../../migrations/postgres/0034_staff.sql"),
    },
    Migration {
        version: 35,
        name: "webhooks",
        sqlite: include_str!("../../migrations/sqlite/0035_webhooks.sql"),
        postgres: include_str!("../../migrations/postgres/0035_webhooks.sql"),
    },
];

/// Applies every migration the database has not seen yet, each in its own transaction.
/// Returns the versions applied now.
///
/// Runs on a connection of its own, closed afterwards: on PostgreSQL the advisory lock
/// that keeps nodes starting together from migrating at once is released with it,
/// whatever happened in between.
pub async fn migrate(db: &Db) -> Result<Vec<i64>, sqlx::Error> {
    migrate_set(db, "schema_migrations", MIGRATIONS).await
}

/// Applies the shop's migrations up to `version` only: the database an older binary
/// made, which an upgrade test fills as that version would have, then migrates the rest.
pub async fn migrate_up_to(db: &Db, version: i64) -> Result<Vec<i64>, sqlx::Error> {
    let known = MIGRATIONS.partition_point(|m| m.version <= version);
    migrate_set(db, "schema_migrations", &MIGRATIONS[..known]).await
}

/// Applies the versions of `set` not yet recorded in the version table `table`, as
/// [`migrate`] does the shop's own. `table` is a fixed identifier, never input.
pub async fn migrate_set(
    db: &Db,
    table: &'static str,
    set: &[Migration],
) -> Result<Vec<i64>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?.detach();
    if let Some(lock) = db.dialect.migration_lock() {
        conn.execute(lock).await?;
    }
    let result = apply_pending(&mut conn, db.dialect, table, set).await;
    conn.close().await.ok();
    result
}

async fn apply_pending(
    conn: &mut sqlx::AnyConnection,
    dialect: Dialect,
    table: &str,
    set: &[Migration],
) -> Result<Vec<i64>, sqlx::Error> {
    conn.execute(
        format!(
            "CREATE TABLE IF NOT EXISTS {table} \
             (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)"
        )
        .as_str(),
    )
    .await?;
    let seen_sql = format!("SELECT version FROM {table} WHERE version = $1");
    let record_sql = format!("INSERT INTO {table} (version, name, applied_at) VALUES ($1, $2, $3)");
    let mut applied = Vec::new();
    for migration in set {
        // Rolled back if anything below fails.
        let mut tx = conn.begin_with(dialect.begin_write()).await?;
        let seen = sqlx::query(&seen_sql)
            .bind(migration.version)
            .fetch_optional(&mut *tx)
            .await?;
        if seen.is_some() {
            continue;
        }
        let sql = match dialect {
            Dialect::Sqlite => migration.sqlite,
            Dialect::Postgres => migration.postgres,
        };
        tx.execute(sqlx::raw_sql(sql)).await?;
        sqlx::query(&record_sql)
            .bind(migration.version)
            .bind(migration.name)
            .bind(now_ms())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        tracing::info!(
            set = table,
            version = migration.version,
            name = migration.name,
            "migration applied"
        );
        applied.push(migration.version);
    }
    Ok(applied)
}

/// The newest schema version this binary knows.
pub fn latest_version() -> i64 {
    MIGRATIONS.last().map_or(0, |m| m.version)
}

/// Every schema version this binary knows, oldest first.
pub fn known_versions() -> Vec<i64> {
    MIGRATIONS.iter().map(|m| m.version).collect()
}

/// The schema version recorded in the database (0 when none).
pub async fn current_version(db: &Db) -> Result<i64, sqlx::Error> {
    let row = sqlx::query("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations")
        .fetch_one(&db.pool)
        .await?;
    row.try_get::<i64, _>("v")
}
