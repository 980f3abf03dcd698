//! A FIDE chess or Chess960 ply as `xpgn view` is handed it by the
//! verifier's observer ([`super::records::Collect`]): the move and a copy
//! of the bitboards after it, from which the page reads only what the
//! move changed.

use crate::rules::Variant;
use crate::rules::family::{AnyMove, AnyPosition, GamePosition};
use crate::rules::fide::BitPosition;
use crate::verify::Ply;

/// A FIDE chess or Chess960 ply as the verifier played it, for `xpgn
/// view`: the move and the position after it (a copy of the bitboards,
/// no board or FEN written). The page reads from them only what the move
/// changed: the squares it touched, the check and the FEN's fields after
/// the placement.
#[derive(Clone, Copy, Debug)]
pub struct FidePly {
    /// [`Variant::Chess`] or [`Variant::Chess960`].
    pub variant: Variant,
    /// The move; `None` for a null move.
    pub played: Option<crate::rules::core::Move>,
    /// The position after it.
    pub after: BitPosition,
}

impl FidePly {
    /// The ply's data when `ply` is one of FIDE chess or Chess960 (the
    /// games [`crate::rules::picture::ChessBoard`] draws); `None` for any
    /// other game.
    pub fn of(ply: &Ply<'_>) -> Option<FidePly> {
        let AnyPosition::Fide(p) = ply.after else {
            return None;
        };
        let variant = ply.after.variant();
        if !matches!(variant, Variant::Chess | Variant::Chess960) {
            return None;
        }
        let played = match ply.played {
            Some(AnyMove::Core(m)) => Some(*m),
            Some(_) => return None,
            None => None,
        };
        Some(FidePly {
            variant,
            played,
            after: *p,
        })
    }
}
