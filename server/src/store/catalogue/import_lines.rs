//! What the HTTP layer gives a CSV import and what it answers (docs/DESIGN.md §8, §9):
//! the file's products, each with its lines (one per variant), and each line's outcome.

use super::product_rows::ProductInput;
use super::product_variants::VariantsPlan;
use super::read::ProductRow;
use super::variants::VariantRow;
use crate::domain::Money;

/// One product of the file, as the HTTP layer read and checked it.
#[derive(Clone, Debug)]
pub struct ImportProduct {
    /// The id cell, trimmed: empty for a new product.
    pub id: String,
    /// Its lines, in the file's order: one per variant.
    pub lines: Vec<ImportLine>,
    /// The product, with its category and sub-category given by title, or what is
    /// wrong with each line (by index into `lines`; a line may have none).
    pub fields: Result<TitledProduct, Vec<Vec<String>>>,
}

/// One line of the file: a variant.
#[derive(Clone, Debug)]
pub struct ImportLine {
    /// The row in the file as a spreadsheet numbers it (the header is row 1).
    pub row: u64,
    /// The name cell, to report the line by.
    pub name: String,
    /// The SKU cell (empty when the file leaves it out).
    pub sku: String,
}

/// A product whose category and sub-category are titles, not yet ids.
#[derive(Clone, Debug)]
pub struct TitledProduct {
    /// `category_id` and `sub_category_id` are filled in here, from the titles.
    pub input: ProductInput,
    /// Its options, sale unit and variants: `variants` has one entry per line, or is
    /// `None` for a single line that names no variant (a file of the columns before
    /// variants), which then sets the product's one variant from `price` and `stock`.
    /// An existing variant's `stock` is the number the owner gives it.
    pub plan: VariantsPlan,
    pub category: String,
    pub sub_category: String,
}

/// What a line does (or would do).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportAction {
    Create,
    Update,
    Unchanged,
    Refuse,
}

/// One line's outcome.
#[derive(Clone, Debug)]
pub struct LineOutcome {
    pub row: u64,
    pub action: ImportAction,
    /// The product's id: for a new product, once written (none in a dry run).
    pub id: Option<String>,
    pub name: String,
    /// The variant's SKU: the line's, or the one it keeps or is given.
    pub sku: String,
    pub errors: Vec<String>,
    /// For an update, the columns it changes (`price`, `discountEndDate`, `sku`,
    /// `option1Value`, …), in the file's column order; the product's own fields are
    /// reported on its first line.
    pub changed: Vec<&'static str>,
    /// For an update, the product and the line's variant as they stood when the file
    /// was checked.
    pub before: Option<Box<ProductRow>>,
    pub before_variant: Option<VariantRow>,
    /// The line's price, when its fields could be read.
    pub price: Option<Money>,
    /// On a product's first line: the SKUs of its variants no line names, which the
    /// import deletes (or archives, when an order names them).
    pub removed: Vec<String>,
}
