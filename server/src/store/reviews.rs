//! The SQL of reviews. A review and its product's rating totals change in one
//! transaction, so the average on a product always matches its visible reviews: a new
//! review counts in at once, one an administrator hides counts out until shown again.

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::activity::{Activity, Actor, Changes, Entry};
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
        // Walks only this product's visible entries of reviews_visible_by_product
        // (partial on `hidden_at IS NULL`), so hidden reviews cost nothing.
        let filter = if keyword.is_some() {
            "r.product_id = $1 AND r.hidden_at IS NULL AND lower(r.comment) LIKE $2 ESCAPE '\\'"
        } else {
            "r.product_id = $1 AND r.hidden_at IS NULL"
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

    /// Whether the customer has reviewed the product (a hidden review counts: one per
    /// customer per product, whatever became of it).
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

    /// Adds a review, visible, and counts it into its product's rating, in one
    /// transaction. Archived products take no reviews.
    pub async fn add(&self, new: NewReview<'_>) -> Result<Added, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let product =
            sqlx::query("SELECT 1 AS one FROM products WHERE id = $1 AND archived_at IS NULL")
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
        // Its product's rating and reviews show it, here at once (others within a second).
        crate::store::shown::changed();
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

/// A review as the console lists it: the review, its product, its author's address
/// and whether (and why) it is hidden.
#[derive(Clone, Debug)]
pub struct AdminReviewRow {
    pub review: ReviewRow,
    pub product_id: String,
    pub product_name: String,
    /// None once the author's account is deleted.
    pub author_email: Option<String>,
    pub hidden_at: Option<i64>,
    pub hidden_reason: Option<String>,
}

/// Which reviews the console lists: every filter given must hold.
#[derive(Clone, Debug, Default)]
pub struct AdminReviewFilter {
    /// 1 to 5 stars.
    pub rating: Option<i64>,
    pub hidden: Option<bool>,
}

/// Why hiding or showing a review did not happen.
#[derive(Debug, PartialEq, Eq)]
pub enum ModerationRefusal {
    NoSuchReview,
}

const ADMIN_REVIEW_COLUMNS: &str = "r.id, r.rating, r.comment, r.images, r.created_at, r.user_id, \
     u.full_name, u.profile_photo, u.email AS author_email, r.product_id, p.name AS product_name, \
     r.hidden_at, r.hidden_reason";
const ADMIN_REVIEW_JOINS: &str =
    "JOIN products p ON p.id = r.product_id LEFT JOIN users u ON u.id = r.user_id";

fn admin_review(row: &AnyRow) -> Result<AdminReviewRow, sqlx::Error> {
    Ok(AdminReviewRow {
        review: review(row)?,
        product_id: row.try_get("product_id")?,
        product_name: row.try_get("product_name")?,
        author_email: row.try_get("author_email")?,
        hidden_at: row.try_get("hidden_at")?,
        hidden_reason: row.try_get("hidden_reason")?,
    })
}

impl Reviews {
    /// A page of every review, newest first, and how many match in all. Each filter
    /// walks an index of its own (migration 0011): `reviews_by_rating`, and
    /// `reviews_visible_newest` or `reviews_hidden_newest`; none, `reviews_newest`.
    pub async fn admin_list(
        &self,
        filter: &AdminReviewFilter,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<AdminReviewRow>, i64), sqlx::Error> {
        let mut clauses = Vec::new();
        if let Some(rating) = filter.rating {
            // A whole number 1 to 5, checked at the edge: safe to write in.
            clauses.push(format!("r.rating = {rating}"));
        }
        match filter.hidden {
            Some(true) => clauses.push("r.hidden_at IS NOT NULL".to_string()),
            Some(false) => clauses.push("r.hidden_at IS NULL".to_string()),
            None => {}
        }
        let clause = if clauses.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", clauses.join(" AND "))
        };
        let total: i64 = sqlx::query(&format!("SELECT COUNT(*) AS n FROM reviews r{clause}"))
            .fetch_one(&self.db.pool)
            .await?
            .try_get("n")?;
        if total <= offset {
            return Ok((Vec::new(), total));
        }
        let rows = sqlx::query(&format!(
            "SELECT {ADMIN_REVIEW_COLUMNS} FROM reviews r {ADMIN_REVIEW_JOINS}{clause} \
             ORDER BY r.created_at DESC, r.id DESC LIMIT $1 OFFSET $2"
        ))
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.db.pool)
        .await?;
        let reviews = rows.iter().map(admin_review).collect::<Result<_, _>>()?;
        Ok((reviews, total))
    }

    /// Hides review `id` for `reason`: it leaves its product's page, and its rating
    /// leaves the product's rating and count, in one transaction. Hiding a hidden
    /// review changes nothing (its first reason stays) and records nothing.
    pub async fn hide(
        &self,
        id: &Id,
        reason: &str,
        now: i64,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<AdminReviewRow, ModerationRefusal>, sqlx::Error> {
        self.moderate(id, Some((reason, now)), actor, activity)
            .await
    }

    /// Shows hidden review `id` again, counting it back into its product's rating.
    /// Showing a visible review changes nothing and records nothing.
    pub async fn show(
        &self,
        id: &Id,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<AdminReviewRow, ModerationRefusal>, sqlx::Error> {
        self.moderate(id, None, actor, activity).await
    }

    /// Hides (`Some((reason, now))`) or shows review `id`: the review and its product's
    /// totals change together, through conditional updates, so a repeat (or a race
    /// with another administrator) never counts a review out or in twice.
    async fn moderate(
        &self,
        id: &Id,
        hide: Option<(&str, i64)>,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<AdminReviewRow, ModerationRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let Some(before) = admin_review_in(&mut tx, id).await? else {
            return Ok(Err(ModerationRefusal::NoSuchReview));
        };
        let changed = match hide {
            Some((reason, now)) => sqlx::query(
                "UPDATE reviews SET hidden_at = $1, hidden_reason = $2 \
                 WHERE id = $3 AND hidden_at IS NULL",
            )
            .bind(now)
            .bind(reason)
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected(),
            None => sqlx::query(
                "UPDATE reviews SET hidden_at = NULL, hidden_reason = NULL \
                 WHERE id = $1 AND hidden_at IS NOT NULL",
            )
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected(),
        };
        if changed == 0 {
            return Ok(Ok(before));
        }
        let (sign, action) = if hide.is_some() {
            (-1, "hidden")
        } else {
            (1, "shown")
        };
        sqlx::query(
            "UPDATE products SET rating_sum = rating_sum + $1, review_count = review_count + $2 \
             WHERE id = $3",
        )
        .bind(sign * before.review.rating)
        .bind(sign)
        .bind(&before.product_id)
        .execute(&mut *tx)
        .await?;
        let reason = hide.map(|(reason, _)| reason.to_string());
        // The product's rating changed: every node's copy of the catalogue must follow.
        crate::store::catalogue::record_change(
            &mut tx,
            activity,
            Entry {
                actor,
                object_type: "review",
                object_id: id.as_str(),
                // A review is known by what it is about.
                object_name: &before.product_name,
                action,
                changes: Changes::new()
                    .field("hidden", hide.is_none(), hide.is_some())
                    .field("reason", before.hidden_reason.clone(), reason),
            },
        )
        .await?;
        let after = admin_review_in(&mut tx, id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        tx.commit().await?;
        Ok(Ok(after))
    }
}

async fn admin_review_in(
    tx: &mut Transaction<'static, Any>,
    id: &Id,
) -> Result<Option<AdminReviewRow>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {ADMIN_REVIEW_COLUMNS} FROM reviews r {ADMIN_REVIEW_JOINS} WHERE r.id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?
    .as_ref()
    .map(admin_review)
    .transpose()
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
