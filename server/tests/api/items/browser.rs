//! A guest's browser lists: the current details of its cart, and merging its cart and
//! wishlist into the account on sign-in.

use super::*;

on_both_backends!(
    cart_details_for_guests_follow_the_browser_cart,
    sync_merges_the_browser_lists_into_the_account,
    sync_counts_a_new_line_lowered_to_99_as_capped,
);

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
