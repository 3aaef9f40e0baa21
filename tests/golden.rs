//! Golden files: every sample source's labeled cells, one line per cell, in
//! `tests/golden/<file>.txt`. Each line pins what a check relies on: the
//! reference, the number (as written and in base units), the row label, the
//! section path, the column label, the period and the concept.
//!
//! A person reads a golden file when it changes. To rewrite them after an
//! intended change: `TICKMARK_BLESS=1 cargo test --test golden`, then read the
//! diff.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::fmt::Write as _;
use std::path::Path;

use tickmark::{ReadOptions, Vocab, load_source};

const SAMPLES: [&str; 13] = [
    "acme.xlsx",
    "acme_income.csv",
    "acme_balance.csv",
    "acme_cashflow.csv",
    "birchwood.xlsx",
    "birchwood_income.csv",
    "birchwood_balance.csv",
    "calder.xlsx",
    "calder_income.csv",
    "calder_financial_position.csv",
    "dunmore.xlsx",
    "dunmore_income.csv",
    "dunmore_kpi.csv",
];

fn render(file: &str) -> String {
    let path = Path::new("samples").join(file);
    let document = load_source(&path, file, &Vocab::builtin(), &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut out = String::new();
    for table in &document.tables {
        let _ = writeln!(
            out,
            "# {} | {} | unit: {} | scale {}",
            table.reference,
            table.statement.as_str(),
            table.unit.text.as_deref().unwrap_or("none"),
            table.unit.scale
        );
        for warning in &table.warnings {
            let _ = writeln!(out, "# warning: {warning}");
        }
        for note in &table.notes {
            let _ = writeln!(out, "# note: {note}");
        }
        for cell in table.cells() {
            let _ = writeln!(
                out,
                "{} | {} = {} | {} | {} | {} | {} | {}",
                cell.coord(),
                cell.text(),
                cell.value_base()
                    .map(|v| v.normalize().to_string())
                    .unwrap_or("overflow".into()),
                cell.row_label().unwrap_or("-"),
                if cell.section().is_empty() {
                    "-".to_string()
                } else {
                    cell.section().join(" > ")
                },
                cell.col_label().unwrap_or("-"),
                cell.period().map_or("-".to_string(), |p| p.to_string()),
                cell.concept().map_or("-".to_string(), |c| c.to_string()),
            );
        }
    }
    out
}

#[test]
fn every_sample_matches_its_golden_file() {
    let bless = std::env::var_os("TICKMARK_BLESS").is_some();
    let mut failures = Vec::new();
    for file in SAMPLES {
        let got = render(file);
        let golden = Path::new("tests/golden").join(format!("{file}.txt"));
        if bless {
            std::fs::create_dir_all("tests/golden").unwrap();
            std::fs::write(&golden, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&golden).unwrap_or_default();
        if got != want {
            let first = got
                .lines()
                .zip(want.lines())
                .find(|(g, w)| g != w)
                .map(|(g, w)| format!("\n  got:  {g}\n  want: {w}"))
                .unwrap_or_else(|| {
                    format!(
                        "\n  {} lines vs {} lines",
                        got.lines().count(),
                        want.lines().count()
                    )
                });
            failures.push(format!("{file}: differs from {}{first}", golden.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(re-bless with TICKMARK_BLESS=1 after reading the change)",
        failures.join("\n")
    );
}

/// The csv and xlsx of a statement are the same grid, so they must label the
/// same: value, row label, period and concept. (Section paths may differ: a
/// csv without leading spaces has lost the indentation that nests sections.)
#[test]
fn csv_and_xlsx_of_a_statement_agree() {
    let pairs = [
        ("acme.xlsx", "IS", "acme_income.csv"),
        ("acme.xlsx", "BS", "acme_balance.csv"),
        ("acme.xlsx", "CF", "acme_cashflow.csv"),
        ("birchwood.xlsx", "Income Statement", "birchwood_income.csv"),
        ("birchwood.xlsx", "Balance Sheet", "birchwood_balance.csv"),
        ("calder.xlsx", "P&L", "calder_income.csv"),
        ("calder.xlsx", "SFP", "calder_financial_position.csv"),
        ("dunmore.xlsx", "Operations", "dunmore_income.csv"),
        ("dunmore.xlsx", "KPI", "dunmore_kpi.csv"),
    ];
    let vocab = Vocab::builtin();
    let options = ReadOptions::default();
    for (book, sheet, csv) in pairs {
        let workbook =
            load_source(&Path::new("samples").join(book), book, &vocab, &options).unwrap();
        let text = load_source(&Path::new("samples").join(csv), csv, &vocab, &options).unwrap();
        let table = workbook.tables.iter().find(|t| t.name() == sheet).unwrap();
        let key = |c: tickmark::Cell<'_>| {
            (
                c.coord(),
                c.value_base(),
                c.row_label().map(str::to_string),
                c.period().cloned(),
                c.concept().cloned(),
            )
        };
        let from_book: Vec<_> = table.cells().map(key).collect();
        let from_csv: Vec<_> = text.cells().map(key).collect();
        assert_eq!(from_book.len(), from_csv.len(), "{book}#{sheet} vs {csv}");
        for (a, b) in from_book.iter().zip(&from_csv) {
            assert_eq!(a, b, "{book}#{sheet} vs {csv}");
        }
    }
}
