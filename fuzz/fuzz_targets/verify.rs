//! The whole verifier on any answer (JSON text) over a fixed source, the
//! sample workbook acme.xlsx: never panics, and every claim gets a route.
#![no_main]

use std::path::Path;
use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use tickmark::answer::read_answers_str;
use tickmark::check::CheckSet;
use tickmark::check::resolve::Store;
use tickmark::{SourceCache, Verifier, VerifyOptions, Vocab};

static VOCAB: LazyLock<Vocab> = LazyLock::new(Vocab::builtin);
static STORE: LazyLock<Store> = LazyLock::new(Store::default);
// Confined: a fuzzed answer names paths, and only the samples may be read.
static CACHE: LazyLock<SourceCache> = LazyLock::new(|| SourceCache::default().confined());

fuzz_target!(|text: &str| {
    let Ok(answers) = read_answers_str(text, "fuzz.json", false) else {
        return;
    };
    let verifier = Verifier::new(
        &VOCAB,
        &STORE,
        VerifyOptions::with_checks(CheckSet::ALL),
    );
    // Sources are read relative to the samples folder (fuzz/ is beside it).
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples");
    for answer in answers.items.into_iter().flatten() {
        let report = verifier.verify(&answer, &CACHE, &base);
        assert_eq!(report.claims.len(), answer.claims.len());
    }
});
