//! `xpgn scores`: each game's score timeline, one entry after every
//! half-move (and one for the start position).
//!
//! PASGL 312 counts points: both sides' totals, and who scored what and why
//! (a critter by the campfire, the bonus for the other side's dead Bear).
//! The chess-like games count material on the scale of their piece tables
//! (FIDE: pawn 1, knight 3, bishop 3, rook 5, queen 9, king 0), with the
//! captures as events. The squares family counts each side's squares: those
//! it owns on the board plus those in its reserve (an unlimited reserve
//! counts nothing), with changes of either as events. Shapes:
//! docs/formats.md.

use std::io::{self, BufWriter, Write};

use serde::Serialize;

use super::args::{ScoresArgs, ScoresFormat};
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus};
use crate::diag::Severity;
use crate::diag::render::render_human;
use crate::io::{InputError, expand};
use crate::notation::Reader;
use crate::rules::core::{ByColor, Color};
use crate::rules::family::{AnyPosition, GamePosition};
use crate::rules::pasgl::{self, ScoreReason};
use crate::rules::squares::{Reserve, SquaresPosition};
use crate::verify::{GameReport, Observer, Ply, Verifier};

/// One thing that changed a side's count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct ScoreEvent {
    /// `white` or `black`: whose count changed.
    side: &'static str,
    /// By how much.
    points: i32,
    /// `campfire`, `dead-bear`, `capture`, or for the squares family
    /// `owned` and `reserve`.
    reason: &'static str,
    /// The critter or piece concerned (`turkey`, `bear`, `knight`).
    what: String,
    /// Its square.
    square: String,
}

/// The counts after one half-move.
#[derive(Clone, Debug, Serialize)]
struct Entry {
    ply: u32,
    /// `white` or `black`; `null` for the start position.
    mover: Option<&'static str>,
    /// The move in the game's notation; `null` for the start position.
    #[serde(rename = "move")]
    mv: Option<String>,
    white: i32,
    black: i32,
    events: Vec<ScoreEvent>,
}

/// One game's timeline, as the JSON form writes it.
#[derive(Debug, Serialize)]
struct GameTimeline<'a> {
    game: u64,
    white: &'a str,
    black: &'a str,
    variant: Option<&'static str>,
    /// `points` (PASGL), `squares` (the squares family) or `material`.
    measure: &'static str,
    timeline: &'a [Entry],
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Material of each side on the scale of the game's piece table (its
/// values are hundredths of a pawn).
fn material(pos: &AnyPosition) -> Option<ByColor<i32>> {
    let core = pos.to_core()?;
    let rules = core.rules();
    let mut total = ByColor::default();
    for sq in rules.geometry.cells() {
        if let Some(p) = core.piece_at(sq) {
            let value = rules.pieces.get(p.role.index()).map_or(0, |t| t.value);
            total[p.color] += i32::try_from(value / 100).unwrap_or(0);
        }
    }
    Some(total)
}

/// A side's squares in the squares family: (owned on the board, in its
/// reserve; an unlimited reserve counts 0).
fn squares_of(p: &SquaresPosition) -> ByColor<(i32, i32)> {
    let mut out = ByColor::<(i32, i32)>::default();
    for sq in p.squares() {
        if let Some(c) = p.owner(sq) {
            out[c].0 += 1;
        }
    }
    for c in Color::ALL {
        if let Reserve::Finite(n) = p.reserve(c) {
            out[c].1 = i32::from(n);
        }
    }
    out
}

/// Collects the entries of the game being read.
#[derive(Debug, Default)]
struct Timeline {
    measure: &'static str,
    entries: Vec<Entry>,
    last: ByColor<i32>,
    last_squares: ByColor<(i32, i32)>,
}

impl Timeline {
    fn counts(pos: &AnyPosition) -> (&'static str, ByColor<i32>) {
        if let Some(p) = pos.as_squares() {
            let s = squares_of(p);
            return (
                "squares",
                ByColor {
                    white: s.white.0 + s.white.1,
                    black: s.black.0 + s.black.1,
                },
            );
        }
        match (pos.points(), material(pos)) {
            (Some(p), _) => ("points", p),
            (None, Some(m)) => ("material", m),
            (None, None) => ("none", ByColor::default()),
        }
    }
}

/// Changes of owned and reserve squares between two positions.
fn squares_events(before: ByColor<(i32, i32)>, after: ByColor<(i32, i32)>) -> Vec<ScoreEvent> {
    let mut events = Vec::new();
    for c in Color::ALL {
        for (reason, delta) in [
            ("owned", after[c].0 - before[c].0),
            ("reserve", after[c].1 - before[c].1),
        ] {
            if delta != 0 {
                events.push(ScoreEvent {
                    side: side(c),
                    points: delta,
                    reason,
                    what: String::new(),
                    square: String::new(),
                });
            }
        }
    }
    events
}

impl Observer for Timeline {
    fn start_position(&mut self, start: &AnyPosition) {
        self.entries.clear();
        let (measure, counts) = Timeline::counts(start);
        self.measure = measure;
        self.last = counts;
        self.last_squares = start.as_squares().map(squares_of).unwrap_or_default();
        self.entries.push(Entry {
            ply: 0,
            mover: None,
            mv: None,
            white: counts.white,
            black: counts.black,
            events: Vec::new(),
        });
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if !ply.mainline {
            return;
        }
        let after = ply.after;
        let mut san = String::new();
        ply.write_san(&mut san);
        let ply = ply.number;
        let mover = !after.turn();
        let (_, counts) = Timeline::counts(after);
        let events = match (after.as_pasgl(), after.as_squares()) {
            (Some(p), _) => pasgl_events(p),
            (None, Some(p)) => {
                let now = squares_of(p);
                let events = squares_events(self.last_squares, now);
                self.last_squares = now;
                events
            }
            (None, None) => material_events(self.last, counts),
        };
        self.last = counts;
        self.entries.push(Entry {
            ply,
            mover: Some(side(mover)),
            mv: Some(san),
            white: counts.white,
            black: counts.black,
            events,
        });
    }

    fn wants_plies(&self) -> bool {
        true
    }
}

fn pasgl_events(p: &pasgl::Position) -> Vec<ScoreEvent> {
    let g = pasgl::geometry();
    p.last_turn()
        .scored
        .iter()
        .map(|e| {
            let (reason, what, at) = match e.reason {
                ScoreReason::Campfire { kind, at } => ("campfire", kind.name(), at),
                ScoreReason::DeadBear { at } => ("dead-bear", "bear", at),
            };
            ScoreEvent {
                side: side(e.color),
                points: e.points,
                reason,
                what: what.to_string(),
                square: g.square_name(at),
            }
        })
        .collect()
}

/// A side whose material dropped lost it to a capture.
fn material_events(before: ByColor<i32>, after: ByColor<i32>) -> Vec<ScoreEvent> {
    Color::ALL
        .into_iter()
        .filter(|&c| after[c] != before[c])
        .map(|c| ScoreEvent {
            side: side(c),
            points: after[c] - before[c],
            reason: "capture",
            what: String::new(),
            square: String::new(),
        })
        .collect()
}

fn events_text(events: &[ScoreEvent]) -> String {
    events
        .iter()
        .map(|e| {
            let mut s = format!("{} {:+} {}", e.side, e.points, e.reason);
            for part in [&e.what, &e.square] {
                if !part.is_empty() {
                    s.push(' ');
                    s.push_str(part);
                }
            }
            s
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// What the CSV form needs to know of the game just read.
#[derive(Debug)]
struct Finished {
    index: u64,
    white: String,
    black: String,
    variant: Option<&'static str>,
}

/// The observer: the timeline plus the report of the game just finished.
#[derive(Debug, Default)]
struct Collector {
    timeline: Timeline,
    finished: Option<Finished>,
}

impl Observer for Collector {
    fn start_position(&mut self, start: &AnyPosition) {
        self.timeline.start_position(start);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        self.timeline.ply(ply);
    }

    fn end_game(&mut self, report: &GameReport, _last: Option<&AnyPosition>) {
        // Skipped games (unsupported variants) have no timeline.
        self.finished = report.skipped.is_none().then(|| Finished {
            index: report.index,
            white: report.tags.white.clone(),
            black: report.tags.black.clone(),
            variant: report.variant.map(|v| v.name()),
        });
    }

    fn wants_plies(&self) -> bool {
        true
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(out: &mut String, field: &str) {
    if field.contains([',', '"', '\n', '\r']) {
        out.push('"');
        out.push_str(&field.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(field);
    }
}

const CSV_HEADER: &str = "game,ply,mover,move,white,black,measure,events\n";

/// Runs `xpgn scores`.
///
/// # Errors
///
/// Operational errors only; they are printed by [`super::run`].
pub fn run(args: &ScoresArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    let mut status = ExitStatus::Success;
    let mut stdout = BufWriter::new(io::stdout().lock());
    let mut stderr = BufWriter::new(io::stderr().lock());
    if args.format == ScoresFormat::Csv {
        stdout
            .write_all(CSV_HEADER.as_bytes())
            .map_err(Error::write(Stream::Stdout))?;
    }
    let mut text = String::new();
    for input in expand(std::slice::from_ref(&args.input)) {
        let opened = input.and_then(|i| {
            let source = i.open()?;
            Ok((i, source))
        });
        let (input, source) = match opened {
            Ok(x) => x,
            Err(e) => {
                super::print_error(&mut stderr, &e, common.color_stderr)
                    .map_err(Error::write(Stream::Stderr))?;
                status = status.merge(ExitStatus::Error);
                continue;
            }
        };
        let mut verifier = Verifier::with_observer(input.name().clone(), Collector::default());
        let mut reader = Reader::new(source);
        loop {
            let more = match reader.read_game(&mut verifier) {
                Ok(more) => more,
                Err(source) => {
                    let e = InputError::Read {
                        name: input.name().clone(),
                        source,
                    };
                    super::print_error(&mut stderr, &e, common.color_stderr)
                        .map_err(Error::write(Stream::Stderr))?;
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
            let c = verifier.observer_mut();
            if let Some(game) = c.finished.take() {
                text.clear();
                write_game(&mut text, args.format, &game, &c.timeline)?;
                stdout
                    .write_all(text.as_bytes())
                    .map_err(Error::write(Stream::Stdout))?;
            }
            c.timeline.entries.clear();
            if !more {
                break;
            }
        }
    }
    stdout.flush().map_err(Error::write(Stream::Stdout))?;
    stderr.flush().map_err(Error::write(Stream::Stderr))?;
    Ok(status)
}

fn write_game(
    out: &mut String,
    format: ScoresFormat,
    game: &Finished,
    t: &Timeline,
) -> Result<(), Error> {
    use std::fmt::Write as _;
    if t.entries.is_empty() {
        return Ok(());
    }
    match format {
        ScoresFormat::Csv => {
            for e in &t.entries {
                let _ = write!(out, "{},{},{},", game.index, e.ply, e.mover.unwrap_or(""));
                csv_field(out, e.mv.as_deref().unwrap_or(""));
                let _ = write!(out, ",{},{},{},", e.white, e.black, t.measure);
                csv_field(out, &events_text(&e.events));
                out.push('\n');
            }
        }
        ScoresFormat::Json => {
            let g = GameTimeline {
                game: game.index,
                white: &game.white,
                black: &game.black,
                variant: game.variant,
                measure: t.measure,
                timeline: &t.entries,
            };
            let json = serde_json::to_string(&g)
                .map_err(|e| Error::write(Stream::Stdout)(io::Error::other(e)))?;
            out.push_str(&json);
            out.push('\n');
        }
    }
    Ok(())
}
