//! Exhibit indexes: the pages of a filing that list its exhibits ("3.1
//! Restated Articles of Incorporation … 8-K 3.1 8/7/20"). Their columns of
//! exhibit numbers, form names and filing dates look like amounts to a
//! table reader ("4.2B" would be 4.2 billion), so a page that is an exhibit
//! index yields no tables; its text stays for quotes.
//!
//! A page is an exhibit index when it says "exhibit" and at least two of
//! its lines start with an exhibit number (`3.1`, `4.2B`, `10.1*`,
//! `101.INS`, `31.1**`) followed by a description of three words or more.

use super::lines::Line;

/// An exhibit number: one to three digits, optionally a point and one to
/// three digits or an XBRL suffix (`101.INS`), optionally a letter, then
/// any footnote marks.
fn is_exhibit_number(text: &str) -> bool {
    let text = text.trim_end_matches(['*', '†', '‡', '+', '#']);
    let (whole, rest) = text.split_once('.').unwrap_or((text, ""));
    let digits =
        |s: &str, n: usize| !s.is_empty() && s.len() <= n && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole, 3) {
        return false;
    }
    if rest.is_empty() {
        return true;
    }
    let tail = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let number = rest.len() - tail.len();
    match (number, tail.len()) {
        (1..=3, 0 | 1) => tail.chars().all(|c| c.is_ascii_alphabetic()),
        (0, 3) => tail.chars().all(|c| c.is_ascii_uppercase()),
        _ => false,
    }
}

/// Whether a line is an exhibit entry: an exhibit number, then words.
fn is_entry(line: &Line) -> bool {
    let mut words = line.words.iter();
    let Some(first) = words.next() else {
        return false;
    };
    let description = line.text();
    let after = description.get(first.text.len()..).unwrap_or_default();
    is_exhibit_number(&first.text)
        && after
            .split_whitespace()
            .filter(|w| w.chars().any(char::is_alphabetic))
            .count()
            >= 3
}

/// Whether the page holding these lines is an exhibit index.
pub(super) fn is_exhibit_index(lines: &[Line]) -> bool {
    let says_exhibit = lines
        .iter()
        .any(|l| l.text().to_lowercase().contains("exhibit"));
    says_exhibit && lines.iter().filter(|l| is_entry(l)).take(2).count() >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhibit_numbers_are_told_from_amounts() {
        for n in ["3.1", "4.2B", "10.1*", "101.INS", "31.1**", "32", "10.20"] {
            assert!(is_exhibit_number(n), "{n}");
        }
        for n in [
            "1,234",
            "4.2 billion",
            "2022",
            "(3.1)",
            "$3.1",
            "1234.5",
            "10.1234",
        ] {
            assert!(!is_exhibit_number(n), "{n}");
        }
    }
}
