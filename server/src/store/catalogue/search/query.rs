//! The search index's query for a listing: each part of the keywords (a word, or the
//! alternatives staff's synonyms give a term, `domain/synonyms.rs`) must match, each
//! word as a word's beginning or with typos when the index knows no such word; and the
//! category filters.

use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, ConstScoreQuery, FuzzyTermQuery, Occur, Query, TermQuery,
    TermSetQuery,
};
use tantivy::schema::IndexRecordOption;
use tantivy::Term;

use super::index::Built;
use super::typos::typos_allowed;
use crate::domain::synonyms::Alternatives;
use crate::store::catalogue::filter::ProductFilter;

/// The score of a match by SKU: above any score words can reach.
const SKU_SCORE: f32 = 1.0e6;

impl Built {
    /// The query for `filter` and its keywords read as `parts`: every part must match
    /// by one of its alternatives, all of whose words must match (as a word's
    /// beginning, or with typos when the index knows no such word), and the category
    /// filters. `scored`, for 'Best match', adds what ranks: BM25 on each word found
    /// whole, twice over when it is in the name, so a match by prefix or typo only
    /// ranks below.
    pub(super) fn query(
        &self,
        searcher: &tantivy::Searcher,
        filter: &ProductFilter,
        parts: &[Alternatives],
        scored: bool,
    ) -> Box<dyn Query> {
        let f = self.fields;
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let mut words: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for part in parts {
            let mut alternatives: Vec<(Occur, Box<dyn Query>)> = part
                .iter()
                .map(|words| {
                    let mut all: Vec<(Occur, Box<dyn Query>)> = words
                        .iter()
                        .map(|word| (Occur::Must, self.word_query(searcher, word)))
                        .collect();
                    let query: Box<dyn Query> = match all.len() {
                        1 => all.remove(0).1,
                        _ => Box::new(BooleanQuery::new(all)),
                    };
                    (Occur::Should, query)
                })
                .collect();
            let matched: Box<dyn Query> = match alternatives.len() {
                1 => alternatives.remove(0).1,
                _ => Box::new(BooleanQuery::new(alternatives)),
            };
            words.push((Occur::Must, matched));
            if scored {
                for word in part.iter().flatten() {
                    let whole = TermQuery::new(
                        Term::from_field_text(f.text, word),
                        IndexRecordOption::WithFreqs,
                    );
                    let in_name = TermQuery::new(
                        Term::from_field_text(f.name_words, word),
                        IndexRecordOption::WithFreqs,
                    );
                    words.push((Occur::Should, Box::new(whole)));
                    words.push((
                        Occur::Should,
                        Box::new(BoostQuery::new(Box::new(in_name), 2.0)),
                    ));
                }
            }
        }
        match (&filter.sku, words.is_empty()) {
            // The keyword as a whole may be a variant's SKU: a product matches by its
            // words or by that SKU, and a SKU match ranks above any match by words.
            (Some(sku), false) => {
                let by_sku =
                    TermQuery::new(Term::from_field_text(f.sku, sku), IndexRecordOption::Basic);
                let by_sku: Box<dyn Query> = match scored {
                    true => Box::new(ConstScoreQuery::new(Box::new(by_sku), SKU_SCORE)),
                    false => Box::new(by_sku),
                };
                let either = BooleanQuery::new(vec![
                    (
                        Occur::Should,
                        Box::new(BooleanQuery::new(words)) as Box<dyn Query>,
                    ),
                    (Occur::Should, by_sku),
                ]);
                clauses.push((Occur::Must, Box::new(either)));
            }
            (_, false) => clauses.extend(words),
            (_, true) => {}
        }
        if !filter.options.is_empty() {
            // One term per set of values one variant may hold: no variant, no match.
            let sets = filter
                .options
                .wanted_sets()
                .into_iter()
                .map(|set| Term::from_field_text(f.option_set, &set));
            clauses.push((Occur::Must, Box::new(TermSetQuery::new(sets))));
        }
        for (field, ids) in [
            (f.category, &filter.category_ids),
            (f.sub_category, &filter.sub_category_ids),
        ] {
            if !ids.is_empty() {
                let terms = ids
                    .iter()
                    .map(|id| Term::from_field_text(field, id.as_str()));
                clauses.push((Occur::Must, Box::new(TermSetQuery::new(terms))));
            }
        }
        if clauses.is_empty() {
            Box::new(AllQuery)
        } else {
            Box::new(BooleanQuery::new(clauses))
        }
    }

    /// One word: as the beginning of a word of the index, or, when the index has no word
    /// it begins, with the typos its length allows.
    fn word_query(&self, searcher: &tantivy::Searcher, word: &str) -> Box<dyn Query> {
        let typos = if self.knows_prefix(searcher, word) {
            0
        } else {
            typos_allowed(word)
        };
        let term = Term::from_field_text(self.fields.text, word);
        Box::new(FuzzyTermQuery::new_prefix(term, typos, true))
    }

    /// Whether some word in the index begins with `word`.
    pub(super) fn knows_prefix(&self, searcher: &tantivy::Searcher, word: &str) -> bool {
        searcher.segment_readers().iter().any(|segment| {
            let Ok(inverted) = segment.inverted_index(self.fields.text) else {
                return false;
            };
            let Ok(mut terms) = inverted.terms().range().ge(word.as_bytes()).into_stream() else {
                return false;
            };
            terms.advance() && terms.key().starts_with(word.as_bytes())
        })
    }
}
