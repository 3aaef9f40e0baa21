//! Check 4, role: what the number is — its measure, qualifiers, period,
//! direction and unit — read the same way from the claim and from the cited
//! cell, compared slot by slot, and resolved over the answer's assembled
//! context (docs/roles.md).
//!
//! | file | owns |
//! |---|---|
//! | `read.rs` | a text (role, sentence, label, caption, header) into a role |
//! | `cell.rs` | a cell's role from its row, sections, column and table, cached per table |
//! | `fit.rs` | one cell's role against a claim's, slot by slot |
//! | `rank.rs` | the candidates of the context ranked, and the verdict on the cited cell |
//!
//! Missing information is never agreement: a slot the claim states and the
//! cell lacks fails, and a slot the claim leaves out is decided by the
//! other candidates — only when they hold the same value is the cited cell
//! the claim's. When the check cannot tell, the verdict is `ambiguous_role`
//! (a person looks), never a pass.

mod cell;
mod consolidated;
mod fit;
mod rank;
mod read;

pub(crate) use cell::{
    all_words, filer_words, names_positive_side_aside, under_oci_caption, working_capital_sign,
};
pub use cell::{cell_periods, roles_of};
pub use fit::{ClaimRole, Fit, Prior, Slot, cell_direction, fit, fit_if_adequate, is_segment_fact};
pub(crate) use rank::around as said_around;
pub use rank::{CellTest, MAX_CANDIDATES, Resolution, Verdict, pick_cell, resolve};
pub use read::{MAX_TEXT, Mode, Reading, numbers_in, periods_in, read, read_shared};

use rust_decimal::Decimal;

use super::{Check, Code, CodeDoc};
use crate::answer::{Claim, Role};
use crate::period::{PeriodHint, find_period, parse_period};
use crate::vocab::Vocab;
use crate::vocab::lexicon::{Lexicon, words};

/// The codes of this check, documented.
pub const DOCS: &[CodeDoc] = &[
    CodeDoc {
        code: Code::SameNumberSwap,
        check: Check::Role,
        what: "The stated number IS at the pointer, but the cell's role — its concept or its period — is not the claim's. The digits are right; the cell is wrong. In an equity statement whose components are its columns, a sentence that names another component (\"went into retained earnings\" citing the total column) names that component's cell.",
        why: "Financial reports repeat numbers: the same 412 can be a year's net income and another year's goodwill. A digits-only check passes this citation; it points at the wrong fact. tickmark looks through the assembled context for the cell that has the claimed role and names it.",
        example: "\"Goodwill was $412 million at the end of 2024\" citing `acme.xlsx#IS!D18` (2022 net income, also 412); `suggest`: `acme.xlsx#BS!B16`.",
        route: "recite when the assembled cell with the claimed role holds the stated number (`suggest` names it); else reanswer.",
    },
    CodeDoc {
        code: Code::RoleMismatch,
        check: Check::Role,
        what: "Neither the number nor the concept at the pointer is the claim's: the cite points at another line of the statement, or (in an equity statement whose components are its columns) the claim's sentence names another component's column, whose cell on the row does not hold the number.",
        why: "The pointer is wrong, and possibly the number too. If the claimed line holds the stated number somewhere in the context, only the pointer needs fixing.",
        example: "\"R&D was $490 million in 2024\" citing `acme.xlsx#IS!B11` (selling, general and administrative, 588).",
        route: "recite when `suggest` found the cell with the claimed role holding the stated number; else reanswer.",
    },
    CodeDoc {
        code: Code::PeriodMismatch,
        check: Check::Role,
        what: "The concept at the pointer is the claim's, but the number and the period differ: the cite points at another year or quarter of the right line.",
        why: "Off-by-one-column citations are the most common pointer error in tables; the claim may still be right about the period it names.",
        example: "\"Revenue was $3,900 million in 2024\" citing `acme.xlsx#IS!B7` (2024 revenue, 4,200; 3,900 is 2023).",
        route: "recite when `suggest` found the cell with the claimed role holding the stated number; else reanswer.",
    },
    CodeDoc {
        code: Code::AmbiguousRole,
        check: Check::Role,
        what: "The claim's role or the cited cell's role cannot be determined with confidence: the role names no known concept, the cell's row is not in the vocabulary and its label is not in the claim, the column has no period, or the periods cannot be compared (a fiscal quarter against a dated quarter of unknown fiscal calendar). Also when a role names a rise or a fall of a line whose two levels lie on either side of zero (from cash provided to cash used). On a page of running text: no sentence that writes the number reads it as the claim's role (its line, qualifiers, way, unit and period, read from the sentence as docs/prose.md says), or one does but the report's tables give that line and period another value (a segment's sentence under its heading).",
        why: "A verifier that guesses a role would accept wrong citations. Saying \"cannot tell\" sends the claim to a person instead of passing or failing it on a guess.",
        example: "\"Widget royalties were $3 million\" citing a row labeled \"Other\".",
        route: "review.",
    },
];

/// Reads a claim's role: its `role` (text or `{concept, period}`), else its
/// sentence; a period or measure the role leaves out is taken from the
/// sentence, and so is a qualifier the sentence puts on the role's own line
/// ("Product revenue was …" with the role "Revenue, Q3 2024").
///
/// A role naming a change of its measure by a word after it ("Net sales
/// growth, 2022") is also read as that change (`as_change`): the reading a
/// change cell is held to, where a level cell keeps the words ("Rate of
/// compensation increase" is a line's name).
pub fn read_claim(claim: &Claim, vocab: &Vocab) -> ClaimRole {
    let mut out = read_claim_as(claim, vocab, None);
    if let Some(Role::Text(text)) = &claim.role
        && let Some((reading, way)) = as_change(text, vocab)
    {
        let mut change = read_claim_as(claim, vocab, Some(reading));
        change.role_way = way;
        out.as_change = Some(Box::new(change));
    }
    out
}

/// Whether a cell's row label shows the role's change words and every word
/// the role requires: the row is the role's line as a whole ("Change in
/// fair value of derivatives"), and the change word is that line's own,
/// not a change of another measure.
pub fn row_names_role(claim: &ClaimRole, cell: &crate::model::Cell<'_>) -> bool {
    let Some(label) = cell.row_label() else {
        return false;
    };
    let change_words = claim.change_words.get_or_init(|| {
        let Some(found) = crate::vocab::metrics::Metrics::builtin().change_in(&claim.text) else {
            return Vec::new();
        };
        found
            .spans
            .iter()
            .filter_map(|span| claim.text.get(span.clone()))
            .flat_map(cell::all_words)
            .collect()
    });
    if change_words.is_empty() {
        return false;
    }
    let row = cell::all_words(label);
    let in_row = |w: &str| row.binary_search_by(|r| (**r).cmp(w)).is_ok();
    change_words.iter().all(|w| in_row(w)) && claim.required.iter().all(|w| in_row(w))
}

/// [`read_claim`] with the role's reading given (`Some`) or read here.
fn read_claim_as(claim: &Claim, vocab: &Vocab, given: Option<Reading>) -> ClaimRole {
    let sentence = claim.text.as_deref().filter(|t| !t.trim().is_empty());
    let (reading, text) = match &claim.role {
        Some(Role::Text(text)) => (
            // Read once per role text, whatever sentences carry it: a batch
            // names the same lines in many answers' own words.
            given.unwrap_or_else(|| (*read_shared(text, vocab, Mode::Role)).clone()),
            text.clone(),
        ),
        Some(Role::Structured { concept, period }) => {
            structured(concept.as_deref(), period.as_deref(), vocab)
        }
        None => match sentence {
            Some(s) => (read(s, vocab, Mode::Sentence), s.to_string()),
            None => (Reading::default(), String::new()),
        },
    };
    let mut out = from_reading(reading, text);
    // A change stated as a percentage ("growth, 2024 vs 2023" of "15.0%")
    // is a change in percent: the value says the unit.
    let value = claim.value.as_deref().and_then(crate::number::parse_amount);
    if value.as_ref().is_some_and(|a| a.percent) {
        for period in &mut out.role.periods {
            if let crate::model::Period::Change { percent, .. } = period {
                *percent = true;
            }
        }
    }
    let stated_money = value.is_some_and(|a| a.currency.is_some() && !a.percent);
    out.money_value = out.role.unit.is_none() && stated_money;
    // A line whose name in a text is a rate ("Gross margin", the margin
    // percentage) stated as money ("$4,506 million") is the line of money
    // a statement prints under that name (Corning's and Apple's gross
    // margin in dollars: gross profit), unless the role says it is a rate.
    if stated_money
        && out
            .role
            .concept
            .as_ref()
            .is_some_and(|c| vocab.is_rate(c.as_str()))
        && let Some(money) = vocab.money_line_named(&out.role.label)
    {
        out.role.concept = Some(money);
        out.role.unit = None;
        out.money_value = true;
    }

    out.qname_allows = read::qname_qualifiers(Lexicon::builtin(), &out.text);
    (out.qnames, out.members) = read::qname_slots(&out.text);
    // The sentence's amounts, read once, and which is the claim's value.
    let amounts = sentence
        .zip(claim.value.as_deref())
        .map(|(s, _)| crate::check::sentence::stated_in(s));
    let written = sentence
        .zip(claim.value.as_deref())
        .zip(amounts.as_ref())
        .and_then(|((s, v), amounts)| Some((s, (amounts.as_slice(), value_in(amounts, v)?))));
    // The sentence's words before the claim's value, in its own clause.
    let before_value = written
        .as_ref()
        .and_then(|(s, (amounts, at))| measure_before(s, amounts, *at));
    // The way the sentence says the value moved, with a role or without:
    // a verb before it ("fell to $25.0 million", "fell 15.0%"), else the
    // words right after it ("$864.9 million, down from …", "15.0% below
    // 2023").
    let after_value = written
        .as_ref()
        .and_then(|(s, (amounts, at))| words_after(s, amounts, *at));
    let prior = written
        .as_ref()
        .and_then(|(s, (amounts, at))| prior_in(s, amounts, *at));
    let comparison = prior.as_ref().map(|(_, range)| range.clone());
    let to_from = written
        .as_ref()
        .and_then(|(s, (amounts, at))| to_and_from(s, amounts, *at));
    out.prior = prior.map(|(prior, _)| prior).or_else(|| {
        written
            .as_ref()
            .and_then(|(s, (amounts, at))| moved_by_to(s, amounts, *at))
            .or_else(|| to_from.as_ref().and_then(|(_, from)| from.clone()))
    });
    out.later = to_from.map(|(to, _)| to);
    // The word before "to" ("fell to", "improved to", "narrowed to"), read
    // once: a line that got better or worse, else moved, else its size.
    let to_word =
        before_value.and_then(|(phrase, _)| crate::check::movement::word_before_to(phrase));
    out.movement_better = to_word
        .as_deref()
        .and_then(crate::check::movement::better_word);
    if out.movement_better.is_none() {
        out.movement = to_word
            .as_deref()
            .and_then(crate::check::movement::verb_way)
            .or_else(|| {
                // The verb and its object may span "and" ("cut research and
                // development spending to"): all the words since the last
                // amount.
                written.as_ref().and_then(|(s, (amounts, at))| {
                    let this = amounts.get(*at)?;
                    let from = at
                        .checked_sub(1)
                        .and_then(|i| amounts.get(i))
                        .map_or(0, |w| w.end);
                    s.get(from..this.start)
                        .and_then(crate::check::movement::object_moved_to)
                })
            })
            .or_else(|| after_value.and_then(crate::check::movement::movement_after));
        if out.movement.is_none() {
            out.movement = to_word
                .as_deref()
                .and_then(crate::check::movement::size_way);
            out.movement_in_size = out.movement.is_some();
        }
    }
    out.change_better =
        before_value.and_then(|(phrase, _)| crate::check::movement::change_better(phrase));
    out.change_movement = before_value
        .filter(|_| out.change_better.is_none())
        .and_then(|(phrase, _)| crate::check::movement::change_before(phrase))
        .or_else(|| after_value.and_then(crate::check::movement::change_after));
    if claim.role.is_some()
        && let Some(s) = sentence
    {
        merge_sentence(&mut out, s, vocab);
        // The sentence's periods as a role's are read: an opening or
        // closing word makes a year its edge ("cash at the beginning of
        // 2024" is the balance at its start).
        // Not the period of a comparison ("… versus $624 million in 2023").
        let own = match &comparison {
            Some(range) => crate::vocab::metrics::without_spans(s, [range]),
            None => s.to_string(),
        };
        let said = from_reading(
            (*read_shared(&own, vocab, Mode::Sentence)).clone(),
            String::new(),
        );
        if fit::periods_contradict(&said.role.periods, &out.role.periods) {
            out.sentence_periods = said.role.periods;
        }
        if let Some((phrase, negative)) = before_value {
            let said = from_reading(
                (*read_shared(phrase, vocab, Mode::Sentence)).clone(),
                phrase.to_string(),
            );
            // The direction the sentence gives the value ("Investing
            // activities generated $239.2 million"), turned by a negative
            // amount as a role's is.
            out.sentence_direction = said.role.direction.map(|d| d.of_amount(negative));
            out.sentence_measure = sentence_measure(&out, said);
        }
        // Else the noun right after the value ("$12 million of other
        // expense", "a C$1.9 million loss on disposal").
        if out.sentence_direction.is_none()
            && let Some(phrase) = after_value.and_then(noun_after)
        {
            let said = read_shared(phrase, vocab, Mode::Sentence);
            let negative = before_value.is_some_and(|(_, negative)| negative);
            out.sentence_direction = said
                .role
                .direction
                .or_else(|| plain_direction(phrase))
                .map(|d| d.of_amount(negative));
        }
    }
    out.sentence_amounts = amounts;
    // Which side of its line the role's words and the sentence name, read
    // once with the role.
    (out.negative_named, out.other_side_named) = sides_named(&out.text, claim);
    out
}

/// Which sides of its line a claim names, by its role's text and its
/// sentence: a negative direction ([`crate::check::value::names_negative`],
/// anywhere in either), and the other side of a cost
/// ([`crate::check::value::names_other_side`]) in the role or only in the
/// sentence's clause that states the value ("a $4.2 billion benefit", not
/// "… as deposits decreased").
pub fn sides_named(role_text: &str, claim: &Claim) -> (bool, bool) {
    use crate::check::value::{names_negative, names_other_side, value_clause};
    let negative = names_negative(role_text) || claim.text.as_deref().is_some_and(names_negative);
    let other_side = names_other_side(role_text)
        || claim
            .text
            .as_deref()
            .zip(claim.value.as_deref())
            .and_then(|(text, value)| value_clause(text, value))
            .is_some_and(names_other_side);
    (negative, other_side)
}

/// A role naming a change of its measure by a word after it ("Net sales
/// growth, 2022", "Operating income decline, 2024 vs 2023", "Revenue %
/// change, FY2024"): read as the measure, in the change to its period from
/// the same span a year earlier (or between the two it names), and the way
/// its word says the measure moved (none for "change"). `None` when the role names no such word, the word
/// is a line's own ("Net increase in cash"), or the rest names no period:
/// a change of no stated period is left a word the cell must show.
fn as_change(
    text: &str,
    vocab: &Vocab,
) -> Option<(Reading, Option<crate::check::movement::Movement>)> {
    // Change words inside the phrase of a statement line are that line's
    // ("Increase (decrease) in accounts receivable").
    let (found, inside_a_line) =
        crate::vocab::metrics::Metrics::builtin().change_of_measure(text, vocab)?;
    // The word follows its measure ("Net sales growth, 2022"), or opens the
    // role before "in" or "of" and the measure ("Decrease in operating
    // income, 2024 vs 2023"). A word after the measure followed by "in" or
    // "of" and more words ("Operating income reduction in workforce
    // costs") is left to the words, and so is one opening the role without
    // "in" or "of".
    let after_measure = |span: &std::ops::Range<usize>| {
        let before = text.get(..span.start).unwrap_or("");
        let after = text.get(span.end..).unwrap_or("").trim_start();
        let (next, tail) = after.split_once(char::is_whitespace).unwrap_or((after, ""));
        let in_or_of = matches!(next.to_ascii_lowercase().as_str(), "in" | "of");
        if !before.chars().any(char::is_alphanumeric) {
            return in_or_of;
        }
        let of_a_line = in_or_of
            && find_period(tail).is_none_or(|(at, _)| {
                tail.get(..at.start)
                    .is_some_and(|t| t.chars().any(char::is_alphanumeric))
            });
        !of_a_line
    };
    let spans = &found.spans;
    // A line whose own name is a change ("Net increase (decrease) in cash
    // …, (decrease)") is that line: a further change word says its way.
    if inside_a_line > 0 || spans.is_empty() || !spans.iter().all(after_measure) {
        return None;
    }
    // "% change": the sign before the word is the change's, not the
    // measure's ("Operating income, % change 2021 vs 2020" is no margin).
    let spans: Vec<std::ops::Range<usize>> = spans
        .iter()
        .map(|span| {
            let before = text.get(..span.start).unwrap_or("");
            let trimmed = before.trim_end();
            let start = ["%", "percent", "percentage", "pct"]
                .iter()
                .find_map(|sign| {
                    trimmed.len().checked_sub(sign.len()).filter(|&at| {
                        trimmed
                            .get(at..)
                            .is_some_and(|t| t.eq_ignore_ascii_case(sign))
                            && (*sign == "%"
                                || trimmed
                                    .get(..at)
                                    .is_none_or(|b| !b.ends_with(char::is_alphanumeric)))
                    })
                })
                .unwrap_or(span.start);
            start..span.end
        })
        .collect();
    let spans = &spans;
    let rest = crate::vocab::metrics::without_spans(text, spans);
    let mut reading = read(&rest, vocab, Mode::Role);
    let change = match reading.role.periods.as_slice() {
        [p] if p.is_change() => p.clone(),
        [p] => crate::model::Period::Change {
            percent: false,
            from: crate::period::a_year_earlier(p).map(Box::new),
            to: Some(Box::new(p.clone())),
        },
        _ => return None,
    };
    reading.role.periods = vec![change];
    use crate::check::movement::Movement;
    // "Change", "% change", "year over year" name no way.
    let neutral = |span: &std::ops::Range<usize>| {
        text.get(span.clone()).is_some_and(|w| {
            let w = w.to_ascii_lowercase();
            w.contains("change") || w.contains("year") || w == "yoy"
        })
    };
    let way = if found.change.name == "decline" {
        Some(Movement::Down)
    } else if spans.iter().all(neutral) {
        None
    } else {
        Some(Movement::Up)
    };
    Some((reading, way))
}

/// The sentence's reading of the value's measure phrase when it names
/// another line than the role.
fn sentence_measure(out: &ClaimRole, said: ClaimRole) -> Option<Box<ClaimRole>> {
    let role_concept = out.role.concept.as_ref()?;
    let concept = said.role.concept.as_ref()?;
    let lex = Lexicon::builtin();
    // A phrase the role itself says is no other line: "cash" of "Cash rose
    // by $95 million" under the role "Net increase in cash",
    // "noncontrolling interests" under "net income attributable to
    // noncontrolling interests".
    let role_words = cell::all_words(&out.text);
    let in_role = !said.role.concept_words.is_empty()
        && said
            .role
            .concept_words
            .iter()
            .all(|w| role_words.binary_search(w).is_ok());
    let another_line = concept != role_concept
        && !lex.same_family(concept.as_str(), role_concept.as_str())
        && !lex
            .relatives(role_concept.as_str())
            .any(|r| r == concept.as_str());
    (!in_role && another_line).then(|| Box::new(said))
}

/// The words a sentence writes just before a value, in the value's own
/// clause: from the last number, clause mark (",", ";", ":") or joining
/// word ("while", "and", "but", "whereas", "as", "compared with") before
/// it. "Cost of revenue rose while revenue reached $4.2 billion" names
/// revenue for $4.2 billion. `amounts` are the sentence's, the value the
/// one `at`.
fn measure_before<'s>(
    sentence: &'s str,
    amounts: &[crate::prose::Written],
    at: usize,
) -> Option<(&'s str, bool)> {
    let this = amounts.get(at)?;
    let from = at
        .checked_sub(1)
        .and_then(|i| amounts.get(i))
        .map_or(0, |w| w.end);
    let before = sentence.get(from..this.start)?;
    static CLAUSE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)[,;:]|\b(?:while|whereas|but|and|as|compared with|versus|vs\.?)\b")
            .ok()
    });
    let cut = CLAUSE
        .as_ref()
        .and_then(|re| re.find_iter(before).last())
        .map_or(0, |m| m.end());
    let negative = this.amount.value.is_sign_negative() && !this.amount.value.is_zero();
    before
        .get(cut..)
        .filter(|p| !p.trim().is_empty())
        .map(|p| (p, negative))
}

/// Which of a sentence's amounts is the claim's value; `None` when the
/// sentence does not write the value.
fn value_in(amounts: &[crate::prose::Written], value: &str) -> Option<usize> {
    use crate::prose::same_number;
    let stated = crate::check::value::parse_stated(value)?;
    amounts
        .iter()
        .position(|w| same_number(&w.amount, &stated, None))
}

/// The words a sentence writes right after a value, up to its next number
/// or the end: where "…, down from the prior year" or "… below 2023" say
/// which way the value moved.
fn words_after<'s>(
    sentence: &'s str,
    amounts: &[crate::prose::Written],
    at: usize,
) -> Option<&'s str> {
    let this = amounts.get(at)?;
    let end_of = |i: usize| amounts.get(i).map_or(sentence.len(), |w| w.start);
    let mut to = end_of(at + 1);
    // A change written right after the value, or after its own date ("…,
    // 15.0% below the 2023 period", "… at June 30, 2024, a 21% decrease
    // from …"), is read with the words after it.
    static CHANGE_NEXT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(
        || {
            regex::Regex::new(
                r"(?i)^[\s,]*(?:(?:at|as of|in|for|on|during)\b[^,;()]{0,60}(?:,\s*\d{4})?,)?[\s,]*(?:an?\s+)?$",
            )
            .ok()
        },
    );
    if amounts.get(at + 1).is_some_and(|next| next.amount.percent)
        && sentence
            .get(this.end..to)
            .is_some_and(|gap| CHANGE_NEXT.as_ref().is_some_and(|re| re.is_match(gap)))
    {
        to = end_of(at + 2);
    }
    sentence.get(this.end..to).filter(|t| !t.trim().is_empty())
}

/// The noun phrase right after an amount, the amount's own measure: "of
/// other expense" of "$12 million of other expense in 2024", "fair-value
/// loss" of "a £4.9m fair-value loss in other comprehensive income"; up to
/// a preposition, a verb or a clause mark, at most five words.
fn noun_after(after: &str) -> Option<&str> {
    static END: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)[,;:()]|\.(?:\s|$)|\b(?:in|for|during|on|at|from|to|by|compared|versus|vs|over|than|as|and|or|while|which|that|was|were|is|are|up|down|higher|lower|more|less|after|before|with|against)\b",
        )
        .ok()
    });
    let t = after.trim_start();
    let t = t
        .strip_prefix("of ")
        .or_else(|| t.strip_prefix("Of "))
        .unwrap_or(t);
    let end = END
        .as_ref()
        .and_then(|re| re.find(t))
        .map_or(t.len(), |m| m.start());
    let phrase = t.get(..end)?.trim();
    let words = phrase.split_whitespace().count();
    (1..=5).contains(&words).then_some(phrase)
}

/// The one way a short phrase names by its words alone, of a kind whose
/// sign is universal ("cash outflow": cash used), whatever concept its
/// other words name; `None` when it names none or both.
fn plain_direction(phrase: &str) -> Option<crate::model::Direction> {
    let all = crate::vocab::lexicon::words(phrase);
    let plain: Vec<&str> = all.iter().map(|w| w.text.as_str()).collect();
    let found = read::applicable_directions(Lexicon::builtin(), &plain, None);
    let first = found.first()?;
    if found.iter().any(|f| f.entry != first.entry) {
        return None;
    }
    Some(crate::model::Direction {
        kind: u8::try_from(first.entry.0).ok()?,
        positive: first.entry.1,
    })
}

/// A word of loss or profit opening `after` (the words after an amount:
/// "loss in fiscal 2023"): which way it says the amount is, and the words
/// after it.
fn way_word(after: &str) -> (Option<bool>, &str) {
    let trimmed = after.trim_start();
    let word_end = trimmed
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(trimmed.len());
    let (word, rest) = trimmed.split_at(word_end);
    let way = match word.to_ascii_lowercase().as_str() {
        "loss" | "losses" | "deficit" => Some(false),
        "income" | "gain" | "gains" | "profit" => Some(true),
        _ => None,
    };
    match way {
        Some(_) => (way, rest),
        None => (None, after),
    }
}

/// The amount a sentence compares its value with, right after it ("$864.9
/// million, versus $715.1 million a year earlier", "… up from $715.1
/// million at June 30, 2023", "… compared with $642.3 million in the prior
/// year"), and the period it names for it. `None` when the words between
/// the two are not a comparison, or the words after the second name
/// something else than a period or the year before.
fn prior_in(
    sentence: &str,
    amounts: &[crate::prose::Written],
    at: usize,
) -> Option<(fit::Prior, std::ops::Range<usize>)> {
    static GAP: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)^[\s,]*(?:(?:at|as of|in|for|on|during)\b[^;()]{0,60}?[\s,]+)?(?:(?:up|down|an?\s+(?:increase|decrease|decline|rise|drop|gain))\s+)?(?:versus|vs\.?|compared\s+(?:with|to)|from)\s*(?:an?\s+)?(?:US\$|[$€£¥])?\s*$",
        )
        .ok()
    });
    static AFTER: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)^\s*(?:[.;]|$|,|a year (?:earlier|before|ago)|(?:in|for)?\s*(?:the )?(?:prior|previous|preceding)[- ]year(?:'s)?(?: period)?|last year|the year before|(?:at|as of|in|for|on|during)\b)",
        )
        .ok()
    });
    let this = amounts.get(at)?;
    let prior = amounts.get(at + 1)?;
    let gap = sentence.get(this.end..prior.start)?;
    if !GAP.as_ref()?.is_match(gap) {
        return None;
    }
    let to = amounts.get(at + 2).map_or(sentence.len(), |w| w.start);
    let after = sentence.get(prior.end..to).unwrap_or("");
    // "a $12.4 million loss in fiscal 2023": the word says which way.
    let (way, after) = way_word(after);
    if !AFTER.as_ref()?.is_match(after) {
        return None;
    }
    // Only the period the words right after name: up to a clause mark.
    let own = after
        .split(';')
        .next()
        .unwrap_or("")
        .trim_end_matches(['.', ' ']);
    // The comparison's words, its amount and their period, as a range of
    // the sentence: not the claim's own.
    let word = ["versus", "vs", "compared", "from"]
        .iter()
        .filter_map(|w| gap.to_ascii_lowercase().rfind(w))
        .max()
        .unwrap_or(0);
    Some((
        fit::Prior {
            amount: prior.amount,
            written: prior.text(sentence).to_string(),
            period: find_period(own).map(|(_, p)| p),
            way,
        },
        this.end + word..to,
    ))
}

/// Whether the words between two amounts are "to" alone ("rose by $300
/// million to $4.2 billion", "fell 310 basis points to 5.4%"), a comma or a
/// currency sign aside.
fn only_to(gap: &str) -> bool {
    static TO: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)^\s*,?\s*to\s+(?:US\$|[$€£¥])?\s*$").ok()
    });
    TO.as_ref().is_some_and(|r| r.is_match(gap))
}

/// The levels a sentence gives a change it states: "fell 310 basis points
/// to 5.4%" (the later level), "… to 22.8% from 24.1%" (and the earlier).
/// Held to a change cell's levels only; a level's "to" is its own.
fn to_and_from(
    sentence: &str,
    amounts: &[crate::prose::Written],
    at: usize,
) -> Option<(fit::Prior, Option<fit::Prior>)> {
    static FROM: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)^\s*,?\s*(?:(?:up|down)\s+)?from\s+(?:US\$|[$€£¥])?\s*$").ok()
    });
    let value = amounts.get(at)?;
    let to = amounts.get(at + 1)?;
    if !only_to(sentence.get(value.end..to.start)?) {
        return None;
    }
    let level = |w: &crate::prose::Written| fit::Prior {
        amount: w.amount,
        written: w.text(sentence).to_string(),
        period: None,
        way: None,
    };
    let from = amounts.get(at + 2).filter(|from| {
        from.amount.percent == to.amount.percent
            && sentence
                .get(to.end..from.start)
                .is_some_and(|gap| FROM.as_ref().is_some_and(|r| r.is_match(gap)))
    });
    Some((level(to), from.map(level)))
}

/// The earlier amount a sentence gives by the change that led to the
/// claim's value: "rose by $300 million to $4.2 billion" puts the line at
/// $3.9 billion before (the value's scale and precision). Amounts of money
/// or counts only; a percentage change is left to the change checks.
fn moved_by_to(sentence: &str, amounts: &[crate::prose::Written], at: usize) -> Option<fit::Prior> {
    static BEFORE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(rose|risen|increased|grew|grown|climbed|jumped|gained|was up|were up|fell|fallen|declined|decreased|dropped|slipped|was down|were down)\s+(?:by\s+)?(?:an?\s+)?(?:US\$|[$€£¥])?\s*$",
        )
        .ok()
    });
    let value = amounts.get(at)?;
    let by = amounts.get(at.checked_sub(1)?)?;
    if by.amount.percent || value.amount.percent {
        return None;
    }
    if !only_to(sentence.get(by.end..value.start)?) {
        return None;
    }
    let head = sentence.get(..by.start)?;
    let verb = BEFORE
        .as_ref()?
        .captures(head)?
        .get(1)?
        .as_str()
        .to_lowercase();
    let up = ![
        "fell",
        "fallen",
        "declined",
        "decreased",
        "dropped",
        "slipped",
        "down",
    ]
    .iter()
    .any(|w| verb.contains(w));
    // The change in the value's units: its scale word's, else as written.
    let unit = value.amount.scale().unwrap_or(Decimal::ONE);
    let by_in_unit = by
        .amount
        .scale()
        .unwrap_or(Decimal::ONE)
        .checked_mul(by.amount.value.abs())?
        .checked_div(unit)?;
    let before = if up {
        value.amount.value.checked_sub(by_in_unit)?
    } else {
        value.amount.value.checked_add(by_in_unit)?
    };
    Some(fit::Prior {
        amount: crate::model::Amount {
            value: before,
            ..value.amount
        },
        written: format!("{} {} {}", verb, by.text(sentence), value.text(sentence)),
        period: None,
        way: None,
    })
}

/// A reading as a claim's role: an opening or closing word turns the
/// claim's span into the instant it starts or ends ("cash at beginning of
/// year, FY2024" is the balance at the start of fiscal 2024).
pub fn from_reading(reading: Reading, text: String) -> ClaimRole {
    let Reading {
        mut role,
        required,
        soft,
        edge,
        bare_date,
        numbers,
        dated: _,
        glossed,
    } = reading;
    let mut unplaced = None;
    if let Some(opening) = edge {
        if role.periods.is_empty() {
            unplaced = Some(opening);
        }
        role.periods = role
            .periods
            .iter()
            .map(|p| cell::edge_of(p, opening).unwrap_or_else(|| p.clone()))
            .collect();
    }
    let repeated = repeated_words(&text, &required);
    ClaimRole {
        role,
        required,
        soft,
        glossed,
        repeated,
        // Read for a claim's role by `read_claim_as`, with its sentence;
        // false (no side named) in any other reading.
        negative_named: false,
        other_side_named: false,
        text,
        edge: unplaced,
        stated_edge: edge,
        bare_date,
        numbers,
        qname_allows: Vec::new(),
        qnames: Vec::new(),
        members: Vec::new(),
        sentence_periods: Vec::new(),
        sentence_measure: None,
        sentence_direction: None,
        movement: None,
        movement_in_size: false,
        movement_better: None,
        change_movement: None,
        role_way: None,
        change_better: None,
        prior: None,
        later: None,
        as_change: None,
        label_key: std::sync::OnceLock::new(),
        change_words: std::sync::OnceLock::new(),
        sentence_amounts: None,
        money_value: false,
    }
}

/// The required words a text says more than once.
fn repeated_words(text: &str, required: &[Box<str>]) -> Vec<Box<str>> {
    let lex = Lexicon::builtin();
    let mut seen: Vec<String> = lex
        .expand(words(text))
        .into_iter()
        .map(|w| w.text)
        .filter(|w| required.iter().any(|r| **r == **w))
        .collect();
    seen.sort();
    let mut out: Vec<Box<str>> = seen
        .windows(2)
        .filter(|pair| pair.first() == pair.last())
        .filter_map(|pair| pair.first().map(|w| w.as_str().into()))
        .collect();
    out.dedup();
    out
}

/// `{"concept": ..., "period": ...}`: the concept by id (or read as text),
/// the period in header form.
fn structured(concept: Option<&str>, period: Option<&str>, vocab: &Vocab) -> (Reading, String) {
    let concept_text = concept.unwrap_or("").trim();
    let period_text = period.unwrap_or("").trim();
    let text = format!("{concept_text} {period_text}").trim().to_string();
    // A concept named by its QName ("us-gaap:Revenues") is that concept and
    // nothing else: no words to find around the cell.
    if concept_text.contains(':')
        && let Some((_, id)) = vocab.find_in_text(concept_text)
        && !concept_text.contains(char::is_whitespace)
    {
        let mut reading = Reading::default();
        reading.role.concept = Some(id);
        reading.role.label = concept_text.to_string();
        reading.role.periods = parse_period(period_text, PeriodHint::default())
            .or_else(|| find_period(period_text).map(|(_, p)| p))
            .into_iter()
            .collect();
        return (reading, text);
    }
    let mut reading = match vocab.info(concept_text) {
        Some(info) => {
            let mut r = read(info.name(), vocab, Mode::Role);
            r.role.concept = Some(info.id.clone());
            r.role.label = info.name().to_string();
            r
        }
        None => read(concept_text, vocab, Mode::Role),
    };
    reading.role.periods = parse_period(period_text, PeriodHint::default())
        .or_else(|| find_period(period_text).map(|(_, p)| p))
        .into_iter()
        .collect();
    (reading, text)
}

/// What the sentence adds to a role that leaves it out.
fn merge_sentence(claim: &mut ClaimRole, sentence: &str, vocab: &Vocab) {
    use crate::model::Period;
    let lex = Lexicon::builtin();
    // A change the role names by its header alone ("Revenue % change")
    // is of the periods the sentence names ("Full-year 2024 revenue rose
    // 15.0%": to fiscal 2024; "in 2024 compared with 2022": between them).
    let lone_change = match claim.role.periods.as_slice() {
        [
            Period::Change {
                percent,
                from: None,
                to: None,
            },
        ] => Some(*percent),
        _ => None,
    };
    let needs_period = claim.role.periods.is_empty() || lone_change.is_some();
    let needs_measure = !claim.role.has_measure();
    // Reading a sentence costs a period search; skip it when the sentence
    // can add nothing (no period or measure missing, no qualifier word).
    if !needs_period && !needs_measure {
        let all = words(sentence);
        let plain: Vec<&str> = all.iter().map(|w| w.text.as_str()).collect();
        if lex.qualifiers_in(&plain).is_empty() {
            return;
        }
    }
    let said = from_reading(read(sentence, vocab, Mode::Sentence), sentence.to_string());
    // A way the whole sentence names is the value's only when the value
    // is its one amount: "Comps were up 3.1% against a 1.4% decline a year
    // ago" declines the year before's (the value's own words are read
    // apart, as its sentence direction).
    let direction = said
        .role
        .direction
        .filter(|_| crate::prose::amounts_in(sentence).len() <= 1);
    if let Some(percent) = lone_change {
        let dated = said.role.periods.iter().find_map(|p| match p {
            Period::Change {
                from, to: Some(to), ..
            } => Some(Period::Change {
                percent,
                from: from.clone(),
                to: Some(to.clone()),
            }),
            Period::Change { .. } => None,
            span => Some(Period::Change {
                percent,
                from: None,
                to: Some(Box::new(span.clone())),
            }),
        });
        if let Some(dated) = dated {
            claim.role.periods = vec![dated];
        }
    } else if needs_period {
        claim.role.periods.clone_from(&said.role.periods);
        claim.bare_date = said.bare_date;
    }
    if needs_measure && said.role.has_measure() {
        claim.role.concept.clone_from(&said.role.concept);
        claim
            .role
            .concept_words
            .clone_from(&said.role.concept_words);
        claim.role.words.clone_from(&said.role.words);
        if !said.role.label.is_empty() {
            claim.role.label.clone_from(&said.role.label);
        }
        claim.required.clone_from(&said.required);
        claim.soft.clone_from(&said.soft);
        for q in &said.role.qualifiers {
            if !claim.role.qualifiers.contains(q) {
                claim.role.qualifiers.push(*q);
            }
        }
        claim.role.implied.clone_from(&said.role.implied);
        claim.role.direction = claim.role.direction.or(direction);
        claim.role.unit = claim.role.unit.or(said.role.unit);
        return;
    }
    // The sentence's measure phrase on the role's own line: its qualifiers
    // and direction are the claim's too.
    if said.role.concept.is_some() && said.role.concept == claim.role.concept {
        for q in &said.role.qualifiers {
            if !claim.role.qualifiers.contains(q) && !claim.role.implied.contains(q) {
                claim.role.qualifiers.push(*q);
            }
        }
        claim.role.direction = claim.role.direction.or(direction);
    }
}

#[cfg(test)]
mod tests;
