//! Check 4, role: the claim's role — what the number is, and when — read
//! with the same vocabulary and period parser as the sources, against the
//! cited cell's concept and period.
//!
//! The claim's role is its `role` (free text or `{concept, period}`), else
//! its sentence. The cell's role is its concept and period — the column's,
//! else one its header mentions among other words, else its row label's
//! ("Balance at December 31, 2019"); a cell whose row is not in the
//! vocabulary is compared by its row label, which must then appear in the
//! claim's role. A role whose words besides its period and column are
//! exactly the row label names that row (a generic "Total" only when no other
//! row has it); a role that quotes another row's label, or another measure
//! column's header ("Fair Value" for "Carrying Amount"), names another cell.
//! When either side cannot be told with confidence the verdict is
//! `ambiguous_role` (a person looks), never a guess.

use super::{Check, Code, CodeDoc};
use crate::answer::{Claim, Role};
use crate::model::{Cell, Period};
use crate::period::{PeriodHint, find_period, parse_period};
use crate::read::unit_line::parse_unit_line;
use crate::vocab::strip_footnotes;
use crate::vocab::{ConceptId, Vocab, normalize_label};
use jiff::civil::Date;
use std::borrow::Cow;

/// The codes of this check, documented.
pub const DOCS: &[CodeDoc] = &[
    CodeDoc {
        code: Code::SameNumberSwap,
        check: Check::Role,
        what: "The stated number IS at the pointer, but the cell's role — its concept or its period — is not the claim's. The digits are right; the cell is wrong.",
        why: "Financial reports repeat numbers: the same 412 can be a year's net income and another year's goodwill. A digits-only check passes this citation; it points at the wrong fact. tickmark looks through the assembled context for the cell that has the claimed role and names it.",
        example: "\"Goodwill was $412 million at the end of 2024\" citing `acme.xlsx#IS!D18` (2022 net income, also 412); `suggest`: `acme.xlsx#BS!B16`.",
        route: "recite when the assembled cell with the claimed role holds the stated number (`suggest` names it); else reanswer.",
    },
    CodeDoc {
        code: Code::RoleMismatch,
        check: Check::Role,
        what: "Neither the number nor the concept at the pointer is the claim's: the cite points at another line of the statement.",
        why: "The pointer is wrong, and possibly the number too. If the claimed line holds the stated number somewhere in the context, only the pointer needs fixing.",
        example: "\"R&D was $490 million in 2024\" citing `acme.xlsx#IS!B11` (selling, general and administrative, 588).",
        route: "recite when `suggest` found the cell with the claimed role holding the stated number; else reanswer.",
    },
    CodeDoc {
        code: Code::PeriodMismatch,
        check: Check::Role,
        what: "The concept at the pointer is the claim's, but the number and the period differ: the cite points at another year or quarter of the right line.",
        why: "Off-by-one-column citations are the most common pointer error in tables; the claim may still be right about the period it names.",
        example: "\"Revenue was $3,900 million in 2024\" citing `acme.xlsx#IS!B7` (2024 revenue, 4,200; 3,900 is 2023).",
        route: "recite when `suggest` found the cell with the claimed role holding the stated number; else reanswer.",
    },
    CodeDoc {
        code: Code::AmbiguousRole,
        check: Check::Role,
        what: "The claim's role or the cited cell's role cannot be determined with confidence: the role names no known concept, the cell's row is not in the vocabulary and its label is not in the claim, the column has no period, or the periods cannot be compared (a fiscal quarter against a dated quarter of unknown fiscal calendar).",
        why: "A verifier that guesses a role would accept wrong citations. Saying \"cannot tell\" sends the claim to a person instead of passing or failing it on a guess.",
        example: "\"Widget royalties were $3 million\" citing a row labeled \"Other\".",
        route: "review.",
    },
];

/// A claim's role, as read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RoleSpec {
    /// The role text it was read from (role, else the claim's sentence).
    pub text: String,
    /// That text normalized and padded with spaces, for label matching.
    pub key: String,
    /// The concept it names, when the vocabulary recognises one.
    pub concept: Option<ConceptId>,
    /// The period it names.
    pub period: Option<Period>,
}

impl RoleSpec {
    /// Reads a claim's role (or, without one, its sentence).
    pub fn of(claim: &Claim, vocab: &Vocab) -> RoleSpec {
        match &claim.role {
            Some(Role::Text(text)) => RoleSpec::from_text(text, vocab),
            Some(Role::Structured { concept, period }) => {
                let concept_text = concept.as_deref().unwrap_or("");
                let by_id = vocab.info(concept_text.trim()).map(|info| info.id.clone());
                let concept_id =
                    by_id.or_else(|| vocab.find_in_text(concept_text).map(|(_, id)| id));
                let period_text = period.as_deref().unwrap_or("");
                let period = parse_period(period_text, PeriodHint::default())
                    .or_else(|| find_period(period_text).map(|(_, p)| p));
                let text = format!("{concept_text} {period_text}").trim().to_string();
                RoleSpec {
                    key: padded_key(&text),
                    text,
                    concept: concept_id,
                    period,
                }
            }
            None => RoleSpec::from_text(claim.text.as_deref().unwrap_or(""), vocab),
        }
    }

    /// The text a claim's role is read from: its role, else its sentence.
    pub fn text_of(claim: &Claim) -> String {
        match &claim.role {
            Some(Role::Text(text)) => text.clone(),
            Some(Role::Structured { concept, period }) => format!(
                "{} {}",
                concept.as_deref().unwrap_or(""),
                period.as_deref().unwrap_or("")
            )
            .trim()
            .to_string(),
            None => claim.text.clone().unwrap_or_default(),
        }
    }

    /// Reads free role text.
    pub fn from_text(text: &str, vocab: &Vocab) -> RoleSpec {
        RoleSpec {
            text: text.to_string(),
            key: padded_key(text),
            concept: vocab.find_in_text(text).map(|(_, id)| id),
            period: find_period(text).map(|(_, p)| p),
        }
    }

    /// A short description for messages: "Goodwill, FY2024".
    pub fn describe(&self) -> String {
        let concept = self
            .concept
            .as_ref()
            .map_or_else(|| format!("{:?}", self.text), |c| c.to_string());
        match &self.period {
            Some(p) => format!("{concept}, {p}"),
            None => concept,
        }
    }
}

/// Whether two periods are the same, as far as both say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
    /// Same.
    Yes,
    /// Different.
    No,
    /// Cannot be told.
    Unknown,
}

/// How the cited cell's role compares with the claim's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoleOutcome {
    /// Concept and period agree.
    Same,
    /// The concept differs.
    ConceptDiffers,
    /// The concept agrees, the period differs.
    PeriodDiffers,
    /// Cannot be told; the reason, for the message.
    Unknown(String),
}

/// How a claim's role stands against a cell's, before any message is
/// written: searches ask this of every candidate cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Standing {
    Same,
    ConceptDiffers,
    PeriodDiffers,
    ConceptUnknown,
    NoCellPeriod,
    PeriodsIncomparable,
}

fn standing(spec: &RoleSpec, cell: &Cell<'_>) -> Standing {
    match concept_agreement(spec, cell) {
        Agreement::Unknown => return Standing::ConceptUnknown,
        Agreement::No => return Standing::ConceptDiffers,
        Agreement::Yes => {}
    }
    if names_other_column(spec, cell) || names_other_row(spec, cell) {
        return Standing::ConceptDiffers;
    }
    match (&spec.period, cell_period(cell).as_deref()) {
        (None, _) => Standing::Same,
        (Some(_), None) => Standing::NoCellPeriod,
        (Some(claimed), Some(found)) => match periods_agree(claimed, found) {
            Agreement::Yes => Standing::Same,
            _ if row_names_the_period(spec, cell, claimed) => Standing::Same,
            Agreement::No => Standing::PeriodDiffers,
            Agreement::Unknown => Standing::PeriodsIncomparable,
        },
    }
}

/// A role that names two periods — the row's ("Liability at December 31,
/// 2008") and the column's ("2007 program") — is read for the longer one. It
/// still names this cell when the period read is the row label's own and the
/// role also carries the cell's column header whole.
fn row_names_the_period(spec: &RoleSpec, cell: &Cell<'_>, claimed: &Period) -> bool {
    let Some((_, row_period)) = cell.row_label().and_then(find_period) else {
        return false;
    };
    let column = normalize_label(cell.col_label().unwrap_or(""));
    periods_agree(claimed, &row_period) == Agreement::Yes
        && !column.is_empty()
        && phrase_in(&column, &spec.key)
}

/// Whether the cell has the claim's role: `compare(..) == RoleOutcome::Same`
/// without the messages.
pub fn is_same(spec: &RoleSpec, cell: &Cell<'_>) -> bool {
    standing(spec, cell) == Standing::Same
}

/// Compares a claim's role with a cell's.
pub fn compare(spec: &RoleSpec, cell: &Cell<'_>) -> RoleOutcome {
    match standing(spec, cell) {
        Standing::Same => RoleOutcome::Same,
        Standing::ConceptDiffers => RoleOutcome::ConceptDiffers,
        Standing::PeriodDiffers => RoleOutcome::PeriodDiffers,
        Standing::ConceptUnknown => RoleOutcome::Unknown(match (&spec.concept, cell.concept()) {
            (None, _) => format!("the role {:?} names no concept tickmark knows", spec.text),
            (Some(c), None) => format!(
                "the cited row {:?} is not in the vocabulary and its label is not in the role ({c})",
                cell.row_label().unwrap_or("")
            ),
            _ => "the roles cannot be compared".to_string(),
        }),
        Standing::NoCellPeriod => {
            RoleOutcome::Unknown("the cited column has no period (no header was found)".to_string())
        }
        Standing::PeriodsIncomparable => {
            let (claimed, found) = (
                spec.period
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                cell_period(cell).map(|p| p.to_string()).unwrap_or_default(),
            );
            RoleOutcome::Unknown(format!(
                "the claimed period {claimed} and the cell's {found} cannot be compared"
            ))
        }
    }
}

/// The period a cell stands for: its column's; else the one its column
/// header mentions among other words ("Bermuda subsidiaries 2010 (1)",
/// "Payments due by period 2007", which are not headers of a period alone);
/// else the one its row label names. Roll-forward and award tables put the
/// date in the row ("Balance at December 31, 2019", "Outstanding at
/// September 30, 2017") and a measure in the column ("Number of Shares");
/// such a cell's period is its row's.
pub fn cell_period<'c>(cell: &Cell<'c>) -> Option<Cow<'c, Period>> {
    if let Some(p) = cell.period() {
        return Some(Cow::Borrowed(p));
    }
    cell.col_label()
        .and_then(find_period)
        .or_else(|| cell.row_label().and_then(find_period))
        .map(|(_, p)| Cow::Owned(p))
}

/// Whether the cell's concept is the claim's. A role whose words besides
/// its period (and the cell's column header) are exactly the cell's row
/// label names that row, whatever the vocabulary makes of the words ("Gross
/// margin" is a row's gross profit and a claim's ratio) — a generic label
/// ("Total", "Other") only when no other row of the table has it. Otherwise
/// known concepts compare by id, and an unrecognised row compares by its
/// label, which must appear in the role.
pub fn concept_agreement(spec: &RoleSpec, cell: &Cell<'_>) -> Agreement {
    let label = cell.label_key();
    if !label.is_empty()
        && measure_keys(&spec.text, cell).iter().any(|m| m == label)
        && (!is_generic(label) || label_unique(cell))
    {
        return Agreement::Yes;
    }
    match (&spec.concept, cell.concept()) {
        (Some(a), Some(b)) => yes_no(Some(a == b)),
        _ => {
            if label_in_role(label, &spec.key) {
                Agreement::Yes
            } else {
                Agreement::Unknown
            }
        }
    }
}

/// Whether the role names another column of the cell's table and not the
/// cell's own, where the cell's column is a measure rather than a period
/// ("Carrying Amount" / "Fair Value", "Less than 1 Year" / "Total", "Level 2"
/// / "Total"): such a column is part of the role, as much as the row is.
/// A role that names no column header says nothing here.
/// Whether the role's measure is exactly the label of another row of the
/// cell's table, and not the cell's own: the claim quotes the row it means
/// ("Weighted average number of shares outstanding incl. dilutive effect of
/// share options") and cites another that the vocabulary reads as the same
/// concept ("Weighted average number of shares outstanding").
fn names_other_row(spec: &RoleSpec, cell: &Cell<'_>) -> bool {
    let own = cell.label_key();
    let measures = measure_keys(&spec.text, cell);
    if own.is_empty() || measures.iter().any(|m| m == own) {
        return false;
    }
    let row = cell.coord().row;
    cell.table().cells().any(|c| {
        let key = c.label_key();
        c.coord().row != row && key != own && !key.is_empty() && measures.iter().any(|m| m == key)
    })
}

/// A column with a period compares by the words besides its period
/// ("December 31, 2019 Carrying Amount" / "December 31, 2019 Fair Value").
fn names_other_column(spec: &RoleSpec, cell: &Cell<'_>) -> bool {
    let Some(own_key) = cell.column().map(column_measure) else {
        return false;
    };
    if own_key.is_empty() || phrase_in(&own_key, &spec.key) {
        return false;
    }
    let own_col = cell.coord().col;
    cell.table().cells().any(|c| {
        c.coord().col != own_col
            && c.column().is_some_and(|info| {
                let key = column_measure(info);
                // A header spread over both columns ("Amount (Restated)"
                // under two periods) is in both: it tells them apart only
                // when it is not part of this column's own words.
                !key.is_empty()
                    && !phrase_in(&key, &format!(" {own_key} "))
                    && phrase_in(&key, &spec.key)
            })
    })
}

/// A column header's words besides its period, normalized: the whole
/// header when it names no period.
fn column_measure(info: &crate::model::ColumnInfo) -> String {
    let label = info.label.as_deref().unwrap_or("");
    if info.period.is_none() {
        return normalize_label(label);
    }
    match find_period(label) {
        Some((range, _)) => normalize_label(&format!(
            "{} {}",
            label.get(..range.start).unwrap_or(""),
            label.get(range.end..).unwrap_or("")
        )),
        None => String::new(),
    }
}

/// The normalized phrase `key` appears whole in the padded `role_key`.
fn phrase_in(key: &str, role_key: &str) -> bool {
    role_key.contains(&format!(" {key} "))
}

/// One generic word ("Other", "Total", "Net") says nothing about a role.
const GENERIC: [&str; 8] = [
    "other", "total", "net", "basic", "diluted", "subtotal", "all", "misc",
];

fn is_generic(label_key: &str) -> bool {
    !label_key.contains(' ') && GENERIC.contains(&label_key)
}

/// A role's measure, as the row label would be normalized: the role with
/// its period cut out and footnote marks dropped ("Total(2), 2019" is
/// "total"), then also without the cell's column header — as a trailing
/// phrase ("Total, Total" citing the Total column) or word by word ("Total,
/// Fair Value" citing "As of December 31, 2019 Fair Value").
fn measure_keys(role: &str, cell: &Cell<'_>) -> Vec<String> {
    let cut = match find_period(role) {
        Some((range, _)) => format!(
            "{} {}",
            role.get(..range.start).unwrap_or(""),
            role.get(range.end..).unwrap_or("")
        ),
        None => role.to_string(),
    };
    let parts: Vec<String> = without_units(&cut)
        .split([',', ';'])
        .filter(|part| parse_unit_line(part).is_none())
        .map(|part| normalize_label(strip_footnotes(part.trim())))
        .filter(|part| !part.is_empty())
        .collect();
    let full = parts.join(" ");
    let column = normalize_label(&without_units(cell.col_label().unwrap_or("")));
    let mut keys = vec![full.clone()];
    if !column.is_empty() {
        if let Some(rest) = full.strip_suffix(column.as_str()) {
            keys.push(rest.trim().to_string());
        }
        // The parts that are not the column's own words.
        let column_words: Vec<&str> = column.split(' ').collect();
        keys.push(
            full.split(' ')
                .filter(|w| !w.is_empty() && !column_words.contains(w))
                .collect::<Vec<_>>()
                .join(" "),
        );
        // The parts before the one that is the column header.
        if let Some(at) = parts.iter().position(|p| *p == column) {
            keys.push(parts.get(..at).unwrap_or(&[]).join(" "));
        }
    }
    keys
}

/// The text without parenthesized unit lines ("(in millions)", "(dollars
/// in thousands)"): they say how a column is printed, not what it is.
fn without_units(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest.get(open..).and_then(|r| r.find(')')) else {
            break;
        };
        let group = rest.get(open..=open + close).unwrap_or("");
        out.push_str(rest.get(..open).unwrap_or(""));
        if parse_unit_line(group).is_none() {
            out.push_str(group);
        }
        rest = rest.get(open + close + 1..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

/// Whether no other row of the cell's table has the cell's label.
fn label_unique(cell: &Cell<'_>) -> bool {
    let key = cell.label_key();
    let row = cell.coord().row;
    !cell
        .table()
        .cells()
        .any(|c| c.coord().row != row && c.label_key() == key)
}

/// " normalized text ", for whole-phrase search.
fn padded_key(text: &str) -> String {
    format!(" {} ", normalize_label(text))
}

/// A safe label match: the whole normalized row label appears, at word
/// boundaries, in the normalized role text (`role_key`, padded).
fn label_in_role(label_key: &str, role_key: &str) -> bool {
    if label_key.is_empty() || is_generic(label_key) {
        return false;
    }
    let bytes = role_key.as_bytes();
    role_key.match_indices(label_key).any(|(at, _)| {
        at > 0 && bytes.get(at - 1) == Some(&b' ') && bytes.get(at + label_key.len()) == Some(&b' ')
    })
}

/// Whether two periods are the same, comparing only what both say. A fiscal
/// year and an instant agree when the instant ends that year; a fiscal
/// quarter and a dated three-month period agree only under a calendar year
/// (otherwise the fiscal calendar would be a guess, so `Unknown`).
pub fn periods_agree(claimed: &Period, found: &Period) -> Agreement {
    use Period::{Change, Duration, Instant};
    let same = |a: Option<i64>, b: Option<i64>| match (a, b) {
        (Some(x), Some(y)) => Some(x == y),
        _ => None,
    };
    match (claimed, found) {
        (
            Duration {
                quarter: q_a,
                half: h_a,
                months: m_a,
                end: end_a,
                ..
            },
            Duration {
                quarter: q_b,
                half: h_b,
                months: m_b,
                end: end_b,
                ..
            },
        ) => {
            let months_a = m_a.or(q_a.map(|_| 3)).or(h_a.map(|_| 6));
            let months_b = m_b.or(q_b.map(|_| 3)).or(h_b.map(|_| 6));
            if same(months_a.map(i64::from), months_b.map(i64::from)) == Some(false) {
                return Agreement::No;
            }
            if let (Some(a), Some(b)) = (end_a, end_b) {
                return yes_no(Some(a == b));
            }
            let year_a = claimed.year().map(i64::from);
            let year_b = found.year().map(i64::from);
            match (q_a.or(*q_b), h_a.or(*h_b)) {
                // A named quarter or half on one side only: compare by the
                // calendar position of the other side's end date.
                // "First Quarter" against "First Quarter", neither with a
                // year (a quarterly price table): the same words.
                _ if q_a.is_some() && q_b.is_some() && year_a.is_none() && year_b.is_none() => {
                    yes_no(Some(q_a == q_b))
                }
                _ if h_a.is_some() && h_b.is_some() && year_a.is_none() && year_b.is_none() => {
                    yes_no(Some(h_a == h_b))
                }
                _ if q_a.is_some() && q_b.is_some() => both(same(year_a, year_b), Some(q_a == q_b)),
                _ if h_a.is_some() && h_b.is_some() => both(same(year_a, year_b), Some(h_a == h_b)),
                (Some(q), _) => ends_in_part(end_a.or(*end_b), year_a.or(year_b), q, 3),
                (None, Some(h)) => ends_in_part(end_a.or(*end_b), year_a.or(year_b), h, 6),
                (None, None) => yes_no(same(year_a, year_b)),
            }
        }
        (Instant { date: da, .. }, Instant { date: db, .. }) => {
            if let (Some(a), Some(b)) = (da, db) {
                return yes_no(Some(a == b));
            }
            yes_no(same(
                claimed.year().map(i64::from),
                found.year().map(i64::from),
            ))
        }
        // "Total assets, FY2023" against the balance at the 2023 year end.
        (Duration { end, months, .. }, Instant { date, .. })
        | (Instant { date, .. }, Duration { end, months, .. }) => {
            if months.is_some_and(|m| m != 12) {
                return match (end, date) {
                    (Some(e), Some(d)) if e == d => Agreement::Yes,
                    (Some(_), Some(_)) => Agreement::No,
                    _ => Agreement::Unknown,
                };
            }
            if let (Some(e), Some(d)) = (end, date) {
                return yes_no(Some(e == d));
            }
            yes_no(same(
                claimed.year().map(i64::from),
                found.year().map(i64::from),
            ))
        }
        (
            Change {
                percent: pa,
                from: fa,
                to: ta,
            },
            Change {
                percent: pb,
                from: fb,
                to: tb,
            },
        ) => {
            if pa != pb {
                return Agreement::No;
            }
            let part = |a: &Option<Box<Period>>, b: &Option<Box<Period>>| match (a, b) {
                (Some(a), Some(b)) => periods_agree(a, b),
                _ => Agreement::Yes,
            };
            match (part(fa, fb), part(ta, tb)) {
                (Agreement::No, _) | (_, Agreement::No) => Agreement::No,
                (Agreement::Unknown, _) | (_, Agreement::Unknown) => Agreement::Unknown,
                _ => Agreement::Yes,
            }
        }
        (Change { .. }, _) | (_, Change { .. }) => Agreement::No,
    }
}

/// Whether a period ending on `end` is part `part` (1-based) of `year` when
/// the year is cut into parts of `months` months: Q3 2024 against a
/// quarter ending 2024-09-30. Only a positive answer is given; anything else
/// is left unknown for the other clues to decide.
fn ends_in_part(end: Option<Date>, year: Option<i64>, part: u8, months: i8) -> Agreement {
    match (end, year) {
        (Some(d), Some(y))
            if i64::from(d.year()) == y
                && i64::from((d.month() - 1) / months + 1) == i64::from(part) =>
        {
            Agreement::Yes
        }
        _ => Agreement::Unknown,
    }
}

fn yes_no(same: Option<bool>) -> Agreement {
    match same {
        Some(true) => Agreement::Yes,
        Some(false) => Agreement::No,
        None => Agreement::Unknown,
    }
}

fn both(year: Option<bool>, part: Option<bool>) -> Agreement {
    match (year, part) {
        (Some(false), _) | (_, Some(false)) => Agreement::No,
        (Some(true), Some(true)) => Agreement::Yes,
        _ => Agreement::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::StatementKind;
    use crate::period::{PeriodHint, parse_period};

    fn p(text: &str) -> Period {
        parse_period(text, PeriodHint::default()).unwrap_or_else(|| panic!("{text}"))
    }

    fn balance(text: &str) -> Period {
        parse_period(
            text,
            PeriodHint {
                statement: StatementKind::Balance,
            },
        )
        .unwrap()
    }

    #[test]
    fn periods_compare_on_what_both_say() {
        use Agreement::*;
        let cases = [
            ("FY2023", "Year Ended December 31, 2023", Yes),
            ("FY2023", "Year Ended December 31, 2022", No),
            ("2024", "Fiscal Year Ended June 30, 2024", Yes),
            ("FY2023", "Three Months Ended December 31, 2023", No),
            ("Q1 2024", "Three Months Ended March 31, 2024", Yes),
            ("Q2 2024", "Three Months Ended March 31, 2024", Unknown),
            ("Q3 2024", "Q3 2024", Yes),
            ("Q3 2024", "Q2 2024", No),
            ("First Quarter", "First Quarter", Yes),
            ("First Quarter", "Second Quarter", No),
            ("First Quarter", "Q1 2024", Unknown),
            (
                "Nine Months Ended September 30, 2024",
                "Nine Months Ended September 30, 2024",
                Yes,
            ),
            (
                "Nine Months Ended September 30, 2024",
                "Three Months Ended September 30, 2024",
                No,
            ),
            ("December 31, 2023", "December 31, 2023", Yes),
            ("December 31, 2023", "December 31, 2022", No),
            ("FY2023", "December 31, 2023", Yes),
            ("FY2024", "December 31, 2023", No),
            ("2024 vs 2023", "2024 vs 2023", Yes),
            ("% change", "FY2024", No),
        ];
        for (claimed, found, want) in cases {
            assert_eq!(
                periods_agree(&p(claimed), &p(found)),
                want,
                "{claimed} / {found}"
            );
        }
        assert_eq!(periods_agree(&p("FY2024"), &balance("2024")), Yes);
        assert_eq!(periods_agree(&p("FY2024"), &balance("2023")), No);
    }

    /// The cell at `at` ("B3") of a table given as rows, and a role read
    /// from `role`, compared.
    fn standing_of(rows: &[&[&str]], at: &str, role: &str) -> RoleOutcome {
        let vocab = Vocab::builtin();
        let rows = rows
            .iter()
            .map(|r| r.iter().map(|s| s.to_string()).collect())
            .collect();
        let doc = crate::read::document_from_rows("t.csv", "t.csv", rows, &vocab).unwrap();
        let table = &doc.tables[0];
        let cell = table
            .cell_at(crate::model::Coord::parse(at).unwrap())
            .unwrap();
        compare(&RoleSpec::from_text(role, &vocab), &cell)
    }

    #[test]
    fn a_row_label_gives_the_period_a_measure_column_lacks() {
        let rows: &[&[&str]] = &[
            &["", "Number of Shares", "Weighted-Average Exercise Price"],
            &[
                "Widgets outstanding at September 30, 2018",
                "1,200",
                "12.50",
            ],
            &[
                "Widgets outstanding at September 30, 2019",
                "1,350",
                "13.10",
            ],
        ];
        let role = "Widgets outstanding at September 30, 2019, Number of Shares";
        assert_eq!(standing_of(rows, "B3", role), RoleOutcome::Same);
        assert_ne!(
            standing_of(rows, "B2", role),
            RoleOutcome::Same,
            "another row's date is another role"
        );
    }

    #[test]
    fn a_column_header_with_more_words_still_gives_its_period() {
        let rows: &[&[&str]] = &[
            &[
                "",
                "Widget subsidiaries 2010 (1)",
                "Widget subsidiaries 2009 (1)",
            ],
            &["Widget royalties", "120", "110"],
        ];
        assert_eq!(
            standing_of(rows, "B2", "Widget royalties, 2010"),
            RoleOutcome::Same
        );
        assert_eq!(
            standing_of(rows, "C2", "Widget royalties, 2010"),
            RoleOutcome::PeriodDiffers
        );
    }

    #[test]
    fn a_role_naming_the_rows_date_and_the_columns_year_names_the_cell() {
        let rows: &[&[&str]] = &[
            &["", "2007 program", "2003 program", "total"],
            &["widget liability at december 31 2007", "0.9", "4.1", "5.0"],
            &["widget liability at december 31 2008", "1.2", "5.7", "6.9"],
        ];
        let role = "widget liability at december 31 2008, 2007 program";
        assert_eq!(standing_of(rows, "B3", role), RoleOutcome::Same);
        assert_ne!(standing_of(rows, "C3", role), RoleOutcome::Same);
        assert_ne!(standing_of(rows, "B2", role), RoleOutcome::Same);
    }

    #[test]
    fn a_role_that_is_the_row_label_names_the_row() {
        // The vocabulary reads "Gross margin" as a ratio in a claim and as
        // gross profit in a row; a role that is the label names the row.
        let rows: &[&[&str]] = &[
            &["", "2019", "2018"],
            &["Revenue", "1,000", "900"],
            &["Gross margin", "400", "350"],
        ];
        assert_eq!(
            standing_of(rows, "B3", "Gross margin, 2019"),
            RoleOutcome::Same
        );
        assert_eq!(
            standing_of(rows, "C3", "Gross margin, 2019"),
            RoleOutcome::PeriodDiffers
        );
        assert_ne!(
            standing_of(rows, "B2", "Gross margin, 2019"),
            RoleOutcome::Same
        );
    }

    #[test]
    fn a_role_quoting_another_rows_label_differs() {
        let rows: &[&[&str]] = &[
            &["", "2019", "2018"],
            &[
                "Weighted average number of shares outstanding",
                "1,000",
                "990",
            ],
            &[
                "Weighted average number of shares outstanding incl. dilutive effect of share options",
                "1,000",
                "995",
            ],
        ];
        let role = "Weighted average number of shares outstanding incl. dilutive effect of share options, 2019";
        assert_eq!(standing_of(rows, "B3", role), RoleOutcome::Same);
        assert_eq!(standing_of(rows, "B2", role), RoleOutcome::ConceptDiffers);
    }

    #[test]
    fn a_generic_label_agrees_only_as_the_whole_measure_of_a_unique_row() {
        let rows: &[&[&str]] = &[
            &["", "2019", "2018"],
            &["Widgets", "10", "9"],
            &["Gadgets", "5", "4"],
            &["Total", "15", "13"],
        ];
        assert_eq!(standing_of(rows, "B4", "Total, 2019"), RoleOutcome::Same);
        let marked: &[&[&str]] = &[
            &["", "2019", "Total"],
            &["Widgets", "10", "19"],
            &["Total(2)", "15", "28"],
        ];
        assert_eq!(
            standing_of(marked, "B3", "Total(2), 2019"),
            RoleOutcome::Same
        );
        assert_eq!(
            standing_of(marked, "B3", "Total(2), 2019 (in millions)"),
            RoleOutcome::Same,
            "a unit line says how the column is printed, not what it is"
        );
        assert_eq!(
            standing_of(marked, "C3", "Total(2), Total"),
            RoleOutcome::Same
        );
        let measures: &[&[&str]] = &[
            &["", "Amortized Cost", "Fair Value"],
            &["Widget bonds", "10", "11"],
            &["Total", "15", "16"],
        ];
        assert_eq!(
            standing_of(measures, "C3", "Total, Fair Value"),
            RoleOutcome::Same,
            "the column's own words are not part of the measure"
        );
        assert_ne!(
            standing_of(measures, "B3", "Total, Fair Value"),
            RoleOutcome::Same,
            "another column's Total is not the role"
        );
        assert!(matches!(
            standing_of(rows, "B4", "Total gadgets, 2019"),
            RoleOutcome::Unknown(_)
        ));
        let twice: &[&[&str]] = &[
            &["", "2019", "2018"],
            &["Widgets", "10", "9"],
            &["Total", "10", "9"],
            &["Gadgets", "5", "4"],
            &["Total", "5", "4"],
        ];
        assert!(
            matches!(
                standing_of(twice, "B3", "Total, 2019"),
                RoleOutcome::Unknown(_)
            ),
            "a label two rows share does not say which"
        );
    }

    #[test]
    fn a_role_naming_another_measure_column_differs() {
        let rows: &[&[&str]] = &[
            &["", "Less than 1 Year", "1-3 Years", "Total"],
            &["Widget leases", "100", "250", "350"],
            &["Gadget leases", "100", "100", "200"],
        ];
        assert_eq!(
            standing_of(rows, "B2", "Widget leases, Less than 1 Year"),
            RoleOutcome::Same
        );
        assert_eq!(
            standing_of(rows, "C3", "Gadget leases, Less than 1 Year"),
            RoleOutcome::ConceptDiffers
        );
        let dated: &[&[&str]] = &[
            &[
                "",
                "December 31, 2019 Carrying Amount",
                "December 31, 2019 Fair Value",
            ],
            &["Widget notes", "100", "100"],
        ];
        let role = "Widget notes, December 31, 2019 Carrying Amount";
        assert_eq!(standing_of(dated, "B2", role), RoleOutcome::Same);
        assert_eq!(standing_of(dated, "C2", role), RoleOutcome::ConceptDiffers);
        assert_eq!(
            standing_of(rows, "B2", "Widget leases"),
            RoleOutcome::Same,
            "a role that names no column says nothing about it"
        );
    }

    #[test]
    fn labels_match_only_whole() {
        let matches =
            |label: &str, role: &str| label_in_role(&normalize_label(label), &padded_key(role));
        assert!(matches("Widget royalties", "widget royalties in 2024"));
        assert!(!matches("Widget royalties", "widget sales in 2024"));
        assert!(
            !matches("Other", "other income 2024"),
            "generic words do not match"
        );
        assert!(!matches("Total", "total revenue"));
        assert!(!matches("", "anything"));
        assert!(!matches("Royalties", "widgetroyalties"));
    }
}
