//! The shop's letters: each a subject, a plain-text part and an HTML part, filled
//! from a fixed template. Values are escaped before they enter HTML.

/// A rendered letter, and a short hint (the code or link) for the outbox log line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    pub subject: String,
    pub text: String,
    pub html: String,
    pub hint: String,
}

const SHOP: &str = "Shop";

/// The code e-mailed right after sign-up.
pub fn signup_code(code: &str) -> Letter {
    code_letter(
        format!("Your {SHOP} verification code"),
        "Welcome! Use this code to verify your e-mail address and activate your account:",
        code,
    )
}

/// A new code asked for with 'Resend OTP'; it replaces every earlier one.
pub fn resent_code(code: &str) -> Letter {
    code_letter(
        format!("Your new {SHOP} verification code"),
        "Here is your new verification code. Codes sent before this one no longer work:",
        code,
    )
}

fn code_letter(subject: String, lead: &str, code: &str) -> Letter {
    let note =
        "The code expires in 10 minutes. If you did not create an account, ignore this e-mail.";
    Letter {
        text: format!("{lead}\n\n    {code}\n\n{note}\n"),
        html: layout(
            &subject,
            &format!(
                "<p>{}</p><p style=\"font-size:28px;font-weight:bold;letter-spacing:6px\">{}</p><p>{}</p>",
                escape(lead),
                escape(code),
                escape(note)
            ),
        ),
        hint: format!("code {code}"),
        subject,
    }
}

/// The link from 'Forgot Password?'.
pub fn reset_link(link: &str) -> Letter {
    link_letter(
        format!("Reset your {SHOP} password"),
        "Someone asked to reset the password of your account. To choose a new password, open this link:",
        "Reset password",
        link,
        "The link works once and expires in 30 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.",
    )
}

/// The link from 'Update Password' in the profile settings.
pub fn change_password_link(link: &str) -> Letter {
    link_letter(
        format!("Change your {SHOP} password"),
        "You asked to change your password from your profile settings. To choose the new one, open this link:",
        "Change password",
        link,
        "The link works once and expires in 30 minutes. If this was not you, change your password now: someone may be signed in to your account.",
    )
}

fn link_letter(subject: String, lead: &str, button: &str, link: &str, note: &str) -> Letter {
    Letter {
        text: format!("{lead}\n\n{link}\n\n{note}\n"),
        html: layout(
            &subject,
            &format!(
                "<p>{}</p><p><a href=\"{link}\" style=\"display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none\">{}</a></p>\
                 <p style=\"font-size:13px;color:#555\">Or paste this address into your browser: {link}</p><p>{}</p>",
                escape(lead),
                escape(button),
                escape(note),
                link = escape(link),
            ),
        ),
        hint: link.to_string(),
        subject,
    }
}

/// The confirmation after the code was verified.
pub fn account_activated() -> Letter {
    let subject = format!("Your {SHOP} account is active");
    let lead = "Your e-mail address is verified and your account is now active.";
    let next = "You can set up your profile, keep a wishlist and check out faster. Thank you for joining us!";
    Letter {
        text: format!("{lead}\n\n{next}\n"),
        html: layout(
            &subject,
            &format!("<p>{}</p><p>{}</p>", escape(lead), escape(next)),
        ),
        hint: "account activated".to_string(),
        subject,
    }
}

fn layout(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>{}</title></head>\
         <body style=\"font-family:Arial,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px\">\
         <h1 style=\"font-size:20px\">{}</h1>{body}\
         <p style=\"font-size:12px;color:#777\">{SHOP}: plumbing, heating and everyday supplies.</p></body></html>",
        escape(title),
        escape(title)
    )
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_letter_has_a_subject_and_both_parts() {
        for letter in [
            signup_code("123456"),
            resent_code("123456"),
            reset_link("http://shop.test/new-password?token=abc"),
            change_password_link("http://shop.test/new-password?token=abc"),
            account_activated(),
        ] {
            assert!(!letter.subject.is_empty());
            assert!(!letter.text.is_empty());
            assert!(
                letter.html.starts_with("<!doctype html>"),
                "{}",
                letter.html
            );
            assert!(letter.html.contains(&escape(&letter.subject)));
        }
    }

    #[test]
    fn codes_and_links_appear_in_both_parts() {
        let code = signup_code("042424");
        assert!(code.text.contains("042424") && code.html.contains("042424"));
        let link = reset_link("http://shop.test/new-password?token=a&b");
        assert!(link
            .text
            .contains("http://shop.test/new-password?token=a&b"));
        assert!(link
            .html
            .contains("href=\"http://shop.test/new-password?token=a&amp;b\""));
    }

    #[test]
    fn html_is_escaped() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }
}
