//! Card payments (docs/DESIGN.md §7): the shop's side. Handlers ask this module, which asks
//! the configured provider through [`provider::PaymentProvider`] and records every
//! authorization, capture, refund and void in `payment_transactions`; an order's
//! payment status is derived from those rows (store::payments::rederive), never set.
//!
//! Money moves at most once because every call that moves it carries an idempotency
//! key made from what it is about (`capture:{payment}`, `refund:{refund id}`): the
//! provider answers a repeat with the first answer, and the shop records each provider
//! operation once (`UNIQUE (provider, kind, provider_ref)`). So a webhook and the
//! shopper's returning browser may race, arrive twice or out of order, and the order
//! is still captured once; each refund is held on the order before the provider is
//! asked (store::orders' refunds), so refunds never pass what was paid.

pub mod choice;
pub mod provider;

use std::sync::Arc;

use crate::domain::id::Id;
use crate::domain::order::{PaymentStatus, Status};
use crate::domain::order_row::OrderRow;
use crate::domain::payment::{TxnKind, TxnStatus};
use crate::domain::time::Clock;
use crate::domain::Money;
use crate::store::payments::{
    self as records, NewTransaction, PaymentsStore, SaveRefusal, SavedCard,
};

use provider::{AuthorizeRequest, CardDetails, PaymentStanding, ProviderPayment};
pub use provider::{PaymentProvider, ProviderError, Refusal};

/// Which provider serves card payments (`SHOP_PAYMENTS`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Cash on delivery and at pickup only.
    #[default]
    Manual,
    /// The offline test provider under `/testpsp/`: no real money moves. Only in a
    /// binary built with the `test-payments` feature.
    #[cfg(feature = "test-payments")]
    Test,
}

impl Mode {
    /// Whether test cards are taken: no real money moves.
    pub fn is_test(self) -> bool {
        match self {
            Mode::Manual => false,
            #[cfg(feature = "test-payments")]
            Mode::Test => true,
        }
    }
}

/// The card a payment is made with.
#[derive(Clone, Debug)]
pub struct ChosenCard {
    pub token: String,
    pub details: CardDetails,
    /// Whether it is one of the customer's saved cards.
    pub saved: bool,
}

/// Why a card was not saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveCardRefusal {
    /// A token the provider does not know (or none, or one too long to be one).
    UnknownToken,
    /// The customer saved this card before.
    AlreadySaved,
    /// The customer has as many cards as they may keep.
    TooMany,
}

/// Why a card cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardProblem {
    /// A saved card that is not the caller's, or no such card.
    NotFound,
    /// A token the provider does not know, or that was removed.
    UnknownToken,
}

#[derive(Clone, Debug)]
pub struct Payments {
    provider: Arc<dyn PaymentProvider>,
    store: PaymentsStore,
    clock: Clock,
}

/// How the order's payment stands after the shop asked the provider.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Settled {
    /// Nothing to do (cash, or already recorded).
    Unchanged,
    /// Recorded what the provider said.
    Recorded(PaymentStatus),
    /// The card was refused after the order was placed: the caller cancels the order.
    Refused(Refusal),
}

impl Payments {
    pub fn new(provider: Arc<dyn PaymentProvider>, store: PaymentsStore, clock: Clock) -> Payments {
        Payments {
            provider,
            store,
            clock,
        }
    }

    pub fn provider(&self) -> &dyn PaymentProvider {
        self.provider.as_ref()
    }

    pub fn store(&self) -> &PaymentsStore {
        &self.store
    }

    /// Whether cards can be taken at all.
    pub fn takes_cards(&self) -> bool {
        self.provider.tokenize_url().is_some()
    }

    /// The card `id_or_token` names: one of `user`'s saved cards (by its id), or a
    /// fresh provider token. A token someone else saved is not found.
    pub async fn choose_card(
        &self,
        user: Option<&Id>,
        id_or_token: &str,
    ) -> Result<Result<ChosenCard, CardProblem>, ProviderError> {
        if let Some(id) = Id::parse(id_or_token) {
            let Some(user) = user else {
                return Ok(Err(CardProblem::NotFound));
            };
            let Some(card) = self.store.card(user, &id).await? else {
                return Ok(Err(CardProblem::NotFound));
            };
            return Ok(Ok(ChosenCard {
                token: card.token,
                details: CardDetails {
                    brand: card.brand,
                    last4: card.last4,
                    exp_month: card.exp_month,
                    exp_year: card.exp_year,
                    holder_name: card.holder_name,
                },
                saved: true,
            }));
        }
        if let Some(owner) = self
            .store
            .owner_of_token(self.provider.name(), id_or_token)
            .await?
        {
            if Some(&owner) != user {
                return Ok(Err(CardProblem::NotFound));
            }
        }
        match self.provider.method(id_or_token).await? {
            Some(details) => Ok(Ok(ChosenCard {
                token: id_or_token.to_string(),
                details,
                saved: false,
            })),
            None => Ok(Err(CardProblem::UnknownToken)),
        }
    }

    /// Keeps a tokenized card for the customer (Payment Methods, or 'Save this card'
    /// at checkout), attached at the provider.
    pub async fn save_card(
        &self,
        user_id: &Id,
        token: &str,
        primary: bool,
    ) -> Result<Result<SavedCard, SaveCardRefusal>, ProviderError> {
        if token.is_empty() || token.len() > 100 {
            return Ok(Err(SaveCardRefusal::UnknownToken));
        }
        let Some(details) = self.provider.attach_method(token).await? else {
            return Ok(Err(SaveCardRefusal::UnknownToken));
        };
        let card = SavedCard {
            id: Id::generate(),
            provider: self.provider.name().to_string(),
            token: token.to_string(),
            brand: details.brand,
            last4: details.last4,
            exp_month: details.exp_month,
            exp_year: details.exp_year,
            holder_name: details.holder_name,
            primary,
            created_at: self.clock.now_ms(),
        };
        Ok(match self.store.save_card(user_id, card, primary).await? {
            Ok(card) => Ok(card),
            Err(SaveRefusal::AlreadySaved) => Err(SaveCardRefusal::AlreadySaved),
            Err(SaveRefusal::TooMany) => Err(SaveCardRefusal::TooMany),
        })
    }

    /// Sets `amount` aside on the card.
    pub async fn authorize(
        &self,
        card: &ChosenCard,
        amount: Money,
        idempotency_key: String,
        return_url: String,
    ) -> Result<Result<ProviderPayment, Refusal>, ProviderError> {
        self.provider
            .authorize(AuthorizeRequest {
                method: card.token.clone(),
                amount,
                idempotency_key,
                return_url,
            })
            .await
    }

    /// A card refused before any order was written: kept in the shopper's history.
    pub async fn record_refusal(
        &self,
        user: Option<&Id>,
        card: &ChosenCard,
        amount: Money,
        payment_ref: &str,
        refusal: &Refusal,
    ) -> Result<(), ProviderError> {
        let mut conn = self.store.db().pool.acquire().await?;
        records::insert_transaction(
            &mut conn,
            &NewTransaction {
                order_id: None,
                user_id: user,
                kind: TxnKind::Authorization,
                status: TxnStatus::Failed,
                amount,
                provider: self.provider.name(),
                provider_ref: payment_ref,
                brand: Some(&card.details.brand),
                last4: Some(&card.details.last4),
                error: Some((&refusal.code, &refusal.message)),
            },
            self.clock.now_ms(),
        )
        .await?;
        Ok(())
    }

    /// Releases an authorization no order came of.
    pub async fn release(&self, payment_ref: &str) -> Result<(), ProviderError> {
        if let Err(refusal) = self
            .provider
            .void(payment_ref, &format!("void:{payment_ref}"))
            .await?
        {
            tracing::warn!(payment = payment_ref, code = %refusal.code, "releasing an authorization was refused");
        }
        Ok(())
    }

    /// Asks the provider where the order's payment stands and records what is new:
    /// an authorization is captured (once, whoever asks first), a finished 3-D
    /// Secure check settles the authorization, a capture or refund made elsewhere is
    /// recorded. Safe to call any number of times, from anywhere, at once.
    pub async fn settle(&self, order: &OrderRow) -> Result<Settled, ProviderError> {
        use TxnKind::{Authorization, Capture, Refund};
        let Some(payment_ref) = order.payment_ref.as_deref() else {
            return Ok(Settled::Unchanged);
        };
        let Some(payment) = self.provider.status(payment_ref).await? else {
            return Err(ProviderError::Failed(format!(
                "payment {payment_ref} is unknown to the provider"
            )));
        };
        let amount = payment.amount;
        let authorized = (Authorization, payment_ref, amount);
        let recorded = match payment.standing {
            PaymentStanding::RequiresAction { .. } | PaymentStanding::Canceled => {
                return Ok(Settled::Unchanged)
            }
            PaymentStanding::Failed(refusal) => {
                self.record(order, Some(&refusal), &[authorized]).await?;
                return Ok(Settled::Refused(refusal));
            }
            PaymentStanding::Authorized if order.status == Status::Cancelled => {
                return Ok(Settled::Unchanged)
            }
            PaymentStanding::Authorized => {
                let capture_key = format!("capture:{payment_ref}");
                match self.provider.capture(payment_ref, &capture_key).await? {
                    Ok(capture) => {
                        self.record(
                            order,
                            None,
                            &[authorized, (Capture, &capture.id, capture.amount)],
                        )
                        .await?
                    }
                    // Captured meanwhile by a request beside this one? Ask again.
                    Err(refusal) => {
                        match self.provider.status(payment_ref).await?.map(|p| p.standing) {
                            Some(PaymentStanding::Captured { capture_ref }) => {
                                self.record(
                                    order,
                                    None,
                                    &[authorized, (Capture, &capture_ref, amount)],
                                )
                                .await?
                            }
                            _ => {
                                self.record(order, None, &[authorized]).await?;
                                return Ok(Settled::Refused(refusal));
                            }
                        }
                    }
                }
            }
            PaymentStanding::Captured { capture_ref } => {
                self.record(order, None, &[authorized, (Capture, &capture_ref, amount)])
                    .await?
            }
            // Refunded outside the shop (a provider's dashboard): recorded as one
            // refund of it all. Refunds the shop made are recorded as they are made.
            PaymentStanding::Refunded {
                capture_ref,
                refund_ref,
            } if order.refunded.cents() == 0 => {
                self.record(
                    order,
                    None,
                    &[
                        authorized,
                        (Capture, &capture_ref, amount),
                        (Refund, &refund_ref, amount),
                    ],
                )
                .await?
            }
            PaymentStanding::Refunded { capture_ref, .. } => {
                self.record(order, None, &[authorized, (Capture, &capture_ref, amount)])
                    .await?
            }
        };
        Ok(Settled::Recorded(recorded))
    }

    /// After a card order's cancellation, before what it paid is refunded: releases a
    /// payment only authorized (or waiting for 3-D Secure), and records a captured
    /// one's capture in case no one had (what can be refunded is what was captured).
    pub async fn settle_cancelled(&self, order: &OrderRow) -> Result<(), ProviderError> {
        let Some(payment_ref) = order.payment_ref.as_deref() else {
            return Ok(());
        };
        let standing = self.provider.status(payment_ref).await?.map(|p| p.standing);
        match standing {
            Some(
                PaymentStanding::Captured { capture_ref }
                | PaymentStanding::Refunded { capture_ref, .. },
            ) => {
                self.record(
                    order,
                    None,
                    &[(TxnKind::Capture, &capture_ref, order.totals.total)],
                )
                .await?;
            }
            Some(PaymentStanding::Authorized | PaymentStanding::RequiresAction { .. }) => {
                match self
                    .provider
                    .void(payment_ref, &format!("void:{payment_ref}"))
                    .await?
                {
                    Ok(void) => {
                        self.record(order, None, &[(TxnKind::Void, &void.id, void.amount)])
                            .await?;
                    }
                    Err(refusal) => {
                        tracing::warn!(order = %order.number, code = %refusal.code, "releasing a payment was refused");
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Which provider refunds the order: the card's, or `manual` (recorded by hand)
    /// for cash and account orders.
    pub fn refunds_through(&self, order: &OrderRow) -> &'static str {
        match order.payment_ref {
            Some(_) => self.provider.name(),
            None => "manual",
        }
    }

    /// Gives `amount` of the order's payment back: through the provider for a card
    /// order, with `key` so a retry refunds once; by hand otherwise (nothing to ask).
    /// The provider's id of the refund, or `None` for one recorded by hand.
    pub async fn give_back(
        &self,
        order: &OrderRow,
        amount: Money,
        key: &str,
    ) -> Result<Result<Option<String>, Refusal>, ProviderError> {
        let Some(payment_ref) = order.payment_ref.as_deref() else {
            return Ok(Ok(None));
        };
        Ok(self
            .provider
            .refund(payment_ref, amount, key)
            .await?
            .map(|refund| Some(refund.id)))
    }

    /// Records provider operations for the order, each once, in one transaction, and
    /// derives its status. `refusal` marks them failed (else they succeeded). An
    /// authorization was written with the order: it is settled, not inserted.
    async fn record(
        &self,
        order: &OrderRow,
        refusal: Option<&Refusal>,
        operations: &[(TxnKind, &str, Money)],
    ) -> Result<PaymentStatus, ProviderError> {
        let status = if refusal.is_some() {
            TxnStatus::Failed
        } else {
            TxnStatus::Succeeded
        };
        let error = refusal.map(|r| (r.code.as_str(), r.message.as_str()));
        let mut tx = self.store.db().begin_write().await?;
        let now = self.clock.now_ms();
        for &(kind, provider_ref, amount) in operations {
            if kind == TxnKind::Authorization {
                records::settle_authorization(
                    &mut tx,
                    self.provider.name(),
                    provider_ref,
                    status,
                    error,
                    now,
                )
                .await?;
            } else {
                let transaction = NewTransaction {
                    order_id: Some(&order.id),
                    user_id: order.user_id.as_ref(),
                    kind,
                    status,
                    amount,
                    provider: self.provider.name(),
                    provider_ref,
                    brand: order.card_brand.as_deref(),
                    last4: order.card_last4.as_deref(),
                    error,
                };
                records::insert_transaction(&mut tx, &transaction, now).await?;
            }
        }
        let derived = records::rederive(&mut tx, &order.id, now).await?;
        tx.commit().await?;
        Ok(derived)
    }
}
