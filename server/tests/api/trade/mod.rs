//! Trade accounts (docs/DESIGN.md §11, issue 34): applying and approval
//! (`applications.rs`), customer groups with their prices and quantity breaks
//! (`groups.rs`), the price resolver at the till (`prices.rs`) and in the catalogue's
//! answers with the shared cache (`answers.rs`), pay on account (`account.rs`), quick
//! order and buy again (`quick_order.rs`). The helpers here make a group, its terms and
//! an approved account.

mod account;
mod answers;
mod applications;
mod groups;
mod price_list;
mod prices;
mod quick_order;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{Fixture, TestApp};

pub(crate) const GROUPS: &str = "/api/admin/customer-group";
pub(crate) const APPLICATION: &str = "/api/trade/application";

/// A well-formed application for `company`.
pub(crate) fn application(company: &str) -> Value {
    json!({"companyName": company, "taxNumber": "GB123456789", "trade": "plumber",
        "phoneNumber": "+44 7700 900123",
        "address": {"streetAddress": "1 Pipe Lane", "townCity": "Inverness",
            "postcode": "IV2 3AB", "country": "GB"}})
}

/// A group named `name` with `discounts` of (category id, percent): the created group.
pub(crate) async fn group(
    app: &TestApp,
    admin: &str,
    name: &str,
    discounts: &[(&str, i64)],
    cart_discount: bool,
) -> Value {
    let discounts: Vec<Value> = discounts
        .iter()
        .map(|(c, p)| json!({"categoryId": c, "percent": p}))
        .collect();
    let body = json!({"name": name, "categoryDiscounts": discounts, "cartDiscount": cart_discount});
    let (status, answer) = app
        .call(Method::POST, GROUPS, Some(body), Some(admin))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer["data"]["group"].clone()
}

/// `customer` applies and `admin` approves them into `group_id` with `credit` and 30
/// days: the approved application.
pub(crate) async fn approved(
    app: &TestApp,
    admin: &str,
    customer: &str,
    group_id: &str,
    credit: f64,
) -> Value {
    let (status, answer) = app
        .call(
            Method::POST,
            APPLICATION,
            Some(application("Pipe & Co")),
            Some(customer),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let id = answer["data"]["application"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let terms = json!({"groupId": group_id, "creditLimit": credit, "termsDays": 30});
    let (status, answer) = app
        .call(
            Method::POST,
            &format!("/api/admin/trade/application/{id}/approve"),
            Some(terms),
            Some(admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["data"]["application"].clone()
}

/// The one variant of a fixture product.
pub(crate) async fn variant_of(app: &TestApp, product: &str) -> String {
    use sqlx::Row;
    sqlx::query("SELECT id FROM product_variants WHERE product_id = $1")
        .bind(product)
        .fetch_one(&app.catalogue.db().pool)
        .await
        .expect("a variant")
        .get("id")
}

/// Trade: faucets 10 %, basin taps 20 %, no cart discount; epsilon at 12.00 for the
/// group; Alpha's breaks: the group's from 5 at 85.00, everyone's from 10 at 88.00 and
/// from 20 at 80.00. The group's id.
pub(crate) async fn trade_terms(app: &TestApp, admin: &str, f: &Fixture) -> String {
    let trade = group(
        app,
        admin,
        "Trade",
        &[(f.faucets.as_str(), 10), (f.basin.as_str(), 20)],
        false,
    )
    .await;
    let id = trade["_id"].as_str().unwrap().to_string();
    let epsilon = variant_of(app, &f.epsilon).await;
    let prices = json!({"prices": [{"variantId": epsilon, "price": 12}]});
    let (status, answer) = app
        .call(
            Method::PUT,
            &format!("{GROUPS}/{id}/price"),
            Some(prices),
            Some(admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let alpha = variant_of(app, &f.alpha).await;
    let breaks = format!("/api/admin/variant/{alpha}/price-break");
    for body in [
        json!({"groupId": id, "breaks": [{"minQuantity": 5, "price": 85}]}),
        json!({"groupId": null, "breaks": [{"minQuantity": 10, "price": 88}, {"minQuantity": 20, "price": 80}]}),
    ] {
        let (status, answer) = app
            .call(Method::PUT, &breaks, Some(body), Some(admin))
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    id
}
