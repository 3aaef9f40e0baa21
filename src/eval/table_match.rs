//! Scoring an extracted table against an expected one, numeric cells only,
//! **with position**: a number counts as found only in the right row and the
//! right column, not merely somewhere on the page.
//!
//! Tables from different readers differ in layout without being wrong: one
//! keeps `$` in a column of its own, one adds a title row, one splits a
//! header over two rows. So rows and columns are matched first, each by a
//! monotone alignment (order kept, gaps allowed) that maximises agreeing
//! numbers: rows by the numbers they share, then columns by the numbers that
//! agree across the matched rows. A cell is correct when the expected number
//! sits at the matched row and column.
//!
//! - recall = correct / numeric cells expected (the *accuracy* the PDF
//!   issue targets);
//! - precision = correct / numeric cells the reader put in the rows that
//!   matched (from the first matched row to the last), so numbers outside
//!   the expected table's area do not count against it.
//!
//! A cell is numeric when [`crate::number::parse_amount`] reads it, or when
//! [`crate::number::looks_numeric`] says so ("1.393,4", a decimal comma); two cells
//! agree when their amounts are equal (or, for the latter, their texts).
//! Superscript marks written `<s>…</s>` in expectations are dropped.

use crate::number::{looks_numeric, parse_amount};

/// How one extracted table scores against an expected one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    /// Numeric cells in the expected table.
    pub expected: usize,
    /// Numeric cells of the extracted table within the matched rows.
    pub extracted: usize,
    /// Expected numbers found at the matched row and column.
    pub correct: usize,
}

impl Score {
    /// correct / expected (1 when nothing was expected).
    pub fn recall(&self) -> f64 {
        ratio(self.correct, self.expected)
    }

    /// correct / extracted (1 when nothing was extracted).
    pub fn precision(&self) -> f64 {
        ratio(self.correct, self.extracted)
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 1.0 } else { a as f64 / b as f64 }
}

/// A cell's numeric key: the amount's value, or the compacted text of a
/// number-like cell the amount parser does not read.
pub fn numeric_key(text: &str) -> Option<String> {
    let mut clean = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<s>") {
        clean.push_str(rest.get(..start).unwrap_or(""));
        rest = match rest.get(start..).and_then(|r| r.find("</s>")) {
            Some(end) => rest.get(start + end + 4..).unwrap_or(""),
            None => "",
        };
    }
    clean.push_str(rest);
    let t = clean.trim();
    if t.is_empty() || !t.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    if let Some(amount) = parse_amount(t) {
        let v = amount.value.normalize();
        return Some(format!("{v}{}", if amount.percent { "%" } else { "" }));
    }
    looks_numeric(t).then(|| t.chars().filter(|c| !c.is_whitespace()).collect())
}

type Keys = Vec<Vec<Option<String>>>;

fn keys(grid: &[Vec<String>]) -> Keys {
    grid.iter()
        .map(|row| row.iter().map(|c| numeric_key(c)).collect())
        .collect()
}

/// Monotone alignment of `n` items against `m` maximising the summed
/// `gain(i, j)` of matched pairs; returns the pairs.
fn align(n: usize, m: usize, gain: impl Fn(usize, usize) -> usize) -> Vec<(usize, usize)> {
    let width = m + 1;
    let mut best = vec![0usize; (n + 1) * width];
    let at = |i: usize, j: usize| i * width + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            let g = gain(i, j);
            let take = if g > 0 {
                g + best.get(at(i + 1, j + 1)).copied().unwrap_or(0)
            } else {
                0
            };
            let skip_a = best.get(at(i + 1, j)).copied().unwrap_or(0);
            let skip_b = best.get(at(i, j + 1)).copied().unwrap_or(0);
            if let Some(slot) = best.get_mut(at(i, j)) {
                *slot = take.max(skip_a).max(skip_b);
            }
        }
    }
    let mut pairs = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        let here = best.get(at(i, j)).copied().unwrap_or(0);
        let g = gain(i, j);
        if g > 0 && here == g + best.get(at(i + 1, j + 1)).copied().unwrap_or(0) {
            pairs.push((i, j));
            i += 1;
            j += 1;
        } else if here == best.get(at(i + 1, j)).copied().unwrap_or(0) {
            i += 1;
        } else {
            j += 1;
        }
    }
    pairs
}

fn cell(keys: &Keys, r: usize, c: usize) -> Option<&String> {
    keys.get(r)
        .and_then(|row| row.get(c))
        .and_then(Option::as_ref)
}

/// Scores one extracted grid against the expected grid.
pub fn score(expected: &[Vec<String>], extracted: &[Vec<String>]) -> Score {
    let exp = keys(expected);
    let got = keys(extracted);
    let expected_count = exp.iter().flatten().filter(|k| k.is_some()).count();
    // Rows: shared numbers (as multisets).
    let rows = align(exp.len(), got.len(), |i, k| {
        let mut theirs: Vec<&String> = got
            .get(k)
            .map(|r| r.iter().flatten().collect())
            .unwrap_or_default();
        let mut shared = 0;
        for key in exp.get(i).into_iter().flatten().flatten() {
            if let Some(pos) = theirs.iter().position(|t| *t == key) {
                theirs.swap_remove(pos);
                shared += 1;
            }
        }
        shared
    });
    let exp_cols = exp.iter().map(Vec::len).max().unwrap_or(0);
    let got_cols = got.iter().map(Vec::len).max().unwrap_or(0);
    let agree = |j: usize, l: usize| {
        rows.iter()
            .filter(|&&(i, k)| {
                matches!((cell(&exp, i, j), cell(&got, k, l)), (Some(a), Some(b)) if a == b)
            })
            .count()
    };
    let cols = align(exp_cols, got_cols, agree);
    let correct = cols.iter().map(|&(j, l)| agree(j, l)).sum();
    let extracted_count = match (rows.first(), rows.last()) {
        (Some(&(_, first)), Some(&(_, last))) => got
            .get(first..=last)
            .map(|rs| rs.iter().flatten().filter(|k| k.is_some()).count())
            .unwrap_or(0),
        _ => 0,
    };
    Score {
        expected: expected_count,
        extracted: extracted_count,
        correct,
    }
}

/// The best score of any of a page's extracted grids, or of all of them
/// one below the other (an expectation that serialises a page's tables back
/// to back), against the expected one.
pub fn best_score(expected: &[Vec<String>], candidates: &[Vec<Vec<String>>]) -> Score {
    let stacked: Vec<Vec<String>> = candidates.iter().flatten().cloned().collect();
    candidates
        .iter()
        .chain((candidates.len() > 1).then_some(&stacked))
        .map(|c| score(expected, c))
        .max_by_key(|s| (s.correct, usize::MAX - s.extracted))
        .unwrap_or(Score {
            expected: keys(expected)
                .iter()
                .flatten()
                .filter(|k| k.is_some())
                .count(),
            ..Score::default()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&[&str]]) -> Vec<Vec<String>> {
        rows.iter()
            .map(|r| r.iter().map(|c| c.to_string()).collect())
            .collect()
    }

    #[test]
    fn a_dollar_column_and_an_extra_title_row_cost_nothing() {
        let expected = grid(&[
            &["", "2024", "2023"],
            &["Revenue", "$ 4,203", "$ 3,921"],
            &["Cost", "(1,200)", "(1,100)"],
        ]);
        let extracted = grid(&[
            &["Acme Corp"],
            &["", "", "2024", "", "2023"],
            &["Revenue", "$", "4,203", "$", "3,921"],
            &["Cost", "", "(1,200)", "", "(1,100)"],
        ]);
        let s = score(&expected, &extracted);
        assert_eq!((s.expected, s.correct, s.extracted), (6, 6, 6));
    }

    #[test]
    fn right_number_in_the_wrong_column_is_not_correct() {
        let expected = grid(&[&["A", "1", "2"], &["B", "3", "4"]]);
        let swapped = grid(&[&["A", "2", "1"], &["B", "4", "3"]]);
        let s = score(&expected, &swapped);
        assert_eq!(s.correct, 2, "one column can align, never both");
        let shifted = grid(&[&["A", "1", "2"], &["B", "", "3", "4"]]);
        // Row B shifted one column right: its numbers are not in their
        // columns, whichever way the columns are matched.
        assert_eq!(score(&expected, &shifted).correct, 2);
    }

    #[test]
    fn numeric_keys() {
        assert_eq!(numeric_key("(1,234)").as_deref(), Some("-1234"));
        assert_eq!(numeric_key("$ 71.15").as_deref(), Some("71.15"));
        assert_eq!(numeric_key("3,500<s>1</s>").as_deref(), Some("3500"));
        assert_eq!(numeric_key("1.393,4").as_deref(), Some("1.393,4"));
        assert_eq!(numeric_key("Total"), None);
        assert_eq!(numeric_key("12.5%").as_deref(), Some("12.5%"));
    }
}
