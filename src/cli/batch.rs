//! What a whole-archive run (`check -j`, `convert`, `stats`) does with one
//! part of an input: [`analyse`] reads and verifies its games; the results'
//! types; where a run's product goes ([`Destination`]) and how errors of a
//! step are reported. How inputs are cut into parts, spread over worker
//! threads and put back in order is in [`super::pipeline`].

use std::io::{self, Read, Write};
use std::sync::Arc;

use crate::diag::{Diagnostic, Span};
use crate::notation::{Event, Flow, LineContext, Reader, SyntaxProblem, Visitor};
use crate::record::{Builder, Game};
use crate::rules::family::AnyPosition;
use crate::verify::{GameReport, Observer, Verifier};

/// What the mainline of a game did, counted from its canonical moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCounts {
    /// Moves that capture (`x` or `:` in the canonical notation).
    pub captures: u32,
    /// Moves that give check or mate.
    pub checks: u32,
    /// Promotions.
    pub promotions: u32,
    /// Castlings.
    pub castlings: u32,
    /// Squares placed from reserve (`@@`).
    pub placements: u32,
    /// Squares moved (`@a-b`).
    pub square_moves: u32,
    /// Passes and null moves.
    pub passes: u32,
    /// White's and Black's points at the end, for games that count them.
    pub points: Option<(i32, i32)>,
}

impl MoveCounts {
    /// Counts one move from its canonical text.
    pub fn count(&mut self, text: &str) {
        let b = text.as_bytes();
        if b.contains(&b'x') || b.contains(&b':') {
            self.captures += 1;
        }
        if b.ends_with(b"+") || b.ends_with(b"#") {
            self.checks += 1;
        }
        if b.contains(&b'=') {
            self.promotions += 1;
        }
        if text.starts_with("O-O") || text.starts_with("0-0") {
            self.castlings += 1;
        }
        if text.contains("@@") {
            self.placements += 1;
        } else if b.first() == Some(&b'@') || text.contains(",@") {
            self.square_moves += 1;
        }
        if matches!(text, "--" | "Z0" | "0000") {
            self.passes += 1;
        }
    }
}

/// Everything a run learns about one game.
#[derive(Clone, Debug, Default)]
pub struct GameOut {
    /// The verifier's report; `index` is the game's index in its input.
    pub report: GameReport,
    /// Counts along the mainline.
    pub moves: MoveCounts,
    /// The record, when the run asked for records.
    pub record: Option<Game>,
    /// The diagnostics of this game, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Collects reports and move counts for the verifier.
#[derive(Debug, Default)]
struct Collect {
    moves: MoveCounts,
    reports: Vec<(GameReport, MoveCounts)>,
    /// Whether moves are counted (each move's SAN is then written, which
    /// `check` has no use for).
    count_moves: bool,
}

impl Observer for Collect {
    fn mainline_ply(&mut self, _ply: u32, san: &str, _after: &AnyPosition) {
        self.moves.count(san);
    }

    fn end_game(&mut self, report: &GameReport, last: Option<&AnyPosition>) {
        let mut moves = std::mem::take(&mut self.moves);
        moves.points = last
            .and_then(AnyPosition::points)
            .map(|p| (p.white, p.black));
        self.reports.push((report.clone(), moves));
    }

    fn wants_plies(&self) -> bool {
        self.count_moves
    }

    // `check` (which counts no moves) uses no tag of a report: they are
    // not decoded for it, as on one thread.
    fn wants_tags(&self) -> bool {
        self.count_moves
    }
}

/// Feeds the builder every event and the verifier what it asks for: when it
/// skips a variation or a game, the events it would not have seen are held
/// back from it until the matching end.
struct Tee<'a> {
    builder: Option<&'a mut Builder>,
    verifier: &'a mut Verifier<Collect>,
    /// Open variations the verifier skips (0: none).
    skip_var: u32,
    skip_game: bool,
}

impl Visitor for Tee<'_> {
    fn event(&mut self, event: Event<'_>, span: Span, line: &LineContext<'_>) -> Flow {
        let Some(builder) = self.builder.as_deref_mut() else {
            return self.verifier.event(event, span, line);
        };
        builder.event(event, span, line);
        let forward = match event {
            Event::EndGame => {
                self.skip_game = false;
                self.skip_var = 0;
                true
            }
            _ if self.skip_game => false,
            Event::BeginVariation if self.skip_var > 0 => {
                self.skip_var += 1;
                false
            }
            Event::EndVariation if self.skip_var > 0 => {
                self.skip_var -= 1;
                self.skip_var == 0
            }
            _ => self.skip_var == 0,
        };
        if forward {
            match self.verifier.event(event, span, line) {
                Flow::SkipVariation => self.skip_var = 1,
                Flow::SkipGame => self.skip_game = true,
                Flow::Stop => return Flow::Stop,
                Flow::Continue => {}
            }
        }
        Flow::Continue
    }

    fn problem(&mut self, problem: &SyntaxProblem, span: Span, line: &LineContext<'_>) -> Flow {
        match self.verifier.problem(problem, span, line) {
            Flow::Stop => Flow::Stop,
            _ => Flow::Continue,
        }
    }
}

/// Moves the lines of a span found by a reader that counted lines from 1 at
/// the start of its part of the input.
fn shift(span: &mut Span, lines: u32) {
    // Line 0: no place (a record's root).
    if span.line > 0 {
        span.line = span.line.saturating_add(lines);
    }
}

/// What one part of an input gave: its games, and diagnostics outside any game.
#[derive(Debug, Default)]
pub struct ChunkOut {
    /// Games in order; indices local to the part (from 1).
    pub games: Vec<GameOut>,
    /// Findings between games (prose, binary data), in order with the games:
    /// each is paired with the number of games before it.
    pub stray: Vec<(usize, Diagnostic)>,
    /// The verifier's totals over the part (moves include variations).
    pub counts: crate::verify::Counts,
}

impl ChunkOut {
    /// Adds `lines` to every line number: a worker's reader counts lines
    /// from 1 where it started, and only the ordered writer knows that
    /// line's number in the input.
    pub fn shift_lines(&mut self, lines: u32) {
        if lines == 0 {
            return;
        }
        let diags = self
            .games
            .iter_mut()
            .flat_map(|g| g.diagnostics.iter_mut())
            .chain(self.stray.iter_mut().map(|(_, d)| d));
        for d in diags {
            if let Some(s) = &mut d.span {
                shift(s, lines);
            }
            if let Some(src) = &mut d.source {
                src.number = src.number.saturating_add(lines);
            }
        }
        for g in self.games.iter_mut().filter_map(|g| g.record.as_mut()) {
            shift(&mut g.span, lines);
            for n in &mut g.nodes {
                shift(&mut n.span, lines);
            }
        }
    }
}

/// Where [`analyse`] stops reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// A game that begins at or past this offset is not read: it belongs to
    /// whoever reads from there on.
    pub limit: u64,
    /// After the first game that ends at or past this offset, the results
    /// so far are handed back (call again for more), so that memory stays
    /// flat however much one call would read.
    pub part_end: u64,
}

/// How [`analyse`] stopped.
#[derive(Debug)]
pub enum Ended {
    /// Before a game that begins at or past [`Bounds::limit`]; the span of
    /// its start.
    Limit(Span),
    /// Past [`Bounds::part_end`]: there is more to read.
    Part,
    /// At the end of the input.
    Eof,
    /// Reading failed; the results before the failure are kept.
    Failed(io::Error),
}

/// Stops the reader before a game that begins past the limit, and notes
/// where the last event ended.
struct Bounded<'a, V> {
    inner: &'a mut V,
    limit: u64,
    stopped_at: Option<Span>,
    last_end: u64,
}

impl<V: Visitor> Visitor for Bounded<'_, V> {
    #[inline(always)]
    fn event(&mut self, event: Event<'_>, span: Span, line: &LineContext<'_>) -> Flow {
        if matches!(event, Event::BeginGame) && span.start >= self.limit {
            self.stopped_at = Some(span);
            return Flow::Stop;
        }
        self.last_end = span.end;
        self.inner.event(event, span, line)
    }

    fn problem(&mut self, problem: &SyntaxProblem, span: Span, line: &LineContext<'_>) -> Flow {
        self.inner.problem(problem, span, line)
    }
}

/// One game through `visitor`, unless it begins at or past `limit`: how
/// the read ended, where the game stopped before began, where the last
/// event ended.
fn read_bounded<R: Read, V: Visitor>(
    reader: &mut Reader<R>,
    visitor: &mut V,
    limit: u64,
) -> (io::Result<bool>, Option<Span>, u64) {
    let mut bounded = Bounded {
        inner: visitor,
        limit,
        stopped_at: None,
        last_end: 0,
    };
    let read = reader.read_game(&mut bounded);
    (read, bounded.stopped_at, bounded.last_end)
}

/// Reads and verifies games from `reader` within `bounds`; builds records
/// when `records` is set, counts captures, checks and the like along each
/// mainline when `count_moves` is. Spans are the reader's (see
/// [`Reader::resume`]); lines count from where the reader started.
pub fn analyse<R: Read>(
    reader: &mut Reader<R>,
    name: &Arc<str>,
    records: bool,
    count_moves: bool,
    bounds: Bounds,
) -> (ChunkOut, Ended) {
    let collect = Collect {
        count_moves,
        ..Collect::default()
    };
    let mut verifier = Verifier::with_observer(name.clone(), collect);
    let mut builder = Builder::new(reader.limits().max_game_size);
    let mut out = ChunkOut::default();
    let ended = loop {
        let (read, stopped_at, last_end) = if records {
            let mut tee = Tee {
                builder: Some(&mut builder),
                verifier: &mut verifier,
                skip_var: 0,
                skip_game: false,
            };
            read_bounded(reader, &mut tee, bounds.limit)
        } else {
            // The verifier itself, so that its event dispatch is inlined
            // into the reader's calls as on one thread.
            read_bounded(reader, &mut verifier, bounds.limit)
        };
        let diags: Vec<Diagnostic> = verifier.drain().collect();
        let reports = std::mem::take(&mut verifier.observer_mut().reports);
        let mut record = builder.take();
        if let Some(g) = &mut record {
            crate::export::replay::annotate(g);
        }
        let mut reports = reports.into_iter();
        match reports.next() {
            Some((report, moves)) => out.games.push(GameOut {
                report,
                moves,
                record,
                diagnostics: diags,
            }),
            None => {
                let before = out.games.len();
                out.stray.extend(diags.into_iter().map(|d| (before, d)));
            }
        }
        // One game per read_game; more would be a reader bug, kept anyway.
        for (report, moves) in reports {
            out.games.push(GameOut {
                report,
                moves,
                ..GameOut::default()
            });
        }
        match (read, stopped_at) {
            (Err(e), _) => break Ended::Failed(e),
            (Ok(_), Some(span)) => break Ended::Limit(span),
            (Ok(false), None) => break Ended::Eof,
            (Ok(true), None) if last_end >= bounds.part_end => break Ended::Part,
            (Ok(true), None) => {}
        }
    };
    out.counts = verifier.counts();
    (out, ended)
}

pub use super::pipeline::{BatchConfig, Step, run};

/// Where a run's product goes: stdout, or a file that appears only when
/// complete.
#[derive(Debug)]
pub enum Destination {
    /// Standard output, buffered.
    Stdout(io::BufWriter<io::StdoutLock<'static>>),
    /// `-o FILE`.
    File(crate::io::AtomicFile),
}

impl Destination {
    /// Opens `path` (refusing to overwrite unless `force`), or stdout.
    ///
    /// # Errors
    ///
    /// The file exists and `force` is not set, or no temporary file can be
    /// made next to it.
    pub fn open(path: Option<&std::path::Path>, force: bool) -> Result<Destination, super::Error> {
        use crate::io::{AtomicFile, Overwrite};
        Ok(match path {
            None => {
                Destination::Stdout(io::BufWriter::with_capacity(64 * 1024, io::stdout().lock()))
            }
            Some(p) if p.as_os_str() == "-" => {
                Destination::Stdout(io::BufWriter::new(io::stdout().lock()))
            }
            Some(p) => {
                let how = if force {
                    Overwrite::Force
                } else {
                    Overwrite::Refuse
                };
                Destination::File(AtomicFile::create(p, how)?)
            }
        })
    }

    /// Flushes stdout, or renames the finished file into place.
    ///
    /// # Errors
    ///
    /// Writing, syncing or renaming failed.
    pub fn commit(self) -> Result<(), super::Error> {
        match self {
            Destination::Stdout(mut w) => w
                .flush()
                .map_err(super::Error::write(super::term::Stream::Stdout)),
            Destination::File(f) => Ok(f.commit()?),
        }
    }

    /// The error a failed write on this destination is.
    pub fn write_error(&self, source: io::Error) -> super::Error {
        match self {
            Destination::Stdout(_) => super::Error::Write {
                stream: super::term::Stream::Stdout,
                source,
            },
            Destination::File(f) => super::Error::Output(crate::io::OutputError::Write {
                path: f.path().to_path_buf(),
                source,
            }),
        }
    }
}

impl io::Write for Destination {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Destination::Stdout(w) => w.write(buf),
            Destination::File(f) => f.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Destination::Stdout(w) => w.write_all(buf),
            Destination::File(f) => f.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Destination::Stdout(w) => w.flush(),
            Destination::File(f) => f.flush(),
        }
    }
}

/// Reports what a step says on stderr: input errors and each error
/// diagnostic of a game. Returns the status it calls for.
///
/// # Errors
///
/// Writing to stderr failed.
pub fn report(
    step: &Step,
    color: bool,
    err: &mut impl io::Write,
) -> Result<super::ExitStatus, super::Error> {
    use super::ExitStatus;
    let stream = super::Error::write(super::term::Stream::Stderr);
    match step {
        Step::InputError(e) => {
            super::print_error(err, e, color)
                .and_then(|()| err.flush())
                .map_err(stream)?;
            Ok(ExitStatus::Error)
        }
        Step::Begin(_) => Ok(ExitStatus::Success),
        Step::Chunk(_, out) => {
            let mut status = ExitStatus::Success;
            let mut stray = out.stray.iter().peekable();
            for (i, g) in out.games.iter().enumerate() {
                while let Some((_, d)) = stray.next_if(|(before, _)| *before <= i) {
                    status = status.merge(diagnostic(d, color, err)?);
                }
                for d in &g.diagnostics {
                    status = status.merge(diagnostic(d, color, err)?);
                }
                if g.record.as_ref().is_some_and(|r| r.truncated) {
                    writeln!(
                        err,
                        "xpgn: error: game {} is larger than the limit and was cut",
                        g.report.index
                    )
                    .map_err(super::Error::write(super::term::Stream::Stderr))?;
                    status = status.merge(ExitStatus::Invalid);
                }
            }
            for (_, d) in stray {
                status = status.merge(diagnostic(d, color, err)?);
            }
            // Flushed while the progress bar is suspended, so they don't mix.
            err.flush().map_err(stream)?;
            Ok(status)
        }
    }
}

/// Prints an error diagnostic (warnings and notes are `check`'s business).
fn diagnostic(
    d: &Diagnostic,
    color: bool,
    err: &mut impl io::Write,
) -> Result<super::ExitStatus, super::Error> {
    if d.severity != crate::diag::Severity::Error {
        return Ok(super::ExitStatus::Success);
    }
    crate::diag::render::render_human(d, color, err)
        .and_then(|()| writeln!(err))
        .map_err(super::Error::write(super::term::Stream::Stderr))?;
    Ok(super::ExitStatus::Invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_counts_read_canonical_notation() {
        let mut c = MoveCounts::default();
        for m in [
            "exd5", "Qxf7#", "e8=Q+", "O-O-O", "@@f3", "@g8-e6", "--", "Nf3",
        ] {
            c.count(m);
        }
        assert_eq!(
            c,
            MoveCounts {
                captures: 2,
                checks: 2,
                promotions: 1,
                castlings: 1,
                placements: 1,
                square_moves: 1,
                passes: 1,
                points: None,
            }
        );
    }

    #[test]
    fn a_resumed_part_matches_one_pass_once_its_lines_are_shifted() {
        let game = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n";
        let text = game.repeat(3);
        let all = Bounds {
            limit: u64::MAX,
            part_end: u64::MAX,
        };
        let name = Arc::from("x");
        let mut reader = Reader::new(text.as_bytes());
        let (one, ended) = analyse(&mut reader, &name, true, true, all);
        assert!(matches!(ended, Ended::Eof));
        assert_eq!(one.games.len(), 3);
        let third = &one.games[2];
        let span = third.diagnostics[0].span.expect("span");
        assert_eq!(span.line, 11);
        let offset = 2 * game.len() as u64;
        let at = crate::notation::Resume {
            offset,
            skip: 0,
            line: 1,
            line_start: offset,
        };
        let mut reader = Reader::resume(game.as_bytes(), at);
        let (mut part, _) = analyse(&mut reader, &name, true, true, all);
        part.shift_lines(8);
        assert_eq!(part.games[0].diagnostics[0].span, Some(span));
        assert_eq!(
            part.games[0].record.as_ref().expect("record").nodes[3].span,
            third.record.as_ref().expect("record").nodes[3].span
        );
    }

    #[test]
    fn analyse_stops_before_a_game_past_its_limit_and_hands_out_parts() {
        let game = "[Event \"a\"]\n\n1. e4 *\n\n";
        let text = game.repeat(4);
        let name = Arc::from("x");
        let g = game.len() as u64;
        let mut reader = Reader::new(text.as_bytes());
        let bounds = Bounds {
            limit: g + 1,
            part_end: 1,
        };
        let (first, ended) = analyse(&mut reader, &name, false, false, bounds);
        assert_eq!(first.games.len(), 1);
        assert!(matches!(ended, Ended::Part));
        let (second, ended) = analyse(&mut reader, &name, false, false, bounds);
        assert_eq!(second.games.len(), 1);
        assert!(matches!(ended, Ended::Part));
        let (third, ended) = analyse(&mut reader, &name, false, false, bounds);
        assert_eq!(third.games.len(), 0);
        let Ended::Limit(span) = ended else {
            panic!("{ended:?}")
        };
        assert_eq!((span.start, span.line, span.column), (2 * g, 9, 1));
    }
}
