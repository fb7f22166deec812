-- Card payments (DESIGN.md §7). The shop keeps the provider's tokens and what a
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

-- The test provider's own books (SHOP_PAYMENTS=test): what an outside payment service
-- keeps on its side. Even here no card number is kept: a method remembers only what
-- charging it will do (`behaviour`), chosen from Stripe's test card numbers.
CREATE TABLE testpsp_methods (
    id          TEXT PRIMARY KEY,
    behaviour   TEXT NOT NULL,
    brand       TEXT NOT NULL,
    last4       TEXT NOT NULL,
    exp_month   INTEGER NOT NULL,
    exp_year    INTEGER NOT NULL,
    holder_name TEXT NOT NULL,
    detached    INTEGER NOT NULL DEFAULT 0 CHECK (detached IN (0, 1)),
    created_at  INTEGER NOT NULL
);

CREATE TABLE testpsp_payments (
    id              TEXT PRIMARY KEY,
    idempotency_key TEXT NOT NULL UNIQUE,
    request_digest  TEXT NOT NULL,
    method_id       TEXT NOT NULL,
    amount_cents    INTEGER NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('requires_action', 'authorized', 'captured', 'failed', 'canceled', 'refunded')),
    error_code      TEXT,
    error_message   TEXT,
    return_url      TEXT NOT NULL,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
);

-- Captures, refunds and voids, one per idempotency key.
CREATE TABLE testpsp_operations (
    idempotency_key TEXT PRIMARY KEY,
    id              TEXT NOT NULL UNIQUE,
    payment_id      TEXT NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('capture', 'refund', 'void')),
    amount_cents    INTEGER NOT NULL,
    created_at      INTEGER NOT NULL
);

-- Webhooks waiting to be delivered to the shop.
CREATE TABLE testpsp_events (
    id         TEXT PRIMARY KEY,
    body       TEXT NOT NULL,
    delivered  INTEGER NOT NULL DEFAULT 0 CHECK (delivered IN (0, 1)),
    attempts   INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE INDEX testpsp_events_due ON testpsp_events (delivered, created_at);
