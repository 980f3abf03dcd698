//! `xpgn fen`: the position after each game, after ply N, or after every ply.
//!
//! For FIDE chess the lines are standard FEN exactly as python-chess prints
//! them. Games that break are followed up to their last legal move (as
//! python-chess does); their errors go to stderr and the exit status is 1.

use std::io::{self, BufWriter, Write};

use super::args::{FenArgs, FenFormat, FenStyle};
use super::select::{GameSelection, chosen};
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus};
use crate::diag::Severity;
use crate::diag::render::render_human;
use crate::io::{InputError, expand};
use crate::notation::Reader;
use crate::rules::Variant;
use crate::rules::family::{AnyPosition, GamePosition};
use crate::rules::variant::Family;
use crate::verify::{GameReport, Observer, Ply, Verifier};

/// Which positions to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    Final,
    Ply(u32),
    All,
}

/// Writes the FEN lines (or rows) of each game as the verifier replays it,
/// handing them to `sink` every 64 KiB and at each game's end, so memory
/// does not grow with a game's length.
struct FenLines<W: Write> {
    which: Which,
    format: FenFormat,
    out: String,
    sink: W,
    /// The first write error; nothing more is written after it.
    failed: Option<io::Error>,
    /// The index of the game being replayed in its input (1-based).
    game: u64,
    /// The last mainline move, for the final row.
    last_move: String,
    /// The input's name, for the CSV and JSON rows.
    file: std::sync::Arc<str>,
    /// Whose position strings.
    style: FenStyle,
    /// The current game's variant when `style` cannot express it.
    inexpressible: Option<Variant>,
    /// Games of the current input that `style` could not express, with
    /// their variants, until `run` reports them.
    not_expressed: Vec<(u64, Variant)>,
    /// `--games`: the games whose positions are written.
    selection: Option<GameSelection>,
}

/// How much output a game may hold before it is handed on.
const SPILL: usize = 64 * 1024;

/// Whether Fairy-Stockfish can write positions of `variant`: the games of
/// contrib/fairy-stockfish/variants.ini and its built-in chess. Gast's
/// boards exceed its 12x10, the squares family's holes and owners and
/// PASGL's critters have no FEN there.
fn fairy_expresses(variant: Variant) -> bool {
    matches!(
        variant,
        Variant::Chess | Variant::Chess960 | Variant::Squirrel
    )
}

impl<W: Write> FenLines<W> {
    fn position(&mut self, ply: u32, san: &str, pos: &AnyPosition) {
        if self.inexpressible.is_some() || !chosen(self.selection.as_ref(), self.game) {
            return;
        }
        if matches!(self.format, FenFormat::Plain | FenFormat::Epd) {
            let from = self.out.len();
            pos.write_fen(&mut self.out);
            restyle(&mut self.out, from, self.style, pos.variant());
            if self.format == FenFormat::Epd {
                to_epd(&mut self.out, from);
            }
            self.out.push('\n');
        } else {
            let mut fen = pos.fen();
            restyle(&mut fen, 0, self.style, pos.variant());
            self.row(ply, san, &fen, None);
        }
        if self.out.len() >= SPILL {
            self.flush();
        }
    }

    /// One CSV or JSON row of the current game.
    fn row(&mut self, ply: u32, san: &str, fen: &str, skipped: Option<&str>) {
        let index = self.game;
        match self.format {
            FenFormat::Plain | FenFormat::Epd => {}
            FenFormat::Csv => {
                let mut w = csv::WriterBuilder::new()
                    .has_headers(false)
                    .from_writer(Vec::new());
                // Writing to memory cannot fail.
                let _ =
                    w.write_record([&*self.file, &index.to_string(), &ply.to_string(), san, fen]);
                if let Ok(bytes) = w.into_inner() {
                    self.out.push_str(&String::from_utf8_lossy(&bytes));
                }
            }
            FenFormat::Json => {
                let mut v = serde_json::json!({
                    "file": &*self.file,
                    "game": index,
                    "ply": ply,
                    "move": if san.is_empty() { None } else { Some(san) },
                    "position": if fen.is_empty() { None } else { Some(fen) },
                });
                if let (Some(why), Some(fields)) = (skipped, v.as_object_mut()) {
                    fields.insert("skipped".to_owned(), why.into());
                }
                self.out.push_str(&v.to_string());
                self.out.push('\n');
            }
        }
    }

    /// Hands what is written so far to the sink.
    fn flush(&mut self) {
        if self.failed.is_none()
            && let Err(e) = self.sink.write_all(self.out.as_bytes())
        {
            self.failed = Some(e);
        }
        self.out.clear();
    }
}

/// Whether a game's FEN ends in the half-move clock and the move number,
/// which EPD writes as operations.
fn epd_expresses(variant: Variant) -> bool {
    matches!(variant.family(), Family::Fide | Family::Lichess)
}

/// Rewrites the FEN at `out[from..]` as EPD: its fields but the last two,
/// then `hmvc` and `fmvn` operations with their values (the PGN standard's
/// EPD, section 16.2, as python-chess's `epd(hmvc=, fmvn=)` writes it).
fn to_epd(out: &mut String, from: usize) {
    let fen = out[from..].to_owned();
    let fields: Vec<&str> = fen.split(' ').collect();
    if let [head @ .., hmvc, fmvn] = fields.as_slice() {
        out.truncate(from);
        out.push_str(&head.join(" "));
        out.push_str(&format!(" hmvc {hmvc}; fmvn {fmvn};"));
    }
}

/// Rewrites the position string at `out[from..]` in `style`.
fn restyle(out: &mut String, from: usize, style: FenStyle, variant: Variant) {
    if style == FenStyle::Fairy && variant == Variant::Squirrel {
        // Fairy-Stockfish's FEN has six fields: the seventh, the promotions
        // made, is xpgn's (S11).
        if let Some(space) = out[from..].rfind(' ') {
            out.truncate(from + space);
        }
    }
}

impl<W: Write> Observer for FenLines<W> {
    fn start_position(&mut self, start: &AnyPosition) {
        self.last_move.clear();
        let variant = start.variant();
        self.inexpressible = ((self.style == FenStyle::Fairy && !fairy_expresses(variant))
            || (self.format == FenFormat::Epd && !epd_expresses(variant)))
        .then_some(variant);
        if self.which == Which::All || self.which == Which::Ply(0) {
            self.position(0, "", start);
        }
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if !ply.mainline {
            return;
        }
        let wanted = self.which == Which::All || self.which == Which::Ply(ply.number);
        if !matches!(self.format, FenFormat::Plain | FenFormat::Epd) {
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
        self.game = report.index;
        if !chosen(self.selection.as_ref(), report.index) {
            self.inexpressible = None;
            self.game = report.index + 1;
            return;
        }
        let not_expressed = self.inexpressible.take();
        if let Some(variant) = not_expressed {
            self.not_expressed.push((report.index, variant));
        }
        match (self.which, last, &report.skipped) {
            (Which::Final, Some(p), None) if not_expressed.is_none() => {
                let san = std::mem::take(&mut self.last_move);
                self.position(report.plies, &san, p);
            }
            // A game not verified, or not expressed in this style, has no
            // final position; its line or row is still there, empty, so that
            // output lines match games.
            (Which::Final, _, skipped) => match self.format {
                FenFormat::Plain | FenFormat::Epd => self.out.push('\n'),
                _ => self.row(0, "", "", skipped.as_deref()),
            },
            _ => {}
        }
        self.flush();
        self.game = report.index + 1;
    }

    fn wants_plies(&self) -> bool {
        self.which != Which::Final || !matches!(self.format, FenFormat::Plain | FenFormat::Epd)
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
            .write_all(b"file,game,ply,move,position\n")
            .map_err(Error::write(Stream::Stdout))?;
    }
    for input in expand(&args.inputs) {
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
            sink: &mut stdout,
            failed: None,
            game: 1,
            last_move: String::new(),
            file: input.name().clone(),
            style: args.style,
            inexpressible: None,
            not_expressed: Vec::new(),
            selection: args.games.clone(),
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
            let observer = verifier.observer_mut();
            if let Some(e) = observer.failed.take() {
                return Err(Error::write(Stream::Stdout)(e));
            }
            for (game, variant) in observer.not_expressed.drain(..) {
                status = status.merge(ExitStatus::Error);
                let why = if args.style == FenStyle::Fairy && !fairy_expresses(variant) {
                    "has no Fairy-Stockfish FEN (--style fairy writes Chess, Chess960 and Squirrel)"
                } else {
                    "has no EPD form (--format epd writes chess, Chess960 and the lichess \
                     variants, whose FEN ends in the two clocks)"
                };
                writeln!(
                    stderr,
                    "xpgn: {}: game {game}: {} {why}",
                    input.name(),
                    variant.name()
                )
                .map_err(Error::write(Stream::Stderr))?;
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Records the size of every write.
    #[derive(Default)]
    struct Writes(Vec<usize>);

    impl Write for &mut Writes {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.push(buf.len());
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn lines(format: FenFormat, pgn: &str, writes: &mut Writes) -> u64 {
        let observer = FenLines {
            which: Which::All,
            format,
            out: String::new(),
            sink: writes,
            failed: None,
            game: 1,
            last_move: String::new(),
            file: "g.pgn".into(),
            style: FenStyle::Xpgn,
            inexpressible: None,
            not_expressed: Vec::new(),
            selection: None,
        };
        let mut verifier = Verifier::with_observer(std::sync::Arc::from("g.pgn"), observer);
        let mut reader = Reader::new(pgn.as_bytes());
        while reader.read_game(&mut verifier).expect("in memory") {}
        verifier.counts().games
    }

    #[test]
    fn a_long_game_s_positions_are_handed_on_while_it_is_read() {
        let mut pgn = String::from("[Event \"x\"]\n\n");
        for i in 0..1000 {
            pgn.push_str(&format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2));
        }
        pgn.push_str("*\n");
        for format in [FenFormat::Plain, FenFormat::Json] {
            let mut writes = Writes::default();
            assert_eq!(lines(format, &pgn, &mut writes), 1);
            let total: usize = writes.0.iter().sum();
            assert!(total > 3 * SPILL, "{format:?}: {total} bytes");
            // Each write holds at most one spill and a line more: the game's
            // 4,001 positions were never held at once.
            let largest = writes.0.iter().copied().max().unwrap_or(0);
            assert!(
                largest < SPILL + 4096,
                "{format:?}: a write of {largest} bytes"
            );
        }
    }
}
