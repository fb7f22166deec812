//! `shop backup` and `shop restore` on the real binary.

use std::path::Path;
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};

use reqwest::StatusCode;
use shop::domain::id::new_id;
use shop::domain::time::Clock;
use shop::store::catalogue::{Catalogue, NewProduct};

use crate::helpers::{drop_database, fresh_database, new_product, one_category, Backend};
use crate::orders::guest_order;
use crate::process::Server;

/// Clients placing orders at once while the backup runs.
const CLIENTS: usize = 4;
/// Orders acknowledged before the backup begins.
const BEFORE: usize = 24;

/// `shop ARGS…` to its end.
fn shop(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shop"))
        .args(args)
        .env("SHOP_LOG", "warn")
        .env_remove("SHOP_DATABASE_URL")
        .env_remove("SHOP_MEDIA")
        .output()
        .expect("the shop binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

async fn products(url: &str) -> Vec<String> {
    let db = shop::app::open_database(url, Some(1))
        .await
        .expect("database opens");
    let catalogue = Catalogue::new(db.clone(), Clock::system());
    let (category, sub) = one_category(&catalogue, "Spares", "Washers").await;
    let products: Vec<NewProduct> = (0..CLIENTS)
        .map(|n| NewProduct {
            stock: 100_000,
            ..new_product(&format!("Washer No. {n}"), 250, &category, &sub)
        })
        .collect();
    catalogue
        .insert_products(&products)
        .await
        .expect("products");
    db.pool.close().await;
    products
        .into_iter()
        .map(|p| p.id.as_str().to_string())
        .collect()
}

#[tokio::test]
async fn a_backup_taken_while_orders_are_placed_restores_every_order_acknowledged_before_it() {
    let (url, teardown) = fresh_database(Backend::Sqlite).await;
    let work = std::env::temp_dir().join(format!("shop-backup-{}", new_id()));
    let outcome = tokio::spawn(back_up_under_load(url.clone(), work.clone())).await;
    std::fs::remove_dir_all(&work).ok();
    drop_database(teardown).await;
    if let Err(err) = outcome {
        std::panic::resume_unwind(err.into_panic());
    }
}

async fn back_up_under_load(url: String, work: std::path::PathBuf) {
    let (live, restored) = (work.join("live"), work.join("restored"));
    let photo = live.join("media/products/p1/photo.jpg");
    std::fs::create_dir_all(photo.parent().unwrap()).unwrap();
    std::fs::write(&photo, b"\xff\xd8 a stand-in photo").unwrap();
    let products = products(&url).await;
    let server = Server::start(&live, &url, &[]).await;

    // Clients place orders until told to stop; each acknowledged number is recorded.
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let (count_tx, mut count) = tokio::sync::watch::channel(0usize);
    let (stop_tx, stop) = tokio::sync::watch::channel(false);
    let count_tx = Arc::new(count_tx);
    let mut clients = Vec::new();
    for (n, product) in products.into_iter().enumerate() {
        let (base, acknowledged, count_tx, stop) = (
            server.base.clone(),
            acknowledged.clone(),
            count_tx.clone(),
            stop.clone(),
        );
        clients.push(tokio::spawn(async move {
            let client = reqwest::Client::new();
            while !*stop.borrow() {
                let body = guest_order(&format!("guest{n}@example.com"), &[(&product, 1)]);
                let answer = client
                    .post(format!("{base}/api/order"))
                    .header("Idempotency-Key", new_id().to_string())
                    .json(&body)
                    .send()
                    .await
                    .expect("answered");
                assert_eq!(answer.status(), StatusCode::CREATED);
                let placed: serde_json::Value = answer.json().await.unwrap();
                let number = placed["data"]["order"]["number"]
                    .as_str()
                    .unwrap()
                    .to_string();
                let mut all = acknowledged.lock().unwrap();
                all.push(number);
                count_tx.send_replace(all.len());
            }
        }));
    }
    count
        .wait_for(|n| *n >= BEFORE)
        .await
        .expect("orders are placed");
    let before: Vec<String> = acknowledged.lock().unwrap().clone();

    let file = work.join("shop.backup");
    let file_text = file.to_str().unwrap();
    let data = live.to_str().unwrap();
    let made = tokio::task::spawn_blocking({
        let (url, file_text, data) = (url.clone(), file_text.to_string(), data.to_string());
        move || {
            shop(&[
                "--data-dir",
                &data,
                "--database-url",
                &url,
                "backup",
                &file_text,
            ])
        }
    })
    .await
    .unwrap();
    assert!(made.status.success(), "backup: {}", text(&made.stderr));
    assert!(
        text(&made.stdout).contains("1 media files"),
        "{}",
        text(&made.stdout)
    );
    stop_tx.send_replace(true);
    for client in clients {
        client.await.expect("the client placed its orders");
    }
    let during = acknowledged.lock().unwrap().len() - before.len();
    eprintln!(
        "{} orders before the backup began, {during} more while it ran",
        before.len()
    );
    drop(server);

    // The same file again is refused: a backup never overwrites.
    let again = shop(&[
        "--data-dir",
        data,
        "--database-url",
        &url,
        "backup",
        file_text,
    ]);
    assert!(!again.status.success());
    assert!(
        text(&again.stderr).contains("exists already"),
        "{}",
        text(&again.stderr)
    );

    let restored_text = restored.to_str().unwrap();
    let put_back = shop(&["--data-dir", restored_text, "restore", file_text]);
    assert!(
        put_back.status.success(),
        "restore: {}",
        text(&put_back.stderr)
    );
    assert_eq!(
        std::fs::read(restored.join("media/products/p1/photo.jpg")).unwrap(),
        b"\xff\xd8 a stand-in photo"
    );
    let numbers = order_numbers(&restored.join("shop.db")).await;
    for number in &before {
        assert!(
            numbers.contains(number),
            "order {number}, acknowledged before the backup, is lost"
        );
    }
    // Into a data dir that holds a shop already: refused, nothing changed.
    let twice = shop(&["--data-dir", restored_text, "restore", file_text]);
    assert!(!twice.status.success());
    assert!(
        text(&twice.stderr).contains("restore into an empty data dir"),
        "{}",
        text(&twice.stderr)
    );
}

async fn order_numbers(database: &Path) -> Vec<String> {
    let url = format!("sqlite://{}", database.display());
    let db = shop::app::open_database(&url, Some(1))
        .await
        .expect("the restored database opens");
    let numbers = sqlx::query_scalar::<_, String>("SELECT number FROM orders")
        .fetch_all(&db.pool)
        .await
        .expect("orders");
    db.pool.close().await;
    numbers
}

#[tokio::test]
async fn on_postgresql_backup_tells_how_to_use_pg_dump() {
    let (url, teardown) = fresh_database(Backend::Postgres).await;
    let dir = std::env::temp_dir().join(format!("shop-backup-pg-{}", new_id()));
    let file = dir.join("shop.backup");
    let said = shop(&[
        "--data-dir",
        dir.to_str().unwrap(),
        "--database-url",
        &url,
        "backup",
        file.to_str().unwrap(),
    ]);
    std::fs::remove_dir_all(&dir).ok();
    drop_database(teardown).await;
    assert!(!said.status.success());
    assert!(
        text(&said.stderr).contains("pg_dump --format=custom"),
        "{}",
        text(&said.stderr)
    );
    assert!(!file.exists());
}
