//! Header text into [`Period`]s: "Year Ended December 31, 2023", "Fiscal Year
//! Ended June 30, 2024", "June 30, 2024", "Three Months Ended March 31, 2024",
//! "Q1 2024", "1Q24", "FY23", "H1 2024", "As of …", "% change", "2024 vs
//! 2023". Stacked header rows arrive joined with a space ("Fiscal Year Ended
//! June 30," over "2024" → "Fiscal Year Ended June 30, 2024").
//!
//! # How text is read
//!
//! Before matching, text is normalized: lower-cased; NBSP, tabs and line
//! breaks become single spaces; typographic dashes become `-` and curly
//! apostrophes `'`; footnote marks (`*`, `†`, `‡`, superscript digits, `(1)`,
//! `(a)`, `(iv)`, `[2]`), audit annotations ("(unaudited)", "restated", "as
//! adjusted", "as reported", "recast", …) and unit notes ("(in millions)",
//! "($ in thousands)", "(€m)") are dropped. A header is then matched as a whole
//! (after trimming trailing `,`, `:`, `;`, `.`), so "Revenue 2024" is not a
//! period, but "Revenue % change" is a change column.
//!
//! The forms understood (any case, with or without a leading "for the", "in",
//! "during"):
//!
//! - years: "2024" (a fiscal year; on a balance sheet the year-end instant),
//!   "FY2024", "FY 24", "FY'24", "Fiscal 2024", "Fiscal Year 2024", "Year 2024",
//!   "Full Year 2024", "2024 fiscal year", split years "2023/24" and "FY2023-24"
//!   (named by the ending year);
//! - spans ending on a date: "LENGTH ended|ending|to DATE" where the length
//!   is "year(s)", "quarter(s)" (also "second quarter", "fiscal second
//!   quarter": three months), "half-year", "period", or "N months" /
//!   "N weeks" with n in digits or words ("Twelve", "Twenty-Six"). The start
//!   is filled in only for month-based lengths ending on a month's last day;
//!   52/53-week years and 13/26/39-week periods keep `start: None`. Twelve
//!   months (or 51–53 weeks) set `fy` to the end date's year;
//! - quarters and halves: "Q1 2024", "1Q24", "Q1'24", "Q1 FY24", "1Q FY24",
//!   "First Quarter 2024", "first quarter of fiscal 2024", "2024 Q1", "H1 2024",
//!   "1H24", "Second Half of 2023"; without a year ("Q1") the quarter is kept
//!   and `fy` is `None`;
//! - instants: a date ("December 31, 2023", "Dec. 31, 2023", "31 Dec 2023",
//!   "31-Dec-23", "2023-12-31", "12/31/2023", "31.12.2023") optionally after
//!   "as of", "as at", "at", "on" or "Balance(s)"; "as of 2023", "end of 2023",
//!   "year-end 2023" give an instant with only `fy`;
//! - change columns (headers only): "% change", "Change %", "% chg",
//!   "Percent(age) change", "% Var(iance)", "YoY", "Change", "$ change",
//!   "Variance", "Increase (decrease)", "Inc (Dec)", "Favorable (unfavorable)",
//!   possibly after other text ("Year Ended December 31, % Change"), and
//!   comparisons "PERIOD vs|v|versus|over|compared to PERIOD" with an
//!   optional change phrase or "%" after.

use std::ops::Range;
use std::sync::LazyLock;

use aho_corasick::AhoCorasick;
use jiff::civil::Date;
use regex::{Captures, Regex};

use crate::model::{Period, StatementKind};

mod compare;
mod span;
pub(crate) use span::is_change_header_word;

pub use compare::{Agreement, periods_agree};

/// What the table around a header says about how to read it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PeriodHint {
    /// The statement the header belongs to: on a balance sheet a bare year
    /// ("2024", "2023/24") is the year-end instant (`Instant { date: None, fy }`);
    /// elsewhere it is a fiscal year. Dates ("June 30, 2024") are instants and
    /// "Year Ended …" headers durations whatever the statement.
    pub statement: StatementKind,
}

/// Reads one column header (stacked parts joined with a space) as a period;
/// `None` when it names none ("Notes", "Amount", "in millions", "1,234",
/// "Year Ended December 31," without its year).
///
/// - A bare year is `Period::fiscal_year`, or under a balance-sheet hint
///   `Instant { date: None, fy }`. "FY2024", "Fiscal 2024" are always fiscal years.
/// - "Year Ended June 30, 2024" is a 12-month duration with `fy` 2024, end
///   2024-06-30 and start 2023-07-01 (start only when the end is a month's last
///   day). "Three Months Ended March 31, 2024" has no `fy` or `quarter`: which
///   fiscal quarter it is cannot be told from the header.
/// - Dates are instants; "Balance at December 31, 2023" too.
/// - "2024 vs 2023" is `Change { from: 2023, to: 2024 }`, each side read with the
///   same hint; a bare year on the right inherits the left side's month and day
///   ("Year Ended December 31, 2024 vs 2023" compares with the year ended
///   December 31, 2023), and a date on the right of a span ends the same kind
///   of span ("Year ended March 31, 2024 vs March 31, 2023"). Both sides must
///   read as periods ("Actual vs Budget" is `None`, "Actual vs Budget
///   Variance" a change without `from`/`to`). `percent` is true only when a
///   "%", "percent", "pct" or "YoY" is written. A change phrase after other text ("Year Ended December 31, %
///   Change") is a change with `from`/`to` `None`, except that a period before
///   it becomes `to` ("2024 % change" → `to` 2024).
pub fn parse_period(text: &str, hint: PeriodHint) -> Option<Period> {
    let norm = Norm::clean(text);
    let s = norm
        .text
        .trim_matches(|c: char| matches!(c, ' ' | ',' | ':' | ';' | '.'));
    let (s, hint) = match captures(&BALANCE, s).and_then(|c| c.name("rest")) {
        Some(rest) => (
            rest.as_str(),
            PeriodHint {
                statement: StatementKind::Balance,
            },
        ),
        None => (s, hint),
    };
    let found = parse_norm(s, hint, true);
    // A fiscal year named with its dated span in parentheses ("Fiscal 2024
    // (52 weeks ended September 28, 2024)") is that span: its end says
    // which year it is.
    let fy_only = |p: &Option<Period>| match p {
        None => Some(None),
        Some(p) if is_bare_year(p) => Some(p.year()),
        _ => None,
    };
    if let Some(open) = s.find('(')
        && let Some(close) = s.get(open..).and_then(|t| t.find(')'))
        && let Some(inner) = s.get(open + 1..open + close)
        && let Some(dated @ Period::Duration { end: Some(end), .. }) =
            parse_norm(inner.trim(), hint, false)
    {
        let outer = s.get(..open).unwrap_or("").trim();
        let named = match fy_only(&found) {
            Some(Some(fy)) => Some(fy),
            Some(None) => fy_only(&parse_norm(outer, hint, false)).flatten(),
            None => None,
        };
        if named == Some(end.year()) {
            return Some(dated);
        }
    }
    found
}

/// Finds the period mentioned in free text ("Revenue, FY2023", "cost of
/// revenue for the year ended Dec 31, 2022"): the byte range in `text` and the
/// period.
///
/// Every stretch of up to 24 words is read with the header grammar of
/// [`parse_period`] under the default hint (bare years are fiscal years,
/// dates and "at/as of DATE" instants), comparisons included ("2024 vs
/// 2023") but lone change words ("change", "variance") not, as they are too
/// common in prose. The longest match wins, measured in bytes of `text`; ties
/// go to the first.
///
/// The range covers the introducing words the grammar knows ("for the year
/// ended …", "in fiscal 2024", "at December 31, 2023", "as of …") so that
/// cutting it out leaves the measure ("cost of revenue", "total assets").
///
/// A number is not read as a year when it is part of a larger number or an
/// amount: after a digit and `,` `.` `-` `/` `:` ("4,2024", "9001:2015"),
/// before `,` `.` `-` `/` `:` and a digit ("2,024", "12,024" are never
/// years), after a currency sign ("$2024 million", "$ 2024"), before `%`, or
/// before a scale word ("2024 million", "2024 bn", "2024 bps"). Anything else
/// that reads as a year is one ("page 2023" finds FY2023).
pub fn find_period(text: &str) -> Option<(Range<usize>, Period)> {
    if holds_no_period(text) {
        return None;
    }
    let (range, period) = find_period_in(text)?;
    Some(with_dated_span(text, range, period))
}

/// A fiscal year followed by its dated span in parentheses ("fiscal year
/// 2025 (ended Jan 26, 2025)", "fiscal 2024 (the year ended September 28,
/// 2024)") is that span, when the span's end falls in the year named; the
/// range then covers the parenthesis.
fn with_dated_span(text: &str, range: Range<usize>, period: Period) -> (Range<usize>, Period) {
    if !is_bare_year(&period) {
        return (range, period);
    }
    let dated = || {
        let rest = text.get(range.end..)?;
        let open = rest.len() - rest.trim_start().len();
        let inner_start = open + rest.get(open..)?.strip_prefix('(').map(|_| 1)?;
        let close = rest.get(inner_start..)?.find(')')? + inner_start;
        let inner = rest.get(inner_start..close)?.trim();
        let inner = match inner
            .strip_prefix("ended ")
            .or_else(|| inner.strip_prefix("Ended "))
        {
            Some(date) => format!("year ended {date}"),
            None => inner.to_string(),
        };
        let found @ Period::Duration { end: Some(end), .. } =
            parse_period(&inner, PeriodHint::default())?
        else {
            return None;
        };
        (Some(end.year()) == period.year()).then_some((range.start..range.end + close + 1, found))
    };
    dated().unwrap_or((range, period))
}

/// True for a text in which [`find_period`] cannot find a period, told
/// without normalizing it: a window reads as a period only past a digit,
/// "quarter" or "half" (`plausible_end`), and normalizing makes none of
/// them but by dropping the characters `Norm::chars` drops ("quar*ter") or
/// an annotation in brackets ("quar(1)ter"). Role texts whose period was
/// found and blanked ("Revenue, ") and most row labels are such texts.
fn holds_no_period(text: &str) -> bool {
    if text.bytes().any(|b| b.is_ascii_digit()) || text.contains(['(', '[']) {
        return false;
    }
    let kept: String = text
        .chars()
        .filter(|c| !Norm::drops(*c))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    !kept.contains("quarter") && !kept.contains("half")
}

/// [`find_period`] without the cheap test first.
fn find_period_in(text: &str) -> Option<(Range<usize>, Period)> {
    // A range of two dates joined by a dash ("November 25, 2024 - December
    // 22, 2024") is a span this grammar has no period for: neither date is
    // the text's period (a balance "as of" its first day is not the one at
    // its last, nor the reverse). Both are passed over, and the text's
    // other words are looked in.
    let mut masked: Option<String> = None;
    for _ in 0..4 {
        let current = masked.as_deref().unwrap_or(text);
        let (range, period) = find_period_window(current)?;
        let Some(joined) = dash_joined_date(current, &range, &period) else {
            return Some((range, period));
        };
        let mut blank = current.to_string();
        for r in [range, joined] {
            let spaces = " ".repeat(r.len());
            blank.replace_range(r, &spaces);
        }
        masked = Some(blank);
    }
    None
}

/// The other date of a range of two dates joined by a dash that `range`
/// (an instant's date) is one end of, as its byte range in `text`.
fn dash_joined_date(text: &str, range: &Range<usize>, period: &Period) -> Option<Range<usize>> {
    let Period::Instant { date: Some(_), .. } = period else {
        return None;
    };
    let dashes = ['-', '\u{2013}', '\u{2014}'];
    let is_date = |p: &Period| matches!(p, Period::Instant { date: Some(_), .. });
    // A date after the dash.
    let after = text.get(range.end..)?;
    if let Some(rest) = after.trim_start().strip_prefix(dashes) {
        let offset = text.len() - rest.len();
        if let Some((r, p)) = find_period_window(rest)
            && is_date(&p)
            && rest.get(..r.start).is_some_and(|gap| gap.trim().is_empty())
        {
            return Some(offset + r.start..offset + r.end);
        }
    }
    // A date before it.
    let before = text.get(..range.start)?.trim_end().strip_suffix(dashes)?;
    let (r, p) = find_period_window(before)?;
    (is_date(&p) && before.get(r.end..).is_some_and(|gap| gap.trim().is_empty())).then_some(r)
}

fn find_period_window(text: &str) -> Option<(Range<usize>, Period)> {
    const MAX_WORDS: usize = 24;
    let norm = Norm::clean(text);
    let t = norm.text.as_str();
    let mut starts = Vec::new();
    let mut ends = Vec::new();
    let mut prev: Option<char> = None;
    for (i, c) in t.char_indices() {
        let word = c.is_alphanumeric();
        let prev_word = prev.is_some_and(char::is_alphanumeric);
        // A "%" of its own opens a change header ("% change 2021 vs
        // 2020"); one after digits closes an amount ("45%").
        if (word || c == '%') && !prev_word {
            starts.push(i);
        }
        if !word && prev.is_some_and(|p| p.is_alphanumeric() || p == ')' || p == '%') {
            ends.push(i);
        }
        prev = Some(c);
    }
    if prev.is_some_and(|p| p.is_alphanumeric() || p == ')' || p == '%') {
        ends.push(t.len());
    }

    // Whether a window may end at each end, asked once per end rather than
    // once per window.
    let endable: Vec<bool> = ends
        .iter()
        .map(|&e| t.get(..e).is_some_and(could_end))
        .collect();
    let plausible = Plausible::of(t);
    let mut best: Option<(Range<usize>, Period)> = None;
    for (k, &s) in starts.iter().enumerate() {
        if !could_start(t.get(s..).unwrap_or_default()) {
            continue;
        }
        let limit = starts.get(k + MAX_WORDS).copied().unwrap_or(t.len());
        let first = ends.partition_point(|&e| e <= s);
        let last = ends.partition_point(|&e| e <= limit);
        // A window from `s` is plausible from the first end past its first
        // digit, "quarter" or "half" on (looked for up to `limit` only, past
        // which no window from `s` ends: the scan stays within 24 words).
        let plausible_from = t
            .get(s..limit)
            .map_or(usize::MAX, |_| s.saturating_add(plausible.end(s, limit)));
        // Longest first: the first window from this start that reads as a
        // period is the only one from it that can win.
        for (j, &e) in ends.iter().enumerate().take(last).skip(first).rev() {
            if e < plausible_from || !endable.get(j).copied().unwrap_or(false) {
                continue;
            }
            let Some(sub) = t.get(s..e) else { continue };
            if !context_allows(t, s, e) {
                continue;
            }
            let Some(period) = parse_norm(sub, PeriodHint::default(), false) else {
                continue;
            };
            let Some(range) = norm.original(s..e) else {
                continue;
            };
            if best.as_ref().is_none_or(|(b, _)| range.len() > b.len()) {
                best = Some((range, period));
            }
            break;
        }
    }
    best
}

/// True for an integer that reads as a calendar year in a header (1900–2100).
pub fn is_year(value: i64) -> bool {
    (1900..=2100).contains(&value)
}

// ---------------------------------------------------------------------------
// Normalization

/// Text prepared for matching, with the way back to the original bytes.
struct Norm {
    /// Lower-cased, footnote-free text with single spaces.
    text: String,
    /// For each byte of `text`, the byte range of the original character it
    /// came from.
    src: Vec<(usize, usize)>,
}

impl Norm {
    fn with_capacity(n: usize) -> Norm {
        Norm {
            text: String::with_capacity(n),
            src: Vec::with_capacity(n),
        }
    }

    /// The full normalization: characters, footnotes and annotations, spaces.
    fn clean(original: &str) -> Norm {
        let mut chars = Norm::chars(original);
        // A year printed letter-spaced ("2 0 1 8") is the year.
        if digits_spaced(&chars.text) {
            let spaced: Vec<Range<usize>> = SPACED_YEAR
                .find_iter(&chars.text)
                .flat_map(|m| {
                    let at = m.start();
                    [at + 1..at + 2, at + 3..at + 4, at + 5..at + 6]
                })
                .collect();
            chars = chars.without(&spaced);
        }
        // "B/(W)" is better/(worse), not a footnote after "B/".
        let mut removed: Vec<Range<usize>> = if may_hold_footnote(&chars.text) {
            FOOTNOTE
                .find_iter(&chars.text)
                .filter(|m| {
                    !chars
                        .text
                        .get(..m.start())
                        .is_some_and(|b| b.ends_with('/'))
                })
                .map(|m| m.range())
                .collect()
        } else {
            Vec::new()
        };
        removed.extend(possessives_before_fiscal(&chars.text));
        chars.without(&removed).squeeze()
    }

    fn push(&mut self, c: char, span: (usize, usize)) {
        self.text.push(c);
        for _ in 0..c.len_utf8() {
            self.src.push(span);
        }
    }

    /// Whether `chars` drops a character: footnote symbols and invisible
    /// characters.
    fn drops(c: char) -> bool {
        matches!(
            c,
            '*' | '†'
                | '‡'
                | '¹'
                | '²'
                | '³'
                | '\u{2070}'..='\u{2079}'
                | '\u{00ad}'
                | '\u{200b}'..='\u{200d}'
                | '\u{2060}'
                | '\u{feff}'
        )
    }

    /// Character by character: lower case, one kind of space, dash and
    /// apostrophe; footnote symbols and invisible characters dropped.
    fn chars(original: &str) -> Norm {
        let mut n = Norm::with_capacity(original.len());
        for (i, c) in original.char_indices() {
            let span = (i, i + c.len_utf8());
            // ASCII, most of any text, without the general match below.
            if c.is_ascii() {
                match c {
                    '*' => {}
                    '`' => n.push('\'', span),
                    c if c.is_ascii_whitespace() || c == '\u{0b}' => n.push(' ', span),
                    c => n.push(c.to_ascii_lowercase(), span),
                }
                continue;
            }
            match c {
                c if Norm::drops(c) => {}
                '\u{2010}'..='\u{2015}' | '\u{2212}' => n.push('-', span),
                '\u{2018}' | '\u{2019}' | '\u{201b}' | '\u{02bc}' | '\u{2032}' | '`'
                | '\u{00b4}' => n.push('\'', span),
                c if c.is_whitespace() => n.push(' ', span),
                c => c.to_lowercase().for_each(|l| n.push(l, span)),
            }
        }
        n
    }

    /// The same text without the given byte ranges (which fall on character
    /// boundaries, being regex matches).
    fn without(self, removed: &[Range<usize>]) -> Norm {
        if removed.is_empty() {
            return self;
        }
        let mut n = Norm::with_capacity(self.text.len());
        for (i, c) in self.text.char_indices() {
            if removed.iter().any(|r| r.contains(&i)) {
                continue;
            }
            if let Some(&span) = self.src.get(i) {
                n.push(c, span);
            }
        }
        n
    }

    /// Runs of spaces become one; no space at the ends, before `,` or `)`,
    /// after `(`, or after a hyphen that follows a letter ("Twenty-\nSix").
    fn squeeze(&self) -> Norm {
        let mut n = Norm::with_capacity(self.text.len());
        let mut pending: Option<(usize, usize)> = None;
        for (i, c) in self.text.char_indices() {
            let Some(&span) = self.src.get(i) else {
                continue;
            };
            if c == ' ' {
                if !n.text.is_empty() && pending.is_none() {
                    pending = Some(span);
                }
                continue;
            }
            if let Some(space) = pending.take() {
                let mut back = n.text.chars().rev();
                let last = back.next();
                let hyphen_join = last == Some('-') && back.next().is_some_and(char::is_alphabetic);
                if c != ',' && c != ')' && last != Some('(') && !hyphen_join {
                    n.push(' ', space);
                }
            }
            n.push(c, span);
        }
        n
    }

    /// The original byte range of a range of `text`.
    fn original(&self, r: Range<usize>) -> Option<Range<usize>> {
        let start = self.src.get(r.start)?.0;
        let end = self.src.get(r.end.checked_sub(1)?)?.1;
        Some(start..end)
    }
}

/// The possessive naming whose fiscal year it is, between a span and its
/// year ("the first nine months of Apple's fiscal 2025", "the third quarter
/// of the company's fiscal 2024", "its fiscal 2025"): the byte ranges to
/// drop, so that the span reads with its year.
fn possessives_before_fiscal(text: &str) -> Vec<Range<usize>> {
    static POSSESSIVE: LazyLock<Regex> = LazyLock::new(|| {
        // A constant pattern; a typo is a bug caught by the tests.
        #[allow(clippy::expect_used)]
        Regex::new(r"(?:\bthe )?\b(?:[a-z][a-z0-9&.\-]*'s|its|our|their) fiscal\b")
            .expect("possessive pattern compiles")
    });
    if !text.contains(" fiscal") {
        return Vec::new();
    }
    POSSESSIVE
        .find_iter(text)
        .map(|m| m.start()..m.end().saturating_sub("fiscal".len()))
        .collect()
}

// ---------------------------------------------------------------------------
// Patterns

/// The months' names in English, January first.
pub const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// [`MONTH_NAMES`] in lower case, for matching lower-cased text.
pub const MONTHS_LOWER: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Month names and abbreviations.
const MONTH: &str = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

/// A full date in any of the forms [`parse_date`] reads.
const DATE: &str = r"(?:<MONTH>\.?,? ?\d{1,2}(?:st|nd|rd|th)?,? ?\d{4}|\d{1,2}(?:st|nd|rd|th)?(?: of)?[ -]<MONTH>\.?,?[ -](?:\d{4}|\d{2})|\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})|\d{1,2}\.\d{1,2}\.\d{4})";

/// Words that may introduce a duration.
const PREP: &str = r"(?:(?:for|during|in) (?:the )?|the )?";

/// A year after a quarter or half token: "2024", "24", "'24", "FY24", "fiscal 2024".
const YEARX: &str = r"(?:(?:fiscal(?: year)?|fy) ?'?|')?(?:\d{4}|\d{2})";

/// A count of months or weeks, in digits or words.
const NUM: &str = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|twenty[- ]?six|twenty[- ]?seven|thirty[- ]?nine|forty|fifty[- ]?two|fifty[- ]?three)";

/// The number words [`NUM`] allows, without hyphens or spaces.
const NUMBER_WORDS: &[(&str, u8)] = &[
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("eleven", 11),
    ("twelve", 12),
    ("thirteen", 13),
    ("fourteen", 14),
    ("twentysix", 26),
    ("twentyseven", 27),
    ("thirtynine", 39),
    ("forty", 40),
    ("fiftytwo", 52),
    ("fiftythree", 53),
];

/// A quarter named without its year: "Q1", "1Q", "first quarter", "quarter 1".
const QTOK: &str = r"(?:q[1-4]|[1-4]q|(?:first|second|third|fourth|1st|2nd|3rd|4th)[- ](?:fiscal )?(?:quarter|qtr\.?)|(?:fiscal )?(?:quarter|qtr\.?) [1-4])";

/// A half named without its year: "H1", "1H", "first half", "first-half",
/// "half-year 1", "1HY".
const HTOK: &str = r"(?:h[12]|[12]h|(?:first|second|1st|2nd)[- ](?:fiscal )?half(?:[- ]year)?|(?:fiscal )?half[- ]year [12]|[12]hy|hy[12])";

/// The words of a change column.
const CHANGE: &str = r"(?:(?:%|percent(?:age)?|pct\.?) ?(?:change|chg\.?|var\.?|variance|growth|inc(?:rease)?\.? ?/? ?\(?dec(?:rease)?\.?\)?|\(?dec(?:rease)?\.?\)? ?/? ?inc(?:rease)?\.?|inc(?:rease)?\.?|yoy|y/y|y-o-y)|(?:change|chg\.?|var\.?|variance|growth) ?(?:%|\(%\)|in %|percent(?:age)?|pct\.?)|(?:[$€£¥] ?|dollar |amount |net )?(?:change|chg\.?|variance|var\.?)(?: ?\([$€£¥]\)| ?[$€£¥])?|(?:[$€£¥] ?)?inc(?:rease)?\.? ?/? ?\(?dec(?:rease)?\.?\)?|\(?dec(?:rease)?\.?\)? ?/? ?inc(?:rease)?\.?|favou?rable ?/? ?\(?unfavou?rable\)?|fav\.? ?/? ?\(?unfav\.?\)?|better ?/? ?\(?worse\)?|b ?/ ?\(?w\)?|(?:yoy|y/y|y-o-y)(?: ?(?:%|change|chg\.?|growth))?)";

/// `re`'s captures in `s`, asked only after a match is known: a failed
/// `is_match` allocates no capture slots, and most patterns tried on a
/// text fail.
fn captures<'t>(re: &Regex, s: &'t str) -> Option<Captures<'t>> {
    if re.is_match(s) { re.captures(s) } else { None }
}

/// Compiles one of this module's fixed patterns after filling in the named
/// pieces (`<DATE>`, `<MONTH>`, …). The patterns are constants, not input, and
/// the tests compile every one, so a failure here is a bug in this file.
#[allow(clippy::expect_used)]
fn compile(template: &str) -> Regex {
    let pattern = template
        .replace("<DATE>", DATE)
        .replace("<MONTH>", MONTH)
        .replace("<PREP>", PREP)
        .replace("<YEARX>", YEARX)
        .replace("<NUM>", NUM)
        .replace("<QTOK>", QTOK)
        .replace("<HTOK>", HTOK)
        .replace("<CHANGE>", CHANGE)
        // A year, day or month is read with `str::parse`, which takes ASCII
        // digits only; Unicode's `\d` (every script's digits) matched
        // what could not be read, and took 36M instructions to compile.
        .replace(r"\d", "[0-9]");
    Regex::new(&pattern).expect("period pattern compiles")
}

/// Footnote marks, audit annotations and unit notes ("(in millions)",
/// "($ in thousands)", "(€m)"), dropped before matching.
static FOOTNOTE: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"\( ?(?:\d{1,2}|[a-z]|[ivx]{2,4}|unaudited|audited|restated|as restated|revised|as revised|recast|as recast|as adjusted|as reported|note \d{1,2}) ?\)|\[ ?\d{1,2} ?\]|\((?:[^()]*\b)?in (?:thousands|millions|billions)\b[^()]*\)|\( ?[$€£¥] ?(?:m|mm|mn|bn|k|000s?|'000s?) ?\)|\b(?:unaudited|as restated|restated|as adjusted|as reported|as recast|recast|as revised)\b",
    )
});

/// Whether [`FOOTNOTE`] can match `text` (lower-cased): each of its
/// alternatives holds a bracket or one of these words. Most texts hold
/// neither, and the pattern is asked of every text a period is looked for
/// in.
fn may_hold_footnote(text: &str) -> bool {
    const WORDS: [&str; 6] = [
        "audited",
        "restated",
        "recast",
        "revised",
        "as adjusted",
        "as reported",
    ];
    // One automaton for the annotation words: a search per word cost a
    // searcher's set-up each, for every text a period is looked for in.
    static FIND: LazyLock<Option<AhoCorasick>> = LazyLock::new(|| AhoCorasick::new(WORDS).ok());
    text.contains(['(', '['])
        || FIND.as_ref().map_or_else(
            || WORDS.iter().any(|w| text.contains(w)),
            |find| find.is_match(text),
        )
}

/// Whether `text` has a digit, a space and a digit: what [`SPACED_YEAR`]
/// needs before it can match.
fn digits_spaced(text: &str) -> bool {
    text.as_bytes()
        .windows(3)
        .any(|w| matches!(w, [a, b' ', c] if a.is_ascii_digit() && c.is_ascii_digit()))
}

/// A year printed with a space between its digits.
static SPACED_YEAR: LazyLock<Regex> = LazyLock::new(|| compile(r"\b[12] \d \d \d\b"));

static MDY: LazyLock<Regex> = LazyLock::new(|| {
    compile(r"^(?P<m><MONTH>)\.?,? ?(?P<d>\d{1,2})(?:st|nd|rd|th)?,? ?(?P<y>\d{4})$")
});
static DMY: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"^(?P<d>\d{1,2})(?:st|nd|rd|th)?(?: of)?[ -](?P<m><MONTH>)\.?,?[ -](?P<y>\d{4}|\d{2})$",
    )
});
static NUMERIC_DATE: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"^(?:(?P<iy>\d{4})-(?P<im>\d{1,2})-(?P<id>\d{1,2})|(?P<sa>\d{1,2})/(?P<sb>\d{1,2})/(?P<sy>\d{4}|\d{2})|(?P<dd>\d{1,2})\.(?P<dm>\d{1,2})\.(?P<dy>\d{4}))$",
    )
});

static BARE: LazyLock<Regex> = LazyLock::new(|| compile(r"^(?:(?:in|for|during) )?(?P<y>\d{4})$"));
static SPLIT: LazyLock<Regex> = LazyLock::new(|| {
    compile(r"^<PREP>(?P<fy>(?:fiscal(?: year)?|fy) ?'?)?(?P<a>\d{4}|\d{2})[/-](?P<b>\d{4}|\d{2})$")
});
static FISCAL: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"^<PREP>(?:(?:fy|f|fiscal(?: year)?|full[- ]year(?: fy)?) ?'?(?P<y>\d{4}|\d{2})|year (?P<y4>\d{4})|(?P<y5>\d{4}) (?:fiscal|full)(?:[- ]year)?)(?: (?:52|53) weeks)?$",
    )
});
static ENDED: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"^<PREP>(?:fiscal )?(?P<len>years?|(?:(?:first|second|third|fourth|1st|2nd|3rd|4th) (?:fiscal )?)?quarters?|half[- ]years?|(?P<n><NUM>)[ -](?P<unit>months?|weeks?)|periods?)(?: period)?[ -](?:ended|ending|to),? (?:(?P<date><DATE>)|(?P<y>\d{4}))$",
    )
});
static INSTANT: LazyLock<Regex> =
    LazyLock::new(|| compile(r"^(?:(?:as (?:of|at)|at|on) )?(?P<date><DATE>)$"));
static INSTANT_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"^(?:(?:as (?:of|at)|at) (?:the )?(?:end of )?|(?:at )?(?:the )?end of |(?:at )?(?:fiscal )?year[- ]end )(?:fiscal (?:year )?|fy ?)?(?P<y>\d{4})$",
    )
});
static QUARTER_FIRST: LazyLock<Regex> = LazyLock::new(|| {
    compile(r"^<PREP>(?P<tok><QTOK>)(?:(?P<sep>,? (?:of )?(?:the )?| ?[-/] ?|)(?P<y><YEARX>))?$")
});
static QUARTER_YEAR_FIRST: LazyLock<Regex> =
    LazyLock::new(|| compile(r"^<PREP>(?P<y><YEARX>)(?:,? | ?- ?|/)(?P<tok><QTOK>)$"));
static HALF_FIRST: LazyLock<Regex> = LazyLock::new(|| {
    compile(r"^<PREP>(?P<tok><HTOK>)(?:(?P<sep>,? (?:of )?(?:the )?| ?[-/] ?|)(?P<y><YEARX>))?$")
});
static HALF_YEAR_FIRST: LazyLock<Regex> =
    LazyLock::new(|| compile(r"^<PREP>(?P<y><YEARX>)(?:,? | ?- ?|/)(?P<tok><HTOK>)$"));

static BALANCE: LazyLock<Regex> = LazyLock::new(|| {
    compile(r"^(?:(?:ending|closing|opening|beginning) )?balances?,? (?P<rest>.+)$")
});
static CHANGE_SUFFIX: LazyLock<Regex> =
    LazyLock::new(|| compile(r"^(?:(?P<rest>.*?)[ ,:;]+)??(?P<chg><CHANGE>)$"));
static CHANGE_PREFIX: LazyLock<Regex> =
    LazyLock::new(|| compile(r"^(?P<chg><CHANGE>)[ ,:;]+(?P<rest>.+)$"));
static VERSUS: LazyLock<Regex> = LazyLock::new(|| {
    compile(r"^(?P<l>.+?),? (?:vs\.?|v\.?|versus|over|compared (?:to|with)|against) (?P<r>.+)$")
});
static YEAR_PAIR: LazyLock<Regex> =
    LazyLock::new(|| compile(r"^(?P<a>\d{4}) ?[-/] ?(?P<b>\d{4})$"));
static PERCENT_TAIL: LazyLock<Regex> = LazyLock::new(|| compile(r"^(?P<r>.+?) ?\(?%\)?$"));
static SCALE_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    compile(r"^ ?(?:millions?|billions?|thousands?|trillions?|mn|mm|bn|m|b|k|bps|x)\b")
});

// ---------------------------------------------------------------------------
// Grammar

/// A header or a stretch of free text, normalized: a change column or a period.
/// `lone_change` allows change phrases without a comparison ("% change").
fn parse_norm(s: &str, hint: PeriodHint, lone_change: bool) -> Option<Period> {
    if let Some(p) = span::between(s, hint) {
        return Some(p);
    }
    let (rest, suffix) = match captures(&CHANGE_SUFFIX, s) {
        // "Effect of Change" is what an accounting change did to a balance
        // at the column's own date, not a change between two periods.
        Some(c)
            if c.name("rest").is_some_and(|m| {
                let r = m.as_str();
                r.ends_with(" effect of") || r.ends_with(" effect of the") || r == "effect of"
            }) =>
        {
            (s, None)
        }
        Some(c) => (
            c.name("rest").map_or("", |m| m.as_str()),
            c.name("chg").map(|m| is_percent(m.as_str())),
        ),
        None => (s, None),
    };
    // "% Change 2017-2016": a change phrase over two years, the later first
    // (Adobe's geographic table). Ascending ("2016-17") is a fiscal year
    // split over two calendar years, not a comparison.
    let phrased = match suffix {
        Some(percent) => Some((rest, percent)),
        None => captures(&CHANGE_PREFIX, s).map(|p| {
            (
                p.name("rest").map_or("", |m| m.as_str()),
                p.name("chg").is_some_and(|m| is_percent(m.as_str())),
            )
        }),
    };
    if let Some((body, percent)) = phrased
        && let Some(c) = captures(&YEAR_PAIR, body)
        && let (Some(later), Some(earlier)) = (year4(group(&c, "a")), year4(group(&c, "b")))
        && later > earlier
    {
        return Some(Period::Change {
            percent,
            from: Some(Box::new(year_period(earlier, hint))),
            to: Some(Box::new(year_period(later, hint))),
        });
    }
    if let Some(c) = captures(&VERSUS, rest) {
        let mut left = c.name("l").map_or("", |m| m.as_str());
        let mut right = c.name("r").map_or("", |m| m.as_str());
        let mut percent = suffix.unwrap_or(false);
        if let Some(p) = captures(&CHANGE_PREFIX, left) {
            percent |= p.name("chg").is_some_and(|m| is_percent(m.as_str()));
            left = p.name("rest").map_or("", |m| m.as_str());
        }
        if let Some(r) = captures(&PERCENT_TAIL, right).and_then(|p| p.name("r")) {
            percent = true;
            right = r.as_str();
        }
        let to = parse_simple(left, hint);
        let from = match &to {
            Some(t) => bare_year(right)
                .and_then(|y| with_year(t, y))
                .or_else(|| parse_simple(right, hint).map(|f| like(t, f))),
            None => None,
        };
        return match (from, to) {
            (Some(from), Some(to)) => Some(Period::Change {
                percent,
                from: Some(Box::new(from)),
                to: Some(Box::new(to)),
            }),
            _ if suffix.is_some() && lone_change => Some(Period::Change {
                percent,
                from: None,
                to: None,
            }),
            _ => None,
        };
    }
    if let Some(percent) = suffix {
        return lone_change.then(|| Period::Change {
            percent,
            from: None,
            to: parse_simple(rest, hint).map(Box::new),
        });
    }
    parse_simple(s, hint)
}

/// One period, no comparison.
fn parse_simple(s: &str, hint: PeriodHint) -> Option<Period> {
    if let Some(p) = month_s_quarter(s) {
        return Some(p);
    }
    if let Some(p) = span::parse(s) {
        return Some(p);
    }
    if let Some(c) = captures(&BARE, s) {
        return Some(year_period(year4(group(&c, "y"))?, hint));
    }
    if let Some(c) = captures(&SPLIT, s) {
        return split_year(&c, hint);
    }
    if let Some(c) = captures(&FISCAL, s) {
        let y = match (c.name("y"), c.name("y4"), c.name("y5")) {
            (Some(y), _, _) => year2or4(y.as_str())?,
            (_, Some(y), _) | (_, _, Some(y)) => year4(y.as_str())?,
            _ => return None,
        };
        return Some(Period::fiscal_year(y));
    }
    if let Some(c) = captures(&ENDED, s) {
        return ended(&c);
    }
    if let Some(c) = captures(&INSTANT, s) {
        return Some(Period::instant(parse_date(group(&c, "date"))?));
    }
    if let Some(c) = captures(&INSTANT_YEAR, s) {
        return Some(Period::Instant {
            date: None,
            fy: Some(year4(group(&c, "y"))?),
        });
    }
    if let Some(p) = part(s, &QUARTER_FIRST, &QUARTER_YEAR_FIRST, true) {
        return Some(p);
    }
    part(s, &HALF_FIRST, &HALF_YEAR_FIRST, false)
}

/// A bare year: the fiscal year, or on a balance sheet the year-end instant.
fn year_period(fy: i16, hint: PeriodHint) -> Period {
    if hint.statement == StatementKind::Balance {
        Period::Instant {
            date: None,
            fy: Some(fy),
        }
    } else {
        Period::fiscal_year(fy)
    }
}

/// "2023/24", "FY2023-24": the year that ends in the second named year.
fn split_year(c: &Captures<'_>, hint: PeriodHint) -> Option<Period> {
    let a = group(c, "a");
    let b = group(c, "b");
    let fiscal = c.name("fy").is_some();
    if a.len() == 2 && !fiscal {
        return None;
    }
    let first = year2or4(a)?;
    let second = if b.len() == 2 {
        let yy: i16 = b.parse().ok()?;
        let century = first - first.rem_euclid(100);
        if century + yy < first {
            century + 100 + yy
        } else {
            century + yy
        }
    } else {
        year4(b)?
    };
    if second != first.checked_add(1)? {
        return None;
    }
    Some(if fiscal {
        Period::fiscal_year(second)
    } else {
        year_period(second, hint)
    })
}

/// "LENGTH ended DATE" (or "LENGTH ended YEAR" for years).
fn ended(c: &Captures<'_>) -> Option<Period> {
    let len = group(c, "len");
    let (months, by_month) = match (c.name("n"), c.name("unit")) {
        (Some(n), Some(unit)) => {
            let n = count(n.as_str())?;
            if unit.as_str().starts_with("month") {
                if !(1..=24).contains(&n) {
                    return None;
                }
                (Some(n), true)
            } else {
                (weeks_to_months(n), false)
            }
        }
        _ if len.starts_with("year") => (Some(12), true),
        // "Quarter ended", "Second Quarter Ended", "fiscal second quarter ended".
        _ if len.contains("quarter") => (Some(3), true),
        _ if len.starts_with("half") => (Some(6), true),
        _ => (None, false),
    };
    if let Some(y) = c.name("y") {
        return (months == Some(12)).then_some(Period::fiscal_year(year4(y.as_str())?));
    }
    let end = parse_date(group(c, "date"))?;
    let start = match months {
        Some(m) if by_month && end == end.last_of_month() => start_of(end, m),
        _ => None,
    };
    Some(Period::Duration {
        fy: (months == Some(12)).then_some(end.year()),
        quarter: None,
        half: None,
        months,
        to_quarter: None,
        start,
        end: Some(end),
    })
}

/// A quarter or half, token first ("Q1 2024") or year first ("2024 Q1").
fn part(s: &str, token_first: &Regex, year_first: &Regex, quarter: bool) -> Option<Period> {
    let (tok, year) = if let Some(c) = captures(token_first, s) {
        let tok = group(&c, "tok");
        if let Some(y) = c.name("y") {
            let y = y.as_str();
            // Glued only as "1Q24", "Q1'24", "Q1FY24" — not "Q124".
            let glued_ok = (tok.len() <= 3 && tok.starts_with(|ch: char| ch.is_ascii_digit()))
                || y.starts_with('\'')
                || y.starts_with("fy");
            if group(&c, "sep").is_empty() && !glued_ok {
                return None;
            }
        }
        (tok.to_string(), c.name("y").map(|m| m.as_str().to_string()))
    } else if let Some(c) = captures(year_first, s) {
        let y = group(&c, "y");
        if y.len() == 2 {
            return None; // "24 Q1": a bare two-digit number first is not a year
        }
        (group(&c, "tok").to_string(), Some(y.to_string()))
    } else {
        return None;
    };
    let n = ordinal(&tok)?;
    let fy = match year {
        Some(y) => Some(trailing_year(&y)?),
        None => None,
    };
    Some(Period::Duration {
        fy,
        quarter: quarter.then_some(n),
        half: (!quarter).then_some(n),
        months: Some(if quarter { 3 } else { 6 }),
        to_quarter: None,
        start: None,
        end: None,
    })
}

/// A named capture group's text ("" when it did not take part).
fn group<'h>(c: &Captures<'h>, name: &str) -> &'h str {
    c.name(name).map_or("", |m| m.as_str())
}

/// True when a change phrase is stated in percent.
fn is_percent(phrase: &str) -> bool {
    ["%", "percent", "pct", "yoy", "y/y", "y-o-y"]
        .iter()
        .any(|w| phrase.contains(w))
}

/// A right-hand side that is only a year ("2023", "'23").
fn bare_year(s: &str) -> Option<i16> {
    match s.strip_prefix('\'') {
        Some(yy) if yy.len() == 2 => year2or4(yy),
        None if s.len() == 4 => year4(s),
        _ => None,
    }
}

/// The same kind of period in another year: "Year Ended December 31, 2024"
/// moved to 2023. Month-end dates move to the same month's end; other dates
/// (52/53-week years) cannot be moved and are dropped, keeping the year.
fn with_year(p: &Period, year: i16) -> Option<Period> {
    let delta = year.checked_sub(p.year()?)?;
    let shift = |fy: Option<i16>| -> Option<Option<i16>> {
        match fy {
            Some(f) => f.checked_add(delta).map(Some),
            None => Some(None),
        }
    };
    let move_date = |d: Date| -> Option<Date> {
        if d != d.last_of_month() {
            return None;
        }
        Some(
            Date::new(d.year().checked_add(delta)?, d.month(), 1)
                .ok()?
                .last_of_month(),
        )
    };
    match p {
        Period::Duration {
            fy,
            quarter,
            half,
            months,
            to_quarter,
            start,
            end,
        } => {
            let new_end = end.and_then(move_date);
            let new_start = match (start, new_end, months) {
                (Some(_), Some(e), Some(m)) => start_of(e, *m),
                _ => None,
            };
            Some(Period::Duration {
                fy: shift(*fy)?,
                quarter: *quarter,
                half: *half,
                months: *months,
                to_quarter: *to_quarter,
                start: new_start,
                end: new_end,
            })
        }
        Period::Instant { date, fy } => match date.map(move_date) {
            Some(Some(d)) => Some(Period::Instant {
                date: Some(d),
                fy: shift(*fy)?,
            }),
            _ => Some(Period::Instant {
                date: None,
                fy: Some(year),
            }),
        },
        Period::Change { .. } => None,
    }
}

/// The earlier side of a comparison read like the later one: in "Year ended
/// March 31, 2024 vs March 31, 2023" the date on the right ends a year too.
fn like(to: &Period, from: Period) -> Period {
    match (to, &from) {
        (
            Period::Duration {
                months: Some(m),
                start,
                end: Some(_),
                ..
            },
            Period::Instant {
                date: Some(end), ..
            },
        ) => Period::Duration {
            fy: (*m == 12).then_some(end.year()),
            quarter: None,
            half: None,
            months: Some(*m),
            to_quarter: None,
            start: match start {
                Some(_) if *end == end.last_of_month() => start_of(*end, *m),
                _ => None,
            },
            end: Some(*end),
        },
        _ => from,
    }
}

/// The first day of the `months`-month span ending with the month of `end`.
fn start_of(end: Date, months: u8) -> Option<Date> {
    let index = i32::from(end.year()) * 12 + i32::from(end.month()) - i32::from(months);
    let year = i16::try_from(index.div_euclid(12)).ok()?;
    let month = i8::try_from(index.rem_euclid(12) + 1).ok()?;
    Date::new(year, month, 1).ok()
}

/// Months a period of whole weeks stands for: 13 weeks a quarter (12–14 for
/// 4-4-5 calendars), 26 a half, 39 nine months, 52 or 53 a year.
pub(super) fn weeks_to_months(weeks: u8) -> Option<u8> {
    match weeks {
        12..=14 => Some(3),
        25..=27 => Some(6),
        38..=40 => Some(9),
        51..=53 => Some(12),
        _ => None,
    }
}

/// A count in digits or words ("12", "twelve", "twenty-six").
fn count(s: &str) -> Option<u8> {
    if let Ok(n) = s.parse() {
        return Some(n);
    }
    let word: String = s.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    NUMBER_WORDS
        .iter()
        .find(|(w, _)| *w == word)
        .map(|&(_, n)| n)
}

/// Ordinal words and the quarter or half they number.
const ORDINAL_WORDS: [(&str, u8); 8] = [
    ("first", 1),
    ("1st", 1),
    ("second", 2),
    ("2nd", 2),
    ("third", 3),
    ("3rd", 3),
    ("fourth", 4),
    ("4th", 4),
];

/// The quarter a text that is only an ordinal word names ("Fourth" over
/// a quarterly table's column, a role's part "Fourth"): 1–4.
pub fn ordinal_word(text: &str) -> Option<u8> {
    let t = text.trim();
    ORDINAL_WORDS
        .iter()
        .find(|(w, _)| w.eq_ignore_ascii_case(t) && w.starts_with(|c: char| c.is_alphabetic()))
        .map(|&(_, n)| n)
}

/// A fiscal year named by its year alone ("2019:"), no quarter, half,
/// length or dates.
pub fn is_bare_year(p: &Period) -> bool {
    matches!(
        p,
        Period::Duration {
            fy: Some(_),
            quarter: None,
            half: None,
            to_quarter: None,
            start: None,
            end: None,
            ..
        }
    )
}

/// The same span a year earlier ("FY2024" → "FY2023", "nine months ended
/// September 30, 2024" → 2023's): the period a change to `p` is from.
/// `None` for a change, or a date that cannot move (52/53-week years).
pub fn a_year_earlier(p: &Period) -> Option<Period> {
    if p.is_change() {
        return None;
    }
    with_year(p, p.year()?.checked_sub(1)?)
}

/// A quarter or half named without its year ("Fourth Quarter" under a
/// "2019:" caption) in the year another period gives.
pub fn with_year_of(p: &Period, others: &[Period]) -> Option<Period> {
    let Period::Duration {
        fy: None,
        quarter,
        half,
        months,
        to_quarter,
        start,
        end: None,
    } = p
    else {
        return None;
    };
    if quarter.is_none() && half.is_none() {
        return None;
    }
    let year = others.iter().find_map(Period::year)?;
    Some(Period::Duration {
        fy: Some(year),
        quarter: *quarter,
        half: *half,
        months: *months,
        to_quarter: *to_quarter,
        start: *start,
        end: None,
    })
}

/// The quarter or half a token names: "q3", "3q", "third quarter", "quarter 3".
fn ordinal(tok: &str) -> Option<u8> {
    if let Some(&(_, n)) = ORDINAL_WORDS.iter().find(|(w, _)| tok.contains(w)) {
        return Some(n);
    }
    tok.chars()
        .find_map(|c| c.to_digit(10))
        .and_then(|d| u8::try_from(d).ok())
}

/// A four-digit year within [`is_year`].
fn year4(s: &str) -> Option<i16> {
    let y: i64 = s.parse().ok()?;
    if s.len() == 4 && is_year(y) {
        i16::try_from(y).ok()
    } else {
        None
    }
}

/// A four-digit year, or a two-digit one: 00–69 → 2000s, 70–99 → 1900s.
fn year2or4(s: &str) -> Option<i16> {
    if s.len() == 2 {
        let yy: i16 = s.parse().ok()?;
        return Some(if yy <= 69 { 2000 + yy } else { 1900 + yy });
    }
    year4(s)
}

/// The year written at the end of "FY24", "fiscal 2024", "'24".
fn trailing_year(s: &str) -> Option<i16> {
    let digits = s
        .rsplit(|c: char| !c.is_ascii_digit())
        .find(|p| !p.is_empty())?;
    year2or4(digits)
}

/// A date in one of the forms of [`DATE`]. "12/31/2023" is month first unless
/// the first number cannot be a month ("31/12/2023"); "31.12.2023" is day
/// first. Impossible dates (February 30) are `None`.
fn parse_date(s: &str) -> Option<Date> {
    let (y, m, d) = if let Some(c) = captures(&MDY, s) {
        (
            year4(group(&c, "y"))?,
            month_number(group(&c, "m"))?,
            group(&c, "d"),
        )
    } else if let Some(c) = captures(&DMY, s) {
        (
            year2or4(group(&c, "y"))?,
            month_number(group(&c, "m"))?,
            group(&c, "d"),
        )
    } else if let Some(c) = captures(&NUMERIC_DATE, s) {
        if let Some(y) = c.name("iy") {
            (
                year4(y.as_str())?,
                group(&c, "im").parse().ok()?,
                group(&c, "id"),
            )
        } else if let Some(y) = c.name("sy") {
            let a: i8 = group(&c, "sa").parse().ok()?;
            let b = group(&c, "sb");
            let y = year2or4(y.as_str())?;
            if a > 12 {
                (y, b.parse().ok()?, group(&c, "sa"))
            } else {
                (y, a, b)
            }
        } else {
            (
                year4(group(&c, "dy"))?,
                group(&c, "dm").parse().ok()?,
                group(&c, "dd"),
            )
        }
    } else {
        return None;
    };
    Date::new(y, m, d.parse().ok()?).ok()
}

/// The month a name or abbreviation stands for, 1–12 ("April", "Sept",
/// "dec"): the name's first three letters or more, and nothing else
/// ("marketing" is not March).
pub fn month_of(name: &str) -> Option<i8> {
    let lower = name.trim_end_matches('.').to_lowercase();
    let at = MONTHS_LOWER
        .iter()
        .position(|full| lower.len() >= 3 && full.starts_with(lower.as_str()))?;
    i8::try_from(at + 1).ok()
}

fn month_number(name: &str) -> Option<i8> {
    let n = match name.get(..3)? {
        "jan" => 1,
        "feb" => 2,
        "mar" => 3,
        "apr" => 4,
        "may" => 5,
        "jun" => 6,
        "jul" => 7,
        "aug" => 8,
        "sep" => 9,
        "oct" => 10,
        "nov" => 11,
        "dec" => 12,
        _ => return None,
    };
    Some(n)
}

/// Words a period (or a comparison) can begin with, besides those with a
/// digit ("2024", "fy24", "q1", "1h", "31st").
const START_WORDS: &[&str] = &[
    "between",
    "from",
    "ytd",
    "ltm",
    "ttm",
    "trailing",
    "last",
    "calendar",
    "cy",
    "beginning",
    "start",
    "opening",
    "commencement",
    "for",
    "during",
    "in",
    "the",
    "as",
    "at",
    "on",
    "end",
    "year",
    "years",
    "fiscal",
    "fy",
    "full",
    "quarter",
    "quarters",
    "qtr",
    "half",
    "hy",
    "period",
    "periods",
    "first",
    "second",
    "third",
    "fourth",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "change",
    "chg",
    "var",
    "variance",
    "growth",
    "percent",
    "percentage",
    "pct",
    "increase",
    "inc",
    "decrease",
    "dec",
    "favorable",
    "favourable",
    "fav",
    "better",
    "amount",
    "dollar",
    "net",
    "yoy",
    "y",
    "jan",
    "january",
    "feb",
    "february",
    "mar",
    "march",
    "apr",
    "april",
    "may",
    "jun",
    "june",
    "jul",
    "july",
    "aug",
    "august",
    "sep",
    "sept",
    "september",
    "oct",
    "october",
    "nov",
    "november",
    "december",
];

/// Cheap test before parsing stretches of free text that begin at the start
/// of `rest`: the first word has a digit or is in [`START_WORDS`].
fn could_start(rest: &str) -> bool {
    let word = rest
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default();
    // Sorted once, searched by halves: this is asked at every word of
    // every text a period is looked for in.
    static SORTED: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
        let mut words = START_WORDS.to_vec();
        words.sort_unstable();
        words
    });
    rest.starts_with('%')
        || word.bytes().any(|b| b.is_ascii_digit())
        || SORTED.binary_search(&word).is_ok()
}

/// Cheap test before parsing a stretch of free text: a period ends with a
/// number ("2024", "31, 2023", "1q24"), a quarter or half word ("second
/// half"), a change word ("% change"), or a closing mark.
fn could_end(s: &str) -> bool {
    if s.ends_with([')', '%']) {
        return true;
    }
    let last = s
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default();
    last.bytes().any(|b| b.is_ascii_digit())
        || matches!(
            last,
            "quarter"
                | "half"
                | "ytd"
                | "date"
                | "ltm"
                | "ttm"
                | "change"
                | "chg"
                | "variance"
                | "increase"
                | "decrease"
                | "decline"
        )
}

/// Cheap test before parsing a stretch of free text: periods name a number,
/// a quarter or a half.
#[cfg(test)]
fn plausible(s: &str) -> bool {
    s.bytes().any(|b| b.is_ascii_digit()) || s.contains("quarter") || s.contains("half")
}

/// The shortest prefix of `rest` that is [`plausible`], as its length
/// (`usize::MAX` when none is): every longer prefix is plausible too.
#[cfg(test)]
fn plausible_end(rest: &str) -> usize {
    let digit = rest.bytes().position(|b| b.is_ascii_digit()).map(|i| i + 1);
    let quarter = rest.find("quarter").map(|i| i + "quarter".len());
    let half = rest.find("half").map(|i| i + "half".len());
    [digit, quarter, half]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(usize::MAX)
}

/// [`plausible_end`] for any stretch of one text: the positions of its
/// digits and of "quarter" and "half", found once per text rather than
/// searched again from every word a window may start at.
struct Plausible {
    digits: Vec<usize>,
    quarters: Vec<usize>,
    halves: Vec<usize>,
}

impl Plausible {
    fn of(t: &str) -> Plausible {
        Plausible {
            digits: t
                .bytes()
                .enumerate()
                .filter(|(_, b)| b.is_ascii_digit())
                .map(|(i, _)| i)
                .collect(),
            quarters: t.match_indices("quarter").map(|(i, _)| i).collect(),
            halves: t.match_indices("half").map(|(i, _)| i).collect(),
        }
    }

    /// What `plausible_end` gives for the stretch `s..limit` of the text.
    fn end(&self, s: usize, limit: usize) -> usize {
        // The first occurrence at or after `s`, if it ends by `limit`: a
        // later one ends later still.
        let first = |at: &[usize], len: usize| {
            let p = *at.get(at.partition_point(|&p| p < s))?;
            (p + len <= limit).then_some(p + len - s)
        };
        [
            first(&self.digits, 1),
            first(&self.quarters, "quarter".len()),
            first(&self.halves, "half".len()),
        ]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(usize::MAX)
    }
}

/// False when the stretch `s..e` of `t` is part of a larger number or an
/// amount ("4,2024", "2024.5", "$2024", "2024%", "2024 million").
fn context_allows(t: &str, s: usize, e: usize) -> bool {
    let (Some(before), Some(after)) = (t.get(..s), t.get(e..)) else {
        return false;
    };
    let mut back = before.chars().rev();
    let (b1, b2) = (back.next(), back.next());
    let mut fwd = after.chars();
    let (a1, a2) = (fwd.next(), fwd.next());
    let joiner = |c: Option<char>| matches!(c, Some(',' | '.' | '-' | '/' | ':'));
    let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    let currency = |c: Option<char>| matches!(c, Some('$' | '€' | '£' | '¥'));
    if (joiner(b1) && digit(b2)) || currency(b1) || (b1 == Some(' ') && currency(b2)) {
        return false;
    }
    if (joiner(a1) && digit(a2)) || a1 == Some('%') {
        return false;
    }
    let ends_in_digit = t
        .get(..e)
        .and_then(|p| p.chars().next_back())
        .is_some_and(|c| c.is_ascii_digit());
    let scaled = ends_in_digit && SCALE_AFTER.is_match(after);
    let bucket = is_a_length(t.get(s..e).unwrap_or("")) && ends_a_range(before);
    !scaled && !bucket && !names_a_month_s_quarter(t.get(s..e).unwrap_or(""), before, after)
}

/// The quarter named by the month it ends in: "the June 2025 quarter",
/// "June-quarter 2025" is three months ending on the month's last day
/// (which a fiscal calendar's quarter ending a few days earlier agrees
/// with, `compare::periods_agree`).
fn month_s_quarter(s: &str) -> Option<Period> {
    // Asked of every window the grammar reads: most do not end so.
    if !s.ends_with("quarter") {
        return None;
    }
    static QUARTER: LazyLock<Regex> = LazyLock::new(|| {
        compile(r"^(?:(?:in|for|during) )?(?:the )?(?P<m><MONTH>)\.? (?P<y>\d{4})[ -]quarter$")
    });
    let c = captures(&QUARTER, s)?;
    let month = month_of(c.name("m")?.as_str())?;
    let year = year4(c.name("y")?.as_str())?;
    let end = Date::new(year, month, 1).ok()?.last_of_month();
    Some(Period::Duration {
        fy: None,
        quarter: None,
        half: None,
        months: Some(3),
        to_quarter: None,
        start: None,
        end: Some(end),
    })
}

/// A year between a month and "quarter" ("the June 2025 quarter") is the
/// quarter ending that month (`month_s_quarter`), not the fiscal year 2025.
fn names_a_month_s_quarter(window: &str, before: &str, after: &str) -> bool {
    window.len() == 4
        && window.bytes().all(|b| b.is_ascii_digit())
        && (after.starts_with(" quarter") || after.starts_with("-quarter"))
        && before
            .strip_suffix(' ')
            .and_then(|b| b.rsplit(' ').next())
            .is_some_and(|w| month_of(w).is_some())
}

/// A stretch that opens with a length: "six months", "3 years, 2019".
fn is_a_length(text: &str) -> bool {
    let mut words = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase);
    let (Some(_), Some(unit)) = (words.next(), words.next()) else {
        return false;
    };
    matches!(
        unit.as_str(),
        "month" | "months" | "year" | "years" | "week" | "weeks"
    )
}

/// A length that ends a range of lengths ("three to six months", "1 to 3
/// years", "between 6 and 12 months") is a bucket of a maturity or aging
/// table, not the period of a figure.
fn ends_a_range(before: &str) -> bool {
    let mut words = before
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .rev();
    let (Some(joiner), Some(first)) = (words.next(), words.next()) else {
        return false;
    };
    // One or two digits, or a number word up to twelve.
    let lengthy = |w: &str| {
        if w.bytes().all(|b| b.is_ascii_digit()) {
            w.len() <= 2
        } else {
            count(&w.to_ascii_lowercase()).is_some_and(|n| n <= 12)
        }
    };
    matches!(
        joiner.to_ascii_lowercase().as_str(),
        "to" | "and" | "through"
    ) && lengthy(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;
    use proptest::prelude::*;

    #[test]
    fn the_lower_case_month_names_are_the_month_names() {
        for (lower, name) in MONTHS_LOWER.iter().zip(MONTH_NAMES) {
            assert_eq!(*lower, name.to_lowercase());
        }
    }

    proptest! {
        #[test]
        fn the_positions_found_once_give_each_stretchs_plausible_end(
            t in "[a-z0-9 ,.%()-]{0,30}|quarter half 2024 first half|[qh1a ]{0,20}",
            a in 0usize..40,
            b in 0usize..40,
        ) {
            let (s, limit) = (a.min(b).min(t.len()), a.max(b).min(t.len()));
            prop_assert_eq!(
                Plausible::of(&t).end(s, limit),
                plausible_end(&t[s..limit]),
                "{:?} {}..{}", t, s, limit
            );
        }

        #[test]
        fn ascii_is_normalized_as_the_general_match_does(t in "[\\x00-\\x7f\u{a0}\u{2019}\u{2013}\u{b2}\u{c9}]{0,30}") {
            // The match `Norm::chars` applies to every character but ASCII.
            let mut general = Norm::with_capacity(t.len());
            for (i, c) in t.char_indices() {
                let span = (i, i + c.len_utf8());
                match c {
                    '*' | '†' | '‡' | '¹' | '²' | '³' | '\u{2070}'..='\u{2079}' => {}
                    '\u{00ad}' | '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}' => {}
                    '\u{2010}'..='\u{2015}' | '\u{2212}' => general.push('-', span),
                    '\u{2018}' | '\u{2019}' | '\u{201b}' | '\u{02bc}' | '\u{2032}' | '`'
                    | '\u{00b4}' => general.push('\'', span),
                    c if c.is_whitespace() => general.push(' ', span),
                    c => c.to_lowercase().for_each(|l| general.push(l, span)),
                }
            }
            let fast = Norm::chars(&t);
            prop_assert_eq!(&fast.text, &general.text);
            prop_assert_eq!(&fast.src, &general.src);
        }

        #[test]
        fn a_text_told_to_hold_no_period_holds_none(
            t in "([a-zA-Z ,.%/-]|quar|ter|QUAR|TER|ha|lf|HA|LF|[*\u{b9}\u{ad}\u{200b}()\\[\\]]|year|fy|q[1-4]|h[12]|ended|months|june|[0-9]){0,16}",
        ) {
            if holds_no_period(&t) {
                prop_assert!(find_period_in(&t).is_none(), "{:?}", t);
            }
        }

        #[test]
        fn plausible_end_is_where_prefixes_become_plausible(rest in "[a-z0-9 ,.%()-]{0,40}|quarter half 2024") {
            let end = plausible_end(&rest);
            for n in 0..=rest.len() {
                prop_assert_eq!(plausible(&rest[..n]), n >= end, "{:?} at {}", rest, n);
            }
        }
    }

    #[test]
    fn a_range_of_lengths_is_a_bucket_not_a_period() {
        for text in [
            "Three to six months",
            "1 to 3 years",
            "between 6 and 12 months",
        ] {
            assert!(find_period(text).is_none(), "{text}");
        }
        assert!(find_period("six months ended June 30, 2024").is_some());
        assert!(find_period("first nine months of 2024").is_some());
        assert!(find_period("revenue grew in the three months to June 30, 2024").is_some());
        assert!(find_period("between 2018 and 2019").is_some());
        let (_, year) = find_period("Three to six months, 2019").unwrap();
        assert_eq!(year, parse_period("2019", OTHER).unwrap());
    }

    const OTHER: PeriodHint = PeriodHint {
        statement: StatementKind::Other,
    };
    const INCOME: PeriodHint = PeriodHint {
        statement: StatementKind::Income,
    };
    const BAL: PeriodHint = PeriodHint {
        statement: StatementKind::Balance,
    };

    fn d(y: i16, m: i8, day: i8) -> Date {
        date(y, m, day)
    }

    fn fy(y: i16) -> Period {
        Period::fiscal_year(y)
    }

    fn year_end(y: i16) -> Period {
        Period::Instant {
            date: None,
            fy: Some(y),
        }
    }

    fn inst(y: i16, m: i8, day: i8) -> Period {
        Period::instant(d(y, m, day))
    }

    fn span(fy: Option<i16>, months: u8, start: Option<Date>, end: Date) -> Period {
        Period::Duration {
            fy,
            quarter: None,
            half: None,
            months: Some(months),
            to_quarter: None,
            start,
            end: Some(end),
        }
    }

    fn quarter(fy: Option<i16>, q: u8) -> Period {
        Period::Duration {
            fy,
            quarter: Some(q),
            half: None,
            months: Some(3),
            to_quarter: None,
            start: None,
            end: None,
        }
    }

    fn half(fy: Option<i16>, h: u8) -> Period {
        Period::Duration {
            fy,
            quarter: None,
            half: Some(h),
            months: Some(6),
            to_quarter: None,
            start: None,
            end: None,
        }
    }

    fn change(percent: bool, from: Option<Period>, to: Option<Period>) -> Period {
        Period::Change {
            percent,
            from: from.map(Box::new),
            to: to.map(Box::new),
        }
    }

    fn cal_year(y: i16) -> Period {
        span(Some(y), 12, Some(d(y, 1, 1)), d(y, 12, 31))
    }

    fn check(cases: &[(&str, PeriodHint, Option<Period>)]) {
        let mut failures = Vec::new();
        for (text, hint, want) in cases {
            let got = parse_period(text, *hint);
            if &got != want {
                failures.push(format!(
                    "{text:?} ({hint:?}):\n  got  {got:?}\n  want {want:?}"
                ));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn patterns_compile() {
        for re in [
            &FOOTNOTE,
            &MDY,
            &DMY,
            &NUMERIC_DATE,
            &BARE,
            &SPLIT,
            &FISCAL,
            &ENDED,
            &INSTANT,
            &INSTANT_YEAR,
            &QUARTER_FIRST,
            &QUARTER_YEAR_FIRST,
            &HALF_FIRST,
            &HALF_YEAR_FIRST,
            &BALANCE,
            &CHANGE_SUFFIX,
            &CHANGE_PREFIX,
            &VERSUS,
            &PERCENT_TAIL,
            &SCALE_AFTER,
        ] {
            LazyLock::force(re);
        }
    }

    #[test]
    fn bare_years() {
        check(&[
            ("2024", BAL, Some(year_end(2024))),
            ("2024", INCOME, Some(fy(2024))),
            ("2024", OTHER, Some(fy(2024))),
            ("2024 (1)", OTHER, Some(fy(2024))),
            ("2024 (1)", BAL, Some(year_end(2024))),
            ("2024(a)", OTHER, Some(fy(2024))),
            ("2024*", OTHER, Some(fy(2024))),
            ("2024 (€m)", OTHER, Some(fy(2024))),
            ("2024 ($ in thousands)", OTHER, Some(fy(2024))),
            ("2024¹", OTHER, Some(fy(2024))),
            ("  2024 ,", OTHER, Some(fy(2024))),
            ("2024 (Unaudited)", OTHER, Some(fy(2024))),
            ("2023 Restated", OTHER, Some(fy(2023))),
            ("2023 As Reported", OTHER, Some(fy(2023))),
            ("2023/24", OTHER, Some(fy(2024))),
            ("2023/24", BAL, Some(year_end(2024))),
            ("FY2023-24", BAL, Some(fy(2024))),
            ("1800", OTHER, None),
            ("2023/25", OTHER, None),
        ]);
    }

    #[test]
    fn fiscal_years() {
        for text in [
            "FY2024",
            "FY 2024",
            "FY24",
            "FY'24",
            "FY’24",
            "fy24",
            "Fiscal 2024",
            "Fiscal Year 2024",
            "fiscal year 2024",
            "FISCAL YEAR 2024",
            "2024 fiscal year",
            "2024 Fiscal",
            "Full Year 2024",
            "Fiscal\u{a0}2024",
            "Fiscal\n2024",
            "Fiscal 2024:",
        ] {
            check(&[(text, OTHER, Some(fy(2024))), (text, BAL, Some(fy(2024)))]);
        }
        check(&[
            ("FY99", OTHER, Some(fy(1999))),
            ("FY69", OTHER, Some(fy(2069))),
        ]);
    }

    #[test]
    fn years_ended() {
        for text in [
            "Year Ended December 31, 2023",
            "Years Ended December 31, 2023",
            "Year ended Dec. 31, 2023",
            "12 Months Ended Dec. 31, 2023",
            "Twelve Months Ended December 31, 2023",
            "For the year ended 31 December 2023",
            "Year ended 31 Dec 2023",
            "YEAR ENDED DECEMBER 31, 2023",
            "Year  Ended\nDecember 31 ,\u{a0}2023 (1)",
            "Fiscal Year Ended December 31, 2023",
            "12-month period ended December 31, 2023",
            "Year to 31 December 2023",
            "Year Ended December 31 2023",
            "Year ended December 31st, 2023",
            "Year ended 2023-12-31",
            "Year ended 12/31/2023",
            "Year Ended December 31, 2023 (in millions, except per share data)",
        ] {
            check(&[
                (text, OTHER, Some(cal_year(2023))),
                (text, BAL, Some(cal_year(2023))),
            ]);
        }
        check(&[
            (
                "Fiscal Year Ended June 30, 2024",
                OTHER,
                Some(span(Some(2024), 12, Some(d(2023, 7, 1)), d(2024, 6, 30))),
            ),
            (
                "Fiscal Year Ended September 28, 2024",
                OTHER,
                Some(span(Some(2024), 12, None, d(2024, 9, 28))),
            ),
            (
                "52 Weeks Ended January 28, 2024",
                OTHER,
                Some(span(Some(2024), 12, None, d(2024, 1, 28))),
            ),
            (
                "Fifty-Three Weeks Ended February 3, 2024",
                OTHER,
                Some(span(Some(2024), 12, None, d(2024, 2, 3))),
            ),
            (
                "Year Ended February 29, 2024",
                OTHER,
                Some(span(Some(2024), 12, Some(d(2023, 3, 1)), d(2024, 2, 29))),
            ),
            ("Year ended 2023", OTHER, Some(fy(2023))),
            ("Three months ended 2023", OTHER, None),
            ("Year Ended February 30, 2024", OTHER, None),
            ("Fifth Quarter Ended March 31, 2024", OTHER, None),
        ]);
    }

    #[test]
    fn shorter_spans() {
        let q1 = Some(span(None, 3, Some(d(2024, 1, 1)), d(2024, 3, 31)));
        for text in [
            "Three Months Ended March 31, 2024",
            "3 Months Ended Mar. 31, 2024",
            "Quarter Ended March 31, 2024",
            "Three months ended 31 March 2024",
            "Three-Month Period Ended March 31, 2024",
            "Fiscal Quarter Ended March 31, 2024",
            "For the three months ended March 31, 2024",
            "Second Quarter Ended March 31, 2024",
            "Fiscal First Quarter Ended March 31, 2024",
            "First Fiscal Quarter Ended March 31, 2024",
        ] {
            check(&[(text, OTHER, q1.clone()), (text, BAL, q1.clone())]);
        }
        check(&[
            (
                "Six Months Ended June 30, 2024",
                OTHER,
                Some(span(None, 6, Some(d(2024, 1, 1)), d(2024, 6, 30))),
            ),
            (
                "6 Months Ended June 30, 2024",
                OTHER,
                Some(span(None, 6, Some(d(2024, 1, 1)), d(2024, 6, 30))),
            ),
            (
                "Half-Year Ended 30 June 2024",
                OTHER,
                Some(span(None, 6, Some(d(2024, 1, 1)), d(2024, 6, 30))),
            ),
            (
                "Six months to 30 June 2024",
                OTHER,
                Some(span(None, 6, Some(d(2024, 1, 1)), d(2024, 6, 30))),
            ),
            (
                "Nine Months Ended September 30, 2024",
                OTHER,
                Some(span(None, 9, Some(d(2024, 1, 1)), d(2024, 9, 30))),
            ),
            (
                "Three Months Ended September 30, 2024",
                OTHER,
                Some(span(None, 3, Some(d(2024, 7, 1)), d(2024, 9, 30))),
            ),
            (
                "Three Months Ended March 30, 2024",
                OTHER,
                Some(span(None, 3, None, d(2024, 3, 30))),
            ),
            (
                "Twenty-Six Weeks Ended July 29, 2024",
                OTHER,
                Some(span(None, 6, None, d(2024, 7, 29))),
            ),
            (
                "Thirteen Weeks Ended April 28, 2024",
                OTHER,
                Some(span(None, 3, None, d(2024, 4, 28))),
            ),
            (
                "Twenty-\nSix Weeks Ended July 29, 2024",
                OTHER,
                Some(span(None, 6, None, d(2024, 7, 29))),
            ),
            (
                "Period Ended December 31, 2023",
                OTHER,
                Some(Period::Duration {
                    fy: None,
                    quarter: None,
                    half: None,
                    months: None,
                    to_quarter: None,
                    start: None,
                    end: Some(d(2023, 12, 31)),
                }),
            ),
        ]);
    }

    #[test]
    fn quarters_and_halves() {
        for text in [
            "Q1 2024",
            "Q1 FY2024",
            "Q1 FY24",
            "1Q24",
            "1Q 2024",
            "Q1'24",
            "Q1’24",
            "1Q FY24",
            "First Quarter 2024",
            "first quarter of fiscal 2024",
            "Q1, 2024",
            "Q1-24",
            "2024 Q1",
            "FY24 Q1",
            "Fiscal 2024 First Quarter",
            "1st Quarter 2024",
            "Q1 2024 (unaudited)",
        ] {
            check(&[(text, OTHER, Some(quarter(Some(2024), 1)))]);
        }
        check(&[
            ("Fourth quarter 2023", OTHER, Some(quarter(Some(2023), 4))),
            ("Q3 FY 2023", BAL, Some(quarter(Some(2023), 3))),
            ("Q2", OTHER, Some(quarter(None, 2))),
            ("Third Quarter", OTHER, Some(quarter(None, 3))),
            ("Q124", OTHER, None),
            ("Q5 2024", OTHER, None),
            ("24 Q1", OTHER, None),
        ]);
        for (text, fy, h) in [
            ("H1 2024", 2024, 1),
            ("1H24", 2024, 1),
            ("1H 2024", 2024, 1),
            ("H2 FY24", 2024, 2),
            ("First Half 2024", 2024, 1),
            ("second half of 2023", 2023, 2),
            ("First Half-Year 2024", 2024, 1),
            ("2024 H2", 2024, 2),
        ] {
            check(&[(text, OTHER, Some(half(Some(fy), h)))]);
        }
        check(&[("H1", OTHER, Some(half(None, 1))), ("H3 2024", OTHER, None)]);
    }

    #[test]
    fn instants() {
        for text in [
            "December 31, 2023",
            "Dec. 31, 2023",
            "Dec 31, 2023",
            "Dec 31 2023",
            "31 December 2023",
            "31 Dec 2023",
            "31-Dec-23",
            "31-Dec-2023",
            "2023-12-31",
            "12/31/2023",
            "31/12/2023",
            "31.12.2023",
            "As of December 31, 2023",
            "As at 31 December 2023",
            "at December 31, 2023",
            "Balance at December 31, 2023",
            "Balances, December 31, 2023",
            "Balance as of December 31, 2023",
            "December 31, 2023 (Restated)",
            "DECEMBER 31,\n2023",
            "December 31,  2023:",
        ] {
            check(&[
                (text, BAL, Some(inst(2023, 12, 31))),
                (text, INCOME, Some(inst(2023, 12, 31))),
            ]);
        }
        check(&[
            ("June 30, 2024", BAL, Some(inst(2024, 6, 30))),
            ("June 30, 2024", OTHER, Some(inst(2024, 6, 30))),
            ("Sept. 30, 2024", OTHER, Some(inst(2024, 9, 30))),
            ("1/2/2024", OTHER, Some(inst(2024, 1, 2))),
            ("February 29, 2024", OTHER, Some(inst(2024, 2, 29))),
            ("February 30, 2024", OTHER, None),
            ("February 29, 2023", OTHER, None),
            ("13/13/2024", OTHER, None),
            ("As of 2023", OTHER, Some(year_end(2023))),
            ("End of fiscal 2023", OTHER, Some(year_end(2023))),
            ("Year-end 2023", OTHER, Some(year_end(2023))),
            ("Balance 2023", OTHER, Some(year_end(2023))),
            ("As of December 31,", BAL, None),
            ("December 2023", OTHER, None),
        ]);
    }

    #[test]
    fn an_effect_of_change_is_no_change_column() {
        assert!(
            parse_period(
                "As of March 29, 2019 Effect of Change",
                PeriodHint::default()
            )
            .is_none_or(|p| !p.is_change())
        );
        assert_eq!(
            parse_period("Effect of Change", PeriodHint::default()),
            None
        );
        // Near miss: a change column stays one.
        assert!(parse_period("Change", PeriodHint::default()).is_some_and(|p| p.is_change()));
    }

    #[test]
    fn change_columns() {
        for text in [
            "% change",
            "% Change",
            "Change %",
            "% chg",
            "Percent change",
            "Percentage change",
            "% Var",
            "% Variance",
            "Change (%)",
            "% Inc (Dec)",
            "YoY",
            "Y/Y %",
            "% Change (1)",
            "Year Ended December 31, % Change",
            "Three Months Ended March 31, % Change",
            "Reported % change",
        ] {
            check(&[(text, OTHER, Some(change(true, None, None)))]);
        }
        for text in [
            "Change",
            "$ change",
            "$ Change",
            "Variance",
            "Increase (decrease)",
            "Increase/(Decrease)",
            "Increase (Decrease)",
            "Inc (Dec)",
            "Inc./(Dec.)",
            "(Decrease) increase",
            "Favorable (unfavorable)",
            "Favourable/(Unfavourable)",
            "Fav (Unfav)",
            "Better/(Worse)",
            "Variance B/(W)",
            "Year Ended December 31, Increase (Decrease)",
        ] {
            check(&[(text, OTHER, Some(change(false, None, None)))]);
        }
        let years = |percent| Some(change(percent, Some(fy(2023)), Some(fy(2024))));
        check(&[
            ("2024 vs 2023", OTHER, years(false)),
            ("2024 vs. 2023", OTHER, years(false)),
            ("2024 v 2023", OTHER, years(false)),
            ("2024 versus 2023", OTHER, years(false)),
            ("FY24 vs FY23", OTHER, years(false)),
            ("FY24 vs FY23", BAL, years(false)),
            ("2024 over 2023", OTHER, years(false)),
            ("2024 compared to 2023", OTHER, years(false)),
            ("2024 vs 2023 % change", OTHER, years(true)),
            ("2024 vs 2023 %", OTHER, years(true)),
            ("2024 vs 2023 (%)", OTHER, years(true)),
            ("% Change 2024 vs 2023", OTHER, years(true)),
            ("Change 2024 vs 2023", OTHER, years(false)),
            ("% Change 2024-2023", OTHER, years(true)),
            ("2024-2023 % change", OTHER, years(true)),
            ("$ Change 2024 - 2023", OTHER, years(false)),
            ("2024 vs 2023 Increase (Decrease)", OTHER, years(false)),
            (
                "2024 vs 2023",
                BAL,
                Some(change(false, Some(year_end(2023)), Some(year_end(2024)))),
            ),
            (
                "Q1 2024 vs Q1 2023",
                OTHER,
                Some(change(
                    false,
                    Some(quarter(Some(2023), 1)),
                    Some(quarter(Some(2024), 1)),
                )),
            ),
            (
                "Q1 2024 vs 2023",
                OTHER,
                Some(change(
                    false,
                    Some(quarter(Some(2023), 1)),
                    Some(quarter(Some(2024), 1)),
                )),
            ),
            (
                "Year Ended December 31, 2024 vs. 2023",
                OTHER,
                Some(change(false, Some(cal_year(2023)), Some(cal_year(2024)))),
            ),
            (
                "December 31, 2024 vs 2023",
                BAL,
                Some(change(
                    false,
                    Some(inst(2023, 12, 31)),
                    Some(inst(2024, 12, 31)),
                )),
            ),
            (
                "Fiscal Year Ended September 28, 2024 vs 2023",
                OTHER,
                Some(change(
                    false,
                    Some(Period::Duration {
                        fy: Some(2023),
                        quarter: None,
                        half: None,
                        months: Some(12),
                        to_quarter: None,
                        start: None,
                        end: None,
                    }),
                    Some(span(Some(2024), 12, None, d(2024, 9, 28))),
                )),
            ),
            (
                "Year Ended February 29, 2024 vs 2023",
                OTHER,
                Some(change(
                    false,
                    Some(span(Some(2023), 12, Some(d(2022, 3, 1)), d(2023, 2, 28))),
                    Some(span(Some(2024), 12, Some(d(2023, 3, 1)), d(2024, 2, 29))),
                )),
            ),
            (
                "2024 % change",
                OTHER,
                Some(change(true, None, Some(fy(2024)))),
            ),
            ("Actual vs Budget", OTHER, None),
            (
                "Actual vs Budget Variance",
                OTHER,
                Some(change(false, None, None)),
            ),
            ("% of revenue", OTHER, None),
            ("%", OTHER, None),
            ("Change in fair value", OTHER, None),
        ]);
        // Near miss: years ascending are a fiscal year split over two
        // calendar years, not a comparison.
        assert_ne!(parse_period("% Change 2023-2024", OTHER), years(true));
    }

    #[test]
    fn not_periods() {
        for text in [
            "",
            " ",
            "Notes",
            "Note",
            "Amount",
            "Total",
            "in millions",
            "(in thousands)",
            "($ in millions)",
            "Revenue",
            "1,234",
            "2,024",
            "12.5",
            "Year Ended December 31,",
            "Three Months Ended",
            "Three Months Ended March 31,",
            "Revenue 2024",
            "24",
            "(1)",
            "*",
            "Q",
            "FY",
            "May",
            "20245",
            "2024.5",
            "$2024",
        ] {
            check(&[(text, OTHER, None), (text, BAL, None)]);
        }
    }

    fn find_cases(cases: &[(&str, Option<(&str, Period)>)]) {
        let mut failures = Vec::new();
        for (text, want) in cases {
            let got = find_period(text);
            let want = want.as_ref().map(|(needle, p)| {
                let start = text.find(needle).unwrap();
                (start..start + needle.len(), p.clone())
            });
            if got != want {
                failures.push(format!("{text:?}:\n  got  {got:?}\n  want {want:?}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn a_fiscal_year_with_its_dated_span_in_parentheses_is_that_span() {
        let dated = parse_period("year ended January 26, 2025", PeriodHint::default());
        assert!(matches!(dated, Some(Period::Duration { end: Some(_), .. })));
        for text in [
            "Revenue, fiscal year 2025 (ended Jan 26, 2025)",
            "revenue for fiscal year 2025 (the year ended January 26, 2025) was",
            "Revenue, FY2025 (year ended January 26, 2025)",
        ] {
            let (_, period) = find_period(text).unwrap();
            assert_eq!(Some(period), dated.clone(), "{text}");
        }
        let text = "Revenue, fiscal year 2025 (ended Jan 26, 2025) grew";
        let (range, _) = find_period(text).unwrap();
        assert_eq!(
            text.get(range),
            Some("fiscal year 2025 (ended Jan 26, 2025)")
        );
        // Near misses: a date of another year, and a parenthesis that is
        // no span, leave the fiscal year.
        assert!(!matches!(
            find_period("Revenue, fiscal 2025 (ended Jan 28, 2024)"),
            Some((_, Period::Duration { end: Some(_), .. }))
        ));
        assert_eq!(
            find_period("Revenue, fiscal 2025 (restated)").map(|(_, p)| p),
            Some(fy(2025))
        );
    }

    #[test]
    fn a_possessive_before_fiscal_and_a_month_s_quarter() {
        let nine = parse_period("first nine months of fiscal 2025", PeriodHint::default());
        assert!(nine.is_some());
        for text in [
            "R&D totaled $25.7 billion over the first nine months of Apple's fiscal 2025.",
            "R&D over the first nine months of the company's fiscal 2025",
            "R&D over the first nine months of its fiscal 2025",
        ] {
            assert_eq!(find_period(text).map(|(_, p)| p), nine, "{text}");
        }
        let (range, _) = find_period("over the first nine months of Apple's fiscal 2025.").unwrap();
        assert_eq!(range, 5..49);
        // "Apple's fiscal 2025" alone is the year; "apples fiscal" no possessive.
        assert_eq!(
            find_period("Apple's fiscal 2025 revenue").map(|(_, p)| p),
            Some(fy(2025))
        );
        // The quarter ending in June 2025 is no fiscal year 2025.
        let june = Period::Duration {
            fy: None,
            quarter: None,
            half: None,
            months: Some(3),
            to_quarter: None,
            start: None,
            end: Some(d(2025, 6, 30)),
        };
        assert_eq!(
            find_period("Services revenue in the June 2025 quarter").map(|(_, p)| p),
            Some(june)
        );
        assert_eq!(
            find_period("Services revenue in the June-quarter 2025").map(|(_, p)| p),
            Some(fy(2025))
        );
        assert_eq!(
            find_period("Services revenue in June 2025").map(|(_, p)| p),
            Some(fy(2025))
        );
        assert_eq!(
            find_period("Services revenue, 2025 quarter").map(|(_, p)| p),
            Some(fy(2025))
        );
    }

    #[test]
    fn find_in_text() {
        find_cases(&[
            ("Revenue, FY2023", Some(("FY2023", fy(2023)))),
            ("2023 net sales", Some(("2023", fy(2023)))),
            (
                "cost of revenue for the year ended Dec 31, 2022",
                Some(("for the year ended Dec 31, 2022", cal_year(2022))),
            ),
            ("Q1 2024 revenue", Some(("Q1 2024", quarter(Some(2024), 1)))),
            (
                "net income in fiscal 2024",
                Some(("in fiscal 2024", fy(2024))),
            ),
            (
                "total assets at December 31, 2023",
                Some(("at December 31, 2023", inst(2023, 12, 31))),
            ),
            (
                "as of June 30, 2024",
                Some(("as of June 30, 2024", inst(2024, 6, 30))),
            ),
            (
                "EPS for the three months ended March 31, 2024",
                Some((
                    "for the three months ended March 31, 2024",
                    span(None, 3, Some(d(2024, 1, 1)), d(2024, 3, 31)),
                )),
            ),
            ("Gross margin, FY24", Some(("FY24", fy(2024)))),
            (
                "revenue growth 2024 vs 2023",
                Some((
                    "2024 vs 2023",
                    change(false, Some(fy(2023)), Some(fy(2024))),
                )),
            ),
            (
                "Revenue (Q3 FY24)",
                Some(("Q3 FY24", quarter(Some(2024), 3))),
            ),
            (
                "Revenue,\u{a0}FY\u{a0}2023",
                Some(("FY\u{a0}2023", fy(2023))),
            ),
            ("FY2023 revenue vs. prior year", Some(("FY2023", fy(2023)))),
            (
                "revenue in the first half of 2024",
                Some(("in the first half of 2024", half(Some(2024), 1))),
            ),
            // A range of two dates names no one period; other words may.
            ("November 25, 2024 - December 22, 2024", None),
            ("October 28, 2024 \u{2013} November 24, 2024", None),
            (
                "Revenue, fiscal 2025 (January 29, 2024 - January 26, 2025)",
                Some(("fiscal 2025", fy(2025))),
            ),
            (
                "First-half 2025 revenue totaled $42.2 billion",
                Some(("First-half 2025", half(Some(2025), 1))),
            ),
            // An amount's decimals are no year of a year to date: the span
            // is the year written before it.
            (
                "Year-to-date diluted EPS through June 2025 was $6.82",
                Some((
                    "Year-to-date diluted EPS through June 2025",
                    Period::Duration {
                        fy: Some(2025),
                        quarter: None,
                        half: None,
                        months: None,
                        to_quarter: Some(0),
                        start: None,
                        end: None,
                    },
                )),
            ),
            ("Revenue 2023 and 2022", Some(("2023", fy(2023)))),
            (
                "Operating income for 2023 (see note 4 for 2022)",
                Some(("for 2023", fy(2023))),
            ),
            (
                "NET INCOME IN FISCAL 2024",
                Some(("IN FISCAL 2024", fy(2024))),
            ),
            ("revenue of 2,023", None),
            ("4,2024", None),
            ("12,024", None),
            ("$2024 million", None),
            ("ISO 9001:2015 certified", None),
            ("revenue of $ 2024", None),
            ("revenue of 2024 million", None),
            ("growth of 2024%", None),
            ("2024.5 units", None),
            ("revenue", None),
            ("", None),
            ("Note 12", None),
            ("change in revenue", None),
        ]);
    }

    #[test]
    fn find_ranges_are_in_the_original_text() {
        // Multi-byte characters before and inside the match.
        let text = "Überschuss für FY’24 (€)";
        let (range, period) = find_period(text).unwrap();
        assert_eq!(text.get(range), Some("FY’24"));
        assert_eq!(period, fy(2024));
        let text = "İİİ revenue Q1\u{a0}2024";
        let (range, _) = find_period(text).unwrap();
        assert_eq!(text.get(range), Some("Q1\u{a0}2024"));
    }

    const MONTHS: [&str; 12] = super::MONTH_NAMES;

    fn valid_date() -> impl Strategy<Value = Date> {
        (1950i16..=2099, 1i8..=12, 1i8..=31)
            .prop_filter_map("valid date", |(y, m, day)| Date::new(y, m, day).ok())
    }

    fn month_name(m: i8, short: bool) -> String {
        let name = MONTHS[usize::try_from(m - 1).unwrap()];
        if short {
            format!("{}.", &name[..3])
        } else {
            name.to_string()
        }
    }

    proptest! {
        #[test]
        fn never_panics(text in "\\PC{0,60}") {
            let _ = parse_period(&text, OTHER);
            let _ = parse_period(&text, BAL);
            if let Some((range, _)) = find_period(&text) {
                prop_assert!(text.get(range).is_some());
            }
        }

        #[test]
        fn the_prefilters_pass_every_text_their_patterns_match(
            text in "(revenue|net|2024|31|dec| |,|\\(1\\)|\\(a\\)|\\[2\\]|\\(in millions\\)|\\(\\$ m\\)|unaudited|as restated|recast|as revised|as adjusted|as reported|2 0 2 4|1 9 9 9){0,8}"
        ) {
            if FOOTNOTE.is_match(&text) {
                prop_assert!(may_hold_footnote(&text), "{text:?}");
            }
            if SPACED_YEAR.is_match(&text) {
                prop_assert!(digits_spaced(&text), "{text:?}");
            }
        }

        #[test]
        fn never_panics_on_near_misses(text in "[0-9a-z ,.'%$()/-]{0,40}( (fy|q[1-4]|[0-9]{4}|dec 31,|year ended|vs)){0,4}") {
            let _ = parse_period(&text, OTHER);
            if let Some((range, _)) = find_period(&text) {
                prop_assert!(text.get(range).is_some());
            }
        }

        #[test]
        fn dates_read_as_instants(date in valid_date(), short in any::<bool>(), hint_bal in any::<bool>()) {
            let hint = if hint_bal { BAL } else { OTHER };
            let name = month_name(date.month(), short);
            let (y, day) = (date.year(), date.day());
            prop_assert_eq!(parse_period(&format!("{name} {day}, {y}"), hint), Some(Period::instant(date)));
            prop_assert_eq!(parse_period(&format!("{day} {name} {y}"), hint), Some(Period::instant(date)));
            prop_assert_eq!(parse_period(&format!("As of {name} {day}, {y}"), hint), Some(Period::instant(date)));
            prop_assert_eq!(parse_period(&date.to_string(), hint), Some(Period::instant(date)));
        }

        #[test]
        fn years_ended_read_as_twelve_months(y in 1950i16..=2099, m in 1i8..=12, short in any::<bool>()) {
            let end = Date::new(y, m, 1).unwrap().last_of_month();
            let start = if m == 12 {
                Date::new(y, 1, 1).unwrap()
            } else {
                Date::new(y - 1, m + 1, 1).unwrap()
            };
            let (name, last) = (month_name(m, short), end.day());
            let want = Some(span(Some(y), 12, Some(start), end));
            prop_assert_eq!(parse_period(&format!("Year Ended {name} {last}, {y}"), OTHER), want.clone());
            // A stacked header: "Fiscal Year Ended June 30," over "2024".
            prop_assert_eq!(parse_period(&format!("Fiscal Year Ended {name} {last}, {y}"), BAL), want.clone());
            prop_assert_eq!(parse_period(&format!("For the year ended {last} {name} {y}"), INCOME), want);
        }

        #[test]
        fn found_text_reads_back(prefix in "[a-z ,]{0,12}", pick in 0usize..8, suffix in "[a-z ,]{0,12}") {
            // A scale word right after a number makes it an amount ("2023 m").
            prop_assume!(!SCALE_AFTER.is_match(&format!(" {}", suffix.trim_start())));
            let headers = [
                "FY2023", "Q1 2024", "December 31, 2023", "for the year ended Dec. 31, 2022",
                "2023", "1H24", "as of June 30, 2024", "2024 vs 2023",
            ];
            let header = headers[pick];
            let text = format!("{prefix} {header} {suffix}");
            let (range, period) = find_period(&text).unwrap();
            let found = text.get(range).unwrap();
            prop_assert!(found.contains(header.trim_start_matches("for the ").trim_start_matches("as of ")) || header.contains(found));
            prop_assert_eq!(parse_period(found, OTHER), Some(period));
        }
    }
}
#[cfg(test)]
mod dated_fiscal_tests {
    use super::*;
    #[test]
    fn a_fiscal_year_with_its_dated_span_is_the_span() {
        let p = parse_period(
            "Fiscal 2024 (52 weeks ended September 28, 2024)",
            PeriodHint::default(),
        );
        let Some(Period::Duration { end, fy, .. }) = p else {
            panic!("{p:?}");
        };
        assert_eq!(fy, Some(2024));
        assert_eq!(end.map(|d| d.to_string()), Some("2024-09-28".to_string()));
    }
}

#[cfg(test)]
mod company_names {
    use super::*;

    #[test]
    fn a_company_named_3m_before_a_year_is_no_three_months() {
        let (at, period) = find_period("Net income attributable to 3M, FY2018").unwrap();
        assert_eq!(period, Period::fiscal_year(2018));
        assert_eq!(at.start, "Net income attributable to 3M, ".len());
        // Near misses: "3M" against its year is three months.
        let three = parse_period("three months 2024", PeriodHint::default());
        assert!(three.is_some());
        assert_eq!(find_period("Revenue, 3M 2024").map(|(_, p)| p), three);
        assert!(parse_period("9M24", PeriodHint::default()).is_some());
    }
}
