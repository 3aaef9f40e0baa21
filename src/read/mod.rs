//! Readers: turn a source file into a [`Document`] of labeled tables.
//!
//! Each reader (`spreadsheet`, `csv`) produces raw grids ([`RawTable`]);
//! [`label`], shared by all readers, finds the header rows, row labels,
//! sections, unit line, statement kind, periods and concepts. A reader never
//! guesses at meaning and the labeler never touches files.

mod balance_position;
mod budget;
mod csv;
pub mod decimal_comma;
mod equity_balances;
pub mod filer;
mod gross_net;
pub mod html;
pub mod label;
mod ods_cells;
pub mod pdf;
pub(crate) mod row_periods;
mod sections;
mod share_scale;
mod spreadsheet;
pub mod statement;
pub mod unit_line;
mod xls_cells;

use std::path::Path;
use std::sync::Arc;

use crate::model::{Document, GridValue, SourceKind, TablePart};
use crate::vocab::Vocab;

/// Why a source could not be read. Every variant names the file, and the
/// sheet or line where there is one; the message says what to do.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file does not exist or cannot be opened.
    #[error("{path}: cannot open: {reason}")]
    Open {
        /// The file.
        path: String,
        /// The operating system's reason.
        reason: String,
    },
    /// The file's extension names no format tickmark reads.
    #[error(
        "{path}: unknown file type {extension:?}: expected .xlsx, .xlsm, .xlsb, .xls, .ods, .csv, .tsv, .pdf, .htm, .html or .xhtml"
    )]
    UnknownFormat {
        /// The file.
        path: String,
        /// Its extension ("" when it has none).
        extension: String,
    },
    /// A format tickmark knows but this build does not read yet.
    #[error("{path}: {what} sources are not supported yet")]
    Unsupported {
        /// The file.
        path: String,
        /// The format.
        what: &'static str,
    },
    /// The file has no bytes.
    #[error("{path}: the file is empty (0 bytes)")]
    Empty {
        /// The file.
        path: String,
    },
    /// A password-protected workbook or PDF.
    #[error(
        "{path}: the {what} is password-protected; save an unprotected copy and read that instead"
    )]
    Encrypted {
        /// The file.
        path: String,
        /// "workbook" or "PDF".
        what: &'static str,
    },
    /// A PDF that cannot be read as a whole.
    #[error("{path}: {reason}")]
    Pdf {
        /// The file.
        path: String,
        /// Why, and what to do.
        reason: String,
    },
    /// The workbook's container or parts are damaged or not a workbook at all.
    #[error(
        "{path}: not a readable {format} workbook ({reason}); is the file truncated or mislabeled?"
    )]
    Workbook {
        /// The file.
        path: String,
        /// The format the extension promised.
        format: &'static str,
        /// What the workbook reader reported.
        reason: String,
    },
    /// One sheet of a workbook could not be read.
    #[error("{path}: sheet {sheet:?}: {reason}")]
    Sheet {
        /// The file.
        path: String,
        /// The sheet.
        sheet: String,
        /// Why.
        reason: String,
    },
    /// A csv line could not be read.
    #[error("{path} line {line}: {reason}")]
    Csv {
        /// The file.
        path: String,
        /// 1-based line number.
        line: u64,
        /// Why, and what to do.
        reason: String,
    },
    /// The source holds no numbers at all.
    #[error("{path}: no numbers found: {detail}")]
    NoNumbers {
        /// The file.
        path: String,
        /// Per table, why nothing was found.
        detail: String,
    },
    /// The file is over a limit (its size, its unpacked size, its cells).
    #[error("{path}: {what}; raise {flag} to read it")]
    TooLarge {
        /// The file.
        path: String,
        /// Which limit, and by how much.
        what: String,
        /// The flag that raises the limit.
        flag: &'static str,
    },
    /// An HTML filing that cannot be read (broken XHTML of an inline-XBRL
    /// filing, a time budget spent).
    #[error("{path}: {reason}")]
    Html {
        /// The file.
        path: String,
        /// Why, and what to do.
        reason: String,
    },
    /// An inline-XBRL filing whose tags cannot be trusted (an undefined
    /// context or unit, a broken continuation); the message names the file,
    /// line and element.
    #[error("{0}")]
    Xbrl(crate::xbrl::XbrlError),
    /// A reader crashed on the file (a bug in a third-party reader, contained).
    #[error("{path}: the {format} reader failed on this file ({reason}); please report it")]
    ReaderPanic {
        /// The file.
        path: String,
        /// Which reader.
        format: &'static str,
        /// The panic message.
        reason: String,
    },
}

impl ReadError {
    /// The file could not be opened as a source at all: it is missing,
    /// unreadable to this user, a folder, or of a type tickmark does not
    /// read. That is a broken setup (an input error, exit 2), not a finding
    /// about a citation. A file that opens but whose contents cannot be read
    /// (password-protected, damaged, over a limit, a scanned page) is cited
    /// as `unreadable_source`: a person looks.
    pub fn is_unopenable(&self) -> bool {
        matches!(
            self,
            ReadError::Open { .. }
                | ReadError::UnknownFormat { .. }
                | ReadError::Unsupported { .. }
        )
    }
}

/// Options for reading sources: the limits that keep a hostile file from
/// taking the machine (docs/robustness.md).
#[derive(Debug, Clone)]
pub struct ReadOptions {
    /// Limits on reading a PDF (`--max-pages`, `--pdf-time-budget`).
    pub pdf: pdf::PdfLimits,
    /// The largest file read, in bytes (`--max-file-mb`).
    pub max_file_bytes: u64,
    /// The most a zipped workbook (xlsx, xlsm, xlsb, ods) may declare its
    /// parts unpack to, in bytes (`--max-unpacked-mb`): a zip bomb is
    /// refused before anything is unpacked (and a part that unpacks to more
    /// than it declared is stopped by the zip reader). The default, 128 MiB,
    /// keeps a read under 512 MiB of memory: the shared-string part is held
    /// whole, at about three times its size.
    pub max_unpacked_bytes: u64,
    /// The most grid slots one sheet or csv may take, each row up to its last
    /// used column (`--max-cells`).
    pub max_cells: usize,
    /// The time one file may take to read (`--time-budget`).
    pub time_budget: std::time::Duration,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            pdf: pdf::PdfLimits::default(),
            max_file_bytes: 512 << 20,
            max_unpacked_bytes: 128 << 20,
            max_cells: 2_000_000,
            time_budget: std::time::Duration::from_secs(120),
        }
    }
}

/// A byte count for messages: "600 MiB", "12,345 bytes".
fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// Refuses a zipped workbook whose parts declare more than `limit` bytes in
/// all, naming the largest part: the declared sizes are read from the zip's
/// directory, so a zip bomb costs nothing to turn away. A broken zip is left
/// to the workbook reader, which says what is wrong with it.
fn check_unpacked(bytes: &[u8], path: &str, limit: u64) -> Result<(), ReadError> {
    let Ok(mut archive) = zip::ZipArchive::new(std::io::Cursor::new(bytes)) else {
        return Ok(());
    };
    let mut total = 0u64;
    let mut largest = (0u64, String::new());
    for index in 0..archive.len() {
        let Ok(entry) = archive.by_index_raw(index) else {
            continue;
        };
        total = total.saturating_add(entry.size());
        if entry.size() > largest.0 {
            largest = (
                entry.size(),
                entry.name().map(|n| n.into_owned()).unwrap_or_default(),
            );
        }
    }
    if total > limit {
        return Err(ReadError::TooLarge {
            path: path.to_string(),
            what: format!(
                "its parts declare {} unpacked ({} alone declares {}), over the limit of {}",
                size_text(total),
                largest.1,
                size_text(largest.0),
                size_text(limit)
            ),
            flag: "--max-unpacked-mb",
        });
    }
    Ok(())
}

/// A grid as a reader found it, before labeling.
#[derive(Debug, Clone)]
pub struct RawTable {
    /// Which table of the source this is.
    pub part: TablePart,
    /// Rows of cells, 0-based from the sheet's A1 (so grid row 0 is row 1).
    pub grid: Vec<Vec<GridValue>>,
    /// Merged regions, 0-based inclusive corners; `None` when they were not
    /// read (reading them costs xlsx a second pass, see the `spreadsheet` module).
    pub merges: Option<Vec<Merge>>,
}

/// A merged region of a sheet, 0-based inclusive corners.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Merge {
    /// Top row.
    pub first_row: usize,
    /// Left column.
    pub first_col: usize,
    /// Bottom row.
    pub last_row: usize,
    /// Right column.
    pub last_col: usize,
}

impl Merge {
    /// True when the 0-based position lies in the region.
    pub fn contains(&self, row: usize, col: usize) -> bool {
        (self.first_row..=self.last_row).contains(&row)
            && (self.first_col..=self.last_col).contains(&col)
    }
}

/// The source kind a path's extension names.
pub fn source_kind(path: &Path) -> Result<SourceKind, ReadError> {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    match extension.as_str() {
        "xlsx" | "xlsm" => Ok(SourceKind::Xlsx),
        "xlsb" => Ok(SourceKind::Xlsb),
        "xls" => Ok(SourceKind::Xls),
        "ods" => Ok(SourceKind::Ods),
        "csv" | "tsv" => Ok(SourceKind::Csv),
        "pdf" => Ok(SourceKind::Pdf),
        "htm" | "html" | "xhtml" => Ok(SourceKind::Html),
        _ => Err(ReadError::UnknownFormat {
            path: path.display().to_string(),
            extension,
        }),
    }
}

/// Reads and labels one source file. `id` is the source id references use
/// (the file name as given, or the id of `--source ID=PATH`).
pub fn load_source(
    path: &Path,
    id: &str,
    vocab: &Vocab,
    options: &ReadOptions,
) -> Result<Document, ReadError> {
    if path.is_dir() {
        return Err(ReadError::Open {
            path: path.display().to_string(),
            reason: folder_reason(path),
        });
    }
    source_kind(path)?;
    if let Ok(metadata) = std::fs::metadata(path)
        && metadata.is_file()
        && metadata.len() > options.max_file_bytes
    {
        return Err(too_big(path, metadata.len(), options));
    }
    let bytes = std::fs::read(path).map_err(|e| ReadError::Open {
        path: path.display().to_string(),
        reason: io_reason(&e),
    })?;
    load_bytes(&bytes, path, id, vocab, options)
}

/// Why a folder is not a source, naming a source file in it when there is
/// one, as the way out.
fn folder_reason(path: &Path) -> String {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(path)
        .into_iter()
        .flatten()
        .take(10_000)
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && source_kind(p).is_ok())
        .collect();
    files.sort();
    match files.first() {
        Some(file) => format!(
            "it is a folder, expected a source file; name the files in it, such as {}",
            file.display()
        ),
        None => "it is a folder, expected a source file (.xlsx, .xlsm, .xlsb, .xls, .ods, .csv, .tsv, .pdf, .htm, .html or .xhtml)".to_string(),
    }
}

fn too_big(path: &Path, size: u64, options: &ReadOptions) -> ReadError {
    ReadError::TooLarge {
        path: path.display().to_string(),
        what: format!(
            "the file is {}, over the limit of {}",
            size_text(size),
            size_text(options.max_file_bytes)
        ),
        flag: "--max-file-mb",
    }
}

/// Reads and labels a source already in memory. `path` names it in messages
/// and its extension says its format; nothing is read from disk.
pub fn load_bytes(
    bytes: &[u8],
    path: &Path,
    id: &str,
    vocab: &Vocab,
    options: &ReadOptions,
) -> Result<Document, ReadError> {
    let budget = budget::Budget::starting_now(options.time_budget);
    let display = path.display().to_string();
    let kind = source_kind(path)?;
    if bytes.is_empty() {
        return Err(ReadError::Empty { path: display });
    }
    if bytes.len() as u64 > options.max_file_bytes {
        return Err(too_big(path, bytes.len() as u64, options));
    }
    if matches!(kind, SourceKind::Xlsx | SourceKind::Xlsb | SourceKind::Ods) {
        check_unpacked(bytes, &display, options.max_unpacked_bytes)?;
    }
    if kind == SourceKind::Ods {
        ods_cells::check(bytes, &display, options.max_cells)?;
    }
    if kind == SourceKind::Xls {
        xls_cells::check(bytes, &display, options.max_cells)?;
    }
    let source: Arc<str> = Arc::from(id);
    let mut concepts = label::ConceptMemo::default();
    let mut labeler = |raw: RawTable| label::label_raw(raw, &source, vocab, &mut concepts);
    let mut pages = Vec::new();
    let mut fact_cells = std::collections::HashMap::new();
    let (tables, warnings) = match kind {
        SourceKind::Html => {
            let read = html::read_html(bytes, path, &source, vocab, options, budget)?;
            pages = read.pages;
            fact_cells = read.fact_cells;
            (read.tables, read.warnings)
        }
        SourceKind::Csv => (
            labeler(csv::read_csv(bytes, path, options.max_cells, budget)?)
                .into_tables()
                .collect(),
            Vec::new(),
        ),
        SourceKind::Pdf => {
            let read = pdf::read_pdf(bytes, path, &options.pdf, budget)?;
            if read.pages.iter().all(|p| p.problem.is_some()) {
                // A limit that stopped the read comes first: it is the fix.
                let mut warnings: Vec<&str> = read.warnings.iter().map(String::as_str).collect();
                warnings.sort_by_key(|w| !w.starts_with("pages "));
                let mut reasons: Vec<&str> = warnings.into_iter().take(3).collect();
                if read.warnings.len() > 3 {
                    reasons.push("…");
                }
                return Err(ReadError::Pdf {
                    path: display,
                    reason: format!("no page could be read: {}", reasons.join("; ")),
                });
            }
            pages = read.pages;
            let lead_ins = read.lead_ins;
            let segments = read.segments;
            let tables = read
                .tables
                .into_iter()
                .flat_map(|t| labeler(t).into_tables())
                .map(|mut table| {
                    if let crate::model::TablePart::Pdf { page, table: k } = table.part {
                        if table.from_row == 0 {
                            table.lead_in = lead_ins.get(&(page, k)).cloned();
                        }
                        if let Some(section) = segments.get(&(page, k)) {
                            table.segment = section.clone();
                        }
                    }
                    table
                })
                .collect();
            (tables, read.warnings)
        }
        _ => {
            spreadsheet::read_workbook(bytes, path, kind, options.max_cells, budget, &mut labeler)?
        }
    };
    let mut document = finish(id, path, kind, tables, pages, warnings)?;
    document.fact_cells = fact_cells;
    Ok(document)
}

/// Labels an in-memory table — rows of text fields, as a csv file would
/// hold them — into a one-table [`Document`], through the same labeler and
/// the same field reading as a `.csv` source. `id` is the source id
/// references use (`id#B3`), `name` the path the document reports.
///
/// Use it for tables that come from somewhere other than a file (a dataset
/// record, a database row set). A table with no numbers is
/// [`ReadError::NoNumbers`], as for a csv file.
pub fn document_from_rows(
    id: &str,
    name: &str,
    rows: Vec<Vec<String>>,
    vocab: &Vocab,
) -> Result<Document, ReadError> {
    let source: Arc<str> = Arc::from(id);
    let mut concepts = label::ConceptMemo::default();
    let raw = csv::raw_from_rows(rows);
    let tables = label::label_raw(raw, &source, vocab, &mut concepts)
        .into_tables()
        .collect();
    finish(
        id,
        Path::new(name),
        SourceKind::Csv,
        tables,
        Vec::new(),
        Vec::new(),
    )
}

/// A one-table document of rows written in a test, labeled with the
/// built-in vocabulary as `t.csv`.
#[cfg(test)]
#[allow(clippy::expect_used)]
pub(crate) fn test_document(rows: &[&[&str]]) -> Document {
    let rows = rows
        .iter()
        .map(|r| r.iter().map(|s| s.to_string()).collect())
        .collect();
    document_from_rows("t.csv", "t.csv", rows, &Vocab::builtin()).expect("a table of numbers")
}

/// The document of labeled tables, or [`ReadError::NoNumbers`] when no table
/// of a spreadsheet or csv source holds a number.
fn finish(
    id: &str,
    path: &Path,
    kind: SourceKind,
    tables: Vec<crate::model::Table>,
    pages: Vec<crate::model::Page>,
    mut warnings: Vec<String>,
) -> Result<Document, ReadError> {
    let display = path.display().to_string();
    // A PDF or filing of prose is still a source: its pages serve quote checks.
    let paged = matches!(kind, SourceKind::Pdf | SourceKind::Html);
    if !paged && tables.iter().all(|t| t.records.is_empty()) {
        let detail = if tables.is_empty() {
            "the workbook has no sheets".to_string()
        } else {
            tables
                .iter()
                .map(|t| match (kind, decimal_comma::warning(t)) {
                    (SourceKind::Csv, Some(commas)) => commas,
                    (SourceKind::Csv, None) => empty_reason(t).to_string(),
                    (_, Some(commas)) => format!("sheet {:?}: {commas}", t.name()),
                    (_, None) => format!("sheet {:?} {}", t.name(), empty_reason(t)),
                })
                .collect::<Vec<_>>()
                .join("; ")
        };
        return Err(ReadError::NoNumbers {
            path: display,
            detail,
        });
    }
    let what = if kind == SourceKind::Pdf {
        "table"
    } else {
        "sheet"
    };
    // An HTML filing's text tables (contents, signatures) are not news.
    for table in tables.iter().filter(|_| kind != SourceKind::Html) {
        if table.records.is_empty() {
            warnings.push(format!("{what} {:?} {}", table.name(), empty_reason(table)));
        }
        // Nothing a user gave is dropped silently.
        if let Some(commas) = decimal_comma::warning(table) {
            warnings.push(match table.part {
                crate::model::TablePart::Only => commas,
                _ => format!("{what} {:?}: {commas}", table.name()),
            });
        }
    }
    let filer: Option<Arc<str>> = filer::name(&pages, &tables).map(Arc::from);
    let mut tables = tables;
    for table in &mut tables {
        table.filer.clone_from(&filer);
    }
    Ok(Document {
        id: id.to_string(),
        path: path.to_path_buf(),
        kind,
        tables,
        pages,
        warnings,
        concept_index: std::sync::OnceLock::new(),
        fact_cells: std::collections::HashMap::new(),
        filer,
    })
}

thread_local! {
    /// Depth of [`contained`] calls on this thread: panics inside are caught
    /// and reported as errors, so the panic hook stays quiet for them.
    static CONTAINED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// The message a panic carried, for an error that reports it.
pub(crate) use spreadsheet::panic_message;

/// Runs third-party reader code that may panic; a panic becomes its message.
/// While it runs, the panic hook prints nothing for this thread (the panic
/// is reported as a read error instead of a crash trace).
pub(crate) fn contained<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CONTAINED.with(std::cell::Cell::get) == 0 {
                previous(info);
            }
        }));
    });
    CONTAINED.with(|c| c.set(c.get() + 1));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    CONTAINED.with(|c| c.set(c.get().saturating_sub(1)));
    result.map_err(|panic| spreadsheet::panic_message(&*panic))
}

fn empty_reason(table: &crate::model::Table) -> &'static str {
    if table
        .grid
        .iter()
        .all(|row| row.iter().all(GridValue::is_blank))
    {
        "is empty"
    } else {
        "has no numbers"
    }
}

/// An io error's reason in lower case, without the "(os error N)" tail.
fn io_reason(error: &std::io::Error) -> String {
    match error.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::IsADirectory => "is a directory, expected a file".to_string(),
        _ => error.to_string(),
    }
}
