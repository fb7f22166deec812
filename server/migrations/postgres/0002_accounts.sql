-- Accounts: users, their e-mail verification codes, password reset tokens, and the
-- attempt log behind the login and mail limits. Times are Unix milliseconds.

CREATE TABLE users (
    id             TEXT PRIMARY KEY,
    -- Trimmed and lowercased: one mailbox, one account.
    email          TEXT NOT NULL UNIQUE,
    password_hash  TEXT NOT NULL,
    full_name      TEXT NOT NULL DEFAULT '',
    phone_number   TEXT NOT NULL DEFAULT '',
    -- A path in the media store's private area, or NULL.
    profile_photo  TEXT,
    email_verified BIGINT NOT NULL DEFAULT 0,
    role           TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin')),
    -- Part of every access token: bumping it revokes all tokens issued before.
    token_version  BIGINT NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);

-- The one live sign-up code of a user, as a keyed digest.
CREATE TABLE email_codes (
    user_id     TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    code_digest TEXT NOT NULL,
    sent_at     BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    wrong_tries BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE password_resets (
    -- SHA-256 of the token; the token itself is only ever in the e-mail.
    token_digest TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    used_at      BIGINT
);
CREATE INDEX password_resets_by_user ON password_resets (user_id);

-- Failed logins and sent reset mails, by a digest of who (account, address or IP):
-- limits that hold across every node sharing the database.
CREATE TABLE auth_attempts (
    id      BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind    TEXT NOT NULL,
    subject TEXT NOT NULL,
    at      BIGINT NOT NULL
);
CREATE INDEX auth_attempts_by_subject ON auth_attempts (kind, subject, at);
CREATE INDEX auth_attempts_by_age ON auth_attempts (at);
