//! Saved cards that are their owner's only and pay, no card number anywhere in the
//! database, a shop without card payments, and an order that no longer comes to the
//! amount its card was authorized for.

use reqwest::{Method, StatusCode};
use serde_json::json;

use shop::domain::contact::{check_contact, ContactInput};
use shop::domain::money::Money;
use shop::domain::order::Fulfilment;
use shop::domain::payment::TxnStatus;
use shop::mail::templates;
use shop::store::orders::{Buyer, CardCharge, LineAsk, NewOrder, PlaceRefusal};

use super::payments::*;
use super::*;
use crate::helpers::{fixture, id, TestApp};
use crate::on_both_backends;

on_both_backends!(
    saved_cards_are_their_owners_and_pay,
    no_card_number_is_stored_anywhere,
    with_manual_payments_cards_are_refused,
    an_order_that_no_longer_comes_to_the_authorized_amount_is_not_placed,
);

async fn saved_cards_are_their_owners_and_pay(app: TestApp) {
    let f = fixture(&app).await;
    let tap = product(&app, &f, 10).await;
    let ada = app.customer("ada@example.com").await;
    let bob = app.customer("bob@example.com").await;
    let first = token(&app, PAN).await;
    let (status, body) = app
        .call(
            Method::POST,
            "/api/payment-method",
            Some(json!({"token": first, "setPrimary": false})),
            Some(&ada),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let visa = body["data"]["paymentMethod"].clone();
    assert_eq!(
        (
            visa["primary"].as_bool(),
            visa["last4"].as_str(),
            visa["expYear"].as_i64()
        ),
        (Some(true), Some("4242"), Some(2099))
    );
    let second = token(&app, "5555555555554444").await;
    let (_, body) = app
        .call(
            Method::POST,
            "/api/payment-method",
            Some(json!({"token": second, "setPrimary": true})),
            Some(&ada),
        )
        .await;
    let master_id = body["data"]["paymentMethod"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, body) = app
        .call(
            Method::POST,
            "/api/payment-method",
            Some(json!({"token": second, "setPrimary": false})),
            Some(&ada),
        )
        .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (StatusCode::CONFLICT, "This card is already saved")
    );
    let (_, list) = app
        .call(Method::GET, "/api/payment-method", None, Some(&ada))
        .await;
    let order: Vec<(&str, bool)> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["last4"].as_str().unwrap(),
                c["primary"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(order, [("4444", true), ("4242", false)]);

    // Bob can neither see, change, remove nor pay with Ada's cards or tokens.
    let visa_id = visa["_id"].as_str().unwrap();
    for (method, path, body) in [
        (
            Method::PATCH,
            format!("/api/payment-method/{visa_id}"),
            Some(json!({"primary": true})),
        ),
        (
            Method::DELETE,
            format!("/api/payment-method/{visa_id}"),
            None,
        ),
    ] {
        let (status, answer) = app.call(method, &path, body, Some(&bob)).await;
        assert_eq!(
            (status, answer["message"].as_str().unwrap()),
            (StatusCode::NOT_FOUND, "Payment method not found")
        );
    }
    app.to_cart(&bob, &tap, 1).await;
    for card in [visa_id, first.as_str()] {
        let body = json!({"fulfilment": "pickup", "contact": pickup("bob@example.com"), "saveAddress": false,
                          "payment": {"method": "card", "paymentMethodId": card}});
        let (status, answer) = app
            .place(Some(&shop::domain::new_id()), &body, Some(&bob))
            .await;
        assert_eq!(
            (status, answer["message"].as_str().unwrap()),
            (StatusCode::NOT_FOUND, "Payment method not found"),
            "{card}"
        );
    }
    let (_, bobs) = app
        .call(Method::GET, "/api/payment-method", None, Some(&bob))
        .await;
    assert_eq!(bobs["data"], json!([]));

    // Ada pays with her saved card, makes the Visa primary, removes the Mastercard.
    app.to_cart(&ada, &tap, 1).await;
    let body = json!({"fulfilment": "pickup", "contact": pickup("ada@example.com"), "saveAddress": false,
                      "payment": {"method": "card", "paymentMethodId": master_id}});
    let (status, answer) = app
        .place(Some(&shop::domain::new_id()), &body, Some(&ada))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["data"]["order"]["card"]["last4"], "4444");
    let (status, _) = app
        .call(
            Method::PATCH,
            &format!("/api/payment-method/{visa_id}"),
            Some(json!({"primary": true})),
            Some(&ada),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, answer) = app
        .call(
            Method::DELETE,
            &format!("/api/payment-method/{master_id}"),
            None,
            Some(&ada),
        )
        .await;
    assert_eq!(
        (status, answer["message"].as_str().unwrap()),
        (StatusCode::OK, "Payment method removed")
    );
    // Removed at the provider too: its token can no longer be saved or charged.
    let (status, answer) = app
        .call(
            Method::POST,
            "/api/payment-method",
            Some(json!({"token": second, "setPrimary": false})),
            Some(&ada),
        )
        .await;
    assert_eq!(
        (status, answer["errors"]["token"].as_str().unwrap()),
        (
            StatusCode::BAD_REQUEST,
            "This card could not be found. Please enter it again."
        )
    );
    let (_, list) = app
        .call(Method::GET, "/api/payment-method", None, Some(&ada))
        .await;
    assert_eq!(list["data"].as_array().unwrap().len(), 1);
    assert_eq!(list["data"][0]["primary"], true);
    let (status, _) = app
        .call(Method::GET, "/api/payment-method", None, None)
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn no_card_number_is_stored_anywhere(app: TestApp) {
    let f = fixture(&app).await;
    let tap = product(&app, &f, 10).await;
    let customer = app.customer("pan@example.com").await;
    let saved = token(&app, PAN).await;
    app.call(
        Method::POST,
        "/api/payment-method",
        Some(json!({"token": saved, "setPrimary": true})),
        Some(&customer),
    )
    .await;
    for number in [PAN, "4000000000000002", "4000000000003220"] {
        app.place(
            Some(&shop::domain::new_id()),
            &card_order("pan@example.com", &tap, &token(&app, number).await),
            None,
        )
        .await;
    }
    app.deliver_webhooks().await;
    let db = app.catalogue.db();
    let tables: Vec<String> = match db.dialect {
        shop::store::Dialect::Sqlite => {
            sqlx::query_as::<_, (String,)>("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        shop::store::Dialect::Postgres => sqlx::query_as::<_, (String,)>(
            "SELECT CAST(tablename AS TEXT) FROM pg_tables WHERE schemaname = 'public'",
        ),
    }
    .fetch_all(&db.pool)
    .await
    .unwrap()
    .into_iter()
    .map(|(t,)| t)
    .collect();
    assert!(
        tables.contains(&"testpsp_methods".to_string())
            && tables.contains(&"payment_transactions".to_string())
    );
    let mut rows_read = 0;
    for table in tables {
        // Every column of every row, as text.
        let sql = match db.dialect {
            shop::store::Dialect::Sqlite => format!("SELECT * FROM \"{table}\""),
            shop::store::Dialect::Postgres => {
                format!("SELECT CAST(t AS TEXT) AS row FROM \"{table}\" t")
            }
        };
        use sqlx::{Column, Row, ValueRef};
        for row in sqlx::query(&sql).fetch_all(&db.pool).await.unwrap() {
            rows_read += 1;
            for column in row.columns() {
                let i = column.ordinal();
                if row.try_get_raw(i).unwrap().is_null() {
                    continue;
                }
                let text = row.try_get::<String, _>(i).unwrap_or_default();
                for number in [PAN, "4000000000000002", "4000000000003220"] {
                    assert!(!text.contains(number), "{table} holds a card number");
                }
                assert!(!text.contains("\"cvc\""), "{table} holds a security code");
            }
        }
    }
    assert!(rows_read > 20, "the tables were read ({rows_read} rows)");
}

async fn with_manual_payments_cards_are_refused(_app: TestApp) {
    let options = crate::helpers::Options {
        payments: shop::payments::Mode::Manual,
        ..Default::default()
    };
    let backend = if _app.catalogue.db().dialect == shop::store::Dialect::Sqlite {
        crate::helpers::Backend::Sqlite
    } else {
        crate::helpers::Backend::Postgres
    };
    Box::pin(crate::helpers::run_with(
        backend,
        options,
        |app| async move {
            let f = fixture(&app).await;
            let tap = product(&app, &f, 10).await;
            let (_, config) = app.get("/api/payment/config").await;
            assert_eq!(
                config["data"],
                json!({"provider": "manual", "testMode": false, "tokenizeUrl": null})
            );
            let (status, body) = app
                .place(
                    Some("manual"),
                    &card_order("m@example.com", &tap, "pm_test_whatever"),
                    None,
                )
                .await;
            assert_eq!(
                (status, body["message"].as_str().unwrap()),
                (
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "Card payments are not available"
                )
            );
            // No test provider: its tokenize URL is only the storefront's page.
            let response = app
                .client
                .post(app.url("/testpsp/v1/tokens"))
                .json(&json!({"number": PAN}))
                .send()
                .await
                .unwrap();
            let text = response.text().await.unwrap();
            assert!(
                !text.contains("pm_test_") && !text.contains("\"error\""),
                "{text}"
            );
        },
    ))
    .await;
}

/// The prices can move between the card's authorization (at the quote's total) and the
/// order's transaction. The order is then not placed: nothing written, no stock taken,
/// the key not spent; the call answers 409 with `errors.total` and releases the
/// authorization. Driven at the store, since no request can be stopped between the two.
async fn an_order_that_no_longer_comes_to_the_authorized_amount_is_not_placed(app: TestApp) {
    let f = fixture(&app).await;
    let tap = product(&app, &f, 5).await;
    let contact = ContactInput {
        first_name: "Ada".into(),
        phone_number: "9876543210".into(),
        email_address: "ada@example.com".into(),
        ..ContactInput::default()
    };
    let order = |authorized_cents: i64| NewOrder {
        buyer: Buyer::Guest(vec![LineAsk {
            product_id: id(&tap),
            variant_id: None,
            quantity: 1,
            field: Some("items[0]".into()),
        }]),
        fulfilment: Fulfilment::Pickup,
        contact: check_contact(&contact, Fulfilment::Pickup).expect("a pickup contact"),
        save_address: false,
        payment_method: "card",
        card: Some(CardCharge {
            provider: "test",
            payment_ref: format!("pay_{authorized_cents}"),
            brand: "visa".into(),
            last4: "4242".into(),
            amount: Money::from_cents(authorized_cents),
            authorization: TxnStatus::Succeeded,
        }),
        idempotency_key: "one-key".into(),
        request_digest: "one-request".into(),
        promo_code: None,
        tax: Default::default(),
        delivery_method_id: None,
        po_number: None,
    };
    let mail = |o: &shop::store::orders::OrderRow| {
        templates::order_placed(o, "/orders/link", &Default::default())
    };
    // 5,000 less 20 %: the authorization was for the price before it rose by a cent.
    let refused = app.orders.place(order(3_999), &mail).await.unwrap();
    assert_eq!(refused.err(), Some(PlaceRefusal::AmountChanged));
    assert_eq!(app.order_count().await, 0);
    assert_eq!(app.stock_of(&tap).await, 5);

    // The key was not spent: the same attempt at the right amount places the order.
    let placed = app.orders.place(order(4_000), &mail).await.unwrap();
    let placed = placed.expect("placed at the authorized amount");
    assert!(!placed.repeat);
    assert_eq!(placed.order.totals.total, Money::from_cents(4_000));
    assert_eq!(app.stock_of(&tap).await, 4);
}
