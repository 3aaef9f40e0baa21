//! "…, respectively": a sentence that lists its amounts in the order of a
//! list of years ("For the years ended December 31, 2022, 2021 and 2020,
//! diluted earnings per share were $4.51, $6.95 and $3.91, respectively").
//! This module owns pairing the two lists; the prose reading
//! (`prose_number`) gives each amount its period from here and the line of
//! the first. Only a list of years written together, as many as the
//! amounts, pairs; any other "respectively" (a list of lines, of
//! segments, years scattered through the sentence) is left unread.

use std::sync::LazyLock;

use regex::Regex;

use crate::model::Period;
use crate::period::find_period;
use crate::prose::Written;

/// A year, as a whole word.
static YEAR: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(r"\b(?:19|20)\d{2}\b").ok());

/// The months' names, as a regex alternation.
const MONTHS: &str =
    "january|february|march|april|may|june|july|august|september|october|november|december";

/// What may stand between two years of one list: a comma, "and", and a
/// month and day repeated ("December 31, 2022 and December 31, 2021").
static BETWEEN: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)^\s*,?\s*(?:and\s+)?(?:(?:{MONTHS})\s+\d{{1,2}},\s*)?$"
    ))
    .ok()
});

/// A month and day ("December 31").
static MONTH_DAY: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(&format!(r"(?i)\b(?:{MONTHS})\s+\d{{1,2}}\b")).ok());

/// Words of a span shorter than a year: a list of them is not read.
const PART_YEAR: [&str; 7] = [
    "quarter",
    "quarters",
    "three months",
    "six months",
    "nine months",
    "weeks",
    "half",
];

/// The period of each of a "respectively" sentence's amounts, in order:
/// `None` unless the sentence says "respectively" and writes one list of
/// years, as many as its amounts (two or more). The years take the
/// sentence's frame: "as of" or "at" a month and day makes them balances
/// at that day of each year, "ended" a month and day the years ended then,
/// else the years themselves. With the periods, where the list of years
/// ends (a byte offset into `sentence`).
pub fn respective_periods(sentence: &str, amounts: &[Written]) -> Option<(Vec<Period>, usize)> {
    let lower = sentence.to_ascii_lowercase();
    if amounts.len() < 2 || !lower.contains("respectively") {
        return None;
    }
    if PART_YEAR.iter().any(|w| lower.contains(w)) {
        return None;
    }
    let inside = |at: usize| amounts.iter().any(|w| (w.start..w.end).contains(&at));
    let years: Vec<(usize, usize, &str)> = YEAR
        .as_ref()?
        .find_iter(sentence)
        .filter(|m| !inside(m.start()))
        .map(|m| (m.start(), m.end(), m.as_str()))
        .collect();
    if years.len() != amounts.len() {
        return None;
    }
    // One list: only commas, "and" and a repeated month and day between.
    let between = BETWEEN.as_ref()?;
    let listed = years.windows(2).all(|pair| match pair {
        [(_, end, _), (start, _, _)] => sentence
            .get(*end..*start)
            .is_some_and(|gap| between.is_match(gap)),
        _ => false,
    });
    if !listed {
        return None;
    }
    let mut distinct: Vec<&str> = years.iter().map(|(_, _, y)| *y).collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != years.len() {
        return None;
    }
    let month_day = MONTH_DAY.as_ref()?.find(sentence).map(|m| m.as_str());
    let frame = |year: &str| match month_day {
        Some(day)
            if lower.contains("as of")
                || lower.contains(&format!("at {}", day.to_ascii_lowercase())) =>
        {
            format!("as of {day}, {year}")
        }
        Some(day) if lower.contains("ended") => format!("for the year ended {day}, {year}"),
        Some(_) => String::new(),
        None => format!("in {year}"),
    };
    let end = years.last().map(|(_, end, _)| *end)?;
    let periods = years
        .iter()
        .map(|(_, _, year)| find_period(&frame(year)).map(|(_, p)| p))
        .collect::<Option<Vec<Period>>>()?;
    Some((periods, end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prose::amounts_in;

    fn periods(sentence: &str) -> Option<Vec<String>> {
        respective_periods(sentence, &amounts_in(sentence))
            .map(|(list, _)| list.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn a_list_of_years_pairs_with_the_amounts() {
        let fy = |y: i32| {
            find_period(&format!("for the year ended December 31, {y}"))
                .map(|(_, p)| p.to_string())
                .unwrap_or_default()
        };
        assert_eq!(
            periods(
                "For the years ended December 31, 2022, 2021 and 2020, diluted earnings per share (GAAP) were $4.51, $6.95 and $3.91, respectively."
            ),
            Some(vec![fy(2022), fy(2021), fy(2020)])
        );
        assert_eq!(
            periods(
                "The effective income tax rate was 18.0% and 17.9% for the years ended December 31, 2022 and 2021, respectively."
            ),
            Some(vec![fy(2022), fy(2021)])
        );
        let bare = |y: i32| {
            find_period(&format!("in {y}"))
                .map(|(_, p)| p.to_string())
                .unwrap_or_default()
        };
        assert_eq!(
            periods(
                "In 2022 and 2021, sales in international markets accounted for 65% and 68% of total net sales, respectively."
            ),
            Some(vec![bare(2022), bare(2021)])
        );
        let at = |y: i32| {
            find_period(&format!("as of December 31, {y}"))
                .map(|(_, p)| p.to_string())
                .unwrap_or_default()
        };
        assert_eq!(
            periods(
                "Cash was $2.1 billion and $2.8 billion as of December 31, 2021 and December 31, 2020, respectively."
            ),
            Some(vec![at(2021), at(2020)])
        );
    }

    #[test]
    fn other_lists_are_left_unread() {
        // A list of lines, not of years.
        assert_eq!(
            periods(
                "Revenue and net income were $4.2 billion and $447 million, respectively, in 2024."
            ),
            None
        );
        // Years scattered through the sentence.
        assert_eq!(
            periods(
                "In 2022, dividends and buybacks were $1.2 billion and $0.8 billion, respectively, the most since 2019."
            ),
            None
        );
        // As many years as amounts, but no "respectively".
        assert_eq!(
            periods("Revenue was $4.2 billion and $3.9 billion in 2024 and 2023."),
            None
        );
        // Quarters: not read.
        assert_eq!(
            periods(
                "Revenue was $1.1 billion and $1.0 billion in the fourth quarters of 2024 and 2023, respectively."
            ),
            None
        );
        // The same year twice.
        assert_eq!(
            periods("Revenue was $4.2 billion and $3.9 billion in 2024 and 2024, respectively."),
            None
        );
    }
}
