//! The squares family's turns through [`AnyPosition`], played once: the
//! resolver plays a written turn on a copy to test it (the king's safety
//! after all its actions), and [`AnyPosition::play_resolved`] takes that
//! copy instead of playing the turn a second time. The verifier names no
//! family: it plays every resolved move through `play_resolved`, which
//! for the other families is [`play`](GamePosition::play).
//! `tests/verify_paths_squares.rs` holds the verifier's two paths equal.

use super::GamePosition;
use super::any::{AnyMove, AnyPosition, Scratch};
use crate::rules::squares::{SquaresPosition, Turn};

/// What [`AnyPosition::resolve`] leaves for [`AnyPosition::play_resolved`]:
/// the position after the squares-family turn it found last.
#[derive(Debug, Default)]
pub(super) struct Resolved {
    /// The resolver's copy, kept from turn to turn (no allocation).
    after: Option<SquaresPosition>,
    /// The turn `after` is the result of; `None` when it holds nothing to
    /// take (never resolved, a rejection, or taken already).
    turn: Option<Turn>,
}

impl Resolved {
    /// Resolves `token` in `p`, keeping the position after the turn found.
    pub(super) fn resolve(
        &mut self,
        p: &SquaresPosition,
        token: &crate::written::MoveToken,
    ) -> Result<Turn, crate::rules::position::Rejection> {
        let after = self.after.get_or_insert(*p);
        let found = p.resolve_into(token, after);
        self.turn = found.as_ref().ok().cloned();
        found
    }
}

impl AnyPosition {
    /// Plays `m`, a move [`resolve`](Self::resolve) found in this position
    /// just before, keeping the position before it in `prev`: a squares
    /// turn by taking the position the resolver reached (the same position
    /// as [`play`](GamePosition::play) reaches, tested in
    /// `squares::tests`); any other move, or a turn that is not the one
    /// resolved last, by [`play`](GamePosition::play).
    #[inline]
    pub fn play_resolved(
        &mut self,
        m: &AnyMove,
        prev: &mut Option<AnyPosition>,
        scratch: &mut Scratch,
    ) {
        let taken = &mut scratch.squares_resolved;
        if let (AnyPosition::Squares(p), AnyMove::Squares(t), Some(after)) =
            (&mut *self, m, taken.after.as_mut())
        {
            if taken.turn.take().as_ref() == Some(t) {
                match prev {
                    Some(AnyPosition::Squares(before)) => before.clone_from(p),
                    prev => *prev = Some(AnyPosition::Squares(*p)),
                }
                // Copied, not swapped: the resolver overwrites its copy
                // at the next turn anyway, and a swap moves the position
                // three times.
                p.clone_from(after);
                return;
            }
        }
        match prev {
            Some(before) => before.clone_from(self),
            None => *prev = Some(self.clone()),
        }
        GamePosition::play(self, m);
    }
}
