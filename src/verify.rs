//! The verifier: runs the checks on every claim of an answer, cheapest first,
//! and routes each claim and the answer (docs/contract.md §1, §5).
//!
//! Per claim: resolve every cite; quote, value and role on what resolved;
//! arithmetic over the operands (each operand a claim of its own); the judge
//! only for claims every code check passed. A later check never looks at a
//! citation an earlier one could not resolve. The worst route wins.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock};
use std::time::SystemTime;

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answer::{Answer, Claim};
use crate::check::cited::{self, Claimed};
use crate::check::resolve::{AnswerScope, Resolved, SourceState, Store};
use crate::check::role::ClaimRole;
use crate::check::support::{
    self, Evidence, Judge, JudgeRequest, JudgeVerdict, NoJudge, SupportReport,
};
use crate::check::value::{ValueOutcome, ValueRules, parse_stated};
use crate::check::{
    CellSummary, Check, CheckSet, Code, Finding, Route, arithmetic, formula, implied,
    implied_metric, movement, quote, role, sentence, value,
};
use crate::model::{Amount, Cell, Document, Located};
use crate::read::{ReadOptions, load_source};
use crate::vocab::Vocab;

/// What to run.
#[derive(Debug, Clone, Copy)]
pub struct VerifyOptions {
    /// The checks (`--checks`); resolution always runs.
    pub checks: CheckSet,
    /// The longest calculation text read, in bytes (`--max-calc-bytes`); a
    /// longer one is an `arithmetic_mismatch` that says so.
    pub max_calc_bytes: usize,
    /// The relative tolerance a stated value is held to besides its
    /// rounding (`--tolerance`, default 5%): "$1 billion" does not hold
    /// $602 million.
    pub tolerance: Decimal,
}

impl VerifyOptions {
    /// The given checks, with the default limits.
    pub fn with_checks(checks: CheckSet) -> VerifyOptions {
        VerifyOptions {
            checks,
            max_calc_bytes: crate::answer::calc::MAX_LEN,
            tolerance: value::DEFAULT_TOLERANCE,
        }
    }
}

impl Default for VerifyOptions {
    fn default() -> VerifyOptions {
        VerifyOptions::with_checks(CheckSet::default())
    }
}

/// The verdict on one claim (or operand).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClaimReport {
    /// The claim's id.
    pub id: String,
    /// Where it goes: the worst route of its findings (and its operands').
    pub route: Route,
    /// What the checks found.
    pub findings: Vec<Finding>,
    /// The cell the claim was checked against, when one was resolved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<CellSummary>,
    /// Every code check passed; the claim waits for a support judge.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub pending_support: bool,
    /// What the support judge answered, when one was asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub support: Option<SupportReport>,
    /// The operands of a calculation, each checked as a claim.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub operands: Vec<ClaimReport>,
    /// Why the claim could not be read (a malformed field); it was not
    /// checked, and the answer's other claims were.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The verdict on one answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnswerReport {
    /// The contract version: `"schema": 1`.
    pub schema: crate::report::Schema,
    /// The answer's id.
    pub id: String,
    /// The worst route of its claims (`review` for a malformed answer).
    pub route: Route,
    /// Calls made to a model judge.
    pub model_calls: usize,
    /// Calls a judge-everything pipeline would have made that were not made.
    pub model_calls_saved: usize,
    /// The claims.
    pub claims: Vec<ClaimReport>,
    /// Findings about the answer as a whole (`no_checkable_claim`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub findings: Vec<Finding>,
    /// Why the answer could not be checked (malformed input, a source that
    /// cannot be opened), or what is wrong with its input besides (a
    /// duplicate id, a context item that names nothing), if so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What kind of input error `error` is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_kind: Option<NotChecked>,
    /// Checks that did not run (`--checks`): an accepted claim was checked
    /// only by the others.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub checks_skipped: Vec<Check>,
}

impl AnswerReport {
    /// The report of an answer that could not be read.
    pub fn malformed(id: String, error: String) -> AnswerReport {
        AnswerReport::not_checked(id, NotChecked::Malformed, error)
    }

    /// The report of an answer that was not checked, and why.
    pub fn not_checked(id: String, kind: NotChecked, error: String) -> AnswerReport {
        AnswerReport {
            schema: crate::report::Schema,
            id,
            route: Route::Review,
            model_calls: 0,
            model_calls_saved: 0,
            claims: Vec::new(),
            findings: Vec::new(),
            error: Some(error),
            error_kind: Some(kind),
            checks_skipped: Vec::new(),
        }
    }

    /// Whether the answer's input had an error: the answer's own (it was
    /// malformed, or has a problem such as a duplicate id), or a claim's or
    /// operand's that could not be read. Such a run exits 2.
    pub fn has_input_error(&self) -> bool {
        fn claim_error(claim: &ClaimReport) -> bool {
            claim.error.is_some() || claim.operands.iter().any(claim_error)
        }
        self.error.is_some() || self.claims.iter().any(claim_error)
    }

    /// Every claim report, operands included.
    pub fn all_claims(&self) -> impl Iterator<Item = &ClaimReport> {
        self.claims
            .iter()
            .flat_map(|c| std::iter::once(c).chain(c.operands.iter()))
    }

    /// Every finding: its claims' and their operands', then the answer's own.
    pub fn all_findings(&self) -> impl Iterator<Item = &Finding> {
        self.all_claims()
            .flat_map(|c| c.findings.iter())
            .chain(self.findings.iter())
    }
}

/// A source read and labeled, or why not.
pub type Loaded = Result<Arc<Document>, SourceError>;

/// Why a source was not read: the reader's message (naming the file), and
/// whether the file could not be opened at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceError {
    /// The message, location first.
    pub message: Arc<str>,
    /// The file could not be opened as a source at all (missing, a folder,
    /// an unknown type): an input error, so the answer is not checked
    /// ([`crate::read::ReadError::is_unopenable`]). A path an answer names
    /// outside the sources folder of `batch` is refused as
    /// `unreadable_source` instead: that is the answer's doing, not the
    /// setup's.
    pub unopenable: bool,
}

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// What kept an answer from being checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NotChecked {
    /// The answer could not be read (invalid JSON, a field of the wrong type).
    Malformed,
    /// One of its sources could not be opened at all.
    Source,
}

impl NotChecked {
    /// The stable name: `malformed`, `source`.
    pub fn name(self) -> &'static str {
        match self {
            NotChecked::Malformed => "malformed",
            NotChecked::Source => "source",
        }
    }
}

/// Which file a cached document was read from: its path and the source id it
/// was read as.
type SourceKey = (PathBuf, String);

/// A source's read, once, and the modification time of the file it was read
/// from: a file rewritten during a long batch is read again.
struct SourceSlot {
    modified: Option<SystemTime>,
    /// The batch block in which `modified` was last looked at (0: none).
    seen_in: u64,
    loaded: Arc<OnceLock<Loaded>>,
}

/// Sources, read once and shared by every answer that names them. Safe to
/// share between threads: answers checked in parallel that name the same
/// source wait for one read of it.
#[derive(Default)]
pub struct SourceCache {
    documents: Mutex<HashMap<SourceKey, SourceSlot>>,
    overrides: Vec<(String, PathBuf)>,
    options: ReadOptions,
    reads: AtomicUsize,
    /// Answers' source paths must stay under their base folder (`batch`).
    confined: bool,
    /// The batch block being checked ([`SourceCache::next_block`]); 0
    /// outside a batch. Within a block, whose answers are checked in no
    /// set order, a file's modification time is looked at once.
    block: AtomicU64,
}

impl SourceCache {
    /// A cache with `--source ID=PATH` overrides.
    pub fn new(overrides: Vec<(String, PathBuf)>) -> SourceCache {
        SourceCache {
            overrides,
            ..SourceCache::default()
        }
    }

    /// Reads sources with these options (PDF limits).
    pub fn with_options(mut self, options: ReadOptions) -> SourceCache {
        self.options = options;
        self
    }

    /// Refuses source paths that leave the base folder (absolute, or with a
    /// `..` part): `tickmark batch` reads sources only from under
    /// `--sources`, whatever an answer names.
    pub fn confined(mut self) -> SourceCache {
        self.confined = true;
        self
    }

    /// The sources an answer may cite, as (id, path): its own and every
    /// `--source` id; `--source` paths win.
    pub fn sources_for(&self, answer: &Answer) -> Vec<(String, String)> {
        let mut sources: Vec<(String, String)> = answer
            .sources
            .iter()
            .map(|s| (s.id.clone(), s.path.clone()))
            .collect();
        for (id, path) in &self.overrides {
            if !sources.iter().any(|(known, _)| known == id) {
                sources.push((id.clone(), path.display().to_string()));
            }
        }
        sources
    }

    /// A loaded document with this source id, if any answer loaded one.
    pub fn document(&self, id: &str) -> Option<Arc<Document>> {
        let documents = self
            .documents
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        documents
            .iter()
            .filter(|((_, source), _)| source == id)
            .find_map(|(_, slot)| {
                slot.loaded
                    .get()
                    .and_then(|loaded| loaded.as_ref().ok())
                    .cloned()
            })
    }

    /// Starts the next block of a batch: the answers of one block are
    /// checked together, in no set order, so each source file's
    /// modification time is looked at once a block (on its first load in
    /// it) instead of once an answer. A file rewritten during a batch is
    /// still read again, from the next block on. Outside a batch (no block
    /// started) every load looks.
    pub fn next_block(&self) {
        self.block.fetch_add(1, Ordering::Relaxed);
    }

    /// How many times a source file was read (each file once, unless it
    /// changed on disk).
    pub fn reads(&self) -> usize {
        self.reads.load(Ordering::Relaxed)
    }

    /// Loads (once) source `id` from `path` (relative to `base_dir`), or
    /// from its `--source` path.
    pub fn load(&self, id: &str, path: &str, base_dir: &Path, vocab: &Vocab) -> Loaded {
        let written = path;
        // A `--source` path is the user's own, named on the command line:
        // it is read where it is, never confined to the sources folder.
        let overridden = self.overrides.iter().find(|(o, _)| o == id);
        let path = overridden
            .map(|(_, p)| p.clone())
            .unwrap_or_else(|| base_dir.join(path));
        let block = self.block.load(Ordering::Relaxed);
        let slot = {
            let documents = self
                .documents
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let key = (path.clone(), id.to_string());
            match documents.get(&key) {
                Some(entry) if block != 0 && entry.seen_in == block => Arc::clone(&entry.loaded),
                _ => {
                    // The time is looked at outside the lock; another thread
                    // may look too, and either's finding stands.
                    drop(documents);
                    let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
                    let mut documents = self
                        .documents
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner);
                    let entry = documents.entry(key).or_insert_with(|| SourceSlot {
                        modified,
                        seen_in: block,
                        loaded: Arc::default(),
                    });
                    // A file that changed on disk replaces what was read of it.
                    if entry.modified != modified {
                        entry.modified = modified;
                        entry.loaded = Arc::default();
                    }
                    entry.seen_in = block;
                    Arc::clone(&entry.loaded)
                }
            }
        };
        slot.get_or_init(|| {
            if self.confined && overridden.is_none() {
                confine(written, &path, base_dir)?;
            }
            self.reads.fetch_add(1, Ordering::Relaxed);
            load_source(&path, id, vocab, &self.options)
                .map(Arc::new)
                .map_err(|e| SourceError {
                    message: Arc::from(e.to_string().as_str()),
                    unopenable: e.is_unopenable(),
                })
        })
        .clone()
    }
}

/// Refuses a source path that leaves `base_dir`: written absolute or with a
/// `..` part, or resolving outside it through a symbolic link.
fn confine(written: &str, path: &Path, base_dir: &Path) -> Result<(), SourceError> {
    use std::path::Component;
    let leaves = |how: &str| {
        Err(SourceError {
            message: Arc::from(
                format!(
                    "{written}: the source path {how} the sources folder ({}); sources are read only from under it",
                    base_dir.display()
                )
                .as_str(),
            ),
            unopenable: false,
        })
    };
    if Path::new(written)
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return leaves("leaves");
    }
    // A file that does not exist is not read either; its error says so.
    if let (Ok(file), Ok(folder)) = (path.canonicalize(), base_dir.canonicalize())
        && !file.starts_with(&folder)
    {
        return leaves("leaves (through a symbolic link)");
    }
    Ok(())
}

/// Runs the checks.
pub struct Verifier<'a> {
    vocab: &'a Vocab,
    store: &'a Store,
    options: VerifyOptions,
    judge: &'a dyn Judge,
    /// The judge's gate (`--accept-at`).
    accept_at: Decimal,
    /// Roles already read, by role text and sentence: claims over one
    /// report repeat them. Keyed by the hash of a [`RoleKey`] (with
    /// `role_hasher`), so that a claim is looked up without copying its
    /// texts; the key itself is kept to tell colliding ones apart.
    roles: RwLock<RoleMemo>,
    role_hasher: crate::hash::State,
}

/// Roles read, by their key's hash; and how many.
#[derive(Default)]
struct RoleMemo {
    by_hash: crate::hash::Map<u64, Vec<(RoleKey, Arc<ClaimRole>)>>,
    len: usize,
}

/// How many role texts the verifier remembers before starting over.
const ROLE_MEMO: usize = 1 << 16;

/// A claim's role, sentence and value: what its role is read from.
type RoleKey = (Option<crate::answer::Role>, Option<String>, Option<String>);

static NO_JUDGE: NoJudge = NoJudge;

impl<'a> Verifier<'a> {
    /// A verifier with the `none` judge.
    pub fn new(vocab: &'a Vocab, store: &'a Store, options: VerifyOptions) -> Verifier<'a> {
        Verifier {
            vocab,
            store,
            options,
            judge: &NO_JUDGE,
            accept_at: support::DEFAULT_ACCEPT_AT,
            roles: RwLock::new(RoleMemo::default()),
            role_hasher: crate::hash::State::default(),
        }
    }

    /// Sends the claims every code check passed to `judge`, accepting its
    /// `supports` at probability `accept_at` or more.
    pub fn with_judge(mut self, judge: &'a dyn Judge, accept_at: Decimal) -> Verifier<'a> {
        self.judge = judge;
        self.accept_at = accept_at;
        self
    }

    /// Verifies an answer, loading its sources through `cache` relative to
    /// `base_dir` (the answer file's folder).
    pub fn verify(&self, answer: &Answer, cache: &SourceCache, base_dir: &Path) -> AnswerReport {
        let loaded: Vec<(String, Loaded)> = cache
            .sources_for(answer)
            .into_iter()
            .map(|(id, path)| {
                let doc = cache.load(&id, &path, base_dir, self.vocab);
                (id, doc)
            })
            .collect();
        // A source that cannot be opened at all is a broken setup, not a
        // wrong citation: the answer is not checked, and says why once.
        if let Some(e) = loaded.iter().find_map(|(_, doc)| match doc {
            Err(e) if e.unopenable => Some(e),
            _ => None,
        }) {
            return AnswerReport::not_checked(
                answer.id.clone(),
                NotChecked::Source,
                e.message.to_string(),
            );
        }
        let sources = loaded
            .iter()
            .map(|(id, doc)| {
                let state = match doc {
                    Ok(doc) => SourceState::Loaded(doc),
                    Err(why) => SourceState::Unreadable(&why.message),
                };
                (id.as_str(), state)
            })
            .collect();
        let scope = AnswerScope::new(sources, answer.context.as_deref(), self.store);
        self.verify_in(answer, &scope)
    }

    /// Verifies an answer against an already built scope.
    pub fn verify_in(&self, answer: &Answer, scope: &AnswerScope<'_>) -> AnswerReport {
        let mut model_calls = 0;
        let claims: Vec<ClaimReport> = answer
            .claims
            .iter()
            .map(|claim| {
                let mut checked = self.check_claim(claim, scope);
                if self.judge_claim(answer, claim, &mut checked) && self.judge.calls_a_model() {
                    model_calls += 1;
                }
                checked.report
            })
            .collect();
        // Failing closed: an answer that gave the code checks nothing to
        // hold is not "every claim accepted".
        let mut findings = Vec::new();
        if !answer.claims.iter().any(checkable) && answer.claims.iter().all(|c| c.error.is_none()) {
            findings.push(Finding::new(
                Code::NoCheckableClaim,
                Route::Review,
                if answer.claims.is_empty() {
                    "the answer has no claims: nothing could be checked".to_string()
                } else {
                    format!(
                        "none of the answer's {} claim{} states a number, cites, quotes or calculates: nothing could be checked",
                        answer.claims.len(),
                        if answer.claims.len() == 1 { "" } else { "s" }
                    )
                },
            ));
        }
        let route = claims
            .iter()
            .map(|c| c.route)
            .chain(findings.iter().map(|f| f.route))
            .max()
            .unwrap_or(Route::Accept);
        // What is wrong with the input that did not stop the claims from
        // being checked: reported as the answer's error (exit code 2).
        let mut problems = answer.problems.clone();
        problems.extend(scope.context_problems());
        let route = if problems.is_empty() {
            route
        } else {
            route.max(Route::Review)
        };
        AnswerReport {
            schema: crate::report::Schema,
            id: answer.id.clone(),
            route,
            model_calls,
            model_calls_saved: claims.len().saturating_sub(model_calls),
            claims,
            findings,
            error: (!problems.is_empty()).then(|| problems.join("; ")),
            error_kind: (!problems.is_empty()).then_some(NotChecked::Malformed),
            checks_skipped: self.skipped_checks(),
        }
    }

    /// Checks one claim (or operand).
    fn check_claim<'s>(&self, claim: &Claim, scope: &AnswerScope<'s>) -> Checked<'s> {
        let checks = self.options.checks;
        if let Some(error) = &claim.error {
            return Checked::unread(claim, error);
        }
        let mut findings = Vec::new();
        let mut operands = Vec::new();
        let mut operand_evidence = Vec::new();
        let written = claim.value.as_deref();
        let mut stated = written.and_then(parse_stated);
        if let Some(text) = written
            && stated.is_none()
        {
            findings.push(Finding::new(
                Code::NoCheckableClaim,
                Route::Review,
                format!(
                    "expected a number in \"value\", found {text:?}: no check holds it to a cell"
                ),
            ));
        }

        // 1. resolve
        let mut resolved: Vec<Resolved<'s>> = Vec::new();
        for cite in &claim.cites {
            match scope.resolve(cite) {
                Ok(r) => resolved.push(r),
                Err(finding) => findings.push(*finding),
            }
        }
        // The role is read when the role check runs, a cite names more than
        // one cell (a range, row alias or table picks its cell by the role),
        // or a calculation's formula is judged; the value check needs only
        // the role's words.
        let spec: Arc<ClaimRole> = if checks.has(Check::Role)
            || (claim.calc.is_some() && checks.has(Check::Arithmetic))
            || resolved
                .iter()
                .any(|r| !matches!(r.located, Located::Cell(..)))
        {
            self.role_of(claim)
        } else {
            let text = role_text(claim);
            let (negative_named, other_side_named) = role::sides_named(&text, claim);
            Arc::new(ClaimRole {
                negative_named,
                other_side_named,
                text,
                ..ClaimRole::default()
            })
        };
        // A source read only in part may hold, elsewhere, what the judge
        // does not find in the cells it is shown.
        let mut partial_source = resolved.iter().any(|r| r.document.is_partial());
        let negative_named =
            spec.negative_named || spec.role.direction.is_some_and(|d| !d.positive);
        let positive_named = spec.role.direction.is_some_and(|d| d.positive)
            || spec.sentence_direction.is_some_and(|d| d.positive)
            || spec.change_movement == Some(crate::check::movement::Movement::Up);
        // The sentence's writings of the stated value, read once for how
        // it is hedged and how it is scaled.
        let said: Vec<&crate::prose::Written> = match (stated.as_ref(), &spec.sentence_amounts) {
            (Some(s), Some(amounts)) => amounts
                .iter()
                .filter(|w| crate::prose::same_number(&w.amount, s, None))
                .collect(),
            _ => Vec::new(),
        };
        let rules = ValueRules {
            negative_named,
            positive_named,
            tolerance: self.options.tolerance,
            // Hedged in the value ("about $4 billion") or where the sentence
            // states it ("came in at nearly $450 million").
            hedged: written.is_some_and(value::hedged)
                || said
                    .iter()
                    .any(|w| w.hedge == crate::prose::Hedge::Approximate),
            fraction_ok: ratio_role(&spec, self.vocab),
            other_side_named: spec.other_side_named,
            // A sentence's "$184,512" or "49,020 shares", no scale written.
            literal: stated.as_ref().is_some_and(|s| {
                let shares = written.is_some_and(|w| {
                    w.split(|c: char| !c.is_alphabetic())
                        .any(|word| word.eq_ignore_ascii_case("shares"))
                });
                s.scale_exp == 0
                    && !s.percent
                    && said.iter().any(|w| {
                        // "409,201 basic weighted-average shares"
                        let counted = shares
                            || claim
                                .text
                                .as_deref()
                                .and_then(|t| t.get(w.end..))
                                .is_some_and(value::shares_follow);
                        let money = s.currency.is_some() && w.amount.currency.is_some();
                        (money || counted) && w.amount.scale_exp == 0
                    })
            }),
        };
        // A claim without a value: the amount its sentence states, checked
        // in its place (the one that holds at a cite, else the first).
        let sentence = claim.text.as_deref().unwrap_or("");
        let mut from_sentence = None;
        if written.is_none() {
            let amounts = sentence::stated_in(sentence);
            let holds_somewhere = |amount: &Amount| {
                let claimed = Claimed {
                    written: "",
                    stated: amount,
                    role: &spec,
                    sentence: claim.text.as_deref(),
                    rules,
                };
                resolved.iter().any(|r| {
                    cited::pick(r, &claimed, self.vocab)
                        .is_some_and(|cell| claimed.compare(&cell).holds())
                })
            };
            from_sentence = if claim.calc.is_some() {
                amounts
                    .iter()
                    .find(|w| w.amount.percent)
                    .or(amounts.first())
                    .cloned()
            } else {
                amounts
                    .iter()
                    .find(|w| holds_somewhere(&w.amount))
                    .or(amounts.first())
                    .cloned()
            };
            stated = from_sentence.as_ref().map(|w| w.amount);
        }
        let shown_value = match (&from_sentence, written) {
            (Some(w), _) => w.text(sentence).to_string(),
            (None, Some(text)) => text.to_string(),
            (None, None) => String::new(),
        };
        if claim.cites.is_empty() && claim.calc.is_none() && written.is_some() && stated.is_some() {
            findings.push(Finding::new(
                Code::Uncited,
                Route::Recite,
                format!("the claim states {shown_value} and cites nothing"),
            ));
        }

        // 2. quote
        if checks.has(Check::Quote)
            && let Some(quote_text) = &claim.quote
            && !resolved.is_empty()
            && !resolved.iter().any(|r| {
                quote::found_in(quote_text, &r.document.text_in(r.located))
                    // A table's title says what its rows are, never what
                    // a row's number is: a quote with an amount must be
                    // the row's (years may name the columns).
                    || states_no_amount(quote_text)
                        && r.document
                            .title_of(r.located)
                            .is_some_and(|title| quote::found_in(quote_text, &title))
            })
        {
            let cites: Vec<&str> = resolved.iter().map(|r| r.cite.as_str()).collect();
            let mut finding = Finding::new(
                Code::FabricatedQuote,
                Route::Reanswer,
                format!(
                    "the quote {quote_text:?} is not in the cited scope of {} (matched at word and number boundaries after normalizing case, whitespace, quotes, dashes and thousands separators; a reworded or shortened quote fails too)",
                    cites.join(", ")
                ),
            );
            if let Some(first) = resolved.first() {
                finding = finding.cite(&first.cite);
            }
            findings.push(finding);
        }

        // 3–4. value and role, at the cite that fits the claim best. A
        // calculation's own cites are its inputs, checked as its operands.
        let mut chosen: Option<Cell<'s>> = None;
        let mut chosen_holds = false;
        let mut implied_scale = None;
        let mut operand_cells: Vec<Cell<'s>> = Vec::new();
        if let Some(stated) = &stated
            && claim.calc.is_none()
            && !resolved.is_empty()
            && (checks.has(Check::Value) || checks.has(Check::Role))
        {
            // A role naming a change of its measure ("Net sales growth,
            // 2022") is read as that change where a cite's cell for it is a
            // change cell; elsewhere its words stand (a line named "Rate of
            // compensation increase").
            let as_change = spec.as_change.as_deref().filter(|change| {
                let claimed = Claimed {
                    written: &shown_value,
                    stated,
                    role: change,
                    sentence: claim.text.as_deref(),
                    rules,
                };
                resolved.iter().any(|r| {
                    cited::pick(r, &claimed, self.vocab).is_some_and(|cell| {
                        movement::change_period(&cell, self.vocab).is_some()
                            && !role::row_names_role(&spec, &cell)
                    })
                })
            });
            let claimed = Claimed {
                written: &shown_value,
                stated,
                role: as_change.unwrap_or(&spec),
                sentence: claim.text.as_deref(),
                rules,
            };
            // Each cite's cell with its value comparison, made once: it
            // chooses the cite and is the value check's verdict there.
            let judged: Vec<(&Resolved<'s>, Option<(Cell<'s>, ValueOutcome)>)> = resolved
                .iter()
                .map(|r| {
                    let judged = cited::pick(r, &claimed, self.vocab).map(|cell| {
                        let outcome = claimed.compare(&cell);
                        (cell, outcome)
                    });
                    (r, judged)
                })
                .collect();
            // A change of the cited cells, stated without its calculation
            // ("Net sales increased $179.6 million [B6, C6]"): held to the
            // change between the two levels the role names, when no cite
            // holds the value itself.
            let held_at_a_cite = judged
                .iter()
                .any(|(_, j)| j.as_ref().is_some_and(|(_, outcome)| outcome.holds()));
            let computable = !held_at_a_cite && checks.has(Check::Arithmetic);
            // The cited cells, when every cite is one cell.
            let cell_cites: Option<Vec<(&str, Cell<'s>)>> = computable
                .then(|| {
                    judged
                        .iter()
                        .filter(|(r, _)| matches!(r.located, Located::Cell(..)))
                        .filter_map(|(r, j)| Some((r.cite.as_str(), j.as_ref()?.0)))
                        .collect::<Vec<_>>()
                })
                .filter(|cells| cells.len() == judged.len());
            // One table cited whole ("Revenue grew 7.7% [IS]"; a csv, or a
            // source of one table).
            let whole_table = match judged.as_slice() {
                [(resolved, _)] => match resolved.located {
                    Located::Table(table) => Some((resolved, table)),
                    Located::Source => match resolved.document.tables.as_slice() {
                        [table] => Some((resolved, table)),
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            };
            let implied = spec
                .as_change
                .as_deref()
                .filter(|_| computable)
                .and_then(|change| {
                    // A table cited whole: its one pair of the line's
                    // levels, if it has exactly one.
                    let levels = match (whole_table, &cell_cites) {
                        (Some((resolved, table)), _) => implied::levels_in(
                            &spec,
                            change,
                            resolved.cite.as_str(),
                            table.cells(),
                            self.vocab,
                        ),
                        (None, Some(cells)) => implied::levels(&spec, change, cells, self.vocab),
                        (None, None) => None,
                    }?;
                    Some((change, levels))
                });
            // A metric of the cited cells, stated without its calculation
            // ("gross margin 86.2% [B18, B12]"): held to the metric's
            // formula when the cells are its inputs.
            let metric = cell_cites
                .as_deref()
                .filter(|_| implied.is_none())
                .and_then(|cells| {
                    implied_metric::check(&spec, stated, cells, self.vocab)
                        .map(|found| (found, cells.first().map(|(_, c)| c.scale())))
                });
            let best = if judged.len() == 1 {
                judged.into_iter().next()
            } else {
                judged.into_iter().max_by_key(|(_, judged)| {
                    judged.as_ref().map_or(0, |(cell, outcome)| {
                        let fits =
                            role::fit(claimed.role, cell, role::roles_of(cell.table(), self.vocab))
                                .adequate();
                        2 * usize::from(outcome.holds()) + usize::from(fits) + 1
                    })
                })
            };
            if let Some((change, levels)) = implied {
                findings.extend(implied::check(
                    change,
                    stated,
                    &shown_value,
                    &levels,
                    self.vocab,
                ));
                implied_scale = Some(levels.now.scale());
            } else if let Some((found, scale)) = metric {
                findings.extend(found);
                implied_scale = scale;
            } else if let Some((cited, judged)) = best {
                chosen = judged.as_ref().map(|(cell, _)| *cell);
                chosen_holds = judged.as_ref().is_some_and(|(_, outcome)| outcome.holds());
                let assembled = scope.assembled();
                findings.extend(cited::value_and_role(
                    &claimed,
                    cited,
                    judged,
                    &cited::Context {
                        assembled: &assembled,
                        quote: claim.quote.as_deref(),
                        checks,
                        vocab: self.vocab,
                    },
                ));
            }
        }

        // 5. arithmetic
        let mut unit_scale = chosen.as_ref().map(Cell::scale).or(implied_scale);
        let mut arithmetic_ran = false;
        if let Some(calc_text) = &claim.calc {
            // Operands without roles of their own stand for the inputs of
            // the metric the claim's role names, where the calculation is
            // its formula (an answer over one source).
            let derived = (scope.order.len() == 1)
                .then(|| crate::check::metric_operands::roles(&spec, claim, calc_text))
                .flatten();
            let check_operands = |derived: Option<&Vec<crate::answer::Role>>| {
                claim
                    .operands
                    .iter()
                    .enumerate()
                    .map(|(k, op)| match derived.and_then(|d| d.get(k)) {
                        Some(role) => {
                            let mut op = op.clone();
                            op.role = Some(role.clone());
                            self.check_claim(&op, scope)
                        }
                        None => self.check_claim(op, scope),
                    })
                    .collect::<Vec<Checked<'s>>>()
            };
            let mut checked = check_operands(derived.as_ref());
            if derived.is_some()
                && let Some(stated) = stated.as_ref()
            {
                let cells: Vec<Cell<'s>> = checked.iter().filter_map(|c| c.cell).collect();
                let documents = scope.loaded();
                if cells.len() != claim.operands.len()
                    || crate::check::metric_operands::printed_otherwise(
                        &spec, stated, &cells, &documents,
                    )
                    || !crate::check::metric_operands::words_said(&spec, &cells, self.vocab)
                {
                    checked = check_operands(None);
                }
            }
            unit_scale = unit_scale.or_else(|| checked.iter().find_map(|c| c.unit_scale));
            // Arithmetic grades the operands' stated values in their cells'
            // units: it runs only once every operand resolved.
            let resolved_all = checked.iter().all(|c| {
                c.report.error.is_none()
                    && c.report.findings.iter().all(|f| f.check != Check::Resolve)
            });
            arithmetic_ran = checks.has(Check::Arithmetic) && resolved_all;
            if arithmetic_ran {
                findings.extend(self.arithmetic(
                    claim,
                    calc_text,
                    &shown_value,
                    stated.as_ref(),
                    &spec,
                    (&checked, scope),
                    &rules,
                ));
            }
            // The sentence's way ("Revenue fell 7.7%") against the line's
            // two levels the operands are.
            if checks.has(Check::Value)
                && let Some(change) = spec.as_change.as_deref()
                && (change.change_movement.is_some() || change.change_better.is_some())
            {
                let cells: Vec<(&str, Cell<'s>)> = claim
                    .operands
                    .iter()
                    .zip(&checked)
                    .filter_map(|(op, c)| Some((op.cites.first()?.as_str(), c.cell?)))
                    .collect();
                findings.extend(
                    implied::levels(&spec, change, &cells, self.vocab)
                        .and_then(|levels| implied::sentence_way(change, &levels, self.vocab)),
                );
            }
            // The sentence's "rose to", "narrowed to" against the same
            // calculation a year earlier.
            // Not of a change: "7.7% higher than in 2023" is the growth's
            // size, not the growth's own movement.
            if checks.has(Check::Value)
                && let Some(said) = spec.movement
                && crate::vocab::metrics::Metrics::builtin()
                    .change_in(&spec.text)
                    .is_none()
                && let Ok(parsed) = arithmetic::parse(calc_text, self.options.max_calc_bytes)
            {
                let inputs: Option<Vec<(&str, &Amount, Cell<'s>)>> = claim
                    .operands
                    .iter()
                    .zip(&checked)
                    .map(|(op, c)| Some((op.id.as_str(), c.stated.as_ref()?, c.cell?)))
                    .collect();
                if let Some(inputs) = inputs {
                    findings.extend(implied::calc_movement(said, &parsed, &inputs, self.vocab));
                }
            }
            operand_cells.extend(checked.iter().filter_map(|c| c.cell));
            for op in checked {
                operand_evidence.extend(op.evidence);
                partial_source |= op.partial_source;
                operands.push(op.report);
            }
        }
        // The sentence against the value it checks, once the value was
        // checked against something (its cite, or its operands).
        let value_checked = if claim.calc.is_some() {
            arithmetic_ran
        } else {
            !resolved.is_empty()
        };
        if checks.has(Check::Value)
            && value_checked
            && let (Some(text), Some(value_text), Some(stated)) =
                (claim.text.as_deref(), written, stated.as_ref())
            && let Some(finding) = match &spec.sentence_amounts {
                // Read with the role, from this sentence.
                Some(amounts) => {
                    sentence::disagreement_among(text, amounts, stated, value_text, unit_scale)
                }
                None => sentence::disagreement(text, stated, value_text, unit_scale),
            }
        {
            findings.push(finding);
        }
        // The sentence's company against the cited tables'.
        if checks.has(Check::Value)
            && value_checked
            && let Some(text) = claim.text.as_deref()
        {
            let cells: Vec<Cell<'_>> = chosen
                .iter()
                .copied()
                .chain(operand_cells.iter().copied())
                .collect();
            findings.extend(sentence::other_company(text, &cells));
        }
        // The sentence's year of a change ("grew 7.7% in 2023") against the
        // change the role names (to 2024).
        if checks.has(Check::Value)
            && value_checked
            && let Some(text) = claim.text.as_deref()
            && let Some(change) = spec.as_change.as_deref()
            && let Some(period) = change.role.periods.first()
            && let Some(finding) = sentence::change_year(text, period)
        {
            findings.push(finding);
        }
        // A claim that gave no value is not accepted on a number it did not
        // state as its value.
        if written.is_none()
            && let Some(finding) =
                sentence::unheld(sentence, from_sentence.as_ref(), claim.calc.is_some())
        {
            findings.push(finding);
        }

        let route = findings
            .iter()
            .map(|f| f.route)
            .chain(operands.iter().map(|o| o.route))
            .max()
            .unwrap_or(Route::Accept);
        Checked {
            report: ClaimReport {
                id: claim.id.clone(),
                route,
                findings,
                cell: chosen.as_ref().map(CellSummary::of),
                pending_support: false,
                support: None,
                operands,
                error: None,
            },
            stated,
            unit_scale,
            cell: chosen.filter(|_| chosen_holds),
            // Rendering a cell in its table costs; only a judge reads it.
            evidence: if self.judge.calls_a_model() && checks.has(Check::Support) {
                chosen
                    .iter()
                    .map(evidence_of)
                    .chain(operand_evidence)
                    .collect()
            } else {
                Vec::new()
            },
            partial_source,
        }
    }

    /// The arithmetic and formula findings of a calculation claim.
    #[allow(clippy::too_many_arguments)] // the claim, its reading, its operands and the value rules
    fn arithmetic<'s>(
        &self,
        claim: &Claim,
        calc_text: &str,
        written: &str,
        stated: Option<&Amount>,
        spec: &ClaimRole,
        (operands, scope): (&[Checked<'s>], &AnswerScope<'s>),
        rules: &ValueRules,
    ) -> Vec<Finding> {
        let calc = match arithmetic::parse(calc_text, self.options.max_calc_bytes) {
            Ok(calc) => calc,
            Err(finding) => return vec![*finding],
        };
        let inputs: Vec<arithmetic::Input<'_>> = claim
            .operands
            .iter()
            .zip(operands)
            .map(|(op, checked)| arithmetic::Input {
                id: op.id.as_str(),
                stated: checked.stated,
                unit_scale: checked.unit_scale,
                role: role_text(op),
                cell: checked
                    .cell
                    .as_ref()
                    .zip(checked.stated.as_ref())
                    .and_then(|(cell, stated)| arithmetic::cell_in_base(cell, stated)),
            })
            .collect();
        let mut findings = arithmetic::check(&calc, written, stated, &inputs);
        // A fall stated by its size ("fell 0.4%", "Decline in …, 11.4%")
        // is the negative change a calculation of now against before gives.
        let falls = spec.change_movement == Some(crate::check::movement::Movement::Down)
            || spec.role_way == Some(crate::check::movement::Movement::Down);
        if falls
            && let Some(size) = stated.filter(|s| !s.value.is_sign_negative())
            && findings.iter().any(|f| f.code == Code::ArithmeticMismatch)
        {
            let fall = Amount {
                value: -size.value,
                ..*size
            };
            let as_fall = arithmetic::check(&calc, written, Some(&fall), &inputs);
            if !as_fall.iter().any(|f| f.code == Code::ArithmeticMismatch) {
                findings = as_fall;
            }
        }
        // A change in points written in percent ("operating margin rose
        // 0.4%" over two margins).
        if findings.is_empty()
            && let Some(s) = stated
            && names_a_change(&spec.text, claim.text.as_deref().unwrap_or(""))
        {
            findings.extend(arithmetic::points_stated_as_percent(
                &calc, written, s, &inputs,
            ));
        }
        if findings.iter().any(|f| f.code == Code::FormulaMismatch) {
            return findings;
        }
        let roles: Vec<Arc<ClaimRole>> = claim.operands.iter().map(|op| self.role_of(op)).collect();
        let formula_operands: Vec<formula::FormulaOperand<'_>> = claim
            .operands
            .iter()
            .zip(operands)
            .zip(&roles)
            .filter_map(|((op, checked), role)| {
                Some(formula::FormulaOperand {
                    id: op.id.as_str(),
                    stated: checked.stated.as_ref()?.value,
                    role,
                    cell: checked.cell,
                })
            })
            .collect();
        if formula_operands.len() == claim.operands.len() {
            let claim_text = format!(
                "{} {}",
                role_text(claim),
                claim.text.as_deref().unwrap_or("")
            );
            findings.extend(formula::check(
                spec,
                &claim_text,
                claim.role.is_none(),
                &calc,
                &formula_operands,
                self.vocab,
            ));
        }
        // A sum or a difference (a result in its operands' units, not a
        // ratio) whose role is a line the operands' tables print; so is a
        // per-share amount ("Basic EPS" of net income over the shares,
        // where the statement prints basic EPS from the income available
        // to common shareholders).
        if findings.is_empty()
            && let Some(s) = stated
            && (arithmetic::sum_or_difference(&calc, &inputs)
                || spec.role.unit == Some(crate::model::RoleUnit::PerShare)
                || crate::check::printed::per_share_concept(spec, self.vocab).is_some())
        {
            findings.extend(crate::check::printed::result_printed(
                spec,
                s,
                operands.iter().filter_map(|c| c.cell),
                self.vocab,
                rules,
            ));
        }
        // A percentage whose role is a line the operands' tables print.
        if findings.is_empty()
            && let Some(s) = stated
        {
            findings.extend(crate::check::printed::ratio_printed(
                spec,
                s,
                written,
                operands.iter().filter_map(|c| c.cell),
                &scope.loaded(),
                self.vocab,
                rules,
            ));
        }
        findings
    }

    /// Asks the judge about a claim every code check passed, when the
    /// support check runs, and puts its answer through the gate. Returns
    /// whether the judge was sent the request (a model call).
    fn judge_claim(&self, answer: &Answer, claim: &Claim, checked: &mut Checked) -> bool {
        let report = &mut checked.report;
        if report.route != Route::Accept || !self.options.checks.has(Check::Support) {
            return false;
        }
        let request = JudgeRequest {
            answer: answer.id.clone(),
            id: claim.id.clone(),
            claim: claim.text.clone().unwrap_or_default(),
            value: claim.value.clone(),
            role: Some(role_text(claim)).filter(|t| !t.is_empty()),
            calc: claim.calc.clone(),
            evidence: std::mem::take(&mut checked.evidence),
            quote: claim.quote.clone(),
            partial_source: checked.partial_source,
        };
        let verdict = self.judge.judge(&request);
        if verdict == JudgeVerdict::Pending {
            report.pending_support = true;
            return false;
        }
        report.support = Some(match &verdict {
            JudgeVerdict::Judged { relation, p } => SupportReport {
                judge: self.judge.name().to_string(),
                relation: Some(*relation),
                p: Some(*p),
            },
            _ => SupportReport {
                judge: self.judge.name().to_string(),
                relation: None,
                p: None,
            },
        });
        if let Some(finding) = support::gate(&verdict, self.accept_at, checked.partial_source) {
            report.route = report.route.max(finding.route);
            report.findings.push(finding);
        }
        // A judge that could not be asked was sent nothing: no model call.
        !matches!(verdict, JudgeVerdict::NotAsked(_))
    }

    /// The checks that do not run: code checks left out of `--checks`, and
    /// the support check when a judge is configured but left out.
    pub fn skipped_checks(&self) -> Vec<Check> {
        let checks = self.options.checks;
        Check::ALL
            .into_iter()
            .filter(|c| match c {
                Check::Resolve => false,
                Check::Support => self.judge.calls_a_model() && !checks.has(Check::Support),
                other => !checks.has(*other),
            })
            .collect()
    }

    /// A claim's role, read once per distinct role text and sentence.
    fn role_of(&self, claim: &Claim) -> Arc<ClaimRole> {
        // The value is part of the key: the sentence's measure for a claim
        // is the one written before its number.
        use std::hash::BuildHasher;
        let hash = self
            .role_hasher
            .hash_one((&claim.role, &claim.text, &claim.value));
        let is_claims = |(role, text, value): &RoleKey| {
            *role == claim.role && *text == claim.text && *value == claim.value
        };
        if let Ok(memo) = self.roles.read()
            && let Some((_, spec)) = memo
                .by_hash
                .get(&hash)
                .and_then(|list| list.iter().find(|(key, _)| is_claims(key)))
        {
            return Arc::clone(spec);
        }
        let spec = Arc::new(role::read_claim(claim, self.vocab));
        if let Ok(mut memo) = self.roles.write() {
            if memo.len >= ROLE_MEMO {
                *memo = RoleMemo::default();
            }
            let list = memo.by_hash.entry(hash).or_default();
            // Another thread may have read the same role meanwhile.
            if !list.iter().any(|(key, _)| is_claims(key)) {
                list.push((
                    (claim.role.clone(), claim.text.clone(), claim.value.clone()),
                    Arc::clone(&spec),
                ));
                memo.len += 1;
            }
        }
        spec
    }
}

/// A checked claim, with what its parent calculation needs.
struct Checked<'s> {
    report: ClaimReport,
    stated: Option<Amount>,
    /// The scale of the table the claim resolved to (a calculation's: its
    /// first operand's).
    unit_scale: Option<Decimal>,
    /// The cell the claim was checked against, when its stated value holds
    /// there.
    cell: Option<Cell<'s>>,
    /// The cells a judge would be shown: the chosen cell, and the operands'.
    evidence: Vec<Evidence>,
    /// A cited source (the claim's or an operand's) was read only in part.
    partial_source: bool,
}

impl Checked<'_> {
    /// A claim that could not be read: reported with its error, unchecked.
    fn unread(claim: &Claim, error: &str) -> Checked<'static> {
        Checked {
            report: ClaimReport {
                id: claim.id.clone(),
                route: Route::Review,
                findings: Vec::new(),
                cell: None,
                pending_support: false,
                support: None,
                operands: Vec::new(),
                error: Some(error.to_string()),
            },
            stated: None,
            unit_scale: None,
            cell: None,
            evidence: Vec::new(),
            partial_source: false,
        }
    }
}

/// Whether a claim's role is a ratio or a margin (a fraction then states a
/// percentage cell): its unit says so, or its concept is measured so.
fn ratio_role(spec: &ClaimRole, vocab: &Vocab) -> bool {
    use crate::model::RoleUnit;
    matches!(spec.role.unit, Some(RoleUnit::Ratio | RoleUnit::Percent))
        || spec.role.concept.as_ref().is_some_and(|c| {
            vocab.info(c.as_str()).is_some_and(|i| {
                matches!(
                    i.measure,
                    crate::model::Measure::Percent | crate::model::Measure::Ratio
                )
            })
        })
}

/// Whether a code check has anything to hold a claim to: a stated value,
/// a cite, a quote or a calculation.
fn checkable(claim: &Claim) -> bool {
    claim.value.is_some()
        || !claim.cites.is_empty()
        || claim.quote.is_some()
        || claim.calc.is_some()
}

/// A cell as a judge is shown it: labeled, and in its table.
fn evidence_of(cell: &Cell<'_>) -> Evidence {
    let table = cell.table();
    let mut heading: Vec<&str> = table.title.iter().map(String::as_str).collect();
    // The unit line is often a title line too ("($ in millions)").
    if let Some(unit) = table.unit.text.as_deref()
        && !heading.contains(&unit)
    {
        heading.push(unit);
    }
    Evidence {
        reference: cell.reference().to_string(),
        text: cell.text().into_owned(),
        value: cell.value().to_string(),
        value_base: cell.value_base().map(|v| v.normalize().to_string()),
        row_label: cell.row_label().map(str::to_string),
        col_label: cell.col_label().map(str::to_string),
        period: cell.period().cloned(),
        concept: cell.concept().map(|c| c.to_string()),
        table: heading.join(" — "),
        neighbourhood: crate::report::verify::excerpt(table, cell.coord()),
    }
}

impl crate::report::verify::DocumentLookup for SourceCache {
    fn document(&self, source: &str) -> Option<Arc<Document>> {
        SourceCache::document(self, source)
    }
}

/// Whether a text states no amount: every number in it is a year
/// ("for 2024, 2023 and 2022"), none a figure ("$15,000 million").
fn states_no_amount(text: &str) -> bool {
    text.split(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.'))
        .map(|run| run.trim_matches([',', '.']))
        .filter(|run| run.chars().any(|c| c.is_ascii_digit()))
        .all(|run| {
            run.len() == 4
                && run.chars().all(|c| c.is_ascii_digit())
                && (run.starts_with("19") || run.starts_with("20"))
        })
}

/// The text a claim's role is read from, for messages and the judge: its
/// role, else its sentence.
fn role_text(claim: &Claim) -> String {
    match &claim.role {
        Some(crate::answer::Role::Text(text)) => text.clone(),
        Some(crate::answer::Role::Structured { concept, period }) => format!(
            "{} {}",
            concept.as_deref().unwrap_or(""),
            period.as_deref().unwrap_or("")
        )
        .trim()
        .to_string(),
        None => claim.text.clone().unwrap_or_default(),
    }
}

/// Whether a claim's role or sentence names a change of its measure
/// ("Change in operating margin", "margin rose 0.4%").
fn names_a_change(role: &str, sentence: &str) -> bool {
    const WORDS: [&str; 24] = [
        "change",
        "changed",
        "increase",
        "increased",
        "decrease",
        "decreased",
        "rose",
        "rise",
        "fell",
        "fall",
        "grew",
        "growth",
        "improved",
        "improvement",
        "expanded",
        "expansion",
        "contracted",
        "contraction",
        "declined",
        "decline",
        "up",
        "down",
        "widened",
        "narrowed",
    ];
    [role, sentence].iter().any(|text| {
        text.split(|c: char| !c.is_ascii_alphabetic())
            .any(|w| WORDS.iter().any(|x| x.eq_ignore_ascii_case(w)))
    })
}

#[cfg(test)]
mod cache_tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    #[test]
    fn years_are_no_amounts_a_quote_may_state() {
        assert!(states_no_amount(
            "The following table shows information by reportable segment for 2024, 2023 and 2022 (in millions):"
        ));
        assert!(states_no_amount("Consolidated Statements of Operations"));
        assert!(!states_no_amount("Net sales rose to $15,000 million"));
        assert!(!states_no_amount("Revenue 4,200"));
        assert!(!states_no_amount("up 12.5% in 2024"));
    }

    #[test]
    fn a_source_rewritten_on_disk_is_read_again_and_an_unchanged_one_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kpi.csv");
        std::fs::write(&path, "Metric,2024\nRevenue,100\n").unwrap();
        let vocab = Vocab::builtin();
        let cache = SourceCache::default();
        let value = |cache: &SourceCache| {
            let doc = cache
                .load("kpi.csv", "kpi.csv", dir.path(), &vocab)
                .unwrap();
            doc.cells().next().map(|c| c.value().to_string())
        };
        assert_eq!(value(&cache).as_deref(), Some("100"));
        assert_eq!(value(&cache).as_deref(), Some("100"));
        assert_eq!(cache.reads(), 1);
        std::fs::write(&path, "Metric,2024\nRevenue,250\n").unwrap();
        // Filesystems keep coarse times: make the change visible.
        let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(later)
            .unwrap();
        assert_eq!(value(&cache).as_deref(), Some("250"));
        assert_eq!(cache.reads(), 2);
    }
}
