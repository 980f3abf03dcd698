//! Fills in the canonical notation of every move of a [`Game`] by replaying
//! its tree (mainline and variations, with an explicit stack).
//!
//! This is the only place where export touches the rules, and it decides
//! nothing about validity: a move it cannot play simply keeps no canonical
//! form, and the rest of its line neither. Validity is the verifier's job.
//! For now it replays the chess-like families that share
//! [`Position`]; other games keep their moves as written.

use crate::notation::token::{self, Action, CastleSide as TokenSide};
use crate::record::Game;
use crate::rules::Variant;
use crate::rules::core::{CastleSide, Move, MoveList, Position, Square};
use crate::verify::grammar_for;

/// The game a record is of, from its `[Variant]` tag (FIDE chess without
/// one), or `None` when the name is unknown.
pub fn variant_of(game: &Game) -> Option<Variant> {
    match game.tag("Variant").map(str::trim) {
        Some(name) if !name.is_empty() => Variant::from_name(name),
        _ => Some(Variant::Chess),
    }
}

/// The start position of a chess-like record, or `None` when its game is not
/// replayed here or its FEN is invalid.
pub fn start_position(game: &Game, variant: Variant) -> Option<Position> {
    let rules = variant.rules()?;
    match game.tag("FEN").map(str::trim) {
        Some(fen) => {
            // As the verifier does: a chess FEN with castling rights only
            // Chess960 can have is played as Chess960.
            Position::from_fen(rules, fen).ok().map(|p| {
                match (variant == Variant::Chess)
                    .then(|| Position::from_fen(crate::rules::fide::chess960(), fen).ok())
                    .flatten()
                {
                    Some(q)
                        if crate::rules::core::Color::ALL
                            .iter()
                            .any(|&c| q.castling_rooks(c) != p.castling_rooks(c)) =>
                    {
                        q
                    }
                    _ => p,
                }
            })
        }
        None => Some(Position::start(rules)),
    }
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
    let grammar = grammar_for(variant);
    let mut buf = MoveList::new();
    let mut done = 0;
    // (node, position before it)
    let mut stack: Vec<(usize, Position)> = Vec::new();
    if let Some(root) = game.nodes.first() {
        for &c in root.children.iter().rev() {
            stack.push((c, start.clone()));
        }
    }
    while let Some((id, mut pos)) = stack.pop() {
        let Some(node) = game.nodes.get(id) else {
            continue;
        };
        let Some(m) = resolve(&pos, &grammar, node.written.as_bytes(), &mut buf) else {
            continue;
        };
        let (mut san, mut lan) = match m {
            Some(m) => {
                let san = pos.san(&m);
                let lan = pos.lan(&m);
                pos.play_unchecked(&m);
                (san, lan)
            }
            None => {
                pos.play_null();
                ("--".to_string(), "--".to_string())
            }
        };
        if pos.is_check() {
            let mark = if pos.has_legal_move_with(&mut buf) {
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

/// The move a token names in `pos`: `Some(Some(m))` a move, `Some(None)` a
/// null move, `None` when there is no single legal move.
fn resolve(
    pos: &Position,
    grammar: &token::Grammar,
    text: &[u8],
    buf: &mut MoveList,
) -> Option<Option<Move>> {
    if matches!(text, b"Z0" | b"0000" | b"--" | b"@@@@") {
        return Some(None);
    }
    let parsed = token::parse_move(grammar, text).ok()?;
    if !parsed.is_single() {
        return None;
    }
    let rules = pos.rules();
    let geo = &rules.geometry;
    buf.clear();
    match parsed.first()? {
        Action::Pass => return Some(None),
        Action::Castle(side) => {
            let side = match side {
                TokenSide::King => CastleSide::Short,
                TokenSide::Queen => CastleSide::Long,
            };
            pos.castling_moves(Some(side), buf);
        }
        Action::Piece(pm) => {
            let to = Square::new(pm.to.file, pm.to.rank).filter(|&s| geo.contains(s))?;
            let from = match (pm.from_file, pm.from_rank) {
                (Some(f), Some(r)) => Square::new(f, r).filter(|&s| geo.contains(s)),
                _ => None,
            };
            let role = match (pm.piece, from.and_then(|s| pos.piece_at(s))) {
                (None, Some(p)) if p.color == pos.turn() => p.role,
                _ => rules.role_of_letter(pm.piece.unwrap_or(b'P'))?,
            };
            let promotion = match pm.promotion {
                Some(l) => Some(rules.role_of_letter(l)?),
                None => None,
            };
            pos.moves_to(role, to, buf);
            buf.retain(|m| {
                pm.from_file.is_none_or(|f| m.from().file() == f)
                    && pm.from_rank.is_none_or(|r| m.from().rank() == r)
                    && m.promotion() == promotion
            });
            // UCI castling: the king "moves" two files, or onto its own rook.
            if buf.is_empty() && pm.piece.is_none() && rules.is_royal(role) {
                if let Some(from) = from {
                    pos.castling_moves(None, buf);
                    buf.retain(|m| match *m {
                        Move::Castle {
                            king,
                            rook,
                            king_to,
                            ..
                        } => king == from && (king_to == to || rook == to),
                        _ => false,
                    });
                }
            }
        }
        _ => return None,
    }
    match buf.as_slice() {
        [m] => Some(Some(*m)),
        _ => None,
    }
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
