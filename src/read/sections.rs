//! The section path of each row: the captions ("ASSETS", "Current assets:",
//! "Operating expenses:") a row sits under, outermost first.
//!
//! Rules (docs/labeling.md):
//! - An upper-case caption ("ASSETS", "LIABILITIES AND STOCKHOLDERS' EQUITY")
//!   opens a top-level section and closes every other one; one short word
//!   in capitals ("AWS", "EMEA") is a name, read as any other caption.
//! - Another caption opens a section nested in the upper-case one. When the
//!   table shows indentation, it closes open captions at its own indent or
//!   deeper; without indentation, captions do not nest and it replaces the
//!   previous one.
//! - With indentation, a row left of a caption's indent closes it; a row at
//!   the caption's indent closes it only once the caption's rows have been
//!   indented deeper (then the row is a sibling, not a child).
//! - A total row belongs to the caption it totals and closes it: "Total" alone
//!   totals the innermost caption; "Total current assets", "Net cash provided
//!   by operating activities" total the innermost caption whose words they
//!   contain, closing any caption nested inside it.
//! - A blank row closes every caption except upper-case ones.

use std::sync::Arc;

#[derive(Debug, Clone)]
struct Entry {
    caption: String,
    /// The caption's words, lower case, padded with a space on each side.
    key: String,
    indent: u8,
    upper: bool,
    /// A row indented deeper than the caption has been seen under it.
    saw_deeper: bool,
}

/// The open sections while walking a table's rows top to bottom.
#[derive(Debug)]
pub(crate) struct SectionStack {
    entries: Vec<Entry>,
    /// The caption the row being read totals, found on entering it.
    totals: Option<usize>,
    uses_indent: bool,
    path: Arc<[String]>,
    /// The captions as they were before the last blank row closed some,
    /// until the first data row after it has been read.
    before_blank: Option<(Vec<Entry>, Arc<[String]>)>,
}

impl SectionStack {
    /// `uses_indent`: whether any row label of the table is indented.
    pub(crate) fn new(uses_indent: bool) -> SectionStack {
        SectionStack {
            entries: Vec::new(),
            totals: None,
            uses_indent,
            path: Arc::from(Vec::new()),
            before_blank: None,
        }
    }

    /// The current path, outermost first (cheap to clone).
    pub(crate) fn path(&self) -> Arc<[String]> {
        Arc::clone(&self.path)
    }

    /// A caption row opens a section.
    pub(crate) fn caption(&mut self, text: &str, indent: u8) {
        self.before_blank = None;
        let caption = text.trim().trim_end_matches(':').trim().to_string();
        let upper = is_upper_case(&caption) && !is_name(&caption);
        if upper {
            self.entries.clear();
        } else if self.uses_indent {
            self.entries.retain(|e| e.upper || e.indent < indent);
        } else if is_sub_caption(&caption) {
            // "Changes in operating assets and liabilities:" under "Operating
            // activities:": nest, replacing only an earlier sub-caption.
            if self
                .entries
                .last()
                .is_some_and(|e| is_sub_caption(&e.caption))
            {
                self.entries.pop();
            }
        } else {
            self.entries.retain(|e| e.upper);
        }
        self.entries.push(Entry {
            key: format!(" {} ", key(&caption)),
            caption,
            indent,
            upper,
            saw_deeper: false,
        });
        self.rebuild();
    }

    /// Before a data row: close captions the row steps out of, by indent or
    /// by being the total of an outer caption.
    pub(crate) fn enter_row(&mut self, indent: u8, label: &str) {
        let before = self.entries.len();
        if self.uses_indent {
            while let Some(last) = self.entries.last() {
                let out = !last.upper
                    && (last.indent > indent || (last.indent == indent && last.saw_deeper));
                if !out {
                    break;
                }
                self.entries.pop();
            }
        }
        self.totals = self.totalled(label);
        if let Some(at) = self.totals {
            self.entries.truncate(at + 1);
        }
        if let Some(last) = self.entries.last_mut()
            && indent > last.indent
        {
            last.saw_deeper = true;
        }
        if self.entries.len() != before {
            self.rebuild();
        }
    }

    /// After a data row (the one last entered): a total closes the caption
    /// it totals.
    pub(crate) fn leave_row(&mut self) {
        self.before_blank = None;
        if let Some(at) = self.totals.take() {
            self.entries.truncate(at);
            self.rebuild();
        }
    }

    /// The open caption a row label totals, if it is a total row.
    fn totalled(&self, label: &str) -> Option<usize> {
        let head = label.trim_start().as_bytes();
        let lead = |word: &[u8]| {
            head.get(..word.len())
                .is_some_and(|h| h.eq_ignore_ascii_case(word))
        };
        if !(lead(b"tot") || lead(b"net") || lead(b"sub") || lead(b"cas")) {
            return None;
        }
        let label = key(label);
        if matches!(label.as_str(), "total" | "total net" | "net" | "subtotal") {
            return self.entries.len().checked_sub(1);
        }
        let total_like = [
            "total ",
            "net ",
            "subtotal ",
            "cash generated ",
            "cash provided ",
            "cash used ",
        ]
        .iter()
        .any(|lead| label.starts_with(lead));
        if !total_like {
            return None;
        }
        let padded = format!(" {label} ");
        self.entries.iter().rposition(|e| {
            e.key.len() > 2
                && padded
                    .find(&e.key)
                    .is_some_and(|at| !names_a_part(padded.get(..at).unwrap_or("")))
        })
    }

    /// A blank row closes all but upper-case captions.
    pub(crate) fn blank(&mut self) {
        // A second blank row closes nothing more: the first one's captions
        // are kept.
        if self.entries.iter().all(|e| e.upper) {
            return;
        }
        let closed = std::mem::take(&mut self.entries);
        self.entries = closed.iter().filter(|e| e.upper).cloned().collect();
        self.before_blank = Some((closed, Arc::clone(&self.path)));
        self.rebuild();
    }

    /// The path the last blank row closed, while the first data row after
    /// it is read: that row may reopen it (`reopen`).
    pub(crate) fn closed_by_blank(&self) -> Option<Arc<[String]>> {
        self.before_blank.as_ref().map(|(_, path)| Arc::clone(path))
    }

    /// Reopens the captions the last blank row closed: the row being read
    /// names its concept only under them ("Diluted" below "Basic" with a
    /// spacer row between).
    /// The row is entered again under them, as if the blank were not there.
    pub(crate) fn reopen(&mut self, indent: u8, label: &str) {
        if let Some((entries, _)) = self.before_blank.take() {
            self.entries = entries;
            self.rebuild();
            self.enter_row(indent, label);
        }
    }

    fn rebuild(&mut self) {
        self.path = self.entries.iter().map(|e| e.caption.clone()).collect();
    }
}

/// The words before a caption's in a total name a part of it: "Total
/// current assets" totals the current part of "Assets", not all of them.
fn names_a_part(before: &str) -> bool {
    matches!(
        before.split_whitespace().last(),
        Some("current" | "noncurrent" | "non" | "term" | "other")
    )
}

/// Captions that open a part of the section above them rather than a new
/// section: "Adjustments to reconcile net income…", "Changes in operating
/// assets and liabilities".
fn is_sub_caption(caption: &str) -> bool {
    let k = key(caption);
    k.starts_with("changes in ") || k.starts_with("adjustments to ") || k.starts_with("of which")
}

/// A caption written in capitals ("ASSETS", "LIABILITIES AND EQUITY").
pub(crate) fn is_upper_case(text: &str) -> bool {
    let mut letters = text.chars().filter(|c| c.is_alphabetic()).peekable();
    letters.peek().is_some()
        && text.chars().filter(|c| c.is_alphabetic()).count() >= 2
        && letters.all(char::is_uppercase)
}

/// An upper-case caption that is a name, not a heading written in capitals:
/// one word of at most five letters ("AWS", "UCAN", "EMEA", "U.S."), a
/// segment or region among mixed-case siblings ("North America",
/// "International"). It is their sibling, not the section above them.
fn is_name(caption: &str) -> bool {
    !caption.contains(char::is_whitespace)
        && caption.chars().filter(|c| c.is_alphabetic()).count() <= 5
}

/// Lower-case words joined by single spaces, for comparing captions and totals.
fn key(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(char::to_lowercase));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(stack: &SectionStack) -> Vec<String> {
        stack.path().to_vec()
    }

    #[test]
    fn nests_under_upper_case_and_closes_on_totals() {
        let mut s = SectionStack::new(true);
        s.caption("ASSETS", 0);
        s.caption("Current assets:", 0);
        s.enter_row(1, "Cash");
        assert_eq!(path(&s), ["ASSETS", "Current assets"]);
        s.enter_row(1, "Total current assets");
        assert_eq!(path(&s), ["ASSETS", "Current assets"]);
        s.leave_row();
        assert_eq!(path(&s), ["ASSETS"]);
        s.enter_row(0, "Goodwill");
        assert_eq!(path(&s), ["ASSETS"]);
        s.caption("LIABILITIES AND STOCKHOLDERS' EQUITY", 0);
        assert_eq!(path(&s), ["LIABILITIES AND STOCKHOLDERS' EQUITY"]);
    }

    #[test]
    fn a_total_of_a_part_does_not_close_the_whole() {
        let mut s = SectionStack::new(false);
        s.caption("Assets", 0);
        s.enter_row(0, "Cash");
        s.enter_row(0, "Total current assets");
        s.leave_row();
        s.enter_row(0, "Property, plant, and equipment");
        assert_eq!(path(&s), ["Assets"]);
        s.enter_row(0, "Total assets");
        assert_eq!(path(&s), ["Assets"]);
        s.leave_row();
        assert!(path(&s).is_empty());
    }

    #[test]
    fn indentation_closes_sections() {
        let mut s = SectionStack::new(true);
        s.caption("Operating activities:", 0);
        s.enter_row(1, "Net income");
        s.caption("Changes in operating assets and liabilities:", 1);
        assert_eq!(
            path(&s),
            [
                "Operating activities",
                "Changes in operating assets and liabilities"
            ]
        );
        s.enter_row(2, "Inventories");
        s.enter_row(1, "Other");
        assert_eq!(path(&s), ["Operating activities"]);
        s.enter_row(0, "Effect of exchange rates");
        assert!(path(&s).is_empty());
    }

    #[test]
    fn a_short_word_in_capitals_is_a_sibling_name_not_a_heading() {
        // Amazon's segment note: "North America", "International", "AWS",
        // "Consolidated", none indented.
        let mut s = SectionStack::new(false);
        s.caption("International", 0);
        s.enter_row(0, "Net sales");
        s.caption("AWS", 0);
        s.enter_row(0, "Net sales");
        assert_eq!(path(&s), ["AWS"]);
        s.caption("Consolidated", 0);
        s.enter_row(0, "Net sales");
        assert_eq!(path(&s), ["Consolidated"], "not nested in AWS");
        // A heading in capitals still opens a section the others nest in.
        s.caption("LIABILITIES", 0);
        s.caption("Current liabilities:", 0);
        assert_eq!(path(&s), ["LIABILITIES", "Current liabilities"]);
    }

    #[test]
    fn without_indentation_captions_replace_each_other_and_blanks_close() {
        let mut s = SectionStack::new(false);
        s.caption("Revenues:", 0);
        s.enter_row(0, "Products");
        assert_eq!(path(&s), ["Revenues"]);
        s.enter_row(0, "Total");
        s.leave_row();
        assert!(
            path(&s).is_empty(),
            "a bare total closes the innermost caption"
        );
        s.caption("Costs and expenses:", 0);
        assert_eq!(path(&s), ["Costs and expenses"]);
        s.enter_row(0, "Total revenue");
        s.leave_row();
        assert_eq!(
            path(&s),
            ["Costs and expenses"],
            "a total of something else closes nothing"
        );
        s.blank();
        assert!(path(&s).is_empty());
    }

    #[test]
    fn a_caption_keeps_unindented_children_until_a_sibling() {
        let mut s = SectionStack::new(true);
        s.caption("Costs and expenses:", 0);
        s.enter_row(1, "Cost of revenue");
        s.enter_row(0, "Operating income");
        assert!(
            path(&s).is_empty(),
            "indented children were seen: a row at 0 is a sibling"
        );
        s.caption("Earnings per share:", 0);
        s.enter_row(0, "Basic");
        s.enter_row(0, "Diluted");
        assert_eq!(
            path(&s),
            ["Earnings per share"],
            "children at the caption's own indent"
        );
    }

    #[test]
    fn subtotals_close_the_outer_caption_they_name() {
        let mut s = SectionStack::new(false);
        s.caption("Operating activities:", 0);
        s.enter_row(0, "Net income");
        s.caption("Changes in operating assets and liabilities:", 0);
        assert_eq!(
            path(&s),
            [
                "Operating activities",
                "Changes in operating assets and liabilities"
            ],
            "reconciling sub-captions nest even without indentation"
        );
        s.enter_row(0, "Cash generated by operating activities");
        assert_eq!(path(&s), ["Operating activities"]);
        s.leave_row();
        assert!(path(&s).is_empty());
        s.caption("Revenue:", 0);
        s.enter_row(0, "Product revenue");
        s.leave_row();
        assert_eq!(
            path(&s),
            ["Revenue"],
            "an item naming the caption is not its total"
        );
    }

    #[test]
    fn upper_case() {
        assert!(is_upper_case("ASSETS"));
        assert!(is_upper_case("LIABILITIES AND STOCKHOLDERS' EQUITY"));
        assert!(!is_upper_case("Current assets:"));
        assert!(!is_upper_case("A"));
        assert!(!is_upper_case("2024"));
    }
}
