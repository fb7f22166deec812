-- Staff's search synonyms (docs/DESIGN.md §15, "Search speaks the trade"): one row holding
-- every group as JSON (`[["TRV", "thermostatic radiator valve"], …]`, at most 500
-- groups of 2-10 terms), replaced whole by each save. `version` is bumped by each save,
-- which a save naming an older one is refused by (409); every node reads the row again
-- when the catalogue's version moves, which each save bumps.
CREATE TABLE search_synonyms (
    id          INTEGER PRIMARY KEY,
    term_groups TEXT NOT NULL,
    version     INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
INSERT INTO search_synonyms (id, term_groups, version, updated_at) VALUES (1, '[]', 1, 0);
