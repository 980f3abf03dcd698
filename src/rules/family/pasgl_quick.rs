//! PASGL 312's per-move path through [`AnyPosition`], beside chess's
//! ([`AnyPosition::play_quick`]) and the core games'
//! ([`AnyPosition::play_core_quick`]): a critter action resolved as
//! [`resolve`](AnyPosition::resolve) resolves it, without a token around
//! it, and played with the game's end asked once, on the PASGL position
//! directly (a `_` mark, read by the fast token reader, is checked where
//! the general path checks it).
//! `tests/verify_paths_pasgl.rs`
//! holds the verifier's two paths equal.

use super::any::{AnyPosition, Scratch};
use crate::rules::pasgl;
use crate::rules::position::Outcome;
use crate::written::Action;

impl AnyPosition {
    /// The legal PASGL turn a critter action names
    /// ([`Position::resolve_critter_action`](pasgl::Position::resolve_critter_action));
    /// `None` for other families, other actions, and for what only
    /// [`resolve`](Self::resolve) can explain (an illegal or ambiguous
    /// action is explained there).
    #[inline]
    pub fn resolve_turn_quick(
        &self,
        action: &Action,
        scratch: &mut Scratch,
    ) -> Option<pasgl::Move> {
        match (self, action) {
            (AnyPosition::Pasgl(p), Action::Critter(a)) => {
                p.resolve_critter_action(a, &mut scratch.pasgl).ok()
            }
            _ => None,
        }
    }

    /// Plays `m`, a turn [`resolve_turn_quick`](Self::resolve_turn_quick)
    /// found, on the PASGL position directly, keeping the position before
    /// it in `prev` (one copy, field by field): PASGL's per-move path. Its
    /// answer is the game's end after the turn
    /// ([`outcome`](super::GamePosition::outcome), as
    /// [`end_after_move`](Self::end_after_move) gives it), asked only when
    /// `mainline`, as the general path asks it. `None` (nothing played) for
    /// a position of another family.
    #[inline]
    pub fn play_turn_quick(
        &mut self,
        m: &pasgl::Move,
        prev: &mut Option<AnyPosition>,
        mainline: bool,
    ) -> Option<Option<Outcome>> {
        let AnyPosition::Pasgl(p) = self else {
            return None;
        };
        match prev {
            Some(AnyPosition::Pasgl(before)) => before.as_mut().clone_from(p),
            prev => *prev = Some(AnyPosition::Pasgl(p.clone())),
        }
        super::GamePosition::play(p.as_mut(), m);
        Some(if mainline { p.ending() } else { None })
    }
}
