//! The answer reader on any bytes, as JSON and as JSON Lines: never panics;
//! every line of JSON Lines input is one answer or one error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tickmark::answer::read_answers_str;

fuzz_target!(|text: &str| {
    let _ = read_answers_str(text, "fuzz.json", false);
    if let Ok(answers) = read_answers_str(text, "fuzz.jsonl", true) {
        let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
        assert_eq!(answers.items.len(), lines);
    }
});
