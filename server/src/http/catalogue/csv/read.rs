//! Reading a products CSV for the import (docs/DESIGN.md §8, §15): the header's columns, then
//! each product line with its fields checked by the console form's rules, numbered as
//! a spreadsheet numbers its rows (the header is row 1; a line break inside a quoted
//! cell does not start a row), and its cells kept as the file writes them so the dry
//! run can quote them.

use std::collections::BTreeMap;

use super::cells::{cell_text, column_index, OPTIONAL_COLUMNS, PRODUCT_COLUMNS};
use crate::http::catalogue::form::{product_fields, ProductRequest};
use crate::http::error::AppError;
use crate::http::extract::holds_control;
use crate::store::catalogue::import::{ImportLine, TitledProduct};

/// The most product lines one import takes.
pub const MAX_IMPORT_ROWS: usize = 10_000;
/// The longest bad value a refusal quotes before cutting it short.
const QUOTED_CHARS: usize = 40;

/// One product line of the file: what the store checks, and the file's cells.
pub(super) struct FileLine {
    pub line: ImportLine,
    /// Each of [`PRODUCT_COLUMNS`] as the file writes it (trimmed; empty for a column
    /// the file leaves out).
    pub cells: Vec<String>,
}

/// The file's product lines, each with its fields checked; a file that is not a
/// products CSV at all is a 400 saying why.
pub(super) fn read_products(bytes: &[u8]) -> Result<Vec<FileLine>, AppError> {
    let text = std::str::from_utf8(bytes).map_err(|_| {
        AppError::bad_request(
            "The file must be UTF-8 text: save it from the spreadsheet as 'CSV UTF-8'",
        )
    })?;
    // Spreadsheets put a byte order mark before the header.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let header = reader
        .headers()
        .map_err(|_| AppError::bad_request("The file is not CSV"))?
        .clone();
    let columns = column_positions(&header)?;
    // A spreadsheet starts a row at each line break, blank lines included, except at
    // those inside a quoted cell. The reader skips blank lines (and its line count with
    // them), so rows are counted here: the breaks before each record, less its cells'.
    let mut rows = RowCounter::new(text, line_breaks(&header));
    let mut lines = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            let row = e.position().map_or(0, |p| rows.row_at(p.byte() as usize));
            AppError::bad_request(format!("The file is not CSV: row {row} cannot be read"))
        })?;
        if lines.len() == MAX_IMPORT_ROWS {
            return Err(AppError::bad_request(format!(
                "A file can hold at most {MAX_IMPORT_ROWS} products: split it and import each part"
            )));
        }
        let row = record
            .position()
            .map_or(0, |p| rows.row_at(p.byte() as usize));
        rows.skip_cells(line_breaks(&record));
        lines.push(product_line(row, &record, &columns, header.len()));
    }
    if lines.is_empty() {
        return Err(AppError::bad_request("The file has no products in it"));
    }
    Ok(lines)
}

/// The spreadsheet's row of each record, from where the record starts in the text.
struct RowCounter<'a> {
    text: &'a str,
    /// Up to where the text's line breaks are counted, and how many there were.
    counted_to: usize,
    breaks: u64,
    /// The line breaks inside the cells read so far, which start no row.
    in_cells: u64,
}

impl<'a> RowCounter<'a> {
    fn new(text: &'a str, in_header: u64) -> Self {
        RowCounter {
            text,
            counted_to: 0,
            breaks: 0,
            in_cells: in_header,
        }
    }

    /// The row of the record the reader began at byte `at` (records come in order): the
    /// reader's position is before the blank lines it skipped, so they are passed here.
    fn row_at(&mut self, at: usize) -> u64 {
        let bytes = self.text.as_bytes();
        let mut at = at.clamp(self.counted_to, bytes.len());
        while at < bytes.len() && matches!(bytes[at], b'\n' | b'\r') {
            at += 1;
        }
        let between = &bytes[self.counted_to..at];
        self.breaks += between.iter().filter(|b| **b == b'\n').count() as u64;
        self.counted_to = at;
        1 + self.breaks - self.in_cells.min(self.breaks)
    }

    fn skip_cells(&mut self, breaks: u64) {
        self.in_cells += breaks;
    }
}

/// How many line breaks `record`'s cells hold.
fn line_breaks(record: &csv::StringRecord) -> u64 {
    record
        .iter()
        .map(|cell| cell.matches('\n').count() as u64)
        .sum()
}

/// Where each of [`PRODUCT_COLUMNS`] is in the file (`None`: an optional one left out).
fn column_positions(header: &csv::StringRecord) -> Result<Vec<Option<usize>>, AppError> {
    let names: Vec<&str> = header.iter().map(str::trim).collect();
    if names.iter().all(|name| name.is_empty()) {
        return Err(AppError::bad_request("The file has no header line"));
    }
    for (i, name) in names.iter().enumerate() {
        if !PRODUCT_COLUMNS.iter().any(|c| c.eq_ignore_ascii_case(name)) {
            return Err(AppError::bad_request(format!(
                "Unknown column '{name}': the columns are {}",
                PRODUCT_COLUMNS.join(", ")
            )));
        }
        if names[..i].iter().any(|n| n.eq_ignore_ascii_case(name)) {
            return Err(AppError::bad_request(format!(
                "The column '{name}' is there twice"
            )));
        }
    }
    PRODUCT_COLUMNS
        .iter()
        .map(|column| {
            let at = names.iter().position(|n| n.eq_ignore_ascii_case(column));
            if at.is_none() && !OPTIONAL_COLUMNS.contains(column) {
                return Err(AppError::bad_request(format!(
                    "The file has no '{column}' column"
                )));
            }
            Ok(at)
        })
        .collect()
}

/// One line of the file as a product, its fields checked by the console form's rules.
fn product_line(
    row: u64,
    record: &csv::StringRecord,
    columns: &[Option<usize>],
    header_len: usize,
) -> FileLine {
    let cells: Vec<String> = columns
        .iter()
        .map(|at| {
            at.and_then(|i| record.get(i))
                .unwrap_or("")
                .trim()
                .to_string()
        })
        .collect();
    let cell = |column: &str| -> String { cell_text(&cells[column_index(column)]).to_string() };
    let id = cell("id");
    let name = cell("name");
    if record.len() != header_len {
        let line = ImportLine {
            row,
            id,
            name,
            fields: Err(vec![format!(
                "This row has {} cells; the header has {header_len}",
                record.len()
            )]),
        };
        return FileLine { line, cells };
    }
    let mut errors = BTreeMap::new();
    for column in PRODUCT_COLUMNS {
        if holds_control(&cell(column)) {
            errors.insert(
                column,
                format!("{column} must not contain control characters"),
            );
        }
    }
    let number = |text: String| -> f64 {
        if text.is_empty() {
            0.0
        } else {
            text.parse().unwrap_or(f64::NAN)
        }
    };
    let optional = |text: String| (!text.is_empty()).then_some(text);
    let featured = match cell("featured").to_ascii_lowercase().as_str() {
        "" | "false" | "no" | "0" => false,
        "true" | "yes" | "1" => true,
        _ => {
            errors.insert("featured", "featured must be true or false".to_string());
            false
        }
    };
    let request = ProductRequest {
        name: name.clone(),
        description: cell("description"),
        price: Some(cell("price"))
            .filter(|text| !text.is_empty())
            .map(number),
        discount_percentage: number(cell("discountPercentage")),
        discount_end_date: optional(cell("discountEndDate")),
        stock: cell("stock").parse().ok(),
        category_id: String::new(),
        sub_category_id: String::new(),
        size: optional(cell("size")),
        color: optional(cell("color")),
        featured,
        version: None,
    };
    let input = product_fields(&request, &mut errors);
    let (category, sub_category) = (cell("category"), cell("subCategory"));
    if category.is_empty() {
        errors.insert("category", "Category is required".to_string());
    }
    if sub_category.is_empty() {
        errors.insert("subCategory", "Sub-category is required".to_string());
    }
    let fields = if errors.is_empty() {
        Ok(TitledProduct {
            input,
            category,
            sub_category,
        })
    } else {
        Err(errors
            .into_iter()
            .map(|(field, text)| {
                let given = PRODUCT_COLUMNS
                    .contains(&field)
                    .then(|| cells[column_index(field)].as_str());
                refusal(field, &text, given.unwrap_or(""))
            })
            .collect())
    };
    let line = ImportLine {
        row,
        id,
        name,
        fields,
    };
    FileLine { line, cells }
}

/// A field's refusal, with the value the file gave when it gave one ('price: Price
/// must be …, not 'abc''): the owner sees what to correct without opening the file.
/// A value with control characters is not quoted (the refusal says what is wrong).
fn refusal(field: &str, text: &str, given: &str) -> String {
    if given.is_empty() || holds_control(given) {
        return format!("{field}: {text}");
    }
    let quoted: String = if given.chars().count() > QUOTED_CHARS {
        let cut: String = given.chars().take(QUOTED_CHARS).collect();
        format!("{cut}…")
    } else {
        given.to_string()
    };
    format!("{field}: {text}, not '{quoted}'")
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "id,name,description,price,discountPercentage,discountEndDate,stock,category,subCategory,size,color,featured";

    fn rows(file: &str) -> Vec<u64> {
        read_products(file.as_bytes())
            .unwrap()
            .iter()
            .map(|l| l.line.row)
            .collect()
    }

    #[test]
    fn rows_are_numbered_as_a_spreadsheet_numbers_them() {
        let line = ",Tap,A tap.,10,0,,5,Faucets,Basin Taps,,,false";
        assert_eq!(rows(&format!("{HEADER}\n{line}\n{line}")), [2, 3]);
        // A quoted line break stays in its row.
        let two_lines =
            ",Tap,\"A tap.\nWith two lines\r\nor three.\",10,0,,5,Faucets,Basin Taps,,,false";
        assert_eq!(
            rows(&format!(
                "{HEADER}\n{two_lines}\n{line}\n{two_lines}\n{line}"
            )),
            [2, 3, 4, 5]
        );
        // A blank line is a row a spreadsheet shows empty.
        assert_eq!(rows(&format!("{HEADER}\n{line}\n\n{line}")), [2, 4]);
        assert_eq!(rows(&format!("{HEADER}\r\n{line}\r\n{line}\r\n")), [2, 3]);
    }

    #[test]
    fn a_refusal_quotes_the_value_the_file_gave() {
        assert_eq!(
            refusal("price", "Price must be a number", "abc"),
            "price: Price must be a number, not 'abc'"
        );
        assert_eq!(
            refusal("name", "Name is required", ""),
            "name: Name is required"
        );
        let long = "x".repeat(50);
        assert_eq!(
            refusal("size", "At most 40 characters", &long),
            format!("size: At most 40 characters, not '{}…'", "x".repeat(40))
        );
    }
}
