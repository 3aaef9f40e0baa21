//! The company's line as its consolidated statements give it.
//!
//! A discussion's segment table prints the company's line names: Verizon's
//! "Operating Expenses" table for its Consumer group has "Cost of services"
//! and "Total Operating Expenses", the segment named only in a heading pages
//! before. Read alone, such a cell fits a claim about the company's line.
//! The report's consolidated statements say what the company's line is: a
//! cited cell whose line and period they give another amount — or, for a
//! change column, whose two periods give another change — is a part's or
//! another entity's, and a claim that names no part cannot be told to mean
//! it (`ambiguous_role`).

use rust_decimal::Decimal;

use super::cell::roles_of;
use super::fit::{ClaimRole, contains};
use super::rank::row_key;
use crate::model::{Cell, Document, Located, Period, Qualifier, StatementKind, Table};
use crate::period::{Agreement, periods_agree};
use crate::vocab::Vocab;

/// Whether a table is one of the report's consolidated statements, by its
/// title ("Consolidated Statements of Income", "Consolidated Balance
/// Sheets"), or its discussion's table of the company's results
/// ("Consolidated Results of Operations", Boeing's MD&A, beside its
/// "Segment Results of Operations").
pub(super) fn is_consolidated_statement(table: &Table) -> bool {
    table.title.iter().any(|line| {
        let lower = line.to_lowercase();
        lower.contains("consolidated statement")
            || lower.contains("statements of consolidated")
            || lower.contains("consolidated balance sheet")
            || lower
                .trim_start()
                .starts_with("consolidated results of operations")
    })
}

/// Whether a claim names a part of the company (a segment, a member of a
/// breakdown, a region, a product line): then another table's total is
/// not its line.
pub(super) fn names_a_part(claim: &ClaimRole) -> bool {
    claim.role.qualifiers.iter().any(is_part)
}

/// Whether a qualifier names a part: a segment, a breakdown's member, a
/// region, a product or service line.
fn is_part(q: &Qualifier) -> bool {
    q.def()
        .is_some_and(|d| matches!(d.kind.as_str(), "scope" | "line" | "geography" | "member"))
}

/// Whether a claim names a part of the company other than by the words of
/// the line it cites (`line`: the cited row's qualifiers).
fn names_a_part_beyond(claim: &ClaimRole, line: &[Qualifier]) -> bool {
    claim
        .role
        .qualifiers
        .iter()
        .any(|q| !line.contains(q) && is_part(q))
}

/// Why the cited cell is not the company's line the claim names: the
/// report's consolidated statement gives that line, for the cited cell's
/// period, another amount (or, for a change, another change). `None` when
/// the cited table is a consolidated statement or says which segment it is,
/// the claim names a part, no statement prints the line for the period, or
/// a statement agrees with the cited value.
pub(super) fn statement_disagrees(
    claim: &ClaimRole,
    cited: &Cell<'_>,
    assembled: &[(&Document, Located<'_>)],
    vocab: &Vocab,
) -> Option<String> {
    let table = cited.table();
    // A tagged number says itself whose it is: a fact without members is
    // the company's, one with members a part's (which `fit` weighs).
    if cited.xbrl().is_some() || !claim.members.is_empty() {
        return None;
    }
    let roles = roles_of(table, vocab);
    if roles.consolidated || !roles.title_member.is_empty() {
        return None;
    }
    let row = roles.rows.get(cited.record().row as usize)?;
    // A part the claim names beyond the cited line's own words ("services"
    // of "Cost of services" names the line, not a part of the company).
    if row.generic || names_a_part_beyond(claim, &row.role.qualifiers) {
        return None;
    }
    let key = row_key(cited)?;
    let column = roles.cols.get(cited.record().column as usize);
    // Words of the claim the cited cell shows by its row, column or title.
    let filer_named = claim.names_filer(roles);
    let claimed: Vec<&str> = claim
        .required
        .iter()
        .chain(&claim.soft)
        .map(|w| &**w)
        .filter(|w| {
            contains(&row.context_words, w)
                || column.is_some_and(|c| contains(&c.words, w))
                || roles.said_of_table(w, filer_named)
        })
        .collect();
    let period = cited.period()?;
    let stated = cited.value_base()?;
    let address = std::ptr::from_ref(table);
    let (doc, _) = assembled
        .iter()
        .find(|(doc, _)| doc.tables.as_ptr_range().contains(&address))?;
    let mut disagreement = None;
    for statement in doc
        .tables
        .iter()
        .filter(|t| t.statement != StatementKind::Other && !std::ptr::eq(*t, table))
    {
        let lines = roles_of(statement, vocab);
        if !lines.consolidated {
            continue;
        }
        let filer_named_there = claim.names_filer(lines);
        let Some(rows) = row.label_words.first().and_then(|w| lines.by_word.get(w)) else {
            continue;
        };
        for &r in rows {
            let Some(range) = lines.row_cells.get(r as usize) else {
                continue;
            };
            let cells = || {
                range
                    .clone()
                    .filter_map(|at| statement.records.get(at as usize))
                    .map(|record| Cell::new(statement, record))
            };
            if cells().next().as_ref().and_then(row_key).as_deref() != Some(key.as_str()) {
                continue;
            }
            // A word the claim finds in the cited cell and not in the
            // statement's line ("Corporate" of a segment column) names what
            // the cited cell is beyond the company's line.
            let line_words = lines
                .rows
                .get(r as usize)
                .map_or(&[][..], |l| &l.context_words);
            if claimed.iter().any(|w| {
                !(contains(line_words, w)
                    || lines.said_of_table(w, filer_named_there)
                    || lines.cols.iter().any(|c| contains(&c.words, w)))
            }) {
                continue;
            }
            let cells: Vec<Cell<'_>> = cells().collect();
            match the_line(&cells, period, cited) {
                Some(line) if close(line.value, stated, cited) => return None,
                Some(line) => {
                    disagreement.get_or_insert_with(|| {
                        format!(
                            "the report's consolidated statement gives that line {}: the cited table may be a segment's or another entity's; name the part, or cite the statement",
                            line.shown(cited)
                        )
                    });
                }
                None => {}
            }
        }
    }
    disagreement
}

/// A statement row's amount for the cited period, or its change between
/// the cited change's two ends.
struct Line<'c, 'a> {
    /// The amount (base units), or the change (base units, or percent
    /// when the cited cell is a percentage).
    value: Decimal,
    /// The statement's cell for the period, or the change's later end.
    cell: &'c Cell<'a>,
    /// The change's earlier end.
    from: Option<&'c Cell<'a>>,
}

impl Line<'_, '_> {
    /// How a message names it: the statement's cells, and for a change the
    /// change they give (in the cited cell's unit).
    fn shown(&self, cited: &Cell<'_>) -> String {
        let at = |c: &Cell<'_>| format!("{} at {}", c.text(), c.reference());
        match self.from {
            None => at(self.cell),
            Some(from) => {
                let what = if cited.percent() {
                    format!("{}%", self.value.round_dp(1).normalize())
                } else {
                    format!("{}", (self.value / cited.scale()).normalize())
                };
                format!("{} against {}, a change of {what}", at(self.cell), at(from))
            }
        }
    }
}

/// The row's amount for `period` (in base units), or for a change period
/// the change between its two ends (in percent when the cited cell is a
/// percentage).
fn the_line<'c, 'a>(
    cells: &'c [Cell<'a>],
    period: &Period,
    cited: &Cell<'_>,
) -> Option<Line<'c, 'a>> {
    let at = |wanted: &Period| {
        cells
            .iter()
            .filter(|c| !c.percent() && !c.dash())
            .find(|c| c.period().is_some_and(|p| agrees(wanted, p)))
            .and_then(|c| Some((c.value_base()?, c)))
    };
    match period {
        Period::Change {
            from: Some(from),
            to: Some(to),
            ..
        } => {
            let ((old, old_cell), (new, new_cell)) = (at(from)?, at(to)?);
            let change = new - old;
            let value = if cited.percent() {
                if old.is_zero() {
                    return None;
                }
                change / old.abs() * Decimal::ONE_HUNDRED
            } else {
                change
            };
            Some(Line {
                value,
                cell: new_cell,
                from: Some(old_cell),
            })
        }
        Period::Change { .. } => None,
        // A percentage (a margin, a rate) against the statement's
        // percentage for the period.
        _ if cited.percent() => cells
            .iter()
            .filter(|c| c.percent() && !c.dash())
            .find(|c| c.period().is_some_and(|p| agrees(period, p)))
            .and_then(|c| {
                Some(Line {
                    value: c.value_base()?,
                    cell: c,
                    from: None,
                })
            }),
        _ => at(period).map(|(value, cell)| Line {
            value,
            cell,
            from: None,
        }),
    }
}

/// Two periods are one only when every field both state agrees and both
/// are of one kind (a statement's year is not its year-end balance).
fn agrees(wanted: &Period, found: &Period) -> bool {
    std::mem::discriminant(wanted) == std::mem::discriminant(found)
        && periods_agree(wanted, found) == Agreement::Yes
}

/// Whether a statement's amount is the cited one as the cited cell prints
/// it: equal within one unit of its last printed digit (the statement's
/// own rounding, and a change worked from rounded amounts). Signs aside: a
/// discussion prints costs positive that a statement may subtract.
fn close(value: Decimal, stated: Decimal, cited: &Cell<'_>) -> bool {
    let unit = cited.scale() / Decimal::from(10u64.pow(cited.decimals().min(18)));
    (value.abs() - stated.abs()).abs() <= unit
}
