//! Chess with a Limited Supply of Squares (seed 003, RULINGS §4 and L1–L14):
//! the Basic Game, Hans38, Hans38 with Neutral Squares, the Game of Infinite
//! Reserves and Moving Occupied Squares, each with the Postal and Postal Plus
//! options.
//!
//! The board is a set of *locations* (the 8x8 grid); each holds a hole or a
//! square, a square may have an owner and may hold a piece. The family has
//! its own position type, [`SquaresPosition`], built on the core's squares,
//! square sets, colours and piece tables (the FIDE army compiled from Betza),
//! with its own move generator because every line of movement depends on
//! which locations hold squares.

use std::sync::OnceLock;

use crate::rules::Variant;
use crate::rules::core::{GameRules, PieceDecl};

mod bits;
mod blocked;
mod fen;
mod movegen;
mod position;
mod resolve;
mod turns;
mod write;

pub use fen::ParseSquaresFenError;
pub use position::{Action, SquaresPosition, Turn};

/// The FIDE army (rule 1; rule 10 skipped as RULINGS 4.1 recommends). The
/// order fixes the roles the move generator names: pawn 0 ... king 5.
pub const PIECES: &[PieceDecl] = crate::rules::core::FIDE_ARMY;

/// The start board of every game of the family: the FIDE array on the 32
/// squares under the armies, holes between (rule 2).
pub const START_BOARD: &str =
    "rnbqkbnr/pppppppp/......../......../......../......../PPPPPPPP/RNBQKBNR";

/// The family's piece table, compiled once.
pub fn rules() -> &'static GameRules {
    static RULES: OnceLock<GameRules> = OnceLock::new();
    RULES.get_or_init(|| {
        GameRules::fide_army(
            "Limited Supply of Squares",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            false,
        )
    })
}

/// A player's squares in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reserve {
    /// This many squares (Hans38: 3).
    Finite(u8),
    /// An unlimited supply (the Game of Infinite Reserves).
    Unlimited,
}

impl Reserve {
    /// Whether a square can be placed from it.
    pub const fn is_available(self) -> bool {
        match self {
            Reserve::Finite(n) => n > 0,
            Reserve::Unlimited => true,
        }
    }
}

/// The Postal rule (seed 003, "The Postal Rule"; RULINGS N1 `[Postal]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Postal {
    /// One action per turn (rule 7).
    Off,
    /// A piece move, then optionally a square move or a placement.
    Yes,
    /// A piece move, then optionally a square move and a placement, in either
    /// order (L11).
    Plus,
}

impl Postal {
    /// Reads a `[Postal]` tag value: `yes`/`no`/`plus` (also `true`/`false`,
    /// `on`/`off`, `1`/`0`), without regard to case.
    pub fn from_tag(value: &str) -> Option<Postal> {
        match value.trim().to_ascii_lowercase().as_str() {
            "yes" | "true" | "on" | "1" | "postal" => Some(Postal::Yes),
            "no" | "false" | "off" | "0" | "" => Some(Postal::Off),
            "plus" | "postal plus" | "postalplus" => Some(Postal::Plus),
            _ => None,
        }
    }
}

/// Which ownership rule a game plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ownership {
    /// Hans38 rules 3 and 4: squares have owners, a player moves only his
    /// own, a piece landing on a square takes it.
    Owned,
    /// Neutral squares: anyone moves any empty square.
    Neutral,
}

/// The rules a game of the family is played with, fixed when it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Owned or neutral squares.
    pub ownership: Ownership,
    /// The Postal option.
    pub postal: Postal,
    /// Each side's reserve at the start.
    pub reserve: Reserve,
    /// A square must be placed every turn (Infinite Reserves).
    pub must_place: bool,
    /// From this turn of each player on, the square a moving piece leaves
    /// returns to the reserve (Infinite Reserves: 4, L12).
    pub returning_from: Option<u32>,
    /// Occupied squares move one step with their piece (Moving Occupied Squares).
    pub moving_occupied: bool,
    /// The square the opponent placed last turn may not be moved either
    /// (Infinite Reserves, L13: "the two that his opponent just touched").
    pub bar_placed: bool,
}

impl Config {
    /// The configuration of a game of the family, `None` for other games.
    pub const fn of(variant: Variant) -> Option<Config> {
        let base = Config {
            ownership: Ownership::Neutral,
            postal: Postal::Off,
            reserve: Reserve::Finite(0),
            must_place: false,
            returning_from: None,
            moving_occupied: false,
            bar_placed: false,
        };
        Some(match variant {
            // The framework alone: no reserve, neutral squares; a [FEN] gives
            // it squares to play with (RULINGS 4.1).
            Variant::SquaresBasic => base,
            Variant::Hans38 => Config {
                ownership: Ownership::Owned,
                reserve: Reserve::Finite(3),
                ..base
            },
            Variant::Hans38Neutral => Config {
                reserve: Reserve::Finite(3),
                ..base
            },
            Variant::InfiniteReserves => Config {
                postal: Postal::Plus,
                reserve: Reserve::Unlimited,
                must_place: true,
                returning_from: Some(4),
                bar_placed: true,
                ..base
            },
            Variant::MovingSquares => Config {
                postal: Postal::Plus,
                reserve: Reserve::Unlimited,
                must_place: true,
                returning_from: Some(4),
                bar_placed: true,
                moving_occupied: true,
                ..base
            },
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests;
