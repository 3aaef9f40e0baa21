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

use rust_decimal::Decimal;

use super::{Code, Finding, Route};
use crate::model::Amount;
use crate::prose::{Hedge, Written, amounts_in, same_number};

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
    disagreement_among(text, &stated_in(text), stated, written, unit_scale)
}

/// [`disagreement`] with the sentence's amounts already read
/// (`stated_in(text)`).
pub fn disagreement_among(
    text: &str,
    amounts: &[Written],
    stated: &Amount,
    written: &str,
    unit_scale: Option<Decimal>,
) -> Option<Finding> {
    let same_kind: Vec<&Written> = amounts
        .iter()
        .filter(|w| w.amount.percent == stated.percent && !w.amount.dash)
        .collect();
    if same_kind.is_empty() || stated.dash {
        return None;
    }
    if same_kind.iter().any(|w| {
        same_number(&w.amount, stated, unit_scale)
            || in_hundredths(text, w).is_some_and(|a| same_number(&a, stated, unit_scale))
    }) {
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

/// An amount the sentence writes in hundredths of a currency ("70.5 cents
/// per diluted share", "34 pence"): what it is worth in the currency.
fn in_hundredths(text: &str, written: &Written) -> Option<Amount> {
    let after = text.get(written.end..)?.trim_start();
    let unit: String = after
        .chars()
        .take_while(|c| c.is_alphabetic() || *c == '¢')
        .collect();
    matches!(
        unit.to_lowercase().as_str(),
        "cents" | "cent" | "pence" | "¢"
    )
    .then(|| super::value::parse_stated(&format!("{} {unit}", written.text(text))))
    .flatten()
}

/// The `contradicted` finding when the sentence puts a change in a year
/// that is not the change's later one: "Revenue grew 7.7% in 2023" under
/// the role "Revenue growth, 2024 vs 2023". Only a year the sentence writes
/// as the change's own ("in", "during", "for" it), not as its base ("from
/// 2023", "over 2023").
pub fn change_year(sentence: &str, change: &crate::model::Period) -> Option<Finding> {
    static IN_YEAR: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)(?:\b(\w+)\s+)?\b(?:in|during|for)\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?|fy\s?|calendar\s+(?:year\s+)?)?((?:19|20)\d{2})\b",
        )
        .ok()
    });
    let crate::model::Period::Change {
        from: Some(from),
        to: Some(to),
        ..
    } = change
    else {
        return None;
    };
    let (later, earlier) = (to.year()?, from.year()?);
    if later == earlier {
        return None;
    }
    // "higher than in 2023", "compared with in 2023": the base again.
    let base_word = |w: &str| {
        matches!(
            w.to_ascii_lowercase().as_str(),
            "than" | "with" | "to" | "versus" | "vs" | "over" | "from" | "since" | "against"
        )
    };
    let years: Vec<i16> = IN_YEAR
        .as_ref()?
        .captures_iter(sentence)
        .filter(|c| !c.get(1).is_some_and(|w| base_word(w.as_str())))
        .filter_map(|c| c.get(2)?.as_str().parse().ok())
        .collect();
    if years.is_empty() || years.contains(&later) || !years.iter().all(|y| *y == earlier) {
        return None;
    }
    Some(Finding::new(
        Code::Contradicted,
        Route::Reanswer,
        format!(
            "the sentence puts the change in {earlier}, but the claim's change is the one to {later} (from {earlier}): the answer says one period and checks another"
        ),
    ))
}

/// The `contradicted` finding when the sentence opens with another
/// company's name than the cited table's ("Birchwood's net income was $447
/// million" citing Acme's statement): the company a table's title names
/// (`formula::company_of`), against the possessive the sentence starts with.
pub fn other_company(sentence: &str, cells: &[crate::model::Cell<'_>]) -> Option<Finding> {
    static OPENING: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"^\s*(?:[Tt]he\s+)?((?:[A-Z][A-Za-z0-9&.\-]*\s+){0,3}[A-Z][A-Za-z0-9&.\-]*)['’]s\b",
        )
        .ok()
    });
    /// Words that open a possessive and name no company.
    const GENERIC: [&str; 10] = [
        "company",
        "group",
        "firm",
        "management",
        "board",
        "segment",
        "business",
        "corporation",
        "bank",
        "fund",
    ];
    // Only a possessive opens so: most sentences have none.
    if !sentence.contains("'s") && !sentence.contains("’s") {
        return None;
    }
    let name = OPENING.as_ref()?.captures(sentence)?.get(1)?.as_str();
    let said = name_words(name);
    if said.is_empty() || said.iter().all(|w| GENERIC.contains(&w.as_str())) {
        return None;
    }
    // A comparison names both companies ("Acme's revenue was 22.8 times
    // Birchwood's"): a company the sentence names anywhere is said.
    let written = name_words(sentence);
    // The sentence's words as a role's (abbreviations spelled out: "EPS"),
    // read once, when a cited row asks.
    let sentence_words: std::cell::OnceCell<Vec<Box<str>>> = std::cell::OnceCell::new();
    // Whether a text shows every word of the name.
    let names_all = |text: Option<&str>| {
        text.is_some_and(|t| {
            let words = name_words(t);
            said.iter().all(|w| words.contains(w))
        })
    };
    // A name the cited table's rows print is a segment or a line of it
    // ("Equipment's operating margin"), not another company: not the
    // company's own name (a title line), but a row that holds numbers.
    let a_row_of = |cell: &crate::model::Cell<'_>| {
        if super::formula::company_of(cell).is_some_and(|company| {
            let company = company.to_lowercase();
            said.iter().any(|w| company.split(' ').any(|c| c == w))
        }) {
            return false;
        }
        // Nor the filer's, read from its cover, when the sentence names the
        // cited row's line ("Boeing's core loss per share" over a
        // reconciliation that has a "Boeing" row, citing "Core loss per
        // share"). "Apple's $100 investment was worth $210" citing the S&P
        // 500's row beside Apple's is still about Apple's row.
        let names_cited_line = || {
            cell.row_label().is_some_and(|label| {
                let line = crate::check::role::all_words(label);
                let said = sentence_words.get_or_init(|| crate::check::role::all_words(sentence));
                !line.is_empty() && line.iter().all(|w| said.contains(w))
            })
        };
        if cell.table().filer.as_deref().is_some_and(|filer| {
            crate::read::filer::naming_words(filer)
                .any(|n| said.iter().any(|w| n.eq_ignore_ascii_case(w)))
        }) && names_cited_line()
        {
            return false;
        }
        let table = cell.table();
        let mut holds_numbers = vec![false; table.rows.len()];
        for rec in &table.records {
            if let Some(row) = holds_numbers.get_mut(rec.row as usize) {
                *row = true;
            }
        }
        table
            .rows
            .iter()
            .zip(&holds_numbers)
            .any(|(r, numbers)| *numbers && names_all(r.label.as_deref()))
    };
    let rows: Vec<bool> = cells.iter().map(a_row_of).collect();
    // A sentence about one row of a table (a segment: "Footwear's operating
    // margin") checks that row's cells, not another's.
    if let Some(cell) = cells.iter().zip(&rows).find_map(|(cell, row)| {
        (*row && !names_all(cell.row_label()) && !names_all(cell.col_label())).then_some(cell)
    }) {
        return Some(
            Finding::new(
                Code::Contradicted,
                Route::Reanswer,
                format!(
                    "the sentence is about {name}, a row of the cited table, but {} is {:?}'s figure: the answer says one line and checks another",
                    cell.reference(),
                    cell.row_label().unwrap_or("another row")
                ),
            )
            .cell(cell),
        );
    }
    let other = cells.iter().zip(&rows).find_map(|(cell, row)| {
        let company = super::formula::company_of(cell)?;
        let named = company.split(' ').any(|w| {
            written
                .iter()
                .any(|x| x == w || x.strip_suffix('s') == Some(w))
        });
        // The company by its initials: "AMD's revenue" over Advanced Micro
        // Devices' statement.
        let initials: String = company
            .split(' ')
            .filter_map(|w| w.chars().next())
            .collect();
        let named = named || company.contains(' ') && said.contains(&initials);
        // The filer by its trading symbol ("PFE's diluted EPS" over
        // Pfizer's statement): its cover lists the symbol with its name.
        let filer_said = cell.table().filer.as_deref().is_some_and(|filer| {
            crate::read::filer::split_symbol(filer)
                .1
                .is_some_and(|symbol| said.iter().all(|w| symbol.eq_ignore_ascii_case(w)))
        });
        (!named && !*row && !filer_said).then_some((cell, company))
    })?;
    let (cell, company) = other;
    Some(
        Finding::new(
            Code::Contradicted,
            Route::Reanswer,
            format!(
                "the sentence is about {name}, but {} is {company}'s figure (its table's title names it): the answer says one company and checks another",
                cell.reference()
            ),
        )
        .cell(cell),
    )
}

/// The words of a name or a label, lower-cased ("&" kept: "R&D").
fn name_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '&')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
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
