//! The rules for what a shopper types into the account forms (spec §5), with the
//! spec's messages. Each `parse` returns a value that is valid by construction, or
//! the message to show under the field.

use std::fmt;

/// An e-mail address, trimmed and lowercased so one mailbox is one account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Email(String);

pub const EMAIL_REQUIRED: &str = "Email is required";
pub const EMAIL_INVALID: &str = "Please enter a valid email address.";

impl Email {
    pub fn parse(raw: &str) -> Result<Email, &'static str> {
        let text = raw.trim();
        if text.is_empty() {
            return Err(EMAIL_REQUIRED);
        }
        let Some((local, domain)) = text.split_once('@') else {
            return Err(EMAIL_INVALID);
        };
        let labels_ok = domain.split('.').count() >= 2
            && domain.split('.').all(|label| {
                !label.is_empty()
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            });
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && !local.starts_with('.')
            && !local.ends_with('.')
            && !local.contains("..")
            && local
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~.".contains(c));
        if text.len() > 254 || !local_ok || !labels_ok {
            return Err(EMAIL_INVALID);
        }
        Ok(Email(text.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Characters a sign-up password may use besides letters and digits.
const SIGNUP_SYMBOLS: &str = "@$!%?&";
pub const PASSWORD_REQUIRED: &str = "Password is required";
pub const SIGNUP_PASSWORD_RULE: &str = "Password must contain at least one uppercase letter, one lowercase letter, one number, and be at least 8 characters long";
/// What a reset that breaks a rule answers (spec §8, HTTP 422).
pub const RESET_PASSWORD_RULE: &str = "Password does not meet requirements.";
/// Longest password any form takes: long enough for pass phrases, short enough
/// that nobody can make the server hash megabytes.
pub const PASSWORD_MAX_CHARS: usize = 128;

/// A password as typed at login: only presence and the minimum length are checked,
/// so older or reset passwords of any allowed shape still work.
pub fn check_login_password(password: &str) -> Result<(), &'static str> {
    if password.is_empty() {
        Err(PASSWORD_REQUIRED)
    } else if password.chars().count() < 6 {
        Err("Password must be at least 6 characters.")
    } else if password.chars().count() > PASSWORD_MAX_CHARS {
        Err("Password cannot exceed 128 characters")
    } else {
        Ok(())
    }
}

/// The sign-up rule: 8 to 40 characters of letters, digits and `@$!%?&`, with a
/// lowercase letter, an uppercase letter and a digit.
pub fn check_signup_password(password: &str) -> Result<(), &'static str> {
    let length = password.chars().count();
    if password.is_empty() {
        return Err(PASSWORD_REQUIRED);
    }
    if length < 8 {
        return Err("Password must be at least 8 characters");
    }
    if length > 40 {
        return Err("Password cannot exceed 40 characters");
    }
    let allowed = password
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || SIGNUP_SYMBOLS.contains(c));
    if !allowed
        || !password.chars().any(|c| c.is_ascii_lowercase())
        || !password.chars().any(|c| c.is_ascii_uppercase())
        || !password.chars().any(|c| c.is_ascii_digit())
    {
        return Err(SIGNUP_PASSWORD_RULE);
    }
    Ok(())
}

/// One rule of the reset screen: whether a password keeps it, and its message.
type Rule = (fn(&str) -> bool, &'static str);

/// The new-password rule of the reset screen: every one of its five checks, with
/// the message of the first that fails.
pub fn check_new_password(password: &str) -> Result<(), &'static str> {
    let rules: [Rule; 5] = [
        (|p| p.chars().count() >= 8, "Must be at least 8 characters"),
        (
            |p| p.chars().any(char::is_uppercase),
            "Must contain at least one uppercase letter",
        ),
        (
            |p| p.chars().any(char::is_lowercase),
            "Must contain at least one lowercase letter",
        ),
        (
            |p| p.chars().any(|c| c.is_ascii_digit()),
            "Must contain at least one number",
        ),
        (
            |p| {
                p.chars()
                    .any(|c| !c.is_alphanumeric() && !c.is_whitespace())
            },
            "Must contain one special character",
        ),
    ];
    if let Some((_, message)) = rules.iter().find(|(holds, _)| !holds(password)) {
        return Err(message);
    }
    if password.chars().count() > PASSWORD_MAX_CHARS {
        return Err("Password cannot exceed 128 characters");
    }
    Ok(())
}

/// Characters no form's text may hold: the control characters other than tab, line
/// feed and carriage return (`http::extract::holds_control`), as a regex class body.
pub const CONTROL_CLASS: &str = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f";

/// The sign-up rule (without its 8 to 40 characters, which the schema gives as
/// lengths) as an OpenAPI pattern: only letters, digits and `@$!%?&`, holding a
/// lowercase letter, an uppercase letter and a digit.
pub fn signup_password_pattern() -> String {
    holding_each("[A-Za-z0-9@$!%?&]", &["[a-z]", "[A-Z]", "[0-9]"])
}

/// The reset screen's rule (without its 8 to 128 characters) as an OpenAPI pattern,
/// with its letters and special characters narrowed to ASCII so every client's
/// regex reads it alike: an uppercase and a lowercase letter, a digit and an ASCII
/// punctuation mark, among any characters but the control characters.
pub fn new_password_pattern() -> String {
    let any = format!("[^{CONTROL_CLASS}]");
    holding_each(&any, &["[A-Z]", "[a-z]", "[0-9]", r"[!-/:-@\[-`{-~]"])
}

/// A regex for text of `filler` characters holding at least one character of each
/// of `classes` (each also a filler), in any order. JSON Schema's regexes have no
/// lookahead that every client supports, so every order is spelt out.
fn holding_each(filler: &str, classes: &[&str]) -> String {
    fn orders<'a>(classes: &[&'a str]) -> Vec<Vec<&'a str>> {
        if classes.is_empty() {
            return vec![vec![]];
        }
        let mut all = Vec::new();
        for (i, first) in classes.iter().enumerate() {
            let mut rest = classes.to_vec();
            rest.remove(i);
            for mut order in orders(&rest) {
                order.insert(0, first);
                all.push(order);
            }
        }
        all
    }
    let alternatives: Vec<String> = orders(classes)
        .into_iter()
        .map(|order| {
            let mut one = format!("{filler}*");
            for class in order {
                one.push_str(&format!("{class}{filler}*"));
            }
            one
        })
        .collect();
    format!("^(?:{})$", alternatives.join("|"))
}

/// A person's name as shown on their account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FullName(String);

pub const FULL_NAME_REQUIRED: &str = "Full Name is required";
const FULL_NAME_MAX_CHARS: usize = 100;

impl FullName {
    pub fn parse(raw: &str) -> Result<FullName, &'static str> {
        let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.is_empty() {
            Err(FULL_NAME_REQUIRED)
        } else if name.chars().count() > FULL_NAME_MAX_CHARS {
            Err("Full name cannot exceed 100 characters")
        } else if name.chars().any(char::is_control) {
            Err("Full name cannot contain control characters")
        } else {
            Ok(FullName(name))
        }
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_trimmed_and_lowercased() {
        assert_eq!(
            Email::parse("  Ada.Lovelace@Example.COM ")
                .unwrap()
                .as_str(),
            "ada.lovelace@example.com"
        );
        assert_eq!(
            Email::parse("a+tag@sub.example.co.uk").unwrap().as_str(),
            "a+tag@sub.example.co.uk"
        );
    }

    #[test]
    fn emails_without_a_mailbox_shape_are_refused() {
        assert_eq!(Email::parse(" "), Err(EMAIL_REQUIRED));
        for bad in [
            "plain",
            "@example.com",
            "a@",
            "a@example",
            "a@@example.com",
            "a b@example.com",
            "a@exa mple.com",
            "a@.example.com",
            "a@example..com",
            ".a@example.com",
            "a..b@example.com",
            "a@-example.com",
            "<script>@example.com",
            "ünicode@example.com",
        ] {
            assert_eq!(Email::parse(bad), Err(EMAIL_INVALID), "{bad}");
        }
        assert_eq!(
            Email::parse(&format!("{}@example.com", "a".repeat(65))),
            Err(EMAIL_INVALID)
        );
    }

    #[test]
    fn login_passwords_need_six_characters() {
        assert_eq!(check_login_password(""), Err(PASSWORD_REQUIRED));
        assert_eq!(
            check_login_password("12345"),
            Err("Password must be at least 6 characters.")
        );
        assert_eq!(check_login_password("123456"), Ok(()));
    }

    #[test]
    fn signup_passwords_follow_the_signup_rule() {
        assert_eq!(check_signup_password("Secret12"), Ok(()));
        assert_eq!(check_signup_password("S3cret@$!%?&"), Ok(()));
        assert_eq!(check_signup_password(""), Err(PASSWORD_REQUIRED));
        assert_eq!(
            check_signup_password("Ab1"),
            Err("Password must be at least 8 characters")
        );
        assert_eq!(
            check_signup_password(&format!("Ab1{}", "x".repeat(38))),
            Err("Password cannot exceed 40 characters")
        );
        for bad in [
            "secret12",
            "SECRET12",
            "SecretSecret",
            "Secret12#",
            "Secret 12",
            "Sécret12",
        ] {
            assert_eq!(
                check_signup_password(bad),
                Err(SIGNUP_PASSWORD_RULE),
                "{bad}"
            );
        }
    }

    #[test]
    fn new_passwords_report_the_first_rule_they_break() {
        assert_eq!(check_new_password("Secret12!"), Ok(()));
        assert_eq!(
            check_new_password("Se1!"),
            Err("Must be at least 8 characters")
        );
        assert_eq!(
            check_new_password("secret12!"),
            Err("Must contain at least one uppercase letter")
        );
        assert_eq!(
            check_new_password("SECRET12!"),
            Err("Must contain at least one lowercase letter")
        );
        assert_eq!(
            check_new_password("Secretxx!"),
            Err("Must contain at least one number")
        );
        assert_eq!(
            check_new_password("Secret123"),
            Err("Must contain one special character")
        );
        assert_eq!(
            check_new_password(&format!("Aa1!{}", "x".repeat(125))),
            Err("Password cannot exceed 128 characters")
        );
    }

    #[test]
    fn full_names_are_required_and_tidied() {
        assert_eq!(
            FullName::parse("  Ada   Lovelace ").unwrap().into_inner(),
            "Ada Lovelace"
        );
        assert_eq!(FullName::parse("   "), Err(FULL_NAME_REQUIRED));
        assert!(FullName::parse(&"a".repeat(101)).is_err());
        assert!(FullName::parse(&"a".repeat(100)).is_ok());
    }

    /// One row of the table the storefront's schemas are tested against too.
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct PasswordExample {
        why: String,
        password: String,
        login: String,
        signup: String,
        new_password: String,
    }

    /// One of the three password rules: accepted, or the message it refuses with.
    type PasswordCheck = fn(&str) -> Result<(), &'static str>;

    #[derive(serde::Deserialize)]
    struct PasswordExamples {
        examples: Vec<PasswordExample>,
    }

    #[test]
    fn passwords_shared_with_the_storefront_get_the_answers_in_its_table() {
        let table: PasswordExamples = serde_json::from_str(include_str!(
            "../../../web/src/features/auth/password-examples.json"
        ))
        .expect("password-examples.json parses");
        assert!(table.examples.len() >= 30, "the table lost its examples");
        for example in &table.examples {
            let forms: [(&str, PasswordCheck, &str); 3] = [
                ("login", check_login_password, &example.login),
                ("signup", check_signup_password, &example.signup),
                ("new password", check_new_password, &example.new_password),
            ];
            for (form, check, expected) in forms {
                let answer = check(&example.password).err().unwrap_or("accepted");
                assert_eq!(answer, expected, "{form}: {}", example.why);
            }
        }
    }

    /// The OpenAPI document's password patterns, with its lengths, accept exactly what
    /// the rules accept, on every example of the shared table that is ASCII (the
    /// reset pattern narrows letters and special characters to ASCII).
    #[test]
    fn the_published_password_patterns_agree_with_the_rules() {
        let table: PasswordExamples = serde_json::from_str(include_str!(
            "../../../web/src/features/auth/password-examples.json"
        ))
        .expect("password-examples.json parses");
        let signup = regex::Regex::new(&signup_password_pattern()).unwrap();
        let new_password = regex::Regex::new(&new_password_pattern()).unwrap();
        let mut checked = 0;
        for example in table.examples.iter().filter(|e| e.password.is_ascii()) {
            let length = example.password.chars().count();
            let by_signup = signup.is_match(&example.password) && (8..=40).contains(&length);
            assert_eq!(
                by_signup,
                example.signup == "accepted",
                "signup: {}",
                example.why
            );
            let by_new = new_password.is_match(&example.password)
                && (8..=PASSWORD_MAX_CHARS).contains(&length);
            assert_eq!(
                by_new,
                example.new_password == "accepted",
                "new password: {}",
                example.why
            );
            checked += 1;
        }
        assert!(checked >= 20, "only {checked} ASCII examples");
        assert!(
            !new_password.is_match("Abc1!def\u{1}"),
            "a control character passed"
        );
    }
}
