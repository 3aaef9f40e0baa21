//! Tags on cells: the role a fact gives its cell (concept id, period), the
//! check that a printed number agrees with its own tag, the table of
//! numbers tagged in prose, and the audit that counts what was extracted.

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use rust_decimal::Decimal;

use super::fiscal::FiscalYearEnd;
use crate::Document;
use crate::model::{
    Amount, Cell, CellRecord, CellRef, CellTag, Coord, Currency, GridValue, Measure, Period,
    RowInfo, StatementKind, Table, TablePart, UnitLine,
};
use crate::vocab::{ConceptId, Vocab};
use crate::xbrl::{Fact, FactKind, Instance, Period as XPeriod, transform};

/// The role concept of a fact: the vocabulary id of its concept (its local
/// name when the vocabulary lacks it), qualified by its dimension members.
pub(crate) fn role_concept(fact: &Fact, vocab: &Vocab) -> ConceptId {
    let base = vocab
        .concept_of_tag(&fact.concept)
        .map(|c| c.as_str().to_string())
        .unwrap_or_else(|| fact.local_name().to_string());
    if fact.dims().is_empty() {
        return ConceptId::new(&base);
    }
    let members: Vec<String> = fact.dims().iter().map(ToString::to_string).collect();
    ConceptId::new(&format!("{base}[{}]", members.join(", ")))
}

/// A fact's period as tickmark's [`Period`]: an instant on its date, or a
/// duration with its dates, its length in months and, for a year, the
/// fiscal year it ends in.
pub fn period_of(period: XPeriod) -> Option<Period> {
    match period {
        XPeriod::Instant(date) => Some(Period::Instant {
            date: Some(date),
            fy: None,
        }),
        XPeriod::Duration { start, end } => {
            let days = (end - start).get_days();
            // Rounded to whole months: 52/53-week years are 12, 13-week quarters 3.
            let months = u8::try_from((i64::from(days) * 100 + 1522) / 3044).unwrap_or(u8::MAX);
            Some(Period::Duration {
                fy: (months == 12).then_some(end.year()),
                quarter: None,
                half: None,
                months: Some(months),
                to_quarter: None,
                start: Some(start),
                end: Some(end),
            })
        }
        XPeriod::Forever => None,
    }
}

/// A fact's period, placed in the filer's fiscal calendar when it is known.
fn fiscal_period_of(fact: &Fact, calendar: Option<FiscalYearEnd>) -> Option<Period> {
    let period = period_of(fact.period())?;
    Some(match calendar {
        Some(calendar) => calendar.apply(period),
        None => period,
    })
}

/// The tag for a cell holding `facts` (the outermost first).
pub(super) fn cell_tag(
    instance: &Instance,
    facts: &[usize],
    coord: Coord,
    vocab: &Vocab,
    calendar: Option<FiscalYearEnd>,
) -> Option<CellTag> {
    let (first, rest) = facts.split_first()?;
    let fact = instance.facts().get(*first)?;
    Some(CellTag {
        coord,
        concept: role_concept(fact, vocab),
        period: fiscal_period_of(fact, calendar),
        context_period: None,
        also: rest
            .iter()
            .filter_map(|i| instance.facts().get(*i).and_then(|f| f.id.clone()))
            .collect(),
        fact: Arc::new(fact.clone()),
    })
}

/// What a tag on a change column cannot say, kept from the column: a fact
/// has one context, so J&J's "Percent Change" column of sales is tagged
/// with the current quarter. A tagged cell in a column the labeler read as
/// a change keeps the change as its period (its later period the tag's
/// when the column names none). A fact presented in percent (`scale="-2"`,
/// not money or shares) printed without a "%" is a percentage: 7.3, not
/// 7.3 million. A filer's own concept for the change gives way to the
/// concept of the line changed.
pub(super) fn keep_printed_change(table: &mut Table, tag: &mut CellTag, vocab: &Vocab) {
    let percent = tag.fact.scale == -2
        && matches!(
            measure_of(&tag.fact),
            Measure::Percent | Measure::Number | Measure::Ratio
        );
    if percent && let Some(amount) = table.amount_at_mut(tag.coord) {
        amount.percent = true;
    }
    let column = table
        .cell_at(tag.coord)
        .and_then(|cell| cell.labeled_period().filter(|p| p.is_change()).cloned());
    if let Some(Period::Change {
        percent: in_percent,
        from,
        to,
    }) = column
    {
        tag.context_period.clone_from(&tag.period);
        let to = to.or_else(|| tag.period.take().map(Box::new));
        // The earlier period a header without dates leaves out: the
        // table's latest column of the same span ending before it (J&J's
        // "Fiscal Second Quarter Ended" over its two quarters and their
        // "Percent Change").
        let from = from.or_else(|| {
            let (months, end) = match to.as_deref()? {
                Period::Duration {
                    months: Some(m),
                    end: Some(e),
                    ..
                } => (*m, *e),
                _ => return None,
            };
            table
                .columns
                .iter()
                .filter_map(|c| match &c.period {
                    Some(
                        p @ Period::Duration {
                            months: Some(m),
                            end: Some(e),
                            ..
                        },
                    ) if *m == months && *e < end => Some((*e, p)),
                    _ => None,
                })
                .max_by_key(|(e, _)| *e)
                .map(|(_, p)| Box::new(p.clone()))
        });
        // A change the filer tags with a concept of its own ("Percentage
        // change in sales") is the change of the line its row prints at
        // the later period: that cell's concept, with its members.
        if vocab.concept_of_tag(&tag.fact.concept).is_none()
            && let Some(later) = to.as_deref()
            && let Some(line) = table.tags.iter().find(|t| {
                // The later period as the header dates it, or as the
                // change's own context does (a header read whole).
                t.coord.row == tag.coord.row
                    && t.period.is_some()
                    && (t.period.as_ref() == Some(later) || t.period == tag.context_period)
            })
        {
            tag.concept = line.concept.clone();
        }
        tag.period = Some(Period::Change {
            percent: in_percent || percent,
            from,
            to,
        });
    }
}

/// The number printed, as the tag reads it: |printed| × 10^scale.
fn printed_as_tagged(cell: &Cell<'_>, fact: &Fact) -> Option<Decimal> {
    transform::apply_scale(cell.value().abs(), fact.scale)
}

/// True when the number the labeler read from the cell is not the tag's
/// number (in magnitude: a sign shown by parentheses or left to `sign="-"`
/// is presentation, counted apart).
pub(super) fn disagrees(cell: &Cell<'_>, tag: &CellTag) -> bool {
    match tag.fact.value {
        Some(value) => printed_as_tagged(cell, &tag.fact) != Some(value.abs()),
        None => false,
    }
}

/// What a unit says about a quantity.
fn measure_of(fact: &Fact) -> Measure {
    let Some(unit) = fact.unit.as_deref() else {
        return Measure::Number;
    };
    let name = unit.name();
    if !unit.denominator.is_empty() && name.ends_with("/shares") {
        Measure::PerShare
    } else if name == "shares" {
        Measure::Shares
    } else if name == "pure" {
        if fact.scale == -2 {
            Measure::Percent
        } else {
            Measure::Ratio
        }
    } else if unit.denominator.is_empty() && Currency::from_code(&name).is_some() {
        Measure::Monetary
    } else {
        Measure::Number
    }
}

/// The table of numbers tagged in the prose of one page (`pNt0`): a row
/// per fact, its label the words before it, its number as printed with
/// the tag's sign, in the tag's scale.
pub(super) fn prose_table(
    source: &Arc<str>,
    page: u32,
    facts: &[(usize, String)],
    instance: &Instance,
    vocab: &Vocab,
    calendar: Option<FiscalYearEnd>,
) -> Option<Table> {
    let part = TablePart::Pdf { page, table: 0 };
    let mut grid = Vec::new();
    let mut rows = Vec::new();
    let mut records = Vec::new();
    let mut tags = Vec::new();
    let mut seen = HashSet::new();
    for (index, before) in facts {
        let Some(fact) = instance.facts().get(*index) else {
            continue;
        };
        let Some(value) = fact.value else {
            continue;
        };
        if !seen.insert(*index) {
            continue;
        }
        let measure = measure_of(fact);
        let percent = measure == Measure::Percent;
        // The cell's number in the tag's scale ("66.6" of 66.6 billion).
        let (shown, scale_exp) = if percent {
            (value * Decimal::ONE_HUNDRED, 0)
        } else if (0..=18).contains(&fact.scale) {
            (
                transform::apply_scale(value, -fact.scale).unwrap_or(value),
                0,
            )
        } else {
            (value, 0)
        };
        let decimals = fact.text.rsplit_once('.').map_or(0, |(_, f)| {
            f.chars().take_while(char::is_ascii_digit).count()
        });
        let amount = Amount {
            value: shown.normalize(),
            decimals: u32::try_from(decimals).unwrap_or(0),
            scale_exp,
            percent,
            currency: fact
                .unit
                .as_deref()
                .and_then(|u| Currency::from_code(u.numerator.first()?.rsplit(':').next()?)),
            parens: false,
            dash: false,
        };
        let r = rows.len();
        let label = if before.trim().is_empty() {
            fact.local_name().to_string()
        } else {
            before.trim().to_string()
        };
        grid.push(vec![
            GridValue::Text {
                text: label.clone(),
                indent: 0,
            },
            GridValue::Number(amount),
        ]);
        rows.push(RowInfo {
            row: r,
            label: Some(label),
            indent: 0,
            section: Arc::from(Vec::<String>::new()),
            concept: None,
            measure,
            scale_exempt: false,
            minor_unit: false,
            label_scale: None,
            label_key: OnceLock::new(),
        });
        let coord = Coord::new(u32::try_from(r + 1).unwrap_or(u32::MAX), 2);
        records.push(CellRecord {
            coord,
            row: u32::try_from(r).unwrap_or(u32::MAX),
            column: CellRecord::NONE,
            parsed: CellRecord::NONE,
            currency: None,
        });
        tags.push(CellTag {
            coord,
            concept: role_concept(fact, vocab),
            period: fiscal_period_of(fact, calendar),
            context_period: None,
            also: Vec::new(),
            fact: Arc::new(fact.clone()),
        });
    }
    if records.is_empty() {
        return None;
    }
    Some(Table {
        reference: CellRef::table(Arc::clone(source), part.clone()),
        part,
        title: vec![format!("numbers tagged in the text of page {page}")],
        statement: StatementKind::Other,
        unit: UnitLine::default(),
        grid,
        from_row: 0,
        header_rows: Vec::new(),
        label_col: 0,
        rows,
        columns: Vec::new(),
        records,
        parsed: Vec::new(),
        warnings: Vec::new(),
        notes: Vec::new(),
        roles: std::sync::OnceLock::new(),
        tags,
        filer: None,
        lead_in: None,
        segment: crate::model::SegmentSection::None,
    })
}

/// How completely an HTML filing's tagged numbers were extracted.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct TagAudit {
    /// `ix:nonFraction` elements outside `ix:header`.
    pub tagged: usize,
    /// Of those, nil facts (no number to extract).
    pub nil: usize,
    /// Extracted as a table cell's tag.
    pub in_tables: usize,
    /// Extracted as a number of the prose table of its page.
    pub in_prose: usize,
    /// Extracted numbers whose printed magnitude equals the tag's value.
    pub values_agree: usize,
    /// Extracted numbers printed negative (parentheses, minus) whose tag is
    /// positive, or printed positive with `sign="-"`: presentation signs.
    pub sign_by_presentation: usize,
    /// Extracted numbers whose magnitude disagrees with the tag.
    pub disagree: Vec<String>,
}

/// Counts, for one HTML document read with its instance, which tagged
/// numbers became cells and whether each cell's value is its tag's.
pub fn audit_tags(document: &Document, instance: &Instance) -> TagAudit {
    let mut audit = TagAudit::default();
    let shown: Vec<&Fact> = instance
        .facts()
        .iter()
        .filter(|f| f.kind == FactKind::NonFraction && !f.hidden)
        .collect();
    audit.tagged = shown.len();
    audit.nil = shown.iter().filter(|f| f.nil).count();
    let mut found: HashSet<usize> = HashSet::new();
    for table in &document.tables {
        let prose = matches!(table.part, TablePart::Pdf { table: 0, .. });
        for tag in &table.tags {
            let Some(cell) = table.cell_at(tag.coord) else {
                continue;
            };
            let ids = std::iter::once(tag.fact.offset).chain(
                tag.also
                    .iter()
                    .filter_map(|id| instance.fact(id).map(|f| f.offset)),
            );
            let mut new = 0;
            for offset in ids {
                if found.insert(offset) {
                    new += 1;
                }
            }
            if prose {
                audit.in_prose += new;
            } else {
                audit.in_tables += new;
            }
            let Some(value) = tag.fact.value else {
                continue;
            };
            if printed_as_tagged(&cell, &tag.fact) == Some(value.abs()) {
                audit.values_agree += new;
                if !value.is_zero() && (cell.value().is_sign_negative() != value.is_sign_negative())
                {
                    audit.sign_by_presentation += new;
                }
            } else {
                audit.disagree.push(format!(
                    "{}: {:?} vs {} {}",
                    cell.reference(),
                    cell.text(),
                    tag.fact.id.as_deref().unwrap_or(""),
                    value
                ));
            }
        }
    }
    audit
}

#[cfg(test)]
mod tests {
    use jiff::civil::Date;

    use super::*;

    #[test]
    fn durations_get_months_and_years_their_fiscal_year() {
        let year = period_of(XPeriod::Duration {
            start: Date::constant(2023, 10, 1),
            end: Date::constant(2024, 9, 28),
        });
        assert_eq!(
            year,
            Some(Period::Duration {
                fy: Some(2024),
                quarter: None,
                half: None,
                months: Some(12),
                to_quarter: None,
                start: Some(Date::constant(2023, 10, 1)),
                end: Some(Date::constant(2024, 9, 28)),
            })
        );
        let quarter = period_of(XPeriod::Duration {
            start: Date::constant(2025, 3, 30),
            end: Date::constant(2025, 6, 28),
        });
        assert!(matches!(
            quarter,
            Some(Period::Duration {
                months: Some(3),
                fy: None,
                ..
            })
        ));
        assert_eq!(period_of(XPeriod::Forever), None);
    }
}
