//! The `xpgn` binary: parses the command line and hands over to
//! `cli::run`, which prints any error and picks the exit code.

use std::process::ExitCode;

use clap::Parser;
use cli::Cli;
// The library's modules under the names `cli` uses (`crate::rules`, ...).
use xpgn::{diag, export, io, notation, record, rules, verify};

// The command line is the binary's own module, not the library's API
// (issue 12, STYLE A3.1: the binary is glue). It was a public library
// module before, so it still holds items that only its tests use and
// re-exports meant for library users: not dead code to warn about.
#[allow(dead_code, unused_imports)]
mod cli;

fn main() -> ExitCode {
    // Usage errors, --help and --version exit here, inside clap (status 2 or 0).
    let cli = Cli::parse();
    cli::run(cli)
}
