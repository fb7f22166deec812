//! The OpenAPI document, generated from the handlers' annotations. The storefront's
//! API types are generated from it (`web/src/api/`).

use axum::Json;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{Modify, OpenApi};

use super::admin::{activity, customers, dashboard, promo};
use super::catalogue::{csv, listing, photos, product, search, stock};
use super::content::{banners, categories, pages, settings};
use super::error::ErrorBody;
use super::openapi_patterns::{
    blank_or, country, link, postcode, trade_text_rules, trimmed, ALL_CONTROL, DATE,
};
use super::reviews::moderation;
use super::{auth, catalogue, items, orders, reviews};
use crate::domain::account::{new_password_pattern, signup_password_pattern, CONTROL_CLASS};
use crate::domain::delivery;
use crate::domain::product_rules::{MAX_DESCRIPTION_CHARS, MAX_LABEL_CHARS, MAX_NAME_CHARS};
use crate::domain::shop::{
    MAX_ADDRESS_LINE, MAX_PICKUP_NAME, MAX_PICKUP_TEXT, MAX_SHOP_NAME, MAX_TAX_LABEL,
};
use crate::http::content::categories::MAX_TITLE_CHARS;
use crate::http::content::settings::CURRENCY_PATTERN;

#[derive(OpenApi)]
#[openapi(
    info(title = "Shop API", description = "The web shop's JSON API. Every response is an envelope: \
        `{success, message, data}` on success, `{success: false, message, errors?}` on failure."),
    paths(
        categories::categories,
        banners::banners,
        listing::home_page,
        listing::list_products,
        product::product,
        auth::signup::signup,
        auth::session::login,
        auth::session::admin_login,
        auth::signup::verify_otp,
        auth::signup::resend_otp,
        auth::session::current_user,
        auth::recovery::forgot_password,
        auth::recovery::verify_reset_token,
        auth::recovery::reset_password,
        auth::recovery::change_password,
        auth::profile::delete_account,
        auth::profile::edit_profile,
        auth::profile::signed_url,
        reviews::list_reviews,
        reviews::create_review,
        items::list_items,
        items::add_item,
        items::update_item,
        items::remove_item,
        items::cart_detail,
        items::sync,
    ),
    components(schemas(ErrorBody)),
    modifiers(&BearerToken),
    tags(
        (name = "catalogue", description = "Categories, banners, products"),
        (name = "auth", description = "Accounts: sign-up, login, recovery, profile"),
        (name = "reviews", description = "Product reviews"),
        (name = "items", description = "Carts and wishlists"),
        (name = "orders", description = "Checkout and the shopper's orders"),
        (name = "payments", description = "Cards (as provider tokens), transactions, the provider's webhooks"),
        (name = "trade", description = "Trade accounts: applying, and what an account gives"),
        (name = "returns", description = "Returns the shopper asks for from My Orders"),
        (name = "admin", description = "Administrators' calls"),
    )
)]
pub struct ApiDoc;

/// The access token from sign-up or login, sent as `Authorization: Bearer …`.
struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        openapi
            .components
            .get_or_insert_with(Default::default)
            .add_security_scheme(
                "bearer",
                SecurityScheme::Http(
                    HttpBuilder::new()
                        .scheme(HttpAuthScheme::Bearer)
                        .bearer_format("JWT")
                        .build(),
                ),
            );
    }
}

/// The whole document: the paths listed above, and those of the modules that list
/// their own (each admin area keeps its calls' list beside its handlers).
pub fn api() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    for part in [
        catalogue::admin::Doc::openapi(),
        csv::Doc::openapi(),
        categories::Doc::openapi(),
        banners::Doc::openapi(),
        moderation::Doc::openapi(),
        stock::Doc::openapi(),
        photos::Doc::openapi(),
        orders::Doc::openapi(),
        orders::admin::Doc::openapi(),
        orders::delivery::Doc::openapi(),
        dashboard::Doc::openapi(),
        customers::Doc::openapi(),
        crate::http::staff::Doc::openapi(),
        crate::http::webhooks::Doc::openapi(),
        activity::Doc::openapi(),
        promo::Doc::openapi(),
        settings::Doc::openapi(),
        pages::Doc::openapi(),
        search::Doc::openapi(),
        catalogue::sku::Doc::openapi(),
        catalogue::related::Doc::openapi(),
        catalogue::alerts::Doc::openapi(),
        super::trade::Doc::openapi(),
        super::trade::review::Doc::openapi(),
        super::trade::groups::Doc::openapi(),
        super::trade::price_list::Doc::openapi(),
        super::trade::breaks::Doc::openapi(),
        super::trade::statement::Doc::openapi(),
        super::trade::quick_order::Doc::openapi(),
        super::returns::Doc::openapi(),
    ] {
        doc.merge(part);
    }
    list_the_edges_answers(&mut doc);
    describe_the_text_rules(&mut doc);
    super::openapi_limits::describe_the_number_limits(&mut doc);
    doc
}

/// Lists, on every call, the failures the layers and extractors in front of its handler
/// may answer, whatever its own list says: 415 where a body came without a
/// `Content-Type` the call reads (JSON, or a form where it takes one), 401 where a token
/// is asked for and the one sent is not valid, 400 where a query string, a path
/// parameter or the body does not parse.
fn list_the_edges_answers(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    let failure = |description: &str| {
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("ErrorBody")))
                    .build(),
            )
            .build()
    };
    for operation in operations(doc) {
        let body = operation.request_body.is_some();
        let secured = operation.security.as_ref().is_some_and(|s| !s.is_empty());
        let parameters = operation.parameters.as_ref().is_some_and(|p| !p.is_empty());
        let answers = &mut operation.responses.responses;
        if body {
            answers.entry("415".into()).or_insert_with(|| {
                failure("The body's Content-Type is not one the call reads").into()
            });
        }
        if secured {
            answers
                .entry("401".into())
                .or_insert_with(|| failure("No valid access token").into());
        }
        if parameters || body {
            answers.entry("400".into()).or_insert_with(|| {
                failure("A parameter or the body does not parse, or breaks a rule").into()
            });
        }
    }
}

/// Every operation of every path, to change.
fn operations(
    doc: &mut utoipa::openapi::OpenApi,
) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    doc.paths.paths.values_mut().flat_map(|item| {
        [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ]
        .into_iter()
        .flatten()
    })
}

/// The rules on request text that the derives cannot spell, as patterns copied from
/// the code that checks it: passwords, lengths once trimmed, days, banner links, phone
/// numbers, text that must not be blank (the password, phone, comment, title, day and
/// link patterns are tested against that code); and,
/// on every other string a request carries (in a parameter or anywhere in its body),
/// no control characters (`extract::refuse_control`). Strings with a format (an
/// address, a file) keep it.
fn describe_the_text_rules(doc: &mut utoipa::openapi::OpenApi) {
    let not_blank = format!("^[^{CONTROL_CLASS}]*[^{CONTROL_CLASS}\\s][^{CONTROL_CLASS}]*$");
    // A phone number (`Phone::parse`), with spaces, dashes, brackets and dots anywhere,
    // or blank (the profile form clears it so).
    let phone = {
        let gap = "[ ().-]*";
        format!(
            "^{gap}(?:(?:\\+{gap})?[1-9](?:{gap}[0-9]){{6,14}}|0{gap}[1-9](?:{gap}[0-9]){{8,9}}){gap}$|^[ \\t\\n\\r]*$"
        )
    };
    let rules = [
        ("SignupForm", "password", signup_password_pattern()),
        ("ResetRequest", "password", new_password_pattern()),
        ("ResetRequest", "token", not_blank.clone()),
        ("TokenRequest", "token", not_blank.clone()),
        ("TrackRequest", "number", not_blank.clone()),
        ("ReviewForm", "comment", trimmed(10, 500, CONTROL_CLASS)),
        (
            "TitleRequest",
            "title",
            trimmed(1, MAX_TITLE_CHARS, ALL_CONTROL),
        ),
        ("NoteRequest", "note", trimmed(1, 500, CONTROL_CLASS)),
        ("RefundRequest", "reason", trimmed(1, 500, CONTROL_CLASS)),
        ("RejectRequest", "reason", trimmed(1, 500, CONTROL_CLASS)),
        ("ReturnRequest", "note", trimmed(0, 1000, CONTROL_CLASS)),
        (
            "ReturnLineRequest",
            "variantId",
            trimmed(1, 100, ALL_CONTROL),
        ),
        ("ReceivedLine", "variantId", trimmed(1, 100, ALL_CONTROL)),
        ("HideRequest", "reason", trimmed(1, 200, CONTROL_CLASS)),
        (
            "ProductRequest",
            "name",
            trimmed(1, MAX_NAME_CHARS, CONTROL_CLASS),
        ),
        (
            "ProductRequest",
            "description",
            trimmed(1, MAX_DESCRIPTION_CHARS, CONTROL_CLASS),
        ),
        (
            "ProductRequest",
            "size",
            trimmed(0, MAX_LABEL_CHARS, CONTROL_CLASS),
        ),
        (
            "ProductRequest",
            "color",
            trimmed(0, MAX_LABEL_CHARS, CONTROL_CLASS),
        ),
        (
            "ProductRequest",
            "discountEndDate",
            format!("^(?:{DATE})?$"),
        ),
        (
            "PromoRequest",
            "startsOn",
            format!("^[ \\t\\n\\r]*(?:{DATE})?[ \\t\\n\\r]*$"),
        ),
        (
            "PromoRequest",
            "endsOn",
            format!("^[ \\t\\n\\r]*(?:{DATE})?[ \\t\\n\\r]*$"),
        ),
        (
            "PageRequest",
            "title",
            trimmed(1, crate::domain::page::MAX_TITLE_CHARS, ALL_CONTROL),
        ),
        ("BannerRequest", "url", link()),
        ("BannerForm", "url", link()),
        ("ProfileForm", "fullName", not_blank.clone()),
        ("ProfileForm", "phoneNumber", phone),
        ("SettingsRequest", "currency", CURRENCY_PATTERN.to_string()),
        (
            "PickupRequest",
            "name",
            trimmed(1, MAX_PICKUP_NAME, CONTROL_CLASS),
        ),
        (
            "PickupRequest",
            "address",
            trimmed(1, MAX_PICKUP_TEXT, CONTROL_CLASS),
        ),
        (
            "SettingsRequest",
            "name",
            trimmed(1, MAX_SHOP_NAME, CONTROL_CLASS),
        ),
        (
            "SettingsRequest",
            "taxNumber",
            trimmed(0, MAX_ADDRESS_LINE, CONTROL_CLASS),
        ),
        (
            "SettingsRequest",
            "taxLabel",
            trimmed(1, MAX_TAX_LABEL, CONTROL_CLASS),
        ),
        ("SettingsRequest", "country", country()),
        (
            "AddressRequest",
            "streetAddress",
            trimmed(0, MAX_ADDRESS_LINE, CONTROL_CLASS),
        ),
        (
            "AddressRequest",
            "townCity",
            trimmed(0, MAX_ADDRESS_LINE, CONTROL_CLASS),
        ),
        (
            "AddressRequest",
            "postcode",
            trimmed(0, MAX_ADDRESS_LINE, CONTROL_CLASS),
        ),
        ("AddressRequest", "country", country()),
        (
            "DeliveryMethodRequest",
            "name",
            trimmed(1, delivery::MAX_NAME_CHARS, CONTROL_CLASS),
        ),
        (
            "DeliveryMethodRequest",
            "description",
            trimmed(0, delivery::MAX_DESCRIPTION_CHARS, CONTROL_CLASS),
        ),
        ("QuoteRequest", "postcode", postcode()),
        ("QuoteRequest", "country", blank_or(&country())),
        ("Contact", "postcode", postcode()),
        ("Contact", "country", blank_or(&country())),
    ];
    let day = format!("^(?:{DATE})?$");
    let parameters = [
        ("/api/admin/order", "from", day.clone()),
        ("/api/admin/order", "to", day.clone()),
        ("/api/admin/order/export", "from", format!("^{DATE}$")),
        ("/api/admin/order/export", "to", format!("^{DATE}$")),
        ("/api/search/suggest", "q", trimmed(2, 100, CONTROL_CLASS)),
    ];
    for (path, name, pattern) in parameters {
        let item = doc
            .paths
            .paths
            .get_mut(path)
            .unwrap_or_else(|| panic!("no path {path}"));
        let parameter = item
            .get
            .iter_mut()
            .flat_map(|get| get.parameters.iter_mut().flatten())
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("GET {path} has no parameter {name}"));
        match &mut parameter.schema {
            Some(RefOr::T(Schema::Object(text))) => text.pattern = Some(pattern),
            _ => panic!("GET {path}'s {name} is not text"),
        }
    }
    let schemas = &mut doc.components.get_or_insert_with(Default::default).schemas;
    for (schema, field, pattern) in rules.into_iter().chain(trade_text_rules()) {
        match schemas.get_mut(schema) {
            Some(RefOr::T(Schema::Object(object))) => match object.properties.get_mut(field) {
                Some(RefOr::T(Schema::Object(text))) => text.pattern = Some(pattern),
                _ => panic!("{schema} has no text field {field}"),
            },
            _ => panic!("no object schema {schema}"),
        }
    }

    let plain_text = format!("^[^{CONTROL_CLASS}]*$");
    let mut reached = std::collections::BTreeSet::new();
    let mut forms = std::collections::BTreeSet::new();
    for operation in operations(doc) {
        for parameter in operation.parameters.iter_mut().flatten() {
            if let Some(schema) = &mut parameter.schema {
                refuse_control(schema, &plain_text, &mut reached);
            }
        }
        if let Some(body) = &mut operation.request_body {
            for (media_type, content) in body.content.iter_mut() {
                if let (true, Some(RefOr::Ref(form))) =
                    (media_type.starts_with("multipart/"), &content.schema)
                {
                    forms.insert(
                        form.ref_location
                            .rsplit('/')
                            .next()
                            .unwrap_or_default()
                            .to_string(),
                    );
                }
                if let Some(schema) = &mut content.schema {
                    refuse_control(schema, &plain_text, &mut reached);
                }
            }
        }
    }
    let schemas = &mut doc.components.get_or_insert_with(Default::default).schemas;
    // A form's field names travel in its parts' headers, where no control character
    // can be; fields a call does not read are otherwise ignored.
    for form in forms {
        if let Some(RefOr::T(Schema::Object(object))) = schemas.get_mut(&form) {
            object.property_names = Some(Box::new(Schema::Object(
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .pattern(Some(plain_text.clone()))
                    .build(),
            )));
        }
    }
    let mut done = std::collections::BTreeSet::new();
    while let Some(name) = reached.pop_first() {
        if done.insert(name.clone()) {
            if let Some(schema) = schemas.get_mut(&name) {
                refuse_control(schema, &plain_text, &mut reached);
            }
        }
    }
}

/// Gives every string in `schema` without a pattern or format `pattern`, and adds the
/// components it refers to to `reached`.
fn refuse_control(
    schema: &mut RefOr<Schema>,
    pattern: &str,
    reached: &mut std::collections::BTreeSet<String>,
) {
    use utoipa::openapi::schema::{ArrayItems, SchemaType, Type};
    let schema = match schema {
        RefOr::Ref(to) => {
            let name = to.ref_location.rsplit('/').next().unwrap_or_default();
            reached.insert(name.to_string());
            return;
        }
        RefOr::T(schema) => schema,
    };
    match schema {
        Schema::Object(object) => {
            let text = match &object.schema_type {
                SchemaType::Type(kind) => *kind == Type::String,
                SchemaType::Array(kinds) => kinds.contains(&Type::String),
                SchemaType::AnyValue => false,
            };
            if text && object.pattern.is_none() && object.format.is_none() {
                object.pattern = Some(pattern.to_string());
            }
            for property in object.properties.values_mut() {
                refuse_control(property, pattern, reached);
            }
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                refuse_control(items, pattern, reached);
            }
        }
        Schema::OneOf(one_of) => {
            for item in &mut one_of.items {
                refuse_control(item, pattern, reached);
            }
        }
        Schema::AllOf(all_of) => {
            for item in &mut all_of.items {
                refuse_control(item, pattern, reached);
            }
        }
        Schema::AnyOf(any_of) => {
            for item in &mut any_of.items {
                refuse_control(item, pattern, reached);
            }
        }
        _ => {}
    }
}

/// The document as pretty JSON, as committed to `web/src/api/openapi.json`.
pub fn document() -> String {
    api()
        .to_pretty_json()
        .expect("the OpenAPI document serialises")
}

pub async fn serve() -> Json<utoipa::openapi::OpenApi> {
    Json(api())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::phone::{Phone, NOT_PHONES};

    /// The pattern the document gives a property of a component.
    fn pattern(schema: &str, field: &str) -> regex::Regex {
        let doc = api();
        let schemas = &doc.components.as_ref().unwrap().schemas;
        let Some(RefOr::T(Schema::Object(object))) = schemas.get(schema) else {
            panic!("no object schema {schema}");
        };
        let Some(RefOr::T(Schema::Object(text))) = object.properties.get(field) else {
            panic!("{schema} has no field {field}");
        };
        regex::Regex::new(text.pattern.as_deref().expect("a pattern")).unwrap()
    }

    #[test]
    fn the_phone_pattern_takes_what_the_phone_rule_takes() {
        let phone = pattern("ProfileForm", "phoneNumber");
        for raw in [
            "020 7946 0958",
            "+44 (20) 7946-0958",
            "07911.123456",
            "+1 415 555 2671",
            "4155552671",
            "1234567",
            "123456789012345",
            "0791112345",
            "079111234567",
            " - ",
            ")",
            "",
            "  ",
        ]
        .into_iter()
        .chain(NOT_PHONES)
        {
            // The profile form clears the number when it is blank.
            let taken = raw.trim().is_empty() || Phone::parse(raw).is_ok();
            assert_eq!(phone.is_match(raw), taken, "{raw:?}");
        }
    }

    #[test]
    fn the_comment_pattern_counts_the_trimmed_comment() {
        let comment = pattern("ReviewForm", "comment");
        let fits = |text: &str| comment.is_match(text);
        assert!(fits("Works well"));
        assert!(fits("  Works well  "));
        assert!(!fits("  Too short "));
        assert!(fits(&"x".repeat(500)));
        assert!(!fits(&"x".repeat(501)));
        assert!(!fits("Works well\u{0}"));
        assert!(fits("Works\nwell, really"));
    }

    #[test]
    fn the_day_pattern_takes_the_days_the_shop_reads() {
        let day = regex::Regex::new(&format!("^{DATE}$")).unwrap();
        for year in [1900, 1999, 2000, 2023, 2024, 2100, 2400, 9999] {
            for month in 0..=13 {
                for date in 0..=32 {
                    let text = format!("{year:04}-{month:02}-{date:02}");
                    let read = crate::domain::time::parse_date(&text).is_some();
                    assert_eq!(day.is_match(&text), read, "{text}");
                }
            }
        }
        for text in ["2026-1-01", "26-01-01", "2026-01-01 ", "2026/01/01", ""] {
            assert!(!day.is_match(text), "{text:?}");
        }
    }

    #[test]
    fn the_link_pattern_takes_what_a_banner_may_link_to() {
        let pattern = regex::Regex::new(&link()).unwrap();
        for url in [
            "/shop?category=taps",
            "/",
            " /shop ",
            "https://example.com",
            "https://example.com:8443/a?b#c",
            "//elsewhere.com",
            "http://example.com",
            "javascript:alert(1)",
            "https://",
            "https://user@example.com/",
            "/shop page",
            "/shop\\x",
            "https://exa mple.com",
            "",
            "shop",
        ] {
            let taken = crate::http::content::banners::check_url(url).is_ok();
            assert_eq!(pattern.is_match(url), taken, "{url:?}");
        }
    }

    #[test]
    fn the_title_pattern_is_one_line_of_one_to_sixty_characters() {
        let title = pattern("TitleRequest", "title");
        for text in [
            "Taps",
            " Taps ",
            "x",
            &"é".repeat(60),
            "",
            "  ",
            "Taps\nand more",
            &"x".repeat(61),
        ] {
            let taken = crate::http::content::categories::check_title(text).is_ok();
            assert_eq!(title.is_match(text), taken, "{text:?}");
        }
    }

    #[test]
    fn a_page_title_pattern_is_one_line_of_one_to_120_characters() {
        let title = pattern("PageRequest", "title");
        for text in [
            "Privacy Policy",
            " FAQ\n",
            &"é".repeat(120),
            "",
            " \t ",
            "Privacy\nPolicy",
            &"x".repeat(121),
        ] {
            let taken = crate::domain::page::title(text).is_ok();
            assert_eq!(title.is_match(text), taken, "{text:?}");
        }
    }
}
