//! Importing products from a file (the console's CSV import, docs/DESIGN.md §8): each line
//! of the file is checked against the catalogue as it stands, then either reported
//! (a dry run) or written, every line in one transaction or none at all.
//!
//! The HTTP layer reads the file and checks each line's fields on their own; here a
//! line's category and sub-category are found by their titles, and its id (if it has
//! one) must name a product, once in the file. A line that changes nothing is
//! reported as unchanged and writes nothing; a line that changes some fields writes
//! only those, keeping what the file cannot show as it was (a discount's end is a day in
//! the file, an instant in the shop: a file that leaves the day alone leaves the
//! instant alone), and moves no stock it did not change.

use std::collections::HashMap;

use sqlx::{AnyConnection, Row};

use super::categories::TREE_LOCK;
use super::product_rows::ProductInput;
use super::product_rows::{changes_between, input_of, insert_products, search_text, set_product};
use super::read::{product_from_row, ProductRow, PRODUCT_COLUMNS, PRODUCT_JOINS};
use super::{bump_version, Catalogue};
use crate::domain::id::{new_id, Id};
use crate::domain::time::DAY_MS;
use crate::domain::Money;
use crate::store::activity::{Activity, Actor, Entry};
use crate::store::{lock_subject, placeholders, stock};

/// The stock history's reason for units an imported file sets.
pub const CSV_IMPORT: &str = "CSV import";

/// One product line of the file, as the HTTP layer read it.
#[derive(Clone, Debug)]
pub struct ImportLine {
    /// The row in the file as a spreadsheet numbers it (the header is row 1).
    pub row: u64,
    /// The id cell, trimmed: empty for a new product.
    pub id: String,
    /// The name cell, to report the line by.
    pub name: String,
    /// The product, with its category and sub-category given by title, or what is
    /// wrong with the line's fields.
    pub fields: Result<TitledProduct, Vec<String>>,
}

/// A product whose category and sub-category are titles, not yet ids.
#[derive(Clone, Debug)]
pub struct TitledProduct {
    /// `category_id` and `sub_category_id` are filled in here, from the titles.
    pub input: ProductInput,
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
    pub errors: Vec<String>,
    /// For an update, the fields it changes, by the file's column names (`price`,
    /// `discountEndDate`, `category`, …), in the file's column order.
    pub changed: Vec<&'static str>,
    /// For an update, the product as it stood when the file was checked.
    pub before: Option<Box<ProductRow>>,
    /// The line's price, when its fields could be read.
    pub price: Option<Money>,
}

/// A line ready to write.
struct Planned {
    outcome: LineOutcome,
    input: Option<ProductInput>,
    before: Option<ProductRow>,
    titles: (String, String),
}

/// A category's id and title, and its sub-categories by lowercase title.
struct CategoryEntry {
    id: String,
    title: String,
    subs: HashMap<String, (String, String)>,
}

impl Catalogue {
    /// Checks `lines` against the catalogue; with `apply`, writes them all in one
    /// transaction (with an activity entry per product changed), unless any line is
    /// refused, when nothing is written. Resolves to each line's outcome, in order,
    /// and whether the lines were applied (every line that changes something written).
    pub async fn import_products(
        &self,
        lines: Vec<ImportLine>,
        apply: bool,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<(Vec<LineOutcome>, bool), sqlx::Error> {
        if !apply {
            let mut conn = self.db.pool.acquire().await?;
            let planned = plan(&mut conn, lines).await?;
            return Ok((planned.into_iter().map(|p| p.outcome).collect(), false));
        }
        let mut tx = self.db.begin_write().await?;
        // No category can go (nor change its title) between the check and the write.
        lock_subject(&mut tx, self.db.dialect, TREE_LOCK.0, TREE_LOCK.1).await?;
        let planned = plan(&mut tx, lines).await?;
        if planned
            .iter()
            .any(|p| p.outcome.action == ImportAction::Refuse)
        {
            tx.rollback().await?;
            return Ok((planned.into_iter().map(|p| p.outcome).collect(), false));
        }
        let now = self.clock.now_ms();
        // A new product's id is chosen here, so its line's outcome can name it.
        let ids: Vec<Option<String>> = planned
            .iter()
            .map(|line| match (&line.input, &line.before) {
                (None, _) => None,
                (Some(_), None) => Some(new_id()),
                (Some(_), Some(before)) => Some(before.id.clone()),
            })
            .collect();
        let texts: Vec<String> = planned
            .iter()
            .map(|line| {
                let (category, sub_category) = &line.titles;
                line.input.as_ref().map_or_else(String::new, |input| {
                    search_text(&input.name, &input.description, category, sub_category)
                })
            })
            .collect();
        let mut creates = Vec::new();
        for ((line, id), text) in planned.iter().zip(&ids).zip(&texts) {
            let (Some(input), Some(id)) = (&line.input, id) else {
                continue;
            };
            match &line.before {
                None => creates.push((id.as_str(), input, text.as_str())),
                Some(before) => {
                    // Under the import's write, whatever version the product is at; the
                    // stock only when the file changes it, so no sale is written over.
                    let stock = (input.stock != before.stock).then_some(input.stock);
                    set_product(&mut tx, id, input, stock, text, now, None).await?;
                }
            }
        }
        insert_products(&mut tx, &creates, now).await?;
        let moved: Vec<stock::Movement> = planned
            .iter()
            .zip(&ids)
            .filter_map(|(line, id)| {
                let stock = line.input.as_ref()?.stock;
                if line
                    .before
                    .as_ref()
                    .is_some_and(|before| before.stock == stock)
                {
                    return None;
                }
                Some(stock::Movement {
                    product_id: id.clone()?,
                    variant_id: None,
                    change: stock - line.before.as_ref().map_or(0, |before| before.stock),
                    stock_after: stock,
                })
            })
            .collect();
        let cause = stock::Cause::Staff {
            actor,
            reason: CSV_IMPORT,
        };
        stock::record(&mut tx, &moved, cause, now).await?;
        let befores: Vec<Option<ProductInput>> = planned
            .iter()
            .map(|line| line.before.as_ref().map(input_of))
            .collect();
        let entries: Vec<Entry> = planned
            .iter()
            .zip(&ids)
            .zip(&befores)
            .filter_map(|((line, id), before)| {
                Some(Entry {
                    actor,
                    object_type: "product",
                    object_id: id.as_deref()?,
                    object_name: &line.input.as_ref()?.name,
                    action: if before.is_none() {
                        "created"
                    } else {
                        "updated"
                    },
                    changes: changes_between(before.as_ref(), line.input.as_ref()?),
                })
            })
            .collect();
        activity.record_all(&mut tx, &entries).await?;
        let written = !entries.is_empty();
        if written {
            let changed: Vec<&str> = entries.iter().map(|entry| entry.object_id).collect();
            bump_version(&mut tx, &changed).await?;
        }
        let outcomes = planned
            .into_iter()
            .zip(ids)
            .map(|(line, id)| LineOutcome {
                id: if line.input.is_some() {
                    id
                } else {
                    line.outcome.id
                },
                ..line.outcome
            })
            .collect();
        tx.commit().await?;
        if written {
            self.after_write().await;
        }
        Ok((outcomes, true))
    }
}

/// Each line's outcome against the catalogue as `conn` sees it.
async fn plan(
    conn: &mut AnyConnection,
    lines: Vec<ImportLine>,
) -> Result<Vec<Planned>, sqlx::Error> {
    let categories = category_titles(conn).await?;
    let existing = products_named(conn, &lines).await?;
    let mut seen: HashMap<String, u64> = HashMap::new();
    let mut planned = Vec::with_capacity(lines.len());
    for line in lines {
        let mut errors = Vec::new();
        let before = if line.id.is_empty() {
            None
        } else {
            let found = Id::parse(&line.id).and_then(|id| existing.get(id.as_str()));
            match (found, seen.get(&line.id)) {
                (_, Some(first)) => {
                    errors.push(format!("This product is already on row {first}"));
                    None
                }
                (None, None) => {
                    errors.push(format!("No product has the id '{}'", line.id));
                    None
                }
                (Some(product), None) => {
                    seen.insert(line.id.clone(), line.row);
                    Some(product.clone())
                }
            }
        };
        let mut input = None;
        let mut titles = (String::new(), String::new());
        match line.fields {
            Err(field_errors) => errors.extend(field_errors),
            Ok(titled) => match categories.get(&titled.category.to_lowercase()) {
                None => errors.push(format!("No category is titled '{}'", titled.category)),
                Some(category) => match category.subs.get(&titled.sub_category.to_lowercase()) {
                    None => errors.push(format!(
                        "The category '{}' has no sub-category titled '{}'",
                        category.title, titled.sub_category
                    )),
                    Some((sub_id, sub_title)) => {
                        let mut product = titled.input;
                        product.category_id = category.id.clone();
                        product.sub_category_id = sub_id.clone();
                        titles = (category.title.clone(), sub_title.clone());
                        input = Some(product);
                    }
                },
            },
        }
        let price = input.as_ref().map(|input| input.price);
        let changed = match (&input, &before) {
            (Some(input), Some(before)) if errors.is_empty() => {
                fields_changed(&as_the_file_shows(input_of(before)), input)
            }
            _ => Vec::new(),
        };
        let action = match (&input, &before) {
            _ if !errors.is_empty() => ImportAction::Refuse,
            (Some(_), None) => ImportAction::Create,
            (Some(_), Some(_)) if changed.is_empty() => ImportAction::Unchanged,
            (Some(_), Some(_)) => ImportAction::Update,
            (None, _) => ImportAction::Refuse,
        };
        let id = before.as_ref().map(|b| b.id.clone());
        let written = match (input, &before) {
            (Some(input), Some(before)) => Some(kept_as_stored(before, input)),
            (input, _) => input,
        };
        planned.push(Planned {
            input: written
                .filter(|_| matches!(action, ImportAction::Create | ImportAction::Update)),
            outcome: LineOutcome {
                row: line.row,
                action,
                id,
                name: line.name,
                errors,
                before: before
                    .clone()
                    .filter(|_| action == ImportAction::Update)
                    .map(Box::new),
                changed,
                price,
            },
            before,
            titles,
        });
    }
    Ok(planned)
}

/// `input` as an exported line reads back: a discount's end is a whole day in the
/// file (it runs through that day, UTC), whatever instant it was stored as.
fn as_the_file_shows(mut input: ProductInput) -> ProductInput {
    input.discount.ends_at = input
        .discount
        .ends_at
        .map(|end| (end - DAY_MS).div_euclid(DAY_MS) * DAY_MS + DAY_MS);
    input
}

/// `input` with what the file cannot show taken from the product as stored: when the
/// file leaves the discount as it reads it (the same percentage through the same day),
/// the discount keeps the instant it ends at, so a line that changes another field
/// changes nothing else (an unchanged end was rewritten to midnight).
fn kept_as_stored(before: &ProductRow, mut input: ProductInput) -> ProductInput {
    let stored = input_of(before);
    if as_the_file_shows(stored.clone()).discount == input.discount {
        input.discount = stored.discount;
    }
    input
}

/// The file's columns whose values differ between `before` (as the file shows it) and
/// `after`, in the file's column order.
fn fields_changed(before: &ProductInput, after: &ProductInput) -> Vec<&'static str> {
    [
        ("name", before.name != after.name),
        ("description", before.description != after.description),
        ("price", before.price != after.price),
        (
            "discountPercentage",
            before.discount.basis_points != after.discount.basis_points,
        ),
        (
            "discountEndDate",
            before.discount.ends_at != after.discount.ends_at,
        ),
        ("stock", before.stock != after.stock),
        ("category", before.category_id != after.category_id),
        (
            "subCategory",
            before.sub_category_id != after.sub_category_id,
        ),
        ("size", before.size != after.size),
        ("color", before.color != after.color),
        ("featured", before.featured != after.featured),
    ]
    .into_iter()
    .filter_map(|(field, changed)| changed.then_some(field))
    .collect()
}

/// Every category by lowercase title, with its sub-categories likewise: titles are
/// unique in any case (migration 0011).
async fn category_titles(
    conn: &mut AnyConnection,
) -> Result<HashMap<String, CategoryEntry>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT c.id, c.title, s.id AS sub_id, s.title AS sub_title FROM categories c \
         LEFT JOIN sub_categories s ON s.category_id = c.id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut categories: HashMap<String, CategoryEntry> = HashMap::new();
    for row in rows {
        let title: String = row.try_get("title")?;
        let entry = categories
            .entry(title.to_lowercase())
            .or_insert(CategoryEntry {
                id: row.try_get("id")?,
                title,
                subs: HashMap::new(),
            });
        if let Some(sub_id) = row.try_get::<Option<String>, _>("sub_id")? {
            let sub_title: String = row.try_get("sub_title")?;
            entry
                .subs
                .insert(sub_title.to_lowercase(), (sub_id, sub_title));
        }
    }
    Ok(categories)
}

/// The products the lines name by id, by id: a few hundred at a time.
async fn products_named(
    conn: &mut AnyConnection,
    lines: &[ImportLine],
) -> Result<HashMap<String, ProductRow>, sqlx::Error> {
    let ids: Vec<Id> = lines.iter().filter_map(|l| Id::parse(&l.id)).collect();
    let mut found = HashMap::with_capacity(ids.len());
    for batch in ids.chunks(500) {
        let sql = format!(
            "SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE p.id IN ({})",
            placeholders(batch.len())
        );
        let mut query = sqlx::query(&sql);
        for id in batch {
            query = query.bind(id.as_str());
        }
        for row in query.fetch_all(&mut *conn).await? {
            let product = product_from_row(&row)?;
            found.insert(product.id.clone(), product);
        }
    }
    Ok(found)
}
