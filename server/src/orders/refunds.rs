//! Giving money back (docs/DESIGN.md §12): staff refund any part of what an order paid,
//! and a cancellation refunds what is left. Each refund is held on the order first
//! (store::orders' refunds: never more than was paid, however many race), then the
//! provider is asked for a card order's (with the refund's own idempotency key), or it
//! is recorded by hand for cash and account orders; what the provider says finishes
//! the refund or frees its amount again.

use super::{OrderError, OrderService};
use crate::domain::currency::{self, Reading};
use crate::domain::order_row::OrderRow;
use crate::domain::refund::RefundRefusal;
use crate::domain::Money;
use crate::mail::templates;
use crate::store::activity::Actor;
use crate::store::orders::Reserved;

/// The reason kept with the refund a cancellation makes.
pub const CANCELLED: &str = "Order cancelled";

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
        match self.give_back(&order, amount, reason, Some(admin)).await? {
            Ok(order) => Ok(order),
            Err(Refused::Rule(RefundRefusal::NothingPaid)) => Err(OrderError::NothingPaid),
            Err(Refused::Rule(RefundRefusal::TooMuch { left })) => {
                let shop = self.shop_settings.get().await?;
                Err(OrderError::RefundTooMuch(currency::format(
                    left,
                    shop.currency,
                    Reading::Rupees,
                )))
            }
            Err(Refused::Provider(message)) => Err(OrderError::RefundRefused(message)),
        }
    }

    /// Refunds what is left of a cancelled order's payment: nothing when nothing is.
    /// `Err` with what the provider said when it would not.
    pub(super) async fn refund_what_is_left(
        &self,
        order: &OrderRow,
        by: Option<&Actor>,
    ) -> Result<Result<(), String>, OrderError> {
        let left = self.orders.left_to_refund(&order.id).await?;
        if left.cents() == 0 {
            return Ok(Ok(()));
        }
        Ok(match self.give_back(order, left, CANCELLED, by).await? {
            // Refunded meanwhile by a request beside this one: nothing is owed.
            Ok(_) | Err(Refused::Rule(_)) => Ok(()),
            Err(Refused::Provider(message)) => Err(message),
        })
    }

    /// One refund: held on the order, then given back through the provider (or by
    /// hand) and finished, or freed again when the provider will not.
    async fn give_back(
        &self,
        order: &OrderRow,
        amount: Money,
        reason: &str,
        by: Option<&Actor>,
    ) -> Result<Result<OrderRow, Refused>, OrderError> {
        let provider = self.payments.refunds_through(order);
        let refund = match self
            .orders
            .start_refund(&order.id, amount, reason, provider, by)
            .await?
        {
            Reserved::Started(refund) => refund,
            Reserved::Refused(refusal) => return Ok(Err(Refused::Rule(refusal))),
            Reserved::NoSuchOrder => return Err(OrderError::NotFound),
        };
        let key = format!("refund:{}", refund.id);
        let provider_ref = match self.payments.give_back(order, amount, &key).await {
            Ok(Ok(Some(provider_ref))) => provider_ref,
            Ok(Ok(None)) => refund.id.to_string(),
            Ok(Err(refusal)) => {
                tracing::error!(order = %order.number, code = %refusal.code, "a refund was refused");
                self.orders.fail_refund(&refund, &refusal.message).await?;
                return Ok(Err(Refused::Provider(refusal.message)));
            }
            Err(e) => {
                self.orders.fail_refund(&refund, &e.to_string()).await?;
                return Err(e.into());
            }
        };
        let shop = self.shop_settings.get().await?;
        let mail = |order: &OrderRow| {
            templates::order_refunded(order, amount, &self.links.url(&order.number), &shop)
        };
        Ok(Ok(self
            .orders
            .finish_refund(&refund, provider, &provider_ref, &mail, by)
            .await?))
    }
}

/// Why a refund was not made.
enum Refused {
    /// The amount is more than is left, or nothing was paid.
    Rule(RefundRefusal),
    /// The provider said no, in its words.
    Provider(String),
}
