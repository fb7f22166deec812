//! The rules of docs/DESIGN.md §10 on worked examples, and its invariants over many
//! random carts: the discount shares add up, every line's tax is its amount's rounded
//! once, the breakdown adds up to the tax total, and the total is what the lines, the
//! fee (and the tax, when prices are net) come to, to the cent.

use super::*;
use crate::domain::order::{totals, DELIVERY_FEE};
use crate::domain::random::Random;

fn cents(values: &[i64]) -> Vec<Money> {
    values.iter().copied().map(Money::from_cents).collect()
}

#[test]
fn a_discount_is_shared_by_largest_remainder_and_ties_go_to_the_earlier_line() {
    // 100 over 3 equal lines: 33.33 each, the cent left to the first.
    assert_eq!(
        share_discount(&cents(&[1_000, 1_000, 1_000]), Money::from_cents(100)),
        cents(&[34, 33, 33])
    );
    // In proportion: 10 over 1, 2 and 7 parts.
    assert_eq!(
        share_discount(&cents(&[100, 200, 700]), Money::from_cents(10)),
        cents(&[1, 2, 7])
    );
    // The larger remainder wins the cent: 5 over 1:2 is 1.67 and 3.33.
    assert_eq!(
        share_discount(&cents(&[100, 200]), Money::from_cents(5)),
        cents(&[2, 3])
    );
    assert_eq!(
        share_discount(&cents(&[500]), Money::from_cents(0)),
        cents(&[0])
    );
    assert_eq!(
        share_discount(&cents(&[0, 0]), Money::from_cents(0)),
        cents(&[0, 0])
    );
}

#[test]
fn tax_is_the_rates_part_of_a_gross_amount_or_the_rate_of_a_net_one_rounded_half_up() {
    // 20 % inside 120.00 is 20.00; of 100.00 it is 20.00.
    assert_eq!(
        tax_of(Money::from_cents(12_000), 2_000, true),
        Money::from_cents(2_000)
    );
    assert_eq!(
        tax_of(Money::from_cents(10_000), 2_000, false),
        Money::from_cents(2_000)
    );
    // 20 % inside 0.03 is 0.005: a half cent rounds up. 5 % of 0.10 is 0.005: up.
    assert_eq!(
        tax_of(Money::from_cents(3), 2_000, true),
        Money::from_cents(1)
    );
    assert_eq!(
        tax_of(Money::from_cents(10), 500, false),
        Money::from_cents(1)
    );
    // 20 % inside 0.02 is 0.0033: down.
    assert_eq!(
        tax_of(Money::from_cents(2), 2_000, true),
        Money::from_cents(0)
    );
    assert_eq!(
        tax_of(Money::from_cents(12_345), 0, true),
        Money::from_cents(0)
    );
    // 17.5 % inside 11.75 is 1.75.
    assert_eq!(
        tax_of(Money::from_cents(1_175), 1_750, true),
        Money::from_cents(175)
    );
}

#[test]
fn an_order_with_the_fresh_shops_rates_keeps_the_specs_total_and_gains_its_breakdown() {
    // The checkout test's cart: 2 × 30.00 (standard) and 1 × 54.00 (reduced), the
    // spec's 20 % off, delivered for the spec's 100.00.
    let lines = [
        LineToTax {
            line_total: Money::from_cents(6_000),
            class: TaxClass::Standard,
        },
        LineToTax {
            line_total: Money::from_cents(5_400),
            class: TaxClass::Reduced,
        },
    ];
    let spec = totals(&[(Money::from_cents(3_000), 2), (Money::from_cents(5_400), 1)])
        .with_delivery_fee(DELIVERY_FEE);
    let taxed = tax_order(
        &lines,
        spec.discount,
        spec.delivery_fee,
        &TaxRates::FRESH,
        true,
    );
    assert_eq!(taxed.total, spec.total);
    // 22.80 off, shared 12.00 and 10.80; standard 48.00 (8.00 tax) + fee 100.00 (16.67),
    // reduced 43.20 (2.06).
    assert_eq!(taxed.lines[0].line_discount, Money::from_cents(1_200));
    assert_eq!(taxed.lines[1].line_discount, Money::from_cents(1_080));
    assert_eq!(taxed.lines[0].line_tax, Money::from_cents(800));
    assert_eq!(taxed.lines[1].line_tax, Money::from_cents(206));
    assert_eq!(taxed.delivery_tax, Money::from_cents(1_667));
    assert_eq!(
        taxed.taxes,
        [
            TaxEntry {
                class: TaxClass::Standard,
                rate_bp: 2_000,
                net: Money::from_cents(4_800 + 10_000 - 800 - 1_667),
                tax: Money::from_cents(800 + 1_667),
            },
            TaxEntry {
                class: TaxClass::Reduced,
                rate_bp: 500,
                net: Money::from_cents(4_320 - 206),
                tax: Money::from_cents(206),
            },
        ]
    );
    assert_eq!(taxed.tax_total, Money::from_cents(2_673));

    // Pickup: no fee, so no standard entry without a standard line; a 0 % class shows.
    let zero = [LineToTax {
        line_total: Money::from_cents(1_500),
        class: TaxClass::Zero,
    }];
    let taxed = tax_order(
        &zero,
        Money::from_cents(300),
        Money::from_cents(0),
        &TaxRates::FRESH,
        true,
    );
    assert_eq!(
        taxed.taxes,
        [TaxEntry {
            class: TaxClass::Zero,
            rate_bp: 0,
            net: Money::from_cents(1_200),
            tax: Money::from_cents(0),
        }]
    );
    assert_eq!(taxed.total, Money::from_cents(1_200));
}

#[test]
fn net_prices_add_their_tax_to_the_total() {
    let lines = [LineToTax {
        line_total: Money::from_cents(10_000),
        class: TaxClass::Standard,
    }];
    let taxed = tax_order(
        &lines,
        Money::from_cents(2_000),
        Money::from_cents(1_000),
        &TaxRates::FRESH,
        false,
    );
    // 80.00 + 10.00 fee, 20 % on both: 18.00.
    assert_eq!(taxed.tax_total, Money::from_cents(1_800));
    assert_eq!(taxed.total, Money::from_cents(8_000 + 1_000 + 1_800));
    assert_eq!(taxed.taxes[0].net, Money::from_cents(9_000));
}

#[test]
fn classes_read_and_write_as_the_api_names_them() {
    for class in TaxClass::ALL {
        assert_eq!(TaxClass::parse(class.as_str()), Some(class));
    }
    assert_eq!(TaxClass::parse("Standard"), None);
    assert_eq!(TaxClass::default(), TaxClass::Standard);
}

/// How many random carts the invariants are checked over.
const CARTS: usize = 20_000;

#[test]
fn over_many_random_carts_nothing_is_off_by_a_cent() {
    let mut random = Random(0x005e_ed0f_7ac0_ffee);
    for cart in 0..CARTS {
        let prices_include_tax = cart % 2 == 0;
        let rates = TaxRates {
            standard: random.between(0, MAX_RATE_BP),
            reduced: random.between(0, 2_500),
            zero: if random.between(0, 3) == 0 {
                random.between(1, 500)
            } else {
                0
            },
        };
        let count = random.between(1, 12) as usize;
        let priced: Vec<(Money, i64)> = (0..count)
            .map(|_| {
                let price = match random.between(0, 3) {
                    0 => random.between(1, 99),
                    1 => random.between(100, 9_999),
                    _ => random.between(10_000, 1_000_000),
                };
                (Money::from_cents(price), random.between(1, 99))
            })
            .collect();
        let mut spec = totals(&priced);
        if random.between(0, 2) == 0 {
            // A promo code: up to the goods after the shop's discount.
            spec = spec.with_promo(Money::from_cents(
                random.between(1, spec.goods().cents().max(1)),
            ));
        }
        // Pickup, the spec's fee, or a delivery method's (some free).
        let fee = match random.between(0, 3) {
            0 => 0,
            1 => DELIVERY_FEE.cents(),
            _ => random.between(0, 100_000),
        };
        let spec = spec.with_delivery_fee(Money::from_cents(fee));
        let lines: Vec<LineToTax> = priced
            .iter()
            .map(|(price, quantity)| LineToTax {
                line_total: Money::from_cents(price.cents() * quantity),
                class: TaxClass::ALL[random.between(0, 2) as usize],
            })
            .collect();
        let discount = Money::from_cents(spec.discount.cents() + spec.promo_discount.cents());
        // What quotes and orders charge: the spec's totals with their tax.
        let (charged, taxed) = with_tax(spec, &lines, &rates, prices_include_tax);
        assert_eq!(charged.total, taxed.total);
        let what = format!("cart {cart}: {lines:?}, discount {discount:?}, {taxed:?}");

        // The shares add up to the discounts, none above its line.
        let shared: i64 = taxed.lines.iter().map(|l| l.line_discount.cents()).sum();
        assert_eq!(shared, discount.cents(), "{what}");
        for (line, taxed_line) in lines.iter().zip(&taxed.lines) {
            assert!(
                (0..=line.line_total.cents()).contains(&taxed_line.line_discount.cents()),
                "{what}"
            );
            assert_eq!(
                taxed_line.line_amount.cents(),
                line.line_total.cents() - taxed_line.line_discount.cents()
            );
            // Rounded once: within half a cent of the exact tax.
            let rate = i128::from(taxed_line.rate_bp);
            let amount = i128::from(taxed_line.line_amount.cents());
            let denominator = if prices_include_tax {
                10_000 + rate
            } else {
                10_000
            };
            let off = 2 * (i128::from(taxed_line.line_tax.cents()) * denominator - amount * rate);
            assert!(-denominator < off && off <= denominator, "{what}");
        }
        // Σ taxes = tax total; Σ net + Σ tax = total.
        let tax: i64 = taxed.taxes.iter().map(|t| t.tax.cents()).sum();
        let net: i64 = taxed.taxes.iter().map(|t| t.net.cents()).sum();
        assert_eq!(tax, taxed.tax_total.cents(), "{what}");
        assert_eq!(net + tax, taxed.total.cents(), "{what}");
        // Σ line amounts + delivery (+ tax when net) = total.
        let amounts: i64 = taxed.lines.iter().map(|l| l.line_amount.cents()).sum();
        let expected =
            amounts + spec.delivery_fee.cents() + if prices_include_tax { 0 } else { tax };
        assert_eq!(taxed.total.cents(), expected, "{what}");
        // With prices that include tax, the spec's total is the total.
        if prices_include_tax {
            assert_eq!(taxed.total, spec.total, "{what}");
        }
        // One entry per class present, and standard when there is a fee.
        for class in TaxClass::ALL {
            let present = lines.iter().any(|l| l.class == class)
                || (class == TaxClass::Standard && spec.delivery_fee.cents() > 0);
            assert_eq!(
                taxed.taxes.iter().any(|t| t.class == class),
                present,
                "{what}"
            );
        }
    }
}

#[test]
fn rates_are_percentages_with_at_most_two_decimals_and_a_country_may_have_its_own() {
    assert_eq!(rate_bp(20.0), Some(2_000));
    assert_eq!(rate_bp(17.5), Some(1_750));
    assert_eq!(rate_bp(8.25), Some(825));
    assert_eq!(rate_bp(0.07), Some(7));
    assert_eq!(rate_bp(100.0), Some(10_000));
    assert_eq!(rate_bp(0.0), Some(0));
    for refused in [-1.0, 100.01, 8.125, f64::NAN, f64::INFINITY] {
        assert_eq!(rate_bp(refused), None, "{refused}");
    }
    assert_eq!(rate_percent(1_750), 17.5);
    assert_eq!(rate_text(2_000), "20%");
    assert_eq!(rate_text(1_750), "17.5%");
    assert_eq!(rate_text(825), "8.25%");
    assert_eq!(rate_text(5), "0.05%");
    assert_eq!(rate_text(0), "0%");

    let mut settings = TaxSettings::default();
    let germany = TaxRates {
        standard: 1_900,
        reduced: 700,
        zero: 0,
    };
    settings.country_rates.insert("DE".to_string(), germany);
    assert_eq!(settings.rates_for(Some("DE")), germany);
    assert_eq!(settings.rates_for(Some("FR")), TaxRates::FRESH);
    assert_eq!(settings.rates_for(None), TaxRates::FRESH);
}
