//! Attacks and piece moves of the squares family: whether a location is
//! attacked, and the pseudo-legal piece moves, both from the line masks of
//! [`super::bits`]; the step-by-step walks they replaced are kept for the
//! differential tests.

use std::ops::ControlFlow;

use super::bits::{self, bit};
use super::position::{KING, PAWN, ROOK, SquaresPosition, idx, step};
use crate::rules::core::{CastleForm, CastleSide, Color, Move, Piece, Role, Square};

impl SquaresPosition {
    // ---------------------------------------------------------------- attacks

    /// Whether the piece on `from` attacks `target` (which holds a square):
    /// lines need an unbroken string of empty squares (rule 4), leapers jump
    /// holes (rule 3).
    /// The step-by-step walk `is_attacked` replaced (kept as the reference
    /// for the differential test).
    #[cfg(test)]
    pub(crate) fn is_attacked_walk(&self, sq: Square, by: Color) -> bool {
        self.occupied[by].into_iter().any(|from| {
            self.piece_at(from)
                .is_some_and(|p| self.attacks(from, p, sq))
        })
    }

    #[cfg(test)]
    fn attacks(&self, from: Square, piece: Piece, target: Square) -> bool {
        for v in &self.rules().piece(piece.role).vectors[piece.color] {
            if !v.mode.can_capture() || v.initial {
                continue;
            }
            let max = if v.range == 0 { 8 } else { v.range };
            let mut cur = from;
            for _ in 0..max {
                let Some(t) = step(cur, v.df, v.dr) else {
                    break;
                };
                if t == target {
                    return true;
                }
                if !self.squares.contains(t) || self.board[idx(t)] != 0 {
                    break;
                }
                cur = t;
            }
        }
        false
    }

    /// Whether `by` attacks the location `sq`: looking back from `sq` along
    /// each of `by`'s capturing vectors, a leap lands on an attacker, or a
    /// line's first hole or piece is one (lines stop at holes, rule 4).
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        let target = bit(sq);
        if target == 0 {
            return false;
        }
        let t = target.trailing_zeros() as usize & 63;
        let table = bits::attacks(by);
        let theirs = self.occupied[by].0;
        // Every role's leaps at once, without a branch (roles that do not
        // leap have empty tables).
        let mut leapers = 0;
        for (leap, &on) in table.leaps.iter().zip(&self.roles) {
            leapers |= leap[t] & on;
        }
        if leapers & theirs != 0 {
            return true;
        }
        let stops = !self.squares.0 | self.occupied.white.0 | self.occupied.black.0;
        for group in &table.groups {
            // The group's pieces; a group with none on its lines is not
            // looked at further, nor a ray without one.
            let mut riders = 0;
            for (&mask, &on) in group.role_masks.iter().zip(&self.roles) {
                riders |= mask & on;
            }
            riders &= theirs;
            if group.union[t] & riders == 0 {
                continue;
            }
            for ray in &group.rays {
                let line = ray.mask[t];
                if line & riders == 0 {
                    continue;
                }
                // The first hole or piece on the line (there is one: the
                // riders are pieces) must be one of the riders.
                let hit = line & stops;
                let first = if ray.ascending {
                    hit & hit.wrapping_neg()
                } else {
                    1u64 << (63 - hit.leading_zeros())
                };
                if first & riders != 0 {
                    return true;
                }
            }
        }
        false
    }

    /// The locations whose square, were it a hole, would leave `sq`
    /// unattacked by `by`: the empty squares between `sq` and the rider
    /// on every line that attacks it (a hole stops a line, rule 4); none
    /// when a leap attacks it, every location when nothing does. Square
    /// moves are looked for only from these when the king is attacked:
    /// a square moved onto a hole opens lines, never closes one, and an
    /// occupied square leaves a piece or a hole behind, a stop either way.
    pub(crate) fn shield_cells(&self, sq: Square, by: Color) -> u64 {
        let target = bit(sq);
        if target == 0 {
            return u64::MAX;
        }
        let t = target.trailing_zeros() as usize;
        let table = bits::attacks(by);
        let theirs = self.occupied[by].0;
        if table
            .leaps
            .iter()
            .zip(self.roles)
            .any(|(leap, on)| leap[t] & on & theirs != 0)
        {
            return 0;
        }
        let stops = !self.squares.0 | self.occupied.white.0 | self.occupied.black.0;
        let mut cells = u64::MAX;
        for ray in &table.rays {
            let line = ray.mask[t];
            let hit = line & stops;
            if hit == 0 {
                continue;
            }
            let (first, before) = if ray.ascending {
                let b = hit.trailing_zeros();
                (b, line & ((1u64 << b) - 1))
            } else {
                let b = 63 - hit.leading_zeros();
                (b, line & ((u64::MAX << b) << 1))
            };
            // The board is indexed like the masks.
            if Piece::from_code(self.board[first as usize])
                .is_some_and(|p| p.color == by && ray.roles & (1 << p.role.index()) != 0)
            {
                cells &= before;
            }
        }
        cells
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.kings[self.turn].is_some_and(|k| self.is_attacked(k, !self.turn))
    }

    /// Whether `color`'s king is safe (or `color` has none).
    pub(crate) fn king_safe(&self, color: Color) -> bool {
        self.kings[color].is_none_or(|k| !self.is_attacked(k, !color))
    }

    // ------------------------------------------------------- piece movegen

    /// Pseudo-legal piece moves of the side to move (the own king may be
    /// left attacked), castling included, appended to `out`.
    pub(crate) fn piece_moves(&self, out: &mut Vec<Move>) {
        let _ = self.each_piece_move(None, None, &mut |m| {
            out.push(m);
            ControlFlow::Continue(())
        });
    }

    /// [`piece_moves`](Self::piece_moves) by the old walk (the reference
    /// for the differential test).
    #[cfg(test)]
    pub(crate) fn piece_moves_walk(&self, out: &mut Vec<Move>) {
        for from in self.occupied[self.turn] {
            if let Some(p) = self.piece_at(from) {
                self.moves_of_walk(from, p.role, out);
            }
        }
        let _ = self.castling_moves(&mut |m| {
            out.push(m);
            ControlFlow::Continue(())
        });
    }

    /// The pseudo-legal piece moves of [`piece_moves`](Self::piece_moves),
    /// in its order, one piece at a time until `f` breaks; with `role`,
    /// only the moves of that role's pieces (castling counts as the king's).
    /// With `to` too, only the pieces that could reach `to` were nothing in
    /// the way, and of their moves only those along lines through `to`
    /// (castling and lame lines in full: callers still look for `to`).
    pub(crate) fn each_piece_move(
        &self,
        role: Option<Role>,
        to: Option<Square>,
        f: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut from_set = self.occupied[self.turn];
        let mut only = u64::MAX;
        if let Some(r) = role {
            from_set.0 &= self.roles.get(r.index()).copied().unwrap_or(0);
            if let Some(to) = to.map(bit).filter(|&b| b != 0) {
                let reach = &bits::attacks(self.turn).reach;
                let t = to.trailing_zeros() as usize;
                from_set.0 &= reach.get(r.index()).map_or(0, |m| m[t]);
                only = to;
            }
        }
        for from in from_set {
            if let Some(p) = self.piece_at(from) {
                self.moves_of(from, p.role, only, f)?;
            }
        }
        if role.is_none_or(|r| r == KING) {
            self.castling_moves(f)?;
        }
        ControlFlow::Continue(())
    }

    /// Whether the side to move has any pseudo-legal piece move (the
    /// answer of [`each_piece_move`](Self::each_piece_move) stopping at the
    /// first), from the first location of every line instead of listing
    /// moves; en passant is left to the generator.
    pub(crate) fn any_piece_move(&self) -> bool {
        if self.ep.is_some() {
            return self
                .each_piece_move(None, None, &mut |_| ControlFlow::Break(()))
                .is_break();
        }
        let us = self.turn;
        let own = self.occupied[us].0;
        let theirs = self.occupied[!us].0;
        let empty = self.squares.0 & !(own | theirs);
        let first = bits::first_steps(us);
        let lines = bits::lines(us);
        for (r, &on) in self.roles.iter().enumerate() {
            let (Some(both), Some(quiet), Some(capture)) =
                (first.both.get(r), first.quiet.get(r), first.capture.get(r))
            else {
                continue;
            };
            let mut pieces = on & own;
            while pieces != 0 {
                let i = pieces.trailing_zeros() as usize & 63;
                pieces &= pieces - 1;
                if both[i] & (empty | theirs) | quiet[i] & empty | capture[i] & theirs != 0 {
                    return true;
                }
                if first.lame & (1 << r) == 0
                    || first.lame_passed.get(r).is_none_or(|m| m[i] & empty == 0)
                {
                    continue;
                }
                let (Some(role), Some(role_lines)) = (Role::new(r as u8), lines.get(r)) else {
                    continue;
                };
                let from = bits::square_of(i as u32);
                let zone = &self.rules().initial_zone[us];
                for line in role_lines.iter().filter(|l| l.vector.lame) {
                    let v = &line.vector;
                    if (!v.initial || zone.contains(from))
                        && self
                            .lame_moves(from, role, v, &mut |_| ControlFlow::Break(()))
                            .is_break()
                    {
                        return true;
                    }
                }
            }
        }
        if self.castling[us].is_empty() {
            return false;
        }
        self.castling_moves(&mut |_| ControlFlow::Break(()))
            .is_break()
    }

    /// The moves of the piece of `role` on `from`, vector by vector, nearest
    /// location first, until `f` breaks; only along the lines through a
    /// location of `only` and, but for lame lines, to such a location.
    fn moves_of(
        &self,
        from: Square,
        role: Role,
        only: u64,
        f: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let rules = self.rules();
        let us = self.turn;
        let Some(lines) = bits::lines(us).get(role.index()) else {
            return ControlFlow::Continue(());
        };
        let fi = bit(from).trailing_zeros() as usize & 63;
        // Lines stop at holes and pieces (rule 4).
        let stops = !self.squares.0 | self.occupied.white.0 | self.occupied.black.0;
        for line in lines {
            let v = &line.vector;
            let ray = line.mask[fi];
            if ray & only == 0 || (v.initial && !rules.initial_zone[us].contains(from)) {
                continue;
            }
            if v.lame {
                self.lame_moves(from, role, v, f)?;
                continue;
            }
            let hit = ray & stops;
            // The empty squares before the first stop, and the stop.
            let (mut open, first) = match (hit, line.ascending) {
                (0, _) => (ray, None),
                (_, true) => {
                    let b = hit.trailing_zeros();
                    (ray & ((1u64 << b) - 1), Some(b))
                }
                (_, false) => {
                    let b = 63 - hit.leading_zeros();
                    (ray & ((u64::MAX << b) << 1), Some(b))
                }
            };
            open &= only;
            let first = first.filter(|&b| only & (1u64 << b) != 0);
            while open != 0 {
                let b = if line.ascending {
                    open.trailing_zeros()
                } else {
                    63 - open.leading_zeros()
                };
                open &= !(1u64 << b);
                let t = bits::square_of(b);
                if v.mode.can_move() {
                    self.each_normal(role, from, t, None, f)?;
                } else if role == PAWN && self.ep == Some(t) {
                    if let Some(victim) = step(t, 0, -us.forward()) {
                        if self
                            .piece_at(victim)
                            .is_some_and(|p| p.color != us && p.role == PAWN)
                        {
                            f(Move::EnPassant {
                                from,
                                to: t,
                                victim,
                            })?;
                        }
                    }
                }
            }
            // The board is indexed like the masks; a hole holds no piece.
            if let Some(b) = first {
                if let Some(p) = Piece::from_code(self.board[b as usize]) {
                    if p.color != us && v.mode.can_capture() {
                        self.each_normal(role, from, bits::square_of(b), Some(p.role), f)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The moves along a lame vector (the pawn's double step), walked: each
    /// step passes a location that needs an empty square (L2).
    fn lame_moves(
        &self,
        from: Square,
        role: Role,
        v: &crate::rules::betza::Vector,
        f: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let us = self.turn;
        let max = if v.range == 0 { 8 } else { v.range };
        let mut cur = from;
        for _ in 0..max {
            let (Some(t), Some(mid)) = (step(cur, v.df, v.dr), step(cur, v.df / 2, v.dr / 2))
            else {
                break;
            };
            if !self.squares.contains(mid) || self.board[idx(mid)] != 0 || !self.squares.contains(t)
            {
                break;
            }
            match self.piece_at(t) {
                Some(p) => {
                    if p.color != us && v.mode.can_capture() {
                        self.each_normal(role, from, t, Some(p.role), f)?;
                    }
                    break;
                }
                None if v.mode.can_move() => self.each_normal(role, from, t, None, f)?,
                None => {}
            }
            cur = t;
        }
        ControlFlow::Continue(())
    }

    /// A normal move, once for each promotion choice when it promotes.
    fn each_normal(
        &self,
        role: Role,
        from: Square,
        to: Square,
        capture: Option<Role>,
        f: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let rules = self.rules();
        let normal = |promotion| Move::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        };
        if role == PAWN && rules.promotion_zone[self.turn].contains(to) {
            for &r in &rules.promotion_roles {
                f(normal(Some(r)))?;
            }
            ControlFlow::Continue(())
        } else {
            f(normal(None))
        }
    }

    /// The step-by-step walk the line masks replaced (the reference for
    /// the differential test).
    #[cfg(test)]
    pub(crate) fn moves_of_walk(&self, from: Square, role: Role, out: &mut Vec<Move>) {
        let rules = self.rules();
        let us = self.turn;
        for v in &rules.piece(role).vectors[us] {
            if v.initial && !rules.initial_zone[us].contains(from) {
                continue;
            }
            let max = if v.range == 0 { 8 } else { v.range };
            let mut cur = from;
            for _ in 0..max {
                let Some(t) = step(cur, v.df, v.dr) else {
                    break;
                };
                if v.lame {
                    // The double step passes one location: it needs an
                    // empty square there (L2).
                    let Some(mid) = step(cur, v.df / 2, v.dr / 2) else {
                        break;
                    };
                    if !self.squares.contains(mid) || self.board[idx(mid)] != 0 {
                        break;
                    }
                }
                if !self.squares.contains(t) {
                    break; // a hole: nothing lands here and lines stop (rule 4)
                }
                match self.piece_at(t) {
                    Some(p) => {
                        if p.color != us && v.mode.can_capture() {
                            self.push_move(role, from, t, Some(p.role), out);
                        }
                        break;
                    }
                    None => {
                        if v.mode.can_move() {
                            self.push_move(role, from, t, None, out);
                        } else if role == PAWN && self.ep == Some(t) {
                            if let Some(victim) = step(t, 0, -us.forward()) {
                                if self
                                    .piece_at(victim)
                                    .is_some_and(|p| p.color != us && p.role == PAWN)
                                {
                                    out.push(Move::EnPassant {
                                        from,
                                        to: t,
                                        victim,
                                    });
                                }
                            }
                        }
                    }
                }
                cur = t;
            }
        }
    }

    #[cfg(test)]
    fn push_move(
        &self,
        role: Role,
        from: Square,
        to: Square,
        capture: Option<Role>,
        out: &mut Vec<Move>,
    ) {
        let rules = self.rules();
        let promotes = role == PAWN && rules.promotion_zone[self.turn].contains(to);
        let choices = promotes.then_some(&rules.promotion_roles[..]);
        Move::push_normal(out, (role, from, to), capture, choices);
    }

    /// FIDE castling where every location between king and rook holds an
    /// empty square (L1), handed to `f` one at a time until it breaks (a
    /// list allocated at every search for a piece move cost more than the
    /// test).
    pub(super) fn castling_moves(
        &self,
        f: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let us = self.turn;
        let Some(king) = self.kings[us] else {
            return ControlFlow::Continue(());
        };
        let back = if us == Color::White { 0 } else { 7 };
        if king.rank() != back || self.castling[us].is_empty() {
            return ControlFlow::Continue(());
        }
        // Asked once, and only when a rook's way is clear.
        let mut in_check = None;
        for rook in self.castling[us] {
            if self.piece_at(rook)
                != Some(Piece {
                    color: us,
                    role: ROOK,
                })
            {
                continue;
            }
            let side = if rook.file() > king.file() {
                CastleSide::Short
            } else {
                CastleSide::Long
            };
            let (kf, rf) = match side {
                CastleSide::Short => (6, 5),
                CastleSide::Long => (2, 3),
            };
            let (Some(king_to), Some(rook_to)) = (Square::new(kf, back), Square::new(rf, back))
            else {
                continue;
            };
            let lo = king.file().min(rook.file()).min(kf).min(rf);
            let hi = king.file().max(rook.file()).max(kf).max(rf);
            // Every location from `lo` to `hi` holds a square, empty but
            // for the king and the rook.
            let row = ((1u64 << (hi + 1)) - (1u64 << lo)) << (u32::from(back) * 8);
            let pieces = self.occupied.white.0 | self.occupied.black.0;
            let clear = row & !self.squares.0 == 0 && row & pieces & !(bit(king) | bit(rook)) == 0;
            if !clear || *in_check.get_or_insert_with(|| self.is_attacked(king, !us)) {
                continue;
            }
            let (klo, khi) = (king.file().min(kf), king.file().max(kf));
            let safe = (klo..=khi).all(|f| {
                Square::new(f, back).is_some_and(|sq| sq == king_to || !self.is_attacked(sq, !us))
            });
            if safe {
                f(Move::Castle {
                    side,
                    form: CastleForm::Rook,
                    king,
                    rook,
                    king_to,
                    rook_to,
                })?;
            }
        }
        ControlFlow::Continue(())
    }
}
