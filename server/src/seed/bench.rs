//! A synthetic catalogue for load tests: the demo's categories and N generated
//! products sharing a small set of images. 100,000 products take seconds.

use bytes::Bytes;

use super::art::product_svg;
use super::demo::category_plan;
use crate::domain::id::stable_id;
use crate::domain::pricing::Discount;
use crate::domain::time::now_ms;
use crate::domain::Money;
use crate::media::Media;
use crate::store::catalogue::{Catalogue, NewCategory, NewProduct};
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
    for n in 0..count as usize {
        let (category_id, sub_id, sub_title, kind) = &subs[n % subs.len()];
        let adjective = ADJECTIVES[n / subs.len() % ADJECTIVES.len()];
        let material = MATERIALS[n / 7 % MATERIALS.len()];
        let name = format!(
            "{adjective} {material} {} No. {n}",
            sub_title.trim_end_matches('s')
        );
        let price = Money::from_cents(199 + (n as i64 * 7_919) % 49_800);
        let discount = if n % 5 == 0 {
            Discount {
                basis_points: 1500,
                ends_at: None,
            }
        } else {
            Discount::NONE
        };
        batch.push(NewProduct {
            id: stable_id("bench-product", &n.to_string()),
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
            stock: (n % 50) as i64,
            category_id: category_id.clone(),
            sub_category_id: sub_id.clone(),
            size: None,
            color: Some(material.to_string()),
            featured: n % 1000 == 0,
            created_at: now - n as i64 * 1000,
        });
        if batch.len() == BATCH {
            catalogue.insert_products(&batch).await?;
            batch.clear();
        }
    }
    catalogue.insert_products(&batch).await?;
    catalogue.tidy_after_bulk_load().await?;
    Ok(())
}
