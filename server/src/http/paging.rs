//! `page` and `perPage`, read the same way by every paginated call.

use std::collections::BTreeMap;

use super::error::AppError;

/// The deepest page any listing serves.
pub const MAX_PAGE: i64 = 10_000;

/// A page number and size, both valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paging {
    pub page: i64,
    pub per_page: i64,
}

impl Paging {
    /// Reads `page` (1 to [`MAX_PAGE`], default 1) and `perPage` (at least 1, default
    /// `default_per_page`; any larger whole number counts as `max_per_page`, however
    /// long). Empty values count as absent; a bad one is recorded in `errors` under
    /// its parameter's name and its default used.
    pub fn parse(
        page: Option<&str>,
        per_page: Option<&str>,
        default_per_page: i64,
        max_per_page: i64,
        errors: &mut BTreeMap<&'static str, String>,
    ) -> Paging {
        fn present(v: Option<&str>) -> Option<&str> {
            v.map(str::trim).filter(|s| !s.is_empty())
        }
        let page = match present(page) {
            None => 1,
            Some(text) => match text.parse::<i64>() {
                Ok(n) if (1..=MAX_PAGE).contains(&n) => n,
                _ => {
                    errors.insert(
                        "page",
                        format!("page must be a whole number from 1 to {MAX_PAGE}"),
                    );
                    1
                }
            },
        };
        let per_page = match present(per_page) {
            None => default_per_page,
            Some(text)
                if text.bytes().all(|b| b.is_ascii_digit())
                    && text.trim_start_matches('0').len() > 3 =>
            {
                max_per_page
            }
            Some(text) => match text.parse::<u64>() {
                Ok(n) if n >= 1 => n.min(max_per_page as u64) as i64,
                _ => {
                    errors.insert(
                        "perPage",
                        "perPage must be a whole number of at least 1".to_string(),
                    );
                    default_per_page
                }
            },
        };
        Paging { page, per_page }
    }

    /// How many rows come before this page.
    pub fn offset(self) -> i64 {
        (self.page - 1) * self.per_page
    }
}
/// `page` and `perPage` of a list of orders, customers or the like: 10 a page by
/// default, at most 100; a bad one is a 400 naming it.
pub fn parse_paging(page: Option<&str>, per_page: Option<&str>) -> Result<Paging, AppError> {
    let mut errors = BTreeMap::new();
    let paging = Paging::parse(page, per_page, 10, 100, &mut errors);
    if errors.is_empty() {
        Ok(paging)
    } else {
        Err(AppError::fields(errors))
    }
}
