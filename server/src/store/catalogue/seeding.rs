//! The seeders' writes: categories, products and banners to insert, each left as it
//! is when its id exists, and the tidy-up after a bulk load.

use std::collections::HashMap;

use sqlx::{Executor, Row};

use super::Catalogue;
use crate::domain::pricing::{price_at, Discount};
use crate::domain::search_terms::index_words;
use crate::domain::tax::TaxClass;
use crate::domain::Money;
use crate::store::value_rows;

/// A category to insert, with its sub-categories as (id, title) in display order.
#[derive(Clone, Debug)]
pub struct NewCategory {
    pub id: String,
    pub title: String,
    pub position: i64,
    pub sub_categories: Vec<(String, String)>,
}

#[derive(Clone, Debug)]
pub struct NewProduct {
    pub id: String,
    pub name: String,
    pub description: String,
    pub price: Money,
    pub discount: Discount,
    pub images: Vec<String>,
    pub stock: i64,
    pub category_id: String,
    pub sub_category_id: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub featured: bool,
    pub created_at: i64,
}

#[derive(Clone, Debug)]
pub struct NewBanner {
    pub id: String,
    pub image: String,
    pub url: String,
    pub position: i64,
}

impl Catalogue {
    /// How many products there are: `shop seed demo --if-empty` seeds only when none.
    pub async fn product_count(&self) -> Result<i64, sqlx::Error> {
        sqlx::query("SELECT COUNT(*) AS n FROM products")
            .fetch_one(&self.db.pool)
            .await?
            .try_get("n")
    }

    /// Puts every product of each sub-category named (by id) on its tax class: the
    /// demo's, whose products are written without one (the standard class).
    pub async fn seed_tax_classes(
        &self,
        classes: &[(String, TaxClass)],
    ) -> Result<(), sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        for (sub_category_id, class) in classes {
            sqlx::query("UPDATE products SET tax_class = $1 WHERE sub_category_id = $2")
                .bind(class.as_str())
                .bind(sub_category_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }

    pub async fn insert_categories(&self, categories: &[NewCategory]) -> Result<(), sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let now = self.clock.now_ms();
        for c in categories {
            sqlx::query(
                    "INSERT INTO categories (id, title, position, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING",
                )
                .bind(c.id.clone())
                .bind(c.title.clone())
                .bind(c.position)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            for (position, (id, title)) in c.sub_categories.iter().enumerate() {
                sqlx::query(
                        "INSERT INTO sub_categories (id, category_id, title, position, created_at) VALUES ($1, $2, $3, $4, $5) \
                         ON CONFLICT (id) DO NOTHING",
                    )
                    .bind(id.clone())
                    .bind(c.id.clone())
                    .bind(title.clone())
                    .bind(position as i64)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await
    }

    /// Inserts products in batches; a product whose id exists is left as it is.
    pub async fn insert_products(&self, products: &[NewProduct]) -> Result<(), sqlx::Error> {
        let titles = self.titles().await?;
        const COLUMNS: &str = "id, name, description, price_cents, discount_bp, discount_ends_at, paid_cents, images, stock, \
             category_id, sub_category_id, size, color, featured, search_text, created_at, updated_at";
        const PER_ROW: usize = 17;
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        for batch in products.chunks(500) {
            let sql = format!(
                "INSERT INTO products ({COLUMNS}) VALUES {} ON CONFLICT (id) DO NOTHING",
                value_rows(batch.len(), PER_ROW)
            );
            let mut query = sqlx::query(&sql);
            for p in batch {
                let paid = price_at(p.price, p.discount, now).discounted_price;
                // Stored as the very words a query is split into, so both search
                // engines see '1.25' as the same two words, and '15 mm' as '15mm' too.
                let search_text = index_words(
                    &[
                        p.name.as_str(),
                        &p.description,
                        titles.get(&p.category_id).map_or("", String::as_str),
                        titles.get(&p.sub_category_id).map_or("", String::as_str),
                    ]
                    .join(" "),
                )
                .join(" ");
                query = query
                    .bind(p.id.clone())
                    .bind(p.name.clone())
                    .bind(p.description.clone())
                    .bind(p.price.cents())
                    .bind(p.discount.basis_points)
                    .bind(p.discount.ends_at)
                    .bind(paid.cents())
                    .bind(serde_json::to_string(&p.images).expect("a list of strings serialises"))
                    .bind(p.stock)
                    .bind(p.category_id.clone())
                    .bind(p.sub_category_id.clone())
                    .bind(p.size.clone())
                    .bind(p.color.clone())
                    .bind(i64::from(p.featured))
                    .bind(search_text)
                    .bind(p.created_at)
                    .bind(now);
            }
            tx.execute(query).await?;
            let ids: Vec<&str> = batch.iter().map(|p| p.id.as_str()).collect();
            super::variants::give_default_variants(&mut tx, &ids).await?;
        }
        super::bump_all(&mut tx).await?;
        tx.commit().await?;
        // Only now can a count or a search see the new products.
        self.after_write().await;
        Ok(())
    }

    /// Tidies the search index and statistics ([`Dialect::after_bulk_load`](crate::store::Dialect::after_bulk_load)); the seeders
    /// call it after loading products.
    pub async fn tidy_after_bulk_load(&self) -> Result<(), sqlx::Error> {
        if let Some(sql) = self.db.dialect.after_bulk_load() {
            self.db.pool.execute(sql).await?;
        }
        Ok(())
    }

    pub async fn insert_banners(&self, banners: &[NewBanner]) -> Result<(), sqlx::Error> {
        let now = self.clock.now_ms();
        for b in banners {
            sqlx::query(
                "INSERT INTO banners (id, image, url, position, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING",
            )
            .bind(b.id.clone())
            .bind(b.image.clone())
            .bind(b.url.clone())
            .bind(b.position)
            .bind(now)
            .execute(self.db.writes())
            .await?;
        }
        Ok(())
    }

    /// Category and sub-category titles by id, for the search text.
    async fn titles(&self) -> Result<HashMap<String, String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, title FROM categories UNION ALL SELECT id, title FROM sub_categories",
        )
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("id")?, r.try_get("title")?)))
            .collect()
    }
}
