//! Round trips of the record model over fixtures/ and the corpus
//! (../shared/corpus, or `XPGN_CORPUS`):
//!
//! - PGN → JSON → PGN gives the same export text as PGN → PGN;
//! - the export text reads back into the same export text (it is a fixed
//!   point), with the same canonical moves;
//! - every line of the export is shorter than 80 columns.
//!
//! The corpus test takes the first games of every file so that it stays
//! fast in debug builds; `corpus_round_trip_full` (ignored) takes them all.

use std::path::{Path, PathBuf};

use xpgn::export::json;
use xpgn::export::pgn::{self, MoveStyle, PgnOptions};
use xpgn::record::Game;

/// The records of `bytes`, every move annotated by the verifier.
fn read_games(bytes: &[u8]) -> Vec<Game> {
    xpgn::export::records::read_games(bytes)
        .into_iter()
        .map(|(g, _)| g)
        .collect()
}

fn corpus_root() -> PathBuf {
    if let Ok(p) = std::env::var("XPGN_CORPUS") {
        return PathBuf::from(p);
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus")
}

fn pgn_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
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

fn export_all(games: &[Game], options: &PgnOptions) -> String {
    games.iter().map(|g| pgn::to_string(g, options)).collect()
}

/// Checks every round trip for the first `limit` games of `path`; returns
/// how many games were checked.
fn check_file(path: &Path, limit: usize) -> usize {
    let bytes = std::fs::read(path).expect("readable file");
    let mut games = read_games(&bytes);
    games.truncate(limit);
    for options in [
        PgnOptions::default(),
        PgnOptions {
            moves: MoveStyle::Lan,
            reduced: false,
            ..PgnOptions::default()
        },
        PgnOptions {
            moves: MoveStyle::San,
            reduced: true,
            ..PgnOptions::default()
        },
    ] {
        let text = export_all(&games, &options);
        // Tag pairs are one line each whatever their length, and a single
        // token longer than a line stands alone; a `;` comment holding a `}`
        // cannot be wrapped.
        for line in text
            .lines()
            .filter(|l| !l.starts_with('[') && l.contains(' ') && !l.contains(';'))
        {
            assert!(
                line.chars().count() < 80,
                "{}: line of {} columns: {line}",
                path.display(),
                line.chars().count()
            );
        }

        // PGN -> JSON -> PGN
        let mut jsonl = Vec::new();
        for (i, g) in games.iter().enumerate() {
            json::write_line(g, Some("f"), Some(i as u64 + 1), &mut jsonl).expect("writes");
        }
        let mut back = Vec::new();
        json::read_games(&jsonl[..], |j| {
            back.push(json::from_json(j)?);
            Ok(())
        })
        .expect("reads back");
        assert_eq!(
            export_all(&back, &options),
            text,
            "{}: PGN -> JSON -> PGN differs ({options:?})",
            path.display()
        );
    }

    // The SAN export is a fixed point: read again, it exports the same.
    let options = PgnOptions::default();
    let text = export_all(&games, &options);
    let again = read_games(text.as_bytes());
    let text2 = export_all(&again, &options);
    if text2 != text {
        let first = text
            .lines()
            .zip(text2.lines())
            .find(|(a, b)| a != b)
            .map(|(a, b)| format!("\n  first: {a}\n  again: {b}"))
            .unwrap_or_default();
        panic!("{}: export is not a fixed point{first}", path.display());
    }
    games.len()
}

#[test]
fn fixtures_round_trip() {
    let files = pgn_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"));
    assert!(!files.is_empty(), "fixtures are committed");
    let games: usize = files.iter().map(|f| check_file(f, usize::MAX)).sum();
    assert!(games >= 3, "only {games} games in fixtures");
}

fn corpus(limit: usize) {
    let root = corpus_root();
    assert!(
        root.is_dir(),
        "corpus not found at {}: set XPGN_CORPUS to its folder",
        root.display()
    );
    let files = pgn_files(&root);
    let games: usize = files.iter().map(|f| check_file(f, limit)).sum();
    eprintln!("{games} games of {} files round-tripped", files.len());
    assert!(games > 1000);
}

#[test]
fn corpus_round_trip_sample() {
    corpus(25);
}

#[test]
#[ignore = "the whole corpus takes minutes in debug builds"]
fn corpus_round_trip_full() {
    corpus(usize::MAX);
}
