//! US-GAAP element names (XBRL tags) to the vocabulary's concept ids, and
//! the families of related concepts the tag report card counts as near
//! misses.
//!
//! A tag's local name that is itself a vocabulary id maps to it
//! (`us-gaap:GrossProfit` → `GrossProfit`). Elements that mean the same role
//! under another name map through [`ALIASES`]
//! (`RevenueFromContractWithCustomerExcludingAssessedTax` → `Revenues`).
//! Other taxonomies' elements (a company's own `aapl:…`, `dei:…`) map only
//! when the vocabulary has an id of that exact local name. A family
//! ([`FAMILIES`]) groups ids a reader could take for one another without
//! being wrong about the kind of number (basic and diluted EPS; operating
//! expenses and costs and expenses).

use super::{ConceptId, Vocab};

/// Elements with another name than the vocabulary id of the same role.
pub const ALIASES: &[(&str, &str)] = &[
    (
        "RevenueFromContractWithCustomerExcludingAssessedTax",
        "Revenues",
    ),
    (
        "RevenueFromContractWithCustomerIncludingAssessedTax",
        "Revenues",
    ),
    ("SalesRevenueNet", "Revenues"),
    ("SalesRevenueGoodsNet", "Revenues"),
    ("RevenuesNetOfInterestExpense", "Revenues"),
    ("CostOfGoodsAndServicesSold", "CostOfRevenue"),
    ("CostOfGoodsSold", "CostOfRevenue"),
    ("CostOfServices", "CostOfRevenue"),
    (
        "CostOfGoodsAndServiceExcludingDepreciationDepletionAndAmortization",
        "CostOfRevenue",
    ),
    (
        "ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost",
        "ResearchAndDevelopmentExpense",
    ),
    (
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
    ),
    (
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesDomestic",
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
    ),
    ("NetIncomeLossAttributableToParent", "NetIncomeLoss"),
    (
        "IncomeLossFromContinuingOperationsPerBasicShare",
        "EarningsPerShareBasic",
    ),
    (
        "IncomeLossFromContinuingOperationsPerDilutedShare",
        "EarningsPerShareDiluted",
    ),
    (
        "WeightedAverageNumberOfSharesOutstandingDiluted",
        "WeightedAverageNumberOfDilutedSharesOutstanding",
    ),
    (
        "CommonStockDividendsPerShareCashPaid",
        "CommonStockDividendsPerShareDeclared",
    ),
    (
        "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsIncludingDisposalGroupAndDiscontinuedOperations",
        "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents",
    ),
    (
        "CashAndCashEquivalentsPeriodIncreaseDecrease",
        "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect",
    ),
    (
        "AvailableForSaleSecuritiesDebtSecuritiesCurrent",
        "MarketableSecuritiesCurrent",
    ),
    (
        "AvailableForSaleSecuritiesDebtSecuritiesNoncurrent",
        "MarketableSecuritiesNoncurrent",
    ),
    ("AccountsReceivableNet", "AccountsReceivableNetCurrent"),
    ("ReceivablesNetCurrent", "AccountsReceivableNetCurrent"),
    ("InventoryFinishedGoodsNetOfReserves", "InventoryNet"),
    (
        "PropertyPlantAndEquipmentAndFinanceLeaseRightOfUseAssetAfterAccumulatedDepreciationAndAmortization",
        "PropertyPlantAndEquipmentNet",
    ),
    (
        "FiniteLivedIntangibleAssetsNet",
        "IntangibleAssetsNetExcludingGoodwill",
    ),
    (
        "LongTermDebtAndCapitalLeaseObligations",
        "LongTermDebtNoncurrent",
    ),
    (
        "LongTermDebtAndCapitalLeaseObligationsCurrent",
        "LongTermDebtCurrent",
    ),
    (
        "CommonStocksIncludingAdditionalPaidInCapitalAndTreasuryStock",
        "CommonStocksIncludingAdditionalPaidInCapital",
    ),
    (
        "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations",
        "NetCashProvidedByUsedInOperatingActivities",
    ),
    (
        "NetCashProvidedByUsedInInvestingActivitiesContinuingOperations",
        "NetCashProvidedByUsedInInvestingActivities",
    ),
    (
        "NetCashProvidedByUsedInFinancingActivitiesContinuingOperations",
        "NetCashProvidedByUsedInFinancingActivities",
    ),
    (
        "ShareBasedCompensationArrangementByShareBasedPaymentAwardCompensationCost",
        "ShareBasedCompensation",
    ),
    (
        "AllocatedShareBasedCompensationExpense",
        "ShareBasedCompensation",
    ),
    (
        "DepreciationAmortizationAndAccretionNet",
        "DepreciationDepletionAndAmortization",
    ),
    (
        "DepreciationAndAmortization",
        "DepreciationDepletionAndAmortization",
    ),
    (
        "PaymentsToAcquireProductiveAssets",
        "PaymentsToAcquirePropertyPlantAndEquipment",
    ),
    (
        "PaymentsForRepurchaseOfCommonStockAndOther",
        "PaymentsForRepurchaseOfCommonStock",
    ),
    ("PaymentsOfDividendsCommonStock", "PaymentsOfDividends"),
    (
        "RepaymentsOfLongTermDebtAndCapitalSecurities",
        "RepaymentsOfLongTermDebt",
    ),
    ("IncomeTaxesPaid", "IncomeTaxesPaidNet"),
    ("InterestPaid", "InterestPaidNet"),
    (
        "EffectiveIncomeTaxRateContinuingOperations",
        "EffectiveIncomeTaxRate",
    ),
    (
        "OtherComprehensiveIncomeLossNetOfTaxPortionAttributableToParent",
        "OtherComprehensiveIncomeLossNetOfTax",
    ),
    (
        "ComprehensiveIncomeNetOfTaxAttributableToParent",
        "ComprehensiveIncomeNetOfTax",
    ),
];

/// Groups of ids that are near misses for one another.
pub const FAMILIES: &[&[&str]] = &[
    &["Revenues"],
    &[
        "OperatingExpenses",
        "CostsAndExpenses",
        "OtherCostAndExpenseOperating",
    ],
    &[
        "SellingGeneralAndAdministrativeExpense",
        "GeneralAndAdministrativeExpense",
        "SellingAndMarketingExpense",
        "SellingExpense",
        "MarketingExpense",
        "AdvertisingExpense",
    ],
    &[
        "DepreciationDepletionAndAmortization",
        "Depreciation",
        "AmortizationOfIntangibleAssets",
    ],
    &[
        "GoodwillImpairmentLoss",
        "AssetImpairmentCharges",
        "ImpairmentOfLongLivedAssetsHeldForUse",
    ],
    &[
        "InterestExpense",
        "InterestIncomeExpenseNonoperatingNet",
        "InterestIncomeExpenseNet",
        "InvestmentIncomeInterest",
    ],
    &[
        "NonoperatingIncomeExpense",
        "OtherNonoperatingIncomeExpense",
        "OtherOperatingIncomeExpenseNet",
        "OtherOperatingIncome",
    ],
    &[
        "NetIncomeLoss",
        "ProfitLoss",
        "NetIncomeLossAvailableToCommonStockholdersBasic",
        "IncomeLossFromContinuingOperations",
    ],
    &[
        "EarningsPerShareBasic",
        "EarningsPerShareDiluted",
        "EarningsPerShareBasicAndDiluted",
    ],
    &[
        "WeightedAverageNumberOfSharesOutstandingBasic",
        "WeightedAverageNumberOfDilutedSharesOutstanding",
        "WeightedAverageNumberOfShareOutstandingBasicAndDiluted",
    ],
    &[
        "ComprehensiveIncomeNetOfTax",
        "ComprehensiveIncomeNetOfTaxIncludingPortionAttributableToNoncontrollingInterest",
        "ComprehensiveIncomeNetOfTaxAttributableToNoncontrollingInterest",
    ],
    &[
        "OtherComprehensiveIncomeLossNetOfTax",
        "OtherComprehensiveIncomeLossForeignCurrencyTransactionAndTranslationAdjustmentNetOfTax",
    ],
    &[
        "CashAndCashEquivalentsAtCarryingValue",
        "Cash",
        "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents",
        "CashBeginningOfPeriod",
        "CashEndOfPeriod",
    ],
    &["RestrictedCashCurrent", "RestrictedCashNoncurrent"],
    &[
        "ShortTermInvestments",
        "MarketableSecuritiesCurrent",
        "MarketableSecuritiesNoncurrent",
        "LongTermInvestments",
        "EquityMethodInvestments",
    ],
    &[
        "PrepaidExpenseCurrent",
        "PrepaidExpenseAndOtherAssetsCurrent",
        "OtherAssetsCurrent",
    ],
    &[
        "PropertyPlantAndEquipmentGross",
        "PropertyPlantAndEquipmentNet",
    ],
    &[
        "OperatingLeaseRightOfUseAsset",
        "FinanceLeaseRightOfUseAsset",
    ],
    &["AssetsNoncurrent", "OtherAssetsNoncurrent"],
    &[
        "AccountsPayableCurrent",
        "AccruedLiabilitiesCurrent",
        "AccountsPayableAndAccruedLiabilitiesCurrent",
        "EmployeeRelatedLiabilitiesCurrent",
    ],
    &[
        "ContractWithCustomerLiabilityCurrent",
        "ContractWithCustomerLiabilityNoncurrent",
    ],
    &[
        "CommercialPaper",
        "ShortTermBorrowings",
        "LongTermDebtCurrent",
        "DebtCurrent",
    ],
    &[
        "LongTermDebt",
        "LongTermDebtNoncurrent",
        "DebtLongtermAndShorttermCombinedAmount",
    ],
    &[
        "OperatingLeaseLiabilityCurrent",
        "OperatingLeaseLiabilityNoncurrent",
        "OperatingLeaseLiability",
        "FinanceLeaseLiabilityCurrent",
        "FinanceLeaseLiabilityNoncurrent",
    ],
    &[
        "OtherLiabilitiesCurrent",
        "OtherLiabilitiesNoncurrent",
        "LiabilitiesNoncurrent",
    ],
    &[
        "StockholdersEquity",
        "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
        "MinorityInterest",
    ],
    &[
        "CommonStockValue",
        "CommonStocksIncludingAdditionalPaidInCapital",
        "AdditionalPaidInCapital",
    ],
    &["CommonStockSharesOutstanding", "CommonStockSharesIssued"],
    &[
        "ProceedsFromIssuanceOfLongTermDebt",
        "ProceedsFromIssuanceOfDebt",
    ],
    &["RepaymentsOfLongTermDebt", "RepaymentsOfDebt"],
    &[
        "ProceedsFromRepaymentsOfShortTermDebt",
        "ProceedsFromRepaymentsOfCommercialPaper",
    ],
    &[
        "PaymentsToAcquireInvestments",
        "PaymentsToAcquireMarketableSecurities",
    ],
    &[
        "ProceedsFromSaleMaturityAndCollectionsOfInvestments",
        "ProceedsFromSaleAndMaturityOfMarketableSecurities",
    ],
    &[
        "ProceedsFromIssuanceOfCommonStock",
        "ProceedsFromStockOptionsExercised",
    ],
    &[
        "IncreaseDecreaseInAccountsPayable",
        "IncreaseDecreaseInAccruedLiabilities",
        "IncreaseDecreaseInAccountsPayableAndAccruedLiabilities",
        "IncreaseDecreaseInEmployeeRelatedLiabilities",
    ],
    &[
        "IncreaseDecreaseInPrepaidDeferredExpenseAndOtherAssets",
        "IncreaseDecreaseInOtherCurrentAssets",
        "IncreaseDecreaseInOtherOperatingAssets",
    ],
    &[
        "IncreaseDecreaseInOtherCurrentLiabilities",
        "IncreaseDecreaseInOtherOperatingLiabilities",
        "IncreaseDecreaseInOtherOperatingCapitalNet",
        "IncreaseDecreaseInOperatingCapital",
    ],
    &["GrossMargin", "GrossProfit"],
];

impl Vocab {
    /// The vocabulary id a tag's concept QName stands for
    /// (`us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax` →
    /// `Revenues`), `None` when the vocabulary has no such role.
    pub fn concept_of_tag(&self, qname: &str) -> Option<ConceptId> {
        let (prefix, local) = qname.split_once(':').unwrap_or(("", qname));
        if let Some(info) = self.info(local) {
            return Some(info.id.clone());
        }
        if prefix != "us-gaap" && prefix != "ifrs-full" {
            return None;
        }
        ALIASES
            .iter()
            .find(|(alias, _)| *alias == local)
            .and_then(|(_, id)| self.info(id))
            .map(|info| info.id.clone())
    }

    /// The concept id a number tagged with this QName carries, and a
    /// claim naming the QName names: the vocabulary's
    /// ([`Vocab::concept_of_tag`]), else the element's local name — so a
    /// claim of `aapl:NontradeReceivablesCurrent` names the cell tagged
    /// with it though the vocabulary has no such line.
    pub fn tag_concept(&self, qname: &str) -> ConceptId {
        let local = qname.rsplit_once(':').map_or(qname, |(_, l)| l);
        self.concept_of_tag(qname)
            .unwrap_or_else(|| ConceptId::new(local))
    }
}

/// The first concept QName in a claim's text (`us-gaap:Revenues`,
/// `aapl:OtherComprehensiveIncomeLossDerivativeInstrumentGainLoss…`: a
/// lower-case prefix, a colon, an upper-case local name), and the concept id
/// a cell tagged with it carries ([`Vocab::concept_of_tag`], else the
/// element's local name).
pub(crate) fn qname_in_text(
    vocab: &Vocab,
    text: &str,
) -> Option<(std::ops::Range<usize>, ConceptId)> {
    let bytes = text.as_bytes();
    for (colon, _) in text.match_indices(':') {
        let start = text
            .get(..colon)?
            .rfind(|c: char| {
                !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
            })
            .map_or(0, |at| at + 1);
        let prefix = text.get(start..colon)?;
        let rest = text.get(colon + 1..)?;
        let len = rest
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .unwrap_or(rest.len());
        let local = rest.get(..len)?;
        let boundary = start == 0
            || bytes
                .get(start - 1)
                .is_some_and(|b| !b.is_ascii_alphanumeric());
        if prefix.is_empty()
            || !prefix.starts_with(|c: char| c.is_ascii_lowercase())
            || !boundary
            || len < 3
            || !local.starts_with(|c: char| c.is_ascii_uppercase())
            || crate::xbrl::is_dimension_qname(prefix, local)
        {
            continue;
        }
        let end = colon + 1 + len;
        let qname = text.get(start..end)?;
        return Some((start..end, vocab.tag_concept(qname)));
    }
    None
}

/// True when two vocabulary ids are the same or near misses (one family).
pub fn same_family(a: &str, b: &str) -> bool {
    a == b
        || FAMILIES
            .iter()
            .any(|family| family.contains(&a) && family.contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_map_to_vocabulary_ids() {
        let vocab = Vocab::builtin();
        let id = |q: &str| vocab.concept_of_tag(q).map(|c| c.as_str().to_string());
        assert_eq!(id("us-gaap:GrossProfit").as_deref(), Some("GrossProfit"));
        assert_eq!(
            id("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax").as_deref(),
            Some("Revenues")
        );
        assert_eq!(
            id("us-gaap:CostOfGoodsAndServicesSold").as_deref(),
            Some("CostOfRevenue")
        );
        assert_eq!(
            id("aapl:RevenueFromContractWithCustomerExcludingAssessedTax"),
            None
        );
        assert_eq!(id("us-gaap:IncreaseDecreaseInDeferredRevenue"), None);
    }

    #[test]
    fn every_alias_and_family_member_is_a_vocabulary_id() {
        let vocab = Vocab::builtin();
        for (alias, id) in ALIASES {
            assert!(vocab.info(id).is_some(), "{alias} → {id}");
        }
        for family in FAMILIES {
            for id in *family {
                assert!(vocab.info(id).is_some(), "{id}");
            }
        }
    }

    #[test]
    fn a_qname_in_a_claim_names_its_concept() {
        let vocab = Vocab::builtin();
        let (range, id) = vocab
            .find_in_text("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax, FY2024")
            .unwrap();
        assert_eq!(id.as_str(), "Revenues");
        assert_eq!(range, 0..59);
        let (_, id) = vocab
            .find_in_text("the us-gaap:IncreaseDecreaseInDeferredRevenue for 2024")
            .unwrap();
        assert_eq!(id.as_str(), "IncreaseDecreaseInDeferredRevenue");
        assert!(vocab.find_in_text("us-gaap:").is_none());
        let (_, id) = vocab.find_in_text("aapl:OtherThing in 2024").unwrap();
        assert_eq!(id.as_str(), "OtherThing");
        // Not a QName: a label and its colon.
        assert_eq!(
            vocab
                .find_in_text("Note: Revenue")
                .map(|(_, id)| id.as_str().to_string()),
            Some("Revenues".to_string())
        );
    }

    #[test]
    fn families_are_near_misses_only_inside() {
        assert!(same_family(
            "EarningsPerShareBasic",
            "EarningsPerShareDiluted"
        ));
        assert!(!same_family("EarningsPerShareBasic", "Revenues"));
        assert!(same_family("Revenues", "Revenues"));
    }
}
