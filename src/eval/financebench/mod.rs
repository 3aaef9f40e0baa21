//! `tickmark eval --financebench DIR`: FinanceBench's questions turned into
//! page-cited claims over the real filings in `DIR/pdfs/`, and into swapped
//! claims that cite another cell holding the same number in another role.
//!
//! FinanceBench is non-commercial: nothing of it is in the repository. The
//! claims are made here, at run time, from `DIR/financebench_open_source.jsonl`,
//! by rules that use only the dataset's own fields, never tickmark's
//! vocabulary, labeler or checks:
//!
//! - **Which questions.** Those whose documents are in `DIR/pdfs/`, whose
//!   reasoning is information extraction (or not given), and whose gold
//!   answer states a number that the dataset's own text of an evidence page
//!   prints as a line by itself (how its page text holds a table cell; a
//!   number inside a sentence is prose). A number is printed when the
//!   printed figure, at some power of a thousand, is within the rounding of
//!   the answer as written. FinanceBench writes amounts with two decimals
//!   whatever their precision ("$1577.00"), so trailing zeros of the
//!   fraction do not count as precision, in the search and in the claim.
//! - **The claim.** Its value is the answer's number with the answer's
//!   sign, `$` and scale word, or the question's ("Answer in USD
//!   billions"). Its role is the question's own words: the phrase after
//!   "what is", "how much" or "which …", without the company's name, the
//!   units and the instructions; for an answer that is a sentence ("X. Its
//!   net revenue was …"), the answer's words before the number (and its
//!   subject), the clause's words right after it ("shrunk by 0.9%
//!   organically") up to a phrase of their own, and the question's period
//!   words. It cites the evidence page
//!   that prints the number: `DOC.pdf#pN`, N = `evidence_page_num` + 1.
//! - **Swapped claims.** The claim's cell is the one tickmark accepted it
//!   against, or else the only cell of the evidence page that holds the
//!   number. Every other cell of the document holding the number (within
//!   the claim's rounding, in base units) on another line (row labels
//!   neither of which has all the other's words, nor the words of row
//!   label and column heading together: a cross-table's "Consumer" under
//!   "Organic sales" is the "Organic sales" row of the Consumer page) or in
//!   other years (column labels naming other years) becomes a swapped
//!   claim: the same value
//!   and role, citing that cell. It must not be accepted.
//! - **Split.** Companies are sorted by name; every third (the 3rd, 6th,
//!   …) is held out. The rules above were written on the dev companies.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::answer::read_answers_str;
use crate::check::Route;
use crate::check::resolve::Store;
use crate::{ReadOptions, SourceCache, Verifier, VerifyOptions, Vocab};

mod claims;

pub use claims::Split;
use claims::{Planned, plan, read_questions, splits};

/// Why the FinanceBench evaluation could not run.
#[derive(Debug, thiserror::Error)]
pub enum FinanceBenchError {
    /// A file could not be read.
    #[error("{path}: {reason}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// A line of the questions file is not a question.
    #[error("{path} line {line}: expected a FinanceBench question, found {reason}")]
    Question {
        /// The file.
        path: String,
        /// 1-based line.
        line: usize,
        /// What was wrong.
        reason: String,
    },
}
/// A claim made from a question.
#[derive(Debug, Clone, Serialize)]
pub struct MadeClaim {
    /// The question's id.
    pub question: String,
    /// The company.
    pub company: String,
    /// Dev or held out.
    pub split: Split,
    /// `answer` (cites the evidence page) or `swap` (cites another cell).
    pub kind: &'static str,
    /// The stated value.
    pub value: String,
    /// The role, in the question's words.
    pub role: String,
    /// The cite.
    pub cite: String,
    /// The route tickmark gave it.
    pub route: Route,
    /// The finding codes.
    pub codes: Vec<String>,
    /// The findings' messages (for a miss).
    pub messages: Vec<String>,
    /// The cell tickmark checked it against.
    pub cell: Option<String>,
}

/// Counts for one split.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Counts {
    /// Answer claims.
    pub answers: usize,
    /// Answer claims accepted.
    pub accepted: usize,
    /// Swapped claims.
    pub swaps: usize,
    /// Swapped claims not accepted.
    pub caught: usize,
}

/// The evaluation's report.
#[derive(Debug, Clone, Serialize)]
pub struct FinanceBenchReport {
    /// Questions whose documents are present.
    pub questions: usize,
    /// Questions that gave a claim.
    pub selected: usize,
    /// Companies held out.
    pub held_out: Vec<String>,
    /// Per split.
    pub counts: BTreeMap<Split, Counts>,
    /// Every claim.
    pub claims: Vec<MadeClaim>,
}
/// The words of a label, lower case.
fn label_words(label: Option<&str>) -> Vec<String> {
    label
        .unwrap_or_default()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Two row labels name the same line when one's words are all in the
/// other ("Net income" and "Net income/(loss)"): the same number there is
/// the same figure printed twice, not a swap.
fn same_line(a: Option<&str>, b: Option<&str>) -> bool {
    one_within_other(&label_words(a), &label_words(b))
}

/// Whether one word list's words are all among the other's.
fn one_within_other(a: &[String], b: &[String]) -> bool {
    a.iter().all(|w| b.contains(w)) || b.iter().all(|w| a.contains(w))
}

/// Two cells name the same line when one's row label and column heading
/// words are all among the other's: a cross-table prints a line in its
/// column ("Consumer" under "Organic sales") that another table prints in
/// its row ("Organic sales" under "2022" on the Consumer page).
fn same_cell_words(a: (Option<&str>, Option<&str>), b: (Option<&str>, Option<&str>)) -> bool {
    let words = |(row, col): (Option<&str>, Option<&str>)| {
        let mut w = label_words(row);
        w.extend(label_words(col));
        w
    };
    one_within_other(&words(a), &words(b))
}

/// Two column labels name the same years (or one names none).
fn same_years(a: Option<&str>, b: Option<&str>) -> bool {
    let years = |l: Option<&str>| -> Vec<String> {
        label_words(l)
            .into_iter()
            .filter(|w| w.len() == 4 && w.parse::<u32>().is_ok_and(|y| (1900..=2100).contains(&y)))
            .collect()
    };
    let (a, b) = (years(a), years(b));
    a.is_empty() || b.is_empty() || a == b
}
/// Verifies one claim; the report's first claim.
fn verify_one(
    verifier: &Verifier<'_>,
    cache: &SourceCache,
    base: &Path,
    doc: &str,
    value: &str,
    role: &str,
    cite: &str,
) -> Option<crate::ClaimReport> {
    let answer = serde_json::json!({
        "id": "fb",
        "sources": [format!("{doc}.pdf")],
        "claims": [{"id": "k", "value": value, "role": role, "cites": [cite]}],
    });
    let answers = read_answers_str(&answer.to_string(), "financebench", false).ok()?;
    let answer = answers.items.into_iter().next()?.ok()?;
    verifier
        .verify(&answer, cache, base)
        .claims
        .into_iter()
        .next()
}

fn made(
    planned: &Planned,
    kind: &'static str,
    cite: &str,
    report: Option<crate::ClaimReport>,
) -> MadeClaim {
    let (route, codes, messages, cell) = match report {
        Some(r) => (
            r.route,
            r.findings
                .iter()
                .map(|f| f.code.name().to_string())
                .collect(),
            r.findings.iter().map(|f| f.message.clone()).collect(),
            r.cell.map(|c| c.reference),
        ),
        None => (
            Route::Review,
            Vec::new(),
            vec!["the claim could not be built".to_string()],
            None,
        ),
    };
    MadeClaim {
        question: planned.question.financebench_id.clone(),
        company: planned.question.company.clone(),
        split: planned.split,
        kind,
        value: planned.value.clone(),
        role: planned.role.clone(),
        cite: cite.to_string(),
        route,
        codes,
        messages,
        cell,
    }
}

/// Runs the evaluation over a FinanceBench folder.
pub fn run(
    dir: &Path,
    vocab: &Vocab,
    options: &ReadOptions,
) -> Result<FinanceBenchReport, FinanceBenchError> {
    let questions = read_questions(&dir.join("financebench_open_source.jsonl"))?;
    let pdfs: PathBuf = dir.join("pdfs");
    let (present, planned) = plan(&questions, &pdfs);
    let store = Store::default();
    let verifier = Verifier::new(vocab, &store, VerifyOptions::default());
    let cache = SourceCache::default().with_options(options.clone());
    let mut claims = Vec::new();
    let mut selected: Vec<&str> = Vec::new();
    for p in &planned {
        if !selected.contains(&p.question.financebench_id.as_str()) {
            selected.push(&p.question.financebench_id);
        }
        let doc = &p.question.doc_name;
        let report = verify_one(&verifier, &cache, &pdfs, doc, &p.value, &p.role, &p.cite);
        let accepted_cell = report
            .as_ref()
            .filter(|r| r.route == Route::Accept)
            .and_then(|r| r.cell.as_ref().map(|c| c.reference.clone()));
        claims.push(made(p, "answer", &p.cite, report));
        // Swaps: other cells of the document that hold the stated number
        // (within its rounding, in base units) under another row or column
        // label than the claim's cell: the one tickmark accepted, or else
        // the only cell of the evidence page holding the number.
        // The document as the verifier read it (from the cache).
        let id = format!("{doc}.pdf");
        let Ok(document) = cache.load(&id, &id, &pdfs, vocab) else {
            continue;
        };
        let holds = |c: &crate::Cell<'_>| {
            c.value_base()
                .is_some_and(|v| (v.abs() - p.base.abs()).abs() <= p.half)
        };
        let gold = match &accepted_cell {
            Some(r) => document.cells().find(|c| c.reference().to_string() == *r),
            None => {
                let on_page: Vec<crate::Cell<'_>> = document
                    .cells()
                    .filter(|c| c.table().part.pdf_page() == Some(p.page) && holds(c))
                    .collect();
                match on_page.as_slice() {
                    [only] => Some(*only),
                    _ => None,
                }
            }
        };
        let Some(gold) = gold else { continue };
        let cell_ref = gold.reference().to_string();
        let (label, col) = (gold.row_label(), gold.col_label());
        for other in document.cells() {
            if !holds(&other) || other.reference().to_string() == cell_ref {
                continue;
            }
            if (same_line(other.row_label(), label)
                || same_cell_words((other.row_label(), other.col_label()), (label, col)))
                && same_years(other.col_label(), col)
            {
                continue;
            }
            let cite = other.reference().to_string();
            let report = verify_one(&verifier, &cache, &pdfs, doc, &p.value, &p.role, &cite);
            claims.push(made(p, "swap", &cite, report));
        }
    }
    let mut counts: BTreeMap<Split, Counts> = BTreeMap::new();
    for c in &claims {
        let entry = counts.entry(c.split).or_default();
        let accepted = c.route == Route::Accept;
        if c.kind == "answer" {
            entry.answers += 1;
            entry.accepted += usize::from(accepted);
        } else {
            entry.swaps += 1;
            entry.caught += usize::from(!accepted);
        }
    }
    let companies: Vec<String> = questions
        .iter()
        .filter(|q| pdfs.join(format!("{}.pdf", q.doc_name)).is_file())
        .map(|q| q.company.clone())
        .collect();
    let held_out = splits(&companies)
        .into_iter()
        .filter(|(_, s)| *s == Split::HeldOut)
        .map(|(c, _)| c)
        .collect();
    Ok(FinanceBenchReport {
        questions: present,
        selected: selected.len(),
        held_out,
        counts,
        claims,
    })
}

/// The report for a terminal: counts per split, then every claim.
pub fn human(report: &FinanceBenchReport) -> String {
    let mut out = format!(
        "{} questions with their documents; {} give numeric single-cell claims; held out: {}\n",
        report.questions,
        report.selected,
        report.held_out.join(", ")
    );
    for (split, c) in &report.counts {
        out.push_str(&format!(
            "{split:?}: answers accepted {}/{}; swaps not accepted {}/{}\n",
            c.accepted, c.answers, c.caught, c.swaps
        ));
    }
    for c in &report.claims {
        out.push_str(&format!(
            "{} {:?} {} {} value {:?} role {:?} cite {} -> {:?} {:?}{}\n",
            c.question,
            c.split,
            c.kind,
            c.company,
            c.value,
            c.role,
            c.cite,
            c.route,
            c.codes,
            c.cell
                .as_ref()
                .map_or(String::new(), |cell| format!(" cell {cell}"))
        ));
        if (c.kind == "answer") == (c.route != Route::Accept) {
            for m in &c.messages {
                out.push_str(&format!("    {m}\n"));
            }
        }
    }
    out
}

/// The counts as a Markdown table.
pub fn markdown(report: &FinanceBenchReport) -> String {
    let mut out =
        String::from("| split | answers accepted | swaps not accepted |\n|---|---|---|\n");
    for (split, c) in &report.counts {
        out.push_str(&format!(
            "| {} | {}/{} | {}/{} |\n",
            match split {
                Split::Dev => "dev",
                Split::HeldOut => "held out",
            },
            c.accepted,
            c.answers,
            c.caught,
            c.swaps
        ));
    }
    out
}
