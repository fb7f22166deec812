//! Carts and wishlists hold one line per variant (docs/DESIGN.md §9): which variant a
//! line means, its price and stock, the sale unit's quantities, and a browser's lists
//! read and merged per variant (with entries from before variants).

use std::collections::{BTreeMap, BTreeSet};

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::variant::SaleUnit;

use crate::accounts::assert_error;
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;
use crate::orders::variants::{archive_variant, fitting, packs, set_variant_stock, variant_stock};

on_both_backends!(
    a_cart_holds_one_line_per_variant_at_its_price_and_stock,
    a_line_must_name_a_variant_of_a_product_with_several,
    cart_quantities_keep_to_the_sale_unit,
    guest_details_and_sync_read_lines_per_variant,
);

const UNKNOWN: &str = "0123456789abcdef01234567";
const GONE: &str = "This product is no longer available";

impl TestApp {
    /// `POST /api/user/item`; the clock moves on after it, so lines added one after
    /// another are listed in that order.
    async fn add_line(&self, token: &str, body: Value) -> (StatusCode, Value) {
        let answer = self
            .call(Method::POST, "/api/user/item", Some(body), Some(token))
            .await;
        self.clock.advance(std::time::Duration::from_millis(3));
        answer
    }

    async fn list_lines(&self, token: &str, list: &str) -> Vec<Value> {
        let (status, body) = self
            .call(
                Method::GET,
                &format!("/api/user/item?type={list}"),
                None,
                Some(token),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["data"].as_array().unwrap().clone()
    }
}

async fn a_cart_holds_one_line_per_variant_at_its_price_and_stock(app: TestApp) {
    let f = fixture(&app).await;
    let elbow = fitting(&app, &f, "CE", SaleUnit::default()).await;
    let token = app.customer("ada@example.com").await;
    let (v15, v22) = (&elbow.variants[0], &elbow.variants[2]);

    let add = |variant: &str, quantity: i64| json!({"productId": elbow.product, "variantId": variant, "quantity": quantity, "type": "cart"});
    let (status, body) = app.add_line(&token, add(v15, 2)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let line = &body["data"];
    assert_eq!(line["variantId"], v15.as_str());
    assert_eq!(line["sku"], "CE-15-BR");
    assert_eq!(line["options"], json!({"Finish": "Brass", "Size": "15 mm"}));
    // The variant's own price (4.00) with the product's 10 % discount; its own stock.
    assert_eq!(line["price"], 4.0);
    assert_eq!(line["discountPercentage"], 10.0);
    assert_eq!(line["discountedPrice"], 3.6);
    assert_eq!(line["stock"], 5);
    let (status, body) = app.add_line(&token, add(v15, 1)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["quantity"], 3, "the same variant adds up");
    let (status, body) = app.add_line(&token, add(v22, 1)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["price"], 6.0);

    let cart = app.list_lines(&token, "cart").await;
    let held: Vec<(&str, i64)> = cart
        .iter()
        .map(|l| {
            (
                l["variantId"].as_str().unwrap(),
                l["quantity"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(held, vec![(v15.as_str(), 3), (v22.as_str(), 1)]);
    assert!(cart
        .iter()
        .all(|l| l["productId"] == elbow.product.as_str()));

    // Caps hold per variant, in today's words: 15 mm brass has 5, 3 in the cart.
    let (status, body) = app.add_line(&token, add(v15, 3)).await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "Only 5 left in stock, and 3 already in your cart",
    );
    let id = cart[0]["_id"].as_str().unwrap();
    let (status, body) = app
        .call(
            Method::PATCH,
            &format!("/api/user/item/{id}"),
            Some(json!({"quantity": 6})),
            Some(&token),
        )
        .await;
    assert_error(status, &body, StatusCode::CONFLICT, "Only 5 left in stock");
    // 22 mm chrome is sold out; its sibling is not.
    let (status, body) = app.add_line(&token, add(&elbow.variants[3], 1)).await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "This product is out of stock",
    );

    // A product with one variant needs none named: the line names its one.
    let (status, body) = app
        .add_line(
            &token,
            json!({"productId": f.alpha, "quantity": 1, "type": "cart"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["variantId"].as_str().unwrap().len(), 24);
    assert_eq!(body["data"]["options"], json!({}));
    assert_eq!(body["data"]["sku"], f.alpha.to_uppercase());

    // The wishlist holds each variant once.
    let wish = |variant: &str| json!({"productId": elbow.product, "variantId": variant, "type": "wishlist"});
    let (status, body) = app.add_line(&token, wish(v15)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app.add_line(&token, wish(v22)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app.add_line(&token, wish(v15)).await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "Item already in wishlist",
    );
    assert_eq!(app.list_lines(&token, "wishlist").await.len(), 2);

    // An archived variant leaves the lists, and cannot be added.
    archive_variant(&app, v22).await;
    let cart = app.list_lines(&token, "cart").await;
    assert!(
        cart.iter().all(|l| l["variantId"] != v22.as_str()),
        "{cart:?}"
    );
    let (status, body) = app.add_line(&token, add(v22, 1)).await;
    assert_error(status, &body, StatusCode::NOT_FOUND, GONE);
}

async fn a_line_must_name_a_variant_of_a_product_with_several(app: TestApp) {
    let f = fixture(&app).await;
    let elbow = fitting(&app, &f, "CE", SaleUnit::default()).await;
    let other = fitting(&app, &f, "OT", SaleUnit::default()).await;
    let token = app.customer("ada@example.com").await;
    for list in ["cart", "wishlist"] {
        // A card's heart or 'Add' names no variant.
        let (status, body) = app
            .add_line(
                &token,
                json!({"productId": elbow.product, "quantity": 1, "type": list}),
            )
            .await;
        assert_error(
            status,
            &body,
            StatusCode::BAD_REQUEST,
            "Choose a Size and Finish",
        );
        assert_eq!(body["errors"]["variantId"], "Choose a Size and Finish");
        // An unknown variant, or another product's.
        for variant in [UNKNOWN, other.variants[0].as_str(), "not-an-id"] {
            let (status, body) = app
                .add_line(
                    &token,
                    json!({"productId": elbow.product, "variantId": variant, "quantity": 1, "type": list}),
                )
                .await;
            assert_error(status, &body, StatusCode::NOT_FOUND, GONE);
        }
    }
    assert!(app.list_lines(&token, "cart").await.is_empty());
    assert!(app.list_lines(&token, "wishlist").await.is_empty());
}

async fn cart_quantities_keep_to_the_sale_unit(app: TestApp) {
    let f = fixture(&app).await;
    // Olives in packs: at least 10 packs, in fives.
    let olives = fitting(&app, &f, "OL", packs(10, 5)).await;
    let token = app.customer("ada@example.com").await;
    let v = olives.variants[1].as_str();
    // Stock enough for every quantity below.
    set_variant_stock(&app, v, 60).await;
    let add = |quantity: i64| json!({"productId": olives.product, "variantId": v, "quantity": quantity, "type": "cart"});
    let (status, body) = app.add_line(&token, add(5)).await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "Order at least 10");
    assert_eq!(body["errors"]["quantity"], "Order at least 10");
    let (status, body) = app.add_line(&token, add(12)).await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Sold in multiples of 5",
    );
    assert_eq!(body["errors"]["quantity"], "Sold in multiples of 5");
    assert!(
        app.list_lines(&token, "cart").await.is_empty(),
        "nothing added"
    );
    let (status, body) = app.add_line(&token, add(10)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // What the line holds afterwards counts: 10 + 5 is 15, a multiple of 5.
    let (status, body) = app.add_line(&token, add(5)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["quantity"], 15);
    let (status, body) = app.add_line(&token, add(3)).await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Sold in multiples of 5",
    );
    let id = body_id(&app.list_lines(&token, "cart").await[0]);
    for (quantity, message) in [(12, "Sold in multiples of 5"), (5, "Order at least 10")] {
        let (status, body) = app
            .call(
                Method::PATCH,
                &format!("/api/user/item/{id}"),
                Some(json!({"quantity": quantity})),
                Some(&token),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, message);
        assert_eq!(body["errors"]["quantity"], message);
    }
    let (status, body) = app
        .call(
            Method::PATCH,
            &format!("/api/user/item/{id}"),
            Some(json!({"quantity": 20})),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["quantity"], 20);
    // The wishlist has no quantities to keep to.
    let (status, body) = app
        .add_line(
            &token,
            json!({"productId": olives.product, "variantId": v, "quantity": 3, "type": "wishlist"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

fn body_id(line: &Value) -> String {
    line["_id"].as_str().unwrap().to_string()
}

async fn guest_details_and_sync_read_lines_per_variant(app: TestApp) {
    let f = fixture(&app).await;
    let elbow = fitting(&app, &f, "CE", SaleUnit::default()).await;
    let olives = fitting(&app, &f, "OL", packs(10, 5)).await;
    let (v15, v22) = (&elbow.variants[0], &elbow.variants[2]);

    // Details per variant; an entry from before variants reads as the product's one.
    let (status, body) = app
        .post(
            "/api/user/cart-detail",
            json!({"cartItems": [
                {"productId": elbow.product, "variantId": v22, "quantity": 1},
                {"productId": f.alpha, "quantity": 2},
                {"productId": elbow.product, "variantId": v15, "quantity": 1},
                {"productId": elbow.product, "variantId": UNKNOWN, "quantity": 1},
                {"productId": olives.product, "variantId": olives.variants[0], "quantity": 1}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let products = body["data"]["products"].as_array().unwrap();
    let shown: Vec<(&str, &str)> = products
        .iter()
        .map(|p| (p["productId"].as_str().unwrap(), p["sku"].as_str().unwrap()))
        .collect();
    let alpha_sku = f.alpha.to_uppercase();
    assert_eq!(
        shown,
        vec![
            (elbow.product.as_str(), "CE-22-BR"),
            (f.alpha.as_str(), alpha_sku.as_str()),
            (elbow.product.as_str(), "CE-15-BR"),
            (olives.product.as_str(), "OL-15-BR"),
        ],
        "the unknown variant is left out; quantities are shown as asked"
    );
    assert_eq!(products[0]["price"], 6.0);
    assert_eq!(products[0]["stock"], 4);
    assert_eq!(products[1]["quantity"], 2);
    let (status, body) = app
        .post(
            "/api/user/cart-detail",
            json!({"cartItems": [{"productId": f.alpha, "quantity": 1},
                                 {"productId": elbow.product, "quantity": 1}]}),
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Choose a Size and Finish",
    );
    assert_eq!(
        body["errors"]["cartItems[1].variantId"],
        "Choose a Size and Finish"
    );

    // Sync merges per variant: an old entry of a one-variant product, two variants.
    let token = app.customer("ada@example.com").await;
    let (status, body) = app
        .add_line(
            &token,
            json!({"productId": elbow.product, "variantId": v15, "quantity": 4, "type": "cart"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let refused = [
        (
            json!({"cart": [{"productId": elbow.product, "quantity": 1}], "wishlist": []}),
            "cart[0].variantId",
            "Choose a Size and Finish",
        ),
        (
            json!({"cart": [], "wishlist": [{"productId": f.alpha}, {"productId": elbow.product}]}),
            "wishlist[1].variantId",
            "Choose a Size and Finish",
        ),
        (
            json!({"cart": [{"productId": olives.product, "variantId": olives.variants[0], "quantity": 3}]}),
            "cart[0].quantity",
            "Order at least 10",
        ),
    ];
    for (sent, field, message) in refused {
        let (status, body) = app
            .call(Method::POST, "/api/user/sync", Some(sent), Some(&token))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, message);
        assert_eq!(body["errors"][field], message, "{body}");
    }
    assert_eq!(
        app.list_lines(&token, "cart").await.len(),
        1,
        "nothing merged"
    );

    let (status, body) = app
        .call(
            Method::POST,
            "/api/user/sync",
            Some(json!({
                "cart": [{"productId": elbow.product, "variantId": v15, "quantity": 3},
                         {"productId": elbow.product, "variantId": v22, "quantity": 1},
                         {"productId": f.beta, "quantity": 1},
                         {"productId": elbow.product, "variantId": UNKNOWN, "quantity": 1}],
                "wishlist": [{"productId": elbow.product, "variantId": v22}, {"productId": f.alpha}]})),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let data = &body["data"];
    let cart: BTreeMap<&str, i64> = data["cart"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["variantId"].as_str().unwrap(),
                l["quantity"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(cart[v15.as_str()], 5, "4 + 3, capped at its 5");
    assert_eq!(cart[v22.as_str()], 1);
    assert_eq!(cart.len(), 3, "{cart:?}");
    assert_eq!(data["adjustments"]["capped"], 1);
    assert_eq!(data["adjustments"]["unknown"], 1);
    let wishlist: BTreeSet<&str> = data["wishlist"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["sku"].as_str().unwrap())
        .collect();
    assert_eq!(wishlist, BTreeSet::from(["CE-22-BR", alpha_sku.as_str()]));
    assert_eq!(variant_stock(&app, v15).await, 5, "carts take no stock");
}
