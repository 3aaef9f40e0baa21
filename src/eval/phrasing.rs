//! How the external study writes an operand's role, as an outsider would,
//! from a dataset table's raw rows — never from tickmark's labels or
//! vocabulary. Four phrasings:
//!
//! | phrasing | example |
//! |---|---|
//! | `label+header` | "Trade receivables, As at 31 December 2019" |
//! | `section+label+header` | "Current assets, Trade receivables, As at 31 December 2019" |
//! | `label+period` | "Trade receivables, FY2019" (the header's year as an analyst writes it, its other words kept) |
//! | `question` | "trade receivables in 2019" (the question's own words for the line) |
//!
//! The header of a column is every header row's text above it, top to
//! bottom, as a reader sees the table: a header cell spans the empty cells
//! to its right (a flattened merged cell), a year printed with a footnote
//! mark ("2018 (4)") or with spaced digits ("2 0 1 8") is a year. Header
//! rows are the rows above the first row with a label and an amount that is
//! not such a year.
//!
//! A careful writer names a line so that it is one line: where two rows of
//! the table would get the same role in a phrasing (two "Total" rows), the
//! phrasing adds the row's section; where that does not tell them apart
//! either, no correct role can be written in that phrasing and the trace is
//! excluded from it (counted).

use std::sync::LazyLock;

use regex::Regex;

use crate::vocab::normalize_label;

/// A way of writing an operand's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phrasing {
    /// The row label and the column header.
    LabelHeader,
    /// The section caption, the row label and the column header.
    SectionLabelHeader,
    /// The row label, the header's other words, and its period as an
    /// analyst writes it ("FY2019", "as of December 31, 2019").
    LabelPeriod,
    /// The question's own words for the line, and the period.
    Question,
}

impl Phrasing {
    /// Every phrasing, in report order.
    pub const ALL: [Phrasing; 4] = [
        Phrasing::LabelHeader,
        Phrasing::SectionLabelHeader,
        Phrasing::LabelPeriod,
        Phrasing::Question,
    ];

    /// The name reports use.
    pub fn name(self) -> &'static str {
        match self {
            Phrasing::LabelHeader => "label+header",
            Phrasing::SectionLabelHeader => "section+label+header",
            Phrasing::LabelPeriod => "label+period",
            Phrasing::Question => "question",
        }
    }
}

/// A dataset table read as a reader reads it: row labels, column headers,
/// sections.
#[derive(Debug, Clone)]
pub struct RawTable {
    /// The rows as the dataset wrote them.
    rows: Vec<Vec<String>>,
    /// Rows above the first data row.
    header_rows: usize,
    /// Per column, its header text (header rows stacked, spans carried).
    headers: Vec<String>,
    /// Header blocks repeated below the data: the first row each heads,
    /// and its headers.
    blocks: Vec<(usize, Vec<String>)>,
    /// Per row, the caption above it (a labeled row without amounts, below
    /// the header), if any.
    sections: Vec<Option<String>>,
}

static YEAR_CELL: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"^(?:fy\s?)?(?:19|20)\d{2}\s*(?:\(\s*[a-z0-9]{1,3}\s*\)|\*+|[a-z])?$").ok()
});
static SPACED_DIGITS: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"\b(\d) (\d) (\d) (\d)\b").ok());
static YEAR: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(r"\b((?:19|20)\d{2})\b").ok());
static MONTH_DAY: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s*(\d{1,2})\b|\b(\d{1,2})\s+(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b").ok()
});

/// The row's only header text, when it sits right of column `c` over a run
/// of sub-headers that reaches `c`.
fn centred(row: &[String], last: Option<&Vec<String>>, c: usize) -> Option<String> {
    let filled: Vec<usize> = (1..row.len())
        .filter(|&k| row.get(k).is_some_and(|t| !t.trim().is_empty()))
        .collect();
    let [k] = filled.as_slice() else {
        return None;
    };
    let last = last?;
    // The run is of one kind: a header over sub-headers that are no years
    // ("Percent Change" over "Actual | Constant") does not reach a year's
    // column beside them ("2019"); one over years spans the years.
    let year_at = |j: usize| last.get(j).is_some_and(|t| is_year_cell(t));
    let one_kind = year_at(*k) || !(c..=*k).any(year_at);
    ((c..=*k).all(|j| last.get(j).is_some_and(|t| !t.trim().is_empty())) && c < *k && one_kind)
        .then(|| unspace(row.get(*k).map_or("", |t| t.trim())))
}

/// A header cut mid-phrase: it ends with a word that needs one after it.
fn ends_mid_phrase(text: &str) -> bool {
    let last = text
        .trim_end()
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_lowercase();
    matches!(
        last.as_str(),
        "of" | "at"
            | "for"
            | "to"
            | "and"
            | "the"
            | "in"
            | "by"
            | "from"
            | "on"
            | "ended"
            | "ending"
    )
}

/// Spaced digits read as the number they are ("2 0 1 8" → "2018").
fn unspace(text: &str) -> String {
    match SPACED_DIGITS.as_ref() {
        Some(re) => re.replace_all(text, "$1$2$3$4").into_owned(),
        None => text.to_string(),
    }
}

/// A header cell that is a year ("2019", "2018 (4)", "FY2019").
fn is_year_cell(text: &str) -> bool {
    let t = unspace(text.trim()).to_lowercase();
    YEAR_CELL.as_ref().is_some_and(|re| re.is_match(&t))
}

/// An amount cell: digits, with separators, signs, parentheses, units.
fn is_amount(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty()
        && t.chars().any(|c| c.is_ascii_digit())
        && crate::number::parse_amount(t).is_some()
}

/// The column headers of one header block: its rows stacked, spans carried.
fn stack_headers(block: &[Vec<String>], width: usize) -> Vec<String> {
    let last_header = block.last();
    let mut headers = vec![String::new(); width];
    for row in block {
        let mut carried: Option<(String, bool, bool)> = None;
        for (c, slot) in headers.iter_mut().enumerate().skip(1) {
            let cell = row.get(c).map_or("", |s| s.trim());
            // An amount in a header row ("$ 11800") is a value the
            // flattening put there, not words a reader names a column by.
            let cell =
                if is_amount(cell) && !is_year_cell(cell) && !cell.chars().any(char::is_alphabetic)
                {
                    ""
                } else {
                    cell
                };
            // A header spans the empty cells to its right when they head
            // columns of their own below (a merged cell flattened), and
            // not when it is cut mid-phrase ("Balance at Beginning of" /
            // "Period"), which is one column's header on two lines.
            let below = last_header
                .and_then(|r| r.get(c))
                .is_some_and(|t| !t.trim().is_empty());
            // "Year Ended" over dates spans them: each date completes it.
            let dated_below = last_header
                .and_then(|r| r.get(c))
                .is_some_and(|t| YEAR.as_ref().is_some_and(|re| re.is_match(t)));
            // A header over sub-headers that are no years does not carry onto
            // a year's column ("Percent Change" over "Actual | Constant" is
            // not over "2018" beside them).
            let year_below = last_header
                .and_then(|r| r.get(c))
                .is_some_and(|t| is_year_cell(t));
            let text = if cell.is_empty() {
                match &carried {
                    Some((t, mid, over_year))
                        if below && (!mid || dated_below) && (*over_year || !year_below) =>
                    {
                        t.clone()
                    }
                    Some(_) => String::new(),
                    // A centred header flattened into a later column of
                    // its run: the row's only text, over sub-headers
                    // reaching this column.
                    None => centred(row, last_header, c).unwrap_or_default(),
                }
            } else {
                let t = unspace(cell);
                carried = Some((t.clone(), ends_mid_phrase(&t), year_below));
                t
            };
            if !text.is_empty() {
                if !slot.is_empty() {
                    slot.push(' ');
                }
                slot.push_str(&text);
            }
        }
    }
    headers
}

/// A normalized role without its footnote marks: a one- or two-digit
/// number written right after a word ("foreign(2)" normalized "foreign 2").
fn without_marks(key: &str) -> String {
    let words: Vec<&str> = key.split(' ').collect();
    let kept: Vec<&str> = words
        .iter()
        .enumerate()
        .filter(|(i, w)| {
            let mark = w.len() <= 2 && w.chars().all(|c| c.is_ascii_digit());
            !(mark && *i > 0)
        })
        .map(|(_, w)| *w)
        .collect();
    kept.join(" ")
}

/// A cell holding only a dash: a nil amount as reports print it.
fn is_dash(text: &str) -> bool {
    let t = text.trim().trim_start_matches('$').trim();
    !t.is_empty() && t.chars().all(|c| matches!(c, '-' | '–' | '—'))
}

impl RawTable {
    /// Reads a table's raw rows.
    pub fn new(rows: &[Vec<String>]) -> RawTable {
        // The dataset writes a null cell as "None".
        let rows: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|c| {
                        if c.trim() == "None" {
                            String::new()
                        } else {
                            c.clone()
                        }
                    })
                    .collect()
            })
            .collect();
        let rows = rows.as_slice();
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let data_row = |r: &[String]| {
            r.first().is_some_and(|l| !l.trim().is_empty())
                && r.iter().skip(1).any(|f| is_amount(f) && !is_year_cell(f))
        };
        let first_data = rows.iter().position(|r| data_row(r)).unwrap_or(0);
        // Rows right above the data holding only a label are captions
        // ("2019:" over a block of quarters), not header rows.
        let only_label = |r: &[String]| {
            let filled: Vec<&str> = r
                .iter()
                .map(|f| f.trim())
                .filter(|f| !f.is_empty())
                .collect();
            (r.first().is_some_and(|l| !l.trim().is_empty())
                && r.iter().skip(1).all(|f| f.trim().is_empty()))
                // A caption written in a value column ("Consolidated
                // Statements of Operations Data:").
                || matches!(filled.as_slice(), [one] if one.ends_with(':'))
        };
        let mut header_rows = first_data;
        while header_rows > 0 && rows.get(header_rows - 1).is_some_and(|r| only_label(r)) {
            header_rows -= 1;
        }
        let headers = stack_headers(rows.get(..header_rows).unwrap_or(&[]), width);
        // A header repeated below the data ("(In Millions) | Dec 30, 2017 |
        // Acquisitions", or "As of December 31, 2018" over "Amortized |
        // Unrealized") heads the rows under it, as a reader reads it.
        let top_last = header_rows.checked_sub(1).and_then(|i| rows.get(i));
        let repeats_top = |row: &[String]| {
            let Some(top) = top_last else { return false };
            let same = row
                .iter()
                .zip(top.iter())
                .skip(1)
                .filter(|(a, b)| !a.trim().is_empty() && a.trim().eq_ignore_ascii_case(b.trim()))
                .count();
            let stub = |r: &[String]| r.first().map(|s| s.trim().to_lowercase());
            let same_stub = stub(row).is_some_and(|s| !s.is_empty()) && stub(row) == stub(top);
            same >= 2 || (same_stub && same >= 1)
        };
        let no_amount =
            |row: &[String]| !row.iter().skip(1).any(|f| is_amount(f) && !is_year_cell(f));
        let mut blocks: Vec<(usize, Vec<String>)> = Vec::new();
        let mut in_block = vec![false; rows.len()];
        let mut r = header_rows;
        while r < rows.len() {
            let run_end = (r..rows.len())
                .take_while(|&i| rows.get(i).is_some_and(|row| no_amount(row)))
                .last();
            match run_end {
                Some(end)
                    if r > header_rows && rows.get(end).is_some_and(|row| repeats_top(row)) =>
                {
                    let block = rows.get(r..=end).unwrap_or(&[]);
                    blocks.push((end + 1, stack_headers(block, width)));
                    for slot in in_block.iter_mut().take(end + 1).skip(r) {
                        *slot = true;
                    }
                    r = end + 1;
                }
                Some(end) => r = end + 1,
                None => r += 1,
            }
        }
        let mut sections = vec![None; rows.len()];
        let _ = first_data;
        let mut caption: Option<String> = None;
        for (r, row) in rows.iter().enumerate().skip(header_rows) {
            if in_block.get(r).copied().unwrap_or(false) {
                caption = None;
                continue;
            }
            let label = row.first().map_or("", |s| s.trim());
            // A row of dashes is a line with nothing in it ("Tax Fees | — |
            // —"), not a caption over the rows below.
            let has_amount = row.iter().skip(1).any(|f| is_amount(f) || is_dash(f));
            if label.is_empty() && !has_amount {
                caption = None;
                continue;
            }
            if !has_amount {
                caption = Some(label.trim_end_matches(':').to_string());
                continue;
            }
            if let Some(slot) = sections.get_mut(r) {
                slot.clone_from(&caption);
            }
            // A total closes the block it totals: the rows after "Total
            // adjustments" are not adjustments.
            if label.to_lowercase().starts_with("total") {
                caption = None;
            }
        }
        RawTable {
            rows: rows.to_vec(),
            header_rows,
            headers,
            blocks,
            sections,
        }
    }

    /// The row label the dataset prints.
    pub fn label(&self, row: usize) -> &str {
        self.rows
            .get(row)
            .and_then(|r| r.first())
            .map_or("", |s| s.trim())
    }

    /// The column's header as a reader reads it, over the top rows.
    pub fn header(&self, col: usize) -> &str {
        self.headers.get(col).map_or("", String::as_str)
    }

    /// The header of cell (row, col): the nearest header block above it.
    pub fn header_at(&self, row: usize, col: usize) -> &str {
        let headers = self
            .blocks
            .iter()
            .rev()
            .find(|(from, _)| *from <= row)
            .map_or(&self.headers, |(_, h)| h);
        headers.get(col).map_or("", String::as_str)
    }

    /// The caption above a row, if any.
    pub fn section(&self, row: usize) -> Option<&str> {
        self.sections.get(row).and_then(|s| s.as_deref())
    }

    /// The role of cell (row, col), 0-based, in a phrasing; `None` when no
    /// role in that phrasing tells the cell from another of the table.
    pub fn role(
        &self,
        phrasing: Phrasing,
        row: usize,
        col: usize,
        question: &str,
    ) -> Option<String> {
        let own = self.write(phrasing, row, col, question, false);
        if self.unique(phrasing, row, col, question, &own, false) {
            return Some(own);
        }
        // A careful writer adds the section.
        let with_section = self.write(phrasing, row, col, question, true);
        self.unique(phrasing, row, col, question, &with_section, true)
            .then_some(with_section)
    }

    /// Whether no other amount cell of the table gets the same role.
    fn unique(
        &self,
        phrasing: Phrasing,
        row: usize,
        col: usize,
        question: &str,
        role: &str,
        section: bool,
    ) -> bool {
        // A footnote mark ("Foreign(2)") does not tell two lines apart to a
        // reader; a dash is a cell too (a nil amount the reader sees).
        let key = without_marks(&normalize_label(role));
        for (r, cells) in self.rows.iter().enumerate().skip(self.header_rows) {
            for (c, cell) in cells.iter().enumerate().skip(1) {
                if (r, c) == (row, col)
                    || !(is_amount(cell) || is_dash(cell))
                    || self.label(r).is_empty()
                {
                    continue;
                }
                if without_marks(&normalize_label(
                    &self.write(phrasing, r, c, question, section),
                )) == key
                {
                    return false;
                }
            }
        }
        true
    }

    fn write(
        &self,
        phrasing: Phrasing,
        row: usize,
        col: usize,
        question: &str,
        section: bool,
    ) -> String {
        let label = self.label(row);
        let header = self.header_at(row, col);
        let line = match (
            section || phrasing == Phrasing::SectionLabelHeader,
            self.section(row),
        ) {
            (true, Some(s)) => format!("{s}, {label}"),
            _ => label.to_string(),
        };
        let join = |a: String, b: &str| {
            if b.trim().is_empty() {
                a
            } else {
                format!("{a}, {}", b.trim())
            }
        };
        match phrasing {
            Phrasing::LabelHeader | Phrasing::SectionLabelHeader => join(line, header),
            Phrasing::LabelPeriod => {
                let (words, period) = analyst_period(header);
                join(join(line, &words), &period)
            }
            Phrasing::Question => {
                let line = question_words(question, &line).unwrap_or(line);
                let (words, period) = analyst_period(header);
                let words = question_words(question, &words).unwrap_or_default();
                let mut out = line;
                if !words.is_empty() {
                    out = format!("{out} {words}");
                }
                if !period.is_empty() {
                    out = format!("{out} in {period}");
                }
                out
            }
        }
    }
}

/// A header split into its words besides the period, and the period as an
/// analyst writes it: "FY2019" for a year, "as of December 31, 2019" for a
/// date without a span word, "2019 vs 2018" for two years; the header's own
/// words where it names a span of months.
fn analyst_period(header: &str) -> (String, String) {
    let Some(year) = YEAR.as_ref() else {
        return (header.to_string(), String::new());
    };
    let years: Vec<&str> = year.find_iter(header).map(|m| m.as_str()).collect();
    let lower = header.to_lowercase();
    let span = [
        "three months",
        "six months",
        "nine months",
        "quarter",
        "weeks",
    ]
    .iter()
    .any(|w| lower.contains(w));
    // No year: the header is no period ("More Than 5 Years", "1-3 years").
    if span || years.is_empty() {
        return if span {
            (String::new(), header.to_string())
        } else {
            (header.to_string(), String::new())
        };
    }
    // The words that are not the period: the header without years, dates,
    // "year(s) ended", "fiscal", "as of/at", comparison words, footnote
    // marks; whole words only ("International" keeps its "at").
    let mut rest = year.replace_all(header, " ").into_owned();
    let dated = MONTH_DAY.as_ref().and_then(|re| re.captures(header));
    if let Some(md) = MONTH_DAY.as_ref() {
        rest = md.replace_all(&rest, " ").into_owned();
    }
    let compares = [
        " vs", "versus", "compared", "change", " over ", "increase", "decrease",
    ]
    .iter()
    .any(|w| lower.contains(w));
    let drop: &[&str] = &[
        "fiscal years ended",
        "fiscal year ended",
        "years ended",
        "year ended",
        "year-ended",
        "fiscal",
        "fy",
        "as of",
        "as at",
        "at",
        "ended",
        "year",
        "years",
        "vs",
        "vs.",
        "over",
        "compared to",
        "compared with",
        "and",
    ];
    let mut rest_lower = format!(" {} ", rest.to_lowercase());
    for note in ["(in millions)", "(in thousands)"] {
        rest_lower = rest_lower.replace(note, " ");
    }
    for mark in [",", "(", ")", "/"] {
        rest_lower = rest_lower.replace(mark, " ");
    }
    rest_lower = rest_lower.split_whitespace().collect::<Vec<_>>().join(" ");
    rest_lower = format!(" {rest_lower} ");
    for d in drop {
        let word = format!(" {d} ");
        while rest_lower.contains(&word) {
            rest_lower = rest_lower.replace(&word, " ");
        }
    }
    let words: String = rest_lower
        .split_whitespace()
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit() || c == '*'))
        // Stray marks ("FY 2019 `") are no words; a currency sign is one.
        .filter(|w| {
            !w.chars()
                .all(|c| matches!(c, '`' | '\'' | '"' | '-' | '–' | '—' | '.'))
        })
        .collect::<Vec<_>>()
        .join(" ");
    let period = match years.as_slice() {
        [] => String::new(),
        [y] => {
            let spans = lower.contains("ended") || lower.contains("year");
            match dated {
                Some(d) if !spans => {
                    let (month, day) = match (d.get(1), d.get(2), d.get(3), d.get(4)) {
                        (Some(m), Some(day), _, _) => (m.as_str(), day.as_str()),
                        (_, _, Some(day), Some(m)) => (m.as_str(), day.as_str()),
                        _ => ("", ""),
                    };
                    format!("as of {month} {day}, {y}")
                }
                _ => format!("FY{y}"),
            }
        }
        // Two years compared ("2019 vs 2018", "Change 2018 over 2017"), else
        // a span of years as printed ("2021-2022": payments due then).
        [a, b, ..] if compares => format!("{a} vs {b}"),
        [..] => {
            return (String::new(), header.to_string());
        }
    };
    (words, period)
}

/// The question's own words for a line: the words of `line` that the
/// question uses, in the line's order. A little word ("of", "to", "for")
/// stays only between two kept words of the line ("outstanding for
/// diluted"), never stranded at an edge or alone ("to in FY2015"); `None`
/// when the question uses no other word of the line.
fn question_words(question: &str, line: &str) -> Option<String> {
    const LITTLE: &[&str] = &[
        "of", "to", "in", "and", "the", "by", "for", "from", "on", "at", "a", "an", "as", "or",
    ];
    let q: Vec<String> = normalize_label(question)
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let words: Vec<String> = normalize_label(line)
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let asked = |w: &str| q.iter().any(|x| x == w);
    let content = |i: usize| {
        words
            .get(i)
            .is_some_and(|w| !LITTLE.contains(&w.as_str()) && asked(w))
    };
    let mut out: Vec<&str> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let keep = if LITTLE.contains(&w.as_str()) {
            asked(w) && i > 0 && content(i - 1) && content(i + 1)
        } else {
            asked(w)
        };
        if keep && !out.contains(&w.as_str()) {
            out.push(w);
        }
    }
    (!out.is_empty()).then(|| out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: &[&[&str]]) -> RawTable {
        let rows: Vec<Vec<String>> = rows
            .iter()
            .map(|r| r.iter().map(|s| s.to_string()).collect())
            .collect();
        RawTable::new(&rows)
    }

    #[test]
    fn headers_span_and_stack_as_a_reader_reads_them() {
        let t = table(&[
            &["", "Domestic", "", "International", ""],
            &["", "2019", "2018 (4)", "2 0 1 9", "2018"],
            &["Discount rate", "3.1%", "4.0%", "1.5%", "2.0%"],
        ]);
        assert_eq!(t.header(2), "Domestic 2018 (4)");
        assert_eq!(t.header(3), "International 2019");
        assert_eq!(
            t.role(Phrasing::LabelHeader, 2, 4, "").as_deref(),
            Some("Discount rate, International 2018")
        );
        assert_eq!(
            t.role(Phrasing::LabelPeriod, 2, 1, "").as_deref(),
            Some("Discount rate, domestic, FY2019")
        );
    }

    #[test]
    fn the_analyst_period_keeps_whole_words_and_what_is_no_period() {
        let p = |h: &str| analyst_period(h);
        assert_eq!(
            p("International September 30, 2019"),
            ("international".into(), "as of September 30, 2019".into())
        );
        assert_eq!(
            p("More Than 5 Years"),
            ("More Than 5 Years".into(), String::new())
        );
        assert_eq!(p("2021-2022"), (String::new(), "2021-2022".into()));
        assert_eq!(
            p("Change 2018 over 2017"),
            ("change".into(), "2018 vs 2017".into())
        );
        assert_eq!(
            p("December31, 2019"),
            (String::new(), "as of December 31, 2019".into())
        );
        assert_eq!(p("FY 2019 `"), (String::new(), "FY2019".into()));
        assert_eq!(
            p("Fiscal Year Ended April 28, 2018"),
            (String::new(), "FY2018".into())
        );
    }

    #[test]
    fn a_year_ended_header_spans_the_dates_below_it() {
        let t = table(&[
            &["", "Fiscal Year Ended", ""],
            &["(Dollars in Millions)", "April 27, 2019", "April 28, 2018"],
            &["Revenues", "$1,073.3", "$1,095.0"],
        ]);
        assert_eq!(t.header(2), "Fiscal Year Ended April 28, 2018");
        let t = table(&[
            &["", "Balance at Beginning of", "", ""],
            &["", "Period", "Increase", "Balance at End of Period"],
            &["Accounts receivable", "1", "2", "3"],
        ]);
        assert_eq!(t.header(2), "Increase");
    }

    #[test]
    fn a_header_repeated_below_the_data_heads_the_rows_under_it() {
        let t = table(&[
            &[
                "(In Millions)",
                "Dec 29, 2018",
                "Acquisitions",
                "Dec 28, 2019",
            ],
            &["Total", "$24,513", "$1,825", "$26,276"],
            &[
                "(In Millions)",
                "Dec 30, 2017",
                "Acquisitions",
                "Dec 29, 2018",
            ],
            &["Total", "$24,389", "$162", "$24,513"],
        ]);
        assert_eq!(t.header_at(1, 1), "Dec 29, 2018");
        assert_eq!(t.header_at(3, 1), "Dec 30, 2017");
        assert_eq!(t.header_at(3, 3), "Dec 29, 2018");
        assert_eq!(t.section(3), None, "the repeat is no caption");
        // Near miss: a row of other texts below the data heads nothing.
        let t = table(&[
            &["", "2019", "2018"],
            &["Notional amount", "29,423", "77,630"],
            &["Maturity date", "30/7/2021~", "28/6/2019~"],
            &["", "11/4/2024", "8/12/2023"],
            &["Hedge rate", "2.10%", "1.60%"],
        ]);
        assert_eq!(t.header_at(4, 1), "2019");
    }

    #[test]
    fn a_header_over_other_sub_headers_does_not_reach_a_year_column() {
        let t = table(&[
            &["Year Ended May 31,", "", "", "", ""],
            &["", "", "", "Percent Change", ""],
            &[
                "(Dollars in millions)",
                "2019",
                "Actual",
                "Constant",
                "2018",
            ],
            &["Interest expense", "$2,082", "3%", "3%", "$2,025"],
        ]);
        assert_eq!(t.header(1), "2019");
        assert_eq!(t.header(2), "Percent Change Actual");
        assert_eq!(t.header(3), "Percent Change Constant");
        assert_eq!(t.header(4), "2018");
        // Near miss: a header over years spans them.
        let t = table(&[
            &["", "", "Years Ended December 31,", ""],
            &["", "2019", "2018", "2017"],
            &["Revenue", "10", "9", "8"],
        ]);
        assert_eq!(t.header(1), "Years Ended December 31, 2019");
        assert_eq!(t.header(3), "Years Ended December 31, 2017");
    }

    #[test]
    fn a_dash_is_a_cell_and_a_footnote_mark_tells_no_line_apart() {
        let t = table(&[
            &["", "2019"],
            &["Assets", ""],
            &["Other", "577"],
            &["Liabilities", ""],
            &["Other", "—"],
        ]);
        assert_eq!(
            t.role(Phrasing::LabelHeader, 2, 1, "").as_deref(),
            Some("Assets, Other, 2019")
        );
        let t = table(&[
            &["", "Amount"],
            &["Foreign", "$565,609"],
            &["Foreign(2)", "$15,345"],
        ]);
        assert_eq!(t.role(Phrasing::LabelHeader, 1, 1, ""), None);
        assert_eq!(without_marks("foreign 2"), "foreign");
        assert_eq!(without_marks("2019 revenue"), "2019 revenue");
    }

    #[test]
    fn a_repeated_label_takes_its_section_or_is_not_written() {
        let t = table(&[
            &["", "2019"],
            &["Current", ""],
            &["Total", "10"],
            &["Non-current", ""],
            &["Total", "20"],
            &["Other", ""],
            &["Other", "5"],
            &["Other", ""],
            &["Other", "6"],
        ]);
        assert_eq!(
            t.role(Phrasing::LabelHeader, 2, 1, "").as_deref(),
            Some("Current, Total, 2019")
        );
        assert_eq!(t.role(Phrasing::LabelHeader, 6, 1, ""), None);
    }

    #[test]
    fn a_row_of_dashes_is_a_line_and_a_total_ends_its_block() {
        let t = table(&[
            &["", "2019"],
            &["Audit fees", "58"],
            &["Audit-related fees", "$-"],
            &["Tax fees", "28"],
            &["Adjustments:", ""],
            &["Interest", "3"],
            &["Total adjustments", "3"],
            &["Adjusted EBITDA", "61"],
        ]);
        assert_eq!(t.section(3), None, "a row of dashes is no caption");
        assert_eq!(t.section(5), Some("Adjustments"));
        assert_eq!(t.section(6), Some("Adjustments"));
        assert_eq!(t.section(7), None, "the total closed the block");
    }

    #[test]
    fn the_question_names_the_line_in_its_own_words() {
        let t = table(&[
            &["", "2019", "2018"],
            &["Trade and other receivables", "100", "90"],
        ]);
        assert_eq!(
            t.role(
                Phrasing::Question,
                1,
                1,
                "What was the change in trade receivables?"
            )
            .as_deref(),
            Some("trade receivables in FY2019")
        );
        // The line's order, without the little words a question strands.
        let t = table(&[
            &["", "2015", "2014"],
            &["Net cash used in financing activities", "(472.8)", "(500)"],
        ]);
        assert_eq!(
            t.role(
                Phrasing::Question,
                1,
                1,
                "what was the change in cash used in financing activities?"
            )
            .as_deref(),
            Some("cash used in financing activities in FY2015")
        );
    }
}
