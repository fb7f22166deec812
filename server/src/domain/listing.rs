//! How a shopper asked for a product listing to be ordered. Both the catalogue's
//! queries and the dialect (which index a sort should walk) read it, so it lives here,
//! below the store, rather than in either of them.

/// What a listing is ordered by; ties are broken by id in the same direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortField {
    Name,
    Price,
    CreatedAt,
    /// 'Best match', for keyword searches: best first (the direction is not asked). The
    /// database's search, which answers only while the search index is being built,
    /// lists them newest first.
    Relevance,
}

/// A listing's order: a field and its direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProductSort {
    pub field: SortField,
    pub descending: bool,
}
