//! How the shop writes an amount (docs/DESIGN.md §5 and §15). Without a `currency` setting
//! the spec's two readings stay: US dollars on product pages and cards, the rupee in the
//! cart, orders and mails. A shop that names its currency shows that one everywhere, as
//! the browser's `Intl.NumberFormat('en-US', {style: 'currency'})` writes it; the
//! storefront formats with Intl, and `web/src/lib/currency-examples.json` holds the
//! cases both sides are tested against.

use super::Money;

/// A currency the shop can name: its ISO 4217 code and what stands before the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Currency {
    code: &'static str,
    prefix: &'static str,
}

/// The currencies the formatter knows: those with two decimals (amounts are cents),
/// each with the prefix en-US writes (a code with a no-break space where it has no
/// symbol of its own).
const KNOWN: &[Currency] = &[
    Currency {
        code: "GBP",
        prefix: "£",
    },
    Currency {
        code: "EUR",
        prefix: "€",
    },
    Currency {
        code: "USD",
        prefix: "$",
    },
    Currency {
        code: "INR",
        prefix: "₹",
    },
    Currency {
        code: "AUD",
        prefix: "A$",
    },
    Currency {
        code: "CAD",
        prefix: "CA$",
    },
    Currency {
        code: "NZD",
        prefix: "NZ$",
    },
    Currency {
        code: "HKD",
        prefix: "HK$",
    },
    Currency {
        code: "MXN",
        prefix: "MX$",
    },
    Currency {
        code: "BRL",
        prefix: "R$",
    },
    Currency {
        code: "CHF",
        prefix: "CHF\u{a0}",
    },
    Currency {
        code: "SEK",
        prefix: "SEK\u{a0}",
    },
    Currency {
        code: "NOK",
        prefix: "NOK\u{a0}",
    },
    Currency {
        code: "DKK",
        prefix: "DKK\u{a0}",
    },
    Currency {
        code: "PLN",
        prefix: "PLN\u{a0}",
    },
    Currency {
        code: "CZK",
        prefix: "CZK\u{a0}",
    },
    Currency {
        code: "ZAR",
        prefix: "ZAR\u{a0}",
    },
    Currency {
        code: "SGD",
        prefix: "SGD\u{a0}",
    },
    Currency {
        code: "AED",
        prefix: "AED\u{a0}",
    },
];

/// Why a `currency` setting is refused.
pub const CURRENCY_RULE: &str =
    "Choose a currency by its ISO 4217 code, such as GBP, EUR, USD or INR";

impl Currency {
    /// The currency named by `code` (three letters, any case), if the formatter knows it.
    pub fn parse(code: &str) -> Option<Currency> {
        let code = code.trim();
        KNOWN
            .iter()
            .find(|c| c.code.eq_ignore_ascii_case(code))
            .copied()
    }

    pub fn code(self) -> &'static str {
        self.code
    }

    /// Every code the formatter knows, for the OpenAPI document and the console.
    pub fn codes() -> impl Iterator<Item = &'static str> {
        KNOWN.iter().map(|c| c.code)
    }

    /// '£1,234.50', '-£3.00', 'CHF 1,234.50'.
    pub fn format(self, amount: Money) -> String {
        let cents = amount.cents();
        let sign = if cents < 0 { "-" } else { "" };
        let cents = cents.unsigned_abs();
        format!(
            "{sign}{}{}.{:02}",
            self.prefix,
            grouped(cents / 100),
            cents % 100
        )
    }
}

/// The places where the spec reads an amount, each in its own way while no currency is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Product pages, cards, listing, wishlist: '$1,234.50'.
    Dollars,
    /// Cart, checkout, orders, mails and messages: '₹1234.50'.
    Rupees,
}

/// `amount` as the shop writes it in `reading`: the shop's `currency` when it has one.
pub fn format(amount: Money, currency: Option<Currency>, reading: Reading) -> String {
    if let Some(currency) = currency {
        return currency.format(amount);
    }
    let cents = amount.cents();
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    match reading {
        Reading::Dollars => format!("{sign}${}.{:02}", grouped(abs / 100), abs % 100),
        Reading::Rupees => format!("{sign}\u{20b9}{}.{:02}", abs / 100, abs % 100),
    }
}

/// 1234567 as '1,234,567'.
fn grouped(whole: u64) -> String {
    let digits = whole.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Example {
        currency: Option<String>,
        reading: String,
        cents: i64,
        text: String,
    }

    /// The cases the storefront's formatter is tested against too.
    #[test]
    fn writes_every_shared_example_as_the_browser_does() {
        let examples: Vec<Example> =
            serde_json::from_str(include_str!("../../../web/src/lib/currency-examples.json"))
                .expect("the shared examples parse");
        assert!(examples.len() > 20);
        // The console's list of currencies is the examples' (`web/src/lib/format.ts`).
        for code in Currency::codes() {
            let named = examples.iter().any(|e| e.currency.as_deref() == Some(code));
            assert!(named, "{code} has no shared example");
        }
        for e in examples {
            let currency = e.currency.as_deref().map(|c| Currency::parse(c).expect(c));
            let reading = match e.reading.as_str() {
                "dollars" => Reading::Dollars,
                "rupees" => Reading::Rupees,
                other => panic!("unknown reading {other}"),
            };
            assert_eq!(
                format(Money::from_cents(e.cents), currency, reading),
                e.text,
                "{:?} {} {}",
                e.currency,
                e.reading,
                e.cents
            );
        }
    }

    #[test]
    fn knows_codes_in_any_case_and_refuses_others() {
        assert_eq!(Currency::parse(" gbp ").map(Currency::code), Some("GBP"));
        assert_eq!(Currency::parse("JPY"), None, "no cents: amounts are cents");
        assert_eq!(Currency::parse("XYZ"), None);
        assert_eq!(Currency::parse(""), None);
        assert!(Currency::codes().count() >= 19);
    }
}
