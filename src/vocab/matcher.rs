//! The matcher: lookup tables built once from the concepts, the rules that
//! read a row label in its section and statement, the scan that finds a
//! concept in claim text, and the collision check the vocabulary must pass.
//!
//! Every call works on normalized keys (`normalize.rs`) and `HashMap`s; no
//! regex runs per call. The rules are listed in `README.md`.

use crate::hash::{Map as HashMap, Set as HashSet};
use std::collections::BTreeSet;
use std::ops::Range;
use std::sync::Arc;

use super::ConceptInfo;
use super::file::{Contents, TOTAL_WORDS};
use super::normalize::{join, label_keys, normalize_label, tokens};
use crate::model::StatementKind;

/// The statement kinds, in the order collisions are reported.
const KINDS: [StatementKind; 4] = [
    StatementKind::Income,
    StatementKind::Balance,
    StatementKind::CashFlow,
    StatementKind::Other,
];

/// Leading words dropped before a last plain lookup ("Total research and
/// development", "Less: accumulated depreciation").
const DROPPED_LEADS: [&str; 2] = ["total ", "less "];

/// Normalized keys of the labels and captions already read. A table's rows
/// repeat labels ("Revenue" in every segment) and share captions, so the
/// labeler keeps one cache per source and normalizes each text once.
#[derive(Debug, Default)]
pub struct LabelCache {
    keys: HashMap<String, Arc<[String]>>,
}

impl LabelCache {
    fn keys(&mut self, text: &str) -> Arc<[String]> {
        if let Some(keys) = self.keys.get(text) {
            return Arc::clone(keys);
        }
        let keys: Arc<[String]> = label_keys(text).into();
        self.keys.insert(text.to_string(), Arc::clone(&keys));
        keys
    }
}

/// Labels under a section, for one concept.
#[derive(Debug)]
struct SectionRule {
    /// Position of the concept.
    concept: usize,
    /// Normalized caption phrases, each padded with one space on both sides.
    phrases: Vec<String>,
}

/// The lookup tables of a vocabulary.
#[derive(Debug, Default)]
pub(crate) struct Index {
    /// Normalized label → concepts (positions, no repeats).
    labels: HashMap<String, Vec<usize>>,
    /// Normalized section label → rules naming it.
    sections: HashMap<String, Vec<SectionRule>>,
    /// Normalized text-only label → concepts.
    text: HashMap<String, Vec<usize>>,
    /// Normalized phrases that name no single concept in text.
    ambiguous: HashSet<String>,
    /// Word sequences that disqualify a phrase they come right before ("adjusted").
    qualifiers_before: Vec<Vec<String>>,
    /// Word sequences that disqualify a phrase they come right after ("per").
    qualifiers_after: Vec<Vec<String>>,
    /// Concept id → position.
    by_id: HashMap<String, usize>,
    /// The most words any text lookup key has.
    max_words: usize,
}

/// The result of looking one key up.
enum Lookup {
    /// Exactly one concept.
    Hit(usize),
    /// More than one concept: the label does not decide.
    Ambiguous,
    /// No concept.
    Miss,
}

/// Adds `value` under `key` unless it is there already.
fn push_unique(map: &mut HashMap<String, Vec<usize>>, key: String, value: usize) {
    let list = map.entry(key).or_default();
    if !list.contains(&value) {
        list.push(value);
    }
}

/// Phrases as sequences of normalized words (empty ones dropped).
fn word_sequences(phrases: &[String]) -> Vec<Vec<String>> {
    phrases
        .iter()
        .map(|q| tokens(q).into_iter().map(|t| t.text).collect::<Vec<_>>())
        .filter(|q| !q.is_empty())
        .collect()
}

/// Words that may be left dangling when the numeric detail of a label is
/// cut off ("Accounts receivable, net of allowance of $5" → "…allowance of").
const DANGLING_WORDS: [&str; 12] = [
    "of",
    "at",
    "and",
    "for",
    "in",
    "with",
    "to",
    "by",
    "less",
    "including",
    "excluding",
    "approximately",
];

/// Whether a character starts the numeric detail of a label (an amount, a
/// par value, a share count).
fn starts_detail(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '$' | '\u{20AC}' | '\u{00A3}' | '\u{00A5}')
}

/// The label with trailing separators and dangling small words removed.
fn trim_dangling(mut text: &str) -> &str {
    loop {
        text = text.trim_end_matches(|c: char| !c.is_alphanumeric());
        let word_start = text
            .char_indices()
            .rev()
            .find(|(_, c)| !c.is_alphanumeric())
            .map(|(at, c)| at + c.len_utf8())
            .unwrap_or(0);
        let word = text.get(word_start..).unwrap_or_default();
        if word_start == 0 || !DANGLING_WORDS.iter().any(|d| word.eq_ignore_ascii_case(d)) {
            return text;
        }
        text = text.get(..word_start).unwrap_or_default();
    }
}

/// The number of words in a normalized key.
fn word_count(key: &str) -> usize {
    key.split(' ').count()
}

impl Index {
    /// Builds the tables for a vocabulary's contents.
    pub(crate) fn build(contents: &Contents) -> Index {
        let mut index = Index::default();
        for (at, concept) in contents.concepts.iter().enumerate() {
            index.by_id.insert(concept.id.as_str().to_string(), at);
            for label in &concept.labels {
                push_unique(&mut index.labels, normalize_label(label), at);
            }
            for label in &concept.text_labels {
                push_unique(&mut index.text, normalize_label(label), at);
            }
            for rule in &concept.in_section {
                let phrases: Vec<String> = rule
                    .section
                    .iter()
                    .map(|p| format!(" {} ", normalize_label(p)))
                    .collect();
                for label in &rule.labels {
                    index
                        .sections
                        .entry(normalize_label(label))
                        .or_default()
                        .push(SectionRule {
                            concept: at,
                            phrases: phrases.clone(),
                        });
                }
            }
        }
        index.ambiguous = contents
            .ambiguous
            .iter()
            .map(|p| normalize_label(p))
            .collect();
        index.qualifiers_before = word_sequences(&contents.qualifiers_before);
        index.qualifiers_after = word_sequences(&contents.qualifiers_after);
        index.max_words = index
            .labels
            .keys()
            .chain(index.text.keys())
            .chain(index.ambiguous.iter())
            .map(|k| word_count(k))
            .max()
            .unwrap_or(0);
        index
    }

    /// Whether a phrase names no single concept in claim text (listed as
    /// ambiguous and not a text label).
    #[cfg(test)]
    pub(crate) fn is_ambiguous_text(&self, phrase: &str) -> bool {
        let key = normalize_label(phrase);
        !self.text.contains_key(&key) && self.ambiguous.contains(&key)
    }

    /// The position of a concept id.
    pub(crate) fn position(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// Looks one key up among the labels of concepts allowed in `statement`.
    fn lookup(&self, concepts: &[ConceptInfo], key: &str, statement: StatementKind) -> Lookup {
        let Some(found) = self.labels.get(key) else {
            return Lookup::Miss;
        };
        let mut allowed = found
            .iter()
            .copied()
            .filter(|&at| concepts.get(at).is_some_and(|c| c.allowed_in(statement)));
        match (allowed.next(), allowed.next()) {
            (Some(at), None) => Lookup::Hit(at),
            (Some(_), Some(_)) => Lookup::Ambiguous,
            (None, _) => Lookup::Miss,
        }
    }

    /// Looks keys up in order; the first key found decides.
    fn lookup_keys<'k>(
        &self,
        concepts: &[ConceptInfo],
        keys: impl IntoIterator<Item = &'k String>,
        statement: StatementKind,
    ) -> Lookup {
        for key in keys {
            match self.lookup(concepts, key, statement) {
                Lookup::Miss => continue,
                decided => return decided,
            }
        }
        Lookup::Miss
    }

    /// The concept of a section-dependent label under one section caption:
    /// among the rules whose phrase occurs in the caption, the phrase that
    /// starts earliest wins, then the longest; a tie between two concepts
    /// is `Ambiguous`.
    fn in_section(
        &self,
        concepts: &[ConceptInfo],
        label_keys: &[String],
        caption_keys: &[String],
        statement: StatementKind,
    ) -> Lookup {
        let mut padded: Vec<String> = Vec::new();
        for key in label_keys {
            let Some(rules) = self.sections.get(key) else {
                continue;
            };
            if padded.is_empty() {
                padded = caption_keys.iter().map(|k| format!(" {k} ")).collect();
            }
            // (word position, minus phrase length, concept): smallest wins.
            let mut best: Option<(usize, isize, usize)> = None;
            let mut tied = false;
            for rule in rules {
                if !concepts
                    .get(rule.concept)
                    .is_some_and(|c| c.allowed_in(statement))
                {
                    continue;
                }
                for phrase in &rule.phrases {
                    for caption in &padded {
                        let Some(at) = caption.find(phrase.as_str()) else {
                            continue;
                        };
                        let position = caption
                            .get(..at)
                            .map(|b| b.matches(' ').count())
                            .unwrap_or(0);
                        let length = isize::try_from(phrase.len()).unwrap_or(isize::MAX);
                        let rank = (position, -length, rule.concept);
                        match best {
                            None => best = Some(rank),
                            Some(b) if (rank.0, rank.1) < (b.0, b.1) => {
                                best = Some(rank);
                                tied = false;
                            }
                            Some(b) if (rank.0, rank.1) == (b.0, b.1) && rank.2 != b.2 => {
                                tied = true;
                            }
                            Some(_) => {}
                        }
                    }
                }
            }
            match best {
                Some(_) if tied => return Lookup::Ambiguous,
                Some((_, _, at)) => return Lookup::Hit(at),
                None => continue,
            }
        }
        Lookup::Miss
    }

    /// The concept of a row label in its section path (outermost first) and
    /// statement, by the rules in README.md.
    pub(crate) fn match_label(
        &self,
        concepts: &[ConceptInfo],
        label: &str,
        section: &[String],
        statement: StatementKind,
        cache: &mut LabelCache,
    ) -> Option<usize> {
        // Section captions, innermost first, blank ones skipped.
        let captions: Vec<Arc<[String]>> = section
            .iter()
            .rev()
            .map(|caption| cache.keys(caption))
            .filter(|k| !k.is_empty())
            .collect();
        if let Some(decided) = self.match_steps(concepts, &cache.keys(label), &captions, statement)
        {
            return decided;
        }
        // 6. Numeric detail cut off: "Common stock, $0.01 par value; 500
        //    shares authorized" is read as "Common stock", then shorter heads.
        let cut = label.find(starts_detail)?;
        let mut head = label.get(..cut)?;
        loop {
            head = trim_dangling(head);
            if head.is_empty() {
                return None;
            }
            if let Some(decided) =
                self.match_steps(concepts, &label_keys(head), &captions, statement)
            {
                return decided;
            }
            let separator = head.rfind([',', ';', ':', '(', '[', '\u{2013}', '\u{2014}'])?;
            head = head.get(..separator)?;
        }
    }

    /// Steps 1–5 of the rules: `Some(decision)` when a step decided (a
    /// concept, or `None` for an ambiguous label), `None` when none applied.
    fn match_steps(
        &self,
        concepts: &[ConceptInfo],
        keys: &[String],
        captions: &[Arc<[String]>],
        statement: StatementKind,
    ) -> Option<Option<usize>> {
        let first = keys.first()?;
        let decide = |found: Lookup| -> Option<Option<usize>> {
            match found {
                Lookup::Hit(at) => Some(Some(at)),
                Lookup::Ambiguous => Some(None),
                Lookup::Miss => None,
            }
        };

        // 1. Labels that mean a concept only under a section, innermost first.
        for caption in captions {
            if let Some(decided) = decide(self.in_section(concepts, keys, caption, statement)) {
                return Some(decided);
            }
        }
        // 2. The label itself.
        if let Some(decided) = decide(self.lookup_keys(concepts, keys, statement)) {
            return Some(decided);
        }
        // 3. A bare "Total" takes the innermost section's caption.
        if TOTAL_WORDS.contains(&first.as_str())
            && let Some(caption) = captions.first()
            && let Some(decided) = decide(self.lookup_keys(concepts, caption.iter(), statement))
        {
            return Some(decided);
        }
        // 4. Section caption and label read together, innermost section first.
        for caption in captions {
            for caption_key in caption.iter() {
                let joined: Vec<String> =
                    keys.iter().map(|k| format!("{caption_key} {k}")).collect();
                if let Some(decided) = decide(self.lookup_keys(concepts, &joined, statement)) {
                    return Some(decided);
                }
            }
        }
        // 5. Without a leading "total" or "less".
        let rest: Vec<String> = keys
            .iter()
            .filter_map(|k| {
                DROPPED_LEADS
                    .iter()
                    .find_map(|lead| k.strip_prefix(lead))
                    .map(str::to_string)
            })
            .collect();
        decide(self.lookup_keys(concepts, &rest, statement))
    }

    /// Whether a qualifier ("adjusted", "pro forma") ends right before word `at`.
    fn qualified_before(&self, words: &[&str], at: usize) -> bool {
        self.qualifiers_before.iter().any(|q| {
            at.checked_sub(q.len())
                .and_then(|from| words.get(from..at))
                .is_some_and(|before| before.iter().zip(q).all(|(w, q)| *w == q.as_str()))
        })
    }

    /// Whether a qualifier ("per", "as a percentage") starts at word `at`.
    fn qualified_after(&self, words: &[&str], at: usize) -> bool {
        self.qualifiers_after.iter().any(|q| {
            words
                .get(at..at + q.len())
                .is_some_and(|after| after.iter().zip(q).all(|(w, q)| *w == q.as_str()))
        })
    }

    /// The longest phrase of the vocabulary in free text: its byte range and
    /// concept. The longest phrase decides even when it names no single
    /// concept: an ambiguous phrase, a label shared by two concepts, or a
    /// phrase with a qualifier right before or after it gives `None`.
    pub(crate) fn find_in_text(&self, text: &str) -> Option<(Range<usize>, usize)> {
        let toks = tokens(text);
        let words: Vec<&str> = toks.iter().map(|t| t.text.as_str()).collect();
        // (words, first word, concept or None for "names no single concept")
        let mut best: Option<(usize, usize, Option<usize>)> = None;
        for start in 0..words.len() {
            let longest = self.max_words.min(words.len() - start);
            for len in (1..=longest).rev() {
                if best.is_some_and(|(best_len, _, _)| len <= best_len) {
                    break;
                }
                let Some(slice) = toks.get(start..start + len) else {
                    continue;
                };
                let key = join(slice);
                let single = |list: &Vec<usize>| match list.as_slice() {
                    [one] => Some(*one),
                    _ => None,
                };
                let found = if let Some(list) = self.text.get(&key) {
                    single(list)
                } else if self.ambiguous.contains(&key) {
                    None
                } else if let Some(list) = self.labels.get(&key) {
                    single(list)
                } else {
                    continue;
                };
                let qualified = self.qualified_before(&words, start)
                    || self.qualified_after(&words, start + len);
                best = Some((len, start, found.filter(|_| !qualified)));
                break;
            }
        }
        let (len, start, found) = best?;
        let at = found?;
        let first = toks.get(start)?;
        let last = toks.get(start + len - 1)?;
        Some((first.start..last.end, at))
    }
}

/// A label that names two or more concepts where the reader cannot tell
/// them apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Collision {
    /// The normalized label.
    pub key: String,
    /// For a section label: the normalized caption phrase it is tied to.
    pub section: Option<String>,
    /// The concepts it names.
    pub concepts: Vec<String>,
    /// Statement kinds where both concepts are candidates; empty for claim text.
    pub kinds: Vec<&'static str>,
}

impl std::fmt::Display for Collision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "label {:?}", self.key)?;
        if let Some(phrase) = &self.section {
            write!(f, " under a section containing {phrase:?}")?;
        }
        let names: Vec<String> = self.concepts.iter().map(|c| format!("{c:?}")).collect();
        write!(f, " names both {}", names.join(" and "))?;
        match self.kinds.as_slice() {
            [] => write!(f, " in claim text"),
            [one] => write!(f, " in {one} statements"),
            many => write!(f, " in {} statements", many.join(", ")),
        }
    }
}

/// Whether a concept declares itself for a statement kind (an empty list
/// declares every kind). Unlike `allowed_in`, `Other` is not a wildcard here:
/// in tables of unknown kind a shared label is read as ambiguous instead.
fn declared_for(concept: &ConceptInfo, kind: StatementKind) -> bool {
    concept.statements.is_empty() || concept.statements.contains(&kind)
}

/// Every label, text label and section label that names two concepts in
/// the same kind of statement (or in claim text), sorted by label.
pub(crate) fn collisions(concepts: &[ConceptInfo]) -> Vec<Collision> {
    let mut found: Vec<Collision> = Vec::new();
    let mut record = |key: String,
                      section: Option<String>,
                      ids: BTreeSet<String>,
                      kind: Option<StatementKind>| {
        let ids: Vec<String> = ids.into_iter().collect();
        let kind = kind.map(StatementKind::as_str);
        match found
            .iter_mut()
            .find(|c| c.key == key && c.section == section && c.concepts == ids)
        {
            Some(known) => known.kinds.extend(kind),
            None => found.push(Collision {
                key,
                section,
                concepts: ids,
                kinds: kind.into_iter().collect(),
            }),
        }
    };

    for kind in KINDS {
        let mut by_key: HashMap<String, BTreeSet<String>> = HashMap::default();
        let mut by_section: HashMap<(String, String), BTreeSet<String>> = HashMap::default();
        for concept in concepts.iter().filter(|c| declared_for(c, kind)) {
            for label in &concept.labels {
                by_key
                    .entry(normalize_label(label))
                    .or_default()
                    .insert(concept.id.to_string());
            }
            for rule in &concept.in_section {
                for phrase in &rule.section {
                    for label in &rule.labels {
                        by_section
                            .entry((normalize_label(label), normalize_label(phrase)))
                            .or_default()
                            .insert(concept.id.to_string());
                    }
                }
            }
        }
        for (key, ids) in by_key {
            if ids.len() > 1 {
                record(key, None, ids, Some(kind));
            }
        }
        for ((key, phrase), ids) in by_section {
            if ids.len() > 1 {
                record(key, Some(phrase), ids, Some(kind));
            }
        }
    }

    let mut text: HashMap<String, BTreeSet<String>> = HashMap::default();
    for concept in concepts {
        for label in &concept.text_labels {
            text.entry(normalize_label(label))
                .or_default()
                .insert(concept.id.to_string());
        }
    }
    for (key, ids) in text {
        if ids.len() > 1 {
            record(key, None, ids, None);
        }
    }

    found.sort_by(|a, b| (&a.key, &a.section, &a.concepts).cmp(&(&b.key, &b.section, &b.concepts)));
    found
}
