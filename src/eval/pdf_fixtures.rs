//! The peers' PDF table fixtures (`peers/pdf-fixtures.tsv`, files under
//! `../shared/external/pdf-tables/`) and how a reader scores on them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::table_match::{Score, best_score};
use crate::model::Document;
use crate::read::{ReadOptions, load_source};
use crate::vocab::Vocab;

/// One expected table of the manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixture {
    /// The peer's folder ("camelot").
    pub dir: String,
    /// The PDF's file name.
    pub file: String,
    /// 1-based page.
    pub page: u32,
    /// The expected table's CSV file name.
    pub expected: String,
    /// "financial" or "control".
    pub kind: String,
    /// What it is.
    pub note: String,
}

impl Fixture {
    /// The PDF's path under the fixtures root.
    pub fn pdf(&self, root: &Path) -> PathBuf {
        root.join(&self.dir).join(&self.file)
    }

    /// The PDF's stem ("health").
    pub fn stem(&self) -> &str {
        self.file.strip_suffix(".pdf").unwrap_or(&self.file)
    }
}

/// Reads the manifest (tab-separated; `#` lines are comments).
pub fn read_manifest(path: &Path) -> std::io::Result<Vec<Fixture>> {
    let text = std::fs::read_to_string(path)?;
    Ok(text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            match f.as_slice() {
                [dir, file, page, expected, kind, note, ..] => Some(Fixture {
                    dir: dir.to_string(),
                    file: file.to_string(),
                    page: page.parse().ok()?,
                    expected: expected.to_string(),
                    kind: kind.to_string(),
                    note: note.to_string(),
                }),
                _ => None,
            }
        })
        .collect())
}

/// Reads a CSV file into rows of strings.
pub fn read_csv_grid(path: &Path) -> Result<Vec<Vec<String>>, String> {
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_path(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| format!("{}: {e}", path.display()))?;
        out.push(record.iter().map(str::to_string).collect());
    }
    Ok(out)
}

/// The grids of a document's tables on one page, cells as shown.
pub fn page_grids(doc: &Document, page: u32) -> Vec<Vec<Vec<String>>> {
    doc.tables
        .iter()
        .filter(|t| t.part.pdf_page() == Some(page))
        .map(|t| {
            t.grid
                .iter()
                .map(|row| row.iter().map(|v| v.shown().into_owned()).collect())
                .collect()
        })
        .collect()
}

/// tickmark's score on every fixture, in manifest order; a PDF that cannot
/// be read scores zero with its error.
pub fn score_tickmark(
    fixtures: &[Fixture],
    root: &Path,
    vocab: &Vocab,
) -> Vec<(Fixture, Result<Score, String>)> {
    let mut docs: HashMap<PathBuf, Result<Document, String>> = HashMap::new();
    fixtures
        .iter()
        .map(|f| {
            let pdf = f.pdf(root);
            let doc = docs.entry(pdf.clone()).or_insert_with(|| {
                load_source(&pdf, &f.file, vocab, &ReadOptions::default())
                    .map_err(|e| e.to_string())
            });
            let result = match doc {
                Ok(doc) => read_csv_grid(&root.join(&f.dir).join(&f.expected))
                    .map(|expected| best_score(&expected, &page_grids(doc, f.page))),
                Err(e) => Err(e.clone()),
            };
            (f.clone(), result)
        })
        .collect()
}

/// A peer's score on one fixture from the CSVs its runner wrote
/// (`DIR/<dir>__<stem>.p<page>.t<k>.csv`, see peers/README.md).
pub fn score_peer(fixture: &Fixture, root: &Path, out: &Path) -> Result<Score, String> {
    let expected = read_csv_grid(&root.join(&fixture.dir).join(&fixture.expected))?;
    let mut candidates = Vec::new();
    for k in 1.. {
        let path = out.join(format!(
            "{}__{}.p{}.t{k}.csv",
            fixture.dir,
            fixture.stem(),
            fixture.page
        ));
        if !path.exists() {
            break;
        }
        candidates.push(read_csv_grid(&path)?);
    }
    Ok(best_score(&expected, &candidates))
}
