//! Returns' rules (docs/DESIGN.md §12): why a shopper sends goods back, the status
//! machine a return moves along, how many units a line can still be returned, the
//! window, and what a return is estimated to refund. The store holds the limits under
//! concurrency with the order's row lock; these say each rule once. A return as
//! written ([`ReturnRow`]) lives here too, so the store and the letters share it.

use super::id::Id;
use super::tax::half_up;
use super::variant::VariantOptions;
use super::Money;

/// The longest note a shopper may write on a return.
pub const MAX_NOTE_CHARS: usize = 1000;
/// At most this many photos a return.
pub const MAX_PHOTOS: usize = 5;
/// The most returns one order may have, whatever became of them: asking is not free
/// (each mails the shopper and staff).
pub const MAX_RETURNS: i64 = 20;
/// The most units of one line a return may ask for (a line holds at most 999 metres).
pub const MAX_UNITS: i64 = 999;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// Why an item goes back. Serialised as the API spells it, which is also how it is
/// stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    WrongItem,
    WrongSize,
    Damaged,
    Faulty,
    NotNeeded,
    /// Needs the shopper's note.
    Other,
}

impl Reason {
    pub const ALL: [Reason; 6] = [
        Reason::WrongItem,
        Reason::WrongSize,
        Reason::Damaged,
        Reason::Faulty,
        Reason::NotNeeded,
        Reason::Other,
    ];

    pub fn parse(text: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Reason::WrongItem => "wrong_item",
            Reason::WrongSize => "wrong_size",
            Reason::Damaged => "damaged",
            Reason::Faulty => "faulty",
            Reason::NotNeeded => "not_needed",
            Reason::Other => "other",
        }
    }

    /// How the shop words it to people (mails).
    pub fn label(self) -> &'static str {
        match self {
            Reason::WrongItem => "Wrong item sent",
            Reason::WrongSize => "Wrong size",
            Reason::Damaged => "Arrived damaged",
            Reason::Faulty => "Faulty",
            Reason::NotNeeded => "No longer needed",
            Reason::Other => "Other",
        }
    }
}

/// Where a return stands. `requested` → `approved` | `rejected` | `cancelled`;
/// `approved` → `received` | `rejected`; `received` → `refunded`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ReturnStatus)]
pub enum Status {
    Requested,
    Approved,
    Rejected,
    Cancelled,
    Received,
    Refunded,
}

impl Status {
    pub const ALL: [Status; 6] = [
        Status::Requested,
        Status::Approved,
        Status::Rejected,
        Status::Cancelled,
        Status::Received,
        Status::Refunded,
    ];

    pub fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Requested => "requested",
            Status::Approved => "approved",
            Status::Rejected => "rejected",
            Status::Cancelled => "cancelled",
            Status::Received => "received",
            Status::Refunded => "refunded",
        }
    }

    /// The statuses a return may leave for `self`: the move's `WHERE`.
    pub fn comes_from(self) -> &'static [Status] {
        match self {
            Status::Approved | Status::Cancelled => &[Status::Requested],
            Status::Rejected => &[Status::Requested, Status::Approved],
            Status::Received => &[Status::Approved],
            Status::Refunded => &[Status::Received],
            Status::Requested => &[],
        }
    }

    /// Whether the return's units still count against what its order can return:
    /// `cancelled` and `rejected` free them.
    pub fn holds_units(self) -> bool {
        !matches!(self, Status::Cancelled | Status::Rejected)
    }

    /// Whether the shopper may still add photos.
    pub fn takes_photos(self) -> bool {
        matches!(self, Status::Requested | Status::Approved)
    }

    /// The refusal of any move the machine does not allow: 'This return is refunded'.
    pub fn refusal(self) -> String {
        format!("This return is {}", self.as_str())
    }
}

/// The `n`th return's number: `R-000001` (more digits past a million).
pub fn number(n: i64) -> String {
    format!("R-{n:06}")
}

/// How many more units of a line can be returned: what was ordered less what open
/// returns hold, never below 0.
pub fn returnable(ordered: i64, held: i64) -> i64 {
    (ordered - held).max(0)
}

/// The last moment (Unix ms) a return can be asked for an order completed at
/// `completed_at`, with a window of `days` days; `None` when the shop takes no
/// returns (0 days).
pub fn window_closes(completed_at: i64, days: i64) -> Option<i64> {
    (days > 0).then(|| completed_at + days * DAY_MS)
}

/// What a line paid, tax included, after its share of the order's discounts.
pub fn line_paid(line_amount: Money, line_tax: Money, prices_include_tax: bool) -> Money {
    if prices_include_tax {
        line_amount
    } else {
        Money::from_cents(line_amount.cents() + line_tax.cents())
    }
}

/// What `units` of a line that paid `paid` for `ordered` units refund:
/// `round_half_up(paid × units ÷ ordered)`, once per line.
pub fn line_refund(paid: Money, units: i64, ordered: i64) -> Money {
    if ordered <= 0 || units <= 0 {
        return Money::from_cents(0);
    }
    Money::from_cents(half_up(
        i128::from(paid.cents()) * i128::from(units),
        i128::from(ordered),
    ) as i64)
}

/// A return as it stands, with what its answers and letters need of its order.
#[derive(Clone, Debug)]
pub struct ReturnRow {
    pub id: Id,
    /// `R-000001`.
    pub number: String,
    pub order_id: Id,
    pub order_number: String,
    /// The order's customer; `None` for a guest's order.
    pub user_id: Option<Id>,
    /// The order's contact address: where its letters go.
    pub email: String,
    pub status: Status,
    pub note: String,
    /// Staff's reason for a rejection.
    pub reject_reason: Option<String>,
    /// The refund refunding it, held or done.
    pub refund_id: Option<Id>,
    pub refunded: Option<Money>,
    pub lines: Vec<ReturnLine>,
    /// Private media paths, first first.
    pub photos: Vec<String>,
    /// Oldest first.
    pub events: Vec<ReturnEvent>,
    /// What it refunds without delivery: each line's units (received once received)
    /// at what the line paid.
    pub estimate: Money,
    /// What refunding delivery too adds: the order's delivery fee.
    pub delivery_fee: Money,
    pub created_at: i64,
}

/// A line of a return: units of one line of its order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReturnLine {
    pub variant_id: String,
    pub product_id: String,
    pub sku: Option<String>,
    pub name: String,
    pub options: VariantOptions,
    pub quantity: i64,
    pub reason: Reason,
    /// Once received: how many came back, and how many of those went back on sale.
    pub received: Option<i64>,
    pub restocked: Option<i64>,
}

/// A step of a return's timeline: the status it came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReturnEvent {
    pub kind: Status,
    pub at: i64,
    pub note: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn m(cents: i64) -> Money {
        Money::from_cents(cents)
    }

    #[test]
    fn reasons_and_statuses_read_back_as_written() {
        for reason in Reason::ALL {
            assert_eq!(Reason::parse(reason.as_str()), Some(reason));
            let json = serde_json::to_value(reason).unwrap();
            assert_eq!(json, reason.as_str());
        }
        for status in Status::ALL {
            assert_eq!(Status::parse(status.as_str()), Some(status));
            let json = serde_json::to_value(status).unwrap();
            assert_eq!(json, status.as_str());
        }
        assert_eq!(Reason::parse("broken"), None);
    }

    #[test]
    fn the_machine_allows_only_its_moves() {
        use Status::*;
        let allowed = |from: Status, to: Status| to.comes_from().contains(&from);
        assert!(allowed(Requested, Approved));
        assert!(allowed(Requested, Rejected));
        assert!(allowed(Requested, Cancelled));
        assert!(allowed(Approved, Received));
        assert!(allowed(Approved, Rejected));
        assert!(allowed(Received, Refunded));
        assert!(!allowed(Approved, Cancelled));
        assert!(!allowed(Requested, Received));
        assert!(!allowed(Received, Rejected));
        assert!(!allowed(Refunded, Refunded));
        assert_eq!(Refunded.refusal(), "This return is refunded");
        assert!(!Cancelled.holds_units() && !Rejected.holds_units());
        assert!(Requested.holds_units() && Refunded.holds_units());
    }

    #[test]
    fn a_line_refunds_its_share_rounded_half_up_once() {
        // 3 units paid ₹100.00: one is ₹33.33, two ₹66.67.
        assert_eq!(line_refund(m(10_000), 1, 3), m(3_333));
        assert_eq!(line_refund(m(10_000), 2, 3), m(6_667));
        assert_eq!(line_refund(m(10_000), 3, 3), m(10_000));
        assert_eq!(line_refund(m(5), 1, 2), m(3));
        assert_eq!(line_refund(m(10_000), 0, 3), m(0));
        assert_eq!(line_paid(m(1_000), m(180), false), m(1_180));
        assert_eq!(line_paid(m(1_180), m(180), true), m(1_180));
    }

    #[test]
    fn the_window_counts_days_from_completion() {
        assert_eq!(window_closes(1_000, 0), None);
        assert_eq!(window_closes(1_000, 1), Some(1_000 + DAY_MS));
        assert_eq!(returnable(3, 1), 2);
        assert_eq!(returnable(3, 5), 0);
        assert_eq!(number(1), "R-000001");
        assert_eq!(number(1_234_567), "R-1234567");
    }
}
