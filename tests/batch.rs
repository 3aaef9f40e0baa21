//! `tickmark batch`: one output line per input line, in input order, with
//! malformed lines as error records; the summary's counts add up; sources
//! read once; exit codes as `verify`'s.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

/// A temp folder of this test's own.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tickmark-batch-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Claims over Acme's income statement: two that hold, a same-number swap,
/// a wrong value, a bad cite.
const CLAIMS: [&str; 5] = [
    r#"{"id": "k1", "text": "Revenue was $4.2 billion in 2024.", "value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
    r#"{"id": "k2", "text": "Net income was $447 million in 2024.", "value": "$447 million", "role": "Net income 2024", "cites": ["acme.xlsx#IS!B18"]}"#,
    r#"{"id": "k3", "text": "Goodwill was $412 million at the end of 2024.", "value": "$412 million", "role": "Goodwill, FY2024", "cites": ["acme.xlsx#IS!D18"]}"#,
    r#"{"id": "k4", "text": "Revenue was $4.3 billion in 2024.", "value": "$4.3 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
    r#"{"id": "k5", "text": "Revenue was $4.2 billion in 2024.", "value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#ZZ!B7"]}"#,
];

/// The malformed lines mixed in, one of each kind in turn.
fn malformed(kind: usize) -> Vec<u8> {
    match kind % 5 {
        0 => b"{\"id\": \"broken\", \"claims\": [".to_vec(),
        1 => Vec::new(),
        2 => b"[1, 2, 3]".to_vec(),
        3 => br#"{"id": "typed", "sources": ["acme.xlsx"], "claims": [{"id": "k1", "value": 4.2, "cites": ["acme.xlsx#IS!B7"]}]}"#.to_vec(),
        _ => b"{\"id\": \"latin1 \xe9\"}".to_vec(),
    }
}

/// `total` lines: answers of two claims each, cycling through `CLAIMS`,
/// with a malformed line wherever `bad(n)` (1-based line n).
fn generate(total: usize, bad: impl Fn(usize) -> bool) -> (Vec<u8>, Vec<usize>) {
    let mut input = Vec::new();
    let mut bad_lines = Vec::new();
    for n in 1..=total {
        if bad(n) {
            input.extend(malformed(bad_lines.len()));
            bad_lines.push(n);
        } else {
            let a = CLAIMS[n % CLAIMS.len()];
            let b = CLAIMS[(n / CLAIMS.len()) % CLAIMS.len()].replace("\"k", "\"j");
            input.extend(
                format!(r#"{{"id": "a{n}", "sources": ["acme.xlsx"], "claims": [{a}, {b}]}}"#)
                    .bytes(),
            );
        }
        input.push(b'\n');
    }
    (input, bad_lines)
}

fn batch() -> Command {
    let mut cmd = Command::cargo_bin("tickmark").unwrap();
    cmd.args(["batch", "--sources", "samples"]);
    cmd
}

/// `batch --traces -` over `input` on `jobs` workers.
fn on_stdin(input: &[u8], jobs: &str) -> std::process::Output {
    batch()
        .args(["--traces", "-", "--jobs", jobs])
        .write_stdin(input.to_vec())
        .output()
        .unwrap()
}

fn records(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8(stdout.to_vec())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn ten_thousand_lines_give_ten_thousand_records_in_order_and_the_summary_adds_up() {
    let dir = temp_dir("10k");
    let (input, bad_lines) = generate(10_000, |n| n % 200 == 17);
    assert_eq!(bad_lines.len(), 50);
    let traces = dir.join("answers.jsonl");
    std::fs::write(&traces, &input).unwrap();
    let out = dir.join("out.jsonl");
    let run = batch()
        .arg("--traces")
        .arg(&traces)
        .arg("--out")
        .arg(&out)
        .args(["--jobs", "2"])
        .output()
        .unwrap();
    // Malformed lines make the run exit 2, as `verify` does.
    assert_eq!(
        run.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let records = records(&std::fs::read(&out).unwrap());
    assert_eq!(records.len(), 10_000);
    let mut by_route: BTreeMap<String, u64> = BTreeMap::new();
    let mut claims_by_route: BTreeMap<String, u64> = BTreeMap::new();
    let mut findings = 0u64;
    for (i, record) in records.iter().enumerate() {
        let n = i + 1;
        assert_eq!(record["line"], n, "record {n} out of order");
        if bad_lines.contains(&n) && record["id"] == "typed" {
            // A malformed claim is that claim's error: the answer is
            // reported with its id.
            assert!(
                record["claims"][0]["error"].is_string(),
                "line {n}: {record}"
            );
            assert_eq!(record["route"], "review", "line {n}: {record}");
            *by_route.entry("review".into()).or_default() += 1;
            *claims_by_route.entry("review".into()).or_default() += 1;
        } else if bad_lines.contains(&n) {
            assert!(record["error"].is_string(), "line {n}: {record}");
            assert!(record.get("route").is_none());
        } else {
            assert_eq!(record["id"], format!("a{n}"), "line {n}");
            *by_route
                .entry(record["route"].as_str().unwrap().into())
                .or_default() += 1;
            for claim in record["claims"].as_array().unwrap() {
                *claims_by_route
                    .entry(claim["route"].as_str().unwrap().into())
                    .or_default() += 1;
                findings += claim["findings"].as_array().unwrap().len() as u64;
            }
        }
    }
    // Each kind of malformed line says what is wrong.
    let errors: Vec<&str> = bad_lines[..5]
        .iter()
        .map(|n| {
            let record = &records[n - 1];
            record["error"]
                .as_str()
                .or_else(|| record["claims"][0]["error"].as_str())
                .unwrap()
        })
        .collect();
    assert!(errors[0].contains("invalid JSON"), "{}", errors[0]);
    assert!(errors[1].contains("empty"), "{}", errors[1]);
    assert!(
        errors[2].contains("expected an answer object"),
        "{}",
        errors[2]
    );
    assert!(
        errors[3].contains("\"value\" must be a string"),
        "{}",
        errors[3]
    );
    assert!(errors[4].contains("not UTF-8"), "{}", errors[4]);

    // The summary of the same input, on stdout.
    let run = batch()
        .arg("--traces")
        .arg(&traces)
        .args(["--format", "summary"])
        .output()
        .unwrap();
    let summary: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(summary["lines"], 10_000);
    assert_eq!(summary["errors"], 40);
    assert_eq!(summary["input_errors"], 10);
    assert_eq!(summary["answers"], 9_960);
    let sum = |v: &Value| -> u64 {
        v.as_object()
            .unwrap()
            .values()
            .map(|n| n.as_u64().unwrap())
            .sum()
    };
    assert_eq!(sum(&summary["answers_by_route"]), 9_960);
    assert_eq!(sum(&summary["claims_by_route"]), 19_910);
    assert_eq!(summary["claims"], 19_910);
    assert_eq!(sum(&summary["findings"]), findings);
    for (route, n) in &by_route {
        assert_eq!(summary["answers_by_route"][route], *n, "{route}");
    }
    for (route, n) in &claims_by_route {
        assert_eq!(summary["claims_by_route"][route], *n, "{route}");
    }
    assert_eq!(summary["model_calls"], 0);
    assert_eq!(summary["model_calls_saved"], 19_910);
    // One source, read once for all 9,960 answers.
    assert_eq!(summary["sources_read"], 1);
    // The person's summary is on stderr.
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("10000 lines: 9960 answers (10 with input errors), 40 error records"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_output_does_not_depend_on_the_number_of_jobs() {
    let (input, _) = generate(600, |n| n % 97 == 5);
    let run = |jobs: &str| on_stdin(&input, jobs);
    let one = run("1");
    let two = run("2");
    assert_eq!(one.status.code(), Some(2));
    assert_eq!(records(&one.stdout).len(), 600);
    assert!(one.stdout == two.stdout, "--jobs 1 and --jobs 2 differ");
}

/// Answers without a context, over four sources: the cell a message names
/// comes from "everything in the sources", which is assembled in the
/// answer's order — never in a hash map's, which changes from process to
/// process.
#[test]
fn the_output_is_byte_identical_across_runs_and_job_counts() {
    let sources = r#"["acme.xlsx", "birchwood.xlsx", "calder.xlsx", "dunmore.xlsx"]"#;
    let claims = [
        r#"{"id": "k1", "value": "184330", "role": "Revenue, FY2024", "cites": ["dunmore.xlsx#KPI!B7"]}"#,
        r#"{"id": "k2", "value": "3,900", "role": "Revenue, FY2023", "cites": ["dunmore.xlsx#KPI!C8"]}"#,
        r#"{"id": "k3", "value": "412", "role": "Net income, FY2024", "cites": ["acme.xlsx#BS!B16"]}"#,
    ];
    let mut input = Vec::new();
    for n in 0..40 {
        input.extend_from_slice(
            format!(
                "{{\"id\": \"a{n}\", \"sources\": {sources}, \"claims\": [{}]}}\n",
                claims.join(", ")
            )
            .as_bytes(),
        );
    }
    let run = |jobs: &str| on_stdin(&input, jobs);
    let first = run("1");
    assert_eq!(first.status.code(), Some(1));
    let text = String::from_utf8_lossy(&first.stdout);
    assert!(text.contains("the cell with the claimed role"), "{text}");
    for jobs in ["1", "2", "1", "2", "2"] {
        let again = run(jobs);
        assert!(
            again.stdout == first.stdout,
            "a run with --jobs {jobs} differs"
        );
    }
}

#[test]
fn json_output_is_one_array_of_every_line() {
    let (input, _) = generate(30, |n| n == 4);
    let run = batch()
        .args(["--traces", "-", "--format", "json"])
        .write_stdin(input)
        .output()
        .unwrap();
    let array: Value = serde_json::from_slice(&run.stdout).unwrap();
    let array = array.as_array().unwrap();
    assert_eq!(array.len(), 30);
    assert_eq!(array[3]["line"], 4);
    assert!(array[3]["error"].is_string());
    // No input, an empty array.
    let run = batch()
        .args(["--traces", "-", "--format", "json"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    let empty: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(empty, serde_json::json!([]));
}

#[test]
fn exit_codes_follow_the_worst_route_and_fail_on() {
    let answer = |claims: &[usize]| -> String {
        let claims: Vec<&str> = claims.iter().map(|k| CLAIMS[*k]).collect();
        format!(
            "{{\"id\": \"x\", \"sources\": [\"acme.xlsx\"], \"claims\": [{}]}}\n",
            claims.join(", ")
        )
    };
    let code = |input: String, fail_on: Option<&str>| {
        let mut cmd = batch();
        cmd.args(["--traces", "-"]).write_stdin(input);
        if let Some(route) = fail_on {
            cmd.args(["--fail-on", route]);
        }
        cmd.output().unwrap().status.code()
    };
    // Pending support is not a failure: the code checks all passed.
    assert_eq!(code(answer(&[0, 1]), None), Some(0));
    // A same-number swap that a re-cite fixes: recite.
    assert_eq!(code(answer(&[0, 2]), None), Some(1));
    assert_eq!(code(answer(&[0, 2]), Some("reanswer")), Some(0));
    assert_eq!(code(answer(&[0, 3]), Some("reanswer")), Some(1));
}

#[test]
fn unreadable_inputs_exit_2_naming_them() {
    let run = batch()
        .args(["--traces", "no/such/answers.jsonl"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("no/such/answers.jsonl"));
    let run = Command::cargo_bin("tickmark")
        .unwrap()
        .args(["batch", "--traces", "-", "--sources", "no/such/folder"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("no/such/folder"));
}

#[test]
fn a_missing_source_is_an_error_record_not_a_finding_per_claim() {
    let input = "{\"id\": \"m\", \"sources\": [\"missing.xlsx\"], \"claims\": [{\"id\": \"k1\", \"value\": \"4,200\", \"role\": \"Revenue 2024\", \"cites\": [\"missing.xlsx#IS!B7\"]}]}\n";
    let run = batch()
        .args(["--traces", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    let records = records(&run.stdout);
    assert_eq!(records.len(), 1);
    let error = records[0]["error"].as_str().unwrap();
    assert!(
        error.contains("missing.xlsx: cannot open: no such file"),
        "{error}"
    );
    assert_eq!(run.status.code(), Some(2));
}

#[test]
fn sources_are_read_only_from_under_the_sources_folder() {
    for path in [
        "../samples/acme.xlsx",
        "/etc/hostname",
        "answers/../../samples/acme.xlsx",
    ] {
        let input = format!(
            "{{\"id\": \"x\", \"sources\": [{{\"id\": \"acme.xlsx\", \"path\": \"{path}\"}}], \"claims\": [{}]}}\n",
            CLAIMS[0]
        );
        let run = batch()
            .args(["--traces", "-"])
            .write_stdin(input)
            .output()
            .unwrap();
        let records = records(&run.stdout);
        let finding = &records[0]["claims"][0]["findings"][0];
        assert_eq!(
            finding["code"], "unreadable_source",
            "{path}: {}",
            records[0]
        );
        assert!(
            finding["message"]
                .as_str()
                .unwrap()
                .contains("leaves the sources folder"),
            "{finding}"
        );
    }
    // A path inside the folder is read.
    let input = format!(
        "{{\"id\": \"x\", \"sources\": [{{\"id\": \"acme.xlsx\", \"path\": \"./acme.xlsx\"}}], \"claims\": [{}]}}\n",
        CLAIMS[0]
    );
    let run = batch()
        .args(["--traces", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(records(&run.stdout)[0]["claims"][0]["route"], "accept");
}

#[test]
fn batch_reports_what_verify_reports_for_the_same_answers() {
    let run = batch()
        .args([
            "--traces",
            "samples/answers/batch.jsonl",
            "--store",
            "samples/answers/store.jsonl",
        ])
        .output()
        .unwrap();
    let mut batch_records = records(&run.stdout).into_iter();
    for name in ["acme", "birchwood", "calder", "dunmore"] {
        let verify = Command::cargo_bin("tickmark")
            .unwrap()
            .args(["verify", "--format", "jsonl", "--trace"])
            .arg(format!("samples/answers/{name}.json"))
            .args(["--store", "samples/answers/store.jsonl"])
            .output()
            .unwrap();
        for expected in records(&verify.stdout) {
            let mut got = batch_records.next().unwrap();
            got.as_object_mut().unwrap().remove("line");
            assert_eq!(got, expected, "{name}");
        }
    }
    assert!(batch_records.next().is_none());
}

/// A judge that logs each request (one JSON line) to `$JUDGE_LOG`, finds
/// that the evidence contradicts every claim about net income, and supports
/// the others.
const JUDGE_SH: &str = r#"#!/bin/sh
IFS= read -r request
printf '%s\n' "$request" >> "$JUDGE_LOG"
case "$request" in
  *'"claim":"Net income'*) echo '{"relation":"contradicts","p":0.9}' ;;
  *) echo '{"relation":"supports","p":0.95}' ;;
esac
"#;

#[test]
fn the_judge_sees_exactly_the_claims_that_passed_every_code_check() {
    let dir = temp_dir("judge");
    let script = dir.join("judge.sh");
    std::fs::write(&script, JUDGE_SH).unwrap();
    let log = dir.join("requests.log");
    std::fs::remove_file(&log).ok();
    let (input, _) = generate(120, |n| n == 60);
    let run = batch()
        .args(["--traces", "-", "--jobs", "2", "--judge"])
        .arg(format!("command:/bin/sh {}", script.display()))
        .env("JUDGE_LOG", &log)
        .write_stdin(input)
        .output()
        .unwrap();
    let records = records(&run.stdout);
    assert_eq!(records.len(), 120);
    let requests: Vec<Value> = std::fs::read_to_string(&log)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut judged = Vec::new();
    let mut model_calls = 0;
    let mut contradicted = 0;
    for record in records.iter().filter(|r| r.get("error").is_none()) {
        model_calls += record["model_calls"].as_u64().unwrap();
        for claim in record["claims"].as_array().unwrap() {
            let findings = claim["findings"].as_array().unwrap();
            let code_findings = findings.iter().filter(|f| f["check"] != "support").count();
            if let Some(support) = claim.get("support") {
                // Judged: no code check had found anything.
                assert_eq!(code_findings, 0, "{claim}");
                if support["relation"] == "contradicts" {
                    contradicted += 1;
                    assert_eq!(findings[0]["code"], "contradicted", "{claim}");
                    assert_eq!(claim["route"], "reanswer");
                } else {
                    assert_eq!(claim["route"], "accept", "{claim}");
                }
                judged.push((
                    record["id"].as_str().unwrap().to_string(),
                    claim["id"].as_str().unwrap().to_string(),
                ));
            } else {
                assert!(
                    code_findings > 0,
                    "a claim that passed was not judged: {claim}"
                );
            }
        }
    }
    assert!(contradicted > 0);
    let mut asked: Vec<(String, String)> = requests
        .iter()
        .map(|r| {
            (
                r["answer"].as_str().unwrap().to_string(),
                r["id"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    asked.sort();
    judged.sort();
    assert!(!judged.is_empty());
    assert_eq!(asked, judged);
    assert_eq!(model_calls, requests.len() as u64);
    // The summary counts the same calls.
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains(&format!("model calls: {} made", requests.len())),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_out_of_the_sources_folder_is_not_followed() {
    let dir = temp_dir("symlink");
    let sources = dir.join("sources");
    std::fs::create_dir_all(&sources).unwrap();
    let outside = std::fs::canonicalize("samples/acme.xlsx").unwrap();
    let link = sources.join("acme.xlsx");
    std::fs::remove_file(&link).ok();
    std::os::unix::fs::symlink(&outside, &link).unwrap();
    let input = format!(
        "{{\"id\": \"x\", \"sources\": [\"acme.xlsx\"], \"claims\": [{}]}}\n",
        CLAIMS[0]
    );
    let run = Command::cargo_bin("tickmark")
        .unwrap()
        .args(["batch", "--traces", "-", "--sources"])
        .arg(&sources)
        .write_stdin(input.clone())
        .output()
        .unwrap();
    let finding = &records(&run.stdout)[0]["claims"][0]["findings"][0];
    assert_eq!(finding["code"], "unreadable_source", "{finding}");
    assert!(
        finding["message"]
            .as_str()
            .unwrap()
            .contains("symbolic link"),
        "{finding}"
    );
    // The near miss: a real file inside the folder is read.
    std::fs::remove_file(&link).unwrap();
    std::fs::copy(&outside, &link).unwrap();
    let run = Command::cargo_bin("tickmark")
        .unwrap()
        .args(["batch", "--traces", "-", "--sources"])
        .arg(&sources)
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(records(&run.stdout)[0]["claims"][0]["route"], "accept");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_output_may_not_overwrite_the_answers() {
    let dir = temp_dir("same-file");
    let traces = dir.join("answers.jsonl");
    let (input, _) = generate(3, |_| false);
    std::fs::write(&traces, &input).unwrap();
    let run = batch()
        .arg("--traces")
        .arg(&traces)
        .arg("--out")
        .arg(dir.join(".").join("answers.jsonl"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("that is the --traces file"));
    assert_eq!(
        std::fs::read(&traces).unwrap(),
        input,
        "the answers were touched"
    );
    std::fs::remove_dir_all(&dir).ok();
}
