//! The `command:PROG [ARGS]` judge: an external program, run once per claim.
//!
//! The program gets the request ([`JudgeRequest`]) as one JSON object and a
//! newline on its stdin, which is then closed; it answers on stdout with one
//! JSON object, `{"relation": "supports|contradicts|says_nothing", "p":
//! 0.93}`. Only the **last non-empty line** of stdout is read as the reply, so
//! a program may log to stdout before it answers. stderr is read too (its
//! first line names a failure) and otherwise ignored.
//!
//! A run that takes longer than the timeout is killed; a run that exits
//! non-zero, cannot be started, or replies with anything but the reply
//! format is a [`JudgeVerdict::Failed`] naming why, which the gate turns into
//! `below_gate`: a judge that did not answer is never a pass. Nothing here
//! panics on what the program does.

use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::check::support::{Judge, JudgeRequest, JudgeVerdict};

use super::{excerpt, parse_reply, seconds};

/// The most of stdout (and of stderr) kept from one run; the rest is read
/// and dropped, so that the program never blocks on a full pipe.
const KEEP_BYTES: u64 = 1 << 20;

/// How long to wait, between polls, for the program to exit.
const POLL_MAX: Duration = Duration::from_millis(20);

/// A judge that runs a program once per claim (see the module doc).
#[derive(Debug, Clone)]
pub struct CommandJudge {
    program: String,
    args: Vec<String>,
    /// The command line as written, for messages.
    shown: String,
    timeout: Duration,
}

impl CommandJudge {
    /// A judge running `program` with `args`; `shown` is the command line as
    /// the user wrote it, used in messages.
    pub fn new(program: String, args: Vec<String>, shown: String, timeout: Duration) -> Self {
        CommandJudge {
            program,
            args,
            shown,
            timeout,
        }
    }

    /// Starts the program, its pipes open.
    fn start(&self) -> io::Result<Child> {
        spawn_in_group(&self.program, &self.args)
    }

    /// Gives the started program one request line: its reply line, or why
    /// there is none.
    fn run(&self, mut child: Child, line: String) -> Result<String, String> {
        let started = Instant::now();
        let deadline = started + self.timeout;

        // Each pipe has its own thread: a program that writes much before it
        // reads, or never reads, cannot block us past the deadline.
        if let Some(mut stdin) = child.stdin.take() {
            thread::spawn(move || {
                // A program that exits without reading its request is judged
                // by its reply, so a closed pipe is not an error here.
                let _ = stdin.write_all(line.as_bytes());
            });
        }
        let stdout = child.stdout.take().map(drain);
        let stderr = child.stderr.take().map(drain);

        let status = match wait_until(&mut child, deadline) {
            Ok(Some(status)) => status,
            Ok(None) => {
                kill(&mut child);
                return Err(format!("timed out after {}", seconds(self.timeout)));
            }
            Err(e) => {
                kill(&mut child);
                return Err(format!("could not be waited for: {e}"));
            }
        };
        // A child of the program may still hold its stdout open; that
        // counts against the same deadline.
        let timed_out = || format!("timed out after {}", seconds(self.timeout));
        let Some(stdout) = collect(stdout, deadline) else {
            kill_group(&child);
            return Err(timed_out());
        };
        if !status.success() {
            let stderr = collect(stderr, deadline).unwrap_or_default();
            return Err(exit_message(status, &stderr));
        }
        let stdout = String::from_utf8_lossy(&stdout);
        match stdout.lines().rev().find(|l| !l.trim().is_empty()) {
            Some(last) => Ok(last.to_string()),
            None => Err("exited without a reply on stdout".to_string()),
        }
    }
}

impl Judge for CommandJudge {
    fn name(&self) -> &str {
        "command"
    }

    fn judge(&self, request: &JudgeRequest) -> JudgeVerdict {
        let failed =
            |why: String| JudgeVerdict::Failed(format!("the judge `{}` {why}", self.shown));
        let named = |why: String| format!("the judge `{}` {why}", self.shown);
        // Nothing sent, no model call: a program that cannot be started.
        let mut line = match serde_json::to_string(request) {
            Ok(line) => line,
            Err(e) => {
                return JudgeVerdict::NotAsked(named(format!("was not sent the request: {e}")));
            }
        };
        line.push('\n');
        let child = match self.start() {
            Ok(child) => child,
            Err(e) => return JudgeVerdict::NotAsked(named(format!("could not be started: {e}"))),
        };
        match self.run(child, line) {
            Ok(line) => match parse_reply(&line) {
                Ok((relation, p)) => JudgeVerdict::Judged { relation, p },
                Err(why) => failed(format!(
                    "replied with something that is not the reply format ({why}): {:?}",
                    excerpt(&line, 120)
                )),
            },
            Err(why) => failed(why),
        }
    }

    fn calls_a_model(&self) -> bool {
        true
    }
}

/// Reads a pipe to its end on a thread of its own; the bytes (the first
/// [`KEEP_BYTES`]) arrive on the receiver.
fn drain(mut pipe: impl Read + Send + 'static) -> Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut kept = Vec::new();
        let _ = (&mut pipe).take(KEEP_BYTES).read_to_end(&mut kept);
        let _ = io::copy(&mut pipe, &mut io::sink());
        let _ = tx.send(kept);
    });
    rx
}

/// What a pipe's thread read, waiting no later than `deadline`; `None` when
/// the pipe is still open then.
fn collect(pipe: Option<Receiver<Vec<u8>>>, deadline: Instant) -> Option<Vec<u8>> {
    let Some(rx) = pipe else {
        return Some(Vec::new());
    };
    match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        Ok(bytes) => Some(bytes),
        Err(RecvTimeoutError::Disconnected) => Some(Vec::new()),
        Err(RecvTimeoutError::Timeout) => None,
    }
}

/// Polls the child until it exits (`Some`) or the deadline passes (`None`).
pub(super) fn wait_until(child: &mut Child, deadline: Instant) -> io::Result<Option<ExitStatus>> {
    let mut pause = Duration::from_millis(1);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok(None);
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(POLL_MAX);
    }
}

/// Starts `program` with `args`, its three pipes open, in a process group
/// of its own, so that a kill stops what the program started too (`sh
/// judge.sh` running python or curl).
pub(super) fn spawn_in_group(program: &str, args: &[String]) -> io::Result<Child> {
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    command.spawn()
}

/// Kills the child and every process of its group, and reaps the child, so
/// that neither a zombie nor an orphan is left.
pub(super) fn kill(child: &mut Child) {
    kill_group(child);
    let _ = child.kill();
    let _ = child.wait();
}

/// Kills the process group the child leads (its children, which may outlive
/// it while they hold its stdout open).
pub(super) fn kill_group(child: &Child) {
    #[cfg(unix)]
    if let Some(group) = i32::try_from(child.id())
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
    }
    #[cfg(not(unix))]
    let _ = child;
}

/// "exited with status 3: <first line of stderr>".
fn exit_message(status: ExitStatus, stderr: &[u8]) -> String {
    let stderr = String::from_utf8_lossy(stderr);
    describe_exit(status, stderr.lines().find(|l| !l.trim().is_empty()))
}

/// "exited with status 3: LINE", LINE the line of stderr that says why (a
/// run's first, a long-running program's last).
pub(super) fn describe_exit(status: ExitStatus, line: Option<&str>) -> String {
    let how = match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => format!("ended without an exit code ({status})"),
    };
    match line {
        Some(line) => format!("{how}: {}", excerpt(line, 200)),
        None => format!("{how} and wrote nothing on stderr"),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::check::support::Relation;

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

    fn sh(script: &str, timeout_ms: u64) -> CommandJudge {
        CommandJudge::new(
            "/bin/sh".into(),
            vec!["-c".into(), script.into()],
            "sh".into(),
            Duration::from_millis(timeout_ms),
        )
    }

    fn failure(judge: &CommandJudge) -> String {
        match judge.judge(&request("x")) {
            JudgeVerdict::Failed(why) => why,
            other => panic!("expected a failure, found {other:?}"),
        }
    }

    #[test]
    fn the_last_non_empty_line_of_stdout_is_the_reply() {
        let judge = sh(
            r#"cat >/dev/null; echo "loading model"; echo '{"relation":"says_nothing","p":0.5}'; echo; echo '   '"#,
            5000,
        );
        assert_eq!(
            judge.judge(&request("x")),
            JudgeVerdict::Judged {
                relation: Relation::SaysNothing,
                p: "0.5".parse().unwrap()
            }
        );
        // A log line after the reply hides it: the last line is what counts.
        let judge = sh(
            r#"cat >/dev/null; echo '{"relation":"supports","p":0.9}'; echo done"#,
            5000,
        );
        assert!(failure(&judge).contains("not the reply format"));
    }

    #[test]
    fn the_request_is_one_json_line_on_stdin() {
        let judge = sh(
            r#"read -r line; case "$line" in '{"answer":"a","id":"k1","claim":"the claim"'*) echo '{"relation":"supports","p":1}';; *) exit 9;; esac"#,
            5000,
        );
        assert!(matches!(
            judge.judge(&request("the claim")),
            JudgeVerdict::Judged { .. }
        ));
    }

    #[test]
    fn failures_name_what_went_wrong() {
        let why = failure(&sh("echo 'model not found' >&2; exit 3", 5000));
        assert_eq!(why, "the judge `sh` exited with status 3: model not found");
        let why = failure(&sh("exit 4", 5000));
        assert_eq!(
            why,
            "the judge `sh` exited with status 4 and wrote nothing on stderr"
        );
        let why = failure(&sh("sleep 5", 300));
        assert_eq!(why, "the judge `sh` timed out after 300 ms");
        let why = failure(&sh("echo 'I think it supports it'", 5000));
        assert!(
            why.starts_with("the judge `sh` replied with something that is not the reply format"),
            "{why}"
        );
        assert!(why.contains("I think it supports it"), "{why}");
        let why = failure(&sh("true", 5000));
        assert_eq!(why, "the judge `sh` exited without a reply on stdout");
        let missing = CommandJudge::new(
            "/nonexistent/judge".into(),
            Vec::new(),
            "/nonexistent/judge".into(),
            Duration::from_secs(5),
        );
        // Nothing was sent: not asked, so not a model call.
        match missing.judge(&request("x")) {
            JudgeVerdict::NotAsked(why) => assert!(
                why.starts_with("the judge `/nonexistent/judge` could not be started: "),
                "{why}"
            ),
            other => panic!("expected not asked, found {other:?}"),
        }
    }

    #[test]
    fn a_timeout_does_not_wait_for_the_programs_children() {
        // The shell is killed; its background sleep keeps the pipes open.
        let judge = sh("sleep 5 & sleep 5", 300);
        let started = Instant::now();
        assert!(failure(&judge).contains("timed out"));
        assert!(started.elapsed() < Duration::from_secs(3));
        // Exited, but a child still holds stdout: the deadline still holds.
        let judge = sh("(sleep 5; echo late) &", 300);
        let started = Instant::now();
        assert!(failure(&judge).contains("timed out"));
        assert!(started.elapsed() < Duration::from_secs(3));
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
    #[test]
    fn a_timeout_stops_what_the_program_started() {
        for script in [
            "sleep 30 & echo $! > \"$PIDS\"; wait",
            "(sleep 30 & echo $! > \"$PIDS\") ; exit 0",
        ] {
            let dir = tempfile::tempdir().unwrap();
            let pids = dir.path().join("pids");
            let script = script.replace("$PIDS", &pids.display().to_string());
            let judge = sh(&script, 500);
            assert!(failure(&judge).contains("timed out"), "{script}");
            let pid = std::fs::read_to_string(&pids).unwrap();
            let pid = pid.trim();
            let started = Instant::now();
            while !gone(pid) && started.elapsed() < Duration::from_secs(3) {
                thread::sleep(Duration::from_millis(20));
            }
            assert!(gone(pid), "{script}: its sleep {pid} outlived the timeout");
        }
    }

    #[test]
    fn a_program_that_ignores_a_large_request_is_still_timed_out() {
        let judge = sh("sleep 5", 300);
        let mut big = request("x");
        big.claim = "y".repeat(1 << 20);
        let started = Instant::now();
        assert!(matches!(judge.judge(&big), JudgeVerdict::Failed(_)));
        assert!(started.elapsed() < Duration::from_secs(3));
    }
}
