//! Fills in the canonical notation of every move of a [`Game`] by replaying
//! its tree (mainline and variations, with an explicit stack).
//!
//! This is the only place where export touches the rules, and it decides
//! nothing about validity: a move it cannot play simply keeps no canonical
//! form, and the rest of its line neither. Validity is the verifier's job.
//! Every family the rules engine knows is replayed through
//! [`AnyPosition`]; games without an engine keep their moves as written.

use crate::notation::token;
use crate::record::Game;
use crate::rules::Variant;
use crate::rules::family::{AnyPosition, Scratch};

/// The game a record is of, from its `[Variant]` tag (FIDE chess without
/// one), or `None` when the name is unknown.
pub fn variant_of(game: &Game) -> Option<Variant> {
    match game.tag("Variant").map(str::trim) {
        Some(name) if !name.is_empty() => Variant::from_name(name),
        _ => Some(Variant::Chess),
    }
}

/// The start position of a record, or `None` when its game has no engine
/// yet or its FEN is invalid.
pub fn start_position(game: &Game, variant: Variant) -> Option<AnyPosition> {
    AnyPosition::setup(variant, game.tag("FEN").map(str::trim)).ok()
}

/// Sets `san` and `lan` of every move that can be replayed, and clears them
/// on the others. Returns how many moves were replayed.
pub fn annotate(game: &mut Game) -> usize {
    for n in &mut game.nodes {
        n.san = None;
        n.lan = None;
    }
    let Some(variant) = variant_of(game) else {
        return 0;
    };
    let Some(start) = start_position(game, variant) else {
        return 0;
    };
    let grammar = start.grammar();
    let mut scratch = Scratch::default();
    let mut done = 0;
    // (node, position before it)
    let mut stack: Vec<(usize, AnyPosition)> = Vec::new();
    if let Some(root) = game.nodes.first() {
        for &c in root.children.iter().rev() {
            stack.push((c, start.clone()));
        }
    }
    while let Some((id, mut pos)) = stack.pop() {
        let Some(node) = game.nodes.get(id) else {
            continue;
        };
        let text = node.written.as_bytes();
        let resolved = token::parse_move(&grammar, text)
            .ok()
            .and_then(|t| pos.resolve(&t, &mut scratch).ok());
        let (mut san, mut lan) = match resolved {
            Some(m) => {
                let san = pos.notation(&m);
                let lan = pos.long_notation(&m);
                pos.play(&m);
                (san, lan)
            }
            // Null moves as other tools write them, in the chess-like games.
            None => match (pos.is_chess_like(), text) {
                (true, b"--" | b"Z0" | b"0000" | b"@@@@") => {
                    pos.play_null();
                    ("--".to_string(), "--".to_string())
                }
                _ => continue,
            },
        };
        if pos.is_check() {
            let mark = if pos.has_legal_move(&mut scratch) {
                '+'
            } else {
                '#'
            };
            san.push(mark);
            lan.push(mark);
        }
        done += 1;
        let children = match game.nodes.get_mut(id) {
            Some(node) => {
                node.san = Some(san);
                node.lan = Some(lan);
                node.children.clone()
            }
            None => continue,
        };
        for &c in children.iter().rev() {
            stack.push((c, pos.clone()));
        }
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::read_games;

    fn canon(pgn: &str) -> Vec<Option<String>> {
        let mut g = read_games(pgn.as_bytes())
            .expect("reads")
            .pop()
            .expect("a game");
        annotate(&mut g);
        g.nodes[1..].iter().map(|n| n.san.clone()).collect()
    }

    #[test]
    fn canonical_san_has_least_disambiguation_and_marks() {
        let got = canon("1. e2e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 *");
        let want = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];
        assert_eq!(got, want.map(|s| Some(s.to_string())));
    }

    #[test]
    fn variations_replay_from_their_branch_point() {
        let got = canon("1. e4 (1. Nf3 d5) e5 *");
        // Arena order is source order: e4, Nf3, d5, e5.
        let want = ["e4", "Nf3", "d5", "e5"];
        assert_eq!(got, want.map(|s| Some(s.to_string())));
    }

    #[test]
    fn an_illegal_move_ends_the_canonical_line() {
        let got = canon("1. e4 Ke3 2. Nf3 *");
        assert_eq!(got, [Some("e4".to_string()), None, None]);
    }
}
