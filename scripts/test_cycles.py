#!/usr/bin/env python3
"""scripts/cycles.py on small planted crates: each must fail or pass as it says
(make lint runs this before the check itself)."""

import contextlib
import io
import os
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cycles  # noqa: E402


class PlantedCrates(unittest.TestCase):
    def run_on(self, files):
        """cycles.py's exit code and output on a crate of these files."""
        with tempfile.TemporaryDirectory() as src:
            for path, text in files.items():
                full = os.path.join(src, path)
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "w", encoding="utf-8") as f:
                    f.write(textwrap.dedent(text))
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                code = cycles.main(["cycles.py", src])
            return code, out.getvalue()

    def assert_fails_with(self, files, *lines):
        code, out = self.run_on(files)
        self.assertEqual(code, 1, out)
        for line in lines:
            self.assertIn(line, out.splitlines())

    def assert_passes(self, files):
        code, out = self.run_on(files)
        self.assertEqual(code, 0, out)

    def test_two_siblings_importing_each_other_fail(self):
        self.assert_fails_with(
            {
                "lib.rs": "pub mod http;",
                "http/mod.rs": "pub mod orders;\npub mod payments;",
                "http/orders.rs": "use super::payments::card_problem;\npub struct Order;",
                "http/payments.rs": "use crate::http::orders::Order;\npub fn card_problem() {}",
            },
            "http/orders.rs -> http/payments.rs -> http/orders.rs",
            "    http/orders.rs:1 use super::payments::card_problem",
        )

    def test_a_path_in_code_counts_as_an_import(self):
        self.assert_fails_with(
            {
                "lib.rs": "mod a;\nmod b;",
                "a.rs": "pub fn f() { crate::b::g() }",
                "b.rs": "pub fn g() { let _ = super::a::f; }",
            },
            "a.rs -> b.rs -> a.rs",
        )

    def test_a_longer_cycle_is_printed_whole(self):
        self.assert_fails_with(
            {
                "lib.rs": "mod a;\nmod b;\nmod c;",
                "a.rs": "use crate::b::B;",
                "b.rs": "use crate::{c::{self, C}};\npub struct B;",
                "c.rs": "use crate::a as first;\npub struct C;",
            },
            "a.rs -> b.rs -> c.rs -> a.rs",
        )

    def test_a_parent_naming_its_children_is_containment(self):
        self.assert_passes(
            {
                "lib.rs": "pub mod http;\npub type BoxError = ();",
                "http/mod.rs": """\
                    pub mod catalogue;
                    pub use catalogue::Product;
                    pub fn router() { catalogue::router(); self::catalogue::admin::router(); }
                    pub fn ok() {}
                    """,
                "http/catalogue/mod.rs": "pub mod admin;\npub struct Product;\npub fn router() { admin::router() }",
                "http/catalogue/admin.rs": "use super::super::ok;\nuse super::Product;\nuse crate::BoxError;\npub fn router() {}",
            }
        )

    def test_a_sibling_reached_through_its_parents_reexport_is_that_sibling(self):
        self.assert_fails_with(
            {
                "lib.rs": "pub mod store;",
                "store/mod.rs": "pub mod catalogue;",
                "store/catalogue/mod.rs": """\
                    mod browse;
                    mod listing;
                    mod search;
                    pub use listing::{ProductFilter, Sort as ProductSort};
                    pub use search::*;
                    """,
                "store/catalogue/listing.rs": "use super::browse::Browse;\npub struct ProductFilter;\npub struct Sort;",
                "store/catalogue/browse.rs": "use super::{ProductSort};\npub struct Browse;",
                "store/catalogue/search.rs": "use super::ProductFilter;",
            },
            "store/catalogue/browse.rs -> store/catalogue/listing.rs -> store/catalogue/browse.rs",
        )

    def test_tests_comments_and_strings_make_no_edges(self):
        self.assert_passes(
            {
                "lib.rs": "mod a;\nmod b;",
                "a.rs": """\
                    use crate::b::B;
                    pub struct A;
                    #[cfg(test)]
                    mod tests {
                        use super::*;
                        use super::super::a::A as Same;
                    }
                    """,
                "b.rs": """\
                    // use crate::a::A;
                    /* crate::a::A /* nested */ crate::a::A */
                    pub struct B;
                    const S: &str = "crate::a::A";
                    const R: &str = r#"use crate::a::A;"#;
                    const C: char = '"';
                    fn f<'a>(x: &'a str) -> &'a str { x }
                    """,
            }
        )

    def test_areas_importing_each_other_fail_even_without_a_file_cycle(self):
        self.assert_fails_with(
            {
                "lib.rs": "pub mod mail;\npub mod store;",
                "mail/mod.rs": "pub mod outbox;\npub mod templates;",
                "mail/outbox.rs": "use crate::store::outbox::Outbox;",
                "mail/templates.rs": "pub struct Letter;",
                "store/mod.rs": "pub mod orders;\npub mod outbox;",
                "store/orders.rs": "use crate::mail::templates::Letter;",
                "store/outbox.rs": "pub struct Outbox;",
            },
            "mail -> store -> mail",
        )

    def test_lower_floors_only_pass(self):
        self.assert_passes(
            {
                "lib.rs": "pub mod domain;\npub mod http;\npub mod store;",
                "main.rs": "use shop::http::router;\nfn main() { router() }",
                "domain/mod.rs": "pub struct Money;",
                "store/mod.rs": "use crate::domain::Money;",
                "http/mod.rs": "use crate::{domain::Money, store};\npub fn router() {}",
            }
        )


if __name__ == "__main__":
    unittest.main()
