//! Attack tables for the 8x8 bitboard positions (FIDE chess and the lichess
//! family), all built at compile time: leapers (knight, king, pawn
//! captures) by table, sliders by the classical ray-and-bit-scan method (no
//! start-up cost, no unsafe, no heap).
//!
//! Squares here are 0..64, `rank * 8 + file`.

/// A set of squares of the 8x8 board, bit `rank * 8 + file`.
pub type Bitboard = u64;

/// The eight ray directions as (file step, rank step); the first four
/// increase the square index (scan for the lowest blocker), the last four
/// decrease it (scan for the highest).
const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (-1, 1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (1, -1),
];

const fn step(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    if f < 0 || r < 0 || f > 7 || r > 7 {
        None
    } else {
        Some(r as usize * 8 + f as usize)
    }
}

const fn leaper(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < steps.len() {
            if let Some(s) = step(sq, steps[i].0, steps[i].1) {
                t[sq] |= 1 << s;
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

const fn rays() -> [[Bitboard; 64]; 8] {
    let mut t = [[0; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut cur = sq;
            while let Some(s) = step(cur, DIRS[d].0, DIRS[d].1) {
                t[d][sq] |= 1 << s;
                cur = s;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

/// Knight moves from each square.
pub static KNIGHT: [Bitboard; 64] = leaper(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// King steps from each square.
pub static KING: [Bitboard; 64] = leaper(&[
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
]);

/// Squares a pawn of each colour (White 0, Black 1) on a square attacks.
pub static PAWN: [[Bitboard; 64]; 2] = [leaper(&[(-1, 1), (1, 1)]), leaper(&[(-1, -1), (1, -1)])];

static RAYS: [[Bitboard; 64]; 8] = rays();

/// Rook and bishop moves from each square on an empty board: a slider not
/// on these can be passed over without scanning its rays.
pub static ROOK_EMPTY: [Bitboard; 64] = empty_board(0);
/// See [`ROOK_EMPTY`].
pub static BISHOP_EMPTY: [Bitboard; 64] = empty_board(1);

/// Where each FIDE role but the pawn moves from each square on an empty
/// board, indexed by the role's number in the FIDE army (pawns: nowhere).
pub static EMPTY_BOARD: [[Bitboard; 64]; 6] = {
    let rook = empty_board(0);
    let bishop = empty_board(1);
    let mut queen = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        queen[sq] = rook[sq] | bishop[sq];
        sq += 1;
    }
    [[0; 64], KNIGHT, bishop, rook, queen, KING]
};

/// The squares a piece of each colour and FIDE role on each square could
/// give check on, blockers aside: its empty-board moves, a pawn's captures,
/// nothing for the king (it never checks). Leapers' squares are never on a
/// line with squares between, so one test of those serves every role.
pub static CHECKS: [[[Bitboard; 64]; 6]; 2] = {
    let e = EMPTY_BOARD;
    [
        [PAWN[0], e[1], e[2], e[3], e[4], [0; 64]],
        [PAWN[1], e[1], e[2], e[3], e[4], [0; 64]],
    ]
};

const fn empty_board(first: usize) -> [Bitboard; 64] {
    let r = rays();
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = first;
        while d < 8 {
            t[sq] |= r[d][sq];
            d += 2;
        }
        sq += 1;
    }
    t
}

/// The squares strictly between two squares on one line (empty otherwise).
static BETWEEN: [[Bitboard; 64]; 64] = between_table();

/// The whole line through two squares on one line, both included (empty otherwise).
static LINE: [[Bitboard; 64]; 64] = line_table();

const fn between_table() -> [[Bitboard; 64]; 64] {
    let mut t = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let mut cur = a;
            let mut acc: Bitboard = 0;
            while let Some(s) = step(cur, DIRS[d].0, DIRS[d].1) {
                t[a][s] = acc;
                acc |= 1 << s;
                cur = s;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

const fn line_table() -> [[Bitboard; 64]; 64] {
    let r = rays();
    let mut t = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 4 {
            let line = r[d][a] | r[d + 4][a] | (1 << a);
            let mut rest = r[d][a] | r[d + 4][a];
            while rest != 0 {
                let b = rest.trailing_zeros() as usize;
                t[a][b] = line;
                rest &= rest - 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

#[inline]
fn ray(d: usize, sq: usize, occ: Bitboard) -> Bitboard {
    let ray = RAYS[d][sq];
    let blockers = ray & occ;
    if blockers == 0 {
        return ray;
    }
    let b = if d < 4 {
        blockers.trailing_zeros() as usize
    } else {
        63 - blockers.leading_zeros() as usize
    };
    ray ^ RAYS[d][b]
}

/// Rook attacks from `sq` with `occ` blocking.
#[inline]
pub fn rook(sq: usize, occ: Bitboard) -> Bitboard {
    ray(0, sq, occ) | ray(2, sq, occ) | ray(4, sq, occ) | ray(6, sq, occ)
}

/// Bishop attacks from `sq` with `occ` blocking.
#[inline]
pub fn bishop(sq: usize, occ: Bitboard) -> Bitboard {
    ray(1, sq, occ) | ray(3, sq, occ) | ray(5, sq, occ) | ray(7, sq, occ)
}

/// Squares strictly between `a` and `b` when they share a line.
#[inline]
pub fn between(a: usize, b: usize) -> Bitboard {
    BETWEEN[a][b]
}

/// The full line through `a` and `b` when they share one, else empty.
#[inline]
pub fn line(a: usize, b: usize) -> Bitboard {
    LINE[a][b]
}
