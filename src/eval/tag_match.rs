//! Labeled cells against a filing's tagged facts: which fact each printed
//! number is, and whether tickmark read its scale, sign, period and
//! concept as the tag says. The core of the tag scorers, whatever the
//! cells were read from (a PDF here; an HTML table or a workbook alike).
//!
//! **Matching** uses only what is printed and where: a cell's candidates
//! are the facts whose magnitude is the printed magnitude times 10^k (k in
//! 0, 3, 6, 9, or -2 for a percentage), among the facts the caller allows
//! (the statement's concepts); of those, the one that agrees best with its
//! row and its column wins. Each candidate scores how many cells of its
//! row, and of its column, have a candidate with its concept, with its
//! dimension members and with its period: a row of a statement shares a
//! concept, a column a period (those count double), both share members
//! (double too), and a cross-table's columns share a concept (single).
//! Ties between lines printing the same numbers take the statement's
//! presentation order; a tie that remains is settled by the cells already
//! matched in its row and column, then toward the one candidate no cell of
//! the table holds yet, if there is exactly one. A tie between facts that differ is *ambiguous*, and the cell
//! is left out of the scores, never guessed. tickmark's labels (row label,
//! period, concept, scale) play no part in the matching: they are what is
//! scored.
//!
//! **Scoring** compares a matched cell with its fact: the scale (its value
//! in base units is the fact's magnitude), the sign as presented (the
//! fact's sign, flipped where the statement shows it with a negated
//! label), the period (kind and dates, or the fiscal year where the header
//! gives only that) and the concept (the same US-GAAP name; or the same
//! family, two names an external standardization gives one display name;
//! or wrong; or none, when tickmark names no concept).

use std::collections::{BTreeMap, HashMap};

use rust_decimal::Decimal;

use crate::model::Period;
use crate::xbrl;

/// A fact as the scorers need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaggedFact {
    /// Concept QName (`us-gaap:Revenues`).
    pub concept: String,
    /// Dimension members, (axis, member), sorted.
    pub dims: Vec<(String, String)>,
    /// The context's period.
    pub period: xbrl::Period,
    /// The value, signed.
    pub value: Decimal,
}

impl TaggedFact {
    /// The numeric facts of an instance, as [`TaggedFact`]s.
    pub fn all(instance: &xbrl::Instance) -> Vec<TaggedFact> {
        instance
            .facts()
            .iter()
            .filter_map(|f| {
                let value = f.value?;
                let mut dims: Vec<(String, String)> = f
                    .dims()
                    .iter()
                    .map(|d| {
                        let member = match &d.member {
                            xbrl::Member::Explicit(m) | xbrl::Member::Typed(m) => m.clone(),
                        };
                        (d.axis.clone(), member)
                    })
                    .collect();
                dims.sort();
                Some(TaggedFact {
                    concept: f.concept.clone(),
                    dims,
                    period: f.period(),
                    value,
                })
            })
            .collect()
    }

    /// The concept's local name (`Revenues`).
    pub fn local_name(&self) -> &str {
        self.concept.rsplit(':').next().unwrap_or(&self.concept)
    }
}

/// A printed number to match: where it is and what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    /// Which table (any id the caller groups cells by).
    pub table: usize,
    /// Row in the table.
    pub row: u32,
    /// Column in the table.
    pub col: u32,
    /// The number as printed, in the table's units (its sign ignored here).
    pub value: Decimal,
    /// Written with `%`.
    pub percent: bool,
}

/// What a printed number was matched to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Match {
    /// This fact, printed at this power of ten.
    Fact {
        /// Index into the facts.
        fact: usize,
        /// The printed number × 10^power is the fact's magnitude.
        power: i32,
    },
    /// Several facts that differ in concept, members or period fit as
    /// well (each with its power).
    Ambiguous(Vec<(usize, i32)>),
    /// No allowed fact has this magnitude.
    NoFact,
}

/// The powers of ten a printed amount may stand for.
const POWERS: [i32; 4] = [0, 3, 6, 9];

fn shifted(value: Decimal, power: i32) -> Option<Decimal> {
    let mut v = value.abs();
    let ten = Decimal::TEN;
    if power >= 0 {
        for _ in 0..power {
            v = v.checked_mul(ten)?;
        }
    } else {
        for _ in 0..(-power) {
            v = v.checked_div(ten)?;
        }
    }
    Some(v.normalize())
}

/// Facts by normalized magnitude.
pub struct FactIndex<'a> {
    facts: &'a [TaggedFact],
    by_magnitude: HashMap<Decimal, Vec<usize>>,
}

impl<'a> FactIndex<'a> {
    /// Indexes facts by magnitude.
    pub fn new(facts: &'a [TaggedFact]) -> FactIndex<'a> {
        let mut by_magnitude: HashMap<Decimal, Vec<usize>> = HashMap::new();
        for (i, f) in facts.iter().enumerate() {
            by_magnitude
                .entry(f.value.abs().normalize())
                .or_default()
                .push(i);
        }
        FactIndex {
            facts,
            by_magnitude,
        }
    }

    /// The facts a printed number may be, with the power it is printed at.
    pub fn candidates(&self, printed: &Printed) -> Vec<(usize, i32)> {
        let powers: &[i32] = if printed.percent { &[-2] } else { &POWERS };
        let mut out = Vec::new();
        for &power in powers {
            let Some(key) = shifted(printed.value, power) else {
                continue;
            };
            if let Some(found) = self.by_magnitude.get(&key) {
                out.extend(found.iter().map(|&f| (f, power)));
            }
        }
        out
    }

    /// The facts indexed.
    pub fn facts(&self) -> &'a [TaggedFact] {
        self.facts
    }
}

/// Matches every printed number to a fact (see the module documentation):
/// `allowed(i, fact)` says whether printed number `i` may be that fact.
pub fn match_printed(
    printed: &[Printed],
    index: &FactIndex<'_>,
    allowed: impl Fn(usize, usize) -> bool,
) -> Vec<Match> {
    let facts = index.facts();
    let candidates: Vec<Vec<(usize, i32)>> = printed
        .iter()
        .enumerate()
        .map(|(i, p)| {
            index
                .candidates(p)
                .into_iter()
                .filter(|&(f, _)| allowed(i, f))
                .collect()
        })
        .collect();
    // Votes: per row and per column, how many cells have a candidate with
    // a given concept, members, period.
    type Votes<'f> = HashMap<(usize, u32, u8, Key<'f>), u32>;
    let mut votes: Votes<'_> = HashMap::new();
    for (p, cands) in printed.iter().zip(&candidates) {
        let mut seen: Vec<(usize, u32, u8, Key<'_>)> = Vec::new();
        for &(f, _) in cands {
            let Some(fact) = facts.get(f) else { continue };
            for key in keys(fact) {
                for (axis, line) in [(0u8, p.row), (1u8, p.col)] {
                    let k = (p.table, line, axis, key.clone());
                    if !seen.contains(&k) {
                        seen.push(k.clone());
                        *votes.entry(k).or_default() += 1;
                    }
                }
            }
        }
    }
    printed
        .iter()
        .zip(&candidates)
        .map(|(p, cands)| {
            let mut best: Vec<(usize, i32)> = Vec::new();
            let mut best_score = 0u32;
            for &(f, power) in cands {
                let Some(fact) = facts.get(f) else { continue };
                let score: u32 = keys(fact)
                    .into_iter()
                    .flat_map(|key| {
                        [(0u8, p.row), (1u8, p.col)].map(|(axis, line)| {
                            let weight = weight(axis, &key);
                            (weight, (p.table, line, axis, key.clone()))
                        })
                    })
                    .map(|(weight, k)| weight * votes.get(&k).copied().unwrap_or(0))
                    .sum();
                if score > best_score {
                    best_score = score;
                    best = vec![(f, power)];
                } else if score == best_score {
                    best.push((f, power));
                }
            }
            match best.as_slice() {
                [] => Match::NoFact,
                [(fact, power), rest @ ..] => {
                    let first = facts.get(*fact);
                    let same = rest.iter().all(|(g, _)| {
                        let other = facts.get(*g);
                        matches!((first, other), (Some(a), Some(b))
                            if a.concept == b.concept && a.dims == b.dims && a.period == b.period)
                    });
                    if same {
                        Match::Fact {
                            fact: *fact,
                            power: *power,
                        }
                    } else {
                        Match::Ambiguous(best.clone())
                    }
                }
            }
        })
        .collect()
}

/// Settles ties between lines that print the same numbers ("Total assets"
/// and "Total liabilities and equity"): the cells of one column that are
/// tied between the same facts, all of one period, as many cells as
/// different concepts, take the concepts in the order `rank` gives them
/// (the statement's presentation order), top row first. Other ties stay
/// ambiguous.
pub fn resolve_ties(
    printed: &[Printed],
    matches: &mut [Match],
    facts: &[TaggedFact],
    rank: impl Fn(usize, usize) -> Option<u32>,
) {
    // Group: (table, column, the tied facts' identities) → cells.
    let mut groups: BTreeMap<(usize, u32, Vec<usize>), Vec<usize>> = BTreeMap::new();
    for (i, (p, m)) in printed.iter().zip(matches.iter()).enumerate() {
        if let Match::Ambiguous(tied) = m {
            let mut ids: Vec<usize> = tied.iter().map(|(f, _)| *f).collect();
            ids.sort_unstable();
            groups.entry((p.table, p.col, ids)).or_default().push(i);
        }
    }
    for ((_, _, ids), mut cells) in groups {
        let tied: Vec<&TaggedFact> = ids.iter().filter_map(|&f| facts.get(f)).collect();
        let one_period = tied
            .windows(2)
            .all(|w| matches!(w, [a, b] if a.period == b.period));
        // One fact per concept: the first of each.
        let mut by_concept: Vec<(u32, usize)> = Vec::new();
        for &f in &ids {
            let Some(fact) = facts.get(f) else { continue };
            if by_concept.iter().any(|(_, g)| {
                facts
                    .get(*g)
                    .is_some_and(|o| o.concept == fact.concept && o.dims == fact.dims)
            }) {
                continue;
            }
            let Some(r) = cells.first().and_then(|&c| rank(c, f)) else {
                by_concept.clear();
                break;
            };
            by_concept.push((r, f));
        }
        if !one_period || by_concept.len() != cells.len() || by_concept.len() < 2 {
            continue;
        }
        by_concept.sort_unstable();
        cells.sort_by_key(|&c| printed.get(c).map_or(0, |p| p.row));
        for (&cell, &(_, fact)) in cells.iter().zip(&by_concept) {
            let power = match matches.get(cell) {
                Some(Match::Ambiguous(tied)) => {
                    tied.iter().find(|(f, _)| *f == fact).map_or(0, |(_, p)| *p)
                }
                _ => continue,
            };
            if let Some(slot) = matches.get_mut(cell) {
                *slot = Match::Fact { fact, power };
            }
        }
    }
}

/// Settles the ties left after [`resolve_ties`] by what the cells already
/// matched say: the candidates whose concept and members the matched cells
/// of the row share, and whose period those of the column share, most;
/// then, of those, the facts no cell of the same table holds yet (of two
/// zero facts a "—" could be, the one another "—" already is stays with
/// it). A tie with more than one such fact stays ambiguous.
pub fn prefer_unheld(printed: &[Printed], matches: &mut [Match], facts: &[TaggedFact]) {
    let identity = |f: usize| facts.get(f).map(|x| (&x.concept, &x.dims, x.period));
    let mut held: std::collections::HashSet<(usize, usize)> = std::collections::HashSet::new();
    for (p, m) in printed.iter().zip(matches.iter()) {
        if let Match::Fact { fact, .. } = m {
            held.insert((p.table, *fact));
        }
    }
    // What the matched cells say: per row, its (concept, members); per
    // column, its period.
    let mut rows: HashMap<(usize, u32), Vec<usize>> = HashMap::new();
    let mut cols: HashMap<(usize, u32), Vec<usize>> = HashMap::new();
    for (p, m) in printed.iter().zip(matches.iter()) {
        if let Match::Fact { fact, .. } = m {
            rows.entry((p.table, p.row)).or_default().push(*fact);
            cols.entry((p.table, p.col)).or_default().push(*fact);
        }
    }
    let agreement = |p: &Printed, f: usize| -> usize {
        let Some(fact) = facts.get(f) else { return 0 };
        let row = rows.get(&(p.table, p.row)).map_or(0, |m| {
            m.iter()
                .filter_map(|g| facts.get(*g))
                .filter(|g| g.concept == fact.concept && g.dims == fact.dims)
                .count()
        });
        let col = cols.get(&(p.table, p.col)).map_or(0, |m| {
            m.iter()
                .filter_map(|g| facts.get(*g))
                .filter(|g| g.period == fact.period)
                .count()
        });
        row + col
    };
    for (p, m) in printed.iter().zip(matches.iter_mut()) {
        let Match::Ambiguous(tied) = m else { continue };
        // The candidates the matched cells of its row and column agree
        // with most, then those no cell of the table holds.
        let best = tied
            .iter()
            .map(|(f, _)| agreement(p, *f))
            .max()
            .unwrap_or(0);
        let agreed: Vec<(usize, i32)> = tied
            .iter()
            .copied()
            .filter(|(f, _)| agreement(p, *f) == best)
            .collect();
        let free: Vec<(usize, i32)> = agreed
            .iter()
            .copied()
            .filter(|(f, _)| {
                !tied
                    .iter()
                    .any(|(g, _)| held.contains(&(p.table, *g)) && identity(*g) == identity(*f))
            })
            .collect();
        let Some(&(first, power)) = free.first() else {
            continue;
        };
        if free.iter().all(|(f, _)| identity(*f) == identity(first)) {
            *m = Match::Fact { fact: first, power };
        }
    }
}

/// What a fact is voted on by: its concept, its members, its period.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key<'f> {
    Concept(&'f str),
    Dims(&'f [(String, String)]),
    Period(xbrl::Period),
}

/// How much a line's agreement on a key counts: a row is mostly one
/// concept, a column one period; both share members, and the other key
/// counts half (a cross-table's columns are concepts).
fn weight(axis: u8, key: &Key<'_>) -> u32 {
    match (axis, key) {
        (0, Key::Period(_)) | (1, Key::Concept(_)) => 1,
        _ => 2,
    }
}

fn keys(fact: &TaggedFact) -> [Key<'_>; 3] {
    [
        Key::Concept(&fact.concept),
        Key::Dims(&fact.dims),
        Key::Period(fact.period),
    ]
}

/// One scored aspect of a matched cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// As the tag says.
    Right,
    /// Otherwise.
    Wrong,
    /// tickmark says nothing (no period, no concept).
    Missing,
}

/// Whether tickmark's period is the fact's: an instant on the same date
/// (or the same fiscal year end when the header gave only the year); a
/// duration ending on the same date (or in the same fiscal year), of the
/// same length in months, starting on the same date when tickmark knows
/// the start.
pub fn compare_period(cell: Option<&Period>, fact: &xbrl::Period) -> Verdict {
    let Some(cell) = cell else {
        return Verdict::Missing;
    };
    let right = match (cell, fact) {
        (Period::Instant { date, fy }, xbrl::Period::Instant(d)) => match date {
            Some(date) => date == d,
            None => fy.is_some_and(|fy| fy == d.year()),
        },
        (
            Period::Duration {
                fy,
                months,
                start,
                end,
                ..
            },
            xbrl::Period::Duration {
                start: fact_start,
                end: fact_end,
            },
        ) => {
            let length = months_between(*fact_start, *fact_end);
            let end_right = match end {
                Some(end) => end == fact_end,
                None => fy.is_some_and(|fy| fy == fact_end.year()),
            };
            end_right
                && months.is_none_or(|m| i32::from(m) == length)
                && start.is_none_or(|s| s == *fact_start)
        }
        _ => false,
    };
    if right {
        Verdict::Right
    } else {
        Verdict::Wrong
    }
}

/// Whole months from `start` to `end` (a 52-week year is 12, 13 weeks 3).
pub fn months_between(start: jiff::civil::Date, end: jiff::civil::Date) -> i32 {
    let days = (end - start).get_days() + 1;
    (f64::from(days) / 30.44).round() as i32
}

/// How tickmark's concept compares with the fact's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ConceptVerdict {
    /// The same US-GAAP name.
    Exact,
    /// Names the families give one display name.
    Family,
    /// A different concept.
    Wrong,
    /// tickmark names none.
    None,
}

/// An external standardization of US-GAAP names into display names
/// ("Revenue" for `Revenues` and `RevenueFromContractWithCustomer…`).
#[derive(Debug, Clone, Default)]
pub struct Families {
    display: HashMap<String, String>,
}

impl Families {
    /// From `us_gaap_role_map.csv` (columns `us_gaap_concept`,
    /// `display_name`, …); `None` when it cannot be read.
    pub fn from_csv(text: &str) -> Option<Families> {
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let headers = reader.headers().ok()?.clone();
        let concept = headers.iter().position(|h| h == "us_gaap_concept")?;
        let display = headers.iter().position(|h| h == "display_name")?;
        let mut out = HashMap::new();
        for record in reader.records().flatten() {
            if let (Some(c), Some(d)) = (record.get(concept), record.get(display)) {
                out.insert(c.to_string(), d.to_string());
            }
        }
        Some(Families { display: out })
    }

    /// The display name of a US-GAAP local name.
    pub fn display(&self, local: &str) -> Option<&str> {
        self.display.get(local).map(String::as_str)
    }

    /// How many names are known.
    pub fn len(&self) -> usize {
        self.display.len()
    }

    /// True when no name is known.
    pub fn is_empty(&self) -> bool {
        self.display.is_empty()
    }
}

/// The balance-sheet concept an equity statement's component balance is:
/// a `StockholdersEquity` fact on the equity components axis with the
/// retained earnings member is the retained earnings balance (the
/// taxonomy's own reading of the member).
fn component_balance(fact: &TaggedFact) -> Option<&'static str> {
    const COMPONENTS: &[(&str, &str)] = &[
        (
            "CommonStockIncludingAdditionalPaidInCapitalMember",
            "CommonStocksIncludingAdditionalPaidInCapital",
        ),
        (
            "RetainedEarningsMember",
            "RetainedEarningsAccumulatedDeficit",
        ),
        (
            "AccumulatedOtherComprehensiveIncomeMember",
            "AccumulatedOtherComprehensiveIncomeLossNetOfTax",
        ),
        ("CommonStockMember", "CommonStockValue"),
    ];
    let local = |name: &str| name.rsplit(':').next().unwrap_or(name).to_string();
    let [(axis, member)] = fact.dims.as_slice() else {
        return None;
    };
    if local(axis) != "StatementEquityComponentsAxis" {
        return None;
    }
    let member = local(member);
    COMPONENTS
        .iter()
        .find(|(m, _)| *m == member)
        .map(|(_, concept)| *concept)
}

/// Compares tickmark's concept id with the fact's concept.
pub fn compare_concept(
    cell: Option<&str>,
    fact: &TaggedFact,
    families: &Families,
) -> ConceptVerdict {
    let Some(cell) = cell else {
        return ConceptVerdict::None;
    };
    let local = fact.local_name();
    if cell == local {
        return ConceptVerdict::Exact;
    }
    if local == "StockholdersEquity" && component_balance(fact) == Some(cell) {
        return ConceptVerdict::Family;
    }
    match (families.display(cell), families.display(local)) {
        (Some(a), Some(b)) if a == b => ConceptVerdict::Family,
        _ => ConceptVerdict::Wrong,
    }
}

/// Counts of verdicts.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// By verdict name.
    pub counts: BTreeMap<String, usize>,
}

impl Tally {
    /// Counts one verdict.
    pub fn add(&mut self, verdict: &str) {
        *self.counts.entry(verdict.to_string()).or_default() += 1;
    }

    /// The count of one verdict.
    pub fn get(&self, verdict: &str) -> usize {
        self.counts.get(verdict).copied().unwrap_or(0)
    }

    /// All verdicts counted.
    pub fn total(&self) -> usize {
        self.counts.values().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    fn fact(concept: &str, year: i16, value: i64) -> TaggedFact {
        TaggedFact {
            concept: concept.to_string(),
            dims: Vec::new(),
            period: xbrl::Period::Duration {
                start: date(year - 1, 9, 26),
                end: date(year, 9, 24),
            },
            value: Decimal::from(value),
        }
    }

    fn printed(row: u32, col: u32, value: i64) -> Printed {
        Printed {
            table: 0,
            row,
            col,
            value: Decimal::from(value),
            percent: false,
        }
    }

    #[test]
    fn rows_and_columns_tell_equal_numbers_apart() {
        // Net income equals another line's value in one year; the row's
        // other years and the column decide.
        let facts = vec![
            fact("us-gaap:NetIncomeLoss", 2022, 99_803_000_000),
            fact("us-gaap:NetIncomeLoss", 2021, 94_680_000_000),
            fact("us-gaap:OtherLine", 2021, 99_803_000_000),
            fact("us-gaap:OtherLine", 2022, 1_000_000),
        ];
        let index = FactIndex::new(&facts);
        let cells = [
            printed(1, 1, 99_803),
            printed(1, 2, 94_680),
            printed(2, 1, 1),
        ];
        let matches = match_printed(&cells, &index, |_, _| true);
        assert_eq!(matches[0], Match::Fact { fact: 0, power: 6 });
        assert_eq!(matches[1], Match::Fact { fact: 1, power: 6 });
        assert_eq!(matches[2], Match::Fact { fact: 3, power: 6 });
        // A number no fact has is no fact; a lone number two facts share
        // equally is ambiguous.
        let lone = [printed(5, 5, 99_803), printed(6, 6, 7)];
        let matches = match_printed(&lone, &index, |_, _| true);
        assert!(matches!(matches[0], Match::Ambiguous(_)));
        assert_eq!(matches[1], Match::NoFact);
    }

    #[test]
    fn lines_printing_the_same_numbers_take_the_presentation_order() {
        // Total assets and total liabilities and equity: equal in each year.
        let facts = vec![
            fact("us-gaap:LiabilitiesAndStockholdersEquity", 2022, 352_755),
            fact("us-gaap:Assets", 2022, 352_755),
        ];
        let index = FactIndex::new(&facts);
        let cells = [printed(17, 1, 352_755), printed(40, 1, 352_755)];
        let mut matches = match_printed(&cells, &index, |_, _| true);
        assert!(matches.iter().all(|m| matches!(m, Match::Ambiguous(_))));
        let rank = |_: usize, f: usize| match facts[f].concept.as_str() {
            "us-gaap:Assets" => Some(3),
            _ => Some(9),
        };
        resolve_ties(&cells, &mut matches, &facts, rank);
        assert_eq!(matches[0], Match::Fact { fact: 1, power: 0 });
        assert_eq!(matches[1], Match::Fact { fact: 0, power: 0 });
    }

    #[test]
    fn a_tie_goes_to_the_fact_no_cell_of_the_table_holds() {
        let mut facts = vec![
            fact("us-gaap:Effect", 2021, 0),
            fact("us-gaap:Effect", 2022, 0),
        ];
        facts.push(fact("us-gaap:Other", 2022, 5));
        let cells = [printed(1, 1, 0), printed(1, 2, 0)];
        let mut matches = vec![
            Match::Fact { fact: 1, power: 0 },
            Match::Ambiguous(vec![(0, 0), (1, 0)]),
        ];
        prefer_unheld(&cells, &mut matches, &facts);
        assert_eq!(matches[1], Match::Fact { fact: 0, power: 0 });
        // Two facts still free: it stays a tie.
        let mut matches = vec![Match::NoFact, Match::Ambiguous(vec![(0, 0), (1, 0)])];
        prefer_unheld(&cells, &mut matches, &facts);
        assert!(matches!(matches[1], Match::Ambiguous(_)));
    }

    #[test]
    fn periods_compare_by_dates_or_fiscal_year() {
        let fy22 = xbrl::Period::Duration {
            start: date(2021, 9, 26),
            end: date(2022, 9, 24),
        };
        let by_year = Period::fiscal_year(2022);
        assert_eq!(compare_period(Some(&by_year), &fy22), Verdict::Right);
        assert_eq!(
            compare_period(Some(&Period::fiscal_year(2021)), &fy22),
            Verdict::Wrong
        );
        let instant = Period::instant(date(2022, 9, 24));
        assert_eq!(compare_period(Some(&instant), &fy22), Verdict::Wrong);
        assert_eq!(
            compare_period(Some(&instant), &xbrl::Period::Instant(date(2022, 9, 24))),
            Verdict::Right
        );
        assert_eq!(compare_period(None, &fy22), Verdict::Missing);
        assert_eq!(months_between(date(2022, 6, 26), date(2022, 9, 24)), 3);
    }

    #[test]
    fn concepts_compare_by_name_then_family() {
        let families = Families::from_csv(
            "us_gaap_concept,display_name\nRevenues,Revenue\nRevenueFromContractWithCustomerExcludingAssessedTax,Revenue\nCostOfRevenue,Cost of Revenue\n",
        )
        .unwrap_or_default();
        let f = fact(
            "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
            2022,
            1,
        );
        assert_eq!(
            compare_concept(Some("Revenues"), &f, &families),
            ConceptVerdict::Family
        );
        assert_eq!(
            compare_concept(Some("CostOfRevenue"), &f, &families),
            ConceptVerdict::Wrong
        );
        assert_eq!(compare_concept(None, &f, &families), ConceptVerdict::None);
        let g = fact("us-gaap:Revenues", 2022, 1);
        assert_eq!(
            compare_concept(Some("Revenues"), &g, &families),
            ConceptVerdict::Exact
        );
    }

    #[test]
    fn an_equity_component_balance_is_its_balance_sheet_line() {
        let families = Families::default();
        let mut f = fact("us-gaap:StockholdersEquity", 2022, 5562);
        f.dims = vec![(
            "us-gaap:StatementEquityComponentsAxis".to_string(),
            "us-gaap:RetainedEarningsMember".to_string(),
        )];
        assert_eq!(
            compare_concept(Some("RetainedEarningsAccumulatedDeficit"), &f, &families),
            ConceptVerdict::Family
        );
        assert_eq!(
            compare_concept(
                Some("AccumulatedOtherComprehensiveIncomeLossNetOfTax"),
                &f,
                &families
            ),
            ConceptVerdict::Wrong
        );
        f.dims.clear();
        assert_eq!(
            compare_concept(Some("RetainedEarningsAccumulatedDeficit"), &f, &families),
            ConceptVerdict::Wrong
        );
    }
}
