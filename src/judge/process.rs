//! The `process:PROG [ARGS]` judge: an external program started once per
//! worker thread and kept running, asked one claim per line.
//!
//! This module owns the streaming protocol and the life of the programs it
//! runs: starting them, writing each request, reading each reply against a
//! deadline, killing and restarting a program that timed out, died or fell
//! out of step, giving up after [`GIVE_UP_AFTER`] failures in a row, and
//! stopping them all when the judge is dropped; one running program and
//! its pipes are `worker.rs`'s. What a reply means
//! ([`parse_reply`]) and what it does to a claim
//! ([`gate`](crate::check::support::gate)) belong to [`crate::judge`] and
//! [`crate::check::support`].
//!
//! The protocol (docs/judges.md): each request is the `command:` judge's
//! request ([`JudgeRequest`]) with a request number `"seq"` in front, as
//! one JSON line on the program's stdin; the reply is the reply format with
//! the same `"seq"`, as one JSON line on its stdout. A program is taken from
//! a pool of idle ones, or started when none is idle, so there are never
//! more programs than threads asking at once (`batch --jobs`); `verify`
//! keeps one. stderr is read on a thread of its own, so that a chatty
//! program never blocks on it; its last line names a failure.
//!
//! Every failure is a [`JudgeVerdict::Failed`] naming why (the gate makes it
//! `below_gate`): a request that timed out, a program that died or closed
//! its stdout, a reply that is not the reply format or does not echo its
//! `"seq"`. The program is then killed with its process group, and the next
//! request starts a new one. A program that cannot be started, and any
//! request after [`GIVE_UP_AFTER`] failures in a row, is
//! [`JudgeVerdict::NotAsked`]: nothing was sent, so no model call is counted.

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::check::support::{Judge, JudgeRequest, JudgeVerdict};

use super::worker::Worker;
use super::{excerpt, parse_reply};

/// Failed requests in a row after which the program is not started again:
/// every later claim fails closed at once, without a request.
pub const GIVE_UP_AFTER: u32 = 5;

/// How long the programs get to exit after their stdin is closed, when the
/// judge is dropped, before they are killed.
const SHUTDOWN_GRACE: Duration = Duration::from_millis(500);

/// A judge that keeps a program running per worker thread and streams
/// requests to it (see the module doc).
pub struct ProcessJudge {
    program: String,
    args: Vec<String>,
    /// The command line as written, for messages.
    shown: String,
    timeout: Duration,
    /// Programs between requests, ready for the next.
    idle: Mutex<Vec<Worker>>,
    /// The last request number given.
    seq: AtomicU64,
    /// Failures in a row, across the pool.
    streak: Mutex<Streak>,
}

impl std::fmt::Debug for ProcessJudge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProcessJudge")
            .field("program", &self.program)
            .field("args", &self.args)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

/// Failed requests in a row, and why the last one failed.
#[derive(Debug, Default)]
struct Streak {
    failures: u32,
    last: String,
}

/// The request as sent: its number, then the request's own fields.
#[derive(Serialize)]
struct Numbered<'a> {
    seq: u64,
    #[serde(flatten)]
    request: &'a JudgeRequest,
}

/// The reply's request number, as written.
#[derive(Deserialize)]
struct Echo<'a> {
    #[serde(borrow)]
    seq: Option<&'a serde_json::value::RawValue>,
}

impl ProcessJudge {
    /// A judge running `program` with `args`; `shown` is the command line as
    /// the user wrote it, used in messages. No program starts until the
    /// first claim is judged.
    pub fn new(program: String, args: Vec<String>, shown: String, timeout: Duration) -> Self {
        ProcessJudge {
            program,
            args,
            shown,
            timeout,
            idle: Mutex::new(Vec::new()),
            seq: AtomicU64::new(0),
            streak: Mutex::new(Streak::default()),
        }
    }

    /// An idle program that is still in step, or a new one.
    fn checkout(&self) -> io::Result<Worker> {
        loop {
            let worker = self
                .idle
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .pop();
            let Some(mut worker) = worker else {
                return Worker::start(&self.program, &self.args);
            };
            // One that died or wrote more than its reply since is dropped
            // (killed) and replaced.
            if worker.in_step() {
                return Ok(worker);
            }
        }
    }

    fn checkin(&self, worker: Worker) {
        self.idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(worker);
    }

    /// Why no program is asked any more, once the streak is long enough.
    fn given_up(&self) -> Option<String> {
        let streak = self.streak.lock().unwrap_or_else(PoisonError::into_inner);
        (streak.failures >= GIVE_UP_AFTER).then(|| {
            format!(
                "was not asked: it failed {} requests in a row (the last: {}) and is not started again",
                streak.failures, streak.last
            )
        })
    }

    fn record(&self, failure: Option<&str>) {
        let mut streak = self.streak.lock().unwrap_or_else(PoisonError::into_inner);
        match failure {
            None => streak.failures = 0,
            Some(why) => {
                streak.failures = streak.failures.saturating_add(1);
                streak.last = why.to_string();
            }
        }
    }

    /// Asks one program request `seq` (its `line`): the verdict, or why
    /// there is none (the program is then unfit for another request).
    fn ask(&self, worker: &mut Worker, seq: u64, line: Vec<u8>) -> Result<JudgeVerdict, String> {
        let deadline = Instant::now() + self.timeout;
        let reply = worker.exchange(line, deadline, self.timeout)?;
        let text = String::from_utf8_lossy(&reply);
        let (relation, p) = parse_reply(&text).map_err(|why| {
            format!(
                "replied with something that is not the reply format ({why}): {:?}",
                excerpt(&text, 120)
            )
        })?;
        let echoed = serde_json::from_str::<Echo>(text.trim())
            .ok()
            .and_then(|echo| echo.seq)
            .map(|raw| raw.get().to_string());
        match echoed {
            Some(got) if got == seq.to_string() => Ok(JudgeVerdict::Judged { relation, p }),
            Some(got) => Err(format!(
                "replied to request {seq} with \"seq\": {got}; expected each reply to echo its request's \"seq\""
            )),
            None => Err(format!(
                "replied to request {seq} without \"seq\"; expected each reply to echo its request's \"seq\": {:?}",
                excerpt(&text, 120)
            )),
        }
    }
}

impl Judge for ProcessJudge {
    fn name(&self) -> &str {
        "process"
    }

    fn judge(&self, request: &JudgeRequest) -> JudgeVerdict {
        let named = |why: String| format!("the judge `{}` {why}", self.shown);
        if let Some(why) = self.given_up() {
            return JudgeVerdict::NotAsked(named(why));
        }
        let seq = self.seq.fetch_add(1, Ordering::Relaxed) + 1;
        let mut line = match serde_json::to_vec(&Numbered { seq, request }) {
            Ok(line) => line,
            Err(e) => {
                return JudgeVerdict::NotAsked(named(format!("was not sent the request: {e}")));
            }
        };
        line.push(b'\n');
        let mut worker = match self.checkout() {
            Ok(worker) => worker,
            Err(e) => {
                let why = format!("could not be started: {e}");
                self.record(Some(&why));
                return JudgeVerdict::NotAsked(named(why));
            }
        };
        match self.ask(&mut worker, seq, line) {
            Ok(verdict) => {
                self.record(None);
                self.checkin(worker);
                verdict
            }
            Err(why) => {
                self.record(Some(&why));
                // Killed: the next request starts a new program.
                drop(worker);
                JudgeVerdict::Failed(named(why))
            }
        }
    }

    fn calls_a_model(&self) -> bool {
        true
    }
}

impl Drop for ProcessJudge {
    /// Closes every program's stdin, gives them [`SHUTDOWN_GRACE`] to exit,
    /// and kills what is left (with its process group).
    fn drop(&mut self) {
        let mut workers =
            std::mem::take(self.idle.get_mut().unwrap_or_else(PoisonError::into_inner));
        for worker in &mut workers {
            worker.close_stdin();
        }
        let deadline = Instant::now() + SHUTDOWN_GRACE;
        for worker in &mut workers {
            worker.wait_exit(deadline);
        }
        drop(workers);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::check::support::Relation;
    use std::thread;

    fn request(claim: &str) -> JudgeRequest {
        JudgeRequest {
            answer: "a".into(),
            id: "k1".into(),
            claim: claim.into(),
            value: None,
            role: None,
            calc: None,
            evidence: Vec::new(),
            quote: None,
            partial_source: false,
        }
    }

    /// A streaming judge in sh: `arms` are `case` arms on the claim's
    /// sentence (`$seq` is the request's number); any other claim is
    /// supported. `$$` is the judge's pid.
    fn sh(arms: &str, timeout_ms: u64) -> ProcessJudge {
        let script = format!(
            r#"while IFS= read -r line; do
  rest=${{line#*\"seq\":}}; seq=${{rest%%,*}}
  rest=${{line#*\"claim\":\"}}; claim=${{rest%%\"*}}
  case "$claim" in
{arms}
    *) printf '{{"seq":%s,"relation":"supports","p":0.9}}\n' "$seq" ;;
  esac
done"#
        );
        ProcessJudge::new(
            "/bin/sh".into(),
            vec!["-c".into(), script],
            "sh".into(),
            Duration::from_millis(timeout_ms),
        )
    }

    fn supported() -> JudgeVerdict {
        JudgeVerdict::Judged {
            relation: Relation::Supports,
            p: "0.9".parse().unwrap(),
        }
    }

    fn failure(verdict: JudgeVerdict) -> String {
        match verdict {
            JudgeVerdict::Failed(why) => why,
            other => panic!("expected a failure, found {other:?}"),
        }
    }

    fn lines(path: &std::path::Path) -> Vec<String> {
        std::fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn one_program_answers_every_request_in_turn() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("log");
        let judge = sh(
            &format!(
                r#"    *) echo "$$ $line" >> {log:?}; printf '{{"seq":%s,"relation":"says_nothing","p":0.7}}\n' "$seq" ;;"#
            ),
            20_000,
        );
        for claim in ["first", "second", "third"] {
            assert_eq!(
                judge.judge(&request(claim)),
                JudgeVerdict::Judged {
                    relation: Relation::SaysNothing,
                    p: "0.7".parse().unwrap()
                }
            );
        }
        let seen = lines(&log);
        assert_eq!(seen.len(), 3);
        let pids: std::collections::BTreeSet<&str> =
            seen.iter().filter_map(|l| l.split(' ').next()).collect();
        assert_eq!(pids.len(), 1, "{seen:?}");
        // The command judge's request, numbered, on one line.
        for (n, line) in seen.iter().enumerate() {
            let request = line.split_once(' ').unwrap().1;
            assert!(
                request.starts_with(&format!(
                    r#"{{"seq":{},"answer":"a","id":"k1","claim":""#,
                    n + 1
                )),
                "{request}"
            );
        }
    }

    #[test]
    fn a_program_that_dies_fails_its_claim_and_is_started_again() {
        let dir = tempfile::tempdir().unwrap();
        let pids = dir.path().join("pids");
        let judge = sh(
            &format!(
                r#"    *die*) echo 'loading' >&2; echo 'judge: out of memory' >&2; exit 3 ;;
    *) echo $$ >> {pids:?}; printf '{{"seq":%s,"relation":"supports","p":0.9}}\n' "$seq" ;;"#
            ),
            20_000,
        );
        assert_eq!(judge.judge(&request("before")), supported());
        assert_eq!(
            failure(judge.judge(&request("die now"))),
            "the judge `sh` exited with status 3: judge: out of memory"
        );
        assert_eq!(judge.judge(&request("after")), supported());
        let seen = lines(&pids);
        assert_eq!(seen.len(), 2);
        assert_ne!(seen[0], seen[1], "a new program answers after the death");
    }

    /// Whether a process is gone (or a zombie waiting for its reaper).
    #[cfg(target_os = "linux")]
    fn gone(pid: &str) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => true,
            Ok(stat) => stat
                .rsplit(')')
                .next()
                .is_some_and(|rest| rest.trim_start().starts_with('Z')),
        }
    }

    #[cfg(target_os = "linux")]
    fn wait_gone(pid: &str) -> bool {
        let started = Instant::now();
        while !gone(pid) && started.elapsed() < Duration::from_secs(10) {
            thread::sleep(Duration::from_millis(20));
        }
        gone(pid)
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_request_that_times_out_kills_the_program_and_what_it_started() {
        let dir = tempfile::tempdir().unwrap();
        let sleeper = dir.path().join("sleeper");
        let judge = sh(
            &format!(r#"    *hang*) sleep 60 & echo $! > {sleeper:?}; wait ;;"#),
            1_500,
        );
        let started = Instant::now();
        assert_eq!(
            failure(judge.judge(&request("hang"))),
            "the judge `sh` timed out after 1.5 s"
        );
        assert!(started.elapsed() < Duration::from_secs(30));
        let pid = std::fs::read_to_string(&sleeper).unwrap();
        assert!(
            wait_gone(pid.trim()),
            "its sleep {pid} outlived the timeout"
        );
        assert_eq!(judge.judge(&request("next")), supported());
    }

    #[test]
    fn replies_that_are_not_the_format_or_not_in_step_fail_closed() {
        let judge = sh(
            r#"    *garbage*) echo 'I would say it supports the claim' ;;
    *noseq*) echo '{"relation":"supports","p":0.9}' ;;
    *wrongseq*) echo '{"seq":999,"relation":"supports","p":0.9}' ;;
    *textseq*) printf '{"seq":"%s","relation":"supports","p":0.9}\n' "$seq" ;;
    *logfirst*) echo 'thinking...'; printf '{"seq":%s,"relation":"supports","p":0.9}\n' "$seq" ;;
    *huge*) head -c 1100000 /dev/zero | tr '\0' a; echo ;;"#,
            20_000,
        );
        let why = failure(judge.judge(&request("garbage")));
        assert!(
            why.starts_with("the judge `sh` replied with something that is not the reply format"),
            "{why}"
        );
        assert!(why.contains("I would say it supports the claim"), "{why}");
        assert_eq!(judge.judge(&request("fine")), supported());
        let why = failure(judge.judge(&request("noseq")));
        assert!(why.contains("without \"seq\""), "{why}");
        let why = failure(judge.judge(&request("wrongseq")));
        assert!(why.contains("with \"seq\": 999"), "{why}");
        let why = failure(judge.judge(&request("textseq")));
        assert!(why.contains("with \"seq\": \""), "{why}");
        // A log line on stdout is taken for the reply; the program, out of
        // step, is replaced.
        let why = failure(judge.judge(&request("logfirst")));
        assert!(why.contains("\"thinking...\""), "{why}");
        assert_eq!(judge.judge(&request("fine")), supported());
        let why = failure(judge.judge(&request("huge")));
        assert_eq!(why, "the judge `sh` replied with a line over 1 MiB");
        assert_eq!(judge.judge(&request("fine")), supported());
    }

    #[test]
    fn a_program_that_keeps_failing_is_given_up_on() {
        let dir = tempfile::tempdir().unwrap();
        let starts = dir.path().join("starts");
        let judge = ProcessJudge::new(
            "/bin/sh".into(),
            vec![
                "-c".into(),
                format!("echo start >> {starts:?}; read -r line; echo 'no model' >&2; exit 2"),
            ],
            "sh".into(),
            Duration::from_secs(20),
        );
        for _ in 0..GIVE_UP_AFTER {
            assert_eq!(
                failure(judge.judge(&request("x"))),
                "the judge `sh` exited with status 2: no model"
            );
        }
        for _ in 0..3 {
            match judge.judge(&request("x")) {
                JudgeVerdict::NotAsked(why) => assert_eq!(
                    why,
                    "the judge `sh` was not asked: it failed 5 requests in a row (the last: exited with status 2: no model) and is not started again"
                ),
                other => panic!("expected not asked, found {other:?}"),
            }
        }
        assert_eq!(lines(&starts).len(), GIVE_UP_AFTER as usize);
    }

    #[test]
    fn an_answer_ends_the_streak() {
        let judge = sh(r#"    *die*) exit 3 ;;"#, 20_000);
        for _ in 0..3 {
            for _ in 1..GIVE_UP_AFTER {
                failure(judge.judge(&request("die")));
            }
            assert_eq!(judge.judge(&request("fine")), supported());
        }
    }

    #[test]
    fn a_program_that_cannot_be_started_is_not_asked() {
        let judge = ProcessJudge::new(
            "/nonexistent/judge".into(),
            Vec::new(),
            "/nonexistent/judge".into(),
            Duration::from_secs(5),
        );
        match judge.judge(&request("x")) {
            JudgeVerdict::NotAsked(why) => assert!(
                why.starts_with("the judge `/nonexistent/judge` could not be started: "),
                "{why}"
            ),
            other => panic!("expected not asked, found {other:?}"),
        }
    }

    #[test]
    fn a_program_writing_much_on_stderr_does_not_block() {
        // Four times a pipe's buffer of stderr before every reply.
        let judge = sh(
            r#"    *) head -c 262144 /dev/zero >&2; printf '{"seq":%s,"relation":"supports","p":0.9}\n' "$seq" ;;"#,
            20_000,
        );
        for _ in 0..4 {
            assert_eq!(judge.judge(&request("x")), supported());
        }
    }

    #[test]
    fn threads_share_the_pool_and_never_run_more_programs_than_askers() {
        let dir = tempfile::tempdir().unwrap();
        let pids = dir.path().join("pids");
        let judge = sh(
            &format!(
                r#"    *) echo $$ >> {pids:?}; printf '{{"seq":%s,"relation":"supports","p":0.9}}\n' "$seq" ;;"#
            ),
            20_000,
        );
        thread::scope(|scope| {
            for _ in 0..2 {
                scope.spawn(|| {
                    for _ in 0..10 {
                        assert_eq!(judge.judge(&request("x")), supported());
                    }
                });
            }
        });
        let seen = lines(&pids);
        assert_eq!(seen.len(), 20);
        let distinct: std::collections::BTreeSet<&String> = seen.iter().collect();
        assert!((1..=2).contains(&distinct.len()), "{distinct:?}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn dropping_the_judge_stops_its_programs_and_what_they_started() {
        let dir = tempfile::tempdir().unwrap();
        let pids = dir.path().join("pids");
        // The program ignores the end of its stdin: it must be killed.
        let judge = ProcessJudge::new(
            "/bin/sh".into(),
            vec![
                "-c".into(),
                format!(
                    r#"sleep 60 & echo "$$ $!" > {pids:?}; read -r line; rest=${{line#*\"seq\":}}; printf '{{"seq":%s,"relation":"supports","p":0.9}}\n' "${{rest%%,*}}"; trap '' HUP; while :; do sleep 1; done"#
                ),
            ],
            "sh".into(),
            Duration::from_secs(20),
        );
        assert_eq!(judge.judge(&request("x")), supported());
        let seen = std::fs::read_to_string(&pids).unwrap();
        drop(judge);
        for pid in seen.split_whitespace() {
            assert!(wait_gone(pid), "{pid} outlived the judge");
        }
    }
}
