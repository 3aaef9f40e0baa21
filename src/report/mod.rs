//! Writers: render what the library computed. Nothing here decides anything;
//! each format is a view of the same values.

pub mod extract;
pub mod verify;
