//! The command line, defined with clap derive.
//!
//! Doc comments are the help text: the first paragraph is the short help
//! (`-h`), the whole comment the long help (`--help` and the man pages).
//! Subcommand and flag names are promised to users (issue 2) and never change.
//! The rest of the program sees plain config structs, not these types.

use std::num::{NonZeroU64, NonZeroUsize};
use std::path::PathBuf;

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::rules::variant::Variant;

mod convert;
mod dedupe;
mod variants;
pub use convert::{BatchArgs, ConvertArgs, ConvertFormat, MoveNotation, Validity};
pub use dedupe::{DedupeArgs, DedupeFormat, parse_memory};
use variants::VARIANTS_EXAMPLE;
pub use variants::VariantsArgs;

/// Reads, verifies and converts recorded games of chess and chess variants.
///
/// xpgn reads PGN and the extended notation of the variants it knows
/// (`[Variant "..."]` picks the rules), replays every move, and reports each
/// problem like a compiler: file, line and column, the game, the move, the
/// position and the rule that was broken.
///
/// Exit status: 0 when every game is valid (warnings allowed), 1 when some
/// game is invalid, 2 on a usage error or when an input could not be read,
/// 130 when interrupted.
#[derive(Debug, Parser)]
#[command(name = "xpgn", version, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    /// Options shared by every subcommand.
    #[command(flatten)]
    pub common: CommonArgs,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Options every subcommand takes; they may come before or after it.
#[derive(Debug, Args)]
pub struct CommonArgs {
    /// When to colour the output.
    ///
    /// Colour is decided for stdout and stderr separately. With `auto`, a
    /// stream is coloured when it is a terminal, the environment variable
    /// NO_COLOR is unset or empty, and TERM is not `dumb`. JSON is never
    /// coloured.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,

    /// Print no summary line and no progress.
    ///
    /// Diagnostics, errors and the output asked for (FEN lines, JSON, perft
    /// counts) are still printed.
    #[arg(short, long, global = true)]
    pub quiet: bool,

    /// How tag values and comments that are not UTF-8 are read.
    ///
    /// Old archives are often Latin-1: their `ü` is one byte that is not
    /// UTF-8. `utf-8` shows such bytes as U+FFFD and warns (`invalid-utf8`);
    /// `convert` and `dedupe` then write them back as the same bytes in PGN
    /// (JSON carries each as the private-use character U+10FF00 + its
    /// value, docs/formats.md); `latin-1` reads every byte as one character
    /// (Windows-1252's for 0x80-0x9F, as legacy Windows programs wrote
    /// them), even in text that is valid UTF-8; `auto` reads each tag value
    /// and comment as UTF-8 when it is valid UTF-8 and as Latin-1 when not.
    /// Output is always UTF-8.
    #[arg(long, value_enum, value_name = "ENCODING", default_value_t = EncodingChoice::Utf8, global = true)]
    pub encoding: EncodingChoice,

    /// Read game definitions from FILE (Fairy-Stockfish's variants.ini
    /// syntax, docs/definitions.md); repeatable.
    ///
    /// A record plays a defined game with `[Variant "name"]`; `--variant
    /// name` picks it on the command line. Files named in the environment
    /// variable XPGN_VARIANTS (separated by `:`) are read first. A
    /// definition that cannot be used stops the command with status 2 and
    /// a diagnostic naming its file and line.
    #[arg(long = "variants", value_name = "FILE", global = true, action = clap::ArgAction::Append)]
    pub variant_files: Vec<PathBuf>,
}

/// How text that is not UTF-8 is read (`--encoding`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EncodingChoice {
    /// UTF-8; invalid bytes become U+FFFD, with a warning.
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    /// Latin-1 (Windows-1252), every byte one character.
    #[value(
        name = "latin-1",
        alias = "latin1",
        alias = "windows-1252",
        alias = "cp1252"
    )]
    Latin1,
    /// UTF-8 where it is valid, else Latin-1, per tag value and comment.
    Auto,
}

impl From<EncodingChoice> for crate::notation::text::Encoding {
    fn from(c: EncodingChoice) -> Self {
        match c {
            EncodingChoice::Utf8 => Self::Utf8,
            EncodingChoice::Latin1 => Self::Latin1,
            EncodingChoice::Auto => Self::Auto,
        }
    }
}

/// When to use colour (`--color`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour a stream only when it is a terminal and NO_COLOR and TERM allow it.
    Auto,
    /// Always colour, even into a pipe or file.
    Always,
    /// Never colour.
    Never,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate records and report every problem.
    ///
    /// Reads each FILE (any name), each DIR (recursively: files ending in .pgn
    /// or .txt, also as .gz, .bz2 or .zst, hidden entries skipped) and `-`
    /// (standard input), replays every
    /// game, variations included, and reports each problem found. A summary
    /// line (games, moves, errors, warnings) ends the run.
    ///
    /// An input that cannot be read is reported and the others are still
    /// checked; the exit status is then 2.
    Check(CheckArgs),

    /// Print the position after each game, one FEN per line.
    ///
    /// By default, the final position of each game's mainline. With `--ply N`,
    /// the position after ply N (half-move N) instead; with `--all`, the
    /// position after every ply. For chess the lines are standard FEN; for
    /// other games, the game's FEN-like notation.
    Fen(FenArgs),

    /// Count the leaf nodes of the legal move tree (perft).
    ///
    /// Counts every sequence of DEPTH legal moves from the start position of
    /// the variant, or from `--fen`. The last line of the output is the total
    /// node count.
    Perft(PerftArgs),

    /// List the legal moves of a position.
    ///
    /// One move per line, in SAN and in long algebraic notation, from the
    /// start position of the variant or from `--fen`.
    Moves(MovesArgs),

    /// Convert records to PGN export format, JSON or JSON Lines.
    ///
    /// Reads each FILE (PGN of any game xpgn knows, or JSON/JSONL written by
    /// `xpgn convert`, told by a .json or .jsonl name), DIR (recursively) and
    /// `-`, and writes every game in the format `--to` names: PGN in the export
    /// format of the 1994 standard (seven-tag roster first, lines under 80
    /// columns, canonical move numbers, NAGs as $n, comments and variations
    /// kept), or JSON carrying everything the record holds (see
    /// docs/formats.md). Converting PGN to JSON and back gives the same
    /// export text. Compressed inputs (.gz, .bz2, .zst) are read
    /// transparently. Filters select games; `--output-invalid` sets invalid
    /// games aside.
    Convert(ConvertArgs),

    /// Write one CSV row of statistics per game.
    ///
    /// Columns: file, game, variant, the seven tags, plies, the result
    /// played, termination as verified, validity and first error, counts of
    /// captures, checks, promotions, castlings, square placements and moves,
    /// passes, and points. With `--summary`, one row per variant instead:
    /// games, results, average length and error counts. The headers are
    /// documented in docs/formats.md.
    Stats(StatsArgs),

    /// Print the score timeline of each game: the counts after every half-move.
    ///
    /// For PASGL 312, both players' points after every half-move and who
    /// scored what and why (a critter by the campfire, the +20 for the other
    /// side's dead Bear). For the chess-like games, each side's material on
    /// the scale of the game's piece table (FIDE: pawn 1, knight 3, bishop 3,
    /// rook 5, queen 9) with captures as events. CSV (one row per half-move,
    /// the start position first) or JSON (one object per game per line); the
    /// shapes are in docs/formats.md. Games that break are followed up to
    /// their last legal move; their errors go to stderr and the exit status
    /// is 1.
    Scores(ScoresArgs),

    /// Find games recorded more than once.
    ///
    /// One game is the same start position and the same mainline moves,
    /// whatever the notation (`Ng1-f3` = `Nf3`), tags, comments or result;
    /// games the verifier rejects are compared as written from their first
    /// error (docs/dedupe.md). Each copy after the first is reported with the
    /// file and game of the first. Exit status 0 with or without duplicates,
    /// 1 when a game too large to hold could not be written to an output, 2
    /// on a usage or I/O error.
    Dedupe(DedupeArgs),

    /// Draw a position as an SVG picture.
    ///
    /// The position after ply K (`--ply`, default the last) of game N
    /// (`--game`, default 1) of FILE, with an arrow for the move that led
    /// there; or the position `--variant` and `--fen` give. Every game is
    /// drawn as it is: holes as gaps, owned squares with a corner in the
    /// owner's colour, PASGL's terminals, campfire, Train and stacks of
    /// critters with their lunch and stinky marks, and beside the board
    /// whose turn it is, reserves, scores or promotions made.
    Diagram(DiagramArgs),

    /// Write one self-contained HTML page to look through games.
    ///
    /// The board of every ply (drawn as `xpgn diagram` draws it), the move
    /// list with variations, comments and NAGs, the position string of the
    /// current ply, and each finding of `check` on its move. Arrow keys step
    /// through the game, Home and End jump to its start and end, Page Up
    /// and Page Down open the previous and next game. The page needs no
    /// network and loads each game's data only when it is opened, so a file
    /// of thousands of games makes one page with a game list. Exit status
    /// as `check`: 1 when some game is invalid.
    View(super::view::ViewArgs),

    /// List the games xpgn knows, their status and their pieces.
    ///
    /// For each game: its canonical name, whether its rules are verified or
    /// only read, and each piece with its moves in Betza notation. Games of
    /// definition files (`--variants FILE`, `XPGN_VARIANTS`) are listed
    /// too, so `xpgn variants --variants FILE` validates a file: a
    /// definition that cannot be used gets a diagnostic at its file and
    /// line and exit status 2. `--show NAME` prints a chess-like game's
    /// definition (docs/definitions.md).
    #[command(after_long_help = VARIANTS_EXAMPLE)]
    Variants(VariantsArgs),

    /// Generate man pages or shell completions (for packagers).
    #[command(hide = true)]
    Generate(GenerateArgs),
}

/// Arguments of `xpgn check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files, directories (searched recursively) or `-` for standard input.
    #[arg(value_name = "FILE", required = true)]
    pub inputs: Vec<PathBuf>,

    /// How to report problems.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = CheckFormat::Human)]
    pub format: CheckFormat,

    /// Check with N threads (default: all cores).
    ///
    /// Output is in input order whatever the number of threads.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,
    /// Read the input as a printed transcript of a game of VARIANT, as rule
    /// books print sample games: numbered move lines (`3.  @@e3   @g8-e6`)
    /// with prose between them, the prose kept as comments.
    #[arg(long, value_name = "VARIANT", value_parser = VariantName, hide_possible_values = true)]
    pub transcript: Option<String>,

    /// Hide findings with this code (docs/diagnostics.md lists them), or
    /// every finding of a severity with `notes` or `warnings`.
    ///
    /// Repeatable, or comma-separated: `--allow claimable-draw,notes`. Hidden
    /// findings are counted in the summary as hidden. Errors are never
    /// hidden: they make a game invalid.
    #[arg(long, value_name = "CODE", value_delimiter = ',', value_parser = AllowParser)]
    pub allow: Vec<Allow>,

    /// Fail on warnings: any warning not hidden by `--allow` gives exit
    /// status 1, as an invalid game does.
    #[arg(long)]
    pub deny_warnings: bool,

    /// Read only the games that begin in bytes START..END of one plain
    /// (uncompressed) file, each to its end (for a cluster job that cuts a
    /// file into ranges; docs/parallel.md). Game numbers and lines count
    /// from the range's first game. Ranges `0:a`, `a:b`, ... read every game
    /// once.
    #[arg(long, value_name = "START:END")]
    pub range: Option<crate::cli::batch::ByteRange>,
}

/// One `--allow` value: a finding's code, or every note or warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allow {
    /// Findings with this code (its warnings and notes).
    Code(crate::diag::Code),
    /// Every finding of this severity (`notes` or `warnings`).
    Severity(crate::diag::Severity),
}

impl Allow {
    /// Reads `notes`, `warnings` or a code's slug such as `claimable-draw`.
    ///
    /// # Errors
    ///
    /// The text names neither; the message lists what would do.
    pub fn parse(text: &str) -> Result<Allow, String> {
        use crate::diag::{Code, Severity};
        match text {
            "notes" | "note" => return Ok(Allow::Severity(Severity::Note)),
            "warnings" | "warning" => return Ok(Allow::Severity(Severity::Warning)),
            "errors" | "error" => {
                return Err("errors cannot be hidden: they make a game invalid".to_owned());
            }
            _ => {}
        }
        Code::ALL
            .iter()
            .find(|c| c.as_str() == text)
            .map(|&c| Allow::Code(c))
            .ok_or_else(|| {
                format!(
                    "unknown code `{text}`: give `notes`, `warnings` or a code from \
                     docs/diagnostics.md (e.g. `claimable-draw`)"
                )
            })
    }
}

/// clap's parser for [`Allow`].
#[derive(Clone, Copy, Debug)]
struct AllowParser;

impl TypedValueParser for AllowParser {
    type Value = Allow;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Allow, clap::Error> {
        let text = StringValueParser::new().parse_ref(cmd, arg, value)?;
        Allow::parse(&text).map_err(|why| {
            clap::Error::raw(
                clap::error::ErrorKind::InvalidValue,
                format!("invalid value '{text}' for '--allow <CODE>': {why}\n"),
            )
            .with_cmd(cmd)
        })
    }
}

/// How `check` reports (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// Compiler-style diagnostics and a summary line on stderr.
    Human,
    /// One JSON object per diagnostic per line on stdout, then a summary object.
    Json,
}

/// Output formats of `stats` (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// CSV with a header row.
    Csv,
    /// JSON Lines, typed, versioned (`"schema": 1`), with a summary line.
    Jsonl,
}

/// Arguments of `xpgn fen`.
#[derive(Debug, Args)]
pub struct FenArgs {
    /// Files, directories (searched recursively) or `-` for standard input,
    /// read in order.
    #[arg(value_name = "FILE", required = true)]
    pub inputs: Vec<PathBuf>,

    /// Print the position after ply N (1 = after White's first move) instead
    /// of the final one.
    ///
    /// Games shorter than N plies print nothing. Without `--ply` and
    /// `--all`, a game that is not verified (e.g. of an unsupported variant)
    /// prints an empty line, so that lines match games.
    #[arg(long, value_name = "N", conflicts_with = "all")]
    pub ply: Option<u32>,

    /// Print the position after every ply, the start position first.
    #[arg(long)]
    pub all: bool,

    /// Read the input as a printed transcript of a game of VARIANT, as rule
    /// books print sample games: numbered move lines (`3.  @@e3   @g8-e6`)
    /// with prose between them, the prose kept as comments.
    #[arg(long, value_name = "VARIANT", value_parser = VariantName, hide_possible_values = true)]
    pub transcript: Option<String>,

    /// How to print: FEN lines, or CSV/JSON Lines with the game, ply, move
    /// and position.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = FenFormat::Plain)]
    pub format: FenFormat,

    /// Whose position strings: xpgn's own (every game), or Fairy-Stockfish's
    /// for the games it can express (Chess, Chess960, Squirrel with the
    /// definition in contrib/fairy-stockfish/variants.ini).
    ///
    /// A game Fairy-Stockfish cannot express gets an empty line and a
    /// message on stderr, and the exit status is 2.
    #[arg(long, value_enum, value_name = "STYLE", default_value_t = FenStyle::Xpgn)]
    pub style: FenStyle,
    /// Only these games, by their number in their input (the `game`
    /// column): numbers and ranges, e.g. `5,10-20`.
    #[arg(long, value_name = "LIST")]
    pub games: Option<crate::cli::select::GameSelection>,
}

/// Position strings of `xpgn fen` (`--style`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FenStyle {
    /// xpgn's strings (docs/formats.md), standard FEN for chess.
    Xpgn,
    /// Fairy-Stockfish's FEN: Chess and Chess960 as xpgn writes them,
    /// Squirrel without its seventh field (promotions made).
    Fairy,
}

/// Output of `xpgn fen` (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FenFormat {
    /// One FEN per line.
    Plain,
    /// CSV with a header: game, ply, move, position.
    Csv,
    /// One JSON object per line: game, ply, move, position.
    Json,
    /// One EPD per line: the FEN without its two clocks, then the `hmvc`
    /// and `fmvn` operations. For the games whose FEN ends in the two
    /// clocks: chess, Chess960 and the lichess variants.
    Epd,
}

/// Arguments of `xpgn stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Files, directories (searched recursively) or `-` for standard input.
    #[arg(value_name = "FILE", required = true)]
    pub inputs: Vec<PathBuf>,

    /// One row per variant (games, results, average length, error counts)
    /// instead of one per game.
    #[arg(long)]
    pub summary: bool,

    /// `csv` (default), or `jsonl`: one typed JSON object per row, then a
    /// summary object (schema in docs/formats.md).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = StatsFormat::Csv)]
    pub format: StatsFormat,

    /// Read only the games that begin in bytes START..END of one plain
    /// (uncompressed) file, each to its end (for a cluster job that cuts a
    /// file into ranges; docs/parallel.md). Game numbers and lines count
    /// from the range's first game. Ranges `0:a`, `a:b`, ... read every game
    /// once.
    #[arg(long, value_name = "START:END")]
    pub range: Option<crate::cli::batch::ByteRange>,

    /// Only these games, by their number in their input (the `game`
    /// column): numbers and ranges, e.g. `5,10-20`.
    #[arg(long, value_name = "LIST")]
    pub games: Option<crate::cli::select::GameSelection>,

    /// Options of whole-archive runs.
    #[command(flatten)]
    pub batch: BatchArgs,
}

/// Arguments of `xpgn perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// How many plies deep to count, at most 32.
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(0..=i64::from(crate::rules::perft::MAX_DEPTH)))]
    pub depth: u32,

    /// The game, by name (e.g. `chess`, `gast`); case, spaces, `-` and `_`
    /// are ignored.
    #[arg(long, value_name = "VARIANT", value_parser = VariantName, hide_possible_values = true)]
    pub variant: Option<String>,

    /// Start from this position instead of the variant's start position.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,

    /// Print the count below each legal move of the root position first.
    #[arg(long)]
    pub divide: bool,
    /// Squares family: play under the Postal rule (`yes`) or Postal Plus
    /// (`plus`), as a record's `[Postal]` tag does.
    #[arg(long, value_name = "POSTAL", value_parser = ["yes", "plus", "no"])]
    pub postal: Option<String>,

    /// Alternative readings RULINGS keeps as switches, as a record's
    /// `[Readings]` tag gives them: `G8b` (Gast promotes to Q, R, B, N
    /// only), `G10a` (Gast's archer to g1 when castling with both),
    /// `P4b` (PASGL scores before the Train moves).
    #[arg(long, value_name = "READINGS")]
    pub readings: Option<String>,
}

/// Arguments of `xpgn scores`.
#[derive(Debug, Args)]
pub struct ScoresArgs {
    /// Files, directories (searched recursively) or `-` for standard input,
    /// read in order.
    #[arg(value_name = "FILE", required = true)]
    pub inputs: Vec<PathBuf>,

    /// The output shape.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = ScoresFormat::Csv)]
    pub format: ScoresFormat,

    /// Only these games, by their number in their input (the `game`
    /// column): numbers and ranges, e.g. `5,10-20`.
    #[arg(long, value_name = "LIST")]
    pub games: Option<crate::cli::select::GameSelection>,
}

/// Shapes of `xpgn scores` output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScoresFormat {
    /// A header, then one row per half-move of every game.
    Csv,
    /// One JSON object per game per line, holding its timeline.
    Json,
}

/// Arguments of `xpgn moves`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    /// The game, by name (e.g. `chess`, `gast`); case, spaces, `-` and `_`
    /// are ignored.
    #[arg(long, value_name = "VARIANT", value_parser = VariantName, hide_possible_values = true)]
    pub variant: Option<String>,

    /// The position instead of the variant's start position.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Squares family: play under the Postal rule (`yes`) or Postal Plus
    /// (`plus`), as a record's `[Postal]` tag does.
    #[arg(long, value_name = "POSTAL", value_parser = ["yes", "plus", "no"])]
    pub postal: Option<String>,

    /// Alternative readings RULINGS keeps as switches, as a record's
    /// `[Readings]` tag gives them: `G8b` (Gast promotes to Q, R, B, N
    /// only), `G10a` (Gast's archer to g1 when castling with both),
    /// `P4b` (PASGL scores before the Train moves).
    #[arg(long, value_name = "READINGS")]
    pub readings: Option<String>,
}

/// What `convert` reads its inputs as (`--from`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// By the file's name: `.json` and `.jsonl` are JSON, the rest PGN.
    Auto,
    /// PGN, whatever the name.
    Pgn,
    /// JSON or JSON Lines records, whatever the name.
    Json,
}

/// Arguments of `xpgn diagram`.
#[derive(Debug, Args)]
pub struct DiagramArgs {
    /// A record to draw a position of, or `-` for standard input; without
    /// it, the position of `--variant` and `--fen`.
    #[arg(value_name = "FILE", conflicts_with = "fen")]
    pub input: Option<PathBuf>,

    /// The game of FILE to draw, counted from 1.
    #[arg(long, value_name = "N", default_value = "1", requires = "input")]
    pub game: NonZeroU64,

    /// Draw the position after ply K of the game's mainline (0 = its start
    /// position) instead of its last.
    #[arg(long, value_name = "K", requires = "input")]
    pub ply: Option<u32>,

    /// The game, by name, for `--fen` or its start position.
    #[arg(long, value_name = "VARIANT", value_parser = VariantName, hide_possible_values = true)]
    pub variant: Option<String>,

    /// The position to draw, in the game's FEN-like notation.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,

    /// Highlight these squares (`--mark e4,d5`).
    #[arg(long, value_name = "SQUARE", value_delimiter = ',')]
    pub mark: Vec<String>,

    /// Black at the bottom.
    #[arg(long)]
    pub flip: bool,

    /// The board's width in pixels.
    #[arg(long, value_name = "PIXELS", default_value_t = 480)]
    pub size: u32,

    /// Shade the squares where the side to move is braked (Squirrel's
    /// guard zones).
    #[arg(long)]
    pub zone: bool,

    /// No arrow for the move that led to the position.
    #[arg(long)]
    pub no_arrow: bool,

    /// No file letters and rank numbers.
    #[arg(long)]
    pub no_coordinates: bool,

    /// Write the SVG to FILE (whole or not at all) instead of standard
    /// output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Replace FILE if it exists.
    #[arg(long, requires = "output")]
    pub force: bool,
}

/// Arguments of the hidden `xpgn generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// What to generate.
    #[command(subcommand)]
    pub what: GenerateCommand,
}

/// What `xpgn generate` produces.
#[derive(Debug, Subcommand)]
pub enum GenerateCommand {
    /// Write `xpgn.1` and one page per subcommand into DIR.
    Man {
        /// The directory for the pages; created if missing.
        #[arg(value_name = "DIR")]
        dir: PathBuf,
    },
    /// Print the completion script for SHELL on stdout.
    Completions {
        /// The shell.
        #[arg(value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
}

/// The value of `--variant` and `--transcript`: any text, passed on as
/// written (each command matches it loosely and names the games it knows
/// when it is unknown), while shell completion is offered the canonical
/// names, written without spaces so that a shell keeps each one a word.
#[derive(Clone, Copy, Debug)]
pub struct VariantName;

impl TypedValueParser for VariantName {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            Variant::ALL
                .into_iter()
                .map(|v| PossibleValue::new(v.name().replace(' ', ""))),
        ))
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn common_flags_go_before_or_after_the_subcommand() {
        let cli = Cli::try_parse_from(["xpgn", "--color", "never", "check", "-q", "a.pgn", "-"])
            .expect("valid");
        assert_eq!(cli.common.color, ColorChoice::Never);
        assert!(cli.common.quiet);
        match cli.command {
            Command::Check(args) => {
                assert_eq!(args.inputs, [PathBuf::from("a.pgn"), PathBuf::from("-")]);
                assert_eq!(args.format, CheckFormat::Human);
                assert_eq!(args.jobs, None);
            }
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn fen_ply_and_all_conflict() {
        assert!(Cli::try_parse_from(["xpgn", "fen", "a.pgn", "--ply", "3", "--all"]).is_err());
        assert!(Cli::try_parse_from(["xpgn", "fen", "a.pgn", "--ply", "3"]).is_ok());
    }

    #[test]
    fn jobs_must_be_positive() {
        assert!(Cli::try_parse_from(["xpgn", "check", "-j", "0", "a.pgn"]).is_err());
        assert!(Cli::try_parse_from(["xpgn", "check", "--jobs", "2", "a.pgn"]).is_ok());
    }

    #[test]
    fn variant_completion_names_are_names_xpgn_reads() {
        let names: Vec<String> = VariantName
            .possible_values()
            .expect("variant names are offered")
            .map(|v| v.get_name().to_owned())
            .collect();
        assert_eq!(names.len(), Variant::ALL.len());
        for (name, variant) in names.iter().zip(Variant::ALL) {
            assert!(!name.contains(' '), "{name}");
            assert_eq!(Variant::from_name(name), Some(variant), "{name}");
        }
    }

    #[test]
    fn perft_takes_depth_variant_fen_divide() {
        let cli = Cli::try_parse_from([
            "xpgn",
            "perft",
            "--variant",
            "Gast 14x12",
            "--fen",
            "8/8/8/8/8/8/8/K6k w - - 0 1",
            "3",
            "--divide",
        ])
        .expect("valid");
        match cli.command {
            Command::Perft(args) => {
                assert_eq!(args.depth, 3);
                assert_eq!(args.variant.as_deref(), Some("Gast 14x12"));
                assert!(args.fen.is_some() && args.divide);
            }
            other => panic!("parsed as {other:?}"),
        }
    }
}
