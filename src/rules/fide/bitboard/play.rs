//! Playing moves on the bitboards, and the game's endings.

use super::*;

impl BitPosition {
    // ---------------------------------------------------------------- play

    /// Plays `m`, a legal move of this position (from
    /// [`legal_moves`](Self::legal_moves) or [`resolve`](GamePosition::resolve),
    /// or the core's for the same position).
    #[inline]
    pub fn play_unchecked(&mut self, m: &Move) {
        match *m {
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => self.play_normal(role, idx(from), idx(to), capture, promotion),
            _ => self.play_special(m),
        }
    }

    /// [`play_unchecked`](Self::play_unchecked) for a normal move: the
    /// board, hash and rights updated from the move's own roles, and the
    /// checkers found from the move alone.
    #[inline]
    pub(super) fn play_normal(
        &mut self,
        role: Role,
        from: usize,
        to: usize,
        capture: Option<Role>,
        promotion: Option<Role>,
    ) {
        let us = self.turn;
        let u = us.index();
        let role = role.index().min(KING);
        let mut placed = role;
        if let Some(p) = promotion {
            placed = p.index().min(KING);
            let n = &mut self.promotions[u];
            *n = n.saturating_add(1);
        }
        self.ep = None;
        self.halfmoves += 1;
        if let Some(c) = capture {
            // The taken role is the move's own: no search of the board.
            let c = c.index().min(KING);
            debug_assert_eq!(self.piece_on(to), Some((!us, c)));
            self.by_color[u ^ 1] &= !bit(to);
            self.by_role[c] &= !bit(to);
            self.board_hash ^= ZOBRIST[u ^ 1][c][to];
            self.halfmoves = 0;
            self.castling &= !bit(to);
        }
        // The mover off `from` and on `to` in one step.
        debug_assert_eq!(self.piece_on(from), Some((us, role)));
        self.by_color[u] ^= bit(from) | bit(to);
        self.by_role[role] ^= bit(from);
        self.by_role[placed] ^= bit(to);
        self.board_hash ^= ZOBRIST[u][role][from] ^ ZOBRIST[u][placed][to];
        if role == KING {
            self.castling &= !back_rank(us);
        }
        self.castling &= !bit(from);
        if role == PAWN {
            self.halfmoves = 0;
            if from.abs_diff(to) == 16 {
                self.ep = Some(((from + to) / 2) as u8);
            }
        }
        self.fullmoves += u as u32;
        self.turn = !us;
        self.checkers = self.checks_after(placed, from, to);
        debug_assert_eq!(self.checkers, self.compute_checkers());
    }

    /// [`play_unchecked`](Self::play_unchecked) for en passant and castling.
    #[inline(never)]
    pub(super) fn play_special(&mut self, m: &Move) {
        let us = self.turn;
        self.ep = None;
        self.halfmoves += 1;
        match *m {
            // Normal moves go to `play_normal`.
            Move::Normal { .. } => debug_assert!(false, "a normal move in play_special"),
            Move::EnPassant { from, to, victim } => {
                if let Some((c, role)) = self.remove(idx(from)) {
                    self.remove(idx(victim));
                    self.put(idx(to), c, role);
                }
                self.halfmoves = 0;
            }
            Move::Castle {
                king,
                rook,
                king_to,
                rook_to,
                ..
            } => {
                // Our king and rook, both lifted before either lands (in
                // Chess960 one may land where the other stood).
                let (k, r, kt, rt) = (idx(king), idx(rook), idx(king_to), idx(rook_to));
                let u = us.index();
                debug_assert_eq!(self.piece_on(k), Some((us, KING)));
                debug_assert_eq!(self.piece_on(r), Some((us, ROOK)));
                self.by_color[u] = (self.by_color[u] & !(bit(k) | bit(r))) | bit(kt) | bit(rt);
                self.by_role[KING] = (self.by_role[KING] & !bit(k)) | bit(kt);
                self.by_role[ROOK] = (self.by_role[ROOK] & !bit(r)) | bit(rt);
                let z = &ZOBRIST[u];
                self.board_hash ^= z[KING][k] ^ z[KING][kt] ^ z[ROOK][r] ^ z[ROOK][rt];
                self.castling &= !back_rank(us);
            }
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !us;
        self.checkers = self.compute_checkers();
    }

    /// Passes the turn (a null move `--`), as the core does.
    pub fn play_null(&mut self) {
        self.ep = None;
        self.halfmoves += 1;
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        self.checkers = self.compute_checkers();
    }

    // ------------------------------------------------------------- endings

    /// Whether an en-passant capture is legal now.
    #[inline]
    pub fn has_legal_ep(&self) -> bool {
        // After most double steps no pawn stands beside the one that moved:
        // answered here, without the legality test.
        let Some(e) = self.ep else { return false };
        let us = self.turn;
        attacks::PAWN[(!us).index()][e as usize & 63] & self.pieces(us, PAWN) != 0
            && self.ep_captures().0 != 0
    }

    /// [`ending`](Self::ending); the buffer is not needed (the core's signature).
    #[inline]
    pub fn ending_with(&self, _buf: &mut MoveList) -> Option<Ending> {
        self.ending()
    }

    /// How the game ends in this position, if it does by the position alone.
    pub fn ending(&self) -> Option<Ending> {
        if !self.has_legal_move() {
            return Some(if self.is_check() {
                Ending::Checkmate { winner: !self.turn }
            } else {
                Ending::Stalemate
            });
        }
        if self.is_insufficient_material() {
            return Some(Ending::InsufficientMaterial);
        }
        if self.halfmoves >= 150 {
            return Some(Ending::SeventyFiveMoves);
        }
        None
    }

    /// Whether neither side can ever mate (python-chess's rules).
    #[inline]
    pub fn is_insufficient_material(&self) -> bool {
        // Fast exit: a pawn, rook or queen on the board.
        if self.by_role[PAWN] | self.by_role[ROOK] | self.by_role[QUEEN] != 0 {
            return false;
        }
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// Whether `color` alone can never mate (python-chess's definition,
    /// as the core has it).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.by_color[color.index()];
        let theirs = self.by_color[(!color).index()];
        let r = &self.by_role;
        if ours & (r[PAWN] | r[ROOK] | r[QUEEN]) != 0 {
            return false;
        }
        if ours & r[KNIGHT] != 0 {
            return ours.count_ones() <= 2 && theirs & !(r[KING] | r[QUEEN]) == 0;
        }
        if ours & r[BISHOP] != 0 {
            const DARK: Bitboard = 0xAA55_AA55_AA55_AA55;
            let b = r[BISHOP];
            let same_color = b & DARK == 0 || b & !DARK == 0;
            return same_color && r[PAWN] | r[KNIGHT] == 0;
        }
        true
    }

    /// The core's repetition key: pieces, side to move, castling rights and
    /// a legal en-passant capture.
    pub fn repetition_key(&self) -> u64 {
        let mut h = self.board_hash
            ^ CASTLING_RANK_KEY[0][(self.castling & RANK_1) as usize]
            ^ CASTLING_RANK_KEY[1][(self.castling >> 56) as usize];
        if self.turn == Color::Black {
            h ^= BLACK_KEY;
        }
        if let Some(e) = self.ep {
            if self.has_legal_ep() {
                h ^= EP_KEY[e as usize];
            }
        }
        h
    }
}
