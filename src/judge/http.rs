//! The `http:URL` judge: an OpenAI-compatible chat-completions endpoint (a
//! hosted API, or a local server such as llama.cpp's or vLLM's), over
//! blocking HTTP (`ureq`).
//!
//! - URL: a URL ending in `/chat/completions` is posted to as it is; any
//!   other gets `/chat/completions` appended, so `http://127.0.0.1:8080/v1`
//!   posts to `http://127.0.0.1:8080/v1/chat/completions`.
//! - Body: the model, `temperature: 0`, a system message explaining the task
//!   ([`SYSTEM_PROMPT`]), the request ([`JudgeRequest`]) as JSON for the user
//!   message, and a strict JSON-schema `response_format` ([`reply_schema`])
//!   asking for `{"relation", "p"}`.
//! - Reply: `choices[0].message.content`, read as the reply format (a
//!   ```` ```json ```` fence around it is tolerated).
//! - Limits: each request may take `timeout`; transport errors, HTTP 429 and
//!   5xx are tried again up to `retries` times, after 250 ms, 500 ms, 1 s, …
//!   (at most 4 s; a `Retry-After` in seconds is honoured, capped at 4 s);
//!   a request that timed out is not tried again (it would only take as long
//!   again); any other status is a failure at once. At most `concurrency`
//!   requests are in flight at once, whichever threads share the judge.
//!
//! Every failure is a [`JudgeVerdict::Failed`] naming why, which the gate
//! turns into `below_gate`.

use std::fmt;
use std::sync::{Condvar, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use serde_json::{Value, json};
use ureq::Agent;
use ureq::http::{Response, Uri};

use crate::check::support::{Judge, JudgeRequest, JudgeVerdict, Relation};

use super::{JudgeConfig, JudgeError, excerpt, parse_reply, seconds};

/// The system message sent with every request.
pub const SYSTEM_PROMPT: &str = "You check one claim from an answer about a financial report against \
the evidence it cites. The user message is a JSON object: `claim` is the sentence, `value` the number \
it states, `role` what that number is said to be (concept and period), `calc` the calculation when the \
claim is one, `quote` a passage it quotes, and `evidence` the cited cells, each with its row label, \
column label, period, concept, the table it sits in and the rows around it (the cited one marked). \
Code has already checked that the cited numbers match the stated ones; you judge whether the evidence \
bears out what the sentence says. Answer with `relation`: `supports` when the evidence bears out the \
claim, `contradicts` when it shows the claim is false, `says_nothing` when it neither supports nor \
contradicts it (for example, the sentence gives a reason or a comparison the cells do not show). \
`p` is your confidence, from 0 to 1, that the relation you name is the right one. Reply with the JSON \
object only.";

/// The longest pause between two tries.
const MAX_BACKOFF: Duration = Duration::from_secs(4);

/// The first pause between two tries; each later one doubles.
const FIRST_BACKOFF: Duration = Duration::from_millis(250);

/// The `response_format` of every request: a strict JSON schema for the
/// reply format.
pub fn reply_schema() -> Value {
    json!({
        "type": "json_schema",
        "json_schema": {
            "name": "support_verdict",
            "strict": true,
            "schema": {
                "type": "object",
                "properties": {
                    "relation": {
                        "type": "string",
                        "enum": [
                            Relation::Supports.name(),
                            Relation::Contradicts.name(),
                            Relation::SaysNothing.name()
                        ]
                    },
                    "p": {"type": "number", "minimum": 0, "maximum": 1}
                },
                "required": ["relation", "p"],
                "additionalProperties": false
            }
        }
    })
}

/// A judge asking a chat-completions endpoint (see the module doc).
pub struct HttpJudge {
    agent: Agent,
    url: String,
    model: String,
    /// `Bearer KEY`, read once from the key variable.
    authorization: Option<String>,
    retries: u32,
    timeout: Duration,
    slots: Slots,
}

/// Shows everything but the key.
impl fmt::Debug for HttpJudge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HttpJudge")
            .field("url", &self.url)
            .field("model", &self.model)
            .field("key", &self.authorization.as_ref().map(|_| "(hidden)"))
            .field("retries", &self.retries)
            .field("timeout", &self.timeout)
            .field("concurrency", &self.slots.max)
            .finish()
    }
}

impl HttpJudge {
    /// A judge posting to `url` (see the module doc for the URL rule);
    /// `spec` is the judge spec as given, for messages. Reads the key
    /// variable, when `config` names one.
    pub fn new(spec: &str, url: &str, config: &JudgeConfig) -> Result<HttpJudge, JudgeError> {
        let bad_url = |reason: String| JudgeError::BadUrl {
            spec: spec.to_string(),
            reason,
        };
        if url.is_empty() {
            return Err(bad_url("no URL after \"http:\"".to_string()));
        }
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(bad_url(format!(
                "{url:?} does not start with http:// or https://"
            )));
        }
        let uri: Uri = url
            .parse()
            .map_err(|e| bad_url(format!("{url:?} is not a URL ({e})")))?;
        if uri.host().is_none_or(str::is_empty) {
            return Err(bad_url(format!("{url:?} names no host")));
        }
        if config.concurrency == 0 {
            return Err(JudgeError::BadLimit {
                what: "concurrency",
                least: "1",
                found: "0".to_string(),
            });
        }
        let authorization = match &config.key_env {
            None => None,
            Some(var) => {
                let key = match std::env::var(var) {
                    Ok(key) if key.trim().is_empty() => Err("empty"),
                    Ok(key) => Ok(key),
                    Err(std::env::VarError::NotPresent) => Err("not set"),
                    Err(std::env::VarError::NotUnicode(_)) => Err("not valid unicode"),
                };
                let key = key.map_err(|state| JudgeError::KeyUnset {
                    var: var.clone(),
                    state,
                })?;
                Some(format!("Bearer {}", key.trim()))
            }
        };
        let agent: Agent = Agent::config_builder()
            .timeout_global(Some(config.timeout))
            .http_status_as_error(false)
            .build()
            .into();
        Ok(HttpJudge {
            agent,
            url: endpoint(url),
            model: config.model.clone(),
            authorization,
            retries: config.retries,
            timeout: config.timeout,
            slots: Slots::new(config.concurrency),
        })
    }

    /// The endpoint requests are posted to.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The body posted for one request.
    pub fn body(&self, request: &JudgeRequest) -> Result<String, serde_json::Error> {
        let user = serde_json::to_string(request)?;
        serde_json::to_string(&json!({
            "model": self.model,
            "temperature": 0,
            "messages": [
                {"role": "system", "content": SYSTEM_PROMPT},
                {"role": "user", "content": user}
            ],
            "response_format": reply_schema()
        }))
    }

    /// Posts once: the reply's verdict, or what to do about the failure.
    fn attempt(&self, body: &str) -> Attempt {
        let _slot = self.slots.acquire();
        let mut post = self
            .agent
            .post(&self.url)
            .header("Content-Type", "application/json");
        if let Some(authorization) = &self.authorization {
            post = post.header("Authorization", authorization);
        }
        let mut response = match post.send(body) {
            Ok(response) => response,
            Err(e) => return transport(e, self.timeout),
        };
        let status = response.status().as_u16();
        let retry_after = retry_after(&response);
        let text = match response.body_mut().read_to_string() {
            Ok(text) => text,
            Err(e) => return transport(e, self.timeout),
        };
        match status {
            200..=299 => Attempt::Done(read_completion(&text)),
            429 | 500..=599 => Attempt::Retry {
                why: format!("answered HTTP {status}: {:?}", excerpt(&text, 200)),
                after: retry_after,
            },
            _ => Attempt::Done(JudgeVerdict::Failed(format!(
                "answered HTTP {status}: {:?}",
                excerpt(&text, 200)
            ))),
        }
    }
}

impl Judge for HttpJudge {
    fn name(&self) -> &str {
        "http"
    }

    fn judge(&self, request: &JudgeRequest) -> JudgeVerdict {
        let named = |why: String| format!("the judge at {} {why}", self.url);
        let body = match self.body(request) {
            Ok(body) => body,
            Err(e) => return JudgeVerdict::Failed(named(format!("could not be sent: {e}"))),
        };
        let mut tries = 0;
        loop {
            tries += 1;
            match self.attempt(&body) {
                Attempt::Done(JudgeVerdict::Failed(why)) => {
                    return JudgeVerdict::Failed(named(why));
                }
                Attempt::Done(verdict) => return verdict,
                Attempt::Retry { why, after } => {
                    if tries > self.retries {
                        let times = if tries == 1 { "try" } else { "tries" };
                        return JudgeVerdict::Failed(named(format!(
                            "{why}; gave up after {tries} {times}"
                        )));
                    }
                    thread::sleep(backoff(tries - 1, after));
                }
            }
        }
    }

    fn calls_a_model(&self) -> bool {
        true
    }
}

/// What one try came to.
enum Attempt {
    /// A verdict, or a failure not worth trying again.
    Done(JudgeVerdict),
    /// A failure that may pass: why, and the server's `Retry-After`.
    Retry {
        why: String,
        after: Option<Duration>,
    },
}

/// A transport error: a timeout is final, anything else is tried again.
fn transport(e: ureq::Error, timeout: Duration) -> Attempt {
    match e {
        ureq::Error::Timeout(_) => Attempt::Done(JudgeVerdict::Failed(format!(
            "timed out after {}",
            seconds(timeout)
        ))),
        e => Attempt::Retry {
            why: format!("could not be reached: {e}"),
            after: None,
        },
    }
}

/// The URL requests go to: `/chat/completions` appended unless the URL
/// ends with it.
fn endpoint(url: &str) -> String {
    let url = url.trim_end_matches('/');
    if url.ends_with("/chat/completions") {
        url.to_string()
    } else {
        format!("{url}/chat/completions")
    }
}

/// The pause before try `retry + 2`: 250 ms doubling, at most 4 s; the
/// server's `Retry-After` (capped the same) when it gave one.
fn backoff(retry: u32, retry_after: Option<Duration>) -> Duration {
    if let Some(after) = retry_after {
        return after.min(MAX_BACKOFF);
    }
    FIRST_BACKOFF
        .checked_mul(2u32.saturating_pow(retry))
        .unwrap_or(MAX_BACKOFF)
        .min(MAX_BACKOFF)
}

/// A `Retry-After` header given in seconds (an HTTP date is ignored).
fn retry_after<B>(response: &Response<B>) -> Option<Duration> {
    let value = response.headers().get("retry-after")?.to_str().ok()?;
    value.trim().parse::<u64>().ok().map(Duration::from_secs)
}

/// Reads a chat completion's `choices[0].message.content` as the reply
/// format.
fn read_completion(text: &str) -> JudgeVerdict {
    let content = serde_json::from_str::<Value>(text).ok().and_then(|v| {
        v.get("choices")?
            .get(0)?
            .get("message")?
            .get("content")?
            .as_str()
            .map(str::to_string)
    });
    let Some(content) = content else {
        return JudgeVerdict::Failed(format!(
            "replied with something that is not a chat completion with a message: {:?}",
            excerpt(text, 200)
        ));
    };
    match parse_reply(unfence(&content)) {
        Ok((relation, p)) => JudgeVerdict::Judged { relation, p },
        Err(why) => JudgeVerdict::Failed(format!(
            "replied with something that is not the reply format ({why}): {:?}",
            excerpt(&content, 200)
        )),
    }
}

/// The text inside a Markdown code fence (```` ```json … ``` ````), or the
/// text itself when it is not fenced.
fn unfence(content: &str) -> &str {
    let trimmed = content.trim();
    let Some(inner) = trimmed.strip_prefix("```") else {
        return trimmed;
    };
    let Some(inner) = inner.strip_suffix("```") else {
        return trimmed;
    };
    // Drop the info string (`json`) on the opening line.
    match inner.split_once('\n') {
        Some((_info, body)) => body.trim(),
        None => inner.trim(),
    }
}

/// A counting semaphore: at most `max` requests in flight.
#[derive(Debug)]
struct Slots {
    taken: Mutex<usize>,
    freed: Condvar,
    max: usize,
}

/// One taken slot, given back when dropped.
struct Slot<'a>(&'a Slots);

impl Slots {
    fn new(max: usize) -> Slots {
        Slots {
            taken: Mutex::new(0),
            freed: Condvar::new(),
            max: max.max(1),
        }
    }

    /// Waits for a free slot and takes it.
    fn acquire(&self) -> Slot<'_> {
        let mut taken = self.taken.lock().unwrap_or_else(PoisonError::into_inner);
        while *taken >= self.max {
            taken = self
                .freed
                .wait(taken)
                .unwrap_or_else(PoisonError::into_inner);
        }
        *taken += 1;
        Slot(self)
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        let mut taken = self.0.taken.lock().unwrap_or_else(PoisonError::into_inner);
        *taken = taken.saturating_sub(1);
        self.0.freed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    fn completion(content: &str) -> String {
        json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]})
            .to_string()
    }

    #[test]
    fn the_url_gets_chat_completions_unless_it_ends_so() {
        assert_eq!(
            endpoint("http://127.0.0.1:8080/v1"),
            "http://127.0.0.1:8080/v1/chat/completions"
        );
        assert_eq!(
            endpoint("http://127.0.0.1:8080/v1/"),
            "http://127.0.0.1:8080/v1/chat/completions"
        );
        assert_eq!(
            endpoint("https://api.example.com/v1/chat/completions"),
            "https://api.example.com/v1/chat/completions"
        );
    }

    #[test]
    fn the_content_is_read_as_the_reply_format() {
        let verdict = read_completion(&completion(r#"{"relation":"contradicts","p":0.91}"#));
        assert_eq!(
            verdict,
            JudgeVerdict::Judged {
                relation: Relation::Contradicts,
                p: "0.91".parse().unwrap()
            }
        );
    }

    #[test]
    fn fenced_content_is_tolerated() {
        for content in [
            "```json\n{\"relation\":\"supports\",\"p\":0.9}\n```",
            "```\n{\"relation\":\"supports\",\"p\":0.9}\n```\n",
            "  ```{\"relation\":\"supports\",\"p\":0.9}```",
        ] {
            assert!(
                matches!(
                    read_completion(&completion(content)),
                    JudgeVerdict::Judged {
                        relation: Relation::Supports,
                        ..
                    }
                ),
                "{content:?}"
            );
        }
    }

    #[test]
    fn what_is_not_a_completion_or_not_the_format_fails() {
        let why = |text: &str| match read_completion(text) {
            JudgeVerdict::Failed(why) => why,
            other => panic!("{text}: {other:?}"),
        };
        assert!(why("<html>bad gateway</html>").contains("not a chat completion"));
        assert!(why(r#"{"choices": []}"#).contains("not a chat completion"));
        assert!(
            why(&json!({"choices": [{"message": {"content": null}}]}).to_string())
                .contains("not a chat completion")
        );
        let w = why(&completion("It supports the claim."));
        assert!(w.contains("not the reply format"), "{w}");
        assert!(w.contains("It supports the claim."), "{w}");
        let w = why(&completion(r#"{"relation":"supports","p":2}"#));
        assert!(
            w.contains("expected p to be a number in [0, 1], found 2"),
            "{w}"
        );
    }

    #[test]
    fn the_key_is_read_once_and_never_shown() {
        // No test sets it (set_var is unsafe, and unsafe code is forbidden).
        let var = "TICKMARK_HTTP_UNIT_TEST_KEY";
        let config = JudgeConfig {
            key_env: Some(var.into()),
            ..JudgeConfig::default()
        };
        // The variable is unset: refused, naming it.
        assert!(matches!(
            HttpJudge::new("t", "http://127.0.0.1:9/v1", &config),
            Err(JudgeError::KeyUnset { .. })
        ));
        let judge = HttpJudge::new("t", "http://127.0.0.1:9/v1", &JudgeConfig::default()).unwrap();
        let shown = format!("{judge:?}");
        assert!(shown.contains("key: None"), "{shown}");
        let keyed = HttpJudge {
            authorization: Some("Bearer sk-secret".into()),
            ..judge
        };
        let shown = format!("{keyed:?}");
        assert!(!shown.contains("sk-secret"), "{shown}");
        assert!(shown.contains("(hidden)"), "{shown}");
    }

    #[test]
    fn backoff_doubles_to_four_seconds_and_honours_retry_after() {
        let ms = |retry| backoff(retry, None).as_millis();
        assert_eq!(
            [ms(0), ms(1), ms(2), ms(3), ms(4), ms(5), ms(40)],
            [250, 500, 1000, 2000, 4000, 4000, 4000]
        );
        assert_eq!(
            backoff(0, Some(Duration::from_secs(2))),
            Duration::from_secs(2)
        );
        assert_eq!(
            backoff(0, Some(Duration::from_secs(120))),
            Duration::from_secs(4)
        );
    }

    #[test]
    fn the_body_carries_the_model_the_prompt_and_the_schema() {
        let config = JudgeConfig {
            model: "qwen2.5-7b".into(),
            ..JudgeConfig::default()
        };
        let judge = HttpJudge::new("t", "http://127.0.0.1:9/v1", &config).unwrap();
        let request = JudgeRequest {
            answer: "a".into(),
            id: "k1".into(),
            claim: "Revenue rose.".into(),
            value: None,
            role: None,
            calc: None,
            evidence: Vec::new(),
            quote: None,
            partial_source: false,
        };
        let body: Value = serde_json::from_str(&judge.body(&request).unwrap()).unwrap();
        assert_eq!(body["model"], "qwen2.5-7b");
        assert_eq!(body["temperature"], 0);
        assert_eq!(body["messages"][0]["role"], "system");
        assert_eq!(body["messages"][0]["content"], SYSTEM_PROMPT);
        let user: Value =
            serde_json::from_str(body["messages"][1]["content"].as_str().unwrap()).unwrap();
        assert_eq!(user["claim"], "Revenue rose.");
        assert_eq!(body["response_format"], reply_schema());
        assert_eq!(
            body["response_format"]["json_schema"]["schema"]["required"],
            json!(["relation", "p"])
        );
    }

    #[test]
    fn no_more_than_the_limit_are_in_flight() {
        let slots = Arc::new(Slots::new(2));
        let in_flight = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (slots, in_flight, most) = (slots.clone(), in_flight.clone(), most.clone());
                thread::spawn(move || {
                    let _slot = slots.acquire();
                    let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    thread::sleep(Duration::from_millis(20));
                    in_flight.fetch_sub(1, Ordering::SeqCst);
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let most = most.load(Ordering::SeqCst);
        assert!((1..=2).contains(&most), "{most} in flight");
        assert_eq!(*slots.taken.lock().unwrap(), 0);
    }
}
