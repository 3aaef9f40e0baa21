//! The headings of a PDF's segment sections. A 10-K's MD&A often prints
//! each reportable segment's results under a heading of its own ("Verizon
//! Consumer Group"), opened by a paragraph naming the segment ("Our
//! Consumer segment provides …"), and the tables under it say no more than
//! "Operating Revenues and Selected Operating Statistics": the heading is
//! what tells the segment's "Service" revenue from the company's. The
//! tables below such a heading, on its page and the pages after, up to the
//! next heading set as large (or nearly), are that segment's.

use super::Line;
use super::lines::PhraseKind;
use crate::model::SegmentSection as Section;

/// A heading line of a page.
#[derive(Debug, Clone, PartialEq)]
pub struct Heading {
    /// Baseline, down from the top of the page.
    pub base: f64,
    /// Font size.
    pub size: f64,
    /// The segment its paragraph names ("Consumer"), when it opens one.
    pub segment: Option<String>,
}

impl Heading {
    /// What a page that could not be read stands for: the end of any
    /// segment's section (its headings are unknown).
    pub fn closing() -> Heading {
        Heading {
            base: 0.0,
            size: f64::INFINITY,
            segment: None,
        }
    }
}

/// How much larger than the page's body text a heading is set, in points.
const ABOVE_BODY: f64 = 1.0;

/// A heading this much smaller than a segment's still closes its section
/// (Verizon sets "Special Items" at 13.4 points after segments at 13.8;
/// its sub-headings at 12.5).
const SAME_LEVEL: f64 = 0.6;

/// The most words a heading has.
const MAX_WORDS: usize = 8;

/// Lines of the paragraph after a heading read for the segment's name.
const PARAGRAPH_LINES: usize = 3;

/// The page's headings, top to bottom: lines set larger than its body
/// text, alone on their line, short, with no digits and no sentence end.
pub(super) fn headings(lines: &[Line]) -> Vec<Heading> {
    let Some(body) = body_size(lines) else {
        return Vec::new();
    };
    let mut sorted: Vec<&Line> = lines.iter().collect();
    sorted.sort_by(|a, b| a.base.total_cmp(&b.base));
    let mut out = Vec::new();
    for (at, line) in sorted.iter().enumerate() {
        if line.size < body + ABOVE_BODY {
            continue;
        }
        let [phrase] = line.phrases.as_slice() else {
            continue;
        };
        let text = phrase.text.trim();
        let words = text.split_whitespace().count();
        if phrase.kind != PhraseKind::Text
            || words == 0
            || words > MAX_WORDS
            || text.chars().any(|c| c.is_ascii_digit())
            || !text.chars().next().is_some_and(char::is_uppercase)
            || text.ends_with(['.', ',', ':', ';'])
        {
            continue;
        }
        let paragraph: Vec<String> = sorted
            .iter()
            .skip(at + 1)
            .take(PARAGRAPH_LINES)
            .map(|l| l.text())
            .collect();
        out.push(Heading {
            base: line.base,
            size: line.size,
            segment: segment_named(text, &paragraph.join(" ")),
        });
    }
    out
}

/// The size most of the page's long lines are set in.
fn body_size(lines: &[Line]) -> Option<f64> {
    let mut sizes: Vec<(i64, usize)> = Vec::new();
    for line in lines {
        if line.text().len() < 40 {
            continue;
        }
        // Tenths of a point.
        let key = (line.size * 10.0).round() as i64;
        match sizes.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => sizes.push((key, 1)),
        }
    }
    sizes
        .into_iter()
        .max_by_key(|(k, n)| (*n, -*k))
        .map(|(k, _)| k as f64 / 10.0)
}

/// The segment a heading opens: the name its paragraph gives a segment
/// ("Our Consumer segment provides …"), when every word of the name is
/// one of the heading's ("Verizon Consumer Group").
fn segment_named(heading: &str, paragraph: &str) -> Option<String> {
    static OUR_SEGMENT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(
        || {
            regex::Regex::new(
                r"\b(?:[Oo]ur|[Tt]he)[ \t]+(?P<x>[A-Z][A-Za-z&'’-]*(?:[ \t]+[A-Z&][A-Za-z&'’-]*){0,3})[ \t]+(?:reportable[ \t]+|business[ \t]+|operating[ \t]+)?segment\b",
            )
            .ok()
        },
    );
    let found = OUR_SEGMENT.as_ref()?.captures(paragraph)?;
    let name = found.name("x")?.as_str().trim();
    let lower = |s: &str| -> Vec<String> {
        s.split_whitespace()
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .filter(|w| !w.is_empty())
            .collect()
    };
    let heading_words = lower(heading);
    let name_words = lower(name);
    (!name_words.is_empty() && name_words.iter().all(|w| heading_words.contains(w)))
        .then(|| name.to_string())
}

/// A page's headings and its tables' tops and bottoms (in table order).
pub type PageSections = (Vec<Heading>, Vec<(f64, f64)>);

/// The section of each table, walking the pages in order: `pages` gives,
/// per page, its headings and its tables' tops and bottoms (in table
/// order); the result has, per page, each table's section.
pub(super) fn segments_of(pages: &[PageSections]) -> Vec<Vec<Section>> {
    let mut current: Option<(String, f64)> = None;
    let mut out = Vec::with_capacity(pages.len());
    for (headings, spans) in pages {
        let mut next = headings.iter().peekable();
        let mut order: Vec<(usize, (f64, f64))> = spans.iter().copied().enumerate().collect();
        order.sort_by(|a, b| a.1.0.total_cmp(&b.1.0));
        let mut page = vec![Section::None; spans.len()];
        for (k, (top, bottom)) in order {
            while let Some(h) = next.next_if(|h| h.base < top) {
                apply(&mut current, h);
            }
            let straddles = headings.iter().any(|h| {
                h.base >= top && h.base <= bottom && {
                    let mut after = current.clone();
                    apply(&mut after, h);
                    after != current
                }
            });
            if let Some(slot) = page.get_mut(k) {
                *slot = match (&current, straddles) {
                    (_, true) => Section::Straddles,
                    (Some((name, _)), false) => Section::Segment(name.clone()),
                    (None, false) => Section::None,
                };
            }
        }
        for h in next {
            apply(&mut current, h);
        }
        out.push(page);
    }
    out
}

fn apply(current: &mut Option<(String, f64)>, heading: &Heading) {
    match &heading.segment {
        Some(name) => *current = Some((name.clone(), heading.size)),
        None => {
            if current
                .as_ref()
                .is_some_and(|(_, size)| heading.size >= size - SAME_LEVEL)
            {
                *current = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(base: f64, size: f64, segment: Option<&str>) -> Heading {
        Heading {
            base,
            size,
            segment: segment.map(str::to_string),
        }
    }

    #[test]
    fn a_heading_opening_a_segment_names_it() {
        assert_eq!(
            segment_named(
                "Verizon Consumer Group",
                "Our Consumer segment provides consumer-focused wireless and wireline communications services"
            )
            .as_deref(),
            Some("Consumer")
        );
        // Near misses: a paragraph naming another segment, or none.
        assert_eq!(
            segment_named(
                "Verizon Consumer Group",
                "Our Business segment provides wireless services"
            ),
            None
        );
        assert_eq!(
            segment_named(
                "Special Items",
                "The income and expenses related to special items"
            ),
            None
        );
    }

    #[test]
    fn a_segment_s_tables_run_to_the_next_heading_of_its_level() {
        let seg = |s: &str| Section::Segment(s.to_string());
        let pages = vec![
            // The heading at the foot of a page, its tables on the next.
            (vec![h(500.0, 13.8, Some("Consumer"))], vec![(100.0, 200.0)]),
            (vec![h(30.0, 12.5, None)], vec![(80.0, 200.0)]),
            (
                vec![h(200.0, 13.8, Some("Business")), h(400.0, 13.4, None)],
                vec![(300.0, 350.0), (100.0, 150.0), (500.0, 600.0)],
            ),
            // A table read across the heading that closes a section.
            (
                vec![h(100.0, 13.8, Some("Business")), h(400.0, 13.4, None)],
                vec![(200.0, 600.0)],
            ),
        ];
        let got = segments_of(&pages);
        assert_eq!(got[0], [Section::None]);
        // A sub-heading does not close the section.
        assert_eq!(got[1], [seg("Consumer")]);
        // Tables in table order: below the Business heading; above it;
        // after a heading of the same level.
        assert_eq!(got[2], [seg("Business"), seg("Consumer"), Section::None]);
        assert_eq!(got[3], [Section::Straddles]);
    }
}
