//! The console's CSV files (docs/DESIGN.md §8, §9): every product, one line per variant,
//! and the orders of a range of days, as spreadsheets open them; and products imported
//! from such a file, checked line by line (a dry run), then written in one transaction
//! or not at all.
//!
//! Exports are streamed a page at a time, so a catalogue of any size costs the server
//! one page of memory. How a variant reads in the file is `cells.rs`; reading an
//! imported file is `read.rs`, making products of its lines `group.rs`, and what the
//! import reports `dry_run.rs`.

mod cells;
pub mod dry_run;
mod group;
mod read;

pub(crate) use self::cells::{cell_text, text_cell};
pub(crate) use self::read::{read_file, refusal, FileLine, FileShape};

use std::collections::{BTreeMap, HashMap};

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::stream::{self, StreamExt};
use serde::Deserialize;
use utoipa::{IntoParams, OpenApi};

use self::cells::{variant_cells, PRODUCT_COLUMNS};
use self::dry_run::{report_of, ImportReport};
use self::group::products_of;
use self::read::read_lines;
use crate::domain::time::{iso8601, parse_date, DAY_MS};
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::ApiQuery;
use crate::http::identity::{actor_of, AdminUser};
use crate::http::{ok, AppState, Envelope};
use crate::store::catalogue::{ProductRow, VariantRow};
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
/// The longest range of days one orders export covers.
const MAX_EXPORT_DAYS: i64 = 366;
/// Rows read from the database for each part of an export.
const EXPORT_PAGE: i64 = 500;

const ORDER_COLUMNS: [&str; 24] = [
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
    // Added with tax and delivery methods (docs/DESIGN.md §10), after the columns a
    // spreadsheet made from an earlier export reads by position.
    "postcode",
    "country",
    "deliveryMethod",
    "taxTotal",
];

/// Every product, archived ones too, as CSV.
#[utoipa::path(get, path = "/api/admin/product/export", tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`products-YYYY-MM-DD.csv` (text/csv, UTF-8): a header line, then one line per variant in the shop (products in id order, each product's variants in their order; a product whose variants are all archived as one line with its price and stock), with the columns id, name, description, price, discountPercentage, discountEndDate, stock, category, subCategory, size, color, featured, archived, handle (empty), variantId, sku, option1Name, option1Value, option2Name, option2Value, option3Name, option3Value, weightGrams, unit, packSize, minQuantity, quantityStep, taxClass. The product's own fields repeat on each of its lines; price, stock, sku, the option values and weightGrams are the variant's", content_type = "text/csv", body = String),
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
                    let ids: Vec<&str> = rows.iter().map(|row| row.id.as_str()).collect();
                    match catalogue.variants_by_product(&ids, false).await {
                        Err(e) => Some((Err(e), None)),
                        Ok(variants) => {
                            Some((Ok(csv_lines(variant_lines(&rows, &variants))), next))
                        }
                    }
                }
            }
        }
    });
    let day = &iso8601(state.clock.now_ms())[..10];
    csv_response(&format!("products-{day}.csv"), &PRODUCT_COLUMNS, pages)
}

/// Each of `products`' variants in the shop as a line, in the product's order; a
/// product with none (all archived) as one line of its own.
fn variant_lines<'a>(
    products: &'a [ProductRow],
    variants: &'a HashMap<String, Vec<VariantRow>>,
) -> impl Iterator<Item = Vec<String>> + 'a {
    products.iter().flat_map(move |product| {
        match variants.get(&product.id).filter(|v| !v.is_empty()) {
            Some(variants) => variants
                .iter()
                .map(|v| variant_cells(product, Some(v)))
                .collect::<Vec<_>>(),
            None => vec![variant_cells(product, None)],
        }
    })
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
pub(crate) fn csv_response(
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

/// An import applied with `refused` rows refused: 422 'Nothing was imported: N rows
/// are refused', `errors` by 'row N' (each of `rows`, its row and why, that has a why).
pub(crate) fn nothing_imported<'a>(
    refused: usize,
    rows: impl Iterator<Item = (u64, &'a [String])>,
) -> AppError {
    let errors: BTreeMap<String, String> = rows
        .filter(|(_, errors)| !errors.is_empty())
        .map(|(row, errors)| (format!("row {row}"), errors.join("; ")))
        .collect();
    AppError::Unprocessable {
        message: format!(
            "Nothing was imported: {refused} {} refused",
            if refused == 1 { "row is" } else { "rows are" }
        ),
        errors,
    }
}

/// `rows` as CSV lines.
pub(crate) fn csv_lines(rows: impl IntoIterator<Item = Vec<String>>) -> Vec<u8> {
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
        text_cell(&c.postcode),
        text_cell(&c.country),
        text_cell(o.delivery_method.as_ref().map_or("", |m| m.name.as_str())),
        o.tax
            .as_ref()
            .map_or_else(String::new, |t| t.tax_total.to_string()),
    ]
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// `false` (default): only check the file and report; `true`: write it.
    #[param(pattern = "^(?:true|false)?$")]
    pub apply: Option<String>,
}

impl ImportQuery {
    /// Whether to write the file (`true`) or only check it.
    pub fn apply(&self) -> Result<bool, AppError> {
        match self.apply.as_deref().map(str::trim) {
            None | Some("") | Some("false") => Ok(false),
            Some("true") => Ok(true),
            Some(_) => Err(AppError::field("apply", "apply must be true or false")),
        }
    }
}

/// Checks a products CSV (the export's columns; `id` empty for a new product, and
/// `archived` ignored) line by line, and with `apply=true` writes it: every line in
/// one transaction, or, when any line is refused, none. Lines with the same `id` (or,
/// for new products, the same `handle`) are one product, one line per variant; a
/// line writes only the fields it changes.
#[utoipa::path(post, path = "/api/admin/product/import", tag = "admin", params(ImportQuery),
    request_body(content = String, content_type = "text/csv",
        description = "The file: UTF-8, a header line naming the export's columns in any order: id, name, description, price, discountPercentage, discountEndDate, stock, category, subCategory (titles), size, color, featured (true or false), and those that may be left out: archived (ignored), handle, variantId, sku, option1Name … option3Value, weightGrams, unit, packSize, minQuantity, quantityStep, taxClass (standard, reduced or zero; empty or left out keeps a product's class, a new one's is standard). Lines with the same id, or for a new product the same handle, are one product, one line per variant, and give the same product fields (name to featured, option names, unit to taxClass); an existing variant is matched by variantId, else by sku, and one no line names is deleted (archived when an order names it); a variant's stock is set to the number given. A product's single line with no variantId, sku or options sets its one variant from price and stock. At most 10 MB and 10,000 lines"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Import checked' (a dry run) or 'Products imported': how many lines create, update, change nothing or are refused, and each line that creates, updates (with the fields it changes, from and to, as the file writes them, 'Check this price' when a price moves by more than 50 % and, on a product's first line, 'Removes the variant SKU' for each variant no line names) or is refused (with why, quoting the value; the other lines of a refused product say which row is), numbered as a spreadsheet numbers its rows", body = Envelope<ImportReport>),
        (status = 400, description = "A file that cannot be read as products: not UTF-8, not CSV, a column missing, unknown or twice, no lines, or more than 10,000", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 413, description = "'The file must be at most 10 MB'", body = ErrorBody),
        (status = 422, description = "`apply=true` with refused lines: 'Nothing was imported: N rows are refused', `errors` by row ('row 3', as a spreadsheet numbers it); nothing is written", body = ErrorBody),
    ))]
pub async fn import_products(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiQuery(query): ApiQuery<ImportQuery>,
    body: Body,
) -> Result<Json<Envelope<ImportReport>>, AppError> {
    let apply = query.apply()?;
    let bytes = axum::body::to_bytes(body, MAX_IMPORT_BYTES)
        .await
        .map_err(|_| AppError::PayloadTooLarge("The file must be at most 10 MB".into()))?;
    let (products, cells) = products_of(read_lines(&bytes)?);
    let (outcomes, applied) = state
        .catalogue
        .import_products(products, apply, &actor_of(&admin), &state.activity)
        .await?;
    let report = report_of(outcomes, &cells, applied);
    if apply && report.refused > 0 {
        let refused = report
            .rows
            .iter()
            .map(|row| (row.row, row.errors.as_slice()));
        return Err(nothing_imported(report.refused, refused));
    }
    let message = if applied {
        "Products imported"
    } else {
        "Import checked"
    };
    Ok(ok(message, report))
}
