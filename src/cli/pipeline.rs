//! The scheduling of whole-archive runs (`check -j`, `convert`, `stats`):
//! how inputs are cut, read on `--jobs` worker threads and put back in input
//! order, with the same results as one reader going through each input.
//!
//! A plain file is cut into byte ranges ([`Split::range`] bytes). Each
//! worker opens the file itself and reads its range in place: it starts at
//! the range's candidate (`io::split`: a guess at a game's start, the first
//! range starts at 0) and reads games until one begins past the range's end,
//! and says where that game begins ([`Ended::Limit`]). That start is
//! exact when the worker's own start was, so the writer, which takes the
//! ranges in order, keeps the next range's results only if its candidate is
//! exactly there; otherwise it reads on from there itself (rare: a comment
//! or tag section that runs across a range's end past a candidate, or games
//! that do not start with a tag line). By induction from the first range,
//! every result kept is the one-thread reader's.
//!
//! A compressed file or standard input, with more than one job, is decoded
//! by a thread of its own onto a spool of temporary files (`spool`) and
//! read by ranges from there as a plain file is: the same candidates, the
//! same checks by the writer. With one job, or when no temporary file can
//! be made, it is read by one worker from start to end (decoding and
//! reading are one stream), while the workers go on with other inputs.
//!
//! Memory stays flat: a worker hands its results out in parts of about
//! [`Split::part`] bytes of input, and at most a fixed number of ranges
//! (each with its results) are in flight, however large the archive or one
//! game in it. The progress bar (bytes, games, games/s, ETA) is drawn only
//! when stderr is a terminal and `--quiet` is not given.
//!
//! When the consumer stops (its output is gone), every channel closes and
//! the threads end at their next send or receive; a worker in a long game
//! stops at its next part.

use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::batch::{Bounds, ChunkOut, Ended, Notations, analyse_keyed};
use crate::io::decompress::Compression;
use crate::io::{Input, InputError, InputSource, expand};
use crate::notation::{Reader, Resume};
use spool::{Spool, SpoolHandle, SpoolReader};

/// Bytes per range when records are not built.
pub const RANGE_SIZE: u64 = 1 << 20;

/// Bytes per range when whole records are built: a record takes some 50
/// times the memory of its text, so ranges are smaller to keep memory flat
/// and low (4 ranges in flight at `-j2`).
pub const RECORD_RANGE_SIZE: u64 = 1 << 15;

/// Games and diagnostics per part of results at most (a part holds at
/// least one game): a part of tiny games would otherwise hold tens of
/// thousands of reports per range.
pub const PART_ITEMS: usize = 512;

/// Parts' worth of results that may wait for the writer, per job: the
/// budget that keeps memory flat whatever the input ([`gate::Gate`]).
const WAITING_PARTS_PER_JOB: usize = 4;

/// Bytes kept before a restart point on its line, for diagnostics' excerpts
/// (more than the reader keeps before its position).
const LINE_LEAD: u64 = 512;

/// How inputs are cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// Bytes per range of a plain file.
    pub range: u64,
    /// Bytes of input per part of results a worker hands out.
    pub part: u64,
    /// Games and diagnostics per part at most.
    pub items: usize,
}

impl Split {
    /// The sizes a run uses.
    pub fn for_run(records: bool) -> Split {
        let range = if records {
            RECORD_RANGE_SIZE
        } else {
            RANGE_SIZE
        };
        Split {
            range,
            part: range,
            items: PART_ITEMS,
        }
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
    /// mainline ([`super::batch::GameOut::moves`]; stats and convert), or not (check).
    pub count_moves: bool,
    /// Draw a progress bar.
    pub progress: bool,
    /// Give each game its key for `dedupe` ([`super::batch::GameOut::key`]).
    pub keys: bool,
}

/// One step of a run, in input order.
#[derive(Debug)]
pub enum Step {
    /// An input could not be listed, opened or read to its end.
    InputError(InputError),
    /// An input starts.
    Begin(Arc<str>),
    /// A part's results; game indices are already counted per input and
    /// lines are the input's.
    Chunk(Arc<str>, ChunkOut),
}

/// A plain file, or a stream decoded onto a spool, read by ranges.
#[derive(Debug)]
struct Ranged {
    name: Arc<str>,
    body: Body,
    split: Split,
}

/// What a [`Ranged`] input's bytes are in.
#[derive(Debug)]
enum Body {
    /// A plain file of `len` bytes.
    File { path: PathBuf, len: u64 },
    /// A stream's spool; its length is known when the stream has ended.
    Spool(SpoolHandle),
}

/// A range's bytes from some offset on.
enum Source {
    File(File),
    Spool(SpoolReader),
}

impl Read for Source {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Source::File(f) => f.read(buf),
            Source::Spool(s) => s.read(buf),
        }
    }
}

impl Ranged {
    /// The number of ranges (a spool's only once its stream has ended:
    /// until then, as many as there may be).
    fn count(&self) -> u64 {
        match &self.body {
            Body::File { len, .. } => len.div_ceil(self.split.range).max(1),
            Body::Spool(h) => h.spool().count().unwrap_or(u64::MAX),
        }
    }

    fn range_of(&self, at: u64) -> u64 {
        (at / self.split.range).min(self.count() - 1)
    }

    /// The end of range `index` (the file's end for the last). A spool's
    /// last range is not known when its reading starts; its reader meets
    /// the stream's end before the range's end, which is the same.
    fn end_of(&self, index: u64) -> u64 {
        if matches!(self.body, Body::File { .. }) && index + 1 >= self.count() {
            u64::MAX
        } else {
            (index + 1) * self.split.range
        }
    }

    /// The bytes from `offset`.
    fn open_at(&self, offset: u64) -> io::Result<Source> {
        match &self.body {
            Body::File { path, .. } => {
                let mut file = File::open(path)?;
                file.seek(SeekFrom::Start(offset))?;
                Ok(Source::File(file))
            }
            Body::Spool(h) => Ok(Source::Spool(h.spool().reader(offset))),
        }
    }

    /// The number of ranges, the writer being done with the input.
    fn final_count(&self) -> u64 {
        match &self.body {
            Body::File { .. } => self.count(),
            Body::Spool(h) => h.spool().final_count(),
        }
    }

    /// Bytes of the input the progress bar counts (a stream's are not in
    /// its total).
    fn counted_len(&self) -> u64 {
        match &self.body {
            Body::File { len, .. } => *len,
            Body::Spool(_) => 0,
        }
    }

    /// The writer will not read before a handoff at `at` any more, nor
    /// will anyone read the ranges before `at`'s: a spool may drop them.
    fn writer_at(&self, at: u64) {
        if let Body::Spool(h) = &self.body {
            let lo = (at / self.split.range) * self.split.range;
            let floor = lo.min(at.saturating_sub(LINE_LEAD)).saturating_sub(1);
            h.spool().writer_from(floor);
        }
    }

    fn read_error(&self, source: io::Error) -> InputError {
        InputError::Read {
            name: Arc::clone(&self.name),
            source,
        }
    }
}

enum Job {
    /// An input's start, and its ranges if it is read by ranges.
    Begin(Arc<str>, Option<Arc<Ranged>>),
    /// A step that needs no work.
    Pass(Step),
    /// Range `index` of a file.
    Range(Arc<Ranged>, u64),
    /// A whole input read as a stream: its decoded bytes, or why they
    /// cannot be read.
    Stream(Arc<str>, Result<Box<dyn Read + Send>, InputError>),
}

/// Where a reader stopped before a game it does not read: the game's start
/// and its line and column, lines counted from 1 where the reader started.
#[derive(Clone, Copy, Debug)]
struct Handoff {
    at: u64,
    line: u32,
    column: u32,
}

/// What a worker tells the writer; a job gives one or more, in order.
enum Msg {
    Begin(Arc<str>, Option<Arc<Ranged>>),
    Pass(Step),
    /// A range job's start: its candidate, if its range has one (then the
    /// job's parts and its end follow).
    Start(Option<u64>),
    /// Results, the offset reached, and the games and diagnostics they
    /// hold (counted against the budget).
    Part(ChunkOut, u64, usize),
    /// The job is done: the next game's start, or `None` at the input's end.
    End(Option<Handoff>),
    /// Reading failed: the input ends here.
    Failed(InputError),
}

/// Runs the pipeline and calls `step` with every step in input order.
/// `step` returns `false` to stop the run (e.g. the output is gone).
pub fn run(config: &BatchConfig, step: impl FnMut(Step) -> bool) {
    // Games written as read (`Notations::lean`) are small results, not
    // records: the ranges of a run without records.
    // A game's JSON is some ten times its text: written as read, it is
    // handed out in parts as small as records' ranges, of a sixteenth of the
    // games (the budget of results waiting is counted in games), so that
    // the results waiting stay small, but read in ranges as large as the
    // others (a range costs a restart: the file opened, a reader and a
    // verifier set up, its start found). One worker reads a plain file
    // as one range: its reader then counts the input's own lines, and the
    // writer copies each game's JSON as it is instead of moving the line
    // of every span (ranges are for sharing a file between workers), and
    // hands out parts four times as large, as each hand-off wakes the
    // writer (games weigh by their bytes, so a part stays within some
    // 2 MiB of JSON).
    let split = match (config.records, config.notations.lean, config.notations.json) {
        (true, None, _) => Split::for_run(true),
        (true, Some(_), true) => Split {
            range: if config.jobs.get() == 1 {
                1 << 62
            } else {
                RANGE_SIZE
            },
            part: if config.jobs.get() == 1 {
                RANGE_SIZE / 8
            } else {
                RECORD_RANGE_SIZE
            },
            items: if config.jobs.get() == 1 {
                PART_ITEMS / 4
            } else {
                PART_ITEMS / 16
            },
        },
        _ => Split::for_run(false),
    };
    run_split(config, split, step);
}

/// What a run's bookkeeping saw (for tests).
#[derive(Clone, Copy, Debug, Default)]
pub struct RunStats {
    /// The results budget: games and diagnostics that may wait for the writer.
    pub budget: usize,
    /// The most games and diagnostics that waited for the writer at once.
    pub peak_items: usize,
    /// The most bytes of written games that waited for the writer at once.
    pub peak_bytes: usize,
}

/// [`run`] with the given sizes (tests cut inputs into tiny ranges so that
/// every split point is tried).
pub fn run_split(
    config: &BatchConfig,
    split: Split,
    mut step: impl FnMut(Step) -> bool,
) -> RunStats {
    let inputs = expand(&config.inputs);
    let total: u64 = inputs
        .iter()
        .filter_map(|i| match i.as_ref().ok()?.source() {
            InputSource::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
            InputSource::Stdin => None,
        })
        .sum();
    let bar = progress_bar(config.progress, total);
    let jobs = config.jobs.get();
    // Jobs in flight: enough to keep every worker busy, few enough that
    // memory does not grow with the archive (records are large: fewer).
    let in_flight = if config.records && config.notations.lean.is_none() {
        jobs + 2
    } else {
        jobs * 2 + 2
    };
    let (job_tx, job_rx) = sync_channel::<(u64, Job)>(jobs);
    // Shared by the workers only: when they have all ended, the dispatcher's
    // next send fails instead of waiting for ever.
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = sync_channel::<(u64, Msg)>(in_flight * 2);
    let budget = jobs * WAITING_PARTS_PER_JOB * split.items;
    let gate = Gate::new(in_flight, budget);
    let mut stats = RunStats {
        budget,
        peak_items: 0,
        peak_bytes: 0,
    };
    let work = Work {
        records: config.records.then_some(config.notations),
        count_moves: config.count_moves,
        keys: config.keys,
        split,
    };
    std::thread::scope(|scope| {
        let gate = &gate;
        scope.spawn(move || dispatch(inputs, &job_tx, gate, split, in_flight, jobs > 1));
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let job_rx = Arc::clone(&job_rx);
            scope.spawn(move || worker(&job_rx, &done_tx, gate, work));
        }
        drop(job_rx);
        drop(done_tx);
        let mut writer = writer::Writer {
            done: &done_rx,
            gate,
            in_flight,
            waiting: BTreeMap::new(),
            starts: HashMap::new(),
            drop_below: 0,
            bar: &bar,
            games: 0,
            games_in_input: 0,
            bytes_before: 0,
            step: &mut step,
            work,
            waiting_items: 0,
            peak_items: 0,
            waiting_bytes: 0,
            peak_bytes: 0,
        };
        writer.run();
        stats.peak_items = writer.peak_items;
        stats.peak_bytes = writer.peak_bytes;
        // Closing the gate and dropping the receiver stops the other
        // threads if we stopped early.
        gate.close();
        drop(done_rx);
    });
    bar.finish_and_clear();
    stats
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

/// Whether `input` is a plain file (not compressed, not a pipe), and its size.
fn plain_file(input: &Input) -> Option<(PathBuf, u64)> {
    let InputSource::File(path) = input.source() else {
        return None;
    };
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() == 0 {
        return None;
    }
    let mut head = [0u8; 4];
    let mut file = File::open(path).ok()?;
    let mut got = 0;
    while got < head.len() {
        match file.read(&mut head[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    (Compression::sniff(&head[..got]) == Compression::None).then(|| (path.clone(), meta.len()))
}

/// Hands out the jobs in input order, each once a token says there is room.
fn dispatch(
    inputs: Vec<Result<Input, InputError>>,
    jobs: &SyncSender<(u64, Job)>,
    gate: &Gate,
    split: Split,
    in_flight: usize,
    spool: bool,
) {
    let mut seq = 0u64;
    let mut send = |job: Job, weight: usize| -> bool {
        let go = gate.admit(seq, weight);
        let ok = match go {
            None => false,
            Some(true) => jobs.send((seq, job)).is_ok(),
            Some(false) => true,
        };
        seq += 1;
        ok
    };
    for item in inputs {
        let input = match item {
            Ok(i) => i,
            Err(e) => {
                if !send(Job::Pass(Step::InputError(e)), 1) {
                    return;
                }
                continue;
            }
        };
        let name = Arc::clone(input.name());
        let body = match plain_file(&input) {
            Some((path, len)) => Body::File { path, len },
            None => {
                let read = open_decoded(&input);
                let read = match read {
                    Ok(read) if spool => match Spool::start(read, split.range) {
                        Ok(handle) => Ok(handle),
                        Err(read) => Err(Ok(read)),
                    },
                    other => Err(other),
                };
                match read {
                    Ok(handle) => Body::Spool(handle),
                    Err(read) => {
                        if !send(Job::Begin(name.clone(), None), 1) {
                            return;
                        }
                        // A stream is read start to end by one worker, and
                        // its parts go out as it reads: it waits for every
                        // job before it, so that its parts never wait for
                        // them.
                        if !send(Job::Stream(name, read), in_flight) {
                            return;
                        }
                        continue;
                    }
                }
            }
        };
        let ranged = Arc::new(Ranged {
            name: Arc::clone(&name),
            body,
            split,
        });
        if !send(Job::Begin(name, Some(Arc::clone(&ranged))), 1) {
            return;
        }
        let mut index = 0;
        while ranged.has_range(index) {
            if !send(Job::Range(Arc::clone(&ranged), index), 1) {
                return;
            }
            index += 1;
        }
    }
}

/// Opens `input` and decodes it if it is compressed.
fn open_decoded(input: &Input) -> Result<Box<dyn Read + Send>, InputError> {
    let raw = input.open_raw()?;
    crate::io::decompress::decode(raw).map_err(|source| InputError::Read {
        name: Arc::clone(input.name()),
        source,
    })
}

impl Ranged {
    /// Whether there is a range `index` (a spool's waits for its stream).
    fn has_range(&self, index: u64) -> bool {
        match &self.body {
            Body::File { .. } => index < self.count(),
            Body::Spool(h) => h.spool().has_range(index),
        }
    }
}

/// What the workers are asked to do with each game.
#[derive(Clone, Copy, Debug)]
struct Work {
    records: Option<Notations>,
    count_moves: bool,
    keys: bool,
    split: Split,
}

impl Work {
    /// Reads from `reader` until a game begins at or past `limit`, sending
    /// each part; false when the receiver is gone.
    fn read<R: Read>(
        &self,
        reader: &mut Reader<R>,
        name: &Arc<str>,
        limit: u64,
        from: u64,
        send: &mut dyn FnMut(Msg) -> bool,
        read_error: &dyn Fn(io::Error) -> InputError,
    ) -> bool {
        let mut part_end = from.saturating_add(self.split.part);
        loop {
            let bounds = Bounds {
                limit,
                part_end,
                part_items: self.split.items,
            };
            let (out, ended) = analyse_keyed(
                reader,
                name,
                self.records,
                self.count_moves,
                self.keys,
                bounds,
            );
            let items = out.items();
            let reached = match ended {
                Ended::Part(at) => at,
                _ => part_end,
            };
            if !send(Msg::Part(out, reached.min(limit), items)) {
                return false;
            }
            let last = match ended {
                Ended::Part(at) => {
                    // Ended by bytes: the next part from here; by items:
                    // the same bytes are still to be read.
                    if at >= part_end {
                        part_end = at.saturating_add(self.split.part);
                    }
                    continue;
                }
                Ended::Limit(span) => Msg::End(Some(Handoff {
                    at: span.start,
                    line: span.line,
                    column: span.column,
                })),
                Ended::Eof => Msg::End(None),
                Ended::Failed(e) => Msg::Failed(read_error(e)),
            };
            return send(last);
        }
    }
}

fn worker(
    jobs: &Mutex<Receiver<(u64, Job)>>,
    done: &SyncSender<(u64, Msg)>,
    gate: &Gate,
    work: Work,
) {
    loop {
        let next = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok((seq, job)) = next else { return };
        // A range the writer is already past: nobody wants its results.
        if matches!(job, Job::Range(..)) && gate.dropped(seq) {
            continue;
        }
        // A part waits for room in the results budget; a job the writer
        // has gone past is given up.
        let mut send = |msg: Msg| {
            if let Msg::Part(_, _, items) = &msg
                && gate.hand_out(seq, *items) != gate::Hand::Send
            {
                return false;
            }
            done.send((seq, msg)).is_ok()
        };
        let going = match job {
            Job::Begin(name, ranged) => send(Msg::Begin(name, ranged)),
            Job::Pass(step) => send(Msg::Pass(step)),
            Job::Range(ranged, index) => range_job(&ranged, index, work, &mut send),
            Job::Stream(name, read) => stream_job(&name, read, work, &mut send),
        };
        if !going && gate.closed() {
            return;
        }
    }
}

/// Reads range `index` of a file from its candidate.
fn range_job(ranged: &Ranged, index: u64, work: Work, send: &mut dyn FnMut(Msg) -> bool) -> bool {
    let lo = index * ranged.split.range;
    let hi = ranged.end_of(index);
    let start = if index == 0 {
        Ok(Some(0))
    } else {
        ranged
            .open_at(lo - 1)
            .and_then(|f| crate::io::split::candidate(f, lo, hi))
    };
    let start = match start {
        Ok(s) => s,
        Err(e) => {
            return send(Msg::Start(Some(lo))) && send(Msg::Failed(ranged.read_error(e)));
        }
    };
    if !send(Msg::Start(start)) {
        return false;
    }
    let Some(start) = start else { return true };
    let file = match ranged.open_at(start) {
        Ok(f) => f,
        Err(e) => return send(Msg::Failed(ranged.read_error(e))),
    };
    let at = Resume {
        offset: start,
        skip: 0,
        line: 1,
        line_start: start,
    };
    let mut reader = Reader::resume(file, at);
    work.read(&mut reader, &ranged.name, hi, start, send, &|e| {
        ranged.read_error(e)
    })
}

/// Reads a whole input as one stream.
fn stream_job(
    name: &Arc<str>,
    read: Result<Box<dyn Read + Send>, InputError>,
    work: Work,
    send: &mut dyn FnMut(Msg) -> bool,
) -> bool {
    let read = match read {
        Ok(r) => r,
        Err(e) => return send(Msg::Failed(e)),
    };
    let mut reader = Reader::new(read);
    work.read(&mut reader, name, u64::MAX, 0, send, &|source| {
        InputError::Read {
            name: Arc::clone(name),
            source,
        }
    })
}

mod gate;
mod range;
mod spool;
mod writer;

pub use range::{ByteRange, run_range};

use gate::Gate;

#[cfg(test)]
mod tests;
