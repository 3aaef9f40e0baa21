//! Check 5, arithmetic, against the page: a calculation whose role is a line
//! its operands' tables print ("Consolidated total net sales, fiscal 2024"
//! summed from the segments' sales, where the segment note prints the
//! consolidated total after eliminations) must state what that line prints.
//! The operands can be cited right and the sum exact while the result is
//! not the figure the document gives for it.

use super::role::{ClaimRole, Slot, fit_if_adequate, roles_of};
use super::value::{ValueRules, compare};
use super::{Code, Finding, Route};
use crate::model::{Amount, Cell, Table};
use crate::vocab::Vocab;

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
    let mut tables: Vec<&'a Table> = Vec::new();
    for cell in operand_cells {
        let table = cell.table();
        if !tables.iter().any(|t| std::ptr::eq(*t, table)) {
            tables.push(table);
        }
    }
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
            // Every word of the role shown and the row saying no more: a
            // concept of the same family read from the same words ("Profit
            // for the year") is the line.
            if fit.period != Slot::Agree || fit.label_extra > 0 || fit.lenient_extra > 0 {
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
