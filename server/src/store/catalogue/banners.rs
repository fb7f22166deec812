//! The administrators' writes to the homepage banners: added with an image
//! already stored, their link changed, put in order, deleted. Each write records its
//! activity entry in its own transaction; the shop's `GET /banner` shows it at once.

use sqlx::{Any, Row, Transaction};

use super::categories::text_of;
use super::ordering::{moves, positions_of};
use super::read::BannerRow;
use super::Catalogue;
use crate::domain::id::Id;
use crate::store::activity::{Activity, Actor, Changes, Entry};
use crate::store::lock_subject;

/// The lock the banner writes hold (PostgreSQL; SQLite's write lock suffices), so an
/// order always names the banners there are.
const BANNERS_LOCK: (&str, &str) = ("catalogue", "banners");

/// Why a banner write did not happen. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BannerRefusal {
    NoSuchBanner,
    /// An order that does not list every banner exactly once.
    NotEveryId,
    /// Changed since the form was loaded: nothing was written. The banner as it now is.
    Stale(Box<BannerRow>),
}

impl Catalogue {
    /// Adds banner `id` showing `image` (a media path already stored) and linking to
    /// `url`, after the others.
    pub async fn create_banner(
        &self,
        id: &Id,
        image: &str,
        url: &str,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<BannerRow, sqlx::Error> {
        let mut tx = self.begin_banners().await?;
        // MAX is one step down banners_by_position.
        sqlx::query(
            "INSERT INTO banners (id, image, url, position, created_at) \
             VALUES ($1, $2, $3, (SELECT COALESCE(MAX(position), -1) + 1 FROM banners), $4)",
        )
        .bind(id.as_str())
        .bind(image)
        .bind(url)
        .bind(self.clock.now_ms())
        .execute(&mut *tx)
        .await?;
        let changes =
            Changes::new()
                .field("image", None::<String>, image)
                .field("url", None::<String>, url);
        record(
            &mut tx,
            activity,
            actor,
            (id.as_str(), url),
            "created",
            changes,
        )
        .await?;
        tx.commit().await?;
        Ok(BannerRow {
            id: id.as_str().to_string(),
            image: image.to_string(),
            url: url.to_string(),
            version: 1,
        })
    }

    /// Points banner `id` at `url`; resolves to the banner as it now is.
    pub async fn set_banner_url(
        &self,
        id: &Id,
        version: Option<i64>,
        url: &str,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<BannerRow, BannerRefusal>, sqlx::Error> {
        let mut tx = self.begin_banners().await?;
        let Some(before) = banner_in(&mut tx, id.as_str()).await? else {
            return Ok(Err(BannerRefusal::NoSuchBanner));
        };
        if version.is_some_and(|loaded| loaded != before.version) {
            return Ok(Err(BannerRefusal::Stale(Box::new(before))));
        }
        if before.url == url {
            return Ok(Ok(before));
        }
        sqlx::query("UPDATE banners SET url = $1, version = version + 1 WHERE id = $2")
            .bind(url)
            .bind(id.as_str())
            .execute(&mut *tx)
            .await?;
        let changes = Changes::new().field("url", before.url.clone(), url);
        record(
            &mut tx,
            activity,
            actor,
            (id.as_str(), url),
            "updated",
            changes,
        )
        .await?;
        tx.commit().await?;
        Ok(Ok(BannerRow {
            url: url.to_string(),
            version: before.version + 1,
            ..before
        }))
    }

    /// Puts the banners in the order of `ids`, which must name each exactly once; one
    /// activity entry per banner that moved.
    pub async fn order_banners(
        &self,
        ids: &[Id],
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(), BannerRefusal>, sqlx::Error> {
        let mut tx = self.begin_banners().await?;
        // A homepage carousel holds a handful of banners.
        let current = sqlx::query("SELECT id, url, position FROM banners")
            .fetch_all(&mut *tx)
            .await?;
        let Some(moved) = moves(&positions_of(&current)?, ids) else {
            return Ok(Err(BannerRefusal::NotEveryId));
        };
        for (id, before, after) in moved {
            sqlx::query("UPDATE banners SET position = $1 WHERE id = $2")
                .bind(after)
                .bind(&id)
                .execute(&mut *tx)
                .await?;
            let changes = Changes::new().field("position", before, after);
            let url = text_of(&current, &id, "url")?;
            record(&mut tx, activity, actor, (&id, &url), "reordered", changes).await?;
        }
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Deletes banner `id`; resolves to it as it was, so the caller can remove its image.
    pub async fn delete_banner(
        &self,
        id: &Id,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<BannerRow, BannerRefusal>, sqlx::Error> {
        let mut tx = self.begin_banners().await?;
        let Some(before) = banner_in(&mut tx, id.as_str()).await? else {
            return Ok(Err(BannerRefusal::NoSuchBanner));
        };
        sqlx::query("DELETE FROM banners WHERE id = $1")
            .bind(id.as_str())
            .execute(&mut *tx)
            .await?;
        let changes = Changes::new()
            .field("image", before.image.clone(), None::<String>)
            .field("url", before.url.clone(), None::<String>);
        record(
            &mut tx,
            activity,
            actor,
            (id.as_str(), &before.url),
            "deleted",
            changes,
        )
        .await?;
        tx.commit().await?;
        Ok(Ok(before))
    }

    async fn begin_banners(&self) -> Result<Transaction<'static, Any>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, BANNERS_LOCK.0, BANNERS_LOCK.1).await?;
        Ok(tx)
    }
}

/// Logs a change to the banners, and marks the catalogue changed for every node
/// (`version.rs`), in the transaction that makes it.
async fn record(
    tx: &mut Transaction<'static, Any>,
    activity: &Activity,
    actor: &Actor,
    // A banner is named by where it leads.
    (object_id, object_name): (&str, &str),
    action: &str,
    changes: Changes,
) -> Result<(), sqlx::Error> {
    super::record_change(
        tx,
        activity,
        Entry {
            actor,
            object_type: "banner",
            object_id,
            object_name,
            action,
            changes,
        },
    )
    .await
}

async fn banner_in(
    tx: &mut Transaction<'static, Any>,
    id: &str,
) -> Result<Option<BannerRow>, sqlx::Error> {
    sqlx::query("SELECT id, image, url, version FROM banners WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .map(|row| {
            Ok(BannerRow {
                id: row.try_get("id")?,
                image: row.try_get("image")?,
                url: row.try_get("url")?,
                version: row.try_get("version")?,
            })
        })
        .transpose()
}
