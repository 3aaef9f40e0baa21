//! Measuring tickmark against expectations: how well a reader's tables
//! match an expected table ([`table_match`]), the seeded defect corpus and
//! its evaluation ([`corpus`], [`seeded`]), the external study of
//! same-number swaps in real tables ([`external`]), corpora of claims
//! written with their expected verdicts ([`claims`]), the labeler's report
//! card against inline-XBRL tags ([`tags`]) and against a workbook's
//! filing tags ([`xlsx_tags`]), a PDF read against the XBRL tags of the
//! same filing ([`pdf_tags`], over the cell-to-fact matching of
//! [`tag_match`]), and FinanceBench's questions as page-cited claims over
//! their filings ([`financebench`]).

pub mod claims;
pub mod corpus;
pub mod external;
pub mod financebench;
pub mod linkbase;
pub mod pdf_fixtures;
pub mod pdf_tags;
pub mod phrasing;
pub mod rng;
pub mod seeded;
pub mod table_match;
pub mod tag_match;
pub mod tag_roles;
pub mod tags;
pub mod xlsx_tags;
