//! What a suggestion shows of a product (its name, first photo and price), kept in the
//! search index beside what it is matched on: the header asks on every key a shopper
//! types, and reading the few products it names from the database cost more than the
//! search itself on PostgreSQL (docs/ARCHITECTURE.md, "Search"). The index holds the
//! price and its discount as stored, so the price shown is worked out at the moment
//! of asking, as every other page works it out.

use tantivy::collector::TopDocs;
use tantivy::query::TermQuery;
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::{Searcher, TantivyDocument, Term};

use super::index::Built;
use crate::domain::listing::ProductSort;
use crate::domain::money::Money;
use crate::domain::pricing::Discount;
use crate::domain::synonyms::Alternatives;
use crate::store::catalogue::filter::ProductFilter;

/// A product as a suggestion shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductCard {
    pub id: String,
    pub name: String,
    /// Its first photo, if it has one.
    pub image: Option<String>,
    pub price: Money,
    pub discount: Discount,
    /// The SKU the search was for, when this product has it, else its first variant's.
    pub sku: Option<String>,
}

impl Built {
    /// The first `limit` products matching `filter` (its keywords read as `parts`) in
    /// `sort` order, as cards, read from one view of the index.
    pub(super) fn cards(
        &self,
        filter: &ProductFilter,
        parts: &[Alternatives],
        sort: ProductSort,
        limit: usize,
    ) -> tantivy::Result<Vec<ProductCard>> {
        let searcher = self.reader.searcher();
        let hits = self.search_in(&searcher, filter, parts, sort, 0, limit)?;
        let mut cards = Vec::with_capacity(hits.ids.len());
        for id in hits.ids {
            if let Some(card) = self.card(&searcher, &id, filter.sku.as_deref())? {
                cards.push(card);
            }
        }
        Ok(cards)
    }

    /// Product `id`'s card as `searcher` sees the index; `None` when it is not there.
    fn card(
        &self,
        searcher: &Searcher,
        id: &str,
        sku: Option<&str>,
    ) -> tantivy::Result<Option<ProductCard>> {
        let f = self.fields;
        let query = TermQuery::new(Term::from_field_text(f.id, id), IndexRecordOption::Basic);
        let Some((_, address)) = searcher
            .search(&query, &TopDocs::with_limit(1).order_by_score())?
            .into_iter()
            .next()
        else {
            return Ok(None);
        };
        let doc: TantivyDocument = searcher.doc(address)?;
        let text = |field| {
            doc.get_first(field)
                .and_then(|value| value.as_str().map(str::to_string))
        };
        let number = |field| doc.get_first(field).and_then(|value| value.as_i64());
        let skus: Vec<&str> = doc
            .get_all(f.shown_sku)
            .filter_map(|value| value.as_str())
            .collect();
        let shown_sku = skus
            .iter()
            .find(|s| sku.is_some_and(|sku| s.eq_ignore_ascii_case(sku)))
            .or(skus.first())
            .map(|s| s.to_string());
        Ok(Some(ProductCard {
            id: id.to_string(),
            name: text(f.shown_name).unwrap_or_default(),
            image: text(f.image),
            price: Money::from_cents(number(f.price).unwrap_or_default()),
            discount: Discount {
                basis_points: number(f.discount_bp).unwrap_or_default(),
                ends_at: number(f.discount_ends_at),
            },
            sku: shown_sku,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::super::IndexedProduct;
    use super::*;
    use crate::domain::listing::SortField;
    use crate::domain::synonyms::plain;

    fn product(
        n: u32,
        name: &str,
        image: Option<&str>,
        cents: i64,
        discount: Discount,
    ) -> IndexedProduct {
        IndexedProduct {
            id: format!("{n:024x}"),
            name: name.to_string(),
            search_text: name.to_lowercase(),
            category_id: "c".repeat(24),
            sub_category_id: "d".repeat(24),
            paid_cents: cents,
            created_at: i64::from(n),
            stock: 1,
            image: image.map(str::to_string),
            price: Money::from_cents(cents),
            discount,
            skus: Vec::new(),
            variant_options: Vec::new(),
        }
    }

    #[test]
    fn cards_show_the_best_matches_as_last_written_with_their_photo_and_discount() {
        let none = Discount {
            basis_points: 0,
            ends_at: None,
        };
        let ending = Discount {
            basis_points: 2000,
            ends_at: Some(1_000),
        };
        let built = Built::new().unwrap();
        built
            .apply(
                &[],
                &[
                    product(1, "Radiator valve", Some("media/a.jpg"), 1250, ending),
                    product(2, "Brass elbow", None, 300, none),
                    product(3, "Radiator key", None, 199, none),
                ],
            )
            .unwrap();
        // An edit deletes and adds: its card is the new one.
        built
            .apply(
                &[format!("{:024x}", 3)],
                &[product(
                    3,
                    "Radiator bleed key",
                    Some("media/k.png"),
                    249,
                    none,
                )],
            )
            .unwrap();
        let words = vec!["radiator".to_string()];
        let filter = ProductFilter {
            keyword_words: words.clone(),
            ..Default::default()
        };
        let best = ProductSort {
            field: SortField::Relevance,
            descending: true,
        };
        let mut cards = built.cards(&filter, &plain(&words), best, 6).unwrap();
        cards.sort_by(|a, b| a.id.cmp(&b.id));
        assert_eq!(
            cards,
            vec![
                ProductCard {
                    id: format!("{:024x}", 1),
                    name: "Radiator valve".into(),
                    image: Some("media/a.jpg".into()),
                    price: Money::from_cents(1250),
                    discount: ending,
                    sku: None,
                },
                ProductCard {
                    id: format!("{:024x}", 3),
                    name: "Radiator bleed key".into(),
                    image: Some("media/k.png".into()),
                    price: Money::from_cents(249),
                    discount: none,
                    sku: None,
                },
            ]
        );
        assert_eq!(
            built.cards(&filter, &plain(&words), best, 1).unwrap().len(),
            1
        );
    }
}
