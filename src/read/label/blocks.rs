//! A grid holding several statements one under another — a csv export of a
//! cash-flow statement and then a statement of stockholders' equity, a sheet
//! with the balance sheet below the income statement — is labeled as one
//! table per statement: each has its own title, unit line, statement kind
//! and header, and none takes the columns of the one above it.
//!
//! A statement begins below the data, after a blank row, at a line that
//! names a statement ("Consolidated Statements of Stockholders' Equity"),
//! when at most three more single-text lines (a unit line, "For the years
//! ended …") and then a header row (no amounts besides years) follow, and
//! data rows after that. The tables keep the grid's coordinates, so
//! `kestrel.csv#E60` still names row 60; docs/labeling.md.

use super::cell_text::text_at;
use super::rows::{RowKind, Tok, Toks, stub_like, values_head};
use crate::model::GridValue;
use crate::read::{Merge, RawTable, statement};

/// At most this many statements are read apart in one grid; the rest of a
/// grid past the last is part of it (the work stays linear in the grid).
const MAX_STATEMENTS: usize = 16;

/// The rows (0-based) where a statement below the first begins.
pub(super) fn statement_starts(
    grid: &[Vec<GridValue>],
    toks: &Toks,
    kinds: &[RowKind],
    label_col: Option<usize>,
) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut data_seen = false;
    // Data must follow a statement's header: known in one look, so that a
    // grid of many headers and no data stays linear.
    let last_data = kinds.iter().rposition(|k| *k == RowKind::Data);
    for (r, kind) in kinds.iter().enumerate() {
        if *kind == RowKind::Data {
            data_seen = true;
            continue;
        }
        if !data_seen || starts.len() + 1 >= MAX_STATEMENTS {
            continue;
        }
        let after_blank = r
            .checked_sub(1)
            .and_then(|above| kinds.get(above))
            .is_some_and(|k| *k == RowKind::Blank);
        if !after_blank || !single_text(grid, toks, r).is_some_and(names_a_statement) {
            continue;
        }
        // Title and unit lines, blank rows, then the header.
        let mut h = r + 1;
        let mut lines = 0;
        while let Some(k) = kinds.get(h) {
            if *k == RowKind::Blank {
                h += 1;
            } else if lines < 3 && single_text(grid, toks, h).is_some() {
                lines += 1;
                h += 1;
            } else {
                break;
            }
        }
        if !header_like(grid, toks, h, label_col) {
            continue;
        }
        if last_data.is_none_or(|last| last <= h) {
            continue;
        }
        starts.push(r);
        data_seen = false;
    }
    starts
}

/// The text of a row holding one non-empty cell, a text.
fn single_text<'g>(grid: &'g [Vec<GridValue>], toks: &Toks, r: usize) -> Option<&'g str> {
    let row = toks.get(r)?;
    let mut filled = row
        .iter()
        .enumerate()
        .filter(|(_, t)| !matches!(t, Tok::Empty));
    match (filled.next(), filled.next()) {
        (Some((c, Tok::Text)), None) => text_at(grid, r, c),
        _ => None,
    }
}

/// Whether a title line names a financial statement: one the statement
/// kinds know ("Consolidated Balance Sheets"), or any "Statement(s) of …"
/// ("Consolidated Statements of Stockholders' Equity").
fn names_a_statement(text: &str) -> bool {
    let t = text.to_lowercase();
    statement::from_title(&t).is_some()
        || t.contains("statement of ")
        || t.contains("statements of ")
        || t.contains("changes in equity")
}

/// Whether row `r` reads as a header: something in a value column, and no
/// amount there but years; its label cell, if any, a stub ("(In millions)").
fn header_like(grid: &[Vec<GridValue>], toks: &Toks, r: usize, label_col: Option<usize>) -> bool {
    let Some(row) = toks.get(r) else {
        return false;
    };
    let stub_or_empty = label_col.is_none_or(|l| {
        !matches!(row.get(l), Some(Tok::Text)) || text_at(grid, r, l).is_some_and(stub_like)
    });
    stub_or_empty && values_head(row, label_col)
}

/// Splits a raw table at `starts`: the first statement, and each one below
/// it with the row it begins at. Each is the grid's rows from its start to
/// the next (the rows above left empty, so coordinates stay the grid's),
/// with the merged regions that begin in it.
pub(super) fn split(raw: RawTable, starts: &[usize]) -> (RawTable, Vec<(usize, RawTable)>) {
    let RawTable {
        part,
        mut grid,
        merges,
    } = raw;
    let mut bounds: Vec<usize> = Vec::with_capacity(starts.len() + 1);
    bounds.extend(starts.iter().copied().filter(|&s| s > 0 && s < grid.len()));
    bounds.push(grid.len());
    bounds.dedup();
    let mut rest = Vec::with_capacity(bounds.len());
    for pair in bounds.windows(2) {
        let &[from, to] = pair else { continue };
        let mut rows: Vec<Vec<GridValue>> = Vec::with_capacity(to);
        rows.resize_with(from, Vec::new);
        rows.extend(
            grid.get_mut(from..to)
                .into_iter()
                .flatten()
                .map(std::mem::take),
        );
        rest.push((
            from,
            RawTable {
                part: part.clone(),
                grid: rows,
                merges: merges_from(merges.as_deref(), from..to),
            },
        ));
    }
    let end = bounds.first().copied().unwrap_or(grid.len());
    grid.truncate(end);
    let first = RawTable {
        part,
        grid,
        merges: merges_from(merges.as_deref(), 0..end),
    };
    (first, rest)
}

/// The merged regions that begin in `rows`.
fn merges_from(merges: Option<&[Merge]>, rows: std::ops::Range<usize>) -> Option<Vec<Merge>> {
    merges.map(|all| {
        all.iter()
            .filter(|m| rows.contains(&m.first_row))
            .copied()
            .collect()
    })
}

/// Puts the statements' grids back together: row `r` from the table that
/// holds it (for a second read of a sheet, with its merged regions).
pub(crate) fn join_grids(grids: Vec<Vec<Vec<GridValue>>>) -> Vec<Vec<GridValue>> {
    let mut out: Vec<Vec<GridValue>> = Vec::new();
    for grid in grids {
        if out.len() < grid.len() {
            out.resize_with(grid.len(), Vec::new);
        }
        for (slot, row) in out.iter_mut().zip(grid) {
            if !row.is_empty() {
                *slot = row;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::model::{CellRef, Coord, Document, Period, StatementKind};
    use crate::read::document_from_rows;
    use crate::vocab::Vocab;

    fn doc(text: &str) -> Document {
        let rows = text
            .lines()
            .map(|l| l.split('|').map(|f| f.trim().to_string()).collect())
            .collect();
        document_from_rows("t.csv", "t.csv", rows, &Vocab::builtin()).unwrap()
    }

    const TWO: &str = "Consolidated Statements of Cash Flows|||
(In millions)|||
|2024|2023|
Net income|312.4|187.9|
Repurchases of common stock|(120.0)|(75.0)|
|||
Consolidated Statements of Stockholders' Equity|||
(In millions)|||
|Retained Earnings|Total Stockholders' Equity|
Balance at June 30, 2023|715.1|1,945.2|
Repurchases of common stock|(120.0)|(120.0)|
Balance at June 30, 2024|864.9|2,139.6|";

    fn located_cells(d: &Document, reference: &str) -> Vec<String> {
        let reference = CellRef::parse(reference).unwrap();
        let located = d.locate(&reference).unwrap();
        d.cells_in(located).map(|c| c.coord().to_string()).collect()
    }

    #[test]
    fn a_statement_below_another_is_its_own_table() {
        let d = doc(TWO);
        assert_eq!(d.tables.len(), 2);
        let (first, second) = (&d.tables[0], &d.tables[1]);
        assert_eq!((first.from_row, second.from_row), (0, 6));
        assert_eq!(first.statement, StatementKind::CashFlow);
        assert!(
            second
                .title
                .iter()
                .any(|t| t.contains("Stockholders' Equity"))
        );
        // The equity statement's columns are its own, not the years above.
        let total = second.cell_at(Coord::parse("C12").unwrap()).unwrap();
        assert_eq!(total.col_label(), Some("Total Stockholders' Equity"));
        assert!(matches!(total.period(), Some(Period::Instant { .. })));
        let buyback = second.cell_at(Coord::parse("B11").unwrap()).unwrap();
        assert_eq!(buyback.col_label(), Some("Retained Earnings"));
        // The cash-flow statement keeps its rows and years.
        let cash = first.cell_at(Coord::parse("B5").unwrap()).unwrap();
        assert_eq!(cash.col_label(), Some("2024"));
        assert!(first.cell_at(Coord::parse("B11").unwrap()).is_none());
    }

    #[test]
    fn references_keep_the_grids_coordinates() {
        let d = doc(TWO);
        // A cell in the second statement is found there, printed as before.
        let cell = CellRef::parse("t.csv#C12").unwrap();
        match d.locate(&cell) {
            Some(crate::model::Located::Cell(table, _)) => assert_eq!(table.from_row, 6),
            other => panic!("not a cell: {other:?}"),
        }
        assert_eq!(located_cells(&d, "t.csv#C12"), ["C12"]);
        assert_eq!(
            d.tables[1].cells().next().unwrap().reference().to_string(),
            "t.csv#B10"
        );
        // A range across both statements covers both.
        assert_eq!(
            located_cells(&d, "t.csv#B4:B11"),
            ["B4", "B5", "B10", "B11"]
        );
        assert_eq!(located_cells(&d, "t.csv").len(), 10);
    }

    #[test]
    fn a_balance_sheet_below_an_income_statement_dates_its_years_as_instants() {
        let text = "Consolidated Statements of Operations|||
(In millions)|||
|2024|2023|
Revenue|2,398.7|2,156.3|
|||
Consolidated Balance Sheets|||
(In millions)|||
|2024|2023|
Total assets|5,100.0|4,800.0|";
        let d = doc(text);
        assert_eq!(d.tables.len(), 2);
        let assets = d.tables[1].cell_at(Coord::parse("B9").unwrap()).unwrap();
        assert_eq!(d.tables[1].statement, StatementKind::Balance);
        assert!(matches!(assets.period(), Some(Period::Instant { .. })));
        let revenue = d.tables[0].cell_at(Coord::parse("B4").unwrap()).unwrap();
        assert!(matches!(revenue.period(), Some(Period::Duration { .. })));
    }

    #[test]
    fn a_split_grid_joins_back_whole() {
        let rows: Vec<Vec<crate::model::GridValue>> = (0..7)
            .map(|r| {
                vec![crate::model::GridValue::Text {
                    text: format!("row {r}"),
                    indent: 0,
                }]
            })
            .collect();
        let raw = crate::read::RawTable {
            part: crate::model::TablePart::Only,
            grid: rows.clone(),
            merges: None,
        };
        let (first, rest) = super::split(raw, &[2, 5]);
        assert_eq!(first.grid.len(), 2);
        assert_eq!(
            rest.iter().map(|(from, _)| *from).collect::<Vec<_>>(),
            [2, 5]
        );
        let mut grids = vec![first.grid];
        grids.extend(rest.into_iter().map(|(_, raw)| raw.grid));
        assert_eq!(super::join_grids(grids), rows);
    }

    #[test]
    fn a_caption_or_a_title_without_a_header_is_no_new_statement() {
        // A caption after a blank row, over more data: a section.
        let d = doc("Consolidated Statements of Cash Flows|||
|2024|2023|
Net income|312.4|187.9|
|||
Supplemental cash flow information:|||
Cash paid for interest|31.2|24.7|");
        assert_eq!(d.tables.len(), 1);
        // A statement's name over data rows with no header of their own.
        let d = doc("Consolidated Statements of Cash Flows|||
|2024|2023|
Net income|312.4|187.9|
|||
Statement of cash paid|||
Cash paid for interest|31.2|24.7|");
        assert_eq!(d.tables.len(), 1);
        // A header of its own, but no blank row above the name.
        let d = doc("Consolidated Statements of Cash Flows|||
|2024|2023|
Net income|312.4|187.9|
Consolidated Balance Sheets|||
|2024|2023|
Total assets|900.0|800.0|");
        assert_eq!(d.tables.len(), 1);
    }
}
