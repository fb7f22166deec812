//! What `shop serve` decides before it serves: a public shop never takes test cards by
//! accident (docs/DESIGN.md §7).

use std::process::{Command, Stdio};

use crate::process::Server;

fn data_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shop-{name}-{}", shop::domain::id::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `shop serve` on a public address, with `SHOP_PAYMENTS` as `payments` gives it.
fn serve_publicly(dir: &std::path::Path, payments: Option<&str>) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_shop"));
    command
        .arg("--data-dir")
        .arg(dir)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .env("SHOP_PUBLIC_URL", "https://shop.example.com")
        .env_remove("SHOP_DATABASE_URL")
        .env_remove("SHOP_PAYMENTS")
        .stdin(Stdio::null());
    if let Some(payments) = payments {
        command.env("SHOP_PAYMENTS", payments);
    }
    command.output().expect("the shop binary runs")
}

#[test]
fn a_public_shop_that_chose_no_payments_does_not_start() {
    let dir = data_dir("public");
    for payments in [None, Some("")] {
        let ran = serve_publicly(&dir, payments);
        let said = String::from_utf8_lossy(&ran.stderr);
        assert_eq!(ran.status.code(), Some(2), "{payments:?}: {said}");
        assert!(
            said.contains("SHOP_PAYMENTS must be chosen") && said.contains("`manual`"),
            "{payments:?}: {said}"
        );
        // It stopped before opening (and so migrating) the database.
        assert!(!dir.join("shop.db").exists(), "{payments:?}");
    }
    let ran = serve_publicly(&dir, Some("stripe"));
    assert_eq!(ran.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&ran.stderr).contains("`manual` or `test`, not \"stripe\""));
    std::fs::remove_dir_all(&dir).ok();
}

async fn payment_config(server: &Server) -> serde_json::Value {
    let answer = reqwest::get(format!("{}/api/payment/config", server.base))
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    answer.json::<serde_json::Value>().await.unwrap()["data"].clone()
}

fn warns_of_test_cards(server: &Server) -> bool {
    server
        .log()
        .iter()
        .any(|line| line.contains("WARN") && line.contains("test cards are accepted"))
}

#[tokio::test]
async fn a_shop_takes_test_cards_on_loopback_or_when_told_and_says_so() {
    let dir = data_dir("loopback");
    let url = format!("sqlite://{}?mode=rwc", dir.join("shop.db").display());
    // On loopback with no choice: the test provider, and a warning.
    let server = Server::start_with_env(&dir, &url, &[], &[("SHOP_PAYMENTS", "")]).await;
    assert_eq!(payment_config(&server).await["testMode"], true);
    assert!(warns_of_test_cards(&server), "{:?}", server.log());
    server.kill();
    // A public shop that chose manual starts, without test cards.
    let public = [
        ("SHOP_PUBLIC_URL", "https://shop.example.com"),
        ("SHOP_PAYMENTS", "manual"),
    ];
    let server = Server::start_with_env(&dir, &url, &[], &public).await;
    assert_eq!(payment_config(&server).await["testMode"], false);
    assert!(!warns_of_test_cards(&server), "{:?}", server.log());
    server.kill();
    // One that chose test for a demo starts too, and is warned.
    let demo = [
        ("SHOP_PUBLIC_URL", "https://demo.example.com"),
        ("SHOP_PAYMENTS", "test"),
    ];
    let server = Server::start_with_env(&dir, &url, &[], &demo).await;
    assert_eq!(payment_config(&server).await["testMode"], true);
    assert!(warns_of_test_cards(&server), "{:?}", server.log());
    server.kill();
    std::fs::remove_dir_all(&dir).ok();
}
