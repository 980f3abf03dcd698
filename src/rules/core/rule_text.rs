//! The rule a move broke, in the seed's words where it has them.

use super::{GameRules, Role};

/// The movement rule of `role` (or king safety, when that is what failed).
pub fn for_piece(rules: &GameRules, role: Role, king_exposed: bool) -> String {
    if king_exposed {
        return "seed 002: the king may not end its turn in check".into();
    }
    let p = rules.piece(role);
    let fide = rules.name == "Chess" || rules.name == "Chess960";
    let text = match (fide, p.letter) {
        (true, b'P') => {
            "seed 002: the pawn moves forward one cell (two on its first move) and captures diagonally forward one cell"
        }
        (true, b'N') => {
            "seed 002: the knight moves two cells one way and one the other, jumping over pieces"
        }
        (true, b'B') => "seed 002: the bishop moves diagonally in a straight line and cannot jump",
        (true, b'R') => "seed 002: the rook moves orthogonally in a straight line and cannot jump",
        (true, b'Q') => {
            "seed 002: the queen moves orthogonally or diagonally in a straight line and cannot jump"
        }
        (true, b'K') => "seed 002: the king moves one cell orthogonally or diagonally",
        _ => return format!("the {} moves as {} (Betza)", p.name, p.betza),
    };
    text.into()
}

/// The castling rule.
pub fn castling(rules: &GameRules) -> String {
    let _ = rules;
    "seed 002: neither king nor rook may have moved, the cells between must be empty, and the king may not start in, cross or end in check".into()
}
