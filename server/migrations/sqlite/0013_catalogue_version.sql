-- The catalogue's version (issue 14, "on every node"): every write that changes what
-- the shop lists bumps it in its own transaction, and every node polls it each second
-- and forgets its listing totals when it moved, so a change made on one node shows on
-- the others within about a second. One row, written only by administrators' changes.
CREATE TABLE catalogue_version (
    id      INTEGER PRIMARY KEY,
    version INTEGER NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (1, 0);

-- The dashboard's stock panels count only products in the shop, which
-- products_by_stock (stock, id) WHERE archived_at IS NULL already holds in order:
-- the partial index on every product under 10 units only cost each order's stock
-- decrement a second index write.
DROP INDEX products_low_stock;

-- 'Is this product in any order?': an administrator may delete a product only while
-- no order line names it (otherwise it is archived), answered from this index.
CREATE INDEX order_lines_by_product ON order_lines (product_id);
