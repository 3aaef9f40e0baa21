//! A loaded source: its tables and (for PDFs) its pages' text.

use std::path::PathBuf;

use serde::Serialize;

use super::{Cell, CellRef, Coord, GridValue, Table, TablePart, Target};
use crate::vocab::ConceptId;

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
    /// An HTML or XHTML filing (.htm, .html, .xhtml), inline XBRL or not.
    Html,
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
    /// A PDF's pages (empty for other sources).
    pub pages: Vec<Page>,
    /// Things worth telling the user that did not stop the read
    /// ("sheet 'Cover' has no numbers").
    pub warnings: Vec<String>,
    /// Cells by concept, built on first use by [`Document::cells_of`].
    pub concept_index: std::sync::OnceLock<ConceptIndex>,
    /// An HTML filing's tagged numbers by fact id (`filing.htm#f-503`):
    /// the index of the table and the cell holding each.
    pub fact_cells: std::collections::HashMap<String, (u32, Coord)>,
    /// The filer the report is about, as its cover names it (see
    /// `read::filer`); each of its tables carries it too.
    pub filer: Option<std::sync::Arc<str>>,
}

/// One page of a PDF: its text for quote checks, or why it has none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// 1-based page number.
    pub number: u32,
    /// The page's text, line by line ("" when it could not be read).
    pub text: String,
    /// Why the page could not be read, or holds no text (a scanned page, a
    /// page pdf-extract failed on, a page beyond `--max-pages`); a cite
    /// into such a page is `unreadable_source`.
    pub problem: Option<String>,
}

/// Where each concept's cells are: (table, record) positions, and the cells
/// whose row has no concept.
#[derive(Debug, Clone, Default)]
pub struct ConceptIndex {
    by_concept: crate::hash::Map<ConceptId, Vec<(u32, u32)>>,
    unknown: Vec<(u32, u32)>,
}

/// What a reference points at inside a loaded document.
#[derive(Debug, Clone, Copy)]
pub enum Located<'a> {
    /// A whole source.
    Source,
    /// A whole table.
    Table(&'a Table),
    /// One grid position of a table (which may hold a number, text or nothing).
    Cell(&'a Table, Coord),
    /// A rectangle of a table.
    Range(&'a Table, Coord, Coord),
    /// A PDF page (or an HTML filing's printed page): its text, and the
    /// tables found on it.
    Page(&'a Page),
}

impl Document {
    /// Every labeled cell of every table.
    pub fn cells(&self) -> impl Iterator<Item = Cell<'_>> {
        self.tables.iter().flat_map(|t| t.cells())
    }

    /// This document narrowed to what `reference` names (for `tickmark
    /// extract acme.xlsx#IS`): one table, the tables of a page, or one
    /// table's cells in a range or at a cell. `None` when it names nothing.
    pub fn narrowed(&self, reference: &CellRef) -> Option<Document> {
        let keep = |tables: Vec<Table>| Document {
            tables,
            concept_index: std::sync::OnceLock::new(),
            ..self.clone()
        };
        let only = |table: &Table, inside: &dyn Fn(Coord) -> bool| {
            let mut table = table.clone();
            table.records.retain(|r| inside(r.coord));
            table
        };
        match self.locate(reference)? {
            Located::Source => Some(self.clone()),
            Located::Table(table) => Some(keep(self.part_of(table).cloned().collect())),
            Located::Cell(table, coord) => Some(keep(vec![only(table, &|c| c == coord)])),
            Located::Range(table, a, b) => Some(keep(
                self.part_of(table)
                    .map(|t| only(t, &|c| c.within(a, b)))
                    .collect(),
            )),
            Located::Page(page) => Some(keep(
                self.tables
                    .iter()
                    .filter(|t| t.part.pdf_page() == Some(page.number))
                    .cloned()
                    .collect(),
            )),
        }
    }

    /// The cells whose row has `concept`, and (with `unknown`) the cells
    /// whose row has none — the candidates for a role, without a scan.
    pub fn cells_of<'a>(
        &'a self,
        concept: &ConceptId,
        unknown: bool,
    ) -> impl Iterator<Item = Cell<'a>> + 'a {
        let index = self.concept_index.get_or_init(|| {
            let mut index = ConceptIndex::default();
            for (t, table) in self.tables.iter().enumerate() {
                for (r, cell) in table.cells().enumerate() {
                    let at = (
                        u32::try_from(t).unwrap_or(u32::MAX),
                        u32::try_from(r).unwrap_or(u32::MAX),
                    );
                    match cell.concept() {
                        Some(c) => index.by_concept.entry(c.clone()).or_default().push(at),
                        None => index.unknown.push(at),
                    }
                }
            }
            index
        });
        let known = index
            .by_concept
            .get(concept)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        let rest = if unknown {
            index.unknown.as_slice()
        } else {
            &[]
        };
        known.iter().chain(rest.iter()).filter_map(move |&(t, r)| {
            let table = self.tables.get(t as usize)?;
            table
                .records
                .get(r as usize)
                .map(|record| Cell::new(table, record))
        })
    }

    /// True when a cell of this document lies inside a located scope.
    pub fn contains(located: Located<'_>, cell: &Cell<'_>) -> bool {
        let at = cell.coord();
        match located {
            Located::Source => true,
            Located::Table(table) => table.same_part(cell.table()),
            Located::Cell(table, coord) => std::ptr::eq(table, cell.table()) && coord == at,
            Located::Range(table, a, b) => table.same_part(cell.table()) && at.within(a, b),
            Located::Page(page) => cell.table().part.pdf_page() == Some(page.number),
        }
    }

    /// True when part of the source could not be read (a PDF page with no
    /// text layer, a reader failure, a page beyond a limit): what was read
    /// is not all the source says.
    pub fn is_partial(&self) -> bool {
        self.pages.iter().any(|p| p.problem.is_some())
    }

    /// The unreadable PDF page a reference points into (no text layer, a
    /// reader failure, beyond a limit), if it does: resolution reports it as
    /// `unreadable_source`, never as a wrong cite.
    pub fn unreadable_page(&self, reference: &CellRef) -> Option<&Page> {
        let number = match &reference.target {
            Target::Page(page) => *page,
            _ => reference.table_part().and_then(TablePart::pdf_page)?,
        };
        self.pages
            .iter()
            .find(|p| p.number == number && p.problem.is_some())
    }

    /// The tables of `table`'s part: itself, and the other statements of
    /// its sheet or csv when the grid holds several (see
    /// [`Table::from_row`]).
    pub fn part_of<'a>(&'a self, table: &'a Table) -> impl Iterator<Item = &'a Table> + 'a {
        self.tables.iter().filter(move |t| t.same_part(table))
    }

    /// The table of `part` that holds grid row `row` (0-based): of the
    /// statements one sheet or csv holds, the last beginning at or above
    /// it.
    pub fn table_at(&self, part: &TablePart, row: usize) -> Option<&Table> {
        let at = self.table_index(part)?;
        let first = self.tables.get(at)?;
        let mut found = first;
        for table in self.tables.iter().skip(at + 1) {
            if !table.same_part(first) || table.from_row > row {
                break;
            }
            found = table;
        }
        Some(found)
    }

    /// The table a reference's table part names. Sheet names compare
    /// case-insensitively; a csv's table part is empty; a PDF-style part
    /// (`p3`, `p3t1`) on a workbook names a sheet of that name.
    pub fn table(&self, part: &TablePart) -> Option<&Table> {
        self.table_index(part).and_then(|at| self.tables.get(at))
    }

    /// The index of the table [`Document::table`] finds.
    fn table_index(&self, part: &TablePart) -> Option<usize> {
        if let Some(at) = self.tables.iter().position(|t| t.part == *part) {
            return Some(at);
        }
        match part {
            TablePart::Only if self.tables.len() == 1 => Some(0),
            TablePart::Pdf { .. } => {
                let name = part.name();
                self.tables
                    .iter()
                    .position(|t| t.part == TablePart::Sheet(name.as_str().into()))
            }
            _ => None,
        }
    }

    /// Where a reference of this document points, settling the readings that
    /// syntax alone cannot (see `CellRef`): `#Q1` on a workbook with a sheet
    /// "Q1" is that sheet; `#C12` on a one-table source is its cell; `#p3` on
    /// a workbook is a sheet named "p3". `None` when nothing is there.
    pub fn locate(&self, reference: &CellRef) -> Option<Located<'_>> {
        match &reference.target {
            Target::Source => Some(Located::Source),
            Target::Table(part) => self
                .table(part)
                .map(Located::Table)
                .or_else(|| self.fact_cell(part))
                .or_else(|| self.csv_cell_named(part)),
            Target::Cell(part, coord) => {
                match self.table_at(part, (coord.row as usize).saturating_sub(1)) {
                    Some(table) => Some(Located::Cell(table, *coord)),
                    None if *part == TablePart::Only => self
                        .table(&TablePart::Sheet(coord.to_string().as_str().into()))
                        .map(Located::Table),
                    None => None,
                }
            }
            Target::Range(part, a, b) => self.table(part).map(|t| Located::Range(t, *a, *b)),
            Target::Page(page) if matches!(self.kind, SourceKind::Pdf | SourceKind::Html) => self
                .pages
                .iter()
                .find(|p| p.number == *page)
                .map(Located::Page),
            Target::Page(page) => self
                .table(&TablePart::Sheet(format!("p{page}").as_str().into()))
                .map(Located::Table),
        }
    }

    /// An HTML filing's `#f-503`: the cell holding the fact with that id.
    fn fact_cell(&self, part: &TablePart) -> Option<Located<'_>> {
        let TablePart::Sheet(name) = part else {
            return None;
        };
        let &(table, coord) = self.fact_cells.get(&**name)?;
        self.tables
            .get(table as usize)
            .map(|t| Located::Cell(t, coord))
    }

    /// The grid reference of the cell a fact reference (`filing.htm#f-503`)
    /// names, for containment in an assembled page or table: `None` for any
    /// other reference.
    pub fn fact_grid_ref(&self, reference: &CellRef) -> Option<CellRef> {
        let Target::Table(part) = &reference.target else {
            return None;
        };
        match self.fact_cell(part)? {
            Located::Cell(table, coord) => Some(CellRef::cell(
                std::sync::Arc::clone(&reference.source),
                table.part.clone(),
                coord,
            )),
            _ => None,
        }
    }

    /// A one-table source read `#C12` as a sheet name: it was a cell.
    fn csv_cell_named(&self, part: &TablePart) -> Option<Located<'_>> {
        let TablePart::Sheet(name) = part else {
            return None;
        };
        let only = self.table(&TablePart::Only)?;
        let parsed = CellRef::parse(&format!("x#{name}")).ok()?;
        match parsed.target {
            Target::Cell(_, coord) => self
                .table_at(&TablePart::Only, (coord.row as usize).saturating_sub(1))
                .map(|t| Located::Cell(t, coord)),
            Target::Range(_, a, b) => Some(Located::Range(only, a, b)),
            _ => None,
        }
    }

    /// The labeled cells inside a located scope.
    pub fn cells_in<'a>(&'a self, located: Located<'a>) -> Box<dyn Iterator<Item = Cell<'a>> + 'a> {
        match located {
            Located::Source => Box::new(self.cells()),
            Located::Table(table) => Box::new(self.part_of(table).flat_map(Table::cells)),
            Located::Cell(table, coord) => Box::new(table.cell_at(coord).into_iter()),
            Located::Range(table, a, b) => Box::new(self.part_of(table).flat_map(move |table| {
                table
                    .records
                    .iter()
                    .filter(move |record| record.coord.within(a, b))
                    .map(move |record| Cell::new(table, record))
            })),
            Located::Page(page) => Box::new(
                self.tables
                    .iter()
                    .filter(move |t| t.part.pdf_page() == Some(page.number))
                    .flat_map(Table::cells),
            ),
        }
    }

    /// The paragraph of its page a number of a filing's prose table (`pNt0`,
    /// a row per tagged number, labeled by the words before it) is printed
    /// in: the first line of the page that holds those words.
    fn paragraph_of(&self, table: &Table, row: usize) -> Option<&str> {
        let TablePart::Pdf { page, table: 0 } = table.part else {
            return None;
        };
        let label = match table.grid.get(row)?.first()? {
            GridValue::Text { text, .. } => text.trim(),
            _ => return None,
        };
        if label.is_empty() {
            return None;
        }
        let page = self.pages.iter().find(|p| p.number == page)?;
        page.text.lines().find(|line| line.contains(label))
    }

    /// For a cell, the lines its table is titled with (a lead-in sentence:
    /// "The expected timing of payments for these content obligations is
    /// as follows:"), which a reader sees as what the row is: a quote is
    /// looked for in them when it is not in [`Document::text_in`].
    pub fn title_of(&self, located: Located<'_>) -> Option<String> {
        let Located::Cell(table, _) = located else {
            return None;
        };
        let mut out = String::new();
        for line in table.title.iter().chain(&table.lead_in) {
            out.push_str(line);
            out.push('\n');
        }
        Some(out)
    }

    /// The text of every non-empty grid cell inside a located scope, row by
    /// row, cells joined by spaces.
    pub fn text_in(&self, located: Located<'_>) -> String {
        let mut out = String::new();
        let mut add_table = |table: &Table,
                             rows: std::ops::RangeInclusive<usize>,
                             cols: std::ops::RangeInclusive<usize>| {
            let last = (*rows.end()).min(table.grid.len().saturating_sub(1));
            for r in (*rows.start()).max(table.from_row)..=last {
                let Some(row) = table.grid.get(r) else {
                    continue;
                };
                for (c, value) in row.iter().enumerate() {
                    if !cols.contains(&c) || value.is_blank() {
                        continue;
                    }
                    if !out.is_empty() {
                        out.push(' ');
                    }
                    out.push_str(&value.shown());
                }
                out.push('\n');
            }
        };
        match located {
            // A PDF's text is its pages' text; a page's is its own.
            Located::Source if !self.pages.is_empty() => {
                for page in &self.pages {
                    out.push_str(&page.text);
                    out.push('\n');
                }
            }
            Located::Page(page) => out.push_str(&page.text),
            Located::Source => {
                for table in &self.tables {
                    add_table(table, 0..=usize::MAX - 1, 0..=usize::MAX - 1);
                }
            }
            Located::Table(table) => {
                for table in self.part_of(table) {
                    add_table(table, 0..=usize::MAX - 1, 0..=usize::MAX - 1);
                }
            }
            // A cell's scope is its whole row: "cell text, row text".
            Located::Cell(table, coord) => {
                let r = (coord.row as usize).saturating_sub(1);
                add_table(table, r..=r, 0..=usize::MAX - 1);
                // A number tagged in a filing's prose (`#f-390`) is cited
                // with its sentence: the paragraph it is printed in, as
                // printed ("approximately $0.7 billion"), not only the words
                // before it.
                if let Some(line) = self.paragraph_of(table, r) {
                    out.push_str(line);
                    out.push('\n');
                }
            }
            Located::Range(table, a, b) => {
                for table in self.part_of(table) {
                    add_table(
                        table,
                        (a.row as usize).saturating_sub(1)..=(b.row as usize).saturating_sub(1),
                        (a.col as usize).saturating_sub(1)..=(b.col as usize).saturating_sub(1),
                    );
                }
            }
        }
        out
    }
}
