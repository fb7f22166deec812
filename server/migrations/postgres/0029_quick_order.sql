-- Quick order's idempotency (docs/DESIGN.md §11, issue 34): the first answer to a
-- customer's `POST /user/item/bulk` under a key, sent again for the same request.
CREATE TABLE quick_order_requests (
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    idempotency_key TEXT NOT NULL,
    request_digest  TEXT NOT NULL,
    answer          TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    PRIMARY KEY (user_id, idempotency_key)
);
CREATE INDEX quick_order_requests_by_age ON quick_order_requests (created_at);
