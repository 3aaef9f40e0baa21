//! The role check's rules, each on a small table: what makes a cited cell
//! the claim's, what does not, and what cannot be told.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::*;
use crate::answer::Claim;
use crate::model::{Coord, Document, Located};

fn doc(rows: &[&[&str]]) -> Document {
    crate::read::test_document(rows)
}

/// The verdict on the cell at `at` for a claim with this role (and
/// sentence), over the whole table as context.
fn verdict_with(rows: &[&[&str]], at: &str, role: &str, sentence: Option<&str>) -> Verdict {
    verdict_of(rows, at, Role::Text(role.to_string()), sentence)
}

/// The verdict on the cell at `at` for a claim with this role of either
/// form (and sentence), over the whole table as context.
fn verdict_of(rows: &[&[&str]], at: &str, role: Role, sentence: Option<&str>) -> Verdict {
    let claim = Claim {
        role: Some(role),
        text: sentence.map(str::to_string),
        ..Claim::default()
    };
    verdict_edited(rows, at, &claim, |_| {})
}

/// The verdict on the cell at `at` for this claim, over the whole table
/// as context, after `edit` has changed what the reader found (a lead-in,
/// a section).
fn verdict_edited(
    rows: &[&[&str]],
    at: &str,
    claim: &Claim,
    edit: impl FnOnce(&mut crate::model::Table),
) -> Verdict {
    let vocab = Vocab::builtin();
    let mut d = doc(rows);
    if let Some(table) = d.tables.first_mut() {
        edit(table);
    }
    let table = &d.tables[0];
    let cell = table.cell_at(Coord::parse(at).unwrap()).unwrap();
    let spec = read_claim(claim, &vocab);
    resolve(
        &spec,
        &cell,
        &[(&d, Located::Source)],
        &vocab,
        (&|_| true, &|_| true),
    )
    .verdict
}

fn verdict(rows: &[&[&str]], at: &str, role: &str) -> Verdict {
    verdict_with(rows, at, role, None)
}

fn same(rows: &[&[&str]], at: &str, role: &str) {
    assert_eq!(verdict(rows, at, role), Verdict::Same, "{at} {role:?}");
}

fn not_same(rows: &[&[&str]], at: &str, role: &str) {
    assert_ne!(verdict(rows, at, role), Verdict::Same, "{at} {role:?}");
}

fn ambiguous(rows: &[&[&str]], at: &str, role: &str) {
    assert!(
        matches!(verdict(rows, at, role), Verdict::Ambiguous(_)),
        "{at} {role:?}: {:?}",
        verdict(rows, at, role)
    );
}

const IS: &[&[&str]] = &[
    &["Widget Co", "", "", ""],
    &["Statements of Operations", "", "", ""],
    &["(in millions)", "", "", ""],
    &["", "Year Ended December 31,", "", ""],
    &["", "2024", "2023", "2022"],
    &["Product revenue", "300", "280", "250"],
    &["Service revenue", "120", "110", "100"],
    &["Total revenue", "420", "390", "350"],
    &["Cost of revenue", "250", "240", "220"],
    &["Net income", "45", "38", "41"],
];

#[test]
fn a_qualifier_the_cited_line_lacks_is_not_its_role() {
    same(IS, "B8", "Total revenue, FY2024");
    same(IS, "B8", "Revenue, FY2024");
    same(IS, "B6", "Product revenue, FY2024");
    not_same(IS, "B8", "Product revenue, FY2024");
    not_same(IS, "B6", "Revenue, FY2024");
    not_same(IS, "B10", "Adjusted net income, FY2024");
    not_same(IS, "B10", "Pro forma net income, FY2024");
    not_same(IS, "B8", "Organic revenue, FY2024");
    not_same(IS, "B8", "U.S. revenue, FY2024");
}

#[test]
fn the_cited_line_must_be_the_best_match_in_the_context() {
    // Product revenue is a revenue line, but total revenue is the one a
    // plain "Revenue" names.
    assert_eq!(
        verdict(IS, "B6", "Revenue, FY2024"),
        Verdict::ConceptDiffers
    );
    // Another line: a role mismatch, not a guess.
    assert_eq!(
        verdict(IS, "B9", "Revenue, FY2024"),
        Verdict::ConceptDiffers
    );
    assert_eq!(verdict(IS, "C8", "Revenue, FY2024"), Verdict::PeriodDiffers);
}

#[test]
fn a_role_without_a_period_does_not_agree_with_any_year() {
    ambiguous(IS, "C8", "Total revenue");
    // The sentence says the year the role leaves out.
    assert_eq!(
        verdict_with(
            IS,
            "C8",
            "Total revenue",
            Some("Revenue was $390 million in 2023.")
        ),
        Verdict::Same
    );
    assert_eq!(
        verdict_with(
            IS,
            "C8",
            "Total revenue",
            Some("Revenue was $390 million in 2024.")
        ),
        Verdict::PeriodDiffers
    );
}

#[test]
fn spans_that_are_not_the_column_s_differ() {
    let q: &[&[&str]] = &[
        &["", "Three Months Ended", "", "Nine Months Ended", ""],
        &["", "September 30,", "", "September 30,", ""],
        &["", "2024", "2023", "2024", "2023"],
        &["Revenue", "63", "58", "184", "160"],
    ];
    same(q, "D4", "Revenue, first nine months of 2024");
    same(q, "D4", "Revenue, 9M 2024");
    same(q, "D4", "Revenue, YTD Q3 2024");
    same(q, "B4", "Revenue, Q3 2024");
    not_same(q, "B4", "Revenue, first nine months of 2024");
    not_same(q, "D4", "Revenue, Q3 2024");
    not_same(q, "D4", "Revenue, LTM Q3 2024");
    not_same(q, "D4", "Revenue, FY2024");
}

#[test]
fn an_opening_balance_is_the_close_of_the_year_before() {
    let bs: &[&[&str]] = &[
        &["Balance Sheets", "", ""],
        &["", "December 31,", ""],
        &["", "2024", "2023"],
        &["Cash and cash equivalents", "780", "685"],
    ];
    same(
        bs,
        "C4",
        "Cash and cash equivalents at the beginning of 2024",
    );
    not_same(
        bs,
        "B4",
        "Cash and cash equivalents at the beginning of 2024",
    );
    same(bs, "B4", "Cash and cash equivalents at December 31, 2024");
    let cf: &[&[&str]] = &[
        &["", "Year Ended December 31,", ""],
        &["", "2024", "2023"],
        &["Net increase in cash", "95", "125"],
        &["Cash at beginning of year", "685", "560"],
        &["Cash at end of year", "780", "685"],
    ];
    same(cf, "B4", "Cash at December 31, 2023");
    not_same(cf, "B4", "Cash at December 31, 2024");
    same(cf, "B5", "Cash at December 31, 2024");
}

#[test]
fn a_calendar_year_is_not_a_june_fiscal_year() {
    let fy: &[&[&str]] = &[
        &["", "Fiscal Year Ended June 30,", ""],
        &["", "2024", "2023"],
        &["Revenue", "184", "160"],
    ];
    same(fy, "B3", "Revenue, FY2024");
    same(fy, "B3", "Revenue, fiscal year ended June 30, 2024");
    not_same(fy, "B3", "Revenue, year ended December 31, 2024");
    not_same(fy, "B3", "Revenue, calendar 2024");
}

#[test]
fn a_member_named_by_its_label_carries_its_section() {
    let seg: &[&[&str]] = &[
        &["", "2024"],
        &["Segment revenue:", ""],
        &["Industrial", "300"],
        &["Digital", "120"],
        &["Total segment revenue", "420"],
    ];
    same(seg, "B3", "Industrial segment revenue, 2024");
    same(seg, "B3", "Industrial revenue, 2024");
    not_same(seg, "B3", "Revenue, 2024");
    not_same(seg, "B4", "Industrial segment revenue, 2024");
}

#[test]
fn a_row_label_gives_the_period_a_measure_column_lacks() {
    let rows: &[&[&str]] = &[
        &["", "Number of Shares", "Weighted-Average Exercise Price"],
        &[
            "Widgets outstanding at September 30, 2018",
            "1,200",
            "12.50",
        ],
        &[
            "Widgets outstanding at September 30, 2019",
            "1,350",
            "13.10",
        ],
    ];
    let role = "Widgets outstanding at September 30, 2019, Number of Shares";
    same(rows, "B3", role);
    not_same(rows, "B2", role);
    not_same(rows, "C3", role);
}

#[test]
fn a_role_naming_the_rows_date_and_the_columns_year_names_the_cell() {
    let rows: &[&[&str]] = &[
        &["", "2007 program", "2003 program", "total"],
        &["widget liability at december 31 2007", "0.9", "4.1", "5.0"],
        &["widget liability at december 31 2008", "1.2", "5.7", "6.9"],
    ];
    let role = "widget liability at december 31 2008, 2007 program";
    same(rows, "B3", role);
    not_same(rows, "C3", role);
    not_same(rows, "B2", role);
}

#[test]
fn a_role_that_is_the_row_label_names_the_row() {
    // "Gross margin" is a ratio in a claim and gross profit as a row label;
    // a role that is the label names the row.
    let rows: &[&[&str]] = &[
        &["", "2019", "2018"],
        &["Revenue", "1,000", "900"],
        &["Gross margin", "400", "350"],
    ];
    same(rows, "B3", "Gross margin, 2019");
    assert_eq!(
        verdict(rows, "C3", "Gross margin, 2019"),
        Verdict::PeriodDiffers
    );
    not_same(rows, "B2", "Gross margin, 2019");
}

#[test]
fn a_role_quoting_another_rows_label_differs() {
    let rows: &[&[&str]] = &[
        &["", "2019", "2018"],
        &[
            "Weighted average number of shares outstanding",
            "1,000",
            "990",
        ],
        &[
            "Weighted average number of shares outstanding incl. dilutive effect of share options",
            "1,010",
            "995",
        ],
    ];
    let role = "Weighted average number of shares outstanding incl. dilutive effect of share options, 2019";
    same(rows, "B3", role);
    not_same(rows, "B2", role);
}

#[test]
fn a_generic_label_names_its_row_only_when_unique() {
    let rows: &[&[&str]] = &[
        &["", "2019", "2018"],
        &["Widgets", "10", "9"],
        &["Gadgets", "5", "4"],
        &["Total", "15", "13"],
    ];
    same(rows, "B4", "Total, 2019");
    let twice: &[&[&str]] = &[
        &["", "2019", "2018"],
        &["Widgets", "10", "9"],
        &["Total", "10", "9"],
        &["Gadgets", "5", "4"],
        &["Total", "7", "4"],
    ];
    ambiguous(twice, "B3", "Total, 2019");
}

#[test]
fn a_role_naming_another_measure_column_differs() {
    let rows: &[&[&str]] = &[
        &["", "Less than 1 Year", "1-3 Years", "Total"],
        &["Widget leases", "100", "250", "350"],
        &["Gadget leases", "100", "100", "200"],
    ];
    same(rows, "B2", "Widget leases, Less than 1 Year");
    not_same(rows, "C3", "Gadget leases, Less than 1 Year");
    let dated: &[&[&str]] = &[
        &[
            "",
            "December 31, 2019 Carrying Amount",
            "December 31, 2019 Fair Value",
        ],
        &["Widget notes", "100", "101"],
    ];
    let role = "Widget notes, December 31, 2019 Carrying Amount";
    same(dated, "B2", role);
    not_same(dated, "C2", role);
}

#[test]
fn a_more_exact_line_with_the_same_number_is_the_claims() {
    let rows: &[&[&str]] = &[
        &["", "2019"],
        &["Current accounts receivable", "505"],
        &["Total accounts receivable", "505"],
    ];
    same(rows, "B2", "Current accounts receivable, 2019");
    assert_eq!(
        verdict(rows, "B3", "Current accounts receivable, 2019"),
        Verdict::ConceptDiffers
    );
}

#[test]
fn members_under_an_attribution_caption_split_the_line_above() {
    let rows: &[&[&str]] = &[
        &["", "2024"],
        &["Profit for the year", "265.0"],
        &["Attributable to:", ""],
        &["Owners of the parent", "250.8"],
        &["Non-controlling interests", "14.2"],
    ];
    same(
        rows,
        "B4",
        "Profit attributable to owners of the parent, 2024",
    );
    not_same(
        rows,
        "B2",
        "Profit attributable to owners of the parent, 2024",
    );
    same(rows, "B2", "Profit for the year, 2024");
    not_same(rows, "B5", "Profit for the year, 2024");
}

#[test]
fn an_equity_statement_dates_its_rows() {
    let rows: &[&[&str]] = &[
        &["", "Common stock", "Retained earnings", "Total"],
        &["Balance at June 30, 2023", "10", "200", "210"],
        &["Net income", "", "40", "40"],
        &["Balance at June 30, 2024", "10", "240", "250"],
    ];
    same(rows, "C4", "Retained earnings at June 30, 2024");
    not_same(rows, "C2", "Retained earnings at June 30, 2024");
    same(
        rows,
        "C3",
        "Net income, fiscal year ended June 30, 2024, Retained earnings",
    );
}

#[test]
fn a_roll_forward_row_is_named_by_its_day_and_the_columns_year() {
    let rows: &[&[&str]] = &[
        &["", "Year Ended December 31,", "", ""],
        &["", "2019", "2018", "2017"],
        &["Balance at January 1", "1,402", "1,271", "276"],
        &["Additions", "10", "131", "995"],
        &["Balance at December 31", "1,412", "1,402", "1,271"],
        &["Total as of December 31,", "1,412", "1,402", "1,271"],
    ];
    // The opening balance: the row's day in the column's year.
    same(
        rows,
        "B3",
        "Balance at January 1, Year Ended December 31, 2019",
    );
    same(rows, "B3", "Balance at January 1, 2019");
    not_same(rows, "C3", "Balance at January 1, 2019");
    not_same(rows, "B5", "Balance at January 1, 2019");
    // The closing one, by its generic label and its date.
    same(rows, "B5", "Balance at December 31 in FY2019");
    not_same(rows, "B3", "Balance at December 31, 2019");
    // A label's day is not a word of its line item.
    same(rows, "C6", "Total as of December 31, 2018");
    not_same(rows, "C6", "Total as of December 31, 2019");
}

#[test]
fn a_column_with_words_the_claim_lacks_ranks_below_the_one_without() {
    // Years as rows, the measures in the columns.
    let rows: &[&[&str]] = &[
        &["", "pmi", "pmi peer group", "s&p 500"],
        &["december 31 2017", "100.0", "104.2", "121.8"],
        &["december 31 2018", "96.5", "127.7", "116.5"],
    ];
    same(rows, "B3", "pmi, december 31 2018");
    not_same(rows, "C3", "pmi, december 31 2018");
    same(rows, "C3", "pmi peer group, december 31 2018");
}

#[test]
fn a_candidate_is_kept_exactly_when_its_full_fit_is_adequate() {
    let vocab = Vocab::builtin();
    let d = doc(&[
        &["", "2024", "2023"],
        &["Revenue", "4,200", "3,900"],
        &["Cost of revenue", "2,520", "2,400"],
        &["Net income", "447", "412"],
    ]);
    let table = &d.tables[0];
    let roles = roles_of(table, &vocab);
    for role in [
        "Revenue, FY2024",
        "Revenue",
        "Net income 2023",
        "Cost, 2022",
        "Goodwill",
    ] {
        let claim = read_claim(
            &Claim {
                role: Some(Role::Text(role.to_string())),
                ..Claim::default()
            },
            &vocab,
        );
        for record in &table.records {
            let cell = crate::model::Cell::new(table, record);
            let full = fit(&claim, &cell, roles);
            let kept = fit::fit_if_adequate(&claim, &cell, roles);
            assert_eq!(
                kept.is_some(),
                full.adequate(),
                "{role} at {}",
                cell.reference()
            );
            if let Some(kept) = kept {
                assert_eq!(kept, full, "{role} at {}", cell.reference());
            }
        }
    }
}

#[test]
fn a_bare_date_is_the_year_ending_that_day_not_its_quarter() {
    let annual: &[&[&str]] = &[
        &["", "Fiscal Year Ended", ""],
        &["(Dollars in Millions)", "April 27, 2019", "April 28, 2018"],
        &["Revenues", "1,073.3", "1,095.0"],
        &["Net income", "106.4", "70.5"],
    ];
    same(annual, "C3", "Revenues, April 28, 2018");
    same(annual, "C4", "Net income, April 28, 2018");
    // Another day, or "as of" the day (a balance), is not the year.
    not_same(annual, "C3", "Revenues, April 27, 2019");
    not_same(annual, "C3", "Revenues, as of April 28, 2018");
    // A quarter ending that day is named ("three months ended"), never a
    // bare date; with the year beside it the year is meant.
    let both: &[&[&str]] = &[
        &["", "Three Months Ended", "Year Ended"],
        &["", "April 28, 2018", "April 28, 2018"],
        &["Revenues", "290.0", "1,095.0"],
    ];
    same(both, "C3", "Revenues, April 28, 2018");
    not_same(both, "B3", "Revenues, April 28, 2018");
    let quarter: &[&[&str]] = &[
        &["", "Three Months Ended"],
        &["", "April 28, 2018"],
        &["Revenues", "290.0"],
    ];
    not_same(quarter, "B3", "Revenues, April 28, 2018");
}

#[test]
fn a_role_naming_the_caption_and_the_row_is_that_row() {
    let dta: &[&[&str]] = &[
        &["(In thousands)", "2019", "2018"],
        &["Deferred tax assets", "", ""],
        &["Inventory", "7,144", "6,609"],
        &["Accrued expenses", "2,330", "2,850"],
        &["Deferred tax liabilities", "", ""],
        &["Depreciation", "(900)", "(800)"],
    ];
    same(dta, "B3", "Deferred tax assets, Inventory, 2019");
    not_same(dta, "B4", "Deferred tax assets, Inventory, 2019");
    // The caption alone names the total, not a line under it.
    not_same(dta, "B3", "Deferred tax assets, 2019");
    not_same(dta, "B6", "Deferred tax assets, Depreciation, 2019");
}

#[test]
fn a_role_in_short_names_the_one_row_that_has_its_words() {
    let perf: &[&[&str]] = &[
        &["", "12/29/2018", "12/30/2017"],
        &["Nasdaq Composite", "150", "120"],
        &["Cadence Design Systems Inc.", "300", "250"],
    ];
    same(perf, "B2", "Nasdaq, 12/29/2018");
    same(perf, "B3", "Cadence Design, 12/29/2018");
    not_same(perf, "B3", "Nasdaq, 12/29/2018");
    let two: &[&[&str]] = &[
        &["", "2019"],
        &["Nasdaq Composite", "150"],
        &["Nasdaq 100", "170"],
    ];
    ambiguous(two, "B2", "Nasdaq, 2019");
    let cash: &[&[&str]] = &[
        &["", "2014", "2013"],
        &["Cash provided by operating activities", "7,385", "6,823"],
        &["Cash used in investing activities", "(3,000)", "(2,000)"],
    ];
    same(cash, "B2", "cash by operating activities, FY2014");
    not_same(cash, "B3", "cash by operating activities, FY2014");
}

#[test]
fn a_number_of_the_role_names_its_bucket() {
    let aging: &[&[&str]] = &[
        &["", "1–90", "91–180", "181–360", ">360"],
        &["Country risk: Low", "1,347", "125", "127", "313"],
        &["Country risk: Medium", "891", "725", "600", "819"],
    ];
    same(aging, "B2", "Country risk: Low, 1–90");
    same(aging, "C2", "Country risk: Low, 91–180");
    not_same(aging, "C2", "Country risk: Low, 1–90");
    let due: &[&[&str]] = &[
        &["", "Payments due by period", "", ""],
        &["", "Total", "1 to 3 years", "3 to 5 years"],
        &["Purchase obligations", "30,000", "16,220", "7,595"],
    ];
    same(due, "C3", "Purchase obligations, 1 to 3 years");
    not_same(due, "D3", "Purchase obligations, 1 to 3 years");
    assert_eq!(
        numbers_in("Notes (2), 1–3 years, $1,250.5, Q3, FY24, 10-K"),
        ["1", "10", "1250.5", "2", "3"]
            .map(Box::<str>::from)
            .to_vec()
    );
}

#[test]
fn a_row_without_a_label_is_not_named_by_its_captions_words() {
    let t: &[&[&str]] = &[
        &["Net financing costs", "", ""],
        &["", "2019", "2018"],
        &["Investment income", "433", "685"],
        &["Financing costs", "(2,088)", "(1,074)"],
        &["Net financing costs", "(1,655)", "(389)"],
        &["Analysed as:", "", ""],
        &[
            "Net financing costs before interest on tax issues",
            "(1,043)",
            "(749)",
        ],
        &["Interest income on tax issues", "1", "11"],
        &["", "(1,042)", "(738)"],
    ];
    same(t, "B4", "Financing costs, 2019");
    not_same(t, "B9", "Financing costs, 2019");
}

#[test]
fn a_year_caption_dates_its_quarters_and_is_not_their_period() {
    let prices: &[&[&str]] = &[
        &["", "High", "Low"],
        &["2019:", "", ""],
        &["Fourth Quarter", "$11.44", "$9.47"],
        &["Third Quarter", "$14.96", "$10.26"],
        &["2018:", "", ""],
        &["Fourth Quarter", "$12.16", "$7.43"],
    ];
    same(prices, "B3", "2019, Fourth Quarter, High");
    same(prices, "B3", "High, Q4 2019");
    not_same(prices, "B6", "2019, Fourth Quarter, High");
    // The caption's year is the quarter's, not a period of the cell.
    not_same(prices, "B3", "High, FY2019");
    // A quarter named without its year: the two years' fourth quarters
    // hold other values.
    ambiguous(prices, "B3", "Fourth Quarter, High");
    let one: &[&[&str]] = &[
        &["", "High", "Low"],
        &["2019:", "", ""],
        &["Fourth Quarter", "$11.44", "$9.47"],
        &["Third Quarter", "$14.96", "$10.26"],
    ];
    same(one, "B3", "Fourth Quarter, High");
}

#[test]
fn a_heading_over_the_header_row_gives_its_year() {
    let t: &[&[&str]] = &[
        &["", "", "Common Stock Price Range 2018"],
        &["", "Low", "High"],
        &["First Quarter", "$ 5.99", "$ 8.40"],
        &["Second Quarter", "$ 4.79", "$ 6.48"],
    ];
    same(t, "B3", "First Quarter, Common Stock Price Range 2018 Low");
    not_same(t, "C3", "First Quarter, Common Stock Price Range 2018 Low");
    not_same(t, "B3", "First Quarter 2019, Low");
}

#[test]
fn a_caption_names_its_rows_only_by_its_own_concept() {
    let t: &[&[&str]] = &[
        &["(In thousands)", "2018", "2017"],
        &["Revenue:", "", ""],
        &[
            "Software delivery, support and maintenance",
            "$9,441",
            "$10,949",
        ],
        &["Client services", "404", "1,044"],
        &["Total revenue", "9,845", "11,993"],
        &["Cost of revenue:", "", ""],
        &[
            "Software delivery, support and maintenance",
            "2,322",
            "2,918",
        ],
        &["Client services", "830", "261"],
        &["Total cost of revenue", "3,152", "3,179"],
    ];
    same(
        t,
        "B3",
        "Revenue, Software delivery, support and maintenance, 2018",
    );
    not_same(
        t,
        "B7",
        "Revenue, Software delivery, support and maintenance, 2018",
    );
    same(
        t,
        "B7",
        "Cost of revenue, Software delivery, support and maintenance, 2018",
    );
}

#[test]
fn an_edge_word_prefers_the_row_of_that_edge_and_a_caption_edge_dates_its_rows() {
    // The opening of fiscal 2019 is the close of fiscal 2018 by date, but
    // the claim says "end of the year": that row is the one meant.
    let goodwill: &[&[&str]] = &[
        &["", "January 31, 2019", "January 31, 2018"],
        &["Goodwill, beginning of the year", "$1,769.4", "$1,620.0"],
        &["Acquisitions", "10.0", "149.4"],
        &["Goodwill, end of the year", "$1,779.4", "$1,769.4"],
    ];
    same(
        goodwill,
        "C4",
        "Goodwill, end of the year, January 31, 2018",
    );
    not_same(
        goodwill,
        "B2",
        "Goodwill, beginning of the year, January 31, 2018",
    );
    let shares: &[&[&str]] = &[
        &["", "Years Ended December 31,", ""],
        &["", "2019", "2018"],
        &["Participating shares at end of period:", "", ""],
        &["Common stock", "60.1", "59.7"],
        &["Unvested restricted stock", "0.6", "0.4"],
    ];
    same(
        shares,
        "B5",
        "Participating shares at end of period, Unvested restricted stock, Years Ended December 31, 2019",
    );
    same(shares, "B5", "Unvested restricted stock, December 31, 2019");
}

#[test]
fn an_opening_on_the_first_of_a_month_is_that_day() {
    let t: &[&[&str]] = &[
        &["", "Balance at Beginning of", "", ""],
        &[
            "",
            "Period (1/1/19)",
            "Increase / (Decrease)",
            "Balance at End of Period",
        ],
        &["Year Ended December 31, 2019", "", "", ""],
        &["Accounts receivable", "$90,831", "$7,117", "$97,948"],
    ];
    same(
        t,
        "B4",
        "Accounts receivable, Balance at Beginning of Period (1/1/19)",
    );
    same(t, "D4", "Accounts receivable, Balance at End of Period");
    not_same(t, "B4", "Accounts receivable, Balance at End of Period");
}

#[test]
fn a_word_said_twice_names_the_row_and_the_column_that_both_show_it() {
    let t: &[&[&str]] = &[
        &["", "Total", "Less Than 1 Year", "1-3 Years"],
        &["Operating leases", "98", "37", "36"],
        &["Total", "8,031", "1,125", "1,314"],
    ];
    same(t, "B3", "Total, Total");
    // Near miss: the total row in the 1-3 years column is another cell.
    not_same(t, "D3", "Total, Total");
    same(t, "D3", "Total, 1-3 Years");
}

#[test]
fn a_total_row_does_not_lend_its_word_to_the_next_block() {
    let t: &[&[&str]] = &[
        &["", "2019", "2018"],
        &["Americas:", "", ""],
        &["Other", "123,969", "118,620"],
        &["Total Americas", "1,296,660", "1,330,638"],
        &["EMEA:", "", ""],
        &["Other", "223,847", "203,251"],
        &["Total EMEA", "318,013", "294,954"],
        &["Total Other", "89", "95"],
    ];
    same(t, "C8", "Total Other, 2018");
    not_same(t, "C6", "Total Other, 2018");
}

#[test]
fn a_row_labeled_only_by_its_date_is_named_by_that_date() {
    let t: &[&[&str]] = &[
        &["£m", "2019", "2018"],
        &["At 1 January", "65.6", "64.8"],
        &["Impairment", "(7.4)", "–"],
        &["At 31 December", "53.7", "65.6"],
    ];
    same(t, "B4", "At 31 December, 2019");
    not_same(t, "C4", "At 31 December, 2019");
    // Near miss: a row that names its measure is not named by a date.
    not_same(t, "B3", "2019");
    let years: &[&[&str]] = &[
        &["(in thousands)", "Amount"],
        &["2011", "$3,200"],
        &["2012", "$2,768"],
    ];
    same(years, "B2", "2011");
    not_same(years, "B3", "2011");
    // Near miss: a column that names its measure ("Payments") is not named
    // by a role that names none.
    let named: &[&[&str]] = &[
        &["(in thousands)", "Payments"],
        &["2011", "$3,200"],
        &["2012", "$2,768"],
    ];
    ambiguous(named, "B2", "2011");
}

#[test]
fn a_currency_named_as_a_row_label_tells_the_rows_apart() {
    let t: &[&[&str]] = &[
        &["", "Total", "Fixed rate"],
        &["2019", "£m", "£m"],
        &["Sterling", "29.1", "–"],
        &["Euro", "115.9", "1.4"],
        &["US dollar", "98.4", "0.1"],
    ];
    same(t, "B4", "Euro, Total £m");
    not_same(t, "B3", "Euro, Total £m");
}

#[test]
fn a_period_written_in_full_ranks_the_column_that_writes_it() {
    let t: &[&[&str]] = &[
        &[
            "",
            "Year ended December 31, 2005",
            "Year ended December 31, 2004",
            "2005",
        ],
        &["Investment bank", "3,658", "2,948", "(18)"],
    ];
    same(t, "B2", "Investment bank, year ended December 31, 2005");
    not_same(t, "D2", "Investment bank, year ended December 31, 2005");
}

#[test]
fn an_ordinal_column_under_a_year_caption_is_that_quarter() {
    let t: &[&[&str]] = &[
        &["", "First", "Second", "Third", "Fourth"],
        &["2019", "", "", "", ""],
        &["Net sales", "117,625", "120,684", "115,651", "115,040"],
        &["2018", "", "", "", ""],
        &["Net sales", "113,530", "118,021", "118,859", "120,073"],
    ];
    same(t, "E3", "2019, Net sales, Fourth");
    same(t, "E3", "Net sales, Q4 2019");
    same(t, "E5", "Net sales, fourth quarter of 2018");
    not_same(t, "E5", "2019, Net sales, Fourth");
    not_same(t, "D3", "2019, Net sales, Fourth");
    not_same(t, "E3", "Net sales, FY2019");
}

#[test]
fn an_effect_of_change_column_is_the_balance_at_its_date() {
    let t: &[&[&str]] = &[
        &["", "", "As of March 29, 2019", ""],
        &[
            "(In millions)",
            "As Reported",
            "Without Adoption",
            "Effect of Change",
        ],
        &["Total assets", "$15,938", "$15,824", "$114"],
    ];
    same(
        t,
        "D3",
        "Total assets, As of March 29, 2019 Effect of Change",
    );
    not_same(
        t,
        "B3",
        "Total assets, As of March 29, 2019 Effect of Change",
    );
    not_same(
        t,
        "D3",
        "Total assets, As of March 31, 2018 Effect of Change",
    );
}

#[test]
fn a_change_header_alone_in_a_role_names_the_change_column() {
    let t: &[&[&str]] = &[
        &["", "Years Ended December 31,", "", "Change", ""],
        &["", "2019", "2018", "$", "%"],
        &[
            "Impairment of goodwill",
            "$1,910",
            "$14,740",
            "$(12,830)",
            "(87%)",
        ],
    ];
    same(t, "D3", "Impairment of goodwill, Change $");
    same(t, "E3", "Impairment of goodwill, Change %");
    not_same(t, "D3", "Impairment of goodwill, Change %");
    not_same(t, "B3", "Impairment of goodwill, Change $");
}

#[test]
fn a_role_in_the_rows_own_words_is_that_row_not_a_relative() {
    let t: &[&[&str]] = &[
        &["", "2008", "2007"],
        &[
            "net income (loss) attributable to common shareholders",
            "50,408",
            "211,942",
        ],
        &[
            "less: dividends on share-based awards",
            "(1,631)",
            "(1,149)",
        ],
        &[
            "basic net income (loss) attributable to common shareholders",
            "48,777",
            "210,793",
        ],
        &[
            "diluted net income (loss) attributable to common shareholders",
            "51,417",
            "224,791",
        ],
    ];
    same(
        t,
        "B2",
        "net income (loss) attributable to common shareholders, 2008",
    );
    not_same(
        t,
        "B4",
        "net income (loss) attributable to common shareholders, 2008",
    );
    same(
        t,
        "B4",
        "basic net income (loss) attributable to common shareholders, 2008",
    );
}

/// The verdict for a claim whose role is `{"concept": QName, "period": …}`.
fn structured_verdict(rows: &[&[&str]], at: &str, concept: &str, period: &str) -> Verdict {
    let role = Role::Structured {
        concept: Some(concept.to_string()),
        period: Some(period.to_string()),
    };
    verdict_of(rows, at, role, None)
}

#[test]
fn a_qnames_own_words_say_what_the_line_is() {
    let lex = Lexicon::builtin();
    let values = |text: &str| -> Vec<String> {
        read::qname_qualifiers(lex, text)
            .iter()
            .filter_map(|q| q.def())
            .map(|d| d.value.clone())
            .collect()
    };
    assert_eq!(values("unp:PurchasedServicesAndMaterial"), ["service"]);
    assert_eq!(
        values("us-gaap:TreasuryStockAcquiredAverageCostPerShare six months"),
        ["average"]
    );
    assert!(values("us-gaap:Revenues").is_empty());
    // Words outside a QName are not its words.
    assert!(values("Average revenues").is_empty());
    // Near miss at the check: a QName without the word leaves the service
    // line a figure the role does not name.
    let v = structured_verdict(
        IS,
        "B7",
        "us-gaap:Revenues",
        "twelve months ended December 31, 2024",
    );
    assert_ne!(v, Verdict::Same, "{v:?}");
}

/// The verdict of the claim as its sentence tells it, `None` when the
/// sentence says nothing the role contradicts.
fn as_the_sentence_says(at: &str, role: &str, sentence: &str, value: &str) -> Option<Verdict> {
    let vocab = Vocab::builtin();
    let d = doc(IS);
    let cell = d.tables[0].cell_at(Coord::parse(at).unwrap()).unwrap();
    let claim = Claim {
        role: Some(Role::Text(role.to_string())),
        text: Some(sentence.to_string()),
        value: Some(value.to_string()),
        ..Claim::default()
    };
    let said = read_claim(&claim, &vocab).as_its_sentence_says()?;
    Some(
        resolve(
            &said,
            &cell,
            &[(&d, Located::Source)],
            &vocab,
            (&|_| true, &|_| true),
        )
        .verdict,
    )
}

#[test]
fn a_sentence_naming_another_period_or_line_than_its_role_holds_the_cell_to_it() {
    // The role and the cell are 2024's net income; the sentence says 2023,
    // or nine months, or another line.
    for (sentence, value) in [
        ("Net income was $45 million in 2023.", "$45 million"),
        (
            "Cost of revenue came to $45 million in 2024.",
            "$45 million",
        ),
        (
            "Revenue rose, while cost of revenue reached $45 million in 2024.",
            "$45 million",
        ),
    ] {
        let verdict = as_the_sentence_says("B10", "Net income, FY2024", sentence, value);
        assert!(
            verdict.as_ref().is_some_and(|v| *v != Verdict::Same),
            "{sentence}: {verdict:?}"
        );
    }
    // Near misses: the sentence names both years; the same year; the
    // role's line in short; another line in another clause than the
    // value's; the year of a balance at its start (a span against a
    // balance is no contradiction).
    for (role, sentence, value) in [
        (
            "Net income, FY2024",
            "Net income was $45 million in 2024, up from $38 million in 2023.",
            "$45 million",
        ),
        (
            "Net income, FY2024",
            "In fiscal 2024 net income was $45 million.",
            "$45 million",
        ),
        (
            "Net income, FY2024",
            "Income reached $45 million in 2024.",
            "$45 million",
        ),
        (
            "Net income, FY2024",
            "Cost of revenue rose, while net income reached $45 million in 2024.",
            "$45 million",
        ),
        (
            "Total revenue, December 31, 2024",
            "Widget Co began 2024 with $420 million.",
            "$420 million",
        ),
    ] {
        assert_eq!(
            as_the_sentence_says("B10", role, sentence, value),
            None,
            "{role} / {sentence}"
        );
    }
}

const CF: &[&[&str]] = &[
    &["Widget Co", "", ""],
    &["Statements of Cash Flows", "", ""],
    &["(in millions)", "", ""],
    &["", "Year Ended December 31,", ""],
    &["", "2024", "2023"],
    &["Net cash provided by operating activities", "626", "580"],
    &["Purchases of property and equipment", "(210)", "(195)"],
    &["Repurchases of common stock", "(120)", "(180)"],
];

#[test]
fn a_line_named_twice_and_a_payment_called_an_outflow() {
    // A name and its gloss, both the line's.
    same(
        CF,
        "B7",
        "Capex (purchases of property and equipment), FY2024",
    );
    same(
        CF,
        "B6",
        "CFO (net cash provided by operating activities), FY2024",
    );
    same(CF, "B8", "Buybacks (repurchases of common stock), FY2024");
    // "Outflow" beside a line of payments.
    same(
        CF,
        "B7",
        "Purchases of property and equipment (cash outflow), FY2024",
    );
    // Near misses: a gloss the vocabulary does not read as the line; a
    // second name of another line.
    not_same(
        CF,
        "B7",
        "Royalties (purchases of property and equipment), FY2024",
    );
    // An inflow claimed of a payment names the line and the other
    // direction: the line is the claim's, and the value check's
    // `sign_flip` says the cash went out (tests/verify.rs).
    same(
        CF,
        "B7",
        "Purchases of property and equipment (cash inflow), FY2024",
    );
    not_same(CF, "B8", "Capex (repurchases of common stock), FY2024");
}

#[test]
fn a_direction_word_of_two_kinds_is_read_by_the_lines_kind() {
    let vocab = Vocab::builtin();
    let direction = |text: &str| {
        let r = read(text, &vocab, Mode::Role);
        r.role.direction.map(|d| d.positive)
    };
    // "Expense" says a tax line's positive side and an income line's
    // negative one.
    assert_eq!(direction("Other expense, net"), Some(false));
    assert_eq!(direction("Income tax expense"), Some(true));
    // A line naming both sides names no direction.
    assert_eq!(direction("Other income (expense), net"), None);
    assert_eq!(direction("Deferred income tax expense (benefit)"), None);
}

#[test]
fn a_row_listing_measures_is_in_each_column_the_measure_the_header_names() {
    // Amcor's reconciliation: the row lists four measures, the columns say
    // which is which.
    let rows: &[&[&str]] = &[
        &["($ million)", "", "", "", ""],
        &[
            "",
            "Twelve Months Ended June 30, 2023",
            "Twelve Months Ended June 30, 2023",
            "Twelve Months Ended June 30, 2023",
            "Twelve Months Ended June 30, 2023",
        ],
        &["", "EBITDA", "EBIT", "Net Income", "EPS"],
        &[
            "Net income attributable to Amcor",
            "1,048",
            "1,048",
            "1,048",
            "70.5",
        ],
        &["Depreciation and amortization", "569", "", "", ""],
        &[
            "EBITDA, EBIT, Net income and EPS",
            "2,080",
            "1,510",
            "1,048",
            "70.5",
        ],
        &["Impact of hyperinflation", "24", "24", "24", "1.9"],
        &[
            "Adjusted EBITDA, EBIT, Net income and EPS",
            "2,018",
            "1,608",
            "1,089",
            "73.3",
        ],
    ];
    same(rows, "B8", "Adj. EBITDA FY2023");
    same(rows, "C8", "Adjusted EBIT, fiscal 2023");
    same(rows, "D8", "Adjusted net income FY2023");
    // Another measure of the list, in the EBITDA column: not its role.
    not_same(rows, "B8", "Adjusted EBIT FY2023");
    not_same(rows, "B8", "Adjusted net income FY2023");
    not_same(rows, "C8", "Adjusted EBITDA FY2023");
    // The list's qualifier is every measure's: plain EBIT is the row above.
    not_same(rows, "C8", "EBIT FY2023");
    same(rows, "C6", "EBIT FY2023");
    not_same(rows, "C6", "Adjusted EBIT FY2023");
}

/// A key-metrics table of nine months, with a change column whose header
/// names no years.
const KPI: &[&[&str]] = &[
    &["Key metrics", "", "", ""],
    &["Nine Months Ended September 30,", "", "", ""],
    &["", "2024", "2023", "% change"],
    &["Revenue", "184,330", "160,345", "15.0%"],
    &["Active customers", "17,100", "15,200", "12.5%"],
];

#[test]
fn a_change_named_by_its_header_and_its_periods_is_one_change() {
    // "% change" and "nine months 2024 vs 2023" name one column.
    same(
        KPI,
        "D5",
        "Active customers, % change, nine months 2024 vs 2023",
    );
    same(KPI, "D5", "Active customers, % change");
    same(KPI, "D4", "Revenue, % change, nine months 2024 vs 2023");
    // Other years, or full years, are not this column's.
    not_same(
        KPI,
        "D5",
        "Active customers, % change, nine months 2023 vs 2022",
    );
    not_same(KPI, "D5", "Active customers, % change, 2024 vs 2023");
    // A change in amount is not a change in percent.
    not_same(
        KPI,
        "D5",
        "Active customers, change, nine months 2024 vs 2023",
    );
}

/// Per-share lines and the share counts they are computed on, each under
/// its caption.
const EPS: &[&[&str]] = &[
    &["Statements of Income", "", ""],
    &["", "2024", "2023"],
    &["Net income", "12,231", "8,792"],
    &["Net income per share:", "", ""],
    &["  Basic", "0.25", "0.18"],
    &["  Diluted", "0.25", "0.18"],
    &["Shares used in computing net income per share:", "", ""],
    &["  Basic", "48,310", "47,655"],
    &["  Diluted", "49,020", "48,310"],
];

#[test]
fn a_role_written_as_caption_and_row_label_reads_as_the_row() {
    // The caption's "per share" does not make the share count a per-share
    // amount: the row "Diluted" under it is the diluted share count.
    same(
        EPS,
        "B9",
        "Shares used in computing net income per share, diluted, FY2024",
    );
    not_same(
        EPS,
        "B8",
        "Shares used in computing net income per share, diluted, FY2024",
    );
    not_same(
        EPS,
        "B6",
        "Shares used in computing net income per share, diluted, FY2024",
    );
    same(EPS, "B6", "Net income per share, diluted, FY2024");
    not_same(EPS, "B9", "Net income per share, diluted, FY2024");
}

/// An equity statement whose components are its columns.
const EQUITY: &[&[&str]] = &[
    &[
        "Consolidated Statements of Stockholders' Equity",
        "",
        "",
        "",
        "",
    ],
    &["(In millions)", "", "", "", ""],
    &[
        "",
        "Common Stock and Additional Paid-in Capital",
        "Retained Earnings",
        "Accumulated Other Comprehensive Income (Loss)",
        "Total Stockholders' Equity",
    ],
    &[
        "Balance at June 30, 2023",
        "1,253.4",
        "715.1",
        "(23.3)",
        "1,945.2",
    ],
    &["Net income", "—", "312.4", "—", "312.4"],
    &[
        "Balance at June 30, 2024",
        "1,307.6",
        "864.9",
        "(32.9)",
        "2,139.6",
    ],
];

#[test]
fn a_balance_in_a_components_column_is_that_components_balance() {
    same(EQUITY, "C4", "Retained earnings, June 30, 2023");
    same(
        EQUITY,
        "D6",
        "Accumulated other comprehensive income (loss), June 30, 2024",
    );
    same(EQUITY, "E6", "Total stockholders' equity, June 30, 2024");
    // The component is not the total, nor another component.
    not_same(EQUITY, "C4", "Total stockholders' equity, June 30, 2023");
    not_same(EQUITY, "E4", "Retained earnings, June 30, 2023");
    not_same(EQUITY, "D4", "Retained earnings, June 30, 2023");
    // Nor another date.
    not_same(EQUITY, "C6", "Retained earnings, June 30, 2023");
}

#[test]
fn the_noun_after_an_amount_is_its_measure() {
    assert_eq!(
        noun_after(" of other expense in 2024."),
        Some("other expense")
    );
    assert_eq!(
        noun_after(" loss on disposal of equipment in fiscal 2025."),
        Some("loss")
    );
    assert_eq!(
        noun_after(" fair-value loss in other comprehensive income in FY2025."),
        Some("fair-value loss")
    );
    assert_eq!(noun_after(", up from 2023."), None);
}

#[test]
fn a_role_naming_one_of_several_fitting_rows_word_for_word_is_that_row() {
    let stats: &[&[&str]] = &[
        &["Operating statistics", "", ""],
        &["(in millions, except as noted)", "", ""],
        &[
            "",
            "Three Months Ended December 31, 2024",
            "Year Ended December 31, 2024",
        ],
        &["Passenger revenue", "2,319.8", "9,318.4"],
        &["Revenue passengers (thousands)", "10,842", "43,210"],
    ];
    same(stats, "B5", "Revenue passengers, Q4 2024");
    same(stats, "B4", "Passenger revenue, Q4 2024");
    // Near misses: the role names neither row word for word, or names
    // the other one.
    ambiguous(stats, "B5", "Passengers revenue, Q4 2024");
    not_same(stats, "B4", "Revenue passengers, Q4 2024");
    // Several columns of the named row with other values: still which one
    // is not said.
    ambiguous(stats, "B5", "Revenue passengers");
}

#[test]
fn a_movement_named_with_the_component_it_moved_is_that_columns_cell() {
    // The role names the line and the column: the line is the movement.
    same(
        EQUITY,
        "E5",
        "Net income, total stockholders' equity, FY2024",
    );
    same(
        EQUITY,
        "E5",
        "Total stockholders' equity, net income, FY2024",
    );
    same(EQUITY, "C5", "Net income, retained earnings, FY2024");
    // Near misses: the other column holding the same number, another year,
    // and one comma part naming a balance and a flow together.
    not_same(
        EQUITY,
        "C5",
        "Net income, total stockholders' equity, FY2024",
    );
    not_same(EQUITY, "E5", "Net income, retained earnings, FY2024");
    not_same(
        EQUITY,
        "E5",
        "Net income, total stockholders' equity, FY2023",
    );
    not_same(
        EQUITY,
        "E5",
        "Net income reclassified from total stockholders' equity, FY2024",
    );
}

#[test]
fn total_names_both_parts_of_a_line_printed_current_and_noncurrent() {
    let bs: &[&[&str]] = &[
        &["Consolidated Balance Sheets", "", ""],
        &["(In thousands)", "", ""],
        &["", "December 2, 2016", "November 27, 2015"],
        &["Current liabilities:", "", ""],
        &["Trade payables", "88,024", "62,096"],
        &["Deferred revenue", "1,945,619", "1,434,200"],
        &["Total current liabilities", "2,811,635", "2,213,556"],
        &["Long-term liabilities:", "", ""],
        &["Deferred revenue", "69,131", "51,094"],
        &["Total liabilities", "5,000,000", "4,000,000"],
    ];
    not_same(bs, "B6", "Total deferred revenue, December 2, 2016");
    not_same(bs, "B9", "Total deferred revenue, December 2, 2016");
    // Near misses: the part named, or no "total".
    same(bs, "B6", "Current deferred revenue, December 2, 2016");
    same(bs, "B9", "Long-term deferred revenue, December 2, 2016");
    same(bs, "B7", "Total current liabilities, December 2, 2016");
}

#[test]
fn a_line_of_a_table_titled_by_the_total_is_not_the_total() {
    let expense: &[&[&str]] = &[
        &["Noninterest expense", "", ""],
        &["(in millions)", "", ""],
        &[
            "",
            "Three months ended June 30, 2022",
            "Three months ended June 30, 2021",
        ],
        &["Compensation expense", "$10,301", "$9,814"],
        &["Noncompensation expense:", "", ""],
        &["Occupancy", "1,129", "1,090"],
        &["Marketing", "881", "698"],
        &["Other expense", "1,593", "1,600"],
        &["Total noncompensation expense", "8,448", "7,853"],
        &["Total noninterest expense", "$18,749", "$17,667"],
    ];
    not_same(expense, "B7", "Noninterest expense, Q2 2022");
    same(expense, "B10", "Noninterest expense, Q2 2022");
    same(expense, "B7", "Marketing expense, Q2 2022");
    // Near misses: the row named with the title's words, and a row the
    // title's word heads without a word of its own.
    same(expense, "B7", "Noninterest expense, marketing, Q2 2022");
    same(expense, "B6", "Occupancy, Q2 2022");
}

#[test]
fn the_members_of_a_table_titled_by_a_measure_are_that_measure() {
    let cost: &[&[&str]] = &[
        &["Cost of Revenue (dollars in millions)", "", ""],
        &["", "Fiscal 2015", "Fiscal 2014"],
        &["Subscription", "$409.2", "$335.5"],
        &["Product", "90.0", "97.1"],
        &["Total", "744.3", "622.1"],
    ];
    not_same(cost, "B3", "Subscription revenue, fiscal 2015");
    not_same(cost, "B4", "Product revenue, fiscal 2015");
    same(cost, "B3", "Subscription cost of revenue, fiscal 2015");
    // Near miss: under a title that is the claim's measure.
    let revenue: &[&[&str]] = &[
        &["Revenue (dollars in millions)", "", ""],
        &["", "Fiscal 2015", "Fiscal 2014"],
        &["Subscription", "$3,223.9", "$2,076.6"],
        &["Product", "1,125.1", "1,627.8"],
        &["Total revenue", "4,795.5", "4,147.1"],
    ];
    same(revenue, "B3", "Subscription revenue, fiscal 2015");
}

#[test]
fn a_change_the_lead_in_calls_a_part_of_another_lines_is_no_growth_of_the_row() {
    // Adobe: "Cost of subscription revenue increased due to the following:"
    // over "Data center cost 4%": four points of the 22% rise, not data
    // center cost growing 4%.
    let rows: &[&[&str]] = &[
        &["", "% Change 2015-2014", "% Change 2014-2013"],
        &["Data center cost", "4%", "10%"],
        &["Royalty cost", "4", "3"],
        &["Total change", "22%", "21%"],
    ];
    let verdict_on = |lead_in: Option<&str>, role: &str| {
        let claim = Claim {
            role: Some(Role::Text(role.to_string())),
            value: Some("4%".to_string()),
            ..Claim::default()
        };
        verdict_edited(rows, "B2", &claim, |table| {
            table.lead_in = lead_in.map(str::to_string);
        })
    };
    let lead_in = Some("Cost of subscription revenue increased due to the following:");
    let growth = "Data center cost growth, fiscal 2015 vs fiscal 2014";
    let v = verdict_on(lead_in, growth);
    assert!(
        matches!(&v, Verdict::Ambiguous(why) if why.contains("part in the change")),
        "{v:?}"
    );
    // Near misses: the claim says it is a contribution; the same table
    // introduced as the rows' own changes.
    assert_eq!(
        verdict_on(
            lead_in,
            "Data center cost contribution, fiscal 2015 vs fiscal 2014"
        ),
        Verdict::Same
    );
    assert_eq!(
        verdict_on(
            Some("The following table shows the change in each cost:"),
            growth
        ),
        Verdict::Same
    );
}

#[test]
fn members_that_add_up_to_a_total_line_are_that_measure() {
    // Adobe's MD&A "Segment Information": three segments, each with its
    // share of revenue under it, adding up to "Total revenue".
    let segments: &[&[&str]] = &[
        &["Segment Information (dollars in millions)", "", ""],
        &["", "Fiscal 2017", "Fiscal 2016"],
        &["Digital Media", "$5,010.6", "$3,941.0"],
        &["Percentage of total revenue", "69%", "67%"],
        &["Digital Marketing", "2,120.0", "1,736.6"],
        &["Percentage of total revenue", "29%", "30%"],
        &["Print and Publishing", "170.9", "176.8"],
        &["Total revenue", "$7,301.5", "$5,854.4"],
    ];
    same(
        segments,
        "B5",
        "Digital Marketing segment revenue, fiscal 2017",
    );
    same(segments, "B3", "Digital Media revenue, fiscal 2017");
    // The member's name read alone, as the claim reads it too.
    same(segments, "B5", "Digital Marketing, fiscal 2017");
    // Near misses: another measure of the member; another year.
    not_same(
        segments,
        "B5",
        "Digital Marketing operating income, fiscal 2017",
    );
    not_same(
        segments,
        "B5",
        "Digital Marketing marketing expense, fiscal 2017",
    );
    not_same(
        segments,
        "C5",
        "Digital Marketing segment revenue, fiscal 2017",
    );
    // Rows that do not add up to the total prove nothing: unnamed.
    let short: &[&[&str]] = &[
        &["Segment Information (dollars in millions)", "", ""],
        &["", "Fiscal 2017", "Fiscal 2016"],
        &["Digital Media", "$5,010.6", "$3,941.0"],
        &["Digital Marketing", "2,120.0", "1,736.6"],
        &["Total revenue", "$7,301.5", "$5,854.4"],
    ];
    not_same(
        short,
        "B4",
        "Digital Marketing segment revenue, fiscal 2017",
    );
}

#[test]
fn an_acronym_glossing_a_role_s_words_says_the_line_once_more() {
    let segments: &[&[&str]] = &[
        &[
            "Income (loss) from operations by segment (in millions)",
            "",
            "",
        ],
        &["", "2024", "2023"],
        &["Reality Labs", "(17,729)", "(16,120)"],
        &["Family of Apps", "87,109", "62,871"],
    ];
    same(
        segments,
        "B3",
        "Reality Labs (RL) income from operations, FY2024",
    );
    same(segments, "B4", "Family of Apps (FoA), 2024");
    // Near misses: letters that are not the words' initials stay words
    // of the role; the acronym glosses no other line.
    not_same(segments, "B3", "Reality Labs (ASC), 2024");
    not_same(segments, "B4", "Reality Labs (RL), 2024");
    // A row printing only the acronym shares a word with the role: it
    // cannot be told, not a difference (Alphabet's "TAC").
    let costs: &[&[&str]] = &[
        &["Cost of revenues (in millions)", "", ""],
        &["", "2023", "2024"],
        &["TAC", "$50,886", "$54,900"],
        &["Other cost of revenues", "82,446", "91,406"],
        &["Total cost of revenues", "$133,332", "$146,306"],
    ];
    ambiguous(costs, "C3", "Traffic acquisition costs (TAC), FY2024");
    not_same(costs, "C3", "Traffic acquisition costs, FY2024");
}

#[test]
fn income_attributable_to_affiliates_is_not_the_parent_s() {
    // Corning's note on its equity affiliates beside its own statement.
    let affiliates: &[&[&str]] = &[
        &["Summarized statement of operations (in millions)", ""],
        &["", "2021"],
        &["Net sales", "$816"],
        &["Net income (loss)", "$113"],
        &[
            "Net income (loss) attributable to the affiliated companies",
            "$114",
        ],
    ];
    not_same(
        affiliates,
        "B5",
        "Net income attributable to Corning Incorporated, FY2021",
    );
    // Near miss: the company's own line, by its name.
    let own: &[&[&str]] = &[
        &["Consolidated statements of income (in millions)", ""],
        &["", "2021"],
        &["Net income", "$1,979"],
        &["Net income attributable to Corning Incorporated", "$1,906"],
    ];
    same(
        own,
        "B4",
        "Net income attributable to Corning Incorporated, FY2021",
    );
}

#[test]
fn a_total_is_not_one_maturity_of_a_line_printed_with_both() {
    // Tesla's debt note: the total row in a current and a long-term column.
    let note: &[&[&str]] = &[
        &["Debt (in millions)", "", ""],
        &[
            "",
            "Net Carrying Value Current",
            "Net Carrying Value Long-Term",
        ],
        &["Recourse debt", "4", "3"],
        &["Non-recourse debt", "2,343", "5,535"],
        &["Total debt", "2,347", "5,538"],
        &["Finance leases", "109", "219"],
        &["Total debt and finance leases", "2,456", "5,757"],
    ];
    not_same(note, "B7", "Total debt and finance leases");
    not_same(note, "C7", "Total debt and finance leases");
    // Near misses: the claim says which part.
    same(note, "B7", "Total debt and finance leases, current");
    same(note, "C7", "Total debt and finance leases, long-term");
    // The balance sheet: the current portion, and the rest "net of current
    // portion" two rows below.
    let balance: &[&[&str]] = &[
        &["Consolidated Balance Sheets (in millions)", ""],
        &["", "December 31, 2024"],
        &["Current liabilities", ""],
        &["Accounts payable", "12,474"],
        &["Current portion of debt and finance leases", "2,456"],
        &["Total current liabilities", "14,930"],
        &["Debt and finance leases, net of current portion", "5,757"],
        &["Total liabilities", "20,687"],
    ];
    not_same(
        balance,
        "B5",
        "Total debt and finance leases, December 31, 2024",
    );
    same(
        balance,
        "B5",
        "Current portion of debt and finance leases, December 31, 2024",
    );
}

#[test]
fn a_share_row_is_the_share_of_the_line_above_it() {
    // NVIDIA's operating expenses: each line, then its share of revenue.
    let opex: &[&[&str]] = &[
        &["Operating Expenses ($ in millions)", "", ""],
        &["", "Fiscal 2025", "Fiscal 2024"],
        &["Research and development expenses", "$12,914", "$8,675"],
        &["% of net revenue", "9.9%", "14.2%"],
        &[
            "Selling, general and administrative expenses",
            "3,491",
            "2,654",
        ],
        &["% of net revenue", "2.7%", "4.4%"],
    ];
    same(
        opex,
        "B4",
        "R&D expense as a percentage of net revenue, fiscal 2025",
    );
    same(
        opex,
        "B6",
        "SG&A as a percentage of net revenue, fiscal 2025",
    );
    // Near misses: the ratio the other way; another line's share; the line
    // itself in money.
    not_same(
        opex,
        "B4",
        "Net revenue as a percentage of R&D, fiscal 2025",
    );
    not_same(
        opex,
        "B4",
        "SG&A as a percentage of net revenue, fiscal 2025",
    );
    not_same(opex, "B4", "Research and development expenses, fiscal 2025");
}

#[test]
fn members_of_a_table_titled_by_one_line_are_that_line_s() {
    // Adobe's "Subscription revenue by reportable segment": "Digital
    // Media" there is its subscription revenue, not all of its revenue.
    let segments: &[&[&str]] = &[
        &[
            "Subscription revenue by reportable segment (dollars in millions)",
            "",
            "",
        ],
        &["", "Fiscal 2015", "Fiscal 2014"],
        &["Digital Media", "$2,264.7", "$1,268.3"],
        &["Digital Marketing", "937.0", "797.5"],
        &["Print and Publishing", "22.2", "10.8"],
        &["Total subscription revenue", "$3,223.9", "$2,076.6"],
    ];
    not_same(segments, "B3", "Digital Media segment revenue, fiscal 2015");
    same(
        segments,
        "B3",
        "Digital Media subscription revenue, fiscal 2015",
    );
    // Near misses: a title naming two lines, or none, qualifies no member.
    let both: &[&[&str]] = &[
        &[
            "Product and subscription revenue by reportable segment (dollars in millions)",
            "",
            "",
        ],
        &["", "Fiscal 2015", "Fiscal 2014"],
        &["Digital Media", "$2,264.7", "$1,268.3"],
        &["Digital Marketing", "937.0", "797.5"],
    ];
    same(both, "B3", "Digital Media segment revenue, fiscal 2015");
    // A line qualified in turn: Verizon's "Wireless service revenue for our
    // reportable segments" is no segment's service revenue.
    let wireless: &[&[&str]] = &[
        &[
            "Wireless service revenue for our reportable segments (dollars in millions)",
            "",
            "",
        ],
        &["", "2021", "2020"],
        &["Consumer", "$56,103", "$54,225"],
        &["Business", "12,366", "12,472"],
        &["Total", "$68,469", "$66,697"],
    ];
    not_same(wireless, "B3", "Consumer segment service revenue, 2021");
    same(wireless, "B3", "Consumer wireless service revenue, 2021");
    let plain: &[&[&str]] = &[
        &[
            "Revenue by reportable segment (dollars in millions)",
            "",
            "",
        ],
        &["", "Fiscal 2015", "Fiscal 2014"],
        &["Digital Media", "$2,264.7", "$1,268.3"],
        &["Digital Marketing", "937.0", "797.5"],
    ];
    assert!(!matches!(
        verdict(plain, "B3", "Digital Media segment revenue, fiscal 2015"),
        Verdict::Ambiguous(ref why) if why.contains("subscription")
    ));
}

#[test]
fn a_table_read_across_a_segment_s_heading_is_nobody_s_for_sure() {
    // Verizon: the Business segment's EBITDA table and the company's
    // special items, read as one table across the "Special Items" heading.
    let rows: &[&[&str]] = &[
        &["(dollars in millions)", "", ""],
        &["", "2021", "2020"],
        &["Segment EBITDA", "$8,123", "$8,400"],
        &["Severance, pension and benefits charges", "$209", "$1,195"],
    ];
    let verdict_on = |straddles: bool, role: &str| {
        let claim = Claim {
            role: Some(Role::Text(role.to_string())),
            ..Claim::default()
        };
        verdict_edited(rows, "B4", &claim, |table| {
            if straddles {
                table.segment = crate::model::SegmentSection::Straddles;
            }
        })
    };
    let role = "Severance, pension and benefits charges, 2021";
    assert_ne!(verdict_on(true, role), Verdict::Same);
    // Near miss: the same table read whole.
    assert_eq!(verdict_on(false, role), Verdict::Same);
}

#[test]
fn a_member_of_a_caption_naming_a_basic_line_is_that_line() {
    // Tesla's adoption table: "As adjusted" under "Net income attributable
    // to common stockholders" (basic, by its concept) is that line as
    // adjusted.
    let t: &[&[&str]] = &[
        &[
            "Condensed Consolidated Statements of Operations (in millions)",
            "",
            "",
        ],
        &[
            "",
            "Three Months Ended September 30 2024",
            "Three Months Ended June 30 2024",
        ],
        &["Net income attributable to common stockholders", "", ""],
        &["Before adoption", "2,167", "1,400"],
        &["Adjustments", "6", "4"],
        &["As adjusted", "2,173", "1,404"],
    ];
    same(
        t,
        "B6",
        "Net income attributable to common stockholders, as adjusted, three months ended Sep 30, 2024",
    );
    same(
        t,
        "B4",
        "Net income attributable to common stockholders, before adoption, Q3 2024",
    );
    // Near misses: the adjusted row claimed without its basis, the other
    // quarter.
    not_same(
        t,
        "B6",
        "Net income attributable to common stockholders, three months ended Sep 30, 2024",
    );
    not_same(
        t,
        "C6",
        "Net income attributable to common stockholders, as adjusted, three months ended Sep 30, 2024",
    );
}

#[test]
fn an_abbreviated_including_is_the_word() {
    // NVIDIA's "China (including Hong Kong)" claimed as "China (incl. Hong
    // Kong)".
    let t: &[&[&str]] = &[
        &["Revenue by geographic area (in millions)", "", ""],
        &[
            "",
            "Three Months Ended Jul 27, 2025",
            "Three Months Ended Jul 28, 2024",
        ],
        &["United States", "23,010", "13,020"],
        &["China (including Hong Kong)", "2,769", "3,667"],
        &["Taiwan", "7,000", "5,000"],
        &["Total revenue", "32,779", "21,687"],
    ];
    same(
        t,
        "B4",
        "Revenue, China (incl. Hong Kong), three months ended Jul 27, 2025",
    );
    // Near miss: "excl." is "excluding", which the row does not say.
    not_same(
        t,
        "B4",
        "Revenue, China (excl. Hong Kong), three months ended Jul 27, 2025",
    );
}

#[test]
fn a_core_line_is_a_non_gaap_one() {
    // Corning's core highlights: "Core net sales" is a non-GAAP measure;
    // its plain net sales are not.
    let t: &[&[&str]] = &[
        &["(in millions)", "", ""],
        &[
            "",
            "Year ended December 31, 2022",
            "Year ended December 31, 2021",
        ],
        &["Core net sales", "$14,805", "$14,120"],
        &["Net sales", "$14,189", "$14,082"],
    ];
    same(t, "B3", "Core net sales (non-GAAP), 2022");
    not_same(t, "B4", "Net sales (non-GAAP), 2022");
    not_same(t, "B4", "Core net sales, 2022");
    // A title that speaks of core sales does not make the table's GAAP
    // lines core (Corning's "2023 Corporate Outlook" over its highlights).
    let titled: &[&[&str]] = &[
        &[
            "2023 Corporate Outlook. We anticipate core sales in the first quarter in a range.",
            "",
            "",
        ],
        &["(in millions)", "", ""],
        &[
            "",
            "Year ended December 31, 2022",
            "Year ended December 31, 2021",
        ],
        &["Net sales", "$14,189", "$14,082"],
        &["Gross margin", "$4,506", "$5,063"],
    ];
    not_same(titled, "B4", "Core net sales, 2022");
    same(titled, "B4", "Net sales, 2022");
}
