//! The support judges' backends (docs/contract.md §7): `none`, `command:PROG
//! [ARGS]` (an external program run once per claim, JSON on stdin and
//! stdout), `process:PROG [ARGS]` (an external program kept running, one
//! JSON line in and one out per claim) and `http:URL` (an OpenAI-compatible
//! chat-completions endpoint).
//!
//! This module owns turning a judge spec into a [`Judge`] and reading a
//! judge's reply ([`parse_reply`]). What a judge is asked
//! ([`JudgeRequest`](crate::check::support::JudgeRequest)), which claims are
//! asked, and what its answer does to a claim ([`gate`](crate::check::support::gate))
//! belong to [`crate::check::support`] and [`crate::verify`]. docs/judges.md
//! describes the formats and each backend.

pub mod command;
pub mod http;
pub mod process;
mod worker;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rust_decimal::Decimal;
use serde::Deserialize;
use thiserror::Error;

use crate::check::support::{Judge, NoJudge, Relation};

pub use command::CommandJudge;
pub use http::HttpJudge;
pub use process::ProcessJudge;

/// How a judge backend runs: limits and the model it asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgeConfig {
    /// How long one claim may take: a command's run, a process's reply, or
    /// one HTTP request.
    pub timeout: Duration,
    /// How often a failed HTTP request is tried again (transport errors,
    /// HTTP 429 and 5xx).
    pub retries: u32,
    /// The most HTTP requests in flight at once, across threads.
    pub concurrency: usize,
    /// The model named in an HTTP request.
    pub model: String,
    /// The environment variable holding the HTTP endpoint's API key, sent as
    /// `Authorization: Bearer KEY`.
    pub key_env: Option<String>,
}

impl Default for JudgeConfig {
    fn default() -> JudgeConfig {
        JudgeConfig {
            timeout: Duration::from_secs(60),
            retries: 2,
            concurrency: 4,
            model: "default".to_string(),
            key_env: None,
        }
    }
}

/// A judge spec or configuration that cannot be used.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum JudgeError {
    /// The spec names no known backend.
    #[error(
        "judge {spec:?}: unknown backend {scheme:?}; expected none, command:PROG [ARGS], process:PROG [ARGS] or http:URL"
    )]
    UnknownScheme {
        /// The spec as given.
        spec: String,
        /// The part before the first `:`.
        scheme: String,
    },
    /// `command:` or `process:` names no program.
    #[error(
        "judge {spec:?}: no program after \"{scheme}:\"; write {scheme}:PROG [ARGS], such as {scheme}:python3 judge.py"
    )]
    EmptyProgram {
        /// The spec as given.
        spec: String,
        /// `command` or `process`.
        scheme: &'static str,
    },
    /// The command line after `command:` cannot be split into words.
    #[error("judge {spec:?}: cannot split the command line ({reason}); check its quotes")]
    BadCommandLine {
        /// The spec as given.
        spec: String,
        /// What the splitter found.
        reason: String,
    },
    /// The URL after `http:` is not an http(s) URL.
    #[error("judge {spec:?}: {reason}; expected http:URL, such as http:http://127.0.0.1:8080/v1")]
    BadUrl {
        /// The spec as given.
        spec: String,
        /// What is wrong with the URL.
        reason: String,
    },
    /// The key variable is named but not set, or set to nothing.
    #[error(
        "the judge's key variable {var:?} is {state}; set it to the endpoint's API key, or name no key variable"
    )]
    KeyUnset {
        /// The variable's name.
        var: String,
        /// "not set", "empty" or "not valid unicode".
        state: &'static str,
    },
    /// A limit that would stop every request.
    #[error("judge {what} must be at least {least}, found {found}")]
    BadLimit {
        /// Which limit ("timeout", "concurrency").
        what: &'static str,
        /// The least value allowed.
        least: &'static str,
        /// The value given.
        found: String,
    },
}

/// Builds the judge a spec names:
///
/// - `none`: no judge; claims that pass every code check stay
///   `pending_support`;
/// - `command:PROG [ARGS]`: runs PROG once per claim ([`CommandJudge`]); the
///   rest of the spec is split into words as a POSIX shell would
///   (`command:python3 "my judge.py"`), without running a shell;
/// - `process:PROG [ARGS]`: starts PROG once per worker thread and keeps it
///   running, one request line in and one reply line out per claim
///   ([`ProcessJudge`]); split into words as for `command:`;
/// - `http:URL` (or the URL alone, `http://…`/`https://…`): an
///   OpenAI-compatible chat-completions endpoint ([`HttpJudge`]).
///
/// The key variable (`config.key_env`) is read here, once, for an HTTP
/// judge; a command or process judge inherits the environment and ignores
/// it.
pub fn from_spec(spec: &str, config: &JudgeConfig) -> Result<Box<dyn Judge>, JudgeError> {
    let trimmed = spec.trim();
    if trimmed == "none" {
        return Ok(Box::new(NoJudge));
    }
    if config.timeout.is_zero() {
        return Err(JudgeError::BadLimit {
            what: "timeout",
            least: "1 ms",
            found: "0 s".to_string(),
        });
    }
    let (scheme, rest) = trimmed.split_once(':').unwrap_or((trimmed, ""));
    match scheme {
        "command" => {
            let (program, args) = program_words(spec, "command", rest)?;
            Ok(Box::new(CommandJudge::new(
                program,
                args,
                rest.trim().to_string(),
                config.timeout,
            )))
        }
        "process" => {
            let (program, args) = program_words(spec, "process", rest)?;
            Ok(Box::new(ProcessJudge::new(
                program,
                args,
                rest.trim().to_string(),
                config.timeout,
            )))
        }
        // `http://…` and `https://…` given whole are URLs, not `http:URL`.
        "http" | "https" if rest.starts_with("//") => {
            Ok(Box::new(HttpJudge::new(spec, trimmed, config)?))
        }
        "http" => Ok(Box::new(HttpJudge::new(spec, rest.trim(), config)?)),
        _ => Err(JudgeError::UnknownScheme {
            spec: spec.to_string(),
            scheme: scheme.to_string(),
        }),
    }
}

/// The program and its arguments of a `command:` or `process:` spec, split
/// into words as a POSIX shell would.
fn program_words(
    spec: &str,
    scheme: &'static str,
    rest: &str,
) -> Result<(String, Vec<String>), JudgeError> {
    let words = shell_words::split(rest).map_err(|e| JudgeError::BadCommandLine {
        spec: spec.to_string(),
        reason: e.to_string(),
    })?;
    let mut words = words.into_iter();
    match words.next().filter(|p| !p.is_empty()) {
        Some(program) => Ok((program, words.collect())),
        None => Err(JudgeError::EmptyProgram {
            spec: spec.to_string(),
            scheme,
        }),
    }
}

/// Why a reply is not the reply format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplyError {
    /// Not a JSON object, or a field of the wrong type or missing.
    NotJson(String),
    /// `relation` names none of the three relations.
    UnknownRelation(String),
    /// `p` is not a number, or one outside [0, 1].
    BadP(String),
}

impl fmt::Display for ReplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplyError::NotJson(why) => write!(
                f,
                "expected {{\"relation\": \"supports|contradicts|says_nothing\", \"p\": 0..1}}: {why}"
            ),
            ReplyError::UnknownRelation(name) => write!(
                f,
                "expected relation supports, contradicts or says_nothing, found {name:?}"
            ),
            ReplyError::BadP(p) => write!(f, "expected p to be a number in [0, 1], found {p}"),
        }
    }
}

/// The reply format, as read: extra fields are ignored.
#[derive(Deserialize)]
struct Reply {
    relation: String,
    p: Box<serde_json::value::RawValue>,
}

/// Reads one reply, `{"relation": "supports|contradicts|says_nothing", "p":
/// 0.93}` (surrounding whitespace allowed, extra fields ignored). `p` is read
/// from the number's text into a [`Decimal`], exactly, and must lie in [0,
/// 1].
pub fn parse_reply(text: &str) -> Result<(Relation, Decimal), ReplyError> {
    let text = text.trim();
    if !text.starts_with('{') {
        return Err(ReplyError::NotJson("found no JSON object".to_string()));
    }
    let reply: Reply =
        serde_json::from_str(text).map_err(|e| ReplyError::NotJson(e.to_string()))?;
    let relation = Relation::from_name(&reply.relation)
        .ok_or_else(|| ReplyError::UnknownRelation(reply.relation.clone()))?;
    // The number's own text: a decimal holds what was written, exactly.
    let written = reply.p.get().to_string();
    if !written.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
        return Err(ReplyError::BadP(written));
    }
    let p = Decimal::from_str(&written)
        .or_else(|_| Decimal::from_scientific(&written))
        .map_err(|_| ReplyError::BadP(written.clone()))?;
    if p < Decimal::ZERO || p > Decimal::ONE {
        return Err(ReplyError::BadP(written));
    }
    Ok((relation, p))
}

pub(crate) use crate::text_pos::excerpt;

/// A duration for a message: "5 s", "1.5 s", "250 ms".
pub(crate) fn seconds(d: Duration) -> String {
    if d.subsec_millis() == 0 && d.as_secs() > 0 {
        format!("{} s", d.as_secs())
    } else if d.as_secs() == 0 {
        format!("{} ms", d.as_millis())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    fn p(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn good_replies_are_read_exactly() {
        let cases = [
            (
                r#"{"relation":"supports","p":0.93}"#,
                Relation::Supports,
                "0.93",
            ),
            (
                r#"  {"relation": "contradicts", "p": 1, "why": "fell"}  "#,
                Relation::Contradicts,
                "1",
            ),
            (
                r#"{"p":0,"relation":"says_nothing"}"#,
                Relation::SaysNothing,
                "0",
            ),
            (
                r#"{"relation":"supports","p":0.8000000000000000000000000001}"#,
                Relation::Supports,
                "0.8000000000000000000000000001",
            ),
            (
                r#"{"relation":"supports","p":8e-1}"#,
                Relation::Supports,
                "0.8",
            ),
            (
                r#"{"relation":"supports","p":0.00001}"#,
                Relation::Supports,
                "0.00001",
            ),
        ];
        for (text, relation, expected) in cases {
            assert_eq!(parse_reply(text), Ok((relation, p(expected))), "{text}");
        }
    }

    #[test]
    fn p_outside_zero_one_is_a_bad_reply() {
        for text in [
            r#"{"relation":"supports","p":1.5}"#,
            r#"{"relation":"supports","p":-0.1}"#,
            r#"{"relation":"supports","p":1e300}"#,
        ] {
            assert!(
                matches!(parse_reply(text), Err(ReplyError::BadP(_))),
                "{text}: {:?}",
                parse_reply(text)
            );
        }
        let message = parse_reply(r#"{"relation":"supports","p":1.5}"#)
            .unwrap_err()
            .to_string();
        assert_eq!(message, "expected p to be a number in [0, 1], found 1.5");
    }

    #[test]
    fn an_unknown_relation_is_named() {
        let err = parse_reply(r#"{"relation":"refutes","p":0.9}"#).unwrap_err();
        assert_eq!(err, ReplyError::UnknownRelation("refutes".into()));
        assert!(err.to_string().contains("found \"refutes\""));
        let err = parse_reply(r#"{"relation":"supports","p":"0.9"}"#).unwrap_err();
        assert_eq!(err, ReplyError::BadP("\"0.9\"".into()));
        let err = parse_reply(r#"{"relation":"supports","p":null}"#).unwrap_err();
        assert_eq!(err, ReplyError::BadP("null".into()));
    }

    #[test]
    fn what_is_not_the_reply_format_says_so() {
        for text in [
            "",
            "supports",
            r#"{"relation":"supports"}"#,
            r#"{"relation":1,"p":0.9}"#,
            r#"["supports",0.9]"#,
            r#"{"relation":"supports","p":0.9} trailing"#,
        ] {
            assert!(
                matches!(parse_reply(text), Err(ReplyError::NotJson(_))),
                "{text}: {:?}",
                parse_reply(text)
            );
        }
    }

    fn config() -> JudgeConfig {
        JudgeConfig::default()
    }

    #[test]
    fn specs_name_their_backend() {
        let cases = [
            ("none", "none"),
            ("  none ", "none"),
            ("command:./judge.sh", "command"),
            ("command:python3 judge.py --strict", "command"),
            ("process:python3 judge.py --strict", "process"),
            (r#"process:"/opt/my judges/judge" -v"#, "process"),
            (r#"command:"/opt/my judges/judge" -v"#, "command"),
            ("http:http://127.0.0.1:8080/v1", "http"),
            ("http:https://api.example.com/v1/chat/completions", "http"),
            ("http://127.0.0.1:8080/v1", "http"),
            ("https://api.example.com/v1", "http"),
        ];
        for (spec, name) in cases {
            let judge = from_spec(spec, &config()).unwrap_or_else(|e| panic!("{spec}: {e}"));
            assert_eq!(judge.name(), name, "{spec}");
            assert_eq!(judge.calls_a_model(), name != "none", "{spec}");
        }
    }

    #[test]
    fn bad_specs_say_what_is_wrong_and_what_to_write() {
        let err = |spec: &str| match from_spec(spec, &config()) {
            Ok(judge) => panic!("{spec}: accepted as {}", judge.name()),
            Err(e) => e,
        };
        assert!(matches!(err("gpt4"), JudgeError::UnknownScheme { .. }));
        assert!(matches!(err("cmd:judge"), JudgeError::UnknownScheme { .. }));
        assert_eq!(
            err("Command:judge").to_string(),
            "judge \"Command:judge\": unknown backend \"Command\"; expected none, command:PROG [ARGS], process:PROG [ARGS] or http:URL"
        );
        assert!(matches!(err("command:"), JudgeError::EmptyProgram { .. }));
        assert!(matches!(
            err("command:   "),
            JudgeError::EmptyProgram { .. }
        ));
        assert!(matches!(
            err("command:\"\""),
            JudgeError::EmptyProgram { .. }
        ));
        assert!(matches!(
            err("command:\"judge.sh"),
            JudgeError::BadCommandLine { .. }
        ));
        assert_eq!(
            err("process: ").to_string(),
            "judge \"process: \": no program after \"process:\"; write process:PROG [ARGS], such as process:python3 judge.py"
        );
        assert!(matches!(
            err("process:'judge.py"),
            JudgeError::BadCommandLine { .. }
        ));
        assert!(matches!(
            err("stream:judge"),
            JudgeError::UnknownScheme { .. }
        ));
        for url in [
            "http:",
            "http:127.0.0.1:8080/v1",
            "http:ftp://example.com/v1",
            "http:http://",
            "http:http://exa mple.com/v1",
        ] {
            assert!(matches!(err(url), JudgeError::BadUrl { .. }), "{url}");
        }
    }

    #[test]
    fn a_key_variable_must_be_set_and_not_empty() {
        let named = |var: &str| JudgeConfig {
            key_env: Some(var.to_string()),
            ..config()
        };
        let err = from_spec(
            "http:http://127.0.0.1:9/v1",
            &named("TICKMARK_TEST_SURELY_UNSET_KEY"),
        )
        .err()
        .unwrap();
        assert_eq!(
            err,
            JudgeError::KeyUnset {
                var: "TICKMARK_TEST_SURELY_UNSET_KEY".into(),
                state: "not set"
            }
        );
        assert!(err.to_string().contains("TICKMARK_TEST_SURELY_UNSET_KEY"));
        // A command judge inherits the environment; the key is not its business.
        assert!(from_spec("command:judge", &named("TICKMARK_TEST_SURELY_UNSET_KEY")).is_ok());
        assert!(from_spec("process:judge", &named("TICKMARK_TEST_SURELY_UNSET_KEY")).is_ok());
    }

    #[test]
    fn limits_that_would_stop_every_request_are_refused() {
        let zero_timeout = JudgeConfig {
            timeout: Duration::ZERO,
            ..config()
        };
        for spec in ["command:judge", "process:judge"] {
            assert!(matches!(
                from_spec(spec, &zero_timeout),
                Err(JudgeError::BadLimit { .. })
            ));
        }
        let zero_slots = JudgeConfig {
            concurrency: 0,
            ..config()
        };
        assert!(matches!(
            from_spec("http:http://127.0.0.1:9/v1", &zero_slots),
            Err(JudgeError::BadLimit { .. })
        ));
    }

    #[test]
    fn excerpts_and_durations_read_well() {
        assert_eq!(excerpt("  short  ", 10), "short");
        assert_eq!(excerpt("ééééé", 3), "ééé…");
        assert_eq!(seconds(Duration::from_secs(5)), "5 s");
        assert_eq!(seconds(Duration::from_millis(1500)), "1.5 s");
        assert_eq!(seconds(Duration::from_millis(250)), "250 ms");
    }
}
