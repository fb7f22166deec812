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
    /// short of stock are named in `errors` by product id.
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
    /// 402: the card was refused (the provider's words in `errors.payment`).
    CardDeclined,
    /// 422: the shop takes no card payments (`errors.payment`).
    CardsUnavailable,
    /// 404: the saved card chosen is not the shopper's (any more).
    PaymentMethodNotFound,
    /// 400: the payment part of the request cannot be used: no method or card chosen, or
    /// a card token the provider does not know (`errors.payment`).
    PaymentInvalid,
    /// 400: checkout's fields (contact, fulfilment, lines) break a rule, named in `errors`.
    InvalidFields,
    /// 400: a cart quantity is not a whole number from 1 to the most per line.
    QuantityInvalid,
    /// 422: the cart would hold more than the most of one product.
    QuantityOverMaximum,
    /// 422: the cart or wishlist holds the most entries it may.
    ListFull,
}

#[cfg(test)]
mod tests {
    use axum::response::IntoResponse;
    use serde_json::{json, Value};

    use super::ErrorCode;
    use crate::http::error::AppError;

    async fn answer(error: AppError) -> (u16, Value) {
        let response = error.into_response();
        let status = response.status().as_u16();
        let body = axum::body::to_bytes(response.into_body(), 1 << 16)
            .await
            .unwrap();
        (status, serde_json::from_slice(&body).unwrap())
    }

    #[tokio::test]
    async fn a_code_is_added_to_the_refusal_as_it_was() {
        let plain = answer(AppError::Conflict("Still being placed".into())).await;
        assert_eq!(
            plain,
            (
                409,
                json!({"success": false, "message": "Still being placed"})
            )
        );
        let coded = answer(
            AppError::Conflict("Still being placed".into()).with_code(ErrorCode::OrderInFlight),
        )
        .await;
        assert_eq!(
            coded,
            (
                409,
                json!({"success": false, "message": "Still being placed", "code": "order_in_flight"})
            )
        );
    }

    #[tokio::test]
    async fn a_refused_card_says_card_declined() {
        let (status, body) =
            answer(AppError::PaymentRefused("Your card was declined".into())).await;
        assert_eq!(status, 402);
        assert_eq!(body["code"], "card_declined");
        assert_eq!(body["errors"]["payment"], "Your card was declined");
    }

    #[tokio::test]
    async fn the_outer_code_wins_and_the_status_is_the_refusals() {
        let error = AppError::bad_request("Your cart is empty")
            .with_code(ErrorCode::InvalidFields)
            .with_code(ErrorCode::CartEmpty);
        assert_eq!(error.status().as_u16(), 400);
        let (_, body) = answer(error).await;
        assert_eq!(body["code"], "cart_empty");
        assert_eq!(body["message"], "Your cart is empty");
    }
}
