//! The layouts that real 10-K and 10-Q PDFs were misread in (issue 14),
//! one fixture each in `tests/fixtures/pdf_layouts/` (made by
//! `cargo run --example make_samples -- --pdf-layouts tests/fixtures/pdf_layouts`):
//! each reads with the scale, period, label and digits it prints.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;
use serde_json::Value;

/// Every labeled cell of a fixture, as `tickmark extract --format jsonl`
/// prints it.
fn cells(name: &str) -> Vec<Value> {
    let output = Command::cargo_bin("tickmark")
        .unwrap()
        .args(["extract", "--format", "jsonl"])
        .arg(format!("tests/fixtures/pdf_layouts/{name}"))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The cell of the row labeled `label` whose column label contains `col`.
fn cell<'a>(cells: &'a [Value], label: &str, col: &str) -> &'a Value {
    let found: Vec<&Value> = cells
        .iter()
        .filter(|c| {
            c["row_label"] == label && c["col_label"].as_str().is_some_and(|l| l.contains(col))
        })
        .collect();
    assert_eq!(found.len(), 1, "{label:?} / {col:?}: {found:#?}");
    found[0]
}

fn table_of(cell: &Value) -> &str {
    let r = cell["ref"].as_str().unwrap();
    let part = r.split('#').nth(1).unwrap();
    part.split('!').next().unwrap()
}

#[test]
fn a_unit_line_longer_than_half_the_page_gives_the_scale() {
    let cells = cells("long_unit_line.pdf");
    let revenue = cell(&cells, "Revenue", "2023");
    assert_eq!(revenue["scale"], "1000000");
    assert_eq!(revenue["value_base"], "13000000000");
    assert_eq!(revenue["statement"], "income");
    assert_eq!(revenue["period"]["fy"], 2023);
    // Share counts are in thousands, per-share amounts unscaled.
    let shares: Vec<&Value> = cells.iter().filter(|c| c["text"] == "2,007,230").collect();
    assert_eq!(shares.len(), 1);
    assert_eq!(shares[0]["scale"], "1000");
    let eps: Vec<&Value> = cells.iter().filter(|c| c["text"] == "$0.83").collect();
    assert_eq!(eps[0]["scale"], "1");
    // One table: the unit line did not end it.
    assert!(cells.iter().all(|c| table_of(c) == "p1t1"));
}

#[test]
fn wrapped_labels_stay_in_their_table_with_their_whole_label() {
    let cells = cells("wrapped_labels.pdf");
    let tables: std::collections::BTreeSet<&str> = cells.iter().map(table_of).collect();
    assert_eq!(tables.into_iter().collect::<Vec<_>>(), ["p1t1", "p2t1"]);
    let common = cell(
        &cells,
        "Common stock; $0.001 par value; 6,000 shares authorized; 3,185 and 3,164 shares issued and outstanding as of December 31, 2023 and 2022",
        "2023",
    );
    assert_eq!(common["value"], "3");
    assert_eq!(common["scale"], "1000000");
    assert_eq!(common["period"]["date"], "2023-12-31");
    assert_eq!(common["statement"], "balance");
    let preferred = cell(
        &cells,
        "Preferred stock; $0.001 par value; 100 shares authorized; no shares issued and outstanding",
        "2022",
    );
    assert_eq!(preferred["value"], "0");
    let nci = cell(
        &cells,
        "Redeemable noncontrolling interests and noncontrolling interests in subsidiaries of the company held by third parties",
        "2023",
    );
    assert_eq!(nci["value"], "733");
    // The caption centred on the page opens its section.
    let payable = cell(&cells, "Accounts payable", "2023");
    assert_eq!(payable["section"][0], "Liabilities and Equity");
    let less = cell(
        &cells,
        "Less: Net income attributable to noncontrolling interests and redeemable noncontrolling interests in subsidiaries",
        "2023",
    );
    assert_eq!(less["value"], "23");
    let basic = cells
        .iter()
        .find(|c| c["text"] == "$4.73")
        .expect("basic EPS");
    assert_eq!(basic["period"]["fy"], 2023);
    assert_eq!(basic["statement"], "income");
    assert_eq!(basic["concept"], "EarningsPerShareBasic");
}

#[test]
fn a_period_stub_over_some_columns_heads_all_it_stands_for() {
    let cells = cells("spanning_stub.pdf");
    for (text, end, months) in [
        ("$383,285", "2023-09-30", 12),
        ("$394,328", "2022-09-24", 12),
        ("$365,817", "2021-09-25", 12),
        ("$85,777", "2024-06-29", 3),
        ("$81,797", "2023-06-30", 3),
        ("$296,105", "2024-06-29", 9),
        ("$282,905", "2023-06-30", 9),
        ("$(473)", "2024-03-31", 3),
        ("$166", "2023-03-31", 3),
    ] {
        let found: Vec<&Value> = cells.iter().filter(|c| c["text"] == text).collect();
        assert_eq!(found.len(), 1, "{text}");
        let period = &found[0]["period"];
        assert_eq!(period["kind"], "duration", "{text}: {period}");
        assert_eq!(period["end"], end, "{text}: {period}");
        assert_eq!(period["months"], months, "{text}: {period}");
    }
    // The segment's name stays in the column label.
    let services = cells.iter().find(|c| c["text"] == "$(473)").unwrap();
    assert!(
        services["col_label"]
            .as_str()
            .is_some_and(|l| l.starts_with("Services")),
        "{services}"
    );
}

#[test]
fn repeated_digits_and_letters_read_exactly() {
    let cells = cells("repeated_glyphs.pdf");
    for (label, texts) in [
        ("Goodwill", ["$17,872", "$16,939"]),
        (
            "Total cash and short-term investments",
            ["113,240", "96,526"],
        ),
        ("Total current assets", ["139,660", "122,797"]),
        ("Accrued committee fees", ["3,300", "1,100"]),
        ("Earnings per share", ["$2.66", "$1.48"]),
        ("Total assets", ["193,694", "174,472"]),
    ] {
        let row: Vec<&str> = cells
            .iter()
            .filter(|c| c["row_label"] == label)
            .map(|c| c["text"].as_str().unwrap())
            .collect();
        assert_eq!(row, texts, "{label}");
    }
    assert_eq!(cells.len(), 12);
}

#[test]
fn a_date_stub_beside_the_years_dates_every_column() {
    let cells = cells("date_stub_years.pdf");
    assert_eq!(cells.len(), 12);
    for c in &cells {
        let col = c["ref"].as_str().unwrap().rsplit('!').next().unwrap();
        let (label, date) = if col.starts_with('B') {
            ("June 30, 2016", "2016-06-30")
        } else {
            ("June 30, 2015", "2015-06-30")
        };
        assert_eq!(c["col_label"], label, "{c}");
        assert_eq!(c["period"]["kind"], "instant", "{c}");
        assert_eq!(c["period"]["date"], date, "{c}");
    }
}

#[test]
fn numbers_inside_labels_are_never_cells() {
    let cells = cells("label_numbers.pdf");
    for text in ["$204", "204", "$75)", "24,000", "7,808", "7,708"] {
        assert!(
            cells.iter().all(|c| c["text"] != text),
            "{text} became a cell"
        );
    }
    let investments = cell(
        &cells,
        "Short-term investments (including securities loaned of $204 and $75)",
        "2016",
    );
    assert_eq!(investments["value"], "106730");
    let common = cell(
        &cells,
        "Common stock \u{2013} shares authorized 24,000; outstanding 7,808 and 7,708",
        "2015",
    );
    assert_eq!(common["value"], "68465");
    assert_eq!(cells.len(), 12);
}

#[test]
fn an_exhibit_index_yields_no_cells() {
    let cells = cells("exhibit_index.pdf");
    assert_eq!(cells.len(), 4);
    assert!(cells.iter().all(|c| table_of(c) == "p1t1"));
}

#[test]
fn two_pdfs_appended_read_as_one_file_of_both_parts_pages() {
    let cells = cells("appended.pdf");
    let revenue: Vec<(&str, &str)> = cells
        .iter()
        .filter(|c| c["row_label"] == "Revenue" && c["period"]["fy"] == 2023)
        .map(|c| (table_of(c), c["value"].as_str().unwrap()))
        .collect();
    assert_eq!(revenue, [("p1t1", "1200"), ("p2t1", "1250")]);
}

#[test]
fn a_notes_tables_read_whole_with_the_unit_of_the_sentence_above() {
    let cells = cells("notes_tables.pdf");
    assert_eq!(cells.len(), 40);
    for c in &cells {
        assert_eq!(c["scale"], "1000000", "{c}");
        let year = if table_of(c) == "p1t1" {
            "2024 "
        } else {
            "2023 "
        };
        assert!(
            c["col_label"].as_str().is_some_and(|l| l.starts_with(year)),
            "{c}"
        );
    }
    let tables: std::collections::BTreeSet<&str> = cells.iter().map(table_of).collect();
    assert_eq!(tables.into_iter().collect::<Vec<_>>(), ["p1t1", "p1t2"]);
    let losses = cell(&cells, "Treasury securities", "2024 Unrealized Losses");
    assert_eq!(losses["value"], "-833");
}

/// The column label of the cell printed `text` on the row labeled `label`.
fn col_of<'a>(cells: &'a [Value], label: &str, text: &str) -> &'a str {
    let found: Vec<&Value> = cells
        .iter()
        .filter(|c| c["row_label"] == label && c["text"] == text)
        .collect();
    assert_eq!(found.len(), 1, "{label:?} / {text:?}: {found:#?}");
    found[0]["col_label"].as_str().unwrap_or("")
}

#[test]
fn a_heading_on_a_rule_heads_the_columns_the_rule_spans() {
    let cells = cells("group_rules.pdf");
    // Rules drawn with `B` (fill and stroke), which pdf-extract skips.
    for (text, group) in [
        ("4,077", "Retail"),
        ("20%", "Retail"),
        ("(473)", "Corporate"),
        ("166", "Corporate"),
        ("3,604", "Total"),
        ("1%", "Total"),
    ] {
        let label = col_of(&cells, "Total net revenue", text);
        assert!(label.starts_with(group), "{text}: {label}");
    }
    // Years on thin filled bars, a stacked heading that spans nothing.
    for (text, label) in [
        ("1,199", "2022 Operating Income"),
        ("11,981", "2021 Net Sales"),
        ("2,466", "2021 Operating Income"),
        ("(51.4)%", "% change Operating Income"),
    ] {
        assert_eq!(col_of(&cells, "Safety", text), label);
    }
    assert_eq!(col_of(&cells, "Consumer", "5,513"), "2021 Net Sales");
    // A period alone over a table, on a rule across its columns.
    let organic = cell(&cells, "Consumer", "Organic sales");
    assert_eq!(organic["value"], "-0.9");
    // "%" printed on the first row only: the column is percentages.
    assert_eq!(organic["percent"], true);
    assert_eq!(organic["value_base"], "-0.9");
    assert_eq!(organic["period"]["end"], "2022-12-31");
    assert_eq!(organic["period"]["months"], 12);
}

#[test]
fn a_share_column_with_a_period_is_percentages_when_a_cell_prints_its_sign() {
    let cells = cells("group_rules.pdf");
    let share = cell(&cells, "Consumer", "2022 % of Total");
    assert_eq!(share["value_base"], "15.5");
    assert_eq!(share["percent"], true);
    assert_eq!(share["period"]["fy"], 2022);
    // Its neighbour in money keeps the scale.
    let sales = cell(&cells, "Consumer", "2022 Net Sales");
    assert_eq!(sales["value_base"], "5298000000");
}

#[test]
fn units_said_outside_the_unit_line_scale_their_cells() {
    let cells = cells("mdna_units.pdf");
    // "Revenue (dollars in millions)" over a paragraph of prose heads both
    // tables under it; their % change cells stay percentages.
    let subscription = cell(&cells, "Subscription", "Fiscal 2024");
    assert_eq!(subscription["value_base"], "4410200000.0");
    assert_eq!(table_of(subscription), "p1t1");
    assert_eq!(cell(&cells, "Subscription", "% Change")["scale"], "1");
    let media = cell(&cells, "Media", "Fiscal 2024");
    assert_eq!(media["value_base"], "3120400000.0");
    // A row label's own "(millions)" scales its row, not the percentages.
    let sales = cell(&cells, "Sales (millions)", "2024");
    assert_eq!(sales["value_base"], "12267000000");
    assert_eq!(sales["concept"], "Revenues");
    assert_eq!(
        cell(&cells, "Percent of sales", "2024")["value_base"],
        "22.3"
    );
    // A stub breaking "(Dollars in millions, except" / "per share
    // amounts)" over two lines: money in millions, the column headed
    // "Earnings Per Diluted Share" (over three lines) per share, unscaled.
    let eps = cell(&cells, "Full Year 2024 GAAP", "Earnings Per Diluted Share");
    assert_eq!(eps["measure"], "per_share");
    assert_eq!(eps["value_base"], "8.89");
    let income = cell(&cells, "Full Year 2024 GAAP", "Net Income Attributable");
    assert_eq!(income["value_base"], "5349000000");
}
