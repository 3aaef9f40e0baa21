//! Unit lines shared by the tables of a page: notes print "(in millions)"
//! once, in the sentence that introduces a set of tables ("The following
//! tables show … as of September 24, 2022 and September 25, 2021 (in
//! millions):"), and the second table of the set (the prior year, or the
//! part after a caption that split it) has none of its own. A table with
//! no unit line above its first number takes the unit line of the table
//! above it on the same page, as a title row. An MD&A page may say the
//! unit once, in a heading over prose and the tables under it ("Revenue
//! (dollars in millions)"): the tables below such a heading take it, in
//! their first row's stub. A unit clause broken over the sentence's last
//! two lines ("(net income in" / "millions and shares in thousands):") is
//! put back together first.

use super::Line;
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
        if holds_amount(row, false) {
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

/// Gives each grid without a unit line the one nearest above it on the
/// page: the unit line of the grid above, or a heading that states a unit
/// for what follows it (Adobe's "Revenue (dollars in millions)" over a
/// paragraph of prose and then the table; see [`heading_unit`]). `grids` and
/// `lines` are in page order, top to bottom.
pub(super) fn share(grids: &mut [TableGrid], lines: &[Line]) {
    let mut headings: Vec<(f64, String)> = lines
        .iter()
        .filter(|l| l.numbers() == 0)
        .filter_map(|l| heading_unit(&l.text()).map(|unit| (l.base, unit)))
        .collect();
    headings.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut headings = headings.into_iter().peekable();
    // The unit line of the nearest grid above with one, and the nearest
    // heading's unit, each with where it stands.
    let mut caption: Option<(f64, String)> = None;
    let mut heading: Option<(f64, String)> = None;
    let mut last_bottom = f64::NEG_INFINITY;
    for grid in grids.iter_mut() {
        while let Some((base, unit)) = headings.next_if(|(base, _)| *base < grid.top) {
            // A unit line inside the grid above is that grid's.
            if base > last_bottom {
                heading = Some((base, unit));
            }
        }
        last_bottom = last_bottom.max(grid.bottom);
        if let Some(own) = unit_caption(grid) {
            caption = Some((grid.top, own));
            continue;
        }
        let nearest = match (&caption, &heading) {
            (Some((at, text)), Some((h, unit))) => Some(if h > at { unit } else { text }),
            (Some((_, text)), None) => Some(text),
            (None, Some((_, unit))) => Some(unit),
            (None, None) => None,
        };
        if let Some(unit) = nearest {
            // A title row as the grid above's unit line has always been
            // given (the cells keep the references they had), else in the
            // stub of a first row that holds no amount.
            let in_stub =
                caption.is_none() && !grid.grid.first().is_some_and(|row| holds_amount(row, true));
            give(grid, unit, in_stub);
        }
    }
}

/// The row holds an amount in a column past its first (a dash counting as
/// one when `dash_counts`).
fn holds_amount(row: &[GridValue], dash_counts: bool) -> bool {
    row.iter().skip(1).any(|v| match v {
        GridValue::Text { text, .. } => parse_amount(text).is_some_and(|a| dash_counts || !a.dash),
        GridValue::Number(_) => true,
        _ => false,
    })
}

/// Gives `grid` a unit line: as a title row over it, or into its first
/// row's stub, so that no row of the table moves.
fn give(grid: &mut TableGrid, unit: &str, in_stub: bool) {
    if in_stub {
        if let Some(first) = grid.grid.first_mut().and_then(|r| r.first_mut()) {
            match first {
                GridValue::Empty => {
                    *first = GridValue::Text {
                        text: unit.to_string(),
                        indent: 0,
                    }
                }
                GridValue::Text { text, .. } => {
                    text.push(' ');
                    text.push_str(unit);
                }
                _ => {}
            }
        }
        return;
    }
    let width = grid.grid.first().map_or(1, Vec::len).max(1);
    let mut row = vec![GridValue::Empty; width];
    if let Some(first) = row.first_mut() {
        *first = GridValue::Text {
            text: unit.to_string(),
            indent: 0,
        };
    }
    grid.grid.insert(0, row);
    for m in &mut grid.merges {
        m.first_row += 1;
        m.last_row += 1;
    }
}

/// What a line closing with a unit clause gives the tables under it: a
/// short heading whole ("Revenue (dollars in millions)": the tables are its
/// subject's), else the clause alone ("… is as follows (in thousands):"
/// gives "(in thousands)").
fn heading_unit(text: &str) -> Option<String> {
    let (body, clause, _) = crate::read::label::trailing_unit_clause(text)?;
    Some(if body.split_whitespace().count() <= HEADING_WORDS {
        body.to_string()
    } else {
        clause.to_string()
    })
}

/// The most words a heading has, its unit clause included.
const HEADING_WORDS: usize = 8;

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
            bottom: 0.0,
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

    fn line(base: f64, text: &str) -> Line {
        let phrase = super::super::lines::Phrase {
            x0: 36.0,
            x1: 300.0,
            text: text.to_string(),
            kind: super::super::lines::PhraseKind::Text,
        };
        Line {
            base,
            size: 8.0,
            phrases: vec![phrase.clone()],
            words: vec![phrase],
        }
    }

    fn at(top: f64, bottom: f64, rows: Vec<Vec<GridValue>>) -> TableGrid {
        TableGrid {
            top,
            bottom,
            grid: rows,
            merges: Vec::new(),
        }
    }

    fn first_text(g: &TableGrid) -> Option<String> {
        match g.grid.first().and_then(|r| r.first()) {
            Some(GridValue::Text { text, .. }) => Some(text.clone()),
            _ => None,
        }
    }

    #[test]
    fn a_heading_with_a_unit_gives_it_to_the_tables_under_it() {
        let lines = [
            line(100.0, "Revenue (dollars in millions)"),
            line(
                112.0,
                "Revenue for fiscal 2024 benefited from an extra week in the first quarter.",
            ),
        ];
        let mut grids = vec![
            at(
                130.0,
                170.0,
                vec![
                    vec![GridValue::Empty, text("Fiscal 2024")],
                    vec![text("Subscription"), text("$4,410.2")],
                ],
            ),
            // The next table starts with a row of amounts: a title row is
            // put over it instead of writing into its label.
            at(200.0, 230.0, vec![vec![text("Media"), text("3,120.4")]]),
        ];
        share(&mut grids, &lines);
        assert_eq!(
            first_text(&grids[0]).as_deref(),
            Some("Revenue (dollars in millions)")
        );
        assert_eq!(grids[0].grid.len(), 2, "no row moved");
        assert_eq!(
            first_text(&grids[1]).as_deref(),
            Some("Revenue (dollars in millions)")
        );
        assert_eq!(grids[1].grid.len(), 2);
    }

    #[test]
    fn a_unit_line_inside_the_table_above_heads_no_other() {
        // MGM's key statistics print "(Dollars in millions)" among their
        // headings; the table under them says "(In thousands)" where the
        // reader loses it. The first table's unit is not the second's.
        let lines = [line(120.0, "(Dollars in millions)")];
        let mut grids = vec![
            at(
                100.0,
                160.0,
                vec![vec![text("VIP turnover"), text("$7,015")]],
            ),
            at(200.0, 240.0, vec![vec![GridValue::Empty, text("2020")]]),
        ];
        share(&mut grids, &lines);
        assert_eq!(first_text(&grids[1]), None);
        // A prose line ending in its unit clause gives the clause alone.
        assert_eq!(
            heading_unit("Subscription revenue by segment for fiscal 2024 and 2023 is as follows (in millions):")
                .as_deref(),
            Some("(in millions)")
        );
        assert_eq!(heading_unit("Notes (3.875% due 2052)"), None);
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
        share(&mut grids, &[]);
        let first = |g: &TableGrid| match g.grid.first().and_then(|r| r.first()) {
            Some(GridValue::Text { text, .. }) => text.clone(),
            _ => String::new(),
        };
        assert_eq!(first(&grids[1]), "as of June 30, 2023 (in millions):");
        assert_eq!(first(&grids[2]), "(in thousands)");
        assert_eq!(grids[2].grid.len(), 2);
    }
}
