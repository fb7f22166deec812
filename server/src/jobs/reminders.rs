//! The worker that mails a trade customer once an order on account is overdue
//! (docs/DESIGN.md §11): every node looks each half minute; the order is claimed in the
//! transaction that queues its letter, so each overdue order is reminded once.

use std::time::Duration;

use crate::domain::currency::{self, Reading};
use crate::domain::time::date_of;
use crate::http::AppState;
use crate::mail::trade::overdue_reminder;

const POLL_EVERY: Duration = Duration::from_secs(30);

/// Queues every reminder due now. How many were queued.
pub async fn remind_all_due(state: &AppState) -> Result<usize, sqlx::Error> {
    let shop = state.shop_settings.get().await?;
    let today = date_of(state.clock.now_ms());
    let links = state.order_service.links();
    let letter = |order: &crate::store::account_orders::OpenOrder| {
        let total = currency::format(order.total, shop.currency, Reading::Rupees);
        let link = links.url(&order.number);
        overdue_reminder(
            &order.number,
            &total,
            &order.po_number,
            &order.due_date,
            &link,
        )
    };
    let queued = super::drain(|| state.account_orders.remind_overdue(&today, &letter)).await?;
    if queued > 0 {
        state.outbox.wake();
    }
    Ok(queued)
}

/// Mails reminders for as long as the node serves.
pub async fn run(state: AppState) {
    loop {
        if let Err(e) = remind_all_due(&state).await {
            tracing::warn!(error = %e, "mailing overdue reminders failed");
        }
        tokio::time::sleep(POLL_EVERY).await;
    }
}
