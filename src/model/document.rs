//! A loaded source: its tables and (for PDFs) its pages' text.

use std::path::PathBuf;

use serde::Serialize;

use super::Table;

/// Which reader a source needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// Office Open XML workbook (.xlsx, .xlsm).
    Xlsx,
    /// Binary workbook (.xlsb).
    Xlsb,
    /// Legacy Excel workbook (.xls).
    Xls,
    /// OpenDocument spreadsheet (.ods).
    Ods,
    /// Comma- or tab-separated text (.csv, .tsv).
    Csv,
    /// PDF.
    Pdf,
}

/// A source read into tables.
#[derive(Debug, Clone)]
pub struct Document {
    /// The source id references use.
    pub id: String,
    /// Where it was read from.
    pub path: PathBuf,
    /// Which reader read it.
    pub kind: SourceKind,
    /// Its tables, in sheet (or page) order.
    pub tables: Vec<Table>,
    /// Things worth telling the user that did not stop the read
    /// ("sheet 'Cover' has no numbers").
    pub warnings: Vec<String>,
}

impl Document {
    /// Every labeled cell of every table.
    pub fn cells(&self) -> impl Iterator<Item = super::Cell<'_>> {
        self.tables.iter().flat_map(|t| t.cells())
    }
}
