//! Legal move generation: pseudo-legal moves piece by piece or, by table,
//! onto a target, the guards' brake, and the legality filter.

use super::super::color::Color;
use super::super::game::CastlingRule;
use super::super::moves::{CastleSide, Move, MoveList};
use super::super::piece::{Piece, Role, RoleSet};
use super::super::square::{Square, SquareSet};
use super::super::tables::ReachTo;
use super::Position;
use super::attacks::path_clear;
use crate::rules::betza::Vector;

impl Position {
    // -------------------------------------------------------------- movegen

    /// Every legal move, appended to `out` (which is cleared first).
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        self.pseudo_moves(None, None, out);
        let safety = self.safety();
        keep_where(out, 0, |m| self.is_safe_given(m, safety));
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
        let safety = self.safety();
        let zone = self.braking_zone();
        // In check the king's own moves are the likeliest answer (the
        // other pieces must land on the check's lines): it goes first.
        let first = self.kings[self.turn].filter(|_| self.checked);
        if let Some(k) = first {
            if let Some(p) = self.piece_at(k) {
                buf.clear();
                self.piece_moves(k, p.role, None, zone, buf);
                if buf.iter().any(|m| self.is_safe_given(m, safety)) {
                    return true;
                }
            }
        }
        // In check, with the checks' lines known, another piece's move
        // must land on them (`is_safe_given`): a piece whose moves on an
        // empty board reach none of those cells is passed over, and one
        // that reaches a single one is asked for its moves there only. Not
        // a pawn where a promotion may make a guard (tried off the lines),
        // nor one that may take en passant (the checker is its victim, off
        // its landing cell).
        let mut lines = arrayvec::ArrayVec::<Square, 16>::new();
        let by_lines = first.is_some() && safety.king.is_some() && safety.blocks.count() <= 16;
        if by_lines {
            lines.extend(safety.blocks);
        }
        let rules = self.rules;
        for sq in self.occupied[self.turn] {
            if first == Some(sq) {
                continue;
            }
            let Some(p) = self.piece_at(sq) else { continue };
            let mut only_to = None;
            if by_lines
                && rules.unpinnable(p.role)
                && !((rules.guard.is_some() || self.ep.is_some()) && rules.is_pawn(p.role))
            {
                let reach = &rules.move_offsets[self.turn][p.role.index()];
                let mut reached = lines.iter().filter(|&&t| reach.reaches(sq, t));
                match (reached.next(), reached.next()) {
                    (None, _) => continue,
                    (Some(&t), None) => only_to = Some(t),
                    _ => {}
                }
            }
            buf.clear();
            self.piece_moves(sq, p.role, only_to, zone, buf);
            if buf.iter().any(|m| self.is_safe_given(m, safety)) {
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
        if !out.is_empty() {
            let safety = self.safety();
            keep_where(out, 0, |m| self.is_safe_given(m, safety));
        }
    }

    /// Keeps the moves of `out` for which `wanted` holds and that are
    /// legal, in order; `wanted` is asked first, as it costs less.
    pub(crate) fn keep_legal_where(
        &self,
        out: &mut MoveList,
        mut wanted: impl FnMut(&Move) -> bool,
    ) {
        if out.is_empty() {
            return;
        }
        let safety = self.safety();
        keep_where(out, 0, |m| wanted(m) && self.is_safe_given(m, safety));
    }

    /// Pseudo-legal moves (own king may be left attacked) of pieces of `role`
    /// that land on `to`, for explaining why a move is illegal.
    pub fn pseudo_moves_to(&self, role: Role, to: Square, out: &mut MoveList) {
        out.clear();
        self.pseudo_moves_to_by_table(role, to, out);
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
        keep_where(out, start, |m| self.is_safe(m));
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

    /// What the position says about the legality of its moves before any
    /// is tried, worked out once for all of them (see [`Safety`]).
    pub(super) fn safety(&self) -> Safety {
        if !self.rules.no_lame_attacks {
            return Safety::NONE;
        }
        let Some(king) = self.kings[self.turn] else {
            return Safety::NONE;
        };
        if !self.checked {
            return Safety {
                king: Some(king),
                blocks: self.rules.geometry.cells(),
            };
        }
        match self.check_blocks(king) {
            Some(blocks) => Safety {
                king: Some(king),
                blocks,
            },
            None => Safety::NONE,
        }
    }

    /// [`is_safe`](Self::is_safe), settled without trying the move for a
    /// piece other than the king or a guard (its move leaves its side's
    /// zones as they were, or only adds zone by promoting to a guard): in
    /// check it must land on the check's lines (a promotion to a guard
    /// elsewhere is tried), and then, or out of check, it is safe unless it
    /// leaves a line through its king.
    #[inline]
    pub(super) fn is_safe_given(&self, m: &Move, safety: Safety) -> bool {
        if let (
            Some(k),
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            },
        ) = (safety.king, m)
        {
            if self.rules.unpinnable(*role) {
                if safety.blocks.contains(*to) {
                    if !self.may_be_pinned(k, *from) {
                        return true;
                    }
                } else if promotion.is_none_or(|p| !self.rules.is_guard(p)) {
                    return false;
                }
                // Else a new guard, whose zone may brake the checker from
                // anywhere: tried below.
            }
        }
        self.is_safe(m)
    }

    /// Whether the piece on `from` stands alone between `king` and an enemy
    /// piece that attacks along that line from afar, so that moving it may
    /// expose the king.
    pub(super) fn may_be_pinned(&self, king: Square, from: Square) -> bool {
        self.rider_behind(king, from, !self.turn)
    }

    /// Whether playing `m` leaves the mover's king safe.
    ///
    /// A piece move that neither moves nor makes a guard is tried on a copy
    /// of the board alone: the attack test reads only the board and the
    /// mover's guard zones, which such a move leaves as they were (an
    /// enemy guard it takes brakes only the mover's own pieces); a guard's
    /// own move too, under the zones its move leaves. Other moves (the
    /// king's, promotions to a guard, castling, en passant) are played on a
    /// copy of the position
    /// ([`is_safe_by_play`](Self::is_safe_by_play), which the tests compare
    /// this with).
    pub(crate) fn is_safe(&self, m: &Move) -> bool {
        let rules = self.rules;
        if let Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } = *m
        {
            if !rules.is_guard(role) && promotion.is_none_or(|p| !rules.is_guard(p)) {
                let us = self.turn;
                let Some(king) = self.kings[us] else {
                    return true;
                };
                let king = if king == from { to } else { king };
                let mut board = self.board;
                board[to.index()] = board[from.index()];
                board[from.index()] = 0;
                let mut occupied = self.occupied();
                occupied.remove(from);
                occupied.insert(to);
                return !self.attacked_with(king, !us, &board, occupied);
            }
            // A guard's own move (no king, no promotion): its zone moves
            // with it, and the attacks on the king are read under the
            // mover's zones after the move, on a copy of the board alone.
            if rules.is_guard(role) && !rules.is_royal(role) && promotion.is_none() {
                let us = self.turn;
                let Some(king) = self.kings[us] else {
                    return true;
                };
                let mut board = self.board;
                board[to.index()] = board[from.index()];
                board[from.index()] = 0;
                let mut occupied = self.occupied();
                occupied.remove(from);
                occupied.insert(to);
                let mut guards = self.guards[us];
                guards.remove(from);
                guards.insert(to);
                let zone = guards
                    .into_iter()
                    .fold(SquareSet::EMPTY, |z, g| z.union(rules.king_area[g.index()]));
                return !self.each_attacker_in(king, !us, &board, occupied, zone, |_, _| true);
            }
        }
        self.is_safe_by_play(m)
    }

    /// [`is_safe`](Self::is_safe) by playing `m` on a copy of the position.
    pub(crate) fn is_safe_by_play(&self, m: &Move) -> bool {
        let mut after = *self;
        after.apply(m);
        match after.kings[self.turn] {
            Some(k) => !after.is_attacked(k, !self.turn),
            None => true,
        }
    }

    pub(super) fn pseudo_moves(&self, role: Option<Role>, to: Option<Square>, out: &mut MoveList) {
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

    pub(super) fn piece_moves(
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
                if v.lame && !path_clear(&self.board, rules.geometry.cells(), cur, t) {
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
    pub(super) fn dedup_from(out: &mut MoveList, start: usize) {
        let mut i = start + 1;
        while i < out.len() {
            if out[start..i].contains(&out[i]) {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Pseudo-legal moves of `role` to `to`, appended to `out`: what
    /// `pseudo_moves(Some(role), Some(to))` finds, in its order, asking
    /// only the pieces of the role that stand where one of its moves may
    /// land on `to` ([`ReachTo`](super::super::tables::ReachTo), nearly
    /// always one piece), each along the one vector that may take it there
    /// (every vector when several may).
    pub(super) fn pseudo_moves_to_by_table(&self, role: Role, to: Square, out: &mut MoveList) {
        let rules = self.rules;
        let us = self.turn;
        let reach = &rules.tables().reach_to[us][role.index()];
        // The mover's pieces where a move of the role may come from: those
        // of the role among them are read off the board (a set per role
        // would make the position, copied every move, half again as big).
        let froms = reach.from[to.index()].intersection(self.occupied[us]);
        if froms.is_empty() {
            return;
        }
        let mine = Piece { color: us, role }.code();
        let zone = self.braking_zone();
        let pawn = rules.is_pawn(role);
        let vectors = &rules.piece(role).vectors[us];
        let target = Piece::from_code(self.board[to.index()]);
        froms.into_iter().for_each(|from| {
            if self.board[from.index()] != mine {
                return;
            }
            let (i, k) = reach.vector(from, to);
            match vectors.get(usize::from(i).wrapping_sub(1)) {
                Some(v) if i != ReachTo::SEVERAL && !v.lame => {
                    self.vector_move_to(from, role, v, k, to, target, zone, pawn, out);
                }
                _ => self.piece_moves(from, role, Some(to), zone, out),
            }
        });
    }

    /// The move of the piece of `role` on `from` to `to`, `k` steps along
    /// `v` (not lame, the only vector whose line holds `to`), if it has one,
    /// as [`piece_moves`](Self::piece_moves) finds it: not frozen, within
    /// its reach ([`vector_reach`](Self::vector_reach)), the cells between
    /// on the board and empty, none in a zone that stops it (S4), and the
    /// target's piece one it may take (en passant for a pawn's capture onto
    /// the passed cell; a leaper never takes a guard, S12).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn vector_move_to(
        &self,
        from: Square,
        role: Role,
        v: &Vector,
        k: u8,
        to: Square,
        target: Option<Piece>,
        zone: SquareSet,
        pawn: bool,
        out: &mut MoveList,
    ) {
        let rules = self.rules;
        let us = self.turn;
        if v.initial && !rules.initial_zone[us].contains(from) {
            return;
        }
        let brake = self.brake(from, role, zone);
        if brake.frozen || k > self.vector_reach(from, role, v, &brake) {
            return;
        }
        // The cells between, by index: `from` and `to` are both on the
        // board, so every cell of the straight line between them lies in
        // the grid (a hole among them stops the move, as a step onto it).
        let cells = rules.geometry.cells();
        let step = isize::from(v.dr) * 16 + isize::from(v.df);
        let mut i = from.index() as isize;
        for _ in 1..k {
            i += step;
            let sq = Square::from_index(i as u8);
            if self.board[sq.index()] != 0
                || !cells.contains(sq)
                || (brake.stop_in_zone && zone.contains(sq))
            {
                return;
            }
        }
        match target {
            None if v.mode.can_move() => self.push_piece_move(role, from, to, None, pawn, out),
            None => {
                if pawn {
                    if let Some(victim) = self.ep_victim(to) {
                        out.push(Move::EnPassant { from, to, victim });
                    }
                }
            }
            Some(p) => {
                if p.color != us && v.mode.can_capture() && !brake.spare_guards.contains(p.role) {
                    self.push_piece_move(role, from, to, Some(p.role), pawn, out);
                }
            }
        }
    }

    /// The pawn an en-passant capture onto `to` would take: only when `to`
    /// is the en-passant square and an enemy pawn stands behind it (S13,
    /// and FIDE: e.p. is a pawn taking a pawn; a `[FEN]` may name a square
    /// with anything behind it).
    pub(super) fn ep_victim(&self, to: Square) -> Option<Square> {
        if self.ep != Some(to) {
            return None;
        }
        let victim = to.offset(0, -self.turn.forward())?;
        let p = self.piece_at(victim)?;
        (p.color != self.turn && self.rules.is_pawn(p.role)).then_some(victim)
    }

    pub(super) fn push_piece_move(
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
}

/// What a position says about the legality of its piece moves, worked out
/// once for all of them ([`Position::safety`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Safety {
    /// The mover's king, when the game's pins and checks are simple (no
    /// lame attacks) and the checks, if any, were found; `None`: every move
    /// is tried.
    king: Option<Square>,
    /// Where a piece other than the king or a guard must land: every cell
    /// out of check, the checks' lines in check
    /// ([`Position::check_blocks`]).
    blocks: SquareSet,
}

impl Safety {
    /// No shortcut: every move is tried.
    const NONE: Safety = Safety {
        king: None,
        blocks: SquareSet::EMPTY,
    };
}

/// Keeps the moves of `out[start..]` for which `keep` holds, in order,
/// without shifting the list once per dropped move.
#[inline]
pub(super) fn keep_where(out: &mut MoveList, start: usize, mut keep: impl FnMut(&Move) -> bool) {
    let mut kept = start;
    for i in start..out.len() {
        let m = out[i];
        if keep(&m) {
            out[kept] = m;
            kept += 1;
        }
    }
    out.truncate(kept);
}

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

/// Whether `to` can be reached from `from` by repeating (`df`, `dr`) at most
/// `range` times (0 = unlimited).
#[inline]
pub(super) fn on_line(from: Square, to: Square, df: i8, dr: i8, range: u8) -> bool {
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
