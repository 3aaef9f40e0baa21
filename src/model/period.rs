//! When a number is: a duration (fiscal year, quarter, half, "six months
//! ended …"), an instant ("December 31, 2023"), or a change column ("% change",
//! "2024 vs 2023"). Header text is read into this type by [`crate::period`].

use jiff::civil::Date;
use serde::Serialize;

/// The period a column (or a claim's role) refers to.
///
/// Fields that the text did not say are `None`: "FY2023" knows its fiscal year
/// but not its dates; "Three Months Ended March 31, 2024" knows its dates and
/// length but not which fiscal quarter it is.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Period {
    /// A span of time: a fiscal year, quarter, half or "N months ended".
    Duration {
        /// Fiscal year, named by the calendar year in which it ends.
        #[serde(skip_serializing_if = "Option::is_none")]
        fy: Option<i16>,
        /// Fiscal quarter 1–4, when the text names one ("Q1 2024", "1Q24").
        #[serde(skip_serializing_if = "Option::is_none")]
        quarter: Option<u8>,
        /// Fiscal half 1–2, when the text names one ("H1 2024").
        #[serde(skip_serializing_if = "Option::is_none")]
        half: Option<u8>,
        /// Length in months (12 for a year, 3 for a quarter, 6 for "six months ended").
        #[serde(skip_serializing_if = "Option::is_none")]
        months: Option<u8>,
        /// The fiscal quarter the span runs through, for spans that are not
        /// that quarter alone: year to date ("YTD Q3 2024", "first nine
        /// months of 2024": 9 months through Q3) and trailing twelve months
        /// ("LTM Q3 2024": 12 months through Q3, not fiscal 2024).
        #[serde(skip_serializing_if = "Option::is_none")]
        to_quarter: Option<u8>,
        /// First day, when known.
        #[serde(skip_serializing_if = "Option::is_none", serialize_with = "ymd")]
        start: Option<Date>,
        /// Last day, when known.
        #[serde(skip_serializing_if = "Option::is_none", serialize_with = "ymd")]
        end: Option<Date>,
    },
    /// A point in time, as on a balance sheet.
    Instant {
        /// The date, when known.
        #[serde(skip_serializing_if = "Option::is_none", serialize_with = "ymd")]
        date: Option<Date>,
        /// The fiscal year whose end this is, when only the year is known.
        #[serde(skip_serializing_if = "Option::is_none")]
        fy: Option<i16>,
    },
    /// A change column: "% change", "2024 vs 2023", "Increase (decrease)".
    Change {
        /// The change is stated in percent.
        percent: bool,
        /// The earlier period, when the header names it.
        #[serde(skip_serializing_if = "Option::is_none")]
        from: Option<Box<Period>>,
        /// The later period, when the header names it.
        #[serde(skip_serializing_if = "Option::is_none")]
        to: Option<Box<Period>>,
    },
}

impl Period {
    /// A fiscal year with nothing else known.
    pub fn fiscal_year(fy: i16) -> Period {
        Period::Duration {
            fy: Some(fy),
            quarter: None,
            half: None,
            months: Some(12),
            to_quarter: None,
            start: None,
            end: None,
        }
    }

    /// An instant on a known date.
    pub fn instant(date: Date) -> Period {
        Period::Instant {
            date: Some(date),
            fy: None,
        }
    }

    /// True for change columns, which hold differences rather than amounts of a period.
    pub fn is_change(&self) -> bool {
        matches!(self, Period::Change { .. })
    }

    /// The fiscal year, said or implied by an end date.
    pub fn year(&self) -> Option<i16> {
        match self {
            Period::Duration { fy, end, .. } => fy.or(end.map(|d| d.year())),
            Period::Instant { date, fy } => fy.or(date.map(|d| d.year())),
            Period::Change { to, .. } => to.as_ref().and_then(|p| p.year()),
        }
    }
}

impl std::fmt::Display for Period {
    /// A short form for messages: "FY2023", "Q1 2024", "3M ended 2024-03-31",
    /// "2023-12-31", "change 2023→2024".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Period::Duration {
                fy,
                quarter,
                half,
                months,
                to_quarter,
                start,
                end,
            } => {
                if let (Some(q), Some(y)) = (quarter, fy) {
                    return write!(f, "Q{q} FY{y}");
                }
                match (to_quarter, months, fy, end) {
                    (Some(0), _, Some(y), None) => return write!(f, "YTD FY{y}"),
                    (Some(q), Some(12), Some(y), None) => {
                        return write!(f, "LTM through Q{q} FY{y}");
                    }
                    (Some(q), Some(m), Some(y), None) => {
                        return write!(f, "{m}M FY{y} (YTD through Q{q})");
                    }
                    _ => {}
                }
                if let (Some(h), Some(y)) = (half, fy) {
                    return write!(f, "H{h} FY{y}");
                }
                match (months, start, end, fy) {
                    (Some(12), _, Some(end), _) => write!(f, "FY ended {end}"),
                    (Some(m), _, Some(end), _) => write!(f, "{m}M ended {end}"),
                    (_, Some(start), Some(end), _) => write!(f, "{start} to {end}"),
                    (_, _, _, Some(y)) => write!(f, "FY{y}"),
                    _ => f.write_str("duration"),
                }
            }
            Period::Instant { date, fy } => match (date, fy) {
                (Some(d), _) => write!(f, "{d}"),
                (None, Some(y)) => write!(f, "end of FY{y}"),
                (None, None) => f.write_str("instant"),
            },
            Period::Change { percent, from, to } => {
                f.write_str(if *percent { "% change" } else { "change" })?;
                match (from, to) {
                    (Some(a), Some(b)) => write!(f, " {a} to {b}"),
                    _ => Ok(()),
                }
            }
        }
    }
}

/// A date as jiff writes it ("2024-12-31"): years 0–9999 written here,
/// without the formatting machinery (the same text), others by jiff.
fn ymd<S: serde::Serializer>(date: &Option<Date>, serializer: S) -> Result<S::Ok, S::Error> {
    match date {
        Some(d) if (0..=9999).contains(&d.year()) => serializer.serialize_some(&Ymd(*d)),
        other => other.serialize(serializer),
    }
}

/// A date of a year 0–9999, serialized as "YYYY-MM-DD".
struct Ymd(Date);

impl Serialize for Ymd {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let digits = |n: i32, width: usize, out: &mut [u8]| {
            let mut n = n.unsigned_abs();
            for slot in out.iter_mut().take(width).rev() {
                *slot = b'0' + (n % 10) as u8;
                n /= 10;
            }
        };
        let mut text = *b"0000-00-00";
        let (year, rest) = text.split_at_mut(4);
        digits(i32::from(self.0.year()), 4, year);
        if let Some(month) = rest.get_mut(1..3) {
            digits(i32::from(self.0.month()), 2, month);
        }
        if let Some(day) = rest.get_mut(4..6) {
            digits(i32::from(self.0.day()), 2, day);
        }
        serializer.serialize_str(std::str::from_utf8(&text).unwrap_or_default())
    }
}

#[cfg(test)]
mod ymd_tests {
    use super::*;

    #[test]
    fn dates_are_written_as_jiff_writes_them() {
        for (y, m, d) in [
            (2024, 12, 31),
            (2023, 1, 1),
            (5, 2, 9),
            (0, 1, 1),
            (9999, 12, 31),
            (-1, 3, 4),
            (-9999, 1, 1),
        ] {
            let date = jiff::civil::date(y, m, d);
            let period = Period::instant(date);
            let ours = serde_json::to_string(&period).unwrap_or_default();
            let jiffs = format!(
                "{{\"kind\":\"instant\",\"date\":{}}}",
                serde_json::to_string(&date).unwrap_or_default()
            );
            assert_eq!(ours, jiffs, "{date}");
        }
    }
}
