//! The console's delivery methods (docs/DESIGN.md §10): the list, a new method, an edit
//! that replaces one whole, deleting one, and the preview that says which methods
//! apply to a postcode and a weight. Shoppers meet them in the checkout's quote.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::answers::DeliveryOptionView;
use crate::domain::contact::check_postcode;
use crate::domain::delivery::{
    self, check_method, normalise_postcode, DeliveryMethod, MethodDraft, Parcel, MAX_METHODS,
};
use crate::domain::id::Id;
use crate::domain::variant_rules::MAX_WEIGHT_GRAMS;
use crate::domain::Money;
use crate::http::auth::Empty;
use crate::http::error::{check_version, AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiPath, ApiQuery};
use crate::http::identity::AdminUser;
use crate::http::{ok, AppState, Envelope};
use crate::store::delivery::MethodRefusal;

#[derive(OpenApi)]
#[openapi(paths(list, create, update, delete, preview))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/delivery-method", get(list).post(create))
        .route("/admin/delivery-method/preview", get(preview))
        .route("/admin/delivery-method/{id}", put(update).delete(delete))
}

const NOT_FOUND: &str = "Delivery method not found";
const KEEP_DEFAULT: &str =
    "One method is always the default: make another method the default instead";
const DEFAULT_NOT_DELETED: &str = "The default delivery method cannot be deleted";

/// A weight band as the console sees and sends it.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BandView {
    /// A weight up to which (inclusive) the band's price applies, in grams; `null`: any
    /// weight (the last band only).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 10000000)]
    pub up_to_grams: Option<i64>,
    /// 0 to 1,000,000, two decimals at most.
    #[serde(default)]
    #[schema(required = true, value_type = f64, minimum = 0, maximum = 1000000, multiple_of = 0.01)]
    pub price: Option<f64>,
}

/// A delivery method as the console shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryMethodView {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    /// Upper case without spaces; empty: everywhere.
    pub postcode_prefixes: Vec<String>,
    /// Ascending by weight.
    pub rates: Vec<BandView>,
    /// The goods after discounts at which it costs nothing; `null`: never free.
    pub free_over: Option<f64>,
    pub active: bool,
    pub position: i64,
    /// Used when the shopper does not choose; exactly one method is.
    pub is_default: bool,
    /// Bumped by each save: a `PUT` sends the one it loaded (docs/DESIGN.md §15).
    pub version: i64,
}

impl From<DeliveryMethod> for DeliveryMethodView {
    fn from(m: DeliveryMethod) -> Self {
        DeliveryMethodView {
            id: m.id,
            name: m.rules.name,
            description: m.rules.description,
            postcode_prefixes: m.rules.postcode_prefixes,
            rates: m
                .rules
                .rates
                .iter()
                .map(|b| BandView {
                    up_to_grams: b.up_to_grams,
                    price: Some(b.price.as_f64()),
                })
                .collect(),
            free_over: m.rules.free_over.map(Money::as_f64),
            active: m.rules.active,
            position: m.rules.position,
            is_default: m.is_default,
            version: m.version,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct DeliveryMethodList {
    pub methods: Vec<DeliveryMethodView>,
}

#[derive(Serialize, ToSchema)]
pub struct DeliveryMethodData {
    pub method: DeliveryMethodView,
}

/// Every field of a method, as the console's form sends it: a `PUT` replaces the
/// method whole.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryMethodRequest {
    /// 1 to 80 characters once trimmed.
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    /// At most 300 characters.
    #[serde(default)]
    pub description: String,
    /// Where it delivers: the start of a postcode (letters and digits, up to 8, spaces
    /// and case ignored); empty for everywhere.
    #[serde(default)]
    #[schema(max_items = 200)]
    pub postcode_prefixes: Vec<String>,
    /// 1 to 20 bands, each heavier than the one before.
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 20)]
    pub rates: Vec<BandView>,
    /// 0 to 1,000,000, two decimals at most; `null`: never free.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 1000000, multiple_of = 0.01)]
    pub free_over: Option<f64>,
    #[serde(default = "yes")]
    pub active: bool,
    /// Where the checkout lists it, lowest first (0 to 1,000,000).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 1000000)]
    pub position: i64,
    /// Make it the default (the one before stops being it).
    #[serde(default)]
    pub is_default: bool,
    /// `PUT`: the method's `version` when the form was loaded; one changed since is
    /// refused with 409 and the method as it now is.
    #[schema(minimum = 1)]
    pub version: Option<i64>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PreviewQuery {
    /// A postcode (blank: none, as a checkout without one).
    #[param(pattern = "^[ \\t\\n\\r]*[A-Za-z0-9 -]{0,16}[ \\t\\n\\r]*$")]
    pub postcode: Option<String>,
    /// The parcel's weight in grams (0 when left out or blank).
    #[param(pattern = "^(?:[0-9]{1,9})?$")]
    pub weight_grams: Option<String>,
    /// The goods after discounts, in the shop's currency (0 when left out or blank).
    #[param(pattern = "^(?:[0-9]{1,7}(?:\\.[0-9]{1,2})?)?$")]
    pub goods: Option<String>,
}

/// Which methods apply to a parcel, and the one a checkout would price.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryPreview {
    /// Every active method serving the postcode, with its price or why it cannot.
    pub options: Vec<DeliveryOptionView>,
    /// The method a checkout naming none would use; `null` when none can.
    pub chosen: Option<String>,
    /// Why a checkout naming no method would be refused: 'We do not deliver to this
    /// postcode', 'No delivery method can carry this order', 'Choose a delivery method';
    /// `null` when one can be used.
    pub refusal: Option<String>,
}

/// Every method, in the checkout's order (a shop has at most 50).
#[utoipa::path(get, path = "/api/admin/delivery-method", tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The methods", body = Envelope<DeliveryMethodList>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> Result<Json<Envelope<DeliveryMethodList>>, AppError> {
    let methods = state.delivery_methods.list().await?;
    Ok(ok(
        "Delivery methods",
        DeliveryMethodList {
            methods: methods.into_iter().map(DeliveryMethodView::from).collect(),
        },
    ))
}

/// A new method.
#[utoipa::path(post, path = "/api/admin/delivery-method", tag = "admin",
    request_body = DeliveryMethodRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "'Delivery method created'", body = Envelope<DeliveryMethodData>),
        (status = 400, description = "Fields that break a rule, named in `errors` (`rates[1].upToGrams`: 'Each band must be heavier than the one before', 'Only the last band may take any weight'; `postcodePrefixes[0]`: 'A prefix is 1 to 8 letters or digits'; …)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 409, description = "'A shop can have at most 50 delivery methods'", body = ErrorBody),
    ))]
pub async fn create(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiJson(body): ApiJson<DeliveryMethodRequest>,
) -> Result<(StatusCode, Json<Envelope<DeliveryMethodData>>), AppError> {
    let rules = check(&body)?;
    let created = state
        .delivery_methods
        .create(&rules, body.is_default, &admin.actor(), &state.activity)
        .await?
        .map_err(refused)?;
    Ok((
        StatusCode::CREATED,
        ok(
            "Delivery method created",
            DeliveryMethodData {
                method: created.into(),
            },
        ),
    ))
}

/// Replaces a method whole.
#[utoipa::path(put, path = "/api/admin/delivery-method/{id}", tag = "admin",
    params(("id" = String, Path)), request_body = DeliveryMethodRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Delivery method updated'", body = Envelope<DeliveryMethodData>),
        (status = 400, description = "Fields that break a rule, named in `errors`; `errors.isDefault`: 'One method is always the default: make another method the default instead'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Delivery method not found'", body = ErrorBody),
        (status = 409, description = "'This changed since you opened it: reload to see the latest': `version` is not the method's, `data` holds `{method}` as it now is, and nothing was written", body = ErrorBody),
    ))]
pub async fn update(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<DeliveryMethodRequest>,
) -> Result<Json<Envelope<DeliveryMethodData>>, AppError> {
    let id = Id::parse(&id).ok_or_else(|| refused(MethodRefusal::NotFound))?;
    let rules = check(&body)?;
    let updated = state
        .delivery_methods
        .update(
            id.as_str(),
            body.version,
            &rules,
            body.is_default,
            &admin.actor(),
            &state.activity,
        )
        .await?
        .map_err(refused)?;
    Ok(ok(
        "Delivery method updated",
        DeliveryMethodData {
            method: updated.into(),
        },
    ))
}

/// Deletes a method; orders keep the name they went by.
#[utoipa::path(delete, path = "/api/admin/delivery-method/{id}", tag = "admin",
    params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Delivery method deleted'", body = Envelope<Empty>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Delivery method not found'", body = ErrorBody),
        (status = 409, description = "'The default delivery method cannot be deleted'", body = ErrorBody),
    ))]
pub async fn delete(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    let id = Id::parse(&id).ok_or_else(|| refused(MethodRefusal::NotFound))?;
    state
        .delivery_methods
        .delete(id.as_str(), &admin.actor(), &state.activity)
        .await?
        .map_err(|refusal| match refusal {
            MethodRefusal::KeepDefault => AppError::Conflict(DEFAULT_NOT_DELETED.into()),
            other => refused(other),
        })?;
    Ok(ok("Delivery method deleted", Empty {}))
}

/// 'For postcode X and Y kg these methods apply': the methods as a checkout would offer
/// them for a parcel, by the same rules.
#[utoipa::path(get, path = "/api/admin/delivery-method/preview", tag = "admin",
    params(PreviewQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The methods that apply", body = Envelope<DeliveryPreview>),
        (status = 400, description = "A postcode, weight or amount that cannot be one, named in `errors`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn preview(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(query): ApiQuery<PreviewQuery>,
) -> Result<Json<Envelope<DeliveryPreview>>, AppError> {
    let mut errors: BTreeMap<&str, String> = BTreeMap::new();
    let postcode =
        check_postcode(query.postcode.as_deref().unwrap_or_default()).unwrap_or_else(|message| {
            errors.insert("postcode", message);
            String::new()
        });
    // Digits as sent, nothing around them: what the parameters' patterns say.
    let plain =
        |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let weight_grams = match query.weight_grams.as_deref() {
        None | Some("") => 0,
        Some(text) => text
            .parse::<i64>()
            .ok()
            .filter(|grams| plain(text) && (0..=MAX_WEIGHT_GRAMS * 100).contains(grams))
            .unwrap_or_else(|| {
                errors.insert("weightGrams", "A weight in whole grams".into());
                0
            }),
    };
    let goods = match query.goods.as_deref() {
        None | Some("") => Money::from_cents(0),
        Some(text) => Money::parse(text)
            .ok()
            .filter(|_| plain(text))
            .unwrap_or_else(|| {
                errors.insert("goods", "An amount with at most two decimals".into());
                Money::from_cents(0)
            }),
    };
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    let postcode = normalise_postcode(&postcode);
    let parcel = Parcel {
        postcode: (!postcode.is_empty()).then_some(postcode),
        weight_grams,
        goods,
    };
    let methods = state.delivery_methods.list().await?;
    let options = delivery::options(&methods, &parcel);
    let chosen = delivery::for_order(&options, None);
    let (chosen, refusal) = match chosen {
        Ok(option) => (Some(option.id.clone()), None),
        Err(refusal) => (None, Some(refusal.message().to_string())),
    };
    Ok(ok(
        "Delivery preview",
        DeliveryPreview {
            options: options.iter().map(DeliveryOptionView::from).collect(),
            chosen,
            refusal,
        },
    ))
}

fn refused(refusal: MethodRefusal) -> AppError {
    match refusal {
        MethodRefusal::NotFound => AppError::NotFound(NOT_FOUND.into()),
        MethodRefusal::TooMany => AppError::Conflict(format!(
            "A shop can have at most {MAX_METHODS} delivery methods"
        )),
        MethodRefusal::KeepDefault => AppError::field("isDefault", KEEP_DEFAULT),
        MethodRefusal::Stale(current) => AppError::stale(DeliveryMethodData {
            method: (*current).into(),
        }),
    }
}

/// `body` as a method's rules, or every field that breaks one.
fn check(body: &DeliveryMethodRequest) -> Result<delivery::MethodRules, AppError> {
    check_version(body.version)?;
    let draft = MethodDraft {
        name: body.name.clone(),
        description: body.description.clone(),
        postcode_prefixes: body.postcode_prefixes.clone(),
        rates: body
            .rates
            .iter()
            .map(|b| (b.up_to_grams, b.price))
            .collect(),
        free_over: body.free_over,
        active: body.active,
        position: body.position,
    };
    check_method(&draft).map_err(AppError::fields)
}
