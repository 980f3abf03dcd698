//! One action of a chess-like game.

use super::piece::Role;
use super::square::Square;

/// Which side of the king a castling goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Towards the higher files (`O-O`).
    Short,
    /// Towards file a (`O-O-O`).
    Long,
}

/// Which castling of a game a [`Move::Castle`] is. FIDE has only
/// [`Rook`](CastleForm::Rook); Gast (seed 001, RULINGS 2.3) has all four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleForm {
    /// King and rook: FIDE castling, and Gast's direct castling with the rook (c).
    Rook,
    /// Gast (a): the king moves two squares toward the archer, the archer
    /// lands on the square the king passed.
    Archer,
    /// Gast (b): after archer castling, the king castles again with the rook
    /// on the same side.
    ThenRook,
    /// Gast (d): king, rook and archer at once; the same result as (a) then (b).
    Both,
}

/// A move of a chess-like game. Each variant holds only what it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves, perhaps capturing, perhaps promoting.
    Normal {
        /// The moving piece's role.
        role: Role,
        /// Where it starts.
        from: Square,
        /// Where it lands.
        to: Square,
        /// The role it captures on `to`, if any.
        capture: Option<Role>,
        /// What a pawn becomes, if it promotes.
        promotion: Option<Role>,
    },
    /// A pawn takes a pawn that just passed `to`.
    EnPassant {
        /// Where the capturing pawn starts.
        from: Square,
        /// Where it lands.
        to: Square,
        /// Where the captured pawn stands.
        victim: Square,
    },
    /// King and rook (or archer) move together.
    Castle {
        /// Which side.
        side: CastleSide,
        /// Which form of castling.
        form: CastleForm,
        /// The king's square.
        king: Square,
        /// The partner's square: the rook, or the archer in [`CastleForm::Archer`].
        rook: Square,
        /// Where the king lands.
        king_to: Square,
        /// Where the partner (rook or archer) lands; in [`CastleForm::Both`]
        /// the archer's way follows from the king's (it lands next to the
        /// king's start square).
        rook_to: Square,
    },
}

impl Move {
    /// Appends the piece move `from`-`to` to `out`: once, or once per
    /// piece in `promotions` when the move promotes.
    #[inline]
    pub fn push_normal(
        out: &mut Vec<Move>,
        (role, from, to): (Role, Square, Square),
        capture: Option<Role>,
        promotions: Option<&[Role]>,
    ) {
        match promotions {
            Some(choices) => out.extend(choices.iter().map(|&promo| Move::Normal {
                role,
                from,
                to,
                capture,
                promotion: Some(promo),
            })),
            None => out.push(Move::Normal {
                role,
                from,
                to,
                capture,
                promotion: None,
            }),
        }
    }

    /// Where the moving piece (the king, when castling) starts.
    pub const fn from(&self) -> Square {
        match *self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// Where the moving piece (the king, when castling) lands.
    pub const fn to(&self) -> Square {
        match *self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king_to, .. } => king_to,
        }
    }

    /// Whether it captures.
    pub const fn is_capture(&self) -> bool {
        matches!(
            self,
            Move::Normal {
                capture: Some(_),
                ..
            } | Move::EnPassant { .. }
        )
    }

    /// The promotion role, if any.
    pub const fn promotion(&self) -> Option<Role> {
        match *self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }
}

/// A list of moves, owned by the caller and reused, so generation does not
/// allocate once it has warmed up.
pub type MoveList = Vec<Move>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_is_small() {
        assert!(std::mem::size_of::<Move>() <= 8);
    }
}
