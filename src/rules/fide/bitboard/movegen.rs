//! Legal move generation: pawn pushes, piece targets, castling, and the
//! test of whether the side to move has any legal move.

use super::*;

impl BitPosition {
    // ------------------------------------------------------------- movegen

    /// The pawn pushes (single and double) of a pawn on `from`.
    #[inline]
    pub(super) fn pawn_pushes(&self, from: usize) -> Bitboard {
        let occ = self.occupied();
        match self.turn {
            Color::White => {
                let one = bit(from) << 8 & !occ;
                let two = if from / 8 == 1 { one << 8 & !occ } else { 0 };
                one | two
            }
            Color::Black => {
                let one = bit(from) >> 8 & !occ;
                let two = if from / 8 == 6 { one >> 8 & !occ } else { 0 };
                one | two
            }
        }
    }

    /// The en-passant square when a capture there may be possible (the
    /// square is empty): the core's `ep` as its generator uses it.
    #[inline]
    pub(super) fn ep_target(&self) -> Option<usize> {
        let e = self.ep? as usize;
        (self.occupied() & bit(e) == 0).then_some(e)
    }

    /// The legal targets of our non-king piece of `role` on `from`,
    /// en passant excluded, given the check and pin masks.
    #[inline]
    pub(super) fn piece_targets(
        &self,
        role: usize,
        from: usize,
        check_mask: Bitboard,
        pinned: Bitboard,
    ) -> Bitboard {
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occ = ours | theirs;
        let mut t = if role == PAWN {
            self.pawn_pushes(from) | (attacks::PAWN[us.index()][from] & theirs)
        } else {
            self.attacks_of(role, us, from, occ) & !ours
        };
        t &= check_mask;
        if pinned & bit(from) != 0 {
            t &= attacks::line(self.king_sq(us), from);
        }
        t
    }

    /// The squares our king may step to.
    #[inline]
    pub(super) fn king_targets(&self) -> Bitboard {
        let us = self.turn;
        let k = self.king_sq(us);
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occ = (ours | theirs) & !bit(k);
        let mut t = attacks::KING[k] & !ours;
        let mut safe = 0;
        while t != 0 {
            let s = lsb(t);
            t &= t - 1;
            if !self.attacked(s, occ, theirs) {
                safe |= bit(s);
            }
        }
        safe
    }

    /// Whether our king has a square to step to ([`king_targets`](Self::king_targets)
    /// is not empty), stopping at the first.
    #[inline]
    pub(super) fn king_can_move(&self) -> bool {
        let us = self.turn;
        let k = self.king_sq(us);
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occ = (ours | theirs) & !bit(k);
        squares(attacks::KING[k] & !ours).any(|s| !self.attacked(s, occ, theirs))
    }

    /// The squares a non-king move must land on: anywhere, or on the
    /// checker or between it and the king; nowhere in double check.
    #[inline]
    pub(super) fn check_mask(&self) -> Bitboard {
        // Without `count_ones`: the baseline target has no popcount instruction.
        let c = self.checkers;
        if c == 0 {
            !0
        } else if c & (c - 1) == 0 {
            c | attacks::between(self.king_sq(self.turn), lsb(c))
        } else {
            0
        }
    }

    /// Our pawns that can take en passant legally now, with the target.
    pub(super) fn ep_captures(&self) -> (Bitboard, usize) {
        let Some(e) = self.ep_target() else {
            return (0, 0);
        };
        let us = self.turn;
        let mut from = attacks::PAWN[(!us).index()][e] & self.pieces(us, PAWN);
        let v = ep_victim(e, us);
        let mut ok = 0;
        while from != 0 {
            let f = lsb(from);
            from &= from - 1;
            if self.leaves_king_safe(PAWN, f, e, Some(v)) {
                ok |= bit(f);
            }
        }
        (ok, e)
    }

    /// The legal targets of our piece of `role` on `from`: the king's
    /// safe squares, or the piece's targets and the en passant square
    /// when it is one of the pawns `ep` = (pawns, square) allows.
    #[inline]
    fn legal_targets(
        &self,
        role: usize,
        from: usize,
        check_mask: Bitboard,
        pinned: Bitboard,
        (ep_from, ep): (Bitboard, usize),
    ) -> Bitboard {
        if role == KING {
            return self.king_targets();
        }
        let mut t = self.piece_targets(role, from, check_mask, pinned);
        if ep_from & bit(from) != 0 {
            t |= bit(ep);
        }
        t
    }

    /// Every legal move, appended to `out` after clearing it, in the core's
    /// order: by origin square (a1, b1, ... h8), each piece's moves in the
    /// order of its Betza vectors, near to far, promotions in the game's
    /// order (Q, R, B, N); castling last, long before short.
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        let us = self.turn;
        let order = move_order();
        let check_mask = self.check_mask();
        let pinned = self.pinned();
        let (ep_from, ep) = self.ep_captures();
        let promo_rank = if us == Color::White { RANK_8 } else { RANK_1 };
        for from in squares(self.by_color[us.index()]) {
            let Some(role) = self.role_on(from) else {
                continue;
            };
            let targets = self.legal_targets(role, from, check_mask, pinned, (ep_from, ep));
            if targets == 0 {
                continue;
            }
            for &t in order.of(us, role, from) {
                let t = t as usize;
                if targets & bit(t) == 0 {
                    continue;
                }
                out.push_move(self, role, from, t, promo_rank);
            }
        }
        self.castling_moves(None, out);
    }

    /// Every legal move, appended to `out` after clearing it, in no
    /// particular order (by origin square, then target square): perft's
    /// inner plies, where the core's order buys nothing and walking each
    /// piece's ordered targets cost a fifth of the time. The same moves as
    /// [`legal_moves`](Self::legal_moves); a test holds the two equal.
    pub fn legal_moves_unordered(&self, out: &mut MoveList) {
        out.clear();
        let us = self.turn;
        let check_mask = self.check_mask();
        let pinned = self.pinned();
        let (ep_from, ep) = self.ep_captures();
        let promo_rank = if us == Color::White { RANK_8 } else { RANK_1 };
        for from in squares(self.by_color[us.index()]) {
            let Some(role) = self.role_on(from) else {
                continue;
            };
            let targets = self.legal_targets(role, from, check_mask, pinned, (ep_from, ep));
            for t in squares(targets) {
                out.push_move(self, role, from, t, promo_rank);
            }
        }
        self.castling_moves(None, out);
    }

    /// The number of legal moves, counted from the legal target sets
    /// without listing the moves: perft's last ply (bulk counting, as fast
    /// perft programs do). The same target sets as
    /// [`legal_moves`](Self::legal_moves); a test holds the two equal.
    pub fn legal_move_count(&self) -> u64 {
        let us = self.turn;
        let check_mask = self.check_mask();
        let mut n = u64::from(self.king_targets().count_ones());
        if check_mask == 0 {
            // Double check: only the king moves.
            return n;
        }
        let pinned = self.pinned();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occ = ours | theirs;
        let to = !ours & check_mask;
        let k = self.king_sq(us);
        let r = &self.by_role;
        // Each role's pieces by their own attack sets: no role lookup per
        // square. A pinned piece moves along its pin line only (a pinned
        // knight never).
        let along = |s: usize, t: Bitboard| {
            if pinned & bit(s) != 0 {
                t & attacks::line(k, s)
            } else {
                t
            }
        };
        for s in squares(r[KNIGHT] & ours & !pinned) {
            n += u64::from((attacks::KNIGHT[s] & to).count_ones());
        }
        for s in squares((r[BISHOP] | r[QUEEN]) & ours) {
            n += u64::from(along(s, attacks::bishop(s, occ) & to).count_ones());
        }
        for s in squares((r[ROOK] | r[QUEEN]) & ours) {
            n += u64::from(along(s, attacks::rook(s, occ) & to).count_ones());
        }
        // Pawns: the free ones as a set, the pinned ones one by one.
        let promo_rank = if us == Color::White { RANK_8 } else { RANK_1 };
        let promotions = self.rules.promotion_roles.len() as u64;
        let mut pawn_targets = |t: Bitboard| {
            n += u64::from((t & !promo_rank).count_ones())
                + u64::from((t & promo_rank).count_ones()) * promotions;
        };
        let pawns = r[PAWN] & ours;
        for s in squares(pawns & pinned) {
            pawn_targets(self.piece_targets(PAWN, s, check_mask, pinned));
        }
        let free = pawns & !pinned;
        let empty = !occ;
        let (one, two, left, right) = match us {
            Color::White => {
                let one = free << 8 & empty;
                let two = (one & RANK_3) << 8 & empty;
                (one, two, (free & !FILE_A) << 7, (free & !FILE_H) << 9)
            }
            Color::Black => {
                let one = free >> 8 & empty;
                let two = (one & RANK_6) >> 8 & empty;
                (one, two, (free & !FILE_A) >> 9, (free & !FILE_H) >> 7)
            }
        };
        for t in [one, two, left & theirs, right & theirs] {
            pawn_targets(t & check_mask);
        }
        n += u64::from(self.ep_captures().0.count_ones());
        let mut buf = CastleBuf::default();
        self.gen_castling(None, &mut buf);
        n + buf.len as u64
    }

    /// Whether the side to move has a legal move (no allocation).
    pub fn has_legal_move(&self) -> bool {
        if self.king_can_move() {
            debug_assert_ne!(self.king_targets(), 0);
            return true;
        }
        let us = self.turn;
        let check_mask = self.check_mask();
        let pinned = self.pinned();
        let others = self.by_color[us.index()] & !self.by_role[KING];
        for from in squares(others) {
            let Some(role) = self.role_on(from) else {
                continue;
            };
            if self.piece_targets(role, from, check_mask, pinned) != 0 {
                return true;
            }
        }
        if self.ep_captures().0 != 0 {
            return true;
        }
        let mut buf = CastleBuf::default();
        self.gen_castling(None, &mut buf);
        buf.len > 0
    }

    /// [`has_legal_move`](Self::has_legal_move); the buffer is not needed
    /// (the core's signature, for callers that hold one).
    #[inline]
    pub fn has_legal_move_with(&self, _buf: &mut MoveList) -> bool {
        self.has_legal_move()
    }

    /// Legal castlings to `side` (both when `None`), appended to `out`.
    pub(super) fn castling_moves(&self, side: Option<CastleSide>, out: &mut MoveList) {
        let mut buf = CastleBuf::default();
        self.gen_castling(side, &mut buf);
        out.extend_from_slice(&buf.moves[..buf.len]);
    }

    /// The core's castling: the rook with the right, king and rook paths
    /// empty but for themselves, no square the king stands on or passes
    /// attacked (king lifted off), and the king safe where it lands.
    pub(super) fn gen_castling(&self, side: Option<CastleSide>, out: &mut CastleBuf) {
        let us = self.turn;
        let rights = self.castling & back_rank(us);
        if rights == 0 || self.checkers != 0 {
            return;
        }
        let k = self.king_sq(us);
        let back = if us == Color::White { 0 } else { 7 };
        if k / 8 != back {
            return;
        }
        let theirs = self.by_color[(!us).index()];
        let occ = self.occupied();
        // The rooks on the written side only: above the king on its rank
        // for short, the others for long (as the file test below decides).
        let above: Bitboard = (!0 << k) << 1;
        let rights = match side {
            Some(CastleSide::Short) => rights & above,
            Some(CastleSide::Long) => rights & !above,
            None => rights,
        };
        for r in squares(rights) {
            let s = if r % 8 > k % 8 {
                CastleSide::Short
            } else {
                CastleSide::Long
            };
            let (kf, rf) = match s {
                CastleSide::Short => (6, 5),
                CastleSide::Long => (2, 3),
            };
            let king_to = back * 8 + kf;
            let rook_to = back * 8 + rf;
            let others = occ & !bit(k) & !bit(r);
            let span = |a: usize, b: usize| attacks::between(a, b) | bit(a) | bit(b);
            if others & (span(k, king_to) | span(r, rook_to)) != 0 {
                continue;
            }
            let lifted = occ & !bit(k);
            // The king's own square is not attacked: we are not in check.
            let path = span(k, king_to) & !bit(king_to) & !bit(k);
            if squares(path).any(|s| self.attacked(s, lifted, theirs)) {
                continue;
            }
            let after = (occ & !bit(k) & !bit(r)) | bit(king_to) | bit(rook_to);
            if self.attacked(king_to, after, theirs) {
                continue;
            }
            out.moves[out.len] = Move::Castle {
                side: s,
                form: CastleForm::Rook,
                king: sq16(k),
                rook: sq16(r),
                king_to: sq16(king_to),
                rook_to: sq16(rook_to),
            };
            out.len += 1;
        }
    }

    /// Counts the positions reached after exactly `depth` legal moves (the
    /// walk of [`crate::rules::perft::perft`], on this position).
    pub fn perft(&self, depth: u32) -> u64 {
        crate::rules::perft::count_nodes(self, depth)
    }
}

/// Pushing one generated move, with promotions and en passant.
trait PushMove {
    fn push_move(
        &mut self,
        pos: &BitPosition,
        role: usize,
        from: usize,
        to: usize,
        promo_rank: Bitboard,
    );
}

impl PushMove for MoveList {
    #[inline]
    fn push_move(
        &mut self,
        pos: &BitPosition,
        role: usize,
        from: usize,
        to: usize,
        promo_rank: Bitboard,
    ) {
        let us = pos.turn;
        // A pawn's diagonal step onto an empty square can only be en passant.
        if role == PAWN && from % 8 != to % 8 && pos.occupied() & bit(to) == 0 {
            self.push(Move::EnPassant {
                from: sq16(from),
                to: sq16(to),
                victim: sq16(ep_victim(to, us)),
            });
            return;
        }
        let capture = pos.role_on(to).map(|r| ROLES[r]);
        let choices = (role == PAWN && promo_rank & bit(to) != 0)
            .then_some(pos.rules.promotion_roles.as_slice());
        Move::push_normal(self, (ROLES[role], sq16(from), sq16(to)), capture, choices);
    }
}
