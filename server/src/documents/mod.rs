//! The shop's tax documents as PDF (docs/DESIGN.md §10): an order's tax invoice and its
//! credit notes, laid out on `sheet::Sheet`. They print what the order kept when it was
//! placed (its lines, tax and totals) and who the shop is now.

mod sheet;

use crate::domain::currency::{self, Reading};
use crate::domain::order::Fulfilment;
use crate::domain::order_row::{CreditNote, OrderRow};
use crate::domain::shop::ShopSettings;
use crate::domain::tax::{rate_text, TaxClass, TaxEntry};
use crate::domain::time::iso8601;
use crate::domain::Money;
use sheet::{Run, Sheet, Weight, MARGIN, RIGHT};

const TITLE: f32 = 18.0;
const TEXT: f32 = 9.5;

/// The columns of the lines' table: where each ends (the item's starts).
const QTY: f32 = 285.0;
const UNIT: f32 = 350.0;
const RATE: f32 = 410.0;
const TAX: f32 = 470.0;

/// The order's tax invoice; `None` for an order without one.
pub fn invoice_pdf(order: &OrderRow, shop: &ShopSettings) -> Option<Result<Vec<u8>, String>> {
    let number = order.invoice_number.as_deref()?;
    let money = |m: Money| currency::format(m, shop.currency, Reading::Rupees);
    let label = &shop.tax.label;
    let mut sheet = Sheet::new();
    heading(
        &mut sheet,
        "Tax invoice",
        number,
        order.created_at,
        order,
        shop,
    );

    sheet.gap(6.0);
    let rate_heading = format!("{label} rate");
    let header = [
        Run::left(MARGIN, "Item", TEXT, Weight::Bold),
        Run::right(QTY, "Qty", TEXT, Weight::Bold),
        Run::right(UNIT, "Unit price", TEXT, Weight::Bold),
        Run::right(RATE, &rate_heading, TEXT, Weight::Bold),
        Run::right(TAX, label, TEXT, Weight::Bold),
        Run::right(RIGHT, "Amount", TEXT, Weight::Bold),
    ];
    sheet.line(&header);
    sheet.rule();
    for line in &order.lines {
        let values: Vec<&str> = line.options.values().map(String::as_str).collect();
        let mut name = line.name.clone();
        if !values.is_empty() {
            name = format!("{name} ({})", values.join(", "));
        }
        let quantity = line.quantity.to_string();
        let unit = money(line.unit_price);
        let (rate, tax, amount) = match line.tax {
            Some(t) => (
                rate_text(t.rate_bp),
                money(t.line_tax),
                money(t.line_amount),
            ),
            None => ("–".into(), "–".into(), money(line.line_total)),
        };
        sheet.line(&[
            Run::left(MARGIN, &clip(&name, 40), TEXT, Weight::Regular),
            Run::right(QTY, &quantity, TEXT, Weight::Regular),
            Run::right(UNIT, &unit, TEXT, Weight::Regular),
            Run::right(RATE, &rate, TEXT, Weight::Regular),
            Run::right(TAX, &tax, TEXT, Weight::Regular),
            Run::right(RIGHT, &amount, TEXT, Weight::Regular),
        ]);
        // As the mails: a SKU names one of several variants.
        if let Some(sku) = line.sku.as_ref().filter(|_| !values.is_empty()) {
            sheet.line(&[Run::left(
                MARGIN + 8.0,
                &format!("SKU {sku}"),
                8.0,
                Weight::Regular,
            )]);
        }
    }
    if order.totals.delivery_fee.cents() > 0 {
        let standard = order.tax.as_ref().and_then(|t| {
            t.taxes
                .iter()
                .find(|e| e.class == TaxClass::Standard)
                .map(|e| (rate_text(e.rate_bp), money(t.delivery_tax)))
        });
        let (rate, tax) = standard.unwrap_or(("–".into(), "–".into()));
        let fee = money(order.totals.delivery_fee);
        let label = match &order.delivery_method {
            Some(method) => clip(&format!("Delivery: {}", method.name), 56),
            None => "Delivery".to_string(),
        };
        sheet.line(&[
            Run::left(MARGIN, &label, TEXT, Weight::Regular),
            Run::right(RATE, &rate, TEXT, Weight::Regular),
            Run::right(TAX, &tax, TEXT, Weight::Regular),
            Run::right(RIGHT, &fee, TEXT, Weight::Regular),
        ]);
    }
    sheet.rule();

    // The discounts, already in each line's amount, then the totals per rate.
    let t = &order.totals;
    let mut figures = vec![
        ("Subtotal".to_string(), money(t.subtotal)),
        (
            "Discount (-20%)".to_string(),
            format!("-{}", money(t.discount)),
        ),
    ];
    if t.promo_discount.cents() > 0 {
        let code = order.promo_code.as_deref().unwrap_or_default();
        figures.push((
            format!("Promo code {code}"),
            format!("-{}", money(t.promo_discount)),
        ));
    }
    figures.push(("Delivery".to_string(), money(t.delivery_fee)));
    for (label, value) in &figures {
        total_line(&mut sheet, label, value, Weight::Regular);
    }
    if let Some(tax) = &order.tax {
        sheet.gap(4.0);
        rate_lines(&mut sheet, &tax.taxes, label, &money);
        let word = if tax.prices_include_tax {
            "Total includes"
        } else {
            "Total"
        };
        total_line(
            &mut sheet,
            &format!("{word} {label}"),
            &money(tax.tax_total),
            Weight::Regular,
        );
    }
    total_line(&mut sheet, "Total", &money(t.total), Weight::Bold);
    sheet.gap(8.0);
    let paid = format!("Payment: {}", payment_words(order));
    sheet.line(&[Run::left(MARGIN, &paid, TEXT, Weight::Regular)]);
    Some(sheet.finish(&format!("Tax invoice {number}")))
}

/// The order's `note`: what it credits against the invoice.
pub fn credit_note_pdf(
    order: &OrderRow,
    note: &CreditNote,
    shop: &ShopSettings,
) -> Result<Vec<u8>, String> {
    let money = |m: Money| currency::format(m, shop.currency, Reading::Rupees);
    let label = &shop.tax.label;
    let mut sheet = Sheet::new();
    heading(
        &mut sheet,
        "Credit note",
        &note.number,
        note.created_at,
        order,
        shop,
    );
    let invoice = order.invoice_number.as_deref().unwrap_or("–");
    sheet.gap(6.0);
    sheet.line(&[Run::left(
        MARGIN,
        &format!("Credits invoice {invoice}"),
        TEXT,
        Weight::Regular,
    )]);
    sheet.rule();
    total_line(
        &mut sheet,
        "Amount credited",
        &money(note.amount),
        Weight::Bold,
    );
    // A note that credits the whole order credits its tax per rate as charged.
    if let Some(tax) = order
        .tax
        .as_ref()
        .filter(|_| note.amount == order.totals.total)
    {
        rate_lines(&mut sheet, &tax.taxes, label, &money);
    }
    sheet.finish(&format!("Credit note {}", note.number))
}

/// The document's title, number and date, the seller and the buyer.
fn heading(
    sheet: &mut Sheet,
    title: &str,
    number: &str,
    at: i64,
    order: &OrderRow,
    shop: &ShopSettings,
) {
    let identity = &shop.identity;
    sheet.line(&[
        Run::left(MARGIN, title, TITLE, Weight::Bold),
        Run::right(RIGHT, &identity.name, 12.0, Weight::Bold),
    ]);
    let date = iso8601(at);
    let facts = [
        format!("Number: {number}"),
        format!("Date: {}", &date[..10]),
        format!("Order: {}", order.number),
    ];
    let address = &identity.address;
    let mut seller: Vec<String> = [
        &address.street_address,
        &address.town_city,
        &address.postcode,
        &address.country,
    ]
    .iter()
    .filter(|line| !line.is_empty())
    .map(|line| line.to_string())
    .collect();
    if !identity.tax_number.is_empty() {
        seller.push(format!(
            "{} number: {}",
            shop.tax.label, identity.tax_number
        ));
    }
    for i in 0..facts.len().max(seller.len()) {
        let left = facts.get(i).map_or("", String::as_str);
        let right = seller.get(i).map_or("", String::as_str);
        sheet.line(&[
            Run::left(MARGIN, left, TEXT, Weight::Regular),
            Run::right(RIGHT, right, TEXT, Weight::Regular),
        ]);
    }
    sheet.gap(8.0);
    sheet.line(&[Run::left(MARGIN, "Bill to", TEXT, Weight::Bold)]);
    let c = &order.contact;
    let place = match order.fulfilment {
        Fulfilment::Delivery => [&c.street_address, &c.apartment, &c.town_city, &c.postcode]
            .iter()
            .filter(|s| !s.is_empty())
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        Fulfilment::Pickup => "Collected from the shop".to_string(),
    };
    for line in [
        &c.first_name,
        &c.company_name,
        &place,
        &c.email_address,
        &c.phone_number,
    ] {
        if !line.is_empty() {
            sheet.line(&[Run::left(MARGIN, &clip(line, 90), TEXT, Weight::Regular)]);
        }
    }
}

/// 'VAT at 20%: net ₹66.67, VAT ₹13.33', a line per rate.
fn rate_lines(sheet: &mut Sheet, taxes: &[TaxEntry], label: &str, money: &dyn Fn(Money) -> String) {
    for entry in taxes {
        let text = format!(
            "{label} at {}: net {}, {label} {}",
            rate_text(entry.rate_bp),
            money(entry.net),
            money(entry.tax)
        );
        sheet.line(&[Run::right(RIGHT, &text, TEXT, Weight::Regular)]);
    }
}

fn total_line(sheet: &mut Sheet, label: &str, value: &str, weight: Weight) {
    sheet.line(&[
        Run::right(TAX, label, TEXT, weight),
        Run::right(RIGHT, value, TEXT, weight),
    ]);
}

fn payment_words(order: &OrderRow) -> String {
    let method = match order.payment_method.as_str() {
        "card" => "card",
        _ => "cash",
    };
    format!("{} ({method})", order.payment_status.as_str())
}

/// `text` cut to `max` characters with an ellipsis, so a long name keeps to its column.
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let kept: String = text.chars().take(max - 1).collect();
        format!("{kept}…")
    }
}
