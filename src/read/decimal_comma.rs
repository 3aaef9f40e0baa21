//! Numbers written with a decimal comma ("1.234,5", "1,5"), which tickmark
//! does not read: "." is the decimal point and "," groups thousands. Such a
//! field is not silently dropped as text: this module finds them so that the
//! reader can warn with the cells named, and a table with nothing else says
//! why it has no numbers.

use crate::model::{Coord, GridValue, Table};
use crate::number::parse_amount;

/// The most cells a warning names.
const MAX_NAMED: usize = 5;

/// True when `text` is not a number as written, but would be one with the
/// comma read as the decimal point and "." or a space as the thousands
/// separator: "1.234,5", "1,5", "(2.600,00)", "€ 1.234,50".
pub fn is_decimal_comma(text: &str) -> bool {
    let text = text.trim();
    let bytes = text.as_bytes();
    let comma_between_digits = bytes
        .windows(3)
        .any(|w| matches!(w, [a, b',', c] if a.is_ascii_digit() && c.is_ascii_digit()));
    if !comma_between_digits || text.matches(',').count() != 1 || parse_amount(text).is_some() {
        return false;
    }
    let mut swapped = String::with_capacity(text.len());
    let mut previous = ' ';
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let next_is_digit = chars.peek().is_some_and(char::is_ascii_digit);
        match c {
            ',' => swapped.push('.'),
            '.' | ' ' | '\u{a0}' | '\u{202f}' if previous.is_ascii_digit() && next_is_digit => {}
            _ => swapped.push(c),
        }
        previous = c;
    }
    parse_amount(&swapped).is_some()
}

/// The cells of a table that hold a decimal-comma number and were therefore
/// not read, with their text.
pub fn cells(table: &Table) -> Vec<(Coord, &str)> {
    let mut found = Vec::new();
    let mut read: Option<std::collections::HashSet<Coord>> = None;
    for (r, row) in table.grid.iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            if let GridValue::Text { text, .. } = value
                && is_decimal_comma(text)
            {
                let coord = Coord::new(
                    u32::try_from(r + 1).unwrap_or(u32::MAX),
                    u32::try_from(c + 1).unwrap_or(u32::MAX),
                );
                let read =
                    read.get_or_insert_with(|| table.records.iter().map(|r| r.coord).collect());
                if !read.contains(&coord) {
                    found.push((coord, text.as_str()));
                }
            }
        }
    }
    found
}

/// "2 fields written with a decimal comma were not read: B2
/// \"1.234,5\", B3 \"1,5\"; write numbers with \".\" as the decimal point",
/// or `None` when there are none.
pub fn warning(table: &Table) -> Option<String> {
    let found = cells(table);
    if found.is_empty() {
        return None;
    }
    let mut named: Vec<String> = found
        .iter()
        .take(MAX_NAMED)
        .map(|(coord, text)| format!("{coord} {text:?}"))
        .collect();
    if found.len() > MAX_NAMED {
        named.push(format!("and {} more", found.len() - MAX_NAMED));
    }
    Some(format!(
        "{} field{} written with a decimal comma {} not read: {}; tickmark reads \".\" as the decimal point and \",\" as the thousands separator, so write 1.234,5 as 1234.5",
        found.len(),
        if found.len() == 1 { "" } else { "s" },
        if found.len() == 1 { "was" } else { "were" },
        named.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_commas_are_told_from_thousands_separators() {
        for text in [
            "1.234,5",
            "1,5",
            "(2.600,00)",
            "-0,25",
            "1 234,56",
            "12,5%",
            "€ 1.234,50",
        ] {
            assert!(is_decimal_comma(text), "{text}");
        }
        // Near misses: numbers as tickmark reads them, and text.
        for text in [
            "1,234",
            "1,234.5",
            "1.5",
            "100",
            "1,2,3",
            "FY2024, Q1",
            "a,b",
            "2023,",
        ] {
            assert!(!is_decimal_comma(text), "{text}");
        }
    }
}
