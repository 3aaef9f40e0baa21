//! Periods a header block's columns take from beyond their own headers: a
//! title line's span ("Nine Months Ended September 30,") over bare years,
//! a lead-in's span ("for the fiscal six months") over dates, change
//! columns dated by the two periods they compare, and the columns of a
//! table titled a change of sales.

use crate::model::{ColumnInfo, Period, StatementKind};
use crate::period::{MONTH_NAMES, PeriodHint, parse_period};

/// A title line naming a span without its year ("Nine Months Ended
/// September 30,") over columns headed by bare years ("2024", "2023"): each
/// column is that span in its year. Only a title line that is no period by
/// itself and becomes one with the year is used.
pub(super) fn apply_title_span(
    columns: &mut [Option<(ColumnInfo, bool)>],
    title: &[String],
    hint: PeriodHint,
) {
    let spans: Vec<&str> = title
        .iter()
        .map(String::as_str)
        .filter(|t| {
            let lower = t.to_lowercase();
            (lower.contains("ended") || lower.contains("ending") || lower.contains("as of"))
                && parse_period(t, hint).is_none()
        })
        .collect();
    let Some(span) = spans.first() else {
        apply_lead_in_span(columns, title, hint);
        return;
    };
    for (info, _) in columns.iter_mut().flatten() {
        // A column headed by a full date under a span with none ("Millions,
        // except ratios for the trailing twelve months ended" over "Jun.
        // 30, 2025", Union Pacific's adjusted EBITDA): that span, ending on
        // the date. Not in a balance sheet, whose dates are balances.
        if let Some(Period::Instant { date: Some(d), .. }) = &info.period {
            if hint.statement != StatementKind::Balance
                && let Some(p) = span_to_date(span, *d, hint)
            {
                info.balance_at = info.period.replace(p);
            }
            continue;
        }
        let year = match &info.period {
            Some(Period::Duration {
                fy: Some(y),
                months: Some(12),
                quarter: None,
                half: None,
                to_quarter: None,
                start: None,
                end: None,
            }) => *y,
            Some(Period::Instant {
                date: None,
                fy: Some(y),
            }) => *y,
            _ => continue,
        };
        if let Some(p) = span_in_year(span, year, hint) {
            info.period = Some(p);
        }
    }
}

/// A title line (an HTML table's lead-in sentence is one) naming a span
/// with no date of its own after "for the" ("Income before tax by segment
/// of business for the fiscal six months were as follows:", J&J's 10-Q)
/// over columns headed by full dates of one month ("June 29, 2025 | June
/// 30, 2024"): each column is that span ending on its date, not the
/// balance at it. Only when every dated column is such a date, and the
/// table is no balance sheet: "maturities of three months or less" or "the
/// next twelve months" of a balance note are no span of its columns.
fn apply_lead_in_span(
    columns: &mut [Option<(ColumnInfo, bool)>],
    title: &[String],
    hint: PeriodHint,
) {
    if hint.statement == StatementKind::Balance {
        return;
    }
    let Some(span) = title.iter().find_map(|t| span_words(t)) else {
        return;
    };
    let dated = |info: &ColumnInfo| match &info.period {
        Some(Period::Instant { date: Some(d), .. }) => Some(*d),
        _ => None,
    };
    let mut month = None;
    for (info, _) in columns.iter().flatten() {
        match &info.period {
            Some(Period::Instant { date: Some(d), .. }) => {
                if month.is_some_and(|m| m != d.month()) {
                    return;
                }
                month = Some(d.month());
            }
            Some(Period::Change { .. }) | None => {}
            Some(_) => return,
        }
    }
    if month.is_none() {
        return;
    }
    for (info, _) in columns.iter_mut().flatten() {
        let Some(date) = dated(info) else { continue };
        let text = format!("{span} ended {}", written_date(date));
        if let Some(p @ Period::Duration { .. }) = parse_period(&text, hint) {
            info.period = Some(p);
        }
    }
}

/// The span a line names without a date after "for the": "(fiscal) three
/// / six / nine / twelve months", "(fiscal) first … fourth quarter(s)",
/// "twenty-six weeks"; `None` when the line names none, or says "ended",
/// "ending" or "as of" (a span with its date is read whole).
pub(super) fn span_words(line: &str) -> Option<String> {
    let lower = line.to_lowercase();
    if lower.contains("ended") || lower.contains("ending") || lower.contains("as of") {
        return None;
    }
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(2).enumerate().find_map(|(i, pair)| {
        let [count, unit] = pair else { return None };
        let unit = unit.trim_end_matches('s');
        let counts: &[&str] = match unit {
            "month" => &["three", "six", "nine", "twelve"],
            "quarter" => &["first", "second", "third", "fourth"],
            "week" => &["thirteen", "twenty-six", "thirty-nine", "fifty-two"],
            _ => return None,
        };
        if !counts.contains(count) {
            return None;
        }
        let fiscal = i > 0 && words.get(i - 1) == Some(&"fiscal");
        // "for the (fiscal) six months": the span the table is of.
        let before = if fiscal { i.checked_sub(1)? } else { i };
        let for_the = before >= 2
            && words.get(before - 2) == Some(&"for")
            && words.get(before - 1) == Some(&"the");
        if !for_the {
            return None;
        }
        Some(format!(
            "{}{count} {unit}{}",
            if fiscal { "fiscal " } else { "" },
            if unit == "quarter" { "" } else { "s" }
        ))
    })
}

/// A quarter dated by its last day, beside the year to date that ends on
/// the same day (Pfizer's "Three Months Ended July 2, 2023" beside "Six
/// Months Ended July 2, 2023"), is the quarter that year to date runs
/// through: the second. The calendar month its date falls in does not say
/// so for a year closed on the weekend nearest its end (July 2 is in the
/// calendar's third quarter) or for a fiscal year ending in another month.
pub(super) fn quarters_from_year_to_date(columns: &mut [Option<(ColumnInfo, bool)>]) {
    let year_to_date: Vec<(jiff::civil::Date, u8)> = columns
        .iter()
        .flatten()
        .filter_map(|(info, _)| match &info.period {
            Some(Period::Duration {
                months: Some(m @ (6 | 9 | 12)),
                end: Some(end),
                ..
            }) => Some((*end, *m)),
            _ => None,
        })
        .collect();
    for (info, _) in columns.iter_mut().flatten() {
        let Some(Period::Duration {
            months: Some(3),
            quarter: quarter @ None,
            end: Some(end),
            ..
        }) = &mut info.period
        else {
            continue;
        };
        let mut lengths = year_to_date
            .iter()
            .filter(|(e, _)| e == end)
            .map(|(_, m)| *m);
        if let Some(m) = lengths.next()
            && lengths.all(|other| other == m)
        {
            *quarter = Some(m / 3);
        }
    }
}

/// A change column whose header names no periods ("% change" beside
/// "2024 | 2023") compares the two periods the other columns of its header
/// block hold: when there are exactly two, of one kind and length, it runs
/// from the earlier to the later. With three years (or one) it is left
/// undated: which two it compares is not printed.
pub(super) fn date_change_columns(columns: &mut [Option<(ColumnInfo, bool)>]) {
    let mut periods: Vec<&Period> = Vec::new();
    for (info, _) in columns.iter().flatten() {
        if let Some(p @ (Period::Duration { .. } | Period::Instant { .. })) = &info.period
            && !periods.contains(&p)
        {
            periods.push(p);
        }
    }
    let [a, b] = periods.as_slice() else {
        if periods.len() > 2 {
            date_changes_between(columns);
        }
        return;
    };
    let Some((from, to)) = in_order(a, b) else {
        return;
    };
    let (from, to) = (Box::new(from.clone()), Box::new(to.clone()));
    for (info, _) in columns.iter_mut().flatten() {
        if let Some(Period::Change {
            from: f @ None,
            to: t @ None,
            ..
        }) = &mut info.period
        {
            *f = Some(from.clone());
            *t = Some(to.clone());
        }
    }
}

/// Two periods of one kind and length, earlier first; `None` when they are
/// of different kinds or lengths, or which is earlier is not known.
fn in_order<'p>(a: &'p Period, b: &'p Period) -> Option<(&'p Period, &'p Period)> {
    let key = |p: &Period| match p {
        Period::Duration { months, end, .. } => (0u8, *months, *end, p.year()),
        Period::Instant { date, .. } => (1u8, None, *date, p.year()),
        Period::Change { .. } => (2u8, None, None, None),
    };
    let ((kind_a, months_a, end_a, year_a), (kind_b, months_b, end_b, year_b)) = (key(a), key(b));
    if kind_a != kind_b || kind_a == 2 || months_a != months_b {
        return None;
    }
    let a_first = match (end_a, end_b, year_a, year_b) {
        (Some(x), Some(y), ..) if x != y => x < y,
        (_, _, Some(x), Some(y)) if x != y => x < y,
        _ => return None,
    };
    Some(if a_first { (a, b) } else { (b, a) })
}

/// Undated change columns each printed between the two periods it
/// compares (Apple's "2024 | Change | 2023 | Change | 2022"): when the
/// header block's dated columns alternate, a period, a change, a period, …,
/// ending on a period, each change runs from the earlier of its two
/// neighbours to the later. Any other order ("2024 | 2023 | 2022 | %
/// change | % change") leaves them undated.
fn date_changes_between(columns: &mut [Option<(ColumnInfo, bool)>]) {
    // The dated columns in order: a period, or an undated change (`None`).
    let mut order: Vec<(usize, Option<Period>)> = Vec::new();
    for (c, column) in columns.iter().enumerate() {
        match column.as_ref().and_then(|(info, _)| info.period.as_ref()) {
            Some(p @ (Period::Duration { .. } | Period::Instant { .. })) => {
                order.push((c, Some(p.clone())));
            }
            Some(Period::Change {
                from: None,
                to: None,
                ..
            }) => order.push((c, None)),
            Some(Period::Change { .. }) => return,
            None => {}
        }
    }
    let alternates = order.len() >= 3
        && order.len() % 2 == 1
        && order
            .iter()
            .enumerate()
            .all(|(i, (_, p))| p.is_some() == (i % 2 == 0));
    if !alternates {
        pairs_before(columns, &order);
        return;
    }
    for pair in order.windows(3).step_by(2) {
        let [(_, Some(left)), (c, None), (_, Some(right))] = pair else {
            continue;
        };
        let Some((from, to)) = in_order(left, right) else {
            continue;
        };
        date_change(columns, *c, from, to);
    }
}

/// Dates the change column `c` from `from` to `to`.
fn date_change(columns: &mut [Option<(ColumnInfo, bool)>], c: usize, from: &Period, to: &Period) {
    if let Some(Some((info, _))) = columns.get_mut(c)
        && let Some(Period::Change { from: f, to: t, .. }) = &mut info.period
    {
        *f = Some(Box::new(from.clone()));
        *t = Some(Box::new(to.clone()));
    }
}

/// Undated change columns each printed after the two periods it compares
/// (JPMorgan's "Three months: 2023 | 2022 | Change, Six months: 2023 |
/// 2022 | Change"): when every change follows exactly two dated columns of
/// one kind and length since the change before it, each runs from the
/// earlier of its two to the later. Changes printed side by side after
/// one pair (Tesla's "2025 | 2024 | Change $ | Change %") each compare
/// that pair.
fn pairs_before(columns: &mut [Option<(ColumnInfo, bool)>], order: &[(usize, Option<Period>)]) {
    let mut dated: Vec<&Period> = Vec::new();
    let mut found: Vec<(usize, &Period, &Period)> = Vec::new();
    // The pair the change just before compares, while changes follow it.
    let mut last: Option<(&Period, &Period)> = None;
    for (c, period) in order {
        match period {
            Some(p) => {
                dated.push(p);
                last = None;
            }
            None => {
                let (from, to) = match (dated.as_slice(), last) {
                    ([a, b], _) => match in_order(a, b) {
                        Some(pair) => pair,
                        None => return,
                    },
                    ([], Some(pair)) => pair,
                    _ => return,
                };
                found.push((*c, from, to));
                last = Some((from, to));
                dated.clear();
            }
        }
    }
    if found.len() < 2 || !dated.is_empty() {
        return;
    }
    for (c, from, to) in found {
        date_change(columns, c, from, to);
    }
}

/// A table whose title names a change of sales ("Worldwide Sales Change /
/// By Business Segment" over "Organic sales | Acquisitions | Translation",
/// "Net Revenue Change"): its columns are the parts of that change, so a
/// column dated by a duration ("Year ended December 31, 2022") holds the
/// change over that duration, not an amount of it. The change's start is
/// not printed and stays unknown; a column whose cells print "%" is a
/// percentage change. "Changes in Equity" (plural, "in") is no such title.
pub(super) fn title_change_columns<'a>(
    columns: &mut [Option<(ColumnInfo, bool)>],
    mut title: impl Iterator<Item = &'a String>,
    percent_cols: &[bool],
) {
    if !title.any(|t| names_sales_change(t)) {
        return;
    }
    let mut ends: Vec<Period> = Vec::new();
    for (c, column) in columns.iter_mut().enumerate() {
        let Some((info, _)) = column else { continue };
        if let Some(p @ Period::Duration { .. }) = &info.period {
            if !ends.contains(p) {
                ends.push(p.clone());
            }
            info.period = Some(Period::Change {
                percent: percent_cols.get(c).copied().unwrap_or(false),
                from: None,
                to: Some(Box::new(p.clone())),
            });
        }
    }
    // A column of the change that prints no year of its own ("Total sales
    // change" beside "Year ended December 31, 2022" over "Organic sales")
    // is of the table's one year.
    if let [end] = ends.as_slice() {
        for (info, _) in columns.iter_mut().flatten() {
            if let Some(Period::Change {
                from: None,
                to: to @ None,
                ..
            }) = &mut info.period
            {
                *to = Some(Box::new(end.clone()));
            }
        }
    }
}

/// A title naming a change of sales or revenue: the word "change" (not
/// "changes") right after "sales", "revenue" or "revenues", and not
/// followed by "in".
pub(super) fn names_sales_change(title: &str) -> bool {
    let lower = title.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(2).enumerate().any(|(i, pair)| {
        matches!(pair, [m, "change"] if matches!(*m, "sales" | "revenue" | "revenues"))
            && words.get(i + 2) != Some(&"in")
    })
}

/// A span title line read in one year: the whole line, else the longest
/// tail of it that names the span, so that a stub which opens with its unit
/// ("Millions, except per share amounts, for the three months ended June
/// 30,") still dates its columns. A tail must keep its span word ("ended",
/// "ending", "as of"): the bare "June 30," of a span is not an instant.
/// Tails are at most [`SPAN_TAIL_WORDS`] words, so a long line costs a
/// bounded number of reads.
fn span_in_year(span: &str, year: i16, hint: PeriodHint) -> Option<Period> {
    let span = span.trim().trim_end_matches(',');
    let words: Vec<&str> = span.split_whitespace().collect();
    let shortest_start = words.len().saturating_sub(SPAN_TAIL_WORDS).max(1);
    std::iter::once(0)
        .chain(shortest_start..words.len())
        .find_map(|start| {
            let tail = words.get(start..)?.join(" ");
            let lower = tail.to_lowercase();
            if start > 0
                && !(lower.contains("ended") || lower.contains("ending") || lower.contains("as of"))
            {
                return None;
            }
            let tail = tail.trim_start_matches([',', ';']);
            parse_period(&format!("{tail}, {year}"), hint)
                .or_else(|| parse_period(&format!("{tail} {year}"), hint))
        })
}

/// A span title line that names a length and no date ("… for the trailing
/// twelve months ended [1]") read as ending on `date`: a duration, or
/// `None`. Footnote marks after it are dropped.
fn span_to_date(span: &str, date: jiff::civil::Date, hint: PeriodHint) -> Option<Period> {
    let mut span = span.trim().trim_end_matches(',').trim_end();
    // A footnote mark after it: "[1]", "(1)".
    for (open, close) in [('[', ']'), ('(', ')')] {
        if let Some(rest) = span.strip_suffix(close)
            && let Some((before, mark)) = rest.rsplit_once(open)
            && !mark.is_empty()
            && mark
                .chars()
                .all(|c| c.is_ascii_digit() || c.is_ascii_lowercase())
            && mark.len() <= 2
        {
            span = before.trim_end().trim_end_matches(',').trim_end();
        }
    }
    // The span must end on its "ended": a date after it is its own.
    let lower = span.to_lowercase();
    if !lower.ends_with("months ended") && !lower.ends_with("weeks ended") {
        return None;
    }
    let date = written_date(date);
    let words: Vec<&str> = span.split_whitespace().collect();
    let shortest_start = words.len().saturating_sub(SPAN_TAIL_WORDS);
    (shortest_start..words.len()).find_map(|start| {
        let tail = words.get(start..)?.join(" ");
        let tail = tail.trim_start_matches([',', ';']);
        let text = format!("{tail} {date}");
        match parse_period(&text, hint) {
            Some(p @ Period::Duration { .. }) => Some(p),
            _ => None,
        }
    })
}

/// A date as a header writes it, for the period grammar to read after a
/// span's words: "July 2, 2023".
fn written_date(date: jiff::civil::Date) -> String {
    let month = MONTH_NAMES
        .get(usize::try_from(date.month()).unwrap_or(0).saturating_sub(1))
        .copied()
        .unwrap_or("");
    format!("{month} {}, {}", date.day(), date.year())
}

/// The most words a span tail of a title line has ("for the twenty-six
/// weeks ended December 31," is seven).
const SPAN_TAIL_WORDS: usize = 12;
