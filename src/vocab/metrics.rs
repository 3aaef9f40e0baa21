//! The derived-metric table: which calculation a role that names a metric
//! must be ("gross margin" is gross profit over revenue; "revenue growth" is
//! this period's revenue against the period before). The data is
//! `metrics.toml` beside this file, compiled in; its header documents the
//! formula language.
//!
//! This module owns the table and finds a change word in a role's text;
//! holding a calculation to a formula is `check::formula`'s.

use std::ops::Range;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, MatchKind};
use serde::Deserialize;

/// The built-in metric file.
const METRICS_TOML: &str = include_str!("metrics.toml");

/// The built-in table, parsed once. A parse failure of the built-in file is
/// a build defect the unit tests catch; at run time it degrades to an empty
/// table (no formula is judged) rather than a panic.
static BUILTIN: LazyLock<Metrics> =
    LazyLock::new(|| Metrics::parse(METRICS_TOML).unwrap_or_default());

/// The derived metrics.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Metrics {
    /// Changes of a claim's own measure (growth, decline).
    #[serde(default, rename = "change")]
    changes: Vec<ChangeDef>,
    /// Metrics named by a concept.
    #[serde(default, rename = "metric")]
    pub metrics: Vec<MetricDef>,
    /// Every change word, in table order, as one automaton: which words a
    /// text holds is found in one pass, where a search per word cost a
    /// searcher's set-up for each of some forty words of every role and
    /// sentence read. Built by [`Metrics::parse`]; `changes` is private so
    /// that it cannot go stale.
    #[serde(skip)]
    words: Option<AhoCorasick>,
}

/// A change over the claim's own measure.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChangeDef {
    /// Its name, for messages ("growth").
    pub name: String,
    /// The words of a role that name it ("grew", "year over year").
    pub words: Vec<String>,
    /// Its formulas over `cur` and `prior`.
    pub formulas: Vec<String>,
}

/// A metric named by a concept.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetricDef {
    /// The concept id (`GrossMargin`).
    pub concept: String,
    /// Its formulas over concept ids.
    pub formulas: Vec<String>,
}

/// A change word found in a text.
#[derive(Debug, Clone)]
pub struct ChangeFound<'m> {
    /// The change it names.
    pub change: &'m ChangeDef,
    /// Where its words are in the text (byte ranges).
    pub spans: Vec<Range<usize>>,
}

impl Metrics {
    /// The built-in table.
    pub fn builtin() -> &'static Metrics {
        &BUILTIN
    }

    /// Parses a table in the `metrics.toml` format.
    pub fn parse(text: &str) -> Result<Metrics, toml::de::Error> {
        let mut table: Metrics = toml::from_str(text)?;
        // Change words are matched without case: kept lower-cased.
        for change in &mut table.changes {
            for word in &mut change.words {
                *word = word.to_lowercase();
            }
        }
        // Overlapping matches, every occurrence of every word: the standard
        // semantics. A table whose words cannot be built into one (none is
        // expected: the limits are far above forty words) is searched word
        // by word instead.
        table.words = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .build(table.changes.iter().flat_map(|c| &c.words))
            .ok();
        Ok(table)
    }

    /// The changes of a claim's own measure, in table order.
    pub fn changes(&self) -> &[ChangeDef] {
        &self.changes
    }

    /// The metric a concept names, if the table has it.
    pub fn metric(&self, concept: &str) -> Option<&MetricDef> {
        self.metrics.iter().find(|m| m.concept == concept)
    }

    /// The change a text names, and where its words are: the change with
    /// the most words found (the first in the table on a tie). Words match
    /// whole words, ignoring case.
    pub fn change_in(&self, text: &str) -> Option<ChangeFound<'_>> {
        let lower = text.to_lowercase();
        // Lower-casing can change byte lengths outside ASCII; spans are
        // only kept when it did not.
        if lower.len() != text.len() {
            return None;
        }
        // Where each word occurs (its starts, in order), by the word's place
        // in table order; without the automaton, every word is searched.
        let occurrences: Option<Vec<Vec<usize>>> = self.words.as_ref().map(|words| {
            let mut at = vec![Vec::new(); words.patterns_len()];
            for m in words.find_overlapping_iter(&lower) {
                if let Some(list) = at.get_mut(m.pattern().as_usize()) {
                    list.push(m.start());
                }
            }
            at
        });
        if occurrences
            .as_ref()
            .is_some_and(|at| at.iter().all(Vec::is_empty))
        {
            return None;
        }
        let mut best: Option<ChangeFound<'_>> = None;
        let mut index = 0;
        for change in &self.changes {
            let mut spans: Vec<Range<usize>> = Vec::new();
            for word in &change.words {
                let starts = occurrences.as_ref().and_then(|at| at.get(index));
                index += 1;
                // Each occurrence left to right, the next looked for past the
                // end of the last: what `str::find` from there returns.
                let mut from = 0;
                let next = |from: usize| -> Option<usize> {
                    match starts {
                        Some(starts) => starts.iter().copied().find(|&s| s >= from),
                        None => lower
                            .get(from..)
                            .and_then(|rest| rest.find(word.as_str()))
                            .map(|at| from + at),
                    }
                };
                while let Some(start) = next(from) {
                    let end = start + word.len();
                    if boundary(&lower, start, end)
                        && !spans.iter().any(|s| s.start < end && start < s.end)
                    {
                        spans.push(start..end);
                    }
                    from = end;
                }
            }
            if !spans.is_empty() && best.as_ref().is_none_or(|b| spans.len() > b.spans.len()) {
                spans.sort_by_key(|s| s.start);
                best = Some(ChangeFound { change, spans });
            }
        }
        best
    }

    /// The change a role's text names of its measure: [`Metrics::change_in`]
    /// without the change words inside the phrase of a statement line the
    /// vocabulary names (that line's own words: "Increase (decrease) in
    /// accounts receivable"), and how many such words were taken out.
    pub fn change_of_measure(
        &self,
        text: &str,
        vocab: &super::Vocab,
    ) -> Option<(ChangeFound<'_>, usize)> {
        let mut found = self.change_in(text)?;
        let line = vocab
            .find_in_text(text)
            .filter(|(_, id)| vocab.info(id.as_str()).is_some_and(|i| !i.derived))
            .map(|(range, _)| range);
        let before = found.spans.len();
        if let Some(line) = &line {
            found
                .spans
                .retain(|s| s.end <= line.start || s.start >= line.end);
        }
        let dropped = before - found.spans.len();
        Some((found, dropped))
    }
}

/// The text with the spans (in order, not overlapping) taken out, each left
/// as a space: the measure a change word was said of.
pub fn without_spans<'r>(text: &str, spans: impl IntoIterator<Item = &'r Range<usize>>) -> String {
    let mut rest = String::with_capacity(text.len());
    let mut at = 0;
    for span in spans {
        rest.push_str(text.get(at..span.start).unwrap_or(""));
        rest.push(' ');
        at = span.end;
    }
    rest.push_str(text.get(at..).unwrap_or(""));
    rest
}

/// Whether `start..end` of `text` is a whole word (or phrase).
fn boundary(text: &str, start: usize, end: usize) -> bool {
    let word_char = |c: char| c.is_alphanumeric();
    let before = text.get(..start).and_then(|t| t.chars().next_back());
    let after = text.get(end..).and_then(|t| t.chars().next());
    let first = text.get(start..).and_then(|t| t.chars().next());
    let last = text.get(..end).and_then(|t| t.chars().next_back());
    // A phrase starting or ending in a symbol ("% change") needs no boundary there.
    let open = first.is_none_or(|c| !word_char(c)) || before.is_none_or(|c| !word_char(c));
    let close = last.is_none_or(|c| !word_char(c)) || after.is_none_or(|c| !word_char(c));
    open && close
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::Vocab;

    #[test]
    fn the_builtin_table_parses_and_names_known_concepts() {
        let metrics = Metrics::parse(METRICS_TOML).unwrap_or_else(|e| panic!("{e}"));
        assert!(metrics.changes().len() >= 2);
        assert!(metrics.metrics.len() >= 15);
        let vocab = Vocab::builtin();
        for metric in &metrics.metrics {
            let info = vocab
                .info(&metric.concept)
                .unwrap_or_else(|| panic!("{} is not a concept", metric.concept));
            assert!(
                info.derived || metric.concept.starts_with("EarningsPerShare"),
                "{} is a statement line, not a derived metric",
                metric.concept
            );
            assert!(!metric.formulas.is_empty());
            for formula in &metric.formulas {
                let calc = crate::answer::calc::Calc::parse(formula)
                    .unwrap_or_else(|e| panic!("{}: {formula}: {e}", metric.concept));
                for id in calc.operand_ids() {
                    let concept = id.split("__").next().unwrap_or(id);
                    let suffix = id.strip_prefix(concept).unwrap_or("");
                    assert!(
                        vocab.info(concept).is_some(),
                        "{formula}: {concept} is not a concept"
                    );
                    assert!(
                        matches!(suffix, "" | "__open" | "__prior"),
                        "{formula}: {suffix}"
                    );
                }
            }
        }
        for change in metrics.changes() {
            for formula in &change.formulas {
                let calc = crate::answer::calc::Calc::parse(formula)
                    .unwrap_or_else(|e| panic!("{formula}: {e}"));
                for id in calc.operand_ids() {
                    assert!(matches!(id, "cur" | "prior"), "{formula}: {id}");
                }
            }
        }
    }

    #[test]
    fn change_words_are_found_as_whole_words() {
        let metrics = Metrics::builtin();
        let found = metrics
            .change_in("Interest expense decline, Q3 2024 vs Q3 2023")
            .unwrap();
        assert_eq!(found.change.name, "decline");
        assert_eq!(found.spans, vec![17..24]);
        let found = metrics.change_in("net income growth 2024").unwrap();
        assert_eq!(found.change.name, "growth");
        assert!(metrics.change_in("Gross margin FY2024").is_none());
        assert!(
            metrics.change_in("Upstream revenue").is_none(),
            "up inside a word"
        );
        assert_eq!(
            metrics
                .change_in("revenue, year-over-year % change")
                .unwrap()
                .spans
                .len(),
            2
        );
    }

    /// The word-by-word search the automaton replaced.
    fn by_word(metrics: &Metrics) -> Metrics {
        Metrics {
            words: None,
            ..metrics.clone()
        }
    }

    #[test]
    fn a_duplicated_word_is_found_for_each_change_that_has_it() {
        let metrics = Metrics::parse(
            "[[change]]\nname = \"a\"\nwords = [\"up\", \"rose\"]\nformulas = []\n\
             [[change]]\nname = \"b\"\nwords = [\"rose\", \"up\", \"rose up\"]\nformulas = []\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        for text in ["it rose up", "up, up and up", "rose rose", "uprose up"] {
            let fast = metrics
                .change_in(text)
                .map(|f| (f.change.name.clone(), f.spans));
            let slow = by_word(&metrics)
                .change_in(text)
                .map(|f| (f.change.name.clone(), f.spans));
            assert_eq!(fast, slow, "{text}");
        }
    }

    proptest::proptest! {
        #[test]
        fn the_automaton_finds_what_a_search_per_word_finds(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::sample::select(
                        Metrics::builtin()
                            .changes()
                            .iter()
                            .flat_map(|c| c.words.clone())
                            .collect::<Vec<_>>()
                    ),
                    "[a-zA-Z%$ ,.-]{0,6}",
                ],
                0..12,
            ),
        ) {
            let text = parts.join(" ");
            let metrics = Metrics::builtin();
            let fast = metrics.change_in(&text).map(|f| (f.change.name.clone(), f.spans));
            let slow = by_word(metrics)
                .change_in(&text)
                .map(|f| (f.change.name.clone(), f.spans));
            proptest::prop_assert_eq!(fast, slow, "{:?}", text);
        }
    }
}
