-- Indexes the administrator's calls walk, so no call scans a table: the
-- order list's filters and search, the dashboard's figures, the customers list and
-- its search, and the activity log by kind of object. Prefix searches compare bytes
-- (`col COLLATE "C" >= 'ada' AND … < 'ada' || U+10FFFF`), so their indexes are in
-- the "C" collation (store/dialect.rs, `bytewise`).

-- The order list's filters; each keeps the list's newest-first order (seq).
CREATE INDEX orders_by_payment_status ON orders (payment_status, seq);
CREATE INDEX orders_by_fulfilment     ON orders (fulfilment, seq);
-- Date ranges: the list's from/to and the dashboard's day and week. Covering for the
-- dashboard, which counts and sums the orders of a range that are not cancelled.
CREATE INDEX orders_by_created        ON orders (created_at, status, total_cents);
-- The order search: e-mail (stored lowercased) and first name, by their beginning.
CREATE INDEX orders_by_email          ON orders ((email_address COLLATE "C"));
CREATE INDEX orders_by_first_name     ON orders ((lower(first_name) COLLATE "C"));

-- The customers list, newest first, and its search by name or e-mail.
CREATE INDEX users_newest             ON users (role, created_at, id);
CREATE INDEX users_by_name            ON users ((lower(full_name) COLLATE "C"));
CREATE INDEX users_by_email_bytes     ON users ((email COLLATE "C"));

-- The dashboard's low-stock (1-9) and out-of-stock panels: small, as few products run low.
CREATE INDEX products_low_stock       ON products (stock, id) WHERE stock < 10;
-- The dashboard's newest reviews.
CREATE INDEX reviews_newest           ON reviews (created_at, id);

-- The activity log filtered by kind of object alone (one object has its own index).
CREATE INDEX admin_activity_by_type   ON admin_activity (object_type, created_at, id);
