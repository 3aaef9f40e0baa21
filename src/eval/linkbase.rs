//! A filing's presentation linkbase (`aapl-20220924_pre.xml`): which
//! concepts each of its statements and notes shows, and which it shows
//! with a negated label (printed with the opposite sign of the fact).
//!
//! Only what the tag scorers need is read: per `presentationLink` role,
//! the concepts its locators name and the preferred label of each arc's
//! target. Concepts are QNames with the usual prefix of the standard
//! taxonomies (`us-gaap:Revenues`), taken from the locator's `href`
//! fragment (`…us-gaap-2022.xsd#us-gaap_Revenues`).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use quick_xml::Reader;
use quick_xml::events::Event;

/// Why a linkbase could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: not well-formed XML: {reason}")]
pub struct LinkbaseError {
    /// The file.
    pub file: String,
    /// What the XML reader found.
    pub reason: String,
}

/// What kind of section a presentation role is, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RoleKind {
    /// A primary statement (balance sheet, operations, cash flows, equity,
    /// comprehensive income).
    Statement,
    /// The figures inside a statement's labels ("…Parenthetical").
    Parenthetical,
    /// The detail tables of the notes ("…Details").
    Details,
    /// Anything else (cover page, policies, text blocks).
    Other,
}

/// One presentation role: the concepts it shows.
#[derive(Debug, Clone, Default)]
pub struct Role {
    /// The role URI.
    pub uri: String,
    /// Every concept the role names (line items, abstracts, axes, members).
    pub concepts: BTreeSet<String>,
    /// Concepts shown with a negated label (`negatedLabel`,
    /// `negatedTerseLabel`, `negatedTotalLabel`, …).
    pub negated: BTreeSet<String>,
    /// Each concept's place in the role's tree, read depth first in arc
    /// order (the order the statement prints its lines in).
    pub rank: BTreeMap<String, u32>,
}

impl Role {
    /// The last segment of the role URI (`CONSOLIDATEDBALANCESHEETS`).
    pub fn name(&self) -> &str {
        self.uri.rsplit('/').next().unwrap_or(&self.uri)
    }

    /// What kind of section the role is, read from its name as SEC filers
    /// write them: statements are named in capitals or as "Consolidated
    /// …Statement(s) of …/Balance Sheet(s)", notes' tables end in "Details".
    pub fn kind(&self) -> RoleKind {
        let name = self.name();
        let lower = name.to_lowercase();
        if lower.ends_with("parenthetical") {
            return RoleKind::Parenthetical;
        }
        if lower.ends_with("details") || lower.contains("details_") {
            return RoleKind::Details;
        }
        let statement = [
            "balancesheet",
            "statementsof",
            "statementof",
            "financialposition",
        ]
        .iter()
        .any(|w| lower.contains(w))
            && !lower.ends_with("tables")
            && !lower.ends_with("policies");
        if statement {
            RoleKind::Statement
        } else {
            RoleKind::Other
        }
    }
}

/// The concept a locator's `href` names: `…#us-gaap_Revenues` is
/// `us-gaap:Revenues`.
fn concept_of(href: &str) -> Option<String> {
    let fragment = href.rsplit('#').next()?;
    let (prefix, local) = fragment.split_once('_')?;
    Some(format!("{prefix}:{local}"))
}

/// A parent-child arc of a presentation tree.
struct Arc {
    from: String,
    to: String,
    order: f64,
    preferred: String,
}

/// Ranks a role's concepts depth first from its roots, children in arc
/// order (bounded: each locator is placed once).
fn rank(role: &mut Role, locators: &HashMap<String, String>, arcs: &[Arc]) {
    let mut children: HashMap<&str, Vec<&Arc>> = HashMap::new();
    let mut has_parent: BTreeSet<&str> = BTreeSet::new();
    for arc in arcs {
        children.entry(arc.from.as_str()).or_default().push(arc);
        has_parent.insert(arc.to.as_str());
    }
    for list in children.values_mut() {
        list.sort_by(|a, b| a.order.total_cmp(&b.order));
    }
    let mut roots: Vec<&str> = arcs
        .iter()
        .map(|a| a.from.as_str())
        .filter(|f| !has_parent.contains(f))
        .collect();
    roots.dedup();
    let mut placed: BTreeSet<&str> = BTreeSet::new();
    let mut next = 0u32;
    let mut stack: Vec<&str> = roots.into_iter().rev().collect();
    while let Some(label) = stack.pop() {
        if !placed.insert(label) {
            continue;
        }
        if let Some(concept) = locators.get(label) {
            role.rank.entry(concept.clone()).or_insert(next);
            next += 1;
        }
        if let Some(kids) = children.get(label) {
            stack.extend(kids.iter().rev().map(|a| a.to.as_str()));
        }
    }
}

/// Reads a presentation linkbase into its roles, by URI.
pub fn read_presentation(text: &str, file: &str) -> Result<BTreeMap<String, Role>, LinkbaseError> {
    let mut reader = Reader::from_str(text);
    let mut roles: BTreeMap<String, Role> = BTreeMap::new();
    let mut current: Option<String> = None;
    // Per role: locator label → concept, and arcs.
    let mut locators: HashMap<String, String> = HashMap::new();
    let mut arcs: Vec<Arc> = Vec::new();
    let finish = |roles: &mut BTreeMap<String, Role>,
                  uri: &str,
                  locators: &mut HashMap<String, String>,
                  arcs: &mut Vec<Arc>| {
        let role = roles.entry(uri.to_string()).or_insert_with(|| Role {
            uri: uri.to_string(),
            ..Role::default()
        });
        role.concepts.extend(locators.values().cloned());
        for arc in arcs.iter() {
            if arc.preferred.contains("negated")
                && let Some(concept) = locators.get(&arc.to)
            {
                role.negated.insert(concept.clone());
            }
        }
        rank(role, locators, arcs);
        arcs.clear();
        locators.clear();
    };
    loop {
        let event = reader.read_event().map_err(|e| LinkbaseError {
            file: file.to_string(),
            reason: e.to_string(),
        })?;
        match event {
            Event::Start(e) | Event::Empty(e) => {
                let name = e.name().as_ref().to_string();
                let attr = |key: &str| crate::xbrl::xml::attr(&e, key);
                match crate::xbrl::xml::local(&name) {
                    "presentationLink" => {
                        if let Some(uri) = &current {
                            finish(&mut roles, uri, &mut locators, &mut arcs);
                        }
                        current = attr("xlink:role");
                    }
                    "loc" => {
                        if let (Some(label), Some(concept)) = (
                            attr("xlink:label"),
                            attr("xlink:href").as_deref().and_then(concept_of),
                        ) {
                            locators.insert(label, concept);
                        }
                    }
                    "presentationArc" => {
                        if let (Some(from), Some(to)) = (attr("xlink:from"), attr("xlink:to")) {
                            arcs.push(Arc {
                                from,
                                to,
                                order: attr("order")
                                    .and_then(|o| o.trim().parse().ok())
                                    .unwrap_or(0.0),
                                preferred: attr("preferredLabel").unwrap_or_default(),
                            });
                        }
                    }
                    _ => {}
                }
            }
            Event::End(e) => {
                let name = e.name().as_ref().to_string();
                if crate::xbrl::xml::local(&name) == "presentationLink"
                    && let Some(uri) = current.take()
                {
                    finish(&mut roles, &uri, &mut locators, &mut arcs);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(roles)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRE: &str = r##"<?xml version="1.0"?>
<link:linkbase xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink">
  <link:presentationLink xlink:role="http://x.com/role/CONSOLIDATEDSTATEMENTSOFCASHFLOWS" xlink:type="extended">
    <link:loc xlink:label="a" xlink:href="us-gaap-2022.xsd#us-gaap_NetIncomeLoss"/>
    <link:loc xlink:label="b" xlink:href="us-gaap-2022.xsd#us-gaap_PaymentsToAcquirePropertyPlantAndEquipment"/>
    <link:presentationArc xlink:from="a" xlink:to="b" preferredLabel="http://www.xbrl.org/2009/role/negatedLabel"/>
  </link:presentationLink>
  <link:presentationLink xlink:role="http://x.com/role/RevenueNetSalesDetails" xlink:type="extended">
    <link:loc xlink:label="a" xlink:href="x.xsd#aapl_IPhoneMember"/>
  </link:presentationLink>
</link:linkbase>"##;

    #[test]
    fn roles_know_their_concepts_kind_and_negated_lines() {
        let roles = read_presentation(PRE, "pre.xml").unwrap_or_default();
        let cash = roles
            .get("http://x.com/role/CONSOLIDATEDSTATEMENTSOFCASHFLOWS")
            .cloned()
            .unwrap_or_default();
        assert_eq!(cash.kind(), RoleKind::Statement);
        assert!(cash.concepts.contains("us-gaap:NetIncomeLoss"));
        assert_eq!(
            cash.negated.iter().collect::<Vec<_>>(),
            ["us-gaap:PaymentsToAcquirePropertyPlantAndEquipment"]
        );
        let details = roles
            .get("http://x.com/role/RevenueNetSalesDetails")
            .cloned()
            .unwrap_or_default();
        assert_eq!(
            cash.rank.get("us-gaap:NetIncomeLoss"),
            Some(&0),
            "{:?}",
            cash.rank
        );
        assert_eq!(
            cash.rank
                .get("us-gaap:PaymentsToAcquirePropertyPlantAndEquipment"),
            Some(&1)
        );
        assert_eq!(details.kind(), RoleKind::Details);
        assert!(details.concepts.contains("aapl:IPhoneMember"));
    }

    #[test]
    fn role_names_say_their_kind() {
        let kind = |name: &str| {
            Role {
                uri: format!("http://x.com/role/{name}"),
                ..Role::default()
            }
            .kind()
        };
        assert_eq!(kind("CONSOLIDATEDBALANCESHEETS"), RoleKind::Statement);
        assert_eq!(
            kind("ConsolidatedStatementsOfOperations"),
            RoleKind::Statement
        );
        assert_eq!(
            kind("CONSOLIDATEDBALANCESHEETSParenthetical"),
            RoleKind::Parenthetical
        );
        assert_eq!(
            kind("LeasesLeaseLiabilityMaturitiesDetails_1"),
            RoleKind::Details
        );
        assert_eq!(kind("RevenueTables"), RoleKind::Other);
        assert_eq!(kind("CoverPage"), RoleKind::Other);
    }
}
