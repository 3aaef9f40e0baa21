//! Reading a source into labeled cells with the library: every number with
//! its row label, period, scale and concept, as `tickmark extract` prints
//! them.
//!
//! ```sh
//! cargo run --example extract_cells [-- SOURCE [CONCEPT]]
//! cargo run --example extract_cells -- samples/acme.xlsx Revenues
//! ```

use std::path::Path;
use std::process::ExitCode;

use tickmark::{ReadOptions, Vocab, load_source};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let source = args
        .next()
        .unwrap_or_else(|| "samples/acme.xlsx".to_string());
    let concept = args.next();
    let vocab = Vocab::builtin();
    // The id is what references name the source by: `acme.xlsx#IS!B7`.
    let id = Path::new(&source)
        .file_name()
        .map_or(source.clone(), |n| n.to_string_lossy().into_owned());
    let document = match load_source(Path::new(&source), &id, &vocab, &ReadOptions::default()) {
        Ok(document) => document,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    for cell in document.cells() {
        let this = cell.concept().map(|c| c.to_string());
        if concept.is_some() && this != concept {
            continue;
        }
        println!(
            "{}  {}  {}  {} ({})",
            cell.reference(),
            cell.row_label().unwrap_or("—"),
            cell.period().map_or("—".to_string(), |p| p.to_string()),
            cell.value_base()
                .map_or("—".to_string(), |v| v.normalize().to_string()),
            this.as_deref().unwrap_or("no concept"),
        );
    }
    // The same cell object `extract --format json` prints:
    if let Some(first) = document.cells().next()
        && let Ok(json) = serde_json::to_string(&first)
    {
        println!("{json}");
    }
    ExitCode::SUCCESS
}
