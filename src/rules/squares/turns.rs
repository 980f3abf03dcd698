//! Whole turns: one action, or under the Postal rules a piece move and
//! the square actions after it; which turns are legal, and whether any is.

use std::ops::ControlFlow;

use super::Postal;
use super::bits::{self, Bits, bit};
use super::position::{Action, SQUARE_LEAPS, SquaresPosition, Turn, step};

impl SquaresPosition {
    /// Whether the Postal first-turn exception applies: each player's first
    /// turn (L10).
    pub(crate) fn is_first_turn(&self) -> bool {
        self.fullmoves <= 1
    }

    /// Visits the square-action tails a Postal turn may end with, on `base`
    /// (the position after the piece move, if any), each with the position
    /// after it, until `f` breaks (so a search for one legal turn stops at
    /// the first instead of listing them all).
    ///
    /// Tails that cannot be legal are skipped: a placement turns a hole into
    /// an empty square, which stops no line, so it never shields the mover's
    /// king. Where the king is attacked (on `base`, or after a square move),
    /// the tails that only add placements to that are not visited; nor is
    /// a placed square moved on, which is a placement elsewhere; nor a
    /// square move that takes no square off an attacking line. Callers
    /// still test every tail they are given.
    /// `safe` is whether the king of the side to move is safe on `base`
    /// (callers know it, and an attack test is a tenth of a turn's work).
    fn each_tail(
        &self,
        base: &SquaresPosition,
        safe: bool,
        f: &mut impl FnMut(&[Action], &SquaresPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let cfg = self.config;
        let us = self.turn;
        let places = if safe {
            base.placement_set()
        } else {
            Bits::EMPTY
        };
        // Where the king is attacked, only a square taken off an attacking
        // line can shield it.
        let list_shifts = |out: &mut Vec<Action>| {
            if safe {
                base.shifts(out);
            } else {
                base.shielding_shifts(out);
            }
        };
        let mut shifts = Vec::new();
        if !cfg.must_place {
            f(&[], base)?;
            list_shifts(&mut shifts);
            for &a in &shifts {
                let mut p = *base;
                p.apply(&a);
                f(&[a], &p)?;
            }
        }
        for to in places {
            let a = Action::Place(to);
            let mut p = *base;
            p.apply(&a);
            f(&[a], &p)?;
        }
        if cfg.postal != Postal::Plus {
            return ControlFlow::Continue(());
        }
        if cfg.must_place {
            // Listed only now: a search that stops at a placement never
            // needs them.
            list_shifts(&mut shifts);
        }
        // Both square actions, either order (L11). When they do not touch
        // each other's locations the order changes nothing, so only the
        // square move first is listed; the placed square moved on is the
        // other order's own case.
        for &a in &shifts {
            let mut p = *base;
            p.apply(&a);
            if !p.king_safe(us) {
                continue;
            }
            for at in p.placement_set() {
                let b = Action::Place(at);
                let mut q = p;
                q.apply(&b);
                f(&[a, b], &q)?;
            }
        }
        for at in places {
            let a = Action::Place(at);
            let mut p = *base;
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
                let mut q = p;
                q.apply(&b);
                f(&[a, b], &q)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether some tail on `base` (a non-empty one if `nonempty`) leaves
    /// the king of the side to move safe.
    /// `safe` as for [`each_tail`](Self::each_tail).
    fn any_safe_tail(&self, base: &SquaresPosition, safe: bool, nonempty: bool) -> bool {
        let us = self.turn;
        // Where the king is safe, [`each_tail`](Self::each_tail) offers
        // every placement; one off every line through the king leaves it
        // safe (a placed square opens only the lines through it, and
        // leaps ignore holes), so there is a safe tail without playing
        // one: the usual answer of the first turns and of the end test.
        let lines = base.kings[us].map_or(0, |k| match bit(k) {
            0 => u64::MAX,
            b => bits::attacks(!us).ray_union[b.trailing_zeros() as usize & 63],
        });
        if safe && base.placement_set().0 & !lines != 0 {
            return true;
        }
        self.each_tail(base, safe, &mut |tail, after| {
            if (!nonempty || !tail.is_empty()) && after.king_safe(us) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
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
            self.shielding_shifts(&mut shifts);
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
        for m in pieces {
            let mut base = *self;
            base.apply(&Action::Piece(m));
            let safe = base.king_safe(us);
            let _ = self.each_tail(&base, safe, &mut |tail, after| {
                if after.king_safe(us) {
                    let mut t = Turn::single(Action::Piece(m));
                    t.actions.extend(tail.iter().copied());
                    out.push(t);
                }
                ControlFlow::Continue(())
            });
        }
        if out.is_empty() && self.is_first_turn() {
            // "On the first move of the game, there is no penalty if you
            // cannot move a piece" (L10): square actions alone.
            let _ = self.each_tail(self, self.king_safe(us), &mut |tail, after| {
                if !tail.is_empty() && after.king_safe(us) {
                    out.push(Turn {
                        actions: tail.iter().copied().collect(),
                    });
                }
                ControlFlow::Continue(())
            });
        }
    }

    fn push_if_safe(&self, t: Turn, out: &mut Vec<Turn>) {
        let mut after = *self;
        for a in &t.actions {
            after.apply(a);
        }
        if after.king_safe(self.turn) {
            out.push(t);
        }
    }

    /// Whether some legal turn starts with a piece move (Postal rules).
    pub(crate) fn has_piece_turn(&self) -> bool {
        // Without a piece move there is no turn to look for (a blocked
        // army, the usual first turn of the family, which the masks show
        // for the whole army at once).
        if self.no_piece_move_by_masks() || !self.any_piece_move() {
            return false;
        }
        let us = self.turn;
        // Two passes: first the piece moves that leave the king safe, where
        // the square actions are optional or a harmless placement is found
        // at once; only then the others, which need a square move to shield
        // the king (the order of the search does not change the answer).
        for safe_first in [true, false] {
            let found = self.each_piece_move(None, None, &mut |m| {
                let mut base = *self;
                base.apply(&Action::Piece(m));
                let safe = base.king_safe(us);
                if safe != safe_first {
                    return ControlFlow::Continue(());
                }
                // The square actions are optional unless a placement is due.
                if (!self.config.must_place && safe) || self.any_safe_tail(&base, safe, false) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            if found.is_break() {
                return true;
            }
        }
        false
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
            return self.any_safe_tail(self, self.king_safe(us), true);
        }
        let safe = |a: Action| {
            let mut p = *self;
            p.apply(&a);
            p.king_safe(us)
        };
        // Placements first: one is found at once, where listing piece
        // moves means walking every piece's lines (the order of the search
        // does not change whether a turn exists).
        if self
            .placement_set()
            .into_iter()
            .any(|to| safe(Action::Place(to)))
        {
            return true;
        }
        let piece_turn = self.each_piece_move(None, None, &mut |m| {
            if safe(Action::Piece(m)) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if piece_turn.is_break() {
            return true;
        }
        let mut shifts = Vec::new();
        self.shielding_shifts(&mut shifts);
        shifts.into_iter().any(safe)
    }
}
