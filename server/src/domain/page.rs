//! The shop's own pages (docs/DESIGN.md §15): six fixed slugs, the spec's footer links, each
//! a title and a Markdown body that staff write. The storefront renders the body with
//! raw HTML escaped; nothing here trusts or changes it.

/// Every page there is, in the footer's order: no other slug exists.
pub const SLUGS: [&str; 6] = ["privacy", "terms", "returns", "delivery", "faq", "e-waste"];
/// The longest title, in characters.
pub const MAX_TITLE_CHARS: usize = 120;
/// The longest body, in characters of Markdown.
pub const MAX_BODY_CHARS: usize = 50_000;

pub const NOT_FOUND: &str = "Page not found";
pub const TITLE_RULE: &str = "Title must be 1 to 120 characters";
pub const BODY_RULE: &str = "Body must be at most 50,000 characters";
pub const BODY_REQUIRED: &str = "Body is required";
pub const ONE_LINE: &str = "Title must be one line of text";

/// Whether `slug` names one of the pages.
pub fn is_slug(slug: &str) -> bool {
    SLUGS.contains(&slug)
}

/// A page's title as it is kept: trimmed, 1 to [`MAX_TITLE_CHARS`] characters, one line.
pub fn title(text: &str) -> Result<String, &'static str> {
    let title = text.trim();
    if title.is_empty() || title.chars().count() > MAX_TITLE_CHARS {
        return Err(TITLE_RULE);
    }
    if title.chars().any(char::is_control) {
        return Err(ONE_LINE);
    }
    Ok(title.to_string())
}

/// A page's body as it is kept: as written (Markdown's trailing spaces mean something),
/// at most [`MAX_BODY_CHARS`] characters; an empty body is allowed.
pub fn body(text: &str) -> Result<&str, &'static str> {
    if text.chars().count() > MAX_BODY_CHARS {
        return Err(BODY_RULE);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_six_footer_slugs_are_pages() {
        for slug in SLUGS {
            assert!(is_slug(slug), "{slug}");
        }
        for slug in [
            "about",
            "Privacy",
            "privacy/",
            "",
            "e_waste",
            "terms-and-conditions",
        ] {
            assert!(!is_slug(slug), "{slug}");
        }
    }

    #[test]
    fn a_title_is_trimmed_and_1_to_120_characters() {
        assert_eq!(title("  Privacy Policy \n").unwrap(), "Privacy Policy");
        assert_eq!(title("   "), Err(TITLE_RULE));
        assert_eq!(title(""), Err(TITLE_RULE));
        assert!(
            title(&"é".repeat(120)).is_ok(),
            "counted in characters, not bytes"
        );
        assert_eq!(title(&"a".repeat(121)), Err(TITLE_RULE));
        assert_eq!(title("Privacy\nPolicy"), Err(ONE_LINE));
    }

    #[test]
    fn a_body_is_kept_as_written_up_to_50000_characters() {
        assert_eq!(body("  # Hi  \n").unwrap(), "  # Hi  \n");
        assert_eq!(body("").unwrap(), "");
        assert!(body(&"é".repeat(50_000)).is_ok());
        assert_eq!(body(&"a".repeat(50_001)), Err(BODY_RULE));
    }
}
