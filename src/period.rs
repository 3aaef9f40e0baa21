//! Header text into [`Period`]s: "Year Ended December 31, 2023", "Fiscal Year
//! Ended June 30, 2024", "June 30, 2024", "Three Months Ended March 31, 2024",
//! "Q1 2024", "1Q24", "FY23", "H1 2024", "As of …", "% change", "2024 vs
//! 2023". Stacked header rows arrive joined with a space ("Fiscal Year Ended
//! June 30," over "2024" → "Fiscal Year Ended June 30, 2024").

use std::ops::Range;

use crate::model::{Period, StatementKind};

/// What the table around a header says about how to read it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PeriodHint {
    /// The statement the header belongs to: on a balance sheet a bare year
    /// or "June 30, 2024" is an instant; elsewhere a bare year is a fiscal year.
    pub statement: StatementKind,
}

/// Reads one column header (stacked parts joined with a space) as a period;
/// `None` when it names none ("Notes", "Amount").
pub fn parse_period(text: &str, hint: PeriodHint) -> Option<Period> {
    let _ = (text, hint);
    None
}

/// Finds the period mentioned in free text ("Revenue, FY2023", "cost of
/// revenue for the year ended Dec 31, 2022"): the byte range and the period.
pub fn find_period(text: &str) -> Option<(Range<usize>, Period)> {
    let _ = text;
    None
}

/// True for an integer that reads as a calendar year in a header (1900–2100).
pub fn is_year(value: i64) -> bool {
    (1900..=2100).contains(&value)
}
