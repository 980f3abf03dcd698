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

// The 8x8 attack tables live in the core, shared with the lichess family.
use crate::rules::core::bitboard as attacks;
mod keys;
mod movegen;
mod notation;
mod play;
mod resolve;
#[cfg(test)]
mod tests;

use std::fmt;

use attacks::Bitboard;
use keys::{BLACK_KEY, CASTLING_RANK_KEY, EP_KEY, ZOBRIST};

use crate::rules::Variant;
use crate::rules::core::position::{mix, piece_key};
use crate::rules::core::{
    self, ByColor, CastleForm, CastleSide, Color, Ending, GameRules, Move, MoveList, Piece, Role,
    Square, SquareSet,
};
use crate::rules::position::{DrawState, GamePosition, Outcome, Rejection, ending_outcome};
use crate::written::{Action, CastleSide as WrittenSide, Grammar, MoveToken, PieceMove};

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
const RANK_3: Bitboard = 0xFF << 16;
const RANK_6: Bitboard = 0xFF << 40;
const FILE_H: Bitboard = FILE_A << 7;

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
    std::ptr::eq(rules, super::chess())
        || std::ptr::eq(rules, super::chess960())
        || rules.fide_equivalent
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
        p.rehash_castling();
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

impl crate::rules::perft::PerftPosition for BitPosition {
    fn legal_moves(&self, out: &mut MoveList) {
        BitPosition::legal_moves_unordered(self, out);
    }
    fn play_unchecked(&mut self, m: &Move) {
        BitPosition::play_unchecked(self, m);
    }
    fn leaf_count(&self, _out: &mut MoveList) -> u64 {
        self.legal_move_count()
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
        // The games this position plays (`is_fide`), without a name lookup.
        if self.rules.fide_equivalent {
            Variant::Defined(crate::rules::define::DefinedGame(self.rules))
        } else if self.rules.chess960 {
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

    fn write_fen(&self, out: &mut String) {
        BitPosition::write_fen(self, out);
    }

    fn perft(&self, depth: u32) -> u64 {
        BitPosition::perft(self, depth)
    }

    fn fullmoves(&self, _plies_played: u32) -> u32 {
        BitPosition::fullmoves(self)
    }

    fn draw_state(&self) -> Option<DrawState> {
        Some(DrawState {
            key: self.repetition_key(),
            halfmoves: self.halfmoves(),
            irreversible: true,
            ruling: "RULINGS C1",
            claim_halfmoves: 100,
        })
    }

    fn write_notation(&self, m: &Move, out: &mut String) {
        self.write_san(m, out);
    }

    fn passes_are_null_moves(&self) -> bool {
        true
    }

    fn play_null(&mut self) {
        BitPosition::play_null(self);
    }

    fn long_notation(&self, m: &Move) -> String {
        self.lan(m)
    }

    fn write_long_notation(&self, m: &Move, out: &mut String) {
        self.write_lan_fast(m, out);
    }

    fn write_uci(&self, m: &Move, out: &mut String) {
        self.rules().write_uci(m, out);
    }

    fn grammar(&self) -> Grammar {
        self.variant().grammar()
    }

    fn is_check(&self) -> bool {
        self.checkers != 0
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending().map(ending_outcome)
    }

    fn points(&self) -> Option<ByColor<i32>> {
        None
    }
}
