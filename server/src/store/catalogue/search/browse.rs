//! Listings without keywords, from memory (docs/ARCHITECTURE.md, "Search").
//!
//! Each time the search index changes, it is read once into a compact table: every
//! product in the shop with its id, price paid, category and sub-category, the
//! products holding each option set (`domain/option_filter.rs`), and the table's order
//! under each sort (the value, then the id, as the SQL listing orders). A listing's
//! page is then a slice of one order when nothing narrows it, a walk along it to the
//! page when only options do (their count is known), and one pass over it otherwise:
//! its cost does not grow with the page number, and the database reads only the rows
//! shown.

use std::collections::HashMap;

use tantivy::columnar::StrColumn;
use tantivy::schema::IndexRecordOption;
use tantivy::{DocId, DocSet, Searcher, TERMINATED};

use super::{id_text, Hits};
use crate::domain::id::Id;
use crate::domain::listing::{ProductSort, SortField};
use crate::store::catalogue::filter::ProductFilter;

/// Every product in the shop, and the orders listings show them in.
#[derive(Debug, Default)]
pub(super) struct Browse {
    entries: Vec<Entry>,
    /// Indexes into `entries`, ascending by price paid, then id.
    by_price: Vec<u32>,
    /// Ascending by creation time, then id.
    by_created: Vec<u32>,
    /// Ascending by name (case left out), then id.
    by_name: Vec<u32>,
    /// Category and sub-category ids, numbered as `entries` holds them.
    categories: HashMap<String, u32>,
    sub_categories: HashMap<String, u32>,
    /// Each option set (lower case) and the entries holding it, ascending.
    option_sets: HashMap<String, Vec<u32>>,
}

#[derive(Debug)]
struct Entry {
    id: u128,
    paid: i64,
    category: u32,
    sub_category: u32,
}

/// What a listing's filter asks of an entry, in the table's own numbers.
struct Wanted {
    categories: Vec<u32>,
    sub_categories: Vec<u32>,
    min_paid: i64,
    max_paid: i64,
    /// With an option filter, the entries holding a set it asks for, as bits.
    options: Option<Vec<u64>>,
}

impl Wanted {
    /// Whether anything but options narrows the listing.
    fn narrows(&self) -> bool {
        !self.categories.is_empty()
            || !self.sub_categories.is_empty()
            || self.min_paid != i64::MIN
            || self.max_paid != i64::MAX
    }

    fn admits(&self, at: u32, entry: &Entry) -> bool {
        (self.categories.is_empty() || self.categories.contains(&entry.category))
            && (self.sub_categories.is_empty() || self.sub_categories.contains(&entry.sub_category))
            && (self.min_paid..=self.max_paid).contains(&entry.paid)
            && self.options.as_deref().is_none_or(|bits| holds(bits, at))
    }
}

fn holds(bits: &[u64], at: u32) -> bool {
    bits[at as usize / 64] & (1 << (at % 64)) != 0
}

impl Browse {
    /// The table of what `searcher` holds.
    pub(super) fn read(searcher: &Searcher) -> tantivy::Result<Browse> {
        let mut browse = Browse::default();
        let mut created = Vec::new();
        // Each entry's name as (segment, the name's number in that segment's own
        // dictionary), and those dictionaries, to be ranked across segments.
        let mut name_ords = Vec::new();
        let mut names = Vec::new();
        let option_set = searcher.schema().get_field("option_set")?;
        for (segment, reader) in searcher.segment_readers().iter().enumerate() {
            let first = browse.entries.len() as u32;
            let fast = reader.fast_fields();
            let (high, low) = (fast.u64("id_high")?, fast.u64("id_low")?);
            let (paid, created_at) = (fast.i64("paid")?, fast.i64("created")?);
            let category = numbered(fast.str("category")?, &mut browse.categories)?;
            let sub_category = numbered(fast.str("sub_category")?, &mut browse.sub_categories)?;
            let name = fast.str("name")?;
            names.push(terms(name.as_ref())?);
            for doc in reader.doc_ids_alive() {
                browse.entries.push(Entry {
                    id: (u128::from(high.first(doc).unwrap_or(0)) << 32)
                        | u128::from(low.first(doc).unwrap_or(0)),
                    paid: paid.first(doc).unwrap_or(0),
                    category: number_of(&category, doc),
                    sub_category: number_of(&sub_category, doc),
                });
                created.push(created_at.first(doc).unwrap_or(0));
                let ord = name.as_ref().and_then(|n| n.ords().first(doc));
                name_ords.push((segment, ord));
            }
            browse.read_option_sets(reader, option_set, first)?;
        }
        let ranks = ranks_across(names);
        let name_rank: Vec<usize> = name_ords
            .into_iter()
            .map(|(segment, ord)| ord.map_or(usize::MAX, |ord| ranks[segment][ord as usize]))
            .collect();
        let entries = &browse.entries;
        browse.by_price = ascending(entries.len(), |i| (entries[i].paid, entries[i].id));
        browse.by_created = ascending(entries.len(), |i| (created[i], entries[i].id));
        browse.by_name = ascending(entries.len(), |i| (name_rank[i], entries[i].id));
        Ok(browse)
    }

    /// Adds the option sets of `reader`'s products, whose entries begin at `first` (in
    /// the order of its documents alive).
    fn read_option_sets(
        &mut self,
        reader: &tantivy::SegmentReader,
        field: tantivy::schema::Field,
        first: u32,
    ) -> tantivy::Result<()> {
        let mut entry_of = vec![u32::MAX; reader.max_doc() as usize];
        for (at, doc) in reader.doc_ids_alive().enumerate() {
            entry_of[doc as usize] = first + at as u32;
        }
        let inverted = reader.inverted_index(field)?;
        let mut sets = inverted.terms().stream()?;
        while sets.advance() {
            let set = String::from_utf8_lossy(sets.key()).into_owned();
            let mut postings =
                inverted.read_postings_from_terminfo(sets.value(), IndexRecordOption::Basic)?;
            let holders = self.option_sets.entry(set).or_default();
            while postings.doc() != TERMINATED {
                let entry = entry_of[postings.doc() as usize];
                if entry != u32::MAX {
                    holders.push(entry);
                }
                postings.advance();
            }
        }
        Ok(())
    }

    /// How many products the table holds.
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The page `offset..offset + limit` of the products matching `filter` (its
    /// keywords are not looked at) in `sort` order, and how many match.
    pub(super) fn page(
        &self,
        filter: &ProductFilter,
        sort: ProductSort,
        offset: usize,
        limit: usize,
    ) -> Hits {
        let order = match sort.field {
            SortField::Price => &self.by_price,
            SortField::Name => &self.by_name,
            SortField::CreatedAt | SortField::Relevance => &self.by_created,
        };
        if sort.descending {
            self.page_of(order.iter().rev(), filter, offset, limit)
        } else {
            self.page_of(order.iter(), filter, offset, limit)
        }
    }

    fn page_of<'a>(
        &self,
        order: impl Iterator<Item = &'a u32>,
        filter: &ProductFilter,
        offset: usize,
        limit: usize,
    ) -> Hits {
        let id_of = |&i: &u32| id_text(self.entries[i as usize].id);
        let Some(wanted) = self.wanted(filter) else {
            return Hits {
                ids: Vec::new(),
                total: 0,
            };
        };
        if !wanted.narrows() {
            let Some(bits) = &wanted.options else {
                return Hits {
                    ids: order.skip(offset).take(limit).map(id_of).collect(),
                    total: self.entries.len() as i64,
                };
            };
            // Only options narrow: their count is the total, and the walk stops at the
            // page's end.
            return Hits {
                ids: order
                    .filter(|&&i| holds(bits, i))
                    .skip(offset)
                    .take(limit)
                    .map(id_of)
                    .collect(),
                total: bits.iter().map(|word| i64::from(word.count_ones())).sum(),
            };
        }
        let mut ids = Vec::with_capacity(limit.min(100));
        let mut total = 0;
        for i in order {
            if !wanted.admits(*i, &self.entries[*i as usize]) {
                continue;
            }
            if total >= offset && ids.len() < limit {
                ids.push(id_of(i));
            }
            total += 1;
        }
        Hits {
            ids,
            total: total as i64,
        }
    }

    /// What `filter` asks, in the table's numbers; `None` when nothing can match (it
    /// names only categories no product is in, or options no variant can hold).
    fn wanted(&self, filter: &ProductFilter) -> Option<Wanted> {
        let numbers = |ids: &[Id], known: &HashMap<String, u32>| {
            let found: Vec<u32> = ids
                .iter()
                .filter_map(|id| known.get(id.as_str()).copied())
                .collect();
            (ids.is_empty() || !found.is_empty()).then_some(found)
        };
        Some(Wanted {
            categories: numbers(&filter.category_ids, &self.categories)?,
            sub_categories: numbers(&filter.sub_category_ids, &self.sub_categories)?,
            min_paid: filter.min_paid.map_or(i64::MIN, |m| m.cents()),
            max_paid: filter.max_paid.map_or(i64::MAX, |m| m.cents()),
            options: self.option_bits(filter)?,
        })
    }

    /// The entries holding a set `filter`'s options ask for, as bits (`Some(None)` when
    /// it asks none, `None` when it asks what no variant can hold).
    fn option_bits(&self, filter: &ProductFilter) -> Option<Option<Vec<u64>>> {
        if filter.options.is_empty() {
            return Some(None);
        }
        let sets = filter.options.wanted_sets();
        if sets.is_empty() {
            return None;
        }
        let mut bits = vec![0u64; self.entries.len().div_ceil(64)];
        for holders in sets.iter().filter_map(|set| self.option_sets.get(set)) {
            for &at in holders {
                bits[at as usize / 64] |= 1 << (at % 64);
            }
        }
        Some(Some(bits))
    }
}

/// A segment's string column with each of its terms numbered in `known` (new ones added).
fn numbered(
    column: Option<StrColumn>,
    known: &mut HashMap<String, u32>,
) -> tantivy::Result<Option<(StrColumn, Vec<u32>)>> {
    let Some(column) = column else {
        return Ok(None);
    };
    let numbers = terms(Some(&column))?
        .into_iter()
        .map(|term| {
            let next = known.len() as u32;
            *known.entry(term).or_insert(next)
        })
        .collect();
    Ok(Some((column, numbers)))
}

/// The numbers `0..n` sorted by `key`.
fn ascending<K: Ord>(n: usize, key: impl Fn(usize) -> K) -> Vec<u32> {
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_unstable_by_key(|&i| key(i as usize));
    order
}

/// The number `numbered` gave the term `doc` holds in `column` (`u32::MAX` for none).
fn number_of(column: &Option<(StrColumn, Vec<u32>)>, doc: DocId) -> u32 {
    column
        .as_ref()
        .and_then(|(column, numbers)| column.ords().first(doc).map(|ord| numbers[ord as usize]))
        .unwrap_or(u32::MAX)
}

/// A segment's terms of a string column, in their order.
fn terms(column: Option<&StrColumn>) -> tantivy::Result<Vec<String>> {
    let mut found = Vec::new();
    if let Some(column) = column {
        let mut terms = column.dictionary().stream()?;
        while terms.advance() {
            found.push(String::from_utf8_lossy(terms.key()).into_owned());
        }
    }
    Ok(found)
}

/// Each segment's terms ranked among all segments' (equal terms, equal ranks):
/// `ranks[segment][ord]`.
fn ranks_across(segments: Vec<Vec<String>>) -> Vec<Vec<usize>> {
    let mut all: Vec<(&str, usize, usize)> = segments
        .iter()
        .enumerate()
        .flat_map(|(segment, terms)| {
            terms
                .iter()
                .enumerate()
                .map(move |(ord, term)| (term.as_str(), segment, ord))
        })
        .collect();
    // Each segment's terms are in order already: a stable sort merges those runs.
    all.sort();
    let mut ranks: Vec<Vec<usize>> = segments.iter().map(|terms| vec![0; terms.len()]).collect();
    let mut rank = 0;
    for (at, &(term, segment, ord)) in all.iter().enumerate() {
        if at > 0 && all[at - 1].0 != term {
            rank += 1;
        }
        ranks[segment][ord] = rank;
    }
    ranks
}
