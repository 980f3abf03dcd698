//! `xpgn check`: validate records and report every problem.
//!
//! The plumbing lives here: expanding `FILE|DIR|-` arguments, opening each
//! input (an unreadable one is reported and the run goes on, ending with
//! status 2), rendering each diagnostic as it arrives (human on stderr, or
//! JSON lines on stdout), and the summary. The verification itself is one
//! call per input to a [`Checker`], which the engine team implements with the
//! notation reader and `verify::Verifier`; [`new_checker`] is where it plugs
//! in.

use std::io::{self, BufWriter, Read, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::path::PathBuf;

use super::args::{Allow, CheckArgs, CheckFormat};
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus, print_error};
use crate::diag::render::{Summary, render_human, render_json};
use crate::diag::{Diagnostic, Severity};
use crate::io::{Input, InputError, expand};
use crate::notation::Reader;
use crate::verify::Verifier;

/// What one input held besides its findings. Severities are counted by the
/// driver from the diagnostics themselves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InputCounts {
    /// Games read, skipped ones included.
    pub games: u64,
    /// Games not verified, e.g. of an unsupported variant (each has told why
    /// with a diagnostic).
    pub skipped_games: u64,
    /// Moves replayed, variations included.
    pub moves: u64,
}

/// Receives each finding as soon as it is found. `Break` means the output is
/// gone (e.g. a closed pipe): stop reading this input and return.
pub type Sink<'a> = dyn FnMut(Diagnostic) -> ControlFlow<()> + 'a;

/// Verifies one input at a time: the single point where the engine plugs
/// into `xpgn check`.
///
/// An implementation reads `reader` to its end with the notation reader,
/// replays every game with the verifier, passes every diagnostic to `sink`
/// in source order (with `file` set to `input.name()`), and returns the
/// counts. It keeps its buffers between calls, so one checker serves many
/// inputs without allocating again; parallel runs will build one per worker.
pub trait Checker {
    /// Checks one input.
    ///
    /// # Errors
    ///
    /// [`Error::Input`] (normally [`InputError::Read`], naming
    /// `input.name()`) when reading fails midway: the findings already sent
    /// stand, the input counts as unreadable and the run goes on. Any other
    /// error stops the run.
    fn check_input(
        &mut self,
        input: &Input,
        reader: &mut dyn Read,
        sink: &mut Sink<'_>,
    ) -> Result<InputCounts, Error>;
}

/// The checker `xpgn check` uses: the streaming reader feeding the verifier.
pub fn new_checker(config: &CheckConfig) -> Box<dyn Checker> {
    let _ = config;
    Box::new(VerifyChecker)
}

/// Reads each game with [`Reader`] and replays it with [`Verifier`],
/// handing the diagnostics on after every game so memory stays flat.
#[derive(Debug)]
struct VerifyChecker;

impl Checker for VerifyChecker {
    fn check_input(
        &mut self,
        input: &Input,
        reader: &mut dyn Read,
        sink: &mut Sink<'_>,
    ) -> Result<InputCounts, Error> {
        let mut verifier = Verifier::new(input.name().clone());
        let mut games = Reader::new(reader);
        loop {
            let more = games.read_game(&mut verifier).map_err(|source| {
                Error::Input(InputError::Read {
                    name: input.name().clone(),
                    source,
                })
            });
            let mut stopped = false;
            for d in verifier.drain() {
                if !stopped && sink(d).is_break() {
                    stopped = true;
                }
            }
            if stopped {
                return Ok(counts(&verifier));
            }
            if !more? {
                break;
            }
        }
        Ok(counts(&verifier))
    }
}

fn counts(v: &Verifier) -> InputCounts {
    let c = v.counts();
    InputCounts {
        games: c.games,
        skipped_games: c.skipped_games,
        moves: c.moves,
    }
}

/// `xpgn check` options as plain values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckConfig {
    /// The `FILE|DIR|-` arguments, in order.
    pub inputs: Vec<PathBuf>,
    /// How to report.
    pub format: CheckFormat,
    /// Worker threads: more than one runs the chunked pipeline of
    /// [`check_in_parallel`].
    pub jobs: NonZeroUsize,
    /// Colour human diagnostics on stderr.
    pub color: bool,
    /// No summary line on stderr.
    pub quiet: bool,
    /// Read inputs as printed transcripts of this game (`--transcript`).
    pub transcript: Option<crate::rules::Variant>,
    /// Codes and severities not shown (`--allow`).
    pub allow: Vec<Allow>,
    /// Warnings fail the run (`--deny-warnings`).
    pub deny_warnings: bool,
    /// Only the games of this range of the one input (`--range`).
    pub range: Option<super::batch::ByteRange>,
}

impl CheckConfig {
    /// Builds the config; `--jobs` defaults to the number of cores.
    pub fn new(args: &CheckArgs, common: &CommonConfig) -> CheckConfig {
        CheckConfig {
            inputs: args.inputs.clone(),
            format: args.format,
            jobs: args.jobs.unwrap_or_else(|| {
                std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
            }),
            color: common.color_stderr,
            quiet: common.quiet,
            transcript: None,
            allow: args.allow.clone(),
            deny_warnings: args.deny_warnings,
            range: args.range,
        }
    }

    /// Whether `--allow` hides `d`. Errors are always shown.
    pub fn hides(&self, d: &Diagnostic) -> bool {
        d.severity != Severity::Error
            && self.allow.iter().any(|a| match *a {
                Allow::Code(code) => code == d.code,
                Allow::Severity(severity) => severity == d.severity,
            })
    }
}

/// Runs `xpgn check`.
///
/// # Errors
///
/// Operational errors that stop the run (unreadable inputs do not: they are
/// reported and give status 2).
pub fn run(args: &CheckArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    let mut config = CheckConfig::new(args, common);
    config.transcript = super::transcript_variant(args.transcript.as_deref())?;
    let stdout = io::stdout().lock();
    let stderr = io::stderr().lock();
    // Transcripts are rewritten line by line before reading, which the
    // chunked pipeline does not do: they are checked on one thread.
    if config.range.is_some() && config.transcript.is_some() {
        return Err(Error::BadValue {
            flag: "--range",
            value: args
                .range
                .map(|r| format!("{}:{}", r.start, r.end))
                .unwrap_or_default(),
            why: "a transcript is read whole: not with --transcript".to_string(),
        });
    }
    // A range is read by the pipeline's reader, whatever --jobs says.
    if (config.jobs.get() > 1 || config.range.is_some()) && config.transcript.is_none() {
        // The bar shares stderr with human diagnostics: the pipeline hands
        // each chunk's findings over with the bar suspended, and the report
        // flushes them before it is drawn again.
        return check_in_parallel(&config, common.progress, stdout, stderr);
    }
    let mut checker = new_checker(&config);
    check_inputs(&config, checker.as_mut(), stdout, stderr)
}

/// The run on `config.jobs` threads: inputs are cut into chunks of whole
/// games, verified by workers, and reported in input order, so the output
/// is the same as on one thread.
///
/// # Errors
///
/// A write failure on either stream.
pub fn check_in_parallel(
    config: &CheckConfig,
    progress: bool,
    stdout: impl Write,
    stderr: impl Write,
) -> Result<ExitStatus, Error> {
    use super::batch::{self, BatchConfig, Step};
    let mut report = Report::new(config, stdout, stderr);
    let mut summary = Summary::default();
    let batch_config = BatchConfig {
        inputs: config.inputs.clone(),
        jobs: config.jobs,
        records: false,
        notations: batch::Notations::BOTH,
        count_moves: false,
        progress,
        keys: false,
    };
    let step = |step| {
        let flow = match step {
            Step::Begin(_) => {
                summary.inputs += 1;
                ControlFlow::Continue(())
            }
            Step::InputError(err) => {
                // A read error comes after its input began; the others
                // (cannot access, list or open) stand for a whole input.
                if !matches!(err, InputError::Read { .. }) {
                    summary.inputs += 1;
                }
                summary.unreadable_inputs += 1;
                report.input_error(&err)
            }
            Step::Chunk(_, chunk) => report_chunk(config, &mut report, &mut summary, chunk),
        };
        flow.is_continue()
    };
    match config.range {
        Some(range) => batch::run_range(&batch_config, range, step)?,
        None => batch::run(&batch_config, step),
    }
    report.check_failed()?;
    finish(config, &mut report, &summary)
}

/// Where diagnostics and messages go, and the first write failure.
struct Report<O: Write, E: Write> {
    format: CheckFormat,
    color: bool,
    out: BufWriter<O>,
    err: BufWriter<E>,
    failed: Option<Error>,
}

impl<O: Write, E: Write> Report<O, E> {
    fn new(config: &CheckConfig, stdout: O, stderr: E) -> Report<O, E> {
        Report {
            format: config.format,
            color: config.color,
            out: BufWriter::new(stdout),
            err: BufWriter::new(stderr),
            failed: None,
        }
    }

    fn diagnostic(&mut self, diag: &Diagnostic) -> ControlFlow<()> {
        let result = match self.format {
            // A blank line after each, as compilers do, keeps them apart.
            CheckFormat::Human => render_human(diag, self.color, &mut self.err)
                .and_then(|()| writeln!(self.err))
                .map_err(Error::write(Stream::Stderr)),
            CheckFormat::Json => {
                render_json(diag, &mut self.out).map_err(Error::write(Stream::Stdout))
            }
        };
        self.record(result)
    }

    fn input_error(&mut self, err: &InputError) -> ControlFlow<()> {
        let result = print_error(&mut self.err, err, self.color)
            .and_then(|()| self.err.flush())
            .map_err(Error::write(Stream::Stderr));
        self.record(result)
    }

    fn message(&mut self, text: &str) -> ControlFlow<()> {
        let result = writeln!(self.err, "xpgn: {text}").map_err(Error::write(Stream::Stderr));
        self.record(result)
    }

    /// Flushes both streams, so that each input's findings appear as soon
    /// as it is done.
    fn flush(&mut self) -> ControlFlow<()> {
        let result = self
            .out
            .flush()
            .map_err(Error::write(Stream::Stdout))
            .and_then(|()| self.err.flush().map_err(Error::write(Stream::Stderr)));
        self.record(result)
    }

    fn record(&mut self, result: Result<(), Error>) -> ControlFlow<()> {
        match result {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => {
                self.failed.get_or_insert(err);
                ControlFlow::Break(())
            }
        }
    }

    fn check_failed(&mut self) -> Result<(), Error> {
        self.failed.take().map_or(Ok(()), Err)
    }
}

/// The whole run over explicit streams (stdout, stderr), so that tests can
/// capture them.
///
/// # Errors
///
/// A write failure on either stream, or an error from the checker other
/// than [`Error::Input`].
pub fn check_inputs(
    config: &CheckConfig,
    checker: &mut dyn Checker,
    stdout: impl Write,
    stderr: impl Write,
) -> Result<ExitStatus, Error> {
    let mut report = Report::new(config, stdout, stderr);
    let mut summary = Summary::default();

    for item in expand(&config.inputs) {
        summary.inputs += 1;
        let input = match item {
            Ok(input) => input,
            Err(err) => {
                summary.unreadable_inputs += 1;
                let _ = report.input_error(&err);
                report.check_failed()?;
                continue;
            }
        };
        let opened = input.open().and_then(|r| match config.transcript {
            None => Ok(r),
            Some(v) => super::transcript_source(v, r).map_err(|source| InputError::Read {
                name: input.name().clone(),
                source,
            }),
        });
        let mut reader = match opened {
            Ok(reader) => reader,
            Err(err) => {
                summary.unreadable_inputs += 1;
                let _ = report.input_error(&err);
                report.check_failed()?;
                continue;
            }
        };
        let mut sink = |diag: Diagnostic| emit(config, &mut report, &mut summary, &diag);
        let result = checker.check_input(&input, &mut reader, &mut sink);
        // A write failure is what stopped the checker, so it comes first.
        report.check_failed()?;
        match result {
            Ok(counts) => {
                summary.games += counts.games;
                summary.skipped_games += counts.skipped_games;
                summary.moves += counts.moves;
            }
            Err(Error::Input(err)) => {
                summary.unreadable_inputs += 1;
                let _ = report.input_error(&err);
            }
            Err(err) => return Err(err),
        }
        let _ = report.flush();
        report.check_failed()?;
    }

    finish(config, &mut report, &summary)
}

/// Reports one chunk's findings in source order (those between games in
/// their place) and adds its totals to `summary`.
fn report_chunk<O: Write, E: Write>(
    config: &CheckConfig,
    report: &mut Report<O, E>,
    summary: &mut Summary,
    chunk: super::batch::ChunkOut,
) -> ControlFlow<()> {
    summary.games += chunk.counts.games;
    summary.skipped_games += chunk.counts.skipped_games;
    summary.moves += chunk.counts.moves;
    let mut stray = chunk.stray.into_iter().peekable();
    for (i, game) in chunk.games.into_iter().enumerate() {
        while let Some((_, d)) = stray.next_if(|(before, _)| *before <= i) {
            emit(config, report, summary, &d)?;
        }
        for d in &game.diagnostics {
            emit(config, report, summary, d)?;
        }
    }
    for (_, d) in stray {
        emit(config, report, summary, &d)?;
    }
    report.flush()
}

/// Counts one finding and shows it, unless `--allow` hides it: the one
/// place both the one-thread and the parallel run decide that.
fn emit<O: Write, E: Write>(
    config: &CheckConfig,
    report: &mut Report<O, E>,
    summary: &mut Summary,
    d: &Diagnostic,
) -> ControlFlow<()> {
    if config.hides(d) {
        summary.count_hidden(d);
        return ControlFlow::Continue(());
    }
    summary.count_diagnostic(d);
    report.diagnostic(d)
}

/// Prints the summary (or the hint that nothing was found) and gives the
/// exit status.
fn finish<O: Write, E: Write>(
    config: &CheckConfig,
    report: &mut Report<O, E>,
    summary: &Summary,
) -> Result<ExitStatus, Error> {
    if summary.inputs == 0 {
        let _ = report.message(
            "no input files found (directories are searched for .pgn and .txt files, \
             compressed or not; name other files explicitly)",
        );
    }
    match config.format {
        CheckFormat::Json => {
            let result = summary
                .render_json(&mut report.out)
                .map_err(Error::write(Stream::Stdout));
            let _ = report.record(result);
        }
        CheckFormat::Human if !config.quiet => {
            let result = summary
                .render_human(&mut report.err)
                .map_err(Error::write(Stream::Stderr));
            let _ = report.record(result);
        }
        CheckFormat::Human => {}
    }
    let _ = report.flush();
    report.check_failed()?;

    Ok(status(summary, config.deny_warnings))
}

/// The exit status a run's totals call for.
fn status(summary: &Summary, deny_warnings: bool) -> ExitStatus {
    let mut status = ExitStatus::Success;
    if summary.errors > 0 || (deny_warnings && summary.warnings > 0) {
        status = status.merge(ExitStatus::Invalid);
    }
    if summary.unreadable_inputs > 0 {
        status = status.merge(ExitStatus::Error);
    }
    status
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::Path;
    use std::sync::Arc;

    use super::*;
    use crate::diag::{Code, Span};

    /// Reports one error per line that contains "bad", one game per input
    /// and one move per line.
    struct FakeChecker;

    impl Checker for FakeChecker {
        fn check_input(
            &mut self,
            input: &Input,
            reader: &mut dyn Read,
            sink: &mut Sink<'_>,
        ) -> Result<InputCounts, Error> {
            let mut text = String::new();
            reader
                .read_to_string(&mut text)
                .map_err(|source| InputError::Read {
                    name: Arc::clone(input.name()),
                    source,
                })?;
            let mut counts = InputCounts {
                games: 1,
                ..InputCounts::default()
            };
            for (i, line) in text.lines().enumerate() {
                counts.moves += 1;
                if let Some(col) = line.find("bad") {
                    let mut d = Diagnostic::error(Code::IllegalMove, "bad: not a move").with_span(
                        Span {
                            start: 0,
                            end: 3,
                            line: i as u32 + 1,
                            column: col as u32 + 1,
                        },
                        "here",
                    );
                    d.file = Some(Arc::clone(input.name()));
                    if sink(d).is_break() {
                        break;
                    }
                }
            }
            Ok(counts)
        }
    }

    fn config(inputs: &[&Path], format: CheckFormat) -> CheckConfig {
        CheckConfig {
            inputs: inputs.iter().map(|p| p.to_path_buf()).collect(),
            format,
            jobs: NonZeroUsize::MIN,
            color: false,
            quiet: false,
            transcript: None,
            allow: Vec::new(),
            deny_warnings: false,
            range: None,
        }
    }

    #[test]
    fn the_progress_bar_leaves_every_finding_in_place_on_any_number_of_threads() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("g.pgn");
        let mut pgn = String::new();
        for i in 0..300 {
            pgn.push_str(&format!("[Event \"{i}\"]\n\n1. e4 e5 2. Ke3 *\n\n"));
        }
        fs::write(&path, pgn).expect("write");
        let mut outputs = Vec::new();
        for (jobs, progress) in [(1, false), (2, false), (2, true), (3, true)] {
            let mut config = config(&[&path], CheckFormat::Human);
            config.jobs = NonZeroUsize::new(jobs).expect("non-zero");
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let status = if jobs == 1 {
                check_inputs(&config, new_checker(&config).as_mut(), &mut out, &mut err)
            } else {
                check_in_parallel(&config, progress, &mut out, &mut err)
            };
            assert_eq!(status.ok(), Some(ExitStatus::Invalid));
            outputs.push(String::from_utf8_lossy(&err).into_owned());
        }
        assert_eq!(outputs[0].matches("error[illegal-move]").count(), 300);
        for other in &outputs[1..] {
            assert_eq!(other, &outputs[0]);
        }
    }

    fn run_fake(config: &CheckConfig) -> (Result<ExitStatus, Error>, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = check_inputs(config, &mut FakeChecker, &mut out, &mut err);
        (
            status,
            String::from_utf8_lossy(&out).into_owned(),
            String::from_utf8_lossy(&err).into_owned(),
        )
    }

    #[test]
    fn valid_inputs_exit_0_with_a_summary() {
        let dir = tempfile::tempdir().expect("temp dir");
        fs::write(dir.path().join("a.pgn"), "e4\ne5\n").expect("write");
        fs::write(dir.path().join("b.pgn"), "d4\n").expect("write");
        let (status, out, err) = run_fake(&config(&[dir.path()], CheckFormat::Human));
        assert_eq!(status.expect("no operational error"), ExitStatus::Success);
        assert_eq!(out, "");
        assert_eq!(
            err,
            "checked 2 games (3 moves) in 2 files: 0 errors, 0 warnings\n"
        );
    }

    #[test]
    fn findings_exit_1_and_render_in_order() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.pgn");
        fs::write(&path, "e4\n  bad\n").expect("write");
        let (status, _, err) = run_fake(&config(&[&path], CheckFormat::Human));
        assert_eq!(status.expect("no operational error"), ExitStatus::Invalid);
        let name = path.display();
        assert_eq!(
            err,
            format!(
                "error[illegal-move]: bad: not a move\n --> {name}:2:3\n\n\
                 checked 1 game (2 moves) in 1 file: 1 error, 0 warnings\n"
            )
        );
    }

    #[test]
    fn unreadable_inputs_are_reported_and_the_rest_checked() {
        let dir = tempfile::tempdir().expect("temp dir");
        let missing = dir.path().join("missing.pgn");
        let good = dir.path().join("good.pgn");
        fs::write(&good, "bad\n").expect("write");
        let (status, _, err) = run_fake(&config(&[&missing, &good], CheckFormat::Human));
        assert_eq!(status.expect("no operational error"), ExitStatus::Error);
        let lines: Vec<&str> = err.lines().collect();
        assert!(
            lines[0].starts_with(&format!(
                "xpgn: error: cannot access {}: ",
                missing.display()
            )),
            "{err}"
        );
        assert!(lines[1].starts_with("error[illegal-move]"), "{err}");
        assert_eq!(
            lines.last().copied(),
            Some("checked 1 game (1 move) in 2 files: 1 error, 0 warnings, 1 file unreadable")
        );
    }

    #[test]
    fn json_goes_to_stdout_with_a_final_summary() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.pgn");
        fs::write(&path, "bad\n").expect("write");
        let (status, out, err) = run_fake(&config(&[&path], CheckFormat::Json));
        assert_eq!(status.expect("no operational error"), ExitStatus::Invalid);
        assert_eq!(err, "");
        let lines: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).expect("each line is JSON"))
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["type"], "diagnostic");
        assert_eq!(lines[0]["code"], "illegal-move");
        assert_eq!(lines[0]["file"], path.to_string_lossy().as_ref());
        assert_eq!(lines[1]["type"], "summary");
        assert_eq!(lines[1]["errors"], 1);
        assert_eq!(lines[1]["games"], 1);
    }

    #[test]
    fn quiet_drops_the_human_summary_only() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.pgn");
        fs::write(&path, "bad\n").expect("write");
        let mut cfg = config(&[&path], CheckFormat::Human);
        cfg.quiet = true;
        let (_, _, err) = run_fake(&cfg);
        assert!(err.starts_with("error[illegal-move]") && !err.contains("checked"));
    }

    #[test]
    fn an_empty_directory_says_so() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (status, _, err) = run_fake(&config(&[dir.path()], CheckFormat::Human));
        assert_eq!(status.expect("no operational error"), ExitStatus::Success);
        assert!(err.starts_with("xpgn: no input files found"), "{err}");
    }

    /// A writer that is always a closed pipe.
    struct ClosedPipe;

    impl Write for ClosedPipe {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_stdout_stops_the_run_as_a_broken_pipe() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.pgn");
        // Enough findings to overflow the BufWriter.
        fs::write(&path, "bad\n".repeat(10_000)).expect("write");
        let cfg = config(&[&path], CheckFormat::Json);
        let err = check_inputs(&cfg, &mut FakeChecker, ClosedPipe, Vec::new())
            .expect_err("the pipe is closed");
        assert!(err.is_broken_pipe(), "{err:?}");
    }

    #[test]
    fn the_real_checker_finds_an_illegal_move() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.pgn");
        fs::write(&path, "1. e4 e5 2. Ke3 *\n").expect("write");
        let cfg = config(&[&path], CheckFormat::Json);
        let mut out = Vec::new();
        let status =
            check_inputs(&cfg, new_checker(&cfg).as_mut(), &mut out, Vec::new()).expect("runs");
        assert_eq!(status, ExitStatus::Invalid);
        assert!(String::from_utf8_lossy(&out).contains("illegal-move"));
    }
}
