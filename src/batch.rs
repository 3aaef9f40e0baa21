//! `tickmark batch`: checks a stream of answers (JSON Lines), many at a time,
//! and writes one output line per input line, in input order.
//!
//! The input is read a block of lines at a time; the answers of a block are
//! checked in parallel on a `rayon` pool (`--jobs`), their reports written in
//! order, and the block dropped before the next is read, so memory holds one
//! block whatever the input's length. Every source is read and labeled once
//! and shared by all answers ([`SourceCache`]). A line that is not an answer
//! (invalid JSON or UTF-8, a wrong field, an empty line, a line over the
//! length limit) yields an error record naming its line: nothing the user
//! gave is dropped, and the output has exactly as many lines as the input.

use crate::hash::Map as HashMap;
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;

use crate::answer::Origin;
use crate::answer::input::answer_and_id_from_line;
use crate::check::{Code, Route};
use crate::verify::{AnswerReport, SourceCache, Verifier};

/// The longest line read as an answer by default (64 MiB, `--max-line-mb`);
/// a longer one is an error record, read past without being held.
pub const MAX_LINE_BYTES: usize = 64 << 20;

/// How output is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchFormat {
    /// One JSON object per line.
    Jsonl,
    /// One JSON array, an element per input line (still streamed).
    Json,
    /// No records: only the summary, as JSON.
    Summary,
}

/// What a batch run needs besides its input and output.
pub struct BatchJob<'a> {
    /// Checks the answers.
    pub verifier: &'a Verifier<'a>,
    /// The sources, shared by every answer.
    pub cache: &'a SourceCache,
    /// The folder the answers' source paths are relative to (`--sources`).
    pub sources_dir: &'a Path,
    /// The input's name, for error records ("answers.jsonl", "-").
    pub input_name: &'a str,
    /// Worker threads (`--jobs`); 0 means one per core.
    pub jobs: usize,
    /// How records are written.
    pub format: BatchFormat,
    /// The longest line read as an answer, in bytes ([`MAX_LINE_BYTES`]).
    pub max_line_bytes: usize,
}

/// Why a batch could not run to its end.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// The input could not be read.
    #[error("{input}: cannot read line {line}: {source}")]
    Read {
        /// The input's name.
        input: String,
        /// The 1-based line being read.
        line: u64,
        /// The I/O error.
        source: io::Error,
    },
    /// The output could not be written.
    #[error("cannot write the output: {0}")]
    Write(#[source] io::Error),
    /// The worker pool could not be started.
    #[error("cannot start {jobs} worker threads: {reason}; try a smaller --jobs")]
    Pool {
        /// Threads asked for.
        jobs: usize,
        /// What rayon said.
        reason: String,
    },
}

/// Counts over a batch: what `--format summary` prints, and the exit code's
/// basis.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct BatchSummary {
    /// The contract version: `"schema": 1`.
    pub schema: crate::report::Schema,
    /// Input lines read (== output lines written); for `verify`, the
    /// answers read.
    pub lines: u64,
    /// Lines that were answers and were checked.
    pub answers: u64,
    /// Lines that were not answers (error records).
    pub errors: u64,
    /// Answers checked whose input had an error their report names (a
    /// claim that could not be read, a duplicate id, a context item that
    /// names nothing): the run exits 2, as for error records.
    pub input_errors: u64,
    /// Answers by route.
    pub answers_by_route: BTreeMap<&'static str, u64>,
    /// Claims (operands not counted) by route.
    pub claims_by_route: BTreeMap<&'static str, u64>,
    /// Claims, operands not counted.
    pub claims: u64,
    /// Findings by code, operands' included.
    pub findings: BTreeMap<&'static str, u64>,
    /// Calls made to a model judge.
    pub model_calls: u64,
    /// Calls a judge-everything pipeline would have made that were not made.
    pub model_calls_saved: u64,
    /// Source files read (each once, unless it changed during the run).
    pub sources_read: usize,
    /// Wall time, seconds (`batch` only: `verify`'s summary leaves it out,
    /// so that its output is the same on every run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    /// The worst claim route seen (`accept` when there was none).
    pub worst_route: Route,
    /// Checks that did not run (`--checks`), by name: an accepted claim
    /// was checked only by the others.
    pub checks_skipped: Vec<&'static str>,
}

/// What one answer adds to the summary, counted on the worker thread that
/// checked it, so that its report is dropped there too.
struct Tally {
    route: Route,
    input_error: bool,
    claims: [u64; Route::ALL.len()],
    findings: [u64; Code::ALL.len()],
    model_calls: u64,
    model_calls_saved: u64,
}

impl Tally {
    fn of(report: &AnswerReport) -> Tally {
        let mut tally = Tally {
            route: report.route,
            input_error: report.has_input_error(),
            claims: [0; Route::ALL.len()],
            findings: [0; Code::ALL.len()],
            model_calls: report.model_calls as u64,
            model_calls_saved: report.model_calls_saved as u64,
        };
        for claim in &report.claims {
            if let Some(n) = Route::ALL
                .iter()
                .position(|r| *r == claim.route)
                .and_then(|i| tally.claims.get_mut(i))
            {
                *n += 1;
            }
        }
        for finding in report.all_findings() {
            if let Some(n) = Code::ALL
                .iter()
                .position(|c| *c == finding.code)
                .and_then(|i| tally.findings.get_mut(i))
            {
                *n += 1;
            }
        }
        tally
    }
}

impl BatchSummary {
    /// The counts of `reports`, as `verify --format json` writes them: the
    /// same fields as a batch's, an answer that was not checked (malformed,
    /// or a source that cannot be opened) counted as an error, as `batch`
    /// makes it an error record.
    pub fn of_reports<'r>(reports: impl IntoIterator<Item = &'r AnswerReport>) -> BatchSummary {
        let mut summary = BatchSummary::default();
        for report in reports {
            summary.lines += 1;
            let unchecked = report.error_kind.is_some()
                && report.claims.is_empty()
                && report.findings.is_empty();
            if unchecked {
                summary.errors += 1;
            } else {
                summary.add(&Tally::of(report));
            }
            for check in &report.checks_skipped {
                if !summary.checks_skipped.contains(&check.name()) {
                    summary.checks_skipped.push(check.name());
                }
            }
        }
        summary
    }

    fn add(&mut self, tally: &Tally) {
        self.answers += 1;
        self.input_errors += u64::from(tally.input_error);
        *self.answers_by_route.entry(tally.route.name()).or_default() += 1;
        // The answer's route: its claims', and a finding about the whole
        // answer (`no_checkable_claim`).
        self.worst_route = self.worst_route.max(tally.route);
        for (route, n) in Route::ALL.iter().zip(tally.claims) {
            if n > 0 {
                self.claims += n;
                *self.claims_by_route.entry(route.name()).or_default() += n;
            }
        }
        for (code, n) in Code::ALL.iter().zip(tally.findings) {
            if n > 0 {
                *self.findings.entry(code.name()).or_default() += n;
            }
        }
        self.model_calls += tally.model_calls;
        self.model_calls_saved += tally.model_calls_saved;
    }

    /// Claims checked per second of wall time.
    pub fn claims_per_second(&self) -> f64 {
        let seconds = self.seconds.unwrap_or_default();
        if seconds > 0.0 {
            self.claims as f64 / seconds
        } else {
            0.0
        }
    }

    /// The summary for a person, a few lines.
    pub fn text(&self) -> String {
        let routes = |counts: &BTreeMap<&'static str, u64>| -> String {
            let parts: Vec<String> = Route::ALL
                .iter()
                .filter_map(|r| counts.get(r.name()).map(|n| format!("{n} {}", r.name())))
                .collect();
            if parts.is_empty() {
                "none".to_string()
            } else {
                parts.join(", ")
            }
        };
        let input_errors = if self.input_errors > 0 {
            format!(" ({} with input errors)", self.input_errors)
        } else {
            String::new()
        };
        let mut text = format!(
            "{} lines: {} answers{input_errors}, {} error records\nanswers: {}\nclaims: {} ({})\n",
            self.lines,
            self.answers,
            self.errors,
            routes(&self.answers_by_route),
            self.claims,
            routes(&self.claims_by_route),
        );
        if !self.findings.is_empty() {
            let codes = crate::report::verify::codes_text(&self.findings);
            text.push_str(&format!("findings: {codes}\n"));
        }
        if !self.checks_skipped.is_empty() {
            text.push_str(&format!(
                "checks not run: {} (accepted claims were not fully checked)\n",
                self.checks_skipped.join(", ")
            ));
        }
        text.push_str(&format!(
            "model calls: {} made, {} saved\nsources read: {}\ntime: {:.2} s ({:.0} claims/s)\n",
            self.model_calls,
            self.model_calls_saved,
            self.sources_read,
            self.seconds.unwrap_or_default(),
            self.claims_per_second()
        ));
        text
    }
}

/// Where a batch is, for a progress display.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    /// Input lines done.
    pub lines: u64,
    /// Claims checked.
    pub claims: u64,
    /// Input bytes consumed (for an ETA against the input's size).
    pub bytes: u64,
    /// Time since the start.
    pub elapsed: Duration,
}

/// One input line, as read.
enum Line {
    /// The line's bytes (newline removed).
    Text(Vec<u8>),
    /// Longer than [`MAX_LINE_BYTES`]; its bytes were skipped.
    TooLong(u64),
}

/// One output record's text (UTF-8 JSON) and, for an answer, its counts.
struct Done {
    json: Vec<u8>,
    tally: Option<Tally>,
}

/// Runs a batch: reads `input` to its end, writes one record per line to
/// `out`, calls `progress` after every block. The summary's `seconds` and
/// `sources_read` are filled in.
pub fn run(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    job: &BatchJob<'_>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<BatchSummary, BatchError> {
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(job.jobs)
        .build()
        .map_err(|e| BatchError::Pool {
            jobs: job.jobs,
            reason: e.to_string(),
        })?;
    let workers = pool.current_num_threads().max(1);
    // Enough answers per block to keep every worker busy past the block's
    // uneven tail; few enough that a block is small next to the sources.
    let block = (workers * 256).clamp(256, 8192);
    let mut summary = BatchSummary::default();
    let mut bytes = 0u64;
    let mut lines: Vec<(u64, Line)> = Vec::with_capacity(block);
    let mut at_end = false;
    let write = |out: &mut dyn Write, text: &str| out.write_all(text.as_bytes());
    let write_bytes = |out: &mut dyn Write, bytes: &[u8]| out.write_all(bytes);
    if job.format == BatchFormat::Json {
        write(out, "[").map_err(BatchError::Write)?;
    }
    // A read error ends the input: the lines read before it are still
    // checked and written, then the error is returned.
    let mut failure = None;
    // Answer ids seen, with their lines: a later answer with the same id is
    // reported with an input error (its claims are still checked).
    let mut seen: HashMap<String, u64> = HashMap::default();
    while !at_end {
        lines.clear();
        while lines.len() < block {
            let number = summary.lines + lines.len() as u64 + 1;
            match read_line(input, &mut bytes, job.max_line_bytes) {
                Ok(Some(line)) => lines.push((number, line)),
                Ok(None) => {
                    at_end = true;
                    break;
                }
                Err(source) => {
                    failure = Some(BatchError::Read {
                        input: job.input_name.to_string(),
                        line: number,
                        source,
                    });
                    at_end = true;
                    break;
                }
            }
        }
        // A source file's time is looked at once a block, not once an answer.
        job.cache.next_block();
        // Each line read as far as it can be without the lines before it
        // (its answer, or its error record, and the id it gives)…
        let mut prepared: Vec<Prepared> = pool.install(|| {
            lines
                .par_iter()
                .map(|(number, line)| prepare_line(*number, line, job))
                .collect()
        });
        // …then, in input order, an answer whose id an earlier line gave is
        // reported with an input error (its claims are still checked)…
        for ((number, _), line) in lines.iter().zip(&mut prepared) {
            line.problem = line
                .id
                .take()
                .and_then(|id| duplicate_id(id, *number, &mut seen, job));
        }
        // …and checked.
        let done: Vec<Done> = pool.install(|| {
            prepared
                .into_par_iter()
                .zip(lines.par_iter())
                .map(|(line, (number, _))| finish_line(*number, line, job))
                .collect()
        });
        for done in done {
            summary.lines += 1;
            match &done.tally {
                Some(tally) => summary.add(tally),
                None => summary.errors += 1,
            }
            let lead = if summary.lines > 1 { ",\n" } else { "\n" };
            match job.format {
                BatchFormat::Summary => {}
                BatchFormat::Jsonl => {
                    write_bytes(out, &done.json).map_err(BatchError::Write)?;
                    write(out, "\n").map_err(BatchError::Write)?;
                }
                BatchFormat::Json => {
                    write(out, lead).map_err(BatchError::Write)?;
                    write_bytes(out, &done.json).map_err(BatchError::Write)?;
                }
            }
        }
        out.flush().map_err(BatchError::Write)?;
        progress(&Progress {
            lines: summary.lines,
            claims: summary.claims,
            bytes,
            elapsed: start.elapsed(),
        });
    }
    if job.format == BatchFormat::Json {
        write(out, if summary.lines > 0 { "\n]\n" } else { "]\n" }).map_err(BatchError::Write)?;
    }
    if let Some(failure) = failure {
        out.flush().map_err(BatchError::Write)?;
        return Err(failure);
    }
    summary.sources_read = job.cache.reads();
    summary.seconds = Some(start.elapsed().as_secs_f64());
    summary.checks_skipped = job
        .verifier
        .skipped_checks()
        .into_iter()
        .map(crate::check::Check::name)
        .collect();
    if job.format == BatchFormat::Summary {
        let text =
            serde_json::to_string_pretty(&summary).map_err(|e| BatchError::Write(e.into()))?;
        write(out, &text).map_err(BatchError::Write)?;
        write(out, "\n").map_err(BatchError::Write)?;
    }
    out.flush().map_err(BatchError::Write)?;
    Ok(summary)
}

/// Reads one line (without its `\n` or `\r\n`), or `None` at the end of the
/// input. A line longer than `limit` bytes is skipped to its end, not held.
fn read_line(input: &mut dyn BufRead, bytes: &mut u64, limit: usize) -> io::Result<Option<Line>> {
    let mut line = Vec::new();
    let mut skipped = 0u64;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            // The end: a last line without a newline still counts.
            if line.is_empty() && skipped == 0 {
                return Ok(None);
            }
            break;
        }
        let (chunk, found) = match available.iter().position(|b| *b == b'\n') {
            Some(at) => (available.get(..at).unwrap_or_default(), true),
            None => (available, false),
        };
        let used = chunk.len() + usize::from(found);
        if skipped > 0 || line.len() + chunk.len() > limit {
            skipped += (line.len() + chunk.len()) as u64;
            line = Vec::new();
        } else {
            line.extend_from_slice(chunk);
        }
        input.consume(used);
        *bytes += used as u64;
        if found {
            break;
        }
    }
    if skipped > 0 {
        return Ok(Some(Line::TooLong(skipped)));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(Line::Text(line)))
}

/// Runs `check` for line `number`; a panic in it (a bug in tickmark, never
/// expected) becomes that line's error record, so that one answer cannot
/// end the run or lose the lines around it. The panic's message is still
/// printed on standard error, for a bug report.
fn contain_panic(number: u64, check: impl FnOnce() -> Done) -> Done {
    caught(check).unwrap_or_else(|why| error_record(number, why))
}

/// Runs `check`; a panic in it is `Err` with the message of the line's
/// error record, as in [`contain_panic`].
fn caught<T>(check: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(check)).map_err(|panic| {
        format!(
            "internal error while checking this answer ({}); the other lines are not affected; please report it",
            crate::read::panic_message(&*panic)
        )
    })
}

/// The record [`run`] writes for one input line, without its newline: the
/// answer's report with `"line": number` first, or `{"line": number,
/// "error": "…"}` for a line that is not an answer (invalid JSON or UTF-8, a
/// wrong field, an empty line, one over `job.max_line_bytes`). A panic while
/// checking becomes the line's error record, as in `run`.
///
/// For callers that take answers one at a time from elsewhere than a
/// stream and must write exactly what `tickmark batch` writes (the Python
/// package's `Verifier.verify_many`); `line` holds the line's text without
/// its line end. `job.jobs` and `job.format` are not used: the caller
/// decides what runs in parallel and how records are written.
pub fn record(number: u64, line: &[u8], job: &BatchJob<'_>) -> String {
    let json = contain_panic(number, || {
        if line.len() > job.max_line_bytes {
            too_long(number, line.len() as u64, job)
        } else {
            check_text(number, line, None, job)
        }
    })
    .json;
    // serde_json writes UTF-8.
    String::from_utf8(json)
        .unwrap_or_else(|_| error_json(number, "cannot write the report: not UTF-8"))
}

/// A line read up to its check: its record when that is already decided
/// (an error record), else its answer; the id it gives, and the input
/// problem of an id an earlier line gave.
struct Prepared {
    stage: Stage,
    id: Option<String>,
    problem: Option<String>,
}

/// How far a line got before its check.
enum Stage {
    /// Its record (an error record).
    Done(Box<Done>),
    /// An answer, to be checked.
    Answer(Box<crate::answer::Answer>),
}

/// Reads one line as far as it can be without the lines before it.
fn prepare_line(number: u64, line: &Line, job: &BatchJob<'_>) -> Prepared {
    let (stage, id) = match line {
        Line::TooLong(length) => (Stage::Done(Box::new(too_long(number, *length, job))), None),
        Line::Text(bytes) => {
            let (stage, id) = caught(|| prepare_text(number, bytes, job))
                .unwrap_or_else(|why| (Stage::Done(Box::new(error_record(number, why))), None));
            // The id of a line not read as an answer object, read alone.
            (stage, id.unwrap_or_else(|| id_only(bytes)))
        }
    };
    Prepared {
        stage,
        id,
        problem: None,
    }
}

/// Checks a prepared line: its answer's report (with `problem`), or the
/// record it already has.
fn finish_line(number: u64, line: Prepared, job: &BatchJob<'_>) -> Done {
    match line.stage {
        Stage::Done(done) => *done,
        Stage::Answer(answer) => contain_panic(number, || {
            // `--format summary` writes no records: none is built.
            let record = job.format != BatchFormat::Summary;
            finish_answer(number, *answer, line.problem.as_deref(), record, job)
        }),
    }
}

/// The answer id a line gives (read without the rest of the answer).
#[derive(serde::Deserialize)]
struct IdOnly {
    id: Option<serde_json::Value>,
}

/// The id a line gives, read alone: a string, or a number as text.
fn id_only(bytes: &[u8]) -> Option<String> {
    match serde_json::from_slice::<IdOnly>(bytes).ok()?.id? {
        serde_json::Value::String(s) => Some(s),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The problem of a line whose answer id an earlier line has; remembers
/// the line's id otherwise.
fn duplicate_id(
    id: String,
    number: u64,
    seen: &mut HashMap<String, u64>,
    job: &BatchJob<'_>,
) -> Option<String> {
    match seen.get(&id) {
        Some(first) => Some(crate::answer::input::duplicate_answer(
            &id,
            &Origin {
                file: job.input_name.to_string(),
                line: Some(*first),
                index: 0,
            },
        )),
        None => {
            seen.insert(id, number);
            None
        }
    }
}

fn too_long(number: u64, length: u64, job: &BatchJob<'_>) -> Done {
    error_record(
        number,
        format!(
            "the line is {length} bytes long, over the limit of {} bytes; split the answer, or raise --max-line-mb",
            job.max_line_bytes
        ),
    )
}

/// Checks the text of one line that is within the length limit.
fn check_text(number: u64, bytes: &[u8], problem: Option<&str>, job: &BatchJob<'_>) -> Done {
    match prepare_text(number, bytes, job).0 {
        Stage::Done(done) => *done,
        Stage::Answer(answer) => finish_answer(number, *answer, problem, true, job),
    }
}

/// Reads the text of one line within the length limit: its answer, or its
/// error record; and the id it gives when it was read as an answer object
/// (`None`: not known here).
fn prepare_text(number: u64, bytes: &[u8], job: &BatchJob<'_>) -> (Stage, Option<Option<String>>) {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            return (
                Stage::Done(Box::new(error_record(
                    number,
                    format!(
                        "the line is not UTF-8 (invalid byte at column {}); write the answers as UTF-8",
                        e.valid_up_to() + 1
                    ),
                ))),
                None,
            );
        }
    };
    if text.trim().is_empty() {
        return (
            Stage::Done(Box::new(error_record(
                number,
                "the line is empty; expected one answer object per line".to_string(),
            ))),
            None,
        );
    }
    let origin = Origin {
        file: job.input_name.to_string(),
        line: Some(number),
        index: usize::try_from(number.saturating_sub(1)).unwrap_or(usize::MAX),
    };
    let (read, id) = answer_and_id_from_line(text, origin);
    match read {
        Ok(answer) => (Stage::Answer(Box::new(answer)), id),
        Err(e) => (Stage::Done(Box::new(error_record(number, e.message))), id),
    }
}

/// Checks an answer read from line `number`, with the input problem found
/// before (an id an earlier line has); its record is written when `record`
/// (else left empty: only its counts are used).
fn finish_answer(
    number: u64,
    mut answer: crate::answer::Answer,
    problem: Option<&str>,
    record: bool,
    job: &BatchJob<'_>,
) -> Done {
    answer.problems.extend(problem.map(str::to_string));
    let report = job.verifier.verify(&answer, job.cache, job.sources_dir);
    // A source that cannot be opened is an input error, like a line
    // that is not an answer.
    if report.error_kind == Some(crate::verify::NotChecked::Source)
        && let Some(error) = &report.error
    {
        return error_record(number, format!("answer {:?}: {error}", report.id));
    }
    if !record {
        return Done {
            json: Vec::new(),
            tally: Some(Tally::of(&report)),
        };
    }
    let json = record_json(number, &report).unwrap_or_else(|e| {
        error_json(number, &format!("cannot write the report: {e}")).into_bytes()
    });
    Done {
        json,
        tally: Some(Tally::of(&report)),
    }
}

/// The room a report's record is given before it is written.
const REPORT_CAPACITY: usize = 4 << 10;

/// An answer's report as a batch writes it: its input line first
/// (`{"line":N,"schema":1,…}`). The report is written after `{"line":N`
/// and its opening brace becomes the comma: serde's `flatten` would pass
/// every field through a map serializer, a tenth of a record's cost.
fn record_json(number: u64, report: &AnswerReport) -> Result<Vec<u8>, serde_json::Error> {
    use std::io::Write as _;
    // Sized for a report so that it is seldom grown while written.
    let mut json = Vec::with_capacity(REPORT_CAPACITY);
    // Writing to a vector cannot fail.
    let _ = write!(json, "{{\"line\":{number}");
    let at = json.len();
    serde_json::to_writer(&mut json, report)?;
    if let Some(brace) = json.get_mut(at) {
        *brace = b',';
    }
    Ok(json)
}

#[derive(Serialize)]
struct ErrorRecord<'a> {
    line: u64,
    schema: crate::report::Schema,
    error: &'a str,
}

fn error_record(number: u64, message: String) -> Done {
    Done {
        json: error_json(number, &message).into_bytes(),
        tally: None,
    }
}

/// The error record of input line `line` (1-based), as `run` writes it:
/// `{"line": N, "schema": 1, "error": "…"}`.
pub fn error_json(line: u64, error: &str) -> String {
    serde_json::to_string(&ErrorRecord {
        line,
        schema: crate::report::Schema,
        error,
    })
    .unwrap_or_else(|_| {
        format!(
            "{{\"line\":{line},\"schema\":{},\"error\":\"unprintable error\"}}",
            crate::report::SCHEMA
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<String> {
        lines_within(input, 1 << 20)
    }

    fn lines_within(input: &[u8], limit: usize) -> Vec<String> {
        let mut reader = io::BufReader::with_capacity(4, input);
        let mut bytes = 0;
        let mut out = Vec::new();
        while let Some(line) = read_line(&mut reader, &mut bytes, limit).unwrap() {
            out.push(match line {
                Line::Text(t) => String::from_utf8_lossy(&t).into_owned(),
                Line::TooLong(n) => format!("<{n}>"),
            });
        }
        assert_eq!(bytes, input.len() as u64);
        out
    }

    #[test]
    fn lines_are_split_on_newlines_across_buffer_refills() {
        assert_eq!(
            lines(b"abcdefgh\nij\r\n\nlast"),
            ["abcdefgh", "ij", "", "last"]
        );
        assert_eq!(lines(b"one\n"), ["one"]);
        assert!(lines(b"").is_empty());
        assert_eq!(lines(b"\n"), [""]);
    }

    #[test]
    fn a_panic_while_checking_becomes_the_lines_error_record() {
        let done = contain_panic(7, || panic!("a bug"));
        assert!(done.tally.is_none());
        let record: serde_json::Value = serde_json::from_slice(&done.json).unwrap();
        assert_eq!(record["line"], 7);
        let error = record["error"].as_str().unwrap();
        assert!(
            error.starts_with("internal error") && error.contains("a bug"),
            "{error}"
        );
    }

    /// Yields its text, then an I/O error.
    struct Failing(std::io::Cursor<Vec<u8>>);

    impl io::Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.read(buf)? {
                0 => Err(io::Error::other("the disk went away")),
                n => Ok(n),
            }
        }
    }

    #[test]
    fn a_read_error_still_writes_the_lines_read_before_it() {
        let vocab = crate::Vocab::builtin();
        let store = crate::check::resolve::Store::default();
        let verifier = Verifier::new(&vocab, &store, crate::VerifyOptions::default());
        let cache = SourceCache::default();
        let job = BatchJob {
            verifier: &verifier,
            cache: &cache,
            sources_dir: Path::new("samples"),
            input_name: "failing.jsonl",
            jobs: 1,
            format: BatchFormat::Jsonl,
            max_line_bytes: MAX_LINE_BYTES,
        };
        let mut input = io::BufReader::new(Failing(io::Cursor::new(
            b"{\"id\": \"a\"}\nnot json\n".to_vec(),
        )));
        let mut out = Vec::new();
        let error = run(&mut input, &mut out, &job, &mut |_| {}).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("failing.jsonl: cannot read line 3"),
            "{error}"
        );
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().count(), 2, "{out}");
        assert!(out.contains("\"line\":2,\"schema\":1,\"error\""), "{out}");
    }

    #[test]
    fn record_writes_for_each_line_what_run_writes() {
        let vocab = crate::Vocab::builtin();
        let store =
            crate::check::resolve::Store::load(Path::new("samples/answers/store.jsonl")).unwrap();
        let verifier = Verifier::new(&vocab, &store, crate::VerifyOptions::default());
        let cache = SourceCache::default().confined();
        let samples = std::fs::read_to_string("samples/answers/batch.jsonl").unwrap();
        let long = format!("{{\"id\": \"{}\"}}", "x".repeat(5000));
        let mut input: Vec<&[u8]> = samples.lines().map(str::as_bytes).collect();
        input.extend([
            &b"not json"[..],
            b"",
            b"{\"id\": \"k\", \"claims\": [{\"id\": \"k1\", \"value\": 4.2}]}",
            b"\xff\xfe",
            long.as_bytes(),
            b"[1, 2]",
        ]);
        let job = BatchJob {
            verifier: &verifier,
            cache: &cache,
            sources_dir: Path::new("samples"),
            input_name: "input.jsonl",
            jobs: 2,
            format: BatchFormat::Jsonl,
            max_line_bytes: 4096,
        };
        let mut out = Vec::new();
        let text = input.join(&b"\n"[..]);
        run(&mut &text[..], &mut out, &job, &mut |_| {}).unwrap();
        let out = String::from_utf8(out).unwrap();
        let written: Vec<&str> = out.lines().collect();
        assert_eq!(written.len(), input.len());
        for (n, (line, expected)) in input.iter().zip(&written).enumerate() {
            assert_eq!(
                record(n as u64 + 1, line, &job),
                *expected,
                "line {}",
                n + 1
            );
        }
        // Error records and reports both carry the number they are given.
        assert!(record(40, b"not json", &job).starts_with("{\"line\":40,\"schema\":1,\"error\":"));
        assert!(record(41, input[0], &job).starts_with("{\"line\":41,\"schema\":1,\"id\":"));
        assert!(
            written
                .iter()
                .any(|w| w.contains("over the limit of 4096 bytes"))
        );
    }

    #[test]
    fn a_line_over_the_limit_is_skipped_to_its_end_and_counted() {
        assert_eq!(
            lines_within(b"short\nthis one is too long\nok\n", 10),
            ["short", "<20>", "ok"]
        );
        // Exactly at the limit is read.
        assert_eq!(lines_within(b"0123456789\n", 10), ["0123456789"]);
        assert_eq!(lines_within(b"01234567890", 10), ["<11>"]);
    }
}
