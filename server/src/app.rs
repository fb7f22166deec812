//! Wiring: open the database and media store, build the router, serve until asked to stop.

use std::future::Future;
use std::time::Duration;

use tokio::net::TcpListener;

use crate::http::{self, AppState};
use crate::media::Media;
use crate::store::{self, catalogue::Catalogue, Db};
use crate::BoxError;

/// Connects to the database, applies pending migrations and opens the media store.
pub async fn open(
    database_url: &str,
    max_connections: Option<u32>,
    media: Media,
) -> Result<AppState, BoxError> {
    let db = Db::connect(database_url, max_connections)
        .await
        .map_err(|e| {
            format!(
                "cannot open the database {}: {e}",
                store::redact(database_url)
            )
        })?;
    store::migrate(&db)
        .await
        .map_err(|e| format!("migrating the database failed: {e}"))?;
    Ok(AppState {
        catalogue: Catalogue::new(db),
        media,
    })
}

/// How often each node puts ended discounts back to full price.
const SWEEP_EVERY: Duration = Duration::from_secs(30);

/// Serves until `shutdown` completes, then finishes the requests in flight.
pub async fn serve(
    state: AppState,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), BoxError> {
    let catalogue = state.catalogue.clone();
    let sweeper = tokio::spawn(async move {
        let mut tick = tokio::time::interval(SWEEP_EVERY);
        loop {
            tick.tick().await;
            match catalogue.sweep_expired_discounts().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(products = n, "ended discounts swept"),
                Err(e) => tracing::warn!(error = %e, "sweeping ended discounts failed"),
            }
        }
    });
    let result = axum::serve(listener, http::router(state))
        .with_graceful_shutdown(shutdown)
        .await;
    sweeper.abort();
    result.map_err(Into::into)
}

/// Completes on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        tokio::signal::ctrl_c().await.ok();
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
