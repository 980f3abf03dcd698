//! Squirrel chess (seed 004, RULINGS §3, S1–S12) as a configuration of the
//! chess-like core. The core carries its special rules: the guard zones
//! ([`GuardRule`]), the promotion order ([`GameRules::promotion_stages`]),
//! the pawn's step back and en passant after every double step.

use std::sync::OnceLock;

use crate::rules::core::{
    ByColor, CastlingFiles, CastlingRule, GameRules, Geometry, GuardRule, PieceDecl, Square,
    SquareSet,
};

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

fn rank(r: u8) -> SquareSet {
    (0..10).filter_map(|f| Square::new(f, r)).collect()
}

/// Squirrel chess.
pub fn squirrel() -> &'static GameRules {
    static RULES: OnceLock<GameRules> = OnceLock::new();
    RULES.get_or_init(|| {
        let mut rules = GameRules::build(
            "Squirrel",
            Geometry::rectangle(10, 10),
            PIECES,
            START_FEN,
            ByColor {
                white: rank(9),
                black: rank(0),
            },
            // S11: after the third promotion, anything but a king.
            b"QRBNGCS",
            ByColor {
                white: rank(2),
                black: rank(7),
            },
            // S9: every double step allows en passant.
            1 << 2,
            // S2: king to the h or c file, rook to g or d.
            CastlingRule::Standard(CastlingFiles {
                short_king: 7,
                short_rook: 6,
                long_king: 2,
                long_rook: 3,
            }),
            // A [FEN] array may put king and rooks anywhere on the back rank.
            true,
        );
        // S11: the first promotion N/G/C, the second S/R/B, the third Q.
        rules.promotion_stages = vec![
            rules.roles_of(b"NGC"),
            rules.roles_of(b"SRB"),
            rules.roles_of(b"Q"),
            rules.roles_of(b"QRBNGCS"),
        ];
        rules.guard = Some(GuardRule {
            guards: rules.role_set(b"G"),
            // S12: knight, camel and squirrel are leapers.
            leapers: rules.role_set(b"NCS"),
            immune: rules.role_set(b"KG"),
        });
        rules.fide_material = false;
        rules.lone_minors = rules.role_set(b"NB");
        rules
    })
}

#[cfg(test)]
mod tests;
