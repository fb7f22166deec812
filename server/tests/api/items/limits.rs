//! What holds a list in bounds: whose entries a customer sees and changes, the 100-entry
//! limit, concurrent adds adding up, quantity changes racing an order of the cart, and
//! entries going with their product or owner.

use super::*;

on_both_backends!(
    customers_see_and_change_only_their_own_items,
    a_list_holds_at_most_100_products,
    concurrent_adds_to_one_cart_add_up_exactly,
    quantity_changes_racing_an_order_of_the_cart_are_in_it_or_refused,
    deleting_a_product_takes_it_off_every_list,
    deleting_an_account_takes_its_items,
);

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

/// An order reads the cart's lines before its write transaction and the cart again
/// under the customer's lock: a change that lands in between must be what it orders.
/// Every change either lands before the order (200, and the order holds it) or finds
/// the cart ordered (404); none is lost.
async fn quantity_changes_racing_an_order_of_the_cart_are_in_it_or_refused(app: TestApp) {
    let f = fixture(&app).await;
    for round in 0..6 {
        let email = format!("race{round}@example.com");
        let token = app.customer(&email).await;
        let entry = app.added_to_cart(&token, &f.epsilon, 1).await;
        let stock = app.stock_of(&f.epsilon).await;
        let order = {
            let app = app.clone();
            let token = token.clone();
            let body = json!({"fulfilment": "pickup", "contact": crate::orders::pickup(&email),
                              "saveAddress": false, "payment": {"method": "cod"}});
            tokio::spawn(async move { app.place(Some(&email), &body, Some(&token)).await })
        };
        let changes: Vec<_> = (0..8)
            .map(|_| {
                let (app, token, entry) = (app.clone(), token.clone(), entry.clone());
                tokio::spawn(
                    async move { app.patch_item(&token, &entry, json!({"quantity": 3})).await },
                )
            })
            .collect();
        let (status, placed) = order.await.expect("the order ran");
        assert_eq!(status, StatusCode::CREATED, "{placed}");
        let mut landed = 0;
        for change in changes {
            let (status, body) = change.await.expect("the change ran");
            match status {
                StatusCode::OK => landed += 1,
                _ => assert_error(
                    status,
                    &body,
                    StatusCode::NOT_FOUND,
                    "Item not found in cart",
                ),
            }
        }
        let lines = placed["data"]["order"]["lines"].as_array().expect("lines");
        assert_eq!(lines.len(), 1, "{placed}");
        let ordered = lines[0]["quantity"].as_i64().expect("a quantity");
        assert_eq!(
            ordered,
            if landed > 0 { 3 } else { 1 },
            "{landed} changes landed"
        );
        assert!(app.cart_of(&token).await.is_empty());
        assert_eq!(app.stock_of(&f.epsilon).await, stock - ordered);
    }
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
