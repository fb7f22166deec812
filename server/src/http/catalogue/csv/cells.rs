//! How a product reads in the console's CSV files (docs/DESIGN.md §8): the columns, and each
//! value as the export writes it, which the import reads back and its dry run quotes
//! (a change's `from` is the value as the export would write it).
//!
//! Text cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-` or
//! `@`) are written with a leading `'`, which the import takes off again: a shopper's
//! name cannot become a formula on the owner's machine.

use crate::domain::time::{iso8601, DAY_MS};
use crate::store::catalogue::ProductRow;

/// The products file's columns, in order. `archived` is written, and ignored on import.
pub(super) const PRODUCT_COLUMNS: [&str; 13] = [
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
];
/// The columns an import may leave out.
pub(super) const OPTIONAL_COLUMNS: [&str; 2] = ["id", "archived"];

/// Where `column` is among [`PRODUCT_COLUMNS`].
pub(super) fn column_index(column: &str) -> usize {
    PRODUCT_COLUMNS
        .iter()
        .position(|c| *c == column)
        .expect("one of the products file's columns")
}

/// `p` as a line of the products file, one cell per [`PRODUCT_COLUMNS`].
pub(super) fn product_cells(p: &ProductRow) -> Vec<String> {
    let discount_end = p
        .discount
        .ends_at
        // Stored as the first moment after the last day.
        .map(|end| iso8601(end - DAY_MS)[..10].to_string())
        .unwrap_or_default();
    vec![
        p.id.clone(),
        text_cell(&p.name),
        text_cell(&p.description),
        p.price.to_string(),
        percent(p.discount.basis_points),
        discount_end,
        p.stock.to_string(),
        text_cell(&p.category.1),
        text_cell(&p.sub_category.1),
        text_cell(p.size.as_deref().unwrap_or("")),
        text_cell(p.color.as_deref().unwrap_or("")),
        p.featured.to_string(),
        p.archived_at.is_some().to_string(),
    ]
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
pub(super) fn text_cell(text: &str) -> String {
    if formula_like(text) || text.starts_with('\'') {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

/// A cell as the text it stands for: [`text_cell`] undone.
pub(super) fn cell_text(cell: &str) -> &str {
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
    fn percentages_read_as_the_form_writes_them() {
        assert_eq!(percent(1_000), "10");
        assert_eq!(percent(1_250), "12.5");
        assert_eq!(percent(725), "7.25");
        assert_eq!(percent(0), "0");
    }
}
