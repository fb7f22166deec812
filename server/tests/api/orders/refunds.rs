//! A refund the provider refuses when a card order is cancelled is not only logged: the
//! refund worker tries again with growing waits until it goes through, or after its
//! last try marks it failed, and staff see it on the console's order page either way.
//! A double of the provider refuses refunds while its switch is on; the app's clock is
//! moved, never waited for.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::Money;
use shop::payments::provider::{
    Answer, AuthorizeRequest, CardDetails, Operation, PaymentProvider, ProviderError,
    ProviderPayment, Refusal, WebhookEvent, WebhookProblem,
};

use super::payments::{card_order, product, token, PAN};
use crate::helpers::{fixture, run_with, Backend, Options, TestApp};

const REASON: &str = "The bank could not process the refund";

/// The configured provider, except that it refuses every refund while `refusing` is on,
/// and while `losing` is on makes each refund but loses its answer (a timeout).
#[derive(Debug)]
struct RefusingRefunds {
    inner: Arc<dyn PaymentProvider>,
    refusing: Arc<AtomicBool>,
    losing: Arc<AtomicBool>,
}

impl PaymentProvider for RefusingRefunds {
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    fn test_mode(&self) -> bool {
        self.inner.test_mode()
    }
    fn tokenize_url(&self) -> Option<String> {
        self.inner.tokenize_url()
    }
    fn authorize(&self, request: AuthorizeRequest) -> Answer<'_, Result<ProviderPayment, Refusal>> {
        self.inner.authorize(request)
    }
    fn capture<'a>(
        &'a self,
        payment: &'a str,
        key: &'a str,
    ) -> Answer<'a, Result<Operation, Refusal>> {
        self.inner.capture(payment, key)
    }
    fn void<'a>(
        &'a self,
        payment: &'a str,
        key: &'a str,
    ) -> Answer<'a, Result<Operation, Refusal>> {
        self.inner.void(payment, key)
    }
    fn refund<'a>(
        &'a self,
        payment: &'a str,
        amount: Money,
        key: &'a str,
    ) -> Answer<'a, Result<Operation, Refusal>> {
        if self.refusing.load(Ordering::SeqCst) {
            return Box::pin(async {
                Ok(Err(Refusal {
                    code: "processing_error".into(),
                    message: REASON.into(),
                }))
            });
        }
        if self.losing.load(Ordering::SeqCst) {
            return Box::pin(async move {
                let _made = self.inner.refund(payment, amount, key).await?;
                Err(ProviderError::Failed(
                    "the provider did not answer in time".into(),
                ))
            });
        }
        self.inner.refund(payment, amount, key)
    }
    fn status<'a>(&'a self, payment: &'a str) -> Answer<'a, Option<ProviderPayment>> {
        self.inner.status(payment)
    }
    fn parse_webhook(
        &self,
        signature: &str,
        body: &str,
        now_ms: i64,
    ) -> Result<WebhookEvent, WebhookProblem> {
        self.inner.parse_webhook(signature, body, now_ms)
    }
    fn attach_method<'a>(&'a self, token: &'a str) -> Answer<'a, Option<CardDetails>> {
        self.inner.attach_method(token)
    }
    fn method<'a>(&'a self, token: &'a str) -> Answer<'a, Option<CardDetails>> {
        self.inner.method(token)
    }
    fn detach_method<'a>(&'a self, token: &'a str) -> Answer<'a, ()> {
        self.inner.detach_method(token)
    }
    // The hooks an in-process provider serves its routes and webhooks through: the
    // double stands in for it there too, or its tokenize endpoint is not mounted.
    fn signature_header(&self) -> Option<&'static str> {
        self.inner.signature_header()
    }
    fn routes(&self) -> Option<(&'static str, axum::Router)> {
        self.inner.routes()
    }
    fn deliver_to(&self, shop: &axum::Router) {
        self.inner.deliver_to(shop)
    }
    fn background(&self) -> Option<futures_util::future::BoxFuture<'static, ()>> {
        self.inner.background()
    }
}

/// The double's switches.
#[derive(Clone, Debug, Default)]
struct Switches {
    refusing: Arc<AtomicBool>,
    losing: Arc<AtomicBool>,
}

/// Runs `body` on both backends against an app whose provider refuses refunds (or
/// loses their answers) while the switches handed to it are on.
async fn with_switched_refunds<F, Fut>(body: F)
where
    F: Fn(TestApp, Switches) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let switches = Switches::default();
        let held = switches.clone();
        let options = Options {
            provider: Some(Box::new(move |inner| {
                Arc::new(RefusingRefunds {
                    inner,
                    refusing: held.refusing,
                    losing: held.losing,
                }) as Arc<dyn PaymentProvider>
            })),
            ..Options::default()
        };
        let body = body.clone();
        run_with(backend, options, move |app| body(app, switches)).await;
    }
}

/// [`with_switched_refunds`] for a test that only refuses.
async fn with_refusing_refunds<F, Fut>(body: F)
where
    F: Fn(TestApp, Arc<AtomicBool>) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    with_switched_refunds(move |app, switches| body(app, switches.refusing)).await;
}

/// A guest's card order of one unit, paid (captured): its number and link token.
async fn paid_card_order(app: &TestApp) -> (String, String) {
    let f = fixture(app).await;
    let tap = product(app, &f, 5).await;
    let card = token(app, PAN).await;
    let placed = app
        .placed(&card_order("ada@example.com", &tap, &card), None)
        .await;
    let (_, order) = app
        .get(&format!("/api/order/{}?token={}", placed.0, placed.1))
        .await;
    assert_eq!(order["data"]["order"]["paymentStatus"], "paid", "{order}");
    placed
}

async fn staff_view(app: &TestApp, admin: &str, number: &str) -> Value {
    let (status, body) = app
        .call(
            Method::GET,
            &format!("/api/admin/order/{number}"),
            None,
            Some(admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["order"].clone()
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar::<_, i64>(sql)
        .fetch_one(&app.catalogue.db().pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_refused_refund_is_retried_until_it_goes_through() {
    with_refusing_refunds(|app, refusing| async move {
        let (number, link) = paid_card_order(&app).await;
        let admin = app.admin().await;
        refusing.store(true, Ordering::SeqCst);
        let (status, body) = app
            .call(
                Method::POST,
                &format!("/api/admin/order/{number}/status"),
                Some(json!({"status": "cancelled"})),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let order = &body["data"]["order"];
        assert_eq!(order["status"], "cancelled");
        assert_eq!(order["paymentStatus"], "paid");
        assert_eq!(
            order["refundFailure"],
            json!({"status": "retrying", "reason": REASON, "attempts": 1})
        );

        // Not due before its first wait (30 s) is over.
        assert_eq!(app.retry_refunds().await, 0);
        app.clock.advance(Duration::from_secs(30));
        assert_eq!(app.retry_refunds().await, 1);
        let order = staff_view(&app, &admin, &number).await;
        assert_eq!(
            order["refundFailure"],
            json!({"status": "retrying", "reason": REASON, "attempts": 2})
        );

        // The provider takes it at the next try, after a longer wait.
        refusing.store(false, Ordering::SeqCst);
        app.clock.advance(Duration::from_secs(30));
        assert_eq!(app.retry_refunds().await, 0);
        app.clock.advance(Duration::from_secs(30));
        assert_eq!(app.retry_refunds().await, 1);
        let order = staff_view(&app, &admin, &number).await;
        assert_eq!(order["paymentStatus"], "refunded", "{order}");
        assert!(order.get("refundFailure").is_none(), "{order}");
        // The shopper sees the refund, never the failure.
        let (_, mine) = app.get(&format!("/api/order/{number}?token={link}")).await;
        assert_eq!(mine["data"]["order"]["paymentStatus"], "refunded");
        assert!(
            mine["data"]["order"].get("refundFailure").is_none(),
            "{mine}"
        );
        // Mailed once, and logged as the administrator's refund once.
        assert_eq!(
            count(
                &app,
                "SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE '%is refunded'"
            )
            .await,
            1
        );
        assert_eq!(
            count(
                &app,
                "SELECT COUNT(*) FROM admin_activity WHERE action = 'refunded'"
            )
            .await,
            1
        );
        app.clock.advance(Duration::from_secs(3_600));
        assert_eq!(app.retry_refunds().await, 0, "nothing owed any more");
    })
    .await;
}

#[tokio::test]
async fn a_refund_refused_at_every_try_is_marked_failed_for_staff() {
    with_refusing_refunds(|app, refusing| async move {
        let (number, link) = paid_card_order(&app).await;
        refusing.store(true, Ordering::SeqCst);
        let (status, body) = app
            .call(
                Method::POST,
                &format!("/api/order/{number}/cancel?token={link}"),
                None,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(
            body["data"]["order"].get("refundFailure").is_none(),
            "{body}"
        );
        // Eleven more tries, each after the longest wait (an hour).
        for _ in 0..11 {
            app.clock.advance(Duration::from_secs(3_600));
            assert_eq!(app.retry_refunds().await, 1);
        }
        let admin = app.admin().await;
        let order = staff_view(&app, &admin, &number).await;
        assert_eq!(
            order["refundFailure"],
            json!({"status": "failed", "reason": REASON, "attempts": 12})
        );
        assert_eq!(order["paymentStatus"], "paid");
        // Given up: no more tries, even once the provider would take it.
        refusing.store(false, Ordering::SeqCst);
        app.clock.advance(Duration::from_secs(3_600));
        assert_eq!(app.retry_refunds().await, 0);
        assert_eq!(
            count(
                &app,
                "SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE '%is refunded'"
            )
            .await,
            0
        );
    })
    .await;
}

async fn staff_refund(
    app: &TestApp,
    admin: &str,
    number: &str,
    amount: f64,
) -> (StatusCode, Value) {
    super::partial_refunds::refund(
        app,
        admin,
        number,
        json!({"amount": amount, "reason": "Goodwill"}),
    )
    .await
}

/// How many refunds the test provider made of `payment` (the double stands in front of
/// it, so its books are read directly).
async fn provider_refunds(app: &TestApp, payment: &str) -> i64 {
    count(
        app,
        &format!("SELECT COUNT(*) FROM testpsp_operations WHERE kind = 'refund' AND payment_id = '{payment}'"),
    )
    .await
}

#[tokio::test]
async fn a_refund_the_provider_refuses_is_freed_and_can_be_made_again() {
    with_refusing_refunds(|app, refusing| async move {
        let (number, _) = paid_card_order(&app).await;
        let admin = app.admin().await;
        refusing.store(true, Ordering::SeqCst);
        let (status, body) = staff_refund(&app, &admin, &number, 10.0).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(
            body["message"],
            format!("The payment provider did not refund: {REASON}")
        );
        let order = staff_view(&app, &admin, &number).await;
        assert_eq!(order["refunded"], 0.0, "the hold is freed");
        assert_eq!(order["paymentStatus"], "paid");
        assert_eq!(
            count(
                &app,
                "SELECT COUNT(*) FROM order_refunds WHERE status = 'failed'"
            )
            .await,
            1
        );
        refusing.store(false, Ordering::SeqCst);
        let (status, body) = staff_refund(&app, &admin, &number, 10.0).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["order"]["refunded"], 10.0);
        assert_eq!(body["data"]["order"]["paymentStatus"], "partially_refunded");
    })
    .await;
}

#[tokio::test]
async fn a_refund_whose_answer_is_lost_stays_held_and_is_recorded_once_when_asked_again() {
    with_switched_refunds(|app, switches| async move {
        let (number, link) = paid_card_order(&app).await;
        let admin = app.admin().await;
        let payment = app
            .orders
            .by_number(&number)
            .await
            .unwrap()
            .unwrap()
            .payment_ref
            .unwrap();
        switches.losing.store(true, Ordering::SeqCst);
        let (status, body) = staff_refund(&app, &admin, &number, 10.0).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(
            body["message"],
            "The payment provider did not answer. The refund is held and will be checked again in a few minutes."
        );
        switches.losing.store(false, Ordering::SeqCst);
        // The provider made it; the shop holds its amount and has recorded nothing.
        assert_eq!(provider_refunds(&app, &payment).await, 1);
        let order = staff_view(&app, &admin, &number).await;
        assert_eq!(order["refunded"], 10.0, "held");
        assert_eq!(order["paymentStatus"], "paid");
        // Nothing more than what is left besides it can be refunded meanwhile.
        let (status, body) = staff_refund(&app, &admin, &number, 50.0).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

        // Not asked again before its wait; then asked with its own key: recorded once.
        assert_eq!(app.retry_refunds().await, 0);
        app.clock.advance(Duration::from_secs(120));
        assert_eq!(app.retry_refunds().await, 1);
        assert_eq!(provider_refunds(&app, &payment).await, 1);
        let order = staff_view(&app, &admin, &number).await;
        assert_eq!(order["refunded"], 10.0);
        assert_eq!(order["paymentStatus"], "partially_refunded", "{order}");
        assert_eq!(
            count(&app, "SELECT COUNT(*) FROM payment_transactions WHERE kind = 'refund'").await,
            1
        );
        // Cancelling refunds the rest, once.
        let (status, body) = app
            .call(
                Method::POST,
                &format!("/api/order/{number}/cancel?token={link}"),
                None,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["order"]["paymentStatus"], "refunded", "{body}");
        assert_eq!(provider_refunds(&app, &payment).await, 2);
    })
    .await;
}
