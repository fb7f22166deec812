-- The administrator's catalogue: archived products, hidden reviews, and
-- category titles unique in any case.

-- An archived product leaves the shop (listing, search, product page, homepage, carts,
-- checkout) but stays in the console and in old orders' lines. Every public query says
-- `p.archived_at IS NULL`, and the listing's indexes hold only products in the shop,
-- so counts stay index-only and archived products cost the shop nothing.
ALTER TABLE products ADD COLUMN archived_at BIGINT;

DROP INDEX products_newest;
DROP INDEX products_by_name;
DROP INDEX products_by_price;
DROP INDEX products_cat_newest;
DROP INDEX products_cat_price;
DROP INDEX products_sub_newest;
DROP INDEX products_sub_price;
DROP INDEX products_featured;
DROP INDEX products_cat_discount;
DROP INDEX products_by_stock;
CREATE INDEX products_newest       ON products (created_at, id) WHERE archived_at IS NULL;
CREATE INDEX products_by_name      ON products ((lower(name) COLLATE "C"), id) WHERE archived_at IS NULL;
CREATE INDEX products_by_price     ON products (paid_cents, id) WHERE archived_at IS NULL;
CREATE INDEX products_cat_newest   ON products (category_id, created_at) WHERE archived_at IS NULL;
CREATE INDEX products_cat_price    ON products (category_id, paid_cents) WHERE archived_at IS NULL;
CREATE INDEX products_sub_newest   ON products (sub_category_id, created_at) WHERE archived_at IS NULL;
CREATE INDEX products_sub_price    ON products (sub_category_id, paid_cents) WHERE archived_at IS NULL;
CREATE INDEX products_featured     ON products (created_at) WHERE featured = 1 AND archived_at IS NULL;
CREATE INDEX products_cat_discount ON products (category_id, discount_bp) WHERE paid_cents <> price_cents AND archived_at IS NULL;
CREATE INDEX products_by_stock     ON products (stock, id) WHERE archived_at IS NULL;
-- Every product of a category or sub-category, archived or not: the foreign keys'
-- checks when one is deleted, 'still holds products', and renaming's search text.
CREATE INDEX products_by_category  ON products (category_id, sub_category_id);
-- The console's archived products (few): its `archived=true` table.
CREATE INDEX products_archived     ON products (created_at, id) WHERE archived_at IS NOT NULL;

-- Titles are unique in any case: 'Faucets' and 'faucets' would read as one in the menu.
CREATE UNIQUE INDEX categories_by_title     ON categories (lower(title));
CREATE UNIQUE INDEX sub_categories_by_title ON sub_categories (category_id, lower(title));

-- A hidden review leaves the product's page and its rating (rating_sum and
-- review_count drop in the same transaction), and comes back when shown again.
ALTER TABLE reviews ADD COLUMN hidden_at BIGINT;
ALTER TABLE reviews ADD COLUMN hidden_reason TEXT;
-- The product page's list and its total: visible reviews only, index-only counts.
DROP INDEX reviews_by_product_newest;
CREATE INDEX reviews_visible_by_product ON reviews (product_id, created_at, id) WHERE hidden_at IS NULL;
-- The console's review list, newest first (reviews_newest serves it unfiltered).
CREATE INDEX reviews_by_rating      ON reviews (rating, created_at, id);
CREATE INDEX reviews_visible_newest ON reviews (created_at, id) WHERE hidden_at IS NULL;
CREATE INDEX reviews_hidden_newest  ON reviews (created_at, id) WHERE hidden_at IS NOT NULL;
