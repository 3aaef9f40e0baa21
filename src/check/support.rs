//! Check 6, support: an optional judge (a model, or any program) for the
//! claims every code check passed. This build has the `none` backend: the
//! survivors are reported with `pending_support: true` and no model call is
//! made (command and HTTP backends come in a later issue).
//!
//! The judge sees only claims that every code check passed, and its verdict
//! never overwrites a code finding.

use super::{Check, Code, CodeDoc};

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
        what: "The judge found the cited evidence contradicts the claim.",
        why: "A confident contradiction is the strongest signal a judge gives; the claim must be rewritten.",
        example: "\"Revenue fell in 2024\" citing 2024 and 2023 revenue of 4,200 and 3,900.",
        route: "reanswer.",
    },
    CodeDoc {
        code: Code::BelowGate,
        check: Check::Support,
        what: "The judge's probability of support is below the gate (`--accept-at`, default 0.8).",
        why: "The gate decides whether a person looks, not whether the claim is true.",
        example: "A judge answering supports with p = 0.56.",
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
#[derive(Debug, Clone, serde::Serialize)]
pub struct JudgeRequest {
    /// The claim's sentence.
    pub claim: String,
    /// The stated value.
    pub value: Option<String>,
    /// The claim's role.
    pub role: Option<String>,
    /// The cited cells, rendered with their labels.
    pub evidence: Vec<String>,
    /// The quoted passage, if any.
    pub quote: Option<String>,
}

/// A judge's answer, when it gives one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum JudgeVerdict {
    /// No judge: the claim waits for one (`pending_support`).
    Pending,
}

/// A support judge.
pub trait Judge: Send + Sync {
    /// The backend's name (`none`, `command`, `http`).
    fn name(&self) -> &str;
    /// Judges one claim.
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
