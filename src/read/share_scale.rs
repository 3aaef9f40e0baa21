//! The scale of share counts, when the unit line does not state it.
//!
//! "($ in millions, except per share data)" scales money; whether the
//! weighted-average share counts below it are in millions too is left unsaid
//! — and filings differ. The statement itself answers: net income divided by
//! the share count must give the earnings per share it prints. When a table
//! has all three in the same columns and every column agrees on one power of
//! a thousand, that is the share scale; otherwise the unit line's reading
//! stands (docs/labeling.md).

use std::collections::{BTreeSet, HashMap};

use rust_decimal::Decimal;

use crate::model::{Measure, Table};

/// Pairs of (earnings per share, share count) concepts that divide net income.
const PAIRS: [(&str, &str); 3] = [
    (
        "EarningsPerShareBasic",
        "WeightedAverageNumberOfSharesOutstandingBasic",
    ),
    (
        "EarningsPerShareDiluted",
        "WeightedAverageNumberOfDilutedSharesOutstanding",
    ),
    (
        "EarningsPerShareBasicAndDiluted",
        "WeightedAverageNumberOfSharesOutstandingBasic",
    ),
];

/// Net income concepts an EPS figure is computed from.
const NET_INCOME: [&str; 3] = [
    "NetIncomeLoss",
    "NetIncomeLossAvailableToCommonStockholdersBasic",
    "ProfitLoss",
];

/// How far net income / shares may stray from the printed EPS: EPS is
/// rounded, and may be computed on income attributable to common holders.
const TOLERANCE: Decimal = Decimal::from_parts(10, 0, 0, false, 2); // 0.10

/// Infers the share scale from net income, EPS and share counts, and sets it
/// on the table's unit line when the unit line says nothing about shares and
/// the inference differs from its reading. Returns a note saying so.
pub(crate) fn infer(table: &mut Table) -> Option<String> {
    if table.unit.share_scale.is_some() {
        return None;
    }
    // One pass: the first cell of each concept of interest, per column.
    let wanted = |id: &str| {
        NET_INCOME.contains(&id)
            || PAIRS
                .iter()
                .any(|(eps, shares)| *eps == id || *shares == id)
    };
    if !table.rows.iter().any(|r| {
        r.concept
            .as_ref()
            .is_some_and(|c| c.as_str().starts_with("EarningsPerShare"))
    }) {
        return None;
    }
    let mut values: HashMap<(&str, u32), (Decimal, Option<Decimal>)> = HashMap::new();
    let mut columns = BTreeSet::new();
    for cell in table.cells() {
        let Some(id) = cell.concept().map(|c| c.as_str()).filter(|id| wanted(id)) else {
            continue;
        };
        let column = cell.record().column;
        columns.insert(column);
        values
            .entry((id, column))
            .or_insert_with(|| (cell.value(), cell.value_base()));
    }
    let value_of = |concept: &str, column: u32| values.get(&(concept, column)).copied();
    let mut found: Option<Decimal> = None;
    for column in columns {
        let Some(net_income) = NET_INCOME
            .iter()
            .find_map(|id| value_of(id, column))
            .and_then(|(_, base)| base)
        else {
            continue;
        };
        for (eps_id, shares_id) in PAIRS {
            let (Some((eps, _)), Some((shares, _))) =
                (value_of(eps_id, column), value_of(shares_id, column))
            else {
                continue;
            };
            let Some(scale) = scale_between(net_income, eps, shares) else {
                continue;
            };
            match found {
                None => found = Some(scale),
                Some(previous) if previous == scale => {}
                Some(_) => return None,
            }
        }
    }
    let scale = found?;
    let rule = crate::read::label::scale_for(Measure::Shares, &table.unit);
    if scale == rule {
        return None;
    }
    table.unit.share_scale = Some(scale);
    Some(format!(
        "share counts read ×{scale}: net income / shares matches the printed earnings per share (the unit line does not say)"
    ))
}

/// The power of a thousand `s` with net income / (shares × s) within
/// [`TOLERANCE`] of the EPS.
fn scale_between(net_income: Decimal, eps: Decimal, shares: Decimal) -> Option<Decimal> {
    if eps.is_zero() || shares.is_zero() {
        return None;
    }
    let implied = net_income.checked_div(eps)?;
    let ratio = implied.checked_div(shares)?;
    [
        Decimal::ONE,
        Decimal::ONE_THOUSAND,
        Decimal::from(1_000_000),
        Decimal::from(1_000_000_000),
    ]
    .into_iter()
    .find(|s| {
        ratio
            .checked_div(*s)
            .is_some_and(|r| (r - Decimal::ONE).abs() <= TOLERANCE)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn finds_the_scale_that_makes_eps() {
        // Acme 2024: net income $447m, EPS 2.35, 190 (million) shares.
        assert_eq!(
            scale_between(d("447000000"), d("2.35"), d("190")),
            Some(d("1000000"))
        );
        // Birchwood: $12,231k, EPS 0.25, 48,310 (thousand) shares.
        assert_eq!(
            scale_between(d("12231000"), d("0.25"), d("48310")),
            Some(d("1000"))
        );
        // Already in units.
        assert_eq!(
            scale_between(d("12231000"), d("0.25"), d("48310000")),
            Some(Decimal::ONE)
        );
        // Nothing fits: no guess.
        assert_eq!(scale_between(d("447000000"), d("2.35"), d("400")), None);
        assert_eq!(scale_between(d("447000000"), Decimal::ZERO, d("190")), None);
    }
}
