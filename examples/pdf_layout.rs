//! Prints what the PDF reader sees on one page: its lines (phrases split by
//! `|`) and the raw grid of every table it found, before labeling.
//!
//! ```text
//! cargo run --example pdf_layout -- FILE.pdf PAGE
//! ```

use std::path::Path;

use anyhow::{Context, Result, bail};
use tickmark::read::pdf::{PdfLimits, open, page_ink, read_page};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, page] = args.as_slice() else {
        bail!("usage: pdf_layout FILE.pdf PAGE");
    };
    let page: u32 = page.parse().context("PAGE must be a number")?;
    let bytes = std::fs::read(file).with_context(|| format!("reading {file}"))?;
    let mut doc = open(&bytes, Path::new(file))?;
    let pages = doc.get_pages();
    let id = *pages.get(&page).context("no such page")?;
    let (ink, _) =
        page_ink(&mut doc, page, id, &PdfLimits::default()).map_err(anyhow::Error::msg)?;
    println!(
        "page {page}: {:.0}x{:.0} pt, {} glyphs, {} rules, {} rotated glyphs",
        ink.width,
        ink.height,
        ink.glyphs.len(),
        ink.rules.len(),
        ink.rotated
    );
    let read = read_page(&ink, page);
    println!("--- text\n{}", read.text);
    for table in &read.tables {
        println!("--- {}", table.part);
        for row in &table.grid {
            let cells: Vec<String> = row.iter().map(|v| v.shown().into_owned()).collect();
            println!("{}", cells.join(" | "));
        }
        if let Some(merges) = &table.merges {
            for m in merges {
                println!(
                    "merge r{}c{}..r{}c{}",
                    m.first_row, m.first_col, m.last_row, m.last_col
                );
            }
        }
    }
    Ok(())
}
