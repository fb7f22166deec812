-- Card payments (docs/DESIGN.md §7). The shop keeps the provider's tokens and what a
-- shopper may see of a card (brand, last four digits, expiry, holder); never a card
-- number or a security code.

-- The order's payment at the provider, and the card it was made with.
ALTER TABLE orders ADD COLUMN payment_ref TEXT;
ALTER TABLE orders ADD COLUMN card_brand TEXT;
ALTER TABLE orders ADD COLUMN card_last4 TEXT;
CREATE UNIQUE INDEX orders_by_payment_ref ON orders (payment_ref);

-- Saved cards: a provider token per card, one primary per customer at most.
CREATE TABLE payment_methods (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider    TEXT NOT NULL,
    token       TEXT NOT NULL,
    brand       TEXT NOT NULL,
    last4       TEXT NOT NULL,
    exp_month   INTEGER NOT NULL,
    exp_year    INTEGER NOT NULL,
    holder_name TEXT NOT NULL,
    is_primary  INTEGER NOT NULL CHECK (is_primary IN (0, 1)),
    created_at  INTEGER NOT NULL,
    UNIQUE (provider, token)
);
CREATE INDEX payment_methods_by_user ON payment_methods (user_id, created_at);

-- Every authorization, capture, refund and void, the truth an order's payment status
-- is derived from. `provider_ref` is the provider's id of the operation: a capture or
-- a refund the provider made once is recorded once, whoever reports it first.
CREATE TABLE payment_transactions (
    id            TEXT PRIMARY KEY,
    -- NULL for a card refused before any order was placed.
    order_id      TEXT REFERENCES orders (id) ON DELETE CASCADE,
    user_id       TEXT REFERENCES users (id) ON DELETE SET NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('authorization', 'capture', 'refund', 'void')),
    status        TEXT NOT NULL CHECK (status IN ('succeeded', 'failed', 'pending')),
    amount_cents  INTEGER NOT NULL CHECK (amount_cents >= 0),
    provider      TEXT NOT NULL,
    provider_ref  TEXT NOT NULL,
    brand         TEXT,
    last4         TEXT,
    error_code    TEXT,
    error_message TEXT,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    UNIQUE (provider, kind, provider_ref)
);
CREATE INDEX payment_transactions_by_user ON payment_transactions (user_id, created_at);
CREATE INDEX payment_transactions_by_order ON payment_transactions (order_id, created_at);

-- Webhook events already handled, by the provider's event id.
CREATE TABLE payment_webhook_events (
    provider    TEXT NOT NULL,
    event_id    TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    PRIMARY KEY (provider, event_id)
);

-- The test provider's own books (testpsp_*) were made here until the provider got a
-- migration set of its own (server/src/testpsp/migrations), applied only by a binary
-- built with it. Databases made before keep the tables this file made then; that
-- set's first version makes them only where they are missing.
