//! The lichess variants' per-move path through [`AnyPosition`], beside
//! FIDE chess's ([`AnyPosition::play_quick`]; the verifier names it by
//! neither family): a written move resolved from
//! its own candidates and played with its check, goal and mate worked out
//! once. `tests/verify_paths_lichess.rs` holds the verifier's two paths
//! equal.

use super::any::{AnyPosition, Scratch};

impl AnyPosition {
    /// The legal move of a lichess variant that a token of one action
    /// names, when it is found from its own candidates
    /// ([`LichessPosition::resolve_action_quick`](crate::rules::lichess::LichessPosition::resolve_action_quick));
    /// `None` for other families and for what only
    /// [`resolve`](Self::resolve) can answer.
    #[inline]
    pub fn resolve_variant_quick(
        &self,
        action: &crate::written::Action,
        scratch: &mut Scratch,
    ) -> Option<crate::rules::lichess::Move> {
        match self {
            AnyPosition::Lichess(p) => p.resolve_action_quick(action, &mut scratch.lichess),
            _ => None,
        }
    }

    /// Plays `m`, a move [`resolve_variant_quick`](Self::resolve_variant_quick)
    /// found, on the lichess position directly, keeping the position before
    /// it in `prev`: the lichess variants' per-move path. `None` (nothing
    /// played) for a position of another family.
    #[inline]
    pub fn play_variant_quick(
        &mut self,
        m: &crate::rules::lichess::Move,
        prev: &mut Option<AnyPosition>,
    ) -> Option<crate::rules::lichess::Judged> {
        let AnyPosition::Lichess(p) = self else {
            return None;
        };
        match prev {
            Some(AnyPosition::Lichess(before)) => *before = *p,
            prev => *prev = Some(AnyPosition::Lichess(*p)),
        }
        Some(p.play_judged(m))
    }

    /// Whether a stalemate of this game is asked only of a position a move
    /// led to (the lichess variants: their start position and the position
    /// after a pass were never judged, and still are not).
    pub fn stalemate_after_moves_only(&self) -> bool {
        matches!(self, AnyPosition::Lichess(_))
    }
}

/// A move of the lichess variants, as the verifier's second quick path
/// hands it on.
pub type VariantMove = crate::rules::lichess::Move;
