//! The filer a report is about, read from its cover: the name above "(Exact
//! name of registrant as specified in its charter)", else the line after
//! "Commission file number" (3M prints "3M COMPANY" there), on the first
//! pages of a PDF or HTML filing; in an SEC workbook, the "Entity
//! Registrant Name" row of its cover sheet.
//!
//! A role that names the filer ("Adobe subscription revenue", "Square
//! total net revenue") names whose report it is, not a line of it: the
//! role check reads the name's words as said wherever a cell or sentence
//! of that report stands ([`crate::model::Table::filer`]).

use crate::model::{GridValue, Page, Table};

/// Pages of a filing searched for its cover.
const COVER_PAGES: usize = 3;

/// The longest name taken (a line longer than this is prose, not a name).
const MAX_NAME: usize = 80;

/// The filer's name as the cover prints it ("ADOBE SYSTEMS INCORPORATED"),
/// with the trading symbol the cover lists after it ("Pfizer Inc. (PFE)"):
/// an answer names the company by either. `None` when no cover names one.
pub fn name(pages: &[Page], tables: &[Table]) -> Option<String> {
    let name = pages
        .iter()
        .take(COVER_PAGES)
        .find_map(|page| on_cover(&page.text))
        .or_else(|| tables.iter().find_map(registrant_row))?;
    let symbol = pages
        .iter()
        .take(COVER_PAGES)
        .find_map(|page| trading_symbol(&page.text));
    Some(match symbol {
        Some(symbol) if !naming_words(&name).any(|w| w.eq_ignore_ascii_case(&symbol)) => {
            format!("{name} ({symbol})")
        }
        _ => name,
    })
}

/// The first trading symbol a cover's "Trading Symbol(s)" table lists: the
/// capitals before the exchange's name ("Common Stock, $0.05 par value PFE
/// New York Stock Exchange", "… per share ADBE NASDAQ").
fn trading_symbol(text: &str) -> Option<String> {
    static SYMBOL: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"\b([A-Z]{1,5})\s+(?:The\s+)?(?:New\s+York\s+Stock\s+Exchange|NYSE|NASDAQ|Nasdaq)\b",
        )
        .ok()
    });
    let at = text
        .find("Trading Symbol")
        .or_else(|| text.find("Trading symbol"))?;
    // The table follows its heading closely: a symbol far below it is some
    // other text's capitals.
    let after = text.get(at..)?;
    let end = (0..=after.len().min(600))
        .rev()
        .find(|i| after.is_char_boundary(*i))
        .unwrap_or(0);
    let table = after.get(..end)?;
    SYMBOL
        .as_ref()?
        .captures(table)
        .and_then(|c| c.get(1))
        .map(|m| m.as_str().to_string())
}

/// The name a cover page's text prints.
fn on_cover(text: &str) -> Option<String> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let plausible = |line: &&&str| {
        line.len() <= MAX_NAME
            && line.chars().any(char::is_alphabetic)
            && !line.starts_with('(')
            && !line.to_ascii_lowercase().contains("commission file")
    };
    for (i, line) in lines.iter().enumerate() {
        let lower = line.to_ascii_lowercase();
        if lower.contains("exact name of registrant") {
            // The name is the line above, when that line reads as a name
            // (not a caption of its own, not the file number).
            let above = i.checked_sub(1).and_then(|k| lines.get(k));
            return above.filter(plausible).map(|s| tidy(s));
        }
    }
    lines
        .iter()
        .position(|l| l.to_ascii_lowercase().starts_with("commission file number"))
        .and_then(|i| lines.get(i + 1))
        .filter(plausible)
        .filter(|l| ends_in_legal_form(l))
        .map(|s| tidy(s))
}

/// A workbook's cover row: "Entity Registrant Name | Apple Inc.".
fn registrant_row(table: &Table) -> Option<String> {
    table.grid.iter().find_map(|row| {
        let mut texts = row.iter().filter_map(|v| match v {
            GridValue::Text { text, .. } => Some(text.trim()),
            _ => None,
        });
        let label = texts.next()?;
        if !label.eq_ignore_ascii_case("entity registrant name") {
            return None;
        }
        texts
            .find(|t| !t.is_empty() && t.len() <= MAX_NAME)
            .map(str::to_string)
    })
}

/// Whether a line ends in a company's legal form ("3M COMPANY", "Amcor plc").
fn ends_in_legal_form(line: &str) -> bool {
    line.split(|c: char| !c.is_alphanumeric())
        .rfind(|w| !w.is_empty())
        .is_some_and(|w| LEGAL_FORMS.contains(&w.to_ascii_lowercase().as_str()))
}

/// A name's text, its runs of spaces closed ("MGM   RESORTS" from a
/// spaced-out cover).
fn tidy(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Words of a legal form, which name no one: "Inc.", "Corporation", "plc".
pub const LEGAL_FORMS: &[&str] = &[
    "inc",
    "incorporated",
    "corp",
    "corporation",
    "plc",
    "ltd",
    "limited",
    "llc",
    "lp",
    "holdings",
    "holding",
    "group",
    "co",
    "company",
    "sa",
    "ag",
    "nv",
    "se",
    "gmbh",
    "spa",
    "ab",
    "asa",
    "oyj",
];

/// The words of a filer's name that name it: the name without its legal
/// form and without single letters (a cover printing "MGM R ESORTS I
/// NTERNATIONAL" in small capitals).
pub fn naming_words(name: &str) -> impl Iterator<Item = &str> {
    split_symbol(name)
        .0
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() > 1)
        .filter(|w| {
            let lower = w.to_ascii_lowercase();
            lower != "the" && !LEGAL_FORMS.contains(&lower.as_str())
        })
}

/// A filer's name as [`name`] gives it, and the trading symbol it writes
/// after it ("PFIZER INC. (PFE)": "PFIZER INC.", "PFE"). The symbol is no
/// word of the name: a symbol that is a word ("COST", "LOW") would
/// otherwise be read out of every role that says it.
pub fn split_symbol(name: &str) -> (&str, Option<&str>) {
    let trimmed = name.trim_end();
    if let Some(rest) = trimmed.strip_suffix(')')
        && let Some((named, symbol)) = rest.rsplit_once(" (")
        && !symbol.is_empty()
        && symbol.len() <= 5
        && symbol.chars().all(|c| c.is_ascii_uppercase())
    {
        return (named, Some(symbol));
    }
    (name, None)
}

/// The initials a name joined by an ampersand goes by ("Johnson & Johnson":
/// "J&J"; "PROCTER & GAMBLE CO": "P&G"): two naming words, one on each side
/// of a standalone "&". `None` for any other name.
pub fn ampersand_initials(name: &str) -> Option<String> {
    let (left, right) = split_symbol(name).0.split_once(" & ")?;
    let mut left = naming_words(left);
    let mut right = naming_words(right);
    let (Some(first), None, Some(second), None) =
        (left.next(), left.next(), right.next(), right.next())
    else {
        return None;
    };
    let initial = |w: &str| w.chars().next().filter(char::is_ascii_alphabetic);
    Some(format!(
        "{}&{}",
        initial(first)?.to_ascii_uppercase(),
        initial(second)?.to_ascii_uppercase()
    ))
}

/// Whether a text writes `initials` ("J&J") as a word of its own, in
/// capitals: "J&J's sales", not "J&Js" or "AJ&J".
pub fn says_initials(text: &str, initials: &str) -> bool {
    text.match_indices(initials).any(|(at, _)| {
        let before = text.get(..at).and_then(|t| t.chars().next_back());
        let after = text
            .get(at + initials.len()..)
            .and_then(|t| t.chars().next());
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(text: &str) -> Page {
        Page {
            number: 1,
            text: text.to_string(),
            problem: None,
        }
    }

    #[test]
    fn the_symbol_is_no_naming_word() {
        assert_eq!(
            split_symbol("COSTCO WHOLESALE CORP (COST)"),
            ("COSTCO WHOLESALE CORP", Some("COST"))
        );
        assert!(!naming_words("COSTCO WHOLESALE CORP (COST)").any(|w| w == "COST"));
        // Near miss: a parenthesis that is no symbol stays the name's.
        assert_eq!(
            split_symbol("Alphabet Inc. (Google)"),
            ("Alphabet Inc. (Google)", None)
        );
    }

    #[test]
    fn the_trading_symbol_follows_the_name() {
        let cover = "PFIZER INC.\n(Exact name of registrant as specified in its charter)\n\
                     Title of each class Trading Symbol(s) Name of each exchange on which registered\n\
                     Common Stock, $0.05 par value PFE New York Stock Exchange\n\
                     1.000% Notes due 2027 PFE27 New York Stock Exchange\n";
        assert_eq!(
            name(&[page(cover)], &[]).as_deref(),
            Some("PFIZER INC. (PFE)")
        );
        let adobe = "Adobe Inc.\n(Exact name of registrant as specified in its charter)\n\
                     Trading Symbol Name of Each Exchange\nCommon Stock ADBE NASDAQ\n";
        assert_eq!(
            name(&[page(adobe)], &[]).as_deref(),
            Some("Adobe Inc. (ADBE)")
        );
        // Near misses: no symbol table; capitals before an exchange
        // elsewhere on the page. A symbol unlike the name is still its.
        let plain = "PFIZER INC.\n(Exact name of registrant as specified in its charter)\n";
        assert_eq!(name(&[page(plain)], &[]).as_deref(), Some("PFIZER INC."));
        let stray = "PFIZER INC.\n(Exact name of registrant as specified in its charter)\n\
                     listed on the NYSE under a symbol\nABC NYSE\n";
        assert_eq!(name(&[page(stray)], &[]).as_deref(), Some("PFIZER INC."));
        let same = "3M COMPANY\n(Exact name of registrant as specified in its charter)\n\
                    Trading Symbol(s)\nCommon Stock MMM New York Stock Exchange\n";
        assert_eq!(
            name(&[page(same)], &[]).as_deref(),
            Some("3M COMPANY (MMM)")
        );
    }

    #[test]
    fn the_name_above_the_registrant_caption() {
        let cover = "Commission File Number: 0-15175\n\n  ADOBE SYSTEMS INCORPORATED\n (Exact name of registrant as specified in its charter)\nDelaware";
        assert_eq!(
            name(&[page(cover)], &[]).as_deref(),
            Some("ADOBE SYSTEMS INCORPORATED")
        );
        let words: Vec<&str> = naming_words("ADOBE SYSTEMS INCORPORATED").collect();
        assert_eq!(words, ["ADOBE", "SYSTEMS"]);
        let words: Vec<&str> = naming_words("MGM R ESORTS I NTERNATIONAL").collect();
        assert_eq!(words, ["MGM", "ESORTS", "NTERNATIONAL"]);
    }

    #[test]
    fn the_line_after_the_file_number_when_it_is_a_company() {
        let cover = "FORM 10-K\nCommission file number 1-3285\n   3M COMPANY\nState of Incorporation: Delaware";
        assert_eq!(name(&[page(cover)], &[]).as_deref(), Some("3M COMPANY"));
        // Not a company's name: nothing.
        let cover = "Commission file number 1-3285\nState of Incorporation: Delaware";
        assert_eq!(name(&[page(cover)], &[]), None);
    }

    #[test]
    fn no_cover_no_name() {
        assert_eq!(name(&[page("Revenue grew 7% in 2024.")], &[]), None);
        // A caption whose line above is itself a caption names no one.
        let cover = "(Address)\n(Exact name of registrant as specified in its charter)";
        assert_eq!(name(&[page(cover)], &[]), None);
        assert_eq!(name(&[], &[]), None);
    }

    #[test]
    fn a_name_joined_by_an_ampersand_goes_by_its_initials() {
        assert_eq!(
            ampersand_initials("JOHNSON & JOHNSON (JNJ)").as_deref(),
            Some("J&J")
        );
        assert_eq!(
            ampersand_initials("Johnson & Johnson").as_deref(),
            Some("J&J")
        );
        assert_eq!(
            ampersand_initials("PROCTER & GAMBLE CO").as_deref(),
            Some("P&G")
        );
        assert_eq!(ampersand_initials("Apple Inc."), None);
        assert_eq!(ampersand_initials("Black, Sivalls & Bryson Inc."), None);
        assert_eq!(ampersand_initials("AT&T Inc."), None);
        assert!(says_initials("J&J worldwide sales", "J&J"));
        assert!(says_initials("Sales of J&J's MedTech", "J&J"));
        assert!(!says_initials("AJ&J sales", "J&J"));
        assert!(!says_initials("J&Jx sales", "J&J"));
        assert!(!says_initials("j&j sales", "J&J"));
    }
}
