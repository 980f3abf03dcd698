//! Whether the side to move has no piece move at all, answered for the
//! whole army by a few mask operations instead of piece by piece.
//!
//! The Postal first-turn exception (L10) asks, on each player's first turn
//! written without a piece move, whether a legal turn could have started
//! with one; and the family's usual first position is a blocked army (the
//! start board has holes between the armies). A piece move needs its first
//! step (the adjacent location of a line, a leap's target, the location a
//! lame line passes) to hold a square that is not the mover's: lines stop
//! at holes and at the mover's own pieces. Each role's first steps are
//! checked once, when the table is built, to lie within a king's step or a
//! knight's leap of the piece, so spreading the army by those two patterns
//! covers every first step of every piece; where that spread meets no
//! square but the mover's, no piece can move (castling and en passant are
//! asked exactly).

use std::ops::ControlFlow;
use std::sync::OnceLock;

use super::bits::{self, ROLES};
use super::position::SquaresPosition;
use crate::rules::core::Color;

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;
const NOT_AB: u64 = !0x0303_0303_0303_0303;
const NOT_GH: u64 = !0xc0c0_c0c0_c0c0_c0c0;

/// The locations one king's step from a location of `b` (and `b` itself).
pub(super) const fn king_spread(b: u64) -> u64 {
    let row = b | (b << 1) & NOT_A | (b >> 1) & NOT_H;
    row | row << 8 | row >> 8
}

/// The locations one knight's leap from a location of `b`.
pub(super) const fn knight_spread(b: u64) -> u64 {
    let one = (b << 1) & NOT_A | (b >> 1) & NOT_H;
    let two = (b << 2) & NOT_AB | (b >> 2) & NOT_GH;
    one << 16 | one >> 16 | two << 8 | two >> 8
}

/// Which roles' first steps lie within a king's step (`ring`) or a
/// knight's leap (`leap`) of the piece from every location: all ones for
/// such a role, else zero, so the army is spread without a branch a role;
/// `unanswered` has a bit for each role in neither (never the FIDE army's).
struct Reach {
    ring: [u64; ROLES],
    leap: [u64; ROLES],
    unanswered: u64,
}

fn reach(color: Color) -> &'static Reach {
    static TABLES: OnceLock<[Reach; 2]> = OnceLock::new();
    let t = TABLES.get_or_init(|| [build(Color::White), build(Color::Black)]);
    &t[usize::from(color == Color::Black)]
}

fn build(color: Color) -> Reach {
    let first = bits::first_steps(color);
    let mut out = Reach {
        ring: [0; ROLES],
        leap: [0; ROLES],
        unanswered: 0,
    };
    for r in 0..ROLES {
        let steps = |i: usize| {
            first.both[r][i] | first.quiet[r][i] | first.capture[r][i] | first.lame_passed[r][i]
        };
        let within = |spread: fn(u64) -> u64| (0..64).all(|i| steps(i) & !spread(1 << i) == 0);
        if within(king_spread) {
            out.ring[r] = !0;
        } else if within(knight_spread) {
            out.leap[r] = !0;
        } else if (0..64).all(|i| steps(i) & !(king_spread(1 << i) | knight_spread(1 << i)) == 0) {
            out.ring[r] = !0;
            out.leap[r] = !0;
        } else {
            out.unanswered |= 1 << r;
        }
    }
    out
}

impl SquaresPosition {
    /// Whether the masks alone show that the side to move has no piece
    /// move. `false` means "not shown", not "has one": ask
    /// [`any_piece_move`](Self::any_piece_move) then.
    pub(crate) fn no_piece_move_by_masks(&self) -> bool {
        if self.ep.is_some() {
            return false;
        }
        let us = self.turn;
        let own = self.occupied[us].0;
        let reach = reach(us);
        let (mut ring, mut leap) = (0u64, 0u64);
        for r in 0..ROLES {
            let pieces = self.roles[r] & own;
            ring |= pieces & reach.ring[r];
            leap |= pieces & reach.leap[r];
        }
        if reach.unanswered != 0
            && (0..ROLES).any(|r| reach.unanswered & 1 << r != 0 && self.roles[r] & own != 0)
        {
            return false;
        }
        // Every location holding a square but not one of the mover's pieces.
        let open = self.squares.0 & !own;
        if (king_spread(ring) | knight_spread(leap)) & open != 0 {
            return false;
        }
        self.castling[us].is_empty()
            || self
                .castling_moves(&mut |_| ControlFlow::Break(()))
                .is_continue()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spread_by_steps(b: u64, steps: &[(i8, i8)]) -> u64 {
        let mut out = 0;
        for i in 0..64 {
            if b & 1 << i == 0 {
                continue;
            }
            let (f, r) = ((i % 8) as i8, (i / 8) as i8);
            for &(df, dr) in steps {
                let (nf, nr) = (f + df, r + dr);
                if (0..8).contains(&nf) && (0..8).contains(&nr) {
                    out |= 1u64 << (nr * 8 + nf);
                }
            }
        }
        out
    }

    #[test]
    fn spreads_agree_with_the_steps_from_every_location() {
        let king: Vec<(i8, i8)> = (-1..=1)
            .flat_map(|df| (-1..=1).map(move |dr| (df, dr)))
            .collect();
        let knight = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        for i in 0..64 {
            let b = 1u64 << i;
            assert_eq!(king_spread(b), spread_by_steps(b, &king), "king from {i}");
            assert_eq!(
                knight_spread(b),
                spread_by_steps(b, &knight),
                "knight from {i}"
            );
        }
        // Several locations at once: the union.
        let b = 0x8100_0000_0000_0081 | 1 << 27;
        assert_eq!(king_spread(b), spread_by_steps(b, &king));
        assert_eq!(knight_spread(b), spread_by_steps(b, &knight));
    }

    #[test]
    fn every_role_of_the_army_is_answered_by_the_masks() {
        for color in [Color::White, Color::Black] {
            let r = reach(color);
            assert_eq!(r.unanswered, 0, "{color:?}");
            // The knight by its leaps alone, the others by a king's step.
            let knight = 1;
            for role in 0..ROLES {
                assert_eq!(r.leap[role] != 0, role == knight, "{color:?} {role}");
                assert_eq!(r.ring[role] != 0, role != knight, "{color:?} {role}");
            }
        }
    }
}
