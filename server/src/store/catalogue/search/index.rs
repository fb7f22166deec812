//! What the search index holds of each product in the shop, and writing it: the
//! schema, adding and replacing products, committing (which reads the browse table
//! again) and merging a build's segments into one.

use std::sync::{Arc, Mutex, PoisonError, RwLock};

use tantivy::indexer::{LogMergePolicy, NoMergePolicy};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST, STORED, STRING,
};
use tantivy::tokenizer::{LowerCaser, SimpleTokenizer, TextAnalyzer};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

use super::browse::Browse;
use super::id_halves;
use crate::domain::money::Money;
use crate::domain::option_filter::option_sets;
use crate::domain::pricing::Discount;
use crate::domain::search_terms::index_words;
use crate::domain::variant::VariantOptions;

/// What the index holds of one product in the shop.
#[derive(Clone, Debug)]
pub(in crate::store::catalogue) struct IndexedProduct {
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
    /// Its variants' SKUs (those in the shop), in position order.
    pub skus: Vec<String>,
    /// Its variants' options (those in the shop), for the option filter and facets.
    pub variant_options: Vec<VariantOptions>,
}

/// The tantivy index, its writer and its reader.
pub(in crate::store::catalogue) struct Built {
    pub(super) reader: IndexReader,
    /// What listings without keywords are answered from, read after each commit.
    pub(super) browse: RwLock<Arc<Browse>>,
    writer: Mutex<IndexWriter>,
    pub(super) fields: Fields,
}

/// The index's fields, named once.
#[derive(Clone, Copy)]
pub(super) struct Fields {
    pub(super) id: Field,
    pub(super) text: Field,
    /// The name's words alone: 'Best match' ranks a word in the name above one elsewhere.
    pub(super) name_words: Field,
    pub(super) category: Field,
    pub(super) sub_category: Field,
    pub(super) in_stock: Field,
    pub(super) paid: Field,
    pub(super) created: Field,
    pub(super) name: Field,
    pub(super) id_high: Field,
    pub(super) id_low: Field,
    /// Stored, for cards: the name as written, the first photo, the price and discount.
    pub(super) shown_name: Field,
    pub(super) image: Field,
    pub(super) price: Field,
    pub(super) discount_bp: Field,
    pub(super) discount_ends_at: Field,
    /// Each variant's SKU in lower case: a keyword that is a whole SKU finds it.
    pub(super) sku: Field,
    /// Stored, for cards: the SKUs as written.
    pub(super) shown_sku: Field,
    /// Each variant's option sets in lower case (`domain/option_filter.rs`): what the
    /// option filter looks up.
    pub(super) option_set: Field,
    /// The same sets as written, as a column: what the option facets count.
    pub(super) shown_option_set: Field,
}

const TOKENIZER: &str = "words";
/// The writer's memory budget: tantivy's least, ample for a catalogue's products.
const WRITER_MEMORY: usize = 15_000_000;

impl Built {
    /// An empty index, with its writer's one indexing thread.
    pub(in crate::store::catalogue) fn new() -> tantivy::Result<Built> {
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
            sku: schema.add_text_field("sku", STRING),
            shown_sku: schema.add_text_field("shown_sku", STORED),
            option_set: schema.add_text_field("option_set", STRING),
            shown_option_set: schema.add_text_field("shown_option_set", FAST),
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
    pub(in crate::store::catalogue) fn apply(
        &self,
        ids: &[String],
        products: &[IndexedProduct],
    ) -> tantivy::Result<()> {
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
    pub(in crate::store::catalogue) fn add(
        &self,
        products: &[IndexedProduct],
    ) -> tantivy::Result<()> {
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
            add_card(&mut doc, &f, product);
            add_variants(&mut doc, &f, product);
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
    pub(in crate::store::catalogue) fn merge_segments(&self) -> usize {
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

    /// The bytes the index's segments take in memory (a failure to measure is 0): for
    /// the log line of a build, which `make bench` reads.
    pub(in crate::store::catalogue) fn size_bytes(&self) -> u64 {
        self.reader
            .searcher()
            .space_usage()
            .map_or(0, |usage| usage.total().get_bytes())
    }

    /// Makes what was added and deleted searchable, and listable. Blocks while the
    /// writer finishes.
    pub(in crate::store::catalogue) fn commit(&self) -> tantivy::Result<()> {
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
}

/// Adds what a card shows of `product` (`cards.rs`) to its document.
fn add_card(doc: &mut TantivyDocument, f: &Fields, product: &IndexedProduct) {
    doc.add_text(f.shown_name, &product.name);
    if let Some(image) = &product.image {
        doc.add_text(f.image, image);
    }
    doc.add_i64(f.price, product.price.cents());
    doc.add_i64(f.discount_bp, product.discount.basis_points);
    if let Some(ends_at) = product.discount.ends_at {
        doc.add_i64(f.discount_ends_at, ends_at);
    }
}

/// Adds what the SKU search, the option filter and the option facets read of
/// `product`'s variants to its document.
fn add_variants(doc: &mut TantivyDocument, f: &Fields, product: &IndexedProduct) {
    for sku in &product.skus {
        doc.add_text(f.sku, sku.to_lowercase());
        doc.add_text(f.shown_sku, sku);
    }
    let mut lower = std::collections::BTreeSet::new();
    let mut shown = std::collections::BTreeSet::new();
    for options in &product.variant_options {
        lower.extend(option_sets(options, true));
        shown.extend(option_sets(options, false));
    }
    for set in lower {
        doc.add_text(f.option_set, set);
    }
    for set in shown {
        doc.add_text(f.shown_option_set, set);
    }
}

/// A name as the name sort compares it: case left out.
fn name_key(name: &str) -> String {
    name.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::super::tests::{product, words};
    use super::super::{SearchIndex, NEWEST_FIRST};
    use super::*;
    use crate::domain::synonyms::plain;
    use crate::store::catalogue::filter::ProductFilter;

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
