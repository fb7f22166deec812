//! The SQL store. One query layer (sqlx's `Any` driver, `$1` placeholders) serves
//! SQLite and PostgreSQL; what must differ between them lives in [`dialect`].

pub mod account_orders;
pub mod accounts;
pub mod activity;
pub mod alerts;
pub mod catalogue;
mod checkpoints;
pub mod customer_groups;
pub mod customers;
pub mod dashboard;
pub mod delivery;
pub mod dialect;
mod id_column;
pub mod items;
mod migrate;
pub mod orders;
pub mod outbox;
pub mod pages;
pub mod payments;
pub mod prices;
pub mod promo;
pub mod quick_order;
pub mod reviews;
pub mod settings;
pub mod shown;
pub mod staff;
pub mod stock;
pub mod trade;
pub mod trade_demo;
pub mod webhook_events;
pub mod webhooks;

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyArguments, AnyConnectOptions, AnyPoolOptions, AnyQueryResult};
use sqlx::query::Query;
use sqlx::{Any, AnyPool, Arguments, ConnectOptions, Connection, Execute, Executor, Row};

pub use dialect::Dialect;
pub use migrate::{
    current_version, known_versions, latest_version, migrate, migrate_set, migrate_up_to, Migration,
};

/// How long a PostgreSQL connection may have waited in the pool and still be used
/// without a ping first (see [`Db::connect`]).
const PING_WHEN_IDLE_FOR: Duration = Duration::from_secs(1);

/// A connection pool and the dialect of the database behind it.
#[derive(Clone, Debug)]
pub struct Db {
    pub pool: AnyPool,
    pub dialect: Dialect,
    /// Where write transactions begin ([`Db::begin_write`]). On SQLite, a pool of one
    /// connection of its own: SQLite lets one writer in at a time, and a writer that
    /// finds the lock taken sleeps in SQLite's busy handler (1, 2, 5 … 100 ms steps) even
    /// when the lock is freed a moment later, so under load writes waited tens of
    /// milliseconds for a lock held for one. Taking turns on one connection instead
    /// queues them in this process, each starting as the last commits. (Another
    /// process on the same file still meets the busy timeout.) On PostgreSQL, the pool.
    writer: AnyPool,
    /// On SQLite, held while this `Db` (any clone) lives: its checkpoints task
    /// ([`checkpoints`]) stops once it is gone.
    _checkpoints: Option<Arc<()>>,
}

impl Db {
    /// Connects to `url` (`sqlite://…` or `postgres://…`) with at most `max_connections`
    /// (default: 4 for SQLite, whose connections each run a thread, 16 for PostgreSQL).
    /// For SQLite the file and its folder are created when missing and the database is
    /// switched to WAL mode.
    pub async fn connect(url: &str, max_connections: Option<u32>) -> Result<Db, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let dialect = Dialect::from_url(url).ok_or_else(|| {
            sqlx::Error::Configuration(
                format!(
                    "unsupported database URL (use sqlite:// or postgres://): {}",
                    redact(url)
                )
                .into(),
            )
        })?;
        let options = AnyConnectOptions::from_str(url)?.disable_statement_logging();
        let sqlite_options = |max: u32| {
            AnyPoolOptions::new()
                .max_connections(max)
                .min_connections(1)
                // A connection to a file does not go stale, and the check before each
                // use is a round trip to the connection's thread: as dear as a query.
                .test_before_acquire(false)
                .after_connect(|conn, _meta| {
                    Box::pin(async move {
                        // Safe with WAL: a crash can lose the last commits, never corrupt.
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        // The checkpoints task copies the log back, not the writer.
                        conn.execute("PRAGMA wal_autocheckpoint = 0").await?;
                        Ok(())
                    })
                })
        };
        let pool_options = match dialect {
            Dialect::Sqlite => {
                if let Some(parent) =
                    sqlite_file(url).and_then(|f| Path::new(f).parent().map(Path::to_path_buf))
                {
                    if !parent.as_os_str().is_empty() {
                        std::fs::create_dir_all(&parent).map_err(sqlx::Error::Io)?;
                    }
                }
                switch_to_wal(&options).await?;
                sqlite_options(max_connections.unwrap_or(4))
            }
            Dialect::Postgres => AnyPoolOptions::new()
                .max_connections(max_connections.unwrap_or(16))
                // sqlx pings each connection on its way back to the pool, and by default
                // again before each use: a second round trip to the server per acquire.
                // One back within the last second was just found alive; only one idle
                // longer (which the server may have dropped meanwhile) is pinged first,
                // as HikariCP's alive-bypass window does.
                .test_before_acquire(false)
                .before_acquire(|conn, meta| {
                    Box::pin(async move {
                        if meta.idle_for >= PING_WHEN_IDLE_FOR {
                            conn.ping().await?;
                        }
                        Ok(true)
                    })
                }),
        };
        let pool = pool_options
            .acquire_timeout(Duration::from_secs(5))
            .connect_with(options.clone())
            .await?;
        let (writer, checkpoints) = match dialect {
            Dialect::Sqlite => {
                let writer = sqlite_options(1)
                    .acquire_timeout(Duration::from_secs(5))
                    .connect_with(options.clone())
                    .await?;
                let alive = Arc::new(());
                let task = checkpoints::run(Arc::downgrade(&alive), options, writer.clone());
                tokio::spawn(task);
                (writer, Some(alive))
            }
            Dialect::Postgres => (pool.clone(), None),
        };
        Ok(Db {
            pool,
            dialect,
            writer,
            _checkpoints: checkpoints,
        })
    }

    /// Where one statement that writes runs outside a transaction: on SQLite the writing
    /// connection, in its turn with the transactions (see `writer`), so it never meets
    /// the busy handler while they follow one another; on PostgreSQL the pool.
    pub fn writes(&self) -> &AnyPool {
        &self.writer
    }

    /// A transaction that writes: on SQLite it takes the write lock up front, so
    /// concurrent writers wait instead of failing with SQLITE_BUSY, on the one writing
    /// connection (see `writer`). Dropped without `commit` (an error, a cancelled
    /// request), it rolls back. A task must not begin a second while it holds one.
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        // sqlx's SQLite driver awaits once more after its `BEGIN IMMEDIATE` has run,
        // before the transaction is handed over; a caller dropped there (a client gone
        // mid-request) left it open on the writing connection, and every later write
        // failed ('attempted to call begin_with at non-zero transaction depth'). Begun
        // in a task of its own, a transaction is always handed over whole, and rolled
        // back when its caller is gone.
        let writer = self.writer.clone();
        let begin = self.dialect.begin_write();
        match tokio::spawn(async move { writer.begin_with(begin).await }).await {
            Ok(begun) => begun,
            Err(failed) if failed.is_panic() => std::panic::resume_unwind(failed.into_panic()),
            Err(_) => Err(sqlx::Error::PoolClosed),
        }
    }

    /// Runs `statement`, one that writes (an `UPDATE` or `DELETE` whose `WHERE` comes
    /// last), in turn with the write transactions that hold the lock on `subject` of
    /// `kind` ([`lock_subject`]), with no transaction of its own: no `BEGIN` and `COMMIT`
    /// to hand over to the database.
    ///
    /// On SQLite on the writing connection alone: every write transaction holds that
    /// connection from its `BEGIN IMMEDIATE` to its end, so one statement there already
    /// runs in turn with all of them. On PostgreSQL on the pool, the statement made to
    /// take the lock itself before its `WHERE` is decided ([`Dialect::in_turn`]), and
    /// hold it until it commits.
    pub(crate) async fn execute_in_turn<'q>(
        &self,
        kind: &str,
        subject: &str,
        mut statement: Query<'q, Any, AnyArguments<'q>>,
    ) -> Result<AnyQueryResult, sqlx::Error> {
        let mut arguments = statement
            .take_arguments()
            .map_err(sqlx::Error::Encode)?
            .unwrap_or_default();
        match self.dialect.in_turn(statement.sql(), arguments.len() + 1) {
            None => {
                sqlx::query_with(statement.sql(), arguments)
                    .execute(&self.writer)
                    .await
            }
            Some(sql) => {
                arguments
                    .add(lock_name(kind, subject))
                    .map_err(sqlx::Error::Encode)?;
                sqlx::query_with(&sql, arguments).execute(&self.pool).await
            }
        }
    }
}

/// Switches a SQLite file to WAL, a property of the file: once, on one connection,
/// before the pool opens several (switching needs an exclusive lock).
///
/// Nodes opening a new file together race here. Switching reads the header and then
/// takes the write lock, and SQLite refuses that upgrade at once (SQLITE_BUSY, without
/// waiting on the busy timeout) when another connection took the lock in between. The
/// loser tries again shortly; by then the file is usually in WAL and the switch is a
/// no-op. About five seconds of attempts in all, as long as the busy timeout.
async fn switch_to_wal(options: &AnyConnectOptions) -> Result<(), sqlx::Error> {
    const ATTEMPTS: u32 = 250;
    let mut conn = options.connect().await?;
    let mut attempt = 1;
    let switched = loop {
        match conn.execute("PRAGMA journal_mode = WAL").await {
            Err(error) if is_busy(&error) && attempt < ATTEMPTS => {
                attempt += 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            other => break other,
        }
    };
    conn.close().await?;
    switched.map(drop)
}

/// SQLITE_BUSY: another connection holds the lock this one needs.
fn is_busy(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(e) if e.code().as_deref() == Some("5"))
}

/// `$1, $2, …, $count`: the placeholders of an `IN (…)` list bound in order.
/// `rows` groups of `per_row` placeholders for a multi-row `VALUES`:
/// `($1, $2), ($3, $4)`.
pub(crate) fn value_rows(rows: usize, per_row: usize) -> String {
    (0..rows)
        .map(|r| {
            let cells: Vec<String> = (1..=per_row)
                .map(|c| format!("${}", r * per_row + c))
                .collect();
            format!("({})", cells.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub(crate) fn placeholders(count: usize) -> String {
    (1..=count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Inside a write transaction, waits until no other transaction holds the lock on
/// `subject` of `kind`, then holds it until the transaction ends (see
/// [`Dialect::subject_lock`]): check-then-write sequences on one subject run one at a time.
pub(crate) async fn lock_subject(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    dialect: Dialect,
    kind: &str,
    subject: &str,
) -> Result<(), sqlx::Error> {
    if let Some(sql) = dialect.subject_lock() {
        sqlx::query(sql)
            .bind(lock_name(kind, subject))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Like [`lock_subject`], but gives up at once when another transaction holds the lock.
pub(crate) async fn try_lock_subject(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    dialect: Dialect,
    kind: &str,
    subject: &str,
) -> Result<bool, sqlx::Error> {
    match dialect.try_subject_lock() {
        Some(sql) => sqlx::query(sql)
            .bind(lock_name(kind, subject))
            .fetch_one(&mut **tx)
            .await?
            .try_get("locked"),
        None => Ok(true),
    }
}

/// The name of the lock on `subject` of `kind`, hashed by the database into its key.
fn lock_name(kind: &str, subject: &str) -> String {
    format!("{kind}\n{subject}")
}

/// The path part of a `sqlite:` URL.
fn sqlite_file(url: &str) -> Option<&str> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let file = rest.split('?').next().unwrap_or(rest);
    (!file.is_empty() && file != ":memory:").then_some(file)
}

/// A database (or mail server) URL without its passwords, for logs and errors: the
/// one in its user part, and any `password` (or `…password`) in its query.
pub fn redact(url: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let mut redacted = match (base.find("://"), base.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &base[scheme + 3..at];
            match userinfo.split_once(':') {
                Some((user, _)) => format!("{}{}:***{}", &base[..scheme + 3], user, &base[at..]),
                None => base.to_string(),
            }
        }
        _ => base.to_string(),
    };
    if let Some(query) = query {
        let pairs: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) if key.to_ascii_lowercase().ends_with("password") => {
                    format!("{key}=***")
                }
                _ => pair.to_string(),
            })
            .collect();
        redacted.push('?');
        redacted.push_str(&pairs.join("&"));
    }
    redacted
}

/// A SQLite database of its own in a scratch folder, for the tests of the store's
/// connections; the folder is removed when it is dropped.
#[cfg(test)]
pub(crate) struct Scratch {
    pub db: Db,
    pub url: String,
    pub file: std::path::PathBuf,
    dir: std::path::PathBuf,
}

#[cfg(test)]
impl Scratch {
    pub async fn new() -> Scratch {
        let dir = std::env::temp_dir().join(format!("shop-store-{}", crate::domain::new_id()));
        let file = dir.join("shop.db");
        let url = format!("sqlite://{}?mode=rwc", file.display());
        let db = Db::connect(&url, None).await.expect("connects");
        Scratch { db, url, file, dir }
    }
}

#[cfg(test)]
impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacts_passwords_only() {
        assert_eq!(
            redact("postgres://shop:secret@db:5432/shop"),
            "postgres://shop:***@db:5432/shop"
        );
        assert_eq!(
            redact("postgres://postgres@127.0.0.1/test"),
            "postgres://postgres@127.0.0.1/test"
        );
        assert_eq!(redact("sqlite://data/shop.db"), "sqlite://data/shop.db");
        assert_eq!(
            redact(
                "postgres://shop@db/shop?sslmode=require&password=secret&Password=x&sslpassword=y"
            ),
            "postgres://shop@db/shop?sslmode=require&password=***&Password=***&sslpassword=***"
        );
        assert_eq!(
            redact("sqlite://data/shop.db?mode=rwc"),
            "sqlite://data/shop.db?mode=rwc"
        );
    }

    #[test]
    fn finds_the_sqlite_file() {
        assert_eq!(
            sqlite_file("sqlite://data/shop.db?mode=rwc"),
            Some("data/shop.db")
        );
        assert_eq!(sqlite_file("sqlite:/tmp/x.db"), Some("/tmp/x.db"));
        assert_eq!(sqlite_file("sqlite::memory:"), None);
    }

    /// Writes whose callers are dropped at any point (clients gone mid-request) leave
    /// no transaction open on the writing connection: the next write begins.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn writes_dropped_midway_leave_the_writer_free() {
        let scratch = Scratch::new().await;
        let db = &scratch.db;
        for round in 0..400 {
            let writers: Vec<_> = (0..16)
                .map(|_| {
                    let db = db.clone();
                    tokio::spawn(async move {
                        loop {
                            let tx = db.begin_write().await.expect("begins");
                            tx.commit().await.expect("commits");
                        }
                    })
                })
                .collect();
            // Some writes done, some begun, some waiting: every one dropped where it is.
            for _ in 0..round % 50 * 4 + 1 {
                tokio::task::yield_now().await;
            }
            for writer in &writers {
                writer.abort();
            }
            for writer in writers {
                let ended = writer.await;
                assert!(ended.is_err_and(|e| e.is_cancelled()), "round {round}");
            }
            let tx = db.begin_write().await;
            assert!(tx.is_ok(), "round {round}: {:?}", tx.err());
            tx.expect("begins").commit().await.expect("commits");
        }
    }
}
