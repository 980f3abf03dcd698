//! `--encoding` (issue 20): tag values and comments of legacy Latin-1
//! files read as their letters, in every command that writes text.

use crate::util::TestEnv;

/// A Latin-1 game (ü, ß, Windows-1252's €, ö in a comment) and a UTF-8 one.
const MIXED: &[u8] = b"[Event \"x\"]\n[White \"M\xfcller\"]\n[Black \"Gro\xdfmeister \x80\"]\n\n\
1. e4 {sch\xf6n} e5 *\n\n[Event \"y\"]\n[White \"M\xc3\xbcller\"]\n\n1. d4 *\n";

#[test]
fn utf8_replaces_latin1_bytes_and_warns() {
    let env = TestEnv::new();
    env.write("mixed.pgn", MIXED);
    let check = env.run(&["check", "mixed.pgn"]);
    check.code(0);
    assert!(
        check.stderr().contains("invalid-utf8"),
        "{}",
        check.stderr()
    );
    let out = env.run(&["convert", "--to", "pgn", "mixed.pgn"]);
    out.code(0);
    assert!(
        out.stdout().contains("[White \"M\u{FFFD}ller\"]"),
        "{}",
        out.stdout()
    );
}

#[test]
fn latin1_reads_every_byte_as_a_letter() {
    let env = TestEnv::new();
    env.write("mixed.pgn", MIXED);
    let check = env.run(&["check", "--encoding", "latin-1", "mixed.pgn"]);
    check.code(0);
    assert!(
        !check.stderr().contains("invalid-utf8"),
        "{}",
        check.stderr()
    );
    let out = env.run(&[
        "convert",
        "--to",
        "pgn",
        "--encoding",
        "latin-1",
        "mixed.pgn",
    ]);
    out.code(0);
    let pgn = out.stdout();
    assert!(pgn.contains("[White \"Müller\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Großmeister €\"]"), "{pgn}");
    assert!(pgn.contains("{schön}"), "{pgn}");
    // Forced Latin-1 reads UTF-8 as its bytes: the second game's ü is two.
    assert!(pgn.contains("[White \"MÃ¼ller\"]"), "{pgn}");
}

#[test]
fn auto_reads_each_text_as_utf8_or_else_latin1_in_every_output() {
    let env = TestEnv::new();
    env.write("mixed.pgn", MIXED);
    let check = env.run(&["check", "--encoding", "auto", "mixed.pgn"]);
    check.code(0);
    assert!(
        !check.stderr().contains("invalid-utf8"),
        "{}",
        check.stderr()
    );
    let pgn = env.run(&["convert", "--to", "pgn", "--encoding", "auto", "mixed.pgn"]);
    pgn.code(0);
    assert_eq!(
        pgn.stdout().matches("[White \"Müller\"]").count(),
        2,
        "{}",
        pgn.stdout()
    );
    let json = env.run(&[
        "convert",
        "--to",
        "jsonl",
        "--encoding",
        "auto",
        "mixed.pgn",
    ]);
    json.code(0);
    let first: serde_json::Value =
        serde_json::from_str(json.stdout().lines().next().expect("a line")).expect("json");
    assert_eq!(first["tags"][1][1], "Müller");
    assert_eq!(first["tags"][2][1], "Großmeister €");
    assert_eq!(first["moves"][0]["comments_after"][0]["text"], "schön");
    let stats = env.run(&["stats", "--encoding", "auto", "mixed.pgn"]);
    stats.code(0);
    assert_eq!(
        stats.stdout().matches(",Müller,").count(),
        2,
        "{}",
        stats.stdout()
    );
}
