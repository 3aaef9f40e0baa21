//! The role check on tagged cells, at scale: for every tagged table cell of
//! a filing, a claim that states the cell's printed number with the role
//! its tag gives (`{"concept": "us-gaap:…", "period": "three months ended
//! June 28, 2025"}`), verified against the filing. With tags used, such a
//! claim should be accepted, and never be `ambiguous_role` for lack of a
//! cell concept. A fact with dimension members is a qualified concept: a
//! claim naming only its QName is a different role (fail closed), and one
//! naming its members too (`us-gaap:Revenues[srt:ProductOrServiceAxis=
//! aapl:IPhoneMember]`, the form extract prints and XBRL tools list) is
//! that fact's.

use std::path::Path;

use serde::Serialize;

use crate::answer::read_answers_str;
use crate::check::Route;
use crate::check::resolve::Store;
use crate::model::{Cell, CellTag, Period, TablePart};
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

/// The verdicts on one filing's claims, by kind of claim.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct RoleCards {
    /// Facts without dimension members, claimed by QName and period.
    pub consolidated: RoleTally,
    /// Facts with dimension members, claimed by the concept's QName and the
    /// period only: another role, never to be accepted.
    pub dimensional: RoleTally,
    /// Facts with explicit dimension members, claimed by QName, members and
    /// period (typed members cannot be named so, and are left out).
    pub members: RoleTally,
    /// A cell's printed number claimed with the role of another cell of its
    /// table (same concept and members, another period, another value):
    /// none should be accepted.
    pub wrong_period: RoleTally,
    /// The same with another cell's members (same concept and period,
    /// another value): none should be accepted.
    pub wrong_member: RoleTally,
}

impl RoleCards {
    /// Adds another filing's cards.
    pub fn merge(&mut self, other: &RoleCards) {
        self.consolidated.merge(&other.consolidated);
        self.dimensional.merge(&other.dimensional);
        self.members.merge(&other.members);
        self.wrong_period.merge(&other.wrong_period);
        self.wrong_member.merge(&other.wrong_member);
    }
}

/// What a claim built from a tag is of.
#[derive(Clone, Copy)]
enum Kind {
    Consolidated,
    Dimensional,
    Members,
    WrongPeriod,
    WrongMember,
}

/// `us-gaap:Revenues[srt:ProductOrServiceAxis=aapl:IPhoneMember]`: the
/// concept with its explicit members; `None` when a member is typed.
fn with_members(fact: &crate::xbrl::Fact) -> Option<String> {
    if fact
        .dims()
        .iter()
        .any(|d| matches!(d.member, crate::xbrl::Member::Typed(_)))
    {
        return None;
    }
    let dims: Vec<String> = fact.dims().iter().map(ToString::to_string).collect();
    Some(format!("{}[{}]", fact.concept, dims.join(",")))
}

/// The verdicts on the claims built from one filing's tags.
pub fn role_check(path: &Path, vocab: &Vocab) -> Result<RoleCards, crate::ReadError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = path.parent().unwrap_or(Path::new("."));
    let document = load_source(path, &name, vocab, &ReadOptions::default())?;
    let mut claims = Vec::new();
    let mut kinds = Vec::new();
    for table in &document.tables {
        if matches!(table.part, TablePart::Pdf { table: 0, .. }) {
            continue;
        }
        // Each tag's cell, period and role as a claim names it.
        let tagged: Vec<(Cell<'_>, &CellTag, String, Option<String>)> = table
            .tags
            .iter()
            .filter_map(|tag| {
                let cell = table.cell_at(tag.coord)?;
                let period = period_of(tag.fact.period())
                    .as_ref()
                    .and_then(period_text)?;
                let named = if tag.fact.dims().is_empty() {
                    Some(tag.fact.concept.clone())
                } else {
                    with_members(&tag.fact)
                };
                Some((cell, tag, period, named))
            })
            .collect();
        let mut claim = |cell: &Cell<'_>, concept: &str, period: &str, kind: Kind| {
            claims.push(serde_json::json!({
                "id": format!("k{}", claims.len()),
                "value": cell.text(),
                "role": {"concept": concept, "period": period},
                "cites": [cell.reference().to_string()],
            }));
            kinds.push(kind);
        };
        for (i, (cell, tag, period, named)) in tagged.iter().enumerate() {
            if tag.fact.dims().is_empty() {
                claim(cell, &tag.fact.concept, period, Kind::Consolidated);
            } else {
                claim(cell, &tag.fact.concept, period, Kind::Dimensional);
                if let Some(named) = named {
                    claim(cell, named, period, Kind::Members);
                }
            }
            // The next cell of the table with the same concept and another
            // value, in another period with the same members, or in the
            // same period with other members: its role, this cell's number.
            let Some(named) = named else { continue };
            let value = cell.value_base().map(|v| v.abs());
            let others = tagged.iter().skip(i + 1).filter(|(c, t, _, n)| {
                t.fact.concept == tag.fact.concept
                    && n.is_some()
                    && c.value_base().map(|v| v.abs()) != value
            });
            let mut periods = false;
            let mut members = false;
            for (_, other, other_period, other_named) in others {
                let Some(other_named) = other_named else {
                    continue;
                };
                let same_period = other.fact.period() == tag.fact.period();
                if !periods && !same_period && other_named == named {
                    claim(cell, named, other_period, Kind::WrongPeriod);
                    periods = true;
                } else if !members && same_period && other_named != named {
                    claim(cell, other_named, period, Kind::WrongMember);
                    members = true;
                }
                if periods && members {
                    break;
                }
            }
        }
    }
    let answer = serde_json::json!({"id": name, "sources": [name], "claims": claims});
    let answers = read_answers_str(&answer.to_string(), "tags.json", false).map_err(|e| {
        crate::ReadError::Html {
            path: name.clone(),
            reason: e.to_string(),
        }
    })?;
    let mut cards = RoleCards::default();
    let Some(Ok(answer)) = answers.items.into_iter().next() else {
        return Ok(cards);
    };
    let store = Store::default();
    let verifier = Verifier::new(vocab, &store, VerifyOptions::default());
    let cache = SourceCache::default();
    let report = verifier.verify(&answer, &cache, dir);
    drop(document);
    for (claim, kind) in report.claims.iter().zip(kinds) {
        let codes: Vec<&str> = claim.findings.iter().map(|f| f.code.name()).collect();
        let tally = match kind {
            Kind::Consolidated => &mut cards.consolidated,
            Kind::Dimensional => &mut cards.dimensional,
            Kind::Members => &mut cards.members,
            Kind::WrongPeriod => &mut cards.wrong_period,
            Kind::WrongMember => &mut cards.wrong_member,
        };
        tally.add(claim.route, &codes);
    }
    Ok(cards)
}
