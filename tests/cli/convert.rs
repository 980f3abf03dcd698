//! `xpgn convert` and `xpgn stats` over archives: formats, round trips,
//! filters, order under threads, compressed inputs, output files and exit
//! codes.

use std::io::Write;

use crate::util::{TestEnv, json_files};

const GAMES: &str = "[Event \"A\"]\n[White \"w1\"]\n[Result \"1-0\"]\n\n1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# 1-0\n\n\
[Event \"B\"]\n[White \"w2\"]\n\n1.d4 {ok} d5 (1...Nf6 2.c4) 2.c4 $1 *\n\n\
[Event \"C\"]\n[White \"w3\"]\n\n1.e4 e5 2.Ke3 *\n";

#[test]
fn pgn_to_json_and_back_gives_the_same_export() {
    let env = TestEnv::new();
    env.write("g.pgn", GAMES);
    let pgn = env.run(&["convert", "g.pgn", "--to", "pgn", "-j", "1"]);
    pgn.code(1).stderr_has("error[illegal-move]");
    env.run(&["convert", "g.pgn", "--to", "json", "-o", "g.json"])
        .code(1);
    env.run(&["convert", "g.pgn", "--to", "jsonl", "-o", "g.jsonl"])
        .code(1);
    for back in ["g.json", "g.jsonl"] {
        env.run(&["convert", back, "--to", "pgn"])
            .code(0)
            .stdout_is(&pgn.stdout());
    }
    let text = pgn.stdout();
    assert!(text.starts_with("[Event \"A\"]\n[Site \"?\"]\n[Date \"????.??.??\"]"));
    assert!(
        text.contains("1. d4 {ok} 1... d5 (1... Nf6 2. c4) 2. c4 $1 *"),
        "{text}"
    );
    assert!(text.contains("4. Qxf7# 1-0"));
}

#[test]
fn output_files_are_never_overwritten_without_force() {
    let env = TestEnv::new();
    env.write("g.pgn", GAMES);
    env.write("out.pgn", "old");
    env.run(&["convert", "g.pgn", "--to", "pgn", "-o", "out.pgn"])
        .code(2)
        .stderr_has("out.pgn already exists (--force replaces it)");
    assert_eq!(
        std::fs::read(env.path().join("out.pgn")).expect("read"),
        b"old"
    );
    env.run(&[
        "convert", "g.pgn", "--to", "pgn", "-o", "out.pgn", "--force",
    ])
    .code(1);
    let out = std::fs::read_to_string(env.path().join("out.pgn")).expect("read");
    assert!(out.contains("[Event \"C\"]"));
}

#[test]
fn filters_select_games_and_invalid_ones_are_set_aside() {
    let env = TestEnv::new();
    env.write("g.pgn", GAMES);
    let events = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["convert", "g.pgn", "--to", "jsonl"];
        all.extend_from_slice(args);
        env.command(&all)
            .output()
            .expect("runs")
            .stdout
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| {
                let v: serde_json::Value = serde_json::from_slice(l).expect("json line");
                v["tags"][0][1].as_str().expect("event").to_string()
            })
            .collect()
    };
    assert_eq!(events(&["--tag", "White=w2"]), ["B"]);
    assert_eq!(events(&["--tag-regex", "White=^w[13]$"]), ["A", "C"]);
    assert_eq!(events(&["--result", "1-0"]), ["A"]);
    assert_eq!(events(&["--min-plies", "5"]), ["A"]);
    assert_eq!(events(&["--max-plies", "3"]), ["B", "C"]);
    assert_eq!(events(&["--validity", "invalid"]), ["C"]);
    assert_eq!(
        events(&["--validity", "valid", "--variant", "chess"]),
        ["A", "B"]
    );
    assert_eq!(events(&["--output-invalid", "bad.jsonl"]), ["A", "B"]);
    let bad = std::fs::read_to_string(env.path().join("bad.jsonl")).expect("set aside");
    assert!(bad.contains("\"Ke3\"") && bad.lines().count() == 1);
    env.run(&["convert", "g.pgn", "--to", "pgn", "--tag", "White"])
        .code(2)
        .stderr_has("expected NAME=VALUE");
}

#[test]
fn output_is_in_input_order_whatever_the_jobs() {
    let env = TestEnv::new();
    // Large enough for several chunks.
    let mut big = String::new();
    for i in 0..9000 {
        big.push_str(&format!(
            "[Event \"{i}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {{a comment to make the game longer}} *\n\n"
        ));
    }
    env.write("big.pgn", &big);
    env.write("small.pgn", GAMES);
    let one = env.run(&["stats", "big.pgn", "small.pgn", "-j", "1"]);
    let four = env.run(&["stats", "big.pgn", "small.pgn", "-j", "4"]);
    assert_eq!(one.stdout(), four.stdout());
    let rows: Vec<String> = one.stdout().lines().map(str::to_string).collect();
    assert_eq!(rows.len(), 1 + 9000 + 3);
    assert!(rows[1].starts_with("big.pgn,1,Chess,0,"));
    assert!(rows[9000].starts_with("big.pgn,9000,Chess,8999,"));
    assert!(rows[9003].starts_with("small.pgn,3,Chess,C,"));
}

#[test]
fn compressed_inputs_read_like_plain_ones() {
    let env = TestEnv::new();
    env.write("g.pgn", GAMES);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(GAMES.as_bytes()).expect("gz");
    env.write("g.pgn.gz", gz.finish().expect("gz"));
    env.write(
        "g.pgn.zst",
        zstd::stream::encode_all(GAMES.as_bytes(), 1).expect("zstd"),
    );
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    bz.write_all(GAMES.as_bytes()).expect("bz2");
    env.write("g.pgn.bz2", bz.finish().expect("bz2"));
    let plain = env.run(&["convert", "g.pgn", "--to", "pgn"]).stdout();
    for f in ["g.pgn.gz", "g.pgn.zst", "g.pgn.bz2"] {
        env.run(&["convert", f, "--to", "pgn"])
            .code(1)
            .stdout_is(&plain);
    }
}

#[test]
fn stats_rows_and_summary() {
    let env = TestEnv::new();
    env.write("g.pgn", GAMES);
    let run = env.run(&["stats", "g.pgn"]);
    run.code(1);
    let out = run.stdout();
    let rows: Vec<&str> = out.lines().collect();
    assert!(
        rows[0].starts_with("file,game,variant,event,site,date,round,white,black,result,plies,")
    );
    assert_eq!(
        rows[1],
        "g.pgn,1,Chess,A,,,,w1,,1-0,7,1-0,checkmate,true,0,0,,,1,1,0,0,0,0,0,,"
    );
    assert!(rows[3].contains(",false,1,"), "{}", rows[3]);
    env.run(&["stats", "--summary", "g.pgn"]).stdout_is(
        "variant,games,white_wins,black_wins,draws,unfinished,average_plies,invalid_games,skipped_games,errors,warnings\n\
         Chess,3,1,0,0,2,4.0,1,0,1,0\n",
    );
}

/// The issue's test: a directory with an unreadable file, a binary file and
/// a good file: both bad ones are reported, the good one processed, exit 2;
/// without the unreadable file, exit 1.
#[test]
fn unreadable_binary_and_good_files_in_one_directory() {
    let env = TestEnv::new();
    env.write(
        "dir/good.pgn",
        GAMES.split("\n\n[Event \"C\"]").next().expect("A and B"),
    );
    let mut binary = vec![0x7f, b'E', b'L', b'F', 2, 1, 1, 0];
    binary.extend((0..4000u32).map(|i| (i * 7 % 251) as u8));
    env.write("dir/binary.pgn", &binary);
    // Unreadable: a compressed file whose data is corrupt (root could read a
    // file without permissions, so that is not used).
    env.write("dir/unreadable.pgn.gz", b"\x1f\x8b\x08\x00garbage");
    let run = env.run(&["stats", "dir"]);
    run.code(2)
        .stderr_has("cannot read dir/unreadable.pgn.gz")
        .stderr_has("error[binary-data]")
        .stderr_has("dir/binary.pgn");
    assert!(run.stdout().contains("dir/good.pgn,2,Chess,B,"));
    std::fs::remove_file(env.path().join("dir/unreadable.pgn.gz")).expect("remove");
    let run = env.run(&["stats", "dir"]);
    run.code(1).stderr_has("error[binary-data]");
    assert!(run.stdout().contains("dir/good.pgn,1,Chess,A,"));
    let run = env.run(&["convert", "dir", "--to", "pgn"]);
    run.code(1).stdout_has("[Event \"B\"]");
}

#[test]
fn fen_prints_csv_and_json_rows() {
    let env = TestEnv::new();
    env.write("g.pgn", "1. f3 e5 2. g4 Qh4# 0-1\n");
    env.run(&["fen", "--format", "csv", "g.pgn"]).code(0).stdout_is(
        "file,game,ply,move,position\ng.pgn,1,4,Qh4#,rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n",
    );
    let run = env.run(&["fen", "--format", "json", "--ply", "1", "g.pgn"]);
    let v: serde_json::Value = serde_json::from_str(run.stdout().trim()).expect("json");
    assert_eq!(v["game"], 1);
    assert_eq!(v["ply"], 1);
    assert_eq!(v["move"], "f3");
    assert_eq!(
        v["position"],
        "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn check_and_fen_read_compressed_inputs_too() {
    let env = TestEnv::new();
    env.write(
        "g.pgn.zst",
        zstd::stream::encode_all(&b"1. f3 e5 2. g4 Qh4# 0-1\n"[..], 1).expect("zstd"),
    );
    env.run(&["check", "g.pgn.zst"]).code(0);
    env.run(&["fen", "g.pgn.zst"])
        .code(0)
        .stdout_is("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n");
}

#[test]
fn pasgl_records_convert_and_count_points() {
    let env = TestEnv::new();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/pasgl/campfire.pgn");
    let fixture = fixture.to_string_lossy();
    let pgn = env.run(&["convert", &fixture, "--to", "pgn"]);
    pgn.code(0)
        .stdout_has("1... Be8-f8\n_Td5 {Woodchuck e5 +3} 2. De4-c3");
    let stats = env.run(&["stats", &fixture]);
    let out = stats.stdout();
    let row = out.lines().nth(1).expect("one row");
    assert!(row.starts_with(&format!("{fixture},1,PASGL312,")), "{row}");
    assert!(row.ends_with(",21,6"), "{row}");
}

#[test]
fn convert_says_when_nothing_was_written() {
    let env = TestEnv::new();
    env.write("g.pgn", GAMES);
    env.run(&["convert", "g.pgn", "--to", "pgn", "--tag", "Event=Z"])
        .stdout_is("")
        .stderr_has("xpgn: no games written");
    let kept = env.run(&["convert", "g.pgn", "--to", "pgn", "--tag", "Event=A"]);
    kept.stdout_has("[Event \"A\"]");
    assert!(
        !kept.stderr().contains("no games written"),
        "{}",
        kept.stderr()
    );
    let quiet = env.run(&["-q", "convert", "g.pgn", "--to", "pgn", "--tag", "Event=Z"]);
    assert!(
        !quiet.stderr().contains("no games written"),
        "{}",
        quiet.stderr()
    );
}

/// The postal Hans38 game of issue 12: `check` applies `[Postal "yes"]`, and
/// so does `convert`, since it takes each move's notation from the
/// verifier's replay (it used to replay without the tag: `"san": null` on
/// every postal turn).
#[test]
fn postal_hans38_game_converts_with_san_on_every_turn() {
    let env = TestEnv::new();
    env.write(
        "postal.pgn",
        "[Variant \"Hans38\"]\n[Postal \"yes\"]\n\n\
         1. @@f3 @@f6 2. Ng1-f3,@@e3 Ng8-f6,@g8-e6 3. e2-e3,@g1-g3 *\n",
    );
    env.run(&["check", "postal.pgn"]).code(0);
    let run = env.run(&["convert", "postal.pgn", "--to", "json"]);
    run.code(0);
    let json: serde_json::Value = serde_json::from_str(&run.stdout()).expect("json");
    let moves = json[0]["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 5);
    for m in moves {
        assert!(m["san"].is_string(), "{m}");
        assert!(m["lan"].is_string(), "{m}");
    }
    assert!(
        moves[2]["san"].as_str().is_some_and(|s| s.contains(',')),
        "a postal turn of two actions: {}",
        moves[2]
    );
}

/// Issue 14 item 7: a `[FEN]` whose line is too long to read used to be
/// dropped and the game replayed from the standard start; `convert` then
/// wrote `[SetUp "1"]` without a FEN.
#[test]
fn an_over_long_fen_tag_leaves_the_game_unverified_and_unconverted() {
    let env = TestEnv::new();
    let fen = format!("8/8/8/8/8/8/8/K1k5 w - - 0 1{}", " ".repeat(9000));
    env.write(
        "long.pgn",
        format!(
            "[Event \"long\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. Ka2 Kc2 *\n\n\
             [Event \"next\"]\n\n1. e4 *\n"
        ),
    );
    let check = env.run(&["check", "long.pgn"]);
    check
        .code(1)
        .stderr_has("long.pgn:3:1")
        .stderr_has("the FEN tag could not be read")
        .stderr_has("game not verified");
    // Ka2 is illegal from the standard start: the game was not replayed.
    assert!(!check.stderr().contains("illegal"), "{}", check.stderr());
    let convert = env.run(&["convert", "long.pgn", "--to", "pgn"]);
    convert.code(1).stderr_has(
        "long.pgn:1: game 1 is not converted: line 3 is longer than the reader's limit",
    );
    let out = convert.stdout();
    assert!(!out.contains("SetUp"), "{out}");
    assert!(out.contains("[Event \"next\"]"), "{out}");
}

/// Issue 14 item 10: a game larger than the limit for a game held whole is
/// refused with its file, line and the limit, never written shortened.
#[test]
fn a_game_larger_than_the_limit_is_named_and_not_written_shortened() {
    let env = TestEnv::new();
    let comment = "x".repeat(17 * 1024 * 1024);
    env.write(
        "big.pgn",
        format!(
            "[Event \"small\"]\n\n1. d4 *\n\n[Event \"huge\"]\n\n1. e4 {{{comment}}} e5 *\n\n\
             [Event \"after\"]\n\n1. c4 *\n"
        ),
    );
    for to in ["pgn", "jsonl"] {
        let run = env.run(&["convert", "big.pgn", "--to", to, "-j", "1"]);
        run.code(1).stderr_has(
            "big.pgn:5: game 2 is not converted: it is larger than the limit of 16777216 bytes",
        );
        let out = run.stdout();
        assert!(!out.contains("huge"), "the cut game is not written");
        assert!(out.contains("small") && out.contains("after"), "{out}");
    }
}

/// PGN export asks the verifier only for the notation it writes; each
/// choice still gets every move in it.
#[test]
fn pgn_export_writes_every_move_in_the_notation_asked_for() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Event \"A\"]\n\n1. e2e4 e5 2. Ng1f3 Nc6 3. Bb5 a6 *\n",
    );
    env.run(&["convert", "g.pgn", "--to", "pgn"])
        .code(0)
        .stdout_has("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *");
    env.run(&["convert", "g.pgn", "--to", "pgn", "--moves", "lan"])
        .code(0)
        .stdout_has("1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 a7-a6 *");
}

#[test]
fn fen_reads_several_files_in_order_and_names_each_in_its_rows() {
    let env = TestEnv::new();
    env.write("a.pgn", "1. e4 *\n");
    env.write("b.pgn", "1. f3 e5 2. g4 Qh4# 0-1\n");
    env.run(&["fen", "a.pgn", "b.pgn"]).code(0).stdout_is(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
         rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n",
    );
    let run = env.run(&["fen", "--format", "csv", "b.pgn", "a.pgn"]);
    run.code(0)
        .stdout_has("file,game,ply,move,position\nb.pgn,1,4,Qh4#,")
        .stdout_has("\na.pgn,1,1,e4,");
    let run = env.run(&["fen", "--format", "json", "a.pgn", "b.pgn"]);
    let files = json_files(&run.stdout());
    assert_eq!(files, ["a.pgn", "b.pgn"]);
}

#[test]
fn fen_keeps_a_line_for_a_game_it_cannot_verify_so_lines_match_games() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Variant \"Bughouse\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 *\n",
    );
    env.run(&["fen", "g.pgn"])
        .code(0)
        .stdout_is("\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
    env.run(&["fen", "--format", "csv", "g.pgn"])
        .code(0)
        .stdout_has("file,game,ply,move,position\ng.pgn,1,0,,\ng.pgn,2,1,e4,");
    let run = env.run(&["fen", "--format", "json", "g.pgn"]);
    let first: serde_json::Value =
        serde_json::from_str(run.stdout().lines().next().expect("a row")).expect("json");
    assert_eq!(first["position"], serde_json::Value::Null);
    assert!(
        first["skipped"]
            .as_str()
            .expect("skipped")
            .contains("Bughouse")
    );
}

#[test]
fn stats_leaves_plies_and_counts_empty_for_a_game_it_cannot_verify() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Variant \"Bughouse\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. e4 e5 *\n",
    );
    let run = env.run(&["stats", "-j1", "g.pgn"]);
    run.code(0);
    let stdout = run.stdout();
    let rows: Vec<&str> = stdout.lines().collect();
    let header: Vec<&str> = rows[0].split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let skipped: Vec<&str> = rows[1].split(',').collect();
    let played: Vec<&str> = rows[2].split(',').collect();
    assert_eq!(skipped[col("plies")], "");
    assert_eq!(skipped[col("captures")], "");
    assert_eq!(played[col("plies")], "2");
    assert_eq!(played[col("captures")], "0");
    // The average is over the verified game only.
    env.run(&["stats", "-j1", "--summary", "g.pgn"])
        .code(0)
        .stdout_has(",2.0,");
}

#[test]
fn reduced_export_checks_as_the_original_does() {
    // Every fixture (every family, set-up positions, Postal), reduced, gets
    // the same verdict from `check` as the original: one error (the Hans38
    // sample's slip) and nothing else.
    let env = TestEnv::new();
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let fixtures = fixtures.to_str().expect("UTF-8 path");
    let original = env.run(&["check", "-j1", "--format", "json", fixtures]);
    let summary = |s: String| s.lines().last().unwrap_or_default().to_owned();
    let expected = summary(original.stdout());
    assert!(expected.contains(r#""errors":1,"#), "{expected}");
    env.run(&[
        "convert",
        "--to",
        "pgn",
        "--reduced",
        "-o",
        "r.pgn",
        fixtures,
    ])
    .code(1);
    let reduced = env.run(&["check", "-j1", "--format", "json", "r.pgn"]);
    let got = summary(reduced.stdout());
    // Counts of games and errors match; moves differ only by the dropped
    // variations.
    for field in [r#""errors":1,"#, r#""skipped_games":0,"#] {
        assert!(got.contains(field), "{field}: {got}");
    }
    let games = |s: &str| {
        s.split(r#""games":"#)
            .nth(1)
            .and_then(|r| r.split(',').next())
            .map(str::to_owned)
    };
    assert_eq!(games(&got), games(&expected));
}

#[test]
fn from_json_reads_json_lines_on_standard_input_and_under_any_name() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Event \"x\"]\n\n1. e4 {c} e5 (1... c5) 2. Nf3 *\n",
    );
    let pgn = env.run(&["convert", "--to", "pgn", "g.pgn"]).stdout();
    let jsonl = env.run(&["convert", "--to", "jsonl", "g.pgn"]).stdout();
    // `-` is PGN unless --from says otherwise.
    let out = env
        .command(&["convert", "--from", "json", "--to", "pgn", "-"])
        .write_stdin(jsonl.clone())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), pgn);
    // A JSON Lines file under another name.
    env.write("records.txt", &jsonl);
    env.run(&["convert", "--from", "json", "--to", "pgn", "records.txt"])
        .code(0)
        .stdout_is(&pgn);
    // And PGN under a .jsonl name.
    env.write(
        "odd.jsonl",
        "[Event \"x\"]\n\n1. e4 {c} e5 (1... c5) 2. Nf3 *\n",
    );
    env.run(&["convert", "--from", "pgn", "--to", "pgn", "odd.jsonl"])
        .code(0)
        .stdout_is(&pgn);
}

/// Issue 20, defect 3: TCEC writes a `;` summary after each result. It
/// belongs to the game it follows (up to a blank line), and the export
/// keeps it there, as `;` lines, so that the next game starts clean.
#[test]
fn comments_after_a_result_stay_with_their_game() {
    let env = TestEnv::new();
    env.write(
        "tcec.pgn",
        "[Event \"1\"]\n\n1. e4 e5 1/2-1/2 {drawn}\n; { Game Nr. 1 : a = b\n; Duration = 1 }\n\n\n\
         [Event \"2\"]\n\n1. d4 1-0\n\n; about game 3\n[Event \"3\"]\n\n1. c4 *\n",
    );
    let pgn = env.run(&["convert", "tcec.pgn", "--to", "pgn"]);
    pgn.code(0);
    let text = pgn.stdout();
    let games: Vec<&str> = text.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 3, "{text}");
    assert!(
        games[0].contains("1/2-1/2 {drawn} ; { Game Nr. 1 : a = b\n; Duration = 1 }\n"),
        "{text}"
    );
    assert!(!games[1].contains("Game Nr."), "{text}");
    assert!(!games[1].contains("about game 3"), "{text}");
    assert!(games[2].contains("{about game 3}"), "{text}");
    // The export reads back to itself, through JSON too.
    env.write("export.pgn", &text);
    env.run(&["convert", "export.pgn", "--to", "pgn"])
        .code(0)
        .stdout_is(&text);
    let json = env.run(&["convert", "tcec.pgn", "--to", "jsonl"]);
    let first = json.stdout().lines().next().unwrap_or_default().to_owned();
    assert!(
        first.contains(r#""comments_after_result":[{"text":"drawn","style":"brace"},{"text":" { Game Nr. 1 : a = b","style":"line"}"#),
        "{first}"
    );
    env.write("g.jsonl", json.stdout());
    env.run(&["convert", "g.jsonl", "--to", "pgn"])
        .code(0)
        .stdout_is(&text);
    // Every thread count reads the same games.
    for jobs in ["1", "2"] {
        env.run(&["check", "tcec.pgn", "-j", jobs, "--format", "json"])
            .code(0)
            .stdout_has(r#""games":3"#);
    }
}

/// Issue 20's export choices: each leaves out or adds one thing only.
#[test]
fn export_choices_leave_out_or_add_one_thing_each() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Event \"E\"]\n[Zeta \"z\"]\n[PlyCount \"99\"]\n[Alpha \"a\"]\n\n\
         {intro} 1. e4 $1 {best} e5 (1... c5 $2 {sicilian}) 2. Nf3 *\n",
    );
    let run = |extra: &[&str]| {
        let mut args = vec!["convert", "g.pgn", "--to", "pgn"];
        args.extend_from_slice(extra);
        let r = env.run(&args);
        r.code(0);
        r.stdout()
    };
    let full = run(&[]);
    assert!(
        full.contains("[Alpha \"a\"]\n[PlyCount \"99\"]\n[Zeta \"z\"]\n"),
        "{full}"
    );
    assert!(
        full.contains("{intro} 1. e4 $1 {best} 1... e5 (1... c5 $2 {sicilian}) 2. Nf3 *"),
        "{full}"
    );

    let text = run(&["--no-comments"]);
    assert!(
        text.contains("\n1. e4 $1 e5 (1... c5 $2) 2. Nf3 *"),
        "{text}"
    );
    let text = run(&["--no-nags"]);
    assert!(
        text.contains("{intro} 1. e4 {best} 1... e5 (1... c5 {sicilian}) 2. Nf3 *"),
        "{text}"
    );
    let text = run(&["--no-variations"]);
    assert!(
        text.contains("{intro} 1. e4 $1 {best} 1... e5 2. Nf3 *"),
        "{text}"
    );
    let text = run(&["--keep-tag-order"]);
    assert!(
        text.contains("[Zeta \"z\"]\n[PlyCount \"99\"]\n[Alpha \"a\"]\n"),
        "{text}"
    );
    let text = run(&["--plycount"]);
    assert!(
        text.contains("[Alpha \"a\"]\n[PlyCount \"3\"]\n[Zeta \"z\"]\n"),
        "{text}"
    );
    assert!(!text.contains("99"), "{text}");
    let text = run(&["--plycount", "--keep-tag-order"]);
    assert!(
        text.contains("[Zeta \"z\"]\n[PlyCount \"3\"]\n[Alpha \"a\"]\n"),
        "{text}"
    );

    env.run(&["convert", "g.pgn", "--to", "jsonl", "--no-nags"])
        .code(2)
        .stderr_has("--no-nags shapes PGN output only");
}

/// Issue 19: the summary line of `stats --format jsonl` counts diagnostics
/// by code, for a cluster job's summary table.
#[test]
fn stats_jsonl_summary_counts_diagnostics_by_code() {
    let env = TestEnv::new();
    env.write("g.pgn", GAMES);
    let out = env.run(&["stats", "g.pgn", "--format", "jsonl"]);
    out.code(1);
    let text = out.stdout();
    let last = text.lines().last().unwrap_or_default();
    assert!(
        last.ends_with(r#""unreadable_inputs":0,"codes":{"illegal-move":1}}"#),
        "{last}"
    );
    env.write("clean.pgn", "[Event \"x\"]\n\n1. e4 *\n");
    env.run(&["stats", "clean.pgn", "--format", "jsonl"])
        .code(0)
        .stdout_has(r#""codes":{}}"#);
}

/// Issue 20: `--games` chooses games by their number in their input, the
/// same on every thread count (the numbers are file-wide before the choice).
#[test]
fn games_are_chosen_by_their_number_in_their_input() {
    let env = TestEnv::new();
    let mut pgn = String::new();
    for i in 1..=20_000 {
        pgn.push_str(&format!("[Event \"{i}\"]\n\n1. e4 e5 *\n\n"));
    }
    env.write("many.pgn", &pgn);
    env.write(
        "other.pgn",
        "[Event \"o1\"]\n\n1. d4 *\n\n[Event \"o2\"]\n\n1. c4 *\n",
    );
    for jobs in ["1", "2"] {
        let out = env.run(&[
            "convert",
            "many.pgn",
            "other.pgn",
            "--to",
            "pgn",
            "--games",
            "2,19999-30000",
            "-j",
            jobs,
        ]);
        out.code(0);
        let events: Vec<String> = out
            .stdout()
            .lines()
            .filter_map(|l| l.strip_prefix("[Event \""))
            .map(|l| l.trim_end_matches("\"]").to_owned())
            .collect();
        assert_eq!(events, ["2", "19999", "20000", "o2"], "-j {jobs}");
        env.run(&["stats", "many.pgn", "--games", "7", "-j", jobs])
            .code(0)
            .stdout_is("file,game,variant,event,site,date,round,white,black,result,plies,result_played,termination,valid,errors,warnings,first_error,skipped,captures,checks,promotions,castlings,square_placements,square_moves,passes,points_white,points_black\nmany.pgn,7,Chess,7,,,,,,,2,*,,true,0,0,,,0,0,0,0,0,0,0,,\n");
    }
    env.run(&["fen", "other.pgn", "--games", "2"])
        .code(0)
        .stdout_is("rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1\n");
    let scores = env.run(&["scores", "other.pgn", "--games", "2"]);
    scores.code(0);
    assert!(
        scores
            .stdout()
            .lines()
            .skip(1)
            .all(|l| l.starts_with("other.pgn,2,")),
        "{}",
        scores.stdout()
    );
    assert_eq!(scores.stdout().lines().count(), 3, "{}", scores.stdout());
    env.run(&["convert", "other.pgn", "--to", "pgn", "--games", "3-1"])
        .code(2)
        .stderr_has("the range 3-1 runs backwards");
}

/// Issue 20: `--fen-comments` writes after each replayed move the position
/// `xpgn fen --all` prints for it, in every game.
#[test]
fn fen_comments_are_the_positions_fen_prints() {
    let env = TestEnv::new();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    for dir in ["chess", "gast", "squirrel", "squares", "pasgl"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("fixtures")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
            .collect();
        files.sort();
        let Some(file) = files.first() else { continue };
        let text = std::fs::read_to_string(file).expect("fixture");
        // The first game alone, so that the two outputs line up.
        let first = match text.match_indices("\n[Event").next() {
            Some((i, _)) if i > 0 => &text[..i],
            _ => &text,
        };
        env.write("one.pgn", first);
        let pgn = env.run(&[
            "convert",
            "one.pgn",
            "--to",
            "pgn",
            "--fen-comments",
            "--no-comments",
            "--no-variations",
        ]);
        let exported = pgn.stdout();
        let comments: Vec<String> = exported
            .split('{')
            .skip(1)
            .filter_map(|c| c.split_once('}'))
            .map(|(c, _)| c.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        let fen = env.run(&["fen", "--all", "one.pgn"]).stdout();
        let positions: Vec<&str> = fen.lines().skip(1).collect();
        assert!(!positions.is_empty(), "{dir}: no moves");
        assert_eq!(comments, positions, "{dir}: {}", file.display());
    }
    env.write("g.jsonl", "");
    env.run(&["convert", "g.jsonl", "--to", "pgn", "--fen-comments"])
        .code(2)
        .stderr_has("a JSON record is not replayed");
}

/// Issue 20: `fen --format epd` writes the EPD python-chess writes with
/// `epd(hmvc=..., fmvn=...)` (the two strings below are its output for
/// these games), for the games whose FEN ends in the two clocks; another
/// game gets an empty line and a message, and the status is 2.
#[test]
fn fen_epd_is_python_chess_s_epd_with_the_clocks_as_operations() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Event \"1\"]\n\n1. c4 *\n\n[Variant \"Three-check\"]\n\n1. e4 e5 2. Bb5 *\n\n\
         [Variant \"Gast\"]\n\n*\n",
    );
    env.run(&["fen", "--format", "epd", "g.pgn"])
        .code(2)
        .stdout_is(
            "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1;\n\
             rnbqkbnr/pppp1ppp/8/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 3+3 hmvc 1; fmvn 2;\n\n",
        )
        .stderr_has("game 3: Gast has no EPD form");
}

/// Issue 20: `--fix-result` writes the result of a game that ended by rule
/// (mate, stalemate) in its Result tag and after its moves, in PGN (written
/// as read) and in JSON (records); other games keep theirs.
#[test]
fn fix_result_writes_the_result_of_games_that_ended_by_rule() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[Event \"mate\"]\n[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# *\n\n\
         [Event \"stalemate\"]\n[Result \"1-0\"]\n\n1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 \
         5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1-0\n\n\
         [Event \"open\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n",
    );
    let plain = env.run(&["convert", "g.pgn", "--to", "pgn"]).stdout();
    assert!(
        plain.contains("[Result \"*\"]") && plain.contains("Qh4# *"),
        "{plain}"
    );
    assert!(plain.contains("Qe6 1-0"), "{plain}");
    let fixed = env.run(&["convert", "g.pgn", "--to", "pgn", "--fix-result"]);
    fixed.code(0);
    let text = fixed.stdout();
    let games: Vec<&str> = text.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 3, "{text}");
    for (game, result) in games.iter().zip(["0-1", "1/2-1/2", "1-0"]) {
        assert!(game.contains(&format!("[Result \"{result}\"]")), "{game}");
        assert!(game.trim_end().ends_with(result), "{game}");
    }
    let json = env
        .run(&["convert", "g.pgn", "--to", "jsonl", "--fix-result"])
        .stdout();
    let results: Vec<(String, String)> = json
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json line");
            let tag = v["tags"]
                .as_array()
                .and_then(|t| t.iter().find(|p| p[0] == "Result"))
                .map(|p| p[1].as_str().unwrap_or("").to_string());
            (
                v["result"].as_str().unwrap_or("").to_string(),
                tag.unwrap_or_default(),
            )
        })
        .collect();
    let want = [("0-1", "0-1"), ("1/2-1/2", "1/2-1/2"), ("1-0", "1-0")];
    assert_eq!(results, want.map(|(a, b)| (a.to_string(), b.to_string())));
    // The filters read the fixed result.
    env.run(&[
        "convert",
        "g.pgn",
        "--to",
        "pgn",
        "--fix-result",
        "--result",
        "0-1",
    ])
    .stdout_has("[Event \"mate\"]");
    env.write("g.jsonl", "");
    env.run(&["convert", "g.jsonl", "--to", "pgn", "--fix-result"])
        .code(2)
        .stderr_has("--fix-result");
}
