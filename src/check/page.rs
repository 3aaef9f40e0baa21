//! Checks 3 and 4 on a page of prose: a claim citing a page (`acme.pdf#p5`)
//! whose number is written in running text ("Net income rose 17.6% to $447
//! million"), not in a table.
//!
//! Value: the stated number must be written in the page's text — in the
//! claim's quote, when the quote is found there (it says where; a quote
//! that states no amount, "effective tax rate was", says where by its
//! sentence), else anywhere on the page. A page that does not state the
//! number is a `value_mismatch`.
//!
//! Role: prose has no labeled rows or columns. The number's role is read
//! from its sentence (`prose_number`: the clause's subject or the words
//! before "of", the period written with it, a compared amount's year
//! before, the report's own period when none is written), in the quote's
//! sentence, else in any sentence of the page that writes it. It holds when
//! that reading is the claim's role slot by slot: the same concept family
//! (or the claim's words, when it names no concept), no words or
//! qualifiers on one side the other lacks, no other direction, a rate
//! where the value is a percentage and a level where it is an amount, and
//! every period the claim names; a change, a bound or a share ("60.0% of
//! revenue") is no level. It does not hold when the report's tables give
//! the claim's line and period another value (a segment's sentence reads
//! like the company's line).
//!
//! A role naming a change ("Net income growth, FY2024 vs FY2023") is named
//! by a quote of its measure with a word of change before the number that
//! goes the role's way and the change's later period. Otherwise the number
//! is on the page but what it is cannot be told: `ambiguous_role`, a person
//! looks. (A quote that merely mentions the claim's line and one of its
//! periods is no longer enough: "debt was $29.2 billion at December 28,
//! 2019 and $31.1 billion at December 29, 2018" names 2019, but not for
//! $31.1 billion.)

use super::cited::Claimed;
use super::page_text::{Headed, heading_period, sentences_under_headings};
use super::prose_number::{ProseNumber, When, read_sentence};
use super::resolve::Resolved;
use super::role::{Mode, fit, read, roles_of};
use super::{Check, Code, Finding, Route};
use crate::model::{Document, Period};
use crate::period::{Agreement, periods_agree};
use crate::prose::{Hedge, amounts_in, same_number};
use crate::vocab::lexicon::Lexicon;

/// The value and role findings of a claim at a page of prose.
pub fn on_page(
    claimed: &Claimed<'_>,
    cited: &Resolved<'_>,
    text: &str,
    context: &super::cited::Context<'_, '_>,
) -> Vec<Finding> {
    let written = claimed.written;
    let quoted = context
        .quote
        .filter(|q| super::quote::found_in(q, text))
        .filter(|q| !q.trim().is_empty());
    // The quote's sentences, each with its heading, read once for the value
    // and the role.
    let quoted = quoted.map(|q| (q, quote_sentences(q, text)));
    // A quote that states no amount ("effective tax rate was") says where
    // by its sentence, which must state the value.
    let sentence_of_quote;
    let scope = match &quoted {
        Some((q, sentences)) if amounts_in(q).is_empty() => {
            sentence_of_quote = sentences
                .iter()
                .map(|(s, _)| s.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            sentence_of_quote.as_str()
        }
        Some((q, _)) => q,
        None => text,
    };
    let amounts = amounts_in(scope);
    let stated_here = amounts.iter().any(|w| is_the_value(w, claimed));
    let mut findings = Vec::new();
    if !stated_here {
        if context.checks.has(Check::Value) {
            let shown: Vec<&str> = amounts.iter().take(12).map(|w| w.text(scope)).collect();
            let where_ = if quoted.is_some() {
                "in the quoted passage"
            } else {
                "in its text"
            };
            findings.push(
                Finding::new(
                    Code::ValueMismatch,
                    Route::Reanswer,
                    format!(
                        "{} does not state {written} {where_} (it states {})",
                        cited.reference,
                        if shown.is_empty() {
                            "no amount".to_string()
                        } else {
                            shown.join(", ")
                        }
                    ),
                )
                .cite(&cited.cite),
            );
        }
        return findings;
    }
    if !context.checks.has(Check::Role) {
        return findings;
    }
    let claim_role = &claimed.role.role;
    let current = Currents::of(cited.document);
    let named = quoted
        .as_ref()
        .is_some_and(|(q, sentences)| names_change(q, sentences, claimed, &current, context.vocab));
    let sentence = if named {
        // The quote names the change; the statements may still give the
        // line another change (a segment's paragraph).
        match statements_disagree(claimed, cited.document, context.vocab) {
            Some(cell) => Sentence::Contradicted(cell),
            None => Sentence::Fits,
        }
    } else {
        read_in_its_sentence(
            claimed,
            text,
            quoted.as_ref(),
            &current,
            cited.document,
            context.vocab,
        )
    };
    if let Sentence::Contradicted(cell) = &sentence {
        findings.push(
            Finding::new(
                Code::AmbiguousRole,
                Route::Review,
                format!(
                    "{} states {written} in a sentence that reads as {}, but the report's tables give that line another value ({cell}): the sentence may speak of a segment or another basis",
                    cited.reference,
                    claim_role.describe()
                ),
            )
            .cite(&cited.cite),
        );
    } else if sentence == Sentence::No {
        findings.push(
            Finding::new(
                Code::AmbiguousRole,
                Route::Review,
                format!(
                    "{} states {written} in its text, but {} that it is {}",
                    cited.reference,
                    match &quoted {
                        Some((q, _)) => format!("neither the quote {q:?} nor its sentence says"),
                        None => "no sentence of the page says".to_string(),
                    },
                    claim_role.describe()
                ),
            )
            .cite(&cited.cite),
        );
    }
    findings
}

/// Whether the words a sentence gives a change's number as its measure
/// ("net revenues at our Las Vegas Strip Resorts") name the line the
/// claim's change is of: its concept (or, without one, its words), no more
/// and no fewer words, the same qualifiers.
fn names_the_line(
    change: &super::role::ClaimRole,
    measure: &str,
    current: &Currents,
    vocab: &crate::vocab::Vocab,
) -> bool {
    let said = read(measure, vocab, Mode::Role).role;
    (match (&change.role.concept, &said.concept) {
        (Some(a), Some(b)) => Lexicon::builtin().same_family(a.as_str(), b.as_str()),
        (None, _) => {
            let own = |words: &[Box<str>]| -> Vec<Box<str>> {
                words
                    .iter()
                    .filter(|w| !current.filer.contains(w))
                    .cloned()
                    .collect()
            };
            let claimed_words = own(&change.role.words);
            !claimed_words.is_empty() && claimed_words == own(&said.words)
        }
        (Some(_), None) => false,
    }) && same_words(&change.role, &said, &current.filer)
        && same_qualifiers(&change.role, &said)
}

/// Whether a page's text writes the claim's number as a value (not as a
/// bound).
pub fn text_states(claimed: &Claimed<'_>, text: &str) -> bool {
    amounts_in(text).iter().any(|w| is_the_value(w, claimed))
}

/// Whether a quote found in a page's text writes the claim's number as a
/// value.
pub fn quote_states(claimed: &Claimed<'_>, quote: &str, text: &str) -> bool {
    super::quote::found_in(quote, text) && text_states(claimed, quote)
}

/// Whether an amount of running text is the claim's value, written as a
/// value (not as a bound: "over $4 billion").
fn is_the_value(w: &crate::prose::Written, claimed: &Claimed<'_>) -> bool {
    w.hedge != Hedge::Bound && same_number(&w.amount, claimed.stated, None)
}

/// What the sentences of a page say of a claim's number.
#[derive(Debug, Clone, PartialEq)]
enum Sentence {
    /// One gives it the claim's role.
    Fits,
    /// One does, but the report's tables give the claim's line and period
    /// another value (this cell and its value).
    Contradicted(String),
    /// None does.
    No,
}

/// Whether a sentence says a loss or cash used in words.
fn says_a_loss(sentence: &str) -> bool {
    sentence
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| matches!(w.to_ascii_lowercase().as_str(), "loss" | "losses" | "used"))
}

/// Whether the sentence that writes the claim's number (the quote's
/// sentence, else any sentence of the page) gives it the claim's role, as
/// `prose_number` reads it: its measure, qualifiers, direction, unit and
/// period. When the quote writes the number and its sentence writes it
/// more often than the quote, every one must fit: which is quoted cannot
/// be told.
fn read_in_its_sentence(
    claimed: &Claimed<'_>,
    text: &str,
    quoted: Option<&(&str, Vec<Headed>)>,
    current: &Currents,
    document: &Document,
    vocab: &crate::vocab::Vocab,
) -> Sentence {
    // The claim's sentence names another period or line than its role:
    // which one it means is for a person.
    if !claimed.role.sentence_periods.is_empty() || claimed.role.sentence_measure.is_some() {
        return Sentence::No;
    }
    let page;
    let scope = match quoted {
        None => {
            page = sentences_under_headings(text);
            &page
        }
        Some((_, sentences)) => sentences,
    };
    let in_quote = quoted.map_or(0, |(q, _)| {
        amounts_in(q)
            .iter()
            .filter(|w| same_number(&w.amount, claimed.stated, None))
            .count()
    });
    let read_so = scope.iter().any(|(sentence, heading)| {
        // A heading that is a period ("2020 v. 2019") dates what the
        // sentence leaves undated.
        let dated = heading.as_deref().and_then(heading_period);
        let numbers: Vec<ProseNumber> = read_sentence(sentence)
            .into_iter()
            .map(|mut n| {
                if let Some(p) = &dated {
                    n.when = match n.when {
                        When::Current => When::Own(p.clone()),
                        When::Prior(None) => When::Prior(Some(p.clone())),
                        When::Both => When::Unknown,
                        other => other,
                    };
                }
                n
            })
            .filter(|n| is_the_value(&n.written, claimed))
            .collect();
        // "Excluding the impact of these impairment losses, operating
        // income decreased by $762 million": what follows is adjusted.
        let adjusted_from = adjusting_at(sentence);
        let fit = |n: &ProseNumber| {
            if adjusted_from.is_some_and(|at| at < n.written.start) && !names_a_basis(claimed) {
                return false;
            }
            match change_role(claimed) {
                Some(change) => fits_change(n, claimed, change, current, vocab),
                None => fits(n, claimed, current, vocab),
            }
        };
        if in_quote > 0 && numbers.len() > in_quote {
            numbers.iter().all(fit)
        } else {
            numbers.iter().any(fit)
        }
    });
    if !read_so {
        return Sentence::No;
    }
    match statements_disagree(claimed, document, vocab) {
        Some(cell) => Sentence::Contradicted(cell),
        None => Sentence::Fits,
    }
}

/// The cell, when the report's tables give the claim's line and period
/// another value than the claim: a sentence under a segment's heading ("Net sales
/// were $3.7 billion") reads like the company's line, and the statements
/// tell the two apart. Cells of the claim's concept only, at most
/// `MAX_CANDIDATES` of them.
fn statements_disagree(
    claimed: &Claimed<'_>,
    document: &Document,
    vocab: &crate::vocab::Vocab,
) -> Option<String> {
    let Some(concept) = claimed.role.role.concept.as_ref() else {
        return change_disagrees(claimed, document, vocab);
    };
    let adequate: Vec<crate::model::Cell<'_>> = document
        .cells_of(concept, false)
        .take(super::role::MAX_CANDIDATES)
        .filter(|cell| fit(claimed.role, cell, roles_of(cell.table(), vocab)).adequate())
        .collect();
    if adequate.iter().any(|cell| claimed.compare(cell).holds()) {
        return None;
    }
    match adequate.first() {
        Some(first) => Some(format!("{} holds {}", first.reference(), first.text())),
        None => change_disagrees(claimed, document, vocab),
    }
}

/// For a change ("operating revenues decreased $259 million, 2022 vs
/// 2021"): the two cells, when two of the report's tables print the line
/// at both periods in one row with the same values, and no row the role
/// fits gives the stated change's size. A segment's change under its
/// heading reads like the company's, and the statements tell the two
/// apart. The way is not asked here (the sentence's reading held it), nor
/// is a hedged change ("about $260 million") held to the statements.
fn change_disagrees(
    claimed: &Claimed<'_>,
    document: &Document,
    vocab: &crate::vocab::Vocab,
) -> Option<String> {
    // A row's cells paired with each other (its periods); a longer row is
    // no statement line and is passed over.
    const MAX_ROW: usize = 16;
    if claimed.rules.hedged {
        return None;
    }
    // The role read as a change of its measure, or a role whose period is
    // a change ("Decrease in operating revenues, 2022 vs 2021").
    let change = claimed.role.as_change.as_deref().unwrap_or(claimed.role);
    let concept = change.role.concept.as_ref()?;
    // The line's cells, by table and row.
    let mut rows: Vec<Vec<(&str, crate::model::Cell<'_>)>> = Vec::new();
    let mut at: std::collections::HashMap<(usize, u32), usize> = std::collections::HashMap::new();
    for cell in document
        .cells_of(concept, false)
        .take(super::role::MAX_CANDIDATES)
    {
        let key = (std::ptr::from_ref(cell.table()) as usize, cell.record().row);
        let index = *at.entry(key).or_insert_with(|| {
            rows.push(Vec::new());
            rows.len() - 1
        });
        if let Some(row) = rows.get_mut(index) {
            row.push(("", cell));
        }
    }
    let pairs: Vec<super::implied::Levels<'_>> = rows
        .iter()
        .filter(|row| (2..=MAX_ROW).contains(&row.len()))
        .flat_map(|row| super::implied::pairs(claimed.role, change, row, vocab, MAX_ROW))
        .collect();
    if pairs
        .iter()
        .any(|levels| super::implied::gives_size(claimed.stated, levels) != Some(false))
    {
        return None;
    }
    // The report's own line is printed more than once (in the discussion
    // and in the statements) with the same two values; a pair one note
    // prints alone may be a part of the line ("Other income—net" of
    // collaborations), and says nothing against the sentence.
    let mut seen: std::collections::HashMap<_, (usize, usize)> = std::collections::HashMap::new();
    let mut twice = None;
    for (i, l) in pairs.iter().enumerate() {
        let table = std::ptr::from_ref(l.now.table()) as usize;
        let (first, its_table) = *seen
            .entry((l.now.value_base(), l.then.value_base()))
            .or_insert((i, table));
        if its_table != table {
            twice = Some(first);
            break;
        }
    }
    let first = pairs.get(twice?)?;
    Some(format!(
        "{} holds {} and {} holds {}",
        first.now.reference(),
        first.now.text(),
        first.then.reference(),
        first.then.text()
    ))
}

/// The sentences of a page that hold a quote (two, when it runs across
/// them), each with its heading.
fn quote_sentences(quote: &str, text: &str) -> Vec<Headed> {
    let all = sentences_under_headings(text);
    let within: Vec<Headed> = all
        .iter()
        .filter(|(s, _)| super::quote::found_in(quote, s))
        .cloned()
        .collect();
    if !within.is_empty() {
        return within;
    }
    all.windows(2)
        .filter_map(|pair| {
            let [(a, heading), (b, _)] = pair else {
                return None;
            };
            let joined = format!("{a} {b}");
            super::quote::found_in(quote, &joined).then(|| (joined, heading.clone()))
        })
        .collect()
}

/// What the report is: its own periods (its latest span, when one, and its
/// latest balance date) and the words of its filer's name.
struct Currents {
    span: Option<Period>,
    balance: Option<Period>,
    /// The filer's name, as role words: a role naming the filer ("Adobe
    /// Creative revenue") is not asked to find "Adobe" in the sentence.
    filer: Vec<Box<str>>,
}

impl Currents {
    fn of(document: &Document) -> Currents {
        // The balance sheet's latest date, when the document has one.
        let has_balance_sheet = document
            .tables
            .iter()
            .any(|t| t.statement == crate::model::StatementKind::Balance);
        let balance = document
            .tables
            .iter()
            .filter(|t| !has_balance_sheet || t.statement == crate::model::StatementKind::Balance)
            .flat_map(|t| t.columns.iter())
            .filter_map(|c| match c.period.as_ref() {
                Some(p @ Period::Instant { date: Some(_), .. }) => Some(p),
                _ => None,
            })
            .max_by_key(|p| match p {
                Period::Instant { date, .. } => *date,
                _ => None,
            })
            .cloned();
        Currents {
            span: latest_period(document),
            balance,
            filer: super::role::filer_words(document.filer.as_deref()),
        }
    }

    /// The report's own period of the claimed period's kind.
    fn like(&self, claimed: &Period) -> Option<&Period> {
        match claimed {
            Period::Instant { .. } => self.balance.as_ref(),
            _ => self.span.as_ref(),
        }
    }
}

/// Where a sentence starts to speak of adjusted figures ("Excluding the
/// impact of …", "On an adjusted basis", "adjusted for"), if it does.
fn adjusting_at(sentence: &str) -> Option<usize> {
    static ADJUSTING: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(?:excluding|excluding the (?:impact|effect)s? of|on an? (?:adjusted|non-gaap|organic|comparable|constant[- ]currency) basis|adjusted for)\b",
        )
        .ok()
    });
    ADJUSTING.as_ref()?.find(sentence).map(|m| m.start())
}

/// Whether a claim's role names a basis of its own (adjusted, pro forma,
/// organic): a sentence's adjusted figure can be its.
fn names_a_basis(claimed: &Claimed<'_>) -> bool {
    let of = |role: &crate::model::Role| {
        role.qualifiers.iter().chain(&role.implied).any(|q| {
            q.def()
                .is_some_and(|d| matches!(d.kind.as_str(), "basis" | "growth_basis"))
        })
    };
    of(&claimed.role.role)
        || claimed
            .role
            .as_change
            .as_deref()
            .is_some_and(|c| of(&c.role))
}

/// The role a claim of a change is held to: its role read as a change of
/// its measure ("Net sales growth, 2022"), or the role itself when its
/// period is a change of one year over the year before ("Operating income,
/// % change 2021 vs 2020").
fn change_role<'c>(claimed: &'c Claimed<'_>) -> Option<&'c super::role::ClaimRole> {
    if let Some(change) = claimed.role.as_change.as_deref() {
        return Some(change);
    }
    match claimed.role.role.periods.as_slice() {
        [
            Period::Change {
                from: Some(from),
                to: Some(to),
                ..
            },
        ] if super::movement::a_year_before(from, to) => Some(claimed.role),
        _ => None,
    }
}

/// The later period of a change role, when the change is over the year
/// before it (or names no earlier period): a sentence's change ("increased
/// by $525.2 million, or 45%, during fiscal 2017") is over the year before,
/// and a claim of a change over two years is not it.
fn yearly_change_to(change: &super::role::ClaimRole) -> Option<&Period> {
    let Some(Period::Change {
        from, to: Some(to), ..
    }) = change.role.periods.first()
    else {
        return None;
    };
    from.as_deref()
        .is_none_or(|from| super::movement::a_year_before(from, to))
        .then_some(&**to)
}

/// Whether a number of running text, read, is what the claim says.
fn fits(
    number: &ProseNumber,
    claimed: &Claimed<'_>,
    current: &Currents,
    vocab: &crate::vocab::Vocab,
) -> bool {
    if number.bounded || number.change {
        return false;
    }
    let Some(measure) = number.measure.as_deref() else {
        return false;
    };
    let role = &claimed.role.role;
    let said = read(measure, vocab, Mode::Role).role;
    let lex = Lexicon::builtin();
    let same_measure = match (&role.concept, &said.concept) {
        (Some(a), Some(b)) => lex.same_family(a.as_str(), b.as_str()),
        (None, _) => {
            let own: Vec<&Box<str>> = role
                .words
                .iter()
                .filter(|w| !current.filer.contains(w))
                .collect();
            !own.is_empty() && own.iter().all(|w| said.words.contains(w))
        }
        (Some(_), None) => false,
    };
    let qualifiers = same_qualifiers(role, &said);
    // The role's way, else a loss the claim's sentence says in words
    // ("posted an EBITDAR loss of $209 million", "used $40 million in
    // investing activities"): the page's sentence must say it too.
    let sentence_side = claimed.role.sentence_direction.filter(|d| {
        !d.positive
            && d.def()
                .is_some_and(|def| def.signed && def.kind != "change")
            && claimed.sentence.is_some_and(says_a_loss)
    });
    let direction = match (role.direction.or(sentence_side), said.direction) {
        (Some(a), Some(b)) => a == b,
        (Some(_), None) => false,
        _ => true,
    };
    let kind = said
        .concept
        .as_ref()
        .and_then(|c| vocab.info(c.as_str()))
        .map(|i| i.measure);
    // A rate by its concept, or, for a line the vocabulary does not know,
    // by its words ("cost of revenue as a percentage of revenue").
    let a_rate = match kind {
        Some(k) => matches!(
            k,
            crate::model::Measure::Percent | crate::model::Measure::Ratio
        ),
        None => measure.split_whitespace().any(|w| {
            matches!(
                w.to_ascii_lowercase().as_str(),
                "percentage" | "percent" | "rate" | "margin" | "ratio"
            )
        }),
    };
    let unit = claimed.stated.percent == a_rate;
    let words = same_words(role, &said, &current.filer);
    if !(same_measure && qualifiers && direction && unit && words) {
        return false;
    }
    if role.periods.is_empty() {
        return number.when == When::Current;
    }
    role.periods.iter().all(|p| {
        said_periods(&number.when, p, current)
            .iter()
            .any(|s| periods_agree(p, s) == Agreement::Yes)
    })
}

/// Whether a number of running text, read, is the change the claim's role
/// names ("Increase in SG&A expenses, FY2021 vs FY2020" of "selling,
/// general and administrative expenses increased by $80 million, or 5%, in
/// the year ended December 31, 2021"): a change, of the same line, the
/// same way, to the same period.
fn fits_change(
    number: &ProseNumber,
    claimed: &Claimed<'_>,
    change: &super::role::ClaimRole,
    current: &Currents,
    vocab: &crate::vocab::Vocab,
) -> bool {
    if !number.change || number.bounded {
        return false;
    }
    let Some(to) = yearly_change_to(change) else {
        return false;
    };
    let Some(measure) = number.measure.as_deref() else {
        return false;
    };
    // A change in points is a rate's, and the claim must say points too.
    if number.points != super::prose_number::in_points(claimed.written) {
        return false;
    }
    let line = names_the_line(change, measure, current, vocab);
    let way = number
        .way
        .is_some_and(|w| goes_the_claimed_way(w, claimed, change));
    let period = said_periods(&number.when, to, current)
        .iter()
        .any(|s| periods_agree(to, s) == Agreement::Yes);
    line && way && period
}

/// Whether a change the page writes goes the way the claim says: its
/// role's word ("decline"; a negative value turns "growth" down) and its
/// sentence's verb ("SI&A expenses decreased $1.1 billion"), each where
/// given.
fn goes_the_claimed_way(
    way: super::movement::Movement,
    claimed: &Claimed<'_>,
    change: &super::role::ClaimRole,
) -> bool {
    change
        .role_way
        .is_none_or(|r| way == r.of_stated(claimed.stated.value))
        && claimed.role.change_movement.is_none_or(|s| way == s)
}

/// Whether two roles state the same qualifiers (a concept's implied ones
/// count on either side).
fn same_qualifiers(claim: &crate::model::Role, said: &crate::model::Role) -> bool {
    claim
        .qualifiers
        .iter()
        .all(|q| said.qualifiers.contains(q) || said.implied.contains(q))
        && said
            .qualifiers
            .iter()
            .all(|q| claim.qualifiers.contains(q) || claim.implied.contains(q))
}

/// The periods a number of running text stands for, of the kind of a
/// claimed period: its own, the report's, the year before either.
fn said_periods(when: &When, claimed: &Period, current: &Currents) -> Vec<Period> {
    let here = current.like(claimed);
    let before = |base: Option<&Period>| base.and_then(crate::period::a_year_earlier);
    match when {
        When::Own(q) => vec![q.clone()],
        When::Current => here.cloned().into_iter().collect(),
        When::Prior(base) => before(base.as_ref().or(here)).into_iter().collect(),
        When::Both => here.cloned().into_iter().chain(before(here)).collect(),
        When::Unknown => Vec::new(),
    }
}

/// Whether two roles' words beyond their concepts' own are the same: they
/// name the line ("Display Technologies net sales" is not "Net sales"),
/// "consolidated" and "total" aside on the page's side.
fn same_words(claim: &crate::model::Role, said: &crate::model::Role, filer: &[Box<str>]) -> bool {
    let extra = |r: &crate::model::Role| -> Vec<Box<str>> {
        r.words
            .iter()
            .filter(|w| !r.concept_words.contains(w))
            .cloned()
            .collect()
    };
    extra(claim)
        .iter()
        .all(|w| said.words.contains(w) || filer.contains(w))
        && extra(said)
            .iter()
            .all(|w| claim.words.contains(w) || matches!(&**w, "consolidated" | "total"))
}

/// Whether a quote names the change a claim's role names ("Net income
/// rose 17.6% to $447 million" for "Net income growth, FY2024 vs FY2023"):
/// its measure, a word of change right before the stated number that goes
/// the role's way, and the change's later period (written, or the
/// document's latest when the quote writes none).
fn names_change(
    quote: &str,
    sentences: &[Headed],
    claimed: &Claimed<'_>,
    current: &Currents,
    vocab: &crate::vocab::Vocab,
) -> bool {
    let Some(change) = change_role(claimed) else {
        return false;
    };
    let Some(to) = yearly_change_to(change) else {
        return false;
    };
    let said = read(quote, vocab, Mode::Sentence).role;
    let measure = match (&change.role.concept, &said.concept) {
        (Some(a), Some(b)) => Lexicon::builtin().same_family(a.as_str(), b.as_str()),
        _ => false,
    } && same_words(&change.role, &said, &current.filer);
    let Some(at) = amounts_in(quote)
        .into_iter()
        .find(|w| is_the_value(w, claimed))
    else {
        return false;
    };
    if super::prose_number::in_points(at.text(quote))
        != super::prose_number::in_points(claimed.written)
    {
        return false;
    }
    // The quote's sentence gives the number a measure of its own ("net
    // revenues at our Las Vegas Strip Resorts increased 77%"): it must be
    // the claim's line.
    let measured_otherwise = read_sentence(quote).iter().any(|n| {
        n.written.start == at.start
            && n.measure
                .as_deref()
                .is_some_and(|m| !names_the_line(change, m, current, vocab))
    });
    if measured_otherwise {
        return false;
    }
    // The quote's figure is adjusted ("Excluding the impact of …"), the
    // claim's is not.
    if adjusting_at(quote).is_some_and(|from| from < at.start) && !names_a_basis(claimed) {
        return false;
    }
    let way_ok = quote
        .get(..at.start)
        .and_then(super::movement::change_before)
        .is_some_and(|w| goes_the_claimed_way(w, claimed, change));
    // Undated, the quote speaks of its heading's period ("2020 v. 2019"),
    // else of the report's.
    let heading = sentences
        .iter()
        .find_map(|(_, h)| h.as_deref().and_then(heading_period));
    let period = if said.periods.is_empty() {
        heading
            .as_ref()
            .or(current.span.as_ref())
            .is_some_and(|latest| periods_agree(to, latest) == Agreement::Yes)
    } else {
        said.periods
            .iter()
            .any(|s| periods_agree(to, s) == Agreement::Yes)
    };
    measure && way_ok && period
}

/// The document's latest period: the span its statements' latest columns
/// cover, when they are one (an annual report's fiscal year; a quarterly
/// report's quarter and year to date are two, so none). The income and
/// cash-flow statements say it when the document has them: a note's
/// maturity schedule ("2026", "2033") is not the report's period.
fn latest_period(document: &Document) -> Option<Period> {
    use crate::model::StatementKind::{CashFlow, Income};
    let end = |p: &Period| match p {
        Period::Duration { end, fy, .. } => Some((fy.or(end.map(|d| d.year())), *end)),
        _ => None,
    };
    let durations = |primary: bool| -> Vec<&Period> {
        document
            .tables
            .iter()
            .filter(|t| !primary || matches!(t.statement, Income | CashFlow))
            .flat_map(|t| t.columns.iter())
            .filter_map(|c| c.period.as_ref())
            .filter(|p| matches!(p, Period::Duration { .. }))
            .collect()
    };
    let mut primary = durations(true);
    if primary.is_empty() {
        primary = durations(false);
    }
    let durations = primary;
    let latest = durations.iter().filter_map(|p| end(p)).max()?;
    let mut at_latest: Vec<&Period> = durations
        .into_iter()
        .filter(|p| end(p) == Some(latest))
        .collect();
    at_latest.dedup();
    let first = *at_latest.first()?;
    at_latest
        .iter()
        .all(|p| periods_agree(first, p) == Agreement::Yes)
        .then(|| first.clone())
}
