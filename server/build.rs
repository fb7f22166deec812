// The storefront is embedded from ../web/dist (src/http/storefront.rs): rebuild when
// it changes, including when it first appears.
fn main() {
    println!("cargo:rerun-if-changed=../web/dist");
}
