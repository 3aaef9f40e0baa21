//! The way out of a cite that resolves to nothing: which tables a source
//! has when a cite names one it lacks, the PDF table form when a cite names
//! a page's cell (`p2!B6` → `p2t1!B6`), and a "did you mean" for a
//! reference written in another program's syntax (`IS:B7`, `IS!B7`,
//! `acme.xlsx!IS!B7`). Resolution ([`super::resolve`]) decides what a cite
//! is; this module only words the help.

use crate::hash::Map as HashMap;

use super::resolve::SourceState;
use crate::model::{CellRef, Document, SourceKind, TablePart, Target};

/// The most table names listed in a hint.
const MAX_LISTED: usize = 12;

/// Why `reference` names nothing in `doc`, as a clause to append to "…
/// does not exist in acme.xlsx" (starting with "; "), or "" when the table
/// it names exists (the cell is then outside its grid or empty).
pub fn missing(doc: &Document, reference: &CellRef) -> String {
    let Some(part) = reference.table_part() else {
        return String::new();
    };
    if doc.table(part).is_some() {
        return String::new();
    }
    let rest = match &reference.target {
        Target::Cell(_, coord) => format!("!{coord}"),
        Target::Range(_, a, b) => format!("!{a}:{b}"),
        _ => String::new(),
    };
    // "Income" in double quotes: sheet names are quoted with single ones.
    if let TablePart::Sheet(name) = part
        && let Some(bare) = name.strip_prefix('"').and_then(|n| n.strip_suffix('"'))
        && let Some(table) = doc.table(&TablePart::Sheet(bare.into()))
    {
        return format!(
            "; sheet names are quoted with single quotes: did you mean {}#{}{rest}?",
            reference.source, table.part
        );
    }
    // A PDF or HTML page's cell: its tables are p2t1, p2t2, …
    if matches!(doc.kind, SourceKind::Pdf | SourceKind::Html)
        && let TablePart::Sheet(name) = part
        && let Some(page) = name
            .strip_prefix(['p', 'P'])
            .and_then(|n| n.parse::<u32>().ok())
    {
        let tables: Vec<&TablePart> = doc
            .tables
            .iter()
            .map(|t| &t.part)
            .filter(|p| p.pdf_page() == Some(page))
            .collect();
        return match tables.first() {
            Some(first) => format!(
                "; a page's cells are in its tables: did you mean {}#{first}{rest}? (the tables of page {page}: {})",
                reference.source,
                list(tables.iter().map(|t| t.to_string()))
            ),
            None => format!("; page {page} has no tables (cite #p{page} for its text)"),
        };
    }
    let names: Vec<String> = doc.tables.iter().map(|t| t.part.to_string()).collect();
    match names.as_slice() {
        [] => "; it has no tables".to_string(),
        [only] if only.is_empty() => {
            "; it has one table, cited without a table part (acme.csv#B7)".to_string()
        }
        _ => format!(
            "; its table{} {}",
            if names.len() == 1 { " is" } else { "s are" },
            list(names.into_iter())
        ),
    }
}

fn list(names: impl Iterator<Item = String>) -> String {
    let names: Vec<String> = names.collect();
    let mut text = names
        .iter()
        .take(MAX_LISTED)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > MAX_LISTED {
        text.push_str(&format!(" and {} more", names.len() - MAX_LISTED));
    }
    text
}

/// A reference in this answer's sources that `cite` probably meant, when
/// it is written in another syntax: `IS:B7` or `IS!B7` (a sheet without its
/// source), `acme.xlsx!IS!B7` (`!` for `#`). Only a suggestion that names a
/// real table of a loaded source is made.
pub fn did_you_mean(cite: &str, sources: &HashMap<&str, SourceState<'_>>) -> Option<String> {
    let cite = cite.trim();
    let mut ids: Vec<&&str> = sources.keys().collect();
    ids.sort();
    let mut candidates = Vec::new();
    for id in &ids {
        // acme.xlsx!IS!B7, acme.xlsx:IS!B7
        if let Some(rest) = cite.strip_prefix(**id)
            && let Some(rest) = rest.strip_prefix(['!', ':', '/'])
        {
            candidates.push(format!("{id}#{}", sheet_syntax(rest)));
        }
    }
    if candidates.is_empty() {
        // IS:B7, IS!B7: the sheet of one of the sources.
        for id in &ids {
            candidates.push(format!("{id}#{}", sheet_syntax(cite)));
        }
    }
    let found: Vec<String> = candidates
        .into_iter()
        .filter(|candidate| {
            let Ok(reference) = CellRef::parse(candidate) else {
                return false;
            };
            let Some(SourceState::Loaded(doc)) = sources.get(&*reference.source) else {
                return false;
            };
            reference.table_part().is_some() && doc.locate(&reference).is_some()
        })
        .collect();
    match found.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// `IS:B7` → `IS!B7`: a sheet and a cell joined by `:` (a range has its `:`
/// after the `!`).
fn sheet_syntax(text: &str) -> String {
    if text.contains('!') {
        return text.to_string();
    }
    match text.split_once(':') {
        Some((sheet, cell)) if crate::model::Coord::parse(sheet).is_none() => {
            format!("{sheet}!{cell}")
        }
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sheet_joined_by_a_colon_reads_as_a_sheet_and_a_cell() {
        assert_eq!(sheet_syntax("IS:B7"), "IS!B7");
        assert_eq!(sheet_syntax("IS!A1:B2"), "IS!A1:B2");
        assert_eq!(sheet_syntax("A1:B2"), "A1:B2");
    }

    #[test]
    fn a_long_list_is_cut() {
        let names = (1..=15).map(|n| format!("S{n}"));
        let text = list(names);
        assert!(text.ends_with("S12 and 3 more"), "{text}");
    }
}
