//! The column labels of a header block: each value column's header text
//! (its header rows stacked, a merged or visually spanning header spread
//! over the columns it covers), what the text names (a period, a notes
//! column, a measure, basis points, quarters by ordinal), share columns of
//! percentages, and headers moved off columns of currency marks.

use super::cell_text::{collapse_whitespace, text_at};
use super::measure::{column_measure, column_unit, names_basis_points};
use super::rows::{Tok, Toks, ends_mid_phrase};
use crate::model::{ColumnInfo, GridValue, Period};
use crate::period::{PeriodHint, parse_period};
use crate::read::Merge;
use crate::read::unit_line::parse_unit_line;

/// The label columns' text of one header block, per value column.
pub(super) fn header_columns(
    grid: &[Vec<GridValue>],
    toks: &Toks,
    block: &[usize],
    label_col: Option<usize>,
    merges: &[Merge],
    hint: PeriodHint,
) -> (Vec<Option<(ColumnInfo, bool)>>, bool) {
    let width = block
        .iter()
        .filter_map(|r| grid.get(*r).map(Vec::len))
        .max()
        .unwrap_or(0);
    let first_value_col = label_col.map_or(0, |l| l + 1);
    let mut columns = vec![None; width];
    let mut uncertain = false;
    // A year alone in the label column of a header row ("2024 | March 31 |
    // June 30 | …", quarterly data with the years stacked) is the year of
    // that row's dates.
    let stub_years: Vec<Option<String>> = block
        .iter()
        .map(|&r| {
            let text = label_col.and_then(|l| text_at(grid, r, l))?.trim();
            let year: i64 = text.parse().ok()?;
            (text.len() == 4 && crate::period::is_year(year)).then(|| text.to_string())
        })
        .collect();
    let has_year = |text: &str| {
        text.split(|c: char| !c.is_ascii_digit())
            .any(|d| d.len() == 4 && d.parse().is_ok_and(crate::period::is_year))
    };
    for c in first_value_col..width {
        let mut parts: Vec<String> = Vec::new();
        let mut spanned = false;
        for (i, &r) in block.iter().enumerate() {
            let last_row = i + 1 == block.len();
            let part = header_part(grid, toks, r, c).or_else(|| {
                // A merged region covering the cell decides; a cell no merge
                // covers may be spanned by the header text to its left.
                if let Some(m) = merges.iter().find(|m| m.contains(r, c)) {
                    (m.first_row == r && m.first_col != c)
                        .then(|| header_part(grid, toks, r, m.first_col))
                        .flatten()
                } else if !last_row {
                    let below = block.last().copied().unwrap_or(r);
                    let part = spanning_part(grid, toks, r, c, first_value_col, merges, below);
                    spanned |= part.is_some();
                    part
                } else {
                    None
                }
            });
            let part = match (part, stub_years.get(i).and_then(Option::as_ref)) {
                (Some(part), Some(year)) if !has_year(&part) => Some(format!("{part}, {year}")),
                (part, _) => part,
            };
            if let Some(part) = part
                && parts.last() != Some(&part)
            {
                parts.push(part);
            }
        }
        if parts.is_empty() {
            continue;
        }
        let label = parts.join(" ");
        let note = matches!(
            label.trim().to_lowercase().trim_end_matches('.'),
            "note" | "notes" | "note(s)" | "ref" | "ref."
        );
        let period = if note {
            None
        } else {
            // A unit caption under the years ("2024" over "€m") names no period.
            let timed: Vec<&str> = parts
                .iter()
                .map(String::as_str)
                .filter(|p| parse_unit_line(p).is_none() || parse_period(p, hint).is_some())
                .collect();
            (0..timed.len())
                .find_map(|start| {
                    let text = timed.get(start..).map(|p| p.join(" ")).unwrap_or_default();
                    parse_period(&text, hint)
                })
                .or_else(|| parse_period_prefix(&parts.join(" "), hint))
        };
        uncertain |= spanned && period.as_ref().is_none_or(Period::is_change);
        if let Some(slot) = columns.get_mut(c) {
            let measure = column_measure(&label);
            let basis_points = names_basis_points(&label);
            let unit = column_unit(&label);
            *slot = Some((
                ColumnInfo {
                    label: Some(label),
                    period,
                    measure,
                    basis_points,
                    balance_at: None,
                    year_from_date: false,
                    unit,
                },
                note,
            ));
        }
    }
    dates_spread_over_columns(&mut columns, hint);
    quarter_ordinals(&mut columns, hint);
    (columns, uncertain)
}

/// Neighbouring columns under one header that writes as many dates as
/// there are columns ("December 28, 2019 December 29, 2018 December 30,
/// 2017" read as one phrase over Kraft Heinz's three columns) take one
/// date each, in order, with the words before the first ("Year ended").
fn dates_spread_over_columns(columns: &mut [Option<(ColumnInfo, bool)>], hint: PeriodHint) {
    let mut c = 0;
    while c < columns.len() {
        let Some(label) = columns
            .get(c)
            .and_then(|s| s.as_ref())
            .and_then(|(info, _)| info.label.clone())
        else {
            c += 1;
            continue;
        };
        let mut end = c + 1;
        while columns
            .get(end)
            .and_then(|s| s.as_ref())
            .is_some_and(|(info, _)| info.label.as_deref() == Some(label.as_str()))
        {
            end += 1;
        }
        let k = end - c;
        if k >= 2
            && let Some((lead, dates)) = written_dates(&label)
            && dates.len() == k
        {
            // Dates alone a year apart (Kraft Heinz's 52- and 53-week
            // years) head years: a flow is the year ending that day, a
            // balance the day itself. Dates alone otherwise are not
            // spread: a bare date would let any span ending on it pass.
            let instants: Vec<Option<Period>> =
                dates.iter().map(|d| parse_period(d, hint)).collect();
            let yearly = lead.is_empty() && years_apart(&instants);
            if lead.is_empty() && !yearly {
                c = end;
                continue;
            }
            // The words the period grammar reads before each date: the
            // header's own, or the year the dates alone stand for.
            let spoken = if yearly { "Year ended " } else { lead.as_str() };
            let periods: Vec<Option<Period>> = dates
                .iter()
                .map(|d| parse_period(&format!("{spoken}{d}"), hint))
                .collect();
            // Each date a period, and no two alike.
            let distinct = periods
                .iter()
                .enumerate()
                .all(|(i, p)| p.is_some() && !periods.iter().skip(i + 1).any(|q| q == p));
            if distinct {
                for (((slot, date), period), instant) in columns
                    .get_mut(c..end)
                    .unwrap_or(&mut [])
                    .iter_mut()
                    .zip(&dates)
                    .zip(periods)
                    .zip(instants)
                {
                    if let Some((info, _)) = slot {
                        info.label = Some(format!("{lead}{date}"));
                        info.period = period;
                        if yearly {
                            info.balance_at = instant;
                            info.year_from_date = true;
                        }
                    }
                }
            }
        }
        c = end;
    }
}

/// Whether days follow one another a year apart, give or take the week of
/// a 52- or 53-week year (357 to 371 days), in either order.
fn years_apart(days: &[Option<Period>]) -> bool {
    let dates: Vec<jiff::civil::Date> = days
        .iter()
        .filter_map(|p| match p {
            Some(Period::Instant { date: Some(d), .. }) => Some(*d),
            _ => None,
        })
        .collect();
    dates.len() == days.len()
        && dates.windows(2).all(|w| match w {
            [a, b] => {
                let (early, late) = if a < b { (a, b) } else { (b, a) };
                early
                    .until(*late)
                    .is_ok_and(|span| (357..=371).contains(&span.get_days()))
            }
            _ => false,
        })
}

/// A header's full dates ("December 28, 2019") and the words before the
/// first, when the header is only those: words, then dates one after
/// another with nothing between them.
fn written_dates(label: &str) -> Option<(String, Vec<String>)> {
    let words: Vec<&str> = label.split_whitespace().collect();
    let month = |w: &str| {
        let w = w.trim_end_matches(['.', ',']).to_ascii_lowercase();
        crate::period::MONTHS_LOWER.iter().any(|m| *m == w)
    };
    let day = |w: &str| {
        let d = w.trim_end_matches(',');
        (1..=2).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit())
    };
    let year = |w: &str| w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit());
    let first = words.iter().position(|w| month(w))?;
    let mut dates = Vec::new();
    let mut i = first;
    while i < words.len() {
        match (words.get(i), words.get(i + 1), words.get(i + 2)) {
            (Some(m), Some(d), Some(y)) if month(m) && day(d) && year(y) => {
                dates.push(format!("{m} {d} {y}"));
                i += 3;
            }
            _ => return None,
        }
    }
    let lead = words.get(..first).unwrap_or(&[]).join(" ");
    let lead = if lead.is_empty() {
        lead
    } else {
        format!("{lead} ")
    };
    (dates.len() >= 2).then_some((lead, dates))
}

/// Columns headed "First | Second | Third | Fourth", and nothing else, are
/// the quarters: a quarterly table leaves "Quarter" to its title.
fn quarter_ordinals(columns: &mut [Option<(ColumnInfo, bool)>], hint: PeriodHint) {
    let ordinal = |info: &ColumnInfo| info.label.as_deref().and_then(crate::period::ordinal_word);
    let found: Vec<u8> = columns
        .iter()
        .flatten()
        .filter(|(info, _)| info.period.is_none())
        .filter_map(|(info, _)| ordinal(info))
        .collect();
    // In order, one quarter after another, at least two of them.
    let in_order = found.len() >= 2
        && found
            .windows(2)
            .all(|w| w.first().map(|a| a + 1) == w.last().copied());
    if !in_order {
        return;
    }
    for (info, _) in columns.iter_mut().flatten() {
        if info.period.is_none()
            && ordinal(info).is_some()
            && let Some(label) = info.label.as_deref()
        {
            info.period = parse_period(&format!("{} quarter", label.trim()), hint);
        }
    }
}

/// Columns whose header names a share of another figure ("Percent to
/// Sales", "% of revenue", "Percentage of total") and no period hold
/// percentages, "%" printed or not. So do those whose header names a share
/// and a period ("2022" over "% of Total") when some cell prints its "%"
/// (3M's segment table prints it on the first and the total row only): the
/// header alone may have a neighbour's "%" carried into it. Returns, per
/// column, whether it is such a share column.
///
/// Decision: a share column printed beside its amount under a common header
/// ("Fiscal Second Quarter Ended" over "June 29, 2025 | Percent to Sales")
/// is of that amount's period, but it is left without one: given the
/// period, a claim on the amount ("Audit fees, 2019") would fit the share
/// cell too, and the role check does not yet tell a percentage from an
/// amount by the claim's value (docs/labeling.md).
pub(super) fn share_columns(
    columns: &[Option<(ColumnInfo, bool)>],
    percent_cols: &[bool],
) -> Vec<bool> {
    columns
        .iter()
        .enumerate()
        .map(|(c, column)| {
            column.as_ref().is_some_and(|(info, note)| {
                !*note
                    && (info.period.is_none() || percent_cols.get(c).copied().unwrap_or(false))
                    && info.label.as_deref().is_some_and(names_share)
            })
        })
        .collect()
}

/// A header's last part names a share: "Percent to Sales", "% of Revenue",
/// "Percentage of total", "%".
fn names_share(label: &str) -> bool {
    let lower = label.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some(at) = words
        .iter()
        .rposition(|w| matches!(*w, "percent" | "percentage" | "%" | "pct" | "pct."))
    else {
        return lower.trim().ends_with('%') || lower.contains("% of ");
    };
    // What follows the word: nothing, or "of/to X".
    match words.get(at + 1) {
        None => true,
        Some(next) => matches!(*next, "of" | "to"),
    }
}

/// A header over a column of currency marks ("$" | "4,200") belongs to the
/// amounts on its right: move it there when that column has no header.
pub(super) fn shift_headers_off_currency_columns(
    columns: &mut [Option<(ColumnInfo, bool)>],
    amount_cols: &[bool],
) {
    for c in 0..columns.len().saturating_sub(1) {
        let holds_amounts = |c: usize| amount_cols.get(c).copied().unwrap_or(false);
        let free_right = columns.get(c + 1).is_some_and(Option::is_none);
        if columns.get(c).is_some_and(Option::is_some)
            && !holds_amounts(c)
            && free_right
            && holds_amounts(c + 1)
        {
            columns.swap(c, c + 1);
        }
    }
}

/// The period at the start of a header followed by other words, as SEC
/// detail sheets write them ("Mar. 29, 2025 USD ($) Vendor"): the longest
/// leading run of words that reads as a period.
fn parse_period_prefix(text: &str, hint: PeriodHint) -> Option<Period> {
    let words: Vec<&str> = text.split_whitespace().collect();
    (1..words.len()).rev().find_map(|n| {
        let prefix = words.get(..n)?.join(" ");
        parse_period(&prefix, hint)
    })
}

/// One header cell's text: text trimmed, a year as written, a date spelled out.
fn header_part(grid: &[Vec<GridValue>], toks: &Toks, r: usize, c: usize) -> Option<String> {
    let value = grid.get(r)?.get(c)?;
    match (value, toks.get(r)?.get(c)?) {
        (_, Tok::Empty) => None,
        (GridValue::Date(d), _) => Some(d.strftime("%B %-d, %Y").to_string()),
        (v, _) => {
            let collapsed = collapse_whitespace(&v.text());
            (!collapsed.is_empty()).then_some(collapsed)
        }
    }
}

/// A header text with empty cells to its right (in a header row that is not
/// the last) spans them, as long as no merged region says otherwise: a cell
/// covered by a merge, or a merged header, ends the span.
#[allow(clippy::too_many_arguments)] // the grid, the cell and the block's bounds
fn spanning_part(
    grid: &[Vec<GridValue>],
    toks: &Toks,
    r: usize,
    c: usize,
    first_value_col: usize,
    merges: &[Merge],
    below: usize,
) -> Option<String> {
    let row = toks.get(r)?;
    for left in (first_value_col..c).rev() {
        // A merged header ends where its merge ends.
        if merges.iter().any(|m| m.contains(r, left)) {
            return None;
        }
        match row.get(left) {
            None | Some(Tok::Empty) => continue,
            // A header cut mid-phrase ("Balance at Beginning of" over
            // "Period") is one column's header on two lines: it spans
            // nothing.
            Some(Tok::Text) if text_at(grid, r, left).is_some_and(ends_mid_phrase) => {
                return None;
            }
            Some(Tok::Text | Tok::Date) => return header_part(grid, toks, r, left),
            Some(_) => break,
        }
    }
    // A centred merged header flattened into one of its columns ("Years
    // Ended December 31," over the second of "2019 | 2018"): the row's only
    // header text spans the run of sub-headers below it that reaches it.
    if merges.iter().any(|m| m.first_row <= r && r <= m.last_row) {
        return None;
    }
    let texts: Vec<usize> = (first_value_col..row.len())
        .filter(|&k| matches!(row.get(k), Some(Tok::Text | Tok::Date)))
        .collect();
    let [k] = texts.as_slice() else {
        return None;
    };
    let sub = toks.get(below)?;
    let headed = |j: usize| {
        matches!(
            sub.get(j),
            Some(Tok::Text | Tok::Date | Tok::Amount { year: true, .. })
        )
    };
    let (lo, hi) = if c < *k { (c, *k) } else { (*k, c) };
    ((lo..=hi).all(headed) && c < *k)
        .then(|| header_part(grid, toks, r, *k))
        .flatten()
}
