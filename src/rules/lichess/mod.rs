//! The lichess variants on the 8x8 bitboard: Atomic, Antichess,
//! Crazyhouse, King of the Hill, Three-check, Horde and Racing Kings, with
//! the rules as lichess plays them (python-chess's `chess.variant`
//! documents them; docs/rules.md says where the two differ).
//!
//! The attack tables are the FIDE bitboard's
//! ([`crate::rules::core::bitboard`]): one source of truth for
//! how pieces attack. Move generation differs from FIDE chess in every
//! variant at the step that decides legality (explosions, compulsory
//! captures, drops, no checks), so this family generates pseudo-legal moves
//! and filters them. The rule of each variant is stated in one place,
//! `LichessPosition::is_legal_after`, on the position after the move played
//! on a copy; `legality.rs` answers the same question from the checkers and
//! pins of the position before it for the common moves, and a test holds
//! the two equal.

mod draws;
mod fen;
mod legality;
mod movegen;
mod notation;
mod quick;
#[cfg(test)]
mod tests;

use std::fmt;

pub use quick::Judged;

use crate::rules::Variant;
use crate::rules::core::Color;
use crate::rules::core::bitboard::{self as attacks, Bitboard};

pub(crate) const PAWN: usize = 0;
pub(crate) const KNIGHT: usize = 1;
pub(crate) const BISHOP: usize = 2;
pub(crate) const ROOK: usize = 3;
pub(crate) const QUEEN: usize = 4;
pub(crate) const KING: usize = 5;

/// Piece letters by role index.
const LETTERS: [u8; 6] = *b"PNBRQK";

const RANK_1: Bitboard = 0xFF;
const RANK_8: Bitboard = 0xFF << 56;
/// d4, e4, d5, e5: King of the Hill's goal.
const CENTER: Bitboard = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);

#[inline]
const fn bit(s: usize) -> Bitboard {
    1 << s
}

/// Whether a bitboard holds exactly one square (without a population
/// count, which the default x86-64 target makes a dozen instructions).
#[inline]
const fn single(b: Bitboard) -> bool {
    b != 0 && b & b.wrapping_sub(1) == 0
}

/// Iterates the squares of a bitboard, lowest first.
#[inline]
fn squares(mut b: Bitboard) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let s = b.trailing_zeros() as usize;
            b &= b - 1;
            Some(s)
        }
    })
}

/// What a move does besides moving a piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece moves, perhaps capturing, perhaps promoting.
    Normal,
    /// A pawn takes a pawn that just passed `to`.
    EnPassant,
    /// King and rook: `from` is the king's square, `to` the rook's.
    Castle,
    /// Crazyhouse: a piece from the pocket is put on `to` (`from == to`).
    Drop,
}

/// A move of a lichess variant: squares 0..64 (`rank * 8 + file`), roles
/// by index (pawn 0 .. king 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// What kind of move.
    pub kind: MoveKind,
    /// The moving (or dropped) piece's role.
    pub role: u8,
    /// Where it starts (the target square for a drop).
    pub from: u8,
    /// Where it lands (the rook's square for castling).
    pub to: u8,
    /// What a pawn becomes, if it promotes.
    pub promotion: Option<u8>,
    /// Whether it captures (en passant included).
    pub capture: bool,
}

impl Move {
    /// Where the king lands when castling, else `to`.
    pub fn king_to(&self) -> usize {
        let to = usize::from(self.to);
        if self.kind != MoveKind::Castle {
            return to;
        }
        let rank = to & !7;
        if to < usize::from(self.from) {
            rank + 2
        } else {
            rank + 6
        }
    }
}

/// A position of one of the lichess variants.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct LichessPosition {
    variant: Variant,
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    /// Pieces that were pawns (Crazyhouse gives them back as pawns; a
    /// promoted king cannot castle).
    promoted: Bitboard,
    turn: Color,
    /// The rooks (a1, h1, a8, h8) that may still castle.
    castling: Bitboard,
    /// The square a pawn passed on the last move, if it did.
    ep: Option<u8>,
    halfmoves: u32,
    fullmoves: u32,
    /// Crazyhouse pockets: counts by colour and role (pawn .. queen).
    pockets: [[u8; 5]; 2],
    /// Three-check: the checks each side still has to give to win.
    checks_left: [u8; 2],
    /// What the move that made this position found out about it.
    known: Known,
}

/// What [`LichessPosition::play_judged`] found out about the position it
/// made, kept so that resolving the next move need not ask again: whether
/// the side to move is in check and whether the variant's goal is reached.
/// Every move played forgets it ([`LichessPosition::play_unchecked`]); a
/// position read from FEN starts without it. A cache, not part of the
/// position: it never makes two positions unequal.
#[derive(Clone, Copy, Debug, Default)]
struct Known(u8);

impl Known {
    const SET: u8 = 1;
    const CHECK: u8 = 2;
    const END: u8 = 4;

    fn new(in_check: bool, end: bool) -> Known {
        Known(Self::SET | (u8::from(in_check) << 1) | (u8::from(end) << 2))
    }

    /// Known: the side to move is not in check.
    #[inline]
    fn not_in_check(self) -> bool {
        self.0 & (Self::SET | Self::CHECK) == Self::SET
    }

    /// Whether the variant's goal is reached, if known.
    #[inline]
    fn end(self) -> Option<bool> {
        (self.0 & Self::SET != 0).then_some(self.0 & Self::END != 0)
    }
}

impl PartialEq for Known {
    fn eq(&self, _: &Known) -> bool {
        true
    }
}

impl Eq for Known {}

impl fmt::Debug for LichessPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.variant, self.fen())
    }
}

impl LichessPosition {
    /// The game.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The number of the move about to be played.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Three-check: the checks `color` still has to give (3 at the start).
    pub fn checks_left(&self, color: Color) -> u8 {
        self.checks_left[color.index()]
    }

    /// The piece on square `sq` (`rank * 8 + file`): its colour and role
    /// (0 pawn .. 5 king), for pictures.
    pub fn piece_at(&self, sq: usize) -> Option<(Color, usize)> {
        let bit: Bitboard = 1u64.checked_shl(u32::try_from(sq).ok()?)?;
        let color = [Color::White, Color::Black]
            .into_iter()
            .find(|c| self.by_color[c.index()] & bit != 0)?;
        let role = (0..6).find(|&r| self.by_role[r] & bit != 0)?;
        Some((color, role))
    }

    /// Calls `each` with the square (`rank * 8 + file`), colour and role
    /// of every piece, from the bitboards (for `xpgn view`, which reads a
    /// whole board a ply: [`piece_at`](Self::piece_at) searches).
    pub fn each_piece(&self, mut each: impl FnMut(usize, Color, usize)) {
        for (role, &roles) in self.by_role.iter().enumerate() {
            for color in [Color::White, Color::Black] {
                let mut bits = roles & self.by_color[color.index()];
                while bits != 0 {
                    each(bits.trailing_zeros() as usize, color, role);
                    bits &= bits - 1;
                }
            }
        }
    }

    /// Crazyhouse: how many pieces of `role` (0 pawn .. 4 queen) `color`
    /// holds in its pocket.
    pub fn pocket(&self, color: Color, role: usize) -> u8 {
        self.pockets[color.index()].get(role).copied().unwrap_or(0)
    }

    #[inline]
    fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    fn pieces(&self, c: Color, role: usize) -> Bitboard {
        self.by_color[c.index()] & self.by_role[role]
    }

    fn role_on(&self, s: usize) -> Option<usize> {
        (0..6).find(|&r| self.by_role[r] & bit(s) != 0)
    }

    fn color_on(&self, s: usize) -> Option<Color> {
        if self.by_color[0] & bit(s) != 0 {
            Some(Color::White)
        } else if self.by_color[1] & bit(s) != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    fn put(&mut self, s: usize, c: Color, role: usize) {
        self.by_color[c.index()] |= bit(s);
        self.by_role[role] |= bit(s);
    }

    fn remove(&mut self, s: usize) -> Option<(Color, usize)> {
        let c = self.color_on(s)?;
        let r = self.role_on(s)?;
        self.by_color[c.index()] &= !bit(s);
        self.by_role[r] &= !bit(s);
        self.promoted &= !bit(s);
        Some((c, r))
    }

    /// The pieces of `by` that attack `s` with `occ` blocking.
    fn attackers(&self, s: usize, by: Color, occ: Bitboard) -> Bitboard {
        let them = self.by_color[by.index()];
        let diag = them & (self.by_role[BISHOP] | self.by_role[QUEEN]);
        let orth = them & (self.by_role[ROOK] | self.by_role[QUEEN]);
        let mut found = them
            & ((attacks::KNIGHT[s] & self.by_role[KNIGHT])
                | (attacks::KING[s] & self.by_role[KING])
                | (attacks::PAWN[(!by).index()][s] & self.by_role[PAWN]));
        // The rays are walked only when a slider stands on one.
        if attacks::BISHOP_EMPTY[s] & diag != 0 {
            found |= attacks::bishop(s, occ) & diag;
        }
        if attacks::ROOK_EMPTY[s] & orth != 0 {
            found |= attacks::rook(s, occ) & orth;
        }
        found
    }

    /// Where the piece of `role` and colour `c` on `s` attacks.
    fn attacks_from(role: usize, c: Color, s: usize, occ: Bitboard) -> Bitboard {
        match role {
            PAWN => attacks::PAWN[c.index()][s],
            KNIGHT => attacks::KNIGHT[s],
            BISHOP => attacks::bishop(s, occ),
            ROOK => attacks::rook(s, occ),
            QUEEN => attacks::bishop(s, occ) | attacks::rook(s, occ),
            _ => attacks::KING[s],
        }
    }

    /// Whether `c`'s king (the first, in games that allow several) stands
    /// attacked, by the variant's meaning of check.
    fn king_attacked(&self, c: Color) -> bool {
        let kings = self.pieces(c, KING);
        if kings == 0 {
            return false;
        }
        match self.variant {
            Variant::Antichess => false,
            Variant::Atomic if self.kings_touch() => false,
            _ => {
                let k = kings.trailing_zeros() as usize;
                self.attackers(k, !c, self.occupied()) != 0
            }
        }
    }

    /// Atomic: kings side by side cannot check each other (a capture would
    /// explode both).
    fn kings_touch(&self) -> bool {
        let w = self.pieces(Color::White, KING);
        squares(w).any(|k| attacks::KING[k] & self.pieces(Color::Black, KING) != 0)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.king_attacked(self.turn)
    }
}
