//! A pre-scan of an xls workbook's cell positions, before calamine reads it.
//!
//! calamine parses every sheet of an xls file as it opens it, and builds each
//! sheet as a dense range over the bounding box of its cells (and another
//! over its formulas): one value at A1 and one at IV65536 make 16.7 million
//! slots, 1 GB of memory from a 20 KB file. It also reserves room for the
//! cells a sheet's DIMENSIONS record declares, which a hostile record makes
//! a request for terabytes that aborts the process. This scan reads the BIFF
//! records without building anything, the way calamine walks them: each
//! sheet from where its BOUNDSHEET record points (several may point at one),
//! to its EOF, nested substreams skipped, a STRING record placed at the last
//! formula's cell, DIMENSIONS with calamine's own arithmetic. It refuses a
//! sheet over `--max-cells`, and a file whose sheets together exceed four
//! times that.
//!
//! The records counted are the ones calamine turns into cells (numbers,
//! labels, RK and MulRk, shared-string labels, booleans and errors,
//! formulas and their strings); blank cells are not, as calamine skips them.

use std::io::{Cursor, Read};

use super::ReadError;

/// Record types.
const BOF: u16 = 0x0809;
const EOF: u16 = 0x000A;
const BOUNDSHEET: u16 = 0x0085;
const DIMENSIONS: u16 = 0x0200;
const MULRK: u16 = 0x00BD;
const FORMULA: u16 = 0x0006;
const STRING: u16 = 0x0207;
const CONTINUE: u16 = 0x003C;
/// Cell records whose data start with the cell's row and column.
const CELLS: [u16; 6] = [0x0203, 0x0204, 0x00D6, 0x0205, 0x027E, 0x00FD];

/// The rows and columns a sheet's cells span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    rows: (u32, u32),
    cols: (u32, u32),
}

impl Span {
    fn of(row: u32, col: u32) -> Span {
        Span {
            rows: (row, row),
            cols: (col, col),
        }
    }

    fn add(span: Option<Span>, row: u32, col: u32) -> Span {
        match span {
            None => Span::of(row, col),
            Some(s) => Span {
                rows: (s.rows.0.min(row), s.rows.1.max(row)),
                cols: (s.cols.0.min(col), s.cols.1.max(col)),
            },
        }
    }

    fn cells(self) -> u64 {
        u64::from(self.rows.1.saturating_sub(self.rows.0)).saturating_add(1)
            * u64::from(self.cols.1.saturating_sub(self.cols.0)).saturating_add(1)
    }
}

/// What calamine would build for one sheet.
#[derive(Debug, Default)]
struct Sheet {
    /// The span of its cells (calamine's value range).
    cells: Option<Span>,
    /// The span of its formulas (calamine's formula range, built apart).
    formulas: Option<Span>,
    /// The most cells a DIMENSIONS record makes calamine reserve room for.
    reserved: u64,
}

fn u16_at(data: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(data.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(data: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(data.get(at..at + 4)?.try_into().ok()?))
}

/// The records of a BIFF stream from `at`, as calamine's record iterator
/// yields them: CONTINUE records are folded into the record before them.
fn records(stream: &[u8]) -> impl Iterator<Item = (u16, &[u8])> {
    let mut at = 0usize;
    std::iter::from_fn(move || {
        loop {
            let typ = u16_at(stream, at)?;
            let len = usize::from(u16_at(stream, at + 2)?);
            let data = stream.get(at + 4..at + 4 + len)?;
            at += 4 + len;
            if typ != CONTINUE {
                return Some((typ, data));
            }
        }
    })
}

/// A BOUNDSHEET record's stream position and sheet name (BIFF8 names may be
/// UTF-16; BIFF5 ones are bytes, shown as Latin-1).
fn bound_sheet(data: &[u8], biff8: bool) -> Option<(usize, String)> {
    let position = usize::try_from(u32_at(data, 0)?).ok()?;
    let chars = usize::from(*data.get(6)?);
    let name = if biff8 && data.get(7).is_some_and(|f| f & 1 == 1) {
        let units: Vec<u16> = (0..chars).filter_map(|i| u16_at(data, 8 + 2 * i)).collect();
        String::from_utf16_lossy(&units)
    } else {
        let at = if biff8 { 8 } else { 7 };
        data.get(at..at + chars)
            .unwrap_or_default()
            .iter()
            .map(|&b| char::from(b))
            .collect()
    };
    Some((position, name))
}

/// How many cells calamine reserves room for on a DIMENSIONS record, with
/// its own arithmetic (`parse_dimensions`, then `end - start + 1` per axis,
/// wrapping as a release build does).
fn reserved_by(data: &[u8]) -> Option<u64> {
    let (rf, rl, mut cf, cl) = match data.len() {
        10 => (
            u32::from(u16_at(data, 0)?),
            u32::from(u16_at(data, 2)?),
            u32::from(u16_at(data, 4)?),
            u32::from(u16_at(data, 6)?),
        ),
        14 | 16 => (
            u32_at(data, 0)?,
            u32_at(data, 4)?,
            u32::from(u16_at(data, 8)?),
            u32::from(u16_at(data, 10)?),
        ),
        _ => return None,
    };
    if 0xFF < cf || cl < cf {
        cf = 0;
    }
    let (end_row, end_col) = if 1 <= rl && 1 <= cl {
        (rl - 1, cl - 1)
    } else {
        (rf, cf)
    };
    let rows = end_row.wrapping_sub(rf).wrapping_add(1);
    let cols = end_col.wrapping_sub(cf).wrapping_add(1);
    Some(u64::from(rows).saturating_mul(u64::from(cols)))
}

/// What calamine builds for the sheet whose substream starts `sheet`, walked
/// as calamine walks it: to the sheet's EOF, skipping nested substreams
/// (charts), a STRING record placed at the last formula's cell.
fn scan_sheet(sheet: &[u8]) -> Sheet {
    let mut out = Sheet::default();
    let mut seen_bof = false;
    let mut depth = 0usize;
    let mut formula_at = (0u32, 0u32);
    for (typ, data) in records(sheet) {
        if depth > 0 {
            match typ {
                BOF => depth += 1,
                EOF => depth -= 1,
                _ => {}
            }
            continue;
        }
        let at = |row: Option<u16>, col: Option<u16>| Some((u32::from(row?), u32::from(col?)));
        match typ {
            BOF if seen_bof => depth += 1,
            BOF => seen_bof = true,
            EOF => break,
            DIMENSIONS => {
                out.reserved = out.reserved.max(reserved_by(data).unwrap_or(0));
            }
            STRING => out.cells = Some(Span::add(out.cells, formula_at.0, formula_at.1)),
            FORMULA => {
                if let Some((row, col)) = at(u16_at(data, 0), u16_at(data, 2)) {
                    formula_at = (row, col);
                    out.cells = Some(Span::add(out.cells, row, col));
                    out.formulas = Some(Span::add(out.formulas, row, col));
                }
            }
            MULRK => {
                let last = data.len().checked_sub(2).and_then(|l| u16_at(data, l));
                if let (Some((row, first)), Some(last)) =
                    (at(u16_at(data, 0), u16_at(data, 2)), last)
                {
                    let span = Span::add(out.cells, row, first);
                    out.cells = Some(Span::add(Some(span), row, last.into()));
                }
            }
            _ if CELLS.contains(&typ) => {
                if let Some((row, col)) = at(u16_at(data, 0), u16_at(data, 2)) {
                    out.cells = Some(Span::add(out.cells, row, col));
                }
            }
            _ => {}
        }
    }
    out
}

/// How many times `--max-cells` all the sheets of one xls may span
/// together: calamine builds every sheet when it opens the file.
const FILE_FACTOR: u64 = 4;

/// The OLE compound-file signature that starts every xls.
const OLE_SIGNATURE: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";

/// Refuses an xls whose sheets would make calamine allocate more than
/// `max_cells` slots for one sheet (values, formulas, or the room a
/// DIMENSIONS record reserves), or more than [`FILE_FACTOR`] times that for
/// all sheets together. A file without the compound-file signature is left
/// to calamine, which refuses it; one with the signature that this scan
/// cannot open is refused here, since calamine's reader is more lenient and
/// its sheets could not be sized.
pub(super) fn check(bytes: &[u8], path: &str, max_cells: usize) -> Result<(), ReadError> {
    if !bytes.starts_with(OLE_SIGNATURE) {
        return Ok(());
    }
    let streams = match super::contained(|| workbook_streams(bytes)) {
        Ok(Ok(streams)) => streams,
        Ok(Err(reason)) | Err(reason) => {
            return Err(ReadError::Workbook {
                path: path.to_string(),
                format: "xls",
                reason: format!("its compound-file container is damaged ({reason})"),
            });
        }
    };
    let limit = max_cells as u64;
    for stream in &streams {
        // The globals: the BIFF version, and where each sheet starts.
        let mut biff8 = true;
        let mut sheets: Vec<(usize, String)> = Vec::new();
        for (typ, data) in records(stream) {
            match typ {
                BOF => biff8 = u16_at(data, 0).is_none_or(|v| v >= 0x0600),
                BOUNDSHEET => sheets.extend(bound_sheet(data, biff8)),
                EOF => break,
                _ => {}
            }
        }
        let mut total = 0u64;
        for (start, name) in &sheets {
            let Some(substream) = stream.get(*start..) else {
                continue;
            };
            let sheet = scan_sheet(substream);
            let too_many = |span: Span, what: &str| ReadError::TooLarge {
                path: path.to_string(),
                what: format!(
                    "sheet {name:?}: its {what} span rows {}-{} and columns {}-{}, {} cells, more than {max_cells}",
                    u64::from(span.rows.0) + 1,
                    u64::from(span.rows.1) + 1,
                    crate::model::Coord::col_letters(span.cols.0.saturating_add(1)),
                    crate::model::Coord::col_letters(span.cols.1.saturating_add(1)),
                    span.cells()
                ),
                flag: "--max-cells",
            };
            if let Some(span) = sheet.cells.filter(|s| s.cells() > limit) {
                return Err(too_many(span, "cells"));
            }
            if let Some(span) = sheet.formulas.filter(|s| s.cells() > limit) {
                return Err(too_many(span, "formulas"));
            }
            if sheet.reserved > limit {
                return Err(ReadError::TooLarge {
                    path: path.to_string(),
                    what: format!(
                        "sheet {name:?}: its DIMENSIONS record declares {} cells, more than {max_cells}",
                        sheet.reserved
                    ),
                    flag: "--max-cells",
                });
            }
            let spans = [sheet.cells, sheet.formulas];
            total = spans
                .iter()
                .flatten()
                .fold(total, |t, s| t.saturating_add(s.cells()));
        }
        if total > limit.saturating_mul(FILE_FACTOR) {
            return Err(ReadError::TooLarge {
                path: path.to_string(),
                what: format!(
                    "its {} sheets span {total} cells together, more than {FILE_FACTOR} × {max_cells} (calamine builds every sheet of an xls at once)",
                    sheets.len()
                ),
                flag: "--max-cells",
            });
        }
    }
    Ok(())
}

/// Every stream named `Workbook` or `Book` (in any case, anywhere in the
/// compound file: calamine takes the first it finds by name alone).
fn workbook_streams(bytes: &[u8]) -> Result<Vec<Vec<u8>>, String> {
    let mut file = cfb::CompoundFile::open(Cursor::new(bytes)).map_err(|e| e.to_string())?;
    let paths: Vec<std::path::PathBuf> = file
        .walk()
        .filter(|e| {
            e.is_stream()
                && (e.name().eq_ignore_ascii_case("Workbook")
                    || e.name().eq_ignore_ascii_case("Book"))
        })
        .map(|e| e.path().to_path_buf())
        .collect();
    let mut streams = Vec::new();
    for path in paths {
        let mut stream = file.open_stream(&path).map_err(|e| e.to_string())?;
        let mut out = Vec::new();
        stream.read_to_end(&mut out).map_err(|e| e.to_string())?;
        streams.push(out);
    }
    Ok(streams)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ACME: &[u8] = include_bytes!("../../tests/fixtures/formats/acme.xls");

    #[test]
    fn a_real_workbook_passes_and_its_sheets_are_scanned() {
        assert!(check(ACME, "acme.xls", 4_000_000).is_ok());
        // The same file is refused under a limit below its largest sheet.
        let error = check(ACME, "acme.xls", 10).unwrap_err().to_string();
        assert!(error.contains("its cells span rows 1-"), "{error}");
        assert!(error.contains("raise --max-cells"), "{error}");
    }

    #[test]
    fn bytes_that_are_not_a_compound_file_are_left_to_calamine() {
        assert!(check(b"not an xls", "x.xls", 1).is_ok());
        // A damaged compound file is refused: calamine's reader might still
        // open what this scan cannot size.
        let error = check(ACME.get(..600).unwrap_or_default(), "x.xls", 1)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("compound-file container is damaged"),
            "{error}"
        );
    }

    #[test]
    fn dimensions_are_reserved_as_calamine_reserves_them() {
        let biff8 = |rf: u32, rl: u32, cf: u16, cl: u16| {
            let mut d = rf.to_le_bytes().to_vec();
            d.extend(rl.to_le_bytes());
            d.extend(cf.to_le_bytes());
            d.extend(cl.to_le_bytes());
            d.extend([0, 0]);
            reserved_by(&d)
        };
        // A1:D10 → rows 0..=9, columns 0..=3.
        assert_eq!(biff8(0, 10, 0, 4), Some(40));
        // Rows 0..=u32::MAX - 1 and 256 columns: what aborted the process.
        assert_eq!(
            biff8(0, u32::MAX, 0, 0x100),
            Some(u64::from(u32::MAX) * 256)
        );
        // A first column past 0xFF (or after the last) is reset to 0.
        assert_eq!(biff8(0, 1, 0x1000, 0x100), Some(256));
        // A last row before the first wraps, as calamine's arithmetic does.
        assert_eq!(biff8(5, 2, 0, 1), Some(u64::from(u32::MAX) - 2));
        // BIFF5: u16 rows.
        let mut d = 0u16.to_le_bytes().to_vec();
        for v in [3u16, 0, 2, 0] {
            d.extend(v.to_le_bytes());
        }
        assert_eq!(reserved_by(&d), Some(6));
        assert_eq!(reserved_by(&[0; 12]), None);
    }

    #[test]
    fn spans_count_their_corners() {
        let span = Span::add(Some(Span::of(3, 1)), 0, 4);
        assert_eq!(span.cells(), 4 * 4);
        assert_eq!(Span::of(65535, 255).cells(), 1);
    }
}
