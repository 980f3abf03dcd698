//! The squares family through the binary: Betza's Hans38 sample game gets a
//! verdict for every half-move (its one printed slip named, with the move
//! meant), `fen --all` shows squares, owners and reserves after each ply,
//! `moves` lists placements and square moves, the Postal tag and the
//! printed-transcript reading work.

use crate::util::TestEnv;

fn repo(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

const SAMPLE_END: &str =
    "....kb.=/.rpbqppr/.pn=pn.p/p.=.B.../....--../..NP.N../PPP--PPP/.R.QRBK. b - - r0/1 - 0 24\n";

#[test]
fn hans38_sample_game_gets_a_verdict_for_every_half_move() {
    let env = TestEnv::new();
    env.run(&["check", &repo("fixtures/squares/hans38-sample.pgn")])
        .code(1)
        .stderr_has("hans38-sample.pgn:21:47")
        .stderr_has("@b7-b6: the square on b7 is occupied by a pawn")
        .stderr_has("rule: an occupied square can not be moved")
        .stderr_has("help: did you mean b7-b6?")
        .stderr_has("the replay goes on as if b7-b6 were written")
        .stderr_has("checked 1 game (47 moves) in 1 file: 1 error, 0 warnings");
}

#[test]
fn hans38_sample_fen_all_shows_every_ply() {
    let env = TestEnv::new();
    let run = env.run(&["fen", "--all", &repo("fixtures/squares/hans38-sample.pgn")]);
    run.code(1);
    let out = run.stdout();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 48, "the start and 47 half-moves");
    assert_eq!(
        lines[1],
        "rnbqkbnr/pppppppp/......../......../......../.....-../PPPPPPPP/RNBQKBNR b KQkq - r2/3 - 1 1"
    );
    assert!(
        lines.iter().all(|l| l.contains(" r")),
        "reserves on every line"
    );
    assert_eq!(format!("{}\n", lines[47]), SAMPLE_END);
    env.run(&["fen", &repo("fixtures/squares/hans38-sample.pgn")])
        .stdout_is(SAMPLE_END);
}

#[test]
fn the_printed_transcript_reads_line_for_line() {
    let env = TestEnv::new();
    let printed = repo("fixtures/squares/printed/hans38-sample.transcript");
    env.run(&["check", "--transcript", "Hans38", &printed])
        .code(1)
        .stderr_has("hans38-sample.transcript:23:17")
        .stderr_has("23 | 15. e3-e4       @b7-b6")
        .stderr_has("checked 1 game (47 moves)");
    env.run(&["fen", "--transcript", "hans38", &printed])
        .stdout_is(SAMPLE_END);
    env.run(&["check", "--transcript", "Suicide", &printed])
        .code(2)
        .stderr_has("unknown variant 'Suicide'");
}

#[test]
fn neutral_squares_fragment_is_legal_there_and_illegal_with_owners() {
    let env = TestEnv::new();
    env.run(&[
        "check",
        &repo("fixtures/squares/hans38-neutral-fragment.pgn"),
    ])
    .code(0)
    .stderr_has("0 errors, 0 warnings");
    env.run(&[
        "check",
        &repo("tests/data/broken/hans38-neutral-fragment-owned.pgn"),
    ])
    .code(1)
    .stderr_has("@e3-d5: the square on e3 belongs to White")
    .stderr_has("Hans38 rule 3");
    env.run(&[
        "fen",
        "--transcript",
        "Hans38 Neutral",
        &repo("fixtures/squares/printed/hans38-neutral.transcript"),
    ])
    .code(0)
    .stdout_is(
        "rnbqkb1r/pppppppp/.....n../...1..../......../.....N../PPPPPPPP/RNBQKB1R w KQkq - r1/2 d5 6 4\n",
    );
}

#[test]
fn the_three_move_stalemate_ends_with_white_losing() {
    let env = TestEnv::new();
    env.run(&["check", &repo("fixtures/squares/hans38-stalemate-in-3.pgn")])
        .code(0)
        .stderr_has("0 errors, 0 warnings");
    let wrong = env.write(
        "white-wins.pgn",
        "[Variant \"Hans38\"]\n1. @@a6 a7-a6 2. @@b6 b7-b6 3. @@c6 c7-c6 1-0\n",
    );
    env.run(&["check", wrong.to_str().expect("utf-8 path")])
        .stderr_has("the game ends by stalemate (0-1), but the result is 1-0")
        .stderr_has("a stalemated player loses the game");
}

#[test]
fn moves_lists_placements_and_square_moves() {
    let env = TestEnv::new();
    let run = env.run(&["moves", "--variant", "Hans38"]);
    run.code(0);
    assert_eq!(run.stdout().lines().count(), 32);
    assert!(run.stdout().lines().all(|l| l.starts_with("@@")));
    let run = env.run(&[
        "moves",
        "--variant",
        "hans38",
        "--fen",
        "....k.../......../......../......../...-..../......../......../....K... w - - r0/0",
    ]);
    run.code(0);
    assert_eq!(run.stdout().lines().count(), 24);
    assert!(run.stdout().contains("@d4-f5"));
    env.run(&["perft", "--variant", "Hans38", "3"])
        .code(0)
        .stdout_is("44212\n");
    env.run(&["perft", "--variant", "Hans38", "--postal", "yes", "3"])
        .code(0)
        .stdout_is("33770\n");
    let plus = env.run(&["moves", "--variant", "Hans38", "--postal", "plus"]);
    plus.code(0);
    assert_eq!(plus.stdout().lines().count(), 476);
    assert!(
        plus.stdout().contains("@@e3,@e3-c4"),
        "place, then move the placed square"
    );
}

#[test]
fn the_postal_tag_allows_comma_turns() {
    let env = TestEnv::new();
    let postal = env.write(
        "postal.pgn",
        "[Variant \"Hans38\"]\n[Postal \"yes\"]\n1. @@f3 @@f6 2. Ng1-f3,@@e3 Ng8-f6,@g8-e6 3. e2-e3,@g1-g3 *\n",
    );
    env.run(&["check", postal.to_str().expect("utf-8 path")])
        .code(0)
        .stderr_has("0 errors");
    let plain = env.write(
        "plain.pgn",
        "[Variant \"Hans38\"]\n1. @@f3 @@f6 2. Ng1-f3,@@e3 *\n",
    );
    env.run(&["check", plain.to_str().expect("utf-8 path")])
        .code(1)
        .stderr_has("one action per turn: the Postal rule is not in force");
    let bad = env.write(
        "bad.pgn",
        "[Variant \"Hans38\"]\n[Postal \"maybe\"]\n1. @@f3 *\n",
    );
    env.run(&["check", bad.to_str().expect("utf-8 path")])
        .code(1)
        .stderr_has("the Postal tag must be");
}

#[test]
fn l9_threefold_repetition_counts_the_whole_state() {
    let env = TestEnv::new();
    let game = env.write(
        "repeat.pgn",
        "[Variant \"Hans38\"]\n[SetUp \"1\"]\n\
         [FEN \"...=k.../......../......../......../...-..../......../......../....K... w - - r0/0\"]\n\
         1. @d4-d6 @d8-c8 2. @d6-d4 @c8-d8 3. @d4-d6 @d8-c8 4. @d6-d4 @c8-d8 5. @d4-d6 *\n",
    );
    // The start differs from the later positions by the just-moved square,
    // so the third repetition is 5.@d4-d6, not 4...@c8-d8.
    env.run(&["check", game.to_str().expect("utf-8 path")])
        .code(0)
        .stderr_has("note[claimable-draw]: threefold repetition")
        .stderr_has(":4:72")
        .stderr_has("RULINGS L9");
}

#[test]
fn variants_lists_the_family_with_how_squares_move() {
    let env = TestEnv::new();
    env.run(&["variants"])
        .code(0)
        .stdout_has("Hans38: implemented")
        .stdout_has("Moving Squares: implemented")
        .stdout_has("@ square     own empty square: KNAD leap to a hole");
}

/// Issue 13, item 10: a `[FEN]`'s move number is read the same way in
/// every game: `10.` follows a FEN at move 10 without a warning, `1.` gets
/// one. The squares family counted from 1 whatever the FEN said.
#[test]
fn issue_13_every_game_reads_the_fen_move_number_alike() {
    let env = TestEnv::new();
    let games = [
        (
            "squares",
            "[Variant \"Hans38\"]\n[FEN \"....k.../......../......../......../......../......../......../....K... w - - r3/3 - 0 10\"]\n\n",
            "@@e2 @@e7",
        ),
        (
            "chess",
            "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 10\"]\n\n",
            "e4 Kd7",
        ),
    ];
    for (name, tags, moves) in games {
        let (white, black) = moves.split_once(' ').expect("two moves");
        let right = format!("{name}-right.pgn");
        env.write(&right, format!("{tags}10. {white} {black} 11. *\n"));
        let run = env.run(&["check", &right]);
        run.code(0);
        assert!(
            !run.stderr().contains("move-number-mismatch"),
            "{name}: {}",
            run.stderr()
        );
        let wrong = format!("{name}-wrong.pgn");
        env.write(&wrong, format!("{tags}1. {white} {black} *\n"));
        env.run(&["check", &wrong]).code(0).stderr_has(
            "warning[move-number-mismatch]: move number 1, but this is move 10 (White to move)",
        );
    }
    // PASGL's position string has no move number: its games count from 1,
    // and a game Black begins numbers its first move `1...`.
    env.write(
        "pasgl.pgn",
        "[Variant \"PASGL 312\"]\n[FEN \"4b3/8/8/10/3t6/8/8/4B3 b 4 0-0 0\"]\n\n1... Be8-d8 2. Be1-d1 *\n",
    );
    let run = env.run(&["check", "pasgl.pgn"]);
    run.code(0);
    assert!(
        !run.stderr().contains("move-number-mismatch"),
        "{}",
        run.stderr()
    );
}

/// Issue 13, items 1 and 2: the L16 record is legal, and the position
/// string `fen` prints after it is read by `--fen` (it named a hole, a3,
/// and was refused).
#[test]
fn issue_13_l16_record_is_legal_and_its_position_string_reads_back() {
    let env = TestEnv::new();
    env.write(
        "l16.pgn",
        "[Variant \"Infinite Reserves\"]\n\n1. @@a3,@a3-a4 @@a3,@a3-b3 *\n",
    );
    env.run(&["check", "l16.pgn"]).code(0);
    let run = env.run(&["fen", "--all", "l16.pgn"]);
    run.code(0);
    let out = run.stdout();
    let after_white = out
        .lines()
        .nth(1)
        .expect("the position after 1. @@a3,@a3-a4");
    assert!(after_white.ends_with(" r*/* a4 1 1"), "{after_white}");
    for fen in out.lines() {
        env.run(&["moves", "--variant", "Infinite Reserves", "--fen", fen])
            .code(0);
    }
}
