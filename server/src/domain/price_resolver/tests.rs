use super::*;
use crate::domain::random::Random;

fn m(cents: i64) -> Money {
    Money::from_cents(cents)
}

fn at(min_quantity: i64, cents: i64) -> PriceBreak {
    PriceBreak {
        min_quantity,
        price: m(cents),
    }
}

#[test]
fn a_group_price_wins_then_the_category_discount_then_the_public_price() {
    let public = PriceAsk {
        public: m(1_000),
        everyone: &[],
        group: None,
    };
    assert_eq!(public.unit_price(1), m(1_000));
    let category = PriceAsk {
        group: Some(GroupTerms {
            category_percent: Some(15),
            ..GroupTerms::default()
        }),
        ..public
    };
    assert_eq!(category.unit_price(1), m(850));
    // 12.5 % is not a percent a group can set, but rounding is half up: 9.99 × 0.85 = 8.4915.
    let odd = PriceAsk {
        public: m(999),
        ..category
    };
    assert_eq!(odd.unit_price(1), m(849));
    let set = PriceAsk {
        group: Some(GroupTerms {
            group_price: Some(m(1_200)),
            category_percent: Some(15),
            breaks: &[],
        }),
        ..public
    };
    assert_eq!(
        set.unit_price(1),
        m(1_200),
        "staff may set it above the public price"
    );
}

#[test]
fn the_deepest_break_reached_applies_when_it_is_lower() {
    let everyone = [at(10, 900), at(50, 800)];
    let ask = PriceAsk {
        public: m(1_000),
        everyone: &everyone,
        group: None,
    };
    let prices: Vec<i64> = [1, 9, 10, 49, 50, 99]
        .iter()
        .map(|q| ask.unit_price(*q).cents())
        .collect();
    assert_eq!(prices, [1_000, 1_000, 900, 900, 800, 800]);
    // A break above the customer's own price is not applied.
    let trade = PriceAsk {
        group: Some(GroupTerms {
            group_price: Some(m(850)),
            ..GroupTerms::default()
        }),
        ..ask
    };
    assert_eq!(trade.unit_price(10), m(850));
    assert_eq!(trade.unit_price(50), m(800));
}

#[test]
fn everyones_and_the_groups_breaks_give_the_lower_of_their_deepest() {
    let everyone = [at(10, 900)];
    let group_breaks = [at(5, 850), at(20, 700)];
    let ask = PriceAsk {
        public: m(1_000),
        everyone: &everyone,
        group: Some(GroupTerms {
            breaks: &group_breaks,
            ..GroupTerms::default()
        }),
    };
    let prices: Vec<i64> = [4, 5, 10, 19, 20]
        .iter()
        .map(|q| ask.unit_price(*q).cents())
        .collect();
    assert_eq!(prices, [1_000, 850, 850, 850, 700], "never more for more");
    assert_eq!(ask.breaks_shown(), [at(5, 850), at(20, 700)]);
    let retail = PriceAsk { group: None, ..ask };
    assert_eq!(
        retail.breaks_shown(),
        [at(10, 900)],
        "another group's are not theirs"
    );
}

#[test]
fn a_sub_categorys_discount_wins_over_its_categorys() {
    let discounts = vec![("cat".to_string(), 10), ("sub".to_string(), 25)];
    assert_eq!(category_percent(&discounts, "cat", "sub"), Some(25));
    assert_eq!(category_percent(&discounts, "cat", "other"), Some(10));
    assert_eq!(category_percent(&discounts, "else", "other"), None);
}

#[test]
fn breaks_are_checked_in_order_and_each_rule_named() {
    assert_eq!(
        check_breaks(&[(10, Some(9.0)), (50, Some(8.5))]),
        Ok(vec![at(10, 900), at(50, 850)])
    );
    let errors = check_breaks(&[
        (1, Some(9.0)),
        (10, Some(9.5)),
        (10, Some(8.0)),
        (20, Some(0.0)),
        (30, Some(7.005)),
    ])
    .unwrap_err();
    assert_eq!(
        errors["breaks[0].minQuantity"],
        "A break starts at 2 units or more"
    );
    assert_eq!(
        errors["breaks[1].price"],
        "Each break costs less than the one before"
    );
    assert_eq!(
        errors["breaks[2].minQuantity"],
        "Each break starts at more units than the one before"
    );
    assert!(errors.contains_key("breaks[3].price"));
    assert!(errors.contains_key("breaks[4].price"));
    let many: Vec<(i64, Option<f64>)> = (0..11).map(|i| (2 + i, Some(100.0 - i as f64))).collect();
    assert_eq!(
        check_breaks(&many).unwrap_err()["breaks"],
        "At most 10 breaks"
    );
}

/// Up to `most` breaks with rising quantities and falling prices below `from`.
fn random_breaks(random: &mut Random, most: i64, from: i64) -> Vec<PriceBreak> {
    let mut breaks = Vec::new();
    let (mut quantity, mut price) = (1, from);
    for _ in 0..random.between(0, most) {
        quantity += random.between(1, 30);
        price -= random.between(1, (price / 4).max(1));
        if price < 1 {
            break;
        }
        breaks.push(at(quantity, price));
    }
    breaks
}

/// The resolver's promises over many random variants, groups and quantities: never above
/// the public price unless staff set a group price above it, nor above the customer's
/// base price; the deepest break reached in each audience is honoured; a unit never
/// costs more for buying more; and what `breaks_shown` lists is what a line of that
/// quantity is charged.
#[test]
fn over_many_random_asks_the_resolver_keeps_its_promises() {
    let mut random = Random(0x51ed_2701_9a3c_44b1);
    for _ in 0..20_000 {
        let public = m(random.between(1, 1_000_000));
        let everyone = random_breaks(&mut random, 4, public.cents());
        let group_breaks = random_breaks(&mut random, 4, public.cents());
        let group_price = (random.between(0, 3) == 0).then(|| m(random.between(1, 2_000_000)));
        let category = (random.between(0, 2) == 0).then(|| random.between(1, MAX_CATEGORY_PERCENT));
        let in_group = random.between(0, 3) > 0;
        let ask = PriceAsk {
            public,
            everyone: &everyone,
            group: in_group.then(|| GroupTerms {
                group_price,
                category_percent: category,
                breaks: &group_breaks,
            }),
        };
        let mut last = ask.unit_price(1);
        for quantity in 1..=200 {
            let unit = ask.unit_price(quantity);
            if !(in_group && group_price.is_some_and(|p| p > public)) {
                assert!(unit <= public, "{ask:?} at {quantity}");
            }
            assert!(unit <= ask.base(), "{ask:?} at {quantity}");
            assert!(unit <= last, "more for more: {ask:?} at {quantity}");
            // Not below what it is owed: the base, or a price of a break reached.
            let mut owed = vec![ask.base()];
            for breaks in [
                &everyone[..],
                if in_group { &group_breaks[..] } else { &[] },
            ] {
                if let Some(reached) = breaks.iter().rev().find(|b| b.min_quantity <= quantity) {
                    assert!(unit <= reached.price, "{ask:?} at {quantity}");
                    owed.push(reached.price);
                }
            }
            assert!(owed.contains(&unit), "{ask:?} at {quantity}");
            last = unit;
        }
        for shown in ask.breaks_shown() {
            assert_eq!(ask.unit_price(shown.min_quantity), shown.price, "{ask:?}");
        }
    }
}
