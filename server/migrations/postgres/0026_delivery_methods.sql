-- Delivery methods (docs/DESIGN.md §10, issue 33): where each delivers (postcode
-- prefixes, normalised: no spaces, upper case; [] is everywhere), what it charges by
-- weight (bands ascending, [{"upToGrams": 1000, "priceCents": 500}, …]; a last band
-- with a null weight takes any), and the goods after discounts at which it is free.
CREATE TABLE delivery_methods (
    id                TEXT PRIMARY KEY,
    name              TEXT NOT NULL,
    description       TEXT NOT NULL DEFAULT '',
    postcode_prefixes TEXT NOT NULL DEFAULT '[]',
    rates             TEXT NOT NULL,
    free_over_cents   BIGINT,
    active            BIGINT NOT NULL DEFAULT 1,
    position          BIGINT NOT NULL DEFAULT 0,
    -- Exactly one method is the default (1), used when the shopper does not choose.
    is_default        BIGINT NOT NULL DEFAULT 0,
    version           BIGINT NOT NULL DEFAULT 1,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
CREATE UNIQUE INDEX delivery_methods_one_default ON delivery_methods (is_default) WHERE is_default = 1;

-- The spec's fee for any weight, everywhere: every total the spec defines holds.
INSERT INTO delivery_methods (id, name, description, postcode_prefixes, rates, free_over_cents,
    active, position, is_default, version, created_at, updated_at)
VALUES ('000000000000000000000001', 'Standard delivery', '', '[]',
    '[{"upToGrams":null,"priceCents":10000}]', NULL, 1, 0, 1, 1, 0, 0);

-- Where a delivery goes (the postcode as typed, trimmed; the country's ISO code) and the
-- method it went by, as it was named then. Orders before this migration have none.
ALTER TABLE orders ADD COLUMN postcode TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN country TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN delivery_method_id TEXT;
ALTER TABLE orders ADD COLUMN delivery_method_name TEXT;
ALTER TABLE saved_addresses ADD COLUMN postcode TEXT NOT NULL DEFAULT '';
ALTER TABLE saved_addresses ADD COLUMN country TEXT NOT NULL DEFAULT '';
