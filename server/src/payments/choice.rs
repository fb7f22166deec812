//! Which provider `shop serve` takes cards with (docs/DESIGN.md §7): a shop that is really
//! selling must never take test cards by accident. On a public address `SHOP_PAYMENTS`
//! must be chosen; on loopback (`make run`, tests) an unset or empty one means `test`.
//!
//! Each provider's implementation is named only where the shop is composed (`app.rs`:
//! it makes the one `SHOP_PAYMENTS` names and applies the migrations of those built
//! in), so `payments` depends on no provider. The test provider is built in only with
//! the `test-payments` feature (on by default); without it `test` is refused, and on
//! loopback an unset choice means `manual`.

use std::net::{IpAddr, SocketAddr};

use clap::ValueEnum;

use super::Mode;

/// Why `shop serve` refuses to start: printed on stderr before it exits with status 2.
#[cfg(feature = "test-payments")]
pub const MUST_CHOOSE: &str = "SHOP_PAYMENTS must be chosen for a shop on a public address: \
     `manual` (cash on delivery and at pickup) or `test` (test cards for a demo; no real money moves)";
/// Why `shop serve` refuses to start: printed on stderr before it exits with status 2.
#[cfg(not(feature = "test-payments"))]
pub const MUST_CHOOSE: &str = "SHOP_PAYMENTS must be chosen for a shop on a public address: \
     `manual` (cash on delivery and at pickup)";

/// Why `shop serve` refuses `SHOP_PAYMENTS=test` in a binary built without the provider.
#[cfg(not(feature = "test-payments"))]
pub const TEST_NOT_BUILT: &str = "SHOP_PAYMENTS=test: this shop was built without the test \
     card provider (the `test-payments` feature); choose `manual`, or build with the feature for a demo";

/// The names `SHOP_PAYMENTS` takes, as an error message lists them.
#[cfg(feature = "test-payments")]
const NAMES: &str = "`manual` or `test`";
#[cfg(not(feature = "test-payments"))]
const NAMES: &str = "`manual`";

/// What an unset or empty `SHOP_PAYMENTS` means on loopback.
#[cfg(feature = "test-payments")]
const ON_LOOPBACK: Mode = Mode::Test;
#[cfg(not(feature = "test-payments"))]
const ON_LOOPBACK: Mode = Mode::Manual;

/// The provider `given` (`SHOP_PAYMENTS` or `--payments`) names, for a shop reached at
/// `public_url` (else at the address it listens on).
pub fn choose(
    given: Option<&str>,
    public_url: Option<&str>,
    listen: SocketAddr,
) -> Result<Mode, String> {
    match given.map(str::trim).filter(|given| !given.is_empty()) {
        #[cfg(not(feature = "test-payments"))]
        Some(given) if given.eq_ignore_ascii_case("test") => Err(TEST_NOT_BUILT.to_string()),
        Some(given) => Mode::from_str(given, true)
            .map_err(|_| format!("SHOP_PAYMENTS must be {NAMES}, not {given:?}")),
        None => {
            let loopback = match public_url {
                Some(url) => is_loopback_url(url),
                None => listen.ip().is_loopback(),
            };
            if loopback {
                Ok(ON_LOOPBACK)
            } else {
                Err(MUST_CHOOSE.to_string())
            }
        }
    }
}

/// Whether `url`'s host is `localhost`, an address in 127.0.0.0/8 or `[::1]`.
pub fn is_loopback_url(url: &str) -> bool {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host_port = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    let host = match host_port.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or_default(),
        None => host_port.split(':').next().unwrap_or_default(),
    };
    host.eq_ignore_ascii_case("localhost")
        || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listen(address: &str) -> SocketAddr {
        address.parse().expect("an address")
    }

    #[test]
    fn a_public_shop_without_a_choice_is_refused() {
        let local = listen("127.0.0.1:8080");
        for url in [
            "https://shop.example.com",
            "http://10.0.0.11:8080",
            "https://127.0.0.1.example.com/",
            "http://[2001:db8::1]:8080",
            "http://localhost.example.com",
        ] {
            for given in [None, Some(""), Some("  ")] {
                assert_eq!(
                    choose(given, Some(url), local),
                    Err(MUST_CHOOSE.to_string()),
                    "{url} {given:?}"
                );
            }
        }
        assert_eq!(
            choose(None, None, listen("0.0.0.0:8080")),
            Err(MUST_CHOOSE.to_string())
        );
        assert_eq!(
            choose(None, None, listen("192.168.1.5:80")),
            Err(MUST_CHOOSE.to_string())
        );
    }

    #[cfg(feature = "test-payments")]
    #[test]
    fn a_public_shop_takes_what_it_chose() {
        let url = Some("https://shop.example.com");
        let any = listen("0.0.0.0:8080");
        assert_eq!(choose(Some("manual"), url, any), Ok(Mode::Manual));
        assert_eq!(choose(Some("test"), url, any), Ok(Mode::Test));
        assert_eq!(choose(Some(" Manual "), None, any), Ok(Mode::Manual));
        assert_eq!(
            choose(Some("stripe"), url, any),
            Err("SHOP_PAYMENTS must be `manual` or `test`, not \"stripe\"".to_string())
        );
    }

    #[cfg(feature = "test-payments")]
    #[test]
    fn on_loopback_no_choice_means_test() {
        let any = listen("0.0.0.0:8080");
        for url in [
            "http://127.0.0.1:8080",
            "http://127.8.9.10",
            "http://localhost:3000/shop",
            "http://LOCALHOST",
            "http://[::1]:8080/",
            "http://user@127.0.0.1:80",
        ] {
            assert_eq!(choose(None, Some(url), any), Ok(Mode::Test), "{url}");
        }
        assert_eq!(choose(None, None, listen("127.0.0.1:0")), Ok(Mode::Test));
        assert_eq!(choose(Some(""), None, listen("[::1]:8080")), Ok(Mode::Test));
        // The public URL, when given, decides, whatever the listen address.
        assert_eq!(
            choose(
                None,
                Some("https://shop.example.com"),
                listen("127.0.0.1:8080")
            ),
            Err(MUST_CHOOSE.to_string())
        );
    }

    #[cfg(not(feature = "test-payments"))]
    #[test]
    fn without_the_test_provider_test_is_refused_and_loopback_means_manual() {
        let url = Some("https://shop.example.com");
        let any = listen("0.0.0.0:8080");
        assert_eq!(choose(Some("manual"), url, any), Ok(Mode::Manual));
        for given in ["test", " Test "] {
            assert_eq!(
                choose(Some(given), None, listen("127.0.0.1:8080")),
                Err(TEST_NOT_BUILT.to_string())
            );
        }
        assert_eq!(
            choose(Some("stripe"), url, any),
            Err("SHOP_PAYMENTS must be `manual`, not \"stripe\"".to_string())
        );
        assert_eq!(choose(None, None, listen("127.0.0.1:0")), Ok(Mode::Manual));
        assert_eq!(choose(None, url, any), Err(MUST_CHOOSE.to_string()));
    }
}
