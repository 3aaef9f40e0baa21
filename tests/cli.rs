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
            "unknown file type \"docx\": expected .xlsx, .xlsm, .xlsb, .xls, .ods, .csv or .tsv",
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

/// The cell object of DESIGN.md §3, as an outside consumer would declare it.
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
