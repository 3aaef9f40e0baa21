//! Tag agreement for an SEC `Financial_Report.xlsx` (`tickmark eval --xbrl
//! DIR`): the workbook the SEC renders from a filing's inline XBRL, read
//! as any workbook (no tags), each number matched to the fact it renders and
//! the labeler's concept, period, scale and sign scored against that fact
//! with the same scorer as the HTML report card ([`super::tags`]).
//!
//! The folder holds `Financial_Report.xlsx`, `FilingSummary.xml` (which
//! report, R1…Rn, is which sheet, and whether it is a statement or a note)
//! and the filing's XBRL zip (the inline-XBRL `.htm` and its presentation
//! linkbase `_pre.xml`).
//!
//! # How a number is matched to its fact (the truth, independent of tickmark)
//!
//! - The sheet is the report at the same position in `FilingSummary.xml`
//!   (sheet names are the report's short name cut to 31 characters, a
//!   repeat numbered `_2`, `_3`).
//! - Candidates are the facts whose concept the report's presentation role
//!   lists, whose magnitude is the printed number times 1, 10³, 10⁶, 10⁹ or
//!   10⁻² (a percentage), and whose period is the column's as its raw header
//!   prints it ("3 Months Ended" over "Mar. 29, 2025"; a date alone is an
//!   instant), read here with a parser of this file's own, not tickmark's.
//! - One candidate (or several that are one fact: the same concept,
//!   dimensions and period) is the cell's fact; none or several different
//!   ones are counted and not scored.
//!
//! Reports are statements or notes by `FilingSummary.xml`'s menu category.
//! Sheets at odd positions are the held-out half; labeler rules were tuned
//! on the even ones (docs/evaluation.md).

use std::collections::{HashMap, HashSet};
use std::io::Read as _;
use std::path::Path;

use jiff::civil::Date;
use rust_decimal::Decimal;
use serde::Serialize;

use super::tags::{Card, score_cell};
use crate::model::{Cell, TablePart};
use crate::vocab::Vocab;
use crate::xbrl::{Fact, Instance, Period as XPeriod};
use crate::{ReadOptions, load_source};

/// Why the scoring could not run.
#[derive(Debug, thiserror::Error)]
pub enum XlsxTagsError {
    /// A file is missing or unreadable.
    #[error("{path}: {reason}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
}

fn fail(path: &Path, reason: impl std::fmt::Display) -> XlsxTagsError {
    XlsxTagsError::Read {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

/// A number the labeler read differently from its fact, for reading.
#[derive(Debug, Clone, Serialize)]
pub struct Disagreement {
    /// The cell.
    pub cell: String,
    /// Its row label.
    pub label: String,
    /// The fact's concept (and members).
    pub fact: String,
    /// What differs: "concept", "period", "scale", "sign".
    pub what: Vec<&'static str>,
    /// The labeler's concept and period.
    pub read: String,
}

/// The scores of one workbook.
#[derive(Debug, Clone, Default, Serialize)]
pub struct XlsxTagsReport {
    /// The folder read.
    pub dir: String,
    /// Numbers on statement sheets, facts without members.
    pub primary: Card,
    /// Numbers on statement sheets, facts with members.
    pub primary_members: Card,
    /// Numbers on note sheets, facts without members.
    pub notes: Card,
    /// Numbers on note sheets, facts with members.
    pub notes_members: Card,
    /// Every scored number on the sheets at even positions (tuned on).
    pub tuned: Card,
    /// Every scored number on the sheets at odd positions (held out).
    pub held_out: Card,
    /// Numbers with no fact.
    pub unmatched: usize,
    /// Numbers with several different facts.
    pub ambiguous: usize,
    /// Sheets with numbers that no report names.
    pub unknown_sheets: Vec<String>,
    /// Every scored number whose concept, period, scale or sign differs.
    pub disagreements: Vec<Disagreement>,
}

/// One report of `FilingSummary.xml`.
struct Report {
    position: usize,
    short_name: String,
    role: String,
    statement: bool,
}

/// Scores the workbook in `dir` against its filing's tags.
pub fn score(dir: &Path, vocab: &Vocab) -> Result<XlsxTagsReport, XlsxTagsError> {
    let workbook = dir.join("Financial_Report.xlsx");
    let summary_path = dir.join("FilingSummary.xml");
    let summary = std::fs::read_to_string(&summary_path).map_err(|e| fail(&summary_path, e))?;
    let reports = reports(&summary);
    let (instance, roles) = filing(dir)?;
    let doc = load_source(
        &workbook,
        "Financial_Report.xlsx",
        vocab,
        &ReadOptions::default(),
    )
    .map_err(|e| fail(&workbook, e))?;

    // Sheet names, as Excel cuts and numbers them.
    let mut names: HashMap<String, &Report> = HashMap::new();
    for r in &reports {
        let base: String = r.short_name.chars().take(31).collect();
        let mut name = base.clone();
        let mut n = 2;
        while names.contains_key(&name) {
            let cut: String = base.chars().take(29).collect();
            name = format!("{cut}_{n}");
            n += 1;
        }
        names.insert(name, r);
    }
    // Facts by magnitude, for matching.
    let mut by_value: HashMap<Decimal, Vec<&Fact>> = HashMap::new();
    for f in instance.facts() {
        if let Some(v) = f.value {
            by_value.entry(v.abs().normalize()).or_default().push(f);
        }
    }
    let mut out = XlsxTagsReport {
        dir: dir.display().to_string(),
        ..XlsxTagsReport::default()
    };
    for table in &doc.tables {
        let TablePart::Sheet(sheet) = &table.part else {
            continue;
        };
        let Some(report) = names.get(&**sheet) else {
            out.unknown_sheets.push(sheet.to_string());
            continue;
        };
        let concepts = roles.get(&report.role);
        let headers = raw_periods(table);
        for cell in table.cells() {
            let col = cell.coord().col as usize;
            let period = headers.get(col).copied().flatten();
            match fact_of(&cell, period, concepts, &by_value) {
                Found::One(fact) => {
                    let score = score_cell(&cell, fact, vocab);
                    let members = !fact.dims().is_empty();
                    let card = match (report.statement, members) {
                        (true, false) => &mut out.primary,
                        (true, true) => &mut out.primary_members,
                        (false, false) => &mut out.notes,
                        (false, true) => &mut out.notes_members,
                    };
                    card.add(score);
                    if report.position % 2 == 0 {
                        out.tuned.add(score);
                    } else {
                        out.held_out.add(score);
                    }
                    let mut what = Vec::new();
                    use super::tags::ConceptScore as C;
                    if matches!(score.concept, C::Wrong | C::None) {
                        what.push("concept");
                    }
                    if score.period != Some(true) {
                        what.push("period");
                    }
                    if !score.scale {
                        what.push("scale");
                    }
                    if !score.sign {
                        what.push("sign");
                    }
                    if !what.is_empty() {
                        out.disagreements.push(Disagreement {
                            cell: cell.reference().to_string(),
                            label: cell.row_label().unwrap_or("").to_string(),
                            fact: describe_fact(fact),
                            what,
                            read: format!(
                                "{} | {} | scale {}",
                                cell.labeled_concept()
                                    .map_or("-".to_string(), ToString::to_string),
                                cell.labeled_period()
                                    .map_or("-".to_string(), ToString::to_string),
                                cell.labeled_scale()
                            ),
                        });
                    }
                }
                Found::None => out.unmatched += 1,
                Found::Several => out.ambiguous += 1,
            }
        }
    }
    Ok(out)
}

enum Found<'f> {
    One(&'f Fact),
    None,
    Several,
}

/// The fact a cell renders: magnitude, presentation role and period agree.
fn fact_of<'f>(
    cell: &Cell<'_>,
    period: Option<RawPeriod>,
    concepts: Option<&HashSet<String>>,
    by_value: &HashMap<Decimal, Vec<&'f Fact>>,
) -> Found<'f> {
    let printed = cell.value().abs();
    let mut candidates: Vec<&Fact> = Vec::new();
    for exp in [0u32, 3, 6, 9] {
        let Some(v) = printed.checked_mul(Decimal::from(10u64.pow(exp))) else {
            continue;
        };
        candidates.extend(by_value.get(&v.normalize()).into_iter().flatten());
    }
    if let Some(v) = printed.checked_div(Decimal::ONE_HUNDRED) {
        candidates.extend(by_value.get(&v.normalize()).into_iter().flatten());
    }
    candidates.retain(|f| concepts.is_none_or(|c| c.contains(&f.concept)));
    if let Some(p) = period {
        candidates.retain(|f| p.matches(&f.period()));
    }
    let mut distinct: Vec<&Fact> = Vec::new();
    for f in candidates {
        if !distinct.iter().any(|d| same_fact(d, f)) {
            distinct.push(f);
        }
    }
    match distinct.as_slice() {
        [one] => Found::One(one),
        [] => Found::None,
        _ => Found::Several,
    }
}

fn same_fact(a: &Fact, b: &Fact) -> bool {
    a.concept == b.concept && a.dims() == b.dims() && a.period() == b.period()
}

fn describe_fact(f: &Fact) -> String {
    let dims: Vec<String> = f.dims().iter().map(ToString::to_string).collect();
    if dims.is_empty() {
        f.concept.clone()
    } else {
        format!("{}[{}]", f.concept, dims.join(", "))
    }
}

/// A column's period as its raw header prints it.
#[derive(Debug, Clone, Copy)]
enum RawPeriod {
    Span { months: u8, end: Date },
    Instant(Date),
}

impl RawPeriod {
    fn matches(self, p: &XPeriod) -> bool {
        match (self, p) {
            (RawPeriod::Instant(d), XPeriod::Instant(x)) => d == *x,
            (RawPeriod::Span { months, end }, XPeriod::Duration { start, end: e }) => {
                let days = i64::from((*e - *start).get_days());
                let m = (days * 100 + 1522) / 3044;
                end == *e && (m - i64::from(months)).abs() <= 1
            }
            _ => false,
        }
    }
}

/// Per grid column (1-based index), the period its header rows print: a
/// "N Months Ended" (spanning the empty cells to its right) over a date.
fn raw_periods(table: &crate::model::Table) -> Vec<Option<RawPeriod>> {
    let width = table.grid.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = vec![None; width + 1];
    let header_rows: Vec<&Vec<crate::model::GridValue>> = table
        .grid
        .iter()
        .take_while(|row| {
            !row.iter()
                .skip(1)
                .any(|v| matches!(v, crate::model::GridValue::Number(_)))
        })
        .take(4)
        .collect();
    let mut months: Vec<Option<u8>> = vec![None; width];
    for row in &header_rows {
        let mut carried = None;
        for (c, v) in row.iter().enumerate().skip(1) {
            let text = v.text();
            let m = months_ended(&text);
            if m.is_some() {
                carried = m;
            }
            if let Some(slot) = months.get_mut(c) {
                *slot = slot.or(m.or(if text.trim().is_empty() {
                    carried
                } else {
                    None
                }));
            }
        }
    }
    for row in &header_rows {
        for (c, v) in row.iter().enumerate().skip(1) {
            if let Some(date) = date_of(&v.text()) {
                let p = match months.get(c).copied().flatten() {
                    Some(m) => RawPeriod::Span {
                        months: m,
                        end: date,
                    },
                    None => RawPeriod::Instant(date),
                };
                if let Some(slot) = out.get_mut(c + 1) {
                    *slot = Some(p);
                }
            }
        }
    }
    out
}

/// "3 Months Ended" → 3, "12 Months Ended" → 12.
fn months_ended(text: &str) -> Option<u8> {
    let lower = text.to_lowercase();
    let at = lower.find("months ended")?;
    lower.get(..at)?.trim().rsplit(' ').next()?.parse().ok()
}

/// "Mar. 29, 2025", "Sep. 28, 2024" → the date.
fn date_of(text: &str) -> Option<Date> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let lower = text.trim().to_lowercase();
    let mut parts = lower.split([' ', ',', '.']).filter(|p| !p.is_empty());
    let (m, d, y) = (parts.next()?, parts.next()?, parts.next()?);
    let month = MONTHS.iter().position(|x| m.starts_with(x))?;
    let day: i8 = d.parse().ok()?;
    let year: i16 = y.parse().ok()?;
    Date::new(year, i8::try_from(month + 1).ok()?, day).ok()
}

/// The reports of `FilingSummary.xml`, in position order.
fn reports(xml: &str) -> Vec<Report> {
    let mut out = Vec::new();
    for block in xml.split("<Report ").skip(1) {
        let field = |name: &str| -> Option<String> {
            let open = format!("<{name}>");
            let close = format!("</{name}>");
            let start = block.find(&open)? + open.len();
            let end = block.get(start..)?.find(&close)? + start;
            block.get(start..end).map(|s| unescape(s.trim()))
        };
        let (Some(position), Some(short_name)) = (field("Position"), field("ShortName")) else {
            continue;
        };
        out.push(Report {
            position: position.parse().unwrap_or(0),
            short_name,
            role: field("Role").unwrap_or_default(),
            statement: field("MenuCategory").is_some_and(|c| c == "Statements"),
        });
    }
    out.sort_by_key(|r| r.position);
    out
}

fn unescape(s: &str) -> String {
    s.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
}

/// The filing's facts and, per presentation role, the concepts it lists.
fn filing(dir: &Path) -> Result<(Instance, HashMap<String, HashSet<String>>), XlsxTagsError> {
    let zip_path = std::fs::read_dir(dir)
        .map_err(|e| fail(dir, e))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "zip"))
        .ok_or_else(|| fail(dir, "no XBRL zip in the folder"))?;
    let file = std::fs::File::open(&zip_path).map_err(|e| fail(&zip_path, e))?;
    let mut archive = zip::ZipArchive::new(file).map_err(|e| fail(&zip_path, e))?;
    let names: Vec<String> = archive
        .file_names()
        .filter_map(Result::ok)
        .map(|n| n.into_owned())
        .collect();
    let read = |archive: &mut zip::ZipArchive<std::fs::File>,
                name: &str|
     -> Result<Vec<u8>, XlsxTagsError> {
        let mut entry = archive.by_name(name).map_err(|e| fail(&zip_path, e))?;
        let mut bytes = Vec::new();
        entry
            .read_to_end(&mut bytes)
            .map_err(|e| fail(&zip_path, e))?;
        Ok(bytes)
    };
    let htm = names
        .iter()
        .filter(|n| n.ends_with(".htm") && !n.contains("exhibit"))
        .max_by_key(|n| archive.by_name(n).map(|e| e.size()).unwrap_or(0))
        .cloned()
        .ok_or_else(|| fail(&zip_path, "no inline-XBRL .htm in the zip"))?;
    let bytes = read(&mut archive, &htm)?;
    let instance = Instance::parse_inline(&bytes, &htm).map_err(|e| fail(&zip_path, e))?;
    let mut roles: HashMap<String, HashSet<String>> = HashMap::new();
    if let Some(pre) = names.iter().find(|n| n.ends_with("_pre.xml")).cloned() {
        let text = String::from_utf8_lossy(&read(&mut archive, &pre)?).into_owned();
        for link in text.split("<link:presentationLink").skip(1) {
            let Some(role) = attr(link, "xlink:role") else {
                continue;
            };
            let set = roles.entry(role).or_default();
            for loc in link.split("<link:loc").skip(1) {
                if let Some(href) = attr(loc, "xlink:href")
                    && let Some((_, frag)) = href.split_once('#')
                    && let Some((prefix, local)) = frag.split_once('_')
                {
                    set.insert(format!("{prefix}:{local}"));
                }
            }
        }
    }
    Ok((instance, roles))
}

/// An attribute's value in the start of a tag.
fn attr(text: &str, name: &str) -> Option<String> {
    let head = text.get(..text.find('>')?)?;
    let key = format!("{name}=\"");
    let start = head.find(&key)? + key.len();
    let end = head.get(start..)?.find('"')? + start;
    head.get(start..end).map(str::to_string)
}

impl XlsxTagsReport {
    /// The cards as a Markdown table.
    pub fn markdown(&self) -> String {
        let mut out = String::from(
            "| numbers | scored | concept exact | family | wrong | none | outside the vocabulary | period right | scale right | sign right |\n|---|---|---|---|---|---|---|---|---|---|\n",
        );
        for (name, card) in [
            ("statements, no members", &self.primary),
            ("statements, with members", &self.primary_members),
            ("notes, no members", &self.notes),
            ("notes, with members", &self.notes_members),
            ("sheets tuned on (even positions)", &self.tuned),
            ("sheets held out (odd positions)", &self.held_out),
        ] {
            out.push_str(&row(name, card));
        }
        out.push_str(&format!(
            "\nNot scored: {} numbers with no fact, {} with several different facts.\n",
            self.unmatched, self.ambiguous
        ));
        out
    }

    /// The cards and every disagreement, for a terminal.
    pub fn human(&self) -> String {
        let mut out = format!("tag agreement: {}\n\n{}", self.dir, self.markdown());
        for d in &self.disagreements {
            out.push_str(&format!(
                "  {} {:?}: {} — read {} (tag {})\n",
                d.cell,
                d.label,
                d.what.join(", "),
                d.read,
                d.fact
            ));
        }
        out
    }
}

fn row(name: &str, c: &Card) -> String {
    let in_vocab = c.in_vocab();
    let pct = |n: usize, of: usize| {
        if of == 0 {
            "–".to_string()
        } else {
            let share = (Decimal::from(n) * Decimal::ONE_HUNDRED / Decimal::from(of)).round_dp(1);
            format!("{share}%")
        }
    };
    format!(
        "| {name} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
        c.cells,
        pct(c.exact, in_vocab),
        pct(c.family, in_vocab),
        pct(c.wrong, in_vocab),
        pct(c.none, in_vocab),
        c.outside_silent + c.outside_claimed,
        pct(c.period_agree, c.cells),
        pct(c.scale_right, c.cells),
        pct(c.sign_right, c.cells)
    )
}
