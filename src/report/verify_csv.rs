//! `tickmark verify --format csv`: one row per finding, and one row for each
//! claim or operand that has none (an accepted claim is a row too), so a
//! spreadsheet filtered on `code` lists every finding and one filtered on
//! `route` every claim (docs/format.md, "verify --format csv").

use std::io::{self, Write};

use crate::check::{CellSummary, Finding};
use crate::model::Period;
use crate::verify::{AnswerReport, ClaimReport};

/// The columns, in order. The cell's columns are named as in `extract
/// --format csv`; `period` is the period as text ("FY ended 2024-12-31").
pub const HEADER: [&str; 18] = [
    "answer",
    "answer_route",
    "claim",
    "operand",
    "route",
    "check",
    "code",
    "finding_route",
    "cite",
    "ref",
    "value",
    "row_label",
    "col_label",
    "period",
    "concept",
    "suggest",
    "message",
    "error",
];

/// Writes reports as CSV: the header, then their rows ([`write_rows`]).
pub fn write(out: &mut dyn Write, reports: &[AnswerReport]) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    writer.write_record(HEADER)?;
    for report in reports {
        write_rows(&mut writer, report)?;
    }
    writer.flush()
}

/// A row's fields, before they are written.
#[derive(Default)]
struct Row<'a> {
    claim: &'a str,
    operand: &'a str,
    route: &'a str,
    finding: Option<&'a Finding>,
    cell: Option<&'a CellSummary>,
    error: &'a str,
}

/// Writes one report's rows: an answer that could not be checked is one row
/// with its `error`; an answer's own findings (`no_checkable_claim`) are rows
/// with no claim; then each claim, and each of its operands after it.
pub fn write_rows<W: Write>(writer: &mut csv::Writer<W>, report: &AnswerReport) -> io::Result<()> {
    let mut put = |row: Row<'_>| -> io::Result<()> {
        let finding = row.finding;
        let cell = finding.and_then(|f| f.cell.as_ref()).or(row.cell);
        let text = |s: Option<&String>| s.map_or("", String::as_str).to_string();
        writer.write_record([
            report.id.clone(),
            report.route.name().to_string(),
            row.claim.to_string(),
            row.operand.to_string(),
            row.route.to_string(),
            finding.map_or("", |f| f.check.name()).to_string(),
            finding.map_or("", |f| f.code.name()).to_string(),
            finding.map_or("", |f| f.route.name()).to_string(),
            text(finding.and_then(|f| f.cite.as_ref())),
            cell.map_or(String::new(), |c| c.reference.clone()),
            cell.map_or(String::new(), |c| c.value.clone()),
            text(cell.and_then(|c| c.row_label.as_ref())),
            text(cell.and_then(|c| c.col_label.as_ref())),
            cell.and_then(|c| c.period.as_ref())
                .map(Period::to_string)
                .unwrap_or_default(),
            text(cell.and_then(|c| c.concept.as_ref())),
            text(finding.and_then(|f| f.suggest.as_ref())),
            finding.map_or("", |f| f.message.as_str()).to_string(),
            row.error.to_string(),
        ])?;
        Ok(())
    };
    if let Some(error) = &report.error {
        put(Row {
            route: report.route.name(),
            error,
            ..Row::default()
        })?;
    }
    for finding in &report.findings {
        put(Row {
            route: report.route.name(),
            finding: Some(finding),
            ..Row::default()
        })?;
    }
    for claim in &report.claims {
        claim_rows(&mut put, claim, "")?;
    }
    Ok(())
}

/// The rows of a claim (`of` empty) or of an operand of claim `of`, then
/// its operands'.
fn claim_rows<'a>(
    put: &mut dyn FnMut(Row<'a>) -> io::Result<()>,
    claim: &'a ClaimReport,
    of: &'a str,
) -> io::Result<()> {
    let (claim_id, operand) = if of.is_empty() {
        (claim.id.as_str(), "")
    } else {
        (of, claim.id.as_str())
    };
    let base = || Row {
        claim: claim_id,
        operand,
        route: claim.route.name(),
        cell: claim.cell.as_ref(),
        error: claim.error.as_deref().unwrap_or(""),
        ..Row::default()
    };
    if claim.findings.is_empty() {
        put(base())?;
    }
    for finding in &claim.findings {
        put(Row {
            finding: Some(finding),
            ..base()
        })?;
    }
    for operand in &claim.operands {
        claim_rows(put, operand, claim_id)?;
    }
    Ok(())
}
