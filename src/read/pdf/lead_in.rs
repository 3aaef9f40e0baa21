//! The sentence that introduces a table: "The following tables provide a
//! summary of the revenue and gross profit for our Seller segment for the
//! year ended December 31, 2020 and 2019 (in thousands):". A 10-K's MD&A
//! prints a segment's results under such a sentence, and the table itself
//! says no more than "Net revenue … Gross profit": the sentence is what
//! tells a segment's table from the company's.
//!
//! The sentence is the paragraph just above the table's first row, read
//! back to its start, joined with that row when the sentence runs into the
//! table (its unit clause, "(in thousands):"). Only a sentence ending in a
//! colon introduces a table; any other paragraph above is prose.

use super::Line;
use super::TableGrid;

/// Lines of a paragraph read back above a table.
const MAX_LINES: usize = 6;

/// The longest lead-in kept, in bytes.
const MAX_LEN: usize = 600;

/// The sentence introducing `grid`, from the page's lines (top to bottom).
pub(super) fn lead_in(grid: &TableGrid, lines: &[Line]) -> Option<String> {
    let first_row: Option<&str> = grid.grid.first().and_then(|row| {
        let texts = super::units::row_texts(row);
        // A title row holds one text; a header row several.
        match texts.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    });
    // The paragraph above the table's top, nearest line first.
    let mut above: Vec<&Line> = lines.iter().filter(|l| l.base < grid.top).collect();
    above.sort_by(|a, b| b.base.total_cmp(&a.base));
    let mut taken: Vec<&Line> = Vec::new();
    let mut edge = grid.top;
    for line in above {
        // A row of amounts is another table's, not prose.
        if taken.len() >= MAX_LINES
            || line.base < edge - 2.5 * line.size.max(1.0)
            || line.numbers() > 0
        {
            break;
        }
        let text = line.text();
        let ends_sentence = text.trim_end().ends_with(['.', ':']);
        if ends_sentence && !taken.is_empty() {
            // The sentence before the lead-in ends here.
            break;
        }
        edge = line.base;
        taken.push(line);
        if ends_sentence {
            break;
        }
    }
    if taken.is_empty() {
        return None;
    }
    let mut text = taken
        .iter()
        .rev()
        .map(|l| l.text())
        .collect::<Vec<_>>()
        .join(" ");
    if !text.trim_end().ends_with(':') {
        // The sentence runs into the table's first row ("(in thousands):"),
        // which may already hold the unit clause the paragraph opened ("…
        // 2020 and 2019 (in" above "(in thousands):").
        match first_row {
            Some(row) if row.trim_end().ends_with(':') => {
                if let Some(tail) = super::units::open_tail(&text)
                    && row.trim_start().starts_with(tail.trim())
                {
                    let keep = text.len().saturating_sub(tail.len());
                    text.truncate(keep);
                }
                text.push(' ');
                text.push_str(row.trim());
            }
            _ => return None,
        }
    }
    // From the paragraph's last sentence start on.
    let start = text
        .match_indices(". ")
        .map(|(i, _)| i + 2)
        .filter(|&i| {
            text.get(i..)
                .and_then(|t| t.chars().next())
                .is_some_and(char::is_uppercase)
        })
        .last()
        .unwrap_or(0);
    let sentence = text.get(start..).unwrap_or(&text).trim();
    (sentence.len() <= MAX_LEN && sentence.split_whitespace().count() >= 4)
        .then(|| sentence.to_string())
}
