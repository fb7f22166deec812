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

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock};

use levenshtein_automata::{Distance, LevenshteinAutomatonBuilder, DFA};
use tantivy_fst::Automaton;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::{Column, StrColumn};
use tantivy::indexer::{LogMergePolicy, NoMergePolicy};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST, STORED, STRING,
};
use tantivy::tokenizer::{LowerCaser, SimpleTokenizer, TextAnalyzer};
use tantivy::{
    DocId, Index, IndexReader, IndexWriter, ReloadPolicy, Score, SegmentOrdinal, SegmentReader,
    TantivyDocument, Term,
};

use super::browse::Browse;
use super::ProductFilter;
use crate::domain::listing::{ProductSort, SortField};
use crate::domain::money::Money;
use crate::domain::pricing::Discount;
use crate::domain::search_terms::index_words;
use crate::domain::synonyms::{plain, Alternatives};

mod cards;
mod query;

pub use self::cards::ProductCard;

/// What the index holds of one product in the shop.
#[derive(Clone, Debug)]
pub(super) struct IndexedProduct {
    pub id: String,
    pub name: String,
    pub search_text: String,
    pub category_id: String,
    pub sub_category_id: String,
    pub paid_cents: i64,
    pub created_at: i64,
    pub stock: i64,
    /// What a suggestion shows beside its name (`cards.rs`).
    pub image: Option<String>,
    pub price: Money,
    pub discount: Discount,
}

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

/// How many typos a word the index does not know may have: Meilisearch's defaults.
pub(super) fn typos_allowed(word: &str) -> u8 {
    match word.chars().count() {
        0..=4 => 0,
        5..=7 => 1,
        _ => 2,
    }
}

/// How far 'Did you mean' looks: further than a search itself matches, since it is
/// only offered when the search found nothing.
fn suggestion_distance(word: &str) -> u8 {
    match word.chars().count() {
        0..=2 => 0,
        3..=5 => 1,
        _ => 2,
    }
}

/// The tantivy index, its writer and its reader.
pub(super) struct Built {
    reader: IndexReader,
    /// What listings without keywords are answered from, read after each commit.
    browse: RwLock<Arc<Browse>>,
    writer: Mutex<IndexWriter>,
    fields: Fields,
}

#[derive(Clone, Copy)]
struct Fields {
    id: Field,
    text: Field,
    /// The name's words alone: 'Best match' ranks a word in the name above one elsewhere.
    name_words: Field,
    category: Field,
    sub_category: Field,
    in_stock: Field,
    paid: Field,
    created: Field,
    name: Field,
    id_high: Field,
    id_low: Field,
    /// Stored, for cards: the name as written, the first photo, the price and discount.
    shown_name: Field,
    image: Field,
    price: Field,
    discount_bp: Field,
    discount_ends_at: Field,
}

const TOKENIZER: &str = "words";
/// The writer's memory budget: tantivy's least, ample for a catalogue's products.
const WRITER_MEMORY: usize = 15_000_000;

impl Built {
    /// An empty index, with its writer's one indexing thread.
    pub(super) fn new() -> tantivy::Result<Built> {
        let mut schema = Schema::builder();
        let text_options = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(TOKENIZER)
                .set_index_option(IndexRecordOption::WithFreqs),
        );
        let fields = Fields {
            id: schema.add_text_field("id", STRING),
            text: schema.add_text_field("text", text_options.clone()),
            name_words: schema.add_text_field("name_words", text_options),
            category: schema.add_text_field("category", STRING | FAST),
            sub_category: schema.add_text_field("sub_category", STRING | FAST),
            in_stock: schema.add_u64_field("in_stock", FAST),
            paid: schema.add_i64_field("paid", FAST),
            created: schema.add_i64_field("created", FAST),
            name: schema.add_text_field("name", FAST),
            id_high: schema.add_u64_field("id_high", FAST),
            id_low: schema.add_u64_field("id_low", FAST),
            shown_name: schema.add_text_field("shown_name", STORED),
            image: schema.add_text_field("image", STORED),
            price: schema.add_i64_field("price", STORED),
            discount_bp: schema.add_i64_field("discount_bp", STORED),
            discount_ends_at: schema.add_i64_field("discount_ends_at", STORED),
        };
        let index = Index::create_in_ram(schema.build());
        // The search text is stored as the very words a query is split into; this
        // splits it the same way (runs of letters and digits) without dropping long ones.
        index.tokenizers().register(
            TOKENIZER,
            TextAnalyzer::builder(SimpleTokenizer::default())
                .filter(LowerCaser)
                .build(),
        );
        let writer: IndexWriter = index.writer_with_num_threads(1, WRITER_MEMORY)?;
        // None while building: merge_segments merges the build's segments at once, and a
        // background merge of some of them would take those from it.
        writer.set_merge_policy(Box::new(NoMergePolicy));
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        Ok(Built {
            reader,
            browse: RwLock::default(),
            writer: Mutex::new(writer),
            fields,
        })
    }

    /// Replaces the products with these ids by `products` (those still in the shop):
    /// an id with no product here leaves the index. Blocks until the change is
    /// searchable.
    pub(super) fn apply(&self, ids: &[String], products: &[IndexedProduct]) -> tantivy::Result<()> {
        {
            let writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
            for id in ids {
                writer.delete_term(Term::from_field_text(self.fields.id, id));
            }
        }
        self.add(products)?;
        self.commit()
    }

    /// Adds `products`, searchable once committed.
    pub(super) fn add(&self, products: &[IndexedProduct]) -> tantivy::Result<()> {
        let f = self.fields;
        let writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        for product in products {
            let Some((high, low)) = id_halves(&product.id) else {
                tracing::warn!(id = %product.id, "a product id that is not 24 hex digits is left out of search");
                continue;
            };
            let mut doc = TantivyDocument::default();
            doc.add_text(f.id, &product.id);
            doc.add_text(f.text, &product.search_text);
            doc.add_text(f.name_words, index_words(&product.name).join(" "));
            doc.add_text(f.category, &product.category_id);
            doc.add_text(f.sub_category, &product.sub_category_id);
            doc.add_u64(f.in_stock, u64::from(product.stock > 0));
            doc.add_i64(f.paid, product.paid_cents);
            doc.add_i64(f.created, product.created_at);
            doc.add_text(f.name, name_key(&product.name));
            doc.add_u64(f.id_high, high);
            doc.add_u64(f.id_low, low);
            cards::add_card(&mut doc, &f, product);
            writer.add_document(doc)?;
        }
        Ok(())
    }

    /// Merges the build's segments into one and makes it searchable, then lets the
    /// writer merge in the background the small segments later changes add. A search
    /// opens each segment's columns and walks each segment's dictionary, so one segment
    /// answers with the least work; the writer's memory budget splits a build into
    /// several. Blocks while merging. Returns how many segments there were. A failed
    /// merge leaves them as they were, all searched.
    pub(super) fn merge_segments(&self) -> usize {
        let segments: Vec<_> = self
            .reader
            .searcher()
            .segment_readers()
            .iter()
            .map(|segment| segment.segment_id())
            .collect();
        let mut writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        if segments.len() > 1 {
            let merged = writer
                .merge(&segments)
                .wait()
                .and_then(|_| self.reader.reload())
                .and_then(|()| writer.garbage_collect_files().wait().map(drop));
            if let Err(e) = merged {
                tracing::warn!(error = %e, "the search index's segments were not merged");
            }
        }
        writer.set_merge_policy(Box::<LogMergePolicy>::default());
        segments.len()
    }

    /// Makes what was added and deleted searchable, and listable. Blocks while the
    /// writer finishes.
    pub(super) fn commit(&self) -> tantivy::Result<()> {
        self.writer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .commit()?;
        self.reader.reload()?;
        let started = std::time::Instant::now();
        let browse = Arc::new(Browse::read(&self.reader.searcher())?);
        tracing::debug!(
            products = browse.len(),
            micros = started.elapsed().as_micros(),
            "browse table read"
        );
        *self.browse.write().unwrap_or_else(PoisonError::into_inner) = browse;
        Ok(())
    }

    fn search(
        &self,
        filter: &ProductFilter,
        parts: &[Alternatives],
        sort: ProductSort,
        offset: usize,
        limit: usize,
    ) -> tantivy::Result<Hits> {
        self.search_in(&self.reader.searcher(), filter, parts, sort, offset, limit)
    }

    fn search_in(
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

    fn facets(&self, filter: &ProductFilter, parts: &[Alternatives]) -> tantivy::Result<Facets> {
        let searcher = self.reader.searcher();
        // The keywords alone: each count leaves out the filters it is about.
        let query = self.query(&searcher, &ProductFilter::default(), parts, false);
        searcher.search(&*query, &FacetCollector { filter })
    }

    /// The index's word closest to `word` within [`suggestion_distance`], the most
    /// common among equally close ones. A Levenshtein automaton walks the dictionary, so
    /// only words within reach are read.
    fn closest_word(&self, searcher: &tantivy::Searcher, word: &str) -> Option<String> {
        let builder = automaton_builder(suggestion_distance(word))?;
        // Each close word's distance and how many products hold it, over all segments.
        let mut close: HashMap<String, (u8, i64)> = HashMap::new();
        for segment in searcher.segment_readers() {
            let Ok(inverted) = segment.inverted_index(self.fields.text) else {
                continue;
            };
            let automaton = Levenshtein(builder.build_dfa(word));
            let Ok(mut terms) = inverted.terms().search(&automaton).into_stream() else {
                continue;
            };
            while let Some((key, info)) = terms.next() {
                let (Ok(candidate), Distance::Exact(distance)) =
                    (std::str::from_utf8(key), automaton.0.eval(key))
                else {
                    continue;
                };
                let entry = close.entry(candidate.to_string()).or_insert((distance, 0));
                entry.1 += i64::from(info.doc_freq);
            }
        }
        // The closest, then the commonest, then the first in order.
        close
            .into_iter()
            .min_by_key(|(word, (distance, products))| (*distance, -products, word.clone()))
            .map(|(word, _)| word)
    }
}

/// A Levenshtein automaton (a swap counting one edit) for `distance` 1 or 2, built once:
/// building one for distance 2 takes milliseconds.
fn automaton_builder(distance: u8) -> Option<&'static LevenshteinAutomatonBuilder> {
    static BUILDERS: [OnceLock<LevenshteinAutomatonBuilder>; 2] =
        [OnceLock::new(), OnceLock::new()];
    let slot = BUILDERS.get(usize::from(distance).checked_sub(1)?)?;
    Some(slot.get_or_init(|| LevenshteinAutomatonBuilder::new(distance, true)))
}

/// A Levenshtein DFA as an automaton over the term dictionary (tantivy's own
/// `DfaWrapper` cannot be built outside it).
struct Levenshtein(DFA);

impl Automaton for Levenshtein {
    type State = u32;

    fn start(&self) -> u32 {
        self.0.initial_state()
    }

    fn is_match(&self, state: &u32) -> bool {
        matches!(self.0.distance(*state), Distance::Exact(_))
    }

    fn can_match(&self, state: &u32) -> bool {
        *state != levenshtein_automata::SINK_STATE
    }

    fn accept(&self, state: &u32, byte: u8) -> u32 {
        self.0.transition(*state, byte)
    }
}

/// A name as the name sort compares it: case left out.
fn name_key(name: &str) -> String {
    name.to_lowercase()
}

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
    total: u64,
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
        let paid = self.paid.first(doc).unwrap_or(0);
        if paid < self.min_paid || paid > self.max_paid {
            return;
        }
        self.total += 1;
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
        let id = (u128::from(self.id_high.first(doc).unwrap_or(0)) << 32)
            | u128::from(self.id_low.first(doc).unwrap_or(0));
        self.matches.push((value, id));
    }

    fn harvest(mut self) -> (Vec<Match>, u64) {
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
        }
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
        Ok(Facets {
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
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn typos_allowed_follow_the_word_length() {
        assert_eq!(typos_allowed("tap"), 0);
        assert_eq!(typos_allowed("valve"), 1);
        assert_eq!(typos_allowed("radiatr"), 1);
        assert_eq!(typos_allowed("thermostatc"), 2);
    }

    #[test]
    fn did_you_mean_looks_one_edit_away_from_3_letters_and_two_from_6() {
        let words = ["valve", "valves", "radiator", "tap", "taps", "brass"];
        let built = Built::new().unwrap();
        let products: Vec<IndexedProduct> = words
            .iter()
            .enumerate()
            .map(|(i, word)| product(&format!("{i:024x}"), word, word, 100, 1))
            .collect();
        built.apply(&[], &products).unwrap();
        // 'tap' in a second product: commoner than 'taps', as close to 'tapp'.
        built
            .apply(&[], &[product(&format!("{:024x}", 99), "tap", "tap", 1, 1)])
            .unwrap();
        let searcher = built.reader.searcher();
        let closest = |word: &str| built.closest_word(&searcher, word);
        assert_eq!(closest("vlve").as_deref(), Some("valve"));
        assert_eq!(
            closest("radaitor").as_deref(),
            Some("radiator"),
            "a swap is one edit"
        );
        assert_eq!(
            closest("rdaiatorr").as_deref(),
            Some("radiator"),
            "two edits from 6 letters"
        );
        assert_eq!(
            closest("vlv").as_deref(),
            None,
            "two edits, under 6 letters"
        );
        assert_eq!(
            closest("tapp").as_deref(),
            Some("tap"),
            "the commoner of two as close"
        );
        assert_eq!(closest("qq"), None, "too short to guess");
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

    fn product(id: &str, name: &str, text: &str, paid: i64, created: i64) -> IndexedProduct {
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
        }
    }

    fn words(text: &str) -> ProductFilter {
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

    #[test]
    fn the_builds_segments_merge_into_one_that_finds_what_they_found() {
        let index = SearchIndex::default();
        let built = Built::new().unwrap();
        let id = |n: u32| format!("{n:024x}");
        built
            .add(&[
                product(&id(1), "Brass valve", "brass valve", 500, 1),
                product(&id(2), "Steel radiator", "steel radiator", 900, 2),
            ])
            .unwrap();
        built.commit().unwrap();
        built
            .apply(
                &[id(2)],
                &[product(&id(3), "Alpha valve", "alpha valve", 100, 3)],
            )
            .unwrap();
        let segments = |built: &Built| built.reader.searcher().segment_readers().len();
        assert_eq!(segments(&built), 2);

        assert_eq!(built.merge_segments(), 2);
        assert_eq!(segments(&built), 1);
        index.replace(Arc::new(built));
        let newest = |filter: &ProductFilter| {
            let parts = plain(&filter.keyword_words);
            let hits = index
                .search(filter, &parts, NEWEST_FIRST, 0, 10)
                .unwrap()
                .unwrap();
            (hits.ids, hits.total)
        };
        assert_eq!(newest(&words("valve")), (vec![id(3), id(1)], 2));
        assert_eq!(
            newest(&words("radiator")),
            (vec![], 0),
            "deleted before the merge"
        );
        // Later changes still come in, as segments of their own.
        let built = index.in_use().unwrap();
        built
            .apply(
                &[],
                &[product(&id(4), "Radiator valve", "radiator valve", 700, 4)],
            )
            .unwrap();
        assert_eq!(newest(&words("valve")), (vec![id(4), id(3), id(1)], 3));
    }
}
