//! Tables without ruling lines ("stream" tables, how 10-Ks print them):
//! lines into table blocks, blocks into a column grid.
//!
//! Blocks: a table is a run of lines holding amounts, with the title, unit
//! caption and header lines above its first amount line and the caption
//! lines between its amount lines. A line of prose, or a header line over
//! the value columns after amount lines (the next table's header), ends a
//! table; so does a vertical gap of more than three line heights.
//!
//! Columns come from the alignment of many rows, never from one line's gaps:
//! the amounts of all rows, as intervals, overlap within a column (whether
//! right-aligned, centred or decimal-aligned) and not across columns, so the
//! value columns are the connected runs of those intervals. Text left of the
//! first value column forms the label column(s) the same way. Header text is
//! then placed over the columns it covers; a header over several columns
//! ("Year Ended December 31,") becomes a merged region, exactly as in a
//! spreadsheet, so the labeler spreads its period over them.

use super::TableGrid;
use super::glyphs::Rule;
use super::header;
use super::lines::{Line, PhraseKind};
use crate::model::GridValue;
use crate::read::Merge;

/// How the block builder sees a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineKind {
    /// Holds amounts: a table row.
    Data,
    /// Running text: never part of a table.
    Prose,
    /// Anything else: title, caption, header.
    Text,
}

/// A bare year ("2024"): in a line of years only, a header, not amounts.
fn is_year(text: &str) -> bool {
    text.len() == 4
        && text.bytes().all(|b| b.is_ascii_digit())
        && text.parse().is_ok_and(crate::period::is_year)
}

fn line_kind(line: &Line, page_width: f64) -> LineKind {
    let numbers = line
        .phrases
        .iter()
        .filter(|p| p.kind == PhraseKind::Number && !is_year(&p.text))
        .count();
    let phrases = line.phrases.len();
    if is_footnote(line) {
        return LineKind::Prose;
    }
    if numbers >= 1 && (phrases >= 2 || numbers >= 2) {
        return LineKind::Data;
    }
    let text = line.text();
    let words = text.split_whitespace().count();
    if phrases == 1
        && words >= 8
        && !text.trim_end().ends_with(':')
        && line.x1() - line.x0() > 0.55 * page_width
        && !is_caption(&text)
    {
        return LineKind::Prose;
    }
    LineKind::Text
}

/// A footnote under a table: a mark ("(1)", "(a)", "*") and then words
/// only, four or more ("(1) Level 1 fair value estimates are based on …").
fn is_footnote(line: &Line) -> bool {
    let Some((mark, rest)) = line.phrases.split_first() else {
        return false;
    };
    if let [only] = line.phrases.as_slice()
        && let Some((head, words)) = only.text.split_once(' ')
    {
        // The mark set at word spacing before the words: one phrase.
        let inner = head.trim_start_matches('(').trim_end_matches(')');
        return head.starts_with('(')
            && head.ends_with(')')
            && (1..=2).contains(&inner.len())
            && inner
                .chars()
                .all(|c| c.is_ascii_digit() || c.is_ascii_lowercase())
            && words
                .split_whitespace()
                .filter(|w| w.chars().any(char::is_alphabetic))
                .count()
                >= 4;
    }
    let inner = mark.text.trim_start_matches('(').trim_end_matches(')');
    let is_mark = (mark.text.starts_with('(')
        && mark.text.ends_with(')')
        && (1..=2).contains(&inner.len())
        && inner
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_ascii_lowercase()))
        || mark.text.chars().all(|c| matches!(c, '*' | '†' | '‡'));
    let words: usize = rest.iter().map(|p| p.text.split_whitespace().count()).sum();
    is_mark && words >= 4 && rest.iter().all(|p| p.kind == PhraseKind::Text)
}

/// A long line that is still a table's caption, not prose: a unit line
/// ("(In millions, except number of shares, which are reflected in
/// thousands, and per-share amounts)"), or any line wholly in parentheses.
fn is_caption(text: &str) -> bool {
    let text = text.trim();
    (text.starts_with('(') && text.ends_with(')'))
        || crate::read::unit_line::parse_unit_line(text).is_some()
}

/// A long line inside a table that is the first part of a row's label, not
/// prose: it starts left of the value columns, does not end a sentence, and
/// the row it belongs to follows at once (a data line, or one more such
/// label line and then a data line), each within two line heights.
fn starts_wrapped_label(line: &Line, after: &[&Line], start: f64, page_width: f64) -> bool {
    let ends_sentence = |l: &Line| l.text().trim_end().ends_with('.');
    if line.x0() >= start || ends_sentence(line) {
        return false;
    }
    let mut last = line;
    for next in after.iter().take(2) {
        if next.base - last.base > 2.0 * last.size {
            return false;
        }
        match line_kind(next, page_width) {
            LineKind::Data => return true,
            _ if next.x0() >= start || ends_sentence(next) || next.phrases.len() != 1 => {
                return false;
            }
            _ => last = next,
        }
    }
    false
}

/// Left edge of the value columns of a table's data lines: the leftmost
/// amount that follows a label (or starts a row without one).
fn value_start(lines: &[&Line]) -> Option<f64> {
    lines
        .iter()
        .flat_map(|l| l.phrases.iter())
        .filter(|p| p.kind == PhraseKind::Number)
        .map(|p| p.x0)
        .min_by(f64::total_cmp)
}

/// Splits a page's lines into table blocks, top to bottom.
pub(super) fn blocks<'a>(lines: &[&'a Line], page_width: f64) -> Vec<Vec<&'a Line>> {
    let mut tables: Vec<Vec<&Line>> = Vec::new();
    let mut current: Vec<&Line> = Vec::new();
    // Per open table: its data lines, the most numbers on one of them, and
    // the left edge of its value columns.
    let mut data_lines = 0usize;
    let mut most_numbers = 0usize;
    let mut start = f64::INFINITY;
    let mut pending: Vec<&Line> = Vec::new();
    let mut last_base: Option<f64> = None;
    let mut close =
        |current: &mut Vec<&'a Line>, data: &mut usize, most: &mut usize, start: &mut f64| {
            // One data line holding a single number is not a table.
            if *data >= 2 || *most >= 2 {
                tables.push(std::mem::take(current));
            } else {
                current.clear();
            }
            (*data, *most, *start) = (0, 0, f64::INFINITY);
        };
    for (i, &line) in lines.iter().enumerate() {
        let gap = last_base.map_or(0.0, |b| line.base - b);
        last_base = Some(line.base);
        if gap > 3.5 * line.size && data_lines > 0 {
            close(&mut current, &mut data_lines, &mut most_numbers, &mut start);
            pending.clear();
        }
        let mut kind = line_kind(line, page_width);
        if kind == LineKind::Prose
            && data_lines > 0
            && starts_wrapped_label(
                line,
                lines.get(i + 1..).unwrap_or_default(),
                start,
                page_width,
            )
        {
            kind = LineKind::Text;
        }
        match kind {
            LineKind::Prose => {
                close(&mut current, &mut data_lines, &mut most_numbers, &mut start);
                pending.clear();
            }
            LineKind::Text => {
                pending.push(line);
                if pending.len() > 12 {
                    pending.remove(0);
                }
            }
            LineKind::Data => {
                // A text line reaching over the value columns is a header:
                // the next table starts with it.
                // ("Level 1 (1):" beside its footnote mark is a caption.)
                let new_header = data_lines > 0
                    && pending
                        .iter()
                        .any(|l| l.phrases.iter().any(|p| p.x0 >= start - 1.0));
                if new_header {
                    close(&mut current, &mut data_lines, &mut most_numbers, &mut start);
                }
                current.append(&mut pending);
                current.push(line);
                data_lines += 1;
                most_numbers = most_numbers.max(line.numbers());
                if let Some(x0) = value_start(&[line]) {
                    start = start.min(x0);
                }
            }
        }
    }
    close(&mut current, &mut data_lines, &mut most_numbers, &mut start);
    tables
}

/// A column: its horizontal extent and whether it holds amounts.
#[derive(Debug, Clone, Copy)]
struct Column {
    x0: f64,
    x1: f64,
}

/// Connected runs of overlapping intervals, left to right.
fn components(mut spans: Vec<(f64, f64)>) -> Vec<Column> {
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out: Vec<Column> = Vec::new();
    for (x0, x1) in spans {
        match out.last_mut() {
            Some(c) if x0 <= c.x1 + 0.5 => c.x1 = c.x1.max(x1),
            _ => out.push(Column { x0, x1 }),
        }
    }
    out
}

/// Words that leave a label unfinished at the end of a line ("Net income
/// attributable to" / "noncontrolling interests 23").
const CONNECTORS: [&str; 20] = [
    "and",
    "or",
    "of",
    "in",
    "for",
    "to",
    "the",
    "from",
    "by",
    "with",
    "on",
    "at",
    "as",
    "net",
    "per",
    "including",
    "less",
    "plus",
    "before",
    "after",
];

/// A label alone on its line that continues on the next line's label: the
/// next label starts in lower case, with `(` or with a digit ("1,224 shares
/// issued"), or this one is left unfinished (an open parenthesis, a comma,
/// semicolon or dash at its end, or a connecting word). Both lie left of
/// the value columns, less than two line heights apart.
fn continues(line: &Line, next: &Line, start: f64) -> bool {
    let [only] = line.phrases.as_slice() else {
        return false;
    };
    let Some(first) = next.phrases.first() else {
        return false;
    };
    let text = only.text.trim_end();
    let open = text.matches('(').count() > text.matches(')').count();
    let last_word = text
        .rsplit(|c: char| c.is_whitespace())
        .next()
        .unwrap_or_default();
    let unfinished =
        open || text.ends_with([',', ';', '-', '\u{2013}']) || CONNECTORS.contains(&last_word);
    only.kind == PhraseKind::Text
        && only.x0 < start
        && !text.ends_with([':', '.'])
        && first.kind == PhraseKind::Text
        && first.x0 < start
        && next.base - line.base < 2.0 * line.size
        && (unfinished
            || first
                .text
                .chars()
                .next()
                .is_some_and(|c| c.is_lowercase() || c == '(' || c.is_ascii_digit()))
}

/// A line that is the first part of a label ending on a later data row:
/// it continues into the next line, which is that data row or (at most
/// twice more) another such part.
fn wraps_into(block: &[&Line], i: usize, start: f64) -> bool {
    for at in i..i + 3 {
        let (Some(line), Some(next)) = (block.get(at), block.get(at + 1)) else {
            return false;
        };
        if !continues(line, next, start) {
            return false;
        }
        if next.numbers() >= 1 {
            return true;
        }
    }
    false
}

/// Cells one table may have (rows × columns); a block beyond it (a page
/// built to exhaust memory) is not a table.
pub(super) const MAX_CELLS: usize = 1_000_000;

/// Builds one block's grid; `None` when it would exceed [`MAX_CELLS`].
pub(super) fn grid(block: &[&Line], page_width: f64, rules: &[Rule]) -> Option<TableGrid> {
    let data: Vec<&Line> = block
        .iter()
        .copied()
        .filter(|l| line_kind(l, page_width) == LineKind::Data)
        .collect();
    let start = value_start(&data).unwrap_or(f64::INFINITY);
    let first_data = block
        .iter()
        .position(|l| line_kind(l, page_width) == LineKind::Data)
        .unwrap_or(0);

    // Wrapped labels joined into the row they end on.
    let mut rows: Vec<Line> = Vec::with_capacity(block.len());
    let mut carry: Option<(f64, String)> = None;
    for (i, line) in block.iter().enumerate() {
        if i > first_data && wraps_into(block, i, start) {
            if let Some(p) = line.phrases.first() {
                carry = Some(match carry.take() {
                    Some((x0, text)) => (x0, format!("{text} {}", p.text)),
                    None => (p.x0, p.text.clone()),
                });
            }
            continue;
        }
        let mut line = (*line).clone();
        if let Some((x0, text)) = carry.take()
            && let Some(first) = line.phrases.first_mut()
        {
            first.text = format!("{text} {}", first.text);
            first.x0 = x0;
        }
        rows.push(line);
    }

    // Columns: amounts; text left of the amounts (labels); text elsewhere.
    let mut numeric = Vec::new();
    let mut left = Vec::new();
    for line in rows
        .iter()
        .filter(|l| line_kind(l, page_width) == LineKind::Data)
    {
        for p in &line.phrases {
            if p.kind == PhraseKind::Number {
                numeric.push((p.x0, p.x1));
            } else if p.x0 < start {
                left.push((p.x0, p.x1.min(start - 1.0)));
            }
        }
    }
    let numeric_cols = components(numeric);
    let mut other = Vec::new();
    for line in rows
        .iter()
        .filter(|l| line_kind(l, page_width) == LineKind::Data)
    {
        for p in &line.phrases {
            if p.kind == PhraseKind::Text
                && p.x0 >= start
                && !numeric_cols.iter().any(|c| p.x0 <= c.x1 && p.x1 >= c.x0)
            {
                other.push((p.x0, p.x1));
            }
        }
    }
    let mut columns = components(left);
    columns.extend(numeric_cols);
    columns.extend(components(other));
    columns.sort_by(|a, b| a.x0.total_cmp(&b.x0));
    if columns.is_empty() {
        columns.push(Column {
            x0: 0.0,
            x1: page_width,
        });
    }
    let label_cols = columns.iter().filter(|c| c.x1 < start).count();
    // Where the labels end: the label columns' right edge, or the first
    // column's when the rows are labeled by numbers ("2022", "2023", … in a
    // schedule of payments by year).
    let labels_right = match label_cols {
        0 if columns.len() > 1 => columns.first().map_or(f64::NEG_INFINITY, |c| c.x1),
        _ => columns
            .iter()
            .filter(|c| c.x1 < start)
            .map(|c| c.x1)
            .fold(f64::NEG_INFINITY, f64::max),
    };

    // Indentation levels of the label column: ranks of distinct left edges.
    let mut edges: Vec<f64> = rows
        .iter()
        .filter_map(|l| l.phrases.first())
        .filter(|p| p.kind == PhraseKind::Text && p.x0 < start)
        .map(|p| p.x0)
        .collect();
    edges.sort_by(f64::total_cmp);
    edges.dedup_by(|b, a| (*b - *a).abs() < 2.0);
    let indent_of = |x0: f64| -> u8 {
        let rank = edges.iter().take_while(|e| **e < x0 - 2.0).count();
        u8::try_from(rank.min(8)).unwrap_or(8)
    };

    let first_data = rows
        .iter()
        .position(|l| line_kind(l, page_width) == LineKind::Data)
        .unwrap_or(0);
    let value_columns: Vec<(usize, f64, f64)> = columns
        .iter()
        .enumerate()
        .filter(|(_, c)| c.x0 >= start - 1.0)
        .map(|(i, c)| (i, c.x0, c.x1))
        .collect();
    let span = (
        value_columns.first().map_or(0.0, |c| c.1),
        value_columns.last().map_or(0.0, |c| c.2),
    );
    // A date or period stub in the label column of a header line becomes a
    // header line of its own, over the value columns, right above the
    // header line that gives its years ("Three months ended June 30," over
    // "2022 2021", below the segments' names printed beside it), so that
    // stacked they read as one period.
    let has_period = |l: &Line| l.phrases.iter().any(|p| header::is_period_heading(&p.text));
    let mut lifted: Vec<Line> = Vec::with_capacity(rows.len() + 1);
    let mut waiting: Option<Line> = None;
    let first_header = first_data;
    for (r, line) in rows.into_iter().enumerate() {
        if r >= first_header {
            lifted.extend(waiting.take());
            lifted.push(line);
            continue;
        }
        let (stub, rest) = match header::split_stub(&line, start, span) {
            Some((stub, rest)) => (Some(stub), rest),
            None => (None, Some(line)),
        };
        if let Some(stub) = stub {
            lifted.extend(waiting.take());
            waiting = Some(stub);
        }
        if let Some(rest) = rest {
            if has_period(&rest) {
                lifted.extend(waiting.take());
            }
            lifted.push(rest);
        }
    }
    lifted.extend(waiting);
    let rows = lifted;
    let first_data = rows
        .iter()
        .position(|l| line_kind(l, page_width) == LineKind::Data)
        .unwrap_or(0);
    if rows.len().saturating_mul(columns.len()) > MAX_CELLS {
        return None;
    }
    // Where data rows' labels start (distinct, to 2 pt).
    let mut data_edges: Vec<f64> = rows
        .iter()
        .filter(|l| line_kind(l, page_width) == LineKind::Data)
        .filter_map(|l| l.phrases.first().map(|f| f.x0))
        .collect();
    data_edges.sort_by(f64::total_cmp);
    data_edges.dedup_by(|b, a| (*b - *a).abs() < 2.0);
    let mut grid: Vec<Vec<GridValue>> = Vec::with_capacity(rows.len());
    let mut merges = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        let mut row = vec![GridValue::Empty; columns.len()];
        let header_zone = r < first_data;
        // A title or unit caption alone on its line, wherever it is centred,
        // goes to the first column, as a spreadsheet would hold it.
        // Below the header, a caption alone on its line left of the values
        // ("LIABILITIES AND EQUITY:" centred on the page) goes there too.
        let lone_caption = line.phrases.len() == 1
            && line.phrases.iter().all(|p| {
                p.kind == PhraseKind::Text
                    && (p.x0 < start
                        || header_zone
                            && crate::read::unit_line::parse_unit_line(&p.text).is_some())
            });
        for (k, p) in line.phrases.iter().enumerate() {
            // A heading resting on a rule spans what the rule spans.
            let (x0, x1) = if header_zone {
                header::underline(line, k, rules, labels_right).unwrap_or((p.x0, p.x1))
            } else {
                (p.x0, p.x1)
            };
            let covered: Vec<usize> = columns
                .iter()
                .enumerate()
                .filter(|(_, c)| x0 <= c.x1 && x1 >= c.x0)
                .map(|(i, _)| i)
                .collect();
            // A year or date alone on a header line above the column
            // headings ("2022" over "Adjusted Cost | Unrealized Gains | …")
            // heads the whole table, as a period stub does.
            let lone_period = line.phrases.len() == 1
                && header::is_period_heading(&p.text)
                && rows
                    .get(r + 1..first_data)
                    .is_some_and(|below| below.iter().any(|l| l.phrases.len() >= 2));
            let stub = (header_zone
                && p.x0 >= start - 1.0
                && (p.kind == PhraseKind::Text && header::is_period_stub(&p.text) || lone_period))
                .then(|| header::stub_span(line, k, start, &value_columns))
                .flatten();
            let (col, span) = match covered.as_slice() {
                _ if lone_caption => (0, 1),
                _ if stub.is_some() => stub.map_or((0, 1), |(a, b)| (a, b - a + 1)),
                [] => (nearest(&columns, p.x0, p.x1), 1),
                [one] => (*one, 1),
                [first, .., last] => {
                    if p.x0 < start && label_cols > 0 {
                        // Text from the label column reaching over values:
                        // a title, caption or long label; it stays a label.
                        (*first, 1)
                    } else if header_zone {
                        (*first, last - first + 1)
                    } else {
                        let best = covered
                            .iter()
                            .copied()
                            .max_by(|a, b| {
                                overlap(columns.get(*a), p.x0, p.x1).total_cmp(&overlap(
                                    columns.get(*b),
                                    p.x0,
                                    p.x1,
                                ))
                            })
                            .unwrap_or(*first);
                        (best, 1)
                    }
                }
            };
            // A caption centred on the page is no indentation level: it heads
            // what follows as a caption at the margin would.
            let centred = lone_caption && !data_edges.iter().any(|x| (x - p.x0).abs() < 2.0);
            let indent = if col < label_cols.max(1) && p.kind == PhraseKind::Text && !centred {
                indent_of(p.x0)
            } else {
                0
            };
            if let Some(slot) = row.get_mut(col) {
                match slot {
                    GridValue::Text { text, .. } => {
                        text.push(' ');
                        text.push_str(&p.text);
                    }
                    _ => {
                        *slot = GridValue::Text {
                            text: p.text.clone(),
                            indent,
                        }
                    }
                }
            }
            // A heading word over one column only, above a heading of the next
            // header line ("Operating" over "Income (Loss)"), heads that
            // column alone: a one-cell merge says it spans no empty
            // neighbour.
            let stacked = header_zone
                && covered.len() == 1
                && span == 1
                && r + 1 < first_data
                && rows
                    .get(r + 1)
                    .is_some_and(|next| next.phrases.iter().any(|q| q.x0 <= x1 && q.x1 >= x0));
            if span > 1 || stacked {
                merges.push(Merge {
                    first_row: r,
                    first_col: col,
                    last_row: r,
                    last_col: col + span - 1,
                });
            }
        }
        grid.push(row);
    }
    Some(TableGrid {
        top: block.first().map_or(0.0, |l| l.base - l.size),
        bottom: block.last().map_or(0.0, |l| l.base),
        grid,
        merges,
    })
}

fn overlap(column: Option<&Column>, x0: f64, x1: f64) -> f64 {
    column.map_or(0.0, |c| x1.min(c.x1) - x0.max(c.x0))
}

fn nearest(columns: &[Column], x0: f64, x1: f64) -> usize {
    let mid = (x0 + x1) / 2.0;
    columns
        .iter()
        .enumerate()
        .min_by(|(_, a), (_, b)| {
            let da = (mid - (a.x0 + a.x1) / 2.0).abs();
            let db = (mid - (b.x0 + b.x1) / 2.0).abs();
            da.total_cmp(&db)
        })
        .map_or(0, |(i, _)| i)
}
