//! Quotes and orders of variants (docs/DESIGN.md §9): the line names its variant (or
//! leaves it out for a product with one), is priced at the variant's price with the
//! product's discount, takes the variant's stock (and the product's derived stock with
//! it), snapshots its SKU and options, and gives them back on cancelling; refusals are
//! keyed by the variant the line named. Shoppers racing for one variant never oversell
//! it nor touch its sibling. The helpers here make a product with variants for every
//! test that needs one.

use std::collections::BTreeMap;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::pricing::Discount;
use shop::domain::variant::{ProductOption, SaleUnit, Unit};
use shop::domain::Money;
use shop::store::catalogue::{NewProduct, VariantInput};
use shop::store::stock::Cause;
use sqlx::Row;

use super::{at_once, count, pickup, untaxed, SHORT};
use crate::accounts::assert_error;
use crate::helpers::{fixture, new_product, Fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    an_order_takes_and_snapshots_the_variant_and_a_cancel_gives_it_back,
    order_lines_name_their_variant_and_keep_to_the_sale_unit,
    shoppers_racing_for_one_variant_never_oversell_it_nor_touch_its_sibling,
);

const UNKNOWN: &str = "0123456789abcdef01234567";
const GONE: &str = "This product is no longer available";

// ---- helpers -------------------------------------------------------------------

/// A product with variants, and their ids in position order.
pub(crate) struct Fitting {
    pub product: String,
    pub variants: Vec<String>,
}

/// Sold in packs of 10: at least `min_quantity` packs, in steps of `quantity_step`.
pub(crate) fn packs(min_quantity: i64, quantity_step: i64) -> SaleUnit {
    SaleUnit {
        unit: Unit::Pack,
        pack_size: Some(10),
        min_quantity,
        quantity_step,
    }
}

/// A compression elbow, 10 % off with no end, sold by `sale`, options 'Size' (15 mm,
/// 22 mm) × 'Finish' (Brass, Chrome), SKUs `{prefix}-15-BR` …, in the fixture's kitchen
/// mixers:
///
/// | variant | options        | price | stock |
/// |---------|----------------|-------|-------|
/// | 0       | 15 mm, Brass   | 4.00  | 5     |
/// | 1       | 15 mm, Chrome  | 4.50  | 6     |
/// | 2       | 22 mm, Brass   | 6.00  | 4     |
/// | 3       | 22 mm, Chrome  | 6.50  | 0     |
pub(crate) async fn fitting(app: &TestApp, f: &Fixture, prefix: &str, sale: SaleUnit) -> Fitting {
    let product = NewProduct {
        discount: Discount {
            basis_points: 1_000,
            ends_at: None,
        },
        images: vec![format!("test/{prefix}.svg")],
        ..new_product(
            &format!("{prefix} Compression Elbow"),
            400,
            &f.faucets,
            &f.kitchen,
        )
    };
    let id = product.id.clone();
    app.catalogue
        .insert_products(&[product])
        .await
        .expect("product");
    let options = vec![
        ProductOption {
            name: "Size".into(),
            values: vec!["15 mm".into(), "22 mm".into()],
        },
        ProductOption {
            name: "Finish".into(),
            values: vec!["Brass".into(), "Chrome".into()],
        },
    ];
    let rows = [
        ("15 mm", "Brass", "15-BR", 400, 5),
        ("15 mm", "Chrome", "15-CH", 450, 6),
        ("22 mm", "Brass", "22-BR", 600, 4),
        ("22 mm", "Chrome", "22-CH", 650, 0),
    ];
    let inputs: Vec<VariantInput> = rows
        .iter()
        .enumerate()
        .map(
            |(position, (size, finish, sku, cents, stock))| VariantInput {
                id: None,
                sku: format!("{prefix}-{sku}"),
                options: BTreeMap::from([
                    ("Size".to_string(), size.to_string()),
                    ("Finish".to_string(), finish.to_string()),
                ]),
                price: Money::from_cents(*cents),
                stock: *stock,
                weight_grams: Some(120),
                image: None,
                position: position as i64,
            },
        )
        .collect();
    app.catalogue
        .replace_variants(
            &id,
            &options,
            sale,
            &inputs,
            Cause::System("Starting stock"),
        )
        .await
        .expect("saved")
        .expect("accepted");
    let variants =
        sqlx::query("SELECT id FROM product_variants WHERE product_id = $1 ORDER BY position")
            .bind(&id)
            .fetch_all(&app.catalogue.db().pool)
            .await
            .expect("variants")
            .iter()
            .map(|row| row.get::<String, _>("id"))
            .collect();
    Fitting {
        product: id,
        variants,
    }
}

/// The id of the one variant of a product without options.
pub(crate) async fn only_variant(app: &TestApp, product: &str) -> String {
    sqlx::query("SELECT id FROM product_variants WHERE product_id = $1")
        .bind(product)
        .fetch_one(&app.catalogue.db().pool)
        .await
        .expect("its variant")
        .get("id")
}

pub(crate) async fn variant_stock(app: &TestApp, variant: &str) -> i64 {
    sqlx::query("SELECT stock FROM product_variants WHERE id = $1")
        .bind(variant)
        .fetch_one(&app.catalogue.db().pool)
        .await
        .expect("variant")
        .get("stock")
}

/// Sets a variant's stock, and its product's derived stock with it.
pub(crate) async fn set_variant_stock(app: &TestApp, variant: &str, stock: i64) {
    let pool = &app.catalogue.db().pool;
    sqlx::query("UPDATE product_variants SET stock = $1 WHERE id = $2")
        .bind(stock)
        .bind(variant)
        .execute(pool)
        .await
        .expect("stock set");
    sqlx::query(
        "UPDATE products SET stock = (SELECT SUM(v.stock) FROM product_variants v \
         WHERE v.product_id = products.id AND v.archived_at IS NULL) \
         WHERE id = (SELECT product_id FROM product_variants WHERE id = $1)",
    )
    .bind(variant)
    .execute(pool)
    .await
    .expect("product stock derived");
}

/// Archives a variant, as a console save that leaves it out while an order names it.
pub(crate) async fn archive_variant(app: &TestApp, variant: &str) {
    sqlx::query("UPDATE product_variants SET archived_at = 1 WHERE id = $1")
        .bind(variant)
        .execute(&app.catalogue.db().pool)
        .await
        .expect("archived");
}

/// A guest's cash order, picked up, of `items` as sent.
fn order_of(email: &str, items: Value) -> Value {
    json!({"fulfilment": "pickup", "contact": pickup(email), "saveAddress": false,
           "payment": {"method": "cod"}, "items": items})
}

async fn quote(app: &TestApp, items: Value) -> (StatusCode, Value) {
    app.post(
        "/api/order/quote",
        json!({"fulfilment": "pickup", "items": items}),
    )
    .await
}

// ---- tests -----------------------------------------------------------------------

async fn an_order_takes_and_snapshots_the_variant_and_a_cancel_gives_it_back(app: TestApp) {
    let f = fixture(&app).await;
    let elbow = fitting(&app, &f, "CE", SaleUnit::default()).await;
    let (v15, v15c, v22) = (&elbow.variants[0], &elbow.variants[1], &elbow.variants[2]);
    assert_eq!(app.stock_of(&elbow.product).await, 15);

    // The quote names each line's variant and prices it at the variant's price, less
    // the product's 10 %.
    let items = json!([
        {"productId": elbow.product, "variantId": v22, "quantity": 2},
        {"productId": elbow.product, "variantId": v15, "quantity": 3},
        {"productId": f.alpha, "quantity": 1}]);
    let (status, body) = quote(&app, items.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let lines = body["data"]["lines"].as_array().unwrap();
    assert_eq!(
        untaxed(&lines[0]),
        json!({"productId": elbow.product, "variantId": v22, "quantity": 2,
               "unitPrice": 5.4, "lineTotal": 10.8, "available": true})
    );
    assert_eq!(lines[1]["unitPrice"], 3.6);
    assert_eq!(lines[2]["variantId"].as_str().unwrap().len(), 24);
    assert_eq!(body["data"]["subtotal"], 10.8 + 10.8 + 100.0);

    // A customer orders the same lines from the cart.
    let token = app.customer("ada@example.com").await;
    for item in items.as_array().unwrap() {
        let mut body = item.clone();
        body["type"] = json!("cart");
        let (status, answer) = app
            .call(Method::POST, "/api/user/item", Some(body), Some(&token))
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        app.clock.advance(std::time::Duration::from_millis(3));
    }
    let key = shop::domain::new_id();
    let body = json!({"fulfilment": "pickup", "contact": pickup("ada@example.com"),
                      "saveAddress": false, "payment": {"method": "cod"}});
    let (status, answer) = app.place(Some(&key), &body, Some(&token)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let order = &answer["data"]["order"];
    let number = order["number"].as_str().unwrap().to_string();
    let line = &order["lines"][0];
    assert_eq!(line["variantId"], v22.as_str());
    assert_eq!(line["sku"], "CE-22-BR");
    assert_eq!(line["options"], json!({"Finish": "Brass", "Size": "22 mm"}));
    assert_eq!(line["unitPrice"], 5.4);
    assert_eq!(line["listPrice"], 6.0);
    assert_eq!(order["lines"][2]["options"], json!({}));

    // Each variant gave its own units; the sibling kept its; the product's stock is the sum.
    assert_eq!(variant_stock(&app, v22).await, 2);
    assert_eq!(variant_stock(&app, v15).await, 2);
    assert_eq!(variant_stock(&app, v15c).await, 6);
    assert_eq!(app.stock_of(&elbow.product).await, 10);
    assert_eq!(app.stock_of(&f.alpha).await, 49);
    let moved: Vec<(String, i64)> = sqlx::query(
        "SELECT variant_id, delta FROM stock_movements WHERE order_number = $1 ORDER BY variant_id",
    )
    .bind(&number)
    .fetch_all(&app.catalogue.db().pool)
    .await
    .unwrap()
    .iter()
    .map(|row| (row.get("variant_id"), row.get("delta")))
    .collect();
    assert_eq!(moved.len(), 3);
    assert!(moved.contains(&(v22.to_string(), -2)), "{moved:?}");
    assert!(moved.contains(&(v15.to_string(), -3)), "{moved:?}");

    // My Orders and the confirmation mail show the variant.
    let (status, mine) = app
        .call(Method::GET, "/api/order", None, Some(&token))
        .await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    assert_eq!(mine["data"]["orders"][0]["lines"][1]["sku"], "CE-15-BR");
    app.deliver_mail().await;
    let mail = app
        .mailer
        .sent()
        .into_iter()
        .find(|m| m.to == "ada@example.com")
        .expect("the confirmation");
    assert!(
        mail.letter
            .text
            .contains("2 x CE Compression Elbow (Brass, 22 mm; SKU CE-22-BR)"),
        "{}",
        mail.letter.text
    );

    // Cancelling puts each variant's units back, and the product's with them.
    let (status, answer) = app
        .call(
            Method::POST,
            &format!("/api/order/{number}/cancel"),
            None,
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(variant_stock(&app, v22).await, 4);
    assert_eq!(variant_stock(&app, v15).await, 5);
    assert_eq!(variant_stock(&app, v15c).await, 6);
    assert_eq!(app.stock_of(&elbow.product).await, 15);
    assert_eq!(app.stock_of(&f.alpha).await, 50);
    let back: i64 = sqlx::query(
        "SELECT COUNT(*) AS n FROM stock_movements WHERE order_number = $1 AND delta > 0 \
         AND variant_id = $2",
    )
    .bind(&number)
    .bind(v22)
    .fetch_one(&app.catalogue.db().pool)
    .await
    .unwrap()
    .get("n");
    assert_eq!(back, 1);
}

async fn order_lines_name_their_variant_and_keep_to_the_sale_unit(app: TestApp) {
    let f = fixture(&app).await;
    let elbow = fitting(&app, &f, "CE", SaleUnit::default()).await;
    let olives = fitting(&app, &f, "OL", packs(10, 5)).await;
    set_variant_stock(&app, &olives.variants[0], 50).await;
    let (v15, v22) = (&elbow.variants[0], &elbow.variants[2]);

    // No variant named for a product with several: 400 on the line's variantId.
    let items = json!([{"productId": f.alpha, "quantity": 1},
                       {"productId": elbow.product, "quantity": 1}]);
    let (status, body) = quote(&app, items.clone()).await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Choose a Size and Finish",
    );
    assert_eq!(
        body["errors"]["items[1].variantId"],
        "Choose a Size and Finish"
    );
    let (status, body) = app
        .place(Some("k1"), &order_of("g@example.com", items), None)
        .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Choose a Size and Finish",
    );
    assert_eq!(
        body["errors"]["items[1].variantId"],
        "Choose a Size and Finish"
    );

    // A quantity the product is not sold in: 400 on the line's quantity.
    for (quantity, message) in [(5, "Order at least 10"), (12, "Sold in multiples of 5")] {
        let items = json!([{"productId": olives.product, "variantId": olives.variants[0], "quantity": quantity}]);
        let (status, body) = quote(&app, items.clone()).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, message);
        assert_eq!(body["errors"]["items[0].quantity"], message);
        let (status, body) = app
            .place(
                Some(&shop::domain::new_id()),
                &order_of("g@example.com", items),
                None,
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, message);
        assert_eq!(body["errors"]["items[0].quantity"], message);
    }

    // An unknown or archived variant reads as gone: flagged in the quote, refused by
    // the order under the id the line named.
    archive_variant(&app, &elbow.variants[1]).await;
    let items = json!([{"productId": elbow.product, "variantId": UNKNOWN, "quantity": 1},
                       {"productId": elbow.product, "variantId": elbow.variants[1], "quantity": 1},
                       {"productId": elbow.product, "variantId": v15, "quantity": 1}]);
    let (status, body) = quote(&app, items.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let lines = body["data"]["lines"].as_array().unwrap();
    assert_eq!(lines[0]["message"], GONE);
    assert_eq!(lines[0]["variantId"], Value::Null);
    assert_eq!(lines[1]["message"], GONE);
    assert_eq!(lines[2]["available"], true);
    assert_eq!(body["data"]["subtotal"], 3.6);
    let (status, body) = app
        .place(Some("k2"), &order_of("g@example.com", items), None)
        .await;
    assert_error(status, &body, StatusCode::CONFLICT, SHORT);
    assert_eq!(body["errors"][UNKNOWN], GONE);
    assert_eq!(body["errors"][&elbow.variants[1]], GONE);
    assert_eq!(body["errors"].as_object().unwrap().len(), 2, "{body}");

    // Short of stock: keyed by the variant named, else by the product.
    let items = json!([{"productId": elbow.product, "variantId": v22, "quantity": 5},
                       {"productId": elbow.product, "variantId": elbow.variants[3], "quantity": 1},
                       {"productId": f.beta, "quantity": 6}]);
    let (status, body) = app
        .place(Some("k3"), &order_of("g@example.com", items), None)
        .await;
    assert_error(status, &body, StatusCode::CONFLICT, SHORT);
    assert_eq!(
        body["errors"],
        json!({v22.as_str(): "Only 4 left in stock",
               elbow.variants[3].as_str(): "This product is out of stock",
               f.beta.as_str(): "Only 5 left in stock"})
    );
    assert_eq!(variant_stock(&app, v22).await, 4, "nothing taken");
    assert_eq!(app.stock_of(&f.beta).await, 5);
    assert_eq!(app.order_count().await, 0);

    // Lines naming one variant (one of them by leaving it out) are one line.
    let items = json!([{"productId": f.beta, "quantity": 1},
                       {"productId": olives.product, "variantId": olives.variants[0], "quantity": 10},
                       {"productId": olives.product, "variantId": olives.variants[0], "quantity": 5}]);
    let (status, answer) = app
        .place(Some("k4"), &order_of("g@example.com", items), None)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let lines = answer["data"]["order"]["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["quantity"], 15);
    assert_eq!(variant_stock(&app, &olives.variants[0]).await, 35);
}

async fn shoppers_racing_for_one_variant_never_oversell_it_nor_touch_its_sibling(app: TestApp) {
    let f = fixture(&app).await;
    let elbow = fitting(&app, &f, "CE", SaleUnit::default()).await;
    // 22 mm brass has 4; 15 mm chrome, its sibling, 6; twenty shoppers want 22 mm brass,
    // half of them with a unit of 15 mm brass too (5 in stock) in the same order.
    let (wanted, sibling, shared) = (&elbow.variants[2], &elbow.variants[1], &elbow.variants[0]);
    let calls = (0..20)
        .map(|n| {
            let app = app.clone();
            let mut items =
                vec![json!({"productId": elbow.product, "variantId": wanted, "quantity": 1})];
            if n % 2 == 0 {
                items.insert(
                    0,
                    json!({"productId": elbow.product, "variantId": shared, "quantity": 1}),
                );
            }
            async move {
                let body = order_of(&format!("r{n}@example.com"), json!(items));
                app.place(Some(&shop::domain::new_id()), &body, None).await
            }
        })
        .collect();
    let answers = at_once(calls).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 4, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 16, "{answers:?}");
    for (status, body) in &answers {
        if *status == StatusCode::CONFLICT {
            assert_eq!(
                body["errors"][wanted], "This product is out of stock",
                "{body}"
            );
        }
    }
    let took_shared = answers
        .iter()
        .filter(|(s, b)| {
            *s == StatusCode::CREATED && b["data"]["order"]["lines"].as_array().unwrap().len() == 2
        })
        .count() as i64;
    assert_eq!(variant_stock(&app, wanted).await, 0);
    assert_eq!(variant_stock(&app, shared).await, 5 - took_shared);
    assert_eq!(
        variant_stock(&app, sibling).await,
        6,
        "the sibling is untouched"
    );
    assert_eq!(
        app.stock_of(&elbow.product).await,
        6 + 5 - took_shared,
        "the product's stock is the sum of its variants'"
    );
    assert_eq!(app.order_count().await, 4);
}
