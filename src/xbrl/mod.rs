//! XBRL facts: a plain XBRL instance document (`aapl-20220924_htm.xml`) or
//! an inline-XBRL filing (`aapl-20240928.htm`) read into one model.
//!
//! An [`Instance`] holds the filing's [`Context`]s (entity, period,
//! dimension members), [`Unit`]s and [`Fact`]s. A numeric fact's value is a
//! [`Decimal`] with the inline `scale` and `sign` already applied and its
//! transformation format (`ixt:num-dot-decimal`, `ixt:fixed-zero`,
//! `ixt-sec:numwordsen`, …, see [`transform`]) read; the printed text is
//! kept beside it. Nothing here knows about tables, labels or the
//! vocabulary: the HTML reader (`crate::read`) places facts in tables, and
//! the scorers compare labeled cells with them.
//!
//! ```no_run
//! # fn main() -> Result<(), tickmark::xbrl::XbrlError> {
//! let bytes = std::fs::read("aapl-20240928.htm").unwrap_or_default();
//! let instance = tickmark::xbrl::Instance::parse_inline(&bytes, "aapl-20240928.htm")?;
//! for fact in instance.facts().iter().filter(|f| f.is_numeric()) {
//!     println!("{} {:?} {:?} {:?}", fact.concept, fact.period(), fact.dims(), fact.value);
//! }
//! # Ok(()) }
//! ```
//!
//! Decisions:
//! - Concept, axis and member names are QNames with the prefix the
//!   document declares, except that the standard taxonomies get their usual
//!   prefix whatever the document calls them (`us-gaap`, `srt`, `dei`,
//!   `ifrs-full`, `country`, `currency`), so `us-gaap:Revenues` means the
//!   same in every filing. Prefixes are read from every `xmlns:` declaration
//!   in the document, the first binding of a prefix winning (filings declare
//!   them once, on the root).
//! - Bytes that are not UTF-8 are read lossily: filings are ASCII with
//!   character references, and a stray Latin-1 byte must not lose the facts.
//! - A document that is not well-formed XML, a fact that names an undefined
//!   context or unit, a fact without `name` or `contextRef`, an unreadable
//!   `scale` or `decimals`, or a broken continuation chain is an error
//!   ([`XbrlError`]): the facts of such a file cannot be trusted. A printed
//!   number that does not read under its own format is a *problem*
//!   ([`Instance::problems`]): that fact has no value, the others stand.

mod inline;
mod instance;
pub mod transform;
pub(crate) mod xml;

use std::collections::HashMap;
use std::sync::Arc;

use jiff::civil::Date;
use rust_decimal::Decimal;

pub use transform::TransformError;

/// Why a document's facts could not be read. Every variant names the file
/// and, where there is one, the line and the element.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum XbrlError {
    /// The document is not well-formed XML (inline XBRL must be XHTML).
    #[error("{file} line {line}: not well-formed XML: {reason}")]
    Xml {
        /// The file.
        file: String,
        /// 1-based line.
        line: u64,
        /// What the XML reader found.
        reason: String,
    },
    /// An element lacks a required attribute or has an unreadable one.
    #[error("{file} line {line}: {element}: {reason}")]
    Attribute {
        /// The file.
        file: String,
        /// 1-based line.
        line: u64,
        /// The element (`ix:nonFraction id="f-12"`).
        element: String,
        /// What is wrong ("expected an integer in scale, found \"six\"").
        reason: String,
    },
    /// A fact names a context the document does not define.
    #[error(
        "{file} line {line}: {element}: contextRef {context:?} names no context of the document"
    )]
    UndefinedContext {
        /// The file.
        file: String,
        /// 1-based line.
        line: u64,
        /// The fact element.
        element: String,
        /// The context id as written.
        context: String,
    },
    /// A fact names a unit the document does not define.
    #[error("{file} line {line}: {element}: unitRef {unit:?} names no unit of the document")]
    UndefinedUnit {
        /// The file.
        file: String,
        /// 1-based line.
        line: u64,
        /// The fact element.
        element: String,
        /// The unit id as written.
        unit: String,
    },
    /// A context or unit is malformed (no period, an unreadable date).
    #[error("{file} line {line}: {element}: {reason}")]
    Resource {
        /// The file.
        file: String,
        /// 1-based line.
        line: u64,
        /// The context or unit (`xbrli:context id="c-4"`).
        element: String,
        /// What is wrong.
        reason: String,
    },
    /// A continuation chain points nowhere or loops.
    #[error("{file}: {element}: {reason}")]
    Continuation {
        /// The file.
        file: String,
        /// The fact or continuation whose `continuedAt` is broken.
        element: String,
        /// What is wrong.
        reason: String,
    },
    /// A numeric fact's printed text does not read under its format (a
    /// problem of that fact only: see [`Instance::problems`]).
    #[error("{file} line {line}: {element}: {reason}")]
    Value {
        /// The file.
        file: String,
        /// 1-based line.
        line: u64,
        /// The fact element.
        element: String,
        /// Why the text does not read.
        reason: TransformError,
    },
}

/// A filing's facts with their contexts and units.
#[derive(Debug, Clone, Default)]
pub struct Instance {
    name: String,
    contexts: Vec<Arc<Context>>,
    units: Vec<Arc<Unit>>,
    facts: Vec<Fact>,
    by_id: HashMap<String, usize>,
    context_index: HashMap<String, usize>,
    problems: Vec<XbrlError>,
}

/// An XBRL context: who, when and which dimension members.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// The context's id (`c-4`).
    pub id: String,
    /// The reporting entity.
    pub entity: Entity,
    /// The period.
    pub period: Period,
    /// Dimension members of the segment and the scenario, in document order.
    pub dims: Vec<Dim>,
}

/// The entity of a context (`http://www.sec.gov/CIK` `0000320193`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entity {
    /// The identifier scheme.
    pub scheme: String,
    /// The identifier.
    pub identifier: String,
}

/// When a fact is: at an instant, over a duration, or forever.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Period {
    /// At the end of a day (`<instant>2024-09-28</instant>`).
    Instant(Date),
    /// From a start date to an end date, both as written (XBRL's
    /// `startDate`/`endDate`; the end is the last day of the period).
    Duration {
        /// `startDate`.
        start: Date,
        /// `endDate`.
        end: Date,
    },
    /// `<forever/>`.
    Forever,
}

/// The SEC's enumeration taxonomies, whose elements are only ever members
/// (`country:US`, `currency:EUR`, `stpr:CA`, `exch:XNYS`).
const MEMBER_TAXONOMIES: [&str; 6] = ["country", "currency", "stpr", "exch", "naics", "sic"];

/// Whether a QName names a dimension's axis, domain or member
/// (`srt:ProductOrServiceAxis`, `aapl:IPhoneMember`, `country:US`), not a
/// concept: by the naming convention of the US-GAAP and IFRS taxonomies,
/// which filers' extensions follow, and by the SEC's member-only
/// taxonomies.
pub fn is_dimension_qname(prefix: &str, local: &str) -> bool {
    local.ends_with("Member")
        || local.ends_with("Axis")
        || local.ends_with("Domain")
        || MEMBER_TAXONOMIES.contains(&prefix)
}

/// One dimension member of a context.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Dim {
    /// The axis QName (`srt:ProductOrServiceAxis`).
    pub axis: String,
    /// The member.
    pub member: Member,
}

impl std::fmt::Display for Dim {
    /// `srt:ProductOrServiceAxis=aapl:IPhoneMember` (a typed member's
    /// value as text).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let member = match &self.member {
            Member::Explicit(m) | Member::Typed(m) => m,
        };
        write!(f, "{}={member}", self.axis)
    }
}

/// A dimension's member: a domain member QName, or a typed value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Member {
    /// `xbrldi:explicitMember`: a member QName (`aapl:IPhoneMember`).
    Explicit(String),
    /// `xbrldi:typedMember`: the text of its value element.
    Typed(String),
}

/// An XBRL unit: measures, possibly a ratio (`USD/shares`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// The unit's id (`usd`).
    pub id: String,
    /// The measures multiplied (`iso4217:USD`), or the numerator of a divide.
    pub numerator: Vec<String>,
    /// The denominator of a divide (`xbrli:shares`), empty otherwise.
    pub denominator: Vec<String>,
}

/// A fact's `decimals`: `INF` or a number of places (`-6` is millions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decimals {
    /// Exact.
    Inf,
    /// Accurate to this many decimal places (negative: to tens, thousands, …).
    Places(i32),
}

/// Which element a fact came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FactKind {
    /// `ix:nonFraction`: a number printed in the document.
    NonFraction,
    /// `ix:nonNumeric`: text, a date, a flag.
    NonNumeric,
    /// An item of a plain instance document (numeric when it has a unit).
    Item,
}

/// One fact.
#[derive(Debug, Clone, PartialEq)]
pub struct Fact {
    /// The element's `id` (`f-503`), when it has one.
    pub id: Option<String>,
    /// The concept QName (`us-gaap:Revenues`).
    pub concept: String,
    /// Which element it came from.
    pub kind: FactKind,
    /// Its context.
    pub context: Arc<Context>,
    /// Its unit (numeric facts).
    pub unit: Option<Arc<Unit>>,
    /// `decimals`, when given.
    pub decimals: Option<Decimals>,
    /// Inline `scale` (0 when absent): the printed number × 10^scale.
    pub scale: i32,
    /// Inline `sign="-"`: the value is the negative of the printed number.
    pub negated: bool,
    /// The transformation format as written (`ixt:num-dot-decimal`).
    pub format: Option<String>,
    /// `xsi:nil="true"`: the fact has no value.
    pub nil: bool,
    /// The value of a numeric fact after format, scale and sign; `None` for
    /// a text fact, a nil fact, or a number that did not read (see
    /// [`Instance::problems`]).
    pub value: Option<Decimal>,
    /// The text as printed (inline), continuations joined for text facts;
    /// the element's content for a plain instance.
    pub text: String,
    /// The fact is in `ix:header` (hidden facts are not shown in the document).
    pub hidden: bool,
    /// Byte offset of the fact element's `<` in the document, which ties it
    /// to its place in the HTML.
    pub offset: usize,
}

impl Fact {
    /// The fact's period (from its context).
    pub fn period(&self) -> Period {
        self.context.period
    }

    /// The dimension members of its context (empty: the consolidated entity).
    pub fn dims(&self) -> &[Dim] {
        &self.context.dims
    }

    /// The context's id.
    pub fn context_ref(&self) -> &str {
        &self.context.id
    }

    /// The unit's id, if any.
    pub fn unit_ref(&self) -> Option<&str> {
        self.unit.as_deref().map(|u| u.id.as_str())
    }

    /// A number: an `ix:nonFraction`, or an instance item with a unit.
    pub fn is_numeric(&self) -> bool {
        match self.kind {
            FactKind::NonFraction => true,
            FactKind::NonNumeric => false,
            FactKind::Item => self.unit.is_some(),
        }
    }

    /// The concept's local name (`Revenues` for `us-gaap:Revenues`).
    pub fn local_name(&self) -> &str {
        self.concept.rsplit(':').next().unwrap_or(&self.concept)
    }

    /// The concept's prefix (`us-gaap`), empty without one.
    pub fn prefix(&self) -> &str {
        self.concept
            .split_once(':')
            .map_or("", |(prefix, _)| prefix)
    }
}

impl Unit {
    /// A short name: the measures' local names, `USD`, `shares`,
    /// `USD/shares`, `pure`.
    pub fn name(&self) -> String {
        let local = |m: &String| m.rsplit(':').next().unwrap_or(m).to_string();
        let num: Vec<String> = self.numerator.iter().map(local).collect();
        let den: Vec<String> = self.denominator.iter().map(local).collect();
        if den.is_empty() {
            num.join("*")
        } else {
            format!("{}/{}", num.join("*"), den.join("*"))
        }
    }
}

impl Instance {
    /// Reads a plain XBRL instance document. `name` names it in errors.
    pub fn parse_instance(bytes: &[u8], name: &str) -> Result<Instance, XbrlError> {
        instance::parse(&xml::text_of(bytes), name)
    }

    /// Reads the facts of an inline-XBRL (XHTML) document. `name` names it
    /// in errors. A document without inline XBRL gives an instance with no
    /// facts.
    pub fn parse_inline(bytes: &[u8], name: &str) -> Result<Instance, XbrlError> {
        inline::parse(&xml::text_of(bytes), name)
    }

    /// The name the instance was read under.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Every fact, in document order.
    pub fn facts(&self) -> &[Fact] {
        &self.facts
    }

    /// The fact with an element id.
    pub fn fact(&self, id: &str) -> Option<&Fact> {
        self.by_id.get(id).and_then(|&i| self.facts.get(i))
    }

    /// The context with an id.
    pub fn context(&self, id: &str) -> Option<&Arc<Context>> {
        self.context_index
            .get(id)
            .and_then(|&i| self.contexts.get(i))
    }

    /// Every context, in document order.
    pub fn contexts(&self) -> &[Arc<Context>] {
        &self.contexts
    }

    /// Every unit, in document order.
    pub fn units(&self) -> &[Arc<Unit>] {
        &self.units
    }

    /// Facts whose value could not be read ([`XbrlError::Value`]); those facts
    /// have `value: None`.
    pub fn problems(&self) -> &[XbrlError] {
        &self.problems
    }

    /// Builds the instance from its parts, indexing ids.
    fn assemble(
        name: &str,
        contexts: Vec<Arc<Context>>,
        units: Vec<Arc<Unit>>,
        facts: Vec<Fact>,
        problems: Vec<XbrlError>,
    ) -> Instance {
        let context_index = contexts
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.clone(), i))
            .collect();
        let mut by_id = HashMap::with_capacity(facts.len());
        for (i, fact) in facts.iter().enumerate() {
            if let Some(id) = &fact.id {
                by_id.entry(id.clone()).or_insert(i);
            }
        }
        Instance {
            name: name.to_string(),
            contexts,
            units,
            facts,
            by_id,
            context_index,
            problems,
        }
    }
}

/// The shared datasets folder for tests that read it: `TICKMARK_DATASETS`,
/// else `../shared/datasets` beside the repository (CI's layout), else two
/// levels up (a worktree's). `None` when absent: such tests skip.
#[cfg(test)]
pub(crate) fn shared_datasets() -> Option<std::path::PathBuf> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    std::env::var_os("TICKMARK_DATASETS")
        .map(std::path::PathBuf::from)
        .into_iter()
        .chain([
            root.join("../shared/datasets"),
            root.join("../../shared/datasets"),
        ])
        .find(|p| p.is_dir())
}
