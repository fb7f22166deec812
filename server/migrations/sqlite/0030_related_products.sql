-- 'You'll also need' (docs/DESIGN.md §12, issue 35): the products staff link to a
-- product, in the order they chose (at most 12, none the product itself).
CREATE TABLE related_products (
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    related_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    PRIMARY KEY (product_id, related_id)
);
CREATE INDEX related_products_by_related ON related_products (related_id);
