//! Tax on quotes and orders (docs/DESIGN.md §10, issue 33 item 1): each line's class,
//! rate, share of the discounts, amount and tax; the breakdown per rate; the spec's
//! totals kept while prices include tax, the tax added when they are net; an order
//! keeps what it was charged when the rates change; the mail names the tax.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::{delivery, stocked};
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    an_order_carries_its_tax_per_line_and_per_rate_and_keeps_the_specs_total,
    net_prices_add_the_tax_and_an_order_keeps_the_rates_it_was_charged_at,
    cart_lines_name_their_products_tax_class,
);

async fn set_class(app: &TestApp, product: &str, class: &str) {
    sqlx::query("UPDATE products SET tax_class = $1 WHERE id = $2")
        .bind(class)
        .bind(product)
        .execute(&app.catalogue.db().pool)
        .await
        .expect("class set");
}

fn cents(value: &Value) -> i64 {
    (value
        .as_f64()
        .unwrap_or_else(|| panic!("{value} is a number"))
        * 100.0)
        .round() as i64
}

/// `amount × rate ÷ (100 + rate)` (or `÷ 100` when net), rounded half up, in cents.
fn tax_in(amount: i64, rate_bp: i64, included: bool) -> i64 {
    let denominator = if included { 10_000 + rate_bp } else { 10_000 };
    (2 * amount * rate_bp + denominator) / (2 * denominator)
}

/// The invariants of §10 on an answer (a quote or an order): lines' amounts and the fee
/// make the total (with the tax when net), the breakdown makes the tax total, each line's
/// tax is its amount's at its rate, rounded once.
fn check_adds_up(answer: &Value, included: bool) {
    let lines = answer["lines"].as_array().expect("lines");
    let amounts: i64 = lines.iter().map(|l| cents(&l["lineAmount"])).sum();
    let discounts: i64 = lines.iter().map(|l| cents(&l["lineDiscount"])).sum();
    assert_eq!(
        discounts,
        cents(&answer["discount"]) + cents(&answer["promoDiscount"]),
        "{answer}"
    );
    for line in lines {
        assert_eq!(
            cents(&line["lineAmount"]),
            cents(&line["lineTotal"]) - cents(&line["lineDiscount"]),
            "{line}"
        );
        let rate_bp = cents(&line["taxRate"]);
        assert_eq!(
            cents(&line["lineTax"]),
            tax_in(cents(&line["lineAmount"]), rate_bp, included),
            "{line}"
        );
    }
    let taxes = answer["taxes"].as_array().expect("taxes");
    let tax: i64 = taxes.iter().map(|t| cents(&t["tax"])).sum();
    let net: i64 = taxes.iter().map(|t| cents(&t["net"])).sum();
    assert_eq!(tax, cents(&answer["taxTotal"]), "{answer}");
    assert_eq!(net + tax, cents(&answer["total"]), "{answer}");
    let fee = cents(&answer["deliveryFee"]);
    let expected = amounts + fee + if included { 0 } else { tax };
    assert_eq!(cents(&answer["total"]), expected, "{answer}");
}

/// The text of the one mail the order sent.
async fn mail_text(app: &TestApp) -> String {
    assert_eq!(app.deliver_mail().await, 1);
    let mails = app.mailer.sent();
    mails.last().expect("a mail").letter.text.clone()
}

async fn an_order_carries_its_tax_per_line_and_per_rate_and_keeps_the_specs_total(app: TestApp) {
    let f = fixture(&app).await;
    let tap = stocked(&app, &f, "Tap", 5_000, 10).await;
    let lagging = stocked(&app, &f, "Pipe lagging", 1_999, 10).await;
    let book = stocked(&app, &f, "Trade catalogue", 1_000, 10).await;
    set_class(&app, &lagging, "reduced").await;
    set_class(&app, &book, "zero").await;
    let items = json!([
        {"productId": tap, "quantity": 1},
        {"productId": lagging, "quantity": 3},
        {"productId": book, "quantity": 1}
    ]);

    let (status, quote) = app
        .call(
            Method::POST,
            "/api/order/quote",
            Some(json!({"fulfilment": "delivery", "items": items})),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{quote}");
    let quote = &quote["data"];
    // The spec's figures: 50 + 59.97 + 10 = 119.97, less 20 % (23.99), plus the fee.
    assert_eq!(quote["subtotal"], 119.97);
    assert_eq!(quote["discount"], 23.99);
    assert_eq!(quote["total"], 195.98);
    assert_eq!(quote["pricesIncludeTax"], true);
    check_adds_up(quote, true);
    // 23.99 shared by largest remainder: 5,000 × 2,399 ÷ 11,997 = 999.83 cents, then
    // 1,199.20 and 199.97; the two cents left go to the largest remainders (the third
    // line's, then the first's): 10.00, 11.99, 2.00.
    let lines = quote["lines"].as_array().unwrap();
    let shares: Vec<f64> = lines
        .iter()
        .map(|l| l["lineDiscount"].as_f64().unwrap())
        .collect();
    assert_eq!(shares, [10.0, 11.99, 2.0]);
    assert_eq!(lines[0]["taxClass"], "standard");
    assert_eq!(lines[0]["taxRate"], 20.0);
    // 40.00 including 20 %: 6.67; 47.98 including 5 %: 2.28; 8.00 at 0 %.
    assert_eq!(lines[0]["lineTax"], 6.67);
    assert_eq!(lines[1]["taxClass"], "reduced");
    assert_eq!(lines[1]["lineTax"], 2.28);
    assert_eq!(lines[2]["taxRate"], 0.0);
    assert_eq!(lines[2]["lineTax"], 0.0);
    // The fee's 100.00 includes 16.67 at the standard rate, which joins its entry.
    assert_eq!(
        quote["taxes"],
        json!([
            {"taxClass": "standard", "rate": 20.0, "net": 116.66, "tax": 23.34},
            {"taxClass": "reduced", "rate": 5.0, "net": 45.7, "tax": 2.28},
            {"taxClass": "zero", "rate": 0.0, "net": 8.0, "tax": 0.0}
        ])
    );
    assert_eq!(quote["taxTotal"], 25.62);

    let body = json!({"fulfilment": "delivery", "contact": delivery("ada@example.com"),
        "saveAddress": false, "payment": {"method": "cod"}, "items": items});
    let (number, token) = app.placed(&body, None).await;
    let (status, order) = app.get(&format!("/api/order/{number}?token={token}")).await;
    assert_eq!(status, StatusCode::OK, "{order}");
    let order = &order["data"]["order"];
    for field in ["total", "taxTotal", "taxes", "pricesIncludeTax"] {
        assert_eq!(order[field], quote[field], "{field}");
    }
    check_adds_up(order, true);
    assert_eq!(order["lines"][1]["lineAmount"], 47.98);

    // Staff see the same; the confirmation mail names the tax per rate.
    let admin = app.admin().await;
    let (_, staff) = app
        .call(
            Method::GET,
            &format!("/api/admin/order/{number}"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(staff["data"]["order"]["taxes"], quote["taxes"]);
    let mail = mail_text(&app).await;
    assert!(mail.contains("Includes VAT at 20%: ₹23.34"), "{mail}");
    assert!(mail.contains("Includes VAT at 5%: ₹2.28"), "{mail}");
}

async fn net_prices_add_the_tax_and_an_order_keeps_the_rates_it_was_charged_at(app: TestApp) {
    let f = fixture(&app).await;
    let tap = stocked(&app, &f, "Tap", 5_000, 10).await;
    let admin = app.admin().await;
    let (status, body) = app
        .call(
            Method::PUT,
            "/api/admin/settings",
            Some(json!({"pricesIncludeTax": false, "rates": {"standard": 17.5, "reduced": 5, "zero": 0}})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let body = json!({"fulfilment": "pickup", "contact": super::pickup("ada@example.com"),
        "saveAddress": false, "payment": {"method": "cod"}, "items": [{"productId": tap, "quantity": 3}]});
    let (number, token) = app.placed(&body, None).await;
    let path = format!("/api/order/{number}?token={token}");
    let (_, order) = app.get(&path).await;
    let order = order["data"]["order"].clone();
    // 150.00 less 30.00 is 120.00 net; 17.5 % of it is 21.00, added.
    assert_eq!(order["pricesIncludeTax"], false);
    assert_eq!(order["taxTotal"], 21.0);
    assert_eq!(order["total"], 141.0);
    assert_eq!(
        order["taxes"],
        json!([{"taxClass": "standard", "rate": 17.5, "net": 120.0, "tax": 21.0}])
    );
    check_adds_up(&order, false);
    let mail = mail_text(&app).await;
    assert!(
        mail.contains("VAT at 17.5%: ₹21.00\nTotal: ₹141.00"),
        "{mail}"
    );

    // New rates change quotes, not the order placed.
    let (status, body) = app
        .call(
            Method::PUT,
            "/api/admin/settings",
            Some(json!({"pricesIncludeTax": true, "rates": {"standard": 20, "reduced": 5, "zero": 0}})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, again) = app.get(&path).await;
    assert_eq!(again["data"]["order"], order);
    let (_, quote) = app
        .call(
            Method::POST,
            "/api/order/quote",
            Some(json!({"fulfilment": "pickup", "items": [{"productId": tap, "quantity": 3}]})),
            None,
        )
        .await;
    assert_eq!(quote["data"]["total"], 120.0);
    assert_eq!(quote["data"]["taxTotal"], 20.0);
}

/// The cart shows prices with or without tax as the shopper reads them: its lines name
/// the class whose rate to use, a signed-in shopper's and a guest's alike.
async fn cart_lines_name_their_products_tax_class(app: TestApp) {
    let f = fixture(&app).await;
    let lagging = stocked(&app, &f, "Pipe lagging", 1_999, 10).await;
    set_class(&app, &lagging, "reduced").await;
    let token = app.customer("ada@example.com").await;
    app.to_cart(&token, &lagging, 2).await;
    let (status, body) = app
        .call(Method::GET, "/api/user/item?type=cart", None, Some(&token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"][0]["taxClass"], "reduced");
    let (status, body) = app
        .call(
            Method::POST,
            "/api/user/cart-detail",
            Some(json!({"cartItems": [{"productId": lagging, "quantity": 1}, {"productId": f.alpha, "quantity": 1}]})),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let classes: Vec<&str> = body["data"]["products"]
        .as_array()
        .expect("the cart's lines")
        .iter()
        .map(|line| line["taxClass"].as_str().unwrap())
        .collect();
    assert_eq!(classes, ["reduced", "standard"]);
}
