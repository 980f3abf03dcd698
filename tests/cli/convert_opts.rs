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

/// The moves of `convert --moves uci --reduced` of `pgn`, one string a game.
fn uci_moves(env: &TestEnv, pgn: &str) -> Vec<String> {
    env.write("u.pgn", pgn);
    let out = env.run(&[
        "convert",
        "u.pgn",
        "--to",
        "pgn",
        "--moves",
        "uci",
        "--reduced",
    ]);
    out.code(0);
    out.stdout()
        .split("\n\n")
        .filter(|b| !b.starts_with('[') && !b.trim().is_empty())
        .map(|b| {
            b.split_whitespace()
                .filter(|t| !t.ends_with('.') && !matches!(*t, "*" | "1-0" | "0-1" | "1/2-1/2"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// UCI as Fairy-Stockfish and python-chess write it (the strings below are
/// python-chess's `Move.uci()` for these games; tests/uci.rs compares with
/// it on random games): Chess960 castling as king takes rook, drops, an
/// Antichess promotion to king; Gast's castling as the king's move and its
/// archer promotion.
#[test]
fn uci_of_the_chess_games() {
    let env = TestEnv::new();
    let games = uci_moves(
        &env,
        "[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
         [FEN \"1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w HBhb - 0 1\"]\n\n1. O-O O-O-O *\n\n\
         [Event \"chess\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O O-O 5. d4 -- *\n\n\
         [Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 P@e6 *\n\n\
         [Variant \"Antichess\"]\n[SetUp \"1\"]\n[FEN \"8/P7/8/8/8/8/8/7k w - - 0 1\"]\n\n1. a8=K *\n",
    );
    assert_eq!(
        games,
        [
            "c1h1 c8b8",
            "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1g1 e8g8 d2d4 --",
            "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@d5 P@e6",
            "a7a8k",
        ]
    );
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let gast = fs::read_to_string(root.join("fixtures/gast/special-moves.pgn")).expect("fixture");
    let moves = uci_moves(&env, &gast).join(" ");
    for m in ["b2b6", "a11a10", "g1i1", "c11b12a"] {
        assert!(moves.split(' ').any(|x| x == m), "{m} in {moves}");
    }
}

/// xpgn's extension for the squares family (docs/formats.md): the piece
/// move as UCI, the square actions in the family's notation (`@@f3`,
/// `@g8-e6`), a Postal turn's actions joined by commas; and xpgn reads it
/// back to the same positions.
#[test]
fn uci_of_the_squares_family() {
    let env = TestEnv::new();
    let games = uci_moves(
        &env,
        "[Variant \"Hans38\"]\n[Postal \"yes\"]\n\n\
         1. @@f3 @@f6 2. Ng1-f3,@@e3 Ng8-f6,@g8-e6 3. e2-e3,@g1-g3 *\n\n\
         [Variant \"Hans38 Neutral\"]\n\n1. @@f3 @@f6 2. Ng1-f3 Ng8-f6 3. @@e3 @e3-d5 *\n",
    );
    assert_eq!(
        games,
        [
            "@@f3 @@f6 g1f3,@@e3 g8f6,@g8-e6 e2e3,@g1-g3",
            "@@f3 @@f6 g1f3 g8f6 @@e3 @e3-d5",
        ]
    );
    let fen = env.run(&["fen", "u.pgn"]).stdout();
    env.run(&[
        "convert", "u.pgn", "--to", "pgn", "--moves", "uci", "-o", "back.pgn",
    ])
    .code(0);
    env.run(&["fen", "back.pgn"]).code(0).stdout_is(&fen);
}

/// PASGL's UCI is its long notation (docs/formats.md): the critter's
/// letter with its `*`/`-` state, both squares, every victim and displaced
/// critter; `_` marks stay.
#[test]
fn uci_of_pasgl() {
    let env = TestEnv::new();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/pasgl");
    let read = |name: &str| fs::read_to_string(root.join(name)).expect("fixture");
    assert_eq!(
        uci_moves(&env, &read("bear-hunter.pgn")),
        ["Be1-d1/Te2 Te2-e3 Fc3-b4/S Te3-f3 *Ta3-a2 Tf3-f2 Hd2>d5/B"]
    );
    let ride = uci_moves(&env, &read("train-ride.pgn")).join(" ");
    assert!(ride.starts_with("Sh4-x4 Be8-d8 Sx4-x5"), "{ride}");
    assert!(ride.contains("Be8-d8 _Tc4"), "{ride}");
}

/// A JSON record is not replayed: it has no UCI, and `--moves uci` with
/// PGN output refuses it (JSON output carries SAN and LAN only, and ignores
/// `--moves`).
#[test]
fn uci_needs_pgn_inputs() {
    let env = TestEnv::new();
    env.write("g.pgn", five_games());
    env.run(&["convert", "g.pgn", "--to", "jsonl", "-o", "g.jsonl"])
        .code(0);
    env.run(&["convert", "g.jsonl", "--to", "pgn", "--moves", "uci"])
        .code(2)
        .stderr_has("invalid --moves")
        .stderr_has("a JSON record is not replayed");
    env.run(&["convert", "g.jsonl", "--to", "jsonl", "--moves", "uci"])
        .code(0);
}
