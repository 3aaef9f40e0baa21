//! Inline XBRL: the facts tagged in an XHTML filing.
//!
//! `ix:nonFraction` (numbers) and `ix:nonNumeric` (text) anywhere in the
//! document, with `ix:header`'s `ix:resources` holding the contexts and
//! units and `ix:hidden` the facts not shown. A number's printed text is
//! the text inside its element (a nested `ix:nonFraction` holds the same
//! number twice); a text fact's is its content without `ix:exclude`d parts,
//! its `ix:continuation`s appended in chain order. Footnotes and
//! relationships are not read.

use quick_xml::Reader;
use quick_xml::events::Event;

use super::instance::{FactDraft, ResourceReader, finish_resource, resolve, xml_error};
use super::xml::{self, Namespaces};
use super::{FactKind, Instance, XbrlError};

/// What an open element is to the fact reader.
enum Frame {
    /// Anything else.
    Plain,
    /// `ix:header`.
    Header,
    /// A fact being read (index into the drafts).
    Fact(usize),
    /// An `ix:continuation` (index into the continuations).
    Continuation(usize),
    /// `ix:exclude`: its text belongs to no fact.
    Exclude,
}

/// An `ix:continuation`: its text and where the chain goes next.
struct Continuation {
    id: String,
    continued_at: Option<String>,
    text: String,
}

/// How deep facts may nest in one another (filings nest two: a number
/// tagged twice); each level receives all the text inside it.
const MAX_FACT_NESTING: usize = 64;

/// HTML elements after which a text fact's words are separated.
fn is_block(local: &str) -> bool {
    matches!(
        local,
        "p" | "div" | "br" | "td" | "th" | "tr" | "li" | "table" | "h1" | "h2" | "h3" | "h4"
    )
}

pub(super) fn parse(text: &str, name: &str) -> Result<Instance, XbrlError> {
    let mut reader = Reader::from_str(text);
    let mut ns = Namespaces::default();
    let mut resources = ResourceReader::default();
    let (mut contexts, mut units) = (Vec::new(), Vec::new());
    let mut drafts: Vec<FactDraft> = Vec::new();
    let mut continuations: Vec<Continuation> = Vec::new();
    let mut frames: Vec<Frame> = Vec::new();
    // Open facts and continuations, which receive text (innermost last).
    let mut receivers: Vec<Frame> = Vec::new();
    let (mut header, mut exclude) = (0usize, 0usize);
    let attribute_error =
        |offset: usize, (element, reason): (String, String)| XbrlError::Attribute {
            file: name.to_string(),
            line: xml::line_of(text, offset),
            element,
            reason,
        };
    loop {
        let offset = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX);
        let event = reader
            .read_event()
            .map_err(|e| xml_error(name, text, reader.error_position(), &e))?;
        let empty = matches!(event, Event::Empty(_));
        match event {
            Event::Start(e) | Event::Empty(e) => {
                ns.declare(&e);
                let tag = e.name().as_ref().to_string();
                let local = xml::local(&tag);
                if resources.active() || (header > 0 && ResourceReader::opens(local)) {
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
                    continue;
                }
                let frame = if ns.is_ix(xml::prefix(&tag)) {
                    match local {
                        "header" => Frame::Header,
                        "exclude" => Frame::Exclude,
                        "nonFraction" | "nonNumeric" => {
                            let kind = if local == "nonFraction" {
                                FactKind::NonFraction
                            } else {
                                FactKind::NonNumeric
                            };
                            let mut draft = FactDraft::read(&e, &ns, kind, offset)
                                .map_err(|r| attribute_error(offset, r))?;
                            read_inline_attributes(&e, &mut draft)
                                .map_err(|r| attribute_error(offset, r))?;
                            draft.hidden = header > 0;
                            drafts.push(draft);
                            Frame::Fact(drafts.len() - 1)
                        }
                        "continuation" => {
                            continuations.push(Continuation {
                                id: xml::attr(&e, "id").unwrap_or_default(),
                                continued_at: xml::attr(&e, "continuedAt"),
                                text: String::new(),
                            });
                            Frame::Continuation(continuations.len() - 1)
                        }
                        _ => Frame::Plain,
                    }
                } else {
                    if is_block(local) && exclude == 0 {
                        push_text(&receivers, &mut drafts, &mut continuations, " ");
                    }
                    Frame::Plain
                };
                if empty {
                    continue;
                }
                if receivers.len() >= MAX_FACT_NESTING
                    && matches!(frame, Frame::Fact(_) | Frame::Continuation(_))
                {
                    return Err(XbrlError::Attribute {
                        file: name.to_string(),
                        line: xml::line_of(text, offset),
                        element: tag,
                        reason: format!(
                            "facts and continuations nested more than {MAX_FACT_NESTING} deep"
                        ),
                    });
                }
                match frame {
                    Frame::Header => header += 1,
                    Frame::Exclude => exclude += 1,
                    Frame::Fact(i) => receivers.push(Frame::Fact(i)),
                    Frame::Continuation(i) => receivers.push(Frame::Continuation(i)),
                    Frame::Plain => {}
                }
                frames.push(frame);
            }
            Event::Text(t) => {
                if resources.active() {
                    resources.text(&t.xml10_content());
                } else if exclude == 0 && !receivers.is_empty() {
                    push_text(
                        &receivers,
                        &mut drafts,
                        &mut continuations,
                        &t.xml10_content(),
                    );
                }
            }
            Event::CData(t) if exclude == 0 && !receivers.is_empty() => {
                push_text(
                    &receivers,
                    &mut drafts,
                    &mut continuations,
                    &t.xml10_content(),
                );
            }
            Event::GeneralRef(r) => {
                let resolved = xml::entity(&r).unwrap_or_default();
                if resources.active() {
                    resources.text(&resolved);
                } else if exclude == 0 && !receivers.is_empty() {
                    push_text(&receivers, &mut drafts, &mut continuations, &resolved);
                }
            }
            Event::End(e) => {
                if resources.active() {
                    let tag = e.name().as_ref().to_string();
                    finish_resource(
                        &mut resources,
                        xml::local(&tag),
                        &ns,
                        (name, text),
                        &mut contexts,
                        &mut units,
                    )?;
                    continue;
                }
                match frames.pop() {
                    Some(Frame::Header) => header = header.saturating_sub(1),
                    Some(Frame::Exclude) => exclude = exclude.saturating_sub(1),
                    Some(Frame::Fact(_) | Frame::Continuation(_)) => {
                        receivers.pop();
                    }
                    Some(Frame::Plain) | None => {}
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    join_continuations(name, &mut drafts, &continuations)?;
    for draft in &mut drafts {
        if draft.kind == Some(FactKind::NonNumeric) {
            draft.text = collapse_spaces(&draft.text);
        }
    }
    resolve(name, text, contexts, units, drafts)
}

/// `scale`, `sign`, `format` and `continuedAt`, which plain items lack.
fn read_inline_attributes(
    element: &quick_xml::events::BytesStart<'_>,
    draft: &mut FactDraft,
) -> Result<(), (String, String)> {
    if let Some(scale) = xml::attr(element, "scale") {
        draft.scale = scale.trim().parse().map_err(|_| {
            (
                draft.element.clone(),
                format!("expected an integer in scale, found {scale:?}"),
            )
        })?;
    }
    draft.negated = xml::attr(element, "sign").is_some_and(|s| s.trim() == "-");
    draft.format = xml::attr(element, "format").map(|f| f.trim().to_string());
    draft.continued_at = xml::attr(element, "continuedAt");
    Ok(())
}

/// Appends text to every open fact and continuation. Numbers take only
/// the text inside them; a text fact takes everything inside, nested facts
/// included.
fn push_text(
    receivers: &[Frame],
    drafts: &mut [FactDraft],
    continuations: &mut [Continuation],
    text: &str,
) {
    for receiver in receivers {
        match receiver {
            Frame::Fact(i) => {
                if let Some(d) = drafts.get_mut(*i) {
                    d.text.push_str(text);
                }
            }
            Frame::Continuation(i) => {
                if let Some(c) = continuations.get_mut(*i) {
                    c.text.push_str(text);
                }
            }
            _ => {}
        }
    }
}

/// Appends each text fact's continuation chain to its text. A chain that
/// names a missing continuation, or loops, is an error.
fn join_continuations(
    name: &str,
    drafts: &mut [FactDraft],
    continuations: &[Continuation],
) -> Result<(), XbrlError> {
    if continuations.is_empty() && drafts.iter().all(|d| d.continued_at.is_none()) {
        return Ok(());
    }
    let by_id: std::collections::HashMap<&str, &Continuation> =
        continuations.iter().map(|c| (c.id.as_str(), c)).collect();
    for draft in drafts.iter_mut() {
        let mut next = draft.continued_at.clone();
        let mut steps = 0usize;
        while let Some(id) = next {
            steps += 1;
            let fail = |reason: String| XbrlError::Continuation {
                file: name.to_string(),
                element: draft.element.clone(),
                reason,
            };
            let continuation = by_id
                .get(id.trim())
                .ok_or_else(|| fail(format!("continuedAt {id:?} names no ix:continuation")))?;
            if steps > continuations.len() {
                return Err(fail(format!("its continuation chain loops (at {id:?})")));
            }
            draft.text.push(' ');
            draft.text.push_str(&continuation.text);
            next = continuation.continued_at.clone();
        }
    }
    Ok(())
}

/// Runs of whitespace (no-break spaces included) as one space, trimmed.
fn collapse_spaces(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text
        .split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::str::FromStr;

    use jiff::civil::Date;
    use rust_decimal::Decimal;

    use super::super::{Decimals, Dim, Member, Period};
    use super::*;

    fn doc(body: &str) -> String {
        format!(
            r#"<?xml version='1.0' encoding='ASCII'?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"
 xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:usgaap="http://fasb.org/us-gaap/2024"
 xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12"
 xmlns:ixt-sec="http://www.sec.gov/inlineXBRL/transformation/2015-08-31"
 xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:srt="http://fasb.org/srt/2024"
 xmlns:dei="http://xbrl.sec.gov/dei/2024" xmlns:aapl="http://www.apple.com/20250628"
 xmlns:iso4217="http://www.xbrl.org/2003/iso4217"><body>
<div style="display:none"><ix:header><ix:hidden>
<ix:nonNumeric contextRef="c-1" name="dei:DocumentFiscalPeriodFocus" id="f-48">Q3</ix:nonNumeric>
<ix:nonFraction contextRef="c-2" name="usgaap:Revenues" unitRef="usd" decimals="-6" scale="6" id="f-h">5</ix:nonFraction>
</ix:hidden><ix:resources>
<xbrli:context id="c-1"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000320193</xbrli:identifier></xbrli:entity>
 <xbrli:period><xbrli:startDate>2025-03-30</xbrli:startDate><xbrli:endDate>2025-06-28</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:context id="c-2"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000320193</xbrli:identifier>
 <xbrli:segment><xbrldi:explicitMember dimension="srt:ProductOrServiceAxis">aapl:IPhoneMember</xbrldi:explicitMember></xbrli:segment></xbrli:entity>
 <xbrli:period><xbrli:instant>2025-06-28</xbrli:instant></xbrli:period></xbrli:context>
<xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
<xbrli:unit id="number"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>
</ix:resources></ix:header></div>
{body}
</body></html>"#
        )
    }

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn numbers_take_scale_sign_and_format() {
        let html = doc(
            r#"<table><tr><td>Products</td><td>$</td><td><span><ix:nonFraction unitRef="usd" contextRef="c-1" decimals="-6" name="usgaap:Revenues" format="ixt:num-dot-decimal" scale="6" id="f-51">66,613</ix:nonFraction>&#160;</span></td>
<td>(<ix:nonFraction unitRef="usd" contextRef="c-2" decimals="-6" name="usgaap:OtherNonoperatingIncomeExpense" format="ixt:num-dot-decimal" scale="6" sign="-" id="f-52">1,234</ix:nonFraction>)</td>
<td><ix:nonFraction unitRef="usd" contextRef="c-1" decimals="INF" name="usgaap:Goodwill" format="ixt:fixed-zero" scale="6" id="f-53">&#8212;</ix:nonFraction></td>
<td><ix:nonFraction unitRef="number" contextRef="c-1" decimals="3" name="usgaap:EffectiveIncomeTaxRateContinuingOperations" format="ixt:num-dot-decimal" scale="-2" id="f-54">16.4</ix:nonFraction>%</td></tr></table>
<p>We have <ix:nonFraction unitRef="number" contextRef="c-1" decimals="INF" name="aapl:Segments" format="ixt-sec:numwordsen" scale="0" id="f-55">five</ix:nonFraction> segments.</p>"#,
        );
        let instance = Instance::parse_inline(html.as_bytes(), "a.htm").unwrap();
        assert!(instance.problems().is_empty(), "{:?}", instance.problems());
        let value = |id: &str| instance.fact(id).unwrap().value.unwrap();
        assert_eq!(value("f-51"), d("66613000000"));
        assert_eq!(value("f-52"), d("-1234000000"));
        assert_eq!(value("f-53"), Decimal::ZERO);
        assert_eq!(value("f-54"), d("0.164"));
        assert_eq!(value("f-55"), d("5"));
        assert_eq!(value("f-h"), d("5000000"));
        let f51 = instance.fact("f-51").unwrap();
        assert_eq!(f51.concept, "us-gaap:Revenues");
        assert_eq!(f51.text, "66,613");
        assert_eq!(f51.decimals, Some(Decimals::Places(-6)));
        assert_eq!(f51.scale, 6);
        assert!(!f51.hidden);
        assert_eq!(f51.unit_ref(), Some("usd"));
        assert_eq!(
            f51.period(),
            Period::Duration {
                start: Date::constant(2025, 3, 30),
                end: Date::constant(2025, 6, 28)
            }
        );
        let f52 = instance.fact("f-52").unwrap();
        assert!(f52.negated);
        assert_eq!(
            f52.dims(),
            &[Dim {
                axis: "srt:ProductOrServiceAxis".into(),
                member: Member::Explicit("aapl:IPhoneMember".into())
            }]
        );
        assert_eq!(f52.period(), Period::Instant(Date::constant(2025, 6, 28)));
        assert!(instance.fact("f-h").unwrap().hidden);
        assert!(instance.fact("f-48").unwrap().hidden);
        // The fact's offset points at its start tag.
        assert!(html[f51.offset..].starts_with("<ix:nonFraction"));
    }

    #[test]
    fn nested_numbers_are_two_facts_with_the_same_text() {
        let html = doc(
            r#"<p><ix:nonFraction unitRef="usd" contextRef="c-1" decimals="INF" name="usgaap:A" scale="0" id="o"><ix:nonFraction unitRef="usd" contextRef="c-2" decimals="INF" name="usgaap:A" scale="0" id="i">0.00001</ix:nonFraction></ix:nonFraction></p>"#,
        );
        let instance = Instance::parse_inline(html.as_bytes(), "a.htm").unwrap();
        assert_eq!(instance.fact("o").unwrap().value, Some(d("0.00001")));
        assert_eq!(instance.fact("i").unwrap().value, Some(d("0.00001")));
        let ids: Vec<_> = instance
            .facts()
            .iter()
            .filter_map(|f| f.id.as_deref())
            .collect();
        assert_eq!(ids, ["f-48", "f-h", "o", "i"]);
    }

    #[test]
    fn text_facts_join_continuations_and_drop_excludes() {
        let html = doc(
            r#"<div><ix:nonNumeric contextRef="c-1" name="usgaap:Policy" id="t" continuedAt="k1"><p>Revenue is <ix:exclude>page 7</ix:exclude>recognized</p></ix:nonNumeric></div>
<hr/><ix:continuation id="k1" continuedAt="k2"><p>when control</p></ix:continuation><ix:continuation id="k2"><p>passes.</p></ix:continuation>"#,
        );
        let instance = Instance::parse_inline(html.as_bytes(), "a.htm").unwrap();
        assert_eq!(
            instance.fact("t").unwrap().text,
            "Revenue is recognized when control passes."
        );
    }

    #[test]
    fn a_broken_continuation_chain_is_an_error() {
        let html = doc(
            r#"<ix:nonNumeric contextRef="c-1" name="usgaap:P" id="t" continuedAt="k9">x</ix:nonNumeric>"#,
        );
        let error = Instance::parse_inline(html.as_bytes(), "a.htm").unwrap_err();
        assert_eq!(
            error.to_string(),
            r#"a.htm: ix:nonNumeric id="t": continuedAt "k9" names no ix:continuation"#
        );
        let looped = doc(
            r#"<ix:nonNumeric contextRef="c-1" name="usgaap:P" id="t" continuedAt="k1">x</ix:nonNumeric><ix:continuation id="k1" continuedAt="k1">y</ix:continuation>"#,
        );
        let error = Instance::parse_inline(looped.as_bytes(), "a.htm").unwrap_err();
        assert!(error.to_string().contains("loops"), "{error}");
    }

    #[test]
    fn an_undefined_context_ref_names_the_fact_and_line() {
        let html = doc(
            r#"<p><ix:nonFraction unitRef="usd" contextRef="c-99" decimals="INF" name="usgaap:A" id="f-9">1</ix:nonFraction></p>"#,
        );
        let error = Instance::parse_inline(html.as_bytes(), "a.htm").unwrap_err();
        assert!(
            matches!(&error, XbrlError::UndefinedContext { context, line, .. } if context == "c-99" && *line == 21),
            "{error}"
        );
        assert!(
            error
                .to_string()
                .starts_with(r#"a.htm line 21: ix:nonFraction id="f-9": contextRef "c-99""#),
            "{error}"
        );
    }

    #[test]
    fn a_printed_number_that_does_not_read_is_a_problem() {
        let html = doc(
            r#"<p><ix:nonFraction unitRef="usd" contextRef="c-1" decimals="INF" name="usgaap:A" format="ixt:num-dot-decimal" id="f-9">1.234,5</ix:nonFraction></p>"#,
        );
        let instance = Instance::parse_inline(html.as_bytes(), "a.htm").unwrap();
        assert_eq!(instance.fact("f-9").unwrap().value, None);
        assert_eq!(instance.problems().len(), 1);
        assert!(
            instance.problems()[0]
                .to_string()
                .contains("expected a number in the format \"num-dot-decimal\", found \"1.234,5\"")
        );
    }

    #[test]
    fn bad_attributes_are_errors() {
        let html = doc(
            r#"<p><ix:nonFraction unitRef="usd" contextRef="c-1" decimals="INF" name="usgaap:A" scale="six" id="f-9">1</ix:nonFraction></p>"#,
        );
        let error = Instance::parse_inline(html.as_bytes(), "a.htm").unwrap_err();
        assert!(
            error
                .to_string()
                .contains(r#"expected an integer in scale, found "six""#),
            "{error}"
        );
        let html = doc(
            r#"<p><ix:nonFraction unitRef="usd" decimals="INF" name="usgaap:A" id="f-9">1</ix:nonFraction></p>"#,
        );
        let error = Instance::parse_inline(html.as_bytes(), "a.htm").unwrap_err();
        assert!(
            error
                .to_string()
                .contains("expected a contextRef attribute"),
            "{error}"
        );
    }

    #[test]
    fn facts_nested_too_deep_are_an_error() {
        let open = r#"<ix:nonNumeric contextRef="c-1" name="usgaap:P">"#.repeat(100);
        let close = "</ix:nonNumeric>".repeat(100);
        let html = doc(&format!("<p>{open}x{close}</p>"));
        let error = Instance::parse_inline(html.as_bytes(), "a.htm").unwrap_err();
        assert!(
            error.to_string().contains("nested more than 64 deep"),
            "{error}"
        );
    }

    #[test]
    fn not_well_formed_xhtml_is_an_error() {
        let html = doc("<p><b>unclosed</p>");
        assert!(matches!(
            Instance::parse_inline(html.as_bytes(), "a.htm"),
            Err(XbrlError::Xml { .. })
        ));
    }

    #[test]
    fn plain_html_has_no_facts() {
        let instance =
            Instance::parse_inline(b"<html><body><p>1,234</p></body></html>", "a.htm").unwrap();
        assert!(instance.facts().is_empty());
    }

    #[test]
    fn the_dataset_filings_read_without_problems() {
        let Some(entries) = super::super::shared_datasets()
            .and_then(|d| std::fs::read_dir(d.join("sec_ixbrl")).ok())
        else {
            eprintln!("skipped: the shared datasets (sec_ixbrl) are absent");
            return;
        };
        let mut files: Vec<_> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "html"))
            .collect();
        files.sort();
        assert_eq!(files.len(), 14);
        for path in files {
            let bytes = std::fs::read(&path).unwrap();
            let name = path.display().to_string();
            let instance = Instance::parse_inline(&bytes, &name).unwrap();
            let tags = String::from_utf8_lossy(&bytes)
                .matches("<ix:nonFraction")
                .count();
            let numeric = instance.facts().iter().filter(|f| f.is_numeric()).count();
            assert_eq!(numeric, tags, "{name}");
            assert!(
                instance.problems().is_empty(),
                "{name}: {:?}",
                instance.problems()
            );
            for fact in instance.facts().iter().filter(|f| f.is_numeric() && !f.nil) {
                assert!(fact.value.is_some(), "{name}: {fact:?}");
            }
        }
    }

    #[test]
    fn the_xlsx_truth_zip_reads_when_present() {
        let path = super::super::shared_datasets()
            .map(|d| d.join("sec_xlsx/aapl_10q_2025q2/0000320193-25-000057-xbrl.zip"));
        let Some(bytes) = path.and_then(|p| std::fs::read(p).ok()) else {
            eprintln!("skipped: the shared datasets (sec_xlsx) are absent");
            return;
        };
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        let mut htm = Vec::new();
        std::io::Read::read_to_end(&mut archive.by_name("aapl-20250329.htm").unwrap(), &mut htm)
            .unwrap();
        let instance = Instance::parse_inline(&htm, "aapl-20250329.htm").unwrap();
        assert!(instance.facts().iter().filter(|f| f.is_numeric()).count() > 500);
        assert!(instance.problems().is_empty());
    }
}
