//! Reading a text into a [`Role`]: a claim's role or its sentence, a row
//! label, a section caption, a column header. One reader for all of them, so
//! that a cell and a claim are read with the same words.
//!
//! In order: the periods ("FY2024", "first nine months of 2024"), opening or
//! closing balance words, the concept (the vocabulary's longest phrase, tried
//! again without qualifier words when they block it: "average total
//! assets"), qualifiers (stated, or implied by the concept's phrase or id),
//! the direction word, the unit, and what is left: the measure's words. A
//! role text is a noun phrase, so every word it keeps must be found around
//! the cited cell; a sentence has verbs and asides, so only the words of its
//! measure phrase (the concept and the words right before it, or "from …"
//! after it) must be, the rest only ranks candidates.

use std::ops::Range;

use crate::model::{Currency, Direction, Measure, Period, Qualifier, Role, RoleUnit};
use crate::number::currency;
use crate::period::{
    PeriodHint, find_period, is_bare_year, ordinal_word, parse_period, with_year_of,
};
use crate::vocab::lexicon::{Lexicon, Word, words};
use crate::vocab::{ConceptId, Vocab};
use crate::xbrl::is_dimension_qname;

/// What kind of text is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// A claim's `role`: a noun phrase naming the number.
    Role,
    /// A claim's sentence: the measure phrase counts, asides rank.
    Sentence,
    /// A row label, caption or column header of a table.
    Label,
}

/// A text read as a role.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Reading {
    /// The role's slots.
    pub role: Role,
    /// Words a cell must show for the role to be its: the measure's words
    /// (all of a role text's or label's; a sentence's measure phrase). Sorted.
    pub required: Vec<Box<str>>,
    /// A sentence's other words: they rank candidates, never decide. Sorted.
    pub soft: Vec<Box<str>>,
    /// An opening (`Some(true)`) or closing (`Some(false)`) balance.
    pub edge: Option<bool>,
    /// The text's first period is a date written bare ("Revenues, April 28,
    /// 2018"), with no "as of", "at" or balance word to make it a balance:
    /// it may be the instant or a span ending that day.
    pub bare_date: bool,
    /// A role text's numbers that are not its period ("1–90", "1 to 3
    /// years", "12/14"): the cell must show each (sorted). Empty for a
    /// sentence, whose numbers are its values.
    pub numbers: Vec<Box<str>>,
    /// The text names a period or a day ("2011", "At 31 December").
    pub dated: bool,
    /// Acronyms a role writes in parentheses after the words they stand
    /// for ("rl" of "Reality Labs (RL)"), lower case: no cell need show
    /// one, and a row printing one shares a word with the role.
    pub glossed: Vec<Box<str>>,
}

/// How many periods one text may name ("liability at December 31, 2008,
/// 2007 program" names two).
const MAX_PERIODS: usize = 3;

/// Measures outside GAAP by what they are: "(non-GAAP)" beside one labels
/// it, and asks for no adjusted line.
const NON_GAAP_BY_NATURE: &[&str] = &[
    "FreeCashFlow",
    "EBITDA",
    "AdjustedEBITDA",
    "EBITDAMargin",
    "NetDebt",
    "ReturnOnInvestedCapital",
];

/// Whether a qualifier found in a text (`plain`, its words) is a label
/// saying that the text's measure, outside GAAP by what it is, is outside
/// GAAP: "Free cash flow (non-GAAP)", "EBITDA, a non-GAAP measure". Such a
/// label asks for no adjusted line ("Adjusted free cash flow" still does).
pub(crate) fn labels_outside_gaap(
    concept: Option<&ConceptId>,
    plain: &[&str],
    found: &crate::vocab::lexicon::Found<usize>,
) -> bool {
    concept.is_some_and(|id| NON_GAAP_BY_NATURE.contains(&id.as_str()))
        && plain
            .get(found.at..found.at + found.len)
            .is_some_and(|words| words.iter().all(|w| NON_GAAP_WORDS.contains(w)))
}

/// The words of a label saying a measure is outside GAAP ("non-GAAP",
/// "non-IFRS", "alternative performance measure"), as role words.
const NON_GAAP_WORDS: &[&str] = &[
    "non",
    "gaap",
    "nongaap",
    "ifrs",
    "alternative",
    "performance",
    "measure",
    "apm",
];

/// The longest text read; a longer one is read from its start (a role is a
/// phrase, a sentence a sentence: a megabyte of either is not a role).
pub const MAX_TEXT: usize = 2_000;

/// The most readings [`read_shared`] keeps per thread; past it the memo
/// starts again (distinct texts never grow memory without bound).
const MEMO_ENTRIES: usize = 4_096;

/// A memo key: the vocabulary's serial, the mode, the text.
type MemoKey = (u64, Mode, Box<str>);

thread_local! {
    static MEMO: std::cell::RefCell<crate::hash::Map<MemoKey, std::sync::Arc<Reading>>> =
        std::cell::RefCell::new(crate::hash::Map::default());
}

/// [`read`], memoized per thread by vocabulary, mode and text: a role, a
/// row label or a metric's input is read once however many claims name it.
pub fn read_shared(text: &str, vocab: &Vocab, mode: Mode) -> std::sync::Arc<Reading> {
    let key: MemoKey = (vocab.serial(), mode, Box::from(text));
    if let Some(hit) = MEMO.with(|m| m.borrow().get(&key).cloned()) {
        return hit;
    }
    let reading = std::sync::Arc::new(read(text, vocab, mode));
    MEMO.with(|m| {
        let mut memo = m.borrow_mut();
        if memo.len() >= MEMO_ENTRIES {
            memo.clear();
        }
        memo.insert(key, std::sync::Arc::clone(&reading));
    });
    reading
}

/// A role without the note of where its number was read ("Net income
/// growth, FY2024 (per MD&A)", "Revenue, as reported in the 10-K"): the
/// source says where, not what, and its words are no line's.
/// A row label without the mark a reconciliation puts before its lines
/// ("Add: Stock-based compensation expense", "Plus:", "Add back:"): the
/// mark says how the line enters the sum, not what the line is.
fn without_reconciling_mark(text: &str) -> std::borrow::Cow<'_, str> {
    static MARK: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)^\s*(?:add(?:\s+back)?|plus)\s*:\s*").ok()
    });
    match MARK.as_ref().and_then(|m| m.find(text)) {
        Some(found) => std::borrow::Cow::Owned(text.get(found.end()..).unwrap_or("").to_string()),
        None => std::borrow::Cow::Borrowed(text),
    }
}

fn without_source_note(text: &str) -> std::borrow::Cow<'_, str> {
    static NOTE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i),?\s*\(?\b(?:per|from|in|according to|as (?:stated|reported|disclosed|shown) in)\s+(?:the\s+)?(?:company['’]s\s+)?(?:md&a|mda|10-k|10-q|form 10-k|form 10-q|annual report|quarterly report|press release|earnings release|management['’]s discussion(?: and analysis)?)\b\)?|,?\s*\((?:the\s+)?(?:md&a|mda|10-k|10-q|form 10-k|form 10-q|annual report|quarterly report|press release|earnings release)\)",
        )
        .ok()
    });
    match NOTE.as_ref() {
        Some(note) if note.is_match(text) => note.replace_all(text, ""),
        _ => std::borrow::Cow::Borrowed(text),
    }
}

/// Reads a text.
pub fn read(text: &str, vocab: &Vocab, mode: Mode) -> Reading {
    let lex = Lexicon::builtin();
    let text = clip(text, MAX_TEXT);
    let quartered = if mode == Mode::Role {
        ordinal_quarters(text)
    } else {
        std::borrow::Cow::Borrowed(text)
    };
    let text = quartered.as_ref();
    let noted = match mode {
        Mode::Role => without_source_note(text),
        Mode::Label => without_reconciling_mark(text),
        _ => std::borrow::Cow::Borrowed(text),
    };
    let text = noted.as_ref();
    let mut masked = text.to_string();
    // Unit notes say how a column is printed, not what it is: "(in
    // millions)", "U.S. $ in thousands".
    let mut note_unit = None;
    for range in unit_notes(&masked) {
        if let Some(part) = masked.get(range.clone())
            && (part.contains('$') || part.to_lowercase().contains("dollar"))
        {
            note_unit = Some(RoleUnit::Currency(Currency::USD));
        }
        blank(&mut masked, range);
    }
    // A line's reference to the lettered lines it is computed from ("Cash
    // flow conversion rate (a/b)") says no word of it.
    if mode != Mode::Sentence {
        for range in crate::vocab::letter_formulas(text) {
            blank(&mut masked, range);
        }
    }
    // Whose definition a role's measure follows ("as defined by UNP")
    // names no word of the line.
    if mode == Mode::Role {
        for range in crate::vocab::definition_remarks(text) {
            blank(&mut masked, range);
        }
    }
    // An acronym glossing the words before it ("Reality Labs (RL)") says the
    // line once more: a row need not show it, and one that does (the row
    // "TAC" of "Traffic acquisition costs (TAC)") ranks higher.
    let mut glossed: Vec<Box<str>> = Vec::new();
    if mode == Mode::Role {
        for (range, letters) in crate::vocab::acronym_glosses(text) {
            glossed.push(letters);
            blank(&mut masked, range);
        }
    }
    let mut periods = Vec::new();
    // A role part that is a change column's header alone, with no periods
    // ("Impairment of goodwill, Change $", "…, % Change"), names that
    // column: a change, in amount or in percent. ("2024 vs 2023" after
    // "September 30," is not alone: the period phrase spans the comma.)
    if mode == Mode::Role {
        for range in change_parts(&masked) {
            if let Some(p) = masked.get(range.clone()).and_then(|part| {
                parse_period(part, PeriodHint::default()).filter(|p| {
                    matches!(
                        p,
                        Period::Change {
                            from: None,
                            to: None,
                            ..
                        }
                    )
                })
            }) {
                periods.push(p);
                // Only the change's own header: "Revenue % change" is the
                // line "Revenue" and its change.
                let header = masked.get(range.clone()).map_or(0, header_start);
                blank(&mut masked, range.start + header..range.end);
            }
        }
    }
    let mut bare_date = false;
    while periods.len() < MAX_PERIODS {
        let Some((range, period)) = find_period(&masked) else {
            break;
        };
        if periods.is_empty() {
            bare_date = is_bare_date(masked.get(range.clone()).unwrap_or(""), &period);
        }
        periods.push(period);
        blank(&mut masked, range);
    }
    join_change_parts(&mut periods);
    // A concept's QName ("us-gaap:Revenues") names the concept; its prefix
    // is no word of the role ("us" is not the United States). A member's or
    // an axis's QName ("aapl:IPhoneMember") names a breakdown, a slot of its
    // own (`qname_slots`), and no word at all.
    for (whole, _, local) in qnames(text) {
        if qname_kind(text, whole.start, local) != QNameKind::Concept {
            blank(&mut masked, whole);
        }
    }
    let with_qnames = masked.clone();
    for range in qname_prefixes(&masked) {
        blank(&mut masked, range);
    }
    // "Balance at January 1" beside "year ended December 31, 2010": the
    // day is in the year the period names (as a row label takes its
    // column's year).
    // A row label's day is its cells' period (the labeler dates them), not
    // a word of its line item.
    year_the_quarter(&mut periods);
    let mut dated = !periods.is_empty();
    if let Some((range, month, day)) = month_day_in(&masked) {
        dated = true;
        let dated = periods
            .first()
            .and_then(Period::year)
            .and_then(|year| jiff::civil::Date::new(year, month, day).ok());
        if let Some(date) = dated {
            // The year it was taken from is the span the day opens or
            // closes, not a second period of the claim.
            if matches!(periods.first(), Some(Period::Duration { .. })) {
                periods.remove(0);
            }
            periods.insert(0, Period::instant(date));
            bare_date = false;
            blank(&mut masked, range);
        } else if mode == Mode::Label {
            blank(&mut masked, range);
        }
    }
    let all = words(&masked);
    let plain: Vec<&str> = all.iter().map(|w| w.text.as_str()).collect();
    let mut used = vec![false; all.len()];

    // Opening and closing balances.
    let mut edge = None;
    let mut edge_words = vec![false; all.len()];
    for found in lex.edges_in(&plain) {
        edge.get_or_insert(found.entry);
        mark(&mut used, found.at, found.len);
        mark(&mut edge_words, found.at, found.len);
    }

    // The concept: the longest vocabulary phrase; without qualifier words
    // when they keep the vocabulary from naming one ("average total assets").
    // "including noncontrolling interests" names the total, not the part.
    let qualifiers_found: Vec<_> = lex
        .qualifiers_in(&plain)
        .into_iter()
        .filter(|q| {
            let before = q.at.checked_sub(1).and_then(|i| plain.get(i)).copied();
            let including = matches!(before, Some("including" | "incl" | "inclusive" | "plus"));
            if including {
                mark(&mut used, q.at.saturating_sub(1), q.len + 1);
            }
            !including
        })
        .collect();
    let mut concept = concept_in(vocab, &with_qnames, &all);
    // A role that is a caption and a row label is read as the labeler reads
    // the row, unless the vocabulary's phrase is the whole text from its
    // first word ("PP&E, net" is one label).
    if mode == Mode::Role
        && concept.as_ref().is_none_or(|(_, at)| at.start > 0)
        && let Some(read) = caption_and_label(vocab, &masked, &all)
    {
        concept = Some(read);
    }
    if mode == Mode::Role
        && let Some((id, at)) = &concept
        && let Some(flow) = flow_into_equity(vocab, &with_qnames, &all, id, at)
    {
        concept = Some(flow);
    }
    if concept.is_none() && !qualifiers_found.is_empty() {
        let mut reduced = masked.clone();
        for q in &qualifiers_found {
            if let Some(span) = span_of(&all, q.at, q.len) {
                blank(&mut reduced, span);
            }
        }
        concept = concept_in(vocab, &reduced, &all);
    }
    let (concept_id, concept_at) = match concept {
        Some((id, at)) => (Some(id), at),
        None => (None, 0..0),
    };

    // Qualifiers: stated, or part of the concept's phrase or id.
    let mut role = Role::default();
    for q in &qualifiers_found {
        let qualifier = Qualifier {
            entry: u16::try_from(q.entry).unwrap_or(u16::MAX),
        };
        let inside = q.at < concept_at.end && concept_at.start < q.at + q.len;
        let list = if inside {
            &mut role.implied
        } else {
            &mut role.qualifiers
        };
        if !list.contains(&qualifier) {
            list.push(qualifier);
        }
        mark(&mut used, q.at, q.len);
    }
    // "attributable to" a company (not to noncontrolling interests) is the
    // parent's share, whatever the company is called; not a share of
    // others the company holds or shares with ("attributable to the
    // affiliated companies", "to equity method investees", "to
    // participating securities").
    if let Some(at) = plain.windows(2).position(|w| w == ["attributable", "to"])
        && !matches!(
            plain.get(at + 2).copied(),
            Some("noncontrolling" | "minority" | "non")
        )
        && !attributed_to_others(plain.get(at + 2..).unwrap_or(&[]))
        && !role
            .qualifiers
            .iter()
            .chain(&role.implied)
            .any(|q| q.def().is_some_and(|d| d.kind == "attribution"))
        && let Some(parent) = lex.qualifier_by_value("parent")
    {
        let q = Qualifier {
            entry: u16::try_from(parent).unwrap_or(u16::MAX),
        };
        let inside = at < concept_at.end && concept_at.start <= at;
        if inside {
            role.implied.push(q);
        } else {
            role.qualifiers.push(q);
        }
        // The company's name is who the share belongs to, not the measure.
        let mut k = at + 2;
        while k < plain.len() && k < at + 7 {
            mark(&mut used, k, 1);
            k += 1;
        }
        mark(&mut used, at, 2);
    }
    if let Some(id) = &concept_id {
        for at in lex.marked_by(id.as_str()) {
            let qualifier = Qualifier {
                entry: u16::try_from(at).unwrap_or(u16::MAX),
            };
            role.qualifiers.retain(|q| *q != qualifier);
            if !role.implied.contains(&qualifier) {
                role.implied.push(qualifier);
            }
        }
    }
    // "Free cash flow (non-GAAP)", "EBITDA, a non-GAAP measure": of a
    // measure that is outside GAAP by what it is, the label says what the
    // measure is, not an adjustment of it ("Adjusted free cash flow" still
    // is one).
    for q in &qualifiers_found {
        if labels_outside_gaap(concept_id.as_ref(), &plain, q) {
            let qualifier = Qualifier {
                entry: u16::try_from(q.entry).unwrap_or(u16::MAX),
            };
            role.qualifiers.retain(|x| *x != qualifier);
        }
    }
    // The direction word, if any: of the kind the concept's lines have
    // ("benefit" of a tax line), or, with no concept, of a kind whose sign
    // is universal (a loss, an outflow). A word of another kind is a word of
    // the measure ("Interest income", "Retained earnings", "Provisions").
    let directions = applicable_directions(lex, &plain, concept_id.as_ref());
    // Without a concept, the direction words are the measure's words too
    // ("Other income", "Loss on disposal"): the cell must show them.
    let keep_direction_words = concept_id.is_none();
    // A text naming both sides ("Net income (loss)") names no direction.
    let first = directions.first().map(|f| f.entry);
    let both_sides = first.is_some_and(|(kind, positive)| {
        directions
            .iter()
            .any(|f| f.entry.0 == kind && f.entry.1 != positive)
    });
    if let Some((kind, positive)) = first.filter(|_| !both_sides) {
        role.direction = Some(Direction {
            kind: u8::try_from(kind).unwrap_or(u8::MAX),
            positive,
        });
    }
    for found in directions {
        let is_change = lex
            .direction(found.entry.0)
            .is_some_and(|d| d.kind == "change");
        if !is_change && !keep_direction_words {
            mark(&mut used, found.at, found.len);
        }
    }
    // "Outflow" says which way cash went, not which line it is: beside a
    // line of payments the vocabulary names ("Purchases of property and
    // equipment (cash outflow)") it is no word of the measure. ("Inflow"
    // there stays a word the line does not show.)
    if concept_id
        .as_ref()
        .is_some_and(|c| crate::check::value::outflow_concept(c.as_str()))
    {
        for (i, w) in plain.iter().enumerate() {
            if *w == "outflow" {
                mark(&mut used, i, 1);
            }
        }
    }

    // A change the role's period names ("2024 vs 2023") is also named by
    // its word: "Revenue growth, nine months 2024 vs 2023" is the revenue
    // line's change column, and "growth" no word of the line. Only words
    // of a rise or of no way: a fall's word ("decline") is held to the
    // cell's sign as a direction.
    if mode == Mode::Role && periods.iter().any(Period::is_change) {
        for (i, w) in plain.iter().enumerate() {
            let neutral = matches!(
                *w,
                "growth"
                    | "grew"
                    | "grow"
                    | "grows"
                    | "increase"
                    | "increased"
                    | "increases"
                    | "rise"
                    | "rose"
                    | "risen"
                    | "change"
                    | "changed"
                    | "changes"
                    | "yoy"
            );
            if neutral && !concept_at.contains(&i) {
                mark(&mut used, i, 1);
            }
        }
    }

    // The unit: a currency, per share, shares, percent, ratio.
    role.unit = unit_of(&masked, &plain, &mut used, concept_id.as_ref(), vocab).or(note_unit);

    // What is left is the measure's words.
    let concept_words: Vec<Word> = (concept_at.clone())
        .filter_map(|i| all.get(i).cloned())
        .collect();
    let is_content = |i: usize, w: &Word| {
        !(used.get(i).copied().unwrap_or(true)
            || lex.is_noise(&w.text)
            || (mode == Mode::Sentence && lex.is_sentence_noise(&w.text)))
    };
    // A qualifier's own words ("UK" of Europe, "Germany") tell members of
    // one kind apart: they rank, as soft words.
    let qualifier_words: Vec<Word> = qualifiers_found
        .iter()
        .flat_map(|q| all.get(q.at..q.at + q.len).unwrap_or(&[]).iter().cloned())
        .collect();
    let (required, soft) = match mode {
        Mode::Role | Mode::Label => {
            // An opening or closing word is the period's, even inside the
            // concept's phrase ("Cash at beginning of year").
            let kept: Vec<Word> = all
                .iter()
                .enumerate()
                .filter(|(i, w)| {
                    // A noise word stays for the abbreviations it joins
                    // ("R&D" is "r and d", "SG&A" "sg and a"); it is
                    // dropped after them.
                    (is_content(*i, w) || concept_at.contains(i) || lex.is_noise(&w.text))
                        && !edge_words.get(*i).copied().unwrap_or(false)
                })
                .map(|(_, w)| w.clone())
                .collect();
            // A currency named as a word is the unit, and also tells rows
            // of currencies apart ("Euro" beside "Sterling"): it ranks.
            let mut soft = qualifier_words;
            soft.extend(all.iter().filter(|w| is_currency_word(&w.text)).cloned());
            (kept, soft)
        }
        Mode::Sentence => {
            let phrase = measure_phrase(&all, &concept_at, &is_content);
            // A sentence's qualifiers are the claim's only on its measure
            // phrase ("Product revenue", "revenue in the U.S."), not in an
            // aside ("thanks to Asia").
            if !concept_at.is_empty() {
                let on_phrase = |q: &crate::vocab::lexicon::Found<usize>| {
                    let inside = phrase.start <= q.at && q.at < phrase.end;
                    let after = q.at >= concept_at.end
                        && (concept_at.end..q.at).all(|i| {
                            all.get(i).is_some_and(|w| {
                                matches!(
                                    w.text.as_str(),
                                    "in" | "the" | "for" | "from" | "of" | "to"
                                )
                            })
                        })
                        && q.at - concept_at.end <= 3;
                    inside || after
                };
                let keep: Vec<Qualifier> = qualifiers_found
                    .iter()
                    .filter(|q| on_phrase(q))
                    .map(|q| Qualifier {
                        entry: u16::try_from(q.entry).unwrap_or(u16::MAX),
                    })
                    .collect();
                role.qualifiers.retain(|q| keep.contains(q));
            }
            let mut required = Vec::new();
            let mut soft = Vec::new();
            for (i, w) in all.iter().enumerate() {
                if phrase.contains(&i) {
                    if is_content(i, w) || concept_at.contains(&i) {
                        required.push(w.clone());
                    }
                } else if is_content(i, w) {
                    soft.push(w.clone());
                }
            }
            (required, soft)
        }
    };
    let content = |list: Vec<Word>| -> Vec<Box<str>> {
        let mut out: Vec<Box<str>> = lex
            .expand(list)
            .into_iter()
            .filter(|w| !lex.is_noise(&w.text))
            .map(|w| w.text.into_boxed_str())
            .collect();
        out.sort();
        out.dedup();
        out
    };
    role.label = label_of(text, &masked, mode, &all, &concept_at);
    role.concept_words = content(concept_words);
    // The same line named again in other words ("Capex (purchases of
    // property and equipment)", "EBIT (operating income)"): its words are
    // the concept's too.
    if let Some(id) = &concept_id {
        let again = also_named(vocab, &with_qnames, &all, &concept_at, id);
        if !again.is_empty() {
            let mut more = content(again);
            role.concept_words.append(&mut more);
            role.concept_words.sort();
            role.concept_words.dedup();
        }
    }
    role.words = content(required);
    // Currency words are noise to the measure, not to the ranking.
    let (currencies, soft): (Vec<Word>, Vec<Word>) =
        soft.into_iter().partition(|w| is_currency_word(&w.text));
    let mut soft = content(soft);
    soft.extend(currencies.into_iter().map(|w| w.text.into_boxed_str()));
    soft.extend(glossed.iter().cloned());
    soft.sort();
    soft.dedup();
    role.concept = concept_id;
    role.periods = periods;
    Reading {
        required: role.words.clone(),
        role,
        soft,
        edge,
        bare_date: bare_date && edge.is_none(),
        dated,
        // A role's footnote mark ("Foreign (2)") names the row that has it;
        // a label's ranks rows, where a footnote says nothing.
        numbers: match mode {
            Mode::Sentence => Vec::new(),
            Mode::Role => numbers_in(&without_note_references(&masked)),
            Mode::Label => numbers_in(&without_note_references(&without_footnote_marks(&masked))),
        },
        glossed,
    }
}

/// Whether the words after "attributable to" name holders other than the
/// company's own shareholders: affiliates, associates, joint ventures,
/// equity method investees, participating securities, preferred or
/// redeemable holders.
fn attributed_to_others(after: &[&str]) -> bool {
    let mut words = after.iter().copied().skip_while(|w| *w == "the");
    match words.next() {
        Some(
            "affiliated" | "affiliate" | "affiliates" | "associate" | "associates" | "associated"
            | "joint" | "investee" | "investees" | "unconsolidated" | "participating" | "preferred"
            | "redeemable",
        ) => true,
        Some("equity") => matches!(
            words.next(),
            Some("method" | "affiliate" | "affiliates" | "investee" | "investees")
        ),
        _ => false,
    }
}

/// The numbers written in a text, each as its digits (separators of
/// thousands dropped, a decimal point kept): "1–90 days" → ["1", "90"],
/// "3.375% notes" → ["3.375"]. Sorted, without repeats. A role's numbers
/// besides its period name a bucket or a line ("1-3 years", "Class B-3");
/// a cell whose row and column do not show one is not the role's.
pub fn numbers_in(text: &str) -> Vec<Box<str>> {
    let mut out: Vec<Box<str>> = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    let mut prev_alpha = false;
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            current.push(c);
            continue;
        }
        let between_digits = !current.is_empty()
            && matches!(c, '.' | ',')
            && chars.peek().is_some_and(char::is_ascii_digit);
        if between_digits {
            if c == '.' {
                current.push('.');
            }
            continue;
        }
        if !current.is_empty() {
            // Digits glued to letters ("Q3", "FY24", "10-K") are a word's.
            if !prev_alpha && !c.is_alphabetic() {
                out.push(std::mem::take(&mut current).into_boxed_str());
            }
            current.clear();
        }
        prev_alpha = c.is_alphabetic();
    }
    if !current.is_empty() && !prev_alpha {
        out.push(current.into_boxed_str());
    }
    out.sort();
    out.dedup();
    out.truncate(MAX_NUMBERS);
    out
}

/// A text without its footnote marks: "(1)", "(a)" and the like, one or
/// two characters in parentheses.
pub(crate) fn without_footnote_marks(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let (before, after) = rest.split_at(open);
        out.push_str(before);
        match after.find(')') {
            Some(close) if (2..=3).contains(&close) => rest = after.get(close + 1..).unwrap_or(""),
            _ => {
                out.push('(');
                rest = after.get(1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
    out
}

/// A text without the numbers of its references to the notes: "Cash and
/// cash equivalents (Note 4)", "Inventories (Notes 3 and 5)", "see Note
/// 12". A note's number says where the line is explained, not which line
/// it is.
pub(crate) fn without_note_references(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    // "(Note 4)" or "see Note 12": a capital "Note" opening parentheses
    // or after "see"; "notes 5.5%" and "Notes due 2028" are the line's.
    let is_note_at = |i: usize| {
        let word = bytes
            .get(i..i + 4)
            .is_some_and(|w| w == b"Note" || w == b"NOTE");
        let before = text.get(..i).unwrap_or("").trim_end().as_bytes();
        let see = before
            .len()
            .checked_sub(3)
            .and_then(|at| before.get(at..))
            .is_some_and(|w| w.eq_ignore_ascii_case(b"see"));
        word && (before.ends_with(b"(") || see)
    };
    if !(0..bytes.len()).any(is_note_at) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if !is_note_at(i) {
            // Copy one whole character.
            let len = text
                .get(i..)
                .and_then(|r| r.chars().next())
                .map_or(1, char::len_utf8);
            out.push_str(text.get(i..i + len).unwrap_or(""));
            i += len;
            continue;
        }
        let mut j = i + 4;
        if bytes.get(j).is_some_and(|b| b.eq_ignore_ascii_case(&b's')) {
            j += 1;
        }
        // The note's numbers, and more joined by commas, "and" or "&".
        let mut end = None;
        loop {
            let mut k = j;
            while bytes.get(k).is_some_and(|b| *b == b' ' || *b == b'.') {
                k += 1;
            }
            let start = k;
            while bytes.get(k).is_some_and(u8::is_ascii_digit) {
                k += 1;
            }
            if k == start || bytes.get(k).is_some_and(u8::is_ascii_alphabetic) {
                break;
            }
            end = Some(k);
            j = k;
            let mut m = j;
            while bytes
                .get(m)
                .is_some_and(|b| *b == b' ' || *b == b',' || *b == b'&')
            {
                m += 1;
            }
            if bytes
                .get(m..m + 3)
                .is_some_and(|w| w.eq_ignore_ascii_case(b"and"))
            {
                m += 3;
            }
            if m == j {
                break;
            }
            j = m;
        }
        match end {
            Some(end) => {
                out.push_str("note");
                i = end;
            }
            None => {
                out.push_str(text.get(i..i + 4).unwrap_or(""));
                i += 4;
            }
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The most numbers a role keeps (a role is a phrase).
const MAX_NUMBERS: usize = 8;

/// A period's text is a date alone ("April 28, 2018", "12/31/2019"): it
/// starts with a month or a digit, not with "as of", "at", "on" or a span
/// word, and reads as an instant with its day.
fn is_bare_date(text: &str, period: &Period) -> bool {
    if !matches!(period, Period::Instant { date: Some(_), .. }) {
        return false;
    }
    let first = text
        .split(|c: char| !c.is_alphanumeric())
        .find(|w| !w.is_empty())
        .unwrap_or("");
    first.bytes().next().is_some_and(|b| b.is_ascii_digit())
        || crate::period::month_of(first).is_some()
}

/// The direction phrases of a text that say what its sign means: those of
/// the concept's direction kind, or with no concept those of a kind whose
/// sign is universal.
pub(crate) fn applicable_directions(
    lex: &Lexicon,
    plain: &[&str],
    concept: Option<&ConceptId>,
) -> Vec<crate::vocab::lexicon::Found<(usize, bool)>> {
    let kind = concept.and_then(|c| lex.direction_of_concept(c.as_str()));
    let found = lex.directions_in(plain);
    let cash = lex.direction_by_kind("cash");
    // A line of no direction of its own said to be a cash flow, and
    // nothing else ("Depreciation and amortization as a cash outflow"): the
    // claim says which way cash went, which a cash flow statement's sign
    // tells. Beside another kind's word ("cash provided by a decrease in
    // inventories") the words say how, and stay the measure's.
    let only_cash = !found.is_empty() && found.iter().all(|f| Some(f.entry.0) == cash);
    let mut found: Vec<_> = found
        .into_iter()
        .filter(|f| match (concept, kind) {
            (_, Some(k)) => f.entry.0 == k,
            (Some(_), None) => only_cash,
            (None, None) => lex.direction(f.entry.0).is_some_and(|d| d.signed),
        })
        .collect();
    // "Income tax benefit related to share-based compensation expense":
    // after "related to" the words say what the line is about, not which
    // way it goes, where the line said so before.
    // "in connection with" too, which the concept's reading does not stop at.
    let about = plain.windows(2).position(|w| match w {
        [a, b] => opens_about(a, b) || (*a, *b) == ("in", "connection"),
        _ => false,
    });
    if let Some(about) = about
        && found.iter().any(|f| f.at < about)
    {
        found.retain(|f| f.at < about);
    }
    found
}

/// The words of further phrases of a text that the vocabulary reads as the
/// same concept (or one of its family) as the one found at `found`: a role
/// that names its line twice, by a name and its gloss. At most three more.
fn also_named(
    vocab: &Vocab,
    text: &str,
    all: &[Word],
    found: &Range<usize>,
    id: &ConceptId,
) -> Vec<Word> {
    let lex = Lexicon::builtin();
    let mut rest = text.to_string();
    if let Some(span) = span_of(all, found.start, found.len()) {
        blank(&mut rest, span);
    }
    let mut out = Vec::new();
    for _ in 0..3 {
        let Some((range, other)) = vocab.find_in_text(&rest) else {
            break;
        };
        blank(&mut rest, range.clone());
        if other == *id || lex.same_family(other.as_str(), id.as_str()) {
            out.extend(
                all.iter()
                    .filter(|w| w.start >= range.start && w.end <= range.end)
                    .cloned(),
            );
        }
    }
    out
}

/// A role naming a movement of an equity statement and the component it
/// moved ("Net income, total stockholders' equity, fiscal 2024", "Total
/// stockholders' equity, dividends declared", "Stock-based compensation,
/// additional paid-in capital"): the vocabulary's longest phrase is the
/// component, a balance, but the line is the movement, a flow; the
/// component's words stay words the cited cell must show (its column's
/// heading). Only an equity balance beside a flow of money, each in its
/// own comma part, is read so.
fn flow_into_equity(
    vocab: &Vocab,
    text: &str,
    all: &[Word],
    id: &ConceptId,
    at: &Range<usize>,
) -> Option<(ConceptId, Range<usize>)> {
    if !is_equity_balance(id.as_str()) {
        return None;
    }
    let mut rest = text.to_string();
    blank(&mut rest, span_of(all, at.start, at.len())?);
    let (flow, range) = concept_in(vocab, &rest, all)?;
    // Parts of their own ("… reclassified from accumulated other
    // comprehensive income into revenue" is one line, not a movement).
    let (first, second) = if range.start < at.start {
        (&range, at)
    } else {
        (at, &range)
    };
    let between = all.get(first.end.saturating_sub(1))?.end..all.get(second.start)?.start;
    if !text.get(between)?.contains([',', ';']) {
        return None;
    }
    let info = vocab.info(flow.as_str())?;
    (info.period_type == crate::vocab::PeriodType::Duration
        && info.measure == crate::model::Measure::Monetary
        && !is_equity_balance(flow.as_str()))
    .then_some((flow, range))
}

/// A balance of equity or one of its components.
fn is_equity_balance(id: &str) -> bool {
    [
        "StockholdersEquity",
        "RetainedEarnings",
        "AdditionalPaidInCapital",
        "CommonStock",
        "AccumulatedOtherComprehensiveIncome",
        "TreasuryStock",
    ]
    .iter()
    .any(|p| id.starts_with(p))
        && !id.contains("Shares")
}

/// A role written as a table's caption and row label ("Shares used in
/// computing net income per share, diluted"): when its last comma part
/// names a concept only under the parts before it, as the labeler reads a
/// row "Diluted" under that caption, that concept, at the last part's
/// words. The parts before stay words the cited cell must show.
fn caption_and_label(
    vocab: &Vocab,
    masked: &str,
    all: &[Word],
) -> Option<(ConceptId, Range<usize>)> {
    let cut = masked.trim_end().trim_end_matches([',', ' ']).rfind(',')?;
    let (head, last) = (masked.get(..cut)?, masked.get(cut + 1..)?);
    let (head_text, last_text) = (head.trim(), last.trim().trim_end_matches(','));
    if head_text.is_empty() || last_text.is_empty() {
        return None;
    }
    let other = crate::model::StatementKind::Other;
    if vocab.match_label(last_text, &[], other).is_some() {
        return None;
    }
    let id = vocab.match_label(last_text, &[head_text.to_string()], other)?;
    let first = all.iter().position(|w| w.start > cut)?;
    let end = all.iter().rposition(|w| w.start > cut)?;
    Some((id, first..end + 1))
}

/// The concept the vocabulary finds in a text, with the word positions of
/// its phrase.
///
/// A phrase right before "segment" names the segment ("Digital Marketing
/// segment revenue"), not the measure: it is passed over. One right after
/// "before" with words ahead of it ("earnings before provision for taxes")
/// says what the measure is taken before: the vocabulary names no measure
/// there (its whole labels, such as "Earnings before income taxes", are
/// found as one phrase first), and the words ahead ("earnings") are not
/// read as one of their own. A phrase before
/// "related to" is the measure, and the words after say what it is about
/// ("Income tax benefit related to share-based compensation expense").
fn concept_in(vocab: &Vocab, text: &str, all: &[Word]) -> Option<(ConceptId, Range<usize>)> {
    if let Some(at) = about_at(all)
        && at > 0
        && let Some(from) = all.get(at).map(|w| w.start)
        && let Some(head) = text.get(..from)
        && let Some(found) = concept_in_text(vocab, head, all)
    {
        return Some(found);
    }
    concept_in_text(vocab, text, all)
}

/// Where "related to", "relating to" or "associated with" begins, among
/// the words.
fn about_at(all: &[Word]) -> Option<usize> {
    all.windows(2).position(|w| match w {
        [a, b] => opens_about(&a.text, &b.text),
        _ => false,
    })
}

/// Whether two words open what a line is about: "related to", "relating
/// to", "associated with".
fn opens_about(a: &str, b: &str) -> bool {
    matches!(
        (a, b),
        ("related" | "relating", "to") | ("associated", "with")
    )
}

fn concept_in_text(vocab: &Vocab, text: &str, all: &[Word]) -> Option<(ConceptId, Range<usize>)> {
    let mut rest = std::borrow::Cow::Borrowed(text);
    for _ in 0..4 {
        let (range, id) = vocab.find_in_text(&rest)?;
        let first = all.iter().position(|w| w.end > range.start)?;
        let last = all.iter().rposition(|w| w.start < range.end)?;
        if first > last {
            return None;
        }
        let names_segment = all
            .get(last + 1)
            .is_some_and(|w| matches!(w.text.as_str(), "segment" | "segments"));
        // "Earnings before provision for taxes": what comes after "before"
        // is not the measure.
        let left_out = first >= 2 && all.get(first - 1).is_some_and(|w| w.text == "before");
        if left_out {
            // The words ahead ("earnings") name a measure of their own.
            return None;
        }
        if !names_segment {
            return Some((id, first..last + 1));
        }
        blank(rest.to_mut(), range);
    }
    None
}

/// A sentence's measure phrase: the concept's words, up to three content
/// words right before them ("product revenue", "Acme's U.S. revenue"), and
/// "from/of …" right after ("revenue from widgets"). Without a concept, every
/// content word.
fn measure_phrase(
    all: &[Word],
    concept: &Range<usize>,
    is_content: &dyn Fn(usize, &Word) -> bool,
) -> Range<usize> {
    if concept.is_empty() {
        return 0..all.len();
    }
    let mut start = concept.start;
    let mut taken = 0;
    while start > 0 && taken < 3 {
        let at = start - 1;
        match all.get(at) {
            Some(w) if is_content(at, w) || is_qualifier_word(w) => {
                start = at;
                taken += 1;
            }
            _ => break,
        }
    }
    let mut end = concept.end;
    if all
        .get(end)
        .is_some_and(|w| matches!(w.text.as_str(), "from" | "of" | "attributable"))
    {
        let mut k = end + 1;
        let mut taken = 0;
        while taken < 3 {
            match all.get(k) {
                Some(w) if is_content(k, w) => {
                    k += 1;
                    taken += 1;
                }
                _ => break,
            }
        }
        if taken > 0 {
            end = k;
        }
    }
    start..end
}

/// Whether a word starts a qualifier phrase (they count as modifiers of a
/// sentence's measure even though they are not plain content words).
fn is_qualifier_word(w: &Word) -> bool {
    !Lexicon::builtin()
        .qualifiers_in(&[w.text.as_str()])
        .is_empty()
}

/// The unit a text states, marking the words it used; else the one its
/// concept is measured in.
fn unit_of(
    text: &str,
    plain: &[&str],
    used: &mut [bool],
    concept: Option<&ConceptId>,
    vocab: &Vocab,
) -> Option<RoleUnit> {
    let mut unit = None;
    // The first "share" is the head: "shares used in computing earnings per
    // share" count shares, "earnings per share" is money per share.
    let first_share = plain.iter().position(|w| *w == "share").filter(|&at| {
        !matches!(
            plain.get(at + 1).copied(),
            Some(
                "based"
                    | "holder"
                    | "price"
                    | "repurchase"
                    | "capital"
                    | "premium"
                    | "option"
                    | "award"
            )
        )
    });
    for (i, w) in plain.iter().enumerate() {
        let next = plain.get(i + 1).copied();
        let found = match *w {
            "per" if next == Some("share") && first_share == Some(i + 1) => {
                if let Some(slot) = used.get_mut(i + 1) {
                    *slot = true;
                }
                Some(RoleUnit::PerShare)
            }
            "per" if next == Some("share") => {
                if let Some(slot) = used.get_mut(i + 1) {
                    *slot = true;
                }
                None
            }
            "percent" | "percentage" => Some(RoleUnit::Percent),
            "ratio" => Some(RoleUnit::Ratio),
            word => currency_word(word).map(RoleUnit::Currency),
        };
        if let Some(found) = found {
            // "ratio" stays a word of the measure too: "Total capital" and
            // "Total capital ratio" are two lines.
            if *w != "ratio"
                && let Some(slot) = used.get_mut(i)
            {
                *slot = true;
            }
            // Per share wins over a currency named beside it ("$ per share").
            if unit != Some(RoleUnit::PerShare) {
                unit = Some(found);
            }
        }
    }
    if unit.is_none() {
        unit = text
            .split(|c: char| c.is_whitespace() || c.is_ascii_digit())
            .find_map(|token| {
                let token = token.trim_matches(|c: char| matches!(c, '(' | ')' | ',' | '.'));
                (token.contains(['$', '€', '£', '¥']) && token.len() <= 4)
                    .then(|| currency(token))
                    .flatten()
            })
            .map(RoleUnit::Currency);
    }
    let measured = concept
        .and_then(|c| vocab.info(c.as_str()))
        .and_then(|info| match info.measure {
            Measure::PerShare => Some(RoleUnit::PerShare),
            Measure::Shares => Some(RoleUnit::Shares),
            Measure::Percent => Some(RoleUnit::Percent),
            Measure::Ratio => Some(RoleUnit::Ratio),
            Measure::Monetary | Measure::Number => None,
        });
    // "shares" stays a word of the measure ("Shares outstanding", "Number
    // of shares purchased").
    let head_shares = first_share.filter(|&at| at == 0 || plain.get(at - 1) != Some(&"per"));
    match (unit, measured) {
        (Some(RoleUnit::Currency(_)), Some(m)) => Some(m),
        (Some(u), _) => Some(u),
        (None, Some(m)) => Some(m),
        (None, None) => head_shares.map(|_| RoleUnit::Shares),
    }
}

/// A role part that is an ordinal alone ("2019, Net sales, Fourth", the
/// header of a quarterly table's column) names that quarter.
fn ordinal_quarters(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.split(',').any(|p| ordinal_word(p).is_some()) {
        return std::borrow::Cow::Borrowed(text);
    }
    let parts: Vec<String> = text
        .split(',')
        .map(|p| {
            if ordinal_word(p).is_some() {
                format!("{p} quarter")
            } else {
                p.to_string()
            }
        })
        .collect();
    std::borrow::Cow::Owned(parts.join(","))
}

/// "2019, Net sales, Fourth quarter": a quarter named without its year
/// and a bare year beside it are that year's quarter, one period.
fn year_the_quarter(periods: &mut Vec<Period>) {
    let is_year = |p: &Period| {
        is_bare_year(p)
            && matches!(
                p,
                Period::Duration {
                    months: None | Some(12),
                    ..
                }
            )
    };
    let yearless_quarter = periods.iter().position(|p| {
        matches!(
            p,
            Period::Duration {
                fy: None,
                quarter: Some(_),
                start: None,
                end: None,
                ..
            }
        )
    });
    let years: Vec<usize> = (0..periods.len())
        .filter(|&i| periods.get(i).is_some_and(is_year))
        .collect();
    if let (Some(q), [y]) = (yearless_quarter, years.as_slice())
        && let (Some(quarter), Some(year)) = (periods.get(q), periods.get(*y))
        && let Some(dated) = with_year_of(quarter, std::slice::from_ref(year))
    {
        if let Some(slot) = periods.get_mut(q) {
            *slot = dated;
        }
        periods.remove(*y);
    }
}

/// The currency a word names ("euro", "sterling", "USD").
fn currency_word(word: &str) -> Option<Currency> {
    match word {
        "usd" | "dollar" => Some(Currency::USD),
        "eur" | "euro" => Some(Currency::EUR),
        "gbp" | "pound" | "sterling" => Some(Currency::GBP),
        "yen" | "jpy" => Currency::from_code("JPY"),
        "chf" | "franc" => Currency::from_code("CHF"),
        _ => None,
    }
}

/// Whether `unit_of` reads a word as a currency.
pub(crate) fn is_currency_word(w: &str) -> bool {
    currency_word(w).is_some()
}

/// The measure as written, for messages: a role or label without its
/// periods; a sentence's measure phrase.
fn label_of(text: &str, masked: &str, mode: Mode, all: &[Word], concept: &Range<usize>) -> String {
    let squeeze = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .trim_matches(|c: char| matches!(c, ',' | ';' | ':' | '-' | ' '))
            .to_string()
    };
    if mode == Mode::Sentence {
        if let (Some(first), Some(last)) = (
            all.get(concept.start),
            concept.end.checked_sub(1).and_then(|e| all.get(e)),
        ) {
            return squeeze(text.get(first.start..last.end).unwrap_or(""));
        }
        return String::new();
    }
    squeeze(masked)
}

/// Unit notes in a text: parenthesized unit lines ("(in millions)", "($ in
/// thousands)", "(€m)", "(inthousands)") and a currency with its scale
/// ("U.S. $ in thousands", "US$ millions", "€m", "US$’000", "RMB’Million").
fn unit_notes(text: &str) -> Vec<Range<usize>> {
    static NOTE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\((?:[^()]*\b)?in\s*(?:thousands|millions|billions)\b[^()]*\)|\(\s*(?:[$€£¥]|usd|eur|gbp)\s*(?:m|mm|mn|bn|k|000s?|'000s?)?\s*\)|\b(?:u\.?s\.?\s?\$|us\$|u\.s\. dollars?|us dollars?)(?:\s*(?:in\s+)?(?:thousands|millions|billions|['’]000s?|000s?|m|mn|bn))?|(?:\b(?:hk\$|a\$|c\$|s\$|rmb|usd|eur|gbp|nt\$)|[$€£¥])\s*['’]?\s*(?:in\s+)?(?:m|mm|mn|bn|k|000s?|millions?|billions?|thousands?)\b",
        )
        .ok()
    });
    let Some(re) = NOTE.as_ref() else {
        return Vec::new();
    };
    re.find_iter(text).map(|m| m.range()).collect()
}

/// A day of the year named without its year ("at January 1", "as of 31
/// March"), left after the periods were cut out: its byte range, month, day.
fn month_day_in(text: &str) -> Option<(Range<usize>, i8, i8)> {
    static MD: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(?:at|as of|as at|on)\s+(?:(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})|([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?)\b").ok()
    });
    let c = MD.as_ref()?.captures(text)?;
    let (day, month) = match (c.get(1), c.get(2), c.get(3), c.get(4)) {
        (Some(d), Some(m), _, _) | (_, _, Some(m), Some(d)) => (d.as_str(), m.as_str()),
        _ => return None,
    };
    let month = crate::period::month_of(month)?;
    let day: i8 = day.parse().ok()?;
    let whole = c.get(0)?;
    (1..=31)
        .contains(&day)
        .then_some((whole.range(), month, day))
}

/// The prefixes of concept QNames in a text ("us-gaap:" of
/// "us-gaap:Revenues"): a lower-case prefix, a colon, an upper-case name.
fn qname_prefixes(text: &str) -> Vec<Range<usize>> {
    qnames(text).map(|(_, prefix, _)| prefix).collect()
}

/// Each QName of a text: its byte range, the byte range of its prefix with
/// the colon ("us-gaap:"), and its local name ("Revenues").
fn qnames(text: &str) -> impl Iterator<Item = (Range<usize>, Range<usize>, &str)> {
    static QNAME: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        // A local name is an XML name: a dot or a hyphen inside it
        // (`jnj:A2.95Notesdue2027Member`), never at its end (a sentence's
        // full stop).
        regex::Regex::new(r"\b([a-z][a-z0-9-]*:)([A-Z][A-Za-z0-9_]*(?:[.-][A-Za-z0-9_]+)*)").ok()
    });
    QNAME
        .as_ref()
        .into_iter()
        .flat_map(move |re| re.captures_iter(text))
        .filter_map(|c| Some((c.get(0)?.range(), c.get(1)?.range(), c.get(2)?.as_str())))
}

/// What a QName of a claim's text names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum QNameKind {
    /// A concept (`us-gaap:Revenues`).
    Concept,
    /// A dimension's axis (`srt:ProductOrServiceAxis`): named by its member.
    Axis,
    /// A breakdown's member (`aapl:IPhoneMember`, `country:US`).
    Member,
}

/// The kind of the QName starting at byte `at` of `text` with this local
/// name: by the taxonomies' naming convention, by the SEC's member-only
/// taxonomies, or by its place after `=` in `concept[axis=member]`, the
/// form extract prints.
fn qname_kind(text: &str, at: usize, local: &str) -> QNameKind {
    let prefix = text
        .get(at..)
        .and_then(|rest| rest.split_once(':'))
        .map_or("", |(p, _)| p);
    if local.ends_with("Axis") {
        QNameKind::Axis
    } else if after_equals(text, at) || is_dimension_qname(prefix, local) {
        QNameKind::Member
    } else {
        QNameKind::Concept
    }
}

/// Whether the text before byte `at` ends with "=" (the member of
/// `axis=member`).
fn after_equals(text: &str, at: usize) -> bool {
    text.get(..at)
        .is_some_and(|before| before.trim_end().ends_with('='))
}

/// The QNames a claim's text names, in two slots: the concepts
/// (`us-gaap:Revenues`) and the breakdown members, each as its axis and
/// member where the text pairs them (`srt:ProductOrServiceAxis=
/// aapl:IPhoneMember`, the form extract prints) or as the member alone
/// (`aapl:IPhoneMember`). Each sorted, once.
pub(super) fn qname_slots(text: &str) -> (Vec<Box<str>>, Vec<Box<str>>) {
    let (mut concepts, mut members) = (Vec::new(), Vec::new());
    let mut axis: Option<&str> = None;
    for (whole, _, local) in qnames(text) {
        let kind = qname_kind(text, whole.start, local);
        let paired = after_equals(text, whole.start);
        let Some(name) = text.get(whole) else {
            continue;
        };
        match kind {
            QNameKind::Concept => concepts.push(Box::from(name)),
            QNameKind::Member => match axis.take().filter(|_| paired) {
                Some(axis) => members.push(format!("{axis}={name}").into_boxed_str()),
                None => members.push(Box::from(name)),
            },
            QNameKind::Axis => {
                axis = Some(name);
                continue;
            }
        }
        axis = None;
    }
    for list in [&mut concepts, &mut members] {
        list.sort();
        list.dedup();
    }
    (concepts, members)
}

/// The qualifiers a text's QNames carry in their own words:
/// "us-gaap:SegmentReportingOtherItemAmount" is a segment figure,
/// "us-gaap:TreasuryStockAcquiredAverageCostPerShare" an average one.
pub(super) fn qname_qualifiers(lex: &Lexicon, text: &str) -> Vec<Qualifier> {
    let mut out = Vec::new();
    for (_, _, local) in qnames(text) {
        let split = words(&camel_spaced(local));
        let split: Vec<&str> = split.iter().map(|w| w.text.as_str()).collect();
        for q in lex.qualifiers_in(&split) {
            let qualifier = Qualifier {
                entry: u16::try_from(q.entry).unwrap_or(u16::MAX),
            };
            if !out.contains(&qualifier) {
                out.push(qualifier);
            }
        }
    }
    out
}

/// A camel-case name with its words apart: "MinorityInterestPeriod" →
/// "Minority Interest Period".
fn camel_spaced(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    for c in name.chars() {
        if c.is_uppercase() && !out.is_empty() {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// The byte range of `len` words from `at`.
fn span_of(all: &[Word], at: usize, len: usize) -> Option<Range<usize>> {
    let first = all.get(at)?;
    let last = all.get(at + len.checked_sub(1)?)?;
    Some(first.start..last.end)
}

/// Marks `len` words from `at` as read.
fn mark(used: &mut [bool], at: usize, len: usize) {
    for slot in used.iter_mut().skip(at).take(len) {
        *slot = true;
    }
}

/// Where the trailing run of a change header's words starts in a role's
/// part ("Revenue % change" → at "%"); 0, the whole part, when it ends in
/// no header word (the part was read as a change whole).
fn header_start(part: &str) -> usize {
    let is_header = |chunk: &str| {
        chunk
            .split(|c: char| !(c.is_alphanumeric() || c == '%' || c == '$'))
            .filter(|w| !w.is_empty())
            .all(|w| crate::period::is_change_header_word(&w.to_lowercase()))
    };
    let mut start = None;
    let mut at = part.len();
    while let Some(chunk) = part
        .get(..at)
        .and_then(|p| p.split_whitespace().next_back())
    {
        let Some(begins) = part.get(..at).and_then(|p| p.rfind(chunk)) else {
            break;
        };
        if !is_header(chunk) {
            break;
        }
        start = Some(begins);
        at = begins;
    }
    start.unwrap_or(0)
}

/// A change column named twice in one role, by its header and by the
/// periods it compares ("% change, nine months 2024 vs 2023"), is one
/// change: in percent when either part says so, between the periods the
/// second names.
fn join_change_parts(periods: &mut Vec<Period>) {
    let lone = periods.iter().position(|p| {
        matches!(
            p,
            Period::Change {
                from: None,
                to: None,
                ..
            }
        )
    });
    let dated = periods.iter().position(|p| {
        matches!(
            p,
            Period::Change {
                from: Some(_),
                to: Some(_),
                ..
            }
        )
    });
    // "Revenue % change, FY2020 to FY2021": the header and two periods of
    // one kind, a year apart, are the change from the earlier to the later.
    if let (Some(at), None, 3) = (lone, dated, periods.len()) {
        let lone_percent = matches!(periods.get(at), Some(Period::Change { percent: true, .. }));
        let others: Vec<&Period> = periods
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != at)
            .map(|(_, p)| p)
            .collect();
        if let [a, b] = others.as_slice() {
            let (from, to) = match (a.year(), b.year()) {
                (Some(x), Some(y)) if x < y => ((*a).clone(), (*b).clone()),
                (Some(x), Some(y)) if y < x => ((*b).clone(), (*a).clone()),
                _ => return,
            };
            if crate::check::movement::a_year_before(&from, &to) {
                *periods = vec![Period::Change {
                    percent: lone_percent,
                    from: Some(Box::new(from)),
                    to: Some(Box::new(to)),
                }];
            }
        }
        return;
    }
    let (Some(lone), Some(dated)) = (lone, dated) else {
        return;
    };
    let lone_percent = matches!(
        periods.get(lone),
        Some(Period::Change { percent: true, .. })
    );
    if let Some(Period::Change { percent, .. }) = periods.get_mut(dated) {
        *percent |= lone_percent;
    }
    periods.remove(lone);
}

/// The byte ranges of a role's comma-separated parts of at most three
/// words: where a column's change header may stand alone.
fn change_parts(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ',')))
    {
        if c == ',' {
            if let Some(part) = text.get(start..i)
                && !part.trim().is_empty()
                && part.split_whitespace().count() <= 3
            {
                out.push(start..i);
            }
            start = i + c.len_utf8();
        }
    }
    out
}

/// Replaces a byte range with spaces, keeping every other byte where it was.
fn blank(text: &mut String, range: Range<usize>) {
    let Some(part) = text.get(range.clone()) else {
        return;
    };
    let spaces = " ".repeat(part.len());
    text.replace_range(range, &spaces);
}

/// The text cut to at most `max` bytes, at a character boundary.
fn clip(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or("")
}

/// The periods named in a text, without the rest of a role.
pub fn periods_in(text: &str) -> Vec<Period> {
    let mut masked = clip(text, MAX_TEXT).to_string();
    let mut out = Vec::new();
    while out.len() < MAX_PERIODS {
        let Some((range, period)) = find_period(&masked) else {
            break;
        };
        out.push(period);
        blank(&mut masked, range);
    }
    out
}

#[cfg(test)]
mod memo_tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_shared_reading_is_the_reading_and_is_made_once() {
        let vocab = Vocab::builtin();
        for (text, mode) in [
            ("Revenue, FY2024", Mode::Role),
            ("Net cash used in investing activities", Mode::Label),
            ("Revenue grew 7% in 2024.", Mode::Sentence),
        ] {
            let shared = read_shared(text, &vocab, mode);
            assert_eq!(*shared, read(text, &vocab, mode), "{text}");
            assert!(std::sync::Arc::ptr_eq(
                &shared,
                &read_shared(text, &vocab, mode)
            ));
        }
        // Another vocabulary reads the same text anew.
        let mut other = vocab.clone();
        other
            .extend_from_str(
                "[[concept]]\nid = \"WidgetRoyalties\"\nmeasure = \"monetary\"\nperiod = \"duration\"\nstatements = [\"income\"]\nlabels = [\"widget royalties\"]\n",
                "test",
            )
            .unwrap();
        let mine = read_shared("widget royalties", &vocab, Mode::Role);
        let theirs = read_shared("widget royalties", &other, Mode::Role);
        assert_eq!(mine.role.concept, None);
        assert_eq!(
            theirs.role.concept.as_ref().map(ConceptId::as_str),
            Some("WidgetRoyalties")
        );
    }

    #[test]
    fn the_memo_stays_bounded() {
        let vocab = Vocab::builtin();
        for n in 0..MEMO_ENTRIES + 10 {
            read_shared(&format!("line {n}"), &vocab, Mode::Label);
        }
        assert!(MEMO.with(|m| m.borrow().len()) <= MEMO_ENTRIES);
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_reconciling_mark_is_not_a_label_s_word() {
        assert_eq!(
            without_reconciling_mark("Add: Stock-based compensation expense"),
            "Stock-based compensation expense"
        );
        assert_eq!(
            without_reconciling_mark("Plus: interest expense"),
            "interest expense"
        );
        // Near miss: a word that begins with "add" is the label's.
        assert_eq!(
            without_reconciling_mark("Additional paid-in capital"),
            "Additional paid-in capital"
        );
    }

    use super::*;

    fn r(text: &str) -> Reading {
        read(text, &Vocab::builtin(), Mode::Role)
    }

    #[test]
    fn unit_notes_are_no_words_of_the_measure() {
        for (text, words) in [
            ("Korea, 2018 (inthousands)", vec!["korea"]),
            ("Financing costs, 2019 €m", vec!["cost", "financing"]),
            ("Dividend, 2018 US$’000", vec!["dividend"]),
            ("Hedged rate, 2019 RMB’Million", vec!["hedged", "rate"]),
            ("Revenue, FY2019 $ in millions", vec!["revenue"]),
        ] {
            let reading = r(text);
            let got: Vec<&str> = reading.required.iter().map(|w| &**w).collect();
            assert_eq!(got, words, "{text}");
        }
    }

    #[test]
    fn a_phrase_naming_a_segment_is_not_the_measure() {
        let concept = |text: &str| r(text).role.concept.map(|c| c.as_str().to_string());
        assert_eq!(
            concept("Adobe Digital Marketing segment revenue, fiscal 2017").as_deref(),
            Some("Revenues")
        );
        // Near misses: the phrase is the measure where no "segment" follows.
        assert_eq!(
            concept("Digital Marketing, fiscal 2017").as_deref(),
            Some("MarketingExpense")
        );
        assert_eq!(
            concept("Marketing expense, fiscal 2017").as_deref(),
            Some("MarketingExpense")
        );
    }

    #[test]
    fn the_measure_is_named_before_related_to() {
        let label = |text: &str| read(text, &Vocab::builtin(), Mode::Label).role;
        let role = label("Income tax benefit related to share-based compensation expense");
        assert_eq!(
            role.concept.as_ref().map(ConceptId::as_str),
            Some("IncomeTaxExpenseBenefit")
        );
        // The benefit is the line's way; the expense it is related to is not.
        assert_eq!(role.direction.map(|d| d.positive), Some(false));
        // Near misses: the line named alone; a text with no measure before
        // "related to" reads the whole text.
        assert_eq!(
            label("Share-based compensation expense")
                .concept
                .as_ref()
                .map(ConceptId::as_str),
            Some("ShareBasedCompensation")
        );
        assert_eq!(
            label("Amounts related to share-based compensation expense")
                .concept
                .as_ref()
                .map(ConceptId::as_str),
            Some("ShareBasedCompensation")
        );
    }

    #[test]
    fn net_of_its_current_portion_a_line_is_noncurrent() {
        let maturity = |text: &str| {
            let role = read(text, &Vocab::builtin(), Mode::Label).role;
            let mut all: Vec<&str> = values(&role.qualifiers);
            all.extend(values(&role.implied));
            all.retain(|v| *v == "current" || *v == "noncurrent");
            all
        };
        assert_eq!(
            maturity("Debt and finance leases, net of current portion"),
            ["noncurrent"]
        );
        assert_eq!(
            maturity("Operating lease liabilities, excluding current maturities"),
            ["noncurrent"]
        );
        // Near misses: the current portion itself, and the deduction of it.
        assert_eq!(
            maturity("Current portion of debt and finance leases"),
            ["current"]
        );
        assert_eq!(
            maturity("Less current portion of long-term obligations"),
            ["current", "noncurrent"]
        );
    }

    fn values(q: &[Qualifier]) -> Vec<&'static str> {
        q.iter()
            .filter_map(|q| q.def())
            .map(|d| d.value.as_str())
            .collect()
    }

    #[test]
    fn a_percent_change_is_the_changes_not_the_lines() {
        let concept = |text: &str| {
            r(text)
                .role
                .concept
                .as_ref()
                .map(|c| c.as_str().to_string())
        };
        let change = |text: &str| match r(text).role.periods.as_slice() {
            [
                Period::Change {
                    percent,
                    from: Some(from),
                    to: Some(to),
                },
            ] => Some((*percent, from.year(), to.year())),
            _ => None,
        };
        for text in [
            "Net income, % change FY2020 to FY2021",
            "Net income % change, FY2020 to FY2021",
            "Net income, % change 2021 vs 2020",
        ] {
            assert_eq!(concept(text).as_deref(), Some("NetIncomeLoss"), "{text}");
            assert_eq!(change(text), Some((true, Some(2020), Some(2021))), "{text}");
        }
        // "Operating income %" alone is a rate; "% change" of it is not.
        assert_eq!(
            concept("Operating income, % change 2021 vs 2020").as_deref(),
            Some("OperatingIncomeLoss")
        );
        // Near misses: a header of change words alone still names the
        // change column, and a line's own name before two years is no
        // change header.
        assert_eq!(
            change("Revenue, Change between 2019 and 2018"),
            Some((false, Some(2018), Some(2019)))
        );
        assert!(
            crate::period::find_period("Net income 2020 to 2021")
                .is_none_or(|(range, _)| range.start > 0)
        );
    }

    #[test]
    fn non_gaap_labels_a_measure_outside_gaap_and_adjusts_any_other() {
        for text in [
            "Free cash flow (non-GAAP), FY2021",
            "EBITDA, a non-GAAP measure, FY2021",
        ] {
            let reading = r(text);
            assert!(reading.role.qualifiers.is_empty(), "{text}: {reading:?}");
            assert!(!reading.required.iter().any(|w| &**w == "gaap"), "{text}");
        }
        // Near misses: an adjusted measure outside GAAP, and a GAAP line
        // called non-GAAP, are adjusted.
        assert_eq!(
            values(&r("Adjusted free cash flow, FY2021").role.qualifiers),
            ["adjusted"]
        );
        assert_eq!(
            values(&r("Net income (non-GAAP), FY2021").role.qualifiers),
            ["adjusted"]
        );
    }

    #[test]
    fn a_role_is_cut_into_its_slots() {
        let rev = r("Product revenue, Q3 2024");
        assert_eq!(
            rev.role.concept.as_ref().map(|c| c.as_str()),
            Some("Revenues")
        );
        assert_eq!(values(&rev.role.qualifiers), ["product"]);
        assert_eq!(rev.role.periods.len(), 1);
        assert_eq!(&*rev.required, &["revenue".into()] as &[Box<str>]);

        let avg = r("Average total assets, FY2024");
        assert_eq!(
            avg.role.concept.as_ref().map(|c| c.as_str()),
            Some("Assets")
        );
        assert_eq!(values(&avg.role.qualifiers), ["average"]);

        let loss = r("Net loss, FY2024");
        assert_eq!(
            loss.role.concept.as_ref().map(|c| c.as_str()),
            Some("NetIncomeLoss")
        );
        assert_eq!(loss.role.direction.map(|d| d.positive), Some(false));
        assert!(loss.role.concept_words.iter().any(|w| &**w == "loss"));

        let used = r("Net cash used in operating activities 2024");
        assert_eq!(used.role.direction.map(|d| d.positive), Some(false));

        let eps = r("diluted EPS, FY2024");
        assert!(
            eps.role.qualifiers.is_empty(),
            "diluted is the concept's own word"
        );
        assert_eq!(values(&eps.role.implied), ["diluted"]);
        assert_eq!(eps.role.unit, Some(RoleUnit::PerShare));

        let nci = r("Net income attributable to noncontrolling interests, 2024");
        assert!(
            values(&nci.role.qualifiers).contains(&"nci")
                || values(&nci.role.implied).contains(&"nci")
        );

        let euros = r("Revenue in euros, FY2024");
        assert_eq!(euros.role.unit, Some(RoleUnit::Currency(Currency::EUR)));
        // A currency named as a word ranks rows of currencies.
        let euro = r("Euro, Total £m");
        assert_eq!(euro.role.unit, Some(RoleUnit::Currency(Currency::EUR)));
        assert!(euro.soft.iter().any(|w| &**w == "euro"), "{:?}", euro.soft);
    }

    #[test]
    fn opening_balances_are_marked() {
        let open = read("Cash at beginning of year", &Vocab::builtin(), Mode::Label);
        assert_eq!(open.edge, Some(true));
        let close = read(
            "Cash and cash equivalents, end of period",
            &Vocab::builtin(),
            Mode::Label,
        );
        assert_eq!(close.edge, Some(false));
    }

    #[test]
    fn a_sentence_requires_only_its_measure_phrase() {
        let s = read(
            "Acme's revenue rose to $4.2 billion in 2024, driven by widgets.",
            &Vocab::builtin(),
            Mode::Sentence,
        );
        assert_eq!(
            s.role.concept.as_ref().map(|c| c.as_str()),
            Some("Revenues")
        );
        assert!(
            s.required.iter().any(|w| &**w == "acme"),
            "{:?}",
            s.required
        );
        assert!(s.soft.iter().any(|w| &**w == "widget"), "{:?}", s.soft);
        assert_eq!(s.role.periods.len(), 1);
        let p = read(
            "Product revenue was $9 million in Q3 2024.",
            &Vocab::builtin(),
            Mode::Sentence,
        );
        assert_eq!(values(&p.role.qualifiers), ["product"]);
    }

    #[test]
    fn a_long_text_is_read_from_its_start() {
        let long = "Revenue ".repeat(10_000);
        let reading = r(&long);
        assert_eq!(
            reading.role.concept.as_ref().map(|c| c.as_str()),
            Some("Revenues")
        );
    }

    #[test]
    fn a_texts_qnames_are_concepts_and_members() {
        let slots = |text: &str| {
            let (concepts, members) = qname_slots(text);
            let plain = |l: Vec<Box<str>>| l.into_iter().map(String::from).collect::<Vec<_>>();
            (plain(concepts), plain(members))
        };
        for (text, concepts, members) in [
            (
                "us-gaap:Revenues[srt:ProductOrServiceAxis=aapl:IPhoneMember]",
                vec!["us-gaap:Revenues"],
                vec!["srt:ProductOrServiceAxis=aapl:IPhoneMember"],
            ),
            // A member alone; a sentence's full stop is not the name's.
            (
                "us-gaap:Revenues aapl:IPhoneMember.",
                vec!["us-gaap:Revenues"],
                vec!["aapl:IPhoneMember"],
            ),
            // The country taxonomy's members carry no suffix; a member's
            // name may hold a dot; two axes, one member each.
            (
                "us-gaap:Revenues[srt:StatementGeographicalAxis=country:US, us-gaap:DebtInstrumentAxis=jnj:A2.95Notesdue2027Member]",
                vec!["us-gaap:Revenues"],
                vec![
                    "srt:StatementGeographicalAxis=country:US",
                    "us-gaap:DebtInstrumentAxis=jnj:A2.95Notesdue2027Member",
                ],
            ),
            ("country:US revenue", vec![], vec!["country:US"]),
            // Near misses: a label's colon; a time.
            ("Revenue: FY2024", vec![], vec![]),
            ("at 10:30", vec![], vec![]),
        ] {
            let want = |l: Vec<&str>| l.into_iter().map(String::from).collect::<Vec<_>>();
            assert_eq!(slots(text), (want(concepts), want(members)), "{text}");
        }
        // A member's QName is no word of the measure, nor its concept.
        let reading = r("us-gaap:Revenues country:US, FY2024");
        assert_eq!(reading.required, r("us-gaap:Revenues, FY2024").required);
        assert!(reading.role.qualifiers.is_empty(), "{:?}", reading.role);
        assert_eq!(
            reading.role.concept.as_ref().map(|c| c.as_str()),
            Some("Revenues")
        );
    }
}

#[cfg(test)]
mod note_reference_tests {
    use super::*;

    #[test]
    fn a_note_s_number_is_dropped_and_other_numbers_kept() {
        assert_eq!(
            numbers_in(&without_note_references(
                "Cash and cash equivalents (Note 4)"
            )),
            Vec::<Box<str>>::new()
        );
        assert_eq!(
            numbers_in(&without_note_references("Inventories (Notes 3 and 5)")),
            Vec::<Box<str>>::new()
        );
        assert_eq!(
            numbers_in(&without_note_references(
                "Provision for taxes (see Note 12), 2024"
            )),
            vec![Box::from("2024")]
        );
        // Near misses: a word beginning with "note" and numbers of the
        // line itself: a coupon, a year.
        assert_eq!(
            numbers_in(&without_note_references("Notes payable due 2028")),
            vec![Box::from("2028")]
        );
        assert_eq!(
            numbers_in(&without_note_references("Senior notes 5.5% due 2027")),
            vec![Box::from("2027"), Box::from("5.5")]
        );
        assert_eq!(
            numbers_in(&without_note_references("4.5% Notes due 2030")),
            vec![Box::from("2030"), Box::from("4.5")]
        );
    }

    #[test]
    fn income_attributable_to_others_than_the_shareholders_is_not_the_parent_s() {
        let parent = |t: &str| {
            read(t, &Vocab::builtin(), Mode::Label)
                .role
                .qualifiers
                .iter()
                .chain(&read(t, &Vocab::builtin(), Mode::Label).role.implied)
                .any(|q| q.def().is_some_and(|d| d.value == "parent"))
        };
        assert!(!parent(
            "Net income (loss) attributable to the affiliated companies"
        ));
        assert!(!parent(
            "Net income attributable to equity method investees"
        ));
        assert!(!parent(
            "Net income attributable to participating securities"
        ));
        assert!(parent("Net income attributable to Corning Incorporated"));
        assert!(parent(
            "Net income attributable to equity holders of the parent"
        ));
    }
}
