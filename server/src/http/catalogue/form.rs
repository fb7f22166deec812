//! The product form's rules (docs/DESIGN.md §8, §15): every field of a product as the
//! console's form and a CSV import's line send it, checked by name with what to do
//! about each, before the store sees it; and the photos its gallery takes.

use std::collections::BTreeMap;

use serde::Deserialize;
use utoipa::ToSchema;

use crate::domain::id::Id;
use crate::domain::money::hundredths;
use crate::domain::pricing::Discount;
use crate::domain::product_rules::MAX_PHOTOS;
use crate::domain::product_rules::{
    check_related, MAX_DESCRIPTION_CHARS, MAX_DISCOUNT_BP, MAX_LABEL_CHARS, MAX_NAME_CHARS,
    MAX_PRICE, MAX_STOCK, MIN_PRICE,
};
use crate::domain::tax::TaxClass;
use crate::domain::time::{parse_date, DAY_MS};
use crate::domain::Money;
use crate::http::error::AppError;
use crate::http::form::FileLimits;
use crate::store::catalogue::ProductInput;

/// Every field of a product, as the console's form sends it.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductRequest {
    /// 1 to 200 characters once trimmed.
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    /// 1 to 5,000 characters once trimmed.
    #[serde(default)]
    #[schema(required = true)]
    pub description: String,
    /// The list price, 0.01 to 1,000,000, at most two decimals.
    #[schema(required = true, value_type = f64, multiple_of = 0.01)]
    pub price: Option<f64>,
    /// 0 to 95, at most two decimals.
    #[serde(default)]
    #[schema(multiple_of = 0.01)]
    pub discount_percentage: f64,
    /// The last day (UTC, `YYYY-MM-DD`) the discount runs; null: until changed.
    #[serde(default)]
    pub discount_end_date: Option<String>,
    /// 0 to 1,000,000 units: a new product's first stock. `PUT` ignores it: stock then
    /// moves only by `POST /admin/product/{id}/stock` and the other named paths.
    #[schema(required = true, value_type = i64)]
    pub stock: Option<i64>,
    #[serde(default)]
    #[schema(required = true, pattern = "^[0-9a-f]{24}$")]
    pub category_id: String,
    #[serde(default)]
    #[schema(required = true, pattern = "^[0-9a-f]{24}$")]
    pub sub_category_id: String,
    #[serde(default)]
    pub size: Option<String>,
    #[serde(default)]
    pub color: Option<String>,
    #[serde(default)]
    pub featured: bool,
    /// `standard`, `reduced` or `zero` (docs/DESIGN.md §10): which of the shop's tax
    /// rates its price carries. Left out: standard for a new product, as it is for a
    /// `PUT`.
    #[serde(default)]
    #[schema(pattern = "^(?:standard|reduced|zero)$")]
    pub tax_class: Option<String>,
    /// 'You'll also need' (docs/DESIGN.md §12): up to 12 other products' ids, each once,
    /// in the order the shop shows them. Left out: as they are (a new product: none).
    #[serde(default)]
    #[schema(max_items = 12)]
    pub related_product_ids: Option<Vec<String>>,
    /// `PUT`: the product's `version` when the form was loaded; a product changed since
    /// is refused with 409 and the product as it now is. Without it the save is applied.
    #[schema(minimum = 1)]
    pub version: Option<i64>,
}

/// Whether a product request's `stock` counts: a new product's first units, or
/// ignored by a `PUT` (docs/DESIGN.md §15).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Stock {
    Given,
    Ignored,
}

/// `body` as a product, or every field that breaks a rule with what to do about it.
/// With `derived`, its price and stock come from its variants (docs/DESIGN.md §9), and
/// those sent are neither asked for nor used.
pub(super) fn check_fields_for(
    body: &ProductRequest,
    stock: Stock,
    derived: bool,
) -> Result<ProductInput, AppError> {
    let mut errors = BTreeMap::new();
    let input = product_fields(body, &mut errors);
    if stock == Stock::Ignored || derived {
        errors.remove("stock");
    }
    if derived {
        errors.remove("price");
    }
    if body.version.is_some_and(|version| version < 1) {
        errors.insert("version", crate::http::error::VERSION_RULE.into());
    }
    if Id::parse(&input.category_id).is_none() {
        errors.insert("categoryId", "Choose a category".into());
    }
    if Id::parse(&input.sub_category_id).is_none() {
        errors.insert("subCategoryId", "Choose a sub-category".into());
    }
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    Ok(input)
}

/// `body` as a product, every field but the category ids checked: what breaks a rule
/// goes into `errors` by field, and the product is then not to be used.
pub(super) fn product_fields(
    body: &ProductRequest,
    errors: &mut BTreeMap<&'static str, String>,
) -> ProductInput {
    let name = body.name.trim().to_string();
    if name.is_empty() {
        errors.insert("name", "Name is required".into());
    } else if name.chars().count() > MAX_NAME_CHARS {
        errors.insert(
            "name",
            format!("Name must be at most {MAX_NAME_CHARS} characters"),
        );
    }
    let description = body.description.trim().to_string();
    if description.is_empty() {
        errors.insert("description", "Description is required".into());
    } else if description.chars().count() > MAX_DESCRIPTION_CHARS {
        errors.insert(
            "description",
            format!("Description must be at most {MAX_DESCRIPTION_CHARS} characters"),
        );
    }
    let price = check_price(body.price).unwrap_or_else(|rule| {
        errors.insert("price", rule);
        Money::from_cents(0)
    });
    let basis_points = match hundredths(body.discount_percentage) {
        Some(bp) if (0..=MAX_DISCOUNT_BP).contains(&bp) => bp,
        _ => {
            errors.insert(
                "discountPercentage",
                format!(
                    "Discount must be from 0 to {} percent, with at most two decimals",
                    MAX_DISCOUNT_BP / 100
                ),
            );
            0
        }
    };
    let ends_at = match body.discount_end_date.as_deref().map(str::trim) {
        None | Some("") => None,
        // The discount runs through the whole of its last day (UTC).
        Some(text) => match parse_date(text) {
            Some(day) => Some(day + DAY_MS),
            None => {
                errors.insert(
                    "discountEndDate",
                    "Discount end date must be a date like 2026-12-31".into(),
                );
                None
            }
        },
    };
    let stock = match body.stock {
        Some(stock) if (0..=MAX_STOCK).contains(&stock) => stock,
        _ => {
            errors.insert(
                "stock",
                format!("Stock must be a whole number from 0 to {MAX_STOCK}"),
            );
            0
        }
    };
    let label =
        |text: &Option<String>, field: &'static str, errors: &mut BTreeMap<&str, String>| {
            let text = text.as_deref().map(str::trim).filter(|t| !t.is_empty())?;
            if text.chars().count() > MAX_LABEL_CHARS {
                errors.insert(field, format!("At most {MAX_LABEL_CHARS} characters"));
            }
            Some(text.to_string())
        };
    let size = label(&body.size, "size", errors);
    let color = label(&body.color, "color", errors);
    let tax_class = match body.tax_class.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => TaxClass::parse(text).or_else(|| {
            errors.insert("taxClass", TAX_CLASS_RULE.into());
            None
        }),
    };
    let related = body.related_product_ids.as_deref().map(|ids| {
        check_related(ids).unwrap_or_else(|rule| {
            errors.insert("relatedProductIds", rule);
            Vec::new()
        })
    });
    ProductInput {
        name,
        description,
        price,
        discount: Discount {
            basis_points,
            ends_at: ends_at.filter(|_| basis_points > 0),
        },
        stock,
        category_id: body.category_id.trim().to_string(),
        sub_category_id: body.sub_category_id.trim().to_string(),
        size,
        color,
        featured: body.featured,
        tax_class,
        related,
    }
}

/// What to do about a tax class the shop does not have.
pub(super) const TAX_CLASS_RULE: &str = "The tax class must be standard, reduced or zero";

/// `price` in cents, if it is a list price (a product's, a variant's); else the rule.
pub(super) fn check_price(price: Option<f64>) -> Result<Money, String> {
    match price.and_then(hundredths) {
        Some(cents) if (MIN_PRICE.cents()..=MAX_PRICE.cents()).contains(&cents) => {
            Ok(Money::from_cents(cents))
        }
        _ => Err(format!(
            "Price must be from {} to {}, with at most two decimals",
            MIN_PRICE.as_f64(),
            MAX_PRICE.as_f64()
        )),
    }
}

/// Up to 8 photos of at most 10 MB each: a product's gallery.
pub struct ProductPhotos;

impl FileLimits for ProductPhotos {
    const MAX_FILES: usize = MAX_PHOTOS;
    const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
    const FILE_TOO_LARGE: &'static str = "Each image must be at most 10 MB";
    const TOO_MANY_FILES: &'static str = "A product can have at most 8 photos";
    const FILE_FIELDS: &'static [&'static str] = &["images", "images[]"];
}
