//! Whether a console form was loaded at an older version of what it saves (docs/DESIGN.md
//! §15): categories and sub-categories, read in the write's own transaction under the
//! tree's lock, so two saves of one version cannot both pass.

use sqlx::{Any, Row, Transaction};

/// What carries a version that a save names.
#[derive(Clone, Copy, Debug)]
pub(super) enum Versioned {
    Category,
    SubCategory,
}

impl Versioned {
    fn query(self) -> &'static str {
        match self {
            Versioned::Category => "SELECT version FROM categories WHERE id = $1",
            Versioned::SubCategory => "SELECT version FROM sub_categories WHERE id = $1",
        }
    }
}

/// Whether row `id` has moved past `loaded`, the version the form was loaded at (a save
/// without one, from a client that does not track versions, never has).
pub(super) async fn moved_on(
    tx: &mut Transaction<'static, Any>,
    what: Versioned,
    id: &str,
    loaded: Option<i64>,
) -> Result<bool, sqlx::Error> {
    let Some(loaded) = loaded else {
        return Ok(false);
    };
    let now: Option<i64> = sqlx::query(what.query())
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .map(|row| row.try_get("version"))
        .transpose()?;
    Ok(now.is_some_and(|now| now != loaded))
}
