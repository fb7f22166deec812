//! The demo's trade accounts (docs/DESIGN.md §11, README): a 'Trade' group with 10 %
//! off pipe fittings (15 % off copper pipe) and no cart discount; quantity breaks on
//! elbows, tees and couplings (everyone: 5 % off from 10, 10 % off from 50; the group:
//! 15 % off from 25); and an approved plumber's account to sign in with.

use crate::domain::id::stable_id;
use crate::domain::time::now_ms;
use crate::domain::trade::check_group;
use crate::security::password;
use crate::store::trade_demo::{add_demo_trade, DemoTrade};
use crate::store::Db;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The demo trade account's sign-in (README).
pub const EMAIL: &str = "trade@example.com";
pub const PASSWORD: &str = "Trade-demo-2026";

/// Writes the demo's trade data the shop does not have yet. How many rows it added.
pub async fn seed_trade(db: &Db) -> Result<u64, BoxError> {
    let fittings = stable_id("category", "Pipe Fittings");
    let sub = |title: &str| stable_id("sub-category", &format!("Pipe Fittings/{title}"));
    let discounts = [(fittings, Some(10)), (sub("Copper Pipe"), Some(15))];
    let group = check_group("Trade", &discounts, false)
        .map_err(|e| format!("the demo's group breaks a rule: {e:?}"))?;
    let subs: Vec<String> = ["Elbows", "Tees", "Couplings"].map(sub).to_vec();
    let hash = password::hash(PASSWORD).await?;
    let demo = DemoTrade {
        group_id: &stable_id("customer_group", "Trade"),
        group: &group,
        sub_category_ids: &subs,
        everyone_breaks: &[(10, 95), (50, 90)],
        group_breaks: &[(25, 85)],
        user_id: &stable_id("user", EMAIL),
        email: EMAIL,
        full_name: "Pat Plumber",
        password_hash: &hash,
        company: "Plumb & Heat Ltd",
        credit_limit_cents: 500_000,
        terms_days: 30,
    };
    Ok(add_demo_trade(db, &demo, now_ms()).await?)
}
