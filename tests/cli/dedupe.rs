//! `xpgn dedupe`: the same game in another notation is a duplicate, another
//! start is not, every second copy of a doubled archive is found, and the
//! table spilled to disk gives exactly what the table in memory gives.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::util::TestEnv;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every PGN fixture of every family, the broken games and the lichess
/// variants' random games, each followed by a blank line: a small archive
/// like the corpus, valid and invalid games of every game xpgn knows.
fn corpus_like() -> String {
    let mut files: Vec<PathBuf> = Vec::new();
    let mut dirs = vec![repo().join("fixtures"), repo().join("tests/data/broken")];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).expect("list fixtures") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files.push(repo().join("tests/data/lichess/random.pgn"));
    let mut text = String::new();
    for f in files {
        text.push_str(&String::from_utf8_lossy(
            &fs::read(f).expect("read fixture"),
        ));
        text.push_str("\n\n");
    }
    text
}

/// The JSON report: `(game, first_game)` per duplicate, and the summary.
fn report(stdout: &str) -> (Vec<(u64, u64)>, serde_json::Value) {
    let mut dups = Vec::new();
    let mut summary = serde_json::Value::Null;
    for line in stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("json line");
        match v["type"].as_str() {
            Some("duplicate") => dups.push((
                v["game"].as_u64().expect("game"),
                v["first_game"].as_u64().expect("first_game"),
            )),
            Some("summary") => summary = v,
            other => panic!("unexpected line type {other:?}: {line}"),
        }
    }
    (dups, summary)
}

#[test]
fn the_corpus_like_fixture_doubled_has_exactly_every_second_copy_as_duplicate() {
    let env = TestEnv::new();
    let once = corpus_like();
    env.write("once.pgn", &once);
    env.write("twice.pgn", format!("{once}{once}"));
    let run = env.run(&["dedupe", "--format", "json", "once.pgn"]);
    run.code(0);
    let (alone, summary) = report(&run.stdout());
    let n = summary["games"].as_u64().expect("games");
    assert!(n > 70, "{summary}");
    assert!(
        summary["rejected"].as_u64().expect("rejected") > 10,
        "{summary}"
    );
    // Where each game's first copy is within one copy of the archive.
    let first: HashMap<u64, u64> = alone.iter().copied().collect();
    let first_of = |g: u64| first.get(&g).copied().unwrap_or(g);

    let run = env.run(&["dedupe", "--format", "json", "twice.pgn"]);
    run.code(0);
    let (dups, summary) = report(&run.stdout());
    assert_eq!(summary["games"].as_u64(), Some(2 * n));
    let mut want: Vec<(u64, u64)> = alone.clone();
    want.extend((1..=n).map(|g| (n + g, first_of(g))));
    assert_eq!(dups, want);
    assert_eq!(summary["duplicates"].as_u64(), Some(n + alone.len() as u64));
}

#[test]
fn other_notations_comments_tags_and_results_are_duplicates_other_starts_are_not() {
    let env = TestEnv::new();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let counted = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 5";
    let no_castling = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1";
    let games = [
        "[Event \"a\"]\n[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n",
        // LAN, comments, a variation, NAGs, another result.
        "[Event \"b\"]\n\n1. e2-e4 {open} e7-e5 2. Ng1-f3 $1 (2. d4) Nb8-c6 3. Bf1-b5 a7-a6 *\n",
        // UCI-like long moves, check of the start by its FEN.
        &format!(
            "[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 1/2-1/2\n"
        ),
        // Another start (White cannot castle short), same moves.
        &format!("[SetUp \"1\"]\n[FEN \"{no_castling}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n"),
        // Another game: the same moves are not the same game.
        "[Variant \"King of the Hill\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n",
        // One move less.
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n",
        // The same start with other clocks: the clocks are not the position.
        &format!("[SetUp \"1\"]\n[FEN \"{counted}\"]\n\n5. e4 e5 6. Nf3 Nc6 7. Bb5 a6 *\n"),
    ];
    env.write("g.pgn", games.join("\n"));
    env.run(&["dedupe", "g.pgn"])
        .code(0)
        .stdout_is(
            "g.pgn: game 2: duplicate of g.pgn: game 1\n\
             g.pgn: game 3: duplicate of g.pgn: game 1\n\
             g.pgn: game 7: duplicate of g.pgn: game 1\n",
        )
        .stderr_is("xpgn: 7 games: 4 unique, 3 duplicates\n");
}

#[test]
fn rejected_games_are_compared_not_dropped() {
    let env = TestEnv::new();
    let bad = "[Event \"x\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n";
    let other = "1. e4 e5 2. Ke3 Nf6 *\n\n";
    let unknown = "[Variant \"Suicide\"]\n\n1. e4 e5 *\n\n";
    env.write("a.pgn", format!("{bad}{other}{unknown}"));
    env.write("b.pgn", format!("{unknown}{bad}"));
    let run = env.run(&["dedupe", "--format", "csv", "a.pgn", "b.pgn"]);
    run.code(0)
        .stdout_is("file,game,first_file,first_game\nb.pgn,1,a.pgn,3\nb.pgn,2,a.pgn,1\n");
    run.stderr_has("5 games: 3 unique, 2 duplicates; 5 rejected or not verified");
}

#[test]
fn a_spilled_table_gives_what_the_table_in_memory_gives() {
    let env = TestEnv::new();
    let once = corpus_like();
    env.write("a.pgn", format!("{once}{once}"));
    env.write("b.pgn", &once);
    let mut outputs = Vec::new();
    for (memory, out) in [("256", "mem"), ("1K", "disk")] {
        let unique = format!("{out}-unique.pgn");
        let dups = format!("{out}-dups.pgn");
        let run = env.run(&[
            "dedupe",
            "--format",
            "json",
            "--memory",
            memory,
            "-j",
            "2",
            "a.pgn",
            "b.pgn",
            "-o",
            &unique,
            "--duplicates",
            &dups,
        ]);
        run.code(0);
        let (pairs, summary) = report(&run.stdout());
        let spilled = summary["spilled_runs"].as_u64().expect("spilled_runs");
        assert_eq!(spilled > 0, out == "disk", "{summary}");
        let read = |name: &str| fs::read(env.path().join(name)).expect("output written");
        outputs.push((
            pairs,
            summary["duplicates"].clone(),
            read(&unique),
            read(&dups),
        ));
    }
    let (disk, mem) = (outputs.pop().expect("disk"), outputs.pop().expect("memory"));
    assert!(!mem.0.is_empty());
    assert_eq!(disk.0, mem.0);
    assert_eq!(disk.1, mem.1);
    assert!(disk.2 == mem.2, "unique games differ");
    assert!(disk.3 == mem.3, "duplicate games differ");
}

#[test]
fn outputs_hold_the_unique_and_the_duplicate_games_in_pgn() {
    let env = TestEnv::new();
    let a = "[Event \"a\"]\n\n1. e4 e5 *\n\n";
    let b = "[Event \"b\"]\n\n1. d4 d5 *\n\n";
    let a2 = "[Event \"a again\"]\n\n1. e2-e4 e7-e5 1-0\n\n";
    env.write("in.pgn", format!("{a}{b}{a2}{b}"));
    env.run(&[
        "dedupe",
        "-q",
        "in.pgn",
        "-o",
        "u.pgn",
        "--duplicates",
        "d.pgn",
    ])
    .code(0)
    .stderr_is("");
    let unique = fs::read_to_string(env.path().join("u.pgn")).expect("u.pgn");
    let dups = fs::read_to_string(env.path().join("d.pgn")).expect("d.pgn");
    assert!(
        unique.contains("[Event \"a\"]") && unique.contains("[Event \"b\"]"),
        "{unique}"
    );
    assert!(!unique.contains("again"), "{unique}");
    assert!(
        dups.contains("[Event \"a again\"]") && dups.contains("1. e4 e5 1-0"),
        "{dups}"
    );
    assert_eq!(dups.matches("[Event ").count(), 2, "{dups}");
    // The unique games have no duplicate left.
    env.run(&["dedupe", "u.pgn"])
        .code(0)
        .stdout_is("")
        .stderr_is("xpgn: 2 games: 2 unique, 0 duplicates\n");
    // An existing output is refused before anything is read.
    env.run(&["dedupe", "in.pgn", "-o", "u.pgn"])
        .code(2)
        .stderr_has("already exists (--force replaces it)");
    env.run(&["dedupe", "-q", "in.pgn", "-o", "u.pgn", "--force"])
        .code(0);
}

#[test]
fn unique_games_on_stdout_move_the_report_to_stderr() {
    let env = TestEnv::new();
    env.write("in.pgn", "1. e4 e5 *\n\n1. e2e4 e7e5 *\n");
    let run = env.run(&["dedupe", "in.pgn", "-o", "-"]);
    run.code(0).stdout_is("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n");
    run.stderr_has("in.pgn: game 2: duplicate of in.pgn: game 1\n");
    env.run(&["dedupe", "in.pgn", "-o", "-", "--duplicates", "-"])
        .code(2)
        .stderr_has("-o already writes to stdout");
    env.run(&["dedupe", "in.pgn", "-o", "x.pgn", "--duplicates", "x.pgn"])
        .code(2)
        .stderr_has("-o writes the unique games there");
    assert!(!env.path().join("x.pgn").exists());
}

#[test]
fn unreadable_inputs_give_status_2_and_the_others_are_still_compared() {
    let env = TestEnv::new();
    env.write("in.pgn", "1. e4 *\n\n1. e4 *\n");
    let run = env.run(&["dedupe", "missing.pgn", "in.pgn"]);
    run.code(2)
        .stdout_is("in.pgn: game 2: duplicate of in.pgn: game 1\n")
        .stderr_has("missing.pgn");
    env.run(&["dedupe", "--memory", "0", "in.pgn"])
        .code(2)
        .stderr_has("--memory");
}
