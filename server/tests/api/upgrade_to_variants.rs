//! Upgrading a database the previous version made (migrations 1–20, before variants)
//! to variants (migration 21, docs/DESIGN.md §9): every product gets one variant with its
//! price, its stock and a generated SKU; carts, wishlists, order lines and the stock
//! history name it; and the product's own price and stock stay as they were.

use shop::store::{migrate, migrate_up_to, Db};

use crate::helpers::{drop_database, fresh_database, Backend};

const PRODUCTS: [(&str, &str, i64, i64); 3] = [
    ("65a000000000000000000001", "Brass elbow 15 mm", 249, 12),
    ("65a000000000000000000002", "PTFE tape", 99, 0),
    ("65a000000000000000000003", "Copper pipe", 1_050, 340),
];
const USER: &str = "65a0000000000000000000aa";

/// What the previous version wrote, around three products: a category (first), a customer with a cart
/// and a wishlist, an order with two lines, and a stock movement.
const BEFORE: &[&str] = &[
    "INSERT INTO categories (id, title, position, created_at) VALUES ('65a0000000000000000000c1', 'Plumbing', 0, 1)",
    "INSERT INTO sub_categories (id, category_id, title, position, created_at) \
     VALUES ('65a0000000000000000000c2', '65a0000000000000000000c1', 'Fittings', 0, 1)",
    "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('65a0000000000000000000aa', 'ada@example.com', 'x', 1, 1)",
    "INSERT INTO user_items (id, user_id, list, product_id, quantity, created_at) VALUES \
     ('65a0000000000000000000d1', '65a0000000000000000000aa', 'cart', '65a000000000000000000001', 3, 1), \
     ('65a0000000000000000000d2', '65a0000000000000000000aa', 'wishlist', '65a000000000000000000001', 1, 1), \
     ('65a0000000000000000000d3', '65a0000000000000000000aa', 'cart', '65a000000000000000000003', 2, 1)",
    "INSERT INTO orders (id, seq, number, user_id, fulfilment, status, payment_status, payment_method, \
     subtotal_cents, discount_cents, delivery_fee_cents, total_cents, first_name, phone_number, email_address, \
     idempotency_scope, idempotency_key, request_digest, created_at, updated_at) VALUES \
     ('65a0000000000000000000e1', 100001, '100001', '65a0000000000000000000aa', 'pickup', 'placed', 'unpaid', 'cod', \
      597, 119, 0, 478, 'Ada', '+447700900123', 'ada@example.com', '65a0000000000000000000aa', 'k1', 'd1', 1, 1)",
    "INSERT INTO order_lines (order_id, position, product_id, name, image, unit_price_cents, list_price_cents, \
     discount_bp, quantity, line_total_cents) VALUES \
     ('65a0000000000000000000e1', 0, '65a000000000000000000001', 'Brass elbow 15 mm', NULL, 249, 249, 0, 2, 498), \
     ('65a0000000000000000000e1', 1, '65a000000000000000000002', 'PTFE tape', NULL, 99, 99, 0, 1, 99), \
     ('65a0000000000000000000e1', 2, '65a0000000000000000000ff', 'A product deleted since', NULL, 10, 10, 0, 1, 10)",
    "INSERT INTO stock_movements (product_id, at, delta, stock_after, reason, order_number) \
     VALUES ('65a000000000000000000001', 1, -2, 12, 'Order', '100001')",
];

async fn upgrading_gives_every_product_one_variant_and_keeps_what_was_there(backend: Backend) {
    let (url, teardown) = fresh_database(backend).await;
    let outcome = tokio::spawn(async move {
        let db = Db::connect(&url, Some(2)).await.unwrap();
        assert_eq!(migrate_up_to(&db, 20).await.unwrap().last(), Some(&20));
        for sql in &BEFORE[..2] {
            sqlx::query(sql).execute(&db.pool).await.unwrap();
        }
        for (id, name, cents, stock) in PRODUCTS {
            sqlx::query(
                "INSERT INTO products (id, name, description, price_cents, discount_bp, paid_cents, stock, \
                 category_id, sub_category_id, search_text, created_at, updated_at) \
                 VALUES ($1, $2, 'As sold before variants', $3, 0, $3, $4, '65a0000000000000000000c1', \
                 '65a0000000000000000000c2', $2, 1, 1)",
            )
            .bind(id)
            .bind(name)
            .bind(cents)
            .bind(stock)
            .execute(&db.pool)
            .await
            .unwrap();
        }
        for sql in &BEFORE[2..] {
            sqlx::query(sql).execute(&db.pool).await.unwrap();
        }

        // Migration 21 first, then whatever came after it.
        let applied = migrate(&db).await.unwrap();
        assert_eq!(applied.first(), Some(&21), "{applied:?}");

        let variants: Vec<(String, String, String, i64, i64, String)> = sqlx::query_as(
            "SELECT id, product_id, sku, price_cents, stock, options FROM product_variants ORDER BY product_id",
        )
        .fetch_all(&db.pool)
        .await
        .unwrap();
        assert_eq!(variants.len(), PRODUCTS.len(), "one variant per product");
        for ((vid, product, sku, cents, stock, options), (id, _, want_cents, want_stock)) in
            variants.iter().zip(PRODUCTS)
        {
            assert_eq!(vid.len(), 24, "a variant id is an id");
            assert!(vid.bytes().all(|b| b.is_ascii_hexdigit()));
            assert_eq!(
                (product.as_str(), sku.clone(), *cents, *stock, options.as_str()),
                (id, id.to_uppercase(), want_cents, want_stock, "{}")
            );
        }
        let variant_of = |product: &str| {
            variants
                .iter()
                .find(|v| v.1 == product)
                .map(|v| v.0.clone())
                .unwrap()
        };

        let items: Vec<(String, String, String, i64)> = sqlx::query_as(
            "SELECT id, product_id, variant_id, quantity FROM user_items WHERE user_id = $1 ORDER BY id",
        )
        .bind(USER)
        .fetch_all(&db.pool)
        .await
        .unwrap();
        assert_eq!(items.len(), 3, "every cart and wishlist line kept");
        for (_, product, variant, _) in &items {
            assert_eq!(*variant, variant_of(product));
        }
        assert_eq!(items[0].3, 3, "quantities kept");

        let lines: Vec<(String, Option<String>, Option<String>, String)> = sqlx::query_as(
            "SELECT product_id, variant_id, sku, options FROM order_lines ORDER BY position",
        )
        .fetch_all(&db.pool)
        .await
        .unwrap();
        assert_eq!(lines[0].1.as_deref(), Some(variant_of(PRODUCTS[0].0).as_str()));
        assert_eq!(lines[0].2.as_deref(), Some("65A000000000000000000001"));
        assert_eq!(lines[1].1.as_deref(), Some(variant_of(PRODUCTS[1].0).as_str()));
        assert_eq!(
            (lines[2].1.as_deref(), lines[2].2.as_deref(), lines[2].3.as_str()),
            (None, None, "{}"),
            "a line whose product is gone names no variant"
        );

        let moved: Vec<(Option<String>,)> =
            sqlx::query_as("SELECT variant_id FROM stock_movements")
                .fetch_all(&db.pool)
                .await
                .unwrap();
        assert_eq!(moved, [(Some(variant_of(PRODUCTS[0].0)),)]);

        let derived: Vec<(String, i64, i64, Option<i64>, i64)> = sqlx::query_as(
            "SELECT id, price_cents, stock, max_price_cents, min_quantity FROM products ORDER BY id",
        )
        .fetch_all(&db.pool)
        .await
        .unwrap();
        for ((id, cents, stock, max, min_quantity), (want_id, _, want_cents, want_stock)) in
            derived.into_iter().zip(PRODUCTS)
        {
            assert_eq!(
                (id.as_str(), cents, stock, max, min_quantity),
                (want_id, want_cents, want_stock, Some(want_cents), 1)
            );
        }
        db.pool.close().await;
    })
    .await;
    drop_database(teardown).await;
    if let Err(err) = outcome {
        std::panic::resume_unwind(err.into_panic());
    }
}

#[tokio::test]
async fn upgrading_a_sqlite_database_gives_every_product_one_variant() {
    upgrading_gives_every_product_one_variant_and_keeps_what_was_there(Backend::Sqlite).await
}

#[tokio::test]
async fn upgrading_a_postgres_database_gives_every_product_one_variant() {
    upgrading_gives_every_product_one_variant_and_keeps_what_was_there(Backend::Postgres).await
}
