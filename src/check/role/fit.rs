//! How well a cell's role fits a claim's, slot by slot, failing closed.
//!
//! For each slot: both say the same → agree; they differ → a difference;
//! the claim states it and the cell does not have it (a qualifier the line
//! lacks, a period on a column without one, a word of the claim's measure
//! nowhere around the cell) → not the same; the cell states it and the claim
//! does not → neutral here, decided by the ranking over the context
//! (`rank.rs`): only when another candidate differs in that slot with
//! another value does it make the claim ambiguous. Missing information is
//! never agreement.

use super::cell::cell_periods_kept;
use crate::model::{Cell, ColRole, LabelSign, Role, RoleUnit, RowRole, TableRoles};
use crate::period::{Agreement, periods_agree};
use crate::vocab::lexicon::{CellOnly, Lexicon};

/// A claim's role, read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClaimRole {
    /// The slots.
    pub role: Role,
    /// The measure's words a cell must show (sorted).
    pub required: Vec<Box<str>>,
    /// A sentence's other words, for ranking only (sorted).
    pub soft: Vec<Box<str>>,
    /// Acronyms the role writes after the words they stand for ("rl" of
    /// "Reality Labs (RL)"): a row printing one shares a word with it.
    pub glossed: Vec<Box<str>>,
    /// The text it was read from, for messages.
    pub text: String,
    /// Whether the role's text or the claim's sentence names a negative
    /// direction ([`crate::check::value::names_negative`]): read with a
    /// claim's role, so that a remembered reading does not read it again;
    /// false in a reading made for anything else.
    pub negative_named: bool,
    /// Whether the role's text or the claim's sentence names the other
    /// side of a cost or a way down
    /// ([`crate::check::value::names_other_side`]): read with a claim's
    /// role; false in a reading made for anything else.
    pub other_side_named: bool,
    /// An opening (`Some(true)`) or closing balance the claim names without
    /// a period to put it on ("Balance at End of Period").
    pub edge: Option<bool>,
    /// The opening (`Some(true)`) or closing word the claim states, placed
    /// on its period or not: a row or column of the other edge ranks lower.
    pub stated_edge: Option<bool>,
    /// The claim's date is written bare ("Revenues, April 28, 2018"): a
    /// span ending that day fits it as well as the balance at it.
    pub bare_date: bool,
    /// The role's numbers besides its period, which the cell must show.
    pub numbers: Vec<Box<str>>,
    /// Required words the role says twice ("Total, Total": the total row,
    /// the total column): a cell showing such a word once, in its row or
    /// its column, ranks below one showing it in both.
    pub repeated: Vec<Box<str>>,
    /// Qualifiers the claim's concept QNames carry in their own words
    /// ("us-gaap:SegmentReportingOtherItemAmount": segment): a cell that
    /// has one is not a figure the role leaves unsaid, though the cell need
    /// not have it.
    pub qname_allows: Vec<crate::model::Qualifier>,
    /// The concept QNames the claim names (`us-gaap:Revenues`; sorted).
    pub qnames: Vec<Box<str>>,
    /// The breakdown members it names by QName (`aapl:IPhoneMember`;
    /// sorted): with tags, the cell's fact must have exactly these.
    pub members: Vec<Box<str>>,
    /// The periods the claim's sentence names when none of them is a period
    /// its role names ("… in 2023" under the role "Revenue, FY2024"): the
    /// claim says two things, and the cited cell must be both.
    pub sentence_periods: Vec<crate::model::Period>,
    /// The measure the claim's sentence names just before the claim's
    /// number, when the vocabulary reads it as another concept than the
    /// role's ("Operating income was $1,680 million" under the role "Gross
    /// profit, FY2024"): the cited cell must be that too.
    pub sentence_measure: Option<Box<ClaimRole>>,
    /// The direction the claim's sentence gives its value ("Investing
    /// activities generated $239.2 million": provided), held to the cited
    /// cell like the role's.
    pub sentence_direction: Option<crate::model::Direction>,
    /// The way the claim's sentence says its value moved ("fell to $25.0
    /// million"), held to the cited line's year before.
    pub movement: Option<crate::check::movement::Movement>,
    /// The movement is of the line's size ("narrowed to", "widened to"):
    /// a deficit, a loss or a cost widens as it grows, whatever its sign.
    pub movement_in_size: bool,
    /// The claim's sentence says its line got better (`Some(true)`,
    /// "improved to") or worse to the value: held to the line's year
    /// before by its side (a cost that improved fell).
    pub movement_better: Option<bool>,
    /// The way the claim's sentence says the value is a change ("fell
    /// 15.0%", "declined by $12 million"), held to a change cell's sign.
    pub change_movement: Option<crate::check::movement::Movement>,
    /// The amount the claim's sentence gives the value's line a year
    /// earlier ("$864.9 million, versus $715.1 million a year earlier"),
    /// with the period it names for it, if any: held to the row's cell of
    /// the year before.
    pub prior: Option<Prior>,
    /// The level the claim's sentence says a change led its line to ("fell
    /// 310 basis points to 5.4%"): held to a change cell's later level.
    pub later: Option<Prior>,
    /// The claim's sentence says the change made its line better
    /// (`Some(true)`, "improved by") or worse: a way that depends on the
    /// line's side.
    pub change_better: Option<bool>,
    /// The way the role says its measure moved ("Net sales decline, 2022":
    /// down; "growth": up; "% change": neither): a change cell it cites
    /// must not have moved the other way.
    pub role_way: Option<crate::check::movement::Movement>,
    /// The role read as a change of its measure ("Net sales growth, 2022":
    /// net sales, in the change from 2021 to 2022), when it names one by a
    /// word after the measure: what a change cell is held to.
    pub as_change: Option<Box<ClaimRole>>,
    /// The role's label, normalized as row labels are: computed once, on
    /// first use (every candidate cell is compared with it).
    pub label_key: std::sync::OnceLock<String>,
    /// The words of the change the role's text names ("growth", "%
    /// change"), normalized: computed once, on first use.
    pub change_words: std::sync::OnceLock<Vec<Box<str>>>,
    /// The amounts the claim's sentence states (`check::sentence::stated_in`),
    /// when the claim has a sentence and a value: read once with the role,
    /// and held to the claim's value by the value check.
    pub sentence_amounts: Option<Vec<crate::prose::Written>>,
    /// The claim's value is an amount of money ("$29,075 million") and its
    /// role names no unit: a percentage cell is not its line.
    pub money_value: bool,
}

/// An amount a claim's sentence gives its line a year earlier.
#[derive(Debug, Clone, PartialEq)]
pub struct Prior {
    /// The amount, read.
    pub amount: crate::model::Amount,
    /// As written.
    pub written: String,
    /// The period the sentence names for it, if any.
    pub period: Option<crate::model::Period>,
    /// The word right after it that says which way it is ("a $12.4
    /// million loss": `Some(false)`; "income", "gain", "profit": `true`).
    pub way: Option<bool>,
}

impl ClaimRole {
    /// Whether the claim names the filer of a table's report: its words
    /// hold the first word of the filer's name
    /// ([`TableRoles::filer_first`]), or its text writes the initials the
    /// filer goes by ([`TableRoles::filer_initials`]).
    pub fn names_filer(&self, roles: &TableRoles) -> bool {
        roles
            .filer_first
            .as_deref()
            .is_some_and(|first| contains(&self.required, first) || contains(&self.soft, first))
            || roles
                .filer_initials
                .as_deref()
                .is_some_and(|i| crate::read::filer::says_initials(&self.text, i))
    }

    /// The role's label normalized as a row label key.
    pub fn label_key(&self) -> &str {
        self.label_key
            .get_or_init(|| crate::vocab::normalize_label(&self.role.label))
    }

    /// The claim as its sentence tells it, when the sentence names another
    /// period or line than the role: the role with the sentence's periods
    /// or measure in place of its own.
    pub fn as_its_sentence_says(&self) -> Option<ClaimRole> {
        if self.sentence_periods.is_empty() && self.sentence_measure.is_none() {
            return None;
        }
        let mut said = self.clone();
        said.sentence_periods = Vec::new();
        said.sentence_measure = None;
        said.sentence_direction = None;
        said.movement = None;
        if !self.sentence_periods.is_empty() {
            said.role.periods.clone_from(&self.sentence_periods);
            said.bare_date = false;
        }
        if let Some(measure) = &self.sentence_measure {
            said.role.concept.clone_from(&measure.role.concept);
            said.role
                .concept_words
                .clone_from(&measure.role.concept_words);
            said.role.label.clone_from(&measure.role.label);
            said.role.words.clone_from(&measure.role.words);
            said.required.clone_from(&measure.required);
            said.qnames = Vec::new();
            said.members = Vec::new();
        }
        Some(said)
    }
}

/// Whether a sentence's periods contradict a role's: each side names
/// periods of one kind, spans or balances, and no period of the one agrees
/// with (or cannot be told from) a period of the other, read either way.
/// Spans against balances are left out ("Acme began 2024 with $685
/// million" names the year of a balance at its start), and so are changes
/// ("2024 vs 2023"): a sentence names its years one at a time.
pub(super) fn periods_contradict(
    said: &[crate::model::Period],
    role: &[crate::model::Period],
) -> bool {
    use crate::model::Period;
    let kind = |p: &Period| match p {
        Period::Duration { .. } => Some(true),
        Period::Instant { .. } => Some(false),
        Period::Change { .. } => None,
    };
    let one_kind = |list: &[Period]| {
        let first = list.first().and_then(kind);
        first.is_some() && list.iter().all(|p| kind(p) == first)
    };
    one_kind(said)
        && one_kind(role)
        && said.first().and_then(kind) == role.first().and_then(kind)
        && said.iter().all(|s| {
            role.iter().all(|r| {
                periods_agree(s, r) == Agreement::No && periods_agree(r, s) == Agreement::No
            })
        })
}

/// How one slot compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Slot {
    /// Both say the same.
    #[default]
    Agree,
    /// They say different things.
    Differ,
    /// The claim says it; the cell does not show it.
    ClaimOnly,
    /// The claim does not say it.
    Unstated,
}

/// A cell's role against a claim's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fit {
    /// The measure (concept and words).
    pub measure: Slot,
    /// Claim words found nowhere around the cell.
    pub uncovered: u16,
    /// A claim qualifier against another of the same kind ("U.S." on an
    /// "International" line).
    pub qualifier_differs: bool,
    /// Claim qualifiers the cell does not have.
    pub qualifier_missing: u8,
    /// Strict qualifiers the cell has and the claim does not state.
    pub strict_extra: u8,
    /// Lenient qualifiers the cell has and the claim does not state.
    pub lenient_extra: u8,
    /// The periods.
    pub period: Slot,
    /// Cell periods the claim does not name.
    pub period_extra: u8,
    /// The periods cannot be compared (a fiscal quarter against a dated one
    /// of unknown fiscal calendar).
    pub period_unknown: bool,
    /// The periods agree only loosely: a span claimed ("FY2024") against a
    /// balance at its end.
    pub period_loose: bool,
    /// The claim's unit is another (per share against a total, shares
    /// against money).
    pub unit_differs: bool,
    /// The cell's label words the claim does not have.
    pub label_extra: u16,
    /// Words of the column header (besides its period) the claim does not
    /// have: "pmi peer group" for a claim of "pmi". Ranks only.
    pub col_extra: u16,
    /// The concepts are of one family, not the same.
    pub family: bool,
    /// A sentence's aside words not around the cell.
    pub soft_uncovered: u16,
    /// The claim names a concept by its QName and the cell is not tagged
    /// with that fact: a cell that is ranks above it.
    pub tag_inexact: bool,
    /// The measure agrees only with the row's section caption read with
    /// its label, the row's own concept being another. Ranks only.
    pub through_section: bool,
    /// The column header's words (besides its period) when the claim names
    /// none of them, else 0: that part of `col_extra` says how long the
    /// header is, not how far it is from the claim.
    pub col_unnamed: u16,
}

impl Fit {
    /// A slot contradicts the claim.
    pub fn differs(&self) -> bool {
        self.measure == Slot::Differ
            || self.qualifier_differs
            || self.period == Slot::Differ
            || self.unit_differs
    }

    /// The measure contradicts (as opposed to only the period).
    pub fn measure_differs(&self) -> bool {
        self.measure == Slot::Differ || self.qualifier_differs || self.unit_differs
    }

    /// Every slot the claim states is shown by the cell, and the cell has
    /// no strict qualifier the claim leaves out.
    pub fn adequate(&self) -> bool {
        !self.differs()
            && self.measure == Slot::Agree
            && self.uncovered == 0
            && self.qualifier_missing == 0
            && self.strict_extra == 0
            && self.period != Slot::ClaimOnly
            && !self.period_unknown
    }

    /// Lower is closer: contradictions, then what the claim states and the
    /// cell lacks, then what the cell has and the claim leaves out.
    pub fn rank(&self) -> (u8, u16, bool, u8, u16, u16) {
        let differ = u8::from(self.measure == Slot::Differ)
            + u8::from(self.qualifier_differs)
            + u8::from(self.period == Slot::Differ)
            + u8::from(self.unit_differs);
        let lacking = self.uncovered
            + u16::from(self.qualifier_missing)
            + u16::from(self.strict_extra)
            + u16::from(self.period == Slot::ClaimOnly)
            + u16::from(self.period_unknown)
            + u16::from(self.measure == Slot::Unstated);
        (
            differ,
            lacking,
            self.tag_inexact,
            self.period_extra,
            self.label_extra
                + self.col_extra
                + u16::from(self.lenient_extra)
                + u16::from(self.family)
                + u16::from(self.period_loose)
                + u16::from(self.through_section),
            self.soft_uncovered,
        )
    }

    /// Among adequate cells, lower is more exactly the claim's.
    pub fn specificity(&self) -> (bool, u8, u16, u16) {
        let (_, _, tag, extra, minor, soft) = self.rank();
        (tag, extra, minor, soft)
    }

    /// [`Fit::specificity`] without the column header's extra words: two
    /// cells of one row whose headers the claim names none of are equally
    /// its, however long the headers.
    pub fn specificity_but_column(&self) -> (bool, u8, u16, u16) {
        let (tag, extra, minor, soft) = self.specificity();
        (tag, extra, minor.saturating_sub(self.col_unnamed), soft)
    }
}

/// Whether a word the claim needs is shown only by the table's title (not
/// by the row's label, sections or context, nor its column), and the row's
/// label has a word of its own the claim does not say: "Noninterest
/// expense" citing "Marketing" under that title is a part of what the
/// title names.
fn title_only_part(
    claim: &ClaimRole,
    row: &RowRole,
    col: Option<&ColRole>,
    roles: &TableRoles,
) -> bool {
    let filer_named = claim.names_filer(roles);
    // The letters of the filer's initials ("j" of "J&J") are no title's
    // words naming a line.
    let by_title_only = claim.required.iter().any(|w| {
        &**w != "total"
            && roles.said_of_table(w, filer_named)
            && !(filer_named && roles.is_initial(w))
            && !contains(&row.context_words, w)
            && !col.is_some_and(|c| contains(&c.words, w))
    });
    let own_word = row.label_words.iter().any(|w| {
        !matches!(&**w, "total" | "net" | "other")
            && !contains(&claim.required, w)
            && !contains(&claim.soft, w)
            && !w.chars().all(|c| c.is_ascii_digit())
    });
    by_title_only && own_word && !row.generic
}

/// "Total deferred revenue" citing the current part of a line the table
/// also prints under its noncurrent part (Adobe's balance sheet: "Deferred
/// revenue" under "Current liabilities" and under "Long-term liabilities"):
/// "total" names both parts, the cell is one. The claim states no maturity
/// of its own; the cited row has one (by its concept, label or section),
/// and a row of the same label has the other. So is a cell of a column
/// with one maturity ("Net Carrying Value Current") in a table with a
/// column of the other ("… Long-Term"): Tesla's "Total debt and finance
/// leases" row, cited in its current column.
pub(super) fn total_of_parts(
    claim: &ClaimRole,
    row: &RowRole,
    col: Option<&ColRole>,
    roles: &TableRoles,
) -> bool {
    if !claim.required.iter().any(|w| &**w == "total") {
        return false;
    }
    // A column's maturity, from its header.
    let col_maturity = |c: &ColRole| maturity_of(c.qualifiers.iter());
    // A maturity the claim's concept carries counts where its words say
    // it ("Total current liabilities"), not where the vocabulary's concept
    // for the line is a current one ("deferred revenue").
    let said = |w: &str| contains(&claim.required, w) || contains(&claim.soft, w);
    let stated = |q: &crate::model::Qualifier| {
        claim.role.qualifiers.contains(q)
            || claim.role.implied.contains(q)
                && q.def().is_some_and(|d| match d.value.as_str() {
                    "current" => said("current") || said("short"),
                    _ => said("noncurrent") || said("long"),
                })
    };
    if let Some(part) = col.and_then(col_maturity)
        && !stated(&part)
        && roles
            .cols
            .iter()
            .any(|other| col_maturity(other).is_some_and(|m| m != part))
    {
        return true;
    }
    if row.label_words.is_empty() {
        return false;
    }
    // A row's maturity: its concept's, label's or section's.
    let maturity = |r: &RowRole| {
        maturity_of(
            r.role
                .qualifiers
                .iter()
                .chain(&r.role.implied)
                .chain(&r.section_qualifiers),
        )
    };
    let Some(part) = maturity(row) else {
        return false;
    };
    if stated(&part) {
        return false;
    }
    // "Current portion of debt and finance leases" and "Debt and finance
    // leases, net of current portion" are one line's two parts.
    fn line(r: &RowRole) -> Vec<&str> {
        r.label_words
            .iter()
            .map(|w| &**w)
            .filter(|w| !PART_WORDS.contains(w))
            .collect()
    }
    let own = line(row);
    !own.is_empty()
        && roles.rows.iter().any(|other| {
            (other.label_words == row.label_words || line(other) == own)
                && maturity(other).is_some_and(|m| m != part)
        })
}

/// Whether a role's text names a share of a base ("%", "percent",
/// "percentage", "share of") with a word of the line before it: "R&D as a
/// percentage of revenue" of R&D's share row, not "Revenue as a percentage
/// of R&D"; or with nothing before it ("% of revenue").
fn names_share_of(text: &str, line: &[Box<str>]) -> bool {
    let lower = text.to_ascii_lowercase();
    let Some(at) = ["%", "percent", "share of"]
        .iter()
        .filter_map(|p| lower.find(p))
        .min()
    else {
        return false;
    };
    // A role that is the share row's own label ("% of revenue") names no
    // line either way: which row's it is, the ranking tells.
    let before = super::cell::all_words(lower.get(..at).unwrap_or(""));
    before.is_empty() || before.iter().any(|w| line.contains(w))
}

/// The maturity among qualifiers: current or noncurrent. A concept id
/// "…Noncurrent" holds "Current" too: noncurrent it is.
fn maturity_of<'q>(
    qualifiers: impl Iterator<Item = &'q crate::model::Qualifier>,
) -> Option<crate::model::Qualifier> {
    let mut found = None;
    for q in qualifiers {
        match q.def() {
            Some(d) if d.kind == "maturity" && d.value == "noncurrent" => return Some(*q),
            Some(d) if d.kind == "maturity" => found = found.or(Some(*q)),
            _ => {}
        }
    }
    found
}

/// Words that say which part of a line a row is, not what the line is.
const PART_WORDS: [&str; 5] = ["portion", "net", "of", "less", "current"];

/// Compares a cell's role with a claim's.
pub fn fit(claim: &ClaimRole, cell: &Cell<'_>, roles: &TableRoles) -> Fit {
    fit_with(claim, cell, roles, false)
}

/// The cell's fit when it may be adequate, else `None`: for ranking
/// candidates, of which only adequate ones count. A period that rules the
/// cell out is found before the words are compared.
pub fn fit_if_adequate(claim: &ClaimRole, cell: &Cell<'_>, roles: &TableRoles) -> Option<Fit> {
    Some(fit_with(claim, cell, roles, true)).filter(Fit::adequate)
}

fn fit_with(claim: &ClaimRole, cell: &Cell<'_>, roles: &TableRoles, adequate_only: bool) -> Fit {
    let lex = Lexicon::builtin();
    let mut out = Fit::default();
    let at = (cell.record().row, cell.record().column);
    let Some(row) = roles.row_role(at.0, at.1) else {
        out.measure = Slot::ClaimOnly;
        out.period = if claim.role.periods.is_empty() {
            Slot::Unstated
        } else {
            Slot::ClaimOnly
        };
        return out;
    };
    let col = roles.cols.get(cell.record().column as usize);

    // A claim naming the cell's fact by its QName, and by its members when
    // it has any, names the filing's own identity for the number: the
    // row's and column's words and qualifier words are that concept's,
    // nothing more the cell says; and its period may be the fact's own
    // context's (a change column's fact is tagged with its later period).
    let fact = cell.xbrl().map(|t| &*t.fact);
    let exact_tag = fact.is_some_and(|f| names_the_fact(claim, f));

    // Periods.
    let context = cell
        .xbrl()
        .filter(|_| exact_tag)
        .and_then(|t| t.context_period.clone());
    let periods = match context {
        Some(p) => std::borrow::Cow::Owned(vec![p]),
        None => cell_periods_kept(cell, roles),
    };
    let (slot, extra, unknown, ends_on) =
        period_fit(&claim.role.periods, &periods, claim.bare_date);
    out.period = slot;
    out.period_extra = extra;
    out.period_unknown = unknown;
    out.period_loose = ends_on
        || slot == Slot::Agree
            && claim
                .role
                .periods
                .iter()
                .all(|p| matches!(p, crate::model::Period::Duration { .. }))
            && matches!(periods.first(), Some(crate::model::Period::Instant { .. }));
    if adequate_only && (matches!(slot, Slot::Differ | Slot::ClaimOnly) || unknown) {
        return out;
    }

    // A tagged number's concept is its tag's (the element, not the row
    // label's reading); a fact with dimension members is a breakdown's member.
    let tag = super::cell::tag_role(cell, roles);
    let row_concept = match tag {
        Some((Some(c), _)) => Some(c),
        _ => row.role.concept.as_ref(),
    };
    let tag_member = tag.is_some_and(|(_, member)| *member);
    out.tag_inexact = !claim.qnames.is_empty() && !exact_tag;
    // Asked only for a word of their lists, which few roles write.
    let geographic = || {
        row.role
            .qualifiers
            .iter()
            .chain(&row.section_qualifiers)
            .chain(col.map(|c| c.qualifiers.as_slice()).unwrap_or(&[]))
            .any(|q| q.def().is_some_and(|d| d.kind == "geography"))
    };
    let filer_named = claim.names_filer(roles);
    // A number tagged with the claim's concept (the tag's, its members
    // aside), for a member or not, shows the words that named the concept
    // ("revenues" of "UCAN streaming revenues" on a fact of Revenues), and
    // a member's words ("streaming" of StreamingMember).
    let tagged_claims_concept =
        matches!(tag, Some((Some(c), _)) if claim.role.concept.as_ref() == Some(c));
    let tagged_member_words = if tagged_claims_concept {
        fact.map(member_words).unwrap_or_default()
    } else {
        Vec::new()
    };
    let shown = |w: &str| {
        tagged_claims_concept
            && (contains(&claim.role.concept_words, w)
                || tagged_member_words.iter().any(|m| m == w))
            || contains(&row.context_words, w)
            || col.is_some_and(|c| contains(&c.words, w))
            || roles.said_of_table(w, filer_named)
            || roles.contributions && CONTRIBUTION_WORDS.contains(&w)
            || CASH_OUT_WORDS.contains(&w) && pays_cash(cell, row)
            || GEOGRAPHY_WORDS.contains(&w) && geographic()
    };
    // An acronym the role writes for words the row label spells out
    // ("FHLB advances" of "Federal Home Loan Bank advances"): the acronym
    // is shown, and the words it stands for are named.
    let (acronyms, spelled) = if claim.required.iter().all(|w| shown(w)) {
        (Vec::new(), Vec::new())
    } else {
        spelled_out(row, cell, &claim.required, &shown)
    };
    let around = |w: &str| shown(w) || acronyms.contains(&w);
    // A basis (adjusted, pro forma, organic) is the line's or its column's:
    // a title naming one ("reconciliation of net income to Adjusted
    // EBITDA") does not make its reported lines adjusted.
    let around_line =
        |w: &str| contains(&row.context_words, w) || col.is_some_and(|c| contains(&c.words, w));

    // Measure: concepts, then words.
    let concepts_agree = match (&claim.role.concept, row_concept) {
        (Some(a), Some(b)) if a == b => Some(true),
        (Some(a), Some(b)) if lex.same_family(a.as_str(), b.as_str()) => {
            out.family = true;
            Some(true)
        }
        (Some(_), Some(_)) => Some(false),
        _ => None,
    };
    let explained =
        |w: &str| concepts_agree == Some(true) && contains(&claim.role.concept_words, w);
    // "Total" tells a total from its parts when both are there; alone it
    // says nothing, so it only ranks.
    let total_missing = claim.required.iter().any(|w| &**w == "total") && !around("total");
    out.uncovered = count(
        claim
            .required
            .iter()
            .filter(|w| &***w != "total" && !explained(w) && !around(w)),
    );
    out.soft_uncovered = count(
        claim
            .soft
            .iter()
            .filter(|w| !around(w) && !contains(&row.currencies, w)),
    );
    // A number of the role ("1–90", "1 to 3 years") the row and column do
    // not show: another bucket.
    out.uncovered = out.uncovered.saturating_add(count(
        claim.numbers.iter().filter(|n| !shows_number(row, col, n)),
    ));
    // The claim's measure words are the row label's, no more and no fewer
    // ("Gross margin" names the row "Gross margin" whatever concept the
    // vocabulary reads each as).
    let same = same_label(claim, cell);
    // The claim's words but the filer's name ("Meta net deferred tax
    // assets"), which names whose report, not the line; unless the row's
    // label says it too.
    let own_words = || {
        claim
            .required
            .iter()
            .map(|w| &**w)
            // A filer's word that is also a word of the line the role
            // names ("Equity Residential", "total liabilities and equity";
            // "Cost Plus", "cost of revenue") stays the line's.
            .filter(|w| {
                !contains(&roles.filer_words, w)
                    || contains(&row.label_words, w)
                    || contains(&claim.role.concept_words, w)
            })
    };
    let label_exact = (!row.label_words.is_empty()
        && row.label_words.iter().map(|w| &**w).eq(own_words()))
        || same
        || same_generic_label(claim, row);
    // The claim names the row in the row's own words: whatever concepts the
    // vocabulary reads each as, it is not "of one family" but that line.
    if same {
        out.family = false;
    }
    // "Deferred tax assets, Inventory": the claim's concept is the caption
    // the row sits under, and the rest of its words are the row's label.
    let names_section_and_row = !row.label_words.is_empty()
        && claim.role.concept.as_ref().is_some_and(|c| {
            row.section_concepts
                .iter()
                .any(|s| s == c || lex.same_family(s.as_str(), c.as_str()))
        })
        && row
            .label_words
            .iter()
            .all(|w| contains(&claim.required, w) || contains(&claim.soft, w));
    // Every word the claim requires is the row label's own.
    let in_label =
        own_words().next().is_some() && own_words().all(|w| contains(&row.label_words, w));
    // "Cash operating activities" of the row "Cash provided by operating
    // activities": the vocabulary read a shorter phrase ("cash") as the
    // concept, but every word of the claim is the row label's and some are
    // beyond that phrase — the claim is the label in short.
    let label_in_short =
        in_label && own_words().any(|w| w != "total" && !contains(&claim.role.concept_words, w));
    // The claim's measure is the row's label read alone ("Online
    // Advertising" read as an advertising expense), every word of the label
    // said by the claim: the claim names the line by its label, whatever
    // the row's concept proved to be (a member of "Total revenues").
    let label_read_alike = !row.label_words.is_empty()
        && !claim.role.concept_words.is_empty()
        && row.read_concept.is_some()
        && row.read_concept == claim.role.concept
        && claim
            .role
            .concept_words
            .iter()
            .all(|w| contains(&row.label_words, w))
        && row
            .label_words
            .iter()
            .all(|w| contains(&claim.required, w) || contains(&claim.soft, w));
    out.measure = match concepts_agree {
        Some(true) => Slot::Agree,
        Some(false) if label_exact || label_in_short || label_read_alike => Slot::Agree,
        // The row's concept is another; with its section caption the row
        // is the claim's ("EBITDA" under "Adjusted EBITDA"): less exactly
        // than a row whose own label is.
        Some(false) if names_section_and_row => {
            out.through_section = true;
            Slot::Agree
        }
        Some(false) => Slot::Differ,
        None if label_exact => Slot::Agree,
        // A row whose label is only a date or a period ("2011", "At 31
        // December", "First quarter"), in a column and under captions that
        // name no measure either: the table says no more than the claim,
        // and the claim says all the cell's row and column do.
        None if !claim.role.has_measure() && names_no_measure(row, col, cell) && tag.is_none() => {
            Slot::Agree
        }
        None if !claim.role.has_measure() => Slot::Unstated,
        // The claim's words are only the table's title ("Noninterest
        // expense" over "Compensation expense", "Marketing", …, "Total
        // noninterest expense") and the row names a line of its own the
        // claim does not: a part of what the title names, not it.
        None if out.uncovered == 0 && title_only_part(claim, row, col, roles) => {
            if row_concept.is_some() {
                Slot::Differ
            } else {
                Slot::ClaimOnly
            }
        }
        None if out.uncovered == 0 => Slot::Agree,
        None => {
            let shares_a_word = claim
                .required
                .iter()
                .chain(&claim.glossed)
                .any(|w| contains(&row.context_words, w));
            // A catch-all line ("Other income (expense), net") may hold
            // what the claim names: it cannot be told, not a difference.
            let catch_all = row
                .label_words
                .iter()
                .any(|w| matches!(&**w, "other" | "miscellaneous" | "misc"));
            if shares_a_word || row.generic || catch_all {
                Slot::ClaimOnly
            } else {
                Slot::Differ
            }
        }
    };
    if out.measure == Slot::Differ {
        // A contradiction is the measure's; its words are not also missing.
        out.uncovered = 0;
    }
    out.label_extra = count(row.label_words.iter().filter(|w| {
        !contains(&claim.required, w)
            && !contains(&claim.soft, w)
            && !contains(&claim.role.concept_words, w)
            && !spelled.iter().any(|s| s == &***w)
    })) + u16::from(total_missing);
    let named = |w: &str| {
        contains(&claim.required, w)
            || contains(&claim.soft, w)
            || contains(&claim.role.concept_words, w)
    };
    out.col_unnamed = col
        .filter(|c| !c.words.iter().any(|w| named(w)))
        .map_or(0, |c| count(c.words.iter()));
    out.col_extra = col.map_or(0, |c| {
        count(c.words.iter().filter(|w| !named(w)))
            // The header's numbers the claim does not state ("1-3 years" for
            // a claim of the total column).
            .saturating_add(count(
                c.numbers.iter().filter(|n| !contains(&claim.numbers, n)),
            ))
    });
    // A word the claim says twice, shown once: "Total, Total" of the total
    // row in the "1-3 Years" column.
    out.col_extra = out
        .col_extra
        .saturating_add(count(claim.repeated.iter().filter(|w| {
            !(contains(&row.label_words, w) && col.is_some_and(|c| contains(&c.words, w)))
        })));
    // A line the vocabulary does not name, with words the claim does not
    // have ("Right-of-use assets" for "Total assets"), may be another line:
    // it is not confirmed as the claim's. A claim naming no concept whose
    // words are all the row label's ("Nasdaq" of "Nasdaq Composite") names
    // that row in short: it fits, less closely than a row without the extra
    // words, and the ranking decides between such rows.
    let short_name = claim.role.concept.is_none() && in_label;
    if out.measure == Slot::Agree
        && !row.named
        && tag.is_none()
        && out.label_extra > 0
        && !same
        && !short_name
    {
        out.measure = Slot::ClaimOnly;
    }
    // A row without a label (the sum under a block) shows the claim's words
    // only in its captions and title: they say what the block is about, not
    // that this line is the claim's.
    if out.measure == Slot::Agree
        && cell.row_label().is_none_or(|l| l.trim().is_empty())
        && row_concept.is_none()
        && tag.is_none()
    {
        out.measure = Slot::ClaimOnly;
    }
    // The row label's numbers the claim does not state ("Nasdaq" against
    // "Nasdaq 100") rank it below a row without them.
    out.label_extra = out.label_extra.saturating_add(count(
        row.label_numbers
            .iter()
            .filter(|n| !contains(&claim.numbers, n)),
    ));

    // Qualifiers: the claim's against the cell's (stated, implied, the column's).
    let cell_qualifiers = || {
        row.role
            .qualifiers
            .iter()
            .chain(&row.role.implied)
            .chain(&row.section_qualifiers)
            .chain(col.map(|c| c.qualifiers.as_slice()).unwrap_or(&[]))
            .copied()
    };
    // A claim naming a member of a breakdown by its own label ("Corporate
    // and unallocated", "Industrial Solutions") says which segment it is: the
    // section's qualifier comes with the name.
    let names_the_member = !row.label_words.is_empty()
        && row
            .label_words
            .iter()
            .all(|w| contains(&claim.required, w) || contains(&claim.soft, w));
    for q in claim.role.qualifiers.iter().chain(&claim.role.implied) {
        let Some(def) = q.def() else { continue };
        // A fact tagged as a reportable segment's shows "segment" by its
        // tag, whatever words its table prints.
        if def.value == "segment" && fact.is_some_and(is_segment_fact) {
            continue;
        }
        // A line marked by the qualifier in its concept's name carries it,
        // by its tag as by its label (Netflix's "United States" row,
        // tagged IncomeLossFromContinuingOperationsBeforeIncomeTaxesDomestic,
        // is continuing operations').
        if row_concept.is_some_and(|c| def.marks(c.as_str())) {
            continue;
        }
        let same_kind: Vec<_> = cell_qualifiers()
            .filter(|c| c.def().is_some_and(|d| d.kind == def.kind))
            .collect();
        if same_kind.contains(q) {
            continue;
        }
        if !same_kind.is_empty() {
            out.qualifier_differs = true;
        } else if def.value == "adjusted"
            && (titled_non_gaap(cell)
                || cell_qualifiers().any(|c| c.def().is_some_and(|d| d.value == "core")))
        {
            // The table says the line itself is the non-GAAP measure, or
            // the line is a core one (Corning's "Core net sales"), which
            // no GAAP statement prints.
        } else if !around_phrase(
            def.value.as_str(),
            if matches!(def.kind.as_str(), "basis" | "growth_basis" | "core") {
                &around_line
            } else {
                &around
            },
        ) {
            out.qualifier_missing = out.qualifier_missing.saturating_add(1);
        }
    }
    // A claim naming a segment column by its heading ("Americas operating
    // income" under "Americas | EMEA | Total" of "Segment operating income")
    // says which segment it is: the row's "segment" comes with the name.
    let names_the_column = col.is_some_and(|c| {
        !c.words.is_empty()
            && c.words
                .iter()
                .all(|w| contains(&claim.required, w) || contains(&claim.soft, w))
            && c.qualifiers.iter().any(|q| {
                q.def()
                    .is_some_and(|d| d.kind == "geography" || d.kind == "member")
            })
    });
    let stated = |q: &crate::model::Qualifier| {
        claim.role.qualifiers.contains(q)
            || claim.role.implied.contains(q)
            || claim.qname_allows.contains(q)
            || names_the_column && q.def().is_some_and(|d| d.value == "segment")
    };
    let mut seen = Vec::new();
    let sectional = row.section_qualifiers.iter().filter(|_| !names_the_member);
    for q in row
        .role
        .qualifiers
        .iter()
        .chain(sectional)
        .chain(col.map(|c| c.qualifiers.as_slice()).unwrap_or(&[]))
    {
        if stated(q) || seen.contains(q) || row.role.implied.contains(q) {
            continue;
        }
        seen.push(*q);
        let Some(def) = q.def() else { continue };
        // A claim qualifier of the same kind already counted as a difference.
        if claim
            .role
            .qualifiers
            .iter()
            .chain(&claim.role.implied)
            .any(|c| c.def().is_some_and(|d| d.kind == def.kind))
        {
            continue;
        }
        match def.cell_only {
            CellOnly::Strict => out.strict_extra = out.strict_extra.saturating_add(1),
            CellOnly::Lenient => out.lenient_extra = out.lenient_extra.saturating_add(1),
        }
    }
    if tag_member
        && !names_the_tagged_member(claim, row, col, fact, names_the_member)
        && !says_a_place_row(claim, row, cell, fact)
    {
        out.strict_extra = out.strict_extra.saturating_add(1);
    }
    if total_of_parts(claim, row, col, roles) {
        out.strict_extra = out.strict_extra.saturating_add(1);
    }
    // A line's share of a base ("% of net revenue" under R&D): only a role
    // naming a share or a percentage is about it.
    if !row.share_of.is_empty() && !names_share_of(&claim.text, &row.share_of) {
        out.strict_extra = out.strict_extra.saturating_add(1);
    }
    // A table whose title says it is one segment's ("information for
    // Other:"): a claim that does not name that segment is not about its
    // rows, whatever the line.
    if !roles.title_member.is_empty()
        && !roles
            .title_member
            .iter()
            .all(|w| contains(&claim.required, w) || contains(&claim.soft, w))
    {
        out.strict_extra = out.strict_extra.saturating_add(1);
    }
    // A table read across a segment's heading: its rows may be the
    // segment's or the company's.
    if roles.straddles_sections {
        out.strict_extra = out.strict_extra.saturating_add(1);
    }
    // A change the table's lead-in says is a part of another line's change
    // ("… increased due to the following:" over "Data center cost 4%"): a
    // claim that does not say it is a contribution is not about it.
    if is_contribution(cell, roles)
        && !CONTRIBUTION_WORDS
            .iter()
            .any(|w| contains(&claim.required, w) || contains(&claim.soft, w))
    {
        out.strict_extra = out.strict_extra.saturating_add(1);
    }
    // Members named by QName: the tagged cell's must be those, and an
    // untagged cell cannot show them.
    if !claim.members.is_empty() && !exact_tag {
        match fact {
            Some(f) if !members_match(&claim.members, f) => {
                out.qualifier_differs = true;
            }
            Some(_) => {}
            None => out.qualifier_missing = out.qualifier_missing.saturating_add(1),
        }
    }
    // A consolidated fact tagged with the claim's own concept: the words
    // of its line are that concept's, and so are their qualifier words
    // ("foreign" of "Effect of foreign exchange rate changes on cash"), as
    // for a row the labeler named.
    // Only the element itself: a narrower element the vocabulary reads as
    // the claim's (Amazon's "U.S." row, tagged ...BeforeIncomeTaxesDomestic,
    // read as income before income taxes) keeps its row's extra words.
    let element_is_claims = fact.is_some_and(|f| {
        claim
            .role
            .concept
            .as_ref()
            .is_some_and(|c| c.as_str() == f.local_name())
    });
    let tag_is_claims = tagged_claims_concept && !tag_member && element_is_claims;
    if exact_tag || tag_is_claims {
        out.strict_extra = 0;
        out.lenient_extra = 0;
    }
    if exact_tag {
        out.measure = Slot::Agree;
        out.family = false;
        out.label_extra = 0;
        out.col_extra = 0;
    }

    // An opening or closing word against a row or column of the other edge
    // ("end of the year" against "beginning of the year" of the next year,
    // the same day): the same balance, less exactly the claim's line.
    if let (Some(said), Some(held)) = (
        claim.stated_edge,
        row.edge.or(row.section_edge).or(col.and_then(|c| c.edge)),
    ) && said != held
    {
        out.label_extra = out.label_extra.saturating_add(1);
    }
    // An opening or closing balance named without a period, against the
    // cell's row or column.
    if let (Some(said), Some(held)) = (claim.edge, row.edge.or(col.and_then(|c| c.edge)))
        && said != held
    {
        out.period = Slot::Differ;
    }

    // Unit.
    out.unit_differs =
        unit_differs(claim.role.unit, row, cell) || claim.money_value && cell.percent();
    out
}

/// Whether a cell is a change its table's lead-in calls a part of another
/// line's change (`TableRoles::contributions`).
pub(super) fn is_contribution(cell: &Cell<'_>, roles: &TableRoles) -> bool {
    roles.contributions && matches!(cell.period(), Some(crate::model::Period::Change { .. }))
}

/// Words that say a figure is a place's ("net sales attributed to
/// Germany", "UCAN region", "U.S. (country)"): what a row or column naming
/// a country or region is, whatever else its table says.
const GEOGRAPHY_WORDS: &[&str] = &[
    "country",
    "countries",
    "region",
    "regions",
    "regional",
    "geographic",
    "geographical",
    "geography",
    "area",
    "areas",
    "attributed",
    "location",
];

/// Words that say cash went out ("cash paid for repurchases", "spent on
/// capital expenditures"): what every outflow of a cash flow statement's
/// investing and financing activities is, whatever its line says.
const CASH_OUT_WORDS: &[&str] = &[
    "paid",
    "pay",
    "spent",
    "spend",
    "spending",
    "outflow",
    "payment",
    "disbursed",
];

/// An outflow of a cash flow statement's investing or financing
/// activities: cash paid out. An operating line is not, its adjustments
/// being no payments ("Deferred income taxes").
fn pays_cash(cell: &Cell<'_>, row: &RowRole) -> bool {
    cell.table().statement == crate::model::StatementKind::CashFlow
        && cell.value().is_sign_negative()
        && !cell.value().is_zero()
        && row
            .section_words
            .iter()
            .any(|w| matches!(&**w, "investing" | "financing"))
}

/// Words that say a change is a part of another's ("contributed 4 points").
const CONTRIBUTION_WORDS: [&str; 6] = [
    "contribution",
    "contributed",
    "contributing",
    "point",
    "points",
    "due",
];

/// Whether a claim names a fact: its concept's QName is the claim's, and
/// its members are the ones the claim names (none for a consolidated fact).
fn names_the_fact(claim: &ClaimRole, fact: &crate::xbrl::Fact) -> bool {
    claim.qnames.iter().any(|q| **q == *fact.concept) && members_match(&claim.members, fact)
}

/// Whether a claim's members (`axis=member`, or a member on any axis) are
/// exactly a fact's: each names one of the fact's dimensions, and each of
/// them is named. A typed member cannot be named by QName.
/// Whether a claim names the member a cell's tag gives it. A claim naming
/// the row label names it when the label is the member's name ("Defense,
/// Space & Security" of `BoeingDefenseSpaceSecuritySegmentMember`), or when
/// nothing but the label could ("Services" with no caption); a row label
/// that is only the measure ("Net sales" under the caption "North
/// America") leaves the member to the caption, which the claim must name.
fn names_the_tagged_member(
    claim: &ClaimRole,
    row: &RowRole,
    col: Option<&crate::model::ColRole>,
    fact: Option<&crate::xbrl::Fact>,
    names_the_label: bool,
) -> bool {
    let said = |w: &str| contains(&claim.required, w) || contains(&claim.soft, w);
    // "Total" of a caption ("TOTAL MEDTECH") names no member.
    let mut naming = row
        .section_words
        .iter()
        .filter(|w| &***w != "total")
        .peekable();
    if naming.peek().is_some() && naming.all(|w| said(w)) {
        return true;
    }
    // The member's name heading the column ("Compute & Networking" over
    // NVIDIA's segment note's "Revenue" row), said whole by the claim, when
    // that is the fact's one member (besides the consolidation axis's): a
    // product member under a caption the claim does not name is not said.
    if let (Some(col), Some(fact)) = (col, fact)
        && !col.words.is_empty()
        && col.words.iter().all(|w| said(w))
        && let [dim] = own_dims(fact).as_slice()
        && shares_a_member_word(&col.words, &dim_words(dim))
    {
        return true;
    }
    if !names_the_label {
        return false;
    }
    if row.section_words.is_empty() {
        return true;
    }
    let member_words = fact.map(member_words).unwrap_or_default();
    shares_a_member_word(&row.label_words, &member_words)
}

/// Whether a word of a label or heading is a member's name word, or the
/// start of one ("america" of "americas").
fn shares_a_member_word(words: &[Box<str>], member_words: &[String]) -> bool {
    words.iter().any(|w| {
        member_words
            .iter()
            .any(|m| m.starts_with(&**w) || w.starts_with(m.as_str()))
    })
}

/// The words of a fact's explicit members' names, lower case, without
/// "member", "segment" and the filer's prefix: `amzn:NorthAmericaSegmentMember`
/// gives "north", "america".
fn member_words(fact: &crate::xbrl::Fact) -> Vec<String> {
    fact.dims().iter().flat_map(dim_words).collect()
}

/// The words of one dimension's explicit member's name, as
/// [`member_words`] reads them.
fn dim_words(dim: &crate::xbrl::Dim) -> Vec<String> {
    let mut out = Vec::new();
    let crate::xbrl::Member::Explicit(member) = &dim.member else {
        return out;
    };
    let local = member.rsplit(':').next().unwrap_or(member);
    let mut word = String::new();
    for c in local.chars() {
        if c.is_uppercase() && !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        word.extend(c.to_lowercase());
    }
    out.push(word);
    out.retain(|w| w.len() >= 3 && !matches!(w.as_str(), "member" | "segment" | "segments"));
    out
}

/// A fact's dimensions besides the consolidation axis's (which says only
/// that a segment's figure is before eliminations).
fn own_dims(fact: &crate::xbrl::Fact) -> Vec<&crate::xbrl::Dim> {
    fact.dims()
        .iter()
        .filter(|d| !d.axis.ends_with(":ConsolidationItemsAxis"))
        .collect()
}

/// Whether a row whose label is only a place ("Asia-Pacific (2)",
/// "Germany": all its words read as a geography qualifier) is named by the
/// claim's own text, word for word: a member of a geographic breakdown
/// named as the filing prints it, when every member of its fact is a
/// place's. "Germany" does not name "France", though both are Europe's.
fn says_a_place_row(
    claim: &ClaimRole,
    row: &RowRole,
    cell: &Cell<'_>,
    fact: Option<&crate::xbrl::Fact>,
) -> bool {
    // Every member of the fact is a place's: a segment's German sales are
    // no "revenue in Germany".
    let places_only = fact.is_some_and(|f| {
        f.dims()
            .iter()
            .all(|d| d.axis.ends_with(":StatementGeographicalAxis"))
    });
    if !places_only
        || !row.label_words.is_empty()
        || !row
            .role
            .qualifiers
            .iter()
            .any(|q| q.def().is_some_and(|d| d.kind == "geography"))
    {
        return false;
    }
    let Some(label) = cell.row_label() else {
        return false;
    };
    let said: Vec<String> = crate::vocab::lexicon::words(&claim.text)
        .into_iter()
        .map(|w| w.text)
        .collect();
    let label = crate::vocab::strip_parentheticals(label);
    let own: Vec<String> = crate::vocab::lexicon::words(&label)
        .into_iter()
        .map(|w| w.text)
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        .collect();
    !own.is_empty() && own.iter().all(|w| said.contains(w))
}

/// Whether a fact is tagged as a reportable segment's: a member of
/// `us-gaap:StatementBusinessSegmentsAxis` that is no corporate, all-other,
/// non-segment or eliminations member, or the consolidation axis's
/// `us-gaap:OperatingSegmentsMember`.
pub fn is_segment_fact(fact: &crate::xbrl::Fact) -> bool {
    fact.dims().iter().any(|d| {
        let crate::xbrl::Member::Explicit(member) = &d.member else {
            return false;
        };
        if d.axis.ends_with(":ConsolidationItemsAxis") {
            return member.ends_with(":OperatingSegmentsMember");
        }
        d.axis.ends_with(":StatementBusinessSegmentsAxis")
            && ![
                "Corporate",
                "NonSegment",
                "AllOther",
                "Elimination",
                "Reconciling",
            ]
            .iter()
            .any(|w| member.contains(w))
    })
}

fn members_match(claimed: &[Box<str>], fact: &crate::xbrl::Fact) -> bool {
    let names = |named: &str, dim: &crate::xbrl::Dim| match &dim.member {
        crate::xbrl::Member::Explicit(member) => match named.split_once('=') {
            Some((axis, m)) => axis == dim.axis && m == member,
            None => named == member,
        },
        crate::xbrl::Member::Typed(_) => false,
    };
    claimed
        .iter()
        .all(|c| fact.dims().iter().any(|d| names(c, d)))
        && fact
            .dims()
            .iter()
            .all(|d| claimed.iter().any(|c| names(c, d)))
}

/// Whether the cell's row is labeled with a date or period only, and its
/// row, captions and column name no measure.
fn names_no_measure(row: &RowRole, col: Option<&crate::model::ColRole>, cell: &Cell<'_>) -> bool {
    row.role.concept.is_none()
        && row.dated
        && row.label_words.is_empty()
        && row.section_words.is_empty()
        && cell.row_label().is_some_and(|l| !l.trim().is_empty())
        && col.is_none_or(|c| c.words.is_empty())
}

/// A label of generic words only ("Balance" of "Balance at December 31",
/// its day being its cells' period) names the row that reads the same.
fn same_generic_label(claim: &ClaimRole, row: &crate::model::RowRole) -> bool {
    const FUNCTION: &[&str] = &["at", "as", "of", "in", "on", "the", "for", "end", "ended"];
    let bare = |label: &str| -> Vec<String> {
        crate::vocab::lexicon::words(label)
            .into_iter()
            .map(|w| w.text)
            .filter(|w| !FUNCTION.contains(&w.as_str()))
            .collect()
    };
    if !claim.required.is_empty() || !row.label_words.is_empty() {
        return false;
    }
    let row_words = bare(&row.role.label);
    !row_words.is_empty() && row_words == bare(&claim.role.label)
}

/// The claim's measure is the cell's row label, word for word ("Product"
/// naming the row "Product" under "Revenue:").
fn same_label(claim: &ClaimRole, cell: &Cell<'_>) -> bool {
    let key = cell.label_key();
    !key.is_empty() && claim.label_key() == key
}

/// A qualifier value's words around the cell ("us" written "U.S." in a
/// column header is read as the qualifier already; this catches a value
/// named in plain words, such as a segment called "Product").
fn around_phrase(value: &str, around: &dyn Fn(&str) -> bool) -> bool {
    let words: Vec<&str> = value.split('_').collect();
    !words.is_empty() && words.iter().all(|w| around(w))
}

/// The claim's periods against the cell's: (slot, cell periods the claim
/// does not name, cannot be compared, a bare date taken as the end of the
/// cell's span). A date written bare ("Net income, April 28, 2018") fits a
/// year ending that day, as analysts write a fiscal year by its last day;
/// not a quarter or half ending then, which they name ("three months
/// ended").
fn period_fit(
    claimed: &[crate::model::Period],
    cell: &[crate::model::Period],
    bare_date: bool,
) -> (Slot, u8, bool, bool) {
    use crate::model::Period;
    if claimed.is_empty() {
        return (Slot::Unstated, 0, false, false);
    }
    if cell.is_empty() {
        return (Slot::ClaimOnly, 0, false, false);
    }
    let mut matched = vec![false; cell.len()];
    let mut slot = Slot::Agree;
    let mut unknown = false;
    let mut ends_on = false;
    for (i, c) in claimed.iter().enumerate() {
        let bare_day = match c {
            Period::Instant { date: Some(d), .. } if bare_date && i == 0 => Some(*d),
            _ => None,
        };
        let verdicts: Vec<Agreement> = cell
            .iter()
            .map(|p| match (periods_agree(c, p), p, bare_day) {
                (Agreement::No, span @ Period::Duration { end: Some(e), .. }, Some(d))
                    if *e == d && is_full_year(span) =>
                {
                    ends_on = true;
                    Agreement::Yes
                }
                // "Year ended December 31, 2005" against a column that
                // says only "2005": the same year, less exactly written.
                (Agreement::Yes, Period::Duration { end: None, .. }, _)
                    if matches!(c, Period::Duration { end: Some(_), .. }) =>
                {
                    ends_on = true;
                    Agreement::Yes
                }
                // A January 1 balance claimed of the December 31 before
                // it (or the reverse): the same balance as a rule, less
                // exactly than the day itself, which ranks above it where
                // a filing tells the two apart (an accounting change
                // adopted on January 1).
                (
                    Agreement::Yes,
                    Period::Instant {
                        date: Some(held), ..
                    },
                    _,
                ) if matches!(c, Period::Instant { date: Some(said), .. } if said != held) => {
                    ends_on = true;
                    Agreement::Yes
                }
                (v, _, _) => v,
            })
            .collect();
        if let Some(at) = verdicts.iter().position(|v| *v == Agreement::Yes) {
            if let Some(m) = matched.get_mut(at) {
                *m = true;
            }
            continue;
        }
        if verdicts.contains(&Agreement::No) {
            slot = Slot::Differ;
        } else {
            unknown = true;
        }
    }
    // A period that cannot be compared beside one the cell's agrees with
    // is a second name for it ("13 weeks ended November 2, 2024 (Q3 fiscal
    // 2024)": a retailer's fiscal year may be named by the year it starts
    // or ends in; the date says which quarter).
    if unknown && matched.iter().any(|m| *m) {
        unknown = false;
    }
    let extra = u8::try_from(matched.iter().filter(|m| !**m).count()).unwrap_or(u8::MAX);
    (
        slot,
        extra,
        unknown && slot != Slot::Differ,
        ends_on && slot == Slot::Agree,
    )
}

/// Whether the row (label, sections) or the column header shows a number.
pub(crate) fn shows_number(row: &RowRole, col: Option<&crate::model::ColRole>, n: &str) -> bool {
    contains(&row.numbers, n) || col.is_some_and(|c| contains(&c.numbers, n))
}

/// A span of a whole year: twelve months, or a fiscal year named without
/// a quarter or half.
fn is_full_year(period: &crate::model::Period) -> bool {
    match period {
        crate::model::Period::Duration {
            months,
            quarter,
            half,
            to_quarter,
            ..
        } => {
            quarter.is_none()
                && half.is_none()
                && to_quarter.is_none()
                && months.is_none_or(|m| m == 12)
        }
        _ => false,
    }
}

/// The claim's unit against what the cell holds: per share against a total,
/// a share count against money. Currencies and percentages are the value
/// check's.
fn unit_differs(claimed: Option<RoleUnit>, row: &RowRole, cell: &Cell<'_>) -> bool {
    use crate::model::Measure;
    let held = cell.measure();
    match claimed {
        Some(RoleUnit::PerShare) => {
            !matches!(held, Measure::PerShare) && !matches!(row.role.unit, Some(RoleUnit::PerShare))
        }
        // A share count against money, where the row is known to be money
        // (by its concept) and nothing around it speaks of shares.
        Some(RoleUnit::Shares) => {
            matches!(held, Measure::Monetary | Measure::PerShare)
                && row.role.concept.is_some()
                && !contains(&row.context_words, "share")
        }
        _ => false,
    }
}

/// The side of its direction kind a cell's value is on, from what its label
/// says and its sign; `None` when the label says nothing.
pub fn cell_direction(
    row: &RowRole,
    cell: &Cell<'_>,
    roles: &TableRoles,
) -> Option<crate::model::Direction> {
    // A change column's sign is the way the line moved, not its side: a
    // fall of operating income is no loss.
    if matches!(cell.period(), Some(crate::model::Period::Change { .. })) {
        return None;
    }
    let Some(sign) = row.sign else {
        return cash_effect(row, cell);
    };
    let (kind, positive) = match sign {
        LabelSign::Both(k) | LabelSign::Positive(k) => {
            let mut positive = !cell.value().is_sign_negative() || cell.value().is_zero();
            let unsigned = Lexicon::builtin()
                .direction(usize::from(k))
                .is_some_and(|d| !d.signed);
            // A tagged fact's value is signed as its concept is, whatever
            // the table prints: Netflix's "Provision for income taxes
            // (506,262)" is tagged +506,262, an expense.
            let tagged = cell.xbrl().and_then(|t| t.fact.value).filter(|_| unsigned);
            if let Some(value) = tagged {
                positive = !value.is_sign_negative() || value.is_zero();
            } else if unsigned && roles.expenses_negative {
                positive = !positive;
            }
            (k, positive)
        }
        // The label's order speaks for itself: no table convention turns it.
        LabelSign::BothReversed(k) => (
            k,
            cell.value().is_sign_negative() && !cell.value().is_zero(),
        ),
        LabelSign::Negative(k) => (k, false),
    };
    Some(crate::model::Direction { kind, positive })
}

/// A cash flow statement's line that names no direction of its own
/// ("Depreciation and amortization", "Stock-based compensation"): its sign
/// is its effect on cash, an add-back positive, a deduction negative. A
/// balance of cash at the start or end of the period is no flow.
fn cash_effect(row: &RowRole, cell: &Cell<'_>) -> Option<crate::model::Direction> {
    if cell.table().statement != crate::model::StatementKind::CashFlow
        || row.edge.is_some()
        || row.section_edge.is_some()
        || cell.value().is_zero()
    {
        return None;
    }
    let kind = Lexicon::builtin().direction_by_kind("cash")?;
    Some(crate::model::Direction {
        kind: u8::try_from(kind).ok()?,
        positive: !cell.value().is_sign_negative(),
    })
}

/// The role's words (not otherwise shown) that are acronyms the row label
/// spells out, and the label's words they stand for: an acronym of three to
/// six letters is the initials of as many consecutive words of the label
/// ("FHLB" of "Federal Home Loan Bank advances", "NGL" of "Natural gas
/// liquids", "LAE" of "Losses and loss adjustment expenses").
fn spelled_out<'w>(
    row: &RowRole,
    cell: &Cell<'_>,
    required: &'w [Box<str>],
    shown: &dyn Fn(&str) -> bool,
) -> (Vec<&'w str>, Vec<String>) {
    let mut acronyms = Vec::new();
    let mut spelled = Vec::new();
    for w in required.iter().map(|w| &**w).filter(|w| !shown(w)) {
        let n = w.len();
        if !(3..=6).contains(&n) || !w.bytes().all(|b| b.is_ascii_lowercase()) {
            continue;
        }
        let Some(at) = row.initials.windows(n).position(|run| run == w.as_bytes()) else {
            continue;
        };
        acronyms.push(w);
        // The label's words, read again only for an acronym it spells.
        let words = crate::vocab::lexicon::words(cell.row_label().unwrap_or_default());
        spelled.extend(words.into_iter().skip(at).take(n).map(|word| word.text));
    }
    (acronyms, spelled)
}

/// Whether a sorted word list holds `w`.
pub(super) fn contains(sorted: &[Box<str>], w: &str) -> bool {
    sorted.binary_search_by(|x| (**x).cmp(w)).is_ok()
}

fn count<'a>(it: impl Iterator<Item = &'a Box<str>>) -> u16 {
    u16::try_from(it.count()).unwrap_or(u16::MAX)
}

/// Whether the table's title or lead-in calls the cell's line itself a
/// non-GAAP measure: Union Pacific's "reconciles cash provided by operating
/// activities (GAAP measure) to cash flow conversion rate (non-GAAP
/// measure)" over the row "Cash flow conversion rate (a/b)". A title that
/// names a basis elsewhere ("reconciliation of net income to Adjusted
/// EBITDA") says nothing of the lines under it.
fn titled_non_gaap(cell: &Cell<'_>) -> bool {
    let Some(label) = cell.row_label() else {
        return false;
    };
    let line = label
        .split('(')
        .next()
        .unwrap_or_default()
        .trim()
        .to_lowercase();
    if line.split_whitespace().count() < 2 {
        return false;
    }
    let table = cell.table();
    table
        .title
        .iter()
        .map(String::as_str)
        .chain(table.lead_in.as_deref())
        .any(|text| {
            let text = text.to_lowercase();
            text.match_indices(line.as_str()).any(|(at, _)| {
                // The line whole, not the tail of a longer one ("net
                // income" of "adjusted net income"): what comes before it
                // is a connective, a mark or the start.
                let before = text.get(..at).unwrap_or_default().trim_end();
                let led = before.is_empty()
                    || before.ends_with(|c: char| !c.is_alphanumeric())
                    || before.split_whitespace().next_back().is_some_and(|w| {
                        matches!(w, "to" | "and" | "of" | "the" | "is" | "reconciles")
                    });
                led && text.get(at + line.len()..).is_some_and(|rest| {
                    let rest = rest.trim_start();
                    rest.starts_with("(non-gaap") || rest.starts_with("(a non-gaap")
                })
            })
        })
}
