//! `xpgn check`: what works before the verifier is plugged in.

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
            r#""skipped_games":0,"moves":0,"errors":0,"warnings":0,"notes":0}"#,
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
