//! Answers and calculation traces: the input of `tickmark verify`
//! (docs/contract.md §4). An answer names its sources, its assembled context and its
//! claims; a claim states a value with a role and cites where it came from, or
//! states a calculation over cited operands.
//!
//! [`input`] reads JSON, JSON arrays and JSON Lines into these types with
//! precise messages; [`calc`] parses and evaluates calculations.

pub mod calc;
mod cited_calc;
pub mod input;
mod typed;

pub use input::{
    AnswerError, Answers, InputError, MAX_TRACE_BYTES, Shape, read_answers, read_answers_str,
    read_answers_within,
};

use crate::model::CellRef;

/// One answer (or trace) to verify.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The answer's id (from the input, or `answer-N` when it had none).
    pub id: String,
    /// Source files: the id references use, and the path to read (relative
    /// to the answer file).
    pub sources: Vec<SourceSpec>,
    /// The assembled context; `None` when the answer gives none, in which
    /// case everything in `sources` counts as assembled.
    pub context: Option<Vec<ContextItem>>,
    /// The claims.
    pub claims: Vec<Claim>,
    /// Where the answer was read from, for messages.
    pub origin: Origin,
    /// What is wrong with the answer that does not stop its claims from
    /// being checked (an id another answer of the input has too): reported
    /// as the answer's error, with its claims checked.
    pub problems: Vec<String>,
}

/// A source an answer names: `"acme.xlsx"` (id and path alike), or
/// `{"id": "acme.xlsx", "path": "../data/acme.xlsx"}` when they differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceSpec {
    /// The source id references use.
    pub id: String,
    /// The file, relative to the answer file.
    pub path: String,
}

/// Where an answer was read from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Origin {
    /// The input file as given.
    pub file: String,
    /// 1-based line of the answer's start, when known.
    pub line: Option<u64>,
    /// 0-based position of the answer in its file.
    pub index: usize,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "{} line {line}", self.file),
            None => write!(f, "{} answer {}", self.file, self.index + 1),
        }
    }
}

/// One item of an assembled context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContextItem {
    /// A cell, range, table, page or source.
    Ref(CellRef),
    /// A chunk id standing for a reference (`{"id": "c091", "ref": "…"}`).
    Alias {
        /// The chunk id.
        id: String,
        /// What it stands for.
        reference: CellRef,
    },
}

impl ContextItem {
    /// The reference the item stands for.
    pub fn reference(&self) -> &CellRef {
        match self {
            ContextItem::Ref(r) | ContextItem::Alias { reference: r, .. } => r,
        }
    }
}

/// A claim, or an operand of a calculation (which is a claim of its own).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Claim {
    /// The claim's id (from the input, or `kN` by position).
    pub id: String,
    /// The sentence, if given.
    pub text: Option<String>,
    /// The stated value as written ("$4.2 billion", "38.1%").
    pub value: Option<String>,
    /// What the value is.
    pub role: Option<Role>,
    /// What it cites: refs or context aliases, as written.
    pub cites: Vec<String>,
    /// Text the claim says is in the cited scope.
    pub quote: Option<String>,
    /// A calculation over the operands.
    pub calc: Option<String>,
    /// The operands of `calc`.
    pub operands: Vec<Claim>,
    /// Why the claim could not be read (a malformed field), if so: the
    /// claim is reported with this error and not checked; the answer's
    /// other claims are.
    pub error: Option<String>,
}

/// A claim's role: free text ("Revenue, FY2023") or a concept and a period.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Role {
    /// Free text, read with the vocabulary and the period parser.
    Text(String),
    /// `{"concept": "...", "period": "..."}`; either may be missing.
    Structured {
        /// A concept id or name.
        concept: Option<String>,
        /// A period in header form ("FY2023", "December 31, 2023").
        period: Option<String>,
    },
}
