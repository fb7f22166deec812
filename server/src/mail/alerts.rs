//! The back-in-stock letter (docs/DESIGN.md §12): one per alert, with a link to the
//! product and a one-click unsubscribe link, in the body and in the headers.

use super::templates::link_letter;
use super::Letter;

/// To an address that asked: `product` (and its `options`, e.g. '22 mm, Chrome') is
/// back at `link`. `unsubscribe_page` (the storefront's page) and `unsubscribe_post`
/// (the API's one-click link, for the headers) stop every alert the address waits for.
pub fn back_in_stock(
    product: &str,
    options: &str,
    link: &str,
    unsubscribe_page: &str,
    unsubscribe_post: &str,
) -> Letter {
    let named = if options.is_empty() {
        product.to_string()
    } else {
        format!("{product} ({options})")
    };
    let letter = link_letter(
        format!("{product} is back in stock"),
        &format!("Good news: {named} is back in stock. Order it before it runs out again."),
        "View product",
        link,
        &format!(
            "You asked us to e-mail you when it was back; this is the only e-mail about it. \
             To stop every back-in-stock e-mail you are waiting for, unsubscribe: {unsubscribe_page}"
        ),
    );
    Letter {
        unsubscribe: Some(unsubscribe_post.to_string()),
        ..letter
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_letter_names_the_variant_and_carries_both_unsubscribe_links() {
        let letter = back_in_stock(
            "Compression Elbow",
            "22 mm, Chrome",
            "https://shop.test/product/abc",
            "https://shop.test/unsubscribe?token=t",
            "https://shop.test/api/alert/unsubscribe?token=t",
        );
        assert_eq!(letter.subject, "Compression Elbow is back in stock");
        assert!(letter
            .text
            .contains("Compression Elbow (22 mm, Chrome) is back in stock"));
        assert!(letter.text.contains("https://shop.test/product/abc"));
        assert!(letter
            .text
            .contains("unsubscribe: https://shop.test/unsubscribe?token=t"));
        assert_eq!(
            letter.unsubscribe.as_deref(),
            Some("https://shop.test/api/alert/unsubscribe?token=t")
        );
    }
}
