//! Typos: how far a word the index does not know may be from one it does, for a search
//! (Meilisearch's defaults) and, further, for 'Did you mean' when a search found nothing.

use std::collections::HashMap;
use std::sync::OnceLock;

use levenshtein_automata::{Distance, LevenshteinAutomatonBuilder, DFA};
use tantivy_fst::Automaton;

use super::index::Built;

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

impl Built {
    /// The index's word closest to `word` within [`suggestion_distance`], the most
    /// common among equally close ones. A Levenshtein automaton walks the dictionary, so
    /// only words within reach are read.
    pub(super) fn closest_word(&self, searcher: &tantivy::Searcher, word: &str) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::super::tests::product;
    use super::super::IndexedProduct;
    use super::*;

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
}
