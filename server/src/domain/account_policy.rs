//! The account rules that are numbers: how long codes, reset links, access tokens and
//! signed photo URLs work, how often a code may be sent again, how many attempts a
//! window allows, and how long the sweeper keeps what those rules read. The handlers,
//! the store, the sweeper and the mails all take them from here, so a rule changes in
//! one place. The lifetimes come from docs/DESIGN.md §5 (Accounts) and §1 (Media); the limits
//! are documented in docs/API.md (Accounts).

/// One minute in milliseconds, the unit of stored times.
pub const MINUTE_MS: i64 = 60_000;

/// A sign-up code works for 10 minutes (docs/DESIGN.md §5, Accounts); the code mails say so.
pub const CODE_LIFETIME_MINUTES: i64 = 10;
/// [`CODE_LIFETIME_MINUTES`] in milliseconds.
pub const CODE_LIFETIME_MS: i64 = CODE_LIFETIME_MINUTES * MINUTE_MS;

/// Wrong tries a sign-up code survives: the fifth voids it until a new one is sent
/// (docs/DESIGN.md §5, Accounts).
pub const CODE_TRIES: i64 = 5;

/// A new sign-up code may be asked for once a minute (docs/DESIGN.md §5, Accounts).
pub const RESEND_EVERY_MS: i64 = MINUTE_MS;

/// A reset link works once, for 30 minutes (docs/DESIGN.md §5, Accounts); the link mails say so.
pub const RESET_LIFETIME_MINUTES: i64 = 30;
/// [`RESET_LIFETIME_MINUTES`] in milliseconds.
pub const RESET_LIFETIME_MS: i64 = RESET_LIFETIME_MINUTES * MINUTE_MS;

/// An access token is good for 7 days (docs/ARCHITECTURE.md, Accounts).
pub const TOKEN_LIFETIME_SECS: i64 = 7 * 24 * 60 * 60;
// The bound: never more than 30 days.
const _: () = assert!(TOKEN_LIFETIME_SECS <= 30 * 24 * 60 * 60);

/// A signed URL of a private profile photo works for 15 minutes (docs/DESIGN.md §1, Media).
pub const SIGNED_URL_LIFETIME_SECS: i64 = 15 * 60;

/// A limit on attempts: at most `limit` within `window_ms`.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub limit: i64,
    pub window_ms: i64,
}

/// Failed logins: 10 per account within 15 minutes (docs/API.md, Login limit). Wrong
/// current passwords, given to change the password or delete the account, count
/// toward the same limit.
pub const LOGIN_LIMIT: Limit = Limit {
    limit: 10,
    window_ms: 15 * MINUTE_MS,
};

/// Failed logins from one client address: 200 within 15 minutes. Many shoppers may
/// share an address (an office, a campus, a mobile network's NAT), so it must not be
/// what one person's typing locks: at 10 it did, for everyone there, 10 mistakes
/// after another. At 200, twenty people there locking their own accounts still leave
/// the rest signing in, while one address guessing passwords across many accounts is
/// still held to 200 guesses a quarter of an hour (each account keeps its own 10).
pub const LOGIN_ADDRESS_LIMIT: Limit = Limit {
    limit: 200,
    window_ms: 15 * MINUTE_MS,
};

/// Reset mails, from 'Forgot Password?' and 'Update Password' together: 5 per address
/// per hour (docs/API.md, Forgot-password limit).
pub const RESET_MAIL_LIMIT: Limit = Limit {
    limit: 5,
    window_ms: 60 * MINUTE_MS,
};

/// Verification codes mailed at the asking of one client address (sign-ups and
/// 'Resend OTP' together): 30 an hour. One address cannot make the shop mail
/// thousands of strangers (and ruin its mail's standing), while a shared address still
/// gets a sign-up every two minutes.
pub const CODE_MAIL_ADDRESS_LIMIT: Limit = Limit {
    limit: 30,
    window_ms: 60 * MINUTE_MS,
};

/// Attempts are kept as long as the longest limit window reads them.
pub const ATTEMPTS_KEPT_MS: i64 = if LOGIN_LIMIT.window_ms > RESET_MAIL_LIMIT.window_ms {
    LOGIN_LIMIT.window_ms
} else {
    RESET_MAIL_LIMIT.window_ms
};

/// Expired codes and reset links are kept a day, so they still answer 'expired'
/// rather than 'unknown'.
pub const EXPIRED_KEPT_MS: i64 = 24 * 60 * MINUTE_MS;

/// What an attempt is counted against, each with its limit above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttemptKind {
    /// A login, or a confirmation of the password, for one account ([`LOGIN_LIMIT`]).
    LoginAccount,
    /// A login from one client address ([`LOGIN_ADDRESS_LIMIT`]).
    LoginIp,
    /// A reset mail to one address ([`RESET_MAIL_LIMIT`]).
    ResetMail,
    /// An order link mailed by 'Track your order' to one address ([`RESET_MAIL_LIMIT`]).
    TrackMail,
    /// A verification code mailed at the asking of one client address
    /// ([`CODE_MAIL_ADDRESS_LIMIT`]).
    CodeMailIp,
}

impl AttemptKind {
    /// The kind as stored in `auth_attempts.kind` and mixed into the subject's digest.
    /// Databases hold these strings: changing one would forget the attempts counted.
    pub fn as_str(self) -> &'static str {
        match self {
            AttemptKind::LoginAccount => "login-account",
            AttemptKind::LoginIp => "login-ip",
            AttemptKind::ResetMail => "reset-mail",
            AttemptKind::TrackMail => "track-mail",
            AttemptKind::CodeMailIp => "code-mail-ip",
        }
    }

    /// How many attempts of the kind one subject may make, and within how long.
    pub fn limit(self) -> Limit {
        match self {
            AttemptKind::LoginAccount => LOGIN_LIMIT,
            AttemptKind::LoginIp => LOGIN_ADDRESS_LIMIT,
            AttemptKind::ResetMail | AttemptKind::TrackMail => RESET_MAIL_LIMIT,
            AttemptKind::CodeMailIp => CODE_MAIL_ADDRESS_LIMIT,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempt_kinds_keep_the_strings_databases_hold() {
        assert_eq!(AttemptKind::LoginAccount.as_str(), "login-account");
        assert_eq!(AttemptKind::LoginIp.as_str(), "login-ip");
        assert_eq!(AttemptKind::ResetMail.as_str(), "reset-mail");
        assert_eq!(AttemptKind::TrackMail.as_str(), "track-mail");
        assert_eq!(AttemptKind::CodeMailIp.as_str(), "code-mail-ip");
    }
}
