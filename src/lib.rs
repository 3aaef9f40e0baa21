//! tickmark checks the numbers an answer cites from a financial report.
//!
//! Sources (xlsx, xlsm, xlsb, xls, ods, csv) are read into labeled cells —
//! every number with its row label, section, column header, period, unit,
//! scale and concept — which the checks compare against what an answer says.
//!
//! The library computes; the binary (`src/main.rs`) talks. Nothing here prints
//! or exits.

pub mod answer;
pub mod batch;
pub mod check;
pub mod eval;
pub mod hash;
pub mod judge;
pub mod model;
pub mod number;
pub mod period;
pub mod prose;
pub mod read;
pub mod report;
mod text_pos;
pub mod verify;
pub mod vocab;
pub mod xbrl;

pub use model::{Cell, CellRef, Document, Period, Table};
pub use read::{ReadError, ReadOptions, document_from_rows, load_bytes, load_source};
pub use verify::{AnswerReport, ClaimReport, SourceCache, Verifier, VerifyOptions};
pub use vocab::Vocab;
