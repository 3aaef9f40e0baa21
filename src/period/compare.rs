//! Whether two periods are the same, comparing only what both say.
//!
//! A claim's period ("FY2024", "Q3 2024", "first nine months of 2024", "LTM
//! Q3 2024", "at the beginning of 2024") and a column's ("Nine Months Ended
//! September 30, 2024", "December 31, 2023") are compared field by field:
//! what one side does not say is not held against the other, but neither is
//! it taken as agreement where the two could still differ — then the answer
//! is [`Agreement::Unknown`] and the role check fails closed.

use jiff::civil::Date;

use crate::model::Period;

/// Whether two periods (or two roles' slots) are the same, as far as both say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
    /// Same.
    Yes,
    /// Different.
    No,
    /// Cannot be told.
    Unknown,
}

/// Whether two periods are the same, comparing only what both say.
///
/// - Lengths first: nine months are never three or twelve.
/// - Two dated ends compare by date; a balance on January 1 is the balance
///   of the December 31 before it (an opening balance is the prior close).
/// - A fiscal year and an instant agree when the instant ends that year.
/// - A fiscal quarter against a dated quarter agrees only when the date's
///   calendar position is that quarter; otherwise the fiscal calendar would
///   be a guess, so `Unknown`. Year-to-date and trailing spans ("through
///   Q3") compare the same way by the quarter they run through.
pub fn periods_agree(claimed: &Period, found: &Period) -> Agreement {
    use Period::{Change, Duration, Instant};
    match (claimed, found) {
        (
            Duration {
                quarter: q_a,
                half: h_a,
                months: m_a,
                to_quarter: t_a,
                end: end_a,
                ..
            },
            Duration {
                quarter: q_b,
                half: h_b,
                months: m_b,
                to_quarter: t_b,
                end: end_b,
                ..
            },
        ) => {
            let months_a = m_a.or(q_a.map(|_| 3)).or(h_a.map(|_| 6));
            let months_b = m_b.or(q_b.map(|_| 3)).or(h_b.map(|_| 6));
            if same(months_a.map(i64::from), months_b.map(i64::from)) == Some(false) {
                return Agreement::No;
            }
            if let (Some(a), Some(b)) = (end_a, end_b) {
                return yes_no(Some(a == b || near_month_end(*a, *b)));
            }
            let year_a = claimed.year().map(i64::from);
            let year_b = found.year().map(i64::from);
            // Spans through a quarter: their last quarter, against the other
            // side's (a fiscal year runs through its fourth).
            // Year to date through an unnamed quarter: longer than a
            // quarter, and a full year only at year end (cannot be told).
            if t_a == &Some(0) || t_b == &Some(0) {
                let other = if t_a == &Some(0) { months_b } else { months_a };
                return match other {
                    Some(m) if m <= 3 => Agreement::No,
                    Some(12) | None => Agreement::Unknown,
                    Some(_) => both(same(year_a, year_b), Some(true)),
                };
            }
            if t_a.is_some() || t_b.is_some() {
                let last = |t: &Option<u8>, q: &Option<u8>, months: Option<u8>| {
                    t.or(*q).or((months == Some(12)).then_some(4))
                };
                let (la, lb) = (last(t_a, q_a, months_a), last(t_b, q_b, months_b));
                if end_a.is_none() && end_b.is_none() {
                    return both(same(year_a, year_b), la.zip(lb).map(|(a, b)| a == b));
                }
                let (quarter, end) = match (end_a, end_b) {
                    (None, Some(e)) => (la, Some(*e)),
                    (Some(e), None) => (lb, Some(*e)),
                    _ => (None, None),
                };
                return match quarter {
                    Some(q) => ends_in_part(end, year_a.or(year_b), q, 3),
                    None => Agreement::Unknown,
                };
            }
            match (q_a.or(*q_b), h_a.or(*h_b)) {
                // "First Quarter" against "First Quarter", neither with a
                // year (a quarterly price table): the same words.
                _ if q_a.is_some() && q_b.is_some() && year_a.is_none() && year_b.is_none() => {
                    yes_no(Some(q_a == q_b))
                }
                _ if h_a.is_some() && h_b.is_some() && year_a.is_none() && year_b.is_none() => {
                    yes_no(Some(h_a == h_b))
                }
                // A quarter claimed without its year ("Fourth Quarter")
                // against a dated one: the claim leaves the year out, and
                // the ranking decides between the years of the context.
                _ if q_a.is_some() && q_b.is_some() && year_a.is_none() && end_a.is_none() => {
                    yes_no(Some(q_a == q_b))
                }
                _ if h_a.is_some() && h_b.is_some() && year_a.is_none() && end_a.is_none() => {
                    yes_no(Some(h_a == h_b))
                }
                _ if q_a.is_some() && q_b.is_some() => both(same(year_a, year_b), Some(q_a == q_b)),
                _ if h_a.is_some() && h_b.is_some() => both(same(year_a, year_b), Some(h_a == h_b)),
                // A named quarter or half on one side only: compare by the
                // calendar position of the other side's end date.
                (Some(q), _) => ends_in_part(end_a.or(*end_b), year_a.or(year_b), q, 3),
                (None, Some(h)) => ends_in_part(end_a.or(*end_b), year_a.or(year_b), h, 6),
                (None, None) => yes_no(same(year_a, year_b)),
            }
        }
        (Instant { date: da, .. }, Instant { date: db, .. }) => {
            if let (Some(a), Some(b)) = (da, db) {
                return yes_no(Some(same_balance_date(*a, *b)));
            }
            yes_no(same(
                claimed.year().map(i64::from),
                found.year().map(i64::from),
            ))
        }
        // A balance claimed at a date is not a flow over a period.
        (Instant { .. }, Duration { .. }) => Agreement::No,
        // "Total assets, FY2023" against the balance at the 2023 year end.
        (
            Duration {
                end,
                months,
                to_quarter,
                ..
            },
            Instant { date, .. },
        ) => {
            if months.is_some_and(|m| m != 12) || to_quarter.is_some() {
                return match (end, date) {
                    (Some(e), Some(d)) if e == d => Agreement::Yes,
                    (Some(_), Some(_)) => Agreement::No,
                    _ => Agreement::Unknown,
                };
            }
            if let (Some(e), Some(d)) = (end, date) {
                return yes_no(Some(e == d));
            }
            yes_no(same(
                claimed.year().map(i64::from),
                found.year().map(i64::from),
            ))
        }
        (
            Change {
                percent: pa,
                from: fa,
                to: ta,
            },
            Change {
                percent: pb,
                from: fb,
                to: tb,
            },
        ) => {
            if pa != pb {
                return Agreement::No;
            }
            // An end the claim names and the column does not print cannot
            // be told ("2023 vs 2022" against an undated "Change"), except
            // a change dated by its later end alone ("Year ended December
            // 31, 2022" of a sales-change table), which is over the year
            // before it.
            let part = |a: &Option<Box<Period>>, b: &Option<Box<Period>>| match (a, b) {
                (Some(a), Some(b)) => periods_agree(a, b),
                (Some(_), None) => Agreement::Unknown,
                (None, _) => Agreement::Yes,
            };
            let from = match (fa, fb, tb) {
                (Some(claimed), None, Some(to)) if year_before(claimed, to) => Agreement::Yes,
                _ => part(fa, fb),
            };
            match (from, part(ta, tb)) {
                (Agreement::No, _) | (_, Agreement::No) => Agreement::No,
                (Agreement::Unknown, _) | (_, Agreement::Unknown) => Agreement::Unknown,
                _ => Agreement::Yes,
            }
        }
        (Change { .. }, _) | (_, Change { .. }) => Agreement::No,
    }
}

/// Whether `earlier` is the period of one kind and length as `later`, a
/// year before it.
fn year_before(earlier: &Period, later: &Period) -> bool {
    let months = |p: &Period| match p {
        Period::Duration {
            months, quarter, ..
        } => Some(months.or(quarter.map(|_| 3))),
        _ => None,
    };
    std::mem::discriminant(earlier) == std::mem::discriminant(later)
        && months(earlier) == months(later)
        && matches!((earlier.year(), later.year()), (Some(a), Some(b)) if a + 1 == b)
}

/// Two balance dates that mean one balance: the same day, or a January 1
/// and the December 31 before it (an opening balance is the prior close).
fn same_balance_date(a: Date, b: Date) -> bool {
    let (early, late) = if a <= b { (a, b) } else { (b, a) };
    early == late
        || (late.month() == 1
            && late.day() == 1
            && early.month() == 12
            && early.day() == 31
            && i32::from(early.year()) + 1 == i32::from(late.year()))
}

/// Whether a period ending on `end` is part `part` (1-based) of `year` when
/// the year is cut into parts of `months` months: Q3 2024 against a
/// quarter ending 2024-09-30. Only a positive answer is given; anything else
/// is left unknown for the other clues to decide.
fn ends_in_part(end: Option<Date>, year: Option<i64>, part: u8, months: i8) -> Agreement {
    match (end, year) {
        (Some(d), Some(y))
            if i64::from(d.year()) == y
                && i64::from((d.month() - 1) / months + 1) == i64::from(part) =>
        {
            Agreement::Yes
        }
        _ => Agreement::Unknown,
    }
}

fn same(a: Option<i64>, b: Option<i64>) -> Option<bool> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x == y),
        _ => None,
    }
}

fn yes_no(same: Option<bool>) -> Agreement {
    match same {
        Some(true) => Agreement::Yes,
        Some(false) => Agreement::No,
        None => Agreement::Unknown,
    }
}

fn both(year: Option<bool>, part: Option<bool>) -> Agreement {
    match (year, part) {
        (Some(false), _) | (_, Some(false)) => Agreement::No,
        (Some(true), Some(true)) => Agreement::Yes,
        _ => Agreement::Unknown,
    }
}

/// A claimed span's end on a month's last day ("the June 2025 quarter",
/// "three months ended June 30, 2025") against a fiscal calendar's end
/// within six days of it, on no month's last day (Apple's quarter ended
/// June 28, 2025): spans of equal length are the same quarter or year. A
/// claimed end that is no month's last day is the claim's own date and
/// must be the cell's ("three months ended July 5, 2025" is not Netflix's
/// June 30 quarter).
fn near_month_end(claimed: Date, found: Date) -> bool {
    if claimed != claimed.last_of_month() || found == found.last_of_month() {
        return false;
    }
    let (early, late) = if claimed < found {
        (claimed, found)
    } else {
        (found, claimed)
    };
    early.until(late).is_ok_and(|span| span.get_days() <= 6)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::StatementKind;
    use crate::period::{PeriodHint, find_period, parse_period};

    fn p(text: &str) -> Period {
        parse_period(text, PeriodHint::default())
            .or_else(|| find_period(text).map(|(_, p)| p))
            .unwrap_or_else(|| panic!("{text}"))
    }

    fn balance(text: &str) -> Period {
        parse_period(
            text,
            PeriodHint {
                statement: StatementKind::Balance,
            },
        )
        .unwrap_or_else(|| panic!("{text}"))
    }

    #[test]
    fn a_fiscal_calendar_s_end_a_few_days_off_a_month_s_end_is_that_span() {
        let apple_q3 = p("Three Months Ended June 28, 2025");
        for same in ["the June 2025 quarter", "three months ended June 30, 2025"] {
            assert_eq!(periods_agree(&p(same), &apple_q3), Agreement::Yes, "{same}");
        }
        // Near misses: another month, another year, another length, and two
        // ends neither of which is a month's last day.
        for other in [
            "the March 2025 quarter",
            "the September 2025 quarter",
            "the June 2024 quarter",
            "six months ended June 30, 2025",
        ] {
            assert_eq!(
                periods_agree(&p(other), &apple_q3),
                Agreement::No,
                "{other}"
            );
        }
        assert_eq!(
            periods_agree(&p("three months ended June 24, 2025"), &apple_q3),
            Agreement::No
        );
        // A claimed date a few days off a month's end a filing ends on is
        // the claim's own, and wrong.
        let netflix_q2 = p("Three Months Ended June 30, 2025");
        for other in [
            "three months ended July 5, 2025",
            "three months ended June 24, 2025",
        ] {
            assert_eq!(
                periods_agree(&p(other), &netflix_q2),
                Agreement::No,
                "{other}"
            );
        }
    }

    #[test]
    fn periods_compare_on_what_both_say() {
        use Agreement::*;
        let cases = [
            ("FY2023", "Year Ended December 31, 2023", Yes),
            ("FY2023", "Year Ended December 31, 2022", No),
            ("2024", "Fiscal Year Ended June 30, 2024", Yes),
            ("FY2023", "Three Months Ended December 31, 2023", No),
            ("Q1 2024", "Three Months Ended March 31, 2024", Yes),
            ("Q2 2024", "Three Months Ended March 31, 2024", Unknown),
            ("Q3 2024", "Q3 2024", Yes),
            ("Q3 2024", "Q2 2024", No),
            ("First Quarter", "First Quarter", Yes),
            ("First Quarter", "Second Quarter", No),
            // The claim leaves the year out: the ranking decides between
            // the years of the context. The cell lacking it cannot tell.
            ("First Quarter", "Q1 2024", Yes),
            ("Q1 2024", "First Quarter", Unknown),
            (
                "Nine Months Ended September 30, 2024",
                "Nine Months Ended September 30, 2024",
                Yes,
            ),
            (
                "Nine Months Ended September 30, 2024",
                "Three Months Ended September 30, 2024",
                No,
            ),
            ("December 31, 2023", "December 31, 2023", Yes),
            ("December 31, 2023", "December 31, 2022", No),
            ("January 1, 2024", "December 31, 2023", Yes),
            ("January 1, 2024", "December 31, 2024", No),
            ("FY2023", "December 31, 2023", Yes),
            ("December 31, 2023", "FY2023", No),
            ("FY2024", "December 31, 2023", No),
            ("2024 vs 2023", "2024 vs 2023", Yes),
            ("change between 2019 and 2018", "2019 vs 2018", Yes),
            (
                "Change between Fiscal increase (decrease) 2019 and 2018",
                "2019 vs 2018",
                Yes,
            ),
            ("from 2018 to 2019", "2019 vs 2018", Yes),
            ("change between 2019 and 2018", "2018 vs 2017", No),
            // A change column that prints neither year cannot be told to
            // be the claim's years; one dated by its later end alone
            // ("% change, year ended 2019") is over the year before.
            ("2019 vs 2018", "Change", Unknown),
            ("Change", "Change", Yes),
            ("2019 vs 2018", "Fiscal 2019 change", Yes),
            ("2019 vs 2017", "Fiscal 2019 change", Unknown),
            ("% change", "FY2024", No),
            (
                "year ended December 31, 2024",
                "Fiscal Year Ended June 30, 2024",
                No,
            ),
            ("calendar 2024", "Fiscal Year Ended June 30, 2024", No),
            ("calendar 2024", "Year Ended December 31, 2024", Yes),
        ];
        for (claimed, found, want) in cases {
            assert_eq!(
                periods_agree(&p(claimed), &p(found)),
                want,
                "{claimed} / {found}"
            );
        }
        assert_eq!(periods_agree(&p("FY2024"), &balance("2024")), Yes);
        assert_eq!(periods_agree(&p("FY2024"), &balance("2023")), No);
    }

    #[test]
    fn year_to_date_and_trailing_spans_compare_by_length_and_last_quarter() {
        use Agreement::*;
        let nine = "Nine Months Ended September 30, 2024";
        let three = "Three Months Ended September 30, 2024";
        let cases = [
            ("first nine months of 2024", nine, Yes),
            ("9M 2024", nine, Yes),
            ("9M24", nine, Yes),
            ("39 weeks 2024", nine, Yes),
            ("thirty-nine weeks of fiscal 2024", three, No),
            ("YTD Q3 2024", nine, Yes),
            ("Q3 2024 YTD", nine, Yes),
            ("first nine months of 2024", three, No),
            ("YTD Q3 2024", three, No),
            ("YTD Q3 2024", "Year Ended December 31, 2024", No),
            ("first nine months of 2024", "FY2024", No),
            ("LTM Q3 2024", "FY2024", No),
            ("LTM Q3 2024", nine, No),
            ("LTM Q3 2024", three, No),
            ("LTM Q3 2024", "Twelve Months Ended September 30, 2024", Yes),
            (
                "TTM ended September 30, 2024",
                "Twelve Months Ended September 30, 2024",
                Yes,
            ),
            (
                "TTM ended September 30, 2024",
                "Year Ended December 31, 2024",
                No,
            ),
            ("9M 2024", "9M 2023", No),
            ("YTD 2024", nine, Yes),
            ("YTD 2024", three, No),
            ("YTD 2024", "FY2024", Unknown),
        ];
        for (claimed, found, want) in cases {
            assert_eq!(
                periods_agree(&p(claimed), &p(found)),
                want,
                "{claimed} / {found}"
            );
        }
    }

    #[test]
    fn the_beginning_of_a_year_is_the_close_of_the_one_before() {
        use Agreement::*;
        assert_eq!(
            periods_agree(&p("beginning of 2024"), &p("December 31, 2023")),
            Yes
        );
        assert_eq!(
            periods_agree(&p("beginning of 2024"), &p("December 31, 2024")),
            No
        );
        assert_eq!(
            periods_agree(&p("start of fiscal 2024"), &balance("2023")),
            Yes
        );
    }
}
