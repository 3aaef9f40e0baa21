//! Role resolution over the assembled context: which cell of the answer's
//! context the claim's role names, and whether the cited cell is it.
//!
//! Every candidate cell is fitted against the claim (`fit.rs`). The cited
//! cell holds the claim's role when it is adequate (no slot contradicts or
//! is missing) and no candidate is more exactly the claim's — or all that
//! are equally or more exact hold the same value. Otherwise:
//! - a more exact cell exists: the claim names it (the finding names it and,
//!   when it holds the stated number, suggests it);
//! - adequate cells tie on different values: the claim does not say which
//!   (`ambiguous_role`);
//! - no candidate is adequate: a contradicting slot is a mismatch, a missing
//!   one is `ambiguous_role`.
//!
//! Candidates come from each table's index (rows by concept, by label and
//! section word, every row when the claim names a column word or no
//! measure), never from a scan of the whole context; at most
//! [`MAX_CANDIDATES`] cells are fitted per claim.

use std::collections::HashSet;

use super::cell::roles_of;
use super::consolidated::{names_a_part, statement_disagrees};
use super::fit::{ClaimRole, Fit, Slot, fit, fit_if_adequate};
use crate::model::{Cell, Document, Located, Table};
use crate::vocab::Vocab;
use crate::vocab::lexicon::Lexicon;

/// The most candidate cells fitted for one claim; past it the search stops
/// and the claim cannot be confirmed (`ambiguous_role`).
pub const MAX_CANDIDATES: usize = 20_000;

/// What the ranking decided about the cited cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The cell has the claim's role.
    Same,
    /// The measure (concept, qualifier or unit) is another.
    ConceptDiffers,
    /// The measure agrees; the period is another.
    PeriodDiffers,
    /// Cannot be told; why, for the message.
    Ambiguous(String),
}

/// The role check's result for one cited cell.
#[derive(Debug, Clone)]
pub struct Resolution<'a> {
    /// The verdict.
    pub verdict: Verdict,
    /// How the cited cell fits.
    pub fit: Fit,
    /// The candidate the claim names instead (more exact, or the closest
    /// adequate one), preferring one that holds the stated number.
    pub named: Option<Cell<'a>>,
    /// Whether `named` holds the stated number.
    pub named_holds: bool,
}

impl<'a> Resolution<'a> {
    /// A verdict that names no other cell.
    fn alone(verdict: Verdict, fit: Fit) -> Resolution<'a> {
        Resolution {
            verdict,
            fit,
            named: None,
            named_holds: false,
        }
    }
}

/// One candidate, fitted.
struct Candidate<'a> {
    cell: Cell<'a>,
    fit: Fit,
}

/// A question asked of a cell ("does it hold the stated number?").
pub type CellTest<'f> = &'f dyn Fn(&Cell<'_>) -> bool;

/// Resolves the claim's role against the cited cell over the assembled
/// context. `holds` says whether a cell holds the stated number; `admits`
/// whether it can: a cell of another kind (an amount, for a percentage the
/// claim states) is no other reading of the role, nor the cell to cite.
pub fn resolve<'a>(
    claim: &ClaimRole,
    cited: &Cell<'a>,
    assembled: &[(&'a Document, Located<'a>)],
    vocab: &Vocab,
    (holds, admits): (CellTest<'_>, CellTest<'_>),
) -> Resolution<'a> {
    let mut own = fit(claim, cited, roles_of(cited.table(), vocab));
    let (mut candidates, truncated) = candidates(claim, cited, assembled, vocab);
    candidates.retain(|c| admits(&c.cell));
    // The filer tags the cited cell as one fact with a cell that fits (a
    // roll-forward's "Balance at the end of the year" and the text's "gross
    // unrecognized tax benefits was $432 million"): the cited cell is that
    // fact, whatever its own row says.
    if !own.adequate()
        && let Some(twin) = candidates
            .iter()
            .filter(|c| same_fact(&c.cell, cited))
            .min_by_key(|c| c.fit.specificity())
    {
        own = twin.fit;
    }
    // One number, whatever sign a table prints it with (a reconciliation
    // adds back the expense its statement subtracts).
    // So is one fact printed twice, rounded differently (a roll-forward's
    // "432,280" in thousands and the text's "$432 million"): the same
    // concept in the same context, by their tags.
    let same_value = |a: &Cell<'_>, b: &Cell<'_>| {
        (a.value_base().map(|v| v.abs()) == b.value_base().map(|v| v.abs())
            && a.percent() == b.percent())
            || same_fact(a, b)
    };
    // Only adequate candidates are kept (`fit_if_adequate`).
    let adequate: Vec<&Candidate<'a>> = candidates.iter().collect();
    let pick = |list: &[&Candidate<'a>]| -> (Option<Cell<'a>>, bool) {
        let best = list
            .iter()
            .min_by_key(|c| {
                (
                    c.fit.specificity(),
                    !holds(&c.cell),
                    c.cell.coord().row,
                    c.cell.coord().col,
                )
            })
            .map(|c| c.cell);
        let holding = list
            .iter()
            .filter(|c| holds(&c.cell))
            .min_by_key(|c| (c.fit.specificity(), c.cell.coord().row, c.cell.coord().col))
            .map(|c| c.cell);
        match holding {
            Some(cell) => (Some(cell), true),
            None => (best, false),
        }
    };

    if !own.adequate() {
        // The closest adequate candidates: the most specific ones, of the
        // cited cell's own source first.
        let home: Vec<&Candidate<'a>> = adequate
            .iter()
            .copied()
            .filter(|c| same_source(&c.cell, cited))
            .collect();
        let pool = if home.is_empty() { &adequate } else { &home };
        let min = pool.iter().map(|c| c.fit.specificity()).min();
        let closest: Vec<&Candidate<'a>> = pool
            .iter()
            .copied()
            .filter(|c| Some(c.fit.specificity()) == min)
            .collect();
        let (named, named_holds) = pick(&closest);
        let verdict = if own.differs() {
            if own.measure_differs() {
                Verdict::ConceptDiffers
            } else {
                Verdict::PeriodDiffers
            }
        } else if named.is_some() {
            if only_the_period_is_missing(&own) {
                Verdict::PeriodDiffers
            } else {
                Verdict::ConceptDiffers
            }
        } else {
            Verdict::Ambiguous(why_not(claim, &own, cited, vocab))
        };
        return Resolution {
            verdict,
            fit: own,
            named,
            named_holds,
        };
    }

    // Among adequate cells, those of the cited cell's own source compete
    // with it: a claim need not name its company for its cite to say which.
    // A part of the cited fact is no rival: the filer's tag of the cited
    // cell is the consolidated fact (no dimension), the candidate's the same
    // concept for a member (Apple's balance-sheet "Cash and cash
    // equivalents" against the cash row of its investments note,
    // `FinancialInstrumentAxis=CashMember`). The claim's words, all the
    // cited cell's, name no member.
    let rivals: Vec<&Candidate<'a>> = adequate
        .iter()
        .copied()
        .filter(|c| same_source(&c.cell, cited) && !member_of_fact(&c.cell, cited))
        .collect();
    // The other way round: the cited cell is a member's fact (the cash row
    // of Apple's investments note) and the whole fact, another value,
    // fits the claim as well, its line naming every word of the member's
    // ("Cash and cash equivalents" over "Cash"): the claim's words do not
    // say it means the member. A member its whole's line does not name
    // ("Services" beside "Total net sales") is named by the claim.
    if let Some(whole) = rivals.iter().find(|c| {
        member_of_fact(cited, &c.cell)
            && !same_value(&c.cell, cited)
            && label_names_all_of(&c.cell, cited)
    }) {
        return Resolution::alone(
            Verdict::Ambiguous(format!(
                "the cited cell is one member's part of the fact {} holds whole ({}), and the role names no member",
                whole.cell.reference(),
                whole.cell.text()
            )),
            own,
        );
    }
    let mine = own.specificity();
    let min = rivals
        .iter()
        .map(|c| c.fit.specificity())
        .chain(std::iter::once(mine))
        .min()
        .unwrap_or(mine);
    let best: Vec<&Candidate<'a>> = rivals
        .iter()
        .copied()
        .filter(|c| c.fit.specificity() == min)
        .collect();
    // A cell tied with the cited one that prints a dash (an equity
    // statement's "—" under the columns a movement did not touch) holds
    // nothing the claim could mean: the line's amount is the printed one.
    let others: Vec<&Candidate<'a>> = best
        .iter()
        .copied()
        .filter(|c| !(same_value(&c.cell, cited) || mine == min && c.cell.dash()))
        .collect();
    // A more exact cell holding the same number: the claim names that line
    // ("Current accounts receivable" citing "Total accounts receivable" where
    // both print 505); the digits are right, the pointer is not.
    // Another table printing the same fact ("Revenue" in the key metrics
    // and in the statement) is an equally good citation.
    if others.is_empty()
        && mine != min
        && best.iter().any(|c| {
            c.fit.label_extra < own.label_extra && std::ptr::eq(c.cell.table(), cited.table())
        })
    {
        let (named, named_holds) = pick(&best);
        return Resolution {
            verdict: Verdict::ConceptDiffers,
            fit: own,
            named,
            named_holds,
        };
    }
    // Cells of the cited row whose columns the claim names no more of than
    // the cited one's (none): an equity statement's "Balance at June 30,
    // 2024" under "Common Stock", "Retained Earnings" and "Total". The
    // shorter header is not the claim's; which column is not said.
    let unnamed: Vec<&Candidate<'a>> = if own.col_unnamed > 0 {
        rivals
            .iter()
            .copied()
            .filter(|c| {
                c.fit.col_unnamed > 0
                    && std::ptr::eq(c.cell.table(), cited.table())
                    && c.cell.record().row == cited.record().row
                    && c.fit.specificity_but_column() == own.specificity_but_column()
                    && !same_value(&c.cell, cited)
                    && !c.cell.dash()
            })
            .collect()
    } else {
        Vec::new()
    };
    if mine == min && !unnamed.is_empty() {
        return Resolution::alone(
            Verdict::Ambiguous(format!(
                "the role names none of the columns' headings and fits several cells of its row with different values ({})",
                tied(cited, &unnamed)
            )),
            own,
        );
    }
    if others.is_empty() {
        if truncated {
            return Resolution::alone(
                Verdict::Ambiguous(format!(
                    "the assembled context has more than {MAX_CANDIDATES} cells that could be the claim's; cite a narrower scope"
                )),
                own,
            );
        }
        return the_companys(claim, cited, assembled, vocab, own);
    }
    // Equally exact cells with other values in other tables (the parent
    // company's accounts payable beside the group's): the cite says which
    // table, and the stated number is the cited cell's.
    if mine == min
        && holds(cited)
        && others
            .iter()
            .all(|c| !std::ptr::eq(c.cell.table(), cited.table()))
    {
        return consolidated_conflict(claim, cited, &others, &holds, own, vocab)
            .or_else(|| parallel_parts(cited, &others, own))
            .unwrap_or_else(|| the_companys(claim, cited, assembled, vocab, own));
    }
    // Equally exact rows of one table, the role naming one of them word for
    // word ("Revenue passengers" beside "Passenger revenue"): that row.
    if mine == min
        && others
            .iter()
            .all(|c| std::ptr::eq(c.cell.table(), cited.table()))
        && let Some(key) = row_key(cited)
    {
        let role = format!(" {} ", crate::vocab::normalize_label(&claim.text));
        let named = |key: &str| role.contains(key);
        if named(&key)
            && !others
                .iter()
                .any(|c| row_key(&c.cell).is_some_and(|k| named(&k)))
        {
            return the_companys(claim, cited, assembled, vocab, own);
        }
    }
    // Rows of one table printing one label for two lines (Netflix's "Net
    // deferred tax assets" before and after the deferred tax liabilities),
    // in the cited cell's column and under the same captions: the label
    // cannot say which, the stated number can, when the cited cell alone
    // holds it. Under two captions ("Consumer", "Enterprise") the rows are
    // two parts, and the claim names neither.
    if mine == min
        && holds(cited)
        && let Some(key) = row_key(cited)
        && others.iter().all(|c| {
            std::ptr::eq(c.cell.table(), cited.table())
                && c.cell.coord().col == cited.coord().col
                && same_section(&c.cell, cited)
                && row_key(&c.cell).as_deref() == Some(key.as_str())
                && !holds(&c.cell)
        })
    {
        return the_companys(claim, cited, assembled, vocab, own);
    }
    if mine == min {
        // Equally exact cells with other values: the claim does not say which.
        let what = if claim.role.periods.is_empty() && own.period == Slot::Unstated {
            "the claim names no period and "
        } else {
            ""
        };
        return Resolution::alone(
            Verdict::Ambiguous(format!(
                "{what}the role fits several cells with different values ({})",
                tied(cited, &others)
            )),
            own,
        );
    }
    // A more exact cell with another value: the claim names that one.
    let (named, named_holds) = pick(&others);
    let verdict = if own.period_extra > min.1 && own.label_extra == 0 {
        Verdict::PeriodDiffers
    } else {
        Verdict::ConceptDiffers
    };
    Resolution {
        verdict,
        fit: own,
        named,
        named_holds,
    }
}

/// The cited cell is the claim's, unless the claim names no part and the
/// report's consolidated statement gives the cited line another amount
/// for its period (`consolidated.rs`).
fn the_companys<'a>(
    claim: &ClaimRole,
    cited: &Cell<'a>,
    assembled: &[(&'a Document, Located<'a>)],
    vocab: &Vocab,
    own: Fit,
) -> Resolution<'a> {
    match statement_disagrees(claim, cited, assembled, vocab) {
        Some(why) => Resolution::alone(Verdict::Ambiguous(why), own),
        None => Resolution::alone(Verdict::Same, own),
    }
}

/// Among equally exact cells of other tables (`others`), the report's
/// consolidated statement gives the claim's line a larger value, and the
/// cited table is no consolidated statement: a segment's table in the
/// discussion ("Operating Revenues" of the Consumer group, its name in a
/// heading pages before) prints the company's line names. A part is at
/// most its whole. `None` when it is not so.
fn consolidated_conflict<'a>(
    claim: &ClaimRole,
    cited: &Cell<'a>,
    others: &[&Candidate<'a>],
    holds: &dyn Fn(&Cell<'_>) -> bool,
    own: Fit,
    vocab: &Vocab,
) -> Option<Resolution<'a>> {
    // A part is at most its whole in amount, not in percentage (a
    // segment's margin above the company's, R&D's share of revenue).
    if roles_of(cited.table(), vocab).consolidated
        || names_a_part(claim)
        || !holds(cited)
        || cited.percent()
    {
        return None;
    }
    let part = cited.value_base()?.abs();
    let other = others.iter().find(|c| {
        roles_of(c.cell.table(), vocab).consolidated
            && c.cell.value_base().is_some_and(|v| v.abs() > part)
    })?;
    Some(Resolution::alone(
        Verdict::Ambiguous(format!(
            "the report's consolidated statement gives that line another value ({} holds {}): the cited table may be a segment's or another entity's",
            other.cell.reference(),
            other.cell.text()
        )),
        own,
    ))
}

/// The `ambiguous_role` resolution when a table of the same title as the
/// cited one holds the claim's line with another value: the report prints
/// one table for each of several parts (Verizon's "Operating Revenues and
/// Selected Operating Statistics" for Consumer and again for Business,
/// the segment named only in a heading outside the tables), and a claim
/// that fits both as well cannot be either's.
fn parallel_parts<'a>(
    cited: &Cell<'a>,
    others: &[&Candidate<'a>],
    own: Fit,
) -> Option<Resolution<'a>> {
    // The title's first line that names something: no unit line ("(dollars
    // in millions, except ARPA)" differs between Verizon's two) nor a
    // period heading, its closing unit clause dropped; of three words or
    // more and no page furniture ("Table of Contents").
    let heading = |cell: &Cell<'_>| -> Option<String> {
        let line = cell.table().title.iter().find_map(|l| {
            let l = l.trim();
            let named = crate::read::label::named_before_unit(l).unwrap_or(l);
            (!named.is_empty()
                && crate::read::unit_line::parse_unit_line(named).is_none()
                && crate::period::parse_period(named, crate::period::PeriodHint::default())
                    .is_none())
            .then(|| named.to_lowercase())
        })?;
        (line.split_whitespace().count() >= 3 && line != "table of contents").then_some(line)
    };
    // Both fit the claim as well: whatever part it names, its words do
    // not tell the two tables apart.
    let title = heading(cited)?;
    let twin = others
        .iter()
        .find(|c| heading(&c.cell).as_deref() == Some(title.as_str()))?;
    Some(Resolution::alone(
        Verdict::Ambiguous(format!(
            "another table of the same title gives that line another value ({} holds {}): each may be one part's, and the role names none",
            twin.cell.reference(),
            twin.cell.text()
        )),
        own,
    ))
}

/// The cited cell and up to three cells tied with it, each with what it
/// holds, for an `ambiguous_role` message.
fn tied(cited: &Cell<'_>, others: &[&Candidate<'_>]) -> String {
    let listed: Vec<String> = std::iter::once(cited)
        .chain(others.iter().map(|c| &c.cell))
        .take(4)
        .map(|c| format!("{} holds {}", c.reference(), c.text()))
        .collect();
    listed.join(", ")
}

/// The cell of a range, table or source cite that fits the claim best:
/// closest role first, then one that holds the stated number, then the
/// first in reading order.
pub fn pick_cell<'a>(
    claim: &ClaimRole,
    cells: impl Iterator<Item = Cell<'a>>,
    vocab: &Vocab,
    holds: &dyn Fn(&Cell<'_>) -> bool,
) -> Option<Cell<'a>> {
    let mut best: Option<(Cell<'a>, PickKey)> = None;
    for (n, cell) in cells.enumerate() {
        if n >= MAX_CANDIDATES {
            break;
        }
        let f = fit(claim, &cell, roles_of(cell.table(), vocab));
        let key = (!f.adequate(), f.rank(), !holds(&cell));
        if best.as_ref().is_none_or(|(_, b)| key < *b) {
            best = Some((cell, key));
        }
    }
    best.map(|(cell, _)| cell)
}

/// How a cite's cell is chosen: adequate first, then closest, then holding
/// the stated number.
type PickKey = (bool, (u8, u16, bool, u8, u16, u16), bool);

/// Whether two cells are tagged as one fact: the same concept in the same
/// context and unit of one filing (a 20-F's RMB and US$ columns share
/// their concept and context, not their unit).
fn same_fact(a: &Cell<'_>, b: &Cell<'_>) -> bool {
    match (a.xbrl(), b.xbrl()) {
        (Some(x), Some(y)) => {
            same_source(a, b)
                && x.fact.concept == y.fact.concept
                && x.fact.context.id == y.fact.context.id
                && x.fact.unit.as_ref().map(|u| &u.id) == y.fact.unit.as_ref().map(|u| &u.id)
        }
        _ => false,
    }
}

/// Whether `part` is tagged with the concept `whole` is tagged with, for a
/// member of a breakdown where `whole`'s fact has no dimension.
fn member_of_fact(part: &Cell<'_>, whole: &Cell<'_>) -> bool {
    match (part.xbrl(), whole.xbrl()) {
        (Some(p), Some(w)) => {
            same_source(part, whole)
                && p.fact.concept == w.fact.concept
                && w.fact.context.dims.is_empty()
                && !p.fact.context.dims.is_empty()
        }
        _ => false,
    }
}

/// Whether `line`'s row label shows every word of `part`'s (case
/// ignored): "Cash and cash equivalents" of "Cash".
fn label_names_all_of(line: &Cell<'_>, part: &Cell<'_>) -> bool {
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let (Some(line), Some(part)) = (line.row_label(), part.row_label()) else {
        return false;
    };
    let line = words(line);
    let part = words(part);
    !part.is_empty() && part.iter().all(|w| line.contains(w))
}

/// Whether two cells' rows sit under the same captions of one table.
fn same_section(a: &Cell<'_>, b: &Cell<'_>) -> bool {
    let section = |c: &Cell<'_>| {
        c.table()
            .rows
            .get(c.record().row as usize)
            .map(|r| r.section.clone())
    };
    std::ptr::eq(a.table(), b.table()) && section(a) == section(b)
}

/// Whether two cells are of one source.
fn same_source(a: &Cell<'_>, b: &Cell<'_>) -> bool {
    a.table().reference.source == b.table().reference.source
}

/// Whether the cited cell fails only for a period it lacks or cannot be
/// compared on.
fn only_the_period_is_missing(f: &Fit) -> bool {
    f.measure == Slot::Agree
        && f.uncovered == 0
        && f.qualifier_missing == 0
        && f.strict_extra == 0
        && (f.period == Slot::ClaimOnly || f.period_unknown)
}

/// Why the cited cell cannot be confirmed, for the message.
fn why_not(claim: &ClaimRole, own: &Fit, cited: &Cell<'_>, vocab: &Vocab) -> String {
    let label = cited.row_label().unwrap_or("an unlabeled row");
    if own.measure == Slot::Unstated {
        return format!("the role {:?} names no line item", claim.text);
    }
    if own.measure == Slot::ClaimOnly || own.uncovered > 0 {
        let roles = roles_of(cited.table(), vocab);
        let row = roles.rows.get(cited.record().row as usize);
        let col = roles.cols.get(cited.record().column as usize);
        let filer_named = claim.names_filer(roles);
        let missing: Vec<&str> = claim
            .required
            .iter()
            .filter(|w| !around(roles, cited, w, filer_named))
            .chain(
                claim
                    .numbers
                    .iter()
                    .filter(|n| row.is_none_or(|r| !super::fit::shows_number(r, col, n))),
            )
            .map(|w| &**w)
            .collect();
        if missing.is_empty() {
            // Every word of the role is there; the row has more of its own
            // and the vocabulary does not name it the role's line.
            let extra: Vec<&str> = row
                .map(|r| {
                    r.label_words
                        .iter()
                        .filter(|w| !claim.required.contains(w) && !claim.soft.contains(w))
                        .map(|w| &**w)
                        .collect()
                })
                .unwrap_or_default();
            return format!(
                "the cited row {label:?} says more than the role ({:?}) and is not known to be the role's line, and no cell of the assembled context is",
                extra.join(" ")
            );
        }
        return format!(
            "the cited row {label:?} does not show {:?} of the role, and no cell of the assembled context does",
            missing.join(" ")
        );
    }
    if own.qualifier_missing > 0 {
        // The qualifiers the role states, else those its line implies
        // ("basic" of net income available to common stockholders).
        let stated = if claim.role.qualifiers.is_empty() {
            &claim.role.implied
        } else {
            &claim.role.qualifiers
        };
        let named: Vec<&str> = stated
            .iter()
            .filter_map(|q| q.def())
            .map(|d| d.value.as_str())
            .collect();
        return format!(
            "the role is {} but the cited row {label:?} is not, and no cell of the assembled context is",
            named.join(", ").replace('_', " ")
        );
    }
    if own.strict_extra > 0 {
        let roles = roles_of(cited.table(), vocab);
        let row = roles.rows.get(cited.record().row as usize);
        let col = roles.cols.get(cited.record().column as usize);
        let extra: Vec<&str> = row
            .map(|r| r.role.qualifiers.as_slice())
            .unwrap_or(&[])
            .iter()
            .chain(row.map(|r| r.section_qualifiers.as_slice()).unwrap_or(&[]))
            .chain(col.map(|c| c.qualifiers.as_slice()).unwrap_or(&[]))
            .filter_map(|q| q.def())
            .filter(|d| d.cell_only == crate::vocab::lexicon::CellOnly::Strict)
            .map(|d| d.value.as_str())
            .collect();
        if row.is_some_and(|r| super::fit::total_of_parts(claim, r, col, roles)) {
            return format!(
                "the role says total, but the cited cell ({label:?}) is one part of a line the table prints both current and noncurrent"
            );
        }
        if super::fit::is_contribution(cited, roles) {
            return format!(
                "the cited cell is {label:?}'s part in the change its table's lead-in names ({:?}), not its own change; the role does not say so",
                cited.table().lead_in.as_deref().unwrap_or_default()
            );
        }
        if extra.is_empty() {
            return format!(
                "the cited row {label:?} is a part (a segment, member or class of the table) the role does not name"
            );
        }
        return format!(
            "the cited cell is a {} figure and the role does not say so",
            extra.join(", ").replace('_', " ")
        );
    }
    if own.period == Slot::ClaimOnly {
        return "the cited column has no period (no header was found)".to_string();
    }
    if own.period_unknown {
        let claimed = claim
            .role
            .periods
            .first()
            .map(ToString::to_string)
            .unwrap_or_default();
        let found = super::cell::cell_periods(cited, roles_of(cited.table(), vocab))
            .first()
            .map(ToString::to_string)
            .unwrap_or_default();
        return format!("the claimed period {claimed} and the cell's {found} cannot be compared");
    }
    "the roles cannot be compared".to_string()
}

/// Whether a word is said around a cell: in its row's words (label and
/// captions), its column's, or its table's title (the filer's name too).
pub(crate) fn around(
    roles: &crate::model::TableRoles,
    cell: &Cell<'_>,
    w: &str,
    filer_named: bool,
) -> bool {
    let has = |list: &[Box<str>]| list.binary_search_by(|x| (**x).cmp(w)).is_ok();
    let row = roles.rows.get(cell.record().row as usize);
    let col = roles.cols.get(cell.record().column as usize);
    row.is_some_and(|r| has(&r.context_words))
        || col.is_some_and(|c| has(&c.words))
        || roles.said_of_table(w, filer_named)
}

/// The adequate candidate cells of the assembled context, fitted; and
/// whether the search stopped at [`MAX_CANDIDATES`].
fn candidates<'a>(
    claim: &ClaimRole,
    cited: &Cell<'a>,
    assembled: &[(&'a Document, Located<'a>)],
    vocab: &Vocab,
) -> (Vec<Candidate<'a>>, bool) {
    let lex = Lexicon::builtin();
    let mut out: Vec<Candidate<'a>> = Vec::new();
    let cited_key = (
        std::ptr::from_ref(cited.table()) as usize,
        record_index(cited),
    );
    // A cell is a candidate once. Within one visit of a table its rows are
    // distinct; only when the context reaches a table twice (a sheet and a
    // range of it) are the cells seen kept in a set.
    let scopes: Vec<Vec<&'a Table>> = assembled
        .iter()
        .map(|(doc, located)| tables_in(doc, *located))
        .collect();
    // Whether a table is reached twice: its address twice among the
    // scopes' tables, sorted (a few dozen; no set is built).
    let repeats = scopes.len() > 1 && {
        let mut tables: Vec<usize> = scopes
            .iter()
            .flatten()
            .map(|t| std::ptr::from_ref(*t) as usize)
            .collect();
        tables.sort_unstable();
        tables.windows(2).any(|w| matches!(w, [a, b] if a == b))
    };
    let mut seen: Option<HashSet<(usize, u32)>> = repeats.then(HashSet::new);
    let qualifier_words = qualifier_words(claim);
    let mut fitted = 0usize;
    for ((_, located), tables) in assembled.iter().zip(&scopes) {
        for &table in tables {
            let table_key = std::ptr::from_ref(table) as usize;
            let roles = roles_of(table, vocab);
            let mut rows: Vec<u32> = Vec::new();
            // A claim naming no measure (its only words the table's title:
            // "Kestrel's balance at June 30, 2024") fits every row.
            let filer_named = claim.names_filer(roles);
            let every_row = (claim.role.concept.is_none()
                && claim
                    .required
                    .iter()
                    .all(|w| roles.said_of_table(w, filer_named)))
                || claim.required.iter().any(|w| {
                    roles
                        .column_words
                        .binary_search_by(|x| (**x).cmp(w))
                        .is_ok()
                });
            if every_row {
                rows.extend(0..u32::try_from(roles.rows.len()).unwrap_or(u32::MAX));
            } else {
                if let Some(concept) = &claim.role.concept {
                    for c in lex.relatives(concept.as_str()) {
                        if let Some(list) = roles.by_concept.get(c) {
                            rows.extend(list);
                        }
                    }
                }
                word_rows(claim, &qualifier_words, table, roles, &mut rows);
                rows.sort_unstable();
                rows.dedup();
            }
            for r in rows {
                let Some(range) = roles.row_cells.get(r as usize) else {
                    continue;
                };
                for at in range.clone() {
                    let Some(record) = table.records.get(at as usize) else {
                        continue;
                    };
                    let cell = Cell::new(table, record);
                    if !Document::contains(*located, &cell) {
                        continue;
                    }
                    let key = (table_key, at);
                    if key == cited_key {
                        continue;
                    }
                    if let Some(seen) = &mut seen
                        && !seen.insert(key)
                    {
                        continue;
                    }
                    fitted += 1;
                    if fitted > MAX_CANDIDATES {
                        return (out, true);
                    }
                    if let Some(f) = fit_if_adequate(claim, &cell, roles) {
                        out.push(Candidate { cell, fit: f });
                    }
                }
            }
        }
    }
    (out, false)
}

/// The rows a claim's words can name, besides its concept's. A row outside
/// the concept's family is adequate only when every word the claim
/// requires is around its cells; no such word is a column word here (that
/// claim fits every row), so each one not in the title ("total" aside) is
/// among the row's own words: the rows are the intersection of those
/// words' lists, found from the shortest, and the cost of a claim does not
/// grow with the rows that share one of its words. A tagged table's cells
/// take their concepts from their tags, not their rows', so there every row
/// sharing a word is a candidate.
fn word_rows(
    claim: &ClaimRole,
    qualifier_words: &[Box<str>],
    table: &Table,
    roles: &crate::model::TableRoles,
    rows: &mut Vec<u32>,
) {
    let filer_named = claim.names_filer(roles);
    let must: Vec<&str> = claim
        .required
        .iter()
        .map(|w| &**w)
        .filter(|w| *w != "total" && !roles.said_of_table(w, filer_named))
        .collect();
    if !table.tags.is_empty() || must.is_empty() {
        // Its qualifiers' words too: with every required word the table's
        // title's ("Service revenues" over a table of revenues), a row
        // printing only the qualifier ("Service") is the role's line.
        for w in claim
            .required
            .iter()
            .chain(&claim.role.concept_words)
            .chain(qualifier_words)
        {
            if let Some(list) = roles.by_word.get(w) {
                rows.extend(list);
            }
        }
        return;
    }
    let mut lists: Vec<&Vec<u32>> = Vec::with_capacity(must.len());
    for w in must {
        match roles.by_word.get(w) {
            Some(list) => lists.push(list),
            // A word no row has: no row outside the concept's is adequate.
            None => return,
        }
    }
    lists.sort_by_key(|l| l.len());
    let Some((shortest, others)) = lists.split_first() else {
        return;
    };
    rows.extend(
        shortest
            .iter()
            .filter(|r| others.iter().all(|l| l.binary_search(r).is_ok())),
    );
}

/// The words of the claim's role that name its qualifiers ("service" of
/// "Service revenues"), as rows index their words; none when it states
/// none.
fn qualifier_words(claim: &ClaimRole) -> Vec<Box<str>> {
    if claim.role.qualifiers.is_empty() {
        return Vec::new();
    }
    let lex = Lexicon::builtin();
    super::cell::all_words(&claim.role.label)
        .into_iter()
        .filter(|w| !lex.qualifiers_in(&[&**w]).is_empty())
        .collect()
}

/// The index of a cell's record in its table (records are sorted by
/// position).
fn record_index(cell: &Cell<'_>) -> u32 {
    let at = cell.coord();
    cell.table()
        .records
        .binary_search_by(|r| (r.coord.row, r.coord.col).cmp(&(at.row, at.col)))
        .ok()
        .and_then(|i| u32::try_from(i).ok())
        .unwrap_or(u32::MAX)
}

/// The tables a located scope covers.
fn tables_in<'a>(doc: &'a Document, located: Located<'a>) -> Vec<&'a Table> {
    match located {
        Located::Source => doc.tables.iter().collect(),
        Located::Table(t) | Located::Range(t, _, _) => doc.part_of(t).collect(),
        Located::Cell(t, _) => vec![t],
        Located::Page(page) => doc
            .tables
            .iter()
            .filter(|t| t.part.pdf_page() == Some(page.number))
            .collect(),
    }
}

/// A cell's row label as a role names it word for word: normalized,
/// without its parenthesis, a space at each end (" revenue passengers ");
/// `None` for a label of fewer than two words.
pub(super) fn row_key(cell: &Cell<'_>) -> Option<String> {
    let key = crate::vocab::normalize_label(&crate::vocab::strip_parentheticals(cell.row_label()?));
    (key.split(' ').count() >= 2).then(|| format!(" {key} "))
}
