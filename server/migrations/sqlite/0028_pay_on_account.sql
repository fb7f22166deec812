-- Pay on account (docs/DESIGN.md §11, issue 34): an order's purchase-order number, the
-- day it is due (YYYY-MM-DD, UTC) and when its overdue reminder was mailed.
ALTER TABLE orders ADD COLUMN po_number TEXT;
ALTER TABLE orders ADD COLUMN due_date TEXT;
ALTER TABLE orders ADD COLUMN reminded_at BIGINT;
-- An account's open orders: the credit check sums them inside each order's transaction.
CREATE INDEX orders_account_open ON orders (user_id, due_date)
    WHERE payment_method = 'account' AND payment_status = 'unpaid' AND status <> 'cancelled';

-- `payment_method` gains 'account'. SQLite cannot alter a CHECK constraint, and rebuilding
-- `orders` would cascade-delete its lines inside this transaction; a looser CHECK leaves
-- every stored row as it is, so the table's text is edited as SQLite's documentation
-- describes for such changes (lang_altertable.html, "Making Other Kinds Of Table Schema
-- Changes"). The columns above are added first, as ALTER TABLE reads the text it edits.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'payment_method IN (''cod'', ''card'')',
                          'payment_method IN (''cod'', ''card'', ''account'')')
 WHERE type = 'table' AND name = 'orders';
PRAGMA writable_schema = OFF;
-- Had the table's text been other than migration 6 wrote it, nothing was replaced: stop
-- here (abs() of the least integer is an overflow error) rather than record this version.
SELECT abs(-9223372036854775807 - 1) WHERE NOT EXISTS (
    SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'orders'
       AND sql LIKE '%''cod'', ''card'', ''account''%');
-- Any schema change moves the schema version on: every connection reads the text again.
CREATE TABLE migration_28_schema_bump (x INTEGER);
DROP TABLE migration_28_schema_bump;
