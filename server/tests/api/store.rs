//! The store below the HTTP layer: migrations.

use shop::store::{migrate, Db};

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
        shop::store::versions(),
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
