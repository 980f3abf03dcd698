//! One test per rule sentence of seed 000 and per ruling P1–P20 (RULINGS
//! §5, §6) and N6, named after it; docs/rules.md lists them.

use super::*;
use crate::notation::token::parse_move;
use crate::rules::position::{GamePosition, RejectionKind, perft};

mod board;
mod critters;
mod lunch;
mod notation;
mod scoring;
mod train;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    geometry()
        .parse_square(name.as_bytes())
        .expect("test square")
}

/// A position with the listed critters (square, position-string token),
/// Bears on e1 and e8 unless a Bear of that side is listed.
fn build(side: Color, k: u8, list: &[(&str, &str)]) -> Position {
    let mut p = Position::empty();
    p.turn = side;
    p.train = k;
    let bare = |t: &str| t.trim_start_matches(['*', '-']).chars().next();
    if !list.iter().any(|(_, t)| bare(t) == Some('B')) {
        p.put(sq("e1"), Critter::new(Color::White, Kind::Bear));
    }
    if !list.iter().any(|(_, t)| bare(t) == Some('b')) {
        p.put(sq("e8"), Critter::new(Color::Black, Kind::Bear));
    }
    for (s, t) in list {
        let mut i = 0;
        let c = fen::critter(t.as_bytes(), &mut i).expect("test critter token");
        p.put(sq(s), c);
    }
    let fen = p.to_fen();
    let back = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.to_fen(), fen);
    p
}

fn moves(p: &Position) -> Vec<String> {
    let mut ml = Vec::new();
    p.legal_moves(&mut ml);
    let mut v: Vec<String> = ml.iter().map(|m| p.long_notation(m)).collect();
    v.sort();
    v
}

fn moves_from(p: &Position, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.trim_start_matches(['*', '-'])[1..].starts_with(from))
        .collect()
}

fn has(p: &Position, m: &str) -> bool {
    moves(p).iter().any(|x| x == m)
}

fn resolve(p: &Position, text: &str) -> Result<Move, Rejection> {
    let token = parse_move(&Grammar::pasgl(), text.as_bytes()).expect("test token parses");
    p.resolve(&token, &mut Vec::new())
}

fn play(p: &Position, text: &str) -> Position {
    let m = resolve(p, text).unwrap_or_else(|e| panic!("{text} in {}: {}", p.fen(), e.message));
    let mut q = p.clone();
    q.play(&m);
    q
}

fn rejected(p: &Position, text: &str) -> Rejection {
    match resolve(p, text) {
        Ok(m) => panic!("{text} was accepted as {m:?} in {}", p.fen()),
        Err(e) => e,
    }
}

/// The critters on a square, as position-string tokens.
fn at(p: &Position, s: &str) -> String {
    let mut out = String::new();
    for c in p.stack(sq(s)) {
        fen::write_critter(c, &mut out);
    }
    out
}
