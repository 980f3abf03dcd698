//! The rule a move broke, in the seed's words where it has them.

use super::{GameRules, Role};

/// The movement rule of `role` (or king safety, when that is what failed).
pub fn for_piece(rules: &GameRules, role: Role, king_exposed: bool) -> String {
    if king_exposed {
        return "seed 002: the king may not end its turn in check".into();
    }
    let p = rules.piece(role);
    let gast = matches!(rules.castling, crate::rules::core::CastlingRule::Gast(_));
    if gast && p.pawn {
        return "seed 001: a pawn's first move can be one to four squares, the second up to three after a first move of one, then one or two; it captures one or two squares diagonally forward (G3, G4)".into();
    }
    if rules.guard.is_some() && p.pawn {
        return "seed 004: a pawn moves one or two squares forward, or one square back, and captures as in chess (S9, S10); inside an enemy guard's zone it moves one square (S3)".into();
    }
    if rules.guard.is_some() && !p.royal {
        return format!(
            "the {} moves as {} (Betza); inside an enemy guard's zone a piece moves one square and a leaper not at all, a slide stops on the first zone square, and leapers never capture a guard (seed 004, S3-S6)",
            p.name, p.betza
        );
    }
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
    if let crate::rules::core::CastlingRule::Gast(_) = rules.castling {
        return "seed 001: the king castles with the archer, then with the rook on that side, or directly with the rook, or with both at once; neither piece may have moved, except the king in a previous castling, and the king may not move into, out of, or through check".into();
    }
    "seed 002: neither king nor rook may have moved, the cells between must be empty, and the king may not start in, cross or end in check".into()
}
