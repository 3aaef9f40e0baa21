//! The concept vocabulary: canonical role ids (US-GAAP element names where one
//! exists, docs/contract.md §6) with their synonyms, and the matcher that reads a row
//! label — in its section and statement — or a claim's role text into one.
//!
//! The built-in data is `concepts.toml` beside this file, compiled in; users
//! extend it with `--vocab FILE` in the same format. An unknown label gives
//! `None`, never a guess. The file format and the matching rules are written
//! down in `README.md` beside this file.
//!
//! This module owns the words; it does not decide periods, units or signs
//! (the labeler and the checks do), and it never looks at numbers.

mod file;
pub mod gaap;
pub mod lexicon;
mod matcher;
pub mod metrics;
mod normalize;

use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, LazyLock};

use serde::{Deserialize, Serialize};

use crate::model::{Measure, StatementKind};

pub use matcher::LabelCache;
pub use normalize::normalize_label;
pub(crate) use normalize::{
    acronym_glosses, definition_remarks, letter_formulas, strip_footnotes, strip_parentheticals,
};

/// The built-in vocabulary file.
const BUILTIN_TOML: &str = include_str!("concepts.toml");

/// How the built-in vocabulary names itself in messages.
const BUILTIN_ORIGIN: &str = "built-in vocabulary";

/// The built-in vocabulary, parsed once.
static BUILTIN: LazyLock<Vocab> =
    LazyLock::new(|| Vocab::parse(BUILTIN_TOML, BUILTIN_ORIGIN).unwrap_or_default());

/// A canonical concept id such as `Revenues` or `EarningsPerShareBasic`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct ConceptId(Arc<str>);

impl ConceptId {
    /// A concept id from its name.
    pub fn new(id: &str) -> ConceptId {
        ConceptId(Arc::from(id))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Maps keyed by concept id can be looked up by the id's text (the derived
/// `Hash` and `Eq` are the text's).
impl std::borrow::Borrow<str> for ConceptId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for ConceptId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whether a concept is measured over a period or at a point in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeriodType {
    /// Flows: revenue, net income, cash from operations.
    Duration,
    /// Balances: assets, cash, debt.
    Instant,
}

/// What the vocabulary knows about one concept.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConceptInfo {
    /// The canonical id.
    pub id: ConceptId,
    /// What kind of quantity it is.
    pub measure: Measure,
    /// Flow or balance.
    pub period_type: PeriodType,
    /// A metric derived from statement lines (gross margin %, growth, free cash flow).
    pub derived: bool,
    /// The statement kinds whose rows may carry this concept; empty means
    /// every kind. Tables of kind `Other` accept every concept.
    pub statements: Vec<StatementKind>,
    /// Row labels (and claim phrasings) that mean this concept, as written in
    /// the vocabulary file.
    pub labels: Vec<String>,
    /// Phrasings that mean this concept only in free text (a claim's role),
    /// where the same words as a row label mean something else ("gross
    /// margin" in a claim is the ratio, in a statement row the amount).
    pub text_labels: Vec<String>,
    /// Labels that mean this concept only under certain sections.
    pub in_section: Vec<SectionLabels>,
}

impl ConceptInfo {
    /// Whether a row of a table of this statement kind may carry the concept.
    pub fn allowed_in(&self, statement: StatementKind) -> bool {
        statement == StatementKind::Other
            || self.statements.is_empty()
            || self.statements.contains(&statement)
    }

    /// A short human name: the first label.
    pub fn name(&self) -> &str {
        self.labels
            .first()
            .map(String::as_str)
            .unwrap_or_else(|| self.id.as_str())
    }
}

/// Labels that name a concept only under a section whose normalized caption
/// contains one of the `section` phrases ("Basic" under "Earnings per share:").
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SectionLabels {
    /// Caption phrases, as written in the vocabulary file.
    pub section: Vec<String>,
    /// Row labels, as written in the vocabulary file.
    pub labels: Vec<String>,
}

/// A vocabulary file that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum VocabError {
    /// The file could not be opened.
    #[error("{path}: cannot read vocabulary file: {reason}")]
    Io {
        /// The file.
        path: String,
        /// Why, as the operating system says it.
        reason: String,
    },
    /// The file is not a valid vocabulary.
    #[error("{origin}: {message}")]
    Invalid {
        /// The file (or "built-in vocabulary").
        origin: String,
        /// What is wrong, with line where known.
        message: String,
    },
}

/// The concept vocabulary.
///
/// Cheap to clone: the concepts and their lookup tables are shared.
#[derive(Debug, Clone, Default)]
pub struct Vocab {
    inner: Arc<Inner>,
}

/// The concepts and the tables built from them.
#[derive(Debug)]
struct Inner {
    contents: file::Contents,
    index: matcher::Index,
    /// Unique to these contents (never reused), so that what is computed
    /// from a vocabulary can be memoized by it ([`Vocab::serial`]).
    serial: u64,
}

impl Default for Inner {
    fn default() -> Inner {
        Inner {
            contents: file::Contents::default(),
            index: matcher::Index::default(),
            serial: next_serial(),
        }
    }
}

/// A number no other vocabulary contents of this process has had.
fn next_serial() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Vocab {
    /// Identifies these contents: two vocabularies with one serial are the
    /// same (clones); a vocabulary extended gets a new one. For memoizing
    /// what is read with a vocabulary.
    pub fn serial(&self) -> u64 {
        self.inner.serial
    }

    /// The built-in vocabulary.
    pub fn builtin() -> Vocab {
        BUILTIN.clone()
    }

    /// Reads a vocabulary in the `concepts.toml` format.
    pub fn parse(text: &str, origin: &str) -> Result<Vocab, VocabError> {
        let mut vocab = Vocab::default();
        vocab.extend_from_str(text, origin)?;
        Ok(vocab)
    }

    /// Adds the concepts and synonyms of a vocabulary file (`--vocab FILE`).
    ///
    /// New concepts are added; a concept id that already exists gets the new
    /// labels appended. A label that would then name two concepts in the same
    /// kind of statement is an error naming both concepts and the file. On
    /// error the vocabulary is left as it was.
    pub fn extend_from_file(&mut self, path: &Path) -> Result<(), VocabError> {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| VocabError::Io {
            path: origin.clone(),
            reason: match e.kind() {
                std::io::ErrorKind::NotFound => "no such file".to_string(),
                _ => e.to_string(),
            },
        })?;
        self.extend_from_str(&text, &origin)
    }

    /// Adds the concepts and synonyms of a vocabulary text; `origin` names it
    /// in messages. Same rules as [`Vocab::extend_from_file`].
    pub fn extend_from_str(&mut self, text: &str, origin: &str) -> Result<(), VocabError> {
        let merged = file::merge(&self.inner.contents, text, origin)?;
        let collisions = matcher::collisions(&merged.contents.concepts);
        if let Some(first) = collisions.first() {
            let line = merged
                .label_lines
                .iter()
                .find(|(key, _)| *key == first.key)
                .map(|(_, line)| format!("line {line}: "))
                .unwrap_or_default();
            let more = match collisions.len() {
                1 => String::new(),
                n => format!(" (and {} more collision(s))", n - 1),
            };
            return Err(VocabError::Invalid {
                origin: origin.to_string(),
                message: format!("{line}{first}{more}"),
            });
        }
        let index = matcher::Index::build(&merged.contents);
        self.inner = Arc::new(Inner {
            contents: merged.contents,
            index,
            serial: next_serial(),
        });
        Ok(())
    }

    /// Whether a concept measures a percentage or a ratio (a rate), not an
    /// amount.
    pub fn is_rate(&self, id: &str) -> bool {
        self.info(id)
            .is_some_and(|i| matches!(i.measure, Measure::Percent | Measure::Ratio))
    }

    /// Whether a concept measures money.
    pub fn is_money(&self, id: &str) -> bool {
        self.info(id)
            .is_some_and(|i| i.measure == Measure::Monetary)
    }

    /// The line of money a statement prints under a name that a text reads
    /// as a rate ("Gross margin": gross profit, where "gross margin" in a
    /// role is the margin percentage), matched as a row label of any
    /// statement or of an income statement.
    pub fn money_line_named(&self, name: &str) -> Option<ConceptId> {
        [StatementKind::Other, StatementKind::Income]
            .into_iter()
            .filter_map(|kind| self.match_label(name, &[], kind))
            .find(|c| self.is_money(c.as_str()))
    }

    /// The concept of a row label read in its section path (outermost first)
    /// and statement; `None` when the label is not recognised.
    pub fn match_label(
        &self,
        label: &str,
        section: &[String],
        statement: StatementKind,
    ) -> Option<ConceptId> {
        self.match_label_cached(&mut LabelCache::default(), label, section, statement)
    }

    /// [`Vocab::match_label`] with the normalized forms of labels and
    /// captions kept in `cache`, for reading many rows of one source.
    pub fn match_label_cached(
        &self,
        cache: &mut LabelCache,
        label: &str,
        section: &[String],
        statement: StatementKind,
    ) -> Option<ConceptId> {
        let found = self.inner.index.match_label(
            &self.inner.contents.concepts,
            label,
            section,
            statement,
            cache,
        )?;
        self.concept_id(found)
    }

    /// The concept named in free text (a claim's role, "2023 net sales"): the
    /// byte range of the longest synonym found and its concept.
    /// A QName of a standard taxonomy (`us-gaap:Revenues`,
    /// `us-gaap:IncreaseDecreaseInDeferredRevenue`) names the concept a
    /// cell tagged with it has ([`Vocab::concept_of_tag`], else the local
    /// name).
    pub fn find_in_text(&self, text: &str) -> Option<(Range<usize>, ConceptId)> {
        if let Some(found) = gaap::qname_in_text(self, text) {
            return Some(found);
        }
        let (range, found) = self.inner.index.find_in_text(text)?;
        Some((range, self.concept_id(found)?))
    }

    /// What the vocabulary knows about a concept id.
    pub fn info(&self, id: &str) -> Option<&ConceptInfo> {
        let at = self.inner.index.position(id)?;
        self.inner.contents.concepts.get(at)
    }

    /// Every concept, in file order.
    pub fn concepts(&self) -> &[ConceptInfo] {
        &self.inner.contents.concepts
    }

    /// The number of concepts.
    pub fn len(&self) -> usize {
        self.inner.contents.concepts.len()
    }

    /// True when the vocabulary has no concepts.
    pub fn is_empty(&self) -> bool {
        self.inner.contents.concepts.is_empty()
    }

    /// The id of the concept at a position.
    fn concept_id(&self, at: usize) -> Option<ConceptId> {
        self.inner.contents.concepts.get(at).map(|c| c.id.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use StatementKind::{Balance, CashFlow, Income, Other};

    #[test]
    fn a_rate_s_name_printed_as_a_line_of_money() {
        let v = Vocab::builtin();
        assert_eq!(
            v.money_line_named("Gross margin")
                .as_ref()
                .map(ConceptId::as_str),
            Some("GrossProfit")
        );
        // Near misses: a name of a rate alone, a name with more words, and
        // no line at all.
        assert_eq!(v.money_line_named("Products gross margin"), None);
        assert_eq!(v.money_line_named("Gross margin percentage"), None);
        assert_eq!(v.money_line_named("Effective tax rate"), None);
    }

    #[test]
    fn a_clone_keeps_the_serial_and_an_extended_vocabulary_gets_a_new_one() {
        let builtin = Vocab::builtin();
        assert_eq!(builtin.serial(), Vocab::builtin().serial());
        let mut extended = builtin.clone();
        assert_eq!(extended.serial(), builtin.serial());
        extended
            .extend_from_str(
                "[[concept]]\nid = \"WidgetRoyalties\"\nmeasure = \"monetary\"\nperiod = \"duration\"\nstatements = [\"income\"]\nlabels = [\"widget royalties\"]\n",
                "test",
            )
            .unwrap();
        assert_ne!(extended.serial(), builtin.serial());
        assert_ne!(Vocab::default().serial(), Vocab::default().serial());
    }

    /// The docs/contract.md §6 ids the vocabulary must hold.
    const CONTRACT_IDS: [&str; 23] = [
        "Revenues",
        "CostOfRevenue",
        "GrossProfit",
        "OperatingExpenses",
        "ResearchAndDevelopmentExpense",
        "SellingGeneralAndAdministrativeExpense",
        "OperatingIncomeLoss",
        "InterestExpense",
        "IncomeTaxExpenseBenefit",
        "NetIncomeLoss",
        "EarningsPerShareBasic",
        "EarningsPerShareDiluted",
        "Assets",
        "AssetsCurrent",
        "CashAndCashEquivalentsAtCarryingValue",
        "AccountsReceivableNetCurrent",
        "InventoryNet",
        "Liabilities",
        "LiabilitiesCurrent",
        "LongTermDebt",
        "StockholdersEquity",
        "NetCashProvidedByUsedInOperatingActivities",
        "PaymentsToAcquirePropertyPlantAndEquipment",
    ];

    fn matched(label: &str, section: &[&str], statement: StatementKind) -> Option<String> {
        let section: Vec<String> = section.iter().map(|s| s.to_string()).collect();
        Vocab::builtin()
            .match_label(label, &section, statement)
            .map(|c| c.to_string())
    }

    #[test]
    fn builtin_file_parses_and_is_consistent() {
        let vocab = Vocab::parse(BUILTIN_TOML, BUILTIN_ORIGIN).unwrap();
        assert!(vocab.len() >= 150, "only {} concepts", vocab.len());
        assert_eq!(Vocab::builtin().len(), vocab.len());

        let mut ids = std::collections::HashSet::new();
        for concept in vocab.concepts() {
            assert!(
                ids.insert(concept.id.as_str()),
                "duplicate id {}",
                concept.id
            );
            assert!(!concept.labels.is_empty(), "{} has no labels", concept.id);
        }
        for id in CONTRACT_IDS {
            assert!(
                vocab.info(id).is_some(),
                "docs/contract.md §6 id {id} missing"
            );
        }

        let collisions = matcher::collisions(vocab.concepts());
        let listed: Vec<String> = collisions.iter().map(|c| c.to_string()).collect();
        assert!(
            listed.is_empty(),
            "label collisions:\n{}",
            listed.join("\n")
        );
    }

    #[test]
    fn builtin_file_has_no_repeated_labels() {
        // Repeats are harmless (the loader drops them) but mean the file
        // says the same thing twice; keep it tidy.
        let raw: toml::Table = toml::from_str(BUILTIN_TOML).unwrap();
        let concepts = raw["concept"].as_array().unwrap();
        let mut repeats = Vec::new();
        for concept in concepts {
            let id = concept["id"].as_str().unwrap();
            let mut seen = std::collections::HashSet::new();
            for label in concept
                .get("labels")
                .and_then(|l| l.as_array())
                .into_iter()
                .flatten()
            {
                let label = label.as_str().unwrap();
                if !seen.insert(normalize_label(label)) {
                    repeats.push(format!("{id}: {label:?}"));
                }
            }
        }
        assert!(
            repeats.is_empty(),
            "repeated labels:\n{}",
            repeats.join("\n")
        );
    }

    #[test]
    fn builtin_is_shared_and_cheap() {
        let a = Vocab::builtin();
        let b = Vocab::builtin();
        assert!(Arc::ptr_eq(&a.inner, &b.inner));
    }

    #[test]
    fn matches_row_labels() {
        let cases: &[(&str, &[&str], StatementKind, Option<&str>)] = &[
            // Plain labels.
            ("Net sales", &[], Income, Some("Revenues")),
            ("Total net sales", &["Net sales:"], Income, Some("Revenues")),
            ("Total net revenue", &[], Income, Some("Revenues")),
            ("Turnover", &[], Income, Some("Revenues")),
            ("Revenue", &[], Other, Some("Revenues")),
            ("Products", &["Net sales:"], Income, None),
            ("Services", &["Net sales:"], Income, None),
            ("Cost of sales", &[], Income, Some("CostOfRevenue")),
            (
                "Cost of revenue (exclusive of depreciation)",
                &[],
                Income,
                Some("CostOfRevenue"),
            ),
            ("Gross margin", &[], Income, Some("GrossProfit")),
            ("Total gross margin", &[], Income, Some("GrossProfit")),
            ("Gross margin %", &[], Income, Some("GrossMargin")),
            ("Gross margin (%)", &[], Other, Some("GrossMargin")),
            (
                "Research and development (1)",
                &["Operating expenses:"],
                Income,
                Some("ResearchAndDevelopmentExpense"),
            ),
            (
                "Research and development¹",
                &[],
                Income,
                Some("ResearchAndDevelopmentExpense"),
            ),
            (
                "Selling, general & administrative",
                &[],
                Income,
                Some("SellingGeneralAndAdministrativeExpense"),
            ),
            (
                "Income from operations",
                &[],
                Income,
                Some("OperatingIncomeLoss"),
            ),
            ("Operating profit", &[], Income, Some("OperatingIncomeLoss")),
            (
                "Other income/(expense), net",
                &[],
                Income,
                Some("NonoperatingIncomeExpense"),
            ),
            ("Finance costs", &[], Income, Some("InterestExpense")),
            (
                "Finance income",
                &[],
                Income,
                Some("InvestmentIncomeInterest"),
            ),
            (
                "Profit before tax",
                &[],
                Income,
                Some(
                    "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
                ),
            ),
            (
                "Provision for income taxes",
                &[],
                Income,
                Some("IncomeTaxExpenseBenefit"),
            ),
            (
                "Income tax expense",
                &[],
                Income,
                Some("IncomeTaxExpenseBenefit"),
            ),
            ("Profit for the year", &[], Income, Some("NetIncomeLoss")),
            (
                "Profit attributable to owners of the parent",
                &[],
                Income,
                Some("NetIncomeLoss"),
            ),
            ("Net income (loss)", &[], Income, Some("NetIncomeLoss")),
            ("Net earnings", &[], Income, Some("NetIncomeLoss")),
            ("NET INCOME", &[], Income, Some("NetIncomeLoss")),
            (
                "Basic earnings per share",
                &[],
                Income,
                Some("EarningsPerShareBasic"),
            ),
            (
                "Diluted earnings per share",
                &[],
                Income,
                Some("EarningsPerShareDiluted"),
            ),
            // Section labels.
            (
                "Basic",
                &["Earnings per share:"],
                Income,
                Some("EarningsPerShareBasic"),
            ),
            (
                "Diluted",
                &["Net income per share"],
                Income,
                Some("EarningsPerShareDiluted"),
            ),
            (
                "Basic (in dollars per share)",
                &["Net income (loss) per share:"],
                Income,
                Some("EarningsPerShareBasic"),
            ),
            (
                "Basic",
                &["Weighted-average shares outstanding:"],
                Income,
                Some("WeightedAverageNumberOfSharesOutstandingBasic"),
            ),
            (
                "Diluted",
                &["Shares used in computing earnings per share:"],
                Income,
                Some("WeightedAverageNumberOfDilutedSharesOutstanding"),
            ),
            (
                "Basic and diluted",
                &["Net loss per share:"],
                Income,
                Some("EarningsPerShareBasicAndDiluted"),
            ),
            ("Basic", &[], Income, None),
            ("Basic", &["Revenues:"], Income, None),
            (
                "Owners of the parent",
                &["Profit attributable to:"],
                Income,
                Some("NetIncomeLoss"),
            ),
            (
                "Non-controlling interests",
                &["Profit for the year attributable to:"],
                Income,
                Some("NetIncomeLossAttributableToNoncontrollingInterest"),
            ),
            (
                "Non-controlling interests",
                &["Total comprehensive income attributable to:"],
                Income,
                Some("ComprehensiveIncomeNetOfTaxAttributableToNoncontrollingInterest"),
            ),
            (
                "Non-controlling interests",
                &[],
                Balance,
                Some("MinorityInterest"),
            ),
            // Cash flow statement.
            (
                "Net income",
                &["Operating activities"],
                CashFlow,
                Some("NetIncomeLoss"),
            ),
            (
                "Net income",
                &["Cash flows from operating activities:"],
                CashFlow,
                Some("NetIncomeLoss"),
            ),
            (
                "Depreciation and amortization",
                &[
                    "Operating activities",
                    "Adjustments to reconcile net income to net cash provided by operating activities:",
                ],
                CashFlow,
                Some("DepreciationDepletionAndAmortization"),
            ),
            (
                "Accounts receivable",
                &[
                    "Operating activities",
                    "Changes in operating assets and liabilities:",
                ],
                CashFlow,
                Some("IncreaseDecreaseInAccountsReceivable"),
            ),
            (
                "Inventories",
                &["Changes in operating assets and liabilities:"],
                CashFlow,
                Some("IncreaseDecreaseInInventories"),
            ),
            (
                "Accounts payable",
                &["Changes in operating assets and liabilities:"],
                CashFlow,
                Some("IncreaseDecreaseInAccountsPayable"),
            ),
            (
                "Deferred revenue",
                &["Changes in operating assets and liabilities:"],
                CashFlow,
                Some("IncreaseDecreaseInContractWithCustomerLiability"),
            ),
            (
                "Other",
                &["Changes in operating assets and liabilities:"],
                CashFlow,
                Some("IncreaseDecreaseInOtherOperatingCapitalNet"),
            ),
            (
                "(Increase) decrease in accounts receivable",
                &[],
                CashFlow,
                Some("IncreaseDecreaseInAccountsReceivable"),
            ),
            ("Accounts receivable", &[], CashFlow, None),
            (
                "Accounts receivable",
                &["Investing activities"],
                CashFlow,
                None,
            ),
            (
                "Total",
                &["Changes in operating assets and liabilities:"],
                CashFlow,
                Some("IncreaseDecreaseInOperatingCapital"),
            ),
            (
                "Net cash provided by operating activities",
                &[],
                CashFlow,
                Some("NetCashProvidedByUsedInOperatingActivities"),
            ),
            (
                "Net cash from operating activities",
                &[],
                CashFlow,
                Some("NetCashProvidedByUsedInOperatingActivities"),
            ),
            (
                "Net cash generated from operating activities",
                &[],
                CashFlow,
                Some("NetCashProvidedByUsedInOperatingActivities"),
            ),
            (
                "Net cash (used in) provided by investing activities",
                &[],
                CashFlow,
                Some("NetCashProvidedByUsedInInvestingActivities"),
            ),
            (
                "Purchases of property and equipment",
                &["Investing activities"],
                CashFlow,
                Some("PaymentsToAcquirePropertyPlantAndEquipment"),
            ),
            (
                "Capital expenditures",
                &[],
                CashFlow,
                Some("PaymentsToAcquirePropertyPlantAndEquipment"),
            ),
            (
                "Payments for acquisition of property, plant and equipment",
                &[],
                CashFlow,
                Some("PaymentsToAcquirePropertyPlantAndEquipment"),
            ),
            (
                "Other",
                &["Investing activities:"],
                CashFlow,
                Some("PaymentsForProceedsFromOtherInvestingActivities"),
            ),
            (
                "Other",
                &["Financing activities:"],
                CashFlow,
                Some("ProceedsFromPaymentsForOtherFinancingActivities"),
            ),
            ("Other", &["Operating activities"], CashFlow, None),
            (
                "Interest",
                &["Supplemental cash flow information:", "Cash paid for:"],
                CashFlow,
                Some("InterestPaidNet"),
            ),
            (
                "Income taxes",
                &["Cash paid during the year for:"],
                CashFlow,
                Some("IncomeTaxesPaidNet"),
            ),
            ("Income taxes", &[], CashFlow, None),
            (
                "Beginning of year",
                &["Cash and cash equivalents:"],
                CashFlow,
                Some("CashBeginningOfPeriod"),
            ),
            (
                "End of period",
                &["Cash, cash equivalents and restricted cash:"],
                CashFlow,
                Some("CashEndOfPeriod"),
            ),
            (
                "Cash and cash equivalents at end of year",
                &[],
                CashFlow,
                Some("CashEndOfPeriod"),
            ),
            (
                "Operating activities",
                &["Net cash provided by (used in):"],
                Other,
                Some("NetCashProvidedByUsedInOperatingActivities"),
            ),
            (
                "Financing activities",
                &["Net cash provided by (used in):"],
                Other,
                Some("NetCashProvidedByUsedInFinancingActivities"),
            ),
            (
                "Dividends paid",
                &["Financing activities"],
                CashFlow,
                Some("PaymentsOfDividends"),
            ),
            (
                "Repurchases of common stock",
                &[],
                CashFlow,
                Some("PaymentsForRepurchaseOfCommonStock"),
            ),
            (
                "Deferred income taxes",
                &["Adjustments to reconcile net income:"],
                CashFlow,
                Some("DeferredIncomeTaxExpenseBenefit"),
            ),
            // Balance sheet.
            (
                "Accounts receivable, net",
                &["Current assets:"],
                Balance,
                Some("AccountsReceivableNetCurrent"),
            ),
            (
                "Accounts receivable",
                &["Operating activities"],
                Balance,
                Some("AccountsReceivableNetCurrent"),
            ),
            (
                "Trade and other receivables",
                &[],
                Balance,
                Some("AccountsReceivableNetCurrent"),
            ),
            ("Net income", &[], Balance, None),
            (
                "Total",
                &["Current assets:"],
                Balance,
                Some("AssetsCurrent"),
            ),
            (
                "Total",
                &["Assets", "Current assets:"],
                Balance,
                Some("AssetsCurrent"),
            ),
            ("Total current assets", &[], Balance, Some("AssetsCurrent")),
            (
                "Total",
                &["Current liabilities"],
                Balance,
                Some("LiabilitiesCurrent"),
            ),
            (
                "Total, net",
                &["Property, plant and equipment"],
                Balance,
                Some("PropertyPlantAndEquipmentNet"),
            ),
            ("Total", &[], Balance, None),
            (
                "Total stockholders’ equity",
                &[],
                Balance,
                Some("StockholdersEquity"),
            ),
            (
                "Total shareholders' equity",
                &[],
                Balance,
                Some("StockholdersEquity"),
            ),
            (
                "Total stockholders' equity (deficit)",
                &[],
                Balance,
                Some("StockholdersEquity"),
            ),
            (
                "Total equity",
                &[],
                Balance,
                Some("StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest"),
            ),
            (
                "Total liabilities and stockholders’ equity",
                &[],
                Balance,
                Some("LiabilitiesAndStockholdersEquity"),
            ),
            (
                "Total equity and liabilities",
                &[],
                Balance,
                Some("LiabilitiesAndStockholdersEquity"),
            ),
            (
                "Equity attributable to owners of the parent",
                &[],
                Balance,
                Some("StockholdersEquity"),
            ),
            (
                "Property, plant and equipment",
                &["Non-current assets"],
                Balance,
                Some("PropertyPlantAndEquipmentNet"),
            ),
            (
                "Trade and other payables",
                &["Current liabilities"],
                Balance,
                Some("AccountsPayableCurrent"),
            ),
            (
                "Share capital",
                &["Equity"],
                Balance,
                Some("CommonStockValue"),
            ),
            (
                "Share premium",
                &["Equity"],
                Balance,
                Some("AdditionalPaidInCapital"),
            ),
            (
                "Retained earnings",
                &[],
                Balance,
                Some("RetainedEarningsAccumulatedDeficit"),
            ),
            (
                "Borrowings",
                &["Current liabilities"],
                Balance,
                Some("DebtCurrent"),
            ),
            (
                "Borrowings",
                &["Non-current liabilities"],
                Balance,
                Some("LongTermDebtNoncurrent"),
            ),
            ("Borrowings", &[], Balance, None),
            (
                "Term debt",
                &["Liabilities", "Current liabilities:"],
                Balance,
                Some("LongTermDebtCurrent"),
            ),
            (
                "Term debt",
                &["Liabilities", "Non-current liabilities:"],
                Balance,
                Some("LongTermDebtNoncurrent"),
            ),
            (
                "Marketable securities",
                &["Current assets:"],
                Balance,
                Some("MarketableSecuritiesCurrent"),
            ),
            (
                "Marketable securities",
                &["Non-current assets:"],
                Balance,
                Some("MarketableSecuritiesNoncurrent"),
            ),
            (
                "Deferred revenue",
                &["Current liabilities:"],
                Balance,
                Some("ContractWithCustomerLiabilityCurrent"),
            ),
            (
                "Deferred revenue",
                &["Non-current liabilities:"],
                Balance,
                Some("ContractWithCustomerLiabilityNoncurrent"),
            ),
            (
                "Other",
                &["Current assets:"],
                Balance,
                Some("OtherAssetsCurrent"),
            ),
            (
                "Other assets",
                &["Current assets:"],
                Balance,
                Some("OtherAssetsCurrent"),
            ),
            ("Other assets", &[], Balance, Some("OtherAssetsNoncurrent")),
            (
                "Deferred income taxes",
                &["Liabilities", "Non-current liabilities"],
                Balance,
                Some("DeferredIncomeTaxLiabilitiesNet"),
            ),
            (
                "Deferred income taxes",
                &["Assets"],
                Balance,
                Some("DeferredIncomeTaxAssetsNet"),
            ),
            (
                "Operating lease liabilities",
                &["Current liabilities:"],
                Balance,
                Some("OperatingLeaseLiabilityCurrent"),
            ),
            ("Operating lease liabilities", &[], Balance, None),
            (
                "Less: accumulated depreciation",
                &[],
                Balance,
                Some("AccumulatedDepreciationDepletionAndAmortizationPropertyPlantAndEquipment"),
            ),
            (
                "Total research and development",
                &[],
                Income,
                Some("ResearchAndDevelopmentExpense"),
            ),
            ("Total widgets", &[], Income, None),
            // Numeric detail cut off.
            (
                "Common stock, $0.01 par value; 500,000 shares authorized; 120,000 issued",
                &["Stockholders' equity:"],
                Balance,
                Some("CommonStockValue"),
            ),
            (
                "Common stock and additional paid-in capital, $0.00001 par value: 50,400,000 shares authorized",
                &["Shareholders’ equity:"],
                Balance,
                Some("CommonStocksIncludingAdditionalPaidInCapital"),
            ),
            (
                "Accounts receivable, net of allowance of $1.2 million and $0.9 million",
                &[],
                Balance,
                Some("AccountsReceivableNetCurrent"),
            ),
            (
                "Accounts receivable, less allowances of $5 and $4, respectively",
                &[],
                Balance,
                Some("AccountsReceivableNetCurrent"),
            ),
            (
                "Deferred revenue, net of current portion of $3",
                &[],
                Balance,
                Some("ContractWithCustomerLiabilityNoncurrent"),
            ),
            (
                "Treasury stock, at cost, 10,000 shares",
                &[],
                Balance,
                Some("TreasuryStockValue"),
            ),
            (
                "Accounts receivable, net of allowance\u{a0}of\u{a0}$5",
                &[],
                Balance,
                Some("AccountsReceivableNetCurrent"),
            ),
            ("Widget royalties, 2023", &[], Income, None),
            ("2023", &[], Income, None),
            // More section and IFRS rows.
            (
                "Other, net",
                &["Other income (expense):"],
                Income,
                Some("OtherNonoperatingIncomeExpense"),
            ),
            (
                "Other operating income",
                &[],
                Income,
                Some("OtherOperatingIncome"),
            ),
            (
                "Other current and non-current assets",
                &[
                    "Operating activities:",
                    "Changes in operating assets and liabilities:",
                ],
                CashFlow,
                Some("IncreaseDecreaseInOtherOperatingAssets"),
            ),
            ("Cash generated from operations", &[], CashFlow, None),
            (
                "Right-of-use assets",
                &["Non-current assets"],
                Balance,
                None,
            ),
            // Unknown or misplaced.
            ("Widget royalties", &[], Income, None),
            ("Widget royalties", &["Revenues:"], Income, None),
            ("Revenue", &[], Balance, None),
            ("", &[], Income, None),
            ("(1)", &[], Income, None),
        ];
        let mut failures = Vec::new();
        for (label, section, statement, want) in cases {
            let got = matched(label, section, *statement);
            if got.as_deref() != *want {
                failures.push(format!(
                    "{label:?} under {section:?} in {statement:?}: got {got:?}, want {want:?}"
                ));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn finds_concepts_in_text() {
        let cases: &[(&str, Option<(&str, &str)>)] = &[
            ("2023 net sales", Some(("Revenues", "net sales"))),
            ("Revenue, FY2023", Some(("Revenues", "Revenue"))),
            (
                "diluted EPS for Q1 2024",
                Some(("EarningsPerShareDiluted", "diluted EPS")),
            ),
            (
                "diluted EPS, Q1 2024",
                Some(("EarningsPerShareDiluted", "diluted EPS")),
            ),
            (
                "EPS (diluted), FY2023",
                Some(("EarningsPerShareDiluted", "EPS (diluted")),
            ),
            (
                "basic earnings per share 2022",
                Some(("EarningsPerShareBasic", "basic earnings per share")),
            ),
            ("gross margin %", Some(("GrossMargin", "gross margin %"))),
            (
                "Gross margin, FY2023",
                Some(("GrossMargin", "Gross margin")),
            ),
            ("Gross profit 2023", Some(("GrossProfit", "Gross profit"))),
            (
                "cost of revenue for the year ended Dec 31, 2022",
                Some(("CostOfRevenue", "cost of revenue")),
            ),
            (
                "revenue growth 2023 vs 2022",
                Some(("RevenueGrowth", "revenue growth")),
            ),
            (
                "Total stockholders’ equity at year end",
                Some(("StockholdersEquity", "Total stockholders’ equity")),
            ),
            (
                "capex in 2023",
                Some(("PaymentsToAcquirePropertyPlantAndEquipment", "capex")),
            ),
            (
                "R&D expense, 2023",
                Some(("ResearchAndDevelopmentExpense", "R&D expense")),
            ),
            (
                "SG&A 2022",
                Some(("SellingGeneralAndAdministrativeExpense", "SG&A")),
            ),
            (
                "operating cash flow FY24",
                Some((
                    "NetCashProvidedByUsedInOperatingActivities",
                    "operating cash flow",
                )),
            ),
            ("FCF 2023", Some(("FreeCashFlow", "FCF"))),
            (
                "free cash flow for 2023",
                Some(("FreeCashFlow", "free cash flow")),
            ),
            (
                "net income margin",
                Some(("NetMargin", "net income margin")),
            ),
            (
                "effective tax rate 2023",
                Some(("EffectiveIncomeTaxRate", "effective tax rate")),
            ),
            (
                "Adjusted EBITDA 2023",
                Some(("AdjustedEBITDA", "Adjusted EBITDA")),
            ),
            ("EBITDA 2023", Some(("EBITDA", "EBITDA"))),
            (
                "net income attributable to noncontrolling interests",
                Some((
                    "NetIncomeLossAttributableToNoncontrollingInterest",
                    "net income attributable to noncontrolling interests",
                )),
            ),
            (
                "cash and cash equivalents at December 31, 2023",
                Some((
                    "CashAndCashEquivalentsAtCarryingValue",
                    "cash and cash equivalents",
                )),
            ),
            // Nothing, or nothing single.
            ("operating income growth", None),
            ("cost of sales as a percentage of revenue", None),
            ("R&D as a % of revenue", None),
            ("revenue per employee", None),
            ("average total assets", None),
            ("increase in revenue", None),
            ("inventory turnover", None),
            ("EPS for Q1 2024", None),
            ("net income per share", None),
            ("adjusted diluted EPS", None),
            ("non-GAAP operating income", None),
            ("organic revenue growth", None),
            ("widget royalties", None),
            ("", None),
        ];
        let vocab = Vocab::builtin();
        let mut failures = Vec::new();
        for (text, want) in cases {
            let got = vocab
                .find_in_text(text)
                .map(|(range, id)| (id.to_string(), text.get(range).unwrap_or("?").to_string()));
            let want = want.map(|(id, words)| (id.to_string(), words.to_string()));
            if got != want {
                failures.push(format!("{text:?}: got {got:?}, want {want:?}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        let (range, id) = vocab.find_in_text("2023 net sales").unwrap();
        assert_eq!((range, id.as_str()), (5..14, "Revenues"));
    }

    #[test]
    fn info_describes_concepts() {
        let vocab = Vocab::builtin();
        let eps = vocab.info("EarningsPerShareDiluted").unwrap();
        assert_eq!(eps.measure, Measure::PerShare);
        assert_eq!(eps.period_type, PeriodType::Duration);
        assert!(!eps.derived);
        let shares = vocab
            .info("WeightedAverageNumberOfDilutedSharesOutstanding")
            .unwrap();
        assert_eq!(shares.measure, Measure::Shares);
        let cash = vocab.info("CashAndCashEquivalentsAtCarryingValue").unwrap();
        assert_eq!(cash.period_type, PeriodType::Instant);
        assert_eq!(cash.statements, vec![Balance]);
        assert!(cash.allowed_in(Other) && !cash.allowed_in(CashFlow));
        let margin = vocab.info("GrossMargin").unwrap();
        assert!(margin.derived);
        assert_eq!(margin.measure, Measure::Percent);
        assert_eq!(
            vocab.info("FreeCashFlow").unwrap().measure,
            Measure::Monetary
        );
        assert_eq!(vocab.info("DebtToEquity").unwrap().measure, Measure::Ratio);
        assert_eq!(vocab.info("Revenues").unwrap().name(), "Revenue");
        assert!(vocab.info("NoSuchThing").is_none());
    }

    /// A file in a folder of its own, both removed when dropped.
    struct TempFile {
        path: std::path::PathBuf,
        _dir: tempfile::TempDir,
    }

    impl TempFile {
        fn new(name: &str, text: &str) -> TempFile {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            TempFile { path, _dir: dir }
        }
    }

    #[test]
    fn extends_from_a_file() {
        let file = TempFile::new(
            "extend-ok.toml",
            r#"
[[concept]]
id = "WidgetRoyalties"
measure = "monetary"
period = "duration"
statements = ["income"]
labels = ["Widget royalties", "Royalty revenue from widgets"]

[[concept]]
id = "Revenues"
labels = ["Widget sales and royalties"]
"#,
        );
        let mut vocab = Vocab::builtin();
        let before = vocab.len();
        vocab.extend_from_file(&file.path).unwrap();
        assert_eq!(vocab.len(), before + 1);
        assert_eq!(
            vocab
                .match_label("Widget royalties", &[], Income)
                .map(|c| c.to_string()),
            Some("WidgetRoyalties".to_string())
        );
        assert_eq!(
            vocab
                .match_label("Widget sales and royalties", &[], Income)
                .map(|c| c.to_string()),
            Some("Revenues".to_string())
        );
        assert_eq!(
            vocab
                .find_in_text("widget royalties in 2023")
                .map(|(_, c)| c.to_string()),
            Some("WidgetRoyalties".to_string())
        );
        // The built-in vocabulary is untouched.
        assert_eq!(
            Vocab::builtin().match_label("Widget royalties", &[], Income),
            None
        );
        assert_eq!(Vocab::builtin().len(), before);
    }

    #[test]
    fn extension_collisions_name_both_concepts_and_the_file() {
        let file = TempFile::new(
            "extend-clash.toml",
            "[[concept]]\nid = \"SegmentSales\"\nmeasure = \"monetary\"\nperiod = \"duration\"\nstatements = [\"income\", \"other\"]\nlabels = [\"Segment sales\", \"Net sales\"]\n",
        );
        let mut vocab = Vocab::builtin();
        let err = vocab.extend_from_file(&file.path).unwrap_err().to_string();
        assert!(err.contains("extend-clash.toml"), "{err}");
        assert!(err.contains("line 6"), "{err}");
        assert!(
            err.contains("\"Revenues\"") && err.contains("\"SegmentSales\""),
            "{err}"
        );
        assert!(err.contains("income"), "{err}");
        // Unchanged after the error.
        assert_eq!(vocab.len(), Vocab::builtin().len());
        assert_eq!(vocab.match_label("Segment sales", &[], Income), None);

        // The same label in statements that never meet is fine.
        let file = TempFile::new(
            "extend-disjoint.toml",
            "[[concept]]\nid = \"ShippedUnits\"\nmeasure = \"number\"\nperiod = \"duration\"\nstatements = [\"balance\"]\nlabels = [\"Net sales\"]\n",
        );
        let mut vocab = Vocab::builtin();
        vocab.extend_from_file(&file.path).unwrap();
        assert_eq!(
            vocab
                .match_label("Net sales", &[], Income)
                .map(|c| c.to_string()),
            Some("Revenues".into())
        );
        assert_eq!(
            vocab
                .match_label("Net sales", &[], Balance)
                .map(|c| c.to_string()),
            Some("ShippedUnits".into())
        );
        // In a table of unknown kind the label no longer decides.
        assert_eq!(vocab.match_label("Net sales", &[], Other), None);
    }

    #[test]
    fn malformed_files_are_reported_with_name_and_line() {
        let file = TempFile::new(
            "broken.toml",
            "[[concept]]\nid = \"A\"\nmeasure = \"monetary\"\nlabels = [\"a\"\n",
        );
        let err = Vocab::builtin()
            .extend_from_file(&file.path)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with(&file.path.display().to_string()), "{err}");
        assert!(err.contains("line 4") || err.contains("line 5"), "{err}");

        let missing = file.path.with_file_name("no-such-file.toml");
        let err = Vocab::builtin().extend_from_file(&missing).unwrap_err();
        assert!(matches!(err, VocabError::Io { .. }), "{err}");
        assert!(err.to_string().contains("no-such-file.toml"), "{err}");
    }

    proptest::proptest! {
        #[test]
        fn normalize_label_is_idempotent_and_clean(label in "\\PC{0,40}") {
            let once = normalize_label(&label);
            proptest::prop_assert_eq!(normalize_label(&once), once.clone());
            proptest::prop_assert!(!once.starts_with(' ') && !once.ends_with(' ') && !once.contains("  "));
            proptest::prop_assert!(once.chars().all(|c| c == ' ' || c.is_alphanumeric()));
        }

        #[test]
        fn matching_never_panics_and_ranges_are_valid(
            text in "\\PC{0,60}",
            section in proptest::collection::vec("\\PC{0,20}", 0..3),
        ) {
            let vocab = Vocab::builtin();
            for kind in [Income, Balance, CashFlow, Other] {
                let _ = vocab.match_label(&text, &section, kind);
            }
            if let Some((range, _)) = vocab.find_in_text(&text) {
                proptest::prop_assert!(text.get(range).is_some_and(|found| !found.is_empty()));
            }
        }
    }

    #[test]
    fn every_label_reads_back_as_its_concept() {
        let vocab = Vocab::builtin();
        let mut failures = Vec::new();
        for concept in vocab.concepts() {
            let kinds = if concept.statements.is_empty() {
                vec![Income, Balance, CashFlow, Other]
            } else {
                concept.statements.clone()
            };
            for label in &concept.labels {
                for kind in &kinds {
                    let found = vocab.match_label(label, &[], *kind);
                    if found.as_ref() != Some(&concept.id) {
                        failures.push(format!(
                            "row {label:?} in {kind:?}: {found:?}, want {}",
                            concept.id
                        ));
                    }
                }
            }
            for label in concept.labels.iter().chain(&concept.text_labels) {
                let found = vocab.find_in_text(label).map(|(_, id)| id);
                // Claim text reads a few phrases differently on purpose.
                let key = normalize_label(label);
                let shadowed = vocab.inner.index.is_ambiguous_text(label)
                    || vocab.concepts().iter().any(|other| {
                        other.id != concept.id
                            && other.text_labels.iter().any(|t| normalize_label(t) == key)
                    });
                if found.as_ref() != Some(&concept.id) && !shadowed {
                    failures.push(format!("text {label:?}: {found:?}, want {}", concept.id));
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
