//! Check 5, arithmetic, its formula half: a calculation claim whose role
//! names a metric the vocabulary knows (`src/vocab/metrics.toml`: gross
//! margin, effective tax rate, current ratio, growth, decline, …) must
//! compute that metric, from inputs whose roles are the metric's inputs, in
//! the periods the claim names, of one company. "Gross margin 60%" computed
//! as cost of revenue over revenue, "growth 2024 vs 2023" over 2024 and
//! 2022, "declined 3.8%" on the later base and a margin over two companies'
//! cells are `formula_mismatch`, even when the arithmetic is right; so is
//! "organic revenue growth" (or an adjusted, pro forma or segment metric)
//! computed from operands none of which carries the qualifier.
//!
//! How a calculation is held to a formula: each operand stands for the
//! concept and period its own role names (its cited cell's, when the role
//! names none); the calculation is that metric when it gives the same
//! result as one of the metric's formulas for every value of the inputs —
//! tested by evaluating both, in `Decimal`, at two fixed sets of input
//! values. A cost or payment stated negative, as statements print it
//! ("(2,520)"), stands for the negative of its input, so `(rev + cor) /
//! rev` is a gross margin over it; any other sign is the number's own. A
//! result stated in percent may compute the ratio or the ratio × 100.
//!
//! What is not judged (the arithmetic still is): a role that names no
//! metric of the table (only its period, and the line of a one-operand
//! calculation, are held to the operands); a change of a derived metric
//! ("gross margin change"); an operand whose role and cell name no concept
//! under a metric (nothing to hold it to: the operand's own role check
//! speaks for it) — under a change of a named measure it is sent to
//! review, and a change of an unnamed measure must be over operands whose
//! rows or roles show the claim's words for it.

mod lines;

use std::sync::LazyLock;

use rust_decimal::Decimal;

use super::role::ClaimRole;
use super::{Check, Code, CodeDoc, Finding, Route};
use crate::answer::calc::{Calc, Operand};
use crate::model::Qualifier;
use crate::model::{Cell, Period};
use crate::period::{Agreement, periods_agree};
use crate::vocab::Vocab;
use crate::vocab::lexicon::{CellOnly, Lexicon};
use crate::vocab::metrics::{Metrics, without_spans};

/// The codes of this check, documented.
pub const DOCS: &[CodeDoc] = &[CodeDoc {
    code: Code::FormulaMismatch,
    check: Check::Arithmetic,
    what: "The claim's role names a metric tickmark knows (gross, operating, net and EBITDA margin, growth, decline, change, EPS, free cash flow, current and quick ratio, debt-to-equity, net debt, ROE, ROA, effective tax rate, payout ratio, days sales outstanding; `src/vocab/metrics.toml`), and its calculation is not that metric: an operand's role is not one of the metric's inputs, an operand's period is not the one the claim names (\"growth 2024 vs 2023\" over 2024 and 2022; a FY2024 margin over a FY2023 operand), a decline is divided by the later amount, the operands are two companies' figures, or the role names a qualified measure (organic, adjusted, pro forma, core, segment: \"organic revenue growth\") that no operand's role, concept, row or cell's tag carries (a cell tagged with a segment member is that segment's), or a margin's operands are, by their tags, one a reportable segment's fact and another the whole company's (a segment's operating loss over the company's total revenues). Also raised, whatever the role names, when the calculation is one operand alone (`a`, `a * 1`) whose concept is not the role's (\"Total stockholders' equity\" = retained earnings), or when the role names one period and no operand is of it (\"Net income, fiscal 2023\" over fiscal 2024 figures); when the role names one line as a share of another (\"R&D expense as a percentage of revenue\") and the calculation is over another base; when a role's compound annual rate over two or more years (\"CAGR\", \"compound annual\", \"annualized\") is computed as the cumulative change, or as no root or another root than its years (`(end / start) ^ (1/3) - 1` over FY2023–FY2025, or the cumulative change halved); when a value written in percentage or basis points is computed as a relative change (one plus the result a product of the operands' powers: `(g1 / r1) / (g0 / r0) - 1`); when the role names an average balance (\"return on average equity\") and the calculation takes one closing balance; when a share of a qualified base (\"Europe as a share of international sales\") is divided by an unqualified total, or a share of the total by a part of it (product revenue); when the role names one line and the calculation adds other lines to it (\"Capital expenditures\" = capex + acquisitions; a role naming a combination or an adjustment is not one line); a ratio the role spells out in parentheses (\"Interest coverage (EBIT / interest expense)\") is held like a share, a current or non-current part does not stand for its whole (net debt over the non-current borrowings alone), a total plus one of the lines printed above it that add up to it counts that line twice (\"Total noninterest expense\" + \"FDIC insurance assessments\"), a profit excluding a charge (\"Operating income excluding restructuring charges\") adds the charge back, never deducts it again, EBITDA or EBIT adds back what its name says it is before (EBITDA as net income plus D&A adds back no interest and no taxes), a net figure of an income and a cost of one kind (\"Net finance costs\") takes one from the other, a sum for one period does not add an operand of another period of the same kind (\"Total borrowings, 31 December 2024\" = current 2024 + non-current 2023), a year's amount per share is no sum of its quarters', debt does not include an operating lease liability, a ratio the role names by its two lines (\"Loan-to-deposit ratio\", \"Allowance for credit losses to total loans\") divides an operand showing the first line's words by one showing the second's, and \"Adjusted EBITDA\" made of the EBITDA lines alone adjusts nothing; when a change stated in percent (\"operating margin rose 0.4%\") is computed as the difference of two percentages or of two ratios, a change in points; when a FinQA program's number matches no operand (`subtract(4300, 3800)` with operands 4,200 and 3,900), or an expression is made of constants only. A decline whose operands rose is `sign_flip`; a change of a named measure over an operand that names none is `ambiguous_role` (review).",
    why: "Every operand can be cited correctly and the arithmetic be exact while the calculation computes something else: cost over revenue is a cost ratio, not a gross margin. Only a check that knows what the metric is made of sees it.",
    example: "\"Gross margin was 60.0% in 2024\" with calc `cor / rev` over cost of revenue 2,520 and revenue 4,200 (gross margin is (4,200 − 2,520) / 4,200 = 40.0%).",
    route: "reanswer.",
}];

/// One operand of a calculation, as the formula check sees it.
#[derive(Debug, Clone, Copy)]
pub struct FormulaOperand<'a> {
    /// Its id in the calculation.
    pub id: &'a str,
    /// The number it states, in table units (FinQA literals match it).
    pub stated: Decimal,
    /// Its role, read.
    pub role: &'a ClaimRole,
    /// The cell it was checked against, when one was chosen.
    pub cell: Option<Cell<'a>>,
}

/// What an operand stands for: its concept and period, read from its role,
/// else its cell.
#[derive(Debug, Clone)]
struct Input<'a> {
    id: &'a str,
    stated: Decimal,
    concept: Option<String>,
    words: String,
    period: Option<Period>,
    label: String,
    /// A line statements print negative by convention (a cost, a
    /// payment): stated negative, it is added where a formula subtracts it.
    outflow: bool,
    /// The measure words of its cell's row label.
    row_words: Vec<Box<str>>,
    /// The qualifiers its role and its cell's row state or imply.
    qualifiers: Vec<Qualifier>,
    /// Its cell's concept, with the dimensions of its tag
    /// ("Revenues[…StatementBusinessSegmentsAxis=amzn:AmazonWebServicesSegmentMember]"):
    /// what the filer says the number is, whatever the operand's role names.
    cell_concept: Option<String>,
    /// Its cell's tag: a reportable segment's fact (`Some(true)`), a fact
    /// with no dimension (`Some(false)`: the company's), else `None`.
    segment_fact: Option<bool>,
}

/// The formula findings for a calculation claim (none when its role names
/// no metric of the table, or when the calculation is that metric).
pub fn check(
    claim_role: &ClaimRole,
    claim_text: &str,
    sentence_only: bool,
    calc: &Calc,
    operands: &[FormulaOperand<'_>],
    vocab: &Vocab,
) -> Vec<Finding> {
    // A metric is one company's, and has a formula; a comparison across
    // companies ("Acme's revenue is 22 times Birchwood's") is not, and says
    // whose figures it compares.
    let inputs: Vec<Input<'_>> = operands.iter().map(|o| input_of(o, vocab)).collect();
    if let Some(finding) = share_base_unmet(&claim_role.text, calc, &inputs, vocab)
        .or_else(|| total_and_its_part(calc, operands, &inputs))
        .or_else(|| charge_excluded_again(&claim_role.text, calc, &inputs))
        .or_else(|| lines::earnings_before_unmet(claim_role, &inputs))
        .or_else(|| lines::net_of_opposites(claim_role, calc, &inputs))
        .or_else(|| lines::debt_with_operating_leases(claim_role, calc, &inputs))
        .or_else(|| lines::named_ratio_unmet(claim_role, calc, &inputs))
    {
        return vec![finding];
    }
    let concepts: Vec<Option<String>> = inputs.iter().map(|i| i.concept.clone()).collect();
    let Some(wanted) = wanted(claim_role, sentence_only, vocab, &concepts) else {
        let mut findings: Vec<Finding> = companies_unnamed(claim_text, operands)
            .into_iter()
            .collect();
        if findings.is_empty() {
            findings.extend(
                one_operand(claim_role, calc, &inputs)
                    .or_else(|| line_and_more(claim_role, calc, &inputs, vocab))
                    .or_else(|| period_unmet(claim_role, &inputs))
                    .or_else(|| lines::period_mixed(claim_role, calc, &inputs)),
            );
        }
        return findings;
    };
    let mut findings = Vec::new();
    if let Some(finding) = companies_differ(operands) {
        findings.push(finding);
    }
    if let Some(finding) = qualifier_unmet(claim_role, &inputs)
        .or_else(|| average_unmet(claim_role, &inputs))
        .or_else(|| scope_mixed(claim_role, &wanted, &inputs))
    {
        findings.push(finding);
    } else if let Some(finding) = metric_mismatch(claim_role, &wanted, calc, &inputs) {
        // A compound annual rate is no simple change: its root must be of
        // its years.
        match compound_years(claim_role) {
            None => findings.push(finding),
            Some(years) => findings.extend(root_unmet(years, calc, &inputs)),
        }
    } else if let Some(years) = compound_years(claim_role) {
        findings.push(Finding::new(
            Code::FormulaMismatch,
            Route::Reanswer,
            format!(
                "the claim's role names a compound annual rate over {years} years, which is (now / before)^(1/{years}) - 1, but {} is the cumulative change over them",
                calc.source().trim()
            ),
        ));
    }
    findings
}

/// The years a role's compound annual rate runs over ("Revenue CAGR,
/// 2022 to 2024": 2), when it names one over more than a year.
fn compound_years(claim_role: &ClaimRole) -> Option<i16> {
    static COMPOUND: LazyLock<Option<regex::Regex>> = LazyLock::new(|| {
        regex::Regex::new(r"(?i)\bcagr\b|\bcompound(?:ed)?\b|\bannuali[sz]ed\b|\bper\s+(?:year|annum)\b|\bannual\s+(?:growth\s+)?rate\b")
            .ok()
    });
    if !COMPOUND
        .as_ref()
        .is_some_and(|r| r.is_match(&claim_role.text))
    {
        return None;
    }
    let mut years: Vec<i16> = Vec::new();
    for period in &claim_role.role.periods {
        match period {
            Period::Change { from, to, .. } => {
                years.extend(from.as_deref().and_then(Period::year));
                years.extend(to.as_deref().and_then(Period::year));
            }
            other => years.extend(other.year()),
        }
    }
    // A span written as years ("2022-2024", "FY2023–FY2025") that the
    // period reading takes as its later year only.
    static YEAR: LazyLock<Option<regex::Regex>> =
        LazyLock::new(|| regex::Regex::new(r"\b(?:FY|fy)?((?:19|20)\d\d)\b").ok());
    if let Some(year) = YEAR.as_ref() {
        years.extend(
            year.captures_iter(&claim_role.text)
                .filter_map(|c| c.get(1)?.as_str().parse::<i16>().ok()),
        );
    }
    let span = years.iter().max()? - years.iter().min()?;
    (span >= 2).then_some(span)
}

/// A calculation that adds a total and a line the total already sums
/// ("Total noninterest expense" + "FDIC insurance assessments" printed
/// above it): the part is counted twice. The total's lines are the rows
/// right above it in its column and its section, up to a caption or
/// another total, and only when they add up to it. `formula_mismatch`.
fn total_and_its_part(
    calc: &Calc,
    operands: &[FormulaOperand<'_>],
    inputs: &[Input<'_>],
) -> Option<Finding> {
    if operands.len() < 2 || operands.len() > 8 {
        return None;
    }
    let is_total = |cell: &Cell<'_>| {
        cell.row_label()
            .is_some_and(|l| l.trim_start().to_lowercase().starts_with("total"))
    };
    // Whether the result grows with an operand (asked only of a total and
    // one of its lines).
    let grows =
        |k: usize| Some(probe_value(calc, inputs, Some(k))? > probe_value(calc, inputs, None)?);
    for (t, total) in operands.iter().enumerate() {
        let Some(total_cell) = total.cell.filter(is_total) else {
            continue;
        };
        let table = total_cell.table();
        let column = total_cell.coord().col;
        // The column's numbers by row, in this table.
        let at_row = |row: u32| {
            table
                .records
                .iter()
                .find(|r| r.row == row && r.coord.col == column)
                .map(|r| Cell::new(table, r))
        };
        let mut block = Vec::new();
        let mut sum = Decimal::ZERO;
        let mut row = total_cell.record().row;
        while let Some(above) = row.checked_sub(1) {
            row = above;
            // A line of another section is not the total's (a caption row
            // is no record: "Revenue" above "Costs and expenses:").
            let Some(line) =
                at_row(row).filter(|c| !is_total(c) && c.section() == total_cell.section())
            else {
                break;
            };
            sum = sum.checked_add(line.value())?;
            block.push(row);
            if block.len() > 200 {
                return None;
            }
        }
        let unit = Decimal::new(1, total_cell.decimals().min(28));
        if block.len() < 2
            || sum
                .checked_sub(total_cell.value())
                .is_none_or(|off| off.abs() > unit)
        {
            continue;
        }
        for (p, part) in operands.iter().enumerate() {
            let Some(part_cell) = part.cell else {
                continue;
            };
            if p == t
                || !std::ptr::eq(part_cell.table(), table)
                || part_cell.coord().col != column
                || !block.contains(&part_cell.record().row)
            {
                continue;
            }
            if grows(t)? && grows(p)? {
                return Some(Finding::new(
                    Code::FormulaMismatch,
                    Route::Reanswer,
                    format!(
                        "the calculation {} adds {} ({:?}) to {} ({:?}), a total that already includes it: the part is counted twice",
                        calc.source().trim(),
                        part.id,
                        part_cell.row_label().unwrap_or(""),
                        total.id,
                        total_cell.row_label().unwrap_or("")
                    ),
                ));
            }
        }
    }
    None
}

/// A profit "excluding" a charge ("Operating income excluding restructuring
/// charges") computed by deducting the charge again: the charge was already
/// deducted to reach the profit, so excluding it adds it back. Read only
/// where the role's excluded words name a charge and one operand's role
/// carries them. `formula_mismatch`.
fn charge_excluded_again(text: &str, calc: &Calc, inputs: &[Input<'_>]) -> Option<Finding> {
    static EXCLUDING: LazyLock<Option<regex::Regex>> =
        LazyLock::new(|| regex::Regex::new(r"(?i)\b(?:excluding|excl\.?|ex-|before)\s+(.+)$").ok());
    const CHARGES: [&str; 9] = [
        "charge",
        "charges",
        "impairment",
        "impairments",
        "restructuring",
        "amortization",
        "depreciation",
        "write-down",
        "writedown",
    ];
    const PROFITS: [&str; 6] = ["income", "profit", "earnings", "ebit", "ebitda", "margin"];
    let lower = text.to_lowercase();
    let excluded = EXCLUDING
        .as_ref()?
        .captures(&lower)?
        .get(1)?
        .as_str()
        .to_string();
    let head = lower
        .get(..lower.len().saturating_sub(excluded.len()))?
        .to_string();
    let words = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric() && c != '-')
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let charge_words: Vec<String> = words(&excluded)
        .into_iter()
        .filter(|w| CHARGES.contains(&w.as_str()))
        .collect();
    if charge_words.is_empty() || !words(&head).iter().any(|w| PROFITS.contains(&w.as_str())) {
        return None;
    }
    let (k, charge) = inputs.iter().enumerate().find(|(_, i)| {
        let label = words(&i.label.to_lowercase());
        charge_words.iter().any(|w| label.contains(w))
    })?;
    let once = probe_value(calc, inputs, None)?;
    let twice = probe_value(calc, inputs, Some(k))?;
    // The charge's size added back: the result grows with a charge stated
    // as a positive size, falls with one stated negative.
    let adds_back = if charge.stated.is_sign_negative() {
        twice < once
    } else {
        twice > once
    };
    if adds_back {
        return None;
    }
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim's role excludes a charge, which adds {} ({:?}) back to the profit it was deducted from, but {} deducts it again",
            charge.id,
            charge.label,
            calc.source().trim()
        ),
    ))
}

/// The operands at probe values, one of them (`doubled`) twice its value:
/// how a check sees what a calculation does with each operand, whatever
/// numbers the claim gave.
fn probed<'a>(inputs: &[Input<'a>], doubled: Option<usize>) -> Vec<Operand<'a>> {
    inputs
        .iter()
        .enumerate()
        .map(|(k, input)| {
            let v = probe(0, k);
            Operand {
                id: input.id,
                stated: input.stated,
                base: if doubled == Some(k) {
                    v * Decimal::TWO
                } else {
                    v
                },
                role: "",
            }
        })
        .collect()
}

/// The calculation's value over the probe operands ([`probed`]).
fn probe_value(calc: &Calc, inputs: &[Input<'_>], doubled: Option<usize>) -> Option<Decimal> {
    calc.value(&probed(inputs, doubled)).ok()
}

/// A compound annual rate over `years` whose calculation takes another
/// root: one plus its result moves by 2^(±1/k) when an operand doubles, and
/// k is not the years ("FY2023-FY2025" is two years, not three), or is
/// no root at all (the cumulative change halved).
fn root_unmet(years: i16, calc: &Calc, inputs: &[Input<'_>]) -> Option<Finding> {
    use super::arithmetic::{doubling_ratios, nearly};
    use rust_decimal::MathematicalOps;
    let root_of = |k: i16| Decimal::TWO.checked_powd(Decimal::ONE / Decimal::from(k));
    let probes = probed(inputs, None);
    // The root the calculation takes, the result read as a fraction or
    // (`per`: a program "× 100") in percent: every operand that moves the
    // result moves it by the same 2^(±1/k).
    let root = |per: Decimal| -> Option<i16> {
        let mut taken = None;
        for ratio in doubling_ratios(calc, &probes, per)? {
            if nearly(ratio, Decimal::ONE) {
                continue;
            }
            let ratio = if ratio < Decimal::ONE {
                Decimal::ONE.checked_div(ratio)?
            } else {
                ratio
            };
            let k = (1..=40i16).find(|k| root_of(*k).is_some_and(|r| nearly(ratio, r)))?;
            if taken.is_some_and(|t| t != k) {
                return None;
            }
            taken = Some(k);
        }
        taken
    };
    let what = match root(Decimal::ONE).or_else(|| root(Decimal::ONE_HUNDRED)) {
        Some(k) if k == years => return None,
        Some(k) => format!("takes the root of {k}"),
        None => "is no root of the change (a simple average or another figure)".to_string(),
    };
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim's role names a compound annual rate over {years} years, which is (now / before)^(1/{years}) - 1, but {} {what}",
            calc.source().trim()
        ),
    ))
}

/// A calculation that is one operand (`a`, `a * 1`): the claim states that
/// operand, so its role must name the operand's measure. A role whose
/// concept is another than the operand's (and not of its family) is
/// `formula_mismatch`: "Total stockholders' equity = a" over retained
/// earnings.
fn one_operand(claim_role: &ClaimRole, calc: &Calc, inputs: &[Input<'_>]) -> Option<Finding> {
    let claimed = claim_role.role.concept.as_ref()?;
    let [only] = inputs else {
        return None;
    };
    let have = only.concept.as_deref()?;
    if Lexicon::builtin().same_family(claimed.as_str(), have) {
        return None;
    }
    let is_identity = (0..PROBES.len()).all(|set| {
        let operand = Operand {
            id: only.id,
            stated: only.stated,
            base: probe(set, 0),
            role: "",
        };
        calc.value(std::slice::from_ref(&operand))
            .is_ok_and(|v| same_result(v, probe(set, 0)))
    });
    if !is_identity {
        return None;
    }
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the calculation {} is operand {} alone, which is {have} ({:?}); the claim's role names {}",
            calc.source().trim(),
            only.id,
            only.label,
            claimed.as_str()
        ),
    ))
}

/// A calculation whose role names a line (no metric, no qualifier) that
/// one operand is, and that takes other lines besides ("Capital
/// expenditures" = capex + acquisitions): the claim's line is that operand,
/// the result is something else. `formula_mismatch`. Operands of the same
/// line in other periods (a sum of quarters) are that line.
fn line_and_more(
    claim_role: &ClaimRole,
    calc: &Calc,
    inputs: &[Input<'_>],
    vocab: &Vocab,
) -> Option<Finding> {
    let claimed = claim_role.role.concept.as_ref()?.as_str();
    // A role that names a combination ("repurchases plus dividends paid",
    // "capex and acquisitions") is not one line.
    let lower = claim_role.text.to_lowercase();
    let combines = [
        "+",
        "&",
        " plus ",
        " and ",
        "combined",
        "together",
        "sum of",
        "including",
        "excluding",
        "excl",
        "before",
        " less ",
        "net of",
        "adjusted",
        "without",
        " ex ",
        "ex-",
    ]
    .iter()
    .any(|w| lower.contains(w));
    if inputs.len() < 2
        || combines
        || !claim_role.role.qualifiers.is_empty()
        || !claim_role.role.implied.is_empty()
    {
        return None;
    }
    let is_line = |i: &&Input<'_>| i.concept.as_deref() == Some(claimed) && i.qualifiers.is_empty();
    let line = inputs.iter().find(is_line)?;
    let others: Vec<&Input<'_>> = inputs
        .iter()
        .filter(|i| i.concept.as_deref() != Some(claimed))
        .collect();
    // Every other operand a line of its own, named, that the role does not
    // also name ("Dividends paid + repurchases of common stock").
    let named: Vec<crate::vocab::ConceptId> = claim_role
        .text
        .split(['+', '(', ')', ',', ';', '/', '&'])
        .flat_map(|part| part.split(" plus ").flat_map(|p| p.split(" and ")))
        .filter_map(|part| {
            super::role::read_shared(part, vocab, super::role::Mode::Role)
                .role
                .concept
                .clone()
        })
        .collect();
    let named_by_role = |i: &&Input<'_>| {
        i.concept
            .as_deref()
            .is_some_and(|c| named.iter().any(|n| n.as_str() == c))
    };
    if others.is_empty()
        || others.iter().any(|i| i.concept.is_none())
        || others.iter().any(named_by_role)
    {
        return None;
    }
    // A sum or difference in the line's units (doubling every operand
    // doubles it) that moves with the other operands.
    let linear = super::arithmetic::in_operands_units(calc, &probed(inputs, None)) == Some(true);
    let once = probe_value(calc, inputs, None)?;
    let moved = inputs.iter().enumerate().any(|(k, input)| {
        input.concept.as_deref() != Some(claimed)
            && probe_value(calc, inputs, Some(k)).is_some_and(|v| !same_result(v, once))
    });
    if !linear || !moved {
        return None;
    }
    let also: Vec<String> = others
        .iter()
        .map(|i| format!("{} ({:?})", i.id, i.label))
        .collect();
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim's role names {claimed}, which operand {} is ({:?}); the calculation {} also takes {}, so it computes another figure",
            line.id,
            line.label,
            calc.source().trim(),
            also.join(", ")
        ),
    ))
}

/// A calculation claimed for a period none of its operands is in ("Net
/// income, fiscal 2023" computed from fiscal 2024 figures): a result for a
/// period is computed from figures of that period (a change: of its later
/// end), so `formula_mismatch`. Said only when the role names one period
/// and every operand has one.
fn period_unmet(claim_role: &ClaimRole, inputs: &[Input<'_>]) -> Option<Finding> {
    let [claimed] = claim_role.role.periods.as_slice() else {
        return None;
    };
    let wanted = match claimed {
        Period::Change { to: Some(to), .. } => (**to).clone(),
        Period::Change { .. } => return None,
        other => other.clone(),
    };
    let periods: Vec<&Period> = inputs.iter().filter_map(|i| i.period.as_ref()).collect();
    if inputs.is_empty() || periods.len() != inputs.len() {
        return None;
    }
    // A sum of the year's quarters is the year's, but not for amounts per
    // share: a year's earnings per share is no sum of its quarters'.
    let per_share = inputs.iter().any(|i| {
        i.concept.as_deref().is_some_and(|c| c.contains("PerShare"))
            || i.label.to_lowercase().contains("per share")
            || i.label.to_lowercase().contains("per diluted share")
    });
    if periods
        .iter()
        .any(|have| in_period(have, &wanted) || !per_share && within(have, &wanted))
    {
        return None;
    }
    let shown: Vec<String> = inputs
        .iter()
        .filter_map(|i| Some(format!("{} = {}", i.id, i.period.as_ref()?)))
        .collect();
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim's role names {claimed}, but no operand is of it ({})",
            shown.join("; ")
        ),
    ))
}

fn input_of<'a>(operand: &FormulaOperand<'a>, vocab: &Vocab) -> Input<'a> {
    let role = &operand.role.role;
    let cell_period = || {
        operand.cell.and_then(|cell| {
            super::role::cell_periods(&cell, super::role::roles_of(cell.table(), vocab))
                .into_iter()
                .next()
        })
    };
    let row = operand
        .cell
        .and_then(|c| c.row_label())
        .map(|label| super::role::read_shared(label, vocab, super::role::Mode::Role));
    // A role naming a rate ("Gross margin" read as the margin percentage)
    // over a cell of money of a known line (Apple's "Total gross margin",
    // gross profit in dollars): the operand is that line.
    let cell_concept = operand.cell.as_ref().and_then(|c| c.concept());
    let rate_over_money = role
        .concept
        .as_ref()
        .is_some_and(|c| vocab.is_rate(c.as_str()))
        && operand.cell.as_ref().is_some_and(|c| !c.percent())
        && cell_concept.is_some_and(|c| vocab.is_money(c.as_str()));
    let concept = if rate_over_money {
        cell_concept
    } else {
        role.concept.as_ref().or(cell_concept)
    };
    Input {
        id: operand.id,
        stated: operand.stated,
        concept: concept.map(|c| c.as_str().to_string()),
        words: role.words.join(" "),
        // The cited cell's period when the operand's role does not
        // contradict it: it is dated ("Q3 2024" names the quarter, the
        // cell's column says it ended 2024-09-30). A contradicted one is
        // the operand's own finding; its role's period stands here.
        period: match (role.periods.first(), cell_period()) {
            (Some(said), Some(cell)) if periods_agree(said, &cell) != Agreement::No => {
                Some(dated(said, cell))
            }
            (said, cell) => said.cloned().or(cell),
        },
        label: operand.role.text.trim().to_string(),
        outflow: role
            .concept
            .as_ref()
            .is_some_and(|c| super::value::outflow_concept(c.as_str()))
            || operand
                .cell
                .as_ref()
                .is_some_and(super::value::shown_negative_by_convention),
        row_words: row
            .as_ref()
            .map(|r| r.role.words.clone())
            .unwrap_or_default(),
        qualifiers: role
            .qualifiers
            .iter()
            .chain(&role.implied)
            .chain(
                row.iter()
                    .flat_map(|r| r.role.qualifiers.iter().chain(&r.role.implied)),
            )
            .copied()
            .collect(),
        cell_concept: operand
            .cell
            .as_ref()
            .and_then(|c| c.concept())
            .map(|c| c.as_str().to_string()),
        segment_fact: operand.cell.as_ref().and_then(|c| c.xbrl()).and_then(|t| {
            let fact = &*t.fact;
            if crate::check::role::is_segment_fact(fact) {
                Some(true)
            } else {
                fact.dims().is_empty().then_some(false)
            }
        }),
    }
}

/// The formulas a role asks for, with what each identifier stands for.
#[derive(Clone)]
enum Wanted {
    /// A change of `base` (`None`: the measure is not a known concept),
    /// whose measure words are `words`.
    Change {
        name: &'static str,
        base: Option<String>,
        words: Vec<Box<str>>,
        formulas: std::sync::Arc<[Calc]>,
    },
    /// A metric named by a concept, or a share of one line in another
    /// ("R&D as a percentage of revenue").
    Metric {
        concept: String,
        formulas: std::sync::Arc<[Calc]>,
    },
}

/// The built-in formulas, parsed once, in the table's order.
struct Parsed {
    changes: Vec<(&'static str, std::sync::Arc<[Calc]>)>,
    metrics: Vec<(&'static str, std::sync::Arc<[Calc]>)>,
}

static PARSED: LazyLock<Parsed> = LazyLock::new(|| {
    let table = Metrics::builtin();
    let parse = |formulas: &[String]| -> std::sync::Arc<[Calc]> {
        formulas
            .iter()
            .filter_map(|f| Calc::parse(f).ok())
            .collect()
    };
    Parsed {
        changes: table
            .changes()
            .iter()
            .map(|c| (c.name.as_str(), parse(&c.formulas)))
            .collect(),
        metrics: table
            .metrics
            .iter()
            .map(|m| (m.concept.as_str(), parse(&m.formulas)))
            .collect(),
    }
});

/// What [`wanted`] was asked: the vocabulary's serial, whether the role is
/// the sentence's, the role's text and concept, the operands' concepts.
type WantedKey = (u64, bool, Box<str>, Option<String>, Vec<Option<String>>);

/// How many [`wanted`] answers a thread remembers before starting over.
const WANTED_MEMO: usize = 4_096;

thread_local! {
    static WANTED: std::cell::RefCell<crate::hash::Map<WantedKey, Option<Wanted>>> =
        std::cell::RefCell::new(crate::hash::Map::default());
}

/// [`wanted_uncached`], remembered per thread: a batch repeats its roles.
fn wanted(
    claim_role: &ClaimRole,
    sentence_only: bool,
    vocab: &Vocab,
    operands: &[Option<String>],
) -> Option<Wanted> {
    let key: WantedKey = (
        vocab.serial(),
        sentence_only,
        Box::from(claim_role.text.as_str()),
        claim_role
            .role
            .concept
            .as_ref()
            .map(|c| c.as_str().to_string()),
        operands.to_vec(),
    );
    if let Some(hit) = WANTED.with(|m| m.borrow().get(&key).cloned()) {
        return hit;
    }
    let found = wanted_uncached(claim_role, sentence_only, vocab, operands);
    WANTED.with(|m| {
        let mut memo = m.borrow_mut();
        if memo.len() >= WANTED_MEMO {
            memo.clear();
        }
        memo.insert(key, found.clone());
    });
    found
}

/// The metric a claim's role names: a change word first ("net income
/// growth"), read over the role without it; else the role's concept.
/// `operands` are the concepts the operands name: when change words could
/// be the measure's own ("Increase (decrease) in accounts receivable
/// growth"), the reading whose measure is the operands' wins.
fn wanted_uncached(
    claim_role: &ClaimRole,
    sentence_only: bool,
    vocab: &Vocab,
    operands: &[Option<String>],
) -> Option<Wanted> {
    let text = claim_role.text.as_str();
    let table = Metrics::builtin();
    // Change words inside the phrase of a statement line are that line's
    // ("Increase (decrease) in accounts receivable"), not a change of it.
    let found = table.change_of_measure(text, vocab).map(|(found, _)| found);
    if let Some(found) = found.filter(|f| !f.spans.is_empty()) {
        let mode = if sentence_only {
            super::role::Mode::Sentence
        } else {
            super::role::Mode::Role
        };
        let lex = Lexicon::builtin();
        // Take out every change word, or only the later ones (the earlier
        // may be the measure's own words).
        let readings: Vec<std::sync::Arc<super::role::Reading>> = (0..found.spans.len())
            .map(|keep| {
                let rest = without_spans(text, found.spans.iter().skip(keep));
                super::role::read_shared(&rest, vocab, mode)
            })
            .collect();
        let operands_measure = |c: &crate::vocab::ConceptId| {
            operands
                .iter()
                .flatten()
                .any(|o| lex.same_family(o, c.as_str()))
        };
        let chosen = readings
            .iter()
            .find(|r| r.role.concept.as_ref().is_some_and(operands_measure))
            .or(readings.first());
        let base = chosen.and_then(|r| r.role.concept.clone());
        let words = chosen.map(|r| r.role.words.clone()).unwrap_or_default();
        // A change of a derived metric (a margin's change) is judged only
        // over the metric itself (the two margins); over the amounts it is
        // made of, its formula is not.
        if let Some(c) = base.as_ref()
            && vocab.info(c.as_str()).is_some_and(|i| i.derived)
            && !operands.iter().all(|o| o.as_deref() == Some(c.as_str()))
        {
            return None;
        }
        let (name, formulas) = PARSED
            .changes
            .iter()
            .find(|(name, _)| *name == found.change.name)?;
        return Some(Wanted::Change {
            name,
            base: base.map(|c| c.as_str().to_string()),
            words,
            formulas: formulas.clone(),
        });
    }
    if let Some(share) = share_of(text, vocab) {
        return Some(share);
    }
    let concept = claim_role.role.concept.as_ref()?;
    let (_, formulas) = PARSED
        .metrics
        .iter()
        .find(|(id, _)| *id == concept.as_str())?;
    Some(Wanted::Metric {
        concept: concept.as_str().to_string(),
        formulas: formulas.clone(),
    })
}

/// A role naming one line as a share of another ("R&D expense as a
/// percentage of revenue, 2024", "cost of sales as a % of net sales",
/// "SG&A share of revenue"): the metric `line / base`, when the vocabulary
/// names both lines.
fn share_of(text: &str, vocab: &Vocab) -> Option<Wanted> {
    static SHARE: LazyLock<Option<regex::Regex>> = LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)^(.+?)\s+(?:as\s+an?\s+)?(?:percent(?:age)?|%|share|proportion|ratio)\s+(?:of|to)\s+(.+)$",
        )
        .ok()
    });
    // A ratio the role spells out in parentheses: "Interest coverage (EBIT
    // / interest expense)", "Free cash flow margin (FCF / revenue)".
    static SPELLED: LazyLock<Option<regex::Regex>> =
        LazyLock::new(|| regex::Regex::new(r"\(\s*([^()/]+?)\s*/\s*([^()/]+?)\s*\)").ok());
    let found = SHARE
        .as_ref()?
        .captures(text)
        .or_else(|| SPELLED.as_ref()?.captures(text))?;
    // A share's parts are amounts: a part whose name in a text is a rate
    // ("gross margin" as a percentage of net sales) is the line of money
    // printed under that name (gross profit).
    let concept_of = |part: &str| {
        let reading = super::role::read_shared(part, vocab, super::role::Mode::Role);
        let read = reading.role.concept.clone()?;
        if !vocab.is_rate(read.as_str()) {
            return Some(read);
        }
        // The label, else without up to three first words (a filer's
        // name: "Apple gross margin" as a percentage of net sales).
        let label = reading.role.label.as_str();
        let starts = std::iter::once(0).chain(
            label
                .match_indices(' ')
                .take(3)
                .map(|(at, _)| at.saturating_add(1)),
        );
        let money = starts
            .filter_map(|at| label.get(at..))
            .find_map(|name| vocab.money_line_named(name));
        Some(money.unwrap_or(read))
    };
    let line = concept_of(found.get(1)?.as_str())?;
    let base = concept_of(found.get(2)?.as_str())?;
    if line == base {
        return None;
    }
    // The line itself, or what the line is computed from where it is a
    // metric (free cash flow: operating cash flow less capital spending).
    let mut formulas = vec![Calc::parse(&format!("{} / {}", line.as_str(), base.as_str())).ok()?];
    if let Some((_, made_of)) = PARSED.metrics.iter().find(|(id, _)| *id == line.as_str()) {
        formulas.extend(
            made_of
                .iter()
                .filter_map(|f| Calc::parse(&format!("({f}) / {}", base.as_str())).ok()),
        );
    }
    Some(Wanted::Metric {
        concept: format!("{} as a share of {}", line.as_str(), base.as_str()),
        formulas: std::sync::Arc::from(formulas),
    })
}

/// A share whose base is qualified ("Europe net sales as a share of
/// international (non-U.S.) net sales") divided by an operand that is not
/// (total net sales): `formula_mismatch`. The denominator is the operand
/// whose doubling halves the result; the base's strict qualifiers
/// (geography, segment, …) must be its role's or its row's.
fn share_base_unmet(
    text: &str,
    calc: &Calc,
    inputs: &[Input<'_>],
    vocab: &Vocab,
) -> Option<Finding> {
    static SHARE: LazyLock<Option<regex::Regex>> = LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(?:percent(?:age)?|%|share|proportion)\s+(?:of|to)\s+(.+)$").ok()
    });
    if inputs.len() != 2 {
        return None;
    }
    let base_text = SHARE.as_ref()?.captures(text)?.get(1)?.as_str();
    let base = super::role::read_shared(base_text, vocab, super::role::Mode::Role);
    let wanted: Vec<&crate::vocab::lexicon::QualifierDef> = base
        .role
        .qualifiers
        .iter()
        .filter_map(|q| q.def())
        .filter(|d| d.cell_only == CellOnly::Strict)
        .collect();
    let once = probe_value(calc, inputs, None)?;
    let denominator = (0..inputs.len()).find(|k| {
        probe_value(calc, inputs, Some(*k))
            .and_then(|v| v.checked_mul(Decimal::TWO))
            .is_some_and(|v| same_result(v, once))
    })?;
    let input = inputs.get(denominator)?;
    if let Some(missing) = wanted.iter().find(|d| {
        !input.qualifiers.iter().any(|q| {
            q.def()
                .is_some_and(|c| c.kind == d.kind && c.value == d.value)
        })
    }) {
        let value = missing.value.replace('_', " ");
        return Some(Finding::new(
            Code::FormulaMismatch,
            Route::Reanswer,
            format!(
                "the claim's role takes a share of {base_text:?}, which is {value}, but the calculation divides by {} ({:?}), which is not",
                input.id, input.label
            ),
        ));
    }
    // A base the role calls the total ("share of total revenue") divided by
    // a part of it: a product line, a segment, a region.
    let total = base_text
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w.eq_ignore_ascii_case("total"));
    let part = input.qualifiers.iter().find_map(|q| {
        q.def()
            .filter(|d| d.cell_only == CellOnly::Strict && !wanted.iter().any(|w| w.kind == d.kind))
    });
    match part {
        Some(part) if total => Some(Finding::new(
            Code::FormulaMismatch,
            Route::Reanswer,
            format!(
                "the claim's role takes a share of {base_text:?}, but the calculation divides by {} ({:?}), a {} part of it",
                input.id,
                input.label,
                part.value.replace('_', " ")
            ),
        )),
        _ => None,
    }
}

/// The same span a year earlier (a balance: the same day a year earlier).
pub fn year_before(period: &Period) -> Option<Period> {
    let back = |d: jiff::civil::Date| d.checked_sub(jiff::Span::new().years(1)).ok();
    match period {
        Period::Duration {
            fy,
            quarter,
            half,
            months,
            to_quarter,
            start,
            end,
        } => Some(Period::Duration {
            fy: fy.map(|y| y - 1),
            quarter: *quarter,
            half: *half,
            months: *months,
            to_quarter: *to_quarter,
            start: match start {
                Some(d) => Some(back(*d)?),
                None => None,
            },
            end: match end {
                Some(d) => Some(back(*d)?),
                None => None,
            },
        }),
        Period::Instant { date, fy } => Some(Period::Instant {
            date: match date {
                Some(d) => Some(back(*d)?),
                None => None,
            },
            fy: fy.map(|y| y - 1),
        }),
        Period::Change { .. } => None,
    }
}

/// The balance at the end of a period (a balance is its own end).
fn close_of(period: &Period) -> Option<Period> {
    match period {
        Period::Duration { fy, end, .. } => Some(Period::Instant {
            date: *end,
            fy: if end.is_some() { None } else { *fy },
        }),
        Period::Instant { .. } => Some(period.clone()),
        Period::Change { .. } => None,
    }
}

/// An operand's period as its cell dates it, keeping what its role names
/// and the cell does not say (the fiscal year and quarter of "Q1 2024"
/// over a column "Three Months Ended March 31").
fn dated(said: &Period, cell: Period) -> Period {
    match (said, cell) {
        (
            Period::Duration {
                fy, quarter, half, ..
            },
            Period::Duration {
                fy: cell_fy,
                quarter: cell_quarter,
                half: cell_half,
                months,
                to_quarter,
                start,
                end,
            },
        ) => Period::Duration {
            fy: cell_fy.or(*fy),
            quarter: cell_quarter.or(*quarter),
            half: cell_half.or(*half),
            months,
            to_quarter,
            start,
            end,
        },
        (_, cell) => cell,
    }
}

/// Whether a span lies within a fiscal year or a dated span: a quarter or
/// a half of the year, or a span whose dates fall inside (a sum of the
/// quarters is the year's).
fn within(have: &Period, wanted: &Period) -> bool {
    let (
        Period::Duration {
            fy: have_fy,
            months: have_months,
            start: have_start,
            end: have_end,
            quarter,
            half,
            ..
        },
        Period::Duration {
            fy,
            months,
            start,
            end,
            quarter: None,
            half: None,
            to_quarter: None,
        },
    ) = (have, wanted)
    else {
        return false;
    };
    if let (Some(hs), Some(he), Some(s), Some(e)) = (have_start, have_end, start, end) {
        return hs >= s && he <= e;
    }
    let part = quarter.is_some() || half.is_some() || have_months.is_some_and(|m| m < 12);
    let whole_year = months.is_none_or(|m| m == 12);
    part && whole_year && have_fy.is_some() && have_fy == fy
}

/// Whether an operand's period is `wanted`: a balance against a span is
/// the span's closing balance.
fn in_period(have: &Period, wanted: &Period) -> bool {
    // An operand named by its year ("Total current assets, 2024") against a
    // balance date: the year's closing balance.
    if let (Period::Duration { .. }, Period::Instant { .. }) = (have, wanted) {
        return close_of(have).is_some_and(|close| periods_agree(wanted, &close) == Agreement::Yes);
    }
    let target = match (have, wanted) {
        (Period::Instant { .. }, Period::Duration { .. }) => match close_of(wanted) {
            Some(close) => close,
            None => return false,
        },
        _ => wanted.clone(),
    };
    periods_agree(&target, have) == Agreement::Yes
}

/// A slot of a formula: which period of the claim an identifier is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// The claim's period (a balance: at its end).
    Own,
    /// The balance at the start of the claim's period.
    Open,
    /// The same span a year earlier.
    Prior,
}

/// A formula identifier: a concept (or the change's measure) in a slot.
#[derive(Debug, Clone)]
struct Ident {
    name: String,
    concept: Option<String>,
    slot: Slot,
}

fn ident(name: &str) -> Ident {
    let (concept, slot) = if let Some(c) = name.strip_suffix("__open") {
        (Some(c.to_string()), Slot::Open)
    } else if let Some(c) = name.strip_suffix("__prior") {
        (Some(c.to_string()), Slot::Prior)
    } else if name == "cur" {
        (None, Slot::Own)
    } else if name == "prior" {
        (None, Slot::Prior)
    } else {
        (Some(name.to_string()), Slot::Own)
    };
    Ident {
        name: name.to_string(),
        concept,
        slot,
    }
}

/// The claim's own period and the one before it, as the claim names them:
/// a change column's two ends, two periods (either way round), or one
/// period and the same span a year before. Empty when the claim names none.
fn period_pairs(role: &ClaimRole) -> Vec<(Period, Period)> {
    let periods = &role.role.periods;
    match periods.first() {
        Some(Period::Change {
            from: Some(from),
            to: Some(to),
            ..
        }) => vec![((**to).clone(), (**from).clone())],
        Some(first) if periods.len() >= 2 => {
            let second = periods.get(1).cloned().unwrap_or_else(|| first.clone());
            vec![(first.clone(), second.clone()), (second, first.clone())]
        }
        Some(first) => year_before(first)
            .map(|prior| vec![(first.clone(), prior)])
            .unwrap_or_default(),
        None => Vec::new(),
    }
}

/// Fixed input values for the equivalence test: far from each other and
/// from simple ratios of each other.
const PROBES: [[i64; 12]; 2] = [
    [
        1013, 2377, 3541, 4789, 5923, 7177, 8311, 9437, 10_631, 11_867, 13_001, 14_143,
    ],
    [
        9973, 6361, 4447, 3331, 8087, 2221, 7043, 5501, 1409, 12_301, 10_993, 15_607,
    ],
];

/// The value a probe gives the `k`-th identifier (unmatched operands take
/// the values past the identifiers').
fn probe(set: usize, k: usize) -> Decimal {
    let row = PROBES.get(set).copied().unwrap_or(PROBES[0]);
    let base = row.get(k % row.len()).copied().unwrap_or(1);
    // Past the table, values keep growing: never equal to an earlier one.
    Decimal::new(base, 2) + Decimal::from(k / row.len()) * Decimal::ONE_THOUSAND
}

/// Whether two results are equal: exactly, or to 1 part in 10^12 (the
/// divisions round at 28 digits), or the first is the second × 100.
fn same_result(calc: Decimal, formula: Decimal) -> bool {
    let close = |a: Decimal, b: Decimal| {
        let scale = a.abs().max(b.abs()).max(Decimal::ONE);
        (a - b).abs() <= scale * Decimal::new(1, 12)
    };
    close(calc, formula)
        || formula
            .checked_mul(Decimal::ONE_HUNDRED)
            .is_some_and(|f| close(calc, f))
}

/// Which identifier of a formula an input stands for, if any.
fn matches(
    input: &Input<'_>,
    ident: &Ident,
    base: (Option<&str>, &[Box<str>]),
    own: Option<&Period>,
    prior: Option<&Period>,
) -> bool {
    let lex = Lexicon::builtin();
    let (base, base_words) = base;
    // The claim names the operands' line by its own label ("Accounts
    // receivable growth" over the cash flow's "Accounts receivable" line).
    let by_label = ident.concept.is_none()
        && !base_words.is_empty()
        && input.row_words.as_slice() == base_words;
    let concept_ok = match (ident.concept.as_deref().or(base), input.concept.as_deref()) {
        _ if by_label => true,
        // A current or noncurrent part does not stand for its whole
        // ("Borrowings, non-current" is not all borrowings).
        (Some(want), Some(have)) => {
            lex.same_family(want, have)
                && (want == have || !part_of_whole(have) || part_of_whole(want))
        }
        // The change of a measure the vocabulary does not name: its
        // operands must be one measure (checked by the caller), and show
        // the claim's words for it ("Active customers growth" is not over
        // revenue).
        (None, _) => base_words
            .iter()
            .all(|w| input.row_words.contains(w) || input.words.split(' ').any(|x| x == &**w)),
        (Some(_), None) => false,
    };
    if !concept_ok {
        return false;
    }
    let (Some(own), Some(have)) = (own, input.period.as_ref()) else {
        // No period to hold it to: the operand's own role check speaks.
        return true;
    };
    let target = match ident.slot {
        Slot::Own => Some(own.clone()),
        Slot::Prior => prior.cloned().or_else(|| year_before(own)),
        Slot::Open => year_before(own).and_then(|p| close_of(&p)),
    };
    target.is_some_and(|t| in_period(have, &t))
}

/// Whether a concept is the current or noncurrent part of a balance.
fn part_of_whole(concept: &str) -> bool {
    concept.ends_with("Noncurrent") || concept.ends_with("Current")
}

/// Whether the calculation, each input standing for the identifier it
/// matches, equals `formula` at every probe.
fn equivalent(
    calc: &Calc,
    formula: &Calc,
    inputs: &[Input<'_>],
    assigned: &[Option<usize>],
    idents: &[Ident],
    signs: bool,
) -> bool {
    (0..PROBES.len()).all(|set| {
        let calc_operands: Vec<Operand<'_>> = inputs
            .iter()
            .zip(assigned)
            .enumerate()
            .map(|(i, (input, slot))| {
                let value = probe(set, slot.unwrap_or(idents.len() + i));
                Operand {
                    id: input.id,
                    stated: input.stated,
                    // A cost stated as the statement prints it, (2,520),
                    // is added where the formula subtracts it.
                    base: if signs && input.outflow && input.stated.is_sign_negative() {
                        -value
                    } else {
                        value
                    },
                    role: "",
                }
            })
            .collect();
        let formula_operands: Vec<Operand<'_>> = idents
            .iter()
            .enumerate()
            .map(|(k, ident)| Operand {
                id: ident.name.as_str(),
                stated: Decimal::ZERO,
                base: probe(set, k),
                role: "",
            })
            .collect();
        match (calc.value(&calc_operands), formula.value(&formula_operands)) {
            (Ok(a), Ok(b)) => same_result(a, b),
            _ => false,
        }
    })
}

fn metric_mismatch(
    claim_role: &ClaimRole,
    wanted: &Wanted,
    calc: &Calc,
    inputs: &[Input<'_>],
) -> Option<Finding> {
    let (formulas, base, what) = match wanted {
        Wanted::Change {
            name,
            base,
            formulas,
            ..
        } => (
            formulas.clone(),
            base.clone(),
            format!(
                "a {name} of {}",
                base.as_deref().unwrap_or("the claim's measure")
            ),
        ),
        Wanted::Metric { concept, formulas } => (formulas.clone(), None, concept.clone()),
    };
    if formulas.is_empty() {
        return None;
    }
    let base_words: &[Box<str>] = match wanted {
        Wanted::Change { words, .. } => words,
        Wanted::Metric { .. } => &[],
    };
    // A change of an unnamed measure: its operands must be one measure.
    if base.is_none() && matches!(wanted, Wanted::Change { .. }) {
        let measures: Vec<(&Option<String>, &str)> = inputs
            .iter()
            .map(|i| (&i.concept, i.words.as_str()))
            .collect();
        if measures.windows(2).any(|w| w.first() != w.get(1)) {
            return None;
        }
    }
    // The periods the claim names; without any, the operands' own.
    let mut pairs = period_pairs(claim_role);
    if pairs.is_empty() {
        let mut seen: Vec<Period> = Vec::new();
        for p in inputs.iter().filter_map(|i| i.period.clone()) {
            if !seen.contains(&p) {
                seen.push(p);
            }
        }
        match &wanted {
            Wanted::Change { .. } => {
                for a in &seen {
                    for b in &seen {
                        if a != b {
                            pairs.push((a.clone(), b.clone()));
                        }
                    }
                }
            }
            Wanted::Metric { .. } => {
                pairs.extend(
                    seen.iter()
                        .map(|p| (p.clone(), year_before(p).unwrap_or_else(|| p.clone()))),
                );
            }
        }
    }
    let periods: Vec<(Option<&Period>, Option<&Period>)> = if pairs.is_empty() {
        vec![(None, None)]
    } else {
        pairs.iter().map(|(a, b)| (Some(a), Some(b))).collect()
    };
    for formula in formulas.iter() {
        let idents: Vec<Ident> = formula.operand_ids().into_iter().map(ident).collect();
        for (own, prior) in &periods {
            let assigned: Vec<Option<usize>> = inputs
                .iter()
                .map(|input| {
                    idents.iter().position(|id| {
                        matches(input, id, (base.as_deref(), base_words), *own, *prior)
                    })
                })
                .collect();
            let signs = matches!(wanted, Wanted::Metric { .. });
            if equivalent(calc, formula, inputs, &assigned, &idents, signs) {
                if let Wanted::Change { name, .. } = wanted
                    && *name == "decline"
                {
                    return rise_called_decline(inputs, &assigned, &idents);
                }
                return None;
            }
        }
    }
    // An operand that names no concept cannot be held to an input (the
    // change of an unnamed measure excepted: its operands were compared).
    // Under a change of a named measure ("Revenue growth" over "Active
    // customers") it is not shown to be that measure: review.
    let unnamed_change = base.is_none() && matches!(wanted, Wanted::Change { .. });
    if !unnamed_change && let Some(unnamed) = inputs.iter().find(|i| i.concept.is_none()) {
        return match (wanted, &base) {
            (Wanted::Change { name, .. }, Some(b)) => Some(Finding::new(
                Code::AmbiguousRole,
                Route::Review,
                format!(
                    "the claim's role names a {name} of {b}, but operand {} ({:?}) names no measure tickmark can hold to it",
                    unnamed.id, unnamed.label
                ),
            )),
            _ => None,
        };
    }
    let shown: Vec<String> = inputs
        .iter()
        .map(|i| {
            let concept = i.concept.as_deref().unwrap_or("an unnamed measure");
            match &i.period {
                Some(p) => format!("{} = {concept}, {p}", i.id),
                None => format!("{} = {concept}", i.id),
            }
        })
        .collect();
    let wanted_periods = match pairs.first() {
        Some((own, prior)) if matches!(wanted, Wanted::Change { .. }) => {
            format!(" of {own} against {prior}")
        }
        Some((own, _)) => format!(" for {own}"),
        None => String::new(),
    };
    let formulas_text: Vec<String> = formulas
        .iter()
        .map(|f| {
            let text = f.to_string();
            match &base {
                Some(b) => text
                    .replace("cur", &format!("{b} now"))
                    .replace("prior", &format!("{b} before")),
                None => text,
            }
        })
        .collect();
    let labels: Vec<String> = inputs
        .iter()
        .filter(|i| !i.label.is_empty())
        .map(|i| format!("{}: {:?}", i.id, i.label))
        .collect();
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim's role names {what}{wanted_periods}, which is {}; the calculation {} is over {} ({}), which is none of them",
            formulas_text.join(" or "),
            calc.source().trim(),
            shown.join("; "),
            labels.join(", ")
        ),
    ))
}

/// A decline whose operands rose: "Revenue declined 15.0%" computed as
/// (184,330 − 160,345) / 160,345. The decline's formulas allow a fall
/// stated as a negative change, so the arithmetic alone lets a rise through;
/// the operands standing for now and before say which way it went.
fn rise_called_decline(
    inputs: &[Input<'_>],
    assigned: &[Option<usize>],
    idents: &[Ident],
) -> Option<Finding> {
    let standing = |name: &str| {
        inputs.iter().zip(assigned).find_map(|(input, slot)| {
            let ident = idents.get((*slot)?)?;
            (ident.name == name).then_some(input)
        })
    };
    let (now, before) = (standing("cur")?, standing("prior")?);
    // A line named by its negative side ("Net loss", "Net cash used in
    // investing") stated negative moves by its size: a loss that shrank
    // from (76,937) to (68,655) declined.
    let by_size = now.stated.is_sign_negative()
        && before.stated.is_sign_negative()
        && super::value::names_negative(&now.label)
        && super::value::names_negative(&before.label);
    let rose = if by_size {
        now.stated.abs() > before.stated.abs()
    } else {
        now.stated > before.stated
    };
    if !rose {
        return None;
    }
    Some(Finding::new(
        Code::SignFlip,
        Route::Reanswer,
        format!(
            "the claim's role names a decline, but {} ({:?}, {}) is above {} ({:?}, {}): a rise",
            now.id, now.label, now.stated, before.id, before.label, before.stated
        ),
    ))
}

/// The company a cell's table is about: its title line naming a company
/// ("Harrow Industries, Inc.", "Acme Corp"), without the legal form.
pub fn company_of(cell: &Cell<'_>) -> Option<String> {
    const FORMS: &[&str] = crate::read::filer::LEGAL_FORMS;
    for line in &cell.table().title {
        let words: Vec<String> = line
            .split(|c: char| !c.is_alphanumeric() && c != '&')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        let Some(last) = words.iter().rposition(|w| FORMS.contains(&w.as_str())) else {
            continue;
        };
        let name: Vec<&str> = words
            .iter()
            .take(last)
            .map(String::as_str)
            .filter(|w| !FORMS.contains(w))
            .collect();
        if !name.is_empty() && name.len() <= 6 {
            return Some(name.join(" "));
        }
    }
    None
}

/// A metric over two companies' figures ("net margin" of one company's net
/// income over another's revenue).
/// A strict qualifier the claim's role states ("organic revenue growth",
/// "adjusted EBITDA margin", "segment operating margin") that no operand
/// carries, in its role, its concept, its cell's row or its cell's tag (a
/// segment member): the calculation
/// computes the plain metric, not the qualified one the claim names.
fn qualifier_unmet(claim_role: &ClaimRole, inputs: &[Input<'_>]) -> Option<Finding> {
    let def = claim_role.role.qualifiers.iter().find_map(|q| {
        let def = q.def()?;
        let carried = inputs.iter().any(|i| {
            i.qualifiers
                .iter()
                .any(|c| c.def().is_some_and(|d| d.value == def.value))
                || i.concept.as_deref().is_some_and(|c| def.marks(c))
                || i.cell_concept.as_deref().is_some_and(|c| def.marks(c))
        });
        (def.cell_only == CellOnly::Strict && !carried).then_some(def)
    })?;
    let value = def.value.replace('_', " ");
    let ids: Vec<&str> = inputs.iter().map(|i| i.id).collect();
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim's role names a {value} measure, but none of its operands ({}) is {value}: the calculation computes the reported figure, not the {value} one",
            ids.join(", ")
        ),
    ))
}

/// A margin over one segment's figure and the company's (Boeing's
/// Commercial Airplanes operating loss over the company's total revenues):
/// by their tags, one operand is a reportable segment's fact and another a
/// fact of the whole company. A margin is one line over another of the
/// same business, also where the role spells its ratio out ("Operating
/// margin (operating income / revenue)": NVIDIA's segment operating income
/// over its revenue). A share of a line in another ("Data Center revenue
/// as a percentage of total revenue") may mix them. `formula_mismatch`.
fn scope_mixed(claim_role: &ClaimRole, wanted: &Wanted, inputs: &[Input<'_>]) -> Option<Finding> {
    let Wanted::Metric { concept, .. } = wanted else {
        return None;
    };
    let margin = |c: &str| c.ends_with("Margin");
    if !margin(concept)
        && !claim_role
            .role
            .concept
            .as_ref()
            .is_some_and(|c| margin(c.as_str()))
    {
        return None;
    }
    let segment = inputs.iter().find(|i| i.segment_fact == Some(true))?;
    let company = inputs.iter().find(|i| i.segment_fact == Some(false))?;
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "{} is a segment's figure and {} the whole company's (by their tags): a margin is one line over another of the same business",
            segment.id, company.id
        ),
    ))
}

/// A metric over an average balance ("Return on average stockholders'
/// equity", "average total assets") computed from one balance: the role
/// says average, no operand is an average, and no balance is taken at two
/// dates (`(e1 + e0) / 2`). `formula_mismatch`.
fn average_unmet(claim_role: &ClaimRole, inputs: &[Input<'_>]) -> Option<Finding> {
    let says_average = |text: &str| {
        text.split(|c: char| !c.is_alphanumeric())
            .any(|w| w.eq_ignore_ascii_case("average") || w.eq_ignore_ascii_case("avg"))
    };
    if !says_average(&claim_role.text) {
        return None;
    }
    let balances: Vec<&Input<'_>> = inputs
        .iter()
        .filter(|i| matches!(i.period, Some(Period::Instant { .. })))
        .collect();
    if balances.is_empty()
        || inputs
            .iter()
            .any(|i| says_average(&i.label) || says_average(&i.words))
    {
        return None;
    }
    let averaged = balances.iter().any(|a| {
        balances
            .iter()
            .any(|b| a.concept.is_some() && a.concept == b.concept && a.period != b.period)
    });
    if averaged {
        return None;
    }
    let ids: Vec<&str> = balances.iter().map(|i| i.id).collect();
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim's role names an average balance, but {} is a balance at one date and no operand is an average or the same balance at another date: the calculation uses the closing balance",
            ids.join(", ")
        ),
    ))
}

/// A calculation over two companies' figures that does not say so: the
/// claim, with its operands' roles, does not name every company whose
/// figures it takes ("Revenue grew 7.7%" over Acme's 2024 revenue and
/// Birchwood's 2023). A comparison that names them ("Acme's revenue was
/// 1.8 times Birchwood's") is what it says.
fn companies_unnamed(claim_text: &str, operands: &[FormulaOperand<'_>]) -> Option<Finding> {
    let found = operand_companies(operands);
    let (first, other) = two_companies(&found)?;
    let texts: Vec<&str> = std::iter::once(claim_text)
        .chain(operands.iter().map(|o| o.role.text.as_str()))
        .collect();
    // Every word the claim and its operands' roles write, to find a
    // company's name in ("Harrow's" names Harrow Industries).
    let written: Vec<String> = texts
        .iter()
        .flat_map(|t| t.split(|c: char| !c.is_alphanumeric() && c != '&'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let said = |company: &str| {
        company
            .split(' ')
            .filter(|w| !matches!(*w, "the" | "and" | "&" | "of"))
            .any(|w| {
                written
                    .iter()
                    .any(|x| x == w || x.strip_suffix('s') == Some(w))
            })
    };
    if found.iter().all(|(_, company, _)| said(company)) {
        return None;
    }
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the calculation takes two companies' figures and the claim does not say so: {} is {}'s ({}), {} is {}'s ({})",
            first.0, first.1, first.2, other.0, other.1, other.2
        ),
    ))
}

/// An operand's id, its company and its cell's reference.
type OperandCompany<'o> = (&'o str, String, String);

/// Each operand's company, where its table names one.
fn operand_companies<'o>(operands: &'o [FormulaOperand<'_>]) -> Vec<OperandCompany<'o>> {
    operands
        .iter()
        .filter_map(|o| {
            let cell = o.cell?;
            Some((o.id, company_of(&cell)?, cell.reference().to_string()))
        })
        .collect()
}

/// The first operand's company and the first operand of another, when the
/// operands take two companies' figures.
fn two_companies<'f, 'o>(
    found: &'f [OperandCompany<'o>],
) -> Option<(&'f OperandCompany<'o>, &'f OperandCompany<'o>)> {
    let first = found.first()?;
    let other = found.iter().find(|(_, company, _)| *company != first.1)?;
    Some((first, other))
}

fn companies_differ(operands: &[FormulaOperand<'_>]) -> Option<Finding> {
    let found = operand_companies(operands);
    let (first, other) = two_companies(&found)?;
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim's role names a metric of one company, but its operands are two companies' figures: {} is {}'s ({}), {} is {}'s ({})",
            first.0, first.1, first.2, other.0, other.1, other.2
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::{Claim, Role};

    fn role(text: &str) -> ClaimRole {
        let claim = Claim {
            role: Some(Role::Text(text.to_string())),
            ..Claim::default()
        };
        super::super::role::read_claim(&claim, &Vocab::builtin())
    }

    fn run(claim: &str, calc: &str, ops: &[(&str, &str, &str)]) -> Vec<Finding> {
        let roles: Vec<ClaimRole> = ops.iter().map(|(_, _, r)| role(r)).collect();
        let operands: Vec<FormulaOperand<'_>> = ops
            .iter()
            .zip(&roles)
            .map(|((id, stated, _), role)| FormulaOperand {
                id,
                stated: stated.parse().unwrap(),
                role,
                cell: None,
            })
            .collect();
        let calc = Calc::parse(calc).unwrap();
        check(
            &role(claim),
            claim,
            false,
            &calc,
            &operands,
            &Vocab::builtin(),
        )
    }

    #[test]
    fn a_margin_must_be_its_numerator_over_revenue() {
        let cor = ("cor", "2520", "Cost of revenue 2024");
        let rev = ("rev", "4200", "Revenue 2024");
        let gp = ("gp", "1680", "Gross profit 2024");
        let wrong = run("gross margin FY2024", "cor / rev", &[cor, rev]);
        assert_eq!(wrong.len(), 1, "{wrong:?}");
        assert_eq!(wrong[0].code, Code::FormulaMismatch);
        assert!(
            wrong[0].message.contains("CostOfRevenue"),
            "{}",
            wrong[0].message
        );
        assert!(run("gross margin FY2024", "(rev - cor) / rev", &[rev, cor]).is_empty());
        assert!(run("gross margin FY2024", "gp / rev", &[gp, rev]).is_empty());
        assert!(run("gross margin FY2024", "gp / rev * 100", &[gp, rev]).is_empty());
        assert!(run("gross margin FY2024", "1 - cor / rev", &[cor, rev]).is_empty());
        // A cost stated negative, as the statement prints it, is added.
        let neg = ("cor", "-2520", "Cost of revenue 2024");
        assert!(run("gross margin FY2024", "(rev + cor) / rev", &[rev, neg]).is_empty());
        assert_eq!(
            run("gross margin FY2024", "(rev - cor) / rev", &[rev, neg]).len(),
            1
        );
        let oi = ("oi", "602", "Operating income 2024");
        assert_eq!(run("net margin 2024", "oi / rev", &[oi, rev]).len(), 1);
        assert!(run("operating margin 2024", "oi / rev", &[oi, rev]).is_empty());
        // Another year's revenue under a FY2024 margin.
        let rev23 = ("rev", "3900", "Revenue 2023");
        assert_eq!(
            run("operating margin 2024", "oi / rev", &[oi, rev23]).len(),
            1
        );
    }

    #[test]
    fn growth_compares_the_periods_the_claim_names() {
        let r24 = ("r24", "4200", "Revenue 2024");
        let r23 = ("r23", "3900", "Revenue 2023");
        let r22 = ("r22", "3560", "Revenue 2022");
        assert!(
            run(
                "revenue growth 2024 vs 2023",
                "(r24 - r23) / r23",
                &[r24, r23]
            )
            .is_empty()
        );
        assert!(run("revenue growth 2024", "(r24 - r23) / r23", &[r24, r23]).is_empty());
        assert!(run("revenue growth 2024 vs 2023", "r24 / r23 - 1", &[r24, r23]).is_empty());
        let wrong = run(
            "revenue growth 2024 vs 2023",
            "(r24 - r22) / r22",
            &[r24, r22],
        );
        assert_eq!(wrong.len(), 1);
        assert!(wrong[0].message.contains("FY2022"), "{}", wrong[0].message);
        // The wrong base.
        assert_eq!(
            run(
                "revenue growth 2024 vs 2023",
                "(r24 - r23) / r24",
                &[r24, r23]
            )
            .len(),
            1
        );
        let n24 = ("n24", "447", "Net income 2024");
        let n23 = ("n23", "380", "Net income 2023");
        assert!(run("net income growth 2024", "(n24 - n23) / n23", &[n24, n23]).is_empty());
        assert_eq!(
            run("net income growth 2024", "(r24 - r23) / r23", &[r24, r23]).len(),
            1
        );
    }

    #[test]
    fn a_qualified_metric_needs_qualified_operands() {
        let r24 = ("r24", "4200", "Revenue 2024");
        let r23 = ("r23", "3900", "Revenue 2023");
        let calc = "(r24 - r23) / r23";
        let wrong = run("organic revenue growth 2024", calc, &[r24, r23]);
        assert_eq!(wrong.len(), 1, "{wrong:?}");
        assert_eq!(wrong[0].code, Code::FormulaMismatch);
        assert!(wrong[0].message.contains("organic"), "{}", wrong[0].message);
        let o24 = ("r24", "4100", "Organic revenue 2024");
        let o23 = ("r23", "3900", "Organic revenue 2023");
        assert!(run("organic revenue growth 2024", calc, &[o24, o23]).is_empty());
        assert!(run("revenue growth 2024", calc, &[r24, r23]).is_empty());
        let oi = ("oi", "602", "Adjusted operating income 2024");
        let rev = ("rev", "4200", "Revenue 2024");
        assert!(run("adjusted operating margin 2024", "oi / rev", &[oi, rev]).is_empty());
        let oi = ("oi", "602", "Operating income 2024");
        assert_eq!(
            run("adjusted operating margin 2024", "oi / rev", &[oi, rev]).len(),
            1
        );
    }

    #[test]
    fn a_decline_is_on_the_earlier_base() {
        let i23 = ("i23", "5106", "Interest expense Q3 2023");
        let i24 = ("i24", "4812", "Interest expense Q3 2024");
        let claim = "interest expense decline Q3 2024 vs Q3 2023";
        assert!(run(claim, "(i23 - i24) / i23", &[i23, i24]).is_empty());
        assert_eq!(run(claim, "(i23 - i24) / i24", &[i23, i24]).len(), 1);
        // A FinQA program, its literals matched to the operands.
        assert!(run(claim, "subtract(5106, 4812), divide(#0, 5106)", &[i23, i24]).is_empty());
    }

    #[test]
    fn ratios_and_cash_flow_metrics() {
        let ca = ("ca", "1963", "Total current assets Dec 31 2024");
        let cl = ("cl", "863", "Total current liabilities Dec 31 2024");
        assert!(run("current ratio December 31, 2024", "ca / cl", &[ca, cl]).is_empty());
        assert_eq!(
            run("current ratio December 31, 2024", "cl / ca", &[ca, cl]).len(),
            1
        );
        let cfo = (
            "cfo",
            "626",
            "Net cash provided by operating activities 2024",
        );
        let capex = ("capex", "-210", "Purchases of property and equipment 2024");
        assert!(run("free cash flow 2024", "cfo + capex", &[cfo, capex]).is_empty());
        let tax = ("tax", "119", "Provision for income taxes 2024");
        let pti = ("pti", "566", "Income before income taxes 2024");
        let ni = ("ni", "447", "Net income 2024");
        assert!(run("effective tax rate 2024", "tax / pti", &[tax, pti]).is_empty());
        assert_eq!(
            run("effective tax rate 2024", "tax / ni", &[tax, ni]).len(),
            1
        );
    }

    #[test]
    fn a_role_naming_no_metric_is_not_judged() {
        let rd = ("rd", "490", "R&D 2024");
        let rev = ("rev", "4200", "Revenue 2024");
        assert!(
            run(
                "R&D as a percentage of revenue, 2024",
                "rd / rev",
                &[rd, rev]
            )
            .is_empty()
        );
        assert!(run("Total of the two lines, 2024", "rd + rev", &[rd, rev]).is_empty());
        // A role naming one line, computed as that line and another added.
        assert_eq!(run("Revenue 2024", "rd + rev", &[rd, rev]).len(), 1);
        assert!(run("Revenue and R&D, 2024", "rd + rev", &[rd, rev]).is_empty());
    }

    #[test]
    fn years_before() {
        let q3 = crate::period::parse_period(
            "Three Months Ended September 30, 2024",
            Default::default(),
        )
        .unwrap();
        let before = year_before(&q3).unwrap();
        assert_eq!(before.to_string(), "3M ended 2023-09-30");
        assert_eq!(
            year_before(&Period::fiscal_year(2024)),
            Some(Period::fiscal_year(2023))
        );
    }
}
