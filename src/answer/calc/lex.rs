//! The calc text read token by token: byte spans of the source (`Span`),
//! numbers as written with their `%` kept apart (`Literal`), the lexer
//! (`lex`, `lex_number`), and the `Parser` cursor that both forms' parsers
//! step through, with the syntax errors it reports.

use std::fmt;

use rust_decimal::Decimal;

use super::{CalcError, clip};

/// A byte range of the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Span {
    pub(super) start: usize,
    end: usize,
}

impl Span {
    pub(super) fn to(self, other: Span) -> Span {
        Span {
            start: self.start,
            end: other.end,
        }
    }

    pub(super) fn text(self, source: &str) -> String {
        clip(source.get(self.start..self.end).unwrap_or(""))
    }
}

/// A number as written: signed (programs only), `%` kept apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Literal {
    /// The number as written, `%` not applied.
    pub(super) written: Decimal,
    percent: bool,
    /// The number with `%` applied.
    pub(super) value: Decimal,
}

impl Literal {
    fn new(
        written: Decimal,
        percent: bool,
        span: Span,
        source: &str,
    ) -> Result<Literal, CalcError> {
        let value = if percent {
            written
                .checked_div(Decimal::ONE_HUNDRED)
                .ok_or_else(|| CalcError::Number {
                    pos: span.start,
                    text: span.text(source),
                })?
        } else {
            written
        };
        Ok(Literal {
            written,
            percent,
            value,
        })
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.written)?;
        if self.percent {
            f.write_str("%")?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tok {
    /// A number: its value as written and whether `%` followed it.
    Num(Decimal, bool),
    /// Digits a `Decimal` cannot hold.
    BadNum,
    Ident,
    /// `#` and digits.
    Hash,
    Plus,
    Minus,
    Star,
    Slash,
    /// `^` or `**`: a power.
    Caret,
    LParen,
    RParen,
    Comma,
    /// Any other character.
    Other,
    End,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Token {
    pub(super) kind: Tok,
    pub(super) span: Span,
}

/// The token at or after byte `at` (whitespace skipped).
fn lex(src: &str, at: usize) -> Token {
    let rest = src.get(at..).unwrap_or("");
    let trimmed = rest.trim_start();
    let start = at + (rest.len() - trimmed.len());
    let token = |kind, len: usize| Token {
        kind,
        span: Span {
            start,
            end: start + len,
        },
    };
    let bytes = trimmed.as_bytes();
    let Some(c) = trimmed.chars().next() else {
        return token(Tok::End, 0);
    };
    match c {
        '0'..='9' | '.' => match lex_number(trimmed) {
            Some((len, Some((value, percent)))) => token(Tok::Num(value, percent), len),
            Some((len, None)) => token(Tok::BadNum, len),
            None => token(Tok::Other, 1),
        },
        'A'..='Z' | 'a'..='z' | '_' => {
            let len = bytes
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                .count();
            token(Tok::Ident, len)
        }
        '#' => {
            let digits = bytes
                .iter()
                .skip(1)
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits == 0 {
                token(Tok::Other, 1)
            } else {
                token(Tok::Hash, 1 + digits)
            }
        }
        '+' => token(Tok::Plus, 1),
        '-' => token(Tok::Minus, 1),
        '\u{2212}' => token(Tok::Minus, c.len_utf8()),
        '*' if bytes.get(1) == Some(&b'*') => token(Tok::Caret, 2),
        '*' => token(Tok::Star, 1),
        '^' => token(Tok::Caret, 1),
        '/' => token(Tok::Slash, 1),
        '(' => token(Tok::LParen, 1),
        ')' => token(Tok::RParen, 1),
        ',' => token(Tok::Comma, 1),
        _ => token(Tok::Other, c.len_utf8()),
    }
}

/// A number at the start of `text`: its length in bytes and its value and
/// percent mark (`None` when a `Decimal` cannot hold it); `None` when `text`
/// does not start with a number (a `.` not followed by a digit).
fn lex_number(text: &str) -> Option<(usize, Option<(Decimal, bool)>)> {
    let bytes = text.as_bytes();
    let digit_at = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    let mut digits = String::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i)
        && b.is_ascii_digit()
    {
        digits.push(char::from(b));
        i += 1;
    }
    // Thousands groups: 1-3 leading digits, then ",ddd" groups.
    if (1..=3).contains(&i) {
        while bytes.get(i) == Some(&b',')
            && digit_at(i + 1)
            && digit_at(i + 2)
            && digit_at(i + 3)
            && !digit_at(i + 4)
        {
            for k in 1..=3 {
                if let Some(&b) = bytes.get(i + k) {
                    digits.push(char::from(b));
                }
            }
            i += 4;
        }
    }
    if bytes.get(i) == Some(&b'.') && digit_at(i + 1) {
        if digits.is_empty() {
            digits.push('0');
        }
        digits.push('.');
        i += 1;
        while let Some(&b) = bytes.get(i)
            && b.is_ascii_digit()
        {
            digits.push(char::from(b));
            i += 1;
        }
    }
    if digits.is_empty() {
        return None;
    }
    let after = text.get(i..).unwrap_or("");
    let after_ws = after.trim_start();
    let percent = after_ws.starts_with('%');
    if percent {
        i += after.len() - after_ws.len() + 1;
    }
    let value = Decimal::from_str_exact(&digits).ok();
    Some((i, value.map(|v| (v, percent))))
}

pub(super) struct Parser<'s> {
    pub(super) src: &'s str,
    pub(super) pos: usize,
}

impl<'s> Parser<'s> {
    pub(super) fn peek(&self) -> Token {
        lex(self.src, self.pos)
    }

    pub(super) fn bump(&mut self, token: Token) {
        self.pos = token.span.end;
    }

    pub(super) fn text(&self, span: Span) -> &'s str {
        self.src.get(span.start..span.end).unwrap_or("")
    }

    pub(super) fn syntax(&self, token: Token, expected: &'static str) -> CalcError {
        if token.kind == Tok::BadNum {
            return self.bad_number(token.span);
        }
        CalcError::Syntax {
            pos: token.span.start,
            expected,
            found: (token.kind != Tok::End).then(|| clip(self.text(token.span))),
        }
    }

    pub(super) fn bad_number(&self, span: Span) -> CalcError {
        CalcError::Number {
            pos: span.start,
            text: span.text(self.src),
        }
    }

    pub(super) fn expect(&mut self, kind: Tok, expected: &'static str) -> Result<Token, CalcError> {
        let token = self.peek();
        if token.kind == kind {
            self.bump(token);
            Ok(token)
        } else {
            Err(self.syntax(token, expected))
        }
    }

    pub(super) fn literal(
        &self,
        written: Decimal,
        percent: bool,
        span: Span,
    ) -> Result<Literal, CalcError> {
        Literal::new(written, percent, span, self.src)
    }
}
