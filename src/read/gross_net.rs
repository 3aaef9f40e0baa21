//! A line before its deduction and its net line is the gross amount: a
//! balance sheet prints "Property, plant and equipment", "Less: Accumulated
//! depreciation", "Property, plant and equipment — net", and the first
//! label, alone the net line's synonym, is the gross.

use crate::model::Table;
use crate::vocab::ConceptId;

/// (net concept, its deduction, the gross concept).
const GROSS_OF: &[(&str, &str, &str)] = &[(
    "PropertyPlantAndEquipmentNet",
    "AccumulatedDepreciationDepletionAndAmortizationPropertyPlantAndEquipment",
    "PropertyPlantAndEquipmentGross",
)];

/// How many rows a deduction and the net line may follow the gross line.
const WITHIN: usize = 4;

/// Gives the gross concept to a net-concept line that a deduction and
/// another net-concept line follow.
pub fn apply(table: &mut Table) {
    for (net, less, gross) in GROSS_OF {
        let is = |r: usize, id: &str| {
            table
                .rows
                .get(r)
                .and_then(|row| row.concept.as_ref())
                .is_some_and(|c| c.as_str() == id)
        };
        let mut grosses = Vec::new();
        for r in 0..table.rows.len() {
            if !is(r, net) {
                continue;
            }
            let after = r + 1..(r + 1 + WITHIN).min(table.rows.len());
            let deduction = after.clone().find(|&d| is(d, less));
            let net_after = deduction.and_then(|d| (d + 1..after.end).find(|&n| is(n, net)));
            if net_after.is_some() {
                grosses.push(r);
            }
        }
        for r in grosses {
            if let Some(row) = table.rows.get_mut(r) {
                row.concept = Some(ConceptId::new(gross));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use crate::Vocab;

    fn concepts(rows: &[&[&str]]) -> Vec<Option<String>> {
        let vocab = Vocab::builtin();
        let rows = rows
            .iter()
            .map(|r| r.iter().map(|s| s.to_string()).collect())
            .collect();
        let doc = crate::read::document_from_rows("t.csv", "t.csv", rows, &vocab).unwrap();
        doc.tables[0]
            .rows
            .iter()
            .filter(|r| r.label.is_some())
            .map(|r| r.concept.as_ref().map(|c| c.as_str().to_string()))
            .collect()
    }

    #[test]
    fn the_line_before_its_depreciation_and_net_is_gross() {
        let c = concepts(&[
            &["", "2018", "2017"],
            &["Property, plant and equipment", "24,873", "24,180"],
            &["Less: Accumulated depreciation", "(16,135)", "(15,546)"],
            &["Property, plant and equipment — net", "8,738", "8,634"],
        ]);
        assert_eq!(c[0].as_deref(), Some("PropertyPlantAndEquipmentGross"));
        assert_eq!(c[2].as_deref(), Some("PropertyPlantAndEquipmentNet"));
    }

    #[test]
    fn a_net_line_alone_stays_net() {
        let c = concepts(&[
            &["", "2018", "2017"],
            &["Inventories", "4,366", "4,034"],
            &["Property, plant and equipment", "8,738", "8,634"],
            &["Goodwill", "10,051", "10,513"],
        ]);
        assert_eq!(c[1].as_deref(), Some("PropertyPlantAndEquipmentNet"));
    }
}
