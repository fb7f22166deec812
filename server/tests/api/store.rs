//! The store below the HTTP layer: migrations, the shop's and the test provider's.

use shop::domain::time::Clock;
use shop::store::{known_versions, migrate, Db, Dialect};

use crate::helpers::{drop_database, fresh_database, Backend};

/// Nodes starting together against a new database: one applies the migrations, the
/// others find them applied, and every node starts.
async fn several_nodes_migrating_a_fresh_database_at_once_all_start(backend: Backend) {
    let (url, teardown) = fresh_database(backend).await;
    let nodes: Vec<_> = (0..4)
        .map(|_| {
            let url = url.clone();
            tokio::spawn(async move {
                let db = Db::connect(&url, Some(2)).await?;
                let applied = migrate(&db).await;
                db.pool.close().await;
                applied
            })
        })
        .collect();
    let mut outcomes = Vec::new();
    for node in nodes {
        outcomes.push(node.await);
    }
    // Dropped before any assertion, so a failing run leaves no database behind.
    drop_database(teardown).await;
    let mut versions = Vec::new();
    for outcome in outcomes {
        versions.extend(outcome.expect("node task").expect("node migrates"));
    }
    // Each migration is its own transaction, so one node may apply the first and
    // another the rest: which node applied what is not the point, once each is.
    versions.sort_unstable();
    assert_eq!(
        versions,
        known_versions(),
        "each migration applied exactly once"
    );
}

#[tokio::test]
async fn several_nodes_migrating_a_fresh_sqlite_database_at_once_all_start() {
    several_nodes_migrating_a_fresh_database_at_once_all_start(Backend::Sqlite).await
}

#[tokio::test]
async fn several_nodes_migrating_a_fresh_postgres_database_at_once_all_start() {
    several_nodes_migrating_a_fresh_database_at_once_all_start(Backend::Postgres).await
}

/// Nodes opening a new SQLite file together each switch it to WAL, and switching
/// reads the header then upgrades to the write lock, which SQLite refuses at once
/// (no busy timeout) when another node got there first. Every node must still open.
/// One round loses that race now and then (about one in twelve with eight nodes, on
/// the machine this was written on), so many rounds make a regression show.
#[tokio::test]
async fn nodes_opening_a_new_sqlite_file_together_all_connect() {
    for _ in 0..40 {
        let (url, teardown) = fresh_database(Backend::Sqlite).await;
        let nodes: Vec<_> = (0..8)
            .map(|_| {
                let url = url.clone();
                tokio::spawn(async move {
                    let db = Db::connect(&url, Some(1)).await?;
                    db.pool.close().await;
                    Ok::<_, sqlx::Error>(())
                })
            })
            .collect();
        let mut outcomes = Vec::new();
        for node in nodes {
            outcomes.push(node.await.expect("node task"));
        }
        drop_database(teardown).await;
        for outcome in outcomes {
            outcome.expect("node connects");
        }
    }
}

/// The names of the tables in `db`.
async fn tables(db: &Db) -> Vec<String> {
    let sql = match db.dialect {
        Dialect::Sqlite => "SELECT name FROM sqlite_master WHERE type = 'table'",
        Dialect::Postgres => {
            "SELECT CAST(tablename AS TEXT) FROM pg_tables WHERE schemaname = 'public'"
        }
    };
    sqlx::query_as::<_, (String,)>(sql)
        .fetch_all(&db.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|(t,)| t)
        .collect()
}

/// Runs `body` on a fresh database's URL, then drops the database, passed or not.
async fn on_fresh_database<F, Fut>(backend: Backend, body: F)
where
    F: FnOnce(String) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (url, teardown) = fresh_database(backend).await;
    let outcome = tokio::spawn(body(url)).await;
    drop_database(teardown).await;
    if let Err(err) = outcome {
        std::panic::resume_unwind(err.into_panic());
    }
}

/// The test provider's tables come from its own migration set, recorded in its own
/// version table: the shop's set (all a build without the provider applies) makes none.
async fn the_test_providers_tables_come_from_its_own_migrations(backend: Backend) {
    on_fresh_database(backend, |url| async move {
        let db = Db::connect(&url, Some(2)).await.unwrap();
        migrate(&db).await.unwrap();
        let shops = tables(&db).await;
        assert!(
            shops.iter().all(|t| !t.starts_with("testpsp_")),
            "{shops:?}"
        );
        assert_eq!(shop::testpsp::migrate(&db).await.unwrap(), [1]);
        let tables = tables(&db).await;
        for table in [
            "testpsp_methods",
            "testpsp_payments",
            "testpsp_operations",
            "testpsp_events",
            "testpsp_schema_migrations",
        ] {
            assert!(tables.contains(&table.to_string()), "{table}: {tables:?}");
        }
        assert!(shop::testpsp::migrate(&db).await.unwrap().is_empty());
        db.pool.close().await;
    })
    .await
}

/// A database the previous version made has the provider's tables from the shop's
/// migration 0007, and rows in them. This version's provider migration leaves them and
/// their rows as they are, and the provider goes on charging a card saved then.
async fn a_database_made_before_the_provider_had_its_own_migrations_keeps_its_books(
    backend: Backend,
) {
    on_fresh_database(backend, |url| async move {
        let db = Db::connect(&url, Some(2)).await.unwrap();
        migrate(&db).await.unwrap();
        let before = match db.dialect {
            Dialect::Sqlite => include_str!("fixtures/testpsp_tables_from_0007.sqlite.sql"),
            Dialect::Postgres => include_str!("fixtures/testpsp_tables_from_0007.postgres.sql"),
        };
        sqlx::raw_sql(before).execute(&db.pool).await.unwrap();
        sqlx::query(
            "INSERT INTO testpsp_methods (id, behaviour, brand, last4, exp_month, exp_year, holder_name, detached, created_at) \
             VALUES ('pm_test_saved_before', 'succeed', 'visa', '4242', 12, 2099, 'Ada Lovelace', 0, 1)",
        )
        .execute(&db.pool)
        .await
        .unwrap();
        db.pool.close().await;

        let db = shop::app::open_database(&url, Some(2)).await.expect("it opens");
        let versions: Vec<(i64,)> =
            sqlx::query_as("SELECT version FROM testpsp_schema_migrations")
                .fetch_all(&db.pool)
                .await
                .unwrap();
        assert_eq!(versions, [(1,)]);
        let psp = shop::testpsp::Psp::new(db.clone(), Clock::system(), [7; 32]);
        let card = psp.method("pm_test_saved_before").await.unwrap();
        assert_eq!(card.map(|c| c.last4).as_deref(), Some("4242"));
        let payment = psp
            .authorize("pm_test_saved_before", 1_000, "order-1", "/back")
            .await
            .unwrap()
            .expect("authorized");
        assert_eq!(payment.state, shop::testpsp::PaymentState::Authorized);
        db.pool.close().await;
    })
    .await
}

#[tokio::test]
async fn the_test_providers_tables_come_from_its_own_migrations_on_sqlite() {
    the_test_providers_tables_come_from_its_own_migrations(Backend::Sqlite).await
}

#[tokio::test]
async fn the_test_providers_tables_come_from_its_own_migrations_on_postgres() {
    the_test_providers_tables_come_from_its_own_migrations(Backend::Postgres).await
}

#[tokio::test]
async fn a_sqlite_database_made_before_the_provider_had_its_own_migrations_keeps_its_books() {
    a_database_made_before_the_provider_had_its_own_migrations_keeps_its_books(Backend::Sqlite)
        .await
}

#[tokio::test]
async fn a_postgres_database_made_before_the_provider_had_its_own_migrations_keeps_its_books() {
    a_database_made_before_the_provider_had_its_own_migrations_keeps_its_books(Backend::Postgres)
        .await
}
