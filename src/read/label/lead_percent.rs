//! Percentages printed with "%" on their first row only: which bare amounts
//! of a column are percentages because of the amount that heads them.
//!
//! A column (3M's "Organic sales | Acquisitions | …": "1.0 %" over
//! "(0.9)"), or a block of it under a caption (Amazon's "Net Sales Mix":
//! "61%" over "23", "16", "100%", below a block of money), is headed by an
//! amount printed with "%" when every amount of it is written as text,
//! none prints a currency, and none is 1,000 or more. Its bare amounts are
//! percentages on rows whose concept is no amount. On money lines too
//! where it is a change column (JPMorgan's "Change": "3%" over "31") or
//! where it is headed by 100% (Meta's costs "as a percentage of revenue":
//! "Revenue 100%" over "Cost of revenue 18").

use rust_decimal::Decimal;

/// One column's head so far: is it printed with "%" and has every amount
/// since fit, and was the head 100%.
#[derive(Clone, Copy, Default)]
struct Head {
    /// None before the first amount.
    holds: Option<bool>,
    hundred: bool,
}

impl Head {
    fn see(&mut self, percent: bool, fits: bool, value: Decimal) {
        match self.holds {
            None => {
                self.holds = Some(percent && fits);
                self.hundred = percent && value == Decimal::ONE_HUNDRED;
            }
            Some(lead) => self.holds = Some(lead && fits),
        }
    }

    /// Whether the head makes a bare amount a percentage, on a money line
    /// or not.
    fn applies(self, money_line: bool, change_column: bool) -> bool {
        self.holds == Some(true) && (!money_line || change_column || self.hundred)
    }
}

/// The heads of a table's columns, whole and block by block.
#[derive(Default)]
pub(super) struct LeadPercent {
    columns: Vec<Head>,
    /// The open block: its first row and its columns' heads.
    block_from: usize,
    block: Vec<Head>,
    /// Closed blocks with a column the head holds for: (first row, row
    /// after the last, column, head).
    blocks: Vec<(usize, usize, usize, Head)>,
}

impl LeadPercent {
    /// An amount of a data row in column `col`: `fits` when it prints no
    /// currency (nor follows one) and is under 1,000 in size.
    pub(super) fn see(&mut self, col: usize, percent: bool, fits: bool, value: Decimal) {
        for heads in [&mut self.columns, &mut self.block] {
            if heads.len() <= col {
                heads.resize(col + 1, Head::default());
            }
            if let Some(head) = heads.get_mut(col) {
                head.see(percent, fits, value);
            }
        }
    }

    /// A caption or header row at `row` closes the open block.
    pub(super) fn close_block(&mut self, row: usize) {
        for (col, head) in self.block.iter().enumerate() {
            if head.holds == Some(true) {
                self.blocks.push((self.block_from, row, col, *head));
            }
        }
        self.block.clear();
        self.block_from = row + 1;
    }

    /// Whether the bare amount at (`row`, `col`) is a percentage: on a line
    /// whose concept is an amount (`money_line`) or not, in a change column
    /// or not.
    pub(super) fn applies(
        &self,
        row: usize,
        col: usize,
        money_line: bool,
        change_column: bool,
    ) -> bool {
        if self
            .columns
            .get(col)
            .is_some_and(|h| h.applies(money_line, change_column))
        {
            return true;
        }
        // Blocks are closed in row order and never overlap: the last one
        // starting at or before the row is the only one that can hold it.
        let at = self.blocks.partition_point(|(from, ..)| *from <= row);
        let Some(start) = at
            .checked_sub(1)
            .and_then(|i| self.blocks.get(i))
            .map(|b| b.0)
        else {
            return false;
        };
        self.blocks
            .get(..at)
            .unwrap_or_default()
            .iter()
            .rev()
            .take_while(|(from, ..)| *from == start)
            .any(|(_, to, c, head)| {
                *c == col && row < *to && head.applies(money_line, change_column)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64) -> Decimal {
        Decimal::from(n)
    }

    #[test]
    fn a_block_headed_by_a_percentage_is_percentages() {
        let mut lead = LeadPercent::default();
        // A block of money, a caption at row 2, then "61%", "23", "100%".
        lead.see(1, false, false, d(387_497));
        lead.close_block(2);
        lead.see(1, true, true, d(61));
        lead.see(1, false, true, d(23));
        lead.see(1, true, true, d(100));
        lead.close_block(6);
        assert!(lead.applies(4, 1, false, false));
        // Near misses: the money block above; a money line outside a change
        // column; another column.
        assert!(!lead.applies(1, 1, false, false));
        assert!(!lead.applies(4, 1, true, false));
        assert!(!lead.applies(4, 2, false, false));
    }

    #[test]
    fn a_column_headed_by_one_hundred_percent_holds_money_lines_too() {
        let mut lead = LeadPercent::default();
        lead.see(1, true, true, d(100));
        lead.see(1, false, true, d(18));
        lead.close_block(3);
        assert!(lead.applies(2, 1, true, false));
        // Near miss: headed by 61%, a money line is not a percentage...
        let mut lead = LeadPercent::default();
        lead.see(1, true, true, d(61));
        lead.see(1, false, true, d(18));
        assert!(!lead.applies(2, 1, true, false));
        // ...unless the column is a change.
        assert!(lead.applies(2, 1, true, true));
        // Near miss: one amount of 1,000 or more and the head holds nothing.
        let mut lead = LeadPercent::default();
        lead.see(1, true, true, d(100));
        lead.see(1, false, false, d(1_234));
        lead.close_block(3);
        assert!(!lead.applies(2, 1, true, false));
    }
}
