//! The shopper's order calls (docs/DESIGN.md §6): the checkout's quote, placing an order
//! with an `Idempotency-Key`, the customer's orders, one order (its owner, or whoever
//! holds the mailed link), cancelling, and 'Track your order'.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};

use super::answers::{
    AddressData, Contact, DeliveryOptionView, LineRequest, NextAction, Order, OrderData, OrderList,
    PlaceRequest, PlacedOrder, Quote, QuoteLine, QuoteRequest, TaxAmount, TokenQuery, TrackRequest,
};
use super::refusals::{promo_refused, NOT_CANCELLABLE};
use crate::domain::account::Email;
use crate::domain::account_policy::AttemptKind;
use crate::domain::contact::{check_contact, check_country, check_postcode};
use crate::domain::delivery::NOT_AVAILABLE;
use crate::domain::id::Id;
use crate::domain::order::{collect_lines, Fulfilment, LinesError};
use crate::domain::promo::{self, PromoRefusal};
use crate::domain::trade::check_po_number;
use crate::domain::Money;
use crate::http::auth::{subject, Empty};
use crate::http::error::{AppError, ErrorBody, ErrorCode};
use crate::http::extract::{ApiJson, ApiPath, ApiQuery};
use crate::http::identity::{CurrentUser, MaybeUser};
use crate::http::paging::{parse_paging, PageQuery};
use crate::http::{ok, AppState, Envelope};
use crate::orders::checkout::{Checkout, PaymentChoice};
use crate::orders::OrderError;
use crate::store::orders::{Buyer, DeliveryAsk, LineAsk};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/order", get(list_orders).post(place_order))
        .route("/order/quote", post(quote))
        .route("/order/track", post(track))
        .route("/order/{number}", get(get_order))
        .route("/order/{number}/cancel", post(cancel_order))
        .route("/user/address", get(saved_address))
}

const TRACK_SENT: &str = "If that order exists, we have e-mailed a link to it to that address.";
const KEY_REQUIRED: &str = "Idempotency-Key header is required";
/// The longest delivery method id a request may name (the schema's `maxLength`).
const MAX_METHOD_ID_CHARS: usize = 100;
/// The longest `Idempotency-Key` kept.
const MAX_KEY_CHARS: usize = 200;

// ---- Handlers ----

/// The totals the current cart would be charged with `fulfilment`, each line flagged
/// when the stock cannot meet it. Signed in: the server cart; guest: `items`.
#[utoipa::path(post, path = "/api/order/quote", tag = "orders", request_body = QuoteRequest,
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The figures", body = Envelope<Quote>),
        (status = 400, description = "'Your cart is empty', an unknown fulfilment, bad lines: a product with several variants named without `variantId` ('Choose a Size and Finish', in `errors['items[n].variantId']`), a quantity the product is not sold in ('Order at least N', 'Sold in multiples of N', in `errors['items[n].quantity']`; a server cart's line by its `variantId`); a `postcode` that cannot be one ('A postcode is letters, digits, spaces or hyphens', 'At most 16 characters') or an unknown `country` ('Use a two-letter country code such as GB')", body = ErrorBody),
        (status = 422, description = "A promo code that does not apply, in `errors.promoCode`: 'This promo code is not valid', 'This promo code is not active yet', 'This promo code has expired', 'This promo code has been used up', 'Spend at least ₹N to use this promo code' (N in the shop's currency when it names one), 'You have already used this promo code'; for a delivery (code `delivery_unavailable`): 'We do not deliver to this postcode' (`errors.postcode`), 'No delivery method can carry this order' (`errors.deliveryMethodId`)", body = ErrorBody),
    ))]
pub async fn quote(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiJson(body): ApiJson<QuoteRequest>,
) -> Result<Json<Envelope<Quote>>, AppError> {
    let fulfilment = parse_fulfilment(&body.fulfilment)?;
    let promo = promo_code(body.promo_code.as_deref())?;
    let delivery = delivery_ask(&body)?;
    let buyer = buyer(user.map(|u| u.id), body.items.as_deref())?;
    let quote = state
        .order_service
        .quote(&buyer, fulfilment, &delivery, promo.as_deref())
        .await?;
    let t = quote.totals;
    Ok(ok(
        "Quote",
        Quote {
            subtotal: t.subtotal.as_f64(),
            discount: t.discount.as_f64(),
            promo_discount: t.promo_discount.as_f64(),
            delivery_fee: t.delivery_fee.as_f64(),
            total: t.total.as_f64(),
            tax_total: quote.tax.tax_total.as_f64(),
            taxes: quote.tax.taxes.iter().map(TaxAmount::from).collect(),
            prices_include_tax: quote.tax.prices_include_tax,
            delivery_options: quote
                .delivery_options
                .iter()
                .map(DeliveryOptionView::from)
                .collect(),
            delivery_method_id: quote.delivery_method_id,
            lines: quote
                .lines
                .into_iter()
                .map(|l| QuoteLine {
                    product_id: l.product_id,
                    variant_id: l.variant_id,
                    quantity: l.quantity,
                    unit_price: l.unit_price.map(Money::as_f64),
                    line_total: l.line_total.map(Money::as_f64),
                    tax: l.tax.into(),
                    available: l.problem.is_none(),
                    message: l.problem,
                })
                .collect(),
        },
    ))
}

/// Places the order: the stock of every line is taken, or none (docs/DESIGN.md §6). The
/// same `Idempotency-Key` with the same body answers the same order again.
#[utoipa::path(post, path = "/api/order", tag = "orders", request_body = PlaceRequest,
    security((), ("bearer" = [])),
    params(("Idempotency-Key" = String, Header, max_length = 200, pattern = "^[ -~]*[!-~][ -~]*$",
        description = "One per checkout attempt, of visible ASCII (a header's text); a retry sends it again")),
    responses(
        (status = 201, description = "'Order placed'", body = Envelope<PlacedOrder>),
        (status = 200, description = "The order this key placed before", body = Envelope<PlacedOrder>),
        (status = 400, description = "'Your cart is empty', a missing key, contact fields (`errors` by field: a `postcode` or `country` as the quote checks them); 'Choose a delivery method' (`errors.deliveryMethodId`: several methods could take the order and none was named); a product with several variants named without `variantId` ('Choose a Size and Finish', in `errors['items[n].variantId']`); a quantity the product is not sold in ('Order at least N', 'Sold in multiples of N', in `errors['items[n].quantity']`, or a server cart's line by its `variantId`)", body = ErrorBody),
        (status = 409, description = "Lines short of stock or gone: `errors` keyed by the `variantId` the line named, else its `productId` ('Only N left in stock', 'This product is out of stock', 'This product is no longer available'); the prices moved while the card was authorized (`errors.total`: nothing placed, the key not spent); or the key's first request still running (no `errors`: ask again with the same key)", body = ErrorBody),
        (status = 422, description = "'Idempotency key reused with a different request', or card payment; pay on account: 'Pay on account needs an approved trade account' (`errors.payment`, code `payment_invalid`) or 'This order would exceed your credit limit (₹1234.50 available)' (`errors.payment`, code `credit_limit`); a promo code that does not apply (`errors.promoCode`, as the quote says); a delivery no method can take (code `delivery_unavailable`): 'We do not deliver to this postcode' (`errors.postcode`), 'No delivery method can carry this order', 'This delivery method is not available' (unknown, inactive or not serving the postcode) or the named method's reason such as 'Too heavy for this method' (`errors.deliveryMethodId`)", body = ErrorBody),
    ))]
pub async fn place_order(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    headers: HeaderMap,
    ApiJson(raw): ApiJson<serde_json::Value>,
) -> Result<(StatusCode, Json<Envelope<PlacedOrder>>), AppError> {
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .ok_or_else(|| AppError::bad_request(KEY_REQUIRED))?;
    if key.chars().count() > MAX_KEY_CHARS {
        return Err(AppError::bad_request(format!(
            "Idempotency-Key must be at most {MAX_KEY_CHARS} characters"
        )));
    }
    // Keys in the JSON object are sorted, so the digest is the request's, not its layout's.
    let request_digest = crate::security::token_digest(&raw.to_string());
    let body: PlaceRequest = serde_json::from_value(raw)
        .map_err(|e| AppError::bad_request(format!("Invalid JSON body: {e}")))?;
    let fulfilment = parse_fulfilment(&body.fulfilment).map_err(invalid_fields)?;
    let (payment_method, payment) = match body.payment.method.as_str() {
        "cod" => ("cod", PaymentChoice::Cash),
        "card" => {
            if !state.payments.takes_cards() {
                return Err(crate::payments::ProviderError::Unavailable.into());
            }
            let id = body
                .payment
                .payment_method_id
                .as_deref()
                .map(str::trim)
                .filter(|id| !id.is_empty() && id.len() <= 100)
                .ok_or_else(|| {
                    AppError::field("payment", "Choose a card").with_code(ErrorCode::PaymentInvalid)
                })?;
            let save = body.payment.save_card;
            let id_or_token = id.to_string();
            ("card", PaymentChoice::Card { id_or_token, save })
        }
        "account" => {
            let po = body.payment.po_number.as_deref().unwrap_or_default();
            let po_number = check_po_number(po).map_err(|text| {
                AppError::field("poNumber", text).with_code(ErrorCode::PaymentInvalid)
            })?;
            ("account", PaymentChoice::Account { po_number })
        }
        _ => {
            return Err(AppError::field("payment", "Choose a payment method")
                .with_code(ErrorCode::PaymentInvalid))
        }
    };
    let promo = promo_code(body.promo_code.as_deref())?;
    let contact = check_contact(&body.contact.into(), fulfilment)
        .map_err(|e| invalid_fields(AppError::fields(e)))?;
    let buyer = buyer(user.map(|u| u.id), body.items.as_deref())?;
    let checkout = Checkout {
        buyer,
        fulfilment,
        contact,
        save_address: body.save_address,
        payment,
        promo_code: promo,
        delivery_method_id: method_id(body.delivery_method_id.as_deref())?,
        idempotency_key: key.to_string(),
        request_digest,
    };
    let outcome = |outcome| state.metrics.outcome("payment", outcome);
    let placed = state.order_service.place(checkout, &outcome).await?;
    let (status, message) = if placed.repeat {
        (StatusCode::OK, "Order already placed")
    } else {
        state.metrics.outcome("order", payment_method);
        (StatusCode::CREATED, "Order placed")
    };
    Ok((
        status,
        ok(
            message,
            PlacedOrder {
                order: Order::for_shopper(placed.order),
                token: placed.token,
                next_action: placed.next_action.map(|url| NextAction {
                    kind: "redirect".into(),
                    url,
                }),
            },
        ),
    ))
}

/// The signed-in customer's orders, newest first.
#[utoipa::path(get, path = "/api/order", tag = "orders", params(PageQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of orders", body = Envelope<OrderList>),
        (status = 400, description = "A bad `page` or `perPage`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
pub async fn list_orders(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Envelope<OrderList>>, AppError> {
    let paging = parse_paging(query.page.as_deref(), query.per_page.as_deref())?;
    let (rows, total) = state
        .orders
        .of_customer(&user.id, paging.per_page, paging.offset())
        .await?;
    Ok(ok(
        "Orders",
        OrderList {
            orders: rows.into_iter().map(Order::for_shopper).collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

/// One order, for its owner or whoever holds its mailed link (`?token=`). Anyone
/// else hears it does not exist.
#[utoipa::path(get, path = "/api/order/{number}", tag = "orders", params(("number" = String, Path), TokenQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The order", body = Envelope<OrderData>),
        (status = 404, description = "'Order not found'", body = ErrorBody),
    ))]
pub async fn get_order(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiPath(number): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> Result<Json<Envelope<OrderData>>, AppError> {
    let order = state
        .order_service
        .reachable(user.map(|u| u.id).as_ref(), &number, query.token.as_deref())
        .await?;
    Ok(ok(
        "Order",
        OrderData {
            order: Order::for_shopper(order),
        },
    ))
}

/// Cancels the order while it is placed or ready for pickup: its units go back on the
/// shelf and the shopper is mailed.
#[utoipa::path(post, path = "/api/order/{number}/cancel", tag = "orders", params(("number" = String, Path), TokenQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "'Order cancelled'", body = Envelope<OrderData>),
        (status = 404, description = "'Order not found'", body = ErrorBody),
        (status = 409, description = "'This order can no longer be cancelled'", body = ErrorBody),
    ))]
pub async fn cancel_order(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiPath(number): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> Result<Json<Envelope<OrderData>>, AppError> {
    let moved = state
        .order_service
        .cancel(user.map(|u| u.id).as_ref(), &number, query.token.as_deref())
        .await
        .map_err(|e| match e {
            OrderError::NotAllowed { .. } => AppError::Conflict(NOT_CANCELLABLE.into()),
            other => other.into(),
        })?;
    Ok(ok(
        "Order cancelled",
        OrderData {
            order: Order::for_shopper(moved),
        },
    ))
}

/// 'Track your order': mails the order's link to its address when the number and the
/// address belong together. The answer is the same either way, and at most 5 mails
/// per address are sent per hour.
#[utoipa::path(post, path = "/api/order/track", tag = "orders", request_body = TrackRequest,
    responses(
        (status = 200, description = "Always the same message", body = Envelope<Empty>),
        (status = 400, description = "No number, or not an e-mail address", body = ErrorBody),
    ))]
pub async fn track(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<TrackRequest>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    let number = body.number.trim().trim_start_matches('#');
    if number.is_empty() {
        return Err(AppError::field("number", "Order number is required"));
    }
    let email =
        Email::parse(&body.email_address).map_err(|m| AppError::field("emailAddress", m))?;
    let now = state.clock.now_ms();
    let within_limit = state
        .accounts
        .take_attempts(
            &[(
                AttemptKind::TrackMail,
                &subject(AttemptKind::TrackMail, email.as_str()),
            )],
            now,
        )
        .await?
        .is_ok();
    if within_limit {
        state.order_service.mail_link(number, &email).await?;
    } else {
        tracing::warn!("order link limit reached for an address; no mail sent");
    }
    Ok(ok(TRACK_SENT, Empty {}))
}

/// The address the customer saved at checkout, to fill the form again.
#[utoipa::path(get, path = "/api/user/address", tag = "orders",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The saved address, or null", body = Envelope<AddressData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
pub async fn saved_address(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Envelope<AddressData>>, AppError> {
    let address = state
        .orders
        .saved_address(&user.id)
        .await?
        .map(Contact::from);
    Ok(ok("Saved address", AddressData { address }))
}

/// A quote's delivery as sent: the postcode and country checked as an order's contact
/// checks them (the country blank for the shop's).
fn delivery_ask(body: &QuoteRequest) -> Result<DeliveryAsk, AppError> {
    let mut errors = BTreeMap::new();
    let postcode = check_postcode(&body.postcode).unwrap_or_else(|message| {
        errors.insert("postcode", message);
        String::new()
    });
    let country = check_country(&body.country).unwrap_or_else(|message| {
        errors.insert("country", message.to_string());
        String::new()
    });
    if !errors.is_empty() {
        return Err(invalid_fields(AppError::fields(errors)));
    }
    Ok(DeliveryAsk {
        postcode,
        country,
        method_id: method_id(body.delivery_method_id.as_deref())?,
    })
}

/// A delivery method's id as sent: none when blank; longer than an id can be, refused.
fn method_id(id: Option<&str>) -> Result<Option<String>, AppError> {
    match id.map(str::trim).filter(|id| !id.is_empty()) {
        None => Ok(None),
        Some(id) if id.chars().count() > MAX_METHOD_ID_CHARS => Err(invalid_fields(
            AppError::field("deliveryMethodId", NOT_AVAILABLE),
        )),
        Some(id) => Ok(Some(id.to_string())),
    }
}

fn parse_fulfilment(text: &str) -> Result<Fulfilment, AppError> {
    Fulfilment::parse(text)
        .ok_or_else(|| AppError::field("fulfilment", "Choose pickup or delivery"))
}

/// A promo code as sent: none when blank, uppercased, and refused when it could not
/// be one (too long) without asking the store.
fn promo_code(code: Option<&str>) -> Result<Option<String>, AppError> {
    match code.map(promo::normalise) {
        None => Ok(None),
        Some(code) if code.is_empty() => Ok(None),
        Some(code) if code.chars().count() > promo::MAX_CODE_CHARS => {
            Err(promo_refused(&PromoRefusal::NotValid, None))
        }
        Some(code) => Ok(Some(code)),
    }
}

/// Who orders which lines: a signed-in customer their server cart, or the lines sent when
/// they send some (docs/DESIGN.md §11: quick order, buy again); a guest the lines sent. A
/// line is named by its product and the variant it names (§9); lines naming the same add
/// up, and a line's field errors are keyed by where it was first named
/// (`items[2].variantId`).
fn buyer(user_id: Option<Id>, items: Option<&[LineRequest]>) -> Result<Buyer, AppError> {
    let items = items.unwrap_or_default();
    let user_id = match user_id {
        Some(user_id) if items.is_empty() => return Ok(Buyer::Customer(user_id)),
        other => other,
    };
    let mut lines = Vec::with_capacity(items.len());
    for item in items {
        let id = Id::parse(item.product_id.trim())
            .ok_or_else(|| invalid_fields(AppError::field("items", "Invalid product id")))?;
        let variant = item
            .variant_id
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string);
        lines.push(((id, variant), item.quantity));
    }
    let merged = collect_lines(&lines)
        .map_err(|e| AppError::bad_request(e.message()).with_code(lines_code(&e)))?;
    let asks = merged
        .into_iter()
        .map(|((product_id, variant_id), quantity)| {
            let first = lines
                .iter()
                .position(|((p, v), _)| *p == product_id && *v == variant_id)
                .unwrap_or_default();
            LineAsk {
                product_id,
                variant_id,
                quantity,
                field: Some(format!("items[{first}]")),
            }
        })
        .collect();
    Ok(match user_id {
        Some(user_id) => Buyer::CustomerLines(user_id, asks),
        None => Buyer::Guest(asks),
    })
}

/// What a guest's lines that cannot be ordered are refused as.
fn lines_code(error: &LinesError) -> ErrorCode {
    match error {
        LinesError::Empty => ErrorCode::CartEmpty,
        LinesError::TooMany => ErrorCode::ListFull,
        LinesError::BadQuantity => ErrorCode::QuantityInvalid,
    }
}

/// A refusal of checkout's own fields (contact, fulfilment, lines), named in `errors`.
fn invalid_fields(error: AppError) -> AppError {
    error.with_code(ErrorCode::InvalidFields)
}
