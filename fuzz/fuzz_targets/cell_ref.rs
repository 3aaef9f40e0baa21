//! The cell-reference parser on any text: never panics; a reference it
//! reads prints as text that reads back as the same reference.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tickmark::CellRef;

fuzz_target!(|text: &str| {
    if let Ok(reference) = CellRef::parse(text) {
        let printed = reference.to_string();
        let again = CellRef::parse(&printed);
        assert_eq!(
            again.as_ref().ok(),
            Some(&reference),
            "{text:?} → {printed:?}"
        );
    }
});
