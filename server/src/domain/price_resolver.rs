//! The one price resolver of trade accounts (docs/DESIGN.md §11): what one unit of a
//! variant costs a customer at a quantity, from its public price, the customer's group
//! (a group price for the variant, else the group's category discount) and the quantity
//! breaks for everyone and for that group. Every place a price shows or is charged is to
//! ask it, so a listing, a cart, an order and its invoice cannot disagree.
//!
//! *Decided here:* where everyone's breaks and the group's both reach the quantity, the
//! customer pays the lower of the two deepest (each audience's prices fall as its
//! quantities rise), so buying more never costs more per unit.

use std::collections::BTreeMap;

use super::money::hundredths;
use super::pricing::{discounted, LinePrice};
use super::product_rules::{MAX_PRICE, MIN_PRICE};
use super::Money;

/// Breaks one audience (everyone, or one group) may have on a variant.
pub const MAX_BREAKS: usize = 10;
/// A group's discount on a category: 1 to this many percent.
pub const MAX_CATEGORY_PERCENT: i64 = 90;

/// From `min_quantity` units a line, one unit costs `price`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PriceBreak {
    pub min_quantity: i64,
    pub price: Money,
}

/// What a customer's group says about one variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GroupTerms<'a> {
    /// Staff's price for the variant; it wins over the category discount, and may be
    /// above the public price when staff set it so.
    pub group_price: Option<Money>,
    /// The group's discount on the variant's category (see [`category_percent`]).
    pub category_percent: Option<i64>,
    /// The group's own breaks on the variant.
    pub breaks: &'a [PriceBreak],
}

/// A variant as one customer meets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PriceAsk<'a> {
    /// The public unit price: the variant's, with its product's discount applied.
    pub public: Money,
    /// Breaks for everyone (`groupId: null`).
    pub everyone: &'a [PriceBreak],
    /// The customer's group; `None` for a guest or a retail customer.
    pub group: Option<GroupTerms<'a>>,
}

impl PriceAsk<'_> {
    /// The unit price before quantity breaks: the group price, else the group's
    /// category discount on the public price (rounded half up), else the public price.
    pub fn base(&self) -> Money {
        match self.group {
            Some(GroupTerms {
                group_price: Some(price),
                ..
            }) => price,
            Some(GroupTerms {
                category_percent: Some(percent),
                ..
            }) => discounted(self.public, percent * 100),
            _ => self.public,
        }
    }

    /// One unit's price in a line of `quantity`: the base, or the lower of the deepest
    /// breaks reached (everyone's, the group's) when one is lower.
    pub fn unit_price(&self, quantity: i64) -> Money {
        let group_breaks = self.group.map_or(&[][..], |g| g.breaks);
        [self.everyone, group_breaks]
            .into_iter()
            .filter_map(|breaks| deepest(breaks, quantity))
            .fold(self.base(), Money::min)
    }

    /// The breaks as this customer meets them: at each quantity where one of theirs
    /// starts, the unit price there, when it is below the price of one unit. Each is what
    /// [`PriceAsk::unit_price`] charges from that quantity.
    pub fn breaks_shown(&self) -> Vec<PriceBreak> {
        let group_breaks = self.group.map_or(&[][..], |g| g.breaks);
        let mut starts: Vec<i64> = self
            .everyone
            .iter()
            .chain(group_breaks)
            .map(|b| b.min_quantity)
            .collect();
        starts.sort_unstable();
        starts.dedup();
        let mut shown: Vec<PriceBreak> = Vec::new();
        let mut last = self.unit_price(1);
        for min_quantity in starts {
            let price = self.unit_price(min_quantity);
            if price < last {
                shown.push(PriceBreak {
                    min_quantity,
                    price,
                });
                last = price;
            }
        }
        shown
    }
}

/// What a customer's group gives, beside its prices and breaks per variant.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupDeal {
    pub group_id: String,
    /// (category or sub-category id, percent).
    pub category_discounts: Vec<(String, i64)>,
    /// Whether the shop's cart discount applies to the group's members.
    pub cart_discount: bool,
}

/// Staff's prices for one variant: everyone's breaks, and the customer's group's price
/// and breaks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantDeal {
    pub everyone: Vec<PriceBreak>,
    pub group_price: Option<Money>,
    pub group_breaks: Vec<PriceBreak>,
}

/// Everything the resolver needs to price some variants for one customer: their group
/// (`None`: a guest or a retail customer) and the variants' deals, by variant id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CustomerPricing {
    pub group: Option<GroupDeal>,
    pub deals: BTreeMap<String, VariantDeal>,
}

/// A variant to price: its id, its public unit price, its product's category and
/// sub-category.
#[derive(Clone, Copy, Debug)]
pub struct Priced<'a> {
    pub variant_id: &'a str,
    pub public: Money,
    pub category_id: &'a str,
    pub sub_category_id: &'a str,
}

const NO_DEAL: &VariantDeal = &VariantDeal {
    everyone: Vec::new(),
    group_price: None,
    group_breaks: Vec::new(),
};

impl CustomerPricing {
    /// The resolver's question for `variant` and this customer.
    pub fn ask<'a>(&'a self, variant: Priced<'_>) -> PriceAsk<'a> {
        let deal = self.deals.get(variant.variant_id).unwrap_or(NO_DEAL);
        PriceAsk {
            public: variant.public,
            everyone: &deal.everyone,
            group: self.group.as_ref().map(|group| GroupTerms {
                group_price: deal.group_price,
                category_percent: category_percent(
                    &group.category_discounts,
                    variant.category_id,
                    variant.sub_category_id,
                ),
                breaks: &deal.group_breaks,
            }),
        }
    }

    /// A line of `quantity` units of `variant` for this customer: the public line
    /// (`pricing::price_line`, whose unit price is `variant.public`) at the resolved
    /// unit price.
    pub fn line(&self, variant: Priced<'_>, public: LinePrice, quantity: i64) -> LinePrice {
        let unit_price = self.ask(variant).unit_price(quantity);
        LinePrice {
            unit_price,
            line_total: Money::from_cents(unit_price.cents() * quantity),
            ..public
        }
    }

    /// Whether the shop's cart discount applies: always for retail, as the group says
    /// for trade.
    pub fn cart_discount(&self) -> bool {
        self.group.as_ref().is_none_or(|g| g.cart_discount)
    }

    /// Whether prices depend on who asks: a customer in a group.
    pub fn is_trade(&self) -> bool {
        self.group.is_some()
    }
}

/// The price of the deepest of `breaks` (increasing quantities) that `quantity` reaches.
fn deepest(breaks: &[PriceBreak], quantity: i64) -> Option<Money> {
    breaks
        .iter()
        .rev()
        .find(|b| b.min_quantity <= quantity)
        .map(|b| b.price)
}

/// A group's discount for a product in `category_id` / `sub_category_id`, from its list
/// of (category or sub-category id, percent): the sub-category's entry wins.
pub fn category_percent(
    discounts: &[(String, i64)],
    category_id: &str,
    sub_category_id: &str,
) -> Option<i64> {
    let of = |id: &str| discounts.iter().find(|(c, _)| c == id).map(|(_, p)| *p);
    of(sub_category_id).or_else(|| of(category_id))
}

/// One audience's breaks as staff send them (a quantity, and a price in the shop's
/// currency), checked: at most [`MAX_BREAKS`], quantities from 2 and increasing, prices
/// a price may be and decreasing. Every broken rule is keyed as the request's fields are
/// (`breaks[1].price`).
pub fn check_breaks(
    drafts: &[(i64, Option<f64>)],
) -> Result<Vec<PriceBreak>, BTreeMap<String, String>> {
    let mut errors = BTreeMap::new();
    if drafts.len() > MAX_BREAKS {
        errors.insert("breaks".to_string(), format!("At most {MAX_BREAKS} breaks"));
    }
    let prices: Vec<Option<Money>> = drafts
        .iter()
        .map(|(_, price)| {
            price
                .and_then(hundredths)
                .filter(|cents| (MIN_PRICE.cents()..=MAX_PRICE.cents()).contains(cents))
                .map(Money::from_cents)
        })
        .collect();
    let mut breaks: Vec<PriceBreak> = Vec::with_capacity(drafts.len());
    for (i, ((min_quantity, _), price)) in drafts.iter().zip(&prices).enumerate() {
        // Each against the one typed before it.
        let before = i.checked_sub(1).map(|j| (drafts[j].0, prices[j]));
        if *min_quantity < 2 {
            errors.insert(
                format!("breaks[{i}].minQuantity"),
                "A break starts at 2 units or more".into(),
            );
        } else if before.is_some_and(|(quantity, _)| *min_quantity <= quantity) {
            errors.insert(
                format!("breaks[{i}].minQuantity"),
                "Each break starts at more units than the one before".into(),
            );
        }
        match price {
            None => {
                errors.insert(
                    format!("breaks[{i}].price"),
                    format!(
                        "Price must be from {} to {}, with at most two decimals",
                        MIN_PRICE.as_f64(),
                        MAX_PRICE.as_f64()
                    ),
                );
            }
            Some(price) if before.is_some_and(|(_, p)| p.is_some_and(|p| *price >= p)) => {
                errors.insert(
                    format!("breaks[{i}].price"),
                    "Each break costs less than the one before".into(),
                );
            }
            Some(price) => breaks.push(PriceBreak {
                min_quantity: *min_quantity,
                price: *price,
            }),
        }
    }
    if errors.is_empty() {
        Ok(breaks)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests;
