//! The return calls (docs/DESIGN.md §12): the shopper's (asking for a return from My
//! Orders, its page, cancelling it, its photos: `shop.rs`) and the console's (the list,
//! approving, rejecting, receiving, refunding: `admin.rs`). Each handler reads its
//! input, calls one function of the return flows (`crate::orders::returns`) and answers
//! the return as below; `From<ReturnError>` words every refusal once.

pub mod admin;
pub mod shop;

use std::collections::BTreeMap;

use axum::Router;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use super::error::AppError;
use super::AppState;
use crate::domain::returns::{Reason, Status, MAX_RETURNS};
use crate::domain::time::iso8601;
use crate::domain::variant::VariantOptions;
use crate::orders::returns::ReturnError;
use crate::store::orders::{AskRefusal, ReturnRow};

#[derive(OpenApi)]
#[openapi(paths(
    shop::list_for_order,
    shop::ask,
    shop::one,
    shop::cancel,
    shop::photo,
    admin::list,
    admin::one,
    admin::approve,
    admin::reject,
    admin::receive,
    admin::refund,
))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new().merge(shop::router()).merge(admin::router())
}

pub use shop::upload_router;

pub const RETURN_NOT_FOUND: &str = "Return not found";

/// A return as its shopper and staff see it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Return {
    #[serde(rename = "_id")]
    pub id: String,
    /// `R-000001`.
    pub number: String,
    pub order_number: String,
    pub status: Status,
    pub lines: Vec<ReturnLine>,
    /// The shopper's note ('' when none).
    pub note: String,
    /// Staff's reason for a rejection.
    pub reason: Option<String>,
    /// Signed links to its photos, good for at least 15 minutes.
    pub photos: Vec<String>,
    /// What it refunds, tax included, without delivery: each line's units (those
    /// received, once received) at what the line paid after its share of the discounts.
    pub refund_estimate: f64,
    /// What refunding delivery too adds (the order's delivery fee).
    pub delivery_fee: f64,
    /// What was refunded, once `refunded`.
    pub refunded: Option<f64>,
    /// Oldest first.
    pub events: Vec<ReturnEvent>,
    pub created_at: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLine {
    pub variant_id: String,
    pub product_id: String,
    pub sku: Option<String>,
    pub name: String,
    pub options: VariantOptions,
    pub quantity: i64,
    pub reason: Reason,
    /// How many came back, once received.
    pub received: Option<i64>,
    /// How many of those went back on sale, once received.
    pub restocked: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct ReturnEvent {
    /// The status the return came to.
    #[serde(rename = "type")]
    pub kind: Status,
    pub at: String,
    pub note: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct ReturnData {
    #[serde(rename = "return")]
    pub ret: Return,
}

impl Return {
    pub fn from_row(state: &AppState, row: ReturnRow) -> Return {
        let expires = crate::http::media::quarter_hour_expiry(state);
        Return {
            id: row.id.into_string(),
            number: row.number,
            order_number: row.order_number,
            status: row.status,
            lines: row
                .lines
                .into_iter()
                .map(|l| ReturnLine {
                    variant_id: l.variant_id,
                    product_id: l.product_id,
                    sku: l.sku,
                    name: l.name,
                    options: l.options,
                    quantity: l.quantity,
                    reason: l.reason,
                    received: l.received,
                    restocked: l.restocked,
                })
                .collect(),
            note: row.note,
            reason: row.reject_reason,
            photos: row
                .photos
                .iter()
                .map(|path| crate::http::media::signed_url(state, path, expires))
                .collect(),
            refund_estimate: row.estimate.as_f64(),
            delivery_fee: row.delivery_fee.as_f64(),
            refunded: row.refunded.map(|m| m.as_f64()),
            events: row
                .events
                .into_iter()
                .map(|e| ReturnEvent {
                    kind: e.kind,
                    at: iso8601(e.at),
                    note: e.note,
                })
                .collect(),
            created_at: iso8601(row.created_at),
        }
    }

    pub fn data(state: &AppState, row: ReturnRow) -> ReturnData {
        ReturnData {
            ret: Return::from_row(state, row),
        }
    }
}

impl From<ReturnError> for AppError {
    fn from(error: ReturnError) -> Self {
        match error {
            ReturnError::NotFound => AppError::NotFound(RETURN_NOT_FOUND.into()),
            ReturnError::Ask(AskRefusal::NotCompleted | AskRefusal::NoSuchOrder) => {
                AppError::Conflict("Only a completed order can be returned".into())
            }
            ReturnError::Ask(AskRefusal::WindowClosed) => {
                AppError::Conflict("The return window for this order has closed".into())
            }
            ReturnError::Ask(AskRefusal::NotInOrder(positions)) => AppError::fields(
                positions
                    .into_iter()
                    .map(|i| {
                        (
                            format!("lines[{i}].variantId"),
                            "This item is not in the order".to_string(),
                        )
                    })
                    .collect::<BTreeMap<_, _>>(),
            ),
            ReturnError::Ask(AskRefusal::TooMany(over)) => {
                let errors: BTreeMap<String, String> = over
                    .into_iter()
                    .map(|(variant, most)| (variant, at_most(most)))
                    .collect();
                let message = errors.values().next().cloned().unwrap_or_default();
                AppError::Unprocessable { message, errors }
            }
            ReturnError::NotAllowed(status) => AppError::Conflict(status.refusal()),
            ReturnError::BeingRefunded => {
                AppError::Conflict("This return is being refunded".into())
            }
            ReturnError::DeliveryRefunded => AppError::Conflict(
                "The delivery fee of this order has been refunded already".into(),
            ),
            ReturnError::Ask(AskRefusal::TooManyReturns) => {
                AppError::Conflict(format!("An order can have at most {MAX_RETURNS} returns"))
            }
            ReturnError::PhotosFull => AppError::Conflict("A return has at most 5 photos".into()),
            ReturnError::Receive(errors) => AppError::fields(errors),
            ReturnError::Order(e) => e.into(),
        }
    }
}

/// An id of a shape the shop never issues names no return.
fn return_id(text: &str) -> Result<crate::domain::id::Id, AppError> {
    crate::domain::id::Id::parse(text).ok_or_else(|| AppError::NotFound(RETURN_NOT_FOUND.into()))
}

/// 'You can return at most 2 of this item'.
fn at_most(most: i64) -> String {
    format!("You can return at most {most} of this item")
}
