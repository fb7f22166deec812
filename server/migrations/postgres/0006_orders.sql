-- Orders (docs/DESIGN.md §6): what was bought, at what price, by whom, and what happened
-- to it since. Lines and contact details are copies taken when the order was placed,
-- so later edits of a product or a profile never change an old order.

-- Order numbers; SQLite keeps a counter row instead (dialect.rs).
CREATE SEQUENCE order_numbers START 100001;

CREATE TABLE orders (
    id                 TEXT PRIMARY KEY,
    -- The public number, shown to shoppers and in mail; `seq` is the same as a number.
    seq                BIGINT NOT NULL UNIQUE,
    number             TEXT NOT NULL UNIQUE,
    -- NULL for guests, and once the customer's account is deleted: orders stay for the books.
    user_id            TEXT REFERENCES users (id) ON DELETE SET NULL,
    fulfilment         TEXT NOT NULL CHECK (fulfilment IN ('pickup', 'delivery')),
    status             TEXT NOT NULL CHECK (status IN ('placed', 'ready_for_pickup', 'shipped', 'completed', 'cancelled')),
    payment_status     TEXT NOT NULL CHECK (payment_status IN ('unpaid', 'pending', 'paid', 'refunded', 'failed')),
    payment_method     TEXT NOT NULL CHECK (payment_method IN ('cod', 'card')),
    subtotal_cents     BIGINT NOT NULL CHECK (subtotal_cents >= 0),
    discount_cents     BIGINT NOT NULL CHECK (discount_cents >= 0),
    delivery_fee_cents BIGINT NOT NULL CHECK (delivery_fee_cents >= 0),
    total_cents        BIGINT NOT NULL CHECK (total_cents >= 0),
    first_name         TEXT NOT NULL,
    company_name       TEXT NOT NULL DEFAULT '',
    street_address     TEXT NOT NULL DEFAULT '',
    apartment          TEXT NOT NULL DEFAULT '',
    town_city          TEXT NOT NULL DEFAULT '',
    phone_number       TEXT NOT NULL,
    -- Trimmed and lowercased: 'Track your order' compares it.
    email_address      TEXT NOT NULL,
    promo_code         TEXT,
    -- Who sent the Idempotency-Key (a user id, or 'guest'), the key, and a digest of
    -- the request it came with: a repeat answers this order, another body a 422.
    idempotency_scope  TEXT NOT NULL,
    idempotency_key    TEXT NOT NULL,
    request_digest     TEXT NOT NULL,
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL,
    UNIQUE (idempotency_scope, idempotency_key)
);
CREATE INDEX orders_by_user   ON orders (user_id, seq);
CREATE INDEX orders_by_status ON orders (status, seq);

CREATE TABLE order_lines (
    order_id         TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position         BIGINT NOT NULL,
    -- No foreign key: the line outlives its product.
    product_id       TEXT NOT NULL,
    name             TEXT NOT NULL,
    image            TEXT,
    unit_price_cents BIGINT NOT NULL CHECK (unit_price_cents >= 0),
    list_price_cents BIGINT NOT NULL CHECK (list_price_cents >= 0),
    discount_bp      BIGINT NOT NULL CHECK (discount_bp BETWEEN 0 AND 10000),
    quantity         BIGINT NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    line_total_cents BIGINT NOT NULL CHECK (line_total_cents >= 0),
    PRIMARY KEY (order_id, position)
);

-- The order's history; the shopper's timeline is built from the public ones.
CREATE TABLE order_events (
    seq      BIGSERIAL PRIMARY KEY,
    order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    type     TEXT NOT NULL,
    at       BIGINT NOT NULL,
    note     TEXT,
    public   BIGINT NOT NULL CHECK (public IN (0, 1))
);
CREATE INDEX order_events_by_order ON order_events (order_id, seq);

-- 'Save address to my profile': one address per customer, the last one saved.
CREATE TABLE saved_addresses (
    user_id        TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    first_name     TEXT NOT NULL,
    company_name   TEXT NOT NULL,
    street_address TEXT NOT NULL,
    apartment      TEXT NOT NULL,
    town_city      TEXT NOT NULL,
    phone_number   TEXT NOT NULL,
    email_address  TEXT NOT NULL,
    updated_at     BIGINT NOT NULL
);

-- Mail written in the same transaction as the change it reports, delivered by the
-- background worker (mail::outbox). A row is claimed until `claimed_until`, so two
-- nodes never send it at once, and a node that dies mid-send leaves it to be retried.
CREATE TABLE mail_outbox (
    id              TEXT PRIMARY KEY,
    recipient       TEXT NOT NULL,
    subject         TEXT NOT NULL,
    body_text       TEXT NOT NULL,
    body_html       TEXT NOT NULL,
    hint            TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    claimed_until   BIGINT,
    sent_at         BIGINT,
    -- Set when the worker gives up; the row stays for an operator to see.
    failed_at       BIGINT,
    last_error      TEXT
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX mail_outbox_sent ON mail_outbox (sent_at) WHERE sent_at IS NOT NULL;
