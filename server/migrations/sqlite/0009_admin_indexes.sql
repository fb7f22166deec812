-- Indexes the administrator's calls walk, so no call scans a table: the
-- order list's filters and search, the dashboard's figures, the customers list and
-- its search, and the activity log by kind of object. Prefix searches compare bytes
-- (`col >= 'ada' AND col < 'ada' || U+10FFFF`), which SQLite's default collation does.

-- The order list's filters; each keeps the list's newest-first order (seq).
CREATE INDEX orders_by_payment_status ON orders (payment_status, seq);
CREATE INDEX orders_by_fulfilment     ON orders (fulfilment, seq);
-- Date ranges: the list's from/to and the dashboard's day and week. Covering for the
-- dashboard, which counts and sums the orders of a range that are not cancelled.
CREATE INDEX orders_by_created        ON orders (created_at, status, total_cents);
-- The order search: e-mail (stored lowercased) and first name, by their beginning.
CREATE INDEX orders_by_email          ON orders (email_address);
CREATE INDEX orders_by_first_name     ON orders (lower(first_name));

-- The customers list, newest first, and its search by name (e-mail has its unique index).
CREATE INDEX users_newest             ON users (role, created_at, id);
CREATE INDEX users_by_name            ON users (lower(full_name));

-- The dashboard's low-stock (1-9) and out-of-stock panels: small, as few products run low.
CREATE INDEX products_low_stock       ON products (stock, id) WHERE stock < 10;
-- The dashboard's newest reviews.
CREATE INDEX reviews_newest           ON reviews (created_at, id);

-- The activity log filtered by kind of object alone (one object has its own index).
CREATE INDEX admin_activity_by_type   ON admin_activity (object_type, created_at, id);
