//! Playing one turn, in the order of RULINGS 5.8: the action and its effects
//! (squash, displace; steal, devour, drop; spray; lunch regained; promotion),
//! the Train's advance after a Black turn, then the mover's campfire points.

use arrayvec::ArrayVec;

use super::movegen::neighbours;
use super::{Critter, Kind, MAX_CRITTERS, Move, Position, Transit, is_terminal};
use crate::rules::core::{Color, Square};

/// When a Black turn's campfire points are counted (P4, configurable).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ScoreTiming {
    /// After the Train's advance: a critter it runs over does not score (the ruling).
    #[default]
    AfterTrain,
    /// Before the Train moves (the alternative reading of P4).
    BeforeTrain,
}

/// Why points were scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreReason {
    /// A critter stayed by the campfire (RULINGS 5.5).
    Campfire {
        /// The critter's kind.
        kind: Kind,
        /// Its campfire square.
        at: Square,
    },
    /// The other side's Bear perished (+20).
    DeadBear {
        /// Where it died.
        at: Square,
    },
}

/// Points scored in one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoreEvent {
    /// The side that scored.
    pub color: Color,
    /// How many points.
    pub points: i32,
    /// Why.
    pub reason: ScoreReason,
}

/// What happened in one turn besides the move itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnReport {
    /// Points scored, in the order they were scored.
    pub scored: ArrayVec<ScoreEvent, { MAX_CRITTERS + 2 }>,
    /// Critters run over by the Train (by its advance, or pushed under it
    /// by a Bear), with the cell: what `_` annotations name (N6).
    pub roadkill: ArrayVec<(Critter, Square), MAX_CRITTERS>,
}

impl Position {
    /// Plays a legal move (from [`generate`](Self::generate) or
    /// [`resolve_token`](Self::resolve_token)).
    pub(super) fn play_move(&mut self, m: &Move) {
        let mover = self.turn;
        // Cleared in place: the report is several hundred bytes.
        self.report.scored.clear();
        self.report.roadkill.clear();
        // Critters of the mover that start the turn by the campfire.
        let mut sitters: ArrayVec<(u8, Square), MAX_CRITTERS> = ArrayVec::new();
        // Most turns start with nobody by the campfire: one test of the
        // board instead of four stacks looked at.
        if self.board.campfire_occupied() {
            for sq in CAMPFIRE {
                for c in self.stack(sq).iter().filter(|c| c.color == mover) {
                    let _ = sitters.try_push((c.id, sq));
                }
            }
        }
        // Who acts matters only to the sitters' points.
        let actor = if sitters.is_empty() {
            None
        } else {
            m.actor()
                .and_then(|(sq, i)| self.stack(sq).get(usize::from(i)))
                .map(|c| c.id)
        };
        match m {
            Move::Pass => self.passes = self.passes.saturating_add(1),
            Move::Switch { from, critter, to } => {
                self.passes = 0;
                if let Some(mut c) = self.take(*from, *critter) {
                    c.stinky = false;
                    self.push(*to, c);
                }
            }
            Move::Walk(w) => {
                self.passes = 0;
                self.walk(w);
            }
            Move::Shoot(r) => {
                self.passes = 0;
                if let Some(v) = self.take(r.at, r.victim) {
                    self.perish(v, r.at);
                }
            }
            Move::Chuck(r) => {
                self.passes = 0;
                let victim = self.stack_mut(r.at).get_mut(usize::from(r.victim));
                if let Some(v) = victim {
                    v.lunch = false;
                    let v = *v;
                    if v.kind == Kind::Skunk {
                        self.spray(r.at, v.color);
                    }
                }
            }
        }
        let before_train = self.timing == ScoreTiming::BeforeTrain;
        if before_train {
            self.score_sitters(mover, &sitters, actor);
        }
        if mover == Color::Black {
            self.advance_train();
        }
        if !before_train {
            self.score_sitters(mover, &sitters, actor);
        }
        if self.stinky_seen {
            self.stinky_seen = self.board.all().iter().any(|c| c.stinky);
        }
        self.turn = !mover;
    }

    /// P4: a sitter scores if it is still there, alive, did not act, is
    /// not stinky and (if a carrier) has its lunch.
    #[inline]
    fn score_sitters(&mut self, mover: Color, sitters: &[(u8, Square)], actor: Option<u8>) {
        if sitters.is_empty() {
            return;
        }
        self.score_sitters_found(mover, sitters, actor);
    }

    #[inline(never)]
    fn score_sitters_found(&mut self, mover: Color, sitters: &[(u8, Square)], actor: Option<u8>) {
        for &(id, sq) in sitters {
            if Some(id) == actor {
                continue;
            }
            let Some(c) = self.stack(sq).iter().find(|c| c.id == id).copied() else {
                continue;
            };
            if c.stinky || c.is_lunchless() || c.kind.points() == 0 {
                continue;
            }
            self.score[mover] += c.kind.points();
            let _ = self.report.scored.try_push(ScoreEvent {
                color: mover,
                points: c.kind.points(),
                reason: ScoreReason::Campfire {
                    kind: c.kind,
                    at: sq,
                },
            });
        }
    }

    /// Removes the critter at index `i` of the stack on `sq`.
    fn take(&mut self, sq: Square, i: u8) -> Option<Critter> {
        self.board.remove(super::cell(sq), usize::from(i))
    }

    fn walk(&mut self, w: &super::Walk) {
        if self.walk_plain(w) {
            return;
        }
        let Some(mut c) = self.take(w.from, w.critter) else {
            return;
        };
        c.stinky = false;
        let to = w.to;
        // Identify the victim before the stack changes.
        let victim = w
            .victim
            .and_then(|i| self.stack(to).get(usize::from(i)))
            .map(|v| v.id);
        // Filled in place (a list returned or moved is a copy of a few
        // hundred bytes).
        let mut under_train = ArrayVec::new();
        if !is_terminal(to) && !self.stack(to).is_empty() {
            match c.kind {
                Kind::Bear => self.displace(to, &w.displaced, &mut under_train),
                Kind::Deer => self
                    .board
                    .retain(super::cell(to), |v| v.kind != Kind::Shrew),
                _ => {}
            }
        }
        // Arrival state: boarding on a terminal, on the board otherwise.
        c.transit = if is_terminal(to) {
            Transit::Boarding
        } else {
            Transit::None
        };
        let mut alive = true;
        if let Some(vid) = victim {
            if let Some(vi) = self.stack(to).iter().position(|v| v.id == vid) {
                let v = self.stack(to)[vi];
                if v.lunch {
                    self.stack_mut(to)[vi].lunch = false;
                    self.push(to, c);
                    if v.kind == Kind::Skunk {
                        self.spray(to, v.color);
                    }
                } else {
                    // Devoured by the Fox; the Skunk takes the Fox with it.
                    let _ = self.board.remove(super::cell(to), vi);
                    if v.kind == Kind::Skunk {
                        alive = false;
                        self.spray(to, v.color);
                    } else {
                        self.push(to, c);
                    }
                }
            } else {
                self.push(to, c);
            }
        } else {
            self.push(to, c);
        }
        // Critters pushed under the Train die once the Bear has arrived, so
        // a Skunk's spray reaches the Bear's side around it (P13).
        for &(v, t) in &under_train {
            self.perish(v, t);
        }
        if !alive {
            return;
        }
        // Lunch regained on entering a terminal or the home square, then
        // promotion: the mover is the last critter of its new stack.
        let last_rank = match c.color {
            Color::White => 7,
            Color::Black => 0,
        };
        if let Some(me) = self.stack_mut(to).iter_mut().rev().find(|v| v.id == c.id) {
            if me.kind.carries_lunch() && (is_terminal(to) || me.home == Some(to)) {
                me.lunch = true;
            }
            if me.kind == Kind::Shrew && to.rank() == last_rank {
                me.kind = Kind::Chipmunk;
            }
        }
    }

    /// [`walk`](Self::walk) when nothing happens where the critter
    /// arrives (no victim, nobody squashed or displaced: an empty cell, a
    /// terminal, or a critter that only joins the stack), most walks: the
    /// critter is moved in one step ([`Board::relocate`]) and its arrival
    /// state set where it lands, as `walk` sets it. False (nothing done)
    /// for the other walks.
    ///
    /// [`Board::relocate`]: super::board::Board
    fn walk_plain(&mut self, w: &super::Walk) -> bool {
        let to = w.to;
        let Some(kind) = self
            .stack(w.from)
            .get(usize::from(w.critter))
            .map(|c| c.kind)
        else {
            return false;
        };
        let joins = is_terminal(to)
            || self.stack(to).is_empty()
            || !matches!(kind, Kind::Bear | Kind::Deer);
        if w.victim.is_some() || !joins {
            return false;
        }
        if !self
            .board
            .relocate(super::cell(w.from), usize::from(w.critter), super::cell(to))
        {
            return false;
        }
        let Some(me) = self.stack_mut(to).last_mut() else {
            return true;
        };
        me.stinky = false;
        me.transit = if is_terminal(to) {
            Transit::Boarding
        } else {
            Transit::None
        };
        // Lunch regained on entering a terminal or the home square, then
        // promotion.
        if me.kind.carries_lunch() && (is_terminal(to) || me.home == Some(to)) {
            me.lunch = true;
        }
        let last_rank = match me.color {
            Color::White => 7,
            Color::Black => 0,
        };
        if me.kind == Kind::Shrew && to.rank() == last_rank {
            me.kind = Kind::Chipmunk;
        }
        true
    }

    /// The Bear arrives on `to`: Shrews are squashed, every other critter
    /// goes to its chosen neighbour (P13, P20).
    /// The critters pushed under the Train go to `dead`, for the caller
    /// to finish off.
    fn displace(
        &mut self,
        to: Square,
        targets: &[Square],
        dead: &mut ArrayVec<(Critter, Square), MAX_CRITTERS>,
    ) {
        let stack = self.take_stack(to);
        let mut targets = targets.iter();
        for v in stack {
            if v.kind == Kind::Shrew {
                continue;
            }
            // A move from the generator always names a target for each.
            let Some(&t) = targets.next() else {
                continue;
            };
            if self.is_train(t) && !is_terminal(t) {
                let _ = self.report.roadkill.try_push((v, t));
                dead.push((v, t));
                continue;
            }
            let mut v = v;
            if is_terminal(t) {
                v.transit = Transit::Boarding;
            }
            if v.kind.carries_lunch() && (is_terminal(t) || v.home == Some(t)) {
                v.lunch = true;
            }
            self.push(t, v);
        }
    }

    /// A critter leaves the game at `at`: a Skunk sprays, a Bear gives the
    /// other side 20 points.
    fn perish(&mut self, v: Critter, at: Square) {
        match v.kind {
            Kind::Skunk => self.spray(at, v.color),
            Kind::Bear => {
                // Already off the board: the end test's count is renewed.
                self.count_bears();
                self.score[!v.color] += 20;
                let _ = self.report.scored.try_push(ScoreEvent {
                    color: !v.color,
                    points: 20,
                    reason: ScoreReason::DeadBear { at },
                });
            }
            _ => {}
        }
    }

    /// A Skunk of `color` sprays (RULINGS 5.6): every enemy critter on `at`
    /// and next to it, enemy Skunks and critters on terminals excepted,
    /// loses its lunch and becomes stinky.
    fn spray(&mut self, at: Square, color: Color) {
        self.stinky_seen = true;
        let cells: ArrayVec<Square, 9> = std::iter::once(at).chain(neighbours(at)).collect();
        for sq in cells {
            if is_terminal(sq) {
                continue;
            }
            for v in self.stack_mut(sq).iter_mut() {
                if v.color != color && v.kind != Kind::Skunk {
                    v.lunch = false;
                    v.stinky = true;
                }
            }
        }
    }

    /// After a Black turn the Train advances one cell (P2): it runs over
    /// what is on the cell its head enters, and at a terminal stop it drops
    /// off its riders, then picks up the boarding critters (P3).
    fn advance_train(&mut self) {
        self.train = (self.train + 1) % 20;
        let (head, tail) = self.train();
        if !is_terminal(head) && !self.stack(head).is_empty() {
            let victims = self.take_stack(head);
            for v in victims {
                let _ = self.report.roadkill.try_push((v, head));
                self.perish(v, head);
            }
        }
        if self.train % 10 == 0 {
            for (car, sq) in [(0, head), (1, tail)] {
                // Nobody riding and nobody boarding (most stops): the
                // leaving critters stay as they stand, nothing changes.
                let boards = |c: &Critter| c.transit == Transit::Boarding;
                if self.board.get(car_slot(car)).is_empty() && !self.stack(sq).iter().any(boards) {
                    continue;
                }
                let riders = self.board.take(car_slot(car));
                let staying = self.take_stack(sq);
                let (boarding, leaving): (Stack, Stack) = staying
                    .into_iter()
                    .partition(|c| c.transit == Transit::Boarding);
                for c in leaving {
                    self.push(sq, c);
                }
                for mut r in riders {
                    r.transit = Transit::Leaving;
                    if r.kind.carries_lunch() {
                        r.lunch = true;
                    }
                    self.push(sq, r);
                }
                for c in boarding {
                    let _ = self.board.push(car_slot(car), c);
                }
            }
        }
    }
}

use super::CAMPFIRE;
use super::Stack;
use super::board::car_slot;
