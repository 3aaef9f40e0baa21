//! The terminal a human format is written for: how wide a line may be,
//! whether to colour, and the few operations the human writers need from
//! those — fitting text to the width (word wrap with a hanging indent,
//! truncation with an ellipsis), measured by display width, never bytes —
//! and painting text the way compiler diagnostics are painted.
//!
//! The width is `COLUMNS` when it is set to a whole number; else the
//! terminal's width when the stream (standard output; standard error for
//! `batch`'s summary) is a terminal; else none: output
//! piped into a file or another program is not fitted to any width, so no
//! label is cut and no message is broken (a file is for reading in full and
//! for grep; `COLUMNS=100 tickmark … > file` fits it on purpose). A width
//! below [`MIN_WIDTH`] is taken as [`MIN_WIDTH`].
//!
//! Colour follows `--color`: `always`, `never`, or `auto` (the default),
//! which colours only a terminal and respects `NO_COLOR` (set and not empty:
//! no colour), `CLICOLOR=0` and `CLICOLOR_FORCE` the way the rest of the
//! Rust command-line ecosystem does (anstream's rules, which clap uses too).
//!
//! Words are never broken: a single word longer than the width (a long
//! path or reference) stays whole on its own line, so it can still be
//! copied.

use std::borrow::Cow;

use anstyle::{AnsiColor, Style};
use unicode_width::UnicodeWidthStr;

/// The narrowest width output is fitted to; a smaller `COLUMNS` is read as
/// this.
pub const MIN_WIDTH: usize = 40;

/// When to colour (`--color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// Colour a terminal, unless `NO_COLOR` is set (or `CLICOLOR=0`);
    /// colour anything when `CLICOLOR_FORCE` is set.
    #[default]
    Auto,
    /// Always colour, whatever the environment says.
    Always,
    /// Never colour.
    Never,
}

/// The width and colour one output stream is written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Term {
    width: Option<usize>,
    color: bool,
}

impl Default for Term {
    fn default() -> Self {
        Term::PLAIN
    }
}

/// Styles of the parts of a diagnostic, after rustc's.
pub mod style {
    use super::*;

    /// `reanswer[…]` and `error[…]`: red bold.
    pub const ERROR: Style = AnsiColor::Red.on_default().bold();
    /// `review[…]`, `recite[…]` and `warning:`: yellow bold.
    pub const WARNING: Style = AnsiColor::Yellow.on_default().bold();
    /// `accept`: green bold.
    pub const ACCEPT: Style = AnsiColor::Green.on_default().bold();
    /// `= note:`: green bold.
    pub const NOTE: Style = AnsiColor::Green.on_default().bold();
    /// `= help:`: cyan bold.
    pub const HELP: Style = AnsiColor::Cyan.on_default().bold();
    /// The `-->` arrow and the excerpt's gutter: blue bold.
    pub const GUTTER: Style = AnsiColor::Blue.on_default().bold();
    /// A diagnostic's subject and a table's header: bold.
    pub const BOLD: Style = Style::new().bold();
}

impl Term {
    /// No width limit, no colour: what a library caller or a file gets.
    pub const PLAIN: Term = Term {
        width: None,
        color: false,
    };

    /// A terminal of `width` columns (none: unbounded), coloured or not.
    pub fn new(width: Option<usize>, color: bool) -> Term {
        Term {
            width: width.map(|w| w.max(MIN_WIDTH)),
            color,
        }
    }

    /// Standard output's width and colour under `choice`.
    pub fn stdout(choice: ColorChoice) -> Term {
        let stdout = std::io::stdout();
        let width = columns()
            .or_else(|| terminal_size::terminal_size_of(&stdout).map(|(w, _)| usize::from(w.0)));
        Term::new(width, colour(choice, &stdout))
    }

    /// Standard error's width and colour under `choice`, by the same rules
    /// (`batch` writes its summary there).
    pub fn stderr(choice: ColorChoice) -> Term {
        let stderr = std::io::stderr();
        let width = columns()
            .or_else(|| terminal_size::terminal_size_of(&stderr).map(|(w, _)| usize::from(w.0)));
        Term::new(width, colour(choice, &stderr))
    }

    /// The most columns a line may take, if any.
    pub fn width(&self) -> Option<usize> {
        self.width
    }

    /// Whether escapes are written.
    pub fn color(&self) -> bool {
        self.color
    }

    /// `text` in `style` when colouring, else `text` as it is.
    pub fn paint<'a>(&self, style: Style, text: &'a str) -> Cow<'a, str> {
        if self.color && !text.is_empty() {
            format!("{}{text}{}", style.render(), style.render_reset()).into()
        } else {
            text.into()
        }
    }

    /// `text` as lines no wider than the width (escapes not counted), the
    /// first led by `first`, the others by `rest`; broken only between
    /// words. Unbounded: one line, `first` + `text`.
    pub fn wrap(&self, text: &str, first: &str, rest: &str) -> Vec<String> {
        let Some(width) = self.width else {
            return vec![format!("{first}{text}")];
        };
        let options = textwrap::Options::new(width)
            .initial_indent(first)
            .subsequent_indent(rest)
            .break_words(false)
            .word_separator(textwrap::WordSeparator::AsciiSpace)
            .word_splitter(textwrap::WordSplitter::NoHyphenation)
            .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit);
        let lines = textwrap::wrap(text, options);
        if lines.is_empty() {
            return vec![first.trim_end().to_string()];
        }
        lines.into_iter().map(Cow::into_owned).collect()
    }

    /// [`Term::wrap`] joined into one string with a line break after each
    /// line.
    pub fn wrapped(&self, text: &str, first: &str, rest: &str) -> String {
        let mut out = String::new();
        for line in self.wrap(text, first, rest) {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }
}

impl Term {
    /// Text written for no particular width, fitted line by line: a line
    /// wider than the width is wrapped between words, its continuations
    /// indented two columns past its own indent; the others are kept as
    /// they are (for reports whose writers do not lay out for a width).
    pub fn fit_lines(&self, text: &str) -> String {
        let Some(width) = self.width else {
            return text.to_string();
        };
        let mut out = String::with_capacity(text.len());
        for line in text.split_inclusive('\n') {
            let body = line.strip_suffix('\n').unwrap_or(line);
            if width_ansi(body) <= width {
                out.push_str(line);
                continue;
            }
            let indent = &body[..body.len() - body.trim_start().len()];
            let rest = format!("{indent}  ");
            out.push_str(&self.wrapped(body.trim_start(), indent, &rest));
        }
        out
    }
}

/// The columns of text that may hold escapes (which take none).
fn width_ansi(text: &str) -> usize {
    textwrap::core::display_width(text)
}

/// `COLUMNS` when it holds a whole number above zero.
fn columns() -> Option<usize> {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|c| *c > 0)
}

fn colour<S: anstream::stream::RawStream>(choice: ColorChoice, stream: &S) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => anstream::AutoStream::choice(stream) != anstream::ColorChoice::Never,
    }
}

/// The columns `text` takes on a terminal (wide characters count two,
/// combining marks none).
pub fn width(text: &str) -> usize {
    text.width()
}

/// `text` cut to at most `max` columns, ending in `…` when it was cut.
pub fn truncate(text: &str, max: usize) -> Cow<'_, str> {
    if width(text) <= max {
        return text.into();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > max {
            break;
        }
        used += w;
        out.push(c);
    }
    out.truncate(out.trim_end().len());
    out.push('…');
    out.into()
}

/// `text` padded with spaces to `columns` (left-aligned), by display width.
pub fn pad_right(text: &str, columns: usize) -> String {
    let mut out = text.to_string();
    out.push_str(&" ".repeat(columns.saturating_sub(width(text))));
    out
}

/// `text` padded with spaces to `columns` (right-aligned), by display width.
pub fn pad_left(text: &str, columns: usize) -> String {
    let mut out = " ".repeat(columns.saturating_sub(width(text)));
    out.push_str(text);
    out
}

/// Shrinks `widths` until they sum to at most `budget`: the widest of the
/// columns that may shrink (`flexible`) loses a column at a time, none
/// going below its `floor`. Returns whether they fit.
pub fn shrink_to(widths: &mut [usize], floors: &[usize], flexible: &[bool], budget: usize) -> bool {
    loop {
        let total: usize = widths.iter().sum();
        if total <= budget {
            return true;
        }
        let widest = widths
            .iter()
            .enumerate()
            .filter(|(i, w)| {
                flexible.get(*i).copied().unwrap_or(false)
                    && **w > floors.get(*i).copied().unwrap_or(0)
            })
            .max_by_key(|(i, w)| (**w, std::cmp::Reverse(*i)))
            .map(|(i, _)| i);
        match widest.and_then(|i| widths.get_mut(i)) {
            Some(w) => *w -= 1,
            None => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_breaks_between_words_with_a_hanging_indent() {
        let term = Term::new(Some(40), false);
        let lines = term.wrap(
            "the claim states $490 million, but acme.xlsx#IS!B11 holds 588 million (588,000,000)",
            "  ",
            "    ",
        );
        assert!(lines.len() > 1, "{lines:?}");
        for line in &lines {
            assert!(width(line) <= 40, "{line:?}");
        }
        assert!(lines.iter().skip(1).all(|l| l.starts_with("    ")));
        let words: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
        assert_eq!(
            words.join(" "),
            "the claim states $490 million, but acme.xlsx#IS!B11 holds 588 million (588,000,000)"
        );
    }

    #[test]
    fn a_word_longer_than_the_width_is_kept_whole() {
        let term = Term::new(Some(40), false);
        let long = "samples/a-very-long-folder-name/another-folder/acme.xlsx#IS!B7";
        let lines = term.wrap(&format!("see {long} here"), "", "  ");
        assert!(lines.iter().any(|l| l.trim() == long), "{lines:?}");
        // Near miss: hyphens are not break points either.
        let lines = term.wrap("acme-pointers-and-more-pointers-and-more-words", "", "");
        assert_eq!(lines.len(), 1, "{lines:?}");
    }

    #[test]
    fn unbounded_output_is_one_line() {
        let text = "word ".repeat(100);
        assert_eq!(Term::PLAIN.wrap(&text, "  ", "    ").len(), 1);
    }

    #[test]
    fn fitting_lines_wraps_only_the_long_ones_under_their_indent() {
        let text = format!("short\n  {}\nlast\n", "word ".repeat(20).trim_end());
        let fitted = Term::new(Some(40), false).fit_lines(&text);
        let lines: Vec<&str> = fitted.lines().collect();
        assert_eq!(lines.first(), Some(&"short"));
        assert_eq!(lines.last(), Some(&"last"));
        assert!(lines.len() > 3, "{fitted}");
        assert!(lines[1].starts_with("  word") && lines[2].starts_with("    word"));
        assert!(lines.iter().all(|l| width(l) <= 40), "{fitted}");
        // Near miss: unbounded, nothing changes.
        assert_eq!(Term::PLAIN.fit_lines(&text), text);
    }

    #[test]
    fn a_width_below_the_minimum_is_the_minimum() {
        assert_eq!(Term::new(Some(10), false).width(), Some(MIN_WIDTH));
        assert_eq!(Term::new(None, false).width(), None);
    }

    #[test]
    fn truncation_counts_display_width_and_ends_in_an_ellipsis() {
        assert_eq!(truncate("Revenue", 10), "Revenue");
        assert_eq!(
            truncate("Selling, general and administrative", 12),
            "Selling, ge…"
        );
        // Wide characters take two columns each.
        let cut = truncate("売上高売上高売上高", 7);
        assert!(width(&cut) <= 7, "{cut}");
        assert!(cut.ends_with('…'));
    }

    #[test]
    fn painting_writes_escapes_only_when_colouring() {
        let on = Term::new(None, true);
        assert!(on.paint(style::ERROR, "reanswer").contains("\u{1b}["));
        assert_eq!(Term::PLAIN.paint(style::ERROR, "reanswer"), "reanswer");
        // Escapes do not count toward the width.
        let painted = on.paint(style::BOLD, "word").into_owned();
        let lines =
            Term::new(Some(40), true).wrap(&format!("{painted} {}", "x ".repeat(18)), "", "");
        assert_eq!(lines.len(), 1, "{lines:?}");
    }

    #[test]
    fn shrinking_takes_from_the_widest_flexible_column() {
        let mut widths = [4, 36, 19, 38, 10];
        let fits = shrink_to(
            &mut widths,
            &[4, 8, 19, 8, 10],
            &[false, true, false, true, false],
            80,
        );
        assert!(fits);
        assert_eq!(widths.iter().sum::<usize>(), 80);
        assert_eq!(widths, [4, 23, 19, 24, 10]);
        // Near miss: floors that cannot fit say so.
        let mut widths = [40, 40];
        assert!(!shrink_to(&mut widths, &[30, 30], &[true, true], 50));
        assert_eq!(widths, [30, 30]);
    }
}
