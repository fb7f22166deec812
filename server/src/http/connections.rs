//! The HTTP/1 server loop. It is axum's `serve` with three bounds that one lacks:
//!
//! - A client has `header_timeout` to send a request's header. The timer runs from
//!   the moment the server waits for a request, so it also ends idle keep-alive
//!   connections. Without it, a client that sent half a header kept its connection
//!   forever, and 20,000 such clients took every file descriptor.
//! - At most `max_connections` are open. Past that, new ones wait in the kernel's
//!   backlog until one closes.
//! - A shutdown finishes the requests in flight and closes idle connections. It waits
//!   for the rest at most `shutdown_grace`, then closes them too. Before, one
//!   half-sent header kept a SIGTERM'd server from ever exiting.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinSet;
use tower::ServiceExt;

/// The bounds on this node's connections (`shop serve --help`).
#[derive(Clone, Copy, Debug)]
pub struct Connections {
    /// How long a client may take to send a request's header, or to start the next one
    /// on a kept-alive connection.
    pub header_timeout: Duration,
    /// How many connections may be open at once.
    pub max_connections: usize,
    /// How long a shutdown waits for requests in flight before it closes their connections.
    pub shutdown_grace: Duration,
}

impl Default for Connections {
    fn default() -> Self {
        Connections {
            header_timeout: Duration::from_secs(20),
            max_connections: 10_000,
            shutdown_grace: Duration::from_secs(30),
        }
    }
}

/// Serves `router` on `listener` until `shutdown` completes, then shuts down as the
/// module's documentation says.
pub async fn serve(
    router: Router,
    listener: TcpListener,
    bounds: Connections,
    shutdown: impl Future<Output = ()>,
) {
    let permits = Arc::new(Semaphore::new(bounds.max_connections));
    let (stop, stopping) = watch::channel(false);
    let mut open = JoinSet::new();
    let mut shutdown = pin!(shutdown);
    loop {
        while open.try_join_next().is_some() {}
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let connection = serve_connection(
            router.clone(),
            stream,
            peer,
            bounds.header_timeout,
            stopping.clone(),
            permit,
        );
        open.spawn(connection);
    }
    drop(listener);
    stop.send_replace(true);
    let drained = tokio::time::timeout(bounds.shutdown_grace, async {
        while open.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        tracing::warn!(
            connections = open.len(),
            grace_s = bounds.shutdown_grace.as_secs_f64(),
            "shutting down: closing connections still open after the grace period"
        );
        open.shutdown().await;
    }
}

async fn serve_connection(
    router: Router,
    stream: TcpStream,
    peer: SocketAddr,
    header_timeout: Duration,
    mut stopping: watch::Receiver<bool>,
    _permit: OwnedSemaphorePermit,
) {
    // What axum's `into_make_service_with_connect_info` gives each request: the peer,
    // for the login limits' client address.
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let mut request = request.map(Body::new);
        request.extensions_mut().insert(ConnectInfo(peer));
        router.clone().oneshot(request)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout);
    let mut connection = pin!(builder.serve_connection(TokioIo::new(stream), service));
    let result = tokio::select! {
        result = connection.as_mut() => result,
        () = async { drop(stopping.wait_for(|stop| *stop).await) } => {
            connection.as_mut().graceful_shutdown();
            connection.await
        }
    };
    if let Err(e) = result {
        tracing::debug!(%peer, error = %e, "connection ended with an error");
    }
}

/// After a failed accept: a connection reset before it was taken is nothing; anything
/// else (out of file descriptors, above all) is logged, and the loop pauses a moment so
/// as not to spin while it lasts.
async fn accept_failed(e: std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    ) {
        return;
    }
    tracing::error!(error = %e, "accepting a connection failed");
    tokio::time::sleep(Duration::from_millis(100)).await;
}
