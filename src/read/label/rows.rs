//! What each row of a grid is. A grid value becomes a token ([`Tok`]:
//! empty, text, amount, date, currency mark), the label column is the one
//! most often holding the text left of a row's first number, and each row
//! is classified ([`RowKind`]: title, header, caption, data, text row,
//! blank), header rows repeated below the data and text rows stacked over
//! a header included. The tests of a row's cells as header text (stub,
//! header words, a header cut mid-phrase) are here too.

use std::collections::HashMap;

use super::cell_text::text_at;
use crate::model::{Amount, CellRecord, Currency, GridValue};
use crate::number::{currency, parse_amount};
use crate::period::{PeriodHint, is_year, parse_period};
use crate::read::unit_line::parse_unit_line;

/// A grid value as the labeler sees it.
#[derive(Debug, Clone, Copy)]
pub(super) enum Tok {
    Empty,
    Text,
    /// An amount: `year` when it could be a header year, `parsed` indexes
    /// the amounts parsed from text (or is [`NATIVE`]).
    Amount {
        year: bool,
        percent: bool,
        parsed: u32,
    },
    Date,
    Currency(Currency),
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RowKind {
    Blank,
    Title,
    Header,
    Caption,
    Data,
    /// Text in value columns and no amounts ("n/a" rows, stray notes): ignored.
    TextRow,
}

/// The tokens of a grid, row by row, in one allocation.
pub(super) struct Toks {
    flat: Vec<Tok>,
    starts: Vec<usize>,
}

impl Toks {
    pub(super) fn new(grid: &[Vec<GridValue>], parsed: &mut Vec<Amount>) -> Toks {
        let mut flat = Vec::with_capacity(grid.iter().map(Vec::len).sum());
        let mut starts = Vec::with_capacity(grid.len() + 1);
        for row in grid {
            starts.push(flat.len());
            flat.extend(row.iter().map(|v| tok(v, parsed)));
        }
        starts.push(flat.len());
        Toks { flat, starts }
    }

    fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    pub(super) fn get(&self, r: usize) -> Option<&[Tok]> {
        let (start, end) = (*self.starts.get(r)?, *self.starts.get(r + 1)?);
        self.flat.get(start..end)
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &[Tok]> + '_ {
        (0..self.len()).map(|r| self.get(r).unwrap_or(&[]))
    }
}

/// `Tok::Amount::parsed` of a spreadsheet's native number, read from the grid.
const NATIVE: u32 = CellRecord::NONE;

/// What a grid value is to the labeler; amounts parsed from text go to `parsed`.
fn tok(value: &GridValue, parsed: &mut Vec<Amount>) -> Tok {
    match value {
        GridValue::Empty => Tok::Empty,
        GridValue::Text { text, .. } => {
            let t = text.trim();
            if t.is_empty() {
                return Tok::Empty;
            }
            if t.len() <= 4
                && !t.bytes().any(|b| b.is_ascii_digit())
                && let Some(c) = currency(t)
            {
                return Tok::Currency(c);
            }
            match parse_amount(t) {
                Some(amount) => {
                    let year = is_year_text(t, &amount);
                    let percent = amount.percent;
                    match u32::try_from(parsed.len()) {
                        Ok(at) if at != NATIVE => {
                            parsed.push(amount);
                            Tok::Amount {
                                year,
                                percent,
                                parsed: at,
                            }
                        }
                        _ => Tok::Other,
                    }
                }
                None => Tok::Text,
            }
        }
        GridValue::Number(amount) => Tok::Amount {
            year: is_year_amount(amount),
            percent: amount.percent,
            parsed: NATIVE,
        },
        GridValue::Date(_) => Tok::Date,
        GridValue::Other(_) => Tok::Other,
    }
}

fn is_year_amount(amount: &Amount) -> bool {
    amount.decimals == 0
        && !amount.percent
        && !amount.parens
        && !amount.dash
        && amount.scale_exp == 0
        && amount.currency.is_none()
        && amount.value.is_integer()
        && i64::try_from(amount.value).is_ok_and(is_year)
}

/// "2024" or "2024 (1)" as written: four digits, no separators or marks; or
/// a year with the column's unit after it ("2019 €m", "2019 US$'000",
/// "2018 £m"), as header rows of European and Asian reports write it.
fn is_year_text(text: &str, amount: &Amount) -> bool {
    let four_digits = text.len() >= 4
        && text.bytes().take(4).all(|b| b.is_ascii_digit())
        && !text.contains([',', '.']);
    if !four_digits {
        return false;
    }
    if is_year_amount(amount) {
        return true;
    }
    // The unit part: after a space, with no further digit but the "000" of
    // "$'000" (a unit, not a number).
    let unit = text.get(4..).unwrap_or("");
    unit.starts_with(char::is_whitespace)
        && (amount.currency.is_some() || amount.scale_exp != 0)
        && !unit.replace("000", "").bytes().any(|b| b.is_ascii_digit())
        && amount.decimals == 0
        && !amount.percent
        && !amount.parens
        && !amount.dash
        && amount.value.is_integer()
        && i64::try_from(amount.value).is_ok_and(is_year)
}

/// The column holding row labels: most often the text left of a row's first number.
pub(super) fn find_label_column(toks: &Toks) -> Option<usize> {
    let mut votes: HashMap<usize, usize> = HashMap::new();
    for row in toks.iter() {
        let Some(first_amount) = row
            .iter()
            .position(|t| matches!(t, Tok::Amount { year: false, .. }))
        else {
            continue;
        };
        if let Some(c) = row
            .iter()
            .take(first_amount)
            .position(|t| matches!(t, Tok::Text))
        {
            *votes.entry(c).or_default() += 1;
        }
    }
    votes
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(c, _)| c)
        .or_else(|| {
            // No numbers at all: the leftmost column with text.
            toks.iter()
                .filter_map(|row| row.iter().position(|t| matches!(t, Tok::Text)))
                .min()
        })
}

/// Whether a row's year-like values are two or more distinct, consecutive
/// years ("Process Technologies | 2017 | 2018 | 2019" under "Years Ended
/// December 31"): a header with a stub label, not amounts — a line of a
/// statement does not count up by one.
fn consecutive_years(
    grid: &[Vec<GridValue>],
    r: usize,
    row: &[Tok],
    is_value_col: impl Fn(usize) -> bool,
) -> bool {
    let mut years: Vec<i64> = row
        .iter()
        .enumerate()
        .filter(|(c, t)| is_value_col(*c) && matches!(t, Tok::Amount { year: true, .. }))
        .filter_map(|(c, _)| {
            let text = grid.get(r)?.get(c)?.text();
            text.trim().get(..4)?.parse::<i64>().ok()
        })
        .collect();
    let count = years.len();
    years.sort_unstable();
    years.dedup();
    let (Some(first), Some(last)) = (years.first(), years.last()) else {
        return false;
    };
    count >= 2 && years.len() == count && last - first == count as i64 - 1
}

pub(super) fn classify_rows(
    grid: &[Vec<GridValue>],
    toks: &Toks,
    label_col: Option<usize>,
) -> Vec<RowKind> {
    let mut kinds = Vec::with_capacity(toks.len());
    let mut started = false; // a header or data row has been seen
    let mut data_started = false;
    // The texts of the header rows seen, by column (`usize::MAX` for the
    // stub), for a header repeated below the data; bounded by the cells.
    let mut header_cells: Vec<(usize, String)> = Vec::new();
    for (r, row) in toks.iter().enumerate() {
        let is_value_col = |c: usize| label_col.is_none_or(|l| c > l);
        let label = label_col
            .and_then(|c| row.get(c))
            .is_some_and(|t| matches!(t, Tok::Text));
        let (mut amounts, mut years, mut texts, mut dates) = (0, 0, 0, 0);
        let mut period_like = false;
        // Texts of the value columns that read as header words ("Variance").
        let mut header_texts = 0usize;
        let (mut non_empty, mut first_non_empty) = (0usize, None);
        for (c, t) in row.iter().enumerate() {
            if !matches!(t, Tok::Empty) {
                non_empty += 1;
                first_non_empty = first_non_empty.or(Some(c));
            }
            if !is_value_col(c) {
                continue;
            }
            match t {
                Tok::Amount { year: true, .. } => {
                    years += 1;
                    period_like = true;
                }
                Tok::Amount { .. } => amounts += 1,
                Tok::Text => {
                    texts += 1;
                    if let Some(text) = text_at(grid, r, c)
                        && (has_header_words(text)
                            || parse_period(text, PeriodHint::default()).is_some())
                    {
                        period_like = true;
                        header_texts += 1;
                    }
                }
                Tok::Date => {
                    dates += 1;
                    period_like = true;
                }
                _ => {}
            }
        }
        let label_text = label_col.and_then(|c| text_at(grid, r, c)).unwrap_or("");
        let header_like = amounts == 0 && years + texts + dates > 0;
        let previous_blank = kinds.last().is_none_or(|k| *k == RowKind::Blank);
        let previous_text_row = kinds.last() == Some(&RowKind::TextRow);
        let year_label = label_col
            .and_then(|c| row.get(c))
            .is_some_and(|t| matches!(t, Tok::Amount { year: true, .. }));
        let kind = if non_empty == 0 {
            RowKind::Blank
        } else if non_empty == 1 && year_label && started && text_label_follows(toks, r, label_col)
        {
            // A year alone in the label column ("2019" over a block of
            // quarters) is a caption: the rows under it are that year's.
            // Over another year's row ("2026 | 300") it is an empty line of
            // a schedule by year, and dates nothing.
            RowKind::Caption
        } else if non_empty == 1 && texts + (label as usize) == 1 && amounts + years + dates == 0 {
            // A single text cell: a title or unit line, a caption, or a spanning header.
            let c = first_non_empty.unwrap_or(0);
            let text = text_at(grid, r, c).unwrap_or("");
            if parse_unit_line(text).is_some()
                && !text.bytes().any(|b| b.is_ascii_digit() && b != b'0')
                && !(started && names_its_unit(text))
            {
                RowKind::Title
            } else if !is_value_col(c) || label {
                if started {
                    RowKind::Caption
                } else {
                    RowKind::Title
                }
            } else if !data_started
                && (period_like
                    || ((names_a_year(text) || ends_mid_phrase(text))
                        && heads_the_next_row(toks, r, label_col)))
            {
                // A heading naming a year over the header row below,
                // flattened into one of its columns ("Common Stock Price
                // Range 2018" over "Low | High"), or a header cut mid-phrase
                // ("Balance at Beginning of" over "Period (1/1/19)"). Other
                // such lines are titles: over an equity statement's "Shares
                // | Amount" one would date nothing and move the header.
                RowKind::Header
            } else if !started {
                RowKind::Title
            } else {
                RowKind::TextRow
            }
        } else if header_like && !started {
            RowKind::Header
        } else if header_like && !data_started {
            // Under a header, before data: more header rows, unless the row has
            // a real label — then year-like values are amounts ("Revenue | 2050
            // | 1980") and other text is a text row ("Document Type | 10-Q").
            // Years with header words beside them ("2019 | 2018 | Variance")
            // are a header under a stub that is a unit note ("All figures
            // in USD '000").
            if !label
                || stub_like(label_text)
                || (texts + dates > 0 && period_like && years == 0)
                || ((texts == header_texts && dates == 0)
                    && consecutive_years(grid, r, row, is_value_col))
            {
                RowKind::Header
            } else if years > 0 && texts + dates == 0 {
                RowKind::Data
            } else {
                RowKind::TextRow
            }
        } else if header_like && repeats_a_header(grid, r, row, label_col, &header_cells) {
            // After data: a row that repeats the header's words in their
            // columns ("Amortized | Unrealized | Fair", "(In Millions) |
            // … | Acquisitions | Transfers") begins the next block.
            RowKind::Header
        } else if header_like
            && ((!label && period_like && !previous_text_row)
                || (previous_blank && years >= 2 && texts + dates == 0))
        {
            // After data: a new header block, when a label-less row names
            // periods, or a row of years follows a blank row (a second
            // table). A label-less row of dates under a row of text values
            // ("Maturity date | 30/7/2021~" over "| 11/4/2024") continues
            // that row.
            RowKind::Header
        } else if !started
            && !label
            && amounts >= 2
            && heads_a_total_column(grid, r, row, is_value_col)
            && text_label_follows(toks, r, label_col)
        {
            // Model numbers over their columns and a "Total" column
            // (Boeing's deliveries: "737 | 767 | 777 | 787 | Total"), with
            // no stub, over labeled rows: the header, not amounts.
            RowKind::Header
        } else if amounts + years > 0 {
            RowKind::Data
        } else if texts + dates > 0 {
            RowKind::TextRow
        } else if label {
            if started {
                RowKind::Caption
            } else {
                RowKind::Title
            }
        } else {
            RowKind::Blank
        };
        if kind == RowKind::Header && data_started {
            // A period heading over the repeated header ("As of December
            // 31, 2018" over "Amortized | Unrealized"), read as a text row
            // before the repeat was seen, heads the new block.
            if let Some(above) = kinds.len().checked_sub(1)
                && kinds.get(above) == Some(&RowKind::TextRow)
                && single_period_heading(grid, toks, above, label_col)
                && let Some(slot) = kinds.get_mut(above)
            {
                *slot = RowKind::Header;
            }
        }
        if kind == RowKind::Header {
            for (c, _) in row.iter().enumerate().filter(|(c, _)| is_value_col(*c)) {
                if let Some(text) = text_at(grid, r, c).map(header_key)
                    && !text.is_empty()
                {
                    header_cells.push((c, text));
                }
            }
            if let Some(stub) = label_col.and_then(|c| text_at(grid, r, c)).map(header_key)
                && !stub.is_empty()
            {
                header_cells.push((usize::MAX, stub));
            }
        }
        match kind {
            RowKind::Header => started = true,
            RowKind::Data => {
                started = true;
                data_started = true;
            }
            _ => {}
        }
        kinds.push(kind);
    }
    stack_headers(&mut kinds, grid, label_col);
    kinds
}

/// Text rows stacked right over a header row, before the first data row,
/// are more of the header: 3M's five-line column headings ("Earnings" /
/// "per" / "diluted" / "share" / "percent change") beside a stub that runs
/// prose down the label column ("Adjusted income, operating" / "income
/// margin, earnings" / …), which no header rule reads as a stub. Only
/// rows whose value columns hold heading words, not prose a page's second
/// column ran into the grid, are taken.
fn stack_headers(kinds: &mut [RowKind], grid: &[Vec<GridValue>], label_col: Option<usize>) {
    let first_data = kinds
        .iter()
        .position(|k| *k == RowKind::Data)
        .unwrap_or(kinds.len());
    let headingish = |r: usize| {
        grid.get(r).is_some_and(|row| {
            row.iter()
                .enumerate()
                .filter(|(c, _)| label_col.is_none_or(|l| *c > l))
                .filter_map(|(_, v)| match v {
                    GridValue::Text { text, .. } => Some(text.trim()),
                    _ => None,
                })
                .all(|t| t.split_whitespace().count() <= HEADING_WORDS && !t.ends_with('.'))
        })
    };
    let mut over_header = false;
    for (r, kind) in kinds.iter_mut().enumerate().take(first_data).rev() {
        match kind {
            RowKind::Header => over_header = true,
            RowKind::TextRow if over_header && headingish(r) => *kind = RowKind::Header,
            _ => over_header = false,
        }
    }
}

/// The most words a column heading's line holds.
const HEADING_WORDS: usize = 5;

/// The first row after `r` with a cell that is not empty.
fn next_filled_row(toks: &Toks, r: usize) -> Option<&[Tok]> {
    toks.iter()
        .skip(r + 1)
        .find(|row| row.iter().any(|t| !matches!(t, Tok::Empty)))
}

/// Whether the next non-blank row after `r` has a text label.
fn text_label_follows(toks: &Toks, r: usize, label_col: Option<usize>) -> bool {
    let Some(c) = label_col else {
        return false;
    };
    next_filled_row(toks, r)
        .and_then(|row| row.get(c))
        .is_some_and(|t| matches!(t, Tok::Text))
}

/// Whether a row's last filled value cell is the text "Total": the head of
/// a totals column.
fn heads_a_total_column(
    grid: &[Vec<GridValue>],
    r: usize,
    row: &[Tok],
    is_value_col: impl Fn(usize) -> bool,
) -> bool {
    row.iter()
        .enumerate()
        .rev()
        .find(|(c, t)| is_value_col(*c) && !matches!(t, Tok::Empty))
        .is_some_and(|(c, t)| {
            matches!(t, Tok::Text)
                && text_at(grid, r, c).is_some_and(|text| text.trim().eq_ignore_ascii_case("total"))
        })
}

/// A header text compared with another: trimmed, lower case.
fn header_key(text: &str) -> String {
    text.trim().to_lowercase()
}

/// Whether a row below the data repeats an earlier header row: at least
/// half of its value cells (two at least) are texts a header row had in
/// the same column, or its stub is a header's stub and a value cell
/// repeats too.
fn repeats_a_header(
    grid: &[Vec<GridValue>],
    r: usize,
    row: &[Tok],
    label_col: Option<usize>,
    header_cells: &[(usize, String)],
) -> bool {
    if header_cells.is_empty() {
        return false;
    }
    let had = |c: usize, text: &str| header_cells.iter().any(|(hc, ht)| *hc == c && ht == text);
    let (mut cells, mut repeated) = (0usize, 0usize);
    for (c, t) in row.iter().enumerate() {
        if label_col.is_some_and(|l| c <= l) || matches!(t, Tok::Empty) {
            continue;
        }
        cells += 1;
        if text_at(grid, r, c).is_some_and(|text| had(c, &header_key(text))) {
            repeated += 1;
        }
    }
    let stub_repeated = label_col
        .and_then(|c| text_at(grid, r, c))
        .map(header_key)
        .is_some_and(|stub| !stub.is_empty() && had(usize::MAX, &stub));
    (repeated >= 2 && repeated * 2 >= cells) || (stub_repeated && repeated >= 1)
}

/// Whether row `r` is one text, in a value column, naming a period.
fn single_period_heading(
    grid: &[Vec<GridValue>],
    toks: &Toks,
    r: usize,
    label_col: Option<usize>,
) -> bool {
    let Some(row) = toks.get(r) else {
        return false;
    };
    let mut filled = row
        .iter()
        .enumerate()
        .filter(|(_, t)| !matches!(t, Tok::Empty));
    match (filled.next(), filled.next()) {
        (Some((c, Tok::Text)), None) => {
            label_col.is_none_or(|l| c > l)
                && text_at(grid, r, c)
                    .is_some_and(|text| parse_period(text, PeriodHint::default()).is_some())
        }
        _ => false,
    }
}

/// A text naming a year ("Common Stock Price Range 2018").
fn names_a_year(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .any(|d| d.len() == 4 && d.parse::<i64>().is_ok_and(crate::period::is_year))
}

/// Whether the next non-blank row after `r` reads as a header row: no
/// amounts in the value columns, and some text, year or date there.
fn heads_the_next_row(toks: &Toks, r: usize, label_col: Option<usize>) -> bool {
    next_filled_row(toks, r).is_some_and(|next| values_head(next, label_col))
}

/// Whether a row's value cells read as a header's: no amounts but years,
/// and some text, year or date.
pub(super) fn values_head(row: &[Tok], label_col: Option<usize>) -> bool {
    let mut headed = false;
    for (c, t) in row.iter().enumerate() {
        if label_col.is_some_and(|l| c <= l) {
            continue;
        }
        match t {
            Tok::Amount { year: false, .. } => return false,
            Tok::Text | Tok::Date | Tok::Amount { year: true, .. } => headed = true,
            _ => {}
        }
    }
    headed
}

/// A caption naming what its rows count and their unit, "Connections
/// ('000)": inside a table it opens a section whose rows take that unit,
/// where a unit line alone ("(in thousands)") is a title line.
fn names_its_unit(text: &str) -> bool {
    crate::read::label::named_before_unit(text)
        .is_some_and(|words| words.chars().any(char::is_alphabetic))
}

/// A label cell that belongs to the header (the "stub"): a unit line, period
/// words, a parenthesised note.
pub(super) fn stub_like(text: &str) -> bool {
    let t = text.trim();
    t.is_empty()
        || t.starts_with('(')
        // The end of a parenthesis the stub above opened ("(Dollars in
        // millions, except" / "per share amounts)").
        || t.matches(')').count() > t.matches('(').count()
        || parse_unit_line(t).is_some()
        || has_header_words(t)
        || parse_period(t, PeriodHint::default()).is_some()
}

/// Words that mark header text even without a year ("Year Ended December 31,").
fn has_header_words(text: &str) -> bool {
    let t = text.to_lowercase();
    [
        "ended", "ending", "months", "quarter", "fiscal", "year", "as of", "as at", "change",
        " vs", "variance", "increase", "note",
    ]
    .iter()
    .any(|w| t.contains(w))
        || crate::period::MONTHS_LOWER.iter().any(|m| t.contains(m))
        || [
            "jan.", "feb.", "mar.", "apr.", "jun.", "jul.", "aug.", "sep.", "sept.", "oct.",
            "nov.", "dec.",
        ]
        .iter()
        .any(|m| t.contains(m))
}

/// A header text that ends with a word needing one after it ("Balance at
/// Beginning of"): the rest is on the line below, in the same column.
pub(super) fn ends_mid_phrase(text: &str) -> bool {
    let last = text
        .trim_end()
        .rsplit(|c: char| !c.is_alphanumeric())
        .find(|w| !w.is_empty())
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        last.as_str(),
        "of" | "at" | "for" | "to" | "and" | "the" | "in" | "by" | "from" | "on"
    )
}
