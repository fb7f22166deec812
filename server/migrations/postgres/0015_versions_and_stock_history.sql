-- No lost updates in the console (docs/DESIGN.md §15, issue 30): every object a console form
-- edits carries a version that each administrator's write of its own fields bumps; a
-- save that names an older one is refused instead of writing what the form loaded over
-- what changed since. Stock movements do not bump it.
ALTER TABLE products    ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE categories  ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE sub_categories ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE banners     ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE promo_codes ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

-- Every movement of a product's stock, written in the transaction that moves it:
-- orders and cancellations (order_number set, no actor), and the staff's changes with
-- their reason (the actor as they were). Read newest first, a page at a time.
CREATE TABLE stock_movements (
    seq          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id   TEXT NOT NULL,
    at           BIGINT NOT NULL,
    delta        BIGINT NOT NULL,
    stock_after  BIGINT NOT NULL,
    reason       TEXT NOT NULL,
    actor_id     TEXT,
    actor_email  TEXT,
    actor_role   TEXT,
    order_number TEXT
);
CREATE INDEX stock_movements_by_product ON stock_movements (product_id, seq);
