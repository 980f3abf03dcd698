//! `xpgn dedupe`: finds games recorded more than once, from the verifier's
//! one pass over the inputs.
//!
//! Each game gets a key in the pipeline ([`crate::export::key`]: its start
//! position and its mainline as the verifier played it). The keys, with
//! each game's number in the run, go into a table that is sorted and
//! spilled to temporary files when it passes `--memory`
//! ([`crate::io::sorted`]). At the end the table is read in key order: in
//! each group of equal keys the game read first is the original and the
//! others are its duplicates. Those pairs are sorted again, by the
//! duplicate's number, so that the report and the outputs follow the input
//! order. Whether the table stayed in memory or not, the pairs are the
//! same, so the result is too.
//!
//! With `-o` or `--duplicates`, every game is written in PGN export format
//! as it is read (the lean writer `convert --to pgn` uses) to a temporary
//! spool, and copied from there to the right output once the duplicates
//! are known: the games are not read or replayed a second time.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::num::NonZeroUsize;
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;

use super::args::{DedupeArgs, DedupeFormat};
use super::batch::{self, BatchConfig, Destination, GameOut, Step};
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus};
use crate::export::pgn::PgnOptions;
use crate::io::sorted::{Sorted, Sorter};

/// Where the games of one input begin in the run's numbering.
#[derive(Debug)]
struct Segment {
    /// The run's number of the segment's first game (from 0).
    first_seq: u64,
    /// That game's number in its input (from 1).
    first_index: u64,
    name: Arc<str>,
}

/// The games of a run, in order: their keys and where each is.
#[derive(Debug)]
struct Table {
    keys: Sorter<(u128, u64)>,
    segments: Vec<Segment>,
    games: u64,
    /// Games the verifier rejected or did not verify.
    rejected: u64,
}

impl Table {
    fn add(&mut self, file: &Arc<str>, g: &GameOut) -> Result<(), Error> {
        let seq = self.games;
        // A new segment where the numbering does not simply go on (a new
        // input, or an input given twice).
        let continues = self.segments.last().is_some_and(|s| {
            Arc::ptr_eq(&s.name, file) && s.first_index + (seq - s.first_seq) == g.report.index
        });
        if !continues {
            self.segments.push(Segment {
                first_seq: seq,
                first_index: g.report.index,
                name: Arc::clone(file),
            });
        }
        let key = g.key.expect("invariant: a keyed run keys every game");
        self.keys
            .push((key.0, seq))
            .map_err(Error::temp("the table of game keys"))?;
        self.games += 1;
        if !g.report.is_valid() || g.report.skipped.is_some() {
            self.rejected += 1;
        }
        Ok(())
    }

    /// The file and game number of game `seq` of the run.
    fn place(&self, seq: u64) -> (&str, u64) {
        let at = self.segments.partition_point(|s| s.first_seq <= seq);
        match at.checked_sub(1).and_then(|i| self.segments.get(i)) {
            Some(s) => (&s.name, s.first_index + (seq - s.first_seq)),
            None => ("", seq + 1),
        }
    }
}

/// The duplicates of a run, `(duplicate, first copy)` by the run's game
/// numbers, in the duplicates' order; the memory budget holds for this
/// sort too.
fn duplicates(
    keys: Sorter<(u128, u64)>,
    budget: usize,
) -> Result<(Sorted<(u64, u64)>, u64), Error> {
    let mut pairs = Sorter::new(budget);
    let mut first: Option<(u128, u64)> = None;
    let mut count = 0u64;
    let sorted = keys
        .finish()
        .map_err(Error::temp("the table of game keys"))?;
    for entry in sorted {
        let (key, seq) = entry.map_err(Error::temp("the table of game keys"))?;
        match first {
            Some((k, original)) if k == key => {
                pairs
                    .push((seq, original))
                    .map_err(Error::temp("the list of duplicates"))?;
                count += 1;
            }
            _ => first = Some((key, seq)),
        }
    }
    let sorted = pairs
        .finish()
        .map_err(Error::temp("the list of duplicates"))?;
    Ok((sorted, count))
}

/// Every game written in PGN, in order, until the duplicates are known.
#[derive(Debug)]
struct Spool {
    games: BufWriter<File>,
    /// One little-endian u64 per game: its bytes in `games`, or
    /// [`NOT_WRITTEN`].
    lengths: BufWriter<File>,
}

/// The length of a game that cannot be written (cut: too large to hold).
const NOT_WRITTEN: u64 = u64::MAX;

impl Spool {
    fn new() -> io::Result<Spool> {
        Ok(Spool {
            games: BufWriter::with_capacity(1 << 16, tempfile::tempfile()?),
            lengths: BufWriter::with_capacity(1 << 14, tempfile::tempfile()?),
        })
    }

    fn add(&mut self, pgn: Option<&crate::export::lean::Rendered>) -> io::Result<()> {
        match pgn {
            Some(game) => {
                game.write_pgn(&mut self.games)?;
                self.lengths.write_all(&game.text_len().to_le_bytes())
            }
            None => self.lengths.write_all(&NOT_WRITTEN.to_le_bytes()),
        }
    }

    /// The spool read back from its start.
    fn rewind(self) -> io::Result<Unspool> {
        let open = |w: BufWriter<File>| -> io::Result<BufReader<File>> {
            let mut f = w.into_inner().map_err(|e| e.into_error())?;
            f.seek(SeekFrom::Start(0))?;
            Ok(BufReader::with_capacity(1 << 16, f))
        };
        Ok(Unspool {
            games: open(self.games)?,
            lengths: open(self.lengths)?,
            next: 0,
        })
    }
}

/// The spool being copied to the outputs.
#[derive(Debug)]
struct Unspool {
    games: BufReader<File>,
    lengths: BufReader<File>,
    /// The run's number of the next game.
    next: u64,
}

/// Where a spooled game goes.
enum Target {
    Unique,
    Duplicate,
}

/// Why copying a game failed.
enum CopyError {
    Spool(io::Error),
    Output(Error),
}

impl Unspool {
    /// Copies the next game to `unique` or `dups` as `target` says (to
    /// neither when that output was not asked for).
    fn copy_next(
        &mut self,
        target: Target,
        unique: &mut Option<Destination>,
        dups: &mut Option<Destination>,
    ) -> Result<(), CopyError> {
        let mut len = [0u8; 8];
        self.lengths
            .read_exact(&mut len)
            .map_err(CopyError::Spool)?;
        self.next += 1;
        let len = u64::from_le_bytes(len);
        if len == NOT_WRITTEN {
            return Ok(());
        }
        let mut game = (&mut self.games).take(len);
        let out = match target {
            Target::Unique => unique.as_mut(),
            Target::Duplicate => dups.as_mut(),
        };
        match out {
            Some(out) => match io::copy(&mut game, out) {
                Ok(n) if n == len => Ok(()),
                Ok(_) => Err(CopyError::Spool(io::ErrorKind::UnexpectedEof.into())),
                // io::copy does not say which side failed; the spool is a
                // local temporary file, so the output is the likely one.
                Err(e) => Err(CopyError::Output(out.write_error(e))),
            },
            None => io::copy(&mut game, &mut io::sink())
                .map(drop)
                .map_err(CopyError::Spool),
        }
    }
}

/// The report on stdout (stderr when games go to stdout).
enum Report {
    Human(Box<dyn Write>),
    Csv(Box<csv::Writer<Box<dyn Write>>>),
    Json(Box<dyn Write>),
}

#[derive(Serialize)]
struct DuplicateRow<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    file: &'a str,
    game: u64,
    first_file: &'a str,
    first_game: u64,
}

#[derive(Serialize)]
struct SummaryRow {
    #[serde(rename = "type")]
    kind: &'static str,
    games: u64,
    unique: u64,
    duplicates: u64,
    rejected: u64,
    unreadable_inputs: u64,
    spilled_runs: usize,
}

impl Report {
    fn new(format: DedupeFormat, to_stderr: bool) -> Result<Report, Error> {
        let out: Box<dyn Write> = if to_stderr {
            Box::new(BufWriter::new(io::stderr()))
        } else {
            Box::new(BufWriter::with_capacity(1 << 16, io::stdout()))
        };
        Ok(match format {
            DedupeFormat::Human => Report::Human(out),
            DedupeFormat::Json => Report::Json(out),
            DedupeFormat::Csv => {
                let mut w = csv::Writer::from_writer(out);
                w.write_record(["file", "game", "first_file", "first_game"])
                    .map_err(csv_error(to_stderr))?;
                Report::Csv(Box::new(w))
            }
        })
    }

    fn duplicate(&mut self, row: &DuplicateRow<'_>) -> io::Result<()> {
        match self {
            Report::Human(w) => writeln!(
                w,
                "{}: game {}: duplicate of {}: game {}",
                crate::diag::render::sanitize(row.file),
                row.game,
                crate::diag::render::sanitize(row.first_file),
                row.first_game
            ),
            Report::Csv(w) => w
                .write_record([
                    row.file,
                    &row.game.to_string(),
                    row.first_file,
                    &row.first_game.to_string(),
                ])
                .map_err(io::Error::other),
            Report::Json(w) => {
                serde_json::to_writer(&mut *w, row)?;
                w.write_all(b"\n")
            }
        }
    }

    fn finish(self, summary: &SummaryRow) -> io::Result<()> {
        match self {
            Report::Human(mut w) => w.flush(),
            Report::Csv(w) => w.into_inner().map_err(|e| e.into_error())?.flush(),
            Report::Json(mut w) => {
                serde_json::to_writer(&mut w, summary)?;
                w.write_all(b"\n")?;
                w.flush()
            }
        }
    }
}

fn csv_error(to_stderr: bool) -> impl Fn(csv::Error) -> Error {
    move |e| {
        let stream = if to_stderr {
            Stream::Stderr
        } else {
            Stream::Stdout
        };
        Error::write(stream)(io::Error::other(e))
    }
}

fn is_stdout(path: Option<&Path>) -> bool {
    path.is_some_and(|p| p.as_os_str() == "-")
}

/// Runs `xpgn dedupe`.
///
/// # Errors
///
/// Outputs that cannot be created or written; temporary files that cannot
/// be written or read.
pub fn run(args: &DedupeArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    // PGN output keeps the bytes of text that is not UTF-8 (docs/formats.md).
    if crate::notation::text::encoding() == crate::notation::text::Encoding::Utf8 {
        crate::notation::text::set_encoding(crate::notation::text::Encoding::Escape);
    }
    let games_to_stdout =
        is_stdout(args.output.as_deref()) || is_stdout(args.duplicates.as_deref());
    if is_stdout(args.output.as_deref()) && is_stdout(args.duplicates.as_deref()) {
        return Err(Error::BadValue {
            flag: "--duplicates",
            value: "-".into(),
            why: "-o already writes to stdout".into(),
        });
    }
    if let (Some(a), Some(b)) = (&args.output, &args.duplicates)
        && a == b
        && !is_stdout(Some(a))
    {
        return Err(Error::BadValue {
            flag: "--duplicates",
            value: b.display().to_string(),
            why: "-o writes the unique games there".into(),
        });
    }
    // Opened first, so that an existing file is refused before the run.
    let mut unique = match &args.output {
        Some(p) => Some(Destination::open(Some(p), args.force)?),
        None => None,
    };
    let mut dups = match &args.duplicates {
        Some(p) => Some(Destination::open(Some(p), args.force)?),
        None => None,
    };
    let outputs = unique.is_some() || dups.is_some();
    let mut spool = if outputs {
        Some(Spool::new().map_err(Error::temp("the games until they are known unique"))?)
    } else {
        None
    };
    let config = BatchConfig {
        inputs: args.inputs.clone(),
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)),
        // The games are written as read (convert's lean PGN writer) only
        // when an output wants them.
        records: outputs,
        notations: batch::Notations {
            san: true,
            lan: false,
            uci: false,
            lean: Some(PgnOptions::default()),
            fen: false,
            picture: false,
            json: false,
            fix_result: false,
        },
        count_moves: false,
        progress: common.progress,
        keys: true,
    };
    // The key table and the list of duplicates share the budget.
    let budget = (args.memory / 2).max(1);
    let mut table = Table {
        keys: Sorter::new(budget),
        segments: Vec::new(),
        games: 0,
        rejected: 0,
    };
    let mut err = BufWriter::new(io::stderr().lock());
    let mut status = ExitStatus::Success;
    let mut unreadable = 0u64;
    let mut failed: Option<Error> = None;
    batch::run(&config, |step| {
        let result = take_step(
            step,
            &mut table,
            spool.as_mut(),
            common,
            &mut err,
            &mut status,
            &mut unreadable,
        );
        match result {
            Ok(()) => true,
            Err(e) => {
                failed = Some(e);
                false
            }
        }
    });
    let _ = err.flush();
    drop(err);
    if let Some(e) = failed {
        return Err(e);
    }
    let games = table.games;
    let spilled = table.keys.runs();
    let rejected = table.rejected;
    let keys = std::mem::replace(&mut table.keys, Sorter::new(1));
    let (pairs, count) = duplicates(keys, budget)?;

    let mut report = Report::new(args.format, games_to_stdout)?;
    let report_stream = if games_to_stdout {
        Stream::Stderr
    } else {
        Stream::Stdout
    };
    let mut unspool = match spool {
        Some(s) => Some(
            s.rewind()
                .map_err(Error::temp("the games until they are known unique"))?,
        ),
        None => None,
    };
    let copy = |u: &mut Unspool,
                target: Target,
                unique: &mut Option<Destination>,
                dups: &mut Option<Destination>|
     -> Result<(), Error> {
        u.copy_next(target, unique, dups).map_err(|e| match e {
            CopyError::Spool(e) => Error::temp("the games until they are known unique")(e),
            CopyError::Output(e) => e,
        })
    };
    for pair in pairs {
        let (dup, original) = pair.map_err(Error::temp("the list of duplicates"))?;
        if let Some(u) = unspool.as_mut() {
            while u.next < dup {
                copy(u, Target::Unique, &mut unique, &mut dups)?;
            }
            copy(u, Target::Duplicate, &mut unique, &mut dups)?;
        }
        let (file, game) = table.place(dup);
        let (first_file, first_game) = table.place(original);
        let row = DuplicateRow {
            kind: "duplicate",
            file,
            game,
            first_file,
            first_game,
        };
        report
            .duplicate(&row)
            .map_err(Error::write(report_stream))?;
    }
    if let Some(u) = unspool.as_mut() {
        while u.next < games {
            copy(u, Target::Unique, &mut unique, &mut dups)?;
        }
    }
    let summary = SummaryRow {
        kind: "summary",
        games,
        unique: games - count,
        duplicates: count,
        rejected,
        unreadable_inputs: unreadable,
        spilled_runs: spilled,
    };
    report
        .finish(&summary)
        .map_err(Error::write(report_stream))?;
    if let Some(u) = unique {
        u.commit()?;
    }
    if let Some(d) = dups {
        d.commit()?;
    }
    if !common.quiet && args.format != DedupeFormat::Json {
        print_summary(&summary);
    }
    Ok(status)
}

/// One step of the run: input errors reported, games keyed and spooled.
fn take_step(
    step: Step,
    table: &mut Table,
    mut spool: Option<&mut Spool>,
    common: &CommonConfig,
    err: &mut impl Write,
    status: &mut ExitStatus,
    unreadable: &mut u64,
) -> Result<(), Error> {
    let stderr = Error::write(Stream::Stderr);
    let (file, chunk) = match step {
        Step::InputError(e) => {
            *unreadable += 1;
            *status = status.merge(ExitStatus::Error);
            return super::print_error(err, &e, common.color_stderr)
                .and_then(|()| err.flush())
                .map_err(stderr);
        }
        Step::Begin(_) => return Ok(()),
        Step::Chunk(file, chunk) => (file, chunk),
    };
    for g in &chunk.games {
        table.add(&file, g)?;
        let Some(spool) = spool.as_deref_mut() else {
            continue;
        };
        let pgn = g.rendered.as_ref().filter(|r| !r.truncated());
        if pgn.is_none() {
            // Never written shortened as if it were the game.
            let (line, cut) = g
                .rendered
                .as_ref()
                .map_or((0, None), |r| (r.span.line, r.cut));
            batch::not_converted(&mut *err, &file, g.report.index, line, cut)?;
            *status = status.merge(ExitStatus::Invalid);
        }
        spool
            .add(pgn)
            .map_err(Error::temp("the games until they are known unique"))?;
    }
    Ok(())
}

/// The summary line on stderr.
fn print_summary(s: &SummaryRow) {
    let plural = |n: u64, one: &str, many: &str| {
        if n == 1 {
            format!("{n} {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let mut line = format!(
        "xpgn: {}: {} unique, {}",
        plural(s.games, "game", "games"),
        s.unique,
        plural(s.duplicates, "duplicate", "duplicates")
    );
    if s.rejected > 0 {
        line.push_str(&format!(
            "; {} rejected or not verified, compared as written from their first error \
             (docs/dedupe.md)",
            s.rejected
        ));
    }
    if s.games == 0 {
        line = "xpgn: no games found (directories are searched for .pgn and .txt files, \
                compressed or not; name other files explicitly)"
            .to_string();
    }
    eprintln!("{line}");
}
