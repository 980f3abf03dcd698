//! `xpgn fen`: the position after each game, after ply N, or after every ply.
//!
//! For FIDE chess the lines are standard FEN exactly as python-chess prints
//! them. Games that break are followed up to their last legal move (as
//! python-chess does); their errors go to stderr and the exit status is 1.

use std::io::{self, BufWriter, Write};

use super::args::{FenArgs, FenFormat};
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus};
use crate::diag::Severity;
use crate::diag::render::render_human;
use crate::io::{InputError, expand};
use crate::notation::Reader;
use crate::rules::family::{AnyPosition, GamePosition};
use crate::verify::{GameReport, Observer, Ply, Verifier};

/// Which positions to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    Final,
    Ply(u32),
    All,
}

/// Collects the FEN lines of one game at a time.
#[derive(Debug)]
struct FenLines {
    which: Which,
    format: FenFormat,
    out: String,
    /// Rows of the current game for CSV/JSON: ply, move, position.
    rows: Vec<(u32, String, String)>,
    /// The last mainline move, for the final row.
    last_move: String,
}

impl FenLines {
    fn position(&mut self, ply: u32, san: &str, pos: &AnyPosition) {
        if self.format == FenFormat::Plain {
            pos.write_fen(&mut self.out);
            self.out.push('\n');
        } else {
            self.rows.push((ply, san.to_string(), pos.fen()));
        }
    }
}

impl Observer for FenLines {
    fn start_position(&mut self, start: &AnyPosition) {
        self.rows.clear();
        self.last_move.clear();
        if self.which == Which::All || self.which == Which::Ply(0) {
            self.position(0, "", start);
        }
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if !ply.mainline {
            return;
        }
        let wanted = self.which == Which::All || self.which == Which::Ply(ply.number);
        if self.format != FenFormat::Plain {
            // The last move is kept for the final row.
            self.last_move.clear();
            ply.write_san(&mut self.last_move);
        }
        if wanted {
            let san = std::mem::take(&mut self.last_move);
            self.position(ply.number, &san, ply.after);
            self.last_move = san;
        }
    }

    fn end_game(&mut self, report: &GameReport, last: Option<&AnyPosition>) {
        if let (Which::Final, Some(p), None) = (self.which, last, &report.skipped) {
            let san = std::mem::take(&mut self.last_move);
            self.position(report.plies, &san, p);
        }
        for (ply, san, fen) in self.rows.drain(..) {
            let index = report.index;
            match self.format {
                FenFormat::Plain => {}
                FenFormat::Csv => {
                    let mut w = csv::WriterBuilder::new()
                        .has_headers(false)
                        .from_writer(Vec::new());
                    // Writing to memory cannot fail.
                    let _ = w.write_record([index.to_string(), ply.to_string(), san, fen]);
                    if let Ok(bytes) = w.into_inner() {
                        self.out.push_str(&String::from_utf8_lossy(&bytes));
                    }
                }
                FenFormat::Json => {
                    let v = serde_json::json!({
                        "game": index,
                        "ply": ply,
                        "move": if san.is_empty() { None } else { Some(san) },
                        "position": fen,
                    });
                    self.out.push_str(&v.to_string());
                    self.out.push('\n');
                }
            }
        }
    }

    fn wants_plies(&self) -> bool {
        self.which != Which::Final || self.format != FenFormat::Plain
    }
}

/// Runs `xpgn fen`.
///
/// # Errors
///
/// Operational errors only; they are printed by [`super::run`].
pub fn run(args: &FenArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    let which = match (args.all, args.ply) {
        (true, _) => Which::All,
        (false, Some(n)) => Which::Ply(n),
        (false, None) => Which::Final,
    };
    let transcript = super::transcript_variant(args.transcript.as_deref())?;
    let mut status = ExitStatus::Success;
    let mut stdout = BufWriter::new(io::stdout().lock());
    let mut stderr = BufWriter::new(io::stderr().lock());
    if args.format == FenFormat::Csv {
        stdout
            .write_all(b"game,ply,move,position\n")
            .map_err(Error::write(Stream::Stdout))?;
    }
    for input in expand(std::slice::from_ref(&args.input)) {
        let input = match input {
            Ok(i) => i,
            Err(e) => {
                report_input_error(&mut stderr, &e, common)?;
                status = status.merge(ExitStatus::Error);
                continue;
            }
        };
        let opened = input.open().and_then(|r| match transcript {
            None => Ok(r),
            Some(v) => super::transcript_source(v, r).map_err(|source| InputError::Read {
                name: input.name().clone(),
                source,
            }),
        });
        let source = match opened {
            Ok(s) => s,
            Err(e) => {
                report_input_error(&mut stderr, &e, common)?;
                status = status.merge(ExitStatus::Error);
                continue;
            }
        };
        let observer = FenLines {
            which,
            format: args.format,
            out: String::new(),
            rows: Vec::new(),
            last_move: String::new(),
        };
        let mut verifier = Verifier::with_observer(input.name().clone(), observer);
        let mut reader = Reader::new(source);
        loop {
            let more = match reader.read_game(&mut verifier) {
                Ok(more) => more,
                Err(source) => {
                    let e = InputError::Read {
                        name: input.name().clone(),
                        source,
                    };
                    report_input_error(&mut stderr, &e, common)?;
                    status = status.merge(ExitStatus::Error);
                    false
                }
            };
            for d in verifier.drain() {
                if d.severity == Severity::Error {
                    status = status.merge(ExitStatus::Invalid);
                    render_human(&d, common.color_stderr, &mut stderr)
                        .map_err(Error::write(Stream::Stderr))?;
                }
            }
            let lines = &mut verifier.observer_mut().out;
            stdout
                .write_all(lines.as_bytes())
                .map_err(Error::write(Stream::Stdout))?;
            lines.clear();
            if !more {
                break;
            }
        }
    }
    stdout.flush().map_err(Error::write(Stream::Stdout))?;
    stderr.flush().map_err(Error::write(Stream::Stderr))?;
    Ok(status)
}

fn report_input_error(
    err: &mut impl Write,
    e: &InputError,
    common: &CommonConfig,
) -> Result<(), Error> {
    super::print_error(err, e, common.color_stderr).map_err(Error::write(Stream::Stderr))
}
