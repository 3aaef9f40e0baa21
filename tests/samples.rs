//! The sample answers of `samples/answers/`: their reports are pinned in
//! `<name>.expected.json` beside them (read by a person when they change;
//! rewrite with `TICKMARK_BLESS=1 cargo test --test samples`), and together
//! they show every finding code of the code checks.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;

use assert_cmd::Command;

const SAMPLES: [(&str, u8); 4] = [("acme", 1), ("birchwood", 1), ("calder", 1), ("dunmore", 1)];

fn run(name: &str) -> (String, Option<i32>) {
    let output = Command::cargo_bin("tickmark")
        .unwrap()
        .args([
            "verify",
            "--trace",
            &format!("samples/answers/{name}.json"),
            "--store",
            "samples/answers/store.jsonl",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        output.status.code(),
    )
}

#[test]
fn sample_reports_match_their_expected_files() {
    let bless = std::env::var_os("TICKMARK_BLESS").is_some();
    for (name, exit) in SAMPLES {
        let (got, code) = run(name);
        assert_eq!(code, Some(i32::from(exit)), "{name}");
        let path = format!("samples/answers/{name}.expected.json");
        if bless {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            got == want,
            "{name}: the report differs from {path}; read the change, then re-bless"
        );
    }
}

#[test]
fn the_samples_show_every_code_check_finding() {
    let mut seen = BTreeSet::new();
    for (name, _) in SAMPLES {
        let (json, _) = run(name);
        let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let answers = match value["answers"].take() {
            serde_json::Value::Array(a) => a,
            other => panic!("{name}: no answers array: {other}"),
        };
        let mut stack: Vec<serde_json::Value> = answers
            .into_iter()
            .flat_map(|a| a["claims"].as_array().cloned().unwrap_or_default())
            .collect();
        while let Some(claim) = stack.pop() {
            for f in claim["findings"].as_array().cloned().unwrap_or_default() {
                seen.insert(f["code"].as_str().unwrap().to_string());
            }
            stack.extend(claim["operands"].as_array().cloned().unwrap_or_default());
        }
    }
    for code in [
        "uncited",
        "unknown_ref",
        "outside_context",
        "unreadable_source",
        "fabricated_quote",
        "value_mismatch",
        "sign_flip",
        "scale_mismatch",
        "same_number_swap",
        "role_mismatch",
        "period_mismatch",
        "ambiguous_role",
        "arithmetic_mismatch",
        "formula_mismatch",
    ] {
        assert!(seen.contains(code), "no sample answer shows {code}");
    }
}
