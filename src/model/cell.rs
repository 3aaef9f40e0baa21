//! A labeled cell: one number of a table with everything the checks need to
//! know about it — where it is, what it says, its units, when it is and what
//! it is (docs/contract.md §3).
//!
//! A table stores its numbers compactly ([`CellRecord`]: position, row and
//! column index, where the amount is) and the facts they share once: per data row
//! ([`RowInfo`]: label, section, concept, measure) and per header column
//! ([`ColumnInfo`]: label, period). A [`Cell`] is a cheap view that joins them;
//! nothing is copied per cell until someone asks.

use std::borrow::Cow;
use std::sync::Arc;

use rust_decimal::Decimal;
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use super::{
    Amount, CellRef, CellTag, Coord, Currency, GridValue, Measure, Period, StatementKind, Table,
    Target,
};
use crate::vocab::ConceptId;

/// What a table knows about one of its data rows.
#[derive(Debug, Clone, PartialEq)]
pub struct RowInfo {
    /// 0-based grid row.
    pub row: usize,
    /// The row label, without leading spaces; `None` when the row has none.
    pub label: Option<String>,
    /// Indentation level of the label (leading spaces / cell indent).
    pub indent: u8,
    /// Captions of the sections the row is in, outermost first.
    pub section: Arc<[String]>,
    /// The concept id from the vocabulary, `None` when not recognised.
    pub concept: Option<ConceptId>,
    /// What kind of quantity the row holds.
    pub measure: Measure,
    /// The unit line's "except …" clause names this row: not scaled.
    pub scale_exempt: bool,
    /// The label says its numbers are hundredths of the currency ("Basic
    /// earnings per share (pence)", "… (in cents)").
    pub minor_unit: bool,
    /// The scale the label states for its own numbers, at its end ("Sales
    /// (millions)", "Operating income ($ in millions)"), for the row's
    /// measure; it overrides the table's unit line.
    pub label_scale: Option<Decimal>,
    /// The label normalized for matching, made on first use.
    pub label_key: std::sync::OnceLock<String>,
}

/// What a header block says about one column.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ColumnInfo {
    /// The header rows' text stacked top to bottom.
    pub label: Option<String>,
    /// The period the header names, if any.
    pub period: Option<Period>,
    /// What the header says its cells count, when it says ("Average Price
    /// Paid per Share", "Total Number of Shares Purchased"): for rows whose
    /// label names no measure.
    pub measure: Option<Measure>,
    /// The header says its cells are basis points ("Change (bps)"): 110
    /// is 1.10 percentage points.
    pub basis_points: bool,
    /// The instant the header's date is, when a title line made the column
    /// a span ending on it ("… for the trailing twelve months ended" over
    /// "Jun. 30, 2025"): the period of its rows that are no flow.
    pub balance_at: Option<Period>,
    /// The column is a year read from its year-end date alone (Kraft
    /// Heinz's "December 28, 2019" beside the years before): only a row
    /// that is a balance (its concept's, or the balance sheet's) is at
    /// `balance_at`; any other row, with or without a concept, is the year.
    pub year_from_date: bool,
    /// The unit the header states for its own cells when it ends in one
    /// (NVIDIA's "Approximate Dollar Value of Shares that May Yet Be
    /// Purchased Under the Program (In billions)" beside "Total Number of
    /// Shares Purchased (In millions)"): it scales them, not the table's.
    pub unit: Option<crate::model::UnitLine>,
}

/// One number of a table, stored compactly; read it through [`Cell`]. The
/// amount itself stays where the reader put it: a spreadsheet's native number
/// in the grid, an amount parsed from text in the table's `parsed` list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellRecord {
    /// Where it is (1-based, as references print).
    pub coord: Coord,
    /// Index into the table's rows.
    pub row: u32,
    /// Index into the table's columns; [`CellRecord::NONE`] without a header.
    pub column: u32,
    /// Index into the table's parsed amounts; [`CellRecord::NONE`] for a
    /// native number, read from the grid.
    pub parsed: u32,
    /// A currency written in a column of its own before the number ("$ | 1,234").
    pub currency: Option<Currency>,
}

impl CellRecord {
    /// "No index": no column header, or a native number.
    pub const NONE: u32 = u32::MAX;
}

/// A labeled cell: a view of one [`CellRecord`] with its row, column and table.
/// Serializes as the cell object of docs/contract.md §3 (see docs/format.md).
#[derive(Debug, Clone, Copy)]
pub struct Cell<'a> {
    table: &'a Table,
    record: &'a CellRecord,
    amount: Amount,
}

impl<'a> Cell<'a> {
    /// The view of `record`, which must belong to `table`.
    pub fn new(table: &'a Table, record: &'a CellRecord) -> Cell<'a> {
        let stored = if record.parsed == CellRecord::NONE {
            match table.grid_value(
                (record.coord.row as usize).saturating_sub(1),
                (record.coord.col as usize).saturating_sub(1),
            ) {
                Some(GridValue::Number(amount)) => Some(*amount),
                _ => None,
            }
        } else {
            table.parsed.get(record.parsed as usize).copied()
        };
        // A record always points at its amount; zero is only a guard.
        let mut amount = stored.unwrap_or_else(|| Amount::plain(Decimal::ZERO, 0));
        amount.currency = amount.currency.or(record.currency);
        Cell {
            table,
            record,
            amount,
        }
    }

    /// The table the cell is in.
    pub fn table(&self) -> &'a Table {
        self.table
    }

    /// The compact record behind the view.
    pub fn record(&self) -> &'a CellRecord {
        self.record
    }

    /// The other cells of the cell's row, in the table's record order: from
    /// the role check's row index where it was built (it is, for a cell the
    /// role check fitted), else from a scan of the table's records.
    pub fn row_mates(&self) -> impl Iterator<Item = Cell<'a>> + use<'a> {
        let table = self.table;
        let row = self.record.row;
        let coord = self.record.coord;
        let records = table
            .roles
            .get()
            .and_then(|roles| roles.row_cells.get(row as usize))
            .and_then(|range| table.records.get(range.start as usize..range.end as usize))
            .unwrap_or(&table.records);
        records
            .iter()
            .filter(move |r| r.row == row && r.coord != coord)
            .map(move |r| Cell::new(table, r))
    }

    /// The row facts.
    pub fn row(&self) -> Option<&'a RowInfo> {
        self.table.rows.get(self.record.row as usize)
    }

    /// The column facts, when the cell has a header.
    pub fn column(&self) -> Option<&'a ColumnInfo> {
        self.table.columns.get(self.record.column as usize)
    }

    /// Where the cell is. A number tagged in an HTML filing's prose is
    /// named by its fact id (`filing.htm#f-503`).
    pub fn reference(&self) -> CellRef {
        if let super::TablePart::Pdf { table: 0, .. } = self.table.part
            && let Some(id) = self.xbrl().and_then(|t| t.fact.id.as_deref())
        {
            return CellRef::table(
                Arc::clone(&self.table.reference.source),
                super::TablePart::Sheet(id.into()),
            );
        }
        CellRef {
            source: Arc::clone(&self.table.reference.source),
            target: Target::Cell(self.table.part.clone(), self.record.coord),
        }
    }

    /// The 1-based position in the table's grid.
    pub fn coord(&self) -> Coord {
        self.record.coord
    }

    /// The number as written in the cell (table units, no scale applied).
    pub fn amount(&self) -> Amount {
        self.amount
    }

    /// The cell as written: a text cell's text (trimmed), or a native
    /// number's shortest decimal (with `%` for a percent-formatted cell).
    pub fn text(&self) -> Cow<'a, str> {
        let at = self.record.coord;
        let raw = self
            .table
            .grid_value(at.row as usize - 1, at.col as usize - 1);
        match raw {
            Some(GridValue::Text { text, .. }) => Cow::Borrowed(text.trim()),
            Some(other) => Cow::Owned(other.text().into_owned()),
            None => Cow::Owned(self.value().to_string()),
        }
    }

    /// The signed number in table units.
    pub fn value(&self) -> Decimal {
        self.amount.value
    }

    /// The multiplier from table units to base units: a scale word written in
    /// the cell, else the unit line's scale for the row's measure.
    /// A tagged cell's scale is its tag's (`scale="6"`: millions), except
    /// for a percentage, which stays in percent as printed.
    pub fn scale(&self) -> Decimal {
        if let Some(tag) = self.xbrl()
            && !self.amount.percent
            && let Some(scale) = tag_scale(tag.fact.scale)
        {
            return scale;
        }
        self.labeled_scale()
    }

    /// The scale the labeler read (a scale word in the cell, else the unit
    /// line's for the row's measure), whatever a tag says.
    pub fn labeled_scale(&self) -> Decimal {
        if let Some(scale) = self.amount.scale() {
            return scale;
        }
        if self.row().is_some_and(|r| r.minor_unit) && !self.amount.percent {
            return Decimal::new(1, 2);
        }
        if self.in_basis_points() {
            return Decimal::new(1, 4);
        }
        if let Some(scale) = self.row().and_then(|r| r.label_scale)
            && !matches!(
                self.measure(),
                Measure::Percent | Measure::Ratio | Measure::PerShare
            )
        {
            return scale;
        }
        if self.row().is_some_and(|r| r.scale_exempt) {
            return Decimal::ONE;
        }
        if let Some(unit) = self.column().and_then(|c| c.unit.as_ref()) {
            return crate::read::label::scale_for(self.measure(), unit);
        }
        crate::read::label::scale_for(self.measure(), &self.table.unit)
    }

    /// `value × scale`; `None` if that overflows.
    pub fn value_base(&self) -> Option<Decimal> {
        self.value().checked_mul(self.scale())
    }

    /// The number is in basis points (a column headed "bps"): a fraction
    /// of a ten-thousandth.
    pub fn in_basis_points(&self) -> bool {
        !self.amount.percent && self.column().is_some_and(|c| c.basis_points)
    }

    /// The number is a percentage.
    pub fn percent(&self) -> bool {
        self.amount.percent
    }

    /// The currency, from the cell or the table's unit line.
    pub fn currency(&self) -> Option<Currency> {
        let table = match self.measure() {
            Measure::Monetary | Measure::PerShare => self.table.unit.currency,
            _ => None,
        };
        match (self.amount.currency, table) {
            // A "$" printed in a table of Canadian dollars is a Canadian
            // dollar: the unit line says which dollar.
            (Some(Currency::USD), Some(dollar))
                if dollar != Currency::USD && dollar.code().ends_with('D') =>
            {
                Some(dollar)
            }
            (printed, table) => printed.or(table),
        }
    }

    /// Digits after the decimal point as written.
    pub fn decimals(&self) -> u32 {
        self.amount.decimals
    }

    /// What kind of quantity the cell holds: a percentage when written as
    /// one or in a "% change" column, else the row's measure.
    pub fn measure(&self) -> Measure {
        let percent_column = matches!(self.period(), Some(Period::Change { percent: true, .. }));
        if self.amount.percent || percent_column || self.in_basis_points() {
            Measure::Percent
        } else {
            let row = self.row();
            // A row whose label names no measure (a month, a segment) takes
            // the one its column's header names.
            let guessed = row.is_none_or(|r| r.concept.is_none() && r.measure == Measure::Monetary);
            match self.column().and_then(|c| c.measure) {
                Some(m) if guessed => m,
                _ => row.map_or(Measure::Monetary, |r| r.measure),
            }
        }
    }

    /// The row label.
    pub fn row_label(&self) -> Option<&'a str> {
        self.row().and_then(|r| r.label.as_deref())
    }

    /// The row label normalized for matching ("Research & development (1)" →
    /// "research and development"), computed once per row.
    pub fn label_key(&self) -> &'a str {
        match self.row() {
            Some(row) => row.label_key.get_or_init(|| {
                row.label
                    .as_deref()
                    .map(crate::vocab::normalize_label)
                    .unwrap_or_default()
            }),
            None => "",
        }
    }

    /// The row label's indentation level.
    pub fn indent(&self) -> u8 {
        self.row().map_or(0, |r| r.indent)
    }

    /// The section path, outermost first.
    pub fn section(&self) -> &'a [String] {
        self.row().map_or(&[], |r| &r.section)
    }

    /// The column header.
    pub fn col_label(&self) -> Option<&'a str> {
        self.column().and_then(|c| c.label.as_deref())
    }

    /// The cell's period: its inline-XBRL tag's when it has one (the tag
    /// is authoritative), else its column's.
    pub fn period(&self) -> Option<&'a Period> {
        match self.xbrl() {
            Some(tag) => tag.period.as_ref(),
            None => self.labeled_period(),
        }
    }

    /// The cell's concept: its inline-XBRL tag's when it has one (see
    /// [`CellTag::concept`]), else its row's.
    pub fn concept(&self) -> Option<&'a ConceptId> {
        match self.xbrl() {
            Some(tag) => Some(&tag.concept),
            None => self.labeled_concept(),
        }
    }

    /// The period the labeler read from the column header, whatever a tag says.
    pub fn labeled_period(&self) -> Option<&'a Period> {
        self.column().and_then(|c| c.period.as_ref())
    }

    /// The concept the labeler read from the row label, whatever a tag says.
    pub fn labeled_concept(&self) -> Option<&'a ConceptId> {
        self.row().and_then(|r| r.concept.as_ref())
    }

    /// The inline-XBRL tag on the cell (HTML filings): its fact's concept,
    /// period, dimensions, unit, decimals, scale and sign.
    pub fn xbrl(&self) -> Option<&'a CellTag> {
        self.table.tag_at(self.record.coord)
    }

    /// The statement the table is.
    pub fn statement(&self) -> StatementKind {
        self.table.statement
    }

    /// Written as a dash standing for nil.
    pub fn dash(&self) -> bool {
        self.amount.dash
    }

    /// Written in parentheses.
    pub fn parens(&self) -> bool {
        self.amount.parens
    }
}

/// `10^scale` for a tag's non-negative scale.
fn tag_scale(scale: i32) -> Option<Decimal> {
    let exp = u32::try_from(scale).ok().filter(|e| *e <= 18)?;
    10i64.checked_pow(exp).map(Decimal::from)
}

/// The `xbrl` object of a tagged cell's JSON (docs/format.md).
struct TagJson<'a>(&'a CellTag);

impl Serialize for TagJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use crate::xbrl::{Decimals, Member, Period as XPeriod};
        let fact = &self.0.fact;
        let mut s = serializer.serialize_struct("Xbrl", 10)?;
        s.serialize_field("id", &fact.id)?;
        s.serialize_field("concept", &fact.concept)?;
        let period = match fact.period() {
            XPeriod::Instant(date) => {
                serde_json::json!({"kind": "instant", "date": date.to_string()})
            }
            XPeriod::Duration { start, end } => {
                serde_json::json!({"kind": "duration", "start": start.to_string(), "end": end.to_string()})
            }
            XPeriod::Forever => serde_json::json!({"kind": "forever"}),
        };
        s.serialize_field("period", &period)?;
        let dims: serde_json::Map<String, serde_json::Value> = fact
            .dims()
            .iter()
            .map(|d| {
                let member = match &d.member {
                    Member::Explicit(m) | Member::Typed(m) => m.clone(),
                };
                (d.axis.clone(), serde_json::Value::String(member))
            })
            .collect();
        s.serialize_field("dims", &dims)?;
        s.serialize_field("unit", &fact.unit.as_deref().map(crate::xbrl::Unit::name))?;
        let decimals = fact.decimals.map(|d| match d {
            Decimals::Inf => "INF".to_string(),
            Decimals::Places(p) => p.to_string(),
        });
        s.serialize_field("decimals", &decimals)?;
        s.serialize_field("scale", &fact.scale)?;
        s.serialize_field("sign", &if fact.negated { "-" } else { "+" })?;
        s.serialize_field("value", &fact.value)?;
        s.serialize_field("role_concept", &self.0.concept)?;
        s.end()
    }
}

impl Serialize for Cell<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (indent, dash, parens) = (self.indent(), self.dash(), self.parens());
        let tag = self.xbrl();
        let optional = usize::from(indent != 0)
            + usize::from(dash)
            + usize::from(parens)
            + usize::from(tag.is_some());
        let mut s = serializer.serialize_struct("Cell", 17 + optional)?;
        s.serialize_field("schema", &crate::report::Schema)?;
        s.serialize_field("ref", &self.reference())?;
        s.serialize_field("text", &self.text())?;
        s.serialize_field("value", &self.value())?;
        s.serialize_field("scale", &self.scale())?;
        s.serialize_field("value_base", &self.value_base())?;
        s.serialize_field("percent", &self.percent())?;
        s.serialize_field("currency", &self.currency())?;
        s.serialize_field("decimals", &self.decimals())?;
        s.serialize_field("measure", &self.measure())?;
        s.serialize_field("row_label", &self.row_label())?;
        if indent != 0 {
            s.serialize_field("indent", &indent)?;
        }
        s.serialize_field("section", self.section())?;
        s.serialize_field("col_label", &self.col_label())?;
        s.serialize_field("period", &self.period())?;
        s.serialize_field("concept", &self.concept())?;
        s.serialize_field("statement", &self.statement())?;
        if dash {
            s.serialize_field("dash", &true)?;
        }
        if parens {
            s.serialize_field("parens", &true)?;
        }
        if let Some(tag) = tag {
            s.serialize_field("xbrl", &TagJson(tag))?;
        }
        s.end()
    }
}
