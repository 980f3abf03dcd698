//! The shared board and piece core every game family builds on: squares,
//! geometry, pieces, the game definition, and the chess-like position with
//! its move generator, FEN and SAN.

pub mod bitboard;
pub mod color;
pub mod explain;
pub mod fen;
pub mod game;
mod game_build;
pub mod geometry;
pub mod hash;
pub mod moves;
pub mod piece;
pub mod position;
pub mod resolve;
pub mod rule_text;
pub mod san;
pub mod square;
pub(crate) mod tables;

pub use color::{ByColor, Color};
pub use explain::{Obstacle, ZoneStop};
pub use fen::FenError;
pub use game::{
    CastlingFiles, CastlingRule, EndRules, EndValue, Extinction, FIDE_ARMY, Flag, GameRules,
    GastCastling, GuardRule, PieceDecl, PieceType,
};
pub use geometry::Geometry;
pub use hash::{KeyHasher, key_of};
pub use moves::{CastleForm, CastleSide, Move, MoveList};
pub use piece::{MAX_ROLES, Piece, Role, RoleSet};
pub use position::{Ending, Position};
pub use square::{MAX_FILES, MAX_RANKS, Square, SquareSet};
