//! Setting a product's options, sale unit and variants in one transaction
//! (docs/DESIGN.md §9): what the console's save, an import and the seeders share. The
//! console's own product write (fields, version, activity) calls the same pieces
//! inside its transaction.

use super::variants::{self, VariantInput, VariantRefusal, VariantsSaved};
use super::{bump_version, Catalogue};
use crate::domain::variant::{ProductOption, SaleUnit};
use crate::store::stock::{self, Cause, Movement};

impl Catalogue {
    /// Sets product `id`'s options, sale unit and variants (already checked by the
    /// domain's rules), derives its price and stock, records each new variant's starting
    /// stock in the history with `cause`, and tells every node the catalogue changed.
    /// Nothing is written when a variant is refused.
    pub async fn replace_variants(
        &self,
        id: &str,
        options: &[ProductOption],
        sale: SaleUnit,
        inputs: &[VariantInput],
        cause: Cause<'_>,
    ) -> Result<Result<VariantsSaved, VariantRefusal>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        let saved = match variants::save_variants(&mut tx, self.db.dialect, id, inputs, now).await?
        {
            Ok(saved) => saved,
            Err(refusal) => return Ok(Err(refusal)),
        };
        variants::set_options_and_unit(&mut tx, id, options, sale).await?;
        let started: Vec<Movement> = saved
            .created
            .iter()
            .map(|(variant_id, units)| Movement {
                product_id: id.to_string(),
                variant_id: Some(variant_id.clone()),
                change: *units,
                stock_after: *units,
            })
            .collect();
        stock::record(&mut tx, &started, cause, now).await?;
        bump_version(&mut tx, &[id]).await?;
        tx.commit().await?;
        self.after_write().await;
        Ok(Ok(saved))
    }
}
