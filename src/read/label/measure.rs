//! What a number counts and its scale: a table's unit line from its title
//! and header texts, a unit a label states for its own row, a label in a
//! minor unit (pence, cents), a row's measure (from its concept, label and
//! section), a column's measure (from its header), and the scale a unit
//! line gives a quantity of each measure.

use rust_decimal::Decimal;

use crate::model::{Measure, UnitLine};
use crate::read::unit_line::parse_unit_line;

/// The scale a unit line gives a quantity of this measure: money takes the
/// unit; per-share figures, percentages and ratios are never scaled; share
/// counts take the share clause, else the unit unless it was money-only.
pub fn scale_for(measure: Measure, unit: &UnitLine) -> Decimal {
    match measure {
        Measure::Monetary => unit.scale,
        Measure::PerShare | Measure::Percent | Measure::Ratio => Decimal::ONE,
        Measure::Shares => unit.share_scale.unwrap_or(if unit.monetary_only {
            Decimal::ONE
        } else {
            unit.scale
        }),
        Measure::Number => {
            if unit.monetary_only {
                Decimal::ONE
            } else {
                unit.scale
            }
        }
    }
}

/// The first unit line among a table's title and header texts. A unit
/// clause a header's stub breaks over two lines ("(Dollars in millions,
/// except" / "per share amounts)") is read whole, with its exceptions.
///
/// Failing those, a scale in parentheses opening a header's text or after
/// its period's heading, 3M's "Year ended December 31, (Millions)"
/// ([`crate::read::unit_line::parenthesized_scale`]).
pub(super) fn unit_of<'a>(texts: impl Iterator<Item = &'a str> + Clone) -> Option<UnitLine> {
    let all = texts.clone();
    let mut texts = texts.peekable();
    while let Some(text) = texts.next() {
        if text.matches('(').count() > text.matches(')').count()
            && let Some(next) = texts.peek()
            && next.matches(')').count() > next.matches('(').count()
            && let Some(unit) = parse_unit_line(&format!("{text} {next}"))
        {
            return Some(unit);
        }
        if let Some(unit) = parse_unit_line(text) {
            return Some(unit);
        }
    }
    all.into_iter()
        .find_map(crate::read::unit_line::parenthesized_scale)
}

/// The unit a label states for its own numbers in a closing parenthesis:
/// 3M's "Sales (millions)", "Operating income ($ in millions)", "Shares
/// outstanding (in thousands)". Only a short parenthesis that is a unit
/// and nothing else counts ("Notes (3.875% due 2052)" and "Revenue (net of
/// $12 million in returns)" are not units).
pub(crate) fn trailing_unit(label: &str) -> Option<UnitLine> {
    trailing_unit_clause(label).map(|(_, _, unit)| unit)
}

/// [`trailing_unit`], with the text it was read from (trimmed, a closing
/// ":" dropped) and its unit clause, parentheses included ("(dollars in
/// millions)").
pub(crate) fn trailing_unit_clause(label: &str) -> Option<(&str, &str, UnitLine)> {
    let body = label.trim().trim_end_matches(':').trim_end();
    let inner = body.strip_suffix(')')?;
    let open = inner.rfind('(')?;
    let inner = inner.get(open + 1..)?;
    let words = inner.split_whitespace().count();
    if words == 0
        || words > 4
        || inner.chars().any(|c| c.is_ascii_digit())
            && !crate::read::unit_line::thousands_mark(inner)
    {
        return None;
    }
    let unit = parse_unit_line(inner)?;
    Some((body, body.get(open..)?, unit))
}

/// The words a label names before its closing unit clause ("Connections"
/// of "Connections ('000)"), trimmed; `None` without such a clause.
pub(crate) fn named_before_unit(label: &str) -> Option<&str> {
    let (body, clause, _) = trailing_unit_clause(label)?;
    Some(body.strip_suffix(clause).unwrap_or(body).trim())
}

/// The unit a column header states for its own cells in a closing
/// parenthesis, past footnote marks: "Total Number of Class A Shares
/// Purchased (in thousands)(1)", "… Under the Program (In billions)".
pub(super) fn column_unit(label: &str) -> Option<UnitLine> {
    trailing_unit(crate::vocab::strip_footnotes(label))
}

/// Whether a row label ends in a percent sign or word in parentheses
/// ("Operating ratio (%)", "Gross margin (in percent)"): its numbers are
/// percentages.
pub(super) fn ends_in_percent(label: &str) -> bool {
    let body = label.trim().trim_end_matches(':').trim_end();
    let Some(inner) = body
        .strip_suffix(')')
        .and_then(|rest| rest.rfind('(').and_then(|open| rest.get(open + 1..)))
    else {
        return false;
    };
    matches!(
        inner.trim().to_ascii_lowercase().as_str(),
        "%" | "in %" | "percent" | "in percent" | "percentage" | "in percentages"
    )
}

/// Whether a section caption says its rows are percentages: "Year-over-year
/// Percentage Growth:", "Percent of net sales", "% change". Not "Percentage
/// points" nor a caption that only mentions a share of something in words.
pub(super) fn names_percentage(caption: &str) -> bool {
    let lower = caption.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '%')
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(i, w)| {
        matches!(*w, "percentage" | "percent" | "%") && words.get(i + 1) != Some(&"points")
    })
}

/// A label that says its numbers are hundredths of the currency, at its
/// end: "Basic earnings per share (pence)", "Dividends per share (in
/// cents)", "Earnings per share, pence". Not a phrase inside the label
/// ("Final dividend of AU 14 cents (2017: AU 12 cents)" is an amount in the
/// table's units).
pub(super) fn in_minor_unit(label: &str) -> bool {
    static MINOR: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)(?:\((?:in\s+)?(?:pence|cents|p|¢)\)|[,–-]\s*(?:in\s+)?(?:pence|cents))\s*$",
        )
        .ok()
    });
    MINOR.as_ref().is_some_and(|r| r.is_match(label.trim()))
}

/// The phrases that make a line's amounts per share.
pub(super) const PER_SHARE: [&str; 5] = [
    "per share",
    "per common share",
    "per ordinary share",
    "per diluted share",
    "per basic share",
];

/// Whether a caption heads a block of earnings per share: "Earnings per
/// common share––basic", "Net income per share:". Not dividends per share.
pub(super) fn names_per_share(caption: &str) -> bool {
    let lower = caption.to_lowercase();
    PER_SHARE.iter().any(|p| lower.contains(p)) && names_earnings(&lower)
}

/// Whether a text names earnings: income, earnings, a loss.
pub(super) fn names_earnings(text: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric()).any(|w| {
        ["income", "earnings", "loss", "losses", "eps"]
            .iter()
            .any(|e| w.eq_ignore_ascii_case(e))
    })
}

/// What a rate is per, besides a share: an account, a customer, a unit, a
/// day, a barrel, a room.
const PER_UNIT: [&str; 39] = [
    "account",
    "accounts",
    "customer",
    "customers",
    "subscriber",
    "subscribers",
    "user",
    "users",
    "member",
    "members",
    "membership",
    "memberships",
    "paying",
    "subscription",
    "subscriptions",
    "unit",
    "units",
    "employee",
    "employees",
    "connection",
    "connections",
    "household",
    "day",
    "barrel",
    "boe",
    "mcf",
    "ton",
    "tonne",
    "ounce",
    "pound",
    "available",
    "room",
    "seat",
    "passenger",
    "square",
    "store",
    "visit",
    "transaction",
    "vehicle",
];

/// Whether a label's head states a rate per a unit other than a share
/// ("Wireless retail postpaid connections per account", "Average revenue
/// per user", "Revenue per available room"): its numbers are each one
/// unit's, printed whole, not in the table's thousands or millions.
/// "Amounts per consolidated balance sheet" is no rate.
pub(super) fn names_rate_per_unit(label: &str) -> bool {
    let head = label_head(label);
    let words: Vec<&str> = head
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(2)
        .any(|pair| matches!(pair, ["per", unit] if PER_UNIT.contains(unit)))
}

/// Whether a label or caption states its numbers in years ("Weighted
/// average remaining lease term (in years):", "Expected term (years)"): a
/// span of time, never in the table's thousands or millions.
pub(super) fn states_years(label: &str) -> bool {
    let lower = label.to_lowercase();
    ["in years", "(years)", "in yrs", "(yrs"]
        .iter()
        .any(|p| lower.contains(p))
}

/// The head of a label, where what it measures is said: the part before a
/// parenthesis, comma, semicolon or bracket, lower case, hyphens as spaces.
fn label_head(text: &str) -> String {
    text.split(['(', ',', ';', '['])
        .next()
        .unwrap_or("")
        .to_lowercase()
        .replace('-', " ")
}

/// A row's measure: the concept's when known, else what the label and
/// section say, else money. Only the head of a label counts — the part
/// before a parenthesis, comma or semicolon — so "Cash dividends declared
/// ($0.96 per share)" is money and "Common stock, $0.01 par value; 2,000
/// shares authorized" is not a share count.
pub(super) fn row_measure(
    concept: Option<Measure>,
    label: Option<&str>,
    section: &[String],
) -> Measure {
    // SEC renderings say a row's unit at its end: "(in shares)", "(in
    // dollars per share)".
    let whole = label.unwrap_or("").to_lowercase();
    if whole.contains("(in shares)") {
        return Measure::Shares;
    }
    if whole.split("(in ").skip(1).any(|rest| {
        rest.split(')')
            .next()
            .is_some_and(|unit| unit.contains("per share"))
    }) {
        return Measure::PerShare;
    }
    if let Some(measure) = concept {
        return measure;
    }
    let label = label_head(label.unwrap_or(""));
    let mut words = label.clone();
    for s in section {
        words.push(' ');
        words.push_str(&label_head(s));
    }
    let has_word = |text: &str, word: &str| {
        text.split(|c: char| !c.is_alphanumeric())
            .any(|w| w == word)
    };
    // "Shares used in computing net income per share" counts shares, so share
    // counts are recognised before "per share".
    let counts_shares = [
        "shares used",
        "shares outstanding",
        "weighted average shares",
        "weighted average number of",
        "number of shares",
        "shares in computing",
    ]
    .iter()
    .any(|p| words.contains(p));
    let per_share = PER_SHARE.iter().any(|p| words.contains(p)) || has_word(&words, "eps");
    // A label opening with a count of shares is one whatever it is used
    // for: Adobe's "Shares used to compute diluted net income per share".
    let opens_with_count = [
        "shares used",
        "weighted average shares",
        "weighted average number of",
        "number of shares",
    ]
    .iter()
    .any(|p| label.trim_start().starts_with(p));
    // An amount a label says goes into a per-share figure is money:
    // Corning's "Net income attributable to Corning Incorporated used in
    // basic earnings per common share calculation".
    let into_per_share = ["used in ", "used to compute", "used for ", "in computing "]
        .iter()
        .filter_map(|p| label.find(p))
        .any(|at| {
            label.get(at..).is_some_and(|rest| {
                PER_SHARE.iter().any(|ps| rest.contains(ps)) || has_word(rest, "eps")
            })
        });
    if opens_with_count || counts_shares && !label.contains("per share") {
        Measure::Shares
    } else if into_per_share {
        Measure::Monetary
    } else if per_share {
        Measure::PerShare
    } else if has_word(&words, "shares") {
        Measure::Shares
    } else if label.trim_start().starts_with("return on ") {
        // "Return on tangible common equity", "Return on average assets":
        // a rate, printed with its "%" or not.
        Measure::Percent
    } else if label.trim_start().starts_with("number of ") {
        // "Number of employees", "Number of stores": counts, not money.
        Measure::Number
    } else {
        Measure::Monetary
    }
}

/// Whether a column header says its cells are basis points ("Change
/// (bps)", "Basis points").
pub(super) fn names_basis_points(label: &str) -> bool {
    let lower = label.to_lowercase();
    lower.contains("basis point")
        || lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == "bps" || w == "bp")
}

/// What a column header says its cells count: money per share ("Average
/// Price Paid per Share", "… per Class A Share"), money ("Approximate
/// Dollar Value of Shares that May Yet Be Purchased"), or shares ("Total
/// Number of Shares Purchased", "Shares"); `None` when it does not say.
pub(super) fn column_measure(label: &str) -> Option<Measure> {
    let lower = label.to_lowercase();
    // "per share", "per common share", 3M's "Earnings Per Diluted Share",
    // Alphabet's "per Class A Share".
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let per_share = words.iter().enumerate().any(|(i, w)| {
        *w == "per"
            && words
                .iter()
                .skip(i + 1)
                .find(|w| {
                    !matches!(**w, "basic" | "diluted" | "common" | "ordinary" | "class")
                        && w.len() > 1
                })
                .is_some_and(|w| *w == "share")
    });
    if per_share {
        Some(Measure::PerShare)
    } else if words.iter().any(|w| matches!(*w, "dollar" | "dollars")) {
        Some(Measure::Monetary)
    } else if words.contains(&"shares") {
        Some(Measure::Shares)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{names_percentage, names_rate_per_unit, states_years};

    #[test]
    fn a_term_in_years() {
        assert!(states_years(
            "Weighted average remaining lease term (in years):"
        ));
        assert!(states_years("Expected remaining term (years)"));
        assert!(states_years(
            "Weighted-average remaining contractual term (in yrs.)"
        ));
        // Near misses: a period of years, a count of years' worth.
        assert!(!states_years("Operating leases, years ended December 31"));
        assert!(!states_years("Payments due in 2 to 3 years"));
    }

    #[test]
    fn a_rate_per_a_unit() {
        assert!(names_rate_per_unit(
            "Wireless retail postpaid connections per account"
        ));
        assert!(names_rate_per_unit("Average revenue per user"));
        assert!(names_rate_per_unit("Revenue per available room"));
        assert!(names_rate_per_unit(
            "Average monthly revenue per paying membership"
        ));
        // Near misses: per share is its own measure; "per" a statement is
        // no rate; a unit after a comma is not the line's.
        assert!(!names_rate_per_unit("Net income per diluted share"));
        assert!(!names_rate_per_unit(
            "Amounts per consolidated balance sheet"
        ));
        assert!(!names_rate_per_unit(
            "Total revenue, per customer agreements"
        ));
        assert!(!names_rate_per_unit("Wireless retail postpaid accounts"));
    }

    #[test]
    fn a_caption_naming_a_percentage() {
        assert!(names_percentage("Year-over-year Percentage Growth:"));
        assert!(names_percentage("Percent of net sales"));
        assert!(names_percentage("% change"));
        assert!(!names_percentage("Percentage points"));
        assert!(!names_percentage("Net Sales:"));
        assert!(!names_percentage("Percentages of completion revenue"));
    }
}
