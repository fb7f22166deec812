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
//!
//! It also puts into the JSON envelope the answers hyper gives on its own, with an
//! empty body, to a request it will not parse ([`EnvelopeParseErrors`]).

use std::future::Future;
use std::net::SocketAddr;
use std::pin::pin;
use std::pin::Pin;
use std::sync::{Arc, LazyLock};
use std::task::{ready, Context, Poll};
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinSet;
use tower::ServiceExt;

use super::middleware::{DEFAULT_CSP, SECURITY_HEADERS};

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
    let io = TokioIo::new(EnvelopeParseErrors::new(stream));
    let mut connection = pin!(builder.serve_connection(io, service));
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

/// hyper answers a request it will not parse itself, with an empty body, and closes the
/// connection: 414 for a URI over 64 KiB (a limit of its own, not configurable), 431 for
/// a header larger than its buffer. Those are the only 414 and 431 this server sends,
/// and hyper writes each as the first bytes of a write: this stream, under hyper,
/// writes in their place the same status in the JSON envelope with the security headers
/// every other answer carries, then lets nothing else of hyper's through.
struct EnvelopeParseErrors {
    stream: TcpStream,
    /// The answer written instead of hyper's, and how much of it has gone.
    replacement: Option<(&'static [u8], usize)>,
}

impl EnvelopeParseErrors {
    fn new(stream: TcpStream) -> Self {
        EnvelopeParseErrors {
            stream,
            replacement: None,
        }
    }

    /// Writes what is left of the replacement.
    fn poll_replacement(&mut self, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        while let Some((bytes, written)) = &mut self.replacement {
            if *written == bytes.len() {
                break;
            }
            let n = ready!(Pin::new(&mut self.stream).poll_write(cx, &bytes[*written..]))?;
            if n == 0 {
                return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into()));
            }
            *written += n;
        }
        Poll::Ready(Ok(()))
    }
}

/// The envelope for hyper's own answer starting `head`, if it is one.
fn envelope_for(head: &[u8]) -> Option<&'static [u8]> {
    if head.starts_with(b"HTTP/1.1 414 ") {
        Some(URI_TOO_LONG.as_slice())
    } else if head.starts_with(b"HTTP/1.1 431 ") {
        Some(HEADER_TOO_LARGE.as_slice())
    } else {
        None
    }
}

static URI_TOO_LONG: LazyLock<Vec<u8>> = LazyLock::new(|| {
    parse_error_answer(
        "414 URI Too Long",
        "The address is too long: at most 64 KiB",
    )
});
static HEADER_TOO_LARGE: LazyLock<Vec<u8>> = LazyLock::new(|| {
    parse_error_answer(
        "431 Request Header Fields Too Large",
        "The request's header is too large",
    )
});

/// A whole answer, closing the connection as hyper does after it.
fn parse_error_answer(status: &str, message: &str) -> Vec<u8> {
    let body = serde_json::json!({"success": false, "message": message}).to_string();
    let security: String = SECURITY_HEADERS
        .iter()
        .chain([&DEFAULT_CSP])
        .map(|(name, value)| format!("{}: {value}\r\n", name.as_str()))
        .collect();
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\n{security}\
         cache-control: no-store\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

impl AsyncRead for EnvelopeParseErrors {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for EnvelopeParseErrors {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = &mut *self;
        if this.replacement.is_none() {
            match envelope_for(buf) {
                Some(answer) => this.replacement = Some((answer, 0)),
                None => return Pin::new(&mut this.stream).poll_write(cx, buf),
            }
        }
        // hyper's bytes count as written; the replacement goes instead.
        ready!(this.poll_replacement(cx))?;
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        ready!(self.poll_replacement(cx))?;
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        ready!(self.poll_replacement(cx))?;
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
