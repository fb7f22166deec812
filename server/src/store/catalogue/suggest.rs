//! What the header suggests as a shopper types (docs/DESIGN.md §15, `GET /search/suggest`):
//! the best matching products, from the search index as 'Best match' ranks them, and
//! the categories and sub-categories whose titles match, from a list kept in memory
//! and read again only when the catalogue's version moves. Once the index is built a
//! suggestion reads nothing from the database: the index holds what a card shows.

use std::sync::{Arc, PoisonError};

use super::filter::ProductFilter;
use super::search::ProductCard;
use super::Catalogue;
use crate::domain::listing::{ProductSort, SortField};
use crate::domain::option_filter::sku_key;
use crate::domain::search_terms::index_words;
use crate::domain::synonyms::Alternatives;

/// A category or sub-category a suggestion names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuggestedCategory {
    pub id: String,
    pub title: String,
    /// The category of a sub-category; `None` for a category.
    pub category_id: Option<String>,
}

/// The products and categories suggested for what a shopper typed.
#[derive(Debug)]
pub struct Suggestions {
    pub products: Vec<ProductCard>,
    pub categories: Vec<SuggestedCategory>,
}

/// A category or sub-category with the words its title is found by.
#[derive(Debug)]
struct Titled {
    category: SuggestedCategory,
    words: Vec<String>,
}

/// The categories and sub-categories, categories first in the menu's order, as of a
/// catalogue version.
#[derive(Debug)]
pub(super) struct KeptCategories {
    version: i64,
    titled: Arc<Vec<Titled>>,
}

const BEST_FIRST: ProductSort = ProductSort {
    field: SortField::Relevance,
    descending: true,
};

impl Catalogue {
    /// At most `products` products and `categories` categories or sub-categories that
    /// match `text` as a keyword search does (words as beginnings, sizes, synonyms),
    /// best first; nothing for text with no word.
    pub async fn suggest(
        &self,
        text: &str,
        products: usize,
        categories: usize,
    ) -> Result<Suggestions, sqlx::Error> {
        let filter = ProductFilter {
            keyword_words: ProductFilter::keyword(text),
            sku: sku_key(text),
            ..Default::default()
        };
        if filter.keyword_words.is_empty() {
            return Ok(Suggestions {
                products: Vec::new(),
                categories: Vec::new(),
            });
        }
        let parts = self.keyword_parts(&filter.keyword_words);
        let cards = match self.search.cards(&filter, &parts, BEST_FIRST, products) {
            Some(cards) => cards.map_err(super::version::index_error)?,
            // The index is still being built: the database answers meanwhile.
            None => self
                .list_products(&filter, BEST_FIRST, 0, products as i64)
                .await?
                .0
                .into_iter()
                .map(|row| ProductCard {
                    image: row.images.into_iter().next(),
                    id: row.id,
                    name: row.name,
                    price: row.price,
                    discount: row.discount,
                    sku: None,
                })
                .collect(),
        };
        let titled = self.titled_categories().await?;
        let categories = titled
            .iter()
            .filter(|t| matches(&parts, &t.words))
            .take(categories)
            .map(|t| t.category.clone())
            .collect();
        Ok(Suggestions {
            products: cards,
            categories,
        })
    }

    /// The categories and sub-categories as of the catalogue version this node has
    /// seen, read again when it has moved.
    async fn titled_categories(&self) -> Result<Arc<Vec<Titled>>, sqlx::Error> {
        let version = self.version_seen();
        if let Some(kept) = self
            .suggest_categories
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .filter(|kept| kept.version == version && version >= 0)
        {
            return Ok(kept.titled.clone());
        }
        let tree = self.categories().await?;
        let titled = |id: &str, title: &str, category_id: Option<&str>| Titled {
            category: SuggestedCategory {
                id: id.to_string(),
                title: title.to_string(),
                category_id: category_id.map(str::to_string),
            },
            words: index_words(title),
        };
        let mut list: Vec<Titled> = tree.iter().map(|c| titled(&c.id, &c.title, None)).collect();
        for c in &tree {
            list.extend(
                c.sub_categories
                    .iter()
                    .map(|s| titled(&s.id, &s.title, Some(&c.id))),
            );
        }
        let titled = Arc::new(list);
        *self
            .suggest_categories
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Some(KeptCategories {
            version,
            titled: titled.clone(),
        });
        Ok(titled)
    }
}

/// Whether a title of `words` matches every part, by one of its alternatives whose
/// every word begins a word of the title.
fn matches(parts: &[Alternatives], words: &[String]) -> bool {
    parts.iter().all(|alternatives| {
        alternatives.iter().any(|typed| {
            typed
                .iter()
                .all(|word| words.iter().any(|w| w.starts_with(word.as_str())))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::search_terms::query_words;
    use crate::domain::synonyms::Synonyms;

    #[test]
    fn a_title_matches_when_every_part_begins_one_of_its_words() {
        let title = index_words("Radiator Valves 15mm");
        let parts = |text: &str| {
            Synonyms::new(&[vec!["TRV".into(), "radiator valve".into()]])
                .expand(&query_words(text, 8))
        };
        assert!(matches(&parts("rad"), &title));
        assert!(matches(&parts("valves radi"), &title));
        assert!(matches(&parts("15 mm"), &title));
        assert!(matches(&parts("trv"), &title), "by the synonym");
        assert!(!matches(&parts("radiator tap"), &title));
    }
}
