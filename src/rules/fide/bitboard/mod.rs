//! FIDE chess and Chess960 on an 8x8 bitboard position.
//!
//! The general [`core::Position`] plays every chess-like game on a 16x16
//! mailbox from Betza vectors; for FIDE chess, by far the most common game
//! in the archives, that generality is the slowest part of `xpgn check`
//! (issue 2's speed target). [`BitPosition`] plays exactly the same game —
//! same legal moves, same move values (core [`Move`]s on the core's 16x16
//! squares), same FEN, SAN, repetition keys and endings — on bitboards in a
//! small `Copy` struct.
//!
//! It is cross-checked against the core, not trusted on its own: perft over
//! every FIDE and Chess960 position in `tests/data/perft` (tests/perft.rs)
//! and a differential test that plays seeded random games through both and
//! compares every observable at every ply (`tests.rs`).
//!
//! Whatever is rare or complicated goes to the core: move tokens that name
//! no legal move or several, and every action but piece moves and castling,
//! are resolved by [`core::Position::resolve_token`] on
//! [`to_core`](BitPosition::to_core), so rejections and their words stay in
//! one place.

mod attacks;
#[cfg(test)]
mod tests;

use std::fmt;

use attacks::Bitboard;

use crate::notation::token::{Action, CastleSide as WrittenSide, Grammar, MoveToken, PieceMove};
use crate::rules::Variant;
use crate::rules::core::position::{mix, piece_key};
use crate::rules::core::{
    self, ByColor, CastleForm, CastleSide, Color, Ending, GameRules, Move, MoveList, Piece, Role,
    Square, SquareSet,
};
use crate::rules::family::{self, GamePosition, Outcome, Rejection};

// Roles in the order of the FIDE army (`core::FIDE_ARMY`).
const PAWN: usize = 0;
const KNIGHT: usize = 1;
const BISHOP: usize = 2;
const ROOK: usize = 3;
const QUEEN: usize = 4;
const KING: usize = 5;

const LETTERS: [u8; 6] = *b"PNBRQK";

const fn role_const(i: u8) -> Role {
    match Role::new(i) {
        Some(r) => r,
        None => panic!("FIDE roles are below MAX_ROLES"),
    }
}

/// The core's roles, by index.
const ROLES: [Role; 6] = [
    role_const(0),
    role_const(1),
    role_const(2),
    role_const(3),
    role_const(4),
    role_const(5),
];

const RANK_1: Bitboard = 0xFF;
const FILE_A: Bitboard = 0x0101_0101_0101_0101;
const RANK_8: Bitboard = 0xFF << 56;

/// The core's 16x16 square of an 8x8 square.
#[inline]
const fn sq16(s: usize) -> Square {
    Square::from_index((((s >> 3) << 4) | (s & 7)) as u8)
}

/// The 8x8 square of a core square, if it is on the 8x8 board.
#[inline]
const fn sq64(s: Square) -> Option<usize> {
    if s.file() < 8 && s.rank() < 8 {
        Some(s.rank() as usize * 8 + s.file() as usize)
    } else {
        None
    }
}

/// Like [`sq64`], for squares known to be on the board (the core's moves
/// of an 8x8 game); off-board squares fold onto it instead of panicking.
/// One table load: every move played converts two squares.
#[inline]
fn idx(s: Square) -> usize {
    IDX[s.index()] as usize
}

/// [`idx`] of each core square.
static IDX: [u8; 256] = {
    let mut t = [0; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (((i >> 4) & 7) * 8 + (i & 7)) as u8;
        i += 1;
    }
    t
};

#[inline]
const fn bit(s: usize) -> Bitboard {
    1 << s
}

#[inline]
fn lsb(b: Bitboard) -> usize {
    b.trailing_zeros() as usize
}

/// Iterates the squares of a bitboard, lowest first.
#[inline]
fn squares(mut b: Bitboard) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let s = lsb(b);
            b &= b - 1;
            Some(s)
        }
    })
}

/// The core's hash of each (colour, role) on each square, for the
/// incremental board hash: the same numbers as
/// [`core::Position::repetition_key`] uses, computed at compile time.
static ZOBRIST: [[[u64; 64]; 6]; 2] = zobrist();

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
static CASTLING_RANK_KEY: [[u64; 256]; 2] = castling_rank_keys();

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
static EP_KEY: [u64; 64] = ep_keys();

/// The core's hash of Black to move.
const BLACK_KEY: u64 = mix(0x2_0000);

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

/// The order the core generates each piece's moves in: for each colour,
/// role and origin, the targets its Betza vectors reach on an empty board,
/// vector by vector, near to far. The core's legal moves are a subsequence
/// of these, so [`BitPosition::legal_moves`] emits its targets in this order.
struct MoveOrder {
    targets: Vec<u8>,
    /// Start and end in `targets` of each (colour, role, origin).
    spans: Vec<(u16, u16)>,
}

fn move_order() -> &'static MoveOrder {
    static ORDER: std::sync::OnceLock<MoveOrder> = std::sync::OnceLock::new();
    ORDER.get_or_init(|| {
        let rules = super::chess();
        let mut targets = Vec::new();
        let mut spans = Vec::with_capacity(2 * 6 * 64);
        for color in Color::ALL {
            for role in ROLES {
                for from in 0..64 {
                    let start = targets.len();
                    let mut seen: Bitboard = 0;
                    for v in &rules.piece(role).vectors[color] {
                        let max = if v.range == 0 { 8 } else { v.range };
                        let mut cur = sq16(from);
                        for _ in 0..max {
                            let Some(next) = cur.offset(v.df, v.dr) else {
                                break;
                            };
                            let Some(t) = sq64(next) else { break };
                            cur = next;
                            if seen & bit(t) == 0 {
                                seen |= bit(t);
                                targets.push(t as u8);
                            }
                        }
                    }
                    spans.push((start as u16, targets.len() as u16));
                }
            }
        }
        MoveOrder { targets, spans }
    })
}

impl MoveOrder {
    #[inline]
    fn of(&self, color: Color, role: usize, from: usize) -> &[u8] {
        let (a, b) = self.spans[(color.index() * 6 + role) * 64 + from];
        &self.targets[a as usize..b as usize]
    }
}

/// A FIDE chess or Chess960 position on bitboards, equivalent to the
/// [`core::Position`] it came from (see the module documentation).
#[derive(Clone, Copy)]
pub struct BitPosition {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    /// The rooks that keep a castling right (White's on rank 1, Black's
    /// on rank 8): the core's `castling`.
    castling: Bitboard,
    /// The enemy pieces that give check to the side to move.
    checkers: Bitboard,
    /// The pieces' part of the repetition key, as the core keeps it.
    board_hash: u64,
    rules: &'static GameRules,
    halfmoves: u32,
    fullmoves: u32,
    /// The core's en-passant square: set after every double step.
    ep: Option<u8>,
    turn: Color,
    /// Promotions made by each side (the core counts them in every game).
    promotions: [u8; 2],
}

impl fmt::Debug for BitPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BitPosition({} {})", self.rules.name, self.fen())
    }
}

/// Whether `rules` are FIDE chess or Chess960, the games this position plays.
fn is_fide(rules: &'static GameRules) -> bool {
    std::ptr::eq(rules, super::chess()) || std::ptr::eq(rules, super::chess960())
}

impl BitPosition {
    // ------------------------------------------------------------ conversion

    /// The bitboard position equal to `p`, or `None` when `p` is not a FIDE
    /// chess or Chess960 position, or holds an en-passant square that no
    /// double step can leave and a pawn could capture on (only a hand-made
    /// FEN can).
    pub fn from_core(p: &core::Position) -> Option<BitPosition> {
        let rules = p.rules();
        if !is_fide(rules) {
            return None;
        }
        let mut pos = BitPosition {
            by_color: [0; 2],
            by_role: [0; 6],
            castling: 0,
            checkers: 0,
            board_hash: 0,
            rules,
            halfmoves: p.halfmoves(),
            fullmoves: p.fullmoves(),
            ep: None,
            turn: p.turn(),
            promotions: [p.promotions(Color::White), p.promotions(Color::Black)],
        };
        // The core's board codes of the 8x8 squares read directly; a piece
        // elsewhere (none in these games) shows in the count.
        // A rank's eight codes are read as one word, its empty squares skipped.
        let mut pieces = 0;
        for (r, row) in p.board.chunks_exact(16).take(8).enumerate() {
            let mut codes = [0; 8];
            codes.copy_from_slice(&row[..8]);
            let mut word = u64::from_le_bytes(codes);
            while word != 0 {
                let f = word.trailing_zeros() as usize / 8;
                let code = (word >> (8 * f)) as u8;
                word &= !(0xFF << (8 * f));
                let piece = Piece::from_code(code)?;
                let role = piece.role.index();
                if role > KING {
                    return None;
                }
                // The hash is the core's (below), not summed again.
                pos.by_color[piece.color.index()] |= bit(r * 8 + f);
                pos.by_role[role] |= bit(r * 8 + f);
                pieces += 1;
            }
        }
        if pieces != p.occupied().count() {
            return None;
        }
        for c in Color::ALL {
            if (pos.by_role[KING] & pos.by_color[c.index()]).count_ones() != 1 {
                return None;
            }
            for sq in p.castling_rooks(c) {
                pos.castling |= bit(sq64(sq)?);
            }
        }
        if let Some(ep) = p.ep_square() {
            let e = sq64(ep)?;
            pos.ep = Some(e as u8);
            let us = pos.turn;
            let active = pos.occupied() & bit(e) == 0
                && attacks::PAWN[(!us).index()][e] & pos.pieces(us, PAWN) != 0;
            let rank = if us == Color::White { 5 } else { 2 };
            let sane = e / 8 == rank && pos.pieces(!us, PAWN) & bit(ep_victim(e, us)) != 0;
            if active && !sane {
                return None;
            }
        }
        pos.checkers = pos.compute_checkers();
        pos.board_hash = p.board_hash;
        debug_assert_eq!(pos.board_hash, pos.piece_hash());
        Some(pos)
    }

    /// The same position on the general core.
    pub fn to_core(&self) -> core::Position {
        let mut p = core::Position::empty(self.rules);
        for c in Color::ALL {
            for (i, &role) in ROLES.iter().enumerate() {
                for s in squares(self.pieces(c, i)) {
                    p.put(sq16(s), Piece { color: c, role });
                }
            }
            p.castling[c] = squares(self.castling & back_rank(c)).map(sq16).collect();
            p.promotions[c] = self.promotions[c.index()];
        }
        p.turn = self.turn;
        p.ep = self.ep.map(|e| sq16(e as usize));
        p.halfmoves = self.halfmoves;
        p.fullmoves = self.fullmoves;
        p.checked = self.is_check();
        p
    }

    // ------------------------------------------------------------- queries

    /// The game: FIDE chess or Chess960.
    #[inline]
    pub fn rules(&self) -> &'static GameRules {
        self.rules
    }

    /// Whose turn it is.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and incremented after Black moves.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The en-passant square the last double step left, whether or not a
    /// capture there is legal (the core's `ep_square`).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep.map(|e| sq16(e as usize))
    }

    /// The rooks of `color` that keep their castling right.
    pub fn castling_rooks(&self, color: Color) -> SquareSet {
        squares(self.castling & back_rank(color))
            .map(sq16)
            .collect()
    }

    /// The king of `color` (a FIDE position always has one).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        let k = self.pieces(color, KING);
        (k != 0).then(|| sq16(lsb(k)))
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let s = sq64(sq)?;
        let (color, role) = self.piece_on(s)?;
        Some(Piece {
            color,
            role: ROLES[role],
        })
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers != 0
    }

    #[inline]
    fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    fn pieces(&self, c: Color, role: usize) -> Bitboard {
        self.by_color[c.index()] & self.by_role[role]
    }

    /// The king's square. Every position has both kings; should a caller
    /// play an illegal move that takes one, this answers a1 rather than
    /// indexing past the tables.
    #[inline]
    fn king_sq(&self, c: Color) -> usize {
        lsb(self.pieces(c, KING)) & 63
    }

    #[inline]
    fn piece_on(&self, s: usize) -> Option<(Color, usize)> {
        let b = bit(s);
        let color = if self.by_color[0] & b != 0 {
            Color::White
        } else if self.by_color[1] & b != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = self.by_role.iter().position(|&r| r & b != 0)?;
        Some((color, role))
    }

    #[inline]
    fn role_on(&self, s: usize) -> Option<usize> {
        let b = bit(s);
        self.by_role.iter().position(|&r| r & b != 0)
    }

    /// The role on `s`, which must be occupied, without a search: the
    /// role numbers' bits read from unions of the role sets.
    #[inline]
    fn role_at(&self, s: usize) -> usize {
        let r = &self.by_role;
        let b0 = ((r[KNIGHT] | r[ROOK] | r[KING]) >> s) & 1;
        let b1 = ((r[BISHOP] | r[ROOK]) >> s) & 1;
        let b2 = ((r[QUEEN] | r[KING]) >> s) & 1;
        let role = (b0 | b1 << 1 | b2 << 2) as usize;
        debug_assert_eq!(Some(role), self.role_on(s));
        role
    }

    #[inline]
    fn put(&mut self, s: usize, c: Color, role: usize) {
        self.by_color[c.index()] |= bit(s);
        self.by_role[role] |= bit(s);
        self.board_hash ^= ZOBRIST[c.index()][role][s];
    }

    /// The pieces' part of the repetition key, summed from the board (the
    /// position keeps it up to date instead).
    fn piece_hash(&self) -> u64 {
        let mut h = 0;
        for c in Color::ALL {
            for (role, keys) in ZOBRIST[c.index()].iter().enumerate() {
                for s in squares(self.pieces(c, role)) {
                    h ^= keys[s];
                }
            }
        }
        h
    }

    /// Empties `s`, returning what stood there.
    #[inline]
    fn remove(&mut self, s: usize) -> Option<(Color, usize)> {
        let (c, role) = self.piece_on(s)?;
        self.by_color[c.index()] &= !bit(s);
        self.by_role[role] &= !bit(s);
        self.board_hash ^= ZOBRIST[c.index()][role][s];
        Some((c, role))
    }

    // ------------------------------------------------------------- attacks

    /// Pieces of both sides that attack `s` when `occ` is occupied.
    #[inline]
    fn attackers_to(&self, s: usize, occ: Bitboard) -> Bitboard {
        let r = &self.by_role;
        let white_pawns = r[PAWN] & self.by_color[0];
        let black_pawns = r[PAWN] & self.by_color[1];
        (attacks::PAWN[1][s] & white_pawns)
            | (attacks::PAWN[0][s] & black_pawns)
            | (attacks::KNIGHT[s] & r[KNIGHT])
            | (attacks::KING[s] & r[KING])
            | (attacks::bishop(s, occ) & (r[BISHOP] | r[QUEEN]))
            | (attacks::rook(s, occ) & (r[ROOK] | r[QUEEN]))
    }

    /// The checkers after our normal move `from`-`to` that left a piece of
    /// `placed` on `to` (the turn already passed): that piece itself, and a
    /// slider of ours behind `from` on a line to their king. No other piece
    /// can start to give check, as their king was safe before the move.
    #[inline]
    fn checks_after(&self, placed: usize, from: usize, to: usize) -> Bitboard {
        let us = !self.turn;
        let ek = self.king_sq(self.turn);
        let occ = self.occupied();
        // One table for every role: leapers' targets are never on a line
        // with squares between.
        let direct = attacks::CHECKS[us.index()][placed][to] & bit(ek) != 0
            && attacks::between(to, ek) & occ == 0;
        let mut found = if direct { bit(to) } else { 0 };
        let r = &self.by_role;
        let line = attacks::line(ek, from);
        if line != 0 {
            let kind = if ek % 8 == from % 8 || ek / 8 == from / 8 {
                r[ROOK] | r[QUEEN]
            } else {
                r[BISHOP] | r[QUEEN]
            };
            for s in squares(line & self.by_color[us.index()] & kind) {
                if attacks::between(ek, s) & occ == 0 {
                    found |= bit(s);
                }
            }
        }
        found
    }

    /// Whether a piece among `by` attacks `s` when `occ` is occupied; the
    /// same answer as `attackers_to(s, occ) & by != 0`, leapers first and
    /// slider rays only when a slider of `by` stands on one.
    #[inline]
    fn attacked(&self, s: usize, occ: Bitboard, by: Bitboard) -> bool {
        let r = &self.by_role;
        let pawns =
            (attacks::PAWN[1][s] & self.by_color[0]) | (attacks::PAWN[0][s] & self.by_color[1]);
        let leapers =
            (pawns & r[PAWN]) | (attacks::KNIGHT[s] & r[KNIGHT]) | (attacks::KING[s] & r[KING]);
        if leapers & by != 0 {
            return true;
        }
        // The sliders of `by` on a line through `s`, each tested by the
        // squares between: cheaper than walking the rays, as few stand there.
        let sliders = ((r[ROOK] | r[QUEEN]) & attacks::ROOK_EMPTY[s])
            | ((r[BISHOP] | r[QUEEN]) & attacks::BISHOP_EMPTY[s]);
        squares(sliders & by).any(|c| attacks::between(s, c) & occ == 0)
    }

    fn compute_checkers(&self) -> Bitboard {
        let us = self.turn;
        self.attackers_to(self.king_sq(us), self.occupied()) & self.by_color[(!us).index()]
    }

    /// Where a piece of `role` on `s` moves or captures (pawns: captures).
    #[inline]
    fn attacks_of(&self, role: usize, c: Color, s: usize, occ: Bitboard) -> Bitboard {
        match role {
            PAWN => attacks::PAWN[c.index()][s],
            KNIGHT => attacks::KNIGHT[s],
            BISHOP => attacks::bishop(s, occ),
            ROOK => attacks::rook(s, occ),
            QUEEN => attacks::bishop(s, occ) | attacks::rook(s, occ),
            _ => attacks::KING[s],
        }
    }

    /// Our pieces pinned against our king.
    fn pinned(&self) -> Bitboard {
        let us = self.turn;
        let them = self.by_color[(!us).index()];
        let k = self.king_sq(us);
        let r = &self.by_role;
        let snipers = ((attacks::ROOK_EMPTY[k] & (r[ROOK] | r[QUEEN]))
            | (attacks::BISHOP_EMPTY[k] & (r[BISHOP] | r[QUEEN])))
            & them;
        let occ = self.occupied();
        let mut pinned = 0;
        for s in squares(snipers) {
            let b = attacks::between(k, s) & occ;
            if b != 0 && b & (b - 1) == 0 {
                pinned |= b & self.by_color[us.index()];
            }
        }
        pinned
    }

    /// Whether the non-castling move `from`-`to` of our piece of `role`,
    /// removing `victim` (the captured piece's square), leaves our king safe:
    /// the same answer as trying the move on the occupancy, as the core does
    /// (king moves and en passant are tried; debug builds try every move and
    /// compare).
    #[inline(always)]
    fn leaves_king_safe(&self, role: usize, from: usize, to: usize, victim: Option<usize>) -> bool {
        let us = self.turn;
        // The common case, a piece other than the king taking (if at all) on
        // its target: only check evasion and pins matter, no attack test.
        if role != KING && victim.is_none_or(|v| v == to) {
            let k = self.king_sq(us);
            let c = self.checkers;
            let evades =
                c == 0 || (c & (c - 1) == 0 && (c | attacks::between(k, lsb(c))) & bit(to) != 0);
            let safe = evades
                && !self.uncovers(k, from, to, self.by_color[(!us).index()], self.occupied());
            debug_assert_eq!(safe, self.leaves_king_safe_slow(role, from, to, victim));
            return safe;
        }
        self.leaves_king_safe_slow(role, from, to, victim)
    }

    /// Whether moving a piece from `from` to `to` (off their common line)
    /// opens a line of a slider among `sliders_of` onto the king on `k`,
    /// with `occ` the occupancy before the move. A piece landing on the
    /// line keeps it closed: it blocks the line, or is the slider taken.
    #[inline]
    fn uncovers(&self, k: usize, from: usize, to: usize, side: Bitboard, occ: Bitboard) -> bool {
        let line = attacks::line(k, from);
        if line == 0 || line & bit(to) != 0 {
            return false;
        }
        let r = &self.by_role;
        let kind = if k % 8 == from % 8 || k / 8 == from / 8 {
            r[ROOK] | r[QUEEN]
        } else {
            r[BISHOP] | r[QUEEN]
        };
        squares(line & side & kind).any(|s| attacks::between(k, s) & occ == bit(from))
    }

    /// [`leaves_king_safe`](Self::leaves_king_safe) by trying the move on
    /// the occupancy: king moves and en passant.
    #[inline(never)]
    fn leaves_king_safe_slow(
        &self,
        role: usize,
        from: usize,
        to: usize,
        victim: Option<usize>,
    ) -> bool {
        let us = self.turn;
        let gone = victim.map_or(0, bit);
        let occ = (self.occupied() & !bit(from) & !gone) | bit(to);
        let k = if role == KING { to } else { self.king_sq(us) };
        !self.attacked(k, occ, self.by_color[(!us).index()] & !gone & !bit(to))
    }

    // ------------------------------------------------------------- movegen

    /// The pawn pushes (single and double) of a pawn on `from`.
    #[inline]
    fn pawn_pushes(&self, from: usize) -> Bitboard {
        let occ = self.occupied();
        match self.turn {
            Color::White => {
                let one = bit(from) << 8 & !occ;
                let two = if from / 8 == 1 { one << 8 & !occ } else { 0 };
                one | two
            }
            Color::Black => {
                let one = bit(from) >> 8 & !occ;
                let two = if from / 8 == 6 { one >> 8 & !occ } else { 0 };
                one | two
            }
        }
    }

    /// The en-passant square when a capture there may be possible (the
    /// square is empty): the core's `ep` as its generator uses it.
    #[inline]
    fn ep_target(&self) -> Option<usize> {
        let e = self.ep? as usize;
        (self.occupied() & bit(e) == 0).then_some(e)
    }

    /// The legal targets of our non-king piece of `role` on `from`,
    /// en passant excluded, given the check and pin masks.
    #[inline]
    fn piece_targets(
        &self,
        role: usize,
        from: usize,
        check_mask: Bitboard,
        pinned: Bitboard,
    ) -> Bitboard {
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occ = ours | theirs;
        let mut t = if role == PAWN {
            self.pawn_pushes(from) | (attacks::PAWN[us.index()][from] & theirs)
        } else {
            self.attacks_of(role, us, from, occ) & !ours
        };
        t &= check_mask;
        if pinned & bit(from) != 0 {
            t &= attacks::line(self.king_sq(us), from);
        }
        t
    }

    /// The squares our king may step to.
    #[inline]
    fn king_targets(&self) -> Bitboard {
        let us = self.turn;
        let k = self.king_sq(us);
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occ = (ours | theirs) & !bit(k);
        let mut t = attacks::KING[k] & !ours;
        let mut safe = 0;
        while t != 0 {
            let s = lsb(t);
            t &= t - 1;
            if !self.attacked(s, occ, theirs) {
                safe |= bit(s);
            }
        }
        safe
    }

    /// Whether our king has a square to step to ([`king_targets`](Self::king_targets)
    /// is not empty), stopping at the first.
    #[inline]
    fn king_can_move(&self) -> bool {
        let us = self.turn;
        let k = self.king_sq(us);
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occ = (ours | theirs) & !bit(k);
        squares(attacks::KING[k] & !ours).any(|s| !self.attacked(s, occ, theirs))
    }

    /// The squares a non-king move must land on: anywhere, or on the
    /// checker or between it and the king; nowhere in double check.
    #[inline]
    fn check_mask(&self) -> Bitboard {
        // Without `count_ones`: the baseline target has no popcount instruction.
        let c = self.checkers;
        if c == 0 {
            !0
        } else if c & (c - 1) == 0 {
            c | attacks::between(self.king_sq(self.turn), lsb(c))
        } else {
            0
        }
    }

    /// Our pawns that can take en passant legally now, with the target.
    fn ep_captures(&self) -> (Bitboard, usize) {
        let Some(e) = self.ep_target() else {
            return (0, 0);
        };
        let us = self.turn;
        let mut from = attacks::PAWN[(!us).index()][e] & self.pieces(us, PAWN);
        let v = ep_victim(e, us);
        let mut ok = 0;
        while from != 0 {
            let f = lsb(from);
            from &= from - 1;
            if self.leaves_king_safe(PAWN, f, e, Some(v)) {
                ok |= bit(f);
            }
        }
        (ok, e)
    }

    /// Every legal move, appended to `out` after clearing it, in the core's
    /// order: by origin square (a1, b1, ... h8), each piece's moves in the
    /// order of its Betza vectors, near to far, promotions in the game's
    /// order (Q, R, B, N); castling last, long before short.
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        let us = self.turn;
        let order = move_order();
        let check_mask = self.check_mask();
        let pinned = self.pinned();
        let (ep_from, ep) = self.ep_captures();
        let promo_rank = if us == Color::White { RANK_8 } else { RANK_1 };
        for from in squares(self.by_color[us.index()]) {
            let Some(role) = self.role_on(from) else {
                continue;
            };
            let targets = if role == KING {
                self.king_targets()
            } else {
                let mut t = self.piece_targets(role, from, check_mask, pinned);
                if ep_from & bit(from) != 0 {
                    t |= bit(ep);
                }
                t
            };
            if targets == 0 {
                continue;
            }
            for &t in order.of(us, role, from) {
                let t = t as usize;
                if targets & bit(t) == 0 {
                    continue;
                }
                out.push_move(self, role, from, t, promo_rank);
            }
        }
        self.castling_moves(None, out);
    }

    /// Whether the side to move has a legal move (no allocation).
    pub fn has_legal_move(&self) -> bool {
        if self.king_can_move() {
            debug_assert_ne!(self.king_targets(), 0);
            return true;
        }
        let us = self.turn;
        let check_mask = self.check_mask();
        let pinned = self.pinned();
        let others = self.by_color[us.index()] & !self.by_role[KING];
        for from in squares(others) {
            let Some(role) = self.role_on(from) else {
                continue;
            };
            if self.piece_targets(role, from, check_mask, pinned) != 0 {
                return true;
            }
        }
        if self.ep_captures().0 != 0 {
            return true;
        }
        let mut buf = CastleBuf::default();
        self.gen_castling(None, &mut buf);
        buf.len > 0
    }

    /// [`has_legal_move`](Self::has_legal_move); the buffer is not needed
    /// (the core's signature, for callers that hold one).
    #[inline]
    pub fn has_legal_move_with(&self, _buf: &mut MoveList) -> bool {
        self.has_legal_move()
    }

    /// Legal castlings to `side` (both when `None`), appended to `out`.
    fn castling_moves(&self, side: Option<CastleSide>, out: &mut MoveList) {
        let mut buf = CastleBuf::default();
        self.gen_castling(side, &mut buf);
        out.extend_from_slice(&buf.moves[..buf.len]);
    }

    /// The core's castling: the rook with the right, king and rook paths
    /// empty but for themselves, no square the king stands on or passes
    /// attacked (king lifted off), and the king safe where it lands.
    fn gen_castling(&self, side: Option<CastleSide>, out: &mut CastleBuf) {
        let us = self.turn;
        let rights = self.castling & back_rank(us);
        if rights == 0 || self.checkers != 0 {
            return;
        }
        let k = self.king_sq(us);
        let back = if us == Color::White { 0 } else { 7 };
        if k / 8 != back {
            return;
        }
        let theirs = self.by_color[(!us).index()];
        let occ = self.occupied();
        // The rooks on the written side only: above the king on its rank
        // for short, the others for long (as the file test below decides).
        let above: Bitboard = (!0 << k) << 1;
        let rights = match side {
            Some(CastleSide::Short) => rights & above,
            Some(CastleSide::Long) => rights & !above,
            None => rights,
        };
        for r in squares(rights) {
            let s = if r % 8 > k % 8 {
                CastleSide::Short
            } else {
                CastleSide::Long
            };
            let (kf, rf) = match s {
                CastleSide::Short => (6, 5),
                CastleSide::Long => (2, 3),
            };
            let king_to = back * 8 + kf;
            let rook_to = back * 8 + rf;
            let others = occ & !bit(k) & !bit(r);
            let span = |a: usize, b: usize| attacks::between(a, b) | bit(a) | bit(b);
            if others & (span(k, king_to) | span(r, rook_to)) != 0 {
                continue;
            }
            let lifted = occ & !bit(k);
            // The king's own square is not attacked: we are not in check.
            let path = span(k, king_to) & !bit(king_to) & !bit(k);
            if squares(path).any(|s| self.attacked(s, lifted, theirs)) {
                continue;
            }
            let after = (occ & !bit(k) & !bit(r)) | bit(king_to) | bit(rook_to);
            if self.attacked(king_to, after, theirs) {
                continue;
            }
            out.moves[out.len] = Move::Castle {
                side: s,
                form: CastleForm::Rook,
                king: sq16(k),
                rook: sq16(r),
                king_to: sq16(king_to),
                rook_to: sq16(rook_to),
            };
            out.len += 1;
        }
    }

    /// Counts the positions reached after exactly `depth` legal moves (the
    /// walk of [`crate::rules::perft::perft`], on this position).
    pub fn perft(&self, depth: u32) -> u64 {
        crate::rules::perft::count_nodes(self, depth)
    }

    // ---------------------------------------------------------------- play

    /// Plays `m`, a legal move of this position (from
    /// [`legal_moves`](Self::legal_moves) or [`resolve`](GamePosition::resolve),
    /// or the core's for the same position).
    #[inline]
    pub fn play_unchecked(&mut self, m: &Move) {
        match *m {
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => self.play_normal(role, idx(from), idx(to), capture, promotion),
            _ => self.play_special(m),
        }
    }

    /// [`play_unchecked`](Self::play_unchecked) for a normal move: the
    /// board, hash and rights updated from the move's own roles, and the
    /// checkers found from the move alone.
    #[inline]
    fn play_normal(
        &mut self,
        role: Role,
        from: usize,
        to: usize,
        capture: Option<Role>,
        promotion: Option<Role>,
    ) {
        let us = self.turn;
        let u = us.index();
        let role = role.index().min(KING);
        let mut placed = role;
        if let Some(p) = promotion {
            placed = p.index().min(KING);
            let n = &mut self.promotions[u];
            *n = n.saturating_add(1);
        }
        self.ep = None;
        self.halfmoves += 1;
        if let Some(c) = capture {
            // The taken role is the move's own: no search of the board.
            let c = c.index().min(KING);
            debug_assert_eq!(self.piece_on(to), Some((!us, c)));
            self.by_color[u ^ 1] &= !bit(to);
            self.by_role[c] &= !bit(to);
            self.board_hash ^= ZOBRIST[u ^ 1][c][to];
            self.halfmoves = 0;
            self.castling &= !bit(to);
        }
        // The mover off `from` and on `to` in one step.
        debug_assert_eq!(self.piece_on(from), Some((us, role)));
        self.by_color[u] ^= bit(from) | bit(to);
        self.by_role[role] ^= bit(from);
        self.by_role[placed] ^= bit(to);
        self.board_hash ^= ZOBRIST[u][role][from] ^ ZOBRIST[u][placed][to];
        if role == KING {
            self.castling &= !back_rank(us);
        }
        self.castling &= !bit(from);
        if role == PAWN {
            self.halfmoves = 0;
            if from.abs_diff(to) == 16 {
                self.ep = Some(((from + to) / 2) as u8);
            }
        }
        self.fullmoves += u as u32;
        self.turn = !us;
        self.checkers = self.checks_after(placed, from, to);
        debug_assert_eq!(self.checkers, self.compute_checkers());
    }

    /// [`play_unchecked`](Self::play_unchecked) for en passant and castling.
    #[inline(never)]
    fn play_special(&mut self, m: &Move) {
        let us = self.turn;
        self.ep = None;
        self.halfmoves += 1;
        match *m {
            // Normal moves go to `play_normal`.
            Move::Normal { .. } => debug_assert!(false, "a normal move in play_special"),
            Move::EnPassant { from, to, victim } => {
                if let Some((c, role)) = self.remove(idx(from)) {
                    self.remove(idx(victim));
                    self.put(idx(to), c, role);
                }
                self.halfmoves = 0;
            }
            Move::Castle {
                king,
                rook,
                king_to,
                rook_to,
                ..
            } => {
                // Our king and rook, both lifted before either lands (in
                // Chess960 one may land where the other stood).
                let (k, r, kt, rt) = (idx(king), idx(rook), idx(king_to), idx(rook_to));
                let u = us.index();
                debug_assert_eq!(self.piece_on(k), Some((us, KING)));
                debug_assert_eq!(self.piece_on(r), Some((us, ROOK)));
                self.by_color[u] = (self.by_color[u] & !(bit(k) | bit(r))) | bit(kt) | bit(rt);
                self.by_role[KING] = (self.by_role[KING] & !bit(k)) | bit(kt);
                self.by_role[ROOK] = (self.by_role[ROOK] & !bit(r)) | bit(rt);
                let z = &ZOBRIST[u];
                self.board_hash ^= z[KING][k] ^ z[KING][kt] ^ z[ROOK][r] ^ z[ROOK][rt];
                self.castling &= !back_rank(us);
            }
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !us;
        self.checkers = self.compute_checkers();
    }

    /// Passes the turn (a null move `--`), as the core does.
    pub fn play_null(&mut self) {
        self.ep = None;
        self.halfmoves += 1;
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        self.checkers = self.compute_checkers();
    }

    // ------------------------------------------------------------- endings

    /// Whether an en-passant capture is legal now.
    #[inline]
    pub fn has_legal_ep(&self) -> bool {
        // After most double steps no pawn stands beside the one that moved:
        // answered here, without the legality test.
        let Some(e) = self.ep else { return false };
        let us = self.turn;
        attacks::PAWN[(!us).index()][e as usize & 63] & self.pieces(us, PAWN) != 0
            && self.ep_captures().0 != 0
    }

    /// [`ending`](Self::ending); the buffer is not needed (the core's signature).
    #[inline]
    pub fn ending_with(&self, _buf: &mut MoveList) -> Option<Ending> {
        self.ending()
    }

    /// How the game ends in this position, if it does by the position alone.
    pub fn ending(&self) -> Option<Ending> {
        if !self.has_legal_move() {
            return Some(if self.is_check() {
                Ending::Checkmate { winner: !self.turn }
            } else {
                Ending::Stalemate
            });
        }
        if self.is_insufficient_material() {
            return Some(Ending::InsufficientMaterial);
        }
        if self.halfmoves >= 150 {
            return Some(Ending::SeventyFiveMoves);
        }
        None
    }

    /// Whether neither side can ever mate (python-chess's rules).
    #[inline]
    pub fn is_insufficient_material(&self) -> bool {
        // Fast exit: a pawn, rook or queen on the board.
        if self.by_role[PAWN] | self.by_role[ROOK] | self.by_role[QUEEN] != 0 {
            return false;
        }
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// Whether `color` alone can never mate (python-chess's definition,
    /// as the core has it).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.by_color[color.index()];
        let theirs = self.by_color[(!color).index()];
        let r = &self.by_role;
        if ours & (r[PAWN] | r[ROOK] | r[QUEEN]) != 0 {
            return false;
        }
        if ours & r[KNIGHT] != 0 {
            return ours.count_ones() <= 2 && theirs & !(r[KING] | r[QUEEN]) == 0;
        }
        if ours & r[BISHOP] != 0 {
            const DARK: Bitboard = 0xAA55_AA55_AA55_AA55;
            let b = r[BISHOP];
            let same_color = b & DARK == 0 || b & !DARK == 0;
            return same_color && r[PAWN] | r[KNIGHT] == 0;
        }
        true
    }

    /// The core's repetition key: pieces, side to move, castling rights and
    /// a legal en-passant capture.
    pub fn repetition_key(&self) -> u64 {
        let mut h = self.board_hash
            ^ CASTLING_RANK_KEY[0][(self.castling & RANK_1) as usize]
            ^ CASTLING_RANK_KEY[1][(self.castling >> 56) as usize];
        if self.turn == Color::Black {
            h ^= BLACK_KEY;
        }
        if let Some(e) = self.ep {
            if self.has_legal_ep() {
                h ^= EP_KEY[e as usize];
            }
        }
        h
    }

    // ------------------------------------------------------------ notation

    /// The position's FEN, byte for byte the core's.
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        self.write_fen(&mut s);
        s
    }

    /// Appends the FEN to `out`.
    pub fn write_fen(&self, out: &mut String) {
        for r in (0..8).rev() {
            let mut empty = 0u8;
            for f in 0..8 {
                match self.piece_on(r * 8 + f) {
                    None => empty += 1,
                    Some((c, role)) => {
                        if empty > 0 {
                            out.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        let l = LETTERS[role];
                        out.push(if c == Color::White {
                            l as char
                        } else {
                            l.to_ascii_lowercase() as char
                        });
                    }
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if r > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        self.write_castling(out);
        out.push(' ');
        match self.ep.filter(|_| self.has_legal_ep()) {
            Some(e) => push_square(e as usize, out),
            None => out.push('-'),
        }
        use std::fmt::Write as _;
        let _ = write!(out, " {} {}", self.halfmoves, self.fullmoves);
    }

    /// X-FEN castling as python-chess writes it (the core's `write_castling`).
    fn write_castling(&self, out: &mut String) {
        let start = out.len();
        for color in Color::ALL {
            let king = self.king_sq(color) % 8;
            let back = if color == Color::White {
                RANK_1
            } else {
                RANK_8
            };
            let rooks = self.pieces(color, ROOK) & back;
            let rights = self.castling & back;
            let mut list = [0usize; 8];
            let mut n = 0;
            for r in squares(rights) {
                list[n] = r;
                n += 1;
            }
            for &rook in list[..n].iter().rev() {
                let file = rook % 8;
                let a_side = file < king;
                let outer = squares(rooks & !bit(rook)).any(|o| (o % 8 < file) == a_side);
                let mut ch = if outer {
                    (b'a' + file as u8) as char
                } else if a_side {
                    'q'
                } else {
                    'k'
                };
                if color == Color::White {
                    ch = ch.to_ascii_uppercase();
                }
                out.push(ch);
            }
        }
        if out.len() == start {
            out.push('-');
        }
    }

    /// The move in SAN, with `+` or `#` when it gives check or mate.
    pub fn san_plus(&self, m: &Move) -> String {
        let mut s = self.san(m);
        let mut after = *self;
        after.play_unchecked(m);
        if after.is_check() {
            s.push(if after.has_legal_move() { '+' } else { '#' });
        }
        s
    }

    /// The move in SAN, without a check mark (the core's `san`).
    pub fn san(&self, m: &Move) -> String {
        let mut out = String::with_capacity(8);
        self.write_san(m, &mut out);
        out
    }

    /// Appends the move in SAN (no check mark) to `out`: the core's writer,
    /// with the rival origins found on the bitboards.
    pub fn write_san(&self, m: &Move, out: &mut String) {
        let rivals = || {
            let mut found: Bitboard = 0;
            if let Move::Normal { role, from, to, .. } = *m {
                let (r, f, t) = (role.index().min(KING), idx(from), idx(to));
                let us = self.turn;
                // FIDE pawns never share a target with a pawn of their
                // file, and captures name the file: no rivals to look for.
                if r != PAWN && self.by_color[us.index()] & bit(t) == 0 {
                    let victim = (self.by_color[(!us).index()] & bit(t) != 0).then_some(t);
                    let rivals =
                        self.attacks_of(r, us, t, self.occupied()) & self.pieces(us, r) & !bit(f);
                    for o in squares(rivals) {
                        if self.leaves_king_safe(r, o, t, victim) {
                            found |= bit(o);
                        }
                    }
                }
            }
            squares(found).map(sq16)
        };
        self.rules.write_san_given(m, rivals, out);
    }

    /// The move in long algebraic notation (the core's `lan`).
    pub fn lan(&self, m: &Move) -> String {
        self.rules.lan(m)
    }

    /// The move in UCI form (the core's `uci`).
    pub fn uci(&self, m: &Move) -> String {
        self.rules.uci(m)
    }

    // ------------------------------------------------------------- resolve

    /// The legal move `token` names, or why there is none: the same answer
    /// as [`core::Position::resolve_token`]. Piece moves and castling that
    /// name exactly one legal move are found here; everything else (no
    /// match, ambiguity, other actions) is left to the core.
    pub fn resolve_token(
        &self,
        token: &MoveToken,
        scratch: &mut MoveList,
    ) -> Result<Move, Rejection> {
        match self.resolve_quick(token) {
            Some(m) => Ok(m),
            None => self.resolve_on_core(token, scratch),
        }
    }

    /// The legal move `token` names when the bitboard alone can tell (a
    /// piece move or castling naming exactly one legal move); `None` leaves
    /// the answer, and the reason for a refusal, to
    /// [`resolve_token`](Self::resolve_token). Small enough to come back
    /// in a register, which the verifier's hot path relies on.
    #[inline]
    pub fn resolve_quick(&self, token: &MoveToken) -> Option<Move> {
        match token.first() {
            Some(a) if token.is_single() => self.resolve_action_quick(a),
            _ => None,
        }
    }

    /// [`resolve_quick`](Self::resolve_quick) for a token of one action.
    #[inline]
    pub fn resolve_action_quick(&self, action: &Action) -> Option<Move> {
        match action {
            Action::Piece(pm) => self.resolve_piece(pm),
            Action::Castle(side) => self.resolve_castle(*side),
            _ => None,
        }
    }

    /// The answer for everything the fast paths leave (kept out of their
    /// way: the core position is large).
    #[cold]
    #[inline(never)]
    fn resolve_on_core(
        &self,
        token: &MoveToken,
        scratch: &mut MoveList,
    ) -> Result<Move, Rejection> {
        self.to_core().resolve_token(token, scratch)
    }

    /// The one legal castling to the written side, if there is one.
    #[inline(never)]
    fn resolve_castle(&self, side: WrittenSide) -> Option<Move> {
        let side = match side {
            WrittenSide::King => CastleSide::Short,
            WrittenSide::Queen => CastleSide::Long,
        };
        let mut buf = CastleBuf::default();
        self.gen_castling(Some(side), &mut buf);
        (buf.len == 1).then_some(buf.moves[0])
    }

    /// The one legal move a piece move names, as the core reads it; `None`
    /// when there is none or several (the core explains).
    #[inline(always)]
    fn resolve_piece(&self, pm: &PieceMove) -> Option<Move> {
        if pm.to.file >= 8 || pm.to.rank >= 8 {
            return None;
        }
        let to = pm.to.rank as usize * 8 + pm.to.file as usize;
        // Most SAN moves name the target alone, with or without a letter.
        match (pm.piece, pm.from_file, pm.from_rank, pm.promotion) {
            (Some(l), None, None, None) => match role_of_letter(l)? {
                PAWN => self.resolve_pawn(to, !0, None),
                role => self.resolve_officer(role, to, !0),
            },
            (None, None, None, None) => self.resolve_pawn(to, !0, None),
            _ => self.resolve_piece_with_origin(pm, to),
        }
    }

    /// [`resolve_piece`](Self::resolve_piece) for a move with an origin
    /// file or rank, or a promotion, written.
    #[inline(never)]
    fn resolve_piece_with_origin(&self, pm: &PieceMove, to: usize) -> Option<Move> {
        let mut origins: Bitboard = !0;
        if let Some(f) = pm.from_file {
            if f >= 8 {
                return None;
            }
            origins &= FILE_A << f;
        }
        if let Some(r) = pm.from_rank {
            if r >= 8 {
                return None;
            }
            origins &= RANK_1 << (8 * r);
        }
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let role = match (pm.piece, pm.from_file, pm.from_rank) {
            (Some(l), _, _) => role_of_letter(l)?,
            // A move with its full origin and no letter may be UCI or LAN for any piece.
            (None, Some(f), Some(r)) => {
                let from = r as usize * 8 + f as usize;
                match self.role_on(from) {
                    Some(KING) if ours & bit(from) != 0 => {
                        if let Some(m) = self.uci_castling(from, to) {
                            return Some(m);
                        }
                        KING
                    }
                    Some(role) if ours & bit(from) != 0 => role,
                    _ => PAWN,
                }
            }
            _ => PAWN,
        };
        let promotion = match pm.promotion {
            Some(l) => Some(role_of_letter(l)?),
            None => None,
        };
        if role == PAWN {
            return self.resolve_pawn(to, origins, promotion);
        }
        if promotion.is_some() {
            return None;
        }
        self.resolve_officer(role, to, origins)
    }

    /// The one legal move of our piece of `role` (not a pawn) from one of
    /// `origins` onto `to`, if there is exactly one. Most moves have one
    /// candidate: its legality is the check evasion and pin test alone.
    #[inline]
    fn resolve_officer(&self, role: usize, to: usize, origins: Bitboard) -> Option<Move> {
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        if ours & bit(to) != 0 {
            return None;
        }
        let occ = ours | theirs;
        let mut candidates = attacks::EMPTY_BOARD[role][to] & self.by_role[role] & ours & origins;
        if matches!(role, BISHOP | ROOK | QUEEN) {
            if candidates & candidates.wrapping_sub(1) == 0 {
                // One slider (or none): one look at the squares between.
                if candidates != 0 && attacks::between(lsb(candidates), to) & occ != 0 {
                    return None;
                }
            } else {
                for f in squares(candidates) {
                    if attacks::between(f, to) & occ != 0 {
                        candidates &= !bit(f);
                    }
                }
            }
        }
        if candidates == 0 {
            return None;
        }
        let takes = theirs & bit(to) != 0;
        let from = if role == KING {
            // One king: the candidate is it.
            let f = lsb(candidates);
            let victim = takes.then_some(to);
            if !self.leaves_king_safe_slow(KING, f, to, victim) {
                return None;
            }
            f
        } else {
            if self.check_mask() & bit(to) == 0 {
                return None;
            }
            self.only_safe_origin(role, candidates, to, takes)?
        };
        Some(Move::Normal {
            role: ROLES[role],
            from: sq16(from),
            to: sq16(to),
            capture: takes.then(|| ROLES[self.role_at(to)]),
            promotion: None,
        })
    }

    /// The one of `candidates`, our pieces of `role` (not the king) that
    /// reach `to`, whose move there leaves our king safe, if exactly one
    /// does; the caller has tested the check evasion. Most moves have one
    /// candidate, and only its pin is tested.
    #[inline(always)]
    fn only_safe_origin(
        &self,
        role: usize,
        candidates: Bitboard,
        to: usize,
        takes: bool,
    ) -> Option<usize> {
        let us = self.turn;
        let k = self.king_sq(us);
        let theirs = self.by_color[(!us).index()];
        let occ = self.occupied();
        let safe = |f: usize| {
            let safe = !self.uncovers(k, f, to, theirs, occ);
            debug_assert_eq!(
                safe,
                self.leaves_king_safe_slow(role, f, to, takes.then_some(to))
            );
            safe
        };
        if candidates == 0 {
            return None;
        }
        if candidates & (candidates - 1) == 0 {
            let f = lsb(candidates);
            return safe(f).then_some(f);
        }
        let mut found = None;
        for f in squares(candidates) {
            if safe(f) {
                if found.is_some() {
                    return None;
                }
                found = Some(f);
            }
        }
        found
    }

    /// [`resolve_piece`](Self::resolve_piece) for a pawn move onto `to`
    /// from one of `origins`: a push or a capture on `to` here, a move onto
    /// the en-passant square in [`resolve_pawn_ep`](Self::resolve_pawn_ep).
    #[inline]
    fn resolve_pawn(&self, to: usize, origins: Bitboard, promotion: Option<usize>) -> Option<Move> {
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occ = ours | theirs;
        let target = bit(to);
        let pawns = self.pieces(us, PAWN) & origins;
        let takes = theirs & target != 0;
        let sources = if takes {
            attacks::PAWN[(!us).index()][to] & pawns
        } else if ours & target != 0 {
            return None;
        } else {
            if self.ep == Some(to as u8) && promotion.is_none() {
                return self.resolve_pawn_ep(to, origins);
            }
            // One step back from `to`, or two from the start rank over an
            // empty square.
            let (one, two) = match us {
                Color::White => (target >> 8, (target >> 16) & (RANK_1 << 8) & !(occ >> 8)),
                Color::Black => (target << 8, (target << 16) & (RANK_1 << 48) & !(occ << 8)),
            };
            (one | two) & pawns
        };
        let last = if us == Color::White { RANK_8 } else { RANK_1 };
        let promotes = last & target != 0;
        let promo_ok = match promotion {
            None => !promotes,
            Some(p) => promotes && self.rules.promotion_roles.contains(&ROLES[p]),
        };
        if sources == 0 || !promo_ok || self.check_mask() & target == 0 {
            return None;
        }
        let from = self.only_safe_origin(PAWN, sources, to, takes)?;
        Some(Move::Normal {
            role: ROLES[PAWN],
            from: sq16(from),
            to: sq16(to),
            capture: takes.then(|| ROLES[self.role_at(to)]),
            promotion: promotion.map(|p| ROLES[p]),
        })
    }

    /// [`resolve_pawn`](Self::resolve_pawn) for a move without promotion
    /// onto the empty en-passant square: a capture there, or a push.
    #[cold]
    #[inline(never)]
    fn resolve_pawn_ep(&self, to: usize, origins: Bitboard) -> Option<Move> {
        let promotion: Option<usize> = None;
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occ = ours | theirs;
        let victim = (theirs & bit(to) != 0).then_some(to);
        // The one legal origin found so far, and whether it takes en passant.
        let mut found: Option<(usize, bool)> = None;
        {
            let last = if us == Color::White { RANK_8 } else { RANK_1 };
            let promotes = last & bit(to) != 0;
            let promo_ok = match promotion {
                None => !promotes,
                Some(p) => promotes && self.rules.promotion_roles.contains(&ROLES[p]),
            };
            let pawns = self.pieces(us, PAWN) & origins;
            let mut sources: Bitboard = 0;
            if victim.is_some() {
                sources = attacks::PAWN[(!us).index()][to] & pawns;
            } else if occ & bit(to) == 0 {
                let (one, two, start) = match us {
                    Color::White => (to.checked_sub(8), to.checked_sub(16), 1),
                    Color::Black => (
                        Some(to + 8).filter(|&s| s < 64),
                        Some(to + 16).filter(|&s| s < 64),
                        6,
                    ),
                };
                if let Some(o) = one {
                    sources |= pawns & bit(o);
                    if let Some(t) = two {
                        if t / 8 == start && occ & bit(o) == 0 {
                            sources |= pawns & bit(t);
                        }
                    }
                }
                if self.ep == Some(to as u8) && promotion.is_none() {
                    let v = ep_victim(to, us);
                    for f in squares(attacks::PAWN[(!us).index()][to] & pawns) {
                        if self.leaves_king_safe(PAWN, f, to, Some(v)) {
                            if found.is_some() {
                                return None;
                            }
                            found = Some((f, true));
                        }
                    }
                }
            }
            if !promo_ok {
                sources = 0;
            }
            for f in squares(sources) {
                if self.leaves_king_safe(PAWN, f, to, victim) {
                    if found.is_some() {
                        return None;
                    }
                    found = Some((f, false));
                }
            }
        }
        let (from, en_passant) = found?;
        Some(if en_passant {
            Move::EnPassant {
                from: sq16(from),
                to: sq16(to),
                victim: sq16(ep_victim(to, us)),
            }
        } else {
            Move::Normal {
                role: ROLES[PAWN],
                from: sq16(from),
                to: sq16(to),
                capture: victim.and_then(|v| self.role_on(v)).map(|r| ROLES[r]),
                promotion: promotion.map(|p| ROLES[p]),
            }
        })
    }

    /// UCI castling, our king on `from` "moving" two files or onto its own
    /// rook on `to`: the legal castling it names, if any.
    #[inline(never)]
    fn uci_castling(&self, from: usize, to: usize) -> Option<Move> {
        let ours = self.by_color[self.turn.index()];
        let df = (to % 8) as i16 - (from % 8) as i16;
        let onto_rook = ours & !self.by_role[KING] & bit(to) != 0;
        if from / 8 != to / 8 || (df.abs() != 2 && !onto_rook) {
            return None;
        }
        let mut buf = CastleBuf::default();
        self.gen_castling(None, &mut buf);
        let (f16, t16) = (sq16(from), sq16(to));
        buf.moves[..buf.len].iter().copied().find(|m| match *m {
            Move::Castle {
                king,
                rook,
                king_to,
                ..
            } => king == f16 && (king_to == t16 || rook == t16),
            _ => false,
        })
    }
}

/// The square of the pawn an en-passant capture onto `e` by `us` takes.
#[inline]
const fn ep_victim(e: usize, us: Color) -> usize {
    match us {
        Color::White => e.wrapping_sub(8) & 63,
        Color::Black => (e + 8) & 63,
    }
}

/// The back rank of `c`, where its castling rooks stand.
#[inline]
const fn back_rank(c: Color) -> Bitboard {
    match c {
        Color::White => RANK_1,
        Color::Black => RANK_8,
    }
}

/// The FIDE role of a piece letter (either case).
#[inline]
fn role_of_letter(l: u8) -> Option<usize> {
    match ROLE_OF_LETTER[l as usize] {
        NO_ROLE => None,
        r => Some(r as usize),
    }
}

const NO_ROLE: u8 = u8::MAX;

/// [`role_of_letter`] by table: one load per written letter.
static ROLE_OF_LETTER: [u8; 256] = {
    let mut t = [NO_ROLE; 256];
    let mut r = 0;
    while r < LETTERS.len() {
        t[LETTERS[r] as usize] = r as u8;
        t[LETTERS[r].to_ascii_lowercase() as usize] = r as u8;
        r += 1;
    }
    t
};

fn push_square(s: usize, out: &mut String) {
    out.push((b'a' + (s % 8) as u8) as char);
    out.push((b'1' + (s / 8) as u8) as char);
}

/// At most two castlings, without allocating.
struct CastleBuf {
    moves: [Move; 2],
    len: usize,
}

impl Default for CastleBuf {
    fn default() -> CastleBuf {
        // A placeholder the length hides.
        let none = Move::EnPassant {
            from: Square::from_index(0),
            to: Square::from_index(0),
            victim: Square::from_index(0),
        };
        CastleBuf {
            moves: [none; 2],
            len: 0,
        }
    }
}

/// Pushing one generated move, with promotions and en passant.
trait PushMove {
    fn push_move(
        &mut self,
        pos: &BitPosition,
        role: usize,
        from: usize,
        to: usize,
        promo_rank: Bitboard,
    );
}

impl PushMove for MoveList {
    #[inline]
    fn push_move(
        &mut self,
        pos: &BitPosition,
        role: usize,
        from: usize,
        to: usize,
        promo_rank: Bitboard,
    ) {
        let us = pos.turn;
        // A pawn's diagonal step onto an empty square can only be en passant.
        if role == PAWN && from % 8 != to % 8 && pos.occupied() & bit(to) == 0 {
            self.push(Move::EnPassant {
                from: sq16(from),
                to: sq16(to),
                victim: sq16(ep_victim(to, us)),
            });
            return;
        }
        let capture = pos.role_on(to).map(|r| ROLES[r]);
        let choices = (role == PAWN && promo_rank & bit(to) != 0)
            .then_some(pos.rules.promotion_roles.as_slice());
        Move::push_normal(self, (ROLES[role], sq16(from), sq16(to)), capture, choices);
    }
}

impl crate::rules::perft::PerftPosition for BitPosition {
    fn legal_moves(&self, out: &mut MoveList) {
        BitPosition::legal_moves(self, out);
    }
    fn play_unchecked(&mut self, m: &Move) {
        BitPosition::play_unchecked(self, m);
    }
}

impl GamePosition for BitPosition {
    type Move = Move;

    fn setup(variant: Variant, fen: Option<&str>) -> Result<BitPosition, String> {
        let p = core::Position::setup(variant, fen)?;
        BitPosition::from_core(&p).ok_or_else(|| {
            format!(
                "{variant}: this position is not played on the bitboard (only FIDE chess and Chess960 positions that play can reach)"
            )
        })
    }

    fn variant(&self) -> Variant {
        // The two games this position plays (`is_fide`), without a name lookup.
        if self.rules.chess960 {
            Variant::Chess960
        } else {
            Variant::Chess
        }
    }

    fn fen(&self) -> String {
        BitPosition::fen(self)
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        BitPosition::legal_moves(self, out);
    }

    fn resolve(&self, token: &MoveToken, scratch: &mut Vec<Move>) -> Result<Move, Rejection> {
        self.resolve_token(token, scratch)
    }

    fn play(&mut self, m: &Move) {
        self.play_unchecked(m);
    }

    fn notation(&self, m: &Move) -> String {
        self.san(m)
    }

    fn long_notation(&self, m: &Move) -> String {
        self.lan(m)
    }

    fn grammar(&self) -> Grammar {
        family::grammar(self.variant())
    }

    fn is_check(&self) -> bool {
        self.checkers != 0
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending().map(family::ending_outcome)
    }

    fn points(&self) -> Option<ByColor<i32>> {
        None
    }
}
