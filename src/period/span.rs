//! Spans that are not one fiscal year, quarter or half, as analysts write
//! them: year to date ("YTD Q3 2024", "first nine months of 2024", "9M24"),
//! trailing twelve months ("LTM Q3 2024", "TTM ended September 30, 2024"),
//! a calendar year against a fiscal one ("calendar 2024", "CY2024"), and the
//! opening instant of a year ("beginning of 2024", "start of fiscal 2024").
//!
//! Read by [`super::parse_simple`] before the other forms, on normalized
//! text (lower case, single spaces), in headers and in free text alike.

use std::sync::LazyLock;

use jiff::civil::Date;
use regex::Regex;

use super::{HALF_FIRST, HALF_YEAR_FIRST, QUARTER_FIRST, QUARTER_YEAR_FIRST};
use super::{captures, compile, count, group, parse_date, part, start_of, trailing_year, year2or4};
use crate::model::Period;

/// "first nine months of 2024", "nine months 2024", "9M 2024", "9M24",
/// "6 months of fiscal 2024", "first three quarters of 2024", "39 weeks
/// FY2024".
static MONTHS_OF_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"^<PREP>(?:(?:the )?(?:first|1st) )?(?:(?P<n><NUM>)[ -]?(?P<unit>months?|mos?\.?|m)|(?P<w><NUM>)[ -]weeks?|(?P<q>two|three|2|3)[ -]quarters)(?: (?:ytd|year[- ]to[- ]date))?,?(?: (?:of|in))?(?: the)? ?(?P<y>(?:(?:fiscal(?: year)?|fy) ?'?)?(?:\d{4}|\d{2}))$",
    )
});

/// Year to date before or after a quarter: "YTD Q3 2024", "Q3 2024 YTD",
/// "Q3 YTD 2024", "year-to-date third quarter 2024".
static YTD: LazyLock<Regex> = LazyLock::new(|| compile(r"\b(?:ytd|year[- ]to[- ]date)\b"));

/// Trailing twelve months, before what they run to.
static LTM: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"^(?:the )?(?:ltm|ttm|trailing[- ](?:twelve|12)[- ]months?|last[- ](?:twelve|12)[- ]months?|trailing[- ]four[- ]quarters|rolling[- ](?:twelve|12)[- ]months?)(?:,? (?:as (?:of|at)|ended|ending|through|to|at|for))?,? (?P<rest>.+)$",
    )
});

/// Trailing twelve months after what they run to: "Q3 2024 LTM".
static LTM_AFTER: LazyLock<Regex> = LazyLock::new(|| compile(r"^(?P<rest>.+?),? (?:ltm|ttm)$"));

/// "calendar 2024", "calendar year 2024", "CY2024", "CY24".
static CALENDAR: LazyLock<Regex> =
    LazyLock::new(|| compile(r"^<PREP>(?:calendar(?: year)?|cy) ?'?(?P<y>\d{4}|\d{2})$"));

/// "beginning of 2024", "at the start of fiscal 2024", "opening fy24".
static OPENING: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"^(?:(?:at|as (?:of|at)) )?(?:the )?(?:beginning|start|opening|commencement)(?: of)?(?: the)? (?:(?:fiscal )?(?:year )?|fy ?'?)?(?P<y>\d{4}|\d{2})$",
    )
});

/// A change between two years: "change between 2019 and 2018", "from
/// fiscal 2018 to 2019", "increase (decrease) 2019 and 2018". Two years
/// joined by "and" are a comparison only after a change word or "between";
/// "in 2019 and 2018" in prose is not one.
static BETWEEN: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"^(?P<pre>.*?)(?P<kw>between|from)? ?(?P<l>(?:fiscal (?:year )?|fy ?)?(?:19|20)\d{2}) (?:and|to|through|-) (?P<r>(?:fiscal (?:year )?|fy ?)?(?:19|20)\d{2})$",
    )
});

/// The change words that make "2019 and 2018" a comparison.
const CHANGE_WORDS: [&str; 8] = [
    "change",
    "increase",
    "decrease",
    "variance",
    "difference",
    "movement",
    "growth",
    "inc",
];

/// Whether a word (lower case) is one a change column's header is made of
/// ("%", "change", "increase", "percent", "favorable"): a role's part of
/// such words alone names a change, not a line.
pub(crate) fn is_change_header_word(w: &str) -> bool {
    CHANGE_HEADER_WORDS.contains(&w)
        || matches!(w, "chg" | "var" | "y/y")
        || CHANGE_WORDS.iter().any(|c| {
            w.strip_prefix(c)
                .is_some_and(|t| matches!(t, "" | "s" | "d" | "es" | "ed"))
        })
}

/// The other words a change header puts before its years ("Percentage
/// change in", "$ Increase (Decrease) from", "Favorable (unfavorable)").
const CHANGE_HEADER_WORDS: &[&str] = &[
    "%",
    "$",
    "percent",
    "percentage",
    "pct",
    "dollar",
    "dollars",
    "amount",
    "net",
    "in",
    "the",
    "of",
    "year",
    "over",
    "yoy",
    "favorable",
    "unfavorable",
    "favourable",
    "unfavourable",
    "fav",
    "unfav",
    "better",
    "worse",
    "dec",
    "total",
    "and",
    "between",
    "from",
    "to",
    "fiscal",
    "years",
    "ended",
    "ending",
    "for",
    "vs",
    "versus",
    "compared",
    "with",
    "period",
    "periods",
    "fy",
    "months",
    "calendar",
];

/// "Change between 2019 and 2018" and its kin, as a change from the earlier
/// year to the later ("from X to Y" keeps its order).
pub(super) fn between(s: &str, hint: super::PeriodHint) -> Option<Period> {
    let c = captures(&BETWEEN, s)?;
    let pre = group(&c, "pre");
    let kw = group(&c, "kw");
    let changes = CHANGE_WORDS.iter().any(|w| pre.contains(w));
    if kw.is_empty() && !changes {
        return None;
    }
    // What comes before is the change's own header ("% change", "Increase
    // (decrease)"), never a line's name: "Net income, % change 2020 to
    // 2021" is a line and a change of it, not a period alone.
    let header_only = pre
        .split(|c: char| !(c.is_alphanumeric() || c == '%' || c == '$'))
        .filter(|w| !w.is_empty())
        .all(is_change_header_word);
    if !header_only {
        return None;
    }
    let year = |t: &str| trailing_year(t).or_else(|| year2or4(t));
    let (l, r) = (year(group(&c, "l"))?, year(group(&c, "r"))?);
    let (from, to) = if kw == "from" || l <= r {
        (l, r)
    } else {
        (r, l)
    };
    let percent = pre.contains('%') || pre.contains("percent");
    Some(Period::Change {
        percent,
        from: Some(Box::new(super::year_period(from, hint))),
        to: Some(Box::new(super::year_period(to, hint))),
    })
}

/// One of this file's forms, or `None`.
pub(super) fn parse(s: &str) -> Option<Period> {
    if let Some(c) = captures(&CALENDAR, s) {
        let y = year2or4(group(&c, "y"))?;
        let start = Date::new(y, 1, 1).ok()?;
        let end = Date::new(y, 12, 31).ok()?;
        return Some(Period::Duration {
            fy: None,
            quarter: None,
            half: None,
            months: Some(12),
            to_quarter: None,
            start: Some(start),
            end: Some(end),
        });
    }
    if let Some(c) = captures(&OPENING, s) {
        let y = year2or4(group(&c, "y"))?;
        return Some(Period::Instant {
            date: None,
            fy: Some(y.checked_sub(1)?),
        });
    }
    if let Some(c) = captures(&MONTHS_OF_YEAR, s) {
        // A bare "M" is a span only against its year ("9M 2024", "9M24"):
        // in "attributable to 3M, FY2018" it is a company's name.
        if let (Some(unit), Some(y)) = (c.name("unit"), c.name("y"))
            && unit.as_str() == "m"
            && !matches!(s.get(unit.end()..y.start()), Some("" | " "))
        {
            return None;
        }
        let months = match (c.name("n"), c.name("q"), c.name("w")) {
            (Some(n), _, _) => count(n.as_str())?,
            (None, Some(q), _) => 3 * count(q.as_str())?,
            // "39 weeks of fiscal 2024", "thirty-nine weeks 2024" (thirteen
            // weeks of a year do not say which quarter).
            (None, None, Some(w)) => {
                super::weeks_to_months(count(w.as_str())?).filter(|m| *m > 3)?
            }
            _ => return None,
        };
        if !(1..=12).contains(&months) {
            return None;
        }
        let fy = trailing_year(group(&c, "y")).or_else(|| year2or4(group(&c, "y")))?;
        if months == 12 {
            return Some(Period::fiscal_year(fy));
        }
        return Some(year_to_date(fy, months));
    }
    if let Some(c) = captures(&LTM, s).or_else(|| captures(&LTM_AFTER, s)) {
        return trailing(group(&c, "rest"));
    }
    if YTD.is_match(s) {
        let rest = YTD.replace(s, " ");
        let rest = rest.split_whitespace().collect::<Vec<_>>().join(" ");
        let rest = rest.trim_matches(|c: char| c == ',' || c == ' ');
        if let Some(Period::Duration {
            fy: Some(fy),
            quarter: Some(q),
            ..
        }) = quarter(rest)
        {
            return Some(year_to_date(fy, 3 * q));
        }
        if let Some(Period::Duration {
            fy: Some(fy),
            half: Some(h),
            ..
        }) = part(rest, &HALF_FIRST, &HALF_YEAR_FIRST, false)
        {
            return Some(year_to_date(fy, 6 * h));
        }
        // "YTD 2024": to date, through a quarter it does not name.
        if let Some(fy) = last_year(rest) {
            return Some(Period::Duration {
                fy: Some(fy),
                quarter: None,
                half: None,
                months: None,
                to_quarter: Some(0),
                start: None,
                end: None,
            });
        }
    }
    None
}

/// The last number of a text as a year ("2024" of "YTD through June
/// 2024", "24" of "FY24"), unless it is an amount's decimals or thousands
/// ("82" of "EPS was $6.82").
fn last_year(text: &str) -> Option<i16> {
    let head = text.get(..text.rfind(|c: char| c.is_ascii_digit())? + 1)?;
    if head
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .ends_with(['.', ',', '$', '\u{20ac}', '\u{a3}'])
    {
        return None;
    }
    trailing_year(head)
}

/// The first `months` months of fiscal year `fy`, through the quarter they end.
fn year_to_date(fy: i16, months: u8) -> Period {
    Period::Duration {
        fy: Some(fy),
        quarter: None,
        half: None,
        months: Some(months),
        to_quarter: months.is_multiple_of(3).then_some(months / 3),
        start: None,
        end: None,
    }
}

/// Twelve months through a quarter ("q3 2024") or to a date.
fn trailing(rest: &str) -> Option<Period> {
    if let Some(Period::Duration {
        fy: Some(fy),
        quarter: Some(q),
        ..
    }) = quarter(rest)
    {
        if q == 4 {
            return Some(Period::fiscal_year(fy));
        }
        return Some(Period::Duration {
            fy: Some(fy),
            quarter: None,
            half: None,
            months: Some(12),
            to_quarter: Some(q),
            start: None,
            end: None,
        });
    }
    let end = parse_date(rest)?;
    Some(Period::Duration {
        fy: None,
        quarter: None,
        half: None,
        months: Some(12),
        to_quarter: None,
        start: (end == end.last_of_month())
            .then(|| start_of(end, 12))
            .flatten(),
        end: Some(end),
    })
}

fn quarter(s: &str) -> Option<Period> {
    part(s, &QUARTER_FIRST, &QUARTER_YEAR_FIRST, true)
}
