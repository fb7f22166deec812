//! The administrators' writes to the category tree: categories and their
//! sub-categories created, renamed, put in order and deleted. Each write takes the
//! tree's lock, checks, writes and records its activity entry in one transaction, so
//! the shop's `GET /category` shows it at once and two administrators never interleave.

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::ordering::{moves, positions_of};
use super::product_rows::search_text;
use super::stale::{moved_on, Versioned};
use super::Catalogue;
use crate::domain::id::{new_id, Id};
use crate::store::activity::{Activity, Actor, Changes, Entry};
use crate::store::lock_subject;

/// Why a change to the tree did not happen. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeRefusal {
    NoSuchCategory,
    NoSuchSubCategory,
    /// Another category (or sub-category of the same category) has this title, in any case.
    TitleTaken,
    /// An order that does not list every category (or sub-category) exactly once.
    NotEveryId,
    /// A category or sub-category that still holds these; products count archived ones.
    StillHolds {
        sub_categories: i64,
        products: i64,
    },
    /// Renamed since the form was loaded: nothing was written.
    Stale,
}

/// The lock every write to the tree holds (PostgreSQL; SQLite's write lock suffices).
pub(super) const TREE_LOCK: (&str, &str) = ("catalogue", "tree");

/// What a sub-category is, for the writes that need its category.
struct SubCategory {
    category_id: String,
    title: String,
    position: i64,
}

impl Catalogue {
    /// Adds a category after the others; resolves to its id.
    pub async fn create_category(
        &self,
        title: &str,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<String, TreeRefusal>, sqlx::Error> {
        let mut tx = self.begin_tree().await?;
        if category_titled(&mut tx, title, None).await? {
            return Ok(Err(TreeRefusal::TitleTaken));
        }
        let id = new_id();
        let inserted = sqlx::query(
            "INSERT INTO categories (id, title, position, created_at) \
             VALUES ($1, $2, (SELECT COALESCE(MAX(position), -1) + 1 FROM categories), $3)",
        )
        .bind(&id)
        .bind(title)
        .bind(self.clock.now_ms())
        .execute(&mut *tx)
        .await;
        if let Some(refusal) = taken(inserted)? {
            return Ok(Err(refusal));
        }
        let changes = Changes::new().field("title", None::<String>, title);
        record(
            &mut tx,
            activity,
            actor,
            ("category", &id, title),
            "created",
            changes,
        )
        .await?;
        tx.commit().await?;
        Ok(Ok(id))
    }

    /// Renames category `id`, and rewrites the search text of every product in it
    /// (archived ones too) in the same transaction, so a keyword search finds them by
    /// the new title and no longer by the old one. That is one update per product: a
    /// category of 10,000 products holds the write lock for about a second on SQLite.
    pub async fn rename_category(
        &self,
        id: &Id,
        version: Option<i64>,
        title: &str,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(), TreeRefusal>, sqlx::Error> {
        let mut tx = self.begin_tree().await?;
        let Some(before) = category_title(&mut tx, id.as_str()).await? else {
            return Ok(Err(TreeRefusal::NoSuchCategory));
        };
        if moved_on(&mut tx, Versioned::Category, id.as_str(), version).await? {
            return Ok(Err(TreeRefusal::Stale));
        }
        if before == title {
            return Ok(Ok(()));
        }
        if category_titled(&mut tx, title, Some(id.as_str())).await? {
            return Ok(Err(TreeRefusal::TitleTaken));
        }
        let renamed =
            sqlx::query("UPDATE categories SET title = $1, version = version + 1 WHERE id = $2")
                .bind(title)
                .bind(id.as_str())
                .execute(&mut *tx)
                .await;
        if let Some(refusal) = taken(renamed)? {
            return Ok(Err(refusal));
        }
        // Served by products_by_category, archived products included.
        let products = sqlx::query(
            "SELECT p.id, p.name, p.description, s.title AS sub_title FROM products p \
             JOIN sub_categories s ON s.id = p.sub_category_id WHERE p.category_id = $1",
        )
        .bind(id.as_str())
        .fetch_all(&mut *tx)
        .await?;
        for row in &products {
            let text = search_text(
                &row.try_get::<String, _>("name")?,
                &row.try_get::<String, _>("description")?,
                title,
                &row.try_get::<String, _>("sub_title")?,
            );
            set_search_text(&mut tx, &row.try_get::<String, _>("id")?, &text).await?;
        }
        // Every node's search index re-reads them.
        let ids = products
            .iter()
            .map(|row| row.try_get::<String, _>("id"))
            .collect::<Result<Vec<_>, _>>()?;
        super::bump_version(&mut tx, &ids.iter().map(String::as_str).collect::<Vec<_>>()).await?;
        let changes = Changes::new().field("title", before, title);
        record(
            &mut tx,
            activity,
            actor,
            ("category", id.as_str(), title),
            "renamed",
            changes,
        )
        .await?;
        tx.commit().await?;
        // Keyword searches find the products by the new title.
        self.after_write().await;
        Ok(Ok(()))
    }

    /// Puts the categories in the order of `ids`, which must name each exactly once.
    /// One activity entry per category that moved, with its position before and after.
    pub async fn order_categories(
        &self,
        ids: &[Id],
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(), TreeRefusal>, sqlx::Error> {
        let mut tx = self.begin_tree().await?;
        // The whole tree is a few dozen rows: the shop's menu reads all of it too.
        let current = sqlx::query("SELECT id, title, position FROM categories")
            .fetch_all(&mut *tx)
            .await?;
        let positions = positions_of(&current)?;
        let moved = match moves(&positions, ids) {
            Some(moved) => moved,
            None => return Ok(Err(TreeRefusal::NotEveryId)),
        };
        for (id, before, after) in moved {
            sqlx::query("UPDATE categories SET position = $1 WHERE id = $2")
                .bind(after)
                .bind(&id)
                .execute(&mut *tx)
                .await?;
            let changes = Changes::new().field("position", before, after);
            record(
                &mut tx,
                activity,
                actor,
                ("category", &id, &text_of(&current, &id, "title")?),
                "reordered",
                changes,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Deletes category `id`, only when it holds no sub-category and no product
    /// (archived ones included: their order lines and the console still name it).
    pub async fn delete_category(
        &self,
        id: &Id,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(), TreeRefusal>, sqlx::Error> {
        let mut tx = self.begin_tree().await?;
        let Some(title) = category_title(&mut tx, id.as_str()).await? else {
            return Ok(Err(TreeRefusal::NoSuchCategory));
        };
        let sub_categories = count(
            &mut tx,
            "SELECT COUNT(*) AS n FROM sub_categories WHERE category_id = $1",
            &[id.as_str()],
        )
        .await?;
        let products = count(
            &mut tx,
            "SELECT COUNT(*) AS n FROM products WHERE category_id = $1",
            &[id.as_str()],
        )
        .await?;
        if sub_categories > 0 || products > 0 {
            return Ok(Err(TreeRefusal::StillHolds {
                sub_categories,
                products,
            }));
        }
        sqlx::query("DELETE FROM categories WHERE id = $1")
            .bind(id.as_str())
            .execute(&mut *tx)
            .await?;
        let changes = Changes::new().field("title", title.clone(), None::<String>);
        record(
            &mut tx,
            activity,
            actor,
            ("category", id.as_str(), &title),
            "deleted",
            changes,
        )
        .await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Adds a sub-category at the end of category `category_id`'s; resolves to its id.
    pub async fn create_sub_category(
        &self,
        category_id: &Id,
        title: &str,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<String, TreeRefusal>, sqlx::Error> {
        let mut tx = self.begin_tree().await?;
        if category_title(&mut tx, category_id.as_str())
            .await?
            .is_none()
        {
            return Ok(Err(TreeRefusal::NoSuchCategory));
        }
        if sub_category_titled(&mut tx, category_id.as_str(), title, None).await? {
            return Ok(Err(TreeRefusal::TitleTaken));
        }
        let id = new_id();
        let inserted = sqlx::query(
            "INSERT INTO sub_categories (id, category_id, title, position, created_at) \
             VALUES ($1, $2, $3, (SELECT COALESCE(MAX(position), -1) + 1 FROM sub_categories \
             WHERE category_id = $2), $4)",
        )
        .bind(&id)
        .bind(category_id.as_str())
        .bind(title)
        .bind(self.clock.now_ms())
        .execute(&mut *tx)
        .await;
        if let Some(refusal) = taken(inserted)? {
            return Ok(Err(refusal));
        }
        let changes = Changes::new().field("title", None::<String>, title).field(
            "categoryId",
            None::<String>,
            category_id.as_str(),
        );
        record(
            &mut tx,
            activity,
            actor,
            ("sub_category", &id, title),
            "created",
            changes,
        )
        .await?;
        tx.commit().await?;
        Ok(Ok(id))
    }

    /// Renames sub-category `id` and rewrites its products' search text in the same
    /// transaction, as [`Catalogue::rename_category`] does (the same cost per product).
    pub async fn rename_sub_category(
        &self,
        id: &Id,
        version: Option<i64>,
        title: &str,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(), TreeRefusal>, sqlx::Error> {
        let mut tx = self.begin_tree().await?;
        let Some(before) = sub_category(&mut tx, id.as_str()).await? else {
            return Ok(Err(TreeRefusal::NoSuchSubCategory));
        };
        if moved_on(&mut tx, Versioned::SubCategory, id.as_str(), version).await? {
            return Ok(Err(TreeRefusal::Stale));
        }
        if before.title == title {
            return Ok(Ok(()));
        }
        if sub_category_titled(&mut tx, &before.category_id, title, Some(id.as_str())).await? {
            return Ok(Err(TreeRefusal::TitleTaken));
        }
        let renamed = sqlx::query(
            "UPDATE sub_categories SET title = $1, version = version + 1 WHERE id = $2",
        )
        .bind(title)
        .bind(id.as_str())
        .execute(&mut *tx)
        .await;
        if let Some(refusal) = taken(renamed)? {
            return Ok(Err(refusal));
        }
        // A prefix of products_by_category: this sub-category's products only.
        let products = sqlx::query(
            "SELECT p.id, p.name, p.description, c.title AS category_title FROM products p \
             JOIN categories c ON c.id = p.category_id \
             WHERE p.category_id = $1 AND p.sub_category_id = $2",
        )
        .bind(&before.category_id)
        .bind(id.as_str())
        .fetch_all(&mut *tx)
        .await?;
        for row in &products {
            let text = search_text(
                &row.try_get::<String, _>("name")?,
                &row.try_get::<String, _>("description")?,
                &row.try_get::<String, _>("category_title")?,
                title,
            );
            set_search_text(&mut tx, &row.try_get::<String, _>("id")?, &text).await?;
        }
        // Every node's search index re-reads them.
        let ids = products
            .iter()
            .map(|row| row.try_get::<String, _>("id"))
            .collect::<Result<Vec<_>, _>>()?;
        super::bump_version(&mut tx, &ids.iter().map(String::as_str).collect::<Vec<_>>()).await?;
        let changes = Changes::new().field("title", before.title, title);
        record(
            &mut tx,
            activity,
            actor,
            ("sub_category", id.as_str(), title),
            "renamed",
            changes,
        )
        .await?;
        tx.commit().await?;
        // Keyword searches find the products by the new title.
        self.after_write().await;
        Ok(Ok(()))
    }

    /// Puts category `category_id`'s sub-categories in the order of `ids`, which must
    /// name each of them exactly once.
    pub async fn order_sub_categories(
        &self,
        category_id: &Id,
        ids: &[Id],
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(), TreeRefusal>, sqlx::Error> {
        let mut tx = self.begin_tree().await?;
        if category_title(&mut tx, category_id.as_str())
            .await?
            .is_none()
        {
            return Ok(Err(TreeRefusal::NoSuchCategory));
        }
        let current =
            sqlx::query("SELECT id, title, position FROM sub_categories WHERE category_id = $1")
                .bind(category_id.as_str())
                .fetch_all(&mut *tx)
                .await?;
        let positions = positions_of(&current)?;
        let Some(moved) = moves(&positions, ids) else {
            return Ok(Err(TreeRefusal::NotEveryId));
        };
        for (id, before, after) in moved {
            sqlx::query("UPDATE sub_categories SET position = $1 WHERE id = $2")
                .bind(after)
                .bind(&id)
                .execute(&mut *tx)
                .await?;
            let changes = Changes::new().field("position", before, after);
            record(
                &mut tx,
                activity,
                actor,
                ("sub_category", &id, &text_of(&current, &id, "title")?),
                "reordered",
                changes,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Deletes sub-category `id`, only when no product (archived or not) uses it.
    pub async fn delete_sub_category(
        &self,
        id: &Id,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(), TreeRefusal>, sqlx::Error> {
        let mut tx = self.begin_tree().await?;
        let Some(before) = sub_category(&mut tx, id.as_str()).await? else {
            return Ok(Err(TreeRefusal::NoSuchSubCategory));
        };
        let products = count(
            &mut tx,
            "SELECT COUNT(*) AS n FROM products WHERE category_id = $1 AND sub_category_id = $2",
            &[&before.category_id, id.as_str()],
        )
        .await?;
        if products > 0 {
            return Ok(Err(TreeRefusal::StillHolds {
                sub_categories: 0,
                products,
            }));
        }
        sqlx::query("DELETE FROM sub_categories WHERE id = $1")
            .bind(id.as_str())
            .execute(&mut *tx)
            .await?;
        let changes = Changes::new()
            .field("title", before.title.clone(), None::<String>)
            .field("position", before.position, None::<i64>);
        record(
            &mut tx,
            activity,
            actor,
            ("sub_category", id.as_str(), &before.title),
            "deleted",
            changes,
        )
        .await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// A write transaction holding the tree's lock: checks such as 'no product uses
    /// it' or 'no other has this title' stay true until the write commits.
    async fn begin_tree(&self) -> Result<Transaction<'static, Any>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, TREE_LOCK.0, TREE_LOCK.1).await?;
        Ok(tx)
    }
}

/// Logs a change to the tree, and marks the catalogue changed for every node
/// (`version.rs`), in the transaction that makes it.
async fn record(
    tx: &mut Transaction<'static, Any>,
    activity: &Activity,
    actor: &Actor,
    (object_type, object_id, object_name): (&str, &str, &str),
    action: &str,
    changes: Changes,
) -> Result<(), sqlx::Error> {
    super::record_change(
        tx,
        activity,
        Entry {
            actor,
            object_type,
            object_id,
            object_name,
            action,
            changes,
        },
    )
    .await
}

/// The text `column` of the row whose id is `id` among `rows` (empty if none is).
pub(super) fn text_of(rows: &[AnyRow], id: &str, column: &str) -> Result<String, sqlx::Error> {
    for row in rows {
        if row.try_get::<String, _>("id")? == id {
            return row.try_get(column);
        }
    }
    Ok(String::new())
}

/// A unique violation as the refusal it means (another write got the title first,
/// on PostgreSQL between the check and the write); any other error as it is.
fn taken<T>(result: Result<T, sqlx::Error>) -> Result<Option<TreeRefusal>, sqlx::Error> {
    match result {
        Ok(_) => Ok(None),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            Ok(Some(TreeRefusal::TitleTaken))
        }
        Err(e) => Err(e),
    }
}

async fn category_title(
    tx: &mut Transaction<'static, Any>,
    id: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query("SELECT title FROM categories WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .map(|row| row.try_get("title"))
        .transpose()
}

async fn sub_category(
    tx: &mut Transaction<'static, Any>,
    id: &str,
) -> Result<Option<SubCategory>, sqlx::Error> {
    sqlx::query("SELECT category_id, title, position FROM sub_categories WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .map(|row| {
            Ok(SubCategory {
                category_id: row.try_get("category_id")?,
                title: row.try_get("title")?,
                position: row.try_get("position")?,
            })
        })
        .transpose()
}

/// Whether a category other than `except` has `title`, in any case (categories_by_title).
async fn category_titled(
    tx: &mut Transaction<'static, Any>,
    title: &str,
    except: Option<&str>,
) -> Result<bool, sqlx::Error> {
    Ok(
        sqlx::query("SELECT 1 AS one FROM categories WHERE lower(title) = lower($1) AND id <> $2")
            .bind(title)
            .bind(except.unwrap_or(""))
            .fetch_optional(&mut **tx)
            .await?
            .is_some(),
    )
}

/// Whether another sub-category of `category_id` has `title`, in any case.
async fn sub_category_titled(
    tx: &mut Transaction<'static, Any>,
    category_id: &str,
    title: &str,
    except: Option<&str>,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "SELECT 1 AS one FROM sub_categories \
         WHERE category_id = $1 AND lower(title) = lower($2) AND id <> $3",
    )
    .bind(category_id)
    .bind(title)
    .bind(except.unwrap_or(""))
    .fetch_optional(&mut **tx)
    .await?
    .is_some())
}

async fn set_search_text(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    text: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE products SET search_text = $1 WHERE id = $2")
        .bind(text)
        .bind(id)
        .execute(&mut **tx)
        .await
        .map(drop)
}

async fn count(
    tx: &mut Transaction<'static, Any>,
    sql: &str,
    binds: &[&str],
) -> Result<i64, sqlx::Error> {
    let mut query = sqlx::query(sql);
    for bind in binds {
        query = query.bind(*bind);
    }
    query.fetch_one(&mut **tx).await?.try_get("n")
}
