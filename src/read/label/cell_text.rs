//! Text as the labeler reads it from grid cells: a cell's text, a row's
//! texts, a row label with its indent level (in the label column, or in an
//! outline layout's own column), whitespace collapsed, and whether a
//! caption is the first line of a label wrapped onto the next row.

use super::rows::{RowKind, Tok, Toks};
use crate::model::GridValue;
use crate::read::sections::is_upper_case;

pub(super) fn text_at(grid: &[Vec<GridValue>], r: usize, c: usize) -> Option<&str> {
    match grid.get(r)?.get(c)? {
        GridValue::Text { text, .. } if !text.trim().is_empty() => Some(text.as_str()),
        _ => None,
    }
}

pub(super) fn row_texts(grid: &[Vec<GridValue>], r: usize) -> Vec<String> {
    grid.get(r)
        .map(|row| {
            row.iter()
                .filter(|v| !v.is_blank())
                .map(|v| v.text().trim().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// A row label without its leading whitespace, and its indent level: the
/// cell's indent plus one level per two leading spaces (a tab counts two).
pub(super) fn label_at(grid: &[Vec<GridValue>], r: usize, c: usize) -> Option<(String, u8)> {
    let GridValue::Text { text, indent } = grid.get(r)?.get(c)? else {
        return None;
    };
    let mut spaces = 0usize;
    for ch in text.chars() {
        match ch {
            ' ' | '\u{a0}' | '\u{2007}' | '\u{202f}' => spaces += 1,
            '\t' => spaces += 2,
            _ => break,
        }
    }
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return None;
    }
    let level = indent.saturating_add(u8::try_from(spaces.div_ceil(2)).unwrap_or(u8::MAX));
    Some((collapse_whitespace(trimmed), level))
}

/// Runs of whitespace inside a label become one space ("Net  sales" → "Net sales").
pub(super) fn collapse_whitespace(text: &str) -> String {
    let single = !text.bytes().any(|b| b.is_ascii_whitespace() && b != b' ')
        && !text.contains("  ")
        && text.is_ascii();
    if single {
        return text.trim().to_string();
    }
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// A data row whose label column is empty may carry its label in another
/// column (outline layouts: totals one column left, items one right): the
/// last text before the row's first amount, one level out or in.
pub(super) fn outline_label(
    grid: &[Vec<GridValue>],
    toks: &Toks,
    r: usize,
    label_col: Option<usize>,
) -> Option<(String, u8)> {
    let row = toks.get(r)?;
    let first_amount = row.iter().position(|t| matches!(t, Tok::Amount { .. }))?;
    let c = row
        .get(..first_amount)?
        .iter()
        .rposition(|t| matches!(t, Tok::Text))?;
    let (text, indent) = label_at(grid, r, c)?;
    let indent = match label_col {
        Some(l) if c > l => indent.saturating_add(1),
        Some(_) => 0,
        None => indent,
    };
    Some((text, indent))
}

/// A caption that is really the first line of a wrapped label: no colon, not
/// upper case, and the very next row is data whose label starts in lower case.
pub(super) fn continues_on_next_row(
    text: &str,
    grid: &[Vec<GridValue>],
    kinds: &[RowKind],
    r: usize,
    label_col: Option<usize>,
) -> bool {
    if text.ends_with(':') || is_upper_case(text) {
        return false;
    }
    let next = r + 1;
    if kinds.get(next) != Some(&RowKind::Data) {
        return false;
    }
    label_col
        .and_then(|c| label_at(grid, next, c))
        .and_then(|(t, _)| t.chars().next())
        .is_some_and(char::is_lowercase)
}
