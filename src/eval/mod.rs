//! Measuring tickmark against expectations: how well a reader's tables
//! match an expected table ([`table_match`]).

pub mod corpus;
pub mod pdf_fixtures;
pub mod rng;
pub mod seeded;
pub mod table_match;
