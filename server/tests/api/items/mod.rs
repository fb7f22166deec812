//! Carts and wishlists: adding, changing and removing entries, their limits, whose
//! they are, concurrent adds, a guest's cart details, merging a browser's lists on
//! sign-in, and entries going with their product or their owner; one line per variant
//! and the sale unit's quantities in `variants.rs`.

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
    customers_see_and_change_only_their_own_items,
    a_list_holds_at_most_100_products,
    concurrent_adds_to_one_cart_add_up_exactly,
    cart_details_for_guests_follow_the_browser_cart,
    sync_merges_the_browser_lists_into_the_account,
    sync_counts_a_new_line_lowered_to_99_as_capped,
    deleting_a_product_takes_it_off_every_list,
    deleting_an_account_takes_its_items,
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

async fn customers_see_and_change_only_their_own_items(app: TestApp) {
    let f = fixture(&app).await;
    let (ada, _) = app.signed_up("ada@example.com").await;
    let (bob, _) = app.signed_up("bob@example.com").await;
    let ada_line = app.added_to_cart(&ada, &f.alpha, 2).await;
    let ada_entry = app.added_to_wishlist(&ada, &f.beta).await;
    let bob_line = app.added_to_cart(&bob, &f.alpha, 1).await;
    app.added_to_cart(&bob, &f.delta, 4).await;

    assert_eq!(
        line_map(&app.cart_of(&bob).await),
        line_map(&owned(&[(&f.alpha, 1), (&f.delta, 4)]))
    );
    assert!(app.wishlist_of(&bob).await.is_empty());
    assert_eq!(app.cart_of(&ada).await, owned(&[(&f.alpha, 2)]));
    assert_eq!(app.wishlist_of(&ada).await, strings(&[&f.beta]));

    // Bob cannot reach Ada's entries, whatever he asks.
    for id in [&ada_line, &ada_entry] {
        let (status, body) = app.patch_item(&bob, id, json!({"quantity": 5})).await;
        assert_error(
            status,
            &body,
            StatusCode::NOT_FOUND,
            "Item not found in cart",
        );
    }
    for (id, query, message) in [
        (&ada_line, "type=cart", "Item not found in cart"),
        (&ada_line, "", "Item not found"),
        (&ada_entry, "type=wishlist", "Item not found in wishlist"),
        (&ada_entry, "", "Item not found"),
    ] {
        let (status, body) = app.delete_item(&bob, id, query).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, message);
    }
    for id in [UNKNOWN, "not-an-id"] {
        let (status, body) = app.patch_item(&ada, id, json!({"quantity": 1})).await;
        assert_error(
            status,
            &body,
            StatusCode::NOT_FOUND,
            "Item not found in cart",
        );
        let (status, body) = app.delete_item(&ada, id, "type=cart").await;
        assert_error(
            status,
            &body,
            StatusCode::NOT_FOUND,
            "Item not found in cart",
        );
    }
    assert_eq!(app.cart_of(&ada).await, owned(&[(&f.alpha, 2)]));
    assert_eq!(app.wishlist_of(&ada).await, strings(&[&f.beta]));

    // Each changes their own line only.
    let (status, _) = app
        .patch_item(&bob, &bob_line, json!({"quantity": 7}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(app.cart_of(&ada).await, owned(&[(&f.alpha, 2)]));
    assert_eq!(
        line_map(&app.cart_of(&bob).await),
        line_map(&owned(&[(&f.alpha, 7), (&f.delta, 4)]))
    );

    // Every call but the guest's cart details needs a token, a valid one.
    let calls: [(Method, String, Option<Value>); 6] = [
        (Method::GET, "/api/user/item?type=cart".into(), None),
        (
            Method::POST,
            "/api/user/item".into(),
            Some(cart_line(&f.delta, 1)),
        ),
        (
            Method::PATCH,
            format!("/api/user/item/{ada_line}"),
            Some(json!({"quantity": 1})),
        ),
        (
            Method::DELETE,
            format!("/api/user/item/{ada_line}?type=cart"),
            None,
        ),
        (Method::DELETE, format!("/api/user/item/{ada_entry}"), None),
        (
            Method::POST,
            "/api/user/sync".into(),
            Some(json!({"cart": [{"productId": f.delta, "quantity": 1}]})),
        ),
    ];
    for (method, path, body) in calls {
        for token in [None, Some("not-a-token")] {
            let (status, answer) = app.call(method.clone(), &path, body.clone(), token).await;
            assert_error(
                status,
                &answer,
                StatusCode::UNAUTHORIZED,
                "Please log in to continue",
            );
        }
    }
    assert_eq!(app.cart_of(&ada).await, owned(&[(&f.alpha, 2)]));
    assert_eq!(app.wishlist_of(&ada).await, strings(&[&f.beta]));
}

async fn a_list_holds_at_most_100_products(app: TestApp) {
    let f = fixture(&app).await;
    let extra = app.more_products(&f.faucets, &f.kitchen, 101).await;
    let (token, _) = app.signed_up("ada@example.com").await;

    for product in &extra[..100] {
        app.added_to_cart(&token, product, 1).await;
    }
    let (status, body) = app.add_item(&token, cart_line(&extra[100], 1)).await;
    assert_error(
        status,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Maximum 100 items allowed in cart",
    );
    let cart = app.cart_of(&token).await;
    assert_eq!(cart.len(), 100);
    assert!(!cart.iter().any(|(p, _)| p == &extra[100]));
    // A product already there still adds up.
    app.added_to_cart(&token, &extra[0], 2).await;
    assert_eq!(
        line_map(&app.cart_of(&token).await)[&extra[0]],
        3,
        "a full cart still takes more of what it holds"
    );
    // A merge cannot go past 100 either: it says what it left out.
    let (status, body) = app
        .sync_lists(
            &token,
            json!({"cart": [
                {"productId": extra[100], "quantity": 1},
                {"productId": extra[1], "quantity": 1},
            ]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["adjustments"]["overLimit"], 1);
    assert_eq!(body["data"]["cart"].as_array().unwrap().len(), 100);
    let cart = line_map(&app.cart_of(&token).await);
    assert_eq!(cart.len(), 100);
    assert!(!cart.contains_key(&extra[100]));
    assert_eq!(cart[&extra[1]], 2);
    // The wishlist is not the cart: it has room of its own.
    app.added_to_wishlist(&token, &extra[100]).await;

    // With one line gone there is room for one more.
    let first = app.list_of(&token, "cart").await[0]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, _) = app.delete_item(&token, &first, "type=cart").await;
    assert_eq!(status, StatusCode::OK);
    app.added_to_cart(&token, &extra[100], 1).await;
    let (status, _) = app.add_item(&token, cart_line(&f.alpha, 1)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(app.cart_of(&token).await.len(), 100);

    // The wishlist's limit: 98 more make 99; of five new products at once, one fits.
    for product in &extra[..98] {
        app.added_to_wishlist(&token, product).await;
    }
    let five = [&f.alpha, &f.beta, &f.gamma, &f.delta, &f.epsilon];
    let answers = at_once(
        &app,
        &token,
        five.iter()
            .map(|p| json!({"productId": p, "type": "wishlist"}))
            .collect(),
    )
    .await;
    assert_eq!(succeeded(&answers), 1, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != StatusCode::OK) {
        assert_error(
            *status,
            body,
            StatusCode::UNPROCESSABLE_ENTITY,
            "Maximum 100 items allowed in wishlist",
        );
    }
    assert_eq!(app.wishlist_of(&token).await.len(), 100);
    let (status, body) = app
        .add_item(&token, json!({"productId": extra[98], "type": "wishlist"}))
        .await;
    assert_error(
        status,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Maximum 100 items allowed in wishlist",
    );
    let wishlist = app.wishlist_of(&token).await;
    assert_eq!(wishlist.len(), 100);
    assert!(!wishlist.contains(&extra[98]));
}

async fn concurrent_adds_to_one_cart_add_up_exactly(app: TestApp) {
    let f = fixture(&app).await;
    let (token, _) = app.signed_up("ada@example.com").await;

    // Epsilon has 100 in stock: all 20 go in.
    let answers = at_once(&app, &token, vec![cart_line(&f.epsilon, 1); 20]).await;
    assert_eq!(succeeded(&answers), 20, "{answers:?}");
    assert_eq!(app.cart_of(&token).await, owned(&[(&f.epsilon, 20)]));

    // Beta with 10 in stock: exactly 10 go in, the rest are told why not.
    app.sql(&format!(
        "UPDATE products SET stock = 10 WHERE id = '{0}'; \
         UPDATE product_variants SET stock = 10 WHERE product_id = '{0}'",
        f.beta
    ))
    .await;
    let answers = at_once(&app, &token, vec![cart_line(&f.beta, 1); 20]).await;
    assert_eq!(succeeded(&answers), 10, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != StatusCode::OK) {
        assert_error(
            *status,
            body,
            StatusCode::CONFLICT,
            "Only 10 left in stock, and 10 already in your cart",
        );
    }
    assert_eq!(
        line_map(&app.cart_of(&token).await),
        line_map(&owned(&[(&f.epsilon, 20), (&f.beta, 10)]))
    );

    // The wishlist takes a product once, however many ask at once.
    let answers = at_once(
        &app,
        &token,
        vec![json!({"productId": f.alpha, "type": "wishlist"}); 10],
    )
    .await;
    assert_eq!(succeeded(&answers), 1, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != StatusCode::OK) {
        assert_error(
            *status,
            body,
            StatusCode::CONFLICT,
            "Item already in wishlist",
        );
    }
    assert_eq!(app.wishlist_of(&token).await, strings(&[&f.alpha]));
}

async fn cart_details_for_guests_follow_the_browser_cart(app: TestApp) {
    let f = fixture(&app).await;
    let detail = |body: Value| {
        let app = app.clone();
        async move { app.post("/api/user/cart-detail", body).await }
    };

    let (status, body) = detail(json!({"cartItems": [
        {"productId": f.delta, "quantity": 2},
        {"productId": UNKNOWN, "quantity": 1},
        {"productId": f.alpha, "quantity": 1},
        {"productId": "not-a-product", "quantity": 4},
        {"productId": f.beta, "quantity": 3},
        {"productId": f.gamma, "quantity": 150},
    ]}))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["message"], "Cart details fetched successfully");
    let products = body["data"]["products"].as_array().unwrap();
    assert_eq!(
        lines(products),
        owned(&[(&f.delta, 2), (&f.alpha, 1), (&f.beta, 3), (&f.gamma, 99)]),
        "in the order asked, unknown ids left out, at most 99"
    );
    for product in products {
        assert_eq!(product["_id"], product["productId"], "{product}");
    }
    assert_eq!(products[0]["name"], "Delta Brass Mixer Tap");
    assert_eq!(products[0]["price"], 60.0);
    assert_eq!(products[0]["discountedPrice"], 54.0);
    assert_eq!(products[0]["stock"], 12);
    assert_eq!(products[1]["discountedPrice"], 100.0);
    assert_eq!(products[2]["discountPercentage"], 25.0);
    assert_eq!(products[2]["discountedPrice"], 30.0);
    assert_eq!(products[3]["stock"], 0);
    assert_eq!(products[3]["discountPercentage"], 0.0, "its discount ended");
    assert_eq!(products[3]["discountedPrice"], 250.0);

    // Prices and stock as they are now.
    app.sql(&format!(
        "UPDATE products SET price_cents = 12000, stock = 3 WHERE id = '{0}'; \
         UPDATE product_variants SET price_cents = 12000, stock = 3 WHERE product_id = '{0}'",
        f.alpha
    ))
    .await;
    let (status, body) = detail(json!({"cartItems": [
        {"productId": f.alpha, "quantity": 1},
        {"productId": f.alpha, "quantity": 5},
    ]}))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let products = body["data"]["products"].as_array().unwrap();
    assert_eq!(
        lines(products),
        owned(&[(&f.alpha, 1)]),
        "a product listed twice is shown once"
    );
    assert_eq!(products[0]["price"], 120.0);
    assert_eq!(products[0]["discountedPrice"], 120.0);
    assert_eq!(products[0]["stock"], 3);

    for empty in [json!({}), json!({"cartItems": []})] {
        let (status, body) = detail(empty).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["products"], json!([]));
    }
    let (status, body) = detail(json!({"cartItems": [
        {"productId": f.alpha, "quantity": 1},
        {"productId": f.beta, "quantity": 0},
    ]}))
    .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Quantity must be at least 1",
    );
    assert_eq!(
        body["errors"]["cartItems[1].quantity"],
        "Quantity must be at least 1"
    );
    // A variant id past the schema's 100 characters is no id at all.
    let long = "0".repeat(101);
    let (status, body) = detail(json!({"cartItems": [
        {"productId": f.alpha, "variantId": long, "quantity": 1},
    ]}))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["errors"]["cartItems[0].variantId"],
        "variantId must be at most 100 characters"
    );

    let entries = |n: usize| -> Value {
        let ids = [&f.alpha, &f.beta, &f.delta, &f.epsilon];
        let items: Vec<Value> = (0..n)
            .map(|i| json!({"productId": ids[i % ids.len()], "quantity": 1}))
            .collect();
        json!({ "cartItems": items })
    };
    let (status, body) = detail(entries(100)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["products"].as_array().unwrap().len(), 4);
    let (status, body) = detail(entries(101)).await;
    assert_error(
        status,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Maximum 100 items allowed in cart",
    );
}

async fn sync_merges_the_browser_lists_into_the_account(app: TestApp) {
    let f = fixture(&app).await;
    let (token, _) = app.signed_up("ada@example.com").await;
    app.added_to_cart(&token, &f.alpha, 2).await;
    app.added_to_wishlist(&token, &f.beta).await;
    tick(&app);

    // Alpha adds up, Delta is new, an unknown product and Gamma (none left) stay out.
    let (status, body) = app
        .sync_lists(
            &token,
            json!({
                "cart": [
                    {"productId": f.alpha, "quantity": 3},
                    {"productId": f.delta, "quantity": 1},
                    {"productId": UNKNOWN, "quantity": 1},
                    {"productId": f.gamma, "quantity": 1},
                ],
                "wishlist": [{"productId": f.beta}, {"productId": f.delta}],
                "lastUpdated": 1_700_000_000_000_i64,
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["message"], "Data synced successfully");
    let data = &body["data"];
    let expected_cart = line_map(&owned(&[(&f.alpha, 5), (&f.delta, 1)]));
    assert_eq!(
        line_map(&lines(data["cart"].as_array().unwrap())),
        expected_cart
    );
    let mut wishlist = product_ids(data["wishlist"].as_array().unwrap());
    wishlist.sort();
    let mut expected_wishlist = strings(&[&f.beta, &f.delta]);
    expected_wishlist.sort();
    assert_eq!(wishlist, expected_wishlist, "each once");
    assert_eq!(
        data["adjustments"],
        json!({"unknown": 1, "outOfStock": 1, "capped": 0, "overLimit": 0})
    );
    assert_eq!(
        data["cart"][0]["productId"],
        f.alpha.as_str(),
        "oldest first"
    );
    assert_eq!(data["cart"][0]["price"], 100.0);
    assert_eq!(line_map(&app.cart_of(&token).await), expected_cart);
    let mut stored = app.wishlist_of(&token).await;
    stored.sort();
    assert_eq!(stored, expected_wishlist);

    // Quantities are capped at the stock: Alpha now has 7, Beta 5.
    app.sql(&format!(
        "UPDATE products SET stock = 7 WHERE id = '{0}'; \
         UPDATE product_variants SET stock = 7 WHERE product_id = '{0}'",
        f.alpha
    ))
    .await;
    let (status, body) = app
        .sync_lists(
            &token,
            json!({
                "cart": [
                    {"productId": f.alpha, "quantity": 4},
                    {"productId": f.beta, "quantity": 8},
                    {"productId": f.delta, "quantity": 2},
                ],
                "wishlist": [{"productId": UNKNOWN}, {"productId": f.gamma}],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["data"]["adjustments"],
        json!({"unknown": 1, "outOfStock": 0, "capped": 2, "overLimit": 0})
    );
    let expected_cart = line_map(&owned(&[(&f.alpha, 7), (&f.delta, 3), (&f.beta, 5)]));
    assert_eq!(line_map(&app.cart_of(&token).await), expected_cart);
    let mut expected_wishlist = strings(&[&f.beta, &f.delta, &f.gamma]);
    expected_wishlist.sort();
    let mut stored = app.wishlist_of(&token).await;
    stored.sort();
    assert_eq!(stored, expected_wishlist, "out of stock may be wished for");

    // And at 99, however much is in stock.
    app.sql(&format!(
        "UPDATE products SET stock = 500 WHERE id = '{0}'; \
         UPDATE product_variants SET stock = 500 WHERE product_id = '{0}'",
        f.epsilon
    ))
    .await;
    app.added_to_cart(&token, &f.epsilon, 60).await;
    let (status, body) = app
        .sync_lists(
            &token,
            json!({"cart": [{"productId": f.epsilon, "quantity": 60}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["adjustments"]["capped"], 1);
    assert_eq!(line_map(&app.cart_of(&token).await)[&f.epsilon], 99);

    // An empty body merges nothing and changes nothing.
    let before_cart = app.cart_of(&token).await;
    let before_wishlist = app.wishlist_of(&token).await;
    for empty in [
        json!({}),
        json!({"cart": [], "wishlist": [], "lastUpdated": null}),
    ] {
        let (status, body) = app.sync_lists(&token, empty).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["message"], "Data synced successfully");
        assert_eq!(
            body["data"]["adjustments"],
            json!({"unknown": 0, "outOfStock": 0, "capped": 0, "overLimit": 0})
        );
        assert_eq!(lines(body["data"]["cart"].as_array().unwrap()), before_cart);
        assert_eq!(app.cart_of(&token).await, before_cart);
        assert_eq!(app.wishlist_of(&token).await, before_wishlist);
    }

    // Malformed or oversized lists are refused whole.
    let (status, body) = app
        .sync_lists(
            &token,
            json!({"cart": [
                {"productId": f.delta, "quantity": 1},
                {"productId": f.alpha, "quantity": 0},
            ]}),
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Quantity must be at least 1",
    );
    assert_eq!(
        body["errors"]["cart[1].quantity"],
        "Quantity must be at least 1"
    );
    let many: Vec<Value> = (0..101).map(|_| json!({"productId": f.delta})).collect();
    let (status, body) = app
        .sync_lists(
            &token,
            json!({"cart": [{"productId": f.delta, "quantity": 1}], "wishlist": many}),
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Maximum 100 items allowed in wishlist",
    );
    assert_eq!(app.cart_of(&token).await, before_cart, "nothing was merged");
    assert_eq!(app.wishlist_of(&token).await, before_wishlist);
}

/// A browser line of 150 of a product with plenty in stock, new to the account, is
/// stored as 99: the answer should count it among the capped entries.
async fn sync_counts_a_new_line_lowered_to_99_as_capped(app: TestApp) {
    let f = fixture(&app).await;
    let (token, _) = app.signed_up("ada@example.com").await;
    app.sql(&format!(
        "UPDATE products SET stock = 500 WHERE id = '{0}'; \
         UPDATE product_variants SET stock = 500 WHERE product_id = '{0}'",
        f.epsilon
    ))
    .await;
    let (status, body) = app
        .sync_lists(
            &token,
            json!({"cart": [{"productId": f.epsilon, "quantity": 150}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(app.cart_of(&token).await, owned(&[(&f.epsilon, 99)]));
    assert_eq!(
        body["data"]["adjustments"],
        json!({"unknown": 0, "outOfStock": 0, "capped": 1, "overLimit": 0}),
        "150 asked, 99 kept"
    );
}

async fn deleting_a_product_takes_it_off_every_list(app: TestApp) {
    let f = fixture(&app).await;
    let (ada, _) = app.signed_up("ada@example.com").await;
    let (bob, _) = app.signed_up("bob@example.com").await;
    let ada_alpha = app.added_to_cart(&ada, &f.alpha, 2).await;
    tick(&app);
    app.added_to_cart(&ada, &f.beta, 1).await;
    app.added_to_wishlist(&ada, &f.alpha).await;
    app.added_to_wishlist(&bob, &f.alpha).await;
    app.added_to_cart(&bob, &f.delta, 1).await;
    let on_lists = format!(
        "SELECT COUNT(*) FROM user_items WHERE product_id = '{}'",
        f.alpha
    );
    assert_eq!(app.count(&on_lists).await, 3);

    app.sql(&format!("DELETE FROM products WHERE id = '{}'", f.alpha))
        .await;
    assert_eq!(app.count(&on_lists).await, 0);
    assert_eq!(app.cart_of(&ada).await, owned(&[(&f.beta, 1)]));
    assert!(app.wishlist_of(&ada).await.is_empty());
    assert!(app.wishlist_of(&bob).await.is_empty());
    assert_eq!(app.cart_of(&bob).await, owned(&[(&f.delta, 1)]));

    let (status, body) = app
        .patch_item(&ada, &ada_alpha, json!({"quantity": 1}))
        .await;
    assert_error(
        status,
        &body,
        StatusCode::NOT_FOUND,
        "Item not found in cart",
    );
    let (status, body) = app.add_item(&ada, cart_line(&f.alpha, 1)).await;
    assert_error(status, &body, StatusCode::NOT_FOUND, "Product not found");
    let (status, body) = app
        .sync_lists(
            &ada,
            json!({"cart": [{"productId": f.alpha, "quantity": 1}],
                   "wishlist": [{"productId": f.alpha}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["adjustments"]["unknown"], 2);
    assert_eq!(app.cart_of(&ada).await, owned(&[(&f.beta, 1)]));
    let (status, body) = app
        .post(
            "/api/user/cart-detail",
            json!({"cartItems": [{"productId": f.alpha, "quantity": 1}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["products"], json!([]));
}

async fn deleting_an_account_takes_its_items(app: TestApp) {
    let f = fixture(&app).await;
    let (ada, _) = app.signed_up("ada@example.com").await;
    let (bob, _) = app.signed_up("bob@example.com").await;
    app.added_to_cart(&ada, &f.alpha, 2).await;
    app.added_to_cart(&ada, &f.delta, 1).await;
    app.added_to_wishlist(&ada, &f.beta).await;
    app.added_to_cart(&bob, &f.alpha, 1).await;
    app.added_to_wishlist(&bob, &f.beta).await;
    let ada_id = app.user_id_of("ada@example.com").await;
    let bob_id = app.user_id_of("bob@example.com").await;
    let items_of = |id: &str| format!("SELECT COUNT(*) FROM user_items WHERE user_id = '{id}'");
    assert_eq!(app.count(&items_of(&ada_id)).await, 3);
    assert_eq!(app.count(&items_of(&bob_id)).await, 2);

    let (status, body) = app
        .call(
            Method::DELETE,
            "/api/auth/delete-account",
            Some(json!({"password": PASSWORD})),
            Some(&ada),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(app.count(&items_of(&ada_id)).await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM user_items").await, 2);
    assert_eq!(app.cart_of(&bob).await, owned(&[(&f.alpha, 1)]));
    assert_eq!(app.wishlist_of(&bob).await, strings(&[&f.beta]));
    let (status, body) = app
        .call(Method::GET, "/api/user/item?type=cart", None, Some(&ada))
        .await;
    assert_error(
        status,
        &body,
        StatusCode::UNAUTHORIZED,
        "Please log in to continue",
    );
}
