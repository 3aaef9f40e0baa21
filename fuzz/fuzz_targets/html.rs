//! The HTML reader (and the inline-XBRL fact reader under it) on any bytes:
//! never panics, whether the input is well-formed XHTML, HTML 4 tag soup or
//! noise; the first byte picks the file name's extension, so both the
//! `.htm` and the `.xhtml` paths run. Also reads the bytes as a plain XBRL
//! instance.
#![no_main]

use std::path::Path;
use std::sync::LazyLock;
use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use tickmark::{ReadOptions, Vocab, load_bytes};

static VOCAB: LazyLock<Vocab> = LazyLock::new(Vocab::builtin);

fuzz_target!(|data: &[u8]| {
    let Some((first, rest)) = data.split_first() else {
        return;
    };
    let name = if first % 2 == 0 { "fuzz.htm" } else { "fuzz.xhtml" };
    let options = ReadOptions {
        time_budget: Duration::from_secs(5),
        max_cells: 200_000,
        ..ReadOptions::default()
    };
    if let Ok(document) = load_bytes(rest, Path::new(name), name, &VOCAB, &options) {
        for cell in document.cells() {
            let _ = cell.reference().to_string();
            let _ = cell.xbrl().map(|t| t.concept.clone());
        }
    }
    let _ = tickmark::xbrl::Instance::parse_instance(rest, "fuzz.xml");
});
