//! Bytes to events: the streaming PGN reader and the token grammars.
//!
//! This module knows tokens, never legality (STYLE B1): it does not depend on
//! `rules`, `record` or `verify`.

pub mod error;
pub mod movetext;
pub mod reader;
pub mod tag;
pub mod text;
pub mod token;
pub mod transcript;
pub mod visitor;
mod window;

pub use error::NotationError;
pub use reader::{Limits, Reader, Resume, first_invalid_utf8};
pub use token::{
    Action, CastleSide, Coord, CritterAction, CritterKind, Grammar, MoveToken, ParseMoveError,
    PieceMove, coord_name, parse_move,
};
pub use visitor::{
    CheckMark, Chunk, CommentStyle, Event, Flow, GameResult, LineContext, NagForm, RawTag, Visitor,
};

use crate::diag::Code;

/// A syntax problem the reader found and recovered from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxProblem {
    /// Its stable code.
    pub code: Code,
    /// What is wrong.
    pub message: String,
}
