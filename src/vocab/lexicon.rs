//! The role lexicon: the words around a line item that change what it
//! measures (qualifiers), what its sign means (directions), words that say
//! nothing about a role (noise), abbreviations, and concept families. The
//! data is `roles.toml` beside this file, compiled in.
//!
//! This module owns the words and how a text is cut into role words; reading
//! a whole role (period, measure, unit) and comparing roles is
//! `check::role`'s.

use crate::hash::{Map as HashMap, Set as HashSet};
use std::sync::LazyLock;

use serde::Deserialize;

use super::normalize::tokens;

/// The built-in lexicon file.
const ROLES_TOML: &str = include_str!("roles.toml");

/// The built-in lexicon, parsed once. A parse failure of the built-in file is
/// a build defect that the unit tests catch; at run time it degrades to an
/// empty lexicon rather than a panic.
static BUILTIN: LazyLock<Lexicon> =
    LazyLock::new(|| Lexicon::parse(ROLES_TOML).unwrap_or_default());

/// One normalized word of a text: lower case, apostrophes dropped, a plural
/// reduced to its singular ("liabilities" → "liability"), with its byte range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// The normalized, singular word.
    pub text: String,
    /// Byte offset of its first character in the text.
    pub start: usize,
    /// Byte offset just past its last character.
    pub end: usize,
}

/// The words of a text, normalized (see [`Word`]).
pub fn words(text: &str) -> Vec<Word> {
    tokens(text)
        .into_iter()
        .map(|t| Word {
            text: singular(&t.text),
            start: t.start,
            end: t.end,
        })
        .collect()
}

/// A word's singular, by the regular English plurals of financial labels:
/// "liabilities" → "liability", "losses" → "loss", "taxes" → "tax",
/// "expenses" → "expense", "sales" → "sale". Words of three letters or fewer,
/// and words ending in "ss", "us", "is" stay.
pub fn singular(word: &str) -> String {
    let n = word.len();
    if n <= 3 || !word.is_ascii() {
        return word.to_string();
    }
    let cut = |k: usize, add: &str| format!("{}{add}", word.get(..n - k).unwrap_or(word));
    if word.ends_with("ies") && n > 4 {
        return cut(3, "y");
    }
    if word.ends_with("sses") {
        return cut(2, "");
    }
    if word.ends_with("xes") || word.ends_with("ches") || word.ends_with("shes") {
        return cut(2, "");
    }
    if word.ends_with("ss") || word.ends_with("us") || word.ends_with("is") {
        return word.to_string();
    }
    if word.ends_with('s') {
        return cut(1, "");
    }
    word.to_string()
}

/// What a cell carrying a qualifier the claim does not state means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CellOnly {
    /// The claim has not named the cell's role.
    Strict,
    /// The plain claim's default reading; only ranks candidates.
    Lenient,
}

/// One qualifier of the lexicon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QualifierDef {
    /// The group whose values exclude each other ("geography").
    pub kind: String,
    /// This value ("us").
    pub value: String,
    /// What a cell-only occurrence means.
    pub cell_only: CellOnly,
    /// Parts of concept ids that carry this qualifier ("Current" of
    /// "AssetsCurrent"), compared case-sensitively.
    pub concept_marks: Vec<String>,
}

impl QualifierDef {
    /// Whether a concept id carries this qualifier in its name.
    pub fn marks(&self, concept: &str) -> bool {
        self.concept_marks
            .iter()
            .any(|m| concept.contains(m.as_str()))
    }
}

/// One direction kind of the lexicon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectionDef {
    /// The kind ("result", "cash").
    pub kind: String,
    /// Whether the sign of a value says the direction whatever the table's
    /// convention (false for expense/benefit lines, whose sign depends on how
    /// the table prints expenses).
    pub signed: bool,
    /// Concepts whose lines have this direction even when their label names
    /// no direction word ("Net income" is the income side of a result).
    pub concepts: Vec<String>,
}

/// A phrase found in a text: which entry, and the words it covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found<T> {
    /// The entry.
    pub entry: T,
    /// The first word's index.
    pub at: usize,
    /// How many words.
    pub len: usize,
}

/// Phrases (as word sequences) with a payload, matched longest first.
#[derive(Debug, Default)]
struct PhraseSet<T> {
    /// First word → (words, payload), longest first.
    by_first: HashMap<String, Vec<(Vec<String>, T)>>,
}

impl<T: Copy + PartialEq> PhraseSet<T> {
    /// Adds a phrase. One phrase may carry several payloads (a direction
    /// word of two kinds, "expense" of a tax line and of an income line);
    /// [`PhraseSet::scan`] finds the first, [`PhraseSet::scan_all`] each.
    fn insert(&mut self, phrase: &str, payload: T) {
        let seq: Vec<String> = words(phrase).into_iter().map(|w| w.text).collect();
        let Some(first) = seq.first().cloned() else {
            return;
        };
        let list = self.by_first.entry(first).or_default();
        if list.iter().any(|(w, p)| *w == seq && *p == payload) {
            return;
        }
        list.push((seq, payload));
        list.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
    }

    /// Every phrase matching at word `at`, longest first.
    fn all_at<'s>(&'s self, text: &'s [&str], at: usize) -> impl Iterator<Item = Found<T>> + 's {
        let list = text.get(at).and_then(|first| self.by_first.get(*first));
        list.into_iter()
            .flatten()
            .filter_map(move |(seq, payload)| {
                let window = text.get(at..at + seq.len())?;
                (window.iter().zip(seq).all(|(a, b)| *a == b)).then_some(Found {
                    entry: *payload,
                    at,
                    len: seq.len(),
                })
            })
    }

    /// Every phrase in the text, left to right, longest at each start, not
    /// overlapping.
    fn scan(&self, text: &[&str]) -> Vec<Found<T>> {
        self.scan_with(text, false)
    }

    /// As [`PhraseSet::scan`], with every payload of the longest phrase at
    /// each start.
    fn scan_all(&self, text: &[&str]) -> Vec<Found<T>> {
        self.scan_with(text, true)
    }

    fn scan_with(&self, text: &[&str], every_payload: bool) -> Vec<Found<T>> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < text.len() {
            let mut here = self.all_at(text, i);
            match here.next() {
                Some(found) => {
                    let len = found.len;
                    out.push(found);
                    if every_payload {
                        out.extend(here.take_while(|f| f.len == len));
                    }
                    i += len.max(1);
                }
                None => i += 1,
            }
        }
        out
    }
}

/// The role lexicon.
#[derive(Debug, Default)]
pub struct Lexicon {
    qualifiers: Vec<QualifierDef>,
    qualifier_phrases: PhraseSet<usize>,
    directions: Vec<DirectionDef>,
    /// (direction index, positive word?)
    direction_phrases: PhraseSet<(usize, bool)>,
    /// Direction index by concept id.
    direction_of_concept: HashMap<String, usize>,
    noise: HashSet<String>,
    sentence_noise: HashSet<String>,
    /// Opening (true) and closing (false) balance phrases.
    edges: PhraseSet<bool>,
    /// Abbreviation → the words it stands for.
    abbreviations: PhraseSet<usize>,
    expansions: Vec<Vec<String>>,
    /// Concept id → the families it is in.
    families: HashMap<String, Vec<usize>>,
    /// Each family's concept ids, in the file's order.
    family_members: Vec<Vec<String>>,
}

/// `roles.toml` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLexicon {
    #[serde(default)]
    qualifier: Vec<RawQualifier>,
    #[serde(default)]
    direction: Vec<RawDirection>,
    #[serde(default)]
    noise: Vec<String>,
    #[serde(default)]
    sentence_noise: Vec<String>,
    #[serde(default)]
    opening: Vec<String>,
    #[serde(default)]
    closing: Vec<String>,
    #[serde(default)]
    abbreviations: HashMap<String, String>,
    #[serde(default)]
    families: Vec<Vec<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawQualifier {
    kind: String,
    value: String,
    #[serde(default)]
    concept_marks: Vec<String>,
    cell_only: CellOnly,
    phrases: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDirection {
    kind: String,
    #[serde(default = "yes")]
    signed: bool,
    #[serde(default)]
    concepts: Vec<String>,
    positive: Vec<String>,
    negative: Vec<String>,
}

fn yes() -> bool {
    true
}

impl Lexicon {
    /// The built-in lexicon.
    pub fn builtin() -> &'static Lexicon {
        &BUILTIN
    }

    /// Reads a lexicon in the `roles.toml` format.
    pub fn parse(text: &str) -> Result<Lexicon, String> {
        let raw: RawLexicon = toml::from_str(text).map_err(|e| e.to_string())?;
        let mut lex = Lexicon::default();
        for q in raw.qualifier {
            let at = lex.qualifiers.len();
            for phrase in &q.phrases {
                lex.qualifier_phrases.insert(phrase, at);
            }
            lex.qualifiers.push(QualifierDef {
                kind: q.kind,
                value: q.value,
                cell_only: q.cell_only,
                concept_marks: q.concept_marks,
            });
        }
        for d in raw.direction {
            let at = lex.directions.len();
            for phrase in &d.positive {
                lex.direction_phrases.insert(phrase, (at, true));
            }
            for phrase in &d.negative {
                lex.direction_phrases.insert(phrase, (at, false));
            }
            for concept in &d.concepts {
                lex.direction_of_concept.insert(concept.clone(), at);
            }
            lex.directions.push(DirectionDef {
                kind: d.kind,
                signed: d.signed,
                concepts: d.concepts,
            });
        }
        for phrase in &raw.opening {
            lex.edges.insert(phrase, true);
        }
        for phrase in &raw.closing {
            lex.edges.insert(phrase, false);
        }
        lex.noise = raw.noise.iter().map(|w| singular(w)).collect();
        lex.sentence_noise = raw.sentence_noise.iter().map(|w| singular(w)).collect();
        let mut abbreviations: Vec<(String, String)> = raw.abbreviations.into_iter().collect();
        abbreviations.sort();
        for (short, long) in abbreviations {
            let at = lex.expansions.len();
            lex.expansions
                .push(words(&long).into_iter().map(|w| w.text).collect());
            lex.abbreviations.insert(&short, at);
        }
        for (n, family) in raw.families.iter().enumerate() {
            for id in family {
                lex.families.entry(id.clone()).or_default().push(n);
            }
        }
        lex.family_members = raw.families;
        Ok(lex)
    }

    /// The qualifier entry at an index.
    pub fn qualifier(&self, at: usize) -> Option<&QualifierDef> {
        self.qualifiers.get(at)
    }

    /// The index of the qualifier with this value ("parent").
    pub fn qualifier_by_value(&self, value: &str) -> Option<usize> {
        self.qualifiers.iter().position(|q| q.value == value)
    }

    /// The direction kind at an index.
    pub fn direction(&self, at: usize) -> Option<&DirectionDef> {
        self.directions.get(at)
    }

    /// The index of the direction kind with this name ("cash", "change").
    pub fn direction_by_kind(&self, kind: &str) -> Option<usize> {
        self.directions.iter().position(|d| d.kind == kind)
    }

    /// The direction kind a concept's lines carry, if any.
    pub fn direction_of_concept(&self, concept: &str) -> Option<usize> {
        self.direction_of_concept.get(concept).copied()
    }

    /// Every qualifier phrase in a word sequence.
    pub fn qualifiers_in(&self, text: &[&str]) -> Vec<Found<usize>> {
        self.qualifier_phrases.scan(text)
    }

    /// Every direction phrase in a word sequence: (kind index, positive).
    pub fn directions_in(&self, text: &[&str]) -> Vec<Found<(usize, bool)>> {
        self.direction_phrases.scan_all(text)
    }

    /// Every opening (`true`) or closing (`false`) balance phrase in a word
    /// sequence ("at beginning of year", "ending balance").
    pub fn edges_in(&self, text: &[&str]) -> Vec<Found<bool>> {
        self.edges.scan(text)
    }

    /// Every qualifier whose concept marks the concept id carries.
    pub fn marked_by(&self, concept: &str) -> impl Iterator<Item = usize> + '_ {
        let concept = concept.to_string();
        self.qualifiers
            .iter()
            .enumerate()
            .filter(move |(_, q)| q.marks(&concept))
            .map(|(at, _)| at)
    }

    /// Whether a word says nothing about a role.
    pub fn is_noise(&self, word: &str) -> bool {
        self.noise.contains(word) || word.chars().all(|c| c.is_ascii_digit())
    }

    /// Whether a word, in a sentence, says how a number moved or who said it.
    pub fn is_sentence_noise(&self, word: &str) -> bool {
        self.sentence_noise.contains(word)
    }

    /// The words with abbreviations read as what they stand for ("eps" →
    /// "earnings per share"); each expanded word keeps the abbreviation's range.
    pub fn expand(&self, text: Vec<Word>) -> Vec<Word> {
        let plain: Vec<&str> = text.iter().map(|w| w.text.as_str()).collect();
        let found = self.abbreviations.scan(&plain);
        if found.is_empty() {
            return text;
        }
        let mut out = Vec::with_capacity(text.len() + 4);
        let mut next = 0;
        for f in found {
            out.extend(text.get(next..f.at).unwrap_or(&[]).iter().cloned());
            let (start, end) = match (text.get(f.at), text.get(f.at + f.len - 1)) {
                (Some(a), Some(b)) => (a.start, b.end),
                _ => continue,
            };
            for w in self
                .expansions
                .get(f.entry)
                .map(Vec::as_slice)
                .unwrap_or(&[])
            {
                out.push(Word {
                    text: w.clone(),
                    start,
                    end,
                });
            }
            next = f.at + f.len;
        }
        out.extend(text.get(next..).unwrap_or(&[]).iter().cloned());
        out
    }

    /// The concepts of one family with `a`, `a` first: every `b` for which
    /// [`Lexicon::same_family`] holds. Others may repeat.
    pub fn relatives<'a>(&'a self, a: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        let others = self
            .families
            .get(a)
            .into_iter()
            .flatten()
            .filter_map(|n| self.family_members.get(*n))
            .flatten()
            .map(String::as_str)
            .filter(move |b| *b != a);
        std::iter::once(a).chain(others)
    }

    /// Whether two concepts are of one family (the same concept included).
    pub fn same_family(&self, a: &str, b: &str) -> bool {
        a == b
            || matches!(
                (self.families.get(a), self.families.get(b)),
                (Some(x), Some(y)) if x.iter().any(|f| y.contains(f))
            )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_lexicon_parses() {
        let lex = Lexicon::parse(ROLES_TOML).unwrap_or_else(|e| panic!("{e}"));
        assert!(lex.qualifiers.len() > 20);
        assert!(lex.directions.len() >= 4);
        assert!(lex.is_noise("the"));
        assert!(!lex.is_noise("total"), "total tells a total from its parts");
        assert!(!lex.is_noise("revenue"));
    }

    #[test]
    fn relatives_are_the_concepts_same_family_accepts() {
        let lex = Lexicon::builtin();
        let some = lex
            .families
            .keys()
            .next()
            .cloned()
            .unwrap_or_else(|| panic!("the built-in lexicon has families"));
        let relatives: Vec<&str> = lex.relatives(&some).collect();
        assert_eq!(relatives.first(), Some(&some.as_str()));
        assert!(relatives.len() > 1, "{some} has relatives");
        for b in &relatives {
            assert!(lex.same_family(&some, b), "{some} and {b}");
        }
        let every: Vec<&String> = lex.families.keys().collect();
        for b in every {
            assert_eq!(
                relatives.contains(&b.as_str()),
                lex.same_family(&some, b),
                "{some} and {b}"
            );
        }
        assert_eq!(
            lex.relatives("NotAConcept").collect::<Vec<_>>(),
            ["NotAConcept"]
        );
    }

    #[test]
    fn plurals_become_singular() {
        for (plural, one) in [
            ("liabilities", "liability"),
            ("losses", "loss"),
            ("taxes", "tax"),
            ("expenses", "expense"),
            ("sales", "sale"),
            ("revenues", "revenue"),
            ("earnings", "earning"),
            ("us", "us"),
            ("basis", "basis"),
            ("business", "business"),
            ("businesses", "business"),
            ("activities", "activity"),
        ] {
            assert_eq!(singular(plural), one, "{plural}");
        }
    }

    #[test]
    fn qualifiers_are_found_longest_first() {
        let lex = Lexicon::builtin();
        let text: Vec<String> = words("Net income attributable to noncontrolling interests")
            .into_iter()
            .map(|w| w.text)
            .collect();
        let text: Vec<&str> = text.iter().map(String::as_str).collect();
        let found = lex.qualifiers_in(&text);
        let values: Vec<&str> = found
            .iter()
            .filter_map(|f| lex.qualifier(f.entry))
            .map(|q| q.value.as_str())
            .collect();
        assert_eq!(values, ["nci"]);
        let us: Vec<String> = words("U.S. revenue").into_iter().map(|w| w.text).collect();
        let us: Vec<&str> = us.iter().map(String::as_str).collect();
        let found = lex.qualifiers_in(&us);
        assert_eq!(
            found
                .first()
                .and_then(|f| lex.qualifier(f.entry))
                .map(|q| q.value.as_str()),
            Some("us")
        );
    }

    #[test]
    fn abbreviations_expand() {
        let lex = Lexicon::builtin();
        let text: Vec<String> = lex
            .expand(words("diluted EPS"))
            .into_iter()
            .map(|w| w.text)
            .collect();
        assert_eq!(text, ["diluted", "earning", "per", "share"]);
    }
}
