//! Reading a CSV file for an import (docs/DESIGN.md §8, §9, §11, §15): the header's
//! columns, then each line's cells, numbered as a spreadsheet numbers its rows (the
//! header is row 1; a line break inside a quoted cell does not start a row) and kept as
//! the file writes them, so the dry run can quote them. A products file is read with
//! [`PRODUCTS`] (`group.rs` makes products of its lines and checks them); a customer
//! group's price list with its own [`FileShape`].

use super::cells::{optional, PRODUCT_COLUMNS};
use crate::http::error::AppError;
use crate::http::extract::holds_control;

/// The most lines (variants, or a group's prices) one import takes.
pub const MAX_IMPORT_ROWS: usize = 10_000;

/// What one kind of file holds: its columns, which may be left out, and how a refusal
/// of the whole file names what is in it.
pub struct FileShape {
    pub columns: &'static [&'static str],
    pub optional: fn(&str) -> bool,
    /// 'The file has no … in it'.
    pub nothing: &'static str,
    /// How to split a file of more than [`MAX_IMPORT_ROWS`] rows.
    pub split: &'static str,
}

/// A products file: the export's columns.
const PRODUCTS: FileShape = FileShape {
    columns: &PRODUCT_COLUMNS,
    optional,
    nothing: "The file has no products in it",
    split: "split it (keeping each product's rows together) and import each part",
};
/// The longest bad value a refusal quotes before cutting it short.
const QUOTED_CHARS: usize = 40;

/// One line of the file: a variant of a product, or a group's price.
pub struct FileLine {
    /// The row as a spreadsheet numbers it.
    pub row: u64,
    /// Each of the shape's columns, in its order, as the file writes it (trimmed; empty
    /// for a column the file leaves out).
    pub cells: Vec<String>,
    /// Set when the line has another number of cells than the header.
    pub ragged: Option<String>,
}

/// A products file's lines; a file that is not a products CSV at all is a 400 saying why.
pub(super) fn read_lines(bytes: &[u8]) -> Result<Vec<FileLine>, AppError> {
    read_file(bytes, &PRODUCTS)
}

/// The lines of a file of `shape`; a file that is not such a CSV at all is a 400 saying
/// why.
pub fn read_file(bytes: &[u8], shape: &FileShape) -> Result<Vec<FileLine>, AppError> {
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
    let columns = column_positions(&header, shape)?;
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
                "A file can hold at most {MAX_IMPORT_ROWS} rows: {}",
                shape.split
            )));
        }
        let row = record
            .position()
            .map_or(0, |p| rows.row_at(p.byte() as usize));
        rows.skip_cells(line_breaks(&record));
        lines.push(file_line(row, &record, &columns, header.len()));
    }
    if lines.is_empty() {
        return Err(AppError::bad_request(shape.nothing));
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

/// Where each of the shape's columns is in the file (`None`: an optional one left out).
fn column_positions(
    header: &csv::StringRecord,
    shape: &FileShape,
) -> Result<Vec<Option<usize>>, AppError> {
    let names: Vec<&str> = header.iter().map(str::trim).collect();
    if names.iter().all(|name| name.is_empty()) {
        return Err(AppError::bad_request("The file has no header line"));
    }
    for (i, name) in names.iter().enumerate() {
        if !shape.columns.iter().any(|c| c.eq_ignore_ascii_case(name)) {
            return Err(AppError::bad_request(format!(
                "Unknown column '{name}': the columns are {}",
                shape.columns.join(", ")
            )));
        }
        if names[..i].iter().any(|n| n.eq_ignore_ascii_case(name)) {
            return Err(AppError::bad_request(format!(
                "The column '{name}' is there twice"
            )));
        }
    }
    shape
        .columns
        .iter()
        .map(|column| {
            let at = names.iter().position(|n| n.eq_ignore_ascii_case(column));
            if at.is_none() && !(shape.optional)(column) {
                return Err(AppError::bad_request(format!(
                    "The file has no '{column}' column"
                )));
            }
            Ok(at)
        })
        .collect()
}

/// One line of the file, its cells in the shape's columns' order.
fn file_line(
    row: u64,
    record: &csv::StringRecord,
    columns: &[Option<usize>],
    header_len: usize,
) -> FileLine {
    let cells = columns
        .iter()
        .map(|at| {
            at.and_then(|i| record.get(i))
                .unwrap_or("")
                .trim()
                .to_string()
        })
        .collect();
    let ragged = (record.len() != header_len).then(|| {
        format!(
            "This row has {} cells; the header has {header_len}",
            record.len()
        )
    });
    FileLine { row, cells, ragged }
}

/// A field's refusal, with the value the file gave when it gave one ('price: Price
/// must be …, not 'abc''): the owner sees what to correct without opening the file.
/// A value with control characters is not quoted (the refusal says what is wrong).
pub fn refusal(field: &str, text: &str, given: &str) -> String {
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
        read_lines(file.as_bytes())
            .unwrap()
            .iter()
            .map(|l| l.row)
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
