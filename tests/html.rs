//! HTML / inline-XBRL filings as sources: the committed excerpt of Apple's
//! 10-Q (tests/fixtures/html, see its README), and the 14 filings of
//! `../shared/datasets/sec_ixbrl` when present (skipped with a message when
//! not, as on CI).

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use tickmark::answer::read_answers_str;
use tickmark::check::resolve::Store;
use tickmark::check::{CheckSet, Route};
use tickmark::model::CellRef;
use tickmark::{
    ClaimReport, ReadOptions, SourceCache, Verifier, VerifyOptions, Vocab, load_source,
};

const FIXTURE: &str = "aapl-10q-excerpt.htm";

fn verify(claim: &str, context: &str) -> ClaimReport {
    let json = format!(
        r#"{{"id": "t", "sources": ["{FIXTURE}"], "context": [{context}], "claims": [{claim}]}}"#
    );
    let answers = read_answers_str(&json, "test.json", false).unwrap();
    let answer = answers.items.into_iter().next().unwrap().unwrap();
    let vocab = Vocab::builtin();
    let store = Store::default();
    let verifier = Verifier::new(&vocab, &store, VerifyOptions::with_checks(CheckSet::ALL));
    let report = verifier.verify(
        &answer,
        &SourceCache::default(),
        Path::new("tests/fixtures/html"),
    );
    report.claims.into_iter().next().unwrap()
}

fn codes(claim: &ClaimReport) -> Vec<&'static str> {
    claim.findings.iter().map(|f| f.code.name()).collect()
}

fn fixture() -> tickmark::Document {
    load_source(
        Path::new("tests/fixtures/html").join(FIXTURE).as_path(),
        FIXTURE,
        &Vocab::builtin(),
        &ReadOptions::default(),
    )
    .unwrap()
}

#[test]
fn the_excerpt_reads_into_pages_tables_and_tagged_cells() {
    let doc = fixture();
    assert_eq!(doc.pages.len(), 3);
    assert!(
        doc.pages[1]
            .text
            .contains("CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS")
    );
    let cell = doc
        .locate(&CellRef::parse(&format!("{FIXTURE}#p2t1!B9")).unwrap())
        .unwrap();
    let tickmark::model::Located::Cell(table, coord) = cell else {
        panic!("not a cell");
    };
    let cell = table.cell_at(coord).unwrap();
    assert_eq!(cell.row_label(), Some("Total net sales"));
    assert_eq!(cell.value_base(), Some(94_036_000_000u64.into()));
    let tag = cell.xbrl().unwrap();
    assert_eq!(
        tag.fact.concept,
        "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    );
    assert_eq!(cell.concept().unwrap().as_str(), "Revenues");
    assert_eq!(cell.labeled_concept().unwrap().as_str(), "Revenues");
    // A product-axis member qualifies the concept: it is not consolidated revenue.
    let products = table
        .cell_at(tickmark::model::Coord::new(coord.row - 2, coord.col))
        .unwrap();
    assert!(
        products
            .concept()
            .unwrap()
            .as_str()
            .starts_with("Revenues[srt:ProductOrServiceAxis=")
    );
    // The fact id names the same cell.
    let by_id = doc.locate(&CellRef::parse(&format!("{FIXTURE}#f-59")).unwrap());
    assert!(matches!(by_id, Some(tickmark::model::Located::Cell(_, c)) if c == coord));
}

#[test]
fn extract_json_carries_the_xbrl_object() {
    let out = Command::cargo_bin("tickmark")
        .unwrap()
        .current_dir("tests/fixtures/html")
        .args(["extract", FIXTURE, "--format", "jsonl"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let cells: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let b9 = cells
        .iter()
        .find(|c| c["ref"] == format!("{FIXTURE}#p2t1!B9"))
        .unwrap();
    assert_eq!(b9["xbrl"]["id"], "f-59");
    assert_eq!(
        b9["xbrl"]["concept"],
        "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    );
    assert_eq!(b9["xbrl"]["period"]["kind"], "duration");
    assert_eq!(b9["xbrl"]["period"]["start"], "2025-03-30");
    assert_eq!(b9["xbrl"]["period"]["end"], "2025-06-28");
    assert_eq!(b9["xbrl"]["unit"], "USD");
    assert_eq!(b9["xbrl"]["decimals"], "-6");
    assert_eq!(b9["xbrl"]["scale"], 6);
    assert_eq!(b9["xbrl"]["value"], "94036000000");
    assert_eq!(b9["concept"], "Revenues");
    let b7 = cells
        .iter()
        .find(|c| c["ref"] == format!("{FIXTURE}#p2t1!B7"))
        .unwrap();
    assert_eq!(
        b7["xbrl"]["dims"]["srt:ProductOrServiceAxis"],
        "us-gaap:ProductMember"
    );
    // Numbers tagged outside one-number cells are named by fact id.
    assert!(
        cells
            .iter()
            .any(|c| c["ref"].as_str().unwrap().contains("#f-"))
    );
    // Every tagged cell's value is its tag's, in magnitude.
    for c in cells.iter().filter(|c| c.get("xbrl").is_some()) {
        let base: rust_decimal::Decimal = c["value_base"].as_str().unwrap().parse().unwrap();
        let tag: rust_decimal::Decimal = c["xbrl"]["value"].as_str().unwrap().parse().unwrap();
        let percent = c["percent"].as_bool().unwrap();
        let base = if percent {
            base / rust_decimal::Decimal::ONE_HUNDRED
        } else {
            base
        };
        assert_eq!(base.abs(), tag.abs(), "{c}");
    }
}

const NET_SALES: &str = r#"{"id": "k1", "value": "$94,036 million", "role": "Total net sales, three months ended June 28, 2025", "cites": ["aapl-10q-excerpt.htm#p2t1!B9"]}"#;

#[test]
fn a_tagged_cell_cited_with_its_role_is_accepted() {
    let claim = verify(NET_SALES, r#""aapl-10q-excerpt.htm#p2""#);
    assert_eq!(claim.route, Route::Accept, "{:#?}", claim.findings);
}

#[test]
fn a_fact_id_cite_resolves_inside_its_assembled_page() {
    let claim = verify(
        &NET_SALES.replace("#p2t1!B9", "#f-59"),
        r#""aapl-10q-excerpt.htm#p2""#,
    );
    assert_eq!(claim.route, Route::Accept, "{:#?}", claim.findings);
    // The near miss: the page of the fact is not assembled.
    let claim = verify(
        &NET_SALES.replace("#p2t1!B9", "#f-59"),
        r#""aapl-10q-excerpt.htm#p3""#,
    );
    assert_eq!(codes(&claim), ["outside_context"]);
}

#[test]
fn the_tags_period_decides_the_period_check() {
    // The nine-month total cited for the quarter's.
    let claim = verify(
        &NET_SALES
            .replace("#p2t1!B9", "#p2t1!D9")
            .replace("$94,036 million", "$313,695 million"),
        r#""aapl-10q-excerpt.htm""#,
    );
    assert!(
        codes(&claim).contains(&"same_number_swap") || codes(&claim).contains(&"period_mismatch"),
        "{:?}",
        codes(&claim)
    );
}

#[test]
fn a_member_cell_is_not_consolidated_revenue_and_never_ambiguous() {
    // $66,613 million is Products net sales, cited as total revenue.
    let claim = verify(
        r#"{"id": "k1", "value": "$66,613 million", "role": "Revenue, three months ended June 28, 2025", "cites": ["aapl-10q-excerpt.htm#p2t1!B7"]}"#,
        r#""aapl-10q-excerpt.htm""#,
    );
    assert_ne!(claim.route, Route::Accept);
    assert!(
        !codes(&claim).contains(&"ambiguous_role"),
        "{:?}",
        codes(&claim)
    );
}

#[test]
fn a_claim_may_name_the_concept_by_its_qname() {
    let claim = verify(
        r#"{"id": "k1", "value": "$94,036 million", "role": {"concept": "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", "period": "three months ended June 28, 2025"}, "cites": ["aapl-10q-excerpt.htm#p2t1!B9"]}"#,
        r#""aapl-10q-excerpt.htm""#,
    );
    assert_eq!(claim.route, Route::Accept, "{:#?}", claim.findings);
    // The near miss: the QName of another concept.
    let claim = verify(
        r#"{"id": "k1", "value": "$94,036 million", "role": {"concept": "us-gaap:GrossProfit", "period": "three months ended June 28, 2025"}, "cites": ["aapl-10q-excerpt.htm#p2t1!B9"]}"#,
        r#""aapl-10q-excerpt.htm""#,
    );
    assert_ne!(claim.route, Route::Accept);
}

const PRODUCTS: &str = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax";

/// A claim of Products net sales for the quarter (`p2t1!B7`, $66,613
/// million, tagged with `srt:ProductOrServiceAxis=us-gaap:ProductMember`),
/// its concept written as given.
fn member_claim(concept: &str, cite: &str, value: &str) -> ClaimReport {
    verify(
        &format!(
            r#"{{"id": "k1", "value": "{value}", "role": {{"concept": "{concept}", "period": "three months ended June 28, 2025"}}, "cites": ["aapl-10q-excerpt.htm#{cite}"]}}"#
        ),
        r#""aapl-10q-excerpt.htm""#,
    )
}

#[test]
fn a_claim_names_a_member_fact_by_its_qnames() {
    // The form extract prints, axis and member; the member alone; in a
    // text role.
    for concept in [
        format!("{PRODUCTS}[srt:ProductOrServiceAxis=us-gaap:ProductMember]"),
        format!("{PRODUCTS} us-gaap:ProductMember"),
    ] {
        let claim = member_claim(&concept, "p2t1!B7", "$66,613 million");
        assert_eq!(
            claim.route,
            Route::Accept,
            "{concept}: {:#?}",
            claim.findings
        );
    }
    let claim = verify(
        &format!(
            r#"{{"id": "k1", "value": "$66,613 million", "role": "{PRODUCTS} us-gaap:ProductMember, three months ended June 28, 2025", "cites": ["aapl-10q-excerpt.htm#p2t1!B7"]}}"#
        ),
        r#""aapl-10q-excerpt.htm""#,
    );
    assert_eq!(claim.route, Route::Accept, "{:#?}", claim.findings);
    // Near misses, each a role finding and never a guess: another member,
    // the member on another axis, the members claimed of the consolidated
    // total, and the concept without its member.
    for (concept, cite, value) in [
        (
            format!("{PRODUCTS}[srt:ProductOrServiceAxis=us-gaap:ServiceMember]"),
            "p2t1!B7",
            "$66,613 million",
        ),
        (
            format!("{PRODUCTS}[srt:StatementGeographicalAxis=us-gaap:ProductMember]"),
            "p2t1!B7",
            "$66,613 million",
        ),
        (
            format!("{PRODUCTS}[srt:ProductOrServiceAxis=us-gaap:ProductMember]"),
            "p2t1!B9",
            "$94,036 million",
        ),
        (PRODUCTS.to_string(), "p2t1!B7", "$66,613 million"),
    ] {
        let claim = member_claim(&concept, cite, value);
        assert_ne!(claim.route, Route::Accept, "{concept} at {cite}");
        assert!(
            codes(&claim)
                .iter()
                .any(|c| matches!(*c, "same_number_swap" | "role_mismatch")),
            "{concept} at {cite}: {:?}",
            codes(&claim)
        );
    }
}

/// A small inline-XBRL filing written for the tests below: a cash-flow
/// statement whose exchange-rate line says "foreign", and a digital-assets
/// note whose balance changes on January 1, 2024 by an accounting change
/// adopted that day (as a real 10-K's does), so that the December 31, 2023
/// and January 1, 2024 balances differ. Without the January 1 fact when
/// `adoption` is false.
fn synthetic_filing(dir: &Path, adoption: bool) {
    const FX: &str = "us-gaap:EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents";
    const CRYPTO: &str = "us-gaap:CryptoAssetFairValueNoncurrent";
    let context = |id: &str, start: Option<&str>, end: &str| {
        let period = match start {
            Some(start) => format!(
                "<xbrli:startDate>{start}</xbrli:startDate><xbrli:endDate>{end}</xbrli:endDate>"
            ),
            None => format!("<xbrli:instant>{end}</xbrli:instant>"),
        };
        format!(
            r#"<xbrli:context id="{id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier></xbrli:entity><xbrli:period>{period}</xbrli:period></xbrli:context>"#
        )
    };
    let mut n = 0;
    let mut fact = |text: &str, context: &str, concept: &str, sign: bool| {
        n += 1;
        let sign = if sign { r#" sign="-""# } else { "" };
        format!(
            r#"<ix:nonFraction unitRef="usd" contextRef="{context}" decimals="-6" name="{concept}" format="ixt:num-dot-decimal" scale="6"{sign} id="f-{n}">{text}</ix:nonFraction>"#
        )
    };
    let row = |cells: &[String]| {
        let tds: String = cells.iter().map(|c| format!("<td>{c}</td>")).collect();
        format!("<tr>{tds}</tr>")
    };
    let s = |t: &str| t.to_string();
    let cash_flows = [
        row(&[s(""), s("Year Ended December 31,"), s("")]),
        row(&[s(""), s("2024"), s("2023")]),
        row(&[
            s("Net income"),
            fact("100", "d2024", "us-gaap:NetIncomeLoss", false),
            fact("90", "d2023", "us-gaap:NetIncomeLoss", false),
        ]),
        row(&[
            s("Effect of foreign exchange rate changes on cash"),
            format!("({})", fact("5", "d2024", FX, true)),
            fact("3", "d2023", FX, false),
        ]),
    ]
    .concat();
    let mut note = vec![
        row(&[s(""), s("Amount")]),
        row(&[
            s("Balance as of December 31, 2023"),
            fact("184", "i2023", CRYPTO, false),
        ]),
    ];
    if adoption {
        note.push(row(&[s("Cumulative effect of adoption"), s("303")]));
        note.push(row(&[
            s("Balance as of January 1, 2024"),
            fact("487", "i2024", CRYPTO, false),
        ]));
    }
    const DOMESTIC: &str = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesDomestic";
    const FOREIGN: &str = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesForeign";
    const PRETAX: &str = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest";
    let jurisdictions = [
        row(&[s(""), s("Year Ended December 31,"), s("")]),
        row(&[s(""), s("2024"), s("2023")]),
        row(&[
            s("U.S."),
            fact("70", "d2024", DOMESTIC, false),
            fact("60", "d2023", DOMESTIC, false),
        ]),
        row(&[
            s("International"),
            fact("50", "d2024", FOREIGN, false),
            fact("45", "d2023", FOREIGN, false),
        ]),
        row(&[
            s("Income (loss) before income taxes"),
            fact("120", "d2024", PRETAX, false),
            fact("105", "d2023", PRETAX, false),
        ]),
    ]
    .concat();
    const TAX: &str = "us-gaap:IncomeTaxExpenseBenefit";
    let provision = [
        row(&[s(""), s("Year Ended December 31,"), s("")]),
        row(&[s(""), s("2024"), s("2023")]),
        row(&[
            s("Provision for income taxes"),
            fact("24", "d2024", TAX, false),
            fact("21", "d2023", TAX, false),
        ]),
    ]
    .concat();
    let contexts = [
        context("d2024", Some("2024-01-01"), "2024-12-31"),
        context("d2023", Some("2023-01-01"), "2023-12-31"),
        context("i2023", None, "2023-12-31"),
        context("i2024", None, "2024-01-01"),
    ]
    .concat();
    let html = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:us-gaap="http://fasb.org/us-gaap/2024" xmlns:iso4217="http://www.xbrl.org/2003/iso4217"><head><title>synthetic</title></head><body><div style="display:none"><ix:header><ix:resources><xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>{contexts}</ix:resources></ix:header></div><p>CONSOLIDATED STATEMENTS OF CASH FLOWS</p><p>(In millions)</p><table>{cash_flows}</table><div style="page-break-after:always"></div><p>Note 5. Digital assets</p><p>(In millions)</p><table>{}</table><div style="page-break-after:always"></div><p>U.S. and international components of income (loss) before income taxes are as follows (in millions):</p><table>{jurisdictions}</table><p>The provision for income taxes consists of (in millions):</p><table>{provision}</table></body></html>"#,
        note.concat()
    );
    std::fs::write(dir.join("synthetic.htm"), html).unwrap();
}

/// Verifies claims (JSON objects) over the synthetic filing; their routes
/// by claim id.
fn verify_synthetic(adoption: bool, claims: &[&str]) -> Vec<(String, Route, Vec<&'static str>)> {
    let dir = tempfile::tempdir().unwrap();
    synthetic_filing(dir.path(), adoption);
    verify_in(dir.path(), "synthetic.htm", claims)
        .into_iter()
        .map(|c| {
            let codes = codes(&c);
            (c.id, c.route, codes)
        })
        .collect()
}

#[test]
fn a_fact_tagged_with_the_claims_concept_owns_its_lines_qualifier_words() {
    // "foreign" of the exchange-rate line is the concept's, not a
    // geography the claim leaves unsaid: the QName, and the line in words.
    let out = verify_synthetic(
        true,
        &[
            r#"{"id": "qname", "value": "(5)", "role": {"concept": "us-gaap:EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents", "period": "twelve months ended December 31, 2024"}, "cites": ["synthetic.htm#p1t1!B7"]}"#,
            r#"{"id": "words", "value": "(5)", "role": "Effect of exchange rate changes on cash, FY2024", "cites": ["synthetic.htm#p1t1!B7"]}"#,
            // Near misses: another concept's QName, another year.
            r#"{"id": "other", "value": "(5)", "role": {"concept": "us-gaap:NetIncomeLoss", "period": "twelve months ended December 31, 2024"}, "cites": ["synthetic.htm#p1t1!B7"]}"#,
            r#"{"id": "year", "value": "(5)", "role": "Effect of exchange rate changes on cash, FY2023", "cites": ["synthetic.htm#p1t1!B7"]}"#,
        ],
    );
    for (id, route, codes) in &out {
        let expect_accept = matches!(id.as_str(), "qname" | "words");
        assert_eq!(
            *route == Route::Accept,
            expect_accept,
            "{id}: {route:?} {codes:?}"
        );
        assert!(!codes.contains(&"ambiguous_role"), "{id}: {codes:?}");
    }
}

#[test]
fn a_jurisdictions_line_tagged_as_continuing_operations_carries_it() {
    // Netflix's "United States" row (Amazon's "U.S."), tagged with the
    // domestic part of income from continuing operations before taxes: a
    // claim naming the line and the country, which implies continuing
    // operations, is that row's; the line alone is the total's.
    let out = verify_synthetic(
        true,
        &[
            r#"{"id": "us", "value": "$70 million", "role": "Income before income taxes, U.S., 2024", "cites": ["synthetic.htm#p3t1!B4"]}"#,
            r#"{"id": "total", "value": "$120 million", "role": "Income before income taxes, 2024", "cites": ["synthetic.htm#p3t1!B6"]}"#,
            // The effective rate over its cited inputs: the line is the
            // total's, not also the U.S. part's.
            r#"{"id": "rate", "value": "20.0%", "role": "Effective tax rate, 2024", "calc": "24 / 120", "cites": ["synthetic.htm#p3t2!B4", "synthetic.htm#p3t1!B6"]}"#,
            // Near misses: the foreign row, the other year; the domestic
            // part as the whole line (its element is narrower than the
            // line the vocabulary reads it as).
            r#"{"id": "part", "value": "$70 million", "role": "Income before income taxes, 2024", "cites": ["synthetic.htm#p3t1!B4"]}"#,
            r#"{"id": "foreign", "value": "$50 million", "role": "Income before income taxes, United States, 2024", "cites": ["synthetic.htm#p3t1!B5"]}"#,
            r#"{"id": "year", "value": "$70 million", "role": "Income before income taxes, United States, 2023", "cites": ["synthetic.htm#p3t1!B4"]}"#,
        ],
    );
    for (id, route, codes) in &out {
        assert_eq!(
            *route == Route::Accept,
            matches!(id.as_str(), "us" | "total" | "rate"),
            "{id}: {route:?} {codes:?}"
        );
    }
}

#[test]
fn a_january_first_balance_is_the_day_itself_where_the_filing_has_it() {
    let jan = |id: &str, role: &str| {
        format!(
            r#"{{"id": "{id}", "value": "184", "role": {role}, "cites": ["synthetic.htm#p2t1!B4"]}}"#
        )
    };
    let claims = [
        jan(
            "qname",
            r#"{"concept": "us-gaap:CryptoAssetFairValueNoncurrent", "period": "January 1, 2024"}"#,
        ),
        jan(
            "december",
            r#"{"concept": "us-gaap:CryptoAssetFairValueNoncurrent", "period": "December 31, 2023"}"#,
        ),
    ];
    let claims: Vec<&str> = claims.iter().map(String::as_str).collect();
    // The filing tags a January 1, 2024 balance of 487 after an accounting
    // change: 184, the December 31 balance, is not it.
    for (id, route, codes) in verify_synthetic(true, &claims) {
        if id == "december" {
            assert_eq!(route, Route::Accept, "{id}: {codes:?}");
        } else {
            assert_ne!(route, Route::Accept, "{id}");
            assert!(codes.contains(&"same_number_swap"), "{id}: {codes:?}");
        }
    }
    // The near miss: without a January 1 fact, the opening balance is the
    // December 31 one.
    for (id, route, codes) in verify_synthetic(false, &claims) {
        assert_eq!(route, Route::Accept, "{id}: {codes:?}");
    }
}

#[test]
fn batch_reads_a_filing_once_for_every_answer() {
    let dir = tempfile::tempdir().unwrap();
    let line =
        |n: u32| format!(r#"{{"id": "a{n}", "sources": ["{FIXTURE}"], "claims": [{NET_SALES}]}}"#);
    let traces = dir.path().join("answers.jsonl");
    std::fs::write(&traces, format!("{}\n{}\n{}\n", line(1), line(2), line(3))).unwrap();
    let out = Command::cargo_bin("tickmark")
        .unwrap()
        .args([
            "batch",
            "--traces",
            traces.to_str().unwrap(),
            "--sources",
            "tests/fixtures/html",
            "--format",
            "summary",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        format!("{stdout}{stderr}").contains("sources read: 1"),
        "{stdout}{stderr}"
    );
}

#[test]
fn a_page_cite_resolves_to_a_number_tagged_in_prose_by_role() {
    let page = r#""aapl-10q-excerpt.htm#p3""#;
    let claim = verify(
        r#"{"id": "k1", "value": "50.4 billion", "role": "us-gaap:CommonStockSharesAuthorized, June 28, 2025", "cites": ["aapl-10q-excerpt.htm#p3"]}"#,
        page,
    );
    assert_eq!(claim.route, Route::Accept, "{:#?}", claim.findings);
    assert_eq!(
        claim.cell.as_ref().unwrap().reference,
        "aapl-10q-excerpt.htm#f-215"
    );
    // The near miss: the same number claimed as shares issued.
    let claim = verify(
        r#"{"id": "k1", "value": "50.4 billion", "role": "us-gaap:CommonStockSharesIssued, June 28, 2025", "cites": ["aapl-10q-excerpt.htm#f-215"]}"#,
        page,
    );
    assert_eq!(codes(&claim), ["same_number_swap"]);
}

#[test]
fn quotes_check_against_page_text() {
    let claim = verify(
        r#"{"id": "k1", "value": "$94,036 million", "role": "Total net sales, three months ended June 28, 2025", "cites": ["aapl-10q-excerpt.htm#p2"], "quote": "Total net sales 94,036"}"#,
        r#""aapl-10q-excerpt.htm""#,
    );
    assert!(
        !codes(&claim).contains(&"fabricated_quote"),
        "{:?}",
        codes(&claim)
    );
    let claim = verify(
        r#"{"id": "k1", "value": "$94,036 million", "cites": ["aapl-10q-excerpt.htm#p2"], "quote": "net sales of iPhone rose 40%"}"#,
        r#""aapl-10q-excerpt.htm""#,
    );
    assert!(
        codes(&claim).contains(&"fabricated_quote"),
        "{:?}",
        codes(&claim)
    );
}

#[test]
fn an_undefined_context_ref_exits_2_naming_the_fact() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(Path::new("tests/fixtures/html").join(FIXTURE)).unwrap();
    // The first table number's context (the cover's hidden facts come first).
    let at = text.find("<ix:nonFraction").unwrap();
    let broken = format!(
        "{}{}",
        &text[..at],
        text[at..].replacen("contextRef=\"c-", "contextRef=\"nowhere-", 1)
    );
    let path = dir.path().join("broken.htm");
    std::fs::write(&path, broken).unwrap();
    Command::cargo_bin("tickmark")
        .unwrap()
        .args(["extract", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "names no context of the document",
        ))
        .stderr(predicates::str::contains("ix:nonFraction id="));
}

fn extract(path: &Path, extra: &[&str]) -> std::process::Output {
    let mut cmd = Command::cargo_bin("tickmark").unwrap();
    cmd.arg("extract")
        .arg(path)
        .args(["--format", "jsonl"])
        .args(extra);
    cmd.output().unwrap()
}

#[test]
fn a_hundred_thousand_cell_table_reads_and_a_larger_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut html = String::from("<html><body><table><tr><td></td>");
    for c in 0..99 {
        html.push_str(&format!("<td>{}</td>", 1900 + c % 100));
    }
    html.push_str("</tr>");
    for r in 0..1000 {
        html.push_str(&format!("<tr><td>Line {r}</td>"));
        for c in 0..99 {
            html.push_str(&format!("<td>{},{:03}</td>", r + 1, c));
        }
        html.push_str("</tr>");
    }
    html.push_str("</table></body></html>");
    let path = dir.path().join("wide.htm");
    std::fs::write(&path, &html).unwrap();
    let out = extract(&path, &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // 99,000 numbers (the labeler may read a first row as a header).
    assert!(String::from_utf8_lossy(&out.stdout).lines().count() >= 98_000);
    let out = extract(&path, &["--max-cells", "50000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("raise --max-cells to read it"));
}

#[test]
fn very_deep_nesting_and_a_file_over_the_size_limit() {
    let dir = tempfile::tempdir().unwrap();
    let deep = format!(
        "<html><body>{}x{}<table><tr><td>Revenue</td><td>1,234</td></tr></table></body></html>",
        "<div>".repeat(100_000),
        "</div>".repeat(100_000)
    );
    let path = dir.path().join("deep.xhtml");
    std::fs::write(&path, &deep).unwrap();
    let out = extract(&path, &[]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nested deeper than 512 levels"));
    assert!(String::from_utf8_lossy(&out.stdout).contains("1,234"));
    let out = extract(&path, &["--max-file-mb", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("raise --max-file-mb to read it"));
    let out = extract(&path, &["--time-budget", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("raise --time-budget to read it"));
}

#[test]
fn a_printed_number_that_disagrees_with_its_tag_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = std::fs::read_to_string(Path::new("tests/fixtures/html").join(FIXTURE)).unwrap();
    // A digit printed in the cell before the tagged number: "194,036" vs 94,036.
    let id = text.find(r#"id="f-59""#).unwrap();
    let start = text[..id].rfind("<ix:nonFraction").unwrap();
    text.insert(start, '1');
    let path = dir.path().join("disagree.htm");
    std::fs::write(&path, &text).unwrap();
    let out = extract(&path, &[]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "disagree.htm: p2t1!B9: the printed number \"194,036\" disagrees with its tag f-59 (94,036)"
        ),
        "{stderr}"
    );
    // The near miss: the filing as published reports nothing of the kind.
    let out = extract(&Path::new("tests/fixtures/html").join(FIXTURE), &[]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("disagrees with its tag"));
}

fn datasets() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    std::env::var_os("TICKMARK_DATASETS")
        .map(PathBuf::from)
        .into_iter()
        .chain([
            root.join("../shared/datasets"),
            root.join("../../shared/datasets"),
        ])
        .find(|p| p.join("sec_ixbrl").is_dir())
}

/// The acceptance figures of docs/evaluation.md: every tagged number of the
/// 14 filings is extracted (all but the nil facts) and agrees with its tag.
#[test]
fn the_fourteen_filings_extract_every_tagged_number() {
    let Some(dir) = datasets() else {
        eprintln!("skipped: ../shared/datasets/sec_ixbrl is absent");
        return;
    };
    let vocab = Vocab::builtin();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("sec_ixbrl"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 14);
    let (mut tagged, mut extracted) = (0, 0);
    for path in files {
        let name = path.display().to_string();
        let doc = load_source(&path, &name, &vocab, &ReadOptions::default()).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let instance = tickmark::xbrl::Instance::parse_inline(&bytes, &name).unwrap();
        let a = tickmark::read::html::audit_tags(&doc, &instance);
        assert_eq!(a.in_tables + a.in_prose, a.tagged - a.nil, "{name}");
        assert!(a.disagree.is_empty(), "{name}: {:?}", a.disagree);
        assert_eq!(a.values_agree, a.tagged - a.nil, "{name}");
        tagged += a.tagged;
        extracted += a.in_tables + a.in_prose;
    }
    assert_eq!((tagged, extracted), (17_378, 17_284));
}

/// The role check with tags used (docs/evaluation.md): on every tagged
/// table cell of a filing, a claim of the tag's QName (and members) and
/// period is accepted and never `ambiguous_role`; the member facts claimed
/// by the QName alone, and every cell claimed with the role of another
/// cell of its table (another period, other members), are not.
fn role_cards_hold(names: &[&str]) {
    let Some(dir) = datasets() else {
        eprintln!("skipped: ../shared/datasets/sec_ixbrl is absent");
        return;
    };
    let vocab = Vocab::builtin();
    for name in names {
        let path = dir.join("sec_ixbrl").join(name);
        let cards = tickmark::eval::tag_roles::role_check(&path, &vocab).unwrap();
        let (whole, members) = (&cards.consolidated, &cards.members);
        assert!(whole.claims > 0 && members.claims > 0, "{name}");
        assert_eq!(whole.accepted, whole.claims, "{name}: {whole:?}");
        assert_eq!(members.accepted, members.claims, "{name}: {members:?}");
        for wrong in [&cards.dimensional, &cards.wrong_period, &cards.wrong_member] {
            assert!(wrong.claims > 0, "{name}");
            assert_eq!(wrong.accepted, 0, "{name}: {wrong:?}");
        }
    }
}

#[test]
fn the_role_check_with_tags_holds_on_two_filings() {
    role_cards_hold(&["unp-10-q-2025-07-24.html", "nflx-10-q-2025-07-18.html"]);
}

#[test]
#[ignore = "fourteen real filings: a minute in a debug build; run with --ignored (release: 5 s)"]
fn the_role_check_with_tags_holds_on_the_fourteen_filings() {
    let Some(dir) = datasets() else {
        eprintln!("skipped: ../shared/datasets/sec_ixbrl is absent");
        return;
    };
    let mut names: Vec<String> = std::fs::read_dir(dir.join("sec_ixbrl"))
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.ends_with(".html"))
        .collect();
    names.sort();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    role_cards_hold(&names);
}

/// Verifies claims (JSON objects) over one source in `dir`.
fn verify_in<S: AsRef<str>>(dir: &Path, source: &str, claims: &[S]) -> Vec<ClaimReport> {
    let claims: Vec<&str> = claims.iter().map(AsRef::as_ref).collect();
    let json = format!(
        r#"{{"id": "t", "sources": ["{source}"], "claims": [{}]}}"#,
        claims.join(",")
    );
    let answers = read_answers_str(&json, "test.json", false).unwrap();
    let answer = answers.items.into_iter().next().unwrap().unwrap();
    let vocab = Vocab::builtin();
    let store = Store::default();
    let verifier = Verifier::new(&vocab, &store, VerifyOptions::with_checks(CheckSet::ALL));
    verifier
        .verify(&answer, &SourceCache::default(), dir)
        .claims
}

/// Reads one source of `dir`.
fn load_in(dir: &Path, source: &str) -> tickmark::Document {
    load_source(
        &dir.join(source),
        source,
        &Vocab::builtin(),
        &ReadOptions::default(),
    )
    .unwrap()
}

/// The table cell tagged with the fact of this id.
fn tagged_cell<'d>(doc: &'d tickmark::Document, id: &str) -> tickmark::model::Cell<'d> {
    doc.tables
        .iter()
        .flat_map(|t| t.cells())
        .find(|c| c.xbrl().is_some_and(|t| t.fact.id.as_deref() == Some(id)))
        .unwrap()
}

/// A sales table as J&J prints it: two quarters and their "Percent Change"
/// under one "Three Months Ended" heading, the change tagged with the
/// filer's own concept, the current quarter's context and `scale="-2"`
/// ("7.3", not "7.3%"), in a table "(Dollars in Millions)".
fn percent_change_filing(dir: &Path) {
    let context = |id: &str, start: &str, end: &str| {
        format!(
            r#"<xbrli:context id="{id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>{start}</xbrli:startDate><xbrli:endDate>{end}</xbrli:endDate></xbrli:period></xbrli:context>"#
        )
    };
    let money = |text: &str, context: &str, id: &str| {
        format!(
            r#"<ix:nonFraction unitRef="usd" contextRef="{context}" decimals="-6" name="us-gaap:Revenues" format="ixt:num-dot-decimal" scale="6" id="{id}">{text}</ix:nonFraction>"#
        )
    };
    let change = r#"<ix:nonFraction unitRef="number" contextRef="q2025" decimals="3" name="acme:PercentageChangeInSales" scale="-2" id="pc">7.3</ix:nonFraction>"#;
    let html = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:us-gaap="http://fasb.org/us-gaap/2024" xmlns:acme="http://acme.example/2025" xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:iso4217="http://www.xbrl.org/2003/iso4217"><head><title>synthetic</title></head><body><div style="display:none"><ix:header><ix:resources><xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit><xbrli:unit id="number"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>{}{}</ix:resources></ix:header></div><p>Sales by segment</p><p>(Dollars in Millions)</p><table><tr><td></td><td>Three Months Ended</td><td></td><td></td></tr><tr><td></td><td>June 30, 2025</td><td>June 30, 2024</td><td>Percent Change</td></tr><tr><td>Sales to customers</td><td>{}</td><td>{}</td><td>{change}</td></tr></table></body></html>"#,
        context("q2025", "2025-04-01", "2025-06-30"),
        context("q2024", "2024-04-01", "2024-06-30"),
        money("8,541", "q2025", "s25"),
        money("7,957", "q2024", "s24"),
    );
    std::fs::write(dir.join("change.htm"), html).unwrap();
}

#[test]
fn a_tagged_percent_change_is_the_change_of_its_line_in_percent() {
    let dir = tempfile::tempdir().unwrap();
    percent_change_filing(dir.path());
    let doc = load_in(dir.path(), "change.htm");
    let cell = tagged_cell(&doc, "pc");
    // A percentage (not 7.3 million), of the change from the year-earlier
    // quarter, of the line its row prints (not the filer's own concept).
    assert!(cell.percent());
    assert_eq!(cell.value_base(), Some(rust_decimal::Decimal::new(73, 1)));
    assert!(
        matches!(
            cell.period(),
            Some(tickmark::model::Period::Change {
                percent: true,
                from: Some(_),
                to: Some(_)
            })
        ),
        "{:?}",
        cell.period()
    );
    assert_eq!(cell.concept().map(|c| c.as_str()), Some("Revenues"));
    let claims = [
        r#"{"id": "growth", "value": "7.3%", "role": "Sales growth, Q2 2025 vs Q2 2024", "cites": ["change.htm#p1t1!D6"]}"#,
        r#"{"id": "qname", "value": "7.3%", "role": {"concept": "acme:PercentageChangeInSales", "period": "three months ended June 30, 2025"}, "cites": ["change.htm#p1t1!D6"]}"#,
        // Near misses: the quarter's sales themselves, the change in millions.
        r#"{"id": "level", "value": "7.3%", "role": "Sales, Q2 2025", "cites": ["change.htm#p1t1!D6"]}"#,
        r#"{"id": "millions", "value": "$7.3 million", "role": "Sales growth, Q2 2025 vs Q2 2024", "cites": ["change.htm#p1t1!D6"]}"#,
    ];
    for claim in &verify_in(dir.path(), "change.htm", &claims) {
        let accepted = claim.route == Route::Accept;
        assert_eq!(
            accepted,
            matches!(claim.id.as_str(), "growth" | "qname"),
            "{}: {:?} {:?}",
            claim.id,
            claim.route,
            codes(claim)
        );
    }
}

/// A segment's sales under a caption that totals it ("TOTAL MEDTECH" over
/// "U.S." and "Worldwide"), the cells tagged with the segment's member.
fn segment_caption_filing(dir: &Path) {
    let context = |id: &str, member: &str| {
        format!(
            r#"<xbrli:context id="{id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier><xbrli:segment>{member}</xbrli:segment></xbrli:entity><xbrli:period><xbrli:startDate>2025-04-01</xbrli:startDate><xbrli:endDate>2025-06-30</xbrli:endDate></xbrli:period></xbrli:context>"#
        )
    };
    let segment = r#"<xbrldi:explicitMember dimension="us-gaap:StatementBusinessSegmentsAxis">acme:MedTechMember</xbrldi:explicitMember>"#;
    let us = r#"<xbrldi:explicitMember dimension="srt:StatementGeographicalAxis">country:US</xbrldi:explicitMember>"#;
    let fact = |text: &str, context: &str, id: &str| {
        format!(
            r#"<ix:nonFraction unitRef="usd" contextRef="{context}" decimals="-6" name="us-gaap:Revenues" format="ixt:num-dot-decimal" scale="6" id="{id}">{text}</ix:nonFraction>"#
        )
    };
    let html = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:us-gaap="http://fasb.org/us-gaap/2024" xmlns:srt="http://fasb.org/srt/2024" xmlns:country="http://xbrl.sec.gov/country/2024" xmlns:acme="http://acme.example/2025" xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:iso4217="http://www.xbrl.org/2003/iso4217"><head><title>synthetic</title></head><body><div style="display:none"><ix:header><ix:resources><xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>{}{}</ix:resources></ix:header></div><p>Sales by segment</p><p>(Dollars in Millions)</p><table><tr><td></td><td>Three Months Ended June 30, 2025</td></tr><tr><td>TOTAL MEDTECH</td><td></td></tr><tr><td>U.S.</td><td>{}</td></tr><tr><td>Worldwide</td><td>{}</td></tr></table></body></html>"#,
        context("ww", segment),
        context("us", &format!("{segment}{us}")),
        fact("4,383", "us", "f-us"),
        fact("8,541", "ww", "f-ww"),
    );
    std::fs::write(dir.join("segment.htm"), html).unwrap();
}

#[test]
fn a_captions_total_word_is_no_part_of_the_segment_it_names() {
    let dir = tempfile::tempdir().unwrap();
    segment_caption_filing(dir.path());
    let doc = load_in(dir.path(), "segment.htm");
    let cite = |id: &str| tagged_cell(&doc, id).reference().to_string();
    let (ww, us) = (cite("f-ww"), cite("f-us"));
    let claims = [
        format!(
            r#"{{"id": "segment", "value": "$8,541 million", "role": "MedTech segment worldwide sales, Q2 2025", "cites": ["{ww}"]}}"#
        ),
        format!(
            r#"{{"id": "us", "value": "$4,383 million", "role": "MedTech U.S. sales, Q2 2025", "cites": ["{us}"]}}"#
        ),
        // Near misses: the segment's sales as the company's; the U.S. part
        // as the segment's whole.
        format!(
            r#"{{"id": "company", "value": "$8,541 million", "role": "Worldwide sales, Q2 2025", "cites": ["{ww}"]}}"#
        ),
        format!(
            r#"{{"id": "part", "value": "$4,383 million", "role": "MedTech segment sales, Q2 2025", "cites": ["{us}"]}}"#
        ),
    ];
    for claim in &verify_in(dir.path(), "segment.htm", &claims) {
        assert_eq!(
            claim.route == Route::Accept,
            matches!(claim.id.as_str(), "segment" | "us"),
            "{}: {:?} {:?}",
            claim.id,
            claim.route,
            codes(claim)
        );
    }
}

#[test]
fn a_headerless_table_right_below_another_continues_its_columns() {
    // Apple's gross margin percentages printed under the gross margin by
    // year, without a header of their own.
    let doc = load_source(
        Path::new("tests/fixtures/continued_table.htm"),
        "c.htm",
        &Vocab::builtin(),
        &ReadOptions::default(),
    )
    .unwrap();
    let period = |table: &str, cell: &str| {
        let at = format!("c.htm#{table}!{cell}");
        let cell = doc
            .cells()
            .find(|c| c.reference().to_string() == at)
            .unwrap_or_else(|| panic!("no cell {at}"));
        cell.period().map(ToString::to_string)
    };
    assert_eq!(period("p2t2", "B2").as_deref(), Some("FY2024"));
    assert_eq!(period("p2t2", "C3").as_deref(), Some("FY2023"));
    // Near miss: a table laid out otherwise below it stays undated.
    assert_eq!(period("p2t3", "B1"), None);
}

/// A balance sheet and an investments note in one inline-XBRL filing, as
/// Apple's 10-Q prints them: the note's "Cash" row is tagged with the
/// balance sheet's concept for one member (`FinancialInstrumentAxis =
/// CashMember`), its "Total" row with the consolidated fact.
fn cash_note_filing(dir: &Path) {
    let context = |id: &str, end: &str, member: Option<&str>| {
        let segment = member.map_or(String::new(), |m| {
            format!(
                r#"<xbrli:segment><xbrldi:explicitMember dimension="us-gaap:FinancialInstrumentAxis">us-gaap:{m}</xbrldi:explicitMember></xbrli:segment>"#
            )
        });
        format!(
            r#"<xbrli:context id="{id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier>{segment}</xbrli:entity><xbrli:period><xbrli:instant>{end}</xbrli:instant></xbrli:period></xbrli:context>"#
        )
    };
    let mut n = 0;
    let mut fact = |text: &str, context: &str, concept: &str| {
        n += 1;
        format!(
            r#"<ix:nonFraction unitRef="usd" contextRef="{context}" decimals="-6" name="us-gaap:{concept}" format="ixt:num-dot-decimal" scale="6" id="f-{n}">{text}</ix:nonFraction>"#
        )
    };
    let row = |cells: &[String]| {
        let tds: String = cells.iter().map(|c| format!("<td>{c}</td>")).collect();
        format!("<tr>{tds}</tr>")
    };
    let s = |t: &str| t.to_string();
    const CCE: &str = "CashAndCashEquivalentsAtCarryingValue";
    let balance = [
        row(&[s(""), s("June 28, 2025"), s("September 28, 2024")]),
        row(&[
            s("Cash and cash equivalents"),
            format!("${}", fact("36,269", "i1", CCE)),
            format!("${}", fact("29,943", "i0", CCE)),
        ]),
        row(&[s("Total current assets"), s("122,491"), s("152,987")]),
    ]
    .concat();
    let note = [
        row(&[
            s(""),
            s("Adjusted Cost"),
            s("Fair Value"),
            s("Cash and Cash Equivalents"),
        ]),
        row(&[
            s("Cash"),
            fact("26,686", "c1", "Cash"),
            fact("26,686", "c1", "Cash"),
            fact("26,686", "c1", CCE),
        ]),
        row(&[
            s("Money market funds"),
            s("9,583"),
            s("9,583"),
            fact("9,583", "m1", CCE),
        ]),
        row(&[
            s("Total"),
            s("36,269"),
            s("36,269"),
            fact("36,269", "i1", CCE),
        ]),
    ]
    .concat();
    let contexts = [
        context("i1", "2025-06-28", None),
        context("i0", "2024-09-28", None),
        context("c1", "2025-06-28", Some("CashMember")),
        context("m1", "2025-06-28", Some("MoneyMarketFundsMember")),
    ]
    .concat();
    let html = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:us-gaap="http://fasb.org/us-gaap/2024" xmlns:iso4217="http://www.xbrl.org/2003/iso4217"><head><title>synthetic</title></head><body><div style="display:none"><ix:header><ix:resources><xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>{contexts}</ix:resources></ix:header></div><p>CONDENSED CONSOLIDATED BALANCE SHEETS</p><p>(In millions)</p><table>{balance}</table><div style="page-break-after:always"></div><p>Note 4 – Financial Instruments</p><p>The following table shows the Company's cash and cash equivalents by significant investment category as of June 28, 2025 (in millions):</p><table>{note}</table></body></html>"#
    );
    std::fs::write(dir.join("cash.htm"), html).unwrap();
}

#[test]
fn a_members_part_of_a_fact_neither_outranks_nor_passes_for_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    cash_note_filing(dir.path());
    let claim = |value: &str, role: &str, cite: &str| {
        let json = format!(
            r#"{{"id": "k", "text": "As of June 28, 2025, the company held {value} in cash.", "value": "{value}", "role": "{role}", "cites": ["cash.htm#{cite}"]}}"#
        );
        let claim = verify_in(dir.path(), "cash.htm", &[json]).remove(0);
        let codes = codes(&claim);
        (claim.route, codes)
    };
    let total = "Cash and cash equivalents, June 28, 2025";
    // The balance sheet's consolidated fact is the claim's, not the note's
    // cash member, which prints "Cash and Cash Equivalents" over its column.
    assert_eq!(
        claim("$36.3 billion", total, "p1t1!B5"),
        (Route::Accept, vec![])
    );
    // The member's part cited for the whole: review, never accept.
    assert_eq!(
        claim("$26.7 billion", total, "p2t1!D4"),
        (Route::Review, vec!["ambiguous_role"])
    );
    // Near misses: the note's total is the same fact as the balance sheet's,
    // and the member's own concept named alone is the member's.
    assert_eq!(
        claim("$36.3 billion", total, "p2t1!D6"),
        (Route::Accept, vec![])
    );
    assert_eq!(
        claim("$26.7 billion", "Cash, June 28, 2025", "p2t1!B4"),
        (Route::Accept, vec![])
    );
}

/// A plain HTML page read as a source, its cells by reference.
fn read_page(html: &str) -> tickmark::Document {
    tickmark::read::load_bytes(
        html.as_bytes(),
        Path::new("t.htm"),
        "t.htm",
        &Vocab::builtin(),
        &ReadOptions::default(),
    )
    .unwrap()
}

/// The base value of a cell of a document, by its reference.
fn base_value(doc: &tickmark::Document, reference: &str) -> Option<String> {
    let reference = CellRef::parse(reference).unwrap();
    doc.cells()
        .find(|c| c.reference() == reference)
        .and_then(|c| c.value_base())
        .map(|v| v.normalize().to_string())
}

const GOOGLE_TABLE: &str = "<table><tr><td></td><td>2023</td><td>2024</td></tr><tr><td>Google Cloud</td><td>1,716</td><td>6,112</td></tr></table>";

#[test]
fn a_sentence_right_above_a_table_gives_the_unit_its_titles_do_not() {
    // Alphabet's "The following table presents segment operating income
    // (loss) (in millions)." is a sentence, no title line, and the table's
    // only unit.
    let doc = read_page(&format!(
        "<html><body><p>The following table presents segment operating income (loss) (in millions).</p>{GOOGLE_TABLE}</body></html>"
    ));
    assert_eq!(
        base_value(&doc, "t.htm#p1t1!C3").as_deref(),
        Some("6112000000")
    );
    // Near miss: a sentence naming no unit leaves the table in its units.
    let doc = read_page(&format!(
        "<html><body><p>The following table presents segment operating income (loss) for each of the years.</p>{GOOGLE_TABLE}</body></html>"
    ));
    assert_eq!(base_value(&doc, "t.htm#p1t1!C3").as_deref(), Some("6112"));
}

#[test]
fn a_lead_in_closing_a_page_is_the_next_pages_tables() {
    // Alphabet's "The following table presents R&D expenses (in millions,
    // except percentages):" closes page 38; page 39 opens with its running
    // head (a table of text) and the table.
    let page = |lead_in: &str| {
        format!(
            "<html><body><p>Research and Development</p><p>{lead_in}</p><p>38.</p><hr style=\"page-break-after:always\"/><table><tr><td>Table of Contents</td><td>Alphabet Inc.</td></tr></table>{GOOGLE_TABLE}</body></html>"
        )
    };
    let cloud = |lead_in: &str| {
        let doc = read_page(&page(lead_in));
        let cell = doc
            .cells()
            .find(|c| c.text() == "6,112")
            .map(|c| c.reference().to_string())
            .unwrap();
        base_value(&doc, &cell)
    };
    assert_eq!(
        cloud("The following table presents R&amp;D expenses (in millions, except percentages):")
            .as_deref(),
        Some("6112000000")
    );
    // Near miss: a line that introduces nothing (no colon) is no lead-in
    // of the next page's table.
    assert_eq!(
        cloud("Research and development expenses rose (in millions, except percentages).")
            .as_deref(),
        Some("6112")
    );
}

/// Netflix's streaming revenues by region: a table with no title saying
/// "revenue", each row a region, each number tagged with Revenues for the
/// streaming and the region's members.
fn tagged_region_filing(dir: &Path) {
    let context = |id: &str, member: &str| {
        format!(
            r#"<xbrli:context id="{id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier><xbrli:segment>{member}</xbrli:segment></xbrli:entity><xbrli:period><xbrli:startDate>2025-04-01</xbrli:startDate><xbrli:endDate>2025-06-30</xbrli:endDate></xbrli:period></xbrli:context>"#
        )
    };
    let streaming = r#"<xbrldi:explicitMember dimension="srt:ProductOrServiceAxis">acme:StreamingMember</xbrldi:explicitMember>"#;
    let region = |m: &str| {
        format!(
            r#"<xbrldi:explicitMember dimension="srt:StatementGeographicalAxis">acme:{m}Member</xbrldi:explicitMember>"#
        )
    };
    let fact = |text: &str, context: &str, id: &str| {
        format!(
            r#"<ix:nonFraction unitRef="usd" contextRef="{context}" decimals="-3" name="us-gaap:Revenues" format="ixt:num-dot-decimal" scale="3" id="{id}">{text}</ix:nonFraction>"#
        )
    };
    let html = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:us-gaap="http://fasb.org/us-gaap/2024" xmlns:srt="http://fasb.org/srt/2024" xmlns:acme="http://acme.example/2025" xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:iso4217="http://www.xbrl.org/2003/iso4217"><head><title>synthetic</title></head><body><div style="display:none"><ix:header><ix:resources><xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>{}{}</ix:resources></ix:header></div><p>(in thousands)</p><table><tr><td></td><td>Three Months Ended June 30, 2025</td></tr><tr><td>United States and Canada (UCAN)</td><td>{}</td></tr><tr><td>Latin America (LATAM)</td><td>{}</td></tr></table></body></html>"#,
        context(
            "ucan",
            &format!("{streaming}{}", region("UnitedStatesAndCanada"))
        ),
        context("latam", &format!("{streaming}{}", region("LatinAmerica"))),
        fact("4,929,000", "ucan", "f-ucan"),
        fact("1,306,000", "latam", "f-latam"),
    );
    std::fs::write(dir.join("regions.htm"), html).unwrap();
}

#[test]
fn a_fact_tagged_with_the_claim_s_concept_shows_its_words_and_members() {
    let dir = tempfile::tempdir().unwrap();
    tagged_region_filing(dir.path());
    let doc = load_in(dir.path(), "regions.htm");
    let ucan = tagged_cell(&doc, "f-ucan").reference().to_string();
    let claims = [
        format!(
            r#"{{"id": "streaming", "value": "$4,929 million", "role": "Streaming revenues, United States and Canada (UCAN), three months ended June 30, 2025", "cites": ["{ucan}"]}}"#
        ),
        // Near misses: another line of the region, another measure.
        format!(
            r#"{{"id": "advertising", "value": "$4,929 million", "role": "Advertising revenues, United States and Canada (UCAN), three months ended June 30, 2025", "cites": ["{ucan}"]}}"#
        ),
        format!(
            r#"{{"id": "income", "value": "$4,929 million", "role": "Operating income, United States and Canada (UCAN), three months ended June 30, 2025", "cites": ["{ucan}"]}}"#
        ),
    ];
    for claim in &verify_in(dir.path(), "regions.htm", &claims) {
        assert_eq!(
            claim.route == Route::Accept,
            claim.id == "streaming",
            "{}: {:?} {:?}",
            claim.id,
            claim.route,
            codes(claim)
        );
    }
}
