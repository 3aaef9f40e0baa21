//! Calculations, stated values, quotes and sentences that prove what they
//! claim, and answers that never lose a claim (issue 13): each case a claim
//! that produces its finding and a near miss that must not. The claims cite
//! the bundled samples.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;

use tickmark::answer::read_answers_str;
use tickmark::check::resolve::Store;
use tickmark::check::{CheckSet, Route};
use tickmark::{AnswerReport, ClaimReport, SourceCache, Verifier, VerifyOptions, Vocab};

fn verify(json: &str) -> AnswerReport {
    let answers = read_answers_str(json, "test.json", false).unwrap();
    let answer = answers.items.into_iter().next().unwrap().unwrap();
    let vocab = Vocab::builtin();
    let store = Store::default();
    let verifier = Verifier::new(&vocab, &store, VerifyOptions::with_checks(CheckSet::ALL));
    verifier.verify(&answer, &SourceCache::default(), Path::new("samples"))
}

/// Claims over the samples (every source assembled).
fn answer(claims: &str) -> String {
    format!(
        r#"{{"id": "t", "sources": ["acme.xlsx", "acme_income.csv", "acme.pdf", "birchwood.xlsx",
                               "dunmore.xlsx", "calder.xlsx"],
            "claims": [{claims}]}}"#
    )
}

fn one(claim: &str) -> ClaimReport {
    verify(&answer(claim)).claims.into_iter().next().unwrap()
}

fn codes(claim: &ClaimReport) -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = claim.findings.iter().map(|f| f.code.name()).collect();
    for op in &claim.operands {
        codes.extend(op.findings.iter().map(|f| f.code.name()));
    }
    codes
}

fn produces(claim: &str, code: &str, route: Route) -> ClaimReport {
    let c = one(claim);
    assert!(
        codes(&c).contains(&code),
        "expected {code} for {claim}\ngot {:#?}",
        c.findings
    );
    assert_eq!(c.route, route, "{claim}\n{:#?}", c.findings);
    c
}

fn accepted(claim: &str) {
    let c = one(claim);
    assert_eq!(
        c.route,
        Route::Accept,
        "{claim}\n{:#?}\n{:#?}",
        c.findings,
        c.operands
    );
}

/// A calculation claim over operands (id, value, role, cite).
fn calc(role: &str, value: &str, calc: &str, ops: &[(&str, &str, &str, &str)]) -> String {
    let operands: Vec<String> = ops
        .iter()
        .map(|(id, value, role, cite)| {
            format!(r#"{{"id": "{id}", "value": "{value}", "role": "{role}", "cite": "{cite}"}}"#)
        })
        .collect();
    format!(
        r#"{{"value": "{value}", "role": "{role}", "calc": "{calc}", "operands": [{}]}}"#,
        operands.join(", ")
    )
}

const REV24: (&str, &str, &str, &str) = ("rev", "4,200", "Revenue 2024", "acme.xlsx#IS!B7");
const COR24: (&str, &str, &str, &str) = ("cor", "2,520", "Cost of revenue 2024", "acme.xlsx#IS!B9");
const R24: (&str, &str, &str, &str) = ("r24", "4,200", "Revenue 2024", "acme.xlsx#IS!B7");
const R23: (&str, &str, &str, &str) = ("r23", "3,900", "Revenue 2023", "acme.xlsx#IS!C7");
const R22: (&str, &str, &str, &str) = ("r22", "3,560", "Revenue 2022", "acme.xlsx#IS!D7");

#[test]
fn a_calculation_must_be_the_metric_its_role_names() {
    // Gross margin computed as cost of revenue over revenue: the cost ratio.
    let c = produces(
        &calc("gross margin FY2024", "60.0%", "cor / rev", &[COR24, REV24]),
        "formula_mismatch",
        Route::Reanswer,
    );
    assert_eq!(codes(&c), ["formula_mismatch"], "the arithmetic is right");
    accepted(&calc(
        "gross margin FY2024",
        "40.0%",
        "(rev - cor) / rev",
        &[REV24, COR24],
    ));
    // Net margin over operating income.
    let oi = ("oi", "602", "Operating income 2024", "acme.xlsx#IS!B13");
    let ni = ("ni", "447", "Net income 2024", "acme.xlsx#IS!B18");
    produces(
        &calc("net margin 2024", "14.3%", "oi / rev", &[oi, REV24]),
        "formula_mismatch",
        Route::Reanswer,
    );
    accepted(&calc("net margin 2024", "10.6%", "ni / rev", &[ni, REV24]));
    // The effective tax rate over net income instead of pre-tax income.
    let tax = (
        "tax",
        "119",
        "Provision for income taxes 2024",
        "acme.xlsx#IS!B17",
    );
    let pti = (
        "pti",
        "566",
        "Income before income taxes 2024",
        "acme.xlsx#IS!B16",
    );
    produces(
        &calc("effective tax rate 2024", "26.6%", "tax / ni", &[tax, ni]),
        "formula_mismatch",
        Route::Reanswer,
    );
    accepted(&calc(
        "effective tax rate 2024",
        "21.0%",
        "tax / pti",
        &[tax, pti],
    ));
    // A role that names no metric: the arithmetic is checked, the formula is not.
    let rd = ("rd", "490", "R&D 2024", "acme.xlsx#IS!B10");
    accepted(&calc(
        "R&D as a percentage of revenue, 2024",
        "11.7%",
        "rd / rev",
        &[rd, REV24],
    ));
}

#[test]
fn a_growth_uses_the_periods_it_names() {
    let c = produces(
        &calc(
            "revenue growth 2024 vs 2023",
            "18.0%",
            "(r24 - r22) / r22",
            &[R24, R22],
        ),
        "formula_mismatch",
        Route::Reanswer,
    );
    assert!(
        c.findings[0]
            .message
            .contains("r22 = Revenues, FY ended 2022-12-31"),
        "{}",
        c.findings[0].message
    );
    accepted(&calc(
        "revenue growth 2024 vs 2023",
        "7.7%",
        "(r24 - r23) / r23",
        &[R24, R23],
    ));
    // One period named: the one before is the same span a year earlier.
    accepted(&calc(
        "revenue growth 2024",
        "7.7%",
        "(r24 - r23) / r23",
        &[R24, R23],
    ));
    produces(
        &calc(
            "revenue growth 2024",
            "18.0%",
            "(r24 - r22) / r22",
            &[R24, R22],
        ),
        "formula_mismatch",
        Route::Reanswer,
    );
}

/// A qualified metric ("organic", "adjusted", "segment") is not computed
/// from the reported lines.
#[test]
fn a_qualified_metric_is_not_the_reported_one() {
    produces(
        &calc(
            "organic revenue growth 2024",
            "7.7%",
            "(r24 - r23) / r23",
            &[R24, R23],
        ),
        "formula_mismatch",
        Route::Reanswer,
    );
    accepted(&calc(
        "reported revenue growth 2024",
        "7.7%",
        "(r24 - r23) / r23",
        &[R24, R23],
    ));
}

#[test]
fn a_decline_is_divided_by_the_earlier_amount() {
    let i24 = ("i24", "48", "Interest expense 2024", "acme.xlsx#IS!B14");
    let i23 = ("i23", "52", "Interest expense 2023", "acme.xlsx#IS!C14");
    produces(
        &calc(
            "interest expense decline 2024 vs 2023",
            "8.3%",
            "(i23 - i24) / i24",
            &[i23, i24],
        ),
        "formula_mismatch",
        Route::Reanswer,
    );
    accepted(&calc(
        "interest expense decline 2024 vs 2023",
        "7.7%",
        "(i23 - i24) / i23",
        &[i23, i24],
    ));
}

#[test]
fn a_metric_is_one_companys() {
    let ni = (
        "ni",
        "12,231",
        "Birchwood net income FY2024",
        "birchwood.xlsx#'Income Statement'!B20",
    );
    produces(
        &calc("net margin fiscal 2024", "0.3%", "ni / rev", &[ni, REV24]),
        "formula_mismatch",
        Route::Reanswer,
    );
    // One company in two files.
    let ni = ("ni", "447", "Net income 2024", "acme.xlsx#IS!B18");
    let rev = ("rev", "4,200", "Revenue 2024", "acme_income.csv#B7");
    accepted(&calc("net margin 2024", "10.6%", "ni / rev", &[ni, rev]));
}

#[test]
fn a_calculation_computes_with_cited_numbers() {
    let n24 = ("n24", "447", "Net income 2024", "acme.xlsx#IS!B18");
    let n23 = ("n23", "380", "Net income 2023", "acme.xlsx#IS!C18");
    produces(
        &calc(
            "net income growth 2024",
            "14.6%",
            "subtract(447, 390), divide(#0, 390)",
            &[n24, n23],
        ),
        "formula_mismatch",
        Route::Reanswer,
    );
    accepted(&calc(
        "net income growth 2024",
        "17.6%",
        "subtract(447, 380), divide(#0, 380)",
        &[n24, n23],
    ));
    // Constants only.
    produces(
        &calc(
            "revenue growth 2024",
            "7.7%",
            "4200 / 3900 - 1",
            &[R24, R23],
        ),
        "formula_mismatch",
        Route::Reanswer,
    );
    accepted(&calc(
        "revenue growth 2024",
        "7.7%",
        "r24 / r23 - 1",
        &[R24, R23],
    ));
}

#[test]
fn coarse_operands_do_not_launder_a_result() {
    let c4 = |id: &str, role: &str, cite: &str| {
        format!(r#"{{"id": "{id}", "value": "$4 billion", "role": "{role}", "cite": "{cite}"}}"#)
    };
    let claim = |value: &str| {
        format!(
            r#"{{"value": "{value}", "role": "revenue growth 2024 vs 2023", "calc": "(r24 - r23) / r23",
                "operands": [{}, {}]}}"#,
            c4("r24", "Revenue 2024", "acme.xlsx#IS!B7"),
            c4("r23", "Revenue 2023", "acme.xlsx#IS!C7")
        )
    };
    let c = produces(&claim("0%"), "arithmetic_mismatch", Route::Reanswer);
    assert!(
        c.findings[0].message.contains("cited cells"),
        "{}",
        c.findings[0].message
    );
    // The true growth is what the coarse operands allow and the cells give.
    accepted(&claim("7.7%"));
}

#[test]
fn a_calculation_without_a_value_is_not_accepted() {
    let no_value = r#"{"text": "Revenue grew strongly in 2024.", "role": "revenue growth 2024 vs 2023", "calc": "(r24 - r23) / r23",
        "operands": [{"id": "r24", "value": "4,200", "role": "Revenue 2024", "cite": "acme.xlsx#IS!B7"},
                     {"id": "r23", "value": "3,900", "role": "Revenue 2023", "cite": "acme.xlsx#IS!C7"}]}"#;
    let c = produces(no_value, "no_checkable_claim", Route::Review);
    assert_eq!(codes(&c), ["no_checkable_claim"]);
    // Its sentence's number is checked in the value's place.
    let wrong = no_value.replace("grew strongly", "grew 8.2%");
    produces(&wrong, "arithmetic_mismatch", Route::Reanswer);
    let right = no_value.replace("grew strongly", "grew 7.7%");
    assert_eq!(codes(&one(&right)), ["no_checkable_claim"]);
    // The near miss: the value given.
    accepted(&calc(
        "revenue growth 2024 vs 2023",
        "7.7%",
        "(r24 - r23) / r23",
        &[R24, R23],
    ));
}

#[test]
fn a_calculation_citing_its_inputs_is_checked_as_a_calculation() {
    let claim = |value: &str| {
        format!(
            r#"{{"value": "{value}", "role": "revenue growth 2024 vs 2023", "calc": "(r24 - r23) / r23",
                "cites": ["acme.xlsx#IS!B7", "acme.xlsx#IS!C7"],
                "operands": [{{"id": "r24", "value": "4,200", "role": "Revenue 2024", "cite": "acme.xlsx#IS!B7"}},
                             {{"id": "r23", "value": "3,900", "role": "Revenue 2023", "cite": "acme.xlsx#IS!C7"}}]}}"#
        )
    };
    accepted(&claim("7.7%"));
    let c = produces(&claim("8.2%"), "arithmetic_mismatch", Route::Reanswer);
    assert!(!codes(&c).contains(&"value_mismatch"), "{:#?}", c.findings);
}

fn value(value: &str, role: &str, cite: &str) -> String {
    format!(r#"{{"value": "{value}", "role": "{role}", "cites": ["{cite}"]}}"#)
}

#[test]
fn written_rounding_must_be_within_reason() {
    let oi = |v: &str| value(v, "operating income 2024", "acme.xlsx#IS!B13");
    produces(&oi("$1 billion"), "value_mismatch", Route::Reanswer);
    accepted(&oi("$0.6 billion"));
    accepted(&oi("$602 million"));
    // A hedge makes trailing zeros insignificant, within a tenth of the
    // cell's value: 0.602 rounds to 0.60, not 0.61 or 0.63.
    produces(
        &oi("about $0.61 billion"),
        "value_mismatch",
        Route::Reanswer,
    );
    accepted(&oi("about $0.6 billion"));
    accepted(&oi("about $600 million"));
    produces(
        &oi("about $0.63 billion"),
        "value_mismatch",
        Route::Reanswer,
    );
    produces(&oi("about $1 billion"), "value_mismatch", Route::Reanswer);
    let interest = |v: &str| value(v, "interest expense 2024", "acme.xlsx#IS!B14");
    produces(&interest("$0 billion"), "value_mismatch", Route::Reanswer);
    accepted(&interest("$0.048 billion"));
    // Within 5%: a fair rounding.
    accepted(&value("$4 billion", "Revenue 2024", "acme.xlsx#IS!B7"));
}

#[test]
fn currency_words_and_codes_are_compared_like_symbols() {
    let rev = |v: &str| value(v, "Revenue 2024", "acme.xlsx#IS!B7");
    for wrong in [
        "4.2 billion euros",
        "EUR 4.2bn",
        "£4.2 billion",
        "4.2 billion pounds",
        "C$4.2 billion",
    ] {
        produces(&rev(wrong), "value_mismatch", Route::Reanswer);
    }
    for right in [
        "4.2 billion dollars",
        "USD 4.2bn",
        "US$4.2 billion",
        "$4.2 billion",
    ] {
        accepted(&rev(right));
    }
    // A table that names no currency is read as US dollars.
    let dunmore = |v: &str| value(v, "total revenue Q3 2024", "dunmore.xlsx#Operations!B12");
    produces(
        &dunmore("GBP 63.2 million"),
        "value_mismatch",
        Route::Reanswer,
    );
    accepted(&dunmore("$63.2 million"));
    // A euro table.
    let calder = |v: &str| value(v, "revenue 2024", "calder.xlsx#'P&L'!C7");
    produces(&calder("US$2.8 billion"), "value_mismatch", Route::Reanswer);
    accepted(&calder("€2.85bn"));
    accepted(&calder("2.85 billion euros"));
}

#[test]
fn the_sentence_must_state_the_value() {
    let claim = |text: &str| {
        format!(
            r#"{{"text": "{text}", "value": "$4.2 billion", "role": "Revenue 2024", "cites": ["acme.xlsx#IS!B7"]}}"#
        )
    };
    let c = produces(
        &claim("Revenue climbed to $4.3 billion in 2024."),
        "value_mismatch",
        Route::Reanswer,
    );
    assert!(
        c.findings[0].message.contains("$4.3 billion"),
        "{}",
        c.findings[0].message
    );
    accepted(&claim("Revenue climbed to $4,200 million in 2024."));
    accepted(&claim("Revenue rose 7.7% to $4.2 billion in fiscal 2024."));
    produces(
        &claim("Revenue climbed to four point three billion dollars."),
        "value_mismatch",
        Route::Reanswer,
    );
}

#[test]
fn a_sentence_number_without_a_value_is_checked_and_not_accepted() {
    let claim = |text: &str| format!(r#"{{"text": "{text}", "cites": ["acme.xlsx#IS!B11"]}}"#);
    let c = produces(
        &claim("SG&A was $590 million in 2024."),
        "value_mismatch",
        Route::Reanswer,
    );
    assert!(codes(&c).contains(&"no_checkable_claim"));
    let c = produces(
        &claim("SG&A was $588 million in 2024."),
        "no_checkable_claim",
        Route::Review,
    );
    assert_eq!(codes(&c), ["no_checkable_claim"]);
    // A sentence of years and labels states no amount.
    let c = one(&claim(
        "SG&A rose in fiscal 2024 (FY2024) as of December 31, 2024.",
    ));
    assert!(codes(&c).is_empty(), "{:#?}", c.findings);
}

#[test]
fn nil_values_mean_zero_or_nothing() {
    let other = |v: &str| value(v, "other income (expense), net, 2024", "acme.xlsx#IS!B15");
    produces(&other("n/a"), "value_mismatch", Route::Reanswer);
    produces(&other("-"), "value_mismatch", Route::Reanswer);
    produces(&other("\u{2014}"), "value_mismatch", Route::Reanswer);
    let restructuring = |v: &str| {
        value(
            v,
            "restructuring charges fiscal 2024",
            "birchwood.xlsx#'Income Statement'!B14",
        )
    };
    for nil in ["-", "\u{2014}", "$0", "nil"] {
        accepted(&restructuring(nil));
    }
    // A value that is no number at all: nothing to hold to the cell.
    produces(
        &other("over $4 billion"),
        "no_checkable_claim",
        Route::Review,
    );
}

#[test]
fn a_ratio_may_state_a_percentage_as_a_fraction() {
    accepted(&value(
        "0.381",
        "gross margin ratio, nine months ended September 30, 2024",
        "dunmore.xlsx#KPI!B8",
    ));
    produces(
        &value(
            "0.381%",
            "gross margin ratio, nine months ended September 30, 2024",
            "dunmore.xlsx#KPI!B8",
        ),
        "scale_mismatch",
        Route::Reanswer,
    );
    // Not for an amount.
    produces(
        &value("0.42", "Revenue 2024", "acme.xlsx#IS!B7"),
        "value_mismatch",
        Route::Reanswer,
    );
}

#[test]
fn quotes_match_whole_words_and_numbers_as_a_reader_sees_them() {
    let quoted = |quote: &str, cite: &str, v: &str, role: &str| {
        format!(r#"{{"value": "{v}", "role": "{role}", "cites": ["{cite}"], "quote": "{quote}"}}"#)
    };
    let acme = |q: &str| quoted(q, "acme.pdf#p2t1!B6", "$4,200 million", "Revenue 2024");
    produces(&acme("4,20"), "fabricated_quote", Route::Reanswer);
    accepted(&acme("4,200"));
    accepted(&acme("revenue $ 4,200"));
    // A spreadsheet cell as its number format shows it.
    let birchwood = |q: &str, cite: &str, v: &str, role: &str| {
        quoted(
            q,
            &format!("birchwood.xlsx#'Income Statement'!{cite}"),
            v,
            role,
        )
    };
    accepted(&birchwood("$ 184,512", "B7", "184,512", "Revenue FY2024"));
    produces(
        &birchwood("184", "B7", "184,512", "Revenue FY2024"),
        "fabricated_quote",
        Route::Reanswer,
    );
    accepted(&birchwood(
        "(98,322)",
        "B8",
        "(98,322)",
        "Cost of revenue FY2024",
    ));
}

#[test]
fn a_page_of_prose_states_its_numbers() {
    let page = |v: &str, role: &str, quote: Option<&str>| {
        let quote = quote
            .map(|q| format!(r#", "quote": "{q}""#))
            .unwrap_or_default();
        format!(r#"{{"value": "{v}", "role": "{role}", "cites": ["acme.pdf#p5"]{quote}}}"#)
    };
    accepted(&page(
        "$447 million",
        "net income 2024",
        Some("Net income rose 17.6% to $447 million"),
    ));
    let c = produces(
        &page("$448 million", "net income 2024", None),
        "value_mismatch",
        Route::Reanswer,
    );
    assert!(!c.findings[0].message.contains("holds no number"));
    // Without a quote, the sentence that writes the number says what it is;
    // a sentence that says something else is no support.
    accepted(&page("$447 million", "net income 2024", None));
    produces(
        &page("$447 million", "operating income 2024", None),
        "ambiguous_role",
        Route::Review,
    );
    produces(
        &page(
            "$447 million",
            "net income 2023",
            Some("Net income rose 17.6% to $447 million"),
        ),
        "ambiguous_role",
        Route::Review,
    );
    // A quote naming a change: its measure, a word of change before the
    // number that goes the role's way, the change's later period.
    accepted(&page(
        "17.6%",
        "Net income growth, FY2024 vs FY2023",
        Some("Net income rose 17.6% to $447 million"),
    ));
    accepted(&page(
        "7.7%",
        "Revenue growth, 2024",
        Some("Revenue increased 7.7% to $4,200 million in 2024 from $3,900 million in 2023"),
    ));
    for role in [
        "Net income growth, FY2023 vs FY2022",
        "Net income decline, FY2024 vs FY2023",
        "Revenue growth, FY2024 vs FY2023",
    ] {
        produces(
            &page("17.6%", role, Some("Net income rose 17.6% to $447 million")),
            "ambiguous_role",
            Route::Review,
        );
    }
}

#[test]
fn a_malformed_claim_is_that_claims_error_and_the_others_are_checked() {
    let json = r#"{"id": "real-id", "sources": ["acme.xlsx"], "claims": [
        {"id": "k1", "value": "$4.2 billion", "role": "Revenue 2024", "cites": ["acme.xlsx#IS!B7"]},
        {"id": "k2", "value": 4.2, "role": "Revenue 2024", "cites": ["acme.xlsx#IS!B7"]},
        {"id": "k3", "value": null, "role": "Revenue 2024", "cites": ["acme.xlsx#IS!B7"]},
        {"id": "k4", "value": "negative $9 million", "role": "Other income (expense), net, 2023", "cites": ["acme.xlsx#IS!C15"]},
        {"id": "k1", "value": "$4.2 billion", "role": "Revenue 2024", "cites": ["acme.xlsx#IS!B7"]}]}"#;
    let report = verify(json);
    assert_eq!(report.id, "real-id");
    assert_eq!(report.claims.len(), 5);
    assert_eq!(report.claims[0].route, Route::Accept);
    assert!(
        report.claims[1]
            .error
            .as_deref()
            .unwrap()
            .contains("must be a string")
    );
    assert_eq!(report.claims[1].route, Route::Review);
    // A null value is no value: the claim cites and states nothing to hold.
    assert_eq!(report.claims[2].error, None);
    assert_eq!(
        report.claims[3].route,
        Route::Accept,
        "{:#?}",
        report.claims[3]
    );
    assert!(
        report.claims[4]
            .error
            .as_deref()
            .unwrap()
            .contains("the id is also claim 1's")
    );
    assert!(report.has_input_error());
}

#[test]
fn an_operand_may_be_a_calculation_of_its_own() {
    let json = answer(
        r#"{"value": "40.0%", "role": "gross margin FY2024", "calc": "gp / rev",
            "operands": [
              {"id": "gp", "value": "1,680", "role": "Gross profit 2024", "calc": "r - c",
               "operands": [{"id": "r", "value": "4,200", "role": "Revenue 2024", "cite": "acme.xlsx#IS!B7"},
                            {"id": "c", "value": "2,520", "role": "Cost of revenue 2024", "cite": "acme.xlsx#IS!B9"}]},
              {"id": "rev", "value": "4,200", "role": "Revenue 2024", "cite": "acme.xlsx#IS!B7"}]}"#,
    );
    let report = verify(&json);
    let c = &report.claims[0];
    assert_eq!(c.route, Route::Accept, "{c:#?}");
    // The inner calculation is checked too.
    let json = json.replace(r#""value": "1,680""#, r#""value": "1,780""#);
    let report = verify(&json);
    assert!(codes(&report.claims[0].operands[0]).contains(&"arithmetic_mismatch"));
}

#[test]
fn a_context_item_that_names_nothing_is_an_input_error() {
    let report = verify(
        r#"{"id": "t", "sources": ["acme.xlsx"], "context": ["acme.xlsx#IS", "c404", "acme.xlsx#NoSuchSheet"],
            "claims": [{"value": "$4.2 billion", "role": "Revenue 2024", "cites": ["acme.xlsx#IS!B7"]}]}"#,
    );
    let error = report.error.as_deref().unwrap();
    assert!(error.contains("context item 2 \"c404\""), "{error}");
    assert!(error.contains("context item 3"), "{error}");
    assert_eq!(
        report.claims[0].route,
        Route::Accept,
        "the claims are still checked"
    );
    let report = verify(
        r#"{"id": "t", "sources": ["acme.xlsx"], "context": ["acme.xlsx#IS"],
            "claims": [{"value": "$4.2 billion", "role": "Revenue 2024", "cites": ["acme.xlsx#IS!B7"]}]}"#,
    );
    assert_eq!(report.error, None);
}
