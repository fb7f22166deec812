//! The listing's option filter and SKU search (docs/DESIGN.md §9, "Listing"):
//! `option=Size:22 mm` (repeatable) narrows a listing to products with one variant
//! holding every asked name, each with one of the values asked for it; a keyword that
//! is a whole SKU finds its product. Names and values are matched ignoring case.
//!
//! What a search index holds of a variant's options is its **option sets**: one text
//! for every non-empty subset of its (name, value) pairs, names in order. A filter
//! then asks for any of the sets it admits (one value per asked name), so "one and the
//! same variant" is a single term lookup, whatever else the variant holds.

use std::collections::BTreeMap;

use super::variant::VariantOptions;

/// Most `option` parameters a listing takes.
pub const MAX_OPTION_PARAMS: usize = 30;

/// Between a name and its value in an option set.
const NAME_END: char = '\u{1f}';
/// Between the pairs of an option set.
const PAIR_END: char = '\u{1e}';

/// A listing's option filter: for each asked name (in lower case), the values it admits
/// (in lower case). Empty: no filter.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct OptionFilter {
    wanted: BTreeMap<String, Vec<String>>,
}

/// Why an `option` parameter was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionFilterError {
    /// A value with no ':' between a name and its value.
    NoColon(String),
    /// More than [`MAX_OPTION_PARAMS`] parameters.
    TooMany,
}

impl OptionFilterError {
    /// The message for `errors.option`.
    pub fn message(&self) -> String {
        match self {
            OptionFilterError::NoColon(text) => format!(
                "option must be a name and a value such as Size:22 mm, not {}",
                text.chars().take(40).collect::<String>()
            ),
            OptionFilterError::TooMany => {
                format!("option may be given at most {MAX_OPTION_PARAMS} times")
            }
        }
    }
}

impl OptionFilter {
    /// Reads `option` parameters (`Size:22 mm`, split at the first ':'; name and value
    /// trimmed). Values of one name are alternatives; blank parameters are left out.
    pub fn parse<'a>(params: impl IntoIterator<Item = &'a str>) -> Result<Self, OptionFilterError> {
        let mut wanted: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut count = 0;
        for param in params {
            let param = param.trim();
            if param.is_empty() {
                continue;
            }
            count += 1;
            if count > MAX_OPTION_PARAMS {
                return Err(OptionFilterError::TooMany);
            }
            let Some((name, value)) = param.split_once(':') else {
                return Err(OptionFilterError::NoColon(param.to_string()));
            };
            let (name, value) = (name.trim().to_lowercase(), value.trim().to_lowercase());
            if name.is_empty() || value.is_empty() {
                return Err(OptionFilterError::NoColon(param.to_string()));
            }
            let values = wanted.entry(name).or_default();
            if !values.contains(&value) {
                values.push(value);
                values.sort();
            }
        }
        Ok(OptionFilter { wanted })
    }

    pub fn is_empty(&self) -> bool {
        self.wanted.is_empty()
    }

    /// The asked names (lower case), in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.wanted.keys().map(String::as_str)
    }

    /// The values (lower case) asked for `name` (lower case).
    pub fn values(&self, name: &str) -> &[String] {
        self.wanted.get(name).map_or(&[], Vec::as_slice)
    }

    /// Whether `value` (any case) is admitted for `name` (lower case); true for a name
    /// the filter does not ask about.
    pub fn admits(&self, name: &str, value: &str) -> bool {
        self.wanted
            .get(name)
            .is_none_or(|values| values.iter().any(|v| *v == value.to_lowercase()))
    }

    /// Whether a variant with these options is one the filter asks for.
    pub fn matches(&self, options: &VariantOptions) -> bool {
        let lower: BTreeMap<String, String> = options
            .iter()
            .map(|(n, v)| (n.to_lowercase(), v.to_lowercase()))
            .collect();
        self.wanted
            .iter()
            .all(|(name, values)| lower.get(name).is_some_and(|value| values.contains(value)))
    }

    /// The option sets (lower case) a variant must have one of: one value of every
    /// asked name. Empty when no variant can match (more names than a product has).
    pub fn wanted_sets(&self) -> Vec<String> {
        if self.wanted.len() > 3 {
            return Vec::new();
        }
        let mut sets = vec![String::new()];
        for (name, values) in &self.wanted {
            sets = sets
                .iter()
                .flat_map(|set| values.iter().map(move |value| join(set, name, value)))
                .collect();
        }
        sets
    }

    /// The same filter without `name` (lower case): what a facet of that name counts.
    pub fn without(&self, name: &str) -> OptionFilter {
        let mut wanted = self.wanted.clone();
        wanted.remove(name);
        OptionFilter { wanted }
    }
}

fn join(set: &str, name: &str, value: &str) -> String {
    let mut set = set.to_string();
    if !set.is_empty() {
        set.push(PAIR_END);
    }
    set.push_str(name);
    set.push(NAME_END);
    set.push_str(value);
    set
}

/// Every non-empty subset of a variant's (name, value) pairs, as option sets, names in
/// lower-case order; in lower case with `lower`, else as written (for facets).
pub fn option_sets(options: &VariantOptions, lower: bool) -> Vec<String> {
    let mut pairs: Vec<(String, String)> = options
        .iter()
        .map(|(n, v)| match lower {
            true => (n.to_lowercase(), v.to_lowercase()),
            false => (n.clone(), v.clone()),
        })
        .collect();
    pairs.sort_by_key(|(n, _)| n.to_lowercase());
    let mut sets = Vec::new();
    // A product has at most three options; more (never stored) are left out.
    let pairs = &pairs[..pairs.len().min(3)];
    for mask in 1u32..(1 << pairs.len()) {
        let mut set = String::new();
        for (i, (name, value)) in pairs.iter().enumerate() {
            if mask & (1 << i) != 0 {
                set = join(&set, name, value);
            }
        }
        sets.push(set);
    }
    sets
}

/// An option set read back: its (name, value) pairs.
pub fn set_pairs(set: &str) -> Vec<(&str, &str)> {
    set.split(PAIR_END)
        .filter_map(|pair| pair.split_once(NAME_END))
        .collect()
}

/// The SKU a keyword would be, in lower case: the whole trimmed text when it has a
/// SKU's shape (1–64 of `A–Z a–z 0–9 - _ . /`), else `None`.
pub fn sku_key(keyword: &str) -> Option<String> {
    let text = keyword.trim();
    let shaped = !text.is_empty()
        && text.len() <= 64
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'));
    shaped.then(|| text.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(pairs: &[(&str, &str)]) -> VariantOptions {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn parameters_split_at_the_first_colon_and_ignore_case() {
        let filter =
            OptionFilter::parse(["Size:22 mm", "size: 15 MM", "Thread:1/2\":BSP"]).unwrap();
        assert_eq!(filter.names().collect::<Vec<_>>(), ["size", "thread"]);
        assert!(filter.admits("size", "22 MM"));
        assert!(filter.admits("thread", "1/2\":bsp"));
        assert!(!filter.admits("size", "28 mm"));
        assert!(filter.admits("finish", "Chrome"), "not asked");
        assert_eq!(
            OptionFilter::parse(["Size"]),
            Err(OptionFilterError::NoColon("Size".into()))
        );
        assert_eq!(
            OptionFilter::parse([":22 mm"]),
            Err(OptionFilterError::NoColon(":22 mm".into()))
        );
        assert!(OptionFilter::parse(["", " "]).unwrap().is_empty());
        let many = vec!["Size:1"; MAX_OPTION_PARAMS + 1];
        assert_eq!(OptionFilter::parse(many), Err(OptionFilterError::TooMany));
    }

    #[test]
    fn different_names_must_hold_for_the_same_variant() {
        let filter = OptionFilter::parse(["Size:15 mm", "Finish:Chrome"]).unwrap();
        let brass_15 = options(&[("Size", "15 mm"), ("Finish", "Brass")]);
        let chrome_22 = options(&[("Size", "22 mm"), ("Finish", "Chrome")]);
        let chrome_15 = options(&[("Size", "15 mm"), ("Finish", "Chrome")]);
        assert!(!filter.matches(&brass_15));
        assert!(!filter.matches(&chrome_22));
        assert!(filter.matches(&chrome_15));
        let wanted = filter.wanted_sets();
        let has = |o: &VariantOptions| option_sets(o, true).iter().any(|s| wanted.contains(s));
        assert!(!has(&brass_15));
        assert!(!has(&chrome_22));
        assert!(has(&chrome_15));
    }

    #[test]
    fn values_of_one_name_are_alternatives() {
        let filter = OptionFilter::parse(["Size:15 mm", "Size:22 mm"]).unwrap();
        assert_eq!(filter.wanted_sets().len(), 2);
        assert!(filter.matches(&options(&[("Size", "22 mm"), ("Finish", "Brass")])));
        assert!(!filter.matches(&options(&[("Size", "28 mm")])));
        assert!(!filter.matches(&options(&[])));
        let four = OptionFilter::parse(["A:1", "B:1", "C:1", "D:1"]).unwrap();
        assert!(four.wanted_sets().is_empty(), "no product has four options");
    }

    #[test]
    fn a_variant_has_a_set_for_every_subset_of_its_values() {
        let sets = option_sets(&options(&[("Size", "15 mm"), ("Finish", "Brass")]), false);
        assert_eq!(sets.len(), 3);
        let pairs: Vec<Vec<(&str, &str)>> = sets.iter().map(|s| set_pairs(s)).collect();
        assert!(pairs.contains(&vec![("Finish", "Brass"), ("Size", "15 mm")]));
        assert!(pairs.contains(&vec![("Size", "15 mm")]));
        assert!(option_sets(&options(&[]), true).is_empty());
        assert_eq!(
            OptionFilter::parse(["size:15 mm"]).unwrap().without("size"),
            OptionFilter::default()
        );
    }

    #[test]
    fn a_keyword_is_a_sku_when_it_has_a_skus_shape() {
        assert_eq!(sku_key(" CF-15/BR "), Some("cf-15/br".into()));
        assert_eq!(sku_key("brass valve"), None);
        assert_eq!(sku_key(""), None);
        assert_eq!(sku_key(&"A".repeat(65)), None);
    }
}
