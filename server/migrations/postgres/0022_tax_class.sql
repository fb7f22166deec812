-- A product's tax class (docs/DESIGN.md §10, issue 33): its rate comes from the shop's
-- settings. Every product existing is on the standard rate, which a fresh shop's
-- prices include, so no total changes.
ALTER TABLE products ADD COLUMN tax_class TEXT NOT NULL DEFAULT 'standard'
    CHECK (tax_class IN ('standard', 'reduced', 'zero'));
