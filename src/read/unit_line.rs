//! The unit line of a table — "($ in millions, except per share data)", "in
//! thousands", "in €m", "(In thousands, except per share data; shares in
//! thousands)", SEC's "USD ($) shares in Thousands, $ in Millions" — read
//! into a [`UnitLine`].
//!
//! A currency-qualified unit ("$ in millions", "€m", "dollars in thousands")
//! scales money only; an unqualified one ("in millions") scales every amount
//! but per-share figures, percentages and ratios. A share clause ("shares in
//! thousands") sets the scale of share counts. Which rows are money, shares or
//! per-share is the labeler's call, not this module's.

use std::sync::LazyLock;

use regex::Regex;
use rust_decimal::Decimal;

use crate::model::{Currency, UnitLine};

const CURRENCY: &str = r"us\$|c\$|a\$|\$|€|£|¥|usd|eur|gbp|jpy|chf|u\.?s\.? dollars?|(?:canadian|australian|hong kong|singapore|new zealand) dollars?|dollars?|euros?|pounds?(?: sterling)?";
const SCALE: &str = r"thousands?|millions?|billions?|mn|m|bn|k|'?000s?";

static SHARES: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r"\b(?:number of )?shares?(?: amounts?)?,?\s+(?:(?:which|that)\s+)?(?:are\s+)?(?:(?:reflected|presented|stated|expressed|shown)\s+)?in\s+(?P<scale>thousands?|millions?|billions?)\b",
    )
});

/// Money and shares under one scale: "Dollars & Shares in Millions",
/// "dollars and shares in thousands".
static JOINT: LazyLock<Regex> = LazyLock::new(|| {
    regex(&format!(
        r"\b(?P<c>{CURRENCY})\s*(?:&|and)\s*shares?\s+in\s+(?P<scale>thousands?|millions?|billions?)\b"
    ))
});

static IN_SCALE: LazyLock<Regex> = LazyLock::new(|| {
    regex(&format!(
        r"(?:(?P<c1>{CURRENCY})\s*)?\bin\s+(?:(?P<c2>{CURRENCY})\s*)?(?P<scale>{SCALE})(?:\b|$)(?:\s+of\s+(?P<c3>{CURRENCY}))?"
    ))
});

static COMPACT: LazyLock<Regex> = LazyLock::new(|| {
    regex(&format!(
        r"(?:^|[\s(])(?P<c>{CURRENCY})\s?(?P<scale>m|mn|bn|k|'?000s?|millions?|thousands?|billions?)(?:\b|$)"
    ))
});

static SCALE_OF: LazyLock<Regex> = LazyLock::new(|| {
    regex(&format!(
        r"\b(?P<scale>thousands|millions|billions)\s+of\s+(?P<c>{CURRENCY})"
    ))
});

static THOUSANDS_MARK: LazyLock<Regex> =
    LazyLock::new(|| regex(r"\(\s*['‘’]?000s?\s*\)|^\s*['‘’]?000s?\s*$"));

/// A scale word alone, in parentheses or not: 3M's "(Millions)"; or
/// opening a header stub, before a comma, a semicolon or an "except" clause:
/// "Millions, except per share amounts, for the three months ended June 30,"
/// (never "Millions of customers").
static BARE: LazyLock<Regex> = LazyLock::new(|| {
    regex(r"^\s*\(?\s*(?P<scale>thousands|millions|billions)\s*\)?\s*(?:$|[,;]|\bexcept\b)")
});

/// A scale word alone in parentheses opening a header's text or after a
/// comma ending a period's heading in it: 3M's "Year ended December 31,
/// (Millions)". After a word ("Aggregate intrinsic value (millions)") or a
/// column's name ("Options, (Thousands)") it is that column's own unit;
/// "(Millions unless noted)" scales the rows that note no unit of their
/// own: a percentage, an amount per share, a term in years keep theirs
/// (3M's lease table: its right-of-use assets in millions, its terms in
/// years and its rates in percent).
static PAREN_BARE: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r"(?:^|,)\s*\(\s*(?P<scale>thousands|millions|billions)(?:\s+unless\s+(?:otherwise\s+)?(?:noted|indicated|stated))?\s*\)",
    )
});

static EXCEPT: LazyLock<Regex> = LazyLock::new(|| regex(r"\bexcept(?:\s+for)?\s+(?P<what>[^;)]*)"));

static CURRENCY_ONLY: LazyLock<Regex> =
    LazyLock::new(|| regex(r"\b(?P<code>usd|eur|gbp|jpy|chf)\s*\((?:\$|€|£|¥)\)"));

fn regex(pattern: &str) -> Regex {
    // The patterns are constants of this module; a typo is a bug caught by its tests.
    #[allow(clippy::expect_used)]
    Regex::new(pattern).expect("unit line pattern compiles")
}

/// Reads a unit line; `None` when the text states no unit.
pub fn parse_unit_line(text: &str) -> Option<UnitLine> {
    let lower = text.replace(['\u{a0}', '\u{202f}'], " ").to_lowercase();
    if let Some(c) = JOINT.captures(&lower)
        && let Some(scale) = c.name("scale").and_then(|m| scale_of(m.as_str()))
    {
        let currency = c.name("c").map(|m| m.as_str());
        // What is left ("except per share amounts") still says what is not scaled.
        let rest = JOINT.replace_all(&lower, " ");
        return Some(UnitLine {
            text: Some(text.trim().to_string()),
            scale,
            monetary_only: true,
            share_scale: Some(scale),
            currency: currency.and_then(currency_of),
            exceptions: exceptions(&rest),
        });
    }
    let share_scale = SHARES
        .captures(&lower)
        .and_then(|c| scale_of(c.name("scale")?.as_str()));
    // The share clause is not the money clause: blank it out before looking further.
    let money_text = SHARES.replace_all(&lower, " ");
    let mut found: Option<(Decimal, Option<&str>)> = None;
    if let Some(c) = IN_SCALE.captures(&money_text)
        && let Some(scale) = c.name("scale").and_then(|m| scale_of(m.as_str()))
    {
        let currency = ["c1", "c2", "c3"]
            .iter()
            .find_map(|n| c.name(n))
            .map(|m| m.as_str());
        found = Some((scale, currency));
    }
    if found.is_none()
        && let Some(c) = SCALE_OF.captures(&money_text)
        && let Some(scale) = c.name("scale").and_then(|m| scale_of(m.as_str()))
    {
        found = Some((scale, c.name("c").map(|m| m.as_str())));
    }
    if found.is_none()
        && let Some(c) = COMPACT.captures(&money_text)
        && let Some(scale) = c.name("scale").and_then(|m| scale_of(m.as_str()))
    {
        found = Some((scale, c.name("c").map(|m| m.as_str())));
    }
    if found.is_none() && THOUSANDS_MARK.is_match(&money_text) {
        found = Some((Decimal::ONE_THOUSAND, None));
    }
    if found.is_none()
        && let Some(c) = BARE.captures(&money_text)
        && let Some(scale) = c.name("scale").and_then(|m| scale_of(m.as_str()))
    {
        found = Some((scale, None));
    }
    let title_currency = CURRENCY_ONLY
        .captures(&lower)
        .and_then(|c| currency_of(c.name("code")?.as_str()));
    match found {
        Some((scale, currency)) => {
            let named = currency.and_then(currency_of);
            Some(UnitLine {
                text: Some(text.trim().to_string()),
                scale,
                monetary_only: currency.is_some(),
                share_scale,
                currency: named.or(title_currency),
                exceptions: exceptions(&money_text),
            })
        }
        None if share_scale.is_some() || title_currency.is_some() => Some(UnitLine {
            text: Some(text.trim().to_string()),
            scale: Decimal::ONE,
            monetary_only: title_currency.is_some(),
            share_scale,
            currency: title_currency,
            exceptions: exceptions(&money_text),
        }),
        None => None,
    }
}

/// A table's unit from a scale in parentheses opening a header's text or
/// after its period's heading ("(Millions)", "Year ended December 31,
/// (Millions)"), for a table whose title and headers state no unit line
/// otherwise. It scales
/// every amount but per-share figures, percentages and ratios, as a bare
/// "in millions" does.
pub fn parenthesized_scale(text: &str) -> Option<UnitLine> {
    let lower = text.to_lowercase();
    let found = PAREN_BARE.captures(&lower)?;
    let before = lower.get(..found.get(0)?.start())?.trim();
    let heading = [
        "ended", "year", "months", "quarter", "fiscal", "as of", "as at",
    ];
    if !before.is_empty() && !heading.iter().any(|h| before.contains(h)) {
        return None;
    }
    let scale = scale_of(found.name("scale")?.as_str())?;
    Some(UnitLine {
        text: Some(text.trim().to_string()),
        scale,
        monetary_only: false,
        share_scale: None,
        currency: None,
        exceptions: Vec::new(),
    })
}

/// The phrases of an "except …" clause, without generic nouns ("data",
/// "amounts", "counts") and singular: "except per share data and customer
/// counts" → ["per share", "customer"].
fn exceptions(text: &str) -> Vec<String> {
    const GENERIC: [&str; 9] = [
        "data",
        "amounts",
        "amount",
        "information",
        "figures",
        "values",
        "counts",
        "numbers",
        "items",
    ];
    let Some(what) = EXCEPT.captures(text).and_then(|c| c.name("what")) else {
        return Vec::new();
    };
    // "except ratios for the trailing twelve months ended": what the
    // exception covers ends where its period begins.
    let what = what.as_str();
    let what = what
        .find(" for ")
        .map_or(what, |at| what.get(..at).unwrap_or(what));
    what.split([',', '/', '&'])
        .flat_map(|part| part.split(" and "))
        .filter_map(|phrase| {
            let mut words: Vec<&str> = phrase
                .split_whitespace()
                .filter(|w| {
                    !GENERIC.contains(w) && *w != "as" && *w != "noted" && *w != "otherwise"
                })
                .collect();
            // A clause blanked out before this one leaves its "and" behind.
            if words.first().is_some_and(|w| *w == "and" || *w == "or") {
                words.remove(0);
            }
            let last = words.pop()?;
            let singular = match last.strip_suffix('s') {
                Some(stem) if stem.len() > 3 && !stem.ends_with('s') => stem,
                _ => last,
            };
            words.push(singular);
            Some(words.join(" "))
        })
        .collect()
}

fn scale_of(word: &str) -> Option<Decimal> {
    if thousands_mark(word) {
        return Some(Decimal::ONE_THOUSAND);
    }
    crate::number::scale_word(word.trim_start_matches(['\'', '‘', '’']))
}

/// Whether a word is the thousands mark, "000" or "'000s" (a straight or
/// curly quote before it): the one unit written in digits.
pub(crate) fn thousands_mark(word: &str) -> bool {
    matches!(
        word.trim().trim_start_matches(['\'', '‘', '’']),
        "000" | "000s"
    )
}

fn currency_of(word: &str) -> Option<Currency> {
    match word {
        "dollar" | "dollars" | "u.s. dollars" | "us dollars" | "u.s. dollar" | "us dollar"
        | "u.s dollars" | "us$" => Some(Currency::USD),
        "canadian dollar" | "canadian dollars" => Currency::from_code("CAD"),
        "australian dollar" | "australian dollars" => Currency::from_code("AUD"),
        "hong kong dollar" | "hong kong dollars" => Currency::from_code("HKD"),
        "singapore dollar" | "singapore dollars" => Currency::from_code("SGD"),
        "new zealand dollar" | "new zealand dollars" => Currency::from_code("NZD"),
        "euro" | "euros" => Some(Currency::EUR),
        "pound" | "pounds" | "pounds sterling" => Some(Currency::GBP),
        other => crate::number::currency(&other.to_uppercase())
            .or_else(|| crate::number::currency(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scale_in_parentheses_in_a_header_is_the_tables() {
        let scale = |text: &str| parenthesized_scale(text).map(|u| u.scale.to_string());
        assert_eq!(
            scale("Year ended December 31, (Millions)").as_deref(),
            Some("1000000")
        );
        assert_eq!(scale("(Thousands)").as_deref(), Some("1000"));
        // Near misses: a column's own unit after its words or its name;
        // prose.
        assert_eq!(scale("Aggregate intrinsic value (millions)"), None);
        assert_eq!(scale("Options, (Thousands)"), None);
        assert_eq!(scale("(Millions unless noted)").as_deref(), Some("1000000"));
        assert_eq!(
            scale("(Millions unless otherwise noted)").as_deref(),
            Some("1000000")
        );
        assert_eq!(scale("Millions of customers"), None);
        assert_eq!(
            scale("Weighted-average remaining contractual term (in yrs.)"),
            None
        );
    }

    fn unit(text: &str) -> (String, bool, Option<String>, Option<&'static str>) {
        let u = parse_unit_line(text).unwrap_or_else(|| panic!("no unit in {text:?}"));
        (
            u.scale.to_string(),
            u.monetary_only,
            u.share_scale.map(|s| s.to_string()),
            u.currency.map(Currency::code),
        )
    }

    #[test]
    fn reads_unit_lines() {
        type Expected<'a> = (&'a str, bool, Option<&'a str>, Option<&'a str>);
        let cases: &[(&str, Expected)] = &[
            (
                "($ in millions, except per share data)",
                ("1000000", true, None, Some("USD")),
            ),
            ("(in thousands)", ("1000", false, None, None)),
            (
                "(in thousands of Canadian dollars)",
                ("1000", true, None, Some("CAD")),
            ),
            (
                "In millions, except per share amounts",
                ("1000000", false, None, None),
            ),
            (
                "(in thousands, except per share amounts)",
                ("1000", false, None, None),
            ),
            (
                "(Dollars in thousands, except per share amounts)",
                ("1000", true, None, Some("USD")),
            ),
            (
                "(In thousands of U.S. dollars)",
                ("1000", true, None, Some("USD")),
            ),
            ("in €m", ("1000000", true, None, Some("EUR"))),
            ("€m", ("1000000", true, None, Some("EUR"))),
            ("in € million", ("1000000", true, None, Some("EUR"))),
            ("£'000", ("1000", true, None, Some("GBP"))),
            ("$000s", ("1000", true, None, Some("USD"))),
            ("(000s)", ("1000", false, None, None)),
            ("Thousands of dollars", ("1000", true, None, Some("USD"))),
            (
                "(In thousands, except per share data; shares in thousands)",
                ("1000", false, Some("1000"), None),
            ),
            (
                "CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS - USD ($) shares in Thousands, $ in Millions",
                ("1000000", true, Some("1000"), Some("USD")),
            ),
            (
                "Consolidated Balance Sheets - USD ($) $ in Millions",
                ("1000000", true, None, Some("USD")),
            ),
            ("(in billions)", ("1000000000", false, None, None)),
            ("(Millions)", ("1000000", false, None, None)),
            ("Thousands", ("1000", false, None, None)),
            (
                "(In millions, except number of shares which are reflected in thousands and per share amounts)",
                ("1000000", false, Some("1000"), None),
            ),
            (
                "(In millions, except share amounts which are reflected in thousands, and per share amounts)",
                ("1000000", false, Some("1000"), None),
            ),
            (
                "(In millions, except number of shares, which are reflected in thousands, and per-share amounts)",
                ("1000000", false, Some("1000"), None),
            ),
            ("USD ($)", ("1", true, None, Some("USD"))),
            (
                "Millions, except per share amounts, for the three months ended June 30,",
                ("1000000", false, None, None),
            ),
            (
                "Millions, for the six months ended June 30,",
                ("1000000", false, None, None),
            ),
            (
                "(Unaudited; Dollars & Shares in Millions Except Per Share Amounts)",
                ("1000000", true, Some("1000000"), Some("USD")),
            ),
            (
                "(Dollars and shares in thousands)",
                ("1000", true, Some("1000"), Some("USD")),
            ),
            ("Thousands, except share data", ("1000", false, None, None)),
        ];
        for (text, (scale, monetary, shares, currency)) in cases {
            let got = unit(text);
            assert_eq!(got.0, *scale, "{text}");
            assert_eq!(got.1, *monetary, "{text}");
            assert_eq!(got.2.as_deref(), *shares, "{text}");
            assert_eq!(got.3, *currency, "{text}");
        }
    }

    #[test]
    fn reads_exceptions() {
        let u = |t: &str| parse_unit_line(t).unwrap().exceptions;
        assert_eq!(u("($ in millions, except per share data)"), ["per share"]);
        assert_eq!(
            u("(In thousands, except percentages and customer counts)"),
            ["percentage", "customer"]
        );
        assert_eq!(
            u("(in millions, except per share and share data)"),
            ["per share", "share"]
        );
        assert_eq!(
            u("(in millions, except number of stores; shares in thousands)"),
            ["number of store"]
        );
        assert!(u("(in thousands)").is_empty());
        assert_eq!(
            u("(Dollars & Shares in Millions Except Per Share Amounts)"),
            ["per share"]
        );
        assert_eq!(
            u(
                "(In millions, except number of shares which are reflected in thousands and per share amounts)"
            ),
            ["per share"]
        );
        // The period the exception is stated for is no part of it.
        assert_eq!(
            u("Millions, except ratios for the trailing twelve months ended [1]"),
            ["ratio"]
        );
    }

    #[test]
    fn ignores_text_without_units() {
        for text in [
            "Consolidated Statements of Operations",
            "Acme Corp",
            "Year Ended December 31,",
            "Revenue",
            "Investments in marketable securities",
            "Payments made in connection with acquisitions",
            "Millions of customers served",
            "Millions of barrels, for the year ended",
            "Thousands of employees",
        ] {
            assert_eq!(parse_unit_line(text), None, "{text}");
        }
    }
}
