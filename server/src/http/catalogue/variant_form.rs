//! The product form's variant part (docs/DESIGN.md §9): options, the variant grid and
//! the sale unit, as `POST`/`PUT /admin/product` take them beside the product's own
//! fields (`form.rs`), checked by `domain::variant_rules` with errors keyed by path
//! (`options.0.name`, `variants.2.sku`, `minQuantity`).

use std::collections::BTreeMap;

use serde::Deserialize;
use utoipa::ToSchema;

use super::form::{check_fields_for, check_price, ProductRequest, Stock};
use crate::domain::product_rules::{MAX_STOCK, MIN_PRICE};
use crate::domain::variant::{ProductOption, VariantOptions};
use crate::domain::variant_rules::{
    check_combinations, check_options, check_sale_unit, sku_is_valid, RuleErrors, MAX_WEIGHT_GRAMS,
    SKU_RULE,
};
use crate::http::error::AppError;
use crate::store::catalogue::{ProductInput, VariantInput, VariantsPlan};

/// A product as the console saves it: its own fields, and its options, variants and
/// sale unit.
#[derive(Deserialize, ToSchema)]
pub struct ProductSave {
    #[serde(flatten)]
    pub fields: ProductRequest,
    #[serde(flatten)]
    pub variants: VariantFields,
}

/// What `POST`/`PUT /admin/product` take beside the product's own fields. Each left out
/// keeps what the product has (a new product: no options, one of each, one variant
/// carrying its `price` and `stock`).
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct VariantFields {
    /// 0 to 3 options, names unique ignoring case, each with 1 to 50 values of 1 to 40
    /// characters. New options come with `variants`.
    pub options: Option<Vec<OptionRequest>>,
    /// Every variant the product is to have: those left out are deleted, or archived
    /// when an order names them. With them, the product's `price` and `stock` are
    /// derived (the cheapest, the sum) and ignored if sent.
    pub variants: Option<Vec<VariantRequest>>,
    /// `each` (default), `m` (whole metres) or `pack`. Sending any of `unit`,
    /// `packSize`, `minQuantity`, `quantityStep` sets the sale unit, the others left out
    /// taking their defaults.
    #[schema(pattern = "^(?:each|m|pack)$")]
    pub unit: Option<String>,
    /// 2 or more pieces, for a `pack` only (null otherwise).
    #[schema(minimum = 2)]
    pub pack_size: Option<i64>,
    /// 1 or more (default 1), a multiple of `quantityStep`.
    #[schema(minimum = 1)]
    pub min_quantity: Option<i64>,
    /// 1 or more (default 1).
    #[schema(minimum = 1)]
    pub quantity_step: Option<i64>,
}

/// One option: 'Size' with '15 mm', '22 mm'.
#[derive(Deserialize, ToSchema)]
pub struct OptionRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub values: Vec<String>,
}

/// One variant of the grid: an existing one by `_id`, or a new one.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantRequest {
    /// An existing variant of the product; left out for a new one.
    #[serde(rename = "_id")]
    pub id: Option<String>,
    /// 1 to 64 of `A–Z a–z 0–9 - _ . /`, unique across the shop ignoring case.
    #[serde(default)]
    #[schema(required = true, pattern = "^[A-Za-z0-9_./-]{1,64}$")]
    pub sku: String,
    /// One value of every option, by option name (`{}` without options).
    #[serde(default)]
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub options: BTreeMap<String, String>,
    /// 0.01 to 1,000,000, at most two decimals.
    #[schema(required = true, value_type = f64, multiple_of = 0.01)]
    pub price: Option<f64>,
    /// A new variant's starting stock, 0 to 1,000,000 (default 0); ignored for an
    /// existing one, whose stock moves by `POST /admin/variant/{id}/stock`.
    pub stock: Option<i64>,
    /// 0 to 10,000,000 grams, or null.
    pub weight_grams: Option<i64>,
    /// One of the product's images, or null.
    pub image: Option<String>,
    /// Its place in the grid and the pickers (default: its place in this list).
    pub position: Option<i64>,
}

/// `body` as a product and what it says of its variants, or every field that breaks a
/// rule; `current` is the product's options as they are (none for a new product),
/// which variants sent without options are checked against. With `variants`, the
/// product's own `price` and `stock` are not asked for.
pub(super) fn check_save(
    body: &ProductSave,
    stock: Stock,
    current: &[ProductOption],
) -> Result<(ProductInput, VariantsPlan), AppError> {
    let mut errors: BTreeMap<String, String> = BTreeMap::new();
    let derived = body.variants.variants.is_some();
    let input = match check_fields_for(&body.fields, stock, derived) {
        Ok(input) => Some(input),
        Err(AppError::BadRequest { errors: fields, .. }) => {
            errors.extend(fields);
            None
        }
        Err(other) => return Err(other),
    };
    let plan = check_variants(&body.variants, stock, current, &mut errors);
    match input {
        Some(input) if errors.is_empty() => Ok((input, plan)),
        _ => Err(AppError::fields(errors)),
    }
}

/// `body`'s options, sale unit and variants, with every rule they break in `errors` by
/// path (`options.0.name`, `variants.2.sku`, `minQuantity`).
pub(super) fn check_variants(
    body: &VariantFields,
    stock: Stock,
    current: &[ProductOption],
    errors: &mut RuleErrors,
) -> VariantsPlan {
    let options = body.options.as_ref().map(|options| {
        let options: Vec<ProductOption> = options
            .iter()
            .map(|o| ProductOption {
                name: o.name.clone(),
                values: o.values.clone(),
            })
            .collect();
        check_options(&options, errors)
    });
    let sale = (body.unit.is_some()
        || body.pack_size.is_some()
        || body.min_quantity.is_some()
        || body.quantity_step.is_some())
    .then(|| {
        check_sale_unit(
            body.unit.as_deref(),
            body.pack_size,
            body.min_quantity,
            body.quantity_step,
            errors,
        )
    });
    let variants = body.variants.as_ref().map(|variants| {
        let named: Vec<VariantOptions> = variants.iter().map(|v| v.options.clone()).collect();
        let against = options.as_deref().unwrap_or(current);
        let combinations = check_combinations(against, &named, errors);
        variants
            .iter()
            .zip(combinations)
            .enumerate()
            .map(|(i, (variant, options))| check_variant(i, variant, options, errors))
            .collect::<Vec<_>>()
    });
    if stock == Stock::Given
        && variants.is_none()
        && options.as_ref().is_some_and(|o| !o.is_empty())
    {
        errors.insert(
            "variants".into(),
            "Give the variants of these options".into(),
        );
    }
    VariantsPlan {
        options,
        sale,
        variants,
    }
}

fn check_variant(
    i: usize,
    variant: &VariantRequest,
    options: VariantOptions,
    errors: &mut RuleErrors,
) -> VariantInput {
    let sku = variant.sku.trim().to_string();
    if !sku_is_valid(&sku) {
        errors.insert(format!("variants.{i}.sku"), SKU_RULE.into());
    }
    let price = check_price(variant.price).unwrap_or_else(|rule| {
        errors.insert(format!("variants.{i}.price"), rule);
        MIN_PRICE
    });
    let stock = match variant.stock {
        None => 0,
        Some(stock) if (0..=MAX_STOCK).contains(&stock) => stock,
        Some(_) => {
            errors.insert(
                format!("variants.{i}.stock"),
                format!("Stock must be a whole number from 0 to {MAX_STOCK}"),
            );
            0
        }
    };
    if variant
        .weight_grams
        .is_some_and(|grams| !(0..=MAX_WEIGHT_GRAMS).contains(&grams))
    {
        errors.insert(
            format!("variants.{i}.weightGrams"),
            format!("The weight must be a whole number of grams from 0 to {MAX_WEIGHT_GRAMS}"),
        );
    }
    VariantInput {
        id: variant
            .id
            .as_deref()
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(str::to_string),
        sku,
        options,
        price,
        stock,
        weight_grams: variant.weight_grams,
        image: variant
            .image
            .as_deref()
            .map(str::trim)
            .filter(|image| !image.is_empty())
            .map(str::to_string),
        position: variant.position.unwrap_or(i as i64),
    }
}
