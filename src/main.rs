//! The `tickmark` command line: a thin front end over the library. Parses
//! flags, calls the library, picks a writer, maps outcomes to exit codes
//! (0 all good, 1 some claim not accepted, 2 usage or unreadable input).

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use rust_decimal::Decimal;
use tickmark::answer::read_answers_within;

/// mimalloc instead of the system allocator: checking a claim makes many
/// small short-lived allocations, and batch throughput rises with it
/// (docs/performance.md, "Allocator").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use tickmark::batch;
use tickmark::check::resolve::Store;
use tickmark::check::support::{DEFAULT_ACCEPT_AT, Judge};
use tickmark::check::{Check, CheckSet, Route};
use tickmark::judge::{self, JudgeConfig};
use tickmark::read::pdf::PdfLimits;
use tickmark::report::extract::{self, ExtractFormat};
use tickmark::report::term::{ColorChoice, Term, style};
use tickmark::report::verify::{self as verify_report, Human, Show, Summary};
use tickmark::{
    AnswerReport, ReadOptions, SourceCache, Verifier, VerifyOptions, Vocab, load_source,
};

#[derive(Parser)]
#[command(
    name = "tickmark",
    version,
    about = "Checks the numbers an answer cites from a financial report"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Colour the human output: auto colours a terminal unless NO_COLOR is
    /// set (CLICOLOR_FORCE colours a pipe too).
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorArg::Auto)]
    color: ColorArg,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

impl From<ColorArg> for ColorChoice {
    fn from(arg: ColorArg) -> ColorChoice {
        match arg {
            ColorArg::Auto => ColorChoice::Auto,
            ColorArg::Always => ColorChoice::Always,
            ColorArg::Never => ColorChoice::Never,
        }
    }
}

/// What human `verify` output shows (flags shared by name with the docs).
#[derive(Args)]
struct ShowArgs {
    /// Human format: print only the summary (and input errors).
    #[arg(long, short, conflicts_with_all = ["verbose", "only"])]
    quiet: bool,
    /// Human format: also print a line for every accepted answer.
    #[arg(long, short, conflicts_with = "only")]
    verbose: bool,
    /// Human format: print only the diagnostics and answers of these routes
    /// (comma-separated; accept lists the accepted answers).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "ROUTE,...")]
    only: Vec<RouteArg>,
}

impl ShowArgs {
    fn show(&self) -> Show {
        if self.quiet {
            Show::Quiet
        } else if self.verbose {
            Show::Verbose
        } else if !self.only.is_empty() {
            Show::Only(self.only.iter().map(|r| r.route()).collect())
        } else {
            Show::Attention
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RouteArg {
    Accept,
    Recite,
    Review,
    Reanswer,
}

impl RouteArg {
    fn route(self) -> Route {
        match self {
            RouteArg::Accept => Route::Accept,
            RouteArg::Recite => Route::Recite,
            RouteArg::Review => Route::Review,
            RouteArg::Reanswer => Route::Reanswer,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Read sources into labeled cells and print them.
    Extract {
        /// Source files: .xlsx, .xlsm, .xlsb, .xls, .ods, .csv, .tsv, .pdf, .htm, .html, .xhtml;
        /// or a reference into one (acme.xlsx#IS, acme.xlsx#IS!B7, report.pdf#p3t1) for that part only.
        #[arg(required = true, value_name = "SOURCE")]
        sources: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Extra concept vocabulary (same format as the built-in concepts.toml).
        #[arg(long, value_name = "FILE")]
        vocab: Vec<PathBuf>,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Check every cited number of answers or calculation traces.
    Verify {
        /// Answers: a JSON object, a JSON array, or JSON Lines; `-` reads standard
        /// input (source paths then resolve against the current folder).
        #[arg(long, value_name = "FILE")]
        trace: PathBuf,
        /// The folder the answers' source paths are relative to (default: the trace file's).
        #[arg(long, value_name = "DIR")]
        sources: Option<PathBuf>,
        #[command(flatten)]
        source: SourceArgs,
        /// Output format (human on a terminal, json otherwise).
        #[arg(long, value_enum)]
        format: Option<VerifyFormatArg>,
        /// The largest answers file read, in MiB (batch streams larger ones).
        #[arg(long, value_name = "MIB", default_value_t = tickmark::answer::MAX_TRACE_BYTES >> 20)]
        max_trace_mb: u64,
        #[command(flatten)]
        show: ShowArgs,
        #[command(flatten)]
        check: CheckArgs,
        #[command(flatten)]
        read: ReadArgs,
        #[command(flatten)]
        judge: JudgeArgs,
    },

    /// Check a stream of answers (JSON Lines) in parallel: one output line per input line, in order.
    Batch {
        /// Answers, one JSON object per line; `-` reads standard input.
        #[arg(long, value_name = "FILE.jsonl")]
        traces: PathBuf,
        /// The folder the answers' source paths are relative to.
        #[arg(long, value_name = "DIR")]
        sources: PathBuf,
        #[command(flatten)]
        source: SourceArgs,
        /// Write the records here instead of standard output (`-`).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Worker threads (default: one per core).
        #[arg(long, value_name = "N", default_value_t = 0, hide_default_value = true)]
        jobs: usize,
        /// Output: a JSON line per input line, one JSON array, or only the summary (as JSON).
        #[arg(long, value_enum, default_value_t = BatchFormatArg::Jsonl)]
        format: BatchFormatArg,
        /// The longest input line read as an answer, in MiB; a longer one is an error record.
        #[arg(long, value_name = "MIB", default_value_t = batch::MAX_LINE_BYTES >> 20)]
        max_line_mb: usize,
        #[command(flatten)]
        check: CheckArgs,
        #[command(flatten)]
        read: ReadArgs,
        #[command(flatten)]
        judge: JudgeArgs,
    },
    /// Print a shell completion script: `tickmark completions bash > /etc/bash_completion.d/tickmark`.
    Completions {
        /// The shell to complete in.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) of tickmark or of one command: `tickmark man verify | man -l -`.
    Man {
        /// A command (extract, verify, batch, eval, ...); without one, tickmark's own page.
        command: Option<String>,
    },
    /// Measure what the checks catch: a seeded corpus of answers with known defects under four
    /// pipelines, or (with --external) the same-number swap study on real tables.
    Eval {
        /// Sources to build the corpus over (default: the four sample workbooks under samples/).
        #[arg(long, num_args = 1.., value_name = "PATH", conflicts_with = "external")]
        sources: Vec<String>,
        /// Answers per class.
        #[arg(long, value_name = "N", default_value_t = 50)]
        per_class: usize,
        /// The corpus's seed: the same seed gives the same corpus and numbers.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Run the external study instead, over this datasets folder
        /// (tatqa/…json, convfinqa/convfinqa_dev.json).
        #[arg(long, value_name = "DIR", conflicts_with_all = ["tags", "pdf_xbrl"])]
        external: Option<PathBuf>,
        /// Score the labeler against the inline-XBRL tags of the filings
        /// (.htm, .html, .xhtml) in this folder instead.
        #[arg(long, value_name = "DIR")]
        tags: Option<PathBuf>,
        /// Score a filing's PDF against the XBRL tags of the same filing
        /// instead: DIR holds the PDF, the instance (*.xml) and the
        /// presentation linkbase (*_pre.xml).
        #[arg(long, value_name = "DIR", conflicts_with = "sources")]
        pdf_xbrl: Option<PathBuf>,
        /// Verify FinanceBench's numeric answers as claims citing their
        /// evidence pages, and swapped claims, over DIR
        /// (financebench_open_source.jsonl and pdfs/).
        #[arg(long, value_name = "DIR", conflicts_with_all = ["sources", "external", "pdf_xbrl"])]
        financebench: Option<PathBuf>,
        /// With --pdf-xbrl: US-GAAP concept families (us_gaap_role_map.csv);
        /// default DIR/../../taxonomy/us_gaap_role_map.csv when present.
        #[arg(long, value_name = "FILE", requires = "pdf_xbrl")]
        concept_families: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = EvalFormat::Human)]
        format: EvalFormat,
        /// Also write the generated answers as JSON Lines (each with its "class").
        #[arg(long, value_name = "FILE", conflicts_with = "external")]
        write_corpus: Option<PathBuf>,
        /// Score a Financial_Report.xlsx against its filing's tags: the folder
        /// holds the workbook, FilingSummary.xml and the XBRL zip.
        #[arg(long, value_name = "DIR", conflicts_with = "external")]
        xbrl: Option<PathBuf>,
        /// Score corpora of claims written with their expected verdicts
        /// (`"expect": "accept" | "reject"`, `"kind"`, `"why"` on each claim);
        /// their source paths resolve under the one folder given with
        /// --sources (default: samples).
        #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with = "external")]
        claims: Vec<PathBuf>,
        /// Extra concept vocabulary.
        #[arg(long, value_name = "FILE")]
        vocab: Vec<PathBuf>,
        #[command(flatten)]
        read: ReadArgs,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum EvalFormat {
    Human,
    Json,
    Markdown,
}

/// Where sources are read from besides `--sources` (shared by `verify` and
/// `batch`, docs/batch.md "Input").
#[derive(Args)]
struct SourceArgs {
    /// Read source ID from PATH instead of from under --sources (repeatable).
    #[arg(long = "source", value_name = "ID=PATH")]
    overrides: Vec<String>,
}

impl SourceArgs {
    /// The `--source` overrides as (id, path).
    fn overrides(&self) -> anyhow::Result<Vec<(String, PathBuf)>> {
        self.overrides
            .iter()
            .map(|spec| match spec.split_once('=') {
                Some((id, path)) if !id.is_empty() && !path.is_empty() => {
                    Ok((id.to_string(), PathBuf::from(path)))
                }
                _ => bail!(
                    "--source {spec:?}: expected ID=PATH, such as acme.xlsx=data/acme-2024.xlsx"
                ),
            })
            .collect()
    }
}

/// What to check and how strictly (shared by `verify` and `batch`).
#[derive(Args)]
struct CheckArgs {
    /// Chunk ids that exist but may not be assembled: JSONL {"id", "ref"}.
    #[arg(long, value_name = "FILE")]
    store: Option<PathBuf>,
    /// The least route that makes the exit code 1.
    #[arg(long, value_enum, default_value_t = FailOn::Recite)]
    fail_on: FailOn,
    /// Run only these checks (comma-separated: resolve, quote, value, role, arithmetic, support).
    /// For measuring: every report says which checks did not run, and the exit code is 1 unless
    /// --allow-partial.
    #[arg(long, value_delimiter = ',', value_name = "CHECK,...")]
    checks: Vec<String>,
    /// Exit 0 when every claim was accepted by the checks that ran, though --checks left some out.
    #[arg(long)]
    allow_partial: bool,
    /// Extra concept vocabulary.
    #[arg(long, value_name = "FILE")]
    vocab: Vec<PathBuf>,
    /// The longest calculation text checked, in bytes; a longer one is an arithmetic_mismatch.
    #[arg(long, value_name = "BYTES", default_value_t = tickmark::answer::calc::MAX_LEN)]
    max_calc_bytes: usize,
    /// How far a stated amount may be from its cell, as a share of the cell's value, besides its
    /// written rounding ("$1 billion" does not hold $602 million): a percentage such as 5% or a
    /// fraction such as 0.05.
    #[arg(long, value_name = "SHARE", default_value = "5%", value_parser = parse_share)]
    tolerance: Decimal,
}

impl CheckArgs {
    /// The vocabulary, store and verify options these flags name.
    fn load(&self) -> anyhow::Result<(Vocab, Store, VerifyOptions)> {
        let vocab = load_vocab(&self.vocab)?;
        let store = match &self.store {
            Some(path) => Store::load(path)?,
            None => Store::default(),
        };
        let checks = if self.checks.is_empty() {
            CheckSet::ALL
        } else {
            let mut list = Vec::new();
            for name in &self.checks {
                let Some(check) = Check::from_name(name.trim()) else {
                    bail!(
                        "--checks: unknown check {name:?}; expected resolve, quote, value, role, arithmetic or support"
                    );
                };
                list.push(check);
            }
            CheckSet::of(&list)
        };
        let options = VerifyOptions {
            checks,
            max_calc_bytes: self.max_calc_bytes,
            tolerance: self.tolerance,
        };
        Ok((vocab, store, options))
    }

    fn threshold(&self) -> Route {
        match self.fail_on {
            FailOn::Reanswer => Route::Reanswer,
            FailOn::Review => Route::Review,
            FailOn::Recite => Route::Recite,
        }
    }
}

/// The support judge and its gate.
#[derive(Args, Clone)]
struct JudgeArgs {
    /// The support judge: none, command:PROG [ARGS] (one run per claim, JSON
    /// on stdin and stdout), process:PROG [ARGS] (one program per worker, a
    /// JSON line in and out per claim) or http:URL (an OpenAI-compatible
    /// endpoint).
    #[arg(long = "judge", value_name = "SPEC", default_value = "none")]
    spec: String,
    /// The judge's confidence at or above which its answer is taken; below
    /// it a person looks (below_gate).
    #[arg(long, value_name = "P", default_value_t = DEFAULT_ACCEPT_AT, value_parser = parse_probability,
          allow_negative_numbers = true)]
    accept_at: Decimal,
    /// Seconds one claim's judge run (a process judge's reply, one HTTP request) may take.
    #[arg(long = "judge-timeout", value_name = "SECONDS", default_value_t = 60,
          value_parser = parse_at_least_one)]
    timeout: u64,
    /// How often a failed HTTP request is tried again (transport errors, 429, 5xx).
    #[arg(long = "judge-retries", value_name = "N", default_value_t = 2)]
    retries: u32,
    /// The most HTTP judge requests in flight at once.
    #[arg(long = "judge-concurrency", value_name = "N", default_value_t = 4,
          value_parser = parse_at_least_one)]
    concurrency: u64,
    /// The model an HTTP judge asks for.
    #[arg(long = "judge-model", value_name = "NAME", default_value = "default")]
    model: String,
    /// The environment variable holding the HTTP judge's API key (sent as a bearer token).
    #[arg(long = "judge-key-env", value_name = "VAR")]
    key_env: Option<String>,
}

impl JudgeArgs {
    /// The judge these flags name, and its gate.
    fn judge(&self) -> anyhow::Result<(Box<dyn Judge>, Decimal)> {
        let config = JudgeConfig {
            timeout: std::time::Duration::from_secs(self.timeout),
            retries: self.retries,
            concurrency: usize::try_from(self.concurrency).unwrap_or(usize::MAX),
            model: self.model.clone(),
            key_env: self.key_env.clone(),
        };
        Ok((judge::from_spec(&self.spec, &config)?, self.accept_at))
    }
}

/// A whole number of at least 1.
fn parse_at_least_one(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "expected a whole number of at least 1, found {text:?}"
        )),
    }
}

/// A share from 0 to 100%: "5%" or "0.05".
fn parse_share(text: &str) -> Result<Decimal, String> {
    let trimmed = text.trim();
    let expected = || format!("expected a share such as 5% or 0.05, found {text:?}");
    let share = match trimmed.strip_suffix('%') {
        Some(percent) => percent
            .trim()
            .parse::<Decimal>()
            .map_err(|_| expected())?
            .checked_div(Decimal::ONE_HUNDRED)
            .ok_or_else(expected)?,
        None => trimmed.parse::<Decimal>().map_err(|_| expected())?,
    };
    if share < Decimal::ZERO || share > Decimal::ONE {
        return Err(expected());
    }
    Ok(share)
}

/// A probability in [0, 1], read as a decimal.
fn parse_probability(text: &str) -> Result<Decimal, String> {
    let p: Decimal = text
        .trim()
        .parse()
        .map_err(|_| format!("expected a number from 0 to 1, found {text:?}"))?;
    if p < Decimal::ZERO || p > Decimal::ONE {
        return Err(format!("expected a number from 0 to 1, found {text:?}"));
    }
    Ok(p)
}

/// Limits on reading sources (docs/robustness.md).
#[derive(Args, Clone, Copy)]
struct ReadArgs {
    /// Read at most this many pages of a PDF; later pages are reported as not read.
    #[arg(long, value_name = "N", default_value_t = PdfLimits::default().max_pages)]
    max_pages: u32,
    /// Seconds one source file may take to read: a PDF's later pages are reported as not read,
    /// another file is not read.
    #[arg(long, alias = "pdf-time-budget", value_name = "SECONDS",
          default_value_t = ReadOptions::default().time_budget.as_secs())]
    time_budget: u64,
    /// The most content one PDF page may run (its own and its forms'), in MiB.
    #[arg(long, value_name = "MIB", default_value_t = PdfLimits::default().max_content_bytes >> 20)]
    max_page_content_mb: u64,
    /// The largest source file read, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = ReadOptions::default().max_file_bytes >> 20)]
    max_file_mb: u64,
    /// The most a zipped workbook (xlsx, xlsb, ods) may unpack to, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = ReadOptions::default().max_unpacked_bytes >> 20)]
    max_unpacked_mb: u64,
    /// The most cells one sheet or csv may hold (each row counted up to its last used column).
    #[arg(long, value_name = "N", default_value_t = ReadOptions::default().max_cells)]
    max_cells: usize,
}

impl ReadArgs {
    fn options(self) -> ReadOptions {
        ReadOptions {
            pdf: PdfLimits {
                max_pages: self.max_pages,
                max_content_bytes: self.max_page_content_mb.saturating_mul(1 << 20),
                ..PdfLimits::default()
            },
            max_file_bytes: self.max_file_mb.saturating_mul(1 << 20),
            max_unpacked_bytes: self.max_unpacked_mb.saturating_mul(1 << 20),
            max_cells: self.max_cells,
            time_budget: std::time::Duration::from_secs(self.time_budget),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum VerifyFormatArg {
    Human,
    Json,
    Jsonl,
    Csv,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BatchFormatArg {
    Jsonl,
    Json,
    Summary,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FailOn {
    Reanswer,
    Review,
    Recite,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Human,
    Json,
    Jsonl,
    Csv,
}

/// The `--color` given, read before clap parses, so that clap's own help
/// and usage errors follow it too.
fn early_color() -> clap::ColorChoice {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = args
        .iter()
        .enumerate()
        .find_map(|(i, arg)| match arg.as_str() {
            "--" => Some(None),
            "--color" => Some(args.get(i + 1).cloned()),
            _ => arg.strip_prefix("--color=").map(|v| Some(v.to_string())),
        });
    match value.flatten().as_deref() {
        Some("always") => clap::ColorChoice::Always,
        Some("never") => clap::ColorChoice::Never,
        _ => clap::ColorChoice::Auto,
    }
}

fn main() -> ExitCode {
    use clap::FromArgMatches;
    let parsed = Cli::command()
        .color(early_color())
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let stderr = Term::stderr(cli.color.into());
    match run(cli) {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}: {e:#}", stderr.paint(style::ERROR, "error"));
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let color = ColorChoice::from(cli.color);
    match cli.command {
        Command::Completions { shell } => {
            let mut out = io::stdout().lock();
            clap_complete::generate(shell, &mut Cli::command(), "tickmark", &mut out);
            out.flush().context("writing the output")?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man { command } => man_command(command.as_deref()),
        Command::Extract {
            sources,
            format,
            vocab,
            read,
        } => extract_command(&sources, format, &vocab, read.options(), color),
        Command::Verify {
            trace,
            sources,
            source,
            format,
            max_trace_mb,
            show,
            check,
            read,
            judge,
        } => verify_command(VerifyArgs {
            trace: &trace,
            sources: sources.as_deref(),
            source: &source,
            format,
            human: Human {
                term: Term::stdout(color),
                show: show.show(),
            },
            max_trace_bytes: max_trace_mb.saturating_mul(1 << 20),
            check: &check,
            read: read.options(),
            judge: &judge,
        }),
        Command::Eval {
            external: Some(dir),
            format,
            vocab,
            ..
        } => external_command(&dir, format, &vocab, &Term::stdout(color)),
        Command::Eval {
            xbrl: Some(dir),
            format,
            vocab,
            ..
        } => xbrl_command(&dir, format, &vocab, &Term::stdout(color)),
        Command::Eval {
            tags: Some(dir),
            format,
            vocab,
            ..
        } => tags_command(&dir, format, &vocab, &Term::stdout(color)),
        Command::Eval {
            claims,
            sources,
            format,
            vocab,
            ..
        } if !claims.is_empty() => {
            claims_command(&claims, &sources, format, &vocab, &Term::stdout(color))
        }
        Command::Eval {
            financebench: Some(dir),
            format,
            vocab,
            read,
            ..
        } => financebench_command(&dir, format, &vocab, &read.options(), &Term::stdout(color)),
        Command::Eval {
            pdf_xbrl: Some(dir),
            concept_families,
            format,
            vocab,
            read,
            ..
        } => pdf_xbrl_command(
            &dir,
            concept_families.as_deref(),
            format,
            &vocab,
            &read.options(),
            &Term::stdout(color),
        ),
        Command::Eval {
            sources,
            per_class,
            seed,
            external: None,
            tags: None,
            pdf_xbrl: None,
            financebench: None,
            concept_families: _,
            format,
            write_corpus,
            vocab,
            read,
            ..
        } => eval_command(EvalArgs {
            sources: &sources,
            per_class,
            seed,
            format,
            write_corpus: write_corpus.as_deref(),
            vocab: &vocab,
            read: read.options(),
            term: Term::stdout(color),
        }),
        Command::Batch {
            traces,
            sources,
            source,
            out,
            jobs,
            format,
            max_line_mb,
            check,
            read,
            judge,
        } => batch_command(BatchArgs {
            max_line_bytes: max_line_mb.saturating_mul(1 << 20),
            traces: &traces,
            sources: &sources,
            source: &source,
            out: out.as_deref(),
            jobs,
            format,
            check: &check,
            read: read.options(),
            judge: &judge,
            color,
        }),
    }
}

/// `tickmark man [COMMAND]`: the man page of tickmark or of one command
/// (`tickmark-verify(1)`), rendered from the clap definitions.
fn man_command(name: Option<&str>) -> anyhow::Result<ExitCode> {
    let tickmark = Cli::command();
    let page = match name {
        None => clap_mangen::Man::new(tickmark),
        Some(name) => {
            let Some(command) = tickmark.find_subcommand(name) else {
                let names: Vec<&str> = tickmark
                    .get_subcommands()
                    .map(clap::Command::get_name)
                    .collect();
                bail!(
                    "man {name:?}: no such command; expected one of {}",
                    names.join(", ")
                );
            };
            let command = command
                .clone()
                .display_name(format!("tickmark-{name}"))
                .bin_name(format!("tickmark {name}"))
                .version(env!("CARGO_PKG_VERSION"));
            clap_mangen::Man::new(command).title(format!("tickmark-{name}"))
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    page.render(&mut out).context("writing the output")?;
    out.flush().context("writing the output")?;
    Ok(ExitCode::SUCCESS)
}

/// `tickmark eval --xbrl DIR`: a Financial_Report.xlsx scored against its
/// filing's tags. Exits 0 when the scoring ran; the figures are the output.
fn xbrl_command(
    dir: &Path,
    format: EvalFormat,
    vocab: &[PathBuf],
    term: &Term,
) -> anyhow::Result<ExitCode> {
    use tickmark::eval::xlsx_tags;
    let vocab = load_vocab(vocab)?;
    let report = xlsx_tags::score(dir, &vocab)?;
    print_eval(
        &report,
        format,
        term,
        || report.human(),
        || report.markdown(),
    )
}

/// `tickmark eval --financebench DIR`: FinanceBench's numeric answers as
/// page-cited claims and swapped claims; prints the counts and every claim.
fn financebench_command(
    dir: &Path,
    format: EvalFormat,
    vocab: &[PathBuf],
    options: &ReadOptions,
    term: &Term,
) -> anyhow::Result<ExitCode> {
    use tickmark::eval::financebench;
    let vocab = load_vocab(vocab)?;
    let report = financebench::run(dir, &vocab, options)?;
    print_eval(
        &report,
        format,
        term,
        || financebench::human(&report),
        || financebench::markdown(&report),
    )
}

/// `tickmark eval --claims FILE...`: scores corpora of claims with their
/// expected verdicts. Exits 1 when a wrong claim was accepted or a correct
/// one was not, so a corpus can gate a change.
fn claims_command(
    files: &[PathBuf],
    sources: &[String],
    format: EvalFormat,
    vocab: &[PathBuf],
    term: &Term,
) -> anyhow::Result<ExitCode> {
    use tickmark::eval::claims;
    let vocab = load_vocab(vocab)?;
    let folder = match sources {
        [] => PathBuf::from("samples"),
        [one] => PathBuf::from(one),
        _ => anyhow::bail!(
            "eval --claims: --sources takes one folder, found {}",
            sources.len()
        ),
    };
    let mut scores = Vec::new();
    for file in files {
        scores.push(claims::score(file, &folder, &vocab)?);
    }
    let text = match format {
        EvalFormat::Human => term.fit_lines(&claims::human(&scores)),
        EvalFormat::Markdown => claims::markdown(&scores),
        EvalFormat::Json => {
            /// The scores of the files, in an object that can carry `schema`.
            #[derive(serde::Serialize)]
            struct Files<'a, T: serde::Serialize> {
                files: &'a [T],
            }
            tickmark::report::versioned_json(&Files { files: &scores })?
        }
    };
    io::stdout().lock().write_all(text.as_bytes())?;
    let clean = scores.iter().all(|s| s.misses.is_empty());
    Ok(if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `tickmark eval --pdf-xbrl DIR`: scores the PDF in DIR against the tags
/// of the same filing and prints the figures and every failure. Exits 0
/// when the scorer ran; the figures are the output.
fn pdf_xbrl_command(
    dir: &Path,
    families: Option<&Path>,
    format: EvalFormat,
    vocab: &[PathBuf],
    options: &ReadOptions,
    term: &Term,
) -> anyhow::Result<ExitCode> {
    use tickmark::eval::{pdf_tags, tag_match::Families};
    let vocab = load_vocab(vocab)?;
    let inputs = pdf_tags::Inputs::find(dir)?;
    let default = dir.join("../../taxonomy/us_gaap_role_map.csv");
    let families = match families {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            Some(Families::from_csv(&text).with_context(|| {
                format!(
                    "{}: expected the columns us_gaap_concept and display_name",
                    path.display()
                )
            })?)
        }
        None => std::fs::read_to_string(&default)
            .ok()
            .and_then(|text| Families::from_csv(&text)),
    };
    let report = pdf_tags::run(&inputs, &vocab, options, families)?;
    print_eval(
        &report,
        format,
        term,
        || pdf_tags::human(&report),
        || pdf_tags::markdown(&report),
    )
}

/// Prints an eval report in its format: human (fitted to the terminal),
/// Markdown, or JSON with its schema. Exits 0: the figures are the output.
fn print_eval<R: serde::Serialize>(
    report: &R,
    format: EvalFormat,
    term: &Term,
    human: impl FnOnce() -> String,
    markdown: impl FnOnce() -> String,
) -> anyhow::Result<ExitCode> {
    let text = match format {
        EvalFormat::Human => term.fit_lines(&human()),
        EvalFormat::Markdown => markdown(),
        EvalFormat::Json => tickmark::report::versioned_json(report)?,
    };
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `tickmark eval --external DIR`: runs the external study and prints its
/// tables. Always exits 0 when the study ran; the figures are the output.
fn external_command(
    dir: &Path,
    format: EvalFormat,
    vocab: &[PathBuf],
    term: &Term,
) -> anyhow::Result<ExitCode> {
    use tickmark::eval::external;
    let vocab = load_vocab(vocab)?;
    let report = external::run(dir, &vocab)?;
    print_eval(
        &report,
        format,
        term,
        || external::human(&report),
        || external::markdown(&report),
    )
}

/// `tickmark eval --tags DIR`: the labeler's report card against the
/// inline-XBRL tags of the filings in DIR.
fn tags_command(
    dir: &Path,
    format: EvalFormat,
    vocab: &[PathBuf],
    term: &Term,
) -> anyhow::Result<ExitCode> {
    use tickmark::eval::tags;
    let vocab = load_vocab(vocab)?;
    let report = tags::run(dir, &vocab)?;
    print_eval(
        &report,
        format,
        term,
        || report.human(),
        || report.markdown(),
    )
}

struct VerifyArgs<'a> {
    trace: &'a Path,
    sources: Option<&'a Path>,
    source: &'a SourceArgs,
    format: Option<VerifyFormatArg>,
    human: Human,
    max_trace_bytes: u64,
    check: &'a CheckArgs,
    read: ReadOptions,
    judge: &'a JudgeArgs,
}

fn verify_command(args: VerifyArgs<'_>) -> anyhow::Result<ExitCode> {
    let (judge, accept_at) = args.judge.judge()?;
    let (vocab, store, options) = args.check.load()?;
    let overrides = args.source.overrides()?;
    let base_dir = match args.sources {
        Some(dir) if !dir.is_dir() => bail!(
            "--sources {}: not a folder; give the folder the answers' source paths are relative to",
            dir.display()
        ),
        Some(dir) => dir.to_path_buf(),
        None => args.trace.parent().unwrap_or(Path::new(".")).to_path_buf(),
    };
    let answers = read_answers_within(args.trace, args.max_trace_bytes)?;
    let format = args.format.unwrap_or(if io::stdout().is_terminal() {
        VerifyFormatArg::Human
    } else {
        VerifyFormatArg::Json
    });
    let verifier = Verifier::new(&vocab, &store, options).with_judge(judge.as_ref(), accept_at);
    let cache = SourceCache::new(overrides).with_options(args.read);
    let mut reports = Vec::with_capacity(answers.items.len());
    let mut summary = Summary::default();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for answer in answers.items {
        let report = match answer {
            Ok(answer) => verifier.verify(&answer, &cache, &base_dir),
            Err(e) => {
                let id =
                    e.id.clone()
                        .unwrap_or_else(|| format!("answer-{}", e.origin.index + 1));
                AnswerReport::malformed(id, e.to_string())
            }
        };
        summary.add(&report);
        match format {
            VerifyFormatArg::Jsonl => verify_report::write_jsonl(&mut out, &report)?,
            VerifyFormatArg::Human => {
                verify_report::write_human_for(&mut out, &report, &cache, &args.human)?
            }
            VerifyFormatArg::Json | VerifyFormatArg::Csv => {}
        }
        reports.push(report);
    }
    match format {
        VerifyFormatArg::Json => verify_report::write_json(&mut out, &reports, cache.reads())?,
        VerifyFormatArg::Csv => tickmark::report::verify_csv::write(&mut out, &reports)?,
        VerifyFormatArg::Human => {
            verify_report::write_summary(&mut out, &summary, &args.human.term)?
        }
        VerifyFormatArg::Jsonl => {}
    }
    out.flush().context("writing the output")?;
    let threshold = args.check.threshold();
    Ok(if summary.not_checked() > 0 {
        ExitCode::from(2)
    } else if reports.iter().any(|r| fails(r, threshold))
        || (!summary.checks_skipped.is_empty() && !args.check.allow_partial)
    {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Whether an answer's claims, or a finding about the whole answer, reach
/// the `--fail-on` route (routes are ordered accept < recite < review <
/// reanswer).
fn fails(report: &AnswerReport, threshold: Route) -> bool {
    report.claims.iter().any(|c| c.route >= threshold)
        || report.findings.iter().any(|f| f.route >= threshold)
}

fn load_vocab(files: &[PathBuf]) -> anyhow::Result<Vocab> {
    let mut vocab = Vocab::builtin();
    for file in files {
        vocab.extend_from_file(file)?;
    }
    Ok(vocab)
}

fn extract_command(
    sources: &[PathBuf],
    format: Format,
    vocab_files: &[PathBuf],
    options: ReadOptions,
    color: ColorChoice,
) -> anyhow::Result<ExitCode> {
    let vocab = load_vocab(vocab_files)?;
    let stderr = Term::stderr(color);
    let warning = stderr.paint(style::WARNING, "warning");
    let mut documents = Vec::new();
    let mut failed = false;
    for given in sources {
        let (path, narrow) = split_source_ref(given);
        let id = path.to_string_lossy();
        let loaded = match load_source(&path, &id, &vocab, &options) {
            Err(e) => Err(e.to_string()),
            Ok(doc) => match &narrow {
                None => Ok(doc),
                Some(reference) => doc.narrowed(reference).ok_or_else(|| {
                    let hint = tickmark::check::ref_hint::missing(&doc, reference);
                    format!("{} does not exist in {id}{hint}", given.display())
                }),
            },
        };
        match loaded {
            Ok(document) => {
                for text in &document.warnings {
                    eprintln!("{warning}: {}: {text}", document.id);
                }
                if format != Format::Human {
                    for table in &document.tables {
                        for text in &table.warnings {
                            eprintln!("{warning}: {}: {text}", table.reference);
                        }
                    }
                }
                documents.push(document);
            }
            Err(e) => {
                eprintln!("{}: {e}", stderr.paint(style::ERROR, "error"));
                failed = true;
            }
        }
    }
    let format = match format {
        Format::Human => ExtractFormat::Human,
        Format::Json => ExtractFormat::Json,
        Format::Jsonl => ExtractFormat::Jsonl,
        Format::Csv => ExtractFormat::Csv,
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    extract::write_for(&mut out, &documents, format, &Term::stdout(color))
        .context("writing the output")?;
    out.flush().context("writing the output")?;
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// `extract acme.xlsx#IS`: a path that is not a file but a reference into
/// one (`FILE#TABLE`, `FILE#TABLE!B7`, `FILE#p3`) is that file, narrowed to
/// what the reference names.
fn split_source_ref(path: &Path) -> (PathBuf, Option<tickmark::CellRef>) {
    if path.exists() {
        return (path.to_path_buf(), None);
    }
    let text = path.to_string_lossy();
    match tickmark::CellRef::parse(&text) {
        Ok(reference)
            if reference.target != tickmark::model::Target::Source
                && Path::new(&*reference.source).is_file() =>
        {
            (PathBuf::from(&*reference.source), Some(reference))
        }
        _ => (path.to_path_buf(), None),
    }
}

struct BatchArgs<'a> {
    max_line_bytes: usize,
    traces: &'a Path,
    sources: &'a Path,
    source: &'a SourceArgs,
    out: Option<&'a Path>,
    jobs: usize,
    format: BatchFormatArg,
    check: &'a CheckArgs,
    read: ReadOptions,
    judge: &'a JudgeArgs,
    color: ColorChoice,
}

/// The batch output's buffer: records are about 2 KB each, and a block of
/// them is written at once, so that a pipe or file gets few large writes.
const OUT_BUFFER: usize = 1 << 20;

fn batch_command(args: BatchArgs<'_>) -> anyhow::Result<ExitCode> {
    let (judge, accept_at) = args.judge.judge()?;
    let (vocab, store, options) = args.check.load()?;
    let overrides = args.source.overrides()?;
    if !args.sources.is_dir() {
        bail!(
            "--sources {}: not a folder; give the folder the answers' source paths are relative to",
            args.sources.display()
        );
    }
    let stdin_input = args.traces == Path::new("-");
    let (mut input, input_size): (Box<dyn io::BufRead>, Option<u64>) = if stdin_input {
        (Box::new(io::stdin().lock()), None)
    } else {
        let file = std::fs::File::open(args.traces)
            .with_context(|| format!("{}: cannot open the answers", args.traces.display()))?;
        let size = file.metadata().ok().map(|m| m.len());
        (Box::new(io::BufReader::with_capacity(1 << 16, file)), size)
    };
    // Writing the records over the answers would destroy them before they
    // are read.
    if let Some(out) = args.out
        && !stdin_input
        && let (Ok(a), Ok(b)) = (out.canonicalize(), args.traces.canonicalize())
        && a == b
    {
        bail!(
            "--out {}: that is the --traces file; write the records to another file",
            out.display()
        );
    }
    let mut out: Box<dyn Write> = match args.out {
        Some(path) if path != Path::new("-") => Box::new(io::BufWriter::with_capacity(
            OUT_BUFFER,
            std::fs::File::create(path)
                .with_context(|| format!("{}: cannot create the output", path.display()))?,
        )),
        _ => Box::new(io::BufWriter::with_capacity(
            OUT_BUFFER,
            io::stdout().lock(),
        )),
    };
    let verifier = Verifier::new(&vocab, &store, options).with_judge(judge.as_ref(), accept_at);
    let cache = SourceCache::new(overrides)
        .with_options(args.read)
        .confined();
    let input_name = args.traces.display().to_string();
    let job = batch::BatchJob {
        verifier: &verifier,
        cache: &cache,
        sources_dir: args.sources,
        input_name: &input_name,
        jobs: args.jobs,
        format: match args.format {
            BatchFormatArg::Jsonl => batch::BatchFormat::Jsonl,
            BatchFormatArg::Json => batch::BatchFormat::Json,
            BatchFormatArg::Summary => batch::BatchFormat::Summary,
        },
        max_line_bytes: args.max_line_bytes,
    };
    let bar = progress_bar(input_size);
    let result = batch::run(&mut input, &mut out, &job, &mut |p| {
        if let Some(bar) = &bar {
            let rate = p.claims as f64 / p.elapsed.as_secs_f64().max(1e-9);
            bar.set_message(format!("{} answers, {rate:.0} claims/s", p.lines));
            bar.set_position(if input_size.is_some() {
                p.bytes
            } else {
                p.lines
            });
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let summary = match result {
        Ok(summary) => summary,
        Err(batch::BatchError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
            return Ok(ExitCode::SUCCESS);
        }
        Err(e) => return Err(e.into()),
    };
    eprint!("{}", Term::stderr(args.color).fit_lines(&summary.text()));
    Ok(if summary.errors > 0 || summary.input_errors > 0 {
        ExitCode::from(2)
    } else if summary.worst_route >= args.check.threshold()
        || (!summary.checks_skipped.is_empty() && !args.check.allow_partial)
    {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// A progress bar on standard error when it is a terminal: by bytes of the
/// input file (so the ETA holds), or a counter of answers for a stream.
fn progress_bar(input_size: Option<u64>) -> Option<indicatif::ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = match input_size {
        Some(size) => indicatif::ProgressBar::new(size).with_style(
            indicatif::ProgressStyle::with_template("{bar:30} {percent:>3}% {msg} (ETA {eta})")
                .ok()?,
        ),
        None => indicatif::ProgressBar::new_spinner()
            .with_style(indicatif::ProgressStyle::with_template("{spinner} {msg}").ok()?),
    };
    Some(bar)
}

struct EvalArgs<'a> {
    sources: &'a [String],
    per_class: usize,
    seed: u64,
    format: EvalFormat,
    write_corpus: Option<&'a Path>,
    vocab: &'a [PathBuf],
    read: ReadOptions,
    term: Term,
}

/// The bundled sample workbooks, the corpus's default sources.
const SAMPLE_SOURCES: [&str; 4] = [
    "samples/acme.xlsx",
    "samples/birchwood.xlsx",
    "samples/calder.xlsx",
    "samples/dunmore.xlsx",
];

fn eval_command(args: EvalArgs<'_>) -> anyhow::Result<ExitCode> {
    let vocab = load_vocab(args.vocab)?;
    let sources: Vec<String> = if args.sources.is_empty() {
        if let Some(missing) = SAMPLE_SOURCES.iter().find(|p| !Path::new(p).exists()) {
            bail!(
                "{missing} not found: without --sources, eval runs over the bundled samples from the repository's root; give --sources PATH..."
            );
        }
        SAMPLE_SOURCES.iter().map(|s| s.to_string()).collect()
    } else {
        args.sources.to_vec()
    };
    let cache = SourceCache::default().with_options(args.read);
    let (corpus, report) = tickmark::eval::seeded::run(
        &sources,
        args.per_class,
        args.seed,
        &vocab,
        &cache,
        Path::new("."),
    )
    .map_err(anyhow::Error::msg)?;
    if let Some(path) = args.write_corpus {
        let mut file = io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("{}: cannot create the corpus file", path.display()))?,
        );
        for generated in &corpus.answers {
            serde_json::to_writer(&mut file, &generated.answer)?;
            writeln!(file)?;
        }
        file.flush()
            .with_context(|| format!("{}: cannot write the corpus", path.display()))?;
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match args.format {
        EvalFormat::Human => write!(out, "{}", report.human_for(&args.term))?,
        EvalFormat::Markdown => write!(out, "{}", report.markdown())?,
        EvalFormat::Json => write!(out, "{}", tickmark::report::versioned_json(&report)?)?,
    }
    out.flush().context("writing the output")?;
    Ok(ExitCode::SUCCESS)
}
