//! Prints what the PDF reader sees on pages of a file: their text and the
//! raw grid of every table it found, before labeling.
//!
//! ```text
//! cargo run --example pdf_layout -- FILE.pdf PAGES [--lines | --glyphs]
//! ```
//!
//! PAGES is a page number, a range (`30-40`) or `all`. With `--lines`, each
//! line's baseline, size and phrases with their left and right edges are
//! printed too; with `--glyphs`, only the glyphs as pdf-extract draws them
//! (baseline, left, right, size, text).

use std::path::Path;

use anyhow::{Context, Result, bail};
use tickmark::read::pdf::{PdfLimits, lines, open, page_ink, read_page};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (file, pages, flag) = match args.as_slice() {
        [file, pages] => (file, pages, None),
        [file, pages, flag] if flag == "--lines" || flag == "--glyphs" => {
            (file, pages, Some(flag.as_str()))
        }
        _ => bail!("usage: pdf_layout FILE.pdf PAGES [--lines | --glyphs]"),
    };
    let bytes = std::fs::read(file).with_context(|| format!("reading {file}"))?;
    let mut doc = open(&bytes, Path::new(file))?;
    let all = doc.get_pages();
    let last = all.keys().last().copied().unwrap_or(0);
    let (from, to) = match pages.split_once('-') {
        _ if pages == "all" => (1, last),
        Some((a, b)) => (a.parse()?, b.parse::<u32>()?.min(last)),
        None => {
            let p = pages.parse().context("PAGES must be N, N-M or all")?;
            (p, p)
        }
    };
    for page in from..=to {
        let id = *all.get(&page).context("no such page")?;
        let (ink, _) = match page_ink(&mut doc, page, id, &PdfLimits::default()) {
            Ok(ink) => ink,
            Err(e) => {
                println!("=== page {page}: {e}");
                continue;
            }
        };
        if flag == Some("--glyphs") {
            for g in &ink.glyphs {
                println!(
                    "{:8.3} {:8.3} {:8.3} {:5.2} {:?}",
                    g.base, g.x0, g.x1, g.size, g.text
                );
            }
            continue;
        }
        println!(
            "=== page {page}: {:.0}x{:.0} pt, {} glyphs, {} rules, {} rotated glyphs",
            ink.width,
            ink.height,
            ink.glyphs.len(),
            ink.rules.len(),
            ink.rotated
        );
        if flag == Some("--lines") {
            println!("--- lines");
            for line in lines(&ink.glyphs) {
                let phrases: Vec<String> = line
                    .phrases
                    .iter()
                    .map(|p| format!("[{:.1}-{:.1}] {}", p.x0, p.x1, p.text))
                    .collect();
                println!(
                    "{:7.2} {:4.1} {}",
                    line.base,
                    line.size,
                    phrases.join(" | ")
                );
            }
        }
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
    }
    Ok(())
}
