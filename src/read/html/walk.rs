//! One pass over an HTML filing's markup: the printed pages' text, the
//! tables with their cells (spans, indentation, the facts inside each
//! cell) and the numbers tagged in prose.
//!
//! XHTML (every inline-XBRL filing) is read as XML. Older HTML 4 filings
//! are not well-formed; they are read by the same tokenizer with XML's
//! checks off and the HTML rules that matter for tables: void elements
//! (`<br>`, `<hr>`, `<img>`, …) hold nothing, an end tag closes the
//! innermost open element of its name, and a `<td>`/`<tr>` closes the
//! open cell/row of its table. Content under `display:none` is not
//! printed, so it is neither page text nor a table; `<script>` and
//! `<style>` hold no text.

use std::collections::HashMap;

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use super::css::{breaks, left_indent, style_value};
use crate::xbrl::xml;

/// What the walk found.
#[derive(Debug, Default)]
pub(super) struct Walked {
    /// Each printed page's text, lines joined by newlines.
    pub(super) pages: Vec<String>,
    /// Tables in the order they start.
    pub(super) tables: Vec<TableOut>,
    /// Tagged numbers outside tables: (fact index, page, the words before it).
    pub(super) prose: Vec<ProseFact>,
    /// Elements deeper than the nesting limit, skipped.
    pub(super) too_deep: bool,
    /// The page on which the tables' cells passed the cell limit: the walk
    /// stopped there.
    pub(super) over_cells: Option<u32>,
}

/// A tagged number in running text.
#[derive(Debug)]
pub(super) struct ProseFact {
    /// Index into the instance's facts.
    pub(super) fact: usize,
    /// 1-based page.
    pub(super) page: u32,
    /// The words before it in its paragraph (at most about 100 characters).
    pub(super) before: String,
}

/// A table as marked up.
#[derive(Debug, Default)]
pub(super) struct TableOut {
    /// 1-based page it starts on.
    pub(super) page: u32,
    /// The short lines of text just before it (title, unit line), oldest first.
    pub(super) before: Vec<String>,
    /// The closing sentence of a long paragraph right before it, when that
    /// sentence introduces it ("… is as follows (in millions):"). Kept
    /// apart from `before`, which gives the table its title rows: a
    /// table's cell references do not change with what its lead-in says.
    pub(super) lead_in: Option<String>,
    /// Its rows.
    pub(super) rows: Vec<Vec<CellOut>>,
}

/// One `<td>`/`<th>`.
#[derive(Debug, Default, Clone)]
pub(super) struct CellOut {
    /// Its text, spaces collapsed, leading spaces kept (they indent).
    pub(super) text: String,
    /// `colspan`, at least 1.
    pub(super) colspan: usize,
    /// `rowspan`, at least 1.
    pub(super) rowspan: usize,
    /// Indent level from CSS padding, margin and text-indent.
    pub(super) indent: u8,
    /// Indices of the facts tagged inside it (outermost first).
    pub(super) facts: Vec<usize>,
    /// Facts tagged inside it that sit inside another of its facts.
    pub(super) nested: Vec<usize>,
}

/// The deepest element nesting read; deeper content is skipped with a warning.
pub(super) const MAX_DEPTH: usize = 512;

/// HTML elements that never hold content.
fn is_void(local: &str) -> bool {
    matches!(
        local,
        "br" | "hr"
            | "img"
            | "meta"
            | "link"
            | "input"
            | "col"
            | "area"
            | "base"
            | "wbr"
            | "param"
            | "source"
            | "embed"
    )
}

/// Elements that start a new line of page text.
fn is_block(local: &str) -> bool {
    matches!(
        local,
        "div"
            | "p"
            | "br"
            | "tr"
            | "table"
            | "li"
            | "ul"
            | "ol"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "hr"
            | "center"
            | "blockquote"
            | "pre"
            | "section"
            | "title"
    )
}

/// An open element.
struct Frame {
    name: String,
    hidden: bool,
    sup: bool,
    page_after: bool,
    fact: bool,
}

/// A table being read.
#[derive(Default)]
struct TableBuild {
    slot: usize,
    rows: Vec<Vec<CellOut>>,
    row: Option<Vec<CellOut>>,
    cell: Option<CellOut>,
    /// Indentation set by the open cell's elements so far, in points.
    cell_indent: f64,
}

impl TableBuild {
    fn close_cell(&mut self) {
        if let Some(mut cell) = self.cell.take() {
            cell.text = tidy(&cell.text);
            cell.indent = (self.cell_indent / 9.0).floor().clamp(0.0, 10.0) as u8;
            self.row.get_or_insert_with(Vec::new).push(cell);
        }
        self.cell_indent = 0.0;
    }

    fn close_row(&mut self) {
        self.close_cell();
        if let Some(row) = self.row.take() {
            self.rows.push(row);
        }
    }
}

/// Collapses runs of inner whitespace; keeps leading no-break and plain
/// spaces (they indent) and trims the end.
fn tidy(text: &str) -> String {
    let lead: String = text
        .chars()
        .take_while(|c| *c == ' ' || *c == '\u{a0}')
        .collect();
    let mut out = String::with_capacity(text.len());
    out.push_str(&lead);
    let mut first = true;
    for word in text
        .split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        if !first {
            out.push(' ');
        }
        out.push_str(word);
        first = false;
    }
    out
}

/// The walk's state.
struct Walker<'f> {
    /// Fact index by the byte offset of its element.
    facts_at: &'f HashMap<usize, usize>,
    frames: Vec<Frame>,
    hidden: usize,
    sup: usize,
    /// Open fact elements (for nesting).
    open_facts: Vec<usize>,
    tables: Vec<TableBuild>,
    out: Walked,
    page: String,
    /// The paragraph being written (outside tables).
    line: String,
    /// Recent short lines since the last table.
    recent: Vec<String>,
    /// The lead-in sentence of the last line, when it was a long paragraph
    /// ending in one ([`TableOut::lead_in`]).
    lead_in: Option<String>,
    /// The line closing the last page when it introduces what follows
    /// ("The following table presents R&D expenses (in millions, except
    /// percentages):"): the lead-in of a table the next page opens with.
    carried: Option<String>,
    skipped_depth: usize,
    /// Grid slots the tables' cells may take in all, and those taken.
    max_cells: usize,
    cells: usize,
}

/// A line that is a page's number alone: "38", "38.", "- 38 -", "Page 38"
/// (three digits at most: "2024" alone is a year).
fn is_page_number(line: &str) -> bool {
    let core = line
        .trim()
        .trim_start_matches("Page ")
        .trim_matches(|c: char| matches!(c, '-' | '\u{2013}' | '\u{2014}' | '.' | ' '));
    !core.is_empty() && core.len() <= 3 && core.bytes().all(|b| b.is_ascii_digit())
}

/// The last sentence of a long paragraph when it introduces what follows:
/// it ends in a colon and is at most 320 characters long (Apple's market
/// risk table is introduced by a sentence of 290 ending "(dollars in
/// millions):").
fn lead_in_sentence(paragraph: &str) -> Option<&str> {
    // The last sentence: after the last full stop (with its closing quote,
    // if any) followed by a space.
    let start = [". ", ".\u{201d} ", ".\" "]
        .iter()
        .filter_map(|end| paragraph.rfind(end).map(|at| at + end.len()))
        .max()
        .unwrap_or(0);
    let last = paragraph.get(start..).unwrap_or(paragraph).trim();
    (last.ends_with(':') && last.chars().count() <= 320).then_some(last)
}

impl Walker<'_> {
    fn page_number(&self) -> u32 {
        u32::try_from(self.out.pages.len() + 1).unwrap_or(u32::MAX)
    }

    fn end_line(&mut self) {
        let line = tidy(&self.line).trim().to_string();
        self.line.clear();
        if line.is_empty() {
            return;
        }
        if !self.page.is_empty() {
            self.page.push('\n');
        }
        self.page.push_str(&line);
        if is_page_number(&line) {
            // A page's number ("38.") is no line of what it closes.
            return;
        }
        // A page's running head ("Table of Contents", the filer's name) is
        // no line of prose between a carried lead-in and its table.
        if line.chars().count() > 200 || super::is_prose(&line) {
            self.carried = None;
        }
        if line.chars().count() <= 200 {
            self.recent.push(line);
            if self.recent.len() > 4 {
                self.recent.remove(0);
            }
            self.lead_in = None;
        } else {
            self.recent.clear();
            // A paragraph whose last sentence introduces the table ("…
            // Net sales information is as follows (in millions):").
            self.lead_in = lead_in_sentence(&line).map(str::to_string);
        }
    }

    fn new_page(&mut self) {
        self.end_line();
        self.carried = self.lead_in.take().or_else(|| {
            self.recent
                .last()
                .filter(|line| line.trim_end().ends_with(':'))
                .cloned()
        });
        let text = std::mem::take(&mut self.page);
        self.out.pages.push(text);
        self.recent.clear();
        self.lead_in = None;
    }

    fn text(&mut self, text: &str) {
        if self.hidden > 0 || self.skipped_depth > 0 {
            return;
        }
        if let Some(table) = self.tables.last_mut()
            && let Some(cell) = &mut table.cell
        {
            // Footnote marks (superscripts) are not part of a cell's number or label.
            if self.sup == 0 {
                cell.text.push_str(text);
            }
            return;
        }
        if self.tables.last().is_some_and(|t| t.cell.is_none()) {
            // Text between cells (whitespace in markup) belongs nowhere.
            return;
        }
        self.line.push_str(text);
    }

    fn start(&mut self, e: &BytesStart<'_>, offset: usize, html: bool, empty: bool) {
        let tag = e.name().as_ref().to_ascii_lowercase();
        let local = xml::local(&tag).to_string();
        if self.skipped_depth > 0 {
            if !(empty || html && is_void(&local)) {
                self.skipped_depth += 1;
            }
            return;
        }
        if self.frames.len() >= MAX_DEPTH {
            self.out.too_deep = true;
            if !(empty || html && is_void(&local)) {
                self.skipped_depth = 1;
            }
            return;
        }
        if html {
            self.implied_close(&local);
        }
        let style = attr(e, "style", html).unwrap_or_default();
        let hidden_here = style_value(&style, "display").is_some_and(|v| v == "none");
        let (page_before, page_after) = breaks(&style);
        if page_before && self.hidden == 0 {
            self.new_page();
        }
        let visible = self.hidden == 0 && !hidden_here;
        let is_fact = tag.ends_with("nonfraction") && tag.contains(':');
        if is_fact {
            self.fact_start(offset);
        }
        if visible && is_block(&local) {
            self.end_line();
        }
        if visible {
            self.structure(&local, e, &style, html);
        }
        if self.hidden == 0
            && let Some(table) = self.tables.last_mut()
            && table.cell.is_some()
            && !matches!(local.as_str(), "td" | "th")
        {
            table.cell_indent += left_indent(&style);
        }
        let sup = local == "sup" || style_value(&style, "vertical-align") == Some("super");
        if empty || (html && is_void(&local)) {
            if page_after && self.hidden == 0 {
                self.new_page();
            }
            if is_fact {
                self.open_facts.pop();
            }
            if local == "br" && visible {
                self.break_line();
            }
            return;
        }
        self.hidden += usize::from(hidden_here);
        self.sup += usize::from(sup);
        self.frames.push(Frame {
            name: tag,
            hidden: hidden_here,
            sup,
            page_after,
            fact: is_fact,
        });
    }

    /// HTML's implied end tags: a `<td>` closes the open cell of its table, a
    /// `<tr>` the open row, a `<p>` or `<li>` the open one.
    fn implied_close(&mut self, local: &str) {
        let (closes, boundary): (&[&str], &[&str]) = match local {
            "td" | "th" => (&["td", "th"], &["table", "tr"]),
            "tr" => (&["tr", "td", "th"], &["table"]),
            "p" => (&["p"], &["div", "td", "th", "table", "li", "body"]),
            "li" => (&["li"], &["ul", "ol"]),
            _ => return,
        };
        let mut at = None;
        for (i, frame) in self.frames.iter().enumerate().rev() {
            let name = xml::local(&frame.name);
            if closes.contains(&name) {
                at = Some(i);
            } else if boundary.contains(&name) {
                break;
            }
        }
        if let Some(at) = at {
            while self.frames.len() > at {
                let Some(frame) = self.frames.pop() else {
                    break;
                };
                self.close(frame);
            }
        }
    }

    /// A `<br>`: a new line of page text; inside a cell, a space.
    fn break_line(&mut self) {
        if let Some(table) = self.tables.last_mut()
            && let Some(cell) = &mut table.cell
        {
            cell.text.push(' ');
        }
    }

    fn fact_start(&mut self, offset: usize) {
        let Some(&fact) = self.facts_at.get(&offset) else {
            self.open_facts.push(usize::MAX);
            return;
        };
        let nested = self.open_facts.iter().any(|&f| f != usize::MAX);
        self.open_facts.push(fact);
        if self.hidden > 0 {
            return;
        }
        if let Some(table) = self.tables.last_mut()
            && let Some(cell) = &mut table.cell
        {
            if nested {
                cell.nested.push(fact);
            } else {
                cell.facts.push(fact);
            }
            return;
        }
        let before: String = {
            // Only the line's tail: a long paragraph of many facts stays linear.
            let from = self.line.len().saturating_sub(400);
            let from = (from..self.line.len())
                .find(|&i| self.line.is_char_boundary(i))
                .unwrap_or(self.line.len());
            let t = tidy(self.line.get(from..).unwrap_or_default());
            let chars: Vec<char> = t.trim().chars().collect();
            let from = chars.len().saturating_sub(100);
            chars.get(from..).unwrap_or_default().iter().collect()
        };
        let page = self.page_number();
        self.out.prose.push(ProseFact { fact, page, before });
    }

    /// Table structure: `<table>`, `<tr>`, `<td>`/`<th>`.
    fn structure(&mut self, local: &str, e: &BytesStart<'_>, style: &str, html: bool) {
        match local {
            "table" => {
                self.end_line();
                let slot = self.out.tables.len();
                self.out.tables.push(TableOut {
                    page: self.page_number(),
                    before: std::mem::take(&mut self.recent),
                    lead_in: self.lead_in.take().or_else(|| self.carried.clone()),
                    rows: Vec::new(),
                });
                self.tables.push(TableBuild {
                    slot,
                    ..TableBuild::default()
                });
            }
            "tr" => {
                if let Some(table) = self.tables.last_mut() {
                    table.close_row();
                    table.row = Some(Vec::new());
                }
            }
            "td" | "th" => {
                if let Some(table) = self.tables.last_mut() {
                    table.close_cell();
                    let span = |name: &str| {
                        attr(e, name, html)
                            .and_then(|v| v.trim().parse::<usize>().ok())
                            .unwrap_or(1)
                            .clamp(1, 1000)
                    };
                    let (colspan, rowspan) = (span("colspan"), span("rowspan"));
                    self.cells = self.cells.saturating_add(colspan.saturating_mul(rowspan));
                    if self.cells > self.max_cells && self.out.over_cells.is_none() {
                        self.out.over_cells = Some(self.page_number());
                    }
                    let Some(table) = self.tables.last_mut() else {
                        return;
                    };
                    table.cell = Some(CellOut {
                        colspan,
                        rowspan,
                        ..CellOut::default()
                    });
                    table.cell_indent = left_indent(style);
                }
            }
            _ => {}
        }
    }

    fn end(&mut self, name: &str, html: bool) {
        if self.skipped_depth > 0 {
            self.skipped_depth -= 1;
            return;
        }
        let tag = name.to_ascii_lowercase();
        // An end tag closes the innermost open element of its name; in HTML
        // one that matches nothing open is ignored.
        let Some(at) = self.frames.iter().rposition(|f| f.name == tag) else {
            return;
        };
        if !html && at + 1 != self.frames.len() {
            return;
        }
        while self.frames.len() > at {
            let Some(frame) = self.frames.pop() else {
                break;
            };
            self.close(frame);
        }
    }

    fn close(&mut self, frame: Frame) {
        let local = xml::local(&frame.name).to_string();
        let was_hidden = self.hidden > 0;
        if frame.hidden {
            self.hidden = self.hidden.saturating_sub(1);
        }
        if frame.sup {
            self.sup = self.sup.saturating_sub(1);
        }
        if frame.fact {
            self.open_facts.pop();
        }
        if !was_hidden {
            match local.as_str() {
                "td" | "th" => {
                    if let Some(t) = self.tables.last_mut() {
                        t.close_cell();
                    }
                }
                "tr" => {
                    if let Some(t) = self.tables.last_mut() {
                        t.close_row();
                    }
                }
                "table" => {
                    if let Some(mut t) = self.tables.pop() {
                        t.close_row();
                        let text = page_text_of(&t.rows);
                        // A running head laid out as a table ("Table of
                        // Contents | Alphabet Inc.") passes a carried
                        // lead-in on; a table of numbers takes it.
                        if text.bytes().any(|b| b.is_ascii_digit()) {
                            self.carried = None;
                        }
                        if let Some(slot) = self.out.tables.get_mut(t.slot) {
                            slot.rows = t.rows;
                        }
                        if !text.is_empty() {
                            if !self.page.is_empty() {
                                self.page.push('\n');
                            }
                            self.page.push_str(&text);
                        }
                        self.recent.clear();
                        self.lead_in = None;
                    }
                }
                _ => {}
            }
            if is_block(&local) {
                self.end_line();
            }
        }
        if frame.page_after && !was_hidden {
            self.new_page();
        }
    }

    fn finish(mut self) -> Walked {
        while let Some(frame) = self.frames.pop() {
            self.close(frame);
        }
        while let Some(mut t) = self.tables.pop() {
            t.close_row();
            if let Some(slot) = self.out.tables.get_mut(t.slot) {
                slot.rows = t.rows;
            }
        }
        self.end_line();
        if !self.page.is_empty() || self.out.pages.is_empty() {
            let text = std::mem::take(&mut self.page);
            self.out.pages.push(text);
        }
        // A last page left empty by a trailing break is no page.
        while self.out.pages.len() > 1 && self.out.pages.last().is_some_and(|p| p.is_empty()) {
            self.out.pages.pop();
        }
        self.out
    }
}

/// A table's rows as page text: cells joined by spaces, rows by newlines.
fn page_text_of(rows: &[Vec<CellOut>]) -> String {
    let mut out = String::new();
    for row in rows {
        let line: Vec<&str> = row
            .iter()
            .map(|c| c.text.trim())
            .filter(|t| !t.is_empty())
            .collect();
        if line.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&line.join(" "));
    }
    out
}

/// An attribute value; HTML mode also reads unquoted values.
fn attr(e: &BytesStart<'_>, name: &str, html: bool) -> Option<String> {
    if !html {
        return xml::attr(e, name);
    }
    e.html_attributes()
        .with_checks(false)
        .flatten()
        .find(|a| a.key.as_ref().eq_ignore_ascii_case(name))
        .map(|a| {
            a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .map(|v| v.into_owned())
                .unwrap_or_else(|_| a.value.into_owned())
        })
}

/// Why the strict (XHTML) walk stopped: the document is not XML.
#[derive(Debug)]
pub(super) struct NotXml {
    /// Where (byte offset) and what.
    pub(super) offset: u64,
    pub(super) reason: String,
}

/// Walks the document. `html` selects HTML 4 leniency; in XHTML mode a
/// markup error stops the walk (`Err`) so the caller can walk again as HTML.
pub(super) fn walk(
    text: &str,
    facts_at: &HashMap<usize, usize>,
    html: bool,
    max_cells: usize,
    budget: &dyn Fn() -> bool,
) -> Result<Walked, NotXml> {
    let mut reader = Reader::from_str(text);
    if html {
        let config = reader.config_mut();
        config.check_end_names = false;
        config.allow_unmatched_ends = true;
        config.allow_dangling_amp = true;
        config.check_comments = false;
    }
    let mut walker = Walker {
        facts_at,
        frames: Vec::new(),
        hidden: 0,
        sup: 0,
        open_facts: Vec::new(),
        tables: Vec::new(),
        out: Walked::default(),
        page: String::new(),
        line: String::new(),
        recent: Vec::new(),
        lead_in: None,
        carried: None,
        skipped_depth: 0,
        max_cells,
        cells: 0,
    };
    let mut events = 0u32;
    loop {
        events = events.wrapping_add(1);
        if events.is_multiple_of(4096) && budget() || walker.out.over_cells.is_some() {
            break;
        }
        let offset = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX);
        let event = match reader.read_event() {
            Ok(event) => event,
            // A tokenizer error in HTML mode ends the markup read there.
            Err(_) if html => break,
            Err(e) => {
                return Err(NotXml {
                    offset: reader.error_position(),
                    reason: e.to_string(),
                });
            }
        };
        let empty = matches!(event, Event::Empty(_));
        match event {
            Event::Start(e) | Event::Empty(e) => {
                let name = e.name().as_ref().to_ascii_lowercase();
                if html && !empty && (name == "script" || name == "style") {
                    // Raw text: skip to its end tag.
                    if reader.read_to_end(e.to_end().name()).is_err() {
                        break;
                    }
                    continue;
                }
                walker.start(&e, offset, html, empty);
            }
            Event::End(e) => walker.end(e.name().as_ref(), html),
            Event::Text(t) => walker.text(&t.xml10_content()),
            Event::CData(t) => walker.text(&t.xml10_content()),
            Event::GeneralRef(r) => {
                match xml::entity(&r) {
                    Some(s) => walker.text(&s),
                    // An unknown name in HTML is printed as written.
                    None if html => walker.text(&format!("&{};", r.xml10_content())),
                    None => {}
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(walker.finish())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use super::*;

    fn run(text: &str, html: bool) -> Walked {
        walk(text, &HashMap::new(), html, usize::MAX, &|| false).unwrap()
    }

    #[test]
    fn pages_split_at_css_breaks() {
        let w = run(
            r#"<html><body><p>one</p><hr style="page-break-after:always"/><p>two</p><div style="break-before:page">three</div></body></html>"#,
            false,
        );
        assert_eq!(w.pages, ["one", "two", "three"]);
    }

    #[test]
    fn a_long_introducing_sentence_is_a_lead_in() {
        let apple = "Interest Rate Risk The Company is primarily exposed to fluctuations in U.S. interest rates. The following table sets forth potential impacts on the Company's investment portfolio and term debt, including the effects of any associated derivatives, that would result from a hypothetical increase in relevant interest rates as of September 28, 2024 and September 30, 2023 (dollars in millions):";
        assert!(lead_in_sentence(apple).is_some_and(
            |s| s.starts_with("The following table") && s.ends_with("(dollars in millions):")
        ));
        // Near misses: a sentence that introduces nothing, and one too long
        // to be a table's lead-in.
        assert_eq!(lead_in_sentence("Revenue grew. Costs fell."), None);
        let long = format!("Intro. {}:", "word ".repeat(70));
        assert_eq!(lead_in_sentence(&long), None);
    }

    #[test]
    fn a_page_number_is_a_number_alone() {
        for line in ["38", "38.", "- 38 -", "Page 38", "\u{2013} 112 \u{2013}"] {
            assert!(is_page_number(line), "{line}");
        }
        for line in ["2024", "38. Table of Contents", "Note 38", "$38", ""] {
            assert!(!is_page_number(line), "{line}");
        }
    }

    #[test]
    fn a_long_paragraphs_closing_lead_in_is_the_line_before_its_table() {
        let long = "Net sales include product and service sales. ".repeat(6);
        let w = run(
            &format!(
                r#"<html><body><p>{long}Net sales information is as follows (in millions):</p><table><tr><td>AWS</td><td>90,757</td></tr></table><p>{long}Our sales grew.</p><table><tr><td>AWS</td><td>90,757</td></tr></table></body></html>"#
            ),
            false,
        );
        assert!(w.tables[0].before.is_empty());
        assert_eq!(
            w.tables[0].lead_in.as_deref(),
            Some("Net sales information is as follows (in millions):")
        );
        // A long paragraph that does not introduce the table gives nothing.
        assert_eq!(w.tables[1].lead_in, None);
        assert_eq!(
            lead_in_sentence("Revenue grew. As follows:"),
            Some("As follows:")
        );
        assert_eq!(lead_in_sentence("Revenue grew. It rose."), None);
        assert_eq!(
            lead_in_sentence(
                "It is operations reduced by \u{201c}Purchases.\u{201d} The following (in millions):"
            ),
            Some("The following (in millions):")
        );
    }

    #[test]
    fn tables_keep_spans_indents_and_skip_hidden_rows() {
        let w = run(
            r#"<html><body><p>Apple Inc.</p><p>(In millions)</p><table><tr><td colspan="3">Net sales:</td></tr>
<tr style="display:none"><td>secret</td></tr>
<tr><td style="padding:2px 1pt 2px 12.25pt">Products<sup>(1)</sup></td><td>$</td><td>66,613</td></tr></table></body></html>"#,
            false,
        );
        assert_eq!(w.tables.len(), 1);
        let t = &w.tables[0];
        assert_eq!(t.before, ["Apple Inc.", "(In millions)"]);
        assert_eq!(t.rows.len(), 2);
        assert_eq!(t.rows[0][0].colspan, 3);
        assert_eq!(t.rows[1][0].text, "Products");
        assert_eq!(t.rows[1][0].indent, 1);
        assert_eq!(
            w.pages[0],
            "Apple Inc.\n(In millions)\nNet sales:\nProducts $ 66,613"
        );
    }

    #[test]
    fn nested_tables_are_their_own() {
        let w = run(
            "<html><body><table><tr><td>outer<table><tr><td>inner</td><td>1</td></tr></table></td></tr></table></body></html>",
            false,
        );
        assert_eq!(w.tables.len(), 2);
        assert_eq!(w.tables[0].rows[0][0].text, "outer");
        assert_eq!(w.tables[1].rows[0][1].text, "1");
    }

    #[test]
    fn html4_without_end_tags_reads() {
        let w = run(
            "<HTML><BODY><P>Revenue&nbsp;rose<BR><TABLE border=1><TR><TD>Sales<TD align=right>1,234<TR><TD>Cost<TD>(5)</TABLE><p>after &copy; &bogus;</BODY></HTML>",
            true,
        );
        assert_eq!(w.tables.len(), 1);
        let rows = &w.tables[0].rows;
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0][1].text, "1,234");
        assert_eq!(rows[1][1].text, "(5)");
        assert!(w.pages[0].contains("Revenue rose"), "{:?}", w.pages[0]);
        assert!(w.pages[0].contains("after © &bogus;"), "{:?}", w.pages[0]);
    }

    #[test]
    fn a_long_html4_table_without_end_tags_stays_shallow() {
        let rows = "<TR><TD>Item<TD>1".repeat(5000);
        let w = run(
            &format!("<HTML><BODY><TABLE>{rows}</TABLE></BODY></HTML>"),
            true,
        );
        assert!(!w.too_deep);
        assert_eq!(w.tables[0].rows.len(), 5000);
    }

    #[test]
    fn broken_xhtml_is_not_xml() {
        assert!(
            walk(
                "<html><p>a</b></html>",
                &HashMap::new(),
                false,
                usize::MAX,
                &|| false
            )
            .is_err()
        );
    }

    #[test]
    fn deep_nesting_stops_at_the_limit() {
        let deep = format!(
            "<html>{}x{}</html>",
            "<div>".repeat(2000),
            "</div>".repeat(2000)
        );
        let w = run(&deep, false);
        assert!(w.too_deep);
    }

    #[test]
    fn the_walk_stops_when_the_tables_pass_the_cell_limit() {
        let table =
            "<table><tr><td>a</td><td>1</td></tr></table><hr style=\"page-break-after:always\"/>";
        let w = walk(
            &format!("<html><body>{}</body></html>", table.repeat(100)),
            &HashMap::new(),
            false,
            50,
            &|| false,
        )
        .unwrap();
        assert_eq!(w.over_cells, Some(26));
    }
}
