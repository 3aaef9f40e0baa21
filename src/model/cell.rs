//! A labeled cell: one number of a table with everything the checks need to
//! know about it — where it is, what it says, its units, when it is and what
//! it is (DESIGN.md §3).

use std::borrow::Cow;
use std::sync::Arc;

use rust_decimal::Decimal;
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use super::{Amount, CellRef, Currency, Measure, Period, StatementKind};
use crate::vocab::ConceptId;

/// One numeric cell of a table, labeled. Serializes as the cell object of
/// DESIGN.md §3 (see docs/format.md).
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// Where the cell is.
    pub reference: CellRef,
    /// The cell's text as written, for text cells (csv, PDF); `None` for a
    /// spreadsheet's native number, whose text is its value ([`Cell::text`]).
    pub written: Option<Arc<str>>,
    /// The signed number in table units.
    pub value: Decimal,
    /// The multiplier from table units to base units (1, 1000, 1000000, ...).
    pub scale: Decimal,
    /// `value × scale`; `None` if that overflows.
    pub value_base: Option<Decimal>,
    /// The number is a percentage.
    pub percent: bool,
    /// The currency, from the cell or the table's unit line.
    pub currency: Option<Currency>,
    /// Digits after the decimal point as written.
    pub decimals: u32,
    /// What kind of quantity the row holds.
    pub measure: Measure,
    /// The row label, without leading spaces.
    pub row_label: Option<Arc<str>>,
    /// Indentation level of the row label (leading spaces / cell indent).
    pub indent: u8,
    /// Captions of the sections the row is in, outermost first.
    pub section: Arc<[String]>,
    /// The column header, header rows stacked top to bottom.
    pub col_label: Option<Arc<str>>,
    /// The column's period, `None` when the header says none.
    pub period: Option<Period>,
    /// The row's concept id from the vocabulary, `None` when not recognised.
    pub concept: Option<ConceptId>,
    /// Which statement the table is.
    pub statement: StatementKind,
    /// Written as a dash standing for nil.
    pub dash: bool,
    /// Written in parentheses.
    pub parens: bool,
}

impl Cell {
    /// The cell as written: the text of a text cell, or a native number's
    /// shortest decimal (with `%` for a percent-formatted cell).
    pub fn text(&self) -> Cow<'_, str> {
        match &self.written {
            Some(text) => Cow::Borrowed(text),
            None if self.percent => Cow::Owned(format!("{}%", self.value)),
            None => Cow::Owned(self.value.to_string()),
        }
    }

    /// The amount as written in the cell (table units, no scale applied).
    pub fn amount(&self) -> Amount {
        Amount {
            value: self.value,
            decimals: self.decimals,
            scale: None,
            percent: self.percent,
            currency: self.currency,
            parens: self.parens,
            dash: self.dash,
        }
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let optional =
            usize::from(self.indent != 0) + usize::from(self.dash) + usize::from(self.parens);
        let mut s = serializer.serialize_struct("Cell", 16 + optional)?;
        s.serialize_field("ref", &self.reference)?;
        s.serialize_field("text", &self.text())?;
        s.serialize_field("value", &self.value)?;
        s.serialize_field("scale", &self.scale)?;
        s.serialize_field("value_base", &self.value_base)?;
        s.serialize_field("percent", &self.percent)?;
        s.serialize_field("currency", &self.currency)?;
        s.serialize_field("decimals", &self.decimals)?;
        s.serialize_field("measure", &self.measure)?;
        s.serialize_field("row_label", &self.row_label)?;
        if self.indent != 0 {
            s.serialize_field("indent", &self.indent)?;
        }
        s.serialize_field("section", &self.section)?;
        s.serialize_field("col_label", &self.col_label)?;
        s.serialize_field("period", &self.period)?;
        s.serialize_field("concept", &self.concept)?;
        s.serialize_field("statement", &self.statement)?;
        if self.dash {
            s.serialize_field("dash", &true)?;
        }
        if self.parens {
            s.serialize_field("parens", &true)?;
        }
        s.end()
    }
}
