//! `tickmark extract` output: labeled cells as a readable table, JSON (an
//! array of docs/contract.md §3 cell objects), JSON Lines (one cell per line) or CSV.

use std::io::{self, Write};

use crate::model::{Cell, Document, Period};
use crate::report::term::{self, Term, style};

/// The output formats of `tickmark extract`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtractFormat {
    /// An aligned table per source table.
    Human,
    /// One JSON array of cell objects.
    Json,
    /// One cell object per line.
    Jsonl,
    /// One CSV row per cell.
    Csv,
}

/// Writes the cells of `documents` in `format`, a human table unfitted
/// and uncoloured (see [`write_for`]).
pub fn write(out: &mut dyn Write, documents: &[Document], format: ExtractFormat) -> io::Result<()> {
    write_for(out, documents, format, &Term::PLAIN)
}

/// Writes the cells of `documents` in `format`; a human table fitted to
/// `term`'s width (long labels cut with "…", then the least needed columns
/// left out, with a note saying which) and coloured when it colours.
pub fn write_for(
    out: &mut dyn Write,
    documents: &[Document],
    format: ExtractFormat,
    term: &Term,
) -> io::Result<()> {
    match format {
        ExtractFormat::Human => write_human(out, documents, term),
        ExtractFormat::Json => {
            // Streamed: the cells are never collected.
            use serde::Serializer as _;
            let mut json = serde_json::Serializer::pretty(&mut *out);
            json.collect_seq(documents.iter().flat_map(Document::cells))
                .map_err(crate::report::json_error)?;
            writeln!(out)
        }
        ExtractFormat::Jsonl => {
            for cell in documents.iter().flat_map(Document::cells) {
                serde_json::to_writer(&mut *out, &cell).map_err(crate::report::json_error)?;
                writeln!(out)?;
            }
            Ok(())
        }
        ExtractFormat::Csv => write_csv(out, documents),
    }
}

const CSV_HEADER: [&str; 17] = [
    "ref",
    "text",
    "value",
    "scale",
    "value_base",
    "percent",
    "currency",
    "measure",
    "row_label",
    "section",
    "col_label",
    "period",
    "period_kind",
    "period_start",
    "period_end",
    "concept",
    "statement",
];

fn write_csv(out: &mut dyn Write, documents: &[Document]) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    writer.write_record(CSV_HEADER)?;
    for cell in documents.iter().flat_map(Document::cells) {
        let (kind, start, end) = period_fields(cell.period());
        writer.write_record([
            cell.reference().to_string(),
            cell.text().into_owned(),
            cell.value().to_string(),
            cell.scale().to_string(),
            cell.value_base().map(|v| v.to_string()).unwrap_or_default(),
            cell.percent().to_string(),
            cell.currency().map(|c| c.to_string()).unwrap_or_default(),
            cell.measure().as_str().to_owned(),
            cell.row_label().unwrap_or("").to_string(),
            cell.section().join(" > "),
            cell.col_label().unwrap_or("").to_string(),
            cell.period().map(Period::to_string).unwrap_or_default(),
            kind.to_string(),
            start,
            end,
            cell.concept().map(|c| c.to_string()).unwrap_or_default(),
            cell.statement().as_str().to_string(),
        ])?;
    }
    writer.flush()
}

fn period_fields(period: Option<&Period>) -> (&'static str, String, String) {
    let show = |d: &Option<jiff::civil::Date>| d.map(|d| d.to_string()).unwrap_or_default();
    match period {
        None => ("", String::new(), String::new()),
        Some(Period::Duration { start, end, .. }) => ("duration", show(start), show(end)),
        Some(Period::Instant { date, .. }) => ("instant", String::new(), show(date)),
        Some(Period::Change { .. }) => ("change", String::new(), String::new()),
    }
}

/// The human table's columns, in order.
const HEADER: [&str; 8] = [
    "cell",
    "row label",
    "section",
    "column",
    "period",
    "concept",
    "as written",
    "base value",
];

/// Columns that may be cut with "…" to fit the width, and the width each
/// keeps before a column is dropped instead (the row label, section, period
/// and concept; never the cell or a number, and not the column label: the
/// period says it again, so it is shown whole or left out).
const SHRINK_FLOOR: [Option<usize>; 8] = [
    None,
    Some(16),
    Some(12),
    None,
    Some(20),
    Some(16),
    None,
    None,
];

/// The columns left out, in this order, when the rest cannot keep their
/// floors: the column label (the period says it again, parsed), the
/// section, then the value in base units (the title line gives the unit).
const DROP_ORDER: [usize; 3] = [3, 2, 7];

/// Which columns a table shows and how wide each is.
struct Layout {
    /// `(column index, width)`, in order.
    columns: Vec<(usize, usize)>,
    /// Columns left out to fit the width.
    dropped: Vec<usize>,
}

/// Fits columns of natural widths `natural` to `term`'s width: all of them
/// as they are when they fit (or when unbounded); else the widest labels
/// cut first, down to their floors, then columns dropped ([`DROP_ORDER`]).
fn layout(natural: &[usize; 8], term: &Term) -> Layout {
    let Some(width) = term.width() else {
        return Layout {
            columns: natural.iter().copied().enumerate().collect(),
            dropped: Vec::new(),
        };
    };
    let mut dropped: Vec<usize> = Vec::new();
    loop {
        let last_try = dropped.len() == DROP_ORDER.len();
        // (index, natural width, floor or None when fixed)
        let shown: Vec<(usize, usize, Option<usize>)> = natural
            .iter()
            .zip(SHRINK_FLOOR.iter().zip(HEADER))
            .enumerate()
            .filter(|(i, _)| !dropped.contains(i))
            .map(|(i, (nat, (floor, header)))| {
                let floor = floor.map(|f| {
                    // Past the last drop: cut down to the header's width.
                    let f = if last_try {
                        header.chars().count().max(6)
                    } else {
                        f
                    };
                    (*nat).min(f)
                });
                (i, *nat, floor)
            })
            .collect();
        // Two leading spaces, two between columns.
        let budget = width.saturating_sub(2 * shown.len());
        let mut widths: Vec<usize> = shown.iter().map(|c| c.1).collect();
        let floors: Vec<usize> = shown.iter().map(|c| c.2.unwrap_or(c.1)).collect();
        let flexible: Vec<bool> = shown.iter().map(|c| c.2.is_some()).collect();
        if term::shrink_to(&mut widths, &floors, &flexible, budget) || last_try {
            return Layout {
                columns: shown.iter().map(|c| c.0).zip(widths).collect(),
                dropped,
            };
        }
        if let Some(next) = DROP_ORDER.get(dropped.len()) {
            dropped.push(*next);
        }
    }
}

fn write_human(out: &mut dyn Write, documents: &[Document], term: &Term) -> io::Result<()> {
    for document in documents {
        for table in &document.tables {
            if table.records.is_empty() {
                continue;
            }
            let mut facts = vec![table.statement.as_str().to_string()];
            if let Some(unit) = &table.unit.text {
                facts.push(unit.clone());
            }
            let title = table
                .title
                .iter()
                .find(|t| crate::read::statement::from_title(t).is_some())
                .or_else(|| table.title.first())
                .cloned()
                .unwrap_or_default();
            let reference = table.reference.to_string();
            let heading = format!(
                "{}  {}  ({})",
                term.paint(style::BOLD, &reference),
                title,
                facts.join("; ")
            );
            out.write_all(term.wrapped(&heading, "", "    ").as_bytes())?;
            for warning in &table.warnings {
                let head = format!("  {}: ", term.paint(style::WARNING, "warning"));
                let text = format!("{head}{warning}");
                out.write_all(term.wrapped(&text, "", "           ").as_bytes())?;
            }
            for note in &table.notes {
                let text = format!("  {}: {note}", term.paint(style::NOTE, "note"));
                out.write_all(term.wrapped(&text, "", "        ").as_bytes())?;
            }
            // Two passes over the cells, widths then lines, so that a sheet
            // of millions of cells is never held as text.
            let mut natural = HEADER.map(term::width);
            for cell in table.cells() {
                for (w, field) in natural.iter_mut().zip(human_fields(&cell).iter()) {
                    *w = (*w).max(term::width(field));
                }
            }
            let layout = layout(&natural, term);
            if !layout.dropped.is_empty() {
                let names: Vec<&str> = DROP_ORDER
                    .iter()
                    .filter(|i| layout.dropped.contains(i))
                    .filter_map(|i| HEADER.get(*i).copied())
                    .collect();
                let text = format!(
                    "  {}: at {} columns the table leaves out {}; a wider terminal or --format csv shows them",
                    term.paint(style::NOTE, "note"),
                    term.width().unwrap_or_default(),
                    names.join(", "),
                );
                out.write_all(term.wrapped(&text, "", "        ").as_bytes())?;
            }
            let line = |fields: &[String]| -> String {
                let mut s = String::from(" ");
                for (i, w) in &layout.columns {
                    let field = fields.get(*i).map_or("", String::as_str);
                    let cut = term::truncate(field, *w);
                    s.push(' ');
                    if *i >= 6 {
                        s.push_str(&term::pad_left(&cut, *w));
                    } else {
                        s.push_str(&term::pad_right(&cut, *w));
                    }
                    s.push(' ');
                }
                s.trim_end().to_string()
            };
            let header = line(&HEADER.map(str::to_string));
            writeln!(out, "{}", term.paint(style::BOLD, &header))?;
            for cell in table.cells() {
                writeln!(out, "{}", line(&human_fields(&cell)))?;
            }
            writeln!(out)?;
        }
    }
    Ok(())
}

/// A cell's fields in the human table, in header order.
fn human_fields(cell: &Cell<'_>) -> [String; 8] {
    [
        cell.coord().to_string(),
        cell.row_label().unwrap_or("—").to_string(),
        cell.section().join(" > "),
        cell.col_label().unwrap_or("—").to_string(),
        cell.period().map_or("—".to_string(), Period::to_string),
        cell.concept().map_or("—".to_string(), |c| c.to_string()),
        cell.text().into_owned(),
        cell.value_base()
            .map_or("overflow".to_string(), |v| v.normalize().to_string()),
    ]
}
