//! `xpgn convert --split N` and `--moves uci` (issue 20).

use std::fs;

use crate::util::TestEnv;

/// Five games, each with its own Event.
fn five_games() -> String {
    (1..=5)
        .map(|i| format!("[Event \"g{i}\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"))
        .collect()
}

/// The files of the test directory other than the input.
fn outputs(env: &TestEnv) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(env.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n != "g.pgn")
        .collect();
    names.sort();
    names
}

fn read(env: &TestEnv, name: &str) -> String {
    fs::read_to_string(env.path().join(name)).expect("output file")
}

#[test]
fn split_writes_every_n_games_to_a_numbered_file() {
    let env = TestEnv::new();
    env.write("g.pgn", five_games());
    let whole = env.run(&["convert", "g.pgn", "--to", "pgn"]).stdout();
    env.run(&[
        "convert", "g.pgn", "--to", "pgn", "--split", "2", "-o", "out.pgn",
    ])
    .code(0);
    assert_eq!(outputs(&env), ["out-001.pgn", "out-002.pgn", "out-003.pgn"]);
    let parts: Vec<String> = outputs(&env).iter().map(|n| read(&env, n)).collect();
    assert_eq!(parts.concat(), whole);
    let counts: Vec<usize> = parts.iter().map(|p| p.matches("[Event ").count()).collect();
    assert_eq!(counts, [2, 2, 1]);

    // JSON: each part is an array of its games; JSON Lines: its lines.
    for (to, name) in [("json", "o.json"), ("jsonl", "o.jsonl")] {
        let env = TestEnv::new();
        env.write("g.pgn", five_games());
        env.run(&["convert", "g.pgn", "--to", to, "--split", "3", "-o", name])
            .code(0);
        let ext = name.rsplit('.').next().unwrap_or("");
        let want = [format!("o-001.{ext}"), format!("o-002.{ext}")];
        assert_eq!(outputs(&env), want);
        let mut events = Vec::new();
        for part in &want {
            let text = read(&env, part);
            let games: Vec<serde_json::Value> = if to == "json" {
                serde_json::from_str::<Vec<serde_json::Value>>(&text).expect("a JSON array")
            } else {
                text.lines()
                    .map(|l| serde_json::from_str(l).expect("a JSON line"))
                    .collect()
            };
            events.push(
                games
                    .iter()
                    .map(|g| g["tags"][0][1].as_str().unwrap_or("").to_string())
                    .collect::<Vec<_>>(),
            );
        }
        assert_eq!(events, [vec!["g1", "g2", "g3"], vec!["g4", "g5"]], "{to}");
    }
}

/// A name without an extension gets the number at its end; N larger than
/// the games gives one part; no game at all still gives part 1 (as `-o`
/// writes an empty file).
#[test]
fn split_names_and_edges() {
    let env = TestEnv::new();
    env.write("g.pgn", five_games());
    env.run(&[
        "convert", "g.pgn", "--to", "jsonl", "--split", "10", "-o", "games",
    ])
    .code(0);
    assert_eq!(outputs(&env), ["games-001"]);
    assert_eq!(read(&env, "games-001").lines().count(), 5);
    env.run(&[
        "convert",
        "g.pgn",
        "--to",
        "json",
        "--split",
        "1",
        "-o",
        "none.json",
        "--tag",
        "Event=x",
    ])
    .code(0);
    assert_eq!(read(&env, "none-001.json"), "[]\n");
}

#[test]
fn split_is_refused_without_an_output_file() {
    let env = TestEnv::new();
    env.write("g.pgn", five_games());
    for args in [
        &["convert", "g.pgn", "--to", "pgn", "--split", "2"][..],
        &["convert", "g.pgn", "--to", "pgn", "--split", "2", "-o", "-"][..],
    ] {
        env.run(args)
            .code(2)
            .stderr_has("--split")
            .stderr_has("needs -o OUT");
    }
    env.run(&[
        "convert", "g.pgn", "--to", "pgn", "--split", "0", "-o", "o.pgn",
    ])
    .code(2);
    assert!(outputs(&env).is_empty(), "{:?}", outputs(&env));
}

/// A part that cannot be written (its name is taken, no --force) fails the
/// run with status 2 and leaves no part of the set, nor temporary files.
#[test]
fn split_leaves_no_part_when_one_fails() {
    let env = TestEnv::new();
    env.write("g.pgn", five_games());
    env.write("out-002.pgn", "theirs");
    env.run(&[
        "convert", "g.pgn", "--to", "pgn", "--split", "2", "-o", "out.pgn",
    ])
    .code(2)
    .stderr_has("out-002.pgn already exists (--force replaces it)");
    assert_eq!(outputs(&env), ["out-002.pgn"]);
    assert_eq!(read(&env, "out-002.pgn"), "theirs");
    env.run(&[
        "convert", "g.pgn", "--to", "pgn", "--split", "2", "-o", "out.pgn", "--force",
    ])
    .code(0);
    assert_eq!(outputs(&env), ["out-001.pgn", "out-002.pgn", "out-003.pgn"]);
}
