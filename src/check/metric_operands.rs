//! The roles of a calculation's operands that have none, from the metric
//! the claim's role names: "Union Pacific effective tax rate, Q2 2025" with
//! `"calc": "437 / 2,313 = 0.189"` over two cites. The role names the
//! effective tax rate, whose formula in `metrics.toml` is income tax
//! expense over income before income taxes; the calculation has that shape
//! (`c1 / c2`), so its first operand stands for the tax expense and its
//! second for the income before taxes, each at the role's period. Each
//! operand's cell is then checked against that role like any operand's:
//! a cell of another line or another period fails its role check.
//!
//! Only where the shape is the formula's, written the same way (operands
//! renamed in the order they first appear), and no formula input is at
//! another period (`__open`, `__prior`). The role's period is the text after
//! its last comma, when that reads as a period. An operand that has a role
//! of its own keeps it; where any has one, none is derived. Where a table
//! of the report prints the metric itself at another value
//! ([`printed_otherwise`]), the filer's definition is not the formula's,
//! and none is derived either; nor where
//! the role says more than the metric and the company's name
//! ([`words_said`]: "incremental operating margin", "unlevered free cash
//! flow", "cash effective tax rate" are other metrics), or names more than
//! one period.

use rust_decimal::Decimal;

use super::arithmetic::result_matches;
use super::role::ClaimRole;
use crate::answer::{Claim, Role};
use crate::model::{Amount, Cell, Document, RoleUnit};
use crate::period::{Agreement, PeriodHint, parse_period, periods_agree};
use crate::vocab::Vocab;
use crate::vocab::lexicon::{Lexicon, words};
use crate::vocab::metrics::Metrics;

/// Each operand's derived role, in the claim's operand order; `None` when
/// the claim's role names no metric whose formula the calculation is.
pub fn roles(spec: &ClaimRole, claim: &Claim, calc: &str) -> Option<Vec<Role>> {
    if claim.operands.len() < 2 || claim.operands.iter().any(|op| op.role.is_some()) {
        return None;
    }
    let concept = spec.role.concept.as_ref()?;
    let metric = Metrics::builtin().metric(concept.as_str())?;
    // The role's one period, after its last comma: "…, FY2023, restated
    // in FY2024" names two, and which the inputs are of is not told.
    let period = period_text(claim)?;
    if spec.role.periods.len() != 1 || !spec.sentence_periods.is_empty() {
        return None;
    }
    let (shape, ids) = shape_of(calc);
    for formula in &metric.formulas {
        let (formula_shape, inputs) = shape_of(formula);
        if formula_shape != shape
            || inputs.len() != ids.len()
            || inputs.iter().any(|i| i.contains("__"))
        {
            continue;
        }
        let roles: Option<Vec<Role>> = claim
            .operands
            .iter()
            .map(|op| {
                let at = ids.iter().position(|id| *id == op.id)?;
                Some(Role::Structured {
                    concept: Some(inputs.get(at)?.to_string()),
                    period: Some(period.to_string()),
                })
            })
            .collect();
        if roles.is_some() {
            return roles;
        }
    }
    None
}

/// Whether the report prints the metric itself, for an operand's period,
/// at a value the stated one is not, past the printed one's rounding:
/// Meta's "Free cash flow" (52,103) where an answer subtracted capital
/// expenditures from operating cash (54,072). The filer defines the metric
/// otherwise (it deducts finance lease payments too): the formula of
/// `metrics.toml` is not the report's, and the derived roles do not hold.
pub fn printed_otherwise(
    spec: &ClaimRole,
    stated: &Amount,
    cells: &[Cell<'_>],
    documents: &[&Document],
) -> bool {
    let Some(concept) = spec.role.concept.as_ref() else {
        return false;
    };
    // The operands' periods: the metric printed for any of them, in any
    // table of the report (Meta prints its free cash flow in a
    // reconciliation, not in the cash flow statement an answer cites).
    let periods: Vec<&crate::model::Period> = cells.iter().filter_map(|c| c.period()).collect();
    documents.iter().any(|document| {
        document.cells_of(concept, false).any(|cell| {
            cell.period()
                .is_some_and(|p| periods.iter().any(|q| periods_agree(q, p) != Agreement::No))
                && printed_value(&cell).is_some_and(|v| !result_matches(stated, v, None))
                && !rounds_to_printed(stated, &cell)
        })
    })
}

/// Whether the claim's role says nothing beyond the metric's own words
/// but the company's name (a word of the filer's name, or of the company
/// each operand table's title names) and the metric's unit: "Acme
/// incremental operating margin", "Acme operating free cash flow", "cash
/// free cash flow" name another metric than the formula's, and which lines
/// it is over is not told. Nor a qualifier ("long-term", "adjusted") or a
/// per-share unit.
pub fn words_said(spec: &ClaimRole, cells: &[Cell<'_>], vocab: &Vocab) -> bool {
    if !spec.role.qualifiers.is_empty()
        || matches!(spec.role.unit, Some(RoleUnit::PerShare | RoleUnit::Shares))
    {
        return false;
    }
    let lex = Lexicon::builtin();
    let mut left: Vec<String> = lex
        .expand(words(&spec.role.label))
        .into_iter()
        .map(|w| w.text)
        .filter(|w| !lex.is_noise(w))
        .collect();
    // Each of the metric's words once: "cash free cash flow" keeps a "cash".
    for word in &spec.role.concept_words {
        if let Some(at) = left.iter().position(|w| w.as_str() == &**word) {
            left.remove(at);
        }
    }
    left.iter()
        .filter(|w| !matches!(w.as_str(), "total" | "percentage" | "ratio" | "rate"))
        .all(|w| {
            cells.iter().all(|cell| {
                let roles = super::role::roles_of(cell.table(), vocab);
                let filer = spec.names_filer(roles) && roles.is_filer_word(w);
                filer
                    || super::formula::company_of(cell)
                        .is_some_and(|name| name.split(' ').any(|n| n == w.as_str()))
            })
        })
}

/// Whether a stated percentage is the printed one at the printed one's
/// coarser rounding ("31.8%" against an MD&A's "32%").
fn rounds_to_printed(stated: &Amount, cell: &Cell<'_>) -> bool {
    if !(stated.percent && cell.percent()) {
        return false;
    }
    stated
        .value
        .checked_div(Decimal::ONE_HUNDRED)
        .is_some_and(|fraction| result_matches(&cell.amount(), fraction, None))
}

/// A cell's value as a metric's result: a percentage as its fraction.
fn printed_value(cell: &Cell<'_>) -> Option<Decimal> {
    if cell.percent() {
        cell.value().checked_div(Decimal::ONE_HUNDRED)
    } else {
        cell.value_base()
    }
}

/// The period a text role ends in, after its last comma ("…, Q2 2025"), or
/// a structured role's period.
fn period_text(claim: &Claim) -> Option<&str> {
    let text = match claim.role.as_ref()? {
        Role::Text(text) => text.rsplit_once(',')?.1.trim(),
        Role::Structured { period, .. } => period.as_deref()?.trim(),
    };
    parse_period(text, PeriodHint::default()).map(|_| text)
}

/// An expression without spaces, its identifiers renamed `#0`, `#1`, … in
/// the order they first appear; and the identifiers in that order.
fn shape_of(expression: &str) -> (String, Vec<&str>) {
    let mut shape = String::with_capacity(expression.len());
    let mut ids: Vec<&str> = Vec::new();
    let mut rest = expression;
    while let Some(c) = rest.chars().next() {
        if c.is_ascii_alphabetic() || c == '_' {
            let end = rest
                .find(|x: char| !(x.is_ascii_alphanumeric() || x == '_'))
                .unwrap_or(rest.len());
            let (id, after) = rest.split_at(end);
            let k = match ids.iter().position(|x| *x == id) {
                Some(k) => k,
                None => {
                    ids.push(id);
                    ids.len() - 1
                }
            };
            shape.push('#');
            shape.push_str(&k.to_string());
            rest = after;
        } else {
            if !c.is_whitespace() {
                shape.push(c);
            }
            rest = rest.get(c.len_utf8()..).unwrap_or("");
        }
    }
    (shape, ids)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::vocab::Vocab;

    fn claim(role: &str, ids: &[&str]) -> Claim {
        Claim {
            role: Some(Role::Text(role.to_string())),
            operands: ids
                .iter()
                .map(|id| Claim {
                    id: (*id).to_string(),
                    ..Claim::default()
                })
                .collect(),
            ..Claim::default()
        }
    }

    fn derived(role: &str, calc: &str, ids: &[&str]) -> Option<Vec<String>> {
        let c = claim(role, ids);
        let spec = crate::check::role::read_claim(&c, &Vocab::builtin());
        roles(&spec, &c, calc).map(|list| {
            list.iter()
                .map(|r| match r {
                    Role::Structured { concept, period } => format!(
                        "{}, {}",
                        concept.as_deref().unwrap_or(""),
                        period.as_deref().unwrap_or("")
                    ),
                    Role::Text(t) => t.clone(),
                })
                .collect()
        })
    }

    #[test]
    fn a_ratio_of_the_metrics_shape_gives_its_inputs_roles() {
        assert_eq!(
            derived(
                "Union Pacific effective tax rate, Q2 2025",
                "c1 / c2",
                &["c1", "c2"]
            ),
            Some(vec![
                "IncomeTaxExpenseBenefit, Q2 2025".to_string(),
                "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest, Q2 2025".to_string(),
            ])
        );
    }

    #[test]
    fn another_shape_or_no_period_or_a_role_of_its_own_gives_none() {
        // Another shape; a role with no period; a role naming no metric;
        // an operand with a role of its own.
        assert_eq!(
            derived(
                "Union Pacific effective tax rate, Q2 2025",
                "c1 * c2",
                &["c1", "c2"]
            ),
            None
        );
        assert_eq!(
            derived("Union Pacific effective tax rate", "c1 / c2", &["c1", "c2"]),
            None
        );
        assert_eq!(
            derived("Union Pacific tax share, Q2 2025", "c1 / c2", &["c1", "c2"]),
            None
        );
        let mut c = claim("Union Pacific effective tax rate, Q2 2025", &["c1", "c2"]);
        if let Some(op) = c.operands.first_mut() {
            op.role = Some(Role::Text("income taxes, Q2 2025".to_string()));
        }
        let spec = crate::check::role::read_claim(&c, &Vocab::builtin());
        assert!(roles(&spec, &c, "c1 / c2").is_none());
    }

    #[test]
    fn shapes_rename_identifiers_in_order() {
        assert_eq!(
            shape_of("(a - b) / b"),
            ("(#0-#1)/#1".to_string(), vec!["a", "b"])
        );
        assert_eq!(shape_of("c1 / c2 * 100").0, "#0/#1*100");
    }
}
