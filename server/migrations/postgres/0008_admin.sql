-- The administrator's console (docs/DESIGN.md §8).

-- Every change an administrator makes: who, to what, what, and the changed fields
-- before and after. No foreign keys: the log outlives the accounts and objects it names.
CREATE TABLE admin_activity (
    id          TEXT PRIMARY KEY,
    admin_id    TEXT NOT NULL,
    admin_email TEXT NOT NULL,
    -- product, category, sub_category, banner, order, customer, review, promo_code
    object_type TEXT NOT NULL,
    object_id   TEXT NOT NULL,
    -- created, updated, archived, deleted, …: what was done, in a word
    action      TEXT NOT NULL,
    -- A JSON object {field: [before, after]} of the fields that changed.
    changes     TEXT NOT NULL DEFAULT '{}',
    created_at  BIGINT NOT NULL
);
CREATE INDEX admin_activity_newest    ON admin_activity (created_at, id);
CREATE INDEX admin_activity_by_admin  ON admin_activity (admin_id, created_at, id);
CREATE INDEX admin_activity_by_object ON admin_activity (object_type, object_id, created_at, id);

-- A disabled account cannot sign in, and its tokens stop working (token_version is bumped).
ALTER TABLE users ADD COLUMN disabled_at BIGINT;
