//! The variant part of the console's product save (docs/DESIGN.md §9): a product's
//! options, sale unit and variants, set in the transaction that sets its fields
//! (`products.rs`), with what changed for the activity log and each new variant's
//! starting stock for the stock history.

use serde_json::{json, Value};
use sqlx::{Any, Transaction};

use super::product_rows::ProductRefusal;
use super::read::ProductRow;
use super::variants::{self, VariantInput, VariantRow};
use crate::domain::variant::{ProductOption, SaleUnit};
use crate::store::activity::Changes;
use crate::store::stock::Movement;
use crate::store::Dialect;

/// What a console save says of a product's options, sale unit and variants (already
/// checked by `domain::variant_rules`); each left out keeps what the product has (a
/// new product: no options, one of each, one variant carrying its price and stock).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantsPlan {
    pub options: Option<Vec<ProductOption>>,
    pub sale: Option<SaleUnit>,
    pub variants: Option<Vec<VariantInput>>,
}

/// What [`apply`] did: the changes in the activity log's names, and the new variants'
/// starting stock.
#[derive(Debug, Default)]
pub(super) struct Applied {
    pub changes: Changes,
    pub started: Vec<Movement>,
}

/// Sets product `id`'s options, sale unit and variants as `plan` says, `before` being
/// the product as it was (none for a new one) and `images` its photos (a variant's
/// `image` is one of them); derives its price and stock. A refusal leaves `tx` to be
/// dropped, so nothing is written.
pub(super) async fn apply(
    tx: &mut Transaction<'static, Any>,
    dialect: Dialect,
    id: &str,
    before: Option<&ProductRow>,
    plan: &VariantsPlan,
    now: i64,
) -> Result<Result<Applied, ProductRefusal>, sqlx::Error> {
    let was = variants::variants_of(&mut **tx, &[id], true)
        .await?
        .remove(id)
        .unwrap_or_default();
    let (options_were, sale_was, images) = match before {
        Some(product) => (
            product.options.clone(),
            product.sale,
            product.images.clone(),
        ),
        None => (Vec::new(), SaleUnit::default(), Vec::new()),
    };
    let options = plan.options.clone().unwrap_or_else(|| options_were.clone());
    let sale = plan.sale.unwrap_or(sale_was);
    match &plan.variants {
        // The variants name values of the options: new options come with them.
        None if options != options_were => return Ok(Err(ProductRefusal::OptionsWithoutVariants)),
        None => variants::derive_products(tx, &[id], now).await?,
        Some(inputs) => {
            if let Some(index) = inputs.iter().position(|v| {
                v.image
                    .as_ref()
                    .is_some_and(|image| !images.contains(image))
            }) {
                return Ok(Err(ProductRefusal::NotItsImage(index)));
            }
            if let Err(refusal) = variants::save_variants(tx, dialect, id, inputs, now).await? {
                return Ok(Err(ProductRefusal::Variant(refusal)));
            }
        }
    }
    if options != options_were || sale != sale_was {
        variants::set_options_and_unit(tx, id, &options, sale).await?;
    }
    let now_are = variants::variants_of(&mut **tx, &[id], true)
        .await?
        .remove(id)
        .unwrap_or_default();

    let mut changes = Changes::new()
        .field(
            "options",
            options_json(&options_were),
            options_json(&options),
        )
        .field("unit", sale_was.unit.as_str(), sale.unit.as_str())
        .field("packSize", sale_was.pack_size, sale.pack_size)
        .field("minQuantity", sale_was.min_quantity, sale.min_quantity)
        .field("quantityStep", sale_was.quantity_step, sale.quantity_step);
    let mut started = Vec::new();
    for variant in &now_are {
        let old = was.iter().find(|w| w.id == variant.id);
        let (before, after) = match old {
            Some(old) => (summary(old, false), summary(variant, false)),
            None => {
                started.push(Movement {
                    product_id: id.to_string(),
                    variant_id: Some(variant.id.clone()),
                    change: variant.stock,
                    stock_after: variant.stock,
                });
                (Value::Null, summary(variant, true))
            }
        };
        changes = changes.field(&format!("variants.{}", variant.sku), before, after);
    }
    // A new product's first variant, made with it, is no change of its own.
    let kept = |w: &&VariantRow| before.is_some() && !now_are.iter().any(|v| v.id == w.id);
    for gone in was.iter().filter(kept) {
        changes = changes.field(
            &format!("variants.{}", gone.sku),
            summary(gone, false),
            Value::Null,
        );
    }
    Ok(Ok(Applied { changes, started }))
}

fn options_json(options: &[ProductOption]) -> Value {
    serde_json::to_value(options).unwrap_or_default()
}

/// A variant as the activity log shows it; its stock only when it is new (a save
/// never moves it after).
fn summary(variant: &VariantRow, with_stock: bool) -> Value {
    let mut value = json!({
        "sku": variant.sku,
        "options": variant.options,
        "price": variant.price.as_f64(),
        "weightGrams": variant.weight_grams,
        "image": variant.image,
        "position": variant.position,
    });
    if with_stock {
        value["stock"] = json!(variant.stock);
    }
    if variant.archived_at.is_some() {
        value["archived"] = json!(true);
    }
    value
}
