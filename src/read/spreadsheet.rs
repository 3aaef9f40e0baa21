//! Workbooks through `calamine`: xlsx and xlsm (with cell indents, number
//! formats and merged regions), xlsb, xls and ods. Every worksheet becomes a
//! [`RawTable`]; formula cells arrive as their cached values; date cells as
//! dates; floats as their shortest round-tripping decimals.
//!
//! Only xlsx exposes cell styles through calamine, so indentation by cell
//! format, percent formats and parenthesised negative formats are read for
//! xlsx/xlsm only; the other formats rely on leading spaces (see
//! docs/labeling.md).

use std::io::Cursor;
use std::path::Path;

use calamine::{Data, DataRef, Dimensions, Ods, Reader, SheetType, Xls, Xlsb, Xlsx, XlsxError};
use jiff::civil::Date;
use rust_decimal::Decimal;

use super::budget::{Budget, CHECK_EVERY};
use super::label::Labeled;
use super::{Merge, RawTable, ReadError};
use crate::model::{Amount, Coord, Currency, GridValue, SourceKind, Table, TablePart};
use crate::number::decimal_from_f64;

type Tables = (Vec<Table>, Vec<String>);

/// Labels one raw table (the caller's labeler, shared by every reader). It
/// is `Send` so that a workbook's sheets are labeled on a second thread while
/// the next sheet is read (see [`label_while_reading`]).
pub(super) type Labeler<'a> = dyn FnMut(RawTable) -> Labeled + Send + 'a;

/// Runs `read`, which hands over one raw table per sheet, and labels each on
/// a second thread as soon as it arrives, so that labeling sheet *n* overlaps
/// reading sheet *n + 1* (the XML and the labeler each keep one core busy).
/// The labels come back in the order the sheets were handed over; at most
/// one read sheet waits in the queue, so memory holds three sheets' grids at
/// most (one being read, one waiting, one being labeled).
/// A workbook of one sheet is labeled on the calling thread.
fn label_while_reading(
    sheets: usize,
    label: &mut Labeler<'_>,
    read: impl FnOnce(&mut dyn FnMut(RawTable) -> bool) -> Result<(), ReadError>,
) -> Result<Vec<Labeled>, ReadError> {
    if sheets < 2 {
        let mut labeled = Vec::with_capacity(sheets);
        read(&mut |raw| {
            labeled.push(label(raw));
            true
        })?;
        return Ok(labeled);
    }
    std::thread::scope(|scope| {
        let (queue, arrivals) = std::sync::mpsc::sync_channel::<RawTable>(1);
        let labeler = scope.spawn(move || arrivals.into_iter().map(label).collect::<Vec<_>>());
        // A send fails only when the labeling thread has died: reading
        // stops, and its panic is re-raised below, where `read_workbook`
        // turns it into an error.
        let read = read(&mut |raw| queue.send(raw).is_ok());
        drop(queue);
        let labeled = labeler
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        read.map(|()| labeled)
    })
}

/// Reads and labels every worksheet of a workbook. Returns the tables and
/// warnings (sheets skipped, such as chart sheets).
pub(super) fn read_workbook(
    bytes: &[u8],
    path: &Path,
    kind: SourceKind,
    max_cells: usize,
    budget: Budget,
    label: &mut Labeler<'_>,
) -> Result<Tables, ReadError> {
    let limits = GridLimits { max_cells, budget };
    let display = path.display().to_string();
    let format = format_name(kind);
    // Contained: calamine's panics on damaged files become read errors, and
    // the panic hook stays quiet (no crash trace on standard error).
    let result = super::contained(|| match kind {
        SourceKind::Xlsx => read_xlsx(bytes, &display, limits, label),
        SourceKind::Xlsb => read_xlsb(bytes, &display, limits, label),
        SourceKind::Xls => {
            read_with_range::<Xls<_>>(bytes, &display, format, limits, label, |wb, name| {
                wb.merge_cells_by_sheet_name(name).ok()
            })
        }
        _ => read_with_range::<Ods<_>>(bytes, &display, format, limits, label, |_, _| None),
    });
    match result {
        Ok(tables) => tables,
        Err(reason) => Err(ReadError::ReaderPanic {
            path: display,
            format,
            reason,
        }),
    }
}

/// The worksheets of a workbook in order, and a warning for each other sheet
/// (chart sheets, macro sheets), which has no cells to read.
fn worksheets(sheets: &[calamine::Sheet]) -> (Vec<String>, Vec<String>) {
    let mut names = Vec::new();
    let mut warnings = Vec::new();
    for sheet in sheets {
        if sheet.typ == SheetType::WorkSheet {
            names.push(sheet.name.clone());
        } else {
            warnings.push(format!("sheet {:?} skipped: not a worksheet", sheet.name));
        }
    }
    (names, warnings)
}

fn format_name(kind: SourceKind) -> &'static str {
    match kind {
        SourceKind::Xlsx => "xlsx",
        SourceKind::Xlsb => "xlsb",
        SourceKind::Xls => "xls",
        SourceKind::Ods => "ods",
        SourceKind::Csv => "csv",
        SourceKind::Pdf => "PDF",
        SourceKind::Html => "HTML",
    }
}

/// The text of a caught panic.
pub(crate) fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

/// Lower-cases the first letter of a third-party message so it reads as part
/// of ours.
fn reason(error: &dyn std::fmt::Display) -> String {
    let text = error.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => text,
    }
}

/// What tickmark needs from a cell's style.
#[derive(Debug, Clone, Copy, Default)]
struct StyleFlags {
    indent: u8,
    percent: bool,
    parens: bool,
    /// The currency the number format prints (`"$ "#,##0`, `[$€-407]#,##0`).
    currency: Option<Currency>,
}

impl StyleFlags {
    fn of(style: &calamine::Style) -> StyleFlags {
        let indent = style.alignment.as_ref().and_then(|a| a.indent).unwrap_or(0);
        let code = style
            .number_format
            .as_ref()
            .map(|f| f.format_code.as_str())
            .unwrap_or("");
        let unquoted = strip_quoted(code);
        let mut sections = unquoted.split(';');
        let positive = sections.next().unwrap_or("");
        let negative = sections.next().unwrap_or("");
        StyleFlags {
            indent,
            percent: positive.contains('%'),
            parens: negative.contains('('),
            currency: format_currency(code),
        }
    }
}

/// The currency a number format prints before or after its positive
/// numbers: a symbol in a quoted literal or bare (`"$ "#,##0`, `$#,##0`),
/// or a locale tag (`[$€-407]`, `[$USD]`).
fn format_currency(code: &str) -> Option<Currency> {
    let positive = code.split(';').next().unwrap_or("");
    let mut chars = positive.chars().peekable();
    let mut in_quotes = false;
    while let Some(c) = chars.next() {
        match c {
            '"' => in_quotes = !in_quotes,
            '\\' if !in_quotes => {
                if let Some(next) = chars.next()
                    && let Some(found) = crate::number::currency(&next.to_string())
                {
                    return Some(found);
                }
            }
            '[' if !in_quotes && chars.peek() == Some(&'$') => {
                chars.next();
                let tag: String = chars.by_ref().take_while(|c| *c != ']').collect();
                let symbol = tag.split('-').next().unwrap_or("");
                if let Some(found) = crate::number::currency(symbol) {
                    return Some(found);
                }
            }
            '$' | '€' | '£' | '¥' => return crate::number::currency(&c.to_string()),
            _ => {}
        }
    }
    None
}

/// A number format code without its quoted literals and escapes.
fn strip_quoted(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut in_quotes = false;
    let mut chars = code.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => in_quotes = !in_quotes,
            '\\' if !in_quotes => {
                chars.next();
            }
            _ if !in_quotes => out.push(c),
            _ => {}
        }
    }
    out
}

/// Reads each named worksheet into a grid with `fill`, which places the
/// sheet's cells and gives its merged regions (`None`: not read yet), and
/// hands each grid to the labeler as it goes. A reason `fill` gives becomes
/// an error naming the sheet.
fn read_sheets(
    names: &[String],
    path: &str,
    limits: GridLimits,
    label: &mut Labeler<'_>,
    mut fill: impl FnMut(&str, &mut Grid) -> Result<Option<Vec<Merge>>, String>,
) -> Result<Vec<Labeled>, ReadError> {
    label_while_reading(names.len(), label, |hand_over| {
        for name in names {
            let mut grid = Grid::new(limits);
            let merges = fill(name, &mut grid).map_err(|reason| ReadError::Sheet {
                path: path.to_string(),
                sheet: name.clone(),
                reason,
            })?;
            if !hand_over(RawTable {
                part: TablePart::Sheet(name.as_str().into()),
                grid: grid.rows,
                merges,
            }) {
                break;
            }
        }
        Ok(())
    })
}

fn read_xlsx(
    bytes: &[u8],
    path: &str,
    limits: GridLimits,
    label: &mut Labeler<'_>,
) -> Result<Tables, ReadError> {
    let mut workbook = Xlsx::new(Cursor::new(bytes)).map_err(|e| match e {
        XlsxError::Password => ReadError::Encrypted {
            what: "workbook",
            path: path.to_string(),
        },
        other => ReadError::Workbook {
            path: path.to_string(),
            format: "xlsx",
            reason: reason(&other),
        },
    })?;
    let (names, warnings) = worksheets(workbook.sheets_metadata());
    let labeled = read_sheets(&names, path, limits, label, |name, grid| {
        let mut cells = workbook
            .worksheet_cells_reader(name)
            .map_err(|e| reason(&e))?;
        grid.reserve(cells.dimensions());
        let flags: Vec<StyleFlags> = cells.styles().iter().map(StyleFlags::of).collect();
        while let Some((cell, style)) = cells.next_cell_with_style_id().map_err(|e| reason(&e))? {
            let flags = flags.get(style).copied().unwrap_or_default();
            let (row, col) = cell.get_position();
            grid.place(row, col, from_data_ref(cell.get_value(), flags))?;
        }
        // Merged regions are read below, only for sheets that need them.
        Ok(None)
    })?;
    let mut tables = Vec::with_capacity(labeled.len());
    for (name, mut labeled) in names.iter().zip(labeled) {
        // Merged regions cost a second pass over the sheet's XML: read them
        // only when the labeler says they could change a column's label.
        if labeled.spans_uncertain {
            let merges = workbook
                .merge_cells_by_sheet_name(name)
                .map_err(|e| ReadError::Sheet {
                    path: path.to_string(),
                    sheet: name.clone(),
                    reason: reason(&e),
                })?
                .iter()
                .map(merge_of)
                .collect();
            labeled = label(RawTable {
                part: labeled.table.part.clone(),
                grid: labeled.take_grid(),
                merges: Some(merges),
            });
        }
        tables.extend(labeled.into_tables());
    }
    Ok((tables, warnings))
}

fn merge_of(d: &Dimensions) -> Merge {
    Merge {
        first_row: d.start.0 as usize,
        first_col: d.start.1 as usize,
        last_row: d.end.0 as usize,
        last_col: d.end.1 as usize,
    }
}

/// Opens a workbook with calamine, an encryption error told apart.
fn open_workbook<'b, R>(bytes: &'b [u8], path: &str, format: &'static str) -> Result<R, ReadError>
where
    R: Reader<Cursor<&'b [u8]>>,
    R::Error: std::fmt::Display,
{
    R::new(Cursor::new(bytes)).map_err(|e| {
        let text = reason(&e);
        if text.contains("password") {
            ReadError::Encrypted {
                what: "workbook",
                path: path.to_string(),
            }
        } else {
            ReadError::Workbook {
                path: path.to_string(),
                format,
                reason: text,
            }
        }
    })
}

/// Reads an xlsb workbook cell by cell, as xlsx is read: calamine's
/// `worksheet_range` would allocate each sheet's bounding box densely, so
/// two far-apart cells could ask for billions of slots. calamine reads no
/// merged regions from xlsb, so spanning headers follow the no-merge rule.
fn read_xlsb(
    bytes: &[u8],
    path: &str,
    limits: GridLimits,
    label: &mut Labeler<'_>,
) -> Result<Tables, ReadError> {
    let mut workbook: Xlsb<_> = open_workbook(bytes, path, "xlsb")?;
    let (names, warnings) = worksheets(workbook.sheets_metadata());
    let labeled = read_sheets(&names, path, limits, label, |name, grid| {
        let mut cells = workbook
            .worksheet_cells_reader(name)
            .map_err(|e| reason(&e))?;
        grid.reserve(cells.dimensions());
        while let Some(cell) = cells.next_cell().map_err(|e| reason(&e))? {
            let (row, col) = cell.get_position();
            let value = from_data_ref(cell.get_value(), StyleFlags::default());
            grid.place(row, col, value)?;
        }
        Ok(Some(Vec::new()))
    })?;
    let tables = labeled.into_iter().flat_map(Labeled::into_tables).collect();
    Ok((tables, warnings))
}

fn read_with_range<'b, R>(
    bytes: &'b [u8],
    path: &str,
    format: &'static str,
    limits: GridLimits,
    label: &mut Labeler<'_>,
    merges_of: impl Fn(&mut R, &str) -> Option<Vec<Dimensions>>,
) -> Result<Tables, ReadError>
where
    R: Reader<Cursor<&'b [u8]>>,
    R::Error: std::fmt::Display,
{
    let mut workbook: R = open_workbook(bytes, path, format)?;
    let (names, warnings) = worksheets(workbook.sheets_metadata());
    let labeled = read_sheets(&names, path, limits, label, |name, grid| {
        let range = workbook.worksheet_range(name).map_err(|e| reason(&e))?;
        if let (Some(start), Some(end)) = (range.start(), range.end()) {
            grid.reserve(Dimensions::new(start, end));
            for (row, col, value) in range.used_cells() {
                let (row, col) = (
                    start
                        .0
                        .saturating_add(u32::try_from(row).unwrap_or(u32::MAX)),
                    start
                        .1
                        .saturating_add(u32::try_from(col).unwrap_or(u32::MAX)),
                );
                grid.place(row, col, from_data(value))?;
            }
        }
        // Formats whose merges calamine cannot read are labeled as if they
        // had none (the no-merge rule for spanning headers applies).
        let merges = merges_of(&mut workbook, name)
            .unwrap_or_default()
            .iter()
            .map(merge_of)
            .collect();
        Ok(Some(merges))
    })?;
    let tables = labeled.into_iter().flat_map(Labeled::into_tables).collect();
    Ok((tables, warnings))
}

/// A sheet's grid as it is filled, cell by cell, in row order, up to
/// `max_cells` grid slots (each row up to its last used column; the default
/// 2,000,000 slots are about 64 MB). A sheet that declares cells far apart
/// (A1 and XFD1048576) would otherwise allocate gigabytes.
struct Grid {
    rows: Vec<Vec<GridValue>>,
    /// The most slots the grid may take (`--max-cells`).
    max_cells: usize,
    width: usize,
    slots: usize,
    /// Cells placed, for looking at the clock every [`CHECK_EVERY`].
    placed: usize,
    /// The file's time budget (`--time-budget`).
    budget: Budget,
}

/// What bounds one sheet's grid: its cells, and the file's time.
#[derive(Debug, Clone, Copy)]
pub(super) struct GridLimits {
    max_cells: usize,
    budget: Budget,
}

impl Grid {
    fn new(limits: GridLimits) -> Grid {
        Grid {
            rows: Vec::new(),
            max_cells: limits.max_cells,
            width: 0,
            slots: 0,
            placed: 0,
            budget: limits.budget,
        }
    }

    /// Capacity hints from the sheet's declared dimensions, bounded so that a
    /// hostile declaration ("A1:XFD1048576") cannot allocate by itself.
    fn reserve(&mut self, dimensions: Dimensions) {
        let rows = (dimensions.end.0 as usize + 1).min(1 << 16);
        self.width = (dimensions.end.1 as usize + 1).min(1 << 8);
        self.rows.reserve(rows);
    }

    /// Puts a value at a 0-based position; an error names a position beyond
    /// Excel's limits or a sheet too large to hold.
    fn place(&mut self, row: u32, col: u32, value: GridValue) -> Result<(), String> {
        // Every cell read ticks the clock, empty ones too.
        self.placed += 1;
        if self.placed % CHECK_EVERY == 1 {
            self.budget.check()?;
        }
        if matches!(value, GridValue::Empty) {
            return Ok(());
        }
        if row >= Coord::MAX_ROW || col >= Coord::MAX_COL {
            return Err(format!(
                "a cell lies beyond Excel's last row or column (row {}, column {}); the file is damaged or not a worksheet",
                u64::from(row) + 1,
                u64::from(col) + 1
            ));
        }
        let (row, col) = (row as usize, col as usize);
        if self.rows.len() <= row {
            // Rows in between stay unallocated; only the row being filled
            // gets the width hint.
            self.rows.resize_with(row, Vec::new);
            self.rows.push(Vec::with_capacity(self.width));
        }
        let Some(cells) = self.rows.get_mut(row) else {
            return Ok(());
        };
        let grows = (col + 1).saturating_sub(cells.len());
        self.slots += grows;
        if self.slots > self.max_cells {
            return Err(format!(
                "the sheet is too large to read: more than {} cells up to its last used columns; raise --max-cells to read it",
                self.max_cells
            ));
        }
        // Cells arrive left to right: usually the next one is pushed.
        if cells.len() == col {
            cells.push(value);
        } else if cells.len() < col {
            cells.resize(col, GridValue::Empty);
            cells.push(value);
        } else if let Some(slot) = cells.get_mut(col) {
            *slot = value;
        }
        Ok(())
    }
}

fn from_data_ref(value: &DataRef<'_>, flags: StyleFlags) -> GridValue {
    match value {
        DataRef::Int(i) => number(Decimal::from(*i), 0, flags),
        DataRef::Float(f) => float(*f, flags),
        DataRef::String(s) => text(s, flags.indent),
        DataRef::SharedString(s) => text(s, flags.indent),
        DataRef::Bool(b) => GridValue::Other(if *b { "TRUE" } else { "FALSE" }.to_string()),
        DataRef::DateTime(dt) => excel_date(dt),
        DataRef::DateTimeIso(s) => iso_date(s),
        DataRef::DurationIso(s) => GridValue::Other(s.clone()),
        DataRef::Error(e) => GridValue::Other(e.to_string()),
        DataRef::Empty => GridValue::Empty,
    }
}

fn from_data(value: &Data) -> GridValue {
    let flags = StyleFlags::default();
    match value {
        Data::Int(i) => number(Decimal::from(*i), 0, flags),
        Data::Float(f) => float(*f, flags),
        Data::String(s) => text(s, 0),
        Data::Bool(b) => GridValue::Other(if *b { "TRUE" } else { "FALSE" }.to_string()),
        Data::DateTime(dt) => excel_date(dt),
        Data::DateTimeIso(s) => iso_date(s),
        Data::DurationIso(s) => GridValue::Other(s.clone()),
        Data::Error(e) => GridValue::Other(e.to_string()),
        Data::Empty => GridValue::Empty,
    }
}

fn text(s: &str, indent: u8) -> GridValue {
    if s.trim().is_empty() {
        return GridValue::Empty;
    }
    GridValue::Text {
        text: s.to_string(),
        indent,
    }
}

fn float(f: f64, flags: StyleFlags) -> GridValue {
    match decimal_from_f64(f) {
        Some((value, decimals)) => number(value, decimals, flags),
        None => GridValue::Other(f.to_string()),
    }
}

/// A numeric cell; percent formats print ×100 with `%`, as the sheet shows them.
fn number(value: Decimal, decimals: u32, flags: StyleFlags) -> GridValue {
    let (value, decimals) = if flags.percent {
        match value.checked_mul(Decimal::ONE_HUNDRED) {
            Some(v) => {
                let v = v.normalize();
                (v, v.scale())
            }
            None => (value, decimals),
        }
    } else {
        (value, decimals)
    };
    let mut amount = Amount::plain(value, decimals);
    amount.percent = flags.percent;
    amount.currency = flags.currency.filter(|_| !flags.percent);
    amount.parens = flags.parens && value.is_sign_negative() && !value.is_zero();
    GridValue::Number(amount)
}

fn excel_date(dt: &calamine::ExcelDateTime) -> GridValue {
    if !dt.is_datetime() {
        return GridValue::Other(dt.as_f64().to_string());
    }
    let (y, m, d, ..) = dt.to_ymd_hms_milli();
    match (i16::try_from(y), i8::try_from(m), i8::try_from(d)) {
        (Ok(y), Ok(m), Ok(d)) => Date::new(y, m, d)
            .map(GridValue::Date)
            .unwrap_or_else(|_| GridValue::Other(dt.as_f64().to_string())),
        _ => GridValue::Other(dt.as_f64().to_string()),
    }
}

fn iso_date(s: &str) -> GridValue {
    s.get(..10)
        .and_then(|d| d.parse::<Date>().ok())
        .map(GridValue::Date)
        .unwrap_or_else(|| GridValue::Other(s.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_formats_are_read_for_percent_and_parentheses() {
        let flags = |code: &str| {
            let unquoted = strip_quoted(code);
            let mut sections = unquoted.split(';');
            (
                sections.next().unwrap_or("").contains('%'),
                sections.next().unwrap_or("").contains('('),
            )
        };
        assert_eq!(flags("0.0%"), (true, false));
        assert_eq!(flags("#,##0;(#,##0)"), (false, true));
        assert_eq!(flags("#,##0;\"(\"#,##0"), (false, false));
        assert_eq!(flags("\"%\"0"), (false, false));
        assert_eq!(flags("General"), (false, false));
    }

    #[test]
    fn percent_cells_print_as_shown() {
        let flags = StyleFlags {
            percent: true,
            ..StyleFlags::default()
        };
        let value = float(0.381, flags);
        let GridValue::Number(amount) = value else {
            panic!("expected a number");
        };
        assert_eq!(amount.value.to_string(), "38.1");
        assert_eq!(amount.decimals, 1);
        assert!(amount.percent);
        assert_eq!(value.text(), "38.1%");
    }
}
