//! Financial amounts as written — "(1,234)", "$4.2 billion", "12.5%", "—",
//! "1,234(a)" — into signed `rust_decimal::Decimal`s with the precision as
//! written. Never `f64`: spreadsheet floats come in through their shortest
//! round-tripping decimal text ([`decimal_from_f64`]).
//!
//! This module reads one amount at a time; which scale a table applies (its
//! unit line) is the labeler's business ([`crate::read::label`]).

use rust_decimal::Decimal;

use crate::model::{Amount, Currency};

/// Reads a financial amount; `None` when the text is not one ("n/m", "Note 4",
/// "December 31, 2023", "").
pub fn parse_amount(text: &str) -> Option<Amount> {
    let _ = text;
    None
}

/// The exact decimal a spreadsheet float stands for: the shortest decimal text
/// that round-trips to the same `f64`, with its number of decimals. `None` for
/// NaN, infinities and magnitudes a `Decimal` cannot hold.
pub fn decimal_from_f64(value: f64) -> Option<(Decimal, u32)> {
    let _ = value;
    None
}

/// The multiplier of a scale word: "thousand(s)", "k", "million(s)", "mn",
/// "m", "mm", "billion(s)", "bn", "b", "trillion(s)", "tn" (case-insensitive).
pub fn scale_word(word: &str) -> Option<Decimal> {
    let _ = word;
    None
}

/// A currency symbol or code: "$", "US$", "€", "£", "¥", "USD", "EUR", ...
pub fn currency(token: &str) -> Option<Currency> {
    let _ = token;
    None
}
