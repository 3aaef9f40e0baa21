//! Batch throughput, scaling and memory, whole process: `tickmark batch`
//! (this package's binary) over generated JSON Lines answers, against the
//! value-only peer `figured` on the same claims when a python with it is
//! found (`TICKMARK_FIGURED_PYTHON`, else `python3`).
//!
//! - (a) the realistic mixed batch: the bundled sample answers over Acme's
//!   workbook (`samples/answers/batch.jsonl`: clean claims, swaps, wrong
//!   values, pointers, a calculation, a locked workbook) cycled to 20,000
//!   answers; (b) every labeled cell of the four samples cited (5,000
//!   answers of ten claims: its text as the value, its row label and column
//!   header as the role; every fifth states a wrong number, every seventh
//!   cites the cell one row down). Each at 1 and 2 jobs, medians of 3 runs.
//! - Each check's share: (a) with growing `--checks` subsets.
//! - Scaling: (a) at 1,000 / 10,000 / 100,000 answers; a csv table of 50 /
//!   500 / 5,000 rows with 10,000 claims on it (per-claim cost as the table
//!   grows).
//! - Memory: 10,000 and 100,000 answers of (b) streamed through
//!   `batch::run` in a fresh process (this binary again, `--rss-child
//!   FILE`), which reports its peak resident set (`VmHWM`, Linux only).
//! - `--generate N FILE` writes N answers of (b) to FILE and stops.
//!
//! Run with `cargo bench --bench batch`; docs/performance.md records it.

// A bench binary: a failed setup is a failed bench.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::io::{BufReader, Write};
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

/// The bundled sample answers over Acme's workbook, cycled to `answers`
/// lines with distinct ids: the realistic mixed batch.
fn write_mixed(answers: usize, path: &Path) {
    let lines: Vec<serde_json::Value> = std::fs::read_to_string("samples/answers/batch.jsonl")
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|a| a["sources"][0] == "acme.xlsx")
        .collect();
    let mut file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    for n in 0..answers {
        let mut answer = lines[n % lines.len()].clone();
        let id = format!("{}-{n}", answer["id"].as_str().unwrap());
        answer["id"] = serde_json::Value::String(id);
        writeln!(file, "{answer}").unwrap();
    }
    file.flush().unwrap();
}

/// A csv of `rows` line items over two years, and `answers` answers of five
/// claims each citing one of its cells by its label and year (every fifth
/// with a wrong number). Labels share words as a statement's do: one of
/// eight line words and a name of its own.
fn write_rows(rows: usize, answers: usize, dir: &Path) -> std::path::PathBuf {
    const LINES: [&str; 8] = [
        "revenue",
        "cost of sales",
        "other expense",
        "interest income",
        "deferred tax",
        "lease liabilities",
        "accrued payroll",
        "net income",
    ];
    let name = |k: usize| -> String {
        let mut out = String::new();
        let mut k = k + 1;
        while k > 0 {
            out.push(char::from(b'a' + u8::try_from(k % 26).unwrap()));
            k /= 26;
        }
        format!("{out}x")
    };
    let mut csv = String::from("Line item,2024,2023\n");
    for k in 0..rows {
        csv.push_str(&format!(
            "{} {},{},{}\n",
            name(k),
            LINES[k % LINES.len()],
            1_000 + k * 7,
            900 + k * 5
        ));
    }
    std::fs::write(dir.join("t.csv"), csv).unwrap();
    let path = dir.join(format!("answers-{answers}.jsonl"));
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let mut seed: u64 = 7;
    for a in 0..answers {
        let claims: Vec<String> = (0..5)
            .map(|c| {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let k = usize::try_from(seed >> 33).unwrap() % rows;
                let wrong = usize::from((a * 5 + c) % 5 == 4);
                serde_json::json!({
                    "id": format!("k{c}"),
                    "value": (1_000 + k * 7 + wrong).to_string(),
                    "role": format!("{} {}, FY2024", name(k), LINES[k % LINES.len()]),
                    "cites": [format!("t.csv#t!B{}", k + 2)],
                })
                .to_string()
            })
            .collect();
        writeln!(
            file,
            "{{\"id\":\"a{a}\",\"sources\":[\"t.csv\"],\"claims\":[{}]}}",
            claims.join(",")
        )
        .unwrap();
    }
    file.flush().unwrap();
    path
}

/// Claims per second of a whole `tickmark batch` process over `traces`
/// (median of three runs), from the claim count it prints.
fn tickmark_rate(traces: &Path, sources: &Path, jobs: usize, extra: &[&str]) -> f64 {
    let mut rates: Vec<f64> = (0..3)
        .map(|_| {
            let start = Instant::now();
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_tickmark"))
                .arg("batch")
                .arg("--traces")
                .arg(traces)
                .arg("--sources")
                .arg(sources)
                .args(["--jobs", &jobs.to_string(), "--format", "jsonl"])
                .args(extra)
                .stdout(std::process::Stdio::null())
                .output()
                .unwrap();
            let seconds = start.elapsed().as_secs_f64();
            let stderr = String::from_utf8_lossy(&out.stderr);
            let claims = claims_in(&stderr)
                .unwrap_or_else(|| panic!("no claim count in batch's summary: {stderr}"));
            claims / seconds
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    rates[1]
}

/// The claim count of batch's summary on standard error ("claims: N (…").
fn claims_in(summary: &str) -> Option<f64> {
    let line = summary
        .lines()
        .find_map(|l| l.trim().strip_prefix("claims:"))?;
    line.split_whitespace().next()?.parse().ok()
}

/// A python that has figured, from TICKMARK_FIGURED_PYTHON or `python3`.
fn figured_python() -> Option<String> {
    let python = std::env::var("TICKMARK_FIGURED_PYTHON").unwrap_or_else(|_| "python3".into());
    let ok = std::process::Command::new(&python)
        .args(["-c", "import figured"])
        .output()
        .is_ok_and(|o| o.status.success());
    ok.then_some(python)
}

/// figured's claims per second on the same claims
/// (`peers/figured_batch.py`).
fn figured_rate(python: &str, traces: &Path, sources: &Path) -> f64 {
    let out = std::process::Command::new(python)
        .arg("peers/figured_batch.py")
        .arg(traces)
        .arg(sources)
        .arg(env!("CARGO_BIN_EXE_tickmark"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let rate = text
        .split('=')
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .map(|r| r.replace(',', ""))
        .and_then(|r| r.parse::<f64>().ok());
    rate.unwrap_or_else(|| {
        panic!(
            "figured gave no rate: {text} {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
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
    let work = std::env::temp_dir().join(format!("tickmark-batch-work-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    let figured = figured_python();
    if figured.is_none() {
        println!(
            "figured: not installed (set TICKMARK_FIGURED_PYTHON to a python with figured); peer not measured"
        );
    }

    // (a) the realistic mixed batch and (b) every cell cited, whole process.
    let mixed = work.join("mixed.jsonl");
    write_mixed(20_000, &mixed);
    let cells = work.join("cells.jsonl");
    {
        let mut file = std::io::BufWriter::new(std::fs::File::create(&cells).unwrap());
        generate(5_000, &templates, &mut file);
        file.flush().unwrap();
    }
    let samples = Path::new("samples");
    println!("\n== whole-process `tickmark batch` against figured (claims/s; medians of 3)");
    let mut rates = std::collections::BTreeMap::new();
    for (name, path) in [("mixed", &mixed), ("every cell", &cells)] {
        let peer = figured.as_deref().map(|py| figured_rate(py, path, samples));
        for jobs in [1, 2] {
            let rate = tickmark_rate(path, samples, jobs, &[]);
            rates.insert((name, jobs), rate);
            match peer {
                Some(p) => println!(
                    "{name:>10}, {jobs} job(s): tickmark {rate:>9.0}  figured {p:>8.0}  ratio {:.1}x",
                    rate / p
                ),
                None => println!("{name:>10}, {jobs} job(s): tickmark {rate:>9.0}"),
            }
        }
    }
    for jobs in [1, 2] {
        println!(
            "every cell / mixed, {jobs} job(s): per-claim cost {:.2}x",
            rates[&("mixed", jobs)] / rates[&("every cell", jobs)]
        );
    }

    // Each check's share: the mixed batch with growing subsets of the checks.
    println!("\n== the mixed batch by checks run (1 job; claims/s, seconds per 100k claims)");
    let mut before = 0.0;
    for checks in [
        "resolve",
        "resolve,quote,value",
        "resolve,quote,value,role",
        "resolve,quote,value,role,arithmetic,support",
    ] {
        let rate = tickmark_rate(&mixed, samples, 1, &["--checks", checks]);
        let per = 100_000.0 / rate;
        println!(
            "{checks:>44}: {rate:>9.0} claims/s  {per:.3} s  (+{:.3} s)",
            per - before
        );
        before = per;
    }

    // Scaling in the number of answers.
    println!("\n== answers (mixed, 2 jobs)");
    for answers in [1_000, 10_000, 100_000] {
        let path = work.join(format!("mixed-{answers}.jsonl"));
        write_mixed(answers, &path);
        let rate = tickmark_rate(&path, samples, 2, &[]);
        println!("{answers:>7} answers: {rate:>9.0} claims/s");
        std::fs::remove_file(&path).ok();
    }

    // Scaling in the size of the table: per-claim cost as rows grow, as the
    // slope between 10,000 and 100,000 claims (the source's read and
    // labeling are paid once a process, and cancel).
    println!("\n== table rows (10,000 and 100,000 claims, no context; 1 job)");
    for rows in [50, 500, 5_000] {
        let dir = work.join(format!("rows-{rows}"));
        std::fs::create_dir_all(&dir).unwrap();
        let seconds = |answers: usize| {
            let path = write_rows(rows, answers, &dir);
            let claims = (answers * 5) as f64;
            claims / tickmark_rate(&path, &dir, 1, &[])
        };
        let (small, large) = (seconds(2_000), seconds(20_000));
        let per_claim = (large - small) / 90_000.0;
        println!(
            "{rows:>6} rows: {:.2} us a claim; fixed (start-up, read, label) {:.1} ms",
            per_claim * 1e6,
            (small - per_claim * 10_000.0) * 1e3
        );
    }
    std::fs::remove_dir_all(&work).ok();

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
