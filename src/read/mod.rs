//! Readers: turn a source file into a [`Document`] of labeled tables.
//!
//! Each reader produces raw grids; [`label`] (shared by all readers) finds the
//! header rows, row labels, sections, unit line, periods and concepts.

use std::path::Path;

use crate::model::Document;
use crate::vocab::Vocab;

/// Why a source could not be read. Every variant names the file.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file does not exist or cannot be opened.
    #[error("{path}: cannot open: {source}")]
    Open {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// Options for reading sources.
#[derive(Debug, Clone, Default)]
pub struct ReadOptions {}

/// Reads and labels one source file.
pub fn load_source(
    path: &Path,
    id: &str,
    vocab: &Vocab,
    options: &ReadOptions,
) -> Result<Document, ReadError> {
    let _ = (id, vocab, options);
    Err(ReadError::Open {
        path: path.display().to_string(),
        source: std::io::Error::other("not implemented"),
    })
}
