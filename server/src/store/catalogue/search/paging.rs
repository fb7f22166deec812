//! A page of a keyword listing from the index: every match within the price bounds is
//! counted, each segment keeps its first `offset + limit` in sort order, and the page is
//! cut from those, ties broken by id as the SQL listing breaks them.

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::{Column, StrColumn};
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};

use super::index::Built;
use super::{id_text, Hits};
use crate::domain::listing::{ProductSort, SortField};
use crate::domain::synonyms::Alternatives;
use crate::store::catalogue::filter::ProductFilter;

impl Built {
    pub(super) fn search(
        &self,
        filter: &ProductFilter,
        parts: &[Alternatives],
        sort: ProductSort,
        offset: usize,
        limit: usize,
    ) -> tantivy::Result<Hits> {
        self.search_in(&self.reader.searcher(), filter, parts, sort, offset, limit)
    }

    pub(super) fn search_in(
        &self,
        searcher: &tantivy::Searcher,
        filter: &ProductFilter,
        parts: &[Alternatives],
        sort: ProductSort,
        offset: usize,
        limit: usize,
    ) -> tantivy::Result<Hits> {
        let query = self.query(searcher, filter, parts, sort.field == SortField::Relevance);
        let collector = PageCollector {
            sort,
            keep: offset.saturating_add(limit),
            min_paid: filter.min_paid.map(|m| m.cents()),
            max_paid: filter.max_paid.map(|m| m.cents()),
        };
        let (mut matches, total) = searcher.search(&*query, &collector)?;
        matches.sort_by(|a, b| compare(a, b, sort.descending));
        let ids = matches
            .into_iter()
            .skip(offset)
            .take(limit)
            .map(|(_, id)| id_text(id))
            .collect();
        Ok(Hits {
            ids,
            total: i64::try_from(total).unwrap_or(i64::MAX),
        })
    }
}

/// What a match is ordered by: the sort's own value, then the id, as the SQL listing
/// orders (`ORDER BY value, id`, both one way).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum SortValue {
    Number(i64),
    Text(String),
}

type Match = (SortValue, u128);

fn compare(a: &Match, b: &Match, descending: bool) -> std::cmp::Ordering {
    if descending {
        b.cmp(a)
    } else {
        a.cmp(b)
    }
}

/// Collects, from each segment, the first `keep` matches in sort order (a listing's
/// page is among them) and how many matched in all, within the price bounds.
struct PageCollector {
    sort: ProductSort,
    keep: usize,
    min_paid: Option<i64>,
    max_paid: Option<i64>,
}

struct SegmentPage {
    sort: ProductSort,
    keep: usize,
    min_paid: i64,
    max_paid: i64,
    paid: Column<i64>,
    created: Column<i64>,
    id_high: Column<u64>,
    id_low: Column<u64>,
    names: Option<StrColumn>,
    /// (the sort's value as a number: a name's order in this segment's dictionary, id).
    matches: Vec<(i64, u128)>,
    /// Once `matches` has been cut down to its first `keep`, the last of them: a match
    /// that comes after it cannot be on the page, so it is only counted.
    last_kept: Option<(i64, u128)>,
    total: u64,
}

impl SegmentPage {
    /// Whether `a` comes before `b` in the sort's order.
    fn before(&self, a: &(i64, u128), b: &(i64, u128)) -> bool {
        if self.sort.descending {
            a > b
        } else {
            a < b
        }
    }

    /// Keeps the first `keep` of `matches` in sort order, and remembers the last.
    fn cut(&mut self) {
        let descending = self.sort.descending;
        let order = |a: &(i64, u128), b: &(i64, u128)| {
            if descending {
                b.cmp(a)
            } else {
                a.cmp(b)
            }
        };
        if self.keep == 0 {
            self.matches.clear();
        } else if self.matches.len() > self.keep {
            self.matches.select_nth_unstable_by(self.keep - 1, order);
            self.matches.truncate(self.keep);
            self.last_kept = Some(self.matches[self.keep - 1]);
        }
    }
}

impl Collector for PageCollector {
    type Fruit = (Vec<Match>, u64);
    type Child = SegmentPage;

    fn for_segment(
        &self,
        _segment: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<SegmentPage> {
        let fast = reader.fast_fields();
        Ok(SegmentPage {
            sort: self.sort,
            keep: self.keep,
            min_paid: self.min_paid.unwrap_or(i64::MIN),
            max_paid: self.max_paid.unwrap_or(i64::MAX),
            paid: fast.i64("paid")?,
            created: fast.i64("created")?,
            id_high: fast.u64("id_high")?,
            id_low: fast.u64("id_low")?,
            names: fast.str("name")?,
            matches: Vec::new(),
            last_kept: None,
            total: 0,
        })
    }

    fn requires_scoring(&self) -> bool {
        self.sort.field == SortField::Relevance
    }

    fn merge_fruits(&self, fruits: Vec<(Vec<Match>, u64)>) -> tantivy::Result<(Vec<Match>, u64)> {
        let total = fruits.iter().map(|(_, n)| n).sum();
        let matches = fruits.into_iter().flat_map(|(m, _)| m).collect();
        Ok((matches, total))
    }
}

impl SegmentCollector for SegmentPage {
    type Fruit = (Vec<Match>, u64);

    fn collect(&mut self, doc: DocId, score: Score) {
        let bounded = self.min_paid != i64::MIN || self.max_paid != i64::MAX;
        let paid = if bounded || self.sort.field == SortField::Price {
            self.paid.first(doc).unwrap_or(0)
        } else {
            0
        };
        if paid < self.min_paid || paid > self.max_paid {
            return;
        }
        self.total += 1;
        if self.keep == 0 {
            return;
        }
        let value = match self.sort.field {
            SortField::Price => paid,
            SortField::CreatedAt => self.created.first(doc).unwrap_or(0),
            // A score is never negative, and the bits of such floats keep their order.
            SortField::Relevance => i64::from(score.max(0.0).to_bits()),
            SortField::Name => self
                .names
                .as_ref()
                .and_then(|names| names.ords().first(doc))
                .map_or(0, |ord| ord as i64),
        };
        // Past the last kept by its value alone: its id need not even be read.
        if let Some(last) = self.last_kept {
            if self.before(&(last.0, 0), &(value, 0)) {
                return;
            }
        }
        let id = (u128::from(self.id_high.first(doc).unwrap_or(0)) << 32)
            | u128::from(self.id_low.first(doc).unwrap_or(0));
        if let Some(last) = self.last_kept {
            if self.before(&last, &(value, id)) {
                return;
            }
        }
        self.matches.push((value, id));
        // Cut down now and then, so a search matching much holds little: at most twice
        // what the page needs.
        if self.matches.len() >= self.keep.saturating_mul(2).max(64) {
            self.cut();
        }
    }

    fn harvest(mut self) -> (Vec<Match>, u64) {
        self.cut();
        let matches = self
            .matches
            .into_iter()
            .map(|(value, id)| {
                let value = match (self.sort.field, &self.names) {
                    (SortField::Name, Some(names)) => {
                        let mut name = String::new();
                        // An order from this segment's own dictionary: always there.
                        let _ = names.ord_to_str(value as u64, &mut name);
                        SortValue::Text(name)
                    }
                    _ => SortValue::Number(value),
                };
                (value, id)
            })
            .collect();
        (matches, self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{product, words};
    use super::*;
    use crate::domain::synonyms::plain;

    /// A search matching hundreds of products, over several segments, gives every page
    /// exactly as the whole ordered list cuts it: cutting down what each segment holds
    /// while collecting never drops a match the page needs, in any order.
    #[test]
    fn every_page_of_a_large_match_is_the_whole_list_cut() {
        let built = Built::new().unwrap();
        // A small generator: the same catalogue on every run.
        let mut seed: u64 = 7;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % n
        };
        for batch in 0..4 {
            let products: Vec<_> = (0..150)
                .map(|i| {
                    let n = batch * 150 + i;
                    // Few distinct prices, times and names: ties everywhere, broken by id.
                    let name = format!("Pipe {}", next(20));
                    let text = if next(3) == 0 {
                        "pipe pipe"
                    } else {
                        "pipe fitting"
                    };
                    product(
                        &format!("{n:024x}"),
                        &name,
                        text,
                        100 + next(12) as i64 * 50,
                        next(30) as i64,
                    )
                })
                .collect();
            built.apply(&[], &products).unwrap();
        }
        let filter = words("pipe");
        let parts = plain(&filter.keyword_words);
        for field in [
            SortField::Relevance,
            SortField::Price,
            SortField::CreatedAt,
            SortField::Name,
        ] {
            for descending in [true, false] {
                let sort = ProductSort { field, descending };
                let whole = built.search(&filter, &parts, sort, 0, 10_000).unwrap();
                assert_eq!(whole.total, 600);
                assert_eq!(whole.ids.len(), 600);
                for (offset, limit) in [(0, 1), (0, 6), (5, 10), (37, 20), (100, 100), (590, 20)] {
                    let page = built.search(&filter, &parts, sort, offset, limit).unwrap();
                    let expected: Vec<_> =
                        whole.ids.iter().skip(offset).take(limit).cloned().collect();
                    assert_eq!(page.ids, expected, "{sort:?} {offset} {limit}");
                    assert_eq!(page.total, 600);
                }
            }
        }
    }
}
