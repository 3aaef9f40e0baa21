//! The vocabulary file format (`concepts.toml`, `--vocab FILE`): reading one
//! file, checking what a single file can get wrong (types, ids, empty or
//! reserved labels, a concept defined twice), and merging it into the
//! concepts already known. Label collisions between concepts are found by
//! `matcher::collisions` on the merged result; matching lives there too.

use std::collections::HashMap;

use serde::Deserialize;
use toml::Spanned;

use super::normalize::{label_keys, normalize_label};
use super::{ConceptId, ConceptInfo, PeriodType, SectionLabels, VocabError};
use crate::model::{Measure, StatementKind};
use crate::text_pos::{LineStarts, column_of, line_of};

/// Labels that only ever mean "the total of the section above" (matching
/// step 3); a vocabulary may not use them as labels of its own.
pub(crate) const TOTAL_WORDS: [&str; 3] = ["total", "total net", "net"];

/// Everything a vocabulary holds, before the lookup tables are built.
#[derive(Debug, Clone, Default)]
pub(crate) struct Contents {
    /// The concepts, in file order.
    pub concepts: Vec<ConceptInfo>,
    /// Phrases that name no single concept (claims: "EPS", "earnings per share").
    pub ambiguous: Vec<String>,
    /// Words that, right before a phrase in claim text, make it a different
    /// measure ("adjusted", "non-GAAP", "organic").
    pub qualifiers_before: Vec<String>,
    /// Words that, right after a phrase in claim text, make it a different
    /// measure ("per", "as a percentage", "growth").
    pub qualifiers_after: Vec<String>,
}

/// A file merged into what was known, with the lines its labels came from.
#[derive(Debug)]
pub(crate) struct Merged {
    /// The merged vocabulary.
    pub contents: Contents,
    /// Normalized key and line of every label the file added.
    pub label_lines: Vec<(String, usize)>,
}

/// One vocabulary file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    ambiguous: Vec<Spanned<String>>,
    #[serde(default)]
    qualifiers_before: Vec<Spanned<String>>,
    #[serde(default)]
    qualifiers_after: Vec<Spanned<String>>,
    #[serde(default)]
    concept: Vec<RawConcept>,
}

/// One `[[concept]]` table as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConcept {
    id: Spanned<String>,
    measure: Option<Measure>,
    period: Option<PeriodType>,
    statements: Option<Vec<RawStatement>>,
    derived: Option<bool>,
    #[serde(default)]
    labels: Vec<Spanned<String>>,
    #[serde(default)]
    text_labels: Vec<Spanned<String>>,
    #[serde(default)]
    in_section: Vec<RawSection>,
}

/// One `[[concept.in_section]]` table as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSection {
    section: Vec<Spanned<String>>,
    labels: Vec<Spanned<String>>,
}

/// A statement kind as the file spells it.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
enum RawStatement {
    Income,
    Balance,
    CashFlow,
    Other,
}

impl From<RawStatement> for StatementKind {
    fn from(raw: RawStatement) -> StatementKind {
        match raw {
            RawStatement::Income => StatementKind::Income,
            RawStatement::Balance => StatementKind::Balance,
            RawStatement::CashFlow => StatementKind::CashFlow,
            RawStatement::Other => StatementKind::Other,
        }
    }
}

/// An error at a line of the file.
fn invalid(origin: &str, line: usize, message: String) -> VocabError {
    VocabError::Invalid {
        origin: origin.to_string(),
        message: format!("line {line}: {message}"),
    }
}

/// A TOML syntax or type error, with its position.
fn toml_error(text: &str, origin: &str, error: &toml::de::Error) -> VocabError {
    let message = error.message().trim().to_string();
    let message = match error.span() {
        Some(span) => format!(
            "line {}, column {}: {message}",
            line_of(text, span.start),
            column_of(text, span.start)
        ),
        None => message,
    };
    VocabError::Invalid {
        origin: origin.to_string(),
        message,
    }
}

/// Whether an id is a plain identifier (`Revenues`, `Custom_Kpi1`).
fn valid_id(id: &str) -> bool {
    id.starts_with(|c: char| c.is_ascii_alphabetic())
        && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Checks one label or phrase and returns it with its line.
fn checked_label(
    lines: &LineStarts,
    origin: &str,
    id: &str,
    what: &str,
    label: &Spanned<String>,
) -> Result<(String, usize), VocabError> {
    let line = lines.line_of(label.span().start);
    let written = label.get_ref();
    let key = normalize_label(written);
    if key.is_empty() {
        return Err(invalid(
            origin,
            line,
            format!("concept {id:?}: {what} {written:?} has no words"),
        ));
    }
    if TOTAL_WORDS.contains(&key.as_str()) {
        return Err(invalid(
            origin,
            line,
            format!(
                "concept {id:?}: {what} {written:?} is reserved: a bare \"total\" row takes the concept of its section"
            ),
        ));
    }
    Ok((written.clone(), line))
}

/// Appends labels whose normalized key is not there yet.
fn append_new(into: &mut Vec<String>, labels: Vec<String>) {
    let mut seen: std::collections::HashSet<String> =
        into.iter().map(|l| normalize_label(l)).collect();
    for label in labels {
        if seen.insert(normalize_label(&label)) {
            into.push(label);
        }
    }
}

/// Reads a vocabulary text and merges it into `base`.
pub(crate) fn merge(base: &Contents, text: &str, origin: &str) -> Result<Merged, VocabError> {
    let raw: RawFile = toml::from_str(text).map_err(|e| toml_error(text, origin, &e))?;
    let mut contents = base.clone();
    let lines = LineStarts::new(text);
    let mut label_lines = Vec::new();
    let mut defined_here: HashMap<String, usize> = HashMap::new();

    for concept in raw.concept {
        let line = lines.line_of(concept.id.span().start);
        let id = concept.id.get_ref().trim().to_string();
        if !valid_id(&id) {
            return Err(invalid(
                origin,
                line,
                format!("expected a concept id of letters, digits and '_', found {id:?}"),
            ));
        }
        if let Some(first) = defined_here.insert(id.clone(), line) {
            return Err(invalid(
                origin,
                line,
                format!("concept {id:?} is defined twice in this file (first at line {first})"),
            ));
        }

        let mut labels = Vec::with_capacity(concept.labels.len());
        for label in &concept.labels {
            let (label, at) = checked_label(&lines, origin, &id, "label", label)?;
            for key in label_keys(&label).into_iter().take(1) {
                label_lines.push((key, at));
            }
            labels.push(label);
        }
        let mut text_labels = Vec::with_capacity(concept.text_labels.len());
        for label in &concept.text_labels {
            let (label, at) = checked_label(&lines, origin, &id, "text label", label)?;
            label_lines.push((normalize_label(&label), at));
            text_labels.push(label);
        }
        let mut in_section = Vec::with_capacity(concept.in_section.len());
        for rule in &concept.in_section {
            if rule.section.is_empty() || rule.labels.is_empty() {
                return Err(invalid(
                    origin,
                    line,
                    format!(
                        "concept {id:?}: an in_section rule needs at least one section phrase and one label"
                    ),
                ));
            }
            let mut section = Vec::with_capacity(rule.section.len());
            for phrase in &rule.section {
                section.push(checked_label(&lines, origin, &id, "section phrase", phrase)?.0);
            }
            let mut rule_labels = Vec::with_capacity(rule.labels.len());
            for label in &rule.labels {
                let (label, at) = checked_label(&lines, origin, &id, "section label", label)?;
                label_lines.push((normalize_label(&label), at));
                rule_labels.push(label);
            }
            in_section.push(SectionLabels {
                section,
                labels: rule_labels,
            });
        }
        let statements: Option<Vec<StatementKind>> = concept
            .statements
            .map(|list| list.into_iter().map(StatementKind::from).collect());

        match contents.concepts.iter_mut().find(|c| c.id.as_str() == id) {
            Some(known) => {
                let mut differs = Vec::new();
                if concept.measure.is_some_and(|m| m != known.measure) {
                    differs.push("measure");
                }
                if concept.period.is_some_and(|p| p != known.period_type) {
                    differs.push("period");
                }
                if concept.derived.is_some_and(|d| d != known.derived) {
                    differs.push("derived");
                }
                if statements.as_ref().is_some_and(|s| *s != known.statements) {
                    differs.push("statements");
                }
                if !differs.is_empty() {
                    return Err(invalid(
                        origin,
                        line,
                        format!(
                            "concept {id:?} already exists with a different {}; leave {} out to add labels to it",
                            differs.join(", "),
                            if differs.len() == 1 { "it" } else { "them" }
                        ),
                    ));
                }
                append_new(&mut known.labels, labels);
                append_new(&mut known.text_labels, text_labels);
                known.in_section.extend(in_section);
            }
            None => {
                let Some(measure) = concept.measure else {
                    return Err(invalid(
                        origin,
                        line,
                        format!(
                            "new concept {id:?}: expected a measure (monetary, per_share, shares, percent, ratio or number)"
                        ),
                    ));
                };
                let Some(period_type) = concept.period else {
                    return Err(invalid(
                        origin,
                        line,
                        format!("new concept {id:?}: expected a period (duration or instant)"),
                    ));
                };
                if labels.is_empty() {
                    return Err(invalid(
                        origin,
                        line,
                        format!("new concept {id:?}: expected at least one label"),
                    ));
                }
                let mut unique = Vec::with_capacity(labels.len());
                append_new(&mut unique, labels);
                let mut unique_text = Vec::with_capacity(text_labels.len());
                append_new(&mut unique_text, text_labels);
                contents.concepts.push(ConceptInfo {
                    id: ConceptId::new(&id),
                    measure,
                    period_type,
                    derived: concept.derived.unwrap_or(false),
                    statements: statements.unwrap_or_default(),
                    labels: unique,
                    text_labels: unique_text,
                    in_section,
                });
            }
        }
    }

    for (what, list, into) in [
        ("ambiguous phrase", &raw.ambiguous, &mut contents.ambiguous),
        (
            "qualifier",
            &raw.qualifiers_before,
            &mut contents.qualifiers_before,
        ),
        (
            "qualifier",
            &raw.qualifiers_after,
            &mut contents.qualifiers_after,
        ),
    ] {
        let mut added = Vec::with_capacity(list.len());
        for phrase in list {
            added.push(checked_label(&lines, origin, "(top level)", what, phrase)?.0);
        }
        append_new(into, added);
    }

    Ok(Merged {
        contents,
        label_lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn merge_err(text: &str) -> String {
        match merge(&Contents::default(), text, "x.toml") {
            Ok(_) => String::from("(no error)"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn reads_a_concept() {
        let text = r#"
[[concept]]
id = "Revenues"
measure = "monetary"
period = "duration"
statements = ["income", "cash_flow"]
labels = ["Revenue", "Net sales", "net  sales"]
[[concept.in_section]]
section = ["revenues"]
labels = ["Total"  ]
"#;
        // "Total" is reserved even in a section rule.
        assert!(merge_err(text).contains("reserved"), "{}", merge_err(text));
        let text = text.replace("[\"Total\"  ]", "[\"Sales\"]");
        let merged = merge(&Contents::default(), &text, "x.toml").unwrap();
        let c = &merged.contents.concepts[0];
        assert_eq!(c.id.as_str(), "Revenues");
        assert_eq!(c.measure, Measure::Monetary);
        assert_eq!(c.period_type, PeriodType::Duration);
        assert!(!c.derived);
        assert_eq!(
            c.statements,
            vec![StatementKind::Income, StatementKind::CashFlow]
        );
        assert_eq!(c.labels, vec!["Revenue", "Net sales"]);
        assert_eq!(c.in_section[0].labels, vec!["Sales"]);
        assert_eq!(merged.label_lines[0], ("revenue".to_string(), 7));
    }

    #[test]
    fn reports_errors_with_lines() {
        let cases = [
            (
                "[[concept]]\nid = \"A\"\nmeasure = \"money\"\nperiod = \"duration\"\nlabels = [\"a\"]\n",
                "x.toml: line 3, column 11: unknown variant `money`",
            ),
            (
                "[[concept]]\nid = \"A\"\nperiod = \"duration\"\nlabels = [\"a\"]\n",
                "x.toml: line 2: new concept \"A\": expected a measure",
            ),
            (
                "[[concept]]\nid = \"A\"\nmeasure = \"ratio\"\nlabels = [\"a\"]\n",
                "x.toml: line 2: new concept \"A\": expected a period",
            ),
            (
                "[[concept]]\nid = \"A\"\nmeasure = \"ratio\"\nperiod = \"instant\"\n",
                "x.toml: line 2: new concept \"A\": expected at least one label",
            ),
            (
                "[[concept]]\nid = \"A b\"\n",
                "x.toml: line 2: expected a concept id",
            ),
            (
                "[[concept]]\nid = \"A\"\nmeasure = \"ratio\"\nperiod = \"instant\"\nlabels = [\"a\"]\n[[concept]]\nid = \"A\"\n",
                "x.toml: line 7: concept \"A\" is defined twice in this file (first at line 2)",
            ),
            (
                "[[concept]]\nid = \"A\"\nmeasure = \"ratio\"\nperiod = \"instant\"\nlabels = [\"a\", \"(1)\"]\n",
                "x.toml: line 5: concept \"A\": label \"(1)\" has no words",
            ),
            (
                "[[concept]]\nid = \"A\"\nmeasure = \"ratio\"\nperiod = \"instant\"\nlabels = [\"a\"]\ncolour = 1\n",
                "x.toml: line 6, column 1: unknown field `colour`",
            ),
            ("[[concept]\n", "x.toml: line 1, column"),
        ];
        for (text, want) in cases {
            let got = merge_err(text);
            assert!(got.starts_with(want), "got {got:?}, want {want:?}");
        }
    }

    #[test]
    fn extends_an_existing_concept() {
        let base = "[[concept]]\nid = \"A\"\nmeasure = \"ratio\"\nperiod = \"instant\"\nlabels = [\"a\"]\n";
        let base = merge(&Contents::default(), base, "base").unwrap().contents;
        let more = "[[concept]]\nid = \"A\"\nlabels = [\"b\", \"A\"]\n";
        let merged = merge(&base, more, "more").unwrap().contents;
        assert_eq!(merged.concepts.len(), 1);
        assert_eq!(merged.concepts[0].labels, vec!["a", "b"]);

        let clash = "[[concept]]\nid = \"A\"\nmeasure = \"shares\"\nlabels = [\"b\"]\n";
        let err = merge(&base, clash, "more").unwrap_err().to_string();
        assert!(
            err.starts_with("more: line 2: concept \"A\" already exists with a different measure"),
            "{err}"
        );
    }
}
