//! `--range START:END` (issue 19): ranges that share their cut points read
//! the games of the whole file, each once, on adversarial files; usage
//! errors are clear.

use proptest::prelude::*;

use crate::util::TestEnv;

/// Pieces of a PGN file, chosen to sit across cut points: comments holding
/// tag lines, `;` and `%` lines, games without blank lines, tagless games,
/// unterminated comments and variations, comments between or before tags.
const PIECES: &[&str] = &[
    "[Event \"plain\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n",
    "[Event \"tight\"]\n1. d4 d5 *\n",
    "1. e4 c5 *\n",
    "[Event \"comment\"]\n\n1. e4 {see\n[Event \"inside\"]\n} e5 *\n\n",
    "%escape line\n; a note\n",
    "[Event \"open\"]\n\n1. e4 { never closed\n",
    "[Event \"var\"]\n\n1. e4 (1. d4 \n",
    "[Event \"between\"]\n{c}\n[Site \"s\"]\n\n1. e4 *\n\n",
    "{lead}\n[Event \"led\"]\n\n1. c4 *\n\n",
    "[Event \"gap\"]\n\n[Site \"x\"]\n\n1. Nf3 *\n",
    "some prose, not a game\n",
    "[Event \"bad\"]\n\n1. e5 *\n\n",
];

/// The stats rows of `args`, without the header and the `game` column
/// (counted per range); `None` when the run says the range must be merged
/// with the next.
fn rows(env: &TestEnv, args: &[&str]) -> Option<Vec<String>> {
    let out = env.command(args).output().expect("start xpgn");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    if stderr.contains("range end:") {
        return None;
    }
    // 1: some game is invalid, as some pieces are.
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "xpgn {args:?}: {:?}\n{stderr}",
        out.status
    );
    Some(
        stdout
            .lines()
            .skip(1)
            .map(|l| {
                let mut f: Vec<&str> = l.split(',').collect();
                f.remove(1);
                f.join(",")
            })
            .collect(),
    )
}

/// The rows of the ranges cut at `cuts`, merging a range with the next when
/// its run says so (what a cluster job does).
fn ranged_rows(env: &TestEnv, len: u64, cuts: &[u64]) -> (Vec<String>, usize) {
    let mut points: Vec<u64> = cuts.iter().map(|c| c % (len + 1)).collect();
    points.extend([0, len]);
    points.sort_unstable();
    points.dedup();
    let (mut all, mut merges, mut i) = (Vec::new(), 0, 0);
    while i + 1 < points.len() {
        let mut j = i + 1;
        loop {
            let range = format!("{}:{}", points[i], points[j]);
            if let Some(r) = rows(env, &["stats", "--range", &range, "a.pgn"]) {
                all.extend(r);
                break;
            }
            assert!(j + 1 < points.len(), "the last range cannot end early");
            merges += 1;
            j += 1;
        }
        i = j;
    }
    (all, merges)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn ranges_read_every_game_of_the_file_once(
        picks in prop::collection::vec(0..PIECES.len(), 1..14),
        cuts in prop::collection::vec(any::<u64>(), 0..6),
    ) {
        let env = TestEnv::new();
        let text: String = picks.iter().map(|&i| PIECES[i]).collect();
        env.write("a.pgn", &text);
        let whole = rows(&env, &["stats", "a.pgn"]).expect("a whole file has no range");
        let (ranged, _) = ranged_rows(&env, text.len() as u64, &cuts);
        prop_assert_eq!(ranged, whole);
    }
}

#[test]
fn a_cut_inside_a_tag_section_asks_for_a_merge_and_loses_nothing() {
    let env = TestEnv::new();
    let text = format!("{}{}{}", PIECES[0], PIECES[7], PIECES[0]);
    env.write("a.pgn", &text);
    // At "between"'s comment line: the [Site line after it is a
    // candidate (a tag line after a line that is not) but not a game start.
    let cut = text.find("{c}").expect("there") as u64;
    let run = env.run(&["stats", "--range", &format!("0:{cut}"), "a.pgn"]);
    run.code(2).stderr_has("range end: no game begins at byte");
    assert_eq!(
        run.stdout().lines().count(),
        3,
        "both games, the second whole"
    );
    let whole = rows(&env, &["stats", "a.pgn"]).expect("whole");
    let (ranged, merges) = ranged_rows(&env, text.len() as u64, &[cut]);
    assert_eq!(merges, 1);
    assert_eq!(ranged, whole);
}

#[test]
fn game_numbers_count_from_the_range_start() {
    let env = TestEnv::new();
    let text = PIECES[0].repeat(3);
    env.write("a.pgn", &text);
    // Inside the first game's first line: the second game is the candidate.
    let cut = 5;
    env.run(&[
        "stats",
        "--range",
        &format!("{cut}:{}", text.len()),
        "a.pgn",
    ])
    .code(0)
    .stdout_has("\na.pgn,1,")
    .stdout_has("\na.pgn,2,");
}

#[test]
fn a_range_needs_one_plain_file_and_start_before_end() {
    let env = TestEnv::new();
    env.write("a.pgn", PIECES[0]);
    env.write("b.pgn", PIECES[0]);
    env.run(&["stats", "--range", "5:3", "a.pgn"])
        .code(2)
        .stderr_has("START 5 is past END 3");
    env.run(&["stats", "--range", "0:3", "a.pgn", "b.pgn"])
        .code(2)
        .stderr_has("a range needs exactly one file");
    env.run(&["check", "--range", "0:3", "-"])
        .code(2)
        .stderr_has("a range needs a plain file");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, PIECES[0].as_bytes()).expect("gzip");
    env.write("a.pgn.gz", gz.finish().expect("gzip"));
    env.run(&["stats", "--range", "0:3", "a.pgn.gz"])
        .code(2)
        .stderr_has("a range needs a plain file");
}

#[test]
fn check_reads_the_same_games_by_range() {
    let env = TestEnv::new();
    let text = format!("{}{}", PIECES[0], PIECES[11]);
    env.write("a.pgn", &text);
    let cut = 5;
    env.run(&["check", "--range", &format!("0:{cut}"), "a.pgn"])
        .code(0)
        .stderr_has("checked 1 game");
    env.run(&[
        "check",
        "--range",
        &format!("{cut}:{}", text.len()),
        "a.pgn",
    ])
    .code(1)
    .stderr_has("checked 1 game");
}

#[test]
fn stats_jsonl_has_the_csv_rows_typed_and_a_summary_line_last() {
    let env = TestEnv::new();
    let text = format!("{}{}{}", PIECES[0], PIECES[11], PIECES[2]);
    env.write("a.pgn", &text);
    let csv = rows(&env, &["stats", "a.pgn"]).expect("rows");
    let out = env
        .command(&["stats", "--format", "jsonl", "a.pgn", "gone.pgn"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2), "gone.pgn cannot be read");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), csv.len() + 1);
    for (g, v) in lines.iter().take(csv.len()).enumerate() {
        assert_eq!(v["type"], "game");
        assert_eq!(v["schema"], 1);
        assert_eq!(v["game"], g as u64 + 1);
        assert!(v["errors"].is_u64());
        assert!(v["valid"].is_boolean());
        assert!(v["points_white"].is_null());
    }
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[0]["plies"], 4);
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[2]["event"], serde_json::Value::Null, "no tag: null");
    let summary = &lines[csv.len()];
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["games"], 3);
    assert_eq!(summary["unreadable_inputs"], 1);
    assert!(summary["errors"].as_u64().expect("integer") >= 1);
}
