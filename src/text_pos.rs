//! Positions in a text file for messages: the line (and column) of a byte
//! offset, as the readers of answer and vocabulary files report them; and
//! the start of a long text, as a message shows it.

/// The start of a text, for a message: at most `max` characters, `…` when
/// cut, quoted with `{:?}` by the caller.
pub(crate) fn excerpt(text: &str, max: usize) -> String {
    let text = text.trim();
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", text.get(..cut).unwrap_or(text)),
        None => text.to_string(),
    }
}

/// Byte offsets of line starts: many offsets in one file become line
/// numbers by binary search, so numbering every item of a large file stays
/// linear.
pub(crate) struct LineStarts(Vec<usize>);

impl LineStarts {
    /// The line starts of `text`.
    pub(crate) fn new(text: &str) -> LineStarts {
        LineStarts(
            std::iter::once(0)
                .chain(text.match_indices('\n').map(|(at, _)| at + 1))
                .collect(),
        )
    }

    /// The 1-based line of a byte offset.
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        self.0.partition_point(|&start| start <= offset)
    }
}

/// The 1-based line of one byte offset (for a single message; use
/// [`LineStarts`] for many).
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map(|before| before.bytes().filter(|b| *b == b'\n').count())
        .unwrap_or_default()
        + 1
}

/// The 1-based column (in characters) of a byte offset.
pub(crate) fn column_of(text: &str, offset: usize) -> usize {
    let before = text.get(..offset).unwrap_or_default();
    let line_start = before.rfind('\n').map(|at| at + 1).unwrap_or(0);
    before.get(line_start..).unwrap_or_default().chars().count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let text = "ab\ncdé\n\nx";
        let starts = LineStarts::new(text);
        for (offset, line) in [(0, 1), (2, 1), (3, 2), (7, 2), (8, 3), (9, 4), (10, 4)] {
            assert_eq!(starts.line_of(offset), line, "offset {offset}");
            assert_eq!(line_of(text, offset), line, "offset {offset}");
        }
        assert_eq!(column_of(text, 7), 4, "columns count characters, not bytes");
        assert_eq!(line_of(text, 99), 1, "an offset past the end is not a line");
    }
}
