//! Legality of a pseudo-legal move without playing it: the checkers and
//! pinned pieces of a position are found once ([`Legality`]), then each
//! candidate is tested on the board as it is. The reference stays
//! [`LichessPosition::is_legal_played`], which plays the move on a copy and
//! asks the variant's rule ([`LichessPosition::is_legal_after`]); the rare
//! moves whose legality depends on more than pins and checks (en passant,
//! castling, Atomic's captures, positions with several kings of a side) go
//! that way, and `lichess_fast_legality_agrees_with_playing_the_move`
//! compares both on every pseudo-legal move of random games and perft
//! trees.

use super::{KING, LichessPosition, Move, MoveKind, PAWN, bit, squares};
use crate::rules::Variant;
use crate::rules::core::bitboard::{self as attacks, Bitboard};

/// What the legality test needs of a position, computed once for all of
/// its moves ([`LichessPosition::legality`]).
#[derive(Clone, Copy, Debug)]
pub(super) enum Legality {
    /// Every pseudo-legal move is legal: Antichess (its compulsory capture
    /// is a rule over all moves), and a side without a king where only a
    /// king can be in check (White in Horde).
    All,
    /// One king of the side to move, which must not stand attacked after
    /// the move.
    Royal(Royal),
    /// Each move is played on a copy (several kings, Atomic without a king
    /// on each side).
    Played,
}

/// The side to move's one king and what threatens it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Royal {
    king: usize,
    /// The enemy pieces attacking the king.
    checkers: Bitboard,
    /// Own pieces that alone stand between the king and an enemy slider.
    pinned: Bitboard,
    /// Atomic: the enemy king's neighbourhood (kings side by side are never
    /// in check there), and whether ours is in it; captures are played.
    atomic: Option<(Bitboard, bool)>,
    /// Racing Kings: the enemy king, which no move may attack.
    no_check_on: Option<usize>,
}

impl LichessPosition {
    /// What [`is_legal_with`](Self::is_legal_with) needs, for the side to
    /// move.
    pub(super) fn legality(&self) -> Legality {
        let us = self.turn;
        let kings = self.pieces(us, KING);
        let enemy_kings = self.pieces(!us, KING);
        let one = super::single;
        let (atomic, no_check_on) = match self.variant {
            Variant::Antichess => return Legality::All,
            Variant::Atomic if one(kings) && one(enemy_kings) => {
                let near = attacks::KING[enemy_kings.trailing_zeros() as usize];
                (Some((near, near & kings != 0)), None)
            }
            Variant::RacingKings if one(kings) && one(enemy_kings) => {
                (None, Some(enemy_kings.trailing_zeros() as usize))
            }
            Variant::Atomic | Variant::RacingKings => return Legality::Played,
            _ if kings == 0 => return Legality::All,
            _ if !one(kings) => return Legality::Played,
            _ => (None, None),
        };
        let king = kings.trailing_zeros() as usize;
        let occ = self.occupied();
        let them = self.by_color[(!us).index()];
        let diag = them & (self.by_role[super::BISHOP] | self.by_role[super::QUEEN]);
        let orth = them & (self.by_role[super::ROOK] | self.by_role[super::QUEEN]);
        let snipers = (attacks::BISHOP_EMPTY[king] & diag) | (attacks::ROOK_EMPTY[king] & orth);
        let mut pinned = 0;
        for s in squares(snipers) {
            let blockers = attacks::between(king, s) & occ;
            if blockers.count_ones() == 1 {
                pinned |= blockers & self.by_color[us.index()];
            }
        }
        Legality::Royal(Royal {
            king,
            checkers: self.attackers(king, !us, occ),
            pinned,
            atomic,
            no_check_on,
        })
    }

    /// Whether a piece other than the king has a move that is surely legal
    /// (a pawn: its step forward): not in check, not pinned, a variant where nothing but
    /// pins and checks decides (not Atomic, not Racing Kings), or every
    /// move legal. `false` says nothing: look further.
    pub(super) fn has_free_piece_move(&self, l: &Legality) -> bool {
        let free = match l {
            Legality::All => !0,
            Legality::Royal(r)
                if r.checkers == 0 && r.atomic.is_none() && r.no_check_on.is_none() =>
            {
                !r.pinned
            }
            _ => return false,
        };
        let us = self.turn;
        let occ = self.occupied();
        let own = self.by_color[us.index()];
        let pieces = (super::KNIGHT..KING).any(|role| {
            squares(self.pieces(us, role) & free)
                .any(|from| Self::attacks_from(role, us, from, occ) & !own != 0)
        });
        // A free pawn's step forward (onto an empty square, never the
        // last rank's far side: pawns stand before it).
        let pawns = self.pieces(us, PAWN) & free;
        let steps = match us {
            super::Color::White => pawns << 8,
            super::Color::Black => pawns >> 8,
        };
        pieces || steps & !occ != 0
    }

    /// Whether pseudo-legal move `m` passes the variant's legality rule
    /// (not Antichess's compulsory capture, a rule over all moves), given
    /// `l`, this position's [`legality`](Self::legality).
    #[inline]
    pub(super) fn is_legal_with(&self, l: &Legality, m: &Move) -> bool {
        match l {
            Legality::All => true,
            Legality::Played => self.is_legal_played(m),
            Legality::Royal(r) => self.is_legal_royal(r, m),
        }
    }

    /// Whether pseudo-legal move `m` is legal, for one move alone (the
    /// verifier's resolver, which mostly tests a single candidate): the
    /// position after it asked for the one attack that matters, without
    /// finding every pin of the position first as [`legality`](Self::legality)
    /// does. The same answer as [`is_legal_played`](Self::is_legal_played)
    /// (`lichess_fast_legality_agrees_with_playing_the_move`).
    pub(super) fn is_legal_alone(&self, m: &Move) -> bool {
        let us = self.turn;
        let kings = self.pieces(us, KING);
        let enemy_kings = self.pieces(!us, KING);
        let one = super::single;
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        match self.variant {
            Variant::Antichess => return true,
            Variant::Atomic | Variant::RacingKings if !(one(kings) && one(enemy_kings)) => {
                return self.is_legal_played(m);
            }
            // Atomic's explosions; Racing Kings' capture of the enemy king.
            Variant::Atomic if m.capture => return self.is_legal_played(m),
            Variant::RacingKings if m.capture && enemy_kings & bit(to) != 0 => {
                return self.is_legal_played(m);
            }
            _ if kings == 0 => return true,
            _ if !one(kings) => return self.is_legal_played(m),
            _ => {}
        }
        if matches!(m.kind, MoveKind::EnPassant | MoveKind::Castle) {
            return self.is_legal_played(m);
        }
        let king = kings.trailing_zeros() as usize;
        let occ = self.occupied();
        let is_king = usize::from(m.role) == KING && m.kind != MoveKind::Drop;
        // Not in check (known from the move that made this position): a
        // drop only blocks, and only a piece on one of the king's lines
        // can uncover an attack on it (Antichess returned above; Atomic's
        // captures were played).
        let lines = attacks::BISHOP_EMPTY[king] | attacks::ROOK_EMPTY[king];
        let uncovers = m.kind != MoveKind::Drop && lines & bit(from) != 0;
        let quiet = !is_king && self.known.not_in_check() && !uncovers;
        if self.variant == Variant::Atomic {
            // Kings side by side are never in check (a capture would
            // explode both); apart, not in check means not attacked.
            let near = attacks::KING[enemy_kings.trailing_zeros() as usize];
            let (square, occ_after) = if is_king {
                (to, occ ^ bit(from) ^ bit(to))
            } else {
                (king, (occ ^ bit(from)) | bit(to))
            };
            return near & bit(square) != 0 || quiet || self.attackers(square, !us, occ_after) == 0;
        }
        // The piece taken on `to` attacks nothing any more.
        let safe = if quiet {
            true
        } else if is_king {
            self.attackers(to, !us, occ ^ bit(from)) & !bit(to) == 0
        } else if m.kind == MoveKind::Drop {
            self.attackers(king, !us, occ | bit(to)) == 0
        } else {
            self.attackers(king, !us, (occ & !bit(from)) | bit(to)) & !bit(to) == 0
        };
        if self.variant == Variant::RacingKings {
            return safe && !self.gives_check(m, enemy_kings.trailing_zeros() as usize);
        }
        safe
    }

    /// The reference: plays `m` on a copy and asks the variant's rule.
    pub(super) fn is_legal_played(&self, m: &Move) -> bool {
        let mut after = *self;
        after.play_unchecked(m);
        self.is_legal_after(m, &after)
    }

    fn is_legal_royal(&self, r: &Royal, m: &Move) -> bool {
        let atomic_capture = r.atomic.is_some() && m.capture;
        let captures_king = m.capture && r.no_check_on == Some(usize::from(m.to));
        if matches!(m.kind, MoveKind::EnPassant | MoveKind::Castle)
            || atomic_capture
            || captures_king
        {
            return self.is_legal_played(m);
        }
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let safe = if m.kind == MoveKind::Drop {
            // A dropped piece can only block.
            r.checkers == 0
                || (r.checkers.count_ones() == 1
                    && attacks::between(r.king, r.checkers.trailing_zeros() as usize) & bit(to)
                        != 0)
        } else if usize::from(m.role) == KING {
            match r.atomic {
                Some((near, _)) if near & bit(to) != 0 => true,
                _ => self.attackers(to, !self.turn, self.occupied() ^ bit(from)) == 0,
            }
        } else if matches!(r.atomic, Some((_, true))) {
            // Atomic: the kings stay side by side.
            true
        } else {
            let check_ok = match r.checkers.count_ones() {
                0 => true,
                1 => {
                    let c = r.checkers.trailing_zeros() as usize;
                    (r.checkers | attacks::between(r.king, c)) & bit(to) != 0
                }
                _ => false,
            };
            check_ok && (r.pinned & bit(from) == 0 || attacks::line(r.king, from) & bit(to) != 0)
        };
        match r.no_check_on {
            Some(enemy_king) if safe => !self.gives_check(m, enemy_king),
            _ => safe,
        }
    }

    /// Whether the side to move attacks `target` after the piece move or
    /// drop `m` (not en passant or castling).
    fn gives_check(&self, m: &Move, target: usize) -> bool {
        let us = self.turn;
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let placed = m.promotion.map_or(usize::from(m.role), usize::from);
        let occ = (self.occupied() & !bit(from)) | bit(to);
        let mine = |role: usize| {
            let b = self.pieces(us, role) & !bit(from);
            if role == placed { b | bit(to) } else { b }
        };
        let diag = mine(super::BISHOP) | mine(super::QUEEN);
        let orth = mine(super::ROOK) | mine(super::QUEEN);
        (attacks::KNIGHT[target] & mine(super::KNIGHT))
            | (attacks::KING[target] & mine(KING))
            | (attacks::PAWN[(!us).index()][target] & mine(PAWN))
            | (attacks::bishop(target, occ) & diag)
            | (attacks::rook(target, occ) & orth)
            != 0
    }
}
