//! The amount parser on any text: never panics; what it reads prints and
//! reads back as the same number.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tickmark::number::parse_amount;

fuzz_target!(|text: &str| {
    if let Some(amount) = parse_amount(text) {
        // A parsed value prints as a plain decimal that parses to itself.
        let printed = amount.value.to_string();
        let again = parse_amount(&printed).map(|a| a.value);
        assert_eq!(again, Some(amount.value), "{text:?} → {printed:?}");
    }
});
