//! Measuring tickmark against expectations: how well a reader's tables
//! match an expected table ([`table_match`]), and the external study of
//! same-number swaps in real tables ([`external`]).

pub mod external;
pub mod pdf_fixtures;
pub mod table_match;
