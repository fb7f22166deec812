//! Moving an order once placed: finding it for whoever may see it, the status moves
//! (a cancellation restocks it, and gives a card's money back), what the provider says
//! about its payment later (a card refused after the order was placed cancels it),
//! staff's cash and notes, and mailing its link again.

use super::{OrderError, OrderService};
use crate::domain::account::Email;
use crate::domain::id::Id;
use crate::domain::order::Status;
use crate::domain::order_row::OrderRow;
use crate::mail::templates;
use crate::payments::Settled;
use crate::store::activity::Actor;
use crate::store::orders::{MoveRefusal, RefundIssue};

impl OrderService {
    /// The order `number`, whoever asks; a number of no plausible shape is not looked up.
    pub async fn by_number(&self, number: &str) -> Result<OrderRow, OrderError> {
        if !plausible_number(number) {
            return Err(OrderError::NotFound);
        }
        self.orders
            .by_number(number)
            .await?
            .ok_or(OrderError::NotFound)
    }

    /// The order `number` if the caller may see it: its owner, or a valid link token.
    pub async fn reachable(
        &self,
        user_id: Option<&Id>,
        number: &str,
        token: Option<&str>,
    ) -> Result<OrderRow, OrderError> {
        let order = self.by_number(number).await?;
        let by_token = token.is_some_and(|t| self.links.holds(&order.number, t));
        let by_owner = user_id.is_some() && order.user_id.as_ref() == user_id;
        if by_token || by_owner {
            Ok(order)
        } else {
            Err(OrderError::NotFound)
        }
    }

    /// The shopper cancels an order they may see.
    pub async fn cancel(
        &self,
        user_id: Option<&Id>,
        number: &str,
        token: Option<&str>,
    ) -> Result<OrderRow, OrderError> {
        let order = self.reachable(user_id, number, token).await?;
        self.move_order(&order.id, Status::Cancelled, None, None)
            .await
    }

    /// An administrator moves the order `number` on, with an optional note.
    pub async fn move_by_admin(
        &self,
        number: &str,
        next: Status,
        note: Option<&str>,
        admin: &Actor,
    ) -> Result<OrderRow, OrderError> {
        let order = self.by_number(number).await?;
        self.move_order(&order.id, next, note, Some(admin)).await
    }

    /// Moves an order on, mailing the shopper. An administrator's move (`by`) is written
    /// to the activity log with it. A cancelled card order gives its money back (or
    /// releases it) once the cancellation is written.
    pub async fn move_order(
        &self,
        id: &Id,
        next: Status,
        note: Option<&str>,
        by: Option<&Actor>,
    ) -> Result<OrderRow, OrderError> {
        let mail = self.letters(templates::order_moved).await?;
        let moved = match by {
            Some(admin) => {
                self.orders
                    .move_by_admin(id, next, note, &mail, admin)
                    .await?
            }
            None => self.orders.move_to(id, next, note, &mail).await?,
        };
        match moved {
            Ok(order) if next == Status::Cancelled => {
                self.refund_cancelled(&order, by).await?;
                Ok(self.orders.by_id(id).await?.unwrap_or(order))
            }
            Ok(order) => Ok(order),
            Err(MoveRefusal::NoSuchOrder) => Err(OrderError::NotFound),
            Err(MoveRefusal::NotAllowed(current)) => Err(OrderError::NotAllowed { current, next }),
            Err(MoveRefusal::Paid) => Err(OrderError::RoleRefused),
        }
    }

    /// Gives what a cancelled order paid back (by card, or recorded by hand for cash),
    /// or releases a card's authorization. A refund the provider does not take now (refused, or the provider unreachable) is not only logged: it
    /// is queued for the refund worker (`jobs/refunds.rs`), which tries again until it
    /// goes through or marks it failed for staff to see.
    async fn refund_cancelled(
        &self,
        order: &OrderRow,
        by: Option<&Actor>,
    ) -> Result<(), OrderError> {
        if let Err(reason) = self.try_refund(order, by).await? {
            tracing::error!(order = %order.number, reason, "refunding a cancelled order failed; it will be retried");
            self.orders
                .queue_refund_retry(&order.id, by, &reason)
                .await?;
        }
        Ok(())
    }

    /// One try at a cancelled order's refund: `Err` with why it did not go through.
    async fn try_refund(
        &self,
        order: &OrderRow,
        by: Option<&Actor>,
    ) -> Result<Result<(), String>, OrderError> {
        if let Err(e) = self.payments.settle_cancelled(order).await {
            return Ok(Err(e.to_string()));
        }
        // Whatever stopped it (the provider, or the database a moment), the cancellation
        // stands and the refund is tried again: what is left is taken afresh each time.
        match self.refund_what_is_left(order, by).await {
            Err(OrderError::NotFound) => Ok(Ok(())),
            Err(e) => Ok(Err(e.to_string())),
            Ok(outcome) => Ok(outcome),
        }
    }

    /// Tries once more each refund that is due (a batch of them). How many were tried.
    pub async fn retry_refunds_due(&self) -> Result<usize, OrderError> {
        let batch = self.orders.claim_refund_retries().await?;
        for retry in &batch {
            let outcome = match self.orders.by_id(&retry.order_id).await? {
                Some(order) => self.try_refund(&order, retry.actor.as_ref()).await?,
                // No order, nothing owed.
                None => Ok(()),
            };
            match outcome {
                Ok(()) => self.orders.refund_retried(&retry.order_id).await?,
                Err(reason) => {
                    tracing::warn!(order = %retry.order_id, attempts = retry.attempts, reason, "a refund failed again");
                    self.orders.refund_retry_failed(retry, &reason).await?;
                }
            }
        }
        Ok(batch.len())
    }

    /// The refund the order still owes after a failed try, for staff's eyes.
    pub async fn refund_issue(&self, order: &OrderRow) -> Result<Option<RefundIssue>, OrderError> {
        if order.payment_ref.is_none() || order.status != Status::Cancelled {
            return Ok(None);
        }
        Ok(self.orders.refund_issue(&order.id).await?)
    }

    /// Records where the order's card payment stands at the provider (capturing an
    /// authorization once); a card refused after the order was placed (a failed 3-D
    /// Secure check) cancels it and returns its stock. The order as it stands then.
    pub async fn settle(&self, order: OrderRow) -> Result<OrderRow, OrderError> {
        if let Settled::Refused(refusal) = self.payments.settle(&order).await? {
            let mail = self.letters(templates::order_moved).await?;
            // Already cancelled, or gone: nothing happens.
            let _ = self
                .orders
                .move_to(&order.id, Status::Cancelled, Some(&refusal.message), &mail)
                .await?;
        }
        Ok(self.orders.by_id(&order.id).await?.unwrap_or(order))
    }

    /// The order a provider's payment is for, settled: a webhook names only the
    /// payment, and so does the bank's way back. `None` when no order has it.
    pub async fn settle_payment(&self, payment_ref: &str) -> Result<Option<OrderRow>, OrderError> {
        let store = self.payments.store();
        let Some(order_id) = store.order_of_payment(payment_ref).await? else {
            return Ok(None);
        };
        let Some(order) = self.orders.by_id(&order_id).await? else {
            return Ok(None);
        };
        Ok(Some(self.settle(order).await?))
    }

    /// The order's page asks where its pending payment stands now.
    pub async fn refresh(
        &self,
        user_id: Option<&Id>,
        number: &str,
        token: Option<&str>,
    ) -> Result<OrderRow, OrderError> {
        let order = self.reachable(user_id, number, token).await?;
        self.settle(order).await
    }

    /// Records that the cash of the order `number` was received. `None` when it is not
    /// an unpaid cash order.
    pub async fn mark_paid(
        &self,
        number: &str,
        admin: &Actor,
    ) -> Result<Option<OrderRow>, OrderError> {
        let order = self.by_number(number).await?;
        Ok(self.orders.mark_paid(&order.id, admin).await?)
    }

    /// Adds an administrator's internal note to the order `number`.
    pub async fn add_note(
        &self,
        number: &str,
        note: &str,
        admin: &Actor,
    ) -> Result<OrderRow, OrderError> {
        let order = self.by_number(number).await?;
        self.orders
            .add_note(&order.id, note, admin)
            .await?
            .ok_or(OrderError::NotFound)
    }

    /// 'Track your order': mails the order's link to its address when the number and
    /// the address belong together; nothing otherwise, and the caller cannot tell.
    pub async fn mail_link(&self, number: &str, email: &Email) -> Result<(), OrderError> {
        if !plausible_number(number) {
            return Ok(());
        }
        if let Some((number, to)) = self
            .orders
            .find_for_tracking(number, email.as_str())
            .await?
        {
            let letter = templates::order_link(&number, &self.links.url(&number));
            self.outbox.queue(&to, &letter).await?;
        }
        Ok(())
    }
}

/// Whether `number` could be one of ours: digits, not too many.
fn plausible_number(number: &str) -> bool {
    !number.is_empty() && number.len() <= 18 && number.bytes().all(|b| b.is_ascii_digit())
}
