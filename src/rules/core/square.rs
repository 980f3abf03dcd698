//! Squares and square sets on a grid of at most 16x16.
//!
//! A [`Square`] is a `u8` index into the 16x16 grid, so every value names a
//! grid cell. Whether that cell exists on a given board (holes, PASGL's
//! terminal files, boards smaller than 16x16) is the job of
//! [`Geometry`](super::Geometry).

use std::fmt;

/// Most files (and ranks) any board may have.
pub const MAX_FILES: u8 = 16;
/// Most ranks any board may have.
pub const MAX_RANKS: u8 = 16;

/// A cell of the 16x16 grid: `rank * 16 + file`, both counted from 0.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at `file`, `rank` (0-based), or `None` outside the 16x16 grid.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_FILES && rank < MAX_RANKS {
            Some(Square(rank * 16 + file))
        } else {
            None
        }
    }

    /// The square with this raw index (every `u8` is a grid cell).
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        Square(index)
    }

    /// The raw grid index, `rank * 16 + file`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 15
    }

    /// 0-based rank.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// The square `df` files and `dr` ranks away, if it is still on the grid.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i16 + df as i16;
        let r = self.rank() as i16 + dr as i16;
        if f < 0 || r < 0 || f >= MAX_FILES as i16 || r >= MAX_RANKS as i16 {
            None
        } else {
            Some(Square((r * 16 + f) as u8))
        }
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({},{})", self.file(), self.rank())
    }
}

/// A set of grid cells: 256 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// The set of every cell with `file < files` and `rank < ranks`.
    pub fn rectangle(files: u8, ranks: u8) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for r in 0..ranks.min(MAX_RANKS) {
            for f in 0..files.min(MAX_FILES) {
                if let Some(sq) = Square::new(f, r) {
                    set.insert(sq);
                }
            }
        }
        set
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0[sq.index() >> 6] & (1u64 << (sq.index() & 63)) != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[sq.index() >> 6] |= 1u64 << (sq.index() & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0[sq.index() >> 6] &= !(1u64 << (sq.index() & 63));
    }

    /// Adds or removes `sq`.
    #[inline]
    pub fn set(&mut self, sq: Square, on: bool) {
        if on { self.insert(sq) } else { self.remove(sq) }
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0[0] == 0 && self.0[1] == 0 && self.0[2] == 0 && self.0[3] == 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// The lowest square, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        self.into_iter().next()
    }

    /// The square of lowest index, if any.
    #[inline]
    pub fn lowest(self) -> Option<Square> {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return Some(Square((i as u32 * 64 + w.trailing_zeros()) as u8));
            }
        }
        None
    }

    /// The square of highest index, if any.
    #[inline]
    pub fn highest(self) -> Option<Square> {
        for (i, w) in self.0.iter().enumerate().rev() {
            if *w != 0 {
                return Some(Square((i as u32 * 64 + 63 - w.leading_zeros()) as u8));
            }
        }
        None
    }

    /// Squares in both sets.
    #[inline]
    pub const fn intersection(self, other: SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] & other.0[0],
            self.0[1] & other.0[1],
            self.0[2] & other.0[2],
            self.0[3] & other.0[3],
        ])
    }

    /// Squares in either set.
    #[inline]
    pub const fn union(self, other: SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
            self.0[3] | other.0[3],
        ])
    }

    /// Squares in `self` but not in `other`.
    #[inline]
    pub const fn difference(self, other: SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] & !other.0[0],
            self.0[1] & !other.0[1],
            self.0[2] & !other.0[2],
            self.0[3] & !other.0[3],
        ])
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(*self).finish()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

/// Iterator over a [`SquareSet`], lowest square first.
///
/// The words wait in fields of their own and move down one by one, never
/// read at a moving index: the iterator of a `for` loop then lives in
/// registers (read at an index, it lived in memory, and walking a set was a
/// third of resolving a written move of the core's games).
#[derive(Debug, Clone)]
pub struct SquareSetIter {
    /// The word being walked, its squares already given taken out.
    cur: u64,
    /// The words above it, lowest first.
    next: [u64; 3],
    /// The index of the first square of `cur`.
    base: u32,
}

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        loop {
            if self.cur != 0 {
                let bit = self.cur.trailing_zeros();
                self.cur &= self.cur - 1;
                return Some(Square::from_index((self.base + bit) as u8));
            }
            let [a, b, c] = self.next;
            if a | b | c == 0 {
                return None;
            }
            self.cur = a;
            self.next = [b, c, 0];
            self.base += 64;
        }
    }

    /// Word by word (`for_each` comes here).
    #[inline]
    fn fold<B, F: FnMut(B, Square) -> B>(self, init: B, mut f: F) -> B {
        let mut acc = init;
        let words = [self.cur, self.next[0], self.next[1], self.next[2]];
        for (i, mut w) in words.into_iter().enumerate() {
            while w != 0 {
                let bit = w.trailing_zeros();
                w &= w - 1;
                acc = f(
                    acc,
                    Square::from_index((self.base + i as u32 * 64 + bit) as u8),
                );
            }
        }
        acc
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;

    #[inline]
    fn into_iter(self) -> SquareSetIter {
        let [cur, a, b, c] = self.0;
        SquareSetIter {
            cur,
            next: [a, b, c],
            base: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_round_trips_file_and_rank() {
        for r in 0..16 {
            for f in 0..16 {
                let sq = Square::new(f, r).expect("on grid");
                assert_eq!((sq.file(), sq.rank()), (f, r));
            }
        }
        assert_eq!(Square::new(16, 0), None);
    }

    #[test]
    fn offset_leaves_grid() {
        let a1 = Square::new(0, 0).expect("on grid");
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(1, 2), Square::new(1, 2));
        let p16 = Square::new(15, 15).expect("on grid");
        assert_eq!(p16.offset(1, 0), None);
    }

    #[test]
    fn set_iterates_in_order() {
        let mut s = SquareSet::EMPTY;
        for i in [200u8, 3, 64, 255, 0] {
            s.insert(Square::from_index(i));
        }
        let v: Vec<usize> = s.into_iter().map(|q| q.index()).collect();
        assert_eq!(v, vec![0, 3, 64, 200, 255]);
        assert_eq!(s.count(), 5);
        s.remove(Square::from_index(64));
        assert!(!s.contains(Square::from_index(64)));
        assert_eq!(SquareSet::rectangle(8, 8).count(), 64);
    }

    /// `next`, `fold` (`for_each`) and the two mixed give every square of
    /// the set once, in order, whichever words are empty.
    #[test]
    fn set_iteration_by_next_and_by_fold_agree() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..400 {
            let mut s = SquareSet::EMPTY;
            for i in 0..=255u8 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Sparse, dense and empty words by turns.
                let word_on = (round >> (i >> 6)) & 1 == 1;
                if word_on && seed % (1 + (round % 7) as u64) == 0 {
                    s.insert(Square::from_index(i));
                }
            }
            let want: Vec<usize> = (0..256)
                .filter(|&i| s.contains(Square::from_index(i as u8)))
                .collect();
            let by_next: Vec<usize> = s.into_iter().map(|q| q.index()).collect();
            let mut by_fold = Vec::new();
            s.into_iter().for_each(|q| by_fold.push(q.index()));
            assert_eq!(by_next, want);
            assert_eq!(by_fold, want);
            for taken in 0..want.len().min(5) {
                let mut it = s.into_iter();
                let mut mixed: Vec<usize> = it.by_ref().take(taken).map(|q| q.index()).collect();
                it.for_each(|q| mixed.push(q.index()));
                assert_eq!(mixed, want, "after {taken} by next");
            }
        }
    }
}
