-- Carts and wishlists of signed-in customers: one row per product per list.
-- They go with their owner's account and with their product, so a deleted product
-- leaves the lists rather than breaking them.

CREATE TABLE user_items (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    list       TEXT NOT NULL CHECK (list IN ('cart', 'wishlist')),
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    -- Always 1 on the wishlist.
    quantity   INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, list, product_id)
);
-- The unique index serves the per-user lists; this one serves the product cascade.
CREATE INDEX user_items_by_product ON user_items (product_id);
