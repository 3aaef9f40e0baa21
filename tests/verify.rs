//! Every finding code of the code checks: a claim that produces it, and a
//! near miss that must not. The claims cite the bundled samples.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;

use tickmark::answer::read_answers_str;
use tickmark::check::resolve::Store;
use tickmark::check::{Check, CheckSet, Route};
use tickmark::model::CellRef;
use tickmark::{AnswerReport, ClaimReport, SourceCache, Verifier, VerifyOptions, Vocab};

fn verify_with(json: &str, store: &Store, checks: CheckSet) -> AnswerReport {
    let answers = read_answers_str(json, "test.json", false).unwrap();
    let answer = answers.items.into_iter().next().unwrap().unwrap();
    let vocab = Vocab::builtin();
    let verifier = Verifier::new(&vocab, store, VerifyOptions::with_checks(checks));
    verifier.verify(&answer, &SourceCache::default(), Path::new("samples"))
}

fn verify(json: &str) -> AnswerReport {
    verify_with(json, &Store::default(), CheckSet::ALL)
}

/// One claim over Acme's income statement and balance sheet.
fn acme(claim: &str) -> String {
    format!(
        r#"{{"id": "t", "sources": ["acme.xlsx", "birchwood.xlsx", "answers/locked.xlsx"],
            "context": ["acme.xlsx", "birchwood.xlsx", "answers/locked.xlsx",
                        {{"id": "c091", "ref": "acme.xlsx#IS!A18:D18"}}],
            "claims": [{claim}]}}"#
    )
}

/// The reviewers' Kestrel workbook as an answer's source.
const KESTREL: &str = r#"{"id": "kestrel.csv", "path": "../tests/adversarial/kestrel.csv"}"#;

/// One answer over `sources` (the items of its JSON list) holding one claim
/// with a sentence, a value, a role and one cite.
fn one_claim(sources: &str, text: &str, value: &str, role: &str, cite: &str) -> String {
    format!(
        r#"{{"id": "t", "sources": [{sources}],
            "claims": [{{"id": "k", "text": "{text}", "value": "{value}", "role": "{role}", "cites": ["{cite}"]}}]}}"#
    )
}

fn claim(report: &AnswerReport) -> &ClaimReport {
    &report.claims[0]
}

fn codes(claim: &ClaimReport) -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = claim.findings.iter().map(|f| f.code.name()).collect();
    for op in &claim.operands {
        codes.extend(codes_of(op));
    }
    codes
}

fn codes_of(claim: &ClaimReport) -> Vec<&'static str> {
    claim.findings.iter().map(|f| f.code.name()).collect()
}

fn accepted(json: &str) {
    let report = verify(json);
    let c = claim(&report);
    assert_eq!(c.route, Route::Accept, "{json}\n{:#?}", c.findings);
    assert!(c.findings.is_empty());
}

fn produces(json: &str, code: &str, route: Route) -> ClaimReport {
    let report = verify(json);
    let c = claim(&report).clone();
    assert!(
        codes(&c).contains(&code),
        "expected {code} for {json}\ngot {:#?}",
        c.findings
    );
    assert_eq!(c.route, route, "{json}\n{:#?}", c.findings);
    c
}

#[test]
fn uncited() {
    produces(
        &acme(r#"{"value": "$4.2 billion", "role": "Revenue, FY2024"}"#),
        "uncited",
        Route::Recite,
    );
    // Near miss: a claim without a number needs no cite.
    let report = verify(&acme(r#"{"text": "Acme had a good year."}"#));
    assert!(claim(&report).findings.is_empty());
}

#[test]
fn unknown_ref() {
    for cite in [
        "c777",
        "acme.xlsx#IS!Z99",
        "acme.xlsx#Nope!B7",
        "other.xlsx#IS!B7",
        "acme.xlsx#IS!",
    ] {
        let json = acme(&format!(
            r#"{{"value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["{cite}"]}}"#
        ));
        produces(&json, "unknown_ref", Route::Recite);
    }
    // Near miss: an alias of the context resolves.
    accepted(&acme(
        r#"{"value": "$447 million", "role": "Net income, FY2024", "cites": ["c091"]}"#,
    ));
}

#[test]
fn outside_context_is_checked_against_the_assembled_context_not_the_store() {
    let mut store = Store::default();
    store.insert("c044", CellRef::parse("acme.xlsx#IS!A7:D7").unwrap());
    let json = r#"{"id": "t", "sources": ["acme.xlsx"],
        "context": [{"id": "c091", "ref": "acme.xlsx#IS!A18:D18"}],
        "claims": [
          {"value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["c044"]},
          {"value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]},
          {"value": "$447 million", "role": "Net income, FY2024", "cites": ["c091"]}]}"#;
    let report = verify_with(json, &store, CheckSet::ALL);
    // The stale id is real — it resolves against the store — and still fails:
    // resolving against the store instead of the context is the classic bug.
    assert_eq!(codes_of(&report.claims[0]), ["outside_context"]);
    assert_eq!(report.claims[0].route, Route::Recite);
    assert_eq!(codes_of(&report.claims[1]), ["outside_context"]);
    // Near miss: the assembled alias.
    assert_eq!(report.claims[2].route, Route::Accept);
    // Without a context, everything in the sources counts as assembled.
    let json = r#"{"id": "t", "sources": ["acme.xlsx"], "claims": [
        {"value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}]}"#;
    assert_eq!(verify(json).claims[0].route, Route::Accept);
}

#[test]
fn unreadable_source() {
    produces(
        &acme(
            r#"{"value": "$1.1 billion", "role": "Segment revenue", "cites": ["answers/locked.xlsx#Segments!B4"]}"#,
        ),
        "unreadable_source",
        Route::Review,
    );
}

#[test]
fn fabricated_quote() {
    let c = produces(
        &acme(
            r#"{"value": "4,200", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"], "quote": "Revenue 4,300"}"#,
        ),
        "fabricated_quote",
        Route::Reanswer,
    );
    assert!(
        c.findings[0]
            .message
            .contains("a reworded or shortened quote fails too")
    );
    // Near miss: the same text with its thousands separator and odd spacing.
    accepted(&acme(
        r#"{"value": "4,200", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"], "quote": "Revenue   4,200"}"#,
    ));
    // A cell's table title is in its scope; another table's is not, nor a
    // title's line stating an amount the row does not.
    accepted(&acme(
        r#"{"value": "4,200", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"], "quote": "Consolidated Statements of Operations"}"#,
    ));
    produces(
        &acme(
            r#"{"value": "4,200", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"], "quote": "($ in millions, except per share data) 4,300"}"#,
        ),
        "fabricated_quote",
        Route::Reanswer,
    );
    produces(
        &acme(
            r#"{"value": "4,200", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"], "quote": "Consolidated Balance Sheets"}"#,
        ),
        "fabricated_quote",
        Route::Reanswer,
    );
}

#[test]
fn value_mismatch() {
    produces(
        &acme(
            r#"{"value": "$4.3 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
        ),
        "value_mismatch",
        Route::Reanswer,
    );
    produces(
        &acme(
            r#"{"value": "$4.25 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
        ),
        "value_mismatch",
        Route::Reanswer,
    );
    // Near misses: the rounding the claim wrote, and table units.
    accepted(&acme(
        r#"{"value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
    ));
    accepted(&acme(
        r#"{"value": "4,200", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
    ));
    accepted(&acme(
        r#"{"value": "$4,200 million", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
    ));
}

#[test]
fn sign_flip() {
    produces(
        &acme(
            r#"{"value": "$9 million", "role": "Other income, net, FY2023", "cites": ["acme.xlsx#IS!C15"]}"#,
        ),
        "sign_flip",
        Route::Reanswer,
    );
    // "Other income (expense), net" shown as (482), stated as income of 482.
    produces(
        &acme(
            r#"{"value": "$482 thousand", "role": "Other income (expense), net, fiscal 2024", "cites": ["birchwood.xlsx#'Income Statement'!B17"]}"#,
        ),
        "sign_flip",
        Route::Reanswer,
    );
    // Near misses: an expense shown in parentheses and stated positive is
    // presentation; so is a negative the claim itself calls an expense.
    accepted(&acme(
        r#"{"value": "$98.3 million", "role": "Cost of revenue, fiscal 2024", "cites": ["birchwood.xlsx#'Income Statement'!B8"]}"#,
    ));
    accepted(&acme(
        r#"{"value": "$482 thousand", "role": "Other expense, net, fiscal 2024", "cites": ["birchwood.xlsx#'Income Statement'!B17"]}"#,
    ));
}

#[test]
fn scale_mismatch() {
    produces(
        &acme(
            r#"{"value": "$4.2 million", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
        ),
        "scale_mismatch",
        Route::Reanswer,
    );
    // Near miss: per-share amounts are not scaled by "($ in millions, except per share data)".
    accepted(&acme(
        r#"{"value": "$2.33", "role": "Diluted EPS, FY2024", "cites": ["acme.xlsx#IS!B22"]}"#,
    ));
}

#[test]
fn a_quantity_with_its_unit_is_its_number() {
    let said = |value: &str, role: &str, cell: &str| on_fixture("ops.csv", value, role, cell);
    assert_eq!(
        said("1,136 miles", "Miles of pipeline, 2024", "B3"),
        (Route::Accept, vec![])
    );
    // Near misses: other digits; the same digits at another scale, which
    // the unit ("MMBoe", millions of "Boe") may explain: a person checks.
    assert_eq!(
        said("1,163 miles", "Miles of pipeline, 2024", "B3"),
        (Route::Reanswer, vec!["value_mismatch"])
    );
    assert_eq!(
        said("43.4 MMBoe", "Net production, 2024", "B4"),
        (Route::Review, vec!["no_checkable_claim"])
    );
    // A count against an amount of money: the digits are not enough.
    assert_eq!(
        route_and_codes(&verify(&acme(
            r#"{"value": "4,200 miles", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
        ))),
        (Route::Review, vec!["no_checkable_claim"])
    );
}

#[test]
fn a_way_the_sentence_gives_another_amount_is_not_the_value_s() {
    // "… against a 1.4% decline a year ago": the decline is the year
    // before's, not the 3.1% the claim checks (the line rose).
    let source = r#"{"id": "t1.csv", "path": "../tests/adversarial/redteam8/t1.csv"}"#;
    let said = |text: &str| {
        route_and_codes(&verify(&one_claim(
            source,
            text,
            "3.1%",
            "Comparable sales change, 13 weeks ended Nov 2, 2024",
            "t1.csv#B26",
        )))
    };
    let (_, codes) = said("Comps were up 3.1% in Q3 against a 1.4% decline a year ago.");
    assert!(!codes.contains(&"sign_flip"), "{codes:?}");
    // Near miss: the value's own decline.
    let (route, codes) = said("Comps declined 3.1% in Q3.");
    assert_eq!(route, Route::Reanswer);
    assert!(codes.contains(&"sign_flip"), "{codes:?}");
}

#[test]
fn a_sentence_in_cents_states_the_value_in_cents() {
    // "233 cents per diluted share" is $2.33: the sentence and the value
    // say one number.
    accepted(&acme(
        r#"{"text": "Acme earned 233 cents per diluted share in 2024.", "value": "233 cents", "role": "Diluted EPS, FY2024", "cites": ["acme.xlsx#IS!B22"]}"#,
    ));
    // Near miss: the sentence's cents are another number.
    produces(
        &acme(
            r#"{"text": "Acme earned 230 cents per diluted share in 2024.", "value": "233 cents", "role": "Diluted EPS, FY2024", "cites": ["acme.xlsx#IS!B22"]}"#,
        ),
        "value_mismatch",
        Route::Reanswer,
    );
}

#[test]
fn same_number_swap() {
    let c = produces(
        &acme(
            r#"{"value": "$412 million", "role": "Goodwill, FY2024", "cites": ["acme.xlsx#IS!D18"]}"#,
        ),
        "same_number_swap",
        Route::Recite,
    );
    assert_eq!(c.findings[0].suggest.as_deref(), Some("acme.xlsx#BS!B16"));
    // Near miss: the right cell.
    accepted(&acme(
        r#"{"value": "$412 million", "role": "Goodwill, FY2024", "cites": ["acme.xlsx#BS!B16"]}"#,
    ));
    // The swap whose claimed cell holds another number is a wrong claim.
    produces(
        &acme(
            r#"{"value": "$412 million", "role": "Goodwill, FY2023", "cites": ["acme.xlsx#IS!D18"]}"#,
        ),
        "same_number_swap",
        Route::Reanswer,
    );
}

#[test]
fn a_sentence_that_tells_another_period_or_line_than_its_role() {
    // Acme's 2024 net income is 447 (IS!B18), 2023's 380. The role and the
    // cite are 2024's; the sentence says 2023, then operating income.
    for text in [
        "Net income was $447 million in 2023.",
        "Operating income was $447 million in 2024.",
    ] {
        let c = produces(
            &acme(&format!(
                r#"{{"text": "{text}", "value": "$447 million", "role": "Net income, FY2024", "cites": ["acme.xlsx#IS!B18"]}}"#
            )),
            "same_number_swap",
            Route::Reanswer,
        );
        assert!(
            c.findings[0]
                .message
                .contains("in its sentence (its role: "),
            "{}",
            c.findings[0].message
        );
    }
    // Near miss: the sentence says what the role says.
    accepted(&acme(
        r#"{"text": "Acme earned net income of $447 million in 2024, against $380 million in 2023.", "value": "$447 million", "role": "Net income, FY2024", "cites": ["acme.xlsx#IS!B18"]}"#,
    ));
}

#[test]
fn a_sentence_whose_movement_the_table_contradicts() {
    // Acme's revenue was 3,900 in 2023 and 4,200 in 2024: it rose.
    let c = produces(
        &acme(
            r#"{"text": "Revenue fell to $4.2 billion in 2024.", "value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
        ),
        "contradicted",
        Route::Reanswer,
    );
    assert_eq!(c.findings[0].check, Check::Support);
    assert!(!c.pending_support, "found in code, not left to a judge");
    // Without a role, on the sentence alone.
    produces(
        &acme(
            r#"{"text": "Revenue fell to $4.2 billion in 2024.", "value": "$4.2 billion", "cites": ["acme.xlsx#IS!B7"]}"#,
        ),
        "contradicted",
        Route::Reanswer,
    );
    // Near misses: the way it moved; the change "by", not the level; a
    // line whose name says "increase".
    for text in [
        "Revenue rose to $4.2 billion in 2024.",
        "Revenue grew by $4.2 billion in 2024.",
        "Revenue, an increase to $4.2 billion, led the year.",
    ] {
        accepted(&acme(&format!(
            r#"{{"text": "{text}", "value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}}"#
        )));
    }
}

#[test]
fn a_change_written_beside_a_level_says_which_way_it_moved() {
    // Dunmore's nine-month revenue rose from 160,345 to 184,330 (15.0%);
    // its operating margin from (1.9)% to 6.6%; active customers from
    // 15,200 to 17,100.
    let said = |text: &str, value: &str, role: &str, cite: &str| {
        kpi(&format!(
            r#"{{"id": "k", "text": "{text}", "value": "{value}", "role": "{role}", "cites": ["dunmore_kpi.csv#{cite}"]}}"#
        ))
    };
    let revenue = "Revenue, nine months ended September 30, 2024";
    let margin = "Operating margin, nine months ended September 30, 2024";
    let customers = "Active customers % change, nine months 2024 vs 2023";
    for (text, value, role, cite) in [
        (
            "Revenue was $184.3 million in the first nine months of 2024, 15.0% below the 2023 period.",
            "184.3 million",
            revenue,
            "B7",
        ),
        (
            "Revenue was $184.3 million in the first nine months of 2024 was down from 2023.",
            "184.3 million",
            revenue,
            "B7",
        ),
        // A margin moves by its value, across zero too.
        (
            "Operating margin was 6.6%, down from the prior-year period.",
            "6.6%",
            margin,
            "B9",
        ),
    ] {
        let r = said(text, value, role, cite);
        assert_eq!(
            route_and_codes(&r),
            (Route::Reanswer, vec!["contradicted"]),
            "{text}"
        );
    }
    let r = said(
        "Active customers were down 12.5% in the first nine months of 2024.",
        "12.5%",
        customers,
        "D10",
    );
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["contradicted"]));
    // Near misses: the way the table moved; "up to" is no movement.
    for (text, value, role, cite) in [
        (
            "Revenue was $184.3 million in the first nine months of 2024, 15.0% above the 2023 period.",
            "184.3 million",
            revenue,
            "B7",
        ),
        (
            "Operating margin was 6.6%, up from the prior-year period.",
            "6.6%",
            margin,
            "B9",
        ),
        (
            "Active customers were up 12.5% in the first nine months of 2024.",
            "12.5%",
            customers,
            "D10",
        ),
    ] {
        let r = said(text, value, role, cite);
        assert_eq!(route_and_codes(&r), (Route::Accept, vec![]), "{text}");
    }
}

#[test]
fn a_sentence_that_gives_its_value_the_other_direction() {
    // Acme used 228 in investing in 2024 (CF!B24, printed negative).
    let c = produces(
        &acme(
            r#"{"text": "Investing activities generated $228 million of cash in 2024.", "value": "(228)", "role": "Net cash used in investing activities, FY2024", "cites": ["acme.xlsx#CF!B24"]}"#,
        ),
        "sign_flip",
        Route::Reanswer,
    );
    assert!(
        c.findings[0]
            .message
            .starts_with("the claim's sentence says"),
        "{}",
        c.findings[0].message
    );
    // Near miss: the sentence says it was used.
    accepted(&acme(
        r#"{"text": "Investing activities used $228 million of cash in 2024.", "value": "(228)", "role": "Net cash used in investing activities, FY2024", "cites": ["acme.xlsx#CF!B24"]}"#,
    ));
}

#[test]
fn a_calculation_over_two_companies_says_whose_figures_it_takes() {
    // Acme's 2024 revenue is $4,200 million; Birchwood's, $184.5 million.
    let sum = |text: &str| {
        acme(&format!(
            r#"{{"text": "{text}", "value": "$4,384.5 million", "role": "Combined revenue, 2024", "calc": "a + b",
                "operands": [{{"id": "a", "value": "$4,200 million", "role": "Revenue 2024", "cite": "acme.xlsx#IS!B7"}},
                             {{"id": "b", "value": "$184.5 million", "role": "Revenue FY2024", "cite": "birchwood.xlsx#'Income Statement'!B7"}}]}}"#
        ))
    };
    let c = produces(
        &sum("Revenue reached $4,384.5 million in 2024."),
        "formula_mismatch",
        Route::Reanswer,
    );
    assert!(
        c.findings
            .iter()
            .any(|f| f.message.contains("two companies' figures")),
        "{:#?}",
        c.findings
    );
    // Near misses: the claim names both companies, or compares them.
    accepted(&sum(
        "Acme and Birchwood together reported revenue of $4,384.5 million in 2024.",
    ));
    accepted(&acme(
        r#"{"text": "Acme's revenue was 22.8 times Birchwood's in 2024.", "value": "22.8", "calc": "a / b",
            "operands": [{"id": "a", "value": "$4,200 million", "role": "Acme revenue 2024", "cite": "acme.xlsx#IS!B7"},
                         {"id": "b", "value": "$184.5 million", "role": "Birchwood revenue FY2024", "cite": "birchwood.xlsx#'Income Statement'!B7"}]}"#,
    ));
}

#[test]
fn role_mismatch() {
    let c = produces(
        &acme(
            r#"{"value": "$490 million", "role": "Research and development, FY2024", "cites": ["acme.xlsx#IS!B11"]}"#,
        ),
        "role_mismatch",
        Route::Recite,
    );
    assert!(
        c.findings
            .iter()
            .all(|f| f.suggest.as_deref() == Some("acme.xlsx#IS!B10"))
    );
    accepted(&acme(
        r#"{"value": "$490 million", "role": "Research and development, FY2024", "cites": ["acme.xlsx#IS!B10"]}"#,
    ));
}

#[test]
fn period_mismatch() {
    let c = produces(
        &acme(
            r#"{"value": "$3.9 billion", "role": "Revenue, FY2023", "cites": ["acme.xlsx#IS!B7"]}"#,
        ),
        "period_mismatch",
        Route::Recite,
    );
    assert_eq!(
        c.findings.last().unwrap().suggest.as_deref(),
        Some("acme.xlsx#IS!C7")
    );
    // Near miss: a row alias resolves to the cell of the claimed year.
    let report = verify(&acme(
        r#"{"value": "412", "role": "Net income, FY2022", "cites": ["c091"]}"#,
    ));
    assert_eq!(claim(&report).route, Route::Accept);
    assert_eq!(
        claim(&report).cell.as_ref().unwrap().reference,
        "acme.xlsx#IS!D18"
    );
}

#[test]
fn ambiguous_role() {
    produces(
        &acme(
            r#"{"value": "$12 million", "role": "Widget royalties, 2024", "cites": ["acme.xlsx#IS!B15"]}"#,
        ),
        "ambiguous_role",
        Route::Review,
    );
    // Near miss: the row's own wording.
    accepted(&acme(
        r#"{"value": "$12 million", "role": "Other income (expense), net, 2024", "cites": ["acme.xlsx#IS!B15"]}"#,
    ));
}

#[test]
fn arithmetic_mismatch() {
    let growth = |stated: &str| {
        acme(&format!(
            r#"{{"value": "{stated}", "role": "revenue growth 2024 vs 2023", "calc": "(r24 - r23) / r23",
                "operands": [
                  {{"id": "r24", "value": "4,200", "role": "Revenue 2024", "cite": "acme.xlsx#IS!B7"}},
                  {{"id": "r23", "value": "3,900", "role": "Revenue 2023", "cite": "acme.xlsx#IS!C7"}}]}}"#
        ))
    };
    produces(&growth("8.2%"), "arithmetic_mismatch", Route::Reanswer);
    accepted(&growth("7.7%"));
    // A FinQA program over the same operands, and an operand with a wrong
    // pointer: the pointer is found on the operand, the arithmetic passes.
    let program = acme(
        r#"{"value": "7.7%", "calc": "subtract(4200, 3900), divide(#0, 3900)",
            "operands": [
              {"id": "r24", "value": "4,200", "role": "Revenue 2024", "cite": "acme.xlsx#IS!B7"},
              {"id": "r23", "value": "3,900", "role": "Revenue 2023", "cite": "acme.xlsx#IS!B7"}]}"#,
    );
    let report = verify(&program);
    let c = claim(&report);
    assert!(c.findings.is_empty(), "{:#?}", c.findings);
    assert_eq!(
        codes_of(&c.operands[1]),
        ["value_mismatch", "period_mismatch"]
    );
    assert_eq!(c.route, Route::Recite);
}

#[test]
fn value_only_checks_pass_a_same_number_swap() {
    let json = acme(
        r#"{"value": "$412 million", "role": "Goodwill, FY2024", "cites": ["acme.xlsx#IS!D18"]}"#,
    );
    let value_only = verify_with(&json, &Store::default(), CheckSet::of(&[Check::Value]));
    assert_eq!(claim(&value_only).route, Route::Accept);
    assert_eq!(claim(&verify(&json)).route, Route::Recite);
}

#[test]
fn survivors_wait_for_a_judge_and_count_as_saved_calls() {
    let report = verify(&acme(
        r#"{"value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
    ));
    assert!(claim(&report).pending_support);
    assert_eq!((report.model_calls, report.model_calls_saved), (0, 1));
}

#[test]
fn a_sheet_range_cite_picks_its_cell_by_period_even_when_only_values_are_checked() {
    // Revenue 2023 is 3,900 (IS!C7); 3,950 is wrong, and the finding must be
    // about the 2023 cell of the cited row, not whichever cell came last.
    let json =
        acme(r#"{"value": "3,950", "role": "Revenue, FY2023", "cites": ["acme.xlsx#IS!A7:D7"]}"#);
    for checks in [CheckSet::of(&[Check::Value]), CheckSet::ALL] {
        let report = verify_with(&json, &Store::default(), checks);
        let mismatch = claim(&report)
            .findings
            .iter()
            .find(|f| f.code.name() == "value_mismatch")
            .unwrap_or_else(|| panic!("no value_mismatch: {:#?}", claim(&report).findings));
        let cell = mismatch.cell.as_ref().expect("the finding names its cell");
        assert!(cell.reference.ends_with("IS!C7"), "{checks:?}: {cell:?}");
    }
}

#[test]
fn an_answer_with_nothing_to_check_is_not_all_accepted() {
    for claims in [r#"{"text": "Revenue grew strongly in 2024."}"#, ""] {
        let json = format!(r#"{{"id": "t", "sources": ["acme.xlsx"], "claims": [{claims}]}}"#);
        let report = verify(&json);
        assert_eq!(report.route, Route::Review, "{claims}");
        let codes: Vec<&str> = report.findings.iter().map(|f| f.code.name()).collect();
        assert_eq!(codes, ["no_checkable_claim"], "{claims}");
    }
    // The near miss: one claim that cites, beside one that only talks.
    let report = verify(&acme(
        r#"{"text": "Revenue grew strongly."}, {"value": "$4.2 billion", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
    ));
    assert!(report.findings.is_empty(), "{:?}", report.findings);
    assert_eq!(report.route, Route::Accept);
}

#[test]
fn a_sentence_stating_an_amount_with_no_value_is_not_accepted_on_its_cite() {
    // The sentence's amount is checked in the value's place: a wrong one is
    // found for what it is, and the claim is never accepted on it.
    let report = verify(&acme(
        r#"{"text": "Revenue rose to a record $9.9 billion in 2024.", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
    ));
    assert_eq!(claim(&report).route, Route::Reanswer);
    assert_eq!(
        codes(claim(&report)),
        ["value_mismatch", "no_checkable_claim"]
    );
    let message = &claim(&report).findings[1].message;
    assert!(message.contains("\"$9.9 billion\""), "{message}");
    let report = verify(&acme(
        r#"{"text": "Revenue rose to $4.2 billion in 2024.", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}"#,
    ));
    assert_eq!(claim(&report).route, Route::Review);
    assert_eq!(codes(claim(&report)), ["no_checkable_claim"]);
    // Near misses: years, dates and period labels are not amounts; a stated
    // value holds the number.
    for text in [
        "Revenue grew in fiscal 2024 (FY2024, Q3), as of December 31, 2024.",
        "Revenue rose to $4.2 billion in 2024.",
    ] {
        let value = if text.contains('$') {
            r#""value": "$4.2 billion", "#
        } else {
            ""
        };
        let report = verify(&acme(&format!(
            r#"{{"text": "{text}", {value}"role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]}}"#
        )));
        assert_eq!(
            claim(&report).route,
            Route::Accept,
            "{text}: {:?}",
            claim(&report).findings
        );
    }
}

/// Kestrel's equity statement prints dividends declared as reductions,
/// "(42.6)": the amount declared is 42.6.
#[test]
fn dividends_declared_stated_as_an_amount_hold_a_cell_printed_as_a_reduction() {
    let answer = |value: &str, role: &str, cite: &str| {
        format!(
            r#"{{"id": "t", "sources": [{{"id": "kestrel.csv", "path": "../tests/adversarial/kestrel.csv"}}],
                "claims": [{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["{cite}"]}}]}}"#
        )
    };
    let r = verify(&answer(
        "$42.6 million",
        "Dividends declared, fiscal 2024",
        "kestrel.csv#C59",
    ));
    assert_eq!(claim(&r).route, Route::Accept, "{:?}", claim(&r).findings);
    // Near misses: the year before; and a line not printed as a reduction
    // (net income) stated with the opposite sign.
    let r = verify(&answer(
        "$42.6 million",
        "Dividends declared, fiscal 2023",
        "kestrel.csv#C59",
    ));
    assert_ne!(claim(&r).route, Route::Accept);
    let r = verify(&answer(
        "-$312.4 million",
        "Net income, fiscal 2024",
        "kestrel.csv#C55",
    ));
    assert_eq!(codes(claim(&r)), ["sign_flip"]);
}

/// Kestrel's equity statement prints each movement in the column of the
/// component it moved: a sentence naming another component names another
/// cell, and one saying the amount raised a component the statement
/// reduces says the opposite of the table.
#[test]
fn a_sentence_naming_another_equity_component_or_effect_is_caught() {
    let one = |text: &str, value: &str, role: &str, cite: &str| {
        kpi(&format!(
            r#"{{"id": "k", "text": "{text}", "value": "{value}", "role": "{role}", "cites": ["kestrel.csv#{cite}"]}}"#
        ))
    };
    // Another component's column, which prints nothing on this row.
    let r = one(
        "Share-based pay of $54.2 million went to retained earnings in fiscal 2024.",
        "$54.2 million",
        "Stock-based compensation, fiscal 2024",
        "B57",
    );
    assert_eq!(
        route_and_codes(&r),
        (Route::Reanswer, vec!["role_mismatch"])
    );
    // Near miss: the component it is printed under.
    let r = one(
        "Share-based pay of $54.2 million went to additional paid-in capital in fiscal 2024.",
        "$54.2 million",
        "Stock-based compensation, fiscal 2024",
        "B57",
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    // The total column cited for a component that prints the same number.
    let r = one(
        "Fiscal 2024 net income of $312.4 million went into retained earnings.",
        "$312.4 million",
        "Net income, fiscal 2024",
        "E55",
    );
    assert_eq!(
        route_and_codes(&r),
        (Route::Recite, vec!["same_number_swap"])
    );
    assert_eq!(
        claim(&r).findings[0].suggest.as_deref(),
        Some("kestrel.csv#C55")
    );
    let r = one(
        "Fiscal 2024 net income of $312.4 million went into retained earnings.",
        "$312.4 million",
        "Net income, fiscal 2024",
        "C55",
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    // The row's own words are not a component: "of common stock" is what
    // was bought back.
    let r = one(
        "Kestrel bought back $120.0 million of common stock in fiscal 2024.",
        "$120.0 million",
        "Repurchases of common stock, fiscal 2024",
        "C58",
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    // Raised where the statement prints a reduction, and the near miss.
    let r = one(
        "Dividends declared boosted retained earnings by $42.6 million in fiscal 2024.",
        "$42.6 million",
        "Dividends declared, fiscal 2024",
        "C59",
    );
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["sign_flip"]));
    let r = one(
        "Dividends declared lowered retained earnings by $42.6 million in fiscal 2024.",
        "$42.6 million",
        "Dividends declared, fiscal 2024",
        "C59",
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    // The word of the way after the value, in an accountant's words.
    let r = one(
        "A $40.1 million dividend was credited to retained earnings in fiscal 2023.",
        "$40.1 million",
        "Dividends declared, fiscal 2023",
        "C53",
    );
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["sign_flip"]));
    let r = one(
        "A $40.1 million dividend was charged to retained earnings in fiscal 2023.",
        "$40.1 million",
        "Dividends declared, fiscal 2023",
        "C53",
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    // A component named by a short name the vocabulary knows ("APIC" is
    // additional paid-in capital, in the first column's label).
    let r = one(
        "A $40.1 million dividend was charged to APIC in fiscal 2023.",
        "$40.1 million",
        "Dividends declared, fiscal 2023",
        "C53",
    );
    assert_eq!(
        route_and_codes(&r),
        (Route::Reanswer, vec!["role_mismatch"])
    );
}

/// The words right after a value say which way it moved: "…, down from
/// the prior year" of a balance that rose, "… below 2023" of a change
/// printed as a rise.
#[test]
fn a_way_word_after_the_value_against_the_table_is_contradicted() {
    let one = |text: &str, value: &str, role: &str, cite: &str| {
        kpi(&format!(
            r#"{{"id": "k", "text": "{text}", "value": "{value}", "role": "{role}", "cites": ["{cite}"]}}"#
        ))
    };
    // An equity statement's balance a year later, in the same column.
    let r = one(
        "Kestrel ended fiscal 2024 with retained earnings of $864.9 million, lower than a year earlier.",
        "$864.9 million",
        "Retained earnings, June 30, 2024",
        "kestrel.csv#C60",
    );
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["contradicted"]));
    let r = one(
        "Kestrel ended fiscal 2024 with retained earnings of $864.9 million, higher than a year earlier.",
        "$864.9 million",
        "Retained earnings, June 30, 2024",
        "kestrel.csv#C60",
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    // After the value's own date; a line that goes either way moves by
    // its value ("Accumulated Other Comprehensive Income (Loss)": (32.9)
    // after (23.3) fell), a reduction by its size (dividends (42.6) after
    // (40.1) rose).
    let r = one(
        "Kestrel's retained earnings were $864.9 million at June 30, 2024, a decline from a year earlier.",
        "$864.9 million",
        "Retained earnings, June 30, 2024",
        "kestrel.csv#C60",
    );
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["contradicted"]));
    let r = one(
        "Kestrel's AOCI was a loss of $32.9 million at June 30, 2024, higher than a year earlier.",
        "-$32.9 million",
        "Accumulated other comprehensive income (loss), June 30, 2024",
        "kestrel.csv#D60",
    );
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["contradicted"]));
    let r = one(
        "Kestrel's AOCI was a loss of $32.9 million at June 30, 2024, lower than a year earlier.",
        "-$32.9 million",
        "Accumulated other comprehensive income (loss), June 30, 2024",
        "kestrel.csv#D60",
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    let r = one(
        "Kestrel declared dividends of $42.6 million in fiscal 2024, higher than in fiscal 2023.",
        "$42.6 million",
        "Dividends declared, fiscal 2024",
        "kestrel.csv#C59",
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    // A change column.
    let r = one(
        "Nine-month revenue came in 15.0% below the 2023 period.",
        "15.0%",
        "Revenue % change, nine months 2024 vs 2023",
        "dunmore_kpi.csv#D7",
    );
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["contradicted"]));
    let r = one(
        "Nine-month revenue came in 15.0% above the 2023 period.",
        "15.0%",
        "Revenue % change, nine months 2024 vs 2023",
        "dunmore_kpi.csv#D7",
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
}

/// One claim over Kestrel's statements and Dunmore's nine-month KPIs.
fn kpi(claim: &str) -> AnswerReport {
    verify(&format!(
        r#"{{"id": "t", "sources": [{{"id": "kestrel.csv", "path": "../tests/adversarial/kestrel.csv"}}, "dunmore_kpi.csv"],
            "claims": [{claim}]}}"#
    ))
}

fn route_and_codes(report: &AnswerReport) -> (Route, Vec<&'static str>) {
    (claim(report).route, codes(claim(report)))
}

/// One claim without a sentence citing `cell` (a cell, or a table's cell:
/// "B3", "p2t1!B4") of `tests/fixtures/<fixture>`: its route and codes.
fn on_fixture(fixture: &str, value: &str, role: &str, cell: &str) -> (Route, Vec<&'static str>) {
    let id = match fixture.rsplit_once('.') {
        Some((_, ext)) => format!("f.{ext}"),
        None => "f".to_string(),
    };
    let source = format!(r#"{{"id": "{id}", "path": "../tests/fixtures/{fixture}"}}"#);
    route_and_codes(&verify(&one_claim(
        &source,
        "",
        value,
        role,
        &format!("{id}#{cell}"),
    )))
}

#[test]
fn a_change_cell_said_to_fall_when_it_rose_is_contradicted() {
    let said = |text: &str| {
        kpi(&format!(
            r#"{{"id": "k", "text": "{text}", "value": "15.0%", "role": "Revenue % change, nine months 2024 vs 2023", "cites": ["dunmore_kpi.csv#D7"]}}"#
        ))
    };
    let r = said("Revenue fell 15.0% in the first nine months of 2024.");
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["contradicted"]));
    let r = said("Revenue declined by 15.0% in the first nine months of 2024.");
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["contradicted"]));
    let r = said("Revenue rose 15.0% in the first nine months of 2024.");
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
}

#[test]
fn a_change_role_without_periods_takes_the_sentences() {
    let said = |text: &str| {
        kpi(&format!(
            r#"{{"id": "k", "text": "{text}", "value": "15.0%", "role": "Revenue % change", "cites": ["dunmore_kpi.csv#D7"]}}"#
        ))
    };
    assert_ne!(
        claim(&said("Full-year 2024 revenue rose 15.0%.")).route,
        Route::Accept
    );
    assert_ne!(
        claim(&said("Revenue rose 15.0% in 2024 compared with 2022.")).route,
        Route::Accept
    );
    assert_eq!(
        claim(&said(
            "Revenue rose 15.0% in the first nine months of 2024."
        ))
        .route,
        Route::Accept
    );
}

#[test]
fn a_calculation_is_held_to_the_period_and_the_line_its_role_names() {
    let calc = |role: &str, operand: &str, cite: &str, value: &str| {
        kpi(&format!(
            r#"{{"id": "k", "value": "{value} million", "role": "{role}", "calc": "a",
                "operands": [{{"id": "a", "value": "{value}", "role": "{operand}", "cite": "kestrel.csv#{cite}"}}]}}"#
        ))
    };
    // Net income of fiscal 2024, claimed for 2023.
    let net_income = "Net income, fiscal 2024";
    let r = calc("Net income, fiscal 2023", net_income, "C55", "312.4");
    assert_eq!(
        route_and_codes(&r),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    let r = calc("Net income, fiscal 2024", net_income, "C55", "312.4");
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    // Retained earnings, claimed as total equity.
    let retained = "Retained earnings, June 30, 2024";
    let r = calc(
        "Total stockholders' equity, June 30, 2024",
        retained,
        "C60",
        "864.9",
    );
    assert_eq!(
        route_and_codes(&r),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    let r = calc("Retained earnings, June 30, 2024", retained, "C60", "864.9");
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
}

#[test]
fn a_change_is_held_to_its_measure_and_its_way() {
    let change = |role: &str, value: &str, row: u32| {
        let (line, now, before) = if row == 7 {
            ("Revenue", "184,330", "160,345")
        } else {
            ("Active customers", "17,100", "15,200")
        };
        kpi(&format!(
            r#"{{"id": "k", "value": "{value}", "role": "{role}", "calc": "(a - b) / b",
                "operands": [{{"id": "a", "value": "{now}", "role": "{line}, nine months 2024", "cite": "dunmore_kpi.csv#B{row}"}},
                             {{"id": "b", "value": "{before}", "role": "{line}, nine months 2023", "cite": "dunmore_kpi.csv#C{row}"}}]}}"#
        ))
    };
    let r = change("Revenue growth, nine months 2024 vs 2023", "15.0%", 7);
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    // A rise called a decline.
    let r = change("Revenue decline, nine months 2024 vs 2023", "15.0%", 7);
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["sign_flip"]));
    // Another line's growth: one the vocabulary names, one it does not.
    let r = change("Revenue growth, nine months 2024 vs 2023", "12.5%", 10);
    assert_eq!(route_and_codes(&r), (Route::Review, vec!["ambiguous_role"]));
    let r = change(
        "Active customers growth, nine months 2024 vs 2023",
        "15.0%",
        7,
    );
    assert_eq!(
        route_and_codes(&r),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    let r = change(
        "Active customers growth, nine months 2024 vs 2023",
        "12.5%",
        10,
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
}

#[test]
fn a_change_stated_as_a_percentage_is_a_change_in_percent() {
    let said = |value: &str, role: &str| {
        kpi(&format!(
            r#"{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["dunmore_kpi.csv#D10"]}}"#
        ))
    };
    let role = "Active customers % change, nine months ended September 30, 2024 vs 2023";
    assert_eq!(claim(&said("12.5%", role)).route, Route::Accept);
    // The same number without "%" is no percentage.
    let role = "Active customers change, nine months ended September 30, 2024 vs 2023";
    assert_ne!(claim(&said("12.5", role)).route, Route::Accept);
}

#[test]
fn a_change_columns_word_of_a_rise_is_no_word_of_the_line() {
    let said = |role: &str| {
        kpi(&format!(
            r#"{{"id": "k", "value": "12.5%", "role": "{role}", "cites": ["dunmore_kpi.csv#D10"]}}"#
        ))
    };
    let r = said("Active customers growth, nine months 2024 vs 2023");
    assert_eq!(claim(&r).route, Route::Accept, "{:?}", claim(&r).findings);
    // A fall's word stays the claim's: the column shows a rise.
    assert_ne!(
        claim(&said("Active customers decline, nine months 2024 vs 2023")).route,
        Route::Accept
    );
    // Without the change's periods, "growth" is a word the row must show.
    assert_ne!(claim(&said("Active customers growth")).route, Route::Accept);
}

/// A claim over a table written to a temporary file.
fn over_csv(csv: &str, claim: &str) -> AnswerReport {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.csv");
    std::fs::write(&path, csv).unwrap();
    let path = serde_json::to_string(&path.display().to_string()).unwrap();
    verify(&format!(
        r#"{{"id": "t", "sources": [{{"id": "t.csv", "path": {path}}}], "claims": [{claim}]}}"#
    ))
}

/// One claim with a sentence, a value, a role and one cite into the csv
/// [`over_csv`] writes.
fn said_over_csv(csv: &str, text: &str, value: &str, role: &str, cite: &str) -> AnswerReport {
    over_csv(
        csv,
        &format!(
            r#"{{"id": "k", "text": "{text}", "value": "{value}", "role": "{role}", "cites": ["t.csv#{cite}"]}}"#
        ),
    )
}

#[test]
fn a_role_naming_a_change_of_its_measure_is_the_change_column() {
    let csv = "Key metrics,,,\n,2022,2021,% change\nNet sales,\"5,298\",\"5,513\",(3.9)%\n\
               Operating income,994,\"1,162\",(14.4)%\nRate of compensation increase,3.3%,2.7%,\n";
    let said = |value: &str, role: &str, cite: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["t.csv{cite}"]}}"#
            ),
        )
    };
    // The measure's change to the year the role names, from the year
    // before, by a growth or a fall's word, or between the years it names;
    // a named derived metric ("Net sales growth") is its measure's change.
    for (value, role, cite) in [
        ("-3.9%", "Net sales growth, 2022", "#D3"),
        ("-3.9%", "Net sales growth, 2022 vs 2021", "#D3"),
        ("3.9%", "Net sales decline, 2022", "#D3"),
        ("-3.9%", "Net sales % change, 2022", "#D3"),
        ("14.4%", "Operating income decline in 2022", "#D4"),
        ("-14.4%", "Operating income growth, 2022", ""),
        // A line whose own name holds a change word is that line.
        ("3.3%", "Rate of compensation increase, 2022", "#B5"),
    ] {
        let r = said(value, role, cite);
        assert_eq!(
            route_and_codes(&r),
            (Route::Accept, vec![]),
            "{role} {value} {cite}"
        );
    }
    // Near misses: a rise stated for a fall, another year's change, another
    // line's, a level for a change, a change of no stated period.
    let r = said("3.9%", "Net sales growth, 2022", "#D3");
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["sign_flip"]));
    assert_ne!(
        claim(&said("-3.9%", "Net sales growth, 2021", "#D3")).route,
        Route::Accept
    );
    assert_ne!(
        claim(&said("-3.9%", "Operating income growth, 2022", "#D3")).route,
        Route::Accept
    );
    assert_ne!(
        claim(&said("5,298", "Net sales growth, 2022", "#B3")).route,
        Route::Accept
    );
    assert_ne!(
        claim(&said("-3.9%", "Net sales growth", "#D3")).route,
        Route::Accept
    );
    assert_ne!(
        claim(&said("-3.9%", "Net sales, 2022", "#D3")).route,
        Route::Accept
    );
}

#[test]
fn a_change_cells_way_is_its_lines_levels_not_its_sign() {
    // An outflow that shrank prints a positive change; a cost that rose
    // prints a negative one in a "Favorable (Unfavorable)" column; a line
    // named both ways crosses zero.
    let csv = "(In thousands),,,\n,2024,2023,Change\n\
               Net cash used in investing activities,\"(52,300)\",\"(95,600)\",\"43,300\"\n\
               Net cash provided by (used in) financing activities,\"(21,700)\",\"12,800\",\"(34,500)\"\n";
    let fav = "(In millions),,,,\n,,,Favorable (Unfavorable),\n,2024,2023,$,%\n\
               Cost of revenue,\"1,560.0\",\"1,400.0\",(160.0),(11.4)%\n";
    let said = |csv: &str, value: &str, role: &str, cite: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["t.csv#{cite}"]}}"#
            ),
        )
    };
    for (csv, value, role, cite) in [
        (
            csv,
            "$43.3 million",
            "Net cash used in investing activities decrease, 2024",
            "D3",
        ),
        (
            fav,
            "$160.0 million",
            "Cost of revenue increase, 2024",
            "D4",
        ),
        (fav, "11.4%", "Cost of revenue % change, 2024", "E4"),
    ] {
        let r = said(csv, value, role, cite);
        assert_eq!(route_and_codes(&r), (Route::Accept, vec![]), "{role}");
    }
    for (csv, value, role, cite) in [
        (
            csv,
            "$43.3 million",
            "Net cash used in investing activities increase, 2024",
            "D3",
        ),
        (
            fav,
            "$160.0 million",
            "Cost of revenue decrease, 2024",
            "D4",
        ),
    ] {
        let r = said(csv, value, role, cite);
        assert_eq!(
            route_and_codes(&r),
            (Route::Reanswer, vec!["sign_flip"]),
            "{role}"
        );
    }
    let r = said(
        csv,
        "$34.5 million",
        "Net cash used in financing activities decrease, 2024",
        "D4",
    );
    assert_eq!(route_and_codes(&r), (Route::Review, vec!["ambiguous_role"]));
}

#[test]
fn a_sentences_year_earlier_amount_is_the_lines() {
    // Kestrel's retained earnings: 642.3 (2022), 715.1 (2023), 864.9 (2024).
    let said = |text: &str| {
        kpi(&format!(
            r#"{{"id": "k", "text": "{text}", "value": "864.9 million", "role": "Retained earnings, June 30, 2024", "cites": ["kestrel.csv#C60"]}}"#
        ))
    };
    for text in [
        "Retained earnings were $864.9 million, versus $915.1 million a year earlier.",
        "Retained earnings were $864.9 million at June 30, 2024 versus $715.1 million at June 30, 2022.",
    ] {
        assert_eq!(
            route_and_codes(&said(text)),
            (Route::Reanswer, vec!["contradicted"]),
            "{text}"
        );
    }
    for text in [
        "Retained earnings were $864.9 million, versus $715.1 million a year earlier.",
        "Retained earnings were $864.9 million at June 30, 2024, up from $715.1 million at June 30, 2023.",
        "Retained earnings were $864.9 million at June 30, 2024 versus $642.3 million at June 30, 2022.",
    ] {
        assert_eq!(
            route_and_codes(&said(text)),
            (Route::Accept, vec![]),
            "{text}"
        );
    }
}

#[test]
fn a_change_that_improved_a_cost_or_a_loss_is_a_fall() {
    let csv = "(In millions),,,,\n,2024,2023,Change\n\
               Selling and administrative expense,\"1,420.5\",\"1,230.9\",189.6\n\
               Net loss,(79.1),(60.8),(18.3)\n\
               Net sales,\"5,382.0\",\"4,997.2\",384.8\n";
    let said = |text: &str, value: &str, role: &str, cite: &str| {
        said_over_csv(csv, text, value, role, cite)
    };
    for (text, value, role, cite) in [
        (
            "Selling and administrative expense improved by $189.6 million in 2024.",
            "$189.6 million",
            "Selling and administrative expense change, 2024",
            "D3",
        ),
        (
            "The net loss improved by $18.3 million in 2024.",
            "$18.3 million",
            "Net loss change, 2024",
            "D4",
        ),
        (
            "Net sales worsened by $384.8 million in 2024.",
            "$384.8 million",
            "Net sales change, 2024",
            "D5",
        ),
    ] {
        assert_eq!(
            route_and_codes(&said(text, value, role, cite)),
            (Route::Reanswer, vec!["contradicted"]),
            "{text}"
        );
    }
    for (text, value, role, cite) in [
        (
            "Selling and administrative expense worsened by $189.6 million in 2024.",
            "$189.6 million",
            "Selling and administrative expense change, 2024",
            "D3",
        ),
        (
            "Net sales improved by $384.8 million in 2024.",
            "$384.8 million",
            "Net sales change, 2024",
            "D5",
        ),
    ] {
        assert_eq!(
            route_and_codes(&said(text, value, role, cite)),
            (Route::Accept, vec![]),
            "{text}"
        );
    }
}

#[test]
fn a_role_naming_a_fall_on_a_change_cell_that_rose_is_a_sign_flip() {
    let r = kpi(
        r#"{"id": "k", "value": "15.0%", "role": "Revenue decline, nine months ended September 30, 2024", "cites": ["dunmore_kpi.csv#D7"]}"#,
    );
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["sign_flip"]));
    let r = kpi(
        r#"{"id": "k", "value": "15.0%", "role": "Revenue growth, nine months ended September 30, 2024", "cites": ["dunmore_kpi.csv#D7"]}"#,
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
}

#[test]
fn a_change_stated_over_two_cited_levels_is_computed_from_them() {
    // "Revenue grew 7.7% [B, C]": no calculation written, the role names
    // the change, and the two cites are the line's two years.
    let csv = "(In millions),,,\n,2024,2023,2022\nNet sales,\"2,140.0\",\"1,960.4\",\"1,822.0\"\n\
               Net cash used in investing activities,(284.7),(351.2),(198.5)\n\
               Net loss,(42.6),(57.4),(12.0)\n\
               Change in fair value of derivatives,(830),520,100\n";
    let said = |text: &str, value: &str, role: &str, cites: &str| {
        let text = if text.is_empty() {
            String::new()
        } else {
            format!(r#""text": "{text}", "#)
        };
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", {text}"value": "{value}", "role": "{role}", "cites": [{cites}]}}"#
            ),
        )
    };
    let b3c3 = r#""t.csv#B3", "t.csv#C3""#;
    let c3b3 = r#""t.csv#C3", "t.csv#B3""#;
    let b4c4 = r#""t.csv#B4", "t.csv#C4""#;
    for (text, value, role, cites) in [
        (
            "",
            "$179.6 million",
            "Net sales increase, 2024 vs 2023",
            b3c3,
        ),
        ("", "9.2%", "Net sales growth, 2024", c3b3),
        ("", "179.6", "Increase in net sales, 2024 vs 2023", b3c3),
        ("", "179.6", "Net sales change, 2024", b3c3),
        // An outflow that shrank fell, by its size.
        (
            "Cash used in investing activities decreased $66.5 million.",
            "$66.5 million",
            "decrease in net cash used in investing activities, 2024 vs 2023",
            b4c4,
        ),
        (
            "",
            "18.9%",
            "Net cash used in investing activities decline, 2024",
            b4c4,
        ),
    ] {
        let r = said(text, value, role, cites);
        assert_eq!(
            route_and_codes(&r),
            (Route::Accept, vec![]),
            "{role} {value} {cites}"
        );
    }
    // Another amount, another year's pair, a rise called a fall, a sentence
    // saying the loss worsened when it narrowed.
    let r = said(
        "",
        "$180.6 million",
        "Net sales increase, 2024 vs 2023",
        b3c3,
    );
    assert_eq!(
        route_and_codes(&r),
        (Route::Reanswer, vec!["arithmetic_mismatch"])
    );
    let r = said("", "9.2%", "Net sales growth, 2023", b3c3);
    assert_ne!(claim(&r).route, Route::Accept);
    let r = said(
        "",
        "$179.6 million",
        "Net sales decline, 2024 vs 2023",
        b3c3,
    );
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["sign_flip"]));
    let r = said(
        "The net loss worsened by $14.8 million.",
        "$14.8 million",
        "Net loss change, fiscal 2024",
        r#""t.csv#B5", "t.csv#C5""#,
    );
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["contradicted"]));
    // A role with no period is no change of two cites: it fails closed.
    let r = said("", "9.2%", "Net sales growth", b3c3);
    assert_ne!(claim(&r).route, Route::Accept);
    // A line whose own name opens with a change word is that line: its
    // change between two cites is not read as its value.
    let r = said(
        "",
        "(1,350)",
        "Change in fair value of derivatives, 2024",
        r#""t.csv#B6", "t.csv#C6""#,
    );
    assert_ne!(claim(&r).route, Route::Accept);
}

/// An answer over Acme's income statement and Dunmore's metrics.
fn over_samples(claim: &str) -> AnswerReport {
    verify(&format!(
        r#"{{"id": "t", "sources": ["acme_income.csv", "dunmore_kpi.csv"], "claims": [{claim}]}}"#
    ))
}

#[test]
fn a_calculation_is_held_to_the_unit_its_value_is_written_in() {
    let margin = |value: &str, calc: &str| {
        over_samples(&format!(
            r#"{{"id": "k", "value": "{value}", "role": "Gross margin change, nine months 2024 vs 2023", "calc": "{calc}",
                 "operands": [{{"id": "a", "value": "38.1%", "role": "Gross margin, nine months 2024", "cite": "dunmore_kpi.csv#B8"}},
                              {{"id": "b", "value": "36.7%", "role": "Gross margin, nine months 2023", "cite": "dunmore_kpi.csv#C8"}}]}}"#
        ))
    };
    // Percentage points are the difference of the two percentages.
    assert_eq!(
        route_and_codes(&margin("1.4 percentage points", "a - b")),
        (Route::Accept, vec![])
    );
    assert_eq!(
        route_and_codes(&margin("3.8 percentage points", "(a - b) / b")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&margin("3.8%", "(a - b) / b")),
        (Route::Accept, vec![])
    );
    // A ratio of two amounts is not in the table's thousands.
    let per_customer = |value: &str| {
        over_samples(&format!(
            r#"{{"id": "k", "value": "{value}", "role": "Revenue per active customer, nine months 2024", "calc": "rev / cust",
                 "operands": [{{"id": "rev", "value": "184,330", "role": "Revenue, nine months 2024", "cite": "dunmore_kpi.csv#B7"}},
                              {{"id": "cust", "value": "17,100", "role": "Active customers, nine months 2024", "cite": "dunmore_kpi.csv#B10"}}]}}"#
        ))
    };
    assert_eq!(
        route_and_codes(&per_customer("$10,780")),
        (Route::Accept, vec![])
    );
    assert_eq!(
        route_and_codes(&per_customer("$10.78")),
        (Route::Reanswer, vec!["arithmetic_mismatch"])
    );
    // A program that multiplies by a hundred states percent.
    let net_margin = |calc: &str| {
        over_samples(&format!(
            r#"{{"id": "k", "value": "10.6%", "role": "Net margin, FY2024", "calc": "{calc}",
                 "operands": [{{"id": "ni", "value": "447", "role": "Net income 2024", "cite": "acme_income.csv#B18"}},
                              {{"id": "rev", "value": "4,200", "role": "Revenue 2024", "cite": "acme_income.csv#B7"}}]}}"#
        ))
    };
    for calc in [
        "divide(447, 4200), multiply(#0, const_100)",
        "ni / rev * 100",
        "ni / rev",
    ] {
        assert_eq!(
            route_and_codes(&net_margin(calc)),
            (Route::Accept, vec![]),
            "{calc}"
        );
    }
    assert_ne!(claim(&net_margin("ni / rev * 10")).route, Route::Accept);
}

#[test]
fn the_sentence_of_a_calculation_is_held_to_its_change_and_its_company() {
    let growth = |text: &str| {
        over_samples(&format!(
            r#"{{"id": "k", "text": "{text}", "value": "7.7%", "role": "Revenue growth, 2024 vs 2023", "calc": "(a - b) / b",
                 "operands": [{{"id": "a", "value": "4,200", "role": "Revenue 2024", "cite": "acme_income.csv#B7"}},
                              {{"id": "b", "value": "3,900", "role": "Revenue 2023", "cite": "acme_income.csv#C7"}}]}}"#
        ))
    };
    for text in [
        "Revenue rose 7.7% in 2024.",
        "Acme's revenue grew 7.7% from 2023.",
        "Acme's revenue grew 7.7% in 2024, compared with 2023.",
        "Acme's revenue was 7.7% higher than in 2023.",
        "The Company's revenue grew 7.7%.",
    ] {
        assert_eq!(
            route_and_codes(&growth(text)),
            (Route::Accept, vec![]),
            "{text}"
        );
    }
    for text in [
        "Revenue fell 7.7% in 2024.",
        "Revenue grew 7.7% in 2023.",
        "Birchwood's revenue grew 7.7% in 2024.",
    ] {
        assert_eq!(
            route_and_codes(&growth(text)),
            (Route::Reanswer, vec!["contradicted"]),
            "{text}"
        );
    }
    // A single cite: the sentence's company against the cell's table.
    let net_income = |text: &str| {
        over_samples(&format!(
            r#"{{"id": "k", "text": "{text}", "value": "$447 million", "role": "Net income, 2024", "cites": ["acme_income.csv#B18"]}}"#
        ))
    };
    assert_eq!(
        route_and_codes(&net_income("Acme's net income was $447 million in 2024.")),
        (Route::Accept, vec![])
    );
    assert_eq!(
        route_and_codes(&net_income(
            "Birchwood's net income was $447 million in 2024."
        )),
        (Route::Reanswer, vec!["contradicted"])
    );
}

#[test]
fn a_company_named_by_its_initials_is_the_table_s_company() {
    let csv = "Advanced Micro Devices Inc. Consolidated Statements of Operations,,\n\
               (In millions),,\n,2015,2014\nNet revenue,\"3,991\",\"5,506\"\n";
    let said = |text: &str| {
        route_and_codes(&said_over_csv(
            csv,
            text,
            "$4.0 billion",
            "Net revenue, 2015",
            "B4",
        ))
    };
    assert_eq!(
        said("AMD's net revenue was $4.0 billion in 2015."),
        (Route::Accept, vec![])
    );
    // Near misses: other initials, and a one-word company's letter.
    assert_eq!(
        said("AMG's net revenue was $4.0 billion in 2015."),
        (Route::Reanswer, vec!["contradicted"])
    );
    let single = "Acme Inc. Consolidated Statements of Operations,,\n(In millions),,\n,2015,2014\n\
                  Net revenue,\"3,991\",\"5,506\"\n";
    assert_eq!(
        route_and_codes(&said_over_csv(
            single,
            "A's net revenue was $4.0 billion in 2015.",
            "$4.0 billion",
            "Net revenue, 2015",
            "B4"
        )),
        (Route::Reanswer, vec!["contradicted"])
    );
}

#[test]
fn a_hyphenated_quarter_in_the_sentence_is_its_period() {
    let r = verify(
        r#"{"id": "t", "sources": ["dunmore_income.csv"], "claims": [{"id": "k",
            "text": "Dunmore's third-quarter revenue was $184.3 million.", "value": "$184.3 million",
            "role": "Total revenue, nine months ended September 30, 2024", "cites": ["dunmore_income.csv#D12"]}]}"#,
    );
    assert_ne!(claim(&r).route, Route::Accept);
}

#[test]
fn a_share_of_a_line_and_a_compound_rate_are_held_to_their_formulas() {
    let share = |calc: &str, value: &str, second: (&str, &str, &str)| {
        over_samples(&format!(
            r#"{{"id": "k", "value": "{value}", "role": "R&D expense as a percentage of revenue, 2024", "calc": "{calc}",
                 "operands": [{{"id": "rd", "value": "490", "role": "Research and development 2024", "cite": "acme_income.csv#B10"}},
                              {{"id": "{}", "value": "{}", "role": "{} 2024", "cite": "acme_income.csv#B{}"}}]}}"#,
            second.0,
            second.1,
            second.2,
            if second.0 == "rev" { "7" } else { "12" }
        ))
    };
    assert_eq!(
        route_and_codes(&share("rd / rev", "11.7%", ("rev", "4,200", "Revenue"))),
        (Route::Accept, vec![])
    );
    assert_eq!(
        route_and_codes(&share(
            "rd / tc",
            "13.6%",
            ("tc", "3,598", "Total costs and expenses")
        )),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    // A compound annual rate over two years is not the cumulative growth.
    let cagr = |value: &str, role: &str| {
        over_samples(&format!(
            r#"{{"id": "k", "value": "{value}", "role": "{role}", "calc": "(a - b) / b",
                 "operands": [{{"id": "a", "value": "4,200", "role": "Revenue 2024", "cite": "acme_income.csv#B7"}},
                              {{"id": "b", "value": "3,560", "role": "Revenue 2022", "cite": "acme_income.csv#D7"}}]}}"#
        ))
    };
    assert_eq!(
        route_and_codes(&cagr("18.0%", "Revenue CAGR, 2022 to 2024")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&cagr("18.0%", "Revenue growth, 2024 vs 2022")),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_row_in_pence_is_in_hundredths_of_its_currency() {
    let csv = "Harwick Group plc,,\n\"(£ in millions, except per share amounts)\",,\n,2025,2024\n\
               Revenue,\"1,962.4\",\"1,874.9\"\nBasic earnings per share (pence),34.0,30.5\n\
               Final dividend of AU 14 cents (2017: AU 12 cents),12.5,11.0\n";
    let said = |value: &str, role: &str, cite: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["t.csv#{cite}"]}}"#
            ),
        )
    };
    let eps = "Basic earnings per share, 2025";
    for value in ["34.0p", "34.0 pence", "£0.34", "34.0"] {
        assert_eq!(
            route_and_codes(&said(value, eps, "B5")),
            (Route::Accept, vec![]),
            "{value}"
        );
    }
    for value in ["£34.0", "£0.35", "30.5p"] {
        assert_ne!(
            claim(&said(value, eps, "B5")).route,
            Route::Accept,
            "{value}"
        );
    }
    // Cents inside a label are no unit of its numbers: £12.5 million.
    assert_eq!(
        route_and_codes(&said("£12.5 million", "Final dividend, 2025", "B6")),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_sentences_comparison_keeps_its_own_period_and_its_change_is_held() {
    let said = |text: &str, role: &str| {
        over_samples(&format!(
            r#"{{"id": "k", "text": "{text}", "value": "$4.2 billion", "role": "{role}", "cites": ["acme_income.csv#B7"]}}"#
        ))
    };
    // "… versus $3.9 billion in 2023": 2023 is the comparison's period.
    for text in [
        "Acme's revenue came in at $4.2 billion, versus $3.9 billion in 2023.",
        "Acme's revenue rose by $300 million to $4.2 billion in 2024.",
        "Acme's revenue increased $0.3 billion to $4.2 billion.",
    ] {
        assert_eq!(
            route_and_codes(&said(text, "Revenue, FY2024")),
            (Route::Accept, vec![]),
            "{text}"
        );
    }
    // The change the sentence gives puts the line where it was not.
    for text in [
        "Acme's revenue rose by $400 million to $4.2 billion in 2024.",
        "Acme's revenue fell by $300 million to $4.2 billion in 2024.",
    ] {
        assert_eq!(
            route_and_codes(&said(text, "Revenue, FY2024")),
            (Route::Reanswer, vec!["contradicted"]),
            "{text}"
        );
    }
    // A period the sentence gives the value itself still counts.
    assert_ne!(
        claim(&said(
            "Acme's revenue was $4.2 billion in 2023.",
            "Revenue, FY2024"
        ))
        .route,
        Route::Accept
    );
}

#[test]
fn a_calculations_rose_to_is_held_to_the_same_calculation_a_year_earlier() {
    let debt = |text: &str| {
        verify(&format!(
            r#"{{"id": "t", "sources": ["acme_balance.csv"], "claims": [{{"id": "k", "text": "{text}", "value": "$1,100 million",
                 "role": "Total debt, December 31, 2024", "calc": "cp + ltd",
                 "operands": [{{"id": "cp", "value": "75", "role": "Current portion of long-term debt, Dec 31 2024", "cite": "acme_balance.csv#B25"}},
                              {{"id": "ltd", "value": "1,025", "role": "Long-term debt, Dec 31 2024", "cite": "acme_balance.csv#B27"}}]}}]}}"#
        ))
    };
    // 50 + 1,100 = 1,150 a year earlier: the debt fell to 1,100.
    assert_eq!(
        route_and_codes(&debt(
            "Acme's total debt fell to $1,100 million at the end of 2024."
        )),
        (Route::Accept, vec![])
    );
    assert_eq!(
        route_and_codes(&debt(
            "Acme's total debt was $1,100 million at the end of 2024."
        )),
        (Route::Accept, vec![])
    );
    assert_eq!(
        route_and_codes(&debt(
            "Acme's total debt rose to $1,100 million at the end of 2024."
        )),
        (Route::Reanswer, vec!["contradicted"])
    );
}

#[test]
fn a_decline_of_a_loss_is_a_fall_in_its_size() {
    let csv = "(In thousands),,\n,2024,2023\nNet loss,\"(68,655)\",\"(76,937)\"\n\
               Net income,\"(68,655)\",\"(76,937)\"\n";
    let said = |role: &str, row: u32| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "10.8%", "role": "{role}", "calc": "(b - a) / b",
                     "operands": [{{"id": "a", "value": "(68,655)", "role": "{line} 2024", "cite": "t.csv#B{row}"}},
                                  {{"id": "b", "value": "(76,937)", "role": "{line} 2023", "cite": "t.csv#C{row}"}}]}}"#,
                line = if row == 3 { "Net loss" } else { "Net income" }
            ),
        )
    };
    assert_eq!(
        route_and_codes(&said("Reduction in net loss, 2024 vs 2023", 3)),
        (Route::Accept, vec![])
    );
    // Net income that rose from (76,937) to (68,655) did not decline.
    assert_ne!(
        claim(&said("Net income decline, 2024 vs 2023", 4)).route,
        Route::Accept
    );
}

#[test]
fn a_change_in_points_and_basis_points() {
    // A column of basis points: (110) is 1.10 percentage points down.
    let csv = "Key margins,,,\n(As a percentage of net sales),,,\n,2024,2023,Change (bps)\n\
               Gross margin,34.9%,36.0%,(110)\nOperating margin,5.4%,8.5%,(310)\n";
    let said = |text: &str, value: &str, role: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "text": "{text}", "value": "{value}", "role": "{role}", "cites": ["t.csv#D5"]}}"#
            ),
        )
    };
    for (text, value) in [
        (
            "Operating margin contracted 310 basis points to 5.4%.",
            "310 basis points",
        ),
        ("Operating margin fell 3.1 percentage points.", "3.1 pp"),
        ("Operating margin fell 310bps.", "310bps"),
    ] {
        assert_eq!(
            route_and_codes(&said(
                text,
                value,
                "Change in operating margin, 2024 vs 2023"
            )),
            (Route::Accept, vec![]),
            "{text}"
        );
    }
    // The level the sentence says the change led to is the line's later one.
    assert_eq!(
        route_and_codes(&said(
            "Operating margin fell 310 basis points to 8.5%.",
            "310 basis points",
            "Change in operating margin, 2024 vs 2023"
        )),
        (Route::Reanswer, vec!["contradicted"])
    );
    assert_eq!(
        route_and_codes(&said(
            "Operating margin fell 310 basis points to 5.4% from 8.9%.",
            "310 basis points",
            "Change in operating margin, 2024 vs 2023"
        )),
        (Route::Reanswer, vec!["contradicted"])
    );
    assert_eq!(
        route_and_codes(&said(
            "Operating margin fell 31 basis points.",
            "31 bps",
            "Change in operating margin, 2024 vs 2023"
        ))
        .0,
        Route::Reanswer
    );
    // A calculation in basis points multiplies the change of two ratios by
    // 10,000; over amounts, a difference of margins is not a relative change.
    let bps = |value: &str, calc: &str| {
        over_csv(
            "(In millions),,\n,2024,2023\nNet sales,\"5,318\",\"4,907\"\nGross profit,\"1,916\",\"1,718\"\n",
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "Gross margin change in basis points, 2024 vs 2023", "calc": "{calc}",
                     "operands": [{{"id": "g1", "value": "1,916", "role": "Gross profit 2024", "cite": "t.csv#B4"}},
                                  {{"id": "s1", "value": "5,318", "role": "Net sales 2024", "cite": "t.csv#B3"}},
                                  {{"id": "g0", "value": "1,718", "role": "Gross profit 2023", "cite": "t.csv#C4"}},
                                  {{"id": "s0", "value": "4,907", "role": "Net sales 2023", "cite": "t.csv#C3"}}]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&bps("102 bps", "(g1 / s1 - g0 / s0) * 10000")).0,
        Route::Accept
    );
    assert_eq!(
        route_and_codes(&bps("1.0 percentage points", "(g1 / s1 - g0 / s0) * 100")).0,
        Route::Accept
    );
    assert_eq!(
        route_and_codes(&bps("150 bps", "(g1 / s1 - g0 / s0) * 10000")),
        (Route::Reanswer, vec!["arithmetic_mismatch"])
    );
}

#[test]
fn a_hedge_makes_trailing_zeros_insignificant() {
    // Acme's revenue is 4,200 (millions); SG&A 588.
    let said = |text: &str, value: &str, role: &str, cite: &str| {
        over_samples(&format!(
            r#"{{"id": "k", "text": "{text}", "value": "{value}", "role": "{role}", "cites": ["acme_income.csv#{cite}"]}}"#
        ))
    };
    for (text, value, role, cite) in [
        ("", "about $4 billion", "Revenue, 2024", "B7"),
        ("", "roughly $600 million", "SG&A, 2024", "B11"),
        // The hedge where the sentence states the value.
        (
            "SG&A came in at nearly $590 million.",
            "$590 million",
            "SG&A, 2024",
            "B11",
        ),
        // All the digits written out.
        ("", "$4,200,000,000", "Revenue, 2024", "B7"),
    ] {
        assert_eq!(
            route_and_codes(&said(text, value, role, cite)),
            (Route::Accept, vec![]),
            "{value}"
        );
    }
    for (text, value, role, cite) in [
        ("", "approximately $4.3 billion", "Revenue, 2024", "B7"),
        ("", "approximately $4.5 billion", "Revenue, 2024", "B7"),
        ("", "roughly $5 billion", "Revenue, 2024", "B7"),
        ("", "about $640 million", "SG&A, 2024", "B11"),
        (
            "SG&A came in at $590 million.",
            "$590 million",
            "SG&A, 2024",
            "B11",
        ),
    ] {
        assert_eq!(
            route_and_codes(&said(text, value, role, cite)),
            (Route::Reanswer, vec!["value_mismatch"]),
            "{value}"
        );
    }
}

#[test]
fn a_line_said_to_narrow_or_widen_to_its_level() {
    let csv = "(In millions),,\n,2024,2023\nCorporate and unallocated,(142),(128)\n\
               Accumulated deficit,\"(30,087)\",\"(42,318)\"\n";
    let said = |text: &str, value: &str, role: &str, cite: &str| {
        said_over_csv(csv, text, value, role, cite)
    };
    for (text, value, role, cite) in [
        (
            "Corporate and unallocated costs narrowed to $142 million in 2024.",
            "$142 million",
            "Corporate and unallocated, 2024",
            "B3",
        ),
        (
            "The accumulated deficit widened to $30,087 million.",
            "(30,087)",
            "Accumulated deficit, 2024",
            "B4",
        ),
    ] {
        assert_eq!(
            route_and_codes(&said(text, value, role, cite)),
            (Route::Reanswer, vec!["contradicted"]),
            "{text}"
        );
    }
    for (text, value, role, cite) in [
        (
            "Corporate and unallocated costs widened to $142 million in 2024.",
            "$142 million",
            "Corporate and unallocated, 2024",
            "B3",
        ),
        (
            "The accumulated deficit narrowed to $30,087 million.",
            "(30,087)",
            "Accumulated deficit, 2024",
            "B4",
        ),
    ] {
        assert_eq!(
            route_and_codes(&said(text, value, role, cite)),
            (Route::Accept, vec![]),
            "{text}"
        );
    }
}

#[test]
fn a_sentence_that_says_an_amount_added_to_cash_where_it_reduced_it() {
    let csv = "Consolidated Statements of Cash Flows,,\n(in millions),,\n,2025,2024\n\
               Cash flows from operating activities:,,\nNet income,318,276\n\
               Deferred income taxes,(12),9\nNet cash provided by operating activities,480,410\n";
    let said = |text: &str, cite: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "text": "{text}", "value": "$12 million", "role": "Deferred income taxes, fiscal 2025", "cites": ["t.csv#{cite}"]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&said(
            "Deferred income taxes added $12 million to operating cash flow in fiscal 2025.",
            "B6"
        )),
        (Route::Reanswer, vec!["sign_flip"])
    );
    assert_eq!(
        route_and_codes(&said(
            "Deferred income taxes reduced operating cash flow by $12 million in fiscal 2025.",
            "B6"
        )),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_sentence_that_says_an_amount_used_cash_where_it_added_to_it() {
    // Apple's fiscal 2024 statement: accounts payable among the changes in
    // operating assets and liabilities, 6,020 (a source of cash).
    let csv = "Consolidated Statements of Cash Flows,,\n(in millions),,\n,2024,2023\n\
               Operating activities:,,\nNet income,\"93,736\",\"96,995\"\n\
               Changes in operating assets and liabilities:,,\n\
               Accounts payable,\"6,020\",\"(1,889)\"\n\
               Cash generated by operating activities,\"118,254\",\"110,543\"\n";
    let said = |text: &str, cite: &str, value: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "text": "{text}", "value": "{value}", "role": "Accounts payable, fiscal 2024", "cites": ["t.csv#{cite}"]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&said(
            "Changes in accounts payable used $6,020 million of Apple's operating cash in fiscal 2024.",
            "B7",
            "$6,020 million"
        )),
        (Route::Reanswer, vec!["sign_flip"])
    );
    assert_eq!(
        route_and_codes(&said(
            "Changes in accounts payable added $6,020 million to Apple's operating cash in fiscal 2024.",
            "B7",
            "$6,020 million"
        )),
        (Route::Accept, vec![])
    );
}

#[test]
fn an_operating_ratio_in_percent_that_improved_fell() {
    // Union Pacific's performance measures: "Operating ratio (%)" prints
    // 59.0 beside 60.0, no sign, in a table in millions.
    let csv = "Railroad performance measures,,\n(Dollars in millions),,\n,2025,2024\n\
               Operating revenues,\"6,154\",\"6,027\"\nOperating ratio (%),59.0,60.0\n";
    let said = |text: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "text": "{text}", "value": "59.0%", "role": "Operating ratio, 2025", "cites": ["t.csv#B5"]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&said("The operating ratio improved to 59.0% in 2025.")),
        (Route::Accept, vec![])
    );
    for text in [
        "The operating ratio rose to 59.0% in 2025.",
        "The operating ratio worsened to 59.0% in 2025.",
    ] {
        assert_eq!(
            route_and_codes(&said(text)),
            (Route::Reanswer, vec!["contradicted"]),
            "{text}"
        );
    }
}

#[test]
fn a_cost_its_row_prints_positive_is_a_benefit_where_it_is_negative() {
    // JPMorgan's first quarter of 2021: the provision for credit losses is
    // a reserve release, (4,156), beside the year before's expense.
    let csv = "Selected income statement data,,\n(in millions),,\n,1Q21,1Q20\n\
               Pre-provision profit,\"13,541\",\"11,495\"\n\
               Provision for credit losses,\"(4,156)\",\"8,285\"\n\
               Income before income tax expense,\"17,697\",\"3,210\"\n\
               \"Benefit (provision) for income taxes\",\"(3,397)\",\"1,017\"\n\
               Restructuring charges,(40),(52)\n";
    let said = |text: &str, role: &str, cite: &str, value: &str| {
        said_over_csv(csv, text, value, role, cite)
    };
    let provision = "Provision for credit losses, 1Q21";
    assert_eq!(
        route_and_codes(&said(
            "JPMorgan's provision for credit losses added $4.2 billion of expense in the first quarter of 2021.",
            provision,
            "B5",
            "$4.2 billion"
        )),
        (Route::Reanswer, vec!["sign_flip"])
    );
    // The near misses: the other side named; a line named by its benefit
    // first; a cost its row prints negative in every column.
    for (text, role, cite, value) in [
        (
            "JPMorgan recorded a $4.2 billion benefit from its provision for credit losses in the first quarter of 2021.",
            provision,
            "B5",
            "$4.2 billion",
        ),
        (
            "A reserve release reduced JPMorgan's provision for credit losses by $4.2 billion in the first quarter of 2021.",
            provision,
            "B5",
            "$4.2 billion",
        ),
        (
            "The 1Q20 provision for credit losses added $8.3 billion of expense.",
            "Provision for credit losses, 1Q20",
            "C5",
            "$8.3 billion",
        ),
        (
            "JPMorgan's income tax provision was $3.4 billion in the first quarter of 2021.",
            "Provision for income taxes, 1Q21",
            "B7",
            "$3.4 billion",
        ),
        (
            "Restructuring charges added $40 million of expense in the first quarter of 2021.",
            "Restructuring charges, 1Q21",
            "B8",
            "$40 million",
        ),
    ] {
        assert_eq!(
            route_and_codes(&said(text, role, cite, value)),
            (Route::Accept, vec![]),
            "{text}"
        );
    }
}

#[test]
fn a_relative_change_is_not_a_change_in_points() {
    let csv = "(In millions),,\n,2024,2023\nNet sales,\"5,318\",\"4,907\"\nGross profit,\"1,916\",\"1,718\"\n";
    let margin = |value: &str, calc: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "Change in gross margin, 2024 vs 2023", "calc": "{calc}",
                     "operands": [{{"id": "g1", "value": "1,916", "role": "Gross profit 2024", "cite": "t.csv#B4"}},
                                  {{"id": "s1", "value": "5,318", "role": "Net sales 2024", "cite": "t.csv#B3"}},
                                  {{"id": "g0", "value": "1,718", "role": "Gross profit 2023", "cite": "t.csv#C4"}},
                                  {{"id": "s0", "value": "4,907", "role": "Net sales 2023", "cite": "t.csv#C3"}}]}}"#
            ),
        )
    };
    // 36.03% against 35.01%: 1.0 point, a relative change of 2.9%.
    assert_eq!(
        route_and_codes(&margin(
            "2.9 percentage points",
            "(g1 / s1) / (g0 / s0) - 1"
        )),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&margin("2.9 pp", "(g1 / s1 - g0 / s0) / (g0 / s0) * 100")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&margin("1.0 percentage points", "g1 / s1 - g0 / s0")),
        (Route::Accept, vec![])
    );
    assert_eq!(
        route_and_codes(&margin("2.9%", "(g1 / s1) / (g0 / s0) - 1")),
        (Route::Accept, vec![])
    );
    // A change of a margin over the two margins is their difference.
    let kpi = |value: &str, calc: &str| {
        over_samples(&format!(
            r#"{{"id": "k", "value": "{value}", "role": "Change in operating margin, nine months 2024 vs 2023", "calc": "{calc}",
                 "operands": [{{"id": "a", "value": "6.6%", "role": "Operating margin, nine months 2024", "cite": "dunmore_kpi.csv#B9"}},
                              {{"id": "b", "value": "-1.9%", "role": "Operating margin, nine months 2023", "cite": "dunmore_kpi.csv#C9"}}]}}"#
        ))
    };
    assert_eq!(
        route_and_codes(&kpi("4.7 percentage points", "a + b")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&kpi("8.5 percentage points", "a - b")),
        (Route::Accept, vec![])
    );
}

/// One calculation over Acme's csv statements.
fn acme_calc(
    value: &str,
    role: &str,
    calc: &str,
    operands: &[(&str, &str, &str, &str)],
) -> AnswerReport {
    let ops: Vec<String> = operands
        .iter()
        .map(|(id, value, role, cite)| {
            format!(r#"{{"id": "{id}", "value": "{value}", "role": "{role}", "cite": "{cite}"}}"#)
        })
        .collect();
    verify(&format!(
        r#"{{"id": "t", "sources": ["acme_income.csv", "acme_balance.csv", "acme_cashflow.csv"],
            "claims": [{{"id": "k", "value": "{value}", "role": "{role}", "calc": "{calc}", "operands": [{}]}}]}}"#,
        ops.join(", ")
    ))
}

#[test]
fn a_calculation_that_computes_another_figure_than_its_role() {
    let ni = ("ni", "447", "Net income, 2024", "acme_income.csv#B18");
    let eq24 = (
        "e1",
        "1,856",
        "Total stockholders' equity, December 31, 2024",
        "acme_balance.csv#B36",
    );
    let eq23 = (
        "e0",
        "1,608",
        "Total stockholders' equity, December 31, 2023",
        "acme_balance.csv#C36",
    );
    // An average balance is two balances averaged, not the closing one.
    assert_eq!(
        route_and_codes(&acme_calc(
            "24.1%",
            "Return on average stockholders' equity, 2024",
            "ni / e1",
            &[ni, eq24]
        )),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&acme_calc(
            "25.8%",
            "Return on average stockholders' equity, 2024",
            "ni / ((e1 + e0) / 2)",
            &[ni, eq24, eq23]
        )),
        (Route::Accept, vec![])
    );
    // Net debt is all borrowings less cash: the long-term part alone is not.
    let lt = (
        "lt",
        "1,025",
        "Long-term debt, December 31, 2024",
        "acme_balance.csv#B27",
    );
    let cur = (
        "cur",
        "75",
        "Current portion of long-term debt, December 31, 2024",
        "acme_balance.csv#B25",
    );
    let cash = (
        "cash",
        "780",
        "Cash and cash equivalents, December 31, 2024",
        "acme_balance.csv#B9",
    );
    assert_eq!(
        route_and_codes(&acme_calc(
            "320",
            "Net debt, December 31, 2024",
            "cur + lt - cash",
            &[cur, lt, cash]
        )),
        (Route::Accept, vec![])
    );
    // A line and another line added to it are not that line.
    let capex = (
        "capex",
        "(210)",
        "Purchases of property and equipment, 2024",
        "acme_cashflow.csv#B21",
    );
    let acq = (
        "acq",
        "(24)",
        "Acquisitions, net of cash acquired, 2024",
        "acme_cashflow.csv#B22",
    );
    assert_eq!(
        route_and_codes(&acme_calc(
            "$234 million",
            "Capital expenditures, 2024",
            "-(capex + acq)",
            &[capex, acq]
        )),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&acme_calc(
            "$234 million",
            "Capital expenditures and acquisitions, 2024",
            "-(capex + acq)",
            &[capex, acq]
        )),
        (Route::Accept, vec![])
    );
    // A fall stated by its size is the negative change.
    let oi = |text: &str| {
        verify(&format!(
            r#"{{"id": "t", "sources": ["acme_income.csv"], "claims": [{{"id": "k", "text": "{text}", "value": "0.4%",
                "role": "Operating income change, 2023 vs 2022", "calc": "(a - b) / b",
                "operands": [{{"id": "a", "value": "542", "role": "Operating income, 2023", "cite": "acme_income.csv#C13"}},
                             {{"id": "b", "value": "544", "role": "Operating income, 2022", "cite": "acme_income.csv#D13"}}]}}]}}"#
        ))
    };
    assert_eq!(
        route_and_codes(&oi("Operating income fell 0.4% in 2023.")),
        (Route::Accept, vec![])
    );
    assert_eq!(
        route_and_codes(&oi("Operating income rose 0.4% in 2023.")).0,
        Route::Reanswer
    );
}

#[test]
fn a_share_of_a_qualified_base_and_a_segment_named_by_the_sentence() {
    let csv = "Norrland Outdoor Group,,\nSegment information,,\n(in millions),,\n,2024,2023\n\
               Net sales by segment:,,\nApparel,\"2,418\",\"2,301\"\nFootwear,\"1,376\",\"1,412\"\n\
               Total net sales,\"4,678\",\"4,503\"\nOperating income by segment:,,\nApparel,362,331\n\
               Footwear,118,151\nNet sales by geographic area:,,\nUnited States,\"2,730\",\"2,655\"\n\
               Europe,\"1,180\",\"1,098\"\nInternational,\"1,948\",\"1,848\"\n";
    let share = |value: &str, den: &str, role: &str, cite: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "Europe net sales as a share of international net sales, 2024", "calc": "eu / d",
                     "operands": [{{"id": "eu", "value": "1,180", "role": "Europe net sales, 2024", "cite": "t.csv#B14"}},
                                  {{"id": "d", "value": "{den}", "role": "{role}", "cite": "t.csv#{cite}"}}]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&share("25.2%", "4,678", "Total net sales, 2024", "B8")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&share(
            "60.6%",
            "1,948",
            "International net sales, 2024",
            "B15"
        )),
        (Route::Accept, vec![])
    );
    let margin = |text: &str, oi: &str, sales: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "text": "{text}", "value": "15.0%", "role": "Operating margin, 2024", "calc": "oi / s",
                     "operands": [{{"id": "oi", "value": "362", "role": "Apparel operating income, 2024", "cite": "t.csv#{oi}"}},
                                  {{"id": "s", "value": "2,418", "role": "Apparel net sales, 2024", "cite": "t.csv#{sales}"}}]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&margin(
            "Footwear's operating margin was 15.0% in 2024.",
            "B10",
            "B6"
        )),
        (Route::Reanswer, vec!["contradicted"])
    );
    assert_eq!(
        route_and_codes(&margin(
            "Apparel's operating margin was 15.0% in 2024.",
            "B10",
            "B6"
        )),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_compound_annual_rate_takes_the_root_of_its_years() {
    // Acme's revenue: 4,200 (2024), 3,560 (2022): (4,200 / 3,560)^(1/2) - 1 = 8.6%.
    let cagr = |value: &str, calc: &str| {
        verify(&format!(
            r#"{{"id": "t", "sources": ["acme_income.csv"], "claims": [{{"id": "k", "value": "{value}",
                "role": "Revenue compound annual growth rate, 2022-2024", "calc": "{calc}",
                "operands": [{{"id": "end", "value": "4,200", "role": "Revenue, 2024", "cite": "acme_income.csv#B7"}},
                             {{"id": "start", "value": "3,560", "role": "Revenue, 2022", "cite": "acme_income.csv#D7"}}]}}]}}"#
        ))
    };
    assert_eq!(
        route_and_codes(&cagr("8.6%", "(end / start) ^ (1/2) - 1")),
        (Route::Accept, vec![])
    );
    assert_eq!(
        route_and_codes(&cagr("8.6%", "(end / start)**0.5 - 1")),
        (Route::Accept, vec![])
    );
    assert_eq!(
        route_and_codes(&cagr("5.7%", "(end / start) ^ (1/3) - 1")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&cagr("18.0%", "end / start - 1")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&cagr("9.6%", "(end / start) ^ (1/2) - 1")),
        (Route::Reanswer, vec!["arithmetic_mismatch"])
    );
}

#[test]
fn a_line_said_to_improve_is_held_to_its_side() {
    // Calder's other reserves: −21.6 (2024), −8.3 (2023): a fall in value.
    let said = |text: &str| {
        verify(&format!(
            r#"{{"id": "t", "sources": ["calder_financial_position.csv"], "claims": [{{"id": "k", "text": "{text}",
                "value": "−€21.6m", "role": "Other reserves, 31 December 2024", "cites": ["calder_financial_position.csv#C42"]}}]}}"#
        ))
    };
    assert_eq!(
        route_and_codes(&said(
            "Other reserves improved to −€21.6m at the end of 2024."
        )),
        (Route::Reanswer, vec!["contradicted"])
    );
    assert_eq!(
        route_and_codes(&said(
            "Other reserves worsened to −€21.6m at the end of 2024."
        )),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_ratio_spelled_out_in_the_role_and_a_share_of_the_total() {
    let acme = |value: &str, role: &str, calc: &str, ops: &str| {
        verify(&format!(
            r#"{{"id": "t", "sources": ["acme_income.csv"], "claims": [{{"id": "k", "value": "{value}", "role": "{role}", "calc": "{calc}", "operands": [{ops}]}}]}}"#
        ))
    };
    let ebit = r#"{"id": "p", "value": "602", "role": "Operating income 2024", "cite": "acme_income.csv#B13"}"#;
    let pretax = r#"{"id": "p", "value": "566", "role": "Income before income taxes 2024", "cite": "acme_income.csv#B16"}"#;
    let interest = r#"{"id": "i", "value": "48", "role": "Interest expense 2024", "cite": "acme_income.csv#B14"}"#;
    let role = "Interest coverage (EBIT / interest expense), FY2024";
    assert_eq!(
        route_and_codes(&acme(
            "11.8x",
            role,
            "p / i",
            &format!("{pretax}, {interest}")
        )),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&acme(
            "12.5x",
            role,
            "p / i",
            &format!("{ebit}, {interest}")
        )),
        (Route::Accept, vec![])
    );
    // Dunmore's Q3 2024 revenue: product 38,420, subscription 24,812.
    let share = |value: &str, den: &str| {
        verify(&format!(
            r#"{{"id": "t", "sources": ["dunmore_income.csv"], "claims": [{{"id": "k", "value": "{value}",
                "role": "Subscription and services share of total revenue, Q3 2024", "calc": "s / d",
                "operands": [{{"id": "s", "value": "24,812", "role": "Subscription and services revenue Q3 2024", "cite": "dunmore_income.csv#B11"}}, {den}]}}]}}"#
        ))
    };
    assert_eq!(
        route_and_codes(&share(
            "64.6%",
            r#"{"id": "d", "value": "38,420", "role": "Product revenue Q3 2024", "cite": "dunmore_income.csv#B10"}"#
        )),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&share(
            "39.2%",
            r#"{"id": "d", "value": "63,232", "role": "Total revenue Q3 2024", "cite": "dunmore_income.csv#B12"}"#
        )),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_retail_quarter_named_by_its_weeks_and_its_fiscal_label() {
    let csv = "Pinecrest Outfitters,,,,\n(in millions),,,,\n,Thirteen Weeks Ended,,Thirty-Nine Weeks Ended,\n\
               ,\"November 2, 2024\",\"October 28, 2023\",\"November 2, 2024\",\"October 28, 2023\"\n\
               Net sales,\"2,184.6\",\"2,097.3\",\"6,412.8\",\"6,205.1\"\n";
    let said = |role: &str, cite: &str, value: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["t.csv#{cite}"]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&said(
            "Net sales, 13 weeks ended November 2, 2024 (Q3 fiscal 2024)",
            "B5",
            "2,184.6"
        )),
        (Route::Accept, vec![])
    );
    assert_ne!(
        route_and_codes(&said(
            "Net sales, 13 weeks ended October 28, 2023 (Q3 fiscal 2024)",
            "B5",
            "2,184.6"
        ))
        .0,
        Route::Accept
    );
    assert_eq!(
        route_and_codes(&said(
            "Net sales, 39 weeks ended November 2, 2024",
            "D5",
            "6,412.8"
        )),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_role_s_note_of_its_source_and_a_row_named_through_its_section() {
    // "(per MD&A)" says where the number was read, not what it is.
    let quote = |role: &str| {
        verify(&format!(
            r#"{{"id": "t", "sources": ["acme.pdf"], "claims": [{{"id": "k", "value": "17.6%", "role": "{role}",
                "quote": "Net income rose 17.6% to $447 million", "cites": ["acme.pdf#p5"]}}]}}"#
        ))
    };
    assert_eq!(
        route_and_codes(&quote("Net income growth, FY2024 (per MD&A)")),
        (Route::Accept, vec![])
    );
    assert_ne!(
        route_and_codes(&quote("Net income growth, FY2024 (per segment)")).0,
        Route::Accept
    );
    // "Adjusted EBITDA" is the row that says so, not "EBITDA" under an
    // "Adjusted EBITDA" caption.
    let csv = "(in millions),,\n,2025,2024\nAdjusted EBITDA,,\nNet income (loss),84.6,(23.9)\n\
               Depreciation and amortization,72.5,68.1\nEBITDA,218.0,84.6\n\
               Stock-based compensation expense,38.9,35.2\nAdjusted EBITDA,251.6,160.0\n";
    let said = |value: &str, cite: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "Adjusted EBITDA, fiscal 2025", "cites": ["t.csv#{cite}"]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&said("251.6", "B8")),
        (Route::Accept, vec![])
    );
    assert_ne!(route_and_codes(&said("218.0", "B6")).0, Route::Accept);
}

#[test]
fn a_total_and_one_of_its_own_lines_added() {
    let csv = "(in thousands),,\n,2024,2023\nNoninterest expense:,,\nSalaries and employee benefits,\"121,870\",\"116,340\"\n\
               Occupancy and equipment,\"29,615\",\"28,740\"\nFDIC insurance assessments,\"6,830\",\"9,115\"\n\
               Other noninterest expense,\"38,205\",\"36,480\"\nTotal noninterest expense,\"196,520\",\"190,675\"\n";
    let sum = |value: &str, calc: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "Noninterest expense and FDIC assessments, FY2024", "calc": "{calc}",
                     "operands": [{{"id": "tot", "value": "196,520", "role": "Total noninterest expense 2024", "cite": "t.csv#B8"}},
                                  {{"id": "fdic", "value": "6,830", "role": "FDIC insurance assessments 2024", "cite": "t.csv#B6"}}]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&sum("203,350", "tot + fdic")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    // The total less one of its lines is what the others come to.
    assert_eq!(
        route_and_codes(&sum("189,690", "tot - fdic")),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_profit_excluding_a_charge_adds_it_back() {
    let csv = "(in millions),,\n,Q3 2025,Q3 2024\nGross profit,729.2,643.9\n\
               Restructuring and other charges,22.5,4.1\nOperating income,236.6,201.3\n";
    let excl = |value: &str, calc: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "Operating income excluding restructuring and other charges, Q3 2025", "calc": "{calc}",
                     "operands": [{{"id": "oi", "value": "236.6", "role": "Operating income, Q3 2025", "cite": "t.csv#B5"}},
                                  {{"id": "r", "value": "22.5", "role": "Restructuring and other charges, Q3 2025", "cite": "t.csv#B4"}}]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&excl("214.1", "oi - r")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&excl("259.1", "oi + r")),
        (Route::Accept, vec![])
    );
}

/// An equity statement whose components are its columns.
const EQUITY: &str = "\"Kestrel Systems, Inc.\",,,,\n\
    Consolidated Statements of Stockholders' Equity,,,,\n\
    (In millions),,,,\n\
    ,Common Stock and Additional Paid-in Capital,Retained Earnings,Accumulated Other Comprehensive Income (Loss),Total Stockholders' Equity\n\
    \"Balance at June 30, 2023\",\"1,253.4\",715.1,(23.3),\"1,945.2\"\n\
    Net income,—,312.4,—,312.4\n\
    Other comprehensive income (loss),—,—,(9.6),(9.6)\n\
    \"Balance at June 30, 2024\",\"1,307.6\",864.9,(32.9),\"2,139.6\"\n";

#[test]
fn a_role_naming_no_column_of_its_row_does_not_say_which() {
    let said = |text: &str, role: &str, cite: &str| {
        over_csv(
            EQUITY,
            &format!(
                r#"{{"id": "k", "text": "{text}", "value": "864.9 million", "role": "{role}", "cites": ["t.csv#{cite}"]}}"#
            ),
        )
    };
    // Only the title's words besides the row's: every component column
    // fits, the shortest heading is not the claim's.
    let r = said(
        "Kestrel's balance at June 30, 2024 was $864.9 million.",
        "Balance at June 30, 2024",
        "C8",
    );
    assert_eq!(route_and_codes(&r), (Route::Review, vec!["ambiguous_role"]));
    // Naming the column says which.
    let r = said(
        "Retained earnings were $864.9 million at June 30, 2024.",
        "Retained earnings, June 30, 2024",
        "C8",
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
}

#[test]
fn a_dash_beside_the_cited_cell_is_no_rival() {
    // "Net income" prints a dash under the columns it does not touch.
    let r = over_csv(
        EQUITY,
        r#"{"id": "k", "value": "312.4 million", "role": "Net income, fiscal 2024", "cites": ["t.csv#C6"]}"#,
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
}

#[test]
fn an_earlier_amount_called_a_loss_is_held_to_the_lines_sign() {
    let csv = "(In millions),,\n,2024,2023\nOther comprehensive income (loss),(9.6),12.4\n";
    let said = |text: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "text": "{text}", "value": "9.6 million", "role": "Other comprehensive loss, fiscal 2024", "cites": ["t.csv#B3"]}}"#
            ),
        )
    };
    let r = said(
        "Other comprehensive loss of $9.6 million in fiscal 2024 compared with a $12.4 million loss in fiscal 2023.",
    );
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["contradicted"]));
    let r = said(
        "Other comprehensive loss of $9.6 million in fiscal 2024 compared with a $12.4 million gain in fiscal 2023.",
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
}

/// An income statement with the lines EBITDA is made of.
const EARNINGS: &str = "(in millions),,\n,2024,2023\nOperating income,602,542\nInterest expense,48,51\n\
    Income before income taxes,566,500\nIncome tax expense,119,110\nNet income,447,390\n\
    Depreciation and amortization,168,150\n";

#[test]
fn ebitda_adds_back_what_its_name_says() {
    let ebitda = |value: &str, calc: &str, operands: &[(&str, &str, &str, &str)]| {
        let operands: Vec<String> = operands
            .iter()
            .map(|(id, value, role, cell)| {
                format!(r#"{{"id": "{id}", "value": "{value}", "role": "{role}", "cite": "t.csv#{cell}"}}"#)
            })
            .collect();
        over_csv(
            EARNINGS,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "EBITDA, FY2024", "calc": "{calc}", "operands": [{}]}}"#,
                operands.join(", ")
            ),
        )
    };
    let ni = ("ni", "447", "Net income 2024", "B7");
    let da = ("da", "168", "Depreciation and amortization 2024", "B8");
    let r = ebitda("615", "ni + da", &[ni, da]);
    assert_eq!(
        route_and_codes(&r),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    let oi = ("oi", "602", "Operating income 2024", "B3");
    let r = ebitda("770", "oi + da", &[oi, da]);
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    let int = ("int", "48", "Interest expense 2024", "B4");
    let tax = ("tax", "119", "Income tax expense 2024", "B6");
    let r = ebitda("782", "ni + int + tax + da", &[ni, int, tax, da]);
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
}

#[test]
fn a_net_of_an_income_and_a_cost_takes_one_from_the_other() {
    let csv = "(€ in millions),,\n,2024,2023\nFinance income,14.2,11.0\nFinance costs,61.9,58.4\n";
    let net = |value: &str, calc: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "€{value}m", "role": "Net finance costs, FY2024", "calc": "{calc}",
                     "operands": [{{"id": "fc", "value": "61.9", "role": "Finance costs 2024", "cite": "t.csv#B4"}},
                                  {{"id": "fi", "value": "14.2", "role": "Finance income 2024", "cite": "t.csv#B3"}}]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&net("76.1", "fc + fi")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&net("47.7", "fc - fi")),
        (Route::Accept, vec![])
    );
}

#[test]
fn the_parts_of_a_total_are_of_its_date() {
    let csv = "(in millions),,\n,\"December 31, 2024\",\"December 31, 2023\"\n\
               Current borrowings,85.0,90.0\nNon-current borrowings,780.0,820.0\n";
    let total = |value: &str, nc: &str, cell: &str, year: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "Total borrowings, 31 December 2024", "calc": "cur + nc",
                     "operands": [{{"id": "cur", "value": "85.0", "role": "Current borrowings 31 December 2024", "cite": "t.csv#B3"}},
                                  {{"id": "nc", "value": "{nc}", "role": "Non-current borrowings 31 December {year}", "cite": "t.csv#{cell}"}}]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&total("905.0", "820.0", "C4", "2023")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&total("865.0", "780.0", "B4", "2024")),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_dollar_sign_in_a_table_of_canadian_dollars_is_a_canadian_dollar() {
    let csv = "Northwind Timber Products Ltd.,,\n(in thousands of Canadian dollars),,\n\
               ,Years ended June 30 2025,Years ended June 30 2024\n\
               Cash provided by operating activities,\"$ 120,380\",\"$ 98,450\"\n";
    let said = |value: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "Operating cash flow, FY2025", "cites": ["t.csv#B4"]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&said("US$120.4 million")),
        (Route::Reanswer, vec!["value_mismatch"])
    );
    assert_eq!(
        route_and_codes(&said("C$120.4 million")),
        (Route::Accept, vec![])
    );
}

#[test]
fn edged_up_to_is_a_movement_not_a_bound() {
    let csv = "(in millions),,,\n,2024,2023,2022\nOperating income,602,542,544\n";
    let said = |text: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "text": "{text}", "value": "$542 million", "role": "Operating income, FY2023", "cites": ["t.csv#C3"]}}"#
            ),
        )
    };
    let r = said("Operating income edged up to $542 million in 2023.");
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["contradicted"]));
    let r = said("Operating income edged down to $542 million in 2023.");
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
}

#[test]
fn a_year_named_operand_is_the_years_closing_balance() {
    let csv = "(in millions),,\n,2024,2023\nTotal current assets,\"2,262\",\"2,105\"\n\
               Total current liabilities,997,960\n";
    let ratio = |value: &str, year: &str, a: &str, b: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "Current ratio, Dec. 31, 2024", "calc": "a / b",
                     "operands": [{{"id": "a", "value": "{a}", "role": "Total current assets, {year}", "cite": "t.csv#{}3"}},
                                  {{"id": "b", "value": "{b}", "role": "Total current liabilities, {year}", "cite": "t.csv#{}4"}}]}}"#,
                if year == "2024" { "B" } else { "C" },
                if year == "2024" { "B" } else { "C" },
            ),
        )
    };
    assert_eq!(
        route_and_codes(&ratio("2.27", "2024", "2,262", "997")),
        (Route::Accept, vec![])
    );
    assert_eq!(
        route_and_codes(&ratio("2.19", "2023", "2,105", "960")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
}

/// Quarterly data with the years stacked: the year stands alone in the
/// label column of the row of dates.
const QUARTERS: &str = "Summit Ridge Realty Trust,,,,,\n\
    \"(in thousands, except per share amounts)\",,,,,\n\
    ,Three Months Ended,,,,Year Ended\n\
    2024,March 31,June 30,September 30,December 31,December 31\n\
    Total revenues,\"121,865\",\"124,480\",\"128,560\",\"131,885\",\"506,790\"\n\
    FFO per diluted share,0.60,0.63,0.66,0.66,2.56\n";

#[test]
fn a_year_alone_beside_a_row_of_dates_is_their_year() {
    let said = |role: &str, cite: &str| {
        over_csv(
            QUARTERS,
            &format!(
                r#"{{"id": "k", "value": "$128.6 million", "role": "{role}", "cites": ["t.csv#{cite}"]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&said("Total revenues, Q3 2024", "D5")),
        (Route::Accept, vec![])
    );
    assert_ne!(
        route_and_codes(&said("Total revenues, Q3 2023", "D5")).0,
        Route::Accept
    );
}

#[test]
fn a_years_sum_of_quarters_is_the_year_but_not_per_share() {
    let sum = |value: &str, role: &str, row: u8, quarters: [&str; 4]| {
        let operands: Vec<String> = ["B", "C", "D", "E"]
            .iter()
            .zip(quarters)
            .enumerate()
            .map(|(q, (col, v))| {
                format!(
                    r#"{{"id": "q{n}", "value": "{v}", "role": "{role}, Q{n} 2024", "cite": "t.csv#{col}{row}"}}"#,
                    n = q + 1
                )
            })
            .collect();
        over_csv(
            QUARTERS,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "{role}, full year 2024", "calc": "q1 + q2 + q3 + q4", "operands": [{}]}}"#,
                operands.join(", ")
            ),
        )
    };
    assert_eq!(
        route_and_codes(&sum(
            "506,790",
            "Total revenues",
            5,
            ["121,865", "124,480", "128,560", "131,885"]
        )),
        (Route::Accept, vec![])
    );
    assert_eq!(
        route_and_codes(&sum(
            "2.55",
            "FFO per diluted share",
            6,
            ["0.60", "0.63", "0.66", "0.66"]
        )),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
}

#[test]
fn the_other_way_in_parentheses_is_no_word_a_role_must_say() {
    let csv = "(in millions),,,\n,Americas,EMEA,Total\n\
               \"Fiscal 2024 (52 weeks ended September 28, 2024)\",,,\n\
               Total net sales,\"1,968.9\",\"1,002.5\",\"2,971.4\"\n\
               Segment operating income (loss),312.7,118.4,431.1\n";
    let said = |role: &str, value: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "${value} million", "role": "{role}", "cites": ["t.csv#B5"]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&said(
            "Americas segment operating income, fiscal 2024",
            "312.7"
        )),
        (Route::Accept, vec![])
    );
    assert_ne!(
        route_and_codes(&said("Americas total net sales, fiscal 2024", "312.7")).0,
        Route::Accept
    );
}

#[test]
fn cash_consumed_is_an_outflow() {
    let csv = "Northwind Timber Products Ltd.,,\nConsolidated Statements of Cash Flows,,\n\
               (in thousands of Canadian dollars),,\n,2025,2024\n\
               Changes in non-cash working capital:,,\n\
               Trade and other receivables,\"(12,480)\",\"(3,210)\"\n";
    let said = |text: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "text": "{text}", "value": "C$12.5 million", "role": "Change in trade and other receivables, FY2025", "cites": ["t.csv#B6"]}}"#
            ),
        )
    };
    let r = said("Higher receivables consumed C$12.5 million of cash in fiscal 2025.");
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    let r = said("Lower receivables gave C$12.5 million of cash in fiscal 2025.");
    assert_ne!(route_and_codes(&r).0, Route::Accept);
}

#[test]
fn a_combined_ratio_is_better_lower() {
    let csv = "(in thousands),,\n,2024,2023\nCombined ratio,94.0%,97.5%\n";
    let said = |text: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "text": "{text}", "value": "94.0%", "role": "Combined ratio, FY2024", "cites": ["t.csv#B3"]}}"#
            ),
        )
    };
    let r = said("The combined ratio improved to 94.0% in 2024.");
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
    let r = said("The combined ratio worsened to 94.0% in 2024.");
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["contradicted"]));
}

#[test]
fn operating_lease_liabilities_are_no_debt() {
    let csv = "(in millions),,\n,\"December 31, 2024\",\"December 31, 2023\"\n\
               Current portion of long-term debt,75,70\nLong-term debt,\"1,025\",980\n\
               Operating lease liabilities,248,231\n";
    let debt = |value: &str, calc: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "${value} million", "role": "Total debt, Dec 31, 2024", "calc": "{calc}",
                     "operands": [{{"id": "c", "value": "75", "role": "Current portion of long-term debt 2024", "cite": "t.csv#B3"}},
                                  {{"id": "l", "value": "1,025", "role": "Long-term debt 2024", "cite": "t.csv#B4"}},
                                  {{"id": "o", "value": "248", "role": "Operating lease liabilities 2024", "cite": "t.csv#B5"}}]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&debt("1,348", "c + l + o")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&debt("1,100", "c + l")),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_sum_whose_line_is_printed_must_state_the_printed_figure() {
    let csv = "(in millions),,,,\n,Americas,EMEA,Eliminations,Total\n\
               \"Fiscal 2024 (52 weeks ended September 28, 2024)\",,,,\n\
               Total net sales,\"1,968.9\",\"1,002.5\",(239.5),\"2,731.9\"\n";
    let total = |value: &str, calc: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "${value} million", "role": "Total net sales, fiscal 2024", "calc": "{calc}",
                     "operands": [{{"id": "a", "value": "1,968.9", "role": "Americas total net sales, FY2024", "cite": "t.csv#B4"}},
                                  {{"id": "e", "value": "1,002.5", "role": "EMEA total net sales, FY2024", "cite": "t.csv#C4"}},
                                  {{"id": "x", "value": "(239.5)", "role": "Eliminations, FY2024", "cite": "t.csv#D4"}}]}}"#
            ),
        )
    };
    // The segments summed without their eliminations: not the total the
    // note prints.
    assert_eq!(
        route_and_codes(&total("2,971.4", "a + e")),
        (Route::Reanswer, vec!["value_mismatch"])
    );
    assert_eq!(
        route_and_codes(&total("2,731.9", "a + e + x")),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_segment_named_by_its_column_heading_is_that_segment() {
    let csv = "(in millions),,,\n,Americas,EMEA,Total\n\
               \"Fiscal 2024 (52 weeks ended September 28, 2024)\",,,\n\
               Segment operating income (loss),312.7,118.4,431.1\n";
    let said = |role: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "$312.7 million", "role": "{role}", "cites": ["t.csv#B4"]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&said("Americas operating income, fiscal 2024")),
        (Route::Accept, vec![])
    );
    // The fiscal year ends in September: not the calendar year.
    assert_ne!(
        route_and_codes(&said("Americas operating income, calendar 2024")).0,
        Route::Accept
    );
}

#[test]
fn a_ratio_named_by_its_lines_divides_the_first_by_the_second() {
    let csv = "(in thousands),,\n,\"December 31, 2024\",\"December 31, 2023\"\n\
               \"Loans, net of deferred fees\",\"8,926,540\",\"8,400,000\"\n\
               Allowance for credit losses,\"(112,384)\",\"(101,000)\"\n\
               Total deposits,\"10,196,950\",\"9,800,000\"\nTotal assets,\"12,660,050\",\"12,205,870\"\n";
    let ratio = |value: &str,
                 role: &str,
                 calc: &str,
                 a: (&str, &str, &str),
                 b: (&str, &str, &str)| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "{role}", "calc": "{calc}",
                     "operands": [{{"id": "a", "value": "{}", "role": "{}", "cite": "t.csv#{}"}},
                                  {{"id": "b", "value": "{}", "role": "{}", "cite": "t.csv#{}"}}]}}"#,
                a.0, a.1, a.2, b.0, b.1, b.2
            ),
        )
    };
    let loans = ("8,926,540", "Loans, net, Dec 31, 2024", "B3");
    let deposits = ("10,196,950", "Total deposits, Dec 31, 2024", "B5");
    assert_eq!(
        route_and_codes(&ratio(
            "114.2%",
            "Loan-to-deposit ratio, Dec 31, 2024",
            "a / b",
            deposits,
            loans
        )),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&ratio(
            "87.5%",
            "Loan-to-deposit ratio, Dec 31, 2024",
            "a / b",
            loans,
            deposits
        )),
        (Route::Accept, vec![])
    );
    let allowance = (
        "(112,384)",
        "Allowance for credit losses, Dec 31, 2024",
        "B4",
    );
    let assets = ("12,660,050", "Total assets, Dec 31, 2024", "B6");
    assert_eq!(
        route_and_codes(&ratio(
            "0.89%",
            "Allowance for credit losses to total loans, Dec 31, 2024",
            "-a / b",
            allowance,
            assets
        )),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(
        route_and_codes(&ratio(
            "1.26%",
            "Allowance for credit losses to total loans, Dec 31, 2024",
            "-a / b",
            allowance,
            loans
        )),
        (Route::Accept, vec![])
    );
}

#[test]
fn adjusted_ebitda_of_the_ebitda_lines_alone_adjusts_nothing() {
    let r = over_csv(
        EARNINGS,
        r#"{"id": "k", "value": "770", "role": "Adjusted EBITDA, FY2024", "calc": "oi + da",
            "operands": [{"id": "oi", "value": "602", "role": "Operating income 2024", "cite": "t.csv#B3"},
                         {"id": "da", "value": "168", "role": "Depreciation and amortization 2024", "cite": "t.csv#B8"}]}"#,
    );
    assert_eq!(
        route_and_codes(&r),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    let r = over_csv(
        EARNINGS,
        r#"{"id": "k", "value": "770", "role": "EBITDA, FY2024", "calc": "oi + da",
            "operands": [{"id": "oi", "value": "602", "role": "Operating income 2024", "cite": "t.csv#B3"},
                         {"id": "da", "value": "168", "role": "Depreciation and amortization 2024", "cite": "t.csv#B8"}]}"#,
    );
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
}

#[test]
fn a_verb_that_moves_its_object_to_a_level_is_held_to_the_line() {
    let csv = "(in thousands),,\n,2024,2023\nResearch and development,\"(24,110)\",\"(22,640)\"\n";
    let said = |text: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "text": "{text}", "value": "$24.1 million", "role": "Research and development expense, FY2024", "cites": ["t.csv#B3"]}}"#
            ),
        )
    };
    let r =
        said("Birchwood cut research and development spending to $24.1 million in fiscal 2024.");
    assert_eq!(route_and_codes(&r), (Route::Reanswer, vec!["contradicted"]));
    let r =
        said("Birchwood raised research and development spending to $24.1 million in fiscal 2024.");
    assert_eq!(route_and_codes(&r), (Route::Accept, vec![]));
}

#[test]
fn a_lines_split_rows_do_not_hide_the_printed_line() {
    let csv = "(£m),,\n,2025,2024\nProfit before taxation,210.8,190.0\nTaxation,(53.9),(45.4)\n\
               Profit for the year,156.9,144.6\nProfit for the year attributable to:,,\n\
               Owners of the parent,150.2,139.0\nNon-controlling interests,6.7,5.6\n";
    let profit = |value: &str, calc: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "£{value}m", "role": "Profit for the year, FY2025", "calc": "{calc}",
                     "operands": [{{"id": "a", "value": "210.8", "role": "Profit before taxation, FY2025", "cite": "t.csv#B3"}},
                                  {{"id": "b", "value": "(53.9)", "role": "Taxation, FY2025", "cite": "t.csv#B4"}}]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&profit("264.7", "a - b")),
        (Route::Reanswer, vec!["value_mismatch"])
    );
    assert_eq!(
        route_and_codes(&profit("156.9", "a + b")),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_change_of_percentages_in_percent_is_no_change_in_points() {
    let csv = "(in millions),,\n,2024,2023\nRevenue,\"4,200\",\"3,900\"\nOperating income,602,542\n\
               Operating margin,14.3%,13.9%\n";
    let margin = |value: &str| {
        over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "text": "Operating margin rose {value} in 2024.", "value": "{value}", "role": "Change in operating margin, FY2024 vs FY2023", "calc": "a - b",
                     "operands": [{{"id": "a", "value": "14.3%", "role": "Operating margin, 2024", "cite": "t.csv#B5"}},
                                  {{"id": "b", "value": "13.9%", "role": "Operating margin, 2023", "cite": "t.csv#C5"}}]}}"#
            ),
        )
    };
    assert_eq!(
        route_and_codes(&margin("0.4%")),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    assert_eq!(route_and_codes(&margin("0.4 pp")), (Route::Accept, vec![]));
}

/// A table titled a sales change ("Worldwide Sales Change by Segment" over
/// "Organic sales | Translation | Total sales change", one year) holds
/// changes in its dated columns, and "organically" names the organic line.
#[test]
fn a_sales_change_tables_columns_are_changes_and_organically_is_organic() {
    let one = |text: &str, value: &str, role: &str, cite: &str| {
        let sources = r#"{"id": "sc.csv", "path": "../tests/fixtures/sales_change.csv"}"#;
        one_claim(sources, text, value, role, &format!("sc.csv#{cite}"))
    };
    accepted(&one(
        "The Consumer segment shrank 0.9% organically in 2022.",
        "0.9%",
        "Consumer segment shrank organically, 2022",
        "B4",
    ));
    accepted(&one(
        "Consumer total sales fell 3.9% in 2022.",
        "3.9%",
        "Consumer total sales change, 2022",
        "D4",
    ));
    // Near misses: the other way, another column, another year.
    produces(
        &one(
            "The Consumer segment grew 0.9% organically in 2022.",
            "0.9%",
            "Consumer segment grew organically, 2022",
            "B4",
        ),
        "sign_flip",
        Route::Reanswer,
    );
    produces(
        &one(
            "Consumer sales shrank 2.6% organically in 2022.",
            "2.6%",
            "Consumer sales shrank organically, 2022",
            "C4",
        ),
        "same_number_swap",
        Route::Reanswer,
    );
    // The column's year is 2022: a 2021 organic growth is another cell's.
    produces(
        &one("", "-0.9%", "Consumer organic growth, 2021", "B4"),
        "same_number_swap",
        Route::Reanswer,
    );
}

/// The way a line is named in its label decides what its sign means:
/// "(Gain) loss on disposal" prints a gain in parentheses, "investment
/// gains (losses)" a loss; and the way the sentence names the amount
/// right after it ("$12 million of other expense", "a C$1.9 million loss
/// on disposal") is held to it.
#[test]
fn a_lines_named_ways_and_the_noun_after_an_amount_say_its_sign() {
    let one = |text: &str, value: &str, role: &str, cite: &str| {
        let sources = r#"{"id": "t4.csv", "path": "../tests/adversarial/redteam9/t4.csv"},
            {"id": "t1.csv", "path": "../tests/adversarial/redteam9/t1.csv"}, "acme_income.csv""#;
        one_claim(sources, text, value, role, cite)
    };
    // "(Gain) loss on disposal of property, plant and equipment": (1,920)
    // in fiscal 2025 is a gain, 615 in 2024 a loss.
    let disposal = "on disposal of property, plant and equipment";
    accepted(&one(
        "Northwind recorded a C$1.9 million gain on disposal of equipment in fiscal 2025.",
        "C$1.9 million",
        &format!("Gain {disposal}, FY2025"),
        "t4.csv#B14",
    ));
    accepted(&one(
        "Northwind recorded a C$0.6 million loss on disposal of equipment in fiscal 2024.",
        "C$0.6 million",
        &format!("Loss {disposal}, FY2024"),
        "t4.csv#C14",
    ));
    produces(
        &one(
            "Northwind recorded a C$1.9 million loss on disposal of equipment in fiscal 2025.",
            "C$1.9 million",
            &format!("Loss {disposal}, FY2025"),
            "t4.csv#B14",
        ),
        "sign_flip",
        Route::Reanswer,
    );
    // "Other income (expense), net" is 12 in 2024 (income), -9 in 2023; the
    // role names both ways, the sentence one.
    let other = "Other income (expense), net";
    accepted(&one(
        "Acme booked $12 million of other income in 2024.",
        "$12 million",
        &format!("{other}, FY2024"),
        "acme_income.csv#B15",
    ));
    accepted(&one(
        "Acme booked $9 million of other expense in 2023.",
        "$9 million",
        &format!("{other}, FY2023"),
        "acme_income.csv#C15",
    ));
    produces(
        &one(
            "Acme booked $12 million of other expense in 2024.",
            "$12 million",
            &format!("{other}, FY2024"),
            "acme_income.csv#B15",
        ),
        "sign_flip",
        Route::Reanswer,
    );
    // "Net realized and unrealized investment gains (losses)": 12,380 in
    // 2024 is a gain, (8,640) in 2023 a loss, whatever the line's concept.
    accepted(&one(
        "Bellmont booked $8.6 million of net investment losses in 2023.",
        "$8.6 million",
        "Net realized and unrealized investment losses, FY2023",
        "t1.csv#C10",
    ));
    produces(
        &one(
            "Bellmont booked $12.4 million of net investment losses in 2024.",
            "$12.4 million",
            "Net realized and unrealized investment losses, FY2024",
            "t1.csv#B10",
        ),
        "sign_flip",
        Route::Reanswer,
    );
}

/// A change written after the value's own date with its year ("… at June
/// 30, 2024, a 21% decrease from June 30, 2023") says which way the line
/// moved.
#[test]
fn a_change_after_a_dated_value_says_which_way_it_moved() {
    let one = |text: &str| {
        let role = "Retained earnings, June 30, 2024";
        one_claim(KESTREL, text, "864.9 million", role, "kestrel.csv#C60")
    };
    accepted(&one(
        "Retained earnings were $864.9 million at June 30, 2024, a 21% increase from June 30, 2023.",
    ));
    produces(
        &one(
            "Retained earnings were $864.9 million at June 30, 2024, a 21% decrease from June 30, 2023.",
        ),
        "contradicted",
        Route::Reanswer,
    );
}

/// A working-capital line of a cash-flow statement is its balance's
/// change: "Accounts receivable -45" is a rise of the receivables (a use of
/// cash), "Accounts payable 22" a rise of the payables.
#[test]
fn a_working_capital_line_is_its_balances_change() {
    let one = |text: &str, value: &str, role: &str, cite: &str| {
        let cite = format!("acme_cashflow.csv#{cite}");
        one_claim(r#""acme_cashflow.csv""#, text, value, role, &cite)
    };
    accepted(&one(
        "Accounts receivable increased by $45 million in 2024, using cash.",
        "$45 million",
        "Change in accounts receivable, FY2024",
        "B14",
    ));
    accepted(&one(
        "Accounts payable increased by $22 million in 2024.",
        "$22 million",
        "Change in accounts payable, FY2024",
        "B17",
    ));
    produces(
        &one(
            "Accounts receivable decreased by $45 million in 2024, freeing up cash.",
            "$45 million",
            "Change in accounts receivable, FY2024",
            "B14",
        ),
        "sign_flip",
        Route::Reanswer,
    );
    produces(
        &one(
            "Accounts payable decreased by $22 million in 2024.",
            "$22 million",
            "Change in accounts payable, FY2024",
            "B17",
        ),
        "sign_flip",
        Route::Reanswer,
    );
}

/// A verb taking the value to a level named by its side ("improved to a
/// loss of $32.9 million") is held to the line's year before.
#[test]
fn a_move_to_a_level_named_by_its_side_is_held_to_the_year_before() {
    let one = |text: &str| {
        let role = "Accumulated other comprehensive loss, June 30, 2024";
        one_claim(KESTREL, text, "32.9 million", role, "kestrel.csv#D60")
    };
    // (23.3) at June 30, 2023, (32.9) a year later.
    accepted(&one(
        "AOCI worsened to a loss of $32.9 million at June 30, 2024.",
    ));
    produces(
        &one("AOCI improved to a loss of $32.9 million at June 30, 2024."),
        "contradicted",
        Route::Reanswer,
    );
}

/// A total under a caption ("Costs and expenses:" … "Total costs and
/// expenses") sums only the lines of its section: adding one of them to it
/// counts that line twice, while the line above the caption ("Revenue") is
/// no part of it.
#[test]
fn a_total_and_a_line_of_its_section_count_the_line_twice() {
    let one = |value: &str, role: &str, a: (&str, &str, &str), b: (&str, &str, &str)| {
        format!(
            r#"{{"id": "t", "sources": ["acme_income.csv"],
                "claims": [{{"id": "k", "value": "{value}", "role": "{role}", "calc": "a + b",
                  "operands": [{{"id": "a", "value": "{}", "role": "{}", "cite": "acme_income.csv#{}"}},
                               {{"id": "b", "value": "{}", "role": "{}", "cite": "acme_income.csv#{}"}}]}}]}}"#,
            a.0, a.1, a.2, b.0, b.1, b.2
        )
    };
    produces(
        &one(
            "$6,118 million",
            "Total costs and expenses including cost of revenue, FY2024",
            ("3,598", "Total costs and expenses, 2024", "B12"),
            ("2,520", "Cost of revenue, 2024", "B9"),
        ),
        "formula_mismatch",
        Route::Reanswer,
    );
    // Near miss: two lines of the section.
    accepted(&one(
        "$3,010 million",
        "Cost of revenue plus R&D, FY2024",
        ("2,520", "Cost of revenue, 2024", "B9"),
        ("490", "Research and development, 2024", "B10"),
    ));
}

/// A verb that moves the value to a level in a named year ("rose in 2023
/// to $380 million") is held to the line's year before.
#[test]
fn a_move_in_a_named_year_to_a_level_is_held_to_the_year_before() {
    let one = |text: &str| {
        format!(
            r#"{{"id": "t", "sources": ["acme_income.csv"],
                "claims": [{{"id": "k", "text": "{text}", "value": "$380 million", "role": "Net income, FY2023", "cites": ["acme_income.csv#C18"]}}]}}"#
        )
    };
    // 412 in 2022, 380 in 2023.
    accepted(&one("Net income fell in 2023 to $380 million."));
    produces(
        &one("Net income rose in 2023 to $380 million."),
        "contradicted",
        Route::Reanswer,
    );
}

/// A cash-flow statement's line that names no way of its own is read by
/// the statement's convention: a positive number adds to cash. A sentence
/// calling an add-back a cash outflow is a sign flip; an outflow printed
/// negative is one.
#[test]
fn a_cash_flow_line_without_a_way_is_read_by_its_sign() {
    let one = |text: &str, value: &str, role: &str, cite: &str| {
        let cite = format!("acme_cashflow.csv#{cite}");
        one_claim(r#""acme_cashflow.csv""#, text, value, role, &cite)
    };
    produces(
        &one(
            "Stock-based compensation was a $62 million cash outflow in 2024.",
            "$62 million",
            "Stock-based compensation, FY2024",
            "B11",
        ),
        "sign_flip",
        Route::Reanswer,
    );
    accepted(&one(
        "Purchases of property and equipment were a $210 million cash outflow in 2024.",
        "$210 million",
        "Purchases of property and equipment, FY2024",
        "B21",
    ));
}

/// A label naming its positive side in parentheses inside it ("Other
/// (income) expense, net") prints that side negative, and a "Less:" line
/// prints its deduction negative: the amount stated positive is the same.
#[test]
fn a_side_in_parentheses_and_a_less_line_print_their_amounts_negative() {
    let one = |text: &str, value: &str, role: &str, cite: &str| {
        let sources = r#"{"id": "t2.csv", "path": "../tests/adversarial/redteam11/t2.csv"},
            {"id": "t4.csv", "path": "../tests/adversarial/redteam11/t4.csv"}"#;
        one_claim(sources, text, value, role, cite)
    };
    // "Other (income) expense, net" (1,125) in the 13 weeks: income.
    accepted(&one(
        "Other income, net was $1.1 million in the quarter.",
        "$1.1 million",
        "Other income, net, 13 weeks ended Nov. 2, 2024",
        "t2.csv#B16",
    ));
    produces(
        &one(
            "Other expense, net was $1.1 million in the quarter.",
            "$1.1 million",
            "Other expense, net, 13 weeks ended Nov. 2, 2024",
            "t2.csv#B16",
        ),
        "sign_flip",
        Route::Reanswer,
    );
    // "Less: current maturities of long-term debt" (350.0).
    accepted(&one(
        "Current maturities of long-term debt were $350 million at Dec. 31, 2024.",
        "$350 million",
        "Current maturities of long-term debt, Dec. 31, 2024",
        "t4.csv#D19",
    ));
}

#[test]
fn a_number_of_prose_is_what_its_sentence_says() {
    // Acme's MD&A page: each number's line and year are read from its
    // sentence, with a quote or without one.
    let on_page = |value: &str, role: &str, quote: Option<&str>| {
        let quote = quote.map_or(String::new(), |q| format!(r#", "quote": "{q}""#));
        route_and_codes(&verify(&format!(
            r#"{{"id": "t", "sources": ["acme.pdf"], "claims": [{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["acme.pdf#p5"]{quote}}}]}}"#
        )))
    };
    let accept = (Route::Accept, vec![]);
    let review = (Route::Review, vec!["ambiguous_role"]);
    for (value, role, quote) in [
        ("$380 million", "Net income, FY2023", None),
        (
            "$380 million",
            "Net income, FY2023",
            Some("compared with $380 million"),
        ),
        ("$52 million", "Interest expense, FY2023", None),
        ("$1,150 million", "Total debt, December 31, 2023", None),
        ("$2.33", "Diluted EPS, FY2024", None),
        ("21.0%", "Effective tax rate, FY2023", None),
        (
            "21.0%",
            "Effective tax rate, FY2024",
            Some("effective tax rate was"),
        ),
        (
            "$558 million",
            "Net cash provided by operating activities, FY2023",
            None,
        ),
        (
            "$780 million",
            "Cash and cash equivalents, December 31, 2024",
            None,
        ),
        ("13.9%", "Operating margin, FY2023", None),
    ] {
        assert_eq!(on_page(value, role, quote), accept, "{value} as {role}");
    }
    // Near misses: the same numbers in another year, line, unit or way.
    for (value, role) in [
        ("$380 million", "Net income, FY2024"),
        ("$52 million", "Interest expense, FY2024"),
        ("$1,150 million", "Total debt, December 31, 2024"),
        ("$1.95", "Net income, FY2023"),
        ("11.1%", "Operating income, FY2024"),
        ("$542 million", "Operating income, FY2024"),
        ("60.0%", "Revenue, FY2024"),
        ("$2.33", "Basic EPS, FY2024"),
        ("$447 million", "Net loss, FY2024"),
        ("$447 million", "Adjusted net income, FY2024"),
        (
            "$558 million",
            "Net cash provided by operating activities, FY2024",
        ),
        ("13.9%", "Operating margin, FY2024"),
    ] {
        assert_eq!(on_page(value, role, None), review, "{value} as {role}");
    }
    // A segment's sentence under its heading reads like the company's
    // line; the report's tables tell the two apart.
    let filing = r#"{"id": "f.htm", "path": "../tests/fixtures/prose_segment.htm"}"#;
    let said = |value: &str| {
        verify(&one_claim(
            filing,
            "",
            value,
            "Net sales, FY2021",
            "f.htm#p2",
        ))
    };
    let report = said("$3,700 million");
    assert_eq!(route_and_codes(&report), review);
    assert!(
        claim(&report).findings[0].message.contains(
            "the report's tables give that line another value (f.htm#p1t1!B3 holds 14,082)"
        ),
        "{:#?}",
        claim(&report).findings
    );
    assert_eq!(route_and_codes(&said("$14,082 million")), accept);
    let at = |value: &str, role: &str, page: &str| {
        route_and_codes(&verify(&one_claim(
            filing,
            "",
            value,
            role,
            &format!("f.htm#{page}"),
        )))
    };
    // "… were $704 million and $673 million, respectively" after a list
    // of years: each amount is its year's.
    assert_eq!(
        at(
            "$673 million",
            "Dividends paid to common shareholders, FY2020",
            "p6"
        ),
        accept
    );
    assert_eq!(
        at(
            "$673 million",
            "Dividends paid to common shareholders, FY2021",
            "p6"
        ),
        review
    );
    // "… had approximately $2.1 billion in cash and cash equivalents":
    // what the company holds, named after the amount.
    assert_eq!(
        at(
            "$2.1 billion",
            "Cash and cash equivalents, December 31, 2021",
            "p6"
        ),
        accept
    );
    assert_eq!(
        at("$2.1 billion", "Total debt, December 31, 2021", "p6"),
        review
    );
    // A page whose table holds the number nowhere, but whose text writes
    // it: the text's number, never a value_mismatch against the table.
    assert_eq!(
        at(
            "$1,532 million",
            "Increase in gross margin, FY2021 vs FY2020",
            "p3"
        ),
        accept
    );
    assert_eq!(at("$1,532 million", "Gross margin, FY2021", "p3"), review);
    // A change in points is no percent change, and the other way round.
    assert_eq!(
        at("5%", "Gross margin growth, FY2021 vs FY2020", "p3"),
        review
    );
    assert_eq!(
        at(
            "5 percentage points",
            "Gross margin percentage change, FY2021 vs FY2020",
            "p3"
        ),
        accept
    );
    // "$7.2 billion at December 31, 2021 and $7.8 billion at December 31,
    // 2020": each amount its own date; a quote naming both dates is no
    // longer enough.
    assert_eq!(
        at("$7.8 billion", "Long-term debt, December 31, 2020", "p3"),
        accept
    );
    assert_eq!(
        at("$7.8 billion", "Long-term debt, December 31, 2021", "p3"),
        review
    );
    // A heading that is a period ("2020 v. 2019") dates what is under it.
    assert_eq!(
        at(
            "$431 million",
            "Increase in cost of sales, FY2020 vs FY2019",
            "p4"
        ),
        accept
    );
    assert_eq!(
        at(
            "$431 million",
            "Increase in cost of sales, FY2021 vs FY2020",
            "p4"
        ),
        review
    );
    assert_eq!(
        at(
            "$1,247 million",
            "Increase in cost of sales, FY2021 vs FY2020",
            "p4"
        ),
        accept
    );
    // A segment's change under its table ("information for Display
    // Technologies:") reads like the company's: the statements give the
    // company's line another change (14,082 against 11,303).
    let change = verify(&one_claim(
        filing,
        "net sales increased $500 million",
        "$500 million",
        "Increase in net sales, FY2021 vs FY2020",
        "f.htm#p5",
    ));
    assert_eq!(route_and_codes(&change), review);
    assert!(
        claim(&change).findings[0]
            .message
            .contains("f.htm#p1t1!B3 holds 14,082 and f.htm#p1t1!C3 holds 11,303"),
        "{:#?}",
        claim(&change).findings
    );
    // Near miss: the company's change on the same page, which the
    // statements give.
    assert_eq!(
        at(
            "$2,779 million",
            "Increase in net sales, FY2021 vs FY2020",
            "p5"
        ),
        accept
    );
    // The segment's table: its cells are the segment's, not the company's.
    assert_ne!(at("$3,700 million", "Net sales, FY2021", "p5t1!B4"), accept);
    assert_eq!(
        at(
            "$3,700 million",
            "Display Technologies net sales, FY2021",
            "p5t1!B4"
        ),
        accept
    );
}

#[test]
fn a_calculation_s_operands_are_dated_by_their_cells() {
    // "Q3 2024" names a quarter; the cell's column dates it (three months
    // ended September 30, 2024): a growth named by those dates is that
    // growth.
    let growth = |role: &str, value: &str, now: &str, before: &str| {
        route_and_codes(&verify(&format!(
            r#"{{"id": "t", "sources": ["dunmore_income.csv"], "claims": [{{"id": "k", "value": "{value}",
                "role": "{role}", "calc": "(a - b) / b", "operands": [
                {{"id": "a", "value": "63,232", "role": "Total revenue, Q3 2024", "cite": "dunmore_income.csv#{now}"}},
                {{"id": "b", "value": "54,980", "role": "Total revenue, Q3 2023", "cite": "dunmore_income.csv#{before}"}}]}}]}}"#
        )))
    };
    assert_eq!(
        growth(
            "Total revenue growth, three months ended September 30, 2024 vs 2023",
            "15.0%",
            "B12",
            "C12"
        ),
        (Route::Accept, vec![])
    );
    // Near miss: the nine months named, the quarter computed.
    assert_ne!(
        growth(
            "Total revenue growth, nine months ended September 30, 2024 vs 2023",
            "15.0%",
            "B12",
            "C12"
        )
        .0,
        Route::Accept
    );
}

#[test]
fn a_reconciliation_s_add_mark_is_not_the_line_s_name() {
    let csv = "(in thousands),,\n,Fiscal 2025,Fiscal 2024\nNet income,\"84,600\",\"61,200\"\n\
               Add: Stock-based compensation expense,\"38,900\",\"35,200\"\n\
               Add: Depreciation and amortization,\"72,500\",\"68,100\"\n\
               Adjusted net income,\"196,000\",\"164,500\"\n";
    let said = |value: &str, role: &str, cite: &str| {
        route_and_codes(&over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["t.csv#{cite}"]}}"#
            ),
        ))
    };
    assert_eq!(
        said(
            "$38.9 million",
            "Stock-based compensation expense, fiscal 2025",
            "B4"
        ),
        (Route::Accept, vec![])
    );
    // Near miss: the mark gone, the line is still its own.
    assert_ne!(
        said(
            "$72.5 million",
            "Stock-based compensation expense, fiscal 2025",
            "B5"
        )
        .0,
        Route::Accept
    );
}

#[test]
fn a_comprehensive_income_line_naming_no_way_is_read_by_its_sign() {
    // Under "Other comprehensive income" (or IFRS's "Items that may be
    // reclassified … to profit or loss"), a line naming no way adds to
    // comprehensive income when positive (a gain) and takes from it when
    // negative (a loss).
    let source = r#"{"id": "oci.csv", "path": "../tests/fixtures/oci.csv"}"#;
    let said = |text: &str, value: &str, cell: &str| {
        route_and_codes(&verify(&one_claim(
            source,
            text,
            value,
            "Cash flow hedges - fair value movements",
            &format!("oci.csv#{cell}"),
        )))
    };
    assert_eq!(
        said(
            "Cash flow hedges produced a £4.9m loss in FY2025.",
            "£4.9m",
            "B10"
        ),
        (Route::Reanswer, vec!["sign_flip"])
    );
    // Near misses: the gain it is, and the prior year's loss.
    assert_eq!(
        said(
            "Cash flow hedges produced a £4.9m gain in FY2025.",
            "£4.9m",
            "B10"
        ),
        (Route::Accept, vec![])
    );
    assert_eq!(
        said(
            "Cash flow hedges produced a £7.8m loss in FY2024.",
            "£7.8m",
            "C10"
        ),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_line_of_other_comprehensive_income_adds_what_it_prints() {
    // Under an OCI caption a line is printed as what it adds to the total,
    // whatever its label says: "actuarial loss … 4" adds 4.
    let source = r#"{"id": "oci_us.csv", "path": "../tests/fixtures/oci_us.csv"}"#;
    let said = |text: &str, value: &str, role: &str, cell: &str| {
        route_and_codes(&verify(&one_claim(
            source,
            text,
            value,
            role,
            &format!("oci_us.csv#{cell}"),
        )))
    };
    let translation = "Foreign currency translation adjustments in OCI, FY2025";
    assert_eq!(
        said(
            "Foreign currency translation knocked $27.4 million off other comprehensive income in 2025.",
            "$27.4 million",
            translation,
            "B7"
        ),
        (Route::Reanswer, vec!["sign_flip"])
    );
    let pension = "Defined benefit pension plan actuarial loss, OCI net of tax, FY2025";
    assert_eq!(
        said(
            "The pension plan line reduced the company's other comprehensive income by $4 thousand in 2025.",
            "$4 thousand",
            pension,
            "B8"
        ),
        (Route::Reanswer, vec!["sign_flip"])
    );
    // Near misses: the way it is printed, either way; a sentence that
    // names no effect on OCI; the total, a level.
    assert_eq!(
        said(
            "Foreign currency translation added $27.4 million to other comprehensive income in 2025.",
            "$27.4 million",
            translation,
            "B7"
        ),
        (Route::Accept, vec![])
    );
    assert_eq!(
        said(
            "Foreign currency translation reduced other comprehensive income by $5.5 million in 2024.",
            "$5.5 million",
            "Foreign currency translation adjustments in OCI, FY2024",
            "C7"
        ),
        (Route::Accept, vec![])
    );
    assert_eq!(
        said(
            "Currency translation cut other comprehensive income by $5.5 million in 2024.",
            "$5.5 million",
            "Foreign currency translation adjustments in OCI, FY2024",
            "C7"
        ),
        (Route::Accept, vec![])
    );
    assert_eq!(
        said(
            "The pension plan line added $4 thousand to other comprehensive income in 2025.",
            "$4 thousand",
            pension,
            "B8"
        ),
        (Route::Accept, vec![])
    );
    assert_eq!(
        said(
            "Total other comprehensive income was $28.0 million in 2025, which reduced nothing.",
            "$28.0 million",
            "Total other comprehensive income, FY2025",
            "B10"
        ),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_sentence_s_amount_without_a_scale_is_that_many_units() {
    // "$184,512" in a sentence is a hundred and eighty-four thousand
    // dollars; the statement's 184,512 is in thousands ($184.5 million).
    let source = r#""birchwood_income.csv""#;
    let said = |text: &str, value: &str, role: &str, cell: &str| {
        route_and_codes(&verify(&one_claim(
            source,
            text,
            value,
            role,
            &format!("birchwood_income.csv#{cell}"),
        )))
    };
    let revenue = "Revenue, FY ended June 30, 2024";
    assert_eq!(
        said(
            "Birchwood's revenue was $184,512 in fiscal 2024.",
            "$184,512",
            revenue,
            "B7"
        ),
        (Route::Reanswer, vec!["scale_mismatch"])
    );
    let shares = "Diluted weighted-average shares, fiscal 2024";
    assert_eq!(
        said(
            "Birchwood used 49,020 diluted shares in computing fiscal 2024 EPS.",
            "49,020 shares",
            shares,
            "B28"
        ),
        (Route::Reanswer, vec!["scale_mismatch"])
    );
    // A count of shares whose noun comes a few words after it.
    assert_eq!(
        said(
            "Birchwood had 49,020 diluted weighted-average shares in fiscal 2024.",
            "49,020",
            shares,
            "B28"
        ),
        (Route::Reanswer, vec!["scale_mismatch"])
    );
    // Near misses: the scale written; the digits as printed where no
    // sentence writes them (a trace's value, an operand); a count whose
    // sentence says its table's thousands.
    assert_eq!(
        said(
            "Birchwood had 49,020 diluted weighted-average shares (in thousands) in fiscal 2024.",
            "49,020",
            shares,
            "B28"
        ),
        (Route::Accept, vec![])
    );
    assert_eq!(
        said(
            "Birchwood's revenue was $184.5 million in fiscal 2024.",
            "$184.5 million",
            revenue,
            "B7"
        ),
        (Route::Accept, vec![])
    );
    assert_eq!(said("", "$184,512", revenue, "B7"), (Route::Accept, vec![]));
    assert_eq!(
        said(
            "Birchwood used 49.0 million diluted shares in computing fiscal 2024 EPS.",
            "49.0 million shares",
            shares,
            "B28"
        ),
        (Route::Accept, vec![])
    );
}

#[test]
fn the_filers_name_in_a_role_names_its_report_not_a_line() {
    // The cover names the filer ("HARROW WIDGETS, INC." above "(Exact
    // name of registrant …)"): a role naming it ("Harrow net sales") is
    // about that report; another company's name is still a word the
    // report does not say.
    let filing = r#"{"id": "f.htm", "path": "../tests/fixtures/filer_cover.htm"}"#;
    let at = |value: &str, role: &str, cite: &str| {
        route_and_codes(&verify(&one_claim(filing, "", value, role, cite)))
    };
    let accept = (Route::Accept, vec![]);
    assert_eq!(
        at(
            "$14,082 million",
            "Harrow Widgets net sales, FY2021",
            "f.htm#p3"
        ),
        accept
    );
    assert_ne!(
        at("$14,082 million", "Kestrel net sales, FY2021", "f.htm#p3").0,
        Route::Accept
    );
    assert_eq!(
        at(
            "$5,063 million",
            "Harrow gross profit, FY2021",
            "f.htm#p2t1!B5"
        ),
        accept
    );
    assert_ne!(
        at(
            "$5,063 million",
            "Kestrel gross profit, FY2021",
            "f.htm#p2t1!B5"
        )
        .0,
        Route::Accept
    );
}

#[test]
fn a_metric_stated_over_its_cited_inputs_is_computed() {
    let filing = r#"{"id": "f.htm", "path": "../tests/fixtures/filer_cover.htm"}"#;
    let over = |value: &str, role: &str, a: &str, b: &str| {
        route_and_codes(&verify(&format!(
            r#"{{"id": "t", "sources": [{filing}],
                "claims": [{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["f.htm#p2t1!{a}", "f.htm#p2t1!{b}"]}}]}}"#
        )))
    };
    let accept = (Route::Accept, vec![]);
    // 5,063 / 14,082 = 35.95%.
    assert_eq!(
        over("36.0%", "Harrow gross margin, FY2021", "B5", "B3"),
        accept
    );
    assert_eq!(over("36%", "Gross margin, 2021", "B3", "B5"), accept);
    // 2,110 / 14,082 = 14.98%.
    assert_eq!(
        over("15.0%", "Operating margin, FY2021", "B6", "B3"),
        accept
    );
    // 3,531 / 11,303 = 31.24%, the year before's.
    assert_eq!(over("31.2%", "Gross margin, FY2020", "C5", "C3"), accept);
    // The inputs, but another result: the arithmetic is wrong.
    let (route, codes) = over("38.0%", "Gross margin, FY2021", "B5", "B3");
    assert_eq!(route, Route::Reanswer);
    assert_eq!(codes, vec!["arithmetic_mismatch"]);
    // Near misses, never accepted: cost over revenue stated as the margin,
    // the year before's inputs, a margin over operating income, another
    // company's name, a margin with no period.
    for (value, role, a, b) in [
        ("64.0%", "Gross margin, FY2021", "B4", "B3"),
        ("36.0%", "Gross margin, FY2020", "B5", "B3"),
        ("31.2%", "Gross margin, FY2021", "C5", "C3"),
        ("41.7%", "Operating margin, FY2021", "B6", "B5"),
        ("36.0%", "Kestrel gross margin, FY2021", "B5", "B3"),
        ("36.0%", "Gross margin", "B5", "B3"),
    ] {
        assert_ne!(
            over(value, role, a, b).0,
            Route::Accept,
            "{value} as {role}"
        );
    }
}

#[test]
fn a_percent_change_in_the_text_is_read_as_the_lines_change() {
    let filing = r#"{"id": "f.htm", "path": "../tests/fixtures/prose_changes.htm"}"#;
    let at = |value: &str, role: &str| {
        route_and_codes(&verify(&one_claim(filing, "", value, role, "f.htm#p2")))
    };
    let accept = (Route::Accept, vec![]);
    // "Net income of $1,690 million increased by $525 million, or 45%",
    // a list item; "… a decrease of 39%".
    assert_eq!(at("45%", "Net income growth, 2021 vs 2020"), accept);
    assert_eq!(at("45%", "Net income, % change 2021 vs 2020"), accept);
    assert_eq!(at("39%", "Operating income, % change 2021 vs 2020"), accept);
    assert_eq!(at("39%", "Operating income decline, FY2021"), accept);
    // Near misses: another span, another line, a segment's figure, an
    // adjusted figure, never accepted.
    for (value, role) in [
        ("39%", "Operating income, % change 2021 vs 2019"),
        ("39%", "Net sales, % change 2021 vs 2020"),
        ("45%", "Operating income, % change 2021 vs 2020"),
        ("77%", "Net sales, % change 2021 vs 2020"),
        ("$310 million", "Increase in operating income, 2021 vs 2020"),
    ] {
        assert_ne!(at(value, role).0, Route::Accept, "{value} as {role}");
    }
}

#[test]
fn a_basis_in_a_title_does_not_adjust_the_tables_lines() {
    // "Reconciliation of net income to Adjusted EBITDA": its net income is
    // the reported one.
    let at = |value: &str, role: &str, cell: &str| on_fixture("recon.csv", value, role, cell);
    let accept = (Route::Accept, vec![]);
    assert_ne!(
        at("$213 million", "Adjusted net income, 2021", "B3").0,
        Route::Accept
    );
    assert_ne!(
        at("$213 million", "Net income (non-GAAP), 2021", "B3").0,
        Route::Accept
    );
    // Near misses: the reported line as reported, the adjusted line as
    // adjusted.
    assert_eq!(at("$213 million", "Net income, 2021", "B3"), accept);
    assert_eq!(at("$313 million", "Adjusted EBITDA, 2021", "B5"), accept);
}

#[test]
fn a_line_the_consolidated_statement_prints_larger_is_not_confirmed_elsewhere() {
    // A discussion's table of one segment, its name in a heading pages
    // before, prints the company's line names: "Total operating revenues"
    // there (95,300) is not the statement's (133,613).
    let at =
        |value: &str, role: &str, cell: &str| on_fixture("segment_pages.htm", value, role, cell);
    let (route, codes) = at(
        "$95,300 million",
        "Total operating revenues, 2021",
        "p2t1!B4",
    );
    assert_eq!(route, Route::Review);
    assert_eq!(codes, vec!["ambiguous_role"]);
    let accept = (Route::Accept, vec![]);
    // Near misses: the statement itself, and another table printing the
    // statement's own value.
    assert_eq!(
        at(
            "$133,613 million",
            "Total operating revenues, 2021",
            "p1t1!B3"
        ),
        accept
    );
    assert_eq!(
        at(
            "$133,613 million",
            "Total operating revenues, 2021",
            "p3t1!B3"
        ),
        accept
    );
}

#[test]
fn a_line_or_change_the_consolidated_statement_gives_otherwise_is_not_the_companys() {
    // A segment's "Operating Expenses" table (its segment named pages
    // before) prints the company's line names. The statement gives "Cost of
    // services" 31,234, not 16,581; "Total Operating Expenses" changed by
    // (101,165 - 99,494) / 99,494 = 1.7%, not 9.5%.
    let at =
        |value: &str, role: &str, cell: &str| on_fixture("segment_changes.htm", value, role, cell);
    let unsure = (Route::Review, vec!["ambiguous_role"]);
    assert_eq!(
        at("$16,581 million", "Cost of services, 2021", "p2t1!B4"),
        unsure
    );
    assert_eq!(
        at(
            "9.5%",
            "Total operating expenses, % change 2021 vs 2020",
            "p2t1!E6"
        ),
        unsure
    );
    assert_eq!(
        at(
            "$5,668 million",
            "Increase in total operating expenses, 2021 vs 2020",
            "p2t1!D6"
        ),
        unsure
    );
    // Near misses: a discussion's table that gives the statement's own
    // amounts and changes (the change worked from rounded amounts: 1.68%).
    let accept = (Route::Accept, vec![]);
    assert_eq!(
        at("$31,234 million", "Cost of services, 2021", "p3t1!B4"),
        accept
    );
    assert_eq!(
        at(
            "1.7%",
            "Total operating expenses, % change 2021 vs 2020",
            "p3t1!E5"
        ),
        accept
    );
    assert_eq!(
        at(
            "$1,671 million",
            "Increase in total operating expenses, 2021 vs 2020",
            "p3t1!D5"
        ),
        accept
    );
}

#[test]
fn a_change_over_a_table_cited_whole_is_computed_from_its_one_pair() {
    let source = r#"{"id": "c.csv", "path": "../tests/fixtures/cash_levels.csv"}"#;
    let at = |value: &str, role: &str| {
        route_and_codes(&verify(&one_claim(source, "", value, role, "c.csv")))
    };
    // 928 / 1,000 - 1 = -7.2%.
    assert_eq!(
        at("7.2%", "Decline in operating cash flow, 2023 vs 2022"),
        (Route::Accept, vec![])
    );
    let (route, codes) = at("8.0%", "Decline in operating cash flow, 2023 vs 2022");
    assert_eq!(route, Route::Reanswer);
    assert_eq!(codes, vec!["arithmetic_mismatch"]);
    // Near miss: another line's change is not this one's.
    assert_ne!(
        at("7.2%", "Decline in capital expenditures, 2023 vs 2022").0,
        Route::Accept
    );
}

#[test]
fn a_caption_labelling_a_measure_outside_gaap_adjusts_none_of_its_lines() {
    // "Free Cash Flow (non-GAAP measure)" over "Net income attributable to
    // 3M": the caption labels free cash flow; the net income is reported.
    let at =
        |value: &str, role: &str, cell: &str| on_fixture("fcf_sections.csv", value, role, cell);
    assert_ne!(
        at("$5,349 million", "Adjusted net income, 2018", "B7").0,
        Route::Accept
    );
    assert_ne!(
        at("$5,349 million", "Net income (non-GAAP), 2018", "B7").0,
        Route::Accept
    );
    assert_eq!(
        at("$5,349 million", "Net income, 2018", "B7"),
        (Route::Accept, vec![])
    );
}

#[test]
fn free_cash_flow_over_its_cited_inputs_takes_capital_expenditures_as_paid() {
    // Capital expenditures printed (1,577) are 1,577 paid: 6,439 - 1,577.
    let source = r#"{"id": "f.csv", "path": "../tests/fixtures/fcf_sections.csv"}"#;
    let over = |value: &str| {
        route_and_codes(&verify(&format!(
            r#"{{"id": "t", "sources": [{source}],
                "claims": [{{"id": "k", "value": "{value}", "role": "Free cash flow, 2018", "cites": ["f.csv#B4", "f.csv#B5"]}}]}}"#
        )))
    };
    assert_eq!(over("$4,862 million"), (Route::Accept, vec![]));
    // Near miss: the outflow added back is not free cash flow.
    let (route, codes) = over("$8,016 million");
    assert_eq!(route, Route::Reanswer);
    assert_eq!(codes, vec!["arithmetic_mismatch"]);
}

#[test]
fn a_calculation_over_its_cites_printed_numbers_is_checked_as_one() {
    let growth = |stated: &str, calc: &str, role: &str, cites: &str| {
        acme(&format!(
            r#"{{"value": "{stated}", "role": "{role}", "calc": "{calc}", "cites": [{cites}]}}"#
        ))
    };
    let both = r#""acme.xlsx#IS!B7", "acme.xlsx#IS!C7""#;
    let role = "Revenue growth, 2024 vs 2023";
    accepted(&growth("7.7%", "(4200 - 3900) / 3900 = 0.0769", role, both));
    // Near misses: the arithmetic is wrong; the cites are listed in the
    // other order (each number is held to the cell in its place); the role
    // writes no shape the operands could take theirs from.
    produces(
        &growth("8.2%", "(4200 - 3900) / 3900", role, both),
        "arithmetic_mismatch",
        Route::Reanswer,
    );
    let swapped = r#""acme.xlsx#IS!C7", "acme.xlsx#IS!B7""#;
    let report = verify(&growth("7.7%", "(4200 - 3900) / 3900", role, swapped));
    assert_ne!(claim(&report).route, Route::Accept);
    assert!(codes(claim(&report)).contains(&"value_mismatch"));
    produces(
        &growth("7.7%", "(4200 - 3900) / 3900", "Revenue, FY2024", both),
        "ambiguous_role",
        Route::Review,
    );
    // A ratio "A / B" over the two cells.
    accepted(&growth(
        "60.0%",
        "2520 / 4200",
        "Cost of revenue / revenue, FY2024",
        r#""acme.xlsx#IS!B9", "acme.xlsx#IS!B7""#,
    ));
    // A metric with its formula in parentheses: the operands are the
    // formula's lines, of the period after it.
    let margin = r#""acme.xlsx#IS!B9", "acme.xlsx#IS!B7""#;
    accepted(&growth(
        "60.0%",
        "2520 / 4200",
        "Acme cost ratio (cost of revenue / revenue), FY2024",
        margin,
    ));
    // Near miss: the formula's lines are the other way round from the cites.
    assert_ne!(
        claim(&verify(&growth(
            "60.0%",
            "2520 / 4200",
            "Acme cost ratio (revenue / cost of revenue), FY2024",
            margin,
        )))
        .route,
        Route::Accept
    );
}

#[test]
fn a_loss_the_sentence_says_must_be_the_pages_loss() {
    let filing = r#"{"id": "f.htm", "path": "../tests/fixtures/loss_prose.htm"}"#;
    let at = |text: &str, value: &str| {
        let answer = format!(
            r#"{{"id": "t", "sources": [{filing}],
                "claims": [{{"id": "k", "text": "{text}", "value": "{value}", "role": "Macau Adjusted Property EBITDAR, Q2 2023", "cites": ["f.htm#p2"],
                             "quote": "Macau Adjusted Property EBITDAR was $209 million for the three months ended June 30, 2023"}}]}}"#
        );
        route_and_codes(&verify(&answer)).0
    };
    assert_eq!(
        at(
            "Macau posted Adjusted Property EBITDAR of $209 million in Q2 2023.",
            "$209 million"
        ),
        Route::Accept
    );
    // The page says a profit of $209 million; the sentence, a loss.
    assert_ne!(
        at(
            "Macau posted an Adjusted Property EBITDAR loss of $209 million in Q2 2023.",
            "$209 million"
        ),
        Route::Accept
    );
}

#[test]
fn an_acronym_the_row_spells_out_names_the_row() {
    let said = |value: &str, role: &str, cell: &str| on_fixture("acronyms.csv", value, role, cell);
    // "FHLB" is the initials of "Federal Home Loan Bank".
    assert_eq!(
        said("$650 million", "FHLB advances, December 31, 2024", "B7"),
        (Route::Accept, vec![])
    );
    // Near misses: the acronym's row is another ("Federal funds purchased"
    // spells "FFP"), though its words begin alike; an acronym no run of the
    // row's words spells ("FHB") is not shown; the other year's cell.
    assert_ne!(
        said("$120 million", "FHLB advances, December 31, 2024", "B6").0,
        Route::Accept
    );
    assert_ne!(
        said("$650 million", "FHB advances, December 31, 2024", "B7").0,
        Route::Accept
    );
    assert_ne!(
        said("$725 million", "FHLB advances, December 31, 2024", "C7").0,
        Route::Accept
    );
}

#[test]
fn a_segment_note_names_each_segment_by_its_own_heading() {
    // Amazon's Note 10: headings "North America", "International", "AWS"
    // (each over a paragraph of prose), then the lead-in and the table,
    // whose row groups are captioned "North America", "International",
    // "AWS" and "Consolidated". "AWS" is a segment's name, not a heading
    // over the rest of the table, and the heading above the prose titles
    // the prose, not the table.
    let at = |value: &str, role: &str, cell: &str| {
        on_fixture("html/amzn-segments-excerpt.htm", value, role, cell)
    };
    let accept = (Route::Accept, vec![]);
    assert_eq!(
        at(
            "$107,556 million",
            "AWS segment net sales, 2024",
            "p2t1!D16"
        ),
        accept
    );
    assert_eq!(
        at(
            "$39,834 million",
            "AWS segment operating income, 2024",
            "p2t1!D18"
        ),
        accept
    );
    assert_eq!(
        at(
            "$637,959 million",
            "Consolidated net sales, 2024",
            "p2t1!D20"
        ),
        accept
    );
    // Near misses: another segment's line, and the consolidated line, are
    // not AWS's.
    assert_ne!(
        at("$387,497 million", "AWS segment net sales, 2024", "p2t1!D8").0,
        Route::Accept
    );
    assert_ne!(
        at(
            "$637,959 million",
            "AWS segment net sales, 2024",
            "p2t1!D20"
        )
        .0,
        Route::Accept
    );
    // A segment's "Net sales" (tagged with its member) is not the line a
    // claim naming no segment means: the caption names the member.
    assert_ne!(
        at(
            "$387,497 million",
            "Consolidated net sales, 2024",
            "p2t1!D8"
        )
        .0,
        Route::Accept
    );
}

#[test]
fn a_segment_metric_over_cells_tagged_with_the_segment_is_the_segments() {
    // AWS operating income 39,834 over AWS net sales 107,556 = 37.0%;
    // the cells are tagged with the AWS segment member, whatever the
    // operands' roles say.
    let source = r#"{"id": "a.htm", "path": "../tests/fixtures/html/amzn-segments-excerpt.htm"}"#;
    let margin = |cites: &str, calc: &str, value: &str| {
        route_and_codes(&verify(&format!(
            r#"{{"id": "t", "sources": [{source}], "claims": [{{"id": "k", "text": "AWS's segment operating margin was {value} in 2024.", "value": "{value}", "role": "AWS segment operating margin (AWS operating income / AWS net sales), 2024", "cites": [{cites}], "calc": "{calc}"}}]}}"#
        )))
    };
    assert_eq!(
        margin(
            r#""a.htm#p2t1!D18", "a.htm#p2t1!D16""#,
            "39834 / 107556",
            "37.0%"
        ),
        (Route::Accept, vec![])
    );
    // Near miss: the consolidated lines (68,593 / 637,959 = 10.8%) are no
    // segment's.
    let (route, codes) = margin(
        r#""a.htm#p2t1!D22", "a.htm#p2t1!D20""#,
        "68593 / 637959",
        "10.8%",
    );
    assert_eq!(route, Route::Reanswer);
    assert!(codes.contains(&"formula_mismatch"), "{codes:?}");
}

#[test]
fn a_number_tagged_in_prose_is_quoted_with_its_paragraph() {
    // Apple's balance sheet line: "… 50,400,000 shares authorized;
    // 14,856,722 and 15,116,786 shares issued and outstanding,
    // respectively". f-219 is the 15,116,786 shares issued at 2024-09-28;
    // the words before it end at "14,856,722 and".
    let quoted = |quote: &str| {
        let report = verify(&format!(
            r#"{{"id": "t", "sources": [{{"id": "a.htm", "path": "../tests/fixtures/html/aapl-10q-excerpt.htm"}}],
                "claims": [{{"id": "k", "text": "", "value": "15,116,786 shares", "role": "Apple common shares issued, September 28, 2024", "cites": ["a.htm#f-219"], "quote": "{quote}"}}]}}"#
        ));
        codes(claim(&report)).contains(&"fabricated_quote")
    };
    assert!(!quoted(
        "14,856,722 and 15,116,786 shares issued and outstanding"
    ));
    // Near misses: the paragraph does not say so.
    assert!(quoted("14,856,722 and 15,116,786 shares authorized"));
    assert!(quoted("15,116,786 shares repurchased"));
}

/// One claim citing a cell of Acme's cash flow statement.
fn on_acme_cash_flows(value: &str, role: &str, cell: &str) -> (Route, Vec<&'static str>) {
    route_and_codes(&verify(&one_claim(
        r#""acme_cashflow.csv""#,
        "",
        value,
        role,
        &format!("acme_cashflow.csv#{cell}"),
    )))
}

#[test]
fn an_investing_or_financing_outflow_is_cash_paid() {
    // Acme's cash flow statement: "Repurchases of common stock" (190) and
    // "Purchases of property and equipment" (210) are cash paid out.
    let at = on_acme_cash_flows;
    let accept = (Route::Accept, vec![]);
    assert_eq!(
        at(
            "$190 million",
            "Cash paid for repurchases of common stock, 2024",
            "B28"
        ),
        accept
    );
    assert_eq!(
        at(
            "$210 million",
            "Cash spent on purchases of property and equipment, 2024",
            "B21"
        ),
        accept
    );
    // Near misses: an inflow is no payment, and an operating adjustment
    // ("Deferred income taxes") is no tax paid.
    assert_ne!(
        at(
            "$100 million",
            "Cash paid for issuance of long-term debt, 2024",
            "B26"
        )
        .0,
        Route::Accept
    );
    assert_ne!(
        at("$14 million", "Deferred income taxes paid, 2024", "B12").0,
        Route::Accept
    );
}

#[test]
fn a_country_or_region_row_shows_the_words_for_a_place() {
    let at = |role: &str, value: &str, cell: &str| on_fixture("geography.csv", value, role, cell);
    let accept = (Route::Accept, vec![]);
    assert_eq!(
        at(
            "Net sales in the U.S. (country), 2024",
            "$142,196 million",
            "B4"
        ),
        accept
    );
    assert_eq!(
        at(
            "Net sales attributed to the China region, 2024",
            "$66,952 million",
            "B5"
        ),
        accept
    );
    // Near misses: another place's row, and the total, which is no place's.
    assert_ne!(
        at(
            "Net sales in the U.S. (country), 2024",
            "$66,952 million",
            "B5"
        )
        .0,
        Route::Accept
    );
    assert_ne!(
        at(
            "Net sales attributed to the China region, 2024",
            "$391,035 million",
            "B7"
        )
        .0,
        Route::Accept
    );
}

#[test]
fn a_filers_fiscal_quarter_is_read_from_its_fiscal_year_end() {
    // Apple's fiscal year ends in late September (its cover tags
    // dei:CurrentFiscalYearEndDate "--09-27"): the three months ended June
    // 28, 2025 are the third quarter of fiscal 2025, calendar dates aside.
    let at = |role: &str| {
        on_fixture(
            "html/aapl-10q-excerpt.htm",
            "$66,613 million",
            role,
            "p2t1!B7",
        )
    };
    assert_eq!(at("Products net sales, Q3 FY25"), (Route::Accept, vec![]));
    assert_eq!(
        at("Products net sales, third quarter of fiscal 2025"),
        (Route::Accept, vec![])
    );
    // Near misses: another fiscal quarter, another fiscal year.
    assert_ne!(at("Products net sales, Q2 FY25").0, Route::Accept);
    assert_ne!(at("Products net sales, Q3 FY24").0, Route::Accept);
}

#[test]
fn a_tagged_tax_line_is_an_expense_or_a_benefit_by_its_tag_not_its_parentheses() {
    // Netflix prints "Provision for income taxes (506,262)" (thousands):
    // the parentheses deduct it; its tag is +506,262, an expense.
    let at = |role: &str| {
        on_fixture(
            "html/nflx-10q-operations.htm",
            "$506.3 million",
            role,
            "p2t1!B17",
        )
    };
    assert_eq!(
        at("Provision for income taxes (expense), Q2 2025"),
        (Route::Accept, vec![])
    );
    // Near miss: a benefit it is not.
    assert_eq!(
        at("Income tax benefit, Q2 2025"),
        (Route::Reanswer, vec!["sign_flip"])
    );
}

#[test]
fn a_cash_flow_line_said_to_go_the_other_way_is_a_sign_flip() {
    // Acme's cash flow statement adds back depreciation and amortization
    // (168): no outflow of cash.
    let at = on_acme_cash_flows;
    assert_eq!(
        at(
            "$168 million",
            "Depreciation and amortization as a cash outflow, 2024",
            "B10"
        ),
        (Route::Reanswer, vec!["sign_flip"])
    );
    // Near misses: the line named plainly, and a payment called an outflow.
    assert_eq!(
        at("$168 million", "Depreciation and amortization, 2024", "B10"),
        (Route::Accept, vec![])
    );
    assert_eq!(
        at(
            "$210 million",
            "Purchases of property and equipment (cash outflow), 2024",
            "B21"
        ),
        (Route::Accept, vec![])
    );
    // A payment said to bring cash in.
    assert_eq!(
        at(
            "$210 million",
            "Purchases of property and equipment (cash inflow), 2024",
            "B21"
        ),
        (Route::Reanswer, vec!["sign_flip"])
    );
}

#[test]
fn a_segment_heading_its_column_and_tag_is_named_by_the_claim() {
    // NVIDIA's segment note: "Compute & Networking | Graphics | All Other |
    // Consolidated" over a "Revenue" row, each cell tagged with its segment.
    let at = |value: &str, role: &str, cell: &str| {
        on_fixture("html/nvda-segments-excerpt.htm", value, role, cell)
    };
    let accept = (Route::Accept, vec![]);
    assert_eq!(
        at(
            "$116.2 billion",
            "Compute & Networking segment revenue, fiscal 2025",
            "p2t1!B6"
        ),
        accept
    );
    assert_eq!(
        at(
            "$5,085 million",
            "Graphics segment operating income, FY2025",
            "p2t1!C8"
        ),
        accept
    );
    // Near misses: another segment's column, the consolidated column for a
    // segment, a segment's cell for the company's revenue.
    assert_ne!(
        at(
            "$14,304 million",
            "Compute & Networking segment revenue, fiscal 2025",
            "p2t1!C6"
        )
        .0,
        Route::Accept
    );
    assert_ne!(
        at(
            "$130,497 million",
            "Compute & Networking segment revenue, fiscal 2025",
            "p2t1!E6"
        )
        .0,
        Route::Accept
    );
    assert_ne!(
        at("$116,193 million", "Revenue, fiscal 2025", "p2t1!B6").0,
        Route::Accept
    );
}

#[test]
fn a_margin_over_a_segment_s_line_and_the_company_s_is_no_margin() {
    // Boeing's segment summary: Commercial Airplanes' loss from operations
    // (D14, tagged with its segment) over its revenues (D7) or over the
    // company's total revenues (D12, tagged with no segment).
    let source = r#"{"id": "b.htm", "path": "../tests/fixtures/html/ba-segments-excerpt.htm"}"#;
    let margin = |value: &str, denominator: &str, denominator_role: &str| {
        route_and_codes(&verify(&format!(
            r#"{{"id": "t", "sources": [{source}], "claims": [{{"id": "k", "text": "Commercial Airplanes' operating margin was {value} in Q2 2025.", "value": "{value}", "role": "Commercial Airplanes segment operating margin, three months ended June 30, 2025", "calc": "a / b",
                "operands": [{{"id": "a", "value": "-557", "role": "Commercial Airplanes segment operating loss, Q2 2025", "cite": "b.htm#p2t1!D14"}},
                             {{"id": "b", "value": "{denominator}", "role": "{denominator_role}", "cite": "b.htm#p2t1!D{row}"}}]}}]}}"#,
            row = if denominator == "22,749" { 12 } else { 7 }
        )))
    };
    assert_eq!(
        margin("-2.4%", "22,749", "Total company revenues, Q2 2025"),
        (Route::Reanswer, vec!["formula_mismatch"])
    );
    // Near miss: the segment's own revenues.
    assert_eq!(
        margin("-5.1%", "10,874", "Commercial Airplanes revenues, Q2 2025"),
        (Route::Accept, vec![])
    );
    // A role that spells its ratio out is still a margin (NVIDIA's segment
    // operating income over its revenue); a share of the company's
    // revenues is no margin and may mix them.
    let spelled = |role: &str, value: &str, (numerator, numerator_role, row): (&str, &str, u8)| {
        route_and_codes(&verify(&format!(
            r#"{{"id": "t", "sources": [{source}], "claims": [{{"id": "k", "value": "{value}", "role": "{role}", "calc": "a / b",
                "operands": [{{"id": "a", "value": "{numerator}", "role": "{numerator_role}", "cite": "b.htm#p2t1!D{row}"}},
                             {{"id": "b", "value": "22,749", "role": "Total revenues, Q2 2025", "cite": "b.htm#p2t1!D12"}}]}}]}}"#
        )))
    };
    assert_eq!(
        spelled(
            "Operating margin (operating loss / revenues), three months ended June 30, 2025",
            "-2.4%",
            ("-557", "Commercial Airplanes operating loss, Q2 2025", 14)
        )
        .1,
        vec!["formula_mismatch"]
    );
    assert_eq!(
        spelled(
            "Commercial Airplanes revenues as a percentage of total revenues, Q2 2025",
            "47.8%",
            ("10,874", "Commercial Airplanes revenues, Q2 2025", 7)
        ),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_lead_in_naming_a_span_dates_its_columns_and_a_percentage_is_no_amount() {
    // J&J's 10-Q prints its six months' segment table under a lead-in that
    // names the span and columns headed by dates only, a "Percent of
    // Segment Sales" column beside the sales.
    let csv = "Segment income before tax,,,,,,\n\
               Income before tax by segment of business for the fiscal six months were as follows:,,,,,,\n\
               (Dollars in Millions),Income Before Tax,,Segment Sales,,Percent of Segment Sales,\n\
               ,\"June 29, 2025\",\"June 30, 2024\",\"June 29, 2025\",\"June 30, 2024\",\"June 29, 2025\",\"June 30, 2024\"\n\
               Innovative Medicine,\"$10,762\",\"$10,428\",\"$29,075\",\"$28,052\",37.0%,37.2%\n\
               MedTech,\"2,625\",\"2,609\",\"16,538\",\"15,874\",15.9%,16.4%\n";
    let said = |value: &str, role: &str, cite: &str| {
        route_and_codes(&over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["t.csv{cite}"]}}"#
            ),
        ))
    };
    let accept = (Route::Accept, vec![]);
    assert_eq!(
        said(
            "$29,075 million",
            "Innovative Medicine segment sales, six months ended June 29, 2025",
            "#D5"
        ),
        accept
    );
    // Near misses: the quarter, and the balance on the day.
    assert_ne!(
        said(
            "$29,075 million",
            "Innovative Medicine segment sales, three months ended June 29, 2025",
            "#D5"
        )
        .0,
        Route::Accept
    );
    assert_ne!(
        said(
            "$29,075 million",
            "Innovative Medicine segment sales, nine months ended June 29, 2025",
            "#D5"
        )
        .0,
        Route::Accept
    );
}

#[test]
fn the_filers_name_in_a_role_is_whose_report_not_a_word_of_the_line() {
    // Meta's deferred tax table: "Net deferred tax assets", tagged
    // DeferredTaxAssetsLiabilitiesNet, which the vocabulary's reading of
    // the words is not; the row is named by its own words. The cover names
    // the filer "Meta Platforms, Inc.".
    let at = |value: &str, role: &str, cell: &str| {
        on_fixture("html/meta-10k-tax-excerpt.htm", value, role, cell)
    };
    for role in [
        "Net deferred tax assets, December 31, 2024",
        "Meta net deferred tax assets, December 31, 2024",
        "Meta Platforms net deferred tax assets, December 31, 2024",
    ] {
        assert_eq!(
            at("$9,578 million", role, "p2t1!B23"),
            (Route::Accept, vec![]),
            "{role}"
        );
    }
    // Near misses: a word that is not the filer's stays a word of the line,
    // and the filer's name does not make another line's row this one.
    assert_ne!(
        at(
            "$9,578 million",
            "Meta foreign net deferred tax assets, December 31, 2024",
            "p2t1!B23"
        )
        .0,
        Route::Accept
    );
    assert_ne!(
        at(
            "$9,578 million",
            "Meta net deferred tax assets, December 31, 2023",
            "p2t1!B23"
        )
        .0,
        Route::Accept
    );
}

#[test]
fn a_cell_tagged_as_the_fact_a_fitting_cell_is_is_that_fact() {
    // Netflix's roll-forward prints "Balance at the end of the year" 432,280
    // (thousands), tagged as the same fact as the text's "gross
    // unrecognized tax benefits was $432 million".
    let at = |value: &str, role: &str, cell: &str| {
        on_fixture("html/nflx-10k-tax-excerpt.htm", value, role, cell)
    };
    assert_eq!(
        at(
            "$432.3 million",
            "Gross unrecognized tax benefits, balance, end of FY2024",
            "p3t1!B11"
        ),
        (Route::Accept, vec![])
    );
    // Near misses: the year's opening balance (the fact of a year before),
    // and an increase of the year, tagged as another concept.
    assert_ne!(
        at(
            "$327.3 million",
            "Gross unrecognized tax benefits, balance, end of FY2024",
            "p3t1!B5"
        )
        .0,
        Route::Accept
    );
    assert_ne!(
        at(
            "$432.3 million",
            "Gross unrecognized tax benefits, balance, end of FY2024",
            "p3t1!B6"
        )
        .0,
        Route::Accept
    );
}

#[test]
fn two_rows_of_one_label_are_told_apart_by_the_stated_number() {
    // Netflix's deferred tax note prints "Net deferred tax assets" before
    // and after the deferred tax liabilities.
    let csv = "Deferred taxes,,\n,\"As of December 31, 2024\",\"As of December 31, 2023\"\n\
               Total deferred tax assets,\"3,126,110\",\"2,938,516\"\n\
               Valuation allowance,\"(610,632)\",\"(540,470)\"\n\
               Net deferred tax assets,\"2,515,478\",\"2,398,046\"\n\
               Total deferred tax liabilities,\"(1,337,920)\",\"(1,295,574)\"\n\
               Net deferred tax assets,\"1,177,558\",\"1,102,472\"\n";
    let said = |value: &str, cite: &str| {
        route_and_codes(&over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "Net deferred tax assets, as of December 31, 2024", "cites": ["t.csv{cite}"]}}"#
            ),
        ))
    };
    assert_eq!(said("$1,177,558", "#B7"), (Route::Accept, vec![]));
    assert_eq!(said("$2,515,478", "#B5"), (Route::Accept, vec![]));
    // Near misses: a number neither holds, and another year's column.
    assert_ne!(said("$1,200,000", "#B7").0, Route::Accept);
    assert_ne!(said("$1,102,472", "#C7").0, Route::Accept);
}

#[test]
fn a_country_row_is_named_by_its_own_name() {
    // Amazon's net sales attributed to countries, each row tagged with its
    // country; "Germany" and "United Kingdom" are both Europe's.
    let at = |value: &str, role: &str, cell: &str| {
        on_fixture("html/amzn-countries-excerpt.htm", value, role, cell)
    };
    assert_eq!(
        at(
            "$40,856 million",
            "Net sales attributed to Germany, FY2024",
            "p2t1!D5"
        ),
        (Route::Accept, vec![])
    );
    // Near misses: another country of the same region, and no country.
    assert_ne!(
        at(
            "$40,856 million",
            "Net sales attributed to the United Kingdom, FY2024",
            "p2t1!D5"
        )
        .0,
        Route::Accept
    );
    assert_ne!(
        at("$40,856 million", "Net sales, FY2024", "p2t1!D5").0,
        Route::Accept
    );
}

/// A sheet's row: a label, two numbers and their number format.
type SheetRow<'a> = (&'a str, f64, f64, &'a str);

/// A sheet: its name, its title and its rows.
type Sheet<'a> = (&'a str, &'a str, &'a [SheetRow<'a>]);

/// A claim over a workbook of sheets written to a temporary file: each
/// sheet a title, a unit line, a header of two quarters and rows of a
/// label and two numbers in a number format.
fn over_xlsx(sheets: &[Sheet<'_>], claim: &str) -> AnswerReport {
    use rust_xlsxwriter::{Format, Workbook};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.xlsx");
    let mut workbook = Workbook::new();
    for (name, title, rows) in sheets {
        let sheet = workbook.add_worksheet().set_name(*name).unwrap();
        sheet.write_string(0, 0, *title).unwrap();
        sheet.write_string(1, 0, "(Dollars in millions)").unwrap();
        sheet
            .write_string(2, 1, "Three months ended June 30, 2025")
            .unwrap();
        sheet
            .write_string(2, 2, "Three months ended June 30, 2024")
            .unwrap();
        for (i, (label, a, b, format)) in rows.iter().enumerate() {
            let row = 3 + u32::try_from(i).unwrap();
            let format = Format::new().set_num_format(*format);
            sheet.write_string(row, 0, *label).unwrap();
            sheet.write_number_with_format(row, 1, *a, &format).unwrap();
            sheet.write_number_with_format(row, 2, *b, &format).unwrap();
        }
    }
    workbook.save(&path).unwrap();
    let path = serde_json::to_string(&path.display().to_string()).unwrap();
    verify(&format!(
        r#"{{"id": "t", "sources": [{{"id": "t.xlsx", "path": {path}}}], "claims": [{claim}]}}"#
    ))
}

#[test]
fn a_segment_s_margin_is_not_the_company_s_when_its_results_say_another() {
    // Boeing's MD&A: "Consolidated Results of Operations" prints operating
    // margins of (0.8)%; Commercial Airplanes' "Segment Results of
    // Operations", (5.1)%.
    let money = "#,##0;(#,##0)";
    let percent = "0.0%;(0.0%)";
    let consolidated: &[SheetRow<'_>] = &[
        ("Revenues", 22749.0, 16866.0, money),
        ("Earnings/(loss) from operations", -176.0, -1090.0, money),
        ("Operating margins", -0.008, -0.065, percent),
    ];
    let segment: &[SheetRow<'_>] = &[
        ("Revenues", 10874.0, 6003.0, money),
        ("Loss from operations", -557.0, -1129.0, money),
        ("Operating margins", -0.051, -0.188, percent),
    ];
    let said = |value: &str, role: &str, cite: &str| {
        let r = over_xlsx(
            &[
                ("MDA", "Consolidated Results of Operations", consolidated),
                (
                    "BCA",
                    "Commercial Airplanes Segment Results of Operations",
                    segment,
                ),
            ],
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["t.xlsx#{cite}"]}}"#
            ),
        );
        route_and_codes(&r)
    };
    assert_eq!(
        said(
            "(5.1)%",
            "Consolidated operating margin, three months ended June 30, 2025",
            "BCA!B6"
        ),
        (Route::Review, vec!["ambiguous_role"])
    );
    // Near misses: the company's own margin, and the segment's named.
    assert_eq!(
        said(
            "(0.8)%",
            "Consolidated operating margin, three months ended June 30, 2025",
            "MDA!B6"
        ),
        (Route::Accept, vec![])
    );
    assert_eq!(
        said(
            "(5.1)%",
            "Commercial Airplanes segment operating margin, three months ended June 30, 2025",
            "BCA!B6"
        ),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_member_is_named_only_when_the_claim_names_every_member_of_its_fact() {
    // Hand-written filings (tests/fixtures/html/README.md): Germany's sales
    // of a Pharmaceutical segment, tagged with the segment and the country;
    // an iPhone row under a segment's column, tagged with both members.
    let country = on_fixture(
        "html/synthetic-segment-country.htm",
        "$5,000 million",
        "Revenue, Germany, FY2024",
        "p1t1!B6",
    );
    assert_ne!(country.0, Route::Accept, "{country:?}");
    let product = on_fixture(
        "html/synthetic-product-by-segment.htm",
        "$60,000 million",
        "Americas net sales, FY2024",
        "p1t1!B5",
    );
    assert_ne!(product.0, Route::Accept, "{product:?}");
    // Near misses: the segment's own total named by its column, and the
    // country named with its segment.
    assert_eq!(
        on_fixture(
            "html/synthetic-product-by-segment.htm",
            "$70,000 million",
            "Americas total net sales, FY2024",
            "p1t1!B6",
        ),
        (Route::Accept, vec![])
    );
    assert_eq!(
        on_fixture(
            "html/synthetic-segment-country.htm",
            "$5,000 million",
            "Pharmaceutical segment revenue, Germany, FY2024",
            "p1t1!B6",
        ),
        (Route::Accept, vec![])
    );
}

#[test]
fn rows_of_one_label_under_two_captions_are_two_parts() {
    let csv = "Beta Corp,,\nSegment information,,\n($ in millions),,\n,\"Year Ended December 31,\",\n\
               ,2024,2023\nConsumer,,\nNet sales,500,450\nOperating income,120,100\nEnterprise,,\n\
               Net sales,300,280\nOperating income,80,70\n";
    let said = |value: &str, role: &str, cite: &str| {
        route_and_codes(&over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["t.csv{cite}"]}}"#
            ),
        ))
    };
    assert_ne!(
        said("$120 million", "Operating income, FY2024", "#B8").0,
        Route::Accept
    );
    // Near miss: the part named.
    assert_eq!(
        said("$120 million", "Consumer operating income, FY2024", "#B8"),
        (Route::Accept, vec![])
    );
}

/// A balance sheet or income statement whose cover names the filer
/// (an "Entity Registrant Name" row, as a workbook's cover sheet has).
fn with_filer(body: &str, filer: &str) -> String {
    format!("{body}Entity Registrant Name,{filer},\n")
}

#[test]
fn a_filer_word_inside_the_vocabularys_phrase_is_a_word_of_the_line() {
    let mut accepted: Vec<String> = Vec::new();
    // Equity Residential: "equity" is the filer's word, and also the word
    // that makes "Total liabilities and equity" another line than "Total
    // liabilities". Cost Plus, Inc.: "cost" makes "Cost of revenue" another
    // line than "Revenue". With the filer's word dropped from the role
    // the role's other words would be the row's label exactly and its
    // label would override the concepts' disagreement.
    let balance = "Consolidated Balance Sheets,,\n(in thousands),\"December 31, 2024\",\"December 31, 2023\"\n\
                   Total assets,\"20,000\",\"19,000\"\nMortgage notes payable,\"5,000\",\"4,900\"\n\
                   Notes,\"3,000\",\"2,800\"\nTotal liabilities,\"9,000\",\"8,500\"\n\
                   Total equity,\"11,000\",\"10,500\"\n";
    for filer in ["Equity Residential", "Acme Widgets Inc."] {
        let r = over_csv(
            &with_filer(balance, filer),
            r#"{"id": "k", "value": "$9,000 thousand", "role": "Total liabilities and equity, December 31, 2024", "cites": ["t.csv#B6"]}"#,
        );
        if claim(&r).route == Route::Accept {
            accepted.push(filer.to_string());
        }
    }
    let income = "Consolidated Statements of Operations,,\n(in thousands),2024,2023\n\
                  Revenue,\"4,079\",\"3,344\"\nNet income,872,869\n";
    for filer in ["Cost Plus, Inc.", "Acme Widgets Inc."] {
        let r = over_csv(
            &with_filer(income, &format!("\"{filer}\"")),
            r#"{"id": "k", "text": "Cost of revenue was $4,079 thousand in 2024.", "value": "$4,079 thousand", "role": "Cost of revenue, 2024", "cites": ["t.csv#B3"]}"#,
        );
        if claim(&r).route == Route::Accept {
            accepted.push(filer.to_string());
        }
    }
    assert!(accepted.is_empty(), "wrong claims accepted: {accepted:#?}");
}

#[test]
fn used_elsewhere_in_the_sentence_does_not_cancel_added_to_cash() {
    let mut accepted: Vec<String> = Vec::new();
    // "used" says a use of cash only of cash itself ("used $X of
    // operating cash"); elsewhere in a sentence that says a payment
    // "added … to cash" it must not silence the sign_flip.
    let csv = "Consolidated Statements of Cash Flows,,\n($ in millions),,\n,2024,2023\n\
               Operating activities:,,\nNet income,447,380\n\
               Changes in operating assets and liabilities:,,\nAccounts receivable,-45,-38\n\
               Net cash provided by operating activities,626,558\nInvesting activities:,,\n\
               Purchases of property and equipment,-210,-195\n\
               Net cash used in investing activities,-228,-251\nFinancing activities:,,\n\
               Repurchases of common stock,-190,-180\n\
               Net cash used in financing activities,-298,-185\n";
    let said = |text: &str, role: &str, cite: &str, value: &str| {
        said_over_csv(csv, text, value, role, cite)
    };
    for (text, role, cite, value) in [
        (
            "Repurchases of common stock added $190 million to cash in 2024 and the cash was used for dividends.",
            "Repurchases of common stock, 2024",
            "B13",
            "$190 million",
        ),
        (
            "Purchases of property and equipment added $210 million to the company's cash in 2024, equipment used in our plants.",
            "Purchases of property and equipment, 2024",
            "B10",
            "$210 million",
        ),
        (
            "Accounts receivable added $45 million to cash from operations in 2024, as customers used fewer credit days.",
            "Accounts receivable, 2024",
            "B7",
            "$45 million",
        ),
    ] {
        if route_and_codes(&said(text, role, cite, value)) != (Route::Reanswer, vec!["sign_flip"]) {
            accepted.push(text.to_string());
        }
    }
    assert!(accepted.is_empty(), "wrong claims accepted: {accepted:#?}");
}

#[test]
fn an_unrelated_other_side_word_does_not_excuse_a_cost_stated_for_a_benefit() {
    let mut accepted: Vec<String> = Vec::new();
    // A cost its row prints positive is a benefit where it is negative;
    // a word of the other side said of something else, in another clause
    // of the sentence ("as deposits decreased"), does not excuse it.
    let csv = "Consolidated Statements of Income,,\n(in millions),\"Three months ended March 31, 2021\",\"Three months ended March 31, 2020\"\n\
               Total net revenue,\"32,266\",\"28,251\"\nProvision for credit losses,\"(4,156)\",\"8,285\"\n\
               Restructuring charges,(11),79\nNet income,\"14,300\",\"2,865\"\n";
    let said = |text: &str, role: &str, cite: &str, value: &str| {
        said_over_csv(csv, text, value, role, cite)
    };
    let provision = "Provision for credit losses, three months ended March 31, 2021";
    let restructuring = "Restructuring charges, three months ended March 31, 2021";
    // The rule's own case holds.
    assert_eq!(
        route_and_codes(&said(
            "The firm added $4,156 million of provision expense in the first quarter of 2021.",
            provision,
            "B4",
            "$4,156 million"
        )),
        (Route::Reanswer, vec!["sign_flip"])
    );
    for (text, role, cite, value) in [
        (
            "The firm added $4,156 million of provision expense in the first quarter of 2021 as deposits decreased.",
            provision,
            "B4",
            "$4,156 million",
        ),
        (
            "The firm added $4,156 million of provision expense in the first quarter of 2021, offsetting a gain on securities.",
            provision,
            "B4",
            "$4,156 million",
        ),
        (
            "The firm added $4,156 million of provision expense in the first quarter of 2021 while employee benefits rose.",
            provision,
            "B4",
            "$4,156 million",
        ),
        (
            "The firm booked $4,156 million of provision expense in the first quarter of 2021 despite negative GDP growth.",
            provision,
            "B4",
            "$4,156 million",
        ),
        (
            "Restructuring charges added $11 million of expense in the first quarter of 2021 as revenue fell in Europe.",
            restructuring,
            "B5",
            "$11 million",
        ),
    ] {
        if said(text, role, cite, value).claims[0].route == Route::Accept {
            accepted.push(text.to_string());
        }
    }
    assert!(accepted.is_empty(), "wrong claims accepted: {accepted:#?}");
}

#[test]
fn a_segment_named_by_the_filers_word_is_not_the_consolidated_line() {
    // CVS Health's consolidated "Services" revenue (9,683 in 2022) is not
    // the Health Services segment's: the filer's words are said of its
    // report only for a claim that names the filer (by its first word).
    let income = "Consolidated Statements of Operations,,\n(in millions),2022,2021\nRevenues:,,\n\
                  Products,\"226,616\",\"203,738\"\nPremiums,\"85,330\",\"76,132\"\n\
                  Services,\"9,683\",\"11,042\"\nNet investment income,838,\"1,199\"\n\
                  Total revenues,\"322,467\",\"292,111\"\n";
    let at = |filer: &str, role: &str| {
        claim(&over_csv(
            &with_filer(income, filer),
            &format!(
                r#"{{"id": "k", "value": "$9,683 million", "role": "{role}", "cites": ["t.csv#B6"]}}"#
            ),
        ))
        .route
    };
    for filer in ["CVS Health Corporation", "Acme Widgets Inc."] {
        assert_ne!(
            at(filer, "Health Services revenues, 2022"),
            Route::Accept,
            "{filer}"
        );
    }
    // Near misses: the claim names the filer, and the line is its own.
    assert_eq!(
        at(
            "CVS Health Corporation",
            "CVS Health services revenues, 2022"
        ),
        Route::Accept
    );
    assert_eq!(
        at("CVS Health Corporation", "CVS services revenues, 2022"),
        Route::Accept
    );
}

#[test]
fn a_calculation_over_cites_stands_for_the_inputs_of_the_metric_its_role_names() {
    let etr = |role: &str, calc: &str, value: &str, cites: &str| {
        format!(
            r#"{{"id": "t", "sources": ["acme_income.csv"],
                "claims": [{{"id": "k", "value": "{value}", "role": "{role}", "calc": "{calc}",
                             "cites": [{cites}]}}]}}"#
        )
    };
    // Tax over income before taxes, each at the role's year.
    accepted(&etr(
        "Acme effective tax rate, FY2024",
        "119 / 566 = 0.2102",
        "21.0%",
        r#""acme_income.csv#B17", "acme_income.csv#B16""#,
    ));
    // Near misses: the prior year's cells for the role's year; the role
    // with no period, whose inputs could be any year's.
    let report = verify(&etr(
        "Acme effective tax rate, FY2024",
        "101 / 481 = 0.21",
        "21.0%",
        r#""acme_income.csv#C17", "acme_income.csv#C16""#,
    ));
    assert_ne!(claim(&report).route, Route::Accept, "{report:#?}");
    let report = verify(&etr(
        "Acme effective tax rate",
        "119 / 566 = 0.2102",
        "21.0%",
        r#""acme_income.csv#B17", "acme_income.csv#B16""#,
    ));
    assert!(
        codes(claim(&report)).contains(&"ambiguous_role"),
        "{report:#?}"
    );
}

#[test]
fn a_metric_its_report_prints_otherwise_takes_no_inputs_from_the_formula() {
    // Meta's 2024 10-K (p77t1, its numbers typed into a csv): free cash
    // flow deducts finance lease payments too, and the table prints it.
    let fcf = |value: &str, calc: &str, cites: &str| {
        format!(
            r#"{{"id": "t", "sources": [{{"id": "m.csv", "path": "../tests/fixtures/meta_fcf_2024.csv"}}],
                "claims": [{{"id": "k", "value": "{value}", "role": "Meta free cash flow, 2024",
                             "calc": "{calc}", "cites": [{cites}]}}]}}"#
        )
    };
    // Operating cash less capital expenditures is the formula's free cash
    // flow, not the report's: its operands stand for nothing told.
    let report = verify(&fcf(
        "$54,072 million",
        "91,328 - 37,256 = 54,072",
        r#""m.csv#B5", "m.csv#B6""#,
    ));
    assert_ne!(claim(&report).route, Route::Accept, "{report:#?}");
    // Near miss: a report whose free cash flow is the formula's (the same
    // lines, a table that prints 54,072).
    let plain = fcf(
        "$54,072 million",
        "91,328 - 37,256 = 54,072",
        r#""m.csv#B5", "m.csv#B6""#,
    )
    .replace("meta_fcf_2024.csv", "fcf_ocf_less_capex.csv");
    accepted(&plain);
}

#[test]
fn a_metric_printed_in_another_table_or_a_role_saying_more_takes_no_inputs() {
    // Meta's free cash flow printed in a reconciliation below the cash flow
    // statement the answer cites (the filing's numbers, typed into a csv).
    let two = r#"{"id": "t", "sources": [{"id": "m.csv", "path": "../tests/fixtures/meta_fcf_two_tables.csv"}],
        "claims": [{"id": "k", "value": "$54,072 million", "role": "Meta free cash flow, 2024",
                    "calc": "91,328 - 37,256 = 54,072", "cites": ["m.csv#B5", "m.csv#B6"]}]}"#;
    let report = verify(two);
    assert_ne!(claim(&report).route, Route::Accept, "{report:#?}");
    // Roles that say more than the metric and the company, or name two
    // periods: the formula's inputs are not what they are over.
    let etr = |role: &str| {
        format!(
            r#"{{"id": "t", "sources": ["acme_income.csv"],
                "claims": [{{"id": "k", "value": "21.0%", "role": "{role}", "calc": "119 / 566 = 0.2102",
                             "cites": ["acme_income.csv#B17", "acme_income.csv#B16"]}}]}}"#
        )
    };
    for role in [
        "Acme incremental effective tax rate, FY2024",
        "Acme cash effective tax rate, FY2024",
        "Acme long-term effective tax rate, FY2024",
        "Acme effective tax rate for fiscal 2023, as reported in 2024",
    ] {
        let report = verify(&etr(role));
        assert_ne!(claim(&report).route, Route::Accept, "{role}: {report:#?}");
    }
    // Near miss: the company's name and the metric alone.
    accepted(&etr("Acme Corp effective tax rate, FY2024"));
}

#[test]
fn a_ratio_its_operands_table_prints_otherwise_is_not_the_reports() {
    // Union Pacific's reconciliation: the table prints its cash flow
    // conversion rate from its own definition, (a) over (b).
    let csv = "Cash flow conversion,,\n(in millions),2025,2024\n\
               Cash provided by operating activities,\"4,543\",\"4,033\"\n\
               Cash used in capital investments,\"(1,842)\",\"(1,699)\"\n\
               Total (a),\"2,701\",\"2,334\"\nNet income (b),\"3,502\",\"3,314\"\n\
               Cash flow conversion rate (a/b),77%,70%\n";
    let ratio = |value: &str, role: &str, a: (&str, &str, &str)| {
        let report = over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "{role}", "calc": "a / b", "operands": [{{"id": "a", "value": "{}", "role": "{}, 2025", "cite": "t.csv#{}"}}, {{"id": "b", "value": "3,502", "role": "Net income, 2025", "cite": "t.csv#B6"}}]}}"#,
                a.0, a.1, a.2
            ),
        );
        let claim = report.claims.into_iter().next().unwrap();
        let codes: Vec<&str> = claim.findings.iter().map(|f| f.code.name()).collect();
        (claim.route, codes)
    };
    // Operating cash flow over net income is not the rate the table prints.
    let cash = ("4,543", "Cash provided by operating activities", "B3");
    let total = ("2,701", "Total (a)", "B5");
    let (route, codes) = ratio("130%", "Cash flow conversion rate, 2025", cash);
    assert_eq!(route, Route::Reanswer, "{codes:?}");
    assert!(codes.contains(&"value_mismatch"), "{codes:?}");
    // Near misses: the table's own definition; a ratio it does not print;
    // the rate rounded coarser by the table than by the claim.
    for (value, role, a) in [
        ("77%", "Cash flow conversion rate, 2025", total),
        ("130%", "Operating cash flow to net income, 2025", cash),
        ("77.1%", "Cash flow conversion rate, 2025", total),
    ] {
        let (route, codes) = ratio(value, role, a);
        assert_eq!(route, Route::Accept, "{value} {role}: {codes:?}");
    }
}

#[test]
fn a_ratio_another_table_prints_is_held_to_that_table() {
    // Union Pacific: operating cash flow and net income cited from the
    // statements, the conversion rate printed in a reconciliation of its
    // own, in a column beside the amounts, and said to be non-GAAP.
    let rate = |value: &str, role: &str, a: (&str, &str)| {
        let answer = format!(
            r#"{{"id": "t", "sources": [{{"id": "f.htm", "path": "../tests/fixtures/conversion_rate.htm"}}],
                "claims": [{{"id": "k", "value": "{value}", "role": "{role}", "calc": "a / b",
                  "operands": [{{"id": "a", "value": "{}", "role": "{}, six months ended June 30, 2025", "cite": "f.htm#{}"}},
                               {{"id": "b", "value": "3,502", "role": "Net income, six months ended June 30, 2025", "cite": "f.htm#p2t1!B4"}}]}}]}}"#,
            a.0,
            if a.1 == "p3t1!B3" {
                "Cash provided by operating activities"
            } else {
                "Total (a)"
            },
            a.1
        );
        route_and_codes(&verify(&answer))
    };
    let cash = ("4,543", "p3t1!B3");
    let total = ("2,701", "p4t1!B5");
    let role = "Harrow cash flow conversion rate (non-GAAP, as defined by the company), six months ended June 30, 2025";
    let (route, codes) = rate("130%", role, cash);
    assert_eq!(route, Route::Reanswer, "{codes:?}");
    assert!(codes.contains(&"value_mismatch"), "{codes:?}");
    // Near misses: the filer's own definition; a ratio no table prints; a
    // period no table of the line has a column of.
    assert_eq!(rate("77%", role, total), (Route::Accept, vec![]));
    assert_eq!(
        rate(
            "130%",
            "Operating cash flow to net income, six months ended June 30, 2025",
            cash
        ),
        (Route::Accept, vec![])
    );
    let (route, codes) = rate(
        "130%",
        "Harrow cash flow conversion rate, six months ended June 30, 2023",
        cash,
    );
    assert!(
        !codes.contains(&"value_mismatch") || route != Route::Reanswer,
        "{codes:?}"
    );
    // The title calls "adjusted net income" non-GAAP, not the "Net income"
    // row inside its words: the GAAP line is no adjusted one.
    let gaap = route_and_codes(&verify(&one_claim(
        r#"{"id": "f.htm", "path": "../tests/fixtures/conversion_rate.htm"}"#,
        "",
        "$3,502 million",
        "Harrow adjusted net income (non-GAAP), six months ended June 30, 2025",
        "f.htm#p5t1!B3",
    )));
    assert_ne!(gaap.0, Route::Accept, "{gaap:?}");
}

#[test]
fn the_filers_trading_symbol_names_the_filer() {
    // The cover lists "HRW" as Harrow Pharma's symbol: a sentence about HRW
    // is about the report's company; one about MRK is not.
    let filing = r#"{"id": "f.htm", "path": "../tests/fixtures/symbol_cover.htm"}"#;
    let said = |text: &str| {
        route_and_codes(&verify(&one_claim(
            filing,
            text,
            "$0.41",
            "diluted EPS, Q2 2023",
            "f.htm#p2t1!B5",
        )))
    };
    assert_eq!(
        said("HRW's diluted EPS was $0.41 in Q2 2023."),
        (Route::Accept, vec![])
    );
    assert_eq!(
        said("MRK's diluted EPS was $0.41 in Q2 2023."),
        (Route::Reanswer, vec!["contradicted"])
    );
    // Near miss: the filer by its name, citing another company's table.
    let investee = route_and_codes(&verify(&one_claim(
        filing,
        "Harrow's revenues were $9.1 billion in 2024.",
        "$9,100 million",
        "Harrow revenues, 2024",
        "f.htm#p3t1!B3",
    )));
    assert_eq!(investee.0, Route::Reanswer, "{investee:?}");
    assert!(investee.1.contains(&"contradicted"), "{investee:?}");
}

#[test]
fn initials_joined_by_an_ampersand_name_the_filer() {
    // "Harrow & Harrow" goes by "H&H": a role writing the initials names
    // the report, as one writing the name does; other capitals do not.
    let filing = r#"{"id": "f.htm", "path": "../tests/fixtures/initials_cover.htm"}"#;
    let at = |value: &str, role: &str, cite: &str| {
        route_and_codes(&verify(&one_claim(filing, "", value, role, cite)))
    };
    let accept = (Route::Accept, vec![]);
    for role in [
        "H&H sales to customers, FY2021",
        "Harrow & Harrow sales to customers, FY2021",
        "H&H's sales to customers, FY2021",
    ] {
        assert_eq!(
            at("$14,082 million", role, "f.htm#p2t1!B3"),
            accept,
            "{role}"
        );
    }
    for role in [
        "P&Q sales to customers, FY2021",
        "H&Hx sales to customers, FY2021",
    ] {
        assert_ne!(
            at("$14,082 million", role, "f.htm#p2t1!B3").0,
            Route::Accept,
            "{role}"
        );
    }
}

#[test]
fn what_a_measure_is_taken_before_is_not_the_measure() {
    // "Earnings before provision for taxes" is the pretax line, not the tax
    // provision the phrase after "before" names, nor net earnings.
    let filing = r#"{"id": "f.htm", "path": "../tests/fixtures/initials_cover.htm"}"#;
    let at = |value: &str, role: &str, cite: &str| {
        route_and_codes(&verify(&one_claim(filing, "", value, role, cite)))
    };
    assert_eq!(
        at(
            "$2,110 million",
            "H&H earnings before provision for taxes, FY2021",
            "f.htm#p2t1!B5"
        ),
        (Route::Accept, vec![])
    );
    // Near misses: the provision itself, and net earnings, claimed as it.
    assert_ne!(
        at(
            "$204 million",
            "H&H earnings before provision for taxes, FY2021",
            "f.htm#p2t1!B6"
        )
        .0,
        Route::Accept
    );
    assert_ne!(
        at(
            "$1,906 million",
            "Earnings before provision for taxes, FY2021",
            "f.htm#p2t1!B7"
        )
        .0,
        Route::Accept
    );
    assert_eq!(
        at(
            "$204 million",
            "Provision for taxes, FY2021",
            "f.htm#p2t1!B6"
        ),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_sentence_naming_the_filer_is_not_about_a_row_of_its_name() {
    // A reconciliation with a row named for the company ("Kestrel") over
    // "Core earnings per share": "Kestrel's core earnings per share" is the
    // company's, not that row's; a segment's name is still its row.
    let filing = r#"{"id": "f.htm", "path": "../tests/fixtures/filer_row_cover.htm"}"#;
    let at = |text: &str, value: &str, role: &str, cite: &str| {
        route_and_codes(&verify(&one_claim(filing, text, value, role, cite)))
    };
    assert_eq!(
        at(
            "Kestrel's core earnings per share were $1.24 in 2021.",
            "$1.24",
            "Core earnings per share, FY2021",
            "f.htm#p2t1!B5"
        ),
        (Route::Accept, vec![])
    );
    let (route, codes) = at(
        "Defense's core earnings per share were $1.24 in 2021.",
        "$1.24",
        "Core earnings per share, FY2021",
        "f.htm#p2t1!B5",
    );
    assert_eq!(route, Route::Reanswer);
    assert!(codes.contains(&"contradicted"), "{codes:?}");
    // A sentence about the company's own row, citing another row whose
    // line it does not name, is still checked against the company's row
    // (an outside review's "Apple's $100 investment" citing the S&P 500).
    let (route, codes) = at(
        "Kestrel's earnings from operations were $830 million in 2021.",
        "$830 million",
        "Earnings from operations, FY2021",
        "f.htm#p2t1!B4",
    );
    assert_eq!(route, Route::Reanswer);
    assert!(codes.contains(&"contradicted"), "{codes:?}");
}

#[test]
fn an_amount_in_millions_is_not_the_per_share_line_of_the_same_words() {
    // Verizon's statement of income: "Net income attributable to Verizon"
    // as dollars, and again under the per-share captions.
    let csv = "Consolidated Statements of Income,\n\"(dollars in millions, except per share amounts)\",\n\
               ,2021\nNet income,\"22,618\"\nNet income attributable to Verizon,\"22,065\"\n\
               Basic Earnings Per Common Share,\nNet income attributable to Verizon,$5.32\n\
               Diluted Earnings Per Common Share,\nNet income attributable to Verizon,$5.32\n";
    let r = said_over_csv(
        csv,
        "Net income attributable to Verizon was $22.1 billion in 2021.",
        "$22.1 billion",
        "Net income attributable to Verizon, FY2021",
        "B5",
    );
    assert_eq!(claim(&r).route, Route::Accept, "{:#?}", claim(&r).findings);
    // Near miss: the per-share line stated per share is still that line's
    // (the role does not say which of the two blocks): not accepted.
    let r = said_over_csv(
        csv,
        "Net income attributable to Verizon was $5.32 in 2021.",
        "$5.32",
        "Net income attributable to Verizon, FY2021",
        "B7",
    );
    assert_ne!(claim(&r).route, Route::Accept, "{:#?}", claim(&r).findings);
}

#[test]
fn a_per_share_calculation_states_what_its_table_prints() {
    let csv = "Consolidated Statements of Income,,\n(in thousands, except per share data),,\n\
               ,\"Year Ended December 31, 2024\",\"Year Ended December 31, 2023\"\n\
               Net income,\"125,212\",\"103,256\"\nPreferred stock dividends,\"4,500\",\"4,500\"\n\
               Net income available to common shareholders,\"120,712\",\"98,756\"\n\
               Earnings per common share:,,\nBasic,2.93,2.36\nDiluted,2.90,2.35\n\
               Weighted-average common shares outstanding (in thousands):,,\nBasic,\"41,205\",\"41,870\"\n\
               Diluted,\"41,560\",\"42,105\"\n";
    let eps = |value: &str, numerator: (&str, &str, &str)| {
        route_and_codes(&over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "{value}", "role": "Basic EPS, FY2024", "calc": "n / sh",
                    "operands": [{{"id": "n", "value": "{}", "role": "{} 2024", "cite": "t.csv#B{}"}},
                                 {{"id": "sh", "value": "41,205", "role": "Weighted-average basic shares 2024 (thousands)", "cite": "t.csv#B11"}}]}}"#,
                numerator.0, numerator.1, numerator.2
            ),
        ))
    };
    // Net income over the shares ignores the preferred dividends: the
    // statement prints basic EPS at 2.93.
    assert_eq!(
        eps("$3.04", ("125,212", "Net income", "4")),
        (Route::Reanswer, vec!["value_mismatch"])
    );
    // Near miss: the income available to common shareholders gives it.
    assert_eq!(
        eps(
            "$2.93",
            (
                "120,712",
                "Net income available to common shareholders",
                "6"
            )
        ),
        (Route::Accept, vec![])
    );
}

/// Two tables of one title in one filing, each one segment's (the
/// segment named only in a heading outside both), as Verizon prints its
/// Consumer and Business statistics.
fn over_parallel_tables(second_title: &str, claim: &str) -> AnswerReport {
    let table = |title: &str, rows: &[(&str, &str, &str)]| {
        let body: String = rows
            .iter()
            .map(|(l, a, b)| format!("<tr><td>{l}</td><td>{a}</td><td>{b}</td></tr>"))
            .collect();
        format!(
            "<p>{title}</p><p>(dollars in millions)</p><table><tr><td></td><td>2021</td><td>2020</td></tr>{body}</table>"
        )
    };
    let html = format!(
        "<html><body>{}<div style=\"page-break-after:always\"></div>{}</body></html>",
        table(
            "Operating Revenues and Selected Operating Statistics",
            &[
                ("Service", "67,733", "64,884"),
                ("Wireless equipment", "19,781", "15,492")
            ]
        ),
        table(
            second_title,
            &[
                ("Service", "21,476", "22,202"),
                ("Wireless equipment", "3,321", "3,019")
            ]
        ),
    );
    verify_over_page(&html, claim)
}

/// One claim verified over an HTML page written as `t.htm`.
fn verify_over_page(html: &str, claim: &str) -> AnswerReport {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.htm"), html).unwrap();
    let path = serde_json::to_string(&dir.path().join("t.htm").display().to_string()).unwrap();
    verify(&format!(
        r#"{{"id": "t", "sources": [{{"id": "t.htm", "path": {path}}}], "claims": [{claim}]}}"#
    ))
}

#[test]
fn a_line_of_two_tables_of_one_title_is_neither_s_unless_the_claim_says() {
    let claims = [
        r#"{"id": "k", "text": "Wireless equipment revenue was $3.3 billion in 2021.", "value": "$3.3 billion", "role": "Wireless equipment revenue, 2021", "cites": ["t.htm#p2t1!B5"]}"#,
        // "Service" is a qualifier of the role, its only other word the
        // title's ("Operating Revenues"): the other table's "Service" row
        // is a rival all the same.
        r#"{"id": "k", "value": "$21.5 billion", "role": "Service revenues, 2021", "cites": ["t.htm#p2t1!B4"]}"#,
    ];
    let same = "Operating Revenues and Selected Operating Statistics";
    for claim in claims {
        assert_eq!(
            route_and_codes(&over_parallel_tables(same, claim)),
            (Route::Review, vec!["ambiguous_role"]),
            "{claim}"
        );
        // Near miss: another title tells the tables apart; the cite says
        // which.
        assert_eq!(
            route_and_codes(&over_parallel_tables(
                "Business Segment Operating Revenues",
                claim
            )),
            (Route::Accept, vec![]),
            "{claim}"
        );
    }
}

/// NVIDIA's repurchase table: rows dated by a range (or, in a near miss,
/// the first by its last day alone), the authorization left at each
/// range's end, "(In billions)".
fn over_repurchases(first_row: &str, claim: &str) -> AnswerReport {
    let html = format!(
        "<html><body><p>The following table presents details of our share repurchase transactions:</p><table>\
        <tr><td>Period</td><td>Total Number of Shares Purchased (In millions)</td><td>Approximate Dollar Value of Shares that May Yet Be Purchased Under the Program (In billions)</td></tr>\
        <tr><td>{first_row}</td><td>25.4</td><td>$42.8</td></tr>\
        <tr><td>November 25, 2024 - December 22, 2024</td><td>10.6</td><td>$41.4</td></tr>\
        </table></body></html>"
    );
    verify_over_page(&html, claim)
}

#[test]
fn a_row_dated_by_a_range_of_dates_is_at_neither_date() {
    // The reviewer's false accept: the balance after a range's purchases
    // claimed as of the range's first day. A range of dates names no one
    // period; the claim goes to review.
    let range = "October 28, 2024 - November 24, 2024";
    let start = r#"{"id": "k", "value": "$42.8 billion", "role": "approximate dollar value of shares that may yet be purchased under the program, as of October 28, 2024", "cites": ["t.htm#p1t1!C3"]}"#;
    assert_ne!(
        route_and_codes(&over_repurchases(range, start)).0,
        Route::Accept
    );
    let start = r#"{"id": "k", "value": "$41.4 billion", "role": "approximate dollar value of shares that may yet be purchased under the program, as of November 25, 2024", "cites": ["t.htm#p1t1!C4"]}"#;
    assert_ne!(
        route_and_codes(&over_repurchases(range, start)).0,
        Route::Accept
    );
    // Near miss: a row dated by its day alone is that day's, in billions.
    let end = r#"{"id": "k", "value": "$42.8 billion", "role": "approximate dollar value of shares that may yet be purchased under the program, as of November 24, 2024", "cites": ["t.htm#p1t1!C3"]}"#;
    assert_eq!(
        route_and_codes(&over_repurchases("November 24, 2024", end)),
        (Route::Accept, vec![])
    );
}

#[test]
fn a_quoted_number_is_the_one_its_sentence_writes_not_a_table_rounding() {
    // Corning's page: its table prints the effective rate (20.5%); its text
    // the statutory rate of 21%. A claim quoting the text's 21% as the
    // effective rate is not the table's 20.5% rounded.
    let filing = r#"{"id": "f.htm", "path": "../tests/fixtures/tax_rate_prose.htm"}"#;
    let at = |value: &str, role: &str, quote: Option<&str>| {
        let quote = quote
            .map(|q| format!(r#", "quote": "{q}""#))
            .unwrap_or_default();
        let json = format!(
            r#"{{"id": "t", "sources": [{filing}],
                "claims": [{{"id": "k", "value": "{value}", "role": "{role}", "cites": ["f.htm#p1"]{quote}}}]}}"#
        );
        route_and_codes(&verify(&json))
    };
    let statutory = "For the year ended December 31, 2021, the effective income tax rate differed from the U.S. statutory rate of 21%";
    let (route, codes) = at("21%", "Effective income tax rate, FY2021", Some(statutory));
    assert_ne!(route, Route::Accept, "{codes:?}");
    assert_eq!(codes, ["ambiguous_role"]);
    // Near misses: the table's rate as printed, with the quote that names
    // the line; the rate rounded with no quote is the table's; a number
    // written with a scale rounds a table's as filers' text does.
    let accept = (Route::Accept, vec![]);
    assert_eq!(
        at(
            "20.5%",
            "Effective income tax rate, FY2021",
            Some("the effective income tax rate differed")
        ),
        accept
    );
    assert_eq!(at("21%", "Effective income tax rate, FY2021", None), accept);
    assert_eq!(at("20.5%", "Effective tax rate, 2021", None), accept);
}

#[test]
fn gross_margin_in_dollars_is_gross_profit() {
    // Corning's and Apple's statements print gross profit as "Gross
    // margin"; in a role's words "gross margin" is the percentage, unless
    // the value is money.
    let csv = "Consolidated Statements of Income (in millions),,\n\
               ,Year ended December 31 2022,Year ended December 31 2021\n\
               Net sales,\"$14,189\",\"$14,082\"\n\
               Cost of sales,\"(9,683)\",\"(9,019)\"\n\
               Gross margin,\"4,506\",\"5,063\"\n";
    let margin = |role: &str, a_role: &str, a_value: &str| {
        route_and_codes(&over_csv(
            csv,
            &format!(
                r#"{{"id": "k", "value": "31.8%", "role": "{role}", "calc": "A / B",
                    "operands": [{{"id": "A", "value": "{a_value}", "role": "{a_role}", "cites": ["t.csv#B5"]}},
                                 {{"id": "B", "value": "$14,189 million", "role": "Net sales, 2022", "cites": ["t.csv#B3"]}}]}}"#
            ),
        ))
    };
    let accept = (Route::Accept, vec![]);
    assert_eq!(
        margin("Gross margin, 2022", "Gross margin, 2022", "$4,506 million"),
        accept
    );
    assert_eq!(
        margin(
            "Corning gross margin as a percentage of net sales, 2022",
            "Gross margin, 2022",
            "$4,506 million"
        ),
        accept
    );
    // Near misses: the operand claimed as the percentage, and a margin
    // over cost of sales.
    assert_ne!(
        margin("Gross margin, 2022", "Gross margin, 2022", "31.8%").0,
        Route::Accept
    );
    assert_ne!(
        margin(
            "Cost of sales as a percentage of net sales, 2022",
            "Gross margin, 2022",
            "$4,506 million"
        )
        .0,
        Route::Accept
    );
}
