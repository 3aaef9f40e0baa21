//! A pre-scan of an xls workbook's cell positions, before calamine reads it.
//!
//! calamine parses every sheet of an xls file as it opens it, and builds each
//! sheet as a dense range over the bounding box of its cells: one value at
//! A1 and one at IV65536 make 16.7 million slots, 1 GB of memory from a
//! 20 KB file. It also reserves room for the cells a sheet's DIMENSIONS
//! record declares. This scan reads the BIFF records of the `Workbook`
//! stream once, without building anything, and refuses a sheet whose
//! bounding box, or declared dimensions, exceed `--max-cells`.
//!
//! The records counted are the ones calamine turns into cells (numbers,
//! labels, RK and MulRk, shared-string labels, booleans and errors,
//! formulas); blank cells are not, as calamine skips them. Sheets embedded
//! in a sheet (charts) are skipped, as calamine skips them.

use std::io::{Cursor, Read};

use super::ReadError;

/// Record types.
const BOF: u16 = 0x0809;
const EOF: u16 = 0x000A;
const BOUNDSHEET: u16 = 0x0085;
const DIMENSIONS: u16 = 0x0200;
const MULRK: u16 = 0x00BD;
/// Cell records whose data start with the cell's row and column.
const CELLS: [u16; 7] = [0x0203, 0x0204, 0x00D6, 0x0205, 0x027E, 0x00FD, 0x0006];

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

/// The sheet being scanned.
struct Sheet {
    /// Where its BOF record starts in the stream (how BOUNDSHEET names it).
    start: usize,
    /// Nested substreams open (1: the sheet itself).
    depth: usize,
    span: Option<Span>,
    declared: Option<Span>,
}

fn u16_at(data: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(data.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(data: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(data.get(at..at + 4)?.try_into().ok()?))
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

/// Refuses an xls whose sheets would make calamine allocate more than
/// `max_cells` slots for one sheet. A file that is not a readable compound
/// file, or has no workbook stream, is left to calamine, which says what is
/// wrong with it.
pub(super) fn check(bytes: &[u8], path: &str, max_cells: usize) -> Result<(), ReadError> {
    let Some(stream) = super::contained(|| workbook_stream(bytes)).ok().flatten() else {
        return Ok(());
    };
    let mut names: Vec<(usize, String)> = Vec::new();
    let mut biff8 = true;
    let mut sheet: Option<Sheet> = None;
    let mut at = 0usize;
    while let (Some(typ), Some(len)) = (u16_at(&stream, at), u16_at(&stream, at + 2)) {
        let start = at;
        let Some(data) = stream.get(at + 4..at + 4 + usize::from(len)) else {
            break;
        };
        at += 4 + usize::from(len);
        match (typ, sheet.as_mut()) {
            (BOF, None) => {
                if start == 0 {
                    biff8 = u16_at(data, 0).is_none_or(|v| v >= 0x0600);
                }
                sheet = Some(Sheet {
                    start,
                    depth: 1,
                    span: None,
                    declared: None,
                });
            }
            (BOF, Some(s)) => s.depth += 1,
            (EOF, Some(s)) => {
                s.depth -= 1;
                if s.depth == 0
                    && let Some(done) = sheet.take()
                {
                    refuse_if_over(&done, &names, path, max_cells)?;
                }
            }
            (BOUNDSHEET, _) => names.extend(bound_sheet(data, biff8)),
            (_, Some(s)) if s.depth == 1 => {
                if typ == DIMENSIONS {
                    // BIFF8: first row, last row + 1 (u32), first col, last
                    // col + 1 (u16); BIFF5 has u16 rows.
                    let (rows, cols) = if biff8 {
                        ((u32_at(data, 0), u32_at(data, 4)), (6, 8))
                    } else {
                        (
                            (
                                u16_at(data, 0).map(u32::from),
                                u16_at(data, 2).map(u32::from),
                            ),
                            (4, 6),
                        )
                    };
                    if let ((Some(r0), Some(r1)), Some(c0), Some(c1)) =
                        (rows, u16_at(data, cols.0), u16_at(data, cols.1))
                        && r1 > r0
                        && c1 > c0
                    {
                        s.declared = Some(Span {
                            rows: (r0, r1 - 1),
                            cols: (u32::from(c0), u32::from(c1) - 1),
                        });
                    }
                } else if CELLS.contains(&typ) {
                    if let (Some(row), Some(col)) = (u16_at(data, 0), u16_at(data, 2)) {
                        s.span = Some(Span::add(s.span, row.into(), col.into()));
                    }
                } else if typ == MULRK
                    && let (Some(row), Some(first), Some(last)) = (
                        u16_at(data, 0),
                        u16_at(data, 2),
                        data.len().checked_sub(2).and_then(|l| u16_at(data, l)),
                    )
                {
                    let span = Span::add(s.span, row.into(), first.into());
                    s.span = Some(Span::add(Some(span), row.into(), last.into()));
                }
            }
            _ => {}
        }
    }
    match sheet {
        Some(open) => refuse_if_over(&open, &names, path, max_cells),
        None => Ok(()),
    }
}

/// The `Workbook` (BIFF8) or `Book` (BIFF5) stream of a compound file.
fn workbook_stream(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut file = cfb::CompoundFile::open(Cursor::new(bytes)).ok()?;
    let name = ["/Workbook", "/Book"]
        .into_iter()
        .find(|n| file.is_stream(n))?;
    let mut stream = file.open_stream(name).ok()?;
    let mut out = Vec::new();
    stream.read_to_end(&mut out).ok()?;
    Some(out)
}

fn refuse_if_over(
    sheet: &Sheet,
    names: &[(usize, String)],
    path: &str,
    max_cells: usize,
) -> Result<(), ReadError> {
    let name = names
        .iter()
        .find(|(start, _)| *start == sheet.start)
        .map_or("(unnamed)", |(_, name)| name.as_str());
    let too_many = |span: Span, how: &str| ReadError::TooLarge {
        path: path.to_string(),
        what: format!(
            "sheet {name:?}: its cells {how} rows {}-{} and columns {}-{}, {} cells, more than {max_cells}",
            span.rows.0 + 1,
            span.rows.1 + 1,
            crate::model::Coord::col_letters(span.cols.0 + 1),
            crate::model::Coord::col_letters(span.cols.1 + 1),
            span.cells()
        ),
        flag: "--max-cells",
    };
    let limit = max_cells as u64;
    if let Some(span) = sheet.span.filter(|s| s.cells() > limit) {
        return Err(too_many(span, "span"));
    }
    if let Some(span) = sheet.declared.filter(|s| s.cells() > limit) {
        return Err(too_many(span, "are declared (DIMENSIONS) to span"));
    }
    Ok(())
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
        assert!(check(ACME.get(..600).unwrap_or_default(), "x.xls", 1).is_ok());
    }

    #[test]
    fn spans_count_their_corners() {
        let span = Span::add(Some(Span::of(3, 1)), 0, 4);
        assert_eq!(span.cells(), 4 * 4);
        assert_eq!(Span::of(65535, 255).cells(), 1);
    }
}
