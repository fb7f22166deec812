//! Sending one delivery (docs/DESIGN.md §13): a signed POST with a 10-second limit, no
//! redirects followed, to an address checked when the request is made. Without
//! `SHOP_WEBHOOKS_ALLOW_PRIVATE` only `https://` reaches hosts whose every address is
//! public: the name is resolved by [`PublicOnly`] as the connection is opened, so a
//! name that changed its address since it was saved is caught too.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::Url;

use crate::domain::webhook::{is_public, signature};

/// How long an endpoint has to answer.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// What one try came to.
#[derive(Clone, Debug)]
pub struct Sent {
    pub status: Option<u16>,
    pub duration_ms: i64,
    pub error: Option<String>,
}

impl Sent {
    /// A 2xx within the time limit.
    pub fn succeeded(&self) -> bool {
        self.status.is_some_and(|s| (200..300).contains(&s))
    }
}

/// The client every delivery of this node goes through.
#[derive(Clone, Debug)]
pub struct Sender {
    client: reqwest::Client,
    allow_private: bool,
}

impl Sender {
    pub fn new(allow_private: bool) -> Sender {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            // A proxy would resolve the name itself, out of the address rule's sight.
            .no_proxy()
            .timeout(TIMEOUT)
            .connect_timeout(Duration::from_secs(5))
            .dns_resolver(Arc::new(PublicOnly { allow_private }))
            .user_agent("shop-webhooks/1")
            .build()
            .expect("the webhook client's settings are fixed");
        Sender {
            client,
            allow_private,
        }
    }

    pub fn allows_private(&self) -> bool {
        self.allow_private
    }

    /// The problem with `raw` as an endpoint's address, looked up now: its form, then
    /// every address its host resolves to.
    pub async fn check(&self, raw: &str) -> Result<Url, &'static str> {
        let url = check_form(raw, self.allow_private)?;
        if self.allow_private || literal_ip(&url).is_some() {
            return Ok(url);
        }
        let host = url.host_str().unwrap_or_default().to_string();
        let port = url.port_or_known_default().unwrap_or(443);
        let lookup = tokio::net::lookup_host((host.as_str(), port));
        let addrs: Vec<SocketAddr> = tokio::time::timeout(Duration::from_secs(5), lookup)
            .await
            .map_err(|_| "This address's host cannot be found")?
            .map_err(|_| "This address's host cannot be found")?
            .collect();
        if addrs.is_empty() || addrs.iter().any(|a| !is_public(a.ip())) {
            return Err(NOT_PUBLIC);
        }
        Ok(url)
    }

    /// POSTs `body` to `url`, signed with `secret` at `unix_secs`.
    pub async fn post(&self, url: &str, secret: &str, body: &str, unix_secs: i64) -> Sent {
        let started = Instant::now();
        let elapsed =
            |started: Instant| i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
        let url = match check_form(url, self.allow_private) {
            Ok(url) => url,
            Err(problem) => {
                return Sent {
                    status: None,
                    duration_ms: 0,
                    error: Some(problem.to_string()),
                }
            }
        };
        let sent = self
            .client
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header("Shop-Signature", signature(secret, unix_secs, body))
            .body(body.to_string())
            .send()
            .await;
        match sent {
            Ok(answer) => {
                let status = answer.status().as_u16();
                Sent {
                    status: Some(status),
                    duration_ms: elapsed(started),
                    error: (!(200..300).contains(&status))
                        .then(|| format!("The endpoint answered {status}")),
                }
            }
            Err(e) => Sent {
                status: None,
                duration_ms: elapsed(started),
                error: Some(describe(&e)),
            },
        }
    }
}

const NOT_PUBLIC: &str = "This address is not public";

/// Whether `raw` is an address a delivery may go to, by its form alone.
pub fn check_form(raw: &str, allow_private: bool) -> Result<Url, &'static str> {
    let url = Url::parse(raw.trim()).map_err(|_| "Enter a valid URL")?;
    match url.scheme() {
        "https" => {}
        "http" if allow_private => {}
        _ => return Err("Use an https:// address"),
    }
    let Some(host) = url.host_str() else {
        return Err("Enter a valid URL");
    };
    if !url.username().is_empty() || url.password().is_some() {
        return Err("Leave the user name and password out of the address");
    }
    if allow_private {
        return Ok(url);
    }
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    if host == "localhost" || host.ends_with(".localhost") {
        return Err(NOT_PUBLIC);
    }
    if literal_ip(&url).is_some_and(|ip| !is_public(ip)) {
        return Err(NOT_PUBLIC);
    }
    Ok(url)
}

fn literal_ip(url: &Url) -> Option<IpAddr> {
    match url.host()? {
        url::Host::Ipv4(ip) => Some(IpAddr::V4(ip)),
        url::Host::Ipv6(ip) => Some(IpAddr::V6(ip)),
        url::Host::Domain(_) => None,
    }
}

/// A failed try in a few words, for the delivery log.
fn describe(e: &reqwest::Error) -> String {
    if e.is_timeout() {
        "No answer within 10 seconds".into()
    } else if e.is_connect() {
        let refused = std::error::Error::source(e)
            .map(|s| format!("{s}"))
            .unwrap_or_default();
        if refused.contains("not a public address") {
            "The host resolves to an address that is not public".into()
        } else {
            "Could not connect".into()
        }
    } else {
        "The request failed".into()
    }
}

/// Resolves names as the connection is opened, refusing any that has an address that
/// is not public (unless private ones are allowed).
struct PublicOnly {
    allow_private: bool,
}

impl reqwest::dns::Resolve for PublicOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let allow_private = self.allow_private;
        Box::pin(async move {
            let addrs: Vec<SocketAddr> =
                tokio::net::lookup_host((name.as_str(), 0)).await?.collect();
            if !allow_private && addrs.iter().any(|a| !is_public(a.ip())) {
                return Err("not a public address".into());
            }
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_to_public_hosts_unless_private_is_allowed() {
        assert!(check_form("https://hooks.example.com/x", false).is_ok());
        assert_eq!(
            check_form("http://hooks.example.com/x", false).unwrap_err(),
            "Use an https:// address"
        );
        assert_eq!(
            check_form("https://localhost/x", false).unwrap_err(),
            NOT_PUBLIC
        );
        assert_eq!(
            check_form("https://127.0.0.1/x", false).unwrap_err(),
            NOT_PUBLIC
        );
        assert_eq!(
            check_form("https://[::1]/x", false).unwrap_err(),
            NOT_PUBLIC
        );
        assert_eq!(
            check_form("https://10.0.0.8/x", false).unwrap_err(),
            NOT_PUBLIC
        );
        assert_eq!(
            check_form("https://169.254.169.254/", false).unwrap_err(),
            NOT_PUBLIC
        );
        assert_eq!(
            check_form("ftp://example.com", false).unwrap_err(),
            "Use an https:// address"
        );
        assert_eq!(
            check_form("not a url", false).unwrap_err(),
            "Enter a valid URL"
        );
        assert!(check_form("http://127.0.0.1:9000/hook", true).is_ok());
    }
}
