//! A synthetic catalogue for load tests: the demo's categories and N generated
//! products sharing a small set of images, a third of them with 2-6 variants (Size, and
//! Finish for some), or with as many as make a number of SKUs asked for (a large
//! merchant's million). 100,000 products take seconds.

use bytes::Bytes;

use super::art::product_svg;
use super::demo::category_plan;
use crate::domain::id::stable_id;
use crate::domain::pricing::Discount;
use crate::domain::time::now_ms;
use crate::domain::variant::{ProductOption, SaleUnit, VariantOptions};
use crate::domain::Money;
use crate::media::Media;
use crate::store::catalogue::{Catalogue, NewCategory, NewProduct, SeedVariants, VariantInput};
use crate::BoxError;

const ADJECTIVES: &[&str] = &[
    "Compact",
    "Heavy-Duty",
    "Premium",
    "Classic",
    "Slimline",
    "Professional",
    "Eco",
    "Deluxe",
    "Universal",
    "Modern",
];
const MATERIALS: &[&str] = &[
    "Brass", "Chrome", "Copper", "Steel", "Nickel", "Black", "White", "Bronze",
];
const COLORS: &[&str] = &[
    "#c9a23a", "#b9c0c9", "#b8733d", "#9ea6ae", "#a99f8e", "#3a3d42", "#eceff2", "#8c6a3f",
];
const BATCH: usize = 5_000;

/// How many variants the bench catalogue's products come in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spread {
    /// Every product in one variant.
    None,
    /// A third of the products in 2-6 variants (2 or 3 sizes, times 1 or 2 finishes).
    Default,
    /// A third of the products in 2 to `2 × mean - 2` variants, `mean` on average, the
    /// others in one: what a number of SKUs asked for gives (see [`Spread::for_skus`]).
    Mean(usize),
}

impl Spread {
    /// The spread that gives `products` products about `skus` SKUs, or why none can:
    /// each product has one at least, a product with variants two at least, and an odd
    /// number of variants takes as many of the [`SIZES`].
    pub fn for_skus(products: u32, skus: u64) -> Result<Spread, String> {
        let products = u64::from(products);
        let with_variants = products.div_ceil(3);
        // A mean of m gives up to 2m - 2 variants, and an odd count is all sizes.
        let most_mean = (SIZES.len() as u64 + 3) / 2;
        let most = products - with_variants + with_variants * most_mean;
        let least = products - with_variants + with_variants * 2;
        if products == 0 || skus < least || skus > most {
            return Err(format!(
                "--skus must be between {least} and {most} for {products} products"
            ));
        }
        let mean = (skus - (products - with_variants)) as f64 / with_variants as f64;
        Ok(Spread::Mean(mean.round() as usize))
    }

    /// Product `n`'s sizes and finishes, if it has variants.
    fn of(self, n: usize) -> Option<(usize, usize)> {
        if !n.is_multiple_of(3) {
            return None;
        }
        match self {
            Spread::None => None,
            Spread::Default => Some((2 + n / 3 % 2, 1 + n / 6 % 2)),
            Spread::Mean(mean) => {
                // 2 to 2 × mean - 2 variants, taken in turn: `mean` on average.
                let count = 2 + (n / 3) % (2 * mean - 3);
                Some(if count.is_multiple_of(2) && count / 2 >= 2 {
                    (count / 2, 2)
                } else {
                    (count, 1)
                })
            }
        }
    }
}

/// Seeds `count` products, their variants spread by `spread`.
pub async fn seed(
    catalogue: &Catalogue,
    media: &Media,
    count: u32,
    spread: Spread,
) -> Result<(), BoxError> {
    let now = now_ms();
    let mut categories = Vec::new();
    let mut subs = Vec::new();
    for (position, (title, sub_titles)) in category_plan().enumerate() {
        let category_id = stable_id("category", title);
        let mut refs = Vec::new();
        for (sub_title, kind) in sub_titles {
            let sub_id = stable_id("sub-category", &format!("{title}/{sub_title}"));
            refs.push((sub_id.clone(), sub_title.to_string()));
            subs.push((category_id.clone(), sub_id, sub_title, kind));
        }
        categories.push(NewCategory {
            id: category_id,
            title: title.to_string(),
            position: position as i64,
            sub_categories: refs,
        });
    }
    catalogue.insert_categories(&categories).await?;
    for (_, _, _, kind) in &subs {
        for (c, color) in COLORS.iter().enumerate() {
            media
                .put(
                    &format!("bench/{}-{c}.svg", kind.slug()),
                    Bytes::from(product_svg(*kind, color, 0)),
                )
                .await?;
        }
    }
    let mut batch = Vec::with_capacity(BATCH);
    let mut sets = Vec::with_capacity(BATCH / 3 + 1);
    for n in 0..count as usize {
        let (category_id, sub_id, sub_title, kind) = &subs[n % subs.len()];
        let adjective = ADJECTIVES[n / subs.len() % ADJECTIVES.len()];
        let material = MATERIALS[n / 7 % MATERIALS.len()];
        let name = format!(
            "{adjective} {material} {} No. {n}",
            sub_title.trim_end_matches('s')
        );
        let price = Money::from_cents(199 + (n as i64 * 7_919) % 49_800);
        let id = stable_id("bench-product", &n.to_string());
        // A third of the products come in sizes and finishes (unless there are none).
        let seeded = spread
            .of(n)
            .map(|(sizes, finishes)| bench_variants(&id, n, price, sizes, finishes));
        let discount = if n % 5 == 0 {
            Discount {
                basis_points: 1500,
                ends_at: None,
            }
        } else {
            Discount::NONE
        };
        let stock = match &seeded {
            Some(seeded) => seeded.variants.iter().map(|v| v.stock).sum(),
            None => (n % 50) as i64,
        };
        sets.extend(seeded);
        batch.push(NewProduct {
            id,
            description: format!(
                "{name}: a {} {} for everyday plumbing and heating jobs.",
                material.to_lowercase(),
                sub_title.to_lowercase()
            ),
            name,
            price,
            discount,
            images: vec![format!(
                "bench/{}-{}.svg",
                kind.slug(),
                n / 7 % COLORS.len()
            )],
            stock,
            category_id: category_id.clone(),
            sub_category_id: sub_id.clone(),
            size: None,
            color: Some(material.to_string()),
            featured: n % 1000 == 0,
            created_at: now - n as i64 * 1000,
        });
        if batch.len() == BATCH {
            catalogue.insert_products(&batch).await?;
            catalogue.seed_variants(&sets).await?;
            batch.clear();
            sets.clear();
        }
    }
    catalogue.insert_products(&batch).await?;
    catalogue.seed_variants(&sets).await?;
    catalogue.tidy_after_bulk_load().await?;
    Ok(())
}

/// Copper pipe's sizes, the commonest first: every product with variants has the first
/// two, in Brass (the SKU look-ups of `make bench` ask for them).
const SIZES: [&str; 13] = [
    "15 mm", "22 mm", "28 mm", "35 mm", "42 mm", "54 mm", "67 mm", "76 mm", "108 mm", "133 mm",
    "159 mm", "10 mm", "12 mm",
];
const FINISHES: [&str; 2] = ["Brass", "Chrome"];

/// Product `n`'s variants: its first `sizes` sizes times its first `finishes` finishes,
/// each size and finish a little dearer than the last.
fn bench_variants(id: &str, n: usize, price: Money, sizes: usize, finishes: usize) -> SeedVariants {
    let sizes = &SIZES[..sizes];
    let finishes = &FINISHES[..finishes];
    let mut options = vec![ProductOption {
        name: "Size".into(),
        values: sizes.iter().map(|s| s.to_string()).collect(),
    }];
    if finishes.len() > 1 {
        options.push(ProductOption {
            name: "Finish".into(),
            values: finishes.iter().map(|s| s.to_string()).collect(),
        });
    }
    let mut variants = Vec::new();
    for (i, size) in sizes.iter().enumerate() {
        for (j, finish) in finishes.iter().enumerate() {
            let mut chosen = VariantOptions::new();
            chosen.insert("Size".into(), size.to_string());
            if finishes.len() > 1 {
                chosen.insert("Finish".into(), finish.to_string());
            }
            let position = variants.len() as i64;
            variants.push(VariantInput {
                id: None,
                sku: format!(
                    "B{n}-{}{}",
                    size.trim_end_matches(" mm"),
                    &finish[..2].to_uppercase()
                ),
                options: chosen,
                price: Money::from_cents(price.cents() + (i * 2 + j) as i64 * 100),
                stock: ((n + position as usize) % 20) as i64,
                weight_grams: None,
                image: None,
                position,
            });
        }
    }
    SeedVariants {
        product_id: id.to_string(),
        options,
        sale: SaleUnit::default(),
        variants,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skus(products: u32, spread: Spread) -> usize {
        (0..products as usize)
            .map(|n| spread.of(n).map_or(1, |(sizes, finishes)| sizes * finishes))
            .sum()
    }

    #[test]
    fn the_default_spread_gives_a_third_of_the_products_2_to_6_variants() {
        let counts: Vec<usize> = (0..12)
            .filter_map(|n| Spread::Default.of(n).map(|(s, f)| s * f))
            .collect();
        assert_eq!(counts, vec![2, 3, 4, 6]);
        assert_eq!(skus(300_000, Spread::Default), 575_000);
        assert_eq!(skus(300_000, Spread::None), 300_000);
    }

    #[test]
    fn a_number_of_skus_asked_for_is_about_what_the_seed_gives() {
        let spread = Spread::for_skus(300_000, 1_000_000).unwrap();
        assert_eq!(spread, Spread::Mean(8));
        assert_eq!(skus(300_000, spread), 999_982);
        let spread = Spread::for_skus(10_000, 30_000).unwrap();
        let seeded = skus(10_000, spread) as f64;
        assert!((seeded - 30_000.0).abs() / 30_000.0 < 0.05, "{seeded}");
    }

    #[test]
    fn every_spread_fits_the_sizes_and_finishes() {
        let most = 200_000 + 100_000 * 8;
        for skus in [600_000, 1_000_000, most] {
            let spread = Spread::for_skus(300_000, skus).unwrap();
            for n in 0..3_000 {
                if let Some((sizes, finishes)) = spread.of(n) {
                    assert!((2..=SIZES.len()).contains(&sizes), "{skus} {n}: {sizes}");
                    assert!((1..=FINISHES.len()).contains(&finishes));
                }
            }
        }
    }

    #[test]
    fn a_number_of_skus_the_sizes_cannot_make_is_refused() {
        assert_eq!(
            Spread::for_skus(300_000, 399_999),
            Err("--skus must be between 400000 and 1000000 for 300000 products".into())
        );
        assert!(Spread::for_skus(300_000, 1_000_001).is_err());
        assert!(Spread::for_skus(0, 1).is_err());
    }
}
