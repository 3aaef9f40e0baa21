//! Check 5, arithmetic: a calculation claim's `calc` is recomputed in
//! `Decimal` from its operands' stated values (in base units) and compared
//! with the claim's stated result within the rounding it wrote. Each operand
//! is checked against its own cell like a claim, so a wrong pointer and wrong
//! arithmetic are told apart.
//!
//! How the result is compared: a percentage claim ("7.2%") against the
//! result × 100; a claim with a scale word ("$300 million") against the
//! result in base units; a plain number against the result as a ratio, or in
//! the units of the first operand's table — whichever the claim can mean.

use rust_decimal::Decimal;

use super::value::within;
use super::{Check, Code, CodeDoc};
use crate::model::Amount;

/// The codes of this check, documented.
pub const DOCS: &[CodeDoc] = &[CodeDoc {
    code: Code::ArithmeticMismatch,
    check: Check::Arithmetic,
    what: "Recomputing the claim's calculation from its operands' stated values gives a result outside the rounding the claim wrote (\"7.7%\" covers 7.65–7.75%). Also raised when the calculation cannot be evaluated (an unknown operand, division by zero).",
    why: "Every input can be cited correctly and the arithmetic still be wrong; only recomputing shows it, and it costs no model call.",
    example: "\"Revenue grew 8.2% in 2024\" with calc `(r24 - r23) / r23` over 4,200 and 3,900 (7.69%).",
    route: "reanswer.",
}];

/// Whether a computed result (base units, or unitless for ratios) is the
/// stated amount within its rounding. `unit_scale` is the scale of the first
/// operand's table, for plain stated amounts.
pub fn result_matches(stated: &Amount, result: Decimal, unit_scale: Option<Decimal>) -> bool {
    let half = Decimal::new(5, stated.decimals.saturating_add(1).min(28));
    if stated.percent {
        return result
            .checked_mul(Decimal::ONE_HUNDRED)
            .is_some_and(|r| within(stated.value, half, r));
    }
    if let Some(scale) = stated.scale() {
        return match (stated.value.checked_mul(scale), half.checked_mul(scale)) {
            (Some(s), Some(h)) => within(s, h, result),
            _ => false,
        };
    }
    let as_ratio = within(stated.value, half, result);
    let as_amount = unit_scale.is_some_and(|scale| {
        match (stated.value.checked_mul(scale), half.checked_mul(scale)) {
            (Some(s), Some(h)) => within(s, h, result),
            _ => false,
        }
    });
    as_ratio || as_amount
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::value::parse_stated;

    fn value_of(text: &str) -> Amount {
        parse_stated(text).unwrap()
    }

    #[test]
    fn results_compare_as_the_claim_wrote_them() {
        let d = |s: &str| s.parse::<Decimal>().unwrap();
        let growth = d("300000000") / d("3900000000");
        assert!(result_matches(&value_of("7.7%"), growth, None));
        assert!(!result_matches(&value_of("8.2%"), growth, None));
        assert!(result_matches(&value_of("0.077"), growth, None));
        assert!(result_matches(
            &value_of("$300 million"),
            d("300000000"),
            None
        ));
        assert!(result_matches(
            &value_of("300"),
            d("300000000"),
            Some(d("1000000"))
        ));
        assert!(!result_matches(
            &value_of("310"),
            d("300000000"),
            Some(d("1000000"))
        ));
    }
}
