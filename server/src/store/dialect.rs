//! Everything that differs between SQLite and PostgreSQL, in one place: full-text
//! search, sorting by name, locking, order numbers, and the migration set.

use crate::domain::listing::SortField;
use crate::domain::search_terms::apart;
use crate::domain::synonyms::Alternatives;

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
    /// than `BEGIN IMMEDIATE`; PostgreSQL takes a session advisory lock, released when
    /// the migrating connection closes.
    pub fn migration_lock(self) -> Option<&'static str> {
        match self {
            Dialect::Sqlite => None,
            Dialect::Postgres => Some("SELECT pg_advisory_lock(727001)"),
        }
    }

    /// Inside a write transaction, waits until no other transaction holds the lock
    /// named by text parameter `$1`, then holds it until commit. SQLite needs none:
    /// `BEGIN IMMEDIATE` already lets one writer in at a time.
    pub fn subject_lock(self) -> Option<&'static str> {
        match self {
            Dialect::Sqlite => None,
            Dialect::Postgres => Some("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))"),
        }
    }

    /// `statement`, an `UPDATE` or `DELETE` whose `WHERE` comes last, made to wait first
    /// for the lock named by text parameter `$lock_param` ([`Dialect::subject_lock`]) and
    /// hold it until the statement's own transaction ends: one statement outside a
    /// transaction, in turn with the transactions that take that lock. On PostgreSQL the
    /// lock's CTE gates the `WHERE`; under read committed a row another transaction
    /// changed or deleted while this one waited is checked again in its newest version,
    /// so a row gone meanwhile is not written. SQLite needs none (see
    /// `Db::execute_in_turn`).
    pub fn in_turn(self, statement: &str, lock_param: usize) -> Option<String> {
        match self {
            Dialect::Sqlite => None,
            Dialect::Postgres => Some(format!(
                "WITH turn AS (SELECT pg_advisory_xact_lock(hashtextextended(${lock_param}, 0))) \
                 {statement} AND EXISTS (SELECT 1 FROM turn)"
            )),
        }
    }

    /// Like [`Dialect::subject_lock`], but answers at once: column `locked` is whether
    /// the lock was free (and is now held until commit). SQLite needs none.
    pub fn try_subject_lock(self) -> Option<&'static str> {
        match self {
            Dialect::Sqlite => None,
            Dialect::Postgres => {
                Some("SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked")
            }
        }
    }

    /// Inside a write transaction, the next order's sequence number as column `n`:
    /// never handed out twice, and only growing. PostgreSQL's sequence may skip a
    /// number when a transaction rolls back; SQLite's counter row never does.
    pub fn next_order_seq(self) -> &'static str {
        match self {
            Dialect::Sqlite => {
                "UPDATE order_counter SET last = last + 1 WHERE id = 1 RETURNING last AS n"
            }
            Dialect::Postgres => "SELECT nextval('order_numbers') AS n",
        }
    }

    /// A predicate on `products p` that holds when the product's search text contains
    /// every word of the query given as parameter `$n` (built by [`Dialect::keyword_query`]).
    /// Both forms are served by an index: FTS5 on SQLite, a GIN tsvector index on PostgreSQL.
    pub fn keyword_predicate(self, n: usize) -> String {
        match self {
            Dialect::Sqlite => {
                format!("p.seq IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${n})")
            }
            Dialect::Postgres => {
                format!("p.search_vector @@ to_tsquery('simple', ${n})")
            }
        }
    }

    /// The search engine's query for a search read as `parts` (words of letters and
    /// digits, `domain/search_terms.rs`): every part must match by one of its
    /// alternatives, every word of which must match as a word or the start of one. A
    /// size ('15mm') also matches as its number and unit apart, as products saved
    /// before sizes were read as one word hold it.
    pub fn keyword_query(self, parts: &[Alternatives]) -> String {
        let (and, or, prefix): (&str, &str, fn(&str) -> String) = match self {
            Dialect::Sqlite => (" AND ", " OR ", |w| format!("\"{w}\"*")),
            Dialect::Postgres => (" & ", " | ", |w| format!("{w}:*")),
        };
        let group = |items: Vec<String>, joiner: &str| match items.len() {
            1 => items.into_iter().next().unwrap_or_default(),
            _ => format!("({})", items.join(joiner)),
        };
        let word = |w: &String| match apart(w) {
            Some((quantity, unit)) => format!(
                "({}{or}({}{and}{}))",
                prefix(w),
                prefix(quantity),
                prefix(unit)
            ),
            None => prefix(w),
        };
        let parts: Vec<String> = parts
            .iter()
            .map(|alternatives| {
                let alternatives = alternatives
                    .iter()
                    .map(|words| group(words.iter().map(&word).collect(), and))
                    .collect();
                group(alternatives, or)
            })
            .collect();
        parts.join(and)
    }

    /// For a keyword search matching `matches` of `all` products, the index a listing
    /// sorted by `field` should walk, if any. With many matches, walking the sort's own
    /// index and keeping the first rows that match beats sorting every match (SQLite's
    /// own choice, since it cannot see how many rows full-text search will return).
    /// The walk reads about `10 × all / matches` rows, the sort `matches`: the walk wins
    /// from roughly `matches² ≥ 16 × all`. PostgreSQL's planner sees its GIN index's
    /// estimates and needs no hint.
    pub fn sort_index_hint(self, field: SortField, matches: i64, all: i64) -> &'static str {
        if self == Dialect::Postgres || matches.saturating_mul(matches) < all.saturating_mul(16) {
            return "";
        }
        match field {
            SortField::CreatedAt | SortField::Relevance => " INDEXED BY products_newest",
            SortField::Name => " INDEXED BY products_by_name",
            SortField::Price => " INDEXED BY products_by_price",
        }
    }

    /// What tidies the search index and statistics after a bulk load. PostgreSQL
    /// otherwise plans a freshly seeded catalogue from guesses, and counts by scanning
    /// the table, until autovacuum gets round to it. SQLite's full-text index is left
    /// in many small segments by batched inserts; merging them makes searches about
    /// 10 % cheaper (1 s for 100,000 products). The variants too: with `products`
    /// alone analysed, PostgreSQL read a page of 500 products' variants through the
    /// stock index (guessing a few thousand rows where 575,000 were) in 530 ms instead
    /// of 4 ms, and the search index of 300,000 products took 140 s to build.
    pub fn after_bulk_load(self) -> Option<&'static str> {
        match self {
            Dialect::Sqlite => Some("INSERT INTO products_fts (products_fts) VALUES ('optimize')"),
            Dialect::Postgres => Some("VACUUM ANALYZE products, product_variants"),
        }
    }

    /// The column that finds a product's row fastest and that every index of `products`
    /// holds: SQLite's rowid (`seq`), PostgreSQL's primary key (`id`).
    pub fn row_key(self) -> &'static str {
        match self {
            Dialect::Sqlite => "seq",
            Dialect::Postgres => "id",
        }
    }

    /// An aggregate that folds a query's rows into one JSON array (as text) of objects
    /// built from `pairs` (`'key', expression, ...`): `[]` when there are none. One value
    /// crosses from the database however many rows there are, instead of a row of
    /// columns each, which the driver copies one by one.
    pub fn json_rows(self, pairs: &str) -> String {
        self.json_array(pairs, "")
    }

    /// [`Dialect::json_rows`] with the array's objects in `order` (an `ORDER BY` list of
    /// the rows' expressions).
    pub fn json_rows_in_order(self, pairs: &str, order: &str) -> String {
        self.json_array(pairs, &format!(" ORDER BY {order}"))
    }

    /// [`Dialect::json_rows`] with `clause` (empty, or an `ORDER BY`) in the aggregate.
    fn json_array(self, pairs: &str, clause: &str) -> String {
        match self {
            Dialect::Sqlite => format!("json_group_array(json_object({pairs}){clause})"),
            Dialect::Postgres => {
                format!("COALESCE(json_agg(json_build_object({pairs}){clause}), '[]'::json)::text")
            }
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

impl Dialect {
    /// `expr` compared byte by byte, as the prefix searches of the admin's lists need
    /// (see [`prefix_bounds`]): SQLite's default collation already does; PostgreSQL's
    /// locale collations do not, so the expression is put in "C", as its index is
    /// (migration 0009).
    pub fn bytewise(self, expr: &str) -> String {
        match self {
            Dialect::Sqlite => expr.to_string(),
            Dialect::Postgres => format!("({expr} COLLATE \"C\")"),
        }
    }
}

/// The range `[low, high)` of text that begins with `prefix`, compared byte by byte:
/// `col >= low AND col < high` finds it through a plain index on `col`, on both
/// backends. `high` is the prefix followed by the last Unicode scalar, whose UTF-8
/// bytes are above those of any character that can follow.
pub fn prefix_bounds(prefix: &str) -> (String, String) {
    (prefix.to_string(), format!("{prefix}\u{10FFFF}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_in_turn_takes_the_lock_before_its_where_on_postgres_only() {
        let statement = "UPDATE t SET a = $2 WHERE id = $1";
        assert_eq!(Dialect::Sqlite.in_turn(statement, 3), None);
        assert_eq!(
            Dialect::Postgres.in_turn(statement, 3).as_deref(),
            Some(
                "WITH turn AS (SELECT pg_advisory_xact_lock(hashtextextended($3, 0))) \
                 UPDATE t SET a = $2 WHERE id = $1 AND EXISTS (SELECT 1 FROM turn)"
            )
        );
    }

    #[test]
    fn only_large_sqlite_match_sets_walk_the_sort_index() {
        assert_eq!(
            Dialect::Sqlite.sort_index_hint(SortField::CreatedAt, 2_000, 100_000),
            " INDEXED BY products_newest"
        );
        assert_eq!(
            Dialect::Sqlite.sort_index_hint(SortField::Price, 2_000, 100_000),
            " INDEXED BY products_by_price"
        );
        assert_eq!(
            Dialect::Sqlite.sort_index_hint(SortField::Name, 50, 100_000),
            ""
        );
        assert_eq!(
            Dialect::Postgres.sort_index_hint(SortField::Name, 90_000, 100_000),
            ""
        );
    }

    #[test]
    fn keyword_queries_require_every_part_by_one_of_its_alternatives() {
        let words = vec!["brass".to_string(), "val".to_string()];
        let parts = crate::domain::synonyms::plain(&words);
        assert_eq!(
            Dialect::Sqlite.keyword_query(&parts),
            "\"brass\"* AND \"val\"*"
        );
        assert_eq!(Dialect::Postgres.keyword_query(&parts), "brass:* & val:*");
        let w = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let parts = vec![
            vec![w(&["trv"]), w(&["radiator", "valve"])],
            vec![w(&["15mm"])],
        ];
        assert_eq!(
            Dialect::Sqlite.keyword_query(&parts),
            "(\"trv\"* OR (\"radiator\"* AND \"valve\"*)) AND (\"15mm\"* OR (\"15\"* AND \"mm\"*))"
        );
        assert_eq!(
            Dialect::Postgres.keyword_query(&parts),
            "(trv:* | (radiator:* & valve:*)) & (15mm:* | (15:* & mm:*))"
        );
    }
}
