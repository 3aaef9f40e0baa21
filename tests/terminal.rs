//! Human output meets a terminal (issue 17, items 4, 5 and 11): fitted to
//! `COLUMNS` (no line wider, measured in display columns), words never
//! broken, long labels cut with "…", full lines in a pipe; `--color`
//! against `NO_COLOR`, `CLICOLOR_FORCE` and pipes; and `verify` showing only
//! what needs attention (`--quiet`, `--verbose`, `--only`).

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::PathBuf;

use assert_cmd::Command;
use unicode_width::UnicodeWidthStr;

/// The command with none of the environment that changes its human output.
fn tickmark() -> Command {
    let mut cmd = Command::cargo_bin("tickmark").unwrap();
    for var in ["COLUMNS", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE"] {
        cmd.env_remove(var);
    }
    cmd
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(cmd: &mut Command) -> Run {
    let output = cmd.output().unwrap();
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn at_width(columns: usize, args: &[&str]) -> Run {
    run(tickmark().env("COLUMNS", columns.to_string()).args(args))
}

/// Every source in samples/ that extract reads.
fn sample_sources() -> Vec<PathBuf> {
    let mut sources: Vec<PathBuf> = std::fs::read_dir("samples")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension()
                .is_some_and(|e| ["xlsx", "csv", "pdf"].contains(&e.to_str().unwrap()))
        })
        .collect();
    sources.sort();
    assert!(sources.len() >= 17, "{sources:?}");
    sources
}

/// Every answers file in samples/answers (not the expected reports).
fn sample_answers() -> Vec<PathBuf> {
    let mut answers: Vec<PathBuf> = std::fs::read_dir("samples/answers")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_str().unwrap();
            (name.ends_with(".json") && !name.ends_with(".expected.json"))
                || name.ends_with(".jsonl") && name != "store.jsonl"
        })
        .collect();
    answers.sort();
    assert!(answers.len() >= 5, "{answers:?}");
    answers
}

/// `verify` of `answers` in the human format, every line shown; source ids
/// read from samples/ (batch.jsonl names its sources relative to samples/,
/// the other files relative to themselves, which is the same files).
fn verify_args(answers: &std::path::Path) -> Vec<String> {
    let mut args: Vec<String> = [
        "verify",
        "--format",
        "human",
        "--verbose",
        "--store",
        "samples/answers/store.jsonl",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for source in sample_sources() {
        let id = source.file_name().unwrap().to_str().unwrap();
        args.push("--source".into());
        args.push(format!("{id}={}", source.display()));
    }
    args.push("--source".into());
    args.push("locked.xlsx=samples/answers/locked.xlsx".into());
    args.push("--trace".into());
    args.push(answers.display().to_string());
    args
}

/// The widest line, in display columns.
fn widest(text: &str) -> (usize, &str) {
    text.lines()
        .map(|l| (l.width(), l))
        .max_by_key(|(w, _)| *w)
        .unwrap_or((0, ""))
}

/// The human outputs of the bundled samples at `columns`: extract of every
/// source, verify of every answers file, and a quick eval.
fn human_outputs(columns: usize) -> Vec<(String, String)> {
    let mut outputs = Vec::new();
    for source in sample_sources() {
        let source = source.display().to_string();
        let r = at_width(columns, &["extract", &source]);
        assert_eq!(r.code, Some(0), "{source}: {}", r.stderr);
        outputs.push((format!("extract {source}"), r.stdout));
    }
    for answers in sample_answers() {
        let args = verify_args(&answers);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = at_width(columns, &args);
        assert!(matches!(r.code, Some(0 | 1)), "{args:?}: {}", r.stderr);
        outputs.push((format!("verify {}", answers.display()), r.stdout));
    }
    let r = at_width(columns, &["eval", "--per-class", "5", "--format", "human"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    outputs.push(("eval".to_string(), r.stdout));
    for (what, text) in &outputs {
        assert!(text.lines().count() > 3, "{what}: {text}");
    }
    outputs
}

// Item 4: the width.

#[test]
fn at_80_columns_no_line_of_human_output_is_wider_than_80() {
    for (what, text) in human_outputs(80) {
        let (width, line) = widest(&text);
        assert!(width <= 80, "{what}: a line of {width} columns:\n{line}");
    }
}

#[test]
fn at_200_columns_the_tables_use_the_width() {
    let mut wide = 0;
    for (what, text) in human_outputs(200) {
        let (width, line) = widest(&text);
        assert!(width <= 200, "{what}: a line of {width} columns:\n{line}");
        if what.starts_with("extract") {
            // Every column shown, none left out.
            assert!(!text.contains("leaves out"), "{what}: {text}");
            assert!(
                text.lines()
                    .any(|l| l.contains("section") && l.contains("base value")),
                "{what}: {text}"
            );
            if width > 150 {
                wide += 1;
            }
        }
    }
    assert!(
        wide >= 10,
        "only {wide} extract tables wider than 150 columns"
    );
}

#[test]
fn a_narrow_terminal_cuts_labels_with_an_ellipsis_and_says_which_columns_it_left_out() {
    let r = at_width(80, &["extract", "samples/acme.xlsx"]);
    assert!(
        r.stdout
            .lines()
            .any(|l| l.contains("Selling, general") && l.contains('…')),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("note: at 80 columns the table leaves out column, section, base value"),
        "{}",
        r.stdout
    );
    let header = r
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("cell"))
        .unwrap();
    assert!(!header.contains("section"), "{header}");
    // Near miss: at 120 columns only the column label is left out.
    let r = at_width(120, &["extract", "samples/acme.xlsx"]);
    assert!(
        r.stdout.contains("table leaves out column;"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_pipe_gets_full_labels_and_unwrapped_messages() {
    let r = run(tickmark().args(["extract", "samples/acme.xlsx"]));
    assert!(!r.stdout.contains('…'), "{}", r.stdout);
    assert!(
        r.stdout.contains("SellingGeneralAndAdministrativeExpense"),
        "{}",
        r.stdout
    );
    let r = run(tickmark().args([
        "verify",
        "--format",
        "human",
        "--trace",
        "samples/answers/acme.json",
    ]));
    assert!(
        r.stdout.lines().any(|l| l
            == "  the claim states $490 million, but acme.xlsx#IS!B11 holds 588 million (588,000,000)"),
        "{}",
        r.stdout
    );
}

#[test]
fn messages_wrap_between_words_with_indented_continuations() {
    let args = [
        "verify",
        "--format",
        "human",
        "--trace",
        "samples/answers/acme.json",
    ];
    let full = run(tickmark().args(args)).stdout;
    let narrow = at_width(60, &args).stdout;
    // The same words in the same order: nothing broken inside a word.
    // (Excerpt lines are fitted, not wrapped: fewer columns, cut labels.)
    let excerpt = regex::Regex::new(r"^\s+(\d+ )?\|").unwrap();
    let words = |t: &str| {
        t.lines()
            .filter(|l| !excerpt.is_match(l))
            .flat_map(str::split_whitespace)
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(words(&full), words(&narrow));
    assert!(narrow.lines().count() > full.lines().count());
    assert!(widest(&narrow).0 <= 60, "{narrow}");
    // A message's continuation lines hang under it.
    let message: Vec<&str> = narrow
        .lines()
        .skip_while(|l| !l.starts_with("  the claim states $490 million"))
        .take(2)
        .collect();
    assert!(
        message[1].starts_with("    ") && !message[1].starts_with("     "),
        "{message:?}"
    );
}

#[test]
fn a_long_note_continues_under_its_text_as_rustc_aligns_it() {
    let dir = tempfile::tempdir().unwrap();
    let id = "an answer id long enough that its note cannot fit on one line of sixty columns";
    std::fs::write(
        dir.path().join("answer.json"),
        format!(
            r#"{{"id": "{id}", "sources": [{{"id": "acme.xlsx", "path": "no/such.xlsx"}}],
               "claims": [{{"id": "k1", "value": "$4.2 billion", "role": "Revenue", "cites": ["acme.xlsx#IS!B7"]}}]}}"#
        ),
    )
    .unwrap();
    let answer = dir.path().join("answer.json").display().to_string();
    let r = at_width(60, &["verify", "--format", "human", "--trace", &answer]);
    assert_eq!(r.code, Some(2), "{}", r.stdout);
    let lines: Vec<&str> = r
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("  = note: answer"))
        .collect();
    assert!(lines.len() >= 2, "{}", r.stdout);
    assert!(
        lines[1].starts_with("          ") && !lines[1].starts_with("           "),
        "continuation under the note's text: {lines:?}"
    );
}

// Item 5: colour.

fn has_escapes(text: &str) -> bool {
    text.contains("\u{1b}[")
}

const VERIFY: [&str; 5] = [
    "verify",
    "--format",
    "human",
    "--trace",
    "samples/answers/acme.json",
];

#[test]
fn color_always_paints_routes_like_compiler_diagnostics() {
    let r = run(tickmark().args(["--color", "always"]).args(VERIFY));
    assert!(has_escapes(&r.stdout), "{}", r.stdout);
    // reanswer red bold, recite yellow bold, the arrow blue, help cyan.
    assert!(
        r.stdout
            .contains("\u{1b}[1m\u{1b}[31mreanswer[value_mismatch]"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("\u{1b}[1m\u{1b}[33mrecite[same_number_swap]"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("\u{1b}[1m\u{1b}[34m-->"), "{}", r.stdout);
    assert!(r.stdout.contains("\u{1b}[1m\u{1b}[36mhelp"), "{}", r.stdout);
    let r = run(tickmark().args(["extract", "samples/acme.xlsx", "--color", "always"]));
    assert!(has_escapes(&r.stdout), "{}", r.stdout);
}

#[test]
fn never_no_color_and_a_pipe_give_no_escapes() {
    let never = run(tickmark().args(["--color", "never"]).args(VERIFY));
    let piped = run(tickmark().args(VERIFY));
    let no_color = run(tickmark().env("NO_COLOR", "1").args(VERIFY));
    for (what, r) in [
        ("never", &never),
        ("piped auto", &piped),
        ("NO_COLOR", &no_color),
    ] {
        assert!(!r.stdout.is_empty(), "{what}");
        assert!(!has_escapes(&r.stdout), "{what}: {}", r.stdout);
    }
    assert_eq!(never.stdout, piped.stdout);
    // Near misses: --color always wins over NO_COLOR; CLICOLOR_FORCE colours a
    // pipe; an empty NO_COLOR is not set.
    let always = run(tickmark()
        .env("NO_COLOR", "1")
        .args(["--color", "always"])
        .args(VERIFY));
    assert!(has_escapes(&always.stdout));
    let forced = run(tickmark().env("CLICOLOR_FORCE", "1").args(VERIFY));
    assert!(has_escapes(&forced.stdout));
    let empty = run(tickmark()
        .env("NO_COLOR", "")
        .env("CLICOLOR_FORCE", "1")
        .args(VERIFY));
    assert!(has_escapes(&empty.stdout));
    // JSON is never painted.
    let json = run(tickmark().args([
        "--color",
        "always",
        "verify",
        "--format",
        "json",
        "--trace",
        "samples/answers/acme.json",
    ]));
    assert!(!has_escapes(&json.stdout));
    serde_json::from_str::<serde_json::Value>(&json.stdout).unwrap();
}

#[test]
fn color_is_a_flag_of_every_subcommand_and_checks_its_value() {
    for args in [
        &["extract", "--color", "never", "samples/dunmore_kpi.csv"][..],
        &["eval", "--color", "never", "--per-class", "1"][..],
        &[
            "batch",
            "--color",
            "never",
            "--traces",
            "-",
            "--sources",
            "samples",
        ][..],
    ] {
        let r = run(tickmark().args(args).write_stdin(""));
        assert!(
            !r.stderr.contains("unexpected argument"),
            "{args:?}: {}",
            r.stderr
        );
    }
    let r = run(tickmark().args(["--color", "sometimes"]).args(VERIFY));
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("[possible values: auto, always, never]"),
        "{}",
        r.stderr
    );
    // clap's own usage errors follow the flag too.
    let bad = ["--only", "bogus"];
    let always = run(tickmark().args(VERIFY).args(bad).arg("--color=always"));
    assert!(has_escapes(&always.stderr), "{}", always.stderr);
    let never = run(tickmark()
        .env("CLICOLOR_FORCE", "1")
        .args(VERIFY)
        .args(bad)
        .args(["--color", "never"]));
    assert!(!has_escapes(&never.stderr), "{}", never.stderr);
    assert_eq!(never.code, Some(2));
}

// Item 11: only what needs attention.

#[test]
fn accepted_answers_are_counted_not_listed_unless_asked() {
    let r = run(tickmark().args(VERIFY));
    assert!(!r.stdout.contains("acme-clean"), "{}", r.stdout);
    assert!(r.stdout.contains("acme-swap: recite ("), "{}", r.stdout);
    let summary = r.stdout.lines().last().unwrap();
    assert!(summary.contains(" accept"), "{summary}");
    // --verbose lists it; so does --only accept, without the blocks.
    let verbose = run(tickmark().args(VERIFY).arg("--verbose"));
    assert!(
        verbose.stdout.contains("acme-clean: accept ("),
        "{}",
        verbose.stdout
    );
    let only = run(tickmark().args(VERIFY).args(["--only", "accept"]));
    assert!(
        only.stdout.contains("acme-clean: accept ("),
        "{}",
        only.stdout
    );
    assert!(!only.stdout.contains("recite["), "{}", only.stdout);
    assert_eq!(only.code, r.code);
}

#[test]
fn quiet_prints_the_summary_only_and_keeps_the_exit_code() {
    let all = run(tickmark().args(VERIFY));
    let quiet = run(tickmark().args(VERIFY).arg("--quiet"));
    assert_eq!(quiet.code, all.code);
    assert_eq!(quiet.code, Some(1));
    assert_eq!(quiet.stdout.lines().count(), 1, "{}", quiet.stdout);
    assert_eq!(quiet.stdout.lines().last(), all.stdout.lines().last());
    // Input errors still show: they are why the exit code is 2.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.json"), "{\"id\": \"x\", \"claims\": 3}").unwrap();
    let answer = dir.path().join("a.json").display().to_string();
    let r = run(tickmark().args(["verify", "--format", "human", "-q", "--trace", &answer]));
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.contains("error[malformed]"), "{}", r.stdout);
    // --quiet and --verbose contradict each other.
    let r = run(tickmark().args(VERIFY).args(["--quiet", "--verbose"]));
    assert_eq!(r.code, Some(2));
}

#[test]
fn only_filters_the_blocks_by_route() {
    let r = run(tickmark().args(VERIFY).args(["--only", "reanswer"]));
    assert!(
        r.stdout
            .contains("reanswer[value_mismatch]: acme-wrong › k1"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("recite["), "{}", r.stdout);
    assert!(!r.stdout.contains("review["), "{}", r.stdout);
    let both = run(tickmark().args(VERIFY).args(["--only", "reanswer,recite"]));
    assert!(
        both.stdout.contains("recite[same_number_swap]"),
        "{}",
        both.stdout
    );
    assert!(
        both.stdout.contains("reanswer[value_mismatch]"),
        "{}",
        both.stdout
    );
    // The summary still counts every claim.
    assert_eq!(r.stdout.lines().last(), both.stdout.lines().last());
}

#[test]
fn an_unknown_route_in_only_is_a_usage_error_naming_the_routes() {
    let r = run(tickmark().args(VERIFY).args(["--only", "reanswer,rewiew"]));
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("rewiew"), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("[possible values: accept, recite, review, reanswer]"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty());
}

#[test]
fn batch_fits_its_summary_on_standard_error_and_keeps_its_records_whole() {
    let args = [
        "batch",
        "--traces",
        "samples/answers/batch.jsonl",
        "--sources",
        "samples",
        "--store",
        "samples/answers/store.jsonl",
    ];
    let narrow = at_width(60, &args);
    let piped = run(tickmark().args(args));
    assert_eq!(narrow.code, piped.code);
    assert!(widest(&narrow.stderr).0 <= 60, "{}", narrow.stderr);
    assert!(
        narrow.stderr.lines().count() > piped.stderr.lines().count(),
        "{}",
        narrow.stderr
    );
    // The records are data: the same bytes at any width.
    assert_eq!(narrow.stdout, piped.stdout);
    assert!(
        piped
            .stderr
            .lines()
            .any(|l| l.starts_with("findings: ") && l.contains("formula_mismatch"))
    );
}

#[test]
fn help_fits_the_width_too() {
    for command in ["extract", "verify", "batch", "eval"] {
        let r = at_width(80, &[command, "--help"]);
        assert_eq!(r.code, Some(0));
        let (width, line) = widest(&r.stdout);
        assert!(width <= 80, "{command} --help: {width} columns:\n{line}");
        assert!(
            r.stdout.contains("--color <WHEN>"),
            "{command}: {}",
            r.stdout
        );
    }
}
