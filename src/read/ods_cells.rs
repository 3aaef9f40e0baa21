//! A pre-scan of an ods workbook's cell repeats, before calamine reads it.
//!
//! An ods row or cell may say "repeated 6,000 times", and calamine expands
//! each sheet into a dense range (up to its own ceiling of 100 million
//! cells, several GB). An 840-byte file can ask for that. This scan streams
//! `content.xml` once, counting what calamine would build for each sheet:
//! the rows from the first to the last that hold a value, times the widest
//! of them up to its last value. A sheet over `--max-cells` is refused
//! before anything is expanded.

use std::io::{BufReader, Cursor};

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use super::ReadError;

/// The sheet being scanned.
#[derive(Default)]
struct Sheet {
    /// Its name, for the message.
    name: String,
    /// The next row's index.
    row: u64,
    /// The first and last rows holding a value.
    data_rows: Option<(u64, u64)>,
    /// The widest data row, up to its last value.
    width: u64,
}

/// A repeat count attribute (1 when absent or unreadable).
fn repeats(element: &BytesStart<'_>, name: &str) -> u64 {
    element
        .try_get_attribute(name)
        .ok()
        .flatten()
        .and_then(|a| a.value.trim().parse().ok())
        .unwrap_or(1)
}

/// Refuses an ods whose repeated cells would expand past `max_cells` in one
/// sheet. A file whose `content.xml` cannot be read is left to calamine,
/// which says what is wrong with it.
pub(super) fn check(bytes: &[u8], path: &str, max_cells: usize) -> Result<(), ReadError> {
    let Ok(mut archive) = zip::ZipArchive::new(Cursor::new(bytes)) else {
        return Ok(());
    };
    let Ok(content) = archive.by_name("content.xml") else {
        return Ok(());
    };
    let mut reader = Reader::from_reader(BufReader::new(content));
    let mut buf = Vec::new();
    let mut sheet = Sheet::default();
    // The current row: its repeat count, the column reached, and the end of
    // its last value.
    let mut row = (1u64, 0u64, 0u64);
    loop {
        let event = match reader.read_event_into(&mut buf) {
            Ok(event) => event,
            Err(_) => return Ok(()),
        };
        let empty = matches!(event, Event::Empty(_));
        match event {
            Event::Start(e) | Event::Empty(e) => match e.name().as_ref() {
                "table:table" => {
                    sheet = Sheet::default();
                    sheet.name = e
                        .try_get_attribute("table:name")
                        .ok()
                        .flatten()
                        .map(|a| a.value.into_owned())
                        .unwrap_or_default();
                }
                "table:table-row" => {
                    row = (repeats(&e, "table:number-rows-repeated"), 0, 0);
                    if empty {
                        sheet.row = sheet.row.saturating_add(row.0);
                    }
                }
                "table:table-cell" | "table:covered-table-cell" => {
                    row.1 = row
                        .1
                        .saturating_add(repeats(&e, "table:number-columns-repeated"));
                    if e.try_get_attribute("office:value-type")
                        .ok()
                        .flatten()
                        .is_some()
                    {
                        row.2 = row.1;
                    }
                }
                _ => {}
            },
            Event::End(e) => match e.name().as_ref() {
                "table:table-row" => {
                    if row.2 > 0 {
                        let last = sheet.row.saturating_add(row.0.saturating_sub(1));
                        let first = sheet.data_rows.map_or(sheet.row, |(first, _)| first);
                        sheet.data_rows = Some((first, last));
                        sheet.width = sheet.width.max(row.2);
                    }
                    sheet.row = sheet.row.saturating_add(row.0);
                }
                "table:table" => {
                    let cells = sheet.data_rows.map_or(0, |(first, last)| {
                        (last - first).saturating_add(1).saturating_mul(sheet.width)
                    });
                    if cells > max_cells as u64 {
                        return Err(ReadError::TooLarge {
                            path: path.to_string(),
                            what: format!(
                                "sheet {:?}: its repeated rows and cells expand to {cells} cells, more than {max_cells}",
                                sheet.name
                            ),
                            flag: "--max-cells",
                        });
                    }
                }
                _ => {}
            },
            Event::Eof => return Ok(()),
            _ => {}
        }
        buf.clear();
    }
}
