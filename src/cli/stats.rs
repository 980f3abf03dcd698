//! `xpgn stats`: one CSV row per game, or per variant with `--summary`.
//!
//! The columns are documented in docs/formats.md; [`GAME_HEADER`] and
//! [`SUMMARY_HEADER`] are the header rows and must stay in step with it.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::num::NonZeroUsize;

use super::args::{StatsArgs, StatsFormat};
use super::batch::{self, BatchConfig, Destination, GameOut, Step};
use super::select::chosen;
use super::{CommonConfig, Error, ExitStatus};
use crate::notation::GameResult;

mod jsonl;

/// The header of the per-game rows.
pub const GAME_HEADER: [&str; 27] = [
    "file",
    "game",
    "variant",
    "event",
    "site",
    "date",
    "round",
    "white",
    "black",
    "result",
    "plies",
    "result_played",
    "termination",
    "valid",
    "errors",
    "warnings",
    "first_error",
    "skipped",
    "captures",
    "checks",
    "promotions",
    "castlings",
    "square_placements",
    "square_moves",
    "passes",
    "points_white",
    "points_black",
];

/// The header of the `--summary` rows.
pub const SUMMARY_HEADER: [&str; 11] = [
    "variant",
    "games",
    "white_wins",
    "black_wins",
    "draws",
    "unfinished",
    "average_plies",
    "invalid_games",
    "skipped_games",
    "errors",
    "warnings",
];

/// Totals of one variant for `--summary`.
#[derive(Clone, Copy, Debug, Default)]
struct Totals {
    games: u64,
    white_wins: u64,
    black_wins: u64,
    draws: u64,
    unfinished: u64,
    plies: u64,
    invalid: u64,
    skipped: u64,
    errors: u64,
    warnings: u64,
}

fn variant_name(g: &GameOut) -> String {
    match g.report.variant {
        Some(v) => v.name().to_string(),
        None if g.report.tags.variant.trim().is_empty() => "Chess".to_string(),
        None => g.report.tags.variant.trim().to_string(),
    }
}

/// Fills one game's row, reusing `row`.
fn fill_row(row: &mut csv::StringRecord, file: &str, g: &GameOut) {
    let r = &g.report;
    let t = &r.tags;
    row.clear();
    row.push_field(file);
    row.push_field(&r.index.to_string());
    row.push_field(&variant_name(g));
    for v in [
        &t.event, &t.site, &t.date, &t.round, &t.white, &t.black, &t.result,
    ] {
        row.push_field(v);
    }
    // A game not verified has no replayed plies or counts: empty, not 0.
    let verified = r.skipped.is_none();
    row.push_field(&if verified {
        r.plies.to_string()
    } else {
        String::new()
    });
    row.push_field(r.result.map_or("", GameResult::as_str));
    row.push_field(r.termination.map_or("", |t| t.as_str()));
    row.push_field(if r.skipped.is_some() {
        ""
    } else if r.is_valid() {
        "true"
    } else {
        "false"
    });
    row.push_field(&r.errors.to_string());
    row.push_field(&r.warnings.to_string());
    row.push_field(r.first_error.as_deref().unwrap_or(""));
    row.push_field(r.skipped.as_deref().unwrap_or(""));
    let m = &g.moves;
    for n in [
        m.captures,
        m.checks,
        m.promotions,
        m.castlings,
        m.placements,
        m.square_moves,
        m.passes,
    ] {
        row.push_field(&if verified {
            n.to_string()
        } else {
            String::new()
        });
    }
    // Points: only games that count them have them.
    match m.points {
        Some((w, b)) => {
            row.push_field(&w.to_string());
            row.push_field(&b.to_string());
        }
        None => {
            row.push_field("");
            row.push_field("");
        }
    }
}

/// Where rows go, in the chosen format.
enum Out<W: Write> {
    // Boxed: the CSV writer is large, and there is one per run.
    Csv(Box<csv::Writer<W>>),
    Jsonl(BufWriter<W>),
}

impl<W: Write> Out<W> {
    /// Writes a row (`kind`: `game` or `variant`).
    fn emit(&mut self, kind: &str, row: &csv::StringRecord) -> csv::Result<()> {
        match self {
            Out::Csv(w) => w.write_record(row),
            Out::Jsonl(w) => {
                w.write_all(jsonl::line(kind, row).as_bytes())?;
                Ok(w.write_all(b"\n")?)
            }
        }
    }

    /// A line of its own (the jsonl summary).
    fn emit_line(&mut self, line: &str) -> io::Result<()> {
        match self {
            Out::Csv(_) => Ok(()),
            Out::Jsonl(w) => {
                w.write_all(line.as_bytes())?;
                w.write_all(b"\n")
            }
        }
    }

    /// The destination, everything written to it.
    fn finish(self) -> io::Result<W> {
        match self {
            Out::Csv(w) => w.into_inner().map_err(|e| e.into_error()),
            Out::Jsonl(w) => w.into_inner().map_err(|e| e.into_error()),
        }
    }
}

/// Runs `xpgn stats`.
///
/// # Errors
///
/// The output cannot be created or written.
pub fn run(args: &StatsArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    let config = BatchConfig {
        inputs: args.inputs.clone(),
        jobs: args
            .batch
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)),
        records: false,
        notations: batch::Notations::BOTH,
        count_moves: true,
        progress: common.progress,
        keys: false,
    };
    let dest = Destination::open(args.batch.output.as_deref(), args.batch.force)?;
    let jsonl = args.format == StatsFormat::Jsonl;
    let mut out = if jsonl {
        Out::Jsonl(BufWriter::new(dest))
    } else {
        Out::Csv(Box::new(csv::Writer::from_writer(dest)))
    };
    let mut err = BufWriter::new(io::stderr().lock());
    let header: &[&str] = if args.summary {
        &SUMMARY_HEADER
    } else {
        &GAME_HEADER
    };
    let csv_error = |e: csv::Error| match e.into_kind() {
        csv::ErrorKind::Io(e) => Error::write(super::term::Stream::Stdout)(e),
        other => Error::write(super::term::Stream::Stdout)(io::Error::other(format!("{other:?}"))),
    };
    if let Out::Csv(w) = &mut out {
        w.write_record(header).map_err(csv_error)?;
    }
    let mut run = jsonl::RunTotals::default();
    let mut status = ExitStatus::Success;
    let mut failed: Option<Error> = None;
    let mut row = csv::StringRecord::new();
    let mut totals: BTreeMap<String, Totals> = BTreeMap::new();
    let mut games = 0u64;
    let step = |step| {
        match batch::report(&step, common.color_stderr, &mut err) {
            Ok(s) => status = status.merge(s),
            Err(e) => {
                failed = Some(e);
                return false;
            }
        }
        let Step::Chunk(file, chunk) = step else {
            if let Step::InputError(_) = step {
                run.unreadable_inputs += 1;
            }
            return true;
        };
        for (_, d) in &chunk.stray {
            run.count(d.code);
        }
        for g in &chunk.games {
            if !chosen(args.games.as_ref(), g.report.index) {
                continue;
            }
            for d in &g.diagnostics {
                run.count(d.code);
            }
            games += 1;
            run.games += 1;
            run.errors += u64::from(g.report.errors);
            if g.report.skipped.is_some() {
                run.skipped += 1;
            } else {
                run.moves += u64::from(g.report.plies);
            }
            if args.summary {
                let t = totals.entry(variant_name(g)).or_default();
                t.games += 1;
                match g.report.result {
                    Some(GameResult::WhiteWins) => t.white_wins += 1,
                    Some(GameResult::BlackWins) => t.black_wins += 1,
                    Some(GameResult::Draw) => t.draws += 1,
                    _ => t.unfinished += 1,
                }
                if g.report.skipped.is_none() {
                    t.plies += u64::from(g.report.plies);
                }
                t.invalid += u64::from(!g.report.is_valid());
                t.skipped += u64::from(g.report.skipped.is_some());
                t.errors += u64::from(g.report.errors);
                t.warnings += u64::from(g.report.warnings);
            } else if let Err(e) = {
                fill_row(&mut row, &file, g);
                out.emit("game", &row)
            } {
                failed = Some(csv_error(e));
                return false;
            }
        }
        true
    };
    match args.range {
        Some(range) => batch::run_range(&config, range, step)?,
        None => batch::run(&config, step),
    }
    let _ = err.flush();
    if let Some(e) = failed {
        return Err(e);
    }
    for (name, t) in &totals {
        // Over the games verified: a skipped game's length is unknown.
        let verified = t.games - t.skipped;
        let avg = if verified == 0 {
            0.0
        } else {
            t.plies as f64 / verified as f64
        };
        let fields = [
            name.clone(),
            t.games.to_string(),
            t.white_wins.to_string(),
            t.black_wins.to_string(),
            t.draws.to_string(),
            t.unfinished.to_string(),
            format!("{avg:.1}"),
            t.invalid.to_string(),
            t.skipped.to_string(),
            t.errors.to_string(),
            t.warnings.to_string(),
        ];
        out.emit("variant", &csv::StringRecord::from(&fields[..]))
            .map_err(csv_error)?;
    }
    if jsonl {
        out.emit_line(&run.line())
            .map_err(Error::write(super::term::Stream::Stdout))?;
    }
    let dest = out
        .finish()
        .map_err(Error::write(super::term::Stream::Stdout))?;
    dest.commit()?;
    if games == 0 && !common.quiet {
        eprintln!(
            "xpgn: no games found (directories are searched for .pgn and .txt files, \
             compressed or not; name other files explicitly)"
        );
    }
    Ok(status)
}
