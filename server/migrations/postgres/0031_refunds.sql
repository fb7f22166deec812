-- Refunds of any amount (docs/DESIGN.md §12, issue 35). `orders.refunded_cents` is what
-- has been refunded or is being refunded right now: a refund adds to it with one
-- conditional UPDATE that cannot pass what was paid, so refunds racing on any node
-- never give back more than came in. `order_refunds` keeps each refund: its amount,
-- staff's reason, who made it and where it stands ('pending' while the provider is
-- asked; 'failed' gives its amount back to `refunded_cents`).
ALTER TABLE orders ADD COLUMN refunded_cents BIGINT NOT NULL DEFAULT 0;
UPDATE orders SET refunded_cents = (
    SELECT COALESCE(SUM(t.amount_cents), 0) FROM payment_transactions t
     WHERE t.order_id = orders.id AND t.kind = 'refund' AND t.status = 'succeeded')
 WHERE payment_status = 'refunded';

CREATE TABLE order_refunds (
    id           TEXT PRIMARY KEY,
    order_id     TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    reason       TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    provider     TEXT NOT NULL,
    provider_ref TEXT,
    error        TEXT,
    actor_id     TEXT,
    actor_email  TEXT,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX order_refunds_by_order ON order_refunds (order_id, created_at);
-- The refund worker's look for refunds left pending (store::orders' claim_stuck_refunds).
CREATE INDEX order_refunds_pending ON order_refunds (updated_at) WHERE status = 'pending';

ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check
    CHECK (payment_status IN ('unpaid', 'pending', 'paid', 'partially_refunded', 'refunded', 'failed'));
