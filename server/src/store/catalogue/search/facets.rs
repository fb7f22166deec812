//! A listing's facets from the index: one pass over the keywords' matches counts each
//! category, sub-category, price band and what is in stock, each count leaving out the
//! filter it is about.

use std::collections::HashMap;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::{Column, StrColumn};
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};

use super::index::Built;
use super::option_facets::{counts_of, merge, SegmentOptions};
use crate::domain::synonyms::Alternatives;
use crate::store::catalogue::filter::ProductFilter;

impl Built {
    pub(super) fn facets(
        &self,
        filter: &ProductFilter,
        parts: &[Alternatives],
    ) -> tantivy::Result<Facets> {
        let searcher = self.reader.searcher();
        // The keywords alone: each count leaves out the filters it is about.
        let keywords = ProductFilter {
            sku: filter.sku.clone(),
            ..Default::default()
        };
        let query = self.query(&searcher, &keywords, parts, false);
        searcher.search(&*query, &FacetCollector { filter })
    }
}

/// A listing's counts, each for the listing with every filter but the one it is about,
/// so a shopper sees what choosing another category or price would find.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facets {
    /// Products per category id, matching the keywords and price (not the category or
    /// sub-category filters); only categories with some.
    pub categories: Vec<(String, i64)>,
    /// Products per sub-category id, matching the keywords, price and category (not the
    /// sub-category filter); only sub-categories with some.
    pub sub_categories: Vec<(String, i64)>,
    /// Products per price band of [`PRICE_BANDS`], matching every filter but price.
    pub price_bands: Vec<i64>,
    /// The listing's own matches (every filter) and how many of them are in stock.
    pub total: i64,
    pub in_stock: i64,
    /// Products per option name and value (names, then values, in order), matching every
    /// filter but the option filter's values of that name: each product counts once
    /// for each value one of its variants holds together with the filter's other names.
    pub options: Vec<(String, Vec<(String, i64)>)>,
}

/// Where each price band starts, in cents of the price paid: under 10, 10-25, 25-50,
/// 50-100, 100-250, 250 and over. A band ends one cent below the next one's start.
pub const PRICE_BANDS: [i64; 6] = [0, 1_000, 2_500, 5_000, 10_000, 25_000];

fn price_band(cents: i64) -> usize {
    PRICE_BANDS
        .iter()
        .rposition(|&start| cents >= start)
        .unwrap_or(0)
}

struct FacetCollector<'a> {
    filter: &'a ProductFilter,
}

struct SegmentFacets {
    categories: Option<StrColumn>,
    sub_categories: Option<StrColumn>,
    paid: Column<i64>,
    in_stock: Column<u64>,
    /// This segment's ords of the filter's categories and sub-categories (`None`: no
    /// such filter).
    category_filter: Option<Vec<u64>>,
    sub_category_filter: Option<Vec<u64>>,
    min_paid: i64,
    max_paid: i64,
    /// Counts by this segment's ords.
    category_counts: Vec<i64>,
    sub_category_counts: Vec<i64>,
    bands: [i64; PRICE_BANDS.len()],
    total: i64,
    in_stock_count: i64,
    options: SegmentOptions,
}

/// The ords in `column`'s dictionary of these ids (those it holds).
fn ords_of(column: Option<&StrColumn>, ids: &[crate::domain::id::Id]) -> tantivy::Result<Vec<u64>> {
    let mut ords = Vec::new();
    if let Some(column) = column {
        for id in ids {
            if let Some(ord) = column.dictionary().term_ord(id.as_str().as_bytes())? {
                ords.push(ord);
            }
        }
    }
    Ok(ords)
}

fn counts_by_id(column: Option<&StrColumn>, counts: &[i64]) -> Vec<(String, i64)> {
    let Some(column) = column else {
        return Vec::new();
    };
    let mut named = Vec::new();
    for (ord, &count) in counts.iter().enumerate() {
        let mut id = String::new();
        if count > 0 && column.ord_to_str(ord as u64, &mut id).unwrap_or(false) {
            named.push((id, count));
        }
    }
    named
}

fn merge_counts(parts: impl Iterator<Item = Vec<(String, i64)>>) -> Vec<(String, i64)> {
    let mut merged: HashMap<String, i64> = HashMap::new();
    for (id, count) in parts.flatten() {
        *merged.entry(id).or_default() += count;
    }
    let mut merged: Vec<(String, i64)> = merged.into_iter().collect();
    merged.sort();
    merged
}

impl Collector for FacetCollector<'_> {
    type Fruit = Facets;
    type Child = SegmentFacets;

    fn for_segment(
        &self,
        _segment: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<SegmentFacets> {
        let fast = reader.fast_fields();
        let categories = fast.str("category")?;
        let sub_categories = fast.str("sub_category")?;
        let filter = self.filter;
        let category_filter = (!filter.category_ids.is_empty())
            .then(|| ords_of(categories.as_ref(), &filter.category_ids))
            .transpose()?;
        let sub_category_filter = (!filter.sub_category_ids.is_empty())
            .then(|| ords_of(sub_categories.as_ref(), &filter.sub_category_ids))
            .transpose()?;
        let terms = |column: &Option<StrColumn>| column.as_ref().map_or(0, |c| c.num_terms());
        Ok(SegmentFacets {
            category_counts: vec![0; terms(&categories)],
            sub_category_counts: vec![0; terms(&sub_categories)],
            categories,
            sub_categories,
            paid: fast.i64("paid")?,
            in_stock: fast.u64("in_stock")?,
            category_filter,
            sub_category_filter,
            min_paid: filter.min_paid.map_or(i64::MIN, |m| m.cents()),
            max_paid: filter.max_paid.map_or(i64::MAX, |m| m.cents()),
            bands: [0; PRICE_BANDS.len()],
            total: 0,
            in_stock_count: 0,
            options: SegmentOptions::new(fast.str("shown_option_set")?, &filter.options)?,
        })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<Facets>) -> tantivy::Result<Facets> {
        let mut bands = vec![0; PRICE_BANDS.len()];
        for fruit in &fruits {
            for (band, count) in bands.iter_mut().zip(&fruit.price_bands) {
                *band += count;
            }
        }
        let options = merge(fruits.iter().map(|f| counts_of(&f.options)));
        Ok(Facets {
            options,
            total: fruits.iter().map(|f| f.total).sum(),
            in_stock: fruits.iter().map(|f| f.in_stock).sum(),
            price_bands: bands,
            categories: merge_counts(fruits.iter().map(|f| f.categories.clone())),
            sub_categories: merge_counts(fruits.into_iter().map(|f| f.sub_categories)),
        })
    }
}

impl SegmentCollector for SegmentFacets {
    type Fruit = Facets;

    fn collect(&mut self, doc: DocId, _score: Score) {
        let ord = |column: &Option<StrColumn>| {
            column
                .as_ref()
                .and_then(|c| c.ords().first(doc))
                .unwrap_or(u64::MAX)
        };
        let (category, sub_category) = (ord(&self.categories), ord(&self.sub_categories));
        let paid = self.paid.first(doc).unwrap_or(0);
        let in_category = self
            .category_filter
            .as_ref()
            .is_none_or(|ords| ords.contains(&category));
        let in_sub_category = self
            .sub_category_filter
            .as_ref()
            .is_none_or(|ords| ords.contains(&sub_category));
        let in_price = (self.min_paid..=self.max_paid).contains(&paid);
        // The option facets leave out only the option filter (each name its own part).
        let has_options = self.options.read(doc);
        if in_price && in_category && in_sub_category {
            self.options.count();
        }
        if !has_options {
            return;
        }
        if in_price {
            if let Some(count) = self.category_counts.get_mut(category as usize) {
                *count += 1;
            }
            if in_category {
                if let Some(count) = self.sub_category_counts.get_mut(sub_category as usize) {
                    *count += 1;
                }
            }
        }
        if in_category && in_sub_category {
            self.bands[price_band(paid)] += 1;
            if in_price {
                self.total += 1;
                if self.in_stock.first(doc).unwrap_or(0) == 1 {
                    self.in_stock_count += 1;
                }
            }
        }
    }

    fn harvest(self) -> Facets {
        Facets {
            categories: counts_by_id(self.categories.as_ref(), &self.category_counts),
            sub_categories: counts_by_id(self.sub_categories.as_ref(), &self.sub_category_counts),
            price_bands: self.bands.to_vec(),
            total: self.total,
            in_stock: self.in_stock_count,
            options: merge(std::iter::once(self.options.harvest())),
        }
    }
}
