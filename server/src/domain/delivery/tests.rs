use super::*;

fn m(cents: i64) -> Money {
    Money::from_cents(cents)
}

fn band(up_to: Option<i64>, price: i64) -> Band {
    Band {
        up_to_grams: up_to,
        price: m(price),
    }
}

fn method(id: &str, prefixes: &[&str], rates: Vec<Band>, position: i64) -> DeliveryMethod {
    DeliveryMethod {
        id: id.to_string(),
        rules: MethodRules {
            name: id.to_string(),
            description: String::new(),
            postcode_prefixes: prefixes.iter().map(|p| p.to_string()).collect(),
            rates,
            free_over: None,
            active: true,
            position,
        },
        is_default: false,
        version: 1,
    }
}

/// The demo's methods (docs/DESIGN.md §10), 'standard' the default.
fn demo() -> Vec<DeliveryMethod> {
    let mut standard = method("standard", &[], vec![band(None, 10_000)], 0);
    standard.is_default = true;
    vec![
        standard,
        method("next-day", &[], vec![band(Some(30_000), 25_000)], 1),
        method("pallet", &[], vec![band(None, 90_000)], 2),
        method(
            "highlands",
            &["HS", "IV", "KW", "ZE"],
            vec![band(None, 30_000)],
            3,
        ),
    ]
}

fn parcel(postcode: Option<&str>, weight_grams: i64) -> Parcel {
    Parcel {
        postcode: postcode.map(normalise_postcode),
        weight_grams,
        goods: m(5_000),
    }
}

fn ids(options: &[DeliveryOption]) -> Vec<&str> {
    options.iter().map(|o| o.id.as_str()).collect()
}

#[test]
fn postcodes_match_prefixes_ignoring_case_and_spaces() {
    assert_eq!(normalise_postcode(" iv2 3ab "), "IV23AB");
    let highlands = &demo()[3].rules;
    assert!(highlands.serves(Some("IV23AB")));
    assert!(highlands.serves(Some(&normalise_postcode("ze1 0aa"))));
    assert!(!highlands.serves(Some("SW1A1AA")));
    assert!(
        !highlands.serves(None),
        "no postcode: only methods going everywhere"
    );
    assert!(demo()[0].rules.serves(None));
}

#[test]
fn a_parcel_takes_the_first_band_its_weight_fits() {
    let rules = MethodRules {
        rates: vec![
            band(Some(1_000), 500),
            band(Some(5_000), 900),
            band(None, 2_000),
        ],
        ..demo()[0].rules.clone()
    };
    let price = |grams| rules.price(&parcel(None, grams));
    assert_eq!(price(0), Ok(m(500)));
    assert_eq!(
        price(1_000),
        Ok(m(500)),
        "a weight equal to the band's uses it"
    );
    assert_eq!(price(1_001), Ok(m(900)));
    assert_eq!(price(5_001), Ok(m(2_000)));
    let next_day = &demo()[1].rules;
    assert_eq!(next_day.price(&parcel(None, 30_000)), Ok(m(25_000)));
    assert_eq!(next_day.price(&parcel(None, 30_001)), Err(TOO_HEAVY));
}

#[test]
fn goods_at_or_over_the_threshold_go_free() {
    let rules = MethodRules {
        free_over: Some(m(5_000)),
        ..demo()[1].rules.clone()
    };
    let goods = |cents, grams| {
        rules.price(&Parcel {
            goods: m(cents),
            weight_grams: grams,
            postcode: None,
        })
    };
    assert_eq!(goods(4_999, 10), Ok(m(25_000)));
    assert_eq!(goods(5_000, 10), Ok(m(0)));
    assert_eq!(
        goods(9_000, 40_000),
        Err(TOO_HEAVY),
        "free does not lift the weight"
    );
}

#[test]
fn options_list_the_active_methods_serving_the_postcode_in_order() {
    let mut methods = demo();
    methods.reverse();
    assert_eq!(
        ids(&options(&methods, &parcel(Some("IV2 3AB"), 100))),
        ["standard", "next-day", "pallet", "highlands"]
    );
    assert_eq!(
        ids(&options(&methods, &parcel(Some("SW1A 1AA"), 100))),
        ["standard", "next-day", "pallet"]
    );
    methods
        .iter_mut()
        .for_each(|m| m.rules.active = m.id != "pallet");
    assert_eq!(
        ids(&options(&methods, &parcel(None, 100))),
        ["standard", "next-day"]
    );
}

#[test]
fn an_order_uses_the_named_method_else_the_default_else_the_only_one() {
    let methods = demo();
    let light = options(&methods, &parcel(Some("SW1A 1AA"), 100));
    assert_eq!(
        for_order(&light, None).map(|o| o.id.as_str()),
        Ok("standard")
    );
    assert_eq!(
        for_order(&light, Some("pallet")).map(|o| o.id.as_str()),
        Ok("pallet")
    );
    assert_eq!(
        for_order(&light, Some("highlands")),
        Err(DeliveryRefusal::Unavailable(NOT_AVAILABLE)),
        "a method that does not serve the postcode"
    );
    assert_eq!(
        for_order(&light, Some("nope")),
        Err(DeliveryRefusal::Unavailable(NOT_AVAILABLE))
    );
    let heavy = options(&methods, &parcel(None, 40_000));
    assert_eq!(
        for_order(&heavy, Some("next-day")),
        Err(DeliveryRefusal::Unavailable(TOO_HEAVY))
    );

    // Without the default: the only available one, else the shopper must choose.
    let no_default: Vec<_> = methods.iter().filter(|m| !m.is_default).cloned().collect();
    let heavy = options(&no_default, &parcel(None, 40_000));
    assert_eq!(for_order(&heavy, None).map(|o| o.id.as_str()), Ok("pallet"));
    let light = options(&no_default, &parcel(None, 100));
    assert_eq!(for_order(&light, None), Err(DeliveryRefusal::Choose));
}

#[test]
fn nothing_serving_or_nothing_carrying_is_refused_whatever_is_named() {
    let highlands_only = vec![demo().remove(3)];
    let elsewhere = options(&highlands_only, &parcel(Some("SW1A 1AA"), 100));
    for named in [None, Some("highlands")] {
        assert_eq!(
            for_order(&elsewhere, named),
            Err(DeliveryRefusal::NotDelivered)
        );
        assert_eq!(
            for_quote(&elsewhere, named),
            Err(DeliveryRefusal::NotDelivered)
        );
    }
    let next_day_only = vec![demo().remove(1)];
    let heavy = options(&next_day_only, &parcel(None, 40_000));
    assert_eq!(for_order(&heavy, None), Err(DeliveryRefusal::NoneCanCarry));
    assert_eq!(
        for_quote(&heavy, Some("next-day")),
        Err(DeliveryRefusal::NoneCanCarry)
    );
    assert_eq!(DeliveryRefusal::NotDelivered.field(), "postcode");
    assert_eq!(DeliveryRefusal::NoneCanCarry.field(), "deliveryMethodId");
    assert_eq!(DeliveryRefusal::NotDelivered.message(), NOT_DELIVERED);
}

#[test]
fn a_quote_prices_the_named_then_the_default_then_the_cheapest() {
    let methods = demo();
    let light = options(&methods, &parcel(None, 100));
    assert_eq!(
        for_quote(&light, None).map(|o| o.id.as_str()),
        Ok("standard")
    );
    assert_eq!(
        for_quote(&light, Some("next-day")).map(|o| o.id.as_str()),
        Ok("next-day")
    );
    // A named method that cannot be used is not refused: the default is priced.
    assert_eq!(
        for_quote(&light, Some("highlands")).map(|o| o.id.as_str()),
        Ok("standard")
    );
    let no_default: Vec<_> = methods.iter().filter(|m| !m.is_default).cloned().collect();
    let light = options(&no_default, &parcel(None, 100));
    assert_eq!(
        for_quote(&light, None).map(|o| o.id.as_str()),
        Ok("next-day")
    );
}

fn draft() -> MethodDraft {
    MethodDraft {
        name: " Next-day ".into(),
        description: "Order by 2pm".into(),
        postcode_prefixes: vec![" iv ".into(), "IV".into(), "hs 1".into()],
        rates: vec![(Some(1_000), Some(5.0)), (None, Some(12.5))],
        free_over: Some(250.0),
        active: true,
        position: 2,
    }
}

#[test]
fn a_saved_method_is_trimmed_and_its_prefixes_normalised() {
    let rules = check_method(&draft()).unwrap();
    assert_eq!(rules.name, "Next-day");
    assert_eq!(rules.postcode_prefixes, ["IV", "HS1"], "once each");
    assert_eq!(rules.rates, [band(Some(1_000), 500), band(None, 1_250)]);
    assert_eq!(rules.free_over, Some(m(25_000)));
}

#[test]
fn every_broken_rule_of_a_method_is_named() {
    let broken = MethodDraft {
        name: "  ".into(),
        description: "x".repeat(MAX_DESCRIPTION_CHARS + 1),
        postcode_prefixes: vec!["IV-1".into(), "ABCDEFGHI".into()],
        rates: vec![
            (None, Some(1.0)),
            (Some(500), Some(-1.0)),
            (Some(500), Some(1.005)),
            (Some(0), Some(1.0)),
        ],
        free_over: Some(-1.0),
        active: true,
        position: -1,
    };
    let errors = check_method(&broken).unwrap_err();
    let keys: Vec<&str> = errors.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "description",
            "freeOver",
            "name",
            "position",
            "postcodePrefixes[0]",
            "postcodePrefixes[1]",
            "rates[0].upToGrams",
            "rates[1].price",
            "rates[2].price",
            "rates[2].upToGrams",
            "rates[3].upToGrams",
        ]
    );
    assert_eq!(
        errors["rates[0].upToGrams"],
        "Only the last band may take any weight"
    );
    assert_eq!(
        errors["rates[2].upToGrams"],
        "Each band must be heavier than the one before"
    );
    let no_bands = MethodDraft {
        rates: vec![],
        ..draft()
    };
    assert_eq!(
        check_method(&no_bands).unwrap_err()["rates"],
        "Give 1 to 20 weight bands"
    );
}
