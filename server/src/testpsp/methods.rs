//! Cards: tokenizing what the card fields post, and what charging each test card does.

use sqlx::Row;

use super::{new_ref, Psp, PspError};
use crate::domain::payment::{card_digits, Brand};

/// What charging a method does: Stripe's test cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Behaviour {
    Succeed,
    Declined,
    InsufficientFunds,
    Expired,
    IncorrectCvc,
    ThreeDSecure,
    /// Saves, then fails whenever it is charged.
    FailsWhenCharged,
}

impl Behaviour {
    fn of(digits: &str) -> Behaviour {
        match digits {
            "4000000000000002" => Behaviour::Declined,
            "4000000000009995" => Behaviour::InsufficientFunds,
            "4000000000000069" => Behaviour::Expired,
            "4000000000000127" => Behaviour::IncorrectCvc,
            "4000000000003220" => Behaviour::ThreeDSecure,
            "4000000000000341" => Behaviour::FailsWhenCharged,
            _ => Behaviour::Succeed,
        }
    }

    const ALL: [Behaviour; 7] = [
        Behaviour::Succeed,
        Behaviour::Declined,
        Behaviour::InsufficientFunds,
        Behaviour::Expired,
        Behaviour::IncorrectCvc,
        Behaviour::ThreeDSecure,
        Behaviour::FailsWhenCharged,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Behaviour::Succeed => "succeed",
            Behaviour::Declined => "declined",
            Behaviour::InsufficientFunds => "insufficient_funds",
            Behaviour::Expired => "expired_card",
            Behaviour::IncorrectCvc => "incorrect_cvc",
            Behaviour::ThreeDSecure => "three_d_secure",
            Behaviour::FailsWhenCharged => "fails_when_charged",
        }
    }

    pub(super) fn parse(text: &str) -> Option<Behaviour> {
        Behaviour::ALL.into_iter().find(|b| b.as_str() == text)
    }

    /// The refusal charging it meets, if any.
    pub(super) fn refusal(self) -> Option<PspError> {
        let (code, message) = match self {
            Behaviour::Succeed | Behaviour::ThreeDSecure => return None,
            Behaviour::Declined => ("card_declined", "Your card was declined."),
            Behaviour::InsufficientFunds => {
                ("insufficient_funds", "Your card has insufficient funds.")
            }
            Behaviour::Expired => ("expired_card", "Your card has expired."),
            Behaviour::IncorrectCvc => ("incorrect_cvc", "Your card's security code is incorrect."),
            Behaviour::FailsWhenCharged => ("processing_error", "Your card could not be charged."),
        };
        Some(PspError::new(code, message))
    }
}

/// What the tokenize endpoint is given: the card as typed. Its `Debug` shows no more
/// of the number than a receipt does, and nothing of the security code, so no log line
/// or error can carry them.
#[derive(Clone)]
pub struct CardInput {
    pub number: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub cvc: String,
    pub holder_name: String,
}

impl std::fmt::Debug for CardInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits: Vec<char> = self.number.chars().filter(char::is_ascii_digit).collect();
        let last4: String = digits[digits.len().saturating_sub(4)..].iter().collect();
        f.debug_struct("CardInput")
            .field("number", &format_args!("•••• {last4}"))
            .field("exp_month", &self.exp_month)
            .field("exp_year", &self.exp_year)
            .field("cvc", &"•••")
            .field("holder_name", &self.holder_name)
            .finish()
    }
}

/// A tokenized card: what anyone but the provider may know of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Method {
    pub id: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub holder_name: String,
    pub detached: bool,
}

impl Psp {
    /// Checks the card and keeps a token for it. Luhn failures and impossible expiry
    /// dates or security codes are refused here; a test card's outcome comes later,
    /// when it is charged.
    pub async fn tokenize(&self, card: CardInput) -> Result<Result<Method, PspError>, sqlx::Error> {
        let Some(digits) = card_digits(&card.number) else {
            return Ok(Err(PspError::new(
                "invalid_number",
                "Your card number is invalid.",
            )));
        };
        if !(1..=12).contains(&card.exp_month) {
            return Ok(Err(PspError::new(
                "invalid_expiry_month",
                "Your card's expiration month is invalid.",
            )));
        }
        let (year, month) = crate::domain::time::year_month(self.clock.now_ms());
        if !(2000..=2100).contains(&card.exp_year) {
            return Ok(Err(PspError::new(
                "invalid_expiry_year",
                "Your card's expiration year is invalid.",
            )));
        }
        if (card.exp_year, card.exp_month) < (year, month) {
            return Ok(Err(PspError::new(
                "invalid_expiry_year",
                "Your card's expiration date is in the past.",
            )));
        }
        let cvc_ok =
            (3..=4).contains(&card.cvc.len()) && card.cvc.bytes().all(|b| b.is_ascii_digit());
        if !cvc_ok {
            return Ok(Err(PspError::new(
                "invalid_cvc",
                "Your card's security code is invalid.",
            )));
        }
        let holder_name = card.holder_name.trim();
        if holder_name.is_empty() || holder_name.chars().count() > 100 {
            return Ok(Err(PspError::new(
                "invalid_name",
                "Enter the name on the card.",
            )));
        }
        let method = Method {
            id: new_ref("pm_test"),
            brand: Brand::of(&digits).as_str().to_string(),
            last4: digits[digits.len() - 4..].to_string(),
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            holder_name: holder_name.to_string(),
            detached: false,
        };
        sqlx::query(
            "INSERT INTO testpsp_methods (id, behaviour, brand, last4, exp_month, exp_year, holder_name, detached, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8)",
        )
        .bind(&method.id)
        .bind(Behaviour::of(&digits).as_str())
        .bind(&method.brand)
        .bind(&method.last4)
        .bind(method.exp_month)
        .bind(method.exp_year)
        .bind(&method.holder_name)
        .bind(self.clock.now_ms())
        .execute(self.db.writes())
        .await?;
        Ok(Ok(method))
    }

    pub async fn method(&self, id: &str) -> Result<Option<Method>, sqlx::Error> {
        sqlx::query(
            "SELECT id, brand, last4, exp_month, exp_year, holder_name, detached FROM testpsp_methods WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?
        .map(|row| {
            Ok(Method {
                id: row.try_get("id")?,
                brand: row.try_get("brand")?,
                last4: row.try_get("last4")?,
                exp_month: row.try_get("exp_month")?,
                exp_year: row.try_get("exp_year")?,
                holder_name: row.try_get("holder_name")?,
                detached: row.try_get::<i64, _>("detached")? == 1,
            })
        })
        .transpose()
    }

    /// The method can no longer be charged.
    pub async fn detach(&self, id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE testpsp_methods SET detached = 1 WHERE id = $1")
            .bind(id)
            .execute(self.db.writes())
            .await
            .map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_shown_for_debugging_keeps_its_number_and_code_to_itself() {
        let card = CardInput {
            number: "4242 4242 4242 4242".into(),
            exp_month: 12,
            exp_year: 2030,
            cvc: "987".into(),
            holder_name: "Ada Lovelace".into(),
        };
        let shown = format!("{card:?}");
        assert!(shown.contains("•••• 4242"), "{shown}");
        assert!(shown.contains("Ada Lovelace"), "{shown}");
        assert!(!shown.replace(' ', "").contains("42424242"), "{shown}");
        assert!(!shown.contains("987"), "{shown}");
        // A number too short to have four digits shows what it has, and nothing panics.
        let short = CardInput {
            number: "42".into(),
            ..card
        };
        assert!(format!("{short:?}").contains("•••• 42"));
    }
    #[test]
    fn stripe_test_numbers_choose_the_outcome() {
        assert_eq!(Behaviour::of("4242424242424242").refusal(), None);
        assert_eq!(
            Behaviour::of("4000000000000002").refusal().unwrap().message,
            "Your card was declined."
        );
        assert_eq!(
            Behaviour::of("4000000000009995").refusal().unwrap().code,
            "insufficient_funds"
        );
        assert_eq!(
            Behaviour::of("4000000000000069").refusal().unwrap().code,
            "expired_card"
        );
        assert_eq!(
            Behaviour::of("4000000000000127").refusal().unwrap().code,
            "incorrect_cvc"
        );
        assert_eq!(Behaviour::of("4000000000003220"), Behaviour::ThreeDSecure);
        assert_eq!(
            Behaviour::of("4000000000000341"),
            Behaviour::FailsWhenCharged
        );
        for behaviour in Behaviour::ALL {
            assert_eq!(Behaviour::parse(behaviour.as_str()), Some(behaviour));
        }
    }
}
