//! Small XML helpers the XBRL readers share (and the HTML reader borrows):
//! decoding the document, attributes, namespace prefixes, entity references
//! and line numbers for messages.

use std::borrow::Cow;
use std::collections::HashMap;

use quick_xml::events::{BytesRef, BytesStart};

/// The document as text: UTF-8 as is (without a BOM), anything else read
/// lossily (see the module decisions in `xbrl`).
pub(crate) fn text_of(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    String::from_utf8_lossy(bytes)
}

/// The 1-based line of a byte offset.
pub(crate) fn line_of(text: &str, offset: usize) -> u64 {
    let end = offset.min(text.len());
    let before = text.as_bytes().get(..end).unwrap_or_default();
    before.iter().filter(|&&b| b == b'\n').count() as u64 + 1
}

/// Line numbers of many offsets of one text: the newline positions, found
/// once on first use.
pub(crate) struct Lines<'t> {
    text: &'t str,
    newlines: std::cell::OnceCell<Vec<usize>>,
}

impl<'t> Lines<'t> {
    pub(crate) fn new(text: &'t str) -> Lines<'t> {
        Lines {
            text,
            newlines: std::cell::OnceCell::new(),
        }
    }

    /// The 1-based line of a byte offset.
    pub(crate) fn line(&self, offset: usize) -> u64 {
        let newlines = self.newlines.get_or_init(|| {
            self.text
                .bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i)
                .collect()
        });
        newlines.partition_point(|&n| n < offset) as u64 + 1
    }
}

/// An attribute's value, unescaped; `None` when absent or unreadable.
pub(crate) fn attr(element: &BytesStart<'_>, name: &str) -> Option<String> {
    let attribute = element.try_get_attribute(name).ok().flatten()?;
    Some(
        match attribute.normalized_value(quick_xml::XmlVersion::Implicit1_0) {
            Ok(value) => value.into_owned(),
            Err(_) => attribute.value.into_owned(),
        },
    )
}

/// The local part of a QName (`nonFraction` of `ix:nonFraction`).
pub(crate) fn local(name: &str) -> &str {
    name.rsplit(':').next().unwrap_or(name)
}

/// The prefix of a QName (`ix` of `ix:nonFraction`, "" without one).
pub(crate) fn prefix(name: &str) -> &str {
    name.split_once(':').map_or("", |(p, _)| p)
}

/// The text an entity reference stands for: character references, XML's
/// five, and the HTML names filings use. `None` for an unknown name.
pub(crate) fn entity(reference: &BytesRef<'_>) -> Option<Cow<'static, str>> {
    if reference.is_char_ref() {
        return match reference.resolve_char_ref() {
            Ok(Some(c)) => Some(Cow::Owned(c.to_string())),
            _ => None,
        };
    }
    named_entity(&reference.xml10_content()).map(Cow::Borrowed)
}

/// The HTML named entities that appear in filings (the full HTML list is
/// over 2,000 names; these cover punctuation, spaces, currency and marks).
pub(crate) fn named_entity(name: &str) -> Option<&'static str> {
    Some(match name {
        "amp" => "&",
        "lt" => "<",
        "gt" => ">",
        "quot" => "\"",
        "apos" => "'",
        "nbsp" => "\u{a0}",
        "ensp" => "\u{2002}",
        "emsp" => "\u{2003}",
        "thinsp" => "\u{2009}",
        "shy" => "",
        "zwsp" | "ZeroWidthSpace" => "\u{200b}",
        "mdash" => "\u{2014}",
        "ndash" => "\u{2013}",
        "minus" => "\u{2212}",
        "hyphen" | "dash" => "\u{2010}",
        "lsquo" => "\u{2018}",
        "rsquo" => "\u{2019}",
        "ldquo" => "\u{201c}",
        "rdquo" => "\u{201d}",
        "sbquo" => "\u{201a}",
        "bdquo" => "\u{201e}",
        "laquo" => "\u{ab}",
        "raquo" => "\u{bb}",
        "bull" => "\u{2022}",
        "middot" => "\u{b7}",
        "hellip" => "\u{2026}",
        "sect" => "\u{a7}",
        "para" => "\u{b6}",
        "copy" => "\u{a9}",
        "reg" => "\u{ae}",
        "trade" => "\u{2122}",
        "deg" => "\u{b0}",
        "plusmn" => "\u{b1}",
        "times" => "\u{d7}",
        "divide" => "\u{f7}",
        "frac12" => "\u{bd}",
        "frac14" => "\u{bc}",
        "frac34" => "\u{be}",
        "sup1" => "\u{b9}",
        "sup2" => "\u{b2}",
        "sup3" => "\u{b3}",
        "dagger" => "\u{2020}",
        "Dagger" => "\u{2021}",
        "cent" => "\u{a2}",
        "pound" => "\u{a3}",
        "euro" => "\u{20ac}",
        "yen" => "\u{a5}",
        "percnt" => "%",
        "dollar" => "$",
        "iexcl" => "\u{a1}",
        "iquest" => "\u{bf}",
        "eacute" => "\u{e9}",
        "Eacute" => "\u{c9}",
        "egrave" => "\u{e8}",
        "aacute" => "\u{e1}",
        "agrave" => "\u{e0}",
        "ouml" => "\u{f6}",
        "uuml" => "\u{fc}",
        "auml" => "\u{e4}",
        "ccedil" => "\u{e7}",
        "ntilde" => "\u{f1}",
        "oacute" => "\u{f3}",
        "iacute" => "\u{ed}",
        "uacute" => "\u{fa}",
        "szlig" => "\u{df}",
        "check" => "\u{2713}",
        "#9744" => "\u{2610}",
        _ => return None,
    })
}

/// The namespace prefixes a document declares, and the standard prefix of
/// each standard taxonomy.
#[derive(Debug, Default)]
pub(crate) struct Namespaces {
    /// Declared prefix → namespace URI (first declaration wins).
    uris: HashMap<String, String>,
    /// Declared prefix → the prefix its facts are named with.
    canonical: HashMap<String, String>,
}

impl Namespaces {
    /// Records the `xmlns:p="…"` declarations of an element.
    pub(crate) fn declare(&mut self, element: &BytesStart<'_>) {
        for attribute in element.attributes().with_checks(false).flatten() {
            let key = attribute.key.as_ref();
            let Some(prefix) = key.strip_prefix("xmlns:") else {
                continue;
            };
            if self.uris.contains_key(prefix) {
                continue;
            }
            let uri = attribute.value.into_owned();
            let canonical = standard_prefix(&uri).unwrap_or(prefix).to_string();
            self.canonical.insert(prefix.to_string(), canonical);
            self.uris.insert(prefix.to_string(), uri);
        }
    }

    /// The URI a prefix is bound to.
    pub(crate) fn uri(&self, prefix: &str) -> Option<&str> {
        self.uris.get(prefix).map(String::as_str)
    }

    /// A QName with its standard prefix (`usgaap:Revenues` →
    /// `us-gaap:Revenues` when `usgaap` is bound to the US-GAAP taxonomy).
    pub(crate) fn qname(&self, name: &str) -> String {
        let name = name.trim();
        match name.split_once(':') {
            Some((prefix, local)) => match self.canonical.get(prefix) {
                Some(canonical) if canonical != prefix => format!("{canonical}:{local}"),
                _ => name.to_string(),
            },
            None => name.to_string(),
        }
    }

    /// True when the prefix is bound to the inline-XBRL namespace.
    pub(crate) fn is_ix(&self, prefix: &str) -> bool {
        self.uri(prefix).is_some_and(|uri| {
            uri == "http://www.xbrl.org/2013/inlineXBRL"
                || uri == "http://www.xbrl.org/2008/inlineXBRL"
        })
    }
}

/// The usual prefix of a standard taxonomy namespace.
fn standard_prefix(uri: &str) -> Option<&'static str> {
    let table: [(&str, &str); 7] = [
        ("http://fasb.org/us-gaap/", "us-gaap"),
        ("http://fasb.org/srt/", "srt"),
        ("http://xbrl.sec.gov/dei/", "dei"),
        ("http://xbrl.sec.gov/country/", "country"),
        ("http://xbrl.sec.gov/currency/", "currency"),
        ("http://xbrl.sec.gov/ecd/", "ecd"),
        ("http://xbrl.ifrs.org/taxonomy/", "ifrs-full"),
    ];
    table
        .iter()
        .find(|(start, _)| uri.starts_with(start))
        .map(|&(_, prefix)| prefix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_count_newlines_before_the_offset() {
        let text = "a\nb\nc";
        assert_eq!(line_of(text, 0), 1);
        assert_eq!(line_of(text, 2), 2);
        assert_eq!(line_of(text, 99), 3);
    }

    #[test]
    fn indexed_lines_agree_with_counted_ones() {
        let text = "a\nbb\n\nc";
        let lines = Lines::new(text);
        for offset in 0..=text.len() + 2 {
            assert_eq!(lines.line(offset), line_of(text, offset), "{offset}");
        }
    }

    #[test]
    fn standard_taxonomies_get_their_usual_prefix() {
        let mut ns = Namespaces::default();
        let e = BytesStart::from_content(
            r#"x xmlns:usgaap="http://fasb.org/us-gaap/2024" xmlns:aapl="http://www.apple.com/2024""#,
            1,
        );
        ns.declare(&e);
        assert_eq!(ns.qname("usgaap:Revenues"), "us-gaap:Revenues");
        assert_eq!(ns.qname("aapl:IPhoneMember"), "aapl:IPhoneMember");
        assert_eq!(ns.qname("Revenues"), "Revenues");
    }
}
