//! The delivery an order or a quote is charged (docs/DESIGN.md §10): the parcel its lines
//! make, the active methods serving it, and the one chosen among them, read in the
//! caller's transaction: an order is charged by the methods as they stand when it reads
//! them (a console save committed after that counts from the next order).

use sqlx::AnyConnection;

use super::MethodUsed;
use crate::domain::delivery::{self, normalise_postcode, DeliveryOption, DeliveryRefusal, Parcel};
use crate::domain::order::{Fulfilment, Totals};
use crate::domain::Money;
use crate::store::delivery::all_methods;

/// What delivering an order costs, and by which method (none for pickup).
pub(super) struct Delivered {
    pub fee: Money,
    pub used: Option<MethodUsed>,
    /// Every active method serving the postcode (empty for pickup).
    pub options: Vec<DeliveryOption>,
}

/// The parcel a delivery method prices: where it goes, its weight, the goods after
/// every discount.
pub(super) fn parcel(postcode: &str, weight_grams: i64, totals: &Totals) -> Parcel {
    let postcode = normalise_postcode(postcode);
    Parcel {
        postcode: (!postcode.is_empty()).then_some(postcode),
        weight_grams,
        goods: totals.discounted_goods(),
    }
}

/// The delivery of `parcel`: nothing for pickup; else the active methods serving it,
/// with the one `choose` picks (the quote's rule or the order's) among them.
pub(super) async fn deliver(
    conn: &mut AnyConnection,
    fulfilment: Fulfilment,
    parcel: &Parcel,
    named: Option<&str>,
    choose: for<'a> fn(
        &'a [DeliveryOption],
        Option<&str>,
    ) -> Result<&'a DeliveryOption, DeliveryRefusal>,
) -> Result<Result<Delivered, DeliveryRefusal>, sqlx::Error> {
    if fulfilment == Fulfilment::Pickup {
        return Ok(Ok(Delivered {
            fee: Money::from_cents(0),
            used: None,
            options: Vec::new(),
        }));
    }
    let methods = all_methods(conn).await?;
    let options = delivery::options(&methods, parcel);
    let (fee, used) = match choose(&options, named) {
        Ok(chosen) => (
            chosen.price.unwrap_or_default(),
            MethodUsed {
                id: chosen.id.clone(),
                name: chosen.name.clone(),
            },
        ),
        Err(refusal) => return Ok(Err(refusal)),
    };
    Ok(Ok(Delivered {
        fee,
        used: Some(used),
        options,
    }))
}
