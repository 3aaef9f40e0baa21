//! The time one source file may take to read (`--time-budget`).
//!
//! A PDF checks it between pages and stops there, keeping the pages read (a
//! cite into the rest is `unreadable_source`). Spreadsheets and csv check it
//! every few thousand cells, and a file over its budget is not read at all:
//! half a sheet would give wrong answers about the other half.

use std::time::{Duration, Instant};

/// How often (in cells or rows) a reader looks at the clock.
pub(crate) const CHECK_EVERY: usize = 4096;

/// A deadline, and the budget it came from (for messages).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    deadline: Option<Instant>,
    budget: Duration,
}

impl Budget {
    /// A budget starting now.
    pub(crate) fn starting_now(budget: Duration) -> Budget {
        Budget {
            deadline: Instant::now().checked_add(budget),
            budget,
        }
    }

    /// Whether the budget has run out.
    pub(crate) fn spent(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The reason a read stopped, naming the flag.
    pub(crate) fn reason(&self) -> String {
        format!(
            "reading took longer than the time budget of {} s; raise --time-budget to read it",
            self.budget.as_secs()
        )
    }

    /// An error when the budget has run out.
    pub(crate) fn check(&self) -> Result<(), String> {
        if self.spent() {
            Err(self.reason())
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_budget_is_spent_and_says_which_flag_raises_it() {
        let budget = Budget::starting_now(Duration::ZERO);
        std::thread::sleep(Duration::from_millis(2));
        assert!(budget.spent());
        let reason = budget.check().unwrap_err();
        assert!(reason.contains("time budget of 0 s; raise --time-budget"));
        assert!(
            Budget::starting_now(Duration::from_secs(60))
                .check()
                .is_ok()
        );
    }
}
