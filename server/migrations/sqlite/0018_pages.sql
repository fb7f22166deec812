-- The shop's own pages (docs/DESIGN.md §15, issue 30): the footer's policies and answers,
-- written by staff in Markdown at six fixed slugs and shown at /pages/{slug}. Each starts
-- with a plain placeholder, so a shop that has not written one yet still answers with
-- its title and an honest line instead of a dead link; `shop seed demo` fills the ones
-- no one has written (version 1). A staff save bumps `version` (no lost updates).
CREATE TABLE pages (
    slug       TEXT PRIMARY KEY,
    title      TEXT NOT NULL,
    body       TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    version    INTEGER NOT NULL DEFAULT 1
);
INSERT INTO pages (slug, title, body, updated_at) VALUES
    ('privacy', 'Privacy Policy', 'This page has not been written yet. If you have a question about how we use your details, please contact us.', CAST(strftime('%s', 'now') AS INTEGER) * 1000),
    ('terms', 'Terms & Conditions', 'This page has not been written yet. If you have a question about buying from us, please contact us.', CAST(strftime('%s', 'now') AS INTEGER) * 1000),
    ('returns', 'Cancellation & Return Policy', 'This page has not been written yet. If you want to cancel an order or return something, please contact us.', CAST(strftime('%s', 'now') AS INTEGER) * 1000),
    ('delivery', 'Delivery & Collection', 'This page has not been written yet. If you have a question about delivery or collecting an order, please contact us.', CAST(strftime('%s', 'now') AS INTEGER) * 1000),
    ('faq', 'FAQ', 'This page has not been written yet. If you have a question, please contact us.', CAST(strftime('%s', 'now') AS INTEGER) * 1000),
    ('e-waste', 'E-waste Policy', 'This page has not been written yet. If you want to know how to dispose of electrical items you bought from us, please contact us.', CAST(strftime('%s', 'now') AS INTEGER) * 1000);
