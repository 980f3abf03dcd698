//! Every game of the corpus (../shared/corpus) replays as python-chess replays
//! it: same final FEN, and broken games rejected at the same move.
//!
//! The expected values come from `scripts/python_chess_oracle.py` and are
//! committed in `tests/data/corpus-python-chess.tsv`. Set `XPGN_CORPUS` to
//! point at another copy of the corpus; the test fails if none is found,
//! because CI always has it beside the repository.

use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};

use xpgn::notation::reader::Reader;
use xpgn::rules::family::{AnyPosition, GamePosition};
use xpgn::verify::{GameReport, Observer, Verifier};

struct Expected {
    white: String,
    black: String,
    variant: String,
    plies: u32,
    fen: String,
    error: String,
}

fn corpus_root() -> PathBuf {
    if let Ok(p) = std::env::var("XPGN_CORPUS") {
        return PathBuf::from(p);
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus")
}

fn expected() -> HashMap<(String, u64), Expected> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus-python-chess.tsv");
    let text = std::fs::read_to_string(&path).expect("oracle data is committed");
    let mut map = HashMap::new();
    for line in text.lines().skip(2) {
        let f: Vec<&str> = line.split('\t').collect();
        assert!(f.len() >= 8, "bad oracle line {line}");
        map.insert(
            (f[0].to_string(), f[1].parse().expect("game index")),
            Expected {
                white: f[3].to_string(),
                black: f[4].to_string(),
                variant: f[2].to_string(),
                plies: f[5].parse().expect("plies"),
                fen: f[6].to_string(),
                error: f[7].to_string(),
            },
        );
    }
    map
}

#[derive(Default)]
struct Finals(Vec<(GameReport, Option<String>)>);

impl Observer for Finals {
    fn end_game(&mut self, report: &GameReport, last: Option<&AnyPosition>) {
        self.0.push((report.clone(), last.map(|p| p.fen())));
    }
}

fn pgn_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d)
            .expect("readable corpus dir")
            .flatten()
        {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "pgn") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Files where python-chess splits games differently from the PGN standard
/// (and from pgn-extract and xpgn): it ends a game only at a blank line, so
/// games written one per line, or tags right after a result, run together.
const PYTHON_CHESS_SPLITS_DIFFERENTLY: &[&str] = &[
    "edge/pgn-extract-tests/test-nobadresults.pgn",
    "edge/pgn-extract-tests/test-fuzzydepth.pgn",
    // two blank lines after the tags: python-chess ends the game there (helper report)
    "otb/pgnmentor/Adams.pgn",
    // a blank line inside game 21's movetext ("29." / blank / "Bxg5"):
    // python-chess ends the game there and reads the rest as game 22; xpgn
    // reads on, as the PGN standard has no rule that a blank line ends a game
    "otb/annotated/Humans_vs_Computers.pgn",
];

/// Single games where xpgn and python-chess differ, each with the reason as
/// far as it is known. Every entry is an open question for the next session
/// (see the issue notes); none hides a disagreement about a legal move.
const KNOWN_DIFFERENCES: &[(&str, u64, &str)] = &[
    (
        "edge/pgn-extract-tests/nested-comment.pgn",
        1,
        "nested braces: xpgn ends the comment at the first '}'",
    ),
    (
        "edge/pychess/lichess_study_lichess-practice-greek-gift_by_arex_2017.02.11.pgn",
        1,
        "'(20... Kf8)', the king onto its own rook, is illegal in a variation: both reject it, \
         but python-chess then stops reading the whole game, xpgn goes on with the mainline",
    ),
    (
        "edge/pychess/lichess_study_lichess-practice-the-fork_by_arex_2017.01.29.pgn",
        18,
        "'1. Bxc6+ (1... Nxg5)': a Black move offered instead of White's is illegal; both \
         reject it, but python-chess then stops reading the whole game, xpgn goes on with \
         the mainline",
    ),
];

fn same_players(report: &GameReport, exp: &Expected) -> bool {
    let norm = |s: &str| {
        if s.is_empty() {
            "?".to_string()
        } else {
            s.split_whitespace().collect::<Vec<_>>().join(" ")
        }
    };
    norm(&report.tags.white) == norm(&exp.white) && norm(&report.tags.black) == norm(&exp.black)
}

fn is_empty_artifact(e: &Expected) -> bool {
    e.plies == 0
        && e.error.is_empty()
        && e.fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
}

#[test]
fn corpus_matches_python_chess() {
    let root = corpus_root();
    // The corpus sits beside the checkout (../shared/corpus) on every
    // developer machine and in CI; a run without it has compared nothing
    // and must not pass.
    assert!(
        root.is_dir(),
        "corpus not found at {}: set XPGN_CORPUS to its folder",
        root.display()
    );
    let expected = expected();
    let mut mismatches = Vec::new();
    let mut compared = 0;
    let mut read_past_result = 0;
    let mut resynced = 0;
    for path in pgn_files(&root) {
        let rel = path
            .strip_prefix(&root)
            .expect("under root")
            .to_string_lossy()
            .replace('\\', "/");
        if PYTHON_CHESS_SPLITS_DIFFERENTLY.contains(&rel.as_str()) {
            continue;
        }
        let file = File::open(&path).expect("readable corpus file");
        let mut verifier = Verifier::with_observer(rel.clone(), Finals::default());
        let mut reader = Reader::new(file);
        while reader.read_game(&mut verifier).expect("readable") {
            verifier.drain().for_each(drop);
        }
        let mut theirs: Vec<(&u64, &Expected)> = expected
            .iter()
            .filter(|((f, _), _)| *f == rel)
            .map(|((_, i), e)| (i, e))
            .collect();
        theirs.sort_by_key(|(i, _)| **i);
        let ours = &verifier.observer().0;
        let (mut i, mut j) = (0, 0);
        while i < ours.len() && j < theirs.len() {
            let (report, fen) = &ours[i];
            let exp = theirs[j].1;
            let our_fen = fen.clone().unwrap_or_default();
            // python-chess makes a game of a comment or stray text between games.
            if is_empty_artifact(exp) && (report.plies > 0 || our_fen != exp.fen) {
                j += 1;
                continue;
            }
            // Where python-chess split games differently, resynchronise on the players.
            if !same_players(report, exp) {
                let ahead_theirs =
                    (j + 1..(j + 4).min(theirs.len())).find(|&k| same_players(report, theirs[k].1));
                let ahead_ours =
                    (i + 1..(i + 4).min(ours.len())).find(|&k| same_players(&ours[k].0, exp));
                match (ahead_theirs, ahead_ours) {
                    (Some(k), _) => {
                        resynced += k - j;
                        j = k;
                        continue;
                    }
                    (None, Some(k)) => {
                        resynced += k - i;
                        i = k;
                        continue;
                    }
                    _ => {}
                }
            }
            i += 1;
            j += 1;
            compared += 1;
            // The lichess variants are compared like chess (issue 15).
            let is_chess = matches!(
                exp.variant.as_str(),
                "chess"
                    | "chess960"
                    | "atomic"
                    | "antichess"
                    | "crazyhouse"
                    | "kingofthehill"
                    | "3check"
                    | "horde"
                    | "racingkings"
            );
            if !is_chess {
                if report.skipped.is_none() {
                    mismatches.push(format!(
                        "{rel} #{}: {} game was not skipped",
                        report.index, exp.variant
                    ));
                }
                continue;
            }
            if exp.error.starts_with("python-chess exception") {
                continue;
            }
            if KNOWN_DIFFERENCES
                .iter()
                .any(|(f, g, _)| *f == rel && *g == report.index)
            {
                continue;
            }
            let want_error_ply = (!exp.error.is_empty()).then_some(exp.plies + 1);
            // python-chess reads past a termination marker that has no blank line
            // after it, into the next game's tags ("1.e4??" in an Event tag): it
            // then plays or rejects moves that are not part of this game.
            let past_result = report.result.is_some()
                && report.mainline_error_ply.is_none()
                && (exp.plies > report.plies
                    || (want_error_ply.is_some() && exp.plies == report.plies));
            if past_result {
                read_past_result += 1;
                continue;
            }
            if our_fen != exp.fen || report.mainline_error_ply != want_error_ply {
                mismatches.push(format!(
                    "{rel} #{}: ours {:?} err@{:?} ({:?}), python-chess {} err@{:?} ({})",
                    report.index,
                    our_fen,
                    report.mainline_error_ply,
                    report.first_error,
                    exp.fen,
                    want_error_ply,
                    exp.error
                ));
            }
        }
        let left_theirs = theirs[j..]
            .iter()
            .filter(|(_, e)| !is_empty_artifact(e))
            .count();
        if i < ours.len() || left_theirs > 0 {
            mismatches.push(format!(
                "{rel}: {} games of ours and {left_theirs} of python-chess left unmatched",
                ours.len() - i
            ));
        }
    }
    eprintln!(
        "{compared} games compared; python-chess read past the result marker in {read_past_result}; {resynced} games skipped to resynchronise"
    );
    if !mismatches.is_empty() {
        let shown: Vec<&String> = mismatches
            .iter()
            .take(
                std::env::var("XPGN_SHOW")
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(60),
            )
            .collect();
        panic!(
            "{} mismatches over {compared} games:\n{}",
            mismatches.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    assert!(compared > 52_000, "only {compared} games compared");
}
