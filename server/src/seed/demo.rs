//! The demo catalogue: eight categories, 38 sub-categories, 288 products with drawn
//! images (22 of them with variants, `demo_variants.rs`), and four banners. Ids are derived from names, so seeding twice changes nothing.

use std::collections::BTreeMap;
use std::fmt;

use bytes::Bytes;

use super::art::{banner_svg, product_svg, Kind};
use super::content_path;
use crate::domain::account::Email;
use crate::domain::id::{stable_id, Id};
use crate::domain::pricing::Discount;
use crate::domain::tax::TaxClass;
use crate::domain::time::now_ms;
use crate::domain::Money;
use crate::media::Media;
use crate::store::accounts::Accounts;
use crate::store::catalogue::{Catalogue, NewBanner, NewCategory, NewProduct};
use crate::store::reviews::{NewReview, Reviews};
use crate::BoxError;

struct Sub {
    title: &'static str,
    kind: Kind,
    nouns: &'static [&'static str],
    finishes: &'static [Finish],
    sizes: &'static [&'static str],
    /// Lowest and highest list price, in whole currency units.
    price: (i64, i64),
    about: &'static str,
}

#[derive(Clone, Copy)]
struct Finish {
    name: &'static str,
    hex: &'static str,
}

const CHROME: Finish = Finish {
    name: "Chrome",
    hex: "#b9c0c9",
};
const NICKEL: Finish = Finish {
    name: "Brushed Nickel",
    hex: "#a99f8e",
};
const BLACK: Finish = Finish {
    name: "Matte Black",
    hex: "#3a3d42",
};
const BRASS: Finish = Finish {
    name: "Brushed Brass",
    hex: "#c9a23a",
};
const COPPER: Finish = Finish {
    name: "Copper",
    hex: "#b8733d",
};
const STEEL: Finish = Finish {
    name: "Stainless Steel",
    hex: "#9ea6ae",
};
const WHITE: Finish = Finish {
    name: "White",
    hex: "#eceff2",
};
const GREY: Finish = Finish {
    name: "Grey",
    hex: "#8a9199",
};
const ANTHRACITE: Finish = Finish {
    name: "Anthracite",
    hex: "#4a5058",
};
const RED: Finish = Finish {
    name: "Red",
    hex: "#d64541",
};
const BLUE: Finish = Finish {
    name: "Blue",
    hex: "#2f6fd6",
};
const YELLOW: Finish = Finish {
    name: "Yellow",
    hex: "#f2b631",
};
const ORANGE: Finish = Finish {
    name: "Orange",
    hex: "#ef7d32",
};
const GREEN: Finish = Finish {
    name: "Green",
    hex: "#3f9b5a",
};

const TAPWARE: &[Finish] = &[CHROME, NICKEL, BLACK, BRASS];
const METAL: &[Finish] = &[STEEL, CHROME, BRASS];
const TOOLS: &[Finish] = &[RED, BLUE, ORANGE, STEEL];
const FITTINGS: &[Finish] = &[BRASS, COPPER, CHROME, WHITE];
const RADIATORS: &[Finish] = &[WHITE, ANTHRACITE, CHROME];
const CONTROLS: &[Finish] = &[WHITE, GREY, BLACK];
const BRIGHT: &[Finish] = &[WHITE, YELLOW, BLUE, GREEN, RED];

const BRANDS: &[&str] = &[
    "Aquaflow",
    "Thermarc",
    "PipeMaster",
    "Brassline",
    "Hydrova",
    "Northwell",
    "Copperfield",
    "Flowtec",
];

const CATALOGUE: &[(&str, &[Sub])] = &[
    ("Faucets", &[
        Sub { title: "Kitchen Mixers", kind: Kind::Faucet, nouns: &["Single-Lever Kitchen Mixer Tap", "Pull-Out Spray Kitchen Mixer Tap with Swivel Spout", "Bridge Kitchen Mixer", "Professional Spring Kitchen Tap"], finishes: TAPWARE, sizes: &["Standard", "Tall"], price: (49, 289), about: "Fits a standard 35 mm sink hole and works on high and low pressure systems." },
        Sub { title: "Basin Taps", kind: Kind::Faucet, nouns: &["Mono Basin Mixer Tap", "Pair of Basin Pillar Taps", "Wall-Mounted Basin Mixer", "Tall Countertop Basin Mixer Tap with Click Waste"], finishes: TAPWARE, sizes: &["Standard", "Tall"], price: (35, 199), about: "A ceramic disc cartridge gives a smooth quarter-turn and years of drip-free use." },
        Sub { title: "Bath Fillers", kind: Kind::Faucet, nouns: &["Bath Filler Tap", "Bath Shower Mixer with Handset", "Freestanding Floor-Mounted Bath Shower Mixer", "Deck-Mounted Bath Filler"], finishes: TAPWARE, sizes: &["Standard"], price: (79, 399), about: "High-flow waterways fill a bath quickly even on low pressure." },
        Sub { title: "Outdoor Taps", kind: Kind::Faucet, nouns: &["Outside Tap Kit with Double Check Valve", "Garden Bib Tap", "Lockable Outdoor Tap"], finishes: &[BRASS, CHROME], sizes: &["1/2 inch", "3/4 inch"], price: (12, 49), about: "Frost-resistant body with a hose union outlet for garden use." },
    ]),
    ("Pipe Tools", &[
        Sub { title: "Pipe Wrenches", kind: Kind::Wrench, nouns: &["Heavy-Duty Pipe Wrench", "Adjustable Basin Wrench", "Aluminium Stillson Pipe Wrench", "Water Pump Pliers"], finishes: TOOLS, sizes: &["10 inch", "14 inch", "18 inch"], price: (11, 69), about: "Hardened jaws bite firmly on round pipe and nuts without slipping." },
        Sub { title: "Pipe Cutters", kind: Kind::Cutter, nouns: &["Copper Pipe Cutter", "Plastic Pipe Shears", "Telescopic Pipe Cutter", "Automatic Mini Pipe Slice"], finishes: TOOLS, sizes: &["15 mm", "22 mm", "3-32 mm"], price: (8, 45), about: "Cuts clean and square, ready for compression or push-fit joints." },
        Sub { title: "Pipe Benders", kind: Kind::Wrench, nouns: &["Hand Pipe Bender", "Bending Spring Set", "Hydraulic Pipe Bender with Formers"], finishes: TOOLS, sizes: &["15 mm", "15/22 mm"], price: (14, 189), about: "Forms smooth 90 degree bends in copper without kinking." },
        Sub { title: "Deburring Tools", kind: Kind::Cutter, nouns: &["Inner and Outer Pipe Deburrer", "Pipe Reamer", "Swivel Blade Deburring Tool"], finishes: TOOLS, sizes: &["Standard"], price: (6, 29), about: "Removes burrs after cutting so joints seal first time." },
    ]),
    ("Valve & Controls", &[
        Sub { title: "Ball Valves", kind: Kind::Valve, nouns: &["Full Bore Lever Ball Valve", "Butterfly Handle Ball Valve", "Compression Ball Valve"], finishes: &[BRASS, CHROME], sizes: &["15 mm", "22 mm", "28 mm"], price: (5, 39), about: "Quarter-turn shut-off rated to 25 bar for water and heating circuits." },
        Sub { title: "Gate Valves", kind: Kind::Valve, nouns: &["Brass Gate Valve", "Wheelhead Gate Valve", "Compression Gate Valve"], finishes: &[BRASS], sizes: &["15 mm", "22 mm", "28 mm"], price: (6, 35), about: "Full-bore flow when open, for mains and low pressure lines." },
        Sub { title: "Check Valves", kind: Kind::Valve, nouns: &["Single Check Valve", "Double Check Valve", "Spring Check Valve"], finishes: &[BRASS, CHROME], sizes: &["15 mm", "22 mm"], price: (4, 26), about: "Stops backflow and protects the supply from contamination." },
        Sub { title: "Pressure Regulators", kind: Kind::Valve, nouns: &["Pressure Reducing Valve with Gauge", "Adjustable Pressure Regulator", "Compact Pressure Reducing Valve"], finishes: METAL, sizes: &["15 mm", "22 mm"], price: (29, 119), about: "Holds a steady outlet pressure to protect appliances and fittings." },
        Sub { title: "Isolating Valves", kind: Kind::Valve, nouns: &["Slotted Isolating Valve", "Mini Isolating Valve with Handle", "Appliance Isolating Valve"], finishes: &[CHROME, BRASS], sizes: &["15 mm", "22 mm"], price: (2, 14), about: "Lets one tap or appliance be shut off without draining the system." },
    ]),
    ("Pipe Fittings", &[
        Sub { title: "Elbows", kind: Kind::Elbow, nouns: &["Compression Elbow", "End Feed Elbow", "Push-Fit Elbow", "Street Elbow"], finishes: FITTINGS, sizes: &["15 mm", "22 mm", "28 mm"], price: (1, 12), about: "A tight-radius 90 degree turn with a leak-free seal." },
        Sub { title: "Tees", kind: Kind::Tee, nouns: &["Equal Tee", "Reducing Tee", "Push-Fit Equal Tee"], finishes: FITTINGS, sizes: &["15 mm", "22 mm", "22 x 15 mm"], price: (2, 15), about: "Splits one supply into two branches." },
        Sub { title: "Couplings", kind: Kind::Tee, nouns: &["Straight Coupling", "Reducing Coupling", "Slip Coupling for Repairs"], finishes: FITTINGS, sizes: &["15 mm", "22 mm"], price: (1, 9), about: "Joins two lengths of pipe end to end." },
        Sub { title: "Copper Pipe", kind: Kind::Pipe, nouns: &["Copper Tube", "Pre-Insulated Copper Tube", "Copper Pipe Length Pack"], finishes: &[COPPER], sizes: &["15 mm x 2 m", "22 mm x 3 m"], price: (8, 64), about: "Half-hard copper to EN 1057 for hot and cold water and heating." },
        Sub { title: "Plastic Pipe", kind: Kind::Pipe, nouns: &["PEX Barrier Pipe Coil", "Push-Fit Plastic Pipe", "Waste Pipe Length"], finishes: &[WHITE, GREY], sizes: &["15 mm x 25 m", "22 mm x 3 m", "40 mm x 3 m"], price: (6, 79), about: "Flexible and quick to fit, with an oxygen barrier for heating." },
    ]),
    ("Drains & Strainers", &[
        Sub { title: "Sink Strainers", kind: Kind::Drain, nouns: &["Kitchen Sink Strainer Waste", "Basket Strainer with Overflow", "Sink Strainer Plug"], finishes: METAL, sizes: &["90 mm"], price: (6, 39), about: "Catches food waste and seals the sink with a lift-out basket." },
        Sub { title: "Floor Drains", kind: Kind::Drain, nouns: &["Square Floor Drain", "Round Floor Gully with Trap", "Anti-Odour Floor Drain"], finishes: METAL, sizes: &["100 mm", "150 mm"], price: (9, 59), about: "A built-in trap keeps smells out of utility rooms and wet areas." },
        Sub { title: "Shower Drains", kind: Kind::Drain, nouns: &["Linear Shower Drain", "Low-Profile Shower Tray Waste", "Tile Insert Shower Drain"], finishes: &[STEEL, BLACK, BRASS], sizes: &["600 mm", "800 mm", "90 mm"], price: (15, 149), about: "High flow rate for rainfall heads and walk-in showers." },
        Sub { title: "Bath Wastes", kind: Kind::Drain, nouns: &["Click-Clack Bath Waste", "Bath Waste with Overflow", "Plug and Chain Bath Waste"], finishes: TAPWARE, sizes: &["Standard"], price: (9, 49), about: "Fits standard baths and lifts out for easy cleaning." },
    ]),
    ("Shower Accessories", &[
        Sub { title: "Shower Heads", kind: Kind::ShowerHead, nouns: &["Rainfall Shower Head", "Round Overhead Shower Head", "Square Rain Shower Head with Anti-Limescale Nozzles"], finishes: TAPWARE, sizes: &["200 mm", "250 mm", "300 mm"], price: (19, 129), about: "Soft silicone nozzles rub clean of limescale with a fingertip." },
        Sub { title: "Shower Handsets", kind: Kind::ShowerHead, nouns: &["Three-Function Shower Handset", "Water-Saving Shower Handset", "Slim Pencil Shower Handset"], finishes: TAPWARE, sizes: &["Standard"], price: (9, 59), about: "Switch between spray patterns with one turn of the face." },
        Sub { title: "Shower Hoses", kind: Kind::Hose, nouns: &["Stainless Steel Shower Hose", "Anti-Kink Shower Hose", "Smooth PVC Shower Hose"], finishes: &[CHROME, BLACK, WHITE], sizes: &["1.25 m", "1.5 m", "2 m"], price: (7, 29), about: "Universal half-inch connections fit almost every handset and mixer." },
        Sub { title: "Shower Rails", kind: Kind::Pipe, nouns: &["Adjustable Shower Riser Rail", "Slide Rail Kit with Soap Dish", "Curved Shower Curtain Rail"], finishes: TAPWARE, sizes: &["600 mm", "900 mm"], price: (15, 79), about: "Height-adjustable holder with fixings for tiled walls." },
    ]),
    ("Heating", &[
        Sub { title: "Radiators", kind: Kind::Radiator, nouns: &["Double Panel Convector Radiator", "Vertical Column Radiator", "Heated Towel Rail", "Horizontal Designer Column Radiator with Brackets"], finishes: RADIATORS, sizes: &["600 x 600 mm", "600 x 1000 mm", "1800 x 400 mm"], price: (59, 449), about: "Fast heat-up with a high output for its size; wall brackets included." },
        Sub { title: "Thermostats", kind: Kind::Thermostat, nouns: &["Smart Room Thermostat", "Programmable Digital Thermostat", "Wireless Thermostat with Receiver"], finishes: CONTROLS, sizes: &["Standard"], price: (24, 199), about: "Keeps rooms at the temperature you set and saves energy." },
        Sub { title: "Boilers", kind: Kind::Boiler, nouns: &["Combi Gas Boiler", "System Boiler", "Electric Flow Boiler"], finishes: &[WHITE, GREY], sizes: &["24 kW", "30 kW", "35 kW"], price: (749, 1899), about: "A-rated efficiency with a compact case that fits a kitchen cupboard." },
        Sub { title: "Radiator Valves", kind: Kind::Valve, nouns: &["Thermostatic Radiator Valve", "Angled Manual Radiator Valve Pair", "Lockshield Valve"], finishes: &[CHROME, WHITE, BLACK, BRASS], sizes: &["15 mm", "10 mm"], price: (6, 49), about: "Fits standard radiator tails with 15 mm pipe connections." },
        Sub { title: "Pipe Insulation", kind: Kind::Pipe, nouns: &["Foam Pipe Lagging", "Self-Seal Pipe Insulation", "Hot Water Cylinder Jacket", "Loft Tank Insulation Kit"], finishes: &[GREY, BLACK], sizes: &["15 mm x 1 m", "22 mm x 1 m", "Standard"], price: (1, 29), about: "Keeps heat in hot pipes and frost out of cold ones; slips over the pipe and seals along its length." },
        Sub { title: "Underfloor Heating", kind: Kind::Hose, nouns: &["Underfloor Heating Pipe Coil", "Electric Underfloor Heating Mat", "Underfloor Heating Manifold"], finishes: &[WHITE, ORANGE, BLUE], sizes: &["16 mm x 100 m", "2 m²", "4 port"], price: (49, 399), about: "Even warmth across the whole floor with no radiators on the walls." },
    ]),
    ("Everyday Essentials", &[
        Sub { title: "Sealants & Tapes", kind: Kind::Tape, nouns: &["PTFE Thread Seal Tape", "Self-Amalgamating Repair Tape", "Duct Tape", "Waterproof Sealing Tape"], finishes: BRIGHT, sizes: &["12 m", "25 m", "50 m"], price: (1, 12), about: "Seals threads and small leaks in seconds, no tools needed." },
        Sub { title: "Silicone & Adhesives", kind: Kind::Cartridge, nouns: &["Sanitary Silicone Sealant", "Grab Adhesive", "Decorators Caulk", "Anti-Mould Kitchen and Bathroom Silicone Sealant"], finishes: &[WHITE, GREY, BLACK], sizes: &["290 ml", "310 ml"], price: (3, 14), about: "Flexible, waterproof and paintable where stated on the tube." },
        Sub { title: "Light Bulbs", kind: Kind::Bulb, nouns: &["LED GLS Bulb", "LED Candle Bulb", "Dimmable LED Globe Bulb", "LED Bulb Multipack"], finishes: &[WHITE, YELLOW], sizes: &["E27", "B22", "E14"], price: (2, 19), about: "Warm white light that uses a fraction of the energy of old bulbs." },
        Sub { title: "Batteries", kind: Kind::Battery, nouns: &["AA Alkaline Batteries", "AAA Alkaline Batteries", "9V Battery", "Rechargeable AA Batteries"], finishes: &[BLUE, BLACK, GREEN, ORANGE], sizes: &["4 pack", "8 pack", "12 pack"], price: (3, 18), about: "Long-lasting power for thermostats, remotes and smoke alarms." },
        Sub { title: "Trade Catalogues", kind: Kind::Book, nouns: &["Printed Trade Catalogue", "Plumbing and Heating Price Guide", "Installer's Handbook"], finishes: &[BLUE, ORANGE, GREEN], sizes: &["Standard"], price: (0, 15), about: "Every product with its part number, size tables and fitting notes, printed for the van and the counter." },
        Sub { title: "Work Gloves", kind: Kind::Gloves, nouns: &["Nitrile Coated Work Gloves", "Disposable Nitrile Gloves", "Thermal Work Gloves"], finishes: &[BLUE, ORANGE, GREY], sizes: &["M", "L", "XL"], price: (2, 16), about: "Grip in wet and oily conditions with breathable backs." },
    ]),
];

/// The sub-categories whose products are not on the standard tax class (docs/DESIGN.md
/// §10): pipe insulation on the reduced rate, printed catalogues on zero.
pub const TAX_CLASSES: [(&str, TaxClass); 2] = [
    ("Pipe Insulation", TaxClass::Reduced),
    ("Trade Catalogues", TaxClass::Zero),
];

/// How many products each sub-category gets.
const PER_SUB: usize = 7;
const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 24 * HOUR_MS;

/// What the demo seed wrote.
pub struct Report {
    pub categories: usize,
    pub sub_categories: usize,
    pub products: usize,
    /// Of those, how many have several variants.
    pub with_variants: usize,
    pub images: usize,
    pub banners: usize,
    /// Every demo product's id, in catalogue order (for the demo reviews).
    pub product_ids: Vec<String>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "demo catalogue: {} categories, {} sub-categories, {} products ({} with variants), {} images, {} banners",
            self.categories, self.sub_categories, self.products, self.with_variants, self.images, self.banners
        )
    }
}

/// The demo's search synonyms (docs/DESIGN.md §15): how the trade abbreviates what the
/// catalogue spells out.
pub const SYNONYMS: [[&str; 2]; 3] = [
    ["TRV", "thermostatic radiator valve"],
    ["PTFE", "thread seal tape"],
    ["isolator", "isolating valve"],
];

/// Writes the demo catalogue and its search synonyms (when staff have saved none).
/// Existing rows with the same ids are left as they are.
pub async fn seed(catalogue: &Catalogue, media: &Media) -> Result<Report, BoxError> {
    let now = now_ms();
    let mut categories = Vec::new();
    let mut products = Vec::new();
    let mut images: BTreeMap<String, String> = BTreeMap::new();
    let mut n = 0usize;
    let mut places = BTreeMap::new();
    for (position, (title, subs)) in CATALOGUE.iter().enumerate() {
        let category_id = stable_id("category", title);
        let mut sub_refs = Vec::new();
        for sub in subs.iter() {
            let sub_id = stable_id("sub-category", &format!("{title}/{}", sub.title));
            sub_refs.push((sub_id.clone(), sub.title.to_string()));
            places.insert((*title, sub.title), (category_id.clone(), sub_id.clone()));
            for i in 0..PER_SUB {
                let p = demo_product(sub, i, n, now, &category_id, &sub_id, &mut images);
                products.push(p);
                n += 1;
            }
        }
        categories.push(NewCategory {
            id: category_id,
            title: title.to_string(),
            position: position as i64,
            sub_categories: sub_refs,
        });
    }
    let (with_variants, variants) = super::demo_variants::families(now, &places, &mut images);
    products.extend(with_variants);
    for (path, svg) in &images {
        media.put(path, Bytes::from(svg.clone())).await?;
    }
    let banners = banners(media).await?;
    catalogue.insert_categories(&categories).await?;
    catalogue.insert_products(&products).await?;
    let classes: Vec<(String, TaxClass)> = places
        .iter()
        .filter_map(|((_, sub), (_, sub_id))| {
            let class = TAX_CLASSES.iter().find(|(title, _)| title == sub)?.1;
            Some((sub_id.clone(), class))
        })
        .collect();
    catalogue.seed_tax_classes(&classes).await?;
    catalogue.seed_variants(&variants).await?;
    catalogue.insert_banners(&banners).await?;
    catalogue.tidy_after_bulk_load().await?;
    let synonyms: Vec<Vec<String>> = SYNONYMS
        .iter()
        .map(|group| group.iter().map(|term| term.to_string()).collect())
        .collect();
    catalogue.seed_synonyms(&synonyms).await?;
    Ok(Report {
        categories: categories.len(),
        sub_categories: categories.iter().map(|c| c.sub_categories.len()).sum(),
        products: products.len(),
        with_variants: variants.len(),
        images: images.len(),
        banners: banners.len(),
        product_ids: products.iter().map(|p| p.id.clone()).collect(),
    })
}

/// The demo reviewers: accounts that cannot log in.
const REVIEWERS: [&str; 6] = [
    "Priya Sharma",
    "Tom Walker",
    "Amara Okafor",
    "Liam O'Connor",
    "Sofia Rossi",
    "Daniel Kim",
];

const COMMENTS: [&str; 8] = [
    "Fitted it myself in under an hour. Solid build and the finish looks great.",
    "Good value for the price. Instructions could be clearer, but it works well.",
    "Exactly as described. Delivery was quick and everything was well packed.",
    "Our plumber said it is better quality than the one we had before.",
    "Does the job. A little stiff at first, it loosened up after a few days.",
    "Second one I have bought: the first has run for two years without a drip.",
    "Looks smart and feels sturdy. Would buy again.",
    "Works fine, though the colour is slightly darker than in the photos.",
];

/// Reviews on every third demo product, one to four each, from the demo reviewers.
/// Idempotent: the same reviewers and review ids each time. Returns how many reviews
/// the catalogue has from them.
pub async fn seed_reviews(
    accounts: &Accounts,
    reviews: &Reviews,
    product_ids: &[String],
) -> Result<usize, BoxError> {
    let now = now_ms();
    let mut reviewers = Vec::new();
    for name in REVIEWERS {
        let id = Id::stable("demo-reviewer", name);
        let email = Email::parse(&format!("{id}@reviewers.shop.example"))?;
        accounts
            .insert_demo_customer(&id, &email, name, now)
            .await?;
        reviewers.push(id);
    }
    let mut count = 0;
    for (n, product_id) in product_ids.iter().enumerate().filter(|(n, _)| n % 3 == 0) {
        let product = Id::parse(product_id).ok_or("a demo product id is not an id")?;
        for (j, reviewer) in reviewers.iter().take(n % 4 + 1).enumerate() {
            let id = Id::stable("demo-review", &format!("{product_id}/{j}"));
            reviews
                .add(NewReview {
                    id: &id,
                    product_id: &product,
                    user_id: reviewer,
                    rating: 3 + ((n + j) % 3) as i64,
                    comment: COMMENTS[(n + j) % COMMENTS.len()],
                    images: &[],
                    created_at: now - ((n * 7 + j * 3) as i64 + 1) * 3_600_000,
                })
                .await?;
            count += 1;
        }
    }
    Ok(count)
}

fn demo_product(
    sub: &Sub,
    i: usize,
    n: usize,
    now: i64,
    category_id: &str,
    sub_id: &str,
    images: &mut BTreeMap<String, String>,
) -> NewProduct {
    let noun = sub.nouns[i % sub.nouns.len()];
    let finish = sub.finishes[(i + n / 7) % sub.finishes.len()];
    let size = sub.sizes[(i * 5 + n) % sub.sizes.len()];
    let brand = BRANDS[(n * 3 + i) % BRANDS.len()];
    let name = if size == "Standard" {
        format!("{brand} {} {noun}", finish.name)
    } else {
        format!("{brand} {} {noun}, {size}", finish.name)
    };
    let description = format!(
        "The {brand} {noun} in a {} finish. {} Size: {size}. Supplied with fixings and fitting instructions, and backed by a {}-year guarantee.",
        finish.name.to_lowercase(),
        sub.about,
        2 + n % 4
    );
    // Prices end in .99 or .49 and spread across the sub-category's range.
    let span = (sub.price.1 - sub.price.0).max(1);
    let whole = sub.price.0 + ((n * 37 + i * 11) as i64 % span);
    let price = Money::from_cents(whole * 100 + if n.is_multiple_of(2) { 99 } else { 49 });
    let discount = match n % 6 {
        0 => Discount {
            basis_points: [1000, 1500, 2000, 2500, 3000, 4000][n / 6 % 6],
            ends_at: Some(now + (5 + (n % 40) as i64) * DAY_MS),
        },
        3 => Discount {
            basis_points: 1000 + (n % 3) as i64 * 500,
            ends_at: None,
        },
        // Some discounts have ended already: they must show the full price.
        4 if n.is_multiple_of(4) => Discount {
            basis_points: 2000,
            ends_at: Some(now - (1 + (n % 20) as i64) * DAY_MS),
        },
        _ => Discount::NONE,
    };
    let stock = match n % 11 {
        0 => 0,
        1 | 2 => 1 + (n % 9) as i64,
        _ => 12 + (n * 13 % 230) as i64,
    };
    let image_count = 1 + (n % 4);
    let paths = (0..image_count)
        .map(|v| {
            let svg = product_svg(sub.kind, finish.hex, v);
            let stem = format!(
                "demo/{}-{}-{v}",
                sub.kind.slug(),
                finish.name.to_lowercase().replace(' ', "-")
            );
            let path = content_path(&stem, &svg);
            images.entry(path.clone()).or_insert(svg);
            path
        })
        .collect();
    NewProduct {
        id: stable_id("product", &format!("{}/{i}/{name}", sub.title)),
        name,
        description,
        price,
        discount,
        images: paths,
        stock,
        category_id: category_id.to_string(),
        sub_category_id: sub_id.to_string(),
        size: Some(size.to_string()),
        color: Some(finish.name.to_string()),
        featured: n % 21 == 5,
        created_at: now - (n as i64) * 3 * HOUR_MS,
    }
}

async fn banners(media: &Media) -> Result<Vec<NewBanner>, BoxError> {
    let category = |title: &str| stable_id("category", title);
    let sub =
        |category: &str, title: &str| stable_id("sub-category", &format!("{category}/{title}"));
    let slides = [
        (
            "winter-heating",
            "Winter warmth, sorted",
            "Radiators and thermostats with up to 40% off",
            Kind::Radiator,
            "#d9480f",
            "#eceff2",
            format!("/shop?category={}", category("Heating")),
        ),
        (
            "kitchen-mixers",
            "Kitchen mixers that last",
            "Solid brass bodies, ceramic valves, 5-year guarantee",
            Kind::Faucet,
            "#1c6ed6",
            "#b9c0c9",
            format!(
                "/shop?category={}&subCategory={}",
                category("Faucets"),
                sub("Faucets", "Kitchen Mixers")
            ),
        ),
        (
            "fix-it-kit",
            "Everything for the fix",
            "Tapes, sealants, gloves and bulbs from $1.49",
            Kind::Tape,
            "#2b8a3e",
            "#f2b631",
            format!("/shop?category={}", category("Everyday Essentials")),
        ),
        (
            "rainfall-showers",
            "Rainfall showers",
            "Turn a quick rinse into the best part of the day",
            Kind::ShowerHead,
            "#5f3dc4",
            "#3a3d42",
            format!(
                "/shop?category={}&subCategory={}",
                category("Shower Accessories"),
                sub("Shower Accessories", "Shower Heads")
            ),
        ),
    ];
    let mut banners = Vec::new();
    for (position, (slug, headline, line, kind, field, color, url)) in
        slides.into_iter().enumerate()
    {
        let svg = banner_svg(headline, line, kind, field, color);
        let image = content_path(&format!("banners/{slug}"), &svg);
        media.put(&image, Bytes::from(svg)).await?;
        banners.push(NewBanner {
            id: stable_id("banner", slug),
            image,
            url,
            position: position as i64,
        });
    }
    Ok(banners)
}

/// The demo category titles in display order, for other seeders.
pub fn category_plan() -> impl Iterator<Item = (&'static str, Vec<(&'static str, Kind)>)> {
    CATALOGUE
        .iter()
        .map(|(title, subs)| (*title, subs.iter().map(|s| (s.title, s.kind)).collect()))
}
