//! The hidden `xpgn generate`.

use std::fs;

use crate::util::TestEnv;

#[test]
fn generate_man_writes_the_committed_pages() {
    let env = TestEnv::new();
    env.run(&["generate", "man", "out/man"])
        .code(0)
        .stdout_is("");
    let committed = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let mut names: Vec<String> = fs::read_dir(env.path().join("out/man"))
        .expect("man pages written")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "xpgn-check.1",
            "xpgn-convert.1",
            "xpgn-dedupe.1",
            "xpgn-diagram.1",
            "xpgn-fen.1",
            "xpgn-moves.1",
            "xpgn-notation.5",
            "xpgn-perft.1",
            "xpgn-scores.1",
            "xpgn-stats.1",
            "xpgn-variants.1",
            "xpgn-view.1",
            "xpgn.1"
        ]
    );
    for name in &names {
        assert_eq!(
            fs::read(env.path().join("out/man").join(name)).expect("read"),
            fs::read(committed.join(name)).expect("read committed"),
            "{name} differs from man/; refresh with: cargo run -- generate man man/"
        );
    }
}

#[test]
fn generate_completions_prints_a_script() {
    let env = TestEnv::new();
    env.run(&["generate", "completions", "bash"])
        .code(0)
        .stdout_has("xpgn")
        .stdout_has("check");
    env.run(&["generate", "completions", "tcsh"]).code(2);
}

#[test]
fn generate_man_into_a_file_fails_with_exit_2() {
    let env = TestEnv::new();
    env.write("taken", "a file, not a directory");
    env.run(&["generate", "man", "taken"])
        .code(2)
        .stderr_has("xpgn: error: cannot create directory taken: ");
}
