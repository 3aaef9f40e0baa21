//! The section path of each row: the captions ("ASSETS", "Current assets:",
//! "Operating expenses:") a row sits under, outermost first.
//!
//! Rules (docs/labeling.md):
//! - An upper-case caption ("ASSETS", "LIABILITIES AND STOCKHOLDERS' EQUITY")
//!   opens a top-level section and closes every other one.
//! - Another caption opens a section nested in the upper-case one. When the
//!   table shows indentation, it closes open captions at its own indent or
//!   deeper; without indentation, captions do not nest and it replaces the
//!   previous one.
//! - A row at or left of a caption's indent closes that caption (tables with
//!   indentation only).
//! - A total row ("Total current assets", or "Total" alone) belongs to the
//!   innermost caption it names and closes it.
//! - A blank row closes every caption except upper-case ones.

use std::sync::Arc;

#[derive(Debug, Clone)]
struct Entry {
    caption: String,
    key: String,
    indent: u8,
    upper: bool,
}

/// The open sections while walking a table's rows top to bottom.
#[derive(Debug)]
pub(crate) struct SectionStack {
    entries: Vec<Entry>,
    uses_indent: bool,
    path: Arc<[String]>,
}

impl SectionStack {
    /// `uses_indent`: whether any row label of the table is indented.
    pub(crate) fn new(uses_indent: bool) -> SectionStack {
        SectionStack {
            entries: Vec::new(),
            uses_indent,
            path: Arc::from(Vec::new()),
        }
    }

    /// The current path, outermost first (cheap to clone).
    pub(crate) fn path(&self) -> Arc<[String]> {
        Arc::clone(&self.path)
    }

    /// A caption row opens a section.
    pub(crate) fn caption(&mut self, text: &str, indent: u8) {
        let caption = text.trim().trim_end_matches(':').trim().to_string();
        let upper = is_upper_case(&caption);
        if upper {
            self.entries.clear();
        } else if self.uses_indent {
            self.entries.retain(|e| e.upper || e.indent < indent);
        } else {
            self.entries.retain(|e| e.upper);
        }
        self.entries.push(Entry {
            key: key(&caption),
            caption,
            indent,
            upper,
        });
        self.rebuild();
    }

    /// Before a data row: close captions the row's indent steps out of.
    pub(crate) fn enter_row(&mut self, indent: u8) {
        if !self.uses_indent {
            return;
        }
        let before = self.entries.len();
        self.entries.retain(|e| e.upper || e.indent < indent);
        if self.entries.len() != before {
            self.rebuild();
        }
    }

    /// True when the row label is the total of the innermost open caption.
    pub(crate) fn is_total_of_innermost(&self, label: &str) -> bool {
        let Some(last) = self.entries.last() else {
            return false;
        };
        let starts_with_total = label
            .trim_start()
            .get(..5)
            .is_some_and(|w| w.eq_ignore_ascii_case("total"));
        if !starts_with_total {
            return false;
        }
        let label = key(label);
        let Some(rest) = label.strip_prefix("total") else {
            return false;
        };
        let rest = rest.trim();
        rest.is_empty() || rest == last.key || (!last.key.is_empty() && rest.contains(&last.key))
    }

    /// After a data row: a total closes the caption it totals.
    pub(crate) fn leave_row(&mut self, label: &str) {
        if self.is_total_of_innermost(label) {
            self.entries.pop();
            self.rebuild();
        }
    }

    /// A blank row closes all but upper-case captions.
    pub(crate) fn blank(&mut self) {
        let before = self.entries.len();
        self.entries.retain(|e| e.upper);
        if self.entries.len() != before {
            self.rebuild();
        }
    }

    fn rebuild(&mut self) {
        self.path = self.entries.iter().map(|e| e.caption.clone()).collect();
    }
}

/// A caption written in capitals ("ASSETS", "LIABILITIES AND EQUITY").
pub(crate) fn is_upper_case(text: &str) -> bool {
    let mut letters = text.chars().filter(|c| c.is_alphabetic()).peekable();
    letters.peek().is_some()
        && text.chars().filter(|c| c.is_alphabetic()).count() >= 2
        && letters.all(char::is_uppercase)
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
        s.enter_row(1);
        assert_eq!(path(&s), ["ASSETS", "Current assets"]);
        s.enter_row(1);
        assert!(s.is_total_of_innermost("Total current assets"));
        s.leave_row("Total current assets");
        assert_eq!(path(&s), ["ASSETS"]);
        s.enter_row(0);
        assert_eq!(path(&s), ["ASSETS"]);
        s.caption("LIABILITIES AND STOCKHOLDERS' EQUITY", 0);
        assert_eq!(path(&s), ["LIABILITIES AND STOCKHOLDERS' EQUITY"]);
    }

    #[test]
    fn indentation_closes_sections() {
        let mut s = SectionStack::new(true);
        s.caption("Operating activities:", 0);
        s.enter_row(1);
        s.caption("Changes in operating assets and liabilities:", 1);
        assert_eq!(
            path(&s),
            [
                "Operating activities",
                "Changes in operating assets and liabilities"
            ]
        );
        s.enter_row(2);
        s.enter_row(1);
        assert_eq!(path(&s), ["Operating activities"]);
        s.enter_row(0);
        assert!(path(&s).is_empty());
    }

    #[test]
    fn without_indentation_captions_replace_each_other_and_blanks_close() {
        let mut s = SectionStack::new(false);
        s.caption("Revenues:", 0);
        s.enter_row(0);
        assert_eq!(path(&s), ["Revenues"]);
        assert!(s.is_total_of_innermost("Total"));
        s.caption("Costs and expenses:", 0);
        assert_eq!(path(&s), ["Costs and expenses"]);
        s.blank();
        assert!(path(&s).is_empty());
        assert!(!s.is_total_of_innermost("Total revenue"));
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
