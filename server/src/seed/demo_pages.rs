//! The demo's text for the shop's own pages (docs/DESIGN.md §15): plain and honest. It says
//! it is a demo and promises nothing a demo cannot keep; a real shop writes its own in
//! the console (Pages). Filled only where no one has saved the page yet.
//!
//! The test card is named, not written out: no card number, not even the test
//! provider's, is stored anywhere in the data dir (web/e2e/payments.spec.ts checks it).

use crate::store::pages::Pages;
use crate::BoxError;

const DEMO_NOTE: &str =
    "This is a demo shop: nothing you order here is sent, and no card is charged.";

/// (slug, title, body in Markdown) for each of the six pages.
fn pages() -> [(&'static str, &'static str, String); 6] {
    [
        (
            "privacy",
            "Privacy Policy",
            format!(
                "{DEMO_NOTE}\n\n\
                 ## What this demo keeps\n\n\
                 - The details you give when you sign up or check out: name, e-mail address, phone number and address.\n\
                 - Your cart, wishlist, orders and reviews.\n\n\
                 They are kept in the demo's own database, used only to run the pages you see, and not shared with anyone.\n\n\
                 ## Cookies and storage\n\n\
                 The shop keeps your sign-in and your guest cart in your browser's local storage. It sets no advertising or tracking cookies.\n\n\
                 ## Your account\n\n\
                 You can change your details under *Profile Settings* and delete your account there at any time.\n\n\
                 A real shop replaces this page with its own privacy policy."
            ),
        ),
        (
            "terms",
            "Terms & Conditions",
            format!(
                "{DEMO_NOTE}\n\n\
                 ## Using the demo\n\n\
                 Browse, add things to your cart and try the checkout as much as you like. \
                 Pay with the test card (its number is 4242 four times over): it is accepted, but no money moves.\n\n\
                 ## Prices and products\n\n\
                 The products, prices, stock and reviews are made up for the demo.\n\n\
                 A real shop replaces this page with the terms it trades on."
            ),
        ),
        (
            "returns",
            "Cancellation & Return Policy",
            format!(
                "{DEMO_NOTE}\n\n\
                 ## Cancelling an order\n\n\
                 An order that has not been shipped or collected can be cancelled from *My Orders*.\n\n\
                 ## Returns\n\n\
                 As nothing is sent, there is nothing to return. \
                 A real shop says here how long customers have to return goods, in what condition, and how refunds are paid."
            ),
        ),
        (
            "delivery",
            "Delivery & Collection",
            format!(
                "{DEMO_NOTE}\n\n\
                 At checkout you choose **collection** (free) or **delivery** (a fee of 100, shown before you pay).\n\n\
                 A real shop says here where and when orders can be collected, where it delivers and how long delivery takes."
            ),
        ),
        (
            "faq",
            "FAQ",
            format!(
                "{DEMO_NOTE}\n\n\
                 ## Is this a real shop?\n\n\
                 No. It shows how the shop works, with a made-up catalogue.\n\n\
                 ## Can I try paying?\n\n\
                 Yes: use the test card, whose number is 4242 four times over, with any future expiry date and any CVC.\n\n\
                 ## Where do the e-mails go?\n\n\
                 Nowhere outside the demo: they are written to its outbox folder.\n\n\
                 ## How do I get in touch?\n\n\
                 See the [Contact](/contact) page."
            ),
        ),
        (
            "e-waste",
            "E-waste Policy",
            format!(
                "{DEMO_NOTE}\n\n\
                 Some products in the catalogue, such as pumps, thermostats and water heaters, are electrical. \
                 Electrical items should not go in household rubbish: take them to a recycling centre that accepts electrical waste.\n\n\
                 A real shop says here whether it takes back old electrical items, and how."
            ),
        ),
    ]
}

/// Gives each page no one has saved yet the demo's text. Returns how many it filled.
pub async fn seed_pages(pages: &Pages) -> Result<u64, BoxError> {
    let text = self::pages();
    let rows: Vec<(&str, &str, &str)> = text
        .iter()
        .map(|(slug, title, body)| (*slug, *title, body.as_str()))
        .collect();
    Ok(pages.fill_unwritten(&rows).await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::page;

    #[test]
    fn the_demo_writes_each_of_the_six_pages_within_the_rules() {
        let text = pages();
        let slugs: Vec<&str> = text.iter().map(|(slug, _, _)| *slug).collect();
        assert_eq!(slugs, page::SLUGS);
        for (slug, title, body) in &text {
            assert_eq!(page::title(title).as_deref(), Ok(*title), "{slug}");
            assert!(page::body(body).is_ok(), "{slug}");
            assert!(body.starts_with(DEMO_NOTE), "{slug} says it is a demo");
            assert!(!body.contains('<'), "{slug}: Markdown, no HTML");
        }
    }
}
