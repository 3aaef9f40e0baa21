//! Formula checks that read what the operands' lines are, whatever metric
//! the role names: an "earnings before" measure (EBIT, EBITDA) must add
//! back what its name says it is before; a "net" of an income and a cost
//! of one kind takes one from the other; and a sum for one period adds
//! figures of that period.

use rust_decimal::Decimal;

use super::{Input, in_period, probe, probe_value};
use crate::answer::calc::Calc;
use crate::check::role::ClaimRole;
use crate::check::{Code, Finding, Route};
use crate::model::Period;

/// What an operand's line is, for the "earnings before" names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Line {
    /// Net income (or loss): after interest and taxes.
    NetIncome,
    /// Income before income taxes: after interest.
    Pretax,
    /// Operating income (EBIT): before both.
    Operating,
    Interest,
    Tax,
    Depreciation,
}

/// The words of a text, lower case.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '&')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether `phrase` (words) is in `all`, in order and adjacent.
fn has(all: &[String], phrase: &[&str]) -> bool {
    !phrase.is_empty()
        && all
            .windows(phrase.len())
            .any(|w| w.iter().zip(phrase).all(|(a, b)| a == b))
}

/// The line an operand is, from its concept and its role's and row's
/// words.
fn line_of(input: &Input<'_>) -> Option<Line> {
    let concept = input.concept.as_deref().unwrap_or("");
    let mut all = words(&input.label);
    all.extend(input.row_words.iter().map(|w| w.to_lowercase()));
    let any = |phrases: &[&[&str]]| phrases.iter().any(|p| has(&all, p));
    if concept.contains("BeforeIncomeTaxes")
        || any(&[
            &["before", "income", "tax"],
            &["before", "income", "taxes"],
            &["before", "tax"],
            &["before", "taxes"],
            &["pretax"],
            &["pre", "tax"],
        ])
    {
        return Some(Line::Pretax);
    }
    if concept.starts_with("NetIncomeLoss")
        || concept == "ProfitLoss"
        || any(&[
            &["net", "income"],
            &["net", "earnings"],
            &["net", "profit"],
            &["net", "loss"],
            &["profit", "for", "the"],
        ])
    {
        return Some(Line::NetIncome);
    }
    if concept == "OperatingIncomeLoss"
        || any(&[
            &["operating", "income"],
            &["operating", "profit"],
            &["operating", "loss"],
            &["income", "from", "operations"],
            &["ebit"],
        ])
    {
        return Some(Line::Operating);
    }
    if concept.contains("Depreciation")
        || concept.contains("Amortization")
        || any(&[
            &["depreciation"],
            &["amortization"],
            &["amortisation"],
            &["d&a"],
        ])
    {
        return Some(Line::Depreciation);
    }
    if concept.contains("Interest") || any(&[&["interest"], &["finance", "costs"]]) {
        return Some(Line::Interest);
    }
    if concept.contains("IncomeTax") || any(&[&["tax"], &["taxes"]]) {
        return Some(Line::Tax);
    }
    None
}

/// An "earnings before" measure computed without adding back what its name
/// says it is before: EBITDA as net income plus D&A (no interest, no
/// taxes), EBIT from income before taxes without interest. Judged only
/// when the calculation starts from one earnings line the operands show.
pub(super) fn earnings_before_unmet(
    claim_role: &ClaimRole,
    inputs: &[Input<'_>],
) -> Option<Finding> {
    let role = words(&claim_role.text);
    let ebitda = role.iter().any(|w| w == "ebitda")
        || has(&role, &["before", "interest", "taxes", "depreciation"]);
    let ebit = !ebitda && role.iter().any(|w| w == "ebit");
    if !ebitda && !ebit {
        return None;
    }
    let lines: Vec<Option<Line>> = inputs.iter().map(line_of).collect();
    let starts: Vec<Line> = lines
        .iter()
        .flatten()
        .copied()
        .filter(|l| matches!(l, Line::NetIncome | Line::Pretax | Line::Operating))
        .collect();
    let [start] = starts.as_slice() else {
        return None;
    };
    let mut needed: Vec<(Line, &str)> = match start {
        Line::NetIncome => vec![(Line::Interest, "interest"), (Line::Tax, "income taxes")],
        Line::Pretax => vec![(Line::Interest, "interest")],
        _ => Vec::new(),
    };
    if ebitda {
        needed.push((Line::Depreciation, "depreciation and amortization"));
    }
    let missing: Vec<&str> = needed
        .iter()
        .filter(|(line, _)| !lines.contains(&Some(*line)))
        .map(|(_, name)| *name)
        .collect();
    if missing.is_empty() {
        // "Adjusted EBITDA" made of the EBITDA lines alone adjusts nothing.
        let adjusted = role.iter().any(|w| w == "adjusted" || w == "adj");
        if adjusted && lines.iter().all(Option::is_some) {
            return Some(Finding::new(
                Code::FormulaMismatch,
                Route::Reanswer,
                format!(
                    "the claim's role names adjusted {}, but the calculation adds back only what {} itself is made of: no adjustment",
                    if ebitda { "EBITDA" } else { "EBIT" },
                    if ebitda { "EBITDA" } else { "EBIT" },
                ),
            ));
        }
        return None;
    }
    let (name, from) = match start {
        Line::NetIncome => ("net income", "after interest and taxes"),
        Line::Pretax => ("income before income taxes", "after interest"),
        _ => ("operating income", "before interest and taxes"),
    };
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim's role names {}, earnings before interest{}, but the calculation starts from {name} ({from}) and adds back no {}",
            if ebitda { "EBITDA" } else { "EBIT" },
            if ebitda {
                ", taxes, depreciation and amortization"
            } else {
                " and taxes"
            },
            missing.join(" and no ")
        ),
    ))
}

/// The calculation's value over the probe operands, and its value with
/// each operand in turn doubled (`None` in its place when that evaluation
/// fails): what each check below reads an operand's part from.
fn doublings(calc: &Calc, inputs: &[Input<'_>]) -> Option<(Decimal, Vec<Option<Decimal>>)> {
    let once = probe_value(calc, inputs, None)?;
    let each = (0..inputs.len())
        .map(|k| probe_value(calc, inputs, Some(k)))
        .collect();
    Some((once, each))
}

/// How a calculation moves with each operand, taken with the sign the
/// operand states: `Some(true)` when the result rises as the stated figure
/// does. `None` when an evaluation fails or the operand does not move it.
fn ways(calc: &Calc, inputs: &[Input<'_>]) -> Option<Vec<Option<bool>>> {
    let (once, each) = doublings(calc, inputs)?;
    Some(
        each.iter()
            .zip(inputs)
            .map(|(twice, input)| {
                let moved = twice.as_ref()?.checked_sub(once)?;
                if moved.is_zero() {
                    return None;
                }
                Some(moved.is_sign_positive() != input.stated.is_sign_negative())
            })
            .collect(),
    )
}

const INCOME: [&str; 5] = ["income", "gain", "gains", "revenue", "revenues"];
const COST: [&str; 6] = ["cost", "costs", "expense", "expenses", "charges", "losses"];

/// A "net" figure of an income and a cost of one kind ("Net finance
/// costs" over finance costs and finance income) whose calculation adds
/// the two (as stated): the net takes one from the other.
pub(super) fn net_of_opposites(
    claim_role: &ClaimRole,
    calc: &Calc,
    inputs: &[Input<'_>],
) -> Option<Finding> {
    let role = words(&claim_role.text);
    if !role.iter().any(|w| w == "net") {
        return None;
    }
    let plain = |w: &String| {
        !INCOME.contains(&w.as_str())
            && !COST.contains(&w.as_str())
            && !matches!(w.as_str(), "net" | "total" | "and" | "of" | "the")
    };
    let ways = ways(calc, inputs)?;
    for (i, a) in inputs.iter().enumerate() {
        let wa = words(&a.label);
        if !wa.iter().any(|w| INCOME.contains(&w.as_str())) {
            continue;
        }
        for (j, b) in inputs.iter().enumerate() {
            let wb = words(&b.label);
            if i == j || !wb.iter().any(|w| COST.contains(&w.as_str())) {
                continue;
            }
            // One kind: a word of both lines that the role names too.
            let Some(kind) = wa
                .iter()
                .find(|w| plain(w) && wb.contains(w) && role.contains(w))
            else {
                continue;
            };
            let (Some(Some(way_a)), Some(Some(way_b))) = (ways.get(i), ways.get(j)) else {
                continue;
            };
            if way_a != way_b {
                continue;
            }
            return Some(Finding::new(
                Code::FormulaMismatch,
                Route::Reanswer,
                format!(
                    "the claim's role names a net {kind} figure, one of {} and {} taken from the other, but {} adds them",
                    a.label,
                    b.label,
                    calc.source().trim()
                ),
            ));
        }
    }
    None
}

/// Debt ("Total debt", "Net debt") computed with operating lease
/// liabilities added: under US GAAP an operating lease liability is no
/// debt. Said only when an operand's own words say "operating lease" and
/// the role does not name leases.
pub(super) fn debt_with_operating_leases(
    claim_role: &ClaimRole,
    calc: &Calc,
    inputs: &[Input<'_>],
) -> Option<Finding> {
    let role = words(&claim_role.text);
    if !role.iter().any(|w| w == "debt") || role.iter().any(|w| w.starts_with("lease")) {
        return None;
    }
    let ways = ways(calc, inputs)?;
    let (k, lease) = inputs.iter().enumerate().find(|(_, i)| {
        let w = words(&i.label);
        has(&w, &["operating", "lease"]) || has(&w, &["operating", "leases"])
    })?;
    // Added as a debt is: with the way of the debt lines.
    let debt_way = inputs.iter().enumerate().find_map(|(j, i)| {
        (j != k
            && words(&i.label)
                .iter()
                .any(|w| w == "debt" || w == "borrowings"))
        .then(|| ways.get(j).copied().flatten())
        .flatten()
    })?;
    if ways.get(k).copied().flatten() != Some(debt_way) {
        return None;
    }
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim's role names debt, but the calculation adds {} ({:?}): an operating lease liability is not debt",
            lease.id, lease.label
        ),
    ))
}

/// A ratio the role names by its two lines ("Loan-to-deposit ratio",
/// "Allowance for credit losses to total loans") computed over other lines:
/// the operand it is divided by (the one whose doubling halves the result)
/// shows none of the second line's words, or the one divided shows none of
/// the first's. Read by words, so that lines the vocabulary does not name
/// (a bank's loans and deposits) are held too.
pub(super) fn named_ratio_unmet(
    claim_role: &ClaimRole,
    calc: &Calc,
    inputs: &[Input<'_>],
) -> Option<Finding> {
    static NAMED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)^\s*([a-z][a-z &'-]*?)(?:-to-|\s+to\s+)([a-z][a-z &'-]*?)(?:\s+ratio\b|\s*(?:,|$))",
        )
        .ok()
    });
    let text = claim_role.text.as_str();
    let found = NAMED.as_ref()?.captures(text)?;
    let (first, second) = (found.get(1)?.as_str(), found.get(2)?.as_str());
    // "X to total Y" or a hyphenated "X-to-Y", or "… ratio": a ratio by name.
    let hyphened = text.to_ascii_lowercase().contains("-to-");
    let ratio_word = found
        .get(0)?
        .as_str()
        .to_ascii_lowercase()
        .contains("ratio");
    if !hyphened && !ratio_word && !second.to_ascii_lowercase().starts_with("total ") {
        return None;
    }
    const PLAIN: [&str; 8] = ["total", "net", "the", "of", "and", "for", "a", "an"];
    let stem = |w: &str| w.trim_end_matches('s').to_string();
    let key = |part: &str| -> Vec<String> {
        words(part)
            .iter()
            .filter(|w| !PLAIN.contains(&w.as_str()))
            .map(|w| stem(w))
            .collect()
    };
    let (num_words, den_words) = (key(first), key(second));
    if num_words.is_empty() || den_words.is_empty() {
        return None;
    }
    let shows = |input: &Input<'_>, wanted: &[String]| {
        let mut all: Vec<String> = words(&input.label).iter().map(|w| stem(w)).collect();
        all.extend(input.row_words.iter().map(|w| stem(&w.to_lowercase())));
        wanted.iter().any(|w| all.contains(w))
    };
    // Which operand divides and which is divided: doubling the one halves
    // the result, doubling the other doubles it.
    let (once, each) = doublings(calc, inputs)?;
    let mut divided = Vec::new();
    let mut divisor = Vec::new();
    for (k, twice) in each.into_iter().enumerate() {
        let twice = twice?;
        if twice == once.checked_mul(Decimal::TWO)? {
            divided.push(k);
        } else if twice.checked_mul(Decimal::TWO)? == once {
            divisor.push(k);
        }
    }
    let ([num], [den]) = (divided.as_slice(), divisor.as_slice()) else {
        return None;
    };
    let (num, den) = (inputs.get(*num)?, inputs.get(*den)?);
    if shows(num, &num_words) && shows(den, &den_words) {
        return None;
    }
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim's role names {first} over {second}, but {} divides {} ({:?}) by {} ({:?})",
            calc.source().trim(),
            num.id,
            num.label,
            den.id,
            den.label
        ),
    ))
}

/// A sum for one period ("Total borrowings, 31 December 2024" = current +
/// non-current) with an operand of another period of the same kind (the
/// non-current borrowings a year earlier) beside one of the claim's: the
/// parts of one total are of one date or span. Only a plain sum (every
/// operand counted once, as stated) is judged: a change, an average or a
/// roll-forward from an opening balance is not a sum of like figures.
pub(super) fn period_mixed(
    claim_role: &ClaimRole,
    calc: &Calc,
    inputs: &[Input<'_>],
) -> Option<Finding> {
    let [claimed] = claim_role.role.periods.as_slice() else {
        return None;
    };
    if matches!(claimed, Period::Change { .. }) || inputs.len() < 2 {
        return None;
    }
    let role = words(&claim_role.text);
    const ACROSS: [&str; 8] = [
        "average",
        "avg",
        "cumulative",
        "combined",
        "aggregate",
        "change",
        "ttm",
        "ltm",
    ];
    if role.iter().any(|w| ACROSS.contains(&w.as_str())) {
        return None;
    }
    // Every operand counted once: doubling it adds its own value.
    let (once, each) = doublings(calc, inputs)?;
    let plain_sum = each.iter().enumerate().all(|(k, twice)| {
        twice
            .and_then(|v| v.checked_sub(once))
            .is_some_and(|moved| moved == probe(0, k))
    });
    if !plain_sum {
        return None;
    }
    let periods: Vec<&Period> = inputs.iter().filter_map(|i| i.period.as_ref()).collect();
    if periods.len() != inputs.len() {
        return None;
    }
    let kind = |p: &Period| match p {
        Period::Instant { .. } => Some(0u8),
        Period::Duration { .. } => Some(1),
        _ => None,
    };
    let inside: Vec<&Period> = periods
        .iter()
        .copied()
        .filter(|p| in_period(p, claimed))
        .collect();
    let stray = inputs.iter().find(|i| {
        i.period.as_ref().is_some_and(|p| {
            !in_period(p, claimed) && kind(p).is_some() && inside.iter().any(|q| kind(q) == kind(p))
        })
    })?;
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim's role names {claimed}, and the calculation adds operand {} of {} to figures of {claimed}: the parts of one total are of one period",
            stray.id,
            stray
                .period
                .as_ref()
                .map_or_else(String::new, ToString::to_string),
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_are_found_as_whole_adjacent_words() {
        let all = words("Income before income taxes");
        assert!(has(&all, &["before", "income", "taxes"]));
        assert!(!has(&all, &["before", "taxes"]));
        assert!(!has(&words("EBITDA margin"), &["ebit"]));
    }
}
