//! A labeled cell: one number of a table with everything the checks need to
//! know about it — where it is, what it says, its units, when it is and what
//! it is (DESIGN.md §3).

use std::sync::Arc;

use rust_decimal::Decimal;
use serde::Serialize;

use super::{Amount, CellRef, Currency, Measure, Period, StatementKind};
use crate::vocab::ConceptId;

/// One numeric cell of a table, labeled.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cell {
    /// Where the cell is.
    #[serde(rename = "ref")]
    pub reference: CellRef,
    /// The cell as written (for spreadsheets: the number's shortest decimal text).
    pub text: String,
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
    #[serde(skip_serializing_if = "is_zero")]
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
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub dash: bool,
    /// Written in parentheses.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub parens: bool,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Cell {
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
