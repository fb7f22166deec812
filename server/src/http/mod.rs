//! The HTTP layer: routers per area, the envelope, extractors, middleware.
//!
//! A folder per area (`auth/`, `catalogue/`, `content/`, `orders/`, `reviews/`), each holding the
//! shop's calls and the console's calls of that area and exposing `router()`; `admin/`
//! holds the console's areas with no shop side. The files beside them are what every
//! area uses: the error envelope, extractors, forms, paging, identity, the layers.

pub mod admin;
pub mod auth;
pub mod catalogue;
pub mod connections;
pub mod content;
pub mod error;
mod error_code;
pub mod extract;
pub mod form;
pub mod health;
pub mod identity;
pub mod items;
pub mod media;
mod middleware;
pub mod openapi;
mod openapi_limits;
mod openapi_patterns;
pub mod orders;
pub mod paging;
pub mod response_cache;
pub mod returns;
pub mod reviews;
mod seo;
pub mod staff;
mod storefront;
pub mod trade;
mod validators;
pub mod webhooks;

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::HeaderValue;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::time::Clock;
use crate::mail::Mailer;
use crate::media::Media;
use crate::payments::Payments;
use crate::security::Keys;
use crate::store::accounts::Accounts;
use crate::store::activity::Activity;
use crate::store::catalogue::Catalogue;
use crate::store::customers::Customers;
use crate::store::dashboard::Dashboard;
use crate::store::items::Items;
use crate::store::orders::Orders;
use crate::store::outbox::Outbox;
use crate::store::reviews::Reviews;
pub use error::AppError;

/// What every handler can reach: one shared [`AppServices`] behind an `Arc`.
/// Axum clones the state for every request, and more than once (each layer with state,
/// each handler); a clone is one reference count, not one per store (cloning them all
/// and dropping them again was a quarter of the CPU of a kept listing's answer).
#[derive(Clone, Debug)]
pub struct AppState(Arc<AppServices>);

impl AppState {
    pub fn from_services(services: AppServices) -> AppState {
        AppState(Arc::new(services))
    }
}

impl std::ops::Deref for AppState {
    type Target = AppServices;

    fn deref(&self) -> &AppServices {
        &self.0
    }
}

/// The stores and services of a serving node ([`AppState`]).
#[derive(Debug)]
pub struct AppServices {
    pub catalogue: Catalogue,
    pub accounts: Accounts,
    pub reviews: Reviews,
    pub items: Items,
    pub orders: Orders,
    pub outbox: Outbox,
    pub payments: Payments,
    /// The order flows beneath the handlers: placing, settling and moving orders.
    pub order_service: crate::orders::OrderService,
    /// The administrators' activity log: every admin change records itself here.
    pub activity: Activity,
    /// Promo codes: the administrators' edits (orders apply them through the order store).
    pub promos: crate::store::promo::Promos,
    /// Delivery methods: the console's edits (orders choose among them in their own
    /// transaction).
    pub delivery_methods: crate::store::delivery::DeliveryMethods,
    /// The shop's own settings, edited in the console: its currency and pickup point
    /// (docs/DESIGN.md §10, §15). (`settings` is the node's configuration.)
    pub shop_settings: Arc<crate::store::settings::Settings>,
    /// Trade applications and accounts (docs/DESIGN.md §11).
    pub trade: crate::store::trade::Trade,
    /// Trade accounts' open orders: the statement and overdue reminders.
    pub account_orders: crate::store::account_orders::AccountOrders,
    /// Quick order and buy again: lines of SKUs put in a cart.
    pub quick_orders: crate::store::quick_order::QuickOrders,
    /// Customer groups, their prices and quantity breaks.
    pub customer_groups: crate::store::customer_groups::CustomerGroups,
    /// The shop's own pages (privacy, terms, …): read by anyone, written by staff.
    pub pages: crate::store::pages::Pages,
    /// Back-in-stock alerts (docs/DESIGN.md §12).
    pub alerts: crate::store::alerts::Alerts,
    /// The administrators' view of customers, and disabling accounts.
    pub customers: Customers,
    /// The administrators' dashboard figures.
    pub dashboard: Dashboard,
    /// Webhook endpoints and their deliveries (docs/DESIGN.md §13).
    pub webhooks: crate::store::webhooks::Webhooks,
    /// The sender of webhook deliveries: its client and the address rule.
    pub webhook_sender: crate::http::webhooks::send::Sender,
    /// The staff: members, invitations, roles (docs/DESIGN.md §13).
    pub staff: crate::store::staff::Staff,
    pub media: Media,
    pub mailer: Mailer,
    pub keys: Keys,
    pub settings: Arc<Settings>,
    /// Every rule about time reads it here, never the system clock directly.
    pub clock: Clock,
    /// Recent public catalogue answers (`response_cache.rs`).
    pub responses: Arc<response_cache::ResponseCache>,
    /// This node's counters, served at `/metrics`.
    pub metrics: Arc<health::Metrics>,
}

/// How this node is reached and whom it trusts.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// The address shoppers reach the shop at: e-mailed links and signed URLs start with it.
    pub public_url: String,
    /// Other origins whose pages may call the API with credentials (CORS).
    pub cors_origins: Vec<HeaderValue>,
    /// Take the client's address from `X-Forwarded-For` (behind a trusted proxy only).
    pub trust_forwarded_for: bool,
    /// Run this node's background jobs: deliver the mail outbox and retry refunds a
    /// cancellation could not make. Tests turn it off and run them by hand.
    pub deliver_mail: bool,
    /// Who takes card payments (`SHOP_PAYMENTS`).
    pub payments: crate::payments::Mode,
    /// Deliver the test provider's webhooks from this node. Tests deliver by hand.
    pub deliver_webhooks: bool,
    /// The bounds on this node's connections.
    pub connections: connections::Connections,
    /// Let webhooks reach private addresses and plain `http://` (`SHOP_WEBHOOKS_ALLOW_PRIVATE`).
    pub webhooks_allow_private: bool,
    /// Multiplies the waits between a webhook's tries (`SHOP_WEBHOOK_RETRY_SCALE`).
    pub webhook_retry_scale: f64,
    /// What a caller of `/metrics` from elsewhere than this machine must send as its
    /// bearer token (`SHOP_METRICS_TOKEN`); without one, only this machine may read them.
    pub metrics_token: Option<String>,
}

/// The success envelope of docs/DESIGN.md §4.
#[derive(Serialize, ToSchema)]
pub struct Envelope<T> {
    /// Always `true`.
    pub success: bool,
    pub message: String,
    pub data: T,
}

pub fn ok<T>(message: &str, data: T) -> Json<Envelope<T>> {
    Json(Envelope {
        success: true,
        message: message.to_string(),
        data,
    })
}

/// Largest request body a call accepts, unless it takes uploads.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;
/// Largest body of a call that takes a photo: the 5 MB photo and the form around it.
/// Within it, the form reader answers an oversized photo with the storefront's message.
pub const MAX_UPLOAD_BODY_BYTES: usize = 6 * 1024 * 1024;

/// Caps request bodies at `bytes`: a declared Content-Length over it is refused before
/// any handler runs, and extractors stop reading there.
fn body_limit<S: Clone + Send + Sync + 'static>(router: Router<S>, bytes: usize) -> Router<S> {
    router
        .layer(DefaultBodyLimit::max(bytes))
        .layer(tower_http::limit::RequestBodyLimitLayer::new(bytes))
}

/// The whole application: `/api`, `/media` and the storefront for every other path.
pub fn router(state: AppState) -> Router {
    let cors = cors(&state.settings.cors_origins);
    let small = Router::new()
        .merge(catalogue::router())
        .merge(content::router())
        .merge(auth::router())
        .merge(reviews::router())
        .merge(items::router())
        .merge(orders::router())
        .merge(admin::router())
        .merge(trade::router())
        .merge(returns::router())
        .merge(staff::router())
        .merge(webhooks::router())
        .route("/openapi.json", get(openapi::serve));
    let api = body_limit(small, MAX_BODY_BYTES)
        .merge(body_limit(auth::upload_router(), MAX_UPLOAD_BODY_BYTES))
        .merge(body_limit(
            reviews::upload_router(),
            reviews::MAX_REVIEW_BODY_BYTES,
        ))
        .merge(body_limit(
            catalogue::photos::upload_router(),
            catalogue::photos::MAX_PHOTOS_BODY_BYTES,
        ))
        .merge(body_limit(
            catalogue::csv::import_router(),
            // The file and a little room: over its own limit it is told 'at most 10 MB'.
            catalogue::csv::MAX_IMPORT_BYTES + 64 * 1024,
        ))
        .merge(body_limit(
            trade::price_list::import_router(),
            trade::price_list::MAX_PRICE_FILE_BYTES + 64 * 1024,
        ))
        .merge(body_limit(
            returns::upload_router(),
            returns::shop::MAX_RETURN_PHOTO_BODY_BYTES,
        ))
        .merge(body_limit(
            content::banners::upload_router(),
            content::banners::MAX_BANNER_BODY_BYTES,
        ))
        // Every console route: staff only, and only the roles that route is for.
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            staff::gate::staff_only,
        ))
        .fallback(|| async { AppError::NotFound("Not found".into()) });
    let payments = state.payments.clone();
    let mut app = Router::new()
        .nest("/api", api)
        .route("/media/{*path}", get(media::serve))
        .merge(seo::router())
        .merge(health::router());
    if let Some((path, routes)) = payments.provider().routes() {
        app = app.nest_service(path, routes);
    }
    let app = app
        .fallback(storefront::serve)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn(middleware::envelope_errors))
        .layer(tower_http::compression::CompressionLayer::new())
        // Outside compression: the catalogue's tags are of the bytes sent, and the
        // answers kept are the bytes sent.
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            validators::catalogue_etags,
        ));
    let app = match cors {
        Some(cors) => app.layer(cors),
        None => app,
    };
    let app = app
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            middleware::log_and_secure,
        ))
        .with_state(state);
    // The provider's webhooks come in through the whole app, as a client's would.
    payments.provider().deliver_to(&app);
    app
}

/// Cross-origin access for the configured origins only, with credentials; none when
/// no origin is configured (the embedded storefront is same-origin).
fn cors(origins: &[HeaderValue]) -> Option<tower_http::cors::CorsLayer> {
    use axum::http::{header, Method};
    use tower_http::cors::{AllowOrigin, CorsLayer};
    (!origins.is_empty()).then(|| {
        CorsLayer::new()
            .allow_origin(AllowOrigin::list(origins.iter().cloned()))
            .allow_credentials(true)
            .allow_methods([
                Method::GET,
                Method::POST,
                Method::PATCH,
                Method::PUT,
                Method::DELETE,
            ])
            .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE])
            .max_age(std::time::Duration::from_secs(600))
    })
}

/// Parses `SHOP_CORS_ORIGINS` (comma-separated `scheme://host[:port]`). `*` is refused:
/// the API is called with credentials, and a wildcard would hand them to any site.
pub fn parse_cors_origins(list: &str) -> Result<Vec<HeaderValue>, String> {
    list.split(',')
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .map(|origin| {
            if origin == "*" {
                return Err("SHOP_CORS_ORIGINS cannot be '*': name each origin".to_string());
            }
            let well_formed = (origin.starts_with("http://") || origin.starts_with("https://"))
                && !origin
                    .trim_end_matches('/')
                    .contains(|c: char| c.is_whitespace())
                && origin
                    .split("://")
                    .nth(1)
                    .is_some_and(|host| !host.is_empty() && !host.contains('/'));
            if !well_formed {
                return Err(format!(
                    "SHOP_CORS_ORIGINS: '{origin}' is not an origin like https://shop.example.com"
                ));
            }
            HeaderValue::from_str(origin).map_err(|e| format!("SHOP_CORS_ORIGINS: {e}"))
        })
        .collect()
}
