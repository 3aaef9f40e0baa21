//! `tickmark eval --pdf-xbrl DIR`: a filing's PDF read by tickmark, scored
//! against the XBRL tags of the same filing (DIR holds the PDF, the
//! instance `*_htm.xml` or `*.xml`, and the presentation linkbase
//! `*_pre.xml`).
//!
//! 1. The PDF is read as `tickmark extract` reads it; the instance gives
//!    every numeric fact; the presentation linkbase gives each statement's
//!    and each note table's concepts ([`super::linkbase`]).
//! 2. Each table is given the presentation role whose facts most of its
//!    numbers are (by magnitude, at any power of a thousand). The
//!    financial statements section runs from the first page with a table
//!    of a primary statement to the last page with a table of any role;
//!    tables before it (the MD&A repeats statement figures) are not scored.
//! 3. Each number of a scored table is matched to one fact of its table's
//!    role by [`super::tag_match`] (by printed magnitude, row and column
//!    only, never by tickmark's labels), and scored: scale, sign as
//!    presented, period, concept.
//! 4. **Primary statements** are scored against what they print: every fact
//!    of a statement's role, in a period of which the statement's tables
//!    hold at least two numbers, is one printed number, and counts as read
//!    only when a cell holds it. A fact tickmark did not read (a digit
//!    lost, a cell missing, a table cut) counts against every measure.
//!    **Notes** are scored over the cells tickmark emitted (their roles also
//!    hold facts from the text, which no table prints).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

use rust_decimal::Decimal;
use serde::Serialize;

use super::linkbase::{Role, RoleKind, read_presentation};
use super::tag_match::{
    ConceptVerdict, FactIndex, Families, Match, Printed, TaggedFact, Tally, Verdict,
    compare_concept, compare_period,
};
use crate::model::TablePart;

mod report;

use crate::{Document, ReadOptions, Vocab, load_source, xbrl};
pub use report::{human, markdown};

/// Why the scorer could not run.
#[derive(Debug, thiserror::Error)]
pub enum PdfTagsError {
    /// A file of the folder is missing.
    #[error("{dir}: expected {what}, found none")]
    Missing {
        /// The folder.
        dir: String,
        /// What was looked for.
        what: &'static str,
    },
    /// A file could not be read.
    #[error("{path}: {reason}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// The PDF could not be read.
    #[error(transparent)]
    Read(#[from] crate::ReadError),
    /// The instance could not be read.
    #[error(transparent)]
    Xbrl(#[from] xbrl::XbrlError),
    /// The presentation linkbase could not be read.
    #[error(transparent)]
    Linkbase(#[from] super::linkbase::LinkbaseError),
}

/// The files of a `--pdf-xbrl` folder.
#[derive(Debug, Clone)]
pub struct Inputs {
    /// The PDF.
    pub pdf: PathBuf,
    /// The XBRL instance.
    pub instance: PathBuf,
    /// The presentation linkbase.
    pub presentation: PathBuf,
}

impl Inputs {
    /// Finds the files in `dir`.
    pub fn find(dir: &Path) -> Result<Inputs, PdfTagsError> {
        let entries = std::fs::read_dir(dir).map_err(|e| PdfTagsError::Io {
            path: dir.display().to_string(),
            reason: e.to_string(),
        })?;
        let mut names: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        names.sort();
        let name = |p: &PathBuf| {
            p.file_name()
                .map(|n| n.to_string_lossy().to_lowercase())
                .unwrap_or_default()
        };
        let missing = |what| PdfTagsError::Missing {
            dir: dir.display().to_string(),
            what,
        };
        let pdf = names
            .iter()
            .find(|p| name(p).ends_with(".pdf"))
            .ok_or_else(|| missing("a PDF"))?;
        let presentation = names
            .iter()
            .find(|p| name(p).ends_with("_pre.xml"))
            .ok_or_else(|| missing("a presentation linkbase (*_pre.xml)"))?;
        let linkbase = |n: &str| {
            ["_pre.xml", "_lab.xml", "_cal.xml", "_def.xml"]
                .iter()
                .any(|s| n.ends_with(s))
        };
        let instance = names
            .iter()
            .find(|p| {
                let n = name(p);
                n.ends_with(".xml") && !linkbase(&n)
            })
            .ok_or_else(|| missing("an XBRL instance (*.xml)"))?;
        Ok(Inputs {
            pdf: pdf.clone(),
            instance: instance.clone(),
            presentation: presentation.clone(),
        })
    }
}

/// Scores of one part of the filing (the primary statements, or the notes).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Scores {
    /// Numbers scored: on statements, the printed facts; in notes, the
    /// cells matched to a fact.
    pub numbers: usize,
    /// Of them, read with the right digits (a cell holds the fact).
    pub value: usize,
    /// With the right scale.
    pub scale: usize,
    /// With the sign as presented.
    pub sign: usize,
    /// With the right period.
    pub period: usize,
    /// Concept: exact, family, wrong, none.
    pub concept: Tally,
    /// Cells tickmark emitted in these tables.
    pub cells: usize,
    /// Cells matched to a fact.
    pub matched: usize,
    /// Cells two different facts fit equally (left out).
    pub ambiguous: usize,
    /// Cells no fact of the table's role has the magnitude of.
    pub no_fact: usize,
}

impl Scores {
    fn percent(part: usize, whole: usize) -> f64 {
        if whole == 0 {
            0.0
        } else {
            100.0 * part as f64 / whole as f64
        }
    }
}

/// One number scored wrong somewhere, for the failure list.
#[derive(Debug, Clone, Serialize)]
pub struct Failure {
    /// `statement` or `notes`.
    pub part: &'static str,
    /// What was wrong: `value`, `scale`, `sign`, `period`, `concept`.
    pub aspect: &'static str,
    /// The cell (or, for a fact no cell holds, the page of its statement).
    pub at: String,
    /// What tickmark read.
    pub got: String,
    /// What the tag says.
    pub expected: String,
}

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct PdfTagsReport {
    /// The PDF.
    pub pdf: String,
    /// The instance.
    pub instance: String,
    /// Numeric facts in the instance.
    pub facts: usize,
    /// Pages of the financial statements section.
    pub section: Option<(u32, u32)>,
    /// Each scored table and the role it was given.
    pub tables: Vec<(String, String)>,
    /// The primary statements.
    pub statements: Scores,
    /// The notes.
    pub notes: Scores,
    /// Concept families were known (`us_gaap_role_map.csv` found).
    pub families: bool,
    /// Every failure.
    pub failures: Vec<Failure>,
}

/// A role's facts: allowed when the concept and every axis and member of
/// the fact's dimensions are in the role.
fn allowed(role: &Role, fact: &TaggedFact) -> bool {
    role.concepts.contains(&fact.concept)
        && fact
            .dims
            .iter()
            .all(|(axis, member)| role.concepts.contains(axis) && role.concepts.contains(member))
}

/// A fact's identity for counting printed numbers (an instance may hold
/// one fact twice).
type Identity<'a> = (&'a str, &'a [(String, String)], xbrl::Period);

/// A printed line of a statement: a concept with its members.
type Line<'a> = (&'a str, &'a [(String, String)]);

fn identity(fact: &TaggedFact) -> Identity<'_> {
    (&fact.concept, &fact.dims, fact.period)
}

fn show_period(p: &xbrl::Period) -> String {
    match p {
        xbrl::Period::Instant(d) => d.to_string(),
        xbrl::Period::Duration { start, end } => format!("{start}..{end}"),
        xbrl::Period::Forever => "forever".to_string(),
    }
}

/// Runs the scorer over a folder; `families` is the concept families file
/// when one was found.
pub fn run(
    inputs: &Inputs,
    vocab: &Vocab,
    options: &ReadOptions,
    families: Option<Families>,
) -> Result<PdfTagsReport, PdfTagsError> {
    let read = |path: &Path| {
        std::fs::read(path).map_err(|e| PdfTagsError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        })
    };
    let pdf_name = inputs.pdf.display().to_string();
    let doc = load_source(&inputs.pdf, &pdf_name, vocab, options)?;
    let instance_name = inputs.instance.display().to_string();
    let instance = xbrl::Instance::parse_instance(&read(&inputs.instance)?, &instance_name)?;
    let pre_bytes = read(&inputs.presentation)?;
    let roles = read_presentation(
        &String::from_utf8_lossy(&pre_bytes),
        &inputs.presentation.display().to_string(),
    )?;
    let facts = TaggedFact::all(&instance);
    let has_families = families.is_some();
    let families = families.unwrap_or_default();
    let mut report = score(&doc, &facts, &roles, &families);
    report.pdf = pdf_name;
    report.instance = instance_name;
    report.families = has_families;
    Ok(report)
}

/// One cell of the document, where it is.
struct Located<'d> {
    cell: crate::Cell<'d>,
    table: usize,
}

/// Scores a read document against facts and roles (see the module
/// documentation).
pub fn score(
    doc: &Document,
    facts: &[TaggedFact],
    roles: &BTreeMap<String, Role>,
    families: &Families,
) -> PdfTagsReport {
    let scored_roles: Vec<&Role> = roles
        .values()
        .filter(|r| matches!(r.kind(), RoleKind::Statement | RoleKind::Details))
        .collect();
    let allowed_by_role: Vec<Vec<bool>> = scored_roles
        .iter()
        .map(|r| facts.iter().map(|f| allowed(r, f)).collect())
        .collect();
    let index = FactIndex::new(facts);

    let mut cells: Vec<Located<'_>> = Vec::new();
    for (t, table) in doc.tables.iter().enumerate() {
        if !matches!(table.part, TablePart::Pdf { .. }) {
            continue;
        }
        cells.extend(table.cells().map(|cell| Located { cell, table: t }));
    }
    let printed: Vec<Printed> = cells
        .iter()
        .map(|c| Printed {
            table: c.table,
            row: c.cell.coord().row,
            col: c.cell.coord().col,
            value: c.cell.value(),
            percent: c.cell.percent(),
        })
        .collect();
    let candidates: Vec<Vec<(usize, i32)>> = printed.iter().map(|p| index.candidates(p)).collect();

    // Each table's role: the one most of its numbers can be facts of.
    let mut by_table: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, c) in cells.iter().enumerate() {
        by_table.entry(c.table).or_default().push(i);
    }
    let mut table_role: HashMap<usize, usize> = HashMap::new();
    let mut table_share: HashMap<usize, f64> = HashMap::new();
    for (&t, members) in &by_table {
        let mut best: Option<(usize, usize)> = None;
        for (r, allowed) in allowed_by_role.iter().enumerate() {
            let count = members
                .iter()
                .filter(|&&i| {
                    candidates
                        .get(i)
                        .is_some_and(|c| c.iter().any(|&(f, _)| allowed.get(f) == Some(&true)))
                })
                .count();
            let better = match best {
                None => count > 0,
                Some((b, n)) => {
                    count > n
                        || count == n
                            && scored_roles.get(r).map(|r| r.kind()) == Some(RoleKind::Statement)
                            && scored_roles.get(b).map(|r| r.kind()) != Some(RoleKind::Statement)
                }
            };
            if better {
                best = Some((r, count));
            }
        }
        if let Some((r, count)) = best
            && count >= 2
            && count * 10 >= members.len() * 3
        {
            table_role.insert(t, r);
            table_share.insert(t, count as f64 / members.len().max(1) as f64);
        }
    }
    let page_of = |t: usize| {
        doc.tables.get(t).map_or(0, |table| match table.part {
            TablePart::Pdf { page, .. } => page,
            _ => 0,
        })
    };
    let kind_of = |t: usize| {
        table_role
            .get(&t)
            .and_then(|&r| scored_roles.get(r))
            .map(|r| r.kind())
    };
    // Each statement's home: the table holding most of its facts (the
    // MD&A repeats some of them, the statement prints them all).
    let mut home: HashMap<usize, (usize, usize)> = HashMap::new();
    for (&t, &r) in &table_role {
        if kind_of(t) != Some(RoleKind::Statement) {
            continue;
        }
        let count = by_table.get(&t).map_or(0, |m| {
            (table_share.get(&t).copied().unwrap_or(0.0) * m.len() as f64).round() as usize
        });
        let entry = home.entry(r).or_insert((t, count));
        if count > entry.1 {
            *entry = (t, count);
        }
    }
    let first = home
        .values()
        .filter(|(_, count)| *count >= 5)
        .map(|&(t, _)| page_of(t))
        .min();
    let last = table_role.keys().map(|&t| page_of(t)).max();
    let section = first.zip(last).filter(|(a, b)| a <= b);
    let in_section = |t: usize| section.is_some_and(|(a, b)| (a..=b).contains(&page_of(t)));

    let mut matches = super::tag_match::match_printed(&printed, &index, |i, f| {
        let Some(c) = cells.get(i) else { return false };
        table_role
            .get(&c.table)
            .and_then(|&r| allowed_by_role.get(r))
            .and_then(|a| a.get(f).copied())
            .unwrap_or(false)
    });
    super::tag_match::resolve_ties(&printed, &mut matches, facts, |i, f| {
        let role = cells
            .get(i)
            .and_then(|c| table_role.get(&c.table))
            .and_then(|&r| scored_roles.get(r))?;
        role.rank.get(&facts.get(f)?.concept).copied()
    });
    super::tag_match::prefer_unheld(&printed, &mut matches, facts);

    let mut report = PdfTagsReport {
        pdf: String::new(),
        instance: String::new(),
        facts: facts.len(),
        section,
        tables: Vec::new(),
        statements: Scores::default(),
        notes: Scores::default(),
        families: false,
        failures: Vec::new(),
    };
    // In table order: the report is the same from run to run.
    let mut matched: Vec<(usize, usize)> = table_role.iter().map(|(&t, &r)| (t, r)).collect();
    matched.sort_unstable();
    for (t, r) in matched {
        if in_section(t)
            && let (Some(table), Some(role)) = (doc.tables.get(t), scored_roles.get(r))
        {
            report
                .tables
                .push((table.reference.to_string(), role.name().to_string()));
        }
    }

    // Cells of the section's tables: counts, and the notes' scores.
    // Statement facts printed, per role: identity → the first cell holding it.
    let mut held: HashMap<(usize, Identity<'_>), usize> = HashMap::new();
    let mut periods: HashMap<usize, HashMap<xbrl::Period, usize>> = HashMap::new();
    // Per statement role: the (concept, members) lines its tables print.
    let mut lines: HashMap<usize, HashSet<Line<'_>>> = HashMap::new();
    for (i, c) in cells.iter().enumerate() {
        if !in_section(c.table) {
            continue;
        }
        let role = table_role.get(&c.table).copied();
        let statement =
            role.and_then(|r| scored_roles.get(r)).map(|r| r.kind()) == Some(RoleKind::Statement);
        let scores = if statement {
            &mut report.statements
        } else {
            &mut report.notes
        };
        scores.cells += 1;
        match matches.get(i) {
            Some(Match::Fact { fact, power }) => {
                scores.matched += 1;
                let Some(f) = facts.get(*fact) else { continue };
                if statement && let Some(r) = role {
                    held.entry((r, identity(f))).or_insert(i);
                    *periods.entry(r).or_default().entry(f.period).or_default() += 1;
                    lines
                        .entry(r)
                        .or_default()
                        .insert((f.concept.as_str(), f.dims.as_slice()));
                } else if let Some(role) = role.and_then(|r| scored_roles.get(r)) {
                    report.notes.numbers += 1;
                    report.notes.value += 1;
                    judge(
                        &c.cell,
                        f,
                        *power,
                        role,
                        families,
                        &mut report.notes,
                        &mut report.failures,
                        "notes",
                    );
                }
            }
            Some(Match::Ambiguous(tied)) => {
                scores.ambiguous += 1;
                let mut names: Vec<String> = tied
                    .iter()
                    .filter_map(|(f, _)| facts.get(*f))
                    .map(|f| {
                        format!(
                            "{} {}{}",
                            f.concept,
                            show_period(&f.period),
                            if f.dims.is_empty() {
                                String::new()
                            } else {
                                format!(" {:?}", f.dims)
                            }
                        )
                    })
                    .collect();
                names.sort();
                names.dedup();
                report.failures.push(Failure {
                    part: if statement { "statement" } else { "notes" },
                    aspect: "ambiguous",
                    at: c.cell.reference().to_string(),
                    got: format!(
                        "{:?} in row {:?}",
                        c.cell.text(),
                        c.cell.row_label().unwrap_or_default()
                    ),
                    expected: format!("one of {}", names.join("; ")),
                });
            }
            _ => {
                scores.no_fact += 1;
                report.failures.push(Failure {
                    part: if statement { "statement" } else { "notes" },
                    aspect: "no_fact",
                    at: c.cell.reference().to_string(),
                    got: format!(
                        "{:?} in row {:?}",
                        c.cell.text(),
                        c.cell.row_label().unwrap_or_default()
                    ),
                    expected: "a fact of the table's role".to_string(),
                });
            }
        }
    }

    // Primary statements: every printed fact, held by a cell or not.
    let mut counted: HashSet<(usize, Identity<'_>)> = HashSet::new();
    for (r, role) in scored_roles.iter().enumerate() {
        if role.kind() != RoleKind::Statement {
            continue;
        }
        let pages: BTreeSet<u32> = table_role
            .iter()
            .filter(|&(&t, &tr)| tr == r && in_section(t))
            .map(|(&t, _)| page_of(t))
            .collect();
        if pages.is_empty() {
            continue;
        }
        let printed_periods: HashSet<xbrl::Period> = periods
            .get(&r)
            .map(|p| {
                p.iter()
                    .filter(|&(_, &n)| n >= 2)
                    .map(|(p, _)| *p)
                    .collect()
            })
            .unwrap_or_default();
        let printed_lines = lines.get(&r).cloned().unwrap_or_default();
        // A line without members is printed unless the statement prints its
        // concept only with members (the equity statement's "Net income"
        // is the retained earnings column's); a line with members only
        // when one of its numbers was read.
        let with_members_only = |concept: &str| {
            printed_lines
                .iter()
                .any(|(c, d)| *c == concept && !d.is_empty())
                && !printed_lines
                    .iter()
                    .any(|(c, d)| *c == concept && d.is_empty())
        };
        for (f_index, f) in facts.iter().enumerate() {
            let printed_line = if f.dims.is_empty() {
                !with_members_only(&f.concept)
            } else {
                printed_lines.contains(&(f.concept.as_str(), f.dims.as_slice()))
            };
            if allowed_by_role.get(r).and_then(|a| a.get(f_index)) != Some(&true)
                || !printed_periods.contains(&f.period)
                || !printed_line
                || !counted.insert((r, identity(f)))
            {
                continue;
            }
            report.statements.numbers += 1;
            let Some(&i) = held.get(&(r, identity(f))) else {
                report.failures.push(Failure {
                    part: "statement",
                    aspect: "value",
                    at: format!(
                        "{} p{}",
                        role.name(),
                        pages
                            .iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(",p")
                    ),
                    got: "no cell holds it".to_string(),
                    expected: format!(
                        "{} {} {}{}",
                        f.concept,
                        show_period(&f.period),
                        f.value,
                        if f.dims.is_empty() {
                            String::new()
                        } else {
                            format!(" {:?}", f.dims)
                        }
                    ),
                });
                continue;
            };
            let (Some(c), Some(Match::Fact { fact, power })) = (cells.get(i), matches.get(i))
            else {
                continue;
            };
            let matched = facts.get(*fact).unwrap_or(f);
            report.statements.value += 1;
            judge(
                &c.cell,
                matched,
                *power,
                role,
                families,
                &mut report.statements,
                &mut report.failures,
                "statement",
            );
        }
    }
    report
}

/// Scores one matched cell's scale, sign, period and concept.
#[allow(clippy::too_many_arguments)]
fn judge(
    cell: &crate::Cell<'_>,
    fact: &TaggedFact,
    power: i32,
    role: &Role,
    families: &Families,
    scores: &mut Scores,
    failures: &mut Vec<Failure>,
    part: &'static str,
) {
    let at = cell.reference().to_string();
    let mut fail = |aspect: &'static str, got: String, expected: String| {
        failures.push(Failure {
            part,
            aspect,
            at: at.clone(),
            got,
            expected,
        });
    };
    let label = cell.row_label().unwrap_or_default().to_string();
    // Scale: the cell in base units is the fact's magnitude (a percentage
    // is its hundredth).
    let base = cell
        .value_base()
        .map(|v| {
            if cell.percent() {
                v / Decimal::ONE_HUNDRED
            } else {
                v
            }
        })
        .map(|v| v.abs().normalize());
    if base == Some(fact.value.abs().normalize()) {
        scores.scale += 1;
    } else {
        fail(
            "scale",
            format!("{:?} ({label}) scale {}", cell.text(), cell.scale()),
            format!("10^{power} ({} {})", fact.concept, fact.value),
        );
    }
    // Sign as presented.
    let flip = role.negated.contains(&fact.concept);
    let expected = if flip { -fact.value } else { fact.value };
    let got = cell.value();
    let sign_right = expected.is_zero()
        || got.is_zero() && expected.is_zero()
        || got.is_sign_negative() == expected.is_sign_negative() && !got.is_zero();
    if sign_right {
        scores.sign += 1;
    } else {
        fail(
            "sign",
            format!("{:?} ({label}) read {got}", cell.text()),
            format!(
                "{}{} ({}{})",
                if expected.is_sign_negative() {
                    "negative"
                } else {
                    "positive"
                },
                if flip { ", negated label" } else { "" },
                fact.concept,
                if fact.value < Decimal::ZERO {
                    " < 0"
                } else {
                    ""
                }
            ),
        );
    }
    // Period.
    match compare_period(cell.period(), &fact.period) {
        Verdict::Right => scores.period += 1,
        verdict => fail(
            "period",
            format!(
                "{:?} ({label}) col {:?} period {}",
                cell.text(),
                cell.col_label().unwrap_or_default(),
                cell.period()
                    .map_or_else(|| format!("{verdict:?}"), |p| p.to_string())
            ),
            show_period(&fact.period),
        ),
    }
    // Concept.
    let verdict = compare_concept(cell.concept().map(|c| c.as_str()), fact, families);
    let name = match verdict {
        ConceptVerdict::Exact => "exact",
        ConceptVerdict::Family => "family",
        ConceptVerdict::Wrong => "wrong",
        ConceptVerdict::None => "none",
    };
    scores.concept.add(name);
    if verdict == ConceptVerdict::Wrong {
        fail(
            "concept",
            format!(
                "{:?} ({label}) concept {}",
                cell.text(),
                cell.concept().map(|c| c.as_str()).unwrap_or_default()
            ),
            fact.concept.clone(),
        );
    }
}
