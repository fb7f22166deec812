//! The rules of an order (docs/DESIGN.md §6): how its totals are worked out, which status
//! may follow which, and which events the shopper sees. The quote, the order and the
//! mails all take them from here; the contact details' rules are in `contact`.

use super::cart::{MAX_ITEMS, MAX_QUANTITY};
use super::Money;

/// The spec's fixed discount on the subtotal: 20 %, in basis points.
pub const ORDER_DISCOUNT_BP: i64 = 2_000;
/// The spec's delivery fee: what the default delivery method a fresh shop has charges
/// (docs/DESIGN.md §10); pickup is free.
pub const DELIVERY_FEE: Money = Money::from_cents(10_000);
/// How long the link in an order's mails opens the order: 90 days.
pub const ORDER_LINK_LIFETIME_MS: i64 = 90 * 24 * 60 * 60 * 1000;
/// The first order number a shop hands out; numbers only grow from there.
pub const FIRST_ORDER_NUMBER: i64 = 100_001;

pub const CART_EMPTY: &str = "Your cart is empty";
pub const OUT_OF_STOCK: &str = "This product is out of stock";
pub const NO_LONGER_AVAILABLE: &str = "This product is no longer available";

/// What a line short of stock says, given the units left.
pub fn shortage(available: i64) -> String {
    if available <= 0 {
        OUT_OF_STOCK.to_string()
    } else {
        format!("Only {available} left in stock")
    }
}

/// How the shopper gets the goods.
// Serialised as the API spells it, which is also how it is stored (`as_str`; a test
// pins the two together).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = OrderFulfilment)]
pub enum Fulfilment {
    Pickup,
    Delivery,
}

impl Fulfilment {
    pub fn parse(text: &str) -> Option<Fulfilment> {
        match text {
            "pickup" => Some(Fulfilment::Pickup),
            "delivery" => Some(Fulfilment::Delivery),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Fulfilment::Pickup => "pickup",
            Fulfilment::Delivery => "delivery",
        }
    }
}

/// Where an order stands. `placed` → `ready_for_pickup` (pickup) or `shipped`
/// (delivery) → `completed`; `cancelled` from `placed` or `ready_for_pickup`.
// Serialised as the API spells it, which is also how it is stored (`as_str`; a test
// pins the two together).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = OrderStatus)]
pub enum Status {
    Placed,
    ReadyForPickup,
    Shipped,
    Completed,
    Cancelled,
}

impl Status {
    pub const ALL: [Status; 5] = [
        Status::Placed,
        Status::ReadyForPickup,
        Status::Shipped,
        Status::Completed,
        Status::Cancelled,
    ];

    pub fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Placed => "placed",
            Status::ReadyForPickup => "ready_for_pickup",
            Status::Shipped => "shipped",
            Status::Completed => "completed",
            Status::Cancelled => "cancelled",
        }
    }

    /// Whether an order of `fulfilment` standing at `self` may move to `next`.
    pub fn may_become(self, next: Status, fulfilment: Fulfilment) -> bool {
        use Status::*;
        let pickup = fulfilment == Fulfilment::Pickup;
        match (self, next) {
            (Placed, ReadyForPickup) | (ReadyForPickup, Completed | Cancelled) => pickup,
            (Placed, Shipped) | (Shipped, Completed) => !pickup,
            (Placed, Cancelled) => true,
            _ => false,
        }
    }

    /// Whether the order may still be cancelled: nothing has left the shop.
    pub fn cancellable(self) -> bool {
        matches!(self, Status::Placed | Status::ReadyForPickup)
    }

    /// The event recorded when an order reaches this status.
    pub fn event(self) -> EventType {
        match self {
            Status::Placed => EventType::Placed,
            Status::ReadyForPickup => EventType::ReadyForPickup,
            Status::Shipped => EventType::Shipped,
            Status::Completed => EventType::Completed,
            Status::Cancelled => EventType::Cancelled,
        }
    }
}

/// Whether and how an order is paid (docs/DESIGN.md §6). Cash orders are `unpaid` until
/// the shop records the cash.
// Serialised as the API spells it, which is also how it is stored (`as_str`; a test
// pins the two together).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = OrderPaymentStatus)]
pub enum PaymentStatus {
    Unpaid,
    Pending,
    Paid,
    /// Some of what was paid went back (docs/DESIGN.md §12), not all.
    PartiallyRefunded,
    Refunded,
    Failed,
}

impl PaymentStatus {
    pub const ALL: [PaymentStatus; 6] = [
        PaymentStatus::Unpaid,
        PaymentStatus::Pending,
        PaymentStatus::Paid,
        PaymentStatus::PartiallyRefunded,
        PaymentStatus::Refunded,
        PaymentStatus::Failed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Unpaid => "unpaid",
            PaymentStatus::Pending => "pending",
            PaymentStatus::Paid => "paid",
            PaymentStatus::PartiallyRefunded => "partially_refunded",
            PaymentStatus::Refunded => "refunded",
            PaymentStatus::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<PaymentStatus> {
        PaymentStatus::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// What happened to an order. The shopper's timeline shows the public ones.
// Serialised as the API spells it, which is also how it is stored (`as_str`; a test
// pins the two together).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = OrderEventType)]
pub enum EventType {
    Placed,
    Paid,
    ReadyForPickup,
    Shipped,
    Completed,
    Cancelled,
    Refunded,
    /// The card was refused after the order was placed (a failed 3-D Secure check):
    /// the order is cancelled with it.
    PaymentFailed,
    /// The cancelled order's units went back on the shelf: bookkeeping, not news.
    Restocked,
    /// An administrator's internal note (in `note`): for the shop's eyes only.
    Note,
}

impl EventType {
    pub const ALL: [EventType; 10] = [
        EventType::Placed,
        EventType::Paid,
        EventType::ReadyForPickup,
        EventType::Shipped,
        EventType::Completed,
        EventType::Cancelled,
        EventType::Refunded,
        EventType::PaymentFailed,
        EventType::Restocked,
        EventType::Note,
    ];

    pub fn parse(text: &str) -> Option<EventType> {
        EventType::ALL.into_iter().find(|e| e.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            EventType::Placed => "placed",
            EventType::Paid => "paid",
            EventType::ReadyForPickup => "ready_for_pickup",
            EventType::Shipped => "shipped",
            EventType::Completed => "completed",
            EventType::Cancelled => "cancelled",
            EventType::Refunded => "refunded",
            EventType::PaymentFailed => "payment_failed",
            EventType::Restocked => "restocked",
            EventType::Note => "note",
        }
    }

    /// Whether the shopper's timeline shows it.
    pub fn is_public(self) -> bool {
        !matches!(self, EventType::Restocked | EventType::Note)
    }
}

/// An order's figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Totals {
    pub subtotal: Money,
    pub discount: Money,
    /// What a promo code took off, after the shop's discount (0 without one).
    pub promo_discount: Money,
    pub delivery_fee: Money,
    pub total: Money,
}

impl Totals {
    /// The goods after the shop's discount: what a promo code applies to.
    pub fn goods(&self) -> Money {
        Money::from_cents((self.subtotal.cents() - self.discount.cents()).max(0))
    }

    /// The goods after every discount: what a delivery method's free-over threshold
    /// compares.
    pub fn discounted_goods(&self) -> Money {
        Money::from_cents(self.goods().cents() - self.promo_discount.cents())
    }

    /// These figures with `off` taken off by a promo code, never below the fee.
    pub fn with_promo(self, off: Money) -> Totals {
        let off = off.cents().clamp(0, self.goods().cents());
        Totals {
            promo_discount: Money::from_cents(off),
            total: Money::from_cents(self.goods().cents() - off + self.delivery_fee.cents()),
            ..self
        }
    }

    /// These figures with `fee` charged for delivery.
    pub fn with_delivery_fee(self, fee: Money) -> Totals {
        Totals {
            delivery_fee: fee,
            total: Money::from_cents(self.discounted_goods().cents() + fee.cents()),
            ..self
        }
    }
}

/// Subtotal of the prices paid × quantities; the 20 % discount on it, rounded half up
/// to the cent; total = subtotal − discount, never below 0 (docs/DESIGN.md §6). The
/// delivery fee ([`Totals::with_delivery_fee`]) follows once the method is known, as it
/// may depend on the goods after a promo code's discount.
pub fn totals(lines: &[(Money, i64)]) -> Totals {
    totals_with(lines, true)
}

/// [`totals`], with the shop's cart discount only when `cart_discount` (a trade group
/// may go without it: docs/DESIGN.md §11).
pub fn totals_with(lines: &[(Money, i64)], cart_discount: bool) -> Totals {
    let subtotal: i64 = lines.iter().map(|(price, q)| price.cents() * q).sum();
    let discount = if cart_discount {
        percent_of(subtotal, ORDER_DISCOUNT_BP).min(subtotal)
    } else {
        0
    };
    Totals {
        subtotal: Money::from_cents(subtotal),
        discount: Money::from_cents(discount),
        promo_discount: Money::from_cents(0),
        delivery_fee: Money::from_cents(0),
        total: Money::from_cents((subtotal - discount).max(0)),
    }
}

/// `basis_points` of `cents`, rounded half up to the cent.
fn percent_of(cents: i64, basis_points: i64) -> i64 {
    (cents * basis_points + 5_000) / 10_000
}

/// The public number of the `seq`th order.
pub fn order_number(seq: i64) -> String {
    seq.to_string()
}

/// Why a list of lines sent by a guest cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinesError {
    Empty,
    TooMany,
    BadQuantity,
}

impl LinesError {
    pub fn message(&self) -> String {
        match self {
            LinesError::Empty => CART_EMPTY.to_string(),
            LinesError::TooMany => format!("Maximum {MAX_ITEMS} items allowed in cart"),
            LinesError::BadQuantity => format!("Quantity must be between 1 and {MAX_QUANTITY}"),
        }
    }
}

/// A guest's lines as one quantity per line key (a product's variant as named), in the
/// order first named. A key named twice adds up, within the cart's 99 per line.
pub fn collect_lines<K: PartialEq + Clone>(
    lines: &[(K, i64)],
) -> Result<Vec<(K, i64)>, LinesError> {
    if lines.is_empty() {
        return Err(LinesError::Empty);
    }
    if lines.len() > MAX_ITEMS {
        return Err(LinesError::TooMany);
    }
    let mut merged: Vec<(K, i64)> = Vec::with_capacity(lines.len());
    for (id, quantity) in lines {
        if !(1..=MAX_QUANTITY).contains(quantity) {
            return Err(LinesError::BadQuantity);
        }
        match merged.iter_mut().find(|(seen, _)| seen == id) {
            Some((_, held)) => *held += quantity,
            None => merged.push((id.clone(), *quantity)),
        }
    }
    if merged.iter().any(|(_, q)| *q > MAX_QUANTITY) {
        return Err(LinesError::BadQuantity);
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::id::Id;

    fn m(cents: i64) -> Money {
        Money::from_cents(cents)
    }

    #[test]
    fn totals_follow_the_one_rule() {
        // (lines of (unit price, quantity), delivery fee) → [subtotal, discount, fee, total].
        type Row<'a> = (&'a [(i64, i64)], i64, [i64; 4]);
        let table: &[Row] = &[
            (&[(10_000, 1)], 0, [10_000, 2_000, 0, 8_000]),
            (&[(10_000, 1)], 10_000, [10_000, 2_000, 10_000, 18_000]),
            (&[(3_000, 2), (5_400, 1)], 0, [11_400, 2_280, 0, 9_120]),
            // 20 % of 0.03 is 0.006: half a cent and more rounds up.
            (&[(3, 1)], 0, [3, 1, 0, 2]),
            // 20 % of 0.02 is 0.004: rounds down.
            (&[(2, 1)], 0, [2, 0, 0, 2]),
            // Five items at 0.01: 20 % is exactly one cent.
            (&[(1, 5)], 10_000, [5, 1, 10_000, 10_004]),
            (&[(1_550, 99)], 10_000, [153_450, 30_690, 10_000, 132_760]),
            (&[], 10_000, [0, 0, 10_000, 10_000]),
        ];
        for (lines, fee, [subtotal, discount, fee_charged, total]) in table {
            let lines: Vec<_> = lines.iter().map(|(p, q)| (m(*p), *q)).collect();
            let t = totals(&lines).with_delivery_fee(m(*fee));
            assert_eq!(
                [t.subtotal, t.discount, t.delivery_fee, t.total].map(Money::cents),
                [*subtotal, *discount, *fee_charged, *total],
                "{lines:?} {fee}"
            );
            assert!(t.total >= t.delivery_fee);
        }
    }

    #[test]
    fn the_status_machine_allows_only_its_transitions() {
        use Fulfilment::*;
        use Status::*;
        let allowed = [
            (Placed, ReadyForPickup, Pickup),
            (Placed, Shipped, Delivery),
            (ReadyForPickup, Completed, Pickup),
            (Shipped, Completed, Delivery),
            (Placed, Cancelled, Pickup),
            (Placed, Cancelled, Delivery),
            (ReadyForPickup, Cancelled, Pickup),
        ];
        for from in Status::ALL {
            for to in Status::ALL {
                for f in [Pickup, Delivery] {
                    assert_eq!(
                        from.may_become(to, f),
                        allowed.contains(&(from, to, f)),
                        "{from:?} → {to:?} ({f:?})"
                    );
                }
            }
        }
        assert!(Placed.cancellable() && ReadyForPickup.cancellable());
        assert!(!Shipped.cancellable() && !Completed.cancellable() && !Cancelled.cancellable());
    }

    #[test]
    fn statuses_and_events_keep_their_stored_names() {
        for s in Status::ALL {
            assert_eq!(Status::parse(s.as_str()), Some(s));
        }
        assert_eq!(Status::ReadyForPickup.as_str(), "ready_for_pickup");
        assert_eq!(Status::Shipped.event(), EventType::Shipped);
        assert!(EventType::Placed.is_public() && EventType::Cancelled.is_public());
        assert!(!EventType::Restocked.is_public());
        assert_eq!(PaymentStatus::parse("unpaid"), Some(PaymentStatus::Unpaid));
        assert_eq!(Fulfilment::parse("Pickup"), None);
    }

    #[test]
    fn the_api_spells_each_value_as_it_is_stored() {
        let name = |v: serde_json::Value| v.as_str().unwrap().to_string();
        for s in Status::ALL {
            assert_eq!(name(serde_json::json!(s)), s.as_str());
        }
        for s in PaymentStatus::ALL {
            assert_eq!(name(serde_json::json!(s)), s.as_str());
        }
        for f in [Fulfilment::Pickup, Fulfilment::Delivery] {
            assert_eq!(name(serde_json::json!(f)), f.as_str());
        }
        for e in EventType::ALL {
            assert_eq!(name(serde_json::json!(e)), e.as_str());
        }
    }

    #[test]
    fn shortages_name_what_is_left() {
        assert_eq!(shortage(0), "This product is out of stock");
        assert_eq!(shortage(-2), "This product is out of stock");
        assert_eq!(shortage(3), "Only 3 left in stock");
    }

    #[test]
    fn guest_lines_add_up_per_product_within_the_limits() {
        let a = Id::generate();
        let b = Id::generate();
        assert_eq!(
            collect_lines(&[(a.clone(), 2), (b.clone(), 1), (a.clone(), 3)]),
            Ok(vec![(a.clone(), 5), (b.clone(), 1)])
        );
        assert_eq!(collect_lines::<Id>(&[]), Err(LinesError::Empty));
        assert_eq!(
            collect_lines(&[(a.clone(), 0)]),
            Err(LinesError::BadQuantity)
        );
        assert_eq!(
            collect_lines(&[(a.clone(), 60), (a.clone(), 40)]),
            Err(LinesError::BadQuantity)
        );
        let many: Vec<_> = (0..=MAX_ITEMS).map(|_| (Id::generate(), 1)).collect();
        assert_eq!(collect_lines(&many), Err(LinesError::TooMany));
    }
}
