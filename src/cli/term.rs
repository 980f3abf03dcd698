//! Terminal decisions, made once per stream at start-up: colour, and (later)
//! whether to show progress.

use std::ffi::OsStr;
use std::io::IsTerminal;

use super::args::ColorChoice;

/// An output stream of the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output: what was asked for.
    Stdout,
    /// Standard error: diagnostics, messages, the summary.
    Stderr,
}

impl Stream {
    /// `stdout` or `stderr`, for messages.
    pub const fn as_str(self) -> &'static str {
        match self {
            Stream::Stdout => "stdout",
            Stream::Stderr => "stderr",
        }
    }

    /// Whether the stream is a terminal.
    pub fn is_terminal(self) -> bool {
        match self {
            Stream::Stdout => std::io::stdout().is_terminal(),
            Stream::Stderr => std::io::stderr().is_terminal(),
        }
    }
}

impl std::fmt::Display for Stream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether to colour `stream`, from `--color` and the environment.
pub fn use_color(choice: ColorChoice, stream: Stream) -> bool {
    decide_color(
        choice,
        stream.is_terminal(),
        std::env::var_os("NO_COLOR").as_deref(),
        std::env::var_os("TERM").as_deref(),
    )
}

/// The rule behind [`use_color`], without touching the process state:
/// `auto` colours a terminal when `NO_COLOR` is unset or empty and `TERM` is
/// not `dumb` (<https://no-color.org>).
fn decide_color(
    choice: ColorChoice,
    is_terminal: bool,
    no_color: Option<&OsStr>,
    term: Option<&OsStr>,
) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            is_terminal && no_color.is_none_or(OsStr::is_empty) && term.is_none_or(|t| t != "dumb")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(s: &str) -> Option<&OsStr> {
        Some(OsStr::new(s))
    }

    #[test]
    fn always_and_never_mean_what_they_say() {
        assert!(decide_color(
            ColorChoice::Always,
            false,
            os("1"),
            os("dumb")
        ));
        assert!(!decide_color(ColorChoice::Never, true, None, os("xterm")));
    }

    #[test]
    fn auto_needs_a_terminal() {
        assert!(decide_color(ColorChoice::Auto, true, None, os("xterm")));
        assert!(decide_color(ColorChoice::Auto, true, None, None));
        assert!(!decide_color(ColorChoice::Auto, false, None, os("xterm")));
    }

    #[test]
    fn auto_respects_no_color_and_dumb_terminals() {
        assert!(!decide_color(ColorChoice::Auto, true, os("1"), os("xterm")));
        assert!(decide_color(ColorChoice::Auto, true, os(""), os("xterm")));
        assert!(!decide_color(ColorChoice::Auto, true, None, os("dumb")));
    }
}
