-- Refunds of any amount (docs/DESIGN.md §12, issue 35). `orders.refunded_cents` is what
-- has been refunded or is being refunded right now: a refund adds to it with one
-- conditional UPDATE that cannot pass what was paid, so refunds racing on any node
-- never give back more than came in. `order_refunds` keeps each refund: its amount,
-- staff's reason, who made it and where it stands ('pending' while the provider is
-- asked; 'failed' gives its amount back to `refunded_cents`).
--
-- Migration 28 edited `orders`' text through `writable_schema`; a connection that ran it
-- still holds the old text's layout, and an ADD COLUMN would write the new column at
-- the old offset. RESET reads the schema again first.
PRAGMA writable_schema = RESET;
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

-- `payment_status` gains 'partially_refunded', edited in the table's text as migration
-- 28 did for `payment_method` (SQLite cannot alter a CHECK constraint).
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'payment_status IN (''unpaid'', ''pending'', ''paid'', ''refunded'', ''failed'')',
                          'payment_status IN (''unpaid'', ''pending'', ''paid'', ''partially_refunded'', ''refunded'', ''failed'')')
 WHERE type = 'table' AND name = 'orders';
-- RESET rather than OFF: the next migration on this connection reads the new text.
PRAGMA writable_schema = RESET;
SELECT abs(-9223372036854775807 - 1) WHERE NOT EXISTS (
    SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'orders'
       AND sql LIKE '%''paid'', ''partially_refunded'', ''refunded''%');
CREATE TABLE migration_31_schema_bump (x INTEGER);
DROP TABLE migration_31_schema_bump;
