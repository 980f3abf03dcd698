//! A position of a chess-like game (FIDE, Gast, Squirrel): the board, whose
//! turn it is and the state the rules need, with move generation, legality
//! and play.

use super::color::{ByColor, Color};
use super::game::GameRules;
use super::moves::{Move, MoveList};
use super::piece::{Piece, Role};
use super::square::{Square, SquareSet};
mod attacks;
mod castling;
mod movegen;
mod play;
#[cfg(test)]
mod tests;

pub(crate) use movegen::Brake;

/// A validated position. Build one with [`Position::start`] or
/// [`Position::from_fen`](super::fen); fields are private so that every
/// position obeys the game's invariants.
///
/// `Copy`: the verifier keeps the position before each move for
/// variations, and a plain copy is the cheapest way to keep it.
#[derive(Clone, Copy)]
pub struct Position {
    pub(crate) rules: &'static GameRules,
    pub(crate) board: [u8; 256],
    pub(crate) occupied: ByColor<SquareSet>,
    pub(crate) kings: ByColor<Option<Square>>,
    pub(crate) turn: Color,
    /// Rooks that may still castle; in Gast every castling piece that keeps
    /// its right: the king (on its start square, or where archer castling
    /// put it), archers and rooks.
    pub(crate) castling: ByColor<SquareSet>,
    /// Promotions each side has made (Squirrel's ordered promotions, S11).
    pub(crate) promotions: ByColor<u8>,
    /// The square a pawn just passed, if its move allows en passant.
    pub(crate) ep: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// Whether the side to move is in check: asked several times per move
    /// by the verifier, so it is worked out once when the position is made.
    pub(crate) checked: bool,
    /// The pieces' part of [`repetition_key`](Self::repetition_key), kept
    /// up to date by `put` and `remove`.
    pub(crate) board_hash: u64,
    /// Where each side's guards stand (Squirrel; empty elsewhere), kept up
    /// to date by `put` and `remove`: a guard zone is then a few table
    /// lookups instead of a scan of the board in every legality test.
    pub(crate) guards: ByColor<SquareSet>,
    /// The castling rights' part of [`repetition_key`](Self::repetition_key),
    /// worked out again only when the rights change (Gast's many castling
    /// pieces make it a dozen lookups).
    pub(crate) castling_hash: u64,
    /// How many pieces on the board are not royal, kept up to date by
    /// `put` and `remove`: the dead-position test asked after every move
    /// outside FIDE material is then one comparison while two or more stand.
    pub(crate) non_royal: u16,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({} {})", self.rules.name, self.fen())
    }
}

/// How a game ended by the position alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The side to move is mated; the other side wins.
    Checkmate {
        /// The winner.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// Neither side can mate (FIDE dead position): a draw.
    InsufficientMaterial,
    /// 75 moves by each side without pawn move or capture: a draw.
    SeventyFiveMoves,
}

impl Position {
    /// The game's start position.
    ///
    /// # Panics
    /// If the game's built-in start FEN is invalid: a bug caught by the unit
    /// test that builds every game.
    pub fn start(rules: &'static GameRules) -> Position {
        *rules.start.get_or_init(|| {
            Position::from_fen(rules, &rules.start_fen)
                .expect("invariant: built-in start FENs are valid")
        })
    }

    /// An empty board, White to move, for building positions.
    pub(crate) fn empty(rules: &'static GameRules) -> Position {
        Position {
            rules,
            board: [0; 256],
            occupied: ByColor::default(),
            kings: ByColor::default(),
            turn: Color::White,
            castling: ByColor::default(),
            promotions: ByColor::default(),
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
            checked: false,
            board_hash: 0,
            guards: ByColor::default(),
            castling_hash: 0,
            non_royal: 0,
        }
    }

    /// The game this position belongs to.
    #[inline]
    pub fn rules(&self) -> &'static GameRules {
        self.rules
    }

    /// Whose turn it is.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The squares occupied by `color`.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> SquareSet {
        self.occupied[color]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.occupied.white.union(self.occupied.black)
    }

    /// The king of `color`, if it has one.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color]
    }

    /// Rooks of `color` that keep their castling right.
    #[inline]
    pub fn castling_rooks(&self, color: Color) -> SquareSet {
        self.castling[color]
    }

    /// How many promotions `color` has made (counted in games whose
    /// promotion choices depend on it).
    #[inline]
    pub fn promotions(&self, color: Color) -> u8 {
        self.promotions[color]
    }

    /// What a pawn of the side to move may promote to now.
    pub fn promotion_choices(&self) -> &'static [Role] {
        let rules = self.rules;
        if rules.promotion_stages.is_empty() {
            return match (&rules.black_promotion_roles, self.turn) {
                (Some(black), Color::Black) => black,
                _ => &rules.promotion_roles,
            };
        }
        let i = (self.promotions[self.turn] as usize).min(rules.promotion_stages.len() - 1);
        &rules.promotion_stages[i]
    }

    /// The squares of enemy guard zones that brake the side to move's pieces
    /// (empty in games without a guard).
    pub fn braking_zone(&self) -> SquareSet {
        if self.rules.guard.is_none() {
            return SquareSet::EMPTY;
        }
        self.zone_of(!self.turn)
    }

    /// The union of the zones of `owner`'s guards (S5): the king-step
    /// neighbourhoods of the squares in `guards`.
    #[inline]
    pub(crate) fn zone_of(&self, owner: Color) -> SquareSet {
        self.guards[owner]
            .into_iter()
            .fold(SquareSet::EMPTY, |zone, sq| {
                zone.union(self.rules.king_area[sq.index()])
            })
    }

    /// [`zone_of`](Self::zone_of) by a scan of the whole board, the way the
    /// rule reads: the reference the `guards` bookkeeping is tested against.
    #[cfg(test)]
    pub(crate) fn zone_by_scan(&self, owner: Color) -> SquareSet {
        let Some(g) = self.rules.guard else {
            return SquareSet::EMPTY;
        };
        let geo = &self.rules.geometry;
        let mut zone = SquareSet::EMPTY;
        for sq in self.occupied[owner] {
            let Some(p) = Piece::from_code(self.board[sq.index()]) else {
                continue;
            };
            if p.color != owner || !g.guards.contains(p.role) {
                continue;
            }
            for (df, dr) in KING_STEPS {
                if let Some(t) = geo.offset(sq, df, dr) {
                    zone.insert(t);
                }
            }
        }
        zone
    }

    /// The en-passant target square, when the last move allows one (whether
    /// or not a capture there is legal).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
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

    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.board[sq.index()] = piece.code();
        self.board_hash ^= piece_key(piece.code(), sq);
        self.occupied[piece.color].insert(sq);
        if self.rules.is_royal(piece.role) {
            self.kings[piece.color] = Some(sq);
        } else {
            self.non_royal += 1;
        }
        if self.rules.is_guard(piece.role) {
            self.guards[piece.color].insert(sq);
        }
    }

    pub(crate) fn remove(&mut self, sq: Square) -> Option<Piece> {
        let p = Piece::from_code(self.board[sq.index()])?;
        self.board_hash ^= piece_key(self.board[sq.index()], sq);
        self.board[sq.index()] = 0;
        self.occupied[p.color].remove(sq);
        if self.kings[p.color] == Some(sq) {
            self.kings[p.color] = None;
        }
        if !self.rules.is_royal(p.role) {
            self.non_royal -= 1;
        }
        self.guards[p.color].remove(sq);
        Some(p)
    }

    // -------------------------------------------------------------- endings

    /// Whether an en-passant capture is legal now (FEN shows the square only then).
    pub fn has_legal_ep(&self) -> bool {
        let Some(ep) = self.ep else { return false };
        let rules = self.rules;
        // Mostly no pawn of the mover stands where it could take: answered
        // from the cells next to the passed one, before any move is made.
        if rules.ep_from_next_cell {
            let near = rules.king_area[ep.index()].intersection(self.occupied[self.turn]);
            if !near
                .into_iter()
                .any(|sq| self.piece_at(sq).is_some_and(|p| rules.is_pawn(p.role)))
            {
                return false;
            }
        }
        let mut buf = MoveList::new();
        for (i, p) in self.rules.pieces.iter().enumerate() {
            if !p.pawn {
                continue;
            }
            if let Some(role) = Role::new(i as u8) {
                self.moves_to(role, ep, &mut buf);
                if buf.iter().any(|m| matches!(m, Move::EnPassant { .. })) {
                    return true;
                }
            }
        }
        false
    }

    /// How the game ends in this position, if it does by the position alone
    /// (checkmate, stalemate, dead position, 75-move rule). Repetition needs
    /// the game's history and is the verifier's job.
    pub fn ending(&self) -> Option<Ending> {
        self.ending_with(&mut MoveList::new())
    }

    /// [`ending`](Self::ending) with a caller-owned buffer, for hot loops.
    pub fn ending_with(&self, buf: &mut MoveList) -> Option<Ending> {
        if !self.has_legal_move_with(buf) {
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

    /// Whether neither side can ever mate, by python-chess's rules for FIDE
    /// pieces (a lone king; king and one minor piece; only same-coloured
    /// bishops). Games with other pieces answer `false`.
    pub fn is_insufficient_material(&self) -> bool {
        if !self.rules.fide_material {
            return self.lone_minor_only();
        }
        Color::ALL
            .iter()
            .all(|&c| self.has_insufficient_material(c))
    }

    /// Outside FIDE: only kings, or kings and one piece that cannot mate
    /// alone ([`GameRules::lone_minors`]), are a dead position.
    fn lone_minor_only(&self) -> bool {
        debug_assert_eq!(self.non_royal, self.non_royal_by_scan());
        match self.non_royal {
            0 => true,
            1 => self
                .occupied()
                .into_iter()
                .filter_map(|sq| self.piece_at(sq))
                .find(|p| !self.rules.is_royal(p.role))
                .is_some_and(|p| self.rules.lone_minors.contains(p.role)),
            _ => false,
        }
    }

    /// [`non_royal`](Self::non_royal) by a scan of the board: the
    /// reference the count is tested against.
    pub(crate) fn non_royal_by_scan(&self) -> u16 {
        self.occupied()
            .into_iter()
            .filter_map(|sq| self.piece_at(sq))
            .filter(|p| !self.rules.is_royal(p.role))
            .count() as u16
    }

    /// Whether `color` alone can never mate (python-chess's definition;
    /// outside FIDE, only a bare king).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        if !self.rules.fide_material {
            return self.occupied[color]
                .into_iter()
                .filter_map(|sq| self.piece_at(sq))
                .all(|p| self.rules.is_royal(p.role));
        }
        let letters = |c: Color| {
            self.occupied[c]
                .into_iter()
                .filter_map(|sq| self.piece_at(sq))
                .map(|p| self.rules.piece(p.role).letter)
        };
        if letters(color).any(|l| !matches!(l, b'K' | b'N' | b'B')) {
            return false;
        }
        let ours: Vec<(Square, u8)> = self.occupied[color]
            .into_iter()
            .filter_map(|sq| {
                self.piece_at(sq)
                    .map(|p| (sq, self.rules.piece(p.role).letter))
            })
            .collect();
        if ours.iter().any(|&(_, l)| l == b'N') {
            // A knight can mate only with help: any enemy piece but a queen or king.
            return ours.len() <= 2 && letters(!color).all(|l| matches!(l, b'K' | b'Q'));
        }
        if ours.iter().any(|&(_, l)| l == b'B') {
            // Bishops all on one colour can mate only against enemy pawns or knights.
            let mut colors = [false; 2];
            for c in Color::ALL {
                for sq in self.occupied[c] {
                    if let Some(p) = self.piece_at(sq) {
                        if self.rules.piece(p.role).letter == b'B' {
                            colors[((sq.file() + sq.rank()) & 1) as usize] = true;
                        }
                    }
                }
            }
            let same_color = !(colors[0] && colors[1]);
            let all = [Color::White, Color::Black];
            let pawns_or_knights = all
                .iter()
                .any(|&c| letters(c).any(|l| matches!(l, b'P' | b'N')));
            return same_color && !pawns_or_knights;
        }
        true
    }

    /// A hash of everything that makes two positions "the same" for
    /// repetition: pieces, side to move, castling rights and a legal
    /// en-passant capture (FIDE 9.2.3).
    pub fn repetition_key(&self) -> u64 {
        debug_assert_eq!(self.castling_hash, self.castling_key_by_scan());
        let mut h = self.board_hash ^ self.castling_hash;
        if self.turn == Color::Black {
            h ^= mix(0x2_0000);
        }
        if let Some(ep) = self.ep {
            if self.has_legal_ep() {
                h ^= mix(0x3_0000 | ep.index() as u64);
            }
        }
        h
    }
}

impl Position {
    /// The castling rights' part of the repetition key, from the rights.
    pub(crate) fn castling_key_by_scan(&self) -> u64 {
        let mut h = 0;
        for c in Color::ALL {
            for sq in self.castling[c] {
                h ^= CASTLING_KEYS[c as usize][sq.index()];
            }
        }
        h
    }

    /// Brings [`castling_hash`](Self::castling_hash) up to date after the
    /// rights were set other than by a move.
    pub(crate) fn rehash_castling(&mut self) {
        self.castling_hash = self.castling_key_by_scan();
    }
}

/// The eight king steps: a guard's zone (S3).
pub(crate) const KING_STEPS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The hash of each colour's castling right on each cell, for
/// [`Position::repetition_key`]: `mix` by table, as Gast's many castling
/// pieces make it a dozen mixes per position.
static CASTLING_KEYS: [[u64; 256]; 2] = {
    let mut t = [[0; 256]; 2];
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < 256 {
            t[c][i] = mix(0x1_0000 | ((c as u64) << 8) | i as u64);
            i += 1;
        }
        c += 1;
    }
    t
};

/// The hash of one piece on one square, for [`Position::repetition_key`].
#[inline]
pub(crate) const fn piece_key(code: u8, sq: Square) -> u64 {
    mix(((code as u64) << 8) | sq.index() as u64)
}

/// splitmix64: a fixed, well-spread hash for repetition keys.
#[inline]
pub(crate) const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
