//! `xpgn convert`: records to PGN export format, JSON or JSON Lines, with
//! pgn-extract style filters and `--output-invalid`.
//!
//! PGN inputs go through the parallel pipeline of [`batch`]; `.json` and
//! `.jsonl` inputs (written by this command) are read back one game at a
//! time, so PGN → JSON → PGN works from the command line.

use std::io::{self, BufWriter, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

use regex::Regex;

use super::args::{ConvertArgs, ConvertFormat, InputFormat, MoveNotation, Validity};
use super::batch::{self, BatchConfig, Destination, Step};
use super::{CommonConfig, Error, ExitStatus};
use crate::export::json;
use crate::export::lean::Rendered;
use crate::export::pgn::{self, MoveStyle, PgnOptions};
use crate::notation::GameResult;
use crate::record::Game;
use crate::rules::Variant;

/// Which games are kept (all conditions must hold).
#[derive(Debug, Default)]
pub struct Filters {
    tags: Vec<(String, String)>,
    regexes: Vec<(String, Regex)>,
    variant: Option<Variant>,
    result: Option<GameResult>,
    min_plies: Option<u32>,
    max_plies: Option<u32>,
    validity: Option<Validity>,
    /// `--games`.
    games: Option<super::select::GameSelection>,
}

fn name_value(flag: &'static str, text: &str) -> Result<(String, String), Error> {
    match text.split_once('=') {
        Some((n, v)) if !n.is_empty() => Ok((n.to_string(), v.to_string())),
        _ => Err(Error::BadValue {
            flag,
            value: text.to_string(),
            why: "expected NAME=VALUE".to_string(),
        }),
    }
}

impl Filters {
    /// The filters the arguments ask for.
    ///
    /// # Errors
    ///
    /// A malformed `--tag`, `--tag-regex`, `--variant` or `--result`.
    pub fn new(args: &ConvertArgs) -> Result<Filters, Error> {
        let mut f = Filters {
            min_plies: args.min_plies,
            max_plies: args.max_plies,
            validity: args.validity,
            games: args.games.clone(),
            ..Filters::default()
        };
        for t in &args.tag {
            f.tags.push(name_value("--tag", t)?);
        }
        for t in &args.tag_regex {
            let (name, re) = name_value("--tag-regex", t)?;
            let re = Regex::new(&re).map_err(|e| Error::BadValue {
                flag: "--tag-regex",
                value: t.clone(),
                why: e.to_string(),
            })?;
            f.regexes.push((name, re));
        }
        if let Some(v) = &args.variant {
            f.variant = Some(
                Variant::from_name(v).ok_or_else(|| Error::UnknownVariant { name: v.clone() })?,
            );
        }
        if let Some(r) = &args.result {
            f.result =
                Some(
                    GameResult::from_ascii(r.as_bytes()).ok_or_else(|| Error::BadValue {
                        flag: "--result",
                        value: r.clone(),
                        why: "expected 1-0, 0-1, 1/2-1/2 or *".to_string(),
                    })?,
                );
        }
        Ok(f)
    }

    /// Whether `--games` chooses game number `n` of its input.
    pub fn chosen(&self, n: u64) -> bool {
        super::select::chosen(self.games.as_ref(), n)
    }

    /// Whether `game` (valid or not) is kept.
    pub fn keep(&self, game: &impl GameFacts, valid: bool) -> bool {
        let tag = |n: &str| game.tag(n).unwrap_or("");
        if !self.tags.iter().all(|(n, v)| tag(n) == v) {
            return false;
        }
        if !self.regexes.iter().all(|(n, re)| re.is_match(tag(n))) {
            return false;
        }
        if self.variant.is_some()
            && crate::rules::setup::variant_named(game.tag("Variant")).ok() != self.variant
        {
            return false;
        }
        if self.result.is_some_and(|r| game.result() != r) {
            return false;
        }
        if self.min_plies.is_some() || self.max_plies.is_some() {
            let plies = game.mainline_plies();
            if self.min_plies.is_some_and(|n| plies < n)
                || self.max_plies.is_some_and(|n| plies > n)
            {
                return false;
            }
        }
        match self.validity {
            Some(Validity::Valid) => valid,
            Some(Validity::Invalid) => !valid,
            None => true,
        }
    }
}

/// What the filters read of a game: a record's, or a game written as it
/// was read ([`Rendered`]).
pub trait GameFacts {
    /// The value of tag `name` (the last one wins).
    fn tag(&self, name: &str) -> Option<&str>;
    /// The result it is exported with.
    fn result(&self) -> GameResult;
    /// Moves on its mainline.
    fn mainline_plies(&self) -> u32;
}

impl GameFacts for Game {
    fn tag(&self, name: &str) -> Option<&str> {
        Game::tag(self, name)
    }
    fn result(&self) -> GameResult {
        pgn::result_of(self)
    }
    fn mainline_plies(&self) -> u32 {
        Game::mainline_plies(self)
    }
}

impl GameFacts for Rendered {
    fn tag(&self, name: &str) -> Option<&str> {
        Rendered::tag(self, name)
    }
    fn result(&self) -> GameResult {
        self.result
    }
    fn mainline_plies(&self) -> u32 {
        self.mainline_plies
    }
}

/// Writes games in one format to one destination, or to a numbered set
/// of files (`--split`).
#[derive(Debug)]
struct Writer {
    format: ConvertFormat,
    options: PgnOptions,
    out: Destination,
    /// Games in `out`.
    games: u64,
    /// Games written in all.
    total: u64,
    split: Option<Split>,
}

/// `--split N`: the parts written so far, and how to name the next.
#[derive(Debug)]
struct Split {
    every: u64,
    /// `-o OUT`, which each part's name is made from.
    path: PathBuf,
    force: bool,
    /// The number of the part being written, from 1.
    part: u32,
    /// The finished parts, put in place together at the end.
    done: crate::io::AtomicSet,
}

/// The name of part `n` of a `--split` output: `out.pgn` → `out-001.pgn`
/// (the number before the last extension, at least three digits, so that
/// the parts sort by name; `out` → `out-001`).
pub fn part_path(path: &Path, n: u32) -> PathBuf {
    let number = format!("-{n:03}");
    let mut name = std::ffi::OsString::new();
    match (path.file_stem(), path.extension()) {
        (Some(stem), Some(ext)) => {
            name.push(stem);
            name.push(&number);
            name.push(".");
            name.push(ext);
        }
        (Some(stem), None) => {
            name.push(stem);
            name.push(&number);
        }
        _ => name.push(&number[1..]),
    }
    path.with_file_name(name)
}

impl Writer {
    /// Ends the part being written when it holds `--split`'s N games and
    /// another is coming, and starts the next.
    fn next_part(&mut self) -> Result<(), Error> {
        let Some(split) = self.split.as_mut().filter(|s| self.games >= s.every) else {
            return Ok(());
        };
        split.part = split.part.saturating_add(1);
        let next = Destination::open(Some(&part_path(&split.path, split.part)), split.force)?;
        let done = std::mem::replace(&mut self.out, next);
        close(self.format, self.games, done, Some(split))?;
        self.games = 0;
        Ok(())
    }

    fn game(&mut self, game: &Game, file: &str, index: u64) -> Result<(), Error> {
        self.next_part()?;
        let out = &mut self.out;
        let written = match self.format {
            ConvertFormat::Pgn => pgn::write_game(game, &self.options, out),
            ConvertFormat::Jsonl => json::write_line(game, Some(file), Some(index), out),
            ConvertFormat::Json => out
                .write_all(if self.games == 0 { b"[\n" } else { b",\n" })
                .and_then(|()| json::write_game(game, Some(file), Some(index), out)),
        };
        written.map_err(|e| self.out.write_error(e))?;
        self.games += 1;
        self.total += 1;
        Ok(())
    }

    /// A game already written (in PGN, or JSON from its `"variant"` on)
    /// as it was read.
    fn rendered(&mut self, game: &Rendered, file: &str, index: u64) -> Result<(), Error> {
        self.next_part()?;
        let out = &mut self.out;
        let written = match self.format {
            ConvertFormat::Pgn => game.write_pgn(out),
            ConvertFormat::Jsonl => game
                .write_json(file, index, out)
                .and_then(|()| out.write_all(b"\n")),
            ConvertFormat::Json => out
                .write_all(if self.games == 0 { b"[\n" } else { b",\n" })
                .and_then(|()| game.write_json(file, index, out)),
        };
        if let Err(e) = written {
            return Err(self.out.write_error(e));
        }
        self.games += 1;
        self.total += 1;
        Ok(())
    }

    fn finish(self) -> Result<(), Error> {
        let mut split = self.split;
        close(self.format, self.games, self.out, split.as_mut())?;
        match split {
            Some(split) => Ok(split.done.commit()?),
            None => Ok(()),
        }
    }
}

/// Writes the end of one output of `games` games (JSON's `]`) and hands it
/// to the set of `--split` parts, or commits it.
fn close(
    format: ConvertFormat,
    games: u64,
    mut out: Destination,
    split: Option<&mut Split>,
) -> Result<(), Error> {
    if format == ConvertFormat::Json {
        let end: &[u8] = if games == 0 { b"[]\n" } else { b"\n]\n" };
        if let Err(e) = out.write_all(end) {
            return Err(out.write_error(e));
        }
    }
    match (out, split) {
        (Destination::File(f), Some(split)) => {
            split.done.push(f);
            Ok(())
        }
        (out, _) => out.commit(),
    }
}

fn is_json(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("json") || e.eq_ignore_ascii_case("jsonl"))
}

/// Runs `xpgn convert`.
///
/// # Errors
///
/// Bad filter values; outputs that cannot be created or written.
pub fn run(args: &ConvertArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    // PGN output keeps the bytes of text that is not UTF-8 (docs/formats.md).
    if crate::notation::text::encoding() == crate::notation::text::Encoding::Utf8 {
        crate::notation::text::set_encoding(crate::notation::text::Encoding::Escape);
    }
    let filters = Filters::new(args)?;
    let options = PgnOptions {
        moves: match args.moves {
            MoveNotation::San => MoveStyle::San,
            MoveNotation::Lan => MoveStyle::Lan,
            MoveNotation::Uci => MoveStyle::Uci,
        },
        reduced: args.reduced,
        no_comments: args.no_comments,
        no_nags: args.no_nags,
        no_variations: args.no_variations,
        keep_tag_order: args.keep_tag_order,
        plycount: args.plycount,
    };
    if args.to != ConvertFormat::Pgn {
        let pgn_only = [
            ("--no-comments", args.no_comments),
            ("--no-nags", args.no_nags),
            ("--no-variations", args.no_variations),
            ("--keep-tag-order", args.keep_tag_order),
            ("--plycount", args.plycount),
            ("--fen-comments", args.fen_comments),
        ];
        if let Some(&(flag, _)) = pgn_only.iter().find(|(_, on)| *on) {
            return Err(Error::PgnOnly { flag });
        }
    }
    let split = match (args.split, args.batch.output.as_deref()) {
        (None, _) => None,
        (Some(n), Some(path)) if path.as_os_str() != "-" => Some(Split {
            every: n.get(),
            path: path.to_path_buf(),
            force: args.batch.force,
            part: 1,
            done: crate::io::AtomicSet::default(),
        }),
        (Some(n), _) => {
            return Err(Error::BadValue {
                flag: "--split",
                value: n.to_string(),
                why: "it needs -o OUT, a file the parts are named after (out-001.pgn, ...)"
                    .to_string(),
            });
        }
    };
    let open = |path: Option<&Path>, split: Option<Split>| -> Result<Writer, Error> {
        let first = split.as_ref().map(|s| part_path(&s.path, 1));
        Ok(Writer {
            format: args.to,
            options,
            out: Destination::open(first.as_deref().or(path), args.batch.force)?,
            games: 0,
            total: 0,
            split,
        })
    };
    let mut main = open(args.batch.output.as_deref(), split)?;
    let mut invalid = match &args.output_invalid {
        Some(p) => Some(open(Some(p), None)?),
        None => None,
    };
    let jobs = args
        .batch
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN));
    let mut err = BufWriter::new(io::stderr().lock());
    let mut status = ExitStatus::Success;
    let mut failed: Option<Error> = None;

    // Runs of PGN arguments go through the pipeline together; JSON ones are
    // read in their place.
    let mut pending: Vec<PathBuf> = Vec::new();
    let mut groups: Vec<(bool, Vec<PathBuf>)> = Vec::new();
    for p in &args.inputs {
        let json_input = match args.from {
            InputFormat::Auto => is_json(p),
            InputFormat::Pgn => false,
            InputFormat::Json => true,
        };
        if json_input {
            if !pending.is_empty() {
                groups.push((false, std::mem::take(&mut pending)));
            }
            groups.push((true, vec![p.clone()]));
        } else {
            pending.push(p.clone());
        }
    }
    if !pending.is_empty() {
        groups.push((false, pending));
    }

    let replayed_only = [
        ("--fen-comments", args.fen_comments),
        ("--fix-result", args.fix_result),
        (
            "--moves",
            args.moves == MoveNotation::Uci && args.to == ConvertFormat::Pgn,
        ),
    ];
    if let Some(&(flag, _)) = replayed_only.iter().find(|(_, on)| *on)
        && let Some((_, paths)) = groups.iter().find(|(json, _)| *json)
    {
        return Err(Error::BadValue {
            flag,
            value: paths
                .first()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            why: "a JSON record is not replayed, so it has no positions: convert the PGN".into(),
        });
    }
    for (json_input, paths) in groups {
        if json_input {
            for p in &paths {
                let s = read_json(p, &filters, &mut main, &mut invalid, common, &mut err)?;
                status = status.merge(s);
            }
            continue;
        }
        let config = BatchConfig {
            inputs: paths,
            jobs,
            records: true,
            // PGN is written in one notation; JSON holds both.
            notations: match (args.to, options.moves) {
                // Written as each game is read: no record.
                (ConvertFormat::Pgn, moves) => batch::Notations {
                    san: moves == MoveStyle::San,
                    lan: moves == MoveStyle::Lan,
                    uci: moves == MoveStyle::Uci,
                    lean: Some(options),
                    fen: args.fen_comments,
                    picture: false,
                    json: false,
                    fix_result: args.fix_result,
                },
                // JSON is written as each game is read too, from the same
                // flat buffers (`export::lean::Lean::json`).
                _ => batch::Notations {
                    lean: Some(PgnOptions::default()),
                    json: true,
                    fix_result: args.fix_result,
                    ..batch::Notations::BOTH
                },
            },
            count_moves: false,
            progress: common.progress,
            keys: false,
        };
        batch::run(&config, |step| {
            match batch::report(&step, common.color_stderr, &mut err) {
                Ok(s) => status = status.merge(s),
                Err(e) => {
                    failed = Some(e);
                    return false;
                }
            }
            let Step::Chunk(file, chunk) = step else {
                return true;
            };
            for g in &chunk.games {
                if !filters.chosen(g.report.index) {
                    continue;
                }
                if let Some(game) = &g.rendered {
                    // A game cut is never written (`batch::report` has
                    // said so).
                    if game.truncated() {
                        continue;
                    }
                    let valid = g.report.is_valid();
                    if !filters.keep(game, valid) {
                        continue;
                    }
                    let target = match (&mut invalid, valid) {
                        (Some(w), false) => w,
                        _ => &mut main,
                    };
                    if let Err(e) = target.rendered(game, &file, g.report.index) {
                        failed = Some(e);
                        return false;
                    }
                    if game.kept_variations && !common.quiet {
                        // Not an error: the export is as invalid as the game.
                        let _ = writeln!(
                            err,
                            "xpgn: warning: {file}: game {} ({} - {}): its variations are written \
                             whole, as errors lie in them, although --reduced or --no-variations \
                             leaves variations out: without them the game would come back valid",
                            g.report.index,
                            crate::diag::render::sanitize(game.tag("White").unwrap_or("?")),
                            crate::diag::render::sanitize(game.tag("Black").unwrap_or("?")),
                        );
                    }
                    continue;
                }
                let Some(record) = &g.record else { continue };
                // A record that is not the whole game is never written
                // (`batch::report` has said so).
                if record.truncated {
                    continue;
                }
                let valid = g.report.is_valid();
                if !filters.keep(record, valid) {
                    continue;
                }
                let target = match (&mut invalid, valid) {
                    (Some(w), false) => w,
                    _ => &mut main,
                };
                if let Err(e) = target.game(record, &file, g.report.index) {
                    failed = Some(e);
                    return false;
                }
            }
            true
        });
        if let Some(e) = failed.take() {
            return Err(e);
        }
    }
    let _ = err.flush();
    let written = main.total + invalid.as_ref().map_or(0, |w| w.total);
    main.finish()?;
    if let Some(w) = invalid {
        w.finish()?;
    }
    if written == 0 && !common.quiet {
        eprintln!(
            "xpgn: no games written: the inputs held none, or the filters kept none \
             (directories are searched for .pgn and .txt files, compressed or not)"
        );
    }
    Ok(status)
}

/// Converts the games of one JSON or JSONL file.
fn read_json(
    path: &Path,
    filters: &Filters,
    main: &mut Writer,
    invalid: &mut Option<Writer>,
    common: &CommonConfig,
    err: &mut impl Write,
) -> Result<ExitStatus, Error> {
    let input = if path.as_os_str() == "-" {
        crate::io::Input::stdin()
    } else {
        crate::io::Input::file(path)
    };
    let read = match input.open_decoded() {
        Ok(r) => r,
        Err(e) => {
            super::print_error(err, &e, common.color_stderr)
                .map_err(Error::write(super::term::Stream::Stderr))?;
            return Ok(ExitStatus::Error);
        }
    };
    let name = input.name().to_string();
    let mut index = 0u64;
    let mut write_failed = None;
    let mut status = ExitStatus::Success;
    let mut report_failed = None;
    let result = json::read_records(read, |record| {
        index += 1;
        if !filters.chosen(index) {
            return Ok(());
        }
        // One bad record is reported where it is and costs only itself.
        let game = record.game.and_then(|j| {
            let file = j.file.clone().unwrap_or_else(|| name.clone());
            let at = j.index.unwrap_or(index);
            json::from_json(j).map(|g| (g, file, at))
        });
        let (game, file, at) = match game {
            Ok(g) => g,
            Err(e) => {
                status = status.merge(ExitStatus::Invalid);
                if let Err(e) = report_bad_record(input.name(), record.line, &e, common, err) {
                    report_failed = Some(e);
                    return Err(json::JsonError::Shape("output failed".to_string()));
                }
                return Ok(());
            }
        };
        if game.truncated {
            // Never written shortened as if it were the game.
            status = status.merge(ExitStatus::Invalid);
            let _ = batch::not_converted(&mut *err, &file, at, game.span.line, game.cut);
            return Ok(());
        }
        // A record read back is not verified again.
        let valid = true;
        if !filters.keep(&game, valid) {
            return Ok(());
        }
        let target = match (invalid.as_mut(), valid) {
            (Some(w), false) => w,
            _ => &mut *main,
        };
        if let Err(e) = target.game(&game, &file, at) {
            write_failed = Some(e);
            return Err(json::JsonError::Shape("output failed".to_string()));
        }
        Ok(())
    });
    if let Some(e) = report_failed {
        return Err(e);
    }
    if let Some(e) = write_failed {
        return Err(e);
    }
    match result {
        Ok(()) => Ok(status),
        Err(e) => {
            let e = crate::io::InputError::Read {
                name: input.name().clone(),
                source: io::Error::new(io::ErrorKind::InvalidData, e),
            };
            super::print_error(err, &e, common.color_stderr)
                .map_err(Error::write(super::term::Stream::Stderr))?;
            Ok(ExitStatus::Error)
        }
    }
}

/// Reports a JSON record that is not a game, as an `invalid-record` error
/// at its file and line.
fn report_bad_record(
    file: &std::sync::Arc<str>,
    line: u64,
    e: &json::JsonError,
    common: &CommonConfig,
    err: &mut impl Write,
) -> Result<(), Error> {
    let why = match e {
        json::JsonError::Syntax(e) => {
            let column = e.column();
            format!("{} (column {column})", json::message_of(e))
        }
        json::JsonError::Shape(why) => why.clone(),
    };
    let mut d = crate::diag::Diagnostic::error(
        crate::diag::Code::InvalidRecord,
        format!("record skipped: not a game: {why}"),
    );
    d.file = Some(file.clone());
    d.span = Some(crate::diag::Span {
        start: 0,
        end: 0,
        line: u32::try_from(line).unwrap_or(u32::MAX),
        column: 1,
    });
    crate::diag::render::render_human(&d, common.color_stderr, err)
        .map_err(Error::write(super::term::Stream::Stderr))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_numbered_before_the_extension() {
        let name = |p: &str, n| part_path(Path::new(p), n).display().to_string();
        assert_eq!(name("out.pgn", 1), "out-001.pgn");
        assert_eq!(name("dir/games.jsonl", 12), "dir/games-012.jsonl");
        assert_eq!(name("a.b.json", 1000), "a.b-1000.json");
        assert_eq!(name("out", 2), "out-002");
        assert_eq!(name(".hidden", 3), ".hidden-003");
    }
}
