-- Webhooks for the shop's other systems (docs/DESIGN.md §13, issue 36). An event is
-- written in the transaction of the change it reports, with one delivery for each active
-- endpoint that listens for its type; the worker sends each delivery until a 2xx or the
-- last retry, keeping every try.
CREATE TABLE webhook_endpoints (
    id          TEXT PRIMARY KEY,
    url         TEXT NOT NULL,
    -- The event types, each between commas: ',order.placed,order.paid,'.
    events      TEXT NOT NULL,
    description TEXT NOT NULL,
    secret      TEXT NOT NULL,
    active      INTEGER NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);

CREATE TABLE webhook_events (
    id         TEXT PRIMARY KEY,
    type       TEXT NOT NULL,
    -- The order's number, or the return's, product's or customer's id.
    object_id  TEXT NOT NULL,
    -- The body every try sends, fixed the first time the event is sent.
    body       TEXT,
    created_at BIGINT NOT NULL
);

CREATE TABLE webhook_deliveries (
    id            TEXT PRIMARY KEY,
    -- No foreign key: a change writing a delivery never waits on, or fails for, an
    -- endpoint deleted at that moment; deleting an endpoint deletes its deliveries, and
    -- one written for it meanwhile is never sent (the worker joins the endpoint).
    endpoint_id   TEXT NOT NULL,
    event_id      TEXT NOT NULL REFERENCES webhook_events (id),
    type          TEXT NOT NULL,
    state         TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
    tries         BIGINT NOT NULL,
    due_at        BIGINT NOT NULL,
    -- A node sending it holds it until then; after, another may take it over.
    claimed_until BIGINT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, due_at);
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at, id);

CREATE TABLE webhook_attempts (
    -- No foreign key either: a try finishing as its endpoint is deleted is kept, unread.
    delivery_id TEXT NOT NULL,
    at          BIGINT NOT NULL,
    -- The HTTP status, or NULL when none came.
    status      BIGINT,
    duration_ms BIGINT NOT NULL,
    error       TEXT
);
CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, at);
