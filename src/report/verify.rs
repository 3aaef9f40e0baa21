//! `tickmark verify` output: JSON (docs/contract.md §5), JSON Lines, human
//! diagnostics, and the summary counts. The reports are computed by
//! [`crate::verify`]; this module only renders them.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::Arc;

use serde::Serialize;

use crate::check::{Code, Finding, Route};
use crate::model::{CellRef, Coord, Document, Located, Table};
use crate::report::term::{self, Term, style};
use crate::verify::{AnswerReport, ClaimReport, NotChecked};

/// Counts over a run: claims by route, findings by code.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Answers reported.
    pub answers: usize,
    /// Answers that could not be read, or that were read with an input
    /// error (a malformed claim, a duplicate id): the run exits 2.
    pub malformed: usize,
    /// Answers not checked because a source could not be opened at all.
    pub source_errors: usize,
    /// Claims (operands not counted) by route.
    pub claims: BTreeMap<&'static str, usize>,
    /// Findings by code, operands included.
    pub findings: BTreeMap<&'static str, usize>,
    /// Model calls made.
    pub model_calls: usize,
    /// Model calls saved.
    pub model_calls_saved: usize,
    /// Claims every code check passed that wait for a support judge.
    pub pending_support: usize,
    /// Checks that did not run (`--checks`), by name.
    pub checks_skipped: Vec<&'static str>,
}

impl Summary {
    /// Adds an answer's counts.
    pub fn add(&mut self, report: &AnswerReport) {
        self.answers += 1;
        if report.error_kind == Some(NotChecked::Source) {
            self.source_errors += 1;
        } else if report.has_input_error() {
            self.malformed += 1;
        }
        for claim in &report.claims {
            *self.claims.entry(claim.route.name()).or_default() += 1;
        }
        for finding in report.all_findings() {
            *self.findings.entry(finding.code.name()).or_default() += 1;
        }
        self.model_calls += report.model_calls;
        self.model_calls_saved += report.model_calls_saved;
        self.pending_support += report.claims.iter().filter(|c| c.pending_support).count();
        for check in &report.checks_skipped {
            if !self.checks_skipped.contains(&check.name()) {
                self.checks_skipped.push(check.name());
            }
        }
    }

    /// Answers not checked at all: malformed, or a source could not be
    /// opened (an input error: exit code 2).
    pub fn not_checked(&self) -> usize {
        self.malformed + self.source_errors
    }

    /// Total claims.
    pub fn claim_count(&self) -> usize {
        self.claims.values().sum()
    }

    /// "3 answers, 12 claims: 7 accept, 2 recite, 2 reanswer, 1 review; findings: ..."
    pub fn line(&self) -> String {
        self.line_for(&Term::PLAIN)
    }

    /// [`Summary::line`] with the routes coloured when `term` colours.
    pub fn line_for(&self, term: &Term) -> String {
        let routes: Vec<String> = [Route::Accept, Route::Recite, Route::Review, Route::Reanswer]
            .iter()
            .filter_map(|r| {
                self.claims
                    .get(r.name())
                    .map(|n| format!("{n} {}", term.paint(route_style(*r), r.name())))
            })
            .collect();
        let mut line = format!(
            "{} answer{}, {} claim{}: {}",
            self.answers,
            plural(self.answers),
            self.claim_count(),
            plural(self.claim_count()),
            if routes.is_empty() {
                "none".to_string()
            } else {
                routes.join(", ")
            }
        );
        if self.malformed > 0 {
            line.push_str(&format!("; {} malformed", self.malformed));
        }
        if self.source_errors > 0 {
            line.push_str(&format!(
                "; {} not checked (a source could not be opened)",
                self.source_errors
            ));
        }
        if !self.findings.is_empty() {
            line.push_str(&format!("; findings: {}", codes_text(&self.findings)));
        }
        line.push_str(&format!(
            "; model calls {} (saved {})",
            self.model_calls, self.model_calls_saved
        ));
        if self.pending_support > 0 {
            line.push_str(&format!(
                "; {} accepted by the code checks, support not judged",
                self.pending_support
            ));
        }
        if !self.checks_skipped.is_empty() {
            line.push_str(&format!(
                "; checks not run: {} (accepted claims were not fully checked)",
                self.checks_skipped.join(", ")
            ));
        }
        line
    }
}

/// Counts by finding code, in the order of docs/contract.md §5: "uncited 1,
/// value_mismatch 3".
pub fn codes_text<N: std::fmt::Display>(counts: &BTreeMap<&'static str, N>) -> String {
    Code::ALL
        .iter()
        .filter_map(|c| counts.get(c.name()).map(|n| format!("{} {n}", c.name())))
        .collect::<Vec<_>>()
        .join(", ")
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// What `verify --format json` writes: one object, the reports (each as
/// `--format jsonl` writes it) and their counts under `batch`'s names.
#[derive(Serialize)]
pub struct VerifyJson<'a> {
    /// The contract version: `"schema": 1`.
    pub schema: crate::report::Schema,
    /// One report per answer, in input order (a single answer object is an
    /// array of one).
    pub answers: &'a [AnswerReport],
    /// The counts, as `batch --format summary` names them (no `seconds`).
    pub summary: &'a crate::batch::BatchSummary,
}

/// Writes reports as JSON: `{"schema": 1, "answers": [...], "summary": {...}}`
/// ([`VerifyJson`]), the summary counted from `reports` with `sources_read`
/// sources read.
pub fn write_json(
    out: &mut dyn Write,
    reports: &[AnswerReport],
    sources_read: usize,
) -> io::Result<()> {
    let mut summary = crate::batch::BatchSummary::of_reports(reports);
    summary.sources_read = sources_read;
    let document = VerifyJson {
        schema: crate::report::Schema,
        answers: reports,
        summary: &summary,
    };
    serde_json::to_writer_pretty(&mut *out, &document).map_err(crate::report::json_error)?;
    writeln!(out)
}

/// Writes one report as a JSON line.
pub fn write_jsonl(out: &mut dyn Write, report: &AnswerReport) -> io::Result<()> {
    serde_json::to_writer(&mut *out, report).map_err(crate::report::json_error)?;
    writeln!(out)
}

/// Finds the loaded document of a source id, for drawing table excerpts.
pub trait DocumentLookup {
    /// The document a reference's source id names, if loaded.
    fn document(&self, source: &str) -> Option<Arc<Document>>;
}

/// Which diagnostics the human format shows (`--quiet`, `--verbose`,
/// `--only`). The summary always counts everything.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Show {
    /// What needs attention: every finding's block and the verdict line of
    /// every answer not accepted; an accepted answer only in the counts.
    #[default]
    Attention,
    /// Also the verdict line of every accepted answer.
    Verbose,
    /// Only blocks headed by these routes, and the verdict lines of
    /// answers routed so (`accept` lists the accepted answers).
    Only(Vec<Route>),
    /// Nothing but input errors (which make the exit code 2).
    Quiet,
}

impl Show {
    /// Whether a block headed by `route` is shown.
    fn block(&self, route: Route) -> bool {
        match self {
            Show::Attention | Show::Verbose => true,
            Show::Only(routes) => routes.contains(&route),
            Show::Quiet => false,
        }
    }

    /// Whether the verdict line of an answer routed `route` is shown.
    fn verdict(&self, route: Route) -> bool {
        match self {
            Show::Attention => route != Route::Accept,
            Show::Verbose => true,
            Show::Only(routes) => routes.contains(&route),
            Show::Quiet => false,
        }
    }
}

/// How human diagnostics are written: for which terminal, showing what.
#[derive(Debug, Clone, Default)]
pub struct Human {
    /// The width and colour.
    pub term: Term,
    /// What is shown.
    pub show: Show,
}

/// The colour of a route's name.
pub fn route_style(route: Route) -> anstyle::Style {
    match route {
        Route::Accept => style::ACCEPT,
        Route::Recite | Route::Review => style::WARNING,
        Route::Reanswer => style::ERROR,
    }
}

/// `  = label: text`, wrapped with continuation lines under the text (as
/// rustc aligns a long `= note:`).
fn write_note(
    out: &mut dyn Write,
    term: &Term,
    label: &str,
    label_style: anstyle::Style,
    text: &str,
) -> io::Result<()> {
    let first = format!("  = {}: ", term.paint(label_style, label));
    let rest = " ".repeat(2 + 2 + term::width(label) + 2);
    write_wrapped(out, term, text, &first, &rest)
}

fn write_wrapped(
    out: &mut dyn Write,
    term: &Term,
    text: &str,
    first: &str,
    rest: &str,
) -> io::Result<()> {
    out.write_all(term.wrapped(text, first, rest).as_bytes())
}

/// Writes the run's summary counts, wrapped to the width.
pub fn write_summary(out: &mut dyn Write, summary: &Summary, term: &Term) -> io::Result<()> {
    write_wrapped(out, term, &summary.line_for(term), "", "  ")
}

/// Writes one answer as diagnostics, unfitted and uncoloured: every claim
/// that is not accepted, its findings with the cited cell in its table, and
/// help with the re-cite (see [`write_human_for`]).
pub fn write_human(
    out: &mut dyn Write,
    report: &AnswerReport,
    docs: &dyn DocumentLookup,
) -> io::Result<()> {
    write_human_for(out, report, docs, &Human::default())
}

/// Writes one answer as diagnostics for `human`'s terminal, showing what
/// `human.show` asks for.
pub fn write_human_for(
    out: &mut dyn Write,
    report: &AnswerReport,
    docs: &dyn DocumentLookup,
    human: &Human,
) -> io::Result<()> {
    let term = &human.term;
    if let Some(error) = &report.error {
        let kind = report.error_kind.unwrap_or(NotChecked::Malformed);
        let head = term
            .paint(style::ERROR, &format!("error[{}]", kind.name()))
            .into_owned();
        write_wrapped(out, term, &format!("{head}: {}", clean(error)), "", "  ")?;
        if report.claims.is_empty() {
            write_note(
                out,
                term,
                "note",
                style::NOTE,
                &format!("answer {:?} was not checked", report.id),
            )?;
            return writeln!(out);
        }
        write_note(
            out,
            term,
            "note",
            style::NOTE,
            &format!("the claims of answer {:?} were checked", report.id),
        )?;
        writeln!(out)?;
    }
    for finding in &report.findings {
        write_block(out, &report.id, &[finding], docs, human)?;
    }
    for claim in &report.claims {
        write_claim(out, report, claim, None, docs, human)?;
    }
    if !human.show.verdict(report.route) {
        return Ok(());
    }
    let accepted = report
        .claims
        .iter()
        .filter(|c| c.route == Route::Accept)
        .count();
    // What "accepted" stands on: the code checks that ran; a judge only
    // when one was asked.
    let mut how = Vec::new();
    if report.claims.iter().any(|c| c.pending_support) {
        how.push("by the code checks; support not judged".to_string());
    }
    if !report.checks_skipped.is_empty() {
        let skipped: Vec<&str> = report.checks_skipped.iter().map(|c| c.name()).collect();
        how.push(format!("{} not run", skipped.join(", ")));
    }
    let how = if how.is_empty() || accepted == 0 {
        String::new()
    } else {
        format!(" {}", how.join("; "))
    };
    let line = format!(
        "{}: {} ({} of {} claim{} accepted{how})",
        term.paint(style::BOLD, &clean(&report.id)),
        term.paint(route_style(report.route), report.route.name()),
        accepted,
        report.claims.len(),
        plural(report.claims.len())
    );
    write_wrapped(out, term, &line, "", "  ")?;
    writeln!(out)
}

/// User-supplied text as a terminal may show it: control characters
/// (escape sequences, line breaks, tabs) written as `\u{1b}`, `\n`, so
/// that no id or message can move the cursor or forge a line.
pub fn clean(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

fn write_claim(
    out: &mut dyn Write,
    report: &AnswerReport,
    claim: &ClaimReport,
    parent: Option<&str>,
    docs: &dyn DocumentLookup,
    human: &Human,
) -> io::Result<()> {
    let term = &human.term;
    let name = match parent {
        Some(p) => format!("{} › {p} › operand {}", report.id, claim.id),
        None => format!("{} › {}", report.id, claim.id),
    };
    if let Some(error) = &claim.error {
        let head = term.paint(style::ERROR, "error[malformed]");
        let line = format!("{head}: {}", term.paint(style::BOLD, &clean(&name)));
        write_wrapped(out, term, &line, "", "  ")?;
        write_wrapped(out, term, &clean(error), "  ", "    ")?;
        write_note(
            out,
            term,
            "note",
            style::NOTE,
            "this claim was not checked; the others were",
        )?;
        writeln!(out)?;
    }
    // One block per cited cell: its findings together, one excerpt.
    let mut blocks: Vec<Vec<&Finding>> = Vec::new();
    for finding in &claim.findings {
        let key = |f: &Finding| (f.cell.as_ref().map(|c| c.reference.clone()), f.cite.clone());
        match blocks
            .iter_mut()
            .find(|b| b.first().is_some_and(|f| key(f) == key(finding)) && key(finding).0.is_some())
        {
            Some(block) => block.push(finding),
            None => blocks.push(vec![finding]),
        }
    }
    for block in blocks {
        write_block(out, &name, &block, docs, human)?;
    }
    for operand in &claim.operands {
        write_claim(out, report, operand, Some(&claim.id), docs, human)?;
    }
    Ok(())
}

/// One diagnostic: the findings of one cite (one or more codes), headed by
/// the worst route (`reanswer[…]`, `review[…]`, `recite[…]`), each message,
/// the cited cell in its table once, and each suggested re-cite once.
fn write_block(
    out: &mut dyn Write,
    name: &str,
    findings: &[&Finding],
    docs: &dyn DocumentLookup,
    human: &Human,
) -> io::Result<()> {
    let term = &human.term;
    let Some(finding) = findings.iter().max_by_key(|f| f.route).copied() else {
        return Ok(());
    };
    let level = match finding.route {
        Route::Accept => Route::Recite,
        route => route,
    };
    if !human.show.block(level) {
        return Ok(());
    }
    let codes: Vec<&str> = findings.iter().map(|f| f.code.name()).collect();
    let head = format!("{}[{}]", level.name(), codes.join(", "));
    let head = term.paint(route_style(level), &head);
    let line = format!("{head}: {}", term.paint(style::BOLD, &clean(name)));
    write_wrapped(out, term, &line, "", "  ")?;
    for f in findings {
        write_wrapped(out, term, &clean(&f.message), "  ", "    ")?;
    }
    let arrow = format!("  {} ", term.paint(style::GUTTER, "-->"));
    if let Some(cell) = &finding.cell {
        let via = match &finding.cite {
            Some(cite) if *cite != cell.reference => format!(" (cited as {cite})"),
            _ => String::new(),
        };
        let text = format!("{}{}", clean(&cell.reference), clean(&via));
        write_wrapped(out, term, &text, &arrow, "      ")?;
        if let Ok(reference) = CellRef::parse(&cell.reference)
            && let Some(doc) = docs.document(&reference.source)
            && let Some(Located::Cell(table, coord)) = doc.locate(&reference)
        {
            let room = term.width().map(|w| w.saturating_sub(3));
            for line in excerpt_within(table, coord, room) {
                writeln!(out, "   {}", paint_excerpt_line(term, &clean(&line), level))?;
            }
        }
    } else if let Some(cite) = &finding.cite {
        write_wrapped(out, term, &clean(cite), &arrow, "      ")?;
    }
    write_note(
        out,
        term,
        "route",
        style::BOLD,
        &term.paint(route_style(finding.route), finding.route.name()),
    )?;
    let mut suggested: Vec<&str> = Vec::new();
    for suggest in findings.iter().filter_map(|f| f.suggest.as_deref()) {
        if !suggested.contains(&suggest) {
            suggested.push(suggest);
            write_note(
                out,
                term,
                "help",
                style::HELP,
                &format!("cite {} instead", clean(suggest)),
            )?;
        }
    }
    writeln!(out)
}

/// An excerpt line with its gutter (`  18 |`) and the cited cell's marker
/// (`<--`) coloured.
fn paint_excerpt_line(term: &Term, line: &str, level: Route) -> String {
    if !term.color() {
        return line.to_string();
    }
    let (gutter, rest) = match line.find('|') {
        Some(at) => line.split_at(at + 1),
        None => ("", line),
    };
    let (rest, marker) = match rest.strip_suffix("<--") {
        Some(body) => (body, "<--"),
        None => (rest, ""),
    };
    format!(
        "{}{rest}{}",
        term.paint(style::GUTTER, gutter),
        term.paint(route_style(level), marker)
    )
}

/// A few rows of a table around a cell: row numbers, labels, the header of
/// each column shown, values; the cited cell marked.
pub fn excerpt(table: &Table, coord: Coord) -> Vec<String> {
    excerpt_within(table, coord, None)
}

/// [`excerpt`] in at most `max` columns when given: up to five value
/// columns centred on the cited one and labels up to 48 columns wide,
/// fewer columns and shorter labels (cut with "…") when that is too wide.
/// Unbounded, labels are whole. Values are cut at 30 columns either way.
pub fn excerpt_within(table: &Table, coord: Coord, max: Option<usize>) -> Vec<String> {
    // (value columns, label columns), most shown first.
    const FITS: [(usize, usize); 12] = [
        (5, 48),
        (5, 36),
        (4, 36),
        (3, 36),
        (5, 28),
        (4, 28),
        (3, 28),
        (2, 28),
        (3, 20),
        (2, 20),
        (1, 20),
        (1, 14),
    ];
    // Unbounded: every label whole.
    let Some(max) = max else {
        return excerpt_shaped(table, coord, 5, usize::MAX);
    };
    let mut last = Vec::new();
    for (columns, label) in FITS {
        let lines = excerpt_shaped(table, coord, columns, label);
        if lines.iter().all(|l| term::width(l) <= max) {
            return lines;
        }
        last = lines;
    }
    last
}

/// The excerpt with at most `columns` value columns and labels (with their
/// row numbers) of at most `label_max` columns.
fn excerpt_shaped(table: &Table, coord: Coord, columns: usize, label_max: usize) -> Vec<String> {
    let row = (coord.row as usize).saturating_sub(1);
    let col = (coord.col as usize).saturating_sub(1);
    let label_col = table.label_col;
    let width = table.grid.iter().map(Vec::len).max().unwrap_or(0);
    let value_cols: Vec<usize> = (0..width).filter(|c| *c != label_col).collect();
    // At most `columns` value columns, centred on the cited one.
    let at = value_cols.iter().position(|c| *c == col).unwrap_or(0);
    let from = at
        .saturating_sub(columns / 2)
        .min(value_cols.len().saturating_sub(columns));
    let shown: Vec<usize> = value_cols
        .iter()
        .skip(from)
        .take(columns)
        .copied()
        .collect();
    let text = |r: usize, c: usize| -> String {
        table
            .grid_value(r, c)
            .map(|v| v.shown().into_owned())
            .unwrap_or_default()
    };
    let header = table.header_rows.iter().rev().find(|r| **r < row).copied();
    let first = row.saturating_sub(2);
    let last = (row + 2).min(table.grid.len().saturating_sub(1));
    let mut lines: Vec<(String, Vec<String>, bool)> = Vec::new();
    // The header line, unless its row is among the rows shown anyway.
    if let Some(h) = header.filter(|h| !(first..=last).contains(h)) {
        // The last header row ("2024") is the compact column name; the
        // stacked label when that row is empty there.
        let cols = shown
            .iter()
            .map(|c| {
                let last = text(h, *c);
                let name = if last.is_empty() {
                    table
                        .cells()
                        .find(|cell| {
                            cell.coord().col as usize == c + 1 && cell.col_label().is_some()
                        })
                        .and_then(|cell| cell.col_label().map(str::to_string))
                        .unwrap_or_default()
                } else {
                    last
                };
                term::truncate(&name, 30).into_owned()
            })
            .collect();
        lines.push((String::new(), cols, false));
    }
    for r in first..=last {
        let label = text(r, label_col);
        let cols = shown
            .iter()
            .map(|c| {
                let t = term::truncate(&text(r, *c), 30).into_owned();
                if r == row && *c == col {
                    format!("[{t}]")
                } else {
                    t
                }
            })
            .collect();
        let label = term::truncate(&format!("{:>3} | {label}", r + 1), label_max).into_owned();
        lines.push((label, cols, r == row));
    }
    let label_width = lines.iter().map(|l| term::width(&l.0)).max().unwrap_or(0);
    let widths: Vec<usize> = (0..shown.len())
        .map(|i| {
            lines
                .iter()
                .map(|l| l.1.get(i).map_or(0, |t| term::width(t)))
                .max()
                .unwrap_or(0)
        })
        .collect();
    lines
        .into_iter()
        .map(|(label, cols, cited)| {
            let label = if label.is_empty() {
                "    |".to_string()
            } else {
                label
            };
            let mut s = term::pad_right(&label, label_width);
            for (t, w) in cols.iter().zip(&widths) {
                s.push_str("  ");
                s.push_str(&term::pad_left(t, *w));
            }
            if cited {
                s.push_str("  <--");
            }
            s.trim_end().to_string()
        })
        .collect()
}
