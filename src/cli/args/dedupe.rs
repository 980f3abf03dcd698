//! The arguments of `xpgn dedupe` (kept apart: `args.rs` is long enough).

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

/// Arguments of `xpgn dedupe`.
#[derive(Debug, Args)]
pub struct DedupeArgs {
    /// Files, directories (searched recursively) or `-` for standard input.
    #[arg(value_name = "FILE", required = true)]
    pub inputs: Vec<PathBuf>,

    /// How to report the duplicates on stdout.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = DedupeFormat::Human)]
    pub format: DedupeFormat,

    /// Write the unique games (each game's first copy) to FILE, in PGN
    /// export format as `convert --to pgn` writes them.
    ///
    /// The file is written under a temporary name and renamed when complete.
    /// With `-o -` the games go to stdout and the report to stderr.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Write the duplicate games (every copy after the first) to FILE, in
    /// PGN export format.
    #[arg(long, value_name = "FILE")]
    pub duplicates: Option<PathBuf>,

    /// Overwrite output files that already exist.
    #[arg(long)]
    pub force: bool,

    /// Memory for the table of game keys (32 bytes a game), in MB or with a
    /// unit: `256`, `64M`, `1G`, `512K`.
    ///
    /// Past it the table is sorted and spilled to temporary files (in
    /// TMPDIR) and merged at the end, with the same result.
    #[arg(long, value_name = "MB", default_value = "256", value_parser = parse_memory)]
    pub memory: usize,

    /// Use N threads (default: all cores).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,
}

/// Report formats of `dedupe` (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DedupeFormat {
    /// One line per duplicate: where it is and where its first copy is.
    Human,
    /// CSV with a header: file, game, first_file, first_game.
    Csv,
    /// JSON Lines: one `duplicate` object per duplicate, then a `summary`.
    Json,
}

/// A size in bytes from `N` (megabytes) or `N` with a `K`, `M` or `G` unit
/// (powers of 1024).
pub fn parse_memory(text: &str) -> Result<usize, String> {
    let t = text.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => t.split_at(i),
        None => (t, "M"),
    };
    let shift = match unit.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        "K" => 10,
        "M" | "" => 20,
        "G" => 30,
        _ => return Err(format!("unknown unit '{unit}' (K, M or G)")),
    };
    let n: usize = digits
        .parse()
        .map_err(|_| "expected a number of megabytes, e.g. 256 or 64M".to_string())?;
    if n == 0 {
        return Err("must be at least 1".to_string());
    }
    n.checked_mul(1 << shift)
        .ok_or_else(|| "too large".to_string())
}

#[cfg(test)]
mod tests {
    use super::parse_memory;

    #[test]
    fn memory_sizes_take_megabytes_or_a_unit() {
        assert_eq!(parse_memory("256"), Ok(256 << 20));
        assert_eq!(parse_memory("1K"), Ok(1024));
        assert_eq!(parse_memory("2g"), Ok(2 << 30));
        assert_eq!(parse_memory("64MiB"), Ok(64 << 20));
        assert!(parse_memory("0").is_err());
        assert!(parse_memory("12T").is_err());
        assert!(parse_memory("x").is_err());
    }
}
