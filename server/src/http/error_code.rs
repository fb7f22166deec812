//! The machine-readable reason a refusal carries in the envelope's `code`, for the
//! refusals a client must tell apart to act on them (checkout above all): the message is
//! for people and may be reworded, the status is shared by unrelated refusals, and
//! whether `errors` is present says little. A refusal without a code leaves `code` out.

use serde::Serialize;
use utoipa::ToSchema;

/// Why a call was refused, when the client is expected to act on the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400: there is nothing to order.
    CartEmpty,
    /// 409: a line (or the cart entry) asks for more than is in stock; an order's lines
    /// short of stock are named in `errors` by the `variantId` the line named, else by
    /// its product id.
    OutOfStock,
    /// 409: the order's total moved while its card was being authorized (`errors.total`);
    /// nothing was placed and the key is not spent.
    AmountChanged,
    /// 409: the first request under this `Idempotency-Key` is still being placed: ask
    /// again with the same key.
    OrderInFlight,
    /// 422: this `Idempotency-Key` placed a different request before.
    IdempotencyKeyReused,
    /// 422: the promo code does not apply (the reason in `errors.promoCode`).
    PromoInvalid,
    /// 422: no delivery method can take the order as asked: none serves the postcode
    /// (`errors.postcode`), none can carry its weight, or the one named cannot be used
    /// (`errors.deliveryMethodId`). 400 `invalid_fields` when several could and none was
    /// named.
    DeliveryUnavailable,
    /// 402: the card was refused (the provider's words in `errors.payment`).
    CardDeclined,
    /// 422: the shop takes no card payments (`errors.payment`).
    CardsUnavailable,
    /// 404: the saved card chosen is not the shopper's (any more).
    PaymentMethodNotFound,
    /// 400: the payment part of the request cannot be used: no method or card chosen, or
    /// a card token the provider does not know (`errors.payment`); 422: pay on account
    /// chosen without an approved trade account with credit (`errors.payment`).
    PaymentInvalid,
    /// 422: the order on account would take the account past its credit limit
    /// (`errors.payment` says what is available).
    CreditLimit,
    /// 400: checkout's fields (contact, fulfilment, lines) break a rule, named in `errors`.
    InvalidFields,
    /// 400: a cart quantity is not a whole number from 1 to the most per line.
    QuantityInvalid,
    /// 422: the cart would hold more than the most of one product.
    QuantityOverMaximum,
    /// 422: the cart or wishlist holds the most entries it may.
    ListFull,
}
