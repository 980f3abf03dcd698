//! Perft tables kept as data (`tests/data/perft/*.perft`, shakmaty's line
//! format: `id`, `epd`, `perft DEPTH NODES`), run under a node limit so the
//! suite stays fast; deeper counts run with `--ignored` in release mode.

use std::path::Path;
use std::sync::OnceLock;

use xpgn::rules::core::{ByColor, CastlingRule, GameRules, Geometry, Position, SquareSet};
use xpgn::rules::perft::perft;
use xpgn::rules::{fide, gast, squirrel};

/// Counts above this are left to the ignored deep test.
const NODE_LIMIT: u64 = 300_000;

fn run_file(name: &str, rules: &'static GameRules, limit: u64) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/perft")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("perft data is committed");
    let mut pos: Option<(String, Position)> = None;
    let mut checked = 0;
    for line in text.lines() {
        let line = line.trim();
        if let Some(fen) = line.strip_prefix("epd ") {
            let p = Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
            pos = Some((fen.to_string(), p));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth: u32 = it.next().and_then(|d| d.parse().ok()).expect("depth");
            let nodes: u64 = it.next().and_then(|n| n.parse().ok()).expect("nodes");
            if nodes > limit {
                continue;
            }
            let (fen, p) = pos.as_ref().expect("perft line after an epd line");
            assert_eq!(perft(p, depth), nodes, "{name}: {fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn fide_published_positions() {
    assert!(run_file("fide.perft", fide::chess(), NODE_LIMIT) >= 15);
}

#[test]
fn fide_random_corpus_positions_agree_with_python_chess() {
    assert!(run_file("fide-random.perft", fide::chess(), NODE_LIMIT) >= 400);
}

#[test]
fn chess960_positions_agree_with_python_chess() {
    assert!(run_file("chess960.perft", fide::chess960(), NODE_LIMIT) >= 40);
}

#[test]
fn gast_positions() {
    assert!(run_file("gast.perft", gast::gast(), NODE_LIMIT) >= 15);
}

#[test]
fn gast14_positions() {
    assert!(run_file("gast14.perft", gast::gast14(), NODE_LIMIT) >= 5);
}

#[test]
fn squirrel_positions() {
    assert!(run_file("squirrel.perft", squirrel::squirrel(), NODE_LIMIT) >= 15);
}

/// The Gast pieces on the 12x10 board Fairy-Stockfish can play (no pawns,
/// no castling): the same core and piece tables as Gast itself.
fn gast_pieces_12x10() -> &'static GameRules {
    static RULES: OnceLock<GameRules> = OnceLock::new();
    RULES.get_or_init(|| {
        GameRules::build(
            "Gast pieces 12x10",
            Geometry::rectangle(12, 10),
            gast::PIECES,
            "rngabqkbagnr/12/12/12/12/12/12/12/12/RNGABQKBAGNR w - - 0 1",
            ByColor::<SquareSet>::default(),
            b"",
            ByColor::<SquareSet>::default(),
            0,
            CastlingRule::None,
            false,
        )
    })
}

#[test]
fn gast_pieces_agree_with_fairy_stockfish() {
    assert!(run_file("pyffish-gast-pieces.perft", gast_pieces_12x10(), NODE_LIMIT) >= 10);
}

#[test]
fn squirrel_pieces_and_castling_agree_with_fairy_stockfish() {
    assert!(
        run_file(
            "pyffish-squirrel-pieces.perft",
            squirrel::squirrel(),
            NODE_LIMIT
        ) >= 8
    );
}

#[test]
#[ignore = "deep perft: cargo test --release --test perft -- --ignored"]
fn all_positions_deep() {
    run_file("gast.perft", gast::gast(), u64::MAX);
    run_file("gast14.perft", gast::gast14(), u64::MAX);
    run_file("squirrel.perft", squirrel::squirrel(), u64::MAX);
    run_file("pyffish-gast-pieces.perft", gast_pieces_12x10(), u64::MAX);
    run_file(
        "pyffish-squirrel-pieces.perft",
        squirrel::squirrel(),
        u64::MAX,
    );
    run_file("fide.perft", fide::chess(), 200_000_000);
    run_file("fide-random.perft", fide::chess(), u64::MAX);
    run_file("chess960.perft", fide::chess960(), 200_000_000);
}
