//! `tickmark.Verifier`: the checks of `tickmark verify` and `tickmark batch`
//! for Python callers. It owns what the library's `Verifier` borrows (the
//! vocabulary, the store, the judge) and the source cache, so that every
//! call shares one read of each source.
//!
//! A malformed answer in `verify_many` is its error record in place; in
//! `verify` it is an `InputError`. Each check runs with the GIL released;
//! `verify_many` checks its answers in parallel on a rayon pool.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use rayon::prelude::*;
use rust_decimal::Decimal;
use tickmark::answer::Origin;
use tickmark::answer::input::answer_from_line;
use tickmark::batch::{self, BatchFormat, BatchJob, MAX_LINE_BYTES};
use tickmark::check::resolve::Store;
use tickmark::check::support::{DEFAULT_ACCEPT_AT, Judge};
use tickmark::check::{Check, CheckSet};
use tickmark::judge::{self, JudgeConfig};
use tickmark::{ReadOptions, SourceCache, VerifyOptions, Vocab};

use crate::convert::{
    answer_text, input_error, internal_error, json_loads, panic_message, paths, source_error,
    vocab_from,
};

/// Checks answers against their sources: every cited number, its value and
/// its role (row concept and period), arithmetic over operands, and an
/// optional support judge, as ``tickmark verify`` and ``tickmark batch`` do.
///
///     >>> verifier = tickmark.Verifier("samples", store="samples/answers/store.jsonl")
///     >>> report = verifier.verify({"id": "q1", "sources": ["acme.xlsx"], "claims": [
///     ...     {"id": "k1", "value": "$412 million", "role": "Goodwill, FY2024",
///     ...      "cites": ["acme.xlsx#IS!D18"]}]})
///     >>> report["route"], report["claims"][0]["findings"][0]["code"]
///     ('recite', 'same_number_swap')
///
/// ``sources`` is the folder the answers' source paths are relative to, as
/// ``tickmark batch --sources``; a path that leaves it (absolute, with a
/// ``..`` part, or through a symbolic link) is refused and its claims get
/// ``unreadable_source``. Each source is read and labeled once, when an
/// answer first needs it, and shared by every later call (read again when
/// the file changes on disk).
///
/// ``store`` is a chunk store (JSON Lines of ``{"id", "ref"}``), so that a
/// real chunk that was not assembled is ``outside_context``, not
/// ``unknown_ref``. ``vocab`` is a vocabulary file or a list of them.
/// ``judge`` is ``None`` (claims that pass every code check are
/// ``pending_support``), ``"command:PROG [ARGS]"``, ``"process:PROG
/// [ARGS]"`` or ``"http:URL"``; ``accept_at`` is its gate. ``checks``
/// runs only the named checks (resolve, quote, value, role, arithmetic,
/// support; resolution always runs). The ``judge_*`` options are those of
/// the CLI's ``--judge-*`` flags.
///
/// A Verifier is safe to share between threads; every check runs with the
/// GIL released. Pickling one carries its settings, not its cache: the copy
/// reads its sources again.
///
/// Raises InputError for a store, vocabulary, judge or option that cannot
/// be used, SourceError when ``sources`` is not a folder.
#[pyclass(frozen, module = "tickmark")]
pub struct Verifier {
    vocab: Arc<Vocab>,
    store: Store,
    judge: Box<dyn Judge>,
    accept_at: Decimal,
    options: VerifyOptions,
    cache: SourceCache,
    sources: PathBuf,
    settings: Settings,
    /// Worker pools by size, made on first use (`verify_many(jobs=N)`).
    pools: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>>,
}

/// The arguments a Verifier was made with, for `repr` and pickling.
struct Settings {
    store: Option<PathBuf>,
    vocab: Vec<PathBuf>,
    judge: Option<String>,
    accept_at: String,
    checks: Option<Vec<String>>,
    config: JudgeConfig,
}

#[pymethods]
impl Verifier {
    #[new]
    #[pyo3(
        text_signature = "(sources, *, store=None, vocab=None, judge=None, accept_at=0.8, \
                             checks=None, judge_timeout=60.0, judge_retries=2, judge_concurrency=4, \
                             judge_model='default', judge_key_env=None)"
    )]
    #[pyo3(signature = (sources, *, store = None, vocab = None, judge = None, accept_at = None,
                        checks = None, judge_timeout = 60.0, judge_retries = 2,
                        judge_concurrency = 4, judge_model = "default", judge_key_env = None))]
    #[allow(clippy::too_many_arguments)] // Python keyword arguments, one per CLI flag
    fn new(
        py: Python<'_>,
        sources: PathBuf,
        store: Option<PathBuf>,
        vocab: Option<&Bound<'_, PyAny>>,
        judge: Option<String>,
        accept_at: Option<&Bound<'_, PyAny>>,
        checks: Option<&Bound<'_, PyAny>>,
        judge_timeout: f64,
        judge_retries: u32,
        judge_concurrency: usize,
        judge_model: &str,
        judge_key_env: Option<String>,
    ) -> PyResult<Verifier> {
        if !sources.is_dir() {
            return Err(source_error(
                py,
                format!(
                    "sources {}: not a folder; give the folder the answers' source paths are relative to",
                    sources.display()
                ),
            ));
        }
        let store_loaded = match &store {
            Some(path) => Store::load(path).map_err(|e| input_error(py, e.to_string()))?,
            None => Store::default(),
        };
        let vocab_files = match vocab.filter(|v| !v.is_none()) {
            Some(v) => paths(v)?,
            None => Vec::new(),
        };
        let vocab = vocab_from(vocab)?;
        let accept_at = match accept_at.filter(|a| !a.is_none()) {
            Some(value) => probability(py, value)?,
            None => DEFAULT_ACCEPT_AT,
        };
        let check_names = match checks.filter(|c| !c.is_none()) {
            Some(value) => Some(check_names(value)?),
            None => None,
        };
        let check_set = match &check_names {
            Some(names) => check_set(py, names)?,
            None => CheckSet::ALL,
        };
        if !judge_timeout.is_finite() || judge_timeout <= 0.0 {
            return Err(input_error(
                py,
                format!(
                    "judge_timeout: expected a number of seconds above 0, found {judge_timeout}"
                ),
            ));
        }
        let config = JudgeConfig {
            timeout: Duration::from_secs_f64(judge_timeout.min(1e9)),
            retries: judge_retries,
            concurrency: judge_concurrency,
            model: judge_model.to_string(),
            key_env: judge_key_env,
        };
        let judge_box = judge::from_spec(judge.as_deref().unwrap_or("none"), &config)
            .map_err(|e| input_error(py, e.to_string()))?;
        Ok(Verifier {
            vocab,
            store: store_loaded,
            judge: judge_box,
            accept_at,
            options: VerifyOptions::with_checks(check_set),
            cache: SourceCache::default()
                .with_options(ReadOptions::default())
                .confined(),
            sources,
            settings: Settings {
                store,
                vocab: vocab_files,
                judge,
                accept_at: accept_at.to_string(),
                checks: check_names,
                config,
            },
            pools: Mutex::new(Vec::new()),
        })
    }

    /// Checks one answer: a dict (or its JSON text, str or bytes) with id,
    /// sources, context and claims, as docs/format.md describes an answer
    /// (a claim states a value and a role and cites a cell). Returns its
    /// report, as ``tickmark verify --format json`` prints it: id, route,
    /// model_calls, model_calls_saved, claims (each with id, route,
    /// findings, and cell, pending_support, support, operands when there
    /// are), and the answer's own findings when there are.
    ///
    /// With ``as_json=True`` the report is returned as its JSON text.
    ///
    /// Raises InputError when the answer is malformed (its message names the
    /// claim and field, e.g. ``claim "k1": "value" must be a string, found
    /// the number 4.2``). A finding is not an error: it is in the report.
    #[pyo3(signature = (answer, *, as_json = false))]
    fn verify<'py>(
        &self,
        py: Python<'py>,
        answer: &Bound<'py, PyAny>,
        as_json: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let text = answer_text(py, answer)?.map_err(|why| input_error(py, why))?;
        let outcome = py.detach(|| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.verify_text(&text)))
        });
        let json = match outcome {
            Ok(Ok(json)) => json,
            Ok(Err(Failure::Input(message))) => return Err(input_error(py, message)),
            Ok(Err(Failure::Internal(message))) => return Err(internal_error(message)),
            Err(panic) => return Err(internal_error(panic_message(&*panic))),
        };
        if as_json {
            Ok(PyString::new(py, &json).into_any())
        } else {
            json_loads(py, &json)
        }
    }

    /// Checks many answers, in parallel on ``jobs`` threads (default: one
    /// per core), and returns one record per answer, in order: exactly the
    /// records ``tickmark batch`` writes. An answer's record is its report
    /// with ``"line"`` first; anything that is not an answer (invalid JSON,
    /// a wrong field, an empty string, a value json cannot write) gives
    /// ``{"line": N, "error": "…"}`` in its place, and the others are still
    /// checked. Nothing is dropped.
    ///
    /// ``line`` is the answer's 1-based position in ``answers``, or the
    /// number ``lines`` gives it (an iterable of ints as long as
    /// ``answers``: say, the row numbers of a Spark partition).
    ///
    /// With ``as_json=True`` each record is returned as the JSON line
    /// ``batch`` writes (without the newline), which is cheaper to store.
    #[pyo3(signature = (answers, jobs = None, *, lines = None, as_json = false))]
    fn verify_many<'py>(
        &self,
        py: Python<'py>,
        answers: &Bound<'py, PyAny>,
        jobs: Option<usize>,
        lines: Option<&Bound<'py, PyAny>>,
        as_json: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        if jobs == Some(0) {
            return Err(input_error(
                py,
                "jobs: expected at least 1 (or None for one per core), found 0".to_string(),
            ));
        }
        let mut items = Vec::new();
        for answer in answers.try_iter()? {
            items.push(answer_text(py, &answer?)?);
        }
        let numbers: Vec<u64> = match lines.filter(|l| !l.is_none()) {
            None => (1..=items.len() as u64).collect(),
            Some(lines) => {
                let mut numbers = Vec::with_capacity(items.len());
                for number in lines.try_iter()? {
                    numbers.push(number?.extract::<u64>()?);
                }
                if numbers.len() != items.len() {
                    return Err(input_error(
                        py,
                        format!(
                            "lines: expected one number per answer ({}), found {}",
                            items.len(),
                            numbers.len()
                        ),
                    ));
                }
                numbers
            }
        };
        let pool = jobs.map(|n| self.pool(n)).transpose().map_err(|why| {
            input_error(
                py,
                format!("jobs: cannot start {jobs:?} worker threads: {why}"),
            )
        })?;
        let records = py.detach(|| self.records(&items, &numbers, pool.as_deref()));
        let list = PyList::empty(py);
        for record in &records {
            if as_json {
                list.append(PyString::new(py, record))?;
            } else {
                list.append(json_loads(py, record)?)?;
            }
        }
        Ok(list)
    }

    /// The folder the answers' source paths are relative to.
    #[getter]
    fn sources(&self) -> PathBuf {
        self.sources.clone()
    }

    /// How many source files were read so far (each once, unless it changed
    /// on disk).
    #[getter]
    fn sources_read(&self) -> usize {
        self.cache.reads()
    }

    fn __repr__(&self) -> String {
        let mut parts = vec![format!("{:?}", self.sources.display().to_string())];
        if let Some(store) = &self.settings.store {
            parts.push(format!("store={:?}", store.display().to_string()));
        }
        if let Some(judge) = &self.settings.judge {
            parts.push(format!("judge={judge:?}"));
            parts.push(format!("accept_at={}", self.settings.accept_at));
        }
        if let Some(checks) = &self.settings.checks {
            parts.push(format!("checks={checks:?}"));
        }
        format!("Verifier({})", parts.join(", "))
    }

    /// The arguments to make this Verifier again (pickling): its settings,
    /// not its cache.
    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        let args = PyTuple::new(py, [self.sources.clone()])?;
        let kwargs = PyDict::new(py);
        let s = &self.settings;
        kwargs.set_item("store", s.store.clone())?;
        if !s.vocab.is_empty() {
            kwargs.set_item("vocab", s.vocab.clone())?;
        }
        kwargs.set_item("judge", s.judge.clone())?;
        kwargs.set_item("accept_at", s.accept_at.clone())?;
        kwargs.set_item("checks", s.checks.clone())?;
        kwargs.set_item("judge_timeout", s.config.timeout.as_secs_f64())?;
        kwargs.set_item("judge_retries", s.config.retries)?;
        kwargs.set_item("judge_concurrency", s.config.concurrency)?;
        kwargs.set_item("judge_model", s.config.model.clone())?;
        kwargs.set_item("judge_key_env", s.config.key_env.clone())?;
        Ok((args, kwargs))
    }
}

/// Why one answer could not be checked by `verify`.
enum Failure {
    /// The answer is malformed.
    Input(String),
    /// The report could not be written (never expected).
    Internal(String),
}

impl Verifier {
    /// The library's verifier over what this one owns. Cheap: it borrows.
    fn with_verifier<T>(&self, f: impl FnOnce(&tickmark::Verifier<'_>) -> T) -> T {
        let verifier = tickmark::Verifier::new(&self.vocab, &self.store, self.options)
            .with_judge(self.judge.as_ref(), self.accept_at);
        f(&verifier)
    }

    /// `verify` without the GIL: the report's JSON.
    fn verify_text(&self, text: &[u8]) -> Result<String, Failure> {
        let text = std::str::from_utf8(text).map_err(|e| {
            Failure::Input(format!(
                "the answer is not UTF-8 (invalid byte at column {}); write it as UTF-8",
                e.valid_up_to() + 1
            ))
        })?;
        let origin = Origin {
            file: "answer".to_string(),
            line: None,
            index: 0,
        };
        let answer = answer_from_line(text, origin).map_err(|e| Failure::Input(e.message))?;
        self.with_verifier(|verifier| {
            let report = verifier.verify(&answer, &self.cache, &self.sources);
            serde_json::to_string(&report)
                .map_err(|e| Failure::Internal(format!("cannot write the report: {e}")))
        })
    }

    /// `verify_many` without the GIL: one record per item, in order.
    fn records(
        &self,
        items: &[Result<Vec<u8>, String>],
        numbers: &[u64],
        pool: Option<&rayon::ThreadPool>,
    ) -> Vec<String> {
        self.with_verifier(|verifier| {
            let job = BatchJob {
                verifier,
                cache: &self.cache,
                sources_dir: &self.sources,
                input_name: "answers",
                jobs: 0,
                format: BatchFormat::Jsonl,
                max_line_bytes: MAX_LINE_BYTES,
            };
            let check = || -> Vec<String> {
                items
                    .par_iter()
                    .zip(numbers.par_iter())
                    .map(|(item, &number)| match item {
                        Ok(text) => batch::record(number, text, &job),
                        Err(why) => batch::error_json(number, why),
                    })
                    .collect()
            };
            match pool {
                Some(pool) => pool.install(check),
                None => check(),
            }
        })
    }

    /// A pool of `jobs` worker threads, made once per size.
    fn pool(&self, jobs: usize) -> Result<Arc<rayon::ThreadPool>, String> {
        let mut pools = self.pools.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == jobs) {
            return Ok(Arc::clone(pool));
        }
        let pool = Arc::new(
            rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .thread_name(|i| format!("tickmark-{i}"))
                .build()
                .map_err(|e| e.to_string())?,
        );
        pools.push((jobs, Arc::clone(&pool)));
        Ok(pool)
    }
}

/// A probability given as a float, an int, a str or a Decimal, read from
/// its text so that 0.8 is exactly 0.8.
fn probability(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Decimal> {
    let text = value.str()?.to_str()?.to_string();
    match text.trim().parse::<Decimal>() {
        Ok(p) if (Decimal::ZERO..=Decimal::ONE).contains(&p) => Ok(p),
        _ => Err(input_error(
            py,
            format!("accept_at: expected a number from 0 to 1, found {text:?}"),
        )),
    }
}

/// Check names: a list of them, or one string of comma-separated names
/// (as `--checks`).
fn check_names(value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(text) = value.extract::<String>() {
        return Ok(text.split(',').map(|s| s.trim().to_string()).collect());
    }
    let mut names = Vec::new();
    for name in value.try_iter()? {
        names.push(name?.extract::<String>()?);
    }
    Ok(names)
}

fn check_set(py: Python<'_>, names: &[String]) -> PyResult<CheckSet> {
    let mut checks = Vec::new();
    for name in names {
        let Some(check) = Check::from_name(name.trim()) else {
            return Err(input_error(
                py,
                format!(
                    "checks: unknown check {name:?}; expected resolve, quote, value, role, arithmetic or support"
                ),
            ));
        };
        checks.push(check);
    }
    Ok(CheckSet::of(&checks))
}
