//! Carts and wishlists: adding, changing and removing entries; their limits, whose they
//! are, concurrent adds and entries going with their product or owner in `limits.rs`; a
//! guest's cart details and merging a browser's lists on sign-in in `browser.rs`; one
//! line per variant and the sale unit's quantities in `variants.rs`.

mod browser;
mod limits;
mod variants;

use std::collections::BTreeMap;
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::store::catalogue::NewProduct;

use crate::accounts::{assert_error, PASSWORD};
use crate::helpers::{address, fixture, new_product, TestApp};
use crate::on_both_backends;

on_both_backends!(
    cart_adds_sum_up_and_lines_change_and_go,
    cart_quantities_are_checked_and_refusals_change_nothing,
    the_wishlist_holds_each_product_once,
);

/// A well-formed id no product has.
const UNKNOWN: &str = "0123456789abcdef01234567";
const QUANTITY_RANGE: &str = "Quantity must be a whole number from 1 to 99";

impl TestApp {
    async fn add_item(&self, token: &str, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, "/api/user/item", Some(body), Some(token))
            .await
    }

    /// Adds `quantity` of `product` to the cart, expecting success: the entry's `_id`.
    async fn added_to_cart(&self, token: &str, product: &str, quantity: i64) -> String {
        let (status, body) = self.add_item(token, cart_line(product, quantity)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["data"]["_id"].as_str().unwrap().to_string()
    }

    /// Adds `product` to the wishlist, expecting success: the entry's `_id`.
    async fn added_to_wishlist(&self, token: &str, product: &str) -> String {
        let (status, body) = self
            .add_item(token, json!({"productId": product, "type": "wishlist"}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["data"]["_id"].as_str().unwrap().to_string()
    }

    /// The customer's `list` ("cart" or "wishlist"), as the API answers it.
    async fn list_of(&self, token: &str, list: &str) -> Vec<Value> {
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

    /// The customer's cart as (productId, quantity), oldest first.
    async fn cart_of(&self, token: &str) -> Vec<(String, i64)> {
        lines(&self.list_of(token, "cart").await)
    }

    /// The product ids on the customer's wishlist, oldest first.
    async fn wishlist_of(&self, token: &str) -> Vec<String> {
        product_ids(&self.list_of(token, "wishlist").await)
    }

    async fn patch_item(&self, token: &str, id: &str, body: Value) -> (StatusCode, Value) {
        self.call(
            Method::PATCH,
            &format!("/api/user/item/{id}"),
            Some(body),
            Some(token),
        )
        .await
    }

    /// `DELETE /api/user/item/{id}`, with `?{query}` when `query` is not empty.
    async fn delete_item(&self, token: &str, id: &str, query: &str) -> (StatusCode, Value) {
        let path = if query.is_empty() {
            format!("/api/user/item/{id}")
        } else {
            format!("/api/user/item/{id}?{query}")
        };
        self.call(Method::DELETE, &path, None, Some(token)).await
    }

    async fn sync_lists(&self, token: &str, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, "/api/user/sync", Some(body), Some(token))
            .await
    }

    async fn user_id_of(&self, email: &str) -> String {
        self.accounts
            .user_by_email(&address(email))
            .await
            .unwrap()
            .expect("the user exists")
            .id
            .into_string()
    }

    /// The one number `sql` (a `SELECT COUNT(*) …`) answers.
    async fn count(&self, sql: &str) -> i64 {
        let (n,): (i64,) = sqlx::query_as(sql)
            .fetch_one(&self.catalogue.db().pool)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        n
    }

    /// `n` more products of 10 in stock each, in the fixture's kitchen mixers: their ids.
    async fn more_products(&self, faucets: &str, kitchen: &str, n: usize) -> Vec<String> {
        let products: Vec<NewProduct> = (0..n)
            .map(|i| new_product(&format!("Extra product {i}"), 1_000, faucets, kitchen))
            .collect();
        self.catalogue.insert_products(&products).await.unwrap();
        products.into_iter().map(|p| p.id).collect()
    }
}

fn cart_line(product: &str, quantity: i64) -> Value {
    json!({"productId": product, "quantity": quantity, "type": "cart"})
}

/// (productId, quantity) of each item, in order.
fn lines(items: &[Value]) -> Vec<(String, i64)> {
    items
        .iter()
        .map(|i| {
            (
                i["productId"].as_str().unwrap().to_string(),
                i["quantity"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn strings<S: AsRef<str>>(ids: &[S]) -> Vec<String> {
    ids.iter().map(|id| id.as_ref().to_string()).collect()
}

fn product_ids(items: &[Value]) -> Vec<String> {
    items
        .iter()
        .map(|i| i["productId"].as_str().unwrap().to_string())
        .collect()
}

/// The same lines, whatever their order.
fn line_map(lines: &[(String, i64)]) -> BTreeMap<String, i64> {
    lines.iter().cloned().collect()
}

fn owned<S: AsRef<str>>(lines: &[(S, i64)]) -> Vec<(String, i64)> {
    lines
        .iter()
        .map(|(p, q)| (p.as_ref().to_string(), *q))
        .collect()
}

/// Sends every add in `bodies` at once (all spawned before any is awaited): the
/// status and body of each answer, in the order of `bodies`.
async fn at_once(app: &TestApp, token: &str, bodies: Vec<Value>) -> Vec<(StatusCode, Value)> {
    let handles: Vec<_> = bodies
        .into_iter()
        .map(|body| {
            let app = app.clone();
            let token = token.to_string();
            tokio::spawn(async move { app.add_item(&token, body).await })
        })
        .collect();
    let mut answers = Vec::with_capacity(handles.len());
    for handle in handles {
        answers.push(handle.await.expect("the add ran"));
    }
    answers
}

fn succeeded(answers: &[(StatusCode, Value)]) -> usize {
    answers
        .iter()
        .filter(|(status, _)| *status == StatusCode::OK)
        .count()
}

/// Moves the app's clock on, so entries made before and after are apart and
/// oldest-first is one order.
fn tick(app: &TestApp) {
    app.clock.advance(Duration::from_millis(3));
}

async fn cart_adds_sum_up_and_lines_change_and_go(app: TestApp) {
    let f = fixture(&app).await;
    let (token, _) = app.signed_up("ada@example.com").await;

    let (status, body) = app.add_item(&token, cart_line(&f.beta, 2)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["message"], "Item added to cart successfully!");
    let item = &body["data"];
    let id = item["_id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 24, "{item}");
    assert_ne!(id, f.beta, "the entry has its own id");
    assert_eq!(item["productId"], f.beta.as_str());
    assert_eq!(item["name"], "Beta Basin Tap");
    assert_eq!(item["images"], json!(["test/beta-basin-tap.svg"]));
    assert_eq!(item["price"], 40.0);
    assert_eq!(item["discountPercentage"], 25.0);
    assert_eq!(item["discountedPrice"], 30.0);
    assert_eq!(item["quantity"], 2);
    assert_eq!(item["stock"], 5);
    assert_eq!(item["size"], "Standard");
    assert_eq!(item["color"], "Chrome");
    assert_eq!(item["rating"], 0.0);
    assert_eq!(item["reviewCount"], 0);

    // A second add without a quantity adds one to the same line.
    let (status, body) = app
        .add_item(&token, json!({"productId": f.beta, "type": "cart"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["_id"], id.as_str(), "the same line");
    assert_eq!(body["data"]["quantity"], 3);
    tick(&app);
    let delta_line = app.added_to_cart(&token, &f.delta, 1).await;

    let (status, body) = app
        .call(Method::GET, "/api/user/item?type=cart", None, Some(&token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Cart fetched successfully");
    let cart = body["data"].as_array().unwrap();
    assert_eq!(
        lines(cart),
        owned(&[(&f.beta, 3), (&f.delta, 1)]),
        "oldest first"
    );
    assert_eq!(cart[0]["_id"], id.as_str());
    assert_eq!(cart[0]["price"], 40.0);
    assert_eq!(cart[0]["discountedPrice"], 30.0);
    assert_eq!(cart[1]["_id"], delta_line.as_str());
    assert_eq!(cart[1]["name"], "Delta Brass Mixer Tap");
    assert_eq!(cart[1]["price"], 60.0);
    assert_eq!(cart[1]["discountPercentage"], 10.0);
    assert_eq!(cart[1]["discountedPrice"], 54.0);
    assert!(app.list_of(&token, "wishlist").await.is_empty());

    let (status, body) = app.patch_item(&token, &id, json!({"quantity": 5})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Cart updated successfully");
    assert_eq!(body["data"]["_id"], id.as_str());
    assert_eq!(body["data"]["quantity"], 5);
    assert_eq!(body["data"]["discountedPrice"], 30.0);
    let (status, _) = app.patch_item(&token, &id, json!({"quantity": 1})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        app.cart_of(&token).await,
        owned(&[(&f.beta, 1), (&f.delta, 1)]),
        "a quantity is set, not added"
    );

    let (status, body) = app.delete_item(&token, &id, "type=cart").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["message"], "Item removed from cart");
    assert_eq!(body["data"], Value::Null);
    assert_eq!(app.cart_of(&token).await, owned(&[(&f.delta, 1)]));
    let (status, body) = app.delete_item(&token, &id, "type=cart").await;
    assert_error(
        status,
        &body,
        StatusCode::NOT_FOUND,
        "Item not found in cart",
    );
    let (status, body) = app.patch_item(&token, &id, json!({"quantity": 2})).await;
    assert_error(
        status,
        &body,
        StatusCode::NOT_FOUND,
        "Item not found in cart",
    );
    // Without a type, any of the customer's entries goes.
    let (status, body) = app.delete_item(&token, &delta_line, "").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Item removed");
    assert!(app.cart_of(&token).await.is_empty());
}

async fn cart_quantities_are_checked_and_refusals_change_nothing(app: TestApp) {
    let f = fixture(&app).await;
    let (token, _) = app.signed_up("ada@example.com").await;
    let alpha_line = app.added_to_cart(&token, &f.alpha, 2).await;

    for quantity in [json!(0), json!(100), json!(-1)] {
        let (status, body) = app
            .add_item(
                &token,
                json!({"productId": f.alpha, "quantity": quantity, "type": "cart"}),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, QUANTITY_RANGE);
        assert_eq!(body["errors"]["quantity"], QUANTITY_RANGE, "{quantity}");
    }
    for quantity in [json!(1.5), json!("2")] {
        let (status, body) = app
            .add_item(
                &token,
                json!({"productId": f.alpha, "quantity": quantity, "type": "cart"}),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{quantity}: {body}");
        assert_eq!(body["success"], false);
        assert!(
            body["message"].as_str().unwrap().contains("quantity"),
            "{quantity}: {body}"
        );
    }
    assert_eq!(app.cart_of(&token).await, owned(&[(&f.alpha, 2)]));

    // Beta has 5 in stock.
    tick(&app);
    let (status, body) = app.add_item(&token, cart_line(&f.beta, 6)).await;
    assert_error(status, &body, StatusCode::CONFLICT, "Only 5 left in stock");
    assert_eq!(app.cart_of(&token).await, owned(&[(&f.alpha, 2)]));
    let beta_line = app.added_to_cart(&token, &f.beta, 3).await;
    let (status, body) = app.add_item(&token, cart_line(&f.beta, 3)).await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "Only 5 left in stock, and 3 already in your cart",
    );
    assert_eq!(
        app.cart_of(&token).await,
        owned(&[(&f.alpha, 2), (&f.beta, 3)])
    );
    app.added_to_cart(&token, &f.beta, 2).await;
    assert_eq!(
        app.cart_of(&token).await,
        owned(&[(&f.alpha, 2), (&f.beta, 5)]),
        "exactly the stock is fine"
    );

    // Changing a quantity: 1 to 99, and at most the stock.
    let (status, body) = app
        .patch_item(&token, &beta_line, json!({"quantity": 6}))
        .await;
    assert_error(status, &body, StatusCode::CONFLICT, "Only 5 left in stock");
    for change in [
        json!({"quantity": 0}),
        json!({"quantity": 100}),
        json!({"quantity": -4}),
        json!({}),
    ] {
        let (status, body) = app.patch_item(&token, &alpha_line, change.clone()).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, QUANTITY_RANGE);
        assert_eq!(body["errors"]["quantity"], QUANTITY_RANGE, "{change}");
    }
    let (status, body) = app
        .patch_item(&token, &alpha_line, json!({"quantity": 2.5}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        app.cart_of(&token).await,
        owned(&[(&f.alpha, 2), (&f.beta, 5)])
    );

    // At most 99 of one product, however much is in stock.
    app.sql(&format!(
        "UPDATE products SET stock = 500 WHERE id = '{0}'; \
         UPDATE product_variants SET stock = 500 WHERE product_id = '{0}'",
        f.epsilon
    ))
    .await;
    tick(&app);
    let epsilon_line = app.added_to_cart(&token, &f.epsilon, 60).await;
    let (status, body) = app.add_item(&token, cart_line(&f.epsilon, 40)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["success"], false);
    assert_eq!(
        body["message"],
        "You can have at most 99 of one item in your cart, and 60 are there already"
    );
    assert_eq!(
        app.cart_of(&token).await,
        owned(&[(&f.alpha, 2), (&f.beta, 5), (&f.epsilon, 60)])
    );
    app.added_to_cart(&token, &f.epsilon, 39).await;
    let (status, _) = app.add_item(&token, cart_line(&f.epsilon, 1)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = app
        .patch_item(&token, &epsilon_line, json!({"quantity": 100}))
        .await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, QUANTITY_RANGE);

    // Gamma has none left.
    let (status, body) = app.add_item(&token, cart_line(&f.gamma, 1)).await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "This product is out of stock",
    );

    // The product and the type.
    for product in [UNKNOWN, "not-a-product-id"] {
        let (status, body) = app.add_item(&token, cart_line(product, 1)).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "Product not found");
    }
    for body in [
        json!({"quantity": 1, "type": "cart"}),
        json!({"productId": "   ", "quantity": 1, "type": "cart"}),
    ] {
        let (status, body) = app.add_item(&token, body).await;
        assert_error(
            status,
            &body,
            StatusCode::BAD_REQUEST,
            "Product ID is required",
        );
        assert_eq!(body["errors"]["productId"], "Product ID is required");
    }
    for body in [
        json!({"productId": f.delta, "quantity": 1, "type": "basket"}),
        json!({"productId": f.delta, "quantity": 1}),
        json!({"productId": f.delta, "quantity": 1, "type": "Cart"}),
    ] {
        let (status, body) = app.add_item(&token, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["errors"]["type"], "Type must be 'cart' or 'wishlist'");
    }
    for query in ["", "?type=basket", "?type="] {
        let (status, body) = app
            .call(
                Method::GET,
                &format!("/api/user/item{query}"),
                None,
                Some(&token),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert_eq!(body["errors"]["type"], "Type must be 'cart' or 'wishlist'");
    }

    assert_eq!(
        app.cart_of(&token).await,
        owned(&[(&f.alpha, 2), (&f.beta, 5), (&f.epsilon, 99)]),
        "no refused call changed the cart"
    );
    assert!(app.wishlist_of(&token).await.is_empty());
}

async fn the_wishlist_holds_each_product_once(app: TestApp) {
    let f = fixture(&app).await;
    let (token, _) = app.signed_up("ada@example.com").await;

    let (status, body) = app
        .add_item(&token, json!({"productId": f.alpha, "type": "wishlist"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Added to wishlist");
    assert_eq!(body["data"]["productId"], f.alpha.as_str());
    assert_eq!(body["data"]["name"], "Alpha Kitchen Mixer");
    assert_eq!(body["data"]["quantity"], 1);
    assert_eq!(body["data"]["price"], 100.0);
    assert_eq!(body["data"]["discountedPrice"], 100.0);
    let alpha_entry = body["data"]["_id"].as_str().unwrap().to_string();
    tick(&app);
    // The wishlist has no quantities: one asked for is not kept.
    let (status, body) = app
        .add_item(
            &token,
            json!({"productId": f.beta, "quantity": 7, "type": "wishlist"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["quantity"], 1);
    tick(&app);
    // A product out of stock may be wished for.
    app.added_to_wishlist(&token, &f.gamma).await;

    let (status, body) = app
        .add_item(&token, json!({"productId": f.alpha, "type": "wishlist"}))
        .await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "Item already in wishlist",
    );
    let (status, body) = app
        .call(
            Method::GET,
            "/api/user/item?type=wishlist",
            None,
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["message"], "Wishlist fetched successfully");
    let wishlist = body["data"].as_array().unwrap();
    assert_eq!(
        product_ids(wishlist),
        strings(&[&f.alpha, &f.beta, &f.gamma])
    );
    assert!(wishlist.iter().all(|i| i["quantity"] == 1), "{body}");
    assert_eq!(wishlist[1]["discountedPrice"], 30.0);

    // The cart is another list: the same product goes there too.
    let alpha_line = app.added_to_cart(&token, &f.alpha, 2).await;
    assert_ne!(alpha_line, alpha_entry);
    assert_eq!(app.cart_of(&token).await, owned(&[(&f.alpha, 2)]));

    let (status, body) = app
        .patch_item(&token, &alpha_entry, json!({"quantity": 2}))
        .await;
    assert_error(
        status,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Only cart items have a quantity",
    );
    assert_eq!(app.list_of(&token, "wishlist").await[0]["quantity"], 1);

    // Removing from the cart does not touch the wishlist, and the other way round.
    let (status, body) = app.delete_item(&token, &alpha_entry, "type=cart").await;
    assert_error(
        status,
        &body,
        StatusCode::NOT_FOUND,
        "Item not found in cart",
    );
    assert_eq!(app.wishlist_of(&token).await.len(), 3);
    let (status, body) = app.delete_item(&token, &alpha_line, "type=wishlist").await;
    assert_error(
        status,
        &body,
        StatusCode::NOT_FOUND,
        "Item not found in wishlist",
    );
    let (status, body) = app.delete_item(&token, &alpha_entry, "type=basket").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(app.wishlist_of(&token).await.len(), 3);

    let (status, body) = app.delete_item(&token, &alpha_entry, "type=wishlist").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Removed from wishlist");
    assert_eq!(app.wishlist_of(&token).await, strings(&[&f.beta, &f.gamma]));
    assert_eq!(app.cart_of(&token).await, owned(&[(&f.alpha, 2)]));
    // Once removed, it may be added again.
    tick(&app);
    app.added_to_wishlist(&token, &f.alpha).await;
    assert_eq!(
        app.wishlist_of(&token).await,
        strings(&[&f.beta, &f.gamma, &f.alpha])
    );
}
