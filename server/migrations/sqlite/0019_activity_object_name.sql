-- The activity log names what it changed (docs/DESIGN.md §15, issue 30): the object's name as
-- it was when the change was made (a product's name, a category's title, a promo code,
-- an order's number, a customer's name or address), so an entry still reads after a
-- rename or a deletion. Entries written before this get the name their object has now,
-- where it still exists; the rest stay null and the console shows the id.
ALTER TABLE admin_activity ADD COLUMN object_name TEXT;

UPDATE admin_activity SET object_name = (SELECT p.name FROM products p WHERE p.id = admin_activity.object_id)
 WHERE object_type = 'product';
UPDATE admin_activity SET object_name = (SELECT c.title FROM categories c WHERE c.id = admin_activity.object_id)
 WHERE object_type = 'category';
UPDATE admin_activity SET object_name = (SELECT s.title FROM sub_categories s WHERE s.id = admin_activity.object_id)
 WHERE object_type = 'sub_category';
UPDATE admin_activity SET object_name = (SELECT pc.code FROM promo_codes pc WHERE pc.id = admin_activity.object_id)
 WHERE object_type = 'promo_code';
UPDATE admin_activity SET object_name = (SELECT CASE WHEN u.full_name = '' THEN u.email ELSE u.full_name END
                                           FROM users u WHERE u.id = admin_activity.object_id)
 WHERE object_type = 'customer';
UPDATE admin_activity SET object_name = (SELECT p.name FROM reviews r JOIN products p ON p.id = r.product_id
                                          WHERE r.id = admin_activity.object_id)
 WHERE object_type = 'review';
UPDATE admin_activity SET object_name = object_id WHERE object_type = 'order';
UPDATE admin_activity SET object_name = (SELECT pg.title FROM pages pg WHERE pg.slug = admin_activity.object_id)
 WHERE object_type = 'page';
UPDATE admin_activity SET object_name = 'Shop settings' WHERE object_type = 'settings';
UPDATE admin_activity SET object_name = 'Search synonyms' WHERE object_type = 'search_synonyms';
