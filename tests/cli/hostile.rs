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
