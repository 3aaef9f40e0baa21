//! A data row's concept: the vocabulary's match for its label under its
//! section path, remembered across the tables of a source
//! ([`ConceptMemo`]), with the per-share and percentage readings of a row
//! (a profit line under a per-share caption, a label that prints the par
//! value, a row of percentages).

use std::collections::HashMap;
use std::sync::Arc;

use super::rows::Tok;
use crate::model::{GridValue, Measure, StatementKind};
use crate::number::parse_amount;
use crate::vocab::{ConceptId, LabelCache, Vocab};

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
pub(super) fn row_concept(
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
        && vocab.is_money(concept.as_str())
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
        let head = without_par_value(label_head(label));
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
/// "$.01 par value" (3M's), "€1".
fn prints_an_amount(label: &str) -> bool {
    let chars: Vec<char> = label.chars().collect();
    let mark = |c: &char| matches!(c, '$' | '€' | '£' | '¥');
    chars.windows(2).any(|w| match w {
        [m, next] => mark(m) && next.is_ascii_digit(),
        _ => false,
    }) || chars.windows(3).any(|w| match w {
        [m, ' ' | '.', next] => mark(m) && next.is_ascii_digit(),
        _ => false,
    })
}

/// A label's head without a trailing "par value": 3M's "Common stock par
/// value, $.01 par value; …" is the common stock's line.
fn without_par_value(head: &str) -> &str {
    let cut = head.len().saturating_sub(" par value".len());
    match (head.get(..cut), head.get(cut..)) {
        (Some(line), Some(tail)) if tail.eq_ignore_ascii_case(" par value") => line.trim_end(),
        _ => head,
    }
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
    if vocab.is_rate(concept.as_str()) {
        return Some(concept);
    }
    vocab
        .find_in_text(label)
        .map(|(_, id)| id)
        .filter(|id| vocab.is_rate(id.as_str()))
}
