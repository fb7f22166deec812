-- The catalogue: categories, sub-categories, products, banners.
-- Ids are text (24 hex), money is integer cents, times are Unix milliseconds (BIGINT
-- throughout, so sqlx's Any driver reads every integer as i64 on both backends).

CREATE TABLE categories (
    id          TEXT PRIMARY KEY,
    title       TEXT NOT NULL UNIQUE,
    position    BIGINT NOT NULL DEFAULT 0,
    created_at  BIGINT NOT NULL
);

CREATE TABLE sub_categories (
    id          TEXT PRIMARY KEY,
    category_id TEXT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    title       TEXT NOT NULL,
    position    BIGINT NOT NULL DEFAULT 0,
    created_at  BIGINT NOT NULL,
    UNIQUE (category_id, title),
    UNIQUE (id, category_id)
);
CREATE INDEX sub_categories_by_category ON sub_categories (category_id, position);

CREATE TABLE products (
    id               TEXT PRIMARY KEY,
    name             TEXT NOT NULL,
    description      TEXT NOT NULL,
    price_cents      BIGINT NOT NULL CHECK (price_cents >= 0),
    discount_bp      BIGINT NOT NULL DEFAULT 0 CHECK (discount_bp BETWEEN 0 AND 10000),
    discount_ends_at BIGINT,
    -- What the shopper pays now: kept current when a discount ends (store::catalogue::sweep_expired_discounts).
    paid_cents       BIGINT NOT NULL CHECK (paid_cents >= 0),
    images           TEXT NOT NULL DEFAULT '[]',
    stock            BIGINT NOT NULL DEFAULT 0,
    category_id      TEXT NOT NULL REFERENCES categories (id),
    sub_category_id  TEXT NOT NULL,
    size             TEXT,
    color            TEXT,
    featured         BIGINT NOT NULL DEFAULT 0,
    rating_sum       BIGINT NOT NULL DEFAULT 0,
    review_count     BIGINT NOT NULL DEFAULT 0,
    search_text      TEXT NOT NULL,
    -- Stored, so a query walking another index checks each row without re-parsing it.
    search_vector    TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    -- A product's sub-category always belongs to its category.
    FOREIGN KEY (sub_category_id, category_id) REFERENCES sub_categories (id, category_id)
);
CREATE INDEX products_newest        ON products (created_at, id);
CREATE INDEX products_by_name       ON products ((lower(name) COLLATE "C"), id);
CREATE INDEX products_by_price      ON products (paid_cents, id);
CREATE INDEX products_cat_newest    ON products (category_id, created_at);
CREATE INDEX products_cat_price     ON products (category_id, paid_cents);
CREATE INDEX products_sub_newest    ON products (sub_category_id, created_at);
CREATE INDEX products_sub_price     ON products (sub_category_id, paid_cents);
CREATE INDEX products_featured      ON products (created_at) WHERE featured = 1;
CREATE INDEX products_discount_ends ON products (discount_ends_at) WHERE paid_cents <> price_cents;
-- Keyword search (store::dialect).
CREATE INDEX products_search ON products USING GIN (search_vector);

CREATE TABLE banners (
    id         TEXT PRIMARY KEY,
    image      TEXT NOT NULL,
    url        TEXT NOT NULL,
    position   BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX banners_by_position ON banners (position, id);
