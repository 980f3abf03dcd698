//! `convert --moves uci` against python-chess (issue 20): on seeded random
//! games of Chess, Chess960 and the seven lichess variants, the UCI xpgn
//! writes for each mainline move is `Move.uci()` of the move python-chess
//! reads from the same PGN (castling as the king's move, king takes rook in
//! Chess960, drops `P@e4`, promotions `e7e8q` and Antichess's `e7e8k`), as
//! Fairy-Stockfish writes UCI for these games.
//!
//! And on every game xpgn knows (the squares family with and without the
//! Postal rule, PASGL), xpgn reads back the UCI it writes: the export
//! replays to the positions the original does.
//!
//! python-chess is installed (pinned) by `scripts/peers.sh` into a virtual
//! environment under the target directory on first use; when that fails,
//! this test fails. It never passes without python-chess.

mod common;

use std::path::Path;
use std::process::Command;

use xpgn::rules::Variant;
use xpgn::rules::playout::{PlayoutOptions, playout};
use xpgn::rules::squares::Postal;
use xpgn::rules::variant::Family;

/// python-chess's UCI of every mainline move, one game a line.
const PEER: &str = r#"
import sys, chess.pgn
with open(sys.argv[1]) as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        if game.errors:
            print("ERROR", game.errors)
        print(" ".join(m.uci() for m in game.mainline_moves()))
"#;

/// xpgn's moves of each game of `convert --moves uci --reduced` output.
fn xpgn_moves(pgn: &str) -> Vec<String> {
    pgn.split("\n\n")
        .filter(|block| !block.starts_with('['))
        .filter(|block| !block.trim().is_empty())
        .map(|movetext| {
            movetext
                .split_whitespace()
                .filter(|t| !t.ends_with('.'))
                .filter(|t| !matches!(*t, "*" | "1-0" | "0-1" | "1/2-1/2"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn uci_is_python_chess_s_on_chess_chess960_and_the_lichess_variants() {
    let python = common::venv_python("peers.sh", "peers-venv");
    let variants: Vec<Variant> = Variant::ALL
        .into_iter()
        .filter(|v| {
            v.family() == Family::Lichess || matches!(v, Variant::Chess | Variant::Chess960)
        })
        .collect();
    assert_eq!(variants.len(), 9);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let mut compared = 0usize;
    let mut seen = [false; 3];
    for variant in variants {
        let mut pgn = String::new();
        for seed in 0..25 {
            let p =
                playout(variant, &PlayoutOptions::default(), 2000 + seed, 250).expect("playout");
            p.write_pgn(variant, None, seed, &mut pgn);
        }
        let file = dir.join(format!("uci-{}.pgn", variant.name().replace(' ', "_")));
        std::fs::write(&file, &pgn).expect("write games");
        let out = Command::new(env!("CARGO_BIN_EXE_xpgn"))
            .args(["convert", "--to", "pgn", "--moves", "uci", "--reduced"])
            .arg(&file)
            .output()
            .expect("run xpgn");
        assert!(
            out.status.success(),
            "{variant}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ours = xpgn_moves(&String::from_utf8_lossy(&out.stdout));
        let peer = Command::new(&python)
            .args(["-c", PEER])
            .arg(&file)
            .output()
            .expect("run python");
        assert!(
            peer.status.success(),
            "{}",
            String::from_utf8_lossy(&peer.stderr)
        );
        let theirs: Vec<String> = String::from_utf8_lossy(&peer.stdout)
            .lines()
            .map(str::to_string)
            .collect();
        assert_eq!(ours.len(), 25, "{variant}");
        assert_eq!(ours, theirs, "{variant}");
        for game in &ours {
            for m in game.split(' ') {
                compared += 1;
                seen[0] |= m.contains('@');
                seen[1] |= m.len() == 5;
                seen[2] |= matches!(m, "e1g1" | "e8g8" | "e1c1" | "e8c8");
            }
        }
    }
    assert!(compared > 10_000, "{compared} moves compared");
    assert_eq!(seen, [true; 3], "drops, promotions, castlings seen");
}

fn xpgn(args: &[&str], file: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_xpgn"))
        .args(args)
        .arg(file)
        .output()
        .expect("run xpgn");
    assert!(
        out.status.success(),
        "xpgn {args:?} {}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn uci_reads_back_to_the_same_positions_in_every_game() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let mut games = 0;
    for variant in Variant::ALL {
        let postals: &[Option<Postal>] = if variant.family() == Family::Squares {
            &[None, Some(Postal::Yes), Some(Postal::Plus)]
        } else {
            &[None]
        };
        for &postal in postals {
            let options = PlayoutOptions {
                postal,
                ..PlayoutOptions::default()
            };
            let mut pgn = String::new();
            for seed in 0..8 {
                let Ok(p) = playout(variant, &options, 3000 + seed, 120) else {
                    continue;
                };
                p.write_pgn(variant, postal, seed, &mut pgn);
                games += 1;
            }
            let name = format!("back-{}-{postal:?}", variant.name().replace(' ', "_"));
            let original = dir.join(format!("{name}.pgn"));
            let back = dir.join(format!("{name}.uci.pgn"));
            std::fs::write(&original, &pgn).expect("write games");
            let uci = xpgn(&["convert", "--to", "pgn", "--moves", "uci"], &original);
            std::fs::write(&back, &uci).expect("write export");
            assert_eq!(
                xpgn(&["fen", "--all"], &back),
                xpgn(&["fen", "--all"], &original),
                "{variant} {postal:?}"
            );
        }
    }
    assert!(games > 100, "{games} games");
}
