//! What an import says it did, or would do (docs/DESIGN.md §9, §15, 'the console explains
//! itself'): for each line (a variant) that changes something, the fields it changes
//! with their values as the file writes them, a flag on a price that jumps and on the
//! variants a product loses, and each refused line's reasons; lines that change nothing
//! are only counted, so a file of 250 lines with one edit reads as one line.

use serde::Serialize;
use utoipa::ToSchema;

use super::cells::{column_index, variant_cells};
use crate::domain::Money;
use crate::store::catalogue::import::{ImportAction, LineOutcome};

/// The flag on a line whose price changes by more than half.
pub const CHECK_PRICE: &str = "Check this price";

/// What an import did, or would do, with each line of the file.
#[derive(Serialize, ToSchema)]
pub struct ImportReport {
    /// Whether the products were written (never in a dry run).
    pub applied: bool,
    pub created: usize,
    pub updated: usize,
    /// Lines that change nothing: counted here, not listed in `rows`.
    pub unchanged: usize,
    pub refused: usize,
    /// Every line that creates, updates or is refused, in the file's order.
    pub rows: Vec<ImportRow>,
}

#[derive(Serialize, ToSchema)]
pub struct ImportRow {
    /// The row as a spreadsheet numbers it: the header is row 1, and a line break
    /// inside a quoted cell does not start a row.
    pub row: u64,
    /// `create`, `update` or `refuse`.
    pub action: String,
    /// The product's id: the file's for an update, the new one once a create is
    /// applied, null for a create in a dry run.
    pub id: Option<String>,
    pub name: String,
    /// The variant's SKU: the line's, or the one it keeps (or, once applied, is given).
    pub sku: String,
    /// For an update, each field it changes, in the file's column order.
    pub changes: Vec<ImportChange>,
    /// Warnings that do not refuse the line: 'Check this price' when the price
    /// changes by more than 50 %; on a product's first line, 'Removes the variant
    /// SKU' for each of its variants no line names (deleted, or archived when an
    /// order names it).
    pub flags: Vec<String>,
    /// Why the line is refused, one sentence each, each naming its column and quoting
    /// the value the file gave.
    pub errors: Vec<String>,
}

/// One field an update changes, both values as the file writes them.
#[derive(Serialize, ToSchema)]
pub struct ImportChange {
    /// The file's column: name, description, price, discountPercentage,
    /// discountEndDate, stock, category, subCategory, size, color, featured, sku,
    /// option1Name … option3Value, weightGrams, unit, packSize, minQuantity,
    /// quantityStep or taxClass.
    pub field: String,
    /// The value now, as an export would write it.
    pub from: String,
    /// The value in the file.
    pub to: String,
}

/// The report of `outcomes`, each beside the cells of its line (`cells`, in the same
/// order), its rows in the file's order.
pub(super) fn report_of(
    outcomes: Vec<LineOutcome>,
    cells: &[Vec<String>],
    applied: bool,
) -> ImportReport {
    let count = |action| outcomes.iter().filter(|o| o.action == action).count();
    let mut rows: Vec<ImportRow> = outcomes
        .iter()
        .zip(cells)
        .filter(|(o, _)| o.action != ImportAction::Unchanged)
        .map(|(o, cells)| row_of(o, cells))
        .collect();
    rows.sort_by_key(|row| row.row);
    ImportReport {
        applied,
        created: count(ImportAction::Create),
        updated: count(ImportAction::Update),
        unchanged: count(ImportAction::Unchanged),
        refused: count(ImportAction::Refuse),
        rows,
    }
}

/// The text of the flag on a variant the import takes away.
pub const REMOVES_VARIANT: &str = "Removes the variant";

fn row_of(o: &LineOutcome, cells: &[String]) -> ImportRow {
    let mut changes = Vec::new();
    let mut flags = Vec::new();
    if let Some(before) = &o.before {
        let was = variant_cells(before, o.before_variant.as_ref());
        let mut fields = o.changed.clone();
        fields.sort_by_key(|field| column_index(field));
        for field in fields {
            let at = column_index(field);
            // Some changes read the same in the file (an end date kept beside a
            // discount set to 0): the other field says what changes.
            if was[at] != cells[at] {
                changes.push(ImportChange {
                    field: field.to_string(),
                    from: was[at].clone(),
                    to: cells[at].clone(),
                });
            }
        }
        let price_was = o.before_variant.as_ref().map_or(before.price, |v| v.price);
        if o.price.is_some_and(|price| price_jumps(price_was, price)) {
            flags.push(CHECK_PRICE.to_string());
        }
    }
    flags.extend(
        o.removed
            .iter()
            .map(|sku| format!("{REMOVES_VARIANT} {sku}")),
    );
    ImportRow {
        row: o.row,
        action: match o.action {
            ImportAction::Create => "create",
            ImportAction::Update => "update",
            ImportAction::Unchanged => "unchanged",
            ImportAction::Refuse => "refuse",
        }
        .to_string(),
        id: o.id.clone(),
        name: o.name.clone(),
        sku: o.sku.clone(),
        changes,
        flags,
        errors: o.errors.clone(),
    }
}

/// Whether a price moves by more than half of what it was, up or down: 6.49 to 59.99
/// is likely a typo, 10 to 15 a rise.
fn price_jumps(before: Money, after: Money) -> bool {
    (after.cents() - before.cents()).abs() * 2 > before.cents()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_price_that_moves_by_more_than_half_is_flagged() {
        let jumps = |a, b| price_jumps(Money::from_cents(a), Money::from_cents(b));
        assert!(jumps(649, 5_999), "the issue's typo");
        assert!(jumps(1_000, 1_501));
        assert!(!jumps(1_000, 1_500), "exactly half is not more than half");
        assert!(!jumps(1_000, 500));
        assert!(jumps(1_000, 499));
        assert!(!jumps(1_000, 1_000));
    }
}
