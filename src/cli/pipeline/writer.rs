//! The writer of the pipeline: takes every job's messages in input order,
//! keeps the results of the ranges that start where the reader of the whole
//! input would be, and reads on itself where none does.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::Arc;
use std::sync::mpsc::Receiver;

use indicatif::ProgressBar;

use super::{Gate, Handoff, LINE_LEAD, Msg, Ranged, Step, Work};
use crate::notation::{Reader, Resume};

/// The writer: takes every job's messages in order, keeps the results of
/// the ranges that start where the reader of the whole input would be, and
/// reads on itself where none does.
pub(super) struct Writer<'a, F: FnMut(Step) -> bool> {
    pub(super) done: &'a Receiver<(u64, Msg)>,
    pub(super) gate: &'a Gate,
    pub(super) in_flight: usize,
    /// Messages of jobs not yet reached.
    pub(super) waiting: BTreeMap<u64, VecDeque<Msg>>,
    /// The candidates of range jobs, by job.
    pub(super) starts: HashMap<u64, Option<u64>>,
    /// Messages of jobs before this one are no longer wanted.
    pub(super) drop_below: u64,
    pub(super) bar: &'a ProgressBar,
    pub(super) games: u64,
    pub(super) games_in_input: u64,
    /// Bytes of the inputs before the current one, for the progress bar.
    pub(super) bytes_before: u64,
    pub(super) step: &'a mut F,
    pub(super) work: Work,
    /// Games and diagnostics in [`waiting`](Self::waiting), and the most
    /// there have been (tests check it against the budget).
    pub(super) waiting_items: usize,
    pub(super) peak_items: usize,
    /// Bytes of written games in [`waiting`](Self::waiting), and the most
    /// there have been.
    pub(super) waiting_bytes: usize,
    pub(super) peak_bytes: usize,
}

/// Bytes of written games a message holds.
fn text_bytes(msg: &Msg) -> usize {
    match msg {
        Msg::Part(out, _, _) => out.text_bytes(),
        _ => 0,
    }
}

/// The writer stops: the consumer said so, or the workers are gone.
struct Stopped;

impl<F: FnMut(Step) -> bool> Writer<'_, F> {
    pub(super) fn run(&mut self) {
        let mut seq = 0u64;
        while let Ok(Some(next)) = self.job(seq) {
            seq = next;
        }
    }

    /// Takes one message from the workers and keeps it where it belongs;
    /// false when every worker is gone.
    fn pump(&mut self) -> bool {
        let Ok((s, msg)) = self.done.recv() else {
            return false;
        };
        if s < self.drop_below {
            if let Msg::Part(_, _, items) = msg {
                self.gate.taken(items);
            }
            return true;
        }
        match msg {
            Msg::Start(c) => {
                self.starts.insert(s, c);
            }
            msg => {
                if let Msg::Part(_, _, items) = msg {
                    self.waiting_items += items;
                    self.peak_items = self.peak_items.max(self.waiting_items);
                    self.waiting_bytes += text_bytes(&msg);
                    self.peak_bytes = self.peak_bytes.max(self.waiting_bytes);
                }
                self.waiting.entry(s).or_default().push_back(msg);
            }
        }
        true
    }

    /// The next message of job `seq` (starts are kept apart).
    fn take(&mut self, seq: u64) -> Result<Msg, Stopped> {
        self.gate.taking(seq);
        loop {
            if let Some(msg) = self.pop(seq) {
                return Ok(msg);
            }
            if !self.pump() {
                return Err(Stopped);
            }
        }
    }

    /// The first message of job `seq` that is here, if any.
    fn pop(&mut self, seq: u64) -> Option<Msg> {
        let msg = self.waiting.get_mut(&seq).and_then(VecDeque::pop_front)?;
        if let Msg::Part(_, _, items) = msg {
            self.waiting_items -= items;
            self.waiting_bytes -= text_bytes(&msg);
            self.gate.taken(items);
        }
        Some(msg)
    }

    /// The candidate of range job `seq`.
    fn start_of(&mut self, seq: u64) -> Result<Option<u64>, Stopped> {
        loop {
            if let Some(&c) = self.starts.get(&seq) {
                return Ok(c);
            }
            if !self.pump() {
                return Err(Stopped);
            }
        }
    }

    /// Jobs `from..to` are done with: their messages are dropped and their
    /// tokens given back.
    fn finish(&mut self, from: u64, to: u64) {
        if from >= to {
            return;
        }
        // Only jobs that are there (not those a long game skipped).
        let gone: Vec<u64> = self.waiting.range(from..to).map(|(&s, _)| s).collect();
        for s in gone {
            for msg in self.waiting.remove(&s).into_iter().flatten() {
                if let Msg::Part(_, _, items) = msg {
                    self.waiting_items -= items;
                    self.waiting_bytes -= text_bytes(&msg);
                    self.gate.taken(items);
                }
            }
        }
        self.starts.retain(|&s, _| s >= to || s < from);
        self.gate.finish(from, to);
        self.drop_below = self.drop_below.max(to);
    }

    /// Hands a step to the consumer.
    fn deliver(&mut self, mut s: Step, reached: u64) -> Result<(), Stopped> {
        match &mut s {
            Step::Begin(_) => self.games_in_input = 0,
            Step::Chunk(_, out) => {
                out.offset_indices(self.games_in_input);
                self.games_in_input += out.game_count;
                self.games += out.game_count;
            }
            Step::InputError(_) => {}
        }
        self.bar
            .set_position(self.bytes_before.saturating_add(reached));
        let secs = self.bar.elapsed().as_secs_f64().max(1e-3);
        self.bar.set_message(format!(
            "{} games ({:.0} games/s)",
            self.games,
            self.games as f64 / secs
        ));
        let step = &mut *self.step;
        if self.bar.suspend(|| step(s)) {
            Ok(())
        } else {
            Err(Stopped)
        }
    }

    /// Takes job `seq` (and, for an input, all its jobs); the job after, or
    /// `None` when there are no more.
    fn job(&mut self, seq: u64) -> Result<Option<u64>, Stopped> {
        let msg = loop {
            if let Some(msg) = self.pop(seq) {
                break msg;
            }
            if !self.pump() {
                // Every worker has ended: there are no more jobs.
                return Ok(None);
            }
        };
        match msg {
            Msg::Pass(step) => {
                self.finish(seq, seq + 1);
                self.deliver(step, 0)?;
                Ok(Some(seq + 1))
            }
            Msg::Begin(name, ranged) => {
                self.finish(seq, seq + 1);
                self.deliver(Step::Begin(Arc::clone(&name)), 0)?;
                let next = match ranged {
                    Some(r) => self.ranged(&r, seq + 1)?,
                    None => self.stream(&name, seq + 1)?,
                };
                Ok(Some(next))
            }
            // A job's first message is one of the above.
            Msg::Start(_) | Msg::Part(..) | Msg::End(_) | Msg::Failed(_) => Ok(Some(seq + 1)),
        }
    }

    /// The stream job `seq`; the job after.
    fn stream(&mut self, name: &Arc<str>, seq: u64) -> Result<u64, Stopped> {
        self.consume(name, seq, 1)?;
        // The stream job took all the room.
        self.gate.release(self.in_flight - 1);
        self.finish(seq, seq + 1);
        Ok(seq + 1)
    }

    /// Delivers the parts of job `seq`, whose reader counted lines from 1
    /// at line `base` of the input; where the next game begins (lines the
    /// input's), or `None` at the input's end.
    fn consume(
        &mut self,
        name: &Arc<str>,
        seq: u64,
        base: u32,
    ) -> Result<Option<Handoff>, Stopped> {
        loop {
            match self.take(seq)? {
                Msg::Part(mut out, reached, _) => {
                    out.shift_lines(base - 1);
                    self.deliver(Step::Chunk(Arc::clone(name), out), reached)?;
                }
                Msg::End(Some(h)) => {
                    return Ok(Some(Handoff {
                        line: h.line.saturating_add(base - 1),
                        ..h
                    }));
                }
                Msg::Failed(e) => {
                    self.deliver(Step::InputError(e), 0)?;
                    return Ok(None);
                }
                Msg::End(None) | Msg::Begin(..) | Msg::Pass(_) | Msg::Start(_) => return Ok(None),
            }
        }
    }

    /// The range jobs of a file, from job `first` (range 0) on; the job after.
    fn ranged(&mut self, r: &Ranged, first: u64) -> Result<u64, Stopped> {
        // Jobs before this one are done with.
        let mut done = first;
        // The job whose results are taken now, and its first line.
        let mut index = 0u64;
        let mut base = 1u32;
        'jobs: while let Some(mut at) = self.consume(&r.name, first + index, base)? {
            // `at` is where the reader of the whole file begins a game.
            loop {
                r.writer_at(at.at);
                let j = r.range_of(at.at);
                self.finish(done, first + j);
                done = first + j;
                let start = self.start_of(first + j)?;
                if start == Some(at.at) {
                    index = j;
                    base = at.line;
                    continue 'jobs;
                }
                // No worker started there: read on to the next start.
                let limit = match start {
                    Some(c) if c > at.at => c,
                    _ => r.end_of(j),
                };
                match self.read_on(r, at, limit)? {
                    Some(next) => at = next,
                    None => break 'jobs,
                }
            }
        }
        let end = first + r.final_count();
        self.finish(done, end);
        self.bytes_before = self.bytes_before.saturating_add(r.counted_len());
        Ok(end)
    }

    /// Reads the file from `at` (a game's start, lines the file's) up to the
    /// next game that begins at or past `limit`, delivering the results;
    /// that game's start, or `None` at the end.
    fn read_on(&mut self, r: &Ranged, at: Handoff, limit: u64) -> Result<Option<Handoff>, Stopped> {
        let back = u64::from(at.column.saturating_sub(1));
        let skip = back.min(LINE_LEAD);
        let offset = at.at - skip;
        let file = match r.open_at(offset) {
            Ok(f) => f,
            Err(e) => {
                self.deliver(Step::InputError(r.read_error(e)), 0)?;
                return Ok(None);
            }
        };
        let resume = Resume {
            offset,
            skip: usize::try_from(skip).unwrap_or(0),
            line: at.line,
            line_start: at.at - back,
        };
        let mut reader = Reader::resume(file, resume);
        let work = self.work;
        let mut last = None;
        let mut stopped = false;
        let mut send = |msg: Msg| match msg {
            Msg::Part(out, reached, _) => {
                stopped = self
                    .deliver(Step::Chunk(Arc::clone(&r.name), out), reached)
                    .is_err();
                !stopped
            }
            other => {
                last = Some(other);
                true
            }
        };
        work.read(&mut reader, &r.name, limit, at.at, &mut send, &|e| {
            r.read_error(e)
        });
        if stopped {
            return Err(Stopped);
        }
        match last {
            Some(Msg::End(h)) => Ok(h),
            Some(Msg::Failed(e)) => {
                self.deliver(Step::InputError(e), 0)?;
                Ok(None)
            }
            _ => Ok(None),
        }
    }
}
