//! `xpgn view`: one self-contained HTML page to look through the games of
//! records, with `check`'s findings on their moves ([`crate::export::view`]).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::batch::Destination;
use super::select::{GameSelection, chosen};
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus};
use crate::diag::Severity;
use crate::export::records::{Collect, Notations, Tee};
use crate::export::view::ViewSink;
use crate::io::{InputError, expand};
use crate::notation::Reader;
use crate::verify::Verifier;

/// Arguments of `xpgn view`.
#[derive(Debug, Args)]
pub struct ViewArgs {
    /// Files, directories (searched recursively) or `-` for standard input.
    #[arg(value_name = "FILE", required = true)]
    pub inputs: Vec<PathBuf>,

    /// Write the page to FILE (whole or not at all) instead of standard
    /// output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Replace FILE if it exists.
    #[arg(long, requires = "output")]
    pub force: bool,

    /// Only these games, by their number in their input: numbers and
    /// ranges, e.g. `5,10-20`.
    #[arg(long, value_name = "LIST")]
    pub games: Option<GameSelection>,

    /// The page's title (default: the first input's name).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
}

/// Runs `xpgn view`.
///
/// # Errors
///
/// The output cannot be opened or written; an input that cannot be read is
/// reported and skipped (exit status 2).
pub fn run(args: &ViewArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    let mut out = Destination::open(args.output.as_deref(), args.force)?;
    let mut stderr = std::io::stderr().lock();
    let title = args.title.clone().unwrap_or_else(|| {
        args.inputs
            .first()
            .map(|p| p.display().to_string())
            .unwrap_or_default()
    });
    let mut sink = ViewSink::new(Reader::new(&b""[..]).limits().max_game_size);
    sink.write_head(&mut out, &title)
        .map_err(|e| out.write_error(e))?;
    let mut status = ExitStatus::Success;
    let notations = Notations {
        san: true,
        lan: false,
        uci: false,
        lean: None,
        fen: true,
        picture: true,
        json: false,
        fix_result: false,
    };
    for input in expand(&args.inputs) {
        let input = match input.and_then(|i| i.open().map(|s| (i, s))) {
            Ok(i) => i,
            Err(e) => {
                super::print_error(&mut stderr, &e, common.color_stderr)
                    .map_err(Error::write(Stream::Stderr))?;
                status = status.merge(ExitStatus::Error);
                continue;
            }
        };
        let (input, source) = input;
        let name = input.name().clone();
        let mut verifier = Verifier::with_observer(
            name.clone(),
            Collect::with_notations(Some(notations), false),
        );
        let mut reader = Reader::new(source);
        let mut number = 0u64;
        loop {
            let more = {
                let mut tee = Tee::new(Some(&mut sink), &mut verifier);
                match reader.read_game(&mut tee) {
                    Ok(more) => more,
                    Err(source) => {
                        let e = InputError::Read {
                            name: name.clone(),
                            source,
                        };
                        super::print_error(&mut stderr, &e, common.color_stderr)
                            .map_err(Error::write(Stream::Stderr))?;
                        status = status.merge(ExitStatus::Error);
                        false
                    }
                }
            };
            let diagnostics: Vec<_> = verifier.drain().collect();
            if diagnostics.iter().any(|d| d.severity == Severity::Error) {
                status = status.merge(ExitStatus::Invalid);
            }
            let reports = verifier.observer_mut().take_reports();
            let report = reports.first().map(|(r, _)| r);
            number = report.map_or(number + 1, |r| r.index);
            if chosen(args.games.as_ref(), number) {
                sink.write_game(&mut out, number, &name, report, &diagnostics)
                    .map_err(|e| out.write_error(e))?;
            } else {
                sink.skip_game();
            }
            if !more {
                break;
            }
        }
    }
    sink.write_tail(&mut out).map_err(|e| out.write_error(e))?;
    out.commit()?;
    if !common.quiet {
        writeln!(stderr, "{} games on the page", sink.games())
            .map_err(Error::write(Stream::Stderr))?;
    }
    Ok(status)
}
