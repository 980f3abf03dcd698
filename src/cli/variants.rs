//! `xpgn variants`: each game, its status and its pieces in Betza's
//! notation; `--show NAME` prints a game's definition. Also where the
//! definition files of `--variants` and `XPGN_VARIANTS` are read, once,
//! before any command runs.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::args::VariantsArgs;
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus};
use crate::diag::{Code, Diagnostic, SourceLine, Span};
use crate::rules::Variant;
use crate::rules::define::{self, DefineError};

/// The environment variable naming definition files (`:`-separated).
pub const ENV_VARIANTS: &str = "XPGN_VARIANTS";

/// Registers the games of `XPGN_VARIANTS`'s files, then of `files`.
///
/// # Errors
/// The first definition that cannot be used, after its diagnostic is
/// printed on stderr: status 2.
pub fn load_definitions(files: &[PathBuf], common: &CommonConfig) -> Result<(), ExitStatus> {
    let mut all: Vec<PathBuf> = std::env::var_os(ENV_VARIANTS)
        .map(|v| {
            std::env::split_paths(&v)
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        })
        .unwrap_or_default();
    all.extend(files.iter().cloned());
    for path in &all {
        if let Err(e) = define::register_file(path) {
            let diag = diagnostic(&e, path);
            let mut err = io::stderr().lock();
            let _ = crate::diag::render::render_human(&diag, common.color_stderr, &mut err);
            return Err(ExitStatus::Error);
        }
    }
    Ok(())
}

/// A definition error in the compiler style of `check`: file, line, the
/// line itself.
fn diagnostic(e: &DefineError, path: &Path) -> Diagnostic {
    let mut d = Diagnostic::error(Code::BadDefinition, e.kind.to_string());
    d.file = Some(e.file.as_str().into());
    let line = u32::try_from(e.line).unwrap_or(u32::MAX);
    if line == 0 {
        return d;
    }
    let text = std::fs::read(path)
        .ok()
        .and_then(|b| {
            let s = String::from_utf8_lossy(&b).into_owned();
            s.lines().nth(e.line - 1).map(str::to_string)
        })
        .filter(|_| e.file == path.display().to_string());
    match text {
        Some(text) => {
            let width = u32::try_from(text.trim_end().len().max(1)).unwrap_or(1);
            d.with_span(
                Span {
                    start: 0,
                    end: u64::from(width),
                    line,
                    column: 1,
                },
                "",
            )
            .with_source(SourceLine {
                number: line,
                text: text.trim_end().to_string(),
                first_column: 1,
            })
        }
        None => {
            d.span = Some(Span {
                start: 0,
                end: 0,
                line,
                column: 1,
            });
            d
        }
    }
}

/// Runs `xpgn variants`.
///
/// # Errors
///
/// A failed write; `--show` of a game without a definition.
pub fn run(args: &VariantsArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    let _ = common;
    let mut out = BufWriter::new(io::stdout().lock());
    if let Some(name) = &args.show {
        let variant =
            Variant::from_name(name).ok_or_else(|| Error::UnknownVariant { name: name.clone() })?;
        let Some(text) = variant.rules().and_then(define::source) else {
            return Err(Error::BadValue {
                flag: "--show",
                value: name.clone(),
                why: format!(
                    "{variant} has its own engine, not a definition (the chess-like games have one: Chess, Chess960, Gast, Gast 14x12, Squirrel and the games of --variants files)"
                ),
            });
        };
        out.write_all(text.as_bytes())
            .map_err(Error::write(Stream::Stdout))?;
        out.flush().map_err(Error::write(Stream::Stdout))?;
        return Ok(ExitStatus::Success);
    }
    for v in Variant::every() {
        let provisional = if v.is_provisional() {
            ", provisional rules"
        } else {
            ""
        };
        let defined = if matches!(v, Variant::Defined(_)) {
            ", from a definition file"
        } else {
            ""
        };
        writeln!(
            out,
            "{}: {}{}{}",
            v.name(),
            v.status(),
            provisional,
            defined
        )
        .map_err(Error::write(Stream::Stdout))?;
        if !v.aliases().is_empty() {
            writeln!(out, "  also: {}", v.aliases().join(", "))
                .map_err(Error::write(Stream::Stdout))?;
        }
        for (letter, name, betza) in v.pieces() {
            writeln!(out, "  {letter} {name:<10} {betza}").map_err(Error::write(Stream::Stdout))?;
        }
    }
    out.flush().map_err(Error::write(Stream::Stdout))?;
    Ok(ExitStatus::Success)
}
