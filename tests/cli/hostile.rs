//! Hostile archives (issue 14): whatever an archive holds, every command
//! ends, in bounded memory, and says what it did not read.

use crate::util::TestEnv;

/// issue_14_diagnostics_are_capped_per_game: `1. e4` and then 50,000 `]`
/// gave 50,000 diagnostics, each kept in memory until the game ended; now
/// the first 100 are shown and one line says how many more there were,
/// while the summary still counts every one.
#[test]
fn issue_14_diagnostics_are_capped_per_game() {
    let env = TestEnv::new();
    let n = 50_000;
    env.write(
        "g.pgn",
        format!("[Event \"x\"]\n\n1. e4 {} *\n", "]".repeat(n)),
    );
    let run = env.run(&["check", "-j1", "g.pgn"]);
    run.code(1);
    let shown = run.stderr().matches("error[unexpected-token]").count();
    assert_eq!(shown, 101, "100 diagnostics and the line for the rest");
    run.stderr_has(&format!(
        "{} more unexpected-token diagnostics in this game not shown (at most 100 a game)",
        n - 100
    ))
    .stderr_has(&format!("checked 1 game (1 move) in 1 file: {n} errors"));
    // The JSON form: the same lines, the last with the number it stands for.
    let run = env.run(&["check", "-j1", "--format", "json", "g.pgn"]);
    run.code(1);
    assert_eq!(
        run.stdout().lines().count(),
        102,
        "101 diagnostics and the summary"
    );
    run.stdout_has(&format!("\"suppressed\":{}", n - 100))
        .stdout_has(&format!("\"errors\":{n}"));
    // A second game starts with none shown.
    env.write(
        "two.pgn",
        format!(
            "[Event \"x\"]\n\n1. e4 {} *\n\n[Event \"y\"]\n\n1. e4 ] *\n",
            "]".repeat(200)
        ),
    );
    let run = env.run(&["check", "-j1", "two.pgn"]);
    assert_eq!(run.stderr().matches("error[unexpected-token]").count(), 102);
}

/// issue_14_fen_with_trailing_text_is_refused: `moves --fen` with text
/// after the FEN's last field was read as if the text were not there.
#[test]
fn issue_14_fen_with_trailing_text_is_refused() {
    let env = TestEnv::new();
    for (variant, fen) in [
        (
            "Chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "Chess960",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
    ] {
        env.run(&["moves", "--variant", variant, "--fen", fen])
            .code(0);
        let junk = format!("{fen} junk junk");
        env.run(&["moves", "--variant", variant, "--fen", &junk])
            .code(2)
            .stderr_has("unexpected text after the last field: 'junk'");
    }
}

/// issue_14_perft_depth_is_limited: `perft 50000` overflowed the stack
/// (and grew memory without end in the squares family); depths past the
/// documented limit are refused as a usage error.
#[test]
fn issue_14_perft_depth_is_limited() {
    let env = TestEnv::new();
    for variant in ["Chess", "Infinite Reserves", "Moving Squares"] {
        env.run(&["perft", "--variant", variant, "50000"])
            .code(2)
            .stderr_has("50000 is not in 0..=32");
    }
    env.run(&["perft", "33"]).code(2);
    env.run(&["perft", "--variant", "Infinite Reserves", "1"])
        .code(0)
        .stdout_is("476\n");
}

/// issue_14_a_bad_json_record_costs_only_itself: good, bad, good in JSON
/// Lines wrote one game and stopped with exit 2; now both good games are
/// written, the bad record is reported at its file and line, and the exit
/// code is that of an invalid game. The same in a JSON array.
#[test]
fn issue_14_a_bad_json_record_costs_only_itself() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n",
    );
    env.run(&["convert", "--to", "jsonl", "-o", "g.jsonl", "g.pgn"])
        .code(0);
    let jsonl = std::fs::read_to_string(env.path().join("g.jsonl")).expect("jsonl written");
    let lines: Vec<&str> = jsonl.lines().collect();
    assert_eq!(lines.len(), 2);
    // Not JSON, then JSON that is not a game.
    for bad in ["{\"tags\": [oops", "{\"tags\": 3}"] {
        env.write(
            "mixed.jsonl",
            format!("{}\n{bad}\n\n{}\n", lines[0], lines[1]),
        );
        let run = env.run(&["convert", "--to", "pgn", "mixed.jsonl"]);
        run.code(1)
            .stderr_has("error[invalid-record]: record skipped: not a game")
            .stderr_has("mixed.jsonl:2:1");
        assert_eq!(
            run.stdout().matches("[Event ").count(),
            2,
            "{}",
            run.stdout()
        );
        run.stdout_has("[Event \"a\"]").stdout_has("[Event \"b\"]");
    }
    // In an array, an element that is JSON but not a game is skipped.
    env.write(
        "mixed.json",
        format!("[\n{},\n{{\"tags\": 3}},\n{}\n]\n", lines[0], lines[1]),
    );
    let run = env.run(&["convert", "--to", "pgn", "mixed.json"]);
    run.code(1)
        .stderr_has("error[invalid-record]")
        .stderr_has("mixed.json:3:1");
    assert_eq!(
        run.stdout().matches("[Event ").count(),
        2,
        "{}",
        run.stdout()
    );
}

/// issue_14_links_the_walk_skips_are_named: a directory holding a link
/// back to itself and a dangling link: the walk ends, reads the one game,
/// and names each link it did not follow once on stderr (it said nothing).
#[cfg(unix)]
#[test]
fn issue_14_links_the_walk_skips_are_named() {
    use std::os::unix::fs::symlink;
    let env = TestEnv::new();
    env.write("d/a.pgn", "[Event \"x\"]\n\n1. e4 *\n");
    symlink(env.path().join("d"), env.path().join("d/loop")).expect("symlink");
    symlink(
        env.path().join("d/gone.pgn"),
        env.path().join("d/dangling.pgn"),
    )
    .expect("symlink");
    let run = env.run(&["check", "-j1", "d"]);
    run.code(0)
        .stderr_has("checked 1 game (1 move) in 1 file")
        .stderr_has("d/loop: a link to a directory, not followed, skipped")
        .stderr_has("d/dangling.pgn: a dangling link, skipped");
    assert_eq!(
        run.stderr().matches("xpgn: warning:").count(),
        2,
        "{}",
        run.stderr()
    );
}

/// Issue 14: a giant game's comment and output go to temporary files
/// (`export::lean::spill`), and when none can be made (`TMPDIR` missing)
/// they stay in memory: both paths write the same bytes, for PGN and JSON
/// Lines, on one thread and two.
#[test]
fn issue_14_a_spilled_giant_game_converts_as_one_held_in_memory() {
    let env = TestEnv::new();
    let mut text = Vec::new();
    text.extend_from_slice(b"[Event \"comment\"]\n[Result \"*\"]\n\n1. e4 {");
    for i in 0..200_000 {
        // Words of several shapes: single and double spaces, line breaks,
        // a Latin-1 byte, a long word now and then.
        text.extend_from_slice(match i % 7 {
            0 => b"alpha ".as_slice(),
            1 => b"beta  ".as_slice(),
            2 => b"gamma\n".as_slice(),
            3 => b"M\xfcller ".as_slice(),
            4 => b"a-rather-long-word-that-fills-much-of-a-line-by-itself ".as_slice(),
            _ => b"x ".as_slice(),
        });
    }
    text.extend_from_slice(b"} e5 2. Nf3 {short} Nc6 *\n\n");
    text.extend_from_slice(b"[Event \"unreadable\"]\n[Result \"*\"]\n\n1. d4 ");
    for _ in 0..550_000 {
        text.extend_from_slice(b"] ");
    }
    text.extend_from_slice(b"d5 *\n\n[Event \"plain\"]\n[Result \"*\"]\n\n1. c4 e5 *\n");
    env.write("giant.pgn", &text);
    std::fs::create_dir(env.path().join("tmp")).expect("a temporary directory");
    for to in ["pgn", "jsonl"] {
        for jobs in ["1", "2"] {
            let out = |tmp: &str| {
                let o = env
                    .command(&["convert", "giant.pgn", "--to", to, "-j", jobs])
                    .env("TMPDIR", env.path().join(tmp))
                    .output()
                    .expect("start xpgn");
                (o.status.code(), o.stdout, o.stderr)
            };
            let spilled = out("tmp");
            let held = out("no-such-directory");
            assert!(spilled.1.len() > 2_500_000, "{to} -j{jobs}: written whole");
            assert!(spilled == held, "{to} -j{jobs}: the spilled game differs");
        }
    }
}
