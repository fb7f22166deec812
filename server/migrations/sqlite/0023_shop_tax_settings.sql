-- The shop's identity and tax settings (docs/DESIGN.md §10, issue 33): what invoices name
-- and the rates every order's tax is worked out with. A fresh shop is in the United
-- Kingdom, labels its tax 'VAT', and its prices include it at 20 / 5 / 0 %, so no total
-- the spec defines changes. Rates are kept in basis points (20 % is 2000).
ALTER TABLE shop_settings ADD COLUMN shop_name TEXT NOT NULL DEFAULT 'Shop';
ALTER TABLE shop_settings ADD COLUMN street_address TEXT NOT NULL DEFAULT '';
ALTER TABLE shop_settings ADD COLUMN town_city TEXT NOT NULL DEFAULT '';
ALTER TABLE shop_settings ADD COLUMN postcode TEXT NOT NULL DEFAULT '';
ALTER TABLE shop_settings ADD COLUMN address_country TEXT NOT NULL DEFAULT 'GB';
ALTER TABLE shop_settings ADD COLUMN tax_number TEXT NOT NULL DEFAULT '';
ALTER TABLE shop_settings ADD COLUMN country TEXT NOT NULL DEFAULT 'GB';
ALTER TABLE shop_settings ADD COLUMN tax_label TEXT NOT NULL DEFAULT 'VAT';
-- 1: catalogue prices and the delivery fee include tax; 0: they are net.
ALTER TABLE shop_settings ADD COLUMN prices_include_tax BIGINT NOT NULL DEFAULT 1;
ALTER TABLE shop_settings ADD COLUMN rate_standard_bp BIGINT NOT NULL DEFAULT 2000;
ALTER TABLE shop_settings ADD COLUMN rate_reduced_bp BIGINT NOT NULL DEFAULT 500;
ALTER TABLE shop_settings ADD COLUMN rate_zero_bp BIGINT NOT NULL DEFAULT 0;
-- Other countries' rates: a JSON object {"DE": {"standard": 1900, "reduced": 700, "zero": 0}}.
ALTER TABLE shop_settings ADD COLUMN country_rates TEXT NOT NULL DEFAULT '{}';
-- Days after completion within which a shopper may return goods (§12); 0: no returns.
ALTER TABLE shop_settings ADD COLUMN return_window_days BIGINT NOT NULL DEFAULT 30;
