//! 'You'll also need' (docs/DESIGN.md §12): the products staff link to a product, in
//! their order, written inside the product's own save; and what the shop shows for a
//! product: those in the shop and in stock, else its sub-category's best sellers.

use sqlx::{Any, Row, Transaction};

use super::read::{product_from_row, ProductRow, IN_SHOP, PRODUCT_COLUMNS, PRODUCT_JOINS};
use super::Catalogue;
use crate::domain::id::Id;
use crate::store::placeholders;

/// Why a product's related products were refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelatedRefusal {
    /// The product itself is in its list.
    Itself,
    /// These ids name no product.
    Unknown(Vec<String>),
}

/// A product another links to, as the console's form names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelatedLink {
    pub id: String,
    pub name: String,
    pub archived: bool,
}

impl Catalogue {
    /// Product `id`'s related products in staff's order, archived ones too (the
    /// console's form shows what it links).
    pub async fn related_links(&self, id: &str) -> Result<Vec<RelatedLink>, sqlx::Error> {
        sqlx::query(
            "SELECT p.id, p.name, p.archived_at FROM related_products r \
             JOIN products p ON p.id = r.related_id WHERE r.product_id = $1 ORDER BY r.position",
        )
        .bind(id)
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(|row| {
            Ok(RelatedLink {
                id: row.try_get("id")?,
                name: row.try_get("name")?,
                archived: row.try_get::<Option<i64>, _>("archived_at")?.is_some(),
            })
        })
        .collect()
    }

    /// What the shop shows under product `id`: its related products in the shop and in
    /// stock, in staff's order; when none is, up to `fallback` others of its
    /// sub-category that are, the most ordered first (cancelled orders left out), then
    /// the newest. `None` when the product is not in the shop.
    pub async fn related_products(
        &self,
        id: &Id,
        fallback: usize,
    ) -> Result<Option<Vec<ProductRow>>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let sub = sqlx::query(&format!(
            "SELECT p.sub_category_id FROM products p WHERE p.id = $1 AND {IN_SHOP}"
        ))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
        let Some(sub) = sub else {
            return Ok(None);
        };
        let sub: String = sub.try_get("sub_category_id")?;
        let linked = sqlx::query(&format!(
            "SELECT {PRODUCT_COLUMNS} FROM related_products r JOIN products p ON p.id = r.related_id \
             {PRODUCT_JOINS} WHERE r.product_id = $1 AND {IN_SHOP} AND p.stock > 0 \
             ORDER BY r.position"
        ))
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
        if !linked.is_empty() {
            return linked
                .iter()
                .map(product_from_row)
                .collect::<Result<_, _>>()
                .map(Some);
        }
        // Units ordered per product of the sub-category: one indexed look-up of the
        // order lines of each of its products.
        let best = sqlx::query(&format!(
            "SELECT {PRODUCT_COLUMNS}, (SELECT CAST(COALESCE(SUM(l.quantity), 0) AS BIGINT) \
                 FROM order_lines l JOIN orders o ON o.id = l.order_id \
                 WHERE l.product_id = p.id AND o.status <> 'cancelled') AS units \
             FROM products p {PRODUCT_JOINS} \
             WHERE p.sub_category_id = $1 AND p.id <> $2 AND {IN_SHOP} AND p.stock > 0 \
             ORDER BY units DESC, p.created_at DESC, p.id LIMIT {fallback}"
        ))
        .bind(&sub)
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
        best.iter()
            .map(product_from_row)
            .collect::<Result<_, _>>()
            .map(Some)
    }
}

/// Product `id`'s related products' ids in staff's order, inside a write.
pub(super) async fn related_ids_of(
    tx: &mut Transaction<'static, Any>,
    id: &str,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query("SELECT related_id FROM related_products WHERE product_id = $1 ORDER BY position")
        .bind(id)
        .fetch_all(&mut **tx)
        .await?
        .iter()
        .map(|row| row.try_get("related_id"))
        .collect()
}

/// Refuses `ids` as product `id`'s related products when it is among them or some
/// name no product (archived ones are products).
pub(super) async fn check_related_in(
    tx: &mut Transaction<'static, Any>,
    id: Option<&str>,
    ids: &[String],
) -> Result<Result<(), RelatedRefusal>, sqlx::Error> {
    if id.is_some_and(|id| ids.iter().any(|r| r == id)) {
        return Ok(Err(RelatedRefusal::Itself));
    }
    if ids.is_empty() {
        return Ok(Ok(()));
    }
    let sql = format!(
        "SELECT id FROM products WHERE id IN ({})",
        placeholders(ids.len())
    );
    let mut query = sqlx::query(&sql);
    for related in ids {
        query = query.bind(related);
    }
    let found: Vec<String> = query
        .fetch_all(&mut **tx)
        .await?
        .iter()
        .map(|row| row.try_get("id"))
        .collect::<Result<_, _>>()?;
    let unknown: Vec<String> = ids.iter().filter(|r| !found.contains(r)).cloned().collect();
    Ok(if unknown.is_empty() {
        Ok(())
    } else {
        Err(RelatedRefusal::Unknown(unknown))
    })
}

/// Replaces product `id`'s related products by `ids`, in that order (checked by
/// [`check_related_in`]).
pub(super) async fn set_related(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    ids: &[String],
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM related_products WHERE product_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    for (position, related) in ids.iter().enumerate() {
        sqlx::query(
            "INSERT INTO related_products (product_id, related_id, position) VALUES ($1, $2, $3)",
        )
        .bind(id)
        .bind(related)
        .bind(position as i64)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
