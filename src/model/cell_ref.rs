//! Cell references: the one stable, round-trippable syntax for pointing into
//! a source (docs/contract.md §2), and containment (is this cell inside that range,
//! table, page or source), which resolution relies on.
//!
//! ```text
//! acme.xlsx#IS!C12            cell C12 of sheet IS
//! acme.xlsx#'Income Stmt'!C12 quoted sheet name ('' escapes a quote)
//! acme.xlsx#IS!A5:D5          a range
//! acme.xlsx#IS                a whole table
//! acme.csv#C12                a csv has one table: no table part
//! report.pdf#p3t1!B7          PDF page 3, first table, grid cell B7
//! report.pdf#p3               the text of page 3
//! acme.xlsx                   the whole source
//! ```
//!
//! Parsing is purely syntactic, so printing and parsing round-trip whatever
//! the source turns out to be. Two readings are settled by syntax and
//! repaired, where needed, when a reference is resolved against a loaded
//! document: a fragment without `!` that looks like a cell (`#C12`, `#Q1`) is
//! a cell of the source's only table, and an unquoted `p3` / `p3t1` is a PDF
//! page / table. Sheets with such names print quoted (`#'Q1'`, `#'p3'`).
//!
//! A source id may contain `#` (`Q#1.xlsx#IS!C12`): the fragment starts at
//! a quoted sheet name (`#'`), else after the last `#`. A bare source id with
//! a `#` and no fragment cannot be told from a table reference, so such an id
//! always needs a fragment.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A reference to a source, a table, a range, a cell or a PDF page.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CellRef {
    /// The source id: the file name as given, or the id of `--source ID=PATH`.
    pub source: Arc<str>,
    /// What inside the source is meant.
    pub target: Target,
}

/// The part of a reference after `#`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target {
    /// The whole source (`acme.xlsx`).
    Source,
    /// A whole table (`acme.xlsx#IS`, `report.pdf#p3t1`).
    Table(TablePart),
    /// One cell (`acme.xlsx#IS!C12`, `acme.csv#C12`).
    Cell(TablePart, Coord),
    /// A rectangle of cells, top-left then bottom-right (`acme.xlsx#IS!A5:D5`).
    Range(TablePart, Coord, Coord),
    /// The text of a PDF page, 1-based (`report.pdf#p3`).
    Page(u32),
}

/// Which table of a source a reference points into.
#[derive(Debug, Clone, Eq)]
pub enum TablePart {
    /// The source's only table: a csv (`acme.csv#C12`).
    Only,
    /// A worksheet by name.
    Sheet(Arc<str>),
    /// The `table`-th table (1-based) found on PDF page `page` (`p3t1`).
    Pdf {
        /// 1-based page number.
        page: u32,
        /// 1-based index of the table on that page.
        table: u32,
    },
}

/// A 1-based (row, column) position in a table's grid, printed A1-style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// 1-based row.
    pub row: u32,
    /// 1-based column (A = 1).
    pub col: u32,
}

/// A reference that does not follow the syntax of docs/contract.md §2.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid cell reference {input:?}: {reason}")]
pub struct RefParseError {
    /// The text as given.
    pub input: String,
    /// What was wrong, phrased "expected X, found Y" where it can be.
    pub reason: String,
}

impl PartialEq for TablePart {
    /// Sheet names compare case-insensitively, as spreadsheet programs treat them.
    fn eq(&self, other: &TablePart) -> bool {
        match (self, other) {
            (TablePart::Only, TablePart::Only) => true,
            (TablePart::Sheet(a), TablePart::Sheet(b)) => sheet_names_equal(a, b),
            (
                TablePart::Pdf {
                    page: p1,
                    table: t1,
                },
                TablePart::Pdf {
                    page: p2,
                    table: t2,
                },
            ) => p1 == p2 && t1 == t2,
            _ => false,
        }
    }
}

impl std::hash::Hash for TablePart {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            TablePart::Only => 0u8.hash(state),
            TablePart::Sheet(name) => {
                1u8.hash(state);
                for c in name.chars().flat_map(char::to_lowercase) {
                    c.hash(state);
                }
            }
            TablePart::Pdf { page, table } => {
                2u8.hash(state);
                page.hash(state);
                table.hash(state);
            }
        }
    }
}

/// True when two sheet names name the same sheet (case-insensitive).
pub fn sheet_names_equal(a: &str, b: &str) -> bool {
    a == b
        || a.chars()
            .flat_map(char::to_lowercase)
            .eq(b.chars().flat_map(char::to_lowercase))
}

impl Coord {
    /// Excel's last row (1,048,576); references beyond it are rejected and
    /// no reader makes a table taller.
    pub const MAX_ROW: u32 = 1_048_576;
    /// Excel's last column (XFD, 16,384).
    pub const MAX_COL: u32 = 16_384;

    /// True when this position lies in the rectangle from `top_left` to
    /// `bottom_right` (inclusive).
    pub fn within(self, top_left: Coord, bottom_right: Coord) -> bool {
        (top_left.row..=bottom_right.row).contains(&self.row)
            && (top_left.col..=bottom_right.col).contains(&self.col)
    }

    /// A coordinate from 1-based row and column.
    pub fn new(row: u32, col: u32) -> Coord {
        Coord { row, col }
    }

    /// The column letters: 1 → "A", 28 → "AB".
    pub fn col_letters(col: u32) -> String {
        let mut buffer = [0u8; COL_LETTERS];
        Coord::letters_into(col, &mut buffer).to_string()
    }

    /// The column letters of `col`, written at the end of `buffer` (a
    /// `u32` needs at most [`COL_LETTERS`]).
    fn letters_into(col: u32, buffer: &mut [u8; COL_LETTERS]) -> &str {
        let mut at = buffer.len();
        let mut n = col;
        while n > 0
            && let Some(next) = at.checked_sub(1)
        {
            let rem = (n - 1) % 26;
            if let Some(slot) = buffer.get_mut(next) {
                *slot = b'A' + rem as u8;
            }
            at = next;
            n = (n - 1) / 26;
        }
        // Only ASCII capitals were written.
        std::str::from_utf8(buffer.get(at..).unwrap_or_default()).unwrap_or_default()
    }

    /// Parses "C12", "c12" or "$C$12".
    pub fn parse(text: &str) -> Option<Coord> {
        let text = text.trim();
        let bytes = text.as_bytes();
        let mut i = 0;
        if bytes.first() == Some(&b'$') {
            i += 1;
        }
        let mut col: u32 = 0;
        let col_start = i;
        while let Some(b) = bytes.get(i).filter(|b| b.is_ascii_alphabetic()) {
            col = col * 26 + u32::from(b.to_ascii_uppercase() - b'A' + 1);
            i += 1;
            if i - col_start > 3 {
                return None;
            }
        }
        if i == col_start || col > Coord::MAX_COL {
            return None;
        }
        if bytes.get(i) == Some(&b'$') {
            i += 1;
        }
        let digits = text.get(i..)?;
        if digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return None;
        }
        let row: u32 = digits.parse().ok()?;
        (row <= Coord::MAX_ROW).then_some(Coord { row, col })
    }
}

/// The most column letters a `u32` column has (26^7 > 2^32).
const COL_LETTERS: usize = 7;

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buffer = [0u8; COL_LETTERS];
        f.write_str(Coord::letters_into(self.col, &mut buffer))?;
        write!(f, "{}", self.row)
    }
}

impl TablePart {
    /// The table's name as it appears in a reference, without quotes
    /// (empty for [`TablePart::Only`]).
    pub fn name(&self) -> String {
        match self {
            TablePart::Only => String::new(),
            TablePart::Sheet(name) => name.to_string(),
            TablePart::Pdf { page, table } => format!("p{page}t{table}"),
        }
    }

    /// The PDF page a table part lies on, if it is a PDF table.
    pub fn pdf_page(&self) -> Option<u32> {
        match self {
            TablePart::Pdf { page, .. } => Some(*page),
            _ => None,
        }
    }
}

impl fmt::Display for TablePart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TablePart::Only => Ok(()),
            TablePart::Pdf { page, table } => write!(f, "p{page}t{table}"),
            TablePart::Sheet(name) if sheet_name_needs_quotes(name) => {
                write!(f, "'{}'", name.replace('\'', "''"))
            }
            TablePart::Sheet(name) => f.write_str(name),
        }
    }
}

/// A sheet name prints bare only when it cannot be read as anything else.
fn sheet_name_needs_quotes(name: &str) -> bool {
    // An ASCII name of letters, digits and `_` (most are) is bare unless
    // it reads as a cell or a page; the general test below says the same.
    if let Some((first, rest)) = name.as_bytes().split_first()
        && (first.is_ascii_alphabetic() || *first == b'_')
        && rest.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
    {
        return Coord::parse(name).is_some()
            || parse_page(name).is_some()
            || parse_pdf_table(name).is_some();
    }
    let mut chars = name.chars();
    let plain_start = chars.next().is_some_and(|c| c.is_alphabetic() || c == '_');
    let plain_rest = chars.all(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '-');
    !(plain_start && plain_rest)
        || Coord::parse(name).is_some()
        || parse_range(name).is_some()
        || parse_page(name).is_some()
        || parse_pdf_table(name).is_some()
}

/// `p3` → 3.
fn parse_page(text: &str) -> Option<u32> {
    let digits = text.strip_prefix('p')?;
    parse_positive(digits)
}

/// `p3t1` → (3, 1).
fn parse_pdf_table(text: &str) -> Option<(u32, u32)> {
    let rest = text.strip_prefix('p')?;
    let (page, table) = rest.split_once('t')?;
    Some((parse_positive(page)?, parse_positive(table)?))
}

fn parse_positive(digits: &str) -> Option<u32> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    digits.parse().ok()
}

/// `A5:D5` → normalized corners; a single cell is not a range.
fn parse_range(text: &str) -> Option<(Coord, Coord)> {
    let (a, b) = text.split_once(':')?;
    let (a, b) = (Coord::parse(a)?, Coord::parse(b)?);
    Some((
        Coord::new(a.row.min(b.row), a.col.min(b.col)),
        Coord::new(a.row.max(b.row), a.col.max(b.col)),
    ))
}

impl CellRef {
    /// A reference to one cell.
    pub fn cell(source: impl Into<Arc<str>>, table: TablePart, coord: Coord) -> CellRef {
        CellRef {
            source: source.into(),
            target: Target::Cell(table, coord),
        }
    }

    /// A reference to a whole table.
    pub fn table(source: impl Into<Arc<str>>, table: TablePart) -> CellRef {
        CellRef {
            source: source.into(),
            target: Target::Table(table),
        }
    }

    /// A reference to a whole source.
    pub fn source(source: impl Into<Arc<str>>) -> CellRef {
        CellRef {
            source: source.into(),
            target: Target::Source,
        }
    }

    /// The table part, for cell, range and table references.
    pub fn table_part(&self) -> Option<&TablePart> {
        match &self.target {
            Target::Table(t) | Target::Cell(t, _) | Target::Range(t, _, _) => Some(t),
            Target::Source | Target::Page(_) => None,
        }
    }

    /// The cell, for a single-cell reference.
    pub fn coord(&self) -> Option<Coord> {
        match self.target {
            Target::Cell(_, c) => Some(c),
            _ => None,
        }
    }

    /// Parses a reference; see the module documentation for the forms.
    pub fn parse(text: &str) -> Result<CellRef, RefParseError> {
        let fail = |reason: String| RefParseError {
            input: text.to_string(),
            reason,
        };
        let trimmed = text.trim();
        // A source id may itself hold '#': the fragment starts at a quoted
        // sheet name ("#'"), else after the last '#'.
        let split = trimmed
            .find("#'")
            .or_else(|| trimmed.rfind('#'))
            .and_then(|at| Some((trimmed.get(..at)?, trimmed.get(at + 1..)?)));
        let Some((source, fragment)) = split else {
            if trimmed.is_empty() {
                return Err(fail(
                    "expected a source such as \"acme.xlsx\", found nothing".into(),
                ));
            }
            return Ok(CellRef::source(trimmed));
        };
        if source.is_empty() {
            return Err(fail("expected a source name before '#'".into()));
        }
        if fragment.is_empty() {
            return Err(fail(
                "expected a sheet, cell or page after '#', found nothing".into(),
            ));
        }
        let (table_text, quoted, rest) = if let Some(after_quote) = fragment.strip_prefix('\'') {
            let (name, after) = split_quoted(after_quote).ok_or_else(|| {
                fail("unterminated quoted sheet name: expected a closing '".into())
            })?;
            if name.is_empty() {
                return Err(fail(
                    "expected a sheet name between the quotes, found ''".into(),
                ));
            }
            let rest = match after {
                "" => None,
                r => match r.strip_prefix('!') {
                    Some(cells) => Some(cells),
                    None => {
                        return Err(fail(format!(
                            "expected '!' or the end after the quoted sheet name, found {r:?}"
                        )));
                    }
                },
            };
            (name, true, rest)
        } else {
            match fragment.split_once('!') {
                Some((table, cells)) => (table.to_string(), false, Some(cells)),
                None => (fragment.to_string(), false, None),
            }
        };
        if rest == Some("") {
            return Err(fail(
                "expected a cell such as C12 after '!', found nothing".into(),
            ));
        }
        let source: Arc<str> = Arc::from(source);
        let Some(cells) = rest else {
            // No cell part: a table, a page, or (syntax decides) a csv cell.
            if quoted {
                return Ok(CellRef::table(source, TablePart::Sheet(table_text.into())));
            }
            let target = if let Some(page) = parse_page(&table_text) {
                Target::Page(page)
            } else if let Some((page, table)) = parse_pdf_table(&table_text) {
                Target::Table(TablePart::Pdf { page, table })
            } else if let Some(coord) = Coord::parse(&table_text) {
                Target::Cell(TablePart::Only, coord)
            } else if let Some((a, b)) = parse_range(&table_text) {
                Target::Range(TablePart::Only, a, b)
            } else if table_text.contains(':') {
                return Err(fail(format!(
                    "expected a range such as A5:D5, found {table_text:?}"
                )));
            } else {
                Target::Table(TablePart::Sheet(table_text.into()))
            };
            return Ok(CellRef { source, target });
        };
        let table = if quoted {
            TablePart::Sheet(table_text.into())
        } else if table_text.is_empty() {
            return Err(fail("expected a sheet name before '!'".into()));
        } else if let Some((page, table)) = parse_pdf_table(&table_text) {
            TablePart::Pdf { page, table }
        } else {
            TablePart::Sheet(table_text.into())
        };
        let target = if let Some(coord) = Coord::parse(cells) {
            Target::Cell(table, coord)
        } else if let Some((a, b)) = parse_range(cells) {
            Target::Range(table, a, b)
        } else {
            return Err(fail(format!(
                "expected a cell such as C12 or a range such as A5:D5 after '!', found {cells:?}"
            )));
        };
        Ok(CellRef { source, target })
    }

    /// True when `other` lies inside `self`: a cell inside a range, a range or
    /// cell inside a table, a PDF table inside its page, anything inside its
    /// source. A reference contains itself.
    pub fn contains(&self, other: &CellRef) -> bool {
        if self.source != other.source {
            return false;
        }
        match (&self.target, &other.target) {
            (Target::Source, _) => true,
            (Target::Page(p), Target::Page(q)) => p == q,
            (Target::Page(p), _) => other.table_part().and_then(TablePart::pdf_page) == Some(*p),
            (Target::Table(t), _) => other.table_part() == Some(t),
            (Target::Cell(t, c), Target::Cell(u, d)) => t == u && c == d,
            (Target::Range(t, a, b), Target::Cell(u, c)) => t == u && c.within(*a, *b),
            (Target::Range(t, a, b), Target::Range(u, c, d)) => {
                t == u && c.within(*a, *b) && d.within(*a, *b)
            }
            _ => false,
        }
    }
}

/// Splits `name'rest` (after an opening quote) at the closing quote, turning
/// `''` into `'`. Returns the name and what follows the closing quote.
fn split_quoted(text: &str) -> Option<(String, &str)> {
    let mut name = String::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '\'' {
            if matches!(chars.peek(), Some((_, '\''))) {
                chars.next();
                name.push('\'');
                continue;
            }
            return Some((name, text.get(i + 1..).unwrap_or("")));
        }
        name.push(c);
    }
    None
}

impl fmt::Display for CellRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)?;
        // The parts write themselves ignoring `f`'s flags, as `write!`
        // would have them; no format string is interpreted.
        match &self.target {
            Target::Source => Ok(()),
            Target::Page(p) => write!(f, "#p{p}"),
            Target::Table(TablePart::Only) => Ok(()),
            Target::Table(t) => {
                f.write_str("#")?;
                t.fmt(f)
            }
            Target::Cell(TablePart::Only, c) => {
                f.write_str("#")?;
                c.fmt(f)
            }
            Target::Cell(t, c) => {
                f.write_str("#")?;
                t.fmt(f)?;
                f.write_str("!")?;
                c.fmt(f)
            }
            Target::Range(TablePart::Only, a, b) => {
                f.write_str("#")?;
                a.fmt(f)?;
                f.write_str(":")?;
                b.fmt(f)
            }
            Target::Range(t, a, b) => {
                f.write_str("#")?;
                t.fmt(f)?;
                f.write_str("!")?;
                a.fmt(f)?;
                f.write_str(":")?;
                b.fmt(f)
            }
        }
    }
}

impl FromStr for CellRef {
    type Err = RefParseError;
    fn from_str(s: &str) -> Result<CellRef, RefParseError> {
        CellRef::parse(s)
    }
}

impl Serialize for CellRef {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CellRef {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CellRef, D::Error> {
        let text = String::deserialize(deserializer)?;
        CellRef::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn r(text: &str) -> CellRef {
        CellRef::parse(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn parses_every_form_of_design_section_2() {
        let sheet = |n: &str| TablePart::Sheet(n.into());
        let cases: Vec<(&str, CellRef)> = vec![
            (
                "acme.xlsx#IS!C12",
                CellRef::cell("acme.xlsx", sheet("IS"), Coord::new(12, 3)),
            ),
            (
                "acme.xlsx#'Income Statement'!C12",
                CellRef::cell("acme.xlsx", sheet("Income Statement"), Coord::new(12, 3)),
            ),
            (
                "acme.xlsx#'Bob''s P&L'!AB7",
                CellRef::cell("acme.xlsx", sheet("Bob's P&L"), Coord::new(7, 28)),
            ),
            (
                "acme.xlsx#IS!A5:D5",
                CellRef {
                    source: "acme.xlsx".into(),
                    target: Target::Range(sheet("IS"), Coord::new(5, 1), Coord::new(5, 4)),
                },
            ),
            ("acme.xlsx#IS", CellRef::table("acme.xlsx", sheet("IS"))),
            (
                "acme.csv#C12",
                CellRef::cell("acme.csv", TablePart::Only, Coord::new(12, 3)),
            ),
            (
                "report.pdf#p3t1!B7",
                CellRef::cell(
                    "report.pdf",
                    TablePart::Pdf { page: 3, table: 1 },
                    Coord::new(7, 2),
                ),
            ),
            (
                "report.pdf#p3",
                CellRef {
                    source: "report.pdf".into(),
                    target: Target::Page(3),
                },
            ),
            (
                "report.pdf#p12t2",
                CellRef::table("report.pdf", TablePart::Pdf { page: 12, table: 2 }),
            ),
            ("acme.xlsx", CellRef::source("acme.xlsx")),
            (
                "dir/acme v2.xlsx#IS!$C$12",
                CellRef::cell("dir/acme v2.xlsx", sheet("IS"), Coord::new(12, 3)),
            ),
            (
                "acme.xlsx#is!c12",
                CellRef::cell("acme.xlsx", sheet("is"), Coord::new(12, 3)),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(r(text), want, "{text}");
        }
    }

    #[test]
    fn prints_canonical_forms() {
        for (input, printed) in [
            ("acme.xlsx#IS!C12", "acme.xlsx#IS!C12"),
            (
                "acme.xlsx#'Income Statement'!C12",
                "acme.xlsx#'Income Statement'!C12",
            ),
            ("acme.xlsx#'Bob''s'!A1", "acme.xlsx#'Bob''s'!A1"),
            ("acme.xlsx#IS!D5:A5", "acme.xlsx#IS!A5:D5"),
            ("acme.xlsx#is!$c$12", "acme.xlsx#is!C12"),
            ("acme.csv#C12", "acme.csv#C12"),
            ("acme.csv#B2:C9", "acme.csv#B2:C9"),
            ("report.pdf#p3t1!B7", "report.pdf#p3t1!B7"),
            ("report.pdf#p3", "report.pdf#p3"),
            ("acme.xlsx#'Q1'", "acme.xlsx#'Q1'"),
            ("acme.xlsx#'p3'!A1", "acme.xlsx#'p3'!A1"),
            ("acme.xlsx#Sheet.1", "acme.xlsx#Sheet.1"),
            ("acme.xlsx", "acme.xlsx"),
        ] {
            assert_eq!(r(input).to_string(), printed, "{input}");
        }
    }

    #[test]
    fn rejects_malformed_refs_with_a_reason() {
        for (text, fragment) in [
            ("", "found nothing"),
            ("#IS!C12", "source name"),
            ("acme.xlsx#", "found nothing"),
            ("acme.xlsx#IS!", "found nothing"),
            ("acme.xlsx#IS!C", "found \"C\""),
            ("acme.xlsx#IS!C0", "found \"C0\""),
            ("acme.xlsx#IS!XFE1", "XFE1"),
            ("acme.xlsx#'IS!C12", "unterminated"),
            ("acme.xlsx#'IS'C12", "expected '!'"),
            ("acme.xlsx#''!C1", "between the quotes"),
            ("acme.xlsx#!C12", "sheet name before"),
            ("acme.csv#A1:B", "range"),
        ] {
            let err = CellRef::parse(text).expect_err(text);
            assert!(err.to_string().contains(fragment), "{text}: {err}");
        }
    }

    #[test]
    fn containment() {
        let yes = [
            ("acme.xlsx", "acme.xlsx#IS!C12"),
            ("acme.xlsx", "acme.xlsx#p3"),
            ("acme.xlsx#IS", "acme.xlsx#IS!C12"),
            ("acme.xlsx#IS", "acme.xlsx#is!A1:B2"),
            ("acme.xlsx#IS", "acme.xlsx#IS"),
            ("acme.xlsx#IS!A5:D5", "acme.xlsx#IS!C5"),
            ("acme.xlsx#IS!A1:D20", "acme.xlsx#IS!B5:D5"),
            ("acme.xlsx#IS!C12", "acme.xlsx#IS!C12"),
            ("acme.csv#A1:D9", "acme.csv#D9"),
            ("report.pdf#p3", "report.pdf#p3t2!B7"),
            ("report.pdf#p3", "report.pdf#p3"),
            ("report.pdf#p3t1", "report.pdf#p3t1!B7"),
        ];
        for (outer, inner) in yes {
            assert!(
                r(outer).contains(&r(inner)),
                "{outer} should contain {inner}"
            );
        }
        let no = [
            ("acme.xlsx", "other.xlsx#IS!C12"),
            ("acme.xlsx#IS", "acme.xlsx#BS!C12"),
            ("acme.xlsx#IS", "acme.xlsx"),
            ("acme.xlsx#IS!A5:D5", "acme.xlsx#IS!C6"),
            ("acme.xlsx#IS!A5:D5", "acme.xlsx#IS!E5"),
            ("acme.xlsx#IS!A5:D5", "acme.xlsx#BS!C5"),
            ("acme.xlsx#IS!A1:D20", "acme.xlsx#IS!B5:E5"),
            ("acme.xlsx#IS!C12", "acme.xlsx#IS!C13"),
            ("acme.xlsx#IS!C12", "acme.xlsx#IS!C12:C13"),
            ("report.pdf#p3", "report.pdf#p4t1!B7"),
            ("report.pdf#p3t1", "report.pdf#p3t2!B7"),
            ("report.pdf#p3t1!B7", "report.pdf#p3"),
        ];
        for (outer, inner) in no {
            assert!(
                !r(outer).contains(&r(inner)),
                "{outer} should not contain {inner}"
            );
        }
    }

    #[test]
    fn column_letters() {
        for (col, letters) in [
            (1, "A"),
            (26, "Z"),
            (27, "AA"),
            (52, "AZ"),
            (703, "AAA"),
            (16_384, "XFD"),
        ] {
            assert_eq!(Coord::col_letters(col), letters);
            assert_eq!(
                Coord::parse(&format!("{letters}1")),
                Some(Coord::new(1, col))
            );
        }
    }

    fn arb_table() -> impl Strategy<Value = TablePart> {
        prop_oneof![
            Just(TablePart::Only),
            "[ -~]{1,12}".prop_map(|s| TablePart::Sheet(s.into())),
            "\\PC{1,8}".prop_map(|s| TablePart::Sheet(s.into())),
            (1u32..5000, 1u32..20).prop_map(|(page, table)| TablePart::Pdf { page, table }),
        ]
    }

    fn arb_coord() -> impl Strategy<Value = Coord> {
        (1..=Coord::MAX_ROW, 1..=Coord::MAX_COL).prop_map(|(row, col)| Coord::new(row, col))
    }

    fn arb_ref() -> impl Strategy<Value = CellRef> {
        let target = prop_oneof![
            Just(Target::Source),
            (1u32..5000).prop_map(Target::Page),
            arb_table()
                .prop_filter("a whole table needs a name", |t| *t != TablePart::Only)
                .prop_map(Target::Table),
            (arb_table(), arb_coord()).prop_map(|(t, c)| Target::Cell(t, c)),
            (arb_table(), arb_coord(), arb_coord()).prop_map(|(t, a, b)| {
                let tl = Coord::new(a.row.min(b.row), a.col.min(b.col));
                let br = Coord::new(a.row.max(b.row), a.col.max(b.col));
                Target::Range(t, tl, br)
            }),
        ];
        ("[a-zA-Z0-9_.-][a-zA-Z0-9_ ./-]{0,12}[a-zA-Z0-9_.-]", target).prop_map(
            |(source, target)| CellRef {
                source: source.into(),
                target,
            },
        )
    }

    proptest! {
        #[test]
        fn print_then_parse_round_trips(reference in arb_ref()) {
            let printed = reference.to_string();
            let parsed = CellRef::parse(&printed).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&parsed, &reference);
            prop_assert_eq!(parsed.to_string(), printed);
        }

        #[test]
        fn parse_never_panics(text in "\\PC{0,40}") {
            let _ = CellRef::parse(&text);
        }

        #[test]
        fn a_range_contains_its_corners(reference in arb_ref()) {
            if let Target::Range(t, a, b) = &reference.target {
                for c in [a, b] {
                    let cell = CellRef::cell(reference.source.clone(), t.clone(), *c);
                    prop_assert!(reference.contains(&cell));
                }
            }
        }
    }
}
