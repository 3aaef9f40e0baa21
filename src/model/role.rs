//! A role: what a number is. One structure, read the same way from a cell
//! (its row label, sections, column header, table title, unit line) and from
//! a claim (its `role`, else its sentence), and compared slot by slot:
//!
//! - **measure**: the concept (a vocabulary id) and the words of the line;
//! - **qualifiers** that change what is measured (adjusted, segment, product,
//!   U.S., attributable to noncontrolling interests, average, …);
//! - **periods**: when (a duration with its length, an instant, a change);
//! - **direction**: what the sign means for this line (income or loss,
//!   provided or used, increase or decrease);
//! - **unit**: currency, per share, shares, percent, ratio.
//!
//! This module holds the types. Reading roles and comparing them is
//! `check::role`'s; the words it reads them with are `vocab::lexicon`'s.

use crate::model::{Currency, Period};
use crate::vocab::ConceptId;
use crate::vocab::lexicon::{DirectionDef, Lexicon, QualifierDef};

/// What a number is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Role {
    /// The concept the measure names, when the vocabulary knows it.
    pub concept: Option<ConceptId>,
    /// The measure as written, for messages ("Product revenue").
    pub label: String,
    /// The measure's words: normalized, singular, abbreviations read out,
    /// without noise, periods, qualifiers, directions and units. Sorted, no
    /// repeats.
    pub words: Vec<Box<str>>,
    /// Of the text's words, those of the phrase that named the concept
    /// ("diluted", "earning", "per", "share" for "diluted EPS"). Sorted.
    pub concept_words: Vec<Box<str>>,
    /// Qualifiers the text states, each once.
    pub qualifiers: Vec<Qualifier>,
    /// Qualifiers the concept carries in its name or phrase ("diluted" of
    /// "diluted EPS", "current" of "AssetsCurrent"): they tell roles of one
    /// kind apart, but a claim naming the concept need not repeat them.
    pub implied: Vec<Qualifier>,
    /// Periods named, most specific first (a cell: its column's, then its
    /// row's or section's).
    pub periods: Vec<Period>,
    /// What the sign means, when a direction word or the concept says so.
    pub direction: Option<Direction>,
    /// The unit, when stated.
    pub unit: Option<RoleUnit>,
}

impl Role {
    /// Whether the role names a measure at all (a concept, words, or a
    /// qualifier that is a line's name: "Product").
    pub fn has_measure(&self) -> bool {
        self.concept.is_some() || !self.words.is_empty() || !self.qualifiers.is_empty()
    }

    /// The role's qualifier of this kind, stated or implied.
    pub fn qualifier_of_kind(&self, kind: &str) -> Option<Qualifier> {
        self.qualifiers
            .iter()
            .chain(&self.implied)
            .copied()
            .find(|q| q.def().is_some_and(|d| d.kind == kind))
    }

    /// A short description for messages: "Product revenue (adjusted), Q3 FY2024".
    pub fn describe(&self) -> String {
        // A label past a line is clipped: a message names the role, it does
        // not repeat a page of it.
        let mut out = match (&self.concept, self.label.trim()) {
            (_, label) if !label.is_empty() => crate::text_pos::excerpt(label, 120),
            (Some(c), _) => c.to_string(),
            (None, _) => "an unnamed measure".to_string(),
        };
        let named: Vec<&str> = self
            .qualifiers
            .iter()
            .filter_map(|q| q.def())
            .map(|d| d.value.as_str())
            .filter(|v| !out.to_lowercase().contains(&v.replace('_', " ")))
            .collect();
        if !named.is_empty() {
            out.push_str(&format!(" ({})", named.join(", ").replace('_', " ")));
        }
        if let Some(p) = self.periods.first() {
            out.push_str(&format!(", {p}"));
        }
        out
    }
}

/// A qualifier of the built-in lexicon ("segment", "U.S.").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Qualifier {
    /// Its index in the lexicon.
    pub entry: u16,
}

impl Qualifier {
    /// What the lexicon says about it.
    pub fn def(self) -> Option<&'static QualifierDef> {
        Lexicon::builtin().qualifier(usize::from(self.entry))
    }
}

/// What a sign means for a line: which side of a direction kind it is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Direction {
    /// The direction kind's index in the lexicon ("result", "cash").
    pub kind: u8,
    /// The positive side (income, provided, increase, expense) or the
    /// negative one (loss, used, decrease, benefit).
    pub positive: bool,
}

impl Direction {
    /// What the lexicon says about its kind.
    pub fn def(self) -> Option<&'static DirectionDef> {
        Lexicon::builtin().direction(usize::from(self.kind))
    }

    /// The other side of the same kind.
    pub fn opposite(self) -> Direction {
        Direction {
            kind: self.kind,
            positive: !self.positive,
        }
    }

    /// The direction a word says of an amount: a word of the positive side
    /// turns with a negative amount ("net income of $(746)" says a loss),
    /// except where the kind is unsigned (an expense line's sign is the
    /// table's convention, not the word's). A word of the negative side
    /// stays ("net loss of (746)" is a loss written with parentheses).
    pub fn of_amount(self, negative: bool) -> Direction {
        let signed = self.def().is_none_or(|d| d.signed);
        if self.positive && negative && signed {
            self.opposite()
        } else {
            self
        }
    }
}

/// A role's unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoleUnit {
    /// Money in this currency.
    Currency(Currency),
    /// Money per share.
    PerShare,
    /// A count of shares.
    Shares,
    /// A percentage.
    Percent,
    /// A ratio or multiple.
    Ratio,
}

/// How a row label says what its sign means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelSign {
    /// Both sides named ("Net income (loss)", "provided by (used in)"): the
    /// sign of the value picks the side.
    Both(u8),
    /// Both sides named, the positive side in parentheses before the other
    /// ("(Gain) loss on disposal", "Income tax benefit (expense)",
    /// "(Increase) decrease in receivables"): a positive value is the side
    /// named outside them.
    BothReversed(u8),
    /// Only the positive side named or implied by the concept ("Net income",
    /// "Net cash provided by"): a negative value is the other side.
    Positive(u8),
    /// Only the negative side named ("Net loss", "used in"): the line is that
    /// side whatever the sign it is printed with.
    Negative(u8),
}

/// The role facts of one data row, read once per table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RowRole {
    /// The row label read as a role, with the labeler's concept.
    pub role: Role,
    /// The row label's own measure words (sorted).
    pub label_words: Vec<Box<str>>,
    /// The concept the label reads as alone, where the row proved to be
    /// another's member ("Online Advertising", a part of "Total revenues",
    /// reads as an advertising expense).
    pub read_concept: Option<ConceptId>,
    /// The row is a share of a base under the line above it ("% of net
    /// revenue" under "Research and development"): that line's words
    /// (empty for any other row). A role naming no share or percentage,
    /// or naming none of the line's words before its share phrase, is not
    /// about it.
    pub share_of: Vec<Box<str>>,
    /// The words of the row's section captions (sorted).
    pub section_words: Vec<Box<str>>,
    /// Qualifiers the row's section captions state ("Segment revenue:"),
    /// apart from the label's own.
    pub section_qualifiers: Vec<Qualifier>,
    /// Every word of the row label and its sections, qualifier, direction
    /// and unit words included: what a claim's words may be found in (sorted).
    pub context_words: Vec<Box<str>>,
    /// The first letter of each word of the row label, in order (lower
    /// case): where a role's acronym is looked for.
    pub initials: Box<[u8]>,
    /// The label is generic ("Total", "Other"): it says nothing by itself.
    pub generic: bool,
    /// The labeler named the concept from the whole label (and section): the
    /// label's words are the concept's synonym, not extra words.
    pub named: bool,
    /// An opening (`Some(true)`) or closing balance row.
    pub edge: Option<bool>,
    /// An adjustment of the opening balance ("Cumulative effect of change
    /// in accounting principle"): dated at the span's opening, as its tag
    /// is, and also of the span it is reported in.
    pub adjusts_opening: bool,
    /// What the label says its sign means.
    pub sign: Option<LabelSign>,
    /// The numbers written in the row label and its sections ("1–90",
    /// "3.375% notes"), as [`crate::check::role::numbers_in`] reads them.
    pub numbers: Vec<Box<str>>,
    /// The row label's own numbers, footnote marks ("(2)") left out: a
    /// claim that does not state one names the row less exactly ("Nasdaq"
    /// against "Nasdaq 100").
    pub label_numbers: Vec<Box<str>>,
    /// The currencies the row label names as words ("Euro", "US dollar"):
    /// not its measure's words, but they tell rows of currencies apart.
    pub currencies: Vec<Box<str>>,
    /// The label names a period or a day ("2011", "At 31 December").
    pub dated: bool,
    /// The concepts the row's section captions name ("Deferred tax
    /// assets:"), outermost first.
    pub section_concepts: Vec<ConceptId>,
    /// An opening or closing word of a caption over a row that has none
    /// ("Participating shares at end of period:"): the rows are balances.
    pub section_edge: Option<bool>,
}

/// The role facts of one header column, read once per table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ColRole {
    /// The column's period: its header's, else one its header mentions.
    pub period: Option<Period>,
    /// The header's words besides its period (sorted).
    pub words: Vec<Box<str>>,
    /// Qualifiers the header states ("Adjusted", "Americas").
    pub qualifiers: Vec<Qualifier>,
    /// An opening (`Some(true)`) or closing balance column ("Balance at
    /// Beginning of Period", "Balance at End of Period").
    pub edge: Option<bool>,
    /// The numbers written in the header ("1-3 years", "91–180", "12/14").
    pub numbers: Vec<Box<str>>,
}

/// What the role check needs to know about a table, read once and kept with
/// it ([`crate::model::Table::roles`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TableRoles {
    /// Per data row, in the table's row order.
    pub rows: Vec<RowRole>,
    /// Per header column, in the table's column order.
    pub cols: Vec<ColRole>,
    /// The words of the table's title lines and source name (sorted).
    pub title_words: Vec<Box<str>>,
    /// The words of the filer's name ("meta", "platforms"), sorted: said of
    /// every table of its report for a claim that names the filer (by the
    /// first of them, [`TableRoles::filer_first`]), and part of no line's
    /// name.
    pub filer_words: Vec<Box<str>>,
    /// The first word of the filer's name ("cvs" of "CVS Health
    /// Corporation"): a claim names the filer when it says it. "Health
    /// Services revenues" does not name CVS Health.
    pub filer_first: Option<Box<str>>,
    /// The initials a filer named by two words joined with "&" goes by
    /// ("J&J" of "Johnson & Johnson"): a claim that writes them names the
    /// filer, and their words are among [`TableRoles::filer_words`].
    pub filer_initials: Option<Box<str>>,
    /// The words of the segment or business the table's title says the
    /// table is about ("Presented in the table below is information for
    /// Other:", "Regulated Businesses Segment"), sorted; empty for a table
    /// of the whole company. A claim must name it to be about these rows.
    pub title_member: Vec<Box<str>>,
    /// The table is one of the report's consolidated statements, by its
    /// title ("Consolidated Statements of Income").
    pub consolidated: bool,
    /// The table prints expenses as negative numbers.
    pub expenses_negative: bool,
    /// The sentence introducing the table says its rows are what another
    /// line changed by ("Cost of subscription revenue increased due to the
    /// following:"): a change cell is the row's share of that change, not
    /// the row's own change.
    pub contributions: bool,
    /// The table runs across a heading opening or closing a segment's
    /// section (`SegmentSection::Straddles`): no claim is known to be
    /// about its rows.
    pub straddles_sections: bool,
    /// Rows by a word of their label or sections.
    pub by_word: crate::hash::Map<Box<str>, Vec<u32>>,
    /// Rows by concept.
    pub by_concept: crate::hash::Map<ConceptId, Vec<u32>>,
    /// Words that appear in some column header: a claim naming one may mean
    /// any row.
    pub column_words: Vec<Box<str>>,
    /// Per data row, the range of its cells in the table's records.
    pub row_cells: Vec<std::ops::Range<u32>>,
    /// Per inline-XBRL tag of the table (in the table's tag order), the
    /// concept its element names in the vocabulary (the consolidated id, not
    /// qualified by members) and whether the fact has dimension members.
    pub tags: Vec<(Option<ConceptId>, bool)>,
    /// A row whose label lists measures ("Adjusted EBITDA, EBIT, Net income
    /// and EPS") read in a column whose header names one of them
    /// ("EBITDA"): the row as that measure alone ("Adjusted EBITDA"), by
    /// (row, column) index.
    pub listed: crate::hash::Map<(u32, u32), RowRole>,
    /// An equity statement's component columns ("Retained Earnings"), when
    /// the table has a balance of total equity: each column's index, its
    /// concept and its label's words (`check::equity`).
    pub components: Vec<(u32, ConceptId, Vec<Box<str>>)>,
    /// Per record of the table (in its record order), the periods its
    /// cell stands for (`check::role::cell_periods`), read on the cell's
    /// first fit: every claim over the table fits the same cells.
    pub cell_periods: Vec<std::sync::OnceLock<Box<[Period]>>>,
}

impl TableRoles {
    /// Whether a word is said of the table: a word of its title lines or
    /// source name, or, for a claim that names the filer, of the filer's
    /// name.
    pub fn said_of_table(&self, word: &str, filer_named: bool) -> bool {
        self.in_title(word) || filer_named && self.is_filer_word(word)
    }

    /// Whether a word is one of the filer's name's.
    pub fn is_filer_word(&self, word: &str) -> bool {
        self.filer_words
            .binary_search_by(|w| (**w).cmp(word))
            .is_ok()
    }

    /// Whether a word is a letter of the initials the filer goes by ("j"
    /// of "J&J").
    pub fn is_initial(&self, word: &str) -> bool {
        let mut letters = word.chars();
        match (
            letters.next(),
            letters.next(),
            self.filer_initials.as_deref(),
        ) {
            (Some(c), None, Some(initials)) => initials
                .chars()
                .any(|i| i.is_ascii_alphabetic() && i.eq_ignore_ascii_case(&c)),
            _ => false,
        }
    }

    /// Whether a word is one of the table's title lines' (or source name's).
    pub fn in_title(&self, word: &str) -> bool {
        self.title_words
            .binary_search_by(|x| (**x).cmp(word))
            .is_ok()
    }

    /// The role of the line a cell at (`row`, `column`) is on: the row's,
    /// or the one it has in that column (`listed`).
    pub fn row_role(&self, row: u32, column: u32) -> Option<&RowRole> {
        self.listed
            .get(&(row, column))
            .or_else(|| self.rows.get(row as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_label_is_clipped_in_the_description() {
        let role = Role {
            label: "revenue ".repeat(400),
            ..Role::default()
        };
        let shown = role.describe();
        assert_eq!(shown.chars().count(), 121, "{shown}");
        assert!(shown.ends_with('…'));
        let short = Role {
            label: "Revenue".to_string(),
            ..Role::default()
        };
        assert_eq!(short.describe(), "Revenue");
    }
}
