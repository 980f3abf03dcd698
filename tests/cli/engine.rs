//! The subcommands backed by the rules engine and the verifier.

use crate::util::TestEnv;

const GOOD: &str =
    "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";

#[test]
fn check_accepts_a_valid_game_and_exits_0() {
    let env = TestEnv::new();
    env.write("good.pgn", GOOD);
    env.run(&["check", "good.pgn"])
        .code(0)
        .stderr_has("checked 1 game (4 moves) in 1 file");
}

#[test]
fn check_reports_an_illegal_move_where_it_is_and_exits_1() {
    let env = TestEnv::new();
    env.write(
        "bad.pgn",
        "[Event \"t\"]\n[White \"Smith\"]\n[Black \"Jones\"]\n\n1. d4 d5 2. Bc4 Nf6 *\n",
    );
    env.run(&["check", "bad.pgn"])
        .code(1)
        .stderr_has("error[illegal-move]: Bc4: the bishop on f1 is blocked by the pawn on e2")
        .stderr_has("bad.pgn:5:13")
        .stderr_has("game 1 (Smith - Jones), ply 3, White to move")
        .stderr_has("position rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2")
        .stderr_has("did you mean");
}

#[test]
fn check_reports_an_ambiguous_move() {
    let env = TestEnv::new();
    env.write(
        "amb.pgn",
        "[FEN \"4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1\"]\n\n1. Nc3 *\n",
    );
    env.run(&["check", "amb.pgn"])
        .code(1)
        .stderr_has("error[ambiguous-move]: Nc3: knights on b1 and d1 can both go there");
}

#[test]
fn one_bad_game_does_not_stop_the_file() {
    let env = TestEnv::new();
    env.write("mix.pgn", format!("[Event \"x\"]\n\n1. e5 *\n\n{GOOD}"));
    env.run(&["check", "mix.pgn"])
        .code(1)
        .stderr_has("checked 2 games");
}

#[test]
fn check_json_gives_one_object_per_diagnostic_then_a_summary() {
    let env = TestEnv::new();
    env.write("bad.pgn", "1. e4 e5 2. Ke3 *\n");
    let run = env.run(&["check", "--format", "json", "bad.pgn"]);
    run.code(1);
    let out = run.stdout();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].contains("\"code\":\"illegal-move\"") && lines[0].contains("\"line\":1"),
        "{out}"
    );
    assert!(lines[1].contains("\"type\":\"summary\""), "{out}");
}

#[test]
fn unsupported_variants_are_skipped_not_misread() {
    let env = TestEnv::new();
    // Suicide chess counts material at stalemate: no game xpgn knows.
    env.write(
        "suicide.pgn",
        "[Variant \"Suicide\"]\n\n1. e4 d5 2. exd5 *\n",
    );
    env.run(&["check", "suicide.pgn"])
        .code(0)
        .stderr_has("warning[unsupported-variant]");
}

#[test]
fn lichess_variant_games_are_verified_with_their_rules() {
    let env = TestEnv::new();
    // Atomic: exd5 explodes both pawns, so the board has no e4 or d5 pawn.
    env.write("atomic.pgn", "[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 *\n");
    env.run(&["fen", "atomic.pgn"])
        .code(0)
        .stdout_is("rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2\n");
    env.write("anti.pgn", "[Variant \"Antichess\"]\n\n1. e4 d5 2. Nf3 *\n");
    env.run(&["check", "anti.pgn"])
        .code(1)
        .stderr_has("captures are compulsory in Antichess: exd5 must be played or another capture");
    env.run(&["perft", "--variant", "horde", "2"])
        .code(0)
        .stdout_has("128");
}

#[test]
fn fen_prints_the_final_position_and_every_ply() {
    let env = TestEnv::new();
    env.write("g.pgn", GOOD);
    env.run(&["fen", "g.pgn"])
        .code(0)
        .stdout_is("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n");
    let run = env.run(&["fen", "--all", "g.pgn"]);
    run.code(0);
    assert_eq!(run.stdout().lines().count(), 5);
    env.run(&["fen", "--ply", "1", "g.pgn"])
        .code(0)
        .stdout_is("rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1\n");
}

#[test]
fn perft_prints_the_total_last() {
    let env = TestEnv::new();
    env.run(&["perft", "3"]).code(0).stdout_is("8902\n");
    let run = env.run(&["perft", "--divide", "2"]);
    run.code(0);
    let out = run.stdout();
    assert!(
        out.contains("e2e4: 20\n") && out.ends_with("\n400\n"),
        "{out}"
    );
    env.run(&[
        "perft",
        "--fen",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "2",
    ])
    .code(0)
    .stdout_is("191\n");
}

#[test]
fn perft_rejects_unknown_variants_and_bad_fens() {
    let env = TestEnv::new();
    env.run(&["perft", "--variant", "suicide", "1"])
        .code(2)
        .stderr_has("unknown variant 'suicide'");
    env.run(&["perft", "--fen", "not a fen", "1"])
        .code(2)
        .stderr_has("invalid --fen");
}

#[test]
fn moves_lists_san_and_long_algebraic() {
    let env = TestEnv::new();
    let run = env.run(&["moves"]);
    run.code(0);
    let out = run.stdout();
    assert_eq!(out.lines().count(), 20);
    assert!(
        out.contains("Nf3\tNg1-f3\n") && out.contains("e4\te2-e4\n"),
        "{out}"
    );
    env.run(&["moves", "--fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"])
        .code(0)
        .stdout_has("O-O-O\tO-O-O\n");
}

#[test]
fn variants_lists_every_game_with_status_and_betza() {
    let env = TestEnv::new();
    env.run(&["variants"])
        .code(0)
        .stdout_has("Chess: implemented")
        .stdout_has("fmWfcFifmnD")
        .stdout_has("Gast 14x12: implemented, provisional rules")
        .stdout_has("Squirrel: implemented, provisional rules")
        .stdout_has("RNCA")
        .stdout_has("PASGL312");
}

// RULINGS C1: threefold repetition and fifty moves may be claimed (a note,
// the game goes on); fivefold repetition ends the game, and a move after an
// automatic end is a warning.

const SHUFFLE: &str = "Nf3 Nf6 Ng1 Ng8";

fn shuffles(times: usize) -> String {
    let mut s = String::new();
    let mut n = 1;
    for _ in 0..times {
        for pair in SHUFFLE.split(' ').collect::<Vec<_>>().chunks(2) {
            s.push_str(&format!("{n}. {} {} ", pair[0], pair[1]));
            n += 1;
        }
    }
    s
}

#[test]
fn c1_second_repetition_is_not_yet_claimable() {
    let env = TestEnv::new();
    env.write("two.pgn", format!("{} *\n", shuffles(1)));
    let run = env.run(&["check", "two.pgn"]);
    run.code(0);
    assert!(!run.stderr().contains("claimable-draw"), "{}", run.stderr());
}

#[test]
fn c1_threefold_repetition_is_a_claimable_draw_note() {
    let env = TestEnv::new();
    env.write("three.pgn", format!("{} *\n", shuffles(2)));
    env.run(&["check", "three.pgn"])
        .code(0)
        .stderr_has("note[claimable-draw]: threefold repetition: a draw may be claimed")
        .stderr_has("three.pgn:1:41");
}

#[test]
fn c1_fivefold_repetition_ends_the_game_and_later_moves_warn_once() {
    let env = TestEnv::new();
    env.write(
        "five.pgn",
        format!("[Result \"1-0\"]\n\n{} 9. e4 e5 10. d4 1-0\n", shuffles(4)),
    );
    let run = env.run(&["check", "five.pgn"]);
    run.code(0)
        .stderr_has("warning[move-after-end]: e4: played after the game had ended (fivefold repetition)")
        .stderr_has("warning[result-mismatch]: the game ends by fivefold repetition (1/2-1/2), but the result is 1-0");
    assert_eq!(
        run.stderr().matches("move-after-end").count(),
        1,
        "{}",
        run.stderr()
    );
    // Only one threefold note, however often the position comes back.
    assert_eq!(
        run.stderr().matches("threefold").count(),
        1,
        "{}",
        run.stderr()
    );
}

#[test]
fn issue_13_a_move_after_the_end_is_reported_at_its_own_ply() {
    let env = TestEnv::new();
    env.write("five.pgn", format!("{} 9. e4 *\n", shuffles(4)));
    let run = env.run(&["check", "--format", "json", "five.pgn"]);
    let out = run.stdout();
    let diag = out
        .lines()
        .find(|l| l.contains("\"move-after-end\""))
        .unwrap_or_else(|| panic!("no move-after-end in {out}"));
    let v: serde_json::Value = serde_json::from_str(diag).expect("JSON line");
    // e4 is ply 17, played from the start position (the shuffles return to it).
    assert_eq!(v["ply"], 17, "{diag}");
    assert_eq!(
        v["position"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 16 9",
        "{diag}"
    );
}

#[test]
fn c1_fifty_moves_are_a_claimable_draw_note_not_an_end() {
    let env = TestEnv::new();
    env.write(
        "fifty.pgn",
        "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 99 80\"]\n\n80. Ra2 Kd7 81. Ra3 *\n",
    );
    let run = env.run(&["check", "fifty.pgn"]);
    run.code(0).stderr_has(
        "note[claimable-draw]: fifty moves without capture or pawn move: a draw may be claimed",
    );
    assert!(!run.stderr().contains("move-after-end"), "{}", run.stderr());
    assert_eq!(
        run.stderr().matches("fifty moves").count(),
        1,
        "{}",
        run.stderr()
    );
}

#[test]
fn a_wrong_move_number_is_a_warning_once_per_game() {
    let env = TestEnv::new();
    env.write("num.pgn", "1. e4 e5 3. Nf3 Nc6 5. Bb5 *\n");
    let run = env.run(&["check", "num.pgn"]);
    run.code(0)
        .stderr_has(
            "warning[move-number-mismatch]: move number 3, but this is move 2 (White to move)",
        )
        .stderr_has("num.pgn:1:10");
    assert_eq!(run.stderr().matches("move-number-mismatch").count(), 1);
}

#[test]
fn move_numbers_follow_the_fen_and_black_dots() {
    let env = TestEnv::new();
    env.write(
        "fen.pgn",
        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 20\"]\n\n20... Kd7 21. e4 *\n",
    );
    let run = env.run(&["check", "fen.pgn"]);
    run.code(0);
    assert!(
        !run.stderr().contains("move-number-mismatch"),
        "{}",
        run.stderr()
    );
    env.write("dots.pgn", "1... e4 *\n");
    env.run(&["check", "dots.pgn"]).stderr_has(
        "warning[move-number-mismatch]: '1...' announces Black's move, but White is to move",
    );
}

#[test]
fn comments_alone_are_no_game() {
    let env = TestEnv::new();
    env.write(
        "trail.pgn",
        "[Event \"a\"]\n\n1. e4 e5 *\n\n; { Game Nr. 1 : drawn\n; GameDuration = 05:29:06 }\n",
    );
    env.run(&["check", "trail.pgn"])
        .code(0)
        .stderr_has("checked 1 game (2 moves) in 1 file");
}

#[test]
fn stalemate_found_at_the_end_of_the_game_and_before_a_move_that_cannot_follow() {
    let env = TestEnv::new();
    let fen = "[FEN \"k7/8/8/1Q6/8/8/8/7K w - - 0 1\"]\n[Result \"1-0\"]\n\n";
    env.write("end.pgn", format!("{fen}1. Qb6 1-0\n"));
    env.run(&["check", "end.pgn"]).code(0).stderr_has(
        "warning[result-mismatch]: the game ends by stalemate (1/2-1/2), but the result is 1-0",
    );
    env.write("more.pgn", format!("{fen}1. Qb6 Ka7 1-0\n"));
    env.run(&["check", "more.pgn"])
        .code(1)
        .stderr_has("(the game was already over: stalemate)");
}

#[test]
fn lichess_a_win_by_the_variant_s_goal_takes_the_mate_mark() {
    // Nxf7 explodes the king on e8: lichess and python-chess write `#`.
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Variant \"Atomic\"]\n\n1. Nf3 a6 2. Ng5 a5 3. Nxf7# 1-0\n",
    );
    env.run(&["check", "g.pgn"])
        .code(0)
        .stderr_has("0 errors, 0 warnings");
}

/// Issue 15: the lichess variants know repetition as python-chess does
/// (its transposition key: pockets and check counters count), with the
/// claimable threefold and the automatic fivefold of chess.
#[test]
fn lichess_repetitions_are_claimable_at_three_and_end_the_game_at_five() {
    let env = TestEnv::new();
    for variant in [
        "Atomic",
        "Crazyhouse",
        "Three-check",
        "King of the Hill",
        "Antichess",
    ] {
        env.write(
            "three.pgn",
            format!("[Variant \"{variant}\"]\n\n{} *\n", shuffles(2)),
        );
        env.run(&["check", "three.pgn"])
            .code(0)
            .stderr_has("note[claimable-draw]: threefold repetition: a draw may be claimed");
        env.write(
            "five.pgn",
            format!("[Variant \"{variant}\"]\n\n{} 9. e4 *\n", shuffles(4)),
        );
        env.run(&["check", "five.pgn"]).code(0).stderr_has(
            "warning[move-after-end]: e4: played after the game had ended (fivefold repetition)",
        );
    }
}
