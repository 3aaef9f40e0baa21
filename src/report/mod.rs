//! Writers: render what the library computed. Nothing here decides anything;
//! each format is a view of the same values.

pub mod extract;
pub mod term;
pub mod verify;

/// A JSON writing error as an I/O error that keeps the I/O kind underneath
/// (a closed pipe stays `BrokenPipe`, so the command line can stop quietly).
pub(crate) fn json_error(e: serde_json::Error) -> std::io::Error {
    match e.io_error_kind() {
        Some(kind) => std::io::Error::new(kind, e),
        None => std::io::Error::other(e),
    }
}
