//! An HTML table's cells to a grid the labeler reads, with the SEC layout
//! quirks handled as one rule each:
//!
//! 1. `$` (or `€`, `£`) in a cell of its own is joined to the amount after
//!    it in the row; `%` in a cell of its own to the amount before it.
//! 2. A closing parenthesis in the next cell (`(1,234` + `)`) closes the
//!    amount before it.
//! 3. Spans: a cell covers `colspan` × `rowspan` grid slots. An amount sits
//!    in the last column it spans (amounts are right-aligned: `$ | 1,234`
//!    and `1,234` spanning both line up); text sits in the first and, when
//!    it spans, is a merged region, as in a workbook. An amount spanning
//!    past the column other rows' amounts sit in ("77%" over "$ | 4,543"
//!    and the spacer after them) sits in that column.
//! 4. Spacer columns — columns no cell puts anything in — are dropped, so
//!    the grid's columns are the table's printed columns. A spanning text
//!    cell moves to the first column kept under it.
//! 5. Footnote marks (`<sup>`), hidden rows and nested tables were already
//!    kept out of the cells by the walk.
//!
//! Grid coordinates (`p45t2!C7`) are those of this grid.

use super::walk::{CellOut, TableOut};
use crate::model::{Coord, GridValue, TablePart};
use crate::read::{Merge, RawTable};

/// A table's grid and the facts in its cells.
pub(super) struct Built {
    pub(super) raw: RawTable,
    /// (1-based grid position, the facts there: outermost first, then nested).
    pub(super) tags: Vec<(Coord, Vec<usize>)>,
    /// Facts in cells that hold more than one number: not one cell's tag.
    pub(super) loose: Vec<usize>,
    /// The grid would be larger than the limit: it was not built.
    pub(super) too_large: bool,
}

/// True when a cell's text is an amount for placement: digits with a
/// separator, decimals, sign or parentheses, or a dash; a bare integer
/// 1900–2100 in a spanning cell is a header year.
fn is_amount(text: &str, spans: bool) -> bool {
    let t = text.trim().trim_matches('\u{a0}').trim();
    if t.is_empty() {
        return false;
    }
    if matches!(t, "—" | "–" | "-" | "— %" | "—%") {
        return true;
    }
    let core = t
        .trim_start_matches(['$', '€', '£', '(', '-', '−', ' ', '\u{a0}'])
        .trim_end_matches([')', '%', ' ', '\u{a0}', '*']);
    let digits = core.chars().filter(char::is_ascii_digit).count();
    if digits == 0
        || !core
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | ' ' | '\u{a0}'))
    {
        return false;
    }
    let bare_year = core.len() == 4
        && core.chars().all(|c| c.is_ascii_digit())
        && core
            .parse::<u32>()
            .is_ok_and(|y| (1900..=2100).contains(&y));
    !(spans && bare_year && t == core)
}

fn is_currency(text: &str) -> bool {
    matches!(text.trim(), "$" | "€" | "£" | "US$")
}

/// Rules 1 and 2 on one row's cells, in place.
fn join_marks(row: &mut [CellOut]) {
    let n = row.len();
    for i in 0..n {
        let text = row
            .get(i)
            .map(|c| c.text.trim().to_string())
            .unwrap_or_default();
        if is_currency(&text) {
            // The next non-empty cell, if it is an amount.
            if let Some(j) =
                (i + 1..n).find(|&j| row.get(j).is_some_and(|c| !c.text.trim().is_empty()))
                && row.get(j).is_some_and(|c| is_amount(&c.text, false))
            {
                if let Some(c) = row.get_mut(j) {
                    c.text = format!("{text}{}", c.text.trim_start());
                }
                if let Some(c) = row.get_mut(i) {
                    c.text.clear();
                }
            }
        } else if text == ")" || text == "%" || text == ")%" || text == "%)" {
            let Some(j) = (0..i)
                .rev()
                .find(|&j| row.get(j).is_some_and(|c| !c.text.trim().is_empty()))
            else {
                continue;
            };
            let fits = row.get(j).is_some_and(|c| {
                let t = c.text.trim();
                is_amount(t, false)
                    && (text.starts_with('%') || (t.contains('(') && !t.ends_with(')')))
            });
            if fits {
                if let Some(c) = row.get_mut(j) {
                    c.text = format!("{}{text}", c.text.trim_end());
                }
                if let Some(c) = row.get_mut(i) {
                    c.text.clear();
                }
            }
        }
    }
}

/// What sits in one grid slot before spacer columns are dropped.
#[derive(Clone)]
struct Slot {
    text: String,
    indent: u8,
    facts: Vec<usize>,
    /// Last column of a spanning text cell (its merged region).
    span_to: Option<(usize, usize)>,
    amount: bool,
    /// First column an amount spans (its last is where it sits).
    amount_from: usize,
}

/// Builds the grid of `table` as part `part`; `max_cells` bounds its slots.
pub(super) fn build(table: &mut TableOut, part: TablePart, max_cells: usize) -> Built {
    for row in &mut table.rows {
        join_marks(row);
    }
    // Place cells: occupancy per row, content per slot.
    let mut occupied: Vec<Vec<bool>> = Vec::new();
    let mut placed: Vec<(usize, usize, Slot)> = Vec::new();
    let mut loose = Vec::new();
    let mut slots = 0usize;
    let mut width = 0usize;
    for (r, row) in table.rows.iter().enumerate() {
        if occupied.len() <= r {
            occupied.resize(r + 1, Vec::new());
        }
        let mut c = 0usize;
        for cell in row {
            while occupied
                .get(r)
                .and_then(|o| o.get(c))
                .copied()
                .unwrap_or(false)
            {
                c += 1;
            }
            let (cs, rs) = (cell.colspan.max(1), cell.rowspan.max(1));
            slots = slots.saturating_add(cs.saturating_mul(rs));
            if slots > max_cells || c + cs > Coord::MAX_COL as usize {
                return Built {
                    raw: RawTable {
                        part,
                        grid: Vec::new(),
                        merges: Some(Vec::new()),
                    },
                    tags: Vec::new(),
                    loose: Vec::new(),
                    too_large: true,
                };
            }
            for rr in r..r + rs {
                if occupied.len() <= rr {
                    occupied.resize(rr + 1, Vec::new());
                }
                if let Some(o) = occupied.get_mut(rr) {
                    if o.len() < c + cs {
                        o.resize(c + cs, false);
                    }
                    for slot in o.iter_mut().skip(c).take(cs) {
                        *slot = true;
                    }
                }
            }
            width = width.max(c + cs);
            let text = cell.text.clone();
            let mut facts = cell.facts.clone();
            if facts.len() > 1 {
                // Two numbers in one cell ("1,234 and 5,678"): no one tag.
                loose.append(&mut facts);
                loose.extend(cell.nested.iter().copied());
            } else {
                facts.extend(cell.nested.iter().copied());
            }
            if !text.trim().is_empty() || !facts.is_empty() {
                let amount = !facts.is_empty() || is_amount(&text, cs > 1);
                let col = if amount { c + cs - 1 } else { c };
                let span_to = (!amount && (cs > 1 || rs > 1)).then_some((r + rs - 1, c + cs - 1));
                placed.push((
                    r,
                    col,
                    Slot {
                        text,
                        indent: cell.indent,
                        facts,
                        span_to,
                        amount,
                        amount_from: c,
                    },
                ));
            }
            c += cs;
        }
    }
    let height = occupied.len().max(table.rows.len());
    // Rule 3 for an amount spanning past the amounts of other rows: a
    // ratio under a year's header and the spacer after it ("77%" spanning
    // the columns of "$ | 4,543 |" and the gap to the next year) sits in
    // the last column of its span that another row's amount sits in. An
    // amount column is where an amount sits whose own span holds no other
    // amount's column: "(15)" spanning two columns under "Change" is one,
    // "4%" spanning those and the spacer after them is not.
    let mut sits = vec![false; width];
    for (_, c, slot) in &placed {
        if slot.amount
            && let Some(k) = sits.get_mut(*c)
        {
            *k = true;
        }
    }
    let mut amount_cols = vec![false; width];
    for (_, c, slot) in &placed {
        let narrow = !sits
            .get(slot.amount_from..*c)
            .unwrap_or_default()
            .iter()
            .any(|k| *k);
        if slot.amount
            && narrow
            && let Some(k) = amount_cols.get_mut(*c)
        {
            *k = true;
        }
    }
    if amount_cols.iter().any(|k| *k) {
        for (_, c, slot) in &mut placed {
            if slot.amount
                && slot.amount_from < *c
                && !amount_cols.get(*c).copied().unwrap_or(false)
                && let Some(at) = (slot.amount_from..*c)
                    .rev()
                    .find(|cc| amount_cols.get(*cc).copied().unwrap_or(false))
            {
                *c = at;
            }
        }
    }
    // Rule 4: keep the columns something non-spanning sits in.
    let mut keep = vec![false; width];
    for (_, c, slot) in &placed {
        if (slot.amount || slot.span_to.is_none_or(|(_, last)| last == *c))
            && let Some(k) = keep.get_mut(*c)
        {
            *k = true;
        }
    }
    for (_, c, slot) in &placed {
        if let Some((_, last)) = slot.span_to
            && !keep.get(*c..=last).unwrap_or_default().iter().any(|k| *k)
            && let Some(k) = keep.get_mut(*c)
        {
            *k = true;
        }
    }
    let mut new_col = vec![usize::MAX; width];
    let mut next = 0usize;
    for (c, k) in keep.iter().enumerate() {
        if *k {
            if let Some(n) = new_col.get_mut(c) {
                *n = next;
            }
            next += 1;
        }
    }
    let new_width = next;
    // The grid is dense: its rows times its kept columns is what it takes.
    if height.saturating_mul(new_width) > max_cells {
        return Built {
            raw: RawTable {
                part,
                grid: Vec::new(),
                merges: Some(Vec::new()),
            },
            tags: Vec::new(),
            loose: Vec::new(),
            too_large: true,
        };
    }
    let mut grid = vec![vec![GridValue::Empty; new_width]; height];
    let mut merges = Vec::new();
    let mut tags = Vec::new();
    for (r, c, slot) in placed {
        let last = slot.span_to.map_or(c, |(_, last)| last);
        // The first kept column under the cell.
        let Some(col) =
            (c..=last).find_map(|cc| new_col.get(cc).copied().filter(|n| *n != usize::MAX))
        else {
            continue;
        };
        if let Some((last_row, _)) = slot.span_to {
            let last_col = (c..=last)
                .rev()
                .find_map(|cc| new_col.get(cc).copied().filter(|n| *n != usize::MAX))
                .unwrap_or(col);
            if last_col > col || last_row > r {
                merges.push(Merge {
                    first_row: r,
                    first_col: col,
                    last_row,
                    last_col,
                });
            }
        }
        if let Some(cell) = grid.get_mut(r).and_then(|row| row.get_mut(col)) {
            *cell = GridValue::Text {
                text: slot.text,
                indent: slot.indent,
            };
        }
        if !slot.facts.is_empty() {
            let coord = Coord::new(
                u32::try_from(r + 1).unwrap_or(u32::MAX),
                u32::try_from(col + 1).unwrap_or(u32::MAX),
            );
            tags.push((coord, slot.facts));
        }
    }
    tags.sort_by_key(|(coord, _)| (coord.row, coord.col));
    Built {
        raw: RawTable {
            part,
            grid,
            merges: Some(merges),
        },
        tags,
        loose,
        too_large: false,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use super::*;

    fn cell(text: &str, colspan: usize) -> CellOut {
        CellOut {
            text: text.to_string(),
            colspan,
            rowspan: 1,
            ..CellOut::default()
        }
    }

    /// The texts of the grid built from these rows (a table of page 1).
    fn grid_of(rows: Vec<Vec<CellOut>>) -> Vec<Vec<String>> {
        let mut table = TableOut {
            page: 1,
            before: Vec::new(),
            lead_in: None,
            rows,
        };
        texts(&build(
            &mut table,
            TablePart::Pdf { page: 1, table: 1 },
            1000,
        ))
    }

    fn texts(built: &Built) -> Vec<Vec<String>> {
        built
            .raw
            .grid
            .iter()
            .map(|row| row.iter().map(|v| v.text().into_owned()).collect())
            .collect()
    }

    #[test]
    fn sec_layout_becomes_printed_columns() {
        // Apple's layout: label over 3 columns, then per period "$ | amount | )"
        // and 3 spacer columns; a row without "$" spans the amount over two.
        let mut table = TableOut {
            page: 1,
            before: Vec::new(),
            lead_in: None,
            rows: vec![
                vec![
                    cell("", 3),
                    cell("June 28, 2025", 3),
                    cell("", 3),
                    cell("June 29, 2024", 3),
                ],
                vec![
                    cell("Products", 3),
                    cell("$", 1),
                    cell("66,613", 1),
                    cell("", 1),
                    cell("", 3),
                    cell("$", 1),
                    cell("61,564", 1),
                    cell("", 1),
                ],
                vec![
                    cell("Services", 3),
                    cell("27,423", 2),
                    cell("", 1),
                    cell("", 3),
                    cell("(24,213", 2),
                    cell(")", 1),
                ],
                vec![
                    cell("Rate", 3),
                    cell("16.4", 2),
                    cell("%", 1),
                    cell("", 3),
                    cell("—", 2),
                    cell("", 1),
                ],
            ],
        };
        let built = build(&mut table, TablePart::Pdf { page: 1, table: 1 }, 1000);
        assert_eq!(
            texts(&built),
            [
                ["", "June 28, 2025", "June 29, 2024"],
                ["Products", "$66,613", "$61,564"],
                ["Services", "27,423", "(24,213)"],
                ["Rate", "16.4%", "—"],
            ]
        );
        assert!(built.raw.merges.as_ref().unwrap().is_empty());
    }

    #[test]
    fn an_amount_spanning_past_a_column_of_amounts_sits_in_it() {
        // Union Pacific's cash flow conversion rate: "77%" spans the columns
        // of "$ | 4,543 |" and the spacer after them; it is the 2025
        // column's, not a column of its own with no header.
        let grid = grid_of(vec![
            vec![cell("", 3), cell("2025", 3), cell("", 3), cell("2024", 3)],
            vec![
                cell("Cash provided by operating activities", 3),
                cell("$", 1),
                cell("4,543", 1),
                cell("", 1),
                cell("", 3),
                cell("$", 1),
                cell("4,033", 1),
                cell("", 1),
            ],
            vec![
                cell("Cash flow conversion rate (a/b)", 3),
                cell("77%", 6),
                cell("70%", 6),
            ],
        ]);
        assert_eq!(
            grid,
            [
                ["", "2025", "2024"],
                ["Cash provided by operating activities", "$4,543", "$4,033"],
                ["Cash flow conversion rate (a/b)", "77%", "70%"],
            ]
        );
        // Near miss: an amount spanning no other row's amount column stays
        // in the last column it spans.
        let grid = grid_of(vec![
            vec![cell("", 1), cell("2025", 2)],
            vec![cell("Rate", 1), cell("77%", 2)],
        ]);
        assert_eq!(grid, [["", "2025"], ["Rate", "77%"]]);
    }

    #[test]
    fn an_amount_column_is_one_where_amounts_spanning_two_columns_sit() {
        // Union Pacific's operating revenues: "4%" spans the two columns of
        // "(15)" under "Change" and the spacer after them; every change
        // spans two columns, so no change sits alone in one. The "4%" is the
        // Change column's.
        let grid = grid_of(vec![
            vec![cell("", 3), cell("2025", 3), cell("Change", 3), cell("", 3)],
            vec![
                cell("Freight revenues", 3),
                cell("$", 1),
                cell("5,843", 1),
                cell("", 1),
                cell("4%", 6),
            ],
            vec![
                cell("Other subsidiary revenues", 3),
                cell("181", 2),
                cell("", 1),
                cell("(15)", 2),
                cell("", 1),
                cell("", 3),
            ],
        ]);
        assert_eq!(
            grid,
            [
                ["", "2025", "Change"],
                ["Freight revenues", "$5,843", "4%"],
                ["Other subsidiary revenues", "181", "(15)"],
            ]
        );
        // Near miss: two amounts sitting in the columns a wide one spans
        // keep it out of both: it stays where it ends.
        let grid = grid_of(vec![
            vec![
                cell("", 1),
                cell("2025", 1),
                cell("2024", 1),
                cell("Total", 1),
            ],
            vec![cell("A", 1), cell("1", 1), cell("2", 1), cell("3", 1)],
            vec![cell("B", 1), cell("9", 3)],
        ]);
        assert_eq!(
            grid,
            [
                ["", "2025", "2024", "Total"],
                ["A", "1", "2", "3"],
                ["B", "", "", "9"]
            ]
        );
    }

    #[test]
    fn a_spanning_header_over_kept_columns_is_merged() {
        let mut table = TableOut {
            rows: vec![
                vec![cell("", 1), cell("Three Months Ended", 2)],
                vec![cell("", 1), cell("2025", 1), cell("2024", 1)],
                vec![cell("Sales", 1), cell("1,234", 1), cell("1,000", 1)],
            ],
            ..TableOut::default()
        };
        let built = build(&mut table, TablePart::Pdf { page: 1, table: 1 }, 1000);
        assert_eq!(texts(&built)[0], ["", "Three Months Ended", ""]);
        assert_eq!(
            built.raw.merges.unwrap(),
            [Merge {
                first_row: 0,
                first_col: 1,
                last_row: 0,
                last_col: 2
            }]
        );
    }

    #[test]
    fn a_spanning_year_is_a_header_not_an_amount() {
        assert!(!is_amount("2025", true));
        assert!(is_amount("2025", false));
        assert!(is_amount("(1,234", false));
        assert!(is_amount("$66,613", false));
        assert!(!is_amount("Net sales", false));
    }

    #[test]
    fn facts_follow_their_cells() {
        let mut c = cell("66,613", 2);
        c.facts = vec![7];
        let mut two = cell("1 and 2", 1);
        two.facts = vec![8, 9];
        let mut table = TableOut {
            rows: vec![vec![cell("Products", 1), cell("$", 1), c, two]],
            ..TableOut::default()
        };
        let built = build(&mut table, TablePart::Pdf { page: 1, table: 1 }, 1000);
        assert_eq!(built.tags, [(Coord::new(1, 2), vec![7])]);
        assert_eq!(built.loose, [8, 9]);
    }

    #[test]
    fn a_sparse_table_whose_dense_grid_is_over_the_limit_is_not_built() {
        // One wide row of amounts, then many one-cell rows: few cells, a
        // large rectangle.
        let mut rows = vec![(0..100).map(|_| cell("1", 1)).collect::<Vec<_>>()];
        rows.extend((0..100).map(|_| vec![cell("x", 1)]));
        let mut table = TableOut {
            rows,
            ..TableOut::default()
        };
        assert!(build(&mut table, TablePart::Pdf { page: 1, table: 1 }, 1000).too_large);
    }

    #[test]
    fn a_table_over_the_limit_is_not_built() {
        let mut table = TableOut {
            rows: vec![vec![cell("x", 500), cell("y", 600)]],
            ..TableOut::default()
        };
        assert!(build(&mut table, TablePart::Pdf { page: 1, table: 1 }, 1000).too_large);
    }
}
