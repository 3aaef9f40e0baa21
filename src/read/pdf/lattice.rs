//! Ruled ("lattice") tables: where horizontal and vertical rules cross to
//! form a grid, the rules are the cell boundaries. A missing rule between
//! two cells makes them one merged cell, as a spanning header is drawn.

use super::TableGrid;
use super::glyphs::Rule;
use super::lines::{Line, PhraseKind};
use crate::model::GridValue;
use crate::read::Merge;

/// Rules (after joining collinear pieces) beyond which a page's rules are
/// not searched for grids.
pub(super) const MAX_RULES: usize = 2000;

/// How close (points) two rule positions must be to count as one.
const SNAP: f64 = 2.0;

/// One ruled grid found on a page.
#[derive(Debug, Clone)]
pub(super) struct Lattice {
    /// Column boundaries, left to right.
    xs: Vec<f64>,
    /// Row boundaries, top to bottom.
    ys: Vec<f64>,
    /// The rules that make it.
    rules: Vec<Rule>,
}

impl Lattice {
    /// True when a line's baseline lies inside the grid and it overlaps it.
    pub(super) fn holds(&self, line: &Line) -> bool {
        let (Some(left), Some(right), Some(top), Some(bottom)) = (
            self.xs.first(),
            self.xs.last(),
            self.ys.first(),
            self.ys.last(),
        ) else {
            return false;
        };
        let mid = line.base - 0.3 * line.size;
        mid > *top && mid < *bottom && line.x1() > *left && line.x0() < *right
    }

    /// The lattice with a row boundary between lines of numbers that share
    /// a ruled row: rows a table leaves unruled ("TRITICALE / SUBTOTAL /
    /// BRAZIL" in one box) are still rows.
    pub(super) fn split_rows(&self, lines: &[&Line]) -> Lattice {
        let mut out = self.clone();
        let (Some(&left), Some(&right)) = (self.xs.first(), self.xs.last()) else {
            return out;
        };
        for band in self.ys.windows(2) {
            let [top, bottom] = band else { continue };
            let mut bases: Vec<(f64, f64)> = lines
                .iter()
                .filter(|l| l.numbers() > 0)
                .map(|l| (l.base, l.size))
                .filter(|(b, s)| b - 0.3 * s > *top && b - 0.3 * s < *bottom)
                .collect();
            bases.sort_by(|a, b| a.0.total_cmp(&b.0));
            for pair in bases.windows(2) {
                if let [(a, _), (b, size)] = pair {
                    let y = (a + b) / 2.0 - 0.3 * size;
                    if b - a > 0.5 * size {
                        out.ys.push(y);
                        out.rules.push(Rule {
                            x0: left,
                            y0: y,
                            x1: right,
                            y1: y,
                        });
                    }
                }
            }
        }
        out.ys.sort_by(f64::total_cmp);
        out
    }

    /// Rows × columns of the grid.
    pub(super) fn cells(&self) -> usize {
        self.xs.len().saturating_sub(1) * self.ys.len().saturating_sub(1)
    }

    fn top(&self) -> f64 {
        self.ys.first().copied().unwrap_or(0.0)
    }

    fn bottom(&self) -> f64 {
        self.ys.last().copied().unwrap_or(0.0)
    }

    fn has_vertical(&self, x: f64, y: f64) -> bool {
        self.rules.iter().any(|r| {
            !r.is_horizontal() && (r.x0 - x).abs() <= SNAP && y >= r.y0 - SNAP && y <= r.y1 + SNAP
        })
    }

    fn has_horizontal(&self, y: f64, x: f64) -> bool {
        self.rules.iter().any(|r| {
            r.is_horizontal() && (r.y0 - y).abs() <= SNAP && x >= r.x0 - SNAP && x <= r.x1 + SNAP
        })
    }
}

/// Joins collinear rules that touch or overlap.
fn merge_collinear(mut rules: Vec<Rule>) -> Vec<Rule> {
    rules.sort_by(|a, b| {
        a.is_horizontal()
            .cmp(&b.is_horizontal())
            .then(if a.is_horizontal() {
                a.y0.total_cmp(&b.y0).then(a.x0.total_cmp(&b.x0))
            } else {
                a.x0.total_cmp(&b.x0).then(a.y0.total_cmp(&b.y0))
            })
    });
    let mut out: Vec<Rule> = Vec::new();
    for r in rules {
        if let Some(last) = out.last_mut()
            && last.is_horizontal() == r.is_horizontal()
        {
            if r.is_horizontal() && (last.y0 - r.y0).abs() <= 0.5 && r.x0 <= last.x1 + SNAP {
                last.x1 = last.x1.max(r.x1);
                continue;
            }
            if !r.is_horizontal() && (last.x0 - r.x0).abs() <= 0.5 && r.y0 <= last.y1 + SNAP {
                last.y1 = last.y1.max(r.y1);
                continue;
            }
        }
        out.push(r);
    }
    out
}

fn crosses(h: &Rule, v: &Rule) -> bool {
    v.x0 >= h.x0 - SNAP && v.x0 <= h.x1 + SNAP && h.y0 >= v.y0 - SNAP && h.y0 <= v.y1 + SNAP
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while let Some(&p) = parent.get(i) {
        if p == i {
            break;
        }
        let grand = parent.get(p).copied().unwrap_or(p);
        if let Some(slot) = parent.get_mut(i) {
            *slot = grand;
        }
        i = p;
    }
    i
}

fn snapped(mut values: Vec<f64>) -> Vec<f64> {
    values.sort_by(f64::total_cmp);
    values.dedup_by(|b, a| (*b - *a).abs() <= SNAP);
    values
}

/// The ruled grids of a page: groups of crossing rules with at least two
/// rows and two columns, or one row of three columns and more.
pub(super) fn lattices(rules: &[Rule]) -> Vec<Lattice> {
    let rules = merge_collinear(rules.to_vec());
    // Grouping is quadratic in rules: a page drawing more than this many
    // straight lines (a chart, a hatch pattern) is read as unruled.
    if rules.len() > MAX_RULES {
        return Vec::new();
    }
    let mut parent: Vec<usize> = (0..rules.len()).collect();
    for (i, a) in rules.iter().enumerate() {
        for (j, b) in rules.iter().enumerate().skip(i + 1) {
            let touch = match (a.is_horizontal(), b.is_horizontal()) {
                (true, false) => crosses(a, b),
                (false, true) => crosses(b, a),
                _ => false,
            };
            if touch {
                let (ra, rb) = (find(&mut parent, i), find(&mut parent, j));
                if let Some(slot) = parent.get_mut(ra) {
                    *slot = rb;
                }
            }
        }
    }
    let mut groups: std::collections::BTreeMap<usize, Vec<Rule>> = Default::default();
    for (i, r) in rules.iter().enumerate() {
        groups.entry(find(&mut parent, i)).or_default().push(*r);
    }
    let mut out: Vec<Lattice> = groups
        .into_values()
        .filter_map(|rules| {
            let xs = snapped(
                rules
                    .iter()
                    .filter(|r| !r.is_horizontal())
                    .map(|r| r.x0)
                    .collect(),
            );
            let ys = snapped(
                rules
                    .iter()
                    .filter(|r| r.is_horizontal())
                    .map(|r| r.y0)
                    .collect(),
            );
            let cells = xs.len().saturating_sub(1) * ys.len().saturating_sub(1);
            (xs.len() >= 3 && ys.len() >= 2 && cells >= 2).then_some(Lattice { xs, ys, rules })
        })
        .collect();
    out.sort_by(|a, b| a.top().total_cmp(&b.top()));
    out
}

/// True when some cell of the lattice holds numbers from three or more
/// lines: the rules box a table rather than draw its cells.
pub(super) fn holds_rows(lattice: &Lattice, lines: &[&Line]) -> bool {
    let mut seen: std::collections::HashMap<(usize, usize), usize> = Default::default();
    for line in lines {
        let y = line.base - 0.3 * line.size;
        let Some(r) = position(&lattice.ys, y) else {
            continue;
        };
        let mut cols: Vec<usize> = line
            .words
            .iter()
            .filter(|w| w.kind == PhraseKind::Number)
            .filter_map(|w| position(&lattice.xs, (w.x0 + w.x1) / 2.0))
            .collect();
        cols.dedup();
        for c in cols {
            let n = seen.entry((r, c)).or_default();
            *n += 1;
            if *n >= 3 {
                return true;
            }
        }
    }
    false
}

/// The interval of sorted boundaries `values` that holds `v`.
fn position(values: &[f64], v: f64) -> Option<usize> {
    values.windows(2).position(|w| match w {
        [a, b] => v >= *a && v < *b,
        _ => false,
    })
}

/// The grid of one lattice from the lines inside it.
pub(super) fn grid(lattice: &Lattice, lines: &[&Line]) -> TableGrid {
    let rows = lattice.ys.len().saturating_sub(1);
    let cols = lattice.xs.len().saturating_sub(1);
    // Union cells not separated by a rule.
    let index = |r: usize, c: usize| r * cols + c;
    let mut parent: Vec<usize> = (0..rows * cols).collect();
    let mid = |values: &[f64], i: usize| match (values.get(i), values.get(i + 1)) {
        (Some(a), Some(b)) => (a + b) / 2.0,
        _ => 0.0,
    };
    // Cells holding a number: two rows that both hold numbers stay two rows
    // even where the rule between them is missing.
    let mut numbered = vec![false; rows * cols];
    for line in lines {
        let y = line.base - 0.3 * line.size;
        for w in line.words.iter().filter(|w| w.kind == PhraseKind::Number) {
            if let (Some(r), Some(c)) = (
                position(&lattice.ys, y),
                position(&lattice.xs, (w.x0 + w.x1) / 2.0),
            ) && let Some(slot) = numbered.get_mut(index(r, c))
            {
                *slot = true;
            }
        }
    }
    let row_numbered = |r: usize| {
        numbered
            .get(r * cols..(r + 1) * cols)
            .is_some_and(|cells| cells.iter().any(|&n| n))
    };
    for r in 0..rows {
        for c in 0..cols {
            let mut join = |other: usize| {
                let (a, b) = (find(&mut parent, index(r, c)), find(&mut parent, other));
                if let Some(slot) = parent.get_mut(a) {
                    *slot = b;
                }
            };
            if c > 0
                && let Some(&x) = lattice.xs.get(c)
                && !lattice.has_vertical(x, mid(&lattice.ys, r))
            {
                join(index(r, c - 1));
            }
            if r > 0
                && !(row_numbered(r) && row_numbered(r - 1))
                && let Some(&y) = lattice.ys.get(r)
                && !lattice.has_horizontal(y, mid(&lattice.xs, c))
            {
                join(index(r - 1, c));
            }
        }
    }
    // Each region's corners.
    let mut corners: std::collections::BTreeMap<usize, (usize, usize, usize, usize)> =
        Default::default();
    for r in 0..rows {
        for c in 0..cols {
            let root = find(&mut parent, index(r, c));
            let e = corners.entry(root).or_insert((r, c, r, c));
            *e = (e.0.min(r), e.1.min(c), e.2.max(r), e.3.max(c));
        }
    }
    let mut grid = vec![vec![GridValue::Empty; cols]; rows];
    for line in lines {
        for w in &line.words {
            let x = (w.x0 + w.x1) / 2.0;
            let y = line.base - 0.3 * line.size;
            let (Some(r), Some(c)) = (position(&lattice.ys, y), position(&lattice.xs, x)) else {
                continue;
            };
            let root = find(&mut parent, index(r, c));
            let (r0, c0, _, _) = corners.get(&root).copied().unwrap_or((r, c, r, c));
            if let Some(slot) = grid.get_mut(r0).and_then(|row| row.get_mut(c0)) {
                match slot {
                    GridValue::Text { text, .. } => {
                        text.push(' ');
                        text.push_str(&w.text);
                    }
                    _ => {
                        *slot = GridValue::Text {
                            text: w.text.clone(),
                            indent: 0,
                        }
                    }
                }
            }
        }
    }
    let merges = corners
        .values()
        .filter(|(r0, c0, r1, c1)| r1 > r0 || c1 > c0)
        .map(|&(first_row, first_col, last_row, last_col)| Merge {
            first_row,
            first_col,
            last_row,
            last_col,
        })
        .collect();
    TableGrid {
        top: lattice.top(),
        bottom: lattice.bottom(),
        grid,
        merges,
    }
}
