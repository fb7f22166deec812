//! Returns as the shop runs them (docs/DESIGN.md §12): who may see and act on one (the
//! order's owner, whoever holds its mailed link, staff), asking within the window,
//! the moves with their letters, and refunding one: a refund of its order (refunds.rs)
//! naming the return, never more than it is estimated at (with delivery when staff
//! include it) nor than is left of what was paid.

use std::collections::BTreeMap;

use super::refunds::Refused;
use super::{OrderError, OrderService};
use crate::domain::currency::{self, Reading};
use crate::domain::id::Id;
use crate::domain::order_row::OrderRow;
use crate::domain::returns::Status;
use crate::domain::shop::ShopSettings;
use crate::domain::Money;
use crate::mail::returns as letters;
use crate::store::activity::Actor;
use crate::store::orders::{Amount, ForReturn};
use crate::store::orders::{
    AskRefusal, PhotoAdded, Received, ReturnAsk, ReturnMoveRefusal, ReturnRow, Returnable,
};

/// Who looks at a return.
#[derive(Clone, Copy, Debug)]
pub enum Viewer<'a> {
    /// A shopper: signed in as `user`, and/or holding the order's mailed link `token`.
    Shopper {
        user: Option<&'a Id>,
        token: Option<&'a str>,
    },
    Staff,
}

/// Why a return flow stopped, beyond an order's refusals.
#[derive(Debug, thiserror::Error)]
pub enum ReturnError {
    #[error("no such return")]
    NotFound,
    #[error("the return cannot be asked for")]
    Ask(AskRefusal),
    #[error("the return is {}", .0.as_str())]
    NotAllowed(Status),
    #[error("the return is being refunded")]
    BeingRefunded,
    #[error("another return gave the delivery fee back already")]
    DeliveryRefunded,
    #[error("the return has all its photos")]
    PhotosFull,
    /// Received lines that do not fit the return, by field.
    #[error("the received lines do not fit the return")]
    Receive(BTreeMap<String, String>),
    #[error(transparent)]
    Order(#[from] OrderError),
}

impl From<sqlx::Error> for ReturnError {
    fn from(e: sqlx::Error) -> Self {
        ReturnError::Order(e.into())
    }
}

impl From<ReturnMoveRefusal> for ReturnError {
    fn from(refusal: ReturnMoveRefusal) -> Self {
        match refusal {
            ReturnMoveRefusal::NoSuchReturn => ReturnError::NotFound,
            ReturnMoveRefusal::NotAllowed(status) => ReturnError::NotAllowed(status),
            ReturnMoveRefusal::BeingRefunded => ReturnError::BeingRefunded,
        }
    }
}

impl OrderService {
    fn money(&self, amount: Money, shop: &ShopSettings) -> String {
        currency::format(amount, shop.currency, Reading::Rupees)
    }

    /// The order's returns, newest first, and what of it can still be returned.
    pub async fn returns_of(
        &self,
        user: Option<&Id>,
        number: &str,
        token: Option<&str>,
    ) -> Result<(Vec<ReturnRow>, Returnable), OrderError> {
        let order = self.reachable(user, number, token).await?;
        let days = self.shop_settings.get().await?.return_window_days;
        Ok(self.orders.returns_of_order(&order, days).await?)
    }

    /// The shopper asks to return `asks` of the order `number`, with `note`.
    pub async fn ask_return(
        &self,
        user: Option<&Id>,
        number: &str,
        token: Option<&str>,
        asks: &[ReturnAsk],
        note: &str,
    ) -> Result<ReturnRow, ReturnError> {
        let order = self.reachable(user, number, token).await?;
        let shop = self.shop_settings.get().await?;
        let shopper = |row: &ReturnRow| {
            letters::requested(
                row,
                &self.money(row.estimate, &shop),
                &self.return_link(row),
            )
        };
        let staff = |row: &ReturnRow| {
            letters::waiting(row, &self.links.console_return_url(row.id.as_str()))
        };
        self.orders
            .ask_return(
                &order.id,
                asks,
                note,
                shop.return_window_days,
                &shopper,
                &staff,
            )
            .await?
            .map_err(|refusal| match refusal {
                AskRefusal::NoSuchOrder => ReturnError::Order(OrderError::NotFound),
                other => ReturnError::Ask(other),
            })
    }

    /// The return `id`, if `viewer` may see it: staff, its order's owner, or whoever
    /// holds the order's link. Anyone else hears it does not exist.
    pub async fn return_for(&self, viewer: Viewer<'_>, id: &Id) -> Result<ReturnRow, ReturnError> {
        let row = self
            .orders
            .return_by_id(id)
            .await?
            .ok_or(ReturnError::NotFound)?;
        let seen = match viewer {
            Viewer::Staff => true,
            Viewer::Shopper { user, token } => {
                let by_owner = user.is_some() && row.user_id.as_ref() == user;
                by_owner || token.is_some_and(|t| self.links.holds(&row.order_number, t))
            }
        };
        if seen {
            Ok(row)
        } else {
            Err(ReturnError::NotFound)
        }
    }

    /// The shopper cancels their return while it is only asked for.
    pub async fn cancel_return(
        &self,
        viewer: Viewer<'_>,
        id: &Id,
    ) -> Result<ReturnRow, ReturnError> {
        let row = self.return_for(viewer, id).await?;
        self.move_with_letter(&row.id, Status::Cancelled, None, None)
            .await
    }

    /// Adds a photo stored at `path` to a return `viewer` may see.
    pub async fn add_return_photo(&self, id: &Id, path: &str) -> Result<ReturnRow, ReturnError> {
        match self.orders.add_return_photo(id, path).await? {
            PhotoAdded::Added(row) => Ok(*row),
            PhotoAdded::NoSuchReturn => Err(ReturnError::NotFound),
            PhotoAdded::Closed(status) => Err(ReturnError::NotAllowed(status)),
            PhotoAdded::Full => Err(ReturnError::PhotosFull),
        }
    }

    /// Staff approve a return.
    pub async fn approve_return(&self, id: &Id, admin: &Actor) -> Result<ReturnRow, ReturnError> {
        self.move_with_letter(id, Status::Approved, None, Some(admin))
            .await
    }

    /// Staff reject a return, saying why.
    pub async fn reject_return(
        &self,
        id: &Id,
        reason: &str,
        admin: &Actor,
    ) -> Result<ReturnRow, ReturnError> {
        self.move_with_letter(id, Status::Rejected, Some(reason), Some(admin))
            .await
    }

    /// Staff received an approved return: per line, how many came back and how many
    /// go back on sale (each line of the return once; `received` ≤ its quantity,
    /// `restocked` ≤ `received`).
    pub async fn receive_return(
        &self,
        id: &Id,
        lines: &[Received],
        admin: &Actor,
    ) -> Result<ReturnRow, ReturnError> {
        let row = self.return_for(Viewer::Staff, id).await?;
        if row.status != Status::Approved {
            return Err(ReturnError::NotAllowed(row.status));
        }
        let errors = receive_errors(&row, lines);
        if !errors.is_empty() {
            return Err(ReturnError::Receive(errors));
        }
        let shop = self.shop_settings.get().await?;
        let mail = |row: &ReturnRow| {
            letters::received(
                row,
                &self.money(row.estimate, &shop),
                &self.return_link(row),
            )
        };
        Ok(self
            .orders
            .receive_return(id, lines, admin, &mail)
            .await??)
    }

    /// Staff refund a received return: `amount`, or its estimate (and the delivery fee
    /// when `include_delivery`), never more than that nor than is left of what was paid.
    pub async fn refund_return(
        &self,
        id: &Id,
        amount: Option<Money>,
        include_delivery: bool,
        admin: &Actor,
    ) -> Result<ReturnRow, ReturnError> {
        let row = self.return_for(Viewer::Staff, id).await?;
        if row.status != Status::Received {
            return Err(ReturnError::NotAllowed(row.status));
        }
        let delivery = if include_delivery {
            row.delivery_fee.cents()
        } else {
            0
        };
        let most = Money::from_cents(row.estimate.cents() + delivery);
        let amount = amount.unwrap_or(most);
        if amount.cents() > most.cents() {
            let shop = self.shop_settings.get().await?;
            return Err(OrderError::RefundTooMuch(self.money(most, &shop)).into());
        }
        if amount.cents() == 0 {
            // Nothing came back to pay for: the return is closed without money moving.
            return self
                .move_with_letter(id, Status::Refunded, None, Some(admin))
                .await;
        }
        let order = self
            .orders
            .by_id(&row.order_id)
            .await?
            .ok_or(ReturnError::NotFound)?;
        let reason = format!("Return {}", row.number);
        match self
            .give_back(
                &order,
                Amount::Exactly(amount),
                &reason,
                Some(admin),
                Some(ForReturn {
                    id: &row.id,
                    with_delivery: include_delivery && delivery > 0,
                }),
            )
            .await?
        {
            Ok(_) => {}
            Err(Refused::Return(status)) => return Err(ReturnError::NotAllowed(status)),
            Err(Refused::ReturnBusy) => return Err(ReturnError::BeingRefunded),
            Err(Refused::DeliveryRefunded) => return Err(ReturnError::DeliveryRefunded),
            Err(refused) => return Err(self.refusal(refused).await?.into()),
        }
        self.return_for(Viewer::Staff, id).await
    }

    /// Moves a return and mails its shopper the letter of where it came to.
    async fn move_with_letter(
        &self,
        id: &Id,
        next: Status,
        reason: Option<&str>,
        by: Option<&Actor>,
    ) -> Result<ReturnRow, ReturnError> {
        let mail = |row: &ReturnRow| {
            let link = self.return_link(row);
            match row.status {
                Status::Approved => letters::approved(row, &link),
                Status::Rejected => letters::rejected(row, &link),
                Status::Refunded => letters::closed(row, &link),
                _ => crate::mail::templates::notice(
                    format!("Your return {} is cancelled", row.number),
                    &[&format!(
                        "You cancelled your return {} for order {}. Nothing will be refunded for it.",
                        row.number, row.order_number
                    )],
                    "return cancelled",
                ),
            }
        };
        Ok(self
            .orders
            .move_return(id, next, reason, by, &mail)
            .await??)
    }

    /// The return's page, opened by its order's link.
    fn return_link(&self, row: &ReturnRow) -> String {
        self.links.return_url(row.id.as_str(), &row.order_number)
    }

    /// The letter a return's refund sends, for the refund flow: the return's number.
    pub(super) async fn return_refund_letter(
        &self,
        return_id: &Id,
    ) -> Result<Option<(String, String)>, OrderError> {
        Ok(self
            .orders
            .return_by_id(return_id)
            .await?
            .map(|row| (row.number.clone(), self.return_link(&row))))
    }

    /// The refund letter for `order`'s return `number` (with its page at `link`).
    pub(super) fn return_refunded_letter(
        &self,
        order: &OrderRow,
        amount: Money,
        number: &str,
        link: &str,
        shop: &ShopSettings,
    ) -> crate::mail::Letter {
        let card = order.payment_ref.as_ref().map(|_| {
            order
                .card_last4
                .as_deref()
                .map(|last4| format!(" ending in {last4}"))
                .unwrap_or_default()
        });
        letters::refunded(
            number,
            &order.number,
            &self.money(amount, shop),
            card.as_deref(),
            link,
        )
    }
}

/// What is wrong with `lines` as the receipt of `row`, by field
/// (`lines.<variantId>.received`, `lines.<variantId>.restocked`, `lines`).
fn receive_errors(row: &ReturnRow, lines: &[Received]) -> BTreeMap<String, String> {
    let mut errors = BTreeMap::new();
    let mut seen = std::collections::BTreeSet::new();
    for line in lines {
        let Some(asked) = row.lines.iter().find(|l| l.variant_id == line.variant_id) else {
            errors.insert(
                "lines".to_string(),
                "Every line must be one of the return's".to_string(),
            );
            continue;
        };
        if !seen.insert(line.variant_id.as_str()) {
            errors.insert(
                "lines".to_string(),
                "Each line of the return once".to_string(),
            );
        }
        if !(0..=asked.quantity).contains(&line.received) {
            errors.insert(
                format!("lines.{}.received", line.variant_id),
                format!("At most {} came back", asked.quantity),
            );
        }
        if line.restocked < 0 || line.restocked > line.received {
            errors.insert(
                format!("lines.{}.restocked", line.variant_id),
                "At most what came back goes back on sale".to_string(),
            );
        }
    }
    if errors.is_empty() && seen.len() != row.lines.len() {
        errors.insert(
            "lines".to_string(),
            "Say for every line of the return what came back".to_string(),
        );
    }
    errors
}
