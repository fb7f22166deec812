//! The shop's letters: each a subject, a plain-text part and an HTML part, filled
//! from a fixed template. Values are escaped before they enter HTML.

/// A rendered letter, and a short hint (the code or link) for the outbox log line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    pub subject: String,
    pub text: String,
    pub html: String,
    pub hint: String,
    /// A one-click unsubscribe link (RFC 8058): sent as the `List-Unsubscribe` and
    /// `List-Unsubscribe-Post` headers.
    pub unsubscribe: Option<String>,
}

use crate::domain::currency::{self, Reading};
use crate::domain::order::{Fulfilment, PaymentStatus, Status};
use crate::domain::order_row::OrderRow;
use crate::domain::shop::ShopSettings;
use crate::domain::tax::rate_text;
use crate::domain::Money;

const SHOP: &str = "Shop";

/// The code e-mailed right after sign-up, which works for `lifetime_minutes`.
pub fn signup_code(code: &str, lifetime_minutes: i64) -> Letter {
    code_letter(
        format!("Your {SHOP} verification code"),
        "Welcome! Use this code to verify your e-mail address and activate your account:",
        code,
        lifetime_minutes,
    )
}

/// A new code asked for with 'Resend OTP'; it replaces every earlier one and works
/// for `lifetime_minutes`.
pub fn resent_code(code: &str, lifetime_minutes: i64) -> Letter {
    code_letter(
        format!("Your new {SHOP} verification code"),
        "Here is your new verification code. Codes sent before this one no longer work:",
        code,
        lifetime_minutes,
    )
}

fn code_letter(subject: String, lead: &str, code: &str, lifetime_minutes: i64) -> Letter {
    let note = format!(
        "The code expires in {}. If you did not create an account, ignore this e-mail.",
        minutes(lifetime_minutes)
    );
    Letter {
        unsubscribe: None,
        text: format!("{lead}\n\n    {code}\n\n{note}\n"),
        html: layout(
            &subject,
            &format!(
                "<p>{}</p><p style=\"font-size:28px;font-weight:bold;letter-spacing:6px\">{}</p><p>{}</p>",
                escape(lead),
                escape(code),
                escape(&note)
            ),
        ),
        hint: format!("code {code}"),
        subject,
    }
}

/// The link from 'Forgot Password?', which works once, for `lifetime_minutes`.
pub fn reset_link(link: &str, lifetime_minutes: i64) -> Letter {
    link_letter(
        format!("Reset your {SHOP} password"),
        "Someone asked to reset the password of your account. To choose a new password, open this link:",
        "Reset password",
        link,
        &format!(
            "The link works once and expires in {}. If you did not ask for it, ignore this e-mail: your password stays as it is.",
            minutes(lifetime_minutes)
        ),
    )
}

/// The link from 'Update Password' in the profile settings, which works once, for
/// `lifetime_minutes`.
pub fn change_password_link(link: &str, lifetime_minutes: i64) -> Letter {
    link_letter(
        format!("Change your {SHOP} password"),
        "You asked to change your password from your profile settings. To choose the new one, open this link:",
        "Change password",
        link,
        &format!(
            "The link works once and expires in {}. If this was not you, change your password now: someone may be signed in to your account.",
            minutes(lifetime_minutes)
        ),
    )
}

pub(crate) fn link_letter(
    subject: String,
    lead: &str,
    button: &str,
    link: &str,
    note: &str,
) -> Letter {
    Letter {
        unsubscribe: None,
        text: format!("{lead}\n\n{link}\n\n{note}\n"),
        html: layout(
            &subject,
            &format!(
                "<p>{}</p><p><a href=\"{link}\" style=\"display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none\">{}</a></p>\
                 <p style=\"font-size:13px;color:#555\">Or paste this address into your browser: {link}</p><p>{}</p>",
                escape(lead),
                escape(button),
                escape(note),
                link = escape(link),
            ),
        ),
        hint: link.to_string(),
        subject,
    }
}

/// The confirmation after the code was verified.
pub fn account_activated() -> Letter {
    notice(
        format!("Your {SHOP} account is active"),
        &[
            "Your e-mail address is verified and your account is now active.",
            "You can set up your profile, keep a wishlist and check out faster. Thank you for joining us!",
        ],
        "account activated",
    )
}

/// A letter of plain paragraphs, each escaped in its HTML part.
pub(crate) fn notice(subject: String, paragraphs: &[&str], hint: &str) -> Letter {
    let html: String = paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>", escape(p)))
        .collect();
    Letter {
        unsubscribe: None,
        text: format!("{}\n", paragraphs.join("\n\n")),
        html: layout(&subject, &html),
        hint: hint.to_string(),
        subject,
    }
}

/// The confirmation of a new order: its lines, its totals, how it reaches the
/// shopper, and the `link` that opens it.
pub fn order_placed(order: &OrderRow, link: &str, shop: &ShopSettings) -> Letter {
    let subject = format!("Your {SHOP} order {} is placed", order.number);
    let lead = format!(
        "Thank you for your order. We have received it and will let you know when it {}.",
        match order.fulfilment {
            Fulfilment::Pickup => "is ready for pickup",
            Fulfilment::Delivery => "is on its way",
        }
    );
    order_letter(subject, &lead, order, link, shop)
}

/// What the shopper hears when the order moves on to `order.status`.
pub fn order_moved(order: &OrderRow, link: &str, shop: &ShopSettings) -> Letter {
    let (subject, lead) = match order.status {
        Status::ReadyForPickup => (
            format!("Your {SHOP} order {} is ready for pickup", order.number),
            "Your order is ready. Bring your order number when you come to collect it.".to_string(),
        ),
        Status::Shipped => (
            format!("Your {SHOP} order {} has shipped", order.number),
            "Your order is on its way to the delivery address below.".to_string(),
        ),
        Status::Completed => (
            format!("Your {SHOP} order {} is complete", order.number),
            match order.fulfilment {
                Fulfilment::Pickup => {
                    "You have collected your order. Thank you for shopping with us!"
                }
                Fulfilment::Delivery => {
                    "Your order has been delivered. Thank you for shopping with us!"
                }
            }
            .to_string(),
        ),
        Status::Cancelled => (
            format!("Your {SHOP} order {} is cancelled", order.number),
            "Your order has been cancelled and nothing more will happen with it.".to_string(),
        ),
        Status::Placed => (
            format!("Your {SHOP} order {}", order.number),
            "Here is your order.".to_string(),
        ),
    };
    order_letter(subject, &lead, order, link, shop)
}

/// A refund of `amount` on the order: all it paid, or a part (docs/DESIGN.md §12).
pub fn order_refunded(order: &OrderRow, amount: Money, link: &str, shop: &ShopSettings) -> Letter {
    let subject = if order.payment_status == PaymentStatus::PartiallyRefunded {
        format!("Your {SHOP} order {} is partly refunded", order.number)
    } else {
        format!("Your {SHOP} order {} is refunded", order.number)
    };
    let amount = currency::format(amount, shop.currency, Reading::Rupees);
    let lead = match (&order.payment_ref, order.card_last4.as_deref()) {
        (Some(_), last4) => {
            let card = last4
                .map(|last4| format!(" ending in {last4}"))
                .unwrap_or_default();
            format!(
                "We have refunded {amount} to your card{card}. Your bank may take a few days to show it."
            )
        }
        (None, _) => format!("We have refunded {amount} on this order."),
    };
    order_letter(subject, &lead, order, link, shop)
}

/// The link to an order again, asked for with 'Track your order'.
pub fn order_link(number: &str, link: &str) -> Letter {
    link_letter(
        format!("Your {SHOP} order {number}"),
        &format!("You asked for the link to your order {number}. Open it here:"),
        "View your order",
        link,
        "If you did not ask for it, you can ignore this e-mail.",
    )
}

fn order_letter(
    subject: String,
    lead: &str,
    order: &OrderRow,
    link: &str,
    shop: &ShopSettings,
) -> Letter {
    let money = |m: Money| currency::format(m, shop.currency, Reading::Rupees);
    let mut text = format!("{lead}\n\nOrder {}\n\n", order.number);
    let mut rows = String::new();
    for line in &order.lines {
        let variant = line_variant(line);
        text.push_str(&format!(
            "{} x {}{}  {}\n",
            line.quantity,
            line.name,
            variant,
            money(line.line_total)
        ));
        rows.push_str(&format!(
            "<tr><td>{} \u{d7} {}{}</td><td style=\"text-align:right\">{}</td></tr>",
            line.quantity,
            escape(&line.name),
            escape(&variant),
            money(line.line_total)
        ));
    }
    let t = &order.totals;
    let promo_label = format!(
        "Promo code {}",
        order.promo_code.as_deref().unwrap_or_default()
    );
    let mut figures = vec![
        ("Subtotal".to_string(), money(t.subtotal)),
        (
            "Discount (-20%)".to_string(),
            format!("-{}", money(t.discount)),
        ),
    ];
    if t.promo_discount.cents() > 0 {
        figures.push((promo_label, format!("-{}", money(t.promo_discount))));
    }
    figures.push(("Delivery Fee".to_string(), money(t.delivery_fee)));
    // The tax per rate: added before the total when prices were net, else the part of it.
    let label = &shop.tax.label;
    let taxes: Vec<(String, String)> = order
        .tax
        .iter()
        .flat_map(|tax| {
            let word = if tax.prices_include_tax {
                "Includes "
            } else {
                ""
            };
            tax.taxes.iter().map(move |entry| {
                (
                    format!("{word}{label} at {}", rate_text(entry.rate_bp)),
                    money(entry.tax),
                )
            })
        })
        .collect();
    let net = order
        .tax
        .as_ref()
        .is_some_and(|tax| !tax.prices_include_tax);
    if net {
        figures.extend(taxes.iter().cloned());
    }
    figures.push(("Total".to_string(), money(t.total)));
    if !net {
        figures.extend(taxes);
    }
    text.push('\n');
    for (label, value) in &figures {
        text.push_str(&format!("{label}: {value}\n"));
        rows.push_str(&format!(
            "<tr><td>{label}</td><td style=\"text-align:right\">{value}</td></tr>"
        ));
    }
    let c = &order.contact;
    let whereto = match order.fulfilment {
        Fulfilment::Pickup => format!(
            "Pickup at {}, for {} ({})",
            shop.pickup.as_ref().map_or("the shop", |p| p.name.as_str()),
            c.first_name,
            c.phone_number
        ),
        Fulfilment::Delivery => {
            let parts = [
                &c.first_name,
                &c.company_name,
                &c.street_address,
                &c.apartment,
                &c.town_city,
                &c.postcode,
            ];
            let address: Vec<&str> = parts
                .iter()
                .map(|s| s.as_str())
                .filter(|s| !s.is_empty())
                .collect();
            match &order.delivery_method {
                Some(method) => format!("Delivery to {} ({})", address.join(", "), method.name),
                None => format!("Delivery to {}", address.join(", ")),
            }
        }
    };
    let collect = match (order.fulfilment, &shop.pickup) {
        (Fulfilment::Pickup, Some(pickup)) => pickup_lines(pickup),
        _ => Vec::new(),
    };
    text.push_str(&format!("\n{whereto}\n"));
    for (label, value) in &collect {
        text.push_str(&format!("{label}:\n{value}\n"));
    }
    text.push_str(&format!("\nYour order: {link}\n"));
    let collect_html: String = collect
        .iter()
        .map(|(label, value)| {
            format!(
                "<p><strong>{label}</strong><br>{}</p>",
                escape(value).replace('\n', "<br>")
            )
        })
        .collect();
    Letter {
        unsubscribe: None,
        html: layout(
            &subject,
            &format!(
                "<p>{}</p><p><strong>Order {}</strong></p><table style=\"width:100%;border-collapse:collapse\">{rows}</table>\
                 <p>{}</p>{collect_html}<p><a href=\"{link}\">View your order</a></p>",
                escape(lead),
                escape(&order.number),
                escape(&whereto),
                link = escape(link),
            ),
        ),
        text,
        hint: link.to_string(),
        subject,
    }
}

/// Where and when to collect, as labelled lines; the parts the shop left empty are left out.
fn pickup_lines(pickup: &crate::domain::shop::Pickup) -> Vec<(&'static str, String)> {
    [
        ("Address", &pickup.address),
        ("Opening hours", &pickup.opening_hours),
        ("How to collect", &pickup.instructions),
    ]
    .into_iter()
    .filter(|(_, value)| !value.is_empty())
    .map(|(label, value)| (label, value.clone()))
    .collect()
}

/// '10 minutes', '1 minute'.
fn minutes(count: i64) -> String {
    if count == 1 {
        "1 minute".to_string()
    } else {
        format!("{count} minutes")
    }
}

fn layout(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>{}</title></head>\
         <body style=\"font-family:Arial,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px\">\
         <h1 style=\"font-size:20px\">{}</h1>{body}\
         <p style=\"font-size:12px;color:#777\">{SHOP}: plumbing, heating and everyday supplies.</p></body></html>",
        escape(title),
        escape(title)
    )
}

/// `text` safe inside HTML text and quoted attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// What tells a line's variant apart after its name: its option values and SKU, as
/// " (22 mm, Chrome; SKU CF-22-CH)"; nothing for a product without options (its one
/// variant is the product, as the spec's mail shows it) or a line from before variants.
fn line_variant(line: &crate::domain::order_row::OrderLine) -> String {
    let values: Vec<&str> = line.options.values().map(String::as_str).collect();
    match (values.is_empty(), &line.sku) {
        (true, _) => String::new(),
        (false, None) => format!(" ({})", values.join(", ")),
        (false, Some(sku)) => format!(" ({}; SKU {sku})", values.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_letter_has_a_subject_and_both_parts() {
        for letter in [
            signup_code("123456", 10),
            resent_code("123456", 10),
            reset_link("http://shop.test/new-password?token=abc", 30),
            change_password_link("http://shop.test/new-password?token=abc", 30),
            account_activated(),
        ] {
            assert!(!letter.subject.is_empty());
            assert!(!letter.text.is_empty());
            assert!(
                letter.html.starts_with("<!doctype html>"),
                "{}",
                letter.html
            );
            assert!(letter.html.contains(&escape(&letter.subject)));
        }
    }

    #[test]
    fn codes_and_links_appear_in_both_parts() {
        let code = signup_code("042424", 10);
        assert!(code.text.contains("042424") && code.html.contains("042424"));
        let link = reset_link("http://shop.test/new-password?token=a&b", 30);
        assert!(link
            .text
            .contains("http://shop.test/new-password?token=a&b"));
        assert!(link
            .html
            .contains("href=\"http://shop.test/new-password?token=a&amp;b\""));
    }

    #[test]
    fn lifetimes_read_as_given() {
        assert!(signup_code("042424", 10)
            .text
            .contains("The code expires in 10 minutes."));
        assert!(resent_code("042424", 1)
            .html
            .contains("The code expires in 1 minute."));
        for letter in [
            reset_link("http://shop.test/x", 30),
            change_password_link("http://shop.test/x", 30),
        ] {
            assert!(letter
                .text
                .contains("The link works once and expires in 30 minutes."));
        }
    }

    #[test]
    fn html_is_escaped() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }
}
