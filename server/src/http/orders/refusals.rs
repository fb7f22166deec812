//! How the order and payment flows' refusals are answered: each refusal's status,
//! message and `errors`, in one place for every call that can meet it.

use std::collections::BTreeMap;

use crate::domain::currency::Currency;
use crate::domain::delivery::DeliveryRefusal;
use crate::domain::order;
use crate::domain::promo::PromoRefusal;
use crate::domain::trade::{credit_exceeded, NEEDS_TRADE_ACCOUNT};
use crate::http::error::{AppError, ErrorCode};
use crate::orders::OrderError;
use crate::payments::{CardProblem, SaveCardRefusal};
use crate::store::payments::MAX_SAVED_CARDS;

pub const ORDER_NOT_FOUND: &str = "Order not found";
pub const CARD_NOT_FOUND: &str = "Payment method not found";
pub const UNKNOWN_TOKEN: &str = "This card could not be found. Please enter it again.";
pub const NOT_CANCELLABLE: &str = "This order can no longer be cancelled";
const KEY_IN_USE: &str = "This order is still being placed";
const KEY_REUSED: &str = "Idempotency key reused with a different request";
const SHORT: &str = "Some items are no longer available";
const AMOUNT_CHANGED: &str =
    "Prices changed while you were paying. Please check your order and try again.";

impl From<OrderError> for AppError {
    fn from(error: OrderError) -> Self {
        match error {
            OrderError::CartEmpty => {
                AppError::bad_request(order::CART_EMPTY).with_code(ErrorCode::CartEmpty)
            }
            OrderError::Invalid(errors) => {
                AppError::fields(errors).with_code(ErrorCode::InvalidFields)
            }
            OrderError::Short(errors) => AppError::ConflictFields {
                message: SHORT.into(),
                errors,
            }
            .with_code(ErrorCode::OutOfStock),
            OrderError::KeyInUse => {
                AppError::Conflict(KEY_IN_USE.into()).with_code(ErrorCode::OrderInFlight)
            }
            OrderError::KeyReused => {
                AppError::unprocessable(KEY_REUSED).with_code(ErrorCode::IdempotencyKeyReused)
            }
            // `errors.total` tells it from 'still being placed': this attempt is over, and
            // the shopper should see the new figures before paying under a new key.
            OrderError::AmountChanged => AppError::ConflictFields {
                message: AMOUNT_CHANGED.into(),
                errors: BTreeMap::from([("total".to_string(), AMOUNT_CHANGED.to_string())]),
            }
            .with_code(ErrorCode::AmountChanged),
            OrderError::Promo(refusal, currency) => promo_refused(&refusal, currency),
            OrderError::Delivery(refusal) => delivery_refused(&refusal),
            OrderError::NotTrade => AppError::Unprocessable {
                message: NEEDS_TRADE_ACCOUNT.into(),
                errors: BTreeMap::from([("payment".into(), NEEDS_TRADE_ACCOUNT.into())]),
            }
            .with_code(ErrorCode::PaymentInvalid),
            OrderError::Credit(available) => {
                let message = credit_exceeded(&available);
                AppError::Unprocessable {
                    message: message.clone(),
                    errors: BTreeMap::from([("payment".into(), message)]),
                }
                .with_code(ErrorCode::CreditLimit)
            }
            OrderError::Card(problem) => card_problem(problem),
            OrderError::PaymentRefused(message) => AppError::PaymentRefused(message),
            OrderError::NotFound => AppError::NotFound(ORDER_NOT_FOUND.into()),
            OrderError::NothingPaid => {
                AppError::Conflict("Nothing has been paid on this order".into())
            }
            OrderError::RefundTooMuch(left) => {
                let message = format!("At most {left} can be refunded");
                AppError::Unprocessable {
                    message: message.clone(),
                    errors: BTreeMap::from([("amount".into(), message)]),
                }
            }
            OrderError::RefundRefused(message) => {
                AppError::Conflict(format!("The payment provider did not refund: {message}"))
            }
            OrderError::RefundUnanswered => AppError::Conflict(REFUND_UNANSWERED.into()),
            OrderError::NotAllowed { current, next } => AppError::Conflict(format!(
                "An order that is {} cannot become {}",
                current.as_str(),
                next.as_str()
            )),
            OrderError::RoleRefused => {
                AppError::Forbidden(crate::domain::staff::ROLE_REFUSED.into())
            }
            OrderError::Store(e) => e.into(),
            OrderError::Provider(e) => e.into(),
        }
    }
}

/// A promo code that does not apply: 422 with the reason, also in `errors.promoCode`.
pub fn promo_refused(refusal: &PromoRefusal, currency: Option<Currency>) -> AppError {
    let message = refusal.message(currency);
    AppError::Unprocessable {
        message: message.clone(),
        errors: BTreeMap::from([("promoCode".to_string(), message)]),
    }
    .with_code(ErrorCode::PromoInvalid)
}

/// A delivery no method can take (docs/DESIGN.md §10): 422 with the reason under the
/// field it belongs to; 400 when the shopper only has to choose.
pub fn delivery_refused(refusal: &DeliveryRefusal) -> AppError {
    let (field, message) = (refusal.field(), refusal.message());
    match refusal {
        DeliveryRefusal::Choose => {
            AppError::field(field, message).with_code(ErrorCode::InvalidFields)
        }
        _ => AppError::Unprocessable {
            message: message.to_string(),
            errors: BTreeMap::from([(field.to_string(), message.to_string())]),
        }
        .with_code(ErrorCode::DeliveryUnavailable),
    }
}

/// Turns a provider's refusal of a card chosen for an order into the answer.
pub fn card_problem(problem: CardProblem) -> AppError {
    match problem {
        CardProblem::NotFound => {
            AppError::NotFound(CARD_NOT_FOUND.into()).with_code(ErrorCode::PaymentMethodNotFound)
        }
        CardProblem::UnknownToken => {
            AppError::field("payment", UNKNOWN_TOKEN).with_code(ErrorCode::PaymentInvalid)
        }
    }
}

/// Why a card was not kept among the customer's cards.
pub fn card_not_saved(refusal: SaveCardRefusal) -> AppError {
    match refusal {
        SaveCardRefusal::UnknownToken => AppError::field("token", UNKNOWN_TOKEN),
        SaveCardRefusal::AlreadySaved => AppError::Conflict("This card is already saved".into()),
        SaveCardRefusal::TooMany => {
            AppError::unprocessable(format!("You can save at most {MAX_SAVED_CARDS} cards"))
        }
    }
}

/// A refund the provider did not answer about: held, and asked about again.
pub const REFUND_UNANSWERED: &str = "The payment provider did not answer. The refund is held and will be checked again in a few minutes.";
