//! `SHOP_PAYMENTS=test`: the shop's side of the test provider, talking to it as it
//! would to Stripe (through calls, never its tables). Everything the shop needs from
//! the provider, its routes, its webhook header and its delivery worker included,
//! comes through [`PaymentProvider`], so nothing above this module names it.

use std::any::Any;

use axum::Router;
use futures_util::future::BoxFuture;

use crate::domain::Money;
use crate::payments::provider::{
    Answer, AuthorizeRequest, CardDetails, Operation, PaymentProvider, PaymentStanding,
    ProviderPayment, Refusal, WebhookEvent, WebhookProblem,
};
use crate::testpsp::{self, PaymentState, Psp, PspError};

/// How far a webhook's timestamp may be from now (Stripe's default tolerance).
pub const WEBHOOK_TOLERANCE_S: i64 = 300;

#[derive(Debug)]
pub struct TestProvider {
    psp: Psp,
    webhook_secret: [u8; 32],
}

impl TestProvider {
    pub fn new(psp: Psp, webhook_secret: [u8; 32]) -> TestProvider {
        TestProvider {
            psp,
            webhook_secret,
        }
    }

    /// The provider this side talks to.
    pub fn psp(&self) -> &Psp {
        &self.psp
    }
}

impl Psp {
    /// The test provider behind `provider`, when it is the one chosen: how tests reach
    /// it to deliver webhooks or count operations.
    pub fn of(provider: &dyn PaymentProvider) -> Option<&Psp> {
        let provider: &dyn Any = provider;
        provider
            .downcast_ref::<TestProvider>()
            .map(TestProvider::psp)
    }
}

fn refusal(e: PspError) -> Refusal {
    Refusal {
        code: e.code.to_string(),
        message: e.message,
    }
}

fn operation(o: testpsp::Operation) -> Operation {
    Operation {
        id: o.id,
        amount: Money::from_cents(o.amount_cents),
    }
}

fn card(m: testpsp::Method) -> Option<CardDetails> {
    (!m.detached).then_some(CardDetails {
        brand: m.brand,
        last4: m.last4,
        exp_month: m.exp_month,
        exp_year: m.exp_year,
        holder_name: m.holder_name,
    })
}

impl TestProvider {
    async fn standing(&self, payment: &testpsp::Payment) -> Result<PaymentStanding, sqlx::Error> {
        let operation_id = |kind: &'static str| async move {
            Ok::<_, sqlx::Error>(
                self.psp
                    .operation_of(&payment.id, kind)
                    .await?
                    .map(|o| o.id)
                    .unwrap_or_default(),
            )
        };
        Ok(match payment.state {
            PaymentState::RequiresAction => PaymentStanding::RequiresAction {
                redirect_url: format!("/testpsp/v1/challenge/{}", payment.id),
            },
            PaymentState::Authorized => PaymentStanding::Authorized,
            PaymentState::Captured => PaymentStanding::Captured {
                capture_ref: operation_id("capture").await?,
            },
            PaymentState::Failed => {
                PaymentStanding::Failed(payment.error.clone().map(refusal).unwrap_or(Refusal {
                    code: "card_declined".into(),
                    message: "Your card was declined.".into(),
                }))
            }
            PaymentState::Canceled => PaymentStanding::Canceled,
            PaymentState::Refunded => PaymentStanding::Refunded {
                capture_ref: operation_id("capture").await?,
                refund_ref: operation_id("refund").await?,
            },
        })
    }

    async fn described(&self, payment: testpsp::Payment) -> Result<ProviderPayment, sqlx::Error> {
        Ok(ProviderPayment {
            standing: self.standing(&payment).await?,
            id: payment.id,
            amount: Money::from_cents(payment.amount_cents),
        })
    }
}

impl PaymentProvider for TestProvider {
    fn name(&self) -> &'static str {
        "test"
    }

    fn test_mode(&self) -> bool {
        true
    }

    fn tokenize_url(&self) -> Option<String> {
        Some("/testpsp/v1/tokens".into())
    }

    fn authorize(&self, request: AuthorizeRequest) -> Answer<'_, Result<ProviderPayment, Refusal>> {
        Box::pin(async move {
            let answer = self
                .psp
                .authorize(
                    &request.method,
                    request.amount.cents(),
                    &request.idempotency_key,
                    &request.return_url,
                )
                .await?;
            Ok(match answer {
                Ok(payment) => Ok(self.described(payment).await?),
                Err(e) => Err(refusal(e)),
            })
        })
    }

    fn capture<'a>(
        &'a self,
        payment: &'a str,
        key: &'a str,
    ) -> Answer<'a, Result<Operation, Refusal>> {
        Box::pin(async move {
            Ok(self
                .psp
                .capture(payment, key)
                .await?
                .map(operation)
                .map_err(refusal))
        })
    }

    fn void<'a>(
        &'a self,
        payment: &'a str,
        key: &'a str,
    ) -> Answer<'a, Result<Operation, Refusal>> {
        Box::pin(async move {
            Ok(self
                .psp
                .void(payment, key)
                .await?
                .map(operation)
                .map_err(refusal))
        })
    }

    fn refund<'a>(
        &'a self,
        payment: &'a str,
        amount: Money,
        key: &'a str,
    ) -> Answer<'a, Result<Operation, Refusal>> {
        Box::pin(async move {
            Ok(self
                .psp
                .refund(payment, amount.cents(), key)
                .await?
                .map(operation)
                .map_err(refusal))
        })
    }

    fn status<'a>(&'a self, payment: &'a str) -> Answer<'a, Option<ProviderPayment>> {
        Box::pin(async move {
            match self.psp.payment(payment).await? {
                Some(found) => Ok(Some(self.described(found).await?)),
                None => Ok(None),
            }
        })
    }

    fn parse_webhook(
        &self,
        signature: &str,
        body: &str,
        now_ms: i64,
    ) -> Result<WebhookEvent, WebhookProblem> {
        testpsp::verify_webhook(
            &self.webhook_secret,
            signature,
            body,
            now_ms / 1000,
            WEBHOOK_TOLERANCE_S,
        )
        .map(|(id, payment)| WebhookEvent { id, payment })
        .map_err(|e| match e {
            testpsp::WebhookRefusal::BadSignature => WebhookProblem::BadSignature,
            testpsp::WebhookRefusal::Stale => WebhookProblem::Stale,
            testpsp::WebhookRefusal::Malformed => WebhookProblem::Malformed,
        })
    }

    fn attach_method<'a>(&'a self, token: &'a str) -> Answer<'a, Option<CardDetails>> {
        self.method(token)
    }

    fn method<'a>(&'a self, token: &'a str) -> Answer<'a, Option<CardDetails>> {
        Box::pin(async move { Ok(self.psp.method(token).await?.and_then(card)) })
    }

    fn detach_method<'a>(&'a self, token: &'a str) -> Answer<'a, ()> {
        Box::pin(async move { Ok(self.psp.detach(token).await?) })
    }

    fn signature_header(&self) -> Option<&'static str> {
        Some(testpsp::SIGNATURE_HEADER)
    }

    fn routes(&self) -> Option<(&'static str, Router)> {
        Some(("/testpsp", testpsp::routes::router(self.psp.clone())))
    }

    fn deliver_to(&self, shop: &Router) {
        self.psp.deliver_to(shop.clone());
    }

    fn background(&self) -> Option<BoxFuture<'static, ()>> {
        Some(Box::pin(self.psp.clone().run_webhooks()))
    }
}
