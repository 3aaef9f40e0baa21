//! Reading answers: one JSON object, a JSON array of objects, or JSON Lines
//! (one object per line). Fields not listed in docs/contract.md §4 are kept in the
//! file and ignored here.
//!
//! A malformed answer is reported with its file, line and field
//! (`answers.jsonl line 14: "claims" must be a list`) and the other answers
//! are still read; a malformed claim is that claim's error (`claim "k2":
//! "value" must be a string`: its answer's record says where), and the
//! answer's other claims are still checked. Only a file that cannot be read at all (or a
//! JSON array that does not parse) is an [`InputError`].

use std::path::Path;

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::{Answer, Claim, ContextItem, Origin, Role, SourceSpec};
use crate::model::CellRef;
use crate::text_pos::{LineStarts, line_of};

/// The whole input could not be read.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {reason}")]
pub struct InputError {
    /// The file.
    pub path: String,
    /// Why, and what to do.
    pub reason: String,
}

/// One answer of the input is malformed; the others are still checked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}: {message}")]
pub struct AnswerError {
    /// Where the answer is.
    pub origin: Origin,
    /// The answer's id, when it could be read before the error.
    pub id: Option<String>,
    /// What is wrong, naming the claim and field.
    pub message: String,
}

/// How the input was written; output mirrors it (one object for one object).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One JSON object.
    Object,
    /// A JSON array of objects.
    Array,
    /// JSON Lines.
    Lines,
}

/// The answers of an input, each read or malformed, and the input's shape.
#[derive(Debug)]
pub struct Answers {
    /// Every answer, in input order.
    pub items: Vec<Result<Answer, AnswerError>>,
    /// How the input was written.
    pub shape: Shape,
}

/// Reads every answer of a file.
pub fn read_answers(path: &Path) -> Result<Answers, InputError> {
    read_answers_within(path, MAX_TRACE_BYTES)
}

/// The largest answers file `verify` reads by default (`--max-trace-mb`):
/// verify holds the whole file and its parsed answers; `batch` streams.
pub const MAX_TRACE_BYTES: u64 = 256 << 20;

/// Reads an answers file (`-`: standard input) of at most `max_bytes`
/// bytes; a larger one is refused before it is read whole.
pub fn read_answers_within(path: &Path, max_bytes: u64) -> Result<Answers, InputError> {
    use std::io::Read as _;
    let display = path.display().to_string();
    let cannot_open = |e: std::io::Error| InputError {
        path: display.clone(),
        reason: match e.kind() {
            std::io::ErrorKind::NotFound => "cannot open: no such file".to_string(),
            _ => format!("cannot open: {e}"),
        },
    };
    let mut bytes = Vec::new();
    // `-` is standard input, as for `batch --traces -`.
    if path == Path::new("-") {
        std::io::stdin()
            .lock()
            .take(max_bytes.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(cannot_open)?;
    } else {
        let file = std::fs::File::open(path).map_err(cannot_open)?;
        file.take(max_bytes.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(cannot_open)?;
    }
    if bytes.len() as u64 > max_bytes {
        // The size when the file system knows it (not for a pipe), to a
        // tenth of a MiB.
        let size = std::fs::metadata(path)
            .ok()
            .filter(|m| m.len() > max_bytes)
            .map_or(String::new(), |m| {
                let tenths = m.len().saturating_mul(10) >> 20;
                format!("{}.{} MiB, ", tenths / 10, tenths % 10)
            });
        return Err(InputError {
            path: display,
            reason: format!(
                "the file is {size}over the limit of {} MiB for verify; check it with `tickmark batch`, which streams, or raise --max-trace-mb",
                max_bytes >> 20
            ),
        });
    }
    let text = String::from_utf8(bytes).map_err(|e| InputError {
        path: display.clone(),
        reason: format!(
            "invalid UTF-8 at byte {}; answers must be UTF-8 JSON",
            e.utf8_error().valid_up_to()
        ),
    })?;
    let jsonl = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("jsonl") || e.eq_ignore_ascii_case("ndjson"));
    read_answers_str(&text, &display, jsonl)
}

/// Reads answers from text; `file` names it in messages. `jsonl` forces JSON
/// Lines; otherwise the text is one JSON value (object or array), falling back
/// to JSON Lines when it holds several values.
pub fn read_answers_str(text: &str, file: &str, jsonl: bool) -> Result<Answers, InputError> {
    let mut answers = read_answers_unchecked(text, file, jsonl)?;
    mark_duplicate_answers(&mut answers.items);
    Ok(answers)
}

/// Gives each answer whose id an earlier answer of the input has a problem
/// saying so (its claims are still checked): reports are found by id, and
/// two with one id cannot be told apart.
pub fn mark_duplicate_answers(items: &mut [Result<Answer, AnswerError>]) {
    let mut seen: crate::hash::Map<String, Origin> = crate::hash::Map::default();
    for answer in items.iter_mut().flatten() {
        match seen.get(&answer.id) {
            Some(first) => answer.problems.push(duplicate_answer(&answer.id, first)),
            None => {
                seen.insert(answer.id.clone(), answer.origin.clone());
            }
        }
    }
}

/// The problem of an answer whose id the answer at `first` has too.
pub fn duplicate_answer(id: &str, first: &Origin) -> String {
    let at = match first.line {
        Some(line) => format!("line {line}"),
        None => format!("answer {}", first.index + 1),
    };
    format!("answer id {id:?} is also the id of the answer at {at}: ids must be unique")
}

fn read_answers_unchecked(text: &str, file: &str, jsonl: bool) -> Result<Answers, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(InputError {
            path: file.to_string(),
            reason: "no answers: the file is empty".to_string(),
        });
    }
    if !jsonl {
        if text.trim_start().starts_with('[') {
            return read_array(text, file).map(|items| Answers {
                items,
                shape: Shape::Array,
            });
        }
        // JSON or JSON Lines is decided once, from the content: JSON Lines
        // when the first line is an object of its own ("{...}"), else one
        // JSON document, whose syntax error is one error with its line and
        // column (not one per line of a pretty-printed object).
        let first = text
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim();
        let one_per_line = first.len() > 1 && first.starts_with('{') && first.ends_with('}');
        match serde_json::from_str::<Value>(text) {
            Ok(value) => {
                let origin = Origin {
                    file: file.to_string(),
                    line: Some(first_line(text)),
                    index: 0,
                };
                return Ok(Answers {
                    items: vec![answer_from_value(value, origin)],
                    shape: Shape::Object,
                });
            }
            Err(_) if one_per_line => {}
            Err(e) => {
                return Ok(Answers {
                    items: vec![Err(AnswerError {
                        id: None,
                        origin: Origin {
                            file: file.to_string(),
                            line: Some(e.line() as u64),
                            index: 0,
                        },
                        message: format!(
                            "invalid JSON at column {}: {}",
                            e.column(),
                            json_reason(&e)
                        ),
                    })],
                    shape: Shape::Object,
                });
            }
        }
    }
    Ok(Answers {
        items: read_lines(text, file),
        shape: Shape::Lines,
    })
}

/// serde_json's message without its " at line L column C" tail.
fn json_reason(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.find(" at line ") {
        Some(at) => text.get(..at).unwrap_or(&text).to_string(),
        None => text,
    }
}

fn first_line(text: &str) -> u64 {
    let skipped = text.len() - text.trim_start().len();
    line_of(text, skipped) as u64
}

fn read_array(text: &str, file: &str) -> Result<Vec<Result<Answer, AnswerError>>, InputError> {
    let items: Vec<&RawValue> = serde_json::from_str(text).map_err(|e| InputError {
        path: file.to_string(),
        reason: format!(
            "line {} column {}: invalid JSON array: {}",
            e.line(),
            e.column(),
            json_reason(&e)
        ),
    })?;
    let base = text.as_ptr() as usize;
    let lines = LineStarts::new(text);
    Ok(items
        .into_iter()
        .enumerate()
        .map(|(index, raw)| {
            let offset = (raw.get().as_ptr() as usize).saturating_sub(base);
            let origin = Origin {
                file: file.to_string(),
                line: Some(lines.line_of(offset) as u64),
                index,
            };
            if let Some(read) = super::typed::answer(raw.get(), &origin) {
                return read;
            }
            match serde_json::from_str::<Value>(raw.get()) {
                Ok(value) => answer_from_value(value, origin),
                Err(e) => Err(AnswerError {
                    id: None,
                    origin,
                    message: format!("invalid JSON: {}", json_reason(&e)),
                }),
            }
        })
        .collect())
}

fn read_lines(text: &str, file: &str) -> Vec<Result<Answer, AnswerError>> {
    let mut answers = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let origin = Origin {
            file: file.to_string(),
            line: Some(n as u64 + 1),
            index: answers.len(),
        };
        answers.push(answer_from_line(line, origin));
    }
    answers
}

/// Reads one answer from one line of JSON Lines (`origin` says where it is).
pub fn answer_from_line(line: &str, origin: Origin) -> Result<Answer, AnswerError> {
    answer_and_id_from_line(line, origin).0
}

/// [`answer_from_line`], with the line's `"id"` when the line is a
/// well-formed answer object (`Some(None)`: it gives none, or null); `None`
/// when the line was read another way, and its id is not known here.
pub fn answer_and_id_from_line(
    line: &str,
    origin: Origin,
) -> (Result<Answer, AnswerError>, Option<Option<String>>) {
    if let Some((read, id)) = super::typed::answer_and_id(line, &origin) {
        // A list can be read into the answer's fields too; only an
        // object's id is the one its "id" key gives.
        let object = line.trim_start().starts_with('{');
        return (read, object.then_some(id));
    }
    (answer_from_text(line, origin), None)
}

/// The slow path of [`answer_from_line`]: through `serde_json::Value`.
fn answer_from_text(line: &str, origin: Origin) -> Result<Answer, AnswerError> {
    match serde_json::from_str::<Value>(line) {
        Ok(value) => answer_from_value(value, origin),
        Err(e) => Err(AnswerError {
            id: None,
            origin,
            message: format!("invalid JSON at column {}: {}", e.column(), json_reason(&e)),
        }),
    }
}

/// Builds an answer from a parsed JSON value, or says what is wrong with it.
pub fn answer_from_value(value: Value, origin: Origin) -> Result<Answer, AnswerError> {
    let fail_without_id = |message: String| AnswerError {
        origin: origin.clone(),
        id: None,
        message,
    };
    let Value::Object(object) = value else {
        return Err(fail_without_id(format!(
            "expected an answer object, found {}",
            kind(&value)
        )));
    };
    let id = match object.get("id") {
        None | Some(Value::Null) => default_answer_id(&origin),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(other) => {
            return Err(fail_without_id(format!(
                "\"id\" must be a string, found {}",
                kind(other)
            )));
        }
    };
    // Past here the answer's own id names it in its error report.
    let fail = |message: String| AnswerError {
        origin: origin.clone(),
        id: Some(id.clone()),
        message,
    };
    let sources = source_list(&object).map_err(&fail)?;
    let context = match object.get("context") {
        None | Some(Value::Null) => None,
        Some(Value::Array(items)) => Some(
            items
                .iter()
                .enumerate()
                .map(|(i, item)| context_item(item, i))
                .collect::<Result<Vec<_>, String>>()
                .map_err(&fail)?,
        ),
        Some(other) => {
            return Err(fail(format!(
                "\"context\" must be a list of refs and {{\"id\", \"ref\"}} objects, found {}",
                kind(other)
            )));
        }
    };
    let claims = match object.get("claims") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => {
            let mut claims: Vec<Claim> = items
                .iter()
                .enumerate()
                .map(|(i, item)| claim(item, &format!("k{}", i + 1), "claim", 0))
                .collect();
            mark_duplicates(&mut claims, "claim");
            claims
        }
        Some(other) => {
            return Err(fail(format!(
                "\"claims\" must be a list, found {}",
                kind(other)
            )));
        }
    };
    Ok(Answer {
        id,
        sources,
        context,
        claims,
        origin,
        problems: Vec::new(),
    })
}

fn kind(value: &Value) -> String {
    match value {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("{s:?}"),
        Value::Array(_) => "a list".to_string(),
        Value::Object(_) => "an object".to_string(),
    }
}

/// An optional list of strings (a single string is a list of one).
fn string_list(
    object: &Map<String, Value>,
    field: &str,
    prefix: &dyn std::fmt::Display,
) -> Result<Vec<String>, String> {
    match object.get(field) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::String(s)) => Ok(vec![s.clone()]),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => Ok(s.clone()),
                other => Err(format!(
                    "{prefix}\"{field}\" must list strings, found {}",
                    kind(other)
                )),
            })
            .collect(),
        Some(other) => Err(format!(
            "{prefix}\"{field}\" must be a string or a list of strings, found {}",
            kind(other)
        )),
    }
}

/// `"sources"`: file names, or `{"id", "path"}` objects.
fn source_list(object: &Map<String, Value>) -> Result<Vec<SourceSpec>, String> {
    let items = match object.get("sources") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items.as_slice(),
        Some(Value::String(s)) => {
            return Ok(vec![SourceSpec {
                id: s.clone(),
                path: s.clone(),
            }]);
        }
        Some(other) => {
            return Err(format!("\"sources\" must be a list, found {}", kind(other)));
        }
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match item {
            Value::String(s) => Ok(SourceSpec {
                id: s.clone(),
                path: s.clone(),
            }),
            Value::Object(source) => {
                let prefix = format!("source {}: ", i + 1);
                let id = optional_string(source, "id", &prefix)?;
                // The id's absence is said before the path's shape.
                if id.is_none() {
                    return finish_source(i, None, None);
                }
                finish_source(i, id, optional_string(source, "path", &prefix)?)
            }
            other => Err(format!(
                "\"sources\" must list file names or {{\"id\", \"path\"}} objects, found {}",
                kind(other)
            )),
        })
        .collect()
}

/// The id of an answer that gives none: `answer-N` by its position.
pub(super) fn default_answer_id(origin: &Origin) -> String {
    format!("answer-{}", origin.index + 1)
}

/// A source written as `{"id", "path"}` (the `i`th): it needs its id.
pub(super) fn finish_source(
    i: usize,
    id: Option<String>,
    path: Option<String>,
) -> Result<SourceSpec, String> {
    let id = id.ok_or_else(|| format!("source {}: needs an \"id\"", i + 1))?;
    let path = path.unwrap_or_else(|| id.clone());
    Ok(SourceSpec { id, path })
}

fn optional_string(
    object: &Map<String, Value>,
    field: &str,
    prefix: &dyn std::fmt::Display,
) -> Result<Option<String>, String> {
    match object.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => Err(format!(
            "{prefix}\"{field}\" must be a string, found {}",
            kind(other)
        )),
    }
}

fn parse_ref(text: &str, what: &str) -> Result<CellRef, String> {
    CellRef::parse(text).map_err(|e| format!("{what}: {}", e))
}

/// How messages name the context item at `index`.
pub(super) fn context_what(index: usize) -> String {
    format!("context item {}", index + 1)
}

/// A context item written as a reference.
pub(super) fn context_ref(text: &str, what: &str) -> Result<ContextItem, String> {
    Ok(ContextItem::Ref(parse_ref(text, what)?))
}

/// A context item written as `{"id", "ref"}`: it needs both, and the ref
/// must parse.
pub(super) fn finish_alias(
    id: Option<String>,
    reference: Option<String>,
    what: &str,
) -> Result<ContextItem, String> {
    let id = id.ok_or_else(|| format!("{what}: an alias needs an \"id\""))?;
    let reference = reference.ok_or_else(|| format!("{what}: alias {id:?} needs a \"ref\""))?;
    Ok(ContextItem::Alias {
        reference: parse_ref(&reference, &format!("{what}: alias {id:?}"))?,
        id,
    })
}

fn context_item(item: &Value, index: usize) -> Result<ContextItem, String> {
    let what = context_what(index);
    match item {
        Value::String(s) => context_ref(s, &what),
        Value::Object(object) => {
            let id = optional_string(object, "id", &format!("{what}: "))?;
            // The id's absence is said before the ref's shape.
            if id.is_none() {
                return finish_alias(None, None, &what);
            }
            let reference = optional_string(object, "ref", &format!("{what}: "))?;
            finish_alias(id, reference, &what)
        }
        other => Err(format!(
            "{what} must be a ref or an {{\"id\", \"ref\"}} object, found {}",
            kind(other)
        )),
    }
}

fn role(
    object: &Map<String, Value>,
    prefix: &dyn std::fmt::Display,
) -> Result<Option<Role>, String> {
    match object.get("role") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(Role::Text(s.clone()))),
        Some(Value::Object(role)) => {
            let inner = format!("{prefix}\"role\": ");
            let concept = optional_string(role, "concept", &inner)?;
            let period = optional_string(role, "period", &inner)?;
            finish_role(concept, period, prefix).map(Some)
        }
        Some(other) => Err(format!(
            "{prefix}\"role\" must be text or {{\"concept\", \"period\"}}, found {}",
            kind(other)
        )),
    }
}

/// A structured role: it needs a concept or a period.
pub(super) fn finish_role(
    concept: Option<String>,
    period: Option<String>,
    prefix: &dyn std::fmt::Display,
) -> Result<Role, String> {
    if concept.is_none() && period.is_none() {
        return Err(format!(
            "{prefix}\"role\" needs a \"concept\" or a \"period\""
        ));
    }
    Ok(Role::Structured { concept, period })
}

/// The start of a claim's error message, `claim "k1": `, written only when
/// there is an error.
pub(super) struct Prefix<'a> {
    pub(super) what: &'a str,
    pub(super) id: &'a str,
}

impl std::fmt::Display for Prefix<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {:?}: ", self.what, self.id)
    }
}

/// The most distinct cites one claim (or operand) may have.
pub const MAX_CITES: usize = 64;

/// The deepest calculations nest (an operand that is itself a
/// calculation counts one level).
pub const MAX_NESTING: usize = 8;

/// Gives every claim (or operand) whose id an earlier one has an error
/// saying so: two claims with one id cannot be told apart in a report, and
/// two operands with one id make a calculation ambiguous.
pub(super) fn mark_duplicates(claims: &mut [Claim], what: &str) {
    let mut seen: crate::hash::Map<String, usize> = crate::hash::Map::default();
    for (i, claim) in claims.iter_mut().enumerate() {
        match seen.get(&claim.id) {
            Some(first) if claim.error.is_none() => {
                claim.error = Some(format!(
                    "{what} {:?}: the id is also {what} {}'s; ids must be unique",
                    claim.id,
                    first + 1
                ));
            }
            Some(_) => {}
            None => {
                seen.insert(claim.id.clone(), i);
            }
        }
    }
}

/// A claim (an operand at `depth` > 0). What is wrong with it is its
/// `error`, never the answer's: the answer's other claims are still read.
fn claim(item: &Value, default_id: &str, what: &str, depth: usize) -> Claim {
    let id = match item {
        Value::Object(object) => match object.get("id") {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            _ => default_id.to_string(),
        },
        _ => default_id.to_string(),
    };
    match claim_fields(item, default_id, what, depth) {
        Ok(claim) => claim,
        Err(error) => Claim {
            id,
            error: Some(error),
            ..Claim::default()
        },
    }
}

fn claim_fields(item: &Value, default_id: &str, what: &str, depth: usize) -> Result<Claim, String> {
    let Value::Object(object) = item else {
        return Err(format!(
            "{what} {default_id}: expected an object, found {}",
            kind(item)
        ));
    };
    let id = match object.get("id") {
        None | Some(Value::Null) => default_id.to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(other) => {
            return Err(format!(
                "{what} {default_id}: \"id\" must be a string, found {}",
                kind(other)
            ));
        }
    };
    let prefix = Prefix { what, id: &id };
    let mut cites = string_list(object, "cites", &prefix)?;
    cites.extend(string_list(object, "cite", &prefix)?);
    finish_cites(&mut cites, &prefix)?;
    let mut calc = optional_string(object, "calc", &prefix)?;
    let mut operands = match object.get("operands") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(_)) if depth >= MAX_NESTING => return Err(too_deep(&prefix)),
        Some(Value::Array(items)) => read_operands(items, claim, what, &id, depth)?,
        Some(other) => {
            return Err(format!(
                "{prefix}\"operands\" must be a list, found {}",
                kind(other)
            ));
        }
    };
    let role = role(object, &prefix)?;
    finish_calc(&mut calc, &mut operands, &mut cites, role.as_ref(), &prefix)?;
    // A value must be a string: a JSON number has lost how it was written
    // (its rounding, "4.20" against "4.2"). Text that is not a number is
    // the claim's finding, not an input error.
    let value = optional_string(object, "value", &prefix)?;
    Ok(Claim {
        text: optional_string(object, "text", &prefix)?,
        value,
        role,
        cites,
        quote: optional_string(object, "quote", &prefix)?,
        calc,
        operands,
        id,
        error: None,
    })
}

/// A claim's cites: a cite given twice is checked once; past [`MAX_CITES`]
/// distinct cites a claim costs more than it can say (each cite of a table
/// or source is a search of its cells).
pub(super) fn finish_cites(
    cites: &mut Vec<String>,
    prefix: &dyn std::fmt::Display,
) -> Result<(), String> {
    if cites.len() > 1 {
        let mut seen = std::collections::HashSet::new();
        cites.retain(|c| seen.insert(c.clone()));
    }
    if cites.len() > MAX_CITES {
        return Err(format!(
            "{prefix}{} distinct cites; at most {MAX_CITES} are checked (cite the table, range or page that holds the cells instead)",
            cites.len()
        ));
    }
    Ok(())
}

/// The error of operands nested past [`MAX_NESTING`].
pub(super) fn too_deep(prefix: &dyn std::fmt::Display) -> String {
    format!("{prefix}operands nest deeper than {MAX_NESTING} calculations")
}

/// The operands of claim `id` (at `depth`), each read by `read` with its
/// default id (`o1`, `o2`, …) and how messages name it; no id twice.
pub(super) fn read_operands<T>(
    items: impl IntoIterator<Item = T>,
    read: impl Fn(T, &str, &str, usize) -> Claim,
    what: &str,
    id: &str,
    depth: usize,
) -> Result<Vec<Claim>, String> {
    let named = format!("{what} {id:?}: operand");
    let operands: Vec<Claim> = items
        .into_iter()
        .enumerate()
        .map(|(i, op)| read(op, &format!("o{}", i + 1), &named, depth + 1))
        .collect();
    finish_operands(operands, &Prefix { what, id })
}

/// A calculation's operands: no id twice.
fn finish_operands(
    operands: Vec<Claim>,
    prefix: &dyn std::fmt::Display,
) -> Result<Vec<Claim>, String> {
    let mut seen = std::collections::HashSet::new();
    if let Some(twice) = operands.iter().find(|o| !seen.insert(o.id.as_str())) {
        return Err(format!(
            "{prefix}operand id {:?} is given twice: the calculation cannot tell which is meant",
            twice.id
        ));
    }
    Ok(operands)
}

/// A calculation needs operands, and operands need a calculation. A
/// calculation over the printed numbers of the claim's own cites takes
/// them as its operands (`super::cited_calc`), and the cites are theirs.
pub(super) fn finish_calc(
    calc: &mut Option<String>,
    operands: &mut Vec<Claim>,
    cites: &mut Vec<String>,
    role: Option<&Role>,
    prefix: &dyn std::fmt::Display,
) -> Result<(), String> {
    if let Some(text) = calc.as_deref()
        && operands.is_empty()
    {
        let Some((rewritten, from_cites)) =
            super::cited_calc::operands_from_cites(text, cites, role)
        else {
            return Err(format!(
                "{prefix}\"calc\" needs \"operands\" (or, over the printed numbers of its \"cites\", one number per cite in the cites' order)"
            ));
        };
        *calc = Some(rewritten);
        *operands = from_cites;
        cites.clear();
        return Ok(());
    }
    if calc.is_none() && !operands.is_empty() {
        return Err(format!(
            "{prefix}\"operands\" are given without a \"calc\" to compute with them"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = r#"{
      "id": "acme-q1",
      "sources": ["acme.xlsx"],
      "context": ["acme.xlsx#IS!A1:D20", {"id": "c091", "ref": "acme.xlsx#BS!A5:D5"}],
      "claims": [
        {"id": "k1", "text": "Revenue rose to $4.2 billion in 2023.",
         "value": "$4.2 billion", "role": "Revenue, FY2023",
         "cites": ["acme.xlsx#IS!C5"], "quote": "4,200"},
        {"id": "k2", "value": "38.1%", "role": {"concept": "GrossMargin", "period": "FY2023"},
         "calc": "gp / rev",
         "operands": [
           {"id": "gp", "value": "1,600", "role": "Gross profit 2023", "cite": "c091"},
           {"id": "rev", "value": "4,200", "role": "Revenue 2023", "cite": "acme.xlsx#IS!C5"}]}
      ],
      "extra": "kept and ignored"
    }"#;

    #[test]
    fn a_cite_given_twice_is_checked_once_and_too_many_cites_are_the_claims_error() {
        let cites = |n: usize, distinct: bool| -> String {
            let list: Vec<String> = (0..n)
                .map(|i| format!("\"acme.xlsx#IS!B{}\"", if distinct { i + 1 } else { 7 }))
                .collect();
            format!(
                r#"{{"id": "a", "claims": [{{"id": "k1", "value": "1", "cites": [{}]}}, {{"id": "k2", "value": "1", "cite": "acme.xlsx#IS!B7"}}]}}"#,
                list.join(", ")
            )
        };
        let read = |text: &str| {
            read_answers_str(text, "a.json", false)
                .unwrap()
                .items
                .into_iter()
                .next()
                .unwrap()
                .unwrap()
        };
        // 500 copies of one cite: one cite.
        let answer = read(&cites(500, false));
        assert_eq!(answer.claims[0].cites, ["acme.xlsx#IS!B7"]);
        assert_eq!(answer.claims[0].error, None);
        // As many distinct cites as allowed: read.
        let answer = read(&cites(MAX_CITES, true));
        assert_eq!(answer.claims[0].cites.len(), MAX_CITES);
        assert_eq!(answer.claims[0].error, None);
        // One more: that claim's error, saying what to do; its neighbour is read.
        let answer = read(&cites(MAX_CITES + 1, true));
        let error = answer.claims[0].error.as_deref().unwrap();
        assert!(
            error.starts_with("claim \"k1\": 65 distinct cites; at most 64 are checked"),
            "{error}"
        );
        assert!(error.contains("cite the table, range or page"), "{error}");
        assert_eq!(answer.claims[1].error, None);
    }

    #[test]
    fn reads_the_design_example() {
        let answers = read_answers_str(ONE, "a.json", false).unwrap();
        assert_eq!(answers.shape, Shape::Object);
        let answer = answers.items.into_iter().next().unwrap().unwrap();
        assert_eq!(answer.id, "acme-q1");
        assert_eq!(answer.sources[0].id, "acme.xlsx");
        assert_eq!(answer.sources[0].path, "acme.xlsx");
        let context = answer.context.unwrap();
        assert_eq!(context.len(), 2);
        assert!(matches!(&context[1], ContextItem::Alias { id, .. } if id == "c091"));
        assert_eq!(answer.claims.len(), 2);
        assert_eq!(answer.claims[0].cites, ["acme.xlsx#IS!C5"]);
        assert_eq!(answer.claims[0].quote.as_deref(), Some("4,200"));
        let k2 = &answer.claims[1];
        assert_eq!(k2.calc.as_deref(), Some("gp / rev"));
        assert_eq!(k2.operands[0].cites, ["c091"]);
        assert!(
            matches!(&k2.role, Some(Role::Structured { concept: Some(c), .. }) if c == "GrossMargin")
        );
        assert_eq!(answer.origin.line, Some(1));
    }

    #[test]
    fn reads_arrays_and_lines_with_line_numbers() {
        let array = "[\n  {\"id\": \"a\"},\n  {\"id\": \"b\", \"claims\": 3}\n]";
        let answers = read_answers_str(array, "a.json", false).unwrap().items;
        assert_eq!(answers[0].as_ref().unwrap().id, "a");
        let err = answers[1].as_ref().unwrap_err();
        assert_eq!(
            err.to_string(),
            "a.json line 3: \"claims\" must be a list, found the number 3"
        );

        let lines = "{\"id\": \"a\"}\n\n{\"id\": \"b\", \"claims\": [{\"id\": \"k2\", \"value\": 4.2}, {\"id\": \"k3\", \"value\": \"4.2\"}]}\n{oops\n";
        let answers = read_answers_str(lines, "answers.jsonl", true)
            .unwrap()
            .items;
        assert_eq!(answers.len(), 3);
        // A malformed claim is that claim's error; the answer and its other
        // claims are read.
        let b = answers[1].as_ref().unwrap();
        assert_eq!(b.id, "b");
        assert_eq!(
            b.claims[0].error.as_deref(),
            Some("claim \"k2\": \"value\" must be a string, found the number 4.2")
        );
        assert_eq!(b.claims[1].error, None);
        assert!(
            answers[2]
                .as_ref()
                .unwrap_err()
                .to_string()
                .starts_with("answers.jsonl line 4: invalid JSON")
        );
        // Several objects in a .json file are read as lines too.
        let answers =
            read_answers_str("{\"id\": \"a\"}\n{\"id\": \"b\"}\n", "x.json", false).unwrap();
        assert_eq!((answers.items.len(), answers.shape), (2, Shape::Lines));
    }

    #[test]
    fn reports_fields_precisely() {
        // Errors of the answer itself.
        let cases = [
            (
                r#"{"context": ["acme.xlsx#IS!"]}"#,
                "context item 1: invalid cell reference \"acme.xlsx#IS!\"",
            ),
            (
                r#"{"context": [{"id": "c1"}]}"#,
                "context item 1: alias \"c1\" needs a \"ref\"",
            ),
            (r#"[1]"#, "expected an answer object, found the number 1"),
            (
                r#"{"id": "q", "claims": 3}"#,
                "\"claims\" must be a list, found the number 3",
            ),
        ];
        for (text, message) in cases {
            let answers = read_answers_str(text, "a.json", false).unwrap().items;
            let err = answers[0].as_ref().unwrap_err().to_string();
            assert!(err.contains(message), "{text}: {err}");
        }
        // Errors of one claim: the claim's, with the answer read.
        let cases = [
            (
                r#"{"claims": [{"id": "k1", "cites": [1]}]}"#,
                "claim \"k1\": \"cites\" must list strings, found the number 1",
            ),
            (
                r#"{"claims": [{"role": 5}]}"#,
                "claim \"k1\": \"role\" must be text or {\"concept\", \"period\"}, found the number 5",
            ),
            (
                r#"{"claims": [{"calc": "a+b"}]}"#,
                "claim \"k1\": \"calc\" needs \"operands\" (or, over the printed numbers of its \"cites\", one number per cite in the cites' order)",
            ),
            (
                r#"{"claims": [{"operands": [{"id": "a"}]}]}"#,
                "claim \"k1\": \"operands\" are given without a \"calc\"",
            ),
            (
                r#"{"claims": [{"id": "k9", "operands": [{"value": 3}], "calc": "x"}]}"#,
                "claim \"k9\": operand \"o1\": \"value\" must be a string, found the number 3",
            ),
            (
                r#"{"claims": [{"id": "k9", "operands": [{"id": "a"}, {"id": "a"}], "calc": "a"}]}"#,
                "claim \"k9\": operand id \"a\" is given twice",
            ),
            (
                r#"{"claims": [7]}"#,
                "claim k1: expected an object, found the number 7",
            ),
            (
                r#"{"claims": [{"id": "k1"}, {"id": "k1"}]}"#,
                "claim \"k1\": the id is also claim 1's",
            ),
        ];
        for (text, message) in cases {
            let answers = read_answers_str(text, "a.json", false).unwrap().items;
            let answer = answers[0]
                .as_ref()
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            let errors: Vec<String> = answer
                .claims
                .iter()
                .flat_map(|c| std::iter::once(c).chain(&c.operands))
                .filter_map(|c| c.error.clone())
                .collect();
            assert!(
                errors.iter().any(|e| e.contains(message)),
                "{text}: {errors:?}"
            );
        }
        // A value that is not a number is the claim's finding, not an error.
        let answers = read_answers_str(r#"{"claims": [{"value": "n/m"}]}"#, "a.json", false)
            .unwrap()
            .items;
        assert_eq!(answers[0].as_ref().unwrap().claims[0].error, None);
        assert!(read_answers_str("  ", "a.json", false).is_err());
        assert!(read_answers_str("[{\"id\": 1}, oops]", "a.json", false).is_err());
    }
}
