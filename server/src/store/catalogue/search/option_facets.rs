//! A listing's option filter and option facets over one segment of the index
//! (docs/DESIGN.md §9, "Listing"): which documents have a variant the filter asks
//! for, and for each option name, which values the products have on a variant that
//! holds the filter's other names. Both are read from each product's option sets
//! (`domain/option_filter.rs`): the segment's dictionary of sets is read once, so a
//! document costs a look at its few set numbers.

use std::collections::HashMap;

use tantivy::columnar::StrColumn;
use tantivy::DocId;

use crate::domain::option_filter::{set_pairs, OptionFilter};

/// Counts per option name and value, by their lower-case forms, with the spelling
/// first met: `name → (shown name, value → (shown value, count))`.
pub(super) type OptionCounts = HashMap<String, (String, HashMap<String, (String, i64)>)>;

/// Values and their counts, in order: what the answer lists under a name.
pub(super) type ValueCounts = Vec<(String, i64)>;

/// One segment's view of the option sets.
pub(super) struct SegmentOptions {
    column: Option<StrColumn>,
    /// Whether the filter asks for nothing.
    unfiltered: bool,
    /// By set number: whether the set is one the filter asks for.
    passes: Vec<bool>,
    /// By set number: the (name, value) facet entries it counts for, as numbers into
    /// `entries`.
    counts_for: Vec<Vec<u32>>,
    /// (lower name, shown name, lower value, shown value) of each facet entry.
    entries: Vec<(String, String, String, String)>,
    counts: Vec<i64>,
    /// The entries of the document at hand, each once.
    seen: Vec<u32>,
}

impl SegmentOptions {
    pub(super) fn new(column: Option<StrColumn>, filter: &OptionFilter) -> tantivy::Result<Self> {
        let mut passes = Vec::new();
        let mut counts_for = Vec::new();
        let mut entries: Vec<(String, String, String, String)> = Vec::new();
        let mut numbered: HashMap<(String, String), u32> = HashMap::new();
        if let Some(column) = &column {
            let asked: Vec<&str> = filter.names().collect();
            let mut stream = column.dictionary().stream()?;
            while stream.advance() {
                let set = String::from_utf8_lossy(stream.key()).into_owned();
                let pairs: Vec<(String, &str, String, &str)> = set_pairs(&set)
                    .into_iter()
                    .map(|(n, v)| (n.to_lowercase(), n, v.to_lowercase(), v))
                    .collect();
                let names: Vec<&str> = pairs.iter().map(|p| p.0.as_str()).collect();
                let admitted = |skip: &str| {
                    pairs
                        .iter()
                        .filter(|p| p.0 != skip)
                        .all(|p| filter.admits(&p.0, &p.2))
                };
                passes.push(names == asked && admitted(""));
                // For a facet of name N, the set must hold N and exactly the filter's
                // other names, with admitted values.
                let mut counts = Vec::new();
                for (lower_name, name, lower_value, value) in &pairs {
                    let others: Vec<&str> =
                        asked.iter().copied().filter(|n| n != lower_name).collect();
                    let rest: Vec<&str> =
                        names.iter().copied().filter(|n| n != lower_name).collect();
                    if rest == others && admitted(lower_name) {
                        let key = (lower_name.clone(), lower_value.clone());
                        let next = entries.len() as u32;
                        let number = *numbered.entry(key).or_insert_with(|| {
                            entries.push((
                                lower_name.clone(),
                                name.to_string(),
                                lower_value.clone(),
                                value.to_string(),
                            ));
                            next
                        });
                        counts.push(number);
                    }
                }
                counts_for.push(counts);
            }
        }
        Ok(SegmentOptions {
            column,
            unfiltered: filter.is_empty(),
            passes,
            counts_for,
            counts: vec![0; entries.len()],
            entries,
            seen: Vec::new(),
        })
    }

    /// Reads document `doc`'s sets: whether it passes the option filter.
    pub(super) fn read(&mut self, doc: DocId) -> bool {
        self.seen.clear();
        let mut passes = self.unfiltered;
        if let Some(column) = &self.column {
            for ord in column.term_ords(doc) {
                let ord = ord as usize;
                passes |= self.passes.get(ord).copied().unwrap_or(false);
                for &entry in self.counts_for.get(ord).into_iter().flatten() {
                    if !self.seen.contains(&entry) {
                        self.seen.push(entry);
                    }
                }
            }
        }
        passes
    }

    /// Counts the document last read in its option facets.
    pub(super) fn count(&mut self) {
        for &entry in &self.seen {
            self.counts[entry as usize] += 1;
        }
    }

    pub(super) fn harvest(self) -> OptionCounts {
        let mut counts = OptionCounts::new();
        for ((lower_name, name, lower_value, value), count) in
            self.entries.into_iter().zip(self.counts)
        {
            if count > 0 {
                add(&mut counts, lower_name, name, lower_value, value, count);
            }
        }
        counts
    }
}

fn add(
    counts: &mut OptionCounts,
    lower_name: String,
    name: String,
    lower_value: String,
    value: String,
    count: i64,
) {
    let (_, values) = counts
        .entry(lower_name)
        .or_insert_with(|| (name, HashMap::new()));
    values.entry(lower_value).or_insert_with(|| (value, 0)).1 += count;
}

/// Every segment's counts together, as the answer lists them: names, then values, in
/// order (ignoring case).
pub(super) fn merge(parts: impl Iterator<Item = OptionCounts>) -> Vec<(String, ValueCounts)> {
    let mut all = OptionCounts::new();
    for part in parts {
        for (lower_name, (name, values)) in part {
            for (lower_value, (value, count)) in values {
                add(
                    &mut all,
                    lower_name.clone(),
                    name.clone(),
                    lower_value,
                    value,
                    count,
                );
            }
        }
    }
    let mut named: Vec<(String, String, ValueCounts)> = all
        .into_iter()
        .map(|(lower, (name, values))| {
            let mut values: Vec<(String, String, i64)> = values
                .into_iter()
                .map(|(lower, (value, count))| (lower, value, count))
                .collect();
            values.sort();
            (
                lower,
                name,
                values
                    .into_iter()
                    .map(|(_, value, count)| (value, count))
                    .collect(),
            )
        })
        .collect();
    named.sort();
    named
        .into_iter()
        .map(|(_, name, values)| (name, values))
        .collect()
}

/// A list [`merge`] made, as counts again (to merge with other segments').
pub(super) fn counts_of(list: &[(String, Vec<(String, i64)>)]) -> OptionCounts {
    let mut counts = OptionCounts::new();
    for (name, values) in list {
        for (value, count) in values {
            add(
                &mut counts,
                name.to_lowercase(),
                name.clone(),
                value.to_lowercase(),
                value.clone(),
                *count,
            );
        }
    }
    counts
}
