//! `--help`, `--version` and usage errors.

use crate::util::TestEnv;

#[test]
fn help_lists_the_promised_subcommands() {
    let env = TestEnv::new();
    let run = env.run(&["--help"]);
    run.code(0).stderr_is("");
    for sub in ["check", "fen", "perft", "moves", "dedupe", "variants"] {
        run.stdout_has(&format!("\n  {sub} "));
    }
    // generate is for packagers and stays hidden.
    assert!(!run.stdout().contains("generate"), "{}", run.stdout());
}

#[test]
fn subcommand_help_shows_the_promised_flags() {
    let env = TestEnv::new();
    env.run(&["check", "--help"])
        .code(0)
        .stdout_has("<FILE>...")
        .stdout_has("--format <FORMAT>")
        .stdout_has("--jobs <N>")
        .stdout_has("--quiet")
        .stdout_has("--color <WHEN>");
    env.run(&["fen", "--help"])
        .code(0)
        .stdout_has("--ply <N>")
        .stdout_has("--all");
    env.run(&["perft", "--help"])
        .code(0)
        .stdout_has("<DEPTH>")
        .stdout_has("--variant <VARIANT>")
        .stdout_has("--fen <FEN>")
        .stdout_has("--divide");
    env.run(&["moves", "--help"])
        .code(0)
        .stdout_has("--variant <VARIANT>")
        .stdout_has("--fen <FEN>");
    env.run(&["dedupe", "--help"])
        .code(0)
        .stdout_has("<FILE>...")
        .stdout_has("--output <FILE>")
        .stdout_has("--duplicates <FILE>")
        .stdout_has("--format <FORMAT>")
        .stdout_has("--memory <MB>");
    env.run(&["variants", "--help"]).code(0);
}

#[test]
fn version_is_the_crate_version() {
    TestEnv::new()
        .run(&["--version"])
        .code(0)
        .stdout_is(&format!("xpgn {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors_exit_2() {
    let env = TestEnv::new();
    env.run(&[]).code(2).stdout_is("");
    env.run(&["check"]).code(2).stderr_has("<FILE>");
    env.run(&["frobnicate"]).code(2).stderr_has("frobnicate");
    env.run(&["check", "--format", "xml", "a.pgn"])
        .code(2)
        .stderr_has("xml");
    env.run(&["check", "--jobs", "0", "a.pgn"]).code(2);
    env.run(&["fen", "a.pgn", "--ply", "2", "--all"]).code(2);
    env.run(&["perft", "deep"]).code(2);
    env.run(&["--color", "sometimes", "variants"]).code(2);
}
