//! `xpgn scores`, and PASGL 312 records through `check`, `fen`, `moves` and
//! `perft`: the fixtures with their expected score timelines, the broken
//! copies rejected at the right move.

use std::path::{Path, PathBuf};

use crate::util::{TestEnv, json_files};

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(repo(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

const FIXTURES: [&str; 7] = [
    "campfire",
    "critters",
    "lunch",
    "train-ride",
    "bear-hunter",
    "end",
    "displace",
];

#[test]
fn pasgl_fixtures_are_valid_and_give_their_expected_timelines() {
    let env = TestEnv::new();
    for name in FIXTURES {
        let pgn = repo(&format!("fixtures/pasgl/{name}.pgn"));
        let pgn = pgn.to_string_lossy();
        env.run(&["check", &pgn])
            .code(0)
            .stderr_has("0 errors, 0 warnings");
        // Read by its own name, as the expected file was made, since the
        // rows name their file.
        env.write(
            &format!("{name}.pgn"),
            read(&format!("fixtures/pasgl/{name}.pgn")),
        );
        env.run(&["scores", &format!("{name}.pgn")])
            .code(0)
            .stdout_is(&read(&format!("fixtures/pasgl/{name}.scores.csv")));
    }
}

#[test]
fn broken_pasgl_copies_are_rejected_at_the_right_move_with_the_right_reason() {
    let env = TestEnv::new();
    for (file, at, message) in [
        (
            "pasgl-lunchless-bear.pgn",
            "game 1 (White - Black), ply 8, Black to move",
            "error[state-mismatch]: -Be8-d8: the bear on e8 has its lunch",
        ),
        (
            "pasgl-shot-through-shrew.pgn",
            "game 1 (White - Black), ply 7, White to move",
            "error[illegal-move]: Hd2>d5: the shot is blocked by the Black shrew on d4",
        ),
        (
            "pasgl-onto-train.pgn",
            "game 1 (White - Black), ply 15, White to move",
            "error[illegal-move]: Td4-e4: the Train stands on e4",
        ),
    ] {
        let path = repo(&format!("tests/data/broken/{file}"));
        env.run(&["check", &path.to_string_lossy()])
            .code(1)
            .stderr_has(message)
            .stderr_has(at)
            .stderr_has("1 error");
    }
}

#[test]
fn roadkill_marks_are_checked() {
    let env = TestEnv::new();
    let fen =
        "[Variant \"PASGL312\"]\n[SetUp \"1\"]\n[FEN \"4b3/8/8/10/7P2/8/8/4B3 b 1 0-0 0\"]\n\n";
    env.write("ok.pgn", format!("{fen}1... Be8-d8 _Pg4 *\n"));
    env.run(&["check", "ok.pgn"]).code(0);
    env.write("bad.pgn", format!("{fen}1... Be8-d8 _Pf4 *\n"));
    env.run(&["check", "bad.pgn"])
        .code(1)
        .stderr_has("error[state-mismatch]: _Pf4: the Train ran over no shrew on f4");
}

#[test]
fn issue_13_a_wrong_roadkill_mark_names_the_move_that_caused_it() {
    // docs/formats.md: `ply` is the move concerned, `position` the one before it.
    let env = TestEnv::new();
    let start = "4b3/8/8/10/3t6/8/8/4B3 w 4 0-0 0";
    env.write(
        "mark.pgn",
        format!(
            "[Variant \"PASGL312\"]\n[SetUp \"1\"]\n[FEN \"{start}\"]\n\n1. Be1-d1 Be8-d8 _Td4 *\n"
        ),
    );
    let run = env.run(&["check", "--format", "json", "mark.pgn"]);
    run.code(1);
    let out = run.stdout();
    let diag = out
        .lines()
        .find(|l| l.contains("\"state-mismatch\""))
        .unwrap_or_else(|| panic!("no state-mismatch in {out}"));
    let v: serde_json::Value = serde_json::from_str(diag).expect("JSON line");
    assert_eq!(v["ply"], 2, "{diag}");
    assert_eq!(v["position"], "4b3/8/8/10/3t6/8/8/3B4 b 4 0-0 0", "{diag}");
}

#[test]
fn scores_json_gives_one_object_per_game() {
    let env = TestEnv::new();
    let pgn = repo("fixtures/pasgl/bear-hunter.pgn");
    let run = env.run(&["scores", "--format", "json", &pgn.to_string_lossy()]);
    run.code(0);
    let out = run.stdout();
    assert_eq!(out.lines().count(), 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(v["variant"], "PASGL312");
    assert_eq!(v["measure"], "points");
    let last = &v["timeline"][7];
    assert_eq!(last["move"], "Hd2>d5");
    assert_eq!(
        (last["white"].as_i64(), last["black"].as_i64()),
        (Some(20), Some(15))
    );
    assert_eq!(last["events"][0]["reason"], "dead-bear");
    assert_eq!(v["timeline"][0]["move"], serde_json::Value::Null);
}

#[test]
fn scores_of_chess_are_material_with_captures() {
    let env = TestEnv::new();
    env.write("g.pgn", "1. e4 d5 2. exd5 Qxd5 *\n");
    env.run(&["scores", "g.pgn"]).code(0).stdout_is(
        "file,game,ply,mover,move,white,black,measure,events\n\
         g.pgn,1,0,,,39,39,material,\n\
         g.pgn,1,1,white,e4,39,39,material,\n\
         g.pgn,1,2,black,d5,39,39,material,\n\
         g.pgn,1,3,white,exd5,39,38,material,black -1 capture\n\
         g.pgn,1,4,black,Qxd5,38,38,material,white -1 capture\n",
    );
}

#[test]
fn scores_of_a_broken_game_stop_at_its_last_legal_move() {
    let env = TestEnv::new();
    let pgn = repo("tests/data/broken/pasgl-shot-through-shrew.pgn");
    let run = env.run(&["scores", &pgn.to_string_lossy()]);
    run.code(1).stderr_has("error[illegal-move]");
    assert_eq!(run.stdout().lines().count(), 1 + 7, "{}", run.stdout());
}

#[test]
fn pasgl_moves_and_perft() {
    let env = TestEnv::new();
    let run = env.run(&["moves", "--variant", "PASGL 312"]);
    run.code(0);
    assert_eq!(run.stdout().lines().count(), 44);
    run.stdout_has("Be1-f1/Dg2\tBe1-f1/Dg2\n");
    env.run(&["perft", "--variant", "pasgl312", "2"])
        .code(0)
        .stdout_has("1935");
    env.run(&[
        "moves",
        "--variant",
        "pasgl312",
        "--fen",
        "6T-b/6TT/8/10/10/8/8/4B3 b 0 0-0 0",
    ])
    .code(0)
    .stdout_is("--\t--\n");
}

#[test]
fn pasgl_fen_prints_the_position_string() {
    let env = TestEnv::new();
    let pgn = repo("fixtures/pasgl/train-ride.pgn");
    env.run(&["fen", &pgn.to_string_lossy()])
        .code(0)
        .stdout_is("4b3/8/8/5t4/3S6/3T4/8/4B3 w 11 14-28 0\n");
}

#[test]
fn squares_games_count_owned_and_reserve_squares() {
    let env = TestEnv::new();
    let pgn = repo("fixtures/squares/hans38-stalemate-in-3.pgn");
    let run = env.run(&["scores", &pgn.to_string_lossy()]);
    run.code(0)
        .stdout_has("1,0,,,19,19,squares,\n")
        .stdout_has("1,1,white,@@a6,19,19,squares,white +1 owned; white -1 reserve\n")
        .stdout_has("1,2,black,a6,18,20,squares,white -1 owned; black +1 owned\n");
}

#[test]
fn scores_reads_several_files_in_order_and_names_each() {
    let env = TestEnv::new();
    env.write("a.pgn", "1. e4 *\n");
    env.write("b.pgn", "1. d4 *\n");
    let run = env.run(&["scores", "b.pgn", "a.pgn"]);
    run.code(0);
    let stdout = run.stdout();
    let files: Vec<&str> = stdout
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap_or_default())
        .collect();
    assert_eq!(files, ["b.pgn", "b.pgn", "a.pgn", "a.pgn"]);
    let run = env.run(&["scores", "--format", "json", "a.pgn", "b.pgn"]);
    let names = json_files(&run.stdout());
    assert_eq!(names, ["a.pgn", "b.pgn"]);
}
