//! The catalogue's version: how nodes sharing one database learn that the catalogue
//! changed, so what each keeps in memory (the listing's totals) stays true on all.
//!
//! Every write that changes what the shop shows of its catalogue (products, categories,
//! banners, hidden reviews, ended discounts) bumps the one row of `catalogue_version`
//! in its own transaction ([`bump`]). The node that wrote forgets its totals as soon
//! as it commits; every node polls the row each second ([`Catalogue::follow_changes`])
//! and forgets them when it has moved, so the others follow within about a second.
//! Orders' stock changes do not bump it: no total counts stock, and a row every order
//! wrote would make all checkouts wait on one another.

use std::sync::atomic::Ordering;

use sqlx::{Any, Row, Transaction};

use super::Catalogue;
use crate::store::activity::{Activity, Entry};

/// Marks the catalogue changed, in the transaction that changes it.
pub(crate) async fn bump(tx: &mut Transaction<'static, Any>) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE catalogue_version SET version = version + 1 WHERE id = 1")
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Logs a catalogue change and marks the catalogue changed, both in the transaction
/// that makes it: what changes the shop is never logged without the other nodes being
/// told. (A transaction logging many changes, such as a bulk change or an import,
/// records them with [`Activity`] and bumps once.)
pub(crate) async fn record_change(
    tx: &mut Transaction<'static, Any>,
    activity: &Activity,
    entry: Entry<'_>,
) -> Result<(), sqlx::Error> {
    bump(tx).await?;
    activity.record(tx, entry).await
}

impl Catalogue {
    /// Reads the catalogue's version and, when it is not the one this node last saw,
    /// forgets the listing's totals. Resolves to whether it had moved. Every serving
    /// node calls it each second (`app::serve`).
    pub async fn follow_changes(&self) -> Result<bool, sqlx::Error> {
        let version: i64 = sqlx::query("SELECT version FROM catalogue_version WHERE id = 1")
            .fetch_one(&self.db.pool)
            .await?
            .try_get("version")?;
        let seen = self.version_seen.swap(version, Ordering::SeqCst);
        if seen == version {
            return Ok(false);
        }
        self.counts.clear();
        Ok(true)
    }
}
