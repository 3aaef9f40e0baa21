//! What a number written in running text is: the measure and the period a
//! page of prose gives it, read from its sentence as a reader reads it.
//!
//! "Net income rose 17.6% to $447 million, or $2.33 per diluted share,
//! compared with $380 million, or $1.95 per diluted share, in 2023." gives
//! 17.6% as a change of net income; $447 million as net income of the
//! report's own period; $2.33 as net income per diluted share, same period;
//! $380 million as net income of 2023 (the comparison's own year); $1.95 as
//! net income per diluted share of 2023.
//!
//! The rules, in order, for an amount's **measure**:
//! 1. "per …" right after it: the clause's subject per that ("$2.33 per
//!    diluted share");
//! 2. "… of" right before it: the words before "of" ("cash and cash
//!    equivalents of $780 million"), a payment when "paid" comes before
//!    them ("We paid common stock dividends of $2.0 billion": common stock
//!    dividends paid);
//!    an amount listed after one with its own year, itself with its own
//!    ("$2.0 billion in 2019, $3.2 billion in 2018, and $2.9 billion in
//!    2017"), is that one's line;
//! 3. an amount compared with an earlier one ("from $3,900 million",
//!    "compared with $380 million", "down from $1,150 million"): that one's
//!    measure;
//! 4. else the subject of its clause: the words that open the clause, up to
//!    its verb ("Interest expense declined to $48 million"). A clause opens
//!    the sentence or follows ";", ", and", ", but", ", while", ", as",
//!    "which" and the like. "We", "it", "the company" name no measure.
//!
//! Its **period**:
//! 1. a period written right after it (or after its group of "…, or …"
//!    amounts), before any comparison word ("$626 million in 2024 compared
//!    with …", "compared with $380 million, or $1.95 …, in 2023");
//! 2. "in both years": the report's period and the one before;
//! 3. a compared amount ("from", "compared with", "versus", "a year
//!    earlier", "the prior year"): the same span a year before the clause's
//!    period (written at its head, "In 2024, …", else the report's);
//! 4. a period heading its clause ("In 2024, revenue was $4.2 billion") or
//!    closing its subject ("Operating loss for 2015 was $481 million");
//! 5. when the sentence writes no other period and no other "prior year":
//!    the report's own (an annual report's MD&A speaks of its year); else it
//!    cannot be told.
//!
//! A percentage after a word of change ("rose 17.6%", "up 11.1%", "a 7.7%
//! increase") is a change, not a level; an amount after a bound ("exceeded
//! four billion dollars", "more than $4 billion") states no value. Anything
//! these rules cannot read is left unread (`None`, `Unknown`): the check
//! that uses it fails closed.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use crate::check::movement::{Movement, change_after, change_before};
use crate::model::Period;
use crate::period::find_period;
use crate::prose::{Hedge, Written, amounts_in};

/// When a number of running text is, as its sentence says.
#[derive(Debug, Clone, PartialEq)]
pub enum When {
    /// A period written with it or heading its clause.
    Own(Period),
    /// No period written: the report's own.
    Current,
    /// The amount a sentence compares with: the same span a year before the
    /// clause's period (`Some`, written at its head), else before the
    /// report's own.
    Prior(Option<Period>),
    /// "in both years": the report's period and the one before.
    Both,
    /// The clause writes periods the reading cannot attach to it.
    Unknown,
}

/// One amount of a sentence, read.
#[derive(Debug, Clone)]
pub struct ProseNumber {
    /// The amount, with its place in the sentence.
    pub written: Written,
    /// The words that name its measure, when the rules find them.
    pub measure: Option<String>,
    /// Its period.
    pub when: When,
    /// A change ("rose 17.6%", "up 11.1%"), not a level.
    pub change: bool,
    /// The way a change went, when its words say ("increased by", "a
    /// decrease of", "down").
    pub way: Option<Movement>,
    /// Written in points ("5 percentage points", "140 bps"): a change of a
    /// rate, not a percent change.
    pub points: bool,
    /// A bound ("exceeded four billion dollars"), not a value.
    pub bounded: bool,
    /// A share of something ("60.0% of revenue"), not a level of its own.
    pub share_of: bool,
}

static CLAUSE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?i);|,\s+(?:and|but|while|whereas|which|as|reflecting)\b|\b(?:while|whereas|because|due to|driven by|primarily by|reflecting|offset by|in which|which)\b",
    )
    .ok()
});

static COMPARED: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:from|compared\s+(?:with|to)|versus|vs\.?|against)\s*(?:an?\s+)?(?:US\$|C\$|[$€£¥])?\s*$",
    )
    .ok()
});

static YEAR_BEFORE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:a year (?:earlier|before|ago)|(?:the )?(?:prior|previous|preceding)[- ]year|last year|the year before)\b",
    )
    .ok()
});

/// Where what an amount's own words say ends: a comparison, a clause.
static TAIL_END: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"(?i)[;(]|\b(?:from|compared|versus|vs|against|up|down|while|whereas|but|and|as)\b")
        .ok()
});

static CHANGE_BEFORE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:rose|risen|rises|increased|increases|grew|grown|grows|climbed|jumped|gained|fell|fallen|falls|declined|declines|decreased|decreases|dropped|slipped|up|down|higher|lower|increase|decrease|decline|growth|rise|drop|improved|improvement|by)\s*(?:an?\s+)?$",
    )
    .ok()
});

static CHANGE_AFTER: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^\s*(?:year[- ]over[- ]year\s+)?(?:increase|decrease|decline|rise|drop|gain|growth|higher|lower|above|below|more|less|improvement)\b",
    )
    .ok()
});

static BOUND_BEFORE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:exceeded|exceeds|exceed|exceeding|surpassed|topped|passed|crossed|over|above|below|under|nearly|almost|more than|less than|fewer than|at least|at most|up to)\s*(?:US\$|C\$|[$€£¥])?\s*$",
    )
    .ok()
});

/// Words that end a clause's subject: its verb.
const VERBS: &[&str] = &[
    "was",
    "were",
    "is",
    "are",
    "has",
    "have",
    "had",
    "rose",
    "increased",
    "decreased",
    "declined",
    "fell",
    "grew",
    "totaled",
    "totalled",
    "reached",
    "amounted",
    "widened",
    "narrowed",
    "improved",
    "expanded",
    "contracted",
    "climbed",
    "dropped",
    "came",
    "stood",
    "remained",
    "represented",
    "accounted",
    "exceeded",
    "jumped",
    "slipped",
    "up",
    "down",
];

/// Words that open no measure: the sentence speaks of the company.
const NO_MEASURE: &[&str] = &[
    "we",
    "it",
    "they",
    "company",
    "management",
    "he",
    "she",
    "this",
    "that",
    "these",
    "there",
];

/// Every amount of a sentence, read.
pub fn read_sentence(sentence: &str) -> Vec<ProseNumber> {
    let amounts = amounts_in(sentence);
    let starts = clause_starts(sentence);
    let clause_of = |at: usize| {
        let begin = starts
            .iter()
            .rev()
            .find(|&&s| s <= at)
            .copied()
            .unwrap_or(0);
        let end = starts
            .iter()
            .find(|&&s| s > at)
            .copied()
            .unwrap_or(sentence.len());
        begin..end
    };
    // The words between an amount and the one before it (or its clause's
    // start).
    let before = |i: usize| -> &str {
        let Some(this) = amounts.get(i) else {
            return "";
        };
        let clause = clause_of(this.start);
        let from = i
            .checked_sub(1)
            .and_then(|j| amounts.get(j))
            .map_or(clause.start, |p| p.end.max(clause.start));
        sentence.get(from..this.start).unwrap_or("")
    };
    let after = |i: usize| -> &str {
        let Some(this) = amounts.get(i) else {
            return "";
        };
        let clause = clause_of(this.start);
        let to = amounts
            .get(i + 1)
            .map_or(clause.end, |n| n.start.min(clause.end));
        sentence.get(this.end..to.max(this.end)).unwrap_or("")
    };
    // Groups of "A, or B": the later ones share the first one's period.
    let apposed = |i: usize| i > 0 && is_apposition(before(i));
    // "… of $89 million and $252 million, respectively": which is which is
    // in another list.
    let respectively = sentence.to_ascii_lowercase().contains("respectively");
    // Unless the other list is one of years, as many as the amounts: then
    // each amount is its year's, and all are the first one's line.
    let listed = respectively
        .then(|| super::respectively::respective_periods(sentence, &amounts))
        .flatten();
    // A list of years heading the sentence ("For the years ended December
    // 31, 2022, 2021 and 2020, diluted earnings per share were …"): the
    // subject is read after it.
    let subject_after_list = listed.as_ref().and_then(|(_, end)| {
        let first = amounts.first()?;
        let lead = sentence.get(*end..first.start)?;
        subject_of(lead.trim_start_matches([',', ' ']), None)
    });
    let listed = listed.map(|(periods, _)| periods);
    // Whether the sentence writes a period no amount takes as its own: the
    // same for every amount, read once when one needs it.
    let unattributed = std::cell::OnceCell::new();
    // The clause being read: amounts come in order, so each clause is read
    // once, at its first amount.
    let mut reading: Option<ClauseRead> = None;
    let mut out: Vec<ProseNumber> = Vec::with_capacity(amounts.len());
    for (i, w) in amounts.iter().enumerate() {
        let clause = clause_of(w.start);
        if reading.as_ref().is_some_and(|r| r.span != clause) {
            reading = None;
        }
        let ClauseRead {
            period: clause_period,
            subject,
            ..
        } = reading.get_or_insert_with(|| {
            let mut read = ClauseRead::of(
                sentence.get(clause.start..w.start).unwrap_or(""),
                clause.clone(),
            );
            if i == 0 && subject_after_list.is_some() {
                read.subject.clone_from(&subject_after_list);
            }
            read
        });
        let b = before(i);
        let a = after(i);
        let of_noun = noun_before_of(b);
        let head_of_group = !apposed(i);
        let change = CHANGE_BEFORE.as_ref().is_some_and(|re| re.is_match(b))
            || CHANGE_AFTER.as_ref().is_some_and(|re| re.is_match(a))
            || of_noun.is_some_and(names_a_change)
            || (!head_of_group && out.last().is_some_and(|p| p.change));
        let bounded =
            w.hedge == Hedge::Bound || BOUND_BEFORE.as_ref().is_some_and(|re| re.is_match(b));
        let trimmed_after = a.trim_start().to_ascii_lowercase();
        let share_of = w.amount.percent && trimmed_after.starts_with("of ");
        let compared = COMPARED.as_ref().is_some_and(|re| re.is_match(b));
        let first_of_clause = out.last().is_none_or(|p| p.written.start < clause.start);
        // The subject's level: right after its verb, or after "to" or
        // "was" further on ("rose 17.6% to $447 million").
        let subject_level = subject.as_ref().and_then(|(name, verb)| {
            let states = if first_of_clause {
                verb.level
            } else {
                // After the amount before it and that one's own period
                // ("…, or 147%, in 2021 to $20.7 billion").
                let rest = match own_period(b) {
                    Some((r, _)) => b.get(r.end..).unwrap_or(b),
                    None => b,
                };
                rest.split_whitespace().count() <= 3 && states_level(rest)
            };
            states.then(|| name.clone())
        });
        let level_before = || {
            out.iter()
                .rev()
                .take_while(|p| p.written.start >= clause.start)
                .find(|p| !p.change && !p.share_of)
                .and_then(|p| p.measure.clone())
        };
        let way = if change {
            if head_of_group {
                change_before(b)
                    .or_else(|| of_noun.and_then(noun_way))
                    .or_else(|| change_after(a))
                    .or_else(|| a.split_whitespace().next().and_then(noun_way))
            } else {
                out.last().and_then(|p| p.way)
            }
        } else {
            None
        };
        // What changed: the group's head's line; the clause's subject,
        // its verb a change ("SG&A expenses increased by $80 million"); or
        // the level before "a decrease of 28%".
        let changed = || {
            if !head_of_group {
                return out.last().and_then(|p| p.measure.clone());
            }
            if of_noun.is_some_and(names_a_change) {
                return level_before();
            }
            // "Net income of $1.69 billion increased by $525.2 million": a
            // verb of change right after a level is that level's line's.
            if !first_of_clause
                && b.split_whitespace().count() <= 3
                && change_before(b).is_some()
                && let Some(line) = level_before()
            {
                return Some(line);
            }
            let (name, verb) = subject.as_ref()?;
            (first_of_clause && verb.change).then(|| name.clone())
        };
        let measure = if respectively && listed.is_none() {
            None
        } else if listed.is_some() && i > 0 {
            out.first().and_then(|p| p.measure.clone())
        } else if i > 0 && listed_by_year(sentence, &amounts, i) {
            // "dividends of $2.0 billion in 2019, $3.2 billion in 2018,
            // and $2.9 billion in 2017": each its year's, all one line.
            out.last().and_then(|p| p.measure.clone())
        } else if change {
            changed()
        } else if share_of {
            // "$2,520 million, or 60.0% of revenue", "compared with 61.0% of
            // revenue": the line before as a share of what follows "of".
            (compared || apposed(i))
                .then(level_before)
                .flatten()
                .zip(share_base(a))
                .map(|(line, of)| format!("{} as a percentage of {of}", strip_per(&line)))
        } else if let Some(per) = per_phrase(a) {
            subject.as_ref().map(|(name, _)| format!("{name} {per}"))
        } else if let Some(np) = of_noun {
            // "We paid common stock dividends of $2.0 billion": the payment.
            Some(if paid_before(b, np) {
                format!("{np} paid")
            } else {
                np.to_string()
            })
        } else if let Some(np) = held_in(b, a) {
            Some(np.to_string())
        } else if compared || apposed(i) || parallel(b) {
            // The measure of the amount it is compared with (or apposed
            // to, or listed after: "was $7.2 billion at December 31, 2021
            // and $7.8 billion at December 31, 2020"): the nearest level
            // before it in its clause.
            level_before().map(|m| strip_per(&m))
        } else {
            subject_level
        };
        let when = if let Some(period) = listed.as_ref().and_then(|l| l.get(i)) {
            When::Own(period.clone())
        } else if apposed(i) {
            out.last().map_or(When::Unknown, |p| p.when.clone())
        } else {
            // The group's last member's words after it say its period.
            let mut last = i;
            while last + 1 < amounts.len() && apposed(last + 1) {
                last += 1;
            }
            period_of(after(last), compared, clause_period.clone(), || {
                *unattributed.get_or_init(|| unattributed_period(sentence, &amounts, &after))
            })
        };
        out.push(ProseNumber {
            written: w.clone(),
            measure,
            when,
            change,
            way,
            points: in_points(w.text(sentence)),
            bounded,
            share_of,
        });
    }
    out
}

/// What a clause says for all its amounts: its span, the period heading
/// it or closing its subject, and its subject.
struct ClauseRead {
    span: Range<usize>,
    period: Option<Period>,
    subject: Option<(String, Verb)>,
}

impl ClauseRead {
    /// The clause of `span`, read from `lead`, its words before its first
    /// amount.
    fn of(lead: &str, span: Range<usize>) -> ClauseRead {
        let leading = leading_period(lead);
        let mut subject = subject_of(lead, leading.as_ref().map(|(r, _)| r.clone()));
        let mut period = leading.map(|(_, p)| p);
        if period.is_none()
            && let Some((name, verb)) = subject.clone()
            && let Some((name, own)) = subject_period(&name)
        {
            subject = Some((name, verb));
            period = Some(own);
        }
        ClauseRead {
            span,
            period,
            subject,
        }
    }
}

/// The byte offsets where a sentence's clauses start (0 first).
fn clause_starts(sentence: &str) -> Vec<usize> {
    let mut starts = vec![0];
    if let Some(re) = CLAUSE.as_ref() {
        starts.extend(re.find_iter(sentence).map(|m| m.end()));
    }
    starts
}

/// Whether the words between two amounts, the first one's own period
/// aside, are "and" alone: the second is the same line's, listed.
fn parallel(gap: &str) -> bool {
    let rest = match own_period(gap) {
        Some((r, _)) => gap.get(r.end..).unwrap_or(gap),
        None => gap,
    };
    rest.trim()
        .trim_start_matches(',')
        .trim()
        .eq_ignore_ascii_case("and")
}

/// Whether the word before `np` (a slice of `before`) is "paid".
fn paid_before(before: &str, np: &str) -> bool {
    let start = (np.as_ptr() as usize).saturating_sub(before.as_ptr() as usize);
    before
        .get(..start)
        .and_then(|head| head.split_whitespace().next_back())
        .is_some_and(|w| w.eq_ignore_ascii_case("paid"))
}

/// Whether amount `i` continues a list of amounts each with its own
/// period ("$2.0 billion in 2019, $3.2 billion in 2018, and $2.9 billion in
/// 2017"): the one before it writes its period, then only ",", "and" or ",
/// and" come before it, and it writes its own period (of the same kind, a
/// year against a year). Read across the clause ", and" begins.
fn listed_by_year(sentence: &str, amounts: &[Written], i: usize) -> bool {
    let (Some(prev), Some(this)) = (
        i.checked_sub(1).and_then(|j| amounts.get(j)),
        amounts.get(i),
    ) else {
        return false;
    };
    let Some(gap) = sentence.get(prev.end..this.start) else {
        return false;
    };
    let Some((range, before)) = own_period(gap) else {
        return false;
    };
    let joint = gap.get(range.end..).unwrap_or("").trim();
    if !matches!(joint, "," | "and" | ", and" | ";") {
        return false;
    }
    let to = amounts
        .get(i + 1)
        .map_or(sentence.len(), |n| n.start)
        .max(this.end);
    let Some((_, own)) = sentence.get(this.end..to).and_then(own_period) else {
        return false;
    };
    std::mem::discriminant(&before) == std::mem::discriminant(&own) && before != own
}

/// Whether the words between two amounts make the second one apposed to
/// the first (", or").
fn is_apposition(gap: &str) -> bool {
    let g = gap.trim().trim_start_matches(',').trim();
    g.eq_ignore_ascii_case("or")
}

/// A period written at the head of a clause ("In 2024, revenue …"), with
/// its range in `lead`.
fn leading_period(lead: &str) -> Option<(Range<usize>, Period)> {
    let (range, period) = find_period(lead)?;
    let head = lead.get(..range.start)?;
    let rest = lead.get(range.end..)?;
    (head.trim().is_empty() && rest.trim_start().starts_with(',')).then_some((range, period))
}

/// The subject of a clause: its opening words up to its verb, without
/// joining words and articles, and with a leading period left out. `None`
/// when no verb ends it ("In the Americas, revenue was …" opens with a
/// place), it names the company ("We"), or it runs past eight words.
/// Also what the words from its verb to the clause's first amount say: a
/// level ("was", "rose 17.6% to", "totaled") or a change ("increased by"),
/// in the verb and at most two more words.
fn subject_of(lead: &str, period: Option<Range<usize>>) -> Option<(String, Verb)> {
    let lead = match period {
        Some(r) => lead
            .get(r.end..)
            .unwrap_or("")
            .trim_start()
            .trim_start_matches(','),
        None => lead,
    };
    let mut words = Vec::new();
    let mut verb_at = None;
    // Commas before the verb: a date's ("December 31, 2021") are the
    // date's; others stand only in a list that "and" closes ("Enterprise,
    // Embedded and Semi-Custom operating income", "cash, cash equivalents
    // and marketable securities"), not in an aside ("Net income, excluding
    // special items, was").
    let mut commas = 0;
    let raws: Vec<&str> = lead.split_whitespace().collect();
    for (k, raw) in raws.iter().enumerate() {
        let word =
            raw.trim_matches(|c: char| !c.is_alphanumeric() && !matches!(c, '&' | '-' | '\''));
        if VERBS.contains(&word.to_ascii_lowercase().as_str()) {
            verb_at = Some(raw.as_ptr() as usize - lead.as_ptr() as usize);
            break;
        }
        // A bullet or a dash opening the line is no word.
        if word.is_empty() {
            continue;
        }
        if raw.ends_with([':', ';']) {
            return None;
        }
        if raw.ends_with(',') {
            let year_next = raws
                .get(k + 1)
                .is_some_and(|n| n.len() >= 4 && n.chars().take(4).all(|c| c.is_ascii_digit()));
            if !year_next {
                commas += 1;
            }
        }
        words.push(word);
    }
    let verb_at = verb_at?;
    if commas > 0 {
        // The list's "and" comes after its last comma, before the verb.
        let before_verb = lead.get(..verb_at).unwrap_or("");
        let last_comma = raws
            .iter()
            .filter(|r| r.ends_with(','))
            .filter_map(|r| {
                let at = r.as_ptr() as usize - lead.as_ptr() as usize;
                (at < verb_at).then_some(at + r.len())
            })
            .filter(|&end| {
                !before_verb
                    .get(end..)
                    .unwrap_or("")
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_digit())
            })
            .max()
            .unwrap_or(0);
        let tail = before_verb.get(last_comma..).unwrap_or("");
        if !tail
            .split_whitespace()
            .any(|w| w.eq_ignore_ascii_case("and"))
        {
            return None;
        }
    }
    const OPENERS: &[&str] = &[
        "and", "but", "while", "whereas", "as", "which", "also", "the", "our", "its", "their",
    ];
    while words.len() > 1
        && words
            .first()
            .is_some_and(|w| OPENERS.contains(&w.to_ascii_lowercase().as_str()))
    {
        words.remove(0);
    }
    // An owner's name ("The Company's", "AMD's") is not the measure.
    let possessive = |w: &str| w.ends_with("'s") || w.ends_with("\u{2019}s");
    if words.len() > 1 && words.first().is_some_and(|w| possessive(w)) {
        words.remove(0);
    }
    let first = words.first()?.to_ascii_lowercase();
    // At most eight words name the line; a period closing the subject
    // ("Net sales in the year ended December 31, 2021") is not counted.
    let name = words.join(" ");
    let named_by = subject_period(&name).map_or(words.len(), |(n, _)| n.split_whitespace().count());
    if NO_MEASURE.contains(&first.as_str()) || possessive(&first) || named_by > 8 {
        return None;
    }
    let verb_phrase = lead.get(verb_at..).unwrap_or("");
    let short = verb_phrase.split_whitespace().count() <= 3;
    let verb = Verb {
        level: short && states_level(verb_phrase),
        change: short
            && CHANGE_BEFORE
                .as_ref()
                .is_some_and(|re| re.is_match(verb_phrase)),
    };
    Some((name, verb))
}

/// What the words from a subject's verb to the clause's first amount say
/// of it: a level ("was", "rose 17.6% to") or a change ("increased by").
#[derive(Debug, Clone, Copy)]
struct Verb {
    level: bool,
    change: bool,
}

/// A subject's own period ("Operating loss for 2015 was …", "Our operating
/// expenses in 2015 decreased to …"): cut out, it is the clause's period.
fn subject_period(subject: &str) -> Option<(String, Period)> {
    let (range, period) = find_period(subject)?;
    let before = subject.get(..range.start)?.trim();
    let after = subject.get(range.end..)?.trim();
    (after.is_empty() && !before.is_empty() && !period.is_change())
        .then(|| (before.to_string(), period))
}

/// Whether the words before an amount end in a phrase that gives its
/// level: "was", "were", "totaled", "amounted to", "reached", "to", "at",
/// "of" (with "approximately" and the like after it).
fn states_level(before: &str) -> bool {
    static LEVEL: LazyLock<Option<Regex>> = LazyLock::new(|| {
        Regex::new(
            r"(?i)\b(?:was|were|is|are|totaled|totalled|amounted to|reached|stood at|came in at|to|at|of)\s*(?:approximately\s+|about\s+|roughly\s+)?(?:US\$|C\$|[$€£¥])?\s*$",
        )
        .ok()
    });
    LEVEL.as_ref().is_some_and(|re| re.is_match(before))
}

/// Whether a noun phrase before "of" names a change ("an increase of",
/// "a positive impact of").
fn names_a_change(phrase: &str) -> bool {
    let last = phrase
        .split_whitespace()
        .last()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        last.trim_end_matches('s'),
        "increase"
            | "decrease"
            | "decline"
            | "rise"
            | "growth"
            | "drop"
            | "reduction"
            | "improvement"
            | "change"
            | "impact"
            | "effect"
    )
}

/// Whether an amount as written is in points ("5 percentage points",
/// "8.5pp", "140 bps").
pub fn in_points(written: &str) -> bool {
    let w = written.to_ascii_lowercase();
    w.contains("point")
        || ["pp", "ppt", "ppts", "pts", "bp", "bps"]
            .iter()
            .any(|s| w.ends_with(s))
}

/// The way a word of change names ("increase", "decrease", "decline").
fn noun_way(phrase: &str) -> Option<Movement> {
    let last = phrase
        .split_whitespace()
        .last()?
        .trim_end_matches([',', '.'])
        .to_ascii_lowercase();
    match last.trim_end_matches('s') {
        "increase" | "rise" | "growth" | "gain" | "improvement" | "higher" => Some(Movement::Up),
        "decrease" | "decline" | "drop" | "reduction" | "lower" => Some(Movement::Down),
        _ => None,
    }
}

/// "per diluted share" right after an amount.
fn per_phrase(after: &str) -> Option<&str> {
    let t = after.trim_start();
    if !t.to_ascii_lowercase().starts_with("per ") {
        return None;
    }
    let end = t.find([',', ';', '(', ')']).unwrap_or(t.len());
    let phrase = t.get(..end)?.trim_end().trim_end_matches('.');
    let phrase = match phrase.to_ascii_lowercase().find(" in ") {
        Some(at) => phrase.get(..at)?,
        None => phrase,
    };
    (phrase.split_whitespace().count() <= 5).then_some(phrase)
}

/// What a share is of: the words after "of" ("60.0% of revenue in 2023"
/// is of "revenue"), up to three, before a preposition or a mark.
fn share_base(after: &str) -> Option<&str> {
    let t = after.trim_start();
    let t = t.get(3..)?.trim_start();
    if !after.trim_start().to_ascii_lowercase().starts_with("of ") {
        return None;
    }
    let mut end = 0;
    for (n, w) in t.split_whitespace().enumerate() {
        let plain = w.trim_end_matches([',', '.', ';']);
        if n == 3
            || matches!(
                plain.to_ascii_lowercase().as_str(),
                "in" | "for" | "during" | "at" | "compared" | "from" | "and" | "versus" | "vs"
            )
        {
            break;
        }
        end = w.as_ptr() as usize - t.as_ptr() as usize + plain.len();
        if plain.len() != w.len() {
            break;
        }
    }
    t.get(..end).filter(|b| !b.is_empty())
}

/// A measure named "per …" dropped back to its subject: what a compared
/// amount inherits from a per-share one is not asked for.
fn strip_per(measure: &str) -> String {
    match measure.to_ascii_lowercase().find(" per ") {
        Some(at) => measure.get(..at).unwrap_or(measure).to_string(),
        None => measure.to_string(),
    }
}

/// What a company holds, named after the amount: "the Company had
/// approximately $12.9 billion in cash and cash equivalents", "ended the
/// year with $2.1 billion of cash": the noun phrase after "in" or "of", up
/// to a comma or the words that start a period or a comparison (eight
/// words at most). Only after a verb of holding.
fn held_in<'s>(before: &str, after: &'s str) -> Option<&'s str> {
    static HELD: LazyLock<Option<Regex>> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:had|held|has|have|maintained|ended\s+(?:the\s+)?(?:year|quarter|period)\s+with)\s+(?:approximately\s+|about\s+|roughly\s+|nearly\s+|over\s+|some\s+)?(?:US\$|C\$|[$€£¥])?\s*$")
            .ok()
    });
    static NOUN: LazyLock<Option<Regex>> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*(?:in|of)\s+([a-z][a-z&'’\- ]*?)\s*(?:[,;.]|\s(?:as of|at|on|for|during|in|compared|versus|from|which|including|and\s+\$)\b|$)")
            .ok()
    });
    if !HELD.as_ref()?.is_match(before) {
        return None;
    }
    let found = NOUN.as_ref()?.captures(after)?.get(1)?.as_str().trim();
    let words = found.split_whitespace().count();
    (1..=8).contains(&words).then_some(found)
}

/// "cash and cash equivalents of" before an amount: the words before "of",
/// back to a verb, a preposition or the clause's start.
fn noun_before_of(before: &str) -> Option<&str> {
    static OF: LazyLock<Option<Regex>> = LazyLock::new(|| {
        Regex::new(r"(?i)\s+of\s+(?:approximately\s+|about\s+|roughly\s+)?(?:US\$|C\$|[$€£¥])?\s*$")
            .ok()
    });
    let at = OF.as_ref()?.find(before)?.start();
    let head = before.get(..at)?;
    const STOPS: &[&str] = &[
        "with",
        "had",
        "has",
        "have",
        "reported",
        "recorded",
        "paid",
        "generated",
        "posted",
        "delivered",
        "saw",
        "of",
        "was",
        "were",
        "is",
        "are",
        "and",
        "for",
        "in",
        "a",
        "an",
    ];
    let plain = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_ascii_lowercase()
    };
    // Walk the words back from "of" to a stop word or a comma. "and" inside
    // a name ("cash and cash equivalents") is kept: only an "and" with a
    // stop word (or nothing) before it stops the walk.
    let words: Vec<(usize, &str)> = head
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - head.as_ptr() as usize, w))
        .collect();
    let mut start = 0;
    for k in (0..words.len()).rev() {
        let Some(&(pos, w)) = words.get(k) else {
            break;
        };
        let lower = plain(w);
        let inside_a_name = lower == "and"
            && k + 1 < words.len()
            && k.checked_sub(1)
                .and_then(|j| words.get(j))
                .is_some_and(|(_, p)| !STOPS.contains(&plain(p).as_str()) && !p.ends_with(','));
        // A comma may be inside the name ("Marketing, general and
        // administrative expenses of"): where it starts cannot be told.
        if w.ends_with(',') {
            return None;
        }
        if STOPS.contains(&lower.as_str()) && !inside_a_name {
            start = pos + w.len();
            break;
        }
    }
    let phrase = head.get(start..)?.trim();
    let phrase = phrase
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .trim_start_matches("the ")
        .trim_start_matches("our ")
        .trim();
    let first = phrase.split_whitespace().next()?.to_ascii_lowercase();
    if NO_MEASURE.contains(&first.as_str()) || phrase.split_whitespace().count() > 8 {
        return None;
    }
    Some(phrase)
}

/// An amount's period from the words after it (or its group), whether it
/// is compared with, and its clause's leading period.
fn period_of(
    after: &str,
    compared: bool,
    clause_period: Option<Period>,
    unattributed: impl FnOnce() -> bool,
) -> When {
    let cut = TAIL_END
        .as_ref()
        .and_then(|re| re.find(after))
        .map_or(after.len(), |m| m.start());
    let own = after.get(..cut).unwrap_or(after);
    if let Some((_, period)) = own_period(after) {
        return When::Own(period);
    }
    let lower = own.to_ascii_lowercase();
    if lower.contains("both years") || lower.contains("each year") {
        return When::Both;
    }
    let year_before = own_year_before(after).is_some();
    if compared || year_before {
        return When::Prior(clause_period);
    }
    if let Some(p) = clause_period {
        return When::Own(p);
    }
    if unattributed() {
        return When::Unknown;
    }
    When::Current
}

/// "a year earlier", "in the prior year" right after an amount (its own
/// words between, as for [`own_period`]): where it ends in `after`.
fn own_year_before(after: &str) -> Option<usize> {
    let found = YEAR_BEFORE.as_ref()?.find(after)?;
    let gap = after.get(..found.start())?;
    own_words(gap).then_some(found.end())
}

/// Whether the words between an amount and a period are its own: none, or
/// a "per …" or "of …" phrase of at most four words, and commas.
fn own_words(gap: &str) -> bool {
    let gap = gap.trim_matches(|c: char| c.is_whitespace() || c == ',');
    let lower = gap.to_ascii_lowercase();
    let strip = lower
        .strip_prefix("in ")
        .or_else(|| lower.strip_prefix("for "))
        .unwrap_or(&lower);
    gap.is_empty()
        || strip.trim().is_empty()
        || strip == "the"
        || ((lower.starts_with("per ") || lower.starts_with("of "))
            && gap.split_whitespace().count() <= 4
            && !gap.contains(';'))
}

/// The period written right after an amount: nothing but its own "per …"
/// or "of …" words (at most four) and a comma between them ("$626 million
/// in 2024", "61.0% of revenue in 2023", "$1.95 per diluted share, in
/// 2023"); not one further on ("…, the highest since 2019").
fn own_period(after: &str) -> Option<(Range<usize>, Period)> {
    let (range, period) = find_period(after)?;
    let gap = after.get(..range.start)?;
    // "in 2022 compared to 2021": the later year is the amount's.
    let period = match period {
        Period::Change { to: Some(to), .. } => *to,
        Period::Change { .. } => return None,
        p => p,
    };
    own_words(gap).then_some((range, period))
}

/// Whether a sentence writes a period, or a year before, that no amount of
/// it takes as its own. The whole sentence, not the amount's clause: a
/// relative clause ("…, both of which were recorded in the prior year")
/// dates the amounts of another.
fn unattributed_period<'s>(
    sentence: &'s str,
    amounts: &[Written],
    after: &dyn Fn(usize) -> &'s str,
) -> bool {
    let mut text = String::with_capacity(sentence.len());
    let mut at = 0;
    for (i, w) in amounts.iter().enumerate() {
        let tail = after(i);
        let own = own_period(tail)
            .map(|(r, _)| r.end)
            .or_else(|| own_year_before(tail));
        text.push_str(sentence.get(at..w.start).unwrap_or(""));
        text.push(' ');
        at = w.end + own.unwrap_or(0);
    }
    text.push_str(sentence.get(at.min(sentence.len())..).unwrap_or(""));
    find_period(&text).is_some() || YEAR_BEFORE.as_ref().is_some_and(|re| re.is_match(&text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::page_text::{heading_period, sentences, sentences_under_headings};

    const ACME: &str = "Revenue increased 7.7% to $4,200 million in 2024 from $3,900 million in 2023, the first year in which our
revenue exceeded four billion dollars. Cost of revenue was $2,520 million, or 60.0% of revenue, compared with
61.0% of revenue in 2023, as a more favorable product mix offset higher wages. Research and development
expense rose 14.2% to $490 million as we added engineers to our sensor platform, and selling, general and
administrative expense grew to $588 million from $550 million.
Operating income was $602 million, up 11.1% from $542 million, and operating margin widened to 14.3% from
13.9%. Interest expense declined to $48 million from $52 million as we repaid debt. Our effective tax rate was
21.0% in both years. Net income rose 17.6% to $447 million, or $2.33 per diluted share, compared with $380
million, or $1.95 per diluted share, in 2023.
Liquidity and Capital Resources
Net cash provided by operating activities was $626 million in 2024 compared with $558 million in 2023. We
invested $210 million in property and equipment, repurchased $190 million of our common stock and paid
dividends of $76 million. We ended the year with cash and cash equivalents of $780 million and total debt of
$1,100 million, down from $1,150 million a year earlier. We believe that our cash will be sufficient.";

    fn number<'a>(all: &'a [ProseNumber], sentence: &str, written: &str) -> &'a ProseNumber {
        all.iter()
            .find(|n| n.written.text(sentence) == written)
            .unwrap_or_else(|| panic!("{written} not read in {sentence}"))
    }

    fn year(y: i16) -> When {
        When::Own(
            crate::period::find_period(&format!("in {y}"))
                .expect("a year")
                .1,
        )
    }

    #[test]
    fn sentences_join_wrapped_lines_and_keep_headings_apart() {
        let all = sentences(ACME);
        assert!(all.iter().any(|s| s == "Liquidity and Capital Resources"));
        assert!(all.iter().any(|s| s.starts_with("Net income rose 17.6% to $447 million, or $2.33 per diluted share, compared with $380 million")));
        assert!(
            all.iter()
                .any(|s| s == "Our effective tax rate was 21.0% in both years.")
        );
    }

    #[test]
    fn each_amount_has_its_measure_and_period() {
        let all = sentences(ACME);
        let find = |start: &str| {
            all.iter()
                .find(|s| s.starts_with(start))
                .expect(start)
                .clone()
        };

        let s = find("Net income rose");
        let read = read_sentence(&s);
        let n = number(&read, &s, "17.6%");
        assert!(n.change);
        let n = number(&read, &s, "$447 million");
        assert_eq!(n.measure.as_deref(), Some("Net income"));
        assert_eq!(n.when, When::Current);
        let n = number(&read, &s, "$2.33");
        assert_eq!(n.measure.as_deref(), Some("Net income per diluted share"));
        let n = number(&read, &s, "$380\nmillion".replace('\n', " ").as_str());
        assert_eq!(n.measure.as_deref(), Some("Net income"));
        assert_eq!(n.when, year(2023));
        let n = number(&read, &s, "$1.95");
        assert_eq!(n.measure.as_deref(), Some("Net income per diluted share"));
        assert_eq!(n.when, year(2023));

        let s = find("Revenue increased");
        let read = read_sentence(&s);
        assert_eq!(number(&read, &s, "$4,200 million").when, year(2024));
        let n = number(&read, &s, "$3,900 million");
        assert_eq!(n.measure.as_deref(), Some("Revenue"));
        assert_eq!(n.when, year(2023));

        let s = find("Operating income was");
        let read = read_sentence(&s);
        let n = number(&read, &s, "$542 million");
        assert_eq!(n.measure.as_deref(), Some("Operating income"));
        assert_eq!(n.when, When::Prior(None));
        assert!(number(&read, &s, "11.1%").change);
        let n = number(&read, &s, "14.3%");
        assert_eq!(n.measure.as_deref(), Some("operating margin"));
        assert!(!n.change);
        assert_eq!(n.when, When::Current);

        let s = find("Interest expense");
        let read = read_sentence(&s);
        assert_eq!(number(&read, &s, "$48 million").when, When::Current);
        let n = number(&read, &s, "$52 million");
        assert_eq!(n.measure.as_deref(), Some("Interest expense"));
        assert_eq!(n.when, When::Prior(None));

        let s = find("Our effective tax rate");
        let read = read_sentence(&s);
        let n = number(&read, &s, "21.0%");
        assert_eq!(n.measure.as_deref(), Some("effective tax rate"));
        assert_eq!(n.when, When::Both);

        let s = find("We ended the year");
        let read = read_sentence(&s);
        let n = number(&read, &s, "$780 million");
        assert_eq!(n.measure.as_deref(), Some("cash and cash equivalents"));
        let n = number(&read, &s, "$1,100 million");
        assert_eq!(n.measure.as_deref(), Some("total debt"));
        assert_eq!(n.when, When::Current);
        let n = number(&read, &s, "$1,150 million");
        assert_eq!(n.measure.as_deref(), Some("total debt"));
        assert_eq!(n.when, When::Prior(None));

        let s = find("Cost of revenue");
        let read = read_sentence(&s);
        let n = number(&read, &s, "$2,520 million");
        assert_eq!(n.measure.as_deref(), Some("Cost of revenue"));
        assert_eq!(n.when, When::Current);
        assert!(number(&read, &s, "60.0%").share_of);

        let s = find("Revenue increased");
        let read = read_sentence(&s);
        assert!(number(&read, &s, "four billion dollars").bounded);
    }

    #[test]
    fn what_cannot_be_read_is_left_unread() {
        // The company as subject names no measure.
        let s = "We invested $210 million in property and equipment.";
        let read = read_sentence(s);
        assert_eq!(number(&read, s, "$210 million").measure, None);
        // A year the reading cannot attach to the amount.
        let s = "Revenue was $4.2 billion, the highest since 2019.";
        let read = read_sentence(s);
        assert_eq!(number(&read, s, "$4.2 billion").when, When::Unknown);
        // A period heading the clause.
        let s = "In 2023, revenue was $3.9 billion.";
        let read = read_sentence(s);
        let n = number(&read, s, "$3.9 billion");
        assert_eq!(n.when, year(2023));
        assert_eq!(n.measure.as_deref(), Some("revenue"));
        // A change in money is a change too, and so is what is apposed to it.
        let s = "In the year ended December 31, 2021, gross margin increased by $1,532 million, or 43%.";
        let read = read_sentence(s);
        assert!(number(&read, s, "$1,532 million").change);
        assert!(number(&read, s, "43%").change);
        let s = "Gross margin was $5,063 million, an increase of $1,532 million.";
        let read = read_sentence(s);
        assert!(!number(&read, s, "$5,063 million").change);
        assert!(number(&read, s, "$1,532 million").change);
        // "respectively" pairs the amounts with another list.
        let s = "Severance and realignment costs were $89 million and $252 million, respectively.";
        let read = read_sentence(s);
        assert_eq!(number(&read, s, "$89 million").measure, None);
        // A list of years heading the sentence, then its subject.
        let s = "For the years ended December 31, 2022, 2021 and 2020, diluted earnings per share (GAAP) were $4.51, $6.95 and $3.91, respectively.";
        let read = read_sentence(s);
        let n = number(&read, s, "$6.95");
        assert!(
            n.measure
                .as_deref()
                .is_some_and(|m| m.contains("diluted earnings per share")),
            "{:?}",
            n.measure
        );
        // A list of years: each amount is its year's, all of one line.
        let s = "Total dividends paid to common shareholders were $932 million, $871 million and $787 million in 2022, 2021 and 2020, respectively.";
        let read = read_sentence(s);
        for (amount, y) in [
            ("$932 million", 2022),
            ("$871 million", 2021),
            ("$787 million", 2020),
        ] {
            let n = number(&read, s, amount);
            assert_eq!(n.when, year(y), "{amount}");
            assert_eq!(
                n.measure.as_deref(),
                Some("Total dividends paid to common shareholders"),
                "{amount}"
            );
        }
        // Amounts each with its own year, listed: all one line, the payment
        // a "paid" before the line names.
        let s = "We paid common stock dividends of $2.0 billion in 2019, $3.2 billion in 2018, and $2.9 billion in 2017.";
        let read = read_sentence(s);
        for (amount, y) in [
            ("$2.0 billion", 2019),
            ("$3.2 billion", 2018),
            ("$2.9 billion", 2017),
        ] {
            let n = number(&read, s, amount);
            assert_eq!(n.when, year(y), "{amount}");
            assert_eq!(
                n.measure.as_deref(),
                Some("common stock dividends paid"),
                "{amount}"
            );
        }
        // Near miss: an amount after the list's "and" with no year of its
        // own is not listed.
        let s = "Revenue was $4.2 billion in 2024, and costs rose $1.1 billion.";
        let read = read_sentence(s);
        assert_ne!(
            number(&read, s, "$1.1 billion").measure.as_deref(),
            Some("Revenue")
        );
        // A subject the verb does not end (a place, an aside) is not read;
        // nor is an amount the verb does not state as a level.
        let s = "In the Americas, revenue was $1.2 billion.";
        assert_eq!(number(&read_sentence(s), s, "$1.2 billion").measure, None);
        let s = "Net income, excluding special items, was $410 million.";
        assert_eq!(number(&read_sentence(s), s, "$410 million").measure, None);
        let s = "Gross margin was primarily driven by lower costs of $89 million.";
        assert_eq!(
            number(&read_sentence(s), s, "$89 million")
                .measure
                .as_deref(),
            Some("lower costs")
        );
        let s = "Revenue was flat as volumes offset prices, with freight at $40 million.";
        assert_eq!(number(&read_sentence(s), s, "$40 million").measure, None);
        // What the company holds, named after the amount.
        let s = "As of December 31, 2022, the Company had approximately $12.9 billion in cash and cash equivalents, approximately $5.4 billion of which was held by the parent company.";
        let read = read_sentence(s);
        assert_eq!(
            number(&read, s, "$12.9 billion").measure.as_deref(),
            Some("cash and cash equivalents")
        );
        // Not after another verb ("spent … on"), nor a place ("in Europe,").
        let s = "The Company spent $3.3 billion in capital projects.";
        assert_eq!(number(&read_sentence(s), s, "$3.3 billion").measure, None);
        // Another clause's subject is not this amount's.
        let s = "Revenue rose 5%, while cost of revenue was $2.5 billion.";
        let read = read_sentence(s);
        assert_eq!(
            number(&read, s, "$2.5 billion").measure.as_deref(),
            Some("cost of revenue")
        );
    }

    #[test]
    fn changes_have_their_line_way_and_period() {
        let s = "Operating income decreased $5.4 billion, or 41.3%, in 2022 compared to 2021.";
        let read = read_sentence(s);
        for written in ["$5.4 billion", "41.3%"] {
            let n = number(&read, s, written);
            assert!(n.change, "{written}");
            assert_eq!(n.measure.as_deref(), Some("Operating income"));
            assert_eq!(n.way, Some(Movement::Down));
            assert_eq!(n.when, year(2022));
        }
        let s = "Net revenue for 2015 was approximately $4.0 billion, a decrease of 28% compared to 2014 net revenue of $5.5 billion.";
        let read = read_sentence(s);
        let n = number(&read, s, "28%");
        assert!(n.change);
        assert_eq!(n.measure.as_deref(), Some("Net revenue"));
        assert_eq!(n.way, Some(Movement::Down));
        let s = "Gross margin as a percentage of sales increased by 5 percentage points.";
        assert!(number(&read_sentence(s), s, "5 percentage points").points);
    }

    #[test]
    fn subjects_keep_their_period_and_lose_their_owner() {
        let s = "Operating loss for 2015 was $481 million compared to an operating loss of $155 million in 2014.";
        let read = read_sentence(s);
        let n = number(&read, s, "$481 million");
        assert_eq!(n.measure.as_deref(), Some("Operating loss"));
        assert_eq!(n.when, year(2015));
        assert_eq!(number(&read, s, "$155 million").when, year(2014));
        let s = "\u{2022} The Company\u{2019}s effective income tax rate increased to 26.0% in 2022 compared to 24.2% in the prior year.";
        let read = read_sentence(s);
        let n = number(&read, s, "26.0%");
        assert_eq!(n.measure.as_deref(), Some("effective income tax rate"));
        assert_eq!(n.when, year(2022));
        let n = number(&read, s, "24.2%");
        assert_eq!(n.when, When::Prior(None));
        // Commas of a date, and of a list closed by "and", are the subject's.
        let s = "Net sales in the year ended December 31, 2021 were $14.1 billion, a net increase of $2.8 billion.";
        let read = read_sentence(s);
        let n = number(&read, s, "$14.1 billion");
        assert_eq!(n.measure.as_deref(), Some("Net sales"));
        assert!(
            matches!(&n.when, When::Own(p) if p.year() == Some(2021)),
            "{:?}",
            n.when
        );
        let s = "Our cash, cash equivalents and marketable securities as of December 26, 2015 were $785 million compared to $1.0 billion as of December 27, 2014.";
        let read = read_sentence(s);
        assert_eq!(
            number(&read, s, "$785 million").measure.as_deref(),
            Some("cash cash equivalents and marketable securities")
        );
        // A comma inside a line's name: where the name starts is not told.
        let s = "Marketing, general and administrative expenses of $482 million in 2015 decreased.";
        assert_eq!(number(&read_sentence(s), s, "$482 million").measure, None);
        // "the prior year" in a relative clause dates the amounts it
        // follows: not the report's own period.
        let s = "Results benefited from the absence of a store impairment charge of approximately $1.4 billion, which was recorded in the prior year.";
        assert_eq!(
            number(&read_sentence(s), s, "$1.4 billion").when,
            When::Unknown
        );
    }

    #[test]
    fn headings_date_the_sentences_under_them() {
        let page = "Cost of Sales\n2021 v. 2020\nCost of sales increased $22.3 billion, primarily due to the impact of Comirnaty and higher volumes across the portfolio of products.\n2020 v. 2019\nCost of sales increased $431 million, primarily due to higher volumes of other products in the portfolio.";
        let all = sentences_under_headings(page);
        let under = |start: &str| {
            all.iter()
                .find(|(s, _)| s.starts_with(start))
                .and_then(|(_, h)| h.clone())
        };
        assert_eq!(
            under("Cost of sales increased $22.3").as_deref(),
            Some("2021 v. 2020")
        );
        assert_eq!(
            under("Cost of sales increased $431").as_deref(),
            Some("2020 v. 2019")
        );
        assert_eq!(
            heading_period("2020 v. 2019"),
            Some(match year(2020) {
                When::Own(p) => p,
                _ => unreachable!(),
            })
        );
        // A table's row of numbers dates nothing.
        assert_eq!(heading_period("Net sales 2021 14,082"), None);
    }

    #[test]
    fn a_change_verb_right_after_a_level_is_that_levels_lines() {
        let read = read_sentence(
            "Net income of $1.69 billion increased by $525.2 million, or 45%, during fiscal 2017 from $1.17 billion in fiscal 2016.",
        );
        let measures: Vec<(String, Option<&str>, bool)> = read
            .iter()
            .map(|n| {
                (
                    n.written.amount.value.to_string(),
                    n.measure.as_deref(),
                    n.change,
                )
            })
            .collect();
        assert_eq!(
            measures.get(1..3),
            Some(
                &[
                    ("525.2".to_string(), Some("Net income"), true),
                    ("45".to_string(), Some("Net income"), true),
                ][..]
            ),
            "{measures:?}"
        );
        // Near miss: a change of another line after a level keeps its own
        // subject.
        let read =
            read_sentence("Revenue was $5.0 billion; operating income increased by $120 million.");
        assert_eq!(
            read.get(1).and_then(|n| n.measure.as_deref()),
            Some("operating income")
        );
    }

    #[test]
    fn a_bullet_opens_a_sentence() {
        let page = "The increase was due to headcount.\n• Net income of $1.69 billion increased by $525.2 million, or 45%, during fiscal 2017.";
        let all = sentences(page);
        assert_eq!(
            all.get(1).map(String::as_str),
            Some(
                "Net income of $1.69 billion increased by $525.2 million, or 45%, during fiscal 2017."
            )
        );
    }
}
