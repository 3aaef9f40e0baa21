//! The data model every reader produces and every check consumes.
//!
//! A source file becomes a [`Document`]: its [`Table`]s of labeled [`Cell`]s
//! (and, for PDFs, the text of its pages). Each cell knows where it is
//! ([`CellRef`]), what it says ([`Amount`]), when it is ([`Period`]) and what it
//! is (a concept id from the vocabulary). Parsing of amounts and periods lives
//! in [`crate::number`] and [`crate::period`]; this module only holds the types.

mod amount;
mod cell;
mod cell_ref;
mod document;
mod period;
mod role;
mod table;

pub use amount::{Amount, Currency, Measure};
pub use cell::{Cell, CellRecord, ColumnInfo, RowInfo};
pub use cell_ref::{CellRef, Coord, RefParseError, TablePart, Target};
pub use document::{Document, Located, Page, SourceKind};
pub use period::Period;
pub use role::{ColRole, Direction, LabelSign, Qualifier, Role, RoleUnit, RowRole, TableRoles};
pub use table::{CellTag, GridValue, SegmentSection, StatementKind, Table, UnitLine};
