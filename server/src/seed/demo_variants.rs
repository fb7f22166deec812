//! The demo's products with variants (docs/DESIGN.md §9, "Demo catalogue"): compression
//! and push-fit fittings in 15/22/28 mm × Brass/Chrome, copper pipe by the metre, PTFE
//! tape and olives in packs, radiators in heights × widths, taps in finishes. Each
//! finish has its own drawing, which its variants show. Ids and SKUs are fixed, so
//! seeding twice changes nothing.

use std::collections::BTreeMap;

use super::art::{product_svg, Kind};
use super::content_path;
use crate::domain::id::stable_id;
use crate::domain::pricing::Discount;
use crate::domain::variant::{ProductOption, SaleUnit, Unit, VariantOptions};
use crate::domain::Money;
use crate::store::catalogue::{NewProduct, SeedVariants, VariantInput};

/// One demo product with variants.
struct Family {
    /// Category and sub-category titles, as in the demo catalogue.
    place: (&'static str, &'static str),
    name: &'static str,
    about: &'static str,
    kind: Kind,
    /// The SKUs' stem: `CE` gives `CE-15-BR`.
    code: &'static str,
    /// Options, in order: (name, values); each value with a SKU part and, for a finish,
    /// its colour.
    options: &'static [(&'static str, &'static [Value])],
    /// The cheapest variant's price in cents; each later value of an option adds `step`.
    price: i64,
    step: i64,
    sale: SaleUnit,
    weight: Option<i64>,
}

#[derive(Clone, Copy)]
struct Value {
    text: &'static str,
    code: &'static str,
    /// For a finish: its colour, and the drawing its variants show.
    hex: Option<&'static str>,
}

const fn size(text: &'static str, code: &'static str) -> Value {
    Value {
        text,
        code,
        hex: None,
    }
}
const fn finish(text: &'static str, code: &'static str, hex: &'static str) -> Value {
    Value {
        text,
        code,
        hex: Some(hex),
    }
}

const SIZES: &[Value] = &[
    size("15 mm", "15"),
    size("22 mm", "22"),
    size("28 mm", "28"),
];
const METALS: &[Value] = &[
    finish("Brass", "BR", "#c9a23a"),
    finish("Chrome", "CH", "#b9c0c9"),
];
const TAP_FINISHES: &[Value] = &[
    finish("Chrome", "CH", "#b9c0c9"),
    finish("Brushed Nickel", "BN", "#a99f8e"),
    finish("Matte Black", "MB", "#3a3d42"),
    finish("Brushed Brass", "BB", "#c9a23a"),
];
const HEIGHTS: &[Value] = &[
    size("300 mm", "300"),
    size("450 mm", "450"),
    size("600 mm", "600"),
];
const WIDTHS: &[Value] = &[
    size("600 mm", "600"),
    size("1000 mm", "1000"),
    size("1400 mm", "1400"),
];
const COLUMN_HEIGHTS: &[Value] = &[size("1500 mm", "1500"), size("1800 mm", "1800")];
const COLUMN_WIDTHS: &[Value] = &[size("300 mm", "300"), size("450 mm", "450")];
const TAPE_WIDTHS: &[Value] = &[size("12 mm", "12"), size("19 mm", "19")];

const FITTING: &[(&str, &[Value])] = &[("Size", SIZES), ("Finish", METALS)];
const EACH: SaleUnit = SaleUnit {
    unit: Unit::Each,
    pack_size: None,
    min_quantity: 1,
    quantity_step: 1,
};
const fn pack(size: i64) -> SaleUnit {
    SaleUnit {
        unit: Unit::Pack,
        pack_size: Some(size),
        min_quantity: 1,
        quantity_step: 1,
    }
}
const METRE: SaleUnit = SaleUnit {
    unit: Unit::Metre,
    pack_size: None,
    min_quantity: 1,
    quantity_step: 1,
};

const fn fitting(
    sub: &'static str,
    name: &'static str,
    kind: Kind,
    code: &'static str,
    price: i64,
) -> Family {
    Family {
        place: ("Pipe Fittings", sub),
        name,
        about: "Brass body, for copper and plastic pipe; chrome-plated for pipework on show.",
        kind,
        code,
        options: FITTING,
        price,
        step: 150,
        sale: EACH,
        weight: Some(60),
    }
}

const fn tap(sub: &'static str, name: &'static str, code: &'static str, price: i64) -> Family {
    Family {
        place: ("Faucets", sub),
        name,
        about: "A ceramic disc cartridge for a smooth quarter turn; one body, four finishes.",
        kind: Kind::Faucet,
        code,
        options: &[("Finish", TAP_FINISHES)],
        price,
        step: 1_000,
        sale: EACH,
        weight: Some(1_400),
    }
}

const fn radiator(
    name: &'static str,
    code: &'static str,
    price: i64,
    options: &'static [(&'static str, &'static [Value])],
) -> Family {
    Family {
        place: ("Heating", "Radiators"),
        name,
        about: "Wall brackets, a bleed valve and blanking plugs included.",
        kind: Kind::Radiator,
        code,
        options,
        price,
        step: 2_500,
        sale: EACH,
        weight: Some(12_000),
    }
}

const FAMILIES: &[Family] = &[
    fitting("Elbows", "Compression Elbow", Kind::Elbow, "CEL", 249),
    fitting("Tees", "Compression Equal Tee", Kind::Tee, "CTE", 349),
    fitting(
        "Couplings",
        "Compression Straight Coupling",
        Kind::Tee,
        "CCP",
        199,
    ),
    fitting("Couplings", "Compression Stop End", Kind::Tee, "CSE", 179),
    fitting("Elbows", "Push-Fit Elbow", Kind::Elbow, "PEL", 299),
    fitting("Tees", "Push-Fit Equal Tee", Kind::Tee, "PTE", 399),
    fitting(
        "Couplings",
        "Push-Fit Straight Coupling",
        Kind::Tee,
        "PCP",
        249,
    ),
    fitting("Couplings", "Push-Fit Stop End", Kind::Tee, "PSE", 199),
    Family {
        place: ("Pipe Fittings", "Copper Pipe"),
        name: "Copper Tube, Cut to Length",
        about: "Half-hard copper to EN 1057, sold by the metre and cut to the length you order.",
        kind: Kind::Pipe,
        code: "CUT",
        options: &[("Size", SIZES)],
        price: 549,
        step: 400,
        sale: METRE,
        weight: Some(480),
    },
    Family {
        place: ("Pipe Fittings", "Copper Pipe"),
        name: "Pre-Insulated Copper Tube, by the Metre",
        about: "Copper tube in a white insulating sleeve, sold by the whole metre.",
        kind: Kind::Pipe,
        code: "PIT",
        options: &[("Size", SIZES)],
        price: 899,
        step: 500,
        sale: METRE,
        weight: Some(560),
    },
    Family {
        place: ("Everyday Essentials", "Sealants & Tapes"),
        name: "PTFE Thread Seal Tape, Pack of 10",
        about: "Ten 12 m reels: wrap threads clockwise three or four times for a seal that holds.",
        kind: Kind::Tape,
        code: "PTFE",
        options: &[("Width", TAPE_WIDTHS)],
        price: 399,
        step: 150,
        sale: pack(10),
        weight: Some(90),
    },
    Family {
        place: ("Pipe Fittings", "Couplings"),
        name: "Brass Compression Olives, Pack of 20",
        about: "Spare olives for compression fittings; use a new one each time a joint is remade.",
        kind: Kind::Tee,
        code: "OLB",
        options: &[("Size", SIZES)],
        price: 299,
        step: 150,
        sale: pack(20),
        weight: Some(80),
    },
    Family {
        place: ("Pipe Fittings", "Couplings"),
        name: "Copper Compression Olives, Pack of 10",
        about: "Soft copper olives that seal at a lower torque than brass.",
        kind: Kind::Tee,
        code: "OLC",
        options: &[("Size", SIZES)],
        price: 249,
        step: 100,
        sale: pack(10),
        weight: Some(40),
    },
    radiator(
        "Double Panel Convector Radiator (Type 22)",
        "RAD22",
        6_999,
        &[("Height", HEIGHTS), ("Width", WIDTHS)],
    ),
    radiator(
        "Single Panel Radiator (Type 11)",
        "RAD11",
        4_499,
        &[("Height", HEIGHTS), ("Width", WIDTHS)],
    ),
    radiator(
        "Vertical Column Radiator",
        "VCOL",
        18_999,
        &[("Height", COLUMN_HEIGHTS), ("Width", COLUMN_WIDTHS)],
    ),
    tap("Basin Taps", "Mono Basin Mixer Tap", "MBM", 5_999),
    tap(
        "Kitchen Mixers",
        "Single-Lever Kitchen Mixer Tap",
        "SKM",
        7_999,
    ),
    tap(
        "Bath Fillers",
        "Bath Shower Mixer with Handset",
        "BSM",
        12_999,
    ),
    tap("Basin Taps", "Pair of Basin Pillar Taps", "BPT", 3_999),
    Family {
        place: ("Heating", "Radiator Valves"),
        name: "Thermostatic Radiator Valve",
        about: "Sets each room's temperature; fits 15 mm pipe and standard radiator tails.",
        kind: Kind::Valve,
        code: "TRV",
        options: &[("Finish", TAP_FINISHES)],
        price: 1_899,
        step: 300,
        sale: EACH,
        weight: Some(300),
    },
    Family {
        place: ("Valve & Controls", "Isolating Valves"),
        name: "Full Bore Isolating Valve",
        about: "Shuts off one appliance or tap without draining the system.",
        kind: Kind::Valve,
        code: "ISO",
        options: FITTING,
        price: 349,
        step: 200,
        sale: EACH,
        weight: Some(110),
    },
];

/// The demo's products with variants: the products to insert, their variants, and the
/// drawings they show (path → SVG), for the demo's categories (`ids` by title pair).
pub(super) fn families(
    now: i64,
    ids: &BTreeMap<(&str, &str), (String, String)>,
    images: &mut BTreeMap<String, String>,
) -> (Vec<NewProduct>, Vec<SeedVariants>) {
    let mut products = Vec::new();
    let mut seeded = Vec::new();
    for (n, family) in FAMILIES.iter().enumerate() {
        let Some((category_id, sub_id)) = ids.get(&family.place) else {
            continue;
        };
        let id = stable_id("product", &format!("variants/{}", family.code));
        // Every combination of the option values, the first option slowest.
        let mut combinations: Vec<Vec<(usize, Value)>> = vec![Vec::new()];
        for (_, values) in family.options {
            combinations = combinations
                .iter()
                .flat_map(|c| {
                    values.iter().enumerate().map(move |(i, v)| {
                        let mut c = c.clone();
                        c.push((i, *v));
                        c
                    })
                })
                .collect();
        }
        let mut paths = Vec::new();
        let mut variants = Vec::new();
        for (position, combination) in combinations.iter().enumerate() {
            let hex = combination
                .iter()
                .find_map(|(_, v)| v.hex)
                .unwrap_or(match family.kind {
                    Kind::Pipe => "#b8733d",
                    Kind::Tape => "#eceff2",
                    _ => "#c9a23a",
                });
            // A finish has its own colour; without one, each size shows another view of
            // the drawing (at most four drawings a product, as the demo's others).
            let has_finish = combination.iter().any(|(_, v)| v.hex.is_some());
            let view = match has_finish {
                true => 0,
                false => combination.first().map_or(0, |(i, _)| *i % 3),
            };
            let svg = product_svg(family.kind, hex, view);
            let path = content_path(
                &format!("demo/{}-{}-{view}", family.kind.slug(), &hex[1..]),
                &svg,
            );
            images.entry(path.clone()).or_insert(svg);
            if !paths.contains(&path) {
                paths.push(path.clone());
            }
            let raise: i64 = combination.iter().map(|(i, _)| *i as i64).sum();
            let options: VariantOptions = family
                .options
                .iter()
                .zip(combination)
                .map(|((name, _), (_, v))| (name.to_string(), v.text.to_string()))
                .collect();
            let sku = std::iter::once(family.code)
                .chain(combination.iter().map(|(_, v)| v.code))
                .collect::<Vec<_>>()
                .join("-");
            variants.push(VariantInput {
                id: None,
                sku,
                options,
                price: Money::from_cents(family.price + raise * family.step),
                // One sold-out combination in seven, to show it struck through.
                stock: if (n + position) % 7 == 3 {
                    0
                } else {
                    8 + ((n * 5 + position * 3) % 40) as i64
                },
                weight_grams: family.weight,
                image: Some(path),
                position: position as i64,
            });
        }
        let sizes: Vec<&str> = family
            .options
            .iter()
            .map(|(name, values)| match values.len() {
                1 => values[0].text,
                _ => name,
            })
            .collect();
        products.push(NewProduct {
            id: id.clone(),
            name: family.name.to_string(),
            description: format!(
                "{} Choose the {} you need.",
                family.about,
                sizes.join(" and ").to_lowercase()
            ),
            price: variants[0].price,
            discount: if n % 4 == 1 {
                Discount {
                    basis_points: 1000,
                    ends_at: None,
                }
            } else {
                Discount::NONE
            },
            images: paths,
            stock: variants.iter().map(|v| v.stock).sum(),
            category_id: category_id.clone(),
            sub_category_id: sub_id.clone(),
            size: None,
            color: None,
            featured: n % 6 == 0,
            created_at: now - (n as i64) * 5 * 60_000,
        });
        seeded.push(SeedVariants {
            product_id: id,
            options: family
                .options
                .iter()
                .map(|(name, values)| ProductOption {
                    name: name.to_string(),
                    values: values.iter().map(|v| v.text.to_string()).collect(),
                })
                .collect(),
            sale: family.sale,
            variants,
        });
    }
    (products, seeded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_has_variants_with_unique_skus_and_its_images() {
        let mut ids = BTreeMap::new();
        for f in FAMILIES {
            ids.insert(f.place, ("c".repeat(24), "d".repeat(24)));
        }
        let mut images = BTreeMap::new();
        let (products, seeded) = families(0, &ids, &mut images);
        assert!(products.len() >= 20);
        let mut skus: Vec<String> = seeded
            .iter()
            .flat_map(|s| s.variants.iter().map(|v| v.sku.to_lowercase()))
            .collect();
        let all = skus.len();
        skus.sort();
        skus.dedup();
        assert_eq!(skus.len(), all, "SKUs are unique");
        for (product, seed) in products.iter().zip(&seeded) {
            assert!(seed.variants.len() >= 2, "{}", product.name);
            for v in &seed.variants {
                assert!(product.images.contains(v.image.as_ref().unwrap()));
                assert_eq!(v.options.len(), seed.options.len());
            }
        }
        let chrome = images.keys().filter(|p| p.contains("b9c0c9")).count();
        let brass = images.keys().filter(|p| p.contains("c9a23a")).count();
        assert!(chrome > 0 && brass > 0, "finishes are drawn apart");
    }
}
