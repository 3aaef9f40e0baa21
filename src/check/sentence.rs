//! The claim's sentence against what the claim checks. An answer shows its
//! reader the sentence; the checks hold the `value` to the cite. When the
//! two say different numbers, the answer says one thing and checks another
//! ("Revenue climbed to $4.3 billion" with the value "$4.2 billion"): a
//! `value_mismatch`. When a claim gives no value, the amount its sentence
//! states is checked in its place, and the claim, not having said which
//! number it holds to its cite, goes to a person (`no_checkable_claim`).
//!
//! Amounts are read from the sentence as people write them (`crate::prose`):
//! "$9.9 billion", "46.7%", "8 per cent", "negative $9 million", "four point
//! three billion", bare integers; not years, dates, spans or labels. An
//! amount written as a bound ("over $4 billion") states no value and is not
//! compared.
//!
//! A sentence that says its measure rose or fell ("Operating income fell to
//! $25.0 million in Q3 2024") says it against the same span a year earlier.
//! When the cited cell's row holds that period, the two cells must move the
//! way the sentence says; otherwise the claim is a `value_mismatch`, the
//! number right and the sentence about it wrong. Without a year-earlier
//! cell in the row nothing is compared (a judge may still read it).

use rust_decimal::Decimal;

use super::{Code, Finding, Route};
use crate::model::{Amount, Cell};
use crate::period::{Agreement, periods_agree};
use crate::prose::{Hedge, Written, amounts_in, same_number};
use crate::vocab::Vocab;

/// Words saying a measure went up.
const RISE: &[&str] = &[
    "rose",
    "risen",
    "rise",
    "rises",
    "increased",
    "increase",
    "increases",
    "grew",
    "grow",
    "grows",
    "climbed",
    "climbs",
    "jumped",
    "jumps",
    "surged",
    "soared",
    "improved",
    "gained",
    "higher",
];

/// Words saying a measure went down.
const FALL: &[&str] = &[
    "fell",
    "fallen",
    "fall",
    "falls",
    "declined",
    "decline",
    "declines",
    "decreased",
    "decrease",
    "decreases",
    "dropped",
    "drops",
    "drop",
    "slipped",
    "slid",
    "shrank",
    "eased",
    "plunged",
    "lower",
];

/// The way a sentence says its measure moved: `Some(true)` up, `Some(false)`
/// down, `None` when it says neither or both.
pub fn stated_move(text: &str) -> Option<bool> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .filter(|w| !w.is_empty())
        .collect();
    let up = words.iter().any(|w| RISE.contains(w));
    let down = words.iter().any(|w| FALL.contains(w));
    match (up, down) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// A finding when the sentence says the measure rose (or fell) and the
/// cited cell's row holds the same span a year earlier, which the cell did
/// not rise above (or fall below).
pub fn move_contradicted(text: &str, cell: &Cell<'_>, vocab: &Vocab) -> Option<Finding> {
    let up = stated_move(text)?;
    let roles = super::role::roles_of(cell.table(), vocab);
    let own = super::role::cell_periods(cell, roles).into_iter().next()?;
    let prior = super::formula::year_before(&own)?;
    let row = cell.coord().row;
    let earlier: Vec<Cell<'_>> = cell
        .table()
        .cells()
        .filter(|c| c.coord().row == row && c.coord().col != cell.coord().col && !c.dash())
        .filter(|c| {
            super::role::cell_periods(c, roles)
                .first()
                .is_some_and(|p| periods_agree(&prior, p) == Agreement::Yes)
        })
        .collect();
    let [before] = earlier.as_slice() else {
        return None;
    };
    let (now, then) = (cell.value(), before.value());
    // An income turned loss (or back) is no rise or fall of one amount.
    if now.is_zero() || then.is_zero() || now.is_sign_negative() != then.is_sign_negative() {
        return None;
    }
    let rose = now.abs() > then.abs();
    let fell = now.abs() < then.abs();
    if (up && !fell) || (!up && !rose) {
        return None;
    }
    Some(Finding::new(
        Code::ValueMismatch,
        Route::Reanswer,
        format!(
            "the sentence says the figure {}, but {} holds {} against {} for {prior} at {}: it {}",
            if up { "rose" } else { "fell" },
            cell.reference(),
            cell.text().trim(),
            before.text().trim(),
            before.reference(),
            if rose { "rose" } else { "fell" },
        ),
    ))
}

/// The amounts a sentence states as values (bounds left out).
pub fn stated_in(text: &str) -> Vec<Written> {
    amounts_in(text)
        .into_iter()
        .filter(|w| w.hedge != Hedge::Bound)
        .collect()
}

/// A finding when the sentence states amounts of the value's kind (a
/// percentage, or not) and none of them is the value. `unit_scale` is the
/// scale of the table the value was checked in (a plain value is in its
/// units).
pub fn disagreement(
    text: &str,
    stated: &Amount,
    written: &str,
    unit_scale: Option<Decimal>,
) -> Option<Finding> {
    let amounts = stated_in(text);
    let same_kind: Vec<&Written> = amounts
        .iter()
        .filter(|w| w.amount.percent == stated.percent && !w.amount.dash)
        .collect();
    if same_kind.is_empty() || stated.dash {
        return None;
    }
    if same_kind
        .iter()
        .any(|w| same_number(&w.amount, stated, unit_scale))
    {
        return None;
    }
    let said: Vec<&str> = same_kind.iter().map(|w| w.text(text)).collect();
    Some(Finding::new(
        Code::ValueMismatch,
        Route::Reanswer,
        format!(
            "the sentence states {}, but the claim's value is {written}: the answer says one number and checks another",
            said.join(", ")
        ),
    ))
}

/// The `no_checkable_claim` of a claim that gives no value: its sentence
/// states `amount` (checked in its place, `checked`), or states nothing and
/// the claim is a calculation.
pub fn unheld(sentence: &str, amount: Option<&Written>, calc: bool) -> Option<Finding> {
    let message = match amount {
        Some(w) => format!(
            "the claim's sentence states {:?} but the claim gives no \"value\": {} was checked in its place, but the claim does not say which number it holds to its cite",
            w.text(sentence),
            if calc { "its calculation" } else { "its cite" }
        ),
        None if calc => "the calculation states no result: the claim gives no \"value\" and its sentence states none, so nothing holds the calculation to a number".to_string(),
        None => return None,
    };
    Some(Finding::new(Code::NoCheckableClaim, Route::Review, message))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::value::parse_stated;

    fn disagrees(text: &str, value: &str, scale: Option<i64>) -> bool {
        disagreement(
            text,
            &parse_stated(value).unwrap(),
            value,
            scale.map(Decimal::from),
        )
        .is_some()
    }

    #[test]
    fn the_sentence_must_state_the_value() {
        let million = Some(1_000_000);
        assert!(disagrees(
            "Revenue climbed to $4.3 billion in 2024.",
            "$4.2 billion",
            million
        ));
        assert!(!disagrees(
            "Revenue climbed to $4.2 billion in 2024.",
            "$4.2 billion",
            million
        ));
        assert!(!disagrees(
            "Revenue was $4,200 million in 2024.",
            "4,200",
            million
        ));
        assert!(!disagrees(
            "Revenue was $4.2 billion in 2024.",
            "4,200",
            million
        ));
        assert!(disagrees(
            "Revenue was $4.3 billion in 2024.",
            "4,200",
            million
        ));
        assert!(!disagrees(
            "Net income rose 17.6% to $447 million, or $2.33 per diluted share.",
            "$447 million",
            million
        ));
        assert!(!disagrees(
            "Other expense, net of $9 million in 2023.",
            "$(9) million",
            million
        ));
        assert!(!disagrees("Gross margin was 40.0% in 2024.", "40.0%", None));
        assert!(disagrees("Gross margin was 40.0% in 2024.", "44.0%", None));
        // Another kind of number says nothing about the value.
        assert!(!disagrees(
            "Revenue grew 7.7% in 2024.",
            "$4.2 billion",
            million
        ));
        // A bound is not a value.
        assert!(!disagrees(
            "Revenue exceeded $4 billion in 2024.",
            "$4.2 billion",
            million
        ));
        // The year is not an amount.
        assert!(!disagrees("In 2024 revenue was 4,200.", "4,200", million));
        assert!(!disagrees("Restructuring charges in Q3 2024: -", "-", None));
    }

    #[test]
    fn a_sentence_says_which_way_its_measure_moved() {
        assert_eq!(
            stated_move("Operating income fell to $25.0 million."),
            Some(false)
        );
        assert_eq!(
            stated_move("Revenue rose 7.7% to $4.2 billion."),
            Some(true)
        );
        assert_eq!(stated_move("Revenue was $4.2 billion."), None);
        assert_eq!(stated_move("Costs rose while margins fell."), None);
    }

    #[test]
    fn a_claim_without_value_is_not_accepted_on_its_sentence() {
        let text = "Acme's SG&A was $588 million in 2024.";
        let found = stated_in(text);
        let f = unheld(text, found.first(), false).unwrap();
        assert_eq!(f.code, Code::NoCheckableClaim);
        assert!(f.message.contains("$588 million"), "{}", f.message);
        assert!(unheld("Acme grew strongly.", None, false).is_none());
        assert!(unheld("Operating margin improved.", None, true).is_some());
    }
}
