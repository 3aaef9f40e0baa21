//! Check 5, arithmetic: a calculation claim's `calc` is recomputed in
//! `Decimal` from its operands' stated values (in base units) and compared
//! with the claim's stated result within the rounding it wrote. Each operand
//! is checked against its own cell like a claim, so a wrong pointer and wrong
//! arithmetic are told apart. Whether the calculation is the metric its role
//! names is the formula half of this check (`formula.rs`).
//!
//! How the result is compared: a percentage claim ("7.2%") against the
//! result × 100; a claim with a scale word ("$300 million") against the
//! result in base units; a plain number against the result as a ratio, or in
//! the units of the first operand's table — whichever the claim can mean.
//!
//! Rounded operands: an operand written "$4 billion" stands for anything
//! from $3.5 to $4.5 billion. The stated result must lie in the range the
//! calculation takes over its operands' written rounding (found at the
//! corners of that box, for up to [`MAX_CORNER_OPERANDS`] operands), and —
//! when every operand was checked against a numeric cell — the result
//! recomputed from the cells' own values (each with the sign its operand
//! states) must be the stated result within its rounding: "$4 billion" and
//! "$4 billion" giving 0% growth do not launder cells that give 7.7%.
//!
//! What a calculation may be made of: operand ids, and constants. A FinQA
//! program's number that matches no operand's stated value is a
//! `formula_mismatch` (the program computes with a number nobody cited),
//! unless it is a conventional constant ([`is_constant`]); so is an
//! expression of constants only.

use rust_decimal::Decimal;

use super::value::within;
use super::{Check, Code, CodeDoc, Finding, Route};
use crate::answer::calc::{self, Calc, CalcError, Evaluation, Operand};
use crate::model::Amount;

/// The codes of this check, documented.
pub const DOCS: &[CodeDoc] = &[CodeDoc {
    code: Code::ArithmeticMismatch,
    check: Check::Arithmetic,
    what: "Recomputing the claim's calculation from its operands' stated values gives a result outside the rounding the claim wrote (\"7.7%\" covers 7.65–7.75%), over every value the operands' own rounding allows; or the cited cells' own values give a result outside it (coarse operands — \"$4 billion\" and \"$4 billion\" giving 0% growth — do not launder cells that give 7.7%). Also raised when the calculation cannot be evaluated (an unknown operand, division by zero), and when a claim with no calculation states a change of the two cells it cites — its role names the change (\"Net sales increase, 2024 vs 2023\", \"Revenue growth, 2024\"), the cites are the line's levels at the change's two periods — and the change between them (a percentage over the earlier level's size) is not the stated value at its rounding; a role's rise or fall word the line did not make is `sign_flip` there, a sentence's (\"worsened by\") `contradicted`; and when a claim with no calculation states a metric of `metrics.toml` over the cells it cites (\"Gross margin, FY2021\" citing gross profit and net sales), the cells are exactly one of the metric's formulas' inputs (each of the input's concept, at the claim's period, of one report, with no qualifier the claim leaves out), and the formula does not give the stated value at its rounding. Cells that are no formula's inputs leave the claim to the value and role checks at each cite.",
    why: "Every input can be cited correctly and the arithmetic still be wrong; only recomputing shows it, and it costs no model call.",
    example: "\"Revenue grew 8.2% in 2024\" with calc `(r24 - r23) / r23` over 4,200 and 3,900 (7.69%).",
    route: "reanswer.",
}];

/// The most operands whose rounding box is searched corner by corner
/// (2^n evaluations); with more, the stated values alone are used.
pub const MAX_CORNER_OPERANDS: usize = 8;

/// One operand as the arithmetic sees it.
#[derive(Debug, Clone)]
pub struct Input<'a> {
    /// Its id in the calculation.
    pub id: &'a str,
    /// The amount it states.
    pub stated: Option<Amount>,
    /// The scale of the table it resolved to (a plain stated amount is in
    /// those units).
    pub unit_scale: Option<Decimal>,
    /// Its role text, searched by `table_*` selectors.
    pub role: String,
    /// The value of the cell it was checked against, in base units, with
    /// the sign the operand states (a cost shown (2,520) and stated 2,520
    /// is 2,520): `None` when it resolved to no numeric cell.
    pub cell: Option<Decimal>,
}

/// A stated amount in base units: its scale word, else the cited table's
/// scale (a percentage as a fraction).
pub fn base_value(stated: &Amount, table_scale: Option<Decimal>) -> Option<Decimal> {
    if let Some(scale) = stated.scale() {
        return stated.value.checked_mul(scale);
    }
    if stated.percent {
        return stated.value.checked_div(Decimal::ONE_HUNDRED);
    }
    stated
        .value
        .checked_mul(table_scale.unwrap_or(Decimal::ONE))
}

/// Half a unit of an amount's last written digit, in base units.
fn half_in_base(stated: &Amount, table_scale: Option<Decimal>) -> Option<Decimal> {
    let half = Decimal::new(5, stated.decimals.saturating_add(1).min(28));
    base_value(
        &Amount {
            value: half,
            ..*stated
        },
        table_scale,
    )
    .map(|h| h.abs())
}

/// Numbers a FinQA program may write without citing them: powers of ten,
/// the counts of averaging and annualising (2, 3, 4, 12, 360, 365) and the
/// roots of compounding over them (0.5, 0.25, 0.2: `exp(#0, 0.5)`).
pub fn is_constant(value: Decimal) -> bool {
    let v = value.abs().normalize();
    if [2, 3, 4, 12, 360, 365]
        .iter()
        .any(|c| v == Decimal::from(*c))
        || [Decimal::new(5, 1), Decimal::new(25, 2), Decimal::new(2, 1)].contains(&v)
    {
        return true;
    }
    // 1, 10, 100, … and 0.1, 0.01, …
    let text = v.to_string();
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    digits.trim_matches('0') == "1"
}

/// The calculation, read; or the finding that it cannot be.
pub fn parse(calc_text: &str, max_calc_bytes: usize) -> Result<Calc, Box<Finding>> {
    Calc::parse_within(calc_text, max_calc_bytes).map_err(|e| {
        let raise = if matches!(e, CalcError::TooLong { .. }) {
            "; raise --max-calc-bytes to check it"
        } else {
            ""
        };
        Box::new(Finding::new(
            Code::ArithmeticMismatch,
            Route::Reanswer,
            format!(
                "the calculation {:?} cannot be read: {e}{raise}",
                calc::clip(calc_text)
            ),
        ))
    })
}

/// The arithmetic findings of a calculation claim: what it is made of, and
/// its result against `stated` (when the claim states one).
pub fn check(
    calc: &Calc,
    written: &str,
    stated: Option<&Amount>,
    inputs: &[Input<'_>],
) -> Vec<Finding> {
    let calc_text = calc.source().trim();
    let operands: Vec<Operand<'_>> = inputs
        .iter()
        .filter_map(|input| {
            let stated = input.stated.as_ref()?;
            Some(Operand {
                id: input.id,
                stated: stated.value,
                base: base_value(stated, input.unit_scale)?,
                role: input.role.as_str(),
            })
        })
        .collect();
    // Its printed steps are built only for a finding that shows them.
    let evaluation = match calc.evaluate_untraced(&operands) {
        Ok(evaluation) => evaluation,
        Err(e) => {
            return vec![Finding::new(
                Code::ArithmeticMismatch,
                Route::Reanswer,
                format!("the calculation {calc_text:?} cannot be evaluated: {e}"),
            )];
        }
    };
    let mut findings = Vec::new();
    if let Some(finding) = made_of(calc, &evaluation, inputs) {
        findings.push(finding);
    }
    let Some(stated) = stated else {
        return findings;
    };
    // A change in percentage points is the difference of two percentages,
    // in their units: a calculation that divides them (a relative change)
    // computes another number.
    let linear = in_operands_units(calc, &operands);
    let of_percentages = inputs.iter().all(|i| i.stated.is_some_and(|s| s.percent));
    if in_points(written)
        && ((of_percentages && linear == Some(false))
            || relative_change(calc, &operands, calc_text) == Some(true))
    {
        findings.push(Finding::new(
            Code::FormulaMismatch,
            Route::Reanswer,
            format!(
                "the claim states {written}, a change in percentage points, which is the difference of two percentages, but {calc_text} is a ratio of them (a relative change, in percent)"
            ),
        ));
        return findings;
    }
    // A result "× 100" is in percent already ("multiply(#0, const_100)" of
    // a claim of "10.6%").
    let percent_number = Amount {
        percent: false,
        ..*stated
    };
    // A result "× 10,000" is in basis points already ("(g1 / s1 - g0 / s0)
    // * 10000" of a claim of "102 bps", read as 1.02%).
    let basis_number = stated
        .value
        .checked_mul(Decimal::ONE_HUNDRED)
        .map(|value| Amount {
            value,
            decimals: stated.decimals.saturating_sub(2),
            percent: false,
            ..*stated
        });
    let stated = if let Some(basis) = basis_number.as_ref().filter(|_| {
        stated.percent
            && crate::check::value::points_unit(written.trim()).is_some_and(|(_, basis)| basis)
            && times_10000(calc_text)
    }) {
        basis
    } else if stated.percent && times_100(calc_text) {
        &percent_number
    } else {
        stated
    };
    // A plain number is read in the cited table's units only when the
    // result is in them: a ratio of two amounts (revenue per customer) is
    // not in thousands.
    let unit_scale = inputs
        .iter()
        .find_map(|i| i.unit_scale)
        .filter(|_| linear != Some(false));
    let point_ok = result_matches(stated, evaluation.value, unit_scale);
    let range_ok = point_ok || range_reaches(calc, stated, inputs, &operands, unit_scale);
    if !range_ok {
        findings.push(Finding::new(
            Code::ArithmeticMismatch,
            Route::Reanswer,
            format!(
                "the claim states {written}, but {calc_text} over the operands' stated values gives {} ({})",
                shown(stated, evaluation.value),
                steps(calc, &operands)
            ),
        ));
        return findings;
    }
    // The cited cells' own values, when every operand has one.
    let cells: Option<Vec<Operand<'_>>> = inputs
        .iter()
        .map(|input| {
            Some(Operand {
                id: input.id,
                stated: input.stated.as_ref()?.value,
                base: input.cell?,
                role: input.role.as_str(),
            })
        })
        .collect();
    if let Some(cells) = cells
        && !cells.is_empty()
        && let Ok(from_cells) = calc.value(&cells)
        && !result_matches(stated, from_cells, unit_scale)
    {
        // The stated operands reach the claim only over their rounding
        // intervals: say so when their point result is the cells' too.
        let message = if point_ok {
            format!(
                "the claim states {written}; {calc_text} over the operands as stated gives {}, but over the cited cells' own values it gives {} ({}): the operands are rounded too coarsely to carry the result",
                shown(stated, evaluation.value),
                shown(stated, from_cells),
                steps(calc, &cells)
            )
        } else {
            format!(
                "the claim states {written}, but {calc_text} over the cited cells' own values gives {} ({}); only the operands' written rounding could reach the claim",
                shown(stated, from_cells),
                steps(calc, &cells)
            )
        };
        findings.push(Finding::new(
            Code::ArithmeticMismatch,
            Route::Reanswer,
            message,
        ));
    }
    findings
}

/// A cell's value in base units with the sign its claim states (a cost
/// shown (2,520) and stated 2,520 is 2,520; a percentage as a fraction).
pub fn cell_in_base(cell: &crate::model::Cell<'_>, stated: &Amount) -> Option<Decimal> {
    let base = if cell.percent() {
        cell.value().checked_div(Decimal::ONE_HUNDRED)?
    } else {
        cell.value_base()?
    };
    Some(if stated.value.is_sign_negative() {
        -base.abs()
    } else {
        base.abs()
    })
}

/// Whether a value is written in percentage points or basis points.
fn in_points(written: &str) -> bool {
    let lower = written.to_lowercase();
    [
        "percentage point",
        "percent point",
        "basis point",
        "ppt",
        "bps",
    ]
    .iter()
    .any(|w| lower.contains(w))
        || lower.trim_end().ends_with("pp")
}

/// Whether a calculation multiplies by ten thousand ("* 10000", "const_10000").
fn times_10000(calc_text: &str) -> bool {
    static TEN_THOUSAND: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(
        || {
            regex::Regex::new(
                r"(?i)const_10000\b|\*\s*10,?000(?:\.0*)?\b|\b10,?000(?:\.0*)?\s*\*|multiply\([^)]*\b10,?000\b",
            )
            .ok()
        },
    );
    TEN_THOUSAND.as_ref().is_some_and(|r| r.is_match(calc_text))
}

/// Whether a calculation multiplies by a hundred ("const_100", "* 100").
fn times_100(calc_text: &str) -> bool {
    static HUNDRED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)const_100\b|\*\s*100(?:\.0*)?\b|\b100(?:\.0*)?\s*\*|multiply\([^)]*\b100\b",
        )
        .ok()
    });
    HUNDRED.as_ref().is_some_and(|r| r.is_match(calc_text))
}

/// Whether the result is in the operands' own units: it doubles when every
/// operand doubles (a sum, a difference), where a ratio of them stays (a
/// margin, a growth, an amount per customer). `None` when it cannot be
/// told (no operand, or an evaluation fails).
pub(crate) fn in_operands_units(calc: &Calc, operands: &[Operand<'_>]) -> Option<bool> {
    if operands.is_empty() {
        return None;
    }
    let at = |factor: Decimal| {
        let scaled: Vec<Operand<'_>> = operands
            .iter()
            .map(|o| {
                // The stated number stays: FinQA literals are matched to it.
                Some(Operand {
                    base: o.base.checked_mul(factor)?,
                    ..*o
                })
            })
            .collect::<Option<_>>()?;
        calc.value(&scaled).ok()
    };
    let once = at(Decimal::ONE)?;
    let twice = at(Decimal::TWO)?;
    if once.is_zero() {
        return None;
    }
    let doubled = once.checked_mul(Decimal::TWO)?;
    let close = |a: Decimal, b: Decimal| {
        (a - b).abs() <= a.abs().max(b.abs()).max(Decimal::ONE) * Decimal::new(1, 12)
    };
    Some(close(twice, doubled))
}

/// Whether a calculation gives a result in its operands' units (a sum or
/// a difference, not a ratio), with every operand a probe value and no
/// FinQA literal read as one (they stay constants).
pub fn sum_or_difference(calc: &Calc, inputs: &[Input<'_>]) -> bool {
    let probes: Vec<Operand<'_>> = inputs
        .iter()
        .zip(2i64..)
        .map(|(input, k)| Operand {
            id: input.id,
            stated: Decimal::ZERO,
            base: Decimal::from(k),
            role: "",
        })
        .collect();
    in_operands_units(calc, &probes) == Some(true)
}

/// A change stated in percent ("operating margin rose 0.4%") whose
/// calculation is the difference of two percentages ("6.6% - 5.9%") or of
/// two ratios ("oi1 / rev1 - oi0 / rev0"): that difference is in
/// percentage points, and "0.4%" says a relative change it does not
/// compute. `formula_mismatch`. The caller says whether the claim names a
/// change; a level that is a difference of percentages ("gross margin less
/// operating margin") is not one.
pub fn points_stated_as_percent(
    calc: &Calc,
    written: &str,
    stated: &Amount,
    inputs: &[Input<'_>],
) -> Option<Finding> {
    if !stated.percent
        || in_points(written)
        || crate::check::value::points_unit(written.trim()).is_some()
    {
        return None;
    }
    let calc_text = calc.source().trim();
    let at = |step: i64, from: i64| -> Vec<Operand<'_>> {
        inputs
            .iter()
            .zip(0i64..)
            .map(|(input, k)| Operand {
                id: input.id,
                stated: input.stated.map_or(Decimal::ZERO, |s| s.value),
                base: Decimal::from(k.saturating_mul(step).saturating_add(from)),
                role: &input.role,
            })
            .collect()
    };
    let sets = [at(7, 3), at(11, 5)];
    let value = |ops: &[Operand<'_>]| calc.value(ops).ok();
    let same = |a: Decimal, b: Decimal| {
        nearly(a, b)
            || b.checked_mul(Decimal::ONE_HUNDRED)
                .is_some_and(|b| nearly(a, b))
    };
    let base = |ops: &[Operand<'_>], k: usize| ops.get(k).map(|o| o.base);
    // The calculation is, at both probe sets, `x - y` of two percentages,
    // or `a / b - c / d` of four amounts.
    let difference = match inputs.len() {
        2 if inputs.iter().all(|i| i.stated.is_some_and(|s| s.percent)) => {
            [(0, 1), (1, 0)].iter().any(|&(x, y)| {
                sets.iter().all(|ops| {
                    let want = base(ops, x).zip(base(ops, y)).map(|(x, y)| x - y);
                    want.zip(value(ops)).is_some_and(|(w, v)| same(v, w))
                })
            })
        }
        4 => {
            let orders = [(0, 1, 2, 3), (2, 3, 0, 1), (0, 2, 1, 3), (1, 3, 0, 2)];
            orders.iter().any(|&(a, b, c, d)| {
                sets.iter().all(|ops| {
                    let ratio = |n: usize, m: usize| base(ops, n)?.checked_div(base(ops, m)?);
                    let want = ratio(a, b).zip(ratio(c, d)).map(|(r, q)| r - q);
                    want.zip(value(ops)).is_some_and(|(w, v)| same(v, w))
                })
            })
        }
        _ => false,
    };
    if !difference {
        return None;
    }
    Some(Finding::new(
        Code::FormulaMismatch,
        Route::Reanswer,
        format!(
            "the claim states {}, a relative change in percent, but {calc_text} is the difference of two percentages: a change in percentage points (write it in points, or compute the relative change)",
            written.trim()
        ),
    ))
}

/// Whether a calculation is a relative change: one plus its result (over a
/// hundred or ten thousand when it multiplies by them) is a product of
/// powers of its operands ("a / b - 1", "(a - b) / b", "(g1 / r1) / (g0 /
/// r0) - 1"), which doubling any one operand multiplies by a power of two.
/// A difference of two ratios ("g1 / r1 - g0 / r0", a change in points) is
/// not. `None` when it cannot be told.
fn relative_change(calc: &Calc, operands: &[Operand<'_>], calc_text: &str) -> Option<bool> {
    if operands.is_empty() || operands.len() > 8 {
        return None;
    }
    let per = if times_10000(calc_text) {
        Decimal::new(10_000, 0)
    } else if times_100(calc_text) {
        Decimal::ONE_HUNDRED
    } else {
        Decimal::ONE
    };
    let powers: Vec<Decimal> = (-3..=3)
        .map(|k: i32| {
            if k >= 0 {
                Decimal::from(1i64 << k)
            } else {
                Decimal::ONE / Decimal::from(1i64 << -k)
            }
        })
        .collect();
    let mut moved = false;
    for ratio in doubling_ratios(calc, operands, per)? {
        let Some(power) = powers.iter().find(|p| nearly(ratio, **p)) else {
            return Some(false);
        };
        moved |= *power != Decimal::ONE;
    }
    Some(moved)
}

/// How one plus a calculation's result (over `per`: a hundred for a
/// result in percent) moves when each operand in turn doubles: the ratio
/// for each, in order. A relative change (`a / b - 1`) moves by powers of
/// two, a compound rate (`(a / b) ^ (1/2) - 1`) by roots of two, a
/// difference of ratios by neither. `None` when an evaluation fails or one
/// plus the result is zero.
pub(crate) fn doubling_ratios(
    calc: &Calc,
    operands: &[Operand<'_>],
    per: Decimal,
) -> Option<Vec<Decimal>> {
    let at = |doubled: Option<usize>| -> Option<Decimal> {
        let scaled: Vec<Operand<'_>> = operands
            .iter()
            .enumerate()
            .map(|(i, o)| {
                Some(Operand {
                    base: if Some(i) == doubled {
                        o.base.checked_mul(Decimal::TWO)?
                    } else {
                        o.base
                    },
                    ..*o
                })
            })
            .collect::<Option<_>>()?;
        calc.value(&scaled)
            .ok()?
            .checked_div(per)?
            .checked_add(Decimal::ONE)
    };
    let once = at(None).filter(|v| !v.is_zero())?;
    (0..operands.len())
        .map(|i| at(Some(i))?.checked_div(once))
        .collect()
}

/// Whether two ratios are equal to nine decimal places (the doubling
/// probes' powers and roots of two).
pub(crate) fn nearly(a: Decimal, b: Decimal) -> bool {
    a.checked_sub(b)
        .is_some_and(|d| d.abs() <= Decimal::new(1, 9))
}

/// The printed steps of `calc` over `operands`, for a finding's message.
fn steps(calc: &Calc, operands: &[Operand<'_>]) -> String {
    calc.evaluate(operands)
        .map(|e| e.steps.join("; "))
        .unwrap_or_default()
}

/// A FinQA number that matches no operand, or an expression of constants.
fn made_of(calc: &Calc, evaluation: &Evaluation, inputs: &[Input<'_>]) -> Option<Finding> {
    let stated = || -> Vec<String> {
        inputs
            .iter()
            .filter_map(|i| {
                Some(format!(
                    "{} = {}",
                    i.id,
                    i.stated.as_ref()?.value.normalize()
                ))
            })
            .collect()
    };
    let stray: Vec<String> = evaluation
        .unmatched_literals
        .iter()
        .filter(|v| !is_constant(**v))
        .map(|v| v.normalize().to_string())
        .collect();
    if !stray.is_empty() {
        return Some(Finding::new(
            Code::FormulaMismatch,
            Route::Reanswer,
            format!(
                "the calculation {:?} computes with {} that no operand states (the operands state {}): a number nobody cited",
                calc::clip(calc.source()),
                stray.join(", "),
                match stated() {
                    stated if stated.is_empty() => "nothing".to_string(),
                    stated => stated.join(", "),
                }
            ),
        ));
    }
    if evaluation.operands_used.is_empty() {
        return Some(Finding::new(
            Code::FormulaMismatch,
            Route::Reanswer,
            format!(
                "the calculation {:?} uses none of the claim's operands: it is made of constants only, so no cited number goes into it",
                calc::clip(calc.source())
            ),
        ));
    }
    None
}

/// Whether the stated result's interval meets the range the calculation
/// takes over the operands' rounding (the corners of the box).
fn range_reaches(
    calc: &Calc,
    stated: &Amount,
    inputs: &[Input<'_>],
    operands: &[Operand<'_>],
    unit_scale: Option<Decimal>,
) -> bool {
    let halves: Vec<Decimal> = inputs
        .iter()
        .filter_map(|input| {
            let stated = input.stated.as_ref()?;
            base_value(stated, input.unit_scale)?;
            half_in_base(stated, input.unit_scale)
        })
        .collect();
    if halves.len() != operands.len() || operands.len() > MAX_CORNER_OPERANDS {
        return false;
    }
    let mut low: Option<Decimal> = None;
    let mut high: Option<Decimal> = None;
    for corner in 0u32..(1 << operands.len()) {
        let moved: Vec<Operand<'_>> = operands
            .iter()
            .zip(&halves)
            .enumerate()
            .map(|(k, (op, half))| Operand {
                base: if corner & (1 << k) == 0 {
                    op.base - *half
                } else {
                    op.base + *half
                },
                ..*op
            })
            .collect();
        let Ok(value) = calc.value(&moved) else {
            // A corner where a divisor crosses zero: no range to speak of.
            return false;
        };
        low = Some(low.map_or(value, |l| l.min(value)));
        high = Some(high.map_or(value, |h| h.max(value)));
    }
    let (Some(low), Some(high)) = (low, high) else {
        return false;
    };
    // The stated interval [s − h, s + h] against [low, high], in the unit
    // the claim can mean (percent, base units, ratio or table units).
    let half = Decimal::new(5, stated.decimals.saturating_add(1).min(28));
    let meets = |s: Decimal, h: Decimal, lo: Decimal, hi: Decimal| s - h <= hi && lo <= s + h;
    if stated.percent {
        return match (
            low.checked_mul(Decimal::ONE_HUNDRED),
            high.checked_mul(Decimal::ONE_HUNDRED),
        ) {
            (Some(lo), Some(hi)) => meets(stated.value, half, lo, hi),
            _ => false,
        };
    }
    if let Some(scale) = stated.scale() {
        return match (stated.value.checked_mul(scale), half.checked_mul(scale)) {
            (Some(s), Some(h)) => meets(s, h, low, high),
            _ => false,
        };
    }
    meets(stated.value, half, low, high)
        || unit_scale.is_some_and(|scale| {
            match (stated.value.checked_mul(scale), half.checked_mul(scale)) {
                (Some(s), Some(h)) => meets(s, h, low, high),
                _ => false,
            }
        })
}

/// A result as the claim would write it ("7.69%" for a percentage claim).
fn shown(stated: &Amount, value: Decimal) -> String {
    if stated.percent {
        value
            .checked_mul(Decimal::ONE_HUNDRED)
            .map_or_else(String::new, |p| {
                format!("{}%", p.round_dp(stated.decimals + 2).normalize())
            })
    } else {
        crate::number::readable(value, 6)
    }
}

/// Whether a computed result (base units, or unitless for ratios) is the
/// stated amount within its rounding. `unit_scale` is the scale of the first
/// operand's table, for plain stated amounts.
pub fn result_matches(stated: &Amount, result: Decimal, unit_scale: Option<Decimal>) -> bool {
    let half = Decimal::new(5, stated.decimals.saturating_add(1).min(28));
    if stated.percent {
        return result
            .checked_mul(Decimal::ONE_HUNDRED)
            .is_some_and(|r| within(stated.value, half, r));
    }
    if let Some(scale) = stated.scale() {
        return match (stated.value.checked_mul(scale), half.checked_mul(scale)) {
            (Some(s), Some(h)) => within(s, h, result),
            _ => false,
        };
    }
    let as_ratio = within(stated.value, half, result);
    let as_amount = unit_scale.is_some_and(|scale| {
        match (stated.value.checked_mul(scale), half.checked_mul(scale)) {
            (Some(s), Some(h)) => within(s, h, result),
            _ => false,
        }
    });
    as_ratio || as_amount
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::value::parse_stated;

    fn value_of(text: &str) -> Amount {
        parse_stated(text).unwrap()
    }

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn results_compare_as_the_claim_wrote_them() {
        let growth = d("300000000") / d("3900000000");
        assert!(result_matches(&value_of("7.7%"), growth, None));
        assert!(!result_matches(&value_of("8.2%"), growth, None));
        assert!(result_matches(&value_of("0.077"), growth, None));
        assert!(result_matches(
            &value_of("$300 million"),
            d("300000000"),
            None
        ));
        assert!(result_matches(
            &value_of("300"),
            d("300000000"),
            Some(d("1000000"))
        ));
        assert!(!result_matches(
            &value_of("310"),
            d("300000000"),
            Some(d("1000000"))
        ));
    }

    fn input<'a>(id: &'a str, stated: &str, cell: Option<&str>) -> Input<'a> {
        Input {
            id,
            stated: Some(value_of(stated)),
            unit_scale: Some(Decimal::from(1_000_000)),
            role: String::new(),
            cell: cell.map(d),
        }
    }

    fn codes(calc: &str, stated: &str, inputs: &[Input<'_>]) -> Vec<Code> {
        let calc = Calc::parse(calc).unwrap();
        check(&calc, stated, Some(&value_of(stated)), inputs)
            .iter()
            .map(|f| f.code)
            .collect()
    }

    #[test]
    fn coarse_operands_do_not_launder_the_cells() {
        let r24 = input("r24", "$4 billion", Some("4200000000"));
        let r23 = input("r23", "$4 billion", Some("3900000000"));
        assert_eq!(
            codes("(r24 - r23) / r23", "0%", &[r24.clone(), r23.clone()]),
            [Code::ArithmeticMismatch]
        );
        // The true growth is within what the coarse operands allow, and the
        // cells give it: accepted.
        assert!(codes("(r24 - r23) / r23", "7.7%", &[r24, r23]).is_empty());
        // Exact operands: the stated result must be theirs.
        let e24 = input("r24", "4,200", Some("4200000000"));
        let e23 = input("r23", "3,900", Some("3900000000"));
        assert!(codes("(r24 - r23) / r23", "7.7%", &[e24.clone(), e23.clone()]).is_empty());
        assert_eq!(
            codes("(r24 - r23) / r23", "8.2%", &[e24, e23]),
            [Code::ArithmeticMismatch]
        );
    }

    #[test]
    fn numbers_nobody_cited_are_found() {
        let n24 = input("n24", "447", None);
        let n23 = input("n23", "380", None);
        assert!(
            codes(
                "subtract(447, 390), divide(#0, 390)",
                "14.6%",
                &[n24.clone(), n23.clone()]
            )
            .contains(&Code::FormulaMismatch)
        );
        assert!(
            codes(
                "subtract(447, 380), divide(#0, 380)",
                "17.6%",
                &[n24.clone(), n23.clone()]
            )
            .is_empty()
        );
        // A conventional constant is not a stray number.
        assert!(
            codes(
                "subtract(447, 380), divide(#0, 380), multiply(#1, 100)",
                "17.6",
                &[n24.clone(), n23.clone()]
            )
            .is_empty()
        );
        assert_eq!(
            codes("4200 / 3900 - 1", "7.7%", &[n24.clone(), n23.clone()]),
            [Code::FormulaMismatch]
        );
        assert!(codes("n24 / n23 * 100 - 100", "17.6", &[n24, n23]).is_empty());
    }

    #[test]
    fn constants() {
        for c in [
            "1", "10", "100", "1000000", "0.01", "2", "12", "365", "0.5", "0.25",
        ] {
            assert!(is_constant(d(c)), "{c}");
        }
        for c in ["390", "181315", "5", "110", "0.3", "0.75"] {
            assert!(!is_constant(d(c)), "{c}");
        }
    }
}
