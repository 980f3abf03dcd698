//! Squirrel chess (seed 004, RULINGS §3, S1–S12) as a definition of the
//! chess-like core (src/rules/define/builtin.ini). The core carries its
//! special rules: the guard zones
//! ([`GuardRule`](crate::rules::core::GuardRule)), the promotion order ([`GameRules::promotion_stages`]),
//! the pawn's step back and en passant after every double step.

use std::sync::OnceLock;

use crate::rules::core::{GameRules, PieceDecl};

/// The Squirrel army. The pawn moves 1 or 2 forward at any time, steps 1
/// back without capturing (S9) and captures as in chess (S10); the guard
/// moves as a king, its zone is not Betza.
pub const PIECES: &[PieceDecl] = &[
    PieceDecl::new(b'P', "pawn", "fmR2bmWfcF", 100),
    PieceDecl::new(b'N', "knight", "N", 300),
    PieceDecl::new(b'B', "bishop", "B", 350),
    PieceDecl::new(b'R', "rook", "R", 500),
    PieceDecl::new(b'Q', "queen", "Q", 900),
    PieceDecl::new(b'K', "king", "K", 0),
    PieceDecl::new(b'C', "camel", "C", 250),
    PieceDecl::new(b'S', "squirrel", "NAD", 500),
    PieceDecl::new(b'G', "guard", "K", 400),
];

/// The provisional start array (RULINGS S1; the seed's diagram is lost),
/// then the promotions each side has made.
pub const START_FEN: &str =
    "crbgqkgbrc/1n1s2s1n1/pppppppppp/10/10/10/10/PPPPPPPPPP/1N1S2S1N1/CRBGQKGBRC w KQkq - 0 1 0/0";

/// Squirrel chess, from its built-in definition
/// (`xpgn variants --show Squirrel`).
pub fn squirrel() -> &'static GameRules {
    static RULES: OnceLock<GameRules> = OnceLock::new();
    RULES.get_or_init(|| crate::rules::define::builtin("Squirrel", &[]))
}

#[cfg(test)]
mod tests;
