-- The catalogue's change feed: which products each catalogue version
-- changed, so every node's search index re-reads only those (store::catalogue's
-- `version.rs`). Written in the transaction that bumps the version, which holds the
-- version row until it commits, so versions become visible in order and a node that
-- reads every version above the one it last saw misses none. A NULL product_id means
-- "reindex everything" (a bulk load). Rows more than CHANGES_KEPT versions old are
-- deleted as new ones come; a node that far behind builds its index afresh.
CREATE TABLE catalogue_changes (
    version    BIGINT NOT NULL,
    product_id TEXT
);
CREATE INDEX catalogue_changes_by_version ON catalogue_changes (version);
