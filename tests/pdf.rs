//! The PDF reader: each sample statement read from its PDF gives the same
//! (row label, period, value) triples as from its workbook; bad PDFs give a
//! clear message and exit 2 (or a per-page problem); cites into PDF tables
//! and pages verify like spreadsheet cites; the peers' fixtures score ≥ 0.95.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use rust_decimal::Decimal;
use tickmark::answer::read_answers_str;
use tickmark::check::Route;
use tickmark::check::resolve::Store;
use tickmark::eval::pdf_fixtures::{read_manifest, score_tickmark};
use tickmark::{Document, ReadOptions, SourceCache, Verifier, VerifyOptions, Vocab, load_source};

fn load(path: &str) -> Document {
    load_source(
        Path::new(path),
        path,
        &Vocab::builtin(),
        &ReadOptions::default(),
    )
    .unwrap()
}

/// (row label, period, value, scale) of every labeled cell, sorted.
fn triples(doc: &Document) -> Vec<(String, String, Decimal, Decimal)> {
    let mut out: Vec<_> = doc
        .cells()
        .map(|c| {
            let period = serde_json::to_string(&c.period()).unwrap();
            (
                c.row_label().unwrap_or_default().to_string(),
                period,
                c.value().normalize(),
                c.scale(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn each_sample_reads_the_same_from_pdf_and_xlsx() {
    for name in ["acme", "birchwood", "calder", "dunmore"] {
        let xlsx = load(&format!("samples/{name}.xlsx"));
        let pdf = load(&format!("samples/{name}.pdf"));
        let (a, b) = (triples(&xlsx), triples(&pdf));
        assert!(a.len() > 20, "{name}: {} cells", a.len());
        let only_xlsx: Vec<_> = a.iter().filter(|t| !b.contains(t)).collect();
        let only_pdf: Vec<_> = b.iter().filter(|t| !a.contains(t)).collect();
        assert!(
            only_xlsx.is_empty() && only_pdf.is_empty() && a.len() == b.len(),
            "{name}: only in xlsx {only_xlsx:#?}\nonly in pdf {only_pdf:#?}"
        );
    }
}

#[test]
fn prose_page_keeps_its_text_and_yields_no_table() {
    let acme = load("samples/acme.pdf");
    let last = acme.pages.last().unwrap();
    assert!(last.problem.is_none());
    assert!(last.text.contains("Management"), "{}", last.text);
    assert!(
        !acme
            .tables
            .iter()
            .any(|t| t.part.pdf_page() == Some(last.number) && !t.records.is_empty())
    );
}

fn tickmark() -> Command {
    Command::cargo_bin("tickmark").unwrap()
}

#[test]
fn a_bad_pdf_is_a_clear_message_and_exit_2() {
    let cases = [
        ("truncated.pdf", "is the file truncated or damaged?"),
        ("random.pdf", "not a PDF (no %PDF header)"),
        ("encrypted.pdf", "the PDF is password-protected"),
        ("image_only.pdf", "the page has no text layer"),
    ];
    for (file, message) in cases {
        tickmark()
            .args(["extract", &format!("tests/fixtures/bad/{file}")])
            .assert()
            .code(2)
            .stderr(contains(file))
            .stderr(contains(message))
            .stderr(contains("panicked").not());
    }
}

#[test]
fn a_pdf_with_an_empty_user_password_is_read() {
    tickmark()
        .args(["extract", "tests/fixtures/bad/encrypted_empty.pdf"])
        .assert()
        .success()
        .stdout(contains("Revenue"));
}

#[test]
fn a_page_that_crashes_pdf_extract_is_that_page_alone() {
    tickmark()
        .args(["extract", "tests/fixtures/bad/panics.pdf"])
        .assert()
        .success()
        .stdout(contains("Revenue"))
        .stderr(contains("page 2: pdf-extract crashed on the page"))
        .stderr(contains("panicked").not());
}

#[test]
fn max_pages_stops_the_read_and_says_how_to_raise_it() {
    tickmark()
        .args([
            "extract",
            "tests/fixtures/bad/many_pages.pdf",
            "--max-pages",
            "10",
        ])
        .assert()
        .code(2)
        .stderr(contains("pages 11-2000: not read"))
        .stderr(contains("raise --max-pages"));
}

fn verify_pdf(claims: &str, sources: &str) -> tickmark::AnswerReport {
    let json = format!(r#"{{"id": "t", "sources": [{sources}], "claims": [{claims}]}}"#);
    let answers = read_answers_str(&json, "test.json", false).unwrap();
    let answer = answers.items.into_iter().next().unwrap().unwrap();
    let vocab = Vocab::builtin();
    let store = Store::default();
    let verifier = Verifier::new(&vocab, &store, VerifyOptions::default());
    verifier.verify(&answer, &SourceCache::default(), Path::new("."))
}

/// The PDF reference of the cell holding a concept's figure for a year.
fn pdf_ref(doc: &Document, concept: &str, fy: i16) -> String {
    doc.cells()
        .find(|c| {
            c.concept().map(|k| k.as_str()) == Some(concept)
                && c.period().and_then(|p| p.year()) == Some(fy)
        })
        .map(|c| c.reference().to_string())
        .unwrap()
}

#[test]
fn pdf_cites_verify_like_workbook_cites() {
    let acme = load("samples/acme.pdf");
    let revenue = pdf_ref(&acme, "Revenues", 2024);
    assert!(revenue.starts_with("samples/acme.pdf#p2t1!"), "{revenue}");
    let ok = verify_pdf(
        &format!(
            r#"{{"id": "k", "text": "Revenue was $4,200 million in 2024.", "value": "$4,200 million", "role": "Revenue 2024", "cites": ["{revenue}"]}}"#
        ),
        r#""samples/acme.pdf""#,
    );
    assert_eq!(
        ok.claims[0].route,
        Route::Accept,
        "{:#?}",
        ok.claims[0].findings
    );
    // The right digits at the wrong year's cell: the same finding as the
    // same cite into the workbook, naming the PDF cell to cite instead.
    let revenue_2023 = pdf_ref(&acme, "Revenues", 2023);
    let claim = |cite: &str| {
        format!(
            r#"{{"id": "k", "text": "Revenue was $3,900 million in 2024.", "value": "$3,900 million", "role": "Revenue 2024", "cites": ["{cite}"]}}"#
        )
    };
    let from_pdf = verify_pdf(&claim(&revenue_2023), r#""samples/acme.pdf""#);
    let from_xlsx = verify_pdf(&claim("samples/acme.xlsx#IS!C7"), r#""samples/acme.xlsx""#);
    let (p, x) = (&from_pdf.claims[0], &from_xlsx.claims[0]);
    assert_eq!(p.route, x.route);
    let codes = |c: &tickmark::ClaimReport| -> Vec<&str> {
        c.findings.iter().map(|f| f.code.name()).collect()
    };
    assert_eq!(codes(p), codes(x));
    assert!(!codes(p).is_empty());
    assert!(
        p.findings[0].message.contains(&revenue),
        "{}",
        p.findings[0].message
    );
}

#[test]
fn a_quote_checks_against_the_page_text() {
    let acme = load("samples/acme.pdf");
    let page = acme.pages.last().unwrap().number;
    let line = acme
        .pages
        .last()
        .unwrap()
        .text
        .lines()
        .nth(2)
        .unwrap()
        .to_string();
    let quote = line
        .split_whitespace()
        .take(6)
        .collect::<Vec<_>>()
        .join(" ");
    let cite = format!("samples/acme.pdf#p{page}");
    let found = verify_pdf(
        &format!(r#"{{"id": "k", "text": "{quote}", "quote": "{quote}", "cites": ["{cite}"]}}"#),
        r#""samples/acme.pdf""#,
    );
    let codes: Vec<&str> = found.claims[0]
        .findings
        .iter()
        .map(|f| f.code.name())
        .collect();
    assert!(!codes.contains(&"fabricated_quote"), "{quote:?}: {codes:?}");
    let made_up = verify_pdf(
        &format!(
            r#"{{"id": "k", "text": "x", "quote": "revenue tripled overnight", "cites": ["{cite}"]}}"#
        ),
        r#""samples/acme.pdf""#,
    );
    let codes: Vec<&str> = made_up.claims[0]
        .findings
        .iter()
        .map(|f| f.code.name())
        .collect();
    assert!(codes.contains(&"fabricated_quote"), "{codes:?}");
}

#[test]
fn a_cite_into_an_unreadable_page_is_unreadable_source_not_wrong() {
    let source = r#""tests/fixtures/bad/panics.pdf""#;
    let report = verify_pdf(
        r#"{"id": "k", "text": "Revenue was 4,200.", "value": "4,200", "cites": ["tests/fixtures/bad/panics.pdf#p2t1!B4"]}"#,
        source,
    );
    let c = &report.claims[0];
    assert_eq!(c.route, Route::Review, "{:#?}", c.findings);
    assert_eq!(c.findings[0].code.name(), "unreadable_source");
    assert!(
        c.findings[0].message.contains("page 2"),
        "{}",
        c.findings[0].message
    );
    // Page 1 of the same file is fine.
    let ok = verify_pdf(
        r#"{"id": "k", "text": "Revenue was 4,200 in 2024.", "value": "4,200", "cites": ["tests/fixtures/bad/panics.pdf#p1t1!B4"]}"#,
        source,
    );
    assert_ne!(
        ok.claims[0].route,
        Route::Review,
        "{:#?}",
        ok.claims[0].findings
    );
}

/// The peers' fixtures (../shared/external/pdf-tables/), untuned: numeric
/// cells in the right row and column. Skipped where ../shared (or
/// $TICKMARK_SHARED) is absent.
#[test]
fn peers_fixtures_score_at_least_95_percent_with_position() {
    let shared = std::env::var("TICKMARK_SHARED").unwrap_or_else(|_| "../shared".to_string());
    let root = &Path::new(&shared).join("external/pdf-tables");
    if !root.exists() {
        eprintln!("skipped: {} is absent", root.display());
        return;
    }
    let fixtures = read_manifest(Path::new("peers/pdf-fixtures.tsv")).unwrap();
    assert!(fixtures.len() >= 15);
    for (fixture, score) in score_tickmark(&fixtures, root, &Vocab::builtin()) {
        let score = score.unwrap();
        if fixture.kind == "financial" {
            assert!(
                score.recall() >= 0.95 && score.precision() >= 0.95,
                "{}/{} ({}): recall {:.3}, precision {:.3}",
                fixture.dir,
                fixture.file,
                fixture.expected,
                score.recall(),
                score.precision()
            );
        }
    }
}

#[test]
fn the_time_budget_stops_the_read_and_says_how_to_raise_it() {
    // --pdf-time-budget, the flag's first name, still works.
    for flag in ["--time-budget", "--pdf-time-budget"] {
        tickmark()
            .args(["extract", "samples/acme.pdf", flag, "0"])
            .assert()
            .code(2)
            .stderr(contains("pages 1-5: not read"))
            .stderr(contains("raise --time-budget"));
    }
}
