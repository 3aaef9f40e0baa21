//! Verifies the seeded corpus ([`super::corpus`]) under four pipelines, each
//! a real subset of the checks, in one pass, and tabulates what each catches:
//!
//! - `resolution`: resolution only (cites exist and are in context);
//! - `value`: resolution and the value check, the "signed number at the
//!   pointer" baseline;
//! - `value+role`: resolution, value and role;
//! - `all code`: every code check (resolve, quote, value, role, arithmetic).
//!
//! A claim is *caught* when its route is not `accept`. On `clean` answers a
//! catch is a false alarm. The report also gives the 2×2 over the defective
//! answers of resolution (the resolution pipeline caught it) against value
//! and role (the value or role check itself found something), the residual
//! that no code check catches, and the model calls a judge-everything
//! pipeline would make that the code checks save.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use super::corpus::{Corpus, CorpusSource, DefectClass};
use crate::answer::Origin;
use crate::answer::input::answer_from_value;
use crate::check::resolve::Store;
use crate::check::{Check, CheckSet, Route};
use crate::report::term::{self, Term};
use crate::verify::{AnswerReport, SourceCache, Verifier, VerifyOptions};
use crate::vocab::Vocab;

/// The pipelines compared, by name.
pub const PIPELINES: [(&str, &[Check]); 4] = [
    ("resolution", &[]),
    ("value", &[Check::Value]),
    ("value+role", &[Check::Value, Check::Role]),
    (
        "all code",
        &[Check::Quote, Check::Value, Check::Role, Check::Arithmetic],
    ),
];

/// What the pipelines did with one class.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClassRow {
    /// The class (`clean`, or the code it should produce).
    pub class: &'static str,
    /// Answers generated.
    pub answers: usize,
    /// Candidates the sources offered (cells, or cell pairs).
    pub available: usize,
    /// Answers caught (not accepted), per pipeline in [`PIPELINES`] order.
    pub caught: [usize; 4],
    /// Answers whose findings under all code checks include the class's
    /// own code.
    pub expected_code: usize,
}

/// One answer, for reading: a miss, a false alarm, or a catch under
/// another code than the class's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Case {
    /// The answer's id.
    pub id: String,
    /// Its true class.
    pub class: &'static str,
    /// The route under all code checks.
    pub route: Route,
    /// The codes found under all code checks.
    pub codes: Vec<&'static str>,
    /// The first finding's message, if any.
    pub message: Option<String>,
}

/// The seeded evaluation's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeededReport {
    /// The seed.
    pub seed: u64,
    /// Answers asked per class.
    pub per_class: usize,
    /// The sources' ids.
    pub sources: Vec<String>,
    /// The pipelines' names, in column order.
    pub pipelines: Vec<&'static str>,
    /// One row per class, `clean` first.
    pub classes: Vec<ClassRow>,
    /// Over defective answers, rows: the value or role check found something
    /// / nothing; columns: the resolution pipeline caught it / did not:
    /// `[[both, value+role only], [resolution only, neither]]`.
    pub two_by_two: [[usize; 2]; 2],
    /// Defective answers no code check caught.
    pub residual: Vec<Case>,
    /// Clean answers some code check flagged.
    pub false_alarms: Vec<Case>,
    /// Defective answers caught, but not with their class's code.
    pub other_code: Vec<Case>,
    /// Generated answers the input reader refused (a generator bug; each
    /// message names the answer).
    pub malformed: Vec<String>,
    /// Claims in the corpus.
    pub claims: usize,
    /// Claims all code checks accepted: what a judge would still read.
    pub to_judge: usize,
}

impl SeededReport {
    /// Claims a judge-everything pipeline would grade that the code checks
    /// settled, as a share.
    pub fn saved_share(&self) -> f64 {
        if self.claims == 0 {
            return 0.0;
        }
        (self.claims - self.to_judge) as f64 / self.claims as f64
    }
}

/// Verifies every answer of `corpus` under each pipeline. Sources are read
/// through one cache (paths relative to `base_dir`).
pub fn evaluate(
    corpus: &Corpus,
    seed: u64,
    per_class: usize,
    source_ids: Vec<String>,
    vocab: &Vocab,
    cache: &SourceCache,
    base_dir: &Path,
) -> SeededReport {
    let store = Store::default();
    let verifiers: Vec<Verifier<'_>> = PIPELINES
        .iter()
        .map(|(_, checks)| {
            Verifier::new(
                vocab,
                &store,
                VerifyOptions::with_checks(CheckSet::of(checks)),
            )
        })
        .collect();
    let mut rows: BTreeMap<DefectClass, ClassRow> = BTreeMap::new();
    let mut report = SeededReport {
        seed,
        per_class,
        sources: source_ids,
        pipelines: PIPELINES.iter().map(|(name, _)| *name).collect(),
        classes: Vec::new(),
        two_by_two: [[0; 2]; 2],
        residual: Vec::new(),
        false_alarms: Vec::new(),
        other_code: Vec::new(),
        malformed: Vec::new(),
        claims: 0,
        to_judge: 0,
    };
    for class in DefectClass::ALL {
        rows.insert(
            class,
            ClassRow {
                class: class.name(),
                answers: 0,
                available: corpus.available.get(&class).copied().unwrap_or(0),
                caught: [0; 4],
                expected_code: 0,
            },
        );
    }
    for (index, generated) in corpus.answers.iter().enumerate() {
        let origin = Origin {
            file: "corpus".to_string(),
            line: None,
            index,
        };
        let answer = match answer_from_value(generated.answer.clone(), origin) {
            Ok(answer) => answer,
            Err(e) => {
                report.malformed.push(e.to_string());
                continue;
            }
        };
        let reports: Vec<AnswerReport> = verifiers
            .iter()
            .map(|v| v.verify(&answer, cache, base_dir))
            .collect();
        let caught: Vec<bool> = reports.iter().map(|r| r.route != Route::Accept).collect();
        let Some(row) = rows.get_mut(&generated.class) else {
            continue;
        };
        row.answers += 1;
        for (count, hit) in row.caught.iter_mut().zip(&caught) {
            *count += usize::from(*hit);
        }
        let full = reports.last();
        let codes: Vec<&'static str> = full
            .map(|r| r.all_findings().map(|f| f.code.name()).collect())
            .unwrap_or_default();
        let expected = generated.class.expected_code();
        if expected.is_some_and(|code| codes.contains(&code.name())) {
            row.expected_code += 1;
        }
        report.claims += answer.claims.len();
        if let Some(full) = full {
            report.to_judge += full
                .claims
                .iter()
                .filter(|c| c.route == Route::Accept)
                .count();
        }
        let case = || Case {
            id: answer.id.clone(),
            class: generated.class.name(),
            route: full.map_or(Route::Accept, |r| r.route),
            codes: codes.clone(),
            message: full.and_then(|r| r.all_findings().next().map(|f| f.message.clone())),
        };
        let all_code = caught.last().copied().unwrap_or(false);
        match expected {
            None if all_code => report.false_alarms.push(case()),
            None => {}
            Some(code) => {
                let resolution = caught.first().copied().unwrap_or(false);
                // What the value and role checks themselves found (the
                // value+role pipeline also resolves, so its route alone
                // would count resolution's catches twice).
                let value_role = reports.get(2).is_some_and(|r| {
                    r.all_findings()
                        .any(|f| matches!(f.check, Check::Value | Check::Role))
                });
                let (r, c) = (usize::from(!value_role), usize::from(!resolution));
                // Rows: value+role caught / not; columns: resolution caught / not.
                if let Some(cell) = report.two_by_two.get_mut(r).and_then(|row| row.get_mut(c)) {
                    *cell += 1;
                }
                if !all_code {
                    report.residual.push(case());
                } else if !codes.contains(&code.name()) {
                    report.other_code.push(case());
                }
            }
        }
    }
    report.classes = DefectClass::ALL
        .iter()
        .filter_map(|c| rows.remove(c))
        .collect();
    report
}

/// Reads the sources (each once, through `cache`), generates the corpus and
/// evaluates it. Source ids are the files' names; paths are as given,
/// relative to `base_dir`.
pub fn run(
    paths: &[String],
    per_class: usize,
    seed: u64,
    vocab: &Vocab,
    cache: &SourceCache,
    base_dir: &Path,
) -> Result<(Corpus, SeededReport), String> {
    let mut sources = Vec::new();
    for path in paths {
        let id = Path::new(path)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.clone());
        if sources.iter().any(|s: &CorpusSource| s.id == id) {
            return Err(format!(
                "two sources are named {id:?}; answers cite sources by file name, so give files with different names"
            ));
        }
        let document = cache
            .load(&id, path, base_dir, vocab)
            .map_err(|e| e.to_string())?;
        sources.push(CorpusSource {
            id,
            path: path.clone(),
            document,
        });
    }
    let corpus = super::corpus::generate(&sources, per_class, seed, vocab);
    let ids = sources.iter().map(|s| s.id.clone()).collect();
    let report = evaluate(&corpus, seed, per_class, ids, vocab, cache, base_dir);
    Ok((corpus, report))
}

/// One class's row as both renderings show it: the class's name, answers
/// (available), a rate per pipeline, and the share caught under its own code.
fn row_cells(row: &ClassRow) -> (&'static str, String, Vec<String>, String) {
    let rates = row
        .caught
        .iter()
        .map(|n| percent(*n, row.answers))
        .collect();
    let counts = format!("{} ({})", row.answers, row.available);
    if row.class == "clean" {
        ("clean (false alarms)", counts, rates, "–".to_string())
    } else {
        (
            row.class,
            counts,
            rates,
            percent(row.expected_code, row.answers),
        )
    }
}

impl Case {
    /// "clean-3 (clean): review [ambiguous_role] cannot tell whether …".
    fn line(&self) -> String {
        format!(
            "{} ({}): {} [{}] {}",
            self.id,
            self.class,
            self.route.name(),
            self.codes.join(", "),
            self.message.as_deref().unwrap_or("")
        )
    }
}

fn percent(n: usize, of: usize) -> String {
    if of == 0 {
        "–".to_string()
    } else {
        format!("{:.0}%", 100.0 * n as f64 / of as f64)
    }
}

impl SeededReport {
    /// The report as Markdown tables (what docs/evaluation.md shows).
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Seeded corpus: {} per class, seed {}, sources {}.\n",
            self.per_class,
            self.seed,
            self.sources.join(", ")
        );
        let _ = writeln!(
            out,
            "| class | answers (available) | {} | own code (all code) |",
            self.pipelines.join(" | ")
        );
        let _ = writeln!(out, "|---|---|{}---|", "---|".repeat(self.pipelines.len()));
        for row in &self.classes {
            let (class, counts, rates, own) = row_cells(row);
            let class = if row.class == "clean" {
                class.to_string()
            } else {
                format!("`{class}`")
            };
            let _ = writeln!(
                out,
                "| {class} | {counts} | {} | {own} |",
                rates.join(" | ")
            );
        }
        let [[both, vr_only], [res_only, neither]] = self.two_by_two;
        let _ = writeln!(
            out,
            "\nDefective answers: resolution against the value and role checks' own findings:\n\n| | resolution caught | resolution missed |\n|---|---|---|\n| value or role found it | {both} | {vr_only} |\n| value and role found nothing | {res_only} | {neither} |"
        );
        let _ = writeln!(
            out,
            "\nResidual (no code check caught it): {}. False alarms on clean: {}. Caught under another code than the class's: {}.",
            self.residual.len(),
            self.false_alarms.len(),
            self.other_code.len()
        );
        let _ = writeln!(
            out,
            "Model calls: {} claims; {} accepted by every code check would go to a judge; {} settled in code ({:.1}% saved against grading every claim).",
            self.claims,
            self.to_judge,
            self.claims - self.to_judge,
            100.0 * self.saved_share()
        );
        for problem in &self.malformed {
            let _ = writeln!(out, "\nA generated answer could not be read: {problem}");
        }
        for (title, cases) in [
            ("Residual", &self.residual),
            ("False alarms", &self.false_alarms),
            ("Caught under another code", &self.other_code),
        ] {
            if cases.is_empty() {
                continue;
            }
            let _ = writeln!(out, "\n{title}:\n");
            for case in cases {
                let _ = writeln!(out, "- {}", case.line());
            }
        }
        out
    }

    /// The report for a terminal: the same tables, aligned; unfitted (see
    /// [`SeededReport::human_for`]).
    pub fn human(&self) -> String {
        self.human_for(&Term::PLAIN)
    }

    /// The report for `term`: the tables aligned (78 columns at most with
    /// the built-in classes), the other lines wrapped to its width.
    pub fn human_for(&self, term: &Term) -> String {
        let mut out = String::new();
        out.push_str(&term.wrapped(
            &format!(
                "seeded corpus: {} per class, seed {}, sources {}; answers drawn per class (available in parentheses)",
                self.per_class,
                self.seed,
                self.sources.join(", ")
            ),
            "",
            "  ",
        ));
        let rows: Vec<_> = self.classes.iter().map(row_cells).collect();
        let class_w = rows
            .iter()
            .map(|r| term::width(r.0))
            .chain([5])
            .max()
            .unwrap_or(5);
        let counts_w = rows
            .iter()
            .map(|r| term::width(&r.1))
            .chain([7])
            .max()
            .unwrap_or(7);
        let _ = writeln!(
            out,
            "{}  {}  {:>10} {:>5} {:>10} {:>8} {:>8}",
            term::pad_right("class", class_w),
            term::pad_left("answers", counts_w),
            "resolution",
            "value",
            "value+role",
            "all code",
            "own code"
        );
        for (class, counts, rates, own) in &rows {
            let rate = |i: usize| rates.get(i).cloned().unwrap_or_default();
            let _ = writeln!(
                out,
                "{}  {}  {:>10} {:>5} {:>10} {:>8} {own:>8}",
                term::pad_right(class, class_w),
                term::pad_left(counts, counts_w),
                rate(0),
                rate(1),
                rate(2),
                rate(3),
            );
        }
        let [[both, vr_only], [res_only, neither]] = self.two_by_two;
        let _ = writeln!(
            out,
            "\ndefective answers       resolution caught  resolution missed\nvalue/role found it     {both:>17}  {vr_only:>17}\nvalue/role found none   {res_only:>17}  {neither:>17}\n"
        );
        let mut prose = vec![
            format!(
                "residual (no code check caught it): {}; false alarms on clean: {}; caught under another code: {}",
                self.residual.len(),
                self.false_alarms.len(),
                self.other_code.len()
            ),
            format!(
                "model calls: {} claims, {} would go to a judge, {} settled in code ({:.1}% saved)",
                self.claims,
                self.to_judge,
                self.claims - self.to_judge,
                100.0 * self.saved_share()
            ),
        ];
        for problem in &self.malformed {
            prose.push(format!("a generated answer could not be read: {problem}"));
        }
        for (title, cases) in [
            ("residual", &self.residual),
            ("false alarms", &self.false_alarms),
            ("caught under another code", &self.other_code),
        ] {
            for case in cases {
                prose.push(format!("{title}: {}", case.line()));
            }
        }
        for line in prose {
            out.push_str(&term.wrapped(&line, "", "  "));
        }
        out
    }
}
