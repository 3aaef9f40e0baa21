//! Calculations (infix and FinQA programs) on any text, evaluated over three
//! operands: never panics, whatever the numbers (overflow and division by
//! zero are errors).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rust_decimal::Decimal;
use tickmark::answer::calc::{Calc, Operand};

fuzz_target!(|input: (&str, i64, i64, u32)| {
    let (text, a, b, scale) = input;
    let Ok(calc) = Calc::parse(text) else {
        return;
    };
    let a = Decimal::new(a, scale % 29);
    let b = Decimal::new(b, 0);
    let operands = [
        Operand {
            id: "a",
            stated: a,
            base: a,
            role: "Revenue 2024",
        },
        Operand {
            id: "b",
            stated: b,
            base: b,
            role: "Revenue 2023",
        },
        Operand {
            id: "c",
            stated: Decimal::ZERO,
            base: Decimal::ZERO,
            role: "Other",
        },
    ];
    let _ = calc.evaluate(&operands);
});
