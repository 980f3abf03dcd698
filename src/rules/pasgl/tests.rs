//! One test per rule sentence of seed 000 and per ruling P1–P20 (RULINGS
//! §5, §6), named after it; docs/rules.md lists them.

use super::*;
use crate::notation::token::parse_move;
use crate::rules::family::{GamePosition, RejectionKind, perft};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    geometry()
        .parse_square(name.as_bytes())
        .expect("test square")
}

fn moves(p: &Position) -> Vec<String> {
    let mut ml = Vec::new();
    p.legal_moves(&mut ml);
    let mut v: Vec<String> = ml.iter().map(|m| p.long_notation(m)).collect();
    v.sort();
    v
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

#[test]
fn start_position_has_44_moves() {
    let p = Position::start();
    println!("{:?}", moves(&p));
    assert_eq!(perft(&p, 1), 44);
}
