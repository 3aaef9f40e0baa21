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
//!
//! The labeler's parts, each its own submodule: `rows` (tokens, the label
//! column, row kinds: steps 1 and 2), `columns` (a header block's column
//! labels and their periods: step 3) with `column_periods` (periods the
//! columns take from a title, a lead-in or their neighbours), `measure`
//! (the unit line, measures and scales: steps 4 and 5), `concepts` (row
//! concepts: step 5), `cell_text` (cell texts and row labels) and `blocks`
//! (statements printed one under another). This file holds the entry points
//! and the pass over the rows that puts the parts together.

use std::sync::Arc;

use rust_decimal::Decimal;

use super::RawTable;
use super::sections::SectionStack;
use super::statement;
use crate::model::{
    CellRecord, CellRef, ColumnInfo, Coord, GridValue, Measure, Period, RowInfo, StatementKind,
    Table, TablePart,
};
use crate::period::PeriodHint;
use crate::vocab::Vocab;
use cell_text::{continues_on_next_row, label_at, outline_label, row_texts, text_at};
use column_periods::{
    apply_title_span, date_change_columns, quarters_from_year_to_date, title_change_columns,
};
use columns::{header_columns, share_columns, shift_headers_off_currency_columns};
pub(crate) use concepts::ConceptMemo;
use concepts::row_concept;
use lead_percent::LeadPercent;
pub use measure::scale_for;
use measure::{
    ends_in_percent, in_minor_unit, names_earnings, names_per_share, names_percentage,
    names_rate_per_unit, row_measure, states_years, unit_of,
};
pub(crate) use measure::{named_before_unit, trailing_unit, trailing_unit_clause};
use rows::{RowKind, Tok, Toks, classify_rows, find_label_column, stub_like};

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
    // A unit line alone in its row's first cell above the first number,
    // whatever the row was read as: Adobe's "(in millions)" in the column
    // of the years a maturity table's rows are ("2023 | | $95"), left of
    // its labels. One over a later column is that column's (JPMorgan's
    // "(in millions)" over its fair values, not its price inputs).
    let alone: Vec<String> = (0..first_data)
        .filter_map(|r| match row_texts(&grid, r).as_slice() {
            [only]
                if text_at(&grid, r, 0).is_some_and(|t| t.trim() == only)
                    && crate::read::unit_line::parse_unit_line(only).is_some() =>
            {
                Some(only.clone())
            }
            _ => None,
        })
        .collect();
    let unit = unit_of(
        title
            .iter()
            .chain(header_texts.iter())
            .chain(alone.iter())
            .map(String::as_str),
    )
    .unwrap_or_default();

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
        warnings.push(NO_HEADER.to_string());
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
    // Columns, and blocks of them under a caption, of percentages printed
    // with "%" on their first row only.
    let mut lead_percent = LeadPercent::default();
    for (r, kind) in kinds.iter().enumerate() {
        if matches!(kind, RowKind::Caption | RowKind::Header) {
            lead_percent.close_block(r);
        }
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
                }
                if let Some(slot) = amount_cols.get_mut(c) {
                    *slot = true;
                }
                if let Some(slot) = percent_cols.get_mut(c) {
                    *slot |= *percent;
                }
                let amount = parsed.get(*at as usize);
                let fits = amount
                    .is_some_and(|a| a.currency.is_none() && a.value.abs() < Decimal::ONE_THOUSAND)
                    && !currency_before;
                let value = amount.map_or(Decimal::ZERO, |a| a.value);
                lead_percent.see(c, *percent, fits, value);
            }
            currency_before = false;
        }
    }
    lead_percent.close_block(kinds.len());
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
    // A caption row that is a stub (a unit note, "(unaudited)", "As of or
    // for the period ended,"), followed, past at most two more such rows,
    // by a header row.
    let stub_then_header = |at: usize| {
        let stub = |r: usize| {
            kinds.get(r) == Some(&RowKind::Caption)
                && label_col
                    .and_then(|c| text_at(&grid, r, c))
                    .is_some_and(stub_like)
        };
        let mut r = at;
        for _ in 0..3 {
            if !stub(r) {
                return false;
            }
            if header_follows(r) {
                return true;
            }
            match next_non_blank.get(r).copied().flatten() {
                Some(n) => r = n,
                None => return false,
            }
        }
        false
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
                        // So are a few such notes in a row ("(unaudited)"
                        // over "As of or for the period ended," between
                        // JPMorgan's "Three months ended June 30," and its
                        // years).
                        RowKind::Caption if stub_then_header(next) => {
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
                quarters_from_year_to_date(&mut block_columns);
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
                let open = sections.path();
                sections.enter_row(indent, label_text.as_deref().unwrap_or(""));
                let mut section = sections.path();
                // A line of the statement printed again at the foot of a
                // per-share block, at the block caption's indent (Pfizer's
                // "Net income attributable to Pfizer Inc. common
                // shareholders" under "Earnings per common share––basic"),
                // is the block's total per share, not the line again.
                if section.len() < open.len()
                    && open.last().is_some_and(|c| names_per_share(c))
                    && let Some(l) = label_text.as_deref()
                    && names_earnings(l)
                    && rows.iter().any(|row| {
                        row.label
                            .as_deref()
                            .is_some_and(|o| o.eq_ignore_ascii_case(l))
                    })
                {
                    section = open;
                }
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
                // A rate per a unit ("connections per account") is one
                // unit's, whatever the table's unit; a label stating its own
                // unit still scales it (`label_scale` below).
                let scale_exempt = label_text.as_deref().is_some_and(|l| {
                    unit.exempts(l, row_measure, known_money) || names_rate_per_unit(l)
                }) || label_text
                    .as_deref()
                    .into_iter()
                    .chain(section.iter().map(String::as_str))
                    .any(states_years);
                let minor_unit = label_text.as_deref().is_some_and(in_minor_unit);
                // A caption stating its rows' unit scales them when their
                // own label states none: Verizon's "Connections ('000)"
                // over connection counts in a table "in millions".
                let label_scale = label_text
                    .as_deref()
                    .and_then(trailing_unit)
                    .or_else(|| section.iter().rev().find_map(|c| trailing_unit(c)))
                    .map(|u| scale_for(row_measure, &u));
                // "Operating ratio (%)": the row's numbers are percentages,
                // "%" printed or not.
                // So are those under a caption that names a percentage
                // (Amazon's "Year-over-year Percentage Growth:" over "AWS
                // 13 | 19", where the block's first row prints "%"), for
                // a row whose concept is no amount.
                let label_percent = label_text.as_deref().is_some_and(ends_in_percent)
                    || concept_measure.is_none() && row_measure == Measure::Percent
                    || section.last().is_some_and(|c| names_percentage(c))
                        && !matches!(concept_measure, Some(Measure::PerShare | Measure::Shares));
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
                            let money_line = matches!(
                                concept_measure,
                                Some(Measure::Monetary | Measure::PerShare | Measure::Shares)
                            );
                            let lead = lead_percent.applies(r, c, money_line, change_column);
                            if (lead || label_percent || column.is_some_and(|col| col.percent))
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
        segment: crate::model::SegmentSection::None,
    };
    super::gross_net::apply(&mut table);
    super::equity_balances::apply(&mut table, vocab);
    super::row_periods::apply(&mut table);
    super::row_periods::balances_at_header_dates(&mut table, vocab);
    if let Some(note) = super::share_scale::infer(&mut table) {
        table.notes.push(note);
    }
    Labeled {
        table,
        more: Vec::new(),
        spans_uncertain,
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

/// The warning of a table with numbers and no header row.
pub(crate) const NO_HEADER: &str = "no header row found: periods and column labels are null";

mod blocks;
mod cell_text;
mod column_periods;
mod columns;
mod concepts;
mod lead_percent;
mod measure;
mod rows;

#[cfg(test)]
mod tests;
