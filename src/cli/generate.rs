//! The hidden `xpgn generate man DIR` and `xpgn generate completions SHELL`.
//!
//! Man pages and completions come from the same clap definition as `--help`,
//! so they cannot drift from it; the committed `man/` is checked against a
//! fresh rendering by a test below.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

use clap::CommandFactory;

use super::args::{Cli, GenerateArgs, GenerateCommand};
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus};
use crate::io::{AtomicFile, Overwrite};

/// Runs `xpgn generate`.
///
/// # Errors
///
/// When the directory or a page cannot be written, or stdout fails.
pub fn run(args: &GenerateArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    match &args.what {
        GenerateCommand::Man { dir } => {
            let pages = man_pages().map_err(Error::write(Stream::Stdout))?;
            write_pages(dir, &pages)?;
            if !common.quiet {
                let mut err = io::stderr().lock();
                let _ = writeln!(
                    err,
                    "xpgn: wrote {} man pages to {}",
                    pages.len(),
                    dir.display()
                );
            }
        }
        GenerateCommand::Completions { shell } => {
            // Rendered into memory first: clap_complete panics on write errors,
            // and a closed pipe must not be a panic.
            let mut script = Vec::new();
            clap_complete::generate(*shell, &mut completion_command(), "xpgn", &mut script);
            let mut out = io::stdout().lock();
            out.write_all(&script)
                .and_then(|()| out.flush())
                .map_err(Error::write(Stream::Stdout))?;
        }
    }
    Ok(ExitStatus::Success)
}

/// The command line as shells complete it: the hidden subcommands (this
/// one) are left out, since clap_complete offers every subcommand it is
/// given whether hidden or not.
pub fn completion_command() -> clap::Command {
    let full = Cli::command();
    let visible: Vec<clap::Command> = full
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set())
        .cloned()
        .collect();
    // clap cannot remove a subcommand: rebuild the top level without them.
    rebuild_without_subcommands(&full).subcommands(visible)
}

/// `cmd` with its arguments, about texts and settings but no subcommands.
fn rebuild_without_subcommands(cmd: &clap::Command) -> clap::Command {
    let mut fresh = clap::Command::new(cmd.get_name().to_owned())
        .args(cmd.get_arguments().cloned())
        .subcommand_required(cmd.is_subcommand_required_set())
        .arg_required_else_help(cmd.is_arg_required_else_help_set());
    if let Some(version) = cmd.get_version() {
        fresh = fresh.version(version.to_owned());
    }
    if let Some(about) = cmd.get_about() {
        fresh = fresh.about(about.clone());
    }
    fresh
}

/// Every man page, sorted by file name: `xpgn.1` and `xpgn-<subcommand>.1`
/// for each visible subcommand.
///
/// # Errors
///
/// Only if rendering into memory fails, which it does not in practice.
pub fn man_pages() -> io::Result<Vec<(String, Vec<u8>)>> {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    // build() propagates global flags and names subcommands `xpgn-check`.
    cmd.build();
    let mut pages = Vec::new();
    collect_pages(&cmd, &mut pages)?;
    // The notations have a hand-written page of section 5.
    pages.push((
        "xpgn-notation.5".to_string(),
        include_bytes!("notation.5").to_vec(),
    ));
    pages.sort();
    Ok(pages)
}

fn collect_pages(cmd: &clap::Command, pages: &mut Vec<(String, Vec<u8>)>) -> io::Result<()> {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        collect_pages(sub, pages)?;
    }
    let man = clap_mangen::Man::new(cmd.clone());
    let mut page = Vec::new();
    man.render(&mut page)?;
    let page = mark_repeated_positionals(cmd, page);
    pages.push((man.get_filename(), page));
    Ok(())
}

/// clap_mangen writes `<FILE>` in the synopsis for a positional that takes
/// several values; `--help` writes `<FILE>...`, and so does the page now.
fn mark_repeated_positionals(cmd: &clap::Command, page: Vec<u8>) -> Vec<u8> {
    let text = match String::from_utf8(page) {
        Ok(text) => text,
        // clap_mangen writes UTF-8; were it not to, the page stays as is.
        Err(err) => return err.into_bytes(),
    };
    let Some(start) = text.find(".SH SYNOPSIS\n") else {
        return text.into_bytes();
    };
    let line_start = start + ".SH SYNOPSIS\n".len();
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |n| line_start + n);
    let mut synopsis = text[line_start..line_end].to_owned();
    for arg in cmd.get_positionals() {
        if arg.get_num_args().is_some_and(|n| n.max_values() > 1) {
            let id = arg
                .get_value_names()
                .and_then(|names| names.first())
                .map_or_else(|| arg.get_id().to_string(), ToString::to_string);
            for (open, close) in [("<", ">"), ("[", "]")] {
                let written = format!("{open}\\fI{id}\\fR{close}");
                if let Some(at) = synopsis.find(&written) {
                    let end = at + written.len();
                    if !synopsis[end..].starts_with("...") {
                        synopsis.insert_str(end, "...");
                    }
                }
            }
        }
    }
    format!("{}{}{}", &text[..line_start], synopsis, &text[line_end..]).into_bytes()
}

fn write_pages(dir: &Path, pages: &[(String, Vec<u8>)]) -> Result<(), Error> {
    fs::create_dir_all(dir).map_err(|source| Error::CreateDir {
        path: dir.to_path_buf(),
        source,
    })?;
    for (name, page) in pages {
        let path = dir.join(name);
        // Regenerating replaces the old pages; each appears whole or not at all.
        let mut file = AtomicFile::create(&path, Overwrite::Force)?;
        file.write_all(page)
            .map_err(|source| crate::io::OutputError::Write {
                path: path.clone(),
                source,
            })?;
        file.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    #[test]
    fn pages_cover_every_visible_subcommand() {
        let names: Vec<String> = man_pages()
            .expect("render")
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        assert_eq!(
            names,
            [
                "xpgn-check.1",
                "xpgn-convert.1",
                "xpgn-dedupe.1",
                "xpgn-diagram.1",
                "xpgn-fen.1",
                "xpgn-moves.1",
                "xpgn-notation.5",
                "xpgn-perft.1",
                "xpgn-scores.1",
                "xpgn-stats.1",
                "xpgn-variants.1",
                "xpgn-view.1",
                "xpgn.1"
            ]
        );
    }

    #[test]
    fn committed_man_pages_are_up_to_date() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
        let fresh: BTreeMap<String, Vec<u8>> = man_pages().expect("render").into_iter().collect();
        let mut committed = BTreeMap::new();
        if let Ok(entries) = fs::read_dir(&dir) {
            for entry in entries {
                let entry = entry.expect("list man/");
                let name = entry.file_name().to_string_lossy().into_owned();
                committed.insert(name, fs::read(entry.path()).expect("read man page"));
            }
        }
        let stale: Vec<&String> = fresh
            .keys()
            .chain(committed.keys())
            .filter(|name| fresh.get(*name) != committed.get(*name))
            .collect();
        assert!(
            stale.is_empty(),
            "man/ is stale ({stale:?} differ); refresh it with:\n\n    \
             rm -f man/*.1 && cargo run -- generate man man/\n"
        );
    }

    #[test]
    fn the_synopsis_marks_a_positional_that_takes_several_values() {
        let pages: BTreeMap<String, Vec<u8>> = man_pages().expect("render").into_iter().collect();
        let synopsis = |name: &str| {
            let text = String::from_utf8(pages[name].clone()).expect("utf-8");
            let at = text.find(".SH SYNOPSIS\n").expect("synopsis");
            text[at..].lines().nth(1).expect("line").to_owned()
        };
        assert!(synopsis("xpgn-check.1").contains("<\\fIFILE\\fR>..."));
        assert!(synopsis("xpgn-stats.1").contains("\\fIFILE\\fR>..."));
        // perft's DEPTH is one value.
        assert!(!synopsis("xpgn-perft.1").contains("..."));
    }

    #[test]
    fn generate_man_writes_every_page() {
        let dir = tempfile::tempdir().expect("temp dir");
        let target = dir.path().join("new/man");
        let pages = man_pages().expect("render");
        write_pages(&target, &pages).expect("write");
        // Twice: regenerating overwrites.
        write_pages(&target, &pages).expect("write again");
        for (name, page) in &pages {
            assert_eq!(&fs::read(target.join(name)).expect("read"), page);
        }
        assert_eq!(fs::read_dir(&target).expect("list").count(), pages.len());
    }

    #[test]
    fn completions_render_for_every_shell() {
        use clap::ValueEnum;
        for shell in clap_complete::Shell::value_variants() {
            let mut script = Vec::new();
            clap_complete::generate(*shell, &mut completion_command(), "xpgn", &mut script);
            assert!(!script.is_empty(), "{shell}");
            let text = String::from_utf8_lossy(&script);
            // The hidden subcommand is not offered; the visible ones are.
            assert!(!text.contains("generate"), "{shell} offers `generate`");
            assert!(text.contains("convert"), "{shell}");
        }
    }

    #[test]
    fn committed_completions_are_up_to_date() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("completions");
        for (shell, name) in [
            (clap_complete::Shell::Bash, "xpgn.bash"),
            (clap_complete::Shell::Zsh, "xpgn.zsh"),
            (clap_complete::Shell::Fish, "xpgn.fish"),
        ] {
            let mut fresh = Vec::new();
            clap_complete::generate(shell, &mut completion_command(), "xpgn", &mut fresh);
            let committed = fs::read(dir.join(name)).unwrap_or_default();
            assert!(
                fresh == committed,
                "completions/{name} is stale: run `cargo run -- generate completions {shell} > completions/{name}`"
            );
        }
    }
}
