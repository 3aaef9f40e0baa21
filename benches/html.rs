//! The HTML reader against its own floor, in the same run: reading the
//! committed Apple 10-Q excerpt (tests/fixtures/html) into labeled, tagged
//! cells, against the facts alone (`xbrl::Instance::parse_inline`, one
//! tokenizer pass) and against a bare quick-xml tokenize of the same bytes.
//! With `../shared/datasets/sec_ixbrl` present, the same three on the
//! largest filing there (JNJ's 10-Q, 2.8 MB).

use std::path::{Path, PathBuf};

use criterion::{Criterion, criterion_group, criterion_main};
use quick_xml::Reader;
use quick_xml::events::Event;
use tickmark::{ReadOptions, Vocab, load_bytes, xbrl::Instance};

fn tokenize(bytes: &[u8]) -> usize {
    let text = String::from_utf8_lossy(bytes);
    let mut reader = Reader::from_str(&text);
    let mut n = 0;
    while let Ok(event) = reader.read_event() {
        if matches!(event, Event::Eof) {
            break;
        }
        n += 1;
    }
    n
}

fn files() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![(
        "excerpt".to_string(),
        root.join("tests/fixtures/html/aapl-10q-excerpt.htm"),
    )];
    // CI's layout has ../shared beside the repository; a worktree's, two up.
    let big = ["../shared", "../../shared"]
        .iter()
        .map(|s| {
            root.join(s)
                .join("datasets/sec_ixbrl/jnj-10-q-2025-07-24.html")
        })
        .find(|p| p.exists())
        .unwrap_or_else(|| root.join("../shared/datasets/sec_ixbrl/jnj-10-q-2025-07-24.html"));
    if big.exists() {
        files.push(("jnj_10q".to_string(), big));
    } else {
        eprintln!("skipped the 2.8 MB filing: {} is absent", big.display());
    }
    files
}

fn html(c: &mut Criterion) {
    let vocab = Vocab::builtin();
    let options = ReadOptions::default();
    let mut group = c.benchmark_group("html");
    group.sample_size(20);
    for (name, path) in files() {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        group.bench_function(format!("{name}/tokenize"), |b| b.iter(|| tokenize(&bytes)));
        group.bench_function(format!("{name}/facts"), |b| {
            b.iter(|| Instance::parse_inline(&bytes, "f.htm").map(|i| i.facts().len()))
        });
        group.bench_function(format!("{name}/extract"), |b| {
            b.iter(|| {
                load_bytes(&bytes, Path::new("f.htm"), "f.htm", &vocab, &options)
                    .map(|d| d.cells().count())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, html);
criterion_main!(benches);
