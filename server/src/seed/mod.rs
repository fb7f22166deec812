//! Catalogues the shop can fill itself with: the demo shown by `make run`, and a
//! large synthetic one for load tests. Images are drawn here as SVG: nothing is downloaded.

pub mod art;
pub mod bench;
pub mod demo;
