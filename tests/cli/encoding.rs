//! `--encoding` (issue 20): tag values and comments of legacy Latin-1
//! files read as their letters, in every command that writes text.

use crate::util::TestEnv;

/// A Latin-1 game (ü, ß, Windows-1252's €, ö in a comment) and a UTF-8 one.
const MIXED: &[u8] = b"[Event \"x\"]\n[White \"M\xfcller\"]\n[Black \"Gro\xdfmeister \x80\"]\n\n\
1. e4 {sch\xf6n} e5 *\n\n[Event \"y\"]\n[White \"M\xc3\xbcller\"]\n\n1. d4 *\n";

#[test]
fn utf8_shows_latin1_bytes_as_replacement_characters_and_warns() {
    let env = TestEnv::new();
    env.write("mixed.pgn", MIXED);
    let check = env.run(&["check", "mixed.pgn"]);
    check.code(0);
    assert!(
        check.stderr().contains("invalid-utf8"),
        "{}",
        check.stderr()
    );
    // Text output shows them as U+FFFD (convert keeps them: below).
    let stats = env.run(&["stats", "mixed.pgn"]);
    stats.code(0);
    let bytes = stats.stdout_bytes();
    let text = std::str::from_utf8(&bytes).expect("stats writes UTF-8");
    assert!(text.contains(",M\u{FFFD}ller,"), "{text}");
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

#[test]
fn convert_keeps_the_bytes_of_text_that_is_not_utf8() {
    let env = TestEnv::new();
    env.write("mixed.pgn", MIXED);
    let pgn = env.run(&["convert", "--to", "pgn", "mixed.pgn"]);
    pgn.code(0);
    let bytes = pgn.stdout_bytes();
    let has = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
    assert!(has(b"[White \"M\xfcller\"]"), "{}", pgn.stdout());
    assert!(has(b"[Black \"Gro\xdfmeister \x80\"]"));
    assert!(has(b"{sch\xf6n}"));
    assert!(
        has("[White \"Müller\"]".as_bytes()),
        "the UTF-8 game is unchanged"
    );
    // Through JSON and back: the same bytes.
    let json = env.run(&["convert", "--to", "json", "-o", "g.json", "mixed.pgn"]);
    json.code(0);
    let text = std::fs::read_to_string(env.path().join("g.json")).expect("json");
    assert!(text.contains("M\u{10FFFC}ller"), "{text}");
    let back = env.run(&["convert", "--from", "json", "--to", "pgn", "g.json"]);
    back.code(0);
    assert_eq!(back.stdout_bytes(), bytes);
}
