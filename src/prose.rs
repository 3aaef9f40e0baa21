//! Amounts written in running text: a claim's sentence ("Revenue rose 7.7%
//! to $4.2 billion in 2024"), a page of prose ("compared with $380 million,
//! or $1.95 per diluted share"). Each amount is read into an [`Amount`] with
//! where it is written and the word that hedges or bounds it.
//!
//! What counts as an amount: a number with its marks around it — a
//! currency symbol or code before or after ("$", "US$", "C$", "EUR",
//! "euros", "dollars", "pounds"), a sign ("-", "−", "negative", "minus"),
//! accounting parentheses, a scale word or suffix ("billion", "bn", "m"), a
//! percent ("%", "percent", "per cent") — and numbers written in words when
//! a scale word, a percent or a currency word follows ("four point three
//! billion", "twelve percent", "four billion dollars"). Bare integers count
//! ("revenue was 4200").
//!
//! What does not: years (1900–2100 written alone: "in 2024"), days of a
//! date ("December 31", "31 December"), spans ("12 months", "three months
//! ended"), labels with letters attached ("FY2024", "Q3", "3Q24", "9M",
//! "10-K"), ordinals ("1st"), and numbers after "Note", "page", "item" and
//! the like. A bare "9M" is nine months; "$9M" is nine million.
//!
//! This module reads; which amount of a sentence a claim is about is the
//! checks' business (`check::sentence`).

use rust_decimal::Decimal;

use crate::model::{Amount, Currency};
use crate::number::{currency, parse_amount, scale_exponent};

/// How an amount is qualified by the word before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hedge {
    /// Stated as it is.
    None,
    /// "about", "approximately", "nearly", "roughly", "~": close to.
    Approximate,
    /// "over", "more than", "at least", "under", "up to": a bound, not a value.
    Bound,
}

/// An amount found in a text.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    /// Byte offset of its first character (its sign, currency or hedge
    /// word not included).
    pub start: usize,
    /// Byte offset just past its last character.
    pub end: usize,
    /// The amount.
    pub amount: Amount,
    /// The word before it.
    pub hedge: Hedge,
}

impl Written {
    /// The amount as written in `text` (the text it was found in).
    pub fn text<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.start..self.end).unwrap_or("")
    }
}

/// The longest text read, in bytes: longer text is read up to here.
pub const MAX_TEXT: usize = 1 << 20;

/// Every amount in `text`, in order.
pub fn amounts_in(text: &str) -> Vec<Written> {
    let text = match text.get(..MAX_TEXT) {
        Some(head) => head,
        None if text.len() > MAX_TEXT => {
            let mut cut = MAX_TEXT;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            text.get(..cut).unwrap_or("")
        }
        None => text,
    };
    let toks = tokenize(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let found = match toks.get(i).map(|t| t.kind) {
            Some(Kind::Num) => number_at(text, &toks, i),
            Some(Kind::Alpha) => words_at(text, &toks, i),
            _ => None,
        };
        match found {
            Some((written, next)) => {
                out.push(written);
                i = next.max(i + 1);
            }
            None => i += 1,
        }
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Digits, with grouping commas and a decimal point inside.
    Num,
    /// Letters.
    Alpha,
    /// Any other character.
    Sym(char),
}

#[derive(Debug, Clone, Copy)]
struct Tok {
    start: usize,
    end: usize,
    kind: Kind,
    /// Whitespace stands between this token and the one before.
    spaced: bool,
}

fn tokenize(text: &str) -> Vec<Tok> {
    let mut toks = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut spaced = false;
    while let Some((start, c)) = chars.next() {
        if c.is_whitespace() || matches!(c, '\u{200B}' | '\u{FEFF}') {
            spaced = true;
            continue;
        }
        let mut end = start + c.len_utf8();
        let kind = if c.is_ascii_digit() {
            while let Some(&(at, next)) = chars.peek() {
                if next.is_ascii_digit() {
                    chars.next();
                    end = at + 1;
                } else if matches!(next, ',' | '.' | '\'' | '\u{2019}')
                    && text
                        .get(at + next.len_utf8()..)
                        .and_then(|r| r.chars().next())
                        .is_some_and(|d| d.is_ascii_digit())
                {
                    chars.next();
                    end = at + next.len_utf8();
                } else {
                    break;
                }
            }
            Kind::Num
        } else if c.is_alphabetic() {
            while let Some(&(at, next)) = chars.peek() {
                if next.is_alphabetic() {
                    chars.next();
                    end = at + next.len_utf8();
                } else {
                    break;
                }
            }
            Kind::Alpha
        } else {
            Kind::Sym(c)
        };
        toks.push(Tok {
            start,
            end,
            kind,
            spaced,
        });
        spaced = false;
    }
    toks
}

fn word<'t>(text: &'t str, tok: Option<&Tok>) -> Option<&'t str> {
    let tok = tok?;
    (tok.kind == Kind::Alpha)
        .then(|| text.get(tok.start..tok.end))
        .flatten()
}

fn is_word(text: &str, tok: Option<&Tok>, words: &[&str]) -> bool {
    word(text, tok).is_some_and(|w| words.iter().any(|x| x.eq_ignore_ascii_case(w)))
}

/// Whether a token is a month's name or abbreviation.
fn is_month(text: &str, tok: Option<&Tok>) -> bool {
    is_word(text, tok, &crate::period::MONTH_NAMES) || is_word(text, tok, MONTH_SHORT)
}

/// Months' abbreviations; their names are [`crate::period::MONTH_NAMES`].
const MONTH_SHORT: &[&str] = &[
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
];

const SPANS: &[&str] = &[
    "month", "months", "year", "years", "week", "weeks", "day", "days", "quarter", "quarters",
    "hour", "hours", "mo", "yr", "yrs",
];

const LABELS: &[&str] = &[
    "note", "notes", "page", "pages", "item", "items", "section", "part", "level", "tier", "phase",
    "step", "figure", "fig", "table", "schedule", "exhibit", "rule", "article", "form", "chapter",
    "line", "row", "column", "no", "number",
];

const APPROXIMATE: &[&str] = &[
    "about",
    "approximately",
    "approx",
    "around",
    "roughly",
    "nearly",
    "almost",
    "circa",
    "some",
    "c",
    "ca",
];

/// Verbs that with "up" move a value to a level ("edged up to"), where
/// "up to" alone bounds it.
const MOVED_UP: &[&str] = &[
    "edged", "ticked", "inched", "crept", "moved", "went", "shot", "climbed", "jumped",
];

const BOUNDS: &[&str] = &[
    "over",
    "above",
    "under",
    "below",
    "exceeding",
    "exceeded",
    "exceed",
    "least",
    "than",
    "beyond",
    "within",
];

/// Currency words after an amount ("4.2 billion euros").
fn currency_word(w: &str) -> Option<Currency> {
    let lower = w.to_lowercase();
    let code = match lower.as_str() {
        "dollar" | "dollars" | "usd" => "USD",
        "euro" | "euros" | "eur" => "EUR",
        "pound" | "pounds" | "sterling" | "gbp" => "GBP",
        "yen" | "jpy" => "JPY",
        "franc" | "francs" | "chf" => "CHF",
        "yuan" | "renminbi" | "rmb" | "cny" => "CNY",
        _ => return currency(w).filter(|_| w.chars().all(|c| c.is_ascii_uppercase())),
    };
    Currency::from_code(code)
}

/// A currency written before a number: a symbol, "US$", or an upper-case code.
fn currency_before(text: &str, toks: &[Tok], at: usize) -> Option<(Currency, usize)> {
    let tok = toks.get(at)?;
    match tok.kind {
        Kind::Sym('$') => {
            // Letters written against the `$` ("US$", "C$").
            if let Some(prev) = at.checked_sub(1).and_then(|p| toks.get(p))
                && prev.kind == Kind::Alpha
                && !tok.spaced
                && let Some(letters) = text.get(prev.start..prev.end)
                && letters.chars().all(|c| c.is_ascii_uppercase())
                && let Some(cur) = currency(&format!("{letters}$"))
            {
                return Some((cur, at - 1));
            }
            Some((Currency::USD, at))
        }
        Kind::Sym(c) => currency(&c.to_string()).map(|cur| (cur, at)),
        Kind::Alpha => {
            let w = text.get(tok.start..tok.end)?;
            (w.len() == 3 && w.chars().all(|c| c.is_ascii_uppercase()))
                .then(|| currency(w))
                .flatten()
                .map(|cur| (cur, at))
        }
        Kind::Num => None,
    }
}

fn is_dash(c: char) -> bool {
    matches!(c, '-' | '\u{2212}' | '\u{2013}')
}

/// A number token and the marks around it.
fn number_at(text: &str, toks: &[Tok], i: usize) -> Option<(Written, usize)> {
    let num = toks.get(i)?;
    let digits = text.get(num.start..num.end)?;
    let mut amount = parse_amount(digits)?;
    let prev = i.checked_sub(1).and_then(|p| toks.get(p));
    let next = toks.get(i + 1);
    // Letters written against the number: a label ("FY2024", "Q3", "3Q24").
    if prev.is_some_and(|p| p.kind == Kind::Alpha && !num.spaced) {
        return None;
    }
    // "10-K", "10-Q", "8-K"; "1st".
    if let Some(n) = next
        && !n.spaced
        && matches!(n.kind, Kind::Sym('-'))
        && toks
            .get(i + 2)
            .is_some_and(|t| t.kind == Kind::Alpha && !t.spaced)
    {
        return None;
    }
    // Left: sign, currency, parenthesis, "negative", hedge — in any order.
    let mut start_tok = i;
    let mut negative = false;
    let mut paren = false;
    let mut cur: Option<Currency> = None;
    for _ in 0..4 {
        let Some(at) = start_tok.checked_sub(1) else {
            break;
        };
        let Some(tok) = toks.get(at) else { break };
        let against = !toks.get(start_tok).is_some_and(|t| t.spaced);
        match tok.kind {
            Kind::Sym(c) if is_dash(c) && against && !negative => {
                // "4-5%": a range, not a sign.
                let before = at.checked_sub(1).and_then(|b| toks.get(b));
                if before.is_some_and(|b| b.kind == Kind::Num && !tok.spaced) {
                    break;
                }
                negative = true;
                start_tok = at;
            }
            Kind::Sym('(') if !paren => {
                paren = true;
                start_tok = at;
            }
            _ if cur.is_none() => match currency_before(text, toks, at) {
                Some((found, first)) => {
                    cur = Some(found);
                    start_tok = first;
                }
                None => break,
            },
            _ => break,
        }
    }
    if paren {
        // Accounting parentheses close right after the number and its marks.
        let closes = (i + 1..(i + 4).min(toks.len()))
            .any(|k| toks.get(k).is_some_and(|t| t.kind == Kind::Sym(')')));
        if !closes {
            paren = false;
            start_tok += usize::from(
                toks.get(start_tok)
                    .is_some_and(|t| t.kind == Kind::Sym('(')),
            );
        }
    }
    // Right: scale, percent, currency word or code, closing parenthesis.
    let mut end_tok = i;
    let mut scale: u8 = 0;
    let mut percent = false;
    let mut basis = false;
    let mut closed = false;
    let mut k = i + 1;
    while let Some(tok) = toks.get(k) {
        let w = word(text, Some(tok));
        match tok.kind {
            Kind::Sym('%') if !percent && scale == 0 => {
                percent = true;
                end_tok = k;
            }
            Kind::Sym(')') if paren && !closed => {
                closed = true;
                end_tok = k;
            }
            Kind::Alpha => {
                let w = w.unwrap_or("");
                let attached = !tok.spaced && k == i + 1;
                if scale == 0
                    && !percent
                    && let Some(power) = scale_exponent(w)
                {
                    // "9M" alone is nine months; "$9M", "9bn" are amounts.
                    let bare_suffix = attached && matches!(w, "M" | "m" | "B" | "b" | "K" | "k");
                    if bare_suffix
                        && cur.is_none()
                        && k + 1 < toks.len()
                        && !is_word(
                            text,
                            toks.get(k + 1),
                            &["of", "in", "and", "or", "revenue", "sales"],
                        )
                        && toks.get(k + 1).is_some_and(|t| {
                            t.kind == Kind::Num
                                || t.kind == Kind::Alpha && !is_currency_word(text, t)
                        })
                    {
                        return None;
                    }
                    scale = power;
                    end_tok = k;
                } else if !percent
                    && scale == 0
                    && let Some((words, basis_points)) = points_at(text, toks, k)
                {
                    // "1.4 percentage points", "8.5pp", "102 basis points".
                    percent = true;
                    basis = basis_points;
                    k += words - 1;
                    end_tok = k;
                } else if !percent
                    && (w.eq_ignore_ascii_case("percent") || w.eq_ignore_ascii_case("pct"))
                {
                    percent = true;
                    end_tok = k;
                } else if !percent
                    && w.eq_ignore_ascii_case("per")
                    && is_word(text, toks.get(k + 1), &["cent"])
                {
                    percent = true;
                    k += 1;
                    end_tok = k;
                } else if cur.is_none()
                    && !percent
                    && let Some(found) = currency_word(w)
                {
                    cur = Some(found);
                    end_tok = k;
                } else if attached {
                    // "3Q24", "1st", "2024E": a label.
                    return None;
                } else {
                    break;
                }
            }
            _ => break,
        }
        k += 1;
    }
    let has_marks = cur.is_some() || percent || scale != 0 || paren || negative;
    if !has_marks {
        let plain = digits.bytes().all(|b| b.is_ascii_digit());
        // A year.
        if plain
            && digits.len() == 4
            && digits
                .parse::<u32>()
                .is_ok_and(|y| (1900..=2100).contains(&y))
        {
            return None;
        }
        // A day of a date ("December 31", "Dec. 31", "31 Dec").
        let month_abbreviated = prev.is_some_and(|p| p.kind == Kind::Sym('.'))
            && is_month(text, i.checked_sub(2).and_then(|p| toks.get(p)));
        if plain
            && digits.parse::<u32>().is_ok_and(|d| (1..=31).contains(&d))
            && (is_month(text, prev) || is_month(text, next) || month_abbreviated)
        {
            return None;
        }
        // A span, a label's number.
        if is_word(text, next, SPANS) || is_word(text, prev, LABELS) {
            return None;
        }
        if prev.is_some_and(|p| matches!(p.kind, Kind::Sym('#' | '§'))) {
            return None;
        }
    }
    // A word before the amount: a sign, a hedge or a bound.
    let mut hedge = Hedge::None;
    let mut lead = start_tok.checked_sub(1).and_then(|p| toks.get(p));
    if is_word(text, lead, &["negative", "minus"]) {
        negative = true;
        lead = start_tok.checked_sub(2).and_then(|p| toks.get(p));
    }
    if lead.is_some_and(|t| t.kind == Kind::Sym('~')) || is_word(text, lead, APPROXIMATE) {
        hedge = Hedge::Approximate;
    } else if is_word(text, lead, BOUNDS)
        || (is_word(text, lead, &["to"])
            && is_word(
                text,
                start_tok.checked_sub(2).and_then(|p| toks.get(p)),
                &["up"],
            )
            // "edged up to $542 million" moved to it: no bound.
            && !is_word(
                text,
                start_tok.checked_sub(3).and_then(|p| toks.get(p)),
                MOVED_UP,
            ))
    {
        hedge = Hedge::Bound;
    }
    if (negative || paren) && !amount.value.is_sign_negative() {
        amount.value = -amount.value;
    }
    amount.parens = paren;
    amount.scale_exp = scale;
    amount.percent = percent;
    if basis {
        amount = amount.hundredths()?;
    }
    amount.currency = cur;
    let start = toks.get(start_tok).map_or(num.start, |t| t.start);
    let end = toks.get(end_tok).map_or(num.end, |t| t.end);
    Some((
        Written {
            start,
            end,
            amount,
            hedge,
        },
        k.max(end_tok + 1),
    ))
}

/// The words of a change in points at `k` ("percentage points", "pp",
/// "points", "basis points", "bps"), and whether they are basis points.
fn points_at(text: &str, toks: &[Tok], k: usize) -> Option<(usize, bool)> {
    const POINT: &[&str] = &["point", "points"];
    let here = toks.get(k);
    let point_next = || is_word(text, toks.get(k + 1), POINT);
    if is_word(text, here, &["percentage", "percent"]) && point_next() {
        Some((2, false))
    } else if is_word(text, here, &["basis"]) && point_next() {
        Some((2, true))
    } else if is_word(text, here, &["point", "points", "pp", "ppt", "ppts", "pts"]) {
        Some((1, false))
    } else if is_word(text, here, &["bp", "bps"]) {
        Some((1, true))
    } else {
        None
    }
}

fn is_currency_word(text: &str, tok: &Tok) -> bool {
    word(text, Some(tok)).is_some_and(|w| currency_word(w).is_some())
}

/// Number words, read as digits: units and teens, tens, and "hundred".
fn word_value(w: &str) -> Option<u32> {
    const UNITS: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    // Every number word is ASCII, and no other letter lower-cases to one
    // of its letters: an ASCII comparison without case, with no copy.
    if let Some(n) = UNITS.iter().position(|u| u.eq_ignore_ascii_case(w)) {
        return u32::try_from(n).ok();
    }
    TENS.iter()
        .position(|t| t.eq_ignore_ascii_case(w))
        .and_then(|n| u32::try_from(n).ok())
        .map(|n| (n + 2) * 10)
}

/// An amount written in words: "four point three billion", "twelve
/// percent", "twenty-five million dollars".
fn words_at(text: &str, toks: &[Tok], i: usize) -> Option<(Written, usize)> {
    word_value(word(text, toks.get(i))?)?;
    // The word before must not be a number word (we start at the first).
    if i > 0 && word(text, toks.get(i - 1)).and_then(word_value).is_some() {
        return None;
    }
    let mut k = i;
    let mut whole: u64 = 0;
    let mut group: u64 = 0;
    let mut fraction = String::new();
    let mut in_fraction = false;
    let mut last = i;
    while let Some(tok) = toks.get(k) {
        if tok.kind == Kind::Sym('-') && !tok.spaced {
            k += 1;
            continue;
        }
        let Some(w) = word(text, Some(tok)) else {
            break;
        };
        if let Some(v) = word_value(w) {
            if in_fraction {
                if v > 9 {
                    break;
                }
                fraction.push(char::from_digit(v, 10)?);
            } else {
                group = group.checked_add(u64::from(v))?;
            }
            last = k;
        } else if w.eq_ignore_ascii_case("hundred") && !in_fraction {
            group = group.max(1).checked_mul(100)?;
            last = k;
        } else if w.eq_ignore_ascii_case("point") && !in_fraction {
            in_fraction = true;
        } else if w.eq_ignore_ascii_case("and") && !in_fraction {
            // "one hundred and twenty"
        } else {
            break;
        }
        k += 1;
    }
    whole = whole.checked_add(group)?;
    let digits = if fraction.is_empty() {
        whole.to_string()
    } else {
        format!("{whole}.{fraction}")
    };
    let mut amount = parse_amount(&digits)?;
    // What follows decides that it is an amount.
    let mut end_tok = last;
    let mut n = last + 1;
    let mut marked = false;
    if let Some(power) = word(text, toks.get(n)).and_then(scale_exponent)
        && word(text, toks.get(n)).is_some_and(|w| w.len() > 2)
    {
        amount.scale_exp = power;
        end_tok = n;
        n += 1;
        marked = true;
    }
    if let Some(w) = word(text, toks.get(n)) {
        if w.eq_ignore_ascii_case("percent") {
            amount.percent = amount.scale_exp == 0;
            end_tok = n;
            marked = true;
        } else if w.eq_ignore_ascii_case("per") && is_word(text, toks.get(n + 1), &["cent"]) {
            amount.percent = amount.scale_exp == 0;
            end_tok = n + 1;
            marked = true;
        } else if let Some(cur) = currency_word(w).filter(|_| w.len() > 3) {
            amount.currency = Some(cur);
            end_tok = n;
            marked = true;
        }
    }
    if !marked {
        return None;
    }
    let start = toks.get(i)?.start;
    let end = toks.get(end_tok)?.end;
    let lead = i.checked_sub(1).and_then(|p| toks.get(p));
    let hedge = if is_word(text, lead, APPROXIMATE) {
        Hedge::Approximate
    } else if is_word(text, lead, BOUNDS) {
        Hedge::Bound
    } else {
        Hedge::None
    };
    Some((
        Written {
            start,
            end,
            amount,
            hedge,
        },
        end_tok + 1,
    ))
}

/// Whether two amounts state the same number: the same magnitude (signs
/// are said in words as often as with marks) and kind (a percentage or
/// not), each within the other's written rounding, and the same currency
/// where both name one. A plain number ("4,200") against one with a scale
/// word ("$4.2 billion") is read in `unit_scale`, the units of the table it
/// was checked against, or as written.
pub fn same_number(a: &Amount, b: &Amount, unit_scale: Option<Decimal>) -> bool {
    if a.percent != b.percent {
        return false;
    }
    if let (Some(x), Some(y)) = (a.currency, b.currency)
        && x != y
    {
        return false;
    }
    let half = |x: &Amount| Decimal::new(5, x.decimals.saturating_add(1).min(28));
    let near = |x: Decimal, hx: Decimal, y: Decimal, hy: Decimal| {
        let d = (x.abs() - y.abs()).abs();
        d <= hx || d <= hy
    };
    match (a.scale(), b.scale()) {
        (Some(sa), Some(sb)) => match (
            a.value.checked_mul(sa),
            b.value.checked_mul(sb),
            half(a).checked_mul(sa),
            half(b).checked_mul(sb),
        ) {
            (Some(x), Some(y), Some(hx), Some(hy)) => near(x, hx, y, hy),
            _ => false,
        },
        (None, None) => near(a.value, half(a), b.value, half(b)),
        (scaled, plain) => {
            let (s, p) = if scaled.is_some() { (a, b) } else { (b, a) };
            let scale = scaled.or(plain).unwrap_or(Decimal::ONE);
            // The plain number as written, against the scaled one's digits.
            if near(s.value, half(s), p.value, half(p)) {
                return true;
            }
            match (
                s.value.checked_mul(scale),
                half(s).checked_mul(scale),
                unit_scale.and_then(|u| Some((p.value.checked_mul(u)?, half(p).checked_mul(u)?))),
            ) {
                (Some(x), Some(hx), Some((y, hy))) => near(x, hx, y, hy),
                _ => false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<String> {
        amounts_in(text)
            .iter()
            .map(|w| {
                let a = w.amount;
                let mut s = a.value.to_string();
                if a.scale_exp > 0 {
                    s.push_str(&format!("e{}", a.scale_exp));
                }
                if a.percent {
                    s.push('%');
                }
                if let Some(c) = a.currency {
                    s.push_str(&format!(" {c}"));
                }
                if w.hedge != Hedge::None {
                    s.push_str(&format!(" {:?}", w.hedge));
                }
                s
            })
            .collect()
    }

    #[test]
    fn reads_what_people_write() {
        for (text, want) in [
            ("Revenue was $9.9 billion in 2024.", vec!["9.9e9 USD"]),
            ("Gross margin was 46.7% in fiscal 2024.", vec!["46.7%"]),
            (
                "Revenue rose 7.7% to $4,200 million in 2024 from $3,900 million in 2023",
                vec!["7.7%", "4200e6 USD", "3900e6 USD"],
            ),
            (
                "Revenue grew 8 percent and costs 8 per cent.",
                vec!["8%", "8%"],
            ),
            ("Other expense was negative $9 million.", vec!["-9e6 USD"]),
            (
                "The current ratio was 2.27 as of Dec. 31, 2024.",
                vec!["2.27"],
            ),
            (
                "Gross margin expanded 1.4 percentage points to 38.1%, or 140bps.",
                vec!["1.4%", "38.1%", "1.40%"],
            ),
            (
                "Margin improved by 8.5 points, then 2 pp, then 35 basis points.",
                vec!["8.5%", "2%", "0.35%"],
            ),
            (
                "Revenue was 4.2 billion euros, EUR 3.9bn before.",
                vec!["4.2e9 EUR", "3.9e9 EUR"],
            ),
            (
                "Revenue was C$201.0 million and US$3 bn.",
                vec!["201.0e6 CAD", "3e9 USD"],
            ),
            (
                "first year in which revenue exceeded four billion dollars",
                vec!["4e9 USD Bound"],
            ),
            ("revenue of four point three billion", vec!["4.3e9"]),
            (
                "operating income was about $1 billion",
                vec!["1e9 USD Approximate"],
            ),
            ("Revenue was 4200 in 2024.", vec!["4200"]),
            ("Net loss was (746) thousand", vec!["-746e3"]),
            (
                "income of $380\nmillion, or $1.95 per diluted share",
                vec!["380e6 USD", "1.95 USD"],
            ),
            ("Dunmore had 12,480 thousand basic shares", vec!["12480e3"]),
            ("Revenue grew 1.2", vec!["1.2"]),
        ] {
            assert_eq!(found(text), want, "{text}");
        }
    }

    #[test]
    fn years_dates_spans_and_labels_are_not_amounts() {
        for text in [
            "Revenue for FY2024 and Q3 2024, 3Q24, H1 2024",
            "As of December 31, 2024 and 31 December 2023",
            "For the three months ended September 30, 2024 (12 months, 9M 2024)",
            "See Note 4 on page 12 of the 10-K; item 7",
            "the 1st quarter of 2024",
            "Acme grew revenue in each of the last two years.",
        ] {
            assert_eq!(found(text), Vec::<String>::new(), "{text}");
        }
    }

    #[test]
    fn same_numbers_across_forms() {
        let a = |t: &str| crate::number::parse_amount(t).unwrap();
        let million = Some(Decimal::from(1_000_000));
        assert!(same_number(&a("$4.2 billion"), &a("$4,200 million"), None));
        assert!(same_number(&a("4,200"), &a("$4,200 million"), None));
        assert!(same_number(&a("4,200"), &a("$4.2 billion"), million));
        assert!(!same_number(&a("4,200"), &a("$4.3 billion"), million));
        assert!(!same_number(&a("$4.2 billion"), &a("$4.3 billion"), None));
        assert!(same_number(&a("$4.2 billion"), &a("$4.23 billion"), None));
        assert!(same_number(&a("(9)"), &a("$9 million"), million));
        assert!(!same_number(&a("7.7%"), &a("7.7"), None));
        assert!(!same_number(&a("€4.2 billion"), &a("$4.2 billion"), None));
    }

    #[test]
    fn no_input_panics() {
        for text in [
            "",
            "$",
            "(",
            "-",
            "%",
            "( $ - 4",
            "four point",
            "point five billion",
            "1,",
            "1.2.3.4",
            "−−−",
            "€€4",
        ] {
            let _ = amounts_in(text);
        }
    }
}
