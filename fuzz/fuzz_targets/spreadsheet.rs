//! The workbook and csv readers on any bytes: never panic (a reader panic is
//! contained and becomes an error). The first byte picks the format.
#![no_main]

use std::path::Path;
use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use tickmark::{ReadOptions, Vocab, load_bytes};

static VOCAB: LazyLock<Vocab> = LazyLock::new(Vocab::builtin);

fuzz_target!(|data: &[u8]| {
    let Some((kind, bytes)) = data.split_first() else {
        return;
    };
    let name = match kind % 5 {
        0 => "fuzz.xlsx",
        1 => "fuzz.xls",
        2 => "fuzz.ods",
        3 => "fuzz.xlsb",
        _ => "fuzz.csv",
    };
    if let Ok(document) = load_bytes(
        bytes,
        Path::new(name),
        name,
        &VOCAB,
        &ReadOptions::default(),
    ) {
        for cell in document.cells() {
            let _ = (
                cell.reference().to_string(),
                cell.period(),
                cell.value_base(),
            );
        }
    }
});
