//! What the console's product calls answer when the store refuses a write: one
//! mapping from [`ProductRefusal`] to the API's statuses, messages and field errors
//! (a variant's by path, docs/DESIGN.md §9), shared by the form, photos and stock calls.

use std::collections::BTreeMap;

use super::form::ProductPhotos;
use crate::http::error::AppError;
use crate::http::form::FileLimits;
use crate::store::catalogue::{ProductRefusal, RelatedRefusal, VariantRefusal};

pub(super) fn refused(refusal: ProductRefusal) -> AppError {
    match refusal {
        ProductRefusal::NoSuchProduct => AppError::NotFound("Product not found".into()),
        ProductRefusal::NoSuchCategory => AppError::fields(BTreeMap::from([(
            "categoryId",
            "Category not found".to_string(),
        )])),
        ProductRefusal::NoSuchSubCategory => AppError::fields(BTreeMap::from([(
            "subCategoryId",
            "Choose a sub-category of the category".to_string(),
        )])),
        ProductRefusal::TooManyPhotos => AppError::bad_request(ProductPhotos::TOO_MANY_FILES),
        ProductRefusal::NotItsPhoto => {
            AppError::bad_request("List only photos the product has, each once")
        }
        ProductRefusal::InOrders(lines) => AppError::Conflict(format!(
            "This product has been ordered ({lines} order {}): archive it instead, so it \
             leaves the shop and stays in those orders",
            if lines == 1 { "line" } else { "lines" }
        )),
        ProductRefusal::Short(stock) => AppError::Conflict(format!("Only {stock} in stock")),
        ProductRefusal::Variant(VariantRefusal::DuplicateSku(i)) => {
            let message = "Another variant has this SKU".to_string();
            AppError::ConflictFields {
                errors: BTreeMap::from([(format!("variants.{i}.sku"), message.clone())]),
                message,
            }
        }
        ProductRefusal::Variant(VariantRefusal::NotItsVariant(i)) => {
            AppError::fields(BTreeMap::from([(
                format!("variants.{i}._id"),
                "This is not a variant of the product".to_string(),
            )]))
        }
        ProductRefusal::NotItsImage(i) => AppError::fields(BTreeMap::from([(
            format!("variants.{i}.image"),
            "Choose one of the product's photos, or none".to_string(),
        )])),
        ProductRefusal::OptionsWithoutVariants => AppError::fields(BTreeMap::from([(
            "variants",
            "Give the variants of these options".to_string(),
        )])),
        ProductRefusal::SeveralVariants => AppError::fields(BTreeMap::from([(
            "variantId",
            "This product has several variants: change one variant's stock".to_string(),
        )])),
        ProductRefusal::NoSuchVariant => AppError::NotFound("Variant not found".into()),
        ProductRefusal::Related(why) => AppError::fields(BTreeMap::from([(
            "relatedProductIds",
            match why {
                RelatedRefusal::Itself => "A product cannot be related to itself".to_string(),
                RelatedRefusal::Unknown(ids) => format!("No such product: {}", ids.join(", ")),
            },
        )])),
        // Answered by the call that reads versions, which can show the product.
        ProductRefusal::Stale(_) => AppError::Conflict(crate::http::error::STALE.into()),
    }
}
