//! Wiring: open the database and media store, build the router, serve until asked to stop.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;

use crate::domain::account_policy::{ATTEMPTS_KEPT_MS, EXPIRED_KEPT_MS};
use crate::domain::time::Clock;
use crate::http::{self, AppState, Settings};
use crate::mail::Mailer;
use crate::media::Media;
use crate::security::Keys;
use crate::store::{
    self, accounts::Accounts, catalogue::Catalogue, items::Items, orders::Orders, outbox::Outbox,
    reviews::Reviews, Db,
};
use crate::BoxError;

/// Connects to the database and applies pending migrations.
pub async fn open_database(
    database_url: &str,
    max_connections: Option<u32>,
) -> Result<Db, BoxError> {
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
    migrate_providers(&db)
        .await
        .map_err(|e| format!("migrating the payment providers' tables failed: {e}"))?;
    Ok(db)
}

/// Everything a serving node needs besides its database.
pub struct Services {
    pub media: Media,
    pub mailer: Mailer,
    pub keys: Keys,
    pub settings: Settings,
    /// The system's clock when serving; a test's own.
    pub clock: Clock,
}

impl AppState {
    pub fn new(db: Db, services: Services) -> AppState {
        AppState::with_provider(db, services, |provider| provider)
    }

    /// [`AppState::new`], with the configured card provider seen through `wrap`: tests
    /// put a double of their own around it (one that refuses refunds, say).
    pub fn with_provider(
        db: Db,
        services: Services,
        wrap: impl FnOnce(
            Arc<dyn crate::payments::PaymentProvider>,
        ) -> Arc<dyn crate::payments::PaymentProvider>,
    ) -> AppState {
        let outbox = Outbox::new(db.clone(), services.clock.clone());
        let provider = card_provider(
            services.settings.payments,
            &db,
            &services.clock,
            &services.keys,
        );
        let payments = crate::payments::Payments::new(
            wrap(provider),
            crate::store::payments::PaymentsStore::new(db.clone()),
            services.clock.clone(),
        );
        let orders = Orders::new(db.clone(), services.clock.clone(), outbox.clone());
        let activity = crate::store::activity::Activity::new(db.clone(), services.clock.clone());
        let shop_settings = Arc::new(crate::store::settings::Settings::new(
            db.clone(),
            services.clock.clone(),
        ));
        let order_service = crate::orders::OrderService::new(
            orders.clone(),
            payments.clone(),
            outbox.clone(),
            shop_settings.clone(),
            crate::orders::OrderLinks::new(
                services.keys.clone(),
                &services.settings.public_url,
                services.clock.clone(),
            ),
        );
        AppState::from_services(crate::http::AppServices {
            payments,
            order_service,
            catalogue: Catalogue::new(db.clone(), services.clock.clone()),
            accounts: Accounts::new(db.clone()),
            reviews: Reviews::new(db.clone()),
            items: Items::new(db.clone(), services.clock.clone()),
            orders,
            activity: activity.clone(),
            promos: crate::store::promo::Promos::new(db.clone(), services.clock.clone()),
            delivery_methods: crate::store::delivery::DeliveryMethods::new(
                db.clone(),
                services.clock.clone(),
            ),
            shop_settings,
            trade: crate::store::trade::Trade::new(db.clone(), services.clock.clone()),
            quick_orders: crate::store::quick_order::QuickOrders::new(
                db.clone(),
                services.clock.clone(),
            ),
            account_orders: crate::store::account_orders::AccountOrders::new(
                db.clone(),
                services.clock.clone(),
            ),
            customer_groups: crate::store::customer_groups::CustomerGroups::new(
                db.clone(),
                services.clock.clone(),
            ),
            pages: crate::store::pages::Pages::new(db.clone(), services.clock.clone()),
            alerts: crate::store::alerts::Alerts::new(db.clone(), services.clock.clone()),
            customers: crate::store::customers::Customers::new(db.clone(), services.clock.clone()),
            dashboard: crate::store::dashboard::Dashboard::new(db.clone()),
            webhooks: crate::store::webhooks::Webhooks::new(
                db.clone(),
                services.clock.clone(),
                activity.clone(),
            ),
            webhook_sender: crate::http::webhooks::send::Sender::new(
                services.settings.webhooks_allow_private,
            ),
            staff: crate::store::staff::Staff::new(
                db.clone(),
                services.clock.clone(),
                activity.clone(),
            ),
            outbox,
            media: services.media,
            mailer: services.mailer,
            keys: services.keys,
            settings: Arc::new(services.settings),
            clock: services.clock,
            responses: Default::default(),
            metrics: Default::default(),
        })
    }
}

/// How often each node puts ended discounts back to full price and clears out
/// attempts, codes, reset tokens and sent mail no rule looks at any more.
const SWEEP_EVERY: Duration = Duration::from_secs(30);
/// How often each node looks whether another changed the catalogue (store::catalogue's
/// `version.rs`): its listing totals lag another node's change by at most this.
const FOLLOW_EVERY: Duration = Duration::from_secs(1);
/// Sent mail stays in the outbox a week, for an operator to look back on.
const SENT_MAIL_KEPT_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// Serves until `shutdown` completes, then finishes the requests in flight
/// (`http::connections`).
pub async fn serve(
    state: AppState,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let catalogue = state.catalogue.clone();
    let accounts = state.accounts.clone();
    let outbox = state.outbox.clone();
    let clock = state.clock.clone();
    let mail_worker = state.settings.deliver_mail.then(|| {
        tokio::spawn(crate::jobs::mail::run(
            state.outbox.clone(),
            state.mailer.clone(),
        ))
    });
    let refund_worker = state
        .settings
        .deliver_mail
        .then(|| tokio::spawn(crate::jobs::refunds::run(state.order_service.clone())));
    let reminder_worker = state
        .settings
        .deliver_mail
        .then(|| tokio::spawn(crate::jobs::reminders::run(state.clone())));
    let alert_worker = state
        .settings
        .deliver_mail
        .then(|| tokio::spawn(crate::jobs::alerts::run(state.clone())));
    let webhook_worker = state
        .settings
        .deliver_mail
        .then(|| tokio::spawn(crate::jobs::webhooks::run(state.clone())));
    let webhooks = state
        .settings
        .deliver_webhooks
        .then(|| state.payments.provider().background())
        .flatten()
        .map(tokio::spawn);
    let follower = {
        let catalogue = state.catalogue.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(FOLLOW_EVERY);
            loop {
                tick.tick().await;
                if let Err(e) = catalogue.follow_changes().await {
                    tracing::warn!(error = %e, "reading the catalogue's version failed");
                }
            }
        })
    };
    let sweeper = tokio::spawn(async move {
        let mut tick = tokio::time::interval(SWEEP_EVERY);
        loop {
            tick.tick().await;
            match catalogue.sweep_expired_discounts().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(products = n, "ended discounts swept"),
                Err(e) => tracing::warn!(error = %e, "sweeping ended discounts failed"),
            }
            let now = clock.now_ms();
            if let Err(e) = accounts
                .sweep(now - ATTEMPTS_KEPT_MS, now - EXPIRED_KEPT_MS)
                .await
            {
                tracing::warn!(error = %e, "sweeping old attempts and tokens failed");
            }
            if let Err(e) = outbox.sweep(now - SENT_MAIL_KEPT_MS).await {
                tracing::warn!(error = %e, "sweeping sent mail failed");
            }
        }
    });
    let bounds = state.settings.connections;
    http::connections::serve(http::router(state), listener, bounds, shutdown).await;
    sweeper.abort();
    follower.abort();
    if let Some(webhooks) = webhooks {
        webhooks.abort();
    }
    if let Some(worker) = mail_worker {
        worker.abort();
    }
    if let Some(worker) = refund_worker {
        worker.abort();
    }
    if let Some(worker) = reminder_worker {
        worker.abort();
    }
    if let Some(worker) = alert_worker {
        worker.abort();
    }
    if let Some(worker) = webhook_worker {
        worker.abort();
    }
}

/// Completes on Ctrl-C or SIGTERM. The handlers are in place when this returns, so
/// call it before telling anyone the server is up: a signal that came before would end
/// the process at once.
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    let handlers = {
        use tokio::signal::unix::{signal, SignalKind};
        (
            signal(SignalKind::interrupt()),
            signal(SignalKind::terminate()),
        )
    };
    async move {
        #[cfg(unix)]
        match handlers {
            (Ok(mut interrupt), Ok(mut terminate)) => {
                tokio::select! {
                    _ = interrupt.recv() => {},
                    _ = terminate.recv() => {},
                }
            }
            _ => {
                tracing::warn!("cannot handle signals: Ctrl-C and SIGTERM end the server at once");
                std::future::pending::<()>().await;
            }
        }
        #[cfg(not(unix))]
        tokio::signal::ctrl_c().await.ok();
        tracing::info!("shutting down: finishing requests in flight");
    }
}

/// The card providers built into this binary are named here, the one place that
/// composes the shop: `payments` knows only the `PaymentProvider` trait. The provider
/// `mode` names, made for this database and clock.
#[cfg_attr(not(feature = "test-payments"), allow(unused_variables))]
fn card_provider(
    mode: crate::payments::Mode,
    db: &Db,
    clock: &Clock,
    keys: &Keys,
) -> Arc<dyn crate::payments::PaymentProvider> {
    match mode {
        crate::payments::Mode::Manual => Arc::new(crate::payments::provider::Manual),
        #[cfg(feature = "test-payments")]
        crate::payments::Mode::Test => {
            let secret = keys.payment_webhook_secret();
            let psp = crate::testpsp::Psp::new(db.clone(), clock.clone(), secret);
            Arc::new(crate::testpsp::TestProvider::new(psp, secret))
        }
    }
}

/// Applies the migrations of every provider built in, each its own set with its own
/// version table, whichever provider `SHOP_PAYMENTS` chooses: a provider's books stay
/// where they are when a shop switches to `manual` and back.
#[cfg_attr(not(feature = "test-payments"), allow(unused_variables))]
async fn migrate_providers(db: &Db) -> Result<(), sqlx::Error> {
    #[cfg(feature = "test-payments")]
    crate::testpsp::migrate(db).await?;
    Ok(())
}
