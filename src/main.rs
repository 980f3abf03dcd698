//! The `xpgn` binary: parses the command line and hands over to
//! [`xpgn::cli::run`], which prints any error and picks the exit code.

use std::process::ExitCode;

use clap::Parser;
use xpgn::cli::{self, Cli};

fn main() -> ExitCode {
    // Usage errors, --help and --version exit here, inside clap (status 2 or 0).
    let cli = Cli::parse();
    cli::run(cli)
}
