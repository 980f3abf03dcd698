//! Bytes to events: the streaming PGN reader and the token grammars.
//!
//! This module knows tokens, never legality (STYLE B1): it does not depend on
//! `rules`, `record` or `verify`.

pub mod visitor;

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
