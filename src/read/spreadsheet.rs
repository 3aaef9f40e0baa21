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
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use calamine::{Data, DataRef, Dimensions, Ods, Reader, SheetType, Xls, Xlsb, Xlsx, XlsxError};
use jiff::civil::Date;
use rust_decimal::Decimal;

use super::{Merge, RawTable, ReadError};
use crate::model::{Amount, GridValue, SourceKind, TablePart};
use crate::number::decimal_from_f64;

type Tables = (Vec<RawTable>, Vec<String>);

/// Reads every worksheet of a workbook. Returns the raw tables and warnings
/// (sheets skipped, such as chart sheets).
pub(super) fn read_workbook(
    bytes: Vec<u8>,
    path: &Path,
    kind: SourceKind,
) -> Result<Tables, ReadError> {
    let display = path.display().to_string();
    let format = format_name(kind);
    let result = catch_unwind(AssertUnwindSafe(|| match kind {
        SourceKind::Xlsx => read_xlsx(bytes, &display),
        SourceKind::Xlsb => read_with_range::<Xlsb<_>>(bytes, &display, format, |_, _| Vec::new()),
        SourceKind::Xls => read_with_range::<Xls<_>>(bytes, &display, format, |wb, name| {
            wb.merge_cells_by_sheet_name(name).unwrap_or_default()
        }),
        _ => read_with_range::<Ods<_>>(bytes, &display, format, |_, _| Vec::new()),
    }));
    match result {
        Ok(tables) => tables,
        Err(panic) => Err(ReadError::ReaderPanic {
            path: display,
            format,
            reason: panic_message(panic.as_ref()),
        }),
    }
}

fn format_name(kind: SourceKind) -> &'static str {
    match kind {
        SourceKind::Xlsx => "xlsx",
        SourceKind::Xlsb => "xlsb",
        SourceKind::Xls => "xls",
        SourceKind::Ods => "ods",
        SourceKind::Csv => "csv",
        SourceKind::Pdf => "PDF",
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
        }
    }
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

fn read_xlsx(bytes: Vec<u8>, path: &str) -> Result<Tables, ReadError> {
    let mut workbook = Xlsx::new(Cursor::new(bytes)).map_err(|e| match e {
        XlsxError::Password => ReadError::Encrypted {
            path: path.to_string(),
        },
        other => ReadError::Workbook {
            path: path.to_string(),
            format: "xlsx",
            reason: reason(&other),
        },
    })?;
    let mut tables = Vec::new();
    let mut warnings = Vec::new();
    let sheets: Vec<_> = workbook.sheets_metadata().to_vec();
    for sheet in sheets {
        if sheet.typ != SheetType::WorkSheet {
            warnings.push(format!("sheet {:?} skipped: not a worksheet", sheet.name));
            continue;
        }
        let name = sheet.name;
        let sheet_error = |e: XlsxError| ReadError::Sheet {
            path: path.to_string(),
            sheet: name.clone(),
            reason: reason(&e),
        };
        let mut grid: Vec<Vec<GridValue>> = Vec::new();
        {
            let mut cells = workbook
                .worksheet_cells_reader(&name)
                .map_err(sheet_error)?;
            let flags: Vec<StyleFlags> = cells.styles().iter().map(StyleFlags::of).collect();
            while let Some((cell, style)) = cells.next_cell_with_style_id().map_err(sheet_error)? {
                let flags = flags.get(style).copied().unwrap_or_default();
                let (row, col) = cell.get_position();
                let value = from_data_ref(cell.get_value(), flags);
                place(&mut grid, row, col, value);
            }
        }
        let merges = if needs_merges(&grid) {
            workbook
                .merge_cells_by_sheet_name(&name)
                .map_err(sheet_error)?
                .iter()
                .map(merge_of)
                .collect()
        } else {
            Vec::new()
        };
        tables.push(RawTable {
            part: TablePart::Sheet(name),
            grid,
            merges,
        });
    }
    Ok((tables, warnings))
}

/// Merged regions only change labeling where a header cell may span the
/// empty cells to its right; reading them costs a second pass over the
/// sheet's XML, so it is skipped when the top of the sheet has no text cell
/// (past the label column) followed by an empty one.
fn needs_merges(grid: &[Vec<GridValue>]) -> bool {
    grid.iter().take(40).any(|row| {
        row.iter().enumerate().skip(1).any(|(col, value)| {
            matches!(value, GridValue::Text { .. } | GridValue::Date(_))
                && row.get(col + 1).is_none_or(GridValue::is_blank)
        })
    })
}

fn merge_of(d: &Dimensions) -> Merge {
    Merge {
        first_row: d.start.0 as usize,
        first_col: d.start.1 as usize,
        last_row: d.end.0 as usize,
        last_col: d.end.1 as usize,
    }
}

fn read_with_range<R>(
    bytes: Vec<u8>,
    path: &str,
    format: &'static str,
    merges_of: impl Fn(&mut R, &str) -> Vec<Dimensions>,
) -> Result<Tables, ReadError>
where
    R: Reader<Cursor<Vec<u8>>>,
    R::Error: std::fmt::Display,
{
    let mut workbook = R::new(Cursor::new(bytes)).map_err(|e| {
        let text = reason(&e);
        if text.contains("password") {
            ReadError::Encrypted {
                path: path.to_string(),
            }
        } else {
            ReadError::Workbook {
                path: path.to_string(),
                format,
                reason: text,
            }
        }
    })?;
    let mut tables = Vec::new();
    let mut warnings = Vec::new();
    let sheets: Vec<_> = workbook.sheets_metadata().to_vec();
    for sheet in sheets {
        if sheet.typ != SheetType::WorkSheet {
            warnings.push(format!("sheet {:?} skipped: not a worksheet", sheet.name));
            continue;
        }
        let name = sheet.name;
        let range = workbook
            .worksheet_range(&name)
            .map_err(|e| ReadError::Sheet {
                path: path.to_string(),
                sheet: name.clone(),
                reason: reason(&e),
            })?;
        let mut grid = Vec::new();
        if let Some((row0, col0)) = range.start() {
            for (row, col, value) in range.used_cells() {
                let value = from_data(value);
                place(&mut grid, row0 + row as u32, col0 + col as u32, value);
            }
        }
        let merges = merges_of(&mut workbook, &name)
            .iter()
            .map(merge_of)
            .collect();
        tables.push(RawTable {
            part: TablePart::Sheet(name),
            grid,
            merges,
        });
    }
    Ok((tables, warnings))
}

fn place(grid: &mut Vec<Vec<GridValue>>, row: u32, col: u32, value: GridValue) {
    if matches!(value, GridValue::Empty) {
        return;
    }
    let (row, col) = (row as usize, col as usize);
    if grid.len() <= row {
        grid.resize_with(row + 1, Vec::new);
    }
    if let Some(cells) = grid.get_mut(row) {
        if cells.len() <= col {
            cells.resize(col + 1, GridValue::Empty);
        }
        if let Some(slot) = cells.get_mut(col) {
            *slot = value;
        }
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
    amount.parens = flags.parens && value.is_sign_negative() && !value.is_zero();
    let text = if flags.percent {
        format!("{value}%")
    } else {
        value.to_string()
    };
    GridValue::Number { amount, text }
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
        let GridValue::Number { amount, text } = float(0.381, flags) else {
            panic!("expected a number");
        };
        assert_eq!(amount.value.to_string(), "38.1");
        assert_eq!(amount.decimals, 1);
        assert!(amount.percent);
        assert_eq!(text, "38.1%");
    }
}
