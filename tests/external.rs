//! The external study (`tickmark eval --external`): exact counts on the
//! committed subset (tests/fixtures/external, see its README), and the full
//! TAT-QA / ConvFinQA run when `../shared/datasets` is present (skipped with
//! a message when it is not, as on CI).

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use tickmark::eval::external::{self, DatasetReport};
use tickmark::{ReadOptions, Vocab, document_from_rows, load_source};

fn dataset<'a>(report: &'a external::ExternalReport, name: &str) -> &'a DatasetReport {
    phrased(report, name, "label+header")
}

fn phrased<'a>(
    report: &'a external::ExternalReport,
    name: &str,
    phrasing: &str,
) -> &'a DatasetReport {
    report
        .datasets
        .iter()
        .find(|d| d.name == name && d.phrasing == phrasing)
        .unwrap_or_else(|| panic!("no dataset {name} in phrasing {phrasing}"))
}

fn exclusions(d: &DatasetReport) -> Vec<(&str, usize)> {
    d.exclusions.iter().map(|(k, v)| (k.as_str(), *v)).collect()
}

#[test]
fn the_subset_gives_the_counts_checked_by_hand() {
    let vocab = Vocab::builtin();
    let report = external::run(Path::new("tests/fixtures/external"), &vocab).unwrap();
    // Two datasets, four phrasings each.
    assert_eq!(report.datasets.len(), 8);

    let tat = dataset(&report, "tatqa-dev");
    assert_eq!(tat.tables, 5);
    assert_eq!(tat.questions, 14);
    assert_eq!(tat.traces, 10);
    assert_eq!(tat.false_alarms, 0, "{:#?}", tat.disagreements);
    assert_eq!(tat.arithmetic_disagreements, 0, "{:?}", tat.arithmetic);
    assert_eq!(tat.swaps, 2);
    assert_eq!(tat.swaps_caught_value_only, 0);
    assert_eq!(tat.swaps_caught, 2, "{:#?}", tat.disagreements);
    assert_eq!(tat.swaps_named, 2, "both swaps named, not only ambiguous");
    assert_eq!(tat.caught_codes.get("same_number_swap"), Some(&2));
    assert_eq!(
        exclusions(tat),
        vec![
            (
                "operand ambiguous: several cells, question does not decide",
                1
            ),
            ("operand row has no label in the dataset", 3),
        ]
    );
    assert!(tat.disagreements.is_empty());

    let conv = dataset(&report, "convfinqa-dev");
    assert_eq!(
        conv.tables, 4,
        "one of five tables has years for row labels"
    );
    assert_eq!(conv.unreadable.len(), 1);
    assert_eq!(
        conv.damaged_cells, 5,
        "2014.0 where the report had an em dash"
    );
    assert_eq!(conv.questions, 16);
    assert_eq!(conv.traces, 12);
    assert_eq!(conv.false_alarms, 0, "{:#?}", conv.disagreements);
    assert_eq!(conv.swaps, 10);
    assert_eq!(conv.swaps_caught_value_only, 0);
    assert_eq!(conv.swaps_caught, 10, "{:#?}", conv.disagreements);
    assert_eq!(conv.swaps_named, 10);
    assert_eq!(
        exclusions(conv),
        vec![
            ("operand not in the table", 4),
            ("table has no numbers (question not counted)", 4),
        ]
    );

    // Every phrasing: no false alarm, every swap caught. The question's own
    // words cannot name every operand uniquely; those traces are excluded.
    for d in &report.datasets {
        assert_eq!(
            d.false_alarms, 0,
            "{} {}: {:#?}",
            d.name, d.phrasing, d.disagreements
        );
        assert_eq!(d.swaps_caught, d.swaps, "{} {}", d.name, d.phrasing);
    }
    let question = phrased(&report, "convfinqa-dev", "question");
    assert_eq!(question.traces, 7);
    assert_eq!(
        question
            .exclusions
            .get("no role in this phrasing tells an operand from another cell"),
        Some(&5)
    );

    let markdown = external::markdown(&report);
    assert!(
        markdown.starts_with("| dataset | phrasing | traces |"),
        "{markdown}"
    );
    assert!(
        markdown.contains("| tatqa-dev | label+header | 10 | 0 (0%) | 2 | 2 (100%) | 2 (100%) |")
    );
}

/// The figures docs/evaluation.md reports. A change that lowers a catch
/// count or raises a false-alarm count fails here; an improvement means
/// updating the numbers and the document together.
#[test]
fn the_full_datasets_hold_the_documented_figures() {
    // TICKMARK_EXTERNAL names another copy of the datasets folder.
    let dir = std::env::var_os("TICKMARK_EXTERNAL").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets"),
        PathBuf::from,
    );
    if !dir.join("tatqa").exists() || !dir.join("convfinqa").exists() {
        eprintln!(
            "skipped: {} is absent (the external study needs the TAT-QA and ConvFinQA files)",
            dir.display()
        );
        return;
    }
    let vocab = Vocab::builtin();
    let report = external::run(&dir, &vocab).unwrap();
    // (name, phrasing, traces, swaps, at most false alarms, at least caught)
    let documented = [
        ("tatqa-dev", "label+header", 627, 60, 1, 60),
        ("tatqa-test", "label+header", 615, 76, 46, 73),
        ("convfinqa-dev", "label+header", 893, 118, 20, 118),
        ("tatqa-dev", "section+label+header", 627, 60, 13, 60),
        ("tatqa-test", "section+label+header", 615, 76, 54, 73),
        ("convfinqa-dev", "section+label+header", 893, 118, 31, 118),
        ("tatqa-dev", "label+period", 627, 60, 12, 60),
        ("tatqa-test", "label+period", 615, 76, 57, 73),
        ("convfinqa-dev", "label+period", 888, 118, 18, 118),
        ("tatqa-dev", "question", 548, 56, 20, 56),
        ("tatqa-test", "question", 550, 71, 43, 69),
        ("convfinqa-dev", "question", 781, 103, 93, 103),
    ];
    for (name, phrasing, traces, swaps, false_alarms, caught) in documented {
        let d = phrased(&report, name, phrasing);
        assert_eq!(d.traces, traces, "{name}: traces");
        assert_eq!(d.swaps, swaps, "{name}: swaps");
        assert_eq!(
            d.swaps_caught_value_only, 0,
            "{name}: value-only verification must accept every swap (same digits by construction)"
        );
        assert!(
            d.false_alarms <= false_alarms,
            "{name}: {} false alarms, documented {false_alarms}",
            d.false_alarms
        );
        assert!(
            d.swaps_caught >= caught,
            "{name}: {} swaps caught, documented {caught}",
            d.swaps_caught
        );
    }
}

/// An in-memory table and the same table as a csv file label alike: the
/// study reads its tables through the csv path.
#[test]
fn rows_label_like_the_same_csv() {
    let vocab = Vocab::builtin();
    let rows: Vec<Vec<String>> = [
        vec!["Acme Corp (in millions)", "", ""],
        vec!["", "2024", "2023"],
        vec!["Revenue", "$ 4,200", "3,900"],
        vec!["Cost of revenue", "(2,600)", "(2,450)"],
    ]
    .iter()
    .map(|r| r.iter().map(|s| s.to_string()).collect())
    .collect();
    let dir = std::env::temp_dir().join(format!("tickmark-rows-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.csv");
    let csv: String = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|f| format!("\"{f}\""))
                .collect::<Vec<_>>()
                .join(",")
                + "\n"
        })
        .collect();
    std::fs::write(&path, csv).unwrap();
    let from_file = load_source(&path, "t.csv", &vocab, &ReadOptions::default()).unwrap();
    let from_rows = document_from_rows("t.csv", "t.csv", rows, &vocab).unwrap();
    let cells = |d: &tickmark::Document| -> Vec<String> {
        d.tables[0]
            .cells()
            .map(|c| {
                format!(
                    "{} {} {:?} {:?} {:?} {:?}",
                    c.reference(),
                    c.value_base().unwrap_or_default(),
                    c.row_label(),
                    c.col_label(),
                    c.period().map(ToString::to_string),
                    c.concept().map(ToString::to_string)
                )
            })
            .collect()
    };
    assert_eq!(cells(&from_rows), cells(&from_file));
    assert_eq!(cells(&from_rows).len(), 4);
    std::fs::remove_dir_all(&dir).unwrap();
    let empty = document_from_rows("e.csv", "e.csv", vec![vec!["Notes".into()]], &vocab);
    assert!(empty.unwrap_err().to_string().contains("no numbers found"));
}
