//! Attacks on a square, under the guards' braking (Squirrel S6), and the
//! lines a move may open or close toward a king.

use super::super::color::Color;
use super::super::game::AttackRay;
use super::super::piece::Piece;
use super::super::square::{Square, SquareSet};
use super::super::tables::LeapAttacks;
use super::Position;

impl Position {
    // ---------------------------------------------------------------- attacks

    /// Whether `color` attacks `sq` on the current board.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_with(sq, by, &self.board, self.occupied())
    }

    /// Whether `by` attacks `sq` on `board`, whose occupied cells are
    /// `occupied`.
    pub(super) fn attacked_with(
        &self,
        sq: Square,
        by: Color,
        board: &[u8; 256],
        occupied: SquareSet,
    ) -> bool {
        self.each_attacker(sq, by, board, occupied, |_, _| true)
    }

    /// Calls `found(from, line)` for each piece of `by` on `from` that
    /// attacks `sq` on `board`, whose occupied cells are `occupied` (under
    /// the guard zones that brake `by`, S6), with `line` the cells between
    /// them and `from`, until `found` returns `true`; returns whether it
    /// did. The one reading of "attacked" behind the check test, the trial
    /// of a move and the check's lines ([`check_blocks`](Self::check_blocks)).
    ///
    /// `board` is this position's board or one changed by a move of the
    /// other side, so that `by`'s pieces on it are among `self.occupied[by]`.
    #[inline(always)]
    pub(super) fn each_attacker(
        &self,
        sq: Square,
        by: Color,
        board: &[u8; 256],
        occupied: SquareSet,
        found: impl FnMut(Square, SquareSet) -> bool,
    ) -> bool {
        let zone = if self.rules.guard.is_some() {
            self.zone_of(!by)
        } else {
            SquareSet::EMPTY
        };
        self.each_attacker_in(sq, by, board, occupied, zone, found)
    }

    /// [`each_attacker`](Self::each_attacker) under the guard zones
    /// `zone` of the side attacked (S6), which may be those after a move
    /// of its guards.
    #[inline(always)]
    pub(super) fn each_attacker_in(
        &self,
        sq: Square,
        by: Color,
        board: &[u8; 256],
        occupied: SquareSet,
        zone: SquareSet,
        mut found: impl FnMut(Square, SquareSet) -> bool,
    ) -> bool {
        if !zone.is_empty() {
            return self.each_attacker_braked(sq, by, board, occupied, zone, found);
        }
        let rules = self.rules;
        let geo = &rules.geometry;
        let theirs = occupied.intersection(self.occupied[by]);
        // Plain leaps by table: the cells they may come from, then the
        // roles that leap by each one's offset.
        let tables = rules.tables();
        let leaps = &tables.leap_attacks[by];
        for from in leaps.sources[sq.index()].intersection(theirs) {
            if let Some(p) = Piece::from_code(board[from.index()]) {
                if p.color == by
                    && leaps.roles_from(from, sq).contains(p.role)
                    && found(from, single(from))
                {
                    return true;
                }
            }
        }
        for ray in &rules.rays[by] {
            if ray.lame {
                if let Some(from) = geo.offset(sq, -ray.df, -ray.dr) {
                    if let Some(p) = Piece::from_code(board[from.index()]) {
                        if p.color == by
                            && ray.leapers.contains(p.role)
                            && path_clear(board, geo.cells(), from, sq)
                            && found(from, single(from))
                        {
                            return true;
                        }
                    }
                }
                continue;
            }
            if ray.reach == 1 {
                continue; // a plain leap, by table above
            }
            // Riders and limited ranges: the first piece on the line.
            let walk = &tables.walks[usize::from(ray.walk)];
            let Some(from) = walk.first_met(sq, occupied) else {
                continue;
            };
            if !theirs.contains(from) {
                continue;
            }
            if let Some(p) = Piece::from_code(board[from.index()]) {
                if p.color == by
                    && (ray.riders.contains(p.role) || {
                        let k = walk.steps(sq, from);
                        (k == 1 && ray.leapers.contains(p.role))
                            || ray
                                .limited
                                .iter()
                                .any(|&(set, n)| k <= n && set.contains(p.role))
                    })
                    && found(from, walk.between(sq, from).union(single(from)))
                {
                    return true;
                }
            }
        }
        false
    }

    /// [`each_attacker`](Self::each_attacker) under enemy guard zones (S6):
    /// an attack exists only where the zone rules allow the capture.
    fn each_attacker_braked(
        &self,
        sq: Square,
        by: Color,
        board: &[u8; 256],
        occupied: SquareSet,
        zone: SquareSet,
        mut found: impl FnMut(Square, SquareSet) -> bool,
    ) -> bool {
        let rules = self.rules;
        let geo = &rules.geometry;
        let Some(g) = rules.guard else {
            return false;
        };
        let target_is_guard = Piece::from_code(board[sq.index()])
            .is_some_and(|p| p.color != by && g.guards.contains(p.role));
        let theirs = occupied.intersection(self.occupied[by]);
        let tables = rules.tables();
        let leaps = &tables.leap_attacks[by];
        for from in leaps.sources[sq.index()].intersection(theirs) {
            if let Some(p) = Piece::from_code(board[from.index()]) {
                if p.color == by
                    && leaps.roles_from(from, sq).contains(p.role)
                    && self.braked_attack_allowed(p.role, from, 1, false, target_is_guard, zone)
                    && found(from, single(from))
                {
                    return true;
                }
            }
        }
        for ray in &rules.rays[by] {
            if ray.lame {
                if let Some(from) = geo.offset(sq, -ray.df, -ray.dr) {
                    if let Some(p) = Piece::from_code(board[from.index()]) {
                        if p.color == by
                            && ray.leapers.contains(p.role)
                            && path_clear(board, geo.cells(), from, sq)
                            && self.braked_attack_allowed(
                                p.role,
                                from,
                                1,
                                false,
                                target_is_guard,
                                zone,
                            )
                            && found(from, single(from))
                        {
                            return true;
                        }
                    }
                }
                continue;
            }
            if ray.reach == 1 {
                continue; // a plain leap, by table above
            }
            // Riders and limited ranges: the first piece on the line.
            let walk = &tables.walks[usize::from(ray.walk)];
            let Some(from) = walk.first_met(sq, occupied) else {
                continue;
            };
            if !theirs.contains(from) {
                continue;
            }
            let Some(p) = Piece::from_code(board[from.index()]) else {
                continue;
            };
            if p.color != by {
                continue;
            }
            let k = walk.steps(sq, from);
            let reaches = (k == 1 && ray.leapers.contains(p.role))
                || ray.riders.contains(p.role)
                || ray
                    .limited
                    .iter()
                    .any(|&(set, n)| k <= n && set.contains(p.role));
            let between = walk.between(sq, from);
            if reaches
                && self.braked_attack_allowed(
                    p.role,
                    from,
                    k,
                    !between.intersection(zone).is_empty(),
                    target_is_guard,
                    zone,
                )
                && found(from, between.union(single(from)))
            {
                return true;
            }
        }
        false
    }

    /// Whether the zones `zone` let a piece of `role` on `from`, `k` steps
    /// away, attack (S6): a leaper not from inside a zone and never a guard
    /// (`target_is_guard`), a slider or stepper one step from inside a
    /// zone and, from outside, not past a zone cell (`passed_zone`).
    #[inline]
    fn braked_attack_allowed(
        &self,
        role: super::super::piece::Role,
        from: Square,
        k: u8,
        passed_zone: bool,
        target_is_guard: bool,
        zone: SquareSet,
    ) -> bool {
        let Some(g) = self.rules.guard else {
            return true;
        };
        if g.immune.contains(role) {
            true
        } else if g.leapers.contains(role) {
            !zone.contains(from) && !target_is_guard
        } else if zone.contains(from) {
            k == 1
        } else {
            !passed_zone
        }
    }

    /// The cells where a move must land to answer every check on the
    /// mover's `king` by taking the checker or standing between: the
    /// intersection of the checks' lines (checker included, king not);
    /// `None` when nothing attacks it. Only for games whose attacks are not
    /// lame (the rules' `no_lame_attacks`: a lame leap is also answered
    /// on its leg), and for moves that leave the mover's guard zones as
    /// they were.
    pub(super) fn check_blocks(&self, king: Square) -> Option<SquareSet> {
        let mut blocks: Option<SquareSet> = None;
        self.each_attacker(king, !self.turn, &self.board, self.occupied(), |_, line| {
            blocks = Some(blocks.map_or(line, |b| b.intersection(line)));
            false
        });
        blocks
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
    #[inline]
    pub(super) fn rider_behind(&self, king: Square, from: Square, attacker: Color) -> bool {
        // Mostly `from` is on no line of an enemy rider through the king:
        // answered here, inline, before the call that walks the lines.
        self.rules.tables().far_lines[attacker][king.index()].contains(from)
            && self.rider_behind_on_line(king, from, attacker)
    }

    /// [`rider_behind`](Self::rider_behind) for a `from` on a line of an
    /// enemy rider through the king.
    #[inline(never)]
    fn rider_behind_on_line(&self, king: Square, from: Square, attacker: Color) -> bool {
        let tables = self.rules.tables();
        let others = {
            let mut occ = self.occupied();
            occ.remove(from);
            occ
        };
        let rays = &self.rules.far_rays[attacker];
        let pins = |ray: &AttackRay| {
            let Some(walk) = tables.walks.get(usize::from(ray.walk)) else {
                return false;
            };
            // The attacker stands on the walk from the king beyond `from`.
            if !walk.cells[king.index()].contains(from) {
                return false;
            }
            let Some(sq) = walk.first_met(king, others) else {
                return false;
            };
            if !walk.cells[from.index()].contains(sq) {
                return false;
            }
            Piece::from_code(self.board[sq.index()]).is_some_and(|p| {
                p.color == attacker
                    && (ray.riders.contains(p.role) || {
                        let k = walk.steps(king, sq);
                        ray.limited
                            .iter()
                            .any(|&(set, n)| k <= n && set.contains(p.role))
                    })
            })
        };
        // Only the rays whose line holds the offset from the king to
        // `from` (`Tables::far_by_offset`), and any past its 64 bits.
        let df = from.file() as i8 - king.file() as i8;
        let dr = from.rank() as i8 - king.rank() as i8;
        let mut mask = tables.far_by_offset[attacker]
            .get(LeapAttacks::offset_index(df, dr))
            .copied()
            .unwrap_or(u64::MAX);
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if rays.get(i).is_some_and(pins) {
                return true;
            }
        }
        rays.iter().skip(64).any(pins)
    }

    /// Whether the piece on `from` attacks `target` (both on the board).
    pub(super) fn attacks_from(&self, from: Square, target: Square) -> bool {
        let Some(p) = self.piece_at(from) else {
            return false;
        };
        if !self.rules.capture_offsets[p.color][p.role.index()].reaches(from, target) {
            return false;
        }
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

/// The set of the one cell `sq`.
#[inline]
fn single(sq: Square) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    set.insert(sq);
    set
}
