//! Staff's search synonyms (docs/DESIGN.md §15): one row of `search_synonyms` holds every
//! group. Each node keeps the groups in memory, read again whenever the catalogue's
//! version moves (`version.rs`), which each save bumps: a save shows in the next
//! search on the node that made it, and on the others within about a second, as every
//! catalogue change does (their listing totals and kept answers are forgotten with it).

use std::sync::{Arc, PoisonError};

use sqlx::Row;

use super::{record_change, Catalogue};
use crate::domain::synonyms::{Alternatives, Synonyms};
use crate::store::activity::{Activity, Actor, Changes, Entry};

/// The groups as staff wrote them, and the version a save names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SynonymList {
    pub groups: Vec<Vec<String>>,
    pub version: i64,
}

/// Why a save of the synonyms was refused.
#[derive(Debug)]
pub enum SynonymsRefusal {
    /// The list changed since the version the save named: the list as it now is.
    Stale(SynonymList),
}

impl Catalogue {
    /// A search's words as the parts a product must match, staff's synonyms expanded.
    pub fn keyword_parts(&self, words: &[String]) -> Vec<Alternatives> {
        self.synonyms
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .expand(words)
    }

    /// The synonyms as staff last saved them.
    pub async fn synonyms(&self) -> Result<SynonymList, sqlx::Error> {
        let row = sqlx::query("SELECT term_groups, version FROM search_synonyms WHERE id = 1")
            .fetch_one(&self.db.pool)
            .await?;
        list_from_row(&row)
    }

    /// Replaces every group by `groups` (already checked), when the list is still at
    /// `version` (any version when `None`); logs the change and bumps the catalogue's
    /// version in the same transaction.
    pub async fn set_synonyms(
        &self,
        groups: &[Vec<String>],
        version: Option<i64>,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<SynonymList, SynonymsRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let row = sqlx::query("SELECT term_groups, version FROM search_synonyms WHERE id = 1")
            .fetch_one(&mut *tx)
            .await?;
        let before = list_from_row(&row)?;
        if version.is_some_and(|v| v != before.version) {
            return Ok(Err(SynonymsRefusal::Stale(before)));
        }
        let json = serde_json::to_string(groups).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        // A save naming a version writes only while still at it, so two saves of one
        // version cannot both write; one naming none is applied as it comes.
        let mut sql = "UPDATE search_synonyms SET term_groups = $1, version = version + 1, \
                       updated_at = $2 WHERE id = 1"
            .to_string();
        if version.is_some() {
            sql.push_str(" AND version = $3");
        }
        let mut update = sqlx::query(&sql).bind(&json).bind(self.clock.now_ms());
        if version.is_some() {
            update = update.bind(before.version);
        }
        let updated = update.execute(&mut *tx).await?;
        if updated.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(Err(SynonymsRefusal::Stale(self.synonyms().await?)));
        }
        let terms = |list: &[Vec<String>]| list.iter().map(Vec::len).sum::<usize>();
        let changes = Changes::new()
            .field("groups", before.groups.len(), groups.len())
            .field("terms", terms(&before.groups), terms(groups));
        record_change(
            &mut tx,
            activity,
            Entry {
                actor,
                object_type: "search_synonyms",
                object_id: "list",
                object_name: "Search synonyms",
                action: "updated",
                changes,
            },
        )
        .await?;
        tx.commit().await?;
        // This node's next search uses them, built index or not.
        *self
            .synonyms
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Arc::new(Synonyms::new(groups));
        self.after_write().await;
        self.synonyms().await.map(Ok)
    }

    /// Sets the groups (already checked) when staff have saved none, as a seeder does:
    /// no one's change to log. Whether it set them.
    pub async fn seed_synonyms(&self, groups: &[Vec<String>]) -> Result<bool, sqlx::Error> {
        let json = serde_json::to_string(groups).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        let mut tx = self.db.begin_write().await?;
        let updated = sqlx::query(
            "UPDATE search_synonyms SET term_groups = $1, version = version + 1, updated_at = $2 \
             WHERE id = 1 AND term_groups = '[]'",
        )
        .bind(&json)
        .bind(self.clock.now_ms())
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        super::bump_version(&mut tx, &[]).await?;
        tx.commit().await?;
        *self
            .synonyms
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Arc::new(Synonyms::new(groups));
        self.after_write().await;
        Ok(true)
    }

    /// Reads the synonyms into memory again: the catalogue's version moved.
    pub(super) async fn reload_synonyms(&self) -> Result<(), sqlx::Error> {
        let list = self.synonyms().await?;
        *self
            .synonyms
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Arc::new(Synonyms::new(&list.groups));
        Ok(())
    }
}

fn list_from_row(row: &sqlx::any::AnyRow) -> Result<SynonymList, sqlx::Error> {
    let json: String = row.try_get("term_groups")?;
    let groups = serde_json::from_str(&json).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
    Ok(SynonymList {
        groups,
        version: row.try_get("version")?,
    })
}
