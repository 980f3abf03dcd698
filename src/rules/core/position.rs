//! A position of a chess-like game (FIDE, Gast, Squirrel): the board, whose
//! turn it is and the state the rules need, with move generation, legality
//! and play.

use super::color::{ByColor, Color};
use super::game::{CastlingRule, GameRules, GastCastling};
use super::moves::{CastleForm, CastleSide, Move, MoveList};
use super::piece::{Piece, Role, RoleSet};
use super::square::{Square, SquareSet};
use crate::rules::betza::Vector;

/// A validated position. Build one with [`Position::start`] or
/// [`Position::from_fen`](super::fen); fields are private so that every
/// position obeys the game's invariants.
#[derive(Clone)]
pub struct Position {
    pub(crate) rules: &'static GameRules,
    pub(crate) board: [u8; 256],
    pub(crate) occupied: ByColor<SquareSet>,
    pub(crate) kings: ByColor<Option<Square>>,
    pub(crate) turn: Color,
    /// Rooks that may still castle; in Gast every castling piece that keeps
    /// its right: the king (on its start square, or where archer castling
    /// put it), archers and rooks.
    pub(crate) castling: ByColor<SquareSet>,
    /// Promotions each side has made (Squirrel's ordered promotions, S11).
    pub(crate) promotions: ByColor<u8>,
    /// The square a pawn just passed, if its move allows en passant.
    pub(crate) ep: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// Whether the side to move is in check: asked several times per move
    /// by the verifier, so it is worked out once when the position is made.
    pub(crate) checked: bool,
    /// The pieces' part of [`repetition_key`](Self::repetition_key), kept
    /// up to date by `put` and `remove`.
    pub(crate) board_hash: u64,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({} {})", self.rules.name, self.fen())
    }
}

/// How a game ended by the position alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The side to move is mated; the other side wins.
    Checkmate {
        /// The winner.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// Neither side can mate (FIDE dead position): a draw.
    InsufficientMaterial,
    /// 75 moves by each side without pawn move or capture: a draw.
    SeventyFiveMoves,
}

impl Position {
    /// The game's start position.
    ///
    /// # Panics
    /// If the game's built-in start FEN is invalid: a bug caught by the unit
    /// test that builds every game.
    pub fn start(rules: &'static GameRules) -> Position {
        rules
            .start
            .get_or_init(|| {
                Position::from_fen(rules, &rules.start_fen)
                    .expect("invariant: built-in start FENs are valid")
            })
            .clone()
    }

    /// An empty board, White to move, for building positions.
    pub(crate) fn empty(rules: &'static GameRules) -> Position {
        Position {
            rules,
            board: [0; 256],
            occupied: ByColor::default(),
            kings: ByColor::default(),
            turn: Color::White,
            castling: ByColor::default(),
            promotions: ByColor::default(),
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
            checked: false,
            board_hash: 0,
        }
    }

    /// The game this position belongs to.
    #[inline]
    pub fn rules(&self) -> &'static GameRules {
        self.rules
    }

    /// Whose turn it is.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The squares occupied by `color`.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> SquareSet {
        self.occupied[color]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.occupied.white.union(self.occupied.black)
    }

    /// The king of `color`, if it has one.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color]
    }

    /// Rooks of `color` that keep their castling right.
    #[inline]
    pub fn castling_rooks(&self, color: Color) -> SquareSet {
        self.castling[color]
    }

    /// How many promotions `color` has made (counted in games whose
    /// promotion choices depend on it).
    #[inline]
    pub fn promotions(&self, color: Color) -> u8 {
        self.promotions[color]
    }

    /// What a pawn of the side to move may promote to now.
    pub fn promotion_choices(&self) -> &'static [Role] {
        let rules = self.rules;
        if rules.promotion_stages.is_empty() {
            return &rules.promotion_roles;
        }
        let i = (self.promotions[self.turn] as usize).min(rules.promotion_stages.len() - 1);
        &rules.promotion_stages[i]
    }

    /// The squares of enemy guard zones that brake the side to move's pieces
    /// (empty in games without a guard).
    pub fn braking_zone(&self) -> SquareSet {
        self.zone_of(!self.turn, &self.board)
    }

    /// The union of the zones of `owner`'s guards on `board` (S5).
    pub(crate) fn zone_of(&self, owner: Color, board: &[u8; 256]) -> SquareSet {
        let Some(g) = self.rules.guard else {
            return SquareSet::EMPTY;
        };
        let geo = &self.rules.geometry;
        let mut zone = SquareSet::EMPTY;
        for sq in self.occupied[owner] {
            let Some(p) = Piece::from_code(board[sq.index()]) else {
                continue;
            };
            if p.color != owner || !g.guards.contains(p.role) {
                continue;
            }
            for (df, dr) in KING_STEPS {
                if let Some(t) = geo.offset(sq, df, dr) {
                    zone.insert(t);
                }
            }
        }
        zone
    }

    /// The en-passant target square, when the last move allows one (whether
    /// or not a capture there is legal).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and incremented after Black moves.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.board[sq.index()] = piece.code();
        self.board_hash ^= piece_key(piece.code(), sq);
        self.occupied[piece.color].insert(sq);
        if self.rules.is_royal(piece.role) {
            self.kings[piece.color] = Some(sq);
        }
    }

    pub(crate) fn remove(&mut self, sq: Square) -> Option<Piece> {
        let p = Piece::from_code(self.board[sq.index()])?;
        self.board_hash ^= piece_key(self.board[sq.index()], sq);
        self.board[sq.index()] = 0;
        self.occupied[p.color].remove(sq);
        if self.kings[p.color] == Some(sq) {
            self.kings[p.color] = None;
        }
        Some(p)
    }

    // ---------------------------------------------------------------- attacks

    /// Whether `color` attacks `sq` on the current board.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_with(sq, by, &self.board)
    }

    fn attacked_with(&self, sq: Square, by: Color, board: &[u8; 256]) -> bool {
        if self.rules.guard.is_some() {
            let zone = self.zone_of(!by, board);
            if !zone.is_empty() {
                return self.attacked_braked(sq, by, board, zone);
            }
        }
        let geo = &self.rules.geometry;
        for ray in &self.rules.rays[by] {
            if ray.lame {
                if let Some(from) = geo.offset(sq, -ray.df, -ray.dr) {
                    if let Some(p) = Piece::from_code(board[from.index()]) {
                        if p.color == by
                            && ray.leapers.contains(p.role)
                            && path_clear(board, from, sq)
                        {
                            return true;
                        }
                    }
                }
                continue;
            }
            let reach = if !ray.riders.is_empty() {
                u8::MAX
            } else {
                ray.limited.iter().map(|&(_, n)| n).max().unwrap_or(1)
            };
            let mut cur = sq;
            for k in 1..=reach {
                let Some(next) = geo.offset(cur, -ray.df, -ray.dr) else {
                    break;
                };
                cur = next;
                let code = board[cur.index()];
                if code == 0 {
                    continue;
                }
                if let Some(p) = Piece::from_code(code) {
                    if p.color == by
                        && ((k == 1 && ray.leapers.contains(p.role))
                            || ray.riders.contains(p.role)
                            || ray
                                .limited
                                .iter()
                                .any(|&(set, n)| k <= n && set.contains(p.role)))
                    {
                        return true;
                    }
                }
                break;
            }
        }
        false
    }

    /// [`attacked_with`](Self::attacked_with) under enemy guard zones (S6):
    /// an attack exists only where the zone rules allow the capture.
    #[cold]
    fn attacked_braked(&self, sq: Square, by: Color, board: &[u8; 256], zone: SquareSet) -> bool {
        let geo = &self.rules.geometry;
        let Some(g) = self.rules.guard else {
            return false;
        };
        let target_is_guard = Piece::from_code(board[sq.index()])
            .is_some_and(|p| p.color != by && g.guards.contains(p.role));
        for ray in &self.rules.rays[by] {
            let reach = if !ray.riders.is_empty() {
                u8::MAX
            } else {
                ray.limited.iter().map(|&(_, n)| n).max().unwrap_or(1)
            };
            let mut cur = sq;
            let mut passed_zone = false;
            for k in 1..=reach {
                let Some(next) = geo.offset(cur, -ray.df, -ray.dr) else {
                    break;
                };
                cur = next;
                let code = board[cur.index()];
                let Some(p) = Piece::from_code(code) else {
                    passed_zone |= zone.contains(cur);
                    continue;
                };
                let reaches = p.color == by
                    && ((k == 1 && ray.leapers.contains(p.role))
                        || ray.riders.contains(p.role)
                        || ray
                            .limited
                            .iter()
                            .any(|&(set, n)| k <= n && set.contains(p.role)));
                let lame_ok = !ray.lame || path_clear(board, cur, sq);
                if reaches && lame_ok {
                    let allowed = if g.immune.contains(p.role) {
                        true
                    } else if g.leapers.contains(p.role) {
                        !zone.contains(cur) && !target_is_guard
                    } else if zone.contains(cur) {
                        k == 1
                    } else {
                        !passed_zone
                    };
                    if allowed {
                        return true;
                    }
                }
                break;
            }
        }
        false
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checked
    }

    /// Works out [`is_check`](Self::is_check) anew after the board changed.
    pub(crate) fn compute_check(&self) -> bool {
        match self.kings[self.turn] {
            Some(k) => self.is_attacked(k, !self.turn),
            None => false,
        }
    }

    // -------------------------------------------------------------- movegen

    /// Every legal move, appended to `out` (which is cleared first).
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        self.pseudo_moves(None, None, out);
        let king = self.unpinnable_king();
        out.retain(|m| self.is_safe_given(m, king));
        self.castling_moves(None, out);
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        self.has_legal_move_with(&mut MoveList::new())
    }

    /// [`has_legal_move`](Self::has_legal_move) with a caller-owned buffer, for hot loops.
    pub fn has_legal_move_with(&self, buf: &mut MoveList) -> bool {
        // Piece by piece, stopping at the first legal move: the verifier
        // asks this after every move, and nearly always the answer comes
        // from the first piece that can move.
        let king = self.unpinnable_king();
        let zone = self.braking_zone();
        for sq in self.occupied[self.turn] {
            let Some(p) = self.piece_at(sq) else { continue };
            buf.clear();
            self.piece_moves(sq, p.role, None, zone, buf);
            if buf.iter().any(|m| self.is_safe_given(m, king)) {
                return true;
            }
        }
        buf.clear();
        self.castling_moves(None, buf);
        !buf.is_empty()
    }

    /// Legal moves of pieces of `role` that land on `to` (promotions and en
    /// passant included, castling excluded), appended to `out` (cleared first).
    ///
    /// In Gast the king's castlings are king moves too (N4: the king's move
    /// names the form), so they are included for the king's role.
    pub fn moves_to(&self, role: Role, to: Square, out: &mut MoveList) {
        self.pseudo_moves_to(role, to, out);
        let king = self.unpinnable_king();
        out.retain(|m| self.is_safe_given(m, king));
    }

    /// Pseudo-legal moves (own king may be left attacked) of pieces of `role`
    /// that land on `to`, for explaining why a move is illegal.
    pub fn pseudo_moves_to(&self, role: Role, to: Square, out: &mut MoveList) {
        out.clear();
        if !self.pseudo_moves_to_backwards(role, to, out) {
            self.pseudo_moves(Some(role), Some(to), out);
        }
        if matches!(self.rules.castling, CastlingRule::Gast(_)) && self.rules.is_royal(role) {
            let start = out.len();
            self.gen_castling(None, out);
            let mut i = start;
            while i < out.len() {
                if out[i].to() == to {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
    }

    /// Legal castling moves to `side` (either side when `None`), appended to `out`.
    pub fn castling_moves(&self, side: Option<CastleSide>, out: &mut MoveList) {
        let start = out.len();
        self.gen_castling(side, out);
        let mut i = start;
        while i < out.len() {
            if self.is_safe(&out[i]) {
                i += 1;
            } else {
                out.remove(i);
            }
        }
    }

    /// Whether `m` is one of the legal moves here.
    pub fn is_legal(&self, m: &Move) -> bool {
        let mut buf = MoveList::new();
        match *m {
            Move::Castle { side, .. } => {
                self.castling_moves(Some(side), &mut buf);
            }
            Move::Normal { role, to, .. } => self.moves_to(role, to, &mut buf),
            Move::EnPassant { from, to, .. } => match self.piece_at(from) {
                Some(p) => self.moves_to(p.role, to, &mut buf),
                None => return false,
            },
        }
        buf.contains(m)
    }

    /// The mover's king when it is not in check and the game's pins are
    /// simple (see [`GameRules`]): then a move of another piece that does
    /// not leave a line through the king is safe without trying it.
    fn unpinnable_king(&self) -> Option<Square> {
        if !self.rules.simple_pins() {
            return None;
        }
        let king = self.kings[self.turn]?;
        (!self.checked).then_some(king)
    }

    /// [`is_safe`](Self::is_safe), skipping the trial move for pieces that
    /// cannot be pinned (`king` from [`unpinnable_king`](Self::unpinnable_king)).
    #[inline]
    fn is_safe_given(&self, m: &Move, king: Option<Square>) -> bool {
        if let (Some(k), Move::Normal { role, from, .. }) = (king, m) {
            if !self.rules.is_royal(*role) && !self.may_be_pinned(k, *from) {
                return true;
            }
        }
        self.is_safe(m)
    }

    /// Whether the piece on `from` stands alone between `king` and an enemy
    /// piece that attacks along that line from afar, so that moving it may
    /// expose the king.
    fn may_be_pinned(&self, king: Square, from: Square) -> bool {
        self.rider_behind(king, from, !self.turn)
    }

    /// Whether a piece of `attacker` that attacks from afar stands on a line
    /// from `king` through `from`, with nothing between them but what is on
    /// `from`: the piece there is pinned, or, if `from` was just left, the
    /// king is in check by discovery.
    fn rider_behind(&self, king: Square, from: Square, attacker: Color) -> bool {
        let geo = &self.rules.geometry;
        let dx = from.file() as i16 - king.file() as i16;
        let dy = from.rank() as i16 - king.rank() as i16;
        for ray in &self.rules.rays[attacker] {
            if ray.lame || (ray.riders.is_empty() && ray.limited.is_empty()) {
                continue;
            }
            // The attacker stands at king - n * (df, dr); `from` must lie
            // that way from the king (parallel, same sense; the walk below
            // settles whether the steps land on it).
            let (sf, sr) = (-ray.df, -ray.dr);
            let (sf16, sr16) = (sf as i16, sr as i16);
            if dx * sr16 != dy * sf16 || dx * sf16 + dy * sr16 <= 0 {
                continue;
            }
            let mut cur = king;
            let mut passed = false;
            let mut k: u8 = 0;
            while let Some(next) = geo.offset(cur, sf, sr) {
                cur = next;
                k = k.saturating_add(1);
                if cur == from {
                    passed = true;
                    continue;
                }
                let code = self.board[cur.index()];
                if code == 0 {
                    continue;
                }
                if passed {
                    if let Some(p) = Piece::from_code(code) {
                        if p.color == attacker
                            && (ray.riders.contains(p.role)
                                || ray
                                    .limited
                                    .iter()
                                    .any(|&(set, n)| k <= n && set.contains(p.role)))
                        {
                            return true;
                        }
                    }
                }
                break;
            }
        }
        false
    }

    /// Whether playing `m` leaves the mover's king safe.
    pub(crate) fn is_safe(&self, m: &Move) -> bool {
        let mut after = self.clone();
        after.apply(m);
        match after.kings[self.turn] {
            Some(k) => !after.is_attacked(k, !self.turn),
            None => true,
        }
    }

    fn pseudo_moves(&self, role: Option<Role>, to: Option<Square>, out: &mut MoveList) {
        let us = self.turn;
        let zone = self.braking_zone();
        for sq in self.occupied[us] {
            let Some(p) = self.piece_at(sq) else { continue };
            if role.is_some_and(|r| r != p.role) {
                continue;
            }
            self.piece_moves(sq, p.role, to, zone, out);
        }
    }

    /// How the enemy guard zone `zone` brakes a piece of `role` on `from`.
    #[inline]
    pub(crate) fn brake(&self, from: Square, role: Role, zone: SquareSet) -> Brake {
        match self.rules.guard {
            Some(g) if !zone.is_empty() && !g.immune.contains(role) => {
                let leaper = g.leapers.contains(role);
                Brake {
                    frozen: leaper && zone.contains(from),
                    one_step: zone.contains(from),
                    stop_in_zone: !leaper,
                    spare_guards: if leaper { g.guards } else { RoleSet::default() },
                }
            }
            _ => Brake::NONE,
        }
    }

    /// How many steps vector `v` of a piece of `role` on `from` may take:
    /// its Betza range, a Gast pawn's reach (G3), one inside a guard zone (S3).
    #[inline]
    pub(crate) fn vector_reach(&self, from: Square, role: Role, v: &Vector, brake: &Brake) -> u8 {
        let mut max = if v.range == 0 { u8::MAX } else { v.range };
        if let Some(reach) = &self.rules.pawn_reach {
            if v.df == 0 && !v.mode.can_capture() && self.rules.is_pawn(role) {
                let rel = match self.turn {
                    Color::White => from.rank(),
                    Color::Black => self.rules.geometry.ranks() - 1 - from.rank(),
                };
                let r = reach[(rel & 15) as usize];
                if r > 0 {
                    max = r;
                }
            }
        }
        if brake.one_step {
            max = 1;
        }
        max
    }

    fn piece_moves(
        &self,
        from: Square,
        role: Role,
        only_to: Option<Square>,
        zone: SquareSet,
        out: &mut MoveList,
    ) {
        let rules = self.rules;
        let geo = &rules.geometry;
        let us = self.turn;
        let pawn = rules.is_pawn(role);
        let brake = self.brake(from, role, zone);
        if brake.frozen {
            return;
        }
        let start = out.len();
        for v in &rules.piece(role).vectors[us] {
            if v.initial && !rules.initial_zone[us].contains(from) {
                continue;
            }
            if v.crooked {
                continue; // crooked movers belong to PASGL, which has its own engine
            }
            let max = self.vector_reach(from, role, v, &brake);
            // Quick reject: the target must lie on this vector's line.
            if let Some(t) = only_to {
                if !on_line(from, t, v.df, v.dr, if max == u8::MAX { 0 } else { max }) {
                    continue;
                }
            }
            let mut cur = from;
            for _ in 0..max {
                let Some(t) = geo.offset(cur, v.df, v.dr) else {
                    break;
                };
                if v.lame && !path_clear(&self.board, cur, t) {
                    break;
                }
                cur = t;
                let code = self.board[t.index()];
                let wanted = only_to.is_none_or(|x| x == t);
                match Piece::from_code(code) {
                    None => {
                        if wanted {
                            if v.mode.can_move() {
                                self.push_piece_move(role, from, t, None, pawn, out);
                            } else if pawn {
                                if let Some(victim) = self.ep_victim(t) {
                                    out.push(Move::EnPassant {
                                        from,
                                        to: t,
                                        victim,
                                    });
                                }
                            }
                        }
                    }
                    Some(p) => {
                        if p.color != us
                            && v.mode.can_capture()
                            && wanted
                            && !brake.spare_guards.contains(p.role)
                        {
                            self.push_piece_move(role, from, t, Some(p.role), pawn, out);
                        }
                        break;
                    }
                }
                if only_to == Some(t) || (brake.stop_in_zone && zone.contains(t)) {
                    break;
                }
            }
        }
        if rules.piece(role).overlapping {
            Self::dedup_from(out, start);
        }
    }

    /// Drops moves generated twice by overlapping vectors (see
    /// [`PieceType::overlapping`](super::game::PieceType::overlapping)).
    #[cold]
    fn dedup_from(out: &mut MoveList, start: usize) {
        let mut i = start + 1;
        while i < out.len() {
            if out[start..i].contains(&out[i]) {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Pseudo-legal moves of `role` to `to`, found by walking back from
    /// `to` along the role's vectors: a few steps instead of generating
    /// every move of every piece of that role. Only for games whose moves
    /// are plain Betza vectors (no guard, no Gast pawn reach, no lame or
    /// crooked riders); returns `false`, with `out` untouched, otherwise.
    fn pseudo_moves_to_backwards(&self, role: Role, to: Square, out: &mut MoveList) -> bool {
        let rules = self.rules;
        if rules.guard.is_some() || rules.pawn_reach.is_some() {
            return false;
        }
        let us = self.turn;
        let vectors = &rules.piece(role).vectors[us];
        if vectors
            .iter()
            .any(|v| v.crooked || (v.lame && v.range != 1))
        {
            return false;
        }
        let geo = &rules.geometry;
        let target = Piece::from_code(self.board[to.index()]);
        if target.is_some_and(|p| p.color == us) {
            return true;
        }
        let pawn = rules.is_pawn(role);
        let start = out.len();
        for v in vectors {
            let en_passant = match target {
                Some(_) if !v.mode.can_capture() => continue,
                Some(_) => false,
                None if v.mode.can_move() => false,
                None if pawn && self.ep_victim(to).is_some() => true,
                None => continue,
            };
            let max = if v.range == 0 { u8::MAX } else { v.range };
            let mut cur = to;
            for _ in 0..max {
                let Some(prev) = geo.offset(cur, -v.df, -v.dr) else {
                    break;
                };
                cur = prev;
                let Some(p) = Piece::from_code(self.board[cur.index()]) else {
                    continue;
                };
                let usable = p.color == us
                    && p.role == role
                    && (!v.initial || rules.initial_zone[us].contains(cur))
                    && (!v.lame || path_clear(&self.board, cur, to));
                if usable {
                    if en_passant {
                        if let Some(victim) = self.ep_victim(to) {
                            out.push(Move::EnPassant {
                                from: cur,
                                to,
                                victim,
                            });
                        }
                    } else {
                        self.push_piece_move(role, cur, to, target.map(|t| t.role), pawn, out);
                    }
                }
                break;
            }
        }
        // The forward generator's order: by origin square.
        out[start..].sort_by_key(|m| m.from().index());
        true
    }

    /// The pawn an en-passant capture onto `to` would take: only when `to`
    /// is the en-passant square and an enemy pawn stands behind it (S13,
    /// and FIDE: e.p. is a pawn taking a pawn; a `[FEN]` may name a square
    /// with anything behind it).
    fn ep_victim(&self, to: Square) -> Option<Square> {
        if self.ep != Some(to) {
            return None;
        }
        let victim = to.offset(0, -self.turn.forward())?;
        let p = self.piece_at(victim)?;
        (p.color != self.turn && self.rules.is_pawn(p.role)).then_some(victim)
    }

    fn push_piece_move(
        &self,
        role: Role,
        from: Square,
        to: Square,
        capture: Option<Role>,
        pawn: bool,
        out: &mut MoveList,
    ) {
        let promotes = pawn && self.rules.promotion_zone[self.turn].contains(to);
        let choices = promotes.then(|| self.promotion_choices());
        Move::push_normal(out, (role, from, to), capture, choices);
    }

    fn gen_castling(&self, side: Option<CastleSide>, out: &mut MoveList) {
        let files = match self.rules.castling {
            CastlingRule::None => return,
            CastlingRule::Gast(g) => return self.gen_gast_castling(g, side, out),
            CastlingRule::Standard(files) => files,
        };
        let us = self.turn;
        let Some(king) = self.kings[us] else { return };
        let back = self.rules.back_rank(us);
        if king.rank() != back || self.castling[us].is_empty() {
            return;
        }
        if self.is_attacked(king, !us) {
            return;
        }
        for rook in self.castling[us] {
            let s = if rook.file() > king.file() {
                CastleSide::Short
            } else {
                CastleSide::Long
            };
            if side.is_some_and(|x| x != s) {
                continue;
            }
            let (kf, rf) = match s {
                CastleSide::Short => (files.short_king, files.short_rook),
                CastleSide::Long => (files.long_king, files.long_rook),
            };
            let (Some(king_to), Some(rook_to)) = (Square::new(kf, back), Square::new(rf, back))
            else {
                continue;
            };
            let mut others = self.occupied();
            others.remove(king);
            others.remove(rook);
            let mut ok = true;
            for (a, b) in [(king, king_to), (rook, rook_to)] {
                let (lo, hi) = (a.file().min(b.file()), a.file().max(b.file()));
                for f in lo..=hi {
                    match Square::new(f, back) {
                        Some(sq) if self.rules.geometry.contains(sq) && !others.contains(sq) => {}
                        _ => ok = false,
                    }
                }
            }
            if !ok || !self.castling_clear_of_zones(king, king_to, rook, rook_to) {
                continue;
            }
            // The king may not pass an attacked square; test with the king lifted off.
            let mut board = self.board;
            board[king.index()] = 0;
            let (lo, hi) = (
                king.file().min(king_to.file()),
                king.file().max(king_to.file()),
            );
            for f in lo..=hi {
                if let Some(sq) = Square::new(f, back) {
                    if sq != king_to && self.attacked_with(sq, !us, &board) {
                        ok = false;
                    }
                }
            }
            if ok {
                out.push(Move::Castle {
                    side: s,
                    form: CastleForm::Rook,
                    king,
                    rook,
                    king_to,
                    rook_to,
                });
            }
        }
    }

    /// S7: no castling when king or rook starts in an enemy guard zone, or
    /// when either passes a zone square before its destination (S3, S4).
    fn castling_clear_of_zones(
        &self,
        king: Square,
        king_to: Square,
        rook: Square,
        rook_to: Square,
    ) -> bool {
        if self.rules.guard.is_none() {
            return true;
        }
        let zone = self.braking_zone();
        if zone.is_empty() {
            return true;
        }
        if zone.contains(king) || zone.contains(rook) {
            return false;
        }
        [(king, king_to), (rook, rook_to)]
            .into_iter()
            .all(|(a, b)| {
                let dir = (b.file() as i8 - a.file() as i8).signum();
                let mut cur = a;
                while let Some(next) = cur.offset(dir, 0).filter(|&n| n != b && dir != 0) {
                    if zone.contains(next) {
                        return false;
                    }
                    cur = next;
                }
                true
            })
    }

    /// Gast's castlings (seed 001, RULINGS 2.3, G9–G13, G15).
    fn gen_gast_castling(&self, g: GastCastling, side: Option<CastleSide>, out: &mut MoveList) {
        let us = self.turn;
        let rights = self.castling[us];
        let Some(king) = self.kings[us] else { return };
        let back = self.rules.back_rank(us);
        let Some(home) = Square::new(g.king, back) else {
            return;
        };
        if !rights.contains(king) || king.rank() != back || self.is_attacked(king, !us) {
            return;
        }
        let occupied = self.occupied();
        for (i, s) in [(0usize, CastleSide::Long), (1, CastleSide::Short)] {
            if side.is_some_and(|x| x != s) {
                continue;
            }
            let dir: i8 = if i == 0 { -1 } else { 1 };
            let at = |n: i8| self.rules.geometry.offset(home, dir * n, 0);
            let (Some(archer), Some(rook)) = (
                Square::new(g.archers[i], back),
                Square::new(g.rooks[i], back),
            ) else {
                continue;
            };
            // The pieces strictly between the king and a square on its rank.
            let between = |to: Square| {
                let mut set = SquareSet::EMPTY;
                let mut cur = king;
                while let Some(next) = cur.offset(dir, 0).filter(|&n| n != to) {
                    if occupied.contains(next) {
                        set.insert(next);
                    }
                    cur = next;
                }
                set
            };
            let mut candidates: [Option<(CastleForm, Square, Square, Square)>; 2] = [None, None];
            if king == home {
                if rights.contains(archer) && between(archer).is_empty() {
                    if let (Some(k2), Some(a1)) = (at(2), at(1)) {
                        candidates[0] = Some((CastleForm::Archer, archer, k2, a1));
                    }
                }
                if rights.contains(rook) {
                    let inside = between(rook);
                    let form = if inside.is_empty() {
                        Some(CastleForm::Rook)
                    } else if rights.contains(archer) && inside == SquareSet::from_iter([archer]) {
                        Some(CastleForm::Both)
                    } else {
                        None
                    };
                    if let (Some(form), Some(k4), Some(r3)) = (form, at(4), at(3)) {
                        candidates[1] = Some((form, rook, k4, r3));
                    }
                }
            } else if Some(king) == at(2) && rights.contains(rook) && between(rook).is_empty() {
                if let (Some(k4), Some(r3)) = (at(4), at(3)) {
                    candidates[1] = Some((CastleForm::ThenRook, rook, k4, r3));
                }
            }
            for (form, partner, king_to, partner_to) in candidates.into_iter().flatten() {
                // G11: no square the king passes or lands on may be attacked.
                let mut board = self.board;
                board[king.index()] = 0;
                let mut safe = true;
                let mut cur = king;
                while cur != king_to {
                    match cur.offset(dir, 0) {
                        Some(next) => cur = next,
                        None => {
                            safe = false;
                            break;
                        }
                    }
                    if self.attacked_with(cur, !us, &board) {
                        safe = false;
                        break;
                    }
                }
                if safe {
                    out.push(Move::Castle {
                        side: s,
                        form,
                        king,
                        rook: partner,
                        king_to,
                        rook_to: partner_to,
                    });
                }
            }
        }
    }

    // ----------------------------------------------------------------- play

    /// Plays `m` without checking that it is legal.
    ///
    /// # Panics
    /// Never; an illegal `m` leaves a position that may break the game's
    /// invariants, which is why only moves from the generators should be played.
    pub fn play_unchecked(&mut self, m: &Move) {
        self.apply(m);
        self.checked = match *m {
            // Only the piece that moved, or a line it opened, can give
            // check; castling and en passant move more than one piece.
            Move::Normal { from, to, .. } if self.rules.simple_pins() => {
                match self.kings[self.turn] {
                    Some(k) => self.attacks_from(to, k) || self.discovers(from, k),
                    None => false,
                }
            }
            _ => self.compute_check(),
        };
    }

    /// Whether the piece on `from` attacks `target` (both on the board).
    fn attacks_from(&self, from: Square, target: Square) -> bool {
        let Some(p) = self.piece_at(from) else {
            return false;
        };
        let geo = &self.rules.geometry;
        let dx = target.file() as i16 - from.file() as i16;
        let dy = target.rank() as i16 - from.rank() as i16;
        for v in &self.rules.piece(p.role).vectors[p.color] {
            if !v.mode.can_capture() || v.initial || v.crooked {
                continue;
            }
            let (df, dr) = (v.df as i16, v.dr as i16);
            if dx * dr != dy * df || dx * df + dy * dr <= 0 {
                continue;
            }
            let max = if v.range == 0 { u8::MAX } else { v.range };
            let mut cur = from;
            for _ in 0..max {
                let Some(next) = geo.offset(cur, v.df, v.dr) else {
                    break;
                };
                cur = next;
                if cur == target {
                    return true;
                }
                if self.board[cur.index()] != 0 {
                    break;
                }
            }
        }
        false
    }

    /// Whether emptying `from` opened a line from an enemy rider to `king`.
    fn discovers(&self, from: Square, king: Square) -> bool {
        self.rider_behind(king, from, !self.turn)
    }

    /// Plays `m` without working out whether the next side is in check
    /// (for trial moves that only ask about the mover's king).
    fn apply(&mut self, m: &Move) {
        let us = self.turn;
        let rules = self.rules;
        self.ep = None;
        self.halfmoves += 1;
        match *m {
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                self.remove(from);
                if promotion.is_some() {
                    self.promotions[us] = self.promotions[us].saturating_add(1);
                }
                if capture.is_some() {
                    self.remove(to);
                    self.halfmoves = 0;
                    self.castling[!us].remove(to);
                }
                let placed = promotion.unwrap_or(role);
                self.put(
                    to,
                    Piece {
                        color: us,
                        role: placed,
                    },
                );
                if rules.is_royal(role) {
                    self.castling[us] = SquareSet::EMPTY;
                }
                self.castling[us].remove(from);
                if rules.is_pawn(role) {
                    self.halfmoves = 0;
                    let dist = (to.rank() as i16 - from.rank() as i16).unsigned_abs();
                    // S13: a double step that promotes leaves no pawn to take.
                    if promotion.is_none()
                        && from.file() == to.file()
                        && dist < 16
                        && rules.ep_distances & (1 << dist) != 0
                    {
                        self.ep = to.offset(0, -us.forward());
                    }
                }
            }
            Move::EnPassant { from, to, victim } => {
                if let Some(p) = self.remove(from) {
                    self.remove(victim);
                    self.put(to, p);
                }
                self.halfmoves = 0;
            }
            Move::Castle {
                side,
                form,
                king,
                rook,
                king_to,
                rook_to,
            } => {
                let k = self.remove(king);
                let r = self.remove(rook);
                let dir: i8 = if side == CastleSide::Short { 1 } else { -1 };
                if form == CastleForm::Both {
                    // The archer is the one piece between king and rook; it
                    // lands next to the king's start square (G10).
                    let mut cur = king;
                    while let Some(next) = cur.offset(dir, 0).filter(|&n| n != rook) {
                        if let Some(a) = self.remove(next) {
                            let on_start = matches!(
                                rules.castling,
                                CastlingRule::Gast(g) if g.both_archer_two_toward_centre
                            );
                            let to = if on_start {
                                next.offset(-2 * dir, 0)
                            } else {
                                king.offset(dir, 0)
                            };
                            if let Some(to) = to {
                                self.put(to, a);
                            }
                            break;
                        }
                        cur = next;
                    }
                }
                if let Some(k) = k {
                    self.put(king_to, k);
                }
                if let Some(r) = r {
                    self.put(rook_to, r);
                }
                let before = self.castling[us];
                self.castling[us] = SquareSet::EMPTY;
                if form == CastleForm::Archer {
                    // G12: the king may castle once more, with the rook on that side.
                    if let CastlingRule::Gast(g) = rules.castling {
                        let i = usize::from(side == CastleSide::Short);
                        if let Some(r) = Square::new(g.rooks[i], king.rank()) {
                            if before.contains(r) {
                                self.castling[us].insert(r);
                                self.castling[us].insert(king_to);
                            }
                        }
                    }
                }
            }
        }
        if matches!(rules.castling, CastlingRule::Gast(_)) {
            self.drop_lone_king_rights();
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !us;
    }

    /// Passes the turn (a null move `--`): what python-chess does for one.
    pub fn play_null(&mut self) {
        self.ep = None;
        self.halfmoves += 1;
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        self.checked = self.compute_check();
    }

    // -------------------------------------------------------------- endings

    /// Whether an en-passant capture is legal now (FEN shows the square only then).
    pub fn has_legal_ep(&self) -> bool {
        let Some(ep) = self.ep else { return false };
        let mut buf = MoveList::new();
        for (i, p) in self.rules.pieces.iter().enumerate() {
            if !p.pawn {
                continue;
            }
            if let Some(role) = Role::new(i as u8) {
                self.moves_to(role, ep, &mut buf);
                if buf.iter().any(|m| matches!(m, Move::EnPassant { .. })) {
                    return true;
                }
            }
        }
        false
    }

    /// How the game ends in this position, if it does by the position alone
    /// (checkmate, stalemate, dead position, 75-move rule). Repetition needs
    /// the game's history and is the verifier's job.
    pub fn ending(&self) -> Option<Ending> {
        self.ending_with(&mut MoveList::new())
    }

    /// [`ending`](Self::ending) with a caller-owned buffer, for hot loops.
    pub fn ending_with(&self, buf: &mut MoveList) -> Option<Ending> {
        if !self.has_legal_move_with(buf) {
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

    /// Whether neither side can ever mate, by python-chess's rules for FIDE
    /// pieces (a lone king; king and one minor piece; only same-coloured
    /// bishops). Games with other pieces answer `false`.
    pub fn is_insufficient_material(&self) -> bool {
        if !self.rules.fide_material {
            return self.lone_minor_only();
        }
        Color::ALL
            .iter()
            .all(|&c| self.has_insufficient_material(c))
    }

    /// Outside FIDE: only kings, or kings and one piece that cannot mate
    /// alone ([`GameRules::lone_minors`]), are a dead position.
    fn lone_minor_only(&self) -> bool {
        let mut others = self
            .occupied()
            .into_iter()
            .filter_map(|sq| self.piece_at(sq))
            .filter(|p| !self.rules.is_royal(p.role));
        match (others.next(), others.next()) {
            (None, _) => true,
            (Some(p), None) => self.rules.lone_minors.contains(p.role),
            _ => false,
        }
    }

    /// Whether `color` alone can never mate (python-chess's definition;
    /// outside FIDE, only a bare king).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        if !self.rules.fide_material {
            return self.occupied[color]
                .into_iter()
                .filter_map(|sq| self.piece_at(sq))
                .all(|p| self.rules.is_royal(p.role));
        }
        let letters = |c: Color| {
            self.occupied[c]
                .into_iter()
                .filter_map(|sq| self.piece_at(sq))
                .map(|p| self.rules.piece(p.role).letter)
        };
        if letters(color).any(|l| !matches!(l, b'K' | b'N' | b'B')) {
            return false;
        }
        let ours: Vec<(Square, u8)> = self.occupied[color]
            .into_iter()
            .filter_map(|sq| {
                self.piece_at(sq)
                    .map(|p| (sq, self.rules.piece(p.role).letter))
            })
            .collect();
        if ours.iter().any(|&(_, l)| l == b'N') {
            // A knight can mate only with help: any enemy piece but a queen or king.
            return ours.len() <= 2 && letters(!color).all(|l| matches!(l, b'K' | b'Q'));
        }
        if ours.iter().any(|&(_, l)| l == b'B') {
            // Bishops all on one colour can mate only against enemy pawns or knights.
            let mut colors = [false; 2];
            for c in Color::ALL {
                for sq in self.occupied[c] {
                    if let Some(p) = self.piece_at(sq) {
                        if self.rules.piece(p.role).letter == b'B' {
                            colors[((sq.file() + sq.rank()) & 1) as usize] = true;
                        }
                    }
                }
            }
            let same_color = !(colors[0] && colors[1]);
            let all = [Color::White, Color::Black];
            let pawns_or_knights = all
                .iter()
                .any(|&c| letters(c).any(|l| matches!(l, b'P' | b'N')));
            return same_color && !pawns_or_knights;
        }
        true
    }

    /// A hash of everything that makes two positions "the same" for
    /// repetition: pieces, side to move, castling rights and a legal
    /// en-passant capture (FIDE 9.2.3).
    pub fn repetition_key(&self) -> u64 {
        let mut h = self.board_hash;
        for c in Color::ALL {
            for sq in self.castling[c] {
                h ^= mix(0x1_0000 | ((c as u64) << 8) | sq.index() as u64);
            }
        }
        if self.turn == Color::Black {
            h ^= mix(0x2_0000);
        }
        if let Some(ep) = self.ep {
            if self.has_legal_ep() {
                h ^= mix(0x3_0000 | ep.index() as u64);
            }
        }
        h
    }
}

/// The eight king steps: a guard's zone (S3).
const KING_STEPS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// How enemy guard zones limit one piece's move (Squirrel, S3–S4, S12).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Brake {
    /// A leaper inside a zone: no move at all.
    pub frozen: bool,
    /// Inside a zone: one step of its normal move.
    pub one_step: bool,
    /// A slider or stepper: its slide ends on the first zone square.
    pub stop_in_zone: bool,
    /// Roles it may not capture (leapers never take a guard).
    pub spare_guards: RoleSet,
}

impl Brake {
    /// No brake: games without a guard, kings and guards.
    pub const NONE: Brake = Brake {
        frozen: false,
        one_step: false,
        stop_in_zone: false,
        spare_guards: RoleSet(0),
    };
}

/// Whether every cell strictly between `a` and `b` (on one line) is empty.
fn path_clear(board: &[u8; 256], a: Square, b: Square) -> bool {
    let df = (b.file() as i8 - a.file() as i8).signum();
    let dr = (b.rank() as i8 - a.rank() as i8).signum();
    let steps = (b.file() as i8 - a.file() as i8)
        .abs()
        .max((b.rank() as i8 - a.rank() as i8).abs());
    let straight = a.file() == b.file()
        || a.rank() == b.rank()
        || (b.file() as i8 - a.file() as i8).abs() == (b.rank() as i8 - a.rank() as i8).abs();
    if !straight {
        // A lame oblique leaper: step orthogonally first along the long axis.
        let (fx, fy) = (
            (b.file() as i8 - a.file() as i8),
            (b.rank() as i8 - a.rank() as i8),
        );
        let first = if fx.abs() > fy.abs() {
            a.offset(fx.signum(), 0)
        } else {
            a.offset(0, fy.signum())
        };
        return first.is_none_or(|s| board[s.index()] == 0);
    }
    let mut cur = a;
    for _ in 1..steps {
        match cur.offset(df, dr) {
            Some(s) => {
                if board[s.index()] != 0 {
                    return false;
                }
                cur = s;
            }
            None => return false,
        }
    }
    true
}

/// Whether `to` can be reached from `from` by repeating (`df`, `dr`) at most
/// `range` times (0 = unlimited).
#[inline]
fn on_line(from: Square, to: Square, df: i8, dr: i8, range: u8) -> bool {
    let dx = to.file() as i16 - from.file() as i16;
    let dy = to.rank() as i16 - from.rank() as i16;
    let (df, dr) = (df as i16, dr as i16);
    // Parallel and the same way round, before any division.
    if dx * dr != dy * df || dx * df + dy * dr <= 0 {
        return false;
    }
    let k = if df != 0 {
        if dx % df != 0 {
            return false;
        }
        dx / df
    } else {
        if dx != 0 || dr == 0 || dy % dr != 0 {
            return false;
        }
        dy / dr
    };
    k >= 1 && dy == k * dr && dx == k * df && (range == 0 || k <= range as i16)
}

/// The hash of one piece on one square, for [`Position::repetition_key`].
#[inline]
pub(crate) const fn piece_key(code: u8, sq: Square) -> u64 {
    mix(((code as u64) << 8) | sq.index() as u64)
}

/// splitmix64: a fixed, well-spread hash for repetition keys.
#[inline]
pub(crate) const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod backward_generation_tests {
    use super::*;
    use crate::rules::fide::{chess, chess960};

    /// Every (role, target) of every position in the perft data, and every
    /// position reached one ply later: the backward walk finds exactly what
    /// the forward generator finds, in the same order.
    #[test]
    fn backward_walk_finds_what_the_forward_generator_finds() {
        let files = [
            (
                chess(),
                include_str!("../../../tests/data/perft/fide.perft"),
            ),
            (
                chess(),
                include_str!("../../../tests/data/perft/fide-random.perft"),
            ),
            (
                chess960(),
                include_str!("../../../tests/data/perft/chess960.perft"),
            ),
        ];
        let mut compared = 0;
        let mut moves = MoveList::new();
        for (rules, text) in files {
            for fen in text.lines().filter_map(|l| l.trim().strip_prefix("epd ")) {
                let start = Position::from_fen(rules, fen).expect("perft data is valid");
                start.legal_moves(&mut moves);
                let mut positions = vec![start.clone()];
                for m in moves.iter().take(8) {
                    let mut p = start.clone();
                    p.play_unchecked(m);
                    positions.push(p);
                }
                for pos in &positions {
                    for role in (0..rules.pieces.len() as u8).filter_map(Role::new) {
                        for to in rules.geometry.cells() {
                            let mut back = MoveList::new();
                            assert!(pos.pseudo_moves_to_backwards(role, to, &mut back));
                            let mut forward = MoveList::new();
                            pos.pseudo_moves(Some(role), Some(to), &mut forward);
                            assert_eq!(back, forward, "{} role {role:?} to {to:?}", pos.fen());
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 500_000, "{compared}");
    }
}
