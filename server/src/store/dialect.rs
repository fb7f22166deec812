//! Everything that differs between SQLite and PostgreSQL, in one place: full-text
//! search, sorting by name, locking, and the migration set.

/// Which SQL database the store talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

impl Dialect {
    pub fn from_url(url: &str) -> Option<Dialect> {
        if url.starts_with("sqlite:") {
            Some(Dialect::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Dialect::Postgres)
        } else {
            None
        }
    }

    pub fn begin_write(self) -> &'static str {
        match self {
            Dialect::Sqlite => "BEGIN IMMEDIATE",
            Dialect::Postgres => "BEGIN",
        }
    }

    /// Serialises migrations across nodes starting at once. SQLite needs nothing more
    /// than `BEGIN IMMEDIATE`; PostgreSQL takes a session advisory lock.
    pub fn migration_lock(self) -> Option<(&'static str, &'static str)> {
        match self {
            Dialect::Sqlite => None,
            Dialect::Postgres => Some(("SELECT pg_advisory_lock(727001)", "SELECT pg_advisory_unlock(727001)")),
        }
    }

    /// A predicate on `products p` that holds when the product's search text contains
    /// every word of the query given as parameter `$n` (built by [`Dialect::keyword_query`]).
    /// Both forms are served by an index: FTS5 on SQLite, a GIN tsvector index on PostgreSQL.
    pub fn keyword_predicate(self, n: usize) -> String {
        match self {
            Dialect::Sqlite => format!("p.seq IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${n})"),
            Dialect::Postgres => format!("to_tsvector('simple', p.search_text) @@ to_tsquery('simple', ${n})"),
        }
    }

    /// The search engine's query for `words` (already reduced to letters and digits):
    /// every word must match, as a word or the start of one.
    pub fn keyword_query(self, words: &[String]) -> String {
        match self {
            Dialect::Sqlite => words.iter().map(|w| format!("\"{w}\"*")).collect::<Vec<_>>().join(" "),
            Dialect::Postgres => words.iter().map(|w| format!("{w}:*")).collect::<Vec<_>>().join(" & "),
        }
    }

    /// The expression products are ordered by for a name sort: case-insensitive and the
    /// same order on both backends (PostgreSQL's locale collations ignore spaces).
    pub fn name_order(self) -> &'static str {
        match self {
            Dialect::Sqlite => "p.name COLLATE NOCASE",
            Dialect::Postgres => "lower(p.name) COLLATE \"C\"",
        }
    }
}

/// Splits a shopper's search text into words the search engines agree on: runs of
/// letters and digits, lowercased, at most `max` of them.
pub fn search_words(text: &str, max: usize) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .take(max)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_words_drop_punctuation_and_operators() {
        assert_eq!(search_words("Brass  ball-valve \"OR\" 15mm*", 10), ["brass", "ball", "valve", "or", "15mm"]);
        assert_eq!(search_words("%%%", 10), Vec::<String>::new());
        assert_eq!(search_words("a b c", 2), ["a", "b"]);
    }

    #[test]
    fn keyword_queries_require_every_word_as_a_prefix() {
        let words = vec!["brass".to_string(), "val".to_string()];
        assert_eq!(Dialect::Sqlite.keyword_query(&words), "\"brass\"* \"val\"*");
        assert_eq!(Dialect::Postgres.keyword_query(&words), "brass:* & val:*");
    }
}
