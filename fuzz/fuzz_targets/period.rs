//! The period parser on any header text, under every statement kind: never
//! panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tickmark::model::StatementKind;
use tickmark::period::{PeriodHint, parse_period};

fuzz_target!(|text: &str| {
    for statement in [
        StatementKind::Income,
        StatementKind::Balance,
        StatementKind::Other,
    ] {
        if let Some(period) = parse_period(text, PeriodHint { statement }) {
            let _ = period.to_string();
        }
    }
});
