//! Check 5, arithmetic, for a metric a claim states over the cells it
//! cites without writing the calculation: "Adobe's gross margin was about
//! 86.2% in fiscal 2017 [p58t1!B18, p58t1!B12]".
//!
//! The claim's role names a metric of `metrics.toml` ("gross margin",
//! "operating margin", "current ratio") and a period. Its cited cells must
//! be exactly the inputs of one of the metric's formulas: each cell of the
//! formula's concept (or one of its family), in the claim's period, with no
//! qualifier the claim leaves out, and every other word of the role (the
//! company's name) said around each of them. Then the stated value is held
//! to the formula's result at the claim's written rounding: a result off it
//! is `arithmetic_mismatch`.
//!
//! Cites that are no formula's inputs (a margin over cost of revenue, over
//! another year's revenue, over a segment's profit) are not judged here:
//! the claim is left to the value and role checks at each cite, which refuse
//! a percentage no cited cell prints. Nothing is taken on trust.

use super::arithmetic::result_matches;
use super::role::{self, ClaimRole};
use super::{Code, Finding, Route};
use crate::answer::calc::{Calc, Operand};
use crate::model::{Amount, Cell, Period};
use crate::vocab::lexicon::Lexicon;
use crate::vocab::metrics::Metrics;
use crate::vocab::{ConceptId, Vocab};

/// The most cited cells a metric is looked for in (formulas have few inputs).
const MAX_CELLS: usize = 4;

/// The findings on a stated metric over its cited cells: `None` when the
/// cells are no formula's inputs (the claim is then checked cite by cite),
/// an empty list when the value is the formula's result, else the mismatch.
pub fn check(
    spec: &ClaimRole,
    stated: &Amount,
    cells: &[(&str, Cell<'_>)],
    vocab: &Vocab,
) -> Option<Vec<Finding>> {
    if !(2..=MAX_CELLS).contains(&cells.len()) || spec.as_change.is_some() {
        return None;
    }
    let concept = spec.role.concept.as_ref()?;
    let metric = Metrics::builtin().metric(concept.as_str())?;
    // A metric with no period could be any year's: not this check's.
    if spec.role.periods.is_empty()
        || spec
            .role
            .periods
            .iter()
            .any(|p| matches!(p, Period::Change { .. }))
        || !spec.sentence_periods.is_empty()
        || spec.sentence_measure.is_some()
    {
        return None;
    }
    // The words of the role beyond the metric's own: a company's name, the
    // formula written out ("gross profit / total revenue").
    let rest: Vec<&str> = spec
        .required
        .iter()
        .filter(|w| !spec.role.concept_words.contains(w) && &***w != "total")
        .map(|w| &**w)
        .collect();
    let mut computed: Vec<(String, rust_decimal::Decimal)> = Vec::new();
    for formula in &metric.formulas {
        let Ok(calc) = Calc::parse(formula) else {
            continue;
        };
        let ids = calc.operand_ids();
        // Inputs at another period (`__open`, `__prior`) are not the
        // claim's cells at its period.
        if ids.len() != cells.len() || ids.iter().any(|id| id.contains("__")) {
            continue;
        }
        let Some(assigned) = assign(spec, &ids, cells, &rest, vocab) else {
            continue;
        };
        let operands: Vec<Operand<'_>> = ids
            .iter()
            .zip(&assigned)
            .filter_map(|(id, cell)| {
                let value = cell.value_base()?;
                // A payment's concept names its direction: capital
                // expenditures printed as (1,577) are 1,577 paid.
                let value = if id.starts_with("Payments") || id.starts_with("Repayments") {
                    value.abs()
                } else {
                    value
                };
                Some(Operand {
                    id,
                    stated: value,
                    base: value,
                    role: "",
                })
            })
            .collect();
        if operands.len() != ids.len() {
            continue;
        }
        let Ok(value) = calc.value(&operands) else {
            continue;
        };
        if result_matches(stated, value, None) {
            return Some(Vec::new());
        }
        computed.push((formula.clone(), value));
    }
    let (formula, value) = computed.into_iter().next()?;
    let shown = if stated.percent {
        value
            .checked_mul(rust_decimal::Decimal::ONE_HUNDRED)
            .map_or_else(|| value.to_string(), |v| format!("{}%", v.round_dp(2)))
    } else {
        value.round_dp(4).to_string()
    };
    Some(vec![Finding::new(
        Code::ArithmeticMismatch,
        Route::Reanswer,
        format!(
            "the cited cells are the inputs of {concept} ({formula}), which gives {shown}, not the stated {}",
            stated.value
        ),
    )])
}

/// The cited cells in the order of a formula's concept ids, when each id
/// has exactly one cell that is it and no cell is taken twice.
fn assign<'a>(
    spec: &ClaimRole,
    ids: &[&str],
    cells: &[(&str, Cell<'a>)],
    rest: &[&str],
    vocab: &Vocab,
) -> Option<Vec<Cell<'a>>> {
    let lex = Lexicon::builtin();
    let mut out: Vec<Cell<'a>> = Vec::with_capacity(ids.len());
    let mut used = vec![false; cells.len()];
    for id in ids {
        let input = input_role(spec, id);
        let mut found = cells.iter().enumerate().filter(|(i, (_, cell))| {
            !used.get(*i).copied().unwrap_or(true)
                && !cell.percent()
                && cell
                    .concept()
                    .is_some_and(|c| c.as_str() == *id || lex.same_family(c.as_str(), id))
                && role::fit(&input, cell, role::roles_of(cell.table(), vocab)).adequate()
        });
        let (i, (_, cell)) = found.next()?;
        if found.next().is_some() {
            return None;
        }
        if let Some(u) = used.get_mut(i) {
            *u = true;
        }
        out.push(*cell);
    }
    // One report's cells; each other word of the role said around one of
    // them (the company's name by its report, "gross profit" by its line).
    let source = out.first().map(|c| c.table().reference.source.clone());
    let one_report = out
        .iter()
        .all(|c| Some(&c.table().reference.source) == source.as_ref());
    let said = rest.iter().all(|w| {
        out.iter().any(|cell| {
            let roles = role::roles_of(cell.table(), vocab);
            let filer_named = spec.names_filer(roles);
            role::said_around(roles, cell, w, filer_named)
        })
    });
    (one_report && said).then_some(out)
}

/// The role an input of the claim's metric has: the input's concept, at
/// the claim's periods, with the claim's qualifiers; no words of its own
/// (the cell's concept is asked for by the caller).
fn input_role(spec: &ClaimRole, id: &str) -> ClaimRole {
    let mut input = spec.clone();
    input.role.concept = Some(ConceptId::new(id));
    input.role.concept_words.clear();
    input.role.words.clear();
    input.role.implied.clear();
    input.role.unit = None;
    input.role.direction = None;
    input.required.clear();
    input.soft.clear();
    input.glossed.clear();
    input.numbers.clear();
    input.repeated.clear();
    input.sentence_direction = None;
    input.movement = None;
    input.prior = None;
    input.later = None;
    input.as_change = None;
    input.label_key = std::sync::OnceLock::new();
    input.change_words = std::sync::OnceLock::new();
    input
}
