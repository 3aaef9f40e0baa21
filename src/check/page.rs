//! Checks 3 and 4 on a page of prose: a claim citing a page (`acme.pdf#p5`)
//! whose number is written in running text ("Net income rose 17.6% to $447
//! million"), not in a table.
//!
//! Value: the stated number must be written in the page's text — in the
//! claim's quote, when the quote is found there (it says where), else
//! anywhere on the page. Role: prose has no labeled rows or columns, so the
//! role is held to the words around the number only when the claim quotes
//! them: the quote must name the claim's measure (its concept, or its
//! words) and, when the claim names a period, that period — or name no
//! period and no comparison ("compared with", "from", "prior year"), when
//! the claim's period is the document's latest (the one its statements
//! end with, as an annual report's MD&A speaks of its year). A role naming
//! a change ("Net income growth, FY2024 vs FY2023") is named by a quote of
//! its measure with a word of change before the number that goes the
//! role's way and the change's later period ("Net income rose 17.6% to $447
//! million" in the FY2024 report). Otherwise the
//! number is on the page but what it is cannot be told: `ambiguous_role`, a
//! person looks. A page that does not state the number is a
//! `value_mismatch`.

use super::cited::Claimed;
use super::resolve::Resolved;
use super::role::{Mode, read};
use super::{Check, Code, Finding, Route};
use crate::model::{Document, Period};
use crate::period::{Agreement, periods_agree};
use crate::prose::{Hedge, amounts_in, same_number};
use crate::vocab::lexicon::Lexicon;

/// The value and role findings of a claim at a page of prose.
pub fn on_page(
    claimed: &Claimed<'_>,
    cited: &Resolved<'_>,
    text: &str,
    context: &super::cited::Context<'_, '_>,
) -> Vec<Finding> {
    let written = claimed.written;
    let quoted = context
        .quote
        .filter(|q| super::quote::found_in(q, text))
        .filter(|q| !q.trim().is_empty());
    let scope = quoted.unwrap_or(text);
    let amounts = amounts_in(scope);
    let stated_here = amounts
        .iter()
        .filter(|w| w.hedge != Hedge::Bound)
        .any(|w| same_number(&w.amount, claimed.stated, None));
    let mut findings = Vec::new();
    if !stated_here {
        if context.checks.has(Check::Value) {
            let shown: Vec<&str> = amounts.iter().take(12).map(|w| w.text(scope)).collect();
            let where_ = if quoted.is_some() {
                "in the quoted passage"
            } else {
                "in its text"
            };
            findings.push(
                Finding::new(
                    Code::ValueMismatch,
                    Route::Reanswer,
                    format!(
                        "{} does not state {written} {where_} (it states {})",
                        cited.reference,
                        if shown.is_empty() {
                            "no amount".to_string()
                        } else {
                            shown.join(", ")
                        }
                    ),
                )
                .cite(&cited.cite),
            );
        }
        return findings;
    }
    if !context.checks.has(Check::Role) {
        return findings;
    }
    let claim_role = &claimed.role.role;
    let named = quoted.is_some_and(|q| {
        let said = read(q, context.vocab, Mode::Sentence).role;
        let measure = match (&claim_role.concept, &said.concept) {
            (Some(a), Some(b)) => Lexicon::builtin().same_family(a.as_str(), b.as_str()),
            (None, _) => {
                !claim_role.words.is_empty()
                    && claim_role.words.iter().all(|w| said.words.contains(w))
            }
            (Some(_), None) => false,
        };
        let period = claim_role.periods.first().is_none_or(|p| {
            if said.periods.is_empty() {
                return !comparative(q)
                    && latest_period(cited.document)
                        .is_some_and(|latest| periods_agree(p, &latest) == Agreement::Yes);
            }
            said.periods
                .iter()
                .any(|s| periods_agree(p, s) == Agreement::Yes)
        });
        measure && period
    }) || quoted
        .is_some_and(|q| names_change(q, claimed, cited.document, context.vocab));
    if !named {
        findings.push(
            Finding::new(
                Code::AmbiguousRole,
                Route::Review,
                format!(
                    "{} states {written} in its text, but a page of prose has no labeled rows or columns: {} does not say that it is {}",
                    cited.reference,
                    match quoted {
                        Some(q) => format!("the quote {q:?}"),
                        None => "without a quote, the page".to_string(),
                    },
                    claim_role.describe()
                ),
            )
            .cite(&cited.cite),
        );
    }
    findings
}

/// Whether a quote names the change a claim's role names ("Net income
/// rose 17.6% to $447 million" for "Net income growth, FY2024 vs FY2023"):
/// its measure, a word of change right before the stated number that goes
/// the role's way, and the change's later period (written, or the
/// document's latest when the quote writes none).
fn names_change(
    quote: &str,
    claimed: &Claimed<'_>,
    document: &Document,
    vocab: &crate::vocab::Vocab,
) -> bool {
    let Some(change) = claimed.role.as_change.as_deref() else {
        return false;
    };
    let Some(Period::Change { to: Some(to), .. }) = change.role.periods.first() else {
        return false;
    };
    let said = read(quote, vocab, Mode::Sentence).role;
    let measure = match (&change.role.concept, &said.concept) {
        (Some(a), Some(b)) => Lexicon::builtin().same_family(a.as_str(), b.as_str()),
        _ => false,
    };
    let Some(at) = amounts_in(quote)
        .into_iter()
        .find(|w| w.hedge != Hedge::Bound && same_number(&w.amount, claimed.stated, None))
    else {
        return false;
    };
    let way = quote
        .get(..at.start)
        .and_then(super::movement::change_before);
    let way_ok = match (way, change.role_way) {
        (None, _) => false,
        (Some(_), None) => true,
        (Some(w), Some(r)) => w == r.of_stated(claimed.stated.value),
    };
    let period = if said.periods.is_empty() {
        latest_period(document).is_some_and(|latest| periods_agree(to, &latest) == Agreement::Yes)
    } else {
        said.periods
            .iter()
            .any(|s| periods_agree(to, s) == Agreement::Yes)
    };
    measure && way_ok && period
}

/// Whether a passage speaks of another period than its own ("compared
/// with $380 million", "from $3,900 million", "the prior year").
fn comparative(text: &str) -> bool {
    let lower = text.to_lowercase();
    [
        "compared",
        "from ",
        "prior",
        "previous",
        "last year",
        "year earlier",
        "year ago",
        "versus",
        " vs",
        "preceding",
        "before",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// The document's latest period: the span its statements' latest columns
/// cover, when they are one (an annual report's fiscal year; a quarterly
/// report's quarter and year to date are two, so none).
fn latest_period(document: &Document) -> Option<Period> {
    let end = |p: &Period| match p {
        Period::Duration { end, fy, .. } => Some((fy.or(end.map(|d| d.year())), *end)),
        _ => None,
    };
    let durations: Vec<&Period> = document
        .tables
        .iter()
        .flat_map(|t| t.columns.iter())
        .filter_map(|c| c.period.as_ref())
        .filter(|p| matches!(p, Period::Duration { .. }))
        .collect();
    let latest = durations.iter().filter_map(|p| end(p)).max()?;
    let mut at_latest: Vec<&Period> = durations
        .into_iter()
        .filter(|p| end(p) == Some(latest))
        .collect();
    at_latest.dedup();
    let first = *at_latest.first()?;
    at_latest
        .iter()
        .all(|p| periods_agree(first, p) == Agreement::Yes)
        .then(|| first.clone())
}
