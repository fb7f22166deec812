//! The letters of the staff and integrations (docs/DESIGN.md §13): an invitation to
//! join the staff, and owners told that a webhook endpoint was switched off.

use super::templates::link_letter;
use super::Letter;

/// To an invited address: the single-use link that sets their password, valid `days`.
pub fn invitation(role: &str, link: &str, days: i64) -> Letter {
    link_letter(
        "You are invited to run the shop".to_string(),
        &format!(
            "You have been invited to the shop's console as {role}. To accept, choose your password at this link:"
        ),
        "Accept the invitation",
        link,
        &format!(
            "The link works once and expires in {days} days. If you did not expect it, ignore this e-mail."
        ),
    )
}

/// To each owner: the endpoint at `url` failed every try of an event for a day and is
/// now switched off; `link` opens it in the console.
pub fn webhook_disabled(url: &str, link: &str) -> Letter {
    link_letter(
        "A webhook endpoint was switched off".to_string(),
        &format!(
            "Every try to send an event to {url} failed for a day, so the shop stopped sending to it. Events from now on are not kept for it."
        ),
        "Open it in the console",
        link,
        "Fix the receiving system, then switch the endpoint on again; its delivery log shows what failed, and each delivery can be sent again.",
    )
}
