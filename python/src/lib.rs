//! `tickmark._native`: the extension module behind the Python package
//! `tickmark` (python/tickmark/). It owns the crossing between Python and the
//! tickmark library, and nothing of the checks: [`extract`] reads a source
//! into labeled cells, [`verifier::Verifier`] checks answers. What goes
//! across is JSON text, so a Python caller gets exactly the fields the CLI
//! writes (`extract --format json`, `verify --format json`, `batch`).
//!
//! The library's errors become the package's exceptions (python/tickmark/
//! _errors.py) with the library's messages: `InputError` for what a caller
//! wrote (an answer, a store, a vocabulary, an option), `SourceError` for a
//! source that cannot be read.

mod convert;
mod verifier;

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyList;
use tickmark::report::extract::{self as cells, ExtractFormat};
use tickmark::{ReadOptions, load_source};

use convert::{internal_error, json_loads, source_error, vocab_from};

/// Reads one source (xlsx, xlsm, xlsb, xls, ods, csv, tsv, pdf, htm, html,
/// xhtml) into its labeled cells, as `tickmark extract --format json` prints
/// them: a list of dicts with the fields ref, text, value, scale,
/// value_base, percent, currency, decimals, measure, row_label, section,
/// col_label, period, concept and statement (optional: indent, dash,
/// parens, xbrl). Numbers are strings, so that no digit is lost.
///
/// The source id in each ``ref`` is ``path`` as given.
///
/// ``vocab`` is a vocabulary file (TOML, the format of the built-in
/// concepts.toml) or a list of them, added to the built-in vocabulary.
///
/// Raises SourceError when the source cannot be read (its message names the
/// file, and the sheet or line), InputError when a vocabulary file cannot.
/// The GIL is released while the source is read.
#[pyfunction]
#[pyo3(signature = (path, *, vocab = None))]
fn extract<'py>(
    py: Python<'py>,
    path: PathBuf,
    vocab: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let vocab = vocab_from(vocab)?;
    let id = path.to_string_lossy().into_owned();
    let read = py.detach(|| -> Result<String, Unread> {
        let document = load_source(&path, &id, &vocab, &ReadOptions::default())
            .map_err(|e| Unread::Source(e.to_string()))?;
        let mut out = Vec::new();
        cells::write(
            &mut out,
            std::slice::from_ref(&document),
            ExtractFormat::Json,
        )
        .map_err(|e| Unread::Internal(format!("cannot write the cells: {e}")))?;
        String::from_utf8(out).map_err(|e| Unread::Internal(format!("cannot write the cells: {e}")))
    });
    match read {
        Ok(json) => Ok(json_loads(py, &json)?.cast_into::<PyList>()?),
        Err(Unread::Source(message)) => Err(source_error(py, message)),
        Err(Unread::Internal(message)) => Err(internal_error(message)),
    }
}

/// Why `extract` has no cells to give.
enum Unread {
    /// The source cannot be read: the reader's message.
    Source(String),
    /// The cells could not be written (never expected).
    Internal(String),
}

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    m.add_class::<verifier::Verifier>()?;
    Ok(())
}
