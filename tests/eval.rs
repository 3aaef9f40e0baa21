//! `tickmark eval`: the seeded corpus over the samples. The same seed gives
//! the same numbers; the full code pipeline catches every defect class and
//! leaves clean answers alone; the value-only baseline misses every
//! same-number swap.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;
use serde_json::Value;

fn eval(args: &[&str]) -> Value {
    let output = Command::cargo_bin("tickmark")
        .unwrap()
        .arg("eval")
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

fn row<'a>(report: &'a Value, class: &str) -> &'a Value {
    report["classes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["class"] == class)
        .unwrap()
}

/// Pipeline columns: resolution, value, value+role, all code.
const VALUE: usize = 1;
const ALL_CODE: usize = 3;

#[test]
fn the_full_pipeline_catches_every_class_and_no_clean_answer() {
    for seed in ["1", "2"] {
        let report = eval(&["--seed", seed, "--per-class", "40"]);
        assert_eq!(report["pipelines"][ALL_CODE], "all code");
        for row in report["classes"].as_array().unwrap() {
            let answers = row["answers"].as_u64().unwrap();
            let caught = row["caught"][ALL_CODE].as_u64().unwrap();
            if row["class"] == "clean" {
                assert_eq!(answers, 40);
                assert_eq!(
                    caught, 0,
                    "seed {seed}: false alarms: {}",
                    report["false_alarms"]
                );
            } else {
                assert!(answers > 0, "{row}");
                assert_eq!(
                    caught, answers,
                    "seed {seed}: {row}; residual {}",
                    report["residual"]
                );
            }
        }
        // The baseline: the right digits at the pointer pass a value check.
        let swaps = row(&report, "same_number_swap");
        assert!(swaps["answers"].as_u64().unwrap() > 0);
        assert_eq!(swaps["caught"][VALUE], 0);
        assert_eq!(swaps["caught"][ALL_CODE], swaps["answers"]);
        assert!(report["residual"].as_array().unwrap().is_empty());
        assert!(
            report["malformed"].as_array().unwrap().is_empty(),
            "{}",
            report["malformed"]
        );
        // One claim per answer; a judge would read only what code accepted.
        let answers: u64 = report["classes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["answers"].as_u64().unwrap())
            .sum();
        assert_eq!(report["claims"], answers);
        assert!(answers >= 40 * 14, "{answers}");
        assert_eq!(report["to_judge"], 40);
        // The calculation and coarse-rounding classes are there.
        for class in [
            "formula_mismatch",
            "wrong_operand_period",
            "coarse_rounding",
        ] {
            assert!(
                row(&report, class)["answers"].as_u64().unwrap() > 0,
                "{class}"
            );
        }
    }
}

#[test]
fn pdf_and_csv_sources_give_the_same_guarantees() {
    let pdfs = [
        "samples/acme.pdf",
        "samples/birchwood.pdf",
        "samples/calder.pdf",
        "samples/dunmore.pdf",
    ];
    let csvs: Vec<String> = std::fs::read_dir("samples")
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".csv"))
        .collect();
    for sources in [pdfs.iter().map(|s| s.to_string()).collect::<Vec<_>>(), csvs] {
        let mut args = vec!["--per-class", "40", "--sources"];
        args.extend(sources.iter().map(String::as_str));
        let report = eval(&args);
        for row in report["classes"].as_array().unwrap() {
            let expected = if row["class"] == "clean" {
                0
            } else {
                row["answers"].as_u64().unwrap()
            };
            assert_eq!(row["caught"][ALL_CODE], expected, "{sources:?}: {row}");
        }
        assert_eq!(row(&report, "same_number_swap")["caught"][VALUE], 0);
        assert!(
            report["malformed"].as_array().unwrap().is_empty(),
            "{}",
            report["malformed"]
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_corpus_and_numbers() {
    let dir = std::env::temp_dir().join(format!("tickmark-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let corpus = |name: &str, seed: &str| -> (Value, String) {
        let path = dir.join(name);
        let report = eval(&[
            "--seed",
            seed,
            "--per-class",
            "15",
            "--write-corpus",
            path.to_str().unwrap(),
        ]);
        (report, std::fs::read_to_string(&path).unwrap())
    };
    let (first, first_corpus) = corpus("a.jsonl", "7");
    let (again, again_corpus) = corpus("b.jsonl", "7");
    let (_, other_corpus) = corpus("c.jsonl", "8");
    assert_eq!(first, again);
    assert_eq!(first_corpus, again_corpus);
    assert_ne!(first_corpus, other_corpus, "another seed picks other cells");
    // Every written answer records its class and runs through `verify`.
    let lines: Vec<Value> = first_corpus
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len() as u64, first["claims"].as_u64().unwrap());
    assert!(lines.iter().all(|l| l["class"].is_string()));
    // The corpus names the four sample workbooks: a source that cannot be
    // opened would be an input error (exit 2), not a caught defect.
    let mut verify = Command::cargo_bin("tickmark").unwrap();
    verify
        .args(["verify", "--format", "jsonl", "--trace"])
        .arg(dir.join("a.jsonl"));
    for name in ["acme", "birchwood", "calder", "dunmore"] {
        let path = std::fs::canonicalize(format!("samples/{name}.xlsx")).unwrap();
        verify
            .arg("--source")
            .arg(format!("{name}.xlsx={}", path.display()));
    }
    let verify = verify.output().unwrap();
    assert!(
        verify.status.code() == Some(1),
        "{}",
        String::from_utf8_lossy(&verify.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn markdown_and_human_show_the_tables() {
    for (format, marker) in [("markdown", "| class |"), ("human", "clean (false alarms)")] {
        let output = Command::cargo_bin("tickmark")
            .unwrap()
            .args(["eval", "--per-class", "5", "--format", format])
            .output()
            .unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains(marker), "{text}");
        assert!(text.contains("same_number_swap"), "{text}");
    }
}

#[test]
fn unreadable_sources_exit_2() {
    let output = Command::cargo_bin("tickmark")
        .unwrap()
        .args(["eval", "--sources", "samples/no-such.xlsx"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no-such.xlsx"));
}
