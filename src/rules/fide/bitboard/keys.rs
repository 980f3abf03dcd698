//! The core's repetition-key numbers for the bitboards, computed at
//! compile time so that the incremental hash matches
//! [`core::Position::repetition_key`].

use super::*;

/// The core's hash of each (colour, role) on each square, for the
/// incremental board hash: the same numbers as
/// [`core::Position::repetition_key`] uses, computed at compile time.
pub(super) static ZOBRIST: [[[u64; 64]; 6]; 2] = zobrist();

const fn zobrist() -> [[[u64; 64]; 6]; 2] {
    let mut t = [[[0; 64]; 6]; 2];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut s = 0;
            while s < 64 {
                let code = (((r + 1) << 1) | c) as u8;
                t[c][r][s] = piece_key(code, sq16(s));
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    t
}

/// The core's hash of the castling rights of each set of rooks on rank 1
/// (`[0]`, White's) and rank 8 (`[1]`, Black's), indexed by the rank's byte
/// of `castling`: one key per rook, XORed as the core does.
pub(super) static CASTLING_RANK_KEY: [[u64; 256]; 2] = castling_rank_keys();

const fn castling_rank_keys() -> [[u64; 256]; 2] {
    let keys = castling_keys();
    let mut t = [[0; 256]; 2];
    let mut side = 0;
    while side < 2 {
        let mut set = 0;
        while set < 256 {
            let mut f = 0;
            while f < 8 {
                if set & (1 << f) != 0 {
                    t[side][set] ^= keys[side * 56 + f];
                }
                f += 1;
            }
            set += 1;
        }
        side += 1;
    }
    t
}

/// The core's hash of a legal en-passant capture onto each square.
pub(super) static EP_KEY: [u64; 64] = ep_keys();

/// The core's hash of Black to move.
pub(super) const BLACK_KEY: u64 = mix(0x2_0000);

/// The core's hash of a castling right of the rook on each square (White's
/// on rank 1, Black's on rank 8; other squares hold no right).
const fn castling_keys() -> [u64; 64] {
    let mut t = [0; 64];
    let mut s = 0;
    while s < 64 {
        let c: u64 = if s >= 56 { 1 } else { 0 };
        t[s] = mix(0x1_0000 | (c << 8) | sq16(s).index() as u64);
        s += 1;
    }
    t
}

const fn ep_keys() -> [u64; 64] {
    let mut t = [0; 64];
    let mut s = 0;
    while s < 64 {
        t[s] = mix(0x3_0000 | sq16(s).index() as u64);
        s += 1;
    }
    t
}
