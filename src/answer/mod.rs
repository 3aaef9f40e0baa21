//! Answers and calculation traces: the input of `tickmark verify`.

pub mod calc;
