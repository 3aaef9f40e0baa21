//! The role check on tagged cells, at scale: for every tagged table cell of
//! a filing, a claim that states the cell's printed number with the role
//! its tag gives (`{"concept": "us-gaap:…", "period": "three months ended
//! June 28, 2025"}`), verified against the filing. With tags used, such a
//! claim should be accepted, and never be `ambiguous_role` for lack of a
//! cell concept; a fact with dimension members is a qualified concept, so a
//! claim naming only its QName is a different role (fail closed).

use std::path::Path;

use serde::Serialize;

use crate::answer::read_answers_str;
use crate::check::Route;
use crate::check::resolve::Store;
use crate::model::{Period, TablePart};
use crate::read::html::period_of;
use crate::{ReadOptions, SourceCache, Verifier, VerifyOptions, Vocab, load_source};

/// Verdicts on the claims built from one filing's tags.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct RoleTally {
    /// Claims checked.
    pub claims: usize,
    /// Accepted.
    pub accepted: usize,
    /// With an `ambiguous_role` finding.
    pub ambiguous: usize,
    /// With another role finding (`same_number_swap`, `role_mismatch`, `period_mismatch`).
    pub role_differs: usize,
    /// With only findings of other checks.
    pub other: usize,
}

impl RoleTally {
    fn add(&mut self, route: Route, codes: &[&str]) {
        self.claims += 1;
        if route == Route::Accept {
            self.accepted += 1;
        } else if codes.contains(&"ambiguous_role") {
            self.ambiguous += 1;
        } else if codes
            .iter()
            .any(|c| matches!(*c, "same_number_swap" | "role_mismatch" | "period_mismatch"))
        {
            self.role_differs += 1;
        } else {
            self.other += 1;
        }
    }

    /// Adds another tally.
    pub fn merge(&mut self, other: &RoleTally) {
        self.claims += other.claims;
        self.accepted += other.accepted;
        self.ambiguous += other.ambiguous;
        self.role_differs += other.role_differs;
        self.other += other.other;
    }
}

/// "three months ended June 28, 2025", "June 28, 2025".
fn period_text(period: &Period) -> Option<String> {
    let date = |d: jiff::civil::Date| d.strftime("%B %-d, %Y").to_string();
    match period {
        Period::Instant { date: Some(d), .. } => Some(date(*d)),
        Period::Duration {
            months: Some(m),
            end: Some(e),
            ..
        } => {
            let words = match m {
                3 => "three".to_string(),
                6 => "six".to_string(),
                9 => "nine".to_string(),
                12 => "twelve".to_string(),
                other => other.to_string(),
            };
            Some(format!("{words} months ended {}", date(*e)))
        }
        _ => None,
    }
}

/// (consolidated facts, dimensional facts) verdicts for one filing.
pub fn role_check(path: &Path, vocab: &Vocab) -> Result<(RoleTally, RoleTally), crate::ReadError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = path.parent().unwrap_or(Path::new("."));
    let document = load_source(path, &name, vocab, &ReadOptions::default())?;
    let mut claims = Vec::new();
    let mut dimensional = Vec::new();
    for table in &document.tables {
        if matches!(table.part, TablePart::Pdf { table: 0, .. }) {
            continue;
        }
        for tag in &table.tags {
            let Some(cell) = table.cell_at(tag.coord) else {
                continue;
            };
            let Some(period) = period_of(tag.fact.period()).as_ref().and_then(period_text) else {
                continue;
            };
            let claim = serde_json::json!({
                "id": format!("k{}", claims.len()),
                "value": cell.text(),
                "role": {"concept": tag.fact.concept, "period": period},
                "cites": [cell.reference().to_string()],
            });
            dimensional.push(!tag.fact.dims().is_empty());
            claims.push(claim);
        }
    }
    let answer = serde_json::json!({"id": name, "sources": [name], "claims": claims});
    let answers = read_answers_str(&answer.to_string(), "tags.json", false).map_err(|e| {
        crate::ReadError::Html {
            path: name.clone(),
            reason: e.to_string(),
        }
    })?;
    let (mut plain, mut qualified) = (RoleTally::default(), RoleTally::default());
    let Some(Ok(answer)) = answers.items.into_iter().next() else {
        return Ok((plain, qualified));
    };
    let store = Store::default();
    let verifier = Verifier::new(vocab, &store, VerifyOptions::default());
    let cache = SourceCache::default();
    let report = verifier.verify(&answer, &cache, dir);
    drop(document);
    for (claim, dims) in report.claims.iter().zip(dimensional) {
        let codes: Vec<&str> = claim.findings.iter().map(|f| f.code.name()).collect();
        if dims {
            qualified.add(claim.route, &codes);
        } else {
            plain.add(claim.route, &codes);
        }
    }
    Ok((plain, qualified))
}
