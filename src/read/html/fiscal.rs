//! The filer's fiscal calendar, read from its cover page's
//! `dei:CurrentFiscalYearEndDate`, and the fiscal year and quarter it gives
//! a tagged period.
//!
//! NVIDIA's fiscal year ends in late January: its quarter ended July 27,
//! 2025 is the second quarter of fiscal 2026, which a claim names as "Q2
//! FY26". Without the calendar a quarter's fiscal position can only be
//! guessed from its dates, and the role check fails closed on it.

use jiff::civil::Date;

use crate::model::Period;
use crate::xbrl::Instance;

/// The month a filer's fiscal year ends in (1–12).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FiscalYearEnd {
    month: i8,
}

impl FiscalYearEnd {
    /// The calendar of a filing: its `dei:CurrentFiscalYearEndDate`
    /// ("--09-27", "1/25", "December 31"), when it tags one that reads.
    pub(crate) fn of(instance: &Instance) -> Option<FiscalYearEnd> {
        let fact = instance
            .facts()
            .iter()
            .find(|f| f.concept == "dei:CurrentFiscalYearEndDate")?;
        month_of(&fact.text).map(|month| FiscalYearEnd { month })
    }

    /// The fiscal year (named by the calendar year it ends in) and the
    /// position (1–12) of the fiscal month a period ending on `end` ends in.
    /// A 52/53-week period ending in the first week of a month ends the
    /// month before (October 2 closes a September quarter).
    fn place(self, end: Date) -> (i16, i8) {
        let (year, month) = if end.day() <= 7 {
            if end.month() == 1 {
                (end.year() - 1, 12)
            } else {
                (end.year(), end.month() - 1)
            }
        } else {
            (end.year(), end.month())
        };
        let fy = if month <= self.month { year } else { year + 1 };
        let position = (month - self.month - 1).rem_euclid(12) + 1;
        (fy, position)
    }

    /// A tagged duration with its fiscal year, and its fiscal quarter (a
    /// three-month period) or half (six months ending at the second or the
    /// fourth quarter's end). Other periods are left as they are.
    pub(crate) fn apply(self, period: Period) -> Period {
        let Period::Duration {
            months: Some(months),
            end: Some(end),
            start,
            to_quarter: None,
            ..
        } = period
        else {
            return period;
        };
        if !matches!(months, 3 | 6 | 9 | 12) {
            return period;
        }
        let (fy, position) = self.place(end);
        let closes_quarter = position % 3 == 0;
        Period::Duration {
            fy: Some(fy),
            quarter: (months == 3 && closes_quarter)
                .then(|| u8::try_from(position / 3).ok())
                .flatten(),
            half: (months == 6 && position % 6 == 0)
                .then(|| u8::try_from(position / 6).ok())
                .flatten(),
            months: Some(months),
            to_quarter: None,
            start,
            end: Some(end),
        }
    }
}

/// The month of a fiscal year-end date as filers tag it: "--09-27"
/// (`xbrli:gMonthDay`), "1/25" or "01-25" (month first), "December 31" or
/// "Dec 31".
fn month_of(text: &str) -> Option<i8> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix("--") {
        return rest.get(..2)?.parse().ok().filter(|m| (1..=12).contains(m));
    }
    let lead: String = text.chars().take_while(char::is_ascii_digit).collect();
    if !lead.is_empty() {
        return lead.parse().ok().filter(|m| (1..=12).contains(m));
    }
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let word = text.get(..3)?.to_ascii_lowercase();
    let at = MONTHS.iter().position(|m| *m == word)?;
    i8::try_from(at + 1).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tagged duration as the reader reads it (its length in months
    /// from its dates).
    fn duration(start: Date, end: Date) -> Period {
        crate::read::html::period_of(crate::xbrl::Period::Duration { start, end })
            .unwrap_or_else(|| panic!("{start}..{end}"))
    }

    fn fiscal(p: &Period) -> (Option<i16>, Option<u8>, Option<u8>) {
        match p {
            Period::Duration {
                fy, quarter, half, ..
            } => (*fy, *quarter, *half),
            _ => (None, None, None),
        }
    }

    #[test]
    fn the_year_end_reads_as_filers_tag_it() {
        assert_eq!(month_of("--09-27"), Some(9));
        assert_eq!(month_of("1/25"), Some(1));
        assert_eq!(month_of("12-31"), Some(12));
        assert_eq!(month_of("December 31"), Some(12));
        assert_eq!(month_of("Jan 26"), Some(1));
        assert_eq!(month_of(""), None);
        assert_eq!(month_of("--13-01"), None);
        assert_eq!(month_of("Fiscal"), None);
    }

    #[test]
    fn a_quarter_is_placed_in_its_fiscal_year() {
        let d = |y, m, day| Date::new(y, m, day).unwrap_or_default();
        // NVIDIA, year ending in January: the quarter ended July 27, 2025 is
        // Q2 of fiscal 2026; the six months to it the first half.
        let nvda = FiscalYearEnd { month: 1 };
        let q = nvda.apply(duration(d(2025, 4, 28), d(2025, 7, 27)));
        assert_eq!(fiscal(&q), (Some(2026), Some(2), None));
        let h = nvda.apply(duration(d(2025, 1, 27), d(2025, 7, 27)));
        assert_eq!(fiscal(&h), (Some(2026), None, Some(1)));
        let y = nvda.apply(duration(d(2024, 1, 29), d(2025, 1, 26)));
        assert_eq!(fiscal(&y), (Some(2025), None, None));
        // Apple, year ending in September: June 28, 2025 closes Q3 FY2025.
        let aapl = FiscalYearEnd { month: 9 };
        let q = aapl.apply(duration(d(2025, 3, 30), d(2025, 6, 28)));
        assert_eq!(fiscal(&q), (Some(2025), Some(3), None));
        // A 52/53-week quarter ending in the first days of October closes
        // the September quarter (Q4).
        let q = aapl.apply(duration(d(2022, 6, 26), d(2022, 10, 1)));
        assert_eq!(fiscal(&q), (Some(2022), Some(4), None));
        // A calendar year: quarters are calendar quarters.
        let cal = FiscalYearEnd { month: 12 };
        let q = cal.apply(duration(d(2025, 4, 1), d(2025, 6, 30)));
        assert_eq!(fiscal(&q), (Some(2025), Some(2), None));
        // Not a quarter's, half's or year's length: left alone.
        let odd = duration(d(2025, 5, 1), d(2025, 6, 30));
        assert_eq!(cal.apply(odd.clone()), odd);
    }
}
