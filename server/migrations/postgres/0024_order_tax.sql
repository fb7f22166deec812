-- The tax an order was charged (docs/DESIGN.md §10, issue 33), kept as it was worked out
-- when the order was placed: rates change, an order's invoice does not. Orders placed
-- before this migration have no breakdown: these columns stay null for them.
-- 1: its prices included tax; 0: they were net and the total adds the tax.
ALTER TABLE orders ADD COLUMN prices_include_tax BIGINT;
ALTER TABLE orders ADD COLUMN tax_total_cents BIGINT;
-- The delivery fee's tax, at the standard rate.
ALTER TABLE orders ADD COLUMN delivery_tax_cents BIGINT;
-- The breakdown per class: [{"taxClass": "standard", "rateBp": 2000, "net": 8333, "tax": 1667}]
-- (amounts in cents).
ALTER TABLE orders ADD COLUMN taxes TEXT;
-- Each line's class and rate then, its share of the cart's discounts, what it came to
-- after them, and its tax.
ALTER TABLE order_lines ADD COLUMN tax_class TEXT;
ALTER TABLE order_lines ADD COLUMN tax_rate_bp BIGINT;
ALTER TABLE order_lines ADD COLUMN line_discount_cents BIGINT;
ALTER TABLE order_lines ADD COLUMN line_amount_cents BIGINT;
ALTER TABLE order_lines ADD COLUMN line_tax_cents BIGINT;
