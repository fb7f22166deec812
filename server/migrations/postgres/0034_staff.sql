-- Staff roles, invitations and the last-owner rule (docs/DESIGN.md §13, issue 36).
-- `users.role` stays 'customer' or 'admin' (a member of staff); `staff_role` says which
-- of the four roles a member of staff has. Every administrator there was becomes an owner.
ALTER TABLE users ADD COLUMN staff_role TEXT;
ALTER TABLE users ADD COLUMN last_seen_at BIGINT;
UPDATE users SET staff_role = 'owner' WHERE role = 'admin';

-- An owner's invitation to an address: a single-use link (its keyed digest) valid 7 days.
-- Accepting it makes the address's account a member of staff with `role`.
CREATE TABLE staff_invitations (
    id           TEXT PRIMARY KEY,
    email        TEXT NOT NULL UNIQUE,
    role         TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'warehouse', 'support')),
    token_digest TEXT NOT NULL UNIQUE,
    invited_by   TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL
);

-- One row every change of a member's role or standing updates first: two owners demoting
-- each other at once take turns, so the second sees the first's change and the shop
-- keeps an owner.
CREATE TABLE staff_guard (
    id      INTEGER PRIMARY KEY,
    changes BIGINT NOT NULL
);
INSERT INTO staff_guard (id, changes) VALUES (1, 0);

-- Who did what: the role the member of staff had when they made the change.
ALTER TABLE admin_activity ADD COLUMN admin_role TEXT;
