//! The role of a cell, read from what surrounds it: its row label (with the
//! labeler's concept), its section captions, its column header, its table's
//! title and source name. Read once per table ([`roles_of`]) and kept with
//! the table, so that ranking every candidate of a claim costs lookups, not
//! text reading.
//!
//! - A row's period comes from its column; else from its row label
//!   ("Balance at December 31, 2019"), a section caption ("As at 31 December
//!   2018"), or, in a table whose periods are in its rows (an equity
//!   statement), the span between the balance rows around it.
//! - An opening-balance row ("at beginning of year") in a fiscal-2024 column
//!   is the instant the year starts; a closing one the instant it ends.
//! - Qualifiers come from the label, the sections and the column header; a
//!   qualifier the concept's id carries ("Current" of "AssetsCurrent") is
//!   part of the concept, not an extra word.

use crate::hash::Map as HashMap;

use super::read::{Mode, read};
use crate::model::{
    Cell, ColRole, Direction, LabelSign, Period, Qualifier, RowRole, Table, TableRoles,
};
use crate::period::{find_period, is_bare_year, with_year_of};
pub(crate) use crate::read::row_periods::edge_of;
use crate::vocab::lexicon::{Lexicon, words};
use crate::vocab::{ConceptId, Vocab};

/// Concepts of expense lines, whose printed sign tells a table's convention.
const EXPENSE_CONCEPTS: [&str; 6] = [
    "CostOfRevenue",
    "CostsAndExpenses",
    "OperatingExpenses",
    "ResearchAndDevelopmentExpense",
    "SellingGeneralAndAdministrativeExpense",
    "GeneralAndAdministrativeExpense",
];

/// Labels that say nothing by themselves.
const GENERIC: [&str; 8] = [
    "other",
    "total",
    "subtotal",
    "all",
    "misc",
    "miscellaneous",
    "net",
    "sum",
];

/// The table's roles, read on first use.
pub fn roles_of<'t>(table: &'t Table, vocab: &Vocab) -> &'t TableRoles {
    table.roles.get_or_init(|| Box::new(build(table, vocab)))
}

fn build(table: &Table, vocab: &Vocab) -> TableRoles {
    let lex = Lexicon::builtin();
    let mut out = TableRoles {
        cell_periods: table
            .records
            .iter()
            .map(|_| std::sync::OnceLock::new())
            .collect(),
        ..TableRoles::default()
    };
    let mut caption_memo: HashMap<String, CaptionRole> = HashMap::default();
    // For each caption, the data row just before its section began, when
    // that row stands one level above the caption. A row of another block
    // ("Total Americas" above "EMEA:") closes its own block; it is not the
    // line the next caption's members split.
    let mut anchors: HashMap<String, usize> = HashMap::default();
    for (r, row) in table.rows.iter().enumerate() {
        if let Some((caption, outer)) = row.section.split_last()
            && !anchors.contains_key(caption)
            && let Some(before) = r.checked_sub(1)
            && table.rows.get(before).is_some_and(|b| &*b.section == outer)
        {
            anchors.insert(caption.clone(), before);
        }
    }
    let titled = title_measure(table, vocab);
    let summed = summed_members(table, vocab);
    let title_line = title_line_qualifier(table, lex);
    for (at, row) in table.rows.iter().enumerate() {
        let label = row.label.as_deref().unwrap_or("");
        let reading = read(label, vocab, Mode::Label);
        let mut role = reading.role;
        let named = row.concept.is_some();
        if let Some(concept) = &row.concept {
            // The labeler read the whole label (in its section): its words
            // are the concept's, its qualifier words the concept's own.
            if role.concept.as_ref() != Some(concept) {
                role.concept_words = reading.required.clone();
            }
            role.concept = Some(concept.clone());
            qualifiers_of_concept(&mut role, concept, lex);
        }
        // A member of a breakdown ("Product" under "Cost of revenue:",
        // "Industrial Solutions" under "Segment revenue:") is its section's
        // measure for that member: it takes the innermost caption's concept
        // when its own label names none. Under a caption that names no
        // measure ("Attributable to:"), the members split the line above the
        // caption ("Profit for the year"), and take its concept and words.
        let mut inherited_words: Vec<Box<str>> = Vec::new();
        if role.concept.is_none()
            && let Some(caption) = row.section.last()
        {
            let r = read(caption, vocab, Mode::Label);
            if let Some(c) = r.role.concept {
                role.concept_words = r.role.concept_words.clone();
                role.concept = Some(c);
            } else if let Some(anchor) = anchor_of(&out.rows, &anchors, caption) {
                role.concept.clone_from(&anchor.role.concept);
                role.concept_words.clone_from(&anchor.role.concept_words);
                inherited_words.clone_from(&anchor.label_words);
            }
        }
        // A row of a line's share of a base ("% of net revenue",
        // "Percentage of total revenue") under the line it is the share
        // of, which has its own row just above: the share is that line's,
        // and the line's words are said of it.
        let mut share_of = Vec::new();
        if is_share_row(label)
            && let Some(line) = table
                .rows
                .get(..at)
                .and_then(|above| {
                    above
                        .iter()
                        .rev()
                        .find(|r| !is_share_row(r.label.as_deref().unwrap_or("")))
                })
                .and_then(|r| r.label.as_deref())
            && &*row.section
                == table
                    .rows
                    .get(at.saturating_sub(1))
                    .map_or(&[][..], |r| &*r.section)
        {
            share_of = all_words(line);
            inherited_words.extend(share_of.iter().cloned());
        }
        // A member of a table titled by a measure alone (Adobe's "Cost of
        // Revenue (dollars in millions)" over "Subscription", "Product",
        // "Services and support") is that measure for that member, as
        // under a caption.
        if role.concept.is_none()
            && row.section.is_empty()
            && let Some((concept, words)) = &titled
        {
            role.concept = Some(concept.clone());
            role.concept_words.clone_from(words);
        }
        // A member of a breakdown whose total line names the measure
        // (Adobe's "Digital Media", "Digital Marketing", "Print and
        // Publishing" over "Total revenue"), proved by its sum in every
        // column: that measure for that member, whatever its name reads as
        // ("Digital Marketing" is no marketing expense).
        let mut read_concept = None;
        if !named && let Some(Some((concept, words))) = summed.get(at) {
            read_concept = role.concept.take().filter(|c| c != concept);
            role.concept = Some(concept.clone());
            role.concept_words.clone_from(words);
        }
        // A member of a table whose title measures one line of a kind
        // ("Subscription revenue by reportable segment" over "Digital
        // Media"): that line's member, as if its label said "subscription".
        let mut title_line_words: &[Box<str>] = &[];
        if !named
            && row.section.is_empty()
            && let Some((q, modifiers)) = &title_line
            && let Some(def) = q.def()
            && !role
                .qualifiers
                .iter()
                .chain(&role.implied)
                .any(|r| r.def().is_some_and(|d| d.kind == def.kind))
        {
            role.qualifiers.push(*q);
            title_line_words = modifiers;
        }
        // A concept taken from a caption, a title or a total carries the
        // qualifiers it is marked by, as when a label names it ("Basic" of
        // net income available to common stockholders, Tesla's "As
        // adjusted" under that caption).
        if let Some(c) = role.concept.clone() {
            imply_marks(&mut role, &c, lex);
        }
        // Sections: their words are context; their qualifiers the row's,
        // unless the concept carries them. A reconciliation ("Reconciliation
        // of Net Income to Adjusted EBITDA (Non-GAAP)") lists GAAP lines:
        // its caption's qualifiers are the end product's, not its rows'.
        let mut section_words = inherited_words;
        let mut section_qualifiers = Vec::new();
        let mut section_concepts: Vec<ConceptId> = Vec::new();
        let mut section_edge = None;
        let mut numbers = super::read::numbers_in(label);
        for caption in row.section.iter() {
            let read_caption = caption_memo.entry(caption.clone()).or_insert_with(|| {
                let r = read(caption, vocab, Mode::Label);
                // The caption's own qualifier words ("Current assets:"),
                // not those of a concept it happens to name.
                let all = words(caption);
                let plain: Vec<&str> = all.iter().map(|x| x.text.as_str()).collect();
                // "Free Cash Flow (non-GAAP measure)" labels the measure it
                // names: the lines under it (net income, capital
                // expenditures) are reported ones.
                let qualifiers = if plain.first() == Some(&"reconciliation") {
                    Vec::new()
                } else {
                    lex.qualifiers_in(&plain)
                        .into_iter()
                        .filter(|f| {
                            !super::read::labels_outside_gaap(r.role.concept.as_ref(), &plain, f)
                        })
                        .map(|f| qualifier(f.entry))
                        .collect()
                };
                CaptionRole {
                    words: all_words(caption),
                    qualifiers,
                    periods: refined(r.role.periods),
                    concept: r.role.concept,
                    edge: r.edge,
                    numbers: super::read::numbers_in(caption),
                }
            });
            section_words.extend(read_caption.words.iter().cloned());
            section_concepts.extend(read_caption.concept.iter().cloned());
            section_edge = read_caption.edge.or(section_edge);
            numbers.extend(read_caption.numbers.iter().cloned());
            for q in &read_caption.qualifiers {
                let carried = role.implied.contains(q) || role.qualifiers.contains(q);
                if !carried && !section_qualifiers.contains(q) {
                    section_qualifiers.push(*q);
                }
            }
            for p in &read_caption.periods {
                if !role.periods.contains(p) {
                    role.periods.push(p.clone());
                }
            }
        }
        section_words.sort();
        section_words.dedup();
        let mut context_words = all_words(label);
        context_words.extend(section_words.iter().cloned());
        context_words.sort();
        context_words.dedup();
        let mut label_words = reading.required;
        // The title's words for the line before its qualifier ("Wireless"
        // of "Wireless service revenue") are the member's line too.
        if !title_line_words.is_empty() {
            label_words.extend(title_line_words.iter().cloned());
            label_words.sort();
            label_words.dedup();
        }
        let generic = label_words
            .iter()
            .all(|w| GENERIC.contains(&&**w) || &**w == "total");
        let sign = label_sign(label, role.concept.as_ref(), role.direction)
            .or_else(|| working_capital_sign(label, &row.section, table.statement))
            .or_else(|| cash_flow_sign(&row.section, table.statement))
            .or_else(|| comprehensive_income_sign(&row.section));
        // "Segment operating income (loss)" is the operating income line:
        // the other way, in parentheses, is no word a role must say.
        if matches!(sign, Some(LabelSign::Both(_) | LabelSign::BothReversed(_))) {
            let aside = other_way_aside(label, role.concept.as_ref());
            label_words.retain(|w| !aside.iter().any(|a| a.as_str() == &**w));
        }
        role.direction = None;
        let label_numbers = reading.numbers.clone();
        let currencies = reading
            .soft
            .iter()
            .filter(|w| super::read::is_currency_word(w))
            .cloned()
            .collect();
        numbers.sort();
        numbers.dedup();
        out.rows.push(RowRole {
            adjusts_opening: crate::read::row_periods::adjusts_opening(label),
            role,
            label_words,
            read_concept,
            share_of,
            section_words,
            section_qualifiers,
            context_words,
            initials: words(label)
                .iter()
                .map(|w| w.text.bytes().next().unwrap_or(b' '))
                .collect(),
            generic,
            named,
            edge: reading.edge,
            sign,
            numbers,
            label_numbers,
            currencies,
            dated: reading.dated || reading.edge.is_some(),
            section_concepts,
            section_edge: if reading.edge.is_none() {
                section_edge
            } else {
                None
            },
        });
    }
    for column in &table.columns {
        let label = column.label.as_deref().unwrap_or("");
        let reading = read(label, vocab, Mode::Label);
        let period = column
            .period
            .clone()
            .or_else(|| find_period(label).map(|(_, p)| p));
        let mut qualifiers = reading.role.qualifiers.clone();
        qualifiers.extend(reading.role.implied.iter().copied());
        // The header besides its period: its words, and its numbers.
        let rest = match find_period(label) {
            Some((range, _)) => format!(
                "{} {}",
                label.get(..range.start).unwrap_or(""),
                label.get(range.end..).unwrap_or("")
            ),
            None => label.to_string(),
        };
        out.cols.push(ColRole {
            period,
            words: all_words(&rest),
            qualifiers,
            edge: reading.edge,
            numbers: super::read::numbers_in(&rest),
        });
    }
    listed_rows(table, vocab, &mut out);
    component_columns(table, vocab, &mut out);
    let mut title: Vec<Box<str>> = table
        .title
        .iter()
        .map(String::as_str)
        .chain(std::iter::once(table.reference.source.as_ref()))
        .flat_map(all_words)
        .collect();
    // The filer's name is said of every table of its report, for a claim
    // that names the filer (`TableRoles::said_of_table`): "Adobe
    // subscription revenue" names whose report, not another line.
    out.filer_words = filer_words(table.filer.as_deref());
    out.filer_first = table.filer.as_deref().and_then(|name| {
        crate::read::filer::naming_words(name)
            .next()
            .and_then(|first| all_words(first).into_iter().next())
    });
    out.filer_initials = table
        .filer
        .as_deref()
        .and_then(crate::read::filer::ampersand_initials)
        .map(String::into_boxed_str);
    // The segment the title names, else the sentence introducing the
    // table (a PDF's "… for our Seller segment …:"); its words are said of
    // the table as a title's are.
    out.title_member = table
        .title
        .iter()
        .find_map(|line| title_member(line))
        .or_else(|| table.lead_in.as_deref().and_then(title_member))
        .or(table.segment.name())
        .map(|member| {
            let mut words = all_words(member);
            words.sort();
            words.dedup();
            words
        })
        .unwrap_or_default();
    if !out.title_member.is_empty() {
        // A table of one segment's: a role naming the segment ("Cash App
        // segment gross profit") finds its words, "segment" among them.
        title.extend(out.title_member.iter().cloned());
        title.extend(all_words("segment"));
    }
    title.sort();
    title.dedup();
    out.title_words = title;
    out.consolidated = super::consolidated::is_consolidated_statement(table);
    out.expenses_negative = expenses_negative(table);
    out.contributions = table.lead_in.as_deref().is_some_and(names_contributions);
    out.straddles_sections = table.segment == crate::model::SegmentSection::Straddles;
    out.tags = table
        .tags
        .iter()
        .map(|t| {
            // The tag's concept without its members: the fact's, or the
            // line's a change column's fact stands for
            // (`read::html::tags::keep_printed_change`).
            let base = t.concept.as_str();
            let base = base.split_once('[').map_or(base, |(b, _)| b);
            (Some(ConceptId::new(base)), !t.fact.context.dims.is_empty())
        })
        .collect();
    for (r, row) in out.rows.iter().enumerate() {
        let at = u32::try_from(r).unwrap_or(u32::MAX);
        for w in &row.context_words {
            let list = out.by_word.entry(w.clone()).or_default();
            if list.last() != Some(&at) {
                list.push(at);
            }
        }
        if let Some(c) = &row.role.concept {
            out.by_concept.entry(c.clone()).or_default().push(at);
        }
    }
    // A tagged cell's concept is its tag's: its row is found by that
    // concept too, whatever the labeler read the row as.
    for (tag, (concept, _)) in table.tags.iter().zip(&out.tags) {
        if let (Some(cell), Some(concept)) = (table.cell_at(tag.coord), concept) {
            let list = out.by_concept.entry(concept.clone()).or_default();
            list.push(cell.record().row);
        }
    }
    for (&(r, _), row) in &out.listed {
        if let Some(c) = &row.role.concept {
            out.by_concept.entry(c.clone()).or_default().push(r);
        }
    }
    for list in out.by_concept.values_mut() {
        list.sort_unstable();
        list.dedup();
    }
    let mut column_words: Vec<Box<str>> = out.cols.iter().flat_map(|c| c.words.clone()).collect();
    column_words.sort();
    column_words.dedup();
    out.column_words = column_words;
    // Records are row-major and grouped by row index.
    out.row_cells = vec![0..0; table.rows.len()];
    for (i, record) in table.records.iter().enumerate() {
        let i = u32::try_from(i).unwrap_or(u32::MAX);
        if let Some(range) = out.row_cells.get_mut(record.row as usize) {
            if range.start == range.end {
                *range = i..i + 1;
            } else {
                range.end = i + 1;
            }
        }
    }
    out
}

/// A role whose concept names its whole label: the qualifiers it states are
/// the concept's own (implied, not a difference from a cell), and so are
/// those the concept is marked by in the lexicon.
fn qualifiers_of_concept(role: &mut crate::model::Role, concept: &ConceptId, lex: &Lexicon) {
    for q in std::mem::take(&mut role.qualifiers) {
        if !role.implied.contains(&q) {
            role.implied.push(q);
        }
    }
    imply_marks(role, concept, lex);
}

/// The qualifiers a concept is marked by in the lexicon ("Basic" of net
/// income available to common stockholders), implied by its line.
fn imply_marks(role: &mut crate::model::Role, concept: &ConceptId, lex: &Lexicon) {
    for q in lex.marked_by(concept.as_str()).map(qualifier) {
        if !role.implied.contains(&q) {
            role.implied.push(q);
        }
    }
}

/// The measures a row label lists ("Adjusted EBITDA, EBIT, Net income and
/// EPS": four), each of at most four words, no digits; `None` for a label
/// that is no such list (fewer than three items).
fn listed_measures(label: &str) -> Option<Vec<&str>> {
    if label.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let (head, last) = label.rsplit_once(" and ")?;
    let items: Vec<&str> = head
        .split(',')
        .chain(std::iter::once(last))
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .collect();
    (items.len() >= 3 && items.iter().all(|i| i.split_whitespace().count() <= 4)).then_some(items)
}

/// The rows whose label lists measures, read in each column whose header
/// names exactly one of them, as that measure with the list's qualifiers
/// (the words its first item has before its measure: "Adjusted"). The other
/// items' words are no longer the row's, so a claim of one of them ("EBIT"
/// in the "EBITDA" column) does not fit.
fn listed_rows(table: &Table, vocab: &Vocab, out: &mut TableRoles) {
    let lex = Lexicon::builtin();
    for (r, row) in table.rows.iter().enumerate() {
        let Some(items) = row.label.as_deref().and_then(listed_measures) else {
            continue;
        };
        let Some(role) = out.rows.get(r) else {
            continue;
        };
        let first_words = all_words(items.first().copied().unwrap_or_default());
        let shared: Vec<Box<str>> = first_words
            .iter()
            .filter(|w| !lex.qualifiers_in(&[&***w]).is_empty())
            .cloned()
            .collect();
        let item_words: Vec<Vec<Box<str>>> = items
            .iter()
            .map(|i| {
                all_words(i)
                    .into_iter()
                    .filter(|w| !shared.contains(w))
                    .collect()
            })
            .collect();
        for (c, col) in out.cols.iter().enumerate() {
            let named: Vec<usize> = item_words
                .iter()
                .enumerate()
                .filter(|(_, words)| {
                    !words.is_empty() && words.iter().all(|w| col.words.contains(w))
                })
                .map(|(i, _)| i)
                .collect();
            let [one] = named.as_slice() else {
                continue;
            };
            let Some(item) = items.get(*one) else {
                continue;
            };
            let own: Vec<&Box<str>> = item_words.get(*one).into_iter().flatten().collect();
            let others: Vec<&Box<str>> = item_words
                .iter()
                .enumerate()
                .filter(|(i, _)| i != one)
                .flat_map(|(_, w)| w)
                .filter(|w| !own.contains(w))
                .collect();
            let qualifiers: Vec<&str> = shared.iter().map(|w| &**w).collect();
            let text = format!("{} {}", qualifiers.join(" "), item.trim());
            let reading = read(&text, vocab, Mode::Label);
            let mut listed = role.clone();
            listed.label_words.retain(|w| !others.contains(&w));
            listed.context_words.retain(|w| !others.contains(&w));
            // The item's reading, not the whole list's: a concept the labeler
            // found in the list is one item's.
            listed.role = reading.role;
            listed.named = listed.role.concept.is_some();
            if let Some(concept) = listed.role.concept.clone() {
                listed.role.concept_words.clone_from(&reading.required);
                qualifiers_of_concept(&mut listed.role, &concept, lex);
            }
            let (Ok(r), Ok(c)) = (u32::try_from(r), u32::try_from(c)) else {
                continue;
            };
            out.listed.insert((r, c), listed);
        }
    }
}

/// An equity statement whose components are its columns ("Common Stock
/// and Additional Paid-in Capital | Retained Earnings | Accumulated Other
/// Comprehensive Income (Loss) | Total"): a balance row's cell (total
/// equity by its row, `read::equity_balances`) in a component's column is
/// that component's balance, as the filer's tag says (stockholders' equity
/// with the component's member). It is read as the column's concept, so
/// "Retained earnings, June 30, 2023" names it and "Total stockholders'
/// equity" names the total column's cell only.
fn component_columns(table: &Table, vocab: &Vocab, out: &mut TableRoles) {
    use crate::check::equity::{TOTAL_EQUITY, is_component, words_of};
    let is_total =
        |row: &RowRole| row.role.concept.as_ref().map(ConceptId::as_str) == Some(TOTAL_EQUITY);
    // Most tables have no balance of total equity: their columns are not read.
    if !out.rows.iter().any(is_total) {
        return;
    }
    /// A component column: its index, concept, the words its concept
    /// reads from, and its label's words (`check::equity`).
    struct Component {
        column: u32,
        id: ConceptId,
        required: Vec<Box<str>>,
        label: Vec<Box<str>>,
    }
    let components: Vec<Component> = table
        .columns
        .iter()
        .enumerate()
        .filter_map(|(c, col)| {
            let label = col.label.as_deref()?;
            let reading = read(label, vocab, Mode::Label);
            let id = reading.role.concept.filter(|id| is_component(id, vocab))?;
            Some(Component {
                column: u32::try_from(c).ok()?,
                id,
                required: reading.required,
                label: words_of(label),
            })
        })
        .collect();
    if components.is_empty() {
        return;
    }
    out.components = components
        .iter()
        .map(|c| (c.column, c.id.clone(), c.label.clone()))
        .collect();
    let lex = Lexicon::builtin();
    for (r, row) in out.rows.iter().enumerate() {
        if !is_total(row) {
            continue;
        }
        let Ok(r) = u32::try_from(r) else {
            continue;
        };
        for c in &components {
            if out.listed.contains_key(&(r, c.column)) {
                continue;
            }
            let mut own = row.clone();
            own.role.concept = Some(c.id.clone());
            own.role.concept_words.clone_from(&c.required);
            own.named = true;
            qualifiers_of_concept(&mut own.role, &c.id, lex);
            out.listed.insert((r, c.column), own);
        }
    }
}

/// The measure a table's title names and nothing else ("Cost of Revenue
/// (dollars in millions)", "Revenue"): a vocabulary label, its unit clause
/// aside, of at most six words; with its words.
fn title_measure(table: &Table, vocab: &Vocab) -> Option<(ConceptId, Vec<Box<str>>)> {
    let first = table.title.first()?;
    let text = match first.find('(') {
        Some(at) => first.get(..at)?,
        None => first.as_str(),
    }
    .trim()
    .trim_end_matches(':');
    if text.is_empty() || text.split_whitespace().count() > 6 {
        return None;
    }
    let concept = vocab.match_label(text, &[], table.statement)?;
    let reading = read(text, vocab, Mode::Label);
    (reading.role.concept.as_ref() == Some(&concept))
        .then_some((concept, reading.role.concept_words))
}

/// For each row, the measure of the total line it adds up to, where the
/// rows without a concept, a section or a word of a total just above a
/// "Total …" line that names a concept add up to it, to the printed digit,
/// in every column where they all print an amount, and in at least one
/// ("Digital Media 5,010.6 + Digital Marketing 2,120.0 + Print and
/// Publishing 170.9 = Total revenue 7,301.5"). Rows of percentages between
/// them ("Percentage of total revenue") are passed over; any other row
/// ends the block. A column where the sum fails, or a member without an
/// amount where the total has one, proves nothing: the block is left
/// unnamed.
fn summed_members(table: &Table, vocab: &Vocab) -> Vec<Option<(ConceptId, Vec<Box<str>>)>> {
    let n = table.rows.len();
    let mut out: Vec<Option<(ConceptId, Vec<Box<str>>)>> = vec![None; n];
    // Each row's amounts by column, percentages apart.
    let mut amounts: Vec<Vec<(u32, rust_decimal::Decimal)>> = vec![Vec::new(); n];
    let mut percent: Vec<bool> = vec![false; n];
    for cell in table.cells() {
        let row = cell.record().row as usize;
        let (Some(list), Some(flag)) = (amounts.get_mut(row), percent.get_mut(row)) else {
            continue;
        };
        if cell.percent() || cell.measure() != crate::model::Measure::Monetary {
            *flag = true;
        } else {
            list.push((cell.record().column, cell.value()));
        }
    }
    let starts_total = |label: &str| {
        label
            .split_whitespace()
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("total"))
    };
    for (t, total) in table.rows.iter().enumerate() {
        let (Some(concept), Some(label)) = (&total.concept, total.label.as_deref()) else {
            continue;
        };
        if !total.section.is_empty() || !starts_total(label) {
            continue;
        }
        let Some(sums) = amounts.get(t).filter(|a| !a.is_empty()) else {
            continue;
        };
        let mut members = Vec::new();
        for m in (0..t).rev() {
            let Some(row) = table.rows.get(m) else { break };
            let only_percent = percent.get(m).copied().unwrap_or(false)
                && amounts.get(m).is_some_and(|a| a.is_empty());
            if only_percent {
                continue;
            }
            let plain = row.concept.is_none()
                && row.section.is_empty()
                && row
                    .label
                    .as_deref()
                    .is_some_and(|l| !l.trim().is_empty() && !starts_total(l))
                && out.get(m).is_some_and(Option::is_none);
            if !plain || amounts.get(m).is_none_or(|a| a.is_empty()) {
                break;
            }
            members.push(m);
        }
        if members.len() < 2 {
            continue;
        }
        let mut proved = 0;
        let mut failed = false;
        for &(column, value) in sums {
            let mut sum = rust_decimal::Decimal::ZERO;
            let mut all = true;
            for &m in &members {
                match amounts
                    .get(m)
                    .and_then(|a| a.iter().find(|(c, _)| *c == column))
                {
                    Some((_, v)) => match sum.checked_add(*v) {
                        Some(s) => sum = s,
                        None => all = false,
                    },
                    None => all = false,
                }
            }
            if !all || sum != value {
                failed = true;
                break;
            }
            proved += 1;
        }
        if failed || proved == 0 {
            continue;
        }
        let reading = read(label, vocab, Mode::Label);
        if reading.role.concept.as_ref() != Some(concept) {
            continue;
        }
        let words: Vec<Box<str>> = reading
            .role
            .concept_words
            .into_iter()
            .filter(|w| &**w != "total")
            .collect();
        for m in members {
            if let Some(slot) = out.get_mut(m) {
                *slot = Some((concept.clone(), words.clone()));
            }
        }
    }
    out
}

/// Whether a row label is a share of a base the row above is a line of:
/// "% of net revenue", "Percentage of total net sales", "As a percentage
/// of revenue".
fn is_share_row(label: &str) -> bool {
    let lower = label.trim().to_ascii_lowercase();
    let lower = lower.strip_prefix("as a ").unwrap_or(&lower);
    ["% of ", "percentage of ", "percent of "]
        .iter()
        .any(|p| lower.starts_with(p))
}

/// A section caption read once per table.
struct CaptionRole {
    /// Every word of the caption.
    words: Vec<Box<str>>,
    /// The caption's own qualifier words' qualifiers.
    qualifiers: Vec<Qualifier>,
    /// The periods it names ("As at 31 December 2018").
    periods: Vec<Period>,
    /// The concept it names ("Deferred tax assets:").
    concept: Option<ConceptId>,
    /// Its opening or closing word ("… at end of period:").
    edge: Option<bool>,
    /// The numbers written in it.
    numbers: Vec<Box<str>>,
}

/// What a cell's inline-XBRL tag says of its role: the concept its element
/// names (not qualified by members) and whether it has dimension members.
pub(crate) fn tag_role<'r>(
    cell: &Cell<'_>,
    roles: &'r TableRoles,
) -> Option<&'r (Option<ConceptId>, bool)> {
    let tag = cell.xbrl()?;
    let at = cell
        .table()
        .tags
        .iter()
        .position(|t| std::ptr::eq(t, tag))?;
    roles.tags.get(at)
}

/// The row a caption's members split: the data row just before its section.
fn anchor_of<'r>(
    rows: &'r [RowRole],
    anchors: &HashMap<String, usize>,
    caption: &str,
) -> Option<&'r RowRole> {
    rows.get(*anchors.get(caption)?)
}

/// The words naming a report's filer ("ADOBE SYSTEMS INCORPORATED":
/// "adobe", "system"; "Johnson & Johnson": "johnson" and, of its initials
/// "J&J", "j"), as role words; none without a filer.
pub(crate) fn filer_words(name: Option<&str>) -> Vec<Box<str>> {
    name.map(|name| {
        let mut text = crate::read::filer::naming_words(name)
            .collect::<Vec<_>>()
            .join(" ");
        // The initials read alone and as a possessive ("J&J's": "j", "js").
        if let Some(initials) = crate::read::filer::ampersand_initials(name) {
            text.push_str(&format!(" {initials} {initials}'s"));
        }
        all_words(&text)
    })
    .unwrap_or_default()
}

/// Every word of a text a claim's word may be found in: normalized,
/// abbreviations read out, without noise and numbers (sorted).
pub(crate) fn all_words(text: &str) -> Vec<Box<str>> {
    let lex = Lexicon::builtin();
    let mut out: Vec<Box<str>> = lex
        .expand(words(text))
        .into_iter()
        .filter(|w| !lex.is_noise(&w.text))
        .map(|w| w.text.into_boxed_str())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Whether a table's lead-in says its rows are the parts of another line's
/// change: "Cost of subscription revenue increased due to the following:",
/// "… decreased primarily as a result of the following:".
fn names_contributions(lead_in: &str) -> bool {
    static CHANGED_DUE_TO: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(
        || {
            regex::Regex::new(
                r"(?i)\b(?:increased|decreased|changed|rose|declined|grew)[ \t]+(?:(?:primarily|mainly|largely|principally)[ \t]+)?(?:due[ \t]+to|as[ \t]+a[ \t]+result[ \t]+of)[ \t]+the[ \t]+following[ \t]*:[ \t]*$",
            )
            .ok()
        },
    );
    CHANGED_DUE_TO
        .as_ref()
        .is_some_and(|r| r.is_match(lead_in.trim_end()))
}

/// The one line of its kind ("subscription", "product", "service") a
/// table's title or the sentence introducing it measures: "Subscription
/// revenue by reportable segment … is as follows (dollars in millions):";
/// with the words it is qualified by in turn ("wireless" of "provides
/// Wireless service revenue for our reportable segments"). The qualifier
/// must stand right before the measure's word (revenue, sales, cost), not
/// after "and" ("Product and subscription revenue" is both lines) nor
/// "of" ("Cost of subscription revenue"); a title naming two is none.
fn title_line_qualifier(table: &Table, lex: &Lexicon) -> Option<(Qualifier, Vec<Box<str>>)> {
    const MEASURE: [&str; 5] = ["revenue", "revenues", "sales", "cost", "costs"];
    // "Product and subscription revenue" is both lines; "Cost of
    // subscription revenue" another measure.
    const BEFORE: [&str; 4] = ["and", "or", "&", "of"];
    // Words before the qualifier that say nothing of the line.
    const FUNCTION: [&str; 30] = [
        "the",
        "our",
        "its",
        "their",
        "a",
        "an",
        "this",
        "these",
        "following",
        "table",
        "tables",
        "below",
        "above",
        "provides",
        "provide",
        "presents",
        "present",
        "shows",
        "show",
        "summarizes",
        "summarize",
        "sets",
        "forth",
        "is",
        "are",
        "by",
        "for",
        "in",
        "total",
        "includes",
    ];
    const MAX_MODIFIERS: usize = 2;
    let lead_in = table.lead_in.as_deref().map(last_sentence);
    let mut found: Option<(usize, Vec<Box<str>>)> = None;
    for text in table.title.iter().map(String::as_str).chain(lead_in) {
        let all = words(text);
        let plain: Vec<&str> = all.iter().map(|w| w.text.as_str()).collect();
        for f in lex.qualifiers_in(&plain) {
            let Some(def) = lex.qualifier(f.entry) else {
                continue;
            };
            if def.kind != "line" {
                continue;
            }
            let next = plain.get(f.at + f.len).copied();
            let before = f.at.checked_sub(1).and_then(|b| plain.get(b)).copied();
            if !next.is_some_and(|w| MEASURE.contains(&w))
                || before.is_some_and(|w| BEFORE.contains(&w))
            {
                continue;
            }
            let modifiers: Vec<Box<str>> = plain
                .get(..f.at)
                .unwrap_or_default()
                .iter()
                .rev()
                .take_while(|w| !FUNCTION.contains(w) && !BEFORE.contains(w))
                .take(MAX_MODIFIERS)
                .map(|w| Box::from(*w))
                .collect();
            match &found {
                Some((other, _)) if *other != f.entry => return None,
                Some(_) => {}
                None => found = Some((f.entry, modifiers)),
            }
        }
    }
    found.map(|(entry, modifiers)| (qualifier(entry), modifiers))
}

/// The last sentence of a paragraph: what follows its last ". " before a
/// capital letter ("… and Print and Publishing. Subscription revenue by
/// reportable segment … is as follows:").
fn last_sentence(text: &str) -> &str {
    let bytes = text.as_bytes();
    let mut start = 0;
    for (at, window) in bytes.windows(3).enumerate() {
        if let [b'.', b' ', c] = window
            && c.is_ascii_uppercase()
        {
            start = at + 2;
        }
    }
    text.get(start..).unwrap_or(text)
}

/// The segment or business a table's title line says the table is about:
/// "Presented in the table below is (financial) information for Other:"
/// (Other), "… information for the Regulated Businesses:", a line
/// "Regulated Businesses Segment". Not a period ("information for the
/// years ended December 31"), nor the company itself.
fn title_member(line: &str) -> Option<&str> {
    // A lead-in sentence ending in a colon, the segment in capitals: "…
    // (financial) information for the Market-Based Businesses:". Lower-case
    // subjects ("information for defined benefit plans", "for the years
    // ended") are no segment.
    static ABOUT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i:\b(?:presented|presents|provides|sets[ \t]+forth|shows|summarizes)\b.*\binformation[ \t]+for[ \t]+(?:the[ \t]+|our[ \t]+|its[ \t]+)?)(?P<x>[A-Z][A-Za-z0-9’'&.-]*(?:[ \t-]+[A-Z][A-Za-z0-9’'&.-]*){0,4})[ \t]*:[ \t]*$",
        )
        .ok()
    });
    static SEGMENT_LINE: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| {
            regex::Regex::new(
                r"^\s*(?P<x>[A-Z][A-Za-z&'’.-]*(?:\s+[A-Z&][A-Za-z&'’.-]*){0,4})\s+Segment\s*$",
            )
            .ok()
        });
    // A lead-in naming one segment: "… a summary of the revenue and gross
    // profit for our Seller segment for the year ended …:".
    static FOR_SEGMENT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(
        || {
            regex::Regex::new(
                r"\bfor[ \t]+(?:our|the|its)[ \t]+(?P<x>[A-Z][A-Za-z0-9&'’.-]*(?:[ \t]+[A-Z&][A-Za-z0-9&'’.-]*){0,4})[ \t]+(?:reportable[ \t]+|business[ \t]+|operating[ \t]+)?segment\b[^:]*:[ \t]*$",
            )
            .ok()
        },
    );
    let found = ABOUT
        .as_ref()
        .and_then(|r| r.captures(line))
        .or_else(|| SEGMENT_LINE.as_ref().and_then(|r| r.captures(line)))
        .or_else(|| FOR_SEGMENT.as_ref().and_then(|r| r.captures(line)))?;
    let member = found
        .name("x")?
        .as_str()
        .trim()
        .trim_end_matches(['.', ':'])
        .trim();
    let lower = member.to_lowercase();
    // "Information on business segments", "by segment": every segment, or
    // none named.
    let generic = lower.split_whitespace().all(|w| {
        matches!(
            w,
            "business" | "businesses" | "segment" | "segments" | "reportable" | "operating"
                | "each" | "all" | "other" | "our" | "the" | "its" | "additional"
        )
    }) && lower != "other"
        // "By Business Segment" heads a breakdown, not one segment.
        || lower
            .split_whitespace()
            .next()
            .is_some_and(|w| matches!(w, "by" | "per" | "for" | "of" | "in" | "total"))
        || found.get(0).is_some_and(|m| m.as_str().to_lowercase().contains("segments"));
    let words = lower.split_whitespace().count();
    let company = lower.split_whitespace().any(|w| {
        matches!(
            w,
            "company"
                | "company's"
                | "company’s"
                | "consolidated"
                | "group"
                | "corporation"
                | "registrant"
                | "us"
                | "basis"
        )
    });
    let dated = member.bytes().any(|b| b.is_ascii_digit())
        || crate::period::find_period(member).is_some()
        || lower.starts_with("year")
        || lower.starts_with("period")
        || lower.starts_with("each ")
        || lower.starts_with("as of");
    (!member.is_empty() && words <= 5 && !company && !dated && !generic).then_some(member)
}

fn qualifier(at: usize) -> Qualifier {
    Qualifier {
        entry: u16::try_from(at).unwrap_or(u16::MAX),
    }
}

/// A caption's periods without a fiscal year it also names by its dated
/// span ("Fiscal 2024 (52 weeks ended September 28, 2024)" is the span
/// alone: the bare fiscal year would agree with a calendar year).
fn refined(periods: Vec<Period>) -> Vec<Period> {
    let dated_years: Vec<i16> = periods
        .iter()
        .filter_map(|p| match p {
            Period::Duration { end: Some(end), .. } => Some(end.year()),
            _ => None,
        })
        .collect();
    periods
        .into_iter()
        .filter(|p| {
            !(crate::period::is_bare_year(p)
                && p.year().is_some_and(|fy| dated_years.contains(&fy)))
        })
        .collect()
}

/// The direction words of a label that stand in parentheses ("loss" of
/// "Segment operating income (loss)", "used in" of "provided by (used
/// in)"): the other way of a line named both ways.
fn other_way_aside(label: &str, concept: Option<&ConceptId>) -> Vec<String> {
    let all = words(label);
    let plain: Vec<&str> = all.iter().map(|w| w.text.as_str()).collect();
    super::read::applicable_directions(Lexicon::builtin(), &plain, concept)
        .iter()
        .flat_map(|f| all.iter().skip(f.at).take(f.len))
        .filter(|w| in_parens(label, w.start))
        .map(|w| w.text.clone())
        .collect()
}

/// Whether a label names the positive side of a way in parentheses and
/// the other side outside them ("(Gain) loss on disposal", "Other (income)
/// expense, net", "(Increase) decrease in receivables"), by its words
/// alone: its negative numbers are the side in parentheses.
pub(crate) fn names_positive_side_aside(label: &str) -> bool {
    let all = words(label);
    let plain: Vec<&str> = all.iter().map(|w| w.text.as_str()).collect();
    let finds = super::read::applicable_directions(Lexicon::builtin(), &plain, None);
    positive_side_aside(label, &all, finds.iter())
}

/// Whether, of the direction phrases `finds` of a label (its `words`),
/// every positive side stands in parentheses and some negative side
/// outside them, each side named at least once.
fn positive_side_aside<'f>(
    label: &str,
    words: &[crate::vocab::lexicon::Word],
    finds: impl Iterator<Item = &'f crate::vocab::lexicon::Found<(usize, bool)>> + Clone,
) -> bool {
    let side = |positive: bool, aside: bool| {
        finds.clone().any(|f| {
            f.entry.1 == positive
                && words
                    .get(f.at)
                    .is_some_and(|w| in_parens(label, w.start) == aside)
        })
    };
    side(true, true) && !side(true, false) && side(false, false)
}

/// Whether the text at byte `start` of `label` stands inside parentheses.
fn in_parens(label: &str, start: usize) -> bool {
    let before = label.get(..start).unwrap_or("");
    match (before.rfind('('), before.rfind(')')) {
        (Some(open), Some(close)) => open > close,
        (Some(_), None) => true,
        _ => false,
    }
}

/// What a label says about its sign: the direction words it has of its
/// concept's kind (else of the first kind it names), or its concept's kind.
fn label_sign(
    label: &str,
    concept: Option<&ConceptId>,
    found: Option<Direction>,
) -> Option<LabelSign> {
    let lex = Lexicon::builtin();
    let kind_of_concept = concept.and_then(|c| lex.direction_of_concept(c.as_str()));
    let all = words(label);
    let plain: Vec<&str> = all.iter().map(|w| w.text.as_str()).collect();
    let mut finds = super::read::applicable_directions(lex, &plain, concept);
    // A line of a concept with no direction kind that names both ways of
    // a signed kind ("Net realized and unrealized investment gains
    // (losses)") says its sign itself.
    if finds.is_empty() && kind_of_concept.is_none() && concept.is_some() {
        let signed = super::read::applicable_directions(lex, &plain, None);
        let names_both = signed.iter().any(|a| {
            signed
                .iter()
                .any(|b| a.entry.0 == b.entry.0 && a.entry.1 && !b.entry.1)
        });
        if names_both {
            finds = signed;
        }
    }
    let kind = kind_of_concept
        .or_else(|| found.map(|d| usize::from(d.kind)))
        .or_else(|| finds.first().map(|f| f.entry.0))?;
    let of_kind: Vec<bool> = finds
        .iter()
        .filter(|f| f.entry.0 == kind)
        .map(|f| f.entry.1)
        .collect();
    let kind = u8::try_from(kind).ok()?;
    let (pos, neg) = (of_kind.contains(&true), of_kind.contains(&false));
    // Which side stands in parentheses: "(Gain) loss" names the gain side
    // aside, so its positive numbers are losses.
    let of_this_kind = finds.iter().filter(|f| usize::from(kind) == f.entry.0);
    Some(match (pos, neg) {
        (true, true) if positive_side_aside(label, &all, of_this_kind) => {
            LabelSign::BothReversed(kind)
        }
        (true, true) => LabelSign::Both(kind),
        (false, true) => LabelSign::Negative(kind),
        (true, false) => LabelSign::Positive(kind),
        (false, false) if kind_of_concept.is_some() => LabelSign::Positive(kind),
        (false, false) => return None,
    })
}

/// A working-capital line of a cash-flow statement ("Accounts receivable"
/// under "Changes in operating assets and liabilities:") is the cash
/// effect of the balance's change: an asset's negative number is an
/// increase of the asset, a liability's positive number an increase of the
/// liability. `None` off a cash-flow statement, off such a section, or for
/// a line that is neither an asset's nor a liability's by its words.
pub(crate) fn working_capital_sign(
    label: &str,
    section: &[String],
    statement: crate::model::StatementKind,
) -> Option<LabelSign> {
    if statement != crate::model::StatementKind::CashFlow {
        return None;
    }
    let caption = section.last()?;
    let caption_words = all_words(caption);
    let has = |words: &[Box<str>], w: &str| words.iter().any(|x| &**x == w);
    let of_working_capital = has(&caption_words, "change")
        && (has(&caption_words, "asset")
            || has(&caption_words, "liability")
            || has(&caption_words, "working"));
    if !of_working_capital {
        return None;
    }
    let words = all_words(label);
    let asset = ["receivable", "inventory", "prepaid", "asset"]
        .iter()
        .any(|w| has(&words, w));
    let liability = ["payable", "accrued", "liability"]
        .iter()
        .any(|w| has(&words, w));
    let change = u8::try_from(Lexicon::builtin().direction_by_kind("change")?).ok()?;
    match (asset, liability) {
        (true, false) => Some(LabelSign::BothReversed(change)),
        (false, true) => Some(LabelSign::Both(change)),
        _ => None,
    }
}

/// A line of a cash-flow statement that names no way of its own is read
/// by the statement's convention: a positive number adds to cash (an
/// inflow, or an add-back such as stock-based compensation), a negative
/// one takes from it. Not under a supplemental or non-cash caption ("Cash
/// paid for interest" is printed positive).
fn cash_flow_sign(section: &[String], statement: crate::model::StatementKind) -> Option<LabelSign> {
    if statement != crate::model::StatementKind::CashFlow {
        return None;
    }
    let aside = section.iter().any(|caption| {
        let words = all_words(caption);
        words.iter().any(|w| {
            matches!(
                &**w,
                "supplemental" | "supplementary" | "noncash" | "non" | "disclosure"
            )
        })
    });
    if aside {
        return None;
    }
    let cash = Lexicon::builtin().direction_by_kind("cash")?;
    Some(LabelSign::Positive(u8::try_from(cash).ok()?))
}

/// A line under an "Other comprehensive income" caption (or IFRS's "Items
/// that may be reclassified to profit or loss") that names no way of its
/// own is read by the statement's convention: a positive number adds
/// to comprehensive income (a gain, "Cash flow hedges – fair value
/// movements 4.9"), a negative one takes from it (a loss).
fn comprehensive_income_sign(section: &[String]) -> Option<LabelSign> {
    if !under_oci_caption(section) {
        return None;
    }
    let result = Lexicon::builtin().direction_by_kind("result")?;
    Some(LabelSign::Positive(u8::try_from(result).ok()?))
}

/// Whether a row's sections name other comprehensive income: an "Other
/// comprehensive income (loss)" caption, or IFRS's "Items that may be
/// reclassified subsequently to profit or loss" (and "… will not be
/// reclassified …").
pub fn under_oci_caption(section: &[String]) -> bool {
    section.iter().any(|caption| {
        let words = all_words(caption);
        let has = |w: &str| words.iter().any(|x| &**x == w);
        (has("other") && has("comprehensive")) || (has("reclassified") && has("profit"))
    })
}

/// Whether the table prints its expense lines as negative numbers (most of
/// its cost and expense cells are negative).
fn expenses_negative(table: &Table) -> bool {
    let (mut negative, mut all) = (0usize, 0usize);
    for cell in table.cells() {
        if cell
            .concept()
            .is_some_and(|c| EXPENSE_CONCEPTS.contains(&c.as_str()))
        {
            all += 1;
            negative += usize::from(cell.value().is_sign_negative() && !cell.value().is_zero());
        }
    }
    all > 0 && negative * 2 > all
}

/// [`cell_periods`], read once per cell of a table and kept with its
/// roles (`roles` must be its table's).
pub fn cell_periods_kept<'r>(
    cell: &Cell<'_>,
    roles: &'r TableRoles,
) -> std::borrow::Cow<'r, [Period]> {
    let records = &cell.table().records;
    // The record's index, from its address in the table's records.
    let index = (std::ptr::from_ref(cell.record()) as usize)
        .checked_sub(records.as_ptr() as usize)
        .and_then(|offset| offset.checked_div(std::mem::size_of::<crate::model::CellRecord>()))
        .filter(|i| {
            records
                .get(*i)
                .is_some_and(|r| std::ptr::eq(r, cell.record()))
        });
    match index.and_then(|i| roles.cell_periods.get(i)) {
        Some(kept) if roles.cell_periods.len() == records.len() => std::borrow::Cow::Borrowed(
            kept.get_or_init(|| cell_periods(cell, roles).into_boxed_slice()),
        ),
        _ => std::borrow::Cow::Owned(cell_periods(cell, roles)),
    }
}

/// The periods a cell stands for, most specific first: its own (the
/// column's, or the one its row gives it: see `read::row_periods`), then its
/// row's and sections'.
pub fn cell_periods(cell: &Cell<'_>, roles: &TableRoles) -> Vec<Period> {
    // A tagged number's period is its tag's.
    if let Some(tag) = cell.xbrl()
        && let Some(p) = &tag.period
    {
        return vec![p.clone()];
    }
    let row = roles.rows.get(cell.record().row as usize);
    let mut out = Vec::with_capacity(3);
    // The labeler's: the column's, or the one the row gives its cells
    // (opening and closing balances, dated rows, equity statement spans).
    // The column header may mention a period among other words the
    // labeler does not read as one ("dec . 31 2008", "Bermuda subsidiaries
    // 2010 (1)").
    let column = roles.cols.get(cell.record().column as usize);
    // Rows under "… at end of period:" are balances at the span's edge.
    let caption_edge = |p: &Period| {
        row.and_then(|r| r.section_edge)
            .filter(|_| matches!(p, Period::Duration { .. }))
            .and_then(|opening| edge_of(p, opening))
    };
    // A change column whose header does not say percent ("Increase
    // (Decrease) | Percent", "Favorable (Unfavorable) %") holds a change in
    // percent where its cell prints one.
    let in_percent = |p: &Period| match p {
        Period::Change {
            percent: false,
            from,
            to,
        } if cell.percent() => Some(Period::Change {
            percent: true,
            from: from.clone(),
            to: to.clone(),
        }),
        _ => None,
    };
    match (cell.period(), column.and_then(|c| c.period.as_ref())) {
        (Some(p), _) => {
            out.push(
                caption_edge(p)
                    .or_else(|| in_percent(p))
                    .unwrap_or_else(|| p.clone()),
            );
            // An opening adjustment is also the span's it is reported in.
            if row.is_some_and(|r| r.adjusts_opening)
                && let Some(span) = column
                    .and_then(|_| table_column_label(cell))
                    .and_then(find_period)
                    .map(|(_, p)| p)
                && !out.contains(&span)
            {
                out.push(span);
            }
        }
        (None, Some(p)) => {
            // The labeler put no period on the column, so no opening or
            // closing row turned it into its instant either: do it here.
            let p = match row.and_then(|r| r.edge.or(r.section_edge)) {
                Some(opening) => edge_of(p, opening).unwrap_or_else(|| p.clone()),
                None => p.clone(),
            };
            out.push(p);
        }
        (None, None) => {}
    }
    if let Some(row) = row {
        // A year that dates a yearless quarter of the row ("Fourth Quarter"
        // under "2019:") is that quarter's year, not a second period of
        // the cell: "Net sales, FY2019" is not the fourth quarter's.
        let mut dating: Vec<&Period> = Vec::new();
        // The column's yearless quarter ("Fourth" of "First | … | Fourth")
        // under a "2019" caption is the fourth quarter of 2019.
        if let Some(year) = row.role.periods.iter().find(|o| is_bare_year(o)) {
            for p in &mut out {
                if let Some(dated) = with_year_of(p, std::slice::from_ref(year)) {
                    *p = dated;
                    dating.push(year);
                }
            }
        }
        for p in &row.role.periods {
            let dated = with_year_of(p, &out).or_else(|| {
                let year = row.role.periods.iter().find(|o| is_bare_year(o))?;
                let dated = with_year_of(p, std::slice::from_ref(year))?;
                dating.push(year);
                Some(dated)
            });
            let p = dated.unwrap_or_else(|| p.clone());
            if !out.contains(&p) {
                out.push(p);
            }
        }
        out.retain(|p| !dating.contains(&p));
    }
    out
}

/// The header text of a cell's column.
fn table_column_label<'a>(cell: &Cell<'a>) -> Option<&'a str> {
    cell.table()
        .columns
        .get(cell.record().column as usize)
        .and_then(|c| c.label.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Coord;

    #[test]
    fn a_lead_in_s_last_sentence_introduces_its_table() {
        assert_eq!(
            last_sentence(
                "We have the following reportable segments—Digital Media, Digital Marketing and Print and Publishing. Subscription revenue by reportable segment is as follows:"
            ),
            "Subscription revenue by reportable segment is as follows:"
        );
        // Near misses: an abbreviation's period before a lower-case word,
        // and a paragraph of one sentence.
        assert_eq!(
            last_sentence("Revenue of approx. five segments is as follows:"),
            "Revenue of approx. five segments is as follows:"
        );
        assert_eq!(
            last_sentence("Revenue is as follows:"),
            "Revenue is as follows:"
        );
    }

    fn table(rows: &[&[&str]]) -> crate::model::Document {
        let vocab = Vocab::builtin();
        let rows = rows
            .iter()
            .map(|r| r.iter().map(|s| s.to_string()).collect())
            .collect();
        crate::read::document_from_rows("t.csv", "t.csv", rows, &vocab)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_title_naming_a_segment_is_the_tables_member() {
        for (line, member) in [
            (
                "Presented in the table below is information for Other:",
                Some("Other"),
            ),
            (
                "Presented in the table below is financial information for the Regulated Businesses:",
                Some("Regulated Businesses"),
            ),
            ("Regulated Businesses Segment", Some("Regulated Businesses")),
            (
                "The following table presents information for the Market-Based Businesses:",
                Some("Market-Based Businesses"),
            ),
            // A PDF table's lead-in sentence.
            (
                "The following tables provide a summary of the revenue and gross profit for our Seller segment for the year ended December 31, 2020 and 2019 (in thousands):",
                Some("Seller"),
            ),
            (
                "Cash App Results The following tables provide a summary of the revenue and gross profit for our Cash App segment for the year ended December 31, 2020 (in thousands):",
                Some("Cash App"),
            ),
        ] {
            assert_eq!(title_member(line), member, "{line}");
        }
        // Near misses: a period, the company, a title of no one part.
        for line in [
            "Presented in the table below is information for the years ended December 31, 2022:",
            "Presented in the tables below is summarized segment information as of and for the years ended December 31:",
            "Supplemental information for the Company:",
            "Consolidated Statements of Operations",
            "Segment information",
            "Information on a consolidated basis",
            "additional information on business segments.",
            "Financial information for our reportable segments:",
            "Information by segment",
            "By Business Segment",
            "The following table provides information on retained wholesale nonaccrual loans.",
            "Summarized Financial Information for Collaborative Arrangements",
            "The following tables provides operating financial information for our two reportable segments:",
            "Information for pension plans with a projected benefit obligation in excess of plan assets follows:",
            "The following table presents information about contract balances:",
            "Revenue for the Seller segment increased by $67.2 million.",
            "The following table shows revenue for our reportable segments (in millions):",
            "Restructuring charges for the Company segment are as follows:",
        ] {
            assert_eq!(title_member(line), None, "{line}");
        }
    }

    #[test]
    fn an_opening_row_is_the_instant_its_year_starts() {
        let doc = table(&[
            &["", "Year Ended December 31,", ""],
            &["", "2024", "2023"],
            &["Net increase in cash", "50", "20"],
            &["Cash at beginning of year", "120", "100"],
            &["Cash at end of year", "170", "120"],
        ]);
        let t = &doc.tables[0];
        let roles = roles_of(t, &Vocab::builtin());
        let at = |c: &str| t.cell_at(Coord::parse(c).unwrap_or_else(|| panic!("{c}")));
        let open = at("B4")
            .map(|c| cell_periods(&c, roles))
            .unwrap_or_default();
        assert_eq!(
            open.first().map(ToString::to_string).as_deref(),
            Some("2023-12-31"),
            "{open:?}"
        );
        let close = at("B5")
            .map(|c| cell_periods(&c, roles))
            .unwrap_or_default();
        assert_eq!(
            close.first().map(ToString::to_string).as_deref(),
            Some("2024-12-31")
        );
    }

    #[test]
    fn rows_between_dated_balances_get_the_span() {
        let doc = table(&[
            &["", "Common stock", "Retained earnings", "Total"],
            &["Balance at June 30, 2023", "10", "200", "210"],
            &["Net income", "", "40", "40"],
            &["Dividends", "", "(5)", "(5)"],
            &["Balance at June 30, 2024", "10", "235", "245"],
        ]);
        let t = &doc.tables[0];
        let roles = roles_of(t, &Vocab::builtin());
        let cell = t
            .cell_at(Coord::parse("C3").unwrap_or_else(|| panic!()))
            .unwrap_or_else(|| panic!());
        let periods = cell_periods(&cell, roles);
        assert!(
            periods
                .iter()
                .any(|p| p.to_string() == "FY ended 2024-06-30"),
            "{periods:?}"
        );
    }

    #[test]
    fn a_label_says_how_to_read_its_sign() {
        let vocab = Vocab::builtin();
        let sign = |label: &str| {
            let concept = vocab.match_label(label, &[], crate::model::StatementKind::Other);
            label_sign(label, concept.as_ref(), None)
        };
        assert!(matches!(
            sign("Net income (loss)"),
            Some(LabelSign::Both(_))
        ));
        assert!(matches!(sign("Net income"), Some(LabelSign::Positive(_))));
        assert!(matches!(sign("Net loss"), Some(LabelSign::Negative(_))));
        assert!(matches!(
            sign("Net cash provided by (used in) operating activities"),
            Some(LabelSign::Both(_))
        ));
        assert!(sign("Goodwill").is_none());
        // The side in parentheses first: a positive number is the other.
        for reversed in [
            "(Gain) loss on disposal of property, plant and equipment",
            "(Increase) decrease in accounts receivable",
        ] {
            assert!(
                matches!(sign(reversed), Some(LabelSign::BothReversed(_))),
                "{reversed}: {:?}",
                sign(reversed)
            );
        }
        // Near misses: the aside second, or both sides outside parentheses.
        for both in ["Gain (loss) on disposal", "Other income (expense), net"] {
            assert!(matches!(sign(both), Some(LabelSign::Both(_))), "{both}");
        }
    }
}
