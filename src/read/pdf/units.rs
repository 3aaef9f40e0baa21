//! Unit lines shared by the tables of a page: notes print "(in millions)"
//! once, in the sentence that introduces a set of tables ("The following
//! tables show … as of September 24, 2022 and September 25, 2021 (in
//! millions):"), and the second table of the set (the prior year, or the
//! part after a caption that split it) has none of its own. A table with
//! no unit line above its first number takes the unit line of the table
//! above it on the same page, as a title row. A unit clause broken over
//! the sentence's last two lines ("(net income in" / "millions and shares
//! in thousands):") is put back together first.

use super::TableGrid;
use crate::model::GridValue;
use crate::number::parse_amount;
use crate::read::unit_line::parse_unit_line;

/// The texts of a grid row, left to right.
pub(super) fn row_texts(row: &[GridValue]) -> Vec<&str> {
    row.iter()
        .filter_map(|v| match v {
            GridValue::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

/// The unit line among a grid's rows above its first number.
fn unit_caption(grid: &TableGrid) -> Option<String> {
    for row in &grid.grid {
        let texts = row_texts(row);
        if row.iter().skip(1).any(|v| match v {
            GridValue::Text { text, .. } => parse_amount(text).is_some_and(|a| !a.dash),
            GridValue::Number(_) => true,
            _ => false,
        }) {
            return None;
        }
        if let Some(text) = texts.into_iter().find(|t| parse_unit_line(t).is_some()) {
            return Some(text.to_string());
        }
    }
    None
}

/// The text after the last parenthesis a line leaves open ("… for 2022,
/// 2021 and 2020 (net income in" gives "(net income in").
pub(super) fn open_tail(text: &str) -> Option<&str> {
    let at = text.rfind('(')?;
    let tail = text.get(at..)?;
    (!tail.contains(')')).then_some(tail)
}

/// A grid's first title row that closes a parenthesis it did not open
/// ("millions and shares in thousands):") is the end of the sentence above
/// the table: the unit clause that sentence opened ("(net income in") is
/// put back in front of it, so that the unit line reads whole.
pub(super) fn rejoin_captions(grids: &mut [TableGrid], lines: &[super::Line]) {
    for grid in grids.iter_mut() {
        let Some(GridValue::Text { text, .. }) = grid.grid.first_mut().and_then(|r| r.first_mut())
        else {
            continue;
        };
        if text.matches(')').count() <= text.matches('(').count() {
            continue;
        }
        let above = lines
            .iter()
            .filter(|l| l.base < grid.top)
            .max_by(|a, b| a.base.total_cmp(&b.base));
        if let Some(tail) = above.map(super::Line::text).as_deref().and_then(open_tail) {
            *text = format!("{tail} {text}");
        }
    }
}

/// Gives each grid without a unit line the one of the grid above it
/// (grids in page order, top to bottom).
pub(super) fn share(grids: &mut [TableGrid]) {
    let mut above: Option<String> = None;
    for grid in grids.iter_mut() {
        match unit_caption(grid) {
            Some(own) => above = Some(own),
            None => {
                if let Some(unit) = &above {
                    let width = grid.grid.first().map_or(1, Vec::len).max(1);
                    let mut row = vec![GridValue::Empty; width];
                    if let Some(first) = row.first_mut() {
                        *first = GridValue::Text {
                            text: unit.clone(),
                            indent: 0,
                        };
                    }
                    grid.grid.insert(0, row);
                    for m in &mut grid.merges {
                        m.first_row += 1;
                        m.last_row += 1;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &str) -> GridValue {
        GridValue::Text {
            text: t.to_string(),
            indent: 0,
        }
    }

    fn grid(rows: Vec<Vec<GridValue>>) -> TableGrid {
        TableGrid {
            top: 0.0,
            grid: rows,
            merges: Vec::new(),
        }
    }

    #[test]
    fn an_open_unit_clause_above_the_table_is_put_back() {
        assert_eq!(
            open_tail("for 2022 and 2021 (net income in"),
            Some("(net income in")
        );
        assert_eq!(open_tail("for 2022 (in millions):"), None);
    }

    #[test]
    fn a_table_without_a_unit_takes_the_one_above_it() {
        let mut grids = vec![
            grid(vec![
                vec![text("as of June 30, 2023 (in millions):"), GridValue::Empty],
                vec![text("Cash"), text("$18,546")],
            ]),
            grid(vec![
                vec![text("Level 2:"), GridValue::Empty],
                vec![text("Bonds"), text("25")],
            ]),
            grid(vec![
                vec![text("(in thousands)"), GridValue::Empty],
                vec![text("Units"), text("7")],
            ]),
        ];
        share(&mut grids);
        let first = |g: &TableGrid| match g.grid.first().and_then(|r| r.first()) {
            Some(GridValue::Text { text, .. }) => text.clone(),
            _ => String::new(),
        };
        assert_eq!(first(&grids[1]), "as of June 30, 2023 (in millions):");
        assert_eq!(first(&grids[2]), "(in thousands)");
        assert_eq!(grids[2].grid.len(), 2);
    }
}
