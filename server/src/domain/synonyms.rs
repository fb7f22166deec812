//! Staff's synonyms and abbreviations for search (docs/DESIGN.md §15): groups of terms that
//! match each other ('TRV' ⇄ 'thermostatic radiator valve'). A search's words are
//! expanded by them: where the words hold a term of a group, any term of that group
//! may match there instead.

use std::collections::{BTreeMap, HashMap};

use super::search_terms::query_words;

/// Most groups a shop keeps.
pub const MAX_GROUPS: usize = 500;
/// Fewest and most terms in a group.
pub const MIN_TERMS: usize = 2;
pub const MAX_TERMS: usize = 10;
/// Most characters in a term, after trimming.
pub const MAX_TERM_CHARS: usize = 100;

pub const TOO_MANY_GROUPS: &str = "At most 500 groups";
pub const GROUP_SIZE: &str = "A group has 2 to 10 terms";
pub const TERM_LENGTH: &str = "A term has 1 to 100 characters";
pub const TERM_WORDLESS: &str = "A term needs a letter or a digit";
pub const TERM_REPEATED: &str = "This term is already in the group";

/// The groups as staff wrote them, each term trimmed; or the problems, keyed by the
/// path of what is wrong (`synonyms`, `synonyms[3].terms`, `synonyms[3].terms[1]`).
pub fn check(groups: &[Vec<String>]) -> Result<Vec<Vec<String>>, BTreeMap<String, String>> {
    let mut errors = BTreeMap::new();
    if groups.len() > MAX_GROUPS {
        errors.insert("synonyms".to_string(), TOO_MANY_GROUPS.to_string());
        return Err(errors);
    }
    let mut checked = Vec::with_capacity(groups.len());
    for (g, terms) in groups.iter().enumerate() {
        if !(MIN_TERMS..=MAX_TERMS).contains(&terms.len()) {
            errors.insert(format!("synonyms[{g}].terms"), GROUP_SIZE.to_string());
        }
        let mut seen: Vec<Vec<String>> = Vec::new();
        let mut group = Vec::with_capacity(terms.len());
        for (t, term) in terms.iter().enumerate() {
            let term = term.trim();
            let path = format!("synonyms[{g}].terms[{t}]");
            let chars = term.chars().count();
            let words = query_words(term, usize::MAX);
            if !(1..=MAX_TERM_CHARS).contains(&chars) {
                errors.insert(path, TERM_LENGTH.to_string());
            } else if words.is_empty() {
                errors.insert(path, TERM_WORDLESS.to_string());
            } else if seen.contains(&words) {
                errors.insert(path, TERM_REPEATED.to_string());
            } else {
                seen.push(words);
            }
            group.push(term.to_string());
        }
        checked.push(group);
    }
    if errors.is_empty() {
        Ok(checked)
    } else {
        Err(errors)
    }
}

/// One part of a search: a product matches it when it matches all the words of any
/// one of these alternatives (the words as typed first).
pub type Alternatives = Vec<Vec<String>>;

/// The groups, read as search reads words, ready to expand searches.
#[derive(Clone, Debug, Default)]
pub struct Synonyms {
    /// Each group's terms as words.
    groups: Vec<Vec<Vec<String>>>,
    /// For each term's first word, the (group, term) of the terms that begin with it.
    by_first_word: HashMap<String, Vec<(usize, usize)>>,
}

impl Synonyms {
    /// `groups` as staff wrote them (checked by [`check`]).
    pub fn new(groups: &[Vec<String>]) -> Synonyms {
        let groups: Vec<Vec<Vec<String>>> = groups
            .iter()
            .map(|terms| {
                terms
                    .iter()
                    .map(|term| query_words(term, usize::MAX))
                    .filter(|words| !words.is_empty())
                    .collect()
            })
            .collect();
        let mut by_first_word: HashMap<String, Vec<(usize, usize)>> = HashMap::new();
        for (g, terms) in groups.iter().enumerate() {
            for (t, words) in terms.iter().enumerate() {
                by_first_word
                    .entry(words[0].clone())
                    .or_default()
                    .push((g, t));
            }
        }
        Synonyms {
            groups,
            by_first_word,
        }
    }

    /// A search's `words` as the parts a product must match, in order: where the words
    /// hold a term of some groups (the longest that fits, from the left), one part
    /// whose alternatives are that term and every other term of those groups; every
    /// other word a part of its own.
    pub fn expand(&self, words: &[String]) -> Vec<Alternatives> {
        let mut parts = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let rest = &words[i..];
            let found: Vec<(usize, usize)> = self
                .by_first_word
                .get(&words[i])
                .map(|terms| {
                    terms
                        .iter()
                        .copied()
                        .filter(|&(g, t)| rest.starts_with(&self.groups[g][t]))
                        .collect()
                })
                .unwrap_or_default();
            let longest = found
                .iter()
                .map(|&(g, t)| self.groups[g][t].len())
                .max()
                .unwrap_or(0);
            if longest == 0 {
                parts.push(vec![vec![words[i].clone()]]);
                i += 1;
                continue;
            }
            let typed = rest[..longest].to_vec();
            let mut alternatives = vec![typed];
            for &(g, t) in &found {
                if self.groups[g][t].len() != longest {
                    continue;
                }
                for words in &self.groups[g] {
                    if !alternatives.contains(words) {
                        alternatives.push(words.clone());
                    }
                }
            }
            parts.push(alternatives);
            i += longest;
        }
        parts
    }
}

/// `words` as parts with no synonyms: each word a part of its own.
pub fn plain(words: &[String]) -> Vec<Alternatives> {
    words.iter().map(|w| vec![vec![w.clone()]]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(list: &[&[&str]]) -> Vec<Vec<String>> {
        list.iter()
            .map(|g| g.iter().map(|t| t.to_string()).collect())
            .collect()
    }

    fn words(text: &str) -> Vec<String> {
        query_words(text, 8)
    }

    fn demo() -> Synonyms {
        Synonyms::new(&groups(&[
            &["TRV", "thermostatic radiator valve"],
            &["PTFE", "thread seal tape"],
            &["isolator", "isolating valve"],
        ]))
    }

    fn w(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn an_abbreviation_expands_to_its_words_and_back() {
        let synonyms = demo();
        assert_eq!(
            synonyms.expand(&words("TRV 15mm")),
            vec![
                vec![w(&["trv"]), w(&["thermostatic", "radiator", "valve"])],
                vec![w(&["15mm"])],
            ]
        );
        assert_eq!(
            synonyms.expand(&words("chrome thermostatic radiator valve")),
            vec![
                vec![w(&["chrome"])],
                vec![w(&["thermostatic", "radiator", "valve"]), w(&["trv"])],
            ]
        );
        // Part of a term is not the term.
        assert_eq!(
            synonyms.expand(&words("radiator valve")),
            plain(&words("radiator valve"))
        );
    }

    #[test]
    fn the_longest_term_wins_and_groups_sharing_a_term_join() {
        let synonyms = Synonyms::new(&groups(&[
            &["valve", "tap"],
            &["radiator valve", "rad valve"],
            &["tap", "faucet"],
        ]));
        assert_eq!(
            synonyms.expand(&words("radiator valve")),
            vec![vec![w(&["radiator", "valve"]), w(&["rad", "valve"])]]
        );
        assert_eq!(
            synonyms.expand(&words("tap")),
            vec![vec![w(&["tap"]), w(&["valve"]), w(&["faucet"])]]
        );
        assert_eq!(
            Synonyms::default().expand(&words("tap")),
            plain(&words("tap"))
        );
    }

    #[test]
    fn sizes_in_terms_read_as_searches_read_them() {
        let synonyms = Synonyms::new(&groups(&[&["1/2\"", "15 mm"]]));
        assert_eq!(
            synonyms.expand(&words("½ inch elbow")),
            vec![vec![w(&["1over2inch"]), w(&["15mm"])], vec![w(&["elbow"])]]
        );
    }

    #[test]
    fn staff_groups_are_checked_and_every_problem_named_by_its_path() {
        assert_eq!(
            check(&groups(&[&[" TRV ", "thermostatic radiator valve"]])),
            Ok(groups(&[&["TRV", "thermostatic radiator valve"]]))
        );
        let long = "x".repeat(101);
        let errors = check(&groups(&[
            &["alone"],
            &["ok", "  ", "%%%", &long, "OK"],
            &["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"],
        ]))
        .unwrap_err();
        assert_eq!(errors["synonyms[0].terms"], GROUP_SIZE);
        assert_eq!(errors["synonyms[1].terms[1]"], TERM_LENGTH);
        assert_eq!(errors["synonyms[1].terms[2]"], TERM_WORDLESS);
        assert_eq!(errors["synonyms[1].terms[3]"], TERM_LENGTH);
        assert_eq!(errors["synonyms[1].terms[4]"], TERM_REPEATED);
        assert_eq!(errors["synonyms[2].terms"], GROUP_SIZE);
        assert_eq!(errors.len(), 6);
        let many = vec![vec!["a".to_string(), "b".to_string()]; 501];
        assert_eq!(check(&many).unwrap_err()["synonyms"], TOO_MANY_GROUPS);
        assert!(check(&many[..500]).is_ok());
        assert_eq!(check(&[]), Ok(vec![]));
    }
}
