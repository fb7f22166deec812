//! What each product of an imported file would do (docs/DESIGN.md §8, §9): its lines
//! matched to its variants, its SKUs checked as free, the columns each line changes,
//! and what to write; all against the catalogue as the import's connection sees it.

use std::collections::HashMap;

use sqlx::AnyConnection;

use super::import_known::{known, Known};
use super::import_lines::{ImportAction, ImportLine, ImportProduct, LineOutcome, TitledProduct};
use super::product_rows::{input_of, search_text, ProductInput, ProductRefusal};
use super::product_variants::VariantsPlan;
use super::read::ProductRow;
use super::variants::{VariantInput, VariantRefusal, VariantRow};
use crate::domain::id::Id;
use crate::domain::time::DAY_MS;
use crate::domain::Money;

/// The option columns of the file, for options 1 to 3: (name, value).
const OPTION_COLUMNS: [(&str, &str); 3] = [
    ("option1Name", "option1Value"),
    ("option2Name", "option2Value"),
    ("option3Name", "option3Value"),
];
/// One product of the file, checked: each line's outcome, and what to write.
pub(super) struct Planned {
    pub outcomes: Vec<LineOutcome>,
    /// Set when the product is to be created or changed.
    pub write: Option<Write>,
}

/// A product to write.
pub(super) struct Write {
    /// Its id: a new product's is chosen when it is written.
    pub id: String,
    pub before: Option<ProductRow>,
    pub input: ProductInput,
    /// Its options, sale unit and variants, each variant matched to an existing one
    /// (`id`, keeping its image and place) or new.
    pub plan: VariantsPlan,
    pub search_text: String,
    /// Existing variants whose stock the file changes: (id, units).
    pub stock_sets: Vec<(String, i64)>,
}

impl Planned {
    pub fn refused(&self) -> bool {
        self.outcomes
            .iter()
            .any(|outcome| outcome.action == ImportAction::Refuse)
    }

    /// Refuses the product for `refusal`, which a save met after the check (another
    /// save took a SKU meanwhile): nothing of the file is written.
    pub fn refuse(&mut self, refusal: &ProductRefusal) {
        self.write = None;
        let (at, reason) = match refusal {
            ProductRefusal::Variant(VariantRefusal::DuplicateSku(i)) => (
                *i,
                format!(
                    "sku: Another variant has the SKU '{}'",
                    self.outcomes[*i].sku
                ),
            ),
            _ => (
                0,
                "This product changed while the file was checked: check the file again".into(),
            ),
        };
        self.outcomes[at].errors.push(reason);
        refuse_all(&mut self.outcomes);
    }
}

/// Each product's outcome against the catalogue as `conn` sees it.
pub(super) async fn plan(
    conn: &mut AnyConnection,
    products: Vec<ImportProduct>,
) -> Result<Vec<Planned>, sqlx::Error> {
    let known = known(conn, &products).await?;
    // The row each SKU of the file is first on, by the SKU in lowercase.
    let mut skus: HashMap<String, u64> = HashMap::new();
    Ok(products
        .into_iter()
        .map(|product| plan_product(product, &known, &mut skus))
        .collect())
}

/// Marks every line of a product refused, giving the lines with no reason of their own
/// the first refused row's.
fn refuse_all(outcomes: &mut [LineOutcome]) {
    let first = outcomes
        .iter()
        .find(|o| !o.errors.is_empty())
        .map_or(0, |o| o.row);
    for outcome in outcomes.iter_mut() {
        outcome.action = ImportAction::Refuse;
        outcome.before = None;
        outcome.before_variant = None;
        outcome.removed.clear();
        if outcome.errors.is_empty() {
            outcome.errors.push(format!(
                "Not imported: row {first} of this product is refused"
            ));
        }
    }
}

/// One product's lines against `known`, its SKUs taking their rows in `skus`.
fn plan_product(product: ImportProduct, known: &Known, skus: &mut HashMap<String, u64>) -> Planned {
    let lines = &product.lines;
    let mut errors: Vec<Vec<String>> = vec![Vec::new(); lines.len()];
    let before = if product.id.is_empty() {
        None
    } else {
        let found = Id::parse(&product.id).and_then(|id| known.products.get(id.as_str()));
        if found.is_none() {
            errors[0].push(format!("No product has the id '{}'", product.id));
        }
        found
    };
    let titled = match product.fields {
        Ok(titled) => Some(titled),
        Err(by_line) => {
            for (line, reasons) in errors.iter_mut().zip(by_line) {
                line.extend(reasons);
            }
            None
        }
    };
    let live: Vec<&VariantRow> = before
        .and_then(|b| known.variants.get(&b.id))
        .map(|all| all.iter().filter(|v| v.archived_at.is_none()).collect())
        .unwrap_or_default();
    let mut found = Found {
        matched: vec![None; lines.len()],
        removed: Vec::new(),
        changed: vec![Vec::new(); lines.len()],
    };
    let mut write = None;
    let mut price_of = vec![None; lines.len()];
    if let Some(TitledProduct {
        input,
        mut plan,
        category,
        sub_category,
    }) = titled
    {
        let titles = with_category_ids(input, (&category, &sub_category), known, &mut errors[0]);
        if let Some((input, titles)) = titles {
            found.matched = match_variants(&mut plan, &live, lines, known, skus, &mut errors);
            for (i, price) in price_of.iter_mut().enumerate() {
                *price = Some(match &plan.variants {
                    Some(inputs) => inputs[i].price,
                    None => input.price,
                });
            }
            if let Some(before) = before {
                keep_value_order(&mut plan, before);
                found.compare(before, &input, &plan, &live);
            }
            write = Some(to_write(before, input, plan, &found, &titles));
        }
    }
    let mut outcomes: Vec<LineOutcome> = lines
        .iter()
        .zip(errors)
        .enumerate()
        .map(|(i, (line, errors))| LineOutcome {
            row: line.row,
            action: ImportAction::Unchanged,
            id: before.map(|b| b.id.clone()),
            name: line.name.clone(),
            sku: line.sku.clone(),
            errors,
            changed: std::mem::take(&mut found.changed[i]),
            before: None,
            before_variant: None,
            price: price_of[i],
            removed: if i == 0 {
                found.removed.clone()
            } else {
                Vec::new()
            },
        })
        .collect();
    if outcomes.iter().any(|o| !o.errors.is_empty()) || write.is_none() {
        refuse_all(&mut outcomes);
        return Planned {
            outcomes,
            write: None,
        };
    }
    let several = write.as_ref().is_some_and(|w| w.plan.variants.is_some());
    for (outcome, matched) in outcomes.iter_mut().zip(&found.matched) {
        outcome.action = match (before, matched) {
            (None, _) => ImportAction::Create,
            (Some(_), None) if several => ImportAction::Create,
            _ if outcome.changed.is_empty() && outcome.removed.is_empty() => {
                ImportAction::Unchanged
            }
            _ => ImportAction::Update,
        };
        if outcome.action == ImportAction::Update {
            outcome.before = before.cloned().map(Box::new);
            outcome.before_variant = matched.cloned();
        }
        if outcome.sku.is_empty() {
            // The one variant a line of the columns before variants sets.
            outcome.sku = matched.map_or_else(String::new, |v| v.sku.clone());
        }
    }
    let changes = outcomes.iter().any(|o| o.action != ImportAction::Unchanged);
    Planned {
        outcomes,
        write: write.filter(|_| changes),
    }
}

/// Gives each option of `plan` that `before` has by name its values in `before`'s order
/// (the order the pickers show), the file's new ones after them: the file lists values
/// in the order its lines come, which says nothing of the pickers.
fn keep_value_order(plan: &mut VariantsPlan, before: &ProductRow) {
    for option in plan.options.iter_mut().flatten() {
        let Some(was) = before.options.iter().find(|o| o.name == option.name) else {
            continue;
        };
        let mut values: Vec<String> = was
            .values
            .iter()
            .filter(|v| option.values.contains(v))
            .cloned()
            .collect();
        values.extend(
            option
                .values
                .iter()
                .filter(|v| !was.values.contains(v))
                .cloned(),
        );
        option.values = values;
    }
}

/// What a product's lines found among its variants.
struct Found<'a> {
    /// Each line's existing variant, if it names one.
    matched: Vec<Option<&'a VariantRow>>,
    /// The SKUs of the variants in the shop that no line names.
    removed: Vec<String>,
    /// Each line's changed columns: the product's own on the first line.
    changed: Vec<Vec<&'static str>>,
}

impl Found<'_> {
    /// Fills in what each line changes of product `before` and the variants it matched.
    fn compare(
        &mut self,
        before: &ProductRow,
        input: &ProductInput,
        plan: &VariantsPlan,
        live: &[&VariantRow],
    ) {
        let mut own = fields_changed(&as_the_file_shows(input_of(before)), input);
        if plan.variants.is_some() {
            own.retain(|field| !matches!(*field, "price" | "stock"));
        }
        let options = plan.options.as_deref().unwrap_or(&before.options);
        for (k, (name_column, _)) in OPTION_COLUMNS.iter().enumerate() {
            if before.options.get(k).map(|o| &o.name) != options.get(k).map(|o| &o.name) {
                own.push(name_column);
            }
        }
        if let Some(sale) = plan.sale {
            let was = before.sale;
            for (column, moved) in [
                ("unit", was.unit != sale.unit),
                ("packSize", was.pack_size != sale.pack_size),
                ("minQuantity", was.min_quantity != sale.min_quantity),
                ("quantityStep", was.quantity_step != sale.quantity_step),
            ] {
                if moved {
                    own.push(column);
                }
            }
        }
        self.changed[0] = own;
        let Some(inputs) = &plan.variants else {
            return;
        };
        for (i, (input, matched)) in inputs.iter().zip(&self.matched).enumerate() {
            let Some(v) = matched else {
                continue;
            };
            let mut columns = vec![];
            for (column, moved) in [
                ("price", v.price != input.price),
                ("stock", v.stock != input.stock),
                ("sku", v.sku != input.sku),
                ("weightGrams", v.weight_grams != input.weight_grams),
            ] {
                if moved {
                    columns.push(column);
                }
            }
            for (k, (_, value_column)) in OPTION_COLUMNS.iter().enumerate() {
                let was = before.options.get(k).and_then(|o| v.options.get(&o.name));
                let now = options.get(k).and_then(|o| input.options.get(&o.name));
                if was != now {
                    columns.push(value_column);
                }
            }
            self.changed[i].extend(columns);
        }
        self.removed = live
            .iter()
            .filter(|v| !self.matched.iter().flatten().any(|m| m.id == v.id))
            .map(|v| v.sku.clone())
            .collect();
    }
}

/// `input` with its category and sub-category found by title, and the
/// titles as the shop spells them; `None` with the reason in `errors` when one is not.
fn with_category_ids(
    mut input: ProductInput,
    (category, sub_category): (&str, &str),
    known: &Known,
    errors: &mut Vec<String>,
) -> Option<(ProductInput, (String, String))> {
    let Some(category) = known.categories.get(&category.to_lowercase()) else {
        errors.push(format!("No category is titled '{category}'"));
        return None;
    };
    let Some((sub_id, sub_title)) = category.subs.get(&sub_category.to_lowercase()) else {
        errors.push(format!(
            "The category '{}' has no sub-category titled '{sub_category}'",
            category.title
        ));
        return None;
    };
    input.category_id = category.id.clone();
    input.sub_category_id = sub_id.clone();
    Some((input, (category.title.clone(), sub_title.clone())))
}

/// Matches each line's variant to one of the product's in the shop (`live`): by
/// `variantId`, else by SKU ignoring case; a matched one keeps its image and place, a
/// new one goes after the others. Checks that each SKU is free, in the shop and in the
/// file. A single line naming no variant (`plan.variants` is `None`) is the product's
/// one variant, which it must have.
fn match_variants<'a>(
    plan: &mut VariantsPlan,
    live: &[&'a VariantRow],
    lines: &[ImportLine],
    known: &Known,
    skus: &mut HashMap<String, u64>,
    errors: &mut [Vec<String>],
) -> Vec<Option<&'a VariantRow>> {
    let Some(inputs) = plan.variants.as_mut() else {
        if live.len() > 1 {
            errors[0].push(format!(
                "This product has {} variants: give each its own row with its sku",
                live.len()
            ));
        }
        let mut matched = vec![None; lines.len()];
        matched[0] = live.first().copied();
        return matched;
    };
    let mut next_place = live.iter().map(|v| v.position + 1).max().unwrap_or(0);
    let mut matched: Vec<Option<&VariantRow>> = Vec::with_capacity(inputs.len());
    for (i, input) in inputs.iter_mut().enumerate() {
        let found = match &input.id {
            Some(id) => {
                let found = live.iter().find(|v| &v.id == id).copied();
                if found.is_none() {
                    errors[i].push(format!(
                        "variantId: This product has no variant '{id}' in the shop"
                    ));
                }
                found
            }
            None => live
                .iter()
                .find(|v| v.sku.eq_ignore_ascii_case(&input.sku))
                .copied(),
        };
        place(input, found, &mut next_place);
        if let Some(earlier) = found.and_then(|v| matched.iter().position(|m| *m == Some(v))) {
            errors[i].push(format!(
                "variantId: This variant is on row {} too",
                lines[earlier].row
            ));
        }
        let key = input.sku.to_lowercase();
        match skus.get(&key) {
            Some(row) => errors[i].push(format!("sku: '{}' is on row {row} too", input.sku)),
            None => {
                skus.insert(key.clone(), lines[i].row);
            }
        }
        let holder = known.holders.get(&key);
        if holder.is_some_and(|holder| found.is_none_or(|v| &v.id != holder)) {
            errors[i].push(format!("sku: Another variant has the SKU '{}'", input.sku));
        }
        matched.push(found);
    }
    matched
}

/// Gives `input` the id, image and place of the variant it matched, or the next place.
fn place(input: &mut VariantInput, matched: Option<&VariantRow>, next_place: &mut i64) {
    match matched {
        Some(v) => {
            input.id = Some(v.id.clone());
            input.image = v.image.clone();
            input.position = v.position;
        }
        None => {
            input.image = None;
            input.position = *next_place;
            *next_place += 1;
        }
    }
}

/// For a product without options whose one line keeps its variant's SKU and weight,
/// the line's price and stock.
fn only_price_and_stock(plan: &VariantsPlan, found: &Found) -> Option<(Money, i64)> {
    let [input] = plan.variants.as_deref()? else {
        return None;
    };
    let [Some(matched)] = found.matched.as_slice() else {
        return None;
    };
    let no_options = plan.options.as_ref().is_none_or(Vec::is_empty) && input.options.is_empty();
    (no_options && matched.sku == input.sku && matched.weight_grams == input.weight_grams)
        .then_some((input.price, input.stock))
}

/// What to write for a product whose lines passed every check.
fn to_write(
    before: Option<&ProductRow>,
    input: ProductInput,
    plan: VariantsPlan,
    found: &Found,
    (category, sub_category): &(String, String),
) -> Write {
    let mut input = match before {
        Some(before) => kept_as_stored(before, input),
        None => input,
    };
    let mut plan = plan;
    if let Some(price_and_stock) = only_price_and_stock(&plan, found) {
        // A product without options whose line keeps its variant's SKU and weight is
        // written as the spec's fields write it (its price and stock carried to its one
        // variant), and logged as they are: 'price', 'stock'.
        (input.price, input.stock) = price_and_stock;
        plan.options = None;
        plan.variants = None;
    }
    if let Some(inputs) = &plan.variants {
        // Derived from the variants once they are written.
        input.price = inputs.iter().map(|v| v.price).min().unwrap_or(input.price);
        input.stock = 0;
    }
    let stock_sets = match &plan.variants {
        Some(inputs) => inputs
            .iter()
            .zip(&found.matched)
            .filter_map(|(input, matched)| {
                let v = (*matched)?;
                (v.stock != input.stock).then(|| (v.id.clone(), input.stock))
            })
            .collect(),
        None => Vec::new(),
    };
    Write {
        id: before.map_or_else(String::new, |b| b.id.clone()),
        before: before.cloned(),
        search_text: search_text(&input.name, &input.description, category, sub_category),
        input,
        plan,
        stock_sets,
    }
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
    // A file without a tax class (an empty cell, or no column) keeps the product's.
    input.tax_class = input.tax_class.or(stored.tax_class);
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
        // An empty cell keeps the class.
        (
            "taxClass",
            after
                .tax_class
                .is_some_and(|class| Some(class) != before.tax_class),
        ),
    ]
    .into_iter()
    .filter_map(|(field, changed)| changed.then_some(field))
    .collect()
}
