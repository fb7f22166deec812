-- The shop's own settings (docs/DESIGN.md §10 and §15): one row, edited in the console and
-- read by the storefront, the mails and the order messages. A fresh shop names no
-- currency (the spec's two readings stay) and no pickup point (the spec's words stay).
CREATE TABLE shop_settings (
    id                   BIGINT PRIMARY KEY CHECK (id = 1),
    -- ISO 4217, uppercased; null keeps the spec's dollars and rupees.
    currency             TEXT,
    -- The pickup block: all four set together (name and address required), or all null.
    pickup_name          TEXT,
    pickup_address       TEXT,
    pickup_opening_hours TEXT,
    pickup_instructions  TEXT,
    version              BIGINT NOT NULL DEFAULT 1,
    updated_at           BIGINT NOT NULL DEFAULT 0
);
INSERT INTO shop_settings (id) VALUES (1);
