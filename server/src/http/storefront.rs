//! The React storefront, built by Vite into `web/dist`. Release builds embed it, so
//! the binary alone is the deployable; debug builds read the folder from disk.

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;
use serde_json::json;

use super::catalogue::{Product, ProductDetail};
use super::AppState;
use crate::domain::id::Id;
use crate::domain::pricing::price_at;
use crate::mail::templates::escape;
use crate::media::content_type;
use crate::store::catalogue::{CategoryTree, ProductRow, ShopProduct, VariantRow};

#[derive(RustEmbed)]
#[folder = "../web/dist"]
#[allow_missing = true]
struct Assets;

/// A file of the build, or for client routes (anything without an extension) the page of
/// their document: `admin.html` for the administrator's console, `index.html` for the shop.
///
/// The home page comes with its first banner's picture preloaded; a product's page
/// (`/product/{id}`) comes with what search engines and link previews
/// read in its `<head>` ([`product_head`]) and the product's own API answer, so the page
/// shows it without asking again; a category's listing (`/shop?category={id}`) with
/// its title and description ([`category_head`]); a page of the shop's own
/// (`/pages/{slug}`) with its title ([`page_head`]).
pub async fn serve(State(state): State<AppState>, uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty() {
        if let Some(file) = Assets::get(path) {
            // Vite fingerprints everything under assets/; other files may change between releases.
            let cache = if path.starts_with("assets/") {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            return file_response(file.data.into_owned(), content_type(path), cache);
        }
        let last = path.rsplit('/').next().unwrap_or(path);
        if last.contains('.') {
            return (StatusCode::NOT_FOUND, "Not found").into_response();
        }
    }
    let page = if is_console(path) {
        "admin.html"
    } else {
        "index.html"
    };
    match Assets::get(page) {
        Some(page) => {
            let mut html = page.data.into_owned();
            let head = match path {
                "" => home_of(&state).await,
                "shop" => category_of(&state, uri.query()).await,
                _ if path.starts_with("pages/") => page_of(&state, path).await,
                _ => product_of(&state, path).await,
            };
            let head = [head, currency_of(&state).await]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join("\n");
            if !head.is_empty() {
                html = with_head(&html, &head);
            }
            file_response(html, "text/html; charset=utf-8", "no-cache")
        }
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The storefront has not been built: run `make build` (or `npm run build` in web/).",
        )
            .into_response(),
    }
}

/// The shop's currency, when it names one, for the page's money formatter to read
/// before its first paint (`web/src/lib/format.ts`), with no request of its own. A
/// database failure serves the page without it (the spec's readings).
async fn currency_of(state: &AppState) -> Option<String> {
    match state.shop_settings.get().await {
        Ok(settings) => settings
            .currency
            .map(|c| format!("<meta name=\"shop-currency\" content=\"{}\">", c.code())),
        Err(e) => {
            tracing::warn!(error = %e, "the shop's settings could not be read");
            None
        }
    }
}

/// What the home page adds to its `<head>`: the first banner's picture, fetched with the
/// page ([`preload_image`]). A database failure serves the page without it.
async fn home_of(state: &AppState) -> Option<String> {
    match state.catalogue.banners().await {
        Ok(banners) => banners.first().map(|banner| preload_image(&banner.image)),
        Err(e) => {
            tracing::warn!(error = %e, "the home page's banners could not be read");
            None
        }
    }
}

/// Has the browser fetch stored picture `path` with the page, first: a page's largest
/// picture (the home page's first banner, a product's first photo), which it would
/// otherwise ask for only once the page's code has run and its API answer has come,
/// several round trips later on a phone's network.
fn preload_image(path: &str) -> String {
    format!(
        "<link rel=\"preload\" as=\"image\" href=\"{}\" fetchpriority=\"high\">",
        escape(&format!("/media/{path}"))
    )
}

/// The `<head>` of product page `path` (`product/{id}`), if it is one and the product
/// is in the shop. A database failure serves the page without it, as the page itself
/// still loads the product.
async fn product_of(state: &AppState, path: &str) -> Option<String> {
    let id = Id::parse(path.strip_prefix("product/")?)?;
    match state.catalogue.product_with_variants(&id).await {
        Ok(product) => {
            let ShopProduct {
                product, variants, ..
            } = product?;
            let now = state.clock.now_ms();
            let head = product_head(&product, &variants, &state.settings.public_url, now);
            let first_image = product.images.first().cloned();
            // What `GET /api/product/{id}` answers in `data`: the page starts from it.
            let answer = ProductDetail {
                product: Product::with_variants(product, variants, now),
            };
            let answer = serde_json::to_value(answer).unwrap_or_default();
            let preload = first_image
                .map(|path| preload_image(&path))
                .unwrap_or_default();
            Some(format!(
                "{head}\n{preload}\n<script id=\"product-data\" type=\"application/json\">{}</script>",
                script_json(&answer)
            ))
        }
        Err(e) => {
            tracing::warn!(error = %e, "a product page's head could not be read");
            None
        }
    }
}

/// The title of the shop's pages: `{page} | Shop`, or the shop's own for a page without
/// a name of its own (the home page). The storefront's `document.title` follows the same
/// rule (web/src/lib/page-title.ts); both run page-title-examples.json.
pub fn page_title(page: Option<&str>) -> String {
    match page.map(str::trim).filter(|page| !page.is_empty()) {
        Some(page) => format!("{page} | Shop"),
        None => "Shop: plumbing, heating and everyday supplies".to_string(),
    }
}

/// A category listing's page name: the category, or '{sub-category} – {category}'.
pub fn listing_name(category: &str, sub_category: Option<&str>) -> String {
    match sub_category {
        Some(sub) => format!("{sub} – {category}"),
        None => category.to_string(),
    }
}

/// A product page's title, description, canonical address, Open Graph and Twitter card
/// tags (with its first photo), and schema.org JSON-LD: a `Product` with its SKU, its
/// price now, in rupees, whether it is in stock, and its rating once it has reviews;
/// or, for a product with several `variants` (those in the shop), a `ProductGroup`
/// whose `hasVariant` holds each as such a `Product` and whose `variesBy` names its
/// options (docs/DESIGN.md §9). Every text is escaped for HTML, and the JSON for a
/// script element (no `<`, `>` or `&` in it), so a product's name cannot end the
/// element it is in.
pub fn product_head(
    product: &ProductRow,
    variants: &[VariantRow],
    public_url: &str,
    now: i64,
) -> String {
    let base = public_url.trim_end_matches('/');
    let url = format!("{base}/product/{}", product.id);
    let title = page_title(Some(&product.name));
    let description: String = product.description.chars().take(160).collect();
    let image = product
        .images
        .first()
        .map(|path| format!("{base}/media/{path}"));
    let images: Vec<String> = product
        .images
        .iter()
        .map(|path| format!("{base}/media/{path}"))
        .collect();
    let offer = |price, stock: i64, url: &str| {
        json!({
            "@type": "Offer",
            "url": url,
            "price": price_at(price, product.discount, now).discounted_price.to_string(),
            "priceCurrency": "INR",
            "availability": if stock > 0 { "https://schema.org/InStock" } else { "https://schema.org/OutOfStock" },
        })
    };
    let mut data = match variants {
        [_, _, ..] => json!({
            "@context": "https://schema.org",
            "@type": "ProductGroup",
            "name": product.name,
            "description": product.description,
            "url": url,
            "productGroupID": product.id,
            "image": images,
            "variesBy": product.options.iter().map(|o| varies_by(&o.name)).collect::<Vec<_>>(),
            "hasVariant": variants.iter().map(|variant| {
                let at = format!("{url}?variant={}", variant.id);
                let mut one = json!({
                    "@type": "Product",
                    "name": format!("{} ({})", product.name, variant.options.values().cloned().collect::<Vec<_>>().join(", ")),
                    "sku": variant.sku,
                    "offers": offer(variant.price, variant.stock, &at),
                });
                if let Some(path) = &variant.image {
                    one["image"] = json!(format!("{base}/media/{path}"));
                }
                for (name, value) in &variant.options {
                    if let Some(property) = varies_by(name).strip_prefix("https://schema.org/") {
                        one[property] = json!(value);
                    }
                }
                one
            }).collect::<Vec<_>>(),
        }),
        _ => json!({
            "@context": "https://schema.org",
            "@type": "Product",
            "name": product.name,
            "description": product.description,
            "sku": variants.first().map_or(product.id.as_str(), |v| v.sku.as_str()),
            "image": images,
            "offers": offer(product.price, product.stock, &url),
        }),
    };
    if product.review_count > 0 {
        data["aggregateRating"] = json!({
            "@type": "AggregateRating",
            "ratingValue": format!("{:.1}", product.rating_sum as f64 / product.review_count as f64),
            "reviewCount": product.review_count,
        });
    }
    let json_ld = script_json(&data);
    let mut head = page_tags(&title, &description, &url, "product", image.as_deref());
    head.push(format!(
        "<script type=\"application/ld+json\">{json_ld}</script>"
    ));
    head.join("\n")
}

/// What schema.org calls option `name` in `variesBy`: its own property where one fits
/// (size, colour), else the option's name.
fn varies_by(name: &str) -> String {
    match name.trim().to_lowercase().as_str() {
        "size" => "https://schema.org/size".into(),
        "color" | "colour" => "https://schema.org/color".into(),
        _ => name.to_string(),
    }
}

/// `value` as JSON that cannot end the script element it is in: no `<`, `>` or `&`.
fn script_json(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The `<head>` of the shop's listing for `query`'s category (and sub-category), if it
/// names one that exists. A database failure serves the page without it.
async fn category_of(state: &AppState, query: Option<&str>) -> Option<String> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query?).ok()?;
    let wanted = |name: &str| {
        pairs
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.clone())
    };
    let category = wanted("category")?;
    let sub_category = wanted("subCategory").or_else(|| wanted("subcategory"));
    let categories = match state.catalogue.categories().await {
        Ok(categories) => categories,
        Err(e) => {
            tracing::warn!(error = %e, "a category page's head could not be read");
            return None;
        }
    };
    let tree = categories.iter().find(|c| c.id == category)?;
    Some(category_head(
        tree,
        sub_category.as_deref(),
        &state.settings.public_url,
    ))
}

/// The `<head>` of the shop's page `path` (`pages/{slug}`), if it is one: the title
/// the storefront gives it ('{title} | Shop'). A database failure serves the page
/// without it, as the page itself still loads.
async fn page_of(state: &AppState, path: &str) -> Option<String> {
    let slug = path.strip_prefix("pages/")?;
    if !crate::domain::page::is_slug(slug) {
        return None;
    }
    match state.pages.page(slug).await {
        Ok(page) => Some(page_head(&page?.title, slug, &state.settings.public_url)),
        Err(e) => {
            tracing::warn!(error = %e, "a page's head could not be read");
            None
        }
    }
}

/// A shop's page's title, description, canonical address and card tags.
pub fn page_head(title: &str, slug: &str, public_url: &str) -> String {
    let base = public_url.trim_end_matches('/');
    let description = format!("{title}: plumbing, heating and everyday supplies.");
    let description: String = description.chars().take(160).collect();
    let url = format!("{base}/pages/{slug}");
    page_tags(
        &page_title(Some(title)),
        &description,
        &url,
        "website",
        None,
    )
    .join("\n")
}

/// A category listing's title ('{category} | Shop', or '{sub-category} – {category} |
/// Shop'), description (what it holds), canonical address and Open Graph and Twitter
/// card tags, every text escaped for HTML.
pub fn category_head(tree: &CategoryTree, sub_category: Option<&str>, public_url: &str) -> String {
    let base = public_url.trim_end_matches('/');
    let sub = sub_category.and_then(|id| tree.sub_categories.iter().find(|sub| sub.id == id));
    let (title, description, url) = match sub.map(|sub| (&sub.id, &sub.title)) {
        Some((sub_id, sub_title)) => (
            page_title(Some(&listing_name(&tree.title, Some(sub_title)))),
            format!(
                "{sub_title} in {}: plumbing, heating and everyday supplies.",
                tree.title
            ),
            format!("{base}/shop?category={}&subCategory={sub_id}", tree.id),
        ),
        None => {
            let titles: Vec<&str> = tree
                .sub_categories
                .iter()
                .map(|sub| sub.title.as_str())
                .collect();
            let holds = if titles.is_empty() {
                String::new()
            } else {
                format!(": {}", titles.join(", "))
            };
            (
                page_title(Some(&tree.title)),
                format!("{}{holds}.", tree.title),
                format!("{base}/shop?category={}", tree.id),
            )
        }
    };
    let description: String = description.chars().take(160).collect();
    page_tags(&title, &description, &url, "website", None).join("\n")
}

/// What every page the server describes carries in its `<head>`: its title, description,
/// canonical address, and Open Graph and Twitter card tags (with `image`, when it has
/// one), every text escaped for HTML.
fn page_tags(
    title: &str,
    description: &str,
    url: &str,
    og_type: &str,
    image: Option<&str>,
) -> Vec<String> {
    let (title, description, url) = (escape(title), escape(description), escape(url));
    let card = if image.is_some() {
        "summary_large_image"
    } else {
        "summary"
    };
    let mut tags = vec![
        format!("<title>{title}</title>"),
        format!("<meta name=\"description\" content=\"{description}\">"),
        format!("<link rel=\"canonical\" href=\"{url}\">"),
        format!("<meta property=\"og:type\" content=\"{og_type}\">"),
        format!("<meta property=\"og:title\" content=\"{title}\">"),
        format!("<meta property=\"og:description\" content=\"{description}\">"),
        format!("<meta property=\"og:url\" content=\"{url}\">"),
        format!("<meta name=\"twitter:card\" content=\"{card}\">"),
        format!("<meta name=\"twitter:title\" content=\"{title}\">"),
        format!("<meta name=\"twitter:description\" content=\"{description}\">"),
    ];
    if let Some(image) = image {
        let image = escape(image);
        tags.push(format!("<meta property=\"og:image\" content=\"{image}\">"));
        tags.push(format!("<meta name=\"twitter:image\" content=\"{image}\">"));
    }
    tags
}

/// `html` with `head` put before its `</head>`; when `head` brings a `<title>`, in place
/// of the page's own.
fn with_head(html: &[u8], head: &str) -> Vec<u8> {
    let html = String::from_utf8_lossy(html);
    let without_title = match (html.find("<title>"), html.find("</title>")) {
        (Some(start), Some(end)) if start < end && head.contains("<title>") => {
            format!("{}{}", &html[..start], &html[end + "</title>".len()..])
        }
        _ => html.into_owned(),
    };
    match without_title.find("</head>") {
        Some(at) => {
            format!("{}{head}\n{}", &without_title[..at], &without_title[at..]).into_bytes()
        }
        None => without_title.into_bytes(),
    }
}

/// The console's addresses (`path` without its leading slash): `/admin` and everything
/// under it. The console is a Vite entry of its own, so shoppers' pages carry none of it.
fn is_console(path: &str) -> bool {
    path == "admin" || path.starts_with("admin/")
}

fn file_response(body: Vec<u8>, content_type: &'static str, cache: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct TitleExample {
        page: Option<String>,
        category: Option<String>,
        sub_category: Option<String>,
        title: String,
    }

    #[derive(serde::Deserialize)]
    struct TitleExamples {
        examples: Vec<TitleExample>,
    }

    #[test]
    fn titles_shared_with_the_storefront_get_the_answers_in_its_table() {
        let table: TitleExamples = serde_json::from_str(include_str!(
            "../../../web/src/lib/page-title-examples.json"
        ))
        .expect("page-title-examples.json parses");
        assert!(table.examples.len() >= 6, "the table lost its examples");
        for example in &table.examples {
            let title = match &example.category {
                Some(category) => page_title(Some(&listing_name(
                    category,
                    example.sub_category.as_deref(),
                ))),
                None => page_title(example.page.as_deref()),
            };
            assert_eq!(title, example.title);
        }
    }

    fn fitting(options: Vec<crate::domain::variant::ProductOption>) -> ProductRow {
        use crate::domain::pricing::Discount;
        ProductRow {
            id: "65a1f0c2e4b0a1b2c3d4e5f6".into(),
            name: "Elbow".into(),
            description: "A compression elbow.".into(),
            price: crate::domain::Money::from_cents(400),
            discount: Discount {
                basis_points: 1_000,
                ends_at: None,
            },
            images: vec!["p/elbow.jpg".into()],
            stock: 10,
            category: ("c".into(), "Fittings".into()),
            sub_category: ("s".into(), "Elbows".into()),
            size: None,
            color: None,
            featured: false,
            rating_sum: 0,
            review_count: 0,
            created_at: 0,
            archived_at: None,
            version: 1,
            options,
            sale: Default::default(),
            max_price: crate::domain::Money::from_cents(700),
            tax_class: crate::domain::tax::TaxClass::Standard,
        }
    }

    fn variant(id: &str, sku: &str, values: &[(&str, &str)], cents: i64, stock: i64) -> VariantRow {
        VariantRow {
            id: id.into(),
            product_id: "65a1f0c2e4b0a1b2c3d4e5f6".into(),
            sku: sku.into(),
            options: values
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            price: crate::domain::Money::from_cents(cents),
            stock,
            weight_grams: None,
            image: None,
            position: 0,
            archived_at: None,
        }
    }

    fn json_ld(head: &str) -> serde_json::Value {
        let start = head
            .find("<script type=\"application/ld+json\">")
            .expect("JSON-LD")
            + "<script type=\"application/ld+json\">".len();
        let end = start + head[start..].find("</script>").expect("its end");
        serde_json::from_str(&head[start..end]).expect("it parses")
    }

    #[test]
    fn a_product_with_variants_is_a_product_group_of_its_variants() {
        use crate::domain::variant::ProductOption;
        let options = vec![
            ProductOption {
                name: "Size".into(),
                values: vec!["15 mm".into(), "22 mm".into()],
            },
            ProductOption {
                name: "Finish".into(),
                values: vec!["Brass".into()],
            },
        ];
        let variants = [
            variant(
                "a1",
                "EL-15/BR",
                &[("Finish", "Brass"), ("Size", "15 mm")],
                400,
                10,
            ),
            variant(
                "a2",
                "EL-22/BR",
                &[("Finish", "Brass"), ("Size", "22 mm")],
                700,
                0,
            ),
        ];
        let data = json_ld(&product_head(
            &fitting(options),
            &variants,
            "https://shop.example",
            0,
        ));
        assert_eq!(data["@type"], "ProductGroup");
        assert_eq!(data["productGroupID"], "65a1f0c2e4b0a1b2c3d4e5f6");
        assert_eq!(
            data["variesBy"],
            json!(["https://schema.org/size", "Finish"])
        );
        let has = data["hasVariant"].as_array().expect("its variants");
        assert_eq!(has.len(), 2);
        assert_eq!(has[0]["@type"], "Product");
        assert_eq!(has[0]["sku"], "EL-15/BR");
        assert_eq!(has[0]["size"], "15 mm");
        assert_eq!(has[0]["offers"]["price"], "3.60");
        assert_eq!(
            has[0]["offers"]["url"],
            "https://shop.example/product/65a1f0c2e4b0a1b2c3d4e5f6?variant=a1"
        );
        assert_eq!(
            has[0]["offers"]["availability"],
            "https://schema.org/InStock"
        );
        assert_eq!(
            has[1]["offers"]["availability"],
            "https://schema.org/OutOfStock"
        );
    }

    #[test]
    fn a_product_with_one_variant_stays_a_product_with_its_sku() {
        let one = [variant("a1", "ELBOW-1", &[], 400, 10)];
        let data = json_ld(&product_head(
            &fitting(Vec::new()),
            &one,
            "https://shop.example",
            0,
        ));
        assert_eq!(data["@type"], "Product");
        assert_eq!(data["sku"], "ELBOW-1");
        assert_eq!(data["offers"]["price"], "3.60");
        assert!(data.get("hasVariant").is_none());
        assert_eq!(varies_by("Colour"), "https://schema.org/color");
        assert_eq!(varies_by("color"), "https://schema.org/color");
    }
}
