//! Batch throughput and memory: `tickmark::batch::run` over generated JSON
//! Lines answers citing the bundled samples.
//!
//! - Throughput: 10,000 answers of ten claims (100,000 claims) from memory to
//!   a sink, on 1 and on 2 worker threads, five runs each, medians; each run
//!   starts cold (a new source cache and verifier), as a `tickmark batch`
//!   run does. Prints claims/s and the speed-up.
//! - Memory: the same generator writes 10,000 and 100,000 answers to files;
//!   for each, a fresh process (this binary again, `--rss-child FILE`)
//!   streams the file through `batch::run` and reports its peak resident set
//!   (`VmHWM` of /proc/self/status, so Linux only).
//! - `--generate N FILE` writes N answers to FILE and stops, to run the
//!   command line on the same input.
//!
//! The claims: for every labeled cell of the samples, one citing it with its
//! text as the stated value and its row label and column header as the role;
//! every fifth states a wrong number, every seventh cites the cell one row
//! down. Run with `cargo bench --bench batch`.

// A bench binary: a failed setup is a failed bench.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::io::{BufReader, Cursor, Write};
use std::path::Path;
use std::time::Instant;

use tickmark::batch::{self, BatchFormat, BatchJob};
use tickmark::check::CheckSet;
use tickmark::check::resolve::Store;
use tickmark::{SourceCache, Verifier, VerifyOptions, Vocab};

const PER_ANSWER: usize = 10;
const SOURCES: [&str; 4] = ["acme.xlsx", "birchwood.xlsx", "calder.xlsx", "dunmore.xlsx"];

/// One claim per labeled cell of the samples, as JSON.
fn claim_templates() -> Vec<String> {
    let vocab = Vocab::builtin();
    let cache = SourceCache::default();
    let mut templates = Vec::new();
    for source in SOURCES {
        let doc = cache
            .load(source, source, Path::new("samples"), &vocab)
            .unwrap();
        for cell in doc.cells() {
            let (Some(label), Some(header)) = (cell.row_label(), cell.col_label()) else {
                continue;
            };
            let n = templates.len();
            let mut reference = cell.reference();
            if n % 7 == 3
                && let tickmark::model::Target::Cell(_, coord) = &mut reference.target
            {
                coord.row += 1;
            }
            let mut value = cell.text().into_owned();
            if n % 5 == 4 {
                // A wrong number: a digit more after the last digit ("36.7%"
                // becomes "36.71%").
                let at = value
                    .rfind(|c: char| c.is_ascii_digit())
                    .map_or(0, |i| i + 1);
                value.insert(at, '1');
            }
            templates.push(
                serde_json::json!({
                    "value": value,
                    "role": format!("{label}, {header}"),
                    "cites": [reference.to_string()],
                })
                .to_string(),
            );
        }
    }
    templates
}

/// Writes `answers` answers of ten claims, one per line.
fn generate(answers: usize, templates: &[String], out: &mut dyn Write) {
    let sources = serde_json::to_string(&SOURCES).unwrap();
    for a in 0..answers {
        let claims: Vec<String> = (0..PER_ANSWER)
            .map(|k| {
                let template = &templates[(a * PER_ANSWER + k) % templates.len()];
                format!("{{\"id\":\"k{k}\",{}", &template[1..])
            })
            .collect();
        writeln!(
            out,
            "{{\"id\":\"a{a}\",\"sources\":{sources},\"claims\":[{}]}}",
            claims.join(",")
        )
        .unwrap();
    }
}

/// One cold batch run (a new verifier and source cache, as a `tickmark
/// batch` run starts) over `input`, to a sink.
fn cold_run(input: &mut dyn std::io::BufRead, name: &str, jobs: usize) -> batch::BatchSummary {
    let vocab = Vocab::builtin();
    let store = Store::default();
    let verifier = Verifier::new(&vocab, &store, VerifyOptions::with_checks(CheckSet::ALL));
    let cache = SourceCache::default();
    let job = BatchJob {
        verifier: &verifier,
        cache: &cache,
        sources_dir: Path::new("samples"),
        input_name: name,
        jobs,
        format: BatchFormat::Jsonl,
        max_line_bytes: batch::MAX_LINE_BYTES,
    };
    batch::run(input, &mut std::io::sink(), &job, &mut |_| {}).unwrap()
}

/// One cold batch run over `input`; returns (claims, seconds).
fn run_once(input: &[u8], jobs: usize) -> (u64, f64) {
    let start = Instant::now();
    let summary = cold_run(&mut Cursor::new(input), "bench.jsonl", jobs);
    (summary.claims, start.elapsed().as_secs_f64())
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The child of the memory measurement: streams a file, prints its peak RSS.
fn rss_child(path: &str) {
    let file = std::fs::File::open(path).unwrap();
    let summary = cold_run(&mut BufReader::new(file), path, 2);
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let peak = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .unwrap_or("VmHWM: unknown");
    println!(
        "{} answers, {} claims, {peak}",
        summary.answers, summary.claims
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--rss-child") {
        rss_child(&args[at + 1]);
        return;
    }
    let templates = claim_templates();
    // `--generate N FILE`: write the input, to run `tickmark batch` on it.
    if let Some(at) = args.iter().position(|a| a == "--generate") {
        let answers: usize = args[at + 1].parse().unwrap();
        let mut file = std::io::BufWriter::new(std::fs::File::create(&args[at + 2]).unwrap());
        generate(answers, &templates, &mut file);
        file.flush().unwrap();
        return;
    }
    let mut input = Vec::new();
    generate(10_000, &templates, &mut input);
    println!(
        "batch bench: 10000 answers, {} claims, {:.1} MB of JSON Lines",
        10_000 * PER_ANSWER,
        input.len() as f64 / 1e6
    );
    let mut rates = Vec::new();
    for jobs in [1, 2] {
        run_once(&input, jobs); // warm-up
        let times: Vec<f64> = (0..5).map(|_| run_once(&input, jobs).1).collect();
        let claims = (10_000 * PER_ANSWER) as f64;
        let rate = claims / median(times.clone());
        println!(
            "jobs {jobs}: median {:.3} s ({:.0} claims/s); runs {:?}",
            median(times.clone()),
            rate,
            times.iter().map(|t| format!("{t:.3}")).collect::<Vec<_>>()
        );
        rates.push(rate);
    }
    if let [one, two] = rates[..] {
        println!("speed-up on 2 jobs: {:.2}x", two / one);
    }
    let dir = std::env::temp_dir().join(format!("tickmark-batch-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for answers in [10_000, 100_000] {
        let path = dir.join(format!("answers-{answers}.jsonl"));
        let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        generate(answers, &templates, &mut file);
        file.flush().unwrap();
        drop(file);
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        let child = std::process::Command::new(std::env::current_exe().unwrap())
            .arg("--rss-child")
            .arg(&path)
            .output()
            .unwrap();
        print!(
            "memory, {:.0} MB input: {}",
            size as f64 / 1e6,
            String::from_utf8_lossy(&child.stdout)
        );
        std::fs::remove_file(&path).ok();
    }
    std::fs::remove_dir_all(&dir).ok();
}
