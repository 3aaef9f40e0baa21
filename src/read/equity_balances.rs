//! An equity statement's balance rows ("Beginning balances", "Ending
//! balances at Mar. 30, 2024", "Balance at June 30, 2024") name no line
//! item by themselves: they are the balance of what the statement is about
//! — the component their section names ("Retained earnings:"), else total
//! shareholders' equity (a statement whose components are its columns).

use crate::model::{Period, Table};
use crate::period::find_period;
use crate::vocab::lexicon::{Lexicon, words};
use crate::vocab::{ConceptId, PeriodType, Vocab};

/// The concept of an equity statement's total.
const TOTAL: &str = "StockholdersEquity";

/// Whether a table's title calls it a statement of (changes in) equity.
fn is_equity_statement(table: &Table) -> bool {
    table.title.iter().any(|t| {
        let t = t.to_lowercase();
        t.contains("equity")
            && (t.contains("statement") || t.contains("changes in"))
            && !t.contains("liabilities and")
            && !t.contains("balance sheet")
    })
}

/// Whether a label is a balance row: an opening or closing word, or a
/// "Balance(s) at <date>" line.
fn is_balance_row(label: &str, lex: &Lexicon) -> bool {
    let all = words(label);
    let plain: Vec<&str> = all.iter().map(|w| w.text.as_str()).collect();
    if !lex.edges_in(&plain).is_empty() {
        return true;
    }
    let lower = label.trim().to_lowercase();
    lower.starts_with("balance")
        && find_period(label).is_some_and(|(_, p)| matches!(p, Period::Instant { .. }))
}

/// Gives an equity statement's unnamed balance rows their concept.
pub fn apply(table: &mut Table, vocab: &Vocab) {
    if !is_equity_statement(table) {
        return;
    }
    let lex = Lexicon::builtin();
    let statement = table.statement;
    for row in &mut table.rows {
        if row.concept.is_some() {
            continue;
        }
        let Some(label) = row.label.as_deref() else {
            continue;
        };
        if !is_balance_row(label, lex) {
            continue;
        }
        // The innermost section that names a balance concept.
        let component = row.section.iter().rev().find_map(|caption| {
            let id = vocab.match_label(caption, &[], statement)?;
            let info = vocab.info(id.as_str())?;
            (info.period_type == PeriodType::Instant).then_some(id)
        });
        let concept = component.or_else(|| vocab.info(TOTAL).map(|_| ConceptId::new(TOTAL)));
        row.concept = concept;
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use crate::Vocab;

    fn concepts(rows: &[&[&str]]) -> Vec<(String, Option<String>)> {
        let vocab = Vocab::builtin();
        let rows = rows
            .iter()
            .map(|r| r.iter().map(|s| s.to_string()).collect())
            .collect();
        let doc = crate::read::document_from_rows("t.csv", "t.csv", rows, &vocab).unwrap();
        doc.tables[0]
            .rows
            .iter()
            .filter_map(|r| {
                let label = r.label.clone()?;
                Some((label, r.concept.as_ref().map(|c| c.as_str().to_string())))
            })
            .collect()
    }

    fn concept_of<'a>(c: &'a [(String, Option<String>)], label: &str) -> Option<&'a str> {
        c.iter()
            .find(|(l, _)| l == label)
            .and_then(|(_, c)| c.as_deref())
    }

    #[test]
    fn components_as_columns_balance_total_equity() {
        let c = concepts(&[
            &[
                "Consolidated Statements of Shareholders' Equity",
                "",
                "",
                "",
            ],
            &["", "Common stock", "Retained earnings", "Total"],
            &[
                "Beginning balances at Sep. 30, 2023",
                "73,812",
                "(214)",
                "62,146",
            ],
            &["Net income", "", "33,916", "33,916"],
            &[
                "Ending balances at Dec. 30, 2023",
                "75,236",
                "8,242",
                "74,100",
            ],
        ]);
        assert_eq!(
            concept_of(&c, "Beginning balances at Sep. 30, 2023"),
            Some("StockholdersEquity")
        );
        assert_eq!(
            concept_of(&c, "Ending balances at Dec. 30, 2023"),
            Some("StockholdersEquity")
        );
    }

    #[test]
    fn a_components_section_names_its_balance() {
        let c = concepts(&[
            &["Consolidated Statements of Shareholders' Equity", "", ""],
            &["", "2022", "2021"],
            &["Retained earnings:", "", ""],
            &["Beginning balances", "5,562", "14,966"],
            &["Net income", "99,803", "94,680"],
            &["Ending balances", "(3,068)", "5,562"],
        ]);
        assert_eq!(
            concept_of(&c, "Beginning balances"),
            Some("RetainedEarningsAccumulatedDeficit")
        );
    }

    #[test]
    fn a_balance_sheet_is_not_an_equity_statement() {
        let c = concepts(&[
            &["Consolidated Balance Sheets", "", ""],
            &["", "2024", "2023"],
            &["Beginning balances", "1", "2"],
        ]);
        assert_eq!(concept_of(&c, "Beginning balances"), None);
    }
}
