//! Check 5, arithmetic, against the page: a calculation whose role is a line
//! its operands' tables print ("Consolidated total net sales, fiscal 2024"
//! summed from the segments' sales, where the segment note prints the
//! consolidated total after eliminations) must state what that line prints.
//! The operands can be cited right and the sum exact while the result is
//! not the figure the document gives for it.
//!
//! So must a per-share amount computed from its operands ("Basic EPS" as
//! net income over the basic shares, where the statement prints basic EPS
//! from the income available to common shareholders).
//!
//! A ratio likewise ([`ratio_printed`]): "Cash flow conversion rate" computed
//! as operating cash flow over net income, where the operands' table prints
//! the line at 77% from its own definition, is not the report's rate.

use super::role::{ClaimRole, Slot, fit_if_adequate, roles_of};
use super::value::{ValueRules, compare};
use super::{Code, Finding, Route};
use crate::model::{Amount, Cell, Document, Table};
use crate::period::{Agreement, periods_agree};
use crate::vocab::{ConceptId, Vocab};

/// The `value_mismatch` finding when the line the claim's role names is
/// printed, in one of the operands' tables, with another value than the
/// claim states. Said only when the role names its period, the line fits
/// exactly (every word of the role shown, the row saying no more, the
/// period agreeing) and the cells that fit best hold one value.
pub fn result_printed<'a>(
    claim: &ClaimRole,
    stated: &Amount,
    operand_cells: impl Iterator<Item = Cell<'a>>,
    vocab: &Vocab,
    rules: &ValueRules,
) -> Option<Finding> {
    if claim.role.periods.is_empty() || stated.percent {
        return None;
    }
    let tables = tables_of(operand_cells);
    // A per-share line is its concept's whatever its row says: Pfizer's
    // basic EPS is printed on a row "Net income attributable to Pfizer
    // Inc. common shareholders" under "Earnings per common share––basic".
    let per_share_concept = per_share_concept(claim, vocab);
    let mut best: Option<(crate::check::role::Fit, Vec<Cell<'a>>)> = None;
    for table in tables {
        let roles = roles_of(table, vocab);
        for cell in table.cells() {
            if cell.dash() {
                continue;
            }
            let Some(fit) = fit_if_adequate(claim, &cell, roles) else {
                continue;
            };
            let concept_is_the_line = per_share_concept.is_some_and(|c| {
                !fit.family && cell.concept().is_some_and(|own| own.as_str() == c.as_str())
            });
            // Every word of the role shown and the row saying no more: a
            // concept of the same family read from the same words ("Profit
            // for the year") is the line.
            if fit.period != Slot::Agree
                || fit.label_extra > 0 && !concept_is_the_line
                || fit.lenient_extra > 0
            {
                continue;
            }
            match &mut best {
                Some((held, cells)) if held.specificity() == fit.specificity() => cells.push(cell),
                Some((held, _)) if held.specificity() < fit.specificity() => {}
                _ => best = Some((fit, vec![cell])),
            }
        }
    }
    let (_, mut cells) = best?;
    // Rows that split a line ("Owners of the parent" under "Profit for the
    // year attributable to:") fit through it: the row whose own label says
    // the role's words is the line.
    let says = |cell: &Cell<'_>| {
        cell.row_label().is_some_and(|label| {
            let own: Vec<String> = crate::vocab::lexicon::words(label)
                .into_iter()
                .map(|w| w.text)
                .collect();
            claim.required.iter().all(|w| own.iter().any(|o| o == &**w))
        })
    };
    if cells.iter().any(says) {
        cells.retain(says);
    }
    let first = cells.first()?;
    let one_value = cells
        .iter()
        .all(|c| c.value_base().map(|v| v.abs()) == first.value_base().map(|v| v.abs()));
    if !one_value || compare(stated, first, rules).holds() {
        return None;
    }
    Some(
        Finding::new(
            Code::ValueMismatch,
            Route::Reanswer,
            format!(
                "the calculation gives the claim's {}, but {} prints that line as {}",
                claim.role.describe(),
                first.reference(),
                first.text().trim()
            ),
        )
        .cell(first),
    )
}

/// The claim's concept when it is an amount per share (basic EPS).
pub fn per_share_concept<'c>(claim: &'c ClaimRole, vocab: &Vocab) -> Option<&'c ConceptId> {
    claim.role.concept.as_ref().filter(|c| {
        vocab
            .info(c.as_str())
            .is_some_and(|i| i.measure == crate::model::Measure::PerShare)
    })
}

/// The `value_mismatch` finding when a percentage the claim computes is a
/// line its operands' tables print, in percent, and no printed value of
/// that line is the claim's. The role must name its period and fit the
/// row exactly (every word of the role shown, the row saying no more, no
/// qualifier or unit apart, the column naming nothing the role does not).
/// Cells of the claim's period decide when there
/// are any; a row printed in columns without a period (a ratio set beside
/// the amounts it is computed from) is held to all of its values.
///
/// When the operands' tables do not print the line, the other tables of
/// `documents` are searched for it, in the claim's period only: Union
/// Pacific prints its conversion rate in a table of its own, and an answer
/// cites operating cash flow and net income from the statements.
pub fn ratio_printed<'a>(
    claim: &ClaimRole,
    stated: &Amount,
    written: &str,
    operand_cells: impl Iterator<Item = Cell<'a>>,
    documents: &[&'a Document],
    vocab: &Vocab,
    rules: &ValueRules,
) -> Option<Finding> {
    if claim.role.periods.is_empty() || !stated.percent {
        return None;
    }
    let tables = tables_of(operand_cells);
    let (dated, undated) = printed_lines(claim, &tables, |_| true, vocab);
    let cells = if !dated.is_empty() {
        dated
    } else if !undated.is_empty() {
        undated
    } else {
        // A row fits only when it shows every word the role requires: a
        // row label holding none of them is passed over unread.
        let named = |cell: &Cell<'_>| {
            cell.row_label().is_some_and(|label| {
                let label = label.to_lowercase();
                claim.required.iter().any(|w| label.contains(&**w))
            })
        };
        let others: Vec<&'a Table> = documents
            .iter()
            .flat_map(|d| d.tables.iter())
            .filter(|t| !tables.iter().any(|o| std::ptr::eq(*o, *t)))
            .collect();
        let (dated, undated) = printed_lines(claim, &others, named, vocab);
        if dated.is_empty() {
            // A rate set in a column of its own beside the amounts it is
            // computed from (Union Pacific's "77%" right of "2025"), in a
            // table with a column of the claim's period.
            undated
                .into_iter()
                .filter(|cell| {
                    cell.table().cells().any(|c| {
                        c.period().is_some_and(|p| {
                            claim
                                .role
                                .periods
                                .iter()
                                .any(|q| periods_agree(q, p) == Agreement::Yes)
                        })
                    })
                })
                .collect()
        } else {
            dated
        }
    };
    ratio_finding(claim, stated, written, &cells, rules)
}

/// The percentage cells of `tables` that fit the claim's role exactly:
/// those of its period, and those of a column without one.
fn printed_lines<'a>(
    claim: &ClaimRole,
    tables: &[&'a Table],
    read: impl Fn(&Cell<'_>) -> bool,
    vocab: &Vocab,
) -> (Vec<Cell<'a>>, Vec<Cell<'a>>) {
    let mut dated: Vec<Cell<'a>> = Vec::new();
    let mut undated: Vec<Cell<'a>> = Vec::new();
    for table in tables {
        let mut roles = None;
        for cell in table.cells() {
            if cell.dash() || !cell.percent() || !read(&cell) {
                continue;
            }
            let roles = *roles.get_or_insert_with(|| roles_of(table, vocab));
            let fit = crate::check::role::fit(claim, &cell, roles);
            let exact = fit.measure == Slot::Agree
                && fit.uncovered == 0
                && !fit.qualifier_differs
                && fit.qualifier_missing == 0
                && fit.strict_extra == 0
                && fit.lenient_extra == 0
                && fit.label_extra == 0
                && fit.col_extra == 0
                && !fit.unit_differs
                && !fit.period_unknown;
            if !exact {
                continue;
            }
            match fit.period {
                Slot::Agree => dated.push(cell),
                Slot::ClaimOnly if cell.period().is_none() => undated.push(cell),
                _ => {}
            }
        }
    }
    (dated, undated)
}

/// The finding when none of the printed cells of the line holds the
/// claim's percentage.
fn ratio_finding(
    claim: &ClaimRole,
    stated: &Amount,
    written: &str,
    cells: &[Cell<'_>],
    rules: &ValueRules,
) -> Option<Finding> {
    let first = cells.first()?;
    // A line printed coarser than the claim ("4%" for 4.4%) holds it at
    // its own precision; either sign (a fall stated by its size).
    let held = |c: &Cell<'_>| {
        compare(stated, c, rules).holds()
            || stated.value.abs().round_dp_with_strategy(
                c.decimals(),
                rust_decimal::RoundingStrategy::MidpointAwayFromZero,
            ) == c.value().abs()
    };
    if cells.iter().any(held) {
        return None;
    }
    let printed: Vec<String> = cells
        .iter()
        .take(4)
        .map(|c| format!("{} at {}", c.text().trim(), c.reference()))
        .collect();
    Some(
        Finding::new(
            Code::ValueMismatch,
            Route::Reanswer,
            format!(
                "the calculation gives the claim's {}, but the report prints that line as {}, none of them the claim's {}",
                claim.role.describe(),
                printed.join(", "),
                written.trim()
            ),
        )
        .cell(first),
    )
}

/// The tables the operands' cells are in, each once, in their order.
fn tables_of<'a>(cells: impl Iterator<Item = Cell<'a>>) -> Vec<&'a Table> {
    let mut tables: Vec<&'a Table> = Vec::new();
    for cell in cells {
        let table = cell.table();
        if !tables.iter().any(|t| std::ptr::eq(*t, table)) {
            tables.push(table);
        }
    }
    tables
}
