//! A shop built without the test card provider (`cargo test --no-default-features`):
//! it makes none of the provider's tables and refuses `SHOP_PAYMENTS=test` at start.
//! With the provider built in (the default) this file tests nothing: `tests/api` does.
#![cfg(not(feature = "test-payments"))]

use std::path::PathBuf;
use std::process::{Command, Stdio};

use sqlx::{Connection, Executor};

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shop-{name}-{}", shop::domain::id::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `shop serve` reached at `public_url`, with `SHOP_PAYMENTS` as `payments` gives it.
fn serve(dir: &std::path::Path, public_url: &str, payments: Option<&str>) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_shop"));
    command
        .arg("--data-dir")
        .arg(dir)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .env("SHOP_PUBLIC_URL", public_url)
        .env_remove("SHOP_DATABASE_URL")
        .env_remove("SHOP_PAYMENTS")
        .stdin(Stdio::null());
    if let Some(payments) = payments {
        command.env("SHOP_PAYMENTS", payments);
    }
    command.output().expect("the shop binary runs")
}

#[test]
fn shop_payments_test_is_refused_at_start() {
    let dir = data_dir("no-test-payments");
    for public_url in ["http://127.0.0.1:8080", "https://shop.example.com"] {
        let ran = serve(&dir, public_url, Some("test"));
        let said = String::from_utf8_lossy(&ran.stderr);
        assert_eq!(ran.status.code(), Some(2), "{public_url}: {said}");
        assert!(
            said.contains("built without the test card provider") && said.contains("`manual`"),
            "{public_url}: {said}"
        );
        // It stopped before opening (and so migrating) the database.
        assert!(!dir.join("shop.db").exists(), "{public_url}");
    }
    // docs/DESIGN.md §7's guard is the same: a public shop that chose nothing does not start.
    let ran = serve(&dir, "https://shop.example.com", None);
    assert_eq!(ran.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&ran.stderr).contains("SHOP_PAYMENTS must be chosen"));
    std::fs::remove_dir_all(&dir).ok();
}

async fn tables_after_opening(url: &str) -> Vec<String> {
    let db = shop::app::open_database(url, Some(2))
        .await
        .expect("it opens");
    let sql = match db.dialect {
        shop::store::Dialect::Sqlite => "SELECT name FROM sqlite_master WHERE type = 'table'",
        shop::store::Dialect::Postgres => {
            "SELECT CAST(tablename AS TEXT) FROM pg_tables WHERE schemaname = 'public'"
        }
    };
    let tables = sqlx::query_as::<_, (String,)>(sql)
        .fetch_all(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    tables.into_iter().map(|(t,)| t).collect()
}

fn assert_no_test_provider_tables(tables: &[String]) {
    assert!(
        tables.iter().any(|t| t == "payment_transactions"),
        "{tables:?}"
    );
    assert!(
        tables.iter().all(|t| !t.starts_with("testpsp_")),
        "{tables:?}"
    );
}

#[tokio::test]
async fn a_fresh_sqlite_database_has_none_of_the_test_providers_tables() {
    sqlx::any::install_default_drivers();
    let dir = data_dir("no-test-payments-db");
    let url = format!("sqlite://{}?mode=rwc", dir.join("shop.db").display());
    let tables = tables_after_opening(&url).await;
    std::fs::remove_dir_all(&dir).ok();
    assert_no_test_provider_tables(&tables);
}

#[tokio::test]
async fn a_fresh_postgres_database_has_none_of_the_test_providers_tables() {
    sqlx::any::install_default_drivers();
    let admin_url = std::env::var("SHOP_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    let name = format!("shop_test_{}", shop::domain::id::new_id());
    let mut admin = sqlx::AnyConnection::connect(&admin_url).await.unwrap();
    admin
        .execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .unwrap();
    let base = admin_url
        .rsplit_once('/')
        .map_or(admin_url.as_str(), |(b, _)| b);
    let opened = tokio::spawn(tables_after_opening_owned(format!("{base}/{name}"))).await;
    admin
        .execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
        .await
        .unwrap();
    assert_no_test_provider_tables(&opened.expect("the database opens"));
}

async fn tables_after_opening_owned(url: String) -> Vec<String> {
    tables_after_opening(&url).await
}
