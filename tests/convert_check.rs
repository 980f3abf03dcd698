//! `convert` and `check` agree on the validity of every game of the corpus
//! (../shared/corpus, or `XPGN_CORPUS`) and of every fixture, and every
//! move of a game `check` accepts is converted with its notation.
//!
//! `check`'s side is the verifier with no observer, game by game;
//! `convert`'s is the record pass (`export::records`): the builder and the
//! verifier fed by one reader, each move annotated as the verifier played
//! it.

use std::path::{Path, PathBuf};

use xpgn::export::records::{Collect, Tee};
use xpgn::notation::Reader;
use xpgn::record::Builder;
use xpgn::verify::Verifier;

fn pgn_files(root: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pgn_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pgn") {
            out.push(p);
        }
    }
}

/// Per game: (valid, skipped) as `check` sees it.
fn check_verdicts(bytes: &[u8]) -> Vec<(bool, bool)> {
    let mut v = Verifier::new("f.pgn");
    let mut reader = Reader::new(bytes);
    let mut out = Vec::new();
    loop {
        let before = v.counts();
        let more = reader.read_game(&mut v).expect("reads memory");
        let after = v.counts();
        if after.games > before.games {
            out.push((
                after.invalid_games == before.invalid_games,
                after.skipped_games > before.skipped_games,
            ));
        }
        if !more {
            break;
        }
    }
    out
}

/// Per game as `convert` sees it: (valid, skipped), and how many of its
/// moves have no SAN or no LAN.
fn convert_verdicts(bytes: &[u8]) -> Vec<((bool, bool), usize, bool)> {
    let mut v = Verifier::with_observer("f.pgn", Collect::new(true, true));
    let mut reader = Reader::new(bytes);
    let mut builder = Builder::new(reader.limits().max_game_size);
    let mut out = Vec::new();
    loop {
        let more = {
            let mut tee = Tee::new(Some(&mut builder), &mut v);
            reader.read_game(&mut tee).expect("reads memory")
        };
        let record = builder.take();
        for (report, _) in v.observer_mut().take_reports() {
            let (missing, cut) = record.as_ref().map_or((0, false), |g| {
                let missing = g.nodes[1..]
                    .iter()
                    .filter(|n| n.san.is_none() || n.lan.is_none())
                    .count();
                (missing, g.truncated)
            });
            out.push(((report.is_valid(), report.skipped.is_some()), missing, cut));
        }
        if !more {
            break;
        }
    }
    out
}

fn compare(path: &Path) -> usize {
    let bytes = std::fs::read(path).expect("readable");
    let check = check_verdicts(&bytes);
    let convert = convert_verdicts(&bytes);
    assert_eq!(
        check.len(),
        convert.len(),
        "{}: games counted differ",
        path.display()
    );
    for (i, (c, (v, missing, cut))) in check.iter().zip(&convert).enumerate() {
        assert_eq!(c, v, "{} game {}: validity differs", path.display(), i + 1);
        if v.0 && !v.1 && !cut {
            assert_eq!(
                *missing,
                0,
                "{} game {}: valid, but moves without notation",
                path.display(),
                i + 1
            );
        }
    }
    check.len()
}

#[test]
fn convert_and_check_agree_on_every_fixture() {
    let mut files = Vec::new();
    pgn_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
        &mut files,
    );
    pgn_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data"),
        &mut files,
    );
    assert!(files.len() > 10, "fixtures found: {}", files.len());
    let games: usize = files.iter().map(|f| compare(f)).sum();
    assert!(games > 10, "{games} games");
}

#[test]
fn convert_and_check_agree_on_every_corpus_game() {
    let root = match std::env::var("XPGN_CORPUS") {
        Ok(p) => PathBuf::from(p),
        Err(_) => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
    };
    let mut files = Vec::new();
    pgn_files(&root, &mut files);
    assert!(
        !files.is_empty(),
        "no corpus at {} (set XPGN_CORPUS)",
        root.display()
    );
    let games: usize = files.iter().map(|f| compare(f)).sum();
    assert!(games > 10_000, "{games} games");
}
