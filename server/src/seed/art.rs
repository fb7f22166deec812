//! Product and banner drawings as SVG: a simple picture of the product type in its
//! colour, on a soft square card, so every product card looks tidy.

/// The kinds of thing the shop sells, as far as drawing them goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Faucet,
    Wrench,
    Cutter,
    Valve,
    Elbow,
    Tee,
    Pipe,
    Drain,
    ShowerHead,
    Hose,
    Radiator,
    Thermostat,
    Boiler,
    Tape,
    Bulb,
    Battery,
    Cartridge,
    Gloves,
    Book,
}

impl Kind {
    pub fn slug(self) -> &'static str {
        match self {
            Kind::Faucet => "faucet",
            Kind::Wrench => "wrench",
            Kind::Cutter => "cutter",
            Kind::Valve => "valve",
            Kind::Elbow => "elbow",
            Kind::Tee => "tee",
            Kind::Pipe => "pipe",
            Kind::Drain => "drain",
            Kind::ShowerHead => "shower-head",
            Kind::Hose => "hose",
            Kind::Radiator => "radiator",
            Kind::Thermostat => "thermostat",
            Kind::Boiler => "boiler",
            Kind::Tape => "tape",
            Kind::Bulb => "bulb",
            Kind::Battery => "battery",
            Kind::Cartridge => "cartridge",
            Kind::Gloves => "gloves",
            Kind::Book => "book",
        }
    }
}

/// Card backgrounds, one per image of a product, so its gallery shows distinct views.
const BACKDROPS: [(&str, &str); 4] = [
    ("#f6f8fb", "#e6ebf2"),
    ("#fbf7f1", "#efe6d8"),
    ("#f2f8f5", "#dfece5"),
    ("#f7f5fb", "#e7e2f1"),
];

/// A product picture: `variant` 0 is the front view, 1 a close-up, 2 a tilted view,
/// 3 the item beside its box.
pub fn product_svg(kind: Kind, color: &str, variant: usize) -> String {
    let (top, bottom) = BACKDROPS[variant % BACKDROPS.len()];
    let body = drawing(kind, "url(#finish)", color);
    let placed = match variant % 4 {
        0 => body,
        1 => format!(
            r##"<g transform="translate(200 200) scale(1.22) translate(-200 -195)">{body}</g>"##
        ),
        2 => format!(r##"<g transform="rotate(-14 200 200)">{body}</g>"##),
        _ => format!(
            r##"<rect x="238" y="130" width="120" height="170" rx="10" fill="#d9c3a0"/><rect x="238" y="130" width="120" height="30" rx="10" fill="#c7ad85"/><rect x="262" y="190" width="72" height="50" rx="6" fill="#fff" opacity=".75"/><g transform="translate(-60 20) scale(.8) translate(50 50)">{body}</g>"##
        ),
    };
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="800" height="800"><defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/></linearGradient><linearGradient id="finish" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{light}"/><stop offset=".55" stop-color="{color}"/><stop offset="1" stop-color="{dark}"/></linearGradient></defs><rect width="400" height="400" fill="url(#bg)"/><ellipse cx="200" cy="330" rx="120" ry="14" fill="#000" opacity=".08"/>{placed}</svg>"##,
        light = shade(color, 0.45),
        dark = shade(color, -0.35),
    )
}

/// A wide banner: headline, line of text and a product drawing on a coloured field.
pub fn banner_svg(headline: &str, line: &str, kind: Kind, field: &str, color: &str) -> String {
    let body = drawing(kind, "url(#finish)", color);
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 500" width="1600" height="500"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{field}"/><stop offset="1" stop-color="{field_dark}"/></linearGradient><linearGradient id="finish" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{light}"/><stop offset=".55" stop-color="{color}"/><stop offset="1" stop-color="{dark}"/></linearGradient></defs><rect width="1600" height="500" fill="url(#bg)"/><circle cx="1250" cy="250" r="210" fill="#fff" opacity=".12"/><text x="110" y="215" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="72" font-weight="700" fill="#fff">{headline}</text><text x="112" y="290" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="34" fill="#fff" opacity=".9">{line}</text><rect x="112" y="335" width="210" height="62" rx="31" fill="#fff"/><text x="217" y="376" text-anchor="middle" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="26" font-weight="600" fill="{field_dark}">Shop now</text><g transform="translate(1050 50) scale(1.05)">{body}</g></svg>"##,
        field_dark = shade(field, -0.3),
        light = shade(color, 0.45),
        dark = shade(color, -0.35),
    )
}

/// The shapes of one kind of product, filled with `fill`, drawn in a 400 × 400 box.
fn drawing(kind: Kind, fill: &str, color: &str) -> String {
    let shine = r##"fill="#fff" opacity=".35""##;
    let dark = shade(color, -0.45);
    match kind {
        Kind::Faucet => format!(
            r##"<rect x="150" y="292" width="130" height="26" rx="8" fill="{fill}"/><rect x="185" y="150" width="60" height="150" rx="18" fill="{fill}"/><path d="M215 170 Q215 100 150 100 L118 100" fill="none" stroke="{fill}" stroke-width="30" stroke-linecap="round"/><rect x="200" y="118" width="100" height="18" rx="9" fill="{fill}" transform="rotate(-18 215 127)"/><rect x="195" y="165" width="10" height="120" rx="5" {shine}/><path d="M112 130 q8 14 0 22 q-8 -8 0 -22z" fill="#6bb7ff"/>"##
        ),
        Kind::Wrench => format!(
            r##"<g transform="rotate(-40 200 200)"><rect x="185" y="150" width="34" height="210" rx="12" fill="{fill}"/><path d="M150 70 h100 v70 h-40 v-30 h-20 v30 h-40z" fill="{fill}"/><rect x="165" y="140" width="74" height="26" rx="6" fill="{dark}"/><rect x="192" y="180" width="8" height="160" rx="4" {shine}/></g>"##
        ),
        Kind::Cutter => format!(
            r##"<circle cx="200" cy="170" r="80" fill="none" stroke="{fill}" stroke-width="28"/><circle cx="200" cy="170" r="30" fill="{dark}"/><rect x="186" y="240" width="28" height="95" rx="10" fill="{fill}"/><rect x="170" y="320" width="60" height="20" rx="8" fill="{dark}"/><path d="M200 90 l18 40 h-36z" fill="{dark}"/>"##
        ),
        Kind::Valve => format!(
            r##"<rect x="60" y="200" width="280" height="56" rx="10" fill="{fill}"/><rect x="60" y="194" width="26" height="68" rx="6" fill="{dark}"/><rect x="314" y="194" width="26" height="68" rx="6" fill="{dark}"/><circle cx="200" cy="228" r="62" fill="{fill}"/><rect x="190" y="130" width="20" height="50" fill="{dark}"/><rect x="120" y="112" width="160" height="26" rx="13" fill="{dark}"/><rect x="80" y="210" width="240" height="8" rx="4" {shine}/>"##
        ),
        Kind::Elbow => format!(
            r##"<path d="M110 320 L110 220 Q110 130 200 130 L300 130" fill="none" stroke="{fill}" stroke-width="70"/><rect x="70" y="300" width="80" height="34" rx="6" fill="{dark}"/><rect x="286" y="90" width="34" height="80" rx="6" fill="{dark}"/><path d="M92 300 L92 225 Q92 112 200 112" fill="none" stroke="#fff" stroke-width="8" opacity=".35"/>"##
        ),
        Kind::Tee => format!(
            r##"<rect x="60" y="170" width="280" height="72" rx="8" fill="{fill}"/><rect x="164" y="206" width="72" height="124" rx="8" fill="{fill}"/><rect x="50" y="162" width="34" height="88" rx="6" fill="{dark}"/><rect x="316" y="162" width="34" height="88" rx="6" fill="{dark}"/><rect x="156" y="306" width="88" height="34" rx="6" fill="{dark}"/><rect x="90" y="180" width="220" height="10" rx="5" {shine}/>"##
        ),
        Kind::Pipe => format!(
            r##"<rect x="50" y="120" width="300" height="44" rx="22" fill="{fill}"/><rect x="50" y="186" width="300" height="44" rx="22" fill="{fill}"/><rect x="50" y="252" width="300" height="44" rx="22" fill="{fill}"/><ellipse cx="64" cy="142" rx="10" ry="20" fill="{dark}"/><ellipse cx="64" cy="208" rx="10" ry="20" fill="{dark}"/><ellipse cx="64" cy="274" rx="10" ry="20" fill="{dark}"/><rect x="80" y="128" width="250" height="8" rx="4" {shine}/>"##
        ),
        Kind::Drain => format!(
            r##"<circle cx="200" cy="200" r="120" fill="{fill}"/><circle cx="200" cy="200" r="92" fill="{dark}"/><g fill="{fill}"><rect x="120" y="150" width="160" height="12" rx="6"/><rect x="110" y="178" width="180" height="12" rx="6"/><rect x="106" y="206" width="188" height="12" rx="6"/><rect x="112" y="234" width="176" height="12" rx="6"/></g><circle cx="160" cy="140" r="16" {shine}/>"##
        ),
        Kind::ShowerHead => format!(
            r##"<path d="M330 60 L330 120 Q330 150 300 150 L250 150" fill="none" stroke="{fill}" stroke-width="22" stroke-linecap="round"/><ellipse cx="190" cy="200" rx="110" ry="70" fill="{fill}"/><ellipse cx="190" cy="212" rx="92" ry="50" fill="{dark}"/><g fill="#cfe7ff"><circle cx="150" cy="205" r="5"/><circle cx="175" cy="215" r="5"/><circle cx="200" cy="205" r="5"/><circle cx="225" cy="215" r="5"/><circle cx="162" cy="228" r="5"/><circle cx="212" cy="228" r="5"/></g><g stroke="#6bb7ff" stroke-width="4" stroke-linecap="round" opacity=".7"><path d="M150 265 l-10 45"/><path d="M190 270 l0 50"/><path d="M230 265 l10 45"/></g>"##
        ),
        Kind::Hose => format!(
            r##"<g fill="none" stroke="{fill}" stroke-width="22"><circle cx="200" cy="200" r="110"/><circle cx="200" cy="200" r="78"/><circle cx="200" cy="200" r="46"/></g><rect x="296" y="188" width="70" height="26" rx="6" fill="{dark}"/><circle cx="160" cy="120" r="10" {shine}/>"##
        ),
        Kind::Radiator => {
            let columns: String = (0..7)
                .map(|i| {
                    format!(
                        r##"<rect x="{}" y="100" width="30" height="210" rx="14" fill="{fill}"/>"##,
                        78 + i * 36
                    )
                })
                .collect();
            format!(
                r##"<rect x="70" y="118" width="260" height="16" fill="{dark}"/><rect x="70" y="278" width="260" height="16" fill="{dark}"/>{columns}<rect x="60" y="300" width="14" height="30" fill="{dark}"/><rect x="326" y="300" width="14" height="30" fill="{dark}"/><rect x="86" y="108" width="8" height="190" rx="4" {shine}/>"##
            )
        }
        Kind::Thermostat => format!(
            r##"<rect x="90" y="90" width="220" height="220" rx="40" fill="{fill}"/><circle cx="200" cy="200" r="78" fill="{dark}"/><circle cx="200" cy="200" r="62" fill="#1f2933"/><text x="200" y="218" text-anchor="middle" font-family="system-ui, sans-serif" font-size="46" font-weight="700" fill="#8fd3ff">21°</text><circle cx="200" cy="112" r="6" fill="#ff8a3d"/>"##
        ),
        Kind::Boiler => format!(
            r##"<rect x="110" y="60" width="180" height="240" rx="16" fill="{fill}"/><rect x="135" y="200" width="130" height="70" rx="8" fill="{dark}"/><circle cx="165" cy="235" r="14" fill="#e9eef4"/><circle cx="235" cy="235" r="14" fill="#e9eef4"/><rect x="180" y="222" width="40" height="24" rx="4" fill="#8fd3ff"/><g fill="#9aa4ae"><rect x="140" y="300" width="16" height="40"/><rect x="180" y="300" width="16" height="40"/><rect x="220" y="300" width="16" height="40"/></g><rect x="122" y="72" width="10" height="200" rx="5" {shine}/>"##
        ),
        Kind::Tape => format!(
            r##"<circle cx="200" cy="200" r="120" fill="{fill}"/><circle cx="200" cy="200" r="58" fill="#f1f3f6"/><circle cx="200" cy="200" r="58" fill="none" stroke="{dark}" stroke-width="8"/><path d="M320 200 L360 330 L300 330 L286 260" fill="{fill}" opacity=".9"/><circle cx="150" cy="140" r="18" {shine}/>"##
        ),
        Kind::Bulb => format!(
            r##"<circle cx="200" cy="160" r="95" fill="{fill}"/><path d="M150 225 Q165 260 165 280 L235 280 Q235 260 250 225z" fill="{fill}"/><rect x="160" y="280" width="80" height="50" rx="8" fill="#9aa4ae"/><g stroke="#7d8791" stroke-width="5"><path d="M160 295 h80"/><path d="M160 312 h80"/></g><circle cx="165" cy="120" r="22" {shine}/>"##
        ),
        Kind::Book => format!(
            r##"<rect x="110" y="80" width="190" height="250" rx="10" fill="{fill}"/><rect x="110" y="80" width="34" height="250" rx="8" fill="{dark}"/><g fill="#fff" opacity=".85"><rect x="168" y="128" width="108" height="16" rx="8"/><rect x="168" y="160" width="78" height="10" rx="5"/><rect x="168" y="270" width="60" height="8" rx="4"/></g><rect x="296" y="90" width="10" height="232" rx="4" fill="#f1f3f6"/><rect x="156" y="96" width="120" height="10" rx="5" {shine}/>"##
        ),
        Kind::Battery => format!(
            r##"<rect x="90" y="150" width="220" height="110" rx="18" fill="{fill}"/><rect x="310" y="182" width="22" height="46" rx="6" fill="{dark}"/><rect x="90" y="150" width="80" height="110" rx="18" fill="{dark}"/><g fill="#fff"><rect x="238" y="196" width="36" height="10" rx="3"/><rect x="251" y="183" width="10" height="36" rx="3"/></g><rect x="110" y="162" width="180" height="10" rx="5" {shine}/>"##
        ),
        Kind::Cartridge => format!(
            r##"<g transform="rotate(-30 200 200)"><rect x="90" y="160" width="200" height="80" rx="12" fill="{fill}"/><path d="M290 182 L360 196 L360 204 L290 218z" fill="{dark}"/><rect x="60" y="170" width="34" height="60" rx="6" fill="{dark}"/><rect x="110" y="172" width="160" height="10" rx="5" fill="#fff" opacity=".35"/></g>"##
        ),
        Kind::Gloves => format!(
            r##"<path d="M130 330 L130 200 Q130 180 145 180 L145 110 Q145 95 158 95 Q170 95 170 110 L170 170 L175 90 Q176 75 190 75 Q203 76 202 92 L200 170 L208 100 Q210 86 224 88 Q236 90 234 104 L226 180 L240 140 Q246 128 258 132 Q270 137 264 152 L238 250 L238 330z" fill="{fill}"/><rect x="128" y="300" width="112" height="34" rx="6" fill="{dark}"/>"##
        ),
    }
}

/// `color` lightened (amount > 0) or darkened (amount < 0) by `amount` (−1 to 1).
pub fn shade(color: &str, amount: f64) -> String {
    let hex = color.trim_start_matches('#');
    let channel =
        |i: usize| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("80"), 16).unwrap_or(128) as f64;
    let adjust = |c: f64| {
        let v = if amount >= 0.0 {
            c + (255.0 - c) * amount
        } else {
            c * (1.0 + amount)
        };
        v.round().clamp(0.0, 255.0) as u8
    };
    format!(
        "#{:02x}{:02x}{:02x}",
        adjust(channel(0)),
        adjust(channel(2)),
        adjust(channel(4))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shade_lightens_and_darkens() {
        assert_eq!(shade("#808080", 0.5), "#c0c0c0");
        assert_eq!(shade("#808080", -0.5), "#404040");
        assert_eq!(shade("#000000", 1.0), "#ffffff");
    }

    #[test]
    fn every_kind_draws_a_complete_svg() {
        for kind in [Kind::Faucet, Kind::Radiator, Kind::Thermostat, Kind::Gloves] {
            for variant in 0..4 {
                let svg = product_svg(kind, "#c0c4cc", variant);
                assert!(
                    svg.starts_with("<svg") && svg.ends_with("</svg>"),
                    "{kind:?} {variant}"
                );
                assert!(!svg.contains("<script"));
            }
        }
    }
}
