//! What a whole-archive run (`check -j`, `convert`, `stats`) does with one
//! part of an input: [`analyse`] reads and verifies its games; the results'
//! types; where a run's product goes ([`Destination`]) and how errors of a
//! step are reported. How inputs are cut into parts, spread over worker
//! threads and put back in order is in [`super::pipeline`].

use std::io::{self, Read, Write};
use std::sync::Arc;

use crate::diag::{Diagnostic, Span};
use crate::export::lean::Lean;
use crate::export::records::{Collect, Tee};
pub use crate::export::records::{MoveCounts, Notations};
use crate::notation::{Event, Flow, LineContext, Reader, SyntaxProblem, Visitor};
use crate::record::{Builder, Game};
use crate::verify::{GameReport, Verifier};

/// Everything a run learns about one game.
#[derive(Clone, Debug, Default)]
pub struct GameOut {
    /// The verifier's report; `index` is the game's index in its input.
    pub report: GameReport,
    /// Counts along the mainline.
    pub moves: MoveCounts,
    /// The record, when the run asked for records.
    pub record: Option<Game>,
    /// The game written in PGN, when the run asked for that
    /// ([`Notations::lean`]) instead of records.
    pub rendered: Option<crate::export::lean::Rendered>,
    /// The diagnostics of this game, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// The game's identity for `dedupe`, when the run asked for keys.
    pub key: Option<crate::export::key::GameKey>,
}

/// Bytes of a game's written text that weigh as one more item in the
/// results budget ([`ChunkOut::items`]): about an average game's JSON, so
/// that an average part weighs what it did when games were only counted.
pub const ITEM_BYTES: usize = 16 << 10;

impl GameOut {
    /// This game's weight in the results budget: itself, its diagnostics,
    /// and its written text by [`ITEM_BYTES`].
    pub fn items(&self) -> usize {
        let text = self.rendered.as_ref().map_or(0, |r| r.bytes.len());
        1 + self.diagnostics.len() + text / ITEM_BYTES
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
    /// Games read in the part: `games.len()`, unless the run keeps no
    /// game's results (`check`), which then holds every diagnostic in
    /// [`stray`](Self::stray), in order.
    pub game_count: u64,
}

impl ChunkOut {
    /// Adds `before` (the games of the input before this part) to the
    /// part-local game indices, in the reports and in the diagnostics.
    pub fn offset_indices(&mut self, before: u64) {
        for g in &mut self.games {
            g.report.index += before;
        }
        let diags = self
            .games
            .iter_mut()
            .flat_map(|g| g.diagnostics.iter_mut())
            .chain(self.stray.iter_mut().map(|(_, d)| d));
        for d in diags {
            if let Some(r) = &mut d.game {
                r.index += before;
            }
        }
    }

    /// Games and diagnostics held, a game written as read weighing one
    /// more for every [`ITEM_BYTES`] of its text: what the pipeline's
    /// results budget counts. By count alone a budget of games held some
    /// 3 MiB of JSON on average but had no bound in bytes, as a part of
    /// long annotated games is ten times the average.
    pub fn items(&self) -> usize {
        self.games.iter().map(GameOut::items).sum::<usize>() + self.stray.len()
    }

    /// Bytes of the games' written text held (tests hold them to the budget).
    pub fn text_bytes(&self) -> usize {
        let text = |g: &GameOut| g.rendered.as_ref().map_or(0, |r| r.bytes.len());
        self.games.iter().map(text).sum()
    }

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
            if let Some(crate::record::Cut::Skipped { line }) = &mut g.cut {
                *line = line.saturating_add(lines);
            }
            shift(&mut g.span, lines);
            for n in &mut g.nodes {
                shift(&mut n.span, lines);
            }
        }
        for r in self.games.iter_mut().filter_map(|g| g.rendered.as_mut()) {
            r.shift_lines(lines);
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
    /// After the results hold this many games and diagnostics, they are
    /// handed back too: tiny games make many results per byte of input.
    pub part_items: usize,
}

/// How [`analyse`] stopped.
#[derive(Debug)]
pub enum Ended {
    /// Before a game that begins at or past [`Bounds::limit`]; the span of
    /// its start.
    Limit(Span),
    /// Past [`Bounds::part_end`] or [`Bounds::part_items`]: there is more
    /// to read; the offset where the last game ended.
    Part(u64),
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
/// (with both notations) when `records` is set, counts captures, checks and
/// the like along each mainline when `count_moves` is. Spans are the
/// reader's (see [`Reader::resume`]); lines count from where the reader
/// started.
pub fn analyse<R: Read>(
    reader: &mut Reader<R>,
    name: &Arc<str>,
    records: bool,
    count_moves: bool,
    bounds: Bounds,
) -> (ChunkOut, Ended) {
    let notations = records.then_some(Notations::BOTH);
    analyse_records(reader, name, notations, count_moves, bounds)
}

/// [`analyse`], building records whose moves get the notations asked for
/// (`None`: no records).
pub fn analyse_records<R: Read>(
    reader: &mut Reader<R>,
    name: &Arc<str>,
    notations: Option<Notations>,
    count_moves: bool,
    bounds: Bounds,
) -> (ChunkOut, Ended) {
    analyse_keyed(reader, name, notations, count_moves, false, bounds)
}

/// [`analyse_records`], also giving each game its key
/// ([`GameOut::key`]) when `keys` is set.
pub fn analyse_keyed<R: Read>(
    reader: &mut Reader<R>,
    name: &Arc<str>,
    notations: Option<Notations>,
    count_moves: bool,
    keys: bool,
    bounds: Bounds,
) -> (ChunkOut, Ended) {
    let records = notations.is_some();
    let mut collect = Collect::with_notations(notations, count_moves);
    if keys {
        collect = collect.keyed();
    }
    let mut verifier = Verifier::with_observer(name.clone(), collect);
    let mut builder = Builder::new(reader.limits().max_game_size);
    let lean_options = notations.and_then(|n| n.lean);
    let json = notations.is_some_and(|n| n.json);
    let mut lean = lean_options.map(|o| {
        let lean = Lean::new(reader.limits().max_game_size, o);
        if json { lean.json() } else { lean }
    });
    let mut out = ChunkOut::default();
    // Games and diagnostics in `out`.
    let mut items = 0usize;
    let ended = loop {
        let (read, stopped_at, last_end) = if let Some(lean) = lean.as_mut() {
            let mut tee = Tee::new(Some(lean), &mut verifier);
            read_bounded(reader, &mut tee, bounds.limit)
        } else if records {
            let mut tee = Tee::new(Some(&mut builder), &mut verifier);
            read_bounded(reader, &mut tee, bounds.limit)
        } else if keys {
            // No record: the tee feeds the key what the verifier skips.
            let mut tee = Tee::<Builder>::new(None, &mut verifier);
            read_bounded(reader, &mut tee, bounds.limit)
        } else {
            // The verifier itself, so that its event dispatch is inlined
            // into the reader's calls as on one thread.
            read_bounded(reader, &mut verifier, bounds.limit)
        };
        let diags: Vec<Diagnostic> = verifier.drain().collect();
        let ended_games = verifier.observer_mut().take_ended();
        out.game_count += ended_games as u64;
        if verifier.observer().keeps_reports() {
            let keys = verifier.observer_mut().take_keys();
            let record = builder.take();
            let rendered = lean.as_mut().and_then(Lean::take);
            // Drained, not taken: the list keeps its room for the next game.
            let reports = verifier.observer_mut().drain_reports();
            items = items.saturating_add(diags.len() + reports.len());
            let text = rendered.as_ref().map_or(0, |r| r.bytes.len());
            items = items.saturating_add(text / ITEM_BYTES);
            out.push_games(reports, keys, diags, record, rendered);
        } else {
            // Diagnostics in order are all `check` reads.
            items = items.saturating_add(diags.len());
            out.stray.extend(diags.into_iter().map(|d| (0, d)));
        }
        match (read, stopped_at) {
            (Err(e), _) => break Ended::Failed(e),
            (Ok(_), Some(span)) => break Ended::Limit(span),
            (Ok(false), None) => break Ended::Eof,
            (Ok(true), None) if last_end >= bounds.part_end || items >= bounds.part_items => {
                break Ended::Part(last_end);
            }
            (Ok(true), None) => {}
        }
    };
    out.counts = verifier.counts();
    (out, ended)
}

impl ChunkOut {
    /// Adds what one read gave: the reports of the games it ended (one, or
    /// none between games), their keys, the diagnostics, the record or the
    /// rendered game.
    fn push_games(
        &mut self,
        mut reports: impl ExactSizeIterator<Item = (GameReport, MoveCounts)>,
        keys: Vec<crate::export::key::GameKey>,
        diags: Vec<Diagnostic>,
        record: Option<Game>,
        rendered: Option<crate::export::lean::Rendered>,
    ) {
        let mut keys = keys.into_iter();
        match reports.next() {
            Some((report, moves)) => self.games.push(GameOut {
                report,
                moves,
                record,
                rendered,
                diagnostics: diags,
                key: keys.next(),
            }),
            None => {
                let before = self.games.len();
                self.stray.extend(diags.into_iter().map(|d| (before, d)));
            }
        }
        // One game per read_game; more would be a reader bug, kept anyway.
        for (report, moves) in reports {
            self.games.push(GameOut {
                report,
                moves,
                key: keys.next(),
                ..GameOut::default()
            });
        }
    }
}

pub use super::pipeline::{BatchConfig, ByteRange, Step, run, run_range};

/// Where a run's product goes: stdout, or a file that appears only when
/// complete.
#[derive(Debug)]
pub enum Destination {
    /// Standard output, buffered.
    Stdout(io::BufWriter<RawStdout>),
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
            None => Destination::Stdout(io::BufWriter::with_capacity(64 * 1024, RawStdout::new())),
            Some(p) if p.as_os_str() == "-" => {
                Destination::Stdout(io::BufWriter::new(RawStdout::new()))
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

/// Standard output under [`Destination`]'s own buffer: its file
/// descriptor itself where it can be had, not the standard library's line
/// buffer, which looked for the last newline in each 64 KiB the buffer
/// handed it and copied what followed (2% of `convert --to jsonl`, whose
/// lines are long).
#[derive(Debug)]
pub enum RawStdout {
    /// A duplicate of the descriptor.
    File(std::fs::File),
    /// The locked, line-buffered handle.
    Lock(io::StdoutLock<'static>),
}

impl RawStdout {
    fn new() -> RawStdout {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            if let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() {
                return RawStdout::File(std::fs::File::from(fd));
            }
        }
        RawStdout::Lock(io::stdout().lock())
    }
}

impl io::Write for RawStdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            RawStdout::File(f) => f.write(buf),
            RawStdout::Lock(l) => l.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            RawStdout::File(f) => f.flush(),
            RawStdout::Lock(l) => l.flush(),
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
        Step::Chunk(file, out) => {
            let mut status = ExitStatus::Success;
            let mut stray = out.stray.iter().peekable();
            for (i, g) in out.games.iter().enumerate() {
                while let Some((_, d)) = stray.next_if(|(before, _)| *before <= i) {
                    status = status.merge(diagnostic(d, color, err)?);
                }
                for d in &g.diagnostics {
                    status = status.merge(diagnostic(d, color, err)?);
                }
                if let Some(r) = g.record.as_ref().filter(|r| r.truncated) {
                    not_converted(err, file, g.report.index, r.span.line, r.cut)?;
                    status = status.merge(ExitStatus::Invalid);
                }
                if let Some(r) = g.rendered.as_ref().filter(|r| r.truncated()) {
                    not_converted(err, file, g.report.index, r.span.line, r.cut)?;
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

/// Says that a record that is not the whole game is not converted: it is
/// never written shortened as if it were the game.
///
/// # Errors
///
/// Writing to stderr failed.
pub fn not_converted(
    err: &mut impl io::Write,
    file: &str,
    index: u64,
    line: u32,
    cut: Option<crate::record::Cut>,
) -> Result<(), super::Error> {
    let line = line.max(1);
    match &cut {
        Some(why) => writeln!(
            err,
            "xpgn: error: {file}:{line}: game {index} is not converted: {why}"
        ),
        None => writeln!(
            err,
            "xpgn: error: {file}:{line}: game {index} is not converted: the record says it was cut"
        ),
    }
    .map_err(super::Error::write(super::term::Stream::Stderr))
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
    fn a_resumed_part_matches_one_pass_once_its_lines_are_shifted() {
        let game = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n";
        let text = game.repeat(3);
        let all = Bounds {
            limit: u64::MAX,
            part_end: u64::MAX,
            part_items: usize::MAX,
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
            part_items: usize::MAX,
        };
        // As `check` runs it: games counted, no report kept.
        let (first, ended) = analyse(&mut reader, &name, false, false, bounds);
        assert_eq!((first.game_count, first.games.len()), (1, 0));
        assert!(matches!(ended, Ended::Part(_)));
        let (second, ended) = analyse(&mut reader, &name, false, false, bounds);
        assert_eq!(second.game_count, 1);
        assert!(matches!(ended, Ended::Part(_)));
        let (third, ended) = analyse(&mut reader, &name, false, false, bounds);
        assert_eq!(third.game_count, 0);
        let Ended::Limit(span) = ended else {
            panic!("{ended:?}")
        };
        assert_eq!((span.start, span.line, span.column), (2 * g, 9, 1));
    }
}
