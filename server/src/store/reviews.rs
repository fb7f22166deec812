//! The SQL of reviews. A review and its product's rating totals change in one
//! transaction, so the average on a product always matches its reviews.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::Db;
use crate::domain::id::Id;

/// A review as stored, with its author when the account still exists.
#[derive(Clone, Debug)]
pub struct ReviewRow {
    pub id: String,
    pub rating: i64,
    pub comment: String,
    pub images: Vec<String>,
    pub created_at: i64,
    pub author: Option<Author>,
}

#[derive(Clone, Debug)]
pub struct Author {
    pub full_name: String,
    pub profile_photo: Option<String>,
}

/// A review to add.
pub struct NewReview<'a> {
    pub id: &'a Id,
    pub product_id: &'a Id,
    pub user_id: &'a Id,
    pub rating: i64,
    pub comment: &'a str,
    pub images: &'a [String],
    pub created_at: i64,
}

/// What adding a review did.
#[derive(Debug, PartialEq, Eq)]
pub enum Added {
    Added,
    NoSuchProduct,
    /// The customer has reviewed this product before.
    AlreadyReviewed,
}

#[derive(Clone, Debug)]
pub struct Reviews {
    db: Db,
}

const REVIEW_COLUMNS: &str = "r.id, r.rating, r.comment, r.images, r.created_at, r.user_id, \
     u.full_name, u.profile_photo";

fn review(row: &AnyRow) -> Result<ReviewRow, sqlx::Error> {
    let images: String = row.try_get("images")?;
    let user_id: Option<String> = row.try_get("user_id")?;
    Ok(ReviewRow {
        id: row.try_get("id")?,
        rating: row.try_get("rating")?,
        comment: row.try_get("comment")?,
        images: serde_json::from_str(&images).unwrap_or_default(),
        created_at: row.try_get("created_at")?,
        author: match user_id {
            Some(_) => Some(Author {
                full_name: row.try_get("full_name")?,
                profile_photo: row.try_get("profile_photo")?,
            }),
            None => None,
        },
    })
}

/// `text` as a LIKE pattern matching it anywhere, lowercased, with `%`, `_` and `\`
/// taken literally.
fn contains_pattern(text: &str) -> String {
    let mut pattern = String::from("%");
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

impl Reviews {
    pub fn new(db: Db) -> Self {
        Reviews { db }
    }

    /// One page of a product's reviews, newest first, and how many match in all.
    /// `keyword` keeps the reviews whose comment contains it, case-insensitively.
    pub async fn list(
        &self,
        product_id: &Id,
        keyword: Option<&str>,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<ReviewRow>, i64), sqlx::Error> {
        // Walks only this product's entries of reviews_by_product_newest.
        let filter = if keyword.is_some() {
            "r.product_id = $1 AND lower(r.comment) LIKE $2 ESCAPE '\\'"
        } else {
            "r.product_id = $1"
        };
        let pattern = keyword.map(contains_pattern);
        let count_sql = format!("SELECT COUNT(*) AS n FROM reviews r WHERE {filter}");
        let mut count = sqlx::query(&count_sql).bind(product_id);
        if let Some(pattern) = &pattern {
            count = count.bind(pattern);
        }
        let total: i64 = count.fetch_one(&self.db.pool).await?.try_get("n")?;
        if total <= offset {
            return Ok((Vec::new(), total));
        }
        let (limit_n, offset_n) = if pattern.is_some() { (3, 4) } else { (2, 3) };
        let page_sql = format!(
            "SELECT {REVIEW_COLUMNS} FROM reviews r LEFT JOIN users u ON u.id = r.user_id \
             WHERE {filter} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit_n} OFFSET ${offset_n}"
        );
        let mut page = sqlx::query(&page_sql).bind(product_id);
        if let Some(pattern) = &pattern {
            page = page.bind(pattern);
        }
        let rows = page
            .bind(limit)
            .bind(offset)
            .fetch_all(&self.db.pool)
            .await?;
        let reviews = rows.iter().map(review).collect::<Result<_, _>>()?;
        Ok((reviews, total))
    }

    /// Whether the customer has reviewed the product.
    pub async fn has_reviewed(&self, product_id: &Id, user_id: &Id) -> Result<bool, sqlx::Error> {
        Ok(
            sqlx::query("SELECT 1 AS one FROM reviews WHERE product_id = $1 AND user_id = $2")
                .bind(product_id)
                .bind(user_id)
                .fetch_optional(&self.db.pool)
                .await?
                .is_some(),
        )
    }

    /// Adds a review and counts it into its product's rating, in one transaction.
    pub async fn add(&self, new: NewReview<'_>) -> Result<Added, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let product = sqlx::query("SELECT 1 AS one FROM products WHERE id = $1")
            .bind(new.product_id)
            .fetch_optional(&mut *tx)
            .await?;
        if product.is_none() {
            return Ok(Added::NoSuchProduct);
        }
        let inserted = sqlx::query(
            "INSERT INTO reviews (id, product_id, user_id, rating, comment, images, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (product_id, user_id) DO NOTHING",
        )
        .bind(new.id)
        .bind(new.product_id)
        .bind(new.user_id)
        .bind(new.rating)
        .bind(new.comment)
        .bind(serde_json::to_string(new.images).expect("a list of strings serialises"))
        .bind(new.created_at)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if inserted == 0 {
            return Ok(Added::AlreadyReviewed);
        }
        sqlx::query(
            "UPDATE products SET rating_sum = rating_sum + $2, review_count = review_count + 1 \
             WHERE id = $1",
        )
        .bind(new.product_id)
        .bind(new.rating)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Added::Added)
    }

    /// The review with `id`, with its author.
    pub async fn get(&self, id: &Id) -> Result<Option<ReviewRow>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT {REVIEW_COLUMNS} FROM reviews r LEFT JOIN users u ON u.id = r.user_id WHERE r.id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?
        .as_ref()
        .map(review)
        .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_match_literally_anywhere() {
        assert_eq!(contains_pattern("Great"), "%great%");
        assert_eq!(contains_pattern("100%_off\\"), "%100\\%\\_off\\\\%");
    }
}
