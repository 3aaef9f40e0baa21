//! PDF pages into labeled tables and page text.
//!
//! The pipeline per page: `glyphs` (positioned characters and ruling lines
//! from pdf-extract, `/Rotate` applied) → `lines` (words, phrases, lines)
//! → table regions: ruled grids (`lattice`) first, then the remaining
//! lines as unruled tables (`stream`) → raw grids that go through the same
//! labeler as spreadsheets. Tables are numbered per page, top to bottom
//! (`p3t1`, `p3t2`), and every page keeps its text for quote checks
//! (`report.pdf#p3`).
//!
//! Robustness: an encrypted file is opened with the empty user password
//! (what "no copying" PDFs use) or refused with a clear error; every page
//! runs under `catch_unwind`, so a page that makes pdf-extract panic becomes
//! a problem of that page alone; a page with no text layer (a scan) has no
//! tables and its problem says so; `--max-pages` and a per-file time budget
//! bound the work, and the pages beyond them say why they were not read.

mod appended;
mod exhibits;
mod fonts;
mod glyphs;
mod guard;
mod header;
mod headings;
mod lattice;
mod lead_in;
mod lines;
mod paint;
mod stream;
mod units;
mod xref_scan;

use std::path::Path;

use pdf_extract::{Document as PdfDocument, Object};

use super::{Merge, RawTable, ReadError};
use crate::model::{GridValue, Page, TablePart};

pub use glyphs::{Glyph, PageInk, Rule};
pub use lines::{Line, Phrase, PhraseKind, lines};

/// Limits on the work one PDF may cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PdfLimits {
    /// Pages read at most; later pages are reported as not read.
    pub max_pages: u32,
    /// Glyphs (and, separately, rules) kept per page; a page drawing more
    /// (a content stream that loops) is cut there and says so.
    pub max_glyphs_per_page: usize,
    /// The most one stream a page makes pdf-extract decode (its contents,
    /// forms, fonts, maps) may decode to; a page with a larger one (a flate
    /// bomb) is not read.
    pub max_inflated_bytes: u64,
    /// The most content one page may run, its own and its forms' each time
    /// one is drawn (`--max-page-content-mb`).
    pub max_content_bytes: u64,
}

impl Default for PdfLimits {
    fn default() -> Self {
        PdfLimits {
            max_pages: 2000,
            max_glyphs_per_page: 200_000,
            max_inflated_bytes: 64 << 20,
            max_content_bytes: 4 << 20,
        }
    }
}

/// A table grid found on a page, before labeling.
#[derive(Debug, Clone)]
pub(crate) struct TableGrid {
    /// Top of the table on the page (orders tables top to bottom).
    pub(crate) top: f64,
    /// Baseline of its last row (lattice: its last rule).
    pub(crate) bottom: f64,
    /// Rows of cells.
    pub(crate) grid: Vec<Vec<GridValue>>,
    /// Merged (spanning) regions.
    pub(crate) merges: Vec<Merge>,
}

/// One page read: its tables and its text.
#[derive(Debug, Clone, Default)]
pub struct PageRead {
    /// The page's table grids, top to bottom.
    pub tables: Vec<RawTable>,
    /// The page's text, line by line.
    pub text: String,
    /// The sentence introducing each table, by index in `tables` (see
    /// [`lead_in`]).
    pub lead_ins: Vec<Option<String>>,
    /// The page's headings, top to bottom ([`headings`]).
    pub headings: Vec<headings::Heading>,
    /// Each table's top and bottom, by index in `tables`.
    pub spans: Vec<(f64, f64)>,
}

/// What reading a PDF produced: raw tables, pages and warnings.
#[derive(Debug, Default)]
pub(crate) struct PdfRead {
    pub(crate) tables: Vec<RawTable>,
    pub(crate) pages: Vec<Page>,
    pub(crate) warnings: Vec<String>,
    /// The sentences introducing tables, by (page, table on the page).
    pub(crate) lead_ins: std::collections::HashMap<(u32, u32), String>,
    /// Where a table sits among the segments' sections, by (page, table
    /// on the page), for tables under or across a segment's heading
    /// ([`headings`]).
    pub(crate) segments: std::collections::HashMap<(u32, u32), crate::model::SegmentSection>,
}

fn pdf_error(path: &Path, reason: impl Into<String>) -> ReadError {
    ReadError::Pdf {
        path: path.display().to_string(),
        reason: reason.into(),
    }
}

/// Opens a PDF from its bytes, decrypting it with the empty user password
/// when it is encrypted. A file of whole PDFs appended one after another
/// opens as one document of all their pages (see [`appended`]).
pub fn open(bytes: &[u8], path: &Path) -> Result<PdfDocument, ReadError> {
    if !bytes.starts_with(b"%PDF")
        && bytes
            .get(..1024)
            .is_none_or(|h| find(h, b"%PDF-").is_none())
    {
        return Err(pdf_error(
            path,
            "not a PDF (no %PDF header); is the file mislabeled?",
        ));
    }
    guard::start_load();
    let mut doc = match load(bytes, path) {
        Ok(doc) => doc,
        Err(refused @ ReadError::Pdf { .. }) => {
            let parts = appended::parts(bytes);
            if parts.is_empty() {
                return Err(refused);
            }
            guard::start_load();
            let mut docs = Vec::with_capacity(parts.len());
            for part in parts {
                match load(part, path) {
                    Ok(doc) => docs.push(doc),
                    Err(ReadError::Pdf { .. }) => {}
                    Err(other) => return Err(other),
                }
            }
            match super::contained(|| appended::join(docs)) {
                Ok(Some(doc)) => doc,
                _ => return Err(refused),
            }
        }
        Err(other) => return Err(other),
    };
    fonts::repair(&mut doc);
    Ok(doc)
}

/// Loads one PDF (a whole file or one appended part) under the guards.
fn load(bytes: &[u8], path: &Path) -> Result<PdfDocument, ReadError> {
    let options = pdf_extract::LoadOptions {
        filter: Some(guard::load_filter),
        ..Default::default()
    };
    if let Some(problem) = xref_scan::problem(bytes, guard::OBJECT_STREAM_CAP) {
        return Err(pdf_error(path, problem));
    }
    let doc = match super::contained(|| PdfDocument::load_mem_with_options(bytes, options)) {
        Ok(Ok(doc)) => doc,
        Ok(Err(e)) => {
            return Err(pdf_error(
                path,
                format!("not a readable PDF ({e}); is the file truncated or damaged?"),
            ));
        }
        Err(panic) => {
            return Err(ReadError::ReaderPanic {
                path: path.display().to_string(),
                format: "PDF",
                reason: panic,
            });
        }
    };
    if let Some(problem) = guard::document_problem(&doc) {
        return Err(pdf_error(path, problem));
    }
    if doc.is_encrypted() && !doc.was_encrypted() {
        return Err(ReadError::Encrypted {
            path: path.display().to_string(),
            what: "PDF",
        });
    }
    Ok(doc)
}

/// Where `needle` first occurs in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// A page's `/Rotate`, inherited from the page tree.
fn rotation(doc: &PdfDocument, page: pdf_extract::ObjectId) -> i64 {
    let mut id = Some(page);
    for _ in 0..32 {
        let Some(dict) = id.and_then(|i| doc.get_dictionary(i).ok()) else {
            break;
        };
        if let Ok(value) = dict.get(b"Rotate") {
            let value = match value {
                Object::Reference(r) => doc.get_object(*r).ok(),
                other => Some(other),
            };
            return match value {
                Some(Object::Integer(n)) => *n,
                Some(Object::Real(r)) => *r as i64,
                _ => 0,
            };
        }
        id = dict.get(b"Parent").and_then(Object::as_reference).ok();
    }
    0
}

/// Collects one page's ink, containing a panic of pdf-extract.
///
/// `number` is the page's number in the file and `id` its object. The
/// document is only borrowed mutably to show pdf-extract the page alone
/// (see [`one_page_tree`]) and with the path operators it reads
/// ([`paint::respell`]); it is as it was when this returns.
pub fn page_ink(
    doc: &mut PdfDocument,
    number: u32,
    id: pdf_extract::ObjectId,
    limits: &PdfLimits,
) -> Result<(PageInk, bool), String> {
    let mut collector = glyphs::Collector::new(rotation(doc, id), limits.max_glyphs_per_page);
    let respelled = paint::respell(doc, id);
    let outcome = match one_page_tree(doc, id) {
        Some(tree) => {
            let outcome = super::contained(|| pdf_extract::output_doc_page(doc, &mut collector, 1));
            tree.restore(doc);
            outcome
        }
        None => super::contained(|| pdf_extract::output_doc_page(doc, &mut collector, number)),
    };
    if let Some(respelled) = respelled {
        respelled.restore(doc);
    }
    match outcome {
        Ok(Ok(())) => Ok((collector.ink, collector.overflowed)),
        Ok(Err(e)) => Err(format!("pdf-extract could not read the page: {e}")),
        Err(panic) => Err(format!("pdf-extract crashed on the page ({panic})")),
    }
}

/// The catalog's page tree, while [`one_page_tree`] shows one page.
struct OnePageTree {
    /// The catalog's `/Pages` before.
    pages: Object,
    /// The one-page tree node put in its place.
    node: pdf_extract::ObjectId,
}

/// Points the catalog's `/Pages` at a new tree node whose only kid is
/// `page`, so that pdf-extract finds the page as page 1 at once.
///
/// pdf-extract's `output_doc_page` looks its page up in `get_pages`, a walk
/// of the whole page tree: reading every page of an n-page file cost n
/// walks, and a page of a 10,000-page file took 11 ms against 0.7 ms in a
/// 1,000-page one. The page keeps its `/Parent`, so what it inherits
/// (resources, media box, rotation) is found as before. `None` when the
/// catalog has no `/Pages` to swap (pdf-extract then looks the page up as
/// usual).
fn one_page_tree(doc: &mut PdfDocument, page: pdf_extract::ObjectId) -> Option<OnePageTree> {
    let node = (doc.max_id.checked_add(1)?, 0);
    if doc.objects.contains_key(&node) {
        return None;
    }
    let catalog = doc.catalog_mut().ok()?;
    let pages = catalog.get(b"Pages").ok()?.clone();
    catalog.set("Pages", Object::Reference(node));
    let mut tree = pdf_extract::Dictionary::new();
    tree.set("Type", Object::Name(b"Pages".to_vec()));
    tree.set("Kids", Object::Array(vec![Object::Reference(page)]));
    tree.set("Count", Object::Integer(1));
    doc.objects.insert(node, Object::Dictionary(tree));
    Some(OnePageTree { pages, node })
}

impl OnePageTree {
    /// Puts the catalog's page tree back.
    fn restore(self, doc: &mut PdfDocument) {
        doc.objects.remove(&self.node);
        if let Ok(catalog) = doc.catalog_mut() {
            catalog.set("Pages", self.pages);
        }
    }
}

/// Reads one page's tables and text from its ink.
pub fn read_page(ink: &PageInk, number: u32) -> PageRead {
    let all = lines::lines(&ink.glyphs);
    let text = all.iter().map(Line::text).collect::<Vec<_>>().join("\n");
    if exhibits::is_exhibit_index(&all) {
        return PageRead {
            tables: Vec::new(),
            text,
            ..PageRead::default()
        };
    }
    let mut grids: Vec<TableGrid> = Vec::new();
    let lattices = lattice::lattices(&ink.rules);
    let mut free: Vec<&Line> = Vec::with_capacity(all.len());
    let mut inside: Vec<Vec<&Line>> = vec![Vec::new(); lattices.len()];
    for line in &all {
        match lattices.iter().position(|l| l.holds(line)) {
            Some(i) => {
                if let Some(slot) = inside.get_mut(i) {
                    slot.push(line);
                }
            }
            None => free.push(line),
        }
    }
    for (lattice, lines) in lattices.iter().zip(inside) {
        if lines.is_empty() {
            continue;
        }
        // Rules boxing a whole unruled table (or its header only) are not
        // its grid: a cell holding several rows of numbers gives it away.
        if lattice::holds_rows(lattice, &lines) || lattice.cells() > stream::MAX_CELLS / 4 {
            free.extend(lines);
        } else {
            grids.push(lattice::grid(&lattice.split_rows(&lines), &lines));
        }
    }
    free.sort_by(|a, b| a.base.total_cmp(&b.base));
    // The title and unit caption just above a ruled table are its title rows.
    for grid in &mut grids {
        let mut above: Vec<&Line> = Vec::new();
        let mut edge = grid.top;
        while let Some(i) = free
            .iter()
            .rposition(|l| l.base < edge && l.base > edge - 3.0 * l.size)
        {
            let line = free.remove(i);
            if line.numbers() > 0 || above.len() >= 6 {
                free.insert(i, line);
                break;
            }
            edge = line.base - line.size;
            above.push(line);
        }
        let width = grid.grid.first().map_or(1, Vec::len).max(1);
        for line in above {
            let mut row = vec![GridValue::Empty; width];
            if let Some(first) = row.first_mut() {
                *first = GridValue::Text {
                    text: line.text(),
                    indent: 0,
                };
            }
            grid.grid.insert(0, row);
            grid.merges.iter_mut().for_each(|m| {
                m.first_row += 1;
                m.last_row += 1;
            });
        }
    }
    let flat = header::flat_rules(&ink.rules);
    for block in stream::blocks(&free, ink.width) {
        grids.extend(stream::grid(&block, ink.width, &flat));
    }
    grids.sort_by(|a, b| a.top.total_cmp(&b.top));
    units::rejoin_captions(&mut grids, &all);
    let lead_ins = grids.iter().map(|g| lead_in::lead_in(g, &all)).collect();
    let spans = grids.iter().map(|g| (g.top, g.bottom)).collect();
    units::share(&mut grids, &all);
    let tables = grids
        .into_iter()
        .enumerate()
        .map(|(i, g)| RawTable {
            part: TablePart::Pdf {
                page: number,
                table: u32::try_from(i + 1).unwrap_or(u32::MAX),
            },
            grid: g.grid,
            merges: Some(g.merges),
        })
        .collect();
    PageRead {
        tables,
        text,
        lead_ins,
        headings: headings::headings(&all),
        spans,
    }
}

/// Reads every page of a PDF (within the limits) into raw tables and pages.
pub(crate) fn read_pdf(
    bytes: &[u8],
    path: &Path,
    limits: &PdfLimits,
    budget: super::budget::Budget,
) -> Result<PdfRead, ReadError> {
    let mut doc = open(bytes, path)?;
    let page_ids =
        super::contained(|| doc.get_pages()).map_err(|panic| ReadError::ReaderPanic {
            path: path.display().to_string(),
            format: "PDF",
            reason: panic,
        })?;
    if page_ids.is_empty() {
        return Err(pdf_error(path, "the PDF has no pages"));
    }
    let total = page_ids.len();
    let mut out = PdfRead::default();
    // Per page read: its number, headings and tables' tops and bottoms.
    let mut sections: Vec<(u32, headings::PageSections)> = Vec::new();
    let mut measured = guard::Measured::default();
    let mut skipped_from: Option<(u32, String)> = None;
    for (&number, &id) in &page_ids {
        if skipped_from.is_none() {
            if number > limits.max_pages {
                skipped_from = Some((
                    number,
                    format!(
                        "not read: the file has {total} pages and --max-pages is {}; raise --max-pages to read it",
                        limits.max_pages
                    ),
                ));
            } else if budget.spent() {
                skipped_from = Some((number, format!("not read: {}", budget.reason())));
            }
        }
        if let Some((_, why)) = &skipped_from {
            out.pages.push(Page {
                number,
                text: String::new(),
                problem: Some(why.clone()),
            });
            continue;
        }
        let ink = match guard::page_problem(
            &doc,
            id,
            limits.max_inflated_bytes,
            limits.max_content_bytes,
            &mut measured,
        ) {
            Some(problem) => Err(problem),
            None => page_ink(&mut doc, number, id, limits),
        };
        let page = match ink {
            Err(problem) => {
                // A page not read may close a segment's section.
                sections.push((number, (vec![headings::Heading::closing()], Vec::new())));
                Page {
                    number,
                    text: String::new(),
                    problem: Some(problem),
                }
            }
            Ok((ink, overflowed)) => {
                if overflowed {
                    out.warnings.push(format!(
                        "page {number}: more than {} glyphs or rules drawn; the rest of the page was not read",
                        limits.max_glyphs_per_page
                    ));
                }
                let read = read_page(&ink, number);
                sections.push((number, (read.headings, read.spans)));
                for (i, lead) in read.lead_ins.into_iter().enumerate() {
                    if let (Some(lead), Ok(k)) = (lead, u32::try_from(i + 1)) {
                        out.lead_ins.insert((number, k), lead);
                    }
                }
                out.tables.extend(read.tables);
                let problem = (ink.glyphs.is_empty() && ink.rotated == 0).then(|| {
                    "the page has no text layer (a scanned image?); its figures need the full text or OCR"
                        .to_string()
                });
                Page {
                    number,
                    text: read.text,
                    problem,
                }
            }
        };
        if let Some(problem) = &page.problem {
            out.warnings.push(format!("page {number}: {problem}"));
        }
        out.pages.push(page);
    }
    if let Some((first, why)) = skipped_from {
        out.warnings.push(format!("pages {first}-{total}: {why}"));
    }
    let (numbers, pages): (Vec<u32>, Vec<_>) = sections.into_iter().unzip();
    for (number, segments) in numbers.into_iter().zip(headings::segments_of(&pages)) {
        for (i, section) in segments.into_iter().enumerate() {
            if section != crate::model::SegmentSection::None
                && let Ok(k) = u32::try_from(i + 1)
            {
                out.segments.insert((number, k), section);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdf_extract::{Dictionary, Stream};

    /// A PDF of `n` pages, page k showing "page k" in Helvetica, its
    /// resources and media box inherited from the tree's root.
    fn numbered_pages(n: u32) -> PdfDocument {
        let mut doc = PdfDocument::with_version("1.4");
        let root = doc.new_object_id();
        let mut font = Dictionary::new();
        font.set("Type", Object::Name(b"Font".to_vec()));
        font.set("Subtype", Object::Name(b"Type1".to_vec()));
        font.set("BaseFont", Object::Name(b"Helvetica".to_vec()));
        let font = doc.add_object(font);
        let mut kids = Vec::new();
        for k in 1..=n {
            let content = format!("BT /F1 10 Tf 72 700 Td (page {k}) Tj ET");
            let content = doc.add_object(Stream::new(Dictionary::new(), content.into_bytes()));
            let mut page = Dictionary::new();
            page.set("Type", Object::Name(b"Page".to_vec()));
            page.set("Parent", Object::Reference(root));
            page.set("Contents", Object::Reference(content));
            kids.push(Object::Reference(doc.add_object(page)));
        }
        let mut fonts = Dictionary::new();
        fonts.set("F1", Object::Reference(font));
        let mut resources = Dictionary::new();
        resources.set("Font", Object::Dictionary(fonts));
        let mut tree = Dictionary::new();
        tree.set("Type", Object::Name(b"Pages".to_vec()));
        tree.set("Kids", Object::Array(kids));
        tree.set("Count", Object::Integer(i64::from(n)));
        tree.set("Resources", Object::Dictionary(resources));
        tree.set(
            "MediaBox",
            Object::Array(vec![0.into(), 0.into(), 612.into(), 792.into()]),
        );
        doc.objects.insert(root, Object::Dictionary(tree));
        let mut catalog = Dictionary::new();
        catalog.set("Type", Object::Name(b"Catalog".to_vec()));
        catalog.set("Pages", Object::Reference(root));
        let catalog = doc.add_object(catalog);
        doc.trailer.set("Root", Object::Reference(catalog));
        doc
    }

    #[test]
    fn a_page_is_read_alone_with_what_it_inherits_and_the_tree_is_put_back() {
        let mut doc = numbered_pages(3);
        let before = doc.get_pages();
        let objects = doc.objects.len();
        for (&number, &id) in &before {
            let (ink, _) = page_ink(&mut doc, number, id, &PdfLimits::default())
                .unwrap_or_else(|e| panic!("page {number}: {e}"));
            assert_eq!(read_page(&ink, number).text, format!("page {number}"));
            assert_eq!(ink.width, 612.0);
        }
        assert_eq!(doc.get_pages(), before);
        assert_eq!(doc.objects.len(), objects);
    }

    #[test]
    fn without_a_page_tree_to_swap_the_page_is_looked_up_as_before() {
        let mut doc = numbered_pages(2);
        let pages = doc.get_pages();
        // An object already sits where the one-page node would go.
        doc.objects
            .insert((doc.max_id + 1, 0), Object::Dictionary(Dictionary::new()));
        let id = pages.get(&2).copied().unwrap_or((0, 0));
        let (ink, _) = page_ink(&mut doc, 2, id, &PdfLimits::default()).unwrap_or_default();
        assert_eq!(read_page(&ink, 2).text, "page 2");
        assert_eq!(doc.get_pages(), pages);
    }
}
