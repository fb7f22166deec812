-- Reviews: one per customer per product. A review outlives its author's account
-- (user_id becomes NULL) and goes with its product. The product's rating_sum and
-- review_count are kept in step in the same transaction as every insert.

CREATE TABLE reviews (
    id         TEXT PRIMARY KEY,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    user_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
    rating     BIGINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment    TEXT NOT NULL,
    -- Public media paths, a JSON array.
    images     TEXT NOT NULL DEFAULT '[]',
    created_at BIGINT NOT NULL
);
-- NULL authors (deleted accounts) never collide.
CREATE UNIQUE INDEX reviews_one_per_customer ON reviews (product_id, user_id);
CREATE INDEX reviews_by_product_newest ON reviews (product_id, created_at, id);
CREATE INDEX reviews_by_user ON reviews (user_id);
