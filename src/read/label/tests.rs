//! Table-driven tests of the labeler on small grids written out as rows.

use super::column_periods::{names_sales_change, span_words};
use super::measure::column_measure;
use super::*;
use crate::model::{Amount, Cell, Period};
use jiff::civil::date;
use rust_decimal::Decimal;
use std::str::FromStr;

/// A grid from rows of text; "#n" writes the native number n, "@2023-12-31"
/// a native date, and leading spaces stay in the text.
fn grid(rows: &[&[&str]]) -> Vec<Vec<GridValue>> {
    rows.iter()
        .map(|row| {
            row.iter()
                .map(|t| {
                    if t.is_empty() {
                        GridValue::Empty
                    } else if let Some(n) = t.strip_prefix('#') {
                        let value = Decimal::from_str(n).unwrap();
                        GridValue::Number(Amount::plain(value, value.scale()))
                    } else if let Some(d) = t.strip_prefix('@') {
                        GridValue::Date(d.parse().unwrap())
                    } else {
                        GridValue::Text {
                            text: t.to_string(),
                            indent: 0,
                        }
                    }
                })
                .collect()
        })
        .collect()
}

fn label(part: TablePart, rows: &[&[&str]]) -> Table {
    label_with_merges(part, rows, Vec::new())
}

fn label_with_merges(part: TablePart, rows: &[&[&str]], merges: Vec<super::super::Merge>) -> Table {
    let raw = RawTable {
        part,
        grid: grid(rows),
        merges: Some(merges),
    };
    label_table(raw, "t.xlsx", &Vocab::builtin())
}

/// A merged region on one row, over columns `first_col..=last_col`.
fn merge(first_row: usize, first_col: usize, last_col: usize) -> super::super::Merge {
    super::super::Merge {
        first_row,
        first_col,
        last_row: first_row,
        last_col,
    }
}

fn cell<'a>(table: &'a Table, a1: &str) -> Cell<'a> {
    let coord = Coord::parse(a1).unwrap();
    table.cell_at(coord).unwrap_or_else(|| {
        panic!(
            "no labeled cell at {a1}; cells: {:?}",
            table
                .cells()
                .map(|c| c.coord().to_string())
                .collect::<Vec<_>>()
        )
    })
}

fn has_cell(table: &Table, a1: &str) -> bool {
    table.cell_at(Coord::parse(a1).unwrap()).is_some()
}

fn d(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap()
}

const INCOME: &[&[&str]] = &[
    &["Acme Corp", "", ""],
    &["Consolidated Statements of Operations", "", ""],
    &["($ in millions, except per share data)", "", ""],
    &["", "Year Ended December 31,", ""],
    &["", "2024", "2023"],
    &["Revenue", "$ 4,200", "$ 3,900"],
    &["Costs and expenses:", "", ""],
    &["  Cost of revenue", "2,600", "2,450"],
    &["  Research and development", "310", "290"],
    &["  Total costs and expenses", "2,910", "2,740"],
    &["Other income (expense), net", "(482)", "15"],
    &["Net income", "798", "1,175"],
    &["Earnings per share:", "", ""],
    &["  Basic", "1.65", "1.53"],
    &["  Diluted", "1.65", "1.50"],
    &["Weighted-average shares outstanding:", "", ""],
    &["  Basic", "483", "480"],
];

#[test]
fn income_statement_from_text_cells() {
    let t = label(TablePart::Only, INCOME);
    assert_eq!(t.statement, StatementKind::Income);
    assert_eq!(t.header_rows, vec![3, 4]);
    assert_eq!(t.unit.scale, d("1000000"));
    assert!(t.warnings.is_empty(), "{:?}", t.warnings);
    assert_eq!(t.reference.to_string(), "t.xlsx");

    let revenue = cell(&t, "B6");
    assert_eq!(revenue.reference().to_string(), "t.xlsx#B6");
    assert_eq!(revenue.value(), d("4200"));
    assert_eq!(revenue.value_base(), Some(d("4200000000")));
    assert_eq!(revenue.currency().map(|c| c.code()), Some("USD"));
    assert_eq!(revenue.col_label(), Some("Year Ended December 31, 2024"));
    assert_eq!(
        revenue.period().cloned(),
        Some(Period::Duration {
            fy: Some(2024),
            quarter: None,
            half: None,
            months: Some(12),
            to_quarter: None,
            start: Some(date(2024, 1, 1)),
            end: Some(date(2024, 12, 31)),
        })
    );
    assert_eq!(revenue.concept().map(|c| c.as_str()), Some("Revenues"));

    let cost = cell(&t, "C8");
    assert_eq!(cost.row_label(), Some("Cost of revenue"));
    assert_eq!(cost.indent(), 1);
    assert_eq!(cost.section(), ["Costs and expenses"]);
    assert_eq!(cost.concept().map(|c| c.as_str()), Some("CostOfRevenue"));
    assert_eq!(cost.period().and_then(Period::year), Some(2023));

    let total = cell(&t, "B10");
    assert_eq!(
        total.section(),
        ["Costs and expenses"],
        "a total belongs to its section"
    );
    let other = cell(&t, "B11");
    assert!(other.section().is_empty(), "the total closed the section");
    assert_eq!(other.value(), d("-482"));
    assert!(other.parens());

    let eps = cell(&t, "B14");
    assert_eq!(
        eps.concept().map(|c| c.as_str()),
        Some("EarningsPerShareBasic")
    );
    assert_eq!(eps.measure(), Measure::PerShare);
    assert_eq!(
        eps.scale(),
        Decimal::ONE,
        "per-share amounts are not scaled"
    );
    assert_eq!(eps.decimals(), 2);
    let diluted = cell(&t, "B15");
    assert_eq!(
        diluted.concept().map(|c| c.as_str()),
        Some("EarningsPerShareDiluted")
    );

    let shares = cell(&t, "B17");
    assert_eq!(shares.section(), ["Weighted-average shares outstanding"]);
    assert_eq!(shares.measure(), Measure::Shares);
    assert_eq!(
        shares.scale(),
        d("1000000"),
        "798m / 1.65 = 484m: net income over EPS says the 483 shares are millions"
    );
    assert_eq!(t.notes.len(), 1, "{:?}", t.notes);
    assert!(!has_cell(&t, "B5"), "years in the header are not amounts");
}

#[test]
fn share_counts_keep_the_unit_line_reading_when_eps_does_not_say() {
    // Net income / EPS fits no power of a thousand of the share count: the
    // $-only unit line's reading (shares unscaled) stands, and no note.
    let mut rows: Vec<&[&str]> = INCOME.to_vec();
    rows[16] = &["  Basic", "250", "480"];
    let t = label(TablePart::Only, &rows);
    assert_eq!(cell(&t, "B17").scale(), Decimal::ONE);
    assert!(t.notes.is_empty(), "{:?}", t.notes);
    // An explicit share clause is never overridden.
    let mut rows: Vec<&[&str]> = INCOME.to_vec();
    rows[2] = &[
        "($ in millions, except per share data; shares in thousands)",
        "",
        "",
    ];
    let t = label(TablePart::Only, &rows);
    assert_eq!(cell(&t, "B17").scale(), d("1000"));
    assert!(t.notes.is_empty());
}

#[test]
fn shares_used_to_compute_eps_are_shares_not_per_share() {
    // Adobe's statement of income, "(In thousands, except per share data)".
    let t = label(
        TablePart::Sheet("IS".into()),
        &[
            &["(In thousands, except per share data)", "", ""],
            &["", "2017", "2016"],
            &["Net income", "1,693,954", "1,168,782"],
            &["Diluted net income per share", "3.38", "2.32"],
            &[
                "Shares used to compute diluted net income per share",
                "501,123",
                "503,039",
            ],
        ],
    );
    assert_eq!(cell(&t, "B4").value_base(), Some(d("3.38")));
    assert_eq!(cell(&t, "B5").value_base(), Some(d("501123000")));
}

#[test]
fn a_return_on_equity_printed_without_its_sign_is_a_percentage() {
    // JPMorgan's "Return on tangible common equity | 17" under "Return on
    // common equity | 13%", in a table "in millions, except per share data
    // and ratios".
    let t = label(
        TablePart::Sheet("FP".into()),
        &[
            &["(in millions, except per share data and ratios)", "", ""],
            &["", "2022", "2021"],
            &["Return on tangible common equity", "17", "23"],
            &["Returns and allowances", "17", "23"],
        ],
    );
    assert_eq!(cell(&t, "B3").value_base(), Some(d("17")));
    assert!(cell(&t, "B3").percent());
    // Near miss: a line of returns is money.
    assert_eq!(cell(&t, "B4").value_base(), Some(d("17000000")));
}

#[test]
fn income_used_in_an_eps_calculation_is_money_not_per_share() {
    // Corning's per-share table, "(in millions, except per share amounts)".
    let t = label(
        TablePart::Sheet("EPS".into()),
        &[
            &["(in millions, except per share amounts)", "", ""],
            &["", "2020", "2019"],
            &[
                "Net income attributable to Corning Incorporated used in basic earnings per common share calculation (1)",
                "414",
                "862",
            ],
            &["Basic earnings per common share", "0.54", "1.11"],
        ],
    );
    assert_eq!(cell(&t, "B3").value_base(), Some(d("414000000")));
    // Near miss: the per-share line itself stays per share.
    assert_eq!(cell(&t, "B4").value_base(), Some(d("0.54")));
}

#[test]
fn balance_sheet_years_under_a_date_are_instants_and_upper_case_captions_nest() {
    let t = label(
        TablePart::Sheet("BS".into()),
        &[
            &["Consolidated Balance Sheets", "", ""],
            &["(in thousands)", "", ""],
            &["", "June 30,", ""],
            &["", "#2024", "#2023"],
            &["ASSETS", "", ""],
            &["Current assets:", "", ""],
            &["  Cash and cash equivalents", "#1200", "#900"],
            &["  Inventories", "#412", "#380"],
            &["    Total current assets", "#1612", "#1280"],
            &["Goodwill", "#412", "#412"],
            &["Total assets", "#2024", "#1692"],
            &["LIABILITIES AND STOCKHOLDERS' EQUITY", "", ""],
            &["Accounts payable", "#300", "#250"],
        ],
    );
    assert_eq!(t.statement, StatementKind::Balance);
    let cash = cell(&t, "B7");
    assert_eq!(
        cash.period().cloned(),
        Some(Period::instant(date(2024, 6, 30)))
    );
    assert_eq!(cash.section(), ["ASSETS", "Current assets"]);
    assert_eq!(cash.scale(), d("1000"));
    assert_eq!(
        cash.concept().map(|c| c.as_str()),
        Some("CashAndCashEquivalentsAtCarryingValue")
    );
    assert_eq!(cell(&t, "B10").section(), ["ASSETS"]);
    let total_assets = cell(&t, "B11");
    assert_eq!(
        total_assets.value(),
        d("2024"),
        "a year-like number in a data row is an amount"
    );
    assert_eq!(total_assets.concept().map(|c| c.as_str()), Some("Assets"));
    assert_eq!(
        cell(&t, "C13").section(),
        ["LIABILITIES AND STOCKHOLDERS' EQUITY"]
    );
}

#[test]
fn merged_headers_spread_over_exactly_their_columns() {
    let t = label_with_merges(
        TablePart::Sheet("IS".into()),
        &[
            &[
                "(In thousands, except per share data; shares in thousands)",
                "",
                "",
                "",
                "",
            ],
            &["", "Three Months Ended", "", "Nine Months Ended", ""],
            &["", "September 30,", "", "September 30,", ""],
            &["", "#2024", "#2023", "#2024", "#2023"],
            &["Revenue", "#5100", "#4800", "#15000", "#14100"],
            &[
                "Weighted-average diluted shares",
                "#51000",
                "#50000",
                "#50900",
                "#50100",
            ],
        ],
        vec![
            merge(1, 1, 2),
            merge(1, 3, 4),
            merge(2, 1, 2),
            merge(2, 3, 4),
        ],
    );
    let q = cell(&t, "C5");
    assert_eq!(q.col_label(), Some("Three Months Ended September 30, 2023"));
    // The third quarter: three months beside nine ending the same day.
    assert_eq!(
        q.period().cloned(),
        Some(Period::Duration {
            fy: None,
            quarter: Some(3),
            half: None,
            months: Some(3),
            to_quarter: None,
            start: Some(date(2023, 7, 1)),
            end: Some(date(2023, 9, 30)),
        })
    );
    let ytd = cell(&t, "D5");
    assert_eq!(
        ytd.col_label(),
        Some("Nine Months Ended September 30, 2024")
    );
    assert_eq!(ytd.scale(), d("1000"));
    let shares = cell(&t, "B6");
    assert_eq!(shares.measure(), Measure::Shares);
    assert_eq!(
        shares.scale(),
        d("1000"),
        "the shares clause scales share counts"
    );
}

#[test]
fn currency_columns_notes_columns_and_dashes() {
    let t = label(
        TablePart::Only,
        &[
            &["Consolidated income statement", "", "", "", "", ""],
            &["€m", "", "", "", "", ""],
            &["", "Notes", "", "2024", "", "2023"],
            &["Revenue", "3", "€", "1,250", "€", "1,100"],
            &["Cost of sales", "4", "", "(700)", "", "(640)"],
            &["Impairment", "5", "", "—", "", "12"],
        ],
    );
    assert!(!has_cell(&t, "B4"), "note numbers are not amounts");
    let revenue = cell(&t, "D4");
    assert_eq!(revenue.currency().map(|c| c.code()), Some("EUR"));
    assert_eq!(revenue.period().and_then(Period::year), Some(2024));
    assert_eq!(revenue.scale(), d("1000000"));
    let cost = cell(&t, "F5");
    assert_eq!(cost.value(), d("-640"));
    assert_eq!(cost.concept().map(|c| c.as_str()), Some("CostOfRevenue"));
    let nil = cell(&t, "D6");
    assert!(nil.dash());
    assert_eq!(nil.value(), Decimal::ZERO);
}

#[test]
fn a_table_without_header_keeps_its_cells_and_says_so() {
    let t = label(
        TablePart::Only,
        &[&["Revenue", "100", "90"], &["Net income", "10", "9"]],
    );
    assert_eq!(t.records.len(), 4);
    assert!(
        t.cells()
            .all(|c| c.period().is_none() && c.col_label().is_none())
    );
    assert_eq!(
        t.warnings,
        ["no header row found: periods and column labels are null"]
    );
    assert_eq!(cell(&t, "C2").row_label(), Some("Net income"));
}

#[test]
fn percent_and_change_columns() {
    let t = label(
        TablePart::Sheet("KPI".into()),
        &[
            &["Key metrics", "", "", ""],
            &["", "2024", "2023", "% change"],
            &["Gross margin", "38.1%", "36.0%", "5.8%"],
            &["Active customers", "12,500", "11,000", "13.6%"],
        ],
    );
    let margin = cell(&t, "B3");
    assert!(margin.percent());
    assert_eq!(margin.measure(), Measure::Percent);
    assert_eq!(margin.value(), d("38.1"));
    assert_eq!(margin.decimals(), 1);
    assert_eq!(
        margin.concept().map(|c| c.as_str()),
        Some("GrossMargin"),
        "a row of percentages is the margin ratio, not gross profit"
    );
    assert_eq!(
        cell(&t, "B4").concept(),
        None,
        "an unknown label gets no concept"
    );
    let change = cell(&t, "D4");
    assert!(matches!(
        change.period().cloned(),
        Some(Period::Change { percent: true, .. })
    ));
    assert_eq!(change.col_label(), Some("% change"));
}

#[test]
fn second_header_block_and_wrapped_labels() {
    let t = label(
        TablePart::Only,
        &[
            &["", "2024", "2023"],
            &["Revenue", "100", "90"],
            &["Net cash provided by (used in) operating", "", ""],
            &["activities", "25", "20"],
            &["", "", ""],
            &["", "Q1 2024", "Q1 2023"],
            &["Revenue", "30", "28"],
        ],
    );
    assert_eq!(
        cell(&t, "B4").row_label(),
        Some("Net cash provided by (used in) operating activities")
    );
    assert!(cell(&t, "B4").section().is_empty());
    let q = cell(&t, "B7");
    assert_eq!(q.col_label(), Some("Q1 2024"));
    assert!(matches!(
        q.period().cloned(),
        Some(Period::Duration {
            quarter: Some(1),
            ..
        })
    ));
    assert_eq!(t.header_rows, vec![0, 5]);
}

#[test]
fn native_dates_in_headers_are_instants() {
    let t = label(
        TablePart::Sheet("SOFP".into()),
        &[
            &["Consolidated statement of financial position", "", ""],
            &["", "@2024-12-31", "@2023-12-31"],
            &["Property, plant and equipment", "#820", "#790"],
        ],
    );
    let ppe = cell(&t, "C3");
    assert_eq!(ppe.col_label(), Some("December 31, 2023"));
    assert_eq!(
        ppe.period().cloned(),
        Some(Period::instant(date(2023, 12, 31)))
    );
}

#[test]
fn no_numbers_means_no_cells() {
    let t = label(
        TablePart::Sheet("Cover".into()),
        &[&["Acme Corp"], &["Annual Report 2024"]],
    );
    assert!(t.records.is_empty());
}

#[test]
fn merges_are_asked_for_only_when_a_spanning_header_is_in_doubt() {
    let uncertain = |rows: &[&[&str]]| {
        let raw = RawTable {
            part: TablePart::Only,
            grid: grid(rows),
            merges: None,
        };
        label_raw(
            raw,
            &Arc::from("t.xlsx"),
            &Vocab::builtin(),
            &mut ConceptMemo::default(),
        )
        .spans_uncertain
    };
    // "Year Ended December 31," over years reads the same whatever its merge.
    assert!(!uncertain(&[
        &["", "Year Ended December 31,", ""],
        &["", "2024", "2023"],
        &["Revenue", "100", "90"],
    ]));
    // Over a "% change" column the no-merge rule may have spread it too far.
    assert!(uncertain(&[
        &["", "Year Ended December 31,", "", ""],
        &["", "2024", "2023", "% change"],
        &["Revenue", "100", "90", "11.1%"],
    ]));
    // Known merges (even none) leave nothing in doubt.
    let raw = RawTable {
        part: TablePart::Only,
        grid: grid(&[
            &["", "Year Ended December 31,", "", ""],
            &["", "2024", "2023", "% change"],
            &["Revenue", "100", "90", "11.1%"],
        ]),
        merges: Some(vec![super::super::Merge {
            first_row: 0,
            first_col: 1,
            last_row: 0,
            last_col: 2,
        }]),
    };
    let labeled = label_raw(
        raw,
        &Arc::from("t.xlsx"),
        &Vocab::builtin(),
        &mut ConceptMemo::default(),
    );
    assert!(!labeled.spans_uncertain);
    assert_eq!(cell(&labeled.table, "D3").col_label(), Some("% change"));
}

#[test]
fn unit_line_exceptions_apply_by_measure_and_whole_words() {
    let t = label(
        TablePart::Only,
        &[
            &[
                "(In thousands, except share and per share data)",
                "",
                "",
                "",
            ],
            &["", "2024", "2023", "% Change"],
            &["Total shareholders' equity", "45,000", "40,000", "12.5"],
            &[
                "Weighted-average shares outstanding",
                "12,000",
                "11,500",
                "",
            ],
            &[
                "Cash dividends declared ($0.96 per share)",
                "(180)",
                "(170)",
                "",
            ],
            &[
                "Common stock, $0.01 par value; 2,000 shares authorized",
                "20",
                "20",
                "",
            ],
            &["Number of employees", "1,200", "1,100", ""],
        ],
    );
    assert_eq!(
        cell(&t, "B3").scale(),
        d("1000"),
        "\"share\" is not a substring match"
    );
    assert_eq!(cell(&t, "B4").measure(), Measure::Shares);
    assert_eq!(
        cell(&t, "B4").scale(),
        Decimal::ONE,
        "share data are exempt"
    );
    assert_eq!(
        cell(&t, "B5").measure(),
        Measure::Monetary,
        "per share in parentheses is a note"
    );
    assert_eq!(cell(&t, "B5").scale(), d("1000"));
    assert_eq!(
        cell(&t, "B6").measure(),
        Measure::Monetary,
        "par value clause is not a share count"
    );
    assert_eq!(cell(&t, "B7").measure(), Measure::Number);
    let change = cell(&t, "D3");
    assert_eq!(
        change.measure(),
        Measure::Percent,
        "a % change column holds percentages"
    );
    assert_eq!(change.scale(), Decimal::ONE);
}

#[test]
fn year_like_amounts_and_second_tables() {
    // Amounts that look like years, directly under a year header, are data.
    let t = label(
        TablePart::Only,
        &[
            &["", "2024", "2023"],
            &["Revenue", "2050", "1980"],
            &["Cost of revenue", "1200", "1100"],
        ],
    );
    assert_eq!(cell(&t, "B2").value(), d("2050"));
    assert_eq!(cell(&t, "B2").col_label(), Some("2024"));
    // A row of years after a blank row starts a second table, even with a stub label.
    let t = label(
        TablePart::Only,
        &[
            &["", "2024", "2023"],
            &["Americas", "300", "280"],
            &["", "", ""],
            &["Operating income", "2022", "2021"],
            &["Americas", "90", "80"],
        ],
    );
    assert!(!has_cell(&t, "B4"), "the second header is not an amount");
    assert_eq!(cell(&t, "B5").col_label(), Some("2022"));
    assert_eq!(cell(&t, "B5").period().and_then(Period::year), Some(2022));
    assert_eq!(t.header_rows, vec![0, 3]);
}

#[test]
fn a_unit_line_under_the_header_is_the_unit_not_a_section() {
    let t = label(
        TablePart::Only,
        &[
            &["Acme Corp", "", ""],
            &["", "Year Ended December 31,", ""],
            &["", "2024", "2023"],
            &["(Dollars in millions, except per share amounts)", "", ""],
            &["Revenue", "4,200", "3,900"],
        ],
    );
    let revenue = cell(&t, "B5");
    assert_eq!(revenue.scale(), d("1000000"));
    assert!(revenue.section().is_empty());
}

#[test]
fn text_rows_under_a_header_do_not_join_it() {
    // SEC "Cover Page" sheets: label | text rows before the numbers.
    let t = label(
        TablePart::Sheet("Cover".into()),
        &[
            &["Cover Page - shares", "6 Months Ended", ""],
            &["", "Mar. 29, 2025", "Apr. 18, 2025"],
            &["Document Type", "10-Q", ""],
            &["Entity Registrant Name", "Apple Inc.", ""],
            &[
                "Entity Common Stock, Shares Outstanding",
                "",
                "#14939315000",
            ],
        ],
    );
    let shares = cell(&t, "C5");
    assert!(
        shares
            .col_label()
            .is_some_and(|l| l.ends_with("Apr. 18, 2025")),
        "{:?}",
        shares.col_label()
    );
    assert!(shares.period().is_some());
    assert_eq!(t.header_rows, vec![0, 1]);
}

#[test]
fn merges_decide_only_where_they_are() {
    // A merged title says nothing about the header below it: the unmerged
    // "Three Months Ended" still spans its empty neighbour.
    let t = label_with_merges(
        TablePart::Sheet("IS".into()),
        &[
            &["Acme Corp", "", "", ""],
            &["", "Three Months Ended", "", "Change"],
            &["", "June 30, 2024", "June 30, 2023", "%"],
            &["Revenue", "#1100", "#1000", "#10"],
        ],
        vec![merge(0, 0, 3)],
    );
    assert_eq!(
        cell(&t, "C4").col_label(),
        Some("Three Months Ended June 30, 2023")
    );
    assert!(matches!(
        cell(&t, "C4").period(),
        Some(Period::Duration {
            months: Some(3),
            ..
        })
    ));
    // A merged header ends where its merge ends.
    let t = label_with_merges(
        TablePart::Sheet("IS".into()),
        &[
            &["", "Year Ended December 31,", "", ""],
            &["", "#2024", "#2023", "% change"],
            &["Revenue", "#1100", "#1000", "#10"],
        ],
        vec![merge(0, 1, 2)],
    );
    assert_eq!(cell(&t, "D3").col_label(), Some("% change"));
}

#[test]
fn sec_detail_headers_read_the_period_before_the_unit_words() {
    let t = label(
        TablePart::Sheet("Details".into()),
        &[
            &["Financial Instruments - Additional Information", "", ""],
            &[
                "",
                "Mar. 29, 2025 USD ($) Vendor",
                "Sep. 28, 2024 USD ($) Vendor",
            ],
            &["Number of vendors", "#2", "#1"],
        ],
    );
    assert_eq!(
        cell(&t, "B3").period().map(ToString::to_string).as_deref(),
        Some("2025-03-29")
    );
}

#[test]
fn headers_over_currency_columns_move_to_the_amounts() {
    let t = label(
        TablePart::Only,
        &[
            &["", "2024", "", "2023", ""],
            &["Revenue", "$", "4,200", "$", "3,900"],
            &["Cost of revenue", "", "2,520", "", "2,379"],
        ],
    );
    assert_eq!(cell(&t, "C2").col_label(), Some("2024"));
    assert_eq!(cell(&t, "C2").currency().map(|c| c.code()), Some("USD"));
    assert_eq!(cell(&t, "E3").col_label(), Some("2023"));
}

#[test]
fn outline_layouts_take_labels_from_their_own_column() {
    let t = label(
        TablePart::Only,
        &[
            &["", "", "2024", "2023"],
            &["Operating expenses", "", "", ""],
            &["", "Research and development", "300", "280"],
            &["", "Sales and marketing", "200", "190"],
            &["Total operating expenses", "", "500", "470"],
        ],
    );
    let rd = cell(&t, "C3");
    assert_eq!(rd.row_label(), Some("Research and development"));
    assert_eq!(
        rd.concept().map(|c| c.as_str()),
        Some("ResearchAndDevelopmentExpense")
    );
    assert_eq!(cell(&t, "C5").row_label(), Some("Total operating expenses"));
}

#[test]
fn a_year_with_its_unit_is_a_header() {
    let t = label(
        TablePart::Only,
        &[
            &["Income statement expense", "", ""],
            &["", "2019 €m", "2018 €m"],
            &["Defined contribution schemes", "166", "178"],
        ],
    );
    assert_eq!(t.header_rows, vec![1]);
    let c = cell(&t, "C3");
    assert_eq!(c.col_label(), Some("2018 €m"));
    assert_eq!(c.period().and_then(Period::year), Some(2018));
    // A data cell that is a year-sized amount with a unit stays an amount.
    let t = label(
        TablePart::Only,
        &[
            &["", "2019", "2018"],
            &["Capital expenditure", "2019 €m", "1,500 €m"],
        ],
    );
    assert_eq!(cell(&t, "B2").value(), d("2019"));
}

#[test]
fn consecutive_years_beside_a_stub_are_a_header() {
    let t = label(
        TablePart::Only,
        &[
            &["", "", "Years Ended December 31,", ""],
            &["Process Technologies", "2017", "2018", "2019"],
            &["14 nanometers and under", "0.9", "2.6", "0.0"],
            &["28 nanometers", "16.2", "12.6", "11.3"],
        ],
    );
    assert_eq!(t.header_rows, vec![0, 1]);
    assert_eq!(cell(&t, "D4").period().and_then(Period::year), Some(2019));
    // Year-sized amounts that do not count up by one stay amounts.
    let t = label(
        TablePart::Only,
        &[&["", "2024", "2023"], &["Widget units", "2050", "1980"]],
    );
    assert_eq!(t.header_rows, vec![0]);
    assert_eq!(cell(&t, "B2").value(), d("2050"));
}

#[test]
fn a_span_without_a_date_over_dated_columns_ends_on_their_dates_for_flows() {
    // Union Pacific's adjusted debt to adjusted EBITDA: the stub names the
    // span, the columns the dates it ends on.
    let t = label(
        TablePart::Only,
        &[
            &[
                "Millions, except ratios for the trailing twelve months ended [1]",
                "Jun. 30, 2025",
                "Dec. 31, 2024",
            ],
            &["Net income", "6,935", "6,747"],
            &["Adjusted EBITDA", "12,314", "12,159"],
            &["Debt", "32,813", "31,192"],
            &["Debt / net income", "4.7", "4.6"],
        ],
    );
    let twelve_to = |a1: &str, end: jiff::civil::Date| {
        matches!(
            cell(&t, a1).period(),
            Some(Period::Duration { months: Some(12), end: Some(e), .. }) if *e == end
        )
    };
    assert!(twelve_to("B2", date(2025, 6, 30)));
    assert!(twelve_to("C3", date(2024, 12, 31)));
    // So does a ratio of a balance to a flow, as the filer states it.
    assert_eq!(
        cell(&t, "B5").period().cloned(),
        Some(Period::instant(date(2025, 6, 30)))
    );
    // Near miss: a row that is no flow stays the balance at the date.
    assert_eq!(
        cell(&t, "B4").period().cloned(),
        Some(Period::instant(date(2025, 6, 30)))
    );
    // Near miss: a balance sheet's dates stay balances.
    let balance = label(
        TablePart::Only,
        &[
            &[
                "Condensed Consolidated Statements of Financial Position",
                "",
                "",
            ],
            &[
                "Millions, for the twelve months ended",
                "Jun. 30, 2025",
                "Dec. 31, 2024",
            ],
            &["Total assets", "69,000", "67,000"],
            &["Total liabilities", "51,000", "50,000"],
        ],
    );
    assert_eq!(
        cell(&balance, "B3").period().cloned(),
        Some(Period::instant(date(2025, 6, 30)))
    );
}

#[test]
fn a_quarter_beside_its_year_to_date_is_the_quarter_that_runs_through() {
    let quarter_of = |ytd: &str| {
        let t = label(
            TablePart::Only,
            &[
                &["(in millions)", "Three Months Ended July 2, 2023", ytd],
                &["Revenues", "12,734", "30,962"],
            ],
        );
        match cell(&t, "B2").period() {
            Some(Period::Duration { quarter, .. }) => *quarter,
            other => panic!("{other:?}"),
        }
    };
    // Pfizer's second quarter closed on July 2; Disney's third.
    assert_eq!(quarter_of("Six Months Ended July 2, 2023"), Some(2));
    assert_eq!(quarter_of("Nine Months Ended July 2, 2023"), Some(3));
    // Near miss: a year to date ending another day says nothing.
    assert_eq!(quarter_of("Six Months Ended June 25, 2023"), None);
}

#[test]
fn a_change_after_each_pair_of_periods_compares_that_pair() {
    let t = label(
        TablePart::Only,
        &[
            &[
                "",
                "Three months ended June 30,",
                "",
                "",
                "Six months ended June 30,",
                "",
                "",
            ],
            &[
                "(in millions)",
                "2023",
                "2022",
                "Change",
                "2023",
                "2022",
                "Change",
            ],
            &[
                "Net income",
                "14,472",
                "8,649",
                "67%",
                "27,094",
                "16,931",
                "60%",
            ],
        ],
    );
    let change = |a1: &str| match cell(&t, a1).period() {
        Some(Period::Change {
            from: Some(from),
            to: Some(to),
            ..
        }) => match (&**from, &**to) {
            (Period::Duration { months, .. }, to) => (*months, to.year()),
            other => panic!("{a1}: {other:?}"),
        },
        other => panic!("{a1}: {other:?}"),
    };
    assert_eq!(change("D3"), (Some(3), Some(2023)));
    assert_eq!(change("G3"), (Some(6), Some(2023)));
    // Near miss: three periods before a change: which two is not printed.
    let t = label(
        TablePart::Only,
        &[
            &[
                "(in millions)",
                "2024",
                "2023",
                "2022",
                "Change",
                "2021",
                "2020",
                "Change",
            ],
            &["Net income", "5", "4", "3", "25%", "2", "1", "100%"],
        ],
    );
    assert!(matches!(
        cell(&t, "E2").period(),
        Some(Period::Change {
            from: None,
            to: None,
            ..
        })
    ));
}

#[test]
fn notes_between_a_span_heading_and_its_years_keep_them_one_header() {
    // JPMorgan's financial highlights: the spans, two notes, then the years.
    let rows: &[&[&str]] = &[
        &[
            "",
            "Three months ended June 30,",
            "",
            "Six months ended June 30,",
            "",
        ],
        &["(unaudited)", "", "", "", ""],
        &["As of or for the period ended,", "", "", "", ""],
        &["(in millions)", "2023", "2022", "2023", "2022"],
        &["Net income", "14,472", "8,649", "27,094", "16,931"],
    ];
    let t = label(TablePart::Only, rows);
    let months = |a1: &str| match cell(&t, a1).period() {
        Some(Period::Duration { months, .. }) => *months,
        other => panic!("{a1}: {other:?}"),
    };
    assert_eq!(months("B5"), Some(3));
    assert_eq!(months("D5"), Some(6));
    // Near miss: a note that is no stub ends the header: the years alone.
    let mut apart = rows.to_vec();
    apart[1] = &["Selected income statement data", "", "", "", ""];
    let t = label(TablePart::Only, &apart);
    assert_eq!(cell(&t, "B5").period(), Some(&Period::fiscal_year(2023)));
}

#[test]
fn a_stub_that_opens_with_its_unit_still_dates_and_scales_its_columns() {
    let t = label(
        TablePart::Only,
        &[
            &[
                "Millions, except per share amounts, for the three months ended June 30,",
                "2025",
                "2024",
            ],
            &["Net income", "1,876", "1,673"],
            &["Diluted earnings per share", "3.15", "2.74"],
        ],
    );
    assert_eq!(t.unit.scale, d("1000000"));
    let income = cell(&t, "B2");
    assert_eq!(income.value_base(), Some(d("1876000000")));
    assert_eq!(
        income.period().cloned(),
        Some(Period::Duration {
            fy: None,
            quarter: None,
            half: None,
            months: Some(3),
            to_quarter: None,
            start: Some(date(2025, 4, 1)),
            end: Some(date(2025, 6, 30)),
        })
    );
    assert!(matches!(
        cell(&t, "C2").period(),
        Some(Period::Duration { months: Some(3), end: Some(e), .. }) if *e == date(2024, 6, 30)
    ));
    // The per-share line is excepted from the scale.
    assert_eq!(cell(&t, "B3").value_base(), Some(d("3.15")));
}

#[test]
fn a_stub_whose_only_date_is_a_span_end_gives_no_instant() {
    // "June 30," alone is the end of the span the stub does not name in
    // full: no column becomes the instant June 30.
    let t = label(
        TablePart::Only,
        &[
            &["Millions, for the period ended June 30,", "2025", "2024"],
            &["Net income", "1,876", "1,673"],
        ],
    );
    assert!(
        !matches!(cell(&t, "B2").period(), Some(Period::Instant { .. })),
        "{:?}",
        cell(&t, "B2").period()
    );
}

#[test]
fn a_share_column_holds_percentages() {
    let t = label(
        TablePart::Only,
        &[
            &["", "Fiscal Second Quarter Ended", "", "", ""],
            &[
                "",
                "June 29, 2025",
                "Percent to Sales",
                "June 30, 2024",
                "Percent to Sales",
            ],
            &["Sales to customers", "23,743", "100.0%", "22,447", "100.0%"],
            &["Cost of products sold", "7,628", "32.1", "6,869", "30.6"],
        ],
    );
    let cost = cell(&t, "B4");
    assert!(
        matches!(
            cost.period(),
            Some(Period::Duration { months: Some(3), end: Some(e), .. }) if *e == date(2025, 6, 29)
        ),
        "{:?}",
        cost.period()
    );
    let share = cell(&t, "C4");
    assert!(share.percent());
    assert_eq!(share.value(), d("32.1"));
    // Left without the amount's period (see share_columns).
    assert_eq!(share.period(), None);
    assert!(cell(&t, "E4").percent());
    // A column of amounts is no share column.
    assert!(!cost.percent());
}

#[test]
fn a_share_column_of_a_year_is_percentages_only_when_a_cell_prints_its_sign() {
    // 3M prints "%" on the first and the total row only.
    let t = label(
        TablePart::Only,
        &[
            &["", "2022", "", "2021", ""],
            &[
                "(Dollars in millions)",
                "Net Sales",
                "% of Total",
                "Net Sales",
                "% of Total",
            ],
            &["Safety", "11,604", "33.9%", "11,981", "33.9%"],
            &["Consumer", "5,298", "15.5", "5,513", "15.6"],
        ],
    );
    let share = cell(&t, "C4");
    assert!(share.percent());
    assert_eq!(share.value(), d("15.5"));
    assert!(cell(&t, "E4").percent());
    assert!(!cell(&t, "B4").percent());
    // A "% of total" a header row carried over an amount column (TAT-QA's
    // Tencent table): no cell prints "%", so the amounts stay amounts.
    let t = label(
        TablePart::Only,
        &[
            &["", "2019", "", "2018", ""],
            &["", "", "% of total", "", "% of total"],
            &["", "Amount", "revenues", "Amount", "revenues"],
            &["VAS", "199,991", "53%", "176,646", "56%"],
        ],
    );
    assert!(!cell(&t, "D4").percent(), "{:?}", cell(&t, "D4"));
    assert!(cell(&t, "E4").percent());
}

#[test]
fn a_column_printing_its_percent_sign_on_the_first_row_only_is_percentages() {
    let t = label(
        TablePart::Only,
        &[
            &["", "Organic sales", "Translation", "Net sales"],
            &["Safety", "1.0%", "(4.2)%", "11,604"],
            &["Consumer", "(0.9)", "(2.6)", "5,298"],
        ],
    );
    assert!(cell(&t, "B3").percent());
    assert!(cell(&t, "C3").percent());
    assert!(!cell(&t, "D3").percent());
    // Near misses: a column whose first row is no percentage, one holding
    // an amount of 1,000 or more, and one printing a currency.
    let t = label(
        TablePart::Only,
        &[
            &["", "2024", "2023", "2022"],
            &["Margin", "12.5%", "11.0%", "9.8%"],
            &["Revenue", "842", "1,204", "$310"],
            &["Orders", "(0.9)", "15", "20"],
        ],
    );
    assert!(cell(&t, "B2").percent());
    // A line the vocabulary knows to be money stays money.
    assert!(!cell(&t, "B3").percent(), "{:?}", cell(&t, "B3"));
    assert!(!cell(&t, "C4").percent(), "{:?}", cell(&t, "C4"));
    assert!(!cell(&t, "D4").percent(), "{:?}", cell(&t, "D4"));
}

#[test]
fn rows_reconciled_to_the_balance_sheet_are_closing_balances() {
    let t = label(
        TablePart::Only,
        &[
            &[
                "",
                "Six Months Ended June 30, 2025",
                "Six Months Ended June 30, 2024",
            ],
            &[
                "Net cash provided by operating activities",
                "4,000",
                "3,900",
            ],
            &[
                "Reconciliation of cash to the Statement of Financial Position:",
                "",
                "",
            ],
            &["Cash and cash equivalents", "1,060", "1,137"],
            &["Restricted cash", "18", "2"],
        ],
    );
    assert!(matches!(
        cell(&t, "B2").period(),
        Some(Period::Duration {
            months: Some(6),
            ..
        })
    ));
    assert_eq!(
        cell(&t, "B4").period().cloned(),
        Some(Period::instant(date(2025, 6, 30)))
    );
    assert_eq!(
        cell(&t, "C5").period().cloned(),
        Some(Period::instant(date(2024, 6, 30)))
    );
}

#[test]
fn a_label_that_prints_the_par_value_is_the_stock_line_not_the_par_value() {
    let t = label(
        TablePart::Only,
        &[
            &["(In millions)", "", ""],
            &["", "June 30, 2025", "December 31, 2024"],
            &[
                "Common stock, par value $5.00 – 1,200,000,000 shares authorized; 1,012,261,159 shares issued",
                "5,061",
                "5,061",
            ],
            &["Common stock, par value per share", "5.00", "5.00"],
        ],
    );
    let stock = cell(&t, "B3");
    assert_eq!(
        stock.concept().map(|c| c.as_str()),
        Some("CommonStockValue")
    );
    assert_eq!(stock.value_base(), Some(d("5061000000")));
    // The near miss: a par value line printing no amount keeps its concept.
    let par = cell(&t, "B4");
    assert_eq!(
        par.concept().map(|c| c.as_str()),
        Some("CommonStockParOrStatedValuePerShare")
    );
    assert_eq!(par.value_base(), Some(d("5.00")));
    // 3M's PDF line, its par value written "$.01" after a head that names
    // it: the stock's nine million dollars, not a per-share nine.
    let t = label(
        TablePart::Only,
        &[
            &["(Dollars in millions, except per share amount)", "", ""],
            &["", "At December 31 2022", "At December 31 2021"],
            &[
                "Common stock par value, $.01 par value; 944,033,056 shares issued",
                "9",
                "9",
            ],
        ],
    );
    let stock = cell(&t, "B3");
    assert_eq!(
        stock.concept().map(|c| c.as_str()),
        Some("CommonStockValue")
    );
    assert_eq!(stock.value_base(), Some(d("9000000")));
}

#[test]
fn a_unit_note_over_currency_marks_stays_in_the_header_block() {
    let t = label(
        TablePart::Only,
        &[
            &["Years ended August 31,", "2019", "2018"],
            &["(In thousands of Canadian dollars)", "$", "$"],
            &["", "", "(restated, Note 3)"],
            &["Salaries and benefits", "345,041", "317,118"],
        ],
    );
    let b = cell(&t, "B4");
    assert_eq!(b.period().and_then(Period::year), Some(2019));
    assert!(b.section().is_empty(), "the unit note is no section");
    let c = cell(&t, "C4");
    assert_eq!(c.period().and_then(Period::year), Some(2018));
}

#[test]
fn years_beside_header_words_under_a_unit_stub_are_a_header() {
    let t = label(
        TablePart::Only,
        &[
            &["", "", "Years Ended December 31,", ""],
            &[
                "All figures in USD '000, except TCE rate per day",
                "2019",
                "2018",
                "Variance",
            ],
            &["Voyage Revenue", "317,220", "289,016", "9.8%"],
        ],
    );
    assert_eq!(cell(&t, "B3").period().and_then(Period::year), Some(2019));
    assert_eq!(cell(&t, "C3").period().and_then(Period::year), Some(2018));
}

#[test]
fn a_header_cut_mid_phrase_spans_no_other_column() {
    let t = label(
        TablePart::Only,
        &[
            &["", "Balance at Beginning of", "", ""],
            &[
                "",
                "Period (1/1/19)",
                "Increase / (Decrease)",
                "Balance at End of Period",
            ],
            &["Accounts receivable", "$90,831", "$7,117", "$97,948"],
        ],
    );
    assert_eq!(
        cell(&t, "B3").col_label(),
        Some("Balance at Beginning of Period (1/1/19)")
    );
    assert_eq!(cell(&t, "C3").col_label(), Some("Increase / (Decrease)"));
    assert_eq!(cell(&t, "D3").col_label(), Some("Balance at End of Period"));
}

#[test]
fn a_column_header_gives_its_measure_to_rows_that_name_none() {
    let t = label(
        TablePart::Only,
        &[
            &["(Shares in thousands, dollars in millions)", "", "", ""],
            &[
                "Period",
                "Total Number of Shares Purchased",
                "Average Price Paid per Share",
                "Dollar Value",
            ],
            &[
                "January 26, 2019 - February 22, 2019",
                "262",
                "$ 64.77",
                "$ 2,372",
            ],
        ],
    );
    assert_eq!(cell(&t, "B3").measure(), Measure::Shares);
    assert_eq!(cell(&t, "C3").measure(), Measure::PerShare);
    assert_eq!(
        cell(&t, "C3").scale(),
        d("1"),
        "a price per share is never scaled"
    );
    assert_eq!(cell(&t, "D3").measure(), Measure::Monetary);
    // A row that names its measure keeps it.
    let named = label(
        TablePart::Only,
        &[&["", "Shares", "Amount"], &["Net income", "", "45"]],
    );
    assert_eq!(cell(&named, "C2").measure(), Measure::Monetary);
}

fn instant(y: i16, m: i8, day: i8) -> Option<Period> {
    Some(Period::instant(date(y, m, day)))
}

#[test]
fn a_header_repeated_below_the_data_heads_the_rows_under_it() {
    // The repeat's stub and most of its texts are the top header's.
    let t = label(
        TablePart::Only,
        &[
            &[
                "(In Millions)",
                "Dec 29, 2018",
                "Acquisitions",
                "Other",
                "Dec 28, 2019",
            ],
            &["Total", "$24,513", "$1,825", "$(62)", "$26,276"],
            &[
                "(In Millions)",
                "Dec 30, 2017",
                "Acquisitions",
                "Other",
                "Dec 29, 2018",
            ],
            &["Total", "$24,389", "$162", "$(38)", "$24,513"],
        ],
    );
    assert_eq!(cell(&t, "B2").period(), instant(2018, 12, 29).as_ref());
    assert_eq!(cell(&t, "B4").period(), instant(2017, 12, 30).as_ref());
    assert_eq!(cell(&t, "E4").period(), instant(2018, 12, 29).as_ref());
    assert_eq!(cell(&t, "B4").row_label(), Some("Total"));
    assert!(
        cell(&t, "B4").section().is_empty(),
        "the repeat is no caption"
    );

    // A period heading over a repeated two-row header.
    let t = label(
        TablePart::Only,
        &[
            &["", "As of December 31, 2019", ""],
            &["", "Amortized", "Unrealized"],
            &["", "Cost", "Gains"],
            &["Total", "$229,199", "$—"],
            &["", "As of December 31, 2018", ""],
            &["", "Amortized", "Unrealized"],
            &["", "Cost", "Gains"],
            &["Total", "$171,021", "$14,650"],
        ],
    );
    assert_eq!(cell(&t, "C4").period(), instant(2019, 12, 31).as_ref());
    assert_eq!(cell(&t, "C8").period(), instant(2018, 12, 31).as_ref());

    // Near miss: body rows whose texts differ from the header's stay rows.
    let t = label(
        TablePart::Only,
        &[
            &["", "2019", "2018"],
            &["Notional amount", "29,423", "77,630"],
            &["Maturity date", "30/7/2021~", "28/6/2019~"],
            &["", "11/4/2024", "8/12/2023"],
            &["Hedge rate", "2.10%", "1.60%"],
        ],
    );
    assert_eq!(
        cell(&t, "B5").period().and_then(Period::year),
        Some(2019),
        "a row of dates under a row of text values continues it; it heads nothing"
    );
}

#[test]
fn a_year_alone_in_the_label_column_is_a_caption_and_ordinals_are_quarters() {
    let t = label(
        TablePart::Only,
        &[
            &["", "First", "Second", "Third", "Fourth"],
            &["2019", "", "", "", ""],
            &["Net sales", "$117,625", "$120,684", "$115,651", "$115,040"],
            &["2018", "", "", "", ""],
            &["Net sales", "$113,530", "$118,021", "$118,859", "$120,073"],
        ],
    );
    assert_eq!(cell(&t, "E3").section(), ["2019"]);
    assert_eq!(cell(&t, "E5").section(), ["2018"]);
    assert!(
        matches!(
            cell(&t, "E3").period(),
            Some(Period::Duration {
                quarter: Some(4),
                ..
            })
        ),
        "{:?}",
        cell(&t, "E3").period()
    );
    // Near miss: one ordinal among other headers is no quarter.
    let t = label(
        TablePart::Only,
        &[&["", "First", "Total"], &["Net sales", "10", "30"]],
    );
    assert_eq!(cell(&t, "B2").period(), None);
}

#[test]
fn a_balance_line_names_its_day_without_at() {
    let t = label(
        TablePart::Only,
        &[
            &["", "2011", "2010"],
            &["balance january 1", "9857", "10686"],
            &["deferred costs", "2608", "2648"],
            &["Balance, December 31", "8744", "9857"],
        ],
    );
    assert_eq!(cell(&t, "C2").period(), instant(2010, 1, 1).as_ref());
    assert_eq!(cell(&t, "C4").period(), instant(2010, 12, 31).as_ref());
    // Near miss: a line that is no balance keeps its column's year.
    assert_eq!(cell(&t, "C3").period().and_then(Period::year), Some(2010));
    assert!(matches!(
        cell(&t, "C3").period(),
        Some(Period::Duration { .. })
    ));
}

#[test]
fn an_empty_year_line_of_a_schedule_by_year_dates_nothing() {
    let t = label(
        TablePart::Only,
        &[
            &["", "Payments"],
            &["Operating leases", "$100"],
            &["2025", ""],
            &["2026", "$300"],
        ],
    );
    assert!(
        cell(&t, "B4").section().is_empty(),
        "{:?}",
        cell(&t, "B4").section()
    );
}

fn concept_of(t: &Table, a1: &str) -> Option<String> {
    cell(t, a1).concept().map(|c| c.as_str().to_string())
}

#[test]
fn a_balance_sheet_line_takes_the_part_its_subtotals_bound() {
    // No "Current assets:" caption; "Deferred income taxes" twice.
    let t = label(
        TablePart::Sheet("BS".into()),
        &[
            &["Consolidated Balance Sheets", "", ""],
            &["(in millions)", "", ""],
            &["", "June 30, 2025", "December 31, 2024"],
            &["Cash and cash equivalents", "#10", "#9"],
            &["Marketable securities", "#4", "#3"],
            &["Total current assets", "#14", "#12"],
            &["Deferred income taxes", "#2", "#2"],
            &["Investments", "#5", "#5"],
            &["Total assets", "#21", "#19"],
            &["Accounts payable", "#6", "#5"],
            &["Total current liabilities", "#6", "#5"],
            &["Deferred income taxes", "#1", "#1"],
            &["Operating lease liabilities", "#3", "#3"],
            &["Total liabilities", "#10", "#9"],
        ],
    );
    assert_eq!(t.statement, StatementKind::Balance);
    let want = [
        ("B5", "MarketableSecuritiesCurrent"),
        ("B7", "DeferredIncomeTaxAssetsNet"),
        ("B8", "LongTermInvestments"),
        ("B12", "DeferredIncomeTaxLiabilitiesNet"),
        ("B13", "OperatingLeaseLiabilityNoncurrent"),
    ];
    for (a1, concept) in want {
        assert_eq!(concept_of(&t, a1).as_deref(), Some(concept), "{a1}");
    }
    // The implied part names the concept only: the printed path is empty.
    assert!(cell(&t, "B5").section().is_empty());
}

#[test]
fn without_its_bounding_subtotals_a_balance_sheet_line_stays_unnamed() {
    // No "Total liabilities": the lines after the current liabilities are
    // not implied noncurrent, and "Deferred income taxes" names neither side.
    let t = label(
        TablePart::Sheet("BS".into()),
        &[
            &["Consolidated Balance Sheets", "", ""],
            &["", "June 30, 2025", "December 31, 2024"],
            &["Cash and cash equivalents", "#10", "#9"],
            &["Marketable securities", "#4", "#3"],
            &["Goodwill", "#4", "#3"],
            &["Total assets", "#18", "#15"],
            &["Accounts payable", "#6", "#5"],
            &["Total current liabilities", "#6", "#5"],
            &["Deferred income taxes", "#1", "#1"],
        ],
    );
    assert_eq!(concept_of(&t, "B4"), None, "no 'Total current assets'");
    assert_eq!(concept_of(&t, "B9"), None);
}

#[test]
fn a_spacer_row_between_basic_and_diluted_keeps_their_caption() {
    let rows: &[&[&str]] = &[
        &["Consolidated Statements of Earnings", "", ""],
        &[
            "",
            "Three Months Ended June 30, 2025",
            "Three Months Ended June 30, 2024",
        ],
        &["Net earnings", "#5", "#4"],
        &["Net earnings per share", "", ""],
        &["Basic", "#2.30", "#1.95"],
        &["", "", ""],
        &["Diluted", "#2.29", "#1.93"],
        &["", "", ""],
        &["Avg. shares outstanding", "", ""],
        &["Basic", "#2400", "#2410"],
        &["", "", ""],
        &["Other", "#1", "#1"],
    ];
    let t = label(TablePart::Only, rows);
    assert_eq!(
        concept_of(&t, "B7").as_deref(),
        Some("EarningsPerShareDiluted")
    );
    assert_eq!(cell(&t, "B7").section(), ["Net earnings per share"]);
    assert_eq!(
        concept_of(&t, "B10").as_deref(),
        Some("WeightedAverageNumberOfSharesOutstandingBasic")
    );
    // Near miss: a line that names nothing under the closed caption either
    // does not reopen it.
    assert!(cell(&t, "B12").section().is_empty());
    assert_eq!(concept_of(&t, "B12"), None);
}

#[test]
fn a_cash_flow_statement_reconciles_its_cash_to_balance_sheet_lines() {
    let rows: &[&[&str]] = &[
        &["Consolidated Statements of Cash Flows", "", ""],
        &["", "#2025", "#2024"],
        &["Net income", "#5", "#4"],
        &["Net cash provided by operating activities", "#7", "#6"],
        &[
            "Reconciliation of cash to the Consolidated Balance Sheets:",
            "",
            "",
        ],
        &["Cash and cash equivalents", "#10", "#9"],
        &[
            "Restricted cash included in other non-current assets",
            "#1",
            "#1",
        ],
    ];
    let t = label(TablePart::Only, rows);
    assert_eq!(t.statement, StatementKind::CashFlow);
    assert_eq!(
        concept_of(&t, "B6").as_deref(),
        Some("CashAndCashEquivalentsAtCarryingValue")
    );
    assert_eq!(
        concept_of(&t, "B7").as_deref(),
        Some("RestrictedCashNoncurrent")
    );
    // Near miss: the same line in the statement's body, over durations and
    // under no such caption, is no balance-sheet line.
    let rows: &[&[&str]] = &[
        &["Consolidated Statements of Cash Flows", "", ""],
        &["", "#2025", "#2024"],
        &["Net income", "#5", "#4"],
        &["Cash and cash equivalents", "#10", "#9"],
    ];
    let t = label(TablePart::Only, rows);
    assert_eq!(concept_of(&t, "B4"), None);
}

#[test]
fn a_change_column_beside_two_periods_runs_from_the_earlier_to_the_later() {
    let t = label(
        TablePart::Only,
        &[
            &["Nine Months Ended September 30,", "", "", ""],
            &["", "2024", "2023", "% change"],
            &["Revenue", "184,330", "160,345", "15.0%"],
        ],
    );
    match cell(&t, "D3").period() {
        Some(Period::Change {
            percent: true,
            from: Some(from),
            to: Some(to),
        }) => {
            assert_eq!((from.year(), to.year()), (Some(2023), Some(2024)));
            assert!(matches!(
                **to,
                Period::Duration {
                    months: Some(9),
                    ..
                }
            ));
        }
        other => panic!("not a dated change: {other:?}"),
    }
    // Beside three years it is not printed which two it compares.
    let t = label(
        TablePart::Only,
        &[
            &["", "2024", "2023", "2022", "% change"],
            &["Revenue", "184", "160", "150", "15.0%"],
        ],
    );
    assert!(matches!(
        cell(&t, "E2").period(),
        Some(Period::Change {
            from: None,
            to: None,
            ..
        })
    ));
}

#[test]
fn a_table_titled_a_sales_change_holds_changes_in_its_dated_columns() {
    let merge = || {
        vec![super::super::Merge {
            first_row: 0,
            first_col: 1,
            last_row: 0,
            last_col: 3,
        }]
    };
    let table = |title: &'static str, caption_row: bool| {
        let header: &[&str] = &[title, "Organic sales", "Translation", "Total sales change"];
        let mut rows: Vec<&[&str]> = vec![&["", "Year ended December 31, 2022", "", ""]];
        if caption_row {
            // The title on a line of its own between the header lines, as
            // a PDF prints it ("Worldwide Sales Change" over "By Business
            // Segment | Organic sales | …").
            rows.push(&["Worldwide Sales Change", "", "", ""]);
            rows.push(&[
                "By Business Segment",
                "Organic sales",
                "Translation",
                "Total sales change",
            ]);
        } else {
            rows.push(header);
        }
        rows.push(&["Industrial", "1.0%", "(4.2)%", "(3.2)%"]);
        rows.push(&["Consumer", "(0.9)", "(2.6)", "(3.9)"]);
        label_with_merges(TablePart::Only, &rows, merge())
    };
    for (t, at) in [
        (table("Worldwide Sales Change by Segment", false), "B4"),
        (table("", true), "B5"),
    ] {
        match cell(&t, at).period() {
            Some(Period::Change {
                percent: true,
                from: None,
                to: Some(to),
            }) => assert_eq!(to.year(), Some(2022)),
            other => panic!("the organic sales cell of a sales-change table: {other:?}"),
        }
    }
    // Near miss: the same table titled by its sales alone holds amounts of
    // the year.
    let t = table("Worldwide Sales by Segment", false);
    assert!(
        matches!(cell(&t, "B4").period(), Some(Period::Duration { .. })),
        "{:?}",
        cell(&t, "B4").period()
    );
}

#[test]
fn only_a_change_of_sales_named_as_such_is_a_sales_change_title() {
    for yes in [
        "Worldwide Sales Change",
        "Net revenue change by segment",
        "Components of net sales change:",
    ] {
        assert!(names_sales_change(yes), "{yes}");
    }
    for no in [
        "Consolidated Statement of Changes in Equity",
        "Sales change in accounting estimate",
        "Change in sales",
        "Worldwide Sales",
    ] {
        assert!(!names_sales_change(no), "{no}");
    }
}

#[test]
fn a_profit_line_under_a_per_share_caption_is_its_amount_per_share() {
    // "Diluted earnings per share: (a)" over "Net income attributable to
    // common shareholders  $6.95": the line's amount per share, unscaled.
    let t = label(
        TablePart::Only,
        &[
            &["Consolidated Statements of Operations", "", ""],
            &["(In millions, except per share data)", "", ""],
            &["", "2021", "2020"],
            &[
                "Net income attributable to common shareholders",
                "$1,263",
                "$709",
            ],
            &["Diluted earnings per share: (a)", "", ""],
            &[
                "Net income attributable to common shareholders",
                "$6.95",
                "$3.91",
            ],
        ],
    );
    let eps = cell(&t, "B6");
    assert_eq!(
        eps.concept().map(|c| c.as_str()),
        Some("EarningsPerShareDiluted")
    );
    assert_eq!(eps.scale(), Decimal::ONE);
    assert_eq!(
        cell(&t, "B4").concept().map(|c| c.as_str()),
        Some("NetIncomeLossAvailableToCommonStockholdersBasic")
    );
    // Near miss: a note's computation prints the money under the same
    // caption, in whole dollars, above the shares and the per-share line.
    let t = label(
        TablePart::Only,
        &[
            &["Earnings per share", "", ""],
            &["(in thousands, except per share data)", "", ""],
            &["", "2024", "2023"],
            &["Basic earnings per share:", "", ""],
            &["Net income", "$8,711,631", "$5,407,990"],
            &[
                "Weighted-average shares of common stock outstanding",
                "429,519",
                "441,571",
            ],
            &["Basic earnings per share", "$20.28", "$12.25"],
        ],
    );
    assert_eq!(
        cell(&t, "B5").concept().map(|c| c.as_str()),
        Some("NetIncomeLoss")
    );
    assert_eq!(cell(&t, "B5").scale(), d("1000"));
}

#[test]
fn a_label_ending_in_its_unit_scales_its_row_only() {
    let t = label(
        TablePart::Sheet("Stats".into()),
        &[
            &["Operating statistics", "", ""],
            &["(in millions, except as noted)", "", ""],
            &["", "2024", "2023"],
            &["Passenger revenue", "2,319.8", "2,150.6"],
            &["Revenue passengers (thousands)", "10,842", "10,315"],
            &[
                "Drilling capital expenditures ($ in millions)",
                "412.6",
                "388.1",
            ],
            &["Load factor (in millions)", "83.7%", "82.7%"],
            &["Notes (3.875% due 2052)", "1,000", "982"],
        ],
    );
    assert_eq!(cell(&t, "B4").value_base(), Some(d("2319800000")));
    assert_eq!(cell(&t, "B5").value_base(), Some(d("10842000")));
    assert_eq!(cell(&t, "B6").value_base(), Some(d("412600000")));
    // A percentage is never scaled; a parenthesis that is no unit leaves
    // the unit line's scale.
    assert_eq!(cell(&t, "B7").value_base(), Some(d("83.7")));
    assert_eq!(cell(&t, "B8").value_base(), Some(d("1000000000")));
    assert_eq!(trailing_unit("Revenue (net of returns)"), None);
    assert!(trailing_unit("Sales (millions):").is_some());
}

#[test]
fn a_line_printed_again_at_the_foot_of_a_per_share_block_is_per_share() {
    // Pfizer's statement of income: "Net income attributable to Pfizer Inc.
    // common shareholders" in millions, then again, at the caption's
    // indent, as the total of the "Earnings per common share––basic" block.
    let t = label(
        TablePart::Sheet("IS".into()),
        &[
            &["(MILLIONS, EXCEPT PER COMMON SHARE DATA)", "", ""],
            &["", "2021", "2020"],
            &["Revenues", "81,288", "41,651"],
            &[
                "Net income attributable to Pfizer Inc. common shareholders",
                "21,979",
                "9,616",
            ],
            &["Earnings per common share––basic", "", ""],
            &["  Income from continuing operations", "4.00", "1.27"],
            &["  Discontinued operations––net of tax", "(0.08)", "0.47"],
            &[
                "Net income attributable to Pfizer Inc. common shareholders",
                "3.92",
                "1.73",
            ],
            &["Weighted-average shares––basic", "5,601", "5,555"],
        ],
    );
    assert_eq!(cell(&t, "B4").value_base(), Some(d("21979000000")));
    assert_eq!(cell(&t, "B8").value_base(), Some(d("3.92")));
    assert_eq!(
        concept_of(&t, "B8").as_deref(),
        Some("EarningsPerShareBasic")
    );
    // Near misses: the row after the block is not in it, and a new line at
    // the caption's indent closes the block.
    assert_ne!(
        concept_of(&t, "B9").as_deref(),
        Some("EarningsPerShareBasic")
    );
    let t = label(
        TablePart::Sheet("IS".into()),
        &[
            &["(MILLIONS, EXCEPT PER COMMON SHARE DATA)", "", ""],
            &["", "2021", "2020"],
            &["Earnings per common share––basic", "", ""],
            &["  Income from continuing operations", "4.00", "1.27"],
            &[
                "Net income attributable to noncontrolling interests",
                "31",
                "36",
            ],
        ],
    );
    assert_eq!(cell(&t, "B5").value_base(), Some(d("31000000")));
    // Nor is a line repeated under a dividends caption (Pfizer's equity
    // statement: "Share-based payment transactions" in each year's block).
    let t = label(
        TablePart::Sheet("EQ".into()),
        &[
            &["(MILLIONS, EXCEPT PER SHARE DATA)", "", ""],
            &["", "Shares", "Amount"],
            &["Share-based payment transactions", "37", "1,280"],
            &["Cash dividends declared, per share: $1.53", "", ""],
            &["  Common stock", "", "(8,571)"],
            &["Share-based payment transactions", "64", "1,470"],
        ],
    );
    assert_eq!(cell(&t, "C6").value_base(), Some(d("1470000000")));
}

#[test]
fn a_caption_ending_in_its_unit_scales_its_rows() {
    // Verizon's "Connections ('000)" over connection counts, in a table
    // "in millions": the rows under the caption are thousands.
    for mark in ["('000)", "(‘000)", "(in thousands)"] {
        let caption = format!("Connections {mark}");
        let t = label(
            TablePart::Sheet("Stats".into()),
            &[
                &["Operating Revenues", "", ""],
                &["(dollars in millions)", "", ""],
                &["", "2021", "2020"],
                &["Service", "67,733", "64,884"],
                &[caption.as_str(), "", ""],
                &["Wireless retail connections", "115,395", "94,373"],
                &["Postpaid connections (millions)", "91.5", "90.3"],
            ],
        );
        assert_eq!(
            cell(&t, "B4").value_base(),
            Some(d("67733000000")),
            "{mark}"
        );
        assert_eq!(cell(&t, "B6").value_base(), Some(d("115395000")), "{mark}");
        // A row's own unit is its own.
        assert_eq!(cell(&t, "B7").value_base(), Some(d("91500000")), "{mark}");
    }
    // Near misses: a unit line alone inside the table is no caption, and a
    // caption whose parenthesis is no unit scales nothing.
    let t = label(
        TablePart::Sheet("Stats".into()),
        &[
            &["(dollars in millions)", "", ""],
            &["", "2021", "2020"],
            &["Service", "67,733", "64,884"],
            &["Notes (3.875% due 2052)", "", ""],
            &["Principal", "1,000", "982"],
        ],
    );
    assert_eq!(cell(&t, "B5").value_base(), Some(d("1000000000")));
    assert!(trailing_unit("Connections ('000)").is_some());
    assert!(trailing_unit("Connections (2000)").is_none());
}

#[test]
fn a_label_ending_in_a_percent_sign_makes_its_row_percentages() {
    // Union Pacific's key ratios: "Operating ratio (%)" prints 59.0 without
    // a sign, in a table in millions.
    let t = label(
        TablePart::Sheet("Ratios".into()),
        &[
            &["(Dollars in millions)", "", ""],
            &["", "2025", "2024"],
            &["Operating revenues", "6,154", "6,027"],
            &["Operating ratio (%)", "59.0", "60.0"],
            &["Employees (in percent of 2019)", "91", "93"],
        ],
    );
    assert!(cell(&t, "B4").percent());
    assert_eq!(cell(&t, "B4").value_base(), Some(d("59.0")));
    assert!(!cell(&t, "B3").percent());
    assert!(!cell(&t, "B5").percent(), "a unit phrase, not a sign alone");
    assert!(ends_in_percent("Gross margin (in percent):"));
    assert!(!ends_in_percent("Notes (3.875% due 2052)"));
}

#[test]
fn a_stub_breaking_its_unit_clause_and_a_header_stacked_beside_prose() {
    // 3M's reconciliation: the stub runs prose down the label column beside
    // the column headings' first lines, and breaks the unit clause in two.
    let t = label(
        TablePart::Pdf { page: 20, table: 1 },
        &[
            &["Adjusted income, operating", "", "", "Earnings"],
            &["income margin, earnings", "", "", "per"],
            &["per share, & effective tax", "", "", "diluted"],
            &[
                "rate (non-GAAP measures)",
                "Net Income",
                "Earnings",
                "share",
            ],
            &[
                "(Dollars in millions, except",
                "Attributable",
                "Per Diluted",
                "percent",
            ],
            &["per share amounts)", "to 3M", "Share", "change"],
            &["Full Year 2018 GAAP", "$5,349", "$8.89", "12.1%"],
        ],
    );
    assert_eq!(
        t.unit.text.as_deref(),
        Some("(Dollars in millions, except per share amounts)")
    );
    assert_eq!(t.unit.exceptions, vec!["per share".to_string()]);
    // (Without the PDF reader's spans, the lines over the last column alone
    // spread over the empty cells to their left, as a spanning heading.)
    let income = cell(&t, "B7");
    assert!(
        income
            .col_label()
            .is_some_and(|l| l.ends_with("Net Income Attributable to 3M"))
    );
    assert_eq!(income.value_base(), Some(d("5349000000")));
    let eps = cell(&t, "C7");
    assert!(
        eps.col_label()
            .is_some_and(|l| l.ends_with("Earnings Per Diluted Share"))
    );
    assert_eq!(eps.measure(), Measure::PerShare);
    assert_eq!(eps.value_base(), Some(d("8.89")));
    assert_eq!(
        cell(&t, "D7").col_label(),
        Some("Earnings per diluted share percent change")
    );
}

#[test]
fn a_column_headed_per_diluted_share_is_per_share() {
    assert_eq!(
        column_measure("Earnings Per Diluted Share"),
        Some(Measure::PerShare)
    );
    assert_eq!(
        column_measure("Per basic common share"),
        Some(Measure::PerShare)
    );
    assert_eq!(
        column_measure("Dividends per share"),
        Some(Measure::PerShare)
    );
    assert_eq!(column_measure("Paper shares issued"), Some(Measure::Shares));
    assert_eq!(column_measure("Per shareholder"), None);
    assert_eq!(column_measure("Net sales"), None);
    // Alphabet's classes of stock; a dollar value of shares is money.
    assert_eq!(
        column_measure("Average Price Paid per Class A Share(2)"),
        Some(Measure::PerShare)
    );
    assert_eq!(
        column_measure("Approximate Dollar Value of Shares that May Yet Be Purchased"),
        Some(Measure::Monetary)
    );
    // Near miss: a class of shares counted is shares.
    assert_eq!(
        column_measure("Total Number of Class A Shares Purchased"),
        Some(Measure::Shares)
    );
}

#[test]
fn a_column_stating_its_unit_scales_its_cells_not_the_tables() {
    // NVIDIA's repurchase table: shares "(In millions)", the authorization
    // left "(In billions)", the price per share in dollars; the table's
    // unit is the first header's.
    let t = label(
        TablePart::Sheet("t".into()),
        &[
            &[
                "Period",
                "Total Number of Shares Purchased (In millions)",
                "Average Price Paid per Share (1)",
                "Approximate Dollar Value of Shares that May Yet Be Purchased Under the Program (In billions)",
            ],
            &[
                "October 28, 2024 - November 24, 2024",
                "25.4",
                "142.67",
                "42.8",
            ],
        ],
    );
    let base = |a1: &str| cell(&t, a1).value_base().map(|v| v.normalize().to_string());
    assert_eq!(base("B2").as_deref(), Some("25400000"));
    assert_eq!(base("C2").as_deref(), Some("142.67"));
    assert_eq!(base("D2").as_deref(), Some("42800000000"));
    // Near miss: footnote marks after the unit ("(in thousands)(1)") leave
    // it the column's; a header without one takes the table's.
    let t = label(
        TablePart::Sheet("t".into()),
        &[
            &[
                "Period",
                "Total Number of Class A Shares Purchased (in thousands)(1)",
                "Shares Purchased as Part of Programs",
            ],
            &["October 1 - 31", "5,792", "35,872"],
        ],
    );
    let base = |a1: &str| cell(&t, a1).value_base().map(|v| v.normalize().to_string());
    assert_eq!(base("B2").as_deref(), Some("5792000"));
    assert_eq!(base("C2").as_deref(), Some("35872000"));
}

#[test]
fn change_columns_printed_between_the_years_they_compare_are_dated_by_them() {
    // Apple's "2024 | Change | 2023 | Change | 2022".
    let change_years = |t: &Table, at: &str| match cell(t, at).period() {
        Some(Period::Change { from, to, .. }) => (
            from.as_deref().and_then(Period::year),
            to.as_deref().and_then(Period::year),
        ),
        other => panic!("{at}: {other:?}"),
    };
    let t = label(
        TablePart::Sheet("S".into()),
        &[
            &["Segment Operating Performance", "", "", "", "", ""],
            &[
                "(dollars in millions)",
                "2024",
                "Change",
                "2023",
                "Change",
                "2022",
            ],
            &[
                "Americas",
                "$ 167,045",
                "3 %",
                "$ 162,560",
                "(4)%",
                "$ 169,658",
            ],
            &[
                "Greater China",
                "66,952",
                "(8)%",
                "72,559",
                "(2)%",
                "74,200",
            ],
        ],
    );
    assert_eq!(change_years(&t, "C4"), (Some(2023), Some(2024)));
    assert_eq!(change_years(&t, "E4"), (Some(2022), Some(2023)));
    // Near miss: changes printed after all three years say not which two
    // they compare.
    let t = label(
        TablePart::Sheet("S".into()),
        &[
            &["Segment Operating Performance", "", "", "", "", ""],
            &[
                "(dollars in millions)",
                "2024",
                "2023",
                "2022",
                "Change",
                "Change",
            ],
            &[
                "Americas",
                "$ 167,045",
                "$ 162,560",
                "$ 169,658",
                "3 %",
                "(4)%",
            ],
        ],
    );
    assert_eq!(change_years(&t, "E3"), (None, None));
}

#[test]
fn a_discussions_change_column_printing_percent_first_is_percentages_on_money_lines_too() {
    // Verizon's segment "Operating Expenses": "%" on the first row only,
    // the money lines below (SG&A, a monetary concept) in percent as well.
    let t = label(
        TablePart::Pdf { page: 29, table: 1 },
        &[
            &["Operating Expenses", "", "", "", ""],
            &["(dollars in millions)", "", "", "Increase/(Decrease)", ""],
            &[
                "Years Ended December 31,",
                "2021",
                "2020",
                "2021 vs. 2020",
                "",
            ],
            &["Cost of services", "$ 16,581", "$ 15,610", "$ 971", "6.2 %"],
            &[
                "Selling, general and administrative expense",
                "16,562",
                "16,936",
                "(374)",
                "(2.2)",
            ],
            &[
                "Total Operating Expenses",
                "$ 65,345",
                "$ 59,677",
                "$ 5,668",
                "9.5",
            ],
        ],
    );
    for at in ["E4", "E5", "E6"] {
        assert!(cell(&t, at).percent(), "{at}");
        assert_eq!(cell(&t, at).scale(), Decimal::ONE, "{at}");
    }
    assert_eq!(cell(&t, "E5").value_base(), Some(d("-2.2")));
    // Near miss: the dollar change beside it keeps the unit line's scale.
    assert_eq!(cell(&t, "D5").value_base(), Some(d("-374000000")));
}

#[test]
fn a_balance_sheets_change_column_printing_percent_first_is_percentages() {
    let t = label(
        TablePart::Pdf { page: 17, table: 1 },
        &[
            &["Selected Consolidated balance sheets data", "", "", ""],
            &[
                "(in millions)",
                "June 30, 2023",
                "December 31, 2022",
                "Change",
            ],
            &["Deposits", "$ 2,398,962", "$ 2,340,179", "3%"],
            &["Long-term debt", "364,078", "295,865", "23"],
            &["Total liabilities", "3,555,724", "3,373,411", "5"],
            &[
                "Total liabilities and stockholders' equity",
                "$ 3,868,240",
                "$ 3,665,743",
                "6%",
            ],
        ],
    );
    for at in ["D3", "D4", "D5", "D6"] {
        assert!(cell(&t, at).percent(), "{at}");
        assert_eq!(cell(&t, at).scale(), Decimal::ONE, "{at}");
    }
    // Near miss: the amounts beside them keep the unit line's scale.
    assert_eq!(cell(&t, "B4").value_base(), Some(d("364078000000")));
}

#[test]
fn span_words_name_a_span_without_its_date() {
    assert_eq!(
        span_words(
            "Income before tax by segment of business for the fiscal six months were as follows:"
        )
        .as_deref(),
        Some("fiscal six months")
    );
    assert_eq!(
        span_words("Sales by segment for the fiscal second quarters were as follows:").as_deref(),
        Some("fiscal second quarter")
    );
    assert_eq!(
        span_words("for the twenty-six weeks").as_deref(),
        Some("twenty-six weeks")
    );
    // Near misses: a span with its date is read whole; no span; a count
    // that is no span's; a span not said to be the table's.
    assert_eq!(span_words("Six months ended June 30,"), None);
    assert_eq!(span_words("Segment income before tax"), None);
    assert_eq!(span_words("Two months of backlog"), None);
    assert_eq!(
        span_words("Cash equivalents with maturities of three months or less:"),
        None
    );
    assert_eq!(
        span_words("Amounts due over the next twelve months were as follows:"),
        None
    );
}

#[test]
fn a_lead_in_span_dates_columns_headed_by_dates_only() {
    let t = label(
        TablePart::Only,
        &[
            &[
                "Segment sales for the fiscal six months were as follows:",
                "",
                "",
            ],
            &["", "June 29, 2025", "June 30, 2024"],
            &["Innovative Medicine", "29,075", "28,052"],
        ],
    );
    match cell(&t, "B3").period() {
        Some(Period::Duration {
            months: Some(6),
            end: Some(end),
            ..
        }) => assert_eq!(*end, date(2025, 6, 29)),
        other => panic!("{other:?}"),
    }
    // Near misses: dates of two months (a half-year's end and the year's)
    // and a balance sheet's dated columns stay balances.
    let t = label(
        TablePart::Only,
        &[
            &[
                "Segment sales for the fiscal six months were as follows:",
                "",
                "",
            ],
            &["", "June 29, 2025", "December 29, 2024"],
            &["Innovative Medicine", "29,075", "28,052"],
        ],
    );
    assert!(matches!(
        cell(&t, "B3").period(),
        Some(Period::Instant { .. })
    ));
    let t = label(
        TablePart::Only,
        &[
            &["Balance sheet data for the six months", "", ""],
            &["", "June 29, 2025", "December 29, 2024"],
            &["Total assets", "29,075", "28,052"],
            &["Total liabilities", "19,075", "18,052"],
            &["Total equity", "10,000", "10,000"],
        ],
    );
    assert!(matches!(
        cell(&t, "B3").period(),
        Some(Period::Instant { .. })
    ));
}

#[test]
fn rows_under_a_caption_naming_a_percentage_are_percentages() {
    // Amazon's MD&A: "Year-over-year Percentage Growth:" prints "%" on its
    // first row only, in a table of millions.
    let t = label(
        TablePart::Sheet("MDA".into()),
        &[
            &["(in millions)", "", ""],
            &["", "2023", "2024"],
            &["Net Sales:", "", ""],
            &["North America", "$352,828", "$387,497"],
            &["AWS", "90,757", "107,556"],
            &["Year-over-year Percentage Growth:", "", ""],
            &["North America", "12%", "10%"],
            &["AWS", "13", "19"],
            &["Sales and marketing", "5", "(1)"],
        ],
    );
    let growth = cell(&t, "C8");
    assert!(growth.percent());
    assert_eq!(growth.value_base(), Some(d("19")));
    // A line the labeler knows as money is a percentage there too.
    let expense = cell(&t, "C9");
    assert!(expense.percent());
    assert_eq!(expense.value_base(), Some(d("-1")));
    // Near miss: the amounts above stay money in millions.
    let sales = cell(&t, "C5");
    assert!(!sales.percent());
    assert_eq!(sales.value_base(), Some(d("107556000000")));
}

#[test]
fn one_header_writing_a_date_per_column_gives_each_its_own() {
    // Kraft Heinz's statement of income: three dates read as one phrase
    // over the three columns.
    let rows: &[&[&str]] = &[
        &["(in millions)", "", "", ""],
        &[
            "",
            "December 28, 2019 December 29, 2018 December 30, 2017",
            "",
            "",
        ],
        &["Net sales", "#24977", "#26268", "#26076"],
        &["Widget realignment items", "#102", "#297", "#434"],
    ];
    let t = label_with_merges(TablePart::Sheet("IS".into()), rows, vec![merge(1, 1, 3)]);
    // A row with no concept is the year too, not the day: a day would let
    // any span ending on it pass.
    let other = format!("{:?}", cell(&t, "C4").period());
    assert!(
        other.contains("Duration") && other.contains("2018"),
        "{other}"
    );
    let years: Vec<String> = ["B3", "C3", "D3"]
        .iter()
        .map(|a| format!("{:?}", cell(&t, a).period()))
        .collect();
    assert!(years[0].contains("2019"), "{years:?}");
    assert!(years[1].contains("2018"), "{years:?}");
    assert!(years[2].contains("2017"), "{years:?}");
    assert_eq!(cell(&t, "C3").col_label(), Some("December 29, 2018"));
    // Each column is the year ending on its date.
    assert!(years[1].contains("Duration"), "{years:?}");
    // Near misses: dates alone that are no year apart, and two dates over
    // three columns, are not spread.
    let rows: &[&[&str]] = &[
        &["(in millions)", "", ""],
        &["", "June 30, 2025 December 31, 2024", ""],
        &["Cash", "#100", "#90"],
    ];
    let t = label_with_merges(TablePart::Sheet("BS".into()), rows, vec![merge(1, 1, 2)]);
    assert_eq!(cell(&t, "B3").col_label(), cell(&t, "C3").col_label());
    let rows: &[&[&str]] = &[
        &["(in millions)", "", "", ""],
        &["", "December 28, 2019 December 29, 2018", "", ""],
        &["Net sales", "#24977", "#26268", "#26076"],
    ];
    let t = label_with_merges(TablePart::Sheet("IS".into()), rows, vec![merge(1, 1, 3)]);
    assert_eq!(
        cell(&t, "B3").col_label(),
        cell(&t, "D3").col_label(),
        "{:?}",
        cell(&t, "B3").col_label()
    );
}

#[test]
fn ratios_and_rates_per_unit_are_not_in_the_table_s_unit() {
    // Union Pacific's "Millions, except ratios for the trailing twelve
    // months ended": the ratio line is printed whole.
    let t = label(
        TablePart::Sheet("Ratios".into()),
        &[
            &[
                "Millions, except ratios for the trailing twelve months ended",
                "",
                "",
            ],
            &["", "Jun. 30, 2025", "Dec. 31, 2024"],
            &["Debt", "$32,813", "$31,192"],
            &["Net income", "6,935", "6,747"],
            &["Debt / net income", "4.7", "4.6"],
        ],
    );
    assert_eq!(cell(&t, "B5").value_base(), Some(d("4.7")));
    // Near miss: the amounts stay in millions.
    assert_eq!(cell(&t, "B3").value_base(), Some(d("32813000000")));
    // Verizon's "(dollars in millions, except ARPA)": connections per
    // account are each account's, with no exception naming them.
    let t = label(
        TablePart::Sheet("KPI".into()),
        &[
            &["(dollars in millions, except ARPA)", "", ""],
            &["", "2021", "2020"],
            &["Service revenue", "$67,733", "$64,884"],
            &[
                "Wireless retail postpaid connections per account",
                "2.72",
                "2.69",
            ],
        ],
    );
    assert_eq!(cell(&t, "B4").value_base(), Some(d("2.72")));
    assert_eq!(cell(&t, "B3").value_base(), Some(d("67733000000")));
}

#[test]
fn model_numbers_over_a_total_column_are_the_header() {
    // Boeing's deliveries: "737 | 767 | 777 | 787 | Total" with no stub,
    // over labeled rows.
    let t = label(
        TablePart::Sheet("Deliveries".into()),
        &[
            &["", "737", "767", "777", "787", "Total"],
            &[
                "Deliveries during the second quarter of 2025",
                "104",
                "9",
                "13",
                "24",
                "150",
            ],
            &[
                "Deliveries during the second quarter of 2024",
                "70",
                "6",
                "7",
                "9",
                "92",
            ],
        ],
    );
    assert_eq!(cell(&t, "F2").col_label(), Some("Total"));
    assert_eq!(cell(&t, "B2").col_label(), Some("737"));
    assert!(
        t.cell_at(crate::model::Coord::parse("B1").unwrap())
            .is_none()
    );
    // Near miss: without a "Total" column the first row is data.
    let t = label(
        TablePart::Sheet("Counts".into()),
        &[&["", "737", "767"], &["Deliveries", "104", "9"]],
    );
    assert!(
        t.cell_at(crate::model::Coord::parse("B1").unwrap())
            .is_some()
    );
}

#[test]
fn change_columns_side_by_side_after_a_pair_each_compare_it() {
    // Tesla's results of operations: "2025 | 2024 | Change $ | Change %"
    // for the quarter, then for the six months.
    let spans = |t: &Table, at: &str| match cell(t, at).period() {
        Some(Period::Change { from, to, .. }) => (
            from.as_deref()
                .map(|p| format!("{p:?}"))
                .unwrap_or_default(),
            to.as_deref().map(|p| format!("{p:?}")).unwrap_or_default(),
        ),
        other => panic!("{at}: {other:?}"),
    };
    let t = label(
        TablePart::Sheet("S".into()),
        &[
            &["(Dollars in millions)", "", "", "", "", "", "", "", ""],
            &[
                "",
                "Three Months Ended June 30, 2025",
                "Three Months Ended June 30, 2024",
                "Change $",
                "Change %",
                "Six Months Ended June 30, 2025",
                "Six Months Ended June 30, 2024",
                "Change $",
                "Change %",
            ],
            &[
                "Automotive sales",
                "$ 15,787",
                "$ 18,530",
                "$ (2,743)",
                "(15)%",
                "$ 28,712",
                "$ 34,990",
                "$ (6,278)",
                "(18)%",
            ],
        ],
    );
    for at in ["D3", "E3"] {
        let (from, to) = spans(&t, at);
        assert!(
            from.contains("2024") && from.contains("months: Some(3)"),
            "{at} {from}"
        );
        assert!(
            to.contains("2025") && to.contains("months: Some(3)"),
            "{at} {to}"
        );
    }
    for at in ["H3", "I3"] {
        let (from, to) = spans(&t, at);
        assert!(
            from.contains("2024") && from.contains("months: Some(6)"),
            "{at} {from}"
        );
        assert!(
            to.contains("2025") && to.contains("months: Some(6)"),
            "{at} {to}"
        );
    }
    // Near miss: a change after a change that follows three years still
    // says not which two it compares.
    let t = label(
        TablePart::Sheet("S".into()),
        &[
            &["(Dollars in millions)", "", "", "", "", ""],
            &["", "2024", "2023", "2022", "Change $", "Change %"],
            &["Sales", "$ 3", "$ 2", "$ 1", "$ 1", "50%"],
        ],
    );
    assert_eq!(spans(&t, "F3"), (String::new(), String::new()));
}

#[test]
fn millions_unless_noted_scales_the_rows_that_note_no_unit() {
    // 3M's lease table: right-of-use assets in millions, terms in years,
    // rates in percent.
    let t = label(
        TablePart::Only,
        &[
            &["(Millions unless noted)", "2022", "2021"],
            &["Operating leases:", "", ""],
            &["Operating lease right of use assets", "$829", "$858"],
            &["Weighted average remaining lease term (in years):", "", ""],
            &["Operating leases", "5.5", "5.5"],
            &["Weighted average discount rate:", "", ""],
            &["Operating leases", "2.2%", "1.8%"],
        ],
    );
    assert_eq!(cell(&t, "B3").value_base(), Some(d("829000000")));
    // Near misses: the rows that note their own unit keep it.
    assert_eq!(cell(&t, "B5").value_base(), Some(d("5.5")));
    assert_eq!(cell(&t, "B7").value_base(), Some(d("2.2")));
}

#[test]
fn a_unit_line_alone_in_its_row_above_the_numbers_is_the_tables() {
    // Adobe's lease maturities: "(in millions)" in the column of the years
    // its rows are, left of the labels of its totals.
    let rows: &[&[&str]] = &[
        &[
            "December 2, 2022 were 7 years and 2.37%, respectively.",
            "",
            "",
        ],
        &[
            "",
            "As of December 2, 2022, the maturities of lease liabilities under operating leases were as follows:",
            "",
        ],
        &["(in millions)", "", ""],
        &["Fiscal Year", "", "Operating Leases"],
        &["2023", "", "$95"],
        &["2024", "", "78"],
        &["2025", "", "74"],
        &["2026", "", "67"],
        &["2027", "", "67"],
        &["Thereafter", "", "167"],
        &["", "Total lease liabilities", "$548"],
        &["", "Less: Imputed interest", "44"],
        &["", "Present value of lease liabilities", "$504"],
    ];
    let t = label(TablePart::Only, rows);
    assert_eq!(cell(&t, "C13").value_base(), Some(d("504000000")));
    // The near miss: a unit line below the first number says nothing of
    // the rows above it.
    let mut below: Vec<&[&str]> = rows.to_vec();
    below.swap(2, 4);
    let t = label(TablePart::Only, &below);
    assert_eq!(cell(&t, "C13").value_base(), Some(d("504")));
}
