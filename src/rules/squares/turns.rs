//! Whole turns: one action, or under the Postal rules a piece move and
//! the square actions after it; which turns are legal, and whether any is.

use arrayvec::ArrayVec;

use super::Postal;
use super::position::{Action, SQUARE_LEAPS, SquaresPosition, Turn, step};

impl SquaresPosition {
    /// Whether the Postal first-turn exception applies: each player's first
    /// turn (L10).
    pub(crate) fn is_first_turn(&self) -> bool {
        self.fullmoves <= 1
    }

    /// The square-action tails a Postal turn may end with, on `base` (the
    /// position after the piece move, if any), each with the position after it.
    fn tails(&self, base: &SquaresPosition, out: &mut Vec<(ArrayVec<Action, 2>, SquaresPosition)>) {
        let cfg = self.config;
        let mut shifts = Vec::new();
        let mut places = Vec::new();
        base.shifts(&mut shifts);
        base.placements(&mut places);
        if !cfg.must_place {
            out.push((ArrayVec::new(), base.clone()));
        }
        let one = |a: Action| {
            let mut v = ArrayVec::new();
            v.push(a);
            v
        };
        if !cfg.must_place {
            for &a in &shifts {
                let mut p = base.clone();
                p.apply(&a);
                out.push((one(a), p));
            }
        }
        for &to in &places {
            let a = Action::Place(to);
            let mut p = base.clone();
            p.apply(&a);
            out.push((one(a), p));
        }
        if cfg.postal != Postal::Plus {
            return;
        }
        // Both square actions, either order (L11). When they do not touch
        // each other's locations the order changes nothing, so only the
        // square move first is listed; the placed square moved on is the
        // other order's own case.
        let mut more = Vec::new();
        for &a in &shifts {
            let mut p = base.clone();
            p.apply(&a);
            more.clear();
            p.placements(&mut more);
            for &at in &more {
                let b = Action::Place(at);
                let mut q = p.clone();
                q.apply(&b);
                let mut v = ArrayVec::new();
                v.push(a);
                v.push(b);
                out.push((v, q));
            }
        }
        for &at in &places {
            let a = Action::Place(at);
            let mut p = base.clone();
            p.apply(&a);
            for &(df, dr) in &SQUARE_LEAPS {
                let Some(to) = step(at, df, dr) else { continue };
                if p.squares.contains(to) || !p.may_shift_from(at) {
                    continue;
                }
                // A placed square is empty: it carries nothing to promote.
                let b = Action::Shift {
                    from: at,
                    to,
                    promotion: None,
                };
                let mut q = p.clone();
                q.apply(&b);
                let mut v = ArrayVec::new();
                v.push(a);
                v.push(b);
                out.push((v, q));
            }
        }
    }

    /// Every legal turn, appended to `out` after clearing it.
    pub fn legal_turns(&self, out: &mut Vec<Turn>) {
        out.clear();
        let us = self.turn;
        let mut pieces = Vec::new();
        self.piece_moves(&mut pieces);
        if self.config.postal == Postal::Off {
            for m in pieces {
                self.push_if_safe(Turn::single(Action::Piece(m)), out);
            }
            let mut shifts = Vec::new();
            self.shifts(&mut shifts);
            for a in shifts {
                self.push_if_safe(Turn::single(a), out);
            }
            let mut places = Vec::new();
            self.placements(&mut places);
            for to in places {
                self.push_if_safe(Turn::single(Action::Place(to)), out);
            }
            return;
        }
        let mut tails = Vec::new();
        for m in pieces {
            let mut base = self.clone();
            base.apply(&Action::Piece(m));
            tails.clear();
            self.tails(&base, &mut tails);
            for (tail, after) in &tails {
                if after.king_safe(us) {
                    let mut t = Turn::single(Action::Piece(m));
                    t.actions.extend(tail.iter().copied());
                    out.push(t);
                }
            }
        }
        if out.is_empty() && self.is_first_turn() {
            // "On the first move of the game, there is no penalty if you
            // cannot move a piece" (L10): square actions alone.
            tails.clear();
            self.tails(self, &mut tails);
            for (tail, after) in &tails {
                if !tail.is_empty() && after.king_safe(us) {
                    out.push(Turn {
                        actions: tail.iter().copied().collect(),
                    });
                }
            }
        }
    }

    fn push_if_safe(&self, t: Turn, out: &mut Vec<Turn>) {
        let mut after = self.clone();
        for a in &t.actions {
            after.apply(a);
        }
        if after.king_safe(self.turn) {
            out.push(t);
        }
    }

    /// Whether some legal turn starts with a piece move (Postal rules).
    pub(crate) fn has_piece_turn(&self) -> bool {
        let us = self.turn;
        let mut pieces = Vec::new();
        self.piece_moves(&mut pieces);
        let mut tails = Vec::new();
        pieces.into_iter().any(|m| {
            let mut base = self.clone();
            base.apply(&Action::Piece(m));
            if !self.config.must_place && base.king_safe(us) {
                return true; // the square actions are optional
            }
            tails.clear();
            self.tails(&base, &mut tails);
            tails.iter().any(|(_, after)| after.king_safe(us))
        })
    }

    /// Whether the side to move has any legal turn; stops at the first.
    pub fn has_legal_turn(&self) -> bool {
        let us = self.turn;
        if self.config.postal != Postal::Off {
            if self.has_piece_turn() {
                return true;
            }
            if !self.is_first_turn() {
                return false;
            }
            let mut tails = Vec::new();
            self.tails(self, &mut tails);
            return tails
                .iter()
                .any(|(tail, after)| !tail.is_empty() && after.king_safe(us));
        }
        let safe = |a: Action| {
            let mut p = self.clone();
            p.apply(&a);
            p.king_safe(us)
        };
        let mut pieces = Vec::new();
        self.piece_moves(&mut pieces);
        if pieces.into_iter().any(|m| safe(Action::Piece(m))) {
            return true;
        }
        let mut shifts = Vec::new();
        self.shifts(&mut shifts);
        if shifts.into_iter().any(safe) {
            return true;
        }
        let mut places = Vec::new();
        self.placements(&mut places);
        places.into_iter().any(|to| safe(Action::Place(to)))
    }
}
