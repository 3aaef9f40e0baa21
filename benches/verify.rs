//! Verification throughput: a generated batch of 100,000 claims over the
//! bundled samples, sources read once and cached, checked with the full code
//! pipeline and with growing subsets of it (resolve; + quote; + value; +
//! role; + arithmetic) so that the time of each check is the difference
//! between neighbours, measured in the same run.
//!
//! The claims: for every labeled cell of the samples, a claim citing it with
//! its text as the stated value and its row label and column header as the
//! role; every fifth claim states a wrong number, every seventh cites the
//! cell one row down, every ninth carries a quote of its row, and every
//! eleventh answer ends with a growth calculation over two operands. Ten
//! claims per answer; about 900 distinct role texts. `6_all_distinct_roles`
//! runs the full pipeline on the same batch with every role text made
//! distinct, so the verifier's memo of role readings cannot help. Run with
//! `cargo bench --bench verify`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use tickmark::answer::{Answer, Claim, Origin, Role, SourceSpec};
use tickmark::check::resolve::Store;
use tickmark::check::{Check, CheckSet};
use tickmark::{SourceCache, Verifier, VerifyOptions, Vocab};

const CLAIMS: usize = 100_000;
const PER_ANSWER: usize = 10;
const SOURCES: [&str; 4] = ["acme.xlsx", "birchwood.xlsx", "calder.xlsx", "dunmore.xlsx"];

/// One claim per labeled cell, cycling through the samples until `CLAIMS`.
fn generate(cache: &mut SourceCache, vocab: &Vocab) -> Vec<Answer> {
    let mut templates: Vec<(String, Claim)> = Vec::new();
    for source in SOURCES {
        let Ok(doc) = cache.load(source, source, Path::new("samples"), vocab) else {
            continue;
        };
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
            let value = if n % 5 == 4 {
                format!("{}1", cell.text())
            } else {
                cell.text().into_owned()
            };
            let quote = (n % 9 == 2).then(|| label.to_string());
            templates.push((
                source.to_string(),
                Claim {
                    id: String::new(),
                    value: Some(value),
                    role: Some(Role::Text(format!("{label}, {header}"))),
                    cites: vec![reference.to_string()],
                    quote,
                    ..Claim::default()
                },
            ));
        }
    }
    let growth = Claim {
        id: String::new(),
        value: Some("7.7%".to_string()),
        calc: Some("(r24 - r23) / r23".to_string()),
        operands: vec![
            Claim {
                id: "r24".into(),
                value: Some("4,200".into()),
                role: Some(Role::Text("Revenue 2024".into())),
                cites: vec!["acme.xlsx#IS!B7".into()],
                ..Claim::default()
            },
            Claim {
                id: "r23".into(),
                value: Some("3,900".into()),
                role: Some(Role::Text("Revenue 2023".into())),
                cites: vec!["acme.xlsx#IS!C7".into()],
                ..Claim::default()
            },
        ],
        ..Claim::default()
    };
    let sources: Vec<SourceSpec> = SOURCES
        .iter()
        .map(|s| SourceSpec {
            id: s.to_string(),
            path: s.to_string(),
        })
        .collect();
    let mut answers = Vec::with_capacity(CLAIMS / PER_ANSWER);
    let mut made = 0;
    while made < CLAIMS && !templates.is_empty() {
        let index = answers.len();
        let mut claims = Vec::with_capacity(PER_ANSWER);
        for k in 0..PER_ANSWER {
            let template = templates.get((made + k) % templates.len()).map(|t| &t.1);
            let mut claim = match template {
                _ if index % 11 == 0 && k == PER_ANSWER - 1 => growth.clone(),
                Some(claim) => claim.clone(),
                None => continue,
            };
            claim.id = format!("k{k}");
            claims.push(claim);
        }
        made += PER_ANSWER;
        answers.push(Answer {
            id: format!("a{index}"),
            sources: sources.clone(),
            context: None,
            claims,
            origin: Origin::default(),
            problems: Vec::new(),
        });
    }
    answers
}

fn run(answers: &[Answer], verifier: &Verifier<'_>, cache: &mut SourceCache) -> usize {
    answers
        .iter()
        .map(|a| verifier.verify(a, cache, Path::new("samples")).claims.len())
        .sum()
}

fn bench(c: &mut Criterion) {
    let vocab = Vocab::builtin();
    let store = Store::default();
    let mut cache = SourceCache::default();
    let answers = generate(&mut cache, &vocab);
    let claims: usize = answers.iter().map(|a| a.claims.len()).sum();
    eprintln!("verify bench: {} answers, {claims} claims", answers.len());
    let stages: [(&str, &[Check]); 5] = [
        ("1_resolve", &[]),
        ("2_quote", &[Check::Quote]),
        ("3_value", &[Check::Quote, Check::Value]),
        ("4_role", &[Check::Quote, Check::Value, Check::Role]),
        (
            "5_all",
            &[
                Check::Quote,
                Check::Value,
                Check::Role,
                Check::Arithmetic,
                Check::Support,
            ],
        ),
    ];
    // The same batch with every role text distinct: no two claims share a
    // reading of their role (the verifier's role memo cannot help).
    let mut unique = answers.clone();
    let mut n = 0usize;
    for answer in &mut unique {
        for claim in &mut answer.claims {
            if let Some(Role::Text(text)) = &mut claim.role {
                n += 1;
                text.push_str(&format!(" (entry {n})"));
            }
        }
    }
    let mut group = c.benchmark_group("verify");
    group.sample_size(10);
    for (name, checks) in stages {
        let verifier = Verifier::new(
            &vocab,
            &store,
            VerifyOptions::with_checks(CheckSet::of(checks)),
        );
        group.bench_function(name, |b| {
            b.iter(|| black_box(run(&answers, &verifier, &mut cache)))
        });
        if name == "5_all" {
            group.bench_function("6_all_distinct_roles", |b| {
                b.iter(|| {
                    let fresh = Verifier::new(&vocab, &store, VerifyOptions::default());
                    black_box(run(&unique, &fresh, &mut cache))
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
