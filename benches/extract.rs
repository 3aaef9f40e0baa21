//! Extraction throughput: tickmark's `load_source` (read + label) against a
//! bare calamine read of the same generated workbook, in the same run, so the
//! ratio is what matters, not the machine.
//!
//! The workbook: 20 statement-like sheets, each with a title, a unit line, a
//! merged "Year Ended December 31," header over ten numeric year cells, and
//! 50 segment captions each over ten indented income-statement lines of ten
//! numbers (mostly whole amounts, one in five with cents) — 100,000 numeric
//! cells in 10,000 labeled rows. Run with `cargo bench --bench extract`; medians are in
//! `target/criterion/extract/*/new/estimates.json`.

use std::hint::black_box;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use calamine::{Reader, Xlsx};
use criterion::{Criterion, criterion_group, criterion_main};
use rust_xlsxwriter::{Format, Workbook};
use tickmark::{ReadOptions, Vocab, load_source};

const SHEETS: usize = 20;
const ROWS: usize = 500;
const YEARS: usize = 10;

const LABELS: [&str; 10] = [
    "Revenue",
    "Cost of revenue",
    "Research and development",
    "Selling, general and administrative",
    "Operating income",
    "Interest expense",
    "Other income (expense), net",
    "Income before income taxes",
    "Provision for income taxes",
    "Net income",
];

fn build_workbook(path: &Path) -> Result<(), rust_xlsxwriter::XlsxError> {
    let mut workbook = Workbook::new();
    let indent = Format::new().set_indent(1);
    let number = Format::new().set_num_format("#,##0;(#,##0)");
    for s in 0..SHEETS {
        let sheet = workbook.add_worksheet().set_name(format!("S{s}"))?;
        sheet.write_string(0, 0, format!("Company {s}"))?;
        sheet.write_string(1, 0, "Consolidated Statements of Operations")?;
        sheet.write_string(2, 0, "($ in millions, except per share data)")?;
        sheet.merge_range(
            3,
            1,
            3,
            YEARS as u16,
            "Year Ended December 31,",
            &Format::new(),
        )?;
        for y in 0..YEARS {
            sheet.write_number(4, 1 + y as u16, (2024 - y) as f64)?;
        }
        let mut row = 5u32;
        for block in 0..ROWS / 10 {
            sheet.write_string(row, 0, format!("Segment {block}:"))?;
            row += 1;
            for (i, label) in LABELS.iter().enumerate() {
                sheet.write_string_with_format(row, 0, *label, &indent)?;
                for y in 0..YEARS {
                    // Amounts as statements print them: mostly whole units,
                    // every fifth with cents (typed values, so each float is
                    // the nearest double to a short decimal).
                    let seed = s * 7919 + block * 104_729 + i * 1_299_709 + y * 15_485_863;
                    let cents = (seed % 2_000_000) as i64 - 1_000_000;
                    let value = if (i + y) % 5 == 0 {
                        cents as f64 / 100.0
                    } else {
                        (cents / 100) as f64
                    };
                    sheet.write_number_with_format(row, 1 + y as u16, value, &number)?;
                }
                row += 1;
            }
        }
    }
    workbook.save(path)
}

fn workbook_path() -> PathBuf {
    let dir = std::env::temp_dir().join("tickmark-bench");
    let _ = std::fs::create_dir_all(&dir);
    dir.join(format!("extract-v2-{SHEETS}x{ROWS}x{YEARS}.xlsx"))
}

/// The file opened by calamine, as a user of calamine would.
fn open(path: &Path) -> Option<Xlsx<Cursor<Vec<u8>>>> {
    let bytes = std::fs::read(path).ok()?;
    Xlsx::new(Cursor::new(bytes)).ok()
}

/// The baseline: read the file and every sheet's cell values, nothing more.
fn calamine_raw(path: &Path) -> usize {
    let Some(mut workbook) = open(path) else {
        return 0;
    };
    let mut cells = 0;
    for name in workbook.sheet_names() {
        if let Ok(range) = workbook.worksheet_range(&name) {
            cells += range.used_cells().count();
        }
    }
    cells
}

/// What tickmark's reader needs from calamine: every cell with its style id
/// (for indents, percent and parenthesised formats), values dropped.
fn calamine_cells_with_styles(path: &Path) -> usize {
    let Some(mut workbook) = open(path) else {
        return 0;
    };
    let mut cells = 0;
    for name in workbook.sheet_names() {
        if let Ok(mut reader) = workbook.worksheet_cells_reader(&name) {
            while let Ok(Some(cell)) = reader.next_cell_with_style_id() {
                black_box(&cell);
                cells += 1;
            }
        }
    }
    cells
}

fn bench(c: &mut Criterion) {
    let path = workbook_path();
    if !path.exists()
        && let Err(e) = build_workbook(&path)
    {
        eprintln!("cannot build the bench workbook: {e}");
        return;
    }
    let Ok(bytes) = std::fs::read(&path) else {
        eprintln!("cannot read {}", path.display());
        return;
    };
    let vocab = Vocab::builtin();
    let options = ReadOptions::default();
    let numeric = load_source(&path, "bench.xlsx", &vocab, &options)
        .map(|d| d.cells().count())
        .unwrap_or(0);
    eprintln!(
        "bench workbook: {} ({} bytes, {numeric} labeled numeric cells)",
        path.display(),
        bytes.len()
    );

    let mut group = c.benchmark_group("extract");
    group.sample_size(30);
    group.bench_function("calamine_raw", |b| {
        b.iter(|| black_box(calamine_raw(&path)))
    });
    group.bench_function("calamine_cells_with_styles", |b| {
        b.iter(|| black_box(calamine_cells_with_styles(&path)))
    });
    group.bench_function("tickmark_load_source", |b| {
        b.iter(|| {
            black_box(load_source(&path, "bench.xlsx", &vocab, &options).map(|d| d.tables.len()))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
