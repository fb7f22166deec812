//! The door every console call goes through (docs/DESIGN.md §13): the caller must be
//! a member of staff whose role may do what the route does, checked before the
//! handler reads its path, query or body. Each route under `/api/admin/` names the
//! actions that let a caller in; a route missing from [`ROUTES`] lets nobody in (a test
//! walks every admin route of the OpenAPI document to keep it whole).

use axum::extract::{MatchedPath, Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::domain::staff::{Action, Action::*, ROLE_REFUSED};
use crate::http::identity::{staff_member, StaffMember};
use crate::http::{AppError, AppState};

/// Which actions open each console route (any one of them will do). Where the rule
/// depends on the object (support cancelling only unpaid orders), the handler checks
/// again once it has loaded it.
pub const ROUTES: &[(Method, &str, &[Action])] = &[
    (Method::GET, "/api/admin/dashboard", &[Dashboard]),
    (Method::GET, "/api/admin/activity", &[ActivityLog]),
    // Orders.
    (Method::GET, "/api/admin/order", &[ViewOrders]),
    (Method::GET, "/api/admin/order/{number}", &[ViewOrders]),
    (
        Method::POST,
        "/api/admin/order/{number}/status",
        &[MoveOrders, CancelOrders, CancelUnpaidOrders],
    ),
    (Method::POST, "/api/admin/order/{number}/paid", &[MarkPaid]),
    (
        Method::POST,
        "/api/admin/order/{number}/note",
        &[OrderNotes],
    ),
    (Method::POST, "/api/admin/order/{number}/refund", &[Refund]),
    (Method::GET, "/api/admin/order/export", &[Csv]),
    // The catalogue.
    (Method::GET, "/api/admin/product", &[ViewCatalogue]),
    (Method::POST, "/api/admin/product", &[EditCatalogue]),
    (Method::GET, "/api/admin/product/{id}", &[ViewCatalogue]),
    (Method::PUT, "/api/admin/product/{id}", &[EditCatalogue]),
    (Method::DELETE, "/api/admin/product/{id}", &[EditCatalogue]),
    (Method::POST, "/api/admin/product/bulk", &[EditCatalogue]),
    (
        Method::POST,
        "/api/admin/product/{id}/archive",
        &[EditCatalogue],
    ),
    (
        Method::POST,
        "/api/admin/product/{id}/unarchive",
        &[EditCatalogue],
    ),
    (
        Method::PUT,
        "/api/admin/product/{id}/photos",
        &[EditCatalogue],
    ),
    (
        Method::POST,
        "/api/admin/product/{id}/photos",
        &[EditCatalogue],
    ),
    (Method::GET, "/api/admin/product/export", &[Csv]),
    (Method::POST, "/api/admin/product/import", &[Csv]),
    (Method::POST, "/api/admin/product/{id}/stock", &[Stock]),
    (Method::POST, "/api/admin/variant/{id}/stock", &[Stock]),
    (
        Method::GET,
        "/api/admin/product/{id}/stock-history",
        &[ViewCatalogue],
    ),
    (Method::GET, "/api/admin/search/synonyms", &[EditCatalogue]),
    (Method::PUT, "/api/admin/search/synonyms", &[EditCatalogue]),
    (Method::POST, "/api/admin/category", &[EditCatalogue]),
    (Method::POST, "/api/admin/category/order", &[EditCatalogue]),
    (Method::PUT, "/api/admin/category/{id}", &[EditCatalogue]),
    (Method::DELETE, "/api/admin/category/{id}", &[EditCatalogue]),
    (
        Method::POST,
        "/api/admin/category/{id}/sub-category",
        &[EditCatalogue],
    ),
    (
        Method::POST,
        "/api/admin/category/{id}/sub-category/order",
        &[EditCatalogue],
    ),
    (
        Method::PUT,
        "/api/admin/sub-category/{id}",
        &[EditCatalogue],
    ),
    (
        Method::DELETE,
        "/api/admin/sub-category/{id}",
        &[EditCatalogue],
    ),
    (Method::GET, "/api/admin/banner", &[EditCatalogue]),
    (Method::POST, "/api/admin/banner", &[EditCatalogue]),
    (Method::POST, "/api/admin/banner/order", &[EditCatalogue]),
    (Method::PUT, "/api/admin/banner/{id}", &[EditCatalogue]),
    (Method::DELETE, "/api/admin/banner/{id}", &[EditCatalogue]),
    (Method::GET, "/api/admin/page", &[EditCatalogue]),
    (Method::PUT, "/api/admin/page/{slug}", &[EditCatalogue]),
    // Customers, reviews, promotions, delivery.
    (Method::GET, "/api/admin/customer", &[ViewCustomers]),
    (Method::GET, "/api/admin/customer/{id}", &[ViewCustomers]),
    (
        Method::POST,
        "/api/admin/customer/{id}/disable",
        &[ManageCustomers],
    ),
    (
        Method::POST,
        "/api/admin/customer/{id}/enable",
        &[ManageCustomers],
    ),
    (Method::GET, "/api/admin/review", &[Reviews]),
    (Method::POST, "/api/admin/review/{id}/hide", &[Reviews]),
    (Method::POST, "/api/admin/review/{id}/show", &[Reviews]),
    (Method::GET, "/api/admin/promo-code", &[PromoCodes]),
    (Method::POST, "/api/admin/promo-code", &[PromoCodes]),
    (Method::PUT, "/api/admin/promo-code/{id}", &[PromoCodes]),
    (
        Method::GET,
        "/api/admin/delivery-method",
        &[DeliveryMethods],
    ),
    (
        Method::POST,
        "/api/admin/delivery-method",
        &[DeliveryMethods],
    ),
    (
        Method::GET,
        "/api/admin/delivery-method/preview",
        &[DeliveryMethods],
    ),
    (
        Method::PUT,
        "/api/admin/delivery-method/{id}",
        &[DeliveryMethods],
    ),
    (
        Method::DELETE,
        "/api/admin/delivery-method/{id}",
        &[DeliveryMethods],
    ),
    // Returns.
    (Method::GET, "/api/admin/return", &[ViewReturns]),
    (Method::GET, "/api/admin/return/{id}", &[ViewReturns]),
    (
        Method::POST,
        "/api/admin/return/{id}/approve",
        &[DecideReturns],
    ),
    (
        Method::POST,
        "/api/admin/return/{id}/reject",
        &[DecideReturns],
    ),
    (
        Method::POST,
        "/api/admin/return/{id}/receive",
        &[ReceiveReturns],
    ),
    (
        Method::POST,
        "/api/admin/return/{id}/refund",
        &[DecideReturns],
    ),
    // The trade.
    (Method::GET, "/api/admin/trade/application", &[Trade]),
    (
        Method::POST,
        "/api/admin/trade/application/{id}/approve",
        &[Trade],
    ),
    (
        Method::POST,
        "/api/admin/trade/application/{id}/reject",
        &[Trade],
    ),
    (Method::GET, "/api/admin/customer-group", &[Trade]),
    (Method::POST, "/api/admin/customer-group", &[Trade]),
    (Method::PUT, "/api/admin/customer-group/{id}", &[Trade]),
    (Method::DELETE, "/api/admin/customer-group/{id}", &[Trade]),
    (
        Method::GET,
        "/api/admin/customer-group/{id}/price",
        &[Trade],
    ),
    (
        Method::PUT,
        "/api/admin/customer-group/{id}/price",
        &[Trade],
    ),
    (
        Method::GET,
        "/api/admin/customer-group/{id}/price/export",
        &[Trade],
    ),
    (
        Method::POST,
        "/api/admin/customer-group/{id}/price/import",
        &[Trade],
    ),
    (Method::GET, "/api/admin/variant/{id}/price-break", &[Trade]),
    (Method::PUT, "/api/admin/variant/{id}/price-break", &[Trade]),
    // The owner's own: settings, staff, webhooks.
    (Method::GET, "/api/admin/settings", &[Settings]),
    (Method::PUT, "/api/admin/settings", &[Settings]),
    (Method::GET, "/api/admin/staff", &[Staff]),
    (Method::POST, "/api/admin/staff", &[Staff]),
    (Method::PATCH, "/api/admin/staff/{id}", &[Staff]),
    (Method::DELETE, "/api/admin/staff/{id}", &[Staff]),
    (
        Method::POST,
        "/api/admin/staff/{id}/resend-invite",
        &[Staff],
    ),
    (Method::GET, "/api/admin/webhook", &[Webhooks]),
    (Method::POST, "/api/admin/webhook", &[Webhooks]),
    (Method::GET, "/api/admin/webhook/{id}", &[Webhooks]),
    (Method::PATCH, "/api/admin/webhook/{id}", &[Webhooks]),
    (Method::DELETE, "/api/admin/webhook/{id}", &[Webhooks]),
    (
        Method::POST,
        "/api/admin/webhook/{id}/rotate-secret",
        &[Webhooks],
    ),
    (Method::GET, "/api/admin/webhook/{id}/delivery", &[Webhooks]),
    (
        Method::POST,
        "/api/admin/webhook/{id}/delivery/{delivery_id}/resend",
        &[Webhooks],
    ),
];

/// The actions that open `method` on the route `path`; `None` for a route not listed.
pub fn actions_of(method: &Method, path: &str) -> Option<&'static [Action]> {
    // HEAD is answered as GET.
    let method = if method == Method::HEAD {
        &Method::GET
    } else {
        method
    };
    ROUTES
        .iter()
        .find(|(m, p, _)| m == method && *p == path)
        .map(|(_, _, actions)| *actions)
}

/// The middleware: lets a request to a console route through only for a member of
/// staff whose role opens it, and hands the member to the handler's extractor.
pub async fn staff_only(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let Some(matched) = request.extensions().get::<MatchedPath>() else {
        return next.run(request).await;
    };
    // Inside the `/api` router the matched path may or may not carry its prefix.
    let path = match matched.as_str() {
        path if path.starts_with("/api/") => path.to_string(),
        path => format!("/api{path}"),
    };
    if !path.starts_with("/api/admin/") {
        return next.run(request).await;
    }
    let member = match staff_member(request.headers(), &state).await {
        Ok(member) => member,
        Err(refusal) => return refusal.into_response(),
    };
    let opens = actions_of(request.method(), &path).unwrap_or(&[]);
    if !opens.iter().any(|action| member.role.may(*action)) {
        return AppError::Forbidden(ROLE_REFUSED.into()).into_response();
    }
    request.extensions_mut().insert::<StaffMember>(member);
    next.run(request).await
}
