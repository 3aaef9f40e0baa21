//! Measuring tickmark against expectations: how well a reader's tables
//! match an expected table ([`table_match`]).

pub mod pdf_fixtures;
pub mod table_match;
