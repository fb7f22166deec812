//! Tax on an order (docs/DESIGN.md §10), in integer cents: the cart's discounts shared
//! over its lines by largest remainder, each line's tax rounded half up once, the
//! delivery fee taxed at the standard rate, and the breakdown per tax class, whether
//! the shop's prices include tax or not. Nothing here reads a clock or a database.

use std::collections::BTreeMap;

use crate::domain::order::Totals;
use crate::domain::Money;

/// A product's tax class; its rate comes from the shop's settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TaxClass {
    #[default]
    Standard,
    Reduced,
    Zero,
}

impl TaxClass {
    pub const ALL: [TaxClass; 3] = [TaxClass::Standard, TaxClass::Reduced, TaxClass::Zero];

    /// As stored and as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            TaxClass::Standard => "standard",
            TaxClass::Reduced => "reduced",
            TaxClass::Zero => "zero",
        }
    }

    pub fn parse(text: &str) -> Option<TaxClass> {
        TaxClass::ALL
            .into_iter()
            .find(|class| class.as_str() == text)
    }
}

/// The largest rate: 100 %.
pub const MAX_RATE_BP: i64 = 10_000;

/// A country's rate per class, in basis points (20 % is 2,000).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaxRates {
    pub standard: i64,
    pub reduced: i64,
    pub zero: i64,
}

impl TaxRates {
    /// A fresh shop's: the United Kingdom's 20 / 5 / 0 %.
    pub const FRESH: TaxRates = TaxRates {
        standard: 2_000,
        reduced: 500,
        zero: 0,
    };

    pub fn of(&self, class: TaxClass) -> i64 {
        match class {
            TaxClass::Standard => self.standard,
            TaxClass::Reduced => self.reduced,
            TaxClass::Zero => self.zero,
        }
    }
}

/// The refusal for a rate that is not a percentage the shop can keep.
pub const RATE_RULE: &str = "A rate is a percentage from 0 to 100 with at most two decimals";

/// A rate given in percent (20, 17.5, 8.25) in basis points, when it is one from 0 to
/// 100 with at most two decimals.
pub fn rate_bp(percent: f64) -> Option<i64> {
    let hundredths = percent * 100.0;
    let bp = hundredths.round();
    let exact = (hundredths - bp).abs() < 1e-6;
    (percent.is_finite() && exact && (0.0..=MAX_RATE_BP as f64).contains(&bp)).then_some(bp as i64)
}

/// A rate in basis points as the API writes it, in percent.
pub fn rate_percent(bp: i64) -> f64 {
    bp as f64 / 100.0
}

/// A rate as people read it: '20%', '17.5%', '8.25%'.
pub fn rate_text(bp: i64) -> String {
    let whole = bp / 100;
    match bp % 100 {
        0 => format!("{whole}%"),
        hundredths if hundredths % 10 == 0 => format!("{whole}.{}%", hundredths / 10),
        hundredths => format!("{whole}.{hundredths:02}%"),
    }
}

/// How the shop taxes: where it is, what it calls its tax, whether its prices include
/// it, and the rates per class at home and in other countries it delivers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaxSettings {
    /// ISO 3166-1 alpha-2.
    pub country: String,
    /// 'VAT', 'GST', 'Sales tax'.
    pub label: String,
    pub prices_include_tax: bool,
    pub rates: TaxRates,
    /// Other countries' rates, by their code.
    pub country_rates: BTreeMap<String, TaxRates>,
}

/// The most countries with rates of their own.
pub const MAX_COUNTRY_RATES: usize = 60;

impl Default for TaxSettings {
    /// A fresh shop's: in the United Kingdom, 'VAT' included in its prices at 20 / 5 / 0 %.
    fn default() -> Self {
        TaxSettings {
            country: "GB".to_string(),
            label: "VAT".to_string(),
            prices_include_tax: true,
            rates: TaxRates::FRESH,
            country_rates: BTreeMap::new(),
        }
    }
}

impl TaxSettings {
    /// The rates for goods sent to `country` (its own when the shop has set them, else
    /// the shop's); `None`, a pickup or an order without a country, is the shop's country.
    pub fn rates_for(&self, country: Option<&str>) -> TaxRates {
        country
            .and_then(|code| self.country_rates.get(code))
            .copied()
            .unwrap_or(self.rates)
    }
}

/// One line of an order before tax: what it costs at its prices, and its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineToTax {
    pub line_total: Money,
    pub class: TaxClass,
}

/// One line after tax.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaxedLine {
    pub class: TaxClass,
    pub rate_bp: i64,
    /// The line's share of the cart's discounts.
    pub line_discount: Money,
    /// `line_total` less `line_discount`: what the line comes to.
    pub line_amount: Money,
    pub line_tax: Money,
}

/// The tax of one class (the delivery fee's joins `standard`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaxEntry {
    pub class: TaxClass,
    pub rate_bp: i64,
    /// Without tax.
    pub net: Money,
    pub tax: Money,
}

/// An order's tax: each line's, the delivery fee's, per class, and the total to pay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taxed {
    pub lines: Vec<TaxedLine>,
    pub delivery_tax: Money,
    /// One entry per class among the lines (0 % ones included), in class order, and
    /// `standard` when the delivery fee is above 0.
    pub taxes: Vec<TaxEntry>,
    pub tax_total: Money,
    /// What the buyer pays: the lines' amounts and the fee, plus the tax when prices
    /// are without it.
    pub total: Money,
}

/// `discount` shared over lines in proportion to `line_totals`, by largest remainder
/// (ties to the earlier line): the shares add up to `discount` exactly, and none is
/// more than its line. `discount` is at most the lines' sum.
pub fn share_discount(line_totals: &[Money], discount: Money) -> Vec<Money> {
    let sum: i128 = line_totals.iter().map(|t| i128::from(t.cents())).sum();
    let discount = i128::from(discount.cents());
    if sum <= 0 || discount <= 0 {
        return vec![Money::from_cents(0); line_totals.len()];
    }
    let exact: Vec<(i128, i128)> = line_totals
        .iter()
        .map(|t| {
            let scaled = discount * i128::from(t.cents());
            (scaled / sum, scaled % sum)
        })
        .collect();
    let mut left = discount - exact.iter().map(|(whole, _)| whole).sum::<i128>();
    let mut order: Vec<usize> = (0..exact.len()).collect();
    // Largest remainder first; the sort is stable, so ties keep the earlier line first.
    order.sort_by(|a, b| exact[*b].1.cmp(&exact[*a].1));
    let mut shares: Vec<i128> = exact.iter().map(|(whole, _)| *whole).collect();
    for at in order {
        if left == 0 {
            break;
        }
        shares[at] += 1;
        left -= 1;
    }
    shares
        .into_iter()
        .map(|cents| Money::from_cents(cents as i64))
        .collect()
}

/// The tax in `amount` at `rate_bp`, rounded half up once: the part the rate says when
/// prices include tax (`amount × rate ÷ (100 % + rate)`), else the rate of it.
pub fn tax_of(amount: Money, rate_bp: i64, prices_include_tax: bool) -> Money {
    let amount = i128::from(amount.cents());
    let rate = i128::from(rate_bp);
    let (numerator, denominator) = if prices_include_tax {
        (amount * rate, i128::from(MAX_RATE_BP) + rate)
    } else {
        (amount * rate, i128::from(MAX_RATE_BP))
    };
    Money::from_cents(half_up(numerator, denominator) as i64)
}

/// `numerator ÷ denominator` rounded half up (away from zero for halves of negatives).
pub(crate) fn half_up(numerator: i128, denominator: i128) -> i128 {
    let doubled = 2 * numerator.abs() + denominator;
    numerator.signum() * (doubled / (2 * denominator))
}

/// The tax of an order of `lines`, with the cart's discounts `discount` (the shop's and
/// a code's, added) and a delivery fee `delivery_fee`, at `rates`.
pub fn tax_order(
    lines: &[LineToTax],
    discount: Money,
    delivery_fee: Money,
    rates: &TaxRates,
    prices_include_tax: bool,
) -> Taxed {
    let totals: Vec<Money> = lines.iter().map(|line| line.line_total).collect();
    let shares = share_discount(&totals, discount);
    let taxed: Vec<TaxedLine> = lines
        .iter()
        .zip(shares)
        .map(|(line, line_discount)| {
            let rate_bp = rates.of(line.class);
            let line_amount = Money::from_cents(line.line_total.cents() - line_discount.cents());
            TaxedLine {
                class: line.class,
                rate_bp,
                line_discount,
                line_amount,
                line_tax: tax_of(line_amount, rate_bp, prices_include_tax),
            }
        })
        .collect();
    let delivery_tax = tax_of(delivery_fee, rates.standard, prices_include_tax);
    let mut taxes = Vec::new();
    for class in TaxClass::ALL {
        let of_class: Vec<&TaxedLine> = taxed.iter().filter(|l| l.class == class).collect();
        let fee = class == TaxClass::Standard && delivery_fee.cents() > 0;
        if of_class.is_empty() && !fee {
            continue;
        }
        let (fee_amount, fee_tax) = if fee {
            (delivery_fee.cents(), delivery_tax.cents())
        } else {
            (0, 0)
        };
        let amount: i64 = of_class.iter().map(|l| l.line_amount.cents()).sum::<i64>() + fee_amount;
        let tax: i64 = of_class.iter().map(|l| l.line_tax.cents()).sum::<i64>() + fee_tax;
        let net = if prices_include_tax {
            amount - tax
        } else {
            amount
        };
        taxes.push(TaxEntry {
            class,
            rate_bp: rates.of(class),
            net: Money::from_cents(net),
            tax: Money::from_cents(tax),
        });
    }
    let tax_total: i64 = taxes.iter().map(|entry| entry.tax.cents()).sum();
    let amounts: i64 =
        taxed.iter().map(|l| l.line_amount.cents()).sum::<i64>() + delivery_fee.cents();
    let total = if prices_include_tax {
        amounts
    } else {
        amounts + tax_total
    };
    Taxed {
        lines: taxed,
        delivery_tax,
        taxes,
        tax_total: Money::from_cents(tax_total),
        total: Money::from_cents(total),
    }
}

/// `totals` with the order's tax at `rates` (docs/DESIGN.md §10): the shop's discount
/// and a code's shared over `lines` (in the order of `totals`' lines), each line's tax,
/// the fee's, and the breakdown. With net prices the total gains the tax; with prices
/// that include it, the total is the one `totals` has.
pub fn with_tax(
    totals: Totals,
    lines: &[LineToTax],
    rates: &TaxRates,
    prices_include_tax: bool,
) -> (Totals, Taxed) {
    let discount = Money::from_cents(totals.discount.cents() + totals.promo_discount.cents());
    let taxed = tax_order(
        lines,
        discount,
        totals.delivery_fee,
        rates,
        prices_include_tax,
    );
    let totals = Totals {
        total: taxed.total,
        ..totals
    };
    (totals, taxed)
}

#[cfg(test)]
mod tests;
