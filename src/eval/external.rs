//! The external study: same-number wrong-role swaps in real financial
//! tables (TAT-QA dev and test, CC BY 4.0; ConvFinQA dev, MIT).
//!
//! This module owns reading those datasets into labeled [`Document`]s (through
//! [`crate::read::document_from_rows`], the csv path), turning each gold
//! derivation or FinQA program into a calculation trace whose operands cite
//! cells, making the swapped traces, verifying both with the [`Verifier`] and
//! counting. Rendering the counts is left to `report`-style writers
//! ([`markdown`], [`human`]); the binary only calls them.
//!
//! # How a trace is built (decisions, also in docs/evaluation.md)
//!
//! - **Tables.** A TAT-QA table is a list of rows of text; a ConvFinQA table
//!   `{column: {row label: number}}` becomes a header row of column names and
//!   one row per row label (first-seen order), numbers written in their
//!   shortest decimal form. ConvFinQA's 421 records are grouped by table; each
//!   distinct table is labeled once, every turn of every record is kept.
//! - **Calculations.** A TAT-QA derivation (`(44.1-56.7)/56.7`, with `$`,
//!   `%`, `[ ]` tolerated) and a FinQA program (`subtract(a, b), divide(#0,
//!   b)`, rewritten to infix; `table_*`, `exp`, `greater` are excluded) become
//!   a list of literals and operators.
//! - **Operands.** A literal is matched to the table's amount cells by
//!   magnitude in table units (`|cell value| == literal`, the literal's `%`
//!   ignored, exact `Decimal` equality, no rounding): the derivations write
//!   `44` for a cell printed `(44)`. A literal after `*` or `/` that is a
//!   common constant (2, 3, 4, 5, 10, 12, 100, 1000, ...) and a FinQA
//!   `const_N` are constants, never operands. A literal that matches no cell
//!   and is not a constant comes from the text: the question is excluded.
//!   When several cells match, the question's words decide: the candidate
//!   whose row label and column header share the most words with the question
//!   (the conversation so far, for ConvFinQA) wins if it is strictly best;
//!   otherwise the operand is ambiguous and the question is excluded.
//! - **The trace.** One claim: `calc` is the derivation with each operand
//!   literal replaced by its id (written `(-oN)` when the cell is negative, so
//!   the calc computes what the derivation computed), `value` the gold answer
//!   (with `%` when TAT-QA's scale is percent, ConvFinQA's answer as
//!   executed). Each operand states the cell's text as written, the role "row
//!   label, column header" read from the raw rows (not from tickmark's
//!   labels), and cites the cell.
//! - **Swaps.** For every operand whose cell's value (signed, table units,
//!   same percent sign and scale) is also in another amount cell of the table,
//!   the swapped trace cites that other cell with the same stated value and
//!   role. Zero values are not swapped (a dash and a zero say nothing about a
//!   role). Value-only verification must accept every swap; a swap it does
//!   not accept is counted and listed, never silently dropped.
//! - **Counting.** A swap is caught when the swapped operand's route under all
//!   checks is not `accept`. A false alarm is an unswapped trace with an
//!   operand whose route is not `accept`. The calculation claim's own
//!   arithmetic finding (the datasets round their answers their own ways) is
//!   counted apart and is not a false alarm: the study is about pointers.
//! - **Damage.** FinQA's normalisation turned U+2014 (em dash) into the number
//!   2014 and U+2019 into 2019 (and U+2013 into 2013). A ConvFinQA cell whose
//!   value is exactly 2013, 2014 or 2019 is treated as possibly damaged: it is
//!   never an operand or a swap target, and what that excluded is counted.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rust_decimal::Decimal;
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use super::phrasing::{Phrasing, RawTable};
use crate::answer::calc::Calc;
use crate::answer::{Answer, Claim, Origin, Role, SourceSpec};
use crate::check::resolve::{AnswerScope, SourceState, Store};
use crate::check::{Check, CheckSet, Route};
use crate::model::{Cell, Document};
use crate::read::document_from_rows;
use crate::verify::{ClaimReport, Verifier, VerifyOptions};
use crate::vocab::{Vocab, normalize_label};

/// Why the study could not run.
#[derive(Debug, thiserror::Error)]
pub enum ExternalError {
    /// A dataset file is missing or unreadable.
    #[error("{path}: cannot read: {reason}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// A dataset file is not in the expected format.
    #[error("{path}: {reason}")]
    Format {
        /// The file.
        path: String,
        /// What was expected.
        reason: String,
    },
    /// None of the dataset files is in the folder.
    #[error(
        "{path}: no dataset found: expected tatqa/tatqa_dataset_dev.json, tatqa/tatqa_dataset_test_gold.json or convfinqa/convfinqa_dev.json"
    )]
    Empty {
        /// The folder.
        path: String,
    },
}

/// One dataset of the study, loaded: its tables and its questions.
#[derive(Debug)]
pub struct Dataset {
    /// "tatqa-dev", "tatqa-test" or "convfinqa-dev".
    pub name: String,
    /// Tables that could be labeled, with their raw rows.
    pub tables: Vec<StudyTable>,
    /// Tables that could not be labeled (no numbers), by id and reason.
    pub unreadable: Vec<(String, String)>,
    /// Questions whose table was not readable (not otherwise counted).
    pub orphan_questions: usize,
}

/// A table with the questions asked of it.
#[derive(Debug)]
pub struct StudyTable {
    /// The rows as the dataset wrote them.
    pub rows: Vec<Vec<String>>,
    /// The rows as a reader reads them (headers, sections), for roles.
    pub raw: RawTable,
    /// The labeled document (one table, source id = the table's id).
    pub document: Document,
    /// The questions.
    pub questions: Vec<Question>,
    /// Whether cells valued 2013/2014/2019 are suspected dash damage.
    pub dash_damage: bool,
}

/// A gold calculation over a table.
#[derive(Debug, Clone)]
pub struct Question {
    /// The dataset's id of the question (TAT-QA uid; ConvFinQA record id and turn).
    pub id: String,
    /// The question's words (the conversation so far, for ConvFinQA).
    pub text: String,
    /// The gold calculation: a derivation or a FinQA program.
    pub calc: String,
    /// The gold answer as the claim will state it.
    pub answer: String,
}

/// The figures of one dataset.
#[derive(Debug, Clone, Default, Serialize)]
pub struct DatasetReport {
    /// The dataset.
    pub name: String,
    /// How the operands' roles were written (docs/evaluation.md).
    pub phrasing: String,
    /// Distinct tables labeled.
    pub tables: usize,
    /// Arithmetic questions (turns) considered.
    pub questions: usize,
    /// Amount cells valued 2013, 2014 or 2019 in a dataset with dash damage
    /// (never operands or swap targets).
    pub damaged_cells: usize,
    /// Unswapped traces built and verified.
    pub traces: usize,
    /// Unswapped traces with an operand not accepted.
    pub false_alarms: usize,
    /// Non-accepted operands of unswapped traces, by finding code.
    pub false_alarm_codes: BTreeMap<String, usize>,
    /// Unswapped traces whose calculation claim got an arithmetic finding.
    pub arithmetic_disagreements: usize,
    /// Swapped traces built.
    pub swaps: usize,
    /// Swaps value-only verification did not accept (0 by construction).
    pub swaps_caught_value_only: usize,
    /// Swaps all checks did not accept.
    pub swaps_caught: usize,
    /// Codes of the caught swaps' findings (each swap counted once per code).
    pub caught_codes: BTreeMap<String, usize>,
    /// Caught swaps named as the wrong cell (`same_number_swap`,
    /// `role_mismatch`, `period_mismatch`), not only `ambiguous_role`.
    pub swaps_named: usize,
    /// Swaps whose operand was accepted in the unswapped trace.
    pub swaps_on_accepted: usize,
    /// Of those, caught.
    pub swaps_caught_on_accepted: usize,
    /// Exclusions, by reason.
    pub exclusions: BTreeMap<String, usize>,
    /// Tables the labeler found no numbers in: id and reason.
    pub unreadable: Vec<(String, String)>,
    /// Every missed swap, false alarm and value-only catch.
    pub disagreements: Vec<Disagreement>,
    /// Ids of the traces with an arithmetic finding (rounding in the gold answers).
    pub arithmetic: Vec<String>,
}

impl DatasetReport {
    /// False alarms as a share of traces, in percent (2 decimals).
    pub fn false_alarm_rate(&self) -> Decimal {
        percent(self.false_alarms, self.traces)
    }

    /// Caught swaps as a share of swaps, in percent (2 decimals).
    pub fn catch_rate(&self) -> Decimal {
        percent(self.swaps_caught, self.swaps)
    }

    /// Named swaps as a share of caught swaps, in percent (2 decimals).
    pub fn named_rate(&self) -> Decimal {
        percent(self.swaps_named, self.swaps_caught)
    }
}

fn percent(part: usize, whole: usize) -> Decimal {
    if whole == 0 {
        return Decimal::ZERO;
    }
    (Decimal::from(part) * Decimal::ONE_HUNDRED / Decimal::from(whole)).round_dp(2)
}

/// What kind of disagreement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DisagreementKind {
    /// A swapped trace tickmark accepted.
    MissedSwap,
    /// An unswapped trace tickmark did not accept.
    FalseAlarm,
    /// A swapped trace value-only verification did not accept.
    ValueOnlyCaught,
}

/// One case to read.
#[derive(Debug, Clone, Serialize)]
pub struct Disagreement {
    /// What happened.
    pub kind: DisagreementKind,
    /// The question (and for a swap, the swap's number).
    pub id: String,
    /// The operand's stated role.
    pub role: String,
    /// The cited cell.
    pub cite: String,
    /// The cited cell's labels as tickmark read them: "row | column | period".
    pub cell: String,
    /// The codes found (empty for a missed swap).
    pub codes: Vec<String>,
    /// tickmark's first message (empty for a missed swap).
    pub message: String,
}

/// The study's figures, per dataset.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ExternalReport {
    /// The folder read.
    pub dir: PathBuf,
    /// One report per dataset found.
    pub datasets: Vec<DatasetReport>,
}

const TATQA: [(&str, &str); 2] = [
    ("tatqa-dev", "tatqa/tatqa_dataset_dev.json"),
    ("tatqa-test", "tatqa/tatqa_dataset_test_gold.json"),
];
const CONVFINQA: (&str, &str) = ("convfinqa-dev", "convfinqa/convfinqa_dev.json");

/// Runs the study over the datasets found in `dir` (the layout of
/// `../shared/datasets`: `tatqa/…json`, `convfinqa/convfinqa_dev.json`).
pub fn run(dir: &Path, vocab: &Vocab) -> Result<ExternalReport, ExternalError> {
    let datasets = load_all(dir, vocab)?;
    Ok(ExternalReport {
        dir: dir.to_path_buf(),
        datasets: Phrasing::ALL
            .iter()
            .flat_map(|p| datasets.iter().map(|d| study(d, vocab, *p)))
            .collect(),
    })
}

/// Loads every dataset file present in `dir`.
pub fn load_all(dir: &Path, vocab: &Vocab) -> Result<Vec<Dataset>, ExternalError> {
    let mut out = Vec::new();
    for (name, file) in TATQA {
        let path = dir.join(file);
        if path.exists() {
            out.push(load_tatqa(name, &read_text(&path)?, &path, vocab)?);
        }
    }
    let path = dir.join(CONVFINQA.1);
    if path.exists() {
        out.push(load_convfinqa(
            CONVFINQA.0,
            &read_text(&path)?,
            &path,
            vocab,
        )?);
    }
    if out.is_empty() {
        return Err(ExternalError::Empty {
            path: dir.display().to_string(),
        });
    }
    Ok(out)
}

fn read_text(path: &Path) -> Result<String, ExternalError> {
    std::fs::read_to_string(path).map_err(|e| ExternalError::Read {
        path: path.display().to_string(),
        reason: e.to_string(),
    })
}

fn format_error(path: &Path, e: impl std::fmt::Display) -> ExternalError {
    ExternalError::Format {
        path: path.display().to_string(),
        reason: e.to_string(),
    }
}

#[derive(Deserialize)]
struct TatContext {
    table: TatTable,
    #[serde(default)]
    questions: Vec<TatQuestion>,
}

#[derive(Deserialize)]
struct TatTable {
    uid: String,
    table: Vec<Vec<String>>,
}

#[derive(Deserialize)]
struct TatQuestion {
    uid: String,
    question: String,
    answer: serde_json::Value,
    #[serde(default)]
    derivation: String,
    answer_type: String,
    answer_from: String,
    #[serde(default)]
    scale: String,
}

/// Reads TAT-QA contexts (the dataset's JSON text) into a dataset.
pub fn load_tatqa(
    name: &str,
    text: &str,
    path: &Path,
    vocab: &Vocab,
) -> Result<Dataset, ExternalError> {
    let contexts: Vec<TatContext> =
        serde_json::from_str(text).map_err(|e| format_error(path, e))?;
    let mut dataset = Dataset {
        name: name.to_string(),
        tables: Vec::new(),
        unreadable: Vec::new(),
        orphan_questions: 0,
    };
    for context in contexts {
        let questions: Vec<Question> = context
            .questions
            .iter()
            .filter(|q| {
                q.answer_type == "arithmetic"
                    && (q.answer_from == "table" || q.answer_from == "table-text")
                    && !q.derivation.trim().is_empty()
            })
            .map(|q| Question {
                id: q.uid.clone(),
                text: q.question.clone(),
                calc: q.derivation.clone(),
                answer: tatqa_answer(&q.answer, &q.scale, &q.derivation),
            })
            .collect();
        let id = format!("{}.csv", context.table.uid);
        push_table(
            &mut dataset,
            &id,
            context.table.table,
            questions,
            false,
            vocab,
        );
    }
    Ok(dataset)
}

/// The gold answer as a claim states it: TAT-QA's number, with `%` when its
/// scale is percent (thousand/million scales are the table's units, left
/// unsaid) — unless the derivation itself multiplies by 100 (`(a / b) * 100`,
/// as the test split writes), when the answer is the calc's plain result.
fn tatqa_answer(answer: &serde_json::Value, scale: &str, derivation: &str) -> String {
    let text = match answer {
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(items) => items
            .first()
            .map(|v| match v {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .unwrap_or_default(),
        other => other.to_string(),
    };
    let times_100 = derivation.replace(' ', "").contains("*100");
    if scale == "percent" && !text.contains('%') && !times_100 {
        format!("{text}%")
    } else {
        text
    }
}

fn push_table(
    dataset: &mut Dataset,
    id: &str,
    rows: Vec<Vec<String>>,
    questions: Vec<Question>,
    dash_damage: bool,
    vocab: &Vocab,
) {
    match document_from_rows(id, id, rows.clone(), vocab) {
        Ok(document) => dataset.tables.push(StudyTable {
            raw: RawTable::new(&rows),
            rows,
            document,
            questions,
            dash_damage,
        }),
        Err(e) => {
            dataset.orphan_questions += questions.len();
            dataset.unreadable.push((id.to_string(), e.to_string()));
        }
    }
}

/// A JSON object read with its keys in written order.
struct Ordered<T>(Vec<(String, T)>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Ordered<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Ordered<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ordered<T>, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, T>()? {
                    out.push((k, v));
                }
                Ok(Ordered(out))
            }
        }
        deserializer.deserialize_map(V(std::marker::PhantomData))
    }
}

#[derive(Deserialize)]
struct ConvFile {
    dev: Vec<ConvRecord>,
}

#[derive(Deserialize)]
struct ConvRecord {
    id: String,
    doc: ConvDoc,
    dialogue: ConvDialogue,
}

#[derive(Deserialize)]
struct ConvDoc {
    table: Ordered<Ordered<serde_json::Value>>,
}

#[derive(Deserialize)]
struct ConvDialogue {
    conv_questions: Vec<String>,
    turn_program: Vec<String>,
    executed_answers: Vec<serde_json::Value>,
}

/// Reads ConvFinQA records (`{"dev": [...]}`) into a dataset of distinct tables.
pub fn load_convfinqa(
    name: &str,
    text: &str,
    path: &Path,
    vocab: &Vocab,
) -> Result<Dataset, ExternalError> {
    let file: ConvFile = serde_json::from_str(text).map_err(|e| format_error(path, e))?;
    // Distinct tables, in first-seen order, with every record's turns.
    let mut order: Vec<(String, Vec<Vec<String>>, Vec<Question>)> = Vec::new();
    let mut by_rows: HashMap<Vec<Vec<String>>, usize> = HashMap::new();
    for record in file.dev {
        let rows = conv_rows(&record.doc.table);
        let mut questions = Vec::new();
        let mut so_far = String::new();
        for (turn, program) in record.dialogue.turn_program.iter().enumerate() {
            if let Some(q) = record.dialogue.conv_questions.get(turn) {
                so_far.push_str(q);
                so_far.push(' ');
            }
            let answer = record
                .dialogue
                .executed_answers
                .get(turn)
                .map(json_number_text)
                .unwrap_or_default();
            questions.push(Question {
                id: format!("{}#{turn}", record.id),
                text: so_far.clone(),
                calc: program.clone(),
                answer,
            });
        }
        match by_rows.get(&rows).and_then(|&i| order.get_mut(i)) {
            Some(entry) => entry.2.extend(questions),
            None => {
                by_rows.insert(rows.clone(), order.len());
                let id = format!("{}.csv", record.id.replace(['/', ' '], "_"));
                order.push((id, rows, questions));
            }
        }
    }
    let mut dataset = Dataset {
        name: name.to_string(),
        tables: Vec::new(),
        unreadable: Vec::new(),
        orphan_questions: 0,
    };
    for (id, rows, questions) in order {
        push_table(&mut dataset, &id, rows, questions, true, vocab);
    }
    Ok(dataset)
}

/// A JSON number (or string) as decimal text: the shortest form (`5.0` is `5`).
fn json_number_text(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() => format!("{f}"),
            _ => n.to_string(),
        },
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A ConvFinQA table as rows: a header row of column names, then one row per
/// row label in first-seen order.
fn conv_rows(table: &Ordered<Ordered<serde_json::Value>>) -> Vec<Vec<String>> {
    let mut labels: Vec<&str> = Vec::new();
    for (_, column) in &table.0 {
        for (label, _) in &column.0 {
            if !labels.contains(&label.as_str()) {
                labels.push(label);
            }
        }
    }
    let mut rows = Vec::with_capacity(labels.len() + 1);
    let mut header = vec![String::new()];
    header.extend(table.0.iter().map(|(name, _)| name.clone()));
    rows.push(header);
    for label in labels {
        let mut row = vec![label.to_string()];
        for (_, column) in &table.0 {
            row.push(
                column
                    .0
                    .iter()
                    .find(|(l, _)| l == label)
                    .map(|(_, v)| json_number_text(v))
                    .unwrap_or_default(),
            );
        }
        rows.push(row);
    }
    rows
}

/// A token of a calculation.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    /// A number: its text, magnitude, whether written with `%`, and whether
    /// it is a constant (FinQA `const_N`).
    Num {
        text: String,
        value: Decimal,
        constant: bool,
    },
    Op(char),
    Open,
    Close,
}

/// Why a calculation was not turned into a trace.
fn parse_calc(text: &str) -> Result<Vec<Tok>, &'static str> {
    let trimmed = text.trim();
    let is_program = [
        "add(",
        "subtract(",
        "multiply(",
        "divide(",
        "exp(",
        "greater(",
    ]
    .iter()
    .chain(["table_"].iter())
    .any(|op| trimmed.starts_with(op));
    if is_program {
        program_tokens(trimmed)
    } else {
        infix_tokens(trimmed)
    }
}

fn number_tok(text: &str, constant: bool) -> Option<Tok> {
    let digits: String = text
        .chars()
        .filter(|c| *c != ',' && *c != '%' && *c != '$')
        .collect();
    let value: Decimal = digits.parse().ok()?;
    Some(Tok::Num {
        text: text.to_string(),
        value: value.abs(),
        constant,
    })
}

/// A TAT-QA derivation: numbers (grouping commas, `$` and `%` allowed),
/// `+ - * /`, parentheses and brackets.
fn infix_tokens(text: &str) -> Result<Vec<Tok>, &'static str> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        match c {
            ' ' | '$' | '\u{a0}' => i += 1,
            '(' | '[' => {
                out.push(Tok::Open);
                i += 1;
            }
            ')' | ']' => {
                out.push(Tok::Close);
                i += 1;
            }
            '+' | '-' | '*' | '/' | '\u{2212}' | 'x' | '×' | '÷' => {
                out.push(Tok::Op(match c {
                    '\u{2212}' => '-',
                    'x' | '×' => '*',
                    '÷' => '/',
                    other => other,
                }));
                i += 1;
            }
            c if c.is_ascii_digit() || c == '.' => {
                let start = i;
                while chars
                    .get(i)
                    .is_some_and(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
                {
                    i += 1;
                }
                // A trailing comma is punctuation, not grouping.
                while i > start && chars.get(i - 1) == Some(&',') {
                    i -= 1;
                }
                if chars.get(i) == Some(&'%') {
                    i += 1;
                }
                let word: String = chars.get(start..i).unwrap_or(&[]).iter().collect();
                out.push(number_tok(&word, false).ok_or("unparsable derivation")?);
            }
            _ => return Err("unparsable derivation"),
        }
    }
    if out.is_empty() {
        return Err("unparsable derivation");
    }
    Ok(out)
}

/// A FinQA program rewritten to infix tokens; `#k` stands for step k.
fn program_tokens(text: &str) -> Result<Vec<Tok>, &'static str> {
    let mut steps: Vec<Vec<Tok>> = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let open = rest.find('(').ok_or("unparsable program")?;
        let close = rest.find(')').ok_or("unparsable program")?;
        let op = rest.get(..open).unwrap_or("").trim();
        let args = rest.get(open + 1..close).unwrap_or("");
        rest = rest
            .get(close + 1..)
            .unwrap_or("")
            .trim_start()
            .trim_start_matches(',')
            .trim_start();
        let symbol = match op {
            "add" => '+',
            "subtract" => '-',
            "multiply" => '*',
            "divide" => '/',
            _ => return Err("program uses table_*, exp or greater"),
        };
        let parts: Vec<&str> = args.split(", ").map(str::trim).collect();
        let [a, b] = parts.as_slice() else {
            return Err("unparsable program");
        };
        let mut step = vec![Tok::Open];
        for (n, arg) in [a, b].into_iter().enumerate() {
            if n == 1 {
                step.push(Tok::Op(symbol));
            }
            step.extend(program_arg(arg, &steps)?);
        }
        step.push(Tok::Close);
        steps.push(step);
    }
    steps.pop().ok_or("unparsable program")
}

fn program_arg(arg: &str, steps: &[Vec<Tok>]) -> Result<Vec<Tok>, &'static str> {
    if let Some(k) = arg.strip_prefix('#') {
        let k: usize = k.parse().map_err(|_| "unparsable program")?;
        return steps.get(k).cloned().ok_or("unparsable program");
    }
    if let Some(c) = arg.strip_prefix("const_") {
        let (negative, digits) = match c.strip_prefix('m') {
            Some(d) => (true, d),
            None => (false, c),
        };
        let tok = number_tok(digits, true).ok_or("unparsable program")?;
        return Ok(if negative {
            vec![Tok::Open, Tok::Op('-'), tok, Tok::Close]
        } else {
            vec![tok]
        });
    }
    let (negative, digits) = match arg.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, arg),
    };
    let tok = number_tok(digits, false).ok_or("unparsable program")?;
    Ok(if negative {
        vec![Tok::Open, Tok::Op('-'), tok, Tok::Close]
    } else {
        vec![tok]
    })
}

/// Constants a derivation writes after `*` or `/` (percent, averages, units).
fn is_common_constant(value: Decimal) -> bool {
    [1, 2, 3, 4, 5, 6, 10, 12, 100, 1000, 1_000_000]
        .iter()
        .any(|c| Decimal::from(*c) == value)
}

/// The labels a correct trace states for a cell, from the raw rows: the row's
/// first field and the column's header as a reader reads it.
fn raw_role(raw: &RawTable, row: usize, col: usize) -> String {
    let (label, header) = (raw.label(row), raw.header_at(row, col));
    if header.is_empty() {
        label.to_string()
    } else {
        format!("{label}, {header}")
    }
}

/// Two cells of a roll-forward that are one balance by the table's own
/// words: their rows' labels differ only in an opening word against a
/// closing one ("Outstanding at end of period" in 2018, "Outstanding at
/// start of period" in 2019; "at December 31" against "at January 1"), in
/// different columns.
fn same_balance(raw: &RawTable, a: &Cell<'_>, b: &Cell<'_>) -> bool {
    if a.coord().col == b.coord().col {
        return false;
    }
    let side = |label: &str| -> Option<(String, bool)> {
        // "at january 1" opens the year "at december 31" closes.
        let label = format!(" {} ", normalize_label(label))
            .replace(" january 1 ", " beginning ")
            .replace(" 1 january ", " beginning ")
            .replace(" december 31 ", " end ")
            .replace(" 31 december ", " end ");
        let label = label.trim();
        let words: Vec<String> = label.split(' ').map(str::to_string).collect();
        let mut opening = None;
        let rest: Vec<&str> = words
            .iter()
            .filter_map(|w| match w.as_str() {
                "beginning" | "start" | "opening" => {
                    opening = Some(true);
                    None
                }
                "end" | "ending" | "closing" => {
                    opening = Some(false);
                    None
                }
                _ => Some(w.as_str()),
            })
            .collect();
        opening.map(|o| (rest.join(" "), o))
    };
    let label = |c: &Cell<'_>| raw.label(c.coord().row as usize - 1).to_string();
    match (side(&label(a)), side(&label(b))) {
        (Some((x, oa)), Some((y, ob))) => x == y && oa != ob,
        _ => false,
    }
}

fn is_damaged(table: &StudyTable, cell: &Cell<'_>) -> bool {
    table.dash_damage
        && [2013, 2014, 2019]
            .iter()
            .any(|y| cell.value() == Decimal::from(*y))
}

/// Words of a text for overlap scoring: lower-case alphanumeric runs of two
/// or more characters.
fn words(text: &str) -> Vec<String> {
    normalize_label(text)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() >= 2)
        .map(str::to_string)
        .collect()
}

/// How well a cell's labels fit a question: shared row-label words, plus the
/// column's words (a year is worth as much as a row word).
fn fit(question: &[String], raw: &RawTable, cell: &Cell<'_>) -> usize {
    let at = cell.coord();
    let role = raw_role(raw, at.row as usize - 1, at.col as usize - 1);
    let mut seen: Vec<String> = Vec::new();
    words(&role)
        .into_iter()
        .filter(|w| {
            let fresh = !seen.contains(w);
            seen.push(w.clone());
            fresh && question.contains(w)
        })
        .count()
}

/// One operand of a trace.
struct Mapped<'a> {
    id: String,
    cell: Cell<'a>,
}

/// Builds the calc and operands of a question, or says why not.
fn map_question<'a>(
    table: &'a StudyTable,
    question: &Question,
) -> Result<(String, Vec<Mapped<'a>>), &'static str> {
    let toks = parse_calc(&question.calc)?;
    let Some(grid) = table.document.tables.first() else {
        return Err("table has no cells");
    };
    let question_words = words(&question.text);
    let mut operands: Vec<Mapped<'a>> = Vec::new();
    let mut calc = String::new();
    let mut previous: Option<&Tok> = None;
    for tok in &toks {
        match tok {
            Tok::Open => calc.push('('),
            Tok::Close => calc.push(')'),
            Tok::Op(c) => {
                calc.push(' ');
                calc.push(*c);
                calc.push(' ');
            }
            Tok::Num {
                text,
                value,
                constant,
            } => {
                let after_scaling_op = matches!(previous, Some(Tok::Op('*' | '/')));
                let as_constant = |calc: &mut String| {
                    calc.push_str(&text.replace([',', '$'], ""));
                };
                if *constant || (after_scaling_op && is_common_constant(*value)) {
                    as_constant(&mut calc);
                    previous = Some(tok);
                    continue;
                }
                let all: Vec<Cell<'a>> =
                    grid.cells().filter(|c| c.value().abs() == *value).collect();
                let candidates: Vec<Cell<'a>> = all
                    .iter()
                    .filter(|c| !is_damaged(table, c))
                    .copied()
                    .collect();
                let cell = match candidates.as_slice() {
                    [] if !all.is_empty() => {
                        return Err("operand only at a cell valued 2013/2014/2019 (dash damage)");
                    }
                    [] if is_common_constant(*value) => {
                        as_constant(&mut calc);
                        previous = Some(tok);
                        continue;
                    }
                    [] => return Err("operand not in the table"),
                    [one] => *one,
                    many => {
                        let scores: Vec<usize> = many
                            .iter()
                            .map(|c| fit(&question_words, &table.raw, c))
                            .collect();
                        let best = scores.iter().copied().max().unwrap_or(0);
                        let at_best: Vec<&Cell<'a>> = many
                            .iter()
                            .zip(&scores)
                            .filter(|(_, s)| **s == best)
                            .map(|(c, _)| c)
                            .collect();
                        match at_best.as_slice() {
                            [one] if best > 0 => **one,
                            _ => {
                                return Err(
                                    "operand ambiguous: several cells, question does not decide",
                                );
                            }
                        }
                    }
                };
                let at = cell.coord();
                if table
                    .rows
                    .get(at.row as usize - 1)
                    .and_then(|r| r.first())
                    .is_none_or(|l| l.trim().is_empty())
                {
                    return Err("operand row has no label in the dataset");
                }
                let id = match operands.iter().find(|m| m.cell.coord() == cell.coord()) {
                    Some(m) => m.id.clone(),
                    None => {
                        let id = format!("o{}", operands.len() + 1);
                        operands.push(Mapped {
                            id: id.clone(),
                            cell,
                        });
                        id
                    }
                };
                if cell.value().is_sign_negative() && !cell.value().is_zero() {
                    let _ = write!(calc, "(-{id})");
                } else {
                    calc.push_str(&id);
                }
            }
        }
        previous = Some(tok);
    }
    if operands.is_empty() {
        return Err("no operand in the table");
    }
    Calc::parse(&calc).map_err(|_| "unparsable derivation")?;
    Ok((calc, operands))
}

/// An operand stating `stated`'s text and role (in a phrasing) and citing
/// `cite`; `None` when no role in the phrasing names the cell uniquely.
fn operand_claim(
    table: &StudyTable,
    id: &str,
    stated: &Cell<'_>,
    cite: &Cell<'_>,
    phrasing: Phrasing,
    question: &Question,
) -> Option<Claim> {
    let at = stated.coord();
    let role = table.raw.role(
        phrasing,
        at.row as usize - 1,
        at.col as usize - 1,
        &question.text,
    )?;
    Some(Claim {
        id: id.to_string(),
        value: Some(stated.text().into_owned()),
        role: Some(Role::Text(role)),
        cites: vec![cite.reference().to_string()],
        ..Claim::default()
    })
}

fn trace(
    table: &StudyTable,
    question: &Question,
    calc: &str,
    operands: &[Claim],
    suffix: &str,
) -> Answer {
    Answer {
        id: format!("{}{suffix}", question.id),
        sources: vec![SourceSpec {
            id: table.document.id.clone(),
            path: table.document.id.clone(),
        }],
        context: None,
        claims: vec![Claim {
            id: "k1".to_string(),
            value: Some(question.answer.clone()),
            calc: Some(calc.to_string()),
            operands: operands.to_vec(),
            ..Claim::default()
        }],
        origin: Origin::default(),
        problems: Vec::new(),
    }
}

fn cell_labels(cell: &Cell<'_>) -> String {
    format!(
        "{} | {} | {}",
        cell.row_label().unwrap_or("-"),
        cell.col_label().unwrap_or("-"),
        cell.period()
            .map_or_else(|| "-".to_string(), ToString::to_string)
    )
}

fn codes(report: &ClaimReport) -> Vec<String> {
    report
        .findings
        .iter()
        .map(|f| f.code.name().to_string())
        .collect()
}

fn operand_report<'r>(
    report: &'r crate::verify::AnswerReport,
    id: &str,
) -> Option<&'r ClaimReport> {
    report
        .claims
        .first()
        .and_then(|c| c.operands.iter().find(|o| o.id == id))
}

/// Runs the study over one dataset, its roles written in one phrasing.
pub fn study(dataset: &Dataset, vocab: &Vocab, phrasing: Phrasing) -> DatasetReport {
    let store = Store::default();
    let full = Verifier::new(vocab, &store, VerifyOptions::with_checks(CheckSet::ALL));
    let value_only = Verifier::new(
        vocab,
        &store,
        VerifyOptions::with_checks(CheckSet::of(&[Check::Value])),
    );
    let mut out = DatasetReport {
        name: dataset.name.clone(),
        phrasing: phrasing.name().to_string(),
        tables: dataset.tables.len(),
        unreadable: dataset.unreadable.clone(),
        ..DatasetReport::default()
    };
    let exclude = |out: &mut DatasetReport, why: &str, n: usize| {
        if n > 0 {
            *out.exclusions.entry(why.to_string()).or_default() += n;
        }
    };
    exclude(
        &mut out,
        "table has no numbers (question not counted)",
        dataset.orphan_questions,
    );
    for table in &dataset.tables {
        let sources = vec![(
            table.document.id.as_str(),
            SourceState::Loaded(&table.document),
        )];
        let scope = AnswerScope::new(sources, None, &store);
        let Some(grid) = table.document.tables.first() else {
            continue;
        };
        out.damaged_cells += grid.cells().filter(|c| is_damaged(table, c)).count();
        for question in &table.questions {
            out.questions += 1;
            let (calc, mapped) = match map_question(table, question) {
                Ok(m) => m,
                Err(why) => {
                    exclude(&mut out, why, 1);
                    continue;
                }
            };
            let Some(claims) = mapped
                .iter()
                .map(|m| operand_claim(table, &m.id, &m.cell, &m.cell, phrasing, question))
                .collect::<Option<Vec<Claim>>>()
            else {
                exclude(
                    &mut out,
                    "no role in this phrasing tells an operand from another cell",
                    1,
                );
                continue;
            };
            let clean = full.verify_in(&trace(table, question, &calc, &claims, ""), &scope);
            out.traces += 1;
            let mut alarmed = false;
            let mut accepted: HashMap<&str, bool> = HashMap::new();
            for (m, claim) in mapped.iter().zip(&claims) {
                let Some(r) = operand_report(&clean, &m.id) else {
                    continue;
                };
                accepted.insert(m.id.as_str(), r.route == Route::Accept);
                if r.route != Route::Accept {
                    alarmed = true;
                    for code in codes(r) {
                        *out.false_alarm_codes.entry(code).or_default() += 1;
                    }
                    out.disagreements.push(Disagreement {
                        kind: DisagreementKind::FalseAlarm,
                        id: question.id.clone(),
                        role: role_text(claim),
                        cite: m.cell.reference().to_string(),
                        cell: cell_labels(&m.cell),
                        codes: codes(r),
                        message: r
                            .findings
                            .first()
                            .map(|f| f.message.clone())
                            .unwrap_or_default(),
                    });
                }
            }
            if alarmed {
                out.false_alarms += 1;
            }
            if clean
                .claims
                .first()
                .is_some_and(|c| c.findings.iter().any(|f| f.check == Check::Arithmetic))
            {
                out.arithmetic_disagreements += 1;
                out.arithmetic.push(question.id.clone());
            }

            // Swaps: each operand to each other cell with the same value.
            for (index, m) in mapped.iter().enumerate() {
                let value = m.cell.value();
                let others: Vec<Cell<'_>> = grid
                    .cells()
                    .filter(|c| {
                        c.coord() != m.cell.coord()
                            && c.value() == value
                            && c.percent() == m.cell.percent()
                            && c.scale() == m.cell.scale()
                    })
                    .collect();
                if others.is_empty() {
                    continue;
                }
                if value.is_zero() {
                    exclude(
                        &mut out,
                        "swap of a zero value (dashes read as zero)",
                        others.len(),
                    );
                    continue;
                }
                for other in others {
                    if same_balance(&table.raw, &m.cell, &other) {
                        exclude(
                            &mut out,
                            "swap target is the same balance (the close of one period is the open of the next)",
                            1,
                        );
                        continue;
                    }
                    if is_damaged(table, &other) {
                        exclude(
                            &mut out,
                            "swap target valued 2013/2014/2019 (dash damage)",
                            1,
                        );
                        continue;
                    }
                    out.swaps += 1;
                    let mut swapped = claims.clone();
                    if let (Some(slot), Some(claim)) = (
                        swapped.get_mut(index),
                        operand_claim(table, &m.id, &m.cell, &other, phrasing, question),
                    ) {
                        *slot = claim;
                    }
                    let suffix = format!("~{}>{}", m.id, other.coord());
                    let answer = trace(table, question, &calc, &swapped, &suffix);
                    let role = swapped.get(index).map(role_text).unwrap_or_default();
                    let by_value = value_only.verify_in(&answer, &scope);
                    if operand_report(&by_value, &m.id).is_some_and(|r| r.route != Route::Accept) {
                        out.swaps_caught_value_only += 1;
                        let r = operand_report(&by_value, &m.id);
                        out.disagreements.push(Disagreement {
                            kind: DisagreementKind::ValueOnlyCaught,
                            id: answer.id.clone(),
                            role: role.clone(),
                            cite: other.reference().to_string(),
                            cell: cell_labels(&other),
                            codes: r.map(codes).unwrap_or_default(),
                            message: r
                                .and_then(|r| r.findings.first())
                                .map(|f| f.message.clone())
                                .unwrap_or_default(),
                        });
                    }
                    let checked = full.verify_in(&answer, &scope);
                    let was_accepted = accepted.get(m.id.as_str()).copied().unwrap_or(false);
                    if was_accepted {
                        out.swaps_on_accepted += 1;
                    }
                    match operand_report(&checked, &m.id) {
                        Some(r) if r.route != Route::Accept => {
                            out.swaps_caught += 1;
                            if was_accepted {
                                out.swaps_caught_on_accepted += 1;
                            }
                            let mut seen = codes(r);
                            seen.sort();
                            seen.dedup();
                            if seen.iter().any(|c| {
                                matches!(
                                    c.as_str(),
                                    "same_number_swap" | "role_mismatch" | "period_mismatch"
                                )
                            }) {
                                out.swaps_named += 1;
                            }
                            for code in seen {
                                *out.caught_codes.entry(code).or_default() += 1;
                            }
                        }
                        _ => out.disagreements.push(Disagreement {
                            kind: DisagreementKind::MissedSwap,
                            id: answer.id.clone(),
                            role,
                            cite: other.reference().to_string(),
                            cell: cell_labels(&other),
                            codes: Vec::new(),
                            message: String::new(),
                        }),
                    }
                }
            }
        }
    }
    out
}

fn role_text(claim: &Claim) -> String {
    match &claim.role {
        Some(Role::Text(t)) => t.clone(),
        _ => String::new(),
    }
}

fn codes_cell(codes: &BTreeMap<String, usize>) -> String {
    if codes.is_empty() {
        return "-".to_string();
    }
    codes
        .iter()
        .map(|(c, n)| format!("{c} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The summary rows: (label, value per dataset).
fn summary_rows(report: &ExternalReport) -> Vec<(String, Vec<String>)> {
    let col = |f: &dyn Fn(&DatasetReport) -> String| -> Vec<String> {
        report.datasets.iter().map(f).collect()
    };
    vec![
        ("tables".into(), col(&|d| d.tables.to_string())),
        (
            "arithmetic questions".into(),
            col(&|d| d.questions.to_string()),
        ),
        (
            "cells valued 2013/2014/2019 (dash damage, never used)".into(),
            col(&|d| d.damaged_cells.to_string()),
        ),
        ("traces built".into(), col(&|d| d.traces.to_string())),
        (
            "false alarms (unswapped traces)".into(),
            col(&|d| format!("{} ({}%)", d.false_alarms, d.false_alarm_rate())),
        ),
        (
            "false alarm codes (operands)".into(),
            col(&|d| codes_cell(&d.false_alarm_codes)),
        ),
        (
            "arithmetic findings (gold rounding, apart)".into(),
            col(&|d| d.arithmetic_disagreements.to_string()),
        ),
        ("swaps available".into(), col(&|d| d.swaps.to_string())),
        (
            "swaps caught by value-only".into(),
            col(&|d| d.swaps_caught_value_only.to_string()),
        ),
        (
            "swaps caught by tickmark".into(),
            col(&|d| format!("{} ({}%)", d.swaps_caught, d.catch_rate())),
        ),
        (
            "caught, by code".into(),
            col(&|d| codes_cell(&d.caught_codes)),
        ),
        (
            "caught swaps named (swap, role or period mismatch)".into(),
            col(&|d| format!("{} ({}%)", d.swaps_named, d.named_rate())),
        ),
        (
            "swaps of operands accepted unswapped: caught".into(),
            col(&|d| format!("{} of {}", d.swaps_caught_on_accepted, d.swaps_on_accepted)),
        ),
    ]
}

/// The study as markdown tables (the form docs/evaluation.md quotes): a
/// compact table of every dataset and phrasing, then one summary table per
/// phrasing.
pub fn markdown(report: &ExternalReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| dataset | phrasing | traces | false alarms | swaps | caught | named of caught |\n|---|---|---|---|---|---|---|"
    );
    for d in &report.datasets {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} ({}%) | {} | {} ({}%) | {} ({}%) |",
            d.name,
            d.phrasing,
            d.traces,
            d.false_alarms,
            d.false_alarm_rate(),
            d.swaps,
            d.swaps_caught,
            d.catch_rate(),
            d.swaps_named,
            d.named_rate()
        );
    }
    let mut phrasings: Vec<&str> = report
        .datasets
        .iter()
        .map(|d| d.phrasing.as_str())
        .collect();
    phrasings.dedup();
    for phrasing in phrasings {
        let part = ExternalReport {
            dir: report.dir.clone(),
            datasets: report
                .datasets
                .iter()
                .filter(|d| d.phrasing == phrasing)
                .cloned()
                .collect(),
        };
        let names: Vec<&str> = part.datasets.iter().map(|d| d.name.as_str()).collect();
        let _ = writeln!(out, "\nPhrasing `{phrasing}`:\n");
        let _ = writeln!(out, "| | {} |", names.join(" | "));
        let _ = writeln!(out, "|---|{}", "---|".repeat(names.len()));
        for (label, values) in summary_rows(&part) {
            let _ = writeln!(out, "| {label} | {} |", values.join(" | "));
        }
    }
    let _ = writeln!(out, "\nExclusions:\n");
    let _ = writeln!(
        out,
        "| dataset | phrasing | reason | count |\n|---|---|---|---|"
    );
    for d in &report.datasets {
        for (why, n) in &d.exclusions {
            let _ = writeln!(out, "| {} | {} | {why} | {n} |", d.name, d.phrasing);
        }
    }
    let _ = writeln!(out, "\nDisagreements:\n");
    let _ = writeln!(
        out,
        "| dataset | phrasing | kind | trace | stated role | cited cell | cell labels (row \\| column \\| period) | codes | message |\n|---|---|---|---|---|---|---|---|---|"
    );
    for d in &report.datasets {
        for x in &d.disagreements {
            let _ = writeln!(
                out,
                "| {} | {} | {} | `{}` | {} | `{}` | {} | {} | {} |",
                d.name,
                d.phrasing,
                kind_name(x.kind),
                x.id,
                md(&x.role),
                x.cite,
                md(&x.cell),
                x.codes.join(", "),
                md(&x.message)
            );
        }
    }
    out
}

fn md(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

fn kind_name(kind: DisagreementKind) -> &'static str {
    match kind {
        DisagreementKind::MissedSwap => "missed swap",
        DisagreementKind::FalseAlarm => "false alarm",
        DisagreementKind::ValueOnlyCaught => "value-only caught",
    }
}

/// The study for a terminal: the summary table per dataset, exclusions and
/// every disagreement.
pub fn human(report: &ExternalReport) -> String {
    let mut out = String::new();
    let rows = summary_rows(report);
    let width = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    let _ = writeln!(out, "external study: {}", report.dir.display());
    for (i, d) in report.datasets.iter().enumerate() {
        let _ = writeln!(out, "\n{} ({})", d.name, d.phrasing);
        for (label, values) in &rows {
            let _ = writeln!(
                out,
                "  {label:<width$}  {}",
                values.get(i).map_or("", String::as_str)
            );
        }
        if !d.exclusions.is_empty() {
            let _ = writeln!(out, "  excluded:");
            for (why, n) in &d.exclusions {
                let _ = writeln!(out, "    {n:>5}  {why}");
            }
        }
        for x in &d.disagreements {
            let _ = writeln!(
                out,
                "  {}: {}\n    role {:?} --> {} [{}]{}",
                kind_name(x.kind),
                x.id,
                x.role,
                x.cite,
                x.cell,
                if x.codes.is_empty() {
                    String::new()
                } else {
                    format!("\n    {}: {}", x.codes.join(", "), x.message)
                }
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derivations_tokenize() {
        let toks = infix_tokens("($28-$17)/$17").unwrap();
        assert_eq!(toks.len(), 7);
        assert!(infix_tokens("[(166+178)/2] - [(57+44)/2]").is_ok());
        assert!(infix_tokens("(2.7%+2.0%+1.0%)/3").is_ok());
        assert!(infix_tokens("1,496.5>1,202.9").is_err());
        assert!(infix_tokens("12,830/14,740 ").is_ok());
    }

    #[test]
    fn programs_become_infix() {
        let toks = program_tokens("subtract(60.94, 25.14), divide(#0, 25.14)").unwrap();
        // ((60.94 - 25.14) / 25.14)
        assert_eq!(toks.len(), 9);
        assert!(program_tokens("table_sum(net income, none)").is_err());
        assert!(program_tokens("divide(3.8, 35.1), multiply(#0, const_100)").is_ok());
    }

    #[test]
    fn roles_come_from_the_raw_rows() {
        let rows: Vec<Vec<String>> = [
            vec!["", "", "Years Ended September 30,", ""],
            vec!["", "2019", "2018", "2017"],
            vec!["Fixed Price", "$  1,452.4", "$  1,146.2", "$  1,036.9"],
        ]
        .iter()
        .map(|r| r.iter().map(|s| s.to_string()).collect())
        .collect();
        let raw = RawTable::new(&rows);
        assert_eq!(
            raw_role(&raw, 2, 1),
            "Fixed Price, Years Ended September 30, 2019",
            "a centred header flattened into the middle column spans the run"
        );
        assert_eq!(
            raw_role(&raw, 2, 2),
            "Fixed Price, Years Ended September 30, 2018"
        );
        assert_eq!(
            raw_role(&raw, 2, 3),
            "Fixed Price, Years Ended September 30, 2017",
            "a header spans the empty cells to its right"
        );
    }
}
