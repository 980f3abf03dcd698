//! Attacks on a square, under the guards' braking (Squirrel S6), and the
//! lines a move may open or close toward a king.

use super::super::color::Color;
use super::super::piece::Piece;
use super::super::square::{Square, SquareSet};
use super::Position;

impl Position {
    // ---------------------------------------------------------------- attacks

    /// Whether `color` attacks `sq` on the current board.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_with(sq, by, &self.board)
    }

    pub(super) fn attacked_with(&self, sq: Square, by: Color, board: &[u8; 256]) -> bool {
        if self.rules.guard.is_some() {
            let zone = self.zone_of(!by);
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
                            && path_clear(board, geo.cells(), from, sq)
                        {
                            return true;
                        }
                    }
                }
                continue;
            }
            let reach = ray.reach;
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
    pub(super) fn attacked_braked(
        &self,
        sq: Square,
        by: Color,
        board: &[u8; 256],
        zone: SquareSet,
    ) -> bool {
        let geo = &self.rules.geometry;
        let Some(g) = self.rules.guard else {
            return false;
        };
        let target_is_guard = Piece::from_code(board[sq.index()])
            .is_some_and(|p| p.color != by && g.guards.contains(p.role));
        for ray in &self.rules.rays[by] {
            let reach = ray.reach;
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
                let lame_ok = !ray.lame || path_clear(board, self.rules.geometry.cells(), cur, sq);
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

    /// Whether a piece of `attacker` that attacks from afar stands on a line
    /// from `king` through `from`, with nothing between them but what is on
    /// `from`: the piece there is pinned, or, if `from` was just left, the
    /// king is in check by discovery.
    pub(super) fn rider_behind(&self, king: Square, from: Square, attacker: Color) -> bool {
        let geo = &self.rules.geometry;
        let dx = from.file() as i16 - king.file() as i16;
        let dy = from.rank() as i16 - king.rank() as i16;
        for ray in &self.rules.far_rays[attacker] {
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

    /// Whether the piece on `from` attacks `target` (both on the board).
    pub(super) fn attacks_from(&self, from: Square, target: Square) -> bool {
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
    pub(super) fn discovers(&self, from: Square, king: Square) -> bool {
        self.rider_behind(king, from, !self.turn)
    }
}

/// Whether every cell strictly between `a` and `b` (on one line) is empty.
/// Whether the path of a lame leap from `a` to `b` is free: every cell
/// on it exists (a hole blocks, as the board's edge does) and is empty.
pub(super) fn path_clear(board: &[u8; 256], cells: SquareSet, a: Square, b: Square) -> bool {
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
        return first.is_some_and(|s| cells.contains(s) && board[s.index()] == 0);
    }
    let mut cur = a;
    for _ in 1..steps {
        match cur.offset(df, dr) {
            Some(s) => {
                if board[s.index()] != 0 || !cells.contains(s) {
                    return false;
                }
                cur = s;
            }
            None => return false,
        }
    }
    true
}
