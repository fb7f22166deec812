-- A cancelled card order whose refund the provider did not take. The cancellation
-- writes the row; each node's refund worker tries again with growing waits (as the mail
-- outbox does) until the refund goes through, or after the last try marks the row
-- failed, and the console's order page shows staff the reason.
CREATE TABLE refund_retries (
    order_id        TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    -- The administrator who cancelled, so the refund's activity entry names them;
    -- null when the shopper cancelled.
    actor_id        TEXT,
    actor_email     TEXT,
    created_at      BIGINT NOT NULL,
    -- Tries so far, the cancellation's own included.
    attempts        BIGINT NOT NULL DEFAULT 1,
    next_attempt_at BIGINT NOT NULL,
    claimed_until   BIGINT,
    -- Set when a retry went through.
    done_at         BIGINT,
    -- Set when the worker gives up: staff see it on the order.
    failed_at       BIGINT,
    last_error      TEXT NOT NULL
);

CREATE INDEX refund_retries_due ON refund_retries (next_attempt_at) WHERE done_at IS NULL AND failed_at IS NULL;
