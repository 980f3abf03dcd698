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
use super::select::{GameSelection, chosen};
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus};
use crate::diag::Severity;
use crate::diag::Span;
use crate::diag::render::render_human;
use crate::io::{InputError, expand};
use crate::notation::{Event, Flow, LineContext, Reader, SyntaxProblem, Visitor};
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

/// The counts of the game being read, from which each entry is made.
#[derive(Debug, Default)]
struct Timeline {
    measure: &'static str,
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

impl Timeline {
    /// The entry of a game's start position; the counts start there.
    fn start(&mut self, start: &AnyPosition) -> Entry {
        let (measure, counts) = Timeline::counts(start);
        self.measure = measure;
        self.last = counts;
        self.last_squares = start.as_squares().map(squares_of).unwrap_or_default();
        Entry {
            ply: 0,
            mover: None,
            mv: None,
            white: counts.white,
            black: counts.black,
            events: Vec::new(),
        }
    }

    /// The entry after a mainline ply.
    fn ply(&mut self, ply: &Ply<'_>) -> Entry {
        let after = ply.after;
        let mut san = String::new();
        ply.write_san(&mut san);
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
        Entry {
            ply: ply.number,
            mover: Some(side(mover)),
            mv: Some(san),
            white: counts.white,
            black: counts.black,
            events,
        }
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

/// The observer: writes each game's timeline into [`text`](Self::text)
/// entry by entry as the verifier plays it, so that memory does not grow
/// with the length of a game (issue 14: a 400k-ply shuffle kept 62 MiB of
/// entries before a line was written).
#[derive(Debug)]
struct Collector {
    format: ScoresFormat,
    timeline: Timeline,
    /// The input's name, for each row (CSV) or object (JSON).
    file: std::sync::Arc<str>,
    /// The index the game being read gets (set before each game is read).
    index: u64,
    /// White and Black of the game being read, from its tags.
    white: String,
    black: String,
    variant: Option<&'static str>,
    /// The start position's entry, until the game is known to be one (its
    /// first move, or its end): comments alone are not a game.
    pending: Option<Entry>,
    /// The game's first lines are written.
    open: bool,
    /// Output not yet written to stdout.
    text: String,
    /// `--games`: the games whose timelines are written.
    selection: Option<GameSelection>,
}

impl Collector {
    fn new(format: ScoresFormat, file: std::sync::Arc<str>) -> Collector {
        Collector {
            format,
            timeline: Timeline::default(),
            file,
            index: 0,
            white: String::new(),
            black: String::new(),
            variant: None,
            pending: None,
            open: false,
            text: String::new(),
            selection: None,
        }
    }

    /// Whether `--games` chooses the game being read.
    fn chosen(&self) -> bool {
        chosen(self.selection.as_ref(), self.index)
    }

    /// Writes the game's head (JSON) and its start entry, once.
    fn open_game(&mut self) {
        if self.open {
            return;
        }
        let Some(start) = self.pending.take() else {
            return;
        };
        self.open = true;
        if self.format == ScoresFormat::Json {
            // The object's fields before its timeline (docs/formats.md).
            let head = GameHead {
                file: &self.file,
                game: self.index,
                white: &self.white,
                black: &self.black,
                variant: self.variant,
                measure: self.timeline.measure,
            };
            let json = serde_json::to_string(&head).unwrap_or_default();
            // `{...}` without its closing brace, then the timeline's array.
            self.text.push_str(json.strip_suffix('}').unwrap_or(&json));
            self.text.push_str(",\"timeline\":[");
            self.entry(&start, true);
        } else {
            self.entry(&start, true);
        }
    }

    fn entry(&mut self, e: &Entry, first: bool) {
        use std::fmt::Write as _;
        let out = &mut self.text;
        match self.format {
            ScoresFormat::Csv => {
                csv_field(out, &self.file);
                let _ = write!(out, ",{},{},{},", self.index, e.ply, e.mover.unwrap_or(""));
                csv_field(out, e.mv.as_deref().unwrap_or(""));
                let _ = write!(out, ",{},{},{},", e.white, e.black, self.timeline.measure);
                csv_field(out, &events_text(&e.events));
                out.push('\n');
            }
            ScoresFormat::Json => {
                if !first {
                    out.push(',');
                }
                out.push_str(&serde_json::to_string(e).unwrap_or_default());
            }
        }
    }

    /// Ends the game's lines, if they were begun.
    fn close_game(&mut self) {
        if self.open && self.format == ScoresFormat::Json {
            self.text.push_str("]}\n");
        }
        self.open = false;
        self.pending = None;
    }
}

/// The head of one game's JSON object: its fields but the timeline, which
/// is written entry by entry after them.
#[derive(Serialize)]
struct GameHead<'a> {
    file: &'a str,
    game: u64,
    white: &'a str,
    black: &'a str,
    variant: Option<&'static str>,
    measure: &'static str,
}

impl Observer for Collector {
    fn start_position(&mut self, start: &AnyPosition) {
        self.close_game();
        self.variant = Some(start.variant().name());
        self.pending = Some(self.timeline.start(start));
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if !ply.mainline || !self.chosen() {
            return;
        }
        let e = self.timeline.ply(ply);
        self.open_game();
        self.entry(&e, false);
    }

    fn end_game(&mut self, report: &GameReport, _last: Option<&AnyPosition>) {
        // Skipped games (unsupported variants) have no timeline.
        if report.skipped.is_none() && self.chosen() {
            self.open_game();
        }
        self.close_game();
    }

    fn wants_plies(&self) -> bool {
        true
    }
}

/// Bytes of output kept before they are written.
const FLUSH_AT: usize = 64 * 1024;

/// The verifier behind a visitor that hands it White and Black as they are
/// read and writes its output as it grows; a failed write stops the input.
struct Streamed<'a, W: Write> {
    verifier: Verifier<Collector>,
    out: &'a mut W,
    failed: Option<io::Error>,
}

impl<W: Write> Streamed<'_, W> {
    fn flush_text(&mut self) -> io::Result<()> {
        let text = &mut self.verifier.observer_mut().text;
        let wrote = self.out.write_all(text.as_bytes());
        text.clear();
        wrote
    }
}

impl<W: Write> Visitor for Streamed<'_, W> {
    fn event(&mut self, event: Event<'_>, span: Span, line: &LineContext<'_>) -> Flow {
        match &event {
            Event::BeginGame => {
                let c = self.verifier.observer_mut();
                c.white.clear();
                c.black.clear();
            }
            // As the verifier reads them: the last of each wins.
            Event::Tag { name, value } if matches!(*name, b"White" | b"Black") => {
                let c = self.verifier.observer_mut();
                let slot = if *name == b"White" {
                    &mut c.white
                } else {
                    &mut c.black
                };
                slot.clear();
                slot.push_str(&value.decode_str());
            }
            _ => {}
        }
        let flow = self.verifier.event(event, span, line);
        if self.verifier.observer_mut().text.len() >= FLUSH_AT
            && let Err(e) = self.flush_text()
        {
            self.failed = Some(e);
            return Flow::Stop;
        }
        flow
    }

    fn problem(&mut self, problem: &SyntaxProblem, span: Span, line: &LineContext<'_>) -> Flow {
        self.verifier.problem(problem, span, line)
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

const CSV_HEADER: &str = "file,game,ply,mover,move,white,black,measure,events\n";

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
    for input in expand(&args.inputs) {
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
        let mut streamed = Streamed {
            verifier: Verifier::with_observer(
                input.name().clone(),
                Collector {
                    selection: args.games.clone(),
                    ..Collector::new(args.format, input.name().clone())
                },
            ),
            out: &mut stdout,
            failed: None,
        };
        let mut reader = Reader::new(source);
        loop {
            // The index the verifier gives the next game.
            let next = streamed.verifier.counts().games + 1;
            streamed.verifier.observer_mut().index = next;
            let read = reader.read_game(&mut streamed);
            if let Some(e) = streamed.failed.take() {
                return Err(Error::write(Stream::Stdout)(e));
            }
            let more = match read {
                Ok(more) => more,
                Err(source) => {
                    // A game cut short by the error ends where it stopped.
                    streamed.verifier.observer_mut().close_game();
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
            for d in streamed.verifier.drain() {
                if d.severity == Severity::Error {
                    status = status.merge(ExitStatus::Invalid);
                    render_human(&d, common.color_stderr, &mut stderr)
                        .map_err(Error::write(Stream::Stderr))?;
                }
            }
            streamed
                .flush_text()
                .map_err(Error::write(Stream::Stdout))?;
            if !more {
                break;
            }
        }
    }
    stdout.flush().map_err(Error::write(Stream::Stdout))?;
    stderr.flush().map_err(Error::write(Stream::Stderr))?;
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records the size of every write.
    #[derive(Default)]
    struct Sink {
        bytes: Vec<u8>,
        writes: Vec<usize>,
    }

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.writes.push(buf.len());
            self.bytes.extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn shuffle(turns: usize) -> String {
        let mut text = String::from("[Event \"x\"]\n[White \"A \\\"q\\\"\"]\n\n");
        for i in 0..turns {
            text.push_str(&format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2));
        }
        text.push_str("*\n");
        text
    }

    /// Everything `scores` writes for `pgn`, and the size of each write.
    fn streamed(pgn: &str, format: ScoresFormat) -> Sink {
        let mut sink = Sink::default();
        let mut s = Streamed {
            verifier: Verifier::with_observer("x", Collector::new(format, "x".into())),
            out: &mut sink,
            failed: None,
        };
        let mut reader = Reader::new(pgn.as_bytes());
        loop {
            s.verifier.observer_mut().index = s.verifier.counts().games + 1;
            let more = reader.read_game(&mut s).expect("in memory");
            s.flush_text().expect("in memory");
            if !more {
                break;
            }
        }
        sink
    }

    #[test]
    fn a_long_timeline_is_written_while_its_game_is_read() {
        // Issue 14: the whole timeline was kept until the game ended (62
        // MiB on a 400k-ply shuffle), then written at once.
        let sink = streamed(&shuffle(5000), ScoresFormat::Json);
        assert!(sink.writes.len() > 10, "{} writes", sink.writes.len());
        let most = sink.writes.iter().max().copied().unwrap_or(0);
        assert!(most < FLUSH_AT + 1024, "a write of {most} bytes");
        let text = String::from_utf8(sink.bytes).expect("utf-8");
        let v: serde_json::Value = serde_json::from_str(text.trim_end()).expect("one JSON line");
        assert_eq!(v["game"], 1);
        assert_eq!(v["white"], "A \"q\"");
        assert_eq!(v["measure"], "material");
        assert_eq!(v["timeline"].as_array().map(Vec::len), Some(20_001));
    }

    #[test]
    fn comments_alone_after_the_last_game_write_nothing() {
        let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n{ trailing }\n";
        let csv = streamed(pgn, ScoresFormat::Csv);
        let text = String::from_utf8(csv.bytes).expect("utf-8");
        assert_eq!(text.lines().count(), 3, "{text}");
        assert!(text.lines().all(|l| l.starts_with("x,1,")), "{text}");
        let json = streamed(pgn, ScoresFormat::Json);
        assert_eq!(
            String::from_utf8(json.bytes)
                .expect("utf-8")
                .lines()
                .count(),
            1
        );
    }
}
