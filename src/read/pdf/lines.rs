//! Glyphs into lines of phrases.
//!
//! A *line* is the glyphs that share a baseline (superscripts join the line
//! they are raised above). A *word* is a run of glyphs with no visible gap.
//! A *phrase* is what a table cell holds: words joined by normal word spaces,
//! with the pieces that financial tables print apart put back together — a
//! `$` or `€` in its own column joins the amount to its right, `(` and `)` or
//! `%` split into their own glyph runs rejoin their number — and dot leaders
//! dropped. Numbers never join each other: two numbers on a line are two
//! cells however close they are.

use super::glyphs::Glyph;
use crate::number::{currency, looks_numeric, parse_amount};

/// What a phrase holds, as far as column finding cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhraseKind {
    /// An amount (or a dash standing for zero).
    Number,
    /// Anything else.
    Text,
}

/// Words that belong together on one line: one cell's worth of text.
#[derive(Debug, Clone, PartialEq)]
pub struct Phrase {
    /// Left edge.
    pub x0: f64,
    /// Right edge.
    pub x1: f64,
    /// The text, words separated by single spaces.
    pub text: String,
    /// Number or text.
    pub kind: PhraseKind,
}

/// One line of a page.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Baseline, down from the top of the page.
    pub base: f64,
    /// The line's (largest common) font size.
    pub size: f64,
    /// Phrases left to right.
    pub phrases: Vec<Phrase>,
    /// The words the phrases were joined from (amounts already rejoined,
    /// leaders dropped): what a ruled table splits at its rules.
    pub words: Vec<Phrase>,
}

impl Line {
    /// Left edge of the line's first phrase.
    pub fn x0(&self) -> f64 {
        self.phrases.first().map_or(0.0, |p| p.x0)
    }

    /// Right edge of the line's last phrase.
    pub fn x1(&self) -> f64 {
        self.phrases.last().map_or(0.0, |p| p.x1)
    }

    /// The line's text, phrases separated by spaces.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for p in &self.phrases {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&p.text);
        }
        out
    }

    /// Number of phrases that are amounts.
    pub fn numbers(&self) -> usize {
        self.phrases
            .iter()
            .filter(|p| p.kind == PhraseKind::Number)
            .count()
    }
}

#[derive(Debug, Clone)]
struct Word {
    x0: f64,
    x1: f64,
    size: f64,
    text: String,
}

/// Groups a page's glyphs into lines, top to bottom.
pub fn lines(glyphs: &[Glyph]) -> Vec<Line> {
    let mut order: Vec<&Glyph> = glyphs
        .iter()
        .filter(|g| g.size > 0.0 && !g.text.is_empty())
        .collect();
    order.sort_by(|a, b| a.base.total_cmp(&b.base).then(a.x0.total_cmp(&b.x0)));
    // Cluster baselines: a glyph joins the open line when its baseline lies
    // within a third of the font size of the line's.
    let mut groups: Vec<(f64, f64, Vec<&Glyph>)> = Vec::new();
    for g in order {
        match groups.last_mut() {
            Some((base, size, members)) if (g.base - *base).abs() <= 0.3 * size.max(g.size) => {
                members.push(g);
                *size = size.max(g.size);
            }
            _ => groups.push((g.base, g.size, vec![g])),
        }
    }
    // Superscripts: a group of small glyphs whose baseline sits less than half
    // a font size above the next line's, overlapping it horizontally, joins it.
    let mut merged: Vec<(f64, f64, Vec<&Glyph>)> = Vec::new();
    let mut i = 0;
    while i < groups.len() {
        let Some(group) = groups.get(i).cloned() else {
            break;
        };
        if let Some(next) = groups.get_mut(i + 1) {
            let (base, size, members) = &group;
            let raised = next.0 - base;
            if *size < next.1 * 0.85 && raised > 0.0 && raised < 0.6 * next.1 {
                next.2.extend(members.iter().copied());
                i += 1;
                continue;
            }
        }
        merged.push(group);
        i += 1;
    }
    merged
        .into_iter()
        .filter_map(|(base, size, mut members)| {
            members.sort_by(|a, b| a.x0.total_cmp(&b.x0));
            let pieces = pieces(words(&members, base, size), size);
            let phrases = absorb_label_numbers(year_ranges(phrases(&pieces, size), size), size);
            let words = pieces
                .into_iter()
                .map(|w| Phrase {
                    kind: kind_of(&w.text),
                    x0: w.x0,
                    x1: w.x1,
                    text: w.text,
                })
                .collect();
            (!phrases.is_empty()).then_some(Line {
                base,
                size,
                phrases,
                words,
            })
        })
        .collect()
}

/// Splits a line's glyphs into words at spaces and visible gaps; drops
/// glyphs drawn twice on the same spot (fake bold).
fn words(glyphs: &[&Glyph], line_base: f64, line_size: f64) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut open: Option<Word> = None;
    let mut last: Option<&Glyph> = None;
    for g in glyphs {
        // Fake bold draws a glyph twice on one spot, each time with its
        // advance. A glyph without an advance is no such copy: its font's
        // widths were lost, and the next glyph, repeated or not, starts on
        // the same spot ("Goodwill", "7,008").
        if let Some(prev) = last
            && prev.text == g.text
            && (prev.x0 - g.x0).abs() < 0.3
            && prev.x1 - prev.x0 > 0.3
        {
            continue;
        }
        last = Some(g);
        if g.text.chars().all(char::is_whitespace) {
            out.extend(open.take());
            continue;
        }
        let small = g.size < line_size * 0.85;
        // A small raised glyph is a footnote mark ("Sex offenses¹"): it is
        // not part of any cell.
        if small && g.base < line_base - 0.15 * line_size {
            continue;
        }
        match open.as_mut() {
            Some(w) if g.x0 - w.x1 <= 0.12 * w.size.max(g.size) => {
                w.x1 = w.x1.max(g.x1);
                w.text.push_str(&g.text);
            }
            _ => {
                out.extend(open.take());
                open = Some(Word {
                    x0: g.x0,
                    x1: g.x1,
                    size: g.size,
                    text: g.text.clone(),
                });
            }
        }
    }
    out.extend(open);
    out
}

/// A word of dots only: a piece of a dot leader (". . . ." prints as
/// one-dot words).
fn is_leader(text: &str) -> bool {
    text.chars().all(|c| matches!(c, '.' | '·' | '…' | '_'))
}

/// Strips a dot leader glued to the end of a word ("Revenue.......").
fn strip_leader(text: &str) -> &str {
    let trimmed = text.trim_end_matches(['.', '…', '·']);
    if text.len() - trimmed.len() >= 3 {
        trimmed
    } else {
        text
    }
}

/// Number or text. Digits with separators the amount parser does not read
/// ("1.393,4", a decimal comma) still sit in value columns: numbers here.
fn kind_of(text: &str) -> PhraseKind {
    // "2022," ends a clause of a sentence ("for 2022, 2021 and 2020"):
    // no amount is printed with a comma after it.
    if text.ends_with(',') {
        return PhraseKind::Text;
    }
    if parse_amount(text).is_some() || looks_numeric(text) {
        PhraseKind::Number
    } else {
        PhraseKind::Text
    }
}

/// True when `last` is the rest of the amount `prev` begins (`$` + `1,234`,
/// `(` + `1,234`, `$` + `(1,234)`) or closes it (`(1,234` + `)`, `5.1` + `%`).
fn rejoins(prev: &Word, last: &Word, line_size: f64) -> bool {
    let gap = last.x0 - prev.x1;
    let opens = currency(&prev.text).is_some() || prev.text == "(";
    let closes = matches!(last.text.as_str(), ")" | "%" | ")%" | "%)");
    // "11,062" + ".6": a decimal part set apart by loose glyph spacing.
    let decimals = last.text.starts_with(['.', ',']) && last.text.len() > 1;
    ((opens && gap < 12.0 * line_size)
        || (closes && gap < line_size)
        || (decimals
            && gap < 0.35 * line_size
            && prev.text.ends_with(|c: char| c.is_ascii_digit())))
        && parse_amount(&format!("{}{}", prev.text, last.text)).is_some()
}

/// Drops dot leaders and rejoins the pieces of amounts.
fn pieces(words: Vec<Word>, line_size: f64) -> Vec<Word> {
    // Dot leaders go first: they only separate.
    let words: Vec<Word> = words
        .into_iter()
        .filter(|w| !is_leader(&w.text))
        .map(|mut w| {
            let stripped = strip_leader(&w.text);
            if stripped.len() != w.text.len() {
                // The word now ends where its text does, before the leader.
                let kept = stripped.chars().count() as f64;
                let all = w.text.chars().count().max(1) as f64;
                w.x1 = w.x0 + (w.x1 - w.x0) * kept / all;
                w.text = stripped.to_string();
            }
            w
        })
        .filter(|w| !w.text.is_empty())
        .collect();
    // Rejoin an amount's pieces: currency symbol or "(" before it, ")" or "%"
    // after it.
    let mut pieces: Vec<Word> = Vec::new();
    for w in words {
        pieces.push(w);
        while let [.., prev, last] = pieces.as_mut_slice() {
            if !rejoins(prev, last, line_size) {
                break;
            }
            prev.text.push_str(&last.text);
            prev.x1 = last.x1;
            pieces.pop();
        }
    }
    pieces
}

/// Joins words into phrases; see the module documentation.
fn phrases(pieces: &[Word], line_size: f64) -> Vec<Phrase> {
    let mut out: Vec<Phrase> = Vec::new();
    for w in pieces {
        let kind = kind_of(&w.text);
        if let Some(prev) = out.last_mut() {
            let gap = w.x0 - prev.x1;
            let size = w.size.max(line_size * 0.5);
            let join = match (prev.kind, kind) {
                (PhraseKind::Text, PhraseKind::Text) => gap < 0.75 * size,
                // "December 31, 2023", "Note 3": a number after a word at a
                // normal word space belongs to the phrase.
                (PhraseKind::Text, PhraseKind::Number) => gap < 0.65 * size,
                // "2023 vs", "12 months": rare in cells; only at a word space.
                (PhraseKind::Number, PhraseKind::Text) => {
                    gap < 0.4 * size && w.text.chars().next().is_some_and(char::is_alphabetic)
                }
                (PhraseKind::Number, PhraseKind::Number) => false,
            };
            if join {
                prev.text.push(' ');
                prev.text.push_str(&w.text);
                prev.x1 = w.x1;
                prev.kind = kind_of(&prev.text);
                continue;
            }
        }
        out.push(Phrase {
            x0: w.x0,
            x1: w.x1,
            text: w.text.clone(),
            kind,
        });
    }
    out
}

/// A phrase of words, not a mark standing in a value column ("n/m", "N/A",
/// "*"): a word of two letters or more, in lower case (or "and"-like words
/// in any case), that is no abbreviation of "not meaningful".
fn is_wordy(text: &str) -> bool {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 2)
        .any(|w| {
            let lower = w.to_lowercase();
            !matches!(lower.as_str(), "nm" | "na" | "nmf" | "ns")
                && w.chars().any(char::is_lowercase)
        })
}

/// A bare year (1900–2100).
fn is_year(text: &str) -> bool {
    text.len() == 4
        && text.bytes().all(|b| b.is_ascii_digit())
        && text.parse().is_ok_and(crate::period::is_year)
}

/// "2022 – 2061", a range of years (a maturities column), is text: three
/// phrases (year, dash, year) at word spacing become one.
fn year_ranges(phrases: Vec<Phrase>, line_size: f64) -> Vec<Phrase> {
    let mut out: Vec<Phrase> = Vec::with_capacity(phrases.len());
    for p in phrases {
        let joins = match out.as_slice() {
            [.., year, dash] => {
                is_year(&year.text)
                    && matches!(dash.text.as_str(), "-" | "\u{2013}" | "\u{2014}")
                    && is_year(&p.text)
                    && dash.x0 - year.x1 < line_size
                    && p.x0 - dash.x1 < line_size
            }
            _ => false,
        };
        if joins && let (Some(dash), Some(year)) = (out.pop(), out.last_mut()) {
            year.text = format!("{} {} {}", year.text, dash.text, p.text);
            year.x1 = p.x1;
            year.kind = PhraseKind::Text;
            continue;
        }
        out.push(p);
    }
    out
}

/// Whether a text ends with a word that needs what follows ("and",
/// "of", "to", …).
fn ends_with_connector(text: &str) -> bool {
    const CONNECTORS: [&str; 14] = [
        "and",
        "or",
        "of",
        "to",
        "at",
        "from",
        "by",
        "with",
        "than",
        "per",
        "approximately",
        "including",
        "includes",
        "totaling",
    ];
    text.rsplit(char::is_whitespace)
        .next()
        .is_some_and(|w| CONNECTORS.contains(&w))
}

/// Numbers inside a label's text are part of the label: on a line that
/// starts with text, the phrases up to the last one that is words (or
/// closes a parenthesis the label opened), each at a gap inside a sentence
/// from the one before (under one and a half font sizes; columns stand
/// further apart), join the label when a number is among them; so does a
/// number right after a word that asks for one ("outstanding 7,808 and
/// 7,708"). "Short-term
/// investments (including securities loaned of | $204 | and $75)" is one
/// label, and its $204 is no cell; "Revenue | 4,200 | n/m" keeps its cells.
fn absorb_label_numbers(mut phrases: Vec<Phrase>, line_size: f64) -> Vec<Phrase> {
    if phrases.first().is_none_or(|p| p.kind != PhraseKind::Text) {
        return phrases;
    }
    let mut end = 0;
    let mut open = 0i64;
    for j in 0..phrases.len() {
        let Some(p) = phrases.get(j) else { break };
        if let Some(prev) = j.checked_sub(1).and_then(|i| phrases.get(i))
            && p.x0 - prev.x1 >= 1.5 * line_size
        {
            break;
        }
        let closes = open > 0 && p.text.contains(')');
        open += p.text.matches('(').count() as i64 - p.text.matches(')').count() as i64;
        // "outstanding 7,808 and | 7,708": a number after a word that
        // asks for one ends the label, not a column.
        let asked = p.kind == PhraseKind::Number
            && j.checked_sub(1)
                .and_then(|i| phrases.get(i))
                .is_some_and(|prev| ends_with_connector(&prev.text));
        if j > 0 && (p.kind == PhraseKind::Text && is_wordy(&p.text) || closes || asked) {
            end = j;
        }
    }
    let absorbs = end > 0
        && phrases.get(..=end).is_some_and(|run| {
            run.iter().enumerate().any(|(i, p)| {
                p.kind == PhraseKind::Number
                    || i > 0 && p.text.contains(|c: char| c.is_ascii_digit())
            })
        });
    if !absorbs {
        return phrases;
    }
    let rest = phrases.split_off(end + 1);
    let x1 = phrases.last().map_or(0.0, |p| p.x1);
    let text = phrases
        .iter()
        .map(|p| p.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = vec![Phrase {
        x0: phrases.first().map_or(0.0, |p| p.x0),
        x1,
        text,
        kind: PhraseKind::Text,
    }];
    out.extend(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glyphs for `text` starting at `x`, 6pt advance each, on baseline `base`.
    fn run(text: &str, x: f64, base: f64, size: f64) -> Vec<Glyph> {
        text.chars()
            .enumerate()
            .map(|(i, c)| Glyph {
                x0: x + 0.6 * size * i as f64,
                x1: x + 0.6 * size * (i + 1) as f64,
                base,
                size,
                text: c.to_string(),
            })
            .collect()
    }

    fn texts(line: &Line) -> Vec<&str> {
        line.phrases.iter().map(|p| p.text.as_str()).collect()
    }

    #[test]
    fn currency_column_and_parentheses_rejoin_their_amount() {
        let mut g = run("Net loss", 10.0, 100.0, 10.0);
        g.extend(run("$", 200.0, 100.0, 10.0));
        g.extend(run("(1,234", 240.0, 100.0, 10.0));
        g.extend(run(")", 276.0, 100.0, 10.0));
        g.extend(run("56.1", 320.0, 100.0, 10.0));
        g.extend(run("%", 344.0, 100.0, 10.0));
        let lines = lines(&g);
        assert_eq!(lines.len(), 1);
        let line = lines.first().unwrap();
        assert_eq!(texts(line), ["Net loss", "$(1,234)", "56.1%"]);
        assert_eq!(line.numbers(), 2);
    }

    #[test]
    fn dot_leaders_are_dropped_and_numbers_never_join() {
        let mut g = run("Revenue", 10.0, 50.0, 10.0);
        g.extend(run(". . . . . .", 60.0, 50.0, 10.0));
        g.extend(run("4,203", 150.0, 50.0, 10.0));
        g.extend(run("3,921", 184.0, 50.0, 10.0));
        let lines = lines(&g);
        assert_eq!(texts(lines.first().unwrap()), ["Revenue", "4,203", "3,921"]);
        let g = run("Revenue........ 12", 10.0, 50.0, 10.0);
        assert_eq!(texts(lines_of(&g)), ["Revenue", "12"]);
    }

    fn lines_of(g: &[Glyph]) -> &'static Line {
        Box::leak(Box::new(lines(g).into_iter().next().unwrap()))
    }

    #[test]
    fn header_dates_stay_one_phrase_and_superscripts_are_dropped() {
        let g = run("December 31, 2023", 10.0, 20.0, 10.0);
        assert_eq!(texts(lines_of(&g)), ["December 31, 2023"]);
        let mut g = run("3,500", 10.0, 20.0, 10.0);
        g.extend(run("1", 40.0, 16.5, 6.0));
        let all = lines(&g);
        assert_eq!(all.len(), 1);
        assert_eq!(texts(all.first().unwrap()), ["3,500"]);
    }

    #[test]
    fn numbers_inside_a_label_are_label_text() {
        // Words set loosely (justified): each gap is a word and a half.
        let mut g = run(
            "Short-term investments (including securities loaned of",
            10.0,
            50.0,
            10.0,
        );
        g.extend(run("$204", 340.0, 50.0, 10.0));
        g.extend(run("and", 374.0, 50.0, 10.0));
        g.extend(run("$75)", 402.0, 50.0, 10.0));
        g.extend(run("6,820", 480.0, 50.0, 10.0));
        g.extend(run("n/m", 540.0, 50.0, 10.0));
        let line = lines_of(&g);
        assert_eq!(
            texts(line),
            [
                "Short-term investments (including securities loaned of $204 and $75)",
                "6,820",
                "n/m"
            ]
        );
        let mut g = run("Revenue", 10.0, 50.0, 10.0);
        g.extend(run("4,200", 80.0, 50.0, 10.0));
        g.extend(run("n/m", 120.0, 50.0, 10.0));
        assert_eq!(texts(lines_of(&g)), ["Revenue", "4,200", "n/m"]);
    }

    #[test]
    fn a_range_of_years_is_text() {
        let mut g = run("Fixed-rate notes", 10.0, 50.0, 10.0);
        g.extend(run("2022", 200.0, 50.0, 10.0));
        g.extend(run("\u{2013}", 226.0, 50.0, 10.0));
        g.extend(run("2061", 234.0, 50.0, 10.0));
        g.extend(run("106,324", 320.0, 50.0, 10.0));
        let line = lines_of(&g);
        assert_eq!(
            texts(line),
            ["Fixed-rate notes", "2022 \u{2013} 2061", "106,324"]
        );
        assert_eq!(line.numbers(), 1);
    }

    #[test]
    fn lines_are_split_by_baseline() {
        let mut g = run("2024", 100.0, 20.0, 10.0);
        g.extend(run("Revenue", 10.0, 34.0, 10.0));
        let all = lines(&g);
        assert_eq!(all.len(), 2);
        assert_eq!(all.first().unwrap().text(), "2024");
    }
}
