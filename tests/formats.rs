//! The same workbook saved as xlsx, xls and ods labels the same: value, row
//! label, period and concept of every cell (see tests/fixtures/formats/README.md
//! for what the older formats cannot carry).

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;

use tickmark::{Document, ReadOptions, Vocab, load_source};

fn load(path: &str) -> Document {
    load_source(
        Path::new(path),
        "book",
        &Vocab::builtin(),
        &ReadOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn xls_and_ods_copies_label_like_the_xlsx() {
    for name in ["acme", "birchwood", "calder", "dunmore"] {
        let xlsx = load(&format!("samples/{name}.xlsx"));
        for ext in ["xls", "ods"] {
            let other = load(&format!("tests/fixtures/formats/{name}.{ext}"));
            assert_eq!(xlsx.tables.len(), other.tables.len(), "{name}.{ext}");
            for (a, b) in xlsx.tables.iter().zip(&other.tables) {
                assert_eq!(a.name(), b.name());
                // Percent formats are xlsx-only (calamine reads no styles elsewhere).
                let comparable = |c: &tickmark::Cell<'_>| !c.percent();
                let key = |c: tickmark::Cell<'_>| {
                    (
                        c.reference().to_string(),
                        c.value_base(),
                        c.row_label().map(str::to_string),
                        c.period().cloned(),
                        c.concept().cloned(),
                    )
                };
                let want: Vec<_> = a.cells().filter(comparable).map(key).collect();
                let got: Vec<_> = b
                    .cells()
                    .filter(|c| want.iter().any(|w| w.0 == c.reference().to_string()))
                    .map(key)
                    .collect();
                assert_eq!(want.len(), got.len(), "{name}.{ext}#{}", a.name());
                for (w, g) in want.iter().zip(&got) {
                    assert_eq!(w, g, "{name}.{ext}");
                }
            }
        }
    }
}

#[test]
fn xls_keeps_dates_and_merges() {
    let calder = load("tests/fixtures/formats/calder.xls");
    let sfp = calder.tables.iter().find(|t| t.name() == "SFP").unwrap();
    let cell = sfp.cells().next().unwrap();
    assert_eq!(
        cell.period().map(|p| p.to_string()).as_deref(),
        Some("2024-12-31")
    );
    let dunmore = load("tests/fixtures/formats/dunmore.xls");
    let ops = &dunmore.tables[0];
    assert!(
        ops.cells()
            .any(|c| c.col_label() == Some("Nine Months Ended September 30, 2023"))
    );
}
