//! FIDE chess (seed 002, RULINGS §1 and C1–C2), and Chess960 as real archives
//! record it: one configuration each of the chess-like core.

use std::sync::OnceLock;

use crate::rules::core::{
    ByColor, CastlingFiles, CastlingRule, Color, GameRules, Geometry, PieceDecl, Square, SquareSet,
};

/// The FIDE army: pawn `fmWfcFifmnD` (C2), knight N, bishop B, rook R, queen
/// Q, king K (castling is a special rule, not Betza).
pub const PIECES: &[PieceDecl] = &[
    PieceDecl {
        letter: b'P',
        name: "pawn",
        betza: "fmWfcFifmnD",
        royal: false,
        pawn: true,
        value: 100,
    },
    PieceDecl {
        letter: b'N',
        name: "knight",
        betza: "N",
        royal: false,
        pawn: false,
        value: 300,
    },
    PieceDecl {
        letter: b'B',
        name: "bishop",
        betza: "B",
        royal: false,
        pawn: false,
        value: 300,
    },
    PieceDecl {
        letter: b'R',
        name: "rook",
        betza: "R",
        royal: false,
        pawn: false,
        value: 500,
    },
    PieceDecl {
        letter: b'Q',
        name: "queen",
        betza: "Q",
        royal: false,
        pawn: false,
        value: 900,
    },
    PieceDecl {
        letter: b'K',
        name: "king",
        betza: "K",
        royal: true,
        pawn: false,
        value: 0,
    },
];

/// The standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn rank(r: u8) -> SquareSet {
    (0..8).filter_map(|f| Square::new(f, r)).collect()
}

fn build(name: &'static str, chess960: bool) -> GameRules {
    GameRules::build(
        name,
        Geometry::rectangle(8, 8),
        PIECES,
        START_FEN,
        ByColor {
            white: rank(7),
            black: rank(0),
        },
        b"QRBN",
        ByColor {
            white: rank(1),
            black: rank(6),
        },
        1 << 2,
        CastlingRule::Standard(CastlingFiles {
            short_king: 6,
            short_rook: 5,
            long_king: 2,
            long_rook: 3,
        }),
        chess960,
    )
}

/// FIDE chess.
pub fn chess() -> &'static GameRules {
    static RULES: OnceLock<GameRules> = OnceLock::new();
    RULES.get_or_init(|| build("Chess", false))
}

/// Chess960 (Fischer random): FIDE rules, castling rooks anywhere on the back rank.
pub fn chess960() -> &'static GameRules {
    static RULES: OnceLock<GameRules> = OnceLock::new();
    RULES.get_or_init(|| build("Chess960", true))
}

/// The side that moves first (seed 002: "White moves first").
pub const FIRST_TO_MOVE: Color = Color::White;

#[cfg(test)]
mod tests;
