//! Making products of an imported file's lines (docs/DESIGN.md §9): lines with the same
//! `id`, or for new products the same `handle`, are one product, one line per variant;
//! a line with neither is a product of its own. Each product is checked by the console
//! form's rules (`form.rs`, `variant_form.rs`), its refusals put on the line they are
//! about and quoting the value the file gave.

use std::collections::{BTreeMap, HashMap};

use super::cells::{cell_text, column_index, product_field, OPTION_COLUMNS, PRODUCT_COLUMNS};
use super::read::{refusal, FileLine};
use crate::http::catalogue::form::{product_fields, ProductRequest, Stock};
use crate::http::catalogue::variant_form::{
    check_variants, OptionRequest, VariantFields, VariantRequest,
};
use crate::http::extract::holds_control;
use crate::store::catalogue::import::{ImportLine, ImportProduct, TitledProduct};

/// The file's products, in the order their first lines come, and each line's cells in
/// the same order as the products' lines.
pub(super) fn products_of(lines: Vec<FileLine>) -> (Vec<ImportProduct>, Vec<Vec<String>>) {
    let mut groups: Vec<Vec<FileLine>> = Vec::new();
    let mut by_key: HashMap<String, usize> = HashMap::new();
    for line in lines {
        let id = cell(&line, "id");
        let handle = cell(&line, "handle").to_lowercase();
        let key = if !id.is_empty() {
            Some(format!("id {id}"))
        } else if !handle.is_empty() {
            Some(format!("handle {handle}"))
        } else {
            None
        };
        match key.as_ref().and_then(|key| by_key.get(key)) {
            Some(&at) => groups[at].push(line),
            None => {
                if let Some(key) = key {
                    by_key.insert(key, groups.len());
                }
                groups.push(vec![line]);
            }
        }
    }
    let products = groups.iter().map(|lines| product_of(lines)).collect();
    let cells = groups
        .into_iter()
        .flatten()
        .map(|line| line.cells)
        .collect();
    (products, cells)
}

/// Column `column` of `line` as the text it stands for.
fn cell<'a>(line: &'a FileLine, column: &str) -> &'a str {
    cell_text(&line.cells[column_index(column)])
}

/// One product of the file: its lines, checked.
fn product_of(lines: &[FileLine]) -> ImportProduct {
    let first = &lines[0];
    let mut errors: Vec<Vec<String>> = vec![Vec::new(); lines.len()];
    for (line, errors) in lines.iter().zip(errors.iter_mut()) {
        if let Some(ragged) = &line.ragged {
            errors.push(ragged.clone());
            continue;
        }
        for column in PRODUCT_COLUMNS {
            if holds_control(cell(line, column)) {
                let text = format!("{column} must not contain control characters");
                errors.push(refusal(column, &text, ""));
            }
        }
        if std::ptr::eq(line, first) {
            continue;
        }
        for column in PRODUCT_COLUMNS.into_iter().filter(|c| product_field(c)) {
            if cell(line, column) != cell(first, column) {
                let text = format!(
                    "Every row of a product gives its {column} as its first row does (row {})",
                    first.row
                );
                errors.push(refusal(column, &text, &line.cells[column_index(column)]));
            }
        }
    }
    let import_lines = lines
        .iter()
        .map(|line| ImportLine {
            row: line.row,
            name: cell(line, "name").to_string(),
            sku: cell(line, "sku").to_string(),
        })
        .collect();
    let id = cell(first, "id").to_string();
    if errors.iter().all(Vec::is_empty) {
        if let Some(product) = checked(lines, &mut errors) {
            return ImportProduct {
                id,
                lines: import_lines,
                fields: Ok(product),
            };
        }
    }
    ImportProduct {
        id,
        lines: import_lines,
        fields: Err(errors),
    }
}

/// A single line that names no variant, in a file of the columns before variants (or
/// one leaving them empty): the product's one variant, set from `price` and `stock`.
fn names_no_variant(lines: &[FileLine]) -> bool {
    let line = &lines[0];
    lines.len() == 1
        && ["variantId", "sku"]
            .into_iter()
            .chain(
                OPTION_COLUMNS
                    .iter()
                    .flat_map(|(name, value)| [*name, *value]),
            )
            .all(|column| cell(line, column).is_empty())
}

/// The product `lines` give, checked by the form's rules; `None` when it breaks one,
/// each rule broken then in `errors` by line.
fn checked(lines: &[FileLine], errors: &mut [Vec<String>]) -> Option<TitledProduct> {
    let first = &lines[0];
    let text = |column: &str| cell(first, column).to_string();
    let number = |text: &str| -> f64 { text.parse().unwrap_or(f64::NAN) };
    // A cell that is not a whole number reads as one the rules refuse, so the refusal
    // says what the cell must be.
    let whole =
        |text: &str| -> Option<i64> { (!text.is_empty()).then(|| text.parse().unwrap_or(-1)) };
    let optional = |text: String| (!text.is_empty()).then_some(text);
    let mut own: BTreeMap<&'static str, String> = BTreeMap::new();
    let featured = match text("featured").to_ascii_lowercase().as_str() {
        "" | "false" | "no" | "0" => false,
        "true" | "yes" | "1" => true,
        _ => {
            own.insert("featured", "featured must be true or false".to_string());
            false
        }
    };
    let request = ProductRequest {
        name: text("name"),
        description: text("description"),
        price: optional(text("price")).map(|t| number(&t)),
        discount_percentage: optional(text("discountPercentage")).map_or(0.0, |t| number(&t)),
        discount_end_date: optional(text("discountEndDate")),
        stock: cell(first, "stock").parse().ok(),
        category_id: String::new(),
        sub_category_id: String::new(),
        size: optional(text("size")),
        color: optional(text("color")),
        featured,
        tax_class: optional(text("taxClass")),
        // The file has no related products: an import keeps them.
        related_product_ids: None,
        version: None,
    };
    let input = product_fields(&request, &mut own);
    let (category, sub_category) = (text("category"), text("subCategory"));
    if category.is_empty() {
        own.insert("category", "Category is required".to_string());
    }
    if sub_category.is_empty() {
        own.insert("subCategory", "Sub-category is required".to_string());
    }
    let several = !names_no_variant(lines);
    if several {
        // Derived from the variants, whose lines give them.
        own.remove("price");
        own.remove("stock");
    }
    for (field, text) in own {
        errors[0].push(refusal(field, &text, &first.cells[column_index(field)]));
    }
    let fields = VariantFields {
        options: several.then(|| options_of(lines, errors)),
        variants: several.then(|| {
            lines
                .iter()
                .map(|line| VariantRequest {
                    id: optional(cell(line, "variantId").to_string()),
                    sku: cell(line, "sku").to_string(),
                    options: values_of(line, first),
                    price: optional(cell(line, "price").to_string()).map(|t| number(&t)),
                    stock: Some(cell(line, "stock").parse().unwrap_or(-1)),
                    weight_grams: whole(cell(line, "weightGrams")),
                    image: None,
                    position: None,
                })
                .collect()
        }),
        unit: optional(text("unit")),
        pack_size: whole(cell(first, "packSize")),
        min_quantity: whole(cell(first, "minQuantity")),
        quantity_step: whole(cell(first, "quantityStep")),
    };
    let mut rules = BTreeMap::new();
    let plan = check_variants(&fields, Stock::Given, &[], &mut rules);
    for (path, text) in rules {
        let (at, field, given) = where_in_file(&path, lines);
        errors[at].push(match field {
            Some(field) => refusal(field, &text, &given),
            None => text,
        });
    }
    if errors.iter().any(|line| !line.is_empty()) {
        return None;
    }
    Some(TitledProduct {
        input,
        plan,
        category,
        sub_category,
    })
}

/// The product's options: the names its first line gives, each with the values its
/// lines give, in the order they first come. A value without a name is refused.
fn options_of(lines: &[FileLine], errors: &mut [Vec<String>]) -> Vec<OptionRequest> {
    let first = &lines[0];
    let mut options = Vec::new();
    for (name_column, value_column) in OPTION_COLUMNS {
        let name = cell(first, name_column);
        if name.is_empty() {
            for (line, errors) in lines.iter().zip(errors.iter_mut()) {
                if !cell(line, value_column).is_empty() {
                    let text = format!("Name this option in {name_column}");
                    errors.push(refusal(value_column, &text, ""));
                }
            }
            continue;
        }
        let mut values: Vec<String> = Vec::new();
        for line in lines {
            let value = cell(line, value_column);
            if !value.is_empty() && !values.iter().any(|v| v.eq_ignore_ascii_case(value)) {
                values.push(value.to_string());
            }
        }
        options.push(OptionRequest {
            name: name.to_string(),
            values,
        });
    }
    options
}

/// `line`'s option values, by the option names `first` gives.
fn values_of(line: &FileLine, first: &FileLine) -> BTreeMap<String, String> {
    OPTION_COLUMNS
        .iter()
        .filter(|(name, _)| !cell(first, name).is_empty())
        .filter(|(_, value)| !cell(line, value).is_empty())
        .map(|(name, value)| (cell(first, name).to_string(), cell(line, value).to_string()))
        .collect()
}

/// Where a rule's path (`variants.2.sku`, `options.0.name`, `minQuantity`) is in the
/// file: the line (by index), its column, and the value given there.
fn where_in_file(path: &str, lines: &[FileLine]) -> (usize, Option<&'static str>, String) {
    let parts: Vec<&str> = path.split('.').collect();
    let column = |name: &str| PRODUCT_COLUMNS.iter().copied().find(|c| *c == name);
    match parts.as_slice() {
        ["variants", i, field] => {
            let at = i.parse::<usize>().unwrap_or(0).min(lines.len() - 1);
            let line = &lines[at];
            if *field == "options" {
                let given: Vec<&str> = OPTION_COLUMNS
                    .iter()
                    .map(|(_, value)| cell(line, value))
                    .filter(|value| !value.is_empty())
                    .collect();
                return (at, Some("options"), given.join(", "));
            }
            let field = column(field);
            let given = field.map_or_else(String::new, |f| line.cells[column_index(f)].clone());
            (at, field, given)
        }
        ["options", k, part] => {
            let k = k
                .parse::<usize>()
                .unwrap_or(0)
                .min(OPTION_COLUMNS.len() - 1);
            let (name, value) = OPTION_COLUMNS[k];
            if *part == "name" {
                (0, Some(name), lines[0].cells[column_index(name)].clone())
            } else {
                (0, Some(value), String::new())
            }
        }
        [field] => match column(field) {
            Some(field) => (0, Some(field), lines[0].cells[column_index(field)].clone()),
            None => (0, None, String::new()),
        },
        _ => (0, None, String::new()),
    }
}
