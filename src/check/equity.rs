//! A claim's sentence about a statement of stockholders' equity whose
//! components are its columns ("Common Stock and Additional Paid-in
//! Capital | Retained Earnings | Accumulated Other Comprehensive Income
//! (Loss) | Total"): the component the sentence names, and the way it says
//! the amount moved it, against the cited cell's column and printed sign.
//!
//! In such a statement one line (net income, a repurchase) prints one
//! amount in several columns, or in one component's column and the total:
//! the row label says what moved, the column says what it moved. A sentence
//! that says "added $312.4 million to additional paid-in capital" citing
//! the retained-earnings column names another cell than the one it cites,
//! and "reduced retained earnings by $312.4 million" over a positive
//! amount says the opposite of the table. Both are read from the sentence
//! and the claim's role only where the cited table has component columns
//! (`TableRoles::components`); elsewhere nothing is said.

use super::cited::{Claimed, cell_amount};
use super::role::roles_of;
use super::{Code, Finding, Route};
use crate::model::{Cell, Measure};
use crate::vocab::lexicon::Lexicon;
use crate::vocab::{ConceptId, PeriodType, Vocab};

/// The most vocabulary phrases read from one text.
const MAX_PHRASES: usize = 16;

/// A sentence (or role) that names a component of the cited equity
/// statement other than the cited cell's column: `same_number_swap` when
/// the named component's cell on the same row holds the stated number,
/// else `role_mismatch`.
pub fn component_named(
    claimed: &Claimed<'_>,
    cell: &Cell<'_>,
    cite: &str,
    vocab: &Vocab,
) -> Option<Finding> {
    let roles = roles_of(cell.table(), vocab);
    if roles.components.is_empty() {
        return None;
    }
    let lex = Lexicon::builtin();
    // The columns of the cited cell's row (a grid's tables may list more).
    let row_records = roles
        .row_cells
        .get(cell.record().row as usize)
        .and_then(|r| cell.table().records.get(r.start as usize..r.end as usize))?;
    let in_row = |column: u32| row_records.iter().any(|r| r.column == column);
    // The row's own words ("Repurchases of common stock") name what
    // moved, not a component.
    let row_words = words_of(cell.row_label().unwrap_or(""));
    let within = |words: &[Box<str>], label: &[Box<str>]| {
        !words.is_empty() && words.iter().all(|w| label.contains(w))
    };
    let mut named: Vec<u32> = Vec::new();
    for text in [claimed.sentence, Some(claimed.role.text.as_str())]
        .into_iter()
        .flatten()
    {
        for (phrase, concept) in phrases(text, vocab) {
            if !is_component(&concept, vocab) {
                continue;
            }
            let words = words_of(&phrase);
            if within(&words, &row_words) {
                continue;
            }
            // The concept's own name too: "APIC" is "Additional paid-in
            // capital", whose words the column's label shows.
            let named_words = vocab
                .info(concept.as_str())
                .map(|info| words_of(info.name()))
                .unwrap_or_default();
            for (column, id, label) in roles.components.iter().filter(|(c, ..)| in_row(*c)) {
                let same = lex.same_family(concept.as_str(), id.as_str())
                    || within(&words, label)
                    || within(&named_words, label);
                if same && !named.contains(column) {
                    named.push(*column);
                }
            }
        }
    }
    let cited = cell.record().column;
    if named.is_empty() || named.contains(&cited) {
        return None;
    }
    // The cell the sentence names: the same row, the named column (when
    // it names one).
    let other = match named.as_slice() {
        [column] => row_records
            .iter()
            .find(|r| r.column == *column)
            .map(|record| Cell::new(cell.table(), record)),
        _ => None,
    };
    let column_label = |c: u32| {
        cell.table()
            .columns
            .get(c as usize)
            .and_then(|col| col.label.as_deref())
            .unwrap_or("another")
            .to_string()
    };
    let cited_label = column_label(cited);
    let said = named
        .iter()
        .map(|c| format!("{:?}", column_label(*c)))
        .collect::<Vec<_>>()
        .join(" or ");
    let lead = format!(
        "the claim names the {said} column of an equity statement, but {} is in the {cited_label:?} column",
        cell.reference()
    );
    let finding = match other {
        Some(other) if claimed.compare(&other).holds() => {
            let mut finding = Finding::new(
                Code::SameNumberSwap,
                Route::Recite,
                format!(
                    "{lead}; {} holds {} in the column the claim names",
                    other.reference(),
                    claimed.written
                ),
            );
            finding.suggest = Some(other.reference().to_string());
            finding
        }
        Some(other) => Finding::new(
            Code::RoleMismatch,
            Route::Reanswer,
            format!(
                "{lead}; the cell in the column the claim names, {}, holds {}: the claim is wrong",
                other.reference(),
                cell_amount(&other)
            ),
        ),
        None => Finding::new(Code::RoleMismatch, Route::Reanswer, lead),
    };
    Some(finding.cite(cite).cell(cell))
}

/// A sentence that says the amount raised a component ("added $120.0
/// million to retained earnings") where the statement prints it as a
/// reduction ("(120.0)"), or the reverse: `sign_flip`. Read on a movement
/// row of an equity statement with component columns; a balance row, a
/// zero or a dash says nothing.
pub fn effect_flipped(
    claimed: &Claimed<'_>,
    cell: &Cell<'_>,
    cite: &str,
    vocab: &Vocab,
) -> Option<Finding> {
    let roles = roles_of(cell.table(), vocab);
    if roles.components.is_empty() || cell.dash() {
        return None;
    }
    let row = roles.rows.get(cell.record().row as usize)?;
    // A balance is a level, not an effect.
    if row
        .role
        .concept
        .as_ref()
        .is_some_and(|c| is_component(c, vocab))
    {
        return None;
    }
    let sentence = claimed.sentence?;
    effect_against_print(
        effect_of(sentence)?,
        ["raised", "reduced"],
        "the component",
        cell,
        cite,
    )
}

/// The `sign_flip` of a sentence that says an amount raised `what`
/// (`raised`; `says` holds the words for raising and reducing) where the
/// cell prints a reduction, or the reverse; a zero says nothing.
pub(crate) fn effect_against_print(
    raised: bool,
    says: [&str; 2],
    what: &str,
    cell: &Cell<'_>,
    cite: &str,
) -> Option<Finding> {
    let value = cell.value();
    if value.is_zero() || value.is_sign_negative() != raised {
        return None;
    }
    let [raise, reduce] = says;
    let (says, printed) = if raised {
        (raise, "a reduction")
    } else {
        (reduce, "an addition")
    };
    Some(
        Finding::new(
            Code::SignFlip,
            Route::Reanswer,
            format!(
                "the claim's sentence says the amount {says} {what}, but {} prints {}: {printed}",
                cell.reference(),
                cell.text().trim()
            ),
        )
        .cite(cite)
        .cell(cell),
    )
}

/// The concept of total stockholders' equity: the sum of the components.
pub const TOTAL_EQUITY: &str = "StockholdersEquity";

/// Whether a concept can be a component of equity: a balance of money
/// other than total equity.
pub fn is_component(concept: &ConceptId, vocab: &Vocab) -> bool {
    vocab.info(concept.as_str()).is_some_and(|info| {
        info.period_type == PeriodType::Instant
            && info.measure == Measure::Monetary
            && concept.as_str() != TOTAL_EQUITY
    })
}

/// Every vocabulary phrase of a text, longest first, each with its concept.
fn phrases(text: &str, vocab: &Vocab) -> Vec<(String, ConceptId)> {
    let mut masked = text.to_string();
    let mut out = Vec::new();
    while out.len() < MAX_PHRASES {
        let Some((range, id)) = vocab.find_in_text(&masked) else {
            break;
        };
        let Some(phrase) = masked.get(range.clone()).map(str::to_string) else {
            break;
        };
        if phrase.trim().is_empty() {
            break;
        }
        out.push((phrase, id));
        // Blank the phrase (same length, ASCII) to find the next one.
        masked.replace_range(range.clone(), &" ".repeat(range.len()));
    }
    out
}

/// A text's words, lower-cased, without the joining words: how a
/// component's phrase is found in a column's label.
pub fn words_of(text: &str) -> Vec<Box<str>> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .filter(|w| !matches!(w.as_str(), "and" | "of" | "the" | "in"))
        .map(String::into_boxed_str)
        .collect()
}

/// The way a sentence's words of raising or reducing say an amount moved
/// its component: `true` for raising; `None` without such a word, or with
/// words of both ways.
pub(crate) fn effect_of(sentence: &str) -> Option<bool> {
    const RAISE: [&str; 16] = [
        "added",
        "adds",
        "increased",
        "increases",
        "raised",
        "raises",
        "boosted",
        "contributed",
        "contributes",
        "lifted",
        "bolstered",
        "credited",
        "addition",
        "additions",
        "grew",
        "expanded",
    ];
    const REDUCE: [&str; 24] = [
        "reduced",
        "reduces",
        "decreased",
        "decreases",
        "lowered",
        "lowers",
        "subtracted",
        "deducted",
        "cut",
        "cuts",
        "charged",
        "debited",
        "trimmed",
        "eroded",
        "depleted",
        "diminished",
        "weighed",
        "reduction",
        "reductions",
        "deduction",
        "shrank",
        "lessened",
        // "knocked $27.4 million off other comprehensive income"
        "knocked",
        "knocks",
    ];
    let mut raised = None;
    for w in sentence.split(|c: char| !c.is_alphanumeric()) {
        let way = if RAISE.iter().any(|v| v.eq_ignore_ascii_case(w)) {
            true
        } else if REDUCE.iter().any(|v| v.eq_ignore_ascii_case(w)) {
            false
        } else {
            continue;
        };
        match raised {
            Some(seen) if seen != way => return None,
            _ => raised = Some(way),
        }
    }
    raised
}
