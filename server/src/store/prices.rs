//! What the price resolver (`domain/price_resolver.rs`) needs to price some variants for
//! one customer, read in three indexed queries whatever the number of variants: the
//! customer's group, the variants' breaks for everyone and that group, and the group's
//! prices of them. Every place a price shows or is charged reads it here.

use std::collections::BTreeMap;

use sqlx::{AnyConnection, Row};

use super::customer_groups::category_discounts;
use super::placeholders;
use crate::domain::id::Id;
use crate::domain::price_resolver::{CustomerPricing, GroupDeal, PriceBreak, Priced, VariantDeal};
use crate::domain::pricing::{price_line, LinePrice};
use crate::domain::Money;

/// Variants looked up in one query, at most.
const CHUNK: usize = 500;

/// `user`'s group (`None` for a guest, a retail customer, or one whose group is gone).
/// [`ITEMS_OWNER_IN_A_GROUP`] asks the same of a list entry's customer.
pub async fn group_of(
    conn: &mut AnyConnection,
    user: Option<&Id>,
) -> Result<Option<GroupDeal>, sqlx::Error> {
    let Some(user) = user else {
        return Ok(None);
    };
    let row = sqlx::query(
        "SELECT g.id, g.category_discounts, g.cart_discount FROM trade_accounts t \
         JOIN customer_groups g ON g.id = t.group_id WHERE t.user_id = $1",
    )
    .bind(user)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    Ok(Some(GroupDeal {
        group_id: row.try_get("id")?,
        category_discounts: category_discounts(&row)?,
        cart_discount: row.try_get::<i64, _>("cart_discount")? != 0,
    }))
}

/// What `user` pays for `variant_ids`: their group, and each variant's breaks and group
/// price (variants without any are left out: they cost their public price).
pub async fn pricing_for(
    conn: &mut AnyConnection,
    user: Option<&Id>,
    variant_ids: &[&str],
) -> Result<CustomerPricing, sqlx::Error> {
    let group = group_of(conn, user).await?;
    let deals = deals_for(
        conn,
        group.as_ref().map(|g| g.group_id.as_str()),
        variant_ids,
    )
    .await?;
    Ok(CustomerPricing { group, deals })
}

/// Each of `variant_ids`' breaks for everyone and for `group_id`, and the group's price.
pub async fn deals_for(
    conn: &mut AnyConnection,
    group_id: Option<&str>,
    variant_ids: &[&str],
) -> Result<BTreeMap<String, VariantDeal>, sqlx::Error> {
    let mut deals: BTreeMap<String, VariantDeal> = BTreeMap::new();
    // '' is everyone's audience; a guest's second audience is never matched.
    let group = group_id.unwrap_or("");
    for chunk in variant_ids.chunks(CHUNK) {
        let list = placeholders(chunk.len());
        let breaks = format!(
            "SELECT variant_id, group_id, min_quantity, price_cents FROM price_breaks \
             WHERE variant_id IN ({list}) AND group_id IN ('', ${g}) \
             ORDER BY variant_id, group_id, min_quantity",
            g = chunk.len() + 1
        );
        let mut query = sqlx::query(&breaks);
        for id in chunk {
            query = query.bind(*id);
        }
        for row in query.bind(group).fetch_all(&mut *conn).await? {
            let variant: String = row.try_get("variant_id")?;
            let audience: String = row.try_get("group_id")?;
            let entry = PriceBreak {
                min_quantity: row.try_get("min_quantity")?,
                price: Money::from_cents(row.try_get("price_cents")?),
            };
            let deal = deals.entry(variant).or_default();
            if audience.is_empty() {
                deal.everyone.push(entry);
            } else {
                deal.group_breaks.push(entry);
            }
        }
        if group.is_empty() {
            continue;
        }
        let prices = format!(
            "SELECT variant_id, price_cents FROM group_prices \
             WHERE group_id = ${g} AND variant_id IN ({list})",
            g = chunk.len() + 1
        );
        let mut query = sqlx::query(&prices);
        for id in chunk {
            query = query.bind(*id);
        }
        for row in query.bind(group).fetch_all(&mut *conn).await? {
            let variant: String = row.try_get("variant_id")?;
            deals.entry(variant).or_default().group_price =
                Some(Money::from_cents(row.try_get("price_cents")?));
        }
    }
    Ok(deals)
}

/// Whether the customer of the query's list entry `i` is in a group (the join of
/// [`group_of`], by keys), as 1 or 0: read with the entry, it spares a retail
/// customer's entry the reads of pricing when nobody has breaks on its variant either.
pub const ITEMS_OWNER_IN_A_GROUP: &str = "CAST(CASE WHEN EXISTS (SELECT 1 FROM trade_accounts t \
     JOIN customer_groups g ON g.id = t.group_id WHERE t.user_id = i.user_id) \
     THEN 1 ELSE 0 END AS BIGINT)";

/// Whether everyone has quantity breaks on the query's variant `v`: a seek on the
/// breaks' primary key.
macro_rules! everyones_breaks_on_v {
    () => {
        "EXISTS (SELECT 1 FROM price_breaks b WHERE b.variant_id = v.id AND b.group_id = '')"
    };
}

/// Whether everyone has quantity breaks on the query's variant `v`, as 1 or 0: read
/// with each variant of a product's page.
pub const EVERYONES_BREAKS_ON_VARIANT: &str = concat!(
    "CAST(CASE WHEN ",
    everyones_breaks_on_v!(),
    " THEN 1 ELSE 0 END AS BIGINT)"
);

/// Whether everyone has quantity breaks on a variant in the shop of the query's
/// product `p`, as 1 or 0: read with a listing's page, it spares a guest's listing
/// [`has_everyones_breaks`].
pub const EVERYONES_BREAKS_ON_PRODUCT: &str = concat!(
    "CAST(CASE WHEN EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id \
     AND v.archived_at IS NULL AND ",
    everyones_breaks_on_v!(),
    ") THEN 1 ELSE 0 END AS BIGINT)"
);

/// Whether any of `product_ids` has a variant in the shop with breaks for everyone: a
/// guest's answer changes only then. The variants by product, then each one's breaks
/// by their primary key: joined, SQLite walked every break for everyone instead.
pub async fn has_everyones_breaks(
    conn: &mut AnyConnection,
    product_ids: &[&str],
) -> Result<bool, sqlx::Error> {
    for chunk in product_ids.chunks(CHUNK) {
        let sql = everyones_breaks_sql(chunk.len());
        let mut query = sqlx::query(&sql);
        for id in chunk {
            query = query.bind(*id);
        }
        if query.fetch_optional(&mut *conn).await?.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
}

/// [`has_everyones_breaks`]' query of `count` products (`$1` …).
pub fn everyones_breaks_sql(count: usize) -> String {
    format!(
        "SELECT 1 AS one FROM product_variants v WHERE v.product_id IN ({}) \
         AND v.archived_at IS NULL AND {} LIMIT 1",
        placeholders(count),
        everyones_breaks_on_v!()
    )
}

/// The variant each of `product_ids` shows on a card: its cheapest in the shop (by
/// price, then position), by product id.
pub async fn card_variants(
    conn: &mut AnyConnection,
    product_ids: &[&str],
) -> Result<BTreeMap<String, String>, sqlx::Error> {
    let mut best: BTreeMap<String, (i64, i64, String)> = BTreeMap::new();
    for chunk in product_ids.chunks(CHUNK) {
        let sql = format!(
            "SELECT product_id, id, price_cents, position FROM product_variants \
             WHERE product_id IN ({}) AND archived_at IS NULL",
            placeholders(chunk.len())
        );
        let mut query = sqlx::query(&sql);
        for id in chunk {
            query = query.bind(*id);
        }
        for row in query.fetch_all(&mut *conn).await? {
            let key = (
                row.try_get::<i64, _>("price_cents")?,
                row.try_get::<i64, _>("position")?,
                row.try_get::<String, _>("id")?,
            );
            let product: String = row.try_get("product_id")?;
            let kept = best.entry(product).or_insert_with(|| key.clone());
            if key < *kept {
                *kept = key;
            }
        }
    }
    Ok(best.into_iter().map(|(p, (_, _, v))| (p, v)).collect())
}

/// `quantity` units of `variant` of `product` at `now`, for the customer `pricing` is
/// of: the one price rule of quotes and orders (docs/DESIGN.md §11).
pub fn priced_line(
    pricing: &CustomerPricing,
    product: &crate::store::catalogue::ProductRow,
    variant: &crate::store::catalogue::variants::VariantRow,
    quantity: i64,
    now: i64,
) -> LinePrice {
    let public = price_line(variant.price, product.discount, quantity, now);
    let asked = Priced {
        variant_id: &variant.id,
        public: public.unit_price,
        category_id: &product.category.0,
        sub_category_id: &product.sub_category.0,
    };
    pricing.line(asked, public, quantity)
}
