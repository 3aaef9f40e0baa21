//! The self-checks of the first seed article, on the sample answers.
//!
//! 1. Replace every citation with a nonsense id: every claim's route moves to
//!    `recite` (the prose may be fine, the pointer is not), and nothing read
//!    from the claim's text — its stated value, its role — changes.
//! 2. Cite the right digits from a different row: tickmark catches every such
//!    swap as `same_number_swap`, while a value-only check (digits at the
//!    pointer) passes every one. Same digits in the same role elsewhere (a
//!    valid alternative citation) are accepted.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;

use tickmark::answer::{Answer, Claim, ContextItem, read_answers};
use tickmark::check::resolve::Store;
use tickmark::check::role::{fit, read_claim, roles_of};
use tickmark::check::value::parse_stated;
use tickmark::check::{Check, CheckSet, Code, Route};
use tickmark::model::CellRef;
use tickmark::{SourceCache, Verifier, VerifyOptions, Vocab};

const FILES: [&str; 4] = ["acme", "birchwood", "calder", "dunmore"];

fn answers(name: &str) -> Vec<Answer> {
    read_answers(Path::new(&format!("samples/answers/{name}.json")))
        .unwrap()
        .items
        .into_iter()
        .map(Result::unwrap)
        .collect()
}

fn base() -> &'static Path {
    Path::new("samples/answers")
}

fn replace_cites(claim: &mut Claim, n: &mut usize) {
    for cite in &mut claim.cites {
        *n += 1;
        *cite = format!("zz-{n}");
    }
    for op in &mut claim.operands {
        replace_cites(op, n);
    }
}

#[test]
fn nonsense_ids_move_every_claim_to_recite_and_change_nothing_read_from_text() {
    let vocab = Vocab::builtin();
    let store = Store::default();
    let verifier = Verifier::new(&vocab, &store, VerifyOptions::default());
    let mut claims = 0;
    for name in FILES {
        for answer in answers(name) {
            let mut nonsense = answer.clone();
            let mut n = 0;
            for claim in &mut nonsense.claims {
                replace_cites(claim, &mut n);
            }
            let report = verifier.verify(&nonsense, &SourceCache::default(), base());
            for (claim, verdict) in nonsense.claims.iter().zip(&report.claims) {
                let cited = !claim.cites.is_empty() || !claim.operands.is_empty();
                if !cited {
                    continue;
                }
                claims += 1;
                assert_eq!(
                    verdict.route,
                    Route::Recite,
                    "{} {}: {:#?}",
                    answer.id,
                    claim.id,
                    verdict
                );
                for finding in verdict
                    .findings
                    .iter()
                    .chain(verdict.operands.iter().flat_map(|o| &o.findings))
                {
                    assert_eq!(finding.code, Code::UnknownRef, "{} {}", answer.id, claim.id);
                }
            }
            // What is read from the text does not depend on the pointers.
            for (before, after) in answer.claims.iter().zip(&nonsense.claims) {
                assert_eq!(read_claim(before, &vocab), read_claim(after, &vocab));
                let stated = |c: &Claim| c.value.as_deref().and_then(parse_stated);
                assert_eq!(stated(before), stated(after));
            }
        }
    }
    assert!(claims >= 30, "only {claims} claims checked");
}

#[test]
fn same_digits_from_another_row_are_caught_where_a_value_only_check_passes() {
    let vocab = Vocab::builtin();
    let store = Store::default();
    let full = Verifier::new(&vocab, &store, VerifyOptions::default());
    let value_only = Verifier::new(
        &vocab,
        &store,
        VerifyOptions::with_checks(CheckSet::of(&[Check::Value])),
    );
    let mut report = Vec::new();
    for name in FILES {
        let (mut swaps, mut alternatives) = (0, 0);
        for answer in answers(name) {
            let cache = SourceCache::default();
            let verdicts = full.verify(&answer, &cache, base());
            for (i, (claim, verdict)) in answer.claims.iter().zip(&verdicts.claims).enumerate() {
                // Accepted claims with one cited cell: the right digits at the right place.
                let (Route::Accept, [_], Some(cell)) =
                    (verdict.route, claim.cites.as_slice(), &verdict.cell)
                else {
                    continue;
                };
                let cited = CellRef::parse(&cell.reference).unwrap();
                let source = answer
                    .sources
                    .iter()
                    .find(|s| *s.id == *cited.source)
                    .unwrap();
                let doc = cache
                    .load(&source.id, &source.path, base(), &vocab)
                    .unwrap();
                let original = doc.cells().find(|c| c.reference() == cited).unwrap();
                let spec = read_claim(claim, &vocab);
                for other in doc.cells() {
                    if other.reference() == cited || other.value() != original.value() {
                        continue;
                    }
                    if other.concept().is_none() {
                        continue; // an unrecognised row: ambiguous_role by design, not a swap
                    }
                    let mut swapped = answer.clone();
                    swapped.claims[i].cites = vec![other.reference().to_string()];
                    if let Some(context) = &mut swapped.context {
                        context.push(ContextItem::Ref(other.reference()));
                    }
                    let caught = full.verify(&swapped, &cache, base());
                    let passed = value_only.verify(&swapped, &cache, base());
                    let codes: Vec<Code> =
                        caught.claims[i].findings.iter().map(|f| f.code).collect();
                    if fit(&spec, &other, roles_of(other.table(), &vocab)).adequate() {
                        // The same role elsewhere: a valid alternative citation.
                        assert_eq!(
                            caught.claims[i].route,
                            Route::Accept,
                            "{} {} -> {}",
                            answer.id,
                            claim.id,
                            other.reference()
                        );
                        alternatives += 1;
                        continue;
                    }
                    assert!(
                        codes.contains(&Code::SameNumberSwap),
                        "{} {} -> {}: {codes:?}",
                        answer.id,
                        claim.id,
                        other.reference()
                    );
                    assert_eq!(
                        passed.claims[i].route,
                        Route::Accept,
                        "value-only passes the swap"
                    );
                    swaps += 1;
                }
            }
        }
        assert!(swaps > 0, "{name}: no same-number swap to test");
        report.push(format!(
            "{name}: {swaps} swaps caught, {alternatives} valid alternatives accepted"
        ));
    }
    eprintln!("{}", report.join("\n"));
}
