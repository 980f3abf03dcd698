//! `xpgn check`: inputs, exit codes, and the same findings on any number of threads.

use crate::util::TestEnv;

#[test]
fn unreadable_input_is_reported_with_its_path_and_exits_2() {
    let env = TestEnv::new();
    env.run(&["check", "missing.pgn"])
        .code(2)
        .stdout_is("")
        .stderr_has("xpgn: error: cannot access missing.pgn: ")
        .stderr_has("1 file unreadable");
}

#[test]
fn every_unreadable_input_is_reported() {
    let env = TestEnv::new();
    let run = env.run(&["check", "one.pgn", "two.pgn"]);
    run.code(2)
        .stderr_has("cannot access one.pgn")
        .stderr_has("cannot access two.pgn")
        .stderr_has("in 2 files: 0 errors, 0 warnings, 2 files unreadable");
    let first = run.stderr().find("one.pgn");
    let second = run.stderr().find("two.pgn");
    assert!(first < second, "inputs are reported in argument order");
}

#[test]
fn json_summary_goes_to_stdout() {
    let env = TestEnv::new();
    let run = env.run(&["check", "--format", "json", "missing.pgn"]);
    run.code(2)
        .stderr_has("cannot access missing.pgn")
        .stdout_is(concat!(
            r#"{"type":"summary","inputs":1,"unreadable_inputs":1,"games":0,"#,
            r#""skipped_games":0,"moves":0,"errors":0,"warnings":0,"notes":0,"hidden":0}"#,
            "\n"
        ));
}

#[test]
fn quiet_drops_the_summary_but_not_the_error() {
    let env = TestEnv::new();
    let run = env.run(&["check", "--quiet", "missing.pgn"]);
    run.code(2).stderr_has("cannot access missing.pgn");
    assert!(!run.stderr().contains("checked"), "{}", run.stderr());
}

#[test]
fn an_empty_directory_says_that_nothing_was_found() {
    let env = TestEnv::new();
    env.write("games/readme.md", "not a record");
    env.run(&["check", "games"])
        .code(0)
        .stderr_has("xpgn: no input files found")
        .stderr_has("checked 0 games (0 moves) in 0 files");
}

#[test]
fn no_color_means_no_escapes_even_with_errors() {
    let env = TestEnv::new();
    let run = env.run(&["check", "missing.pgn"]);
    assert!(!run.stderr().contains('\u{1b}'), "{}", run.stderr());
    let run = env.run(&["--color", "always", "check", "missing.pgn"]);
    run.code(2).stderr_has("\u{1b}[");
}

#[test]
fn check_on_several_threads_reports_exactly_what_one_thread_does() {
    let env = TestEnv::new();
    // Over 2 MiB, so the pipeline cuts the file into several chunks.
    let mut big = String::new();
    let pad = "x".repeat(100);
    for i in 0..16_000 {
        // Every seventh game breaks at its third ply; the others are valid.
        let third = if i % 7 == 0 { "Bc4" } else { "c4" };
        big.push_str(&format!(
            "[Event \"g{i}\"]\n[White \"A\"]\n[Black \"B\"]\n\n{{{pad}}} 1. d4 d5 2. {third} e6 *\n\n"
        ));
    }
    assert!(big.len() > 2 << 20);
    env.write("many/big.pgn", &big);
    env.write("many/small.pgn", "1. e4 e5 2. Ke3 *\n");
    for format in ["human", "json"] {
        let one = env.run(&["check", "--jobs", "1", "--format", format, "many"]);
        one.code(1);
        let four = env.run(&["check", "--jobs", "4", "--format", format, "many"]);
        four.code(1);
        assert_eq!(one.stdout(), four.stdout(), "{format}");
        assert_eq!(one.stderr(), four.stderr(), "{format}");
    }
    env.run(&["check", "--jobs", "4", "many"])
        .stderr_has("checked 16001 games")
        .stderr_has("2287 errors");
}

#[test]
fn a_diagnostic_far_along_a_long_line_shows_that_part_of_the_line_on_any_number_of_threads() {
    let env = TestEnv::new();
    // Each game on one line of about 3 KB, the error near its end, and the
    // file over 2 MiB so that several threads read it in chunks while one
    // thread's buffer shifts: the excerpt must be the same either way and
    // must show the move it points at.
    let pad = "x".repeat(3000);
    let mut big = String::new();
    for i in 0..800 {
        let third = if i % 5 == 0 { "Bc4" } else { "c4" };
        big.push_str(&format!(
            "[Event \"g{i}\"]\n\n{{{pad}}} 1. d4 d5 2. {third} e6 *\n\n"
        ));
    }
    assert!(big.len() > 2 << 20);
    env.write("long.pgn", &big);
    let one = env.run(&["check", "--jobs", "1", "long.pgn"]);
    one.code(1);
    let four = env.run(&["check", "--jobs", "4", "long.pgn"]);
    assert_eq!(one.stderr(), four.stderr());
    let err = one.stderr();
    let excerpt = err
        .lines()
        .find(|l| l.contains("| ") && l.contains("2. Bc4 e6 *"))
        .unwrap_or_else(|| panic!("no excerpt with the move:\n{}", &err[..err.len().min(2000)]));
    let caret = err
        .lines()
        .skip_while(|l| *l != excerpt)
        .nth(1)
        .unwrap_or_default();
    let at = excerpt.find("Bc4").unwrap_or(0);
    assert_eq!(caret.find('^'), Some(at), "{excerpt}\n{caret}");
    assert!(excerpt.len() < 300, "a window of the line, not all of it");
}

/// `[SetUp "1"]` says the game starts from its FEN; without one the start
/// is unknown, and the game is not replayed from the standard start.
#[test]
fn setup_one_without_fen_is_an_invalid_setup_not_the_standard_start() {
    let env = TestEnv::new();
    env.write(
        "nofen.pgn",
        "[Event \"x\"]\n[SetUp \"1\"]\n\n1. Ka2 Kc2 *\n\n[Event \"y\"]\n\n1. e4 *\n",
    );
    let run = env.run(&["check", "nofen.pgn"]);
    run.code(1)
        .stderr_has("error[invalid-setup]")
        .stderr_has("[SetUp \"1\"] says the game starts from its FEN, but it has no FEN tag")
        .stderr_has("game not verified");
    assert!(!run.stderr().contains("illegal"), "{}", run.stderr());
}

/// A pass in check left the opponent able to take the king; the bitboard's
/// incremental check tracking then disagreed with the board (a panic in
/// debug builds, a wrong legal-move list in release).
#[test]
fn a_null_move_in_check_is_an_illegal_move_and_the_game_goes_no_further() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Event \"x\"]\n\n1. e4 f5 2. Qh5+ -- 3. Qxe8 *\n\n[Event \"y\"]\n\n1. e4 -- 2. d4 *\n",
    );
    for jobs in ["1", "2"] {
        env.run(&["check", "-j", jobs, "g.pgn"])
            .code(1)
            .stderr_has("error[illegal-move]: null move '--' in check")
            .stderr_has("checked 2 games")
            .stderr_has("1 error, 1 warning");
    }
}

/// A game with a warning (Latin-1 in a tag) and a note (threefold
/// repetition), and a game with an illegal move.
const WARNING_NOTE_ERROR: &[u8] = b"[Event \"a\"]\n[White \"M\xfcller\"]\n\n\
    1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n\n\
    [Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n";

#[test]
fn allow_hides_a_code_or_a_severity_on_any_number_of_threads_but_never_an_error() {
    let env = TestEnv::new();
    env.write("w.pgn", WARNING_NOTE_ERROR);
    let shown = env.run(&["check", "-j1", "w.pgn"]);
    shown
        .code(1)
        .stderr_has("warning[invalid-utf8]")
        .stderr_has("note[claimable-draw]")
        .stderr_has("1 error, 1 warning, 1 note\n");
    for jobs in ["-j1", "-j2"] {
        let run = env.run(&["check", jobs, "--allow", "claimable-draw", "w.pgn"]);
        run.code(1)
            .stderr_has("warning[invalid-utf8]")
            .stderr_has("error[illegal-move]")
            .stderr_has("1 error, 1 warning, 1 hidden\n");
        assert!(!run.stderr().contains("claimable-draw"), "{}", run.stderr());

        // Errors stay whatever is allowed, and keep the status.
        let run = env.run(&[
            "check",
            jobs,
            "--allow",
            "notes,warnings",
            "--allow",
            "illegal-move",
            "w.pgn",
        ]);
        run.code(1)
            .stderr_has("error[illegal-move]")
            .stderr_has("1 error, 0 warnings, 2 hidden\n");
        assert!(!run.stderr().contains("invalid-utf8"), "{}", run.stderr());
        assert!(
            !run.stderr().contains("note[claimable-draw]"),
            "{}",
            run.stderr()
        );
    }
    let run = env.run(&[
        "check", "-j1", "--format", "json", "--allow", "notes", "w.pgn",
    ]);
    run.code(1)
        .stdout_has(r#""errors":1,"warnings":1,"notes":0,"hidden":1}"#);
    assert!(!run.stdout().contains("claimable-draw"), "{}", run.stdout());
}

#[test]
fn allow_rejects_errors_and_unknown_codes_with_exit_2() {
    let env = TestEnv::new();
    env.write("w.pgn", WARNING_NOTE_ERROR);
    env.run(&["check", "--allow", "errors", "w.pgn"])
        .code(2)
        .stderr_has("errors cannot be hidden");
    env.run(&["check", "--allow", "no-such-code", "w.pgn"])
        .code(2)
        .stderr_has("unknown code `no-such-code`");
}

#[test]
fn deny_warnings_makes_a_warning_fail_the_run_unless_it_is_allowed() {
    let env = TestEnv::new();
    env.write("w.pgn", b"[White \"M\xfcller\"]\n\n1. e4 e5 *\n");
    env.run(&["check", "w.pgn"])
        .code(0)
        .stderr_has("0 errors, 1 warning");
    for jobs in ["-j1", "-j2"] {
        env.run(&["check", jobs, "--deny-warnings", "w.pgn"])
            .code(1)
            .stderr_has("0 errors, 1 warning");
        env.run(&[
            "check",
            jobs,
            "--deny-warnings",
            "--allow",
            "invalid-utf8",
            "w.pgn",
        ])
        .code(0)
        .stderr_has("0 errors, 0 warnings, 1 hidden");
    }
}

#[test]
fn an_invalid_fen_is_reported_at_its_tag_on_any_number_of_threads() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\"]\n\n1. e4 *\n\n\
         [Event \"b\"]\n[SetUp \"1\"]\n[FEN \"\"]\n\n1. e4 *\n",
    );
    for jobs in ["-j1", "-j2"] {
        let run = env.run(&["check", jobs, "g.pgn"]);
        run.code(1)
            .stderr_has("error[invalid-setup]")
            .stderr_has(" --> g.pgn:3:1\n")
            .stderr_has("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\"]")
            .stderr_has(" --> g.pgn:9:1\n")
            .stderr_has("not a position of this game");
        // No empty position note.
        assert!(
            !run.stderr().contains("= note: position \n"),
            "{}",
            run.stderr()
        );
    }
}

#[test]
fn a_game_beginning_at_a_later_move_without_fen_is_told_its_start_is_missing() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Event \"x\"]\n\n6. Bxf7+ Kxf7 *\n\n[Event \"y\"]\n\n1. Bxf7+ *\n",
    );
    let run = env.run(&["check", "-j1", "g.pgn"]);
    run.code(1).stderr_has(
        "help: the game's first move number is not 1 and it has no [FEN] tag: its start position is probably missing",
    );
    // A game numbered from 1 gets no such hint.
    assert_eq!(
        run.stderr()
            .matches("start position is probably missing")
            .count(),
        1
    );
}
