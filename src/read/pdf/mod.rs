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

mod glyphs;
mod lattice;
mod lines;
mod stream;

use std::path::Path;
use std::time::{Duration, Instant};

use pdf_extract::{Document as PdfDocument, Object};

use super::{Merge, RawTable, ReadError};
use crate::model::{GridValue, Page, TablePart};

pub use glyphs::{Glyph, PageInk, Rule};
pub use lines::{Line, Phrase, PhraseKind};

/// Limits on the work one PDF may cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PdfLimits {
    /// Pages read at most; later pages are reported as not read.
    pub max_pages: u32,
    /// Time one file may take; pages after it ran out are not read.
    pub time_budget: Duration,
    /// Glyphs (and, separately, rules) kept per page; a page drawing more
    /// (a content stream that loops) is cut there and says so.
    pub max_glyphs_per_page: usize,
    /// The most one content stream of a page (or of an XObject it draws) may
    /// inflate to; a page with a larger one (a flate bomb) is not read.
    pub max_inflated_bytes: u64,
}

impl Default for PdfLimits {
    fn default() -> Self {
        PdfLimits {
            max_pages: 2000,
            time_budget: Duration::from_secs(120),
            max_glyphs_per_page: 200_000,
            max_inflated_bytes: 64 << 20,
        }
    }
}

/// A table grid found on a page, before labeling.
#[derive(Debug, Clone)]
pub(crate) struct TableGrid {
    /// Top of the table on the page (orders tables top to bottom).
    pub(crate) top: f64,
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
}

/// What reading a PDF produced: raw tables, pages and warnings.
#[derive(Debug, Default)]
pub(crate) struct PdfRead {
    pub(crate) tables: Vec<RawTable>,
    pub(crate) pages: Vec<Page>,
    pub(crate) warnings: Vec<String>,
}

fn pdf_error(path: &Path, reason: impl Into<String>) -> ReadError {
    ReadError::Pdf {
        path: path.display().to_string(),
        reason: reason.into(),
    }
}

/// Opens a PDF from its bytes, decrypting it with the empty user password
/// when it is encrypted.
pub fn open(bytes: &[u8], path: &Path) -> Result<PdfDocument, ReadError> {
    if !bytes.starts_with(b"%PDF") && !bytes.get(..1024).is_some_and(|h| contains(h, b"%PDF-")) {
        return Err(pdf_error(
            path,
            "not a PDF (no %PDF header); is the file mislabeled?",
        ));
    }
    let doc = match super::contained(|| PdfDocument::load_mem(bytes)) {
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
    if doc.is_encrypted() && !doc.was_encrypted() {
        return Err(ReadError::Encrypted {
            path: path.display().to_string(),
            what: "PDF",
        });
    }
    Ok(doc)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
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

/// How deep forms may nest in a page's drawing (pdf-extract recurses once
/// per level).
const MAX_FORM_DEPTH: usize = 32;

/// How many form drawings one page may reach through its resources.
const MAX_FORM_VISITS: usize = 10_000;

/// Why a page's drawing cannot be handed to pdf-extract, if it cannot: an
/// XObject that draws itself (directly or through others), XObjects nested
/// deeper than [`MAX_FORM_DEPTH`], or more than [`MAX_FORM_VISITS`] XObject
/// drawings. pdf-extract would recurse until the stack overflowed, which
/// aborts the process: no `catch_unwind` can contain that.
///
/// The walk follows the `Do` operators of the page's content and of each
/// XObject drawn, resolving names exactly as pdf-extract 0.12 does
/// (`Processor::process_stream`): the page's `/Resources` is the first
/// dictionary up the page tree; a name is looked up in the current
/// resources' `/XObject`, and any stream found there is run as content,
/// whatever its `/Subtype`; an XObject whose `/Resources` is not a
/// dictionary draws with its caller's. A stream is known by its address,
/// so that one written inline (with no object number) is tracked too.
fn form_problem(doc: &PdfDocument, page: pdf_extract::ObjectId, cap: u64) -> Option<String> {
    let page_dict = doc.get_dictionary(page).ok()?;
    // The page's own content streams, checked before anything inflates them.
    let contents: Vec<&Object> = match page_dict.get(b"Contents").ok().and_then(|c| deref(doc, c)) {
        Some(Object::Array(parts)) => parts.iter().filter_map(|p| deref(doc, p)).collect(),
        Some(other) => vec![other],
        None => Vec::new(),
    };
    for part in contents {
        if let Ok(stream) = part.as_stream()
            && let Some(problem) = inflates_over(stream, cap)
        {
            return Some(problem);
        }
    }
    let resources = inherited_dictionary(doc, page_dict, b"Resources")?;
    // Without XObjects a `Do` draws nothing: no need to decode the content.
    resources.get(b"XObject").ok()?;
    let content = doc.get_page_content(page).ok()?;
    let mut walk = Walk {
        path: Vec::new(),
        visits: 0,
        cap,
    };
    walk_forms(doc, resources, &drawn(&content), &mut walk)
}

/// Where the walk of a page's XObjects is.
struct Walk {
    /// The streams being drawn, by address, outermost first.
    path: Vec<usize>,
    /// Drawings so far.
    visits: usize,
    /// The most one stream may inflate to.
    cap: u64,
}

/// Why a stream cannot be inflated for pdf-extract: a flate stream that
/// inflates past `cap` bytes (measured under the cap, nothing kept). Other
/// filters are left to pdf-extract.
fn inflates_over(stream: &pdf_extract::Stream, cap: u64) -> Option<String> {
    use std::io::Read;
    let flate = match stream.dict.get(b"Filter") {
        Ok(Object::Name(name)) => name.as_slice() == b"FlateDecode",
        Ok(Object::Array(filters)) => {
            filters.first().and_then(|f| f.as_name().ok()) == Some(b"FlateDecode".as_slice())
        }
        _ => false,
    };
    if !flate {
        return None;
    }
    let mut inflated =
        flate2::read::ZlibDecoder::new(stream.content.as_slice()).take(cap.saturating_add(1));
    let size = std::io::copy(&mut inflated, &mut std::io::sink()).ok()?;
    (size > cap).then(|| {
        format!(
            "a content stream of the page inflates to more than {} MiB (a flate bomb?); it was not read",
            cap >> 20
        )
    })
}

/// The XObject names a content stream draws (`/X0 Do`).
fn drawn(content: &[u8]) -> Vec<Vec<u8>> {
    if !contains(content, b"Do") {
        return Vec::new();
    }
    let Ok(content) = pdf_extract::content::Content::decode(content) else {
        return Vec::new();
    };
    content
        .operations
        .iter()
        .filter(|op| op.operator == "Do")
        .filter_map(|op| op.operands.first()?.as_name().ok().map(<[u8]>::to_vec))
        .collect()
}

/// An object, through a reference if it is one.
fn deref<'a>(doc: &'a PdfDocument, object: &'a Object) -> Option<&'a Object> {
    match object {
        Object::Reference(id) => doc.get_object(*id).ok(),
        other => Some(other),
    }
}

/// A dictionary value of a page, inherited through the page tree as
/// pdf-extract looks it up: a value that is not a dictionary is skipped.
fn inherited_dictionary<'a>(
    doc: &'a PdfDocument,
    page: &'a pdf_extract::Dictionary,
    key: &[u8],
) -> Option<&'a pdf_extract::Dictionary> {
    let mut dict = page;
    for _ in 0..64 {
        if let Some(found) = dict
            .get(key)
            .ok()
            .and_then(|v| deref(doc, v))
            .and_then(|v| v.as_dict().ok())
        {
            return Some(found);
        }
        let parent = dict.get(b"Parent").and_then(Object::as_reference).ok()?;
        dict = doc.get_dictionary(parent).ok()?;
    }
    None
}

fn walk_forms(
    doc: &PdfDocument,
    resources: &pdf_extract::Dictionary,
    names: &[Vec<u8>],
    walk: &mut Walk,
) -> Option<String> {
    if names.is_empty() {
        return None;
    }
    let xobjects = resources
        .get(b"XObject")
        .ok()
        .and_then(|x| deref(doc, x))
        .and_then(|x| x.as_dict().ok())?;
    for name in names {
        let Some(stream) = xobjects
            .get(name)
            .ok()
            .and_then(|x| deref(doc, x))
            .and_then(|x| x.as_stream().ok())
        else {
            continue;
        };
        let identity = std::ptr::from_ref(stream) as usize;
        if walk.path.contains(&identity) {
            return Some(format!(
                "the page draws XObject /{}, which draws itself; pdf-extract would never finish it",
                String::from_utf8_lossy(name)
            ));
        }
        walk.visits += 1;
        if walk.visits > MAX_FORM_VISITS || walk.path.len() >= MAX_FORM_DEPTH {
            return Some(format!(
                "the page's XObjects nest deeper than {MAX_FORM_DEPTH} levels or are drawn more than {MAX_FORM_VISITS} times; it was not read"
            ));
        }
        if let Some(problem) = inflates_over(stream, walk.cap) {
            return Some(problem);
        }
        let content = stream
            .decompressed_content()
            .unwrap_or_else(|_| stream.content.clone());
        let own = stream
            .dict
            .get(b"Resources")
            .ok()
            .and_then(|r| deref(doc, r))
            .and_then(|r| r.as_dict().ok());
        walk.path.push(identity);
        if let Some(problem) = walk_forms(doc, own.unwrap_or(resources), &drawn(&content), walk) {
            return Some(problem);
        }
        walk.path.pop();
    }
    None
}

/// Collects one page's ink, containing a panic of pdf-extract.
pub fn page_ink(
    doc: &PdfDocument,
    number: u32,
    id: pdf_extract::ObjectId,
    limits: &PdfLimits,
) -> Result<(PageInk, bool), String> {
    let mut collector = glyphs::Collector::new(rotation(doc, id), limits.max_glyphs_per_page);
    let outcome = super::contained(|| pdf_extract::output_doc_page(doc, &mut collector, number));
    match outcome {
        Ok(Ok(())) => Ok((collector.ink, collector.overflowed)),
        Ok(Err(e)) => Err(format!("pdf-extract could not read the page: {e}")),
        Err(panic) => Err(format!("pdf-extract crashed on the page ({panic})")),
    }
}

/// Reads one page's tables and text from its ink.
pub fn read_page(ink: &PageInk, number: u32) -> PageRead {
    let all = lines::lines(&ink.glyphs);
    let text = all.iter().map(Line::text).collect::<Vec<_>>().join("\n");
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
    for block in stream::blocks(&free, ink.width) {
        grids.extend(stream::grid(&block, ink.width));
    }
    grids.sort_by(|a, b| a.top.total_cmp(&b.top));
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
    PageRead { tables, text }
}

/// Reads every page of a PDF (within the limits) into raw tables and pages.
pub(crate) fn read_pdf(
    bytes: &[u8],
    path: &Path,
    limits: &PdfLimits,
) -> Result<PdfRead, ReadError> {
    let started = Instant::now();
    let doc = open(bytes, path)?;
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
            } else if started.elapsed() > limits.time_budget {
                skipped_from = Some((
                    number,
                    format!(
                        "not read: reading the file took longer than its time budget of {} s; raise --pdf-time-budget to read it",
                        limits.time_budget.as_secs()
                    ),
                ));
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
        let ink = match form_problem(&doc, id, limits.max_inflated_bytes) {
            Some(problem) => Err(problem),
            None => page_ink(&doc, number, id, limits),
        };
        let page = match ink {
            Err(problem) => Page {
                number,
                text: String::new(),
                problem: Some(problem),
            },
            Ok((ink, overflowed)) => {
                if overflowed {
                    out.warnings.push(format!(
                        "page {number}: more than {} glyphs or rules drawn; the rest of the page was not read",
                        limits.max_glyphs_per_page
                    ));
                }
                let read = read_page(&ink, number);
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
    Ok(out)
}
