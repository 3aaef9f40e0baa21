//! The scorer's report as text for a terminal and as a Markdown table.

use std::collections::BTreeMap;

use super::{Failure, PdfTagsReport, Scores};

fn line(name: &str, scores: &Scores, numbers: usize) -> String {
    let p = |n: usize| Scores::percent(n, numbers);
    format!(
        "{name}: {numbers} numbers; value {} ({:.1}%), scale {} ({:.1}%), sign {} ({:.1}%), period {} ({:.1}%); concept exact {} family {} wrong {} none {}\n  cells {}: matched {}, ambiguous {}, no fact {}\n",
        scores.value,
        p(scores.value),
        scores.scale,
        p(scores.scale),
        scores.sign,
        p(scores.sign),
        scores.period,
        p(scores.period),
        scores.concept.get("exact"),
        scores.concept.get("family"),
        scores.concept.get("wrong"),
        scores.concept.get("none"),
        scores.cells,
        scores.matched,
        scores.ambiguous,
        scores.no_fact,
    )
}

/// The report as text for a terminal.
pub fn human(report: &PdfTagsReport) -> String {
    let mut out = format!(
        "{} against {} ({} numeric facts)\nfinancial statements section: {}\n",
        report.pdf,
        report.instance,
        report.facts,
        report.section.map_or_else(
            || "not found".to_string(),
            |(a, b)| format!("pages {a}-{b}")
        ),
    );
    out.push_str(&line(
        "primary statements",
        &report.statements,
        report.statements.numbers,
    ));
    out.push_str(&line(
        "notes (cells matched to a fact)",
        &report.notes,
        report.notes.numbers,
    ));
    if !report.families {
        out.push_str(
            "concept families unknown (no us_gaap_role_map.csv): concepts compare by name only\n",
        );
    }
    let mut by_aspect: BTreeMap<(&str, &str), Vec<&Failure>> = BTreeMap::new();
    for f in &report.failures {
        by_aspect.entry((f.part, f.aspect)).or_default().push(f);
    }
    for ((part, aspect), list) in by_aspect {
        out.push_str(&format!("-- {part} {aspect}: {}\n", list.len()));
        for f in list {
            out.push_str(&format!(
                "   {}: {} (expected {})\n",
                f.at, f.got, f.expected
            ));
        }
    }
    out
}

/// The report's figures as a Markdown table, for docs/evaluation.md.
pub fn markdown(report: &PdfTagsReport) -> String {
    let row = |name: &str, s: &Scores| {
        let p = |n: usize| Scores::percent(n, s.numbers);
        format!(
            "| {name} | {} | {} ({:.1}%) | {} ({:.1}%) | {} ({:.1}%) | {} ({:.1}%) | {} / {} / {} / {} | {} / {} / {} / {} |\n",
            s.numbers,
            s.value,
            p(s.value),
            s.scale,
            p(s.scale),
            s.sign,
            p(s.sign),
            s.period,
            p(s.period),
            s.concept.get("exact"),
            s.concept.get("family"),
            s.concept.get("wrong"),
            s.concept.get("none"),
            s.cells,
            s.matched,
            s.ambiguous,
            s.no_fact,
        )
    };
    let mut out = String::from(
        "| part | numbers | value | scale | sign | period | concept exact / family / wrong / none | cells / matched / ambiguous / no fact |\n|---|---|---|---|---|---|---|---|\n",
    );
    out.push_str(&row("primary statements", &report.statements));
    out.push_str(&row("notes", &report.notes));
    out
}
