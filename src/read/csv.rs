//! Comma- (`.csv`) and tab-separated (`.tsv`) text into one [`RawTable`].
//! Every field stays text ("$ (1,234)", "—", "12.5%"); the labeler reads the
//! amounts, exactly as it reads a spreadsheet's text cells.
//!
//! Decisions (docs/labeling.md): the text must be UTF-8 (a UTF-8 byte-order
//! mark is skipped; UTF-16 and invalid bytes are errors naming the line).
//! Rows shorter than the header are padded, since exporters drop trailing
//! empty fields; a row with a non-empty field beyond the header's width is an
//! error, because it is almost always an unquoted thousands separator
//! (`Revenue,4,200,3,900`) that would silently shift every number.

use std::path::Path;

use super::budget::{Budget, CHECK_EVERY};
use super::{RawTable, ReadError};
use crate::model::{Coord, GridValue, TablePart};

/// The rows and columns a reference can name (Excel's limits).
const MAX_ROWS: usize = Coord::MAX_ROW as usize;
const MAX_COLS: usize = Coord::MAX_COL as usize;

/// Reads a csv or tsv file's bytes into a raw table.
pub(super) fn read_csv(
    bytes: &[u8],
    path: &Path,
    max_cells: usize,
    budget: Budget,
) -> Result<RawTable, ReadError> {
    let display = path.display().to_string();
    let line_error = |line: u64, reason: String| ReadError::Csv {
        path: display.clone(),
        line,
        reason,
    };
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err(line_error(
            1,
            "the file is UTF-16 encoded; save it as UTF-8 and read that".to_string(),
        ));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let tab = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("tsv"));
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(if tab { b'\t' } else { b',' })
        .from_reader(bytes);
    let mut grid: Vec<Vec<GridValue>> = Vec::new();
    let mut lines: Vec<u64> = Vec::new();
    let mut record = ::csv::ByteRecord::new();
    let mut slots = 0usize;
    loop {
        let line_before = reader.position().line();
        match reader.read_byte_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => {
                let line = e.position().map(|p| p.line()).unwrap_or(line_before);
                return Err(line_error(line, format!("malformed csv: {e}")));
            }
        }
        let line = record.position().map(|p| p.line()).unwrap_or(line_before);
        if grid.len().is_multiple_of(CHECK_EVERY) {
            budget.check().map_err(|reason| line_error(line, reason))?;
        }
        if grid.len() >= MAX_ROWS || record.len() > MAX_COLS {
            return Err(line_error(
                line,
                format!(
                    "beyond the {MAX_ROWS} rows and {MAX_COLS} columns a table can have; split the file"
                ),
            ));
        }
        slots += record.len();
        if slots > max_cells {
            return Err(ReadError::TooLarge {
                path: path.display().to_string(),
                what: format!("line {line}: the file has more than {max_cells} cells"),
                flag: "--max-cells",
            });
        }
        let mut row = Vec::with_capacity(record.len());
        for (index, field) in record.iter().enumerate() {
            let text = std::str::from_utf8(field).map_err(|e| {
                let byte = field.get(e.valid_up_to()).copied().unwrap_or(0);
                line_error(
                    line,
                    format!(
                        "field {}: invalid UTF-8 (byte 0x{byte:02X}); save the file as UTF-8",
                        index + 1
                    ),
                )
            })?;
            row.push(field_value(text));
        }
        trim_row(&mut row);
        grid.push(row);
        lines.push(line);
    }
    check_width(&grid, &lines).map_err(|(line, reason)| line_error(line, reason))?;
    Ok(RawTable {
        part: TablePart::Only,
        grid,
        merges: Some(Vec::new()),
    })
}

/// One csv field as the labeler sees it: text as written, or empty.
pub(super) fn field_value(text: &str) -> GridValue {
    if text.trim().is_empty() {
        GridValue::Empty
    } else {
        GridValue::Text {
            text: text.to_string(),
            indent: 0,
        }
    }
}

/// Drops a row's trailing empty fields (exporters pad or omit them alike).
pub(super) fn trim_row(row: &mut Vec<GridValue>) {
    while row.last().is_some_and(GridValue::is_blank) {
        row.pop();
    }
}

/// Rows of text fields already split (an in-memory table) into a raw
/// table, each field read exactly as a csv field is.
pub(super) fn raw_from_rows(rows: Vec<Vec<String>>) -> RawTable {
    let grid = rows
        .into_iter()
        .map(|fields| {
            let mut row: Vec<GridValue> = fields.iter().map(|f| field_value(f)).collect();
            trim_row(&mut row);
            row
        })
        .collect();
    RawTable {
        part: TablePart::Only,
        grid,
        merges: Some(Vec::new()),
    }
}

/// A data row: a text label, then at least one field that reads as an
/// amount (not a bare year, which headers hold).
fn is_data_row(row: &[GridValue]) -> bool {
    let mut fields = row.iter().filter(|v| !v.is_blank());
    let labelled = fields
        .next()
        .is_some_and(|v| crate::number::parse_amount(v.text().trim()).is_none());
    labelled
        && fields.any(|v| {
            let text = v.text();
            let t = text.trim();
            crate::number::parse_amount(t).is_some()
                && !(t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// Rejects a data row wider than the table: wider than every row above the
/// first data row (titles, unit line, headers) and than most data rows. Such
/// a row is nearly always an unquoted thousands separator that would shift
/// every number of the row one column right.
fn check_width(grid: &[Vec<GridValue>], lines: &[u64]) -> Result<(), (u64, String)> {
    let first_data = grid
        .iter()
        .position(|row| is_data_row(row))
        .unwrap_or(grid.len());
    let header_width = grid
        .iter()
        .take(first_data)
        .map(Vec::len)
        .max()
        .unwrap_or(0);
    let mut counts: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    for row in grid.iter().skip(first_data).filter(|row| is_data_row(row)) {
        *counts.entry(row.len()).or_default() += 1;
    }
    let common = counts
        .iter()
        .max_by_key(|(len, n)| (**n, std::cmp::Reverse(**len)))
        .map_or(0, |(len, _)| *len);
    // A later table of the file (its own title and header rows) may be
    // wider: a row without numbers widens what the rows below it may be.
    let mut width = header_width.max(common);
    for (r, row) in grid.iter().enumerate().skip(first_data) {
        if !is_data_row(row) {
            width = width.max(row.len());
            continue;
        }
        if row.len() > width {
            let line = lines.get(r).copied().unwrap_or(r as u64 + 1);
            return Err((
                line,
                format!(
                    "field {} is beyond the {width} columns of the table; is a thousands separator unquoted? write amounts such as \"4,200\" in quotes",
                    row.len()
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &[u8]) -> Result<RawTable, ReadError> {
        read_csv(
            text,
            Path::new("t.csv"),
            4_000_000,
            Budget::starting_now(std::time::Duration::from_secs(60)),
        )
    }

    #[test]
    fn reads_fields_as_text() {
        let table = read(b"Acme,,\n,2024,2023\nRevenue,\"$ (1,234)\",\xE2\x80\x94\n").unwrap();
        assert_eq!(table.grid.len(), 3);
        assert_eq!(table.grid[2][1].text(), "$ (1,234)");
        assert_eq!(table.grid[2][2].text(), "\u{2014}");
        assert!(
            table.grid[0].len() == 1,
            "trailing empty fields are dropped"
        );
    }

    #[test]
    fn a_later_wider_table_has_its_own_header() {
        let text = b"Acme\n,2024,2023\nRevenue,\"4,200\",\"3,900\"\n,,\nEquity,,,\n,Stock,Retained,Total\n\"Balance at June 30, 2023\",1,2,3\n";
        assert!(read(text).is_ok());
        let shifted = b"Acme\n,2024,2023\nRevenue,\"4,200\",\"3,900\"\n,Stock,Retained,Total\nBalance,1,2,3\nCost,4,200,3,900\n";
        let err = read(shifted).unwrap_err().to_string();
        assert!(
            err.contains("line 6: field 5 is beyond the 4 columns"),
            "{err}"
        );
    }

    #[test]
    fn short_rows_are_padded_long_rows_are_errors() {
        assert!(read(b",2024,2023\nRevenue,1\nCost\n").is_ok());
        let err = read(b"Acme\n,2024,2023\nRevenue,\"4,200\",\"3,900\"\nCost,4,200,3,900\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("t.csv line 4: field 5 is beyond the 3 columns of the table"),
            "{err}"
        );
        // A title row with two fields does not set the width.
        assert!(read(b"Acme Corp,(in millions)\n,2024,2023,2022\nRevenue,1,2,3\n").is_ok());
    }

    #[test]
    fn encoding_errors_name_the_line() {
        let err = read(b",2024\nRevenue,1\nCost \x80,2\n")
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "t.csv line 3: field 1: invalid UTF-8 (byte 0x80); save the file as UTF-8"
        );
        let err = read(b"\xFF\xFE,\x002\x00").unwrap_err().to_string();
        assert!(err.contains("UTF-16"), "{err}");
        assert!(read(b"\xEF\xBB\xBF,2024\nRevenue,1\n").is_ok());
    }

    #[test]
    fn tab_separated() {
        let table = read_csv(
            b"\t2024\nRevenue\t1,234\n",
            Path::new("t.tsv"),
            4_000_000,
            Budget::starting_now(std::time::Duration::from_secs(60)),
        )
        .unwrap();
        assert_eq!(table.grid[1][1].text(), "1,234");
    }
}
