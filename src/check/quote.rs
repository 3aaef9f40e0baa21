//! Check 2, quote: a claim's `quote` must appear in the cited scope — the
//! cited cell's row and, for a quote holding no number, the lines its table
//! is titled with (a lead-in sentence), a cited range or table, a page — as
//! a reader sees it.
//!
//! Both texts are normalized (whitespace, curly quotes, dashes, thousands
//! separators inside numbers, case) and cut into tokens: words, numbers and
//! single marks. The quote's tokens must appear in the scope's, in order and
//! next to each other, each whole: a quote ending inside a number ("447 380
//! 41" of "447 380 412") or a word is not in the scope. Numbers compare by
//! value ("2.30" is "2.3"), so a spreadsheet cell matches as its number
//! format shows it ("$ 184,512", "(371,905)", "−1,735.8") and as its raw
//! value. A reworded or truncated quote fails: conservative, and the
//! message says so, so that a person knows a near-quote may be behind it.

use super::{Check, Code, CodeDoc};

/// The codes of this check, documented.
pub const DOCS: &[CodeDoc] = &[CodeDoc {
    code: Code::FabricatedQuote,
    check: Check::Quote,
    what: "The claim's quote is not in the cited scope (the cited cell's row and, for a quote holding no number, its table's title lines; a range, table or page; for a number tagged in a filing's prose, cited by its fact id, the paragraph it is printed in) as a reader sees it: after normalizing case, whitespace, curly quotes, dashes and thousands separators, its words and numbers must appear in order, each whole. A quote that ends inside a number (\"4,20\" of \"4,200\") or a word, or that is reworded, fails: the match is exact, which is conservative. A spreadsheet cell matches as its number format shows it (\"$ 184,512\", \"(371,905)\") and as its raw value.",
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

/// One token of normalized text.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Number(rust_decimal::Decimal, String),
    Mark(char),
}

impl Token {
    fn same(&self, other: &Token) -> bool {
        match (self, other) {
            (Token::Number(a, _), Token::Number(b, _)) => a == b,
            (a, b) => a == b,
        }
    }
}

/// Normalized text (see [`normalize`]) cut into words, numbers and marks,
/// lower case.
fn tokens(text: &str) -> Vec<Token> {
    let text = normalize(text).to_lowercase();
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        if c.is_ascii_digit() {
            let mut end = start + 1;
            while let Some(&(at, next)) = chars.peek() {
                let digit_after = text
                    .get(at + 1..)
                    .and_then(|r| r.chars().next())
                    .is_some_and(|d| d.is_ascii_digit());
                if next.is_ascii_digit() || (next == '.' && digit_after) {
                    chars.next();
                    end = at + 1;
                } else {
                    break;
                }
            }
            let digits = text.get(start..end).unwrap_or("").to_string();
            match digits.parse() {
                Ok(value) => out.push(Token::Number(value, digits)),
                Err(_) => out.push(Token::Word(digits)),
            }
        } else if c.is_alphanumeric() {
            let mut word = String::from(c);
            while let Some(&(_, next)) = chars.peek() {
                if next.is_alphanumeric() && !next.is_ascii_digit() {
                    word.push(next);
                    chars.next();
                } else {
                    break;
                }
            }
            out.push(Token::Word(word));
        } else {
            out.push(Token::Mark(c));
        }
    }
    out
}

/// True when the quote's tokens appear, in order and whole, in the scope's.
pub fn found_in(quote: &str, scope: &str) -> bool {
    let quote = tokens(quote);
    if quote.is_empty() {
        return false;
    }
    let scope = tokens(scope);
    scope
        .windows(quote.len())
        .any(|window| window.iter().zip(&quote).all(|(a, b)| a.same(b)))
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
        assert!(found_in("revenue 4200", row), "case is not kept");
        assert!(
            !found_in("Revenue 3900", row),
            "a quote skipping a cell is not in the row"
        );
        assert!(!found_in("", row));
        assert!(!found_in("   ", row));
    }

    #[test]
    fn quotes_end_at_token_boundaries() {
        let row = "Net income 447 380 412";
        assert!(found_in("Net income 447 380 412", row));
        assert!(
            !found_in("Net income 447 380 41", row),
            "ends inside a number"
        );
        assert!(!found_in("4,20", "Revenue $ 4,200 3,900"));
        assert!(!found_in("184", "Revenue $ 184,512 $ 171,236"));
        assert!(!found_in("200,99", "Total revenue 200,994 181,135"));
        assert!(!found_in("Net inc", row), "ends inside a word");
        assert!(!found_in("et income", row), "starts inside a word");
        // Near misses that are whole.
        assert!(found_in("$ 184,512", "Revenue $ 184,512 $ 171,236"));
        assert!(found_in("$184,512", "Revenue $ 184,512 $ 171,236"));
        assert!(found_in("2.30", "Basic 2.3 1.95"));
    }

    #[test]
    fn a_reader_sees_the_number_format() {
        assert!(found_in("(371,905)", "Total costs (371905) (340,122)"));
        assert!(found_in(
            "\u{2212}1,735.8",
            "Cost of sales -1735.8 -1,612.2"
        ));
        assert!(found_in("“Net income”", "\"Net income\" 447"));
    }
}
