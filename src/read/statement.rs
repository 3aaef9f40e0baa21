//! Which statement a table is — income, balance, cash flow or other — from
//! its title lines, then its sheet name, then the concepts its rows carry.
//!
//! The kind matters downstream: a bare "2024" over a balance sheet is an
//! instant, and "Accounts receivable" in a cash-flow statement is a change,
//! not a balance.

use crate::model::StatementKind;
use crate::vocab::ConceptId;

/// The kind named by a title ("Consolidated Statements of Cash Flows").
pub fn from_title(text: &str) -> Option<StatementKind> {
    let t = text.to_lowercase();
    if t.contains("cash flow") {
        Some(StatementKind::CashFlow)
    } else if t.contains("balance sheet")
        || t.contains("financial position")
        || t.contains("financial condition")
    {
        Some(StatementKind::Balance)
    } else if t.contains("statement of operations")
        || t.contains("statements of operations")
        || t.contains("income statement")
        || t.contains("statement of income")
        || t.contains("statements of income")
        || t.contains("statement of earnings")
        || t.contains("statements of earnings")
        || t.contains("profit or loss")
        || t.contains("profit and loss")
        || t.contains("comprehensive income")
    {
        Some(StatementKind::Income)
    } else {
        None
    }
}

/// The kind a sheet name abbreviates ("IS", "BS", "CF", "P&L").
pub fn from_sheet_name(name: &str) -> Option<StatementKind> {
    let n = name.trim().to_lowercase();
    match n.as_str() {
        "is" | "p&l" | "pl" | "pnl" | "income" | "income statement" | "operations" => {
            Some(StatementKind::Income)
        }
        "bs" | "balance" | "balance sheet" | "sofp" | "financial position" => {
            Some(StatementKind::Balance)
        }
        "cf" | "cfs" | "cash flow" | "cash flows" | "cashflow" => Some(StatementKind::CashFlow),
        _ => from_title(&n),
    }
}

/// The kind the recognised rows point to: any cash-flow total makes a cash
/// flow statement; two or more balance totals a balance sheet; an income
/// line an income statement; otherwise other.
pub fn from_concepts<'a>(concepts: impl Iterator<Item = &'a ConceptId>) -> StatementKind {
    let (mut cash, mut balance, mut income) = (0, 0, 0);
    for concept in concepts {
        match concept.as_str() {
            "NetCashProvidedByUsedInOperatingActivities"
            | "NetCashProvidedByUsedInInvestingActivities"
            | "NetCashProvidedByUsedInFinancingActivities" => cash += 1,
            "Assets"
            | "AssetsCurrent"
            | "Liabilities"
            | "LiabilitiesCurrent"
            | "LiabilitiesAndStockholdersEquity"
            | "StockholdersEquity" => balance += 1,
            "Revenues"
            | "CostOfRevenue"
            | "GrossProfit"
            | "OperatingIncomeLoss"
            | "EarningsPerShareBasic"
            | "EarningsPerShareDiluted"
            | "IncomeTaxExpenseBenefit" => income += 1,
            _ => {}
        }
    }
    if cash > 0 {
        StatementKind::CashFlow
    } else if balance >= 2 {
        StatementKind::Balance
    } else if income > 0 {
        StatementKind::Income
    } else {
        StatementKind::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles() {
        for (title, kind) in [
            (
                "Consolidated Statements of Operations",
                Some(StatementKind::Income),
            ),
            (
                "CONSOLIDATED STATEMENTS OF CASH FLOWS - USD ($)",
                Some(StatementKind::CashFlow),
            ),
            ("Consolidated Balance Sheets", Some(StatementKind::Balance)),
            (
                "Consolidated statement of financial position",
                Some(StatementKind::Balance),
            ),
            ("Consolidated income statement", Some(StatementKind::Income)),
            ("Statement of profit or loss", Some(StatementKind::Income)),
            ("Acme Corp", None),
            ("Segment information", None),
        ] {
            assert_eq!(from_title(title), kind, "{title}");
        }
    }

    #[test]
    fn sheet_names_and_concepts() {
        assert_eq!(from_sheet_name("IS"), Some(StatementKind::Income));
        assert_eq!(from_sheet_name("bs"), Some(StatementKind::Balance));
        assert_eq!(from_sheet_name("CF"), Some(StatementKind::CashFlow));
        assert_eq!(from_sheet_name("KPI"), None);
        let ids = |names: &[&str]| names.iter().map(|n| ConceptId::new(n)).collect::<Vec<_>>();
        let cash = ids(&[
            "NetIncomeLoss",
            "NetCashProvidedByUsedInOperatingActivities",
        ]);
        assert_eq!(from_concepts(cash.iter()), StatementKind::CashFlow);
        let balance = ids(&["Assets", "Liabilities", "InventoryNet"]);
        assert_eq!(from_concepts(balance.iter()), StatementKind::Balance);
        let income = ids(&["Revenues", "NetIncomeLoss"]);
        assert_eq!(from_concepts(income.iter()), StatementKind::Income);
        assert_eq!(
            from_concepts(ids(&["Goodwill"]).iter()),
            StatementKind::Other
        );
    }
}
