-- Pay on account (docs/DESIGN.md §11, issue 34): an order's purchase-order number, the
-- day it is due (YYYY-MM-DD, UTC) and when its overdue reminder was mailed.
ALTER TABLE orders ADD COLUMN po_number TEXT;
ALTER TABLE orders ADD COLUMN due_date TEXT;
ALTER TABLE orders ADD COLUMN reminded_at BIGINT;
-- An account's open orders: the credit check sums them inside each order's transaction.
CREATE INDEX orders_account_open ON orders (user_id, due_date)
    WHERE payment_method = 'account' AND payment_status = 'unpaid' AND status <> 'cancelled';

ALTER TABLE orders DROP CONSTRAINT orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check
    CHECK (payment_method IN ('cod', 'card', 'account'));
