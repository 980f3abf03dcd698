//! FIDE chess (seed 002, RULINGS §1 and C1–C2), and Chess960 as real archives
//! record it: one configuration each of the chess-like core.

use std::sync::OnceLock;

use crate::rules::core::{Color, FIDE_ARMY, GameRules, PieceDecl};

pub mod bitboard;

pub use bitboard::BitPosition;

/// The FIDE army: pawn `fmWfcFifmnD` (C2), knight N, bishop B, rook R, queen
/// Q, king K (castling is a special rule, not Betza). Shared through the
/// core with the squares family, which plays with the same pieces.
pub const PIECES: &[PieceDecl] = FIDE_ARMY;

/// The standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// FIDE chess, compiled from its built-in definition
/// (`xpgn variants --show Chess`).
pub fn chess() -> &'static GameRules {
    static RULES: OnceLock<GameRules> = OnceLock::new();
    RULES.get_or_init(|| crate::rules::define::builtin("Chess", &[]))
}

/// Chess960 (Fischer random): FIDE rules, castling rooks anywhere on the
/// back rank; compiled from its built-in definition.
pub fn chess960() -> &'static GameRules {
    static RULES: OnceLock<GameRules> = OnceLock::new();
    RULES.get_or_init(|| crate::rules::define::builtin("Chess960", &[]))
}

/// The side that moves first (seed 002: "White moves first").
pub const FIRST_TO_MOVE: Color = Color::White;

#[cfg(test)]
mod tests;
