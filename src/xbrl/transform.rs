//! Inline-XBRL transformation formats: the printed text of a numeric fact
//! (`1,234.5`, `—`, `two`) to its number, before `scale` and `sign`.
//!
//! The registries are the XBRL International transformation registries
//! (`ixt:`, versions 1 to 5: `numdotdecimal` and `num-dot-decimal` are the
//! same rule under two spellings) and the SEC's (`ixt-sec:`, `numwordsen`,
//! `numinf`, …). A format is matched by its local name, so any version's
//! prefix works. Only the numeric formats live here; the text, date and
//! boolean formats of `ix:nonNumeric` facts are kept as written by the
//! caller. Every result is a [`Decimal`]; no floating point is involved.

use std::str::FromStr;

use rust_decimal::Decimal;

/// Why a printed number does not read under its format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TransformError {
    /// The format names no numeric transformation tickmark knows.
    #[error("unknown numeric format {0:?}")]
    UnknownFormat(String),
    /// The text is not a number in that format.
    #[error("expected a number in the format {format:?}, found {text:?}")]
    NotANumber {
        /// The format's local name.
        format: String,
        /// The text as printed.
        text: String,
    },
    /// The number has more digits than a decimal holds (28).
    #[error("{0:?} has more digits than a decimal holds")]
    TooLong(String),
}

/// The number a fact's printed `text` stands for under `format` (a QName
/// such as `ixt:num-dot-decimal`, or `None`: then the text must be a plain
/// `xs:decimal`, as in `0.00001`). The result is unsigned as printed: the
/// fact's `sign` and `scale` are applied by the caller.
pub fn numeric(format: Option<&str>, text: &str) -> Result<Decimal, TransformError> {
    let Some(format) = format else {
        return plain(text).ok_or_else(|| not_a_number("xs:decimal", text));
    };
    let local = format.rsplit(':').next().unwrap_or(format);
    match local {
        // Integer and decimal parts split by '.', groups by ',', ' ' or nbsp.
        "num-dot-decimal" | "numdotdecimal" | "numcommadot" | "numspacedot" => {
            grouped(text, '.', local)
        }
        "num-comma-decimal" | "numcommadecimal" | "numdotcomma" | "numspacecomma" | "numcomma" => {
            grouped(text, ',', local)
        }
        "num-unit-decimal" | "numunitdecimal" => unit_decimal(text, local),
        // Anything printed (a dash, "no", "immaterial") stands for zero.
        "fixed-zero" | "fixedzero" => Ok(Decimal::ZERO),
        "zerodash" | "numdash" => {
            if is_dashes(text) {
                Ok(Decimal::ZERO)
            } else {
                Err(not_a_number(local, text))
            }
        }
        "numwordsen" | "num-word-en" => words(text).ok_or_else(|| not_a_number(local, text)),
        other => Err(TransformError::UnknownFormat(other.to_string())),
    }
}

fn not_a_number(format: &str, text: &str) -> TransformError {
    TransformError::NotANumber {
        format: format.to_string(),
        text: text.to_string(),
    }
}

/// True when the text is one or more dashes (and spaces).
fn is_dashes(text: &str) -> bool {
    let t = text.trim_matches(is_space);
    !t.is_empty()
        && t.chars()
            .all(|c| matches!(c, '-' | '\u{2010}'..='\u{2015}' | '\u{2212}') || is_space(c))
}

/// Spaces a printed number may carry: ASCII, no-break, thin and narrow
/// no-break spaces.
fn is_space(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | '\r' | '\u{a0}' | '\u{2009}' | '\u{202f}'
    )
}

/// A plain `xs:decimal` (`-12.5`, `0.00001`), surrounding spaces allowed.
fn plain(text: &str) -> Option<Decimal> {
    let t = text.trim_matches(is_space);
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    if body.is_empty()
        || body.starts_with('.') && body.len() == 1
        || !body.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        || body.bytes().filter(|&b| b == b'.').count() > 1
    {
        return None;
    }
    Decimal::from_str(t).ok()
}

/// Digits in groups of three separated by `,`/`.`/spaces (whichever is not
/// the decimal mark), then optionally the decimal mark and the fraction
/// digits. Group separators are optional (`1234` reads); a group after the
/// first must have three digits.
fn grouped(text: &str, mark: char, format: &str) -> Result<Decimal, TransformError> {
    let t = text.trim_matches(is_space);
    let fail = || not_a_number(format, text);
    let (int_part, frac_part) = match t.rfind(mark) {
        Some(at) => (
            t.get(..at).ok_or_else(fail)?,
            Some(t.get(at + mark.len_utf8()..).ok_or_else(fail)?),
        ),
        None => (t, None),
    };
    let mut digits = String::with_capacity(t.len());
    if int_part.is_empty() {
        // ".5" reads as 0.5.
        if frac_part.is_none() {
            return Err(fail());
        }
        digits.push('0');
    } else {
        let groups: Vec<&str> = int_part
            .split(|c: char| (c == ',' || c == '.' || is_space(c)) && c != mark)
            .collect();
        for (i, group) in groups.iter().enumerate() {
            let all_digits = !group.is_empty() && group.bytes().all(|b| b.is_ascii_digit());
            let width_ok = i == 0 || group.len() == 3;
            if !all_digits || !width_ok || (i == 0 && groups.len() > 1 && group.len() > 3) {
                return Err(fail());
            }
            digits.push_str(group);
        }
    }
    if let Some(frac) = frac_part {
        if frac.is_empty() {
            // "1,234." is accepted by the registry as an integer.
        } else if frac.bytes().all(|b| b.is_ascii_digit()) {
            digits.push('.');
            digits.push_str(frac);
        } else {
            return Err(fail());
        }
    }
    Decimal::from_str(&digits).map_err(|_| TransformError::TooLong(text.to_string()))
}

/// "5 dollars 35 cents" style: an integer, words, then a two-digit fraction.
fn unit_decimal(text: &str, format: &str) -> Result<Decimal, TransformError> {
    let fail = || not_a_number(format, text);
    let mut numbers = text
        .split(|c: char| !c.is_ascii_digit() && c != ',' && c != '.')
        .filter(|s| s.bytes().any(|b| b.is_ascii_digit()));
    let whole = numbers.next().ok_or_else(fail)?;
    let whole = grouped(whole, '.', format)?;
    let fraction = match numbers.next() {
        Some(f) if f.len() <= 2 && f.bytes().all(|b| b.is_ascii_digit()) => {
            Decimal::from_str(f).map_err(|_| fail())? / Decimal::ONE_HUNDRED
        }
        Some(_) => return Err(fail()),
        None => Decimal::ZERO,
    };
    if numbers.next().is_some() {
        return Err(fail());
    }
    whole.checked_add(fraction).ok_or_else(fail)
}

/// English number words: "no", "none", "zero", "two", "twenty-one",
/// "one hundred and five", "two thousand, three hundred", "1.5 million"
/// (digits before a scale word are allowed, as filings print them).
/// Case-insensitive.
fn words(text: &str) -> Option<Decimal> {
    let lower = text.trim_matches(is_space).to_lowercase();
    if matches!(lower.as_str(), "no" | "none" | "nil" | "zero") {
        return Some(Decimal::ZERO);
    }
    let mut total = Decimal::ZERO;
    let mut group = Decimal::ZERO;
    let mut any = false;
    for word in lower
        .split(|c: char| c == '-' || c == ',' || is_space(c))
        .filter(|w| !w.is_empty())
    {
        if word == "and" || word == "a" || word == "an" {
            if word != "and" {
                group = group.max(Decimal::ONE);
                any = true;
            }
            continue;
        }
        if let Some(n) = small_word(word) {
            group = group.checked_add(Decimal::from(n))?;
            any = true;
        } else if word == "hundred" {
            group = group.max(Decimal::ONE).checked_mul(Decimal::ONE_HUNDRED)?;
            any = true;
        } else if let Some(scale) = scale_word(word) {
            total = total.checked_add(group.max(Decimal::ONE).checked_mul(scale)?)?;
            group = Decimal::ZERO;
            any = true;
        } else if let Some(n) = plain(word) {
            group = group.checked_add(n)?;
            any = true;
        } else {
            return None;
        }
    }
    if !any {
        return None;
    }
    total.checked_add(group)
}

fn small_word(word: &str) -> Option<u32> {
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
    if let Some(n) = UNITS.iter().position(|&w| w == word) {
        return u32::try_from(n).ok();
    }
    TENS.iter()
        .position(|&w| w == word)
        .and_then(|n| u32::try_from(n).ok())
        .map(|n| (n + 2) * 10)
}

fn scale_word(word: &str) -> Option<Decimal> {
    Some(match word {
        "thousand" => Decimal::from(1_000u32),
        "million" => Decimal::from(1_000_000u32),
        "billion" => Decimal::from(1_000_000_000u64),
        "trillion" => Decimal::from(1_000_000_000_000u64),
        _ => return None,
    })
}

/// `value × 10^scale`, or `None` when that leaves what a decimal holds.
pub fn apply_scale(value: Decimal, scale: i32) -> Option<Decimal> {
    if scale == 0 || value.is_zero() {
        return Some(value);
    }
    if !(-28..=28).contains(&scale) {
        return None;
    }
    let power = Decimal::from_i128_with_scale(10i128.checked_pow(scale.unsigned_abs())?, 0);
    if scale > 0 {
        value.checked_mul(power)
    } else {
        value.checked_div(power)
    }
    .map(|d| d.normalize())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use proptest::prelude::*;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn dot_decimal_reads_grouped_numbers() {
        let f = Some("ixt:num-dot-decimal");
        assert_eq!(numeric(f, "1,234,567").unwrap(), d("1234567"));
        assert_eq!(numeric(f, "1,234.56").unwrap(), d("1234.56"));
        assert_eq!(numeric(f, "0.5").unwrap(), d("0.5"));
        assert_eq!(numeric(f, ".5").unwrap(), d("0.5"));
        assert_eq!(numeric(f, "1234").unwrap(), d("1234"));
        assert_eq!(numeric(f, "1 234 567").unwrap(), d("1234567"));
        assert_eq!(numeric(f, "\u{a0}66,613\u{a0}").unwrap(), d("66613"));
        assert_eq!(
            numeric(Some("ixt:numdotdecimal"), "12,000").unwrap(),
            d("12000")
        );
    }

    #[test]
    fn dot_decimal_refuses_what_is_not_its_number() {
        let f = Some("ixt:num-dot-decimal");
        for bad in [
            "", "—", "1,23", "12,3456", "1.234,5", "abc", "(12)", "-12", "1,,234",
        ] {
            assert!(numeric(f, bad).is_err(), "{bad:?} read");
        }
    }

    #[test]
    fn comma_decimal_reads_european_numbers() {
        let f = Some("ixt:num-comma-decimal");
        assert_eq!(numeric(f, "1.234.567,89").unwrap(), d("1234567.89"));
        assert_eq!(numeric(f, "12,5").unwrap(), d("12.5"));
        assert_eq!(numeric(f, "1 234,5").unwrap(), d("1234.5"));
        assert!(numeric(f, "1,234.5").is_err());
    }

    #[test]
    fn zero_formats() {
        for text in ["—", "-", "No", "immaterial", ""] {
            assert_eq!(
                numeric(Some("ixt:fixed-zero"), text).unwrap(),
                Decimal::ZERO
            );
        }
        assert_eq!(numeric(Some("ixt:zerodash"), "–").unwrap(), Decimal::ZERO);
        assert!(numeric(Some("ixt:zerodash"), "0x").is_err());
    }

    #[test]
    fn number_words() {
        let f = Some("ixt-sec:numwordsen");
        for (text, want) in [
            ("no", "0"),
            ("None", "0"),
            ("Two", "2"),
            ("twenty-one", "21"),
            ("one hundred and five", "105"),
            ("two thousand, three hundred", "2300"),
            ("a hundred", "100"),
            ("1.5 million", "1500000"),
            ("ninety-nine", "99"),
        ] {
            assert_eq!(numeric(f, text).unwrap(), d(want), "{text}");
        }
        assert!(numeric(f, "several").is_err());
        assert!(numeric(f, "").is_err());
    }

    #[test]
    fn plain_decimal_without_a_format() {
        assert_eq!(numeric(None, "0.00001").unwrap(), d("0.00001"));
        assert_eq!(numeric(None, " 12 ").unwrap(), d("12"));
        assert!(numeric(None, "1,234").is_err());
        assert!(numeric(None, ".").is_err());
    }

    #[test]
    fn unit_decimal_reads_dollars_and_cents() {
        let f = Some("ixt:num-unit-decimal");
        assert_eq!(numeric(f, "5 dollars 35 cents").unwrap(), d("5.35"));
        assert_eq!(numeric(f, "1,200 euro").unwrap(), d("1200"));
    }

    #[test]
    fn unknown_formats_are_named() {
        assert_eq!(
            numeric(Some("ixt:date-month-day"), "1").unwrap_err(),
            TransformError::UnknownFormat("date-month-day".into())
        );
    }

    #[test]
    fn scale_moves_the_point() {
        assert_eq!(apply_scale(d("66613"), 6).unwrap(), d("66613000000"));
        assert_eq!(apply_scale(d("21"), -2).unwrap(), d("0.21"));
        assert_eq!(apply_scale(d("1"), 29), None);
        assert_eq!(apply_scale(d("79228162514264337593543950335"), 1), None);
    }

    fn group_thousands(n: u64, sep: &str) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push_str(sep);
            }
            out.push(c);
        }
        out
    }

    proptest! {
        #[test]
        fn dot_decimal_round_trips(n in 0u64..10_000_000_000_000, frac in 0u32..1000, sep in prop::sample::select(vec![",", " ", "\u{a0}", ""])) {
            let text = format!("{}.{frac:03}", group_thousands(n, sep));
            let want = Decimal::from(n) + Decimal::from(frac) / Decimal::from(1000);
            prop_assert_eq!(numeric(Some("ixt:num-dot-decimal"), &text).unwrap(), want);
        }

        #[test]
        fn comma_decimal_round_trips(n in 0u64..10_000_000_000_000, frac in 0u32..100) {
            let text = format!("{},{frac:02}", group_thousands(n, "."));
            let want = Decimal::from(n) + Decimal::from(frac) / Decimal::ONE_HUNDRED;
            prop_assert_eq!(numeric(Some("ixt:num-comma-decimal"), &text).unwrap(), want);
        }

        #[test]
        fn number_words_round_trip(n in 0u32..1_000_000) {
            prop_assert_eq!(numeric(Some("ixt-sec:numwordsen"), &spell(n)).unwrap(), Decimal::from(n));
        }

        #[test]
        fn no_input_panics(format in "[a-z:-]{0,20}", text in "\\PC{0,40}") {
            let _ = numeric(Some(&format), &text);
            let _ = numeric(None, &text);
        }

        #[test]
        fn scale_never_panics(v in any::<i64>(), s in -40i32..40) {
            let _ = apply_scale(Decimal::from(v), s);
        }
    }

    /// English words for `n` (below a million), as filings write them.
    fn spell(n: u32) -> String {
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
        const TENS: [&str; 10] = [
            "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
        ];
        fn below_thousand(n: u32) -> String {
            let mut parts = Vec::new();
            if n >= 100 {
                parts.push(format!("{} hundred", UNITS[(n / 100) as usize]));
            }
            let rest = n % 100;
            if rest > 0 || n == 0 {
                if rest < 20 {
                    parts.push(UNITS[rest as usize].to_string());
                } else if rest.is_multiple_of(10) {
                    parts.push(TENS[(rest / 10) as usize].to_string());
                } else {
                    parts.push(format!(
                        "{}-{}",
                        TENS[(rest / 10) as usize],
                        UNITS[(rest % 10) as usize]
                    ));
                }
            }
            parts.join(" and ")
        }
        if n >= 1000 {
            let rest = n % 1000;
            let head = format!("{} thousand", below_thousand(n / 1000));
            if rest == 0 {
                head
            } else {
                format!("{head}, {}", below_thousand(rest))
            }
        } else {
            below_thousand(n)
        }
    }
}
