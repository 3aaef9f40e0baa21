//! Header lines of unruled tables that do not say by their position which
//! columns they head.
//!
//! - **A period stub over some columns.** "Years ended" printed once above
//!   three date columns, and centred over one of them (Apple's statements
//!   of operations), heads all three: a header phrase that names a kind of
//!   period without giving one ("Years ended", "Three months ended", "Fiscal
//!   year") spans the value columns up to the midpoints towards its
//!   neighbours on its line, or all of them when it is alone.
//! - **A date stub beside the years.** "June 30," in the label column with
//!   "2016  2015" over the value columns on the same line (Microsoft's
//!   balance sheets) is one header per column, "June 30, 2016" and "June
//!   30, 2015": the stub is lifted onto a header line of its own, spanning
//!   the value columns, above the years. So is a period stub beside other
//!   headings ("Three months ended March 31," in the label column of a
//!   segment table, the segments' names beside it and the years below).
//! - **A heading over its underline.** A heading printed over a group of
//!   columns is often narrower than the group, centred over it, and rests
//!   on a rule drawn across the whole group ("Corporate" over "2021 2020
//!   Change" in JPMorgan's segment tables): the heading spans what its rule
//!   spans.

use super::glyphs::Rule;
use super::lines::{Line, Phrase, PhraseKind};
use crate::period::MONTHS_LOWER as MONTHS;

/// The lower-case words of a text, punctuation stripped.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn has_year(text: &str) -> bool {
    words(text).iter().any(|w| {
        w.len() == 4
            && w.bytes().all(|b| b.is_ascii_digit())
            && w.parse().is_ok_and(crate::period::is_year)
    })
}

/// A header that names a kind of period but no date: "Years ended",
/// "Three Months Ended", "Fiscal Year", "For the years ended".
pub(super) fn is_period_stub(text: &str) -> bool {
    let words = words(text);
    if words.is_empty() || words.len() > 6 || text.chars().any(|c| c.is_ascii_digit()) {
        return false;
    }
    let unit = words.iter().any(|w| {
        matches!(
            w.as_str(),
            "year" | "years" | "month" | "months" | "quarter" | "quarters" | "week" | "weeks"
        )
    });
    let ended = words
        .iter()
        .any(|w| matches!(w.as_str(), "ended" | "ending"));
    (unit || ended) && !words.iter().any(|w| MONTHS.contains(&w.as_str()))
}

/// A date without its year, or a period stub with its month and day:
/// "June 30,", "As of December 31,", "Year Ended June 30,".
pub(super) fn is_date_stub(text: &str) -> bool {
    if has_year(text) {
        return false;
    }
    let words = words(text);
    words.len() <= 8
        && words.iter().any(|w| MONTHS.contains(&w.as_str()))
        && words.iter().all(|w| {
            w.len() <= 2 && w.bytes().all(|b| b.is_ascii_digit()) || w.parse::<u32>().is_err()
        })
}

/// A year or a full date, alone: "2022", "September 24, 2022".
pub(super) fn is_period_heading(text: &str) -> bool {
    let words = words(text);
    has_year(text)
        && words.len() <= 4
        && words.iter().all(|w| {
            MONTHS.contains(&w.as_str()) || w.bytes().all(|b| b.is_ascii_digit()) && w.len() <= 4
        })
}

/// Splits a header line whose label-column phrase is a date stub or a
/// period stub ("June 30," beside the years; "Three months ended March
/// 31," beside segment names, the years on the line below) into the stub,
/// moved over the value columns (`values`: their left and right edge), and
/// the rest of the line (`None` when the stub was alone); `None` for any
/// other line.
pub(super) fn split_stub(
    line: &Line,
    start: f64,
    values: (f64, f64),
) -> Option<(Line, Option<Line>)> {
    let (stub, rest) = line.phrases.split_first()?;
    if stub.kind != PhraseKind::Text
        || stub.x1 >= start
        || !(is_date_stub(&stub.text) || is_period_stub(&stub.text))
        || rest.iter().any(|p| p.x0 < start - 1.0)
    {
        return None;
    }
    let (x0, x1) = values;
    if x0 >= x1 {
        return None;
    }
    let lifted = Phrase {
        x0,
        x1,
        text: stub.text.clone(),
        kind: PhraseKind::Text,
    };
    let stub_line = Line {
        base: line.base - 0.5 * line.size,
        size: line.size,
        phrases: vec![lifted.clone()],
        words: vec![lifted],
    };
    let rest_line = (!rest.is_empty()).then(|| Line {
        phrases: rest.to_vec(),
        words: line
            .words
            .iter()
            .filter(|w| w.x0 >= start - 1.0)
            .cloned()
            .collect(),
        ..line.clone()
    });
    Some((stub_line, rest_line))
}

/// The horizontal rules of a page, top to bottom.
pub(super) fn flat_rules(rules: &[Rule]) -> Vec<Rule> {
    let mut flat: Vec<Rule> = rules
        .iter()
        .filter(|r| r.is_horizontal())
        .copied()
        .collect();
    flat.sort_by(|a, b| a.y0.total_cmp(&b.y0));
    flat
}

/// The left and right edge of the rule a header phrase rests on: a
/// horizontal rule just below its baseline (before the next line would
/// start), right of the labels (`labels`: their right edge), at least as
/// wide as the phrase and under no other phrase of its line (a rule under a
/// whole header line heads nothing). Of several, the widest: a generator
/// may draw a group's underline over the pieces of its cells' borders.
/// `rules`: the page's horizontal rules, top to bottom. `None` when the
/// phrase has no such rule.
pub(super) fn underline(line: &Line, k: usize, rules: &[Rule], labels: f64) -> Option<(f64, f64)> {
    const SLACK: f64 = 1.0;
    let p = line.phrases.get(k)?;
    let first = rules.partition_point(|r| r.y0 < line.base - SLACK);
    rules
        .get(first..)?
        .iter()
        .take_while(|r| r.y0 <= line.base + 0.8 * line.size)
        .filter(|r| {
            r.x0 >= labels - SLACK
                && r.x0 <= p.x0 + SLACK
                && r.x1 >= p.x1 - SLACK
                && !line
                    .phrases
                    .iter()
                    .enumerate()
                    .any(|(i, q)| i != k && q.x1 > r.x0 + SLACK && q.x0 < r.x1 - SLACK)
        })
        .map(|r| (r.x0, r.x1))
        .max_by(|a, b| (a.1 - a.0).total_cmp(&(b.1 - b.0)))
}

/// The value columns (index, left, right) a period stub heads: those whose
/// centre lies between the midpoints towards the phrases beside it on its
/// line that are over the value columns too.
pub(super) fn stub_span(
    line: &Line,
    k: usize,
    start: f64,
    value_columns: &[(usize, f64, f64)],
) -> Option<(usize, usize)> {
    let p = line.phrases.get(k)?;
    let over = |q: &&Phrase| q.x0 >= start - 1.0;
    let left = line
        .phrases
        .get(..k)?
        .iter()
        .rev()
        .find(over)
        .map_or(f64::NEG_INFINITY, |q| (q.x1 + p.x0) / 2.0);
    let right = line
        .phrases
        .get(k + 1..)?
        .iter()
        .find(over)
        .map_or(f64::INFINITY, |q| (p.x1 + q.x0) / 2.0);
    let inside: Vec<usize> = value_columns
        .iter()
        .filter(|(_, x0, x1)| {
            let mid = (x0 + x1) / 2.0;
            mid > left && mid < right
        })
        .map(|(i, _, _)| *i)
        .collect();
    Some((*inside.first()?, *inside.last()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn period_stubs_name_a_kind_of_period_and_no_date() {
        for stub in [
            "Years ended",
            "Three Months Ended",
            "Fiscal Year",
            "For the years ended",
            "Year Ended",
        ] {
            assert!(is_period_stub(stub), "{stub}");
        }
        for other in [
            "Years ended September 24, 2022",
            "September 24,",
            "Increase/(Decrease)",
            "Change",
            "2022",
        ] {
            assert!(!is_period_stub(other), "{other}");
        }
    }

    #[test]
    fn period_headings_are_a_year_or_a_date_alone() {
        for heading in ["2022", "September 24, 2022", "June 30 2016"] {
            assert!(is_period_heading(heading), "{heading}");
        }
        for other in ["Fiscal 2022", "2022 Form 10-K", "June 30,", "1,234"] {
            assert!(!is_period_heading(other), "{other}");
        }
    }

    #[test]
    fn date_stubs_have_a_month_and_no_year() {
        for stub in ["June 30,", "As of December 31,", "Year Ended June 30,"] {
            assert!(is_date_stub(stub), "{stub}");
        }
        for other in ["June 30, 2016", "Total assets", "Years ended", "May 2016"] {
            assert!(!is_date_stub(other), "{other}");
        }
    }

    fn phrase(x0: f64, x1: f64, text: &str) -> Phrase {
        let kind = if text.chars().all(|c| c.is_ascii_digit()) {
            PhraseKind::Number
        } else {
            PhraseKind::Text
        };
        Phrase {
            x0,
            x1,
            text: text.to_string(),
            kind,
        }
    }

    fn line(phrases: Vec<Phrase>) -> Line {
        Line {
            base: 100.0,
            size: 8.0,
            words: phrases.clone(),
            phrases,
        }
    }

    fn rule(x0: f64, x1: f64, y: f64) -> Rule {
        Rule {
            x0,
            y0: y,
            x1,
            y1: y,
        }
    }

    #[test]
    fn a_heading_spans_the_widest_rule_under_it_alone() {
        let header = line(vec![
            phrase(200.0, 230.0, "Retail"),
            phrase(350.0, 390.0, "Corporate"),
        ]);
        // A group's rule, and the cell border piece under the heading.
        let rules = flat_rules(&[
            rule(150.0, 300.0, 102.0),
            rule(190.0, 240.0, 102.0),
            rule(320.0, 440.0, 102.0),
        ]);
        assert_eq!(underline(&header, 0, &rules, 120.0), Some((150.0, 300.0)));
        assert_eq!(underline(&header, 1, &rules, 120.0), Some((320.0, 440.0)));
    }

    #[test]
    fn a_rule_under_the_whole_line_or_the_labels_or_far_below_heads_nothing() {
        let header = line(vec![
            phrase(200.0, 230.0, "Retail"),
            phrase(350.0, 390.0, "Corporate"),
        ]);
        // Under both headings.
        let rules = flat_rules(&[rule(150.0, 440.0, 102.0)]);
        assert_eq!(underline(&header, 0, &rules, 120.0), None);
        // Reaching into the labels.
        let rules = flat_rules(&[rule(40.0, 300.0, 102.0)]);
        assert_eq!(underline(&header, 0, &rules, 120.0), None);
        // Two lines below, or above the baseline.
        let rules = flat_rules(&[rule(150.0, 300.0, 120.0), rule(150.0, 300.0, 92.0)]);
        assert_eq!(underline(&header, 0, &rules, 120.0), None);
        // Narrower than the heading.
        let rules = flat_rules(&[rule(205.0, 225.0, 102.0)]);
        assert_eq!(underline(&header, 0, &rules, 120.0), None);
        // Vertical rules are no underline.
        let rules = flat_rules(&[Rule {
            x0: 210.0,
            y0: 90.0,
            x1: 210.0,
            y1: 110.0,
        }]);
        assert_eq!(underline(&header, 0, &rules, 120.0), None);
    }

    #[test]
    fn a_date_stub_is_lifted_over_the_value_columns() {
        let header = line(vec![
            phrase(50.0, 80.0, "June 30,"),
            phrase(400.0, 418.0, "2016"),
            phrase(480.0, 498.0, "2015"),
        ]);
        let (stub, years) =
            split_stub(&header, 390.0, (392.0, 500.0)).unwrap_or_else(|| panic!("no split"));
        assert_eq!(stub.text(), "June 30,");
        assert_eq!((stub.x0(), stub.x1()), (392.0, 500.0));
        assert_eq!(years.map(|y| y.text()).as_deref(), Some("2016 2015"));
        let segments = line(vec![
            phrase(50.0, 150.0, "Three months ended March 31,"),
            phrase(400.0, 470.0, "Corporate"),
        ]);
        assert!(split_stub(&segments, 390.0, (392.0, 500.0)).is_some());
        let data = line(vec![
            phrase(50.0, 80.0, "Revenue"),
            phrase(400.0, 418.0, "4,200"),
        ]);
        assert!(split_stub(&data, 390.0, (392.0, 500.0)).is_none());
    }

    #[test]
    fn a_stub_spans_up_to_its_neighbours() {
        let columns = [(1, 360.0, 420.0), (2, 430.0, 490.0), (3, 500.0, 560.0)];
        let alone = line(vec![phrase(437.0, 484.0, "Years ended")]);
        assert_eq!(stub_span(&alone, 0, 350.0, &columns), Some((1, 3)));
        let columns = [
            (1, 360.0, 420.0),
            (2, 430.0, 490.0),
            (3, 500.0, 560.0),
            (4, 570.0, 630.0),
        ];
        let two = line(vec![
            phrase(380.0, 470.0, "Three Months Ended"),
            phrase(520.0, 610.0, "Nine Months Ended"),
        ]);
        assert_eq!(stub_span(&two, 0, 350.0, &columns), Some((1, 2)));
        assert_eq!(stub_span(&two, 1, 350.0, &columns), Some((3, 4)));
    }
}
