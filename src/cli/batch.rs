//! Whole-archive runs for `convert` and `stats`: inputs split into chunks of
//! whole games on one thread, chunks read and verified on `--jobs` worker
//! threads, results put back in input order on the calling thread.
//!
//! Memory stays flat: at most a fixed number of chunks (each about
//! [`CHUNK_SIZE`] bytes, plus its results) are in flight at any time, however
//! large the archive. The progress bar (bytes, games, games/s, ETA) is drawn
//! only when stderr is a terminal and `--quiet` is not given.

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::diag::{Diagnostic, Span};
pub use crate::export::records::MoveCounts;
pub use crate::export::records::Notations;
use crate::export::records::{Collect, Tee};
use crate::io::split::{Chunk, split};
use crate::io::{Input, InputError, expand};
use crate::notation::Reader;
use crate::record::{Builder, Game};
use crate::verify::{GameReport, Verifier};

/// Bytes per chunk handed to a worker.
pub const CHUNK_SIZE: usize = 1 << 20;

/// Bytes per chunk when whole records are built: a record takes some 50
/// times the memory of its text, so chunks are smaller to keep memory flat
/// and low.
pub const RECORD_CHUNK_SIZE: usize = 1 << 18;

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

/// Moves a span found in a chunk to the input's coordinates.
fn rebase(span: &mut Span, chunk_offset: u64, chunk_line: u32) {
    span.start += chunk_offset;
    span.end += chunk_offset;
    span.line = span.line.saturating_add(chunk_line - 1);
}

/// What one chunk gave: its games, and diagnostics outside any game.
#[derive(Debug, Default)]
pub struct ChunkOut {
    /// Games in order; indices local to the chunk (from 1).
    pub games: Vec<GameOut>,
    /// Findings between games (prose, binary data), in order with the games:
    /// each is paired with the number of games before it.
    pub stray: Vec<(usize, Diagnostic)>,
    /// The verifier's totals over the chunk (moves include variations).
    pub counts: crate::verify::Counts,
}

/// Reads and verifies one chunk; builds records when `records` is set,
/// counts captures, checks and the like along each mainline when
/// `count_moves` is.
pub fn analyse(chunk: &Chunk, name: &Arc<str>, records: bool, count_moves: bool) -> ChunkOut {
    analyse_records(chunk, name, records.then_some(Notations::BOTH), count_moves)
}

/// [`analyse`], building records whose moves get the notations asked for
/// (`None`: no records).
pub fn analyse_records(
    chunk: &Chunk,
    name: &Arc<str>,
    notations: Option<Notations>,
    count_moves: bool,
) -> ChunkOut {
    let records = notations.is_some();
    let collect = Collect::with_notations(notations, count_moves);
    let mut verifier = Verifier::with_observer(name.clone(), collect);
    let mut reader = Reader::new(&chunk.data[..]);
    let mut builder = Builder::new(reader.limits().max_game_size);
    let mut out = ChunkOut::default();
    loop {
        let more = {
            let mut tee = Tee::new(records.then_some(&mut builder), &mut verifier);
            // Reading from memory cannot fail.
            reader.read_game(&mut tee).unwrap_or(false)
        };
        let mut diags: Vec<Diagnostic> = verifier.drain().collect();
        for d in &mut diags {
            if let Some(s) = &mut d.span {
                rebase(s, chunk.offset, chunk.line);
            }
            if let Some(src) = &mut d.source {
                src.number = src.number.saturating_add(chunk.line - 1);
            }
        }
        let reports = verifier.observer_mut().take_reports();
        let mut record = builder.take();
        if let Some(g) = &mut record {
            if let Some(crate::record::Cut::Skipped { line }) = &mut g.cut {
                *line = line.saturating_add(chunk.line - 1);
            }
            rebase(&mut g.span, chunk.offset, chunk.line);
            for n in &mut g.nodes {
                rebase(&mut n.span, chunk.offset, chunk.line);
            }
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
        if !more {
            break;
        }
    }
    out.counts = verifier.counts();
    out
}

/// One step of a run, in input order.
#[derive(Debug)]
pub enum Step {
    /// An input could not be listed, opened or read to its end.
    InputError(InputError),
    /// An input starts.
    Begin(Arc<str>),
    /// A chunk's results; game indices are already counted per input.
    Chunk(Arc<str>, ChunkOut),
}

enum Job {
    Pass(Step),
    Work(Arc<str>, Chunk),
}

/// Counts the bytes read from an input, for the progress bar.
struct Counting<R> {
    inner: R,
    bytes: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// How a run is carried out.
#[derive(Clone, Debug)]
pub struct BatchConfig {
    /// `FILE|DIR|-` arguments.
    pub inputs: Vec<PathBuf>,
    /// Worker threads.
    pub jobs: NonZeroUsize,
    /// Build records (convert) or not (stats).
    pub records: bool,
    /// The notations the moves of records get (convert: the one its PGN
    /// is written in, both for JSON).
    pub notations: Notations,
    /// Count captures, checks, promotions and the like along each
    /// mainline ([`GameOut::moves`]; stats and convert), or not (check).
    pub count_moves: bool,
    /// Draw a progress bar.
    pub progress: bool,
}

/// Runs the pipeline and calls `step` with every step in input order.
/// `step` returns `false` to stop the run (e.g. the output is gone).
pub fn run(config: &BatchConfig, mut step: impl FnMut(Step) -> bool) {
    let inputs = expand(&config.inputs);
    let total: u64 = inputs
        .iter()
        .filter_map(|i| match i.as_ref().ok()?.source() {
            crate::io::InputSource::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
            crate::io::InputSource::Stdin => None,
        })
        .sum();
    let bar = progress_bar(config.progress, total);
    let bytes = Arc::new(AtomicU64::new(0));
    let jobs = config.jobs.get();
    // Chunks in flight: enough to keep every worker busy, few enough that
    // memory does not grow with the archive.
    let in_flight = jobs * 2 + 2;
    let (job_tx, job_rx) = sync_channel::<(u64, Job)>(jobs);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = sync_channel::<(u64, Step)>(in_flight);
    let (token_tx, token_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        let _ = token_tx.send(());
    }
    let records = config.records;
    let notations = config.notations;
    let count_moves = config.count_moves;
    std::thread::scope(|scope| {
        let bytes_split = Arc::clone(&bytes);
        let chunk_size = if records {
            RECORD_CHUNK_SIZE
        } else {
            CHUNK_SIZE
        };
        scope.spawn(move || splitter(inputs, job_tx, token_rx, bytes_split, chunk_size));
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let job_rx = &job_rx;
            let wanted = records.then_some(notations);
            scope.spawn(move || worker(job_rx, done_tx, wanted, count_moves));
        }
        drop(done_tx);
        ordered(&done_rx, &token_tx, &bar, &bytes, &mut step);
        // Dropping the receivers stops the other threads if we stopped early.
        drop(done_rx);
        drop(token_tx);
    });
    bar.finish_and_clear();
}

fn progress_bar(show: bool, total: u64) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{bar:30} {bytes}/{total_bytes} ({bytes_per_sec}) {msg}, ETA {eta}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

fn splitter(
    inputs: Vec<Result<Input, InputError>>,
    jobs: std::sync::mpsc::SyncSender<(u64, Job)>,
    tokens: Receiver<()>,
    bytes: Arc<AtomicU64>,
    chunk_size: usize,
) {
    let mut seq = 0u64;
    let mut send = |job: Job| -> bool {
        if tokens.recv().is_err() {
            return false;
        }
        let ok = jobs.send((seq, job)).is_ok();
        seq += 1;
        ok
    };
    for item in inputs {
        let input = match item {
            Ok(i) => i,
            Err(e) => {
                if !send(Job::Pass(Step::InputError(e))) {
                    return;
                }
                continue;
            }
        };
        let name = Arc::clone(input.name());
        let raw = match input.open_raw() {
            Ok(r) => r,
            Err(e) => {
                if !send(Job::Pass(Step::InputError(e))) {
                    return;
                }
                continue;
            }
        };
        let counted = Counting {
            inner: raw,
            bytes: Arc::clone(&bytes),
        };
        if !send(Job::Pass(Step::Begin(Arc::clone(&name)))) {
            return;
        }
        let mut stopped = false;
        let result = crate::io::decompress::decode(Box::new(counted)).and_then(|read| {
            split(read, chunk_size, |chunk| {
                stopped = !send(Job::Work(Arc::clone(&name), chunk));
                !stopped
            })
        });
        if stopped {
            return;
        }
        if let Err(source) = result {
            let e = InputError::Read { name, source };
            if !send(Job::Pass(Step::InputError(e))) {
                return;
            }
        }
    }
}

fn worker(
    jobs: &Mutex<Receiver<(u64, Job)>>,
    done: std::sync::mpsc::SyncSender<(u64, Step)>,
    records: Option<Notations>,
    count_moves: bool,
) {
    loop {
        let next = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok((seq, job)) = next else { return };
        let step = match job {
            Job::Pass(step) => step,
            Job::Work(name, chunk) => {
                let out = analyse_records(&chunk, &name, records, count_moves);
                Step::Chunk(name, out)
            }
        };
        if done.send((seq, step)).is_err() {
            return;
        }
    }
}

fn ordered(
    done: &Receiver<(u64, Step)>,
    tokens: &std::sync::mpsc::SyncSender<()>,
    bar: &ProgressBar,
    bytes: &AtomicU64,
    step: &mut impl FnMut(Step) -> bool,
) {
    let mut next = 0u64;
    let mut waiting: BTreeMap<u64, Step> = BTreeMap::new();
    let mut games_in_input = 0u64;
    let mut games = 0u64;
    while let Ok((seq, s)) = done.recv() {
        waiting.insert(seq, s);
        while let Some(mut s) = waiting.remove(&next) {
            next += 1;
            match &mut s {
                Step::Begin(_) => games_in_input = 0,
                Step::Chunk(_, out) => {
                    for g in &mut out.games {
                        g.report.index += games_in_input;
                        for d in &mut g.diagnostics {
                            if let Some(r) = &mut d.game {
                                r.index += games_in_input;
                            }
                        }
                    }
                    games_in_input += out.games.len() as u64;
                    games += out.games.len() as u64;
                }
                Step::InputError(_) => {}
            }
            bar.set_position(bytes.load(Ordering::Relaxed));
            let secs = bar.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!(
                "{games} games ({:.0} games/s)",
                games as f64 / secs
            ));
            if !bar.suspend(|| step(s)) {
                return;
            }
            // Fails only once the splitter is done; never blocks, since no
            // more tokens exist than the channel holds.
            let _ = tokens.send(());
        }
    }
}

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
                if let Some(r) = g.record.as_ref().filter(|r| r.truncated) {
                    let Step::Chunk(file, _) = step else { continue };
                    not_converted(err, file, g.report.index, r)?;
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
    record: &Game,
) -> Result<(), super::Error> {
    let line = record.span.line.max(1);
    match &record.cut {
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
    fn chunked_indices_and_lines_match_one_pass() {
        let game = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n";
        let text = game.repeat(3);
        let one = analyse(
            &Chunk {
                data: text.clone().into_bytes(),
                offset: 0,
                line: 1,
            },
            &Arc::from("x"),
            true,
            true,
        );
        assert_eq!(one.games.len(), 3);
        let third = &one.games[2];
        let span = third.diagnostics[0].span.expect("span");
        assert_eq!(span.line, 11);
        let part = analyse(
            &Chunk {
                data: game.as_bytes().to_vec(),
                offset: 2 * game.len() as u64,
                line: 9,
            },
            &Arc::from("x"),
            true,
            true,
        );
        assert_eq!(part.games[0].diagnostics[0].span, Some(span));
        assert_eq!(
            part.games[0].record.as_ref().expect("record").nodes[3].span,
            third.record.as_ref().expect("record").nodes[3].span
        );
    }
}
