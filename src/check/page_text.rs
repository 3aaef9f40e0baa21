//! A page's text as a reader takes it: its lines joined into sentences,
//! each with the heading it stands under. A short line that ends no
//! sentence ("Results of Operations", "2020 v. 2019") is a heading; a
//! heading that is a period dates the sentences under it. What the numbers
//! of a sentence are is `prose_number`'s.

use crate::model::Period;

/// A sentence of a page with the heading it stands under, if any.
pub type Headed = (String, Option<String>);
use crate::period::find_period;

/// The longest page text read, in bytes.
const MAX_PAGE: usize = 1 << 20;

/// A page's text cut into sentences. Wrapped lines are joined; a short line
/// that ends no sentence (a heading: "Results of Operations") stands alone.
pub fn sentences(text: &str) -> Vec<String> {
    sentences_under_headings(text)
        .into_iter()
        .map(|(sentence, _)| sentence)
        .collect()
}

/// The marks that open a list item.
const BULLETS: [char; 6] = ['•', '●', '▪', '◦', '■', '\u{f0b7}'];

/// [`sentences`], each with the heading it stands under on the page, if
/// any ("2020 v. 2019", "Display Technologies").
pub fn sentences_under_headings(text: &str) -> Vec<Headed> {
    let mut cut = text.len().min(MAX_PAGE);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let text = text.get(..cut).unwrap_or("");
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut out: Vec<Headed> = Vec::new();
    let mut heading: Option<String> = None;
    let mut paragraph = String::new();
    let flush = |paragraph: &mut String, heading: &Option<String>, out: &mut Vec<Headed>| {
        let mut cut = Vec::new();
        split_into(paragraph, &mut cut);
        out.extend(cut.into_iter().map(|s| (s, heading.clone())));
        paragraph.clear();
    };
    for line in lines {
        // A bullet opens a list item: a paragraph of its own ("• Net
        // income of $1.69 billion increased …").
        let line = match line.strip_prefix(BULLETS) {
            Some(item) => {
                flush(&mut paragraph, &heading, &mut out);
                item.trim_start()
            }
            None => line,
        };
        let short = line.chars().count() * 5 < widest * 3;
        let open = !line.ends_with(['.', ',', ';', ':', '?', '!']);
        let opens = line
            .chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit());
        if short && open && opens {
            flush(&mut paragraph, &heading, &mut out);
            out.push((line.to_string(), heading.clone()));
            heading = Some(line.to_string());
            continue;
        }
        if !paragraph.is_empty() {
            paragraph.push(' ');
        }
        paragraph.push_str(line);
        if short && !open {
            flush(&mut paragraph, &heading, &mut out);
        }
    }
    flush(&mut paragraph, &heading, &mut out);
    out
}

/// The period a heading dates the sentences under it with ("2020 v. 2019":
/// 2020; "Year Ended December 31, 2021"): a heading that is a period and
/// nothing else with a digit (not a table's row of numbers).
pub fn heading_period(heading: &str) -> Option<Period> {
    let (range, period) = find_period(heading)?;
    let rest = format!(
        "{}{}",
        heading.get(..range.start)?,
        heading.get(range.end..)?
    );
    if rest.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    match period {
        Period::Change { to: Some(to), .. } => Some(*to),
        Period::Change { .. } => None,
        p => Some(p),
    }
}

/// Cuts a paragraph at ". ", "? ", "! " before a capital, a digit or a
/// quote mark; not after an initial ("U.S. revenue").
fn split_into(paragraph: &str, out: &mut Vec<String>) {
    let bytes = paragraph.as_bytes();
    let mut start = 0;
    for (i, c) in paragraph.char_indices() {
        if !matches!(c, '.' | '?' | '!') {
            continue;
        }
        let next = paragraph.get(i + 1..).unwrap_or("");
        let Some(rest) = next.strip_prefix(' ') else {
            continue;
        };
        let opens = rest.chars().next().is_some_and(|n| {
            n.is_uppercase() || n.is_ascii_digit() || matches!(n, '"' | '\u{201c}')
        });
        // "U.S. " and "Inc. ": a capital alone before the dot, or a dot
        // two back.
        let initial = i >= 2
            && bytes.get(i - 2) == Some(&b'.')
            && bytes.get(i - 1).is_some_and(u8::is_ascii_uppercase);
        if opens && !initial {
            if let Some(s) = paragraph.get(start..=i) {
                push_sentence(s, out);
            }
            start = i + 2;
        }
    }
    if let Some(s) = paragraph.get(start..) {
        push_sentence(s, out);
    }
}

fn push_sentence(s: &str, out: &mut Vec<String>) {
    let s = s.trim();
    if !s.is_empty() {
        out.push(s.to_string());
    }
}
