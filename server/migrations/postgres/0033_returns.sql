-- Returns (docs/DESIGN.md §12, issue 35). A shopper asks to send back units of a
-- completed order's lines; staff approve or reject, receive (putting units back on
-- sale) and refund. A return is asked inside the order's row lock, so the units open
-- returns hold never pass what was ordered however many ask at once. Its refund is an
-- `order_refunds` row naming it (`return_id`): finishing that refund moves the return
-- to `refunded` in the same transaction; the refund the provider refuses frees it.
CREATE TABLE order_returns (
    id             TEXT PRIMARY KEY,
    number         TEXT NOT NULL UNIQUE,
    order_id       TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status         TEXT NOT NULL CHECK (status IN ('requested', 'approved', 'rejected', 'cancelled', 'received', 'refunded')),
    note           TEXT NOT NULL,
    reject_reason  TEXT,
    refund_id      TEXT,
    refunded_cents BIGINT,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX order_returns_by_order ON order_returns (order_id, created_at);
CREATE INDEX order_returns_by_time ON order_returns (created_at, id);
CREATE INDEX order_returns_by_status ON order_returns (status, created_at, id);

CREATE TABLE return_lines (
    return_id  TEXT NOT NULL REFERENCES order_returns (id) ON DELETE CASCADE,
    position   BIGINT NOT NULL,
    variant_id TEXT NOT NULL,
    product_id TEXT NOT NULL,
    quantity   BIGINT NOT NULL CHECK (quantity > 0),
    reason     TEXT NOT NULL,
    received   BIGINT,
    restocked  BIGINT,
    PRIMARY KEY (return_id, variant_id)
);

CREATE TABLE return_events (
    return_id TEXT NOT NULL REFERENCES order_returns (id) ON DELETE CASCADE,
    position  BIGINT NOT NULL,
    type      TEXT NOT NULL,
    at        BIGINT NOT NULL,
    note      TEXT,
    PRIMARY KEY (return_id, position)
);

-- Photos are private files (`private/returns/…`): only the shopper and staff get links.
CREATE TABLE return_photos (
    return_id TEXT NOT NULL REFERENCES order_returns (id) ON DELETE CASCADE,
    position  BIGINT NOT NULL,
    path      TEXT NOT NULL,
    PRIMARY KEY (return_id, position)
);

ALTER TABLE order_refunds ADD COLUMN return_id TEXT;
-- Whether a return's refund gave the delivery fee back: at most one a order does.
ALTER TABLE order_refunds ADD COLUMN with_delivery BIGINT NOT NULL DEFAULT 0;
CREATE INDEX order_refunds_by_return ON order_refunds (return_id) WHERE return_id IS NOT NULL;

-- Return numbers (`R-000001`): one counter row, taken by an UPDATE inside the
-- transaction that asks for the return, as the document counters are.
CREATE TABLE return_numbers (
    id   BIGINT PRIMARY KEY CHECK (id = 1),
    last BIGINT NOT NULL
);
INSERT INTO return_numbers (id, last) VALUES (1, 0);
