//! Gast's chess through the binary: the hand-written fixtures pass, their
//! broken copies fail at the right move with the right reason, and `fen`,
//! `perft` and `moves` speak the game's notation.

use crate::util::TestEnv;

fn repo(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn gast_fixtures_are_accepted() {
    let env = TestEnv::new();
    for f in [
        "fixtures/gast/special-moves.pgn",
        "fixtures/gast14x12/castling.pgn",
    ] {
        env.run(&["check", &repo(f)])
            .code(0)
            .stderr_has("0 errors, 0 warnings");
    }
}

/// Each broken copy: where it fails and why.
const BROKEN: &[(&str, &str, &str)] = &[
    (
        "gast-late-en-passant.pgn",
        ":7:35",
        "bxd8: the pawn on b6 moves there only to capture, and d8 is empty",
    ),
    (
        "gast-pawn-four-after-one.pgn",
        ":7:17",
        "a6: the pawn on a10 may move at most 3 squares forward now",
    ),
    (
        "gast-second-castling-other-side.pgn",
        ":7:47",
        "O-O-O: after castling with the archer, the king may castle again only on the same side (G12)",
    ),
    (
        "gast-ambiguous-castling.pgn",
        ":7:47",
        "error[ambiguous-move]: O-O: several castling forms are legal on that side: Ki1 or Kk1",
    ),
    (
        "gast-castling-after-king-move.pgn",
        ":7:80",
        "Kk1: White's king has moved other than by castling with the archer",
    ),
];

#[test]
fn gast_broken_copies_are_rejected_at_the_right_move() {
    let env = TestEnv::new();
    for (file, place, reason) in BROKEN {
        let path = repo(&format!("tests/data/broken/{file}"));
        env.run(&["check", &path])
            .code(1)
            .stderr_has(&format!("{file}{place}"))
            .stderr_has(reason)
            .stderr_has("1 error");
    }
}

#[test]
fn gast_fen_perft_and_moves() {
    let env = TestEnv::new();
    env.run(&["perft", "--variant", "gast", "2"])
        .code(0)
        .stdout_is("6724\n");
    env.run(&["perft", "--variant", "Gast 14x12", "1"])
        .code(0)
        .stdout_is("92\n");
    let run = env.run(&[
        "moves",
        "--variant",
        "gast",
        "--fen",
        "5k6/12/12/12/12/12/12/12/12/12/12/R2A2K1A2R w ADGIL - 0 1",
    ]);
    run.code(0)
        .stdout_has("Ki1\tKg1-i1\n")
        .stdout_has("Kk1\tKg1-k1\n")
        .stdout_has("Kc1+\tKg1-c1\n")
        .stdout_has("Ke1+\tKg1-e1\n");
    env.run(&["fen", &repo("fixtures/gast/special-moves.pgn")])
        .code(0)
        .stdout_has("/RNG1BQ1A1RK1 b - - 1 12\n");
}

/// RULINGS G8 keeps option (b), promotion to Q, R, B or N only, as a
/// switch: the `[Readings]` tag and `--readings` turn it on.
#[test]
fn g8_option_b_is_a_switch_by_tag_and_flag() {
    let env = TestEnv::new();
    let fen = "k11/4P7/12/12/12/12/12/12/12/12/12/K11 w - - 0 1";
    let game =
        |readings: &str| format!("[Variant \"Gast\"]\n[FEN \"{fen}\"]\n{readings}\n1. e12=A *\n");
    env.write("any.pgn", game(""));
    env.run(&["check", "any.pgn"]).code(0);
    env.write("fide.pgn", game("[Readings \"G8b\"]\n"));
    env.run(&["check", "fide.pgn"])
        .code(1)
        .stderr_has("error[illegal-move]: e12=A");
    env.write("bad.pgn", game("[Readings \"G9z\"]\n"));
    env.run(&["check", "bad.pgn"])
        .code(1)
        .stderr_has("the Readings tag: unknown reading 'G9z'");
    env.run(&["perft", "--variant", "Gast", "--fen", fen, "1"])
        .code(0)
        .stdout_is("9\n");
    env.run(&[
        "perft",
        "--variant",
        "Gast",
        "--readings",
        "G8b",
        "--fen",
        fen,
        "1",
    ])
    .code(0)
    .stdout_is("7\n");
    env.run(&["perft", "--variant", "Chess", "--readings", "G8b", "1"])
        .code(2)
        .stderr_has("belongs to Gast, not Chess");
}
