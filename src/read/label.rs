//! Labeling shared by every reader: a raw grid in, a [`Table`] of labeled
//! cells out.
//!
//! For each grid the labeler finds, in order:
//! 1. the label column — the column that most often holds the text to the
//!    left of a row's first number;
//! 2. what each row is: title (before the header, one text), header (no
//!    amounts, only years, dates or header text — a new header block may
//!    start below data when a label-less row names periods), caption (a
//!    label and nothing else: a section), data (a label and amounts);
//! 3. the column labels of each header block — its rows stacked top to
//!    bottom, a merged (or, with no merges at all, visually spanning) header
//!    spread over the columns it covers — and their periods;
//! 4. the unit line and statement kind from titles, header stubs and sheet name;
//! 5. row labels with indentation, section paths, concepts, and each
//!    number's measure, scale and base value.
//!
//! Nothing here reads files; readers hand over [`RawTable`]s. The rules and
//! their reasons are written out in docs/labeling.md.

use std::collections::HashMap;
use std::sync::Arc;

use rust_decimal::Decimal;

use super::RawTable;
use super::sections::{SectionStack, is_upper_case};
use super::statement;
use super::unit_line::parse_unit_line;
use crate::model::{
    Amount, CellRecord, CellRef, ColumnInfo, Coord, Currency, GridValue, Measure, Period, RowInfo,
    StatementKind, Table, TablePart, UnitLine,
};
use crate::number::{currency, parse_amount};
use crate::period::{MONTH_NAMES, PeriodHint, is_year, parse_period};
use crate::vocab::{ConceptId, LabelCache, Vocab};

/// A grid value as the labeler sees it.
#[derive(Debug, Clone, Copy)]
enum Tok {
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
enum RowKind {
    Blank,
    Title,
    Header,
    Caption,
    Data,
    /// Text in value columns and no amounts ("n/a" rows, stray notes): ignored.
    TextRow,
}

/// A value column of the current header block.
#[derive(Debug, Clone, Copy)]
struct Column {
    /// Index of its [`ColumnInfo`] in the table.
    info: Option<u32>,
    /// A "Notes" column: note numbers, not amounts.
    note: bool,
    /// A column of shares of another ("Percent to Sales", "% of revenue"):
    /// its numbers are percentages, "%" written or not.
    percent: bool,
}

/// Labels one raw table read from source `source_id` as one table (the
/// readers split a grid that prints several statements one under another:
/// see `blocks`).
pub fn label_table(raw: RawTable, source_id: &str, vocab: &Vocab) -> Table {
    label_single(
        raw,
        &Arc::from(source_id),
        vocab,
        &mut ConceptMemo::default(),
    )
    .table
}

/// A labeled table (and the statements printed below it in the same grid,
/// see `blocks`), and whether reading the sheet's merged regions could
/// change its column labels.
pub(crate) struct Labeled {
    pub(crate) table: Table,
    /// The statements below the first, each its own table over the same
    /// grid coordinates (empty for a grid of one).
    pub(crate) more: Vec<Table>,
    /// The merged regions were not read, and a header spread over empty cells
    /// by the no-merge rule gave a column no period, or a change period: the
    /// merges would tell where that header really ends.
    pub(crate) spans_uncertain: bool,
}

impl Labeled {
    /// The table, then the statements below it.
    pub(crate) fn into_tables(self) -> impl Iterator<Item = Table> {
        std::iter::once(self.table).chain(self.more)
    }

    /// The whole grid back (for a second read with the merged regions).
    pub(crate) fn take_grid(&mut self) -> Vec<Vec<GridValue>> {
        let first = std::mem::take(&mut self.table.grid);
        if self.more.is_empty() {
            return first;
        }
        let mut grids = vec![first];
        grids.extend(self.more.iter_mut().map(|t| std::mem::take(&mut t.grid)));
        blocks::join_grids(grids)
    }
}

/// Labels one raw table, a table apiece for the statements printed one
/// under another in it; `concepts` remembers row concepts across the tables
/// of one source.
pub(crate) fn label_raw(
    raw: RawTable,
    source: &Arc<str>,
    vocab: &Vocab,
    concepts: &mut ConceptMemo,
) -> Labeled {
    label_grid(raw, source, vocab, concepts, true)
}

/// Labels one raw table as one table, whatever it holds (an HTML table,
/// whose tags are found by the table's index).
pub(crate) fn label_single(
    raw: RawTable,
    source: &Arc<str>,
    vocab: &Vocab,
    concepts: &mut ConceptMemo,
) -> Labeled {
    label_grid(raw, source, vocab, concepts, false)
}

fn label_grid(
    raw: RawTable,
    source: &Arc<str>,
    vocab: &Vocab,
    concepts: &mut ConceptMemo,
    split: bool,
) -> Labeled {
    let RawTable { part, grid, merges } = raw;
    let merges_read = merges.is_some();
    let merges = merges.unwrap_or_default();
    let reference = match part {
        TablePart::Only => CellRef::source(Arc::clone(source)),
        ref p => CellRef::table(Arc::clone(source), p.clone()),
    };
    let mut parsed = Vec::new();
    let toks = Toks::new(&grid, &mut parsed);
    let label_col = find_label_column(&toks);
    let kinds = classify_rows(&grid, &toks, label_col);
    if split {
        let starts = blocks::statement_starts(&grid, &toks, &kinds, label_col);
        if !starts.is_empty() {
            let raw = RawTable {
                part,
                grid,
                merges: merges_read.then_some(merges),
            };
            let (first, rest) = blocks::split(raw, &starts);
            let mut labeled = label_grid(first, source, vocab, concepts, false);
            for (from, raw) in rest {
                let one = label_grid(raw, source, vocab, concepts, false);
                labeled.spans_uncertain |= one.spans_uncertain;
                let mut table = one.table;
                table.from_row = from;
                labeled.more.push(table);
            }
            return labeled;
        }
    }

    let mut title = Vec::new();
    let mut header_texts = Vec::new();
    // Captions above the first data row with a header row below them
    // ("Worldwide Sales Change" between "Year ended …" and the column
    // headings): title lines for what the columns hold.
    let mut header_captions = Vec::new();
    let first_data = kinds
        .iter()
        .position(|k| *k == RowKind::Data)
        .unwrap_or(kinds.len());
    for (r, kind) in kinds.iter().enumerate() {
        match kind {
            RowKind::Title => title.extend(row_texts(&grid, r)),
            RowKind::Caption
                if r < first_data
                    && kinds
                        .get(r + 1..first_data)
                        .is_some_and(|after| after.contains(&RowKind::Header)) =>
            {
                header_captions.extend(row_texts(&grid, r));
            }
            RowKind::Header => {
                if let Some(stub) = label_col.and_then(|c| text_at(&grid, r, c)) {
                    title.push(stub.to_string());
                }
                header_texts.extend(row_texts(&grid, r));
            }
            _ => {}
        }
    }
    let unit =
        unit_of(title.iter().chain(header_texts.iter()).map(String::as_str)).unwrap_or_default();

    let statement = title
        .iter()
        .find_map(|t| statement::from_title(t))
        .or_else(|| match &part {
            TablePart::Sheet(name) => statement::from_sheet_name(name),
            _ => None,
        })
        .unwrap_or_else(|| {
            let concepts: Vec<_> = kinds
                .iter()
                .enumerate()
                .filter(|(_, k)| **k == RowKind::Data)
                .filter_map(|(r, _)| label_col.and_then(|c| text_at(&grid, r, c)))
                .filter_map(|label| vocab.match_label(label.trim(), &[], StatementKind::Other))
                .collect();
            statement::from_concepts(concepts.iter())
        });

    let mut warnings = Vec::new();
    let header_rows: Vec<usize> = kinds
        .iter()
        .enumerate()
        .filter(|(_, k)| **k == RowKind::Header)
        .map(|(r, _)| r)
        .collect();
    let has_data = kinds.contains(&RowKind::Data);
    if has_data && header_rows.is_empty() {
        warnings.push("no header row found: periods and column labels are null".to_string());
    }
    if has_data && label_col.is_none() {
        warnings.push("no row labels found: row labels and concepts are null".to_string());
    }

    let uses_indent = kinds.iter().enumerate().any(|(r, k)| {
        matches!(k, RowKind::Data | RowKind::Caption)
            && label_col.is_some_and(|c| label_at(&grid, r, c).is_some_and(|(_, i)| i > 0))
    });
    let hint = PeriodHint { statement };
    let mut spans_uncertain = false;
    let mut columns: Vec<Option<Column>> = Vec::new();
    let mut column_infos: Vec<ColumnInfo> = Vec::new();
    let mut rows: Vec<RowInfo> = Vec::new();
    let mut sections = SectionStack::new(uses_indent);
    let mut records = Vec::with_capacity(
        toks.iter()
            .map(|row| {
                row.iter()
                    .filter(|t| matches!(t, Tok::Amount { .. }))
                    .count()
            })
            .sum(),
    );
    let mut wrapped: Option<String> = None;
    // Columns that hold an amount in some data row, and those that hold an
    // amount printed as a percentage.
    let mut amount_cols: Vec<bool> = Vec::new();
    let mut percent_cols: Vec<bool> = Vec::new();
    // Columns of percentages printed with "%" on their first row only
    // (3M's "Organic sales | Acquisitions | …": "1.0 %" over "(0.9)"): the
    // first amount prints "%", every amount is written as text, none prints
    // a currency, and none is 1,000 or more.
    let mut lead_percent: Vec<Option<bool>> = Vec::new();
    for (r, kind) in kinds.iter().enumerate() {
        if *kind != RowKind::Data {
            continue;
        }
        let mut currency_before = false;
        for (c, t) in toks.get(r).unwrap_or(&[]).iter().enumerate() {
            if let Tok::Currency(_) = t {
                currency_before = true;
                continue;
            }
            if let Tok::Amount {
                percent,
                parsed: at,
                ..
            } = t
            {
                if amount_cols.len() <= c {
                    amount_cols.resize(c + 1, false);
                    percent_cols.resize(c + 1, false);
                    lead_percent.resize(c + 1, None);
                }
                if let Some(slot) = amount_cols.get_mut(c) {
                    *slot = true;
                }
                if let Some(slot) = percent_cols.get_mut(c) {
                    *slot |= *percent;
                }
                let fits = parsed
                    .get(*at as usize)
                    .is_some_and(|a| a.currency.is_none() && a.value.abs() < Decimal::ONE_THOUSAND)
                    && !currency_before;
                if let Some(slot) = lead_percent.get_mut(c) {
                    *slot = Some(match slot {
                        None => *percent && fits,
                        Some(lead) => *lead && fits,
                    });
                }
            }
            currency_before = false;
        }
    }
    // For each row, the next row that is not blank (one backward pass, so a
    // sheet of blank rows between header blocks stays linear).
    let mut next_non_blank: Vec<Option<usize>> = vec![None; kinds.len()];
    let mut upcoming = None;
    for (at, kind) in kinds.iter().enumerate().rev() {
        if let Some(slot) = next_non_blank.get_mut(at) {
            *slot = upcoming;
        }
        if *kind != RowKind::Blank {
            upcoming = Some(at);
        }
    }
    // Whether the next non-blank row after `at` is a header row.
    let header_follows = |at: usize| {
        next_non_blank
            .get(at)
            .copied()
            .flatten()
            .map(|n| kinds.get(n))
            == Some(Some(&RowKind::Header))
    };
    // Balance sheets: the caption a line's place between the subtotals
    // implies (balance_position.rs), read with the printed ones to name
    // the row's concept.
    let implied = if statement == StatementKind::Balance {
        let labels: Vec<Option<String>> = (0..kinds.len())
            .map(|r| {
                (kinds.get(r) == Some(&RowKind::Data))
                    .then(|| {
                        label_col
                            .and_then(|c| label_at(&grid, r, c))
                            .map(|(t, _)| t)
                    })
                    .flatten()
            })
            .collect();
        let labels: Vec<Option<&str>> = labels.iter().map(Option::as_deref).collect();
        super::balance_position::implied_captions(&labels)
    } else {
        Vec::new()
    };
    let mut with_implied = super::balance_position::ImpliedPaths::default();
    let mut r = 0;
    while r < kinds.len() {
        let kind = kinds.get(r).copied().unwrap_or(RowKind::Blank);
        match kind {
            RowKind::Header => {
                let mut block = vec![r];
                let mut next = r + 1;
                while let Some(k) = kinds.get(next) {
                    match k {
                        RowKind::Header => {
                            block.push(next);
                            next += 1;
                        }
                        // A unit note over currency marks between header
                        // rows ("(In thousands of Canadian dollars) | $ |
                        // $"): part of the header, not a section.
                        RowKind::Caption
                            if header_follows(next)
                                && label_col
                                    .and_then(|c| text_at(&grid, next, c))
                                    .is_some_and(stub_like) =>
                        {
                            block.push(next);
                            next += 1;
                        }
                        RowKind::Blank if header_follows(next) => {
                            next += 1;
                        }
                        _ => break,
                    }
                }
                let (mut block_columns, uncertain) =
                    header_columns(&grid, &toks, &block, label_col, &merges, hint);
                shift_headers_off_currency_columns(&mut block_columns, &amount_cols);
                apply_title_span(&mut block_columns, &title, hint);
                date_change_columns(&mut block_columns);
                title_change_columns(
                    &mut block_columns,
                    title.iter().chain(&header_captions),
                    &percent_cols,
                );
                let shares = share_columns(&block_columns, &percent_cols);
                columns = block_columns
                    .into_iter()
                    .zip(shares)
                    .map(|(column, percent)| {
                        column.map(|(info, note)| {
                            let index = u32::try_from(column_infos.len()).ok();
                            column_infos.push(info);
                            Column {
                                info: index,
                                note,
                                percent,
                            }
                        })
                    })
                    .collect();
                spans_uncertain |= uncertain && !merges_read;
                sections = SectionStack::new(uses_indent);
                wrapped = None;
                r = next;
                continue;
            }
            RowKind::Blank => sections.blank(),
            RowKind::Caption => {
                if let Some((text, indent)) = label_col.and_then(|c| label_at(&grid, r, c)) {
                    if continues_on_next_row(&text, &grid, &kinds, r, label_col) {
                        wrapped = Some(text);
                    } else {
                        sections.caption(&text, indent);
                    }
                }
            }
            RowKind::Data => {
                let label = label_col
                    .and_then(|c| label_at(&grid, r, c))
                    .or_else(|| outline_label(&grid, &toks, r, label_col));
                let indent = label.as_ref().map_or(0, |(_, i)| *i);
                let label_text = match (wrapped.take(), label) {
                    (Some(first), Some((rest, _))) => Some(format!("{first} {rest}")),
                    (Some(first), None) => Some(first),
                    (None, Some((text, _))) => Some(text),
                    (None, None) => None,
                };
                sections.enter_row(indent, label_text.as_deref().unwrap_or(""));
                let mut section = sections.path();
                let match_section = with_implied.path(&section, implied.get(r).copied().flatten());
                let row_toks = toks.get(r).unwrap_or(&[]);
                let row_values = grid.get(r).map_or(&[][..], Vec::as_slice);
                let mut concept = label_text.as_deref().and_then(|l| {
                    row_concept(
                        vocab,
                        concepts,
                        l,
                        &match_section,
                        statement,
                        (row_toks, row_values),
                        label_col,
                    )
                });
                // A spacer row between "Basic" and "Diluted" closed the
                // caption they sit under: a label that names nothing alone
                // but names a concept under the caption the blank closed
                // reopens it.
                if concept.is_none()
                    && let Some(l) = label_text.as_deref()
                    && let Some(before) = sections.closed_by_blank()
                    && let Some(found) = row_concept(
                        vocab,
                        concepts,
                        l,
                        &before,
                        statement,
                        (row_toks, row_values),
                        label_col,
                    )
                {
                    sections.reopen(indent, l);
                    section = sections.path();
                    concept = Some(found);
                }
                // A statement of cash flows reconciles its cash to the
                // balance sheet: under a caption naming the balance sheet,
                // or in a table whose columns are all dates, a line the
                // statement does not name is read as the balance sheet's
                // ("Cash and cash equivalents", "Restricted cash included in
                // other non-current assets").
                if concept.is_none()
                    && statement == StatementKind::CashFlow
                    && let Some(l) = label_text.as_deref()
                    && (super::row_periods::in_balance_section(&section)
                        || dated_by_instants(&columns, &column_infos))
                {
                    concept = row_concept(
                        vocab,
                        concepts,
                        l,
                        &section,
                        StatementKind::Balance,
                        (row_toks, row_values),
                        label_col,
                    );
                }
                let concept_measure = concept
                    .as_ref()
                    .and_then(|c| vocab.info(c.as_str()))
                    .map(|i| i.measure);
                let row_measure = row_measure(concept_measure, label_text.as_deref(), &section);
                let known_money = concept_measure == Some(Measure::Monetary);
                let scale_exempt = label_text
                    .as_deref()
                    .is_some_and(|l| unit.exempts(l, row_measure, known_money));
                let minor_unit = label_text.as_deref().is_some_and(in_minor_unit);
                let label_scale = label_text
                    .as_deref()
                    .and_then(trailing_unit)
                    .map(|u| scale_for(row_measure, &u));
                let row_index = u32::try_from(rows.len()).unwrap_or(u32::MAX);
                let mut pending_currency = None;
                let mut any = false;
                for (c, t) in row_toks.iter().enumerate() {
                    if Some(c) == label_col || label_col.is_some_and(|l| c < l) {
                        continue;
                    }
                    let column = columns.get(c).and_then(Option::as_ref);
                    if column.is_some_and(|col| col.note) {
                        continue;
                    }
                    match t {
                        Tok::Currency(mark) => pending_currency = Some(*mark),
                        Tok::Amount { parsed: at, .. } => {
                            // A change column whose first amount prints "%"
                            // (JPMorgan's "Change": "3%" over "31", "(7)",
                            // "23"; Verizon's "2021 vs. 2020": "6.2 %" over
                            // "30.4", "(2.2)") is percentages on every row,
                            // money lines too.
                            let change_column = column
                                .and_then(|col| col.info)
                                .and_then(|i| column_infos.get(i as usize))
                                .is_some_and(|ci| matches!(ci.period, Some(Period::Change { .. })));
                            let lead = lead_percent.get(c).copied().flatten() == Some(true)
                                && (change_column
                                    || !matches!(
                                        concept_measure,
                                        Some(
                                            Measure::Monetary | Measure::PerShare | Measure::Shares
                                        )
                                    ));
                            if (lead || column.is_some_and(|col| col.percent))
                                && let Some(amount) = parsed.get_mut(*at as usize)
                            {
                                amount.percent = true;
                            }
                            records.push(CellRecord {
                                coord: Coord::new(r as u32 + 1, c as u32 + 1),
                                row: row_index,
                                column: column.and_then(|col| col.info).unwrap_or(CellRecord::NONE),
                                parsed: *at,
                                currency: pending_currency.take(),
                            });
                            any = true;
                        }
                        _ => {}
                    }
                }
                sections.leave_row();
                if any {
                    rows.push(RowInfo {
                        row: r,
                        label: label_text,
                        indent,
                        section,
                        concept,
                        measure: row_measure,
                        scale_exempt,
                        minor_unit,
                        label_scale,
                        label_key: std::sync::OnceLock::new(),
                    });
                }
            }
            RowKind::Title | RowKind::TextRow => {}
        }
        r += 1;
    }

    let mut table = Table {
        reference,
        part,
        title,
        statement,
        unit,
        grid,
        from_row: 0,
        header_rows,
        label_col: label_col.unwrap_or(0),
        rows,
        columns: column_infos,
        records,
        parsed,
        warnings,
        notes: Vec::new(),
        roles: std::sync::OnceLock::new(),
        tags: Vec::new(),
        filer: None,
        lead_in: None,
    };
    super::gross_net::apply(&mut table);
    super::equity_balances::apply(&mut table, vocab);
    super::row_periods::apply(&mut table);
    if let Some(note) = super::share_scale::infer(&mut table) {
        table.notes.push(note);
    }
    Labeled {
        table,
        more: Vec::new(),
        spans_uncertain,
    }
}

/// Row concepts by label, under one statement kind and section path.
type ConceptsByLabel = HashMap<String, Option<ConceptId>>;

/// Row labels repeat (every segment of every sheet has a "Revenue"); the
/// vocabulary is asked once per distinct statement kind, section path and
/// label in a source, and normalizes each distinct label or caption once.
#[derive(Default)]
pub(crate) struct ConceptMemo {
    /// Statement kind and section path → index into `maps`.
    index: HashMap<(StatementKind, Arc<[String]>), usize>,
    maps: Vec<ConceptsByLabel>,
    /// The section of the previous row: rows mostly share it, and comparing
    /// the `Arc` is cheaper than hashing the path.
    last: Option<(StatementKind, Arc<[String]>, usize)>,
    keys: LabelCache,
}

impl ConceptMemo {
    fn get(
        &mut self,
        vocab: &Vocab,
        label: &str,
        section: &Arc<[String]>,
        statement: StatementKind,
    ) -> Option<ConceptId> {
        let slot = match &self.last {
            Some((kind, path, slot)) if *kind == statement && Arc::ptr_eq(path, section) => *slot,
            _ => {
                let maps = &mut self.maps;
                let slot = *self
                    .index
                    .entry((statement, Arc::clone(section)))
                    .or_insert_with(|| {
                        maps.push(ConceptsByLabel::new());
                        maps.len() - 1
                    });
                self.last = Some((statement, Arc::clone(section), slot));
                slot
            }
        };
        if let Some(found) = self.maps.get(slot).and_then(|m| m.get(label)) {
            return found.clone();
        }
        let found = vocab.match_label_cached(&mut self.keys, label, section, statement);
        if let Some(map) = self.maps.get_mut(slot) {
            map.insert(label.to_string(), found.clone());
        }
        found
    }
}

/// The concept of a data row's label under a section path: the label's,
/// or its head's when the label prints a per-share amount of its own, and a
/// percentage concept on a row of percentages.
fn row_concept(
    vocab: &Vocab,
    concepts: &mut ConceptMemo,
    label: &str,
    section: &Arc<[String]>,
    statement: StatementKind,
    (row_toks, row): (&[Tok], &[GridValue]),
    label_col: Option<usize>,
) -> Option<ConceptId> {
    let concept = concepts.get(vocab, label, section, statement)?;
    // Under a caption that is a per-share line ("Diluted earnings per
    // share: (a)"), a row naming a line of profit is that line's amount
    // per share: net income's is the caption's own concept; another line's
    // ("Income from continuing operations") has no concept here.
    // A row of whole amounts there ("Net income $8,711,631" above "Shares
    // used in computation") is the computation's money, not the line.
    // The row's amounts are looked at last: most rows are under no
    // per-share caption.
    if !is_per_share(vocab, &concept)
        && let Some((caption, outer)) = section.split_last()
        && let Some(per_share) = concepts
            .get(vocab, caption, &Arc::from(outer), statement)
            .filter(|c| is_per_share(vocab, c))
        && vocab
            .info(concept.as_str())
            .is_some_and(|i| i.measure == Measure::Monetary)
        && prints_cents(row, label_col)
    {
        return PER_SHARE_OF
            .contains(&concept.as_str())
            .then_some(per_share);
    }
    let concept = if is_per_share(vocab, &concept) && prints_an_amount(label) {
        // The label prints the per-share figure ("Common stock, par value
        // $5.00 – … shares issued"): the row's number is the line's money,
        // the concept its head's.
        let head = label_head(label);
        concepts
            .get(vocab, head, section, statement)
            .filter(|c| head != label && !is_per_share(vocab, c))?
    } else {
        concept
    };
    if all_percent(row_toks, label_col) {
        percent_concept(vocab, label, concept)
    } else {
        Some(concept)
    }
}

/// Every column of the current header that has a period has an instant,
/// and one does: a table of balances.
fn dated_by_instants(columns: &[Option<Column>], infos: &[ColumnInfo]) -> bool {
    let mut periods = columns
        .iter()
        .flatten()
        .filter_map(|c| c.info)
        .filter_map(|i| infos.get(usize::try_from(i).ok()?))
        .filter_map(|info| info.period.as_ref())
        .peekable();
    periods.peek().is_some() && periods.all(|p| matches!(p, Period::Instant { .. }))
}

/// Every amount of a row is printed with cents ("$6.95"), and there is
/// one: how a per-share line prints.
fn prints_cents(row: &[GridValue], label_col: Option<usize>) -> bool {
    let mut amounts = row
        .iter()
        .enumerate()
        .filter(|(c, _)| label_col.is_none_or(|l| *c > l))
        .filter_map(|(_, v)| match v {
            GridValue::Number(a) => Some(*a),
            GridValue::Text { text, .. } => parse_amount(text.trim()),
            _ => None,
        })
        .filter(|a| !a.dash && !a.percent)
        .peekable();
    amounts.peek().is_some() && amounts.all(|a| a.decimals > 0)
}

/// Lines of profit whose amount per share, under a per-share caption, is
/// the caption's concept.
const PER_SHARE_OF: [&str; 4] = [
    "NetIncomeLoss",
    "NetIncomeLossAvailableToCommonStockholdersBasic",
    "NetIncomeLossAttributableToParent",
    "ProfitLoss",
];

/// The concept counts money per share.
fn is_per_share(vocab: &Vocab, concept: &ConceptId) -> bool {
    vocab
        .info(concept.as_str())
        .is_some_and(|i| i.measure == Measure::PerShare)
}

/// The label writes an amount of money itself: "$5.00", "$0.001 par value",
/// "€1".
fn prints_an_amount(label: &str) -> bool {
    let chars: Vec<char> = label.chars().collect();
    chars.windows(2).any(|w| match w {
        [mark, next] => matches!(mark, '$' | '€' | '£' | '¥') && next.is_ascii_digit(),
        _ => false,
    }) || chars.windows(3).any(|w| match w {
        [mark, ' ', next] => matches!(mark, '$' | '€' | '£' | '¥') && next.is_ascii_digit(),
        _ => false,
    })
}

/// A label up to its first comma, dash, parenthesis, semicolon or colon:
/// "Common stock, par value $5.00 – …" → "Common stock".
fn label_head(label: &str) -> &str {
    label
        .split([',', '—', '–', '(', ';', ':'])
        .next()
        .unwrap_or(label)
        .split(" - ")
        .next()
        .unwrap_or(label)
        .trim()
}

/// True when every amount right of the label column is written as a percentage.
fn all_percent(row: &[Tok], label_col: Option<usize>) -> bool {
    let mut percents = row
        .iter()
        .enumerate()
        .filter(|(c, _)| label_col.is_none_or(|l| *c > l))
        .filter_map(|(_, t)| match t {
            Tok::Amount { percent, .. } => Some(*percent),
            _ => None,
        })
        .peekable();
    percents.peek().is_some() && percents.all(|p| p)
}

/// A row of percentages cannot be a monetary line: "Gross margin" in a KPI
/// table of percentages is the margin ratio, not gross profit. Keep the
/// concept only if it is a percentage or ratio; else take the percentage
/// concept the label names in claim wording, or none.
fn percent_concept(vocab: &Vocab, label: &str, concept: ConceptId) -> Option<ConceptId> {
    let is_ratio = |id: &ConceptId| {
        vocab
            .info(id.as_str())
            .is_some_and(|i| matches!(i.measure, Measure::Percent | Measure::Ratio))
    };
    if is_ratio(&concept) {
        return Some(concept);
    }
    vocab
        .find_in_text(label)
        .map(|(_, id)| id)
        .filter(|id| is_ratio(id))
}

/// The scale a unit line gives a quantity of this measure: money takes the
/// unit; per-share figures, percentages and ratios are never scaled; share
/// counts take the share clause, else the unit unless it was money-only.
pub fn scale_for(measure: Measure, unit: &UnitLine) -> Decimal {
    match measure {
        Measure::Monetary => unit.scale,
        Measure::PerShare | Measure::Percent | Measure::Ratio => Decimal::ONE,
        Measure::Shares => unit.share_scale.unwrap_or(if unit.monetary_only {
            Decimal::ONE
        } else {
            unit.scale
        }),
        Measure::Number => {
            if unit.monetary_only {
                Decimal::ONE
            } else {
                unit.scale
            }
        }
    }
}

/// The first unit line among a table's title and header texts. A unit
/// clause a header's stub breaks over two lines ("(Dollars in millions,
/// except" / "per share amounts)") is read whole, with its exceptions.
fn unit_of<'a>(texts: impl Iterator<Item = &'a str>) -> Option<UnitLine> {
    let mut texts = texts.peekable();
    while let Some(text) = texts.next() {
        if text.matches('(').count() > text.matches(')').count()
            && let Some(next) = texts.peek()
            && next.matches(')').count() > next.matches('(').count()
            && let Some(unit) = parse_unit_line(&format!("{text} {next}"))
        {
            return Some(unit);
        }
        if let Some(unit) = parse_unit_line(text) {
            return Some(unit);
        }
    }
    None
}

/// The unit a label states for its own numbers in a closing parenthesis:
/// 3M's "Sales (millions)", "Operating income ($ in millions)", "Shares
/// outstanding (in thousands)". Only a short parenthesis that is a unit
/// and nothing else counts ("Notes (3.875% due 2052)" and "Revenue (net of
/// $12 million in returns)" are not units).
pub(crate) fn trailing_unit(label: &str) -> Option<UnitLine> {
    trailing_unit_clause(label).map(|(_, _, unit)| unit)
}

/// [`trailing_unit`], with the text it was read from (trimmed, a closing
/// ":" dropped) and its unit clause, parentheses included ("(dollars in
/// millions)").
pub(crate) fn trailing_unit_clause(label: &str) -> Option<(&str, &str, UnitLine)> {
    let body = label.trim().trim_end_matches(':').trim_end();
    let inner = body.strip_suffix(')')?;
    let open = inner.rfind('(')?;
    let inner = inner.get(open + 1..)?;
    let words = inner.split_whitespace().count();
    if words == 0 || words > 4 || inner.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let unit = parse_unit_line(inner)?;
    Some((body, body.get(open..)?, unit))
}

/// A label that says its numbers are hundredths of the currency, at its
/// end: "Basic earnings per share (pence)", "Dividends per share (in
/// cents)", "Earnings per share, pence". Not a phrase inside the label
/// ("Final dividend of AU 14 cents (2017: AU 12 cents)" is an amount in the
/// table's units).
fn in_minor_unit(label: &str) -> bool {
    static MINOR: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)(?:\((?:in\s+)?(?:pence|cents|p|¢)\)|[,–-]\s*(?:in\s+)?(?:pence|cents))\s*$",
        )
        .ok()
    });
    MINOR.as_ref().is_some_and(|r| r.is_match(label.trim()))
}

/// A row's measure: the concept's when known, else what the label and
/// section say, else money. Only the head of a label counts — the part
/// before a parenthesis, comma or semicolon — so "Cash dividends declared
/// ($0.96 per share)" is money and "Common stock, $0.01 par value; 2,000
/// shares authorized" is not a share count.
fn row_measure(concept: Option<Measure>, label: Option<&str>, section: &[String]) -> Measure {
    // SEC renderings say a row's unit at its end: "(in shares)", "(in
    // dollars per share)".
    let whole = label.unwrap_or("").to_lowercase();
    if whole.contains("(in shares)") {
        return Measure::Shares;
    }
    if whole.split("(in ").skip(1).any(|rest| {
        rest.split(')')
            .next()
            .is_some_and(|unit| unit.contains("per share"))
    }) {
        return Measure::PerShare;
    }
    if let Some(measure) = concept {
        return measure;
    }
    let head = |text: &str| -> String {
        text.split(['(', ',', ';', '['])
            .next()
            .unwrap_or("")
            .to_lowercase()
            .replace('-', " ")
    };
    let label = head(label.unwrap_or(""));
    let mut words = label.clone();
    for s in section {
        words.push(' ');
        words.push_str(&head(s));
    }
    let has_word = |text: &str, word: &str| {
        text.split(|c: char| !c.is_alphanumeric())
            .any(|w| w == word)
    };
    // "Shares used in computing net income per share" counts shares, so share
    // counts are recognised before "per share".
    let counts_shares = [
        "shares used",
        "shares outstanding",
        "weighted average shares",
        "weighted average number of",
        "number of shares",
        "shares in computing",
    ]
    .iter()
    .any(|p| words.contains(p));
    let per_share = [
        "per share",
        "per common share",
        "per ordinary share",
        "per diluted share",
        "per basic share",
    ]
    .iter()
    .any(|p| words.contains(p))
        || has_word(&words, "eps");
    if counts_shares && !label.contains("per share") {
        Measure::Shares
    } else if per_share {
        Measure::PerShare
    } else if has_word(&words, "shares") {
        Measure::Shares
    } else if label.trim_start().starts_with("number of ") {
        // "Number of employees", "Number of stores": counts, not money.
        Measure::Number
    } else {
        Measure::Monetary
    }
}

/// The tokens of a grid, row by row, in one allocation.
struct Toks {
    flat: Vec<Tok>,
    starts: Vec<usize>,
}

impl Toks {
    fn new(grid: &[Vec<GridValue>], parsed: &mut Vec<Amount>) -> Toks {
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

    fn get(&self, r: usize) -> Option<&[Tok]> {
        let (start, end) = (*self.starts.get(r)?, *self.starts.get(r + 1)?);
        self.flat.get(start..end)
    }

    fn iter(&self) -> impl Iterator<Item = &[Tok]> + '_ {
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
fn find_label_column(toks: &Toks) -> Option<usize> {
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

fn classify_rows(grid: &[Vec<GridValue>], toks: &Toks, label_col: Option<usize>) -> Vec<RowKind> {
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
fn values_head(row: &[Tok], label_col: Option<usize>) -> bool {
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

/// A label cell that belongs to the header (the "stub"): a unit line, period
/// words, a parenthesised note.
fn stub_like(text: &str) -> bool {
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
        || [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
            "jan.",
            "feb.",
            "mar.",
            "apr.",
            "jun.",
            "jul.",
            "aug.",
            "sep.",
            "sept.",
            "oct.",
            "nov.",
            "dec.",
        ]
        .iter()
        .any(|m| t.contains(m))
}

/// The label columns' text of one header block, per value column.
fn header_columns(
    grid: &[Vec<GridValue>],
    toks: &Toks,
    block: &[usize],
    label_col: Option<usize>,
    merges: &[super::Merge],
    hint: PeriodHint,
) -> (Vec<Option<(ColumnInfo, bool)>>, bool) {
    let width = block
        .iter()
        .filter_map(|r| grid.get(*r).map(Vec::len))
        .max()
        .unwrap_or(0);
    let first_value_col = label_col.map_or(0, |l| l + 1);
    let mut columns = vec![None; width];
    let mut uncertain = false;
    // A year alone in the label column of a header row ("2024 | March 31 |
    // June 30 | …", quarterly data with the years stacked) is the year of
    // that row's dates.
    let stub_years: Vec<Option<String>> = block
        .iter()
        .map(|&r| {
            let text = label_col.and_then(|l| text_at(grid, r, l))?.trim();
            let year: i64 = text.parse().ok()?;
            (text.len() == 4 && crate::period::is_year(year)).then(|| text.to_string())
        })
        .collect();
    let has_year = |text: &str| {
        text.split(|c: char| !c.is_ascii_digit())
            .any(|d| d.len() == 4 && d.parse().is_ok_and(crate::period::is_year))
    };
    for c in first_value_col..width {
        let mut parts: Vec<String> = Vec::new();
        let mut spanned = false;
        for (i, &r) in block.iter().enumerate() {
            let last_row = i + 1 == block.len();
            let part = header_part(grid, toks, r, c).or_else(|| {
                // A merged region covering the cell decides; a cell no merge
                // covers may be spanned by the header text to its left.
                if let Some(m) = merges.iter().find(|m| m.contains(r, c)) {
                    (m.first_row == r && m.first_col != c)
                        .then(|| header_part(grid, toks, r, m.first_col))
                        .flatten()
                } else if !last_row {
                    let below = block.last().copied().unwrap_or(r);
                    let part = spanning_part(grid, toks, r, c, first_value_col, merges, below);
                    spanned |= part.is_some();
                    part
                } else {
                    None
                }
            });
            let part = match (part, stub_years.get(i).and_then(Option::as_ref)) {
                (Some(part), Some(year)) if !has_year(&part) => Some(format!("{part}, {year}")),
                (part, _) => part,
            };
            if let Some(part) = part
                && parts.last() != Some(&part)
            {
                parts.push(part);
            }
        }
        if parts.is_empty() {
            continue;
        }
        let label = parts.join(" ");
        let note = matches!(
            label.trim().to_lowercase().trim_end_matches('.'),
            "note" | "notes" | "note(s)" | "ref" | "ref."
        );
        let period = if note {
            None
        } else {
            // A unit caption under the years ("2024" over "€m") names no period.
            let timed: Vec<&str> = parts
                .iter()
                .map(String::as_str)
                .filter(|p| parse_unit_line(p).is_none() || parse_period(p, hint).is_some())
                .collect();
            (0..timed.len())
                .find_map(|start| {
                    let text = timed.get(start..).map(|p| p.join(" ")).unwrap_or_default();
                    parse_period(&text, hint)
                })
                .or_else(|| parse_period_prefix(&parts.join(" "), hint))
        };
        uncertain |= spanned && period.as_ref().is_none_or(Period::is_change);
        if let Some(slot) = columns.get_mut(c) {
            let measure = column_measure(&label);
            let basis_points = names_basis_points(&label);
            *slot = Some((
                ColumnInfo {
                    label: Some(label),
                    period,
                    measure,
                    basis_points,
                },
                note,
            ));
        }
    }
    quarter_ordinals(&mut columns, hint);
    (columns, uncertain)
}

/// Columns headed "First | Second | Third | Fourth", and nothing else, are
/// the quarters: a quarterly table leaves "Quarter" to its title.
fn quarter_ordinals(columns: &mut [Option<(ColumnInfo, bool)>], hint: PeriodHint) {
    let ordinal = |info: &ColumnInfo| info.label.as_deref().and_then(crate::period::ordinal_word);
    let found: Vec<u8> = columns
        .iter()
        .flatten()
        .filter(|(info, _)| info.period.is_none())
        .filter_map(|(info, _)| ordinal(info))
        .collect();
    // In order, one quarter after another, at least two of them.
    let in_order = found.len() >= 2
        && found
            .windows(2)
            .all(|w| w.first().map(|a| a + 1) == w.last().copied());
    if !in_order {
        return;
    }
    for (info, _) in columns.iter_mut().flatten() {
        if info.period.is_none()
            && ordinal(info).is_some()
            && let Some(label) = info.label.as_deref()
        {
            info.period = parse_period(&format!("{} quarter", label.trim()), hint);
        }
    }
}

/// What a column header says its cells count: money per share ("Average
/// Price Paid per Share"), or shares ("Total Number of Shares Purchased",
/// "Shares"); `None` when it does not say.
/// Whether a column header says its cells are basis points ("Change
/// (bps)", "Basis points").
fn names_basis_points(label: &str) -> bool {
    let lower = label.to_lowercase();
    lower.contains("basis point")
        || lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == "bps" || w == "bp")
}

fn column_measure(label: &str) -> Option<Measure> {
    let lower = label.to_lowercase();
    // "per share", "per common share", 3M's "Earnings Per Diluted Share".
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let per_share = words.iter().enumerate().any(|(i, w)| {
        *w == "per"
            && words
                .iter()
                .skip(i + 1)
                .find(|w| !matches!(**w, "basic" | "diluted" | "common" | "ordinary"))
                .is_some_and(|w| *w == "share")
    });
    if per_share {
        Some(Measure::PerShare)
    } else if words.contains(&"shares") {
        Some(Measure::Shares)
    } else {
        None
    }
}

/// A title line naming a span without its year ("Nine Months Ended
/// September 30,") over columns headed by bare years ("2024", "2023"): each
/// column is that span in its year. Only a title line that is no period by
/// itself and becomes one with the year is used.
fn apply_title_span(
    columns: &mut [Option<(ColumnInfo, bool)>],
    title: &[String],
    hint: PeriodHint,
) {
    let spans: Vec<&str> = title
        .iter()
        .map(String::as_str)
        .filter(|t| {
            let lower = t.to_lowercase();
            (lower.contains("ended") || lower.contains("ending") || lower.contains("as of"))
                && parse_period(t, hint).is_none()
        })
        .collect();
    let Some(span) = spans.first() else {
        apply_lead_in_span(columns, title, hint);
        return;
    };
    for (info, _) in columns.iter_mut().flatten() {
        let year = match &info.period {
            Some(Period::Duration {
                fy: Some(y),
                months: Some(12),
                quarter: None,
                half: None,
                to_quarter: None,
                start: None,
                end: None,
            }) => *y,
            Some(Period::Instant {
                date: None,
                fy: Some(y),
            }) => *y,
            _ => continue,
        };
        if let Some(p) = span_in_year(span, year, hint) {
            info.period = Some(p);
        }
    }
}

/// A title line (an HTML table's lead-in sentence is one) naming a span
/// with no date of its own after "for the" ("Income before tax by segment
/// of business for the fiscal six months were as follows:", J&J's 10-Q)
/// over columns headed by full dates of one month ("June 29, 2025 | June
/// 30, 2024"): each column is that span ending on its date, not the
/// balance at it. Only when every dated column is such a date, and the
/// table is no balance sheet: "maturities of three months or less" or "the
/// next twelve months" of a balance note are no span of its columns.
fn apply_lead_in_span(
    columns: &mut [Option<(ColumnInfo, bool)>],
    title: &[String],
    hint: PeriodHint,
) {
    if hint.statement == StatementKind::Balance {
        return;
    }
    let Some(span) = title.iter().find_map(|t| span_words(t)) else {
        return;
    };
    let dated = |info: &ColumnInfo| match &info.period {
        Some(Period::Instant { date: Some(d), .. }) => Some(*d),
        _ => None,
    };
    let mut month = None;
    for (info, _) in columns.iter().flatten() {
        match &info.period {
            Some(Period::Instant { date: Some(d), .. }) => {
                if month.is_some_and(|m| m != d.month()) {
                    return;
                }
                month = Some(d.month());
            }
            Some(Period::Change { .. }) | None => {}
            Some(_) => return,
        }
    }
    if month.is_none() {
        return;
    }
    for (info, _) in columns.iter_mut().flatten() {
        let Some(date) = dated(info) else { continue };
        let month = MONTH_NAMES
            .get(usize::try_from(date.month()).unwrap_or(0).saturating_sub(1))
            .copied()
            .unwrap_or("");
        let text = format!("{span} ended {month} {}, {}", date.day(), date.year());
        if let Some(p @ Period::Duration { .. }) = parse_period(&text, hint) {
            info.period = Some(p);
        }
    }
}

/// The span a line names without a date after "for the": "(fiscal) three
/// / six / nine / twelve months", "(fiscal) first … fourth quarter(s)",
/// "twenty-six weeks"; `None` when the line names none, or says "ended",
/// "ending" or "as of" (a span with its date is read whole).
fn span_words(line: &str) -> Option<String> {
    let lower = line.to_lowercase();
    if lower.contains("ended") || lower.contains("ending") || lower.contains("as of") {
        return None;
    }
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(2).enumerate().find_map(|(i, pair)| {
        let [count, unit] = pair else { return None };
        let unit = unit.trim_end_matches('s');
        let counts: &[&str] = match unit {
            "month" => &["three", "six", "nine", "twelve"],
            "quarter" => &["first", "second", "third", "fourth"],
            "week" => &["thirteen", "twenty-six", "thirty-nine", "fifty-two"],
            _ => return None,
        };
        if !counts.contains(count) {
            return None;
        }
        let fiscal = i > 0 && words.get(i - 1) == Some(&"fiscal");
        // "for the (fiscal) six months": the span the table is of.
        let before = if fiscal { i.checked_sub(1)? } else { i };
        let for_the = before >= 2
            && words.get(before - 2) == Some(&"for")
            && words.get(before - 1) == Some(&"the");
        if !for_the {
            return None;
        }
        Some(format!(
            "{}{count} {unit}{}",
            if fiscal { "fiscal " } else { "" },
            if unit == "quarter" { "" } else { "s" }
        ))
    })
}

/// A change column whose header names no periods ("% change" beside
/// "2024 | 2023") compares the two periods the other columns of its header
/// block hold: when there are exactly two, of one kind and length, it runs
/// from the earlier to the later. With three years (or one) it is left
/// undated: which two it compares is not printed.
fn date_change_columns(columns: &mut [Option<(ColumnInfo, bool)>]) {
    let mut periods: Vec<&Period> = Vec::new();
    for (info, _) in columns.iter().flatten() {
        if let Some(p @ (Period::Duration { .. } | Period::Instant { .. })) = &info.period
            && !periods.contains(&p)
        {
            periods.push(p);
        }
    }
    let [a, b] = periods.as_slice() else {
        if periods.len() > 2 {
            date_changes_between(columns);
        }
        return;
    };
    let Some((from, to)) = in_order(a, b) else {
        return;
    };
    let (from, to) = (Box::new(from.clone()), Box::new(to.clone()));
    for (info, _) in columns.iter_mut().flatten() {
        if let Some(Period::Change {
            from: f @ None,
            to: t @ None,
            ..
        }) = &mut info.period
        {
            *f = Some(from.clone());
            *t = Some(to.clone());
        }
    }
}

/// Two periods of one kind and length, earlier first; `None` when they are
/// of different kinds or lengths, or which is earlier is not known.
fn in_order<'p>(a: &'p Period, b: &'p Period) -> Option<(&'p Period, &'p Period)> {
    let key = |p: &Period| match p {
        Period::Duration { months, end, .. } => (0u8, *months, *end, p.year()),
        Period::Instant { date, .. } => (1u8, None, *date, p.year()),
        Period::Change { .. } => (2u8, None, None, None),
    };
    let ((kind_a, months_a, end_a, year_a), (kind_b, months_b, end_b, year_b)) = (key(a), key(b));
    if kind_a != kind_b || kind_a == 2 || months_a != months_b {
        return None;
    }
    let a_first = match (end_a, end_b, year_a, year_b) {
        (Some(x), Some(y), ..) if x != y => x < y,
        (_, _, Some(x), Some(y)) if x != y => x < y,
        _ => return None,
    };
    Some(if a_first { (a, b) } else { (b, a) })
}

/// Undated change columns each printed between the two periods it
/// compares (Apple's "2024 | Change | 2023 | Change | 2022"): when the
/// header block's dated columns alternate, a period, a change, a period, …,
/// ending on a period, each change runs from the earlier of its two
/// neighbours to the later. Any other order ("2024 | 2023 | 2022 | %
/// change | % change") leaves them undated.
fn date_changes_between(columns: &mut [Option<(ColumnInfo, bool)>]) {
    // The dated columns in order: a period, or an undated change (`None`).
    let mut order: Vec<(usize, Option<Period>)> = Vec::new();
    for (c, column) in columns.iter().enumerate() {
        match column.as_ref().and_then(|(info, _)| info.period.as_ref()) {
            Some(p @ (Period::Duration { .. } | Period::Instant { .. })) => {
                order.push((c, Some(p.clone())));
            }
            Some(Period::Change {
                from: None,
                to: None,
                ..
            }) => order.push((c, None)),
            Some(Period::Change { .. }) => return,
            None => {}
        }
    }
    let alternates = order.len() >= 3
        && order.len() % 2 == 1
        && order
            .iter()
            .enumerate()
            .all(|(i, (_, p))| p.is_some() == (i % 2 == 0));
    if !alternates {
        return;
    }
    for pair in order.windows(3).step_by(2) {
        let [(_, Some(left)), (c, None), (_, Some(right))] = pair else {
            continue;
        };
        let Some((from, to)) = in_order(left, right) else {
            continue;
        };
        if let Some(Some((info, _))) = columns.get_mut(*c)
            && let Some(Period::Change { from: f, to: t, .. }) = &mut info.period
        {
            *f = Some(Box::new(from.clone()));
            *t = Some(Box::new(to.clone()));
        }
    }
}

/// A table whose title names a change of sales ("Worldwide Sales Change /
/// By Business Segment" over "Organic sales | Acquisitions | Translation",
/// "Net Revenue Change"): its columns are the parts of that change, so a
/// column dated by a duration ("Year ended December 31, 2022") holds the
/// change over that duration, not an amount of it. The change's start is
/// not printed and stays unknown; a column whose cells print "%" is a
/// percentage change. "Changes in Equity" (plural, "in") is no such title.
fn title_change_columns<'a>(
    columns: &mut [Option<(ColumnInfo, bool)>],
    mut title: impl Iterator<Item = &'a String>,
    percent_cols: &[bool],
) {
    if !title.any(|t| names_sales_change(t)) {
        return;
    }
    let mut ends: Vec<Period> = Vec::new();
    for (c, column) in columns.iter_mut().enumerate() {
        let Some((info, _)) = column else { continue };
        if let Some(p @ Period::Duration { .. }) = &info.period {
            if !ends.contains(p) {
                ends.push(p.clone());
            }
            info.period = Some(Period::Change {
                percent: percent_cols.get(c).copied().unwrap_or(false),
                from: None,
                to: Some(Box::new(p.clone())),
            });
        }
    }
    // A column of the change that prints no year of its own ("Total sales
    // change" beside "Year ended December 31, 2022" over "Organic sales")
    // is of the table's one year.
    if let [end] = ends.as_slice() {
        for (info, _) in columns.iter_mut().flatten() {
            if let Some(Period::Change {
                from: None,
                to: to @ None,
                ..
            }) = &mut info.period
            {
                *to = Some(Box::new(end.clone()));
            }
        }
    }
}

/// A title naming a change of sales or revenue: the word "change" (not
/// "changes") right after "sales", "revenue" or "revenues", and not
/// followed by "in".
fn names_sales_change(title: &str) -> bool {
    let lower = title.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(2).enumerate().any(|(i, pair)| {
        matches!(pair, [m, "change"] if matches!(*m, "sales" | "revenue" | "revenues"))
            && words.get(i + 2) != Some(&"in")
    })
}

/// A span title line read in one year: the whole line, else the longest
/// tail of it that names the span, so that a stub which opens with its unit
/// ("Millions, except per share amounts, for the three months ended June
/// 30,") still dates its columns. A tail must keep its span word ("ended",
/// "ending", "as of"): the bare "June 30," of a span is not an instant.
/// Tails are at most [`SPAN_TAIL_WORDS`] words, so a long line costs a
/// bounded number of reads.
fn span_in_year(span: &str, year: i16, hint: PeriodHint) -> Option<Period> {
    let span = span.trim().trim_end_matches(',');
    let words: Vec<&str> = span.split_whitespace().collect();
    let shortest_start = words.len().saturating_sub(SPAN_TAIL_WORDS).max(1);
    std::iter::once(0)
        .chain(shortest_start..words.len())
        .find_map(|start| {
            let tail = words.get(start..)?.join(" ");
            let lower = tail.to_lowercase();
            if start > 0
                && !(lower.contains("ended") || lower.contains("ending") || lower.contains("as of"))
            {
                return None;
            }
            let tail = tail.trim_start_matches([',', ';']);
            parse_period(&format!("{tail}, {year}"), hint)
                .or_else(|| parse_period(&format!("{tail} {year}"), hint))
        })
}

/// The most words a span tail of a title line has ("for the twenty-six
/// weeks ended December 31," is seven).
const SPAN_TAIL_WORDS: usize = 12;

/// Columns whose header names a share of another figure ("Percent to
/// Sales", "% of revenue", "Percentage of total") and no period hold
/// percentages, "%" printed or not. So do those whose header names a share
/// and a period ("2022" over "% of Total") when some cell prints its "%"
/// (3M's segment table prints it on the first and the total row only): the
/// header alone may have a neighbour's "%" carried into it. Returns, per
/// column, whether it is such a share column.
///
/// Decision: a share column printed beside its amount under a common header
/// ("Fiscal Second Quarter Ended" over "June 29, 2025 | Percent to Sales")
/// is of that amount's period, but it is left without one: given the
/// period, a claim on the amount ("Audit fees, 2019") would fit the share
/// cell too, and the role check does not yet tell a percentage from an
/// amount by the claim's value (docs/labeling.md).
fn share_columns(columns: &[Option<(ColumnInfo, bool)>], percent_cols: &[bool]) -> Vec<bool> {
    columns
        .iter()
        .enumerate()
        .map(|(c, column)| {
            column.as_ref().is_some_and(|(info, note)| {
                !*note
                    && (info.period.is_none() || percent_cols.get(c).copied().unwrap_or(false))
                    && info.label.as_deref().is_some_and(names_share)
            })
        })
        .collect()
}

/// A header's last part names a share: "Percent to Sales", "% of Revenue",
/// "Percentage of total", "%".
fn names_share(label: &str) -> bool {
    let lower = label.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some(at) = words
        .iter()
        .rposition(|w| matches!(*w, "percent" | "percentage" | "%" | "pct" | "pct."))
    else {
        return lower.trim().ends_with('%') || lower.contains("% of ");
    };
    // What follows the word: nothing, or "of/to X".
    match words.get(at + 1) {
        None => true,
        Some(next) => matches!(*next, "of" | "to"),
    }
}

/// A header over a column of currency marks ("$" | "4,200") belongs to the
/// amounts on its right: move it there when that column has no header.
fn shift_headers_off_currency_columns(
    columns: &mut [Option<(ColumnInfo, bool)>],
    amount_cols: &[bool],
) {
    for c in 0..columns.len().saturating_sub(1) {
        let holds_amounts = |c: usize| amount_cols.get(c).copied().unwrap_or(false);
        let free_right = columns.get(c + 1).is_some_and(Option::is_none);
        if columns.get(c).is_some_and(Option::is_some)
            && !holds_amounts(c)
            && free_right
            && holds_amounts(c + 1)
        {
            columns.swap(c, c + 1);
        }
    }
}

/// The period at the start of a header followed by other words, as SEC
/// detail sheets write them ("Mar. 29, 2025 USD ($) Vendor"): the longest
/// leading run of words that reads as a period.
fn parse_period_prefix(text: &str, hint: PeriodHint) -> Option<Period> {
    let words: Vec<&str> = text.split_whitespace().collect();
    (1..words.len()).rev().find_map(|n| {
        let prefix = words.get(..n)?.join(" ");
        parse_period(&prefix, hint)
    })
}

/// One header cell's text: text trimmed, a year as written, a date spelled out.
fn header_part(grid: &[Vec<GridValue>], toks: &Toks, r: usize, c: usize) -> Option<String> {
    let value = grid.get(r)?.get(c)?;
    match (value, toks.get(r)?.get(c)?) {
        (_, Tok::Empty) => None,
        (GridValue::Date(d), _) => Some(d.strftime("%B %-d, %Y").to_string()),
        (v, _) => {
            let collapsed = collapse_whitespace(&v.text());
            (!collapsed.is_empty()).then_some(collapsed)
        }
    }
}

/// A header text with empty cells to its right (in a header row that is not
/// the last) spans them, as long as no merged region says otherwise: a cell
/// covered by a merge, or a merged header, ends the span.
#[allow(clippy::too_many_arguments)] // the grid, the cell and the block's bounds
fn spanning_part(
    grid: &[Vec<GridValue>],
    toks: &Toks,
    r: usize,
    c: usize,
    first_value_col: usize,
    merges: &[super::Merge],
    below: usize,
) -> Option<String> {
    let row = toks.get(r)?;
    for left in (first_value_col..c).rev() {
        // A merged header ends where its merge ends.
        if merges.iter().any(|m| m.contains(r, left)) {
            return None;
        }
        match row.get(left) {
            None | Some(Tok::Empty) => continue,
            // A header cut mid-phrase ("Balance at Beginning of" over
            // "Period") is one column's header on two lines: it spans
            // nothing.
            Some(Tok::Text) if text_at(grid, r, left).is_some_and(ends_mid_phrase) => {
                return None;
            }
            Some(Tok::Text | Tok::Date) => return header_part(grid, toks, r, left),
            Some(_) => break,
        }
    }
    // A centred merged header flattened into one of its columns ("Years
    // Ended December 31," over the second of "2019 | 2018"): the row's only
    // header text spans the run of sub-headers below it that reaches it.
    if merges.iter().any(|m| m.first_row <= r && r <= m.last_row) {
        return None;
    }
    let texts: Vec<usize> = (first_value_col..row.len())
        .filter(|&k| matches!(row.get(k), Some(Tok::Text | Tok::Date)))
        .collect();
    let [k] = texts.as_slice() else {
        return None;
    };
    let sub = toks.get(below)?;
    let headed = |j: usize| {
        matches!(
            sub.get(j),
            Some(Tok::Text | Tok::Date | Tok::Amount { year: true, .. })
        )
    };
    let (lo, hi) = if c < *k { (c, *k) } else { (*k, c) };
    ((lo..=hi).all(headed) && c < *k)
        .then(|| header_part(grid, toks, r, *k))
        .flatten()
}

/// A header text that ends with a word needing one after it ("Balance at
/// Beginning of"): the rest is on the line below, in the same column.
fn ends_mid_phrase(text: &str) -> bool {
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

fn text_at(grid: &[Vec<GridValue>], r: usize, c: usize) -> Option<&str> {
    match grid.get(r)?.get(c)? {
        GridValue::Text { text, .. } if !text.trim().is_empty() => Some(text.as_str()),
        _ => None,
    }
}

fn row_texts(grid: &[Vec<GridValue>], r: usize) -> Vec<String> {
    grid.get(r)
        .map(|row| {
            row.iter()
                .filter(|v| !v.is_blank())
                .map(|v| v.text().trim().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// A row label without its leading whitespace, and its indent level: the
/// cell's indent plus one level per two leading spaces (a tab counts two).
fn label_at(grid: &[Vec<GridValue>], r: usize, c: usize) -> Option<(String, u8)> {
    let GridValue::Text { text, indent } = grid.get(r)?.get(c)? else {
        return None;
    };
    let mut spaces = 0usize;
    for ch in text.chars() {
        match ch {
            ' ' | '\u{a0}' | '\u{2007}' | '\u{202f}' => spaces += 1,
            '\t' => spaces += 2,
            _ => break,
        }
    }
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return None;
    }
    let level = indent.saturating_add(u8::try_from(spaces.div_ceil(2)).unwrap_or(u8::MAX));
    Some((collapse_whitespace(trimmed), level))
}

/// Runs of whitespace inside a label become one space ("Net  sales" → "Net sales").
fn collapse_whitespace(text: &str) -> String {
    let single = !text.bytes().any(|b| b.is_ascii_whitespace() && b != b' ')
        && !text.contains("  ")
        && text.is_ascii();
    if single {
        return text.trim().to_string();
    }
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// A data row whose label column is empty may carry its label in another
/// column (outline layouts: totals one column left, items one right): the
/// last text before the row's first amount, one level out or in.
fn outline_label(
    grid: &[Vec<GridValue>],
    toks: &Toks,
    r: usize,
    label_col: Option<usize>,
) -> Option<(String, u8)> {
    let row = toks.get(r)?;
    let first_amount = row.iter().position(|t| matches!(t, Tok::Amount { .. }))?;
    let c = row
        .get(..first_amount)?
        .iter()
        .rposition(|t| matches!(t, Tok::Text))?;
    let (text, indent) = label_at(grid, r, c)?;
    let indent = match label_col {
        Some(l) if c > l => indent.saturating_add(1),
        Some(_) => 0,
        None => indent,
    };
    Some((text, indent))
}

/// A caption that is really the first line of a wrapped label: no colon, not
/// upper case, and the very next row is data whose label starts in lower case.
fn continues_on_next_row(
    text: &str,
    grid: &[Vec<GridValue>],
    kinds: &[RowKind],
    r: usize,
    label_col: Option<usize>,
) -> bool {
    if text.ends_with(':') || is_upper_case(text) {
        return false;
    }
    let next = r + 1;
    if kinds.get(next) != Some(&RowKind::Data) {
        return false;
    }
    label_col
        .and_then(|c| label_at(grid, next, c))
        .and_then(|(t, _)| t.chars().next())
        .is_some_and(char::is_lowercase)
}

mod blocks;

#[cfg(test)]
mod tests;
