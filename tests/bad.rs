//! Hostile inputs (`tests/bad/`): each gives its expected exit code and
//! message, and nothing panics. Two more are made at test time: a 50 MB
//! one-line answer, and a PDF of 10,000 empty pages.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::io::Write;
use std::path::Path;

use assert_cmd::Command;

fn tickmark() -> Command {
    Command::cargo_bin("tickmark").unwrap()
}

#[test]
fn every_hostile_file_gives_its_exit_code_and_message_and_no_panic() {
    let manifest = std::fs::read_to_string("tests/bad/expected.tsv").unwrap();
    let mut checked = 0;
    for line in manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [file, command, exit, message] = fields[..] else {
            panic!("bad manifest line {line:?}");
        };
        let path = format!("tests/bad/{file}");
        let output = match command {
            "extract" => tickmark().args(["extract", &path]).output().unwrap(),
            "verify" => tickmark()
                .args(["verify", "--format", "json", "--trace", &path])
                .output()
                .unwrap(),
            other => panic!("unknown command {other}"),
        };
        let stderr = String::from_utf8_lossy(&output.stderr);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(
            output.status.code(),
            Some(exit.parse().unwrap()),
            "{file}: {stderr}"
        );
        assert!(
            stderr.contains(message) || stdout.contains(message),
            "{file}: expected {message:?}\nstderr: {stderr}\nstdout: {}",
            &stdout[..stdout.len().min(2000)]
        );
        assert!(!stderr.contains("panicked"), "{file}: {stderr}");
        checked += 1;
    }
    assert!(checked >= 15);
}

#[test]
fn numbers_that_are_not_numbers_are_not_read_as_numbers() {
    let output = tickmark()
        .args(["extract", "--format", "csv", "tests/bad/values.csv"])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    // Only the one real number of the file is a labeled cell.
    let cells: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(cells.len(), 1, "{text}");
    assert!(
        cells[0].starts_with("tests/bad/values.csv#C4,4200,"),
        "{text}"
    );
}

#[test]
fn a_fifty_megabyte_answer_line_is_read_or_refused_but_always_answered() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.jsonl");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    write!(
        file,
        r#"{{"id": "huge", "sources": ["acme.xlsx"], "claims": [{{"text": ""#
    )
    .unwrap();
    let chunk = "Revenue grew. ".repeat(1000);
    for _ in 0..(50_000_000 / chunk.len()) {
        file.write_all(chunk.as_bytes()).unwrap();
    }
    writeln!(
        file,
        r#"", "value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}}]}}"#
    )
    .unwrap();
    writeln!(file, "{{not json").unwrap();
    file.flush().unwrap();
    drop(file);
    // The batch's exit code and its records, with `extra` flags.
    let batch = |extra: &[&str]| {
        let output = tickmark()
            .args(["batch", "--sources", "samples"])
            .args(extra)
            .arg("--traces")
            .arg(&path)
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let records: Vec<serde_json::Value> = stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (output.status.code(), records)
    };
    // Under the 64 MiB line limit: read and checked; the next line still answered.
    let (_, records) = batch(&[]);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["claims"][0]["route"], "accept");
    assert_eq!(records[1]["line"], 2);
    assert!(records[1]["error"].is_string());
    // With a lower limit the same line is refused, by name, and the run goes on.
    let (code, records) = batch(&["--max-line-mb", "10"]);
    assert_eq!(records.len(), 2);
    let error = records[0]["error"].as_str().unwrap();
    assert!(
        error.contains("over the limit") && error.contains("--max-line-mb"),
        "{error}"
    );
    assert_eq!(code, Some(2));
}

#[test]
fn a_pdf_of_ten_thousand_empty_pages_stops_at_the_page_limit() {
    use lopdf::dictionary;
    use lopdf::{Document, Object, Stream};
    let mut doc = Document::with_version("1.4");
    let pages_id = doc.new_object_id();
    let mut kids = Vec::new();
    for _ in 0..10_000 {
        let content = doc.add_object(Stream::new(dictionary! {}, Vec::new()));
        let page = doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "MediaBox" => vec![0.into(), 0.into(), 612.into(), 792.into()],
            "Contents" => content,
        });
        kids.push(Object::Reference(page));
    }
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => 10_000 }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty_pages.pdf");
    doc.save(&path).unwrap();
    // The page limit is what this checks, not the clock: a day's budget
    // keeps a loaded machine from stopping the read first.
    let output = tickmark()
        .args(["extract", "--time-budget", "86400"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no page could be read"), "{stderr}");
    assert!(
        stderr.contains(
            "pages 2001-10000: not read: the file has 10000 pages and --max-pages is 2000"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("time budget"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_poisoned_source_or_line_affects_only_the_answers_that_use_it() {
    let dir = tempfile::tempdir().unwrap();
    let sources = dir.path();
    std::fs::copy("samples/acme.xlsx", sources.join("acme.xlsx")).unwrap();
    std::fs::copy("tests/bad/bomb.xlsx", sources.join("bomb.xlsx")).unwrap();
    std::fs::copy("tests/bad/loop.pdf", sources.join("loop.pdf")).unwrap();
    let good = r#"{"id": "good", "sources": ["acme.xlsx"], "claims": [{"value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}]}"#;
    let bomb = r#"{"id": "bomb", "sources": ["bomb.xlsx"], "claims": [{"value": "4,200", "role": "Revenue, FY2024", "cites": ["bomb.xlsx#IS!B7"]}]}"#;
    let looped = r#"{"id": "loop", "sources": ["loop.pdf"], "claims": [{"value": "4,200", "role": "Revenue", "cites": ["loop.pdf#p1"]}]}"#;
    let input = format!("{good}\n{bomb}\n{{\"id\": [\n{looped}\n{good}\n");
    let output = tickmark()
        .args(["batch", "--traces", "-", "--sources"])
        .arg(sources)
        .write_stdin(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let records: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 5);
    assert_eq!(records[0]["claims"][0]["route"], "accept");
    assert_eq!(
        records[1]["claims"][0]["findings"][0]["code"],
        "unreadable_source"
    );
    assert!(records[2]["error"].is_string());
    assert_eq!(
        records[3]["claims"][0]["findings"][0]["code"],
        "unreadable_source"
    );
    assert_eq!(records[4]["claims"][0]["route"], "accept");
    assert_eq!(output.status.code(), Some(2));
}

/// The zip bomb is turned away within 512 MiB of address space (an upper
/// bound on its peak memory): `ulimit -v` makes any larger allocation fail.
#[cfg(unix)]
#[test]
fn the_zip_bomb_is_refused_within_512_mib() {
    let bin = assert_cmd::cargo::cargo_bin("tickmark");
    let run = |extra: &str| {
        std::process::Command::new("/bin/sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v 524288; exec \"{}\" extract {extra} tests/bad/bomb.xlsx",
                bin.display()
            ))
            .output()
            .unwrap()
    };
    let output = run("");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("declare 800 MiB unpacked"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // The near miss: with the limit raised the bomb is unpacked, and 512 MiB
    // is not enough (the read fails some other way, or is killed).
    let output = run("--max-unpacked-mb 2000");
    assert_ne!(output.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&output.stderr).contains("declare 800 MiB"));
}

/// A calculation over `--max-calc-bytes` is not checked and says which flag
/// raises the limit; under a raised limit the same claim is checked and
/// holds.
#[test]
fn a_long_calculation_names_its_flag_and_a_raised_limit_checks_it() {
    let dir = tempfile::tempdir().unwrap();
    let samples = std::fs::canonicalize("samples").unwrap();
    // (r24 - r23) / r23, then 3,000 times "+ 0": 12,000-odd bytes.
    let calc = format!("(r24 - r23) / r23{}", " + 0".repeat(3000));
    let answer = serde_json::json!({
        "id": "long-calc",
        "sources": [{"id": "acme.xlsx", "path": samples.join("acme.xlsx")}],
        "claims": [{
            "id": "k5", "text": "Revenue grew 7.7% in 2024.", "value": "7.7%",
            "role": "revenue growth 2024 vs 2023", "calc": calc,
            "operands": [
                {"id": "r24", "value": "4,200", "role": "Revenue 2024", "cite": "acme.xlsx#IS!B7"},
                {"id": "r23", "value": "3,900", "role": "Revenue 2023", "cite": "acme.xlsx#IS!C7"}
            ]
        }]
    });
    let trace = dir.path().join("long.json");
    std::fs::write(&trace, answer.to_string()).unwrap();
    let run = |extra: &[&str]| {
        tickmark()
            .args(["verify", "--format", "json", "--trace"])
            .arg(&trace)
            .args(extra)
            .output()
            .unwrap()
    };
    let output = run(&[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("arithmetic_mismatch"), "{stdout}");
    assert!(
        stdout.contains("expected at most 10000 bytes, found 12017; raise --max-calc-bytes"),
        "{stdout}"
    );
    assert!(
        !stdout.contains(&" + 0".repeat(100)),
        "the message clips the text"
    );
    let output = run(&["--max-calc-bytes", "20000"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(!stdout.contains("arithmetic_mismatch"), "{stdout}");
}

/// verify refuses an answers file over `--max-trace-mb` before reading it
/// whole, and points to batch; a raised limit reads it.
#[test]
fn an_answers_file_over_the_verify_limit_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let samples = std::fs::canonicalize("samples").unwrap();
    let answer = |n: usize| {
        serde_json::json!({
            "id": format!("a{n}"), "sources": [{"id": "acme.xlsx", "path": samples.join("acme.xlsx")}],
            "claims": [{"id": "k1", "text": "Revenue was $4.2 billion in 2024.", "value": "$4.2 billion",
                        "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}]
        })
        .to_string()
    };
    let trace = dir.path().join("big.jsonl");
    let mut file = std::fs::File::create(&trace).unwrap();
    let mut n = 0;
    while file.metadata().unwrap().len() < 1_200_000 {
        n += 1;
        writeln!(file, "{}", answer(n)).unwrap();
    }
    drop(file);
    let verify = |limit_mb: &str| {
        tickmark()
            .args([
                "verify",
                "--format",
                "json",
                "--max-trace-mb",
                limit_mb,
                "--trace",
            ])
            .arg(&trace)
            .output()
            .unwrap()
    };
    let output = verify("1");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("the file is 1.1 MiB, over the limit of 1 MiB for verify; check it with `tickmark batch`, which streams, or raise --max-trace-mb"),
        "{stderr}"
    );
    let output = verify("2");
    assert_eq!(output.status.code(), Some(0));
}

/// Malformed claims are their claims' errors: every answer is reported with
/// its own id, its good claims checked, one line per input line, by verify
/// and by batch alike.
#[test]
fn a_malformed_claim_loses_no_other_claim() {
    let trace = "tests/bad/malformed_claims.jsonl";
    let input_lines = std::fs::read_to_string(trace).unwrap().lines().count();
    let output = tickmark()
        .args(["verify", "--format", "jsonl", "--trace", trace])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let reports: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), input_lines);
    let ids: Vec<&str> = reports.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["numbers", "nulls", "words", "shapes", "numbers"]);
    for report in &reports {
        assert_eq!(report["claims"][0]["route"], "accept", "{report}");
    }
    let claim = |answer: usize, id: &str| {
        reports[answer]["claims"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["id"] == id)
            .cloned()
            .collect::<Vec<_>>()
    };
    assert!(
        claim(0, "k2")[0]["error"]
            .as_str()
            .unwrap()
            .contains("must be a string")
    );
    assert_eq!(
        claim(1, "k3")[0]["findings"][0]["code"],
        "value_mismatch",
        "n/a for 12"
    );
    assert_eq!(claim(2, "k2")[0]["route"], "accept", "negative $9 million");
    assert_eq!(
        claim(2, "k3")[0]["findings"][0]["code"],
        "no_checkable_claim"
    );
    assert!(
        claim(3, "k4")[0]["error"]
            .as_str()
            .unwrap()
            .contains("given twice")
    );
    assert!(
        claim(3, "k1")[1]["error"]
            .as_str()
            .unwrap()
            .contains("ids must be unique")
    );
    assert!(
        reports[4]["error"]
            .as_str()
            .unwrap()
            .contains("also the id of the answer at line 1")
    );

    let batch = tickmark()
        .args(["batch", "--sources", "tests/bad", "--traces", trace])
        .output()
        .unwrap();
    assert_eq!(batch.status.code(), Some(2));
    let records: Vec<serde_json::Value> = String::from_utf8_lossy(&batch.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), input_lines, "one record per input line");
    for (n, record) in records.iter().enumerate() {
        assert_eq!(record["line"], n + 1);
        assert_eq!(record["id"], ids[n]);
    }
    assert!(records[4]["error"].as_str().unwrap().contains("line 1"));
}

/// A source whose content is not its extension's format is unreadable,
/// never an unknown reference.
#[test]
fn a_mislabeled_source_is_unreadable_not_unknown() {
    let output = tickmark()
        .args([
            "verify",
            "--format",
            "json",
            "--trace",
            "tests/bad/mislabeled.json",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("unreadable_source"), "{stdout}");
    assert!(!stdout.contains("unknown_ref"), "{stdout}");
}

#[path = "bad/hostile_answers.rs"]
mod hostile_answers;

/// The hostile answers of `tests/bad/hostile_answers.rs` finish (the cost of
/// a claim is bounded: cites deduplicated, at most 64 distinct, roles read
/// from their first 2,000 bytes, candidates from the tables' indexes) or are
/// refused, with one record per claim. The time limit only catches a hang;
/// docs/performance.md gives the measured times.
#[test]
fn hostile_answers_finish_with_a_record_per_claim() {
    let dir = tempfile::tempdir().unwrap();
    let samples = std::fs::canonicalize("samples").unwrap();
    for hostile in hostile_answers::write_all(&samples, dir.path()) {
        let start = std::time::Instant::now();
        let output = tickmark()
            .args(["verify", "--format", "json", "--trace"])
            .arg(&hostile.path)
            .timeout(std::time::Duration::from_secs(120))
            .output()
            .unwrap();
        let seconds = start.elapsed().as_secs_f64();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            matches!(output.status.code(), Some(1 | 2)),
            "{}: {:?} after {seconds:.1} s: {stderr}",
            hostile.name,
            output.status
        );
        assert!(!stderr.contains("panicked"), "{}: {stderr}", hostile.name);
        let output_json: serde_json::Value = serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("{}: {e}: {stdout:.300}", hostile.name));
        let report = &output_json["answers"][0];
        let claims = report["claims"].as_array().map_or(0, Vec::len);
        assert_eq!(claims, hostile.claims, "{}: {}", hostile.name, hostile.what);
        assert!(
            stdout.len() < 4 << 20,
            "{}: the report repeats its input",
            hostile.name
        );
        if hostile.name == "cites_65_distinct" {
            assert!(
                stdout.contains("65 distinct cites; at most 64 are checked"),
                "{stdout:.2000}"
            );
            assert_eq!(report["claims"][1]["route"], "accept", "{stdout:.2000}");
        }
    }
}

/// Writes the hostile answers to `TICKMARK_HOSTILE_DIR`, to time them.
#[test]
#[ignore = "a generator: run with --ignored and TICKMARK_HOSTILE_DIR=DIR"]
fn write_hostile_answers() {
    let Ok(dir) = std::env::var("TICKMARK_HOSTILE_DIR") else {
        eprintln!("TICKMARK_HOSTILE_DIR is not set: nothing written");
        return;
    };
    std::fs::create_dir_all(&dir).unwrap();
    let samples = std::fs::canonicalize("samples").unwrap();
    for hostile in hostile_answers::write_all(&samples, Path::new(&dir)) {
        println!(
            "{}\t{}\t{}",
            hostile.path.display(),
            hostile.claims,
            hostile.what
        );
    }
}
