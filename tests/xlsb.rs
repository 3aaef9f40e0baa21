//! xlsb workbooks, written record by record at test time (no tool on this
//! machine writes xlsb): a small statement is read and labeled, and cells
//! far apart are read within the cell limit, not as a dense range.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::io::{Cursor, Write as _};

/// A cell value.
enum Value {
    Number(f64),
    Text(&'static str),
}

/// One BIFF12 record: its type and length as 7-bit varints, then its data.
fn record(out: &mut Vec<u8>, typ: u16, data: &[u8]) {
    if typ < 0x80 {
        out.push(typ as u8);
    } else {
        out.push((typ & 0x7F) as u8 | 0x80);
        out.push((typ >> 7) as u8);
    }
    let mut len = data.len();
    loop {
        let byte = (len & 0x7F) as u8;
        len >>= 7;
        if len == 0 {
            out.push(byte);
            break;
        }
        out.push(byte | 0x80);
    }
    out.extend_from_slice(data);
}

/// An XLWideString: a u32 count of UTF-16 units, then the units.
fn wide(text: &str) -> Vec<u8> {
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut out = (units.len() as u32).to_le_bytes().to_vec();
    for unit in units {
        out.extend_from_slice(&unit.to_le_bytes());
    }
    out
}

/// An xlsb workbook of one sheet, `Income`, holding `cells` as (row, column,
/// value), 0-based, in row order.
fn xlsb(cells: &[(u32, u32, Value)]) -> Vec<u8> {
    let mut workbook = Vec::new();
    let mut sheet_entry = [0u32.to_le_bytes(), 1u32.to_le_bytes()].concat();
    sheet_entry.extend(wide("rId1"));
    sheet_entry.extend(wide("Income"));
    record(&mut workbook, 0x009C, &sheet_entry); // BrtBundleSh
    record(&mut workbook, 0x0090, &[]); // BrtEndBundleShs
    record(&mut workbook, 0x009D, &[]); // BrtCalcProp: the names end here

    let mut sheet = Vec::new();
    let last_row = cells.iter().map(|c| c.0).max().unwrap_or(0);
    let last_col = cells.iter().map(|c| c.1).max().unwrap_or(0);
    let dim = [0, last_row, 0, last_col].map(u32::to_le_bytes).concat();
    record(&mut sheet, 0x0094, &dim); // BrtWsDim
    record(&mut sheet, 0x0091, &[]); // BrtBeginSheetData
    let mut row = None;
    for (r, c, value) in cells {
        if row != Some(*r) {
            let mut header = r.to_le_bytes().to_vec();
            header.extend([0u8; 13]);
            record(&mut sheet, 0x0000, &header); // BrtRowHdr
            row = Some(*r);
        }
        let mut data = c.to_le_bytes().to_vec();
        data.extend(0u32.to_le_bytes()); // style 0
        match value {
            Value::Number(n) => {
                data.extend(n.to_le_bytes());
                record(&mut sheet, 0x0005, &data); // BrtCellReal
            }
            Value::Text(t) => {
                data.extend(wide(t));
                record(&mut sheet, 0x0006, &data); // BrtCellSt
            }
        }
    }
    record(&mut sheet, 0x0092, &[]); // BrtEndSheetData

    let rels = r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.bin"/></Relationships>"#;
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, bytes) in [
        ("xl/_rels/workbook.bin.rels", rels.as_bytes()),
        ("xl/workbook.bin", &workbook),
        ("xl/worksheets/sheet1.bin", &sheet),
    ] {
        zip.start_file(name, stored).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn read(bytes: &[u8], max_cells: usize) -> Result<tickmark::Document, String> {
    let vocab = tickmark::Vocab::builtin();
    let options = tickmark::ReadOptions {
        max_cells,
        ..Default::default()
    };
    tickmark::load_bytes(
        bytes,
        std::path::Path::new("book.xlsb"),
        "book.xlsb",
        &vocab,
        &options,
    )
    .map_err(|e| e.to_string())
}

/// A small income statement.
fn statement() -> Vec<u8> {
    use Value::{Number, Text};
    xlsb(&[
        (0, 0, Text("Income statement (in millions)")),
        (1, 1, Text("2024")),
        (1, 2, Text("2023")),
        (2, 0, Text("Revenue")),
        (2, 1, Number(4200.0)),
        (2, 2, Number(3900.0)),
        (3, 0, Text("Net income")),
        (3, 1, Number(512.5)),
        (3, 2, Number(480.0)),
    ])
}

/// The statement is checked in as `tests/fixtures/formats/statement.xlsb`
/// (a fuzz seed, and a file to try by hand); it must stay the builder's.
#[test]
fn the_checked_in_xlsb_is_the_builders() {
    let path = "tests/fixtures/formats/statement.xlsb";
    if std::env::var_os("TICKMARK_WRITE_FIXTURES").is_some() {
        std::fs::write(path, statement()).unwrap();
    }
    assert!(
        std::fs::read(path).unwrap() == statement(),
        "{path} differs from the builder's; rewrite it with TICKMARK_WRITE_FIXTURES=1 cargo test --test xlsb"
    );
    let output = assert_cmd::Command::cargo_bin("tickmark")
        .unwrap()
        .args(["extract", "--format", "csv", path])
        .output()
        .unwrap();
    assert!(output.status.success());
    let csv = String::from_utf8_lossy(&output.stdout);
    assert!(
        csv.contains("statement.xlsb#Income!B3,\"4,200\"")
            || csv.contains("statement.xlsb#Income!B3,4200"),
        "{csv}"
    );
}

#[test]
fn an_xlsb_statement_is_read_and_labeled() {
    let bytes = statement();
    let document = read(&bytes, 4_000_000).unwrap();
    let table = &document.tables[0];
    let cells: Vec<tickmark::Cell<'_>> = table.cells().collect();
    let at = |row: u32, col: u32| {
        cells
            .iter()
            .find(|c| (c.coord().row, c.coord().col) == (row, col))
            .unwrap()
    };
    assert_eq!(at(3, 2).value().to_string(), "4200");
    assert_eq!(at(3, 2).row_label(), Some("Revenue"));
    assert_eq!(at(4, 3).value().to_string(), "480");
    assert_eq!(at(4, 3).row_label(), Some("Net income"));
}

#[test]
fn far_apart_xlsb_cells_are_read_within_the_cell_limit() {
    use Value::Number;
    // A1 and XFD1048576: a dense range would be 17 billion slots. Read cell
    // by cell, the grid holds one row per row and one slot per column used.
    let corners = xlsb(&[(0, 0, Number(1.0)), (1_048_575, 16_383, Number(2.0))]);
    let document = read(&corners, 4_000_000).unwrap();
    assert!(document.tables.len() <= 1);
    // Rows wide up to a far column count against the limit, and the error
    // names the flag.
    let wide_rows: Vec<(u32, u32, Value)> = (0..300)
        .map(|r| (r, 16_383, Number(f64::from(r))))
        .collect();
    let error = read(&xlsb(&wide_rows), 4_000_000).unwrap_err();
    assert!(error.contains("raise --max-cells"), "{error}");
    assert!(read(&xlsb(&wide_rows), 5_000_000).is_ok());
}
