//! Resolving written moves to legal moves: the common piece moves and
//! castlings here, everything else on the core.

use super::*;

impl BitPosition {
    // ------------------------------------------------------------- resolve

    /// The legal move `token` names, or why there is none: the same answer
    /// as [`core::Position::resolve_token`]. Piece moves and castling that
    /// name exactly one legal move are found here; everything else (no
    /// match, ambiguity, other actions) is left to the core.
    pub fn resolve_token(
        &self,
        token: &MoveToken,
        scratch: &mut MoveList,
    ) -> Result<Move, Rejection> {
        match self.resolve_quick(token) {
            Some(m) => Ok(m),
            None => self.resolve_on_core(token, scratch),
        }
    }

    /// The legal move `token` names when the bitboard alone can tell (a
    /// piece move or castling naming exactly one legal move); `None` leaves
    /// the answer, and the reason for a refusal, to
    /// [`resolve_token`](Self::resolve_token). Small enough to come back
    /// in a register, which the verifier's hot path relies on.
    #[inline]
    pub fn resolve_quick(&self, token: &MoveToken) -> Option<Move> {
        match token.first() {
            Some(a) if token.is_single() => self.resolve_action_quick(a),
            _ => None,
        }
    }

    /// [`resolve_quick`](Self::resolve_quick) for a token of one action.
    #[inline]
    pub fn resolve_action_quick(&self, action: &Action) -> Option<Move> {
        match action {
            Action::Piece(pm) => self.resolve_piece(pm),
            Action::Castle(side) => self.resolve_castle(*side),
            _ => None,
        }
    }

    /// The answer for everything the fast paths leave (kept out of their
    /// way: the core position is large).
    #[cold]
    #[inline(never)]
    pub(super) fn resolve_on_core(
        &self,
        token: &MoveToken,
        scratch: &mut MoveList,
    ) -> Result<Move, Rejection> {
        self.to_core().resolve_token(token, scratch)
    }

    /// The one legal castling to the written side, if there is one.
    #[inline(never)]
    pub(super) fn resolve_castle(&self, side: WrittenSide) -> Option<Move> {
        let side = match side {
            WrittenSide::King => CastleSide::Short,
            WrittenSide::Queen => CastleSide::Long,
        };
        let mut buf = CastleBuf::default();
        self.gen_castling(Some(side), &mut buf);
        (buf.len == 1).then_some(buf.moves[0])
    }

    /// The one legal move a piece move names, as the core reads it; `None`
    /// when there is none or several (the core explains).
    #[inline(always)]
    pub(super) fn resolve_piece(&self, pm: &PieceMove) -> Option<Move> {
        if pm.to.file >= 8 || pm.to.rank >= 8 {
            return None;
        }
        let to = pm.to.rank as usize * 8 + pm.to.file as usize;
        // Most SAN moves name the target alone, with or without a letter.
        match (pm.piece, pm.from_file, pm.from_rank, pm.promotion) {
            (Some(l), None, None, None) => match role_of_letter(l)? {
                PAWN => self.resolve_pawn(to, !0, None),
                role => self.resolve_officer(role, to, !0),
            },
            (None, None, None, None) => self.resolve_pawn(to, !0, None),
            _ => self.resolve_piece_with_origin(pm, to),
        }
    }

    /// [`resolve_piece`](Self::resolve_piece) for a move with an origin
    /// file or rank, or a promotion, written.
    #[inline(never)]
    pub(super) fn resolve_piece_with_origin(&self, pm: &PieceMove, to: usize) -> Option<Move> {
        let mut origins: Bitboard = !0;
        if let Some(f) = pm.from_file {
            if f >= 8 {
                return None;
            }
            origins &= FILE_A << f;
        }
        if let Some(r) = pm.from_rank {
            if r >= 8 {
                return None;
            }
            origins &= RANK_1 << (8 * r);
        }
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let role = match (pm.piece, pm.from_file, pm.from_rank) {
            (Some(l), _, _) => role_of_letter(l)?,
            // A move with its full origin and no letter may be UCI or LAN for any piece.
            (None, Some(f), Some(r)) => {
                let from = r as usize * 8 + f as usize;
                match self.role_on(from) {
                    Some(KING) if ours & bit(from) != 0 => {
                        if let Some(m) = self.uci_castling(from, to) {
                            return Some(m);
                        }
                        KING
                    }
                    Some(role) if ours & bit(from) != 0 => role,
                    _ => PAWN,
                }
            }
            _ => PAWN,
        };
        let promotion = match pm.promotion {
            Some(l) => Some(role_of_letter(l)?),
            None => None,
        };
        if role == PAWN {
            return self.resolve_pawn(to, origins, promotion);
        }
        if promotion.is_some() {
            return None;
        }
        self.resolve_officer(role, to, origins)
    }

    /// The one legal move of our piece of `role` (not a pawn) from one of
    /// `origins` onto `to`, if there is exactly one. Most moves have one
    /// candidate: its legality is the check evasion and pin test alone.
    #[inline]
    pub(super) fn resolve_officer(
        &self,
        role: usize,
        to: usize,
        origins: Bitboard,
    ) -> Option<Move> {
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        if ours & bit(to) != 0 {
            return None;
        }
        let occ = ours | theirs;
        let mut candidates = attacks::EMPTY_BOARD[role][to] & self.by_role[role] & ours & origins;
        if matches!(role, BISHOP | ROOK | QUEEN) {
            if candidates & candidates.wrapping_sub(1) == 0 {
                // One slider (or none): one look at the squares between.
                if candidates != 0 && attacks::between(lsb(candidates), to) & occ != 0 {
                    return None;
                }
            } else {
                for f in squares(candidates) {
                    if attacks::between(f, to) & occ != 0 {
                        candidates &= !bit(f);
                    }
                }
            }
        }
        if candidates == 0 {
            return None;
        }
        let takes = theirs & bit(to) != 0;
        let from = if role == KING {
            // One king: the candidate is it.
            let f = lsb(candidates);
            let victim = takes.then_some(to);
            if !self.leaves_king_safe_slow(KING, f, to, victim) {
                return None;
            }
            f
        } else {
            if self.check_mask() & bit(to) == 0 {
                return None;
            }
            self.only_safe_origin(role, candidates, to, takes)?
        };
        Some(Move::Normal {
            role: ROLES[role],
            from: sq16(from),
            to: sq16(to),
            capture: takes.then(|| ROLES[self.role_at(to)]),
            promotion: None,
        })
    }

    /// The one of `candidates`, our pieces of `role` (not the king) that
    /// reach `to`, whose move there leaves our king safe, if exactly one
    /// does; the caller has tested the check evasion. Most moves have one
    /// candidate, and only its pin is tested.
    #[inline(always)]
    pub(super) fn only_safe_origin(
        &self,
        role: usize,
        candidates: Bitboard,
        to: usize,
        takes: bool,
    ) -> Option<usize> {
        let us = self.turn;
        let k = self.king_sq(us);
        let theirs = self.by_color[(!us).index()];
        let occ = self.occupied();
        let safe = |f: usize| {
            let safe = !self.uncovers(k, f, to, theirs, occ);
            debug_assert_eq!(
                safe,
                self.leaves_king_safe_slow(role, f, to, takes.then_some(to))
            );
            safe
        };
        if candidates == 0 {
            return None;
        }
        if candidates & (candidates - 1) == 0 {
            let f = lsb(candidates);
            return safe(f).then_some(f);
        }
        let mut found = None;
        for f in squares(candidates) {
            if safe(f) {
                if found.is_some() {
                    return None;
                }
                found = Some(f);
            }
        }
        found
    }

    /// [`resolve_piece`](Self::resolve_piece) for a pawn move onto `to`
    /// from one of `origins`: a push or a capture on `to` here, a move onto
    /// the en-passant square in [`resolve_pawn_ep`](Self::resolve_pawn_ep).
    #[inline]
    pub(super) fn resolve_pawn(
        &self,
        to: usize,
        origins: Bitboard,
        promotion: Option<usize>,
    ) -> Option<Move> {
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occ = ours | theirs;
        let target = bit(to);
        let pawns = self.pieces(us, PAWN) & origins;
        let takes = theirs & target != 0;
        let sources = if takes {
            attacks::PAWN[(!us).index()][to] & pawns
        } else if ours & target != 0 {
            return None;
        } else {
            if self.ep == Some(to as u8) && promotion.is_none() {
                return self.resolve_pawn_ep(to, origins);
            }
            // One step back from `to`, or two from the start rank over an
            // empty square.
            let (one, two) = match us {
                Color::White => (target >> 8, (target >> 16) & (RANK_1 << 8) & !(occ >> 8)),
                Color::Black => (target << 8, (target << 16) & (RANK_1 << 48) & !(occ << 8)),
            };
            (one | two) & pawns
        };
        let last = if us == Color::White { RANK_8 } else { RANK_1 };
        let promotes = last & target != 0;
        let promo_ok = match promotion {
            None => !promotes,
            Some(p) => promotes && self.rules.promotion_roles.contains(&ROLES[p]),
        };
        if sources == 0 || !promo_ok || self.check_mask() & target == 0 {
            return None;
        }
        let from = self.only_safe_origin(PAWN, sources, to, takes)?;
        Some(Move::Normal {
            role: ROLES[PAWN],
            from: sq16(from),
            to: sq16(to),
            capture: takes.then(|| ROLES[self.role_at(to)]),
            promotion: promotion.map(|p| ROLES[p]),
        })
    }

    /// [`resolve_pawn`](Self::resolve_pawn) for a move without promotion
    /// onto the empty en-passant square: a capture there, or a push.
    #[cold]
    #[inline(never)]
    pub(super) fn resolve_pawn_ep(&self, to: usize, origins: Bitboard) -> Option<Move> {
        let promotion: Option<usize> = None;
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occ = ours | theirs;
        let victim = (theirs & bit(to) != 0).then_some(to);
        // The one legal origin found so far, and whether it takes en passant.
        let mut found: Option<(usize, bool)> = None;
        {
            let last = if us == Color::White { RANK_8 } else { RANK_1 };
            let promotes = last & bit(to) != 0;
            let promo_ok = match promotion {
                None => !promotes,
                Some(p) => promotes && self.rules.promotion_roles.contains(&ROLES[p]),
            };
            let pawns = self.pieces(us, PAWN) & origins;
            let mut sources: Bitboard = 0;
            if victim.is_some() {
                sources = attacks::PAWN[(!us).index()][to] & pawns;
            } else if occ & bit(to) == 0 {
                let (one, two, start) = match us {
                    Color::White => (to.checked_sub(8), to.checked_sub(16), 1),
                    Color::Black => (
                        Some(to + 8).filter(|&s| s < 64),
                        Some(to + 16).filter(|&s| s < 64),
                        6,
                    ),
                };
                if let Some(o) = one {
                    sources |= pawns & bit(o);
                    if let Some(t) = two {
                        if t / 8 == start && occ & bit(o) == 0 {
                            sources |= pawns & bit(t);
                        }
                    }
                }
                if self.ep == Some(to as u8) && promotion.is_none() {
                    let v = ep_victim(to, us);
                    for f in squares(attacks::PAWN[(!us).index()][to] & pawns) {
                        if self.leaves_king_safe(PAWN, f, to, Some(v)) {
                            if found.is_some() {
                                return None;
                            }
                            found = Some((f, true));
                        }
                    }
                }
            }
            if !promo_ok {
                sources = 0;
            }
            for f in squares(sources) {
                if self.leaves_king_safe(PAWN, f, to, victim) {
                    if found.is_some() {
                        return None;
                    }
                    found = Some((f, false));
                }
            }
        }
        let (from, en_passant) = found?;
        Some(if en_passant {
            Move::EnPassant {
                from: sq16(from),
                to: sq16(to),
                victim: sq16(ep_victim(to, us)),
            }
        } else {
            Move::Normal {
                role: ROLES[PAWN],
                from: sq16(from),
                to: sq16(to),
                capture: victim.and_then(|v| self.role_on(v)).map(|r| ROLES[r]),
                promotion: promotion.map(|p| ROLES[p]),
            }
        })
    }

    /// UCI castling, our king on `from` "moving" two files or onto its own
    /// rook on `to`: the legal castling it names, if any.
    #[inline(never)]
    pub(super) fn uci_castling(&self, from: usize, to: usize) -> Option<Move> {
        let ours = self.by_color[self.turn.index()];
        let df = (to % 8) as i16 - (from % 8) as i16;
        let onto_rook = ours & !self.by_role[KING] & bit(to) != 0;
        if from / 8 != to / 8 || (df.abs() != 2 && !onto_rook) {
            return None;
        }
        let mut buf = CastleBuf::default();
        self.gen_castling(None, &mut buf);
        let (f16, t16) = (sq16(from), sq16(to));
        buf.moves[..buf.len].iter().copied().find(|m| match *m {
            Move::Castle {
                king,
                rook,
                king_to,
                ..
            } => king == f16 && (king_to == t16 || rook == t16),
            _ => false,
        })
    }
}

/// The FIDE role of a piece letter (either case).
#[inline]
pub(super) fn role_of_letter(l: u8) -> Option<usize> {
    match ROLE_OF_LETTER[l as usize] {
        NO_ROLE => None,
        r => Some(r as usize),
    }
}

const NO_ROLE: u8 = u8::MAX;

/// [`role_of_letter`] by table: one load per written letter.
static ROLE_OF_LETTER: [u8; 256] = {
    let mut t = [NO_ROLE; 256];
    let mut r = 0;
    while r < LETTERS.len() {
        t[LETTERS[r] as usize] = r as u8;
        t[LETTERS[r].to_ascii_lowercase() as usize] = r as u8;
        r += 1;
    }
    t
};
