-- The highest discount running in each category ('UP to N% OFF' on the home page):
-- one seek per category into the products on discount.
CREATE INDEX products_cat_discount ON products (category_id, discount_bp) WHERE paid_cents <> price_cents;
