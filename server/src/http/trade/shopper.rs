//! Who asks for a price (docs/DESIGN.md §11): a guest, a retail customer, or a trade
//! customer with their group. Read once a request: the catalogue's cache layer reads it
//! before it looks for a kept answer (a trade customer's answers are never kept nor
//! sent from there) and leaves it in the request for the handler.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;

use crate::domain::id::Id;
use crate::domain::price_resolver::GroupDeal;
use crate::http::error::AppError;
use crate::http::identity::signed_in;
use crate::http::AppState;
use crate::store::prices::group_of;

/// The customer behind a request, leniently (no token, or one that does not hold, is a
/// guest), and their group.
#[derive(Clone, Debug, Default)]
pub struct Shopper {
    pub user: Option<Id>,
    /// `None`: a guest or a retail customer, who see the same prices.
    pub group: Option<GroupDeal>,
}

impl Shopper {
    /// Reads the request's token and the customer's group.
    pub async fn read(headers: &HeaderMap, state: &AppState) -> Result<Shopper, AppError> {
        match signed_in(headers, state).await? {
            Some(user) => Shopper::of(state, &user.id).await,
            None => Ok(Shopper::default()),
        }
    }

    /// The signed-in customer `user`, already known, and their group.
    pub async fn of(state: &AppState, user: &Id) -> Result<Shopper, AppError> {
        let mut conn = state.catalogue.db().pool.acquire().await?;
        let group = group_of(&mut conn, Some(user)).await?;
        Ok(Shopper {
            user: Some(user.clone()),
            group,
        })
    }

    /// Whether the prices they see are their own: no shared cache may keep them.
    pub fn is_trade(&self) -> bool {
        self.group.is_some()
    }
}

impl FromRequestParts<AppState> for Shopper {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        if let Some(known) = parts.extensions.get::<Shopper>() {
            return Ok(known.clone());
        }
        Shopper::read(&parts.headers, state).await
    }
}
