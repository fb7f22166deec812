-- Back-in-stock alerts (docs/DESIGN.md §12, issue 35): an address asks to hear when a
-- sold-out variant is back. Every stock movement is written through one function
-- (store::stock::record); when one takes a variant from 0 to more, it marks that
-- variant's pending alerts due (`due_at`) in the movement's own transaction, whatever
-- the path. The alert worker mails each due alert once and sets `mailed_at`: it is
-- then done. One address has at most one pending alert a variant. `token_digest` is
-- the digest of the token in the mail's unsubscribe link, which removes every pending
-- alert of the address.
CREATE TABLE stock_alerts (
    id            TEXT PRIMARY KEY,
    email_address TEXT NOT NULL,
    product_id    TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    variant_id    TEXT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
    token_digest  TEXT NOT NULL UNIQUE,
    created_at    BIGINT NOT NULL,
    due_at        BIGINT,
    mailed_at     BIGINT
);
CREATE UNIQUE INDEX stock_alerts_pending ON stock_alerts (email_address, variant_id) WHERE mailed_at IS NULL;
CREATE INDEX stock_alerts_waiting ON stock_alerts (variant_id) WHERE mailed_at IS NULL;
CREATE INDEX stock_alerts_by_product ON stock_alerts (product_id) WHERE mailed_at IS NULL;
CREATE INDEX stock_alerts_due ON stock_alerts (due_at) WHERE mailed_at IS NULL AND due_at IS NOT NULL;

-- A mail may carry a one-click unsubscribe link in its headers (RFC 8058).
ALTER TABLE mail_outbox ADD COLUMN list_unsubscribe TEXT;
