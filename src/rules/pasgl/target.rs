//! The moves of one critter toward one square: what the resolver needs for a
//! written move, without listing every destination and effect of the critter
//! (which cost the verifier most of its time per move).
//!
//! [`Position::generate_to`] lists exactly the moves of
//! [`Position::generate_from`] whose target is the written one, in the same
//! order; [`Position::reaches`] answers whether
//! [`Position::destinations`] holds a square. The tests at the bottom hold
//! both to the general generator on the positions of random games.

use super::movegen::{DIAG, KNIGHT, ORTHO};
use super::{Critter, Kind, Move, Position, Transit, geometry, is_terminal};
use crate::rules::core::Square;

/// The step from `from` to `to` in files and ranks.
fn delta(from: Square, to: Square) -> (i8, i8) {
    (
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    )
}

impl Position {
    /// Whether `to` is one of [`destinations`](Self::destinations)`(from, c)`:
    /// the same walks as there, along the one line that can reach `to`.
    ///
    /// Out of line: inlined into [`generate_to`](Self::generate_to)'s loop,
    /// the steps of every kind that depend only on `from` and `to` were
    /// hoisted and worked out for every move, whatever its critter.
    #[inline(never)]
    pub(super) fn reaches(&self, from: Square, c: &Critter, to: Square) -> bool {
        let (df, dr) = delta(from, to);
        if (df, dr) == (0, 0) {
            return false;
        }
        let g = geometry();
        match c.kind {
            Kind::Bear | Kind::Chipmunk | Kind::Shrew | Kind::Hunter => {
                let step = match c.kind {
                    Kind::Bear => df.abs() <= 1 && dr.abs() <= 1,
                    Kind::Hunter => df.abs() + dr.abs() == 1,
                    Kind::Chipmunk => df.abs() == 1 && dr.abs() == 1,
                    _ => df.abs() == 1 && dr == c.color.forward(),
                };
                step && self.arrival(c, to) != super::movegen::Arrival::Refused
            }
            Kind::Skunk | Kind::Turkey => {
                let limit = if c.kind == Kind::Turkey { 3 } else { 8 };
                let n = df.abs().max(dr.abs());
                if (df != 0 && dr != 0) || n > limit {
                    return false;
                }
                self.ride(from, c, to, (df.signum(), dr.signum()), n, false)
            }
            Kind::Woodchuck => {
                let n = df.abs().max(dr.abs());
                if (df != 0 && dr != 0) || n > 2 {
                    return false;
                }
                if n == 2 {
                    // The D leap is blocked by the Train on the middle cell (P6).
                    let mid = from.offset(df / 2, dr / 2);
                    if mid.is_some_and(|m| self.is_train(m)) {
                        return false;
                    }
                }
                self.stack(to).is_empty() && self.arrival(c, to) != super::movegen::Arrival::Refused
            }
            Kind::Deer => KNIGHT.into_iter().any(|(kf, kr)| {
                let n = if kf.abs() == 2 { df / kf } else { dr / kr };
                n > 0 && df == n * kf && dr == n * kr && self.ride(from, c, to, (kf, kr), n, true)
            }),
            Kind::Fox => {
                if (df, dr) == (0, -c.color.forward()) {
                    return self.arrival(c, to) != super::movegen::Arrival::Refused;
                }
                if df.abs() > 3 || dr.abs() > 3 {
                    return false;
                }
                // The zig-zags as `destinations` walks them (P9).
                let ok = self.arrival(c, to) != super::movegen::Arrival::Refused;
                ok && DIAG.into_iter().any(|(df, dr)| {
                    [(df, -dr), (-df, dr)].into_iter().any(|(ef, er)| {
                        let steps = [(df, dr), (ef, er), (df, dr)];
                        let mut sq = from;
                        for (i, &(sf, sr)) in steps.iter().enumerate() {
                            let Some(next) = g.offset(sq, sf, sr) else {
                                return false;
                            };
                            if next == to {
                                return true;
                            }
                            if i == 2 || !self.stack(next).is_empty() || self.is_train(next) {
                                return false;
                            }
                            sq = next;
                        }
                        false
                    })
                })
            }
        }
    }

    /// Whether a rider going `n` steps of `step` from `from` lands on `to`:
    /// every cell before it open to go on from, `to` not refused; with
    /// `leg_blocked`, a Deer's leap is stopped by the Train one cell along
    /// its long axis (P7).
    fn ride(
        &self,
        from: Square,
        c: &Critter,
        to: Square,
        (sf, sr): (i8, i8),
        n: i8,
        leg_blocked: bool,
    ) -> bool {
        use super::movegen::Arrival;
        let g = geometry();
        let mut sq = from;
        for k in 1..=n {
            if leg_blocked {
                let first = if sf.abs() == 2 {
                    sq.offset(sf.signum(), 0)
                } else {
                    sq.offset(0, sr.signum())
                };
                if first.is_some_and(|m| self.is_train(m)) {
                    return false;
                }
            }
            let Some(next) = g.offset(sq, sf, sr) else {
                return false;
            };
            let arrival = self.arrival(c, next);
            if k == n {
                return next == to && arrival != Arrival::Refused;
            }
            if arrival != Arrival::Empty {
                return false;
            }
            sq = next;
        }
        false
    }

    /// The legal turns of [`generate`](Self::generate) (without the Bear's
    /// displacement choices) whose actor is a critter at `from` with an
    /// index in `which` and that go to `to` (walks and switches) or, with
    /// `shot`, hit `to` (shots and chucks), in the same order.
    #[inline(never)]
    pub(super) fn generate_to(
        &self,
        from: Square,
        which: &[u8],
        to: Square,
        shot: bool,
        out: &mut Vec<Move>,
    ) {
        out.clear();
        let stack = self.stack(from);
        for i in 0..stack.len() {
            if which.contains(&(i as u8)) && super::movegen::acts(stack, i, self.turn) {
                self.critter_moves_to(from, i, to, shot, out);
            }
        }
        // A stinky critter's movement is legal whatever the compulsion;
        // anything else only when no stinky critter can move (P11).
        let stinky_movement = |m: &Move| {
            m.is_movement()
                && m.actor()
                    .and_then(|(sq, i)| self.stack(sq).get(usize::from(i)))
                    .is_some_and(|c| c.stinky)
        };
        // `stinky_seen` first: `compelled` is false without it, and most
        // positions have no stinky critter.
        if self.stinky_seen
            && !out.iter().all(stinky_movement)
            && self.compelled(self.turn)
            && self.stinky_can_move()
        {
            out.retain(stinky_movement);
        }
    }

    /// Whether a stinky critter of the side to move has a movement (the
    /// compulsion then keeps the turn to those, P11).
    fn stinky_can_move(&self) -> bool {
        let mut dests = arrayvec::ArrayVec::new();
        self.occupied().any(|(sq, stack)| {
            (0..stack.len()).any(|i| {
                let c = &stack[i];
                if !c.stinky || !super::movegen::acts(stack, i, self.turn) {
                    return false;
                }
                // As `critter_moves`: a boarding critter can only switch,
                // one on a terminal otherwise only when leaving; every
                // destination gives at least one walk.
                if is_terminal(sq) {
                    match c.transit {
                        Transit::Boarding => {
                            return self.terminal_switch(sq).is_some();
                        }
                        Transit::Leaving => {}
                        Transit::None => return false,
                    }
                }
                self.destinations(sq, c, &mut dests);
                !dests.is_empty()
            })
        })
    }

    /// [`critter_moves`](Self::critter_moves) of the critter at `from`,
    /// index `idx`, kept to the moves toward `to` (see
    /// [`generate_to`](Self::generate_to)). Out of line, as
    /// [`reaches`](Self::reaches): inlined, its steps for every kind and
    /// for shots were hoisted out of the loop and paid for every move.
    #[inline(never)]
    fn critter_moves_to(
        &self,
        from: Square,
        idx: usize,
        to: Square,
        shot: bool,
        out: &mut Vec<Move>,
    ) {
        let Some(c) = self.stack(from).get(idx).copied() else {
            return;
        };
        let critter = idx as u8;
        if is_terminal(from) {
            match c.transit {
                Transit::Boarding => {
                    if !shot && self.terminal_switch(from) == Some(to) {
                        out.push(Move::Switch { from, critter, to });
                    }
                    return;
                }
                Transit::Leaving => {}
                Transit::None => return,
            }
        }
        if !shot {
            if self.reaches(from, &c, to) {
                self.walk_effects(from, critter, &c, to, out, false);
            }
            return;
        }
        if is_terminal(from) || !c.lunch {
            return;
        }
        let (df, dr) = delta(from, to);
        match c.kind {
            Kind::Hunter => {
                let n = df.abs().max(dr.abs());
                if (df == 0) == (dr == 0) || n > 3 {
                    return;
                }
                let dir = (df.signum(), dr.signum());
                if ORTHO.contains(&dir) && self.shot_target(from, dir.0, dir.1) == Some(to) {
                    self.ranged_victims(from, critter, to, &c, out, true);
                }
            }
            Kind::Woodchuck => {
                let n = df.abs();
                if dr.abs() == n && (n == 2 || n == 3) && !is_terminal(to) {
                    self.ranged_victims(from, critter, to, &c, out, false);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::rules::family::{AnyMove, AnyPosition};
    use crate::rules::playout::{PlayoutOptions, playout};

    /// The positions of random games (and each with the other side to
    /// move, so that both sides' critters are asked about).
    fn positions() -> Vec<Position> {
        let mut out = Vec::new();
        for seed in 0..40 {
            let game = playout(Variant::Pasgl312, &PlayoutOptions::default(), seed, 160)
                .expect("a playout of PASGL");
            let AnyPosition::Pasgl(p) = game.start else {
                panic!("a PASGL start");
            };
            let mut p = *p;
            for m in &game.moves {
                out.push(p.clone());
                let mut q = p.clone();
                q.turn = !q.turn;
                out.push(q);
                let AnyMove::Pasgl(m) = m else {
                    panic!("a PASGL move");
                };
                p.play_move(m);
            }
            out.push(p);
        }
        out
    }

    fn cells() -> impl Iterator<Item = Square> {
        (0..super::super::GRID)
            .map(super::super::cell_square)
            .filter(|&sq| geometry().contains(sq))
    }

    /// The resolver's letter lookup against the table of kinds.
    #[test]
    fn kind_from_letter_agrees_with_the_letters() {
        for b in 0..=u8::MAX {
            let want = super::super::Kind::ALL
                .into_iter()
                .find(|k| k.letter() == b);
            assert_eq!(super::super::Kind::from_letter(b), want, "{b}");
        }
    }

    #[test]
    fn reaches_agrees_with_destinations_on_random_games() {
        let mut dests = arrayvec::ArrayVec::new();
        let mut asked = 0;
        for p in positions() {
            for (from, stack) in p.occupied() {
                for c in stack {
                    p.destinations(from, c, &mut dests);
                    for to in cells() {
                        assert_eq!(
                            p.reaches(from, c, to),
                            dests.contains(&to),
                            "{} {:?} {} -> {}",
                            p.to_fen(),
                            c.kind,
                            geometry().square_name(from),
                            geometry().square_name(to)
                        );
                        asked += 1;
                    }
                }
            }
        }
        assert!(asked > 1_000_000, "{asked}");
    }

    #[test]
    fn generate_to_agrees_with_generate_on_random_games() {
        let (mut all, mut some) = (Vec::new(), Vec::new());
        let (mut found, mut compelled) = (0, 0);
        for p in positions() {
            p.generate(&mut all, false);
            compelled += usize::from(p.compelled(p.turn));
            for (from, stack) in p.occupied() {
                let n = stack.len() as u8;
                // Every critter, and each one alone.
                let mut whiches: Vec<Vec<u8>> = (0..n).map(|i| vec![i]).collect();
                whiches.push((0..n).collect());
                for which in &whiches {
                    for to in cells() {
                        for shot in [false, true] {
                            p.generate_to(from, which, to, shot, &mut some);
                            let want: Vec<&Move> = all
                                .iter()
                                .filter(|m| match m {
                                    Move::Walk(w) => {
                                        !shot
                                            && w.from == from
                                            && w.to == to
                                            && which.contains(&w.critter)
                                    }
                                    Move::Switch {
                                        from: f,
                                        critter,
                                        to: t,
                                    } => !shot && *f == from && *t == to && which.contains(critter),
                                    Move::Shoot(r) | Move::Chuck(r) => {
                                        shot && r.from == from
                                            && r.at == to
                                            && which.contains(&r.critter)
                                    }
                                    Move::Pass => false,
                                })
                                .collect();
                            let got: Vec<&Move> = some.iter().collect();
                            assert_eq!(got, want, "{} {:?}", p.to_fen(), (from, to, shot, which));
                            found += want.len();
                        }
                    }
                }
            }
        }
        assert!(found > 10_000, "{found}");
        assert!(compelled > 20, "{compelled}");
    }

    /// The resolver, which now asks `generate_to`, reads every legal turn
    /// of the random games' positions (the Bear's displacement choices
    /// spelled out), written short and long, as that turn.
    #[test]
    fn every_legal_turn_written_resolves_to_itself_on_random_games() {
        use crate::notation::token::parse_move;
        use crate::written::Grammar;
        let g = Grammar::pasgl();
        let (mut legal, mut scratch) = (Vec::new(), Vec::new());
        let mut read = 0;
        for p in positions().into_iter().step_by(3) {
            p.generate(&mut legal, true);
            for m in &legal {
                for long in [false, true] {
                    let text = p.write_move(m, long);
                    let token = parse_move(&g, text.as_bytes()).expect("a written turn parses");
                    let got = p.resolve_token(&token, &mut scratch);
                    assert_eq!(got.as_ref().ok(), Some(m), "{text} in {}", p.to_fen());
                    read += 1;
                }
            }
        }
        assert!(read > 50_000, "{read}");
    }
}
