//! Label normalization: the one place that decides when two row labels, or a
//! label and a stretch of claim text, are "the same words".
//!
//! A label becomes a *key*: lowercase words joined by single spaces, with
//! apostrophes dropped ("stockholders’" and "stockholder's" both become
//! "stockholders"), `&` read as "and", `%` read as "percent", trailing
//! footnote marks removed, and the prefixes "non" and "pre" joined to the
//! next word ("non-current" and "noncurrent" are both "noncurrent"). A second
//! key drops everything in parentheses or brackets ("Net income (loss)" →
//! "net income"). Matching lives in `matcher.rs`; this file only makes keys.

/// One normalized word of a text and the byte range it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    /// The normalized word.
    pub text: String,
    /// Byte offset of its first character in the original text.
    pub start: usize,
    /// Byte offset just past its last character in the original text.
    pub end: usize,
}

/// Words joined to the word that follows them ("non current" → "noncurrent").
const JOINED_PREFIXES: [&str; 2] = ["non", "pre"];

/// Apostrophes and single quotes, dropped without splitting a word.
fn is_apostrophe(c: char) -> bool {
    matches!(
        c,
        '\'' | '\u{2018}' | '\u{2019}' | '\u{02BC}' | '\u{2032}' | '`'
    )
}

/// Superscript digits, read as footnote marks.
fn is_superscript_digit(c: char) -> bool {
    matches!(
        c,
        '\u{00B9}' | '\u{00B2}' | '\u{00B3}' | '\u{2070}' | '\u{2074}'..='\u{2079}'
    )
}

/// Marks that stand for a footnote when they end a label.
fn is_footnote_mark(c: char) -> bool {
    is_superscript_digit(c) || matches!(c, '*' | '\u{2020}' | '\u{2021}' | '\u{00A7}')
}

/// Splits a text into normalized words, each with its byte range in `text`.
pub(crate) fn tokens(text: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut word = String::with_capacity(32);
    let mut start = 0;
    let mut end = 0;

    // `word` is a buffer used again for every word; each token is one
    // allocation of its own length.
    fn flush(out: &mut Vec<Token>, word: &mut String, start: usize, end: usize) {
        if !word.is_empty() {
            out.push(Token {
                text: word.as_str().to_string(),
                start,
                end,
            });
            word.clear();
        }
    }

    for (i, c) in text.char_indices() {
        let next = i + c.len_utf8();
        if is_apostrophe(c) {
            continue;
        }
        if c.is_ascii_alphanumeric() {
            // The common case, without `to_lowercase`'s iterator.
            if word.is_empty() {
                start = i;
            }
            word.push(c.to_ascii_lowercase());
            end = next;
            continue;
        }
        if c.is_alphanumeric() && !is_superscript_digit(c) {
            if word.is_empty() {
                start = i;
            }
            word.extend(c.to_lowercase().filter(|l| l.is_alphanumeric()));
            end = next;
            continue;
        }
        flush(&mut out, &mut word, start, end);
        let spelled = match c {
            '&' | '\u{FF06}' => Some("and"),
            '%' | '\u{FF05}' => Some("percent"),
            _ => None,
        };
        if let Some(spelled) = spelled {
            out.push(Token {
                text: spelled.to_string(),
                start: i,
                end: next,
            });
        }
    }
    flush(&mut out, &mut word, start, end);
    for token in &mut out {
        if let Some((_, full)) = ABBREVIATIONS.iter().find(|(a, _)| *a == token.text) {
            token.text = (*full).to_string();
        }
    }
    join_prefixes(out)
}

/// Abbreviations read as the word they stand for ("Avg. shares outstanding").
const ABBREVIATIONS: [(&str, &str); 1] = [("avg", "average")];

/// Joins "non" and "pre" to the word after them when that word starts with a letter.
fn join_prefixes(tokens: Vec<Token>) -> Vec<Token> {
    if !tokens
        .iter()
        .any(|t| JOINED_PREFIXES.contains(&t.text.as_str()))
    {
        return tokens;
    }
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    let mut pending: Option<Token> = None;
    for token in tokens {
        if let Some(prefix) = pending.take() {
            if token.text.starts_with(|c: char| c.is_alphabetic()) {
                out.push(Token {
                    text: format!("{}{}", prefix.text, token.text),
                    start: prefix.start,
                    end: token.end,
                });
                continue;
            }
            out.push(prefix);
        }
        if JOINED_PREFIXES.contains(&token.text.as_str()) {
            pending = Some(token);
        } else {
            out.push(token);
        }
    }
    out.extend(pending);
    out
}

/// Whether the text inside a trailing pair of parentheses is a footnote
/// reference: one or two digits, a single letter, or a small roman numeral.
fn is_footnote_reference(inner: &str) -> bool {
    let inner = inner.trim();
    let digits = !inner.is_empty() && inner.len() <= 2 && inner.chars().all(|c| c.is_ascii_digit());
    let letter = inner.chars().count() == 1 && inner.chars().all(|c| c.is_ascii_alphabetic());
    let roman = matches!(
        inner.to_ascii_lowercase().as_str(),
        "ii" | "iii" | "iv" | "vi" | "vii" | "viii" | "ix"
    );
    let marks = !inner.is_empty() && inner.chars().all(is_footnote_mark);
    digits || letter || roman || marks || is_letter_formula(inner)
}

/// The byte ranges, parentheses included, of a text's references to the
/// lettered rows a line is computed from ("Cash flow conversion rate
/// (a/b)", "Total R&D expenditure (a+b)").
pub(crate) fn letter_formulas(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = text.get(from..).and_then(|t| t.find('(')).map(|o| o + from) {
        let Some(close) = text.get(open..).and_then(|t| t.find(')')).map(|c| c + open) else {
            break;
        };
        if is_letter_formula(text.get(open + 1..close).unwrap_or_default()) {
            out.push(open..close + 1);
        }
        from = open + 1;
    }
    out
}

/// Where a role says whose definition its measure follows: "as defined
/// by UNP", "as defined by the company" (up to a comma or a closing
/// parenthesis, four words at most). The filer's own definition is the
/// line's; a lender's, an agency's or a regulator's is another measure
/// ("as defined by the credit agreement", "as defined by Moody's" are
/// kept), and so is one "as defined in" a document.
pub(crate) fn definition_remarks(text: &str) -> Vec<std::ops::Range<usize>> {
    static REMARK: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)(?:,[ \t]*)?\bas[ \t]+defined[ \t]+by((?:[ \t]+[^\s,;()]+){1,4})[ \t]*(?:[,;)]|$)").ok()
    });
    let Some(re) = REMARK.as_ref() else {
        return Vec::new();
    };
    re.captures_iter(text)
        .filter_map(|c| {
            let whose = c.get(1)?.as_str().to_lowercase();
            // Another party's definition: a lender's or a document's, a
            // rating agency's, a regulator's or a standard setter's.
            let another = [
                "agreement",
                "facilit",
                "indenture",
                "covenant",
                "lender",
                "note",
                "credit",
                "bank",
                "moody",
                "fitch",
                "s&p",
                "agenc",
                "rating",
                "regulat",
                "sec",
                "fasb",
                "iasb",
                "standard",
                "rule",
                "law",
                "plan",
            ]
            .iter()
            .any(|stem| {
                whose.split_whitespace().any(|x| {
                    x.trim_matches(|c: char| !c.is_alphanumeric() && c != '&')
                        .starts_with(stem)
                })
            });
            let range = c.get(0)?.start()..c.get(1)?.end();
            (!another).then_some(range)
        })
        .collect()
}

/// A word an acronym's letters may leave out ("of" in "FoA"'s "Family of
/// Apps" is counted, in "BGS" of "Boeing Global Services" there is none):
/// "of", "and", "the", "for", "&", in any case.
fn is_small_word(w: &str) -> bool {
    ["of", "and", "the", "for", "&"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(w))
}

/// A role's glosses of its own words: an acronym in parentheses after the
/// words it stands for ("Reality Labs (RL)", "Family of Apps (FoA)",
/// "Boeing Commercial Airplanes (BCA)") says the same line twice. Each is
/// the range of the parentheses and the acronym, and the acronym's letters
/// in lower case. An acronym that is not the words' initials ("Revenue
/// (ASC 606)") is kept. Words in parentheses after an acronym ("TAC
/// (traffic acquisition costs)") are kept: they are the words a row must
/// show, whatever letters they begin with.
pub(crate) fn acronym_glosses(text: &str) -> Vec<(std::ops::Range<usize>, Box<str>)> {
    if !text.contains('(') {
        return Vec::new();
    }
    let is_acronym = |w: &str| {
        (2..=6).contains(&w.len())
            && w.chars().all(|c| c.is_ascii_alphabetic() || c == '&')
            && w.chars().filter(char::is_ascii_uppercase).count() >= 2
    };
    let initials = |words: &[&str]| -> String {
        words
            .iter()
            .filter_map(|w| w.chars().next())
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = text.get(from..).and_then(|r| r.find('(')).map(|i| i + from) {
        let Some(close) = text.get(open..).and_then(|r| r.find(')')).map(|i| i + open) else {
            break;
        };
        from = close + 1;
        let inner = text.get(open + 1..close).unwrap_or("").trim();
        if !is_acronym(inner) {
            continue;
        }
        let letters: String = inner
            .chars()
            .filter(char::is_ascii_alphabetic)
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let n = letters.len();
        let words_before: Vec<&str> = text
            .get(..open)
            .unwrap_or("")
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        // The last n words spell it, small words counted ("Family of
        // Apps"), or the last n of the words a few before it once the small
        // ones are dropped.
        let last_n = words_before
            .get(words_before.len().saturating_sub(n)..)
            .unwrap_or(&[]);
        let small_free: Vec<&str> = words_before
            .get(words_before.len().saturating_sub(n + 2)..)
            .unwrap_or(&[])
            .iter()
            .copied()
            .filter(|w| !is_small_word(w))
            .collect();
        let last_free = small_free
            .get(small_free.len().saturating_sub(n)..)
            .unwrap_or(&[]);
        if (last_n.len() == n && initials(last_n) == letters)
            || (last_free.len() == n && initials(last_free) == letters)
        {
            out.push((open..close + 1, letters.into_boxed_str()));
        }
    }
    out
}

/// Lower-case single letters joined by arithmetic signs ("a/b", "a + b",
/// "c-d"): the row's reference to the lettered rows it is computed from
/// ("Cash flow conversion rate (a/b)" under "Total (a)" and "Net income
/// (b)"). Capitals are left alone: "A/R" and "P/E" are abbreviations.
fn is_letter_formula(inner: &str) -> bool {
    let mut letters = 0;
    let mut signs = 0;
    let mut last_letter = false;
    for c in inner.chars().filter(|c| *c != ' ') {
        if c.is_ascii_lowercase() {
            if last_letter {
                return false;
            }
            letters += 1;
            last_letter = true;
        } else if matches!(c, '/' | '+' | '-' | '*' | '\u{00D7}' | '\u{00F7}') {
            if !last_letter {
                return false;
            }
            signs += 1;
            last_letter = false;
        } else {
            return false;
        }
    }
    last_letter && signs > 0 && letters <= 4
}

/// The label without trailing colons, whitespace and footnote marks
/// ("Revenue (1)(2):" → "Revenue", "Net sales¹" → "Net sales").
pub(crate) fn strip_footnotes(label: &str) -> &str {
    let mut rest = label;
    loop {
        let trimmed = rest.trim_end().trim_end_matches(':').trim_end();
        let Some(last) = trimmed.chars().next_back() else {
            return trimmed;
        };
        if is_footnote_mark(last) {
            rest = trimmed
                .get(..trimmed.len() - last.len_utf8())
                .unwrap_or_default();
            continue;
        }
        let open = match last {
            ')' => '(',
            ']' => '[',
            _ => return trimmed,
        };
        let Some(open_at) = trimmed.rfind(open) else {
            return trimmed;
        };
        let inner = trimmed
            .get(open_at + 1..trimmed.len() - last.len_utf8())
            .unwrap_or_default();
        if !is_footnote_reference(inner) {
            return trimmed;
        }
        rest = trimmed.get(..open_at).unwrap_or_default();
    }
}

/// The text with everything inside parentheses or brackets removed
/// (nesting understood; an unclosed parenthesis drops the rest).
pub(crate) fn strip_parentheticals(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' | '[' => {
                depth += 1;
                out.push(' ');
            }
            ')' | ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// The normalized words of a text, joined by single spaces.
pub(crate) fn join(tokens: &[Token]) -> String {
    let len = tokens.iter().map(|t| t.text.len() + 1).sum::<usize>();
    let mut out = String::with_capacity(len.saturating_sub(1));
    for token in tokens {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&token.text);
    }
    out
}

/// A row label or caption as a lookup key: lowercase words separated by one
/// space, apostrophes dropped, `&` → "and", `%` → "percent", footnote marks
/// ("(1)", "(a)", "*", "†", superscript digits) and a trailing ":" removed,
/// "non"/"pre" joined to the next word.
///
/// ```
/// use tickmark::vocab::normalize_label;
/// assert_eq!(normalize_label("Total stockholders’ equity (1):"), "total stockholders equity");
/// assert_eq!(normalize_label("Other income (expense), net"), "other income expense net");
/// assert_eq!(normalize_label("R&D"), "r and d");
/// assert_eq!(normalize_label("Non-current assets"), "noncurrent assets");
/// ```
pub fn normalize_label(label: &str) -> String {
    join(&tokens(strip_footnotes(label)))
}

/// The keys a label is looked up under, most specific first: the full
/// normalized label, then (when different and not empty) the label without
/// its parenthesised words. Empty when the label has no words.
pub(crate) fn label_keys(label: &str) -> Vec<String> {
    let base = strip_footnotes(label);
    let full = join(&tokens(base));
    let mut keys = Vec::with_capacity(2);
    if full.is_empty() {
        return keys;
    }
    let short = join(&tokens(strip_footnotes(&strip_parentheticals(base))));
    keys.push(full);
    if !short.is_empty() && keys.iter().all(|k| *k != short) {
        keys.push(short);
    }
    let named: Vec<String> = keys
        .iter()
        .filter_map(|k| without_holder_name(base, k))
        .collect();
    for key in named {
        if keys.iter().all(|k| *k != key) {
            keys.push(key);
        }
    }
    keys
}

/// Words naming who the holders are: "attributable to [Boeing]
/// shareholders".
const HOLDER_WORDS: [&str; 4] = ["shareholders", "stockholders", "shareowners", "owners"];

/// The key without the company's name between "attributable to" (or
/// "available to") and the holders: "Net loss attributable to Boeing
/// shareholders" is "net loss attributable to shareholders", as a reader
/// takes the filer's own name there for the parent. The name is the run of
/// capitalized words of `text` right before the holder word; `None` when
/// there is none.
fn without_holder_name(text: &str, key: &str) -> Option<String> {
    let words: Vec<&str> = key.split(' ').collect();
    let at = words
        .windows(2)
        .position(|w| matches!(w, ["attributable" | "available", "to"]))?;
    let from = at + 2;
    let holder = words
        .iter()
        .skip(from)
        .position(|w| HOLDER_WORDS.contains(w))?
        + from;
    // The name's words, possibly followed by "common" or "ordinary".
    let mut name_end = holder;
    if matches!(
        words.get(holder.checked_sub(1)?),
        Some(&("common" | "ordinary"))
    ) {
        name_end -= 1;
    }
    if name_end <= from {
        return None;
    }
    let name = words.get(from..name_end)?;
    if name.iter().any(|w| {
        matches!(
            *w,
            "the"
                | "its"
                | "our"
                | "noncontrolling"
                | "minority"
                | "preferred"
                | "participating"
                | "redeemable"
                | "class"
                | "series"
        )
    }) {
        return None;
    }
    // Each name word is capitalized where the text prints it, and
    // "attributable" is not: in a label in title case ("Net Income
    // Attributable to Preferred Shareholders") capitals name nobody.
    let printed: Vec<Token> = tokens(text);
    let starts = |t: &Token, capital: fn(char) -> bool| {
        text.get(t.start..t.end)
            .and_then(|s| s.chars().next())
            .is_some_and(capital)
    };
    let title_case = printed.iter().any(|t| {
        matches!(t.text.as_str(), "attributable" | "available") && starts(t, char::is_uppercase)
    });
    if title_case {
        return None;
    }
    let capitalized = name.iter().all(|w| {
        printed
            .iter()
            .any(|t| t.text == *w && starts(t, |c| c.is_uppercase() || c.is_ascii_digit()))
    });
    if !capitalized {
        return None;
    }
    let mut out: Vec<&str> = words.get(..from)?.to_vec();
    out.extend(words.get(name_end..)?.iter().copied());
    Some(out.join(" "))
}

#[cfg(test)]
mod tests {

    #[test]
    fn acronyms_glossing_the_words_beside_them() {
        let gloss = |t: &str| -> Vec<String> {
            acronym_glosses(t)
                .into_iter()
                .map(|(r, _)| t.get(r).unwrap_or_default().to_string())
                .collect()
        };
        assert_eq!(gloss("Meta Reality Labs (RL) segment loss"), ["(RL)"]);
        assert_eq!(gloss("Family of Apps (FoA) operating margin"), ["(FoA)"]);
        assert_eq!(
            gloss("Boeing Commercial Airplanes (BCA) revenues"),
            ["(BCA)"]
        );
        // Near misses: words after an acronym (they may spell another
        // line), letters that are not the words' initials, a standard's
        // name.
        assert!(gloss("Alphabet TAC (traffic acquisition costs), FY2024").is_empty());
        assert!(gloss("TAC (total acquisition costs), FY2024").is_empty());
        assert!(gloss("Revenue (ASC 606), 2024").is_empty());
        assert!(gloss("Reality Labs (GAAP), 2024").is_empty());
        assert!(gloss("EBITDA (net income before interest), 2024").is_empty());
    }
    use super::*;

    #[test]
    fn a_filers_name_before_its_holders_is_dropped() {
        let keys = label_keys("Net loss attributable to Boeing shareholders");
        assert!(keys.contains(&"net loss attributable to shareholders".to_string()));
        let keys = label_keys("Net income attributable to Apple Inc. common stockholders");
        assert!(keys.contains(&"net income attributable to common stockholders".to_string()));
        // Lower-case words are not a name; noncontrolling holders are not the parent.
        let keys = label_keys("Net income attributable to preferred shareholders");
        assert_eq!(
            keys,
            vec!["net income attributable to preferred shareholders"]
        );
        let keys = label_keys("Net income attributable to Noncontrolling shareholders");
        assert_eq!(
            keys,
            vec!["net income attributable to noncontrolling shareholders"]
        );
        let keys = label_keys("Net income attributable to shareholders");
        assert_eq!(keys, vec!["net income attributable to shareholders"]);
        let keys = label_keys("Net Income Attributable to Preferred Shareholders");
        assert_eq!(
            keys,
            vec!["net income attributable to preferred shareholders"]
        );
        let keys = label_keys("Net Income Attributable to Acme Shareholders");
        assert_eq!(keys, vec!["net income attributable to acme shareholders"]);
    }

    #[test]
    fn a_definition_by_the_filer_is_no_word_of_the_line() {
        let text = "cash flow conversion rate (non-GAAP, as defined by UNP), H1 2025";
        let ranges = definition_remarks(text);
        assert_eq!(ranges.len(), 1);
        assert_eq!(text.get(ranges[0].clone()), Some(", as defined by UNP"));
        assert_eq!(
            definition_remarks("free cash flow as defined by the company").len(),
            1
        );
        // Near misses: a lender's definition, one in a document, a long run.
        for kept in [
            "EBITDA (as defined by the credit agreement), 2024",
            "EBITDA as defined in the indenture",
            "EBITDA as defined by our amended and restated senior lenders today",
            "debt (as defined by our lenders), 2024",
            "leverage as defined by Moody's, 2024",
        ] {
            assert!(definition_remarks(kept).is_empty(), "{kept:?}");
        }
    }

    #[test]
    fn a_rows_letter_formula_is_found_where_it_is() {
        let text = "Cash flow conversion rate (a/b)";
        assert_eq!(letter_formulas(text), vec![26..31]);
        assert_eq!(
            letter_formulas("c. Total R&D (a+b), FY 2019 (c - d)"),
            vec![13..18, 28..35]
        );
        for none in [
            "Total (a)",
            "Days sales outstanding (A/R)",
            "Ratio (ab/c)",
            "(a/b",
            "Revenue (1)",
            "Ratio (a/)",
        ] {
            assert!(letter_formulas(none).is_empty(), "{none:?}");
        }
    }

    #[test]
    fn normalizes_labels() {
        let cases = [
            ("Net sales", "net sales"),
            ("  Total net sales  ", "total net sales"),
            ("Total stockholders’ equity", "total stockholders equity"),
            ("Total stockholder's equity", "total stockholders equity"),
            ("Total shareholders' equity:", "total shareholders equity"),
            ("Research and development (1)", "research and development"),
            ("Research and development(a)", "research and development"),
            ("Revenue (1)(2)", "revenue"),
            ("Revenue [3]", "revenue"),
            (
                "Cash flow conversion rate (a/b)",
                "cash flow conversion rate",
            ),
            ("Adjusted margin (a + b)", "adjusted margin"),
            ("Days sales outstanding (A/R)", "days sales outstanding a r"),
            ("Ratio (ab/c)", "ratio ab c"),
            ("Revenue*", "revenue"),
            ("Revenue †", "revenue"),
            ("Net sales¹", "net sales"),
            ("Net sales²³", "net sales"),
            ("Revenue (ii)", "revenue"),
            ("Net income (loss)", "net income loss"),
            ("Other income/(expense), net", "other income expense net"),
            ("R&D", "r and d"),
            ("SG&A expense", "sg and a expense"),
            ("Gross margin %", "gross margin percent"),
            ("Weighted-average shares", "weighted average shares"),
            ("Non-current assets", "noncurrent assets"),
            ("Non current assets", "noncurrent assets"),
            ("Avg. shares outstanding", "average shares outstanding"),
            ("Pre-tax income", "pretax income"),
            ("Earnings per share:", "earnings per share"),
            ("NET INCOME", "net income"),
            (
                "Operating lease right-of-use assets",
                "operating lease right of use assets",
            ),
            ("(1)", ""),
            ("", ""),
            ("Level (B) items", "level b items"),
        ];
        for (label, want) in cases {
            assert_eq!(normalize_label(label), want, "label {label:?}");
        }
    }

    #[test]
    fn label_keys_add_a_form_without_parentheticals() {
        assert_eq!(
            label_keys("Net income (loss)"),
            vec!["net income loss".to_string(), "net income".to_string()]
        );
        assert_eq!(
            label_keys("Other income (expense), net"),
            vec![
                "other income expense net".to_string(),
                "other income net".to_string()
            ]
        );
        assert_eq!(label_keys("Net sales"), vec!["net sales".to_string()]);
        assert_eq!(
            label_keys("Income taxes (Note 7)"),
            vec![
                "income taxes note 7".to_string(),
                "income taxes".to_string()
            ]
        );
        assert!(label_keys("  ").is_empty());
        assert_eq!(label_keys("(Loss)"), vec!["loss".to_string()]);
    }

    #[test]
    fn tokens_keep_byte_ranges() {
        let text = "2023 net sales";
        let toks = tokens(text);
        let ranges: Vec<_> = toks
            .iter()
            .map(|t| (t.text.as_str(), t.start, t.end))
            .collect();
        assert_eq!(
            ranges,
            vec![("2023", 0, 4), ("net", 5, 8), ("sales", 9, 14)]
        );

        let text = "Stockholders’ non-current €ébit";
        let toks = tokens(text);
        let words: Vec<_> = toks
            .iter()
            .map(|t| (t.text.as_str(), text.get(t.start..t.end).unwrap_or("?")))
            .collect();
        assert_eq!(
            words,
            vec![
                ("stockholders", "Stockholders"),
                ("noncurrent", "non-current"),
                ("ébit", "ébit")
            ]
        );
    }

    #[test]
    fn strip_parentheticals_handles_nesting_and_unclosed() {
        assert_eq!(
            normalize_label(&strip_parentheticals("a (b (c) d) e")),
            "a e"
        );
        assert_eq!(normalize_label(&strip_parentheticals("a (b")), "a");
        assert_eq!(normalize_label(&strip_parentheticals("a) b")), "a b");
    }
}
