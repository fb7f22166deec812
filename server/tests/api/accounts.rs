//! Accounts: sign-up with an e-mailed code, login and its limits, recovery, the
//! change-password link, profile and private photo, deletion, administrators.

use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::account_policy::AttemptKind;
use shop::mail::Mail;
use shop::store::accounts::Role;
use sqlx::Executor;

use crate::helpers::{address, run_with, Backend, Options, TestApp};
use crate::on_both_backends;

on_both_backends!(
    signup_signs_in_and_mails_a_code,
    signup_checks_fields_with_the_spec_messages,
    one_address_has_one_account,
    the_code_verifies_the_address_once_and_a_confirmation_follows,
    five_wrong_codes_void_the_code,
    an_expired_code_is_refused,
    codes_are_checked_for_shape_and_owner,
    a_new_code_at_most_once_a_minute_replaces_the_old,
    login_returns_a_working_token,
    login_answers_alike_for_unknown_addresses_and_wrong_passwords,
    login_checks_fields_with_the_spec_messages,
    a_successful_login_clears_the_accounts_failures,
    concurrent_guesses_cannot_pass_the_limit,
    admin_login_admits_administrators_only,
    forgot_password_answers_alike_and_mails_known_addresses_only,
    forgot_password_mails_an_address_at_most_five_times_an_hour,
    a_reset_link_works_once_and_ends_every_session,
    an_expired_reset_link_is_refused,
    a_new_password_must_meet_the_five_rules,
    update_password_checks_the_current_one_then_mails_a_link,
    deleting_needs_the_password_and_removes_the_account,
    the_profile_takes_a_name_a_phone_and_a_photo,
    photos_are_judged_by_their_bytes_and_size,
    photo_metadata_does_not_survive,
    signed_urls_open_only_your_own_photo_until_they_expire,
    forged_expired_and_missing_tokens_are_refused,
);

pub(crate) const PASSWORD: &str = "Secret12";

// ---- helpers -------------------------------------------------------------------

impl TestApp {
    /// Sends `method path` with an optional JSON body and bearer token.
    pub(crate) async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
        token: Option<&str>,
    ) -> (StatusCode, Value) {
        let mut request = self.client.request(method, self.url(path));
        if let Some(body) = body {
            request = request.json(&body);
        }
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("request is sent");
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    pub(crate) async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, path, Some(body), None).await
    }

    pub(crate) async fn multipart(
        &self,
        method: Method,
        path: &str,
        form: Form,
        token: Option<&str>,
    ) -> (StatusCode, Value) {
        let mut request = self.client.request(method, self.url(path)).multipart(form);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("request is sent");
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    pub(crate) async fn signup(&self, email: &str, password: &str) -> (StatusCode, Value) {
        let form = Form::new()
            .text("emailAddress", email.to_string())
            .text("password", password.to_string());
        self.multipart(Method::POST, "/api/auth/signup", form, None)
            .await
    }

    /// Signs up `email` with [`PASSWORD`]: the access token and the mailed code.
    pub(crate) async fn signed_up(&self, email: &str) -> (String, String) {
        let (status, body) = self.signup(email, PASSWORD).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let token = body["data"]["accessToken"].as_str().unwrap().to_string();
        (token, code_in(&self.last_mail_to(email).await))
    }

    pub(crate) async fn login(&self, email: &str, password: &str) -> (StatusCode, Value) {
        self.post(
            "/api/auth/login",
            json!({"emailAddress": email, "password": password}),
        )
        .await
    }

    pub(crate) async fn me(&self, token: &str) -> (StatusCode, Value) {
        self.call(Method::GET, "/api/auth/user", None, Some(token))
            .await
    }

    /// The newest mail to `to`, once the mail sent in the background has gone.
    pub(crate) async fn last_mail_to(&self, to: &str) -> Mail {
        self.mailer.settled().await;
        self.mails_to(to)
            .pop()
            .unwrap_or_else(|| panic!("no mail to {to}"))
    }

    fn mails_to(&self, to: &str) -> Vec<Mail> {
        self.mailer
            .sent()
            .into_iter()
            .filter(|m| m.to == to)
            .collect()
    }

    /// Runs `sql` on the app's database: tests move times back instead of waiting.
    pub(crate) async fn sql(&self, sql: &str) {
        self.catalogue
            .db()
            .pool
            .execute(sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

/// The six-digit code in a mail's text.
fn code_in(mail: &Mail) -> String {
    mail.letter
        .text
        .split_whitespace()
        .find(|w| w.len() == 6 && w.bytes().all(|b| b.is_ascii_digit()))
        .unwrap_or_else(|| panic!("no code in {}", mail.letter.text))
        .to_string()
}

/// The link in a mail's text.
pub(crate) fn link_in(mail: &Mail) -> String {
    mail.letter
        .text
        .split_whitespace()
        .find(|w| w.starts_with("http"))
        .unwrap_or_else(|| panic!("no link in {}", mail.letter.text))
        .to_string()
}

pub(crate) fn token_of(link: &str) -> String {
    link.split_once("?token=")
        .expect("token in link")
        .1
        .to_string()
}

pub(crate) fn assert_error(status: StatusCode, body: &Value, want: StatusCode, message: &str) {
    assert_eq!(status, want, "{body}");
    assert_eq!(body["success"], false, "{body}");
    assert_eq!(body["message"], message, "{body}");
}

async fn verify(app: &TestApp, email: &str, otp: &str) -> (StatusCode, Value) {
    app.post(
        "/api/auth/verify-otp",
        json!({"emailAddress": email, "otp": otp}),
    )
    .await
}

/// A code that is not `code`.
fn other_than(code: &str) -> String {
    let n: u32 = code.parse().unwrap();
    format!("{:06}", (n + 1) % 1_000_000)
}

pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_pixel(width, height, image::Rgb([30, 90, 200]));
    let mut out = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

pub(crate) fn photo_form(bytes: Vec<u8>, file_name: &str, mime: &str) -> Form {
    Form::new().part(
        "profilePicture",
        Part::bytes(bytes)
            .file_name(file_name.to_string())
            .mime_str(mime)
            .unwrap(),
    )
}

/// A PNG whose header announces `width` × `height` while its pixel data is a few
/// bytes: what a decompression bomb looks like to anyone reading only the header.
pub(crate) fn png_header_claiming(width: u32, height: u32) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    fn chunk(png: &mut Vec<u8>, kind: &[u8], data: &[u8]) {
        let body: Vec<u8> = kind.iter().chain(data).copied().collect();
        png.extend_from_slice(&(data.len() as u32).to_be_bytes());
        png.extend_from_slice(&body);
        png.extend_from_slice(&crc32(&body).to_be_bytes());
    }
    let mut header = width.to_be_bytes().to_vec();
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut png, b"IHDR", &header);
    // A complete zlib stream of nothing: far fewer rows than the header promises.
    chunk(
        &mut png,
        b"IDAT",
        &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
    );
    chunk(&mut png, b"IEND", &[]);
    png
}

// ---- sign-up and the e-mailed code ------------------------------------------------

async fn signup_signs_in_and_mails_a_code(app: TestApp) {
    let (status, body) = app.signup("  Ada@Example.COM ", PASSWORD).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["message"], "Account created successfully!");
    let user = &body["data"]["user"];
    assert_eq!(user["emailAddress"], "ada@example.com");
    assert_eq!(user["isEmailVerified"], false);
    assert_eq!(user["role"], "customer");
    assert_eq!(user["fullName"], "");
    assert_eq!(user["profilePhoto"], Value::Null);
    assert!(user.get("passwordHash").is_none() && !body.to_string().contains("argon2"));

    let token = body["data"]["accessToken"].as_str().unwrap();
    let (status, me) = app.me(token).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["data"]["user"]["_id"], user["_id"]);

    let mails = app.mails_to("ada@example.com");
    assert_eq!(mails.len(), 1);
    assert!(mails[0].letter.subject.contains("verification code"));
    let code = code_in(&mails[0]);
    assert!(mails[0].letter.html.contains(&code));

    // The stored hash is Argon2id and the code is stored only as a digest.
    let stored = app
        .accounts
        .user_by_email(&address("ada@example.com"))
        .await
        .unwrap()
        .unwrap();
    assert!(stored
        .password_hash
        .starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
    let row: (String,) = sqlx::query_as("SELECT code_digest FROM email_codes")
        .fetch_one(&app.catalogue.db().pool)
        .await
        .unwrap();
    assert_ne!(row.0, code);
    assert!(!row.0.contains(&code));
}

async fn signup_checks_fields_with_the_spec_messages(app: TestApp) {
    let cases = [
        ("", PASSWORD, "emailAddress", "Email is required"),
        ("ada@", PASSWORD, "emailAddress", "Please enter a valid email address."),
        ("ada@example.com", "", "password", "Password is required"),
        ("ada@example.com", "Ab1", "password", "Password must be at least 8 characters"),
        (
            "ada@example.com",
            "Abcdefgh1Abcdefgh1Abcdefgh1Abcdefgh1Abcde",
            "password",
            "Password cannot exceed 40 characters",
        ),
        (
            "ada@example.com",
            "secret12",
            "password",
            "Password must contain at least one uppercase letter, one lowercase letter, one number, and be at least 8 characters long",
        ),
        (
            "ada@example.com",
            "Secret12#",
            "password",
            "Password must contain at least one uppercase letter, one lowercase letter, one number, and be at least 8 characters long",
        ),
    ];
    for (email, password, field, message) in cases {
        let (status, body) = app.signup(email, password).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, message);
        assert_eq!(body["errors"][field], message, "{body}");
    }
    // Both fields wrong: both named.
    let (_, body) = app.signup("nope", "short").await;
    assert_eq!(
        body["errors"]["emailAddress"],
        "Please enter a valid email address."
    );
    assert_eq!(
        body["errors"]["password"],
        "Password must be at least 8 characters"
    );
    assert!(app.mailer.sent().is_empty(), "no mail for refused sign-ups");
    // Not a form at all.
    let response = app
        .client
        .post(app.url("/api/auth/signup"))
        .body("emailAddress=x")
        .header("content-type", "text/plain")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
}

async fn one_address_has_one_account(app: TestApp) {
    app.signed_up("ada@example.com").await;
    let (status, body) = app.signup("ADA@example.com", "Other123").await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "An account with this email already exists",
    );
    assert_eq!(app.mailer.sent().len(), 1);
    // The first password still works.
    assert_eq!(
        app.login("ada@example.com", PASSWORD).await.0,
        StatusCode::OK
    );
}

async fn the_code_verifies_the_address_once_and_a_confirmation_follows(app: TestApp) {
    let (token, code) = app.signed_up("ada@example.com").await;
    let (status, body) = verify(&app, "ada@example.com", &code).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "OTP verified successfully!");
    assert_eq!(body["data"]["user"]["isEmailVerified"], true);
    let confirmation = app.last_mail_to("ada@example.com").await;
    assert!(
        confirmation.letter.subject.contains("account is active"),
        "{confirmation:?}"
    );
    assert_eq!(
        app.me(&token).await.1["data"]["user"]["isEmailVerified"],
        true
    );

    let (status, body) = verify(&app, "ada@example.com", &code).await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "Email is already verified",
    );
}

async fn five_wrong_codes_void_the_code(app: TestApp) {
    let (_, code) = app.signed_up("ada@example.com").await;
    let wrong = other_than(&code);
    for left in (1..=4).rev() {
        let (status, body) = verify(&app, "ada@example.com", &wrong).await;
        let tries = if left == 1 { "try" } else { "tries" };
        assert_error(
            status,
            &body,
            StatusCode::BAD_REQUEST,
            &format!("Invalid OTP. {left} {tries} left."),
        );
    }
    let (status, body) = verify(&app, "ada@example.com", &wrong).await;
    assert_error(
        status,
        &body,
        StatusCode::TOO_MANY_REQUESTS,
        "Too many wrong attempts. Please request a new OTP.",
    );
    // Now even the right code is refused.
    let (status, body) = verify(&app, "ada@example.com", &code).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");

    // A new code (a minute later) works again.
    app.sql("UPDATE email_codes SET sent_at = sent_at - 61000")
        .await;
    let (status, body) = app
        .post(
            "/api/auth/resend-otp",
            json!({"emailAddress": "ada@example.com"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let fresh = code_in(&app.last_mail_to("ada@example.com").await);
    assert_eq!(
        verify(&app, "ada@example.com", &fresh).await.0,
        StatusCode::OK
    );
}

async fn an_expired_code_is_refused(app: TestApp) {
    let (_, code) = app.signed_up("ada@example.com").await;
    app.sql("UPDATE email_codes SET expires_at = expires_at - 600001")
        .await;
    let (status, body) = verify(&app, "ada@example.com", &code).await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "OTP has expired. Please request a new one.",
    );
}

async fn codes_are_checked_for_shape_and_owner(app: TestApp) {
    let (_, code) = app.signed_up("ada@example.com").await;
    for bad in ["12345", "1234567", "abcdef", ""] {
        let (status, body) = verify(&app, "ada@example.com", bad).await;
        assert_error(
            status,
            &body,
            StatusCode::BAD_REQUEST,
            "Please enter a valid OTP.",
        );
    }
    let (status, body) = verify(&app, "nobody@example.com", &code).await;
    assert_error(
        status,
        &body,
        StatusCode::NOT_FOUND,
        "No account found with this email",
    );
    // Another account's code does not verify this one.
    app.signed_up("bob@example.com").await;
    let (status, _) = verify(&app, "bob@example.com", &code).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn a_new_code_at_most_once_a_minute_replaces_the_old(app: TestApp) {
    let (_, first) = app.signed_up("ada@example.com").await;
    let resend = || {
        app.post(
            "/api/auth/resend-otp",
            json!({"emailAddress": "ada@example.com"}),
        )
    };
    let response = app
        .client
        .post(app.url("/api/auth/resend-otp"))
        .json(&json!({"emailAddress": "ada@example.com"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["message"],
        format!("Please wait {retry} seconds before requesting a new OTP.")
    );
    assert_eq!(app.mails_to("ada@example.com").len(), 1);

    app.sql("UPDATE email_codes SET sent_at = sent_at - 61000")
        .await;
    let (status, body) = resend().await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "OTP resent successfully!");
    let mail = app.last_mail_to("ada@example.com").await;
    assert!(mail.letter.subject.contains("new"), "{mail:?}");
    let second = code_in(&mail);
    if second != first {
        assert_eq!(
            verify(&app, "ada@example.com", &first).await.0,
            StatusCode::BAD_REQUEST
        );
    }
    assert_eq!(
        verify(&app, "ada@example.com", &second).await.0,
        StatusCode::OK
    );
    let (status, body) = resend().await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "Email is already verified",
    );
    let (status, _) = app
        .post(
            "/api/auth/resend-otp",
            json!({"emailAddress": "nobody@example.com"}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

// ---- login and its limits ---------------------------------------------------------

async fn login_returns_a_working_token(app: TestApp) {
    app.signed_up("ada@example.com").await;
    let (status, body) = app.login("Ada@Example.com", PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Login successful!");
    assert_eq!(body["data"]["user"]["emailAddress"], "ada@example.com");
    assert!(body["data"]["user"].get("profilePhoto").is_some());
    let token = body["data"]["accessToken"].as_str().unwrap();
    assert_eq!(app.me(token).await.0, StatusCode::OK);
}

async fn login_answers_alike_for_unknown_addresses_and_wrong_passwords(app: TestApp) {
    app.signed_up("ada@example.com").await;
    let wrong_password = app.login("ada@example.com", "Wrong123").await;
    let unknown = app.login("nobody@example.com", "Wrong123").await;
    assert_error(
        wrong_password.0,
        &wrong_password.1,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    );
    assert_eq!(wrong_password, unknown);
}

async fn login_checks_fields_with_the_spec_messages(app: TestApp) {
    let cases = [
        (
            json!({"password": PASSWORD}),
            "emailAddress",
            "Email is required",
        ),
        (
            json!({"emailAddress": "ada", "password": PASSWORD}),
            "emailAddress",
            "Please enter a valid email address.",
        ),
        (
            json!({"emailAddress": "ada@example.com"}),
            "password",
            "Password is required",
        ),
        (
            json!({"emailAddress": "ada@example.com", "password": "12345"}),
            "password",
            "Password must be at least 6 characters.",
        ),
    ];
    for (body, field, message) in cases {
        let (status, answer) = app.post("/api/auth/login", body).await;
        assert_error(status, &answer, StatusCode::BAD_REQUEST, message);
        assert_eq!(answer["errors"][field], message);
    }
}

/// Runs `body` on both backends with client addresses taken from X-Forwarded-For,
/// so one test can play many clients.
async fn behind_a_proxy<F, Fut>(body: F)
where
    F: Fn(TestApp) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let options = Options {
            trust_forwarded_for: true,
            ..Options::default()
        };
        run_with(backend, options, &body).await;
    }
}

/// Logs in from client address `ip`: the status and the Retry-After header.
async fn login_from(
    app: &TestApp,
    ip: &str,
    email: &str,
    password: &str,
) -> (StatusCode, Option<u64>, Value) {
    let response = app
        .client
        .post(app.url("/api/auth/login"))
        // The proxy appends the client it saw; whatever the client claimed comes first.
        .header("x-forwarded-for", format!("203.0.113.250, {ip}"))
        .json(&json!({"emailAddress": email, "password": password}))
        .send()
        .await
        .unwrap();
    let status = response.status();
    let retry = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse().unwrap());
    (status, retry, response.json().await.unwrap())
}

#[tokio::test]
async fn ten_failures_lock_an_account_for_at_most_fifteen_minutes() {
    behind_a_proxy(|app| async move {
        app.signed_up("ada@example.com").await;
        for n in 0..10 {
            let (status, ..) = login_from(
                &app,
                &format!("198.51.100.{n}"),
                "ada@example.com",
                "Wrong123",
            )
            .await;
            assert_eq!(status, StatusCode::UNAUTHORIZED);
        }
        // From a new address, with the right password: the account waits.
        let (status, retry, body) =
            login_from(&app, "192.0.2.1", "ada@example.com", PASSWORD).await;
        assert_error(
            status,
            &body,
            StatusCode::TOO_MANY_REQUESTS,
            "Too many login attempts. Please try again in 15 minutes.",
        );
        assert!((1..=900).contains(&retry.unwrap()), "{retry:?}");
        // An address without an account locks the same way, so the lock reveals nothing.
        for n in 0..10 {
            login_from(
                &app,
                &format!("198.51.101.{n}"),
                "nobody@example.com",
                "Wrong123",
            )
            .await;
        }
        let (status, _, unknown) =
            login_from(&app, "192.0.2.2", "nobody@example.com", "Wrong123").await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(unknown["message"], body["message"]);
        // Refused tries are not counted, so the lock ends fifteen minutes after the
        // tenth failure and the owner gets in.
        app.sql("UPDATE auth_attempts SET at = at - 900001").await;
        let (status, _, body) = login_from(&app, "192.0.2.1", "ada@example.com", PASSWORD).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    })
    .await;
}

/// Many shoppers may share one address (an office, a mobile network's NAT): one of
/// them locking their own account, or a few, must not lock out the others there. Only
/// 200 failures from one address within 15 minutes lock the address.
#[tokio::test]
async fn one_person_locked_out_leaves_the_others_at_their_address_signing_in() {
    behind_a_proxy(|app| async move {
        app.signed_up("ada@example.com").await;
        app.signed_up("bob@example.com").await;
        let shared = "198.51.100.7";
        for n in 0..12 {
            let (status, ..) = login_from(&app, shared, "bob@example.com", "Wrong123").await;
            let expected = if n < 10 {
                StatusCode::UNAUTHORIZED
            } else {
                StatusCode::TOO_MANY_REQUESTS
            };
            assert_eq!(status, expected, "bob's try {n}");
        }
        for n in 0..10 {
            login_from(&app, shared, &format!("guess{n}@example.com"), "Wrong123").await;
        }
        let (status, _, body) = login_from(&app, shared, "ada@example.com", PASSWORD).await;
        assert_eq!(status, StatusCode::OK, "20 failures there: {body}");
        // 200 failures from the address (the 20 counted, copied up to 320): it waits,
        // whatever the account; another address does not.
        for _ in 0..4 {
            app.sql(
                "INSERT INTO auth_attempts (kind, subject, at) \
                 SELECT kind, subject, at FROM auth_attempts WHERE kind = 'login-ip'",
            )
            .await;
        }
        let (status, retry, _) = login_from(&app, shared, "ada@example.com", PASSWORD).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert!(retry.is_some());
        let (status, ..) = login_from(&app, "198.51.100.8", "ada@example.com", PASSWORD).await;
        assert_eq!(status, StatusCode::OK, "other addresses are not locked");
    })
    .await;
}

/// Sign-ups and 'Resend OTP' mail codes to whatever address they are given: one
/// client address may ask for 30 such mails an hour, then waits; others do not.
#[tokio::test]
async fn one_address_asks_for_at_most_thirty_code_mails_an_hour() {
    behind_a_proxy(|app| async move {
        let ask = |path: &'static str, ip: &'static str, body: Value| {
            let app = app.clone();
            async move {
                let response = app
                    .client
                    .post(app.url(path))
                    .header("x-forwarded-for", ip)
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                let status = response.status();
                (status, response.json::<Value>().await.unwrap())
            }
        };
        let signup = |email: &str| json!({"emailAddress": email, "password": PASSWORD});
        let resend = json!({"emailAddress": "a0@example.com"});
        let here = "198.51.100.9";
        let (status, body) = ask("/api/auth/signup", here, signup("a0@example.com")).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        app.clock.advance(std::time::Duration::from_secs(61));
        let (status, body) = ask("/api/auth/resend-otp", here, resend.clone()).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // The two counted, copied up to 32.
        for _ in 0..4 {
            app.sql(
                "INSERT INTO auth_attempts (kind, subject, at) \
                 SELECT kind, subject, at FROM auth_attempts WHERE kind = 'code-mail-ip'",
            )
            .await;
        }
        let (status, body) = ask("/api/auth/signup", here, signup("a1@example.com")).await;
        assert_error(
            status,
            &body,
            StatusCode::TOO_MANY_REQUESTS,
            "Too many verification e-mails from your network. Please try again in 59 minutes.",
        );
        app.clock.advance(std::time::Duration::from_secs(61));
        let (status, _) = ask("/api/auth/resend-otp", here, resend).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        let (status, body) = ask(
            "/api/auth/signup",
            "198.51.100.10",
            signup("a1@example.com"),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "another address: {body}");
    })
    .await;
}

async fn a_successful_login_clears_the_accounts_failures(app: TestApp) {
    app.signed_up("ada@example.com").await;
    for _ in 0..5 {
        app.login("ada@example.com", "Wrong123").await;
    }
    assert_eq!(
        app.login("ada@example.com", PASSWORD).await.0,
        StatusCode::OK
    );
    for _ in 0..4 {
        assert_eq!(
            app.login("ada@example.com", "Wrong123").await.0,
            StatusCode::UNAUTHORIZED
        );
    }
    // 9 failures from this address in all, 4 since the success: neither limit is reached.
    assert_eq!(
        app.login("ada@example.com", PASSWORD).await.0,
        StatusCode::OK
    );
}

async fn concurrent_guesses_cannot_pass_the_limit(app: TestApp) {
    app.signed_up("ada@example.com").await;
    // Spawned all at once (collected before any is awaited), so they run side by side.
    let guesses: Vec<_> = (0..25)
        .map(|n| {
            let app = app.clone();
            tokio::spawn(async move {
                app.login("ada@example.com", &format!("Wrong{n:03}"))
                    .await
                    .0
            })
        })
        .collect();
    let mut checked = 0;
    for guess in guesses {
        let status = guess.await.unwrap();
        assert!(
            status == StatusCode::UNAUTHORIZED || status == StatusCode::TOO_MANY_REQUESTS,
            "{status}"
        );
        checked += usize::from(status == StatusCode::UNAUTHORIZED);
    }
    assert_eq!(
        checked, 10,
        "exactly the limit's worth of passwords were checked"
    );

    // The same at the store, with nothing between the tries: many transactions race
    // on one subject, and still only the limit's worth is recorded.
    let now = app.clock.now_ms();
    let tries: Vec<_> = (0..60)
        .map(|_| {
            let accounts = app.accounts.clone();
            tokio::spawn(async move {
                accounts
                    .take_attempts(&[(AttemptKind::LoginAccount, "one subject")], now)
                    .await
                    .unwrap()
                    .is_ok()
            })
        })
        .collect();
    let mut recorded = 0;
    for attempt in tries {
        recorded += usize::from(attempt.await.unwrap());
    }
    assert_eq!(recorded, 10);
}

async fn admin_login_admits_administrators_only(app: TestApp) {
    let hash = shop::security::password::hash("Admin123!").await.unwrap();
    assert!(app
        .accounts
        .make_admin(&address("root@example.com"), &hash, app.clock.now_ms())
        .await
        .unwrap());
    app.signed_up("ada@example.com").await;

    let admin = |email: &str, password: &str| {
        app.post(
            "/api/auth/admin/login",
            json!({"emailAddress": email, "password": password}),
        )
    };
    let (status, body) = admin("root@example.com", "Admin123!").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["user"]["role"], "owner");
    assert_eq!(body["data"]["user"]["isEmailVerified"], true);
    let (status, body) = admin("ada@example.com", PASSWORD).await;
    assert_error(
        status,
        &body,
        StatusCode::FORBIDDEN,
        "Administrator access required",
    );
    let (status, body) = admin("root@example.com", "Wrong123!").await;
    assert_error(
        status,
        &body,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    );

    // Promoting an existing customer replaces the password and ends their sessions.
    let (token, _) = app.signed_up("bob@example.com").await;
    let hash = shop::security::password::hash("Boss1234!").await.unwrap();
    assert!(!app
        .accounts
        .make_admin(&address("bob@example.com"), &hash, app.clock.now_ms())
        .await
        .unwrap());
    assert_eq!(app.me(&token).await.0, StatusCode::UNAUTHORIZED);
    let bob = app
        .accounts
        .user_by_email(&address("bob@example.com"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(bob.role, Role::Staff(shop::domain::staff::StaffRole::Owner));
    assert_eq!(
        admin("bob@example.com", "Boss1234!").await.0,
        StatusCode::OK
    );
}

// ---- recovery ---------------------------------------------------------------------

async fn forgot_password_answers_alike_and_mails_known_addresses_only(app: TestApp) {
    app.signed_up("ada@example.com").await;
    let known = app
        .client
        .post(app.url("/api/auth/forgot-password"))
        // The link must come from the configured public URL, never from Host.
        .header("host", "evil.example")
        .json(&json!({"emailAddress": "ada@example.com"}))
        .send()
        .await
        .unwrap();
    let known = (known.status(), known.json::<Value>().await.unwrap());
    let unknown = app
        .post(
            "/api/auth/forgot-password",
            json!({"emailAddress": "nobody@example.com"}),
        )
        .await;
    assert_eq!(known.0, StatusCode::OK, "{}", known.1);
    assert_eq!(
        known.1["message"],
        "Reset password instructions sent to your email"
    );
    assert_eq!(known, unknown);

    let link = link_in(&app.last_mail_to("ada@example.com").await);
    assert!(
        link.starts_with(&format!("{}/new-password?token=", app.base)),
        "{link}"
    );
    assert!(token_of(&link).len() >= 22, "at least 128 bits");
    app.mailer.settled().await;
    assert!(app.mails_to("nobody@example.com").is_empty());

    let (status, body) = app
        .post("/api/auth/forgot-password", json!({"emailAddress": "x"}))
        .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Please enter a valid email address.",
    );
}

async fn forgot_password_mails_an_address_at_most_five_times_an_hour(app: TestApp) {
    app.signed_up("ada@example.com").await;
    let mut answers = Vec::new();
    for _ in 0..7 {
        answers.push(
            app.post(
                "/api/auth/forgot-password",
                json!({"emailAddress": "ada@example.com"}),
            )
            .await,
        );
    }
    assert!(answers.iter().all(|a| a == &answers[0]), "{answers:?}");
    assert_eq!(answers[0].0, StatusCode::OK);
    app.mailer.settled().await;
    let resets = app
        .mails_to("ada@example.com")
        .into_iter()
        .filter(|m| m.letter.subject.contains("Reset"))
        .count();
    assert_eq!(resets, 5);
}

async fn a_reset_link_works_once_and_ends_every_session(app: TestApp) {
    let (signup_token, _) = app.signed_up("ada@example.com").await;
    let login_token = app.login("ada@example.com", PASSWORD).await.1["data"]["accessToken"]
        .as_str()
        .unwrap()
        .to_string();
    app.post(
        "/api/auth/forgot-password",
        json!({"emailAddress": "ada@example.com"}),
    )
    .await;
    let token = token_of(&link_in(&app.last_mail_to("ada@example.com").await));

    let (status, body) = app
        .post("/api/auth/verify-reset-token", json!({"token": token}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["valid"], true);

    let (status, body) = app
        .post(
            "/api/auth/reset-password",
            json!({"token": token, "password": "Newpass1!"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Password reset successfully!");

    assert_eq!(app.me(&signup_token).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(app.me(&login_token).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.login("ada@example.com", PASSWORD).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.login("ada@example.com", "Newpass1!").await.0,
        StatusCode::OK
    );

    let (status, body) = app
        .post(
            "/api/auth/reset-password",
            json!({"token": token, "password": "Again123!"}),
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Invalid or expired reset token. Please request a new one.",
    );
    let (status, body) = app
        .post("/api/auth/verify-reset-token", json!({"token": token}))
        .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Invalid or expired reset token",
    );
    let (status, body) = app
        .post("/api/auth/verify-reset-token", json!({"token": "made-up"}))
        .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Invalid or expired reset token",
    );
    let (status, body) = app.post("/api/auth/verify-reset-token", json!({})).await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Reset token is required",
    );
}

async fn an_expired_reset_link_is_refused(app: TestApp) {
    app.signed_up("ada@example.com").await;
    app.post(
        "/api/auth/forgot-password",
        json!({"emailAddress": "ada@example.com"}),
    )
    .await;
    let token = token_of(&link_in(&app.last_mail_to("ada@example.com").await));
    app.sql("UPDATE password_resets SET expires_at = expires_at - 1800001")
        .await;
    let (status, _) = app
        .post("/api/auth/verify-reset-token", json!({"token": token}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, body) = app
        .post(
            "/api/auth/reset-password",
            json!({"token": token, "password": "Newpass1!"}),
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Invalid or expired reset token. Please request a new one.",
    );
    assert_eq!(
        app.login("ada@example.com", PASSWORD).await.0,
        StatusCode::OK
    );
}

async fn a_new_password_must_meet_the_five_rules(app: TestApp) {
    app.signed_up("ada@example.com").await;
    app.post(
        "/api/auth/forgot-password",
        json!({"emailAddress": "ada@example.com"}),
    )
    .await;
    let token = token_of(&link_in(&app.last_mail_to("ada@example.com").await));
    for (password, rule) in [
        ("Ab1!", "Must be at least 8 characters"),
        ("newpass1!", "Must contain at least one uppercase letter"),
        ("NEWPASS1!", "Must contain at least one lowercase letter"),
        ("Newpass!!", "Must contain at least one number"),
        ("Newpass12", "Must contain one special character"),
    ] {
        let (status, body) = app
            .post(
                "/api/auth/reset-password",
                json!({"token": token, "password": password}),
            )
            .await;
        assert_error(
            status,
            &body,
            StatusCode::UNPROCESSABLE_ENTITY,
            "Password does not meet requirements.",
        );
        assert_eq!(body["errors"]["password"], rule);
    }
    // The refused tries did not spend the link.
    let (status, _) = app
        .post(
            "/api/auth/reset-password",
            json!({"token": token, "password": "Newpass1!"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
}

async fn update_password_checks_the_current_one_then_mails_a_link(app: TestApp) {
    let (token, _) = app.signed_up("ada@example.com").await;
    let change = |current: &str| {
        app.call(
            Method::POST,
            "/api/auth/change-password",
            Some(json!({"currentPassword": current})),
            Some(&token),
        )
    };
    let (status, body) = change("").await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Please enter your current password",
    );
    let (status, body) = change("Wrong123").await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Current password is incorrect",
    );
    assert_eq!(
        body["errors"]["currentPassword"],
        "Current password is incorrect"
    );
    let (status, body) = change(PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Password reset code sent to your email");

    let mail = app.last_mail_to("ada@example.com").await;
    assert!(mail.letter.subject.contains("Change"), "{mail:?}");
    let link = link_in(&mail);
    assert!(link.starts_with(&format!("{}/new-password?token=", app.base)));
    let (status, _) = app
        .post(
            "/api/auth/reset-password",
            json!({"token": token_of(&link), "password": "Changed1!"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        app.me(&token).await.0,
        StatusCode::UNAUTHORIZED,
        "the change ends old sessions"
    );
    assert_eq!(
        app.login("ada@example.com", "Changed1!").await.0,
        StatusCode::OK
    );

    let (status, _) = app
        .call(
            Method::POST,
            "/api/auth/change-password",
            Some(json!({"currentPassword": PASSWORD})),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

// ---- deletion ---------------------------------------------------------------------

pub(crate) async fn deleting_needs_the_password_and_removes_the_account(app: TestApp) {
    let (token, _) = app.signed_up("ada@example.com").await;
    let (status, body) = app
        .multipart(
            Method::PATCH,
            "/api/auth/edit-profile",
            photo_form(png(32, 32), "me.png", "image/png"),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let photo = body["data"]["user"]["profilePhoto"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(app.media.get(&photo).await.unwrap().is_some());

    let delete = |password: &str| {
        app.call(
            Method::DELETE,
            "/api/auth/delete-account",
            Some(json!({"password": password})),
            Some(&token),
        )
    };
    let (status, body) = delete("Wrong123").await;
    assert_error(status, &body, StatusCode::FORBIDDEN, "Incorrect password");
    assert_eq!(app.me(&token).await.0, StatusCode::OK, "nothing changed");
    assert!(app.media.get(&photo).await.unwrap().is_some());
    let (status, body) = delete("").await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Password is required",
    );

    let (status, body) = delete(PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Account deleted successfully!");
    assert_eq!(app.me(&token).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.login("ada@example.com", PASSWORD).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert!(
        app.media.get(&photo).await.unwrap().is_none(),
        "the photo is gone"
    );
    assert!(app
        .accounts
        .user_by_email(&address("ada@example.com"))
        .await
        .unwrap()
        .is_none());
    for table in ["email_codes", "password_resets"] {
        let (n,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(&app.catalogue.db().pool)
            .await
            .unwrap();
        assert_eq!(n, 0, "{table}");
    }
    // The address is free again.
    assert_eq!(
        app.signup("ada@example.com", PASSWORD).await.0,
        StatusCode::CREATED
    );
}

// ---- profile and photo ------------------------------------------------------------

pub(crate) async fn the_profile_takes_a_name_a_phone_and_a_photo(app: TestApp) {
    let (token, _) = app.signed_up("ada@example.com").await;
    let edit =
        |form: Form| app.multipart(Method::PATCH, "/api/auth/edit-profile", form, Some(&token));

    let form = Form::new()
        .text("fullName", "  Ada   Lovelace ")
        .text("phoneNumber", "+44 (20) 7946-0958");
    let (status, body) = edit(form).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Profile updated successfully!");
    assert_eq!(body["data"]["user"]["fullName"], "Ada Lovelace");
    assert_eq!(body["data"]["user"]["phoneNumber"], "+442079460958");
    assert_eq!(body["data"]["user"]["profilePhoto"], Value::Null);

    // Only the fields sent change.
    let (_, body) = edit(Form::new().text("phoneNumber", "020 7946 0958")).await;
    assert_eq!(body["data"]["user"]["fullName"], "Ada Lovelace");
    assert_eq!(body["data"]["user"]["phoneNumber"], "02079460958");

    let (status, body) = edit(
        Form::new()
            .text("fullName", "   ")
            .text("phoneNumber", "12"),
    )
    .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Full Name is required",
    );
    assert_eq!(
        body["errors"]["phoneNumber"],
        shop::domain::phone::PHONE_INVALID
    );
    assert_eq!(
        app.me(&token).await.1["data"]["user"]["fullName"],
        "Ada Lovelace",
        "nothing saved"
    );

    let (_, body) = edit(Form::new().text("phoneNumber", "")).await;
    assert_eq!(
        body["data"]["user"]["phoneNumber"], "",
        "an empty number clears it"
    );

    // A photo, then a second one that replaces it.
    let (status, body) = edit(photo_form(png(40, 30), "me.png", "image/png")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let first = body["data"]["user"]["profilePhoto"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(first.starts_with("private/profile/"), "{first}");
    assert!(
        first.ends_with(".jpg"),
        "opaque photos are stored as JPEG: {first}"
    );
    let (_, body) = edit(photo_form(png(20, 20), "again.png", "image/png")).await;
    let second = body["data"]["user"]["profilePhoto"]
        .as_str()
        .unwrap()
        .to_string();
    assert_ne!(first, second);
    assert!(
        app.media.get(&first).await.unwrap().is_none(),
        "the replaced photo is removed"
    );
    assert!(app.media.get(&second).await.unwrap().is_some());

    let (status, _) = app
        .multipart(
            Method::PATCH,
            "/api/auth/edit-profile",
            Form::new().text("fullName", "X"),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn photos_are_judged_by_their_bytes_and_size(app: TestApp) {
    let (token, _) = app.signed_up("ada@example.com").await;
    let upload = |bytes: Vec<u8>, name: &'static str, mime: &'static str| {
        app.multipart(
            Method::PATCH,
            "/api/auth/edit-profile",
            photo_form(bytes, name, mime),
            Some(&token),
        )
    };
    // A real PNG with a misleading name and type is still a PNG.
    let (status, body) = upload(png(16, 16), "notes.txt", "text/plain").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // HTML dressed as a PNG is not.
    let (status, body) = upload(
        b"<html><script>alert(document.cookie)</script></html>".to_vec(),
        "photo.png",
        "image/png",
    )
    .await;
    assert_error(
        status,
        &body,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Please select a valid image file (JPEG, PNG, GIF, or WebP)",
    );
    // 5 MB and one byte: refused while reading, by its size.
    let mut big = png(16, 16);
    big.resize(5 * 1024 * 1024 + 1, 0);
    let (status, body) = upload(big, "big.png", "image/png").await;
    assert_error(
        status,
        &body,
        StatusCode::PAYLOAD_TOO_LARGE,
        "File size must be less than 5.0MB",
    );
    // A header promising 14000 × 14000 pixels is refused before decoding.
    let (status, body) = upload(png_header_claiming(14_000, 14_000), "bomb.png", "image/png").await;
    assert_error(
        status,
        &body,
        StatusCode::PAYLOAD_TOO_LARGE,
        "Image is too large: at most 40 megapixels",
    );
    // A believable header over broken pixels cannot be processed.
    let (status, body) = upload(png_header_claiming(100, 100), "broken.png", "image/png").await;
    assert_error(
        status,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Failed to process the image. Please try again.",
    );
    // None of the refused uploads changed the photo.
    let photo = app.me(&token).await.1["data"]["user"]["profilePhoto"].clone();
    assert!(photo.as_str().unwrap().starts_with("private/profile/"));
}

pub(crate) async fn photo_metadata_does_not_survive(app: TestApp) {
    let (token, _) = app.signed_up("ada@example.com").await;
    // A JPEG carrying an EXIF block with a GPS position in it.
    let mut jpeg = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_pixel(24, 16, image::Rgb([200, 50, 50]))
        .write_to(&mut jpeg, image::ImageFormat::Jpeg)
        .unwrap();
    let jpeg = jpeg.into_inner();
    let mut exif = b"Exif\0\0MM\0*\0\0\0\x08\0\0GPSLatitude 51.5007 N SECRET-HOME".to_vec();
    let mut segment = vec![0xff, 0xe1];
    segment.extend_from_slice(&((exif.len() + 2) as u16).to_be_bytes());
    segment.append(&mut exif);
    let tagged: Vec<u8> = jpeg[..2]
        .iter()
        .chain(&segment)
        .chain(&jpeg[2..])
        .copied()
        .collect();
    assert!(tagged.windows(11).any(|w| w == b"SECRET-HOME"));

    let (status, body) = app
        .multipart(
            Method::PATCH,
            "/api/auth/edit-profile",
            photo_form(tagged, "holiday.jpg", "image/jpeg"),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let path = body["data"]["user"]["profilePhoto"].as_str().unwrap();
    let stored = app.media.get(path).await.unwrap().unwrap();
    assert!(
        !stored.windows(11).any(|w| w == b"SECRET-HOME"),
        "EXIF survived"
    );
    assert!(
        !stored.windows(4).any(|w| w == b"Exif"),
        "an EXIF block survived"
    );
    let back = image::load_from_memory(&stored).unwrap();
    assert_eq!((back.width(), back.height()), (24, 16));
}

pub(crate) async fn signed_urls_open_only_your_own_photo_until_they_expire(app: TestApp) {
    let (ada, _) = app.signed_up("ada@example.com").await;
    let (bob, _) = app.signed_up("bob@example.com").await;
    let (_, body) = app
        .multipart(
            Method::PATCH,
            "/api/auth/edit-profile",
            photo_form(png(16, 16), "ada.png", "image/png"),
            Some(&ada),
        )
        .await;
    let path = body["data"]["user"]["profilePhoto"]
        .as_str()
        .unwrap()
        .to_string();
    let signed = |token: &str, query: &str| {
        let path = format!("/api/auth/signed-url?{query}");
        let (app, token) = (app.clone(), token.to_string());
        async move { app.call(Method::GET, &path, None, Some(&token)).await }
    };

    let (status, body) = signed(&ada, &format!("path={path}&type=private")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let url = body["data"].as_str().unwrap().to_string();
    assert!(
        url.starts_with(&format!("{}/media/{path}?expires=", app.base)),
        "{url}"
    );
    let response = app.client.get(&url).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "image/jpeg");
    let cache = response.headers()["cache-control"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(cache.starts_with("private, max-age="), "{cache}");

    // Someone else's photo, another type, or no path.
    let (status, body) = signed(&bob, &format!("path={path}&type=private")).await;
    assert_error(
        status,
        &body,
        StatusCode::FORBIDDEN,
        "You can only view your own profile photo",
    );
    let (status, _) = signed(&ada, &format!("path={path}&type=public")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = signed(&ada, "type=private").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = app
        .call(
            Method::GET,
            &format!("/api/auth/signed-url?path={path}&type=private"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Without a signature, with a tampered one, for another path, or expired: 403.
    let get = |url: String| {
        let client = app.client.clone();
        async move { client.get(url).send().await.unwrap().status() }
    };
    assert_eq!(
        get(format!("{}/media/{path}", app.base)).await,
        StatusCode::FORBIDDEN
    );
    let (head, signature) = url.rsplit_once("signature=").unwrap();
    let mut flipped = signature.to_string();
    let last = flipped.pop().unwrap();
    flipped.push(if last == 'A' { 'B' } else { 'A' });
    assert_eq!(
        get(format!("{head}signature={flipped}")).await,
        StatusCode::FORBIDDEN
    );
    let later = url.replace("expires=", "expires=9");
    assert_eq!(
        get(later).await,
        StatusCode::FORBIDDEN,
        "a longer expiry is not signed"
    );
    let other_path = url.replace(&path, &path.replace(".jpg", ".png"));
    assert_eq!(get(other_path).await, StatusCode::FORBIDDEN);
    let past = app.clock.now_secs() - 1;
    let expired = format!(
        "{}/media/{path}?expires={past}&signature={}",
        app.base,
        app.keys.sign_media(&path, past)
    );
    assert_eq!(get(expired).await, StatusCode::FORBIDDEN);
}

async fn forged_expired_and_missing_tokens_are_refused(app: TestApp) {
    let (token, _) = app.signed_up("ada@example.com").await;
    let (status, body) = app.call(Method::GET, "/api/auth/user", None, None).await;
    assert_error(
        status,
        &body,
        StatusCode::UNAUTHORIZED,
        "Please log in to continue",
    );
    let user_id = app.me(&token).await.1["data"]["user"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let week_ago = app.clock.now_secs() - 8 * 24 * 60 * 60;
    let expired = app.keys.issue_token(&user_id, 0, week_ago);
    assert_eq!(app.me(&expired).await.0, StatusCode::UNAUTHORIZED);
    let foreign = shop::security::Keys::random().issue_token(&user_id, 0, app.clock.now_secs());
    assert_eq!(app.me(&foreign).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(app.me("garbage").await.0, StatusCode::UNAUTHORIZED);
    let response = app
        .client
        .get(app.url("/api/auth/user"))
        .header("authorization", format!("Basic {token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

// ---- failures of the mail and configuration ----------------------------------------

/// SMTP on a loopback port nothing listens on: every send fails at once.
fn broken_mail() -> Options {
    Options {
        mailer: shop::mail::Mailer::smtp("smtp://127.0.0.1:9", shop::mail::DEFAULT_FROM).unwrap(),
        ..Options::default()
    }
}

#[tokio::test]
async fn a_sign_up_whose_code_cannot_be_mailed_leaves_no_account() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        run_with(backend, broken_mail(), |app| async move {
            let (status, body) = app.signup("ada@example.com", PASSWORD).await;
            assert_error(
                status,
                &body,
                StatusCode::SERVICE_UNAVAILABLE,
                "We could not send the e-mail right now. Please try again in a few minutes.",
            );
            assert!(app
                .accounts
                .user_by_email(&address("ada@example.com"))
                .await
                .unwrap()
                .is_none());
            // The same address can try again.
            assert_eq!(
                app.signup("ada@example.com", PASSWORD).await.0,
                StatusCode::SERVICE_UNAVAILABLE
            );
        })
        .await;
    }
}

#[tokio::test]
async fn cors_admits_configured_origins_only() {
    let options = Options {
        cors_origins: shop::http::parse_cors_origins("https://shop.example.com").unwrap(),
        ..Options::default()
    };
    run_with(Backend::Sqlite, options, |app| async move {
        let preflight = |origin: &'static str| {
            app.client
                .request(Method::OPTIONS, app.url("/api/auth/login"))
                .header("origin", origin)
                .header("access-control-request-method", "POST")
                .header(
                    "access-control-request-headers",
                    "authorization,content-type",
                )
                .send()
        };
        let allowed = preflight("https://shop.example.com").await.unwrap();
        assert_eq!(
            allowed.headers()["access-control-allow-origin"],
            "https://shop.example.com"
        );
        assert_eq!(
            allowed.headers()["access-control-allow-credentials"],
            "true"
        );
        let other = preflight("https://evil.example").await.unwrap();
        assert!(other.headers().get("access-control-allow-origin").is_none());
    })
    .await;
    run_with(Backend::Sqlite, Options::default(), |app| async move {
        let response = app
            .client
            .get(app.url("/api/category"))
            .header("origin", "https://shop.example.com")
            .send()
            .await
            .unwrap();
        assert!(response
            .headers()
            .get("access-control-allow-origin")
            .is_none());
    })
    .await;
    assert!(shop::http::parse_cors_origins("*").is_err());
    assert!(shop::http::parse_cors_origins("shop.example.com").is_err());
    assert!(shop::http::parse_cors_origins("").unwrap().is_empty());
}

#[tokio::test]
async fn shop_admin_create_makes_and_promotes_administrators() {
    let dir = std::env::temp_dir().join(format!("shop-admin-{}", shop::domain::new_id()));
    let shop = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_shop"))
            .arg("--data-dir")
            .arg(&dir)
            .args(args)
            .env_remove("SHOP_DATABASE_URL")
            .env_remove("SHOP_ADMIN_PASSWORD")
            .output()
            .expect("the binary runs")
    };
    let made = shop(&[
        "admin",
        "create",
        "--email",
        "Root@Example.com",
        "--password",
        "Admin123!",
    ]);
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&made.stdout).trim(),
        "administrator root@example.com created"
    );
    let weak = shop(&[
        "admin",
        "create",
        "--email",
        "root@example.com",
        "--password",
        "weak",
    ]);
    assert!(!weak.status.success());
    assert!(String::from_utf8_lossy(&weak.stderr).contains("Must be at least 8 characters"));
    let again = shop(&[
        "admin",
        "create",
        "--email",
        "root@example.com",
        "--password",
        "Other123!",
    ]);
    assert!(again.status.success());
    assert!(String::from_utf8_lossy(&again.stdout).contains("is now an administrator"));

    let url = format!("sqlite://{}?mode=rwc", dir.join("shop.db").display());
    let db = shop::app::open_database(&url, None).await.unwrap();
    let user = shop::store::accounts::Accounts::new(db.clone())
        .user_by_email(&address("root@example.com"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        user.role,
        Role::Staff(shop::domain::staff::StaffRole::Owner)
    );
    assert!(user.email_verified);
    assert!(
        shop::security::password::verify("Other123!", Some(&user.password_hash))
            .await
            .unwrap()
    );
    db.pool.close().await;
    std::fs::remove_dir_all(dir).ok();
}
