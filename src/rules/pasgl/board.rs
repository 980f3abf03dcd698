//! Where the critters are: one array of at most [`MAX_CRITTERS`] critters,
//! grouped by cell, and where each cell's group starts.
//!
//! A game holds at most 32 critters, so this is a few hundred bytes where
//! an array of one fixed-capacity stack per cell was over 20 KB: the
//! verifier copies the position before every move and perft copies it at
//! every node, so the copy must be small. The Train's two cars are two more
//! cells after the grid's.

use super::{Critter, GRID, Kind, MAX_CRITTERS, Stack};
use crate::rules::core::Color;

/// Grid cells, then the head car, then the tail car.
pub(super) const SLOTS: usize = GRID + 2;

/// The cell index of the Train's car `car` (0 head, 1 tail).
pub(super) const fn car_slot(car: usize) -> usize {
    GRID + car
}

/// The critters of every cell in arrival order, cells in index order.
#[derive(Clone, Copy, Debug)]
pub(super) struct Board {
    /// `critters[start[s]..start[s + 1]]` is the stack of cell `s`; the
    /// slots from `start[SLOTS]` on are unused.
    critters: [Critter; MAX_CRITTERS],
    start: [u8; SLOTS + 1],
}

/// What fills the unused slots (never read as a critter).
const FILLER: Critter = Critter {
    color: Color::White,
    kind: Kind::Shrew,
    lunch: false,
    stinky: false,
    transit: super::Transit::None,
    home: None,
    id: 0,
};

impl Board {
    /// No critter anywhere.
    pub(super) const fn new() -> Board {
        Board {
            critters: [FILLER; MAX_CRITTERS],
            start: [0; SLOTS + 1],
        }
    }

    fn range(&self, s: usize) -> std::ops::Range<usize> {
        usize::from(self.start[s])..usize::from(self.start[s + 1])
    }

    fn total(&self) -> usize {
        usize::from(self.start[SLOTS])
    }

    /// Every critter on the grid's cells (riders not included), cell by cell.
    pub(super) fn on_grid(&self) -> &[Critter] {
        &self.critters[..usize::from(self.start[GRID])]
    }

    /// Every critter, on the grid or riding the Train.
    pub(super) fn all(&self) -> &[Critter] {
        &self.critters[..self.total()]
    }

    /// The grid cells that hold critters, in index order: each found from
    /// where the next critter's cell starts, not by asking all 80 cells.
    pub(super) fn occupied_cells(&self) -> impl Iterator<Item = usize> + '_ {
        let end = self.start[GRID];
        let mut s = 0;
        std::iter::from_fn(move || {
            let j = self.start[s];
            if j >= end {
                return None;
            }
            // The first cell whose stack begins at or before critter `j`
            // and ends after it.
            while self.start[s + 1] <= j {
                s += 1;
            }
            let cell = s;
            s += 1;
            Some(cell)
        })
    }

    /// Whether any critter stands on a campfire square (d4 e4, cells 34
    /// and 35; d5 e5, cells 44 and 45): two differences of the starts.
    pub(super) fn campfire_occupied(&self) -> bool {
        self.start[34] != self.start[36] || self.start[44] != self.start[46]
    }

    /// The stack of cell `s`, in arrival order.
    pub(super) fn get(&self, s: usize) -> &[Critter] {
        &self.critters[self.range(s)]
    }

    /// The stack of cell `s`, to change critters in place.
    pub(super) fn get_mut(&mut self, s: usize) -> &mut [Critter] {
        let r = self.range(s);
        &mut self.critters[r]
    }

    /// Puts `c` on top of the stack of cell `s`; false when the board
    /// already holds [`MAX_CRITTERS`] (position strings refuse more, and no
    /// move adds a critter).
    pub(super) fn push(&mut self, s: usize, c: Critter) -> bool {
        let total = self.total();
        if total >= MAX_CRITTERS {
            return false;
        }
        let at = usize::from(self.start[s + 1]);
        self.critters.copy_within(at..total, at + 1);
        self.critters[at] = c;
        for v in &mut self.start[s + 1..] {
            *v += 1;
        }
        true
    }

    /// Moves critter `i` of cell `s` onto the top of the stack of cell
    /// `t` (another cell): the critters between shift by one in one
    /// rotation, and only the starts of the cells between change, where
    /// [`remove`](Self::remove) and [`push`](Self::push) would each shift
    /// the whole tail. False (nothing moved) when there is no such critter
    /// or `s == t`.
    pub(super) fn relocate(&mut self, s: usize, i: usize, t: usize) -> bool {
        let r = self.range(s);
        if i >= r.len() || s == t || t >= SLOTS {
            return false;
        }
        let p = r.start + i;
        let moved = self.critters[p];
        // One shift of the critters between (`rotate_left` and
        // `rotate_right` cost several copies for so short a slice).
        if s < t {
            // It lands on the last place of `t`'s stack once the critters
            // after it have moved down.
            let q = usize::from(self.start[t + 1]) - 1;
            self.critters.copy_within(p + 1..=q, p);
            self.critters[q] = moved;
            for v in &mut self.start[s + 1..=t] {
                *v -= 1;
            }
        } else {
            let q = usize::from(self.start[t + 1]);
            self.critters.copy_within(q..p, q + 1);
            self.critters[q] = moved;
            for v in &mut self.start[t + 1..=s] {
                *v += 1;
            }
        }
        true
    }

    /// Removes critters `i..j` of the stack of cell `s` (indices within the
    /// stack, `j` at most its length).
    fn remove_range(&mut self, s: usize, i: usize, j: usize) {
        let base = usize::from(self.start[s]);
        let total = self.total();
        self.critters.copy_within(base + j..total, base + i);
        let n = (j - i) as u8;
        for v in &mut self.start[s + 1..] {
            *v -= n;
        }
    }

    /// Removes and returns critter `i` of the stack of cell `s`.
    pub(super) fn remove(&mut self, s: usize, i: usize) -> Option<Critter> {
        let c = *self.get(s).get(i)?;
        self.remove_range(s, i, i + 1);
        Some(c)
    }

    /// Empties cell `s`, returning its stack.
    pub(super) fn take(&mut self, s: usize) -> Stack {
        // One copy of the slice, not a push per critter.
        let mut stack = Stack::new();
        let _ = stack.try_extend_from_slice(self.get(s));
        self.remove_range(s, 0, stack.len());
        stack
    }

    /// Keeps only the critters of cell `s` for which `keep` holds, in order.
    pub(super) fn retain(&mut self, s: usize, mut keep: impl FnMut(&Critter) -> bool) {
        let mut i = self.get(s).len();
        while i > 0 {
            i -= 1;
            if !keep(&self.get(s)[i]) {
                self.remove_range(s, i, i + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(kind: Kind, id: u8) -> Critter {
        Critter {
            id,
            ..Critter::new(Color::Black, kind)
        }
    }

    fn ids(b: &Board, s: usize) -> Vec<u8> {
        b.get(s).iter().map(|c| c.id).collect()
    }

    /// The flat board against one growable stack per cell, on a fixed
    /// sequence of pushes, removals, moves, takes and retains over cells at both
    /// ends and in the middle.
    #[test]
    fn board_stacks_agree_with_one_vec_per_cell() {
        let mut b = Board::new();
        let mut model: Vec<Vec<u8>> = vec![Vec::new(); SLOTS];
        let mut rng = crate::rules::playout::SplitMix64::new(3);
        let mut next = 0u8;
        for step in 0..5_000 {
            let s = [0, 1, 40, GRID - 1, car_slot(0), car_slot(1)][rng.below(6)];
            match rng.below(6) {
                0 | 1 => {
                    let kind = [Kind::Shrew, Kind::Fox][rng.below(2)];
                    let pushed = b.push(s, c(kind, next));
                    let total: usize = model.iter().map(Vec::len).sum();
                    assert_eq!(pushed, total < MAX_CRITTERS, "step {step}");
                    if pushed {
                        model[s].push(next);
                    }
                    next = next.wrapping_add(1);
                }
                2 => {
                    let i = rng.below(model[s].len() + 1);
                    let got = b.remove(s, i).map(|c| c.id);
                    let want = (i < model[s].len()).then(|| model[s].remove(i));
                    assert_eq!(got, want, "step {step}");
                }
                4 => {
                    let t = [0, 1, 40, GRID - 1][rng.below(4)];
                    let i = rng.below(model[s].len() + 1);
                    let moved = b.relocate(s, i, t);
                    let want = i < model[s].len() && s != t;
                    assert_eq!(moved, want, "step {step}");
                    if want {
                        let id = model[s].remove(i);
                        model[t].push(id);
                    }
                }
                3 => {
                    let got: Vec<u8> = b.take(s).iter().map(|c| c.id).collect();
                    assert_eq!(got, std::mem::take(&mut model[s]), "step {step}");
                }
                _ => {
                    b.retain(s, |c| c.id % 3 != 0);
                    model[s].retain(|id| id % 3 != 0);
                }
            }
            for (t, m) in model.iter().enumerate() {
                assert_eq!(&ids(&b, t), m, "step {step} cell {t}");
            }
            let occupied: Vec<usize> = (0..GRID).filter(|&t| !model[t].is_empty()).collect();
            assert_eq!(
                b.occupied_cells().collect::<Vec<_>>(),
                occupied,
                "step {step}"
            );
        }
    }
}
