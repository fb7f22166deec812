//! The demo's products sold in several variants (docs/DESIGN.md §9): fittings in
//! 15/22/28 mm × Brass/Chrome, copper and plastic pipe by the metre, PTFE tape and
//! olives in packs, radiators by height and width, taps and valves by finish. Each
//! finish has its own drawing, and a variant shows its finish's. Ids, SKUs and stock are
//! derived from names, so seeding twice changes nothing.

use std::collections::BTreeMap;

use super::art::{product_svg, Kind};
use super::content_path;
use crate::domain::id::stable_id;
use crate::domain::pricing::Discount;
use crate::domain::variant::{ProductOption, SaleUnit, Unit, VariantOptions};
use crate::domain::Money;
use crate::store::catalogue::{Catalogue, NewProduct, VariantInput};
use crate::store::stock::Cause;
use crate::BoxError;

/// One demo product with variants.
struct Demo {
    category: &'static str,
    sub: &'static str,
    name: &'static str,
    /// The SKUs' first part: `{code}-{value}-{value}`.
    code: &'static str,
    kind: Kind,
    options: &'static [(&'static str, &'static [&'static str])],
    /// The price of the first variant, in cents; each later value of the first option
    /// adds `step` percent, a finish other than the first adds 15 %.
    cents: i64,
    step: i64,
    unit: Unit,
    pack_size: Option<i64>,
    min_quantity: i64,
    quantity_step: i64,
    about: &'static str,
}

const SIZES: &[&str] = &["15 mm", "22 mm", "28 mm"];
const BRASS_CHROME: &[&str] = &["Brass", "Chrome"];
const TAP_FINISHES: &[&str] = &["Chrome", "Brushed Nickel", "Matte Black", "Brushed Brass"];

const fn fitting(
    sub: &'static str,
    name: &'static str,
    code: &'static str,
    kind: Kind,
    cents: i64,
    about: &'static str,
) -> Demo {
    Demo {
        category: "Pipe Fittings",
        sub,
        name,
        code,
        kind,
        options: &[("Size", SIZES), ("Finish", BRASS_CHROME)],
        cents,
        step: 40,
        unit: Unit::Each,
        pack_size: None,
        min_quantity: 1,
        quantity_step: 1,
        about,
    }
}

/// A tap sold in every tap finish.
const fn tap(
    sub: &'static str,
    name: &'static str,
    code: &'static str,
    cents: i64,
    about: &'static str,
) -> Demo {
    Demo {
        category: "Faucets",
        options: &[("Finish", TAP_FINISHES)],
        step: 0,
        ..fitting(sub, name, code, Kind::Faucet, cents, about)
    }
}

const DEMOS: &[Demo] = &[
    fitting(
        "Elbows",
        "Compression Elbow 90°",
        "CEL",
        Kind::Elbow,
        189,
        "Olive and nut included; no soldering needed.",
    ),
    fitting(
        "Elbows",
        "Push-Fit Elbow 90°",
        "PFE",
        Kind::Elbow,
        249,
        "Push the pipe home and it holds; demountable with a collet tool.",
    ),
    fitting(
        "Elbows",
        "End Feed Elbow 90°",
        "EFE",
        Kind::Elbow,
        99,
        "For soldered joints on copper tube.",
    ),
    fitting(
        "Tees",
        "Compression Equal Tee",
        "CET",
        Kind::Tee,
        289,
        "Three equal branches with olives and nuts.",
    ),
    fitting(
        "Tees",
        "Push-Fit Equal Tee",
        "PFT",
        Kind::Tee,
        349,
        "Quick to fit in tight spaces.",
    ),
    fitting(
        "Couplings",
        "Compression Straight Coupling",
        "CSC",
        Kind::Tee,
        149,
        "Joins two lengths of pipe end to end.",
    ),
    fitting(
        "Couplings",
        "Push-Fit Straight Coupling",
        "PFC",
        Kind::Tee,
        199,
        "Joins two pipes with no tools.",
    ),
    Demo {
        category: "Valve & Controls",
        sub: "Ball Valves",
        ..fitting(
            "Ball Valves",
            "Compression Lever Ball Valve",
            "CBV",
            Kind::Valve,
            649,
            "Quarter-turn shut-off rated to 25 bar.",
        )
    },
    Demo {
        category: "Valve & Controls",
        options: &[("Size", &["15 mm", "22 mm"]), ("Finish", BRASS_CHROME)],
        ..fitting(
            "Isolating Valves",
            "Compression Isolating Valve",
            "CIV",
            Kind::Valve,
            229,
            "Shuts off one tap or appliance with a screwdriver slot.",
        )
    },
    Demo {
        options: &[("Size", SIZES)],
        unit: Unit::Metre,
        ..fitting(
            "Copper Pipe",
            "Copper Tube by the Metre",
            "CUT",
            Kind::Pipe,
            425,
            "Half-hard copper to EN 1057, cut to whole metres.",
        )
    },
    Demo {
        category: "Pipe Fittings",
        options: &[("Size", &["15 mm", "22 mm"])],
        unit: Unit::Metre,
        ..fitting(
            "Plastic Pipe",
            "PEX Barrier Pipe by the Metre",
            "PEX",
            Kind::Pipe,
            189,
            "Flexible, with an oxygen barrier for heating.",
        )
    },
    Demo {
        options: &[("Size", SIZES)],
        unit: Unit::Pack,
        pack_size: Some(10),
        ..fitting(
            "Couplings",
            "Brass Compression Olives",
            "OLV",
            Kind::Tee,
            210,
            "Spare olives for compression joints, ten to a pack.",
        )
    },
    Demo {
        options: &[("Size", &["15 mm", "22 mm"])],
        min_quantity: 10,
        quantity_step: 5,
        ..fitting(
            "Plastic Pipe",
            "Plastic Pipe Clip",
            "CLP",
            Kind::Pipe,
            35,
            "Snap-in clips that hold pipe to the wall; sold in fives, ten at least.",
        )
    },
    Demo {
        category: "Everyday Essentials",
        options: &[("Length", &["12 m", "25 m"])],
        unit: Unit::Pack,
        pack_size: Some(10),
        step: 80,
        ..fitting(
            "Sealants & Tapes",
            "PTFE Thread Seal Tape, Trade Pack",
            "PTF",
            Kind::Tape,
            690,
            "Ten reels of 12 mm PTFE tape for threaded joints.",
        )
    },
    Demo {
        category: "Heating",
        options: &[
            ("Height", &["300 mm", "450 mm", "600 mm"]),
            ("Width", &["600 mm", "1000 mm", "1400 mm"]),
        ],
        step: 30,
        ..fitting(
            "Radiators",
            "Type 22 Double Panel Radiator",
            "RDP",
            Kind::Radiator,
            5_999,
            "Double panel, double convector: high output for its size.",
        )
    },
    Demo {
        category: "Heating",
        options: &[
            ("Height", &["450 mm", "600 mm"]),
            ("Width", &["400 mm", "800 mm", "1200 mm"]),
        ],
        step: 30,
        ..fitting(
            "Radiators",
            "Type 11 Single Panel Radiator",
            "RSP",
            Kind::Radiator,
            3_999,
            "A slim single panel for small rooms and hallways.",
        )
    },
    Demo {
        category: "Heating",
        options: &[
            ("Height", &["1500 mm", "1800 mm"]),
            ("Width", &["300 mm", "450 mm"]),
        ],
        step: 25,
        ..fitting(
            "Radiators",
            "Vertical Column Radiator",
            "RVC",
            Kind::Radiator,
            18_900,
            "Tall and narrow, for walls with no room below a window.",
        )
    },
    tap(
        "Kitchen Mixers",
        "Single-Lever Kitchen Mixer Tap",
        "KMT",
        8_900,
        "Fits a standard 35 mm sink hole.",
    ),
    tap(
        "Basin Taps",
        "Mono Basin Mixer Tap",
        "BMT",
        5_900,
        "Ceramic disc cartridge for years of drip-free use.",
    ),
    tap(
        "Bath Fillers",
        "Bath Shower Mixer with Handset",
        "BSM",
        12_900,
        "High-flow waterways fill a bath quickly.",
    ),
    Demo {
        category: "Shower Accessories",
        options: &[
            ("Size", &["200 mm", "250 mm", "300 mm"]),
            ("Finish", &["Chrome", "Matte Black"]),
        ],
        step: 35,
        ..fitting(
            "Shower Heads",
            "Round Rainfall Shower Head",
            "RSH",
            Kind::ShowerHead,
            2_900,
            "Soft silicone nozzles rub clean of limescale.",
        )
    },
];

/// The colour each finish is drawn in.
fn finish_hex(finish: &str) -> &'static str {
    match finish {
        "Brass" | "Brushed Brass" => "#c9a23a",
        "Chrome" => "#b9c0c9",
        "Brushed Nickel" => "#a99f8e",
        "Matte Black" => "#3a3d42",
        "White" => "#eceff2",
        _ => "#b8733d",
    }
}

/// A value's part of a SKU: its number ('22 mm' → '22'), else the first two letters of
/// a word ('Chrome' → 'CH') or the initials of several ('Matte Black' → 'MB').
fn sku_part(value: &str) -> String {
    let digits: String = value.chars().take_while(char::is_ascii_digit).collect();
    if !digits.is_empty() {
        return digits;
    }
    let words: Vec<&str> = value.split_whitespace().collect();
    let part: String = match words.as_slice() {
        [word] => word.chars().take(2).collect(),
        _ => words
            .iter()
            .filter_map(|word| word.chars().next())
            .collect(),
    };
    part.to_uppercase()
}

/// Every combination of the options' values, the first option slowest.
fn combinations(options: &[(&str, &[&str])]) -> Vec<Vec<(usize, String, String)>> {
    let mut all: Vec<Vec<(usize, String, String)>> = vec![Vec::new()];
    for (name, values) in options {
        all = all
            .into_iter()
            .flat_map(|prefix| {
                values.iter().enumerate().map(move |(i, value)| {
                    let mut next = prefix.clone();
                    next.push((i, name.to_string(), value.to_string()));
                    next
                })
            })
            .collect();
    }
    all
}

/// The demo's products with variants, as seeded products (their own price and stock
/// are replaced by their variants' when [`seed_variants`] runs) and drawings to store.
pub fn products(
    now: i64,
    images: &mut BTreeMap<String, String>,
) -> Vec<(NewProduct, &'static str)> {
    DEMOS
        .iter()
        .enumerate()
        .map(|(n, demo)| {
            let finishes: Vec<&str> = demo
                .options
                .iter()
                .find(|(name, _)| *name == "Finish")
                .map_or_else(
                    || match demo.kind {
                        Kind::Radiator | Kind::Tape => vec!["White"],
                        _ => vec!["Copper"],
                    },
                    |(_, values)| values.to_vec(),
                );
            let paths = finishes
                .iter()
                .enumerate()
                .map(|(v, finish)| {
                    let svg = product_svg(demo.kind, finish_hex(finish), v);
                    let stem = format!(
                        "demo/{}-{}-{v}",
                        demo.kind.slug(),
                        sku_part(finish).to_lowercase()
                    );
                    let path = content_path(&stem, &svg);
                    images.entry(path.clone()).or_insert(svg);
                    path
                })
                .collect();
            let product = NewProduct {
                id: stable_id("product", &format!("variants/{}", demo.name)),
                name: demo.name.to_string(),
                description: format!("{} {}", demo.about, "Supplied with fitting instructions."),
                price: Money::from_cents(demo.cents),
                discount: if n % 5 == 2 {
                    Discount {
                        basis_points: 1500,
                        ends_at: None,
                    }
                } else {
                    Discount::NONE
                },
                images: paths,
                stock: 0,
                category_id: stable_id("category", demo.category),
                sub_category_id: stable_id(
                    "sub-category",
                    &format!("{}/{}", demo.category, demo.sub),
                ),
                size: None,
                color: None,
                featured: n % 7 == 0,
                created_at: now - (n as i64 + 1) * 2 * 3_600_000,
            };
            (product, demo.code)
        })
        .collect()
}

/// Gives each demo product of [`products`] its options, sale unit and variants, unless
/// it has options already (seeded before, or changed by staff since).
pub async fn seed_variants(
    catalogue: &Catalogue,
    seeded: &[(NewProduct, &'static str)],
) -> Result<usize, BoxError> {
    let mut count = 0;
    for (n, ((product, code), demo)) in seeded.iter().zip(DEMOS).enumerate() {
        let id = crate::domain::id::Id::parse(&product.id).ok_or("a demo id is an id")?;
        let Some(row) = catalogue.admin_product(&id).await? else {
            continue;
        };
        if !row.options.is_empty() {
            continue;
        }
        let options: Vec<ProductOption> = demo
            .options
            .iter()
            .map(|(name, values)| ProductOption {
                name: name.to_string(),
                values: values.iter().map(|v| v.to_string()).collect(),
            })
            .collect();
        let inputs: Vec<VariantInput> = combinations(demo.options)
            .into_iter()
            .enumerate()
            .map(|(position, values)| {
                let mut cents = product.price.cents();
                let mut chosen = VariantOptions::new();
                let mut sku = code.to_string();
                let mut image = product.images.first().cloned();
                for (k, (index, name, value)) in values.iter().enumerate() {
                    if name == "Finish" {
                        image = product.images.get(*index).cloned();
                        cents += if *index > 0 { cents * 15 / 100 } else { 0 };
                    } else if k == 0 {
                        cents += cents * demo.step * (*index as i64) / 100;
                    } else {
                        cents += cents * (demo.step / 2) * (*index as i64) / 100;
                    }
                    sku.push('-');
                    sku.push_str(&sku_part(value));
                    chosen.insert(name.clone(), value.clone());
                }
                // Prices go up to the next .49 or .99; one variant in seven is sold out.
                let cents = (cents / 100) * 100 + if cents % 100 <= 49 { 49 } else { 99 };
                let stock = if (position + n) % 7 == 3 {
                    0
                } else {
                    5 + ((position * 17 + n * 11) % 60) as i64
                };
                VariantInput {
                    id: None,
                    sku,
                    options: chosen,
                    price: Money::from_cents(cents),
                    stock,
                    weight_grams: Some(40 + 30 * position as i64),
                    image,
                    position: position as i64,
                }
            })
            .collect();
        let sale = SaleUnit {
            unit: demo.unit,
            pack_size: demo.pack_size,
            min_quantity: demo.min_quantity,
            quantity_step: demo.quantity_step,
        };
        catalogue
            .replace_variants(
                &product.id,
                &options,
                sale,
                &inputs,
                Cause::System("Starting stock"),
            )
            .await?
            .map_err(|refusal| format!("a demo product's variants were refused: {refusal:?}"))?;
        count += 1;
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skus_are_unique_and_every_product_has_several_variants() {
        let mut skus = std::collections::HashSet::new();
        let mut images = BTreeMap::new();
        let seeded = products(0, &mut images);
        assert!(seeded.len() >= 20);
        for (demo, (product, code)) in DEMOS.iter().zip(&seeded) {
            let combos = combinations(demo.options);
            assert!(combos.len() >= 2, "{} has variants", product.name);
            for values in combos {
                let sku: Vec<String> = values.iter().map(|(_, _, v)| sku_part(v)).collect();
                assert!(
                    skus.insert(format!("{code}-{}", sku.join("-"))),
                    "SKUs are unique"
                );
            }
        }
        assert_eq!(sku_part("22 mm"), "22");
        assert_eq!(sku_part("Matte Black"), "MB");
        assert_eq!(sku_part("Chrome"), "CH");
    }
}
