//! Measuring tickmark against expectations: how well a reader's tables
//! match an expected table ([`table_match`]), the seeded defect corpus and
//! its evaluation ([`corpus`], [`seeded`]), the external study of
//! same-number swaps in real tables ([`external`]), corpora of claims
//! written with their expected verdicts ([`claims`]), and the labeler's
//! report card against inline-XBRL tags ([`tags`]).

pub mod claims;
pub mod corpus;
pub mod external;
pub mod pdf_fixtures;
pub mod phrasing;
pub mod rng;
pub mod seeded;
pub mod table_match;
pub mod tag_roles;
pub mod tags;
