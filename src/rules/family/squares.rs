//! The squares family's turns through [`AnyPosition`], played once: the
//! resolver plays a written turn on a copy to test it (the king's safety
//! after all its actions), and [`AnyPosition::play_resolved`] takes that
//! copy instead of playing the turn a second time. The positions are boxed,
//! so taking it is a swap of boxes: the position before the turn goes to
//! the verifier's `prev`, the copy becomes the position, and the box `prev`
//! held is the resolver's copy for the next turn (one position copy a turn,
//! the resolver's, where copying into `prev` and back from the copy made
//! three). The verifier names no
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
    /// The resolver's copy, kept from turn to turn (allocated once a line,
    /// then boxes change places).
    after: Option<Box<SquaresPosition>>,
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
        let after = self.after.get_or_insert_with(|| Box::new(*p));
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
        if let (AnyPosition::Squares(p), AnyMove::Squares(t)) = (&mut *self, m) {
            // Taken only when `after` holds this very turn's result.
            if taken.after.is_some() && taken.turn.take().as_ref() == Some(t) {
                match (prev, taken.after.as_mut()) {
                    (Some(AnyPosition::Squares(before)), Some(after)) => {
                        // prev <- position before, position <- the
                        // resolver's copy, the copy's box <- prev's old
                        // box (overwritten by the next resolve).
                        std::mem::swap(before, p);
                        std::mem::swap(p, after);
                    }
                    (prev, _) => {
                        // A line's first turn (or `prev` of another family):
                        // the copy's box becomes the position; the resolver
                        // makes a new one at the next turn.
                        if let Some(after) = taken.after.take() {
                            *prev = Some(AnyPosition::Squares(std::mem::replace(p, after)));
                        }
                    }
                }
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
