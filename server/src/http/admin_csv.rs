//! The console's CSV files (DESIGN.md §8): every product, and the orders of a range of
//! days, as spreadsheets open them; and products imported from such a file, checked
//! line by line (a dry run), then written in one transaction or not at all.
//!
//! Exports are streamed a page at a time, so a catalogue of any size costs the server
//! one page of memory. Text cells that a spreadsheet would run as a formula (starting
//! with `=`, `+`, `-` or `@`) are written with a leading `'`, which the import takes off
//! again: a shopper's name cannot become a formula on the owner's machine.

use std::collections::BTreeMap;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::stream::{self, StreamExt};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::admin_catalogue::actor_of;
use super::admin_product_form::{product_fields, ProductRequest};
use super::error::{AppError, ErrorBody};
use super::extract::{holds_control, ApiQuery};
use super::identity::AdminUser;
use super::{ok, AppState, Envelope};
use crate::domain::time::{iso8601, parse_date, DAY_MS};
use crate::store::catalogue::import::{ImportAction, ImportLine, LineOutcome, TitledProduct};
use crate::store::catalogue::ProductRow;
use crate::store::orders::OrderRow;

#[derive(OpenApi)]
#[openapi(paths(export_products, export_orders, import_products))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/product/export", get(export_products))
        .route("/admin/order/export", get(export_orders))
}

/// The import takes a file of up to [`MAX_IMPORT_BYTES`]: its body limit is its own.
pub fn import_router() -> Router<AppState> {
    Router::new().route("/admin/product/import", post(import_products))
}

/// The largest file an import reads.
pub const MAX_IMPORT_BYTES: usize = 10 * 1024 * 1024;
/// The most product lines one import takes.
pub const MAX_IMPORT_ROWS: usize = 10_000;
/// The longest range of days one orders export covers.
const MAX_EXPORT_DAYS: i64 = 366;
/// Rows read from the database for each part of an export.
const EXPORT_PAGE: i64 = 500;

/// The products file's columns, in order. `archived` is written, and ignored on import.
const PRODUCT_COLUMNS: [&str; 13] = [
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
const OPTIONAL_COLUMNS: [&str; 2] = ["id", "archived"];

const ORDER_COLUMNS: [&str; 20] = [
    "number",
    "placedAt",
    "status",
    "paymentStatus",
    "paymentMethod",
    "fulfilment",
    "firstName",
    "companyName",
    "email",
    "phone",
    "streetAddress",
    "apartment",
    "townCity",
    "items",
    "subtotal",
    "discount",
    "promoCode",
    "promoDiscount",
    "deliveryFee",
    "total",
];

/// Every product, archived ones too, as CSV.
#[utoipa::path(get, path = "/api/admin/product/export", tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`products-YYYY-MM-DD.csv` (text/csv, UTF-8): a header line, then one line per product in id order, with the columns id, name, description, price, discountPercentage, discountEndDate, stock, category, subCategory, size, color, featured, archived", content_type = "text/csv", body = String),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn export_products(State(state): State<AppState>, _admin: AdminUser) -> Response {
    let catalogue = state.catalogue.clone();
    // The cursor: the last id written; `None` once the last page is out.
    let pages = stream::unfold(Some(String::new()), move |after| {
        let catalogue = catalogue.clone();
        async move {
            let after = after?;
            match catalogue.products_after(Some(&after), EXPORT_PAGE).await {
                Err(e) => Some((Err(e), None)),
                Ok(rows) if rows.is_empty() => None,
                Ok(rows) => {
                    let next = (rows.len() as i64 == EXPORT_PAGE)
                        .then(|| rows.last().map(|row| row.id.clone()))
                        .flatten();
                    Some((Ok(csv_lines(rows.iter().map(product_cells))), next))
                }
            }
        }
    });
    let day = &iso8601(state.clock.now_ms())[..10];
    csv_response(&format!("products-{day}.csv"), &PRODUCT_COLUMNS, pages)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderExportQuery {
    /// The first day, `YYYY-MM-DD` (UTC).
    #[param(required = true, format = Date)]
    pub from: Option<String>,
    /// The last day, `YYYY-MM-DD` (UTC), included, and not before `from`.
    #[param(required = true, format = Date)]
    pub to: Option<String>,
}

/// The orders placed on a range of days, as CSV.
#[utoipa::path(get, path = "/api/admin/order/export", tag = "admin", params(OrderExportQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`orders-FROM-to-TO.csv` (text/csv, UTF-8): one line per order placed from the first day to the last (UTC, both included), oldest first, with the columns number, placedAt, status, paymentStatus, paymentMethod, fulfilment, firstName, companyName, email, phone, streetAddress, apartment, townCity, items, subtotal, discount, promoCode, promoDiscount, deliveryFee, total", content_type = "text/csv", body = String),
        (status = 400, description = "A missing or malformed day, the last before the first, or more than 366 days, named in `errors`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn export_orders(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(query): ApiQuery<OrderExportQuery>,
) -> Result<Response, AppError> {
    let mut errors = BTreeMap::new();
    let mut day = |text: Option<&str>, field: &'static str| {
        let text = text.map(str::trim).unwrap_or("");
        let day = parse_date(text);
        if day.is_none() {
            errors.insert(field, format!("{field} must be a day like 2026-11-01"));
        }
        (text.to_string(), day.unwrap_or(0))
    };
    let (from_text, from) = day(query.from.as_deref(), "from");
    let (to_text, to) = day(query.to.as_deref(), "to");
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    if to < from {
        return Err(AppError::field(
            "to",
            "The last day must not be before the first",
        ));
    }
    if (to - from) / DAY_MS + 1 > MAX_EXPORT_DAYS {
        return Err(AppError::field(
            "to",
            format!("Export at most {MAX_EXPORT_DAYS} days at once"),
        ));
    }
    let until = to + DAY_MS;
    let orders = state.orders.clone();
    let pages = stream::unfold(Some(None), move |after| {
        let orders = orders.clone();
        async move {
            let after = after?;
            match orders.placed_between(from, until, after, EXPORT_PAGE).await {
                Err(e) => Some((Err(e), None)),
                Ok(rows) if rows.is_empty() => None,
                Ok(rows) => {
                    let next = (rows.len() as i64 == EXPORT_PAGE)
                        .then(|| rows.last().map(|o| Some((o.created_at, o.id.to_string()))))
                        .flatten();
                    Some((Ok(csv_lines(rows.iter().map(order_cells))), next))
                }
            }
        }
    });
    Ok(csv_response(
        &format!("orders-{from_text}-to-{to_text}.csv"),
        &ORDER_COLUMNS,
        pages,
    ))
}

/// A CSV download: the header line, then each page's lines as they are read. A
/// failure part-way ends the body early (the client sees a broken download) and is
/// logged.
fn csv_response(
    filename: &str,
    columns: &[&str],
    pages: impl futures_util::Stream<Item = Result<Vec<u8>, sqlx::Error>> + Send + 'static,
) -> Response {
    let header_line = csv_lines([columns.iter().map(|c| c.to_string()).collect()]);
    let body = stream::once(async move { Ok(header_line) })
        .chain(pages)
        // The compression layer polls once more after the end; unfold must not be.
        .fuse()
        .map(|page| {
            page.map(Bytes::from).inspect_err(|e| {
                tracing::error!(error = %e, "a CSV export failed part-way");
            })
        });
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{filename}\""))
        .expect("a file name of digits, letters and dashes");
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/csv; charset=utf-8"),
            ),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        Body::from_stream(body),
    )
        .into_response()
}

/// `rows` as CSV lines.
fn csv_lines(rows: impl IntoIterator<Item = Vec<String>>) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer
            .write_record(&row)
            .expect("writing CSV to memory cannot fail");
    }
    writer
        .into_inner()
        .expect("writing CSV to memory cannot fail")
}

fn product_cells(p: &ProductRow) -> Vec<String> {
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

fn order_cells(o: &OrderRow) -> Vec<String> {
    let items = o
        .lines
        .iter()
        .map(|line| format!("{} × {}", line.quantity, line.name))
        .collect::<Vec<_>>()
        .join("; ");
    let c = &o.contact;
    vec![
        o.number.clone(),
        iso8601(o.created_at),
        o.status.as_str().to_string(),
        o.payment_status.as_str().to_string(),
        o.payment_method.clone(),
        o.fulfilment.as_str().to_string(),
        text_cell(&c.first_name),
        text_cell(&c.company_name),
        text_cell(&c.email_address),
        text_cell(&c.phone_number),
        text_cell(&c.street_address),
        text_cell(&c.apartment),
        text_cell(&c.town_city),
        text_cell(&items),
        o.totals.subtotal.to_string(),
        o.totals.discount.to_string(),
        text_cell(o.promo_code.as_deref().unwrap_or("")),
        o.totals.promo_discount.to_string(),
        o.totals.delivery_fee.to_string(),
        o.totals.total.to_string(),
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
fn text_cell(text: &str) -> String {
    if formula_like(text) || text.starts_with('\'') {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

/// A cell as the text it stands for: [`text_cell`] undone.
fn cell_text(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if formula_like(rest) || rest.starts_with('\'') => rest,
        _ => cell,
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// `false` (default): only check the file and report; `true`: write it.
    #[param(pattern = "^(?:true|false)?$")]
    pub apply: Option<String>,
}

/// What an import did, or would do, with each line of the file.
#[derive(Serialize, ToSchema)]
pub struct ImportReport {
    /// Whether the products were written (never in a dry run).
    pub applied: bool,
    pub created: usize,
    pub updated: usize,
    pub unchanged: usize,
    pub refused: usize,
    /// Every product line, in the file's order.
    pub rows: Vec<ImportRow>,
}

#[derive(Serialize, ToSchema)]
pub struct ImportRow {
    /// The line in the file; the header is line 1.
    pub line: u64,
    /// `create`, `update`, `unchanged` or `refuse`.
    pub action: String,
    /// The product's id: the file's for an update, the new one once a create is
    /// applied, null for a create in a dry run.
    pub id: Option<String>,
    pub name: String,
    /// Why the line is refused, one sentence each, each naming its column.
    pub errors: Vec<String>,
}

/// Checks a products CSV (the export's columns; `id` empty for a new product, and
/// `archived` ignored) line by line, and with `apply=true` writes it: every line in
/// one transaction, or, when any line is refused, none.
#[utoipa::path(post, path = "/api/admin/product/import", tag = "admin", params(ImportQuery),
    request_body(content = String, content_type = "text/csv",
        description = "The file: UTF-8, a header line naming the columns id (may be left out), name, description, price, discountPercentage, discountEndDate, stock, category, subCategory (titles), size, color, featured (true or false) and archived (may be left out; ignored), in any order; at most 10 MB and 10,000 products"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Import checked' (a dry run) or 'Products imported', with what each line does", body = Envelope<ImportReport>),
        (status = 400, description = "A file that cannot be read as products: not UTF-8, not CSV, a column missing, unknown or twice, no products, or more than 10,000", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 413, description = "'The file must be at most 10 MB'", body = ErrorBody),
        (status = 422, description = "`apply=true` with refused lines: 'Nothing was imported: N lines are refused', `errors` by line ('line 3'); nothing is written", body = ErrorBody),
    ))]
pub async fn import_products(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiQuery(query): ApiQuery<ImportQuery>,
    body: Body,
) -> Result<Json<Envelope<ImportReport>>, AppError> {
    let apply = match query.apply.as_deref().map(str::trim) {
        None | Some("") | Some("false") => false,
        Some("true") => true,
        Some(_) => return Err(AppError::field("apply", "apply must be true or false")),
    };
    let bytes = axum::body::to_bytes(body, MAX_IMPORT_BYTES)
        .await
        .map_err(|_| AppError::PayloadTooLarge("The file must be at most 10 MB".into()))?;
    let lines = read_products(&bytes)?;
    let (outcomes, applied) = state
        .catalogue
        .import_products(lines, apply, &actor_of(&admin), &state.activity)
        .await?;
    let report = report_of(outcomes, applied);
    if apply && report.refused > 0 {
        let errors = report
            .rows
            .iter()
            .filter(|row| !row.errors.is_empty())
            .map(|row| (format!("line {}", row.line), row.errors.join("; ")))
            .collect();
        return Err(AppError::Unprocessable {
            message: format!(
                "Nothing was imported: {} {} refused",
                report.refused,
                if report.refused == 1 {
                    "line is"
                } else {
                    "lines are"
                }
            ),
            errors,
        });
    }
    let message = if applied {
        "Products imported"
    } else {
        "Import checked"
    };
    Ok(ok(message, report))
}

fn report_of(outcomes: Vec<LineOutcome>, applied: bool) -> ImportReport {
    let count = |action| outcomes.iter().filter(|o| o.action == action).count();
    ImportReport {
        applied,
        created: count(ImportAction::Create),
        updated: count(ImportAction::Update),
        unchanged: count(ImportAction::Unchanged),
        refused: count(ImportAction::Refuse),
        rows: outcomes
            .into_iter()
            .map(|o| ImportRow {
                line: o.line,
                action: match o.action {
                    ImportAction::Create => "create",
                    ImportAction::Update => "update",
                    ImportAction::Unchanged => "unchanged",
                    ImportAction::Refuse => "refuse",
                }
                .to_string(),
                id: o.id,
                name: o.name,
                errors: o.errors,
            })
            .collect(),
    }
}

/// The file's product lines, each with its fields checked; a file that is not a
/// products CSV at all is a 400 saying why.
fn read_products(bytes: &[u8]) -> Result<Vec<ImportLine>, AppError> {
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
    let mut lines = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            AppError::bad_request(format!("The file is not CSV: line {line} cannot be read"))
        })?;
        if lines.len() == MAX_IMPORT_ROWS {
            return Err(AppError::bad_request(format!(
                "A file can hold at most {MAX_IMPORT_ROWS} products: split it and import each part"
            )));
        }
        let line = record.position().map_or(0, |p| p.line());
        lines.push(product_line(line, &record, &columns, header.len()));
    }
    if lines.is_empty() {
        return Err(AppError::bad_request("The file has no products in it"));
    }
    Ok(lines)
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
    line: u64,
    record: &csv::StringRecord,
    columns: &[Option<usize>],
    header_len: usize,
) -> ImportLine {
    let cell = |column: &str| -> String {
        let at = PRODUCT_COLUMNS.iter().position(|c| *c == column);
        let text = at
            .and_then(|i| columns[i])
            .and_then(|i| record.get(i))
            .unwrap_or("");
        cell_text(text.trim()).to_string()
    };
    let id = cell("id");
    let name = cell("name");
    if record.len() != header_len {
        return ImportLine {
            line,
            id,
            name,
            fields: Err(vec![format!(
                "This line has {} cells; the header has {header_len}",
                record.len()
            )]),
        };
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
            .map(|(field, text)| format!("{field}: {text}"))
            .collect())
    };
    ImportLine {
        line,
        id,
        name,
        fields,
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
