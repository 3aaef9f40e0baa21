//! Crossing between Python values and the library's inputs: JSON text both
//! ways (through Python's own `json`, so a dict is written as Python writes
//! it), paths and lists of paths, the vocabulary, and the package's
//! exceptions.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyString};
use tickmark::Vocab;

/// An exception class of python/tickmark/_errors.py.
fn error_class<'py>(py: Python<'py>, name: &'static str) -> PyResult<Bound<'py, PyAny>> {
    static ERRORS: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
    let module = ERRORS.get_or_try_init(py, || py.import("tickmark._errors").map(Bound::unbind))?;
    module.bind(py).getattr(name)
}

fn raise(py: Python<'_>, class: &'static str, message: String) -> PyErr {
    match error_class(py, class).and_then(|class| class.call1((message,))) {
        Ok(error) => PyErr::from_value(error),
        Err(e) => e,
    }
}

/// `tickmark.InputError`: an answer, a store, a vocabulary or an option that
/// cannot be used.
pub fn input_error(py: Python<'_>, message: String) -> PyErr {
    raise(py, "InputError", message)
}

/// `tickmark.SourceError`: a source that cannot be read.
pub fn source_error(py: Python<'_>, message: String) -> PyErr {
    raise(py, "SourceError", message)
}

/// A bug in tickmark caught on its way out (a panic): never expected.
pub fn internal_error(message: String) -> PyErr {
    PyRuntimeError::new_err(format!(
        "internal error in tickmark ({message}); please report it"
    ))
}

/// A panic's message.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = panic.downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = panic.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// `json.loads(text)`.
pub fn json_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    LOADS.import(py, "json", "loads")?.call1((text,))
}

/// An answer as the JSON text the library reads: a `str` or `bytes` as it
/// is, anything else through `json.dumps` (a dict, a list; `None` is
/// `null`). `Err` holds why the value cannot be written as JSON, for the
/// answer's error record.
pub fn answer_text(py: Python<'_>, answer: &Bound<'_, PyAny>) -> PyResult<Result<Vec<u8>, String>> {
    if let Ok(text) = answer.cast::<PyString>() {
        return Ok(Ok(text.to_str()?.as_bytes().to_vec()));
    }
    if let Ok(bytes) = answer.cast::<PyBytes>() {
        return Ok(Ok(bytes.as_bytes().to_vec()));
    }
    static DUMPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let dumps = DUMPS.import(py, "json", "dumps")?;
    let kwargs = pyo3::types::PyDict::new(py);
    kwargs.set_item("ensure_ascii", false)?;
    kwargs.set_item("allow_nan", false)?;
    match dumps.call((answer,), Some(&kwargs)) {
        Ok(text) => Ok(Ok(text.cast::<PyString>()?.to_str()?.as_bytes().to_vec())),
        // Not JSON data (a set, a float NaN, an object): the answer's own
        // fault, reported for it alone.
        Err(e)
            if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py)
                || e.is_instance_of::<pyo3::exceptions::PyValueError>(py) =>
        {
            Ok(Err(format!(
                "the answer cannot be written as JSON: {}",
                e.value(py)
            )))
        }
        Err(e) => Err(e),
    }
}

/// One path or a list of paths (`str`, `bytes` or `os.PathLike` each).
pub fn paths(value: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if let Ok(path) = value.extract::<PathBuf>() {
        return Ok(vec![path]);
    }
    let mut paths = Vec::new();
    for item in value.try_iter()? {
        paths.push(item?.extract::<PathBuf>()?);
    }
    Ok(paths)
}

/// The built-in vocabulary, extended with `vocab` (a file or a list of
/// files) when given.
pub fn vocab_from(vocab: Option<&Bound<'_, PyAny>>) -> PyResult<Arc<Vocab>> {
    static BUILTIN: OnceLock<Arc<Vocab>> = OnceLock::new();
    let builtin = BUILTIN.get_or_init(|| Arc::new(Vocab::builtin()));
    let Some(vocab) = vocab.filter(|v| !v.is_none()) else {
        return Ok(Arc::clone(builtin));
    };
    let mut extended = Vocab::clone(builtin);
    for file in paths(vocab)? {
        extended
            .extend_from_file(&file)
            .map_err(|e| input_error(vocab.py(), e.to_string()))?;
    }
    Ok(Arc::new(extended))
}
