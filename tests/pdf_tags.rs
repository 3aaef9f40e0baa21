//! `tickmark eval --pdf-xbrl DIR`: a PDF scored against the XBRL tags of
//! the same filing. A hand-written instance for samples/acme.pdf checks
//! the scorer itself (a fact tagged but not printed counts as not read);
//! Apple's FY2022 10-K checks the reader, when ../shared (or $TICKMARK_SHARED) holds it.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

fn eval(dir: &Path) -> Value {
    let output = Command::cargo_bin("tickmark")
        .unwrap()
        .args(["eval", "--format", "json", "--pdf-xbrl"])
        .arg(dir)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn the_scorer_matches_every_printed_fact_and_counts_the_unprinted_one() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("samples/acme.pdf", dir.path().join("acme.pdf")).unwrap();
    for f in ["acme_instance.xml", "acme_pre.xml"] {
        std::fs::copy(format!("tests/fixtures/pdf_tags/{f}"), dir.path().join(f)).unwrap();
    }
    let report = eval(dir.path());
    let s = &report["statements"];
    // 15 lines × 3 years, and GrossProfit 2024, tagged but not printed.
    assert_eq!(s["numbers"], 46, "{s}");
    for aspect in ["value", "scale", "sign", "period"] {
        assert_eq!(s[aspect], 45, "{aspect}: {s}");
    }
    let failures = report["failures"].as_array().unwrap();
    let of = |aspect: &str| -> Vec<&Value> {
        failures.iter().filter(|f| f["aspect"] == aspect).collect()
    };
    let missed = of("value");
    assert_eq!(missed.len(), 1, "{failures:#?}");
    assert!(
        missed[0]["expected"]
            .as_str()
            .unwrap()
            .starts_with("us-gaap:GrossProfit")
    );
    // The fixture tags "Other income (expense), net" with the narrower
    // OtherNonoperatingIncomeExpense; tickmark's vocabulary says
    // NonoperatingIncomeExpense, and without families that is wrong.
    let wrong = of("concept");
    assert_eq!(wrong.len(), 3, "{failures:#?}");
    assert_eq!(failures.len(), 4, "{failures:#?}");
    assert!(
        s["concept"]["counts"]["exact"].as_u64().unwrap() >= 30,
        "{s}"
    );
    assert_eq!(report["section"], serde_json::json!([2, 2]));
}

#[test]
fn apples_2022_10k_reads_as_its_tags_say() {
    let shared = std::env::var("TICKMARK_SHARED").unwrap_or_else(|_| "../shared".to_string());
    let dir = &Path::new(&shared).join("datasets/sec_pdf_xbrl/aapl_10k_2022");
    if !dir.exists() {
        eprintln!("skipped: {} is absent", dir.display());
        return;
    }
    let report = eval(dir);
    let s = &report["statements"];
    let share = |aspect: &str| s[aspect].as_f64().unwrap() / s["numbers"].as_f64().unwrap();
    assert!(s["numbers"].as_u64().unwrap() >= 250, "{s}");
    for (aspect, floor) in [
        ("value", 0.995),
        ("scale", 0.995),
        ("sign", 0.995),
        ("period", 0.98),
    ] {
        assert!(share(aspect) >= floor, "{aspect}: {s}");
    }
    assert!(report["notes"]["numbers"].as_u64().unwrap() >= 400);
}
