//! Where a balance-sheet line sits between the statement's subtotals: a line
//! above "Total current assets" is a current asset, one between it and
//! "Total assets" a noncurrent asset, and likewise for liabilities — what a
//! reader knows from the layout when the filer prints no "Current assets:"
//! caption over the lines, or a blank row has closed it.
//!
//! The position is an *implied caption* the vocabulary reads like a printed
//! one, outermost, so a printed caption still decides first: "Marketable
//! securities" above "Total current assets" is the current line,
//! "Deferred income taxes" between "Total current liabilities" and "Total
//! liabilities" the deferred tax liability. It is used to name the row's
//! concept only; the row's printed section path is left as printed.
//!
//! A range is implied only between two subtotals both printed, in the
//! statement's order (current assets, assets, current liabilities,
//! liabilities; subtotals out of that order imply nothing); a balance sheet without "Total liabilities" implies nothing
//! for its noncurrent liabilities (fail closed: the label alone decides).

use std::sync::Arc;

use crate::vocab::normalize_label;

/// Section paths with an implied caption put outermost, built once per run
/// of rows that share the printed path and the implied caption.
#[derive(Debug, Default)]
pub(crate) struct ImpliedPaths {
    last: Option<Joined>,
}

/// A printed path, the caption implied over it, and the two joined.
#[derive(Debug)]
struct Joined {
    printed: Arc<[String]>,
    caption: &'static str,
    path: Arc<[String]>,
}

impl ImpliedPaths {
    /// The path the vocabulary reads a row under: the printed `section`,
    /// with the `implied` caption before its captions.
    pub(crate) fn path(
        &mut self,
        section: &Arc<[String]>,
        implied: Option<&'static str>,
    ) -> Arc<[String]> {
        let Some(caption) = implied else {
            return Arc::clone(section);
        };
        if let Some(last) = &self.last
            && Arc::ptr_eq(&last.printed, section)
            && last.caption == caption
        {
            return Arc::clone(&last.path);
        }
        let joined: Arc<[String]> = std::iter::once(caption.to_string())
            .chain(section.iter().cloned())
            .collect();
        self.last = Some(Joined {
            printed: Arc::clone(section),
            caption,
            path: Arc::clone(&joined),
        });
        joined
    }
}

/// The subtotals that bound the ranges, in a balance sheet's order.
const SUBTOTALS: [&str; 4] = [
    "total current assets",
    "total assets",
    "total current liabilities",
    "total liabilities",
];

/// The caption implied for the rows before each subtotal (after the one
/// before it): rows above "Total current assets" are current assets, and so
/// on. The first range starts at the table's first row.
const IMPLIED: [&str; 4] = [
    "current assets",
    "noncurrent assets",
    "current liabilities",
    "noncurrent liabilities",
];

/// For each row (by the index of `labels`), the caption its position between
/// the subtotals implies, if any. `labels` holds each row's label text (`None`
/// for a row without one, or one that is not a data row).
pub(crate) fn implied_captions(labels: &[Option<&str>]) -> Vec<Option<&'static str>> {
    let mut out = vec![None; labels.len()];
    // The row of each subtotal: its first occurrence.
    let mut at: [Option<usize>; 4] = [None; 4];
    for (r, label) in labels.iter().enumerate() {
        let Some(label) = label else { continue };
        let key = normalize_label(label);
        if let Some(slot) = SUBTOTALS
            .iter()
            .position(|s| *s == key)
            .and_then(|i| at.get_mut(i))
            && slot.is_none()
        {
            *slot = Some(r);
        }
    }
    // Subtotals printed out of the statement's order imply nothing.
    let printed: Vec<usize> = at.iter().flatten().copied().collect();
    if printed.windows(2).any(|w| w.first() >= w.get(1)) {
        return out;
    }
    for (i, caption) in IMPLIED.iter().enumerate() {
        let Some(end) = at.get(i).copied().flatten() else {
            continue;
        };
        let start = match i.checked_sub(1) {
            None => 0,
            // The range after a subtotal exists only when that subtotal is
            // printed.
            Some(before) => match at.get(before).copied().flatten() {
                Some(b) => b + 1,
                None => continue,
            },
        };
        for slot in out.iter_mut().take(end).skip(start) {
            *slot = Some(*caption);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn implied(labels: &[&str]) -> Vec<Option<&'static str>> {
        let labels: Vec<Option<&str>> = labels
            .iter()
            .map(|l| (!l.is_empty()).then_some(*l))
            .collect();
        implied_captions(&labels)
    }

    #[test]
    fn ranges_between_the_subtotals() {
        let got = implied(&[
            "Cash and cash equivalents",
            "Marketable securities",
            "Total current assets",
            "Deferred taxes on income (Note 5)",
            "Total assets",
            "Loans and notes payable",
            "Total current liabilities",
            "Deferred taxes on income (Note 5)",
            "Total liabilities",
            "Retained earnings",
        ]);
        assert_eq!(
            got,
            vec![
                Some("current assets"),
                Some("current assets"),
                None,
                Some("noncurrent assets"),
                None,
                Some("current liabilities"),
                None,
                Some("noncurrent liabilities"),
                None,
                None,
            ]
        );
    }

    #[test]
    fn a_missing_subtotal_implies_nothing_past_it() {
        // No "Total liabilities": the noncurrent liabilities are not implied.
        let got = implied(&[
            "Cash",
            "Total current assets",
            "Goodwill",
            "Total assets",
            "Accounts payable",
            "Total current liabilities",
            "Deferred income taxes",
            "Common stock",
        ]);
        assert_eq!(got.get(6), Some(&None));
        assert_eq!(got.get(7), Some(&None));
        assert_eq!(got.get(4), Some(&Some("current liabilities")));
        // No "Total current assets": nothing about assets is implied.
        let got = implied(&["Cash", "Goodwill", "Total assets", "Payables"]);
        assert!(got.iter().all(Option::is_none));
    }

    #[test]
    fn subtotals_out_of_order_imply_nothing() {
        let got = implied(&[
            "Accounts payable",
            "Total current liabilities",
            "Cash",
            "Total current assets",
            "Deferred income taxes",
            "Total assets",
        ]);
        assert!(got.iter().all(Option::is_none));
    }

    #[test]
    fn a_table_without_subtotals_implies_nothing() {
        let got = implied(&["Revenue", "Cost of sales", "Gross profit"]);
        assert!(got.iter().all(Option::is_none));
    }
}
