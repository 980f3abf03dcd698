//! Run-time dispatch over the game families: [`AnyPosition`] for code that
//! learns the game only from a record's `[Variant]` tag, and each game's
//! move [`grammar`].
//!
//! The trait every family implements lives in [`super::position`] (and is
//! re-exported here), so that the families never import this module.

/// A PASGL 312 turn, as [`AnyPosition::resolve_turn_quick`] finds it (the
/// verifier names no family).
pub use super::pasgl::Move as QuickTurn;
pub use super::position::{
    DrawState, GamePosition, Outcome, Rejection, RejectionKind, divide, ending_outcome, perft,
};
pub use any::{AnyMove, AnyPosition, GameEnd, QuickPly, Scratch};
pub use lichess::VariantMove;

use super::Variant;
use crate::written::Grammar;

mod any;
mod core_quick;
mod lichess;
mod pasgl_quick;
mod squares;

/// The move grammar of each game: [`Variant::grammar`].
pub fn grammar(variant: Variant) -> Grammar {
    variant.grammar()
}
