//! The letters of trade accounts (docs/DESIGN.md §11): the applicant hears that the
//! application arrived and what staff decided; staff hear that one waits.

use super::templates::notice;
use super::Letter;

/// To the applicant, as the application is sent.
pub fn application_received(company: &str) -> Letter {
    notice(
        "We have your trade account application".to_string(),
        &[
            &format!("Thank you for applying for a trade account for {company}."),
            "We will review it and e-mail you our decision. You can follow it on the 'Trade account' page of your account.",
        ],
        "trade application received",
    )
}

/// To each administrator: an application waits in the console at `link`.
pub fn application_waiting(company: &str, applicant: &str, link: &str) -> Letter {
    notice(
        format!("New trade account application: {company}"),
        &[
            &format!("{applicant} applied for a trade account for {company}."),
            &format!("Review it in the console: {link}"),
        ],
        "trade application waiting",
    )
}

/// To the applicant: approved, into `group`, with `credit` (the limit in the shop's
/// money) and `terms_days` to pay.
pub fn application_approved(company: &str, group: &str, credit: &str, terms_days: i64) -> Letter {
    let terms = if terms_days == 0 {
        "Account orders are due on the day they are placed.".to_string()
    } else {
        format!("Account orders are due {terms_days} days after they are placed.")
    };
    notice(
        "Your trade account is approved".to_string(),
        &[
            &format!("Good news: the trade account for {company} is approved."),
            &format!("Your prices are now those of the {group} group, wherever you are signed in. Your credit limit is {credit}."),
            &terms,
        ],
        "trade application approved",
    )
}

/// To the applicant: rejected, for `reason`.
pub fn application_rejected(company: &str, reason: &str) -> Letter {
    notice(
        "Your trade account application".to_string(),
        &[
            &format!("We could not approve the trade account for {company}."),
            &format!("The reason: {reason}"),
            "You are welcome to apply again from the 'Trade account' page of your account.",
        ],
        "trade application rejected",
    )
}

/// To a trade customer: order `number` on account (`total`, their `po_number`) was due
/// on `due_date` and is unpaid; `link` opens it.
pub fn overdue_reminder(
    number: &str,
    total: &str,
    po_number: &str,
    due_date: &str,
    link: &str,
) -> Letter {
    notice(
        format!("Payment overdue: order {number}"),
        &[
            &format!("Order {number} (your purchase order {po_number}) for {total} was due on {due_date} and we have not received payment yet."),
            "Please pay it at your earliest convenience. If you have paid in the last few days, thank you, and please ignore this reminder.",
            &format!("The order: {link}"),
        ],
        "overdue reminder",
    )
}
