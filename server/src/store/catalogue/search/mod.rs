//! The catalogue's search index: tantivy, in memory, on every node
//! (docs/ARCHITECTURE.md, "Search").
//!
//! It holds each product in the shop with what a keyword listing matches, filters and
//! sorts on: its search text (the words of its name, description, category and
//! sub-category), category, sub-category, the price paid, when it was created, its
//! name for sorting, and its id. A keyword listing finds the page's ids here and reads
//! only those rows from the database. Each node builds it at start and keeps it
//! current from the catalogue's change feed (`version.rs`).
//!
//! Matching is the SQL search's, plus typos: every word must match as a word or the
//! start of one; a word that begins no word of the index may instead be one typo away
//! when it has 5 letters or more, two from 8 (Meilisearch's defaults). A word the
//! index knows is taken as written, so typo matches never crowd in on exact ones.
//!
//! One file per concern: `index.rs` (what the index holds of a product, and writing
//! it), `query.rs` (a listing's query), `typos.rs` (how far a word may be mistyped,
//! and 'Did you mean'), `paging.rs` (a page of matches in sort order), `facets.rs`
//! (a listing's counts), `cards.rs` (what a suggestion shows) and `browse.rs`
//! (listings without keywords, read from the index after each commit). This file is
//! the node's handle on the index, and what those share.

use std::sync::{Arc, PoisonError, RwLock};

use super::filter::ProductFilter;
use crate::domain::listing::{ProductSort, SortField};
use crate::domain::synonyms::{plain, Alternatives};

mod browse;
mod cards;
mod facets;
mod index;
mod option_facets;
mod paging;
mod query;
mod typos;

pub use self::cards::ProductCard;
pub use self::facets::{Facets, PRICE_BANDS};
pub(super) use self::index::{Built, IndexedProduct};

/// One page of a listing: the products' ids in order, and how many match.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Hits {
    pub ids: Vec<String>,
    pub total: i64,
}

/// The index, once built; until then, keyword listings go to the database.
#[derive(Default)]
pub(super) struct SearchIndex {
    built: RwLock<Option<Arc<Built>>>,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex")
            .field("built", &self.in_use().is_some())
            .finish()
    }
}

impl SearchIndex {
    /// The index in use; `None` before the first build.
    pub(super) fn in_use(&self) -> Option<Arc<Built>> {
        self.built
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub(super) fn is_built(&self) -> bool {
        self.in_use().is_some()
    }

    /// Puts a freshly built index in place of the one in use.
    pub(super) fn replace(&self, built: Arc<Built>) {
        *self.built.write().unwrap_or_else(PoisonError::into_inner) = Some(built);
    }

    /// The page `offset..offset + limit` of the products matching `filter` (its
    /// keywords read as `parts`, synonyms expanded) in `sort` order, or `None` while the
    /// index is not built yet.
    pub(super) fn search(
        &self,
        filter: &ProductFilter,
        parts: &[Alternatives],
        sort: ProductSort,
        offset: usize,
        limit: usize,
    ) -> Option<tantivy::Result<Hits>> {
        let built = self.in_use()?;
        Some(built.search(filter, parts, sort, offset, limit))
    }

    /// The first `limit` products matching `filter` (its keywords read as `parts`) in
    /// `sort` order, as a suggestion shows them, or `None` while the index is not built.
    pub(super) fn cards(
        &self,
        filter: &ProductFilter,
        parts: &[Alternatives],
        sort: ProductSort,
        limit: usize,
    ) -> Option<tantivy::Result<Vec<ProductCard>>> {
        let built = self.in_use()?;
        Some(built.cards(filter, parts, sort, limit))
    }

    /// The page `offset..offset + limit` of the products matching `filter` (its
    /// keywords left out) in `sort` order, or `None` while the index is not built yet.
    pub(super) fn browse(
        &self,
        filter: &ProductFilter,
        sort: ProductSort,
        offset: usize,
        limit: usize,
    ) -> Option<Hits> {
        let built = self.in_use()?;
        let browse = built
            .browse
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        Some(browse.page(filter, sort, offset, limit))
    }

    /// The facets of the listing `filter` (with or without keywords, read as `parts`),
    /// or `None` while the index is not built yet.
    pub(super) fn facets(
        &self,
        filter: &ProductFilter,
        parts: &[Alternatives],
    ) -> Option<tantivy::Result<Facets>> {
        let built = self.in_use()?;
        Some(built.facets(filter, parts))
    }

    /// For a search that found nothing, the same words with each one the index does not
    /// know replaced by the closest word it does (more typos allowed than a search
    /// allows), when that search finds something. `None` when there is nothing to offer.
    pub(super) fn did_you_mean(&self, filter: &ProductFilter) -> Option<Vec<String>> {
        let built = self.in_use()?;
        let searcher = built.reader.searcher();
        let mut changed = false;
        let mut words = Vec::with_capacity(filter.keyword_words.len());
        for word in &filter.keyword_words {
            if built.knows_prefix(&searcher, word) {
                words.push(word.clone());
                continue;
            }
            let closest = built.closest_word(&searcher, word)?;
            changed = true;
            words.push(closest);
        }
        if !changed {
            return None;
        }
        let corrected = ProductFilter {
            keyword_words: words.clone(),
            ..filter.clone()
        };
        match built.search(&corrected, &plain(&words), NEWEST_FIRST, 0, 0) {
            Ok(hits) if hits.total > 0 => Some(words),
            _ => None,
        }
    }
}

const NEWEST_FIRST: ProductSort = ProductSort {
    field: SortField::CreatedAt,
    descending: true,
};

/// A product id (24 hex digits) as two numbers whose order is the id's.
fn id_halves(id: &str) -> Option<(u64, u64)> {
    if id.len() != 24 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let high = u64::from_str_radix(&id[..16], 16).ok()?;
    let low = u64::from_str_radix(&id[16..], 16).ok()?;
    Some((high, low))
}

pub(super) fn id_text(id: u128) -> String {
    format!("{:016x}{:08x}", (id >> 32) as u64, id as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::money::Money;
    use crate::domain::pricing::Discount;

    #[test]
    fn ids_keep_their_order_as_numbers_and_come_back_whole() {
        let a = "00000001ffffffffffffffff";
        let b = "00000002000000000000000a";
        let (ah, al) = id_halves(a).unwrap();
        let (bh, bl) = id_halves(b).unwrap();
        let (a_num, b_num) = (
            (u128::from(ah) << 32) | u128::from(al),
            (u128::from(bh) << 32) | u128::from(bl),
        );
        assert!(a_num < b_num);
        assert_eq!(id_text(a_num), a);
        assert_eq!(id_text(b_num), b);
        assert_eq!(id_halves("not-an-id"), None);
    }

    #[test]
    fn listings_without_keywords_order_every_sort_across_segments_with_the_id_breaking_ties() {
        let id = |n: u32| format!("{n:024x}");
        let index = SearchIndex::default();
        assert!(index
            .browse(&ProductFilter::default(), NEWEST_FIRST, 0, 10)
            .is_none());
        let built = Built::new().unwrap();
        let mut pipe = product(&id(5), "Pipe", "pipe", 700, 1);
        pipe.category_id = "e".repeat(24);
        built
            .apply(
                &[],
                &[
                    product(&id(1), "Brass valve", "", 500, 3),
                    product(&id(2), "alpha tap", "", 500, 3),
                    pipe,
                ],
            )
            .unwrap();
        // Later segments: a name already in another segment (in other case), one
        // between the first segment's names, and an edit, which deletes and adds.
        built
            .apply(&[], &[product(&id(3), "BRASS VALVE", "", 200, 9)])
            .unwrap();
        built
            .apply(
                &[id(1)],
                &[
                    product(&id(1), "Brass valve", "", 900, 3),
                    product(&id(4), "Basin", "", 900, 0),
                ],
            )
            .unwrap();
        index.replace(Arc::new(built));
        let page = |filter: &ProductFilter, field, descending, offset, limit| {
            let hits = index
                .browse(filter, ProductSort { field, descending }, offset, limit)
                .unwrap();
            let numbers: Vec<u32> = hits
                .ids
                .iter()
                .map(|id| u32::from_str_radix(id, 16).unwrap())
                .collect();
            (numbers, hits.total)
        };
        let all = ProductFilter::default();
        assert_eq!(
            page(&all, SortField::Name, false, 0, 10),
            (vec![2, 4, 1, 3, 5], 5)
        );
        assert_eq!(
            page(&all, SortField::Name, true, 0, 10),
            (vec![5, 3, 1, 4, 2], 5)
        );
        assert_eq!(
            page(&all, SortField::Price, false, 0, 10),
            (vec![3, 2, 5, 1, 4], 5)
        );
        assert_eq!(
            page(&all, SortField::CreatedAt, true, 1, 2),
            (vec![2, 1], 5)
        );
        assert_eq!(page(&all, SortField::CreatedAt, true, 5, 2), (vec![], 5));
        let narrowed = ProductFilter {
            category_ids: vec![crate::domain::id::Id::parse(&"c".repeat(24)).unwrap()],
            min_paid: Some(crate::domain::Money::from_cents(300)),
            ..Default::default()
        };
        assert_eq!(
            page(&narrowed, SortField::Price, true, 1, 10),
            (vec![1, 2], 3)
        );
        let unknown = ProductFilter {
            sub_category_ids: vec![crate::domain::id::Id::parse(&"f".repeat(24)).unwrap()],
            ..Default::default()
        };
        assert_eq!(page(&unknown, SortField::Price, true, 0, 10), (vec![], 0));
    }

    #[test]
    fn an_option_filter_lists_from_the_browse_table_what_the_search_finds() {
        use crate::domain::id::Id;
        use crate::domain::option_filter::OptionFilter;
        use crate::domain::variant::VariantOptions;

        let id = |n: u32| format!("{n:024x}");
        let sizes = ["15 mm", "22 mm", "28 mm"];
        let finishes = ["Brass", "Chrome"];
        let options = |size: &str, finish: &str| {
            VariantOptions::from([
                ("Size".to_string(), size.to_string()),
                ("Finish".to_string(), finish.to_string()),
            ])
        };
        let fitting = |n: u32| {
            let mut p = product(
                &id(n),
                &format!("Fitting {}", n % 7),
                "",
                100 + i64::from(n * 37 % 11) * 10,
                i64::from(n % 5),
            );
            p.variant_options = (0..n % 4)
                .map(|v| {
                    options(
                        sizes[((n + v) % 3) as usize],
                        finishes[(n * v % 2) as usize],
                    )
                })
                .collect();
            if n.is_multiple_of(3) {
                p.category_id = "e".repeat(24);
            }
            p
        };
        let mut products: Vec<IndexedProduct> = (1..=24).map(fitting).collect();
        let built = Built::new().unwrap();
        built.apply(&[], &products[..12]).unwrap();
        built.apply(&[], &products[12..]).unwrap();
        // An edit deletes and adds (product 5 now holds other options); 8 is gone.
        products[4].variant_options = vec![options("28 mm", "Chrome")];
        built.apply(&[id(5), id(8)], &products[4..5]).unwrap();
        products.remove(7);
        let index = SearchIndex::default();
        index.replace(Arc::new(built));

        let asked: [&[&str]; 6] = [
            &["Size:22 mm"],
            &["size:15 MM", "Size:28 mm"],
            &["Size:28 mm", "Finish:Chrome"],
            &["Finish:Brass"],
            &["Colour:Red"],
            &["Size:15 mm", "Finish:Brass", "Colour:Red"],
        ];
        for options in asked {
            for narrowed in [false, true] {
                let filter = ProductFilter {
                    options: OptionFilter::parse(options.iter().copied()).unwrap(),
                    category_ids: match narrowed {
                        true => vec![Id::parse(&"c".repeat(24)).unwrap()],
                        false => Vec::new(),
                    },
                    ..Default::default()
                };
                // What the filter means, read off the products themselves.
                let expected = products
                    .iter()
                    .filter(|p| !narrowed || p.category_id == "c".repeat(24))
                    .filter(|p| p.variant_options.iter().any(|v| filter.options.matches(v)))
                    .count() as i64;
                for field in [SortField::Price, SortField::Name, SortField::CreatedAt] {
                    for descending in [false, true] {
                        let sort = ProductSort { field, descending };
                        for (offset, limit) in [(0, 100), (0, 3), (2, 3), (7, 2), (40, 5)] {
                            let browsed = index.browse(&filter, sort, offset, limit).unwrap();
                            let searched = index
                                .search(&filter, &[], sort, offset, limit)
                                .unwrap()
                                .unwrap();
                            let case = format!("{options:?} {narrowed} {sort:?} {offset}+{limit}");
                            assert_eq!(browsed, searched, "{case}");
                            assert_eq!(browsed.total, expected, "{case}");
                            assert!(!browsed.ids.contains(&id(8)), "{case}");
                        }
                    }
                }
            }
        }
        let size_22 = ProductFilter {
            options: OptionFilter::parse(["Size:22 mm"]).unwrap(),
            ..Default::default()
        };
        assert!(index.browse(&size_22, NEWEST_FIRST, 0, 100).unwrap().total >= 5);
    }

    pub(super) fn product(
        id: &str,
        name: &str,
        text: &str,
        paid: i64,
        created: i64,
    ) -> IndexedProduct {
        IndexedProduct {
            id: id.to_string(),
            name: name.to_string(),
            search_text: text.to_string(),
            category_id: "c".repeat(24),
            sub_category_id: "d".repeat(24),
            paid_cents: paid,
            created_at: created,
            stock: paid % 2,
            image: None,
            price: Money::from_cents(paid),
            discount: Discount {
                basis_points: 0,
                ends_at: None,
            },
            skus: Vec::new(),
            variant_options: Vec::new(),
        }
    }

    pub(super) fn words(text: &str) -> ProductFilter {
        ProductFilter {
            keyword_words: ProductFilter::keyword(text),
            ..Default::default()
        }
    }

    #[test]
    fn the_index_matches_prefixes_typos_and_sorts_with_the_id_breaking_ties() {
        let index = SearchIndex::default();
        assert!(index
            .search(&words("valve"), &[], NEWEST_FIRST, 0, 10)
            .is_none());
        let built = Built::new().unwrap();
        built
            .apply(
                &[],
                &[
                    product(
                        "000000000000000000000001",
                        "Brass valve",
                        "brass valve",
                        500,
                        1,
                    ),
                    product(
                        "000000000000000000000002",
                        "brass Valves",
                        "brass valves",
                        500,
                        2,
                    ),
                    product(
                        "000000000000000000000003",
                        "Steel radiator",
                        "steel radiator",
                        900,
                        3,
                    ),
                ],
            )
            .unwrap();
        // A second segment, so pages merge across segments.
        built
            .apply(
                &[],
                &[product(
                    "000000000000000000000004",
                    "Alpha valve",
                    "alpha valve",
                    100,
                    4,
                )],
            )
            .unwrap();
        index.replace(Arc::new(built));
        let search = |filter: &ProductFilter, field, descending, offset, limit| {
            index
                .search(
                    filter,
                    &plain(&filter.keyword_words),
                    ProductSort { field, descending },
                    offset,
                    limit,
                )
                .unwrap()
                .unwrap()
        };
        let hits = search(&words("valv"), SortField::Price, false, 0, 10);
        assert_eq!(hits.total, 3);
        assert_eq!(
            hits.ids,
            [
                "000000000000000000000004",
                "000000000000000000000001",
                "000000000000000000000002"
            ]
        );
        let hits = search(&words("valve"), SortField::Name, true, 1, 1);
        assert_eq!(
            hits.ids,
            ["000000000000000000000001"],
            "brass valves, brass valve, alpha"
        );
        assert_eq!(
            search(&words("radiatr"), SortField::CreatedAt, true, 0, 10).total,
            1
        );
        assert_eq!(
            search(&words("rad"), SortField::CreatedAt, true, 0, 10).total,
            1
        );
        assert_eq!(
            search(&words("vlve"), SortField::CreatedAt, true, 0, 10).total,
            0
        );
        assert_eq!(
            index.did_you_mean(&words("brass vlve")).unwrap(),
            ["brass", "valve"]
        );
        assert_eq!(
            index.did_you_mean(&words("steel vlve")),
            None,
            "no steel valve"
        );
        let cheap = ProductFilter {
            max_paid: Some(crate::domain::Money::from_cents(500)),
            ..words("valve")
        };
        assert_eq!(search(&cheap, SortField::Price, true, 0, 10).total, 3);
        let built = index.in_use().unwrap();
        built
            .apply(&["000000000000000000000001".to_string()], &[])
            .unwrap();
        assert_eq!(
            search(&words("valve"), SortField::Price, true, 0, 10).total,
            2
        );
    }
}
