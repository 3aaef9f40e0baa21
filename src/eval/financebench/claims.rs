//! Turning FinanceBench questions into claims: which questions, the
//! number each answer states, the role in the question's own words, the
//! evidence page, and the dev / held-out split (see the parent module's
//! documentation for the rules). Only the dataset's own fields are used.

use std::collections::BTreeMap;
use std::path::Path;

use rust_decimal::Decimal;
use serde::Serialize;

use super::FinanceBenchError;

/// One evidence page of a question.
#[derive(Debug, Clone, serde::Deserialize)]
pub(super) struct Evidence {
    pub(super) evidence_page_num: u32,
    #[serde(default)]
    pub(super) evidence_text_full_page: String,
}

/// One FinanceBench question, the fields used.
#[derive(Debug, Clone, serde::Deserialize)]
pub(super) struct Question {
    pub(super) financebench_id: String,
    pub(super) company: String,
    pub(super) doc_name: String,
    pub(super) question: String,
    pub(super) answer: String,
    #[serde(default)]
    pub(super) question_reasoning: Option<String>,
    #[serde(default)]
    pub(super) evidence: Vec<Evidence>,
}
/// Which half of the companies a claim belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Split {
    /// Rules were written looking at these.
    Dev,
    /// Kept aside.
    HeldOut,
}
/// The split of each company: sorted by name, every third held out.
pub(super) fn splits(companies: &[String]) -> BTreeMap<String, Split> {
    let mut names: Vec<&String> = companies.iter().collect();
    names.sort();
    names.dedup();
    names
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            let split = if i % 3 == 2 {
                Split::HeldOut
            } else {
                Split::Dev
            };
            (c.clone(), split)
        })
        .collect()
}
/// A number written in an answer: its value, the scale its words give, the
/// places it is precise to, and how to write it in a claim.
#[derive(Debug, Clone, PartialEq)]
struct Stated {
    magnitude: Decimal,
    negative: bool,
    dollar: bool,
    percent: bool,
    scale: Option<&'static str>,
    places: u32,
    /// Where the number starts and ends in the answer.
    span: (usize, usize),
}

impl Stated {
    /// The number in base units (× its scale, or `unit`).
    fn base(&self, unit: Decimal) -> Decimal {
        self.magnitude * unit
    }

    /// As a claim states it: sign, `$`, digits without trailing fraction
    /// zeros, `%`, scale word.
    fn written(&self, scale: Option<&str>) -> String {
        let digits = self.magnitude.normalize().to_string();
        let mut out = String::new();
        if self.negative {
            out.push('-');
        }
        if self.dollar {
            out.push('$');
        }
        out.push_str(&digits);
        if self.percent {
            out.push('%');
        }
        if let Some(word) = self.scale.or(scale) {
            out.push(' ');
            out.push_str(word);
        }
        out
    }
}

fn scale_of(word: &str) -> Option<&'static str> {
    match word.to_lowercase().as_str() {
        "million" | "millions" | "mn" | "m" => Some("million"),
        "billion" | "billions" | "bn" | "b" => Some("billion"),
        "thousand" | "thousands" | "k" => Some("thousand"),
        _ => None,
    }
}

fn unit_of(scale: Option<&str>) -> Decimal {
    match scale {
        Some("thousand") => Decimal::from(1_000),
        Some("million") => Decimal::from(1_000_000),
        Some("billion") => Decimal::from(1_000_000_000),
        _ => Decimal::ONE,
    }
}

/// The numbers an answer states, years and list marks left out.
fn stated_numbers(answer: &str) -> Vec<Stated> {
    let chars: Vec<(usize, char)> = answer.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&(start, c)) = chars.get(i) {
        if !c.is_ascii_digit() {
            i += 1;
            continue;
        }
        // Digits, commas and one point.
        let mut j = i;
        while chars
            .get(j)
            .is_some_and(|&(_, c)| c.is_ascii_digit() || c == ',' || c == '.')
        {
            j += 1;
        }
        let mut text: String = chars
            .get(i..j)
            .unwrap_or_default()
            .iter()
            .map(|&(_, c)| c)
            .collect();
        while text.ends_with([',', '.']) {
            text.pop();
            j -= 1;
        }
        let end = chars.get(j).map_or(answer.len(), |&(b, _)| b);
        let before: String = answer
            .get(..start)
            .unwrap_or_default()
            .chars()
            .rev()
            .take(4)
            .collect();
        let before: String = before.chars().rev().collect();
        let dollar = before.trim_end().ends_with('$');
        let negative = before
            .trim_end()
            .trim_end_matches('$')
            .trim_end()
            .ends_with(['-', '\u{2212}']);
        let after = answer.get(end..).unwrap_or_default();
        let percent = after.starts_with('%') || after.trim_start().starts_with('%');
        let word: String = after
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphabetic())
            .collect();
        let scale = scale_of(&word).filter(|_| {
            // "2,018mn" or "473 million"; not "3 shares".
            word.len() > 1 || after.starts_with(|c: char| c.is_alphabetic())
        });
        let clean = text.replace(',', "");
        let in_list =
            answer.get(end..).is_some_and(|a| a.starts_with(')')) && before.ends_with('(');
        let year = clean.len() == 4
            && !dollar
            && !percent
            && clean
                .parse::<i64>()
                .is_ok_and(|y| (1900..=2100).contains(&y));
        if let Ok(magnitude) = clean.parse::<Decimal>()
            && !year
            && !in_list
        {
            let fraction = clean.split_once('.').map_or("", |(_, f)| f);
            let places = fraction.trim_end_matches('0').len() as u32;
            out.push(Stated {
                magnitude,
                negative,
                dollar,
                percent,
                scale,
                places,
                span: (start, end),
            });
        }
        i = j.max(i + 1);
    }
    out
}

/// Whether a page's text (FinanceBench's) prints `base` as a line by
/// itself, within the rounding of `places` digits of the unit: the scale
/// it prints it at (1, 10^3, 10^6, 10^9).
fn printed_as_cell(page: &str, base: Decimal, unit: Decimal, places: u32) -> Option<Decimal> {
    let half = unit * Decimal::new(5, places + 1);
    for line in page.lines() {
        let token: String = line
            .trim()
            .trim_end_matches('$')
            .trim()
            .chars()
            .filter(|c| !matches!(c, '$' | ' ' | '(' | ')' | '%'))
            .collect();
        if token.is_empty()
            || !token
                .chars()
                .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
            || !token.starts_with(|c: char| c.is_ascii_digit())
        {
            continue;
        }
        let Ok(printed) = token.replace(',', "").parse::<Decimal>() else {
            continue;
        };
        for power in [0u32, 3, 6, 9] {
            let scale = Decimal::from(10u64.pow(power));
            if (printed * scale - base).abs() <= half {
                return Some(scale);
            }
        }
    }
    None
}

/// The question's own words for the role: the phrase after its
/// interrogative, without company names, units, instructions or
/// parentheticals.
fn question_phrase(question: &str, company: &str) -> String {
    let lower = question.to_lowercase();
    let starts = [
        "what is ",
        "what was ",
        "what are ",
        "what were ",
        "how much ",
        "which ",
    ];
    let from = starts
        .iter()
        .filter_map(|s| lower.find(s).map(|i| (i, s.len())))
        .min()
        .map_or(0, |(i, n)| i + n);
    let rest = question.get(from..).unwrap_or(question);
    let rest = rest.split('?').next().unwrap_or(rest);
    // Parentheticals out.
    let mut text = String::new();
    let mut depth = 0usize;
    for c in rest.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => text.push(c),
            _ => {}
        }
    }
    let mut words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let company_words: Vec<String> = company
        .split_whitespace()
        .map(|w| w.to_lowercase())
        .collect();
    let strip = |w: &str| {
        w.trim_end_matches("'s")
            .trim_end_matches("\u{2019}s")
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    // Company names (and the prepositions that bring them), units, and
    // the auxiliaries after "how much" or "which".
    let mut keep = Vec::new();
    let mut i = 0;
    while let Some(w) = words.get(i) {
        let s = strip(w);
        let next = words.get(i + 1).map(|n| strip(n)).unwrap_or_default();
        let is_company = company_words.contains(&s)
            || company_words
                .first()
                .is_some_and(|c| s.starts_with(c.as_str()) && s.len() <= c.len() + 2);
        if is_company {
            if keep.last().is_some_and(|k: &String| {
                matches!(strip(k).as_str(), "for" | "of" | "did" | "does" | "by")
            }) {
                keep.pop();
            }
            i += 1;
            continue;
        }
        if s == "in" && next == "usd" {
            i += 3;
            continue;
        }
        if keep.is_empty() && matches!(s.as_str(), "the" | "did" | "does" | "do" | "of") {
            i += 1;
            continue;
        }
        keep.push(w.clone());
        i += 1;
    }
    words = keep;
    words
        .join(" ")
        .trim_matches(|c: char| c == ',' || c.is_whitespace())
        .to_string()
}

/// Period words of a question ("FY2018", "2021 Q1", "FY 2023", "in 2024").
fn period_words(question: &str) -> String {
    let words: Vec<&str> = question.split_whitespace().collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while let Some(w) = words.get(i) {
        let t = w.trim_matches(|c: char| !c.is_alphanumeric());
        let upper = t.to_uppercase();
        let year = t.len() == 4 && t.parse::<i32>().is_ok_and(|y| (1990..=2100).contains(&y));
        if upper == "FY" {
            // "FY 2023" is FY2023.
            if let Some(n) = words.get(i + 1) {
                out.push(format!(
                    "FY{}",
                    n.trim_matches(|c: char| !c.is_alphanumeric())
                ));
            }
            i += 2;
            continue;
        }
        if upper.starts_with("FY") && t.len() > 2 || upper.starts_with('Q') && t.len() == 2 || year
        {
            out.push(t.to_string());
        }
        i += 1;
    }
    let mut seen: Vec<String> = Vec::new();
    out.retain(|w| {
        let new = !seen.contains(w);
        seen.push(w.clone());
        new
    });
    out.join(" ")
}

/// The role of a number in an answer: a sentence's words before it (and
/// the sentence's subject) and its clause's words right after it, or the
/// question's phrase.
fn role_of(question: &Question, stated: &Stated) -> String {
    let phrase = question_phrase(&question.question, &question.company);
    let answer = &question.answer;
    let letters = answer.chars().filter(|c| c.is_alphabetic()).count();
    if letters < 12 {
        return phrase;
    }
    // The clause holding the number, and the answer's first sentence (its
    // subject, "Corporate.").
    let before = answer.get(..stated.span.0).unwrap_or_default();
    // A clause ends at ';', ',' or a sentence's point, not at the point of
    // an abbreviation ("Adj.").
    let clause_start = before
        .char_indices()
        .filter(|&(i, c)| {
            c == ';'
                || c == ','
                || c == '.'
                    && before
                        .get(..i)
                        .unwrap_or_default()
                        .rsplit(' ')
                        .next()
                        .is_some_and(|w| w.chars().count() > 3)
        })
        .map(|(i, _)| i + 1)
        .next_back()
        .unwrap_or(0);
    let clause = before.get(clause_start..).unwrap_or_default();
    let clause = clause.trim().trim_end_matches(['$', '-', ' ']).trim_end();
    let clause =
        ["was", "were", "is", "are", "of", "by", "at"]
            .iter()
            .fold(clause.to_string(), |c, w| {
                c.strip_suffix(w)
                    .map_or(c.clone(), |s| s.trim_end().to_string())
            });
    let clause = clause
        .trim_start_matches("and ")
        .trim_start_matches("Its ")
        .trim_start_matches("its ")
        .trim_start_matches("The ")
        .trim_start_matches("the ")
        .to_string();
    // The first sentence, if it is a short subject ("Corporate."); a point
    // after a short word is an abbreviation ("Adj."), not a sentence end.
    let subject = answer
        .match_indices(". ")
        .map(|(i, _)| i)
        .find(|&i| {
            let word = answer
                .get(..i)
                .unwrap_or_default()
                .rsplit(' ')
                .next()
                .unwrap_or_default();
            word.chars().count() > 3
        })
        .and_then(|i| answer.get(..i))
        .filter(|s| s.split_whitespace().count() <= 6 && stated.span.0 > s.len());
    // The clause's words right after the number ("shrunk by 0.9%
    // organically."), up to a phrase of its own ("in FY 2023"); unit and
    // scale words left out.
    let after = answer.get(stated.span.1..).unwrap_or_default();
    let after = after
        .split([',', ';', '.'])
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| {
            let lower = w.to_lowercase();
            !w.is_empty()
                && scale_of(w).is_none()
                && !matches!(lower.as_str(), "percent" | "usd" | "dollars")
        })
        .take_while(|w| {
            let lower = w.to_lowercase();
            !matches!(
                lower.as_str(),
                "in" | "for" | "during" | "as" | "at" | "on" | "from" | "and" | "of" | "to"
            )
        })
        .collect::<Vec<_>>()
        .join(" ");
    let clause = if after.is_empty() {
        clause
    } else {
        format!("{clause} {after}")
    };
    let role = match subject {
        Some(s) => format!("{s} {clause}"),
        None => clause,
    };
    // The company's name is no part of the role.
    let company = question.company.to_lowercase();
    let mut role = role
        .split_whitespace()
        .filter(|w| {
            let w = w
                .trim_end_matches("'s")
                .trim_end_matches("\u{2019}s")
                .trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase();
            !company.split_whitespace().any(|c| c == w)
        })
        .collect::<Vec<_>>()
        .join(" ");
    let periods = period_words(&question.question);
    if !periods.is_empty() && !role.contains(&periods) {
        role = format!("{role} {periods}");
    }
    role.trim().to_string()
}

/// The scale word a question asks for ("Answer in USD billions").
fn question_scale(question: &str) -> Option<&'static str> {
    let lower = question.to_lowercase();
    if lower.contains("usd billions") {
        Some("billion")
    } else if lower.contains("usd millions") {
        Some("million")
    } else if lower.contains("usd thousands") {
        Some("thousand")
    } else {
        None
    }
}
/// An answer claim to verify.
pub(super) struct Planned {
    pub(super) question: Question,
    pub(super) split: Split,
    pub(super) value: String,
    pub(super) role: String,
    pub(super) cite: String,
    /// The evidence page (1-based).
    pub(super) page: u32,
    /// The stated number in base units, and half its rounding step.
    pub(super) base: Decimal,
    pub(super) half: Decimal,
}

pub(super) fn read_questions(path: &Path) -> Result<Vec<Question>, FinanceBenchError> {
    let text = std::fs::read_to_string(path).map_err(|e| FinanceBenchError::Io {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| FinanceBenchError::Question {
                path: path.display().to_string(),
                line: i + 1,
                reason: e.to_string(),
            })
        })
        .collect()
}

/// Makes the answer claims (see the module documentation).
pub(super) fn plan(questions: &[Question], pdfs: &Path) -> (usize, Vec<Planned>) {
    let present: Vec<&Question> = questions
        .iter()
        .filter(|q| pdfs.join(format!("{}.pdf", q.doc_name)).is_file())
        .collect();
    let companies: Vec<String> = present.iter().map(|q| q.company.clone()).collect();
    let splits = splits(&companies);
    let mut out = Vec::new();
    for q in &present {
        let extraction = q
            .question_reasoning
            .as_deref()
            .is_none_or(|r| r.trim().eq_ignore_ascii_case("information extraction"));
        if !extraction {
            continue;
        }
        let asked = question_scale(&q.question);
        for stated in stated_numbers(&q.answer) {
            let scale = stated.scale.or(asked);
            let unit = unit_of(scale);
            let base = stated.base(unit);
            let Some(page) = q.evidence.iter().find_map(|e| {
                printed_as_cell(&e.evidence_text_full_page, base, unit, stated.places)
                    .map(|_| e.evidence_page_num)
            }) else {
                continue;
            };
            out.push(Planned {
                question: (*q).clone(),
                split: splits.get(&q.company).copied().unwrap_or(Split::Dev),
                value: stated.written(asked),
                role: role_of(q, &stated),
                cite: format!("{}.pdf#p{}", q.doc_name, page + 1),
                page: page + 1,
                base,
                half: unit * Decimal::new(5, stated.places + 1),
            });
        }
    }
    (present.len(), out)
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_state_numbers_with_their_scale_and_precision() {
        let got = stated_numbers("Corporate. Its net revenue was -$473 million in 2021.");
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].written(None), "-$473 million");
        let got = stated_numbers("$1577.00");
        assert_eq!(
            (got[0].places, got[0].written(Some("million"))),
            (0, "$1577 million".to_string())
        );
        let got = stated_numbers("Adj. EBITDA was $2,018mn in FY 2023");
        assert_eq!(got[0].written(None), "$2018 million");
        let got = stated_numbers("$8.70");
        assert_eq!(got[0].places, 1);
    }

    #[test]
    fn a_number_is_a_cell_when_its_page_prints_it_on_a_line_of_its_own() {
        let page = "Purchases of PP&E\n(1,577)\n(1,373)\nThe company spent 1,600 on it.\n";
        let million = Decimal::from(1_000_000);
        let base = Decimal::from(1577) * million;
        assert!(printed_as_cell(page, base, million, 0).is_some());
        let base = Decimal::from(1600) * million;
        assert!(printed_as_cell(page, base, million, 0).is_none());
        // "$8.70 billion" holds 8,738 million within its rounding.
        let page = "Property, plant and equipment — net\n8,738\n";
        let billion = Decimal::from(1_000_000_000);
        let base = Decimal::new(87, 1) * billion;
        assert!(printed_as_cell(page, base, billion, 1).is_some());
    }

    #[test]
    fn roles_keep_the_questions_words_without_company_and_units() {
        assert_eq!(
            question_phrase(
                "What is the FY2018 capital expenditure amount (in USD millions) for 3M? Give a response.",
                "3M"
            ),
            "FY2018 capital expenditure amount"
        );
        assert_eq!(
            question_phrase(
                "How much (in USD billions) did Acme Water pay out in cash dividends for FY2020? Compute it.",
                "Acme Water"
            ),
            "pay out in cash dividends for FY2020"
        );
        assert_eq!(
            period_words("In 2022 Q2, which segment had the highest net income?"),
            "2022 Q2"
        );
        assert_eq!(period_words("What was the EBITDA for FY 2023"), "FY2023");
    }

    #[test]
    fn a_roles_words_run_on_after_the_number_to_the_clauses_next_phrase() {
        // Made-up answers in FinanceBench's shape, not its text.
        let question = |answer: &str| Question {
            financebench_id: "x".to_string(),
            company: "Acme".to_string(),
            doc_name: "ACME_2022_10K".to_string(),
            question: "Which unit held back Acme's growth in 2022?".to_string(),
            answer: answer.to_string(),
            question_reasoning: None,
            evidence: Vec::new(),
        };
        let role = |answer: &str| {
            let q = question(answer);
            let stated = stated_numbers(&q.answer);
            role_of(&q, &stated[0])
        };
        assert_eq!(
            role("The tools unit fell by 2.1% organically."),
            "tools unit fell organically 2022"
        );
        // A phrase of its own after the number, and unit words, stay out.
        assert_eq!(
            role("The tools unit's sales were $2,018mn in FY 2022"),
            "tools unit's sales 2022"
        );
        assert_eq!(
            role("The tools unit's sales were 412 million dollars, up 3%."),
            "tools unit's sales 2022"
        );
    }

    #[test]
    fn companies_split_every_third_by_name() {
        let names: Vec<String> = ["Delta", "Alpha", "Charlie", "Bravo", "Echo", "Foxtrot"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let split = splits(&names);
        let held: Vec<&str> = split
            .iter()
            .filter(|(_, s)| **s == Split::HeldOut)
            .map(|(c, _)| c.as_str())
            .collect();
        assert_eq!(held, ["Charlie", "Foxtrot"]);
    }
}
