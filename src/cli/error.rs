//! The operational errors of the CLI: whatever stops a subcommand (as
//! opposed to findings about the input, which are diagnostics).

use std::io;
use std::path::PathBuf;

use super::term::Stream;
use crate::io::{InputError, OutputError};

/// An operational error, printed once as `xpgn: error: ...` with its causes.
///
/// The engine's own errors (an unknown `--variant`, a bad `--fen`) get one
/// variant each here, wrapping the library error with `#[from]`.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An input could not be listed, opened or read.
    #[error(transparent)]
    Input(#[from] InputError),
    /// An output file could not be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// A directory for output files could not be created.
    #[error("cannot create directory {path}")]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// The cause.
        #[source]
        source: io::Error,
    },
    /// Writing to stdout or stderr failed.
    #[error("cannot write to {stream}")]
    Write {
        /// The stream.
        stream: Stream,
        /// The cause.
        #[source]
        source: io::Error,
    },
    /// `--variant` names no game this tool knows.
    #[error("unknown variant '{name}' (xpgn variants lists the games)")]
    UnknownVariant {
        /// The name given.
        name: String,
    },
    /// The game is known, but its rules engine is not built yet.
    #[error("{variant}: moves of this game are not generated yet")]
    NotImplemented {
        /// The game.
        variant: crate::rules::Variant,
    },
    /// A flag's value cannot be used (e.g. `--tag` without `=`).
    #[error("invalid {flag} '{value}': {why}")]
    BadValue {
        /// The flag.
        flag: &'static str,
        /// The value given.
        value: String,
        /// What is wrong.
        why: String,
    },
    /// A flag that shapes PGN output, given with `--to json` or `jsonl`.
    #[error("{flag} shapes PGN output only (--to pgn): JSON carries the whole game")]
    PgnOnly {
        /// The flag.
        flag: &'static str,
    },
    /// `--fen` does not give a valid position.
    #[error("invalid --fen '{fen}': {reason}")]
    InvalidFen {
        /// The FEN given.
        fen: String,
        /// Why it is invalid.
        reason: String,
    },
    /// A temporary file (`dedupe`'s table spilled to disk, or the games
    /// held until they are known unique) could not be written or read.
    #[error("cannot use a temporary file for {what} (TMPDIR: {dir})")]
    Temp {
        /// What the file holds.
        what: &'static str,
        /// The directory temporary files go to.
        dir: String,
        /// The cause.
        #[source]
        source: io::Error,
    },
}

impl Error {
    /// A write to stdout that failed with a broken pipe, e.g. under `| head`:
    /// the reader has what it wanted, so the run ends quietly with status 0.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(
            self,
            Error::Write { stream: Stream::Stdout, source } if source.kind() == io::ErrorKind::BrokenPipe
        )
    }

    /// A temporary file for `what` failed; wraps its error.
    pub fn temp(what: &'static str) -> impl FnOnce(io::Error) -> Error {
        move |source| Error::Temp {
            what,
            dir: std::env::temp_dir().display().to_string(),
            source,
        }
    }

    /// A writer of `stream` failed; wraps its error.
    pub fn write(stream: Stream) -> impl FnOnce(io::Error) -> Error {
        move |source| Error::Write { stream, source }
    }
}

/// The message and its causes, `: `-separated, as printed after `xpgn: error: `.
pub fn chain(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut cause = err.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_lists_causes_once() {
        let err = Error::Input(InputError::Open {
            path: PathBuf::from("games/a.pgn"),
            source: io::Error::new(io::ErrorKind::NotFound, "no such file"),
        });
        assert_eq!(chain(&err), "cannot open games/a.pgn: no such file");
    }

    #[test]
    fn only_stdout_broken_pipes_are_quiet() {
        let pipe = || io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(Error::write(Stream::Stdout)(pipe()).is_broken_pipe());
        assert!(!Error::write(Stream::Stderr)(pipe()).is_broken_pipe());
        let other = io::Error::from(io::ErrorKind::PermissionDenied);
        assert!(!Error::write(Stream::Stdout)(other).is_broken_pipe());
    }
}
