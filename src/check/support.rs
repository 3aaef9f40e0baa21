//! Check 6, support: an optional judge (a model, or any program) for the
//! claims every code check passed (docs/contract.md §7).
//!
//! The judge sees only claims that every code check passed, and its verdict
//! never overwrites a code finding. Its answer goes through the gate
//! ([`gate`]): a confident `supports` accepts, a confident `contradicts` or
//! `says_nothing` sends the claim back, anything less confident (or no answer
//! at all) asks a person. The backends live in [`crate::judge`]; the `none`
//! backend here leaves every survivor `pending_support`.

use rust_decimal::Decimal;
use serde::Serialize;

use super::{Check, Code, CodeDoc, Finding, Route};

/// The codes of this check, documented.
pub const DOCS: &[CodeDoc] = &[
    CodeDoc {
        code: Code::Unsupported,
        check: Check::Support,
        what: "The judge read the cited cells and found they say nothing about the claim.",
        why: "A real pointer with the right number can still sit under a sentence that says something else; only reading both tells.",
        example: "\"Revenue rose because of strong demand in Asia\" citing the revenue cell.",
        route: "reanswer.",
    },
    CodeDoc {
        code: Code::Contradicted,
        check: Check::Support,
        what: "The cited evidence contradicts the claim: the judge found so, or, in code before any judge, the claim's sentence moves its value the other way than the cited line moved from the year before (\"fell to\" a number above the prior year's), or says a change cell's value is a fall where its line rose (\"revenue fell 15.0%\" citing a \"% change\" of 15.0%; a line's way is read from its row's two levels where printed, and \"improved\" on a cost or a loss is a fall), or gives its line an earlier amount the line's cell of that period does not hold (\"versus $915.1 million a year earlier\"), or the other way; the words right after the value (or after its own date) say it too (\"$864.9 million, down from the prior year\", \"… at June 30, 2024, a decline from a year earlier\", \"15.0% below 2023\"), and a balance whose periods are the table's rows is compared with the same column's balance a year earlier. Two negative amounts move by their size (dividends \"rose to (42.6)\"), except on a line whose label names both ways (\"Accumulated other comprehensive income (loss)\"), which moves by its value (`src/check/movement.rs`). Also, in code: a calculation's or a stated change's sentence says its line moved the other way than its two cited levels (\"Revenue fell 7.7%\" over 4,200 and 3,900); the sentence puts a change in its earlier year (\"grew 7.7% in 2023\" under \"2024 vs 2023\"; \"from 2023\" and \"than in 2023\" are its base); or the sentence opens with another company than the one the cited table's title names (\"Birchwood's net income\" citing Acme's statement; a sentence naming both companies compares them), or with a row of the cited table that the cited cells are not (\"Footwear's operating margin\" over Apparel's lines; the filer's own name, read from its cover, is the company, not such a row). A line \"narrowed to\" or \"widened to\" a level moves by its size; one that \"improved to\" or \"worsened to\" it by its side (a cost, an expense or a loss by size, any other line by value: reserves that \"improved to\" (21.6) from (8.3) fell); a change's \"to 5.4% from 8.5%\" is held to the line's later and earlier levels.",
        why: "A confident contradiction is the strongest signal a judge gives; the claim must be rewritten. When the table itself shows it, no model call is needed to say so.",
        example: "\"Revenue fell to $4.2 billion in 2024\" citing 2024 revenue of 4,200 where 2023's is 3,900.",
        route: "reanswer.",
    },
    CodeDoc {
        code: Code::BelowGate,
        check: Check::Support,
        what: "The judge's confidence in its answer is below the gate (`--accept-at`, default 0.8), or the judge gave no answer (timeout, crash, unreadable reply).",
        why: "The gate decides whether a person looks, not whether the claim is true; a judge that could not answer is no evidence either way.",
        example: "A judge answering supports with p = 0.56; a judge that timed out after 30 s.",
        route: "review.",
    },
    CodeDoc {
        code: Code::NeedsFullText,
        check: Check::Support,
        what: "The source was only partly available (a missing or scanned page), and the judge found nothing in the part it saw.",
        why: "Absence of evidence in a partial source is not evidence against the claim.",
        example: "A claim citing a report whose page 12 is a scanned image.",
        route: "review.",
    },
];

/// What a judge is asked: one claim that passed every code check.
#[derive(Debug, Clone, Serialize)]
pub struct JudgeRequest {
    /// The answer's id.
    pub answer: String,
    /// The claim's id.
    pub id: String,
    /// The claim's sentence.
    pub claim: String,
    /// The stated value, as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// The claim's role, as written (free text, or "concept, period").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// The calculation, when the claim is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calc: Option<String>,
    /// The cited cells (a calculation's: its operands' cells), labeled and
    /// shown in their table.
    pub evidence: Vec<Evidence>,
    /// The quoted passage, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quote: Option<String>,
    /// A cited source could be read only in part (a page unreadable or not
    /// read): what the judge did not see may hold the support.
    pub partial_source: bool,
}

/// One cited cell as the judge sees it: the fields of `extract`'s cell
/// object under the same names (docs/contract.md §3), and the table around it.
#[derive(Debug, Clone, Serialize)]
pub struct Evidence {
    /// Its reference (`acme.xlsx#IS!C5`).
    #[serde(rename = "ref")]
    pub reference: String,
    /// The value as the source prints it ("(482)", "4,200").
    pub text: String,
    /// The value in table units, a decimal string ("-482", "4200").
    pub value: String,
    /// The value in base units, after the table's scale, when it is a number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_base: Option<String>,
    /// The row label.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row_label: Option<String>,
    /// The column label (stacked header text).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub col_label: Option<String>,
    /// The period, as tickmark reads it: `extract`'s period object.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<crate::model::Period>,
    /// The concept, as tickmark reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub concept: Option<String>,
    /// The table's title and unit line.
    pub table: String,
    /// A few rows around the cell, the cited one marked `[...]  <--`.
    pub neighbourhood: Vec<String>,
}

/// What a judge may say of a claim and its evidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// The evidence supports the claim.
    Supports,
    /// The evidence contradicts the claim.
    Contradicts,
    /// The evidence says nothing about the claim.
    SaysNothing,
}

impl Relation {
    /// The relation named as in the reply format.
    pub fn from_name(name: &str) -> Option<Relation> {
        match name {
            "supports" => Some(Relation::Supports),
            "contradicts" => Some(Relation::Contradicts),
            "says_nothing" => Some(Relation::SaysNothing),
            _ => None,
        }
    }

    /// The relation's name in the reply format.
    pub fn name(self) -> &'static str {
        match self {
            Relation::Supports => "supports",
            Relation::Contradicts => "contradicts",
            Relation::SaysNothing => "says_nothing",
        }
    }
}

/// A judge's answer.
#[derive(Debug, Clone, PartialEq)]
pub enum JudgeVerdict {
    /// No judge: the claim waits for one (`pending_support`).
    Pending,
    /// The judge answered: a relation and its confidence in it, in [0, 1].
    Judged {
        /// What the evidence does to the claim.
        relation: Relation,
        /// The judge's probability for that relation (reported, not trusted).
        p: Decimal,
    },
    /// The judge was asked and gave no usable answer (the reason says why:
    /// a timeout, a non-zero exit, a reply that is not the reply format).
    Failed(String),
    /// The judge could not be asked (its program could not be started, or
    /// it failed too often to be started again): no answer, as for
    /// `Failed`, but no request was sent, so no model call is counted.
    NotAsked(String),
}

/// A support judge. Implementations are shared by every worker thread.
pub trait Judge: Send + Sync {
    /// The backend's name (`none`, `command`, `http`).
    fn name(&self) -> &str;
    /// Judges one claim. Never panics on a bad reply: that is `Failed`.
    fn judge(&self, request: &JudgeRequest) -> JudgeVerdict;
    /// True when `judge` calls a model (counted in `model_calls`).
    fn calls_a_model(&self) -> bool;
}

/// The `none` backend: every survivor is left pending.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoJudge;

impl Judge for NoJudge {
    fn name(&self) -> &str {
        "none"
    }

    fn judge(&self, _request: &JudgeRequest) -> JudgeVerdict {
        JudgeVerdict::Pending
    }

    fn calls_a_model(&self) -> bool {
        false
    }
}

/// The judge's answer as reported on the claim (`"support"`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SupportReport {
    /// The backend that answered.
    pub judge: String,
    /// Its relation, absent when it gave no answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relation: Option<Relation>,
    /// Its probability, absent when it gave no answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p: Option<Decimal>,
}

/// The default gate (`--accept-at`).
pub const DEFAULT_ACCEPT_AT: Decimal = Decimal::from_parts(8, 0, 0, false, 1);

/// The finding a judge's answer gives a claim that passed every code check,
/// or `None` when the claim is accepted (a confident `supports`).
///
/// - no answer (`Failed`, `NotAsked`) → `below_gate` (review): a person
///   looks;
/// - `p` below `accept_at`, whatever the relation → `below_gate` (review);
/// - `supports` → accepted;
/// - `contradicts` → `contradicted` (reanswer);
/// - `says_nothing` → `unsupported` (reanswer), or `needs_full_text`
///   (review) when a cited source was read only in part.
pub fn gate(verdict: &JudgeVerdict, accept_at: Decimal, partial_source: bool) -> Option<Finding> {
    let (relation, p) = match verdict {
        JudgeVerdict::Pending => return None,
        JudgeVerdict::Failed(reason) | JudgeVerdict::NotAsked(reason) => {
            return Some(Finding::new(
                Code::BelowGate,
                Route::Review,
                format!(
                    "the judge gave no answer ({reason}); a person should read the claim against its cells"
                ),
            ));
        }
        JudgeVerdict::Judged { relation, p } => (*relation, *p),
    };
    if p < accept_at {
        return Some(Finding::new(
            Code::BelowGate,
            Route::Review,
            format!(
                "the judge answered {} with p = {}, below the gate of {}; a person should look",
                relation.name(),
                p.normalize(),
                accept_at.normalize()
            ),
        ));
    }
    match relation {
        Relation::Supports => None,
        Relation::Contradicts => Some(Finding::new(
            Code::Contradicted,
            Route::Reanswer,
            format!(
                "the judge found the cited evidence contradicts the claim (p = {})",
                p.normalize()
            ),
        )),
        Relation::SaysNothing if partial_source => Some(Finding::new(
            Code::NeedsFullText,
            Route::Review,
            format!(
                "the judge found nothing for the claim in the cited evidence (p = {}), but a cited source was read only in part; the rest may hold it",
                p.normalize()
            ),
        )),
        Relation::SaysNothing => Some(Finding::new(
            Code::Unsupported,
            Route::Reanswer,
            format!(
                "the judge found the cited evidence says nothing about the claim (p = {})",
                p.normalize()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(relation: Relation, p: &str) -> JudgeVerdict {
        JudgeVerdict::Judged {
            relation,
            p: p.parse().unwrap(),
        }
    }

    fn code(verdict: &JudgeVerdict, partial: bool) -> Option<Code> {
        gate(verdict, DEFAULT_ACCEPT_AT, partial).map(|f| f.code)
    }

    #[test]
    fn the_default_gate_is_point_eight() {
        assert_eq!(DEFAULT_ACCEPT_AT.to_string(), "0.8");
    }

    #[test]
    fn confident_support_accepts_and_the_gate_is_inclusive() {
        assert_eq!(code(&judged(Relation::Supports, "0.93"), false), None);
        assert_eq!(code(&judged(Relation::Supports, "0.8"), false), None);
        assert_eq!(code(&JudgeVerdict::Pending, false), None);
    }

    #[test]
    fn below_the_gate_a_person_looks_whatever_the_relation() {
        for relation in [
            Relation::Supports,
            Relation::Contradicts,
            Relation::SaysNothing,
        ] {
            let finding = gate(&judged(relation, "0.79"), DEFAULT_ACCEPT_AT, false).unwrap();
            assert_eq!(
                (finding.code, finding.route),
                (Code::BelowGate, Route::Review)
            );
        }
    }

    #[test]
    fn contradiction_and_silence_send_the_claim_back() {
        assert_eq!(
            code(&judged(Relation::Contradicts, "0.9"), false),
            Some(Code::Contradicted)
        );
        assert_eq!(
            code(&judged(Relation::SaysNothing, "0.9"), false),
            Some(Code::Unsupported)
        );
    }

    #[test]
    fn silence_over_a_partial_source_asks_for_the_full_text() {
        let finding = gate(
            &judged(Relation::SaysNothing, "0.9"),
            DEFAULT_ACCEPT_AT,
            true,
        )
        .unwrap();
        assert_eq!(
            (finding.code, finding.route),
            (Code::NeedsFullText, Route::Review)
        );
        // A contradiction stays one: what the judge saw contradicts.
        assert_eq!(
            code(&judged(Relation::Contradicts, "0.9"), true),
            Some(Code::Contradicted)
        );
    }

    #[test]
    fn no_answer_is_never_a_pass() {
        let finding = gate(
            &JudgeVerdict::Failed("timed out after 30 s".into()),
            DEFAULT_ACCEPT_AT,
            false,
        )
        .unwrap();
        assert_eq!(
            (finding.code, finding.route),
            (Code::BelowGate, Route::Review)
        );
        assert!(finding.message.contains("timed out after 30 s"));
        let finding = gate(
            &JudgeVerdict::NotAsked("could not be started".into()),
            DEFAULT_ACCEPT_AT,
            false,
        )
        .unwrap();
        assert_eq!(
            (finding.code, finding.route),
            (Code::BelowGate, Route::Review)
        );
        assert!(finding.message.contains("could not be started"));
    }
}
