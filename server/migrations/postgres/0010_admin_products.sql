-- The administrators' products table sorted and counted by stock: every
-- product, by units then id, so the 'stock' order and the in/low/out filters walk an
-- index instead of the table.
CREATE INDEX products_by_stock ON products (stock, id);
