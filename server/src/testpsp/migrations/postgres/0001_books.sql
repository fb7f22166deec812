-- The test provider's own books (SHOP_PAYMENTS=test): what an outside payment service
-- keeps on its side. Even here no card number is kept: a method remembers only what
-- charging it will do (`behaviour`), chosen from Stripe's test card numbers.
--
-- Until this set existed the shop's migration 0007 made these tables, exactly as
-- here: on a database it made, every statement below finds its table or index there
-- and leaves it (and its rows) as it is.
CREATE TABLE IF NOT EXISTS testpsp_methods (
    id          TEXT PRIMARY KEY,
    behaviour   TEXT NOT NULL,
    brand       TEXT NOT NULL,
    last4       TEXT NOT NULL,
    exp_month   BIGINT NOT NULL,
    exp_year    BIGINT NOT NULL,
    holder_name TEXT NOT NULL,
    detached    BIGINT NOT NULL DEFAULT 0 CHECK (detached IN (0, 1)),
    created_at  BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS testpsp_payments (
    id              TEXT PRIMARY KEY,
    idempotency_key TEXT NOT NULL UNIQUE,
    request_digest  TEXT NOT NULL,
    method_id       TEXT NOT NULL,
    amount_cents    BIGINT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('requires_action', 'authorized', 'captured', 'failed', 'canceled', 'refunded')),
    error_code      TEXT,
    error_message   TEXT,
    return_url      TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);

-- Captures, refunds and voids, one per idempotency key.
CREATE TABLE IF NOT EXISTS testpsp_operations (
    idempotency_key TEXT PRIMARY KEY,
    id              TEXT NOT NULL UNIQUE,
    payment_id      TEXT NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('capture', 'refund', 'void')),
    amount_cents    BIGINT NOT NULL,
    created_at      BIGINT NOT NULL
);

-- Webhooks waiting to be delivered to the shop.
CREATE TABLE IF NOT EXISTS testpsp_events (
    id         TEXT PRIMARY KEY,
    body       TEXT NOT NULL,
    delivered  BIGINT NOT NULL DEFAULT 0 CHECK (delivered IN (0, 1)),
    attempts   BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS testpsp_events_due ON testpsp_events (delivered, created_at);
