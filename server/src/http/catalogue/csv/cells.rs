//! How a product reads in the console's CSV files (docs/DESIGN.md §8): the columns, and each
//! value as the export writes it, which the import reads back and its dry run quotes
//! (a change's `from` is the value as the export would write it).
//!
//! Text cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-` or
//! `@`) are written with a leading `'`, which the import takes off again: a shopper's
//! name cannot become a formula on the owner's machine.

use crate::domain::time::{iso8601, DAY_MS};
use crate::store::catalogue::{ProductRow, VariantRow};

/// The products file's columns, in order: one line per variant (docs/DESIGN.md §9).
/// The product's own fields repeat on each of its lines; `price`, `stock`, `sku`, the
/// option values and `weightGrams` are the variant's. `archived` is written, and
/// ignored on import.
pub(super) const PRODUCT_COLUMNS: [&str; 28] = [
    "id",
    "name",
    "description",
    "price",
    "discountPercentage",
    "discountEndDate",
    "stock",
    "category",
    "subCategory",
    "size",
    "color",
    "featured",
    "archived",
    "handle",
    "variantId",
    "sku",
    "option1Name",
    "option1Value",
    "option2Name",
    "option2Value",
    "option3Name",
    "option3Value",
    "weightGrams",
    "unit",
    "packSize",
    "minQuantity",
    "quantityStep",
    "taxClass",
];
/// The columns that are a variant's own on its line; the others but `id` and
/// `archived` are its product's, the same on each of the product's lines.
const VARIANT_FIELDS: [&str; 8] = [
    "price",
    "stock",
    "variantId",
    "sku",
    "option1Value",
    "option2Value",
    "option3Value",
    "weightGrams",
];

/// Whether an import may leave `column` out: `id`, `archived`, and every column from
/// `handle` on (a file of the columns before variants reads as one line per product,
/// each with one variant; without `taxClass`, classes stay).
pub(super) fn optional(column: &str) -> bool {
    let first_new = column_index("handle");
    matches!(column, "id" | "archived") || PRODUCT_COLUMNS[first_new..].contains(&column)
}

/// Whether `column` is the product's own, the same on each of its lines.
pub(super) fn product_field(column: &str) -> bool {
    !matches!(column, "id" | "archived") && !VARIANT_FIELDS.contains(&column)
}

/// The option columns: (name, value), for options 1 to 3.
pub(super) const OPTION_COLUMNS: [(&str, &str); 3] = [
    ("option1Name", "option1Value"),
    ("option2Name", "option2Value"),
    ("option3Name", "option3Value"),
];

/// Where `column` is among [`PRODUCT_COLUMNS`].
pub(super) fn column_index(column: &str) -> usize {
    PRODUCT_COLUMNS
        .iter()
        .position(|c| *c == column)
        .expect("one of the products file's columns")
}

/// Variant `v` of product `p` as a line of the products file, one cell per
/// [`PRODUCT_COLUMNS`]; without a variant (a product whose variants are all archived)
/// the variant's cells are the product's price and stock, the others empty.
pub(super) fn variant_cells(p: &ProductRow, v: Option<&VariantRow>) -> Vec<String> {
    let discount_end = p
        .discount
        .ends_at
        // Stored as the first moment after the last day.
        .map(|end| iso8601(end - DAY_MS)[..10].to_string())
        .unwrap_or_default();
    let mut cells = vec![
        p.id.clone(),
        text_cell(&p.name),
        text_cell(&p.description),
        v.map_or(p.price, |v| v.price).to_string(),
        percent(p.discount.basis_points),
        discount_end,
        v.map_or(p.stock, |v| v.stock).to_string(),
        text_cell(&p.category.1),
        text_cell(&p.sub_category.1),
        text_cell(p.size.as_deref().unwrap_or("")),
        text_cell(p.color.as_deref().unwrap_or("")),
        p.featured.to_string(),
        p.archived_at.is_some().to_string(),
        String::new(),
        v.map_or_else(String::new, |v| v.id.clone()),
        v.map_or_else(String::new, |v| v.sku.clone()),
    ];
    for k in 0..OPTION_COLUMNS.len() {
        let option = p.options.get(k);
        cells.push(option.map_or_else(String::new, |o| text_cell(&o.name)));
        let value = option.and_then(|o| v.and_then(|v| v.options.get(&o.name)));
        cells.push(value.map_or_else(String::new, |value| text_cell(value)));
    }
    let whole = |n: Option<i64>| n.map_or_else(String::new, |n| n.to_string());
    cells.extend([
        whole(v.and_then(|v| v.weight_grams)),
        p.sale.unit.as_str().to_string(),
        whole(p.sale.pack_size),
        p.sale.min_quantity.to_string(),
        p.sale.quantity_step.to_string(),
        p.tax_class.as_str().to_string(),
    ]);
    cells
}

/// A percentage in basis points as a form shows it: `10`, `12.5`, `7.25`.
fn percent(basis_points: i64) -> String {
    let text = format!("{}.{:02}", basis_points / 100, basis_points % 100);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Whether a spreadsheet would take `text` for a formula.
fn formula_like(text: &str) -> bool {
    text.starts_with(['=', '+', '-', '@', '\t', '\r'])
}

/// `text` as a cell: with a leading `'` when a spreadsheet would run it as a formula,
/// or when it starts with `'` itself (which the import would otherwise take off).
pub(crate) fn text_cell(text: &str) -> String {
    if formula_like(text) || text.starts_with('\'') {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

/// A cell as the text it stands for: [`text_cell`] undone.
pub(crate) fn cell_text(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if formula_like(rest) || rest.starts_with('\'') => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_like_cells_are_quoted_on_the_way_out_and_unquoted_on_the_way_in() {
        for text in [
            "=SUM(A1)",
            "+44 20 7946",
            "-5",
            "@cmd",
            "plain",
            "'quoted",
            "'=1",
            "''",
            "",
        ] {
            assert_eq!(cell_text(&text_cell(text)), text, "{text}");
        }
        assert_eq!(text_cell("=1+1"), "'=1+1");
        assert_eq!(text_cell("Brass tap"), "Brass tap");
        assert_eq!(
            cell_text("'kept"),
            "'kept",
            "a quote before plain text stays"
        );
        assert_eq!(cell_text("'=1+1"), "=1+1", "as a spreadsheet reads it");
    }

    #[test]
    fn the_variant_era_columns_may_be_left_out_and_a_lines_own_are_its_variants() {
        let optional: Vec<&str> = PRODUCT_COLUMNS
            .into_iter()
            .filter(|c| optional(c))
            .collect();
        assert_eq!(optional[..3], ["id", "archived", "handle"]);
        assert_eq!(optional.len(), 2 + 15);
        assert!(!optional.contains(&"name") && !optional.contains(&"stock"));
        let own: Vec<&str> = PRODUCT_COLUMNS
            .into_iter()
            .filter(|c| product_field(c))
            .collect();
        assert_eq!(
            own,
            [
                "name",
                "description",
                "discountPercentage",
                "discountEndDate",
                "category",
                "subCategory",
                "size",
                "color",
                "featured",
                "handle",
                "option1Name",
                "option2Name",
                "option3Name",
                "unit",
                "packSize",
                "minQuantity",
                "quantityStep",
                "taxClass"
            ]
        );
    }

    #[test]
    fn percentages_read_as_the_form_writes_them() {
        assert_eq!(percent(1_000), "10");
        assert_eq!(percent(1_250), "12.5");
        assert_eq!(percent(725), "7.25");
        assert_eq!(percent(0), "0");
    }
}
