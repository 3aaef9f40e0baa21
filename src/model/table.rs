//! A table: a grid read from a sheet, a csv or a PDF page, and the labeled
//! cells the labeler found in it, with the facts about the whole table
//! (title, statement kind, unit line, header rows).

use rust_decimal::Decimal;
use serde::Serialize;

use super::{
    Amount, Cell, CellRecord, CellRef, ColumnInfo, Coord, Currency, Measure, Period, RowInfo,
    TablePart,
};
use crate::vocab::ConceptId;
use jiff::civil::Date;

/// One table of a source, labeled.
#[derive(Debug, Clone)]
pub struct Table {
    /// The reference to the whole table (`acme.xlsx#IS`; a csv's only table is
    /// the source itself, `acme.csv`).
    pub reference: CellRef,
    /// Which table of its source this is.
    pub part: TablePart,
    /// The title lines above the header ("Consolidated Statements of Operations").
    pub title: Vec<String>,
    /// Which statement this is.
    pub statement: StatementKind,
    /// The unit line in force ("in millions, except per share data").
    pub unit: UnitLine,
    /// The raw grid, row-major, 0-based (row 0 is A1's row).
    pub grid: Vec<Vec<GridValue>>,
    /// The grid row (0-based) this table begins at: 0, unless its sheet or
    /// csv holds several statements one under another, each read as a
    /// table of the same part (the rows above it are empty in `grid`).
    pub from_row: usize,
    /// 0-based indices of the header rows found.
    pub header_rows: Vec<usize>,
    /// 0-based column of the row labels.
    pub label_col: usize,
    /// The data rows: label, section, concept, measure.
    pub rows: Vec<RowInfo>,
    /// The columns of every header block: label and period.
    pub columns: Vec<ColumnInfo>,
    /// The numbers, row-major; read them as [`Cell`]s with [`Table::cells`].
    pub records: Vec<CellRecord>,
    /// Amounts read from text cells (csv, PDF), which records point into.
    pub parsed: Vec<Amount>,
    /// What the labeler could not do ("no header row found: periods are null").
    pub warnings: Vec<String>,
    /// Labeling decisions worth knowing that are not problems ("share counts
    /// read ×1000000: …").
    pub notes: Vec<String>,
    /// The rows' and columns' roles, read on first use by the role check.
    pub roles: std::sync::OnceLock<Box<super::TableRoles>>,
    /// Inline-XBRL tags on cells, sorted by position (HTML filings; empty
    /// for every other source). Read them through [`Cell::xbrl`].
    pub tags: Vec<CellTag>,
    /// The filer whose report holds the table, as its cover names it
    /// ("ADOBE SYSTEMS INCORPORATED"; see `read::filer`), when it does.
    pub filer: Option<std::sync::Arc<str>>,
    /// The sentence above the table that introduces it, ending in a colon
    /// ("The following tables provide a summary of … for our Seller segment
    /// … (in thousands):"), where the reader keeps one (PDF pages).
    pub lead_in: Option<String>,
    /// Where the table sits among the report's segment sections, by the
    /// headings above it ("Verizon Consumer Group" opening "Our Consumer
    /// segment …": `Consumer`), where the reader finds them (PDF pages).
    pub segment: SegmentSection,
}

/// Where a table sits among a report's segment sections
/// (`read::pdf::headings`).
#[derive(Debug, Clone, PartialEq, Default)]
pub enum SegmentSection {
    /// Under no segment's heading (or none was looked for).
    #[default]
    None,
    /// Under this segment's heading.
    Segment(String),
    /// Across a heading that opens or closes a segment's section (two
    /// tables read as one): whose its rows are cannot be told.
    Straddles,
}

impl SegmentSection {
    /// The segment's name, under one segment's heading.
    pub fn name(&self) -> Option<&str> {
        match self {
            SegmentSection::Segment(name) => Some(name),
            _ => None,
        }
    }
}

/// An inline-XBRL fact on a table cell: the tag the filer put on the
/// number, and the role tickmark reads from it.
#[derive(Debug, Clone)]
pub struct CellTag {
    /// The cell (1-based).
    pub coord: Coord,
    /// The fact: concept, context (period, dimensions), unit, decimals,
    /// scale, sign, value.
    pub fact: std::sync::Arc<crate::xbrl::Fact>,
    /// Ids of further facts tagged on the same printed number (an
    /// `ix:nonFraction` inside another).
    pub also: Vec<String>,
    /// The vocabulary id the tag's concept maps to; for a fact with
    /// dimension members, that id qualified by them
    /// (`Revenues[srt:ProductOrServiceAxis=aapl:IPhoneMember]`), which is
    /// not the consolidated concept; for a concept the vocabulary lacks, its
    /// local name.
    pub concept: ConceptId,
    /// The tag's period as a [`Period`] (`None` for a `forever` context);
    /// for a fact in a change column, the change (see
    /// [`CellTag::context_period`]).
    pub period: Option<Period>,
    /// The fact's own context period, when `period` is another: a change
    /// column's fact is tagged with the later period alone. A claim naming
    /// the fact by its QName may name it by this period.
    pub context_period: Option<Period>,
}

impl Table {
    /// The table's name as a reference prints it (sheet name, `p3t1`, empty for csv).
    pub fn name(&self) -> String {
        self.part.name()
    }

    /// Whether `other` is this table or another statement of the same sheet
    /// or csv (see [`Table::from_row`]): what a sheet or range cite covers.
    pub fn same_part(&self, other: &Table) -> bool {
        std::ptr::eq(self, other)
            || (self.part == other.part && self.reference.source == other.reference.source)
    }

    /// The labeled numeric cells, row-major.
    pub fn cells(&self) -> impl ExactSizeIterator<Item = Cell<'_>> + '_ {
        self.records
            .iter()
            .map(move |record| Cell::new(self, record))
    }

    /// The labeled cell at a position, if it holds a number.
    pub fn cell_at(&self, coord: Coord) -> Option<Cell<'_>> {
        let record = self.records.get(self.record_index(coord)?)?;
        Some(Cell::new(self, record))
    }

    /// The index of the record at a position, if a number stands there.
    fn record_index(&self, coord: Coord) -> Option<usize> {
        self.records
            .binary_search_by(|r| (r.coord.row, r.coord.col).cmp(&(coord.row, coord.col)))
            .ok()
    }

    /// The stored amount of the cell at a position, for a reader to
    /// correct what it learns after labeling (a tag's percent scale).
    pub(crate) fn amount_at_mut(&mut self, coord: Coord) -> Option<&mut Amount> {
        let record = self.records.get(self.record_index(coord)?)?;
        if record.parsed == CellRecord::NONE {
            let row = (record.coord.row as usize).checked_sub(1)?;
            let col = (record.coord.col as usize).checked_sub(1)?;
            match self.grid.get_mut(row)?.get_mut(col)? {
                GridValue::Number(amount) => Some(amount),
                _ => None,
            }
        } else {
            let parsed = record.parsed as usize;
            self.parsed.get_mut(parsed)
        }
    }

    /// The tag on the cell at a position, if any.
    pub fn tag_at(&self, coord: Coord) -> Option<&CellTag> {
        if self.tags.is_empty() {
            return None;
        }
        let at = self
            .tags
            .binary_search_by(|t| (t.coord.row, t.coord.col).cmp(&(coord.row, coord.col)))
            .ok()?;
        self.tags.get(at)
    }

    /// The raw value at a 0-based position.
    pub fn grid_value(&self, row: usize, col: usize) -> Option<&GridValue> {
        self.grid.get(row).and_then(|r| r.get(col))
    }
}

/// One cell of a grid as read, before labeling.
#[derive(Debug, Clone, PartialEq)]
pub enum GridValue {
    /// Nothing there.
    Empty,
    /// Text, with the indentation level the reader saw (cell indent or leading spaces).
    Text {
        /// The text as written (leading spaces kept).
        text: String,
        /// Indent level from the cell's format (spreadsheets), 0 if none.
        indent: u8,
    },
    /// A native number (spreadsheet numeric cell): its shortest
    /// round-tripping decimal; a percent-formatted cell is shown ×100.
    Number(Amount),
    /// A native date cell.
    Date(Date),
    /// Anything else (booleans, error values), as display text.
    Other(String),
}

impl GridValue {
    /// The display text of the value ("" for empty).
    pub fn text(&self) -> std::borrow::Cow<'_, str> {
        match self {
            GridValue::Empty => "".into(),
            GridValue::Text { text, .. } | GridValue::Other(text) => text.as_str().into(),
            GridValue::Number(amount) if amount.percent => format!("{}%", amount.value).into(),
            GridValue::Number(amount) => amount.value.to_string().into(),
            GridValue::Date(d) => d.to_string().into(),
        }
    }

    /// The value as a reader of the sheet sees it: text trimmed, and a
    /// native number as its format prints it: a negative in parentheses
    /// "(482)", a currency symbol "$ 184512".
    pub fn shown(&self) -> std::borrow::Cow<'_, str> {
        let symbol = |amount: &Amount| match amount.currency.map(Currency::code) {
            Some("USD") => "$ ",
            Some("EUR") => "€ ",
            Some("GBP") => "£ ",
            Some("JPY") => "¥ ",
            _ => "",
        };
        match self {
            GridValue::Number(amount) if amount.parens => {
                format!("{}({})", symbol(amount), amount.value.abs()).into()
            }
            GridValue::Number(amount) if amount.currency.is_some() && !amount.percent => {
                format!("{}{}", symbol(amount), amount.value).into()
            }
            GridValue::Text { text, .. } | GridValue::Other(text) => text.trim().into(),
            other => other.text(),
        }
    }

    /// True when nothing is there (or only whitespace).
    pub fn is_blank(&self) -> bool {
        match self {
            GridValue::Empty => true,
            GridValue::Text { text, .. } => text.trim().is_empty(),
            _ => false,
        }
    }
}

/// The kind of financial statement a table is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum StatementKind {
    /// Income statement / statement of operations / profit or loss.
    Income,
    /// Balance sheet / statement of financial position.
    Balance,
    /// Statement of cash flows.
    CashFlow,
    /// Anything else (notes, segment tables, KPIs) or not determined.
    #[default]
    Other,
}

impl StatementKind {
    /// The snake_case name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            StatementKind::Income => "income",
            StatementKind::Balance => "balance",
            StatementKind::CashFlow => "cash_flow",
            StatementKind::Other => "other",
        }
    }
}

/// What a table's unit line says: "($ in millions, except per share data)",
/// "in thousands", "in €m", "shares in thousands".
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnitLine {
    /// The text the unit line was read from, if one was found.
    pub text: Option<String>,
    /// Scale of monetary amounts (1 when no unit line).
    pub scale: Decimal,
    /// The scale applies to money only ("$ in millions", "€m"), not to counts.
    pub monetary_only: bool,
    /// Scale of share counts when the line says so ("shares in thousands").
    pub share_scale: Option<Decimal>,
    /// Currency named by the unit line or the title.
    pub currency: Option<Currency>,
    /// What the line exempts from its scale ("except per share data, customer
    /// counts" → `["per share", "customer"]`), lower case and singular.
    pub exceptions: Vec<String>,
}

impl UnitLine {
    /// True when a row falls under one of the line's exceptions. Exceptions
    /// that name a kind of quantity apply by measure ("except share and per
    /// share data" exempts share counts, not "Total shareholders' equity");
    /// others ("customer counts") match whole words of the label of a row
    /// whose concept is not money (`known_money`).
    pub fn exempts(&self, label: &str, measure: Measure, known_money: bool) -> bool {
        if self.exceptions.is_empty() {
            return false;
        }
        // The label's words are needed only for a phrase exception ("except
        // headcount"), and only on rows not already known to be money.
        let mut words: Option<Vec<String>> = None;
        self.exceptions
            .iter()
            .any(|exception| match exception.as_str() {
                "per share" | "per-share" | "per share amount" => false,
                "share" | "shares" | "share count" | "number of share" | "share amount" => {
                    measure == Measure::Shares
                }
                "percentage" | "percent" | "margin" => false,
                // "Millions, except ratios": a line that is one amount over
                // another ("Debt / net income", "Debt-to-equity ratio").
                "ratio" => names_ratio(label),
                "" => false,
                _ if known_money => false,
                phrase => {
                    let phrase: Vec<&str> = phrase.split(' ').collect();
                    let words = words.get_or_insert_with(|| label_words(label));
                    words.windows(phrase.len()).any(|w| w == phrase.as_slice())
                }
            })
    }
}

/// Whether a label names a ratio: the word ("Current ratio"), or two lines
/// divided with a spaced slash ("Debt / net income"), or a coverage or a
/// multiple.
fn names_ratio(label: &str) -> bool {
    let head = label.split(['(', ';', '[']).next().unwrap_or("");
    head.contains(" / ")
        || label_words(head)
            .iter()
            .any(|w| matches!(w.as_str(), "ratio" | "coverage" | "multiple" | "leverage"))
}

/// A label's words for matching a unit-line exception: lower case, split at
/// anything not alphanumeric, a plural "s" dropped from words over three letters.
fn label_words(label: &str) -> Vec<String> {
    label
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.strip_suffix('s')
                .filter(|s| s.len() > 3)
                .unwrap_or(w)
                .to_string()
        })
        .collect()
}

impl Default for UnitLine {
    fn default() -> UnitLine {
        UnitLine {
            text: None,
            scale: Decimal::ONE,
            monetary_only: false,
            share_scale: None,
            currency: None,
            exceptions: Vec::new(),
        }
    }
}
