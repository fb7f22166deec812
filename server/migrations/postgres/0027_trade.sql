-- Trade accounts (docs/DESIGN.md §11, issue 34).

-- Customer groups: a group's category discounts ([{"categoryId": …, "percent": 1–90}],
-- a sub-category's entry winning over its category's) and whether the shop's cart
-- discount applies to its members.
CREATE TABLE customer_groups (
    id                 TEXT PRIMARY KEY,
    name               TEXT NOT NULL,
    -- The name as compared: trimmed and lower case, one group per name.
    name_key           TEXT NOT NULL UNIQUE,
    category_discounts TEXT NOT NULL DEFAULT '[]',
    cart_discount      BIGINT NOT NULL DEFAULT 1,
    version            BIGINT NOT NULL DEFAULT 1,
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);

-- A customer's application. One open (`status` 'open') at a time per customer; a
-- decided one keeps who decided, when, and the terms or the reason.
CREATE TABLE trade_applications (
    id                 TEXT PRIMARY KEY,
    user_id            TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    company_name       TEXT NOT NULL,
    tax_number         TEXT NOT NULL DEFAULT '',
    trade              TEXT NOT NULL,
    phone_number       TEXT NOT NULL,
    street_address     TEXT NOT NULL,
    town_city          TEXT NOT NULL,
    postcode           TEXT NOT NULL,
    country            TEXT NOT NULL,
    status             TEXT NOT NULL CHECK (status IN ('open', 'approved', 'rejected')),
    reason             TEXT,
    -- The group it was approved into (no reference: the group may go later).
    group_id           TEXT,
    credit_limit_cents BIGINT,
    terms_days         BIGINT,
    decided_by         TEXT,
    decided_at         BIGINT,
    created_at         BIGINT NOT NULL
);
CREATE UNIQUE INDEX trade_applications_one_open ON trade_applications (user_id) WHERE status = 'open';
CREATE INDEX trade_applications_by_user ON trade_applications (user_id, created_at);
CREATE INDEX trade_applications_newest ON trade_applications (created_at, id);
CREATE INDEX trade_applications_by_status ON trade_applications (status, created_at, id);

-- An approved customer's account: their group, credit limit and payment terms.
CREATE TABLE trade_accounts (
    user_id            TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    company_name       TEXT NOT NULL,
    -- A group with members cannot be deleted.
    group_id           TEXT REFERENCES customer_groups (id),
    credit_limit_cents BIGINT NOT NULL DEFAULT 0,
    terms_days         BIGINT NOT NULL DEFAULT 0,
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);
CREATE INDEX trade_accounts_by_group ON trade_accounts (group_id);

-- A group's own price for a variant.
CREATE TABLE group_prices (
    group_id    TEXT NOT NULL REFERENCES customer_groups (id) ON DELETE CASCADE,
    variant_id  TEXT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
    price_cents BIGINT NOT NULL,
    PRIMARY KEY (group_id, variant_id)
);
CREATE INDEX group_prices_by_variant ON group_prices (variant_id);

-- Quantity breaks of a variant for everyone (`group_id` '') or for one group.
CREATE TABLE price_breaks (
    variant_id   TEXT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
    -- No reference ('' is everyone): deleting a group deletes its breaks by hand.
    group_id     TEXT NOT NULL DEFAULT '',
    min_quantity BIGINT NOT NULL,
    price_cents  BIGINT NOT NULL,
    PRIMARY KEY (variant_id, group_id, min_quantity)
);
CREATE INDEX price_breaks_by_group ON price_breaks (group_id);
