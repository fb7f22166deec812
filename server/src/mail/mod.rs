//! Outgoing mail: over SMTP when `SHOP_SMTP_URL` is set, else written as `.eml` files
//! to the outbox folder (and logged) so a person running locally can read codes and
//! links; in memory for tests.

pub mod alerts;
pub mod returns;
pub mod staff;
pub mod templates;
pub mod trade;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lettre::message::header::{ContentTransferEncoding, ContentType, HeaderName, HeaderValue};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tokio::task::JoinHandle;

pub use templates::Letter;

/// A letter addressed to someone.
#[derive(Clone, Debug)]
pub struct Mail {
    pub to: String,
    pub letter: Letter,
}

/// Why a mail did not leave. Shown to operators in the log; callers answer 503.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("bad address: {0}")]
    Address(String),
    #[error("building the message failed: {0}")]
    Build(#[from] lettre::error::Error),
    #[error("SMTP: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    #[error("writing to the outbox failed: {0}")]
    Outbox(#[from] std::io::Error),
}

#[derive(Clone)]
enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
    Memory(Arc<Mutex<Vec<Mail>>>),
}

/// Sends the shop's mail through the transport chosen by configuration.
#[derive(Clone)]
pub struct Mailer {
    transport: Transport,
    from: Mailbox,
    /// Mail being sent in the background, so that [`Mailer::settled`] can wait for it.
    background: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match &self.transport {
            Transport::Smtp(_) => "smtp".to_string(),
            Transport::Outbox(dir) => format!("outbox {}", dir.display()),
            Transport::Memory(_) => "memory".to_string(),
        };
        f.debug_struct("Mailer")
            .field("transport", &kind)
            .field("from", &self.from.to_string())
            .finish()
    }
}

/// How long one SMTP exchange may take before the caller hears it failed.
const SMTP_TIMEOUT: Duration = Duration::from_secs(10);

impl Mailer {
    /// SMTP at `url` (`smtp://user:pass@host:587?tls=required`, `smtps://…:465`; see
    /// lettre's connection URLs).
    pub fn smtp(url: &str, from: &str) -> Result<Mailer, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| format!("SHOP_SMTP_URL is not a usable SMTP URL: {e}"))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        Ok(Mailer {
            transport: Transport::Smtp(transport),
            from: parse_from(from)?,
            background: Arc::default(),
        })
    }

    /// `.eml` files in `dir`, created when missing.
    pub fn outbox(dir: PathBuf, from: &str) -> Result<Mailer, String> {
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create the outbox {}: {e}", dir.display()))?;
        Ok(Mailer {
            transport: Transport::Outbox(dir),
            from: parse_from(from)?,
            background: Arc::default(),
        })
    }

    /// Keeps every mail in memory, for tests to read with [`Mailer::sent`].
    pub fn memory() -> Mailer {
        Mailer {
            transport: Transport::Memory(Arc::default()),
            from: parse_from(DEFAULT_FROM).expect("the default sender parses"),
            background: Arc::default(),
        }
    }

    /// Every mail sent so far by a memory mailer, oldest first (empty for the others).
    pub fn sent(&self) -> Vec<Mail> {
        match &self.transport {
            Transport::Memory(sent) => sent.lock().expect("mail list lock").clone(),
            _ => Vec::new(),
        }
    }

    pub async fn send(&self, to: &str, letter: Letter) -> Result<(), MailError> {
        let result = self.deliver(to, &letter).await;
        match &result {
            Ok(()) => tracing::info!(to, subject = letter.subject, "mail sent"),
            Err(e) => tracing::error!(to, subject = letter.subject, error = %e, "mail failed"),
        }
        result
    }

    /// Sends without making the caller wait: a failure is logged, never answered.
    pub fn send_in_background(&self, to: String, letter: Letter) {
        let mailer = self.clone();
        let task = tokio::spawn(async move {
            let _ = mailer.send(&to, letter).await;
        });
        let mut background = self.background.lock().expect("background mail lock");
        background.retain(|task| !task.is_finished());
        background.push(task);
    }

    /// Completes once every mail sent in the background so far has been delivered or
    /// has failed: what a test waits for instead of guessing how long sending takes.
    pub async fn settled(&self) {
        let tasks = std::mem::take(&mut *self.background.lock().expect("background mail lock"));
        for task in tasks {
            let _ = task.await;
        }
    }

    async fn deliver(&self, to: &str, letter: &Letter) -> Result<(), MailError> {
        if let Transport::Memory(sent) = &self.transport {
            sent.lock().expect("mail list lock").push(Mail {
                to: to.to_string(),
                letter: letter.clone(),
            });
            return Ok(());
        }
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(to.parse().map_err(|_| MailError::Address(to.to_string()))?)
            .subject(&letter.subject);
        if let Some(link) = &letter.unsubscribe {
            // RFC 8058: a mail client offers 'Unsubscribe' and posts to the link itself.
            builder = builder
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe"),
                    format!("<{link}>"),
                ))
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                    "List-Unsubscribe=One-Click".to_string(),
                ));
        }
        let message = builder.multipart(
            MultiPart::alternative()
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_PLAIN)
                        .body(readable(&letter.text)),
                )
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_HTML)
                        .body(letter.html.clone()),
                ),
        )?;
        match &self.transport {
            Transport::Smtp(smtp) => smtp.send(message).await.map(drop).map_err(Into::into),
            Transport::Outbox(dir) => {
                let name = format!("{}.eml", crate::domain::new_id());
                // Written whole under a temporary name, then renamed: a reader never
                // sees half a message.
                let partial = dir.join(format!(".{name}.part"));
                tokio::fs::write(&partial, message.formatted()).await?;
                tokio::fs::rename(&partial, dir.join(&name)).await?;
                tracing::info!(
                    to,
                    "outbox: {} ({}) in {}",
                    letter.subject,
                    letter.hint,
                    dir.join(&name).display()
                );
                Ok(())
            }
            Transport::Memory(_) => unreachable!("handled above"),
        }
    }
}

/// The text part as it reads, unencoded, when its lines allow (they always do for
/// the shop's templates): a person opening the `.eml` can copy the link whole.
fn readable(text: &str) -> Body {
    // 8bit allows lines up to 998 bytes; lettre's own choice would wrap anything over
    // 76 as quoted-printable, cutting links in two with '='.
    let fits_8bit = !text.contains(['\r', '\0']) && text.lines().all(|line| line.len() <= 998);
    if fits_8bit {
        let crlf = text.lines().collect::<Vec<_>>().join("\r\n") + "\r\n";
        Body::dangerous_pre_encoded(crlf.into_bytes(), ContentTransferEncoding::EightBit)
    } else {
        Body::new(text.to_string())
    }
}

/// The sender when `SHOP_MAIL_FROM` is not set.
pub const DEFAULT_FROM: &str = "Shop <no-reply@localhost>";

fn parse_from(from: &str) -> Result<Mailbox, String> {
    from.parse()
        .map_err(|e| format!("SHOP_MAIL_FROM is not a mail address ({from}): {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_outbox_holds_one_complete_eml_per_mail() {
        let dir = std::env::temp_dir().join(format!("shop-outbox-{}", crate::domain::new_id()));
        let mailer = Mailer::outbox(dir.clone(), DEFAULT_FROM).unwrap();
        mailer
            .send("ada@example.com", templates::signup_code("042424", 10))
            .await
            .unwrap();
        let files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].extension().unwrap(), "eml");
        let eml = std::fs::read_to_string(&files[0]).unwrap();
        assert!(eml.contains("To: ada@example.com"), "{eml}");
        assert!(eml.contains("Subject: "), "{eml}");
        assert!(eml.contains("Content-Type: text/plain"), "{eml}");
        assert!(eml.contains("Content-Type: text/html"), "{eml}");
        assert!(eml.contains("Content-Transfer-Encoding: 8bit"), "{eml}");
        assert!(
            eml.contains("to verify your e-mail address and activate your account:"),
            "the text part reads as written, unwrapped: {eml}"
        );
        let link = format!(
            "http://127.0.0.1:8080/new-password?token={}",
            "x".repeat(43)
        );
        mailer
            .send("ada@example.com", templates::reset_link(&link, 30))
            .await
            .unwrap();
        let all: String = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
            .collect();
        assert!(
            all.contains(&format!("\r\n{link}\r\n")),
            "the link is whole on its own line"
        );
        std::fs::remove_dir_all(dir).ok();
    }

    #[tokio::test]
    async fn an_unreachable_smtp_server_is_an_error_not_a_silent_drop() {
        // Port 9 on loopback: nothing listens there, so the connection is refused at once.
        let mailer = Mailer::smtp("smtp://127.0.0.1:9", DEFAULT_FROM).unwrap();
        let result = mailer
            .send("ada@example.com", templates::signup_code("123456", 10))
            .await;
        assert!(matches!(result, Err(MailError::Smtp(_))), "{result:?}");
    }

    #[test]
    fn configuration_mistakes_are_explained() {
        assert!(Mailer::smtp("http://example.com", DEFAULT_FROM)
            .unwrap_err()
            .contains("SHOP_SMTP_URL"));
        assert!(Mailer::memory().sent().is_empty());
        assert!(parse_from("not an address")
            .unwrap_err()
            .contains("SHOP_MAIL_FROM"));
    }
}
