//! Scoring a corpus of claims written with their expected verdicts
//! (`tickmark eval --claims FILE --sources DIR`): answers in the input
//! format whose claims carry `"expect": "accept" | "reject"`, a `"kind"`
//! and a `"why"` (fields the verifier ignores). Each claim is verified with
//! every check and scored: a wrong claim must not be accepted, a correct one
//! must be. The corpus in `tests/adversarial/` was written this way by
//! reviewers outside the project, from the statements' own words.
//!
//! This module reads the corpus, verifies and counts; the writers here render
//! the counts.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use crate::answer::Origin;
use crate::answer::input::answer_from_line;
use crate::check::Route;
use crate::check::resolve::Store;
use crate::verify::{ClaimReport, SourceCache, Verifier, VerifyOptions};
use crate::vocab::Vocab;

/// One kind of claim in one file: how many were tried and how many the
/// checks accepted.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct KindScore {
    /// Claims of this kind.
    pub tried: usize,
    /// Of those, accepted.
    pub accepted: usize,
}

/// A claim whose verdict was not the expected one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Miss {
    /// The answer's id.
    pub answer: String,
    /// The claim's id.
    pub claim: String,
    /// The claim's kind.
    pub kind: String,
    /// "accept" or "reject".
    pub expect: String,
    /// The route it got.
    pub route: String,
    /// The codes it got (its own and its operands').
    pub codes: Vec<String>,
    /// What is true, as the corpus says.
    pub why: String,
    /// tickmark's first message.
    pub message: String,
}

/// The scores of one corpus file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct FileScore {
    /// The file as given.
    pub file: String,
    /// Wrong claims by kind.
    pub wrong: BTreeMap<String, KindScore>,
    /// Correct claims by kind.
    pub correct: BTreeMap<String, KindScore>,
    /// Claims without an `expect` (not scored).
    pub unscored: usize,
    /// Lines that are not answers (the error, counted as not accepted).
    pub malformed: Vec<String>,
    /// Every claim whose verdict was not the expected one.
    pub misses: Vec<Miss>,
}

impl FileScore {
    /// Wrong claims tried and accepted.
    pub fn wrong_totals(&self) -> KindScore {
        total(&self.wrong)
    }

    /// Correct claims tried and accepted.
    pub fn correct_totals(&self) -> KindScore {
        total(&self.correct)
    }
}

fn total(map: &BTreeMap<String, KindScore>) -> KindScore {
    map.values().fold(KindScore::default(), |a, k| KindScore {
        tried: a.tried + k.tried,
        accepted: a.accepted + k.accepted,
    })
}

/// Why a corpus could not be scored.
#[derive(Debug, thiserror::Error)]
#[error("{path}: cannot read: {reason}")]
pub struct ClaimsError {
    /// The file.
    pub path: String,
    /// Why.
    pub reason: String,
}

/// Verifies and scores one corpus file; sources resolve under `sources`.
pub fn score(path: &Path, sources: &Path, vocab: &Vocab) -> Result<FileScore, ClaimsError> {
    let text = std::fs::read_to_string(path).map_err(|e| ClaimsError {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    let store = Store::default();
    let verifier = Verifier::new(vocab, &store, VerifyOptions::default());
    // A corpus is the user's own file: its paths may leave the folder.
    let cache = SourceCache::default();
    let mut out = FileScore {
        file: path.display().to_string(),
        ..FileScore::default()
    };
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let origin = Origin {
            file: out.file.clone(),
            line: u64::try_from(index + 1).ok(),
            index,
        };
        let raw: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
        let expectations = expectations(&raw);
        let answer = match answer_from_line(line, origin) {
            Ok(answer) => answer,
            Err(e) => {
                out.malformed.push(e.to_string());
                for x in &expectations {
                    count(&mut out, x, false, "error", &[], &e.to_string(), "");
                }
                continue;
            }
        };
        let report = verifier.verify(&answer, &cache, sources);
        for (i, x) in expectations.iter().enumerate() {
            let claim = report
                .claims
                .iter()
                .find(|c| c.id == x.id)
                .or_else(|| report.claims.get(i));
            let (route, codes, message) = match claim {
                Some(c) => (c.route, codes(c), first_message(c)),
                None => (
                    Route::Review,
                    Vec::new(),
                    report.error.clone().unwrap_or_default(),
                ),
            };
            count(
                &mut out,
                x,
                route == Route::Accept,
                route.name(),
                &codes,
                &message,
                &report.id,
            );
        }
    }
    Ok(out)
}

/// What one claim of the corpus expects.
struct Expectation {
    id: String,
    expect: Option<String>,
    kind: String,
    why: String,
}

fn expectations(raw: &serde_json::Value) -> Vec<Expectation> {
    let text =
        |v: &serde_json::Value, key: &str| v.get(key).and_then(|x| x.as_str()).map(str::to_string);
    raw.get("claims")
        .and_then(|c| c.as_array())
        .map(|claims| {
            claims
                .iter()
                .enumerate()
                .map(|(i, c)| Expectation {
                    id: text(c, "id").unwrap_or_else(|| format!("k{}", i + 1)),
                    expect: text(c, "expect"),
                    kind: text(c, "kind").unwrap_or_else(|| "unkinded".to_string()),
                    why: text(c, "why").unwrap_or_default(),
                })
                .collect()
        })
        .unwrap_or_default()
}

fn count(
    out: &mut FileScore,
    x: &Expectation,
    accepted: bool,
    route: &str,
    codes: &[String],
    message: &str,
    answer: &str,
) {
    let Some(expect) = x.expect.as_deref() else {
        out.unscored += 1;
        return;
    };
    let wrong = expect != "accept";
    let slot = if wrong {
        out.wrong.entry(x.kind.clone()).or_default()
    } else {
        out.correct.entry(x.kind.clone()).or_default()
    };
    slot.tried += 1;
    slot.accepted += usize::from(accepted);
    if accepted == wrong {
        out.misses.push(Miss {
            answer: answer.to_string(),
            claim: x.id.clone(),
            kind: x.kind.clone(),
            expect: expect.to_string(),
            route: route.to_string(),
            codes: codes.to_vec(),
            why: x.why.clone(),
            message: message.to_string(),
        });
    }
}

fn codes(c: &ClaimReport) -> Vec<String> {
    c.findings
        .iter()
        .chain(c.operands.iter().flat_map(|o| o.findings.iter()))
        .map(|f| f.code.name().to_string())
        .collect()
}

fn first_message(c: &ClaimReport) -> String {
    c.findings
        .iter()
        .chain(c.operands.iter().flat_map(|o| o.findings.iter()))
        .next()
        .map(|f| f.message.clone())
        .unwrap_or_default()
}

/// The scores as text: totals, kinds, then every miss.
pub fn human(files: &[FileScore]) -> String {
    let mut out = String::new();
    for f in files {
        let (w, c) = (f.wrong_totals(), f.correct_totals());
        let _ = writeln!(
            out,
            "{}: wrong claims accepted {} of {}; correct claims not accepted {} of {}",
            f.file,
            w.accepted,
            w.tried,
            c.tried - c.accepted,
            c.tried
        );
        for (kind, k) in &f.wrong {
            let _ = writeln!(
                out,
                "  wrong   {kind:<36} {:>3} tried, {:>3} accepted",
                k.tried, k.accepted
            );
        }
        for (kind, k) in &f.correct {
            let _ = writeln!(
                out,
                "  correct {kind:<36} {:>3} tried, {:>3} not accepted",
                k.tried,
                k.tried - k.accepted
            );
        }
        for m in &f.misses {
            let _ = writeln!(
                out,
                "  miss: {} {} ({}, expected {}): {} [{}]\n    true: {}\n    said: {}",
                m.answer,
                m.claim,
                m.kind,
                m.expect,
                m.route,
                m.codes.join(", "),
                m.why,
                m.message
            );
        }
    }
    out
}

/// The scores as a Markdown table of kinds.
pub fn markdown(files: &[FileScore]) -> String {
    let mut out =
        String::from("| file | claims | kind | tried | not as expected |\n|---|---|---|---|---|\n");
    for f in files {
        for (kind, k) in &f.wrong {
            let _ = writeln!(
                out,
                "| {} | wrong | {kind} | {} | {} accepted |",
                f.file, k.tried, k.accepted
            );
        }
        for (kind, k) in &f.correct {
            let _ = writeln!(
                out,
                "| {} | correct | {kind} | {} | {} not accepted |",
                f.file,
                k.tried,
                k.tried - k.accepted
            );
        }
    }
    out
}
