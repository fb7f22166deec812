//! Catalogues the shop can fill itself with: the demo shown by `make run`, and a
//! large synthetic one for load tests. Images are drawn here as SVG: nothing is downloaded.

pub mod art;
pub mod bench;
pub mod demo;
pub mod demo_delivery;
pub mod demo_pages;
pub mod demo_trade;
mod demo_variants;

/// `{stem}-{hash of svg}.svg`: media are served as immutable for a year, so a drawing
/// that changes between releases must get a new path, never overwrite an old one.
pub fn content_path(stem: &str, svg: &str) -> String {
    format!(
        "{stem}-{}.svg",
        crate::domain::id::content_tag(svg.as_bytes())
    )
}
