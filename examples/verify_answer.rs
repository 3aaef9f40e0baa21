//! Checking an answer's citations with the library, as `tickmark verify`
//! does: read the answers, check each against its sources, and act on the
//! route of every claim. A `recite` claim only needs its pointer fixed; the
//! finding's `suggest` names the cell to cite instead.
//!
//! ```sh
//! cargo run --example verify_answer [-- ANSWERS.json]
//! cargo run --example verify_answer -- samples/answers/birchwood.json
//! ```

use std::path::Path;
use std::process::ExitCode;

use tickmark::answer::read_answers;
use tickmark::check::Route;
use tickmark::check::resolve::Store;
use tickmark::{SourceCache, Verifier, VerifyOptions, Vocab};

fn main() -> ExitCode {
    let trace = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "samples/answers/birchwood.json".to_string());
    let trace = Path::new(&trace);
    let answers = match read_answers(trace) {
        Ok(answers) => answers,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let vocab = Vocab::builtin();
    // No chunk store: every cite is resolved against the sources alone.
    let store = Store::default();
    let verifier = Verifier::new(&vocab, &store, VerifyOptions::default());
    // Sources are read once and shared by every answer that names them.
    let cache = SourceCache::default();
    // An answer's source paths are relative to the answers file.
    let base = trace.parent().unwrap_or(Path::new("."));
    let mut worst = Route::Accept;
    for answer in answers.items {
        let answer = match answer {
            Ok(answer) => answer,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        let report = verifier.verify(&answer, &cache, base);
        println!("{}: {}", report.id, report.route.name());
        for claim in &report.claims {
            for finding in &claim.findings {
                let instead = finding
                    .suggest
                    .as_deref()
                    .map_or(String::new(), |s| format!(" (cite {s} instead)"));
                println!(
                    "  {} {}[{}]{instead}: {}",
                    claim.id,
                    finding.route.name(),
                    finding.code.name(),
                    finding.message
                );
            }
        }
        worst = worst.max(report.route);
    }
    if worst == Route::Accept {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
