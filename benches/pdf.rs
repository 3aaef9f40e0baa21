//! Pages per second of the PDF reader on the peers' fixture pages
//! (peers/pdf-fixtures.tsv), each page timed as pdfplumber's is in
//! peers/run_peers.py: open the file, read that one page into tables.
//! Skipped when ../shared/external/pdf-tables is absent.

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use tickmark::eval::pdf_fixtures::read_manifest;
use tickmark::read::pdf::{PdfLimits, open, page_ink, read_page};

fn pages(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/external/pdf-tables");
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("peers/pdf-fixtures.tsv");
    let (true, Ok(fixtures)) = (root.exists(), read_manifest(&manifest)) else {
        eprintln!("skipped: {} is absent", root.display());
        return;
    };
    let mut seen = Vec::new();
    let mut files: Vec<(Vec<u8>, std::path::PathBuf, u32)> = Vec::new();
    for f in fixtures {
        let key = (f.pdf(&root), f.page);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key.clone());
        if let Ok(bytes) = std::fs::read(&key.0) {
            files.push((bytes, key.0, key.1));
        }
    }
    let limits = PdfLimits::default();
    let mut group = c.benchmark_group("pdf");
    group.sample_size(20);
    group.bench_function(format!("{}_fixture_pages", files.len()), |b| {
        b.iter(|| {
            let mut tables = 0;
            for (bytes, path, page) in &files {
                let Ok(mut doc) = open(bytes, path) else {
                    continue;
                };
                let Some(&id) = doc.get_pages().get(page) else {
                    continue;
                };
                if let Ok((ink, _)) = page_ink(&mut doc, *page, id, &limits) {
                    tables += read_page(&ink, *page).tables.len();
                }
            }
            tables
        })
    });
    group.finish();
}

criterion_group!(benches, pages);
criterion_main!(benches);
