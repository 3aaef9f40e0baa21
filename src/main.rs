//! The `tickmark` command line: a thin front end over the library. Parses
//! flags, calls the library, picks a writer, maps outcomes to exit codes
//! (0 all good, 1 some claim not accepted, 2 usage or unreadable input).

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};
use tickmark::report::extract::{self, ExtractFormat};
use tickmark::{ReadOptions, Vocab, load_source};

#[derive(Parser)]
#[command(
    name = "tickmark",
    version,
    about = "Checks the numbers an answer cites from a financial report"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read sources into labeled cells and print them.
    Extract {
        /// Source files: .xlsx, .xlsm, .xlsb, .xls, .ods, .csv, .tsv.
        #[arg(required = true, value_name = "SOURCE")]
        sources: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Extra concept vocabulary (same format as the built-in concepts.toml).
        #[arg(long, value_name = "FILE")]
        vocab: Vec<PathBuf>,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Human,
    Json,
    Jsonl,
    Csv,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
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
    match run(cli) {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Extract {
            sources,
            format,
            vocab,
        } => extract_command(&sources, format, &vocab),
    }
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
) -> anyhow::Result<ExitCode> {
    let vocab = load_vocab(vocab_files)?;
    let options = ReadOptions::default();
    let mut documents = Vec::new();
    let mut failed = false;
    for path in sources {
        let id = path.to_string_lossy();
        match load_source(path, &id, &vocab, &options) {
            Ok(document) => {
                for warning in &document.warnings {
                    eprintln!("warning: {}: {warning}", document.id);
                }
                if format != Format::Human {
                    for table in &document.tables {
                        for warning in &table.warnings {
                            eprintln!("warning: {}: {warning}", table.reference);
                        }
                    }
                }
                documents.push(document);
            }
            Err(e) => {
                eprintln!("error: {e}");
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
    extract::write(&mut out, &documents, format).context("writing the output")?;
    out.flush().context("writing the output")?;
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}
