//! Country codes (ISO 3166-1 alpha-2), as the shop's settings, a delivery address and
//! the tax rates per country name them.

/// Every officially assigned alpha-2 code.
const CODES: &str = "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ \
    BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY \
    CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM \
    GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE \
    KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML \
    MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF \
    PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN \
    SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ \
    VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";

/// The refusal for anything else.
pub const COUNTRY_RULE: &str = "Use a two-letter country code such as GB";

/// Every assigned code, in order.
pub fn country_codes() -> impl Iterator<Item = &'static str> {
    CODES.split_ascii_whitespace()
}

/// `text` as a country code, uppercased, when it is one (spaces around it ignored).
pub fn parse_country(text: &str) -> Option<String> {
    let code = text.trim().to_ascii_uppercase();
    (code.len() == 2 && country_codes().any(|known| known == code)).then_some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_the_assigned_two_letter_ones_in_any_case() {
        assert_eq!(CODES.split_ascii_whitespace().count(), 249);
        assert_eq!(parse_country(" gb ").as_deref(), Some("GB"));
        assert_eq!(parse_country("DE").as_deref(), Some("DE"));
        for refused in ["UK", "EU", "G", "GBR", "", "XX", "G B"] {
            assert_eq!(parse_country(refused), None, "{refused}");
        }
    }
}
