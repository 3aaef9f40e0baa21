//! Financial amounts as written — "(1,234)", "$4.2 billion", "12.5%", "—",
//! "1,234(a)" — into signed `rust_decimal::Decimal`s with the precision as
//! written. Never `f64`: spreadsheet floats come in through their shortest
//! round-tripping decimal text ([`decimal_from_f64`]).
//!
//! This module reads one amount at a time; which scale a table applies (its
//! unit line) is the labeler's business ([`crate::read::label`]).
//!
//! # What [`parse_amount`] reads
//!
//! One amount, with optional marks around it, and nothing else:
//!
//! - digits, grouped in threes by `,`, `'`, `’` or one space (ASCII, NBSP,
//!   narrow NBSP, thin or figure space) — one separator kind per number — or
//!   ungrouped, with an optional `.` fraction: "1,234,567.89", "1 234", ".5";
//! - a sign: leading `-`, `−` (U+2212) or `+`; an en dash `–` only when
//!   written directly before the number or its currency; a trailing `-`/`−`
//!   written directly after the number ("1,234-", but not the hyphen of a
//!   form name: "10-K" is no amount); or accounting parentheses.
//!   A sign inside or outside parentheses does not cancel them: "(-1,234)"
//!   and "-(1,234)" read as -1234;
//! - a currency symbol or ISO code before or after ([`currency`]);
//! - a scale word or suffix after ([`scale_word`]), kept in `scale`, never
//!   multiplied into `value`;
//! - `%`, "percent", "per cent" or "pct";
//! - footnote marks after the number: `*`, `†`, `‡`, `§`, `¶`, superscript
//!   digits, and a parenthesised or bracketed group of one or two digits, one
//!   or two letters, or a roman numeral up to four letters ("(a)", "(1)",
//!   "\[iv\]") — a group after a complete number is a footnote, "(1)" alone is
//!   minus one;
//! - or instead of a number, a run of dashes (`-`, `–`, `—`, ...) meaning nil,
//!   read as zero with `dash` set.
//!
//! Anything else rejects the text: other words ("1,234 shares", "about 4"),
//! dates, ranges, scientific notation ("1e5"), decimal commas ("12,34"),
//! trailing punctuation ("4.2."), a percent together with a currency or a
//! scale word, and values a `Decimal` cannot hold.

use rust_decimal::Decimal;

use crate::model::{Amount, Currency};

/// A number as a message shows it: thousands grouped, at most `max_dp`
/// decimal places (rounded half away from zero), trailing zeros dropped:
/// 4200000000 → "4,200,000,000", 0.0769230769… → "0.076923" (with 6).
pub fn readable(value: Decimal, max_dp: u32) -> String {
    let value = value
        .round_dp_with_strategy(max_dp, rust_decimal::RoundingStrategy::MidpointAwayFromZero)
        .normalize();
    let text = value.abs().to_string();
    let (int, frac) = text.split_once('.').unwrap_or((text.as_str(), ""));
    let mut grouped = String::with_capacity(text.len() + text.len() / 3 + 1);
    if value.is_sign_negative() && !value.is_zero() {
        grouped.push('-');
    }
    for (i, digit) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    if !frac.is_empty() {
        grouped.push('.');
        grouped.push_str(frac);
    }
    grouped
}

/// The word for a scale in messages: 1000 → "thousand", 10^6 → "million",
/// 10^9 → "billion"; `None` for 1 or another factor.
pub fn scale_name(scale: Decimal) -> Option<&'static str> {
    [
        (Decimal::new(1_000, 0), "thousand"),
        (Decimal::new(1_000_000, 0), "million"),
        (Decimal::new(1_000_000_000, 0), "billion"),
        (Decimal::new(1_000_000_000_000, 0), "trillion"),
    ]
    .into_iter()
    .find(|(factor, _)| *factor == scale)
    .map(|(_, name)| name)
}

/// Reads a financial amount; `None` when the text is not one ("n/m", "Note 4",
/// "December 31, 2023", "").
///
/// True for digits written with separators, parentheses, signs or `%` only
/// ("1.393,4", a decimal comma; "( 498,5)"): a number to the eye even where
/// [`parse_amount`] does not read it. Table readers place such cells in
/// value columns; they are never given a value.
pub fn looks_numeric(text: &str) -> bool {
    text.chars().any(|c| c.is_ascii_digit())
        && text.chars().all(|c| {
            c.is_ascii_digit() || matches!(c, '.' | ',' | ' ' | '(' | ')' | '-' | '−' | '%')
        })
}

/// `value` is signed and in the units written; `decimals` (and the scale of
/// `value`) is the number of digits written after the decimal point. See the
/// module documentation for the forms accepted.
pub fn parse_amount(text: &str) -> Option<Amount> {
    let mut s = Scan { rest: text };
    let mut sign = Sign::None;
    let mut paren = false;
    let mut cur: Option<Currency> = None;

    // Prefix: parentheses, sign and currency in any order, each at most once.
    let body = loop {
        s.skip_ws();
        let c = s.peek()?;
        match c {
            '0'..='9' | '.' => break Body::Number(scan_number(&mut s)?),
            '(' if !paren => {
                paren = true;
                s.bump();
            }
            '+' if sign == Sign::None => {
                sign = Sign::Plus;
                s.bump();
            }
            c if is_dash(c) => {
                let mut after = s;
                after.bump();
                if sign == Sign::None && dash_is_sign(c, after) {
                    sign = Sign::Minus;
                    s = after;
                    continue;
                }
                if sign != Sign::None {
                    return None;
                }
                s.take_while(is_dash_or_space);
                break Body::Dash;
            }
            _ => {
                if cur.is_some() {
                    return None;
                }
                cur = Some(s.currency_token()?);
            }
        }
    };

    // Suffix: closing parenthesis, trailing minus, scale, percent, currency,
    // then footnotes.
    let mut closed = false;
    let mut trailing_minus = false;
    let mut percent = false;
    let mut scale: u8 = 0;
    let mut footnote = false;
    let mut first = true;
    loop {
        // A trailing minus is written directly after the number.
        let attached = !s.skip_ws() && first;
        first = false;
        let Some(c) = s.peek() else { break };
        let closes = c == ')' && paren && !closed;
        if footnote && !closes && !matches!(c, '(' | '[') && !is_footnote_mark(c) {
            return None;
        }
        match c {
            _ if closes => {
                closed = true;
                s.bump();
            }
            '%' if !percent => {
                percent = true;
                s.bump();
            }
            '(' | '[' => {
                s.footnote_group()?;
                footnote = true;
            }
            c if is_footnote_mark(c) => {
                s.bump();
                footnote = true;
            }
            '-' | '\u{2212}'
                if attached && !paren && sign == Sign::None && matches!(body, Body::Number(_)) =>
            {
                s.bump();
                // A hyphen inside a name ("10-K", "8-K", "20-F") is no sign.
                if s.peek().is_some_and(char::is_alphanumeric) {
                    return None;
                }
                trailing_minus = true;
            }
            c if c.is_ascii_alphabetic() => {
                let word = s.take_while(|c| c.is_ascii_alphabetic());
                if s.peek() == Some('$') {
                    // "US$", "C$" written after the number.
                    if cur.is_some() {
                        return None;
                    }
                    cur = Some(currency_dollar(word)?);
                    s.bump();
                } else if let Some(power) = scale_exponent(word) {
                    if scale != 0 {
                        return None;
                    }
                    scale = power;
                } else if word.eq_ignore_ascii_case("percent") || word.eq_ignore_ascii_case("pct") {
                    if percent {
                        return None;
                    }
                    percent = true;
                } else if word.eq_ignore_ascii_case("per") {
                    s.skip_ws();
                    let next = s.take_while(|c| c.is_ascii_alphabetic());
                    if percent || !next.eq_ignore_ascii_case("cent") {
                        return None;
                    }
                    percent = true;
                } else {
                    if cur.is_some() {
                        return None;
                    }
                    cur = Some(currency_code(word)?);
                }
            }
            c => {
                if cur.is_some() {
                    return None;
                }
                cur = Some(Currency::from_code(symbol_currency(c)?)?);
                s.bump();
            }
        }
    }

    if paren != closed
        || (percent && (scale != 0 || cur.is_some()))
        || (sign == Sign::Plus && (paren || trailing_minus))
    {
        return None;
    }
    let (value, decimals) = match body {
        Body::Dash => (Decimal::ZERO, 0),
        Body::Number(Digits { mantissa, decimals }) => {
            let magnitude = i128::try_from(mantissa).ok()?;
            let negative = sign == Sign::Minus || paren || trailing_minus;
            let signed = if negative { -magnitude } else { magnitude };
            (
                Decimal::try_from_i128_with_scale(signed, decimals).ok()?,
                decimals,
            )
        }
    };
    Some(Amount {
        value,
        decimals,
        scale_exp: scale,
        percent,
        currency: cur,
        parens: paren,
        dash: matches!(body, Body::Dash),
    })
}

/// The exact decimal a spreadsheet float stands for: the shortest decimal text
/// that round-trips to the same `f64`, with its number of decimals. `None` for
/// NaN, infinities and magnitudes a `Decimal` cannot hold.
///
/// The decimal keeps exactly the written precision (0.1 → 0.1 with 1 decimal,
/// 1234.0 → 1234 with 0, 1e21 → 1000000000000000000000 with 0); -0.0 reads as
/// 0. Values needing more than 28 decimals (most of those below 1e-12) are
/// `None`, as are magnitudes of 2^96 and above.
pub fn decimal_from_f64(value: f64) -> Option<(Decimal, u32)> {
    if !value.is_finite() {
        return None;
    }
    // Whole numbers below 2^53 are exact in an f64 and are their own shortest
    // text: the common spreadsheet case skips formatting (-0.0 lands here too).
    if value.trunc() == value && value.abs() < 9_007_199_254_740_992.0 {
        return Some((Decimal::from(value as i64), 0));
    }
    if let Some(found) = few_decimals(value) {
        return Some(found);
    }
    let mut buffer = ryu::Buffer::new();
    shortest_to_decimal(buffer.format_finite(value))
}

/// Powers of ten exactly representable as `f64`.
const POWERS_OF_TEN: [f64; 16] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/// The fast path of [`decimal_from_f64`] for the common spreadsheet float
/// (a few decimals, well inside 2^50 once scaled): the fewest decimals `k`
/// such that `n = round(value · 10^k)` maps back to exactly `value` (`n /
/// 10^k` is correctly rounded). With `|n| < 2^50` the candidates `k`
/// decimals apart are several ulps of `value` apart, so at most one decimal
/// with `k` digits round-trips and this finds the same shortest decimal as the
/// general path, without formatting text. `None` hands over to that path.
fn few_decimals(value: f64) -> Option<(Decimal, u32)> {
    const LIMIT: f64 = 1_125_899_906_842_624.0; // 2^50
    for (k, power) in POWERS_OF_TEN.iter().enumerate() {
        let n = (value * power).round();
        if n.abs() >= LIMIT {
            return None;
        }
        if n / power == value {
            let decimals = u32::try_from(k).ok()?;
            return Some((Decimal::new(n as i64, decimals), decimals));
        }
    }
    None
}

/// Reads ryu's output ("-1234.5", "0.001", "1.5e-7", "1e21") into a decimal
/// with no trailing fractional zeros.
fn shortest_to_decimal(text: &str) -> Option<(Decimal, u32)> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (significand, exponent) = match digits.split_once(['e', 'E']) {
        Some((significand, exponent)) => (significand, exponent.parse::<i32>().ok()?),
        None => (digits, 0),
    };
    let mut exponent = exponent;
    let mut mantissa: u64 = 0;
    let mut in_fraction = false;
    for b in significand.bytes() {
        match b {
            b'0'..=b'9' => {
                mantissa = mantissa.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
                if in_fraction {
                    exponent = exponent.checked_sub(1)?;
                }
            }
            b'.' if !in_fraction => in_fraction = true,
            _ => return None,
        }
    }
    while mantissa != 0 && mantissa.is_multiple_of(10) {
        mantissa /= 10;
        exponent = exponent.checked_add(1)?;
    }
    let magnitude = i128::from(mantissa);
    let signed = if negative { -magnitude } else { magnitude };
    if exponent >= 0 {
        let power = 10i128.checked_pow(u32::try_from(exponent).ok()?)?;
        let value = Decimal::try_from_i128_with_scale(signed.checked_mul(power)?, 0).ok()?;
        Some((value, 0))
    } else {
        let decimals = exponent.unsigned_abs();
        let value = Decimal::try_from_i128_with_scale(signed, decimals).ok()?;
        Some((value, decimals))
    }
}

/// Scale words with their power of ten; matched case-insensitively.
const SCALE_WORDS: &[(&str, u32)] = &[
    ("k", 3),
    ("thousand", 3),
    ("thousands", 3),
    ("m", 6),
    ("mm", 6),
    ("mn", 6),
    ("mln", 6),
    ("million", 6),
    ("millions", 6),
    ("b", 9),
    ("bn", 9),
    ("bln", 9),
    ("billion", 9),
    ("billions", 9),
    ("tn", 12),
    ("trillion", 12),
    ("trillions", 12),
];

/// The multiplier of a scale word: "thousand(s)", "k", "million(s)", "mn",
/// "m", "mm", "billion(s)", "bn", "b", "trillion(s)", "tn" (case-insensitive;
/// also "mln" and "bln"; surrounding whitespace ignored). "t" alone is not a
/// scale word.
pub fn scale_word(word: &str) -> Option<Decimal> {
    scale_exponent(word).map(|power| Decimal::from(10u64.pow(u32::from(power))))
}

/// The power of ten of a scale word ("million" → 6), as [`scale_word`].
pub fn scale_exponent(word: &str) -> Option<u8> {
    let word = word.trim();
    SCALE_WORDS
        .iter()
        .find(|(w, _)| w.eq_ignore_ascii_case(word))
        .and_then(|&(_, power)| u8::try_from(power).ok())
}

/// Letter prefixes of a `$` sign and the currency they make ("US$", "C$").
const DOLLARS: &[(&str, &str)] = &[
    ("US", "USD"),
    ("C", "CAD"),
    ("CA", "CAD"),
    ("CAN", "CAD"),
    ("A", "AUD"),
    ("AU", "AUD"),
    ("HK", "HKD"),
    ("S", "SGD"),
    ("SG", "SGD"),
    ("NZ", "NZD"),
    ("R", "BRL"),
    ("MX", "MXN"),
    ("NT", "TWD"),
];

/// A currency symbol or code: "$", "US$", "€", "£", "¥", "USD", "EUR", ...
///
/// Symbols: `$` and `US$` → USD, `C$`/`CA$` → CAD, `A$`/`AU$` → AUD, `HK$`,
/// `S$`, `NZ$`, `R$` (BRL), `MX$`, `NT$` (TWD), `€` → EUR, `£` → GBP, `¥`/`￥`
/// → JPY, `₹` → INR, `₩` → KRW, `₽` → RUB, `₺` → TRY, `₪` → ILS; "RMB" →
/// CNY. Codes from a fixed table, upper case only (a lower-case "try" or
/// "cad" is a word, not a currency). Surrounding whitespace is ignored.
pub fn currency(token: &str) -> Option<Currency> {
    let token = token.trim();
    let mut chars = token.chars();
    if let (Some(c), None) = (chars.next(), chars.next())
        && let Some(code) = symbol_currency(c)
    {
        return Currency::from_code(code);
    }
    if let Some(letters) = token.strip_suffix('$') {
        return currency_dollar(letters);
    }
    currency_code(token)
}

/// A currency written as one symbol character.
fn symbol_currency(c: char) -> Option<&'static str> {
    Some(match c {
        '$' => "USD",
        '€' => "EUR",
        '£' => "GBP",
        '¥' | '￥' => "JPY",
        '₹' => "INR",
        '₩' => "KRW",
        '₽' => "RUB",
        '₺' => "TRY",
        '₪' => "ILS",
        _ => return None,
    })
}

/// The currency of a letter prefix before `$` ("US" of "US$").
fn currency_dollar(letters: &str) -> Option<Currency> {
    if letters.is_empty() {
        return Some(Currency::USD);
    }
    DOLLARS
        .iter()
        .find(|(prefix, _)| *prefix == letters)
        .and_then(|&(_, code)| Currency::from_code(code))
}

/// An ISO code tickmark knows ([`Currency::from_code`], upper case only), or "RMB".
fn currency_code(word: &str) -> Option<Currency> {
    if word == "RMB" {
        return Currency::from_code("CNY");
    }
    Currency::from_code(word)
}

/// The sign written before the number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sign {
    None,
    Minus,
    Plus,
}

/// The digits of a number: the unsigned mantissa and the decimals written.
#[derive(Debug, Clone, Copy)]
struct Digits {
    mantissa: u128,
    decimals: u32,
}

/// What stands where the number goes.
#[derive(Debug, Clone, Copy)]
enum Body {
    Number(Digits),
    Dash,
}

/// A cursor over the text still to read.
#[derive(Debug, Clone, Copy)]
struct Scan<'a> {
    rest: &'a str,
}

impl<'a> Scan<'a> {
    fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let mut chars = self.rest.chars();
        let c = chars.next();
        self.rest = chars.as_str();
        c
    }

    /// Skips whitespace; true if there was any.
    fn skip_ws(&mut self) -> bool {
        let before = self.rest.len();
        self.rest = self.rest.trim_start_matches(is_space);
        self.rest.len() != before
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'a str {
        let end = self
            .rest
            .char_indices()
            .find(|&(_, c)| !keep(c))
            .map_or(self.rest.len(), |(i, _)| i);
        self.split(end)
    }

    fn take_digits(&mut self) -> &'a str {
        let end = self
            .rest
            .bytes()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(self.rest.len());
        self.split(end)
    }

    fn split(&mut self, at: usize) -> &'a str {
        let (head, tail) = self.rest.split_at_checked(at).unwrap_or((self.rest, ""));
        self.rest = tail;
        head
    }

    /// A currency written before the number: a symbol, an upper-case code or
    /// letters before `$`.
    fn currency_token(&mut self) -> Option<Currency> {
        let c = self.peek()?;
        if let Some(code) = symbol_currency(c) {
            self.bump();
            return Currency::from_code(code);
        }
        if !c.is_ascii_uppercase() {
            return None;
        }
        let word = self.take_while(|c| c.is_ascii_alphabetic());
        if self.peek() == Some('$') {
            self.bump();
            currency_dollar(word)
        } else {
            currency_code(word)
        }
    }

    /// A footnote group after the number: "(a)", "(1)", "[iv]", "(*)".
    fn footnote_group(&mut self) -> Option<()> {
        let close = match self.bump()? {
            '(' => ')',
            '[' => ']',
            _ => return None,
        };
        self.skip_ws();
        let digits = self.take_digits();
        let letters = self.take_while(|c| c.is_ascii_alphabetic());
        let marks = self.take_while(is_footnote_mark);
        let ok = match (digits.len(), letters.len(), marks.len()) {
            (1..=2, 0, 0) | (0, 1..=2, 0) | (0, 0, 1..=3) => true,
            (0, 3..=4, 0) => letters
                .chars()
                .all(|c| matches!(c, 'i' | 'v' | 'x' | 'I' | 'V' | 'X')),
            _ => false,
        };
        self.skip_ws();
        (ok && self.bump()? == close).then_some(())
    }
}

/// The digits of a number: an integer part grouped in threes or not, and an
/// optional fraction; at least one digit.
fn scan_number(s: &mut Scan<'_>) -> Option<Digits> {
    let int = s.take_digits();
    let mut mantissa = push_digits(0, int)?;
    if (1..=3).contains(&int.len()) && !int.starts_with('0') {
        let mut separator: Option<char> = None;
        while let Some(c) = s.peek() {
            if !is_group_separator(c) || separator.is_some_and(|sep| sep != c) {
                break;
            }
            let mut after = *s;
            after.bump();
            let group = after.take_digits();
            if group.len() != 3 {
                break;
            }
            mantissa = push_digits(mantissa, group)?;
            separator = Some(c);
            *s = after;
        }
    }
    let mut decimals = 0;
    if let Some(after_point) = s.rest.strip_prefix('.') {
        let mut after = Scan { rest: after_point };
        let fraction = after.take_digits();
        if !fraction.is_empty() {
            mantissa = push_digits(mantissa, fraction)?;
            decimals = u32::try_from(fraction.len()).ok()?;
            *s = after;
        }
    }
    if int.is_empty() && decimals == 0 {
        return None;
    }
    Some(Digits { mantissa, decimals })
}

/// Appends ASCII digits to a mantissa; `None` on overflow.
fn push_digits(mut mantissa: u128, digits: &str) -> Option<u128> {
    for b in digits.bytes() {
        mantissa = mantissa
            .checked_mul(10)?
            .checked_add(u128::from(b.wrapping_sub(b'0')))?;
    }
    Some(mantissa)
}

/// Whether a dash before the number is its minus sign (rather than a nil
/// dash): `-` and `−` when a number, parenthesis or currency follows, possibly
/// after a space; an en dash only when one follows directly.
fn dash_is_sign(dash: char, mut after: Scan<'_>) -> bool {
    let spaced_ok = match dash {
        '-' | '\u{2212}' | '\u{2010}' | '\u{2011}' | '\u{FE63}' | '\u{FF0D}' => true,
        '\u{2013}' => false,
        _ => return false,
    };
    if after.skip_ws() && !spaced_ok {
        return false;
    }
    after.peek().is_some_and(|c| {
        c.is_ascii_digit()
            || c == '.'
            || c == '('
            || c.is_ascii_uppercase()
            || symbol_currency(c).is_some()
    })
}

/// Characters standing for a dash: hyphen-minus, minus sign, hyphens, figure,
/// en and em dashes, horizontal bar, small and full-width forms.
fn is_dash(c: char) -> bool {
    matches!(
        c,
        '-' | '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE58}' | '\u{FE63}' | '\u{FF0D}'
    )
}

fn is_dash_or_space(c: char) -> bool {
    is_dash(c) || is_space(c)
}

/// Whitespace, including NBSP, narrow NBSP and thin space, plus zero-width
/// space and BOM that PDF text carries.
fn is_space(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\u{200B}' | '\u{FEFF}')
}

/// Separators of thousands groups.
fn is_group_separator(c: char) -> bool {
    matches!(
        c,
        ',' | '\'' | '\u{2019}' | ' ' | '\u{A0}' | '\u{2007}' | '\u{2009}' | '\u{202F}'
    )
}

/// Footnote marks written after a number.
fn is_footnote_mark(c: char) -> bool {
    matches!(
        c,
        '*' | '†' | '‡' | '§' | '¶' | '\u{00B9}' | '\u{00B2}' | '\u{00B3}' | '\u{2070}' | '\u{2074}'
            ..='\u{2079}'
    )
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use proptest::prelude::*;

    use super::*;

    fn dec(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    /// Expected reading: text, value, decimals, scale power (0 = none),
    /// currency, flags ('P' parens, '%' percent, 'D' dash).
    type Row = (
        &'static str,
        &'static str,
        u32,
        u32,
        Option<&'static str>,
        &'static str,
    );

    const ACCEPTED: &[Row] = &[
        // plain and grouped
        ("1234", "1234", 0, 0, None, ""),
        ("1,234", "1234", 0, 0, None, ""),
        ("1,234,567.89", "1234567.89", 2, 0, None, ""),
        ("0.5", "0.5", 1, 0, None, ""),
        (".5", "0.5", 1, 0, None, ""),
        ("+12", "12", 0, 0, None, ""),
        ("2023", "2023", 0, 0, None, ""),
        ("4.20", "4.20", 2, 0, None, ""),
        ("0", "0", 0, 0, None, ""),
        ("007", "7", 0, 0, None, ""),
        ("1234567.891", "1234567.891", 3, 0, None, ""),
        ("1'234", "1234", 0, 0, None, ""),
        ("-.5", "-0.5", 1, 0, None, ""),
        // negatives
        ("(1,234)", "-1234", 0, 0, None, "P"),
        ("( 1,234 )", "-1234", 0, 0, None, "P"),
        ("-1,234", "-1234", 0, 0, None, ""),
        ("- 1,234", "-1234", 0, 0, None, ""),
        ("\u{2212}1,234", "-1234", 0, 0, None, ""),
        ("\u{2013}1,234", "-1234", 0, 0, None, ""),
        ("1,234-", "-1234", 0, 0, None, ""),
        ("1,234\u{2212}", "-1234", 0, 0, None, ""),
        ("1,234.00- EUR", "-1234.00", 2, 0, Some("EUR"), ""),
        ("1 234-", "-1234", 0, 0, None, ""),
        ("$(1,234)", "-1234", 0, 0, Some("USD"), "P"),
        ("($1,234)", "-1234", 0, 0, Some("USD"), "P"),
        ("$ (1,234.56)", "-1234.56", 2, 0, Some("USD"), "P"),
        ("(1,234.5)", "-1234.5", 1, 0, None, "P"),
        ("(12.5)%", "-12.5", 1, 0, None, "P%"),
        ("(12.5%)", "-12.5", 1, 0, None, "P%"),
        ("-12.5 %", "-12.5", 1, 0, None, "%"),
        ("(-1,234)", "-1234", 0, 0, None, "P"),
        ("-(1,234)", "-1234", 0, 0, None, "P"),
        ("-$1,234", "-1234", 0, 0, Some("USD"), ""),
        ("$-1,234", "-1234", 0, 0, Some("USD"), ""),
        ("\u{2013}$1,234", "-1234", 0, 0, Some("USD"), ""),
        ("(1)", "-1", 0, 0, None, "P"),
        ("(0)", "0", 0, 0, None, "P"),
        ("($1.2 billion)", "-1.2", 1, 9, Some("USD"), "P"),
        ("$(1.2) billion", "-1.2", 1, 9, Some("USD"), "P"),
        // currencies
        ("$1,234", "1234", 0, 0, Some("USD"), ""),
        ("$ 1,234", "1234", 0, 0, Some("USD"), ""),
        ("US$ 1.2", "1.2", 1, 0, Some("USD"), ""),
        ("US$1.2", "1.2", 1, 0, Some("USD"), ""),
        ("\u{20ac}4.2m", "4.2", 1, 6, Some("EUR"), ""),
        ("\u{a3}3bn", "3", 0, 9, Some("GBP"), ""),
        ("\u{a5}100", "100", 0, 0, Some("JPY"), ""),
        ("C$5", "5", 0, 0, Some("CAD"), ""),
        ("A$5", "5", 0, 0, Some("AUD"), ""),
        ("HK$5", "5", 0, 0, Some("HKD"), ""),
        ("1,234 EUR", "1234", 0, 0, Some("EUR"), ""),
        ("1,234EUR", "1234", 0, 0, Some("EUR"), ""),
        ("EUR 1,234", "1234", 0, 0, Some("EUR"), ""),
        ("EUR1,234", "1234", 0, 0, Some("EUR"), ""),
        ("USD 4.2 billion", "4.2", 1, 9, Some("USD"), ""),
        ("4.2 billion USD", "4.2", 1, 9, Some("USD"), ""),
        ("CHF 12", "12", 0, 0, Some("CHF"), ""),
        ("1,234 \u{20ac}", "1234", 0, 0, Some("EUR"), ""),
        ("1,234$", "1234", 0, 0, Some("USD"), ""),
        ("1,234 US$", "1234", 0, 0, Some("USD"), ""),
        ("RMB 5", "5", 0, 0, Some("CNY"), ""),
        ("\u{20b9}5 mn", "5", 0, 6, Some("INR"), ""),
        // scale words
        ("4.2 billion", "4.2", 1, 9, None, ""),
        ("4.2bn", "4.2", 1, 9, None, ""),
        ("4.2B", "4.2", 1, 9, None, ""),
        ("4.2 bn", "4.2", 1, 9, None, ""),
        ("482 thousand", "482", 0, 3, None, ""),
        ("482 thousands", "482", 0, 3, None, ""),
        ("5k", "5", 0, 3, None, ""),
        ("5K", "5", 0, 3, None, ""),
        ("12m", "12", 0, 6, None, ""),
        ("12M", "12", 0, 6, None, ""),
        ("12 mn", "12", 0, 6, None, ""),
        ("12 million", "12", 0, 6, None, ""),
        ("12 millions", "12", 0, 6, None, ""),
        ("12 Million", "12", 0, 6, None, ""),
        ("3.4 MM", "3.4", 1, 6, None, ""),
        ("3.4mm", "3.4", 1, 6, None, ""),
        ("1.5 trillion", "1.5", 1, 12, None, ""),
        ("1.5tn", "1.5", 1, 12, None, ""),
        ("1.5 TRILLION", "1.5", 1, 12, None, ""),
        ("(4.2)bn", "-4.2", 1, 9, None, "P"),
        // percent
        ("12.5%", "12.5", 1, 0, None, "%"),
        ("12.5 %", "12.5", 1, 0, None, "%"),
        ("12.5 percent", "12.5", 1, 0, None, "%"),
        ("12.5 Percent", "12.5", 1, 0, None, "%"),
        ("12.5 per cent", "12.5", 1, 0, None, "%"),
        ("12.5 pct", "12.5", 1, 0, None, "%"),
        ("12.5-%", "-12.5", 1, 0, None, "%"),
        // nil dashes
        ("\u{2014}", "0", 0, 0, None, "D"),
        ("\u{2013}", "0", 0, 0, None, "D"),
        ("-", "0", 0, 0, None, "D"),
        ("--", "0", 0, 0, None, "D"),
        ("\u{2014}\u{2014}\u{2014}", "0", 0, 0, None, "D"),
        (" \u{2014} ", "0", 0, 0, None, "D"),
        ("$ \u{2014}", "0", 0, 0, Some("USD"), "D"),
        ("$\u{2014}", "0", 0, 0, Some("USD"), "D"),
        ("$ -", "0", 0, 0, Some("USD"), "D"),
        ("\u{2014} %", "0", 0, 0, None, "D%"),
        ("\u{2014}%", "0", 0, 0, None, "D%"),
        ("- %", "0", 0, 0, None, "D%"),
        ("(\u{2014})", "0", 0, 0, None, "DP"),
        ("\u{2014}(a)", "0", 0, 0, None, "D"),
        ("\u{2212}", "0", 0, 0, None, "D"),
        // footnotes
        ("1,234(a)", "1234", 0, 0, None, ""),
        ("1,234 (1)", "1234", 0, 0, None, ""),
        ("1,234 (12)", "1234", 0, 0, None, ""),
        ("1,234 (iv)", "1234", 0, 0, None, ""),
        ("1,234 (iii)", "1234", 0, 0, None, ""),
        ("1,234 [1]", "1234", 0, 0, None, ""),
        ("1,234 ( a )", "1234", 0, 0, None, ""),
        ("1,234*", "1234", 0, 0, None, ""),
        ("1,234**", "1234", 0, 0, None, ""),
        ("1,234 *", "1234", 0, 0, None, ""),
        ("1,234\u{2020}", "1234", 0, 0, None, ""),
        ("1,234\u{2021}", "1234", 0, 0, None, ""),
        ("1,234\u{b9}", "1234", 0, 0, None, ""),
        ("1,234\u{b2}\u{b3}", "1234", 0, 0, None, ""),
        ("1,234\u{2074}", "1234", 0, 0, None, ""),
        ("(1,234)(b)", "-1234", 0, 0, None, "P"),
        ("(1,234) (1)", "-1234", 0, 0, None, "P"),
        ("(1,234(a))", "-1234", 0, 0, None, "P"),
        ("12.5%(a)", "12.5", 1, 0, None, "%"),
        ("$4.2 billion*", "4.2", 1, 9, Some("USD"), ""),
        // spaces
        ("  1,234  ", "1234", 0, 0, None, ""),
        ("\u{a0}1,234\u{a0}", "1234", 0, 0, None, ""),
        ("\u{202f}1,234\u{2009}", "1234", 0, 0, None, ""),
        ("\t1,234\n", "1234", 0, 0, None, ""),
        ("1 234 567", "1234567", 0, 0, None, ""),
        ("1\u{a0}234", "1234", 0, 0, None, ""),
        ("1\u{202f}234\u{202f}567.5", "1234567.5", 1, 0, None, ""),
        ("1\u{2009}234", "1234", 0, 0, None, ""),
        ("1 234 EUR", "1234", 0, 0, Some("EUR"), ""),
        ("$\u{a0}1,234", "1234", 0, 0, Some("USD"), ""),
        ("12\u{a0}%", "12", 0, 0, None, "%"),
        ("\u{feff}12", "12", 0, 0, None, ""),
        // large and precise
        (
            "79,228,162,514,264,337,593,543,950,335",
            "79228162514264337593543950335",
            0,
            0,
            None,
            "",
        ),
        (
            "0.1234567890123456789012345678",
            "0.1234567890123456789012345678",
            28,
            0,
            None,
            "",
        ),
    ];

    const REJECTED: &[&str] = &[
        "",
        "   ",
        "\u{a0}",
        "n/m",
        "N/A",
        "NM",
        "nm",
        "Note 4",
        "4a",
        "December 31, 2023",
        "2024 vs 2023",
        "12/31/2023",
        "1,23,4",
        "1,23,456",
        "12,34",
        "1.234.567",
        "1,234.5.6",
        "about 4",
        "(",
        "()",
        "( )",
        "$",
        "%",
        "e5",
        "1e5",
        "1E5",
        "1.5e-3",
        "Q1",
        "FY23",
        "5 x",
        "1,234 shares",
        "12 usd",
        "$$5",
        "$5 EUR",
        "--5",
        "- -5",
        "\u{2014}5",
        "\u{2014}1,234",
        "\u{2013} 1,234",
        "+-5",
        "+(5)",
        "(5",
        "5)",
        "((5))",
        "(5)-",
        "-5-",
        "1,234 -",
        "1,234 EUR-",
        "12.5%-",
        "(1,234-)",
        "(1,234)-",
        "10-K",
        "8-K",
        "20-F",
        "10-Q405",
        "5.",
        "4.2.",
        "$4.2 billion.",
        "1,2345",
        "1234,567",
        "0,123",
        "1,234 567",
        "1 234,567",
        "1  234",
        "1234 567",
        "12%%",
        "$12%",
        "12% million",
        "5 k k",
        "5 million billion",
        "1,234 (a) EUR",
        "1,234(a)5",
        "1,234 (567)",
        "1,234 (1a)",
        "1,234 (abc)",
        "1,234 (USD)",
        "1,234 (a",
        "1,234 [a)",
        "1.5t",
        "12 per",
        "12 per annum",
        "- \u{2014} 5",
        "5 -",
        "79,228,162,514,264,337,593,543,950,336",
        "100000000000000000000000000000000000000000000000000",
        "0.12345678901234567890123456789",
        "1-2",
        "1 to 2",
        "1\u{2013}2",
        "#5",
        "x",
        ".",
        "-.",
        "1,234,",
        ",234",
        "-,5",
    ];

    #[test]
    fn accepts_every_listed_form() {
        for &(text, value, decimals, power, cur, flags) in ACCEPTED {
            let got = parse_amount(text).unwrap_or_else(|| panic!("{text:?} rejected"));
            let want = Amount {
                value: dec(value),
                decimals,
                scale_exp: u8::try_from(power).unwrap(),
                percent: flags.contains('%'),
                currency: cur.map(|code| currency(code).unwrap()),
                parens: flags.contains('P'),
                dash: flags.contains('D'),
            };
            assert_eq!(got, want, "{text:?}");
            assert_eq!(got.value.scale(), decimals, "{text:?} keeps its scale");
            assert!(
                !got.value.is_sign_negative() || !got.value.is_zero(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn rejects_every_listed_form() {
        for text in REJECTED {
            assert_eq!(parse_amount(text), None, "{text:?}");
        }
    }

    #[test]
    fn scale_words() {
        let table: &[(&str, Option<u32>)] = &[
            ("thousand", Some(3)),
            ("Thousands", Some(3)),
            ("k", Some(3)),
            ("K", Some(3)),
            ("million", Some(6)),
            ("MILLIONS", Some(6)),
            ("m", Some(6)),
            ("M", Some(6)),
            ("mm", Some(6)),
            ("MM", Some(6)),
            ("mn", Some(6)),
            ("mln", Some(6)),
            ("billion", Some(9)),
            ("billions", Some(9)),
            ("b", Some(9)),
            ("bn", Some(9)),
            ("BN", Some(9)),
            ("bln", Some(9)),
            ("trillion", Some(12)),
            ("trillions", Some(12)),
            ("tn", Some(12)),
            (" million ", Some(6)),
            ("t", None),
            ("", None),
            ("mil", None),
            ("shares", None),
            ("percent", None),
            ("in thousands", None),
        ];
        for &(word, power) in table {
            let want = power.map(|p| Decimal::from(10u64.pow(p)));
            assert_eq!(scale_word(word), want, "{word:?}");
        }
    }

    #[test]
    fn currencies() {
        let table: &[(&str, Option<&str>)] = &[
            ("$", Some("USD")),
            ("US$", Some("USD")),
            ("C$", Some("CAD")),
            ("CA$", Some("CAD")),
            ("A$", Some("AUD")),
            ("AU$", Some("AUD")),
            ("HK$", Some("HKD")),
            ("S$", Some("SGD")),
            ("NZ$", Some("NZD")),
            ("R$", Some("BRL")),
            ("MX$", Some("MXN")),
            ("NT$", Some("TWD")),
            ("\u{20ac}", Some("EUR")),
            ("\u{a3}", Some("GBP")),
            ("\u{a5}", Some("JPY")),
            ("\u{ffe5}", Some("JPY")),
            ("\u{20b9}", Some("INR")),
            ("\u{20a9}", Some("KRW")),
            ("RMB", Some("CNY")),
            (" USD ", Some("USD")),
            ("usd", None),
            ("US", None),
            ("X$", None),
            ("$$", None),
            ("", None),
            ("dollars", None),
            ("EURO", None),
        ];
        for &(token, code) in table {
            assert_eq!(currency(token).map(Currency::code), code, "{token:?}");
        }
        for code in [
            "USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "CNY", "INR", "SEK", "NOK", "DKK",
            "HKD", "SGD", "KRW", "BRL", "MXN", "ZAR",
        ] {
            assert_eq!(currency(code), Currency::from_code(code), "{code}");
            assert!(currency(code).is_some(), "{code}");
        }
    }

    #[test]
    fn floats_to_decimals() {
        let table: &[(f64, Option<(&str, u32)>)] = &[
            (0.1, Some(("0.1", 1))),
            (1234.0, Some(("1234", 0))),
            (1e21, Some(("1000000000000000000000", 0))),
            (2600.5, Some(("2600.5", 1))),
            (0.1 + 0.2, Some(("0.30000000000000004", 17))),
            (-0.0, Some(("0", 0))),
            (0.0, Some(("0", 0))),
            (-1234.5, Some(("-1234.5", 1))),
            (100.0, Some(("100", 0))),
            (1e16, Some(("10000000000000000", 0))),
            (123456789012345680000.0, Some(("123456789012345680000", 0))),
            (0.0001234, Some(("0.0001234", 7))),
            (1.5e-7, Some(("0.00000015", 8))),
            (1e-28, Some(("0.0000000000000000000000000001", 28))),
            (1e28, Some(("10000000000000000000000000000", 0))),
            (1e-29, None),
            (1e29, None),
            (f64::MAX, None),
            (f64::MIN_POSITIVE, None),
            (5e-324, None),
            (f64::NAN, None),
            (f64::INFINITY, None),
            (f64::NEG_INFINITY, None),
        ];
        for &(float, want) in table {
            let got = decimal_from_f64(float);
            let want = want.map(|(text, decimals)| (dec(text), decimals));
            assert_eq!(got, want, "{float:?}");
            if let Some((value, decimals)) = got {
                assert_eq!(value.scale(), decimals, "{float:?}");
                assert!(!value.is_sign_negative() || !value.is_zero(), "{float:?}");
            }
        }
    }

    /// Groups an integer's digits with commas.
    fn grouped(int: u64) -> String {
        let digits = int.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }

    proptest! {
        #[test]
        fn styled_amounts_round_trip(
            int in 0u64..=1_000_000_000_000,
            decimals in 0u32..=4,
            fraction in 0u64..10_000,
            negative in any::<bool>(),
            group in any::<bool>(),
            negative_style in 0u8..5,
            mark in 0u8..4,
            spaced in any::<bool>(),
        ) {
            let fraction = fraction % 10u64.pow(decimals);
            let mut number = if group { grouped(int) } else { int.to_string() };
            if decimals > 0 {
                number = format!("{number}.{fraction:0>width$}", width = decimals as usize);
            }
            let space = if spaced { " " } else { "" };
            let (prefix, suffix) = match mark {
                0 => (String::new(), ""),
                1 => (format!("${space}"), ""),
                2 => (format!("\u{20ac}{space}"), ""),
                _ => (String::new(), if spaced { " %" } else { "%" }),
            };
            let text = match (negative, negative_style) {
                (false, 0) => format!("+{prefix}{number}{suffix}"),
                (false, _) => format!("{prefix}{number}{suffix}"),
                (true, 0) => format!("{prefix}({number}){suffix}"),
                (true, 1) => format!("-{prefix}{number}{suffix}"),
                (true, 2) => format!("{prefix}\u{2212}{number}{suffix}"),
                (true, 3) => format!("{prefix}{number}-{suffix}"),
                (true, _) => format!("\u{2013}{prefix}{number}{suffix}"),
            };
            let magnitude = i128::from(int) * 10i128.pow(decimals) + i128::from(fraction);
            let want = Decimal::from_i128_with_scale(
                if negative { -magnitude } else { magnitude },
                decimals,
            );
            let got = parse_amount(&text);
            prop_assert!(got.is_some(), "{:?} rejected", text);
            let got = got.unwrap();
            prop_assert_eq!(got.value, want, "{:?}", text);
            prop_assert_eq!(got.decimals, decimals, "{:?}", text);
            prop_assert_eq!(got.value.scale(), decimals, "{:?}", text);
            prop_assert_eq!(got.percent, mark == 3, "{:?}", text);
            prop_assert_eq!(got.parens, negative && negative_style == 0, "{:?}", text);
        }

        #[test]
        fn never_panics_on_text(text in "\\PC{0,30}") {
            let _ = parse_amount(&text);
        }

        #[test]
        fn never_panics_on_number_like_text(
            text in "[0-9,.'() $€%\u{2212}\u{2013}\u{2014}+*kmbKMBnpe\u{a0}\u{202f}a-]{0,24}",
        ) {
            if let Some(amount) = parse_amount(&text) {
                prop_assert_eq!(amount.value.scale(), amount.decimals);
            }
        }

        #[test]
        fn never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
            let _ = parse_amount(&String::from_utf8_lossy(&bytes));
        }

        #[test]
        fn floats_round_trip(float in any::<f64>()) {
            match decimal_from_f64(float) {
                Some((value, decimals)) => {
                    prop_assert_eq!(value.scale(), decimals);
                    let back: f64 = value.to_string().parse().unwrap();
                    prop_assert_eq!(back, if float == 0.0 { 0.0 } else { float });
                    prop_assert!(back.to_bits() == float.to_bits() || float == 0.0);
                }
                None => prop_assert!(
                    !float.is_finite() || float.abs() < 1e-12 || float.abs() >= 7.9e28,
                    "{:?} rejected", float
                ),
            }
        }

        #[test]
        fn floats_in_range_convert(
            mantissa in 1.0f64..10.0,
            exponent in -12i32..28,
            negative in any::<bool>(),
        ) {
            let float = mantissa * 10f64.powi(exponent) * if negative { -1.0 } else { 1.0 };
            prop_assume!(float.abs() >= 1e-12 && float.abs() < 7.9e28);
            let (value, _) = decimal_from_f64(float).unwrap();
            let back: f64 = value.to_string().parse().unwrap();
            prop_assert_eq!(back.to_bits(), float.to_bits());
        }

        #[test]
        fn integers_convert_exactly(int in -(1i64 << 53)..=(1i64 << 53)) {
            prop_assert_eq!(decimal_from_f64(int as f64), Some((Decimal::from(int), 0)));
        }
    }

    proptest! {
        #[test]
        fn the_fast_float_path_agrees_with_shortest_text(
            mantissa in -999_999_999_999i64..999_999_999_999,
            decimals in 0u32..8,
            bits in any::<u64>(),
        ) {
            let written = Decimal::new(mantissa, decimals).to_string();
            let random = f64::from_bits(bits);
            for value in [written.parse::<f64>().unwrap(), random] {
                if !value.is_finite() {
                    continue;
                }
                let mut buffer = ryu::Buffer::new();
                let slow = shortest_to_decimal(buffer.format_finite(value));
                if let Some(fast) = few_decimals(value) {
                    prop_assert_eq!(Some(fast), slow, "{}", value);
                }
            }
        }
    }
}
