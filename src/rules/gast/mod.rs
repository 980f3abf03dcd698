//! Gast's chess (seed 001, RULINGS §2, G1–G15): the 12x12 game and the
//! provisional 14x12 follow-up with the pope, as definitions of the
//! chess-like core (src/rules/define/builtin.ini). The core carries their
//! special rules: the pawns' reach ([`GameRules::pawn_reach`]), en passant
//! only after a four-square move, and the staged castling
//! ([`CastlingRule::Gast`](crate::rules::core::CastlingRule::Gast)). The
//! tables here are the same pieces for tests, held equal to the
//! definition by a unit test.

use std::sync::OnceLock;

use crate::rules::core::{GameRules, PieceDecl};

/// The Gast army. The pawn's straight move is `fmR2` here; its reach on the
/// first two moves comes from [`REACH`]. The knight is NCA (G1).
pub const PIECES: &[PieceDecl] = &[
    PieceDecl::new(b'P', "pawn", "fmR2fcB2", 100),
    PieceDecl::new(b'N', "knight", "NCA", 500),
    PieceDecl::new(b'B', "bishop", "B", 350),
    PieceDecl::new(b'R', "rook", "R", 500),
    PieceDecl::new(b'Q', "queen", "Q", 950),
    PieceDecl::new(b'K', "king", "K", 0),
    PieceDecl::new(b'A', "archer", "RNCA", 1000),
    PieceDecl::new(b'G', "guard", "BNCA", 850),
];

/// The pope of Gast 14x12: rook, bishop or plain knight (G15).
pub const POPE: PieceDecl = PieceDecl::new(b'O', "pope", "RBN", 1100);

/// A pawn's straight reach by ranks advanced from its back rank: four from
/// its start rank, three from the next (its first move was one square, G3),
/// two everywhere else. A pawn's rank tells its history: every pawn move
/// advances at least one rank, so a pawn one rank beyond its start has made
/// exactly one move, of one square (a step or a one-square capture).
pub const REACH: [u8; 16] = [0, 4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];

/// The 12x12 start position (RULINGS 2.1), with every castling right.
pub const START_FEN: &str = "rngabqkbagnr/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/RNGABQKBAGNR w ADGILadgil - 0 1";

/// The 14x12 start position (RULINGS 2.2).
pub const START_FEN_14: &str = "rngabqkoqbagnr/pppppppppppppp/14/14/14/14/14/14/14/14/PPPPPPPPPPPPPP/RNGABQKOQBAGNR w ADGKNadgkn - 0 1";

/// The readings RULINGS keeps configurable for Gast 12x12 (the defaults
/// are the rulings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GastOptions {
    /// G8 option (b): promotion to Q, R, B or N only, instead of any
    /// non-royal piece of the game.
    pub fide_promotion: bool,
    /// G10 option (a): castling with both at once shifts the archer two
    /// squares toward the centre (king side: i1 to g1) instead of next to
    /// the king's start square (h1).
    pub both_archer_two_toward_centre: bool,
}

/// Gast's chess, 12x12, by the rulings.
pub fn gast() -> &'static GameRules {
    gast_with(GastOptions::default())
}

/// Gast's chess, 12x12, with the readings `options` picks (G8, G10):
/// the built-in definition (`xpgn variants --show Gast`) with the keys
/// of those readings added.
pub fn gast_with(options: GastOptions) -> &'static GameRules {
    static RULES: [OnceLock<GameRules>; 4] = [const { OnceLock::new() }; 4];
    let i = usize::from(options.fide_promotion) * 2
        + usize::from(options.both_archer_two_toward_centre);
    RULES[i].get_or_init(|| {
        let mut extra = Vec::new();
        if options.fide_promotion {
            extra.push(("promotionPieceTypes", "qrbn"));
        }
        if options.both_archer_two_toward_centre {
            extra.push(("xpgnCastlingBothArcherTwoTowardCentre", "true"));
        }
        crate::rules::define::builtin("Gast", &extra)
    })
}

/// Gast 14x12 with the pope (provisional, G15), from its built-in
/// definition.
pub fn gast14() -> &'static GameRules {
    static RULES: OnceLock<GameRules> = OnceLock::new();
    RULES.get_or_init(|| crate::rules::define::builtin("Gast 14x12", &[]))
}

#[cfg(test)]
pub(crate) mod tests;
