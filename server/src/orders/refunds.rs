//! Giving money back (docs/DESIGN.md §12): staff refund any part of what an order paid,
//! and a cancellation refunds what is left. Each refund is held on the order first
//! (store::orders' refunds: never more than was paid, however many race), then the
//! provider is asked for a card order's (with the refund's own idempotency key), or it
//! is recorded by hand for cash and account orders. The provider's yes finishes the
//! refund and its no frees the amount again; when it cannot be reached (or its yes was
//! not recorded) the refund stays pending, its amount held, and the refund worker asks
//! again with the same key until it has an answer (`retry_stuck_refunds`).

use super::{OrderError, OrderService};
use crate::domain::currency::{self, Reading};
use crate::domain::order::Status;
use crate::domain::order_row::OrderRow;
use crate::domain::refund::RefundRefusal;
use crate::domain::returns::Status as ReturnStatus;
use crate::domain::Money;
use crate::mail::templates;
use crate::payments::ProviderError;
use crate::store::activity::Actor;
use crate::store::orders::{Amount, ForReturn, Reserved, StartedRefund};

/// The reason kept with the refund a cancellation makes.
pub const CANCELLED: &str = "Order cancelled";

/// Why a refund was not made.
pub(super) enum Refused {
    /// The amount is more than is left, or nothing was paid.
    Rule(RefundRefusal),
    /// The provider said no, in its words.
    Provider(String),
    /// The return it was for is not received: where it stands.
    Return(ReturnStatus),
    /// The return it was for is being refunded already.
    ReturnBusy,
    /// Another return of the order gave its delivery fee back already.
    DeliveryRefunded,
}

impl OrderService {
    /// Staff refund `amount` of the order `number`'s payment, for `reason`. The order
    /// as it stands after.
    pub async fn refund(
        &self,
        number: &str,
        amount: Money,
        reason: &str,
        admin: &Actor,
    ) -> Result<OrderRow, OrderError> {
        let order = self.by_number(number).await?;
        match self
            .give_back(&order, Amount::Exactly(amount), reason, Some(admin), None)
            .await?
        {
            Ok(Some(order)) => Ok(order),
            // Only a cancellation asks for what is left.
            Ok(None) => Err(OrderError::NothingPaid),
            Err(refused) => Err(self.refusal(refused).await?),
        }
    }

    /// How a refund's refusal is told to staff.
    pub(super) async fn refusal(&self, refused: Refused) -> Result<OrderError, OrderError> {
        Ok(match refused {
            Refused::Rule(RefundRefusal::NothingPaid) => OrderError::NothingPaid,
            Refused::Rule(RefundRefusal::TooMuch { left }) => {
                let shop = self.shop_settings.get().await?;
                OrderError::RefundTooMuch(currency::format(left, shop.currency, Reading::Rupees))
            }
            Refused::Provider(message) => OrderError::RefundRefused(message),
            // Only a return's refund meets these; its flow tells them itself.
            Refused::Return(_) | Refused::ReturnBusy | Refused::DeliveryRefunded => {
                OrderError::NotFound
            }
        })
    }

    /// Refunds what is left of a cancelled order's payment (taken in one step, so a
    /// staff refund racing it leaves nothing behind): nothing when nothing is. `Err` with
    /// what the provider said when it would not.
    pub(super) async fn refund_what_is_left(
        &self,
        order: &OrderRow,
        by: Option<&Actor>,
    ) -> Result<Result<(), String>, OrderError> {
        Ok(
            match self
                .give_back(order, Amount::AllLeft, CANCELLED, by, None)
                .await?
            {
                Err(Refused::Provider(message)) => Err(message),
                Ok(_) | Err(_) => Ok(()),
            },
        )
    }

    /// Asks again about each refund left pending for a while, with its own key: the
    /// provider answers a refund it made with that refund. How many were tried.
    pub async fn retry_stuck_refunds(&self) -> Result<usize, OrderError> {
        let stuck = self.orders.claim_stuck_refunds().await?;
        for claimed in &stuck {
            let Some(order) = self.orders.by_id(&claimed.refund.order_id).await? else {
                continue;
            };
            if let Err(e) = self
                .complete(
                    &order,
                    &claimed.refund,
                    &claimed.provider,
                    claimed.actor.as_ref(),
                )
                .await
            {
                tracing::warn!(order = %order.number, error = %e, "a pending refund is still pending");
            }
        }
        Ok(stuck.len())
    }

    /// One refund (of the return `for_return`, if given): held on the order, then given
    /// back. `Ok(None)` when all that is left was asked for and nothing is.
    pub(super) async fn give_back(
        &self,
        order: &OrderRow,
        amount: Amount,
        reason: &str,
        by: Option<&Actor>,
        for_return: Option<ForReturn<'_>>,
    ) -> Result<Result<Option<OrderRow>, Refused>, OrderError> {
        let provider = self.payments.refunds_through(order);
        let refund = match self
            .orders
            .start_refund(&order.id, amount, reason, provider, by, for_return)
            .await?
        {
            Reserved::Started(refund) => refund,
            Reserved::NothingLeft => return Ok(Ok(None)),
            Reserved::Refused(refusal) => return Ok(Err(Refused::Rule(refusal))),
            Reserved::ReturnNotReceived(status) => return Ok(Err(Refused::Return(status))),
            Reserved::ReturnBeingRefunded => return Ok(Err(Refused::ReturnBusy)),
            Reserved::DeliveryRefunded => return Ok(Err(Refused::DeliveryRefunded)),
            Reserved::NoSuchOrder => return Err(OrderError::NotFound),
        };
        Ok(self.complete(order, &refund, provider, by).await?.map(Some))
    }

    /// Gives a held refund back through the provider (or by hand) and records it; frees
    /// it on the provider's no. A provider that cannot be reached leaves it pending.
    async fn complete(
        &self,
        order: &OrderRow,
        refund: &StartedRefund,
        provider: &str,
        by: Option<&Actor>,
    ) -> Result<Result<OrderRow, Refused>, OrderError> {
        // Read before the money moves: nothing after the provider's yes but the record.
        let shop = self.shop_settings.get().await?;
        // The return's letter when it is one's; a failure to read it costs only the
        // order's letter instead, never the refund.
        let for_return = match &refund.return_id {
            Some(id) => self.return_refund_letter(id).await.ok().flatten(),
            None => None,
        };
        let key = format!("refund:{}", refund.id);
        let provider_ref = match self.payments.give_back(order, refund.amount, &key).await {
            Ok(Ok(Some(provider_ref))) => provider_ref,
            Ok(Ok(None)) => refund.id.to_string(),
            Ok(Err(refusal)) => {
                tracing::error!(order = %order.number, code = %refusal.code, "a refund was refused");
                self.orders.fail_refund(refund, &refusal.message).await?;
                // A cancelled order is owed what is left: the refund worker sees to it
                // (the cancellation's own first try has queued it already).
                if order.status == Status::Cancelled {
                    self.orders
                        .queue_refund_retry(&order.id, by, &refusal.message)
                        .await?;
                }
                return Ok(Err(Refused::Provider(refusal.message)));
            }
            // No card provider to ask: nothing can have moved.
            Err(ProviderError::Unavailable) => {
                self.orders
                    .fail_refund(refund, &ProviderError::Unavailable.to_string())
                    .await?;
                return Err(ProviderError::Unavailable.into());
            }
            // Perhaps refunded, perhaps not: held until the provider answers.
            Err(e) => {
                tracing::error!(order = %order.number, error = %e, "a refund got no answer; it stays held");
                return Err(OrderError::RefundUnanswered);
            }
        };
        let amount = refund.amount;
        let mail = |order: &OrderRow| match &for_return {
            Some((number, link)) => self.return_refunded_letter(order, amount, number, link, &shop),
            None => templates::order_refunded(order, amount, &self.links.url(&order.number), &shop),
        };
        Ok(Ok(self
            .orders
            .finish_refund(refund, provider, &provider_ref, &mail, by)
            .await?))
    }
}
