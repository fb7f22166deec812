//! Webhooks' rules (docs/DESIGN.md §13): the events, the signature, the retry
//! schedule, and which addresses a delivery may reach.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// What happened, as a delivery's `type` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventType {
    OrderPlaced,
    /// A card captured, or staff marked the order paid.
    OrderPaid,
    OrderStatusChanged,
    /// A cancellation sends this one alone, not `order.status_changed` too.
    OrderCancelled,
    OrderRefunded,
    ReturnRequested,
    ProductCreated,
    ProductUpdated,
    /// A variant's stock fell below the low-stock line.
    StockLow,
    CustomerCreated,
}

impl EventType {
    pub const ALL: [EventType; 10] = [
        EventType::OrderPlaced,
        EventType::OrderPaid,
        EventType::OrderStatusChanged,
        EventType::OrderCancelled,
        EventType::OrderRefunded,
        EventType::ReturnRequested,
        EventType::ProductCreated,
        EventType::ProductUpdated,
        EventType::StockLow,
        EventType::CustomerCreated,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EventType::OrderPlaced => "order.placed",
            EventType::OrderPaid => "order.paid",
            EventType::OrderStatusChanged => "order.status_changed",
            EventType::OrderCancelled => "order.cancelled",
            EventType::OrderRefunded => "order.refunded",
            EventType::ReturnRequested => "return.requested",
            EventType::ProductCreated => "product.created",
            EventType::ProductUpdated => "product.updated",
            EventType::StockLow => "stock.low",
            EventType::CustomerCreated => "customer.created",
        }
    }

    pub fn parse(raw: &str) -> Option<EventType> {
        EventType::ALL.into_iter().find(|t| t.as_str() == raw)
    }

    /// What the event's `data` is: an order, a return, a product or a customer.
    pub fn object(self) -> ObjectKind {
        match self {
            EventType::OrderPlaced
            | EventType::OrderPaid
            | EventType::OrderStatusChanged
            | EventType::OrderCancelled
            | EventType::OrderRefunded => ObjectKind::Order,
            EventType::ReturnRequested => ObjectKind::Return,
            EventType::ProductCreated | EventType::ProductUpdated | EventType::StockLow => {
                ObjectKind::Product
            }
            EventType::CustomerCreated => ObjectKind::Customer,
        }
    }
}

/// The kind of object an event carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectKind {
    Order,
    Return,
    Product,
    Customer,
}

/// The waits after each failed try, in seconds: 10 s, then 1, 5, 30 minutes and 2, 6
/// and 15 hours. After the last, the delivery has failed and its endpoint is switched off.
pub const RETRY_WAITS_SECS: [u64; 7] = [10, 60, 300, 1800, 7200, 21600, 54000];

/// The wait in milliseconds after failed try number `tries` (1 for the first), scaled
/// by `scale` (`SHOP_WEBHOOK_RETRY_SCALE`) and stretched by up to a tenth by `jitter`
/// (0 to 1); `None` when that was the last try.
pub fn retry_wait_ms(tries: i64, scale: f64, jitter: f64) -> Option<i64> {
    let index = usize::try_from(tries - 1).ok()?;
    let secs = *RETRY_WAITS_SECS.get(index)? as f64;
    let ms = secs * 1000.0 * scale * (1.0 + 0.1 * jitter.clamp(0.0, 1.0));
    Some(ms.round().max(0.0) as i64)
}

/// A delivery's `Shop-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
/// "t.body">`, keyed with the whole secret (`whsec_…`) as UTF-8.
pub fn signature(secret: &str, unix_secs: i64, body: &str) -> String {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(format!("{unix_secs}.{body}").as_bytes());
    let digest = mac.finalize().into_bytes();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("t={unix_secs},v1={hex}")
}

/// Whether a delivery may reach `ip` without `SHOP_WEBHOOKS_ALLOW_PRIVATE`: no loopback,
/// private, shared, link-local, unique-local, multicast, documentation or unspecified
/// address, v4 or v6 (a v4 address inside v6 is judged as v4).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        // 100.64.0.0/10, shared by carriers' NAT.
        || (a == 100 && (64..128).contains(&b))
        // 192.0.0.0/24, protocol assignments; 198.18.0.0/15, for benchmarks;
        // 240.0.0.0/4, reserved.
        || (a == 192 && b == 0 && ip.octets()[2] == 0)
        || (a == 198 && (b == 18 || b == 19))
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    let first = s[0];
    // An IPv4 address carried inside: NAT64 (64:ff9b::/96, 64:ff9b:1::/48) and 6to4
    // (2002::/16) reach it, so it is judged as itself.
    let embedded =
        |hi: u16, lo: u16| Ipv4Addr::new((hi >> 8) as u8, hi as u8, (lo >> 8) as u8, lo as u8);
    if first == 0x64 && s[1] == 0xff9b {
        // The well-known prefix carries it last; a local-use one (64:ff9b:1::/48)
        // anywhere, so that is not trusted.
        return s[2..6] == [0; 4] && is_public_v4(embedded(s[6], s[7]));
    }
    if first == 0x2002 {
        return is_public_v4(embedded(s[1], s[2]));
    }
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        // fc00::/7 unique-local, fe80::/10 link-local, 2001:db8::/32 documentation.
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
        || (first == 0x2001 && s[1] == 0x0db8)
        // 2001::/32, Teredo: its IPv4 address is hidden, so it is not trusted.
        || (first == 0x2001 && s[1] == 0)
        // ::a.b.c.d, the old v4-compatible form, never used for public hosts.
        || s[..6] == [0; 6])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_loopback_and_link_local_addresses_are_not_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a00:5",
            "64:ff9b::7f00:1",
            "2002:a00:1::1",
            "2002:7f00:1::1",
            "2001:0:1234::1",
            "192.0.0.8",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in [
            "93.184.216.34",
            "8.8.8.8",
            "2606:4700::1111",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
        ] {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn the_schedule_runs_seven_retries_then_stops_and_scales() {
        assert_eq!(retry_wait_ms(1, 1.0, 0.0), Some(10_000));
        assert_eq!(retry_wait_ms(7, 1.0, 0.0), Some(54_000_000));
        assert_eq!(retry_wait_ms(8, 1.0, 0.0), None);
        assert_eq!(retry_wait_ms(2, 0.001, 0.0), Some(60));
        assert_eq!(retry_wait_ms(1, 1.0, 1.0), Some(11_000));
        let total: u64 = RETRY_WAITS_SECS.iter().sum();
        // The whole schedule is about a day.
        assert!((23 * 3600..=24 * 3600).contains(&total), "{total}");
    }

    #[test]
    fn the_signature_is_hmac_sha256_of_time_dot_body() {
        // Computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
        let sig = signature("whsec_test", 1_700_000_000, r#"{"a":1}"#);
        assert_eq!(
            sig,
            "t=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789"
        );
        assert_ne!(sig, signature("whsec_other", 1_700_000_000, r#"{"a":1}"#));
    }

    #[test]
    fn event_names_parse_back() {
        for t in EventType::ALL {
            assert_eq!(EventType::parse(t.as_str()), Some(t));
        }
        assert_eq!(EventType::parse("order.deleted"), None);
    }
}
