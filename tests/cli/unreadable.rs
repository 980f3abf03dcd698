//! Issue 20: conversion keeps movetext the reader cannot read (a stray `}`,
//! `]` or `[`, a `)` without a variation, `$` without a number, a move
//! number out of range, a control byte, a token that is no move, a move's
//! unknown tail), so that `check` finds in the export of an invalid game
//! exactly what it finds in the game: the same codes, as many times, in
//! the same games. One fixture a construct, in tests/data/unreadable/.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::util::TestEnv;

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/unreadable");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/data/unreadable is committed")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files
}

/// `check --format json` of `file`: per game, each code and how often.
fn diagnostics(env: &TestEnv, file: &str) -> BTreeMap<(u64, String), usize> {
    let run = env.run(&["check", "--format", "json", file]);
    run.code(1);
    let mut out = BTreeMap::new();
    for line in run.stdout().lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        if v["type"] != "diagnostic" {
            continue;
        }
        let game = v["game"]["index"].as_u64().expect("a game index");
        let code = v["code"].as_str().expect("a code").to_owned();
        *out.entry((game, code)).or_default() += 1;
    }
    out
}

#[test]
fn issue_20_exports_of_unreadable_movetext_check_as_the_original() {
    let files = fixtures();
    assert!(files.len() >= 8, "fixtures: {files:?}");
    for path in files {
        let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
        let env = TestEnv::new();
        env.write(name, std::fs::read(&path).expect("readable"));
        let original = diagnostics(&env, name);
        let games = env
            .run(&["stats", "--format", "jsonl", name])
            .stdout()
            .lines()
            .filter(|l| l.contains(r#""type":"game""#))
            .count() as u64;
        // Every game of these fixtures holds unreadable text.
        for game in 1..=games {
            assert!(
                original.keys().any(|(g, c)| *g == game
                    && (c == "unexpected-token" || c == "unmatched-parenthesis")),
                "{name} game {game} reports no unreadable text: {original:?}"
            );
        }

        env.run(&["convert", name, "--to", "pgn", "-o", "a.pgn"])
            .code(1);
        env.run(&["convert", name, "--to", "json", "-o", "g.json"])
            .code(1);
        // A record read back is not verified again (status 0).
        env.run(&[
            "convert", "--from", "json", "g.json", "--to", "pgn", "-o", "c.pgn",
        ])
        .code(0);
        env.run(&["convert", "a.pgn", "--to", "pgn", "-o", "b.pgn"])
            .code(1);
        let read = |f: &str| std::fs::read(env.path().join(f)).expect("written");
        let a = read("a.pgn");
        assert_eq!(
            String::from_utf8_lossy(&read("b.pgn")),
            String::from_utf8_lossy(&a),
            "{name}: a second export differs"
        );
        assert_eq!(
            String::from_utf8_lossy(&read("c.pgn")),
            String::from_utf8_lossy(&a),
            "{name}: PGN -> JSON -> PGN differs from PGN -> PGN"
        );
        for export in ["a.pgn", "c.pgn"] {
            assert_eq!(
                diagnostics(&env, export),
                original,
                "{name}: check of {export} (left) and of the original (right) differ:\n{}",
                String::from_utf8_lossy(&a)
            );
        }
        // The reduced format keeps the variations that hold unreadable
        // text, up to it (tests/cli/verdicts.rs).
        env.run(&["convert", name, "--to", "pgn", "--reduced", "-o", "r.pgn"])
            .code(1);
        assert_eq!(diagnostics(&env, "r.pgn"), original, "{name} --reduced");
    }
}

#[test]
fn issue_20_unreadable_text_is_written_back_as_written_where_it_was() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Event \"x\"]\n\n1. e4 $1, e5 } 2. Nf3 (2. Nc3 ] Nf6) $ 2... Nc6!!! 3. Bb5 ) *\n",
    );
    let run = env.run(&["convert", "g.pgn", "--to", "pgn"]);
    run.code(1)
        .stdout_has("1. e4 $1, e5 } 2. Nf3 $ (2. Nc3 ] Nf6) 2... Nc6 !!! 3. Bb5 ) *");
    // JSON carries it: after a move, or before one at the start of a line.
    // Pieces one after the other share one string, a space between two.
    env.write("h.pgn", "[Event \"x\"]\n\n1. e4 ( } 1. d4 ]]$ ) *\n");
    let json = env.run(&["convert", "h.pgn", "--to", "jsonl"]);
    json.code(1);
    let v: serde_json::Value = serde_json::from_str(json.stdout().trim()).expect("one line");
    assert_eq!(v["moves"][1]["unreadable_before"], "}");
    assert_eq!(v["moves"][1]["unreadable_after"], "] ] $");
    assert!(v["moves"][0].get("unreadable_after").is_none());
    assert!(v.get("unreadable").is_none());
    // A `[` is never written first on a line, where it would start a tag
    // pair: at the start of the movetext an empty comment goes first.
    env.write("i.pgn", "[Event \"x\"]\n\n1. [ e4 e5 *\n");
    env.run(&["convert", "i.pgn", "--to", "pgn"])
        .code(1)
        .stdout_has("\n\n{} [ 1. e4 e5 *\n");
}
