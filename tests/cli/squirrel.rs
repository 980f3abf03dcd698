//! Squirrel chess through the binary: the fixtures pass, their broken
//! copies fail at the right move with the right reason.

use crate::util::TestEnv;

fn repo(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn squirrel_fixtures_are_accepted() {
    let env = TestEnv::new();
    env.run(&["check", &repo("fixtures/squirrel/special-moves.pgn")])
        .code(0)
        .stderr_has("checked 2 games (35 moves) in 1 file: 0 errors, 0 warnings");
}

/// Each broken copy: where it fails and why.
const BROKEN: &[(&str, &str, &str)] = &[
    (
        "squirrel-wrong-first-promotion.pgn",
        ":9:4",
        "a10=Q: this is White's first promotion, which may be to knight, guard, camel only",
    ),
    (
        "squirrel-third-promotion-not-queen.pgn",
        ":9:31",
        "c10=R: this is White's third promotion, which may be to queen only",
    ),
    (
        "squirrel-slider-through-zone.pgn",
        ":9:55",
        "Rxe9: the rook on e6 must stop on e8, the first square of an enemy guard's zone (S4)",
    ),
    (
        "squirrel-two-steps-in-zone.pgn",
        ":9:66",
        "Re6: the rook on e8 stands in an enemy guard's zone, where it moves one square only (S3)",
    ),
    (
        "squirrel-leaper-frozen.pgn",
        ":9:66",
        "Nc7: the knight on d9 stands in an enemy guard's zone, where a leaper cannot move (S3)",
    ),
    (
        "squirrel-castling-through-zone.pgn",
        ":9:15",
        "O-O-O: castling would pass e1, in an enemy guard's zone (S7)",
    ),
    (
        "squirrel-leaper-takes-guard.pgn",
        ":9:66",
        "Nxe9: the knight on d7 is a leaper, and leapers cannot capture a guard (S4)",
    ),
];

#[test]
fn squirrel_broken_copies_are_rejected_at_the_right_move() {
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
fn squirrel_fen_carries_promotion_counts_and_perft_counts() {
    let env = TestEnv::new();
    env.run(&["fen", &repo("fixtures/squirrel/special-moves.pgn")])
        .code(0)
        .stdout_has("/5K4 b - - 0 10 3/0\n");
    env.run(&["perft", "--variant", "squirrel", "2"])
        .code(0)
        .stdout_is("2704\n");
}

#[test]
fn squirrel_repetition_counts_across_pawn_steps_back() {
    let env = TestEnv::new();
    env.write(
        "rep.pgn",
        "[Variant \"Squirrel\"]\n[SetUp \"1\"]\n[FEN \"5k4/10/10/10/10/10/10/4P5/10/5K4 w - - 0 1 0/0\"]\n\n\
         1. e4 Kg10 2. e3 Kf10 3. e4 Kg10 4. e3 Kf10 *\n",
    );
    env.run(&["check", "rep.pgn"])
        .code(0)
        .stderr_has("threefold repetition");
}
