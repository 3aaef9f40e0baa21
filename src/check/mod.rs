//! The checks, cheapest first (docs/contract.md §1, §5): resolve, quote, value,
//! role, arithmetic, support. Each check is a module with its finding codes
//! documented beside it ([`CodeDoc`]); `docs/checks.md` is generated from
//! those docs and a test keeps the two in step.
//!
//! A failed check is data: a [`Finding`] with a stable [`Code`], a message and
//! a [`Route`]. Nothing here returns `Err` for a citation that disagrees with
//! its source.

pub mod arithmetic;
pub mod cited;
pub mod equity;
pub mod formula;
pub mod implied;
pub mod implied_metric;
pub mod metric_operands;
pub mod movement;
pub mod page;
pub mod page_text;
pub mod printed;
pub mod prose_number;
pub mod quote;
pub mod ref_hint;
pub mod resolve;
pub mod respectively;
pub mod role;
pub mod sentence;
pub mod support;
pub mod value;

use serde::Serialize;

/// The checks, in the order they run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Check {
    /// The cite is in this answer's assembled context.
    Resolve,
    /// The quoted text is in the cited scope.
    Quote,
    /// The signed number at the pointer is the stated number.
    Value,
    /// The cited cell's concept and period are the claim's role.
    Role,
    /// The calculation recomputes to the stated result.
    Arithmetic,
    /// A model judges what the code checks could not settle.
    Support,
}

impl Check {
    /// Every check, in order.
    pub const ALL: [Check; 6] = [
        Check::Resolve,
        Check::Quote,
        Check::Value,
        Check::Role,
        Check::Arithmetic,
        Check::Support,
    ];

    /// The snake_case name used in output and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Check::Resolve => "resolve",
            Check::Quote => "quote",
            Check::Value => "value",
            Check::Role => "role",
            Check::Arithmetic => "arithmetic",
            Check::Support => "support",
        }
    }

    /// The check of a name.
    pub fn from_name(name: &str) -> Option<Check> {
        Check::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// A set of checks to run (`--checks`); resolution always runs, since no
/// other check can look at a cell it could not find.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckSet(u8);

impl CheckSet {
    /// Every check.
    pub const ALL: CheckSet = CheckSet(0b11_1111);

    /// The set of the given checks, with resolution added.
    pub fn of(checks: &[Check]) -> CheckSet {
        let mut bits = 1u8 << (Check::Resolve as u8);
        for c in checks {
            bits |= 1 << (*c as u8);
        }
        CheckSet(bits)
    }

    /// True when `check` runs.
    pub fn has(self, check: Check) -> bool {
        self.0 & (1 << (check as u8)) != 0
    }
}

impl Default for CheckSet {
    fn default() -> CheckSet {
        CheckSet::ALL
    }
}

/// Where a claim goes next. Ordered: the worst route wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Route {
    /// Every check passed.
    #[default]
    Accept,
    /// The prose is fine; only the pointer needs fixing.
    Recite,
    /// A person must look (the checks could not decide).
    Review,
    /// The claim is wrong: the answer must be rewritten.
    Reanswer,
}

impl Route {
    /// Every route, best first.
    pub const ALL: [Route; 4] = [Route::Accept, Route::Recite, Route::Review, Route::Reanswer];

    /// The snake_case name.
    pub fn name(self) -> &'static str {
        match self {
            Route::Accept => "accept",
            Route::Recite => "recite",
            Route::Review => "review",
            Route::Reanswer => "reanswer",
        }
    }

    /// The route of a name.
    pub fn from_name(name: &str) -> Option<Route> {
        Route::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// The stable finding codes of docs/contract.md §5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Code {
    /// A claim or operand with a number cites nothing.
    Uncited,
    /// The id or ref exists in no loaded source or store.
    UnknownRef,
    /// A real cell or chunk, but not in this answer's assembled context.
    OutsideContext,
    /// The cited page or sheet could not be read.
    UnreadableSource,
    /// The quote is not in the cited scope after normalization.
    FabricatedQuote,
    /// The number at the pointer differs from the stated number.
    ValueMismatch,
    /// Same magnitude, opposite sign, not explained by presentation.
    SignFlip,
    /// Same digits, wrong scale.
    ScaleMismatch,
    /// The stated number is at the pointer but the cell's role differs.
    SameNumberSwap,
    /// Number and concept both differ from the pointer's.
    RoleMismatch,
    /// Concept agrees; number and period differ.
    PeriodMismatch,
    /// A role cannot be determined with confidence.
    AmbiguousRole,
    /// The recomputed result is outside the stated rounding.
    ArithmeticMismatch,
    /// The calculation is not the metric its role names.
    FormulaMismatch,
    /// The judge found the cited evidence silent on the claim.
    Unsupported,
    /// The judge found the cited evidence contradicts the claim.
    Contradicted,
    /// The judge's support probability is below the gate.
    BelowGate,
    /// The source was only partly available; the judge could not see it all.
    NeedsFullText,
    /// No claim of the answer states a number, cites, quotes or calculates:
    /// nothing could be checked.
    NoCheckableClaim,
}

/// A finding code's documentation: what it checks, why it matters, an example.
#[derive(Debug, Clone, Copy)]
pub struct CodeDoc {
    /// The code.
    pub code: Code,
    /// The check it belongs to.
    pub check: Check,
    /// What it means.
    pub what: &'static str,
    /// Why it matters.
    pub why: &'static str,
    /// A claim that produces it.
    pub example: &'static str,
    /// Its route (the rule, in words).
    pub route: &'static str,
}

impl Code {
    /// Every code, in the order of docs/contract.md §5.
    pub const ALL: [Code; 19] = [
        Code::Uncited,
        Code::UnknownRef,
        Code::OutsideContext,
        Code::UnreadableSource,
        Code::NoCheckableClaim,
        Code::FabricatedQuote,
        Code::ValueMismatch,
        Code::SignFlip,
        Code::ScaleMismatch,
        Code::SameNumberSwap,
        Code::RoleMismatch,
        Code::PeriodMismatch,
        Code::AmbiguousRole,
        Code::ArithmeticMismatch,
        Code::FormulaMismatch,
        Code::Unsupported,
        Code::Contradicted,
        Code::BelowGate,
        Code::NeedsFullText,
    ];

    /// The stable snake_case name.
    pub fn name(self) -> &'static str {
        match self {
            Code::Uncited => "uncited",
            Code::UnknownRef => "unknown_ref",
            Code::OutsideContext => "outside_context",
            Code::UnreadableSource => "unreadable_source",
            Code::FabricatedQuote => "fabricated_quote",
            Code::ValueMismatch => "value_mismatch",
            Code::SignFlip => "sign_flip",
            Code::ScaleMismatch => "scale_mismatch",
            Code::SameNumberSwap => "same_number_swap",
            Code::RoleMismatch => "role_mismatch",
            Code::PeriodMismatch => "period_mismatch",
            Code::AmbiguousRole => "ambiguous_role",
            Code::ArithmeticMismatch => "arithmetic_mismatch",
            Code::FormulaMismatch => "formula_mismatch",
            Code::Unsupported => "unsupported",
            Code::Contradicted => "contradicted",
            Code::BelowGate => "below_gate",
            Code::NeedsFullText => "needs_full_text",
            Code::NoCheckableClaim => "no_checkable_claim",
        }
    }

    /// The documentation of the code, kept beside its check.
    pub fn doc(self) -> CodeDoc {
        let docs = resolve::DOCS
            .iter()
            .chain(quote::DOCS)
            .chain(value::DOCS)
            .chain(role::DOCS)
            .chain(arithmetic::DOCS)
            .chain(formula::DOCS)
            .chain(support::DOCS);
        docs.copied().find(|d| d.code == self).unwrap_or(CodeDoc {
            code: self,
            check: Check::Support,
            what: "",
            why: "",
            example: "",
            route: "",
        })
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The cited cell, as a finding shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellSummary {
    /// Its reference.
    #[serde(rename = "ref")]
    pub reference: String,
    /// Its value in table units, a decimal string (`extract`'s `value`).
    pub value: String,
    /// Its row label.
    pub row_label: Option<String>,
    /// Its column header.
    pub col_label: Option<String>,
    /// Its period, the object `extract` writes (`{"kind": "duration",
    /// "fy": 2023, ...}`).
    pub period: Option<crate::model::Period>,
    /// Its concept.
    pub concept: Option<String>,
}

impl CellSummary {
    /// The summary of a labeled cell.
    pub fn of(cell: &crate::model::Cell<'_>) -> CellSummary {
        CellSummary {
            reference: {
                use std::fmt::Write;
                let reference = cell.reference();
                let mut text = String::with_capacity(reference.source.len() + 24);
                // Writing to a String does not fail.
                let _ = write!(text, "{reference}");
                text
            },
            value: cell.value().to_string(),
            row_label: cell.row_label().map(str::to_string),
            col_label: cell.col_label().map(str::to_string),
            period: cell.period().cloned(),
            concept: cell.concept().map(|c| c.to_string()),
        }
    }
}

/// One thing a check found wrong with a claim.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    /// The check that found it.
    pub check: Check,
    /// The stable code.
    pub code: Code,
    /// The cite as the answer wrote it, when the finding is about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cite: Option<String>,
    /// The cited cell, when one was resolved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<CellSummary>,
    /// What is wrong, in a sentence that names the numbers.
    pub message: String,
    /// The reference to cite instead, when tickmark found it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggest: Option<String>,
    /// Where this finding sends the claim.
    pub route: Route,
}

impl Finding {
    /// A finding with no cell and no suggestion.
    pub fn new(code: Code, route: Route, message: impl Into<String>) -> Finding {
        Finding {
            check: code.doc().check,
            code,
            cite: None,
            cell: None,
            message: message.into(),
            suggest: None,
            route,
        }
    }

    /// The same finding about a cite.
    pub fn cite(mut self, cite: &str) -> Finding {
        self.cite = Some(cite.to_string());
        self
    }

    /// The same finding with the cited cell.
    pub fn cell(mut self, cell: &crate::model::Cell<'_>) -> Finding {
        self.cell = Some(CellSummary::of(cell));
        self
    }
}

/// Renders `docs/checks.md` from the codes' documentation.
pub fn checks_markdown() -> String {
    let mut out = String::from(
        "# Checks and finding codes\n\n\
         Generated from the documentation beside each check in `src/check/`\n\
         (a test keeps this file in step: `TICKMARK_BLESS=1 cargo test --test docs`\n\
         rewrites it). Checks run in this order, cheapest first; a later check\n\
         never looks at a citation an earlier one could not resolve.\n",
    );
    for check in Check::ALL {
        out.push_str(&format!("\n## {}\n", check.name()));
        for code in Code::ALL {
            let doc = code.doc();
            if doc.check != check {
                continue;
            }
            out.push_str(&format!(
                "\n### `{}`\n\n{}\n\n**Why it matters.** {}\n\n**Example.** {}\n\n**Route.** {}\n",
                code.name(),
                doc.what,
                doc.why,
                doc.example,
                doc.route
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_documented_beside_its_check() {
        for code in Code::ALL {
            let doc = code.doc();
            assert_eq!(doc.code, code);
            for text in [doc.what, doc.why, doc.example, doc.route] {
                assert!(!text.is_empty(), "{code} is missing documentation");
            }
        }
    }

    #[test]
    fn routes_are_ordered_worst_last() {
        assert!(Route::Reanswer > Route::Review);
        assert!(Route::Review > Route::Recite);
        assert!(Route::Recite > Route::Accept);
    }

    #[test]
    fn check_sets_always_resolve() {
        let set = CheckSet::of(&[Check::Value]);
        assert!(set.has(Check::Resolve) && set.has(Check::Value) && !set.has(Check::Role));
        assert!(CheckSet::ALL.has(Check::Support));
    }
}
