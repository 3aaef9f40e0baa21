//! Scores the PDF reader on the peers' fixtures: per expected table, numeric
//! cells found in the right row and column (recall = accuracy) and the share
//! of extracted numbers that are right (precision); with `--peers DIR`, the
//! same for every peer setting that peers/run_peers.py wrote there.
//!
//! ```text
//! cargo run --release --example pdf_fixtures [-- --peers /tmp/tickmark-peers-out]
//! ```

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use tickmark::Vocab;
use tickmark::eval::pdf_fixtures::{read_manifest, score_peer, score_tickmark};

const SETTINGS: [&str; 5] = [
    "pdfplumber-default",
    "pdfplumber-tuned",
    "camelot-stream-default",
    "camelot-lattice-default",
    "camelot-tuned",
];

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let peers: Option<PathBuf> = args
        .windows(2)
        .find(|w| w.first().is_some_and(|a| a == "--peers"))
        .and_then(|w| w.get(1).map(PathBuf::from));
    // ../shared beside the repository, or $TICKMARK_SHARED (a worktree's
    // parent has none).
    let shared = std::env::var("TICKMARK_SHARED").map_or_else(
        |_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
        PathBuf::from,
    );
    let root = shared.join("external/pdf-tables");
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("peers/pdf-fixtures.tsv");
    let fixtures = read_manifest(&manifest).context("reading peers/pdf-fixtures.tsv")?;
    let vocab = Vocab::builtin();
    let ours = score_tickmark(&fixtures, &root, &vocab);
    let mut header =
        "| fixture | page | kind | numbers | tickmark recall | tickmark precision |".to_string();
    let mut rule = "|---|---|---|---|---|---|".to_string();
    if peers.is_some() {
        for s in SETTINGS {
            header.push_str(&format!(" {s} |"));
            rule.push_str("---|");
        }
    }
    println!("{header}\n{rule}");
    for (fixture, score) in &ours {
        let (numbers, recall, precision) = match score {
            Ok(s) => (
                s.expected.to_string(),
                format!("{:.3}", s.recall()),
                format!("{:.3}", s.precision()),
            ),
            Err(e) => ("?".into(), format!("error: {e}"), String::new()),
        };
        let mut line = format!(
            "| {}/{} ({}) | {} | {} | {numbers} | {recall} | {precision} |",
            fixture.dir, fixture.file, fixture.expected, fixture.page, fixture.kind
        );
        if let Some(dir) = &peers {
            for s in SETTINGS {
                let cell = match score_peer(fixture, &root, &dir.join(s)) {
                    Ok(p) => format!(" {:.3} / {:.3} |", p.recall(), p.precision()),
                    Err(e) => format!(" error: {e} |"),
                };
                line.push_str(&cell);
            }
        }
        println!("{line}");
    }
    Ok(())
}
