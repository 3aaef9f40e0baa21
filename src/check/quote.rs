//! Check 2, quote: a claim's `quote` must appear in the cited scope — the
//! cited cell's row, a cited range or table, a page — after normalizing
//! whitespace, curly quotes, dashes and thousands separators.
//!
//! Exact after normalization, as in the second seed article: a reworded or
//! truncated-in-the-middle quote fails. That is conservative, and the message
//! says so, so that a person knows a near-quote may be behind it.

use super::{Check, Code, CodeDoc};

/// The codes of this check, documented.
pub const DOCS: &[CodeDoc] = &[CodeDoc {
    code: Code::FabricatedQuote,
    check: Check::Quote,
    what: "The claim's quote is not in the cited scope (the cited cell's row, range, table or page) after normalizing whitespace, curly quotes, dashes and thousands separators. Reworded or shortened-inside quotes fail too: the match is exact, which is conservative.",
    why: "An invented quotation attached to a real source is the most persuasive kind of fabrication. Checking it costs a string search and no model call.",
    example: "`\"quote\": \"Revenue 4,300\"` citing `acme.xlsx#IS!B7`, whose row reads \"Revenue 4200 3900 3560\".",
    route: "reanswer.",
}];

/// Normalizes text for quote matching: whitespace runs to one space, curly
/// quotes to straight, dashes (en, em, minus) to `-`, no thousands
/// separators inside numbers, trimmed. Letters keep their case.
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut space = false;
    for (i, &c) in chars.iter().enumerate() {
        let c = match c {
            '\u{2018}' | '\u{2019}' | '\u{201b}' | '\u{2032}' => '\'',
            '\u{201c}' | '\u{201d}' | '\u{201f}' | '\u{2033}' => '"',
            '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
            c if c.is_whitespace() => ' ',
            c => c,
        };
        if c == ' ' {
            space = !out.is_empty();
            continue;
        }
        // "4,200" and "4200" are the same number.
        let between_digits = |at: usize| {
            at > 0
                && chars.get(at - 1).is_some_and(char::is_ascii_digit)
                && chars.get(at + 1).is_some_and(char::is_ascii_digit)
        };
        if c == ',' && between_digits(i) {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    out
}

/// True when the normalized quote is in the normalized scope text.
pub fn found_in(quote: &str, scope: &str) -> bool {
    let quote = normalize(quote);
    !quote.is_empty() && normalize(scope).contains(&quote)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes_what_copying_changes() {
        assert_eq!(normalize("  Revenue\u{a0}\u{a0}4,200 \n"), "Revenue 4200");
        assert_eq!(
            normalize("\u{201c}net\u{201d} \u{2014} 1,234,567"),
            "\"net\" - 1234567"
        );
        assert_eq!(normalize("a, b"), "a, b");
    }

    #[test]
    fn quotes_must_be_exact_after_normalizing() {
        let row = "Revenue 4200 3900 3560";
        assert!(found_in("4,200", row));
        assert!(found_in("Revenue  4,200", row));
        assert!(!found_in("Revenue 4,300", row));
        assert!(!found_in("revenue 4200", row), "case is kept");
        assert!(
            !found_in("Revenue 3900", row),
            "a quote skipping a cell is not in the row"
        );
        assert!(!found_in("", row));
    }
}
