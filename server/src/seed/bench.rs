//! A synthetic catalogue for load tests: the demo's categories and N generated
//! products sharing a small set of images, a third of them with 2-6 variants (Size, and
//! Finish for some). 100,000 products take seconds.

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

pub async fn seed(catalogue: &Catalogue, media: &Media, count: u32) -> Result<(), BoxError> {
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
    let mut variants = Vec::with_capacity(BATCH / 3 + 1);
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
        // A third of the products come in 2-6 sizes and finishes.
        let seeded = n.is_multiple_of(3).then(|| bench_variants(&id, n, price));
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
        variants.extend(seeded);
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
            catalogue.seed_variants(&variants).await?;
            batch.clear();
            variants.clear();
        }
    }
    catalogue.insert_products(&batch).await?;
    catalogue.seed_variants(&variants).await?;
    catalogue.tidy_after_bulk_load().await?;
    Ok(())
}

const SIZES: [&str; 3] = ["15 mm", "22 mm", "28 mm"];
const FINISHES: [&str; 2] = ["Brass", "Chrome"];

/// Product `n`'s variants: 2 or 3 sizes, times 1 or 2 finishes (2-6 in all), each size
/// and finish a little dearer than the last.
fn bench_variants(id: &str, n: usize, price: Money) -> SeedVariants {
    let sizes = &SIZES[..2 + n / 3 % 2];
    let finishes = &FINISHES[..1 + n / 6 % 2];
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
                sku: format!("B{n}-{}{}", &size[..2], &finish[..2].to_uppercase()),
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
