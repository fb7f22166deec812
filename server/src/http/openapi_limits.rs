//! The numeric limits the OpenAPI document publishes for products, stock and carts,
//! set from the constants the handlers check (`domain::product_rules`, `domain::cart`).
//! utoipa's `minimum`, `maximum`, `max_items` and `max_length` attributes take only
//! literals, which would be a second copy of each number; they are written here instead,
//! and a limit naming a schema or field the document lacks stops the document being built.

use utoipa::openapi::{RefOr, Schema};
use utoipa::Number;

use crate::domain::cart::MAX_QUANTITY;
use crate::domain::product_rules::{
    MAX_BULK, MAX_DISCOUNT_BP, MAX_PHOTOS, MAX_PRICE, MAX_STOCK, MAX_STOCK_REASON_CHARS, MIN_PRICE,
};

/// One bound of a request field.
enum Limit {
    /// `minimum` and `maximum` of a number.
    Range(f64, f64),
    /// `maxLength` of a text.
    MaxLength(usize),
    /// `minItems` and `maxItems` of a list.
    Items(usize, usize),
}

/// Sets each request field's bounds from the rules' constants.
pub(super) fn describe_the_number_limits(doc: &mut utoipa::openapi::OpenApi) {
    let max_stock = MAX_STOCK as f64;
    let limits = [
        (
            "ProductRequest",
            "price",
            Limit::Range(MIN_PRICE.as_f64(), MAX_PRICE.as_f64()),
        ),
        (
            "ProductRequest",
            "discountPercentage",
            Limit::Range(0.0, MAX_DISCOUNT_BP as f64 / 100.0),
        ),
        ("ProductRequest", "stock", Limit::Range(0.0, max_stock)),
        ("BulkRequest", "ids", Limit::Items(1, MAX_BULK)),
        ("PhotosForm", "images", Limit::Items(1, MAX_PHOTOS)),
        (
            "StockChangeRequest",
            "change",
            Limit::Range(-max_stock, max_stock),
        ),
        (
            "StockChangeRequest",
            "reason",
            Limit::MaxLength(MAX_STOCK_REASON_CHARS),
        ),
        (
            "NewItem",
            "quantity",
            Limit::Range(1.0, MAX_QUANTITY as f64),
        ),
        (
            "QuantityChange",
            "quantity",
            Limit::Range(1.0, MAX_QUANTITY as f64),
        ),
    ];
    let schemas = &mut doc.components.get_or_insert_with(Default::default).schemas;
    for (schema, field, limit) in limits {
        let Some(RefOr::T(Schema::Object(object))) = schemas.get_mut(schema) else {
            panic!("no object schema {schema}");
        };
        let Some(RefOr::T(property)) = object.properties.get_mut(field) else {
            panic!("{schema} has no field {field}");
        };
        match (property, limit) {
            (Schema::Object(number), Limit::Range(min, max)) => {
                number.minimum = Some(number_of(min));
                number.maximum = Some(number_of(max));
            }
            (Schema::Object(text), Limit::MaxLength(max)) => text.max_length = Some(max),
            (Schema::Array(list), Limit::Items(min, max)) => {
                list.min_items = Some(min);
                list.max_items = Some(max);
            }
            _ => panic!("{schema}.{field} is not of the kind its limit needs"),
        }
    }
}

/// `value` as the document writes it: whole numbers without a fraction.
fn number_of(value: f64) -> Number {
    if value.fract() == 0.0 {
        Number::Int(value as isize)
    } else {
        Number::Float(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_limits_are_written_as_integers() {
        // `Number` has no `Debug`: compared as the document writes it.
        let written = |value: f64| serde_json::to_string(&number_of(value)).unwrap();
        assert_eq!(written(99.0), "99");
        assert_eq!(written(-1_000_000.0), "-1000000");
        assert_eq!(written(0.01), "0.01");
    }
}
