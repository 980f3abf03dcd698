//! The arguments of `xpgn convert`, and the whole-archive options it shares
//! with `stats` (kept apart: `args.rs` is long enough).

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::{InputFormat, VariantName};

/// Options of whole-archive runs (`convert`, `stats`).
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Use N threads (default: all cores).
    ///
    /// Output is in input order whatever the number of threads.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,

    /// Write to FILE instead of standard output.
    ///
    /// The file is written under a temporary name and renamed when complete,
    /// so a failed run leaves no half file.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Overwrite output files that already exist.
    #[arg(long)]
    pub force: bool,
}

/// Output formats of `convert` (`--to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertFormat {
    /// PGN in the export format of the 1994 standard.
    Pgn,
    /// One JSON array of game objects.
    Json,
    /// One game object per line (JSON Lines).
    Jsonl,
}

/// Move notation of PGN output (`--moves`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MoveNotation {
    /// Short algebraic notation (SAN and the game's equivalent).
    San,
    /// Long algebraic notation (from and to squares always written).
    Lan,
    /// UCI as Fairy-Stockfish writes it (e2e4, e7e8q, P@e4; castling as
    /// the king's move, king takes rook in Chess960), and xpgn's extension
    /// for the squares family and PASGL (docs/formats.md). PGN inputs only.
    Uci,
}

/// Which games `--validity` selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Validity {
    /// Games without errors.
    Valid,
    /// Games with at least one error.
    Invalid,
}

/// Arguments of `xpgn convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Files, directories (searched recursively) or `-` for standard input.
    #[arg(value_name = "FILE", required = true)]
    pub inputs: Vec<PathBuf>,

    /// The output format.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: ConvertFormat,

    /// The input format: by name (`auto`: `.json` and `.jsonl` files are
    /// JSON written by `xpgn convert`, everything else PGN), or every input
    /// as PGN or as JSON/JSON Lines, `-` included (`--from json -` reads
    /// JSON Lines on standard input).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = InputFormat::Auto)]
    pub from: InputFormat,

    /// The notation of moves in PGN output.
    #[arg(long, value_enum, value_name = "NOTATION", default_value_t = MoveNotation::San)]
    pub moves: MoveNotation,

    /// PGN in the reduced export format: the seven-tag roster and the
    /// mainline's moves only, plus the tags that decide the game's rules
    /// and start (Variant, SetUp, FEN, Postal, Readings), without which the
    /// moves would be read as another game's. A game with an error in a
    /// variation keeps its variations whole, with a warning, so that the
    /// export stays as invalid as the game.
    #[arg(long)]
    pub reduced: bool,

    /// PGN without comments.
    #[arg(long)]
    pub no_comments: bool,

    /// PGN without NAGs (annotation glyphs and the suffixes `!`, `?`...).
    #[arg(long)]
    pub no_nags: bool,

    /// PGN without variations: the mainline only (and, as with --reduced,
    /// every variation of a game with an error in one, with a warning).
    #[arg(long)]
    pub no_variations: bool,

    /// PGN with the tags after the seven-tag roster in the order they were
    /// written, instead of sorted by name.
    #[arg(long)]
    pub keep_tag_order: bool,

    /// PGN with a PlyCount tag holding the mainline's plies (in place of
    /// the game's own PlyCount tag, if it has one).
    #[arg(long)]
    pub plycount: bool,

    /// PGN with the position after each move replayed as a comment after
    /// it (xpgn's FEN-like string, as `xpgn fen` prints it; like
    /// pgn-extract's --fencomments). PGN inputs only: a JSON record is not
    /// replayed.
    #[arg(long)]
    pub fen_comments: bool,

    /// Write the result the final position implies where the game ended by
    /// rule (checkmate, stalemate, fivefold repetition, a variant's own
    /// end), in the Result tag and after the moves; other games keep theirs.
    /// PGN inputs only: a JSON record is not replayed.
    #[arg(long)]
    pub fix_result: bool,

    /// Write every N games to a file of their own, named after `-o OUT`
    /// with a number before its extension (out-001.pgn, out-002.pgn, ...);
    /// the files appear together when the run succeeds, or none of them.
    /// Needs -o OUT; --output-invalid stays one file.
    #[arg(long, value_name = "N")]
    pub split: Option<std::num::NonZeroU64>,

    /// Options of whole-archive runs.
    #[command(flatten)]
    pub batch: BatchArgs,

    /// Keep only games whose tag NAME has exactly VALUE (NAME=VALUE;
    /// repeatable, all must hold).
    #[arg(long, value_name = "NAME=VALUE")]
    pub tag: Vec<String>,

    /// Keep only games whose tag NAME matches the regular expression REGEX
    /// somewhere (NAME=REGEX; repeatable).
    #[arg(long, value_name = "NAME=REGEX")]
    pub tag_regex: Vec<String>,

    /// Keep only games of this variant (any name xpgn accepts for it).
    #[arg(long, value_name = "VARIANT", value_parser = VariantName, hide_possible_values = true)]
    pub variant: Option<String>,

    /// Keep only games with this result: 1-0, 0-1, 1/2-1/2 or *.
    #[arg(long, value_name = "RESULT")]
    pub result: Option<String>,

    /// Keep only games whose mainline has at least N plies.
    #[arg(long, value_name = "N")]
    pub min_plies: Option<u32>,

    /// Keep only games whose mainline has at most N plies.
    #[arg(long, value_name = "N")]
    pub max_plies: Option<u32>,

    /// Keep only valid or only invalid games.
    #[arg(long, value_enum, value_name = "WHICH")]
    pub validity: Option<Validity>,

    /// Write invalid games to FILE (in the `--to` format) instead of the
    /// output.
    #[arg(long, value_name = "FILE")]
    pub output_invalid: Option<PathBuf>,
    /// Only these games, by their number in their input (the `game`
    /// column): numbers and ranges, e.g. `5,10-20`.
    #[arg(long, value_name = "LIST")]
    pub games: Option<crate::cli::select::GameSelection>,
}
