//! Check 3, value: the signed number at the pointer against the stated
//! number, both read in the same units, equal within the rounding the claim
//! wrote.
//!
//! Units (docs/contract.md §4): a stated value with a scale word ("$4.2 billion") is
//! absolute and compares in base units; a percentage compares as a
//! percentage (38.1% and a cell holding 0.381 are the same quantity); a plain
//! number ("17,260") is read in the units the cited table prints. The claim
//! is held to the rounding it wrote: "4.2 billion" covers [4.15, 4.25]
//! billion, both midpoints in (they round either way by some convention). Presentation is not a sign flip: a cost shown in parentheses and
//! stated positive, or a negative figure the claim itself calls a loss,
//! decrease or outflow.

use rust_decimal::Decimal;

use super::{Check, Code, CodeDoc};
use crate::model::{Amount, Cell, Currency, Document, Period, Table};
use crate::number::parse_amount;

/// The codes of this check, documented.
pub const DOCS: &[CodeDoc] = &[
    CodeDoc {
        code: Code::ValueMismatch,
        check: Check::Value,
        what: "The number at the pointer differs from the stated number, beyond the rounding the claim wrote (\"$4.2 billion\" accepts 4.15–4.25 billion; \"$4,200,000,000\" is the cell of 4,200 in millions written out). A written rounding holds only within a relative tolerance of the cell (5% by default, `--tolerance`; a hedge such as \"about\", in the value or where the sentence states it, widens it to 6% and makes a whole number's trailing zeros insignificant: \"about 600 million\" and \"nearly $450 million\" hold 612.5 and 447 million, \"approximately $5.6 billion\" does not hold 5.318 billion nor \"roughly $330 million\" 321.0 million; a hedged percentage keeps its points: \"about 80%\" does not hold 75.6%): \"$1 billion\" for 612.5 million is a mismatch. Also raised when the cited cell holds text rather than a number, or a different currency (symbols, words and codes alike: \"4.2 billion euros\", \"EUR 4.2bn\"), when the claim's sentence states another number than its `value` (the answer says one number and checks another), and when a calculation in its operands' units (a sum or a difference) has a role that its operands' tables print as a line of its own, with another value (\"Total net sales, fiscal 2024\" summed from the segments where the note prints the total after eliminations), or a per-share amount computed from its operands has a role its operands' tables print, with another value (\"Basic EPS\" as net income over the basic shares, where the statement prints basic EPS from the income available to common shareholders), or a percentage computed over operands has a role that its operands' tables print in percent, with none of the claim's value (a \"cash flow conversion rate\" of operating cash flow over net income where the table prints the rate from its own definition).",
        why: "A citation is a promise that the figure is in the source. The wrong digits are the plainest broken promise, and no amount of fluent prose fixes them.",
        example: "\"Revenue was $4.3 billion in 2024\" citing `acme.xlsx#IS!B7`, which holds 4,200 ($ in millions).",
        route: "reanswer; recite when another assembled cell with the claimed role holds the stated number (`suggest` names it).",
    },
    CodeDoc {
        code: Code::SignFlip,
        check: Check::Value,
        what: "The stated number has the magnitude of the cell but the opposite sign, and presentation does not explain it. A cost shown in parentheses and stated as a positive cost is presentation, not a flip; so is a negative figure the claim calls a loss, decrease or outflow. But a cost whose row prints it positive in its other columns (a provision for credit losses of 8,285 beside (4,156); restructuring of 79 beside (11)) is a benefit or a reversal where it is negative: stated as the cost (\"added $4.2 billion of expense\") it is a flip, whatever the line's own words (\"losses\", \"expense\") say, unless the claim names the other side (a benefit, a release, a reversal, a recovery, a net credit, \"reduced\") or the line names it first (\"Benefit (provision) for income taxes\"); a change column is not read so. Also raised when the claim's sentence says a movement of an equity statement raised a component (\"added $120.0 million to retained earnings\") where the statement prints it as a reduction, or the reverse; when the claim's sentence says a cash-flow amount added to cash (\"added $12 million to operating cash flow\") where the statement prints it as a reduction, or the reverse (\"used $6,020 million of Apple's operating cash\" where it prints an addition); when the claim's sentence says a line under an other-comprehensive-income caption reduced it (\"knocked $27.4 million off other comprehensive income\") where the statement prints an addition, whatever the line's label says (\"actuarial loss … 4\" adds 4), or the reverse; and when a role naming a rise or a fall of its measure (\"Net sales decline, 2022\", \"Net cash used in investing activities increase, 2024\") cites a change column's cell whose line moved the other way (read from the row's two levels where it prints them, else from the change's sign).",
        why: "Income stated where the statement shows an expense reverses the meaning of the figure while every digit matches, so a digits-only check passes it.",
        example: "\"Other income was $482 thousand\" citing `birchwood.xlsx#'Income Statement'!B17`, shown as (482) on the \"Other income (expense), net\" line.",
        route: "reanswer.",
    },
    CodeDoc {
        code: Code::ScaleMismatch,
        check: Check::Value,
        what: "The stated number has the digits of the cell at the wrong scale: thousands for millions, billions for millions, a fraction for a percentage. A sentence that writes an amount with its currency and no scale (\"revenue was $184,512\"), or a share count without one (\"49,020 shares\", \"409,201 basic weighted-average shares\"), states that many units, not the table's digits in its thousands; a calculation's operand, which has no sentence, and a row of a rate per unit (\"per gallon\") are read as printed.",
        why: "Scale errors are a factor of a thousand wrong while looking right to a reader who checks digits; the table's unit line is easy to miss.",
        example: "\"Revenue was $4.2 million\" citing `acme.xlsx#IS!B7` (4,200 in a table \"$ in millions\").",
        route: "reanswer.",
    },
];

/// Reads a stated value as an amount: the number parser's forms, plus a
/// hedge before it ("approximately $4.2 billion"), a sign word ("negative
/// $9 million"), a currency or unit word after it ("4.2 billion euros",
/// "190 million shares", "$2.35 per diluted share"), and the words tables
/// print for nil ("n/a", "nil", "none": zero, like a dash); and a quantity
/// of a thing ("1,136 miles", "43.4 MMBoe"), its number as written.
pub fn parse_stated(text: &str) -> Option<Amount> {
    parse_stated_as(text, true)
}

/// [`parse_stated`], reading a quantity with a unit it does not know
/// ("43.4 MMBoe") only when `quantities` says so.
fn parse_stated_as(text: &str, quantities: bool) -> Option<Amount> {
    let mut rest = text.trim().trim_end_matches(['.', ';']).trim_end();
    if NIL_WORDS.iter().any(|w| rest.eq_ignore_ascii_case(w)) {
        let mut nil = Amount::plain(Decimal::ZERO, 0);
        nil.dash = true;
        return Some(nil);
    }
    if let Some(amount) = parse_amount(rest) {
        return Some(amount);
    }
    for hedge in HEDGES {
        if let Some(stripped) = strip_prefix_ci(rest, hedge) {
            // A whole word only ("about", not "aboutness").
            if hedge.chars().all(char::is_alphabetic)
                && stripped.chars().next().is_some_and(char::is_alphanumeric)
            {
                continue;
            }
            rest = stripped.trim_start();
            break;
        }
    }
    if let Some(amount) = parse_points(rest) {
        return Some(amount);
    }
    // Hundredths of a currency: "34.0p", "34.0 pence", "12 cents", "12¢".
    for (unit, code) in [
        ("pence", Some("GBP")),
        ("p", Some("GBP")),
        ("cents", None),
        ("cent", None),
        ("¢", None),
    ] {
        if let Some(stripped) = strip_suffix_ci(rest, unit) {
            let number = stripped.trim_end();
            if unit == "p" && !stripped.ends_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            let amount = parse_amount(number)?;
            if amount.percent || amount.currency.is_some() || amount.scale_exp != 0 {
                return None;
            }
            let mut amount = amount.hundredths()?;
            amount.currency = code.and_then(Currency::from_code);
            return Some(amount);
        }
    }
    let mut negative = false;
    for sign in ["negative", "minus"] {
        if let Some(stripped) = strip_prefix_ci(rest, sign)
            && stripped.starts_with(char::is_whitespace)
        {
            rest = stripped.trim_start();
            negative = true;
            break;
        }
    }
    let negate = |mut amount: Amount| {
        if negative && !amount.value.is_sign_negative() {
            amount.value = -amount.value;
        }
        amount
    };
    if let Some(amount) = parse_amount(rest) {
        return Some(negate(amount));
    }
    for (unit, code) in [
        ("per diluted share", None),
        ("per basic share", None),
        ("per share", None),
        ("a share", None),
        ("us dollars", Some("USD")),
        ("u.s. dollars", Some("USD")),
        ("dollars", Some("USD")),
        ("dollar", Some("USD")),
        ("euros", Some("EUR")),
        ("euro", Some("EUR")),
        ("pounds sterling", Some("GBP")),
        ("pounds", Some("GBP")),
        ("pound", Some("GBP")),
        ("sterling", Some("GBP")),
        ("yen", Some("JPY")),
        ("shares", None),
        // A multiple ("22.8x", "1.8 times"): a ratio, no unit.
        ("times", None),
        ("x", None),
        ("×", None),
    ] {
        if let Some(stripped) = strip_suffix_ci(rest, unit) {
            let number = stripped.trim_end();
            // "x" or "×" right after a digit only ("22.8x"); a word is not
            // a multiple.
            if matches!(unit, "x" | "×") && !number.ends_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            let mut amount = parse_amount(number)?;
            if matches!(unit, "times" | "x" | "×") && (amount.currency.is_some() || amount.percent)
            {
                return None;
            }
            if let Some(code) = code {
                let named = Currency::from_code(code);
                if amount.currency.is_some_and(|c| Some(c) != named) {
                    return None;
                }
                amount.currency = named;
            }
            return Some(negate(amount));
        }
    }
    // A quantity with its unit ("43.4 MMBoe", "68,400 barrels per day",
    // "338.8 billion gallons", "1,136 miles"): the number as written; the
    // unit names what is counted, as the cell's row or column does.
    quantities.then(|| quantity(rest)).flatten().map(negate)
}

/// Words that make the words after a number more than its unit: a
/// direction, a comparison, a period or a joining word ("447 million
/// loss", "12 million more than 2023").
const NOT_A_UNIT: [&str; 45] = [
    "increase",
    "increases",
    "increased",
    "rise",
    "growth",
    "gain",
    "gains",
    "income",
    "profit",
    "profits",
    "higher",
    "lower",
    "up",
    "down",
    "more",
    "less",
    "than",
    "over",
    "under",
    "above",
    "below",
    "change",
    "net",
    "total",
    "in",
    "of",
    "for",
    "at",
    "to",
    "from",
    "and",
    "or",
    // Money and the units read elsewhere (scale words are
    // `number::scale_word`'s).
    "shares",
    "share",
    "percent",
    "point",
    "points",
    "bps",
    "basis",
    "times",
    "x",
    "dollars",
    "dollar",
    "cents",
    "pence",
];

/// Whether a value is a quantity with a unit tickmark does not read
/// ("43.4 MMBoe", "68,400 barrels per day"): a unit may carry its own
/// scale ("MMBoe" is millions of "Boe"), so the same digits at another
/// scale are no proof of a mismatch.
pub fn is_quantity(text: &str) -> bool {
    // Most values end in a digit, a scale or a currency word: no parse.
    let last = text.split_whitespace().next_back().unwrap_or("");
    is_unit_word(last.trim_end_matches(['.', ';']))
        && parse_stated_as(text, false).is_none()
        && parse_stated_as(text, true).is_some()
}

/// A word that may name a unit: letters (a slash, dot, hyphen or digit
/// within, a letter first), none of [`NOT_A_UNIT`] and no scale word.
fn is_unit_word(w: &str) -> bool {
    w.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '-'))
        && !NOT_A_UNIT.iter().any(|n| n.eq_ignore_ascii_case(w))
        && crate::number::scale_word(w).is_none()
}

/// A number of a thing other than money or a percentage: an amount with a
/// digit and no currency, then at most three words of letters (a slash,
/// dot or hyphen within), none a word of a direction, a comparison or a
/// joining word.
fn quantity(text: &str) -> Option<Amount> {
    let words: Vec<&str> = text.split_whitespace().collect();
    for unit_words in 1..=3usize {
        let split = words.len().checked_sub(unit_words)?;
        let (number, unit) = words.split_at(split);
        if number.is_empty() || !unit.iter().all(|w| is_unit_word(w)) {
            return None;
        }
        if names_negative(&unit.join(" ")) {
            return None;
        }
        if !number.iter().any(|w| w.bytes().any(|b| b.is_ascii_digit())) {
            return None;
        }
        if let Some(amount) = parse_amount(&number.join(" ")) {
            return (amount.currency.is_none() && !amount.percent).then_some(amount);
        }
    }
    None
}

/// A change written in percentage points ("1.4 percentage points", "8.5
/// pp", "2 points") or basis points ("102 bps", "35 basis points"): a
/// percentage, basis points a hundredth of one (102 bps is 1.02%, written
/// to two more decimals).
pub fn parse_points(text: &str) -> Option<Amount> {
    let (number, basis) = points_unit(text)?;
    let amount = parse_amount(number)?;
    if amount.percent || amount.currency.is_some() || amount.scale_exp != 0 {
        return None;
    }
    let mut amount = if basis { amount.hundredths()? } else { amount };
    amount.percent = true;
    Some(amount)
}

/// A value's number and whether its unit of points is basis points:
/// `("102", true)` for "102 bps", `("8.5", false)` for "8.5 pp"; `None`
/// without such a unit after a digit.
pub fn points_unit(text: &str) -> Option<(&str, bool)> {
    const POINTS: [(&str, bool); 14] = [
        ("percentage points", false),
        ("percentage point", false),
        ("percent points", false),
        ("percent point", false),
        ("basis points", true),
        ("basis point", true),
        ("points", false),
        ("point", false),
        ("ppts", false),
        ("ppt", false),
        ("pts", false),
        ("pp", false),
        ("bps", true),
        ("bp", true),
    ];
    for (unit, basis) in POINTS {
        let Some(stripped) = strip_suffix_ci(text, unit) else {
            continue;
        };
        let number = stripped.trim_end();
        // A unit word stands apart from the number's own letters ("12bp"
        // or "12 bp", not "Q3pp").
        if number.ends_with(|c: char| c.is_ascii_digit()) {
            return Some((number, basis));
        }
    }
    None
}

/// Words a value may be hedged with; a hedged value is held to
/// [`HEDGED_TOLERANCE`] instead of its written rounding.
const HEDGES: [&str; 11] = [
    "approximately",
    "approx.",
    "approx",
    "about",
    "around",
    "roughly",
    "nearly",
    "almost",
    "~",
    "c.",
    "circa",
];

/// What tables and answers write for "nothing here": read as nil (zero),
/// like a dash.
const NIL_WORDS: [&str; 10] = [
    "n/a",
    "na",
    "n.a.",
    "nil",
    "none",
    "not applicable",
    "n/m",
    "nm",
    "not meaningful",
    "null",
];

/// Whether a stated value is hedged ("about $4 billion").
pub fn hedged(text: &str) -> bool {
    let text = text.trim();
    HEDGES.iter().any(|h| {
        strip_prefix_ci(text, h).is_some_and(|rest| {
            !h.chars().all(char::is_alphabetic) || !rest.starts_with(char::is_alphanumeric)
        })
    })
}

/// The relative tolerance a stated value is held to by default (5% of the
/// cell's value), on top of its written rounding (`--tolerance`).
pub const DEFAULT_TOLERANCE: Decimal = Decimal::from_parts(5, 0, 0, false, 2);

/// The tolerance of a hedged value ("about $4.2 billion"): 6% of the
/// cell's value, and the cell rounded at the value's last nonzero digit
/// ("approximately $5.6 billion" does not hold 5.318 billion). A hedge
/// excuses a rounding, not a miss: "about $100 billion" for 107.6 billion
/// and "approximately $5 billion" for 5.475 billion (7% and 9% off) were
/// held wrong by two outside reviewers, "about $4 billion" for 4.2 (5%) right.
pub const HEDGED_TOLERANCE: Decimal = Decimal::from_parts(6, 0, 0, false, 2);

/// How a stated value is held to a cell, besides its written rounding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValueRules {
    /// The claim names a negative direction ("loss", "decrease", "outflow").
    pub negative_named: bool,
    /// The claim names a positive direction ("gain", "income", "increase"):
    /// on a line that names that side first in parentheses ("(Gain) loss on
    /// disposal"), a negative number is that side.
    pub positive_named: bool,
    /// The relative tolerance: a stated amount more than this share of the
    /// cell's value away from it does not hold, even when its rounding
    /// covers the cell ("$1 billion" for $602 million). Percentages are
    /// held to their written decimals only.
    pub tolerance: Decimal,
    /// The value was hedged ("about"): held to [`HEDGED_TOLERANCE`].
    pub hedged: bool,
    /// The claim's role is a ratio or a margin: a fraction (0.381) states a
    /// percentage cell (38.1%).
    pub fraction_ok: bool,
    /// The claim names the other side of a cost line or a way down
    /// ([`names_other_side`]: "benefit", "release", "reversal", "reduced"):
    /// a cost printed negative where its row prints it positive is that
    /// side.
    pub other_side_named: bool,
    /// The claim's sentence writes the amount with its currency, or the
    /// value or the words after it say "shares", and no scale ("revenue
    /// was $184,512", "49,020 shares", "409,201 basic weighted-average
    /// shares"): it is that many units, not a table's digits in its
    /// thousands. A calculation's operand, which has no sentence, is read
    /// as printed ("$447" of a table in millions).
    pub literal: bool,
}

/// A row of a rate per unit ("Average fuel price per gallon"), printed in
/// units whatever the table's scale ("in millions, except per-unit data").
fn per_unit(cell: &Cell<'_>) -> bool {
    cell.row_label().is_some_and(|label| {
        let lower = label.to_lowercase();
        lower.contains(" per ") || lower.starts_with("per ") || lower.contains("per-")
    })
}

/// Whether the words right after a sentence's number make it a count of
/// shares ("409,201 basic weighted-average shares", "49,020 shares"): at
/// most four words of letters and hyphens, then "shares", with no scale
/// word anywhere after the number ("… shares (in thousands)" is not a
/// count of single shares).
pub fn shares_follow(after: &str) -> bool {
    let lower = after.to_ascii_lowercase();
    let scaled = lower.split(|c: char| !c.is_ascii_alphabetic()).any(|w| {
        matches!(
            w,
            "thousand"
                | "thousands"
                | "million"
                | "millions"
                | "billion"
                | "billions"
                | "mm"
                | "mn"
                | "bn"
        )
    });
    if scaled {
        return false;
    }
    for word in lower.split_whitespace().take(5) {
        let word = word.trim_end_matches([',', '.', ';', ':']);
        if word == "shares" {
            return true;
        }
        if word.is_empty() || !word.chars().all(|c| c.is_ascii_alphabetic() || c == '-') {
            return false;
        }
    }
    false
}

impl Default for ValueRules {
    fn default() -> ValueRules {
        ValueRules {
            negative_named: false,
            positive_named: false,
            tolerance: DEFAULT_TOLERANCE,
            hedged: false,
            fraction_ok: false,
            other_side_named: false,
            literal: false,
        }
    }
}

fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| text.get(prefix.len()..))
        .flatten()
}

fn strip_suffix_ci<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let cut = text.len().checked_sub(suffix.len())?;
    let tail = text.get(cut..)?;
    tail.eq_ignore_ascii_case(suffix)
        .then(|| text.get(..cut))
        .flatten()
}

/// How a stated amount compares with a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueOutcome {
    /// Equal within the stated rounding.
    Match,
    /// Equal in magnitude, opposite sign, explained by presentation.
    Presentation,
    /// Equal in magnitude, opposite sign.
    SignFlip,
    /// Equal after multiplying the cell by `factor`.
    ScaleMismatch {
        /// The factor between stated and cell (1000 = stated is a thousand times the cell).
        factor: Decimal,
    },
    /// Different, or no number at the pointer.
    Mismatch,
    /// Stated and cell name different currencies.
    CurrencyMismatch,
}

impl ValueOutcome {
    /// The stated number is at the pointer.
    pub fn holds(&self) -> bool {
        matches!(self, ValueOutcome::Match | ValueOutcome::Presentation)
    }
}

/// A stated amount and a cell brought to the same units, with the claim's
/// rounding as a half-width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compared {
    /// The stated quantity.
    pub stated: Decimal,
    /// The cell's quantity in the same units.
    pub cell: Decimal,
    /// Half a unit of the stated number's last written digit, in those units.
    pub half: Decimal,
}

/// Brings a stated amount and a cell value to common units (see the module
/// documentation). `None` when the arithmetic overflows.
/// `literal`: the amount is written with its currency and no scale in the
/// claim's own sentence ([`ValueRules::literal`]).
pub fn comparable(stated: &Amount, cell: &Cell<'_>, literal: bool) -> Option<Compared> {
    let half_digit = Decimal::new(5, stated.decimals.saturating_add(1).min(28));
    if stated.scale_exp > 0 {
        let scale = stated.scale()?;
        Some(Compared {
            stated: stated.value.checked_mul(scale)?,
            cell: cell.value_base()?,
            half: half_digit.checked_mul(scale)?,
        })
    } else if stated.percent {
        let cell_percent = if cell.percent() {
            cell.value()
        } else {
            cell.value_base()?.checked_mul(Decimal::ONE_HUNDRED)?
        };
        Some(Compared {
            stated: stated.value,
            cell: cell_percent,
            half: half_digit,
        })
    } else if cell.row().is_some_and(|r| r.minor_unit) {
        // A row in pence or cents: an amount with a currency ("£0.34",
        // "34.0p") is in the currency, a bare number as printed or in the
        // currency ("12 cents" is 0.12).
        let base = cell.value_base()?;
        let in_currency = stated.currency.is_some() || within(stated.value, half_digit, base);
        Some(Compared {
            stated: stated.value,
            cell: if in_currency { base } else { cell.value() },
            half: half_digit,
        })
    } else if literal && cell.scale() != Decimal::ONE && !per_unit(cell) {
        // A sentence's "$184,512" is a hundred and eighty-four thousand
        // dollars; the table's 184,512 in thousands is $184.5 million.
        // Likewise "49,020 shares" of a count in thousands.
        Some(Compared {
            stated: stated.value,
            cell: cell.value_base()?,
            half: half_digit,
        })
    } else {
        Some(Compared {
            stated: stated.value,
            cell: cell.value(),
            half: half_digit,
        })
    }
}

/// True when `x` lies in the stated interval [stated − half, stated + half].
/// Both ends are in: a midpoint rounds either way under one convention or
/// another (half up, half away from zero, half to even), so "4.2" and "4.3"
/// are both honest for 4.25, and "-12.4" for -12.35.
pub fn within(stated: Decimal, half: Decimal, x: Decimal) -> bool {
    match (stated.checked_sub(half), stated.checked_add(half)) {
        (Some(low), Some(high)) => low <= x && x <= high,
        _ => false,
    }
}

/// Compares a stated amount with a cell under `rules`.
pub fn compare(stated: &Amount, cell: &Cell<'_>, rules: &ValueRules) -> ValueOutcome {
    if let (Some(a), Some(b)) = (stated.currency, cell.currency())
        && a != b
    {
        return ValueOutcome::CurrencyMismatch;
    }
    let Some(Compared {
        stated: s,
        cell: c,
        half,
    }) = comparable(stated, cell, rules.literal)
    else {
        return ValueOutcome::Mismatch;
    };
    let held = |x: Decimal| holds_within(stated, s, half, x, rules);
    if held(c) {
        return ValueOutcome::Match;
    }
    if held(-c) && !c.is_zero() {
        // A cost whose row prints it positive in its other columns (a
        // provision for credit losses of 8,285 beside (4,156); restructuring
        // of 79 beside (11)): the negative is a benefit or a reversal, not
        // the statement's way of printing a cost. Stated as the cost
        // ("added $4.2 billion of expense"), it is the other sign, whatever
        // the line's own words ("losses", "expense") say; stated as the
        // other side ("a benefit of $4.2 billion"), it is the number.
        // Not a change column (an unfavorable change is printed negative
        // beside positive levels), nor a line named by its other side first
        // ("Benefit (provision) for income taxes": its negatives are the
        // provision).
        let a_cost_printed_positive = !rules.other_side_named
            && is_a_cost(cell)
            && !matches!(cell.period(), Some(Period::Change { .. }))
            && !cell.row_label().is_some_and(names_other_side)
            && row_prints_positive(cell);
        let presentation = c.is_sign_negative()
            && !s.is_sign_negative()
            && !a_cost_printed_positive
            && (shown_negative_by_convention(cell)
                || rules.negative_named
                || rules.positive_named && names_aside_first(cell));
        return if presentation {
            ValueOutcome::Presentation
        } else {
            ValueOutcome::SignFlip
        };
    }
    // Nil and zero have no digits to put at another scale.
    if s.is_zero() || c.is_zero() {
        return ValueOutcome::Mismatch;
    }
    for factor in scale_factors() {
        if let Some(scaled) = c.checked_mul(factor)
            && within(s, half, scaled)
        {
            // All the digits of the base amount ("$4,200,000,000" for a cell
            // of 4,200 in millions): the same number, written out.
            if stated.scale_exp == 0
                && !stated.percent
                && !cell.percent()
                && factor > Decimal::ONE
                && cell.scale() == factor
            {
                return ValueOutcome::Match;
            }
            // A ratio stated as a fraction of a percentage cell (0.381 for 38.1%).
            if rules.fraction_ok
                && !stated.percent
                && cell.percent()
                && factor == Decimal::new(1, 2)
            {
                return ValueOutcome::Match;
            }
            return ValueOutcome::ScaleMismatch { factor };
        }
    }
    ValueOutcome::Mismatch
}

/// Whether `x` (the cell, in the stated units) is the stated quantity `s`:
/// within the written rounding and the relative tolerance; a hedged value
/// within [`HEDGED_TOLERANCE`] of the cell.
fn holds_within(
    stated: &Amount,
    s: Decimal,
    half: Decimal,
    x: Decimal,
    rules: &ValueRules,
) -> bool {
    let Some(off) = s.checked_sub(x).map(|d| d.abs()) else {
        return false;
    };
    let share = |tolerance: Decimal| off <= tolerance.checked_mul(x.abs()).unwrap_or(Decimal::MAX);
    let plain = within(s, half, x) && (stated.percent || share(rules.tolerance));
    if rules.hedged {
        // A hedge makes a whole number's trailing zeros insignificant: the
        // value is the cell rounded at its last nonzero digit, within the
        // hedged tolerance: "about $4 billion" for 4.2, "approximately 600
        // million" for 612.5, "nearly $450 million" for 447; not "roughly
        // $330 million" for 321.0 or "approximately $5.6 billion" for 5.318
        // (they round to 320 and 5.3).
        // A percentage is written to the point, trailing zeros or not: a
        // hedge lets it be a whole unit of its last digit off ("about 76%"
        // for 75.2, "nearly 20%" for 19.4), not a tens' rounding ("about
        // 80%" is not 75.6%).
        if stated.percent {
            let unit = half.checked_mul(Decimal::TWO).unwrap_or(Decimal::MAX);
            return plain || off <= unit;
        }
        let step = hedge_step(stated, half);
        return plain
            || (share(rules.tolerance.max(HEDGED_TOLERANCE))
                && off
                    .checked_mul(Decimal::TWO)
                    .is_some_and(|twice| twice <= step));
    }
    plain
}

/// A unit of a stated number's last significant digit, in the units of
/// `half` (half such a unit of its last written digit): trailing zeros of a
/// whole number are not significant ("600 million" is written to the
/// hundred million).
fn hedge_step(stated: &Amount, half: Decimal) -> Decimal {
    let mut step = half.checked_mul(Decimal::TWO).unwrap_or(Decimal::MAX);
    if stated.decimals == 0 {
        let mut whole = stated.value.abs().trunc();
        let ten = Decimal::TEN;
        for _ in 0..28 {
            if whole.is_zero() || !(whole % ten).is_zero() {
                break;
            }
            whole /= ten;
            step = step.checked_mul(ten).unwrap_or(Decimal::MAX);
        }
    }
    step
}

/// The currency a table's amounts are in when its cells name none: the
/// first a cell or the unit line of the table names, else of its document.
pub fn table_currency(document: &Document, table: &Table) -> Option<Currency> {
    let of = |t: &Table| {
        t.unit
            .currency
            .or_else(|| t.cells().find_map(|c| c.amount().currency))
    };
    of(table).or_else(|| document.tables.iter().find_map(of))
}

/// Thousand-steps and percent/fraction: the factors a scale slip multiplies by.
fn scale_factors() -> [Decimal; 8] {
    [
        Decimal::ONE_THOUSAND,
        Decimal::from(1_000_000),
        Decimal::from(1_000_000_000),
        Decimal::new(1, 3),
        Decimal::new(1, 6),
        Decimal::new(1, 9),
        Decimal::ONE_HUNDRED,
        Decimal::new(1, 2),
    ]
}

/// Whether the cell's line is a cost: by its label or concept as
/// [`shown_negative_by_convention`] reads them, or by its tag's concept
/// with its members ("RestructuringCharges" of a segment's row).
fn is_a_cost(cell: &Cell<'_>) -> bool {
    shown_negative_by_convention(cell)
        || cell.concept().is_some_and(|c| {
            let id = c.as_str();
            outflow_concept(id.split_once('[').map_or(id, |(base, _)| base))
        })
}

/// Whether the cell's row prints a positive amount in another of its
/// columns of the same kind (a number, as the cell is or is not a
/// percentage, and not a change column): the table prints the line positive.
fn row_prints_positive(cell: &Cell<'_>) -> bool {
    // By the row's index, not a scan of the whole table for every candidate
    // cell of a claim (quadratic in a hostile table's size).
    cell.row_mates().any(|other| {
        !other.dash()
            && other.percent() == cell.percent()
            && !matches!(other.period(), Some(Period::Change { .. }))
            && other.value() > Decimal::ZERO
    })
}

/// True when a text names the other side of a cost, or a way down: "a
/// benefit of $4.2 billion", "reserve release", "reversal", "credit",
/// "recovery", "gain", "reduced expense by $11 million". Parenthesised
/// words do not count, as for [`names_negative`].
pub fn names_other_side(text: &str) -> bool {
    // The longest word of the lists below, plus one.
    const LONGEST: usize = 11;
    // "a net credit of $11 million", not "credit losses" or "credit
    // facility": a credit before a noun of its own is another thing.
    const CREDIT_OF: [&[u8]; 15] = [
        b"loss",
        b"losses",
        b"card",
        b"cards",
        b"facility",
        b"facilities",
        b"risk",
        b"quality",
        b"rating",
        b"ratings",
        b"agreement",
        b"line",
        b"lines",
        b"spread",
        b"spreads",
    ];
    // A word past the buffer, or not ASCII: none of the lists'.
    const OTHER: usize = usize::MAX;
    let mut depth = 0usize;
    let mut buffer = [0u8; LONGEST];
    let mut len = 0usize;
    let mut after_credit = false;
    // Each word outside parentheses, lower-cased into the buffer (none is
    // copied out of the text); a space after the text ends the last.
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_alphanumeric() {
            if depth == 0 && len != OTHER {
                match (u8::try_from(c), buffer.get_mut(len)) {
                    (Ok(byte), Some(slot)) if byte.is_ascii() => {
                        *slot = byte.to_ascii_lowercase();
                        len += 1;
                    }
                    _ => len = OTHER,
                }
            }
            continue;
        }
        if len != 0 {
            let word = if len == OTHER {
                &[][..]
            } else {
                buffer.get(..len).unwrap_or_default()
            };
            if std::mem::take(&mut after_credit) && !CREDIT_OF.contains(&word) {
                return true;
            }
            match word {
                b"credit" | b"credits" => after_credit = true,
                b"benefit" | b"benefits" | b"credited" | b"release" | b"releases" | b"released"
                | b"reversal" | b"reversals" | b"reversed" | b"recovery" | b"recoveries"
                | b"recovered" | b"gain" | b"gains" | b"reduced" | b"reduction" | b"reductions"
                | b"decrease" | b"decreased" | b"declined" | b"fell" | b"lowered" | b"negative" => {
                    return true;
                }
                _ => {}
            }
            len = 0;
        }
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    after_credit
}

/// The clause of a sentence that states a value: from the last break
/// before the value to the first after it — a comma (not between digits),
/// a semicolon, a colon, a dash, or a word that opens another clause
/// ("as", "while", "despite", "offsetting", "but", "and", …) — or `None`
/// when the sentence does not write the value. What the value's own
/// clause says of it ("a $4.2 billion benefit") is not what another clause
/// says of something else ("… as deposits decreased").
pub fn value_clause<'s>(sentence: &'s str, value: &str) -> Option<&'s str> {
    const OPENS: [&str; 14] = [
        "as",
        "while",
        "despite",
        "offsetting",
        "offset",
        "but",
        "although",
        "though",
        "whereas",
        "because",
        "and",
        "which",
        "after",
        "since",
    ];
    let value = value.trim();
    let at = (!value.is_empty())
        .then(|| sentence.find(value))
        .flatten()?;
    let end = at + value.len();
    let bytes = sentence.as_bytes();
    let digit = |i: Option<usize>| i.and_then(|i| bytes.get(i)).is_some_and(u8::is_ascii_digit);
    let mut breaks: Vec<(usize, usize)> = Vec::new();
    for (i, c) in sentence.char_indices() {
        let here = match c {
            ',' => !(digit(i.checked_sub(1)) && digit(Some(i + 1))),
            ';' | ':' | '—' | '–' => true,
            _ => false,
        };
        if here {
            breaks.push((i, i + c.len_utf8()));
        }
    }
    let mut start_of_word = 0;
    for word in sentence.split(' ') {
        let lower = word
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_ascii_lowercase();
        if OPENS.contains(&lower.as_str()) {
            breaks.push((start_of_word, start_of_word + word.len()));
        }
        start_of_word += word.len() + 1;
    }
    let from = breaks
        .iter()
        .filter(|(_, e)| *e <= at)
        .map(|(_, e)| *e)
        .max()
        .unwrap_or(0);
    let to = breaks
        .iter()
        .filter(|(b, _)| *b >= end)
        .map(|(b, _)| *b)
        .min()
        .unwrap_or(sentence.len());
    sentence.get(from..to)
}

/// Rows that statements conventionally print as negatives: costs, expenses,
/// outflows. A net line that can go either way ("Other income (expense),
/// net", "Gain (loss)") is not one of them.
pub fn shown_negative_by_convention(cell: &Cell<'_>) -> bool {
    if cell.concept().is_some_and(|c| outflow_concept(c.as_str())) {
        return true;
    }
    let label = cell.row_label().unwrap_or("").to_lowercase();
    let words: Vec<&str> = label
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let has = |w: &str| words.contains(&w);
    let two_sided = (has("income") || has("gain") || has("gains") || has("benefit"))
        && (has("expense") || has("expenses") || has("loss") || has("losses"));
    if two_sided {
        return false;
    }
    // "Less: current maturities (350.0)": a deduction printed negative.
    if words.first() == Some(&"less") {
        return true;
    }
    [
        "cost",
        "costs",
        "expense",
        "expenses",
        "purchases",
        "purchase",
        "payments",
        "payment",
        "repayments",
        "repayment",
        "repurchases",
        "repurchase",
        "expenditures",
        "depreciation",
        "amortization",
        "impairment",
        "provision",
        "taxes",
    ]
    .iter()
    .any(|w| has(w))
        || label.contains("dividends paid")
}

/// Whether a cell's negative numbers are the positive side of its line:
/// its row label names that side in parentheses and the other outside
/// ("(Gain) loss on disposal", "Other (income) expense, net"), or it is
/// an asset's line among a cash-flow statement's working-capital changes.
pub fn names_aside_first(cell: &Cell<'_>) -> bool {
    let Some(label) = cell.row_label() else {
        return false;
    };
    // An asset's line among a cash-flow statement's working-capital
    // changes: its negative number is the asset's increase.
    if matches!(
        super::role::working_capital_sign(label, cell.section(), cell.table().statement),
        Some(crate::model::LabelSign::BothReversed(_))
    ) {
        return true;
    }
    super::role::names_positive_side_aside(label)
}

/// Concepts of lines that statements conventionally print as negatives:
/// costs, expenses, payments, dividends declared (an equity statement's
/// reduction of retained earnings).
pub fn outflow_concept(id: &str) -> bool {
    id.starts_with("PaymentsTo")
        || id.starts_with("PaymentsFor")
        || id.starts_with("PaymentsOf")
        || id.starts_with("RepaymentsOf")
        || matches!(
            id,
            "CostOfRevenue"
                | "CostsAndExpenses"
                | "OperatingExpenses"
                | "ResearchAndDevelopmentExpense"
                | "SellingGeneralAndAdministrativeExpense"
                | "SellingAndMarketingExpense"
                | "GeneralAndAdministrativeExpense"
                | "SellingExpense"
                | "InterestExpense"
                | "IncomeTaxExpenseBenefit"
                | "DepreciationDepletionAndAmortization"
                | "RestructuringCharges"
                | "Dividends"
        )
}

/// True when claim text names a negative direction ("net loss", "cash used
/// in", "other expense"). Parenthesised words do not count: "Other income
/// (expense), net" names a line that can go either way, not an expense.
pub fn names_negative(text: &str) -> bool {
    // The longest word of the list below.
    const LONGEST: usize = 11;
    // Words are runs of letters and digits outside parentheses, compared
    // without case (the list is ASCII); no copy of the text is made.
    let mut depth = 0usize;
    let mut start = None;
    // The word lower-cased into a buffer as long as the longest listed
    // word, then matched (by length first).
    let is_negative = |word: &str| {
        let bytes = word.as_bytes();
        let mut lower = [0u8; LONGEST];
        if bytes.len() > LONGEST {
            return false;
        }
        for (to, from) in lower.iter_mut().zip(bytes) {
            *to = from.to_ascii_lowercase();
        }
        matches!(
            lower.get(..bytes.len()).unwrap_or_default(),
            b"loss"
                | b"losses"
                | b"decrease"
                | b"decreased"
                | b"decline"
                | b"declined"
                | b"fell"
                | b"deficit"
                | b"outflow"
                | b"outflows"
                | b"used"
                | b"paid"
                | b"spent"
                | b"consumed"
                | b"absorbed"
                | b"expense"
                | b"expenses"
                | b"cost"
                | b"costs"
                | b"negative"
                | b"drop"
                | b"dropped"
                | b"fallen"
                | b"slipped"
                | b"shrank"
                | b"shrunk"
                | b"contracted"
                | b"contraction"
                | b"compressed"
                | b"narrowed"
                | b"reduced"
                | b"reduction"
                | b"cut"
                | b"cuts"
                | b"lowered"
                | b"trimmed"
                | b"knocked"
        )
    };
    // ASCII text (most is) is read byte by byte: the same words, without
    // decoding characters.
    if text.is_ascii() {
        for (at, b) in text.bytes().enumerate() {
            if b.is_ascii_alphanumeric() {
                if depth == 0 && start.is_none() {
                    start = Some(at);
                }
                continue;
            }
            if let Some(from) = start.take()
                && text.get(from..at).is_some_and(is_negative)
            {
                return true;
            }
            match b {
                b'(' => depth += 1,
                b')' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        return start
            .and_then(|from| text.get(from..))
            .is_some_and(is_negative);
    }
    for (at, c) in text.char_indices() {
        if c.is_alphanumeric() {
            if depth == 0 && start.is_none() {
                start = Some(at);
            }
            continue;
        }
        if let Some(from) = start.take()
            && text.get(from..at).is_some_and(is_negative)
        {
            return true;
        }
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    start
        .and_then(|from| text.get(from..))
        .is_some_and(is_negative)
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_values_clause_ends_where_another_begins() {
        fn clause<'s>(sentence: &'s str, value: &str) -> Option<&'s str> {
            value_clause(sentence, value).map(str::trim)
        }
        assert_eq!(
            clause(
                "The firm added $4,156 million of provision expense in 1Q21 as deposits decreased.",
                "$4,156 million"
            ),
            Some("The firm added $4,156 million of provision expense in 1Q21")
        );
        assert_eq!(
            clause(
                "Revenue, which grew, was $4.2 billion; costs fell.",
                "$4.2 billion"
            ),
            Some("was $4.2 billion")
        );
        assert_eq!(
            clause(
                "A reserve release reduced the provision by $4.2 billion.",
                "$4.2 billion"
            ),
            Some("A reserve release reduced the provision by $4.2 billion.")
        );
        assert_eq!(clause("Revenue was 4.2 billion.", "$4.2 billion"), None);
    }

    #[test]
    fn the_other_side_of_a_cost_is_named_by_its_own_words() {
        for text in [
            "a benefit of $4.2 billion",
            "reserve release",
            "a net credit of $11 million",
            "restructuring reduced expense by $11 million",
            "Benefit (provision) for income taxes",
        ] {
            assert!(names_other_side(text), "{text}");
        }
        for text in [
            "provision for credit losses, 1Q21",
            "added $4.2 billion of expense",
            "Provision (benefit) for income taxes",
            "credit facility fees",
        ] {
            assert!(!names_other_side(text), "{text}");
        }
    }

    #[test]
    fn a_quantity_states_its_number_and_not_its_unit() {
        let v = |t: &str| parse_stated(t).map(|a| (a.value, a.scale_exp));
        assert_eq!(v("43.4 MMBoe"), Some((Decimal::new(434, 1), 0)));
        assert_eq!(
            v("68,400 barrels per day"),
            Some((Decimal::from(68_400), 0))
        );
        assert_eq!(v("118.6 MBoe/d"), Some((Decimal::new(1186, 1), 0)));
        assert_eq!(v("338.8 billion gallons"), Some((Decimal::new(3388, 1), 9)));
        assert_eq!(v("1,136 miles"), Some((Decimal::from(1136), 0)));
        // Whatever the thing counted: the unit is the row's to say.
        assert_eq!(v("4.2 billion widgets"), Some((Decimal::new(42, 1), 9)));
        // Not a quantity: a direction, a comparison, money, words only.
        assert_eq!(parse_stated("447 million loss"), None);
        assert_eq!(parse_stated("12 million more than 2023"), None);
        assert_eq!(parse_stated("$12 million widgets"), None);
        assert_eq!(parse_stated("seventeen thousand one hundred"), None);
        assert_eq!(parse_stated("4.2 billion in revenue"), None);
        assert!(is_quantity("43.4 MMBoe"));
        assert!(!is_quantity("4.2 billion"));
        assert!(!is_quantity("49,020 shares"));
        assert!(!is_quantity("$4.2 billion"));
        assert!(!is_quantity("2.85 billion euros"));
    }

    #[test]
    fn shares_follow_a_count_within_its_noun_phrase() {
        assert!(shares_follow(" shares"));
        assert!(shares_follow(" basic weighted-average shares outstanding"));
        assert!(shares_follow(" diluted shares, up from 2023"));
        // A clause, a number or a scale between: not the count's noun.
        assert!(!shares_follow(" in revenue, and 40 shares"));
        assert!(!shares_follow(" of 2023 shares"));
        assert!(!shares_follow(" basic shares (in thousands)"));
        assert!(!shares_follow(" million shares"));
        assert!(!shares_follow(
            " of revenue from the sale of many of its shares"
        ));
    }
    use super::*;

    #[test]
    fn a_hedge_excuses_a_rounding_not_a_miss() {
        let hedged = ValueRules {
            hedged: true,
            ..ValueRules::default()
        };
        let holds = |stated: &str, cell: &str| {
            let amount = parse_stated(stated).expect(stated);
            let half = Decimal::new(5, 1);
            holds_within(
                &amount,
                amount.value,
                half,
                cell.parse().expect(cell),
                &hedged,
            )
        };
        // In billions: "about $100 billion" for 107.556 (7% off), "about $5
        // billion" for 5.475 (9%): not a rounding of the cell.
        assert!(!holds("about $100 billion", "107.556"));
        assert!(!holds("about $5 billion", "5.475"));
        // Within 6%: "about $4 billion" for 4.2, "about $100 billion" for 104.
        assert!(holds("about $4 billion", "4.2"));
        assert!(holds("about $100 billion", "104"));
        // A percentage keeps its points: "about 80%" is not 75.6%, "nearly
        // 20%" is 19.4%, "about 76%" is 75.2%.
        assert!(!holds("about 80%", "75.6"));
        assert!(holds("nearly 20%", "19.4"));
        assert!(holds("about 76%", "75.2"));
    }

    #[test]
    fn negative_words_count_outside_parentheses_only() {
        for text in [
            "Net loss, FY2024",
            "net cash USED in investing activities",
            "Revenue declined 7%",
            "Other expense",
            "loss",
            "The deficit",
            "Gross margin contracted 110 basis points",
            "operating margin compressed",
        ] {
            assert!(names_negative(text), "{text}");
        }
        for text in [
            "Other income (expense), net",
            "Revenue, FY2024",
            "Glossary",
            "lossy compression",
            "contractual obligations",
            "(net loss)",
            "",
            "Coûts",
        ] {
            assert!(!names_negative(text), "{text}");
        }
    }

    #[test]
    fn parses_stated_values_as_written() {
        for (text, value, exp, percent) in [
            ("$4.2 billion", "4.2", 9, false),
            ("approximately $4.2 billion", "4.2", 9, false),
            ("4.2 billion dollars", "4.2", 9, false),
            ("190 million shares", "190", 6, false),
            ("$2.35 per diluted share", "2.35", 0, false),
            ("38.1%", "38.1", 0, true),
            ("1.5 percentage points", "1.5", 0, true),
            ("8.5 pp", "8.5", 0, true),
            ("-0.4 ppt", "-0.4", 0, true),
            ("2 points", "2", 0, true),
            ("102 bps", "1.02", 0, true),
            ("35 basis points", "0.35", 0, true),
            ("about 12bp", "0.12", 0, true),
            ("(482)", "-482", 0, false),
            ("17,260.", "17260", 0, false),
            ("22.8x", "22.8", 0, false),
            ("1.8 times", "1.8", 0, false),
            ("3×", "3", 0, false),
        ] {
            let a = parse_stated(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(a.value.to_string(), value, "{text}");
            assert_eq!(a.scale_exp, exp, "{text}");
            assert_eq!(a.percent, percent, "{text}");
        }
        for text in [
            "",
            "about",
            "over $4 billion",
            "aboutness 4",
            // A multiple is a bare ratio, and "x" is one only after a digit.
            "$4x",
            "12%x",
            "box",
            "Q3pp",
            "$4 bps",
            "12% points",
        ] {
            assert!(parse_stated(text).is_none(), "{text}");
        }
    }

    #[test]
    fn intervals_hold_their_midpoints() {
        let d = |s: &str| s.parse::<Decimal>().unwrap();
        assert!(within(d("4.2"), d("0.05"), d("4.15")));
        assert!(within(d("4.2"), d("0.05"), d("4.25")));
        assert!(within(d("4.3"), d("0.05"), d("4.25")));
        assert!(within(d("-12.4"), d("0.05"), d("-12.35")));
        assert!(within(d("-12.3"), d("0.05"), d("-12.35")));
        assert!(!within(d("4.2"), d("0.05"), d("4.2501")));
        assert!(!within(d("4.2"), d("0.05"), d("4.1499")));
    }

    #[test]
    fn negative_words() {
        assert!(names_negative("net loss for 2023"));
        assert!(names_negative("cash used in investing"));
        assert!(!names_negative("other income, net"));
        assert!(!names_negative("Other income (expense), net, 2024"));
        assert!(names_negative("Other expense, net"));
    }
}
