//! Generates the hostile answer files of issue 16: answers whose cost is
//! not in their size unless tickmark bounds it. Each is an answer over the
//! four sample workbooks (paths absolute, under `samples`), written to a
//! folder; `tests/bad.rs` checks that each finishes or is refused, with one
//! record per claim. Also a command-line generator for measuring:
//! `cargo test --release --test bad -- --ignored write_hostile_answers`
//! with `TICKMARK_HOSTILE_DIR=DIR` writes them to DIR.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

/// The sample workbooks, as an answer's sources.
fn sources(samples: &Path) -> Value {
    let list: Vec<Value> = ["acme.xlsx", "birchwood.xlsx", "calder.xlsx", "dunmore.xlsx"]
        .iter()
        .map(|s| json!({"id": s, "path": samples.join(s)}))
        .collect();
    Value::Array(list)
}

/// A role of about `bytes` bytes, of words a statement has.
fn long_role(bytes: usize) -> String {
    let words = "Revenue net income goodwill total assets cost of revenue operating income cash ";
    words
        .repeat(bytes / words.len() + 1)
        .chars()
        .take(bytes)
        .collect()
}

/// One hostile answer file: its name, what it is, the claims it holds.
pub struct Hostile {
    pub name: &'static str,
    pub what: &'static str,
    pub claims: usize,
    pub path: PathBuf,
}

/// Writes the hostile answers into `dir`.
pub fn write_all(samples: &Path, dir: &Path) -> Vec<Hostile> {
    let write = |name: &'static str, what: &'static str, answer: Value| {
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, answer.to_string()).unwrap();
        let claims = answer["claims"].as_array().map_or(0, Vec::len);
        Hostile {
            name,
            what,
            claims,
            path,
        }
    };
    let every_source = ["acme.xlsx", "birchwood.xlsx", "calder.xlsx", "dunmore.xlsx"];
    vec![
        // 11.8 KB in the issue: a 5 KB role and 500 whole-source cites.
        write(
            "role_5k_cites_500",
            "a 5 KB role and 500 whole-source cites on one claim",
            json!({"id": "h1", "sources": sources(samples), "claims": [{
                "id": "k1", "value": "4,200", "role": long_role(5_000),
                "cites": (0..500).map(|i| every_source[i % 4]).collect::<Vec<_>>(),
            }]}),
        ),
        // 28 KB: the same spread over claims, each with its own long role.
        write(
            "claims_12_cites_200",
            "12 claims of 1-2 KB roles, each with 200 whole-source cites",
            json!({"id": "h2", "sources": sources(samples), "claims": (0..12).map(|i| json!({
                "id": format!("k{i}"), "value": "4,200", "role": long_role(1_000 + 100 * i),
                "cites": (0..200).map(|j| every_source[j % 4]).collect::<Vec<_>>(),
            })).collect::<Vec<_>>()}),
        ),
        // 65 distinct cites: past the limit, that claim's error.
        write(
            "cites_65_distinct",
            "one claim with 65 distinct range cites, one ordinary claim",
            json!({"id": "h3", "sources": sources(samples), "claims": [
                {"id": "k1", "value": "4,200", "role": "Revenue, FY2024",
                 "cites": (0..65).map(|i| format!("acme.xlsx#IS!A1:D{}", i + 1)).collect::<Vec<_>>()},
                {"id": "k2", "value": "4,200", "role": "Revenue, FY2024", "cites": ["acme.xlsx#IS!B7"]},
            ]}),
        ),
        // A 3 MB role on one cell.
        write(
            "role_3mb",
            "a 3 MB role on one cell cite",
            json!({"id": "h4", "sources": sources(samples), "claims": [{
                "id": "k1", "value": "4,200", "role": long_role(3 << 20), "cites": ["acme.xlsx#IS!B7"],
            }]}),
        ),
        // Many claims, each a search of every cell of every source.
        write(
            "claims_2000_whole_source",
            "2,000 claims, each citing a whole source with a role of its own and no context",
            json!({"id": "h5", "sources": sources(samples), "claims": (0..2_000).map(|i| json!({
                "id": format!("k{i}"), "value": "4,200", "role": format!("Revenue line {i}, FY2024"),
                "cites": [every_source[i % 4]],
            })).collect::<Vec<_>>()}),
        ),
    ]
}
