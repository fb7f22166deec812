//! The letters of returns (docs/DESIGN.md §12): the shopper hears at each step (asked,
//! approved, rejected with staff's reason, received, refunded) with a link to the
//! return's page; staff hear that a return waits, with a link to the console.

use super::templates::link_letter;
use super::Letter;
use crate::domain::returns::ReturnRow;

const VIEW: &str = "View your return";

fn items(row: &ReturnRow) -> String {
    row.lines
        .iter()
        .map(|l| format!("{} × {} ({})", l.quantity, l.name, l.reason.label()))
        .collect::<Vec<_>>()
        .join("; ")
}

/// To the shopper: the return is asked for; `estimate` is what it would refund, in
/// the shop's money.
pub fn requested(row: &ReturnRow, estimate: &str, link: &str) -> Letter {
    link_letter(
        format!("We have your return {} for order {}", row.number, row.order_number),
        &format!(
            "You asked to return {}. We will look at it and e-mail you. If it is approved and comes back as described, we will refund about {estimate}.",
            items(row)
        ),
        VIEW,
        link,
        "You can cancel the return on its page until we approve it.",
    )
}

/// To each administrator: a return waits in the console at `link`.
pub fn waiting(row: &ReturnRow, link: &str) -> Letter {
    link_letter(
        format!("New return {} for order {}", row.number, row.order_number),
        &format!("{} asked to return {}.", row.email, items(row)),
        "Open it in the console",
        link,
        "Approve or reject it there.",
    )
}

/// To the shopper: approved; the goods can be sent back.
pub fn approved(row: &ReturnRow, link: &str) -> Letter {
    link_letter(
        format!("Your return {} is approved", row.number),
        &format!(
            "We approved your return of {}. Please send the items back to us; we will refund you once they arrive.",
            items(row)
        ),
        VIEW,
        link,
        "Keep proof of postage until the refund reaches you.",
    )
}

/// To the shopper: rejected, with staff's reason.
pub fn rejected(row: &ReturnRow, link: &str) -> Letter {
    let reason = row.reject_reason.as_deref().unwrap_or_default();
    link_letter(
        format!("Your return {} was not accepted", row.number),
        &format!(
            "We could not accept your return of {}. Reason: {reason}",
            items(row)
        ),
        VIEW,
        link,
        "Reply to this e-mail if you have a question.",
    )
}

/// To the shopper: the goods arrived; `estimate` is what the return will refund.
pub fn received(row: &ReturnRow, estimate: &str, link: &str) -> Letter {
    link_letter(
        format!("We received your return {}", row.number),
        &format!("Your returned items have arrived. We will refund {estimate} shortly."),
        VIEW,
        link,
        "You will get another e-mail when the refund is made.",
    )
}

/// To the shopper: the received return is closed with nothing to refund (none of its
/// items came back).
pub fn closed(row: &ReturnRow, link: &str) -> Letter {
    link_letter(
        format!("Your return {} is closed", row.number),
        "None of the items of this return reached us, so nothing is refunded for it.",
        VIEW,
        link,
        "Reply to this e-mail if you sent them back.",
    )
}

/// To the shopper: `amount` (in the shop's money) refunded for the return; `card`
/// names the card it went back to, if any.
pub fn refunded(
    number: &str,
    order_number: &str,
    amount: &str,
    card: Option<&str>,
    link: &str,
) -> Letter {
    let lead = match card {
        Some(card) => format!(
            "We have refunded {amount} for your return {number} (order {order_number}) to your card{card}. Your bank may take a few days to show it."
        ),
        None => format!("We have refunded {amount} for your return {number} (order {order_number})."),
    };
    link_letter(
        format!("Your return {number} is refunded"),
        &lead,
        VIEW,
        link,
        "A credit note for the refund is on your order's page.",
    )
}
