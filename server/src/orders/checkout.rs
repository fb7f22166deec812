//! Placing an order: the quote, and for a card the authorization before the order's
//! transaction (so a refused card leaves nothing behind), the order itself, the
//! capture once it is written, and keeping the card when the shopper asked.

use std::collections::BTreeMap;

use super::{OrderError, OrderService};
use crate::domain::contact::Contact;
use crate::domain::currency::{self, Reading};
use crate::domain::delivery;
use crate::domain::id::Id;
use crate::domain::order::Fulfilment;
use crate::domain::order_row::OrderRow;
use crate::domain::payment::TxnStatus;
use crate::mail::templates;
use crate::payments::provider::PaymentStanding;
use crate::payments::ChosenCard;
use crate::store::orders::{Buyer, CardCharge, DeliveryAsk, NewOrder, PlaceRefusal, Quote};

/// How the shopper pays.
#[derive(Clone, Debug)]
pub enum PaymentChoice {
    /// Cash on delivery or at pickup.
    Cash,
    /// A card: one of the customer's saved cards (its id), or a fresh provider token,
    /// kept among their cards afterwards when `save` is set.
    Card { id_or_token: String, save: bool },
    /// On account, with the buyer's purchase-order number (docs/DESIGN.md §11).
    Account { po_number: String },
}

/// A checkout, every field already checked at the edge.
#[derive(Clone, Debug)]
pub struct Checkout {
    pub buyer: Buyer,
    pub fulfilment: Fulfilment,
    pub contact: Contact,
    pub save_address: bool,
    pub payment: PaymentChoice,
    /// A promo code as typed, uppercased (domain::promo::normalise).
    pub promo_code: Option<String>,
    /// The delivery method asked for; the postcode and country are the contact's.
    pub delivery_method_id: Option<String>,
    pub idempotency_key: String,
    /// A digest of the request: the same key with another request is refused.
    pub request_digest: String,
}

/// An order placed, or the one the same key placed before.
#[derive(Debug)]
pub struct PlacedOrder {
    pub order: OrderRow,
    /// The key placed it before: nothing new happened.
    pub repeat: bool,
    /// Opens the order's page for the link's lifetime.
    pub token: String,
    /// For a card that asks for 3-D Secure: the bank's page to send the shopper to.
    pub next_action: Option<String>,
}

impl OrderService {
    /// The totals the buyer's lines would be charged with `fulfilment`, each line
    /// flagged when the stock cannot meet it.
    /// `delivery`'s country, when empty, is the shop's.
    pub async fn quote(
        &self,
        buyer: &Buyer,
        fulfilment: Fulfilment,
        delivery: &DeliveryAsk,
        promo_code: Option<&str>,
    ) -> Result<Quote, OrderError> {
        let shop = self.shop_settings.get().await?;
        let mut delivery = delivery.clone();
        if delivery.country.is_empty() {
            delivery.country = shop.tax.country.clone();
        }
        match self
            .orders
            .quote(buyer, fulfilment, &delivery, promo_code, &shop.tax)
            .await?
        {
            Ok(quote) => Ok(quote),
            Err(PlaceRefusal::Promo(refusal)) => Err(OrderError::Promo(refusal, shop.currency)),
            Err(PlaceRefusal::Invalid(errors)) => Err(OrderError::Invalid(errors)),
            Err(PlaceRefusal::Delivery(refusal)) => Err(OrderError::Delivery(refusal)),
            Err(_) => Err(OrderError::CartEmpty),
        }
    }

    /// Places the order (docs/DESIGN.md §6, §7). A card is authorized for the quote's total
    /// first, unless the key placed an order before; the order's transaction then takes
    /// the stock and records the authorization, or the authorization is released. A
    /// new card order is captured at once. `payment_outcome` hears how the card's
    /// authorization went (`authorized`, `action_required`, `declined`).
    pub async fn place(
        &self,
        checkout: Checkout,
        payment_outcome: &(dyn Fn(&'static str) + Send + Sync),
    ) -> Result<PlacedOrder, OrderError> {
        let scope = checkout.buyer.idempotency_scope().to_string();
        let user_id = checkout.buyer.customer().cloned();
        let (payment_method, save_card) = match &checkout.payment {
            PaymentChoice::Cash => ("cod", false),
            PaymentChoice::Card { save, .. } => ("card", *save),
            PaymentChoice::Account { .. } => ("account", false),
        };
        let mut chosen = None;
        let mut card = None;
        let mut next_action = None;
        if let PaymentChoice::Card { id_or_token, .. } = &checkout.payment {
            // A key that placed an order before answers it, without asking the card again.
            if !self
                .orders
                .key_taken(&scope, &checkout.idempotency_key)
                .await?
            {
                let picked = self
                    .payments
                    .choose_card(user_id.as_ref(), id_or_token)
                    .await?
                    .map_err(OrderError::Card)?;
                let authorized = self
                    .authorize(&checkout, &picked, &scope, user_id.as_ref())
                    .await;
                // Refusals before the card is asked (stock, promo code, delivery) are not
                // its outcomes.
                let outcome = match &authorized {
                    Ok((_, Some(_))) => Some("action_required"),
                    Ok(_) => Some("authorized"),
                    Err(OrderError::PaymentRefused(_)) => Some("declined"),
                    Err(_) => None,
                };
                if let Some(outcome) = outcome {
                    payment_outcome(outcome);
                }
                let (charge, action) = authorized?;
                next_action = action;
                card = Some(charge);
                chosen = Some(picked);
            }
        }
        let shop = self.shop_settings.get().await?;
        let new = NewOrder {
            buyer: checkout.buyer,
            fulfilment: checkout.fulfilment,
            contact: checkout.contact.or_country(&shop.tax.country),
            delivery_method_id: checkout.delivery_method_id,
            save_address: checkout.save_address,
            payment_method,
            po_number: match &checkout.payment {
                PaymentChoice::Account { po_number } => Some(po_number.clone()),
                _ => None,
            },
            card: card.clone(),
            idempotency_key: checkout.idempotency_key,
            request_digest: checkout.request_digest,
            promo_code: checkout.promo_code,
            tax: shop.tax.clone(),
        };
        let confirmation = |order: &OrderRow| {
            templates::order_placed(order, &self.links.url(&order.number), &shop)
        };
        let placed = match self.orders.place(new, &confirmation).await? {
            Ok(placed) => placed,
            Err(refusal) => {
                let error = match refusal {
                    PlaceRefusal::Empty => OrderError::CartEmpty,
                    PlaceRefusal::Invalid(errors) => OrderError::Invalid(errors),
                    PlaceRefusal::Short(errors) => OrderError::Short(errors),
                    // The first request holds the same authorization: it is not released here.
                    PlaceRefusal::KeyInUse => return Err(OrderError::KeyInUse),
                    PlaceRefusal::KeyReused => OrderError::KeyReused,
                    PlaceRefusal::AmountChanged => OrderError::AmountChanged,
                    PlaceRefusal::Promo(refusal) => OrderError::Promo(refusal, shop.currency),
                    PlaceRefusal::Delivery(refusal) => OrderError::Delivery(refusal),
                    PlaceRefusal::NotTrade => OrderError::NotTrade,
                    PlaceRefusal::Credit(available) => OrderError::Credit(currency::format(
                        available,
                        shop.currency,
                        Reading::Rupees,
                    )),
                };
                if let Some(card) = &card {
                    self.payments.release(&card.payment_ref).await?;
                }
                return Err(error);
            }
        };
        let mut order = placed.order;
        if card.is_some() && !placed.repeat {
            // Captured now (the webhook or a retry would otherwise do it).
            order = self.settle(order).await?;
            if let (Some(user_id), Some(picked)) = (&user_id, &chosen) {
                if save_card && !picked.saved {
                    match self.payments.save_card(user_id, &picked.token, false).await {
                        Ok(Ok(_)) => {}
                        Ok(Err(refusal)) => {
                            tracing::info!(?refusal, "the card paid with was not saved");
                        }
                        Err(e) => tracing::info!(error = %e, "the card paid with was not saved"),
                    }
                }
            }
        }
        Ok(PlacedOrder {
            token: self.links.token(&order.number),
            order,
            repeat: placed.repeat,
            next_action,
        })
    }

    /// Asks the provider to set the order's total aside on the card, before the order
    /// is written: a refused card leaves no order, no stock taken and the cart as it
    /// was. The charge to record with the order, and where to send the shopper first
    /// when the bank asks for 3-D Secure.
    async fn authorize(
        &self,
        checkout: &Checkout,
        card: &ChosenCard,
        scope: &str,
        user_id: Option<&Id>,
    ) -> Result<(CardCharge, Option<String>), OrderError> {
        let contact = checkout.contact.get();
        let delivery = DeliveryAsk {
            postcode: contact.postcode.clone(),
            country: contact.country.clone(),
            method_id: checkout.delivery_method_id.clone(),
        };
        let quote = self
            .quote(
                &checkout.buyer,
                checkout.fulfilment,
                &delivery,
                checkout.promo_code.as_deref(),
            )
            .await?;
        // The order would refuse the delivery (a method named that cannot be used, or
        // several that could and none named): say so before the card is asked.
        if checkout.fulfilment == Fulfilment::Delivery {
            let named = checkout.delivery_method_id.as_deref();
            if let Err(refusal) = delivery::for_order(&quote.delivery_options, named) {
                return Err(OrderError::Delivery(refusal));
            }
        }
        let short: BTreeMap<String, String> = quote
            .lines
            .iter()
            .filter_map(|l| l.problem.clone().map(|p| (l.key.clone(), p)))
            .collect();
        if !short.is_empty() {
            return Err(OrderError::Short(short));
        }
        let amount = quote.totals.total;
        // One payment per attempt: the same key and request authorize the same payment.
        let payment_key = format!(
            "order:{}",
            crate::security::token_digest(&format!(
                "{scope}\n{}\n{}",
                checkout.idempotency_key, checkout.request_digest
            ))
        );
        let payments = &self.payments;
        let payment = match payments
            .authorize(card, amount, payment_key, self.links.payment_return_url())
            .await?
        {
            Ok(payment) => payment,
            Err(refusal) => return Err(OrderError::PaymentRefused(refusal.message)),
        };
        let (authorization, next_action) = match &payment.standing {
            PaymentStanding::Authorized
            | PaymentStanding::Captured { .. }
            | PaymentStanding::Refunded { .. } => (TxnStatus::Succeeded, None),
            PaymentStanding::RequiresAction { redirect_url } => {
                (TxnStatus::Pending, Some(redirect_url.clone()))
            }
            PaymentStanding::Failed(refusal) => {
                payments
                    .record_refusal(user_id, card, amount, &payment.id, refusal)
                    .await?;
                return Err(OrderError::PaymentRefused(refusal.message.clone()));
            }
            PaymentStanding::Canceled => {
                return Err(OrderError::PaymentRefused(
                    "This payment was cancelled. Please try again.".into(),
                ))
            }
        };
        Ok((
            CardCharge {
                provider: payments.provider().name(),
                payment_ref: payment.id,
                brand: card.details.brand.clone(),
                last4: card.details.last4.clone(),
                amount: payment.amount,
                authorization,
            },
            next_action,
        ))
    }
}
