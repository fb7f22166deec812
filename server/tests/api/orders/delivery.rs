//! Delivery methods (docs/DESIGN.md §10, issue 33 item 3): the console's methods with
//! their version, default and preview; the quote's options for a postcode and a
//! weight; the order's choice and its refusals; the delivery country's tax rates; and
//! the rules that hold when saves race.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::payments::token;
use super::{at_once, count, delivery, stocked};
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    a_fresh_shop_delivers_everywhere_at_the_specs_fee,
    the_console_keeps_methods_whole_with_one_default,
    a_heavy_cart_is_offered_what_can_carry_it_and_the_order_takes_the_one_chosen,
    a_postcode_or_a_weight_no_method_takes_is_refused,
    goods_over_the_threshold_go_free_and_the_delivery_country_sets_the_rates,
    racing_saves_keep_one_default_and_the_limit,
    a_card_is_not_asked_for_an_order_whose_delivery_would_be_refused,
);

const METHODS: &str = "/api/admin/delivery-method";

/// A quote of `items` for a delivery, with `extra` fields (postcode, country, method).
async fn quote(app: &TestApp, items: &Value, extra: Value) -> (StatusCode, Value) {
    let mut body = json!({"fulfilment": "delivery", "items": items});
    for (key, value) in extra.as_object().cloned().unwrap_or_default() {
        body[key] = value;
    }
    app.call(Method::POST, "/api/order/quote", Some(body), None)
        .await
}

/// A guest's cash delivery order of `items` to `postcode`, with `method` when given.
fn order(items: &Value, postcode: &str, country: &str, method: Option<&str>) -> Value {
    let mut contact = delivery("ada@example.com");
    contact["postcode"] = json!(postcode);
    contact["country"] = json!(country);
    let mut body = json!({"fulfilment": "delivery", "contact": contact, "saveAddress": false,
        "payment": {"method": "cod"}, "items": items});
    if let Some(method) = method {
        body["deliveryMethodId"] = json!(method);
    }
    body
}

async fn weigh(app: &TestApp, product: &str, grams: i64) {
    sqlx::query("UPDATE product_variants SET weight_grams = $1 WHERE product_id = $2")
        .bind(grams)
        .bind(product)
        .execute(&app.catalogue.db().pool)
        .await
        .expect("weight set");
}

/// A method's request: `bands` of (up to grams, price), everywhere unless `prefixes`.
fn method(name: &str, prefixes: &[&str], bands: &[(Option<i64>, f64)], position: i64) -> Value {
    let rates: Vec<Value> = bands
        .iter()
        .map(|(up_to, price)| json!({"upToGrams": up_to, "price": price}))
        .collect();
    json!({"name": name, "description": "", "postcodePrefixes": prefixes, "rates": rates,
        "freeOver": null, "active": true, "position": position, "isDefault": false})
}

async fn create(app: &TestApp, admin: &str, body: Value) -> Value {
    let (status, answer) = app
        .call(Method::POST, METHODS, Some(body), Some(admin))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer["data"]["method"].clone()
}

async fn methods(app: &TestApp, admin: &str) -> Vec<Value> {
    let (status, answer) = app.call(Method::GET, METHODS, None, Some(admin)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["data"]["methods"].as_array().unwrap().clone()
}

fn id_of(method: &Value) -> String {
    method["_id"].as_str().unwrap().to_string()
}

/// The demo's three methods besides the default: Next-day (up to 30 kg, 250), Pallet
/// (any weight, 900), Highlands and islands (HS, IV, KW, ZE; 300). Their ids.
async fn demo_methods(app: &TestApp, admin: &str) -> [String; 3] {
    let next_day = create(
        app,
        admin,
        method("Next-day", &[], &[(Some(30_000), 250.0)], 1),
    )
    .await;
    let pallet = create(app, admin, method("Pallet", &[], &[(None, 900.0)], 2)).await;
    let highlands = create(
        app,
        admin,
        method(
            "Highlands and islands",
            &["hs", "IV", "kw", "ze"],
            &[(None, 300.0)],
            3,
        ),
    )
    .await;
    [id_of(&next_day), id_of(&pallet), id_of(&highlands)]
}

async fn put(app: &TestApp, admin: &str, id: &str, body: Value) -> (StatusCode, Value) {
    app.call(
        Method::PUT,
        &format!("{METHODS}/{id}"),
        Some(body),
        Some(admin),
    )
    .await
}

async fn a_fresh_shop_delivers_everywhere_at_the_specs_fee(app: TestApp) {
    let f = fixture(&app).await;
    let tap = stocked(&app, &f, "Tap", 5_000, 10).await;
    let items = json!([{"productId": tap, "quantity": 1}]);
    let (status, answer) = quote(&app, &items, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let data = &answer["data"];
    assert_eq!(data["deliveryFee"], 100.0);
    assert_eq!(data["total"], 140.0, "the spec's 50 - 10 + 100");
    let options = data["deliveryOptions"].as_array().unwrap();
    assert_eq!(options.len(), 1, "{data}");
    assert_eq!(options[0]["name"], "Standard delivery");
    assert_eq!(options[0]["price"], 100.0);
    assert_eq!(options[0]["available"], true);
    assert_eq!(options[0]["reason"], Value::Null);
    assert_eq!(data["deliveryMethodId"], options[0]["_id"]);

    let (status, pickup) = app
        .call(
            Method::POST,
            "/api/order/quote",
            Some(json!({"fulfilment": "pickup", "items": items})),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{pickup}");
    assert_eq!(pickup["data"]["deliveryOptions"], json!([]));
    assert_eq!(pickup["data"]["deliveryMethodId"], Value::Null);
    assert_eq!(pickup["data"]["deliveryFee"], 0.0);

    // The spec's checkout body, without a postcode, country or method.
    let (number, token) = app.placed(&order(&items, "", "", None), None).await;
    let (_, placed) = app
        .call(
            Method::GET,
            &format!("/api/order/{number}?token={token}"),
            None,
            None,
        )
        .await;
    let placed = &placed["data"]["order"];
    assert_eq!(placed["deliveryFee"], 100.0);
    assert_eq!(placed["total"], 140.0);
    assert_eq!(placed["deliveryMethod"]["name"], "Standard delivery");
    assert_eq!(placed["contact"]["country"], "GB", "the shop's country");
    assert_eq!(placed["contact"]["postcode"], "");

    // A bad postcode or country is refused before anything is priced, by the quote and
    // the order alike (a no-break space is not a space to trim).
    for postcode in ["SW1A/1AA", "SW1A 1AA\u{a0}"] {
        let (status, bad) = quote(&app, &items, json!({"postcode": postcode})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        let key = shop::domain::new_id();
        let (status, bad) = app
            .place(Some(&key), &order(&items, postcode, "", None), None)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(
            bad["errors"]["postcode"],
            "A postcode is letters, digits, spaces or hyphens"
        );
    }
    let long = "a".repeat(101);
    let (status, bad) = quote(&app, &items, json!({"deliveryMethodId": long})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    assert_eq!(
        bad["errors"]["deliveryMethodId"],
        "This delivery method is not available"
    );
    let (status, bad) = quote(
        &app,
        &items,
        json!({"postcode": "SW1A/1AA", "country": "XX"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    assert_eq!(
        bad["errors"]["postcode"],
        "A postcode is letters, digits, spaces or hyphens"
    );
    assert_eq!(
        bad["errors"]["country"],
        "Use a two-letter country code such as GB"
    );
}

async fn the_console_keeps_methods_whole_with_one_default(app: TestApp) {
    let admin = app.admin().await;
    let customer = app.customer("ada@example.com").await;
    let (status, _) = app.call(Method::GET, METHODS, None, Some(&customer)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app.call(Method::GET, METHODS, None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let [next_day, pallet, highlands] = demo_methods(&app, &admin).await;
    let list = methods(&app, &admin).await;
    let names: Vec<&str> = list.iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "Standard delivery",
            "Next-day",
            "Pallet",
            "Highlands and islands"
        ]
    );
    let standard = id_of(&list[0]);
    assert_eq!(list[0]["isDefault"], true);
    assert_eq!(
        list[0]["rates"],
        json!([{"upToGrams": null, "price": 100.0}])
    );
    assert_eq!(list[3]["postcodePrefixes"], json!(["HS", "IV", "KW", "ZE"]));
    assert_eq!(
        list[1]["rates"],
        json!([{"upToGrams": 30000, "price": 250.0}])
    );

    // A save replaces the method whole, at the version it was loaded at.
    let mut body = method(
        "Next-day",
        &[],
        &[(Some(2_000), 9.5), (Some(30_000), 250.0)],
        1,
    );
    body["description"] = json!("Order by 2pm");
    body["version"] = json!(1);
    let (status, saved) = put(&app, &admin, &next_day, body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let saved = &saved["data"]["method"];
    assert_eq!(saved["version"], 2);
    assert_eq!(saved["description"], "Order by 2pm");
    assert_eq!(saved["rates"][0], json!({"upToGrams": 2000, "price": 9.5}));
    let (status, stale) = put(&app, &admin, &next_day, body).await;
    assert_eq!(status, StatusCode::CONFLICT, "{stale}");
    assert_eq!(stale["data"]["method"]["version"], 2);

    // Every broken rule is named, and nothing is written.
    let broken = json!({"name": " ", "postcodePrefixes": ["IV-2"], "rates": [
        {"upToGrams": null, "price": 1}, {"upToGrams": 500, "price": 1.005}
    ], "active": true, "position": 0});
    let (status, refused) = put(&app, &admin, &pallet, broken).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    let errors = refused["errors"].as_object().unwrap();
    let keys: Vec<&str> = errors.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "name",
            "postcodePrefixes[0]",
            "rates[0].upToGrams",
            "rates[1].price"
        ]
    );
    assert_eq!(methods(&app, &admin).await[2]["name"], "Pallet");

    // Making Pallet the default takes it from Standard delivery; the default cannot
    // simply stop being it, nor be deleted.
    let mut default = method("Pallet", &[], &[(None, 900.0)], 2);
    default["isDefault"] = json!(true);
    let (status, made) = put(&app, &admin, &pallet, default).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let list = methods(&app, &admin).await;
    let defaults: Vec<&str> = list
        .iter()
        .filter(|m| m["isDefault"] == true)
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(defaults, ["Pallet"]);
    let (status, kept) = put(
        &app,
        &admin,
        &pallet,
        method("Pallet", &[], &[(None, 900.0)], 2),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{kept}");
    assert_eq!(
        kept["errors"]["isDefault"],
        "One method is always the default: make another method the default instead"
    );
    let (status, kept) = app
        .call(
            Method::DELETE,
            &format!("{METHODS}/{pallet}"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{kept}");
    assert_eq!(
        kept["message"],
        "The default delivery method cannot be deleted"
    );

    let (status, _) = app
        .call(
            Method::DELETE,
            &format!("{METHODS}/{highlands}"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, gone) = put(
        &app,
        &admin,
        &highlands,
        method("X", &[], &[(None, 1.0)], 0),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{gone}");
    assert_eq!(gone["message"], "Delivery method not found");
    assert_eq!(methods(&app, &admin).await.len(), 3);

    // The activity log names each change.
    let (_, log) = app
        .call(
            Method::GET,
            &format!("/api/admin/activity?objectType=delivery_method&objectId={standard}"),
            None,
            Some(&admin),
        )
        .await;
    let entries = log["data"]["activity"].as_array().expect("entries");
    assert_eq!(entries.len(), 1, "{log}");
    assert_eq!(entries[0]["changes"]["isDefault"]["after"], false, "{log}");

    // The preview: for a postcode and a weight, what applies and what a checkout uses.
    let (status, preview) = app
        .call(
            Method::GET,
            &format!("{METHODS}/preview?postcode=iv2%203ab&weightGrams=40000&goods=20"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{preview}");
    let preview = &preview["data"];
    let seen: Vec<(&str, &Value, &Value)> = preview["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["name"].as_str().unwrap(), &o["price"], &o["reason"]))
        .collect();
    assert_eq!(
        seen,
        [
            ("Standard delivery", &json!(100.0), &Value::Null),
            (
                "Next-day",
                &Value::Null,
                &json!("Too heavy for this method")
            ),
            ("Pallet", &json!(900.0), &Value::Null),
        ]
    );
    assert_eq!(preview["chosen"], json!(pallet));
    let (status, bad) = app
        .call(
            Method::GET,
            &format!("{METHODS}/preview?weightGrams=heavy"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    assert_eq!(bad["errors"]["weightGrams"], "A weight in whole grams");
}

async fn a_heavy_cart_is_offered_what_can_carry_it_and_the_order_takes_the_one_chosen(
    app: TestApp,
) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let [next_day, pallet, highlands] = demo_methods(&app, &admin).await;
    let radiator = stocked(&app, &f, "Radiator", 20_000, 10).await;
    weigh(&app, &radiator, 12_000).await;
    let items = json!([{"productId": radiator, "quantity": 3}]);

    let (status, answer) = quote(&app, &items, json!({"postcode": "SW1A 1AA"})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let data = &answer["data"];
    let offered: Vec<(&str, &Value)> = data["deliveryOptions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["name"].as_str().unwrap(), &o["available"]))
        .collect();
    assert_eq!(
        offered,
        [
            ("Standard delivery", &json!(true)),
            ("Next-day", &json!(false)),
            ("Pallet", &json!(true)),
        ],
        "Highlands and islands does not serve SW1A"
    );
    assert_eq!(
        data["deliveryOptions"][1]["reason"],
        "Too heavy for this method"
    );
    assert_eq!(
        data["deliveryFee"], 100.0,
        "the default while none is named"
    );

    let (_, answer) = quote(
        &app,
        &items,
        json!({"postcode": "SW1A 1AA", "deliveryMethodId": pallet}),
    )
    .await;
    assert_eq!(answer["data"]["deliveryFee"], 900.0);
    assert_eq!(answer["data"]["deliveryMethodId"], json!(pallet));
    // 600 - 120 + 900.
    assert_eq!(answer["data"]["total"], 1_380.0);
    // A method that cannot take it is not refused by a quote: the default is priced.
    let (_, answer) = quote(
        &app,
        &items,
        json!({"postcode": "SW1A 1AA", "deliveryMethodId": next_day}),
    )
    .await;
    assert_eq!(answer["data"]["deliveryFee"], 100.0);

    // The order refuses what cannot be used, each under `deliveryMethodId`.
    for (method, message) in [
        (next_day.as_str(), "Too heavy for this method"),
        (highlands.as_str(), "This delivery method is not available"),
        (
            "0123456789abcdef01234567",
            "This delivery method is not available",
        ),
    ] {
        let key = shop::domain::new_id();
        let (status, refused) = app
            .place(
                Some(&key),
                &order(&items, "SW1A 1AA", "GB", Some(method)),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert_eq!(refused["code"], "delivery_unavailable");
        assert_eq!(refused["errors"]["deliveryMethodId"], message, "{refused}");
    }
    assert_eq!(app.order_count().await, 0, "nothing written");
    assert_eq!(app.stock_of(&radiator).await, 10);

    let (number, token) = app
        .placed(&order(&items, " sw1a 1aa ", "gb", Some(&pallet)), None)
        .await;
    let (_, placed) = app
        .call(
            Method::GET,
            &format!("/api/order/{number}?token={token}"),
            None,
            None,
        )
        .await;
    let placed = &placed["data"]["order"];
    assert_eq!(placed["deliveryFee"], 900.0);
    assert_eq!(placed["total"], 1_380.0);
    assert_eq!(
        placed["deliveryMethod"],
        json!({"_id": pallet, "name": "Pallet"})
    );
    assert_eq!(
        placed["contact"]["postcode"], "sw1a 1aa",
        "as typed, trimmed"
    );
    assert_eq!(placed["contact"]["country"], "GB");
    // The fee's tax joins the standard rate's: 900 × 20 ÷ 120 = 150.
    let standard = &placed["taxes"][0];
    assert_eq!(standard["taxClass"], "standard");
    assert_eq!(standard["tax"], 230.0, "80 on the goods and 150 on the fee");

    // The mail names the method and the postcode.
    assert_eq!(app.deliver_mail().await, 1);
    let mail = app.mailer.sent().last().unwrap().letter.text.clone();
    assert!(mail.contains("sw1a 1aa (Pallet)"), "{mail}");
    assert!(mail.contains("Delivery Fee: ₹900"), "{mail}");
}

async fn a_postcode_or_a_weight_no_method_takes_is_refused(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let [next_day, pallet, highlands] = demo_methods(&app, &admin).await;
    let tap = stocked(&app, &f, "Tap", 5_000, 10).await;
    weigh(&app, &tap, 40_000).await;
    let items = json!([{"productId": tap, "quantity": 1}]);
    let standard = id_of(&methods(&app, &admin).await[0]);

    // Pallet becomes the default; Standard delivery and Pallet are switched off.
    let mut off = method("Pallet", &[], &[(None, 900.0)], 2);
    off["isDefault"] = json!(true);
    off["active"] = json!(false);
    assert_eq!(put(&app, &admin, &pallet, off).await.0, StatusCode::OK);
    let mut off = method("Standard delivery", &[], &[(None, 100.0)], 0);
    off["active"] = json!(false);
    assert_eq!(put(&app, &admin, &standard, off).await.0, StatusCode::OK);

    // Next-day cannot carry 40 kg; Highlands and islands does not serve London.
    for body in [json!({"postcode": "SW1A 1AA"}), json!({})] {
        let (status, refused) = quote(&app, &items, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert_eq!(
            refused["errors"]["deliveryMethodId"],
            "No delivery method can carry this order"
        );
    }
    let key = shop::domain::new_id();
    let (status, refused) = app
        .place(Some(&key), &order(&items, "SW1A 1AA", "GB", None), None)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(
        refused["errors"]["deliveryMethodId"],
        "No delivery method can carry this order"
    );

    // With Next-day off too, nothing serves London at all.
    let mut off = method("Next-day", &[], &[(Some(30_000), 250.0)], 1);
    off["active"] = json!(false);
    assert_eq!(put(&app, &admin, &next_day, off).await.0, StatusCode::OK);
    let (status, refused) = quote(&app, &items, json!({"postcode": "SW1A 1AA"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["code"], "delivery_unavailable");
    assert_eq!(
        refused["errors"]["postcode"],
        "We do not deliver to this postcode"
    );
    let key = shop::domain::new_id();
    let (status, refused) = app
        .place(Some(&key), &order(&items, "SW1A 1AA", "GB", None), None)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(
        refused["errors"]["postcode"],
        "We do not deliver to this postcode"
    );
    // An Inverness postcode is served, in any case and spacing.
    let (status, answer) = quote(&app, &items, json!({"postcode": "iv2 3ab"})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["deliveryMethodId"], json!(highlands));
    assert_eq!(answer["data"]["deliveryFee"], 300.0);

    // Two can take it and neither is the default: the shopper must choose.
    let mut on = method("Standard delivery", &[], &[(None, 100.0)], 0);
    on["active"] = json!(true);
    assert_eq!(put(&app, &admin, &standard, on).await.0, StatusCode::OK);
    let key = shop::domain::new_id();
    let (status, refused) = app
        .place(Some(&key), &order(&items, "IV2 3AB", "GB", None), None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(
        refused["errors"]["deliveryMethodId"],
        "Choose a delivery method"
    );
    let (status, _) = app
        .place(
            Some(&key),
            &order(&items, "IV2 3AB", "GB", Some(&highlands)),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
}

async fn goods_over_the_threshold_go_free_and_the_delivery_country_sets_the_rates(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let tap = stocked(&app, &f, "Tap", 5_000, 10).await;
    let standard = id_of(&methods(&app, &admin).await[0]);
    let mut free = method("Standard delivery", &[], &[(None, 100.0)], 0);
    free["isDefault"] = json!(true);
    free["freeOver"] = json!(80);
    assert_eq!(put(&app, &admin, &standard, free).await.0, StatusCode::OK);

    // One tap: 50 − 10 = 40 of goods, under 80; two: 80, free.
    let one = json!([{"productId": tap, "quantity": 1}]);
    let two = json!([{"productId": tap, "quantity": 2}]);
    assert_eq!(
        quote(&app, &one, json!({})).await.1["data"]["deliveryFee"],
        100.0
    );
    let (_, answer) = quote(&app, &two, json!({})).await;
    assert_eq!(answer["data"]["deliveryFee"], 0.0);
    assert_eq!(answer["data"]["deliveryOptions"][0]["price"], 0.0);
    assert_eq!(answer["data"]["total"], 80.0);

    // Ireland's rates for a delivery there; the shop's for pickup.
    let (status, saved) = app
        .call(
            Method::PUT,
            "/api/admin/settings",
            Some(json!({"countryRates": {"IE": {"standard": 23, "reduced": 13.5, "zero": 0}}})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (_, answer) = quote(&app, &one, json!({"country": "ie"})).await;
    assert_eq!(answer["data"]["lines"][0]["taxRate"], 23.0, "{answer}");
    let (_, answer) = quote(&app, &one, json!({})).await;
    assert_eq!(answer["data"]["lines"][0]["taxRate"], 20.0);
    let (_, pickup) = app
        .call(
            Method::POST,
            "/api/order/quote",
            Some(json!({"fulfilment": "pickup", "items": one, "country": "IE"})),
            None,
        )
        .await;
    assert_eq!(
        pickup["data"]["lines"][0]["taxRate"], 20.0,
        "pickup: the shop's"
    );
    let (number, token) = app.placed(&order(&one, "D02 X285", "IE", None), None).await;
    let (_, placed) = app
        .call(
            Method::GET,
            &format!("/api/order/{number}?token={token}"),
            None,
            None,
        )
        .await;
    let placed = &placed["data"]["order"];
    assert_eq!(placed["lines"][0]["taxRate"], 23.0);
    assert_eq!(placed["contact"]["country"], "IE");
}

async fn racing_saves_keep_one_default_and_the_limit(app: TestApp) {
    let admin = app.admin().await;
    // Eight new methods, each asking to be the default, at once: one default remains.
    let saves: Vec<_> = (0..8)
        .map(|i| {
            let app = app.clone();
            let admin = admin.clone();
            let mut body = method(&format!("Courier {i}"), &[], &[(None, 5.0)], i);
            body["isDefault"] = json!(true);
            async move {
                app.call(Method::POST, METHODS, Some(body), Some(&admin))
                    .await
            }
        })
        .collect();
    let answers = at_once(saves).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 8, "{answers:?}");
    let list = methods(&app, &admin).await;
    let defaults = list.iter().filter(|m| m["isDefault"] == true).count();
    assert_eq!(defaults, 1, "{list:?}");

    // 9 methods now; the limit is 50: of 45 racing creates, exactly 41 are made.
    let creates: Vec<_> = (0..45)
        .map(|i| {
            let app = app.clone();
            let admin = admin.clone();
            let body = method(&format!("Van {i}"), &[], &[(None, 5.0)], 10 + i);
            async move {
                app.call(Method::POST, METHODS, Some(body), Some(&admin))
                    .await
            }
        })
        .collect();
    let answers = at_once(creates).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 41, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 4);
    let refused = answers
        .iter()
        .find(|(s, _)| *s == StatusCode::CONFLICT)
        .unwrap();
    assert_eq!(
        refused.1["message"],
        "A shop can have at most 50 delivery methods"
    );
    assert_eq!(methods(&app, &admin).await.len(), 50);
}

async fn a_card_is_not_asked_for_an_order_whose_delivery_would_be_refused(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let [next_day, _, _] = demo_methods(&app, &admin).await;
    let radiator = stocked(&app, &f, "Radiator", 20_000, 10).await;
    weigh(&app, &radiator, 12_000).await;
    let items = json!([{"productId": radiator, "quantity": 3}]);
    let card = token(&app, super::payments::PAN).await;
    for method in [Some(next_day.as_str()), Some("0123456789abcdef01234567")] {
        let mut body = order(&items, "SW1A 1AA", "GB", method);
        body["payment"] = json!({"method": "card", "paymentMethodId": card});
        let key = shop::domain::new_id();
        let (status, refused) = app.place(Some(&key), &body, None).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert_eq!(refused["code"], "delivery_unavailable");
    }
    // With the default switched off, two methods could take it and none is named: 'Choose'.
    let standard = id_of(&methods(&app, &admin).await[0]);
    let mut off = method("Standard delivery", &[], &[(None, 100.0)], 0);
    off["active"] = json!(false);
    off["isDefault"] = json!(true);
    assert_eq!(put(&app, &admin, &standard, off).await.0, StatusCode::OK);
    let mut body = order(
        &json!([{"productId": radiator, "quantity": 1}]),
        "",
        "",
        None,
    );
    body["payment"] = json!({"method": "card", "paymentMethodId": card});
    let key = shop::domain::new_id();
    let (status, refused) = app.place(Some(&key), &body, None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(
        refused["errors"]["deliveryMethodId"],
        "Choose a delivery method"
    );
    // The provider was never asked to set anything aside.
    let asked: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM testpsp_payments")
        .fetch_one(&app.catalogue.db().pool)
        .await
        .unwrap();
    assert_eq!(asked, 0);
    assert_eq!(app.order_count().await, 0);

    // The demo's seed never takes the shop past its 50 methods.
    for i in 0..45 {
        create(
            &app,
            &admin,
            method(&format!("Van {i}"), &[], &[(None, 5.0)], 10 + i),
        )
        .await;
    }
    assert_eq!(methods(&app, &admin).await.len(), 49);
    let store =
        shop::store::delivery::DeliveryMethods::new(app.catalogue.db().clone(), app.clock.clone());
    let added = store
        .add_missing(&shop::seed::demo_delivery::methods())
        .await
        .unwrap();
    assert_eq!(added, 1);
    assert_eq!(methods(&app, &admin).await.len(), 50);
}
