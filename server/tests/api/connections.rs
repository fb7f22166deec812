//! The bounds on connections (http::connections), on the real binary: a client that
//! stops halfway through a header, or idles on a kept-alive connection, is let go, and a
//! SIGTERM ends the process whatever clients hold open (issue 16, items 3 and 4).

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{drop_database, fresh_database, Backend};
use crate::process::Server;
use shop::domain::id::new_id;

/// How long a test waits for what should come in about a second before it fails.
const PATIENCE: Duration = Duration::from_secs(60);

/// Runs `body` with a temporary data dir and SQLite database (the bounds do not touch
/// the database), then removes both.
async fn with_data_dir<F, Fut>(body: F)
where
    F: FnOnce(std::path::PathBuf, String) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (url, teardown) = fresh_database(Backend::Sqlite).await;
    let dir = std::env::temp_dir().join(format!("shop-connections-{}", new_id()));
    std::fs::create_dir_all(&dir).expect("data dir");
    let outcome = tokio::spawn(body(dir.clone(), url)).await;
    std::fs::remove_dir_all(&dir).ok();
    drop_database(teardown).await;
    if let Err(err) = outcome {
        std::panic::resume_unwind(err.into_panic());
    }
}

/// A connection to `base` (`http://127.0.0.1:PORT`) that has sent `bytes`.
async fn connect_and_send(base: &str, bytes: &[u8]) -> TcpStream {
    let address = base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).await.expect("connects");
    stream.write_all(bytes).await.expect("writes");
    stream
}

/// A half-sent request: its header never ends.
const HALF_SENT: &[u8] = b"GET /api/category HTTP/1.1\r\nHost: x\r\nX-Slow: ";

/// Fails the test unless another client is answered at `base`.
async fn assert_served(base: &str) {
    let answer = reqwest::get(format!("{base}/api/category"))
        .await
        .expect("answers");
    assert_eq!(answer.status(), 200);
}

/// Everything the server sends until it closes the connection; fails the test if it
/// has not closed it within [`PATIENCE`].
async fn read_until_closed(stream: &mut TcpStream) -> String {
    let mut received = Vec::new();
    match tokio::time::timeout(PATIENCE, stream.read_to_end(&mut received)).await {
        Ok(Ok(_)) => {}
        // A reset is the server closing too.
        Ok(Err(e)) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
        Ok(Err(e)) => panic!("reading failed: {e}"),
        Err(_) => panic!("the server kept the connection open past {PATIENCE:?}"),
    }
    String::from_utf8_lossy(&received).into_owned()
}

/// The slow-header attack of the issue: before, each such connection stayed open
/// forever, and 20,200 of them took every file descriptor.
#[tokio::test]
async fn a_client_that_stops_halfway_through_a_header_is_let_go_and_others_are_served() {
    with_data_dir(|dir, url| async move {
        let server = Server::start(&dir, &url, &["--header-timeout", "1"]).await;
        let mut slow = connect_and_send(&server.base, HALF_SENT).await;
        // Served while the slow one holds its connection.
        assert_served(&server.base).await;
        let sent = read_until_closed(&mut slow).await;
        assert!(
            sent.is_empty() || sent.starts_with("HTTP/1.1 408"),
            "the half-sent request gets no answer but its end: {sent:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn an_idle_kept_alive_connection_is_closed_after_the_header_timeout() {
    with_data_dir(|dir, url| async move {
        let server = Server::start(&dir, &url, &["--header-timeout", "1"]).await;
        let whole = b"GET /api/banner HTTP/1.1\r\nHost: x\r\n\r\n";
        let mut idle = connect_and_send(&server.base, whole).await;
        // The answer comes, and then the connection, kept alive, waits for a next
        // request that never comes, until the server closes it.
        let sent = read_until_closed(&mut idle).await;
        assert!(sent.starts_with("HTTP/1.1 200"), "{sent}");
        assert!(sent.contains("\"success\":true"), "{sent}");
    })
    .await;
}

/// Before, the server waited for the half-sent header forever and never exited.
#[tokio::test]
async fn sigterm_ends_the_server_within_its_grace_whatever_a_client_holds_open() {
    with_data_dir(|dir, url| async move {
        // The header timeout far off: only the shutdown's own bound can end the wait.
        let args = ["--header-timeout", "3600", "--shutdown-grace", "1"];
        let server = Server::start(&dir, &url, &args).await;
        let mut slow = connect_and_send(&server.base, HALF_SENT).await;
        // A whole request on another connection first: by its answer the server has, in
        // practice, read the slow one's bytes too, and only then did the old server hang
        // (before that, its shutdown dropped a connection still being sniffed for HTTP/2).
        assert_served(&server.base).await;
        let status = server.terminate(PATIENCE).await;
        let status = status.unwrap_or_else(|| panic!("still running {PATIENCE:?} after SIGTERM"));
        assert!(status.success(), "a clean exit: {status}");
        // And the connection the server let go is closed.
        read_until_closed(&mut slow).await;
    })
    .await;
}
