-- Variants, sale units and SKUs (docs/DESIGN.md §9, issue 32). A variant is what is
-- stocked, priced, put in a cart and ordered. Every existing product gets one default
-- variant carrying its price and stock and a generated SKU (its id in capitals), so
-- nothing the spec's calls answer changes. The product's `price_cents`, `paid_cents` and
-- `stock` stay, as what the listing sorts and filters by: derived from its variants
-- that are not archived (the cheapest price, the sum of stock) by the store, in the
-- transaction of every change (store::catalogue::variants).

-- A product's options, `[{"name": "Size", "values": ["15 mm", "22 mm"]}]`, and its sale unit.
ALTER TABLE products ADD COLUMN options TEXT NOT NULL DEFAULT '[]';
ALTER TABLE products ADD COLUMN unit TEXT NOT NULL DEFAULT 'each' CHECK (unit IN ('each', 'm', 'pack'));
ALTER TABLE products ADD COLUMN pack_size INTEGER CHECK (pack_size IS NULL OR pack_size >= 2);
ALTER TABLE products ADD COLUMN min_quantity INTEGER NOT NULL DEFAULT 1 CHECK (min_quantity >= 1);
ALTER TABLE products ADD COLUMN quantity_step INTEGER NOT NULL DEFAULT 1 CHECK (quantity_step >= 1);
-- The dearest variant's price (the cheapest is price_cents): the card's 'from' range.
ALTER TABLE products ADD COLUMN max_price_cents INTEGER;

CREATE TABLE product_variants (
    id           TEXT PRIMARY KEY,
    product_id   TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    sku          TEXT NOT NULL,
    -- One value of every product option, keys in sorted order: `{"Finish": "Chrome", "Size": "22 mm"}`.
    options      TEXT NOT NULL DEFAULT '{}',
    price_cents  INTEGER NOT NULL CHECK (price_cents >= 0),
    stock        INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
    weight_grams INTEGER CHECK (weight_grams IS NULL OR weight_grams >= 0),
    image        TEXT,
    position     INTEGER NOT NULL DEFAULT 0,
    -- Set when a save leaves out a variant an order names: gone from the shop, its SKU still taken.
    archived_at  INTEGER,
    created_at   INTEGER NOT NULL
);
-- SKUs are unique across the shop ignoring case, archived ones included.
CREATE UNIQUE INDEX product_variants_sku ON product_variants (lower(sku));
CREATE INDEX product_variants_by_product ON product_variants (product_id, position);
-- No two variants of a product in the shop have the same values.
CREATE UNIQUE INDEX product_variants_combination ON product_variants (product_id, options) WHERE archived_at IS NULL;
-- The dashboard's low-stock (1-9) and out-of-stock panels count variants.
CREATE INDEX product_variants_by_stock ON product_variants (stock, id) WHERE archived_at IS NULL;

UPDATE products SET stock = 0 WHERE stock < 0;
INSERT INTO product_variants (id, product_id, sku, options, price_cents, stock, position, created_at)
SELECT lower(hex(randomblob(12))), id, upper(id), '{}', price_cents, stock, 0, created_at FROM products;
UPDATE products SET max_price_cents = price_cents;

-- Carts and wishlists hold one line per variant: rebuilt, as SQLite cannot change a
-- table's unique constraint in place.
CREATE TABLE user_items_new (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    list       TEXT NOT NULL CHECK (list IN ('cart', 'wishlist')),
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    variant_id TEXT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
    -- Always 1 on the wishlist.
    quantity   INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, list, variant_id)
);
INSERT INTO user_items_new (id, user_id, list, product_id, variant_id, quantity, created_at)
SELECT i.id, i.user_id, i.list, i.product_id, v.id, i.quantity, i.created_at
FROM user_items i JOIN product_variants v ON v.product_id = i.product_id;
DROP TABLE user_items;
ALTER TABLE user_items_new RENAME TO user_items;
CREATE INDEX user_items_by_product ON user_items (product_id);
CREATE INDEX user_items_by_variant ON user_items (variant_id);

-- Order lines name the variant they sold, as it was then.
ALTER TABLE order_lines ADD COLUMN variant_id TEXT;
ALTER TABLE order_lines ADD COLUMN sku TEXT;
ALTER TABLE order_lines ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
UPDATE order_lines SET variant_id = (SELECT v.id FROM product_variants v WHERE v.product_id = order_lines.product_id),
                       sku = (SELECT v.sku FROM product_variants v WHERE v.product_id = order_lines.product_id);
CREATE INDEX order_lines_by_variant ON order_lines (variant_id);

-- Stock moves per variant; a product's history is still read by product.
ALTER TABLE stock_movements ADD COLUMN variant_id TEXT;
UPDATE stock_movements SET variant_id = (SELECT v.id FROM product_variants v WHERE v.product_id = stock_movements.product_id);
