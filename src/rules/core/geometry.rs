//! Which grid cells exist on a board, and how they are named.

use super::square::{MAX_FILES, MAX_RANKS, Square, SquareSet};

/// The shape of a board: its size, the cells that exist and the file letters.
///
/// Ranks are named by numbers from 1 (two digits above 9). Files are named by
/// letters that the geometry owns, so PASGL's `z a b ... h x` and Gast's
/// `a ... n` are just other letter tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    files: u8,
    ranks: u8,
    cells: SquareSet,
    file_letters: [u8; MAX_FILES as usize],
}

impl Geometry {
    /// A full rectangle with files named `a`, `b`, ... from the left.
    ///
    /// # Panics
    /// If `files` or `ranks` is 0 or more than 16 (a bug in a built-in variant).
    pub fn rectangle(files: u8, ranks: u8) -> Geometry {
        assert!(
            (1..=MAX_FILES).contains(&files) && (1..=MAX_RANKS).contains(&ranks),
            "invariant: board size within 16x16"
        );
        let mut file_letters = [0u8; MAX_FILES as usize];
        for (i, l) in file_letters.iter_mut().enumerate() {
            *l = b'a' + i as u8;
        }
        Geometry {
            files,
            ranks,
            cells: SquareSet::rectangle(files, ranks),
            file_letters,
        }
    }

    /// The same geometry with other file letters (left to right).
    ///
    /// # Panics
    /// If `letters` does not name every file (a bug in a built-in variant).
    pub fn with_file_letters(mut self, letters: &[u8]) -> Geometry {
        assert!(
            letters.len() == self.files as usize,
            "invariant: one letter per file"
        );
        self.file_letters[..letters.len()].copy_from_slice(letters);
        self
    }

    /// The same geometry without the cell `sq`.
    pub fn without(mut self, sq: Square) -> Geometry {
        self.cells.remove(sq);
        self
    }

    /// Number of files.
    #[inline]
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks.
    #[inline]
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// Every cell that exists.
    #[inline]
    pub fn cells(&self) -> SquareSet {
        self.cells
    }

    /// Whether `sq` exists on this board.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.cells.contains(sq)
    }

    /// The cell `df`, `dr` away from `sq`, if it exists on this board.
    #[inline]
    pub fn offset(&self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        match sq.offset(df, dr) {
            Some(t) if self.cells.contains(t) => Some(t),
            _ => None,
        }
    }

    /// The file letter of a 0-based file index.
    #[inline]
    pub fn file_letter(&self, file: u8) -> char {
        self.file_letters[(file & 15) as usize] as char
    }

    /// The 0-based file index of a letter, if this board has that file.
    #[inline]
    pub fn file_of_letter(&self, letter: u8) -> Option<u8> {
        self.file_letters[..self.files as usize]
            .iter()
            .position(|&l| l == letter)
            .map(|i| i as u8)
    }

    /// Names `sq` as file letter plus rank number (`e4`, `k12`).
    pub fn square_name(&self, sq: Square) -> String {
        let mut s = String::with_capacity(3);
        self.push_square_name(sq, &mut s);
        s
    }

    /// Appends the name of `sq` to `out` without allocating a new string.
    pub fn push_square_name(&self, sq: Square, out: &mut String) {
        out.push(self.file_letter(sq.file()));
        let r = sq.rank() + 1;
        if r >= 10 {
            out.push((b'0' + r / 10) as char);
        }
        out.push((b'0' + r % 10) as char);
    }

    /// Reads a square name at the start of `s`; returns it and the bytes used.
    ///
    /// A rank of two digits is read whole (`k12`), so `a1` followed by `0` reads
    /// as `a10` on boards that have ten ranks.
    pub fn parse_square_prefix(&self, s: &[u8]) -> Option<(Square, usize)> {
        let file = self.file_of_letter(*s.first()?)?;
        let d1 = *s.get(1)?;
        if !d1.is_ascii_digit() || d1 == b'0' {
            return None;
        }
        let mut rank = (d1 - b'0') as u32;
        let mut used = 2;
        if let Some(&d2) = s.get(2) {
            if d2.is_ascii_digit() && rank * 10 + ((d2 - b'0') as u32) <= self.ranks as u32 {
                rank = rank * 10 + (d2 - b'0') as u32;
                used = 3;
            }
        }
        if rank == 0 || rank > self.ranks as u32 {
            return None;
        }
        let sq = Square::new(file, (rank - 1) as u8)?;
        self.contains(sq).then_some((sq, used))
    }

    /// Reads a whole square name.
    pub fn parse_square(&self, s: &[u8]) -> Option<Square> {
        match self.parse_square_prefix(s) {
            Some((sq, n)) if n == s.len() => Some(sq),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_big_boards() {
        let g = Geometry::rectangle(14, 12);
        for sq in g.cells() {
            let name = g.square_name(sq);
            assert_eq!(g.parse_square(name.as_bytes()), Some(sq), "{name}");
        }
        assert_eq!(g.parse_square(b"n12"), Square::new(13, 11));
        assert_eq!(g.parse_square(b"o1"), None);
        assert_eq!(g.parse_square(b"a13"), None);
        assert_eq!(g.parse_square(b"a0"), None);
    }

    #[test]
    fn eight_by_eight_does_not_read_two_digit_ranks() {
        let g = Geometry::rectangle(8, 8);
        assert_eq!(
            g.parse_square_prefix(b"a10"),
            Some((Square::new(0, 0).expect("grid"), 2))
        );
    }

    #[test]
    fn custom_file_letters() {
        let g = Geometry::rectangle(10, 8).with_file_letters(b"zabcdefghx");
        assert_eq!(g.parse_square(b"z4"), Square::new(0, 3));
        assert_eq!(g.square_name(Square::new(9, 4).expect("grid")), "x5");
    }
}
