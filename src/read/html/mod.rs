//! SEC filings as published: HTML 4 and XHTML / inline-XBRL 10-K and 10-Q
//! documents (`.htm`, `.html`, `.xhtml`), read into printed pages, labeled
//! tables and tagged numbers. docs/html.md says what it does and decides.
//!
//! 1. The inline-XBRL facts, contexts and units are read first
//!    ([`crate::xbrl`]); a filing whose tags cannot be trusted (an undefined
//!    `contextRef`, broken XHTML) is an error.
//! 2. One walk over the markup ([`walk`]) splits the printed pages at CSS
//!    page breaks and collects each visible table's cells, with the facts
//!    inside them, and the numbers tagged in prose.
//! 3. Each table becomes a grid ([`grid`]: spans, spacer columns, `$`/`%`/`)`
//!    cells) and goes through the shared labeler; tags are put on the
//!    labeled cells afterwards, so the labeler never sees them.
//! 4. The numbers tagged in prose of page N form a table of their own,
//!    `pNt0`, whose cells are named by fact id (`filing.htm#f-503`).

mod css;
mod fiscal;
mod grid;
mod tags;
mod walk;

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use super::budget::Budget;
use super::label::{ConceptMemo, label_single};
use super::{ReadError, ReadOptions};
use crate::model::{CellRecord, Coord, Page, Period, Table, TablePart};
use crate::vocab::Vocab;
use crate::xbrl::{FactKind, Instance, xml};

pub use tags::{TagAudit, audit_tags, period_of};

/// What the HTML reader gives the document.
pub(crate) struct HtmlRead {
    pub(crate) tables: Vec<Table>,
    pub(crate) pages: Vec<Page>,
    pub(crate) warnings: Vec<String>,
    pub(crate) fact_cells: HashMap<String, (u32, Coord)>,
}

/// True when the text declares the inline-XBRL namespace.
fn is_inline(text: &str) -> bool {
    text.contains("http://www.xbrl.org/2013/inlineXBRL")
        || text.contains("http://www.xbrl.org/2008/inlineXBRL")
}

/// Reads an HTML filing.
pub(crate) fn read_html(
    bytes: &[u8],
    path: &Path,
    source: &Arc<str>,
    vocab: &Vocab,
    options: &ReadOptions,
    budget: Budget,
) -> Result<HtmlRead, ReadError> {
    let display = path.display().to_string();
    let text = xml::text_of(bytes);
    let inline = is_inline(&text);
    let instance = if inline {
        Instance::parse_inline(bytes, &display).map_err(ReadError::Xbrl)?
    } else {
        Instance::default()
    };
    let calendar = fiscal::FiscalYearEnd::of(&instance);
    budget
        .check()
        .map_err(|reason| too_slow(&display, reason))?;
    let facts_at: HashMap<usize, usize> = instance
        .facts()
        .iter()
        .enumerate()
        .filter(|(_, f)| f.kind == FactKind::NonFraction && !f.hidden)
        .map(|(i, f)| (f.offset, i))
        .collect();
    let spent = || budget.spent();
    let walked = match walk::walk(&text, &facts_at, false, options.max_cells, &spent) {
        Ok(walked) => walked,
        Err(not_xml) if inline => {
            return Err(ReadError::Html {
                path: display.clone(),
                reason: format!(
                    "line {}: not well-formed XHTML ({}); inline XBRL must be XHTML",
                    xml::line_of(&text, usize::try_from(not_xml.offset).unwrap_or(usize::MAX)),
                    not_xml.reason
                ),
            });
        }
        Err(_) => walk::walk(&text, &facts_at, true, options.max_cells, &spent).map_err(|e| {
            ReadError::Html {
                path: display.clone(),
                reason: e.reason,
            }
        })?,
    };
    budget
        .check()
        .map_err(|reason| too_slow(&display, reason))?;
    if let Some(page) = walked.over_cells {
        return Err(ReadError::TooLarge {
            path: display,
            what: format!(
                "its tables span more than {} grid cells together (passed on page {page})",
                options.max_cells
            ),
            flag: "--max-cells",
        });
    }
    let mut warnings = Vec::new();
    if walked.too_deep {
        warnings.push(format!(
            "elements nested deeper than {} levels were skipped",
            walk::MAX_DEPTH
        ));
    }
    let mut memo = ConceptMemo::default();
    let mut tables = Vec::new();
    let mut fact_cells: HashMap<String, (u32, Coord)> = HashMap::new();
    let mut loose_by_page: Vec<(u32, usize)> = Vec::new();
    let mut per_page: HashMap<u32, u32> = HashMap::new();
    let mut slots_left = options.max_cells;
    let mut disagreements = 0usize;
    let mut walked = walked;
    for table_out in &mut walked.tables {
        let has_text = table_out.rows.iter().any(|row| {
            row.iter()
                .any(|c| !c.text.trim().is_empty() || !c.facts.is_empty())
        });
        if !has_text {
            continue;
        }
        let page = table_out.page;
        let number = per_page.entry(page).or_insert(0);
        *number += 1;
        let part = TablePart::Pdf {
            page,
            table: *number,
        };
        let mut built = grid::build(table_out, part.clone(), slots_left);
        if built.too_large {
            return Err(ReadError::TooLarge {
                path: display,
                what: format!(
                    "its tables span more than {} grid cells together (passed at table {})",
                    options.max_cells,
                    part.name()
                ),
                flag: "--max-cells",
            });
        }
        slots_left =
            slots_left.saturating_sub(built.raw.grid.iter().map(Vec::len).sum::<usize>().max(1));
        // The lines above the table (title, unit line) are its title rows,
        // up to a sentence of prose: a heading above that paragraph
        // ("AWS" over "The AWS segment consists of …") titles the
        // paragraph, not the table. Lines from that sentence up are left
        // as blank rows, so that the table's cell references do not depend
        // on what its lines say.
        let lines: Vec<&String> = table_out.before.iter().rev().take(3).collect();
        let titled = lines.iter().take_while(|line| !is_prose(line)).count();
        let titles: Vec<_> = lines
            .iter()
            .enumerate()
            .rev()
            .map(|(at, line)| {
                vec![if at < titled {
                    crate::model::GridValue::Text {
                        text: (*line).clone(),
                        indent: 0,
                    }
                } else {
                    crate::model::GridValue::Empty
                }]
            })
            .collect();
        let shift = titles.len();
        if shift > 0 {
            let mut grid = titles;
            grid.append(&mut built.raw.grid);
            built.raw.grid = grid;
            if let Some(merges) = &mut built.raw.merges {
                for m in merges.iter_mut() {
                    m.first_row += shift;
                    m.last_row += shift;
                }
            }
            for (coord, _) in &mut built.tags {
                coord.row = coord.row.saturating_add(u32::try_from(shift).unwrap_or(0));
            }
        }
        loose_by_page.extend(built.loose.iter().map(|&f| (page, f)));
        let mut table = label_single(built.raw, source, vocab, &mut memo).table;
        // A long paragraph's closing sentence introducing the table ("Net
        // sales information is as follows (in millions):") is its lead-in,
        // and gives the unit its title lines do not.
        if let Some(lead_in) = table_out.lead_in.take() {
            if table.unit.text.is_none()
                && let Some(unit) = crate::read::unit_line::parse_unit_line(&lead_in)
            {
                table.unit = unit;
            }
            table.lead_in = Some(lead_in);
        }
        // So does a sentence of its own right above it, which is no title
        // line ("The following table presents segment operating income
        // (loss) (in millions).").
        if table.unit.text.is_none()
            && let Some(line) = table_out.before.last()
            && is_prose(line)
            && let Some(unit) = crate::read::unit_line::parse_unit_line(line)
        {
            table.unit = unit;
        }
        // The filer's fiscal calendar dates the labeler's columns as it
        // dates the tags: "Three Months Ended July 27, 2025" of NVIDIA's
        // MD&A is Q2 FY2026 whether or not its numbers are tagged.
        if let Some(calendar) = calendar {
            for column in &mut table.columns {
                column.period = column.period.take().map(|p| match p {
                    Period::Change { percent, from, to } => Period::Change {
                        percent,
                        from: from.map(|p| Box::new(calendar.apply(*p))),
                        to: to.map(|p| Box::new(calendar.apply(*p))),
                    },
                    p => calendar.apply(p),
                });
            }
        }
        if let Some(previous) = tables.last() {
            continues_columns(previous, &mut table);
        }
        let index = u32::try_from(tables.len()).unwrap_or(u32::MAX);
        for (coord, facts) in built.tags {
            // A tagged number the labeler did not read as a number ("no" in a
            // fixed-zero cell) is kept as a number of the page's prose table.
            if table.cell_at(coord).is_none() {
                loose_by_page.extend(facts.iter().map(|&f| (page, f)));
                continue;
            }
            let Some(mut tag) = tags::cell_tag(&instance, &facts, coord, vocab, calendar) else {
                continue;
            };
            tags::keep_printed_change(&mut table, &mut tag, vocab);
            for id in tag.fact.id.iter().chain(tag.also.iter()) {
                fact_cells.insert(id.clone(), (index, coord));
            }
            if let Some(cell) = table.cell_at(coord)
                && tags::disagrees(&cell, &tag)
            {
                disagreements += 1;
                if disagreements <= 5 {
                    warnings.push(format!(
                        "{}!{}: the printed number {:?} disagrees with its tag {} ({})",
                        cell.table().name(),
                        cell.coord(),
                        cell.text(),
                        tag.fact.id.as_deref().unwrap_or(&tag.fact.concept),
                        tag.fact.text
                    ));
                }
            }
            table.tags.push(tag);
        }
        tables.push(table);
    }
    if disagreements > 5 {
        warnings.push(format!(
            "{disagreements} printed numbers disagree with their tags in all"
        ));
    }
    // Numbers tagged in prose, and cells holding two tagged numbers: a
    // table per page, after that page's tables.
    let mut prose: Vec<(u32, usize, String)> = walked
        .prose
        .into_iter()
        .map(|p| (p.page, p.fact, p.before))
        .chain(
            loose_by_page
                .into_iter()
                .map(|(page, f)| (page, f, String::new())),
        )
        .collect();
    prose.sort_by_key(|(page, _, _)| *page);
    let mut at = 0usize;
    while at < prose.len() {
        let page = prose.get(at).map_or(0, |p| p.0);
        let end = prose
            .iter()
            .skip(at)
            .position(|p| p.0 != page)
            .map_or(prose.len(), |n| at + n);
        let facts: Vec<(usize, String)> = prose
            .get(at..end)
            .unwrap_or_default()
            .iter()
            .map(|(_, f, before)| (*f, before.clone()))
            .collect();
        if let Some(table) = tags::prose_table(source, page, &facts, &instance, vocab, calendar) {
            let position = tables
                .iter()
                .rposition(|t: &Table| t.part.pdf_page().is_some_and(|p| p <= page))
                .map_or(0, |p| p + 1);
            // Tables after the insertion point move one index along.
            for entry in fact_cells.values_mut() {
                if entry.0 as usize >= position {
                    entry.0 += 1;
                }
            }
            let index = u32::try_from(position).unwrap_or(u32::MAX);
            for tag in &table.tags {
                for id in tag.fact.id.iter().chain(tag.also.iter()) {
                    fact_cells.entry(id.clone()).or_insert((index, tag.coord));
                }
            }
            tables.insert(position, table);
        }
        at = end;
    }
    let pages = walked
        .pages
        .into_iter()
        .enumerate()
        .map(|(i, text)| Page {
            number: u32::try_from(i + 1).unwrap_or(u32::MAX),
            text,
            problem: None,
        })
        .collect();
    for problem in instance.problems().iter().take(5) {
        warnings.push(problem.to_string());
    }
    Ok(HtmlRead {
        tables,
        pages,
        warnings,
        fact_cells,
    })
}

fn too_slow(path: &str, reason: String) -> ReadError {
    ReadError::Html {
        path: path.to_string(),
        reason,
    }
}

/// A line of prose rather than a title or a lead-in: a sentence of more than
/// eight words ending in a full stop. "Information … is as follows (in
/// millions):" and "Amazon.com, Inc." are not.
fn is_prose(line: &str) -> bool {
    let line = line.trim_end();
    line.ends_with('.') && line.split_whitespace().count() > 8
}

/// A table printed with no header right below another on the same page,
/// its numbers in the same columns (Apple's "Gross margin percentage:"
/// under its gross margin by year): it continues that table's columns, and
/// its cells take their headers and periods. A table with a header of its
/// own, on another page, or laid out otherwise is left alone.
fn continues_columns(previous: &Table, table: &mut Table) {
    let (
        TablePart::Pdf {
            page,
            table: number,
        },
        TablePart::Pdf { page: p, table: n },
    ) = (&table.part, &previous.part)
    else {
        return;
    };
    if page != p || n.checked_add(1) != Some(*number) || !table.header_rows.is_empty() {
        return;
    }
    if table.records.iter().any(|r| r.column != CellRecord::NONE) {
        return;
    }
    // The grid column of each of the table above's headed columns.
    let mut above: Vec<(u32, u32)> = previous
        .records
        .iter()
        .filter(|r| r.column != CellRecord::NONE)
        .map(|r| (r.coord.col, r.column))
        .collect();
    above.sort_unstable();
    above.dedup();
    let mut mine: Vec<u32> = table.records.iter().map(|r| r.coord.col).collect();
    mine.sort_unstable();
    mine.dedup();
    let theirs: Vec<u32> = above.iter().map(|(c, _)| *c).collect();
    // One header per grid column, and the very columns of the table above.
    if mine.is_empty() || theirs.windows(2).any(|w| matches!(w, [a, b] if a == b)) || mine != theirs
    {
        return;
    }
    let mut made: Vec<(u32, u32)> = Vec::with_capacity(above.len());
    for (col, info) in &above {
        let Some(header) = previous.columns.get(*info as usize) else {
            return;
        };
        let at = u32::try_from(table.columns.len()).unwrap_or(CellRecord::NONE);
        table.columns.push(header.clone());
        made.push((*col, at));
    }
    for record in &mut table.records {
        if let Some((_, at)) = made.iter().find(|(col, _)| *col == record.coord.col) {
            record.column = *at;
        }
    }
    table.warnings.retain(|w| w != super::label::NO_HEADER);
}

#[cfg(test)]
mod tests {
    use super::is_prose;

    #[test]
    fn a_sentence_of_prose_is_no_title() {
        assert!(is_prose(
            "The AWS segment consists of amounts earned from global sales of compute, storage and other services."
        ));
        assert!(!is_prose("AWS"));
        assert!(!is_prose("Amazon.com, Inc."));
        assert!(!is_prose(
            "Information on reportable segments and reconciliation to consolidated net income (loss) is as follows (in millions):"
        ));
        assert!(!is_prose("(in millions, except per share data)"));
    }
}
