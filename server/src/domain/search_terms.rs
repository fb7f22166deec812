//! How search reads the words of the trade (docs/DESIGN.md §15, "Search speaks the trade"):
//! a number and its unit are one word whether typed together or apart ('15mm' = '15
//! mm'), a fraction is one word whatever way it is typed ('1/2' = '½'), and an inch
//! mark is the word 'inch' ('1/2"' = '½ inch'). Sizes in other systems ('½ inch' =
//! '15 mm') are the same only where staff say so, through synonyms (`synonyms.rs`).
//!
//! Products are indexed by [`index_words`]: every word a query may use, the number and
//! unit both joined and apart. Queries are read by [`query_words`]: joined, so '15 mm'
//! asks for a 15 mm size rather than for some 15 and some millimetres anywhere.
//! Words are runs of letters and digits, lowercased: what both databases' full-text
//! search and the search index split text into, so the three agree.

/// Units a number may carry, as typed (lowercase). A number followed by one of them,
/// touching or after white space, reads as one word.
const UNITS: &[&str] = &[
    "mm", "cm", "m", "mtr", "mtrs", "metre", "metres", "meter", "meters", "km", "in", "inch",
    "inches", "ft", "l", "ml", "ltr", "litre", "litres", "liter", "liters", "kg", "g", "w", "kw",
    "v", "bar", "psi", "btu", "amp", "amps", "mah",
];

/// The word a fraction reads as: numerator, `over`, denominator ('1/2' and '½' are
/// `1over2`). Plain ASCII, so PostgreSQL's text search keeps it, as it would not '½'.
const FRACTION_WORD: &str = "over";

/// The Unicode fractions and the numbers they stand for.
const VULGAR: &[(char, u8, u8)] = &[
    ('½', 1, 2),
    ('¼', 1, 4),
    ('¾', 3, 4),
    ('⅓', 1, 3),
    ('⅔', 2, 3),
    ('⅛', 1, 8),
    ('⅜', 3, 8),
    ('⅝', 5, 8),
    ('⅞', 7, 8),
];

/// One run of letters and digits with the characters right after it (up to the next run).
struct Run<'a> {
    word: String,
    after: &'a str,
}

fn runs(text: &str) -> Vec<Run<'_>> {
    let mut runs = Vec::new();
    let mut start = None;
    let mut word_end = 0;
    let mut pending: Option<String> = None;
    for (i, c) in text.char_indices() {
        if c.is_alphanumeric() {
            if start.is_none() {
                if let Some(word) = pending.take() {
                    runs.push(Run {
                        word,
                        after: &text[word_end..i],
                    });
                }
                start = Some(i);
            }
        } else if let Some(s) = start.take() {
            pending = Some(text[s..i].to_lowercase());
            word_end = i;
        }
    }
    if let Some(s) = start {
        pending = Some(text[s..].to_lowercase());
        word_end = text.len();
    }
    if let Some(word) = pending {
        runs.push(Run {
            word,
            after: &text[word_end..],
        });
    }
    runs
}

fn is_number(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

fn fraction(numerator: &str, denominator: &str) -> String {
    format!("{numerator}{FRACTION_WORD}{denominator}")
}

/// `word` with a Unicode fraction in it written as [`fraction`]s: '½' → `1over2`,
/// '1½' → `1`, `1over2`. Other words as they are.
fn spell_fractions(word: &str) -> Vec<String> {
    if !word.chars().any(|c| VULGAR.iter().any(|v| v.0 == c)) {
        return vec![word.to_string()];
    }
    let mut parts = Vec::new();
    let mut rest = String::new();
    for c in word.chars() {
        match VULGAR.iter().find(|v| v.0 == c) {
            Some(&(_, n, d)) => {
                if !rest.is_empty() {
                    parts.push(std::mem::take(&mut rest));
                }
                parts.push(fraction(&n.to_string(), &d.to_string()));
            }
            None => rest.push(c),
        }
    }
    if !rest.is_empty() {
        parts.push(rest);
    }
    parts
}

/// Whether `word` is a number or fraction (as this module writes them).
fn is_quantity(word: &str) -> bool {
    is_number(word)
        || word
            .split_once(FRACTION_WORD)
            .is_some_and(|(n, d)| is_number(n) && is_number(d))
}

/// A quantity and a unit read as one word ('15mm', '1over2inch'), apart: the quantity
/// and the unit. `None` for any other word.
pub fn apart(word: &str) -> Option<(&str, &str)> {
    let split = word.find(|c: char| c.is_alphabetic())?;
    // A fraction's `over` is part of its quantity.
    let split = match word[split..].strip_prefix(FRACTION_WORD) {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => {
            let after_over = split + FRACTION_WORD.len();
            after_over + word[after_over..].find(|c: char| c.is_alphabetic())?
        }
        _ => split,
    };
    let (quantity, unit) = word.split_at(split);
    (is_quantity(quantity) && UNITS.contains(&unit)).then_some((quantity, unit))
}

/// A word read from text, with the plain words it was made of when they differ (a
/// fraction's numbers).
struct Read {
    word: String,
    made_of: Vec<String>,
}

/// Reads `text` into words, quantities and their units joined.
fn read(text: &str) -> Vec<Read> {
    // First the words with fractions and inch marks made words of their own.
    let runs = runs(text);
    let mut words: Vec<(String, Vec<String>, bool)> = Vec::new(); // (word, made of, touches the next)
    let mut i = 0;
    while i < runs.len() {
        let run = &runs[i];
        // '1/2', and '1/2inch': the denominator may carry the unit.
        let denominator = runs
            .get(i + 1)
            .filter(|_| is_number(&run.word) && run.after == "/");
        let denominator = denominator.and_then(|next| {
            let digits = next
                .word
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(next.word.len());
            let (d, unit) = next.word.split_at(digits);
            (is_number(d) && (unit.is_empty() || UNITS.contains(&unit))).then_some((next, d, unit))
        });
        let (word, made_of, unit, after) = match denominator {
            Some((next, d, unit)) => {
                i += 1;
                (
                    fraction(&run.word, d),
                    vec![run.word.clone(), d.to_string()],
                    unit,
                    next.after,
                )
            }
            None => (run.word.clone(), Vec::new(), "", run.after),
        };
        i += 1;
        let spelled = spell_fractions(&word);
        let last = spelled.len() - 1;
        let inch_mark =
            unit.is_empty() && after.starts_with(['"', '\u{2033}']) && is_quantity(&spelled[last]);
        let touches = inch_mark || after.chars().all(char::is_whitespace);
        for (k, part) in spelled.into_iter().enumerate() {
            let made_of = if k == last {
                made_of.clone()
            } else {
                Vec::new()
            };
            let touches = k < last || !unit.is_empty() || touches;
            words.push((part, made_of, touches));
        }
        if !unit.is_empty() {
            words.push((
                unit.to_string(),
                Vec::new(),
                after.chars().all(char::is_whitespace),
            ));
        }
        if inch_mark {
            words.push(("inch".to_string(), Vec::new(), true));
        }
    }
    // Then a quantity followed by a unit, touching or after white space, as one word.
    let mut read = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let (word, made_of, touches) = &words[i];
        if let Some((unit, _, _)) = words.get(i + 1) {
            if *touches && is_quantity(word) && UNITS.contains(&unit.as_str()) {
                read.push(Read {
                    word: format!("{word}{unit}"),
                    made_of: made_of.clone(),
                });
                i += 2;
                continue;
            }
        }
        read.push(Read {
            word: word.clone(),
            made_of: made_of.clone(),
        });
        i += 1;
    }
    read
}

/// The words of a shopper's search, at most `max`: quantities with their units joined,
/// fractions and inch marks as words.
pub fn query_words(text: &str, max: usize) -> Vec<String> {
    read(text).into_iter().map(|r| r.word).take(max).collect()
}

/// The words a product is found by: those [`query_words`] reads, each quantity with a
/// unit once, then, for a query typed another way, each such quantity and unit apart
/// and the numbers of each fraction, where not already there. Reading its own answer
/// again gives the same words, so text stored this way can be read again as it is.
pub fn index_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    // Each size apart, as a pair: a unit always follows its own quantity, so reading
    // these words again joins the pair into the size already there.
    let mut pairs: Vec<String> = Vec::new();
    let mut numbers: Vec<String> = Vec::new();
    for Read { word, made_of } in read(text) {
        if let Some((quantity, unit)) = apart(&word) {
            if words.contains(&word) {
                continue;
            }
            pairs.extend([quantity.to_string(), unit.to_string()]);
        }
        let whole = apart(&word).map_or(word.as_str(), |(quantity, _)| quantity);
        if let Some((n, d)) = whole.split_once(FRACTION_WORD) {
            if is_number(n) && is_number(d) {
                numbers.extend([n.to_string(), d.to_string()]);
            }
        }
        numbers.extend(made_of);
        words.push(word);
    }
    words.extend(pairs);
    for number in numbers {
        if !words.contains(&number) {
            words.push(number);
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_and_its_unit_read_as_one_word_together_or_apart() {
        assert_eq!(query_words("15mm", 8), ["15mm"]);
        assert_eq!(query_words("15 mm", 8), ["15mm"]);
        assert_eq!(
            query_words("Copper pipe 15 MM x 3 m", 8),
            ["copper", "pipe", "15mm", "x", "3m"]
        );
        // Not a unit, or not touching: left as typed.
        assert_eq!(
            query_words("pack of 15 elbows", 8),
            ["pack", "of", "15", "elbows"]
        );
        assert_eq!(query_words("15, mm", 8), ["15", "mm"]);
        assert_eq!(query_words("mm 15", 8), ["mm", "15"]);
    }

    #[test]
    fn fractions_and_inch_marks_read_alike_however_typed() {
        for typed in ["1/2\"", "½ inch", "½\"", "1/2 inch", "½inch", "1/2inch"] {
            assert_eq!(query_words(typed, 8), ["1over2inch"], "{typed}");
        }
        assert_eq!(query_words("1/2", 8), ["1over2"]);
        assert_eq!(query_words("¾", 8), ["3over4"]);
        assert_eq!(query_words("1½\" hose", 8), ["1", "1over2inch", "hose"]);
        // A size of another system is another word: only staff's synonyms join them.
        assert_ne!(query_words("1/2\"", 8), query_words("15mm", 8));
        // A quote that is no inch mark stays punctuation.
        assert_eq!(
            query_words("ball-valve \"OR\" 15mm*", 8),
            ["ball", "valve", "or", "15mm"]
        );
    }

    #[test]
    fn query_words_drop_punctuation_and_stop_at_the_most_asked_for() {
        assert_eq!(query_words("%%%", 8), Vec::<String>::new());
        assert_eq!(query_words("", 8), Vec::<String>::new());
        assert_eq!(query_words("a b c", 2), ["a", "b"]);
        assert_eq!(query_words("Brass  VALVE", 8), ["brass", "valve"]);
    }

    #[test]
    fn products_are_found_by_every_reading_of_their_sizes() {
        assert_eq!(index_words("Elbow 15 mm"), ["elbow", "15mm", "15", "mm"]);
        assert_eq!(index_words("Elbow 15mm"), ["elbow", "15mm", "15", "mm"]);
        assert_eq!(
            index_words("Tap 1/2\" brass"),
            ["tap", "1over2inch", "brass", "1over2", "inch", "1", "2"]
        );
        // Each word of the text stays, repeated words included; a size once.
        assert_eq!(
            index_words("valve valve 22mm, 22 mm"),
            ["valve", "valve", "22mm", "22", "mm"]
        );
        assert_eq!(
            index_words("pack of 15, 15mm"),
            ["pack", "of", "15", "15mm", "15", "mm"]
        );
    }

    #[test]
    fn index_words_read_again_are_the_same_words() {
        for text in [
            "Elbow 15 mm",
            "Tap 1/2\" brass ¾ inch",
            "pack of 15, 15mm and 3/4",
            "Radiator valve 22mm x 15mm, 2 m",
        ] {
            let once = index_words(text);
            let mut again = index_words(&once.join(" "));
            let mut sorted = once.clone();
            sorted.sort();
            again.sort();
            assert_eq!(again, sorted, "{text}");
        }
    }

    #[test]
    fn every_query_reading_is_among_the_products_words() {
        let product = index_words("Compression elbow 15 mm 1/2\"");
        for query in [
            "15mm", "15 mm", "15", "mm", "1/2\"", "½ inch", "½", "1 2", "inch",
        ] {
            for word in query_words(query, 8) {
                assert!(product.contains(&word), "{query}: {word} in {product:?}");
            }
        }
    }

    #[test]
    fn apart_splits_a_quantity_from_its_unit_only() {
        assert_eq!(apart("15mm"), Some(("15", "mm")));
        assert_eq!(apart("1over2inch"), Some(("1over2", "inch")));
        assert_eq!(apart("1over2"), None);
        assert_eq!(apart("m3"), None);
        assert_eq!(apart("15mmx"), None);
        assert_eq!(apart("valve"), None);
    }
}
