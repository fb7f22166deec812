//! Staff roles and what each may do (docs/DESIGN.md §13): the one table every console
//! call is checked against before anything else.

/// A member of staff's role. A customer has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StaffRole {
    /// Everything: staff, settings, webhooks, and all a manager may do.
    Owner,
    /// The catalogue, orders with cancelling and refunds, customers, returns, the trade.
    Manager,
    /// Moving orders and stock, receiving returns.
    Warehouse,
    /// Looking orders, customers and returns up; reviews; cancelling unpaid orders; notes.
    Support,
}

/// Everything a console call can do, named as the console's `permissions` list says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Dashboard,
    ViewOrders,
    /// Move an order through its statuses, short of cancelling it.
    MoveOrders,
    /// Cancel any order that may still be cancelled.
    CancelOrders,
    /// Cancel an order nobody has paid for.
    CancelUnpaidOrders,
    MarkPaid,
    Refund,
    OrderNotes,
    /// Read the catalogue's products and their stock history.
    ViewCatalogue,
    /// Products, variants, prices, photos, categories, banners, pages, synonyms.
    EditCatalogue,
    Stock,
    /// Exports and imports of products and orders.
    Csv,
    ViewCustomers,
    /// Disable and enable customers' accounts.
    ManageCustomers,
    Reviews,
    PromoCodes,
    ViewReturns,
    ReceiveReturns,
    /// Approve, reject and refund returns.
    DecideReturns,
    /// Trade applications, customer groups, their prices and quantity breaks.
    Trade,
    DeliveryMethods,
    ActivityLog,
    Settings,
    Staff,
    Webhooks,
}

impl Action {
    /// Every action, in the order the console lists them.
    pub const ALL: [Action; 25] = [
        Action::Dashboard,
        Action::ViewOrders,
        Action::MoveOrders,
        Action::CancelOrders,
        Action::CancelUnpaidOrders,
        Action::MarkPaid,
        Action::Refund,
        Action::OrderNotes,
        Action::ViewCatalogue,
        Action::EditCatalogue,
        Action::Stock,
        Action::Csv,
        Action::ViewCustomers,
        Action::ManageCustomers,
        Action::Reviews,
        Action::PromoCodes,
        Action::ViewReturns,
        Action::ReceiveReturns,
        Action::DecideReturns,
        Action::Trade,
        Action::DeliveryMethods,
        Action::ActivityLog,
        Action::Settings,
        Action::Staff,
        Action::Webhooks,
    ];

    /// The action's name in the API (`User.permissions`).
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Dashboard => "dashboard",
            Action::ViewOrders => "orders.view",
            Action::MoveOrders => "orders.move",
            Action::CancelOrders => "orders.cancel",
            Action::CancelUnpaidOrders => "orders.cancel_unpaid",
            Action::MarkPaid => "orders.mark_paid",
            Action::Refund => "orders.refund",
            Action::OrderNotes => "orders.note",
            Action::ViewCatalogue => "catalogue.view",
            Action::EditCatalogue => "catalogue.edit",
            Action::Stock => "stock",
            Action::Csv => "csv",
            Action::ViewCustomers => "customers.view",
            Action::ManageCustomers => "customers.manage",
            Action::Reviews => "reviews",
            Action::PromoCodes => "promo_codes",
            Action::ViewReturns => "returns.view",
            Action::ReceiveReturns => "returns.receive",
            Action::DecideReturns => "returns.decide",
            Action::Trade => "trade",
            Action::DeliveryMethods => "delivery_methods",
            Action::ActivityLog => "activity",
            Action::Settings => "settings",
            Action::Staff => "staff",
            Action::Webhooks => "webhooks",
        }
    }
}

/// What a refused role hears (403).
pub const ROLE_REFUSED: &str = "Your role does not allow this";

impl StaffRole {
    pub const ALL: [StaffRole; 4] = [
        StaffRole::Owner,
        StaffRole::Manager,
        StaffRole::Warehouse,
        StaffRole::Support,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            StaffRole::Owner => "owner",
            StaffRole::Manager => "manager",
            StaffRole::Warehouse => "warehouse",
            StaffRole::Support => "support",
        }
    }

    pub fn parse(raw: &str) -> Option<StaffRole> {
        StaffRole::ALL.into_iter().find(|role| role.as_str() == raw)
    }

    /// The table: whether this role may do `action`.
    pub fn may(self, action: Action) -> bool {
        use Action::*;
        match self {
            StaffRole::Owner => true,
            StaffRole::Manager => !matches!(action, Settings | Staff | Webhooks),
            StaffRole::Warehouse => matches!(
                action,
                Dashboard
                    | ViewOrders
                    | MoveOrders
                    | ViewCatalogue
                    | Stock
                    | ViewReturns
                    | ReceiveReturns
            ),
            StaffRole::Support => matches!(
                action,
                Dashboard
                    | ViewOrders
                    | CancelUnpaidOrders
                    | OrderNotes
                    | ViewCustomers
                    | Reviews
                    | ViewReturns
            ),
        }
    }

    /// Everything this role may do, as the console reads it to hide the rest.
    pub fn permissions(self) -> Vec<&'static str> {
        Action::ALL
            .into_iter()
            .filter(|action| self.may(*action))
            .map(Action::as_str)
            .collect()
    }

    /// Whether this role may cancel an order: any order, or only one nobody paid for.
    pub fn may_cancel(self, paid: bool) -> bool {
        self.may(Action::CancelOrders) || (!paid && self.may(Action::CancelUnpaidOrders))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owners_may_do_everything_and_managers_all_but_staff_settings_and_webhooks() {
        assert_eq!(StaffRole::Owner.permissions().len(), Action::ALL.len());
        let manager = StaffRole::Manager.permissions();
        assert_eq!(manager.len(), Action::ALL.len() - 3);
        for kept in ["staff", "settings", "webhooks"] {
            assert!(!manager.contains(&kept));
        }
    }

    #[test]
    fn the_warehouse_moves_orders_and_stock_but_never_money() {
        let warehouse = StaffRole::Warehouse;
        assert!(warehouse.may(Action::MoveOrders) && warehouse.may(Action::Stock));
        assert!(warehouse.may(Action::ReceiveReturns));
        for money in [
            Action::Refund,
            Action::MarkPaid,
            Action::CancelOrders,
            Action::EditCatalogue,
            Action::DecideReturns,
        ] {
            assert!(!warehouse.may(money), "{money:?}");
        }
        assert!(!warehouse.may_cancel(false));
    }

    #[test]
    fn support_cancels_only_what_nobody_paid_for() {
        assert!(StaffRole::Support.may_cancel(false));
        assert!(!StaffRole::Support.may_cancel(true));
        assert!(StaffRole::Manager.may_cancel(true));
        assert!(!StaffRole::Support.may(Action::MoveOrders));
    }

    #[test]
    fn names_are_distinct_and_parse_back() {
        let mut names: Vec<_> = Action::ALL.iter().map(|a| a.as_str()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Action::ALL.len());
        for role in StaffRole::ALL {
            assert_eq!(StaffRole::parse(role.as_str()), Some(role));
        }
        assert_eq!(StaffRole::parse("admin"), None);
    }
}
