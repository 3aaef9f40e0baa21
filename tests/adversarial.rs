//! The adversarial corpora of `tests/adversarial/` (claims written by
//! reviewers who did not write tickmark's rules; see its README): the
//! figures docs/evaluation.md reports. A change that accepts one more
//! wrong claim, or fails one more correct claim, fails here; an
//! improvement means lowering the numbers here and in the document.
//! `test.jsonl` was held out until 2026-12-03, when its misses had been
//! read and rules written after them: its figures are training scores
//! since. `holdout.jsonl` (written that day) is held out in its place.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use tickmark::Vocab;
use tickmark::eval::claims::{FileScore, score};

fn run(file: &str) -> FileScore {
    run_over(file, Path::new("samples"))
}

fn run_over(file: &str, sources: &Path) -> FileScore {
    score(Path::new(file), sources, &Vocab::builtin()).unwrap()
}

fn totals(s: &FileScore) -> (usize, usize, usize, usize) {
    let sum = |m: &std::collections::BTreeMap<String, tickmark::eval::claims::KindScore>| {
        m.values()
            .fold((0, 0), |(t, a), k| (t + k.tried, a + k.accepted))
    };
    let (wrong, wrong_accepted) = sum(&s.wrong);
    let (correct, correct_accepted) = sum(&s.correct);
    (wrong, wrong_accepted, correct, correct - correct_accepted)
}

/// Holds a corpus to its documented figures: its size (wrong, correct),
/// at most `most_accepted` wrong claims accepted and `most_refused`
/// correct ones refused, and every claim scored (each claim of a
/// malformed line is reported, not lost). `show` prints the misses when a
/// figure fails; a held-out corpus's misses stay unread.
fn holds_figures(
    file: &str,
    size: (usize, usize),
    most_accepted: usize,
    most_refused: usize,
    show: bool,
) {
    holds_figures_over(
        file,
        Path::new("samples"),
        size,
        (most_accepted, most_refused),
        show,
    );
}

/// [`holds_figures`] over another folder of sources.
fn holds_figures_over(
    file: &str,
    sources: &Path,
    size: (usize, usize),
    (most_accepted, most_refused): (usize, usize),
    show: bool,
) {
    let s = run_over(file, sources);
    let (wrong, accepted, correct, refused) = totals(&s);
    assert_eq!((wrong, correct), size, "{file}: the corpus changed");
    let misses = || {
        if show {
            format!("{:#?}", s.misses)
        } else {
            String::new()
        }
    };
    assert!(
        accepted <= most_accepted,
        "{file}: {accepted} wrong claims accepted {}",
        misses()
    );
    assert!(
        refused <= most_refused,
        "{file}: {refused} correct claims not accepted {}",
        misses()
    );
    assert_eq!(s.unscored, 0, "{file}: claims not scored");
}

#[test]
fn the_dev_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/dev.jsonl", (181, 123), 0, 1, true);
}

#[test]
fn the_held_out_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/test.jsonl", (211, 166), 0, 1, true);
}

/// A second development corpus (2026-12-03): negative forms, plain lines,
/// synonyms, calculations over one or two companies, signs. Tuned on.
#[test]
fn the_second_dev_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/dev2.jsonl", (82, 155), 0, 2, true);
}

/// The corpus written on 2026-12-03 by a reviewer who read none of the
/// rules, first run once the code was final: held out. Its misses are
/// known by kind only.
#[test]
fn the_holdout_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/holdout.jsonl", (145, 110), 0, 3, false);
}

/// A second outside reviewer's attack (2026-12-03, night) on the
/// equity-statement and after-the-value rules, over `kestrel.csv` and
/// `dunmore_kpi.csv`: 32 of its 60 wrong claims were accepted on its first
/// run and 12 of its 40 correct ones refused; the verb and short-name
/// rules were then widened after reading it. Tuned on.
#[test]
fn the_second_red_team_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/redteam2.jsonl", (60, 40), 0, 8, false);
}

/// A third outside reviewer's attack (2026-12-04) on roles naming a change
/// of their measure ("Net sales growth, 2022") over twelve tables of its own
/// in `redteam3/`: 11 of its 90 wrong claims were accepted on its first run
/// and 12 of its 47 correct ones refused; a change cell's way was then read
/// from its row's levels and a percent change from its printed "%". Tuned
/// on.
#[test]
fn the_third_red_team_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/redteam3.jsonl", (90, 47), 0, 1, true);
}

/// A fourth outside reviewer's corpus (2026-12-04) on changes and the
/// ways figures moved, over nine tables of its own in `redteam4/`, written
/// whole before its one run: held out on that run (commit 220e8f7: 4 of 65
/// wrong accepted, 35 of 48 correct refused; at the session's start,
/// dd182f4: 1 and 42). Rules were then written after its misses (a
/// sentence's year-earlier amount, "improved" on a cost): tuned on since.
#[test]
fn the_fourth_red_team_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/redteam4.jsonl", (65, 48), 0, 16, true);
}

/// An outside reviewer's attack on the rules of 2026-12-03 (late): 33 of
/// its 195 wrong claims were accepted on its first run; rules were written
/// after them. Tuned on.
#[test]
fn the_red_team_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/redteam.jsonl", (195, 76), 0, 4, true);
}

#[test]
fn no_same_digit_swap_or_wrong_period_is_accepted() {
    for file in [
        "tests/adversarial/dev.jsonl",
        "tests/adversarial/test.jsonl",
    ] {
        let s = run(file);
        for (kind, k) in &s.wrong {
            let role_kind = !kind.starts_with("calc")
                && (kind.contains("swap")
                    || kind.contains("period")
                    || kind.starts_with("whole_table")
                    || kind.starts_with("segment")
                    || kind.starts_with("wrong_line"));
            if role_kind {
                assert_eq!(k.accepted, 0, "{file}: {kind} accepted {}", k.accepted);
            }
        }
    }
}

/// A fifth outside reviewer's corpus (2026-12-04) on issue 13's kinds —
/// calculations, stated values, quotes, sentences — over the samples and
/// four tables of its own in `redteam5/`, written whole before its one run:
/// held out on that run (commit 9a761de: 9 of 116 wrong accepted, 15 of 85
/// correct refused). Rules were then written after its misses (points and
/// ratios, amounts per customer, a sentence's way, year and company, a
/// share of a line, a compound rate, pence): tuned on since. Six of its
/// refusals are claims with no `value`, sent to review by design.
#[test]
fn the_fifth_red_team_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/redteam5.jsonl", (116, 85), 0, 8, true);
}

/// A sixth outside reviewer's corpus (2026-12-04) on issue 13's kinds and on
/// changes stated over two cited cells, written without running tickmark:
/// held out on its one run (commit 2b94ddc: 7 of 115 wrong accepted, 12 of
/// 101 correct refused; 9a761de: 13 and 20). Tuned on since; the wrong
/// claims still accepted are listed in docs/evaluation.md.
#[test]
fn the_sixth_red_team_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/redteam6.jsonl", (115, 101), 0, 6, true);
}

/// A seventh outside reviewer's corpus (2026-12-04, afternoon) over the
/// samples and four tables of its own in `redteam7/` (a quarterly statement
/// with discontinued operations, a September-year balance sheet, a June-year
/// cash-flow statement, a segment and geography note), written without
/// running tickmark: held out on its one run (commit 62ffecc: 11 of 126
/// wrong accepted, 16 of 104 correct refused; 6bf8776: 9 and 19). Tuned on
/// since.
#[test]
fn the_seventh_red_team_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/redteam7.jsonl", (126, 104), 0, 5, true);
}

/// An eighth outside reviewer's corpus (2026-12-04, afternoon) over the
/// samples and four tables of its own in `redteam8/` (a retailer's 13- and
/// 39-week quarter, a bank's income statement, an equity statement with
/// components as columns, a non-GAAP reconciliation with two share
/// classes), written without running tickmark: held out on its one run
/// (commit 34c6f74: 8 of 119 wrong accepted, 51 of 110 correct refused;
/// 6bf8776: 10 and 55). Tuned on since.
#[test]
fn the_eighth_red_team_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/redteam8.jsonl", (119, 110), 0, 26, true);
}

/// A ninth outside reviewer's corpus (2026-12-04, evening) over the samples
/// and four tables of its own in `redteam9/` (an insurer's income
/// statement, a segment note with segments as columns and the years as
/// blocks, a REIT's quarterly data, a June-year cash-flow statement in
/// thousands of Canadian dollars), written without running tickmark: held
/// out on its one run (commit 65594fd: 7 of 124 wrong accepted, 45 of 130
/// correct refused). Tuned on since.
#[test]
fn the_ninth_red_team_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/redteam9.jsonl", (124, 130), 0, 18, true);
}

/// A tenth outside reviewer's corpus (2026-12-04, evening) over the samples
/// and four tables of its own in `redteam10/` (a bank's balance sheet, a
/// software company's non-GAAP reconciliation, an oil and gas producer's
/// operating statistics, a UK plc's statement of profit or loss and OCI in
/// £m), written without running tickmark: held out on its one run (commit
/// 7dbd065, the session's rules in: 10 of 121 wrong accepted, 26 of 114
/// correct refused; 65594fd, the session's start: 12 and 28). Tuned on
/// since.
#[test]
fn the_tenth_red_team_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/redteam10.jsonl", (121, 114), 0, 15, true);
}

/// An eleventh outside reviewer's corpus (2026-12-04, night) over the
/// samples and four tables of its own in `redteam11/` (a statement of
/// changes in stockholders' equity, a retailer's 13- and 39-week quarterly
/// income statement, an airline's operating statistics, a utility's debt
/// note), written without running tickmark: held out on its one run
/// (commit 5397816: 4 of 120 wrong accepted, 26 of 110 correct refused;
/// 38ec7ca, the session's start: 5 and 26). Tuned on since.
#[test]
fn the_eleventh_red_team_corpus_holds_its_documented_figures() {
    holds_figures("tests/adversarial/redteam11.jsonl", (120, 110), 1, 20, true);
}

/// The FinanceBench PDFs the prose red teams cite (../shared or
/// $TICKMARK_SHARED); `None`, said on stderr, when they are absent.
fn financebench_pdfs() -> Option<std::path::PathBuf> {
    shared_dataset("financebench/pdfs")
}

/// `$TICKMARK_SHARED/datasets/<path>` (default `../shared`); `None`, said
/// on stderr, when it is absent.
fn shared_dataset(path: &str) -> Option<std::path::PathBuf> {
    let shared = std::env::var("TICKMARK_SHARED").unwrap_or_else(|_| "../shared".to_string());
    let dir = Path::new(&shared).join("datasets").join(path);
    if dir.exists() {
        Some(dir)
    } else {
        eprintln!("skipped: {} is absent", dir.display());
        None
    }
}

/// The twelfth red team (2026-12-04, late; docs/evaluation.md): 123 claims
/// about numbers in the running text of five real 10-K filings of
/// FinanceBench (Corning 2021, Kraft Heinz 2019, Pfizer 2021, CVS Health
/// 2022, AMD 2015), citing their pages, written by a reviewer who read the
/// pages' text and not tickmark's rules. Run once held out on 63488f4 (5
/// wrong accepted, 39 correct refused); the figures pinned here are
/// training scores since. Needs the FinanceBench PDFs (../shared or
/// $TICKMARK_SHARED).
#[test]
#[ignore = "reads five real 10-K PDFs: slow in a debug build; run with --ignored (release: 4 s)"]
fn the_twelfth_red_team_on_real_prose_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam12.jsonl",
        &pdfs,
        (64, 59),
        (0, 25),
        true,
    );
}

/// The thirteenth red team (2026-12-05; docs/evaluation.md): 68 claims
/// about numbers in the running text of three more real 10-K filings
/// (American Water 2022, Netflix 2015, Corning 2022), written the same way
/// after the prose rules were final and run once on abc65c7: held out
/// then (one wrong accept, read to report it); a training corpus since
/// 2026-12-05, when the segment-table and change rules fixed that accept.
#[test]
#[ignore = "reads three real 10-K PDFs: slow in a debug build; run with --ignored (release: 3 s)"]
fn the_thirteenth_red_team_on_real_prose_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam13.jsonl",
        &pdfs,
        (35, 33),
        (0, 23),
        false,
    );
}

/// A fourteenth outside reviewer's corpus (2026-12-05) over six more real
/// filings (Amcor 2023, CVS Health 2018, Netflix 2017, American Water 2021,
/// Verizon 2022, MGM Resorts 2022): segments against the company, changes
/// in prose, scale and OCI signs, cell and page cites. Written without
/// reading tickmark's rules or running it; run once, on d59f9d4, after the
/// session's rules were final: held out then (4 and 36; 4 and 35 after a
/// code review's fixes, which did not read it). Its misses were read on
/// 2026-12-05 (later) and rules written after them: a training corpus
/// since.
#[test]
#[ignore = "reads six real 10-K PDFs: slow in a debug build; run with --ignored"]
fn the_fourteenth_red_team_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam14.jsonl",
        &pdfs,
        (64, 61),
        (1, 27),
        false,
    );
}

/// A fifteenth outside reviewer's corpus (2026-12-05) over six filings
/// not used before (Adobe 2017, 3M 2018, Verizon 2021, Block 2020, MGM
/// Resorts 2020, American Water 2020): 66 wrong and 60 correct claims,
/// cell and page cites, written without reading tickmark's rules or
/// running it. Held out on 2026-12-05 (1 wrong accepted, 44 correct
/// refused). Its misses were read on 2026-12-05 (last) and rules written
/// after them (the filer's name, a segment's lead-in sentence, metrics over
/// their cited inputs): a training corpus since.
#[test]
#[ignore = "reads six real 10-K PDFs: slow in a debug build; run with --ignored"]
fn the_fifteenth_red_team_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam15.jsonl",
        &pdfs,
        (66, 60),
        (0, 22),
        false,
    );
}

/// A sixteenth outside reviewer's corpus (2026-12-05) over six filings
/// not used before (3M 2022, Adobe 2022, Corning 2020, MGM Resorts 2018,
/// and two 10-Qs: Amcor's fiscal Q2 2023 and Pfizer's Q2 2023): 66 wrong
/// and 64 correct claims, 65 citing cells and 65 pages, written without
/// reading tickmark's rules or running it. Run once, after the session's
/// rules were final: **held out**, its misses not read (on the session's
/// start, 5e16e6c: 1 and 50; first run 1 and 47; on bc4679e, totals
/// only, 1 and 45; totals only since, 0 and 43 on 2026-12-06's sixth
/// session, 0 and 42 on its seventh, 0 and 39 on 2026-12-07, 0 and 38 on
/// its fourth session).
#[test]
#[ignore = "reads six real filing PDFs: slow in a debug build; run with --ignored"]
fn the_sixteenth_red_team_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam16.jsonl",
        &pdfs,
        (66, 64),
        (0, 38),
        false,
    );
}

/// A seventeenth outside reviewer's corpus (2026-12-05, last), aimed at
/// the session's new rules (roles naming the filer, "% change" roles on
/// pages, metrics over their cited inputs, "(non-GAAP)" labels, segment
/// tables) over five filings the training corpora use (Adobe 2017, Block
/// 2020, MGM Resorts 2020, Verizon 2021, 3M 2018): 119 wrong and 58
/// correct claims. Its reviewer ran the tool on its claims to hunt for
/// false accepts: 10 wrong accepted on its run (9 on the session's start,
/// 5e16e6c). Rules were written after them: a training corpus.
#[test]
#[ignore = "reads five real 10-K PDFs: slow in a debug build; run with --ignored"]
fn the_seventeenth_red_team_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam17.jsonl",
        &pdfs,
        (119, 58),
        (0, 19),
        false,
    );
}

/// The eighteenth red team (2026-12-05, afternoon; tests/adversarial/
/// README.md): five filings no other corpus uses. Held out for one run (2
/// wrong accepted, 41 correct refused); its computed claims and its two
/// false accepts were read after, and rules written: partly training.
#[test]
#[ignore = "reads five real PDFs: slow in a debug build; run with --ignored"]
fn the_eighteenth_red_team_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam18.jsonl",
        &pdfs,
        (64, 62),
        (0, 29),
        false,
    );
}

/// The nineteenth red team (2026-12-05, afternoon; tests/adversarial/
/// README.md): its reviewer ran the tool to hunt false accepts (7 on its
/// run); rules were written after them: a training corpus.
#[test]
#[ignore = "reads real PDFs: slow in a debug build; run with --ignored"]
fn the_nineteenth_red_team_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam19.jsonl",
        &pdfs,
        (63, 17),
        (0, 10),
        false,
    );
}

/// The SEC inline-XBRL filings of `$TICKMARK_SHARED/datasets/sec_ixbrl`;
/// `None`, said on stderr, when they are absent.
fn sec_ixbrl() -> Option<std::path::PathBuf> {
    shared_dataset("sec_ixbrl")
}

/// The twentieth red team (2026-12-05, night; tests/adversarial/README.md):
/// the first over SEC 10-K/10-Q HTML filings (Alphabet and Meta 10-Ks,
/// Johnson & Johnson, Tesla and Union Pacific 10-Qs), 67 wrong and 68
/// correct claims written without reading tickmark's rules or running it.
/// Held out for one run (0 wrong accepted, 15 correct refused); its misses
/// were read after, and the one rule written (a metric's formula in
/// parentheses gives its operands' roles) makes it a training corpus.
#[test]
#[ignore = "reads five real HTML filings: slow in a debug build; run with --ignored"]
fn the_twentieth_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam20.jsonl",
        &dir,
        (67, 68),
        (0, 5),
        false,
    );
}

/// The twenty-first red team (2026-12-06; tests/adversarial/README.md):
/// 78 wrong and 80 correct claims over five more SEC HTML filings (the
/// Amazon, NVIDIA, Netflix and Apple 10-Ks, Boeing's 10-Q), written without
/// reading tickmark's rules or running it. Held out for one run on the
/// session's starting commit (1 wrong accepted, 34 correct refused); its
/// one false accept (an undated "Change" column between two years) was
/// then read and fixed, which makes it a training corpus.
#[test]
#[ignore = "reads five real HTML filings: slow in a debug build; run with --ignored"]
fn the_twenty_first_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam21.jsonl",
        &dir,
        (78, 80),
        (0, 16),
        false,
    );
}

/// The twenty-second red team (2026-12-06; tests/adversarial/README.md):
/// 82 wrong and 86 correct claims over the four SEC HTML filings no earlier
/// corpus used (Apple's, Netflix's and NVIDIA's 10-Qs, Tesla's 10-K),
/// written without reading tickmark's rules or running it. Held out for
/// the session's first rules (1 wrong accepted; 31 correct refused on the
/// session's start, 30 after them); its misses were then read and fixed,
/// which makes it a training corpus.
#[test]
#[ignore = "reads four real HTML filings: slow in a debug build; run with --ignored"]
fn the_twenty_second_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam22.jsonl",
        &dir,
        (82, 86),
        (0, 12),
        false,
    );
}

/// The twenty-third red team (2026-12-06; tests/adversarial/README.md):
/// 60 wrong and 50 correct claims over six SEC HTML filings, a probe of
/// that day's rules (fiscal quarters, cash paid, places, hedges, segments,
/// tax lines). Held out for one run on 03f382d (1 wrong accepted, 18
/// correct refused); its false accept was then read and fixed.
#[test]
#[ignore = "reads six real HTML filings: slow in a debug build; run with --ignored"]
fn the_twenty_third_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam23.jsonl",
        &dir,
        (60, 50),
        (0, 11),
        false,
    );
}

/// The twenty-fourth red team (2026-12-06; tests/adversarial/README.md):
/// 78 wrong and 79 correct claims over the notes and MD&A tables of six SEC
/// HTML filings (Boeing's and Union Pacific's 10-Qs, the Amazon, Meta,
/// Alphabet and Netflix 10-Ks), written without reading tickmark's rules or
/// running it. Held out for one run on the session's starting commit
/// 1f38fef (2 wrong accepted, 28 correct refused) and on the session's
/// first rules (2 and 26); its misses were then read, and rules written
/// after them, which makes it a training corpus. Its last wrong claim
/// accepted (r24-048, a "cash flow conversion rate" the filing defines
/// otherwise, printed in a column its reader leaves undated) is refused
/// since 2026-12-06's sixth session: the ratio is held to the line its
/// operands' table prints.
#[test]
#[ignore = "reads six real HTML filings: slow in a debug build; run with --ignored"]
fn the_twenty_fourth_red_team_on_html_notes_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam24.jsonl",
        &dir,
        (78, 79),
        (0, 16),
        false,
    );
}

/// The twenty-fifth red team (2026-12-06; tests/adversarial/README.md): 77
/// wrong and 78 correct claims over ten SEC HTML filings, a probe of the
/// session's rules (segments in columns and rows, countries and regions,
/// one fact printed twice, rows of one label, spans said above a table,
/// margins over a segment's and the company's lines, quotes of a table's
/// heading, percentage columns), written without reading tickmark's rules
/// or running it. Held out for one run on 9a8cc79 (1 wrong accepted, 26
/// correct refused; 2 and 47 on the session's starting commit 1f38fef);
/// its false accept (a segment's margin claimed as the company's) was then
/// read and fixed, which makes it a training corpus.
#[test]
#[ignore = "reads ten real HTML filings: slow in a debug build; run with --ignored"]
fn the_twenty_fifth_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam25.jsonl",
        &dir,
        (77, 78),
        (0, 22),
        false,
    );
}

/// The twenty-sixth red team (2026-12-06, fourth session; tests/
/// adversarial/README.md): 64 wrong and 64 correct claims over eight SEC
/// HTML filings (cash flow statements, balance sheets, EPS, tax, debt and
/// lease notes, stock compensation, repurchases, segment notes), written
/// by an outside reviewer who read no tickmark source or rule and ran only
/// `extract`. Held out for one run on 04f32e5 (the session's start in
/// behaviour): 2 wrong accepted, 32 correct refused; its two false
/// accepts (sign errors) were then read and fixed, which makes it a
/// training corpus.
#[test]
#[ignore = "reads eight real HTML filings: slow in a debug build; run with --ignored"]
fn the_twenty_sixth_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam26.jsonl",
        &dir,
        (64, 64),
        (0, 26),
        false,
    );
}

/// The same red team's claims over three FinanceBench PDFs (JPMorgan's
/// first-quarter 2021 10-Q, Kraft Heinz's 2019 10-K, Foot Locker's 8-K of
/// its shareholders' votes): 18 wrong and 16 correct. Held out for one
/// run: 1 wrong accepted (a reserve release claimed as an expense, now
/// caught), 15 correct refused.
#[test]
#[ignore = "reads real PDFs: slow in a debug build; run with --ignored"]
fn the_twenty_sixth_red_team_on_pdf_filings_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam26pdf.jsonl",
        &pdfs,
        (18, 16),
        (0, 13),
        false,
    );
}

/// The twenty-seventh red team (2026-12-06, fifth session; tests/
/// adversarial/README.md): 65 wrong and 63 correct claims over five SEC
/// HTML filings (Netflix's, Apple's and NVIDIA's 10-Qs, Tesla's 10-K,
/// Union Pacific's 10-Q), written by an outside reviewer who read no
/// tickmark source or rule and ran only `extract`. Held out for one run on
/// 94d8dcd (the session's start): 2 wrong accepted, 19 correct refused;
/// its two false accepts (a current portion claimed as the total, a tax
/// benefit claimed as an expense) were then read and fixed, which makes it
/// a training corpus.
#[test]
#[ignore = "reads five real HTML filings: slow in a debug build; run with --ignored"]
fn the_twenty_seventh_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam27.jsonl",
        &dir,
        (65, 63),
        (0, 12),
        false,
    );
}

/// The same red team's claims over five FinanceBench PDFs (3M's 2022,
/// AMD's 2015, Pfizer's 2021 and Corning's 2022 10-Ks, Amcor's 8-K): 25
/// wrong and 26 correct. Held out for one run: none wrong accepted, 10
/// correct refused; 7 since.
#[test]
#[ignore = "reads real PDFs: slow in a debug build; run with --ignored"]
fn the_twenty_seventh_red_team_on_pdf_filings_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam27pdf.jsonl",
        &pdfs,
        (25, 26),
        (0, 5),
        false,
    );
}

/// The twenty-eighth red team (2026-12-06, sixth session; tests/
/// adversarial/README.md): 67 wrong and 72 correct claims over five SEC
/// HTML filings (J&J's, Boeing's 10-Qs; Alphabet's, Meta's and Amazon's
/// 10-Ks), written by an outside reviewer who read no tickmark source or
/// rule and ran only `extract`. Held out for one run on 4a35b7d (the
/// session's start): none wrong accepted, 24 correct refused; its refusals
/// were then read (eleven of them "J&J" in the role), which makes it a
/// training corpus.
#[test]
#[ignore = "reads five real HTML filings: slow in a debug build; run with --ignored"]
fn the_twenty_eighth_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam28.jsonl",
        &dir,
        (67, 72),
        (0, 7),
        false,
    );
}

/// The same red team's claims over five FinanceBench PDFs (Verizon's 2022,
/// CVS Health's 2018, Netflix's 2017, American Water's 2021 and MGM
/// Resorts' 2022 10-Ks): 26 wrong and 29 correct. Held out for one run:
/// none wrong accepted, 7 correct refused; 6 since.
#[test]
#[ignore = "reads real PDFs: slow in a debug build; run with --ignored"]
fn the_twenty_eighth_red_team_on_pdf_filings_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam28pdf.jsonl",
        &pdfs,
        (26, 29),
        (0, 6),
        false,
    );
}

/// The twenty-ninth red team (2026-12-06, seventh session; tests/
/// adversarial/README.md): 75 wrong and 75 correct claims over five SEC
/// HTML filings (Apple's, Netflix's and NVIDIA's 10-Ks; Tesla's and Union
/// Pacific's 10-Qs), written by an outside reviewer who read no tickmark
/// source or rule and ran only `extract`. Held out for one run on 5bde139
/// (the session's start): 2 wrong accepted (Union Pacific's trailing
/// twelve months called a quarter, its conversion rate computed another
/// way), 15 correct refused; its misses were then read, which makes it a
/// training corpus.
#[test]
#[ignore = "reads five real HTML filings: slow in a debug build; run with --ignored"]
fn the_twenty_ninth_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam29.jsonl",
        &dir,
        (75, 75),
        (0, 11),
        false,
    );
}

/// The same red team's claims over five FinanceBench PDFs (Adobe's 2022
/// and Block's 2020 10-Ks, JPMorgan's and Pfizer's 2023 second-quarter
/// 10-Qs, Amcor's 2023 10-K): 32 wrong and 32 correct. Held out for one
/// run: none wrong accepted, 16 correct refused; 10 since.
#[test]
#[ignore = "reads real PDFs: slow in a debug build; run with --ignored"]
fn the_twenty_ninth_red_team_on_pdf_filings_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam29pdf.jsonl",
        &pdfs,
        (32, 32),
        (0, 9),
        false,
    );
}

/// The thirtieth red team (2026-12-06, eighth session; tests/adversarial/
/// README.md): 75 wrong and 75 correct claims over five SEC HTML filings
/// (Johnson & Johnson's, Boeing's and NVIDIA's 2025 10-Qs; Alphabet's and
/// Meta's 10-Ks), written by an outside reviewer who read no tickmark
/// source or rule and ran only `extract`. Held out for one run on 216bb29
/// (the session's start): none wrong accepted, 22 correct refused; its
/// misses were then read, which makes it a training corpus.
#[test]
#[ignore = "reads five real HTML filings: slow in a debug build; run with --ignored"]
fn the_thirtieth_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam30.jsonl",
        &dir,
        (75, 75),
        (0, 15),
        false,
    );
}

/// The same red team's claims over five FinanceBench PDFs (Corning's 2021,
/// CVS Health's 2022, Kraft Heinz's 2019 and Verizon's 2021 10-Ks, MGM
/// Resorts' 2023 second-quarter 10-Q): 32 wrong and 32 correct. Held out
/// for one run: none wrong accepted, 20 correct refused; 14 since.
#[test]
#[ignore = "reads real PDFs: slow in a debug build; run with --ignored"]
fn the_thirtieth_red_team_on_pdf_filings_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam30pdf.jsonl",
        &pdfs,
        (32, 32),
        (0, 13),
        false,
    );
}

/// A thirty-first red team (2026-12-07): 75 wrong and 75 correct claims
/// over five SEC HTML filings (Apple's and Netflix's 2025 10-Qs, Tesla's
/// and Amazon's 10-Ks, Union Pacific's 2025 second-quarter 10-Q), written
/// by an outside reviewer who read no tickmark source or rule and ran only
/// `extract`. Held out for one run on e15089d (the session's start): none
/// wrong accepted, 16 correct refused; its misses were then read, which
/// makes it a training corpus.
#[test]
#[ignore = "reads five real HTML filings: slow in a debug build; run with --ignored"]
fn the_thirty_first_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam31.jsonl",
        &dir,
        (75, 75),
        (0, 7),
        false,
    );
}

/// The same red team's claims over five FinanceBench PDFs (Adobe's 2017,
/// 3M's 2022, AMD's 2015, Pfizer's 2021 and American Water Works' 2021
/// 10-Ks): 32 wrong and 32 correct. Held out for one run: none wrong
/// accepted, 8 correct refused; 4 since.
#[test]
#[ignore = "reads real PDFs: slow in a debug build; run with --ignored"]
fn the_thirty_first_red_team_on_pdf_filings_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam31pdf.jsonl",
        &pdfs,
        (32, 32),
        (0, 4),
        false,
    );
}

/// A thirty-second red team (2026-12-07): 75 wrong and 75 correct claims
/// over five SEC HTML filings (Alphabet's, NVIDIA's and Meta's 10-Ks,
/// Johnson & Johnson's and Boeing's 2025 10-Qs), written by an outside
/// reviewer who read no tickmark source or rule and ran only `extract`.
/// Held out for one run on 6faa2c8 (the session's start): none wrong
/// accepted, 24 correct refused; its misses were then read, which makes it
/// a training corpus.
#[test]
#[ignore = "reads five real HTML filings: slow in a debug build; run with --ignored"]
fn the_thirty_second_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam32.jsonl",
        &dir,
        (75, 75),
        (0, 19),
        false,
    );
}

/// The same red team's claims over five FinanceBench PDFs (3M's 2018,
/// Adobe's 2016, Corning's 2020 and MGM Resorts' 2020 10-Ks, JPMorgan's
/// 2022 second-quarter 10-Q): 32 wrong and 32 correct. Held out for one
/// run: none wrong accepted, 17 correct refused; 16 since.
#[test]
#[ignore = "reads real PDFs: slow in a debug build; run with --ignored"]
fn the_thirty_second_red_team_on_pdf_filings_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam32pdf.jsonl",
        &pdfs,
        (32, 32),
        (0, 15),
        false,
    );
}

/// A thirty-third red team (2026-12-07, third session): 75 wrong and 75
/// correct claims over five SEC HTML filings (Apple's, Netflix's, Tesla's
/// and Union Pacific's 2025 10-Qs, Amazon's 10-K), written by an outside
/// reviewer who read no tickmark source or rule and ran only `extract`.
/// Held out for one run on d20fd48 (the session's start): one wrong
/// accepted (a percentage change printed without "%" read as $15
/// million), 15 correct refused; its misses were then read, which makes it
/// a training corpus.
#[test]
#[ignore = "reads five real HTML filings: slow in a debug build; run with --ignored"]
fn the_thirty_third_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam33.jsonl",
        &dir,
        (75, 75),
        (0, 11),
        false,
    );
}

/// The same red team's claims over five FinanceBench PDFs (AMD's 2015,
/// American Water Works' 2021, Block's 2020, CVS Health's 2022 and
/// Verizon's 2021 10-Ks): 31 wrong and 33 correct. Held out for one run:
/// one wrong accepted (connections per account read as millions), 10
/// correct refused; 8 since.
#[test]
#[ignore = "reads real PDFs: slow in a debug build; run with --ignored"]
fn the_thirty_third_red_team_on_pdf_filings_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam33pdf.jsonl",
        &pdfs,
        (31, 33),
        (0, 8),
        false,
    );
}

/// A thirty-fourth red team (2026-12-07, fourth session): 75 wrong and 75
/// correct claims over four SEC HTML filings (Apple's, Netflix's and
/// Tesla's 10-Ks, NVIDIA's 2025 10-Q), written by an outside reviewer who
/// read no tickmark source or rule and ran only `extract`. Held out for one
/// run on d8155da (the session's start): two wrong accepted (a margin over
/// a segment's operating income, a rate per membership read in
/// thousands), 26 correct refused; its misses were then read, which makes
/// it a training corpus.
#[test]
#[ignore = "reads four real HTML filings: slow in a debug build; run with --ignored"]
fn the_thirty_fourth_red_team_on_html_filings_holds_its_documented_figures() {
    let Some(dir) = sec_ixbrl() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam34.jsonl",
        &dir,
        (75, 75),
        (0, 22),
        false,
    );
}

/// The same red team's claims over five FinanceBench PDFs (Adobe's, 3M's
/// and Corning's 2022, Pfizer's 2021 and Kraft Heinz's 2019 10-Ks): 32
/// wrong and 32 correct. Held out for one run: one wrong accepted (3M's
/// common stock line read as a per-share par value), 12 correct refused;
/// 9 since.
#[test]
#[ignore = "reads real PDFs: slow in a debug build; run with --ignored"]
fn the_thirty_fourth_red_team_on_pdf_filings_holds_its_documented_figures() {
    let Some(pdfs) = financebench_pdfs() else {
        return;
    };
    holds_figures_over(
        "tests/adversarial/redteam34pdf.jsonl",
        &pdfs,
        (32, 32),
        (0, 9),
        false,
    );
}
