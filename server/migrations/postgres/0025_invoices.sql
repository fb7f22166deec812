-- Tax invoices and credit notes (docs/DESIGN.md §10, issue 33): one gapless sequence of
-- each per shop. A number is taken by an UPDATE of its counter inside the transaction
-- that issues the document, so a transaction that rolls back gives its number back and
-- two nodes never take the same one (the row is locked until the taker commits).
CREATE TABLE document_counters (
    kind TEXT PRIMARY KEY CHECK (kind IN ('invoice', 'credit_note')),
    last BIGINT NOT NULL
);
INSERT INTO document_counters (kind, last) VALUES ('invoice', 0);
INSERT INTO document_counters (kind, last) VALUES ('credit_note', 0);

-- Every order placed from now on has one; orders placed before have none.
ALTER TABLE orders ADD COLUMN invoice_number TEXT;
CREATE UNIQUE INDEX orders_invoice_number ON orders (invoice_number);

-- A credit note credits part or all of one order: its cancellation (what had not been
-- credited yet) or a refund without one (§12). `position` is 1, 2, … within the order.
CREATE TABLE credit_notes (
    number       TEXT PRIMARY KEY,
    order_id     TEXT NOT NULL REFERENCES orders (id),
    position     BIGINT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    created_at   BIGINT NOT NULL,
    UNIQUE (order_id, position)
);
