//! Spawning the app for a test, on SQLite or PostgreSQL, and tearing it down after.

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;

use reqwest::StatusCode;
use serde_json::Value;
use shop::app::Services;
use shop::domain::account::Email;
use shop::domain::id::{new_id, Id};
use shop::domain::pricing::Discount;
use shop::domain::time::{now_ms, Clock};
use shop::domain::Money;
use shop::http::connections::Connections;
use shop::http::{AppState, Settings};
use shop::mail::Mailer;
use shop::media::Media;
use shop::security::Keys;
use shop::store::accounts::Accounts;
use shop::store::catalogue::{Catalogue, NewBanner, NewCategory, NewProduct};
use shop::store::orders::Orders;
use shop::store::outbox::Outbox;
use shop::store::reviews::Reviews;
use sqlx::{Connection, Executor};

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The PostgreSQL server tests create their databases on.
fn postgres_admin_url() -> String {
    std::env::var("SHOP_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// A running app and what a test needs to arrange its data.
#[derive(Clone)]
pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub catalogue: Catalogue,
    pub accounts: Accounts,
    pub reviews: Reviews,
    pub media: Media,
    pub mailer: Mailer,
    pub keys: Keys,
    pub orders: Orders,
    pub outbox: Outbox,
    pub payments: shop::payments::Payments,
    pub activity: shop::store::activity::Activity,
    /// The order flows, whose refund retries tests run by hand.
    pub order_service: shop::orders::OrderService,
    /// The app's clock: it stands still until a test moves it.
    pub clock: Clock,
    /// The whole app, for the workers tests run by hand.
    pub state: shop::http::AppState,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The test payment provider the app runs with.
    pub fn psp(&self) -> &shop::testpsp::Psp {
        shop::testpsp::Psp::of(self.payments.provider()).expect("the test provider")
    }

    /// Delivers the test payment provider's webhooks waiting, as a serving node's
    /// worker does (shuffled, some twice). How many the shop took.
    pub async fn deliver_webhooks(&self) -> usize {
        self.psp()
            .deliver_webhooks()
            .await
            .expect("webhooks delivered")
    }

    /// Delivers every mail due in the outbox, as the worker of a serving node does.
    /// How many were claimed.
    pub async fn deliver_mail(&self) -> usize {
        shop::jobs::mail::deliver_all_due(&self.outbox, &self.mailer)
            .await
            .expect("the outbox delivers")
    }

    /// Tries every refund that is due, as the refund worker of a serving node does.
    /// How many were tried.
    pub async fn retry_refunds(&self) -> usize {
        shop::jobs::refunds::retry_all_due(&self.order_service)
            .await
            .expect("the refund worker runs")
    }

    /// Runs the back-in-stock alert worker once: how many alerts it mailed.
    pub async fn mail_alerts(&self) -> usize {
        shop::jobs::alerts::mail_all_due(&self.state)
            .await
            .expect("the alert worker runs")
    }

    /// Runs the overdue reminders' worker once: how many reminders it queued.
    pub async fn remind_overdue(&self) -> usize {
        shop::jobs::reminders::remind_all_due(&self.state)
            .await
            .expect("the reminder worker runs")
    }

    /// GET `path` and read the JSON body (Null when it is not JSON).
    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let response = self
            .client
            .get(self.url(path))
            .send()
            .await
            .expect("request is sent");
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }
}

pub enum Teardown {
    Sqlite(PathBuf),
    Postgres { admin_url: String, name: String },
}

/// A new, empty database on `backend`: its URL, and what drops it.
pub async fn fresh_database(backend: Backend) -> (String, Teardown) {
    sqlx::any::install_default_drivers();
    match backend {
        Backend::Sqlite => {
            let dir = std::env::temp_dir().join(format!("shop-test-{}", new_id()));
            std::fs::create_dir_all(&dir).expect("temp dir");
            (
                format!("sqlite://{}?mode=rwc", dir.join("shop.db").display()),
                Teardown::Sqlite(dir),
            )
        }
        Backend::Postgres => {
            let admin_url = postgres_admin_url();
            let name = format!("shop_test_{}", new_id());
            let mut admin = sqlx::AnyConnection::connect(&admin_url).await.unwrap_or_else(|e| {
                panic!("PostgreSQL is needed for these tests at {admin_url} (SHOP_TEST_POSTGRES_URL): {e}")
            });
            admin
                .execute(format!("CREATE DATABASE {name}").as_str())
                .await
                .expect("create test database");
            admin.close().await.ok();
            let base = admin_url
                .rsplit_once('/')
                .map_or(admin_url.as_str(), |(base, _)| base)
                .to_string();
            (
                format!("{base}/{name}"),
                Teardown::Postgres { admin_url, name },
            )
        }
    }
}

/// Drops a database made by [`fresh_database`].
pub async fn drop_database(teardown: Teardown) {
    match teardown {
        Teardown::Sqlite(dir) => {
            std::fs::remove_dir_all(dir).ok();
        }
        Teardown::Postgres { admin_url, name } => {
            let mut admin = sqlx::AnyConnection::connect(&admin_url)
                .await
                .expect("admin connection");
            admin
                .execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
                .await
                .expect("drop test database");
        }
    }
}

/// Runs `body` against a fresh app on `backend`, then drops its database, whether the
/// body passed or panicked.
pub async fn run<F, Fut>(backend: Backend, body: F)
where
    F: FnOnce(TestApp) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    run_with(backend, Options::default(), body).await
}

/// What a test may change about the app it runs against.
pub struct Options {
    pub mailer: Mailer,
    pub cors_origins: Vec<reqwest::header::HeaderValue>,
    pub trust_forwarded_for: bool,
    pub payments: shop::payments::Mode,
    pub metrics_token: Option<String>,
    /// The media store; in memory unless a test brings its own (`seaweed.rs`).
    pub media: Option<Media>,
    /// A double put around the configured card provider (`orders/refunds.rs`).
    pub provider: Option<WrapProvider>,
}

/// Puts a test's double around the app's card provider.
pub type WrapProvider = Box<
    dyn FnOnce(Arc<dyn shop::payments::PaymentProvider>) -> Arc<dyn shop::payments::PaymentProvider>
        + Send,
>;

impl Default for Options {
    fn default() -> Self {
        Options {
            mailer: Mailer::memory(),
            cors_origins: Vec::new(),
            trust_forwarded_for: false,
            payments: shop::payments::Mode::Test,
            metrics_token: None,
            media: None,
            provider: None,
        }
    }
}

/// [`run`], with the app set up by `options`.
pub async fn run_with<F, Fut>(backend: Backend, options: Options, body: F)
where
    F: FnOnce(TestApp) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let (url, teardown) = fresh_database(backend).await;
    let db = shop::app::open_database(&url, None)
        .await
        .expect("database opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let clock = Clock::manual(now_ms());
    let wrap = options.provider;
    let state = AppState::with_provider(
        db,
        Services {
            media: options.media.unwrap_or_else(Media::in_memory),
            mailer: options.mailer,
            keys: Keys::random(),
            settings: Settings {
                public_url: base.clone(),
                cors_origins: options.cors_origins,
                trust_forwarded_for: options.trust_forwarded_for,
                // Tests deliver the outbox themselves, with TestApp::deliver_mail.
                deliver_mail: false,
                payments: options.payments,
                // Tests deliver the provider's webhooks themselves, with TestApp::deliver_webhooks.
                deliver_webhooks: false,
                connections: Connections::default(),
                metrics_token: options.metrics_token,
                // Tests send webhooks to receivers on 127.0.0.1.
                webhooks_allow_private: true,
                webhook_retry_scale: 1.0,
            },
            clock: clock.clone(),
        },
        |provider| match wrap {
            Some(wrap) => wrap(provider),
            None => provider,
        },
    );
    // What the server's first look at the catalogue's changes does as it starts: build
    // the search index, here before any test call, so none meets the database's search.
    state
        .catalogue
        .follow_changes()
        .await
        .expect("search index");
    let app = TestApp {
        base,
        client: reqwest::Client::new(),
        catalogue: state.catalogue.clone(),
        accounts: state.accounts.clone(),
        reviews: state.reviews.clone(),
        media: state.media.clone(),
        mailer: state.mailer.clone(),
        keys: state.keys.clone(),
        orders: state.orders.clone(),
        outbox: state.outbox.clone(),
        payments: state.payments.clone(),
        activity: state.activity.clone(),
        order_service: state.order_service.clone(),
        clock,
        state: state.clone(),
    };
    let server = tokio::spawn(async move {
        shop::app::serve(state, listener, std::future::pending()).await;
    });
    let outcome = tokio::spawn(body(app.clone())).await;
    server.abort();
    let _ = server.await;
    app.catalogue.db().pool.close().await;
    drop_database(teardown).await;
    if let Err(err) = outcome {
        std::panic::resume_unwind(err.into_panic());
    }
}

/// Declares each named `async fn(TestApp)` as two tests, `name::sqlite` and `name::postgres`.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test]
                async fn sqlite() {
                    $crate::helpers::run($crate::helpers::Backend::Sqlite, super::$name).await
                }
                #[tokio::test]
                async fn postgres() {
                    $crate::helpers::run($crate::helpers::Backend::Postgres, super::$name).await
                }
            }
        )*
    };
}

/// The ids of the fixture catalogue.
pub struct Fixture {
    pub faucets: String,
    pub heating: String,
    pub kitchen: String,
    pub basin: String,
    pub radiators: String,
    pub alpha: String,
    pub beta: String,
    pub gamma: String,
    pub delta: String,
    pub epsilon: String,
}

const DAY: i64 = 86_400_000;

/// Five products in two categories, each there to tell one rule apart:
///
/// | name                          | price  | discount             | pays   | stock | sub-category   | age |
/// |-------------------------------|--------|----------------------|--------|-------|----------------|-----|
/// | Alpha Kitchen Mixer           | 100.00 | —                    | 100.00 | 50    | Kitchen Mixers | 1 d |
/// | Beta Basin Tap                |  40.00 | 25 %, ends in 5 days |  30.00 | 5     | Basin Taps     | 2 d |
/// | Gamma Radiator                | 250.00 | 20 %, ended          | 250.00 | 0     | Radiators      | 3 d |
/// | Delta Brass Mixer Tap         |  60.00 | 10 %, no end         |  54.00 | 12    | Kitchen Mixers | 4 d (featured) |
/// | epsilon chrome radiator valve |  15.50 | —                    |  15.50 | 100   | Radiators      | 5 d |
pub async fn fixture(app: &TestApp) -> Fixture {
    let ids: Vec<String> = (0..10).map(|_| new_id()).collect();
    let f = Fixture {
        faucets: ids[0].clone(),
        heating: ids[1].clone(),
        kitchen: ids[2].clone(),
        basin: ids[3].clone(),
        radiators: ids[4].clone(),
        alpha: ids[5].clone(),
        beta: ids[6].clone(),
        gamma: ids[7].clone(),
        delta: ids[8].clone(),
        epsilon: ids[9].clone(),
    };
    app.catalogue
        .insert_categories(&[
            NewCategory {
                id: f.faucets.clone(),
                title: "Faucets".into(),
                position: 0,
                sub_categories: vec![
                    (f.kitchen.clone(), "Kitchen Mixers".into()),
                    (f.basin.clone(), "Basin Taps".into()),
                ],
            },
            NewCategory {
                id: f.heating.clone(),
                title: "Heating".into(),
                position: 1,
                sub_categories: vec![(f.radiators.clone(), "Radiators".into())],
            },
        ])
        .await
        .expect("categories");
    let now = app.clock.now_ms();
    let product = |id: &str,
                   name: &str,
                   description: &str,
                   cents: i64,
                   discount: Discount,
                   stock: i64,
                   cat: &str,
                   sub: &str,
                   age_days: i64| NewProduct {
        id: id.to_string(),
        description: description.to_string(),
        discount,
        images: vec![format!(
            "test/{}.svg",
            name.to_lowercase().replace(' ', "-")
        )],
        stock,
        size: Some("Standard".into()),
        color: Some("Chrome".into()),
        created_at: now - age_days * DAY,
        ..new_product(name, cents, cat, sub)
    };
    let mut delta = product(
        &f.delta,
        "Delta Brass Mixer Tap",
        "A compact mixer for small sinks.",
        6_000,
        Discount {
            basis_points: 1_000,
            ends_at: None,
        },
        12,
        &f.faucets,
        &f.kitchen,
        4,
    );
    delta.featured = true;
    app.catalogue
        .insert_products(&[
            product(
                &f.alpha,
                "Alpha Kitchen Mixer",
                "Solid brass body with a ceramic valve.",
                10_000,
                Discount::NONE,
                50,
                &f.faucets,
                &f.kitchen,
                1,
            ),
            product(
                &f.beta,
                "Beta Basin Tap",
                "Ceramic disc cartridge for a drip-free basin.",
                4_000,
                Discount {
                    basis_points: 2_500,
                    ends_at: Some(now + 5 * DAY),
                },
                5,
                &f.faucets,
                &f.basin,
                2,
            ),
            product(
                &f.gamma,
                "Gamma Radiator",
                "Double panel, fast heat-up.",
                25_000,
                Discount {
                    basis_points: 2_000,
                    ends_at: Some(now - DAY),
                },
                0,
                &f.heating,
                &f.radiators,
                3,
            ),
            delta,
            product(
                &f.epsilon,
                "epsilon chrome radiator valve",
                "Angled valve pair.",
                1_550,
                Discount::NONE,
                100,
                &f.heating,
                &f.radiators,
                5,
            ),
        ])
        .await
        .expect("products");
    app.catalogue
        .insert_banners(&[NewBanner {
            id: new_id(),
            image: "banners/test.svg".into(),
            url: "/shop".into(),
            position: 0,
        }])
        .await
        .expect("banners");
    f
}

/// A plain product in `category` / `sub`: no discount, no images, 10 in stock, made
/// now. Tests set the fields they are about with `NewProduct { …, ..new_product(…) }`.
pub fn new_product(name: &str, cents: i64, category: &str, sub: &str) -> NewProduct {
    NewProduct {
        id: new_id(),
        name: name.to_string(),
        description: format!("{name}."),
        price: Money::from_cents(cents),
        discount: Discount::NONE,
        images: Vec::new(),
        stock: 10,
        category_id: category.to_string(),
        sub_category_id: sub.to_string(),
        size: None,
        color: None,
        featured: false,
        created_at: now_ms(),
    }
}

/// `text` as an id, for the store calls that take one.
pub fn id(text: &str) -> Id {
    Id::parse(text).expect("an id of the shop's shape")
}

/// `text` as an e-mail address, for the store calls that take one.
pub fn address(text: &str) -> Email {
    Email::parse(text).expect("a valid e-mail address")
}

/// The `name` of each product in a listing response, in order.
pub fn names(body: &Value) -> Vec<String> {
    body["data"]["products"]
        .as_array()
        .unwrap_or_else(|| panic!("no products in {body}"))
        .iter()
        .map(|p| p["name"].as_str().expect("name").to_string())
        .collect()
}

/// Inserts a category `title` holding one sub-category `sub_title`; their ids.
pub async fn one_category(catalogue: &Catalogue, title: &str, sub_title: &str) -> (String, String) {
    let (category, sub) = (new_id(), new_id());
    catalogue
        .insert_categories(&[NewCategory {
            id: category.clone(),
            title: title.into(),
            position: 0,
            sub_categories: vec![(sub.clone(), sub_title.into())],
        }])
        .await
        .expect("category");
    (category, sub)
}

/// For tests of real `shop serve` processes sharing the database at `url`: an
/// administrator and a category "Faucets" with a sub-category "Basin Taps", made in the
/// database; the administrator's token signed with the nodes' `secret`, and the ids.
pub async fn admin_and_faucets(url: &str, secret: &str) -> (String, String, String) {
    let db = shop::app::open_database(url, None)
        .await
        .expect("database opens");
    let clock = Clock::system();
    let catalogue = Catalogue::new(db.clone(), clock.clone());
    let (faucets, basin) = one_category(&catalogue, "Faucets", "Basin Taps").await;
    let email = address("admin@example.com");
    let accounts = shop::store::accounts::Accounts::new(db.clone());
    accounts
        .make_admin(&email, "!", clock.now_ms())
        .await
        .expect("admin");
    let admin = accounts
        .user_by_email(&email)
        .await
        .expect("read")
        .expect("the admin");
    let token = Keys::from_secret(secret.as_bytes()).issue_token(
        admin.id.as_str(),
        admin.token_version,
        clock.now_secs(),
    );
    db.pool.close().await;
    (token, faucets, basin)
}

/// Asks `seen` again until it yields a value, for what another process does on its own
/// clock (a second node's change feed, its mail sender, its log), which no injected
/// clock moves; fails naming `what` past `ceiling`. Returns the value and how long it
/// took to come.
pub async fn eventually<T, F, Fut>(
    what: &str,
    ceiling: std::time::Duration,
    mut seen: F,
) -> (T, std::time::Duration)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let started = std::time::Instant::now();
    loop {
        if let Some(value) = seen().await {
            return (value, started.elapsed());
        }
        assert!(
            started.elapsed() < ceiling,
            "{what}: not within {ceiling:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}
