//! The seeded defect corpus: answers over real sources, each made clean or
//! with one known defect, and each recording its true class.
//!
//! Every answer holds one claim about one labeled cell. Its role is written
//! the way a careful answer would write it, from the cell's row label and
//! column header ("Net income, Year Ended December 31, 2024"). Its value is
//! the cell as written. Each defect class then changes one thing:
//!
//! | class | what changes |
//! |---|---|
//! | `clean` | nothing. One in four is a growth calculation over two periods of a row, with the right result; one in three single claims quotes its cell |
//! | `uncited` | the claim cites nothing |
//! | `unknown_ref` | it cites a sheet that does not exist, or a chunk id no one issued |
//! | `outside_context` | its cell is real, but the answer's assembled context is every *other* table |
//! | `fabricated_quote` | it quotes its cell's number with two digits transposed (or the last one off by one) |
//! | `value_mismatch` | it states the number with two adjacent digits transposed, or the last digit written off by one |
//! | `sign_flip` | it states the number with the opposite sign (only rows whose label names no negative direction: "loss", "expense", … explain a sign by presentation) |
//! | `scale_mismatch` | it states the same digits with a scale word 1,000 times off (monetary cells) |
//! | `same_number_swap` | it cites another cell holding the same number in another role (concept or period), where the sources have one |
//! | `period_mismatch` | it cites the same row in another period, which holds another number |
//! | `role_mismatch` | it cites another row (another concept) in the same column, which holds another number |
//! | `arithmetic_mismatch` | a growth calculation whose operands are right and whose stated result is 1 to 3 points off |
//! | `formula_mismatch` | a growth calculation on the wrong base — `(a - b) / a`, divided by the later amount — whose stated result is what that computes |
//! | `wrong_operand_period` | a growth between two periods the sentence names, whose base operand is a third period of the row (stated and cited as what it is), the result what that computes; expects `formula_mismatch` |
//! | `coarse_rounding` | a monetary cell stated in the scale word above its size, rounded to a whole number ("1 billion" for 602 million, "0 billion" for 48 million): within the written rounding, more than 10% off; expects `value_mismatch` |
//!
//! Cells are picked with a seeded generator ([`super::rng`]): one seed, one
//! corpus. A class is sampled without replacement; when the sources offer
//! fewer candidates than asked (same-number pairs are rare), every candidate
//! is used once and the shortfall is reported.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::rng::Rng;
use crate::check::Code;
use crate::check::quote;
use crate::check::value::{names_negative, shown_negative_by_convention};
use crate::model::{Cell, CellRef, Document, Measure, Period, TablePart};
use crate::vocab::Vocab;

/// What an answer of the corpus truly is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DefectClass {
    /// No defect.
    Clean,
    /// Cites nothing.
    Uncited,
    /// Cites what does not exist.
    UnknownRef,
    /// Cites a real cell outside the assembled context.
    OutsideContext,
    /// Quotes what its cell does not say.
    FabricatedQuote,
    /// States another number than its cell's.
    ValueMismatch,
    /// States its cell's number with the other sign.
    SignFlip,
    /// States its cell's digits at another scale.
    ScaleMismatch,
    /// Cites another cell with the same number in another role.
    SameNumberSwap,
    /// Cites its row in another period.
    PeriodMismatch,
    /// Cites another row.
    RoleMismatch,
    /// States a calculation's result wrongly.
    ArithmeticMismatch,
    /// Computes a growth on the wrong base.
    FormulaMismatch,
    /// Computes a growth over another period than the one it names.
    WrongOperandPeriod,
    /// States a cell rounded so coarsely that it is far from it.
    CoarseRounding,
}

impl DefectClass {
    /// Every class, in report order.
    pub const ALL: [DefectClass; 15] = [
        DefectClass::Clean,
        DefectClass::Uncited,
        DefectClass::UnknownRef,
        DefectClass::OutsideContext,
        DefectClass::FabricatedQuote,
        DefectClass::ValueMismatch,
        DefectClass::SignFlip,
        DefectClass::ScaleMismatch,
        DefectClass::SameNumberSwap,
        DefectClass::PeriodMismatch,
        DefectClass::RoleMismatch,
        DefectClass::ArithmeticMismatch,
        DefectClass::FormulaMismatch,
        DefectClass::WrongOperandPeriod,
        DefectClass::CoarseRounding,
    ];

    /// The class's name: the finding code it should produce (`clean` for
    /// none), or what it is when another class expects that code too.
    pub fn name(self) -> &'static str {
        match self {
            DefectClass::WrongOperandPeriod => "wrong_operand_period",
            DefectClass::CoarseRounding => "coarse_rounding",
            _ => match self.expected_code() {
                Some(code) => code.name(),
                None => "clean",
            },
        }
    }

    /// The finding a code check should give an answer of this class.
    pub fn expected_code(self) -> Option<Code> {
        Some(match self {
            DefectClass::Clean => return None,
            DefectClass::Uncited => Code::Uncited,
            DefectClass::UnknownRef => Code::UnknownRef,
            DefectClass::OutsideContext => Code::OutsideContext,
            DefectClass::FabricatedQuote => Code::FabricatedQuote,
            DefectClass::ValueMismatch => Code::ValueMismatch,
            DefectClass::SignFlip => Code::SignFlip,
            DefectClass::ScaleMismatch => Code::ScaleMismatch,
            DefectClass::SameNumberSwap => Code::SameNumberSwap,
            DefectClass::PeriodMismatch => Code::PeriodMismatch,
            DefectClass::RoleMismatch => Code::RoleMismatch,
            DefectClass::ArithmeticMismatch => Code::ArithmeticMismatch,
            DefectClass::FormulaMismatch | DefectClass::WrongOperandPeriod => Code::FormulaMismatch,
            DefectClass::CoarseRounding => Code::ValueMismatch,
        })
    }

    /// The class of a name.
    pub fn from_name(name: &str) -> Option<DefectClass> {
        DefectClass::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// A source of the corpus: the id answers cite it by, the path they name,
/// and the document read from it.
pub struct CorpusSource {
    /// The source id (`acme.xlsx`).
    pub id: String,
    /// The path an answer names (as given to `tickmark eval`).
    pub path: String,
    /// The labeled document.
    pub document: Arc<Document>,
}

/// One generated answer.
#[derive(Debug, Clone)]
pub struct Generated {
    /// What it truly is.
    pub class: DefectClass,
    /// The answer, as JSON input (with its class in a `"class"` field, which
    /// the verifier ignores).
    pub answer: Value,
}

/// The corpus, and how many candidates each class had.
#[derive(Debug, Clone)]
pub struct Corpus {
    /// The answers, class by class.
    pub answers: Vec<Generated>,
    /// Candidates the sources offered per class (cells, or cell pairs).
    pub available: BTreeMap<DefectClass, usize>,
}

/// A cell a claim can be written about: labeled, in a period, not zero.
fn usable(cell: &Cell<'_>) -> bool {
    cell.row_label().is_some_and(|l| !l.trim().is_empty())
        && cell.col_label().is_some_and(|l| !l.trim().is_empty())
        && cell.period().is_some()
        && !cell.value().is_zero()
        && !cell.dash()
}

/// The role a careful answer states for a cell: the line as the statement
/// names it and the column's header ("Revenue, Year Ended December 31,
/// 2024"). When the line's own label is generic and its section says what it
/// is ("Basic" under "Earnings per share", "Accounts receivable" under
/// "Changes in operating assets and liabilities"), the role names the
/// section too, as a careful writer would: the first phrasing among label
/// alone, label and section, section and label, and the concept's own name
/// whose concept is the cell's.
pub fn role_of(cell: &Cell<'_>, vocab: &Vocab) -> String {
    let label = cell.row_label().unwrap_or("").trim();
    let header = cell.col_label().unwrap_or("").trim();
    // A bare year under a title that names the span ("Nine Months Ended
    // September 30,") is that span: a careful writer names it.
    let span = cell.table().title.iter().find(|t| {
        let lower = t.to_lowercase();
        lower.contains("ended") || lower.contains("as of")
    });
    let bare_year = header.len() == 4 && header.bytes().all(|b| b.is_ascii_digit());
    let column = match span {
        Some(span) if bare_year => format!("{} {header}", span.trim()),
        _ => header.to_string(),
    };
    let column = column.as_str();
    let role = |line: &str| format!("{line}, {column}");
    let Some(concept) = cell.concept() else {
        return role(label);
    };
    let names = |text: &str| vocab.find_in_text(text).map(|(_, id)| id);
    let mut phrasings = vec![label.to_string()];
    for section in cell.section().iter().rev() {
        phrasings.push(format!("{label} {section}"));
        phrasings.push(format!("{section} {label}"));
    }
    // Failing those, the concept's own name ("Increase (decrease) in
    // accounts receivable" for "Accounts receivable" among the changes in
    // operating assets).
    if let Some(info) = vocab.info(concept.as_str()) {
        phrasings.push(info.name().to_string());
    }
    phrasings
        .iter()
        .map(|line| role(line))
        .find(|text| names(text).as_ref() == Some(concept))
        .unwrap_or_else(|| role(label))
}

/// Two cells hold the same fact: concepts of one family (the same label
/// when the vocabulary knows neither) in the same period as the role model
/// reads it — the balance sheet's cash at December 31, 2024 and the cash
/// flow's "end of year" cash for 2024 are one fact.
fn same_role(a: &Cell<'_>, b: &Cell<'_>, vocab: &Vocab) -> bool {
    let concept = match (a.concept(), b.concept()) {
        (Some(x), Some(y)) => {
            crate::vocab::lexicon::Lexicon::builtin().same_family(x.as_str(), y.as_str())
        }
        _ => a.label_key() == b.label_key(),
    };
    let period = |c: &Cell<'_>| {
        crate::check::role::cell_periods(c, crate::check::role::roles_of(c.table(), vocab))
            .into_iter()
            .next()
    };
    let same_period = match (period(a), period(b)) {
        (Some(x), Some(y)) => {
            use crate::period::{Agreement, periods_agree};
            periods_agree(&x, &y) == Agreement::Yes && periods_agree(&y, &x) == Agreement::Yes
        }
        (None, None) => true,
        _ => false,
    };
    concept && same_period
}

fn same_concept(a: &Cell<'_>, b: &Cell<'_>) -> bool {
    match (a.concept(), b.concept()) {
        (Some(x), Some(y)) => x == y,
        _ => a.label_key() == b.label_key(),
    }
}

/// A cell's place: (source index, table index, cell).
type Placed<'a> = (usize, usize, Cell<'a>);

/// Generates `per_class` answers of every class over `sources`, from `seed`.
pub fn generate(sources: &[CorpusSource], per_class: usize, seed: u64, vocab: &Vocab) -> Corpus {
    let mut cells: Vec<Placed<'_>> = Vec::new();
    for (s, source) in sources.iter().enumerate() {
        for (t, table) in source.document.tables.iter().enumerate() {
            cells.extend(table.cells().filter(usable).map(|c| (s, t, c)));
        }
    }
    let mut rng = Rng::new(seed);
    let mut answers = Vec::new();
    let mut available = BTreeMap::new();
    let writer = Writer { sources, vocab };
    for class in DefectClass::ALL {
        let candidates = candidates(class, &cells, sources, vocab);
        available.insert(class, candidates.len());
        for (i, (a, b)) in sample(&mut rng, &candidates, per_class)
            .into_iter()
            .enumerate()
        {
            let id = format!("{}-{}", class.name(), i + 1);
            if let Some(answer) = writer.answer(class, &id, i, a, b, &mut rng) {
                answers.push(Generated { class, answer });
            }
        }
    }
    Corpus { answers, available }
}

/// The candidates of a class: a cell, or a cell and the other cell it needs
/// (the cited cell of a swap, the second period of a growth calculation).
fn candidates<'a>(
    class: DefectClass,
    cells: &[Placed<'a>],
    sources: &[CorpusSource],
    vocab: &Vocab,
) -> Vec<(Placed<'a>, Option<Placed<'a>>)> {
    let single = |keep: &dyn Fn(&Placed<'a>) -> bool| -> Vec<(Placed<'a>, Option<Placed<'a>>)> {
        cells
            .iter()
            .filter(|c| keep(c))
            .map(|c| (*c, None))
            .collect()
    };
    // Pairs are searched among the cells that can be partners only: the
    // cells of the same table (they are contiguous in `cells`), or the cells
    // holding the same value. The order is that of a scan over every pair.
    let mut table_range = Vec::with_capacity(cells.len());
    let mut start = 0;
    for (i, (s, t, _)) in cells.iter().enumerate() {
        let next = cells.get(i + 1).map(|(ns, nt, _)| (ns, nt));
        if next != Some((s, t)) {
            table_range.extend(std::iter::repeat_n(start..i + 1, i + 1 - start));
            start = i + 1;
        }
    }
    let mut same_value: HashMap<Decimal, Vec<usize>> = HashMap::new();
    for (i, (_, _, cell)) in cells.iter().enumerate() {
        same_value.entry(cell.value()).or_default().push(i);
    }
    let pairs = |partners: Partners, keep: &dyn Fn(&Placed<'a>, &Placed<'a>) -> bool| {
        let mut out = Vec::new();
        for (i, a) in cells.iter().enumerate() {
            let found: Vec<&Placed<'a>> = match partners {
                Partners::SameTable => table_range
                    .get(i)
                    .and_then(|range| cells.get(range.clone()))
                    .unwrap_or_default()
                    .iter()
                    .collect(),
                Partners::SameValue => same_value
                    .get(&a.2.value())
                    .map(|found| found.iter().filter_map(|j| cells.get(*j)).collect())
                    .unwrap_or_default(),
            };
            out.extend(
                found
                    .into_iter()
                    .filter(|b| keep(a, b))
                    .map(|b| (*a, Some(*b))),
            );
        }
        out
    };
    let tables: usize = sources.iter().map(|s| s.document.tables.len()).sum();
    match class {
        DefectClass::Clean | DefectClass::Uncited | DefectClass::UnknownRef => single(&|_| true),
        DefectClass::ValueMismatch | DefectClass::FabricatedQuote => single(&|_| true),
        DefectClass::OutsideContext => single(&|_| tables > 1),
        // A negative cost stated positive is presentation, not a flip.
        DefectClass::SignFlip => single(&|(_, _, c)| {
            let role = role_of(c, vocab);
            let presentation = c.value().is_sign_negative() && shown_negative_by_convention(c);
            !(names_negative(&role) || names_negative(&sentence(&role, &c.text())) || presentation)
        }),
        DefectClass::ScaleMismatch => single(&|(_, _, c)| {
            c.measure() == Measure::Monetary && !c.percent() && c.amount().scale_exp == 0
        }),
        DefectClass::SameNumberSwap => pairs(Partners::SameValue, &|(_, _, a), (_, _, b)| {
            a.reference() != b.reference()
                && a.value() == b.value()
                && a.scale() == b.scale()
                && a.percent() == b.percent()
                && a.currency() == b.currency()
                && !same_role(a, b, vocab)
        }),
        DefectClass::PeriodMismatch => pairs(Partners::SameTable, &|(sa, ta, a), (sb, tb, b)| {
            sa == sb
                && ta == tb
                && a.coord().row == b.coord().row
                && a.coord().col != b.coord().col
                && a.period() != b.period()
                && a.value() != b.value()
        }),
        DefectClass::RoleMismatch => pairs(Partners::SameTable, &|(sa, ta, a), (sb, tb, b)| {
            sa == sb
                && ta == tb
                && a.coord().col == b.coord().col
                && a.coord().row != b.coord().row
                && a.period() == b.period()
                && !same_concept(a, b)
                && a.row_label() != b.row_label()
                && a.value() != b.value()
        }),
        DefectClass::ArithmeticMismatch => {
            pairs(Partners::SameTable, &|(sa, ta, a), (sb, tb, b)| {
                sa == sb
                    && ta == tb
                    && a.coord().row == b.coord().row
                    && a.coord().col < b.coord().col
                    && a.period() != b.period()
            })
        }
        // Two periods of a row that a growth can run between (of an
        // amount: a percentage's change is in points).
        DefectClass::FormulaMismatch => pairs(Partners::SameTable, &|(sa, ta, a), (sb, tb, b)| {
            !a.percent()
                && sa == sb
                && ta == tb
                && a.coord().row == b.coord().row
                && a.coord().col < b.coord().col
                && a.period() != b.period()
                && comparable_periods(a.period(), b.period())
                && a.value() != b.value()
        }),
        // A row with a third period besides the pair: the pair is the
        // first cell and its next comparable period (found when written).
        DefectClass::WrongOperandPeriod => {
            pairs(Partners::SameTable, &|(sa, ta, a), (sb, tb, c)| {
                !a.percent()
                    && sa == sb
                    && ta == tb
                    && a.coord().row == c.coord().row
                    && a.coord().col < c.coord().col
                    && comparable_periods(a.period(), c.period())
                    && a.table().cells().any(|b| {
                        b.coord().row == a.coord().row
                            && a.coord().col < b.coord().col
                            && b.coord().col < c.coord().col
                            && usable(&b)
                            && comparable_periods(a.period(), b.period())
                            && b.period() != a.period()
                            && b.period() != c.period()
                    })
            })
        }
        DefectClass::CoarseRounding => single(&|(_, _, c)| coarse(c).is_some()),
    }
}

/// Where a pair's second cell is looked for.
#[derive(Clone, Copy)]
enum Partners {
    /// In the first cell's table.
    SameTable,
    /// Among the cells holding the same value.
    SameValue,
}

/// Up to `n` candidates without replacement, in the generator's order.
fn sample<T: Copy>(rng: &mut Rng, items: &[T], n: usize) -> Vec<T> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    let take = n.min(order.len());
    for i in 0..take {
        let j = i + rng.below(order.len() - i);
        order.swap(i, j);
    }
    order
        .into_iter()
        .take(take)
        .filter_map(|i| items.get(i).copied())
        .collect()
}

/// Sets a field of a JSON object (`Value`'s index operator can panic).
fn set(object: &mut Value, key: &str, value: Value) {
    if let Some(object) = object.as_object_mut() {
        object.insert(key.to_string(), value);
    }
}

fn sentence(role: &str, value: &str) -> String {
    format!("{role} was {value}.")
}

/// Writes answers over the corpus's sources.
struct Writer<'s> {
    sources: &'s [CorpusSource],
    vocab: &'s Vocab,
}

impl Writer<'_> {
    fn answer(
        &self,
        class: DefectClass,
        id: &str,
        i: usize,
        (s, _, cell): Placed<'_>,
        other: Option<Placed<'_>>,
        rng: &mut Rng,
    ) -> Option<Value> {
        let role = role_of(&cell, self.vocab);
        let printed = cell.text().into_owned();
        let written = with_scale(&cell, &printed);
        let reference = cell.reference().to_string();
        let mut claim = json!({"id": "k1", "text": sentence(&role, &written),
                               "value": written, "role": role, "cites": [reference]});
        let mut context = None;
        match class {
            DefectClass::Clean if i % 4 == 3 => {
                let second = self.second_period(&cell)?;
                claim = growth(&cell, &second, Decimal::ZERO, self.vocab);
            }
            DefectClass::Clean => {
                if i % 3 == 1 {
                    set(&mut claim, "quote", json!(shown(&cell)));
                }
            }
            DefectClass::Uncited => set(&mut claim, "cites", json!([])),
            DefectClass::UnknownRef => {
                let source = self.sources.get(s)?;
                let cite = if i.is_multiple_of(2) {
                    format!("{}#NoSuchSheet!{}", source.id, cell.coord())
                } else {
                    format!("c{}", 90_000 + i)
                };
                set(&mut claim, "cites", json!([cite]));
            }
            DefectClass::OutsideContext => {
                let own = cell.reference();
                let others: Vec<String> =
                    self.sources
                        .iter()
                        .flat_map(|source| {
                            source.document.tables.iter().map(|t| {
                                CellRef::table(source.id.as_str(), t.part.clone()).to_string()
                            })
                        })
                        .filter(|t| Some(t.as_str()) != table_ref(&own).as_deref())
                        .collect();
                context = Some(others);
            }
            DefectClass::FabricatedQuote => {
                // A slip of the cell's number that is not elsewhere in its
                // row (a row can hold the slipped number in another column).
                let row = row_text(&cell);
                let quote = (0..10)
                    .filter_map(|_| altered(&shown(&cell), rng))
                    .find(|q| !quote::found_in(q, &row))?;
                set(&mut claim, "quote", json!(quote));
            }
            DefectClass::ValueMismatch => {
                let stated = altered(&written, rng)?;
                set(&mut claim, "text", json!(sentence(&role, &stated)));
                set(&mut claim, "value", json!(stated));
            }
            DefectClass::SignFlip => {
                // The other sign, in the form written: "(1,058)" and
                // "$(1,058)" lose their parentheses, "-8.3" its minus.
                let stated = if written.contains('(') && written.contains(')') {
                    written.replace(['(', ')'], "")
                } else if let Some(rest) = written.strip_prefix(['-', '\u{2212}']) {
                    rest.to_string()
                } else {
                    format!("-{written}")
                };
                set(&mut claim, "text", json!(sentence(&role, &stated)));
                set(&mut claim, "value", json!(stated));
            }
            DefectClass::ScaleMismatch => {
                let word = off_scale_word(cell.scale())?;
                let stated = format!("{printed} {word}");
                set(&mut claim, "text", json!(sentence(&role, &stated)));
                set(&mut claim, "value", json!(stated));
            }
            DefectClass::SameNumberSwap
            | DefectClass::PeriodMismatch
            | DefectClass::RoleMismatch => {
                let (_, _, cited) = other?;
                set(&mut claim, "cites", json!([cited.reference().to_string()]));
            }
            DefectClass::ArithmeticMismatch => {
                let (_, _, second) = other?;
                // 1.0 to 3.0 points off, either way: outside any rounding
                // of a one-decimal percentage.
                let points = Decimal::new(10 + rng.below(21) as i64, 1);
                let off = if rng.below(2) == 0 { points } else { -points };
                claim = growth(&cell, &second, off, self.vocab);
            }
            DefectClass::FormulaMismatch => {
                let (_, _, second) = other?;
                claim = growth_over(&cell, &second, &second, "(a - b) / a", self.vocab);
            }
            DefectClass::WrongOperandPeriod => {
                let (_, _, third) = other?;
                let named = cell.table().cells().find(|b| {
                    b.coord().row == cell.coord().row
                        && cell.coord().col < b.coord().col
                        && b.coord().col < third.coord().col
                        && usable(b)
                        && comparable_periods(cell.period(), b.period())
                        && b.period() != cell.period()
                        && b.period() != third.period()
                })?;
                claim = growth_over(&cell, &third, &named, "(a - b) / b", self.vocab);
            }
            DefectClass::CoarseRounding => {
                let stated = coarse(&cell)?;
                set(&mut claim, "text", json!(sentence(&role, &stated)));
                set(&mut claim, "value", json!(stated));
            }
        }
        let sources: Vec<Value> = self
            .sources
            .iter()
            .map(|s| json!({"id": s.id, "path": s.path}))
            .collect();
        let mut answer = json!({"id": id, "class": class.name(), "sources": sources,
                                "claims": [claim]});
        if let Some(context) = context {
            set(&mut answer, "context", json!(context));
        }
        Some(answer)
    }

    /// Another period of a cell's row, not zero, of the same length and
    /// not a change column (the base of a growth rate).
    fn second_period<'a>(&self, cell: &Cell<'a>) -> Option<Cell<'a>> {
        cell.table().cells().find(|c| {
            c.coord().row == cell.coord().row
                && c.coord().col != cell.coord().col
                && usable(c)
                && c.period() != cell.period()
                && comparable_periods(c.period(), cell.period())
        })
    }
}

/// Two periods a growth can run between: spans of one length, or two
/// balances; not a change column.
fn comparable_periods(a: Option<&Period>, b: Option<&Period>) -> bool {
    let months = |p: &Period| match p {
        Period::Duration {
            months,
            quarter,
            half,
            ..
        } => months.or(quarter.map(|_| 3)).or(half.map(|_| 6)),
        _ => None,
    };
    match (a, b) {
        (Some(x @ Period::Duration { .. }), Some(y @ Period::Duration { .. })) => {
            months(x).is_some() && months(x) == months(y)
        }
        (Some(Period::Instant { .. }), Some(Period::Instant { .. })) => true,
        _ => false,
    }
}

/// `(a - b) / b` as a growth claim over two cells of a row, its result
/// stated as a percentage to one decimal, plus `off` points.
fn growth(a: &Cell<'_>, b: &Cell<'_>, off: Decimal, vocab: &Vocab) -> Value {
    let rate = (a.value() - b.value())
        .checked_div(b.value())
        .and_then(|r| r.checked_mul(Decimal::ONE_HUNDRED))
        .unwrap_or_default();
    let stated = format!("{}%", (rate + off).round_dp(1));
    let label = a.row_label().unwrap_or("").trim();
    json!({"id": "k1",
           "text": format!("{label} changed by {stated} from {} to {}.", period_name(b), period_name(a)),
           "value": stated,
           "role": format!("{label} growth"),
           "calc": "(a - b) / b",
           "operands": [
               {"id": "a", "value": a.text(), "role": role_of(a, vocab), "cite": a.reference().to_string()},
               {"id": "b", "value": b.text(), "role": role_of(b, vocab), "cite": b.reference().to_string()}]})
}

/// A growth claim over cells `a` and `b` computed with `calc` (over ids
/// `a` and `b`), stated as what that computes, its sentence naming the
/// periods of `a` and `named` ("from 2023 to 2024"): a growth on the wrong
/// base, or over another period than the one it names.
fn growth_over(a: &Cell<'_>, b: &Cell<'_>, named: &Cell<'_>, calc: &str, vocab: &Vocab) -> Value {
    let (x, y) = (a.value(), b.value());
    let base = if calc == "(a - b) / a" { x } else { y };
    let rate = (x - y)
        .checked_div(base)
        .and_then(|r| r.checked_mul(Decimal::ONE_HUNDRED))
        .unwrap_or_default();
    let stated = format!("{}%", rate.round_dp(1));
    let label = a.row_label().unwrap_or("").trim();
    json!({"id": "k1",
           "text": format!("{label} changed by {stated} from {} to {}.", period_name(named), period_name(a)),
           "value": stated,
           "role": format!("{label} growth"),
           "calc": calc,
           "operands": [
               {"id": "a", "value": a.text(), "role": role_of(a, vocab), "cite": a.reference().to_string()},
               {"id": "b", "value": b.text(), "role": role_of(b, vocab), "cite": b.reference().to_string()}]})
}

/// A monetary cell stated in the scale word above its size, rounded to a
/// whole number ("1 billion" for 602 million, "0 billion" for 48 million),
/// when that is more than 10% off the cell.
fn coarse(cell: &Cell<'_>) -> Option<String> {
    if cell.measure() != Measure::Monetary || cell.percent() {
        return None;
    }
    let value = cell.value_base()?;
    let size = value.abs();
    let (scale, word) = [
        (1_000u64, "thousand"),
        (1_000_000, "million"),
        (1_000_000_000, "billion"),
        (1_000_000_000_000, "trillion"),
    ]
    .into_iter()
    .map(|(n, w)| (Decimal::from(n), w))
    .find(|(n, _)| size < *n)?;
    let whole = size.checked_div(scale)?.round();
    let off = (whole * scale - size).abs();
    if off * Decimal::TEN <= size {
        return None;
    }
    let sign = if value.is_sign_negative() && !whole.is_zero() {
        "-"
    } else {
        ""
    };
    Some(format!("{sign}{whole} {word}"))
}

fn period_name(cell: &Cell<'_>) -> String {
    cell.col_label().unwrap_or("").trim().to_string()
}

/// The reference of a cell's table (`acme.xlsx#IS`).
fn table_ref(reference: &CellRef) -> Option<String> {
    let part: &TablePart = reference.table_part()?;
    Some(CellRef::table(reference.source.clone(), part.clone()).to_string())
}

/// The cell as the sheet shows it ("(482)", "4200").
fn shown(cell: &Cell<'_>) -> String {
    let at = cell.coord();
    cell.table()
        .grid_value(
            (at.row as usize).saturating_sub(1),
            (at.col as usize).saturating_sub(1),
        )
        .map(|v| v.shown().into_owned())
        .unwrap_or_else(|| cell.text().into_owned())
}

/// The text of a cell's row: what a quote citing the cell is checked against.
fn row_text(cell: &Cell<'_>) -> String {
    let row = (cell.coord().row as usize).saturating_sub(1);
    let values = cell
        .table()
        .grid
        .get(row)
        .map(Vec::as_slice)
        .unwrap_or_default();
    values
        .iter()
        .filter(|v| !v.is_blank())
        .map(|v| v.shown().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A number as written, changed the way a slip changes it: two adjacent
/// different digits transposed, or (when there are none) the last digit
/// written off by one. `None` when the text has no digit.
pub fn altered(written: &str, rng: &mut Rng) -> Option<String> {
    let mut chars: Vec<char> = written.chars().collect();
    let digits: Vec<usize> = chars
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_ascii_digit())
        .map(|(i, _)| i)
        .collect();
    let first = digits.first().copied();
    let swappable: Vec<(usize, usize)> = digits
        .windows(2)
        .filter_map(|w| match w {
            // Not a zero into the lead ("20,000" → "02,000" is no number).
            [a, b] if Some(*a) == first && chars.get(*b) == Some(&'0') => None,
            [a, b] if chars.get(*a) != chars.get(*b) => Some((*a, *b)),
            _ => None,
        })
        .collect();
    if rng.below(2) == 0
        && let Some((a, b)) = rng.pick(&swappable).copied()
    {
        chars.swap(a, b);
        return Some(chars.into_iter().collect());
    }
    let last = *digits.last()?;
    let digit = chars.get(last)?.to_digit(10)?;
    let bumped = if digit == 9 { 8 } else { digit + 1 };
    if let Some(slot) = chars.get_mut(last) {
        *slot = char::from_digit(bumped, 10)?;
    }
    Some(chars.into_iter().collect())
}

/// A cell's printed amount as a sentence states it: with its table's scale
/// when it prints a currency and no scale word of its own ("$12,257" of a
/// table in thousands is written "$12,257 thousand"; a sentence's
/// "$12,257" is twelve thousand dollars). A bare number ("4200") is left
/// as printed, as a trace copies it.
fn with_scale(cell: &Cell<'_>, printed: &str) -> String {
    let currency = printed.contains(['$', '€', '£', '¥']);
    let scaled = printed
        .split(|c: char| !c.is_alphabetic())
        .any(|w| crate::number::scale_word(w).is_some());
    match word_for(cell.scale()) {
        Some(word) if currency && !scaled && !cell.percent() => format!("{printed} {word}"),
        _ => printed.to_string(),
    }
}

/// A scale word 1,000 times off a cell's scale: "thousand" for a table in
/// millions, "million" for one in units or thousands.
fn off_scale_word(scale: Decimal) -> Option<&'static str> {
    let million = Decimal::from(1_000_000);
    if scale >= million {
        let target = scale.checked_div(Decimal::ONE_THOUSAND)?;
        word_for(target)
    } else {
        word_for(scale.checked_mul(Decimal::ONE_THOUSAND)?)
    }
}

fn word_for(scale: Decimal) -> Option<&'static str> {
    [
        (1_000u64, "thousand"),
        (1_000_000, "million"),
        (1_000_000_000, "billion"),
        (1_000_000_000_000, "trillion"),
    ]
    .into_iter()
    .find(|(n, _)| Decimal::from(*n) == scale)
    .map(|(_, w)| w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_changes_the_number_and_keeps_its_form() {
        let mut rng = Rng::new(3);
        for written in ["4,200", "(482)", "2.33", "38.1%", "7", "-1,234.5"] {
            for _ in 0..20 {
                let changed = altered(written, &mut rng).unwrap();
                assert_ne!(changed, written);
                assert_eq!(changed.len(), written.len(), "{written} → {changed}");
                let shape = |s: &str| s.chars().map(|c| c.is_ascii_digit()).collect::<Vec<_>>();
                assert_eq!(shape(&changed), shape(written));
            }
        }
        assert_eq!(altered("n/a", &mut rng), None);
        // A zero never moves into the lead.
        for _ in 0..50 {
            assert!(!altered("20,000", &mut rng).unwrap().starts_with('0'));
        }
    }

    #[test]
    fn scale_words_are_a_thousand_times_off() {
        assert_eq!(off_scale_word(Decimal::from(1_000_000)), Some("thousand"));
        assert_eq!(
            off_scale_word(Decimal::from(1_000_000_000)),
            Some("million")
        );
        assert_eq!(off_scale_word(Decimal::ONE), Some("thousand"));
        assert_eq!(off_scale_word(Decimal::ONE_THOUSAND), Some("million"));
    }

    #[test]
    fn class_names_are_the_codes_they_expect() {
        for class in DefectClass::ALL {
            assert_eq!(DefectClass::from_name(class.name()), Some(class));
        }
        assert_eq!(DefectClass::SameNumberSwap.name(), "same_number_swap");
        assert_eq!(DefectClass::Clean.expected_code(), None);
    }
}
