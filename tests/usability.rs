//! The command line as a CI gate and a newcomer meet it: input errors told
//! apart from wrong claims (exit 2 vs 1), errors that say the way out, and
//! the same input flags on `verify` and `batch`.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;

fn tickmark() -> Command {
    Command::cargo_bin("tickmark").unwrap()
}

/// Writes `text` as `name` in a fresh folder and returns the folder.
fn answer_file(name: &str, text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), text).unwrap();
    dir
}

const REVENUE: &str = r#"{"id": "k1", "value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#;

/// An answer over `acme.xlsx` at `path`, with a revenue claim and a
/// calculation whose two operands cite it too.
fn answer_over(path: &str) -> String {
    format!(
        r#"{{"id": "a1", "sources": [{{"id": "acme.xlsx", "path": "{path}"}}], "claims": [{REVENUE},
           {{"id": "k2", "value": "7.7%", "role": "revenue growth 2024", "calc": "(a - b) / b", "operands": [
              {{"id": "a", "value": "4,200", "role": "Revenue 2024", "cite": "acme.xlsx#IS!B7"}},
              {{"id": "b", "value": "3,900", "role": "Revenue 2023", "cite": "acme.xlsx#IS!C7"}}]}}]}}"#
    )
}

fn run_verify(dir: &tempfile::TempDir, format: &str) -> std::process::Output {
    tickmark()
        .args(["verify", "--format", format, "--trace"])
        .arg(dir.path().join("answer.json"))
        .output()
        .unwrap()
}

/// The one answer report of `verify --format json` output.
fn the_answer(stdout: &[u8]) -> serde_json::Value {
    let mut json: serde_json::Value = serde_json::from_slice(stdout).unwrap();
    json["answers"][0].take()
}

// Item 3: a source that cannot be opened is an input error.

#[test]
fn a_mistyped_source_path_is_an_input_error_with_one_message() {
    let dir = answer_file("answer.json", &answer_over("no/such/acme.xlsx"));
    let output = run_verify(&dir, "human");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stdout}");
    assert_eq!(
        stdout.matches("cannot open").count(),
        1,
        "one message, not one per claim and operand: {stdout}"
    );
    assert!(
        stdout.contains("error[source]: ")
            && stdout.contains("acme.xlsx: cannot open: no such file"),
        "{stdout}"
    );
    assert!(!stdout.contains("unreadable_source"), "{stdout}");
    let json = run_verify(&dir, "json");
    assert_eq!(json.status.code(), Some(2));
    let report = the_answer(&json.stdout);
    assert_eq!(report["error_kind"], "source", "{report}");
    assert!(
        report["error"]
            .as_str()
            .unwrap()
            .contains("cannot open: no such file")
    );
    assert_eq!(report["claims"].as_array().unwrap().len(), 0);
}

#[test]
fn a_folder_or_an_unknown_file_type_as_a_source_is_an_input_error_too() {
    for path in ["../", "notes.docx"] {
        let dir = answer_file("answer.json", &answer_over(path));
        std::fs::write(dir.path().join("notes.docx"), "x").unwrap();
        let output = run_verify(&dir, "json");
        assert_eq!(output.status.code(), Some(2), "{path}");
        let report = the_answer(&output.stdout);
        assert_eq!(report["error_kind"], "source", "{path}: {report}");
    }
}

#[test]
fn near_miss_a_source_that_opens_but_has_an_unreadable_part_stays_a_finding() {
    // A password-protected workbook opens as a file: its cites are
    // unreadable_source (review), exit 1, and the other claims are checked.
    let locked = std::fs::canonicalize("samples/answers/locked.xlsx").unwrap();
    let acme = std::fs::canonicalize("samples/acme.xlsx").unwrap();
    let text = format!(
        r#"{{"id": "a1", "sources": [{{"id": "acme.xlsx", "path": "{}"}}, {{"id": "locked.xlsx", "path": "{}"}}],
            "claims": [{REVENUE}, {{"id": "k2", "value": "$1.1 billion", "role": "Segment revenue", "cites": ["locked.xlsx#Segments!B4"]}}]}}"#,
        acme.display(),
        locked.display()
    );
    let dir = answer_file("answer.json", &text);
    let output = run_verify(&dir, "json");
    assert_eq!(output.status.code(), Some(1));
    let report = the_answer(&output.stdout);
    assert!(report.get("error").is_none(), "{report}");
    assert_eq!(report["claims"][0]["route"], "accept");
    assert_eq!(
        report["claims"][1]["findings"][0]["code"],
        "unreadable_source"
    );
}

#[test]
fn batch_makes_an_unopenable_source_an_error_record_and_exits_2() {
    let input = format!("{}\n", answer_over("missing.xlsx").replace('\n', " "));
    let output = tickmark()
        .args(["batch", "--traces", "-", "--sources", "samples"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let record: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(record["line"], 1);
    let error = record["error"].as_str().unwrap();
    assert!(
        error.starts_with("answer \"a1\": ")
            && error.contains("missing.xlsx: cannot open: no such file"),
        "{error}"
    );
}

// Item 7: errors with a way out.

fn extract(args: &[&str]) -> (Option<i32>, String, String) {
    let output = tickmark().arg("extract").args(args).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn an_unknown_file_type_lists_every_supported_extension() {
    let dir = answer_file("notes.docx", "x");
    let path = dir.path().join("notes.docx");
    let (code, _, stderr) = extract(&[path.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    for ext in [
        ".xlsx", ".xlsm", ".xlsb", ".xls", ".ods", ".csv", ".tsv", ".pdf", ".htm", ".html",
        ".xhtml",
    ] {
        assert!(stderr.contains(ext), "{ext} missing: {stderr}");
    }
}

#[test]
fn a_folder_says_it_is_a_folder_and_names_a_file_in_it() {
    let (code, _, stderr) = extract(&["samples"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("samples: cannot open: it is a folder, expected a source file; name the files in it, such as samples/acme"),
        "{stderr}"
    );
    assert!(!stderr.contains("unknown file type"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn extract_reads_one_table_by_its_reference() {
    let (code, stdout, stderr) = extract(&["samples/acme.xlsx#IS", "--format", "jsonl"]);
    assert_eq!(code, Some(0), "{stderr}");
    let refs: Vec<String> = stdout
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["ref"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert!(!refs.is_empty());
    assert!(
        refs.iter().all(|r| r.starts_with("samples/acme.xlsx#IS!")),
        "{refs:?}"
    );
    // A cell and a PDF table too.
    let (code, stdout, _) = extract(&["samples/acme.xlsx#IS!B7", "--format", "jsonl"]);
    assert_eq!(code, Some(0));
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(
        stdout.contains("\"ref\":\"samples/acme.xlsx#IS!B7\""),
        "{stdout}"
    );
    // Near miss: the whole file still reads every table.
    let (_, whole, _) = extract(&["samples/acme.xlsx", "--format", "jsonl"]);
    assert!(whole.contains("samples/acme.xlsx#BS!"));
}

#[test]
fn a_missing_table_lists_the_tables_there_are() {
    let (code, stdout, stderr) = extract(&["samples/acme.xlsx#Income!B7"]);
    assert_eq!(code, Some(2), "{stdout}");
    assert!(
        stderr.contains("samples/acme.xlsx#Income!B7 does not exist in samples/acme.xlsx; its tables are Cover, IS, BS, CF"),
        "{stderr}"
    );
}

fn verify_one(claim: &str, sources: &str) -> serde_json::Value {
    let acme = std::fs::canonicalize("samples").unwrap();
    let text = format!(r#"{{"id": "a1", "sources": [{sources}], "claims": [{claim}]}}"#)
        .replace("SAMPLES", acme.to_str().unwrap());
    let dir = answer_file("answer.json", &text);
    let output = run_verify(&dir, "json");
    the_answer(&output.stdout)
}

fn message(report: &serde_json::Value) -> String {
    report["claims"][0]["findings"][0]["message"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

const ACME: &str = r#"{"id": "acme.xlsx", "path": "SAMPLES/acme.xlsx"}"#;

#[test]
fn a_cite_of_a_sheet_that_is_not_there_lists_the_sheets() {
    let report = verify_one(
        r#"{"id": "k1", "value": "4,200", "role": "Revenue 2024", "cites": ["acme.xlsx#Income!B7"]}"#,
        ACME,
    );
    let m = message(&report);
    assert!(
        m.contains(
            "acme.xlsx#Income!B7 does not exist in acme.xlsx; its tables are Cover, IS, BS, CF"
        ),
        "{m}"
    );
}

#[test]
fn a_pdf_page_cell_suggests_the_table_form() {
    let report = verify_one(
        r#"{"id": "k1", "value": "4,200", "role": "Revenue 2024", "cites": ["acme.pdf#p2!B6"]}"#,
        r#"{"id": "acme.pdf", "path": "SAMPLES/acme.pdf"}"#,
    );
    let m = message(&report);
    assert!(m.contains("did you mean acme.pdf#p2t1!B6?"), "{m}");
}

#[test]
fn another_programs_reference_syntax_gets_a_did_you_mean() {
    for (cite, meant) in [
        ("IS:B7", "acme.xlsx#IS!B7"),
        ("IS!B7", "acme.xlsx#IS!B7"),
        ("acme.xlsx!IS!B7", "acme.xlsx#IS!B7"),
    ] {
        let claim = format!(
            r#"{{"id": "k1", "value": "4,200", "role": "Revenue 2024", "cites": ["{cite}"]}}"#
        );
        let m = message(&verify_one(&claim, ACME));
        assert!(m.contains(&format!("did you mean {meant}?")), "{cite}: {m}");
    }
    // Near miss: an invented chunk id gets no guess.
    let m = message(&verify_one(
        r#"{"id": "k1", "value": "4,200", "role": "Revenue 2024", "cites": ["c777"]}"#,
        ACME,
    ));
    assert!(
        m.contains("\"c777\" is not a chunk id") && !m.contains("did you mean"),
        "{m}"
    );
}

// Item 2: decimal commas are never dropped silently.

#[test]
fn decimal_comma_fields_are_named_in_a_warning() {
    let dir = answer_file(
        "eu.csv",
        "Line,2024\nRevenue,\"1.234,5\"\nCost,\"1,5\"\nOther,100\n",
    );
    let path = dir.path().join("eu.csv");
    let (code, stdout, stderr) = extract(&[path.to_str().unwrap(), "--format", "jsonl"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "only 100 is read: {stdout}");
    assert!(
        stderr.contains(
            "2 fields written with a decimal comma were not read: B2 \"1.234,5\", B3 \"1,5\""
        ),
        "{stderr}"
    );
}

#[test]
fn a_csv_of_decimal_commas_only_says_why_it_has_no_numbers() {
    let dir = answer_file("eu.csv", "Line,2024\nRevenue,\"1.234,5\"\n");
    let path = dir.path().join("eu.csv");
    let (code, _, stderr) = extract(&[path.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("eu.csv: no numbers found: 1 field written with a decimal comma was not read: B2 \"1.234,5\""),
        "{stderr}"
    );
}

#[test]
fn a_cite_of_a_decimal_comma_cell_says_what_it_holds() {
    let dir = answer_file("eu.csv", "Line,2024\nRevenue,\"1.234,5\"\nOther,100\n");
    let text = r#"{"id": "a1", "sources": ["eu.csv"], "claims": [
        {"id": "k1", "value": "1,234.5", "role": "Revenue 2024", "cites": ["eu.csv#B2"]}]}"#;
    std::fs::write(dir.path().join("answer.json"), text).unwrap();
    let report = the_answer(&run_verify(&dir, "json").stdout);
    let m = message(&report);
    assert!(
        m.contains("written with a decimal comma, which tickmark does not read"),
        "{m}"
    );
}

#[test]
fn near_miss_thousands_separators_give_no_decimal_comma_warning() {
    let dir = answer_file("us.csv", "Line,2024\nRevenue,\"1,234.5\"\nCost,\"1,500\"\n");
    let path = dir.path().join("us.csv");
    let (code, stdout, stderr) = extract(&[path.to_str().unwrap(), "--format", "jsonl"]);
    assert_eq!(code, Some(0));
    assert_eq!(stdout.lines().count(), 2);
    assert!(!stderr.contains("decimal comma"), "{stderr}");
}

#[test]
fn a_double_quoted_sheet_name_is_echoed_once_with_the_single_quote_form() {
    let (code, _, stderr) = extract(&["samples/acme.xlsx#\"IS\"!B7"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("error: samples/acme.xlsx#\"IS\"!B7 does not exist in samples/acme.xlsx; sheet names are quoted with single quotes: did you mean samples/acme.xlsx#IS!B7?"),
        "{stderr}"
    );
    assert!(!stderr.contains("'\""), "echoed with both quotes: {stderr}");
}

// Item 10: diagnostics without noise.

fn human_samples() -> String {
    let output = tickmark()
        .args([
            "verify",
            "--trace",
            "samples/answers/acme.json",
            "--store",
            "samples/answers/store.jsonl",
            "--format",
            "human",
        ])
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap()
}

/// The block of the diagnostic whose first line contains `head`.
fn block<'a>(text: &'a str, head: &str) -> &'a str {
    text.split("\n\n")
        .find(|b| b.lines().next().is_some_and(|l| l.contains(head)))
        .unwrap_or_else(|| panic!("no block {head:?} in:\n{text}"))
}

#[test]
fn one_cite_with_two_findings_is_one_block_with_one_excerpt() {
    let text = human_samples();
    let b = block(&text, "acme-pointers › k1");
    assert!(
        b.starts_with("recite[value_mismatch, period_mismatch]: acme-pointers › k1"),
        "{b}"
    );
    assert_eq!(b.matches("--> acme.xlsx#IS!B7").count(), 1, "{b}");
    assert_eq!(b.matches("<--").count(), 1, "{b}");
    assert_eq!(
        b.matches("= help: cite acme.xlsx#IS!C7 instead").count(),
        1,
        "{b}"
    );
    assert_eq!(text.matches("acme-pointers › k1").count(), 1, "{text}");
    // Near miss: a cite with one finding keeps one code.
    let swap = block(&text, "acme-swap › k1");
    assert!(
        swap.starts_with("recite[same_number_swap]: acme-swap › k1"),
        "{swap}"
    );
}

#[test]
fn the_header_row_is_shown_once() {
    let text = human_samples();
    let b = block(&text, "acme-pointers › k1");
    let headers = b
        .lines()
        .filter(|l| l.trim_end().ends_with("2024  2023  2022"))
        .count();
    assert_eq!(headers, 1, "{b}");
    // Near miss: away from the header, the header line is still printed.
    let swap = block(&text, "acme-swap › k1");
    assert!(
        swap.lines()
            .any(|l| l.starts_with("       |") && l.contains("2024")),
        "{swap}"
    );
}

#[test]
fn every_block_is_headed_by_its_route() {
    let text = human_samples();
    assert!(
        text.contains("reanswer[value_mismatch]: acme-wrong › k1"),
        "{text}"
    );
    assert!(!text.contains("error[value_mismatch]"), "{text}");
    for b in text.split("\n\n").filter(|b| b.contains("  = route: ")) {
        let head = b.lines().next().unwrap();
        let route = b
            .lines()
            .find_map(|l| l.strip_prefix("  = route: "))
            .unwrap();
        assert!(head.starts_with(&format!("{route}[")), "{b}");
    }
}

#[test]
fn numbers_are_shown_at_a_sensible_precision_with_thousands_separators() {
    let text = human_samples();
    let b = block(&text, "acme-wrong › k4");
    assert!(b.contains("= 0.076923)"), "{b}");
    assert!(!b.contains("0.0769230769230"), "{b}");
    let b = block(&text, "acme-wrong › k1");
    assert!(
        b.contains("acme.xlsx#IS!B7 holds 4,200 million (4,200,000,000)"),
        "{b}"
    );
}

/// A claim naming its concept by id is described by the concept's label,
/// as the cell is by its row label (issue 17, item 10).
#[test]
fn a_claim_role_given_by_concept_id_is_named_by_its_label() {
    let report = verify_one(
        r#"{"id": "k1", "value": "190", "role": {"concept": "WeightedAverageNumberOfDilutedSharesOutstanding", "period": "FY2024"}, "cites": ["acme.xlsx#IS!B18"]}"#,
        ACME,
    );
    let messages: Vec<String> = report["claims"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["message"].as_str().map(str::to_string))
        .collect();
    let role = messages
        .iter()
        .find(|m| m.contains("the claim says"))
        .unwrap_or_else(|| panic!("{messages:?}"));
    assert!(
        role.contains("the claim says Weighted average shares outstanding, diluted, FY2024"),
        "{role}"
    );
    assert!(
        !role.contains("the claim says WeightedAverage"),
        "the concept id is not the name: {role}"
    );
    // The cell, too, is named by its row label (its concept in brackets).
    assert!(role.contains("is Net income (NetIncomeLoss)"), "{role}");
}

#[test]
fn a_pdf_cell_is_described_with_its_scale_word() {
    let report = verify_one(
        r#"{"id": "k1", "value": "$4.3 billion", "role": "Revenue, FY2024", "cites": ["acme.pdf#p2t1!B6"]}"#,
        r#"{"id": "acme.pdf", "path": "SAMPLES/acme.pdf"}"#,
    );
    let m = message(&report);
    assert!(
        m.contains("acme.pdf#p2t1!B6 holds $4,200 million (4,200,000,000)"),
        "{m}"
    );
}

// Item 1: JSON or JSON Lines is decided once, from the content.

/// The design example, pretty-printed over many lines, with one comma
/// missing after `"sources": ["acme.xlsx"]` on line 3.
const BROKEN_OBJECT: &str = r#"{
  "id": "acme-q1",
  "sources": ["acme.xlsx"]
  "claims": [
    {"id": "k1",
     "value": "$4.2 billion",
     "role": "Revenue, FY2024",
     "cites": ["acme.xlsx#IS!B7"]}
  ]
}
"#;

#[test]
fn a_syntax_error_in_a_pretty_printed_object_is_one_error_with_line_and_column() {
    let dir = answer_file("answer.json", BROKEN_OBJECT);
    let output = run_verify(&dir, "human");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stdout}");
    assert_eq!(stdout.matches("error[malformed]").count(), 1, "{stdout}");
    assert!(
        stdout.contains("answer.json line 4: invalid JSON at column 3: expected `,` or `}`"),
        "{stdout}"
    );
    let json = run_verify(&dir, "json");
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        report["answers"].as_array().map(Vec::len),
        Some(1),
        "one object in, one report out: {report}"
    );
}

#[test]
fn near_miss_json_lines_with_one_broken_line_keep_the_others() {
    let good = format!(r#"{{"id": "a", "sources": ["acme.xlsx"], "claims": [{REVENUE}]}}"#);
    let text = format!(
        "{good}\n{{\"id\": \"b\", \"claims\": [}}\n{}\n",
        good.replace("\"a\"", "\"c\"")
    );
    let dir = answer_file("answers.json", &text);
    std::fs::copy("samples/acme.xlsx", dir.path().join("acme.xlsx")).unwrap();
    let output = tickmark()
        .args(["verify", "--format", "jsonl", "--trace"])
        .arg(dir.path().join("answers.json"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let reports: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), 3);
    assert_eq!(reports[0]["route"], "accept", "{}", reports[0]);
    assert!(
        reports[1]["error"].as_str().unwrap().contains("line 2"),
        "{}",
        reports[1]
    );
    assert_eq!(reports[2]["route"], "accept");
}

// Item 6 (part): verify reads standard input like batch.

#[test]
fn verify_reads_answers_from_standard_input() {
    let text = format!(
        r#"{{"id": "a1", "sources": [{{"id": "acme.xlsx", "path": "samples/acme.xlsx"}}], "claims": [{REVENUE}]}}"#
    );
    let output = tickmark()
        .args(["verify", "--format", "json", "--trace", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = the_answer(&output.stdout);
    assert_eq!(report["claims"][0]["route"], "accept", "{report}");
    // Near miss: an empty standard input is an input error, not an empty run.
    let empty = tickmark()
        .args(["verify", "--trace", "-"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(empty.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&empty.stderr).contains("-: no answers: the file is empty"));
}

// Item 6: `verify` and `batch` take the same input flags.

/// An answer naming `acme.xlsx` by its bare name, with one revenue claim.
const BARE: &str = r#"{"id": "a1", "sources": ["acme.xlsx"], "claims": [{"id": "k1", "value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}]}"#;

#[test]
fn verify_sources_dir_resolves_source_paths_against_that_folder() {
    // The answer sits in a folder of its own; its source is under samples/.
    let dir = answer_file("answer.json", BARE);
    let trace = dir.path().join("answer.json");
    let output = tickmark()
        .args([
            "verify",
            "--format",
            "json",
            "--sources",
            "samples",
            "--trace",
        ])
        .arg(&trace)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let report = the_answer(&output.stdout);
    assert_eq!(report["claims"][0]["cell"]["ref"], "acme.xlsx#IS!B7");
    // Near miss: without --sources the path resolves next to the trace
    // file, where there is no acme.xlsx: an input error.
    let output = tickmark()
        .args(["verify", "--format", "json", "--trace"])
        .arg(&trace)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(the_answer(&output.stdout)["error_kind"], "source");
    // A --sources that is not a folder is a usage error, said once.
    let output = tickmark()
        .args(["verify", "--sources", "samples/acme.xlsx", "--trace"])
        .arg(&trace)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--sources samples/acme.xlsx: not a folder"),
        "{stderr}"
    );
}

#[test]
fn batch_source_reads_one_source_from_a_path_of_ones_own() {
    // --sources is an empty folder; --source names where acme.xlsx is,
    // outside it (the user's own path is not confined).
    let dir = answer_file("answers.jsonl", &format!("{BARE}\n"));
    let empty = tempfile::tempdir().unwrap();
    let acme = std::fs::canonicalize("samples/acme.xlsx").unwrap();
    let run = |extra: &[String]| {
        tickmark()
            .args(["batch", "--traces"])
            .arg(dir.path().join("answers.jsonl"))
            .arg("--sources")
            .arg(empty.path())
            .args(extra)
            .output()
            .unwrap()
    };
    let output = run(&[format!("--source=acme.xlsx={}", acme.display())]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(record["claims"][0]["route"], "accept", "{record}");
    assert_eq!(record["claims"][0]["cell"]["ref"], "acme.xlsx#IS!B7");
    // Near miss: without it the answer's path is looked up in the empty
    // folder, and the line is an error record.
    let output = run(&[]);
    assert_eq!(output.status.code(), Some(2));
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(
        record["error"]
            .as_str()
            .unwrap()
            .contains("cannot open: no such file"),
        "{record}"
    );
    // The same usage error as verify's for a spec without `=`.
    let output = run(&["--source".to_string(), "acme.xlsx".to_string()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("expected ID=PATH"));
}

#[test]
fn verify_and_batch_list_the_same_input_flags() {
    let help = |command: &str| {
        let output = tickmark().args([command, "--help"]).output().unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let (verify, batch) = (help("verify"), help("batch"));
    for flag in ["--sources <DIR>", "--source <ID=PATH>", "--store <FILE>"] {
        assert!(verify.contains(flag), "verify lacks {flag}");
        assert!(batch.contains(flag), "batch lacks {flag}");
    }
}

// Item 12: completions and man pages from the clap definitions; examples of
// the library.

#[test]
fn completions_are_generated_for_every_shell_from_the_flags() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let output = tickmark().args(["completions", shell]).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        // The commands and a flag added to both verify and batch are there.
        for word in ["verify", "batch", "extract", "sources", "fail-on"] {
            assert!(script.contains(word), "{shell}: no {word:?}");
        }
    }
    // Near miss: a shell clap_complete does not know is a usage error.
    let output = tickmark().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("possible values"));
}

#[test]
fn man_pages_are_generated_for_tickmark_and_each_command() {
    let page = |args: &[&str]| tickmark().arg("man").args(args).output().unwrap();
    let top = page(&[]);
    assert_eq!(top.status.code(), Some(0));
    let top = String::from_utf8(top.stdout).unwrap();
    assert!(top.contains(".TH tickmark 1"), "{top}");
    assert!(top.contains("verify") && top.contains("batch"));
    let verify = page(&["verify"]);
    assert_eq!(verify.status.code(), Some(0));
    let verify = String::from_utf8(verify.stdout).unwrap();
    assert!(verify.contains(".TH tickmark-verify 1"));
    assert!(verify.contains("tickmark\\-verify \\- Check every cited number"));
    assert!(verify.contains("\\-\\-sources") && verify.contains("\\-\\-trace"));
    let batch = String::from_utf8(page(&["batch"]).stdout).unwrap();
    assert!(batch.contains("\\-\\-source ") || batch.contains("\\-\\-source\\fR"));
    // Near miss: an unknown command names the ones there are.
    let output = page(&["frobnicate"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "man \"frobnicate\": no such command; expected one of extract, verify, batch"
        ),
        "{stderr}"
    );
}

/// A library example as `cargo test` builds it (beside the test binaries),
/// or `None` when only some test targets were built.
fn example(name: &str) -> Option<Command> {
    let exe = std::env::current_exe().unwrap();
    let profile = exe.parent()?.parent()?;
    let path = profile
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    if path.is_file() {
        Some(Command::new(path))
    } else {
        eprintln!(
            "skipped: {} is not built (cargo test builds the examples; --test alone does not)",
            path.display()
        );
        None
    }
}

#[test]
fn the_library_examples_run_as_documented() {
    if let Some(mut extract) = example("extract_cells") {
        let output = extract
            .args(["samples/acme.xlsx", "Revenues"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(
            text.contains("acme.xlsx#IS!B7  Revenue  FY ended 2024-12-31  4200000000 (Revenues)"),
            "{text}"
        );
    }
    if let Some(mut verify) = example("verify_answer") {
        let output = verify
            .arg("samples/answers/birchwood.json")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "a claim is not accepted");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains("birchwood-fy24: reanswer"), "{text}");
        assert!(
            text.contains(
                "k4 recite[same_number_swap] (cite birchwood.xlsx#'Income Statement'!B24 instead)"
            ),
            "{text}"
        );
    }
}
