//! The squares-family position: locations holding holes or squares, owners,
//! reserves, the squares the opponent just touched; move generation over
//! existing squares only, square actions, turns and legality.

use arrayvec::ArrayVec;

use super::bits::{Bits, ROLES, bit};
use super::{Config, Ownership, Postal, Reserve};
use crate::rules::Variant;
use crate::rules::core::position::mix;
use crate::rules::core::{ByColor, Color, GameRules, Move, Piece, Role, Square, SquareSet};

/// Role indices of the family's piece table ([`super::PIECES`]).
pub(crate) const PAWN: Role = role(0);
pub(crate) const ROOK: Role = role(3);
pub(crate) const QUEEN: Role = role(4);
pub(crate) const KING: Role = role(5);

const fn role(i: u8) -> Role {
    match Role::new(i) {
        Some(r) => r,
        None => panic!("invariant: role index below 16"),
    }
}

/// The 24 offsets a square moves by: King, Knight, Dabbaba or Alfil
/// distance, leaping (Hans38 rule 5, L5).
pub(crate) const SQUARE_LEAPS: [(i8, i8); 24] = [
    (-2, -2),
    (-1, -2),
    (0, -2),
    (1, -2),
    (2, -2),
    (-2, -1),
    (-1, -1),
    (0, -1),
    (1, -1),
    (2, -1),
    (-2, 0),
    (-1, 0),
    (1, 0),
    (2, 0),
    (-2, 1),
    (-1, 1),
    (0, 1),
    (1, 1),
    (2, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
    (1, 2),
    (2, 2),
];

/// The 8 king steps an occupied square moves by (L14).
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

/// One action of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A piece moves (over existing squares only), castles or takes en passant.
    Piece(Move),
    /// A square from the reserve is placed on a hole (`@@f3`).
    Place(Square),
    /// A square moves to a hole (`@g8-e6`), with its piece under Moving
    /// Occupied Squares.
    Shift {
        /// Where the square is.
        from: Square,
        /// The hole it moves to.
        to: Square,
        /// What a carried pawn reaching its last rank becomes, by the
        /// player's choice (`@c7-b8=N`, L17); `None` for any other move.
        promotion: Option<Role>,
    },
}

/// Most actions in one turn: a piece move, a square move and a placement
/// (Postal Plus).
pub const MAX_TURN_ACTIONS: usize = 3;

/// One player's whole turn: one action, or under the Postal rule the piece
/// move followed by the square actions.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub(crate) actions: ArrayVec<Action, MAX_TURN_ACTIONS>,
}

impl Clone for Turn {
    /// One block copy of the actions (`ArrayVec`'s own clone copies them
    /// one at a time, a tenth of a turn's work where the verifier keeps the
    /// turn it resolved).
    fn clone(&self) -> Turn {
        let mut actions = ArrayVec::new();
        // Never fails: the same capacity.
        let _ = actions.try_extend_from_slice(&self.actions);
        Turn { actions }
    }
}

impl Turn {
    /// A turn of one action.
    pub fn single(a: Action) -> Turn {
        let mut actions = ArrayVec::new();
        actions.push(a);
        Turn { actions }
    }

    /// The actions in the order they are made.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The piece move of the turn, if it has one.
    pub fn piece_move(&self) -> Option<&Move> {
        self.actions.iter().find_map(|a| match a {
            Action::Piece(m) => Some(m),
            _ => None,
        })
    }
}

/// The odd multipliers of [`SquaresPosition::repetition_key`]'s words,
/// one a place (the hexadecimal digits of pi, each word made odd).
const PLACE: [u64; 14] = [
    0x243F_6A88_85A3_08D3,
    0x1319_8A2E_0370_7345,
    0xA409_3822_299F_31D1,
    0x082E_FA98_EC4E_6C89,
    0x4528_21E6_38D0_1377,
    0xBE54_66CF_34E9_0C6D,
    0xC0AC_29B7_C97C_50DD,
    0x3F84_D5B5_B547_0917,
    0x9216_D5D9_8979_FB1B,
    0xD131_0BA6_98DF_B5AD,
    0x2FFD_72DB_D01A_DFB7,
    0xB8E1_AFED_6A26_7E97,
    0xBA7C_9045_F12C_7F99,
    0x24A1_9947_B391_6CF7,
];

/// A position of a game of the squares family (small and plain: `Copy`,
/// so that the copies the resolver and the verifier make are one block
/// copy, not a copy field by field).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SquaresPosition {
    pub(crate) variant: Variant,
    pub(crate) config: Config,
    /// Piece codes ([`Piece::code`]) per location, `rank * 8 + file`.
    pub(crate) board: [u8; 64],
    pub(crate) occupied: ByColor<Bits>,
    /// Locations of the pieces of each role, both colours (role index).
    pub(crate) roles: [u64; ROLES],
    pub(crate) kings: ByColor<Option<Square>>,
    /// Locations that hold a square.
    pub(crate) squares: Bits,
    /// Squares owned by each side (owned games only; occupied squares belong
    /// to their occupant, L3).
    pub(crate) owners: ByColor<Bits>,
    pub(crate) reserves: ByColor<Reserve>,
    /// Squares the opponent moved (or placed, L13) last turn, where they
    /// stand now (L16): the side to move may not move them. Always a subset
    /// of `squares`.
    pub(crate) barred: Bits,
    /// Rooks that may still castle.
    pub(crate) castling: ByColor<Bits>,
    pub(crate) ep: Option<Square>,
    pub(crate) turn: Color,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

impl std::fmt::Debug for SquaresPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SquaresPosition({} {})", self.variant, self.to_fen())
    }
}

/// The 64 locations of the 8x8 board.
pub(crate) fn board_cells() -> Bits {
    Bits(u64::MAX)
}

#[inline]
pub(crate) fn idx(sq: Square) -> usize {
    (sq.rank() as usize) * 8 + sq.file() as usize
}

/// The location `df`, `dr` from `sq`, if it is on the 8x8 board.
#[inline]
pub(crate) fn step(sq: Square, df: i8, dr: i8) -> Option<Square> {
    let t = sq.offset(df, dr)?;
    (t.file() < 8 && t.rank() < 8).then_some(t)
}

impl SquaresPosition {
    /// An empty board (every location a hole), White to move, for building positions.
    pub(crate) fn empty(variant: Variant, config: Config) -> SquaresPosition {
        SquaresPosition {
            variant,
            config,
            board: [0; 64],
            occupied: ByColor::default(),
            roles: [0; ROLES],
            kings: ByColor::default(),
            squares: Bits::EMPTY,
            owners: ByColor::default(),
            reserves: ByColor {
                white: config.reserve,
                black: config.reserve,
            },
            barred: Bits::EMPTY,
            castling: ByColor::default(),
            ep: None,
            turn: Color::White,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The piece table.
    #[inline]
    pub fn rules(&self) -> &'static GameRules {
        super::rules()
    }

    /// The rules this game is played with.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The same position played under another Postal option (the
    /// `[Postal]` tag). Infinite Reserves and Moving Occupied Squares are
    /// Postal Plus by definition and stay so.
    pub fn with_postal(mut self, postal: Postal) -> SquaresPosition {
        if !self.config.must_place {
            self.config.postal = postal;
        }
        self
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if sq.file() >= 8 || sq.rank() >= 8 {
            return None;
        }
        Piece::from_code(self.board[idx(sq)])
    }

    /// Whether the location `sq` holds a square.
    #[inline]
    pub fn has_square(&self, sq: Square) -> bool {
        self.squares.contains(sq)
    }

    /// Every location that holds a square.
    pub fn squares(&self) -> SquareSet {
        self.squares.to_set()
    }

    /// Who owns the square on `sq` (`None` for a hole or a neutral square).
    pub fn owner(&self, sq: Square) -> Option<Color> {
        if let Some(p) = self.piece_at(sq) {
            if self.config.ownership == Ownership::Owned {
                return Some(p.color);
            }
        }
        Color::ALL
            .into_iter()
            .find(|&c| self.owners[c].contains(sq))
    }

    /// A side's reserve.
    pub fn reserve(&self, color: Color) -> Reserve {
        self.reserves[color]
    }

    /// The squares the side to move may not move (just moved or touched by
    /// the opponent).
    pub fn barred(&self) -> SquareSet {
        self.barred.to_set()
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.turn
    }

    /// The move number, starting at 1.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Half-moves since the last pawn move or piece capture (L9).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The king of `color`, if it has one.
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color]
    }

    /// A hash of everything that makes two positions the same for
    /// repetition (L9): pieces, squares, owners, reserves, the just-moved
    /// squares, castling rights, the en-passant square and the side to move;
    /// not the move counters.
    pub fn repetition_key(&self) -> u64 {
        let reserve = |r: Reserve| match r {
            Reserve::Finite(n) => u64::from(n),
            Reserve::Unlimited => 0x100,
        };
        // The board as White's pieces and each role's locations (a piece's
        // colour and role are its code); Black's are the rest.
        let [pawns, knights, bishops, rooks, queens, kings] = self.roles;
        let words = [
            self.occupied.white.0,
            pawns,
            knights,
            bishops,
            rooks,
            queens,
            kings,
            self.squares.0,
            self.owners.white.0,
            self.owners.black.0,
            self.barred.0,
            self.castling.white.0,
            self.castling.black.0,
            reserve(self.reserves.white)
                | reserve(self.reserves.black) << 16
                | self.ep.map_or(0, |sq| 0x100 | sq.index() as u64) << 32
                | u64::from(self.turn == Color::Black) << 48,
        ];
        // Each word in one wide multiply by an odd constant of its place,
        // folded to 64 bits (a quarter of the work of mixing it alone); the
        // products summed side by side, then the sum mixed once so that
        // every bit of the key depends on every word. One word a multiply,
        // not two words (as lichess's key): a FEN could make a word equal
        // its pair's mask and so erase the other word of the pair.
        let fold = |w: u64, k: u64| {
            let r = u128::from(w) * u128::from(k);
            (r as u64) ^ ((r >> 64) as u64)
        };
        let mut sum = 0u64;
        for (&w, &k) in words.iter().zip(&PLACE) {
            sum = sum.wrapping_add(fold(w, k));
        }
        mix(sum)
    }

    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let b = bit(sq);
        if b == 0 {
            return;
        }
        // Bit index and board index are the same (`rank * 8 + file`).
        let i = b.trailing_zeros() as usize & 63;
        if self.board[i] != 0 {
            self.remove(sq);
        }
        self.board[i] = piece.code();
        self.occupied[piece.color].0 |= b;
        if let Some(m) = self.roles.get_mut(piece.role.index()) {
            *m |= b;
        }
        if piece.role == KING {
            self.kings[piece.color] = Some(sq);
        }
    }

    pub(crate) fn remove(&mut self, sq: Square) -> Option<Piece> {
        let b = bit(sq);
        let i = b.trailing_zeros() as usize;
        let p = Piece::from_code(*self.board.get(i)?)?;
        self.board[i] = 0;
        self.occupied[p.color].0 &= !b;
        if let Some(m) = self.roles.get_mut(p.role.index()) {
            *m &= !b;
        }
        if p.role == KING && self.kings[p.color] == Some(sq) {
            self.kings[p.color] = None;
        }
        Some(p)
    }

    /// Makes `color` the owner of the square on `sq` (owned games only).
    fn take_square(&mut self, sq: Square, color: Color) {
        if self.config.ownership == Ownership::Owned {
            self.owners[!color].remove(sq);
            self.owners[color].insert(sq);
        }
    }

    // ------------------------------------------------------ square actions

    /// Whether the side to move may move the square on `from` now, ignoring
    /// where to: it exists, is not barred, and is an own empty square (or,
    /// under Moving Occupied Squares, carries a friendly piece other than the
    /// king).
    pub(crate) fn may_shift_from(&self, from: Square) -> bool {
        if !self.squares.contains(from) || self.barred.contains(from) {
            return false;
        }
        match self.piece_at(from) {
            Some(p) => self.config.moving_occupied && p.color == self.turn && p.role != KING,
            None => {
                self.config.ownership == Ownership::Neutral || self.owners[self.turn].contains(from)
            }
        }
    }

    /// Square moves of the side to move, appended to `out`: a pawn carried
    /// to its last rank once for each piece it may become (L17).
    pub(crate) fn shifts(&self, out: &mut Vec<Action>) {
        self.shifts_from(self.squares, out);
    }

    /// The square moves of [`shifts`](Self::shifts) that may leave the
    /// king of the side to move safe where it is attacked now: those from
    /// [`shield_cells`](Self::shield_cells) (all of them when it is not
    /// attacked, or there is no king).
    pub(crate) fn shielding_shifts(&self, out: &mut Vec<Action>) {
        let cells = self.kings[self.turn].map_or(u64::MAX, |k| self.shield_cells(k, !self.turn));
        self.shifts_from(Bits(self.squares.0 & cells), out);
    }

    fn shifts_from(&self, froms: Bits, out: &mut Vec<Action>) {
        for from in froms {
            if !self.may_shift_from(from) {
                continue;
            }
            let leaps: &[(i8, i8)] = if self.piece_at(from).is_some() {
                &KING_STEPS
            } else {
                &SQUARE_LEAPS
            };
            for &(df, dr) in leaps {
                if let Some(to) = step(from, df, dr) {
                    if !self.squares.contains(to) {
                        self.push_shift(from, to, out);
                    }
                }
            }
        }
    }

    /// The square move `from`-`to`, with each promotion choice when it
    /// carries a pawn to its last rank (L17).
    fn push_shift(&self, from: Square, to: Square, out: &mut Vec<Action>) {
        let rules = self.rules();
        match self.piece_at(from) {
            Some(p) if p.role == PAWN && rules.promotion_zone[p.color].contains(to) => {
                out.extend(rules.promotion_roles.iter().map(|&r| Action::Shift {
                    from,
                    to,
                    promotion: Some(r),
                }));
            }
            _ => out.push(Action::Shift {
                from,
                to,
                promotion: None,
            }),
        }
    }

    /// Holes a square from the reserve may go to (none if the reserve is empty).
    pub(crate) fn placements(&self, out: &mut Vec<Square>) {
        out.extend(self.placement_set());
    }

    /// The holes of [`placements`](Self::placements) as a set.
    pub(crate) fn placement_set(&self) -> Bits {
        if self.reserves[self.turn].is_available() {
            Bits(!self.squares.0)
        } else {
            Bits::EMPTY
        }
    }

    // ---------------------------------------------------------------- play

    /// Applies one action for the side to move, without changing the turn.
    pub(crate) fn apply(&mut self, a: &Action) {
        match *a {
            Action::Piece(m) => self.apply_piece(&m),
            Action::Place(to) => {
                self.squares.insert(to);
                if let Reserve::Finite(n) = self.reserves[self.turn] {
                    self.reserves[self.turn] = Reserve::Finite(n.saturating_sub(1));
                }
                self.take_square(to, self.turn);
            }
            Action::Shift {
                from,
                to,
                promotion,
            } => {
                self.squares.remove(from);
                self.squares.insert(to);
                for c in Color::ALL {
                    if self.owners[c].contains(from) {
                        self.owners[c].remove(from);
                        self.owners[c].insert(to);
                    }
                }
                if let Some(mut p) = self.remove(from) {
                    // The carried piece travels with its square (L14).
                    if p.role == ROOK {
                        self.castling[p.color].remove(from);
                    }
                    if p.role == PAWN && self.rules().promotion_zone[p.color].contains(to) {
                        // The player's choice (L17); a queen if a caller
                        // built the move without one.
                        p.role = promotion.unwrap_or(QUEEN);
                    }
                    self.put(to, p);
                }
            }
        }
    }

    fn apply_piece(&mut self, m: &Move) {
        let us = self.turn;
        self.ep = None;
        self.halfmoves = self.halfmoves.saturating_add(1);
        let returning = self
            .config
            .returning_from
            .is_some_and(|n| self.fullmoves >= n);
        match *m {
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                self.remove(from);
                if capture.is_some() {
                    // `put` takes the captured piece off.
                    self.halfmoves = 0;
                    self.castling[!us].remove(to);
                }
                self.put(
                    to,
                    Piece {
                        color: us,
                        role: promotion.unwrap_or(role),
                    },
                );
                self.take_square(to, us);
                if role == KING {
                    self.castling[us] = Bits::EMPTY;
                }
                self.castling[us].remove(from);
                if role == PAWN {
                    self.halfmoves = 0;
                    if from.file() == to.file() && from.rank().abs_diff(to.rank()) == 2 {
                        self.ep = step(to, 0, -us.forward());
                    }
                }
            }
            Move::EnPassant { from, to, victim } => {
                if let Some(p) = self.remove(from) {
                    self.remove(victim);
                    self.put(to, p);
                }
                self.take_square(to, us);
                self.halfmoves = 0;
            }
            Move::Castle {
                king,
                rook,
                king_to,
                rook_to,
                ..
            } => {
                let k = self.remove(king);
                let r = self.remove(rook);
                if let Some(k) = k {
                    self.put(king_to, k);
                }
                if let Some(r) = r {
                    self.put(rook_to, r);
                }
                self.take_square(king_to, us);
                self.take_square(rook_to, us);
                self.castling[us] = Bits::EMPTY;
            }
        }
        if returning {
            // Infinite Reserves: the square the piece left goes back to the
            // reserve (castling: the king's; en passant: the capturer's).
            let from = bit(m.from());
            if from & (self.occupied.white.0 | self.occupied.black.0) == 0 {
                // The square leaves the board: nothing is barred there (L16).
                let keep = !from;
                self.squares.0 &= keep;
                self.barred.0 &= keep;
                self.owners.white.0 &= keep;
                self.owners.black.0 &= keep;
                if let Reserve::Finite(n) = self.reserves[us] {
                    self.reserves[us] = Reserve::Finite(n.saturating_add(1));
                }
            }
        }
    }

    /// Plays a whole turn without checking it.
    pub fn play_unchecked(&mut self, turn: &Turn) {
        let ep_before = self.ep;
        for a in &turn.actions {
            self.apply(a);
        }
        self.close_turn(turn, ep_before);
    }

    /// The end of `turn`, whose actions are applied already (by
    /// [`play_unchecked`](Self::play_unchecked), or by the resolver on its
    /// copy): barred squares, the en-passant chance and the clocks, and
    /// the other side to move. `ep_before` is the en-passant square before
    /// the turn.
    pub(crate) fn close_turn(&mut self, turn: &Turn, ep_before: Option<Square>) {
        let mut touched = Bits::EMPTY;
        let mut piece_moved = false;
        for a in &turn.actions {
            match *a {
                Action::Piece(_) => piece_moved = true,
                // Squares, not locations, are barred, where they stand at
                // the end of the turn (L16): a placed square moved on is
                // barred where it went, and its old location is a hole.
                Action::Shift { from, to, .. } => {
                    touched.remove(from);
                    touched.insert(to);
                }
                Action::Place(to) if self.config.bar_placed => touched.insert(to),
                Action::Place(_) => {}
            }
        }
        if !piece_moved {
            // A turn of square actions only: the en-passant chance lapses
            // and the fifty-move count goes on (L9).
            if self.ep == ep_before {
                self.ep = None;
            }
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        self.barred = touched;
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
    }
}
