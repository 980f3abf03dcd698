//! Fairy-Stockfish interop (issue 20): every position `xpgn fen --style
//! fairy` writes, for every game Fairy-Stockfish can express, is one that
//! pyffish's `validate_fen` accepts, with the definitions the project ships
//! in contrib/fairy-stockfish/variants.ini.
//!
//! pyffish is installed by `scripts/peers.sh` into a virtual environment
//! under the target directory on first use; when that fails (no Python, no
//! package registry), this test fails. It never passes without pyffish.

mod common;

use common::repo;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use xpgn::rules::Variant;
use xpgn::rules::playout::{PlayoutOptions, playout};

fn peers_python() -> PathBuf {
    common::venv_python("peers.sh", "peers-venv")
}

/// Seeded random games of `variant`, with the fixtures of `fixtures` first.
fn records(variant: Variant, fixtures: &str, games: u64) -> String {
    let mut pgn = String::new();
    let dir = repo().join("fixtures").join(fixtures);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("fixtures directory")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    paths.sort();
    for path in paths {
        pgn.push_str(&std::fs::read_to_string(&path).expect("fixture"));
        pgn.push_str("\n\n");
    }
    for seed in 0..games {
        let p = playout(variant, &PlayoutOptions::default(), 1000 + seed, 160).expect("playout");
        p.write_pgn(variant, None, 1000 + seed, &mut pgn);
    }
    pgn
}

/// Runs `xpgn fen --all` with `args` on `pgn`; its stdout.
fn fen_lines(pgn: &str, args: &[&str]) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games.pgn");
    std::fs::write(&path, pgn).expect("writing games");
    let out = Command::new(env!("CARGO_BIN_EXE_xpgn"))
        .args(["fen", "--all"])
        .args(args)
        .arg(&path)
        .output()
        .expect("running xpgn");
    String::from_utf8(out.stdout).expect("UTF-8 positions")
}

/// pyffish's verdict on `positions`: (accepted every one, its output).
fn validate(python: &Path, variant: &str, chess960: bool, positions: &str) -> (bool, String) {
    let mut cmd = Command::new(python);
    cmd.arg(repo().join("scripts/fairy_fen.py"))
        .arg(repo().join("contrib/fairy-stockfish/variants.ini"))
        .arg(variant);
    if chess960 {
        cmd.arg("--chess960");
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running scripts/fairy_fen.py");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(positions.as_bytes())
        .expect("writing positions");
    let out = child.wait_with_output().expect("fairy_fen.py");
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn fairy_style_positions_of_every_expressible_game_are_valid_for_pyffish() {
    let python = peers_python();
    for (variant, fixtures, name, chess960) in [
        (Variant::Chess, "chess", "chess", false),
        (Variant::Chess960, "chess960", "chess", true),
        (Variant::Squirrel, "squirrel", "squirrel", false),
    ] {
        let positions = fen_lines(&records(variant, fixtures, 40), &["--style", "fairy"]);
        let count = positions.lines().filter(|l| !l.is_empty()).count();
        assert!(count > 2000, "{variant}: only {count} positions");
        let (ok, report) = validate(&python, name, chess960, &positions);
        assert!(ok, "{variant}: pyffish rejects positions:\n{report}");
        assert!(report.contains(&format!("checked {count}")), "{report}");
    }
}

#[test]
fn pyffish_rejects_squirrel_strings_in_xpgn_style_so_the_check_can_fail() {
    let python = peers_python();
    let positions = fen_lines(&records(Variant::Squirrel, "squirrel", 2), &[]);
    let (ok, report) = validate(&python, "squirrel", false, &positions);
    assert!(!ok, "the seventh field must be rejected: {report}");
    assert!(report.contains("rejected"), "{report}");
}

#[test]
fn fairy_style_names_each_game_it_cannot_express_and_exits_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_xpgn"))
        .args(["fen", "--style", "fairy"])
        .arg(repo().join("fixtures/gast/special-moves.pgn"))
        .output()
        .expect("running xpgn");
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.lines().all(str::is_empty), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("game 1: Gast has no Fairy-Stockfish FEN"),
        "{stderr}"
    );
}
