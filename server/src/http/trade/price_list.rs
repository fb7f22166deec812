//! A customer group's price list as a CSV file (docs/DESIGN.md §11): exported as a
//! spreadsheet opens it, and imported from one (SKU and price a line; an empty price
//! removes the group's price), checked line by line in a dry run and then written in
//! one transaction or not at all, as the products file is (`catalogue/csv`).

use std::collections::HashMap;

use axum::body::Body;
use axum::extract::State;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::stream;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use super::groups::{group_price, refused, GroupId, NOT_FOUND};
use crate::domain::time::iso8601;
use crate::domain::Money;
use crate::http::catalogue::csv::{
    cell_text, csv_lines, csv_response, nothing_imported, read_file, refusal, text_cell, FileLine,
    FileShape, ImportQuery,
};
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiQuery, PathId};
use crate::http::identity::AdminUser;
use crate::http::{ok, AppState, Envelope};
use crate::store::customer_groups::{PriceFileLine, PriceListLine, PriceOutcome};

#[derive(OpenApi)]
#[openapi(paths(export_prices, import_prices))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new().route(
        "/admin/customer-group/{id}/price/export",
        get(export_prices),
    )
}

/// The import takes a file of up to [`MAX_PRICE_FILE_BYTES`]: its body limit is its own.
pub fn import_router() -> Router<AppState> {
    Router::new().route(
        "/admin/customer-group/{id}/price/import",
        post(import_prices),
    )
}

/// The largest price list an import reads.
pub const MAX_PRICE_FILE_BYTES: usize = 2 * 1024 * 1024;
/// Prices read from the database for each part of an export.
const EXPORT_PAGE: i64 = 500;

/// The file's columns: the import reads `sku` and `price` and passes over the others.
const COLUMNS: [&str; 4] = ["sku", "productName", "shopPrice", "price"];
const SKU: usize = 0;
const PRICE: usize = 3;

const PRICE_LIST: FileShape = FileShape {
    columns: &COLUMNS,
    optional: read_only,
    nothing: "The file has no prices in it",
    split: "split it and import each part",
};

/// The columns the import passes over, which a file may leave out.
fn read_only(column: &str) -> bool {
    matches!(column, "productName" | "shopPrice")
}

/// What importing a group's price list did or, in a dry run, would do.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceListImport {
    /// Whether the file was written (`apply=true` and no row refused).
    pub applied: bool,
    /// Rows that set a price.
    pub set: i64,
    /// Rows that remove the group's price.
    pub removed: i64,
    /// Rows that change nothing (the price is the group's already, or an empty price
    /// where the group has none); left out of `rows`.
    pub unchanged: i64,
    pub refused: i64,
    /// Each row that sets, removes or is refused, in the file's order.
    pub rows: Vec<PriceListRow>,
}

/// A row of the file that sets, removes or is refused.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceListRow {
    /// As a spreadsheet numbers it: the header is row 1.
    pub row: u64,
    /// The SKU as the file writes it.
    pub sku: String,
    /// `set`, `remove` or `refuse`.
    pub action: String,
    /// The group's price before (`null`: none).
    pub from: Option<f64>,
    /// The group's price after (`null`: none).
    pub to: Option<f64>,
    /// Why the row is refused, quoting the value.
    pub errors: Vec<String>,
    /// What to look at again: 'Above the shop price of 12.50', 'Check this price: less
    /// than half the shop price of 12.50'.
    pub warnings: Vec<String>,
}

/// A group's prices as CSV.
#[utoipa::path(get, path = "/api/admin/customer-group/{id}/price/export", tag = "admin",
    params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "`group-prices-NAME-YYYY-MM-DD.csv` (text/csv, UTF-8): a header line, then one line per variant in the shop the group has a price for, by variant, with the columns sku, productName, shopPrice (the variant's own price, before a product discount) and price (the group's)", content_type = "text/csv", body = String),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Customer group not found'", body = ErrorBody),
    ))]
pub async fn export_prices(
    State(state): State<AppState>,
    _admin: AdminUser,
    PathId(id, _): PathId<GroupId>,
) -> Result<Response, AppError> {
    let group = state
        .customer_groups
        .get(id.as_str())
        .await?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    let groups = state.customer_groups.clone();
    let id = id.as_str().to_string();
    // The cursor: the last variant written; `None` once the last page is out.
    let pages = stream::unfold(Some(String::new()), move |after| {
        let (groups, id) = (groups.clone(), id.clone());
        async move {
            let after = after?;
            match groups.price_list_after(&id, &after, EXPORT_PAGE).await {
                Err(e) => Some((Err(e), None)),
                // The group was deleted while its list was read: the file ends.
                Ok(None) => None,
                Ok(Some(lines)) if lines.is_empty() => None,
                Ok(Some(lines)) => {
                    let next = (lines.len() as i64 == EXPORT_PAGE)
                        .then(|| lines.last().map(|l| l.variant_id.clone()))
                        .flatten();
                    Some((Ok(csv_lines(lines.iter().map(price_cells))), next))
                }
            }
        }
    });
    let day = &iso8601(state.clock.now_ms())[..10];
    let name = file_name_part(&group.rules.name);
    Ok(csv_response(
        &format!("group-prices-{name}-{day}.csv"),
        &COLUMNS,
        pages,
    ))
}

fn price_cells(line: &PriceListLine) -> Vec<String> {
    vec![
        text_cell(&line.sku),
        text_cell(&line.product_name),
        line.shop_price.to_string(),
        line.price.to_string(),
    ]
}

/// A group's name as part of a file name: letters and digits, dashes between words.
fn file_name_part(name: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let joined: String = words.join("-").chars().take(40).collect();
    let joined = joined.trim_end_matches('-');
    if joined.is_empty() {
        "group".into()
    } else {
        joined.into()
    }
}

/// Checks a group's price list (the export's columns; productName and shopPrice may be
/// left out and are passed over) line by line, and with `apply=true` writes it: every
/// line in one transaction or, when any line is refused, none.
#[utoipa::path(post, path = "/api/admin/customer-group/{id}/price/import", tag = "admin",
    params(("id" = String, Path), ImportQuery),
    request_body(content = String, content_type = "text/csv",
        description = "The file: UTF-8, a header line naming sku and price, and optionally productName and shopPrice, in any order; then a line per variant: its SKU (any case) and the group's price (0.01 to the largest product price, at most two decimals), or an empty price to remove the group's price. Each SKU once. At most 2 MB and 10,000 lines"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Price list checked' (a dry run) or 'Price list imported': how many rows set, remove, change nothing or are refused, and each row that sets or removes (from and to, with warnings) or is refused (with why, quoting the value), numbered as a spreadsheet numbers its rows", body = Envelope<PriceListImport>),
        (status = 400, description = "A file that cannot be read as a price list: not UTF-8, not CSV, a column missing, unknown or twice, no lines, or more than 10,000; or `apply` neither true nor false", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Customer group not found'", body = ErrorBody),
        (status = 413, description = "'The file must be at most 2 MB'", body = ErrorBody),
        (status = 422, description = "`apply=true` with refused rows: 'Nothing was imported: N rows are refused', `errors` by row ('row 3'); nothing is written", body = ErrorBody),
    ))]
pub async fn import_prices(
    State(state): State<AppState>,
    admin: AdminUser,
    PathId(id, _): PathId<GroupId>,
    ApiQuery(query): ApiQuery<ImportQuery>,
    body: Body,
) -> Result<Json<Envelope<PriceListImport>>, AppError> {
    let apply = query.apply()?;
    if state.customer_groups.get(id.as_str()).await?.is_none() {
        return Err(AppError::NotFound(NOT_FOUND.into()));
    }
    let bytes = axum::body::to_bytes(body, MAX_PRICE_FILE_BYTES)
        .await
        .map_err(|_| AppError::PayloadTooLarge("The file must be at most 2 MB".into()))?;
    let lines = read_file(&bytes, &PRICE_LIST)?;
    let checked = checked_lines(&lines);
    let readable: Vec<PriceFileLine> = checked.iter().filter_map(|c| c.clone().ok()).collect();
    let all_readable = readable.len() == lines.len();
    let (outcomes, applied) = state
        .customer_groups
        .import_prices(
            id.as_str(),
            &readable,
            apply && all_readable,
            &admin.actor(),
            &state.activity,
        )
        .await?
        .map_err(refused)?;
    let mut outcomes = outcomes.into_iter();
    let report = report_of(
        lines
            .iter()
            .zip(checked)
            .map(|(line, checked)| (line, checked.map(|_| outcomes.next()))),
        applied,
    );
    if apply && report.refused > 0 {
        let refused = report
            .rows
            .iter()
            .map(|row| (row.row, row.errors.as_slice()));
        return Err(nothing_imported(report.refused as usize, refused));
    }
    let message = if applied {
        "Price list imported"
    } else {
        "Price list checked"
    };
    Ok(ok(message, report))
}

/// Each line's SKU and price, or why the line is refused before the shop is asked.
fn checked_lines(lines: &[FileLine]) -> Vec<Result<PriceFileLine, String>> {
    let mut first_row: HashMap<String, u64> = HashMap::new();
    lines
        .iter()
        .map(|line| {
            if let Some(ragged) = &line.ragged {
                return Err(ragged.clone());
            }
            let sku = cell_text(&line.cells[SKU]).to_string();
            if sku.is_empty() {
                return Err("sku: A SKU is required".into());
            }
            if let Some(row) = first_row.get(&sku.to_lowercase()) {
                return Err(format!("sku: This SKU is on row {row} too"));
            }
            first_row.insert(sku.to_lowercase(), line.row);
            let cell = &line.cells[PRICE];
            let price = if cell.is_empty() {
                None
            } else {
                let value = cell.parse::<f64>().map_err(|_| {
                    refusal(
                        "price",
                        "Price must be a number, or empty to remove it",
                        cell,
                    )
                })?;
                Some(group_price(value).map_err(|why| refusal("price", &why, cell))?)
            };
            Ok(PriceFileLine { sku, price })
        })
        .collect()
}

/// The report of `lines`: each with why it was refused, or what the shop says it does
/// (`None` only if the shop answered fewer lines than it was given).
fn report_of<'a>(
    lines: impl Iterator<Item = (&'a FileLine, Result<Option<PriceOutcome>, String>)>,
    applied: bool,
) -> PriceListImport {
    let mut report = PriceListImport {
        applied,
        set: 0,
        removed: 0,
        unchanged: 0,
        refused: 0,
        rows: Vec::new(),
    };
    for (line, outcome) in lines {
        let row = |action: &str, from: Option<Money>, to: Option<Money>| PriceListRow {
            row: line.row,
            sku: line.cells[SKU].clone(),
            action: action.into(),
            from: from.map(|m| m.as_f64()),
            to: to.map(|m| m.as_f64()),
            errors: Vec::new(),
            warnings: Vec::new(),
        };
        let refuse = |why: String| PriceListRow {
            errors: vec![why],
            ..row("refuse", None, None)
        };
        match outcome {
            Err(why) => {
                report.refused += 1;
                report.rows.push(refuse(why));
            }
            Ok(None) | Ok(Some(PriceOutcome::UnknownSku)) => {
                report.refused += 1;
                report.rows.push(refuse(refusal(
                    "sku",
                    "No product in the shop has this SKU",
                    &line.cells[SKU],
                )));
            }
            Ok(Some(PriceOutcome::Unchanged)) => report.unchanged += 1,
            Ok(Some(PriceOutcome::Removed { from })) => {
                report.removed += 1;
                report.rows.push(row("remove", Some(from), None));
            }
            Ok(Some(PriceOutcome::Set {
                from,
                to,
                shop_price,
            })) => {
                report.set += 1;
                report.rows.push(PriceListRow {
                    warnings: warnings(to, shop_price),
                    ..row("set", from, Some(to))
                });
            }
        }
    }
    report
}

/// What to look at again in a group's price `to` of a variant whose own price is
/// `shop_price`.
fn warnings(to: Money, shop_price: Money) -> Vec<String> {
    if to.cents() > shop_price.cents() {
        vec![format!("Above the shop price of {shop_price}")]
    } else if to.cents() * 2 < shop_price.cents() {
        vec![format!(
            "Check this price: less than half the shop price of {shop_price}"
        )]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_name_becomes_a_safe_part_of_a_file_name() {
        assert_eq!(file_name_part("Trade"), "trade");
        assert_eq!(file_name_part("  Gold / Heating & Co. "), "gold-heating-co");
        assert_eq!(file_name_part("Ünïcode"), "n-code");
        assert_eq!(file_name_part("***"), "group");
    }

    #[test]
    fn a_price_far_from_the_shop_price_is_flagged() {
        let cents = Money::from_cents;
        assert!(warnings(cents(900), cents(1_000)).is_empty());
        assert!(warnings(cents(500), cents(1_000)).is_empty());
        assert_eq!(
            warnings(cents(1_001), cents(1_000)),
            ["Above the shop price of 10.00"]
        );
        assert_eq!(
            warnings(cents(499), cents(1_000)),
            ["Check this price: less than half the shop price of 10.00"]
        );
    }
}
