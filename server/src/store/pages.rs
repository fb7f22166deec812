//! The shop's own pages' SQL (docs/DESIGN.md §15): six rows, one per fixed slug, made by the
//! migration with a placeholder. Staff saves are versioned like every console form's:
//! a save that names an older version writes nothing.

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::activity::{Activity, Actor, Changes, Entry};
use super::Db;
use crate::domain::time::Clock;

const PAGE_COLUMNS: &str = "slug, title, body, updated_at, version";

/// A page as it is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    pub slug: String,
    pub title: String,
    /// Markdown, as staff wrote it.
    pub body: String,
    pub updated_at: i64,
    pub version: i64,
}

/// Why a staff save did not happen. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageWriteRefusal {
    NoSuchPage,
    /// The form was loaded at an older version: the page as it now is.
    Stale(Box<Page>),
}

#[derive(Clone, Debug)]
pub struct Pages {
    db: Db,
    clock: Clock,
}

impl Pages {
    pub fn new(db: Db, clock: Clock) -> Self {
        Pages { db, clock }
    }

    /// Page `slug`, if there is one.
    pub async fn page(&self, slug: &str) -> Result<Option<Page>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {PAGE_COLUMNS} FROM pages WHERE slug = $1"))
            .bind(slug)
            .fetch_optional(&self.db.pool)
            .await?;
        row.as_ref().map(page).transpose()
    }

    /// Every page (six: the slugs are fixed), by slug.
    pub async fn all(&self) -> Result<Vec<Page>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {PAGE_COLUMNS} FROM pages ORDER BY slug LIMIT 100"
        ))
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(page).collect()
    }

    /// Sets page `slug`'s title and body. With `version`, the one the form was loaded
    /// at, a page changed since is refused. A save that changes nothing writes nothing
    /// and answers the page as it is.
    pub async fn update(
        &self,
        slug: &str,
        version: Option<i64>,
        title: &str,
        body: &str,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<Page, PageWriteRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let Some(before) = page_in(&mut tx, slug).await? else {
            return Ok(Err(PageWriteRefusal::NoSuchPage));
        };
        if version.is_some_and(|loaded| loaded != before.version) {
            return Ok(Err(PageWriteRefusal::Stale(Box::new(before))));
        }
        let changes = Changes::new()
            .field("title", before.title.as_str(), title)
            .field("body", before.body.as_str(), body);
        if changes.is_empty() {
            return Ok(Ok(before));
        }
        let written = sqlx::query(
            "UPDATE pages SET title = $1, body = $2, updated_at = $3, version = version + 1 \
             WHERE slug = $4 AND ($5 IS NULL OR version = $5)",
        )
        .bind(title)
        .bind(body)
        .bind(self.clock.now_ms())
        .bind(slug)
        .bind(version)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if written == 0 {
            // Another save passed its check at the same version and wrote first.
            let current = page_in(&mut tx, slug).await?.expect("read above");
            return Ok(Err(PageWriteRefusal::Stale(Box::new(current))));
        }
        let entry = Entry {
            actor,
            object_type: "page",
            object_id: slug,
            object_name: title,
            action: "updated",
            changes,
        };
        activity.record(&mut tx, entry).await?;
        let updated = page_in(&mut tx, slug).await?.expect("read above");
        tx.commit().await?;
        Ok(Ok(updated))
    }

    /// Gives each page in `pages` (slug, title, body) that no one has saved yet (still at
    /// version 1) that title and body, leaving the version alone: the demo's text. Pages
    /// staff have written stay as they are. Returns how many it filled.
    pub async fn fill_unwritten(&self, pages: &[(&str, &str, &str)]) -> Result<u64, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let mut filled = 0;
        for (slug, title, body) in pages {
            filled += sqlx::query(
                "UPDATE pages SET title = $1, body = $2, updated_at = $3 \
                 WHERE slug = $4 AND version = 1 AND (title <> $1 OR body <> $2)",
            )
            .bind(*title)
            .bind(*body)
            .bind(self.clock.now_ms())
            .bind(*slug)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        }
        tx.commit().await?;
        Ok(filled)
    }
}

async fn page_in(
    tx: &mut Transaction<'static, Any>,
    slug: &str,
) -> Result<Option<Page>, sqlx::Error> {
    let row = sqlx::query(&format!("SELECT {PAGE_COLUMNS} FROM pages WHERE slug = $1"))
        .bind(slug)
        .fetch_optional(&mut **tx)
        .await?;
    row.as_ref().map(page).transpose()
}

fn page(row: &AnyRow) -> Result<Page, sqlx::Error> {
    Ok(Page {
        slug: row.try_get("slug")?,
        title: row.try_get("title")?,
        body: row.try_get("body")?,
        updated_at: row.try_get("updated_at")?,
        version: row.try_get("version")?,
    })
}
