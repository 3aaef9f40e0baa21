//! The PDF reader on any bytes: never panics (pdf-extract's panics are
//! contained and become page problems or errors), within small limits so
//! that one input cannot run for minutes.
#![no_main]

use std::path::Path;
use std::sync::LazyLock;
use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use tickmark::read::pdf::PdfLimits;
use tickmark::{ReadOptions, Vocab, load_bytes};

static VOCAB: LazyLock<Vocab> = LazyLock::new(Vocab::builtin);

fuzz_target!(|data: &[u8]| {
    let options = ReadOptions {
        pdf: PdfLimits {
            max_pages: 20,
            ..PdfLimits::default()
        },
        time_budget: Duration::from_secs(5),
        ..ReadOptions::default()
    };
    if let Ok(document) = load_bytes(data, Path::new("fuzz.pdf"), "fuzz.pdf", &VOCAB, &options) {
        for cell in document.cells() {
            let _ = cell.reference().to_string();
        }
    }
});
