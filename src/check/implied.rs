//! Check 5, arithmetic, for a change a claim states over the cells it cites
//! without writing the calculation: "Industrial net sales increased $179.6
//! million" citing the line's 2024 and 2023 cells, "revenue grew 7.7%
//! [IS!B7, IS!C7]".
//!
//! The claim's role names the change (its measure, and the change's two
//! periods or a word of change alone: "Net sales increase, 2024 vs 2023",
//! "decline in diluted EPS"); two of its cited cells must be that measure's
//! levels, at the later and at the earlier period (with no period named, a
//! line's two cells a year apart), each fitting the role's measure as a
//! level role would. Then the stated value is held to the change between
//! them at the claim's written rounding — a percentage over the earlier
//! level's size — and to the way the role's word says the line moved (a
//! line's way is by size, as a change cell's: an outflow that shrank fell).
//! Cites that are no such pair leave the claim to the value and role checks
//! at each cite, as before: nothing is taken on trust.

use rust_decimal::Decimal;

use super::arithmetic::result_matches;
use super::movement::{self, Movement};
use super::role::{self, ClaimRole};
use super::{Code, Finding, Route};
use crate::model::{Amount, Cell, Period, RoleUnit};
use crate::vocab::Vocab;

/// The most cited cells searched for a pair (the pairs grow as its square).
const MAX_CELLS: usize = 8;

/// The two cited cells a change is computed from.
#[derive(Debug, Clone, Copy)]
pub struct Levels<'a> {
    /// The measure at the change's later period.
    pub now: Cell<'a>,
    /// The measure at its earlier period.
    pub then: Cell<'a>,
    /// Their cites, as the claim wrote them.
    pub now_cite: &'a str,
    /// The earlier level's cite.
    pub then_cite: &'a str,
}

/// The one pair of `cells` (each with its cite) that are `change`'s measure
/// at its later and earlier periods, if exactly one pair is. `plain` is the
/// role read as written: a row it names as a whole ("Change in fair value
/// of derivatives") is that line, not a change of another.
pub fn levels<'a>(
    plain: &ClaimRole,
    change: &ClaimRole,
    cells: &[(&'a str, Cell<'a>)],
    vocab: &Vocab,
) -> Option<Levels<'a>> {
    if cells.len() < 2 || cells.len() > MAX_CELLS {
        return None;
    }
    let mut pairs = pairs(plain, change, cells, vocab, 2).into_iter();
    match (pairs.next(), pairs.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

/// The most cells of a table cited whole searched for a change's levels.
const MAX_TABLE_CELLS: usize = 2_000;

/// The one pair of a table's cells (cited whole as `cite`) that are
/// `change`'s measure at its later and earlier periods, if exactly one pair
/// is: "Revenue grew 7.7% [IS]" over the statement's two revenue cells.
/// Two pairs (two lines, two sets of columns the role fits) are none.
pub fn levels_in<'a>(
    plain: &ClaimRole,
    change: &ClaimRole,
    cite: &'a str,
    cells: impl Iterator<Item = Cell<'a>>,
    vocab: &Vocab,
) -> Option<Levels<'a>> {
    let cells: Vec<(&'a str, Cell<'a>)> =
        cells.take(MAX_TABLE_CELLS + 1).map(|c| (cite, c)).collect();
    // Past the bound a second pair could hide: none is taken.
    if cells.len() > MAX_TABLE_CELLS {
        return None;
    }
    let mut pairs = pairs(plain, change, &cells, vocab, 2).into_iter();
    match (pairs.next(), pairs.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

/// The pairs of `cells` that are `change`'s measure at its later and
/// earlier periods, as [`levels`] reads them, up to `most` pairs.
pub fn pairs<'a>(
    plain: &ClaimRole,
    change: &ClaimRole,
    cells: &[(&'a str, Cell<'a>)],
    vocab: &Vocab,
    most: usize,
) -> Vec<Levels<'a>> {
    let Some(Period::Change { from, to, .. }) = change.role.periods.first() else {
        return Vec::new();
    };
    let level = |period: Option<&Period>| {
        let mut level = change.clone();
        level.role.periods = period.into_iter().cloned().collect();
        if matches!(level.role.unit, Some(RoleUnit::Percent)) {
            level.role.unit = None;
        }
        level.sentence_periods.clear();
        level.as_change = None;
        level.role_way = None;
        level
    };
    let (later, earlier) = (level(to.as_deref()), level(from.as_deref()));
    let dated = to.is_some() && from.is_some();
    // A level: a number of no change column, not a percentage (a margin's
    // change in points is another claim).
    let is_level = |cell: &Cell<'_>| {
        !cell.percent()
            && cell.value_base().is_some()
            && !role::row_names_role(plain, cell)
            && movement::change_period(cell, vocab).is_none()
    };
    let fits = |claim: &ClaimRole, cell: &Cell<'_>| {
        role::fit(claim, cell, role::roles_of(cell.table(), vocab)).adequate()
    };
    let period_of = |cell: &Cell<'_>| {
        role::cell_periods(cell, role::roles_of(cell.table(), vocab))
            .into_iter()
            .next()
    };
    let mut found = Vec::new();
    for (i, (now_cite, now)) in cells.iter().enumerate() {
        if !is_level(now) || !fits(&later, now) {
            continue;
        }
        for (j, (then_cite, then)) in cells.iter().enumerate() {
            if i == j || !is_level(then) || !fits(&earlier, then) {
                continue;
            }
            // With no period named, the line's two cells a year apart.
            let apart = dated
                || period_of(now)
                    .zip(period_of(then))
                    .is_some_and(|(n, t)| movement::a_year_before(&t, &n));
            if !apart {
                continue;
            }
            if found.len() >= most {
                return found;
            }
            found.push(Levels {
                now: *now,
                then: *then,
                now_cite,
                then_cite,
            });
        }
    }
    found
}

/// The findings on a stated change over its two levels: none when the
/// value is the change at its written rounding and the line moved the way
/// the role says.
pub fn check(
    change: &ClaimRole,
    stated: &Amount,
    written: &str,
    levels: &Levels<'_>,
    vocab: &Vocab,
) -> Vec<Finding> {
    let Levels {
        now,
        then,
        now_cite,
        then_cite,
    } = *levels;
    let (Some(now_v), Some(then_v)) = (now.value_base(), then.value_base()) else {
        return Vec::new();
    };
    let difference = now_v - then_v;
    let result = if stated.percent {
        match difference.checked_div(then_v.abs()) {
            Some(ratio) => ratio,
            None => {
                return vec![
                    Finding::new(
                        Code::AmbiguousRole,
                        Route::Review,
                        format!(
                            "cannot tell whether {written} is the change from {} to {}: a percentage of a change from zero has no value",
                            then.reference(),
                            now.reference()
                        ),
                    )
                    .cite(then_cite),
                ];
            }
        }
    } else {
        difference
    };
    let said = format!(
        "{} at {} to {} at {}",
        then.text().trim(),
        then.reference(),
        now.text().trim(),
        now.reference()
    );
    // The line's way, by size (`None` across zero).
    let moved = movement::size_order(&now, &then).map(|order| match order {
        std::cmp::Ordering::Greater => Some(Movement::Up),
        std::cmp::Ordering::Less => Some(Movement::Down),
        std::cmp::Ordering::Equal => None,
    });
    let way = change.role_way.map(|w| w.of_stated(stated.value));
    let mut findings = Vec::new();
    match (way, moved) {
        (Some(_), None) => findings.push(
            Finding::new(
                Code::AmbiguousRole,
                Route::Review,
                format!(
                    "cannot tell whether the line moved the way the role says: from {said}, across zero, which is a rise to one reader and a fall to another"
                ),
            )
            .cite(now_cite)
            .cell(&now),
        ),
        (Some(way), Some(Some(moved))) if moved != way => findings.push(
            Finding::new(
                Code::SignFlip,
                Route::Reanswer,
                format!(
                    "the role names {}, but the cited line moved the other way: from {said}",
                    match way {
                        Movement::Up => "a rise",
                        Movement::Down => "a decline",
                    }
                ),
            )
            .cite(now_cite)
            .cell(&now),
        ),
        _ => {}
    }
    findings.extend(sentence_way(change, levels, vocab));
    // A word of a way: the value is the change's size; "change", "% change":
    // the change as signed.
    let holds = if way.is_some() {
        result_matches(&size(stated), result.abs(), Some(now.scale()))
    } else {
        result_matches(stated, result, Some(now.scale()))
    };
    if !holds {
        findings.push(
            Finding::new(
                Code::ArithmeticMismatch,
                Route::Reanswer,
                format!(
                    "the claim states {written}, but the change its cites give, from {said}, is {}",
                    shown(stated, result)
                ),
            )
            .cite(now_cite)
            .cell(&now),
        );
    }
    findings
}

/// Whether the change between `levels` is the stated value's size at its
/// written rounding (a percentage is over the earlier level's size), its
/// way aside; `None` when it cannot be told (a percentage of a change from
/// zero, values out of range).
pub fn gives_size(stated: &Amount, levels: &Levels<'_>) -> Option<bool> {
    let (now, then) = (levels.now.value_base()?, levels.then.value_base()?);
    let difference = now.checked_sub(then)?;
    let result = if stated.percent {
        difference.checked_div(then.abs())?
    } else {
        difference
    };
    Some(result_matches(
        &size(stated),
        result.abs(),
        Some(levels.now.scale()),
    ))
}

/// An amount's size (the stated number without its sign).
fn size(stated: &Amount) -> Amount {
    Amount {
        value: stated.value.abs(),
        ..*stated
    }
}

/// A change as the claim would write it: "9.16%" for a percentage claim,
/// else in its scale word's units or base units.
fn shown(stated: &Amount, result: Decimal) -> String {
    if stated.percent {
        return result
            .checked_mul(Decimal::ONE_HUNDRED)
            .map_or_else(String::new, |p| {
                format!("{}%", p.round_dp(stated.decimals + 2).normalize())
            });
    }
    let scaled = stated
        .scale()
        .and_then(|s| Some((result.checked_div(s)?, crate::number::scale_name(s)?)));
    match scaled {
        Some((v, name)) => format!("{} {name}", crate::number::readable(v, stated.decimals + 2)),
        None => crate::number::readable(result, 6),
    }
}

/// The `contradicted` finding when the claim's sentence says the line moved
/// one way ("fell by", "narrowed", "worsened by": a loss that grew) and its
/// two levels moved the other, by size.
pub fn sentence_way(change: &ClaimRole, levels: &Levels<'_>, vocab: &Vocab) -> Option<Finding> {
    let Levels {
        now,
        then,
        now_cite,
        ..
    } = *levels;
    let said_way = change
        .change_better
        .map(|better| movement::better_way(better, &now, vocab))
        .or(change.change_movement)?;
    let moved = match movement::size_order(&now, &then)? {
        std::cmp::Ordering::Greater => Movement::Up,
        std::cmp::Ordering::Less => Movement::Down,
        std::cmp::Ordering::Equal => return None,
    };
    if said_way == moved {
        return None;
    }
    Some(
        Finding::new(
            Code::Contradicted,
            Route::Reanswer,
            format!(
                "the sentence says the line {} by the stated amount, but it {}: from {} at {} to {} at {}",
                moved_word(said_way),
                moved_word(moved),
                then.text().trim(),
                then.reference(),
                now.text().trim(),
                now.reference()
            ),
        )
        .cite(now_cite)
        .cell(&now),
    )
}

/// The `contradicted` finding when a calculation's sentence says its result
/// moved to the stated value ("Operating margin narrowed to 14.3%", "Total
/// debt rose to $1,100 million") and the same calculation over each
/// operand's line a year earlier says the other way (13.9% then; $1,150
/// million then). `operands` are each operand's id, stated value and cell;
/// the way is by value, or by size when both results are negative.
pub fn calc_movement(
    said: Movement,
    calc: &crate::answer::calc::Calc,
    operands: &[(&str, &Amount, Cell<'_>)],
    vocab: &Vocab,
) -> Option<Finding> {
    use super::arithmetic::cell_in_base as in_base;
    use crate::answer::calc::Operand;
    let mut now = Vec::with_capacity(operands.len());
    let mut then = Vec::with_capacity(operands.len());
    for (id, stated, cell) in operands {
        let before = movement::year_before(cell, vocab)?;
        now.push(Operand {
            id,
            stated: stated.value,
            base: in_base(cell, stated)?,
            role: "",
        });
        then.push(Operand {
            id,
            stated: stated.value,
            base: in_base(&before, stated)?,
            role: "",
        });
    }
    let (now_v, then_v) = (calc.value(&now).ok()?, calc.value(&then).ok()?);
    let order = if now_v.is_sign_negative() && then_v.is_sign_negative() {
        now_v.abs().cmp(&then_v.abs())
    } else {
        now_v.cmp(&then_v)
    };
    let moved = match order {
        std::cmp::Ordering::Greater => Movement::Up,
        std::cmp::Ordering::Less => Movement::Down,
        std::cmp::Ordering::Equal => return None,
    };
    if moved == said {
        return None;
    }
    Some(Finding::new(
        Code::Contradicted,
        Route::Reanswer,
        format!(
            "the sentence says the result {} to the stated value, but {} over the operands' lines a year earlier gives {} against {} now: it {}",
            moved_word(said),
            calc.source().trim(),
            crate::number::readable(then_v, 6),
            crate::number::readable(now_v, 6),
            moved_word(moved)
        ),
    ))
}

/// "rose" or "fell".
fn moved_word(way: Movement) -> &'static str {
    match way {
        Movement::Up => "rose",
        Movement::Down => "fell",
    }
}
