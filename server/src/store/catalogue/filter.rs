//! What a product listing is narrowed to: the one filter the SQL listing, the search
//! index, the browse table and the kept totals all read, so each of them depends on it
//! and none on another.

use crate::domain::id::Id;
use crate::domain::option_filter::OptionFilter;
use crate::domain::search_terms::query_words;
use crate::domain::Money;

/// What a product listing is narrowed to. Every list is already bounded by the caller.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ProductFilter {
    pub keyword_words: Vec<String>,
    pub category_ids: Vec<Id>,
    pub sub_category_ids: Vec<Id>,
    /// Bounds on the price the shopper pays, inclusive.
    pub min_paid: Option<Money>,
    pub max_paid: Option<Money>,
    /// Options one and the same variant must hold (`domain/option_filter.rs`).
    pub options: OptionFilter,
    /// The keyword as a whole, in lower case, when it has a SKU's shape: a product with
    /// a variant of that SKU matches whatever its words.
    pub sku: Option<String>,
}

/// Most words a keyword search looks at.
pub const MAX_SEARCH_WORDS: usize = 8;

impl ProductFilter {
    /// The words of a shopper's search text, at most [`MAX_SEARCH_WORDS`], each size
    /// one word (`domain/search_terms.rs`).
    pub fn keyword(text: &str) -> Vec<String> {
        query_words(text, MAX_SEARCH_WORDS)
    }

    /// A keyword search with no other condition.
    pub(super) fn is_keyword_only(&self) -> bool {
        !self.keyword_words.is_empty()
            && self.category_ids.is_empty()
            && self.sub_category_ids.is_empty()
            && self.min_paid.is_none()
            && self.max_paid.is_none()
            && self.options.is_empty()
    }
}
