//! A product's photos as the console changes them (docs/DESIGN.md §8): appending stored
//! pictures up to [`MAX_PHOTOS`], and reordering or removing them, each a read and a
//! write of the product's list in one transaction with its activity entry. A change
//! bumps the catalogue's version: listings and suggestions show the first photo.

use super::product_rows::product_in;
use super::product_rows::ProductRefusal;
use super::read::ProductRow;
use super::{record_change, Catalogue};
use crate::domain::id::Id;
use crate::domain::product_rules::MAX_PHOTOS;
use crate::store::activity::{Activity, Actor, Changes, Entry};

impl Catalogue {
    /// Appends stored photos (media paths) to product `id`'s, at most [`MAX_PHOTOS`]
    /// in all; resolves to the product as it now is.
    pub async fn add_photos(
        &self,
        id: &Id,
        paths: &[String],
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<ProductRow, ProductRefusal>, sqlx::Error> {
        self.change_photos(id, actor, activity, |current| {
            if current.len() + paths.len() > MAX_PHOTOS {
                return Err(ProductRefusal::TooManyPhotos);
            }
            Ok([current, paths].concat())
        })
        .await
    }

    /// Sets product `id`'s photos to `images`, which must be some of those it has, in
    /// the order given: reordering and removing in one. Resolves to the product as it
    /// now is and the photos it no longer has.
    pub async fn set_photos(
        &self,
        id: &Id,
        images: &[String],
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(ProductRow, Vec<String>), ProductRefusal>, sqlx::Error> {
        let mut removed = Vec::new();
        let changed = self
            .change_photos(id, actor, activity, |current| {
                let mut distinct = images.to_vec();
                distinct.sort_unstable();
                distinct.dedup();
                if distinct.len() != images.len() || images.iter().any(|i| !current.contains(i)) {
                    return Err(ProductRefusal::NotItsPhoto);
                }
                removed = current
                    .iter()
                    .filter(|c| !images.contains(c))
                    .cloned()
                    .collect();
                Ok(images.to_vec())
            })
            .await?;
        Ok(changed.map(|product| (product, removed)))
    }

    /// Reads product `id`'s photos, lets `change` decide the new list, and writes it
    /// with its activity entry, all in one transaction.
    async fn change_photos(
        &self,
        id: &Id,
        actor: &Actor,
        activity: &Activity,
        change: impl FnOnce(&[String]) -> Result<Vec<String>, ProductRefusal>,
    ) -> Result<Result<ProductRow, ProductRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let Some(before) = product_in(&mut tx, id.as_str()).await? else {
            return Ok(Err(ProductRefusal::NoSuchProduct));
        };
        let images = match change(&before.images) {
            Ok(images) => images,
            Err(refusal) => return Ok(Err(refusal)),
        };
        if images == before.images {
            return Ok(Ok(before));
        }
        sqlx::query(
            "UPDATE products SET images = $1, updated_at = $2, version = version + 1 WHERE id = $3",
        )
        .bind(serde_json::to_string(&images).expect("a list of strings serialises"))
        .bind(self.clock.now_ms())
        .bind(id.as_str())
        .execute(&mut *tx)
        .await?;
        record_change(
            &mut tx,
            activity,
            Entry {
                actor,
                object_type: "product",
                object_id: id.as_str(),
                object_name: &before.name,
                action: "photos",
                changes: Changes::new().field("images", before.images.clone(), images),
            },
        )
        .await?;
        let product = product_in(&mut tx, id.as_str()).await?.expect("read above");
        tx.commit().await?;
        self.after_write().await;
        Ok(Ok(product))
    }
}
