//! Versioned migrations, embedded in the binary and applied at start-up and by
//! `shop migrate`. Each version has one file per backend where the DDL differs.

use sqlx::{Executor, Row};

use super::{Db, Dialect};
use crate::domain::time::now_ms;

struct Migration {
    version: i64,
    name: &'static str,
    sqlite: &'static str,
    postgres: &'static str,
}

const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    name: "catalogue",
    sqlite: include_str!("../../migrations/sqlite/0001_catalogue.sql"),
    postgres: include_str!("../../migrations/postgres/0001_catalogue.sql"),
}];

/// Applies every migration the database has not seen yet, each in its own transaction.
/// Returns the versions applied now.
pub async fn migrate(db: &Db) -> Result<Vec<i64>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
    )
    .await?;
    let lock = db.dialect.migration_lock();
    if let Some((lock, _)) = lock {
        conn.execute(lock).await?;
    }
    let result = apply_pending(&mut conn, db.dialect).await;
    if let Some((_, unlock)) = lock {
        conn.execute(unlock).await?;
    }
    result
}

async fn apply_pending(
    conn: &mut sqlx::AnyConnection,
    dialect: Dialect,
) -> Result<Vec<i64>, sqlx::Error> {
    let mut applied = Vec::new();
    for migration in MIGRATIONS {
        conn.execute(dialect.begin_write()).await?;
        let outcome = async {
            let seen = sqlx::query("SELECT version FROM schema_migrations WHERE version = $1")
                .bind(migration.version)
                .fetch_optional(&mut *conn)
                .await?;
            if seen.is_some() {
                return Ok(false);
            }
            let sql = match dialect {
                Dialect::Sqlite => migration.sqlite,
                Dialect::Postgres => migration.postgres,
            };
            conn.execute(sqlx::raw_sql(sql)).await?;
            sqlx::query(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
            )
            .bind(migration.version)
            .bind(migration.name)
            .bind(now_ms())
            .execute(&mut *conn)
            .await?;
            Ok::<_, sqlx::Error>(true)
        }
        .await;
        match outcome {
            Ok(true) => {
                conn.execute("COMMIT").await?;
                tracing::info!(
                    version = migration.version,
                    name = migration.name,
                    "migration applied"
                );
                applied.push(migration.version);
            }
            Ok(false) => conn.execute("COMMIT").await.map(drop)?,
            Err(err) => {
                conn.execute("ROLLBACK").await.ok();
                return Err(err);
            }
        }
    }
    Ok(applied)
}

/// The newest schema version this binary knows.
pub fn latest_version() -> i64 {
    MIGRATIONS.last().map_or(0, |m| m.version)
}

/// The schema version recorded in the database (0 when none).
pub async fn current_version(db: &Db) -> Result<i64, sqlx::Error> {
    let row = sqlx::query("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations")
        .fetch_one(&db.pool)
        .await?;
    row.try_get::<i64, _>("v")
}
