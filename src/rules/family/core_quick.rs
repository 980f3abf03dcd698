//! The chess-like core games' per-move path through [`AnyPosition`] (Gast,
//! Squirrel, the other built-in core games and definitions with chess's
//! ends), beside FIDE chess's ([`AnyPosition::play_quick`]): a written move
//! of one action resolved as [`resolve`](AnyPosition::resolve) resolves it,
//! without reading the token a second time, and played with its check and
//! mate worked out once. `tests/verify_paths_core.rs` holds the verifier's
//! two paths equal.

use super::any::{AnyPosition, QuickPly, Scratch};
use crate::rules::core;

impl AnyPosition {
    /// The legal move of a core game with chess's ends that a token of one
    /// action names
    /// ([`Position::resolve_action_quick`](core::Position::resolve_action_quick));
    /// `None` for other families, for games with a definition's own ends,
    /// and for what only [`resolve`](Self::resolve) can answer or explain.
    #[inline]
    pub fn resolve_core_quick(
        &self,
        action: &crate::written::Action,
        scratch: &mut Scratch,
    ) -> Option<core::Move> {
        match self {
            AnyPosition::Core(p) if p.rules().ends.is_chess() => {
                p.resolve_action_quick(action, &mut scratch.core)
            }
            _ => None,
        }
    }

    /// Plays `m`, a move [`resolve_core_quick`](Self::resolve_core_quick)
    /// found, on the core position directly, keeping the position before it
    /// in `prev` (one copy): the core games' per-move path. The end found
    /// is [`chess_ending_after_move`](Self::chess_ending_after_move)'s
    /// (stalemate left for later, as in chess). `None` (nothing played) for
    /// a position of another family.
    #[inline]
    pub fn play_core_quick(
        &mut self,
        m: &core::Move,
        prev: &mut Option<AnyPosition>,
        scratch: &mut Scratch,
    ) -> Option<QuickPly> {
        let AnyPosition::Core(p) = self else {
            return None;
        };
        match prev {
            Some(AnyPosition::Core(before)) => *before = *p,
            prev => *prev = Some(AnyPosition::Core(*p)),
        }
        p.play_unchecked(m);
        let in_check = p.is_check();
        let mate = in_check && !p.has_legal_move_with(&mut scratch.core);
        let ending = if mate {
            Some(core::Ending::Checkmate { winner: !p.turn() })
        } else if p.halfmoves() >= 150 || p.is_insufficient_material() {
            p.ending_with(&mut scratch.core)
        } else {
            None
        };
        Some(QuickPly {
            in_check,
            mate,
            ending,
            draw: super::GamePosition::draw_state(p),
        })
    }
}
