//! `--range START:END` (`stats`, `check`): the games of one plain file that
//! a Spark job (issue 19) gives to one task.
//!
//! Where a range starts and ends is decided by the split's guess at a game
//! start ([`crate::io::split::candidate`]) and the reader, as in the
//! parallel path: no second boundary rule. The range's games are those the
//! reader reads from the candidate at or after START (the file's start when
//! START is 0) up to, not including, the first game that begins at or past
//! the candidate at or after END (the file's end if there is none). Ranges
//! that share their cut points (`0:a`, `a:b`, `b:len`) therefore read every
//! game of the file once, provided each cut's candidate is where the reader
//! of the whole file begins a game. When the reader finds that it is not (a
//! comment between a game's tags, or before them), the game running across
//! it is read to its end and the run reports a `range end` read error
//! naming the offset: the next range would start inside that game, so the
//! caller merges the two ranges and runs again (docs/parallel.md).

use std::fs::File;
use std::io::{self, Seek, SeekFrom};
use std::path::PathBuf;
use std::sync::Arc;

use super::{BatchConfig, Step, plain_file};
use crate::cli::Error;
use crate::cli::batch::{Bounds, Ended, analyse_records};
use crate::io::{InputError, expand};
use crate::notation::{Reader, Resume};

/// `START:END`: bytes `START..END` of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteRange {
    /// First byte.
    pub start: u64,
    /// One past the last byte.
    pub end: u64,
}

impl std::str::FromStr for ByteRange {
    type Err = String;

    fn from_str(s: &str) -> Result<ByteRange, String> {
        let (a, b) = s
            .split_once(':')
            .ok_or_else(|| "expected START:END, byte offsets".to_string())?;
        let num = |t: &str| {
            t.trim()
                .parse::<u64>()
                .map_err(|e| format!("'{t}' is not a byte offset: {e}"))
        };
        let (start, end) = (num(a)?, num(b)?);
        if start > end {
            return Err(format!("START {start} is past END {end}"));
        }
        Ok(ByteRange { start, end })
    }
}

fn bad(why: impl Into<String>, range: ByteRange) -> Error {
    Error::BadValue {
        flag: "--range",
        value: format!("{}:{}", range.start, range.end),
        why: why.into(),
    }
}

/// The first candidate at or after `at` (`0` at the file's start).
fn candidate_from(path: &PathBuf, at: u64, len: u64) -> io::Result<Option<u64>> {
    if at == 0 {
        return Ok(Some(0));
    }
    if at >= len {
        return Ok(None);
    }
    let mut file = File::open(path)?;
    file.seek(SeekFrom::Start(at - 1))?;
    crate::io::split::candidate(file, at, u64::MAX)
}

/// Runs `config` over the games of `range` of its one plain file, calling
/// `step` as [`super::run`] does. Game indices count from 1 at the range's
/// first game, lines from 1 at its start.
///
/// # Errors
///
/// The range cannot be used: several inputs, standard input, a directory, a
/// compressed or empty file (reading errors are steps, as in a whole run).
pub fn run_range(
    config: &BatchConfig,
    range: ByteRange,
    mut step: impl FnMut(Step) -> bool,
) -> Result<(), Error> {
    let mut inputs = expand(&config.inputs);
    if config.inputs.len() != 1 || inputs.len() != 1 {
        return Err(bad("a range needs exactly one file", range));
    }
    let input = match inputs.pop() {
        Some(Ok(i)) => i,
        Some(Err(e)) => {
            step(Step::InputError(e));
            return Ok(());
        }
        None => return Err(bad("a range needs exactly one file", range)),
    };
    let Some((path, len)) = plain_file(&input) else {
        return Err(bad(
            "a range needs a plain file: not standard input, not compressed, not empty",
            range,
        ));
    };
    let name = Arc::clone(input.name());
    if !step(Step::Begin(Arc::clone(&name))) {
        return Ok(());
    }
    let read_error = |source: io::Error| {
        Step::InputError(InputError::Read {
            name: Arc::clone(&name),
            source,
        })
    };
    let cuts = candidate_from(&path, range.start, len).and_then(|s| {
        let e = if range.end >= len {
            None
        } else {
            candidate_from(&path, range.end, len)?
        };
        Ok((s, e))
    });
    let (start, limit) = match cuts {
        Ok((Some(s), e)) => (s, e.unwrap_or(u64::MAX)),
        Ok((None, _)) => return Ok(()),
        Err(e) => {
            step(read_error(e));
            return Ok(());
        }
    };
    if start >= limit {
        return Ok(());
    }
    let file = match File::open(&path).and_then(|mut f| {
        f.seek(SeekFrom::Start(start))?;
        Ok(f)
    }) {
        Ok(f) => f,
        Err(e) => {
            step(read_error(e));
            return Ok(());
        }
    };
    let resume = Resume {
        offset: start,
        skip: 0,
        line: 1,
        line_start: start,
    };
    let mut reader = Reader::resume(file, resume);
    let split = super::Split::for_run(false);
    let mut part_end = start.saturating_add(split.part);
    let mut games = 0u64;
    loop {
        let bounds = Bounds {
            limit,
            part_end,
            part_items: split.items,
        };
        let (mut out, ended) =
            analyse_records(&mut reader, &name, None, config.count_moves, bounds);
        // Indices are local to the part: count them over the range.
        out.offset_indices(games);
        games += out.game_count;
        if !step(Step::Chunk(Arc::clone(&name), out)) {
            return Ok(());
        }
        let stopped = match ended {
            Ended::Part(at) => {
                if at >= part_end {
                    part_end = at.saturating_add(split.part);
                }
                continue;
            }
            Ended::Limit(span) => Some(span.start),
            Ended::Eof => None,
            Ended::Failed(e) => {
                step(read_error(e));
                return Ok(());
            }
        };
        if limit != u64::MAX && stopped != Some(limit) {
            let found = stopped.map_or("the file's end".to_string(), |at| format!("byte {at}"));
            step(read_error(io::Error::other(format!(
                "range end: no game begins at byte {limit}, where a range from END \
                 starts; the game across it was read to {found}: run this range and \
                 the next as one"
            ))));
        }
        return Ok(());
    }
}
