//! What a request changed that the public catalogue's answers show, as the store
//! reports it where it writes: how a node knows which of its kept answers
//! (`http/response_cache.rs`) to forget, without a list of routes to keep up.
//!
//! - [`changed`]: anything a kept answer may show. Every catalogue version reports it
//!   (`catalogue/version.rs`: products, variants, categories, banners, photos, synonyms,
//!   hidden reviews, ended discounts); so do a member of staff's stock count (the stock
//!   history, `stock.rs`), everyone's price breaks and a new review, which the search
//!   index and totals do not hold and so have no version.
//! - [`stock_moved`]: the stock an order, a cancellation or a return moved, of these
//!   products (the stock history). Their own pages are forgotten; listings show it
//!   within a second, as kept answers are at most that old, so orders never empty a
//!   node's kept answers.
//! - [`caught_up`]: this node's catalogue has caught up with the changes reported so
//!   far (a catalogue write does, as it commits), so the request's end does not again.
//!
//! A write that reports nothing (a cart, a wishlist, a sign-in, a profile, a saved card)
//! forgets nothing. A report is held by the task serving the request
//! ([`noting`]); outside a request (a job, `shop seed`) there is no one to tell, and
//! other nodes learn of it as they would (the catalogue's version each second, kept
//! answers at most a second old).

use std::cell::RefCell;
use std::future::Future;

/// The most products a request names one by one; past it, it counts as [`changed`].
const MOST_PRODUCTS: usize = 100;

/// What a request reported.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// Anything a kept answer shows may have changed.
    pub changed: bool,
    /// The products whose stock moved (an order's, a cancellation's, a return's).
    pub stock_of: Vec<String>,
    /// The node's catalogue caught up after the last change reported: the request's
    /// end need not catch up again.
    pub caught_up: bool,
}

tokio::task_local! {
    static REPORTED: RefCell<Shown>;
}

/// Runs `request` and resolves to its answer and what it reported (in transactions that
/// committed or not: a report is never missed, at worst one too many).
pub async fn noting<F: Future>(request: F) -> (F::Output, Shown) {
    REPORTED
        .scope(RefCell::new(Shown::default()), async {
            let answer = request.await;
            (answer, REPORTED.with(|shown| shown.take()))
        })
        .await
}

/// Reports that the request on this task changed what the public catalogue shows.
pub(crate) fn changed() {
    let _ = REPORTED.try_with(|shown| {
        let mut shown = shown.borrow_mut();
        shown.changed = true;
        shown.caught_up = false;
    });
}

/// Reports that this node's catalogue has caught up with every change reported so far
/// on this task (`Catalogue::after_write`).
pub(crate) fn caught_up() {
    let _ = REPORTED.try_with(|shown| shown.borrow_mut().caught_up = true);
}

/// Reports that an order, a cancellation or a return on this task moved `products`'
/// stock.
pub(crate) fn stock_moved<'a>(products: impl IntoIterator<Item = &'a str>) {
    let _ = REPORTED.try_with(|shown| {
        let mut shown = shown.borrow_mut();
        for product in products {
            if shown.stock_of.len() >= MOST_PRODUCTS {
                shown.changed = true;
                shown.caught_up = false;
                return;
            }
            if !shown.stock_of.iter().any(|known| known == product) {
                shown.stock_of.push(product.to_string());
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_request_is_told_only_what_it_reported() {
        assert_eq!(noting(async { 7 }).await, (7, Shown::default()));
        let ((), shown) = noting(async { changed() }).await;
        assert!(shown.changed);
        let ((), shown) = noting(async { stock_moved(["a", "b", "a"]) }).await;
        assert_eq!(
            shown,
            Shown {
                changed: false,
                stock_of: vec!["a".into(), "b".into()],
                caught_up: false,
            }
        );
        // Caught up after the change: the request's end need not; a change after is not.
        let ((), shown) = noting(async {
            changed();
            caught_up();
        })
        .await;
        assert!(shown.changed && shown.caught_up);
        let ((), shown) = noting(async {
            changed();
            caught_up();
            changed();
        })
        .await;
        assert!(shown.changed && !shown.caught_up);
        let many: Vec<String> = (0..=MOST_PRODUCTS).map(|n| n.to_string()).collect();
        let ((), shown) = noting(async { stock_moved(many.iter().map(String::as_str)) }).await;
        assert!(shown.changed, "past the most named, everything");
        // Outside a request there is no one to tell, and nothing fails.
        changed();
        // Two requests served at once on one task are told apart.
        let reporting = noting(async {
            tokio::task::yield_now().await;
            changed();
        });
        let quiet = noting(async {
            tokio::task::yield_now().await;
        });
        let (((), reported), ((), other)) = tokio::join!(reporting, quiet);
        assert!(reported.changed);
        assert_eq!(other, Shown::default());
    }
}
