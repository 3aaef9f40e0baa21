//! The `tickmark` command line, run as a user runs it: exit codes, messages
//! on bad input, output formats, and the JSON contract of `extract`.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;
use predicates::prelude::*;
use serde::Deserialize;

fn tickmark() -> Command {
    Command::cargo_bin("tickmark").unwrap()
}

fn bad(name: &str) -> String {
    format!("tests/fixtures/bad/{name}")
}

/// Runs `extract` on a bad file: exit 2, one message naming the file, no panic.
fn assert_unreadable(file: &str, message: &str) {
    let output = tickmark().args(["extract", file]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{file}: {stderr}");
    assert!(!stderr.contains("panicked"), "{file}: {stderr}");
    assert!(
        stderr.contains(&format!("error: {file}")),
        "{file}: the message names the file: {stderr}"
    );
    assert!(
        stderr.contains(message),
        "{file}: expected {message:?} in {stderr:?}"
    );
    assert_eq!(stderr.lines().count(), 1, "{file}: one message: {stderr}");
    assert!(output.stdout.is_empty() || !String::from_utf8_lossy(&output.stdout).contains('#'));
}

#[test]
fn bad_input_gives_one_clear_message_and_exit_2() {
    let cases = [
        ("missing.xlsx", "cannot open: no such file"),
        (
            "report.docx",
            "unknown file type \"docx\": expected .xlsx, .xlsm, .xlsb, .xls, .ods, .csv, .tsv, .pdf, .htm, .html or .xhtml",
        ),
        ("truncated.xlsx", "not a readable xlsx workbook"),
        ("random.xlsx", "not a readable xlsx workbook"),
        ("zero.xlsx", "the file is empty (0 bytes)"),
        ("zero.csv", "the file is empty (0 bytes)"),
        (
            "encrypted.xlsx",
            "the workbook is password-protected; save an unprotected copy",
        ),
        (
            "empty_sheet.xlsx",
            "no numbers found: sheet \"Sheet1\" is empty",
        ),
        (
            "no_numbers.xlsx",
            "no numbers found: sheet \"Sheet1\" has no numbers",
        ),
        (
            "ragged.csv",
            "line 4: field 5 is beyond the 3 columns of the table",
        ),
        (
            "invalid_utf8.csv",
            "line 3: field 1: invalid UTF-8 (byte 0x80); save the file as UTF-8",
        ),
        (
            "utf16.csv",
            "line 1: the file is UTF-16 encoded; save it as UTF-8",
        ),
    ];
    for (name, message) in cases {
        assert_unreadable(&bad(name), message);
    }
}

#[test]
fn one_bad_source_does_not_hide_the_good_ones() {
    let output = tickmark()
        .args([
            "extract",
            "--format",
            "jsonl",
            "samples/acme_income.csv",
            &bad("random.xlsx"),
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.lines().count() > 20,
        "the good source is still extracted"
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("random.xlsx"));
}

#[test]
fn a_table_without_header_is_extracted_with_a_warning() {
    let output = tickmark()
        .args(["extract", "--format", "jsonl", &bad("no_header.xlsx")])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("no header row found: periods and column labels are null"),
        "{stderr}"
    );
    let cells: Vec<ContractCell> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(!cells.is_empty());
    assert!(
        cells
            .iter()
            .all(|c| c.period.is_none() && c.row_label.is_some())
    );
}

#[test]
fn short_csv_rows_are_padded() {
    tickmark()
        .args(["extract", "--format", "csv", &bad("short_rows.csv")])
        .assert()
        .success()
        .stdout(predicate::str::contains("Other income"));
}

#[test]
fn usage_errors_exit_2() {
    tickmark().args(["extract"]).assert().code(2);
    tickmark()
        .args(["extract", "--format", "xml", "samples/acme.xlsx"])
        .assert()
        .code(2);
    tickmark().args(["frobnicate"]).assert().code(2);
    tickmark().args(["--help"]).assert().success();
}

/// The cell object of docs/contract.md §3, as an outside consumer would declare it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContractCell {
    #[serde(rename = "ref")]
    reference: String,
    text: String,
    value: String,
    scale: String,
    value_base: Option<String>,
    percent: bool,
    currency: Option<String>,
    decimals: u32,
    measure: String,
    row_label: Option<String>,
    #[serde(default)]
    indent: u8,
    section: Vec<String>,
    col_label: Option<String>,
    period: Option<ContractPeriod>,
    concept: Option<String>,
    statement: String,
    #[serde(default)]
    dash: bool,
    #[serde(default)]
    parens: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContractPeriod {
    kind: String,
    fy: Option<i32>,
    quarter: Option<u8>,
    half: Option<u8>,
    months: Option<u8>,
    start: Option<String>,
    end: Option<String>,
    date: Option<String>,
    percent: Option<bool>,
    from: Option<Box<ContractPeriod>>,
    to: Option<Box<ContractPeriod>>,
}

#[test]
fn json_output_follows_the_cell_contract() {
    let output = tickmark()
        .args(["extract", "--format", "json", "samples/acme.xlsx"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let cells: Vec<ContractCell> = serde_json::from_slice(&output.stdout).unwrap();
    let revenue = cells
        .iter()
        .find(|c| c.reference == "samples/acme.xlsx#IS!B7")
        .expect("revenue 2024");
    assert_eq!(revenue.text, "4200");
    assert_eq!(revenue.value, "4200");
    assert_eq!(revenue.scale, "1000000");
    assert_eq!(revenue.value_base.as_deref(), Some("4200000000"));
    assert!(!revenue.percent);
    assert_eq!(revenue.currency.as_deref(), Some("USD"));
    assert_eq!(revenue.decimals, 0);
    assert_eq!(revenue.measure, "monetary");
    assert_eq!(revenue.row_label.as_deref(), Some("Revenue"));
    assert!(revenue.section.is_empty());
    assert_eq!(
        revenue.col_label.as_deref(),
        Some("Year Ended December 31, 2024")
    );
    let period = revenue.period.as_ref().unwrap();
    assert_eq!(period.kind, "duration");
    assert_eq!(period.fy, Some(2024));
    assert_eq!(period.start.as_deref(), Some("2024-01-01"));
    assert_eq!(period.end.as_deref(), Some("2024-12-31"));
    assert_eq!(revenue.concept.as_deref(), Some("Revenues"));
    assert_eq!(revenue.statement, "income");
    let goodwill = cells
        .iter()
        .find(|c| c.reference == "samples/acme.xlsx#BS!B16")
        .expect("goodwill 2024");
    let instant = goodwill.period.as_ref().unwrap();
    assert_eq!(
        (instant.kind.as_str(), instant.date.as_deref()),
        ("instant", Some("2024-12-31"))
    );
    assert_eq!(goodwill.statement, "balance");
    // Everything a contract cell carries is used, and deserialization rejects drift.
    let _ = (
        &revenue.indent,
        &revenue.dash,
        &revenue.parens,
        &period.quarter,
        &period.half,
        &period.months,
        &period.percent,
        &period.from,
        &period.to,
    );
}

#[test]
fn jsonl_and_csv_carry_the_same_cells() {
    let jsonl = tickmark()
        .args(["extract", "--format", "jsonl", "samples/birchwood.xlsx"])
        .output()
        .unwrap();
    let csv = tickmark()
        .args(["extract", "--format", "csv", "samples/birchwood.xlsx"])
        .output()
        .unwrap();
    assert!(jsonl.status.success() && csv.status.success());
    let json_refs: Vec<String> = String::from_utf8_lossy(&jsonl.stdout)
        .lines()
        .map(|l| serde_json::from_str::<ContractCell>(l).unwrap().reference)
        .collect();
    let mut reader = csv::Reader::from_reader(csv.stdout.as_slice());
    let csv_refs: Vec<String> = reader
        .records()
        .map(|r| r.unwrap().get(0).unwrap().to_string())
        .collect();
    assert_eq!(json_refs, csv_refs);
    assert!(
        json_refs
            .iter()
            .any(|r| r == "samples/birchwood.xlsx#'Income Statement'!B7")
    );
}

#[test]
fn human_output_is_a_table_per_sheet() {
    tickmark()
        .args(["extract", "samples/acme.xlsx"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "samples/acme.xlsx#IS  Consolidated Statements of Operations",
        ))
        .stdout(predicate::str::contains("EarningsPerShareBasic"))
        .stderr(predicate::str::contains("sheet \"Cover\" has no numbers"));
}

#[test]
fn user_vocabulary_extends_the_built_in_one() {
    let dir = std::env::temp_dir().join(format!("tickmark-vocab-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let vocab = dir.join("extra.toml");
    std::fs::write(
        &vocab,
        "[[concept]]\nid = \"AcmeWidgetRoyalties\"\nmeasure = \"monetary\"\nperiod = \"duration\"\nlabels = [\"Other income (expense), net\"]\n",
    )
    .unwrap();
    // The label already belongs to a built-in concept: a clear error, exit 2.
    let output = tickmark()
        .args([
            "extract",
            "--vocab",
            vocab.to_str().unwrap(),
            "samples/acme.xlsx",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("AcmeWidgetRoyalties"));
    std::fs::write(
        &vocab,
        "[[concept]]\nid = \"PrepaidExpenseAndOtherAssetsCurrentX\"\nmeasure = \"monetary\"\nperiod = \"instant\"\nlabels = [\"Widget royalties receivable\"]\n",
    )
    .unwrap();
    tickmark()
        .args([
            "extract",
            "--vocab",
            vocab.to_str().unwrap(),
            "samples/acme.xlsx",
        ])
        .assert()
        .success();
    tickmark()
        .args([
            "extract",
            "--vocab",
            "no/such/vocab.toml",
            "samples/acme.xlsx",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no/such/vocab.toml"));
}

/// The answer object of docs/contract.md §5, as an outside consumer would declare it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContractAnswer {
    id: String,
    route: String,
    model_calls: usize,
    model_calls_saved: usize,
    claims: Vec<ContractClaim>,
    #[serde(default)]
    error: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContractClaim {
    id: String,
    route: String,
    findings: Vec<ContractFinding>,
    #[serde(default)]
    cell: Option<ContractCellSummary>,
    #[serde(default)]
    pending_support: bool,
    #[serde(default)]
    operands: Vec<ContractClaim>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContractFinding {
    check: String,
    code: String,
    #[serde(default)]
    cite: Option<String>,
    #[serde(default)]
    cell: Option<ContractCellSummary>,
    message: String,
    #[serde(default)]
    suggest: Option<String>,
    route: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContractCellSummary {
    #[serde(rename = "ref")]
    reference: String,
    value: String,
    row_label: Option<String>,
    col_label: Option<String>,
    period: Option<String>,
    concept: Option<String>,
}

fn verify_json(args: &[&str]) -> (Vec<ContractAnswer>, Option<i32>) {
    let output = tickmark()
        .args(["verify", "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let answers = match value {
        serde_json::Value::Array(items) => items,
        one => vec![one],
    };
    (
        answers
            .into_iter()
            .map(|a| serde_json::from_value(a).unwrap())
            .collect(),
        output.status.code(),
    )
}

#[test]
fn verify_json_follows_the_report_contract() {
    let (answers, code) = verify_json(&[
        "--trace",
        "samples/answers/acme.json",
        "--store",
        "samples/answers/store.jsonl",
    ]);
    assert_eq!(code, Some(1));
    let swap = answers.iter().find(|a| a.id == "acme-swap").unwrap();
    assert_eq!(swap.route, "recite");
    assert_eq!(swap.model_calls, 0);
    assert_eq!(swap.model_calls_saved, 2);
    assert!(swap.error.is_none());
    let k1 = &swap.claims[0];
    assert_eq!((k1.id.as_str(), k1.route.as_str()), ("k1", "recite"));
    let finding = &k1.findings[0];
    assert_eq!(finding.check, "role");
    assert_eq!(finding.code, "same_number_swap");
    assert_eq!(finding.cite.as_deref(), Some("acme.xlsx#IS!D18"));
    assert_eq!(finding.suggest.as_deref(), Some("acme.xlsx#BS!B16"));
    assert_eq!(finding.route, "recite");
    assert!(finding.message.contains("412"));
    let cell = finding.cell.as_ref().unwrap();
    assert_eq!(cell.reference, "acme.xlsx#IS!D18");
    assert_eq!(cell.value, "412");
    assert_eq!(cell.row_label.as_deref(), Some("Net income"));
    assert_eq!(cell.period.as_deref(), Some("FY ended 2022-12-31"));
    assert_eq!(cell.concept.as_deref(), Some("NetIncomeLoss"));
    assert!(cell.col_label.is_some());
    let accepted = &swap.claims[1];
    assert_eq!(accepted.route, "accept");
    assert!(accepted.pending_support && accepted.findings.is_empty() && accepted.cell.is_some());
    let clean = answers.iter().find(|a| a.id == "acme-clean").unwrap();
    assert!(clean.claims.iter().any(|c| c.operands.len() == 2));
    // A single answer object prints as a single object.
    let (one, _) = verify_json(&["--trace", "samples/answers/birchwood.json"]);
    assert_eq!(one.len(), 1);
}

#[test]
fn verify_exit_codes_and_fail_on() {
    let dir = std::env::temp_dir().join(format!("tickmark-exit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().to_string()
    };
    let acme = std::fs::canonicalize("samples/acme.xlsx").unwrap();
    let source = format!("acme.xlsx={}", acme.display());
    let claim = |value: &str, role: &str, cite: &str| {
        format!(
            r#"{{"id": "a", "sources": ["acme.xlsx"], "claims": [{{"value": "{value}", "role": "{role}", "cites": ["{cite}"]}}]}}"#
        )
    };
    let good = write(
        "good.json",
        &claim("$4.2 billion", "Revenue, FY2024", "acme.xlsx#IS!B7"),
    );
    let recite = write(
        "recite.json",
        &claim("$412 million", "Goodwill, FY2024", "acme.xlsx#IS!D18"),
    );
    let wrong = write(
        "wrong.json",
        &claim("$4.3 billion", "Revenue, FY2024", "acme.xlsx#IS!B7"),
    );
    let run = |trace: &str, extra: &[&str]| {
        tickmark()
            .args([
                "verify", "--format", "json", "--trace", trace, "--source", &source,
            ])
            .args(extra)
            .output()
            .unwrap()
            .status
            .code()
    };
    assert_eq!(run(&good, &[]), Some(0));
    assert_eq!(run(&recite, &[]), Some(1));
    assert_eq!(run(&recite, &["--fail-on", "review"]), Some(0));
    assert_eq!(run(&wrong, &["--fail-on", "reanswer"]), Some(1));
    assert_eq!(run(&wrong, &["--fail-on", "recite"]), Some(1));
    // Nothing to check is not "every claim accepted": review, exit 1.
    let talk = write(
        "talk.json",
        r#"{"id": "t", "sources": ["acme.xlsx"], "claims": [{"text": "Revenue grew strongly."}]}"#,
    );
    assert_eq!(run(&talk, &[]), Some(1));
    assert_eq!(run(&talk, &["--fail-on", "review"]), Some(1));
    assert_eq!(run(&talk, &["--fail-on", "reanswer"]), Some(0));
    // Malformed answers are reported, the others still checked, exit 2.
    let mixed = write(
        "mixed.jsonl",
        &format!(
            "{}\n{{\"id\": \"b\", \"claims\": [{{\"value\": 4.2}}]}}\n",
            claim("$4.2 billion", "Revenue, FY2024", "acme.xlsx#IS!B7")
        ),
    );
    let output = tickmark()
        .args([
            "verify", "--format", "jsonl", "--trace", &mixed, "--source", &source,
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let lines: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), 2, "one output line per input line");
    assert!(lines[0].contains("\"route\":\"accept\""));
    // The malformed claim is the claim's error: the answer keeps its id.
    assert!(lines[1].contains("\"id\":\"b\""), "{}", lines[1]);
    assert!(
        lines[1].contains("claim \\\"k1\\\": \\\"value\\\" must be a string"),
        "{}",
        lines[1]
    );
    // Usage and unreadable input.
    assert_eq!(
        run(&dir.join("missing.json").to_string_lossy(), &[]),
        Some(2)
    );
    assert_eq!(run(&good, &["--checks", "nonsense"]), Some(2));
    assert_eq!(run(&good, &["--fail-on", "maybe"]), Some(2));
    tickmark()
        .args(["verify", "--trace", &good, "--source", "no-equals-sign"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected ID=PATH"));
}

#[test]
fn the_time_budget_stops_a_spreadsheet_or_csv_whole() {
    for source in [
        "samples/acme.xlsx",
        "samples/acme_income.csv",
        "tests/fixtures/formats/acme.xls",
    ] {
        tickmark()
            .args(["extract", source, "--time-budget", "0"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "reading took longer than the time budget of 0 s; raise --time-budget to read it",
            ));
        // The near miss: the default budget reads it.
        tickmark().args(["extract", source]).assert().code(0);
    }
}
