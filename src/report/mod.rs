//! Writers: render what the library computed. Nothing here decides anything;
//! each format is a view of the same values.
//!
//! Every JSON record tickmark writes (a labeled cell, an answer report, a
//! batch record, a summary, an eval report, and the object `verify --format
//! json` wraps them in) carries `"schema": 1` ([`Schema`]), so one record
//! read alone, as a JSON Lines line or picked out by `jq`, says which
//! contract it follows (docs/format.md, "Versions").

pub mod extract;
pub mod term;
pub mod verify;
pub mod verify_csv;

/// The version of the JSON contract (docs/contract.md, docs/format.md): the
/// `schema` field of every record. Raised when a field is renamed, removed
/// or changes type; a new field does not raise it.
pub const SCHEMA: u32 = 1;

/// The `schema` field of a record: serializes as [`SCHEMA`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Schema;

impl serde::Serialize for Schema {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u32(SCHEMA)
    }
}

/// A JSON writing error as an I/O error that keeps the I/O kind underneath
/// (a closed pipe stays `BrokenPipe`, so the command line can stop quietly).
pub(crate) fn json_error(e: serde_json::Error) -> std::io::Error {
    match e.io_error_kind() {
        Some(kind) => std::io::Error::new(kind, e),
        None => std::io::Error::other(e),
    }
}

/// A record with `"schema": 1` first and `body`'s fields after it: how an
/// `eval` report is written as JSON. `body` must serialize as an object.
#[derive(serde::Serialize)]
pub struct Versioned<'a, T: serde::Serialize> {
    /// The contract version.
    pub schema: Schema,
    /// The record's own fields.
    #[serde(flatten)]
    pub body: &'a T,
}

/// `body` as pretty JSON with `"schema": 1` first, and a newline.
pub fn versioned_json<T: serde::Serialize>(body: &T) -> serde_json::Result<String> {
    let mut text = serde_json::to_string_pretty(&Versioned {
        schema: Schema,
        body,
    })?;
    text.push('\n');
    Ok(text)
}
