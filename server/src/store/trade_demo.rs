//! The demo's trade data, written once (docs/DESIGN.md §11): a group with its category
//! discounts, quantity breaks on a set of sub-categories' variants for everyone and for
//! the group, and an approved account. Every row has a stable id or key, so seeding
//! again adds nothing.

use sqlx::Row;

use super::Db;
use crate::domain::trade::{group_name_key, GroupRules};

/// Breaks as (least units, percent of the variant's price), for one audience.
pub type BreakSpec = [(i64, i64)];

/// What the demo writes.
pub struct DemoTrade<'a> {
    pub group_id: &'a str,
    pub group: &'a GroupRules,
    /// Sub-categories whose variants get the breaks.
    pub sub_category_ids: &'a [String],
    pub everyone_breaks: &'a BreakSpec,
    pub group_breaks: &'a BreakSpec,
    /// The approved account: its user (made with `password_hash` when missing).
    pub user_id: &'a str,
    pub email: &'a str,
    pub full_name: &'a str,
    pub password_hash: &'a str,
    pub company: &'a str,
    pub credit_limit_cents: i64,
    pub terms_days: i64,
}

/// Writes what of `demo` the shop does not have yet. How many rows were added.
pub async fn add_demo_trade(db: &Db, demo: &DemoTrade<'_>, now: i64) -> Result<u64, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let discounts = super::customer_groups::discounts_json(&demo.group.category_discounts);
    let mut added = sqlx::query(
        "INSERT INTO customer_groups (id, name, name_key, category_discounts, cart_discount, \
         version, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $6) \
         ON CONFLICT DO NOTHING",
    )
    .bind(demo.group_id)
    .bind(&demo.group.name)
    .bind(group_name_key(&demo.group.name))
    .bind(discounts)
    .bind(i64::from(demo.group.cart_discount))
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let subs = super::placeholders(demo.sub_category_ids.len());
    for (audience, breaks) in [
        ("", demo.everyone_breaks),
        (demo.group_id, demo.group_breaks),
    ] {
        for (min_quantity, percent) in breaks {
            // $1.. the sub-categories; then the audience, quantity and percent.
            let n = demo.sub_category_ids.len();
            let sql = format!(
                "INSERT INTO price_breaks (variant_id, group_id, min_quantity, price_cents) \
                 SELECT v.id, ${a}, ${q}, (v.price_cents * ${p} + 50) / 100 \
                 FROM product_variants v JOIN products p ON p.id = v.product_id \
                 WHERE p.sub_category_id IN ({subs}) AND v.archived_at IS NULL \
                 AND v.price_cents >= 100 ON CONFLICT DO NOTHING",
                a = n + 1,
                q = n + 2,
                p = n + 3,
            );
            let mut query = sqlx::query(&sql);
            for sub in demo.sub_category_ids {
                query = query.bind(sub);
            }
            added += query
                .bind(audience)
                .bind(*min_quantity)
                .bind(*percent)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        }
    }
    added += sqlx::query(
        "INSERT INTO users (id, email, password_hash, full_name, email_verified, created_at, \
         updated_at) VALUES ($1, $2, $3, $4, 1, $5, $5) ON CONFLICT DO NOTHING",
    )
    .bind(demo.user_id)
    .bind(demo.email)
    .bind(demo.password_hash)
    .bind(demo.full_name)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    // The user the address belongs to, made now or before.
    let user: String = sqlx::query("SELECT id FROM users WHERE email = $1")
        .bind(demo.email)
        .fetch_one(&mut *tx)
        .await?
        .try_get("id")?;
    let has_account = sqlx::query("SELECT user_id FROM trade_accounts WHERE user_id = $1")
        .bind(&user)
        .fetch_optional(&mut *tx)
        .await?
        .is_some();
    if !has_account {
        sqlx::query(
            "INSERT INTO trade_applications (id, user_id, company_name, tax_number, trade, \
             phone_number, street_address, town_city, postcode, country, status, group_id, \
             credit_limit_cents, terms_days, decided_at, created_at) VALUES ($1, $2, $3, '', \
             'plumber', '+447700900123', '1 Pipe Lane', 'Inverness', 'IV2 3AB', 'GB', \
             'approved', $4, $5, $6, $7, $7)",
        )
        .bind(crate::domain::id::stable_id(
            "trade_application",
            demo.email,
        ))
        .bind(&user)
        .bind(demo.company)
        .bind(demo.group_id)
        .bind(demo.credit_limit_cents)
        .bind(demo.terms_days)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO trade_accounts (user_id, company_name, group_id, credit_limit_cents, \
             terms_days, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
        )
        .bind(&user)
        .bind(demo.company)
        .bind(demo.group_id)
        .bind(demo.credit_limit_cents)
        .bind(demo.terms_days)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        added += 2;
    }
    tx.commit().await?;
    Ok(added)
}
