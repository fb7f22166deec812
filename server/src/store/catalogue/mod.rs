//! Categories, products and banners: the SQL behind the catalogue calls, and the
//! inserts the seeders use. One file for each part that changes on its own:
//! `read.rs` (the category tree, banners, single products, the homepage, and the
//! product row other stores share), `filter.rs` (what a listing is narrowed to, which
//! every way of listing reads), `listing.rs` (sorting, paging and keyword search in
//! SQL), `search/` (the search index keyword listings go through, and the in-memory
//! browse table other listings go through), `count_cache.rs` (listing totals kept for
//! a few seconds), `seeding.rs` (the seeders' inserts), and the console's writes:
//! `products.rs` (the products table and its writes), with what every product write
//! shares (its input, its refusals, the rows' SQL) in `product_rows.rs`, `photos.rs`,
//! `categories.rs` (categories and sub-categories), `banners.rs` and `import.rs`
//! (products from a file, all or none), `stock_changes.rs` (the staff's stock changes
//! and a product's stock history, per variant); the variants' part of a product's
//! save in `product_variants.rs` and their reads (a page's variants, the table's
//! counts, a SKU) in `variant_reads.rs`; and `version.rs`, which tells every node sharing
//! the database that the catalogue changed. Search's own: `synonyms.rs` (staff's
//! synonyms, which expand searches) and `suggest.rs` (what the header suggests as a
//! shopper types).

pub mod banners;
pub mod categories;
mod count_cache;
mod filter;
pub mod import;
mod import_known;
mod import_lines;
mod import_plan;
mod listing;
mod ordering;
mod photos;
mod product_rows;
mod product_variants;
pub mod products;
mod read;
mod related;
mod search;
mod seeding;
mod stale;
mod stock_changes;
mod suggest;
mod synonyms;
mod variant_reads;
mod variant_seeding;
mod variant_writes;
pub(crate) mod variants;
mod version;

use std::sync::atomic::AtomicI64;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use self::count_cache::CountCache;
use self::search::SearchIndex;
use super::Db;
use crate::domain::time::Clock;

pub use self::filter::{ProductFilter, MAX_SEARCH_WORDS};
pub use self::listing::ListingPage;
pub use self::product_rows::{ProductInput, ProductRefusal};
pub use self::product_variants::VariantsPlan;
pub(crate) use self::read::{
    product_from_row, products_with_ids, IN_SHOP, PRODUCT_COLUMNS, PRODUCT_JOINS,
};
pub use self::read::{BannerRow, CategoryTree, ProductRow, SubCategoryRef, CATEGORY_DISCOUNTS};
pub use self::related::{RelatedLink, RelatedRefusal};
pub use self::search::{Facets, ProductCard, PRICE_BANDS};
pub use self::seeding::{NewBanner, NewCategory, NewProduct};
pub use self::suggest::{SuggestedCategory, Suggestions};
pub use self::synonyms::{SynonymList, SynonymsRefusal};
pub use self::variant_reads::{
    by_sku, product_with_variants, shop_variants_column, ShopProduct, SkuMatch, VariantTally,
};
pub use self::variant_seeding::SeedVariants;
pub use self::variants::{VariantInput, VariantRefusal, VariantRow, VariantsSaved};
pub(crate) use self::version::{bump as bump_version, bump_all, record_change, stock_crossed_zero};
pub use crate::domain::listing::{ProductSort, SortField};

/// The catalogue's queries over one database.
#[derive(Clone, Debug)]
pub struct Catalogue {
    db: Db,
    counts: Arc<CountCache>,
    /// Listings' facets, kept and forgotten with the totals.
    facets: Arc<CountCache<search::Facets>>,
    /// The catalogue version this node last acted on (`version.rs`); -1 before the first look.
    version_seen: Arc<AtomicI64>,
    /// Keyword search (`search/`), kept at `version_seen`.
    search: Arc<SearchIndex>,
    /// Held while catching up with the catalogue's changes (`version.rs`).
    following: Arc<tokio::sync::Mutex<()>>,
    /// Staff's search synonyms (`synonyms.rs`), read again as `version_seen` moves.
    synonyms: Arc<RwLock<Arc<crate::domain::synonyms::Synonyms>>>,
    /// The categories and sub-categories suggestions name (`suggest.rs`), with the
    /// catalogue version they were read at.
    suggest_categories: Arc<RwLock<Option<suggest::KeptCategories>>>,
    /// What "now" is for discounts and for the times rows are stamped with.
    clock: Clock,
}

impl Catalogue {
    pub fn new(db: Db, clock: Clock) -> Self {
        Catalogue {
            db,
            counts: Arc::new(CountCache::new(Duration::from_secs(10), 4096)),
            facets: Arc::new(CountCache::new(Duration::from_secs(10), 1024)),
            version_seen: Arc::new(AtomicI64::new(-1)),
            search: Arc::new(SearchIndex::default()),
            following: Arc::new(tokio::sync::Mutex::new(())),
            synonyms: Arc::default(),
            suggest_categories: Arc::default(),
            clock,
        }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Forgets every listing's total and facets: the catalogue changed.
    fn forget_counts(&self) {
        self.counts.clear();
        self.facets.clear();
    }

    /// After a catalogue write commits: forgets the totals at once and, on a node that
    /// searches through its index, catches up with the change feed, so this node's next
    /// listing and search show the change. (A process with no index, such as `shop
    /// seed`, builds none.) A failure to catch up is logged; the next poll, within a
    /// second, tries again.
    pub(crate) async fn after_write(&self) {
        self.forget_counts();
        if !self.search.is_built() {
            return;
        }
        match self.follow_changes().await {
            Ok(_) => crate::store::shown::caught_up(),
            Err(e) => tracing::warn!(error = %e, "catching up with the catalogue's changes failed"),
        }
    }
}
