//! The support judges, run as a user runs them: a `command:` judge (a small
//! sh script written by each test), a `process:` (streaming) judge in sh and
//! in Python, and an `http:` judge (a stub HTTP/1.1 server each test starts
//! on 127.0.0.1). Their answers go through the gate; a judge that fails is
//! never a pass; only claims that passed every code check reach a judge, and
//! `model_calls` counts exactly the requests a judge received.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use serde_json::{Value, json};
use tempfile::TempDir;

fn tickmark() -> Command {
    Command::cargo_bin("tickmark").unwrap()
}

fn absolute(path: &str) -> String {
    std::fs::canonicalize(path)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// A judge that answers by a word in the claim's sentence, and appends each
/// request (one JSON line) to `$JUDGE_LOG`. Its default reply comes after a
/// log line and carries an extra field: the last line is the reply.
const JUDGE_SH: &str = r#"#!/bin/sh
IFS= read -r request
printf '%s\n' "$request" >> "$JUDGE_LOG"
rest=${request#*\"claim\":\"}
claim=${rest%%\"*}
case "$claim" in
  *contradict*) echo '{"relation":"contradicts","p":0.9}' ;;
  *nothing*) echo '{"relation":"says_nothing","p":0.9}' ;;
  *unsure*) echo '{"relation":"supports","p":0.5}' ;;
  *slow*) sleep 5; echo '{"relation":"supports","p":0.95}' ;;
  *crash*) echo 'judge: the model file is missing' >&2; echo 'more detail' >&2; exit 3 ;;
  *garbage*) echo 'I would say it supports the claim' ;;
  *) echo 'loading the model'; echo '{"relation":"supports","p":0.95,"why":"the cell says so"}' ;;
esac
"#;

/// The streaming (`process:`) judge: one process answers request after
/// request, each a JSON line with its `seq`, by a word in the claim's
/// sentence. It appends its pid to `$JUDGE_STARTS` when it starts and each
/// request to `$JUDGE_LOG`.
const STREAM_SH: &str = r#"#!/bin/sh
echo $$ >> "$JUDGE_STARTS"
while IFS= read -r request; do
  printf '%s\n' "$request" >> "$JUDGE_LOG"
  rest=${request#*\"seq\":}; seq=${rest%%,*}
  rest=${request#*\"claim\":\"}; claim=${rest%%\"*}
  case "$claim" in
    *contradict*) printf '{"seq":%s,"relation":"contradicts","p":0.9}\n' "$seq" ;;
    *nothing*) printf '{"seq":%s,"relation":"says_nothing","p":0.9}\n' "$seq" ;;
    *hang*) sleep 60 ;;
    *die*) echo 'judge: the model ran out of memory' >&2; exit 3 ;;
    *garbage*) echo 'I would say it supports the claim' ;;
    *) printf '{"seq":%s,"relation":"supports","p":0.95,"why":"the cell says so"}\n' "$seq" ;;
  esac
done
"#;

/// A temp dir with the judge script, its request log, and answer files.
struct Bench {
    dir: TempDir,
}

impl Bench {
    fn new() -> Bench {
        // A space in the folder: the `command:` spec must quote it.
        let dir = tempfile::Builder::new()
            .prefix("judge bench ")
            .tempdir()
            .unwrap();
        let script = dir.path().join("judge.sh");
        std::fs::write(&script, JUDGE_SH).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::write(dir.path().join("stream.sh"), STREAM_SH).unwrap();
        Bench { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// The `command:` spec of the judge script, its path quoted (the spec
    /// is split into words as a shell would).
    fn spec(&self) -> String {
        format!(
            "command:/bin/sh {:?}",
            self.path("judge.sh").to_string_lossy()
        )
    }

    /// Writes one answer over Acme's income statement.
    fn answer(&self, claims: &[Value]) -> PathBuf {
        let answer = json!({
            "id": "judged",
            "sources": ["acme.xlsx"],
            "context": ["acme.xlsx#IS"],
            "claims": claims,
        });
        let path = self.path("answer.json");
        std::fs::write(&path, answer.to_string()).unwrap();
        path
    }

    /// The requests the judge saw, one JSON object each.
    fn requests(&self) -> Vec<Value> {
        match std::fs::read_to_string(self.path("requests.log")) {
            Ok(text) => text
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    /// The `process:` spec of the streaming judge script.
    fn stream_spec(&self) -> String {
        format!(
            "process:/bin/sh {:?}",
            self.path("stream.sh").to_string_lossy()
        )
    }

    /// The pids of the streaming judges started, one line each.
    fn starts(&self) -> Vec<String> {
        std::fs::read_to_string(self.path("starts.log"))
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Runs `verify --format json` with the judge script and `extra` flags:
    /// the report and the exit code.
    fn verify(&self, answer: &Path, extra: &[&str]) -> (Value, i32) {
        self.verify_with(&self.spec(), answer, extra)
    }

    /// Runs `verify --format json` with the judge `spec` and `extra` flags.
    fn verify_with(&self, spec: &str, answer: &Path, extra: &[&str]) -> (Value, i32) {
        let source = format!("acme.xlsx={}", absolute("samples/acme.xlsx"));
        let mut args = vec![
            "verify",
            "--trace",
            answer.to_str().unwrap(),
            "--source",
            &source,
            "--format",
            "json",
            "--judge",
            spec,
        ];
        args.extend_from_slice(extra);
        let output = tickmark()
            .args(&args)
            .env("JUDGE_LOG", self.path("requests.log"))
            .env("JUDGE_STARTS", self.path("starts.log"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{stderr}");
        let mut json: Value =
            serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
        (json["answers"][0].take(), output.status.code().unwrap())
    }
}

/// Revenue for 2024, cited right, with `text` as its sentence.
fn revenue(id: &str, text: &str) -> Value {
    json!({"id": id, "text": text, "value": "$4.2 billion", "role": "Revenue, FY2024",
           "cites": ["acme.xlsx#IS!B7"]})
}

fn claim<'a>(report: &'a Value, id: &str) -> &'a Value {
    report["claims"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no claim {id} in {report:#}"))
}

/// The claim's finding codes, and its route.
fn outcome(report: &Value, id: &str) -> (Vec<String>, String) {
    let c = claim(report, id);
    let codes = c["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_string())
        .collect();
    (codes, c["route"].as_str().unwrap().to_string())
}

fn message(report: &Value, id: &str) -> String {
    claim(report, id)["findings"][0]["message"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn a_supporting_judge_accepts_the_claim() {
    let bench = Bench::new();
    let answer = bench.answer(&[revenue("k1", "Acme's revenue was $4.2 billion in 2024.")]);
    let (report, code) = bench.verify(&answer, &["--fail-on", "recite"]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(outcome(&report, "k1"), (vec![], "accept".to_string()));
    assert_eq!(
        claim(&report, "k1")["support"],
        json!({"judge": "command", "relation": "supports", "p": "0.95"})
    );
    assert_eq!(report["model_calls"], 1);
    assert_eq!(report["model_calls_saved"], 0);
    // The request, as the judge read it from its stdin.
    let requests = bench.requests();
    assert_eq!(requests.len(), 1);
    let request = &requests[0];
    assert_eq!(request["answer"], "judged");
    assert_eq!(request["id"], "k1");
    assert_eq!(request["claim"], "Acme's revenue was $4.2 billion in 2024.");
    assert_eq!(request["value"], "$4.2 billion");
    assert_eq!(request["role"], "Revenue, FY2024");
    assert_eq!(request["partial_source"], false);
    let evidence = &request["evidence"][0];
    assert_eq!(evidence["ref"], "acme.xlsx#IS!B7");
    assert_eq!(evidence["row_label"], "Revenue");
    assert_eq!(evidence["concept"], "Revenues");
    assert!(
        evidence["neighbourhood"]
            .as_array()
            .unwrap()
            .iter()
            .any(|row| row.as_str().unwrap().contains("[4200]"))
    );
}

#[test]
fn verdicts_go_through_the_gate_and_only_code_survivors_are_judged() {
    let bench = Bench::new();
    let answer = bench.answer(&[
        revenue("ok", "Revenue was $4.2 billion in 2024."),
        revenue("contra", "Revenue missed guidance at $4.2 billion (contradict)."),
        revenue("silent", "Revenue was $4.2 billion thanks to nothing but Asia."),
        revenue("unsure", "Revenue was $4.2 billion, unsure."),
        revenue("crash", "Revenue was $4.2 billion (crash)."),
        revenue("garbage", "Revenue was $4.2 billion (garbage)."),
        // Code findings: these never reach the judge, whatever they say.
        json!({"id": "wrong", "text": "Revenue was $4.3 billion (contradict).", "value": "$4.3 billion",
               "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}),
        json!({"id": "uncited", "text": "Revenue was $4.2 billion.", "value": "$4.2 billion",
               "role": "Revenue, FY2024"}),
        json!({"id": "calc", "text": "Revenue grew 7.7% in 2024.", "value": "7.7%",
               "role": "revenue growth 2024 vs 2023", "calc": "(r24 - r23) / r23",
               "operands": [
                   {"id": "r24", "value": "4,200", "role": "Revenue 2024", "cite": "acme.xlsx#IS!B7"},
                   {"id": "r23", "value": "3,900", "role": "Revenue 2023", "cite": "acme.xlsx#IS!C7"}]}),
    ]);
    let (report, code) = bench.verify(&answer, &[]);
    assert_eq!(code, 1);
    let expect = |id: &str, codes: &[&str], route: &str| {
        let codes: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
        assert_eq!(outcome(&report, id), (codes, route.to_string()), "{id}");
    };
    expect("ok", &[], "accept");
    expect("calc", &[], "accept");
    expect("contra", &["contradicted"], "reanswer");
    expect("silent", &["unsupported"], "reanswer");
    expect("unsure", &["below_gate"], "review");
    expect("crash", &["below_gate"], "review");
    expect("garbage", &["below_gate"], "review");
    expect("wrong", &["value_mismatch"], "reanswer");
    expect("uncited", &["uncited"], "recite");

    assert!(message(&report, "unsure").contains("p = 0.5, below the gate of 0.8"));
    let crash = message(&report, "crash");
    assert!(
        crash.contains("exited with status 3: judge: the model file is missing"),
        "{crash}"
    );
    assert!(!crash.contains("more detail"), "{crash}");
    let garbage = message(&report, "garbage");
    assert!(garbage.contains("not the reply format"), "{garbage}");
    assert!(
        garbage.contains("I would say it supports the claim"),
        "{garbage}"
    );
    // A judge that gave no answer is reported without a relation.
    assert_eq!(
        claim(&report, "crash")["support"],
        json!({"judge": "command"})
    );
    assert_eq!(
        claim(&report, "contra")["support"],
        json!({"judge": "command", "relation": "contradicts", "p": "0.9"})
    );

    // Exactly the claims that passed every code check were judged.
    let passed: Vec<&str> = report["claims"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c.get("support").is_some())
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    let mut judged: Vec<String> = bench
        .requests()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    judged.sort();
    let mut expected = vec![
        "calc", "contra", "crash", "garbage", "ok", "silent", "unsure",
    ];
    expected.sort();
    assert_eq!(judged, expected);
    assert_eq!(passed.len(), 7);
    assert_eq!(report["model_calls"], 7);
    assert_eq!(report["model_calls_saved"], 2);
    for id in ["wrong", "uncited"] {
        assert!(claim(&report, id).get("support").is_none(), "{id}");
    }
}

#[test]
fn the_gate_is_the_accept_at_flag() {
    let bench = Bench::new();
    let answer = bench.answer(&[revenue("k1", "Revenue was $4.2 billion, unsure.")]);
    let (report, code) = bench.verify(&answer, &["--accept-at", "0.5", "--fail-on", "recite"]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(outcome(&report, "k1"), (vec![], "accept".to_string()));
    let (report, _) = bench.verify(&answer, &["--accept-at", "0.51"]);
    assert!(message(&report, "k1").contains("below the gate of 0.51"));
}

#[test]
fn a_slow_judge_is_killed_at_the_timeout_and_asks_a_person() {
    let bench = Bench::new();
    let answer = bench.answer(&[revenue("k1", "Revenue was $4.2 billion (slow).")]);
    let started = Instant::now();
    let (report, code) = bench.verify(&answer, &["--judge-timeout", "1"]);
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(code, 1);
    assert_eq!(
        outcome(&report, "k1"),
        (vec!["below_gate".to_string()], "review".to_string())
    );
    let message = message(&report, "k1");
    assert!(message.contains("timed out after 1 s"), "{message}");
    assert!(message.contains("judge.sh"), "{message}");
    assert_eq!(report["model_calls"], 1);
}

#[test]
fn silence_over_a_partly_read_source_needs_the_full_text() {
    let bench = Bench::new();
    // panics.pdf: page 1 reads, page 2 cannot be read.
    let answer = bench.path("pdf.json");
    let claim_of = |id: &str, text: &str| json!({"id": id, "text": text, "value": "4,200", "cites": ["panics.pdf#p1t1!B4"]});
    std::fs::write(
        &answer,
        json!({"id": "pdf", "sources": ["panics.pdf"], "claims": [
            claim_of("silent", "Revenue was 4,200 in 2024, and nothing else."),
            claim_of("ok", "Revenue was 4,200 in 2024."),
        ]})
        .to_string(),
    )
    .unwrap();
    let source = format!("panics.pdf={}", absolute("tests/fixtures/bad/panics.pdf"));
    let (report, _) = bench.verify(&answer, &["--source", &source]);
    assert_eq!(
        outcome(&report, "silent"),
        (vec!["needs_full_text".to_string()], "review".to_string()),
        "{report:#}"
    );
    assert_eq!(outcome(&report, "ok"), (vec![], "accept".to_string()));
    let requests = bench.requests();
    assert_eq!(requests.len(), 2);
    assert!(requests.iter().all(|r| r["partial_source"] == true));
}

#[test]
fn without_the_support_check_the_judge_is_not_run() {
    let bench = Bench::new();
    let answer = bench.answer(&[revenue("k1", "Revenue was $4.2 billion (contradict).")]);
    let (report, code) = bench.verify(&answer, &["--checks", "resolve,value,role"]);
    // Not every check ran: not plainly accepted.
    assert_eq!(code, 1);
    assert_eq!(
        report["checks_skipped"],
        serde_json::json!(["quote", "arithmetic", "support"])
    );
    let (_, code) = bench.verify(
        &answer,
        &["--checks", "resolve,value,role", "--allow-partial"],
    );
    assert_eq!(code, 0);
    assert_eq!(report["model_calls"], 0);
    assert!(bench.requests().is_empty());
}

#[test]
fn bad_judge_flags_are_usage_errors() {
    let bench = Bench::new();
    let answer = bench.answer(&[revenue("k1", "Revenue was $4.2 billion.")]);
    let trace = answer.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["--judge", "gpt-4"], "unknown backend \"gpt-4\""),
        (&["--judge", "command:"], "no program after \"command:\""),
        (&["--judge", "command:\"judge.sh"], "check its quotes"),
        (
            &["--judge", "http:localhost/v1"],
            "does not start with http://",
        ),
        (&["--accept-at", "1.2"], "expected a number from 0 to 1"),
        (&["--accept-at", "-0.1"], "expected a number from 0 to 1"),
        (&["--judge-concurrency", "0"], "at least 1"),
        (&["--judge-timeout", "0"], "at least 1"),
    ];
    for (flags, expected) in cases {
        let output = tickmark()
            .args(["verify", "--trace", trace])
            .args(*flags)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{flags:?}: {stderr}");
        assert!(stderr.contains(expected), "{flags:?}: {stderr}");
    }
    assert!(bench.requests().is_empty());
}

// --- the process (streaming) judge -----------------------------------------

#[test]
fn a_streaming_judge_answers_every_claim_from_one_process() {
    let bench = Bench::new();
    let answer = bench.answer(&[
        revenue("ok", "Revenue was $4.2 billion in 2024."),
        revenue(
            "contra",
            "Revenue missed guidance at $4.2 billion (contradict).",
        ),
        revenue(
            "silent",
            "Revenue was $4.2 billion thanks to nothing but Asia.",
        ),
        json!({"id": "wrong", "text": "Revenue was $4.3 billion.", "value": "$4.3 billion",
               "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}),
        revenue("ok2", "Revenue reached $4.2 billion."),
    ]);
    let (report, code) = bench.verify_with(&bench.stream_spec(), &answer, &[]);
    assert_eq!(code, 1, "{report:#}");
    let expect = |id: &str, codes: &[&str], route: &str| {
        let codes: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
        assert_eq!(outcome(&report, id), (codes, route.to_string()), "{id}");
    };
    expect("ok", &[], "accept");
    expect("ok2", &[], "accept");
    expect("contra", &["contradicted"], "reanswer");
    expect("silent", &["unsupported"], "reanswer");
    expect("wrong", &["value_mismatch"], "reanswer");
    assert_eq!(
        claim(&report, "ok")["support"],
        json!({"judge": "process", "relation": "supports", "p": "0.95"})
    );
    // One process, started once, asked each code survivor in turn: the
    // command judge's request with its number in front.
    assert_eq!(bench.starts().len(), 1);
    let requests = bench.requests();
    let seqs: Vec<&Value> = requests.iter().map(|r| &r["seq"]).collect();
    assert_eq!(seqs, [&json!(1), &json!(2), &json!(3), &json!(4)]);
    let ids: Vec<&str> = requests.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["ok", "contra", "silent", "ok2"]);
    assert_eq!(requests[0]["claim"], "Revenue was $4.2 billion in 2024.");
    assert_eq!(requests[0]["evidence"][0]["row_label"], "Revenue");
    assert_eq!(report["model_calls"], 4);
    assert_eq!(report["model_calls_saved"], 1);
    // No judge outlives the run.
    #[cfg(target_os = "linux")]
    for pid in bench.starts() {
        let started = Instant::now();
        let alive = || std::path::Path::new(&format!("/proc/{pid}")).exists();
        while alive() && started.elapsed() < Duration::from_secs(10) {
            thread::sleep(Duration::from_millis(20));
        }
        assert!(!alive(), "judge {pid} outlived tickmark");
    }
}

#[test]
fn a_streaming_judge_that_dies_fails_its_claim_and_is_started_again() {
    let bench = Bench::new();
    let answer = bench.answer(&[
        revenue("before", "Revenue was $4.2 billion in 2024."),
        revenue("dies", "Revenue was $4.2 billion (die)."),
        revenue("after", "Revenue reached $4.2 billion."),
    ]);
    let (report, code) = bench.verify_with(&bench.stream_spec(), &answer, &[]);
    assert_eq!(code, 1, "{report:#}");
    assert_eq!(outcome(&report, "before"), (vec![], "accept".to_string()));
    assert_eq!(outcome(&report, "after"), (vec![], "accept".to_string()));
    assert_eq!(
        outcome(&report, "dies"),
        (vec!["below_gate".to_string()], "review".to_string())
    );
    let why = message(&report, "dies");
    assert!(
        why.contains("stream.sh\"` exited with status 3: judge: the model ran out of memory"),
        "{why}"
    );
    assert_eq!(
        claim(&report, "dies")["support"],
        json!({"judge": "process"})
    );
    assert_eq!(bench.starts().len(), 2, "restarted once, after the death");
    assert_eq!(bench.requests().len(), 3);
    assert_eq!(report["model_calls"], 3);
}

#[test]
fn a_streaming_judge_that_hangs_is_killed_at_the_timeout() {
    let bench = Bench::new();
    let answer = bench.answer(&[
        revenue("before", "Revenue was $4.2 billion in 2024."),
        revenue("hangs", "Revenue was $4.2 billion (hang)."),
        revenue("after", "Revenue reached $4.2 billion."),
    ]);
    let started = Instant::now();
    let (report, code) =
        bench.verify_with(&bench.stream_spec(), &answer, &["--judge-timeout", "1"]);
    // The judge sleeps 60 s: only a kill at the timeout ends the run sooner.
    assert!(
        started.elapsed() < Duration::from_secs(40),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(code, 1, "{report:#}");
    assert_eq!(
        outcome(&report, "hangs"),
        (vec!["below_gate".to_string()], "review".to_string())
    );
    let why = message(&report, "hangs");
    assert!(why.contains("timed out after 1 s"), "{why}");
    assert_eq!(outcome(&report, "before"), (vec![], "accept".to_string()));
    assert_eq!(outcome(&report, "after"), (vec![], "accept".to_string()));
    assert_eq!(bench.starts().len(), 2);
    assert_eq!(report["model_calls"], 3);
    assert_eq!(bench.requests().len(), 3);
}

#[test]
fn a_streaming_judge_that_writes_garbage_fails_that_claim_only() {
    let bench = Bench::new();
    let answer = bench.answer(&[
        revenue("garbage", "Revenue was $4.2 billion (garbage)."),
        revenue("after", "Revenue reached $4.2 billion."),
    ]);
    let (report, code) = bench.verify_with(&bench.stream_spec(), &answer, &[]);
    assert_eq!(code, 1, "{report:#}");
    assert_eq!(
        outcome(&report, "garbage"),
        (vec!["below_gate".to_string()], "review".to_string())
    );
    let why = message(&report, "garbage");
    assert!(why.contains("not the reply format"), "{why}");
    assert!(why.contains("I would say it supports the claim"), "{why}");
    assert_eq!(outcome(&report, "after"), (vec![], "accept".to_string()));
    assert_eq!(report["model_calls"], 2);
}

#[test]
fn a_streaming_judge_that_keeps_dying_is_given_up_on() {
    let bench = Bench::new();
    let claims: Vec<Value> = (1..=7)
        .map(|n| revenue(&format!("k{n}"), "Revenue was $4.2 billion (die)."))
        .collect();
    let answer = bench.answer(&claims);
    let (report, code) = bench.verify_with(&bench.stream_spec(), &answer, &[]);
    assert_eq!(code, 1, "{report:#}");
    for n in 1..=7 {
        let id = format!("k{n}");
        assert_eq!(
            outcome(&report, &id),
            (vec!["below_gate".to_string()], "review".to_string()),
            "{id}"
        );
        let why = message(&report, &id);
        if n <= 5 {
            assert!(why.contains("exited with status 3"), "{id}: {why}");
        } else {
            assert!(
                why.contains("was not asked: it failed 5 requests in a row"),
                "{id}: {why}"
            );
            assert!(why.contains("not started again"), "{id}: {why}");
        }
    }
    // Claims not sent are not model calls.
    assert_eq!(bench.starts().len(), 5);
    assert_eq!(bench.requests().len(), 5);
    assert_eq!(report["model_calls"], 5);
}

#[test]
fn a_process_judge_spec_without_a_program_is_a_usage_error() {
    let bench = Bench::new();
    let answer = bench.answer(&[revenue("k1", "Revenue was $4.2 billion.")]);
    let output = tickmark()
        .args(["verify", "--trace", answer.to_str().unwrap()])
        .args(["--judge", "process:"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no program after \"process:\""), "{stderr}");
}

/// A streaming judge in Python, as docs/judges.md shows one: each process
/// appends the requests it reads to a log file of its own, named by pid.
const STREAM_PY: &str = r#"import json, os, sys
log = open(os.path.join(os.environ["JUDGE_DIR"], "requests-%d.log" % os.getpid()), "a")
for line in sys.stdin:
    log.write(line)
    log.flush()
    request = json.loads(line)
    labels = [e.get("row_label") or "" for e in request["evidence"]]
    relation = "supports" if any(l and l in request["claim"] for l in labels) else "says_nothing"
    print(json.dumps({"seq": request["seq"], "relation": relation, "p": 0.9}), flush=True)
"#;

fn python3() -> bool {
    std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn batch_on_two_jobs_with_a_python_streaming_judge_counts_every_request() {
    if !python3() {
        eprintln!("skipped: python3 is not on PATH");
        return;
    }
    let bench = Bench::new();
    std::fs::write(bench.path("judge.py"), STREAM_PY).unwrap();
    let logs = bench.path("logs");
    std::fs::create_dir(&logs).unwrap();
    // 60 lines: answers of three claims (two judged, one a wrong value),
    // and every tenth line not an answer.
    let mut input = String::new();
    for n in 1..=60 {
        if n % 10 == 0 {
            input.push_str("{\"id\": \"broken\", \"claims\": [\n");
            continue;
        }
        let claims = [
            revenue("k1", "Revenue was $4.2 billion in 2024."),
            json!({"id": "k2", "text": "Earnings were $447 million in 2024.", "value": "$447 million",
                   "role": "Net income 2024", "cites": ["acme.xlsx#IS!B18"]}),
            json!({"id": "k3", "text": "Revenue was $4.3 billion.", "value": "$4.3 billion",
                   "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}),
        ];
        let answer = json!({"id": format!("a{n}"), "sources": ["acme.xlsx"], "claims": claims});
        input.push_str(&answer.to_string());
        input.push('\n');
    }
    let traces = bench.path("answers.jsonl");
    std::fs::write(&traces, &input).unwrap();
    let spec = format!(
        "process:python3 {:?}",
        bench.path("judge.py").to_string_lossy()
    );
    let output = tickmark()
        .args([
            "batch",
            "--sources",
            "samples",
            "--jobs",
            "2",
            "--judge",
            &spec,
        ])
        .arg("--traces")
        .arg(&traces)
        .env("JUDGE_DIR", &logs)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    let records: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        records.len(),
        60,
        "one output line per input line: {stderr}"
    );
    let mut requests = Vec::new();
    let mut processes = 0;
    for entry in std::fs::read_dir(&logs).unwrap() {
        processes += 1;
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        requests.extend(
            text.lines()
                .map(|l| serde_json::from_str::<Value>(l).unwrap()),
        );
    }
    // One process per worker thread at most, never one per claim.
    assert!((1..=2).contains(&processes), "{processes} judges started");
    let model_calls: u64 = records
        .iter()
        .map(|r| r["model_calls"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(requests.len(), 54 * 2);
    assert_eq!(model_calls, requests.len() as u64);
    // Each request got its own reply: the judge's verdicts land on the
    // claims they were for.
    for record in records.iter().filter(|r| r.get("error").is_none()) {
        assert_eq!(outcome(record, "k1"), (vec![], "accept".to_string()));
        assert_eq!(
            outcome(record, "k2"),
            (vec!["unsupported".to_string()], "reanswer".to_string()),
            "the sentence does not name its row label"
        );
        assert_eq!(
            outcome(record, "k3"),
            (vec!["value_mismatch".to_string()], "reanswer".to_string())
        );
    }
    let mut seqs: Vec<u64> = requests
        .iter()
        .map(|r| r["seq"].as_u64().unwrap())
        .collect();
    seqs.sort_unstable();
    seqs.dedup();
    assert_eq!(seqs.len(), requests.len(), "request numbers are unique");
}

// --- the http judge ---------------------------------------------------------

/// One scripted reply of the stub server.
#[derive(Clone)]
struct Reply {
    status: u16,
    body: String,
    headers: Vec<(&'static str, String)>,
    delay: Duration,
}

fn completion(content: &str) -> Reply {
    Reply {
        status: 200,
        body: json!({"id": "x", "object": "chat.completion", "choices": [
            {"index": 0, "finish_reason": "stop",
             "message": {"role": "assistant", "content": content}}]})
        .to_string(),
        headers: Vec::new(),
        delay: Duration::ZERO,
    }
}

fn status(code: u16, body: &str) -> Reply {
    Reply {
        status: code,
        body: body.to_string(),
        headers: Vec::new(),
        delay: Duration::ZERO,
    }
}

/// A request the stub received: its head (request line and headers) and
/// its body.
#[derive(Debug, Clone)]
struct Received {
    head: String,
    body: String,
}

impl Received {
    fn header(&self, name: &str) -> Option<String> {
        self.head.lines().skip(1).find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_string())
        })
    }
}

/// A stub chat-completions server on 127.0.0.1: answers connections in
/// turn with the scripted replies (the last one repeated), and records each
/// request.
struct Stub {
    url: String,
    received: Arc<Mutex<Vec<Received>>>,
}

impl Stub {
    fn start(replies: Vec<Reply>) -> Stub {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/v1", listener.local_addr().unwrap());
        let received = Arc::new(Mutex::new(Vec::new()));
        let log = received.clone();
        thread::spawn(move || {
            for (n, stream) in listener.incoming().enumerate() {
                let Ok(stream) = stream else { continue };
                let reply = replies.get(n).or(replies.last()).cloned().unwrap();
                let log = log.clone();
                thread::spawn(move || serve(stream, &reply, &log));
            }
        });
        Stub { url, received }
    }

    fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }
}

fn serve(stream: TcpStream, reply: &Reply, log: &Mutex<Vec<Received>>) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        if line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let received = Received {
        head,
        body: String::new(),
    };
    let length: usize = received
        .header("content-length")
        .map_or(0, |v| v.parse().unwrap());
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    log.lock().unwrap().push(Received {
        body: String::from_utf8(body).unwrap(),
        ..received
    });
    thread::sleep(reply.delay);
    let mut response = format!(
        "HTTP/1.1 {} Stub\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n",
        reply.status,
        reply.body.len()
    );
    for (name, value) in &reply.headers {
        response.push_str(&format!("{name}: {value}\r\n"));
    }
    response.push_str("\r\n");
    response.push_str(&reply.body);
    let mut stream = stream;
    let _ = stream.write_all(response.as_bytes());
    let _ = stream.flush();
}

/// Runs `verify --format json` against the stub with `extra` flags.
fn verify_http(stub: &Stub, extra: &[&str], env: &[(&str, &str)]) -> (Value, i32, String) {
    let bench = Bench::new();
    let answer = bench.answer(&[revenue("k1", "Acme's revenue was $4.2 billion in 2024.")]);
    let source = format!("acme.xlsx={}", absolute("samples/acme.xlsx"));
    let spec = format!("http:{}", stub.url);
    let mut command = tickmark();
    command
        .args(["verify", "--trace", answer.to_str().unwrap()])
        .args(["--source", &source, "--format", "json", "--judge", &spec])
        .args(extra);
    for (key, value) in env {
        command.env(key, value);
    }
    let output = command.output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{stderr}");
    let mut json = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    (
        json["answers"][0].take(),
        output.status.code().unwrap(),
        stderr,
    )
}

#[test]
fn an_http_judge_is_asked_as_documented_and_its_reply_accepts() {
    let stub = Stub::start(vec![completion(r#"{"relation":"supports","p":0.97}"#)]);
    let (report, code, stderr) = verify_http(
        &stub,
        &[
            "--judge-model",
            "tiny-judge",
            "--judge-key-env",
            "TICKMARK_TEST_JUDGE_KEY",
            "--fail-on",
            "recite",
        ],
        &[("TICKMARK_TEST_JUDGE_KEY", "sk-test-123")],
    );
    assert_eq!(code, 0, "{stderr}{report:#}");
    assert_eq!(
        claim(&report, "k1")["support"],
        json!({"judge": "http", "relation": "supports", "p": "0.97"})
    );
    assert_eq!(report["model_calls"], 1);
    let received = stub.received();
    assert_eq!(received.len(), 1);
    let request = &received[0];
    assert!(
        request
            .head
            .starts_with("POST /v1/chat/completions HTTP/1.1"),
        "{}",
        request.head
    );
    assert_eq!(
        request.header("authorization").as_deref(),
        Some("Bearer sk-test-123")
    );
    let body: Value = serde_json::from_str(&request.body).unwrap();
    assert_eq!(body["model"], "tiny-judge");
    assert_eq!(body["temperature"], 0);
    assert_eq!(body["messages"][0]["role"], "system");
    assert_eq!(body["messages"][1]["role"], "user");
    let sent: Value =
        serde_json::from_str(body["messages"][1]["content"].as_str().unwrap()).unwrap();
    assert_eq!(sent["claim"], "Acme's revenue was $4.2 billion in 2024.");
    assert_eq!(sent["evidence"][0]["ref"], "acme.xlsx#IS!B7");
    let format = &body["response_format"];
    assert_eq!(format["type"], "json_schema");
    assert_eq!(format["json_schema"]["name"], "support_verdict");
    assert_eq!(format["json_schema"]["strict"], true);
    let schema = &format["json_schema"]["schema"];
    assert_eq!(schema["required"], json!(["relation", "p"]));
    assert_eq!(schema["additionalProperties"], false);
    assert_eq!(
        schema["properties"]["relation"]["enum"],
        json!(["supports", "contradicts", "says_nothing"])
    );
    assert_eq!(schema["properties"]["p"]["type"], "number");
}

#[test]
fn without_a_key_variable_no_authorization_is_sent() {
    let stub = Stub::start(vec![completion(
        "```json\n{\"relation\":\"contradicts\",\"p\":0.85}\n```",
    )]);
    let (report, code, stderr) = verify_http(&stub, &[], &[]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(
        outcome(&report, "k1"),
        (vec!["contradicted".to_string()], "reanswer".to_string())
    );
    let received = stub.received();
    assert_eq!(received[0].header("authorization"), None);
    assert_eq!(
        serde_json::from_str::<Value>(&received[0].body).unwrap()["model"],
        "default"
    );
}

#[test]
fn a_server_error_is_tried_again() {
    let stub = Stub::start(vec![
        status(500, r#"{"error": "warming up"}"#),
        completion(r#"{"relation":"supports","p":0.9}"#),
    ]);
    let started = Instant::now();
    let (report, code, stderr) = verify_http(&stub, &["--fail-on", "recite"], &[]);
    assert_eq!(code, 0, "{stderr}{report:#}");
    assert_eq!(stub.received().len(), 2);
    assert_eq!(report["model_calls"], 1);
    // The first pause is 250 ms.
    assert!(started.elapsed() >= Duration::from_millis(250));
}

#[test]
fn too_many_requests_waits_for_retry_after() {
    let mut busy = status(429, r#"{"error": "rate limited"}"#);
    busy.headers.push(("Retry-After", "1".to_string()));
    let stub = Stub::start(vec![busy, completion(r#"{"relation":"supports","p":0.9}"#)]);
    let started = Instant::now();
    let (_, code, stderr) = verify_http(&stub, &["--fail-on", "recite"], &[]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stub.received().len(), 2);
    assert!(started.elapsed() >= Duration::from_secs(1));
}

#[test]
fn retries_run_out_and_a_person_looks() {
    let stub = Stub::start(vec![status(503, "overloaded")]);
    let (report, code, _) = verify_http(&stub, &["--judge-retries", "1"], &[]);
    assert_eq!(code, 1);
    assert_eq!(stub.received().len(), 2);
    assert_eq!(
        outcome(&report, "k1"),
        (vec!["below_gate".to_string()], "review".to_string())
    );
    let message = message(&report, "k1");
    assert!(message.contains("answered HTTP 503"), "{message}");
    assert!(message.contains("gave up after 2 tries"), "{message}");
}

#[test]
fn a_client_error_is_not_tried_again() {
    let stub = Stub::start(vec![status(400, r#"{"error": "unknown model"}"#)]);
    let (report, code, _) = verify_http(&stub, &[], &[]);
    assert_eq!(code, 1);
    assert_eq!(stub.received().len(), 1);
    let message = message(&report, "k1");
    assert!(message.contains("answered HTTP 400"), "{message}");
    assert!(message.contains("unknown model"), "{message}");
}

#[test]
fn a_slow_http_judge_times_out_and_asks_a_person() {
    let mut slow = completion(r#"{"relation":"supports","p":0.99}"#);
    slow.delay = Duration::from_secs(4);
    let stub = Stub::start(vec![slow]);
    let started = Instant::now();
    let (report, code, _) = verify_http(&stub, &["--judge-timeout", "1"], &[]);
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(code, 1);
    assert_eq!(
        outcome(&report, "k1"),
        (vec!["below_gate".to_string()], "review".to_string())
    );
    let message = message(&report, "k1");
    assert!(message.contains("timed out after 1 s"), "{message}");
    // A timeout is not tried again.
    assert_eq!(stub.received().len(), 1);
}

#[test]
fn malformed_content_asks_a_person() {
    for content in [
        "The evidence supports the claim.",
        r#"{"relation":"supports","p":1.3}"#,
        r#"{"relation":"agrees","p":0.9}"#,
    ] {
        let stub = Stub::start(vec![completion(content)]);
        let (report, code, _) = verify_http(&stub, &[], &[]);
        assert_eq!(code, 1, "{content}");
        assert_eq!(
            outcome(&report, "k1"),
            (vec!["below_gate".to_string()], "review".to_string()),
            "{content}"
        );
        assert!(
            message(&report, "k1").contains("not the reply format"),
            "{content}"
        );
    }
}

#[test]
fn an_unset_key_variable_is_a_usage_error_naming_it() {
    let stub = Stub::start(vec![completion(r#"{"relation":"supports","p":0.9}"#)]);
    for value in [None, Some("")] {
        let bench = Bench::new();
        let answer = bench.answer(&[revenue("k1", "Revenue was $4.2 billion.")]);
        let mut command = tickmark();
        command
            .args(["verify", "--trace", answer.to_str().unwrap()])
            .args(["--judge", &format!("http:{}", stub.url)])
            .args(["--judge-key-env", "TICKMARK_TEST_UNSET_VAR"]);
        match value {
            None => command.env_remove("TICKMARK_TEST_UNSET_VAR"),
            Some(v) => command.env("TICKMARK_TEST_UNSET_VAR", v),
        };
        let output = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("\"TICKMARK_TEST_UNSET_VAR\""), "{stderr}");
    }
    assert!(stub.received().is_empty());
}

/// The example request in docs/judges.md is the one a judge really gets for
/// `acme-clean › k1` of the sample answers.
#[test]
fn the_documented_request_is_the_one_sent() {
    let bench = Bench::new();
    let output = tickmark()
        .args(["verify", "--trace", "samples/answers/acme.json"])
        .args(["--store", "samples/answers/store.jsonl", "--format", "json"])
        .args(["--judge", &bench.spec()])
        .env("JUDGE_LOG", bench.path("requests.log"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let sent = bench
        .requests()
        .into_iter()
        .find(|r| r["answer"] == "acme-clean" && r["id"] == "k1")
        .unwrap();
    let doc = std::fs::read_to_string("docs/judges.md").unwrap();
    let section = doc.split("## The request").nth(1).unwrap();
    let block = section.split("```json\n").nth(1).unwrap();
    let block = block.split("\n```").next().unwrap();
    let documented: Value = serde_json::from_str(block).unwrap();
    assert_eq!(
        documented,
        sent,
        "docs/judges.md's example request is out of step; it is now:\n{}",
        serde_json::to_string_pretty(&sent).unwrap()
    );
}

/// The streaming judges docs/judges.md shows, in sh and in Python, run as
/// they are written and answer every claim they are asked.
#[test]
fn the_documented_streaming_judges_answer() {
    let doc = std::fs::read_to_string("docs/judges.md").unwrap();
    let section = doc
        .split("## `process:")
        .nth(1)
        .unwrap()
        .split("\n## ")
        .next()
        .unwrap();
    let block = |fence: &str| {
        let block = section.split(fence).nth(1).unwrap();
        block.split("\n```").next().unwrap().to_string()
    };
    let bench = Bench::new();
    let mut judges = vec![("stream-doc.sh", "sh", block("```sh\n"))];
    if python3() {
        judges.push(("judge-doc.py", "python3", block("```python\n")));
    } else {
        eprintln!("skipped the Python example: python3 is not on PATH");
    }
    for (file, interpreter, script) in judges {
        std::fs::write(bench.path(file), script).unwrap();
        let spec = format!(
            "process:{interpreter} {:?}",
            bench.path(file).to_string_lossy()
        );
        let output = tickmark()
            .args(["verify", "--trace", "samples/answers/acme.json"])
            .args(["--store", "samples/answers/store.jsonl", "--format", "json"])
            .args(["--judge", &spec])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let mut json: Value = serde_json::from_slice(&output.stdout)
            .unwrap_or_else(|e| panic!("{file}: {e}: {stderr}"));
        let reports = match json["answers"].take() {
            Value::Array(reports) => reports,
            other => panic!("{file}: no answers array: {other}"),
        };
        let mut judged = 0;
        for report in &reports {
            for claim in report["claims"].as_array().unwrap() {
                if let Some(support) = claim.get("support") {
                    judged += 1;
                    assert_eq!(support["judge"], "process", "{file}");
                    assert!(
                        support.get("relation").is_some(),
                        "{file}: {} gave no answer: {claim:#}",
                        claim["id"]
                    );
                }
            }
        }
        assert!(judged > 0, "{file}: no claim reached the judge");
        let calls: u64 = reports
            .iter()
            .map(|r| r["model_calls"].as_u64().unwrap())
            .sum();
        assert_eq!(calls, judged, "{file}");
    }
}
