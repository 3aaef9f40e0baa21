//! Periods a row gives its cells, beyond its column's: an opening or
//! closing balance row ("Cash at beginning of year", "ending balances") is
//! the instant its column's span starts or ends; in a table whose columns
//! name no period (an equity statement, a roll-forward by component), a row
//! dated in its label ("Balance at June 30, 2024") is that instant and the
//! rows between two dated balances are the span between them.
//!
//! A cell's period lives in its column's [`ColumnInfo`]; a row that changes
//! it points its cells at a column of its own — the same header text, the
//! row's period — so every reader of [`crate::model::Cell::period`] sees it.

use std::collections::HashMap;

use jiff::ToSpan;
use jiff::civil::Date;

use crate::model::{CellRecord, ColumnInfo, Period, Table};
use crate::period::find_period;
use crate::vocab::lexicon::{Lexicon, words};
use crate::vocab::{PeriodType, Vocab};

/// Applies row periods to a labeled table.
pub fn apply(table: &mut Table) {
    let lex = Lexicon::builtin();
    let edges: Vec<Option<bool>> = table
        .rows
        .iter()
        .map(|row| {
            let all = words(row.label.as_deref().unwrap_or(""));
            let plain: Vec<&str> = all.iter().map(|w| w.text.as_str()).collect();
            lex.edges_in(&plain)
                .first()
                .map(|f| f.entry)
                .or_else(|| adjusts_opening(row.label.as_deref().unwrap_or("")).then_some(true))
        })
        .collect();
    let dated: Vec<Option<Period>> = table
        .rows
        .iter()
        .map(|row| {
            row.label
                .as_deref()
                .and_then(find_period)
                .map(|(_, p)| p)
                .filter(|p| matches!(p, Period::Instant { date: Some(_), .. }))
        })
        .collect();
    let month_days: Vec<Option<(i8, i8)>> = table
        .rows
        .iter()
        .enumerate()
        .map(|(r, row)| {
            if dated.get(r).is_some_and(Option::is_some) {
                return None;
            }
            row.label.as_deref().and_then(month_day_of)
        })
        .collect();
    // Rows reconciled to the balance sheet inside a statement of spans
    // ("Reconciliation of cash … to the Statement of Financial Position:")
    // are balances: the closing instant.
    let edges: Vec<Option<bool>> = edges
        .into_iter()
        .zip(&table.rows)
        .map(|(edge, row)| edge.or_else(|| in_balance_section(&row.section).then_some(false)))
        .collect();
    let columns_dated = table.columns.iter().any(|c| c.period.is_some());
    let spans = if columns_dated {
        vec![None; table.rows.len()]
    } else {
        spans_between(&dated)
    };
    // (column, row's period) → the column of that period.
    let mut derived: HashMap<(u32, Period), u32> = HashMap::new();
    let mut records = std::mem::take(&mut table.records);
    for record in &mut records {
        let row = record.row as usize;
        let column = table.columns.get(record.column as usize);
        let own = column.and_then(|c| c.period.as_ref());
        let period = match (own, edges.get(row).copied().flatten()) {
            // "Outstanding at 1 April" in the 2019 column: April 1, 2019.
            (Some(p), _) if month_days.get(row).copied().flatten().is_some() => {
                let (m, d) = month_days.get(row).copied().flatten().unwrap_or((1, 1));
                p.year()
                    .and_then(|y| Date::new(y, m, d).ok())
                    .map(Period::instant)
            }
            (Some(p), Some(opening)) => edge_of(p, opening),
            (Some(_), None) => None,
            (None, _) => dated
                .get(row)
                .cloned()
                .flatten()
                .or_else(|| spans.get(row).cloned().flatten()),
        };
        let Some(period) = period else { continue };
        if own == Some(&period) {
            continue;
        }
        record.column = derived_column(&mut table.columns, &mut derived, record.column, period);
    }
    table.records = records;
}

/// The column of `period` derived from column `column` (its header text,
/// another period), made on first use.
fn derived_column(
    columns: &mut Vec<ColumnInfo>,
    derived: &mut HashMap<(u32, Period), u32>,
    column: u32,
    period: Period,
) -> u32 {
    let key = (column, period.clone());
    if let Some(at) = derived.get(&key) {
        return *at;
    }
    let from = columns.get(column as usize);
    let info = ColumnInfo {
        label: from.and_then(|c| c.label.clone()),
        period: Some(period),
        measure: from.and_then(|c| c.measure),
        basis_points: from.is_some_and(|c| c.basis_points),
        balance_at: None,
        year_from_date: false,
        unit: from.and_then(|c| c.unit.clone()),
    };
    let at = u32::try_from(columns.len()).unwrap_or(CellRecord::NONE);
    columns.push(info);
    derived.insert(key, at);
    at
}

/// Rows that are no flow in a column a title made a span ending on its
/// header's date (see [`ColumnInfo::balance_at`]): their cells are at that
/// date. Union Pacific's "Debt" beside "Adjusted EBITDA" under "… for the
/// trailing twelve months ended" over "Jun. 30, 2025" is the balance at
/// June 30; only a row whose concept is a flow is the twelve months'. A
/// ratio ("Debt / net income") is stated at the date, as the filer states it.
pub fn balances_at_header_dates(table: &mut Table, vocab: &Vocab) {
    if table.columns.iter().all(|c| c.balance_at.is_none()) {
        return;
    }
    let mut derived: HashMap<(u32, Period), u32> = HashMap::new();
    let mut records = std::mem::take(&mut table.records);
    let balance_sheet = table.statement == crate::model::StatementKind::Balance;
    for record in &mut records {
        let Some((at, year_from_date)) = table
            .columns
            .get(record.column as usize)
            .and_then(|c| c.balance_at.clone().map(|at| (at, c.year_from_date)))
        else {
            continue;
        };
        let period_type = table
            .rows
            .get(record.row as usize)
            .and_then(|r| r.concept.as_ref())
            .and_then(|c| vocab.info(c.as_str()))
            .map(|i| i.period_type);
        // A year read from its year-end date keeps every row that is not
        // known to be a balance: a row with no concept is the year's, not
        // the day's (a day would let any span ending on it pass).
        let at_the_date = if year_from_date {
            balance_sheet || period_type == Some(PeriodType::Instant)
        } else {
            period_type != Some(PeriodType::Duration)
        };
        if at_the_date {
            record.column = derived_column(&mut table.columns, &mut derived, record.column, at);
        }
    }
    table.records = records;
}

/// An adjustment of an opening balance, reported in the span but dated at
/// its opening (as US GAAP tags it): "Cumulative effect of change in
/// accounting principle", "Cumulative effect of adoption of ASU 2016-02",
/// "Adoption of new accounting standards".
pub(crate) fn adjusts_opening(label: &str) -> bool {
    let l = label.to_lowercase();
    let accounting = l.contains("accounting") || l.contains("asu ") || l.contains("standard");
    (l.contains("cumulative effect") && (accounting || l.contains("adoption")))
        || (l.trim_start().starts_with("adoption of") && accounting)
}

/// A section whose caption names the balance sheet ("Reconciliation of cash
/// … to the Condensed Consolidated Statement of Financial Position:",
/// "Amounts recognized in the balance sheets:"): its rows are balances.
pub(crate) fn in_balance_section(section: &[String]) -> bool {
    section.iter().any(|caption| {
        let c = caption.to_lowercase();
        c.contains("balance sheet")
            || c.contains("statement of financial position")
            || c.contains("statements of financial position")
    })
}

/// A day of the year a label names without its year: "at 1 April", "At 31
/// December", "as of March 31,", "Balance, December 31" (a roll-forward's
/// balance line names its day without "at").
fn month_day_of(label: &str) -> Option<(i8, i8)> {
    static MD: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(?:at|as of|as at|on|balances?\s*,?)\s+(?:(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})|([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?)\b,?\s*$").ok()
    });
    let c = MD.as_ref()?.captures(label.trim())?;
    let (day, month) = match (c.get(1), c.get(2), c.get(3), c.get(4)) {
        (Some(d), Some(m), _, _) | (_, _, Some(m), Some(d)) => (d.as_str(), m.as_str()),
        _ => return None,
    };
    let month = crate::period::month_of(month)?;
    let day: i8 = day.parse().ok()?;
    (1..=31).contains(&day).then_some((month, day))
}

/// The rows between two dated balance rows: the span from the first date
/// to the second.
fn spans_between(dated: &[Option<Period>]) -> Vec<Option<Period>> {
    let mut out = vec![None; dated.len()];
    let at: Vec<(usize, Date)> = dated
        .iter()
        .enumerate()
        .filter_map(|(r, p)| match p {
            Some(Period::Instant { date: Some(d), .. }) => Some((r, *d)),
            _ => None,
        })
        .collect();
    for pair in at.windows(2) {
        let [(r0, d0), (r1, d1)] = pair else { continue };
        if d1 <= d0 {
            continue;
        }
        let Ok(start) = d0.checked_add(1.day()) else {
            continue;
        };
        let months = months_between(*d0, *d1);
        let period = Period::Duration {
            fy: (months == Some(12)).then_some(d1.year()),
            quarter: None,
            half: None,
            months,
            to_quarter: None,
            start: Some(start),
            end: Some(*d1),
        };
        for slot in out.iter_mut().take(*r1).skip(r0 + 1) {
            if slot.is_none() {
                *slot = Some(period.clone());
            }
        }
    }
    out
}

/// Whole months from one date to another, by calendar month and allowing
/// the few days a 52/53-week quarter moves ("Dec. 30, 2023" to "Mar. 30,
/// 2024" is 3).
fn months_between(a: Date, b: Date) -> Option<u8> {
    let days = i64::from((b - a).get_days());
    let m = (days * 100 + 1522) / 3044;
    u8::try_from(m).ok().filter(|m| *m > 0)
}

/// The instant a span opens (the day before it starts: the prior close) or
/// closes; for a balance column, its opening balance is a year before.
pub(crate) fn edge_of(p: &Period, opening: bool) -> Option<Period> {
    match p {
        Period::Duration {
            start,
            end,
            fy,
            months,
            ..
        } => {
            if opening {
                if let Some(s) = start {
                    return Some(Period::instant(s.checked_sub(1.day()).ok()?));
                }
                if let (Some(e), Some(m)) = (end, months)
                    && *e == e.last_of_month()
                {
                    let back = e.checked_sub(i32::from(*m).months()).ok()?.last_of_month();
                    return Some(Period::instant(back));
                }
                let y = fy.or(end.map(|d| d.year()))?;
                if months.is_none_or(|m| m == 12) {
                    return Some(Period::Instant {
                        date: None,
                        fy: Some(y.checked_sub(1)?),
                    });
                }
                None
            } else {
                match (end, fy) {
                    (Some(e), _) => Some(Period::instant(*e)),
                    (None, Some(y)) if months.is_none_or(|m| m == 12) => Some(Period::Instant {
                        date: None,
                        fy: Some(*y),
                    }),
                    _ => None,
                }
            }
        }
        // An opening dated on the first of a month is that day ("Balance at
        // Beginning of Period (1/1/19)"): the period starts there.
        Period::Instant { date: Some(d), .. } if opening && d.day() == 1 => None,
        Period::Instant { date: Some(d), .. } if opening => {
            let back = d.checked_sub(12.months()).ok()?;
            let back = if *d == d.last_of_month() {
                back.last_of_month()
            } else {
                back
            };
            Some(Period::instant(back))
        }
        Period::Instant {
            date: None,
            fy: Some(y),
        } if opening => Some(Period::Instant {
            date: None,
            fy: Some(y.checked_sub(1)?),
        }),
        Period::Instant { .. } => None,
        Period::Change { .. } => None,
    }
}
