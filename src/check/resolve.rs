//! Check 1, resolve: every cite of a claim must name a real cell, range,
//! table, page or chunk — and one in THIS answer's assembled context.
//!
//! Resolving against the whole chunk store instead of the assembled context
//! is the classic bug (first seed article): a stale id resolves perfectly
//! against the store and says nothing about what the answer was built from.
//! Here a store id that is not in the context is `outside_context`, not a pass.

use crate::hash::Map as HashMap;
use std::path::Path;

use super::{Check, Code, CodeDoc, Finding, Route};
use crate::answer::ContextItem;
use crate::model::{CellRef, Document, GridValue, Located};

/// The codes of this check, documented.
pub const DOCS: &[CodeDoc] = &[
    CodeDoc {
        code: Code::Uncited,
        check: Check::Resolve,
        what: "A claim (or a calculation's operand) states a number and cites nothing.",
        why: "A number without a pointer cannot be checked; the answer may be right, but it has not said where from.",
        example: "`{\"value\": \"$4.2 billion\", \"role\": \"Revenue, FY2024\", \"cites\": []}`",
        route: "recite.",
    },
    CodeDoc {
        code: Code::UnknownRef,
        check: Check::Resolve,
        what: "The cite names nothing that exists: not a chunk id of the context or the store, not a cell, range, table or page of a loaded source (a sheet that is not there, an empty cell, a source the answer does not list).",
        why: "An invented pointer is the cheapest hallucination to catch, and it must be caught before any check reads the cell it does not point to.",
        example: "`\"cites\": [\"acme.xlsx#IS!Z99\"]` where Z99 is empty, or `[\"c777\"]` that no context or store defines.",
        route: "recite.",
    },
    CodeDoc {
        code: Code::OutsideContext,
        check: Check::Resolve,
        what: "The cite is real — a chunk of the store, or a cell of a loaded source — but not in this answer's assembled context: the stale id.",
        why: "It looks real and resolves against the store, so a check against the store passes it. But the answer was not built from it, so its presence says nothing about the answer's evidence.",
        example: "`\"cites\": [\"c044\"]` where c044 is in `--store` but the answer's context lists only c091 and c092.",
        route: "recite.",
    },
    CodeDoc {
        code: Code::UnreadableSource,
        check: Check::Resolve,
        what: "The cited source, sheet or page could not be read (a corrupt or password-protected workbook, a PDF this build cannot read, a scanned page).",
        why: "Absence of evidence is not evidence against the claim: the cite may be right, but nothing can be checked, so a person looks.",
        example: "`\"cites\": [\"scan.xlsx#IS!B7\"]` where scan.xlsx is password-protected.",
        route: "review.",
    },
    CodeDoc {
        code: Code::NoCheckableClaim,
        check: Check::Resolve,
        what: "Nothing could be checked. On an answer (in its own `findings`): no claim of it states a number, cites, quotes or calculates (an answer with no claims included). On a claim: its sentence states an amount (\"$9.9 billion\", \"40%\", \"1,234\", \"1.2\"; years, dates and labels like FY2024 are not amounts) that the claim does not give as its `value`, so no check holds that number to a cell; or its `value` is a quantity with a unit tickmark does not read (\"43.4 MMBoe\", \"68,400 barrels per day\") and the cell holds the same digits at another scale, which the unit may explain (\"MMBoe\" is millions of \"Boe\"; a row in \"MBoe\" prints 43,408). A quantity whose number the cell holds as written (\"1,136 miles\") is checked as that number, unless the cell is an amount of money (\"4,200 miles\" of revenue).",
        why: "What gave the checks nothing to hold must not pass as accepted: failing closed, a person looks. A cite alone proves nothing about a number the sentence states.",
        example: "`{\"id\": \"a1\", \"claims\": [{\"text\": \"Revenue grew strongly.\"}]}`, `\"claims\": []`, or `{\"text\": \"Revenue rose to $9.9 billion.\", \"cites\": [\"acme.xlsx#IS!B7\"]}`.",
        route: "review.",
    },
];

/// Chunk ids that exist but were not necessarily assembled (`--store FILE`:
/// one `{"id": "...", "ref": "..."}` per line).
#[derive(Debug, Clone, Default)]
pub struct Store {
    aliases: HashMap<String, CellRef>,
}

/// A store file that could not be read.
#[derive(Debug, thiserror::Error)]
#[error("{path}{}: {reason}", line.map(|l| format!(" line {l}")).unwrap_or_default())]
pub struct StoreError {
    /// The file.
    pub path: String,
    /// The line, when the problem is on one.
    pub line: Option<u64>,
    /// What is wrong.
    pub reason: String,
}

impl Store {
    /// Reads a JSONL store of `{"id", "ref"}` records.
    pub fn load(path: &Path) -> Result<Store, StoreError> {
        let display = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| StoreError {
            path: display.clone(),
            line: None,
            reason: format!("cannot read: {e}"),
        })?;
        let mut store = Store::default();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let fail = |reason: String| StoreError {
                path: display.clone(),
                line: Some(n as u64 + 1),
                reason,
            };
            let value: serde_json::Value =
                serde_json::from_str(line).map_err(|e| fail(format!("invalid JSON: {e}")))?;
            let (Some(id), Some(reference)) = (
                value.get("id").and_then(|v| v.as_str()),
                value.get("ref").and_then(|v| v.as_str()),
            ) else {
                return Err(fail(
                    "expected {\"id\": \"...\", \"ref\": \"...\"}".to_string(),
                ));
            };
            let reference = CellRef::parse(reference).map_err(|e| fail(e.to_string()))?;
            store.aliases.insert(id.to_string(), reference);
        }
        Ok(store)
    }

    /// Adds a chunk.
    pub fn insert(&mut self, id: &str, reference: CellRef) {
        self.aliases.insert(id.to_string(), reference);
    }

    /// The reference a chunk id stands for.
    pub fn get(&self, id: &str) -> Option<&CellRef> {
        self.aliases.get(id)
    }
}

/// A source as an answer sees it: loaded, or why not.
#[derive(Debug, Clone, Copy)]
pub enum SourceState<'a> {
    /// Read and labeled.
    Loaded(&'a Document),
    /// Could not be read: the reader's message.
    Unreadable(&'a str),
}

/// What one answer can cite: its sources, its assembled context, the store.
#[derive(Debug)]
pub struct AnswerScope<'a> {
    /// The answer's sources by id.
    pub sources: HashMap<&'a str, SourceState<'a>>,
    /// The source ids in the answer's order: what "everything in the
    /// sources" is assembled in, so that the cell a message names is the same
    /// from run to run.
    pub order: Vec<&'a str>,
    /// The assembled context; `None`: everything in the sources.
    pub context: Option<&'a [ContextItem]>,
    /// Chunk ids of the context.
    pub aliases: HashMap<&'a str, &'a CellRef>,
    /// Chunk ids that exist anywhere.
    pub store: &'a Store,
}

/// A cite that names something real in this answer's context.
#[derive(Debug, Clone)]
pub struct Resolved<'a> {
    /// The cite as written.
    pub cite: String,
    /// What it stands for.
    pub reference: CellRef,
    /// The source.
    pub document: &'a Document,
    /// Where in the source.
    pub located: Located<'a>,
    /// The context alias it came through, if any.
    pub alias: Option<String>,
}

impl<'a> AnswerScope<'a> {
    /// The sources that were read, in the answer's order.
    pub fn loaded(&self) -> Vec<&'a Document> {
        self.order
            .iter()
            .filter_map(|id| match self.sources.get(id) {
                Some(SourceState::Loaded(d)) => Some(*d),
                _ => None,
            })
            .collect()
    }

    /// Builds the scope of an answer from its sources in the answer's order.
    pub fn new(
        in_order: Vec<(&'a str, SourceState<'a>)>,
        context: Option<&'a [ContextItem]>,
        store: &'a Store,
    ) -> AnswerScope<'a> {
        let mut order = Vec::with_capacity(in_order.len());
        let mut sources = HashMap::with_capacity_and_hasher(in_order.len(), Default::default());
        for (id, state) in in_order {
            if sources.insert(id, state).is_none() {
                order.push(id);
            }
        }
        let aliases = context
            .unwrap_or(&[])
            .iter()
            .filter_map(|item| match item {
                ContextItem::Alias { id, reference } => Some((id.as_str(), reference)),
                // A chunk id of the store, written bare: that chunk is
                // assembled.
                ContextItem::Ref(reference)
                    if matches!(reference.target, crate::model::Target::Source)
                        && !sources.contains_key(&*reference.source) =>
                {
                    store
                        .get(&reference.source)
                        .map(|stored| (&*reference.source, stored))
                }
                ContextItem::Ref(_) => None,
            })
            .collect();
        AnswerScope {
            sources,
            order,
            context,
            aliases,
            store,
        }
    }

    /// What is wrong with the assembled context: an item that names no
    /// source of the answer, no alias and no chunk id of the store, or a
    /// place its loaded source does not have.
    pub fn context_problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for (i, item) in self.context.unwrap_or(&[]).iter().enumerate() {
            let ContextItem::Ref(reference) = item else {
                continue;
            };
            match self.sources.get(&*reference.source) {
                None if self.aliases.contains_key(&*reference.source) => {}
                None => problems.push(format!(
                    "context item {} {:?} is not a reference into one of the answer's sources, an {{\"id\", \"ref\"}} alias or a chunk id of the store",
                    i + 1,
                    reference.to_string()
                )),
                Some(SourceState::Loaded(doc)) if doc.locate(reference).is_none() => {
                    problems.push(format!(
                        "context item {} {:?}: {} has no such sheet, table, page or cell",
                        i + 1,
                        reference.to_string(),
                        reference.source
                    ));
                }
                Some(_) => {}
            }
        }
        problems
    }

    /// True when a reference lies in the assembled context.
    pub fn in_context(&self, reference: &CellRef) -> bool {
        match self.context {
            None => self.sources.contains_key(&*reference.source),
            Some(items) => items
                .iter()
                .any(|item| item.reference().contains(reference)),
        }
    }

    /// Every loaded document and scope of the assembled context.
    pub fn assembled(&self) -> Vec<(&'a Document, Located<'a>)> {
        let mut scopes = Vec::new();
        match self.context {
            None => {
                for id in &self.order {
                    if let Some(SourceState::Loaded(doc)) = self.sources.get(id) {
                        scopes.push((*doc, Located::Source));
                    }
                }
            }
            Some(items) => {
                for item in items {
                    let reference = item.reference();
                    if let Some(SourceState::Loaded(doc)) = self.sources.get(&*reference.source)
                        && let Some(located) = doc.locate(reference)
                    {
                        scopes.push((*doc, located));
                    }
                }
            }
        }
        scopes
    }

    /// Resolves one cite, or says why it does not resolve.
    pub fn resolve(&self, cite: &str) -> Result<Resolved<'a>, Box<Finding>> {
        let fail = |code: Code, route: Route, message: String| {
            Err(Box::new(Finding::new(code, route, message).cite(cite)))
        };
        let (reference, alias) = if let Some(reference) = self.aliases.get(cite.trim()) {
            ((*reference).clone(), Some(cite.trim().to_string()))
        } else if let Some(reference) = self.store.get(cite.trim()) {
            return fail(
                Code::OutsideContext,
                Route::Recite,
                format!(
                    "{cite:?} is a chunk of the store ({reference}) but not in this answer's assembled context"
                ),
            );
        } else {
            match CellRef::parse(cite) {
                Ok(reference) => (reference, None),
                Err(e) => {
                    return fail(
                        Code::UnknownRef,
                        Route::Recite,
                        format!(
                            "{cite:?} is not a chunk id of this answer's context or the store, nor a valid reference ({})",
                            e.reason
                        ),
                    );
                }
            }
        };
        let document = match self.sources.get(&*reference.source) {
            Some(SourceState::Loaded(doc)) => *doc,
            Some(SourceState::Unreadable(why)) => {
                return fail(
                    Code::UnreadableSource,
                    Route::Review,
                    format!("{} could not be read: {why}", reference.source),
                );
            }
            None if alias.is_none() && !cite.contains('#') => {
                let hint = match super::ref_hint::did_you_mean(cite, &self.sources) {
                    Some(meant) => format!("; did you mean {meant}?"),
                    None => String::new(),
                };
                return fail(
                    Code::UnknownRef,
                    Route::Recite,
                    format!(
                        "{cite:?} is not a chunk id of this answer's context or the store, nor one of its sources{hint}"
                    ),
                );
            }
            None => {
                return fail(
                    Code::UnknownRef,
                    Route::Recite,
                    format!(
                        "{cite:?} names source {:?}, which is not among this answer's sources",
                        &*reference.source
                    ),
                );
            }
        };
        if let Some(page) = document.unreadable_page(&reference) {
            return fail(
                Code::UnreadableSource,
                Route::Review,
                format!(
                    "{reference}: page {} of {} could not be read: {}",
                    page.number,
                    reference.source,
                    page.problem.as_deref().unwrap_or("")
                ),
            );
        }
        let Some(located) = document.locate(&reference) else {
            // The cite as written (not re-quoted), unless it is an alias.
            let shown = match &alias {
                Some(_) => reference.to_string(),
                None => cite.trim().to_string(),
            };
            return fail(
                Code::UnknownRef,
                Route::Recite,
                format!(
                    "{shown} does not exist in {}{}",
                    reference.source,
                    super::ref_hint::missing(document, &reference)
                ),
            );
        };
        if let Located::Cell(table, coord) = located {
            let at = table.grid_value(
                (coord.row as usize).saturating_sub(1),
                (coord.col as usize).saturating_sub(1),
            );
            if at.is_none_or(GridValue::is_blank) {
                return fail(
                    Code::UnknownRef,
                    Route::Recite,
                    format!("{reference} is an empty cell"),
                );
            }
        }
        // A fact id (`filing.htm#f-503`) is in context where its cell is.
        let in_context = self.in_context(&reference)
            || document
                .fact_grid_ref(&reference)
                .is_some_and(|grid| self.in_context(&grid));
        if alias.is_none() && !in_context {
            return fail(
                Code::OutsideContext,
                Route::Recite,
                format!("{reference} exists but is not in this answer's assembled context"),
            );
        }
        Ok(Resolved {
            cite: cite.to_string(),
            reference,
            document,
            located,
            alias,
        })
    }
}
