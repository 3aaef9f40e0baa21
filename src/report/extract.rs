//! `tickmark extract` output: labeled cells as a readable table, JSON (an
//! array of docs/contract.md §3 cell objects), JSON Lines (one cell per line) or CSV.

use std::io::{self, Write};

use crate::model::{Cell, Document, Period};

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

/// Writes the cells of `documents` in `format`.
pub fn write(out: &mut dyn Write, documents: &[Document], format: ExtractFormat) -> io::Result<()> {
    match format {
        ExtractFormat::Human => write_human(out, documents),
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

/// Longest text shown in a human table column before it is cut with "…".
const MAX_WIDTH: usize = 34;

fn write_human(out: &mut dyn Write, documents: &[Document]) -> io::Result<()> {
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
            writeln!(
                out,
                "{}  {}  ({})",
                table.reference,
                title,
                facts.join("; ")
            )?;
            for warning in &table.warnings {
                writeln!(out, "  warning: {warning}")?;
            }
            for note in &table.notes {
                writeln!(out, "  note: {note}")?;
            }
            let header = [
                "cell",
                "row label",
                "section",
                "column",
                "period",
                "concept",
                "as written",
                "base value",
            ];
            // Two passes over the cells, widths then lines, so that a sheet
            // of millions of cells is never held as text.
            let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
            for cell in table.cells() {
                for (w, field) in widths.iter_mut().zip(human_fields(&cell).iter()) {
                    *w = (*w).max(field.chars().count().min(MAX_WIDTH));
                }
            }
            let line = |fields: &[String]| -> String {
                let mut s = String::from(" ");
                for (i, (field, w)) in fields.iter().zip(widths.iter()).enumerate() {
                    let cut = cut(field, MAX_WIDTH);
                    let right = i >= 6;
                    let pad = w.saturating_sub(cut.chars().count());
                    s.push(' ');
                    if right {
                        s.push_str(&" ".repeat(pad));
                        s.push_str(&cut);
                    } else {
                        s.push_str(&cut);
                        s.push_str(&" ".repeat(pad));
                    }
                    s.push(' ');
                }
                s.trim_end().to_string()
            };
            writeln!(out, "{}", line(&header.map(str::to_string)))?;
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

fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}
