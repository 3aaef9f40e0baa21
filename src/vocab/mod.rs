//! The concept vocabulary: canonical role ids (US-GAAP element names where one
//! exists, DESIGN.md §6) with their synonyms, and the matcher that reads a row
//! label — in its section and statement — or a claim's role text into one.
//!
//! The built-in data is `concepts.toml` beside this file, compiled in; users
//! extend it with `--vocab FILE` in the same format. An unknown label gives
//! `None`, never a guess.

use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;

use crate::model::{Measure, StatementKind};

/// A canonical concept id such as `Revenues` or `EarningsPerShareBasic`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct ConceptId(Arc<str>);

impl ConceptId {
    /// A concept id from its name.
    pub fn new(id: &str) -> ConceptId {
        ConceptId(Arc::from(id))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for ConceptId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whether a concept is measured over a period or at a point in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PeriodType {
    /// Flows: revenue, net income, cash from operations.
    Duration,
    /// Balances: assets, cash, debt.
    Instant,
}

/// What the vocabulary knows about one concept.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConceptInfo {
    /// The canonical id.
    pub id: ConceptId,
    /// What kind of quantity it is.
    pub measure: Measure,
    /// Flow or balance.
    pub period_type: PeriodType,
    /// A metric derived from statement lines (gross margin %, growth, free cash flow).
    pub derived: bool,
}

/// A vocabulary file that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum VocabError {
    /// The file could not be opened.
    #[error("{path}: cannot read vocabulary file: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a valid vocabulary.
    #[error("{origin}: {message}")]
    Invalid {
        /// The file (or "built-in vocabulary").
        origin: String,
        /// What is wrong, with line where known.
        message: String,
    },
}

/// The concept vocabulary.
#[derive(Debug, Clone, Default)]
pub struct Vocab {
    concepts: Vec<ConceptInfo>,
}

impl Vocab {
    /// The built-in vocabulary.
    pub fn builtin() -> Vocab {
        Vocab::default()
    }

    /// Reads a vocabulary in the `concepts.toml` format.
    pub fn parse(text: &str, origin: &str) -> Result<Vocab, VocabError> {
        let _ = (text, origin);
        Ok(Vocab::default())
    }

    /// Adds the concepts and synonyms of a vocabulary file (`--vocab FILE`).
    pub fn extend_from_file(&mut self, path: &Path) -> Result<(), VocabError> {
        let _ = path;
        Ok(())
    }

    /// The concept of a row label read in its section path (outermost first)
    /// and statement; `None` when the label is not recognised.
    pub fn match_label(
        &self,
        label: &str,
        section: &[String],
        statement: StatementKind,
    ) -> Option<ConceptId> {
        let _ = (label, section, statement);
        None
    }

    /// The concept named in free text (a claim's role, "2023 net sales"): the
    /// byte range of the longest synonym found and its concept.
    pub fn find_in_text(&self, text: &str) -> Option<(Range<usize>, ConceptId)> {
        let _ = text;
        None
    }

    /// What the vocabulary knows about a concept id.
    pub fn info(&self, id: &str) -> Option<&ConceptInfo> {
        self.concepts.iter().find(|c| c.id.as_str() == id)
    }
}
