//! Property tests over random playouts of every game (issue 13): every move
//! `xpgn moves` writes, short (SAN) and long, reads back as exactly that
//! move; the records the playouts give pass `check`, and so does
//! `convert --to pgn` of them, with the same final positions.
//!
//! The playouts come from the library's seeded generator
//! ([`xpgn::rules::playout`]), so a failure names a game, a seed and a ply
//! that replay the same way everywhere.

use std::process::Command;

use xpgn::notation::token::parse_move;
use xpgn::rules::Variant;
use xpgn::rules::family::{AnyMove, AnyPosition, GamePosition, Scratch};
use xpgn::rules::playout::{PlayoutOptions, SplitMix64, playout};
use xpgn::rules::squares::Postal;

/// Games per setting, and how long each runs.
const SEEDS: u64 = 6;
const MAX_PLIES: usize = 80;
/// Moves read back per position: all of them up to this many, else a
/// random sample of this size (a crowded PASGL square or a Postal turn can
/// have thousands, and each read generates them all again).
const MOVES_PER_POSITION: usize = 48;

/// Every game, and every game of the squares family with and without the
/// Postal rule and Postal Plus.
fn settings() -> Vec<(Variant, Option<Postal>)> {
    let mut out = Vec::new();
    for v in Variant::ALL {
        out.push((v, None));
        let squares = matches!(
            v,
            Variant::SquaresBasic
                | Variant::Hans38
                | Variant::Hans38Neutral
                | Variant::InfiniteReserves
                | Variant::MovingSquares
        );
        if squares {
            out.push((v, Some(Postal::Yes)));
            out.push((v, Some(Postal::Plus)));
        }
    }
    out
}

fn options(postal: Option<Postal>) -> PlayoutOptions {
    PlayoutOptions {
        postal,
        ..PlayoutOptions::default()
    }
}

fn name(variant: Variant, postal: Option<Postal>) -> String {
    match postal {
        None => variant.name().to_string(),
        Some(p) => format!("{} ({p:?})", variant.name()),
    }
}

/// The move `text` names in `pos`, or why none.
fn read_back(pos: &AnyPosition, text: &str, scratch: &mut Scratch) -> Result<AnyMove, String> {
    // Check and mate marks are the reader's, not the move token's.
    let bare = text.trim_end_matches(['+', '#']);
    let token = parse_move(&pos.grammar(), bare.as_bytes()).map_err(|e| format!("{e:?}"))?;
    pos.resolve(&token, scratch).map_err(|r| r.message)
}

/// The texts `xpgn moves` prints for `m` (the core games' SAN with its
/// marks), and the canonical notations `convert` writes.
fn written_forms(pos: &AnyPosition, m: &AnyMove) -> Vec<String> {
    let mut forms = vec![pos.notation(m), pos.long_notation(m)];
    if let (Some(core), AnyMove::Core(cm)) = (pos.to_core(), m) {
        forms.push(core.san_plus(cm));
        forms.push(core.lan(cm));
    }
    forms
}

#[test]
fn every_written_move_reads_back_as_that_move() {
    let mut scratch = Scratch::default();
    for (variant, postal) in settings() {
        let game = name(variant, postal);
        for seed in 0..SEEDS {
            let p = playout(variant, &options(postal), seed, MAX_PLIES)
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            let mut rng = SplitMix64::new(seed ^ 0x5A5A);
            let mut ply = 0;
            p.for_each_move(|pos, _| {
                ply += 1;
                let mut legal = pos.legal_moves();
                while legal.len() > MOVES_PER_POSITION {
                    legal.swap_remove(rng.below(legal.len()));
                }
                for m in &legal {
                    for text in written_forms(pos, m) {
                        let back = read_back(pos, &text, &mut scratch).unwrap_or_else(|e| {
                            panic!("{game} seed {seed} ply {ply}: {text} in {}: {e}", pos.fen())
                        });
                        assert_eq!(
                            &back,
                            m,
                            "{game} seed {seed} ply {ply}: {text} in {} read back as another move",
                            pos.fen()
                        );
                    }
                }
            });
        }
    }
}

/// Runs `xpgn ARGS` in `dir`; its exit code and stdout, stderr.
fn xpgn(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xpgn"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run xpgn");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `check` finds nothing wrong with `file`: exit 0, no error, no warning.
fn assert_clean(dir: &std::path::Path, file: &str, what: &str) {
    let (code, out, err) = xpgn(dir, &["check", "--format", "json", file]);
    let summary = out
        .lines()
        .find(|l| l.contains("\"type\":\"summary\""))
        .unwrap_or_else(|| panic!("{what}: no summary\n{out}\n{err}"));
    let clean = summary.contains("\"errors\":0") && summary.contains("\"warnings\":0");
    assert!(code == 0 && clean, "{what}: check found\n{out}\n{err}");
}

#[test]
fn playout_records_pass_check_and_convert_keeps_them_valid() {
    let dir = tempfile::tempdir().expect("temporary directory");
    for (variant, postal) in settings() {
        let game = name(variant, postal);
        let mut pgn = String::new();
        let mut ends = Vec::new();
        for seed in 0..SEEDS {
            let p = playout(variant, &options(postal), seed, MAX_PLIES)
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            p.write_pgn(variant, postal, seed, &mut pgn);
            ends.push(p.end.fen());
        }
        std::fs::write(dir.path().join("games.pgn"), &pgn).expect("write records");
        assert_clean(dir.path(), "games.pgn", &game);
        let (code, fens, err) = xpgn(dir.path(), &["fen", "games.pgn"]);
        assert_eq!(code, 0, "{game}: fen\n{err}");
        assert_eq!(
            fens.lines().collect::<Vec<_>>(),
            ends,
            "{game}: final positions"
        );

        let (code, converted, err) = xpgn(dir.path(), &["convert", "--to", "pgn", "games.pgn"]);
        assert_eq!(code, 0, "{game}: convert\n{err}");
        std::fs::write(dir.path().join("converted.pgn"), &converted).expect("write converted");
        assert_clean(dir.path(), "converted.pgn", &format!("{game}, converted"));
        let (code, again, err) = xpgn(dir.path(), &["fen", "converted.pgn"]);
        assert_eq!(code, 0, "{game}: fen of the converted records\n{err}");
        assert_eq!(again, fens, "{game}: final positions after convert");
    }
}
