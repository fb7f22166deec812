-- Promo codes (docs/DESIGN.md §8): made by administrators, applied by the server's quote and
-- order. Usage is counted in the order's transaction with a conditional increment, so
-- a limit holds however many orders race for the last use.
CREATE TABLE promo_codes (
    id                 TEXT PRIMARY KEY,
    -- Stored uppercased: codes are case-insensitive and unique.
    code               TEXT NOT NULL UNIQUE,
    kind               TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
    -- Basis points for a percentage, cents for a fixed amount.
    amount             BIGINT NOT NULL CHECK (amount > 0),
    starts_at          BIGINT,
    ends_at            BIGINT,
    usage_limit        BIGINT CHECK (usage_limit IS NULL OR usage_limit > 0),
    per_customer_limit BIGINT CHECK (per_customer_limit IS NULL OR per_customer_limit > 0),
    min_subtotal_cents BIGINT NOT NULL DEFAULT 0 CHECK (min_subtotal_cents >= 0),
    active             BIGINT NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    used_count         BIGINT NOT NULL DEFAULT 0,
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL,
    CHECK (usage_limit IS NULL OR used_count <= usage_limit)
);
CREATE INDEX promo_codes_newest ON promo_codes (created_at, id);

-- One row per order that used a code: who used it (a customer's id, or a guest's
-- lowercased e-mail address), for the per-customer limit.
CREATE TABLE promo_redemptions (
    promo_id   TEXT NOT NULL REFERENCES promo_codes (id),
    customer   TEXT NOT NULL,
    order_id   TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX promo_redemptions_by_customer ON promo_redemptions (promo_id, customer);

-- What the code took off an order, beside the shop's 20 % discount.
ALTER TABLE orders ADD COLUMN promo_discount_cents BIGINT NOT NULL DEFAULT 0;
