//! The plain XBRL instance document, and what it shares with inline XBRL:
//! reading contexts and units, and turning fact drafts (attributes and text
//! as found) into [`Fact`]s with resolved contexts, units and values.

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Arc;

use jiff::civil::Date;
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use rust_decimal::Decimal;

use super::xml::{self, Namespaces};
use super::{Context, Decimals, Dim, Entity, Fact, FactKind, Instance, Member, Period, Unit};
use super::{XbrlError, transform};

/// A context or unit, read.
pub(super) enum Resource {
    Context(Context),
    Unit(Unit),
}

/// A context being read.
#[derive(Default)]
struct ContextDraft {
    id: String,
    entity: Entity,
    instant: Option<String>,
    start: Option<String>,
    end: Option<String>,
    forever: bool,
    dims: Vec<Dim>,
}

/// A unit being read.
#[derive(Default)]
struct UnitDraft {
    id: String,
    numerator: Vec<String>,
    denominator: Vec<String>,
    in_denominator: bool,
}

/// Reads `xbrli:context` and `xbrli:unit` elements from the events of
/// either kind of document: fed every event while [`ResourceReader::active`].
#[derive(Default)]
pub(super) struct ResourceReader {
    context: Option<ContextDraft>,
    unit: Option<UnitDraft>,
    text: String,
    /// The axis of the `explicitMember` or `typedMember` being read.
    axis: Option<(String, bool)>,
    /// Byte offset where the resource began, for messages.
    pub(super) offset: usize,
    /// Elements open inside the resource (the resource itself is 1).
    depth: usize,
}

impl ResourceReader {
    /// True while inside a context or unit.
    pub(super) fn active(&self) -> bool {
        self.depth > 0
    }

    /// True when a start tag opens a context or unit (`local` is its local name).
    pub(super) fn opens(local: &str) -> bool {
        local == "context" || local == "unit"
    }

    /// A start tag (or an empty element, then `end` follows at once).
    pub(super) fn start(&mut self, local: &str, element: &BytesStart<'_>, offset: usize) {
        if self.depth == 0 {
            self.offset = offset;
            let id = xml::attr(element, "id").unwrap_or_default();
            if local == "context" {
                self.context = Some(ContextDraft {
                    id,
                    ..ContextDraft::default()
                });
            } else {
                self.unit = Some(UnitDraft {
                    id,
                    ..UnitDraft::default()
                });
            }
        }
        self.depth += 1;
        match local {
            "identifier" => {
                if let Some(c) = &mut self.context {
                    c.entity.scheme = xml::attr(element, "scheme").unwrap_or_default();
                }
            }
            "explicitMember" | "typedMember" => {
                let axis = xml::attr(element, "dimension").unwrap_or_default();
                self.axis = Some((axis, local == "typedMember"));
            }
            "unitDenominator" => {
                if let Some(u) = &mut self.unit {
                    u.in_denominator = true;
                }
            }
            "unitNumerator" => {
                if let Some(u) = &mut self.unit {
                    u.in_denominator = false;
                }
            }
            "forever" => {
                if let Some(c) = &mut self.context {
                    c.forever = true;
                }
            }
            _ => {}
        }
        // A typed member's value is all the text inside it.
        if !matches!(&self.axis, Some((_, true))) || local == "typedMember" {
            self.text.clear();
        }
    }

    /// Character data inside the resource.
    pub(super) fn text(&mut self, text: &str) {
        self.text.push_str(text);
    }

    /// An end tag; the finished resource when it closes one. `ns` names
    /// members with their standard prefix.
    pub(super) fn end(&mut self, local: &str, ns: &Namespaces) -> Result<Option<Resource>, String> {
        self.depth = self.depth.saturating_sub(1);
        let text = self.text.trim().to_string();
        if let Some(c) = &mut self.context {
            match local {
                "identifier" => c.entity.identifier = text.clone(),
                "instant" => c.instant = Some(text.clone()),
                "startDate" => c.start = Some(text.clone()),
                "endDate" => c.end = Some(text.clone()),
                "explicitMember" | "typedMember" => {
                    if let Some((axis, typed)) = self.axis.take() {
                        let member = if typed {
                            Member::Typed(text.clone())
                        } else {
                            Member::Explicit(ns.qname(&text))
                        };
                        c.dims.push(Dim {
                            axis: ns.qname(&axis),
                            member,
                        });
                    }
                }
                _ => {}
            }
        }
        if let Some(u) = &mut self.unit
            && local == "measure"
        {
            let measure = ns.qname(&text);
            if u.in_denominator {
                u.denominator.push(measure);
            } else {
                u.numerator.push(measure);
            }
        }
        if self.depth > 0 {
            return Ok(None);
        }
        if let Some(c) = self.context.take() {
            return finish_context(c).map(|c| Some(Resource::Context(c)));
        }
        Ok(self.unit.take().map(|u| {
            Resource::Unit(Unit {
                id: u.id,
                numerator: u.numerator,
                denominator: u.denominator,
            })
        }))
    }

    /// How the open resource is named in messages.
    pub(super) fn describe(&self) -> String {
        match (&self.context, &self.unit) {
            (Some(c), _) => format!("xbrli:context id={:?}", c.id),
            (_, Some(u)) => format!("xbrli:unit id={:?}", u.id),
            _ => "resource".to_string(),
        }
    }
}

fn date(text: &str, what: &str) -> Result<Date, String> {
    // A dateTime ("2024-09-28T00:00:00") is read by its date.
    text.get(..10)
        .and_then(|d| Date::from_str(d).ok())
        .ok_or_else(|| format!("expected a date in {what}, found {text:?}"))
}

fn finish_context(c: ContextDraft) -> Result<Context, String> {
    let period = match (&c.instant, &c.start, &c.end) {
        (Some(instant), None, None) => Period::Instant(date(instant, "instant")?),
        (None, Some(start), Some(end)) => Period::Duration {
            start: date(start, "startDate")?,
            end: date(end, "endDate")?,
        },
        (None, None, None) if c.forever => Period::Forever,
        _ => {
            return Err(
                "expected a period of instant, startDate and endDate, or forever".to_string(),
            );
        }
    };
    if c.id.is_empty() {
        return Err("expected an id".to_string());
    }
    Ok(Context {
        id: c.id,
        entity: c.entity,
        period,
        dims: c.dims,
    })
}

/// A fact as found, before its context and unit are looked up.
#[derive(Debug, Default)]
pub(super) struct FactDraft {
    pub(super) id: Option<String>,
    pub(super) element: String,
    pub(super) concept: String,
    pub(super) kind: Option<FactKind>,
    pub(super) context: String,
    pub(super) unit: Option<String>,
    pub(super) decimals: Option<Decimals>,
    pub(super) scale: i32,
    pub(super) negated: bool,
    pub(super) format: Option<String>,
    pub(super) nil: bool,
    pub(super) text: String,
    pub(super) hidden: bool,
    pub(super) offset: usize,
    pub(super) continued_at: Option<String>,
}

impl FactDraft {
    /// The attributes every fact has: `name`, `contextRef`, `unitRef`,
    /// `decimals`, `id`, `xsi:nil`. `Err` is the reason, for
    /// [`XbrlError::Attribute`].
    pub(super) fn read(
        element: &BytesStart<'_>,
        ns: &Namespaces,
        kind: FactKind,
        offset: usize,
    ) -> Result<FactDraft, (String, String)> {
        let id = xml::attr(element, "id");
        let tag = element.name().as_ref().to_string();
        let described = match &id {
            Some(id) => format!("{tag} id={id:?}"),
            None => tag.clone(),
        };
        let fail = |reason: String| (described.clone(), reason);
        let concept = match kind {
            FactKind::Item => ns.qname(&tag),
            _ => ns.qname(
                &xml::attr(element, "name")
                    .ok_or_else(|| fail("expected a name attribute".into()))?,
            ),
        };
        let context = xml::attr(element, "contextRef")
            .ok_or_else(|| fail("expected a contextRef attribute".into()))?;
        let decimals = match xml::attr(element, "decimals") {
            None => None,
            Some(d) if d.trim() == "INF" => Some(Decimals::Inf),
            Some(d) => Some(Decimals::Places(d.trim().parse().map_err(|_| {
                fail(format!(
                    "expected an integer or INF in decimals, found {d:?}"
                ))
            })?)),
        };
        let nil = xml::attr(element, "xsi:nil").is_some_and(|v| v.trim() == "true");
        Ok(FactDraft {
            id,
            element: described,
            concept,
            kind: Some(kind),
            context,
            unit: xml::attr(element, "unitRef"),
            decimals,
            nil,
            offset,
            ..FactDraft::default()
        })
    }
}

/// Turns drafts into facts: contexts and units looked up, values read.
/// Facts whose number does not read get `value: None` and a problem.
pub(super) fn resolve(
    name: &str,
    text: &str,
    contexts: Vec<Context>,
    units: Vec<Unit>,
    drafts: Vec<FactDraft>,
) -> Result<Instance, XbrlError> {
    let contexts: Vec<Arc<Context>> = contexts.into_iter().map(Arc::new).collect();
    let units: Vec<Arc<Unit>> = units.into_iter().map(Arc::new).collect();
    let context_of: HashMap<&str, &Arc<Context>> =
        contexts.iter().map(|c| (c.id.as_str(), c)).collect();
    let unit_of: HashMap<&str, &Arc<Unit>> = units.iter().map(|u| (u.id.as_str(), u)).collect();
    let mut facts = Vec::with_capacity(drafts.len());
    let mut problems = Vec::new();
    let lines = xml::Lines::new(text);
    for draft in drafts {
        let line = || lines.line(draft.offset);
        let context = context_of
            .get(draft.context.trim())
            .map(|c| Arc::clone(c))
            .ok_or_else(|| XbrlError::UndefinedContext {
                file: name.to_string(),
                line: line(),
                element: draft.element.clone(),
                context: draft.context.clone(),
            })?;
        let unit = match &draft.unit {
            None => None,
            Some(u) => Some(
                unit_of
                    .get(u.trim())
                    .map(|u| Arc::clone(u))
                    .ok_or_else(|| XbrlError::UndefinedUnit {
                        file: name.to_string(),
                        line: line(),
                        element: draft.element.clone(),
                        unit: u.clone(),
                    })?,
            ),
        };
        let kind = draft.kind.unwrap_or(FactKind::Item);
        let numeric = match kind {
            FactKind::NonFraction => true,
            FactKind::NonNumeric => false,
            FactKind::Item => unit.is_some(),
        };
        let value = if !numeric || draft.nil {
            None
        } else {
            match number(&draft, kind) {
                Ok(value) => Some(value),
                Err(reason) => {
                    problems.push(XbrlError::Value {
                        file: name.to_string(),
                        line: line(),
                        element: draft.element.clone(),
                        reason,
                    });
                    None
                }
            }
        };
        facts.push(Fact {
            id: draft.id,
            concept: draft.concept,
            kind,
            context,
            unit,
            decimals: draft.decimals,
            scale: draft.scale,
            negated: draft.negated,
            format: draft.format,
            nil: draft.nil,
            value,
            text: draft.text,
            hidden: draft.hidden,
            offset: draft.offset,
        });
    }
    Ok(Instance::assemble(name, contexts, units, facts, problems))
}

/// A numeric draft's value: format, then scale, then sign.
fn number(draft: &FactDraft, kind: FactKind) -> Result<Decimal, transform::TransformError> {
    let printed = if kind == FactKind::Item {
        let t = draft.text.trim();
        Decimal::from_str(t)
            .or_else(|_| Decimal::from_scientific(t))
            .map_err(|_| transform::TransformError::NotANumber {
                format: "xs:decimal".into(),
                text: draft.text.clone(),
            })?
    } else {
        transform::numeric(draft.format.as_deref(), &draft.text)?
    };
    let scaled = transform::apply_scale(printed, draft.scale)
        .ok_or_else(|| transform::TransformError::TooLong(draft.text.clone()))?;
    Ok(if draft.negated { -scaled } else { scaled })
}

/// An XML reader error as [`XbrlError::Xml`].
pub(super) fn xml_error(
    name: &str,
    text: &str,
    position: u64,
    error: &quick_xml::Error,
) -> XbrlError {
    XbrlError::Xml {
        file: name.to_string(),
        line: xml::line_of(text, usize::try_from(position).unwrap_or(usize::MAX)),
        reason: error.to_string(),
    }
}

/// Reads a plain instance: contexts, units, and every element with a
/// `contextRef` as a fact (items inside tuples too).
pub(super) fn parse(text: &str, name: &str) -> Result<Instance, XbrlError> {
    let mut reader = Reader::from_str(text);
    let mut ns = Namespaces::default();
    let mut resources = ResourceReader::default();
    let (mut contexts, mut units, mut drafts) = (Vec::new(), Vec::new(), Vec::new());
    // The fact being read (items do not nest).
    let mut open: Option<(FactDraft, usize)> = None;
    let mut depth = 0usize;
    loop {
        let offset = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX);
        let event = reader
            .read_event()
            .map_err(|e| xml_error(name, text, reader.error_position(), &e))?;
        let empty = matches!(event, Event::Empty(_));
        match event {
            Event::Start(e) | Event::Empty(e) => {
                ns.declare(&e);
                depth += 1;
                let tag = e.name().as_ref().to_string();
                let local = xml::local(&tag);
                if resources.active() || (open.is_none() && ResourceReader::opens(local)) {
                    resources.start(local, &e, offset);
                    if empty {
                        finish_resource(
                            &mut resources,
                            local,
                            &ns,
                            (name, text),
                            &mut contexts,
                            &mut units,
                        )?;
                    }
                } else if open.is_none() && xml::attr(&e, "contextRef").is_some() {
                    let draft = FactDraft::read(&e, &ns, FactKind::Item, offset).map_err(
                        |(element, reason)| XbrlError::Attribute {
                            file: name.to_string(),
                            line: xml::line_of(text, offset),
                            element,
                            reason,
                        },
                    )?;
                    if empty {
                        drafts.push(draft);
                    } else {
                        open = Some((draft, depth));
                    }
                }
                if empty {
                    depth -= 1;
                }
            }
            Event::Text(t) => {
                let content = t.xml10_content();
                if resources.active() {
                    resources.text(&content);
                } else if let Some((draft, _)) = &mut open {
                    draft.text.push_str(&content);
                }
            }
            Event::CData(t) => {
                if let Some((draft, _)) = &mut open {
                    draft.text.push_str(&t.xml10_content());
                }
            }
            Event::GeneralRef(r) => {
                let resolved = xml::entity(&r).unwrap_or_default();
                if resources.active() {
                    resources.text(&resolved);
                } else if let Some((draft, _)) = &mut open {
                    draft.text.push_str(&resolved);
                }
            }
            Event::End(e) => {
                let tag = e.name().as_ref().to_string();
                if resources.active() {
                    finish_resource(
                        &mut resources,
                        xml::local(&tag),
                        &ns,
                        (name, text),
                        &mut contexts,
                        &mut units,
                    )?;
                } else if open.as_ref().is_some_and(|(_, d)| *d == depth)
                    && let Some((draft, _)) = open.take()
                {
                    drafts.push(draft);
                }
                depth = depth.saturating_sub(1);
            }
            Event::Eof => break,
            _ => {}
        }
    }
    resolve(name, text, contexts, units, drafts)
}

/// Feeds an end tag to the resource reader and files what it finishes.
pub(super) fn finish_resource(
    resources: &mut ResourceReader,
    local: &str,
    ns: &Namespaces,
    (name, text): (&str, &str),
    contexts: &mut Vec<Context>,
    units: &mut Vec<Unit>,
) -> Result<(), XbrlError> {
    let element = resources.describe();
    match resources.end(local, ns) {
        Ok(Some(Resource::Context(c))) => contexts.push(c),
        Ok(Some(Resource::Unit(u))) => units.push(u),
        Ok(None) => {}
        Err(reason) => {
            return Err(XbrlError::Resource {
                file: name.to_string(),
                line: xml::line_of(text, resources.offset),
                element,
                reason,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    const DOC: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<xbrl xmlns="http://www.xbrl.org/2003/instance" xmlns:gaap="http://fasb.org/us-gaap/2022"
      xmlns:aapl="http://www.apple.com/20220924" xmlns:xbrldi="http://xbrl.org/2006/xbrldi"
      xmlns:iso4217="http://www.xbrl.org/2003/iso4217">
  <context id="D2022">
    <entity><identifier scheme="http://www.sec.gov/CIK">0000320193</identifier></entity>
    <period><startDate>2021-09-26</startDate><endDate>2022-09-24</endDate></period>
  </context>
  <context id="I2022_iphone">
    <entity><identifier scheme="http://www.sec.gov/CIK">0000320193</identifier>
      <segment><xbrldi:explicitMember dimension="srt:ProductOrServiceAxis">aapl:IPhoneMember</xbrldi:explicitMember>
        <xbrldi:typedMember dimension="aapl:TrancheAxis"><aapl:Tranche>A &amp; B</aapl:Tranche></xbrldi:typedMember></segment></entity>
    <period><instant>2022-09-24</instant></period>
  </context>
  <unit id="usd"><measure>iso4217:USD</measure></unit>
  <unit id="usdPerShare"><divide><unitNumerator><measure>iso4217:USD</measure></unitNumerator>
    <unitDenominator><measure>shares</measure></unitDenominator></divide></unit>
  <gaap:Revenues contextRef="D2022" unitRef="usd" decimals="-6" id="r1">394328000000</gaap:Revenues>
  <gaap:EarningsPerShareBasic contextRef="D2022" unitRef="usdPerShare" decimals="2">6.15</gaap:EarningsPerShareBasic>
  <gaap:Revenues contextRef="I2022_iphone" unitRef="usd" decimals="INF">-5</gaap:Revenues>
  <gaap:NatureOfOperations contextRef="D2022">Apple &lt;designs&gt; phones</gaap:NatureOfOperations>
  <gaap:Goodwill contextRef="D2022" unitRef="usd" xsi:nil="true"/>
</xbrl>"#;

    #[test]
    fn reads_contexts_units_and_facts() {
        let instance = Instance::parse_instance(DOC.as_bytes(), "doc.xml").unwrap();
        assert_eq!(instance.contexts().len(), 2);
        assert_eq!(instance.units().len(), 2);
        let facts = instance.facts();
        assert_eq!(facts.len(), 5);
        let revenue = instance.fact("r1").unwrap();
        assert_eq!(revenue.concept, "us-gaap:Revenues");
        assert_eq!(revenue.value, Some(Decimal::from(394_328_000_000u64)));
        assert_eq!(revenue.decimals, Some(Decimals::Places(-6)));
        assert_eq!(
            revenue.period(),
            Period::Duration {
                start: Date::constant(2021, 9, 26),
                end: Date::constant(2022, 9, 24)
            }
        );
        assert!(revenue.dims().is_empty());
        let eps = &facts[1];
        assert_eq!(eps.unit.as_ref().unwrap().name(), "USD/shares");
        assert_eq!(eps.value, Some(Decimal::new(615, 2)));
        let iphone = &facts[2];
        assert_eq!(iphone.value, Some(Decimal::from(-5)));
        assert_eq!(iphone.decimals, Some(Decimals::Inf));
        assert_eq!(
            iphone.period(),
            Period::Instant(Date::constant(2022, 9, 24))
        );
        assert_eq!(
            iphone.dims(),
            &[
                Dim {
                    axis: "srt:ProductOrServiceAxis".into(),
                    member: Member::Explicit("aapl:IPhoneMember".into())
                },
                Dim {
                    axis: "aapl:TrancheAxis".into(),
                    member: Member::Typed("A & B".into())
                }
            ]
        );
        let text = &facts[3];
        assert!(!text.is_numeric());
        assert_eq!(text.text, "Apple <designs> phones");
        assert!(facts[4].nil && facts[4].value.is_none());
        assert!(instance.problems().is_empty());
    }

    #[test]
    fn an_undefined_context_is_an_error_naming_the_fact() {
        let doc = DOC.replace(
            r#"contextRef="D2022" unitRef="usd" decimals="-6""#,
            r#"contextRef="nope" unitRef="usd" decimals="-6""#,
        );
        let error = Instance::parse_instance(doc.as_bytes(), "doc.xml").unwrap_err();
        assert_eq!(
            error.to_string(),
            r#"doc.xml line 18: gaap:Revenues id="r1": contextRef "nope" names no context of the document"#
        );
    }

    #[test]
    fn an_undefined_unit_is_an_error() {
        let doc = DOC.replace(
            r#"unitRef="usdPerShare" decimals="2""#,
            r#"unitRef="eur" decimals="2""#,
        );
        let error = Instance::parse_instance(doc.as_bytes(), "doc.xml").unwrap_err();
        assert!(
            matches!(error, XbrlError::UndefinedUnit { ref unit, .. } if unit == "eur"),
            "{error}"
        );
    }

    #[test]
    fn a_context_without_a_period_is_an_error() {
        let doc = DOC.replace("<period><instant>2022-09-24</instant></period>", "");
        let error = Instance::parse_instance(doc.as_bytes(), "doc.xml").unwrap_err();
        assert!(
            error
                .to_string()
                .contains(r#"xbrli:context id="I2022_iphone": expected a period"#),
            "{error}"
        );
    }

    #[test]
    fn an_unreadable_number_is_a_problem_not_an_error() {
        let doc = DOC.replace("394328000000", "lots");
        let instance = Instance::parse_instance(doc.as_bytes(), "doc.xml").unwrap();
        assert_eq!(instance.fact("r1").unwrap().value, None);
        assert_eq!(instance.problems().len(), 1);
    }

    #[test]
    fn broken_xml_is_an_error_with_a_line() {
        let error = Instance::parse_instance(b"<xbrl>\n<a></b></xbrl>", "x.xml").unwrap_err();
        assert!(matches!(error, XbrlError::Xml { line: 2, .. }), "{error}");
    }

    #[test]
    fn the_aapl_instance_reads_when_the_dataset_is_present() {
        let path = super::super::shared_datasets()
            .map(|d| d.join("sec_pdf_xbrl/aapl_10k_2022/aapl-20220924_htm.xml"));
        let Some(bytes) = path.and_then(|p| std::fs::read(p).ok()) else {
            eprintln!("skipped: the shared datasets (sec_pdf_xbrl) are absent");
            return;
        };
        let instance = Instance::parse_instance(&bytes, "aapl-20220924_htm.xml").unwrap();
        assert!(instance.problems().is_empty(), "{:?}", instance.problems());
        let revenue: Vec<_> = instance
            .facts()
            .iter()
            .filter(|f| {
                f.concept == "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
                    && f.dims().is_empty()
            })
            .filter(|f| {
                f.period()
                    == Period::Duration {
                        start: Date::constant(2021, 9, 26),
                        end: Date::constant(2022, 9, 24),
                    }
            })
            .collect();
        // The instance repeats a fact wherever the filing printed it.
        assert!(!revenue.is_empty());
        for fact in revenue {
            assert_eq!(fact.value, Some(Decimal::from(394_328_000_000u64)));
        }
    }
}
