//! The labeler's report card against inline-XBRL tags: for every tagged
//! table cell of a filing, the concept, period, scale and sign the labeler
//! read from the table alone, scored against the fact the filer tagged.
//!
//! The labeler never sees the tags (the HTML reader labels each grid and
//! puts the tags on the labeled cells afterwards), so reading a filing once
//! gives both sides: [`crate::Cell::labeled_concept`],
//! [`crate::Cell::labeled_period`] and [`crate::Cell::labeled_scale`] are
//! the labeler's, [`crate::Cell::xbrl`] the filer's. [`score_cell`] and
//! [`Card::add`] take any labeled cell and fact, so another source (a
//! Financial_Report.xlsx matched to its filing's facts) can be scored the
//! same way.
//!
//! Primary statements are told from notes by the table's own title lines
//! (the text above it: "CONSOLIDATED STATEMENTS OF OPERATIONS",
//! "CONDENSED CONSOLIDATED BALANCE SHEETS", …), not by the labeler's
//! statement kind.

use std::path::Path;

use rust_decimal::Decimal;
use serde::Serialize;

use super::tag_roles::{RoleCards, RoleTally};
use crate::model::{Cell, Period, Table, TablePart};
use crate::read::html::{TagAudit, audit_tags};
use crate::vocab::{Vocab, gaap};
use crate::xbrl::{Fact, Instance};
use crate::{ReadOptions, load_source};

/// How the labeler's concept compares with the tag's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ConceptScore {
    /// The same vocabulary id.
    Exact,
    /// Another id of the same family (basic for diluted EPS).
    Family,
    /// Another concept.
    Wrong,
    /// The labeler named no concept.
    None,
    /// The tag's concept is not in the vocabulary and the labeler named none.
    OutsideSilent,
    /// The tag's concept is not in the vocabulary but the labeler named one.
    OutsideClaimed,
}

/// One tagged cell's scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CellScore {
    /// Concept.
    pub concept: ConceptScore,
    /// Period: `Some(true)` agrees, `Some(false)` differs, `None` the labeler
    /// has no period (or one that cannot be compared).
    pub period: Option<bool>,
    /// The labeler's value × scale has the tag's magnitude.
    pub scale: bool,
    /// The labeler's sign is the tag's.
    pub sign: bool,
    /// The fact has dimension members (a segment, product, geography …).
    pub dimensional: bool,
}

/// Scores one labeled cell against the fact tagged on it.
pub fn score_cell(cell: &Cell<'_>, fact: &Fact, vocab: &Vocab) -> CellScore {
    let tag = vocab.concept_of_tag(&fact.concept);
    let labeled = cell.labeled_concept();
    let concept = match (tag, labeled) {
        (None, None) => ConceptScore::OutsideSilent,
        (None, Some(_)) => ConceptScore::OutsideClaimed,
        (Some(_), None) => ConceptScore::None,
        (Some(t), Some(l)) if t == *l => ConceptScore::Exact,
        (Some(t), Some(l)) if gaap::same_family(t.as_str(), l.as_str()) => ConceptScore::Family,
        (Some(_), Some(_)) => ConceptScore::Wrong,
    };
    let period = match (
        crate::read::html::period_of(fact.period()),
        cell.labeled_period(),
    ) {
        (Some(tagged), Some(read)) => periods_match(&tagged, read),
        _ => None,
    };
    let value = fact.value.unwrap_or_default();
    let read = cell.value().checked_mul(cell.labeled_scale());
    let scale = match read {
        Some(read) if cell.percent() => read.abs() / Decimal::ONE_HUNDRED == value.abs(),
        Some(read) => read.abs() == value.abs(),
        None => false,
    };
    let sign = value.is_zero()
        || cell.value().is_zero()
        || value.is_sign_negative() == cell.value().is_sign_negative();
    CellScore {
        concept,
        period,
        scale,
        sign,
        dimensional: !fact.dims().is_empty(),
    }
}

/// The tag's period and the labeler's, compared on what the labeler says:
/// an instant's date (or year), a duration's end date and length (or fiscal
/// year). `None` when the labeler's period says too little to tell.
fn periods_match(tagged: &Period, read: &Period) -> Option<bool> {
    match (tagged, read) {
        (Period::Instant { date: Some(d), .. }, Period::Instant { date, fy }) => match (date, fy) {
            (Some(r), _) => Some(r == d),
            (None, Some(y)) => Some(d.year() == *y),
            _ => None,
        },
        (
            Period::Duration {
                months: Some(m),
                end: Some(e),
                ..
            },
            Period::Duration {
                months, end, fy, ..
            },
        ) => match (end, months, fy) {
            (Some(re), rm, _) => Some(re == e && rm.is_none_or(|rm| rm == *m)),
            (None, Some(rm), Some(y)) => Some(*rm == *m && e.year() == *y),
            (None, None, Some(y)) => Some(*m == 12 && e.year() == *y),
            _ => None,
        },
        (_, Period::Change { .. }) => Some(false),
        (Period::Instant { .. }, Period::Duration { .. })
        | (Period::Duration { .. }, Period::Instant { .. }) => Some(false),
        _ => None,
    }
}

/// Counts over many cells.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Card {
    /// Tagged cells scored.
    pub cells: usize,
    /// Concept: same id.
    pub exact: usize,
    /// Concept: same family.
    pub family: usize,
    /// Concept: another.
    pub wrong: usize,
    /// Concept: none named.
    pub none: usize,
    /// Tag outside the vocabulary, labeler silent.
    pub outside_silent: usize,
    /// Tag outside the vocabulary, labeler named a concept.
    pub outside_claimed: usize,
    /// Period agrees.
    pub period_agree: usize,
    /// Period differs.
    pub period_differ: usize,
    /// No comparable period.
    pub period_none: usize,
    /// Scale (value × scale = the tag's magnitude) right.
    pub scale_right: usize,
    /// Sign as the tag's.
    pub sign_right: usize,
    /// Cells whose fact has dimension members.
    pub dimensional: usize,
}

impl Card {
    /// Adds one cell's scores.
    pub fn add(&mut self, score: CellScore) {
        self.cells += 1;
        match score.concept {
            ConceptScore::Exact => self.exact += 1,
            ConceptScore::Family => self.family += 1,
            ConceptScore::Wrong => self.wrong += 1,
            ConceptScore::None => self.none += 1,
            ConceptScore::OutsideSilent => self.outside_silent += 1,
            ConceptScore::OutsideClaimed => self.outside_claimed += 1,
        }
        match score.period {
            Some(true) => self.period_agree += 1,
            Some(false) => self.period_differ += 1,
            None => self.period_none += 1,
        }
        self.scale_right += usize::from(score.scale);
        self.sign_right += usize::from(score.sign);
        self.dimensional += usize::from(score.dimensional);
    }

    /// Adds another card's counts.
    pub fn merge(&mut self, other: &Card) {
        self.cells += other.cells;
        self.exact += other.exact;
        self.family += other.family;
        self.wrong += other.wrong;
        self.none += other.none;
        self.outside_silent += other.outside_silent;
        self.outside_claimed += other.outside_claimed;
        self.period_agree += other.period_agree;
        self.period_differ += other.period_differ;
        self.period_none += other.period_none;
        self.scale_right += other.scale_right;
        self.sign_right += other.sign_right;
        self.dimensional += other.dimensional;
    }

    /// The cells whose tag is in the vocabulary.
    pub fn in_vocab(&self) -> usize {
        self.exact + self.family + self.wrong + self.none
    }
}

/// One filing's report.
#[derive(Debug, Clone, Serialize)]
pub struct FilingCard {
    /// The file name.
    pub name: String,
    /// Extraction: tagged numbers found as cells, values against tags.
    pub audit: TagAudit,
    /// Tagged cells of the primary statements (facts without dimension members).
    pub primary: Card,
    /// Tagged cells of every other table (and dimensional facts of the statements).
    pub notes: Card,
    /// The role check on claims built from the filing's tags
    /// ([`super::tag_roles`]).
    pub roles: RoleCards,
    /// Every primary-statement cell (facts without dimension members) whose
    /// concept, period or scale the labeler did not read as tagged.
    pub misses: Vec<Miss>,
    /// Seconds to read the filing.
    #[serde(skip)]
    pub seconds: f64,
}

/// A primary-statement cell the labeler read otherwise than its tag.
#[derive(Debug, Clone, Serialize)]
pub struct Miss {
    /// The cell's ref.
    pub cell: String,
    /// Its row label.
    pub row: Option<String>,
    /// Its column header.
    pub column: Option<String>,
    /// The printed number.
    pub text: String,
    /// The scores.
    pub score: CellScore,
    /// The tag's concept QName.
    pub tag_concept: String,
    /// The labeler's concept.
    pub labeled_concept: Option<String>,
    /// The tag's period.
    pub tag_period: Option<Period>,
    /// The labeler's period.
    pub labeled_period: Option<Period>,
    /// The labeler's scale.
    pub labeled_scale: Decimal,
}

impl Miss {
    fn new(cell: &Cell<'_>, fact: &Fact, score: CellScore) -> Miss {
        Miss {
            cell: cell.reference().to_string(),
            row: cell.row_label().map(str::to_string),
            column: cell.col_label().map(str::to_string),
            text: cell.text().into_owned(),
            score,
            tag_concept: fact.concept.clone(),
            labeled_concept: cell.labeled_concept().map(|c| c.as_str().to_string()),
            tag_period: crate::read::html::period_of(fact.period()),
            labeled_period: cell.labeled_period().cloned(),
            labeled_scale: cell.labeled_scale(),
        }
    }

    fn is_miss(score: &CellScore) -> bool {
        score.period != Some(true)
            || !score.scale
            || !matches!(
                score.concept,
                ConceptScore::Exact | ConceptScore::Family | ConceptScore::OutsideSilent
            )
    }
}

/// The report over a folder of filings.
#[derive(Debug, Clone, Serialize)]
pub struct TagsReport {
    /// Per filing, in file-name order.
    pub filings: Vec<FilingCard>,
}

/// True when a table's title lines name a primary financial statement: a
/// line of its first rows (a header row gives only its stub, the label
/// column and left of it) that is a statement's title — "Condensed
/// Consolidated Statements of Operations", "CONSOLIDATED BALANCE SHEETS" —
/// not a sentence or a column that refers to one ("… included within
/// financing activities of the consolidated statements of cash flows",
/// "Gross Amounts Offset in the Consolidated Balance Sheets").
pub fn is_primary(table: &Table) -> bool {
    table.grid.iter().enumerate().take(5).any(|(r, row)| {
        let stub_only = table.header_rows.contains(&r);
        row.iter()
            .enumerate()
            .filter(|(c, _)| !stub_only || *c <= table.label_col)
            .any(|(_, v)| names_a_statement(&v.text()))
    })
}

/// The statements' names, as their titles print them.
const STATEMENT_NAMES: [&str; 12] = [
    "statements of operations",
    "statement of operations",
    "statements of income",
    "statement of income",
    "statements of earnings",
    "statement of earnings",
    "balance sheet",
    "statements of financial position",
    "statements of cash flows",
    "statement of cash flows",
    "statements of comprehensive income",
    "statement of comprehensive income",
];

/// A line that titles a consolidated statement: it names one, is not a
/// sentence (at most 16 words), and does not refer to one ("in the
/// consolidated balance sheets", "of the consolidated statements").
fn names_a_statement(line: &str) -> bool {
    let line = line.to_lowercase();
    let consolidated = line.contains("consolidated") || line.contains("combined");
    let refers = ["in the ", "of the ", "on the ", "to the ", "within the "]
        .iter()
        .any(|lead| {
            ["consolidated", "condensed consolidated", "combined"]
                .iter()
                .any(|c| line.contains(&format!("{lead}{c}")))
        });
    consolidated
        && !refers
        && line.split_whitespace().count() <= 16
        && STATEMENT_NAMES.iter().any(|kind| line.contains(kind))
}

/// Reads one filing and scores its tagged table cells.
pub fn score_filing(path: &Path, vocab: &Vocab) -> Result<FilingCard, crate::ReadError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let started = std::time::Instant::now();
    let document = load_source(path, &name, vocab, &ReadOptions::default())?;
    let seconds = started.elapsed().as_secs_f64();
    let bytes = std::fs::read(path).map_err(|e| crate::ReadError::Open {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    let instance = Instance::parse_inline(&bytes, &name).map_err(crate::ReadError::Xbrl)?;
    let audit = audit_tags(&document, &instance);
    let (mut primary, mut notes) = (Card::default(), Card::default());
    let mut misses = Vec::new();
    for table in &document.tables {
        if matches!(table.part, TablePart::Pdf { table: 0, .. }) {
            continue;
        }
        let statement = is_primary(table);
        for tag in &table.tags {
            let Some(cell) = table.cell_at(tag.coord) else {
                continue;
            };
            let score = score_cell(&cell, &tag.fact, vocab);
            if statement && !score.dimensional {
                if Miss::is_miss(&score) {
                    misses.push(Miss::new(&cell, &tag.fact, score));
                }
                primary.add(score);
            } else {
                notes.add(score);
            }
        }
    }
    let roles = super::tag_roles::role_check(path, vocab)?;
    Ok(FilingCard {
        name,
        audit,
        primary,
        notes,
        roles,
        misses,
        seconds,
    })
}

/// Scores every `.htm`/`.html`/`.xhtml` filing in a folder.
pub fn run(dir: &Path, vocab: &Vocab) -> Result<TagsReport, crate::ReadError> {
    let entries = std::fs::read_dir(dir).map_err(|e| crate::ReadError::Open {
        path: dir.display().to_string(),
        reason: e.to_string(),
    })?;
    let mut paths: Vec<_> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension().and_then(|e| e.to_str()).is_some_and(|e| {
                matches!(e.to_ascii_lowercase().as_str(), "htm" | "html" | "xhtml")
            })
        })
        .collect();
    paths.sort();
    let filings = paths
        .iter()
        .map(|p| score_filing(p, vocab))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(TagsReport { filings })
}

fn pct(n: usize, d: usize) -> String {
    if d == 0 {
        "–".to_string()
    } else {
        format!("{:.1}%", n as f64 * 100.0 / d as f64)
    }
}

impl TagsReport {
    /// The totals over every filing: (audit, primary, notes).
    pub fn totals(&self) -> (TagAudit, Card, Card) {
        let mut audit = TagAudit::default();
        let (mut primary, mut notes) = (Card::default(), Card::default());
        for f in &self.filings {
            audit.tagged += f.audit.tagged;
            audit.nil += f.audit.nil;
            audit.in_tables += f.audit.in_tables;
            audit.in_prose += f.audit.in_prose;
            audit.values_agree += f.audit.values_agree;
            audit.sign_by_presentation += f.audit.sign_by_presentation;
            audit.disagree.extend(f.audit.disagree.iter().cloned());
            primary.merge(&f.primary);
            notes.merge(&f.notes);
        }
        (audit, primary, notes)
    }

    /// The report as Markdown tables (docs/evaluation.md).
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        out.push_str("Extraction (every `ix:nonFraction` outside `ix:header`):\n\n");
        out.push_str("| filing | tagged | nil | in tables | in prose | extracted | value = tag | presentation sign | disagree |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        let row = |name: &str, a: &TagAudit| {
            let extracted = a.in_tables + a.in_prose;
            format!(
                "| {name} | {} | {} | {} | {} | {} ({}; {} of non-nil) | {} | {} | {} |\n",
                a.tagged,
                a.nil,
                a.in_tables,
                a.in_prose,
                extracted,
                pct(extracted, a.tagged),
                pct(extracted, a.tagged - a.nil),
                a.values_agree,
                a.sign_by_presentation,
                a.disagree.len()
            )
        };
        for f in &self.filings {
            out.push_str(&row(&f.name, &f.audit));
        }
        let (audit, primary, notes) = self.totals();
        out.push_str(&row("**total**", &audit));
        for (title, pick) in [
            ("Primary statements (facts without dimension members)", 0),
            ("Notes and dimensional facts", 1),
        ] {
            out.push_str(&format!("\n{title}, the labeler without tags:\n\n"));
            out.push_str("| filing | cells | concept exact | family | wrong | none | tag outside vocabulary (silent / claimed) | period agree / differ / none | scale right | sign as tag |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            let line = |name: &str, c: &Card| {
                let v = c.in_vocab();
                format!(
                    "| {name} | {} | {} ({}) | {} ({}) | {} ({}) | {} ({}) | {} / {} | {} / {} / {} | {} ({}) | {} ({}) |\n",
                    c.cells,
                    c.exact,
                    pct(c.exact, v),
                    c.family,
                    pct(c.family, v),
                    c.wrong,
                    pct(c.wrong, v),
                    c.none,
                    pct(c.none, v),
                    c.outside_silent,
                    c.outside_claimed,
                    c.period_agree,
                    c.period_differ,
                    c.period_none,
                    c.scale_right,
                    pct(c.scale_right, c.cells),
                    c.sign_right,
                    pct(c.sign_right, c.cells)
                )
            };
            for f in &self.filings {
                out.push_str(&line(
                    &f.name,
                    if pick == 0 { &f.primary } else { &f.notes },
                ));
            }
            out.push_str(&line(
                "**total**",
                if pick == 0 { &primary } else { &notes },
            ));
        }
        out.push_str("\nThe role check with tags used: per tagged table cell, a claim stating its printed number with the tag's concept QName and period (*consolidated*: facts without dimension members); for a fact with members, the same claim naming the QName only (*QName only*: another role, none should be accepted) and one naming its members too (*members named*: `us-gaap:Revenues[srt:ProductOrServiceAxis=aapl:IPhoneMember]`; facts with a typed member are left out). *Wrong period* and *wrong member* claims state a cell's number with the role of the next cell of its table that has the same concept and another value, in another period or with other members: none should be accepted.\n\n");
        out.push_str("| filing | consolidated | accepted | ambiguous_role | role differs | other | members named | accepted | ambiguous_role | role differs | other | QName only | accepted | wrong period | accepted | wrong member | accepted |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        let tally = |t: &RoleTally| {
            format!(
                "{} | {} | {} | {} | {}",
                t.claims, t.accepted, t.ambiguous, t.role_differs, t.other
            )
        };
        let role_line = |name: &str, cards: &RoleCards| {
            format!(
                "| {name} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
                tally(&cards.consolidated),
                tally(&cards.members),
                cards.dimensional.claims,
                cards.dimensional.accepted,
                cards.wrong_period.claims,
                cards.wrong_period.accepted,
                cards.wrong_member.claims,
                cards.wrong_member.accepted
            )
        };
        let mut all = RoleCards::default();
        for f in &self.filings {
            out.push_str(&role_line(&f.name, &f.roles));
            all.merge(&f.roles);
        }
        out.push_str(&role_line("**total**", &all));
        out
    }

    /// Plain text: the Markdown, which reads well in a terminal.
    pub fn human(&self) -> String {
        self.markdown()
    }
}

#[cfg(test)]
mod tests {
    use jiff::civil::Date;

    use super::*;

    #[test]
    fn a_statement_title_is_not_a_sentence_or_a_column_naming_one() {
        for title in [
            "CONSOLIDATED BALANCE SHEETS",
            "Condensed Consolidated Statements of Operations (Unaudited)",
            "THE BOEING COMPANY AND SUBSIDIARIES Condensed Consolidated Statements of Cash Flows",
        ] {
            assert!(names_a_statement(title), "{title}");
        }
        for other in [
            "Gross Amounts Offset in the Consolidated Balance Sheets",
            "The following table summarizes our stock-based compensation expense by line item \
             in the consolidated statements of operations (in millions):",
            "Restricted cash, as presented in the consolidated statements of cash flows, was:",
            "Statements of operations",
        ] {
            assert!(!names_a_statement(other), "{other}");
        }
    }

    #[test]
    fn periods_compare_on_what_the_labeler_says() {
        let tagged = Period::Duration {
            fy: Some(2024),
            quarter: None,
            half: None,
            months: Some(12),
            to_quarter: None,
            start: Some(Date::constant(2023, 10, 1)),
            end: Some(Date::constant(2024, 9, 28)),
        };
        assert_eq!(
            periods_match(&tagged, &Period::fiscal_year(2024)),
            Some(true)
        );
        assert_eq!(
            periods_match(&tagged, &Period::fiscal_year(2023)),
            Some(false)
        );
        assert_eq!(
            periods_match(&tagged, &Period::instant(Date::constant(2024, 9, 28))),
            Some(false)
        );
        let instant = Period::instant(Date::constant(2024, 9, 28));
        assert_eq!(periods_match(&instant, &instant), Some(true));
    }
}
