//! Issue 20, "check gives the same verdict on each export as on the
//! original (with and without `--reduced`)": the three gaps that kept it
//! open. `--reduced` (and `--no-variations`) keep the variations of a game
//! with an error in one, whole; a variation or brace comment left open at a game's end
//! stays open; a game without a termination marker gets none.

use std::collections::BTreeMap;

use crate::util::TestEnv;

/// `check --format json` of `file`: per game, each code and how often
/// (warnings included).
fn diagnostics(env: &TestEnv, file: &str) -> BTreeMap<(u64, String), usize> {
    let run = env.run(&["check", "--format", "json", file]);
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

/// The movetext of each game of `file` (the lines after its tags).
fn movetexts(env: &TestEnv, file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(env.path().join(file)).expect("written");
    let mut games = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.starts_with('[') {
            if let Some(g) = current.take() {
                games.push(g.trim().to_owned());
            }
            continue;
        }
        let g = current.get_or_insert_with(String::new);
        g.push_str(line);
        g.push('\n');
    }
    games.extend(current.map(|g| g.trim().to_owned()));
    games
}

/// Converts `name` with `args` to `out` and again from `out`, checks that
/// both exports are the same bytes and that `check` reads the export as
/// the original, and returns its movetexts.
fn export(env: &TestEnv, name: &str, args: &[&str], out: &str) -> Vec<String> {
    let original = diagnostics(env, name);
    let mut first = vec!["convert", name, "--to", "pgn", "-o", out];
    first.extend_from_slice(args);
    env.run(&first).code(1);
    let again = format!("again-{out}");
    let mut second = vec!["convert", out, "--to", "pgn", "-o", &again];
    second.extend_from_slice(args);
    env.run(&second).code(1);
    let read = |f: &str| std::fs::read_to_string(env.path().join(f)).expect("written");
    assert_eq!(read(&again), read(out), "{args:?}: a second export differs");
    assert_eq!(
        diagnostics(env, out),
        original,
        "{args:?}: check of the export (left) and of the original (right) differ:\n{}",
        read(out)
    );
    movetexts(env, out)
}

const IN_VARIATIONS: &str = "\
[Event \"An illegal move in a variation\"]
[White \"W\"]
[Black \"B\"]
[Result \"1-0\"]

1. e4 e5 (1... c5 2. Nf3 Ke7?? 3. d4) (1... e6 $1 2. d4) 2. Nf3 {fine} Nc6 1-0

[Event \"Unreadable text in a nested variation\"]
[Result \"*\"]

1. d4 d5 (1... Nf6 2. c4 (2. Nf3 $1, g6) 2... e6 3. Nc3) 2. c4 *

[Event \"Errors in the variations only\"]
[Result \"*\"]

1. e4 (1. d4 Qxd4) (1. c4 e5) e5 2. Nf3 (2. Qh5 Qxh5 3. Qxh5) *

[Event \"Valid variations\"]
[Result \"*\"]

1. e4 (1. d4 d5) e5 *
";

#[test]
fn issue_20_reduced_keeps_the_variations_that_lead_to_errors() {
    let env = TestEnv::new();
    env.write("v.pgn", IN_VARIATIONS);
    let original = diagnostics(&env, "v.pgn");
    let games: std::collections::BTreeSet<u64> = original.keys().map(|(g, _)| *g).collect();
    assert_eq!(
        games.into_iter().collect::<Vec<_>>(),
        [1, 2, 3],
        "{original:?}"
    );
    // A game with an error in a variation keeps every variation whole,
    // without comments or NAGs; a game with none keeps none.
    let reduced = [
        "1. e4 e5 (1... c5 2. Nf3 Ke7 3. d4) (1... e6 2. d4) 2. Nf3 Nc6 1-0",
        "1. d4 d5 (1... Nf6 2. c4 (2. Nf3 $1, g6) 2... e6 3. Nc3) 2. c4 *",
        "1. e4 (1. d4 Qxd4) (1. c4 e5) 1... e5 2. Nf3 (2. Qh5 Qxh5 3. Qxh5) *",
        "1. e4 e5 *",
    ];
    assert_eq!(export(&env, "v.pgn", &["--reduced"], "r.pgn"), reduced);
    let no_variations = [
        "1. e4 e5 (1... c5 2. Nf3 Ke7 $4 3. d4) (1... e6 $1 2. d4) 2. Nf3 {fine} 2...\nNc6 1-0",
        "1. d4 d5 (1... Nf6 2. c4 (2. Nf3 $1, g6) 2... e6 3. Nc3) 2. c4 *",
        "1. e4 (1. d4 Qxd4) (1. c4 e5) 1... e5 2. Nf3 (2. Qh5 Qxh5 3. Qxh5) *",
        "1. e4 e5 *",
    ];
    assert_eq!(
        export(&env, "v.pgn", &["--no-variations"], "n.pgn"),
        no_variations
    );
    // JSON marks the moves where errors were reported, so that its PGN is
    // the same reduced export.
    env.run(&["convert", "v.pgn", "--to", "jsonl", "-o", "g.jsonl"])
        .code(1);
    env.run(&[
        "convert",
        "--from",
        "json",
        "g.jsonl",
        "--to",
        "pgn",
        "--reduced",
        "-o",
        "cr.pgn",
    ])
    .code(0);
    let read = |f: &str| std::fs::read_to_string(env.path().join(f)).expect("written");
    assert_eq!(read("cr.pgn"), read("r.pgn"));
    assert!(
        read("g.jsonl").contains(r#""written":"Ke7","#),
        "{}",
        read("g.jsonl")
    );
    assert_eq!(read("g.jsonl").matches(r#""error":true"#).count(), 4);
    // Each such game is named on stderr.
    let run = env.run(&["convert", "v.pgn", "--to", "pgn", "--reduced"]);
    let warned = run
        .stderr()
        .lines()
        .filter(|l| l.starts_with("xpgn: warning: v.pgn: game "))
        .count();
    assert_eq!(warned, 3, "{}", run.stderr());
    run.stderr_has("xpgn: warning: v.pgn: game 1 (W - B): its variations are written whole");
    assert!(!run.stderr().contains("game 4 ("), "{}", run.stderr());
}

const OPEN: &str = "\
[Event \"A variation left open\"]
[Result \"*\"]

1. e4 (1. d4 d5 *

[Event \"A comment left open swallows the result\"]
[Result \"1-0\"]

1. e4 e5 {Black resigns 1-0

[Event \"Nested, the innermost without a move\"]
[Result \"*\"]

1. e4 e5 (1... c5 2. Nf3 {x} (2. Nc3 Nc6 ( *

[Event \"Open at the end of the input\"]
[Result \"*\"]

1. d4 {ok} (1. c4 {open
";

#[test]
fn issue_20_what_a_game_leaves_open_stays_open() {
    let env = TestEnv::new();
    env.write("o.pgn", OPEN);
    let original = diagnostics(&env, "o.pgn");
    for (game, code) in [
        (1, "unterminated-variation"),
        (2, "unterminated-comment"),
        (3, "unterminated-variation"),
        (4, "unterminated-comment"),
        (4, "unterminated-variation"),
    ] {
        assert_eq!(
            original.get(&(game, code.to_owned())),
            Some(&1),
            "{original:?}"
        );
    }
    let all = [
        "1. e4 (1. d4 d5 *",
        "1. e4 e5 {Black resigns 1-0",
        "1. e4 e5 (1... c5 2. Nf3 {x} (2. Nc3 Nc6 ( *",
        "1. d4 {ok} (1. c4 {open",
    ];
    assert_eq!(export(&env, "o.pgn", &[], "a.pgn"), all);
    // Without comments the open brace stays, which is the error.
    let reduced = [
        "1. e4 (1. d4 d5 *",
        "1. e4 e5 {",
        "1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6 ( *",
        "1. d4 (1. c4 {",
    ];
    assert_eq!(export(&env, "o.pgn", &["--reduced"], "r.pgn"), reduced);
    // JSON carries it, and its PGN is the PGN export.
    env.run(&["convert", "o.pgn", "--to", "jsonl", "-o", "g.jsonl"])
        .code(1);
    let json = std::fs::read_to_string(env.path().join("g.jsonl")).expect("written");
    let games: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(games[0]["open_variations"], 1);
    assert_eq!(games[1]["open_comment"]["text"], "Black resigns 1-0\n");
    assert_eq!(games[2]["open_variations"], 3);
    assert_eq!(games[2]["open_variation_empty"], true);
    assert!(games[0].get("open_comment").is_none());
    env.run(&[
        "convert", "--from", "json", "g.jsonl", "--to", "pgn", "-o", "c.pgn",
    ])
    .code(0);
    let read = |f: &str| std::fs::read_to_string(env.path().join(f)).expect("written");
    assert_eq!(read("c.pgn"), read("a.pgn"));
    env.run(&[
        "convert",
        "--from",
        "json",
        "g.jsonl",
        "--to",
        "pgn",
        "--reduced",
        "-o",
        "cr.pgn",
    ])
    .code(0);
    assert_eq!(read("cr.pgn"), read("r.pgn"));
}

#[test]
fn issue_20_no_termination_marker_is_invented() {
    // pgn-extract does not replay a game without one ("Missing result"),
    // and would replay the export's: an export must not read worse.
    let env = TestEnv::new();
    env.write(
        "m.pgn",
        "[Event \"No marker\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#\n\n\
         [Event \"Next\"]\n[Result \"*\"]\n\n1. d4 *\n",
    );
    let original = diagnostics(&env, "m.pgn");
    assert_eq!(original.get(&(1, "missing-result".into())), Some(&1));
    env.run(&["convert", "m.pgn", "--to", "pgn", "-o", "a.pgn"])
        .code(0);
    assert_eq!(
        movetexts(&env, "a.pgn"),
        ["1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "1. d4 *"]
    );
    assert_eq!(diagnostics(&env, "a.pgn"), original);
    let a = std::fs::read_to_string(env.path().join("a.pgn")).expect("written");
    assert!(a.contains("[Result \"1-0\"]"), "{a}");
    // --fix-result writes the result the final position implies.
    env.run(&["convert", "m.pgn", "--to", "pgn", "--fix-result"])
        .code(0)
        .stdout_has("4. Qxf7# 1-0\n");
}
