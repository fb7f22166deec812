-- The catalogue: categories, sub-categories, products, banners.
-- Ids are text (24 hex), money is integer cents, times are Unix milliseconds.

CREATE TABLE categories (
    id          TEXT PRIMARY KEY,
    title       TEXT NOT NULL UNIQUE,
    position    INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL
);

CREATE TABLE sub_categories (
    id          TEXT PRIMARY KEY,
    category_id TEXT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    title       TEXT NOT NULL,
    position    INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    UNIQUE (category_id, title),
    UNIQUE (id, category_id)
);
CREATE INDEX sub_categories_by_category ON sub_categories (category_id, position);

-- `seq` aliases SQLite's rowid so it survives VACUUM; the full-text index points at it.
CREATE TABLE products (
    seq              INTEGER PRIMARY KEY,
    id               TEXT NOT NULL UNIQUE,
    name             TEXT NOT NULL,
    description      TEXT NOT NULL,
    price_cents      INTEGER NOT NULL CHECK (price_cents >= 0),
    discount_bp      INTEGER NOT NULL DEFAULT 0 CHECK (discount_bp BETWEEN 0 AND 10000),
    discount_ends_at INTEGER,
    -- What the shopper pays now: kept current when a discount ends (store::catalogue::sweep_expired_discounts).
    paid_cents       INTEGER NOT NULL CHECK (paid_cents >= 0),
    images           TEXT NOT NULL DEFAULT '[]',
    stock            INTEGER NOT NULL DEFAULT 0,
    category_id      TEXT NOT NULL,
    sub_category_id  TEXT NOT NULL,
    size             TEXT,
    color            TEXT,
    featured         INTEGER NOT NULL DEFAULT 0,
    rating_sum       INTEGER NOT NULL DEFAULT 0,
    review_count     INTEGER NOT NULL DEFAULT 0,
    search_text      TEXT NOT NULL,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    FOREIGN KEY (category_id) REFERENCES categories (id),
    -- A product's sub-category always belongs to its category.
    FOREIGN KEY (sub_category_id, category_id) REFERENCES sub_categories (id, category_id)
);
CREATE INDEX products_newest        ON products (created_at, id);
CREATE INDEX products_by_name       ON products (name COLLATE NOCASE, id);
CREATE INDEX products_by_price      ON products (paid_cents, id);
CREATE INDEX products_cat_newest    ON products (category_id, created_at);
CREATE INDEX products_cat_price     ON products (category_id, paid_cents);
CREATE INDEX products_sub_newest    ON products (sub_category_id, created_at);
CREATE INDEX products_sub_price     ON products (sub_category_id, paid_cents);
CREATE INDEX products_featured      ON products (created_at) WHERE featured = 1;
CREATE INDEX products_discount_ends ON products (discount_ends_at) WHERE paid_cents <> price_cents;

CREATE VIRTUAL TABLE products_fts USING fts5 (
    search_text,
    content = 'products',
    content_rowid = 'seq',
    -- Accents are kept, as PostgreSQL's 'simple' configuration keeps them.
    tokenize = 'unicode61 remove_diacritics 0',
    -- Word beginnings up to 10 characters are looked up directly (a longer one merges
    -- the posting lists of every word it begins): 'valve' finds 'valves' in well under 1 ms.
    prefix = '1 2 3 4 5 6 7 8 9 10'
);
CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
    INSERT INTO products_fts (rowid, search_text) VALUES (new.seq, new.search_text);
END;
CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
    INSERT INTO products_fts (products_fts, rowid, search_text) VALUES ('delete', old.seq, old.search_text);
END;
CREATE TRIGGER products_fts_update AFTER UPDATE OF search_text ON products BEGIN
    INSERT INTO products_fts (products_fts, rowid, search_text) VALUES ('delete', old.seq, old.search_text);
    INSERT INTO products_fts (rowid, search_text) VALUES (new.seq, new.search_text);
END;

CREATE TABLE banners (
    id         TEXT PRIMARY KEY,
    image      TEXT NOT NULL,
    url        TEXT NOT NULL,
    position   INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE INDEX banners_by_position ON banners (position, id);
