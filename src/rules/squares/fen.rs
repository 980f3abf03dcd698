//! The family's FEN-like notation (RULINGS N7, docs/formats.md):
//!
//! ```text
//! rnbqkbnr/pppppppp/......../......../......../......../PPPPPPPP/RNBQKBNR w KQkq - r3/3 - 0 1
//! ```
//!
//! The board gives ranks from the top. A piece letter is a square with that
//! piece (in owned games the square belongs to the piece's side, L3); `.` is
//! a hole; `-` an empty square owned by White and `=` one owned by Black; a
//! digit counts empty neutral squares. Then: side to move, castling
//! (`KQkq`), en passant, the reserves (`r3/3`, `*` for unlimited), the
//! squares the side to move may not move (`-`, or squares joined by commas),
//! and the two move counters. Fields after the reserves may be left out.
//! The start position of each game of the family is read from it once.

use std::fmt::Write as _;
use std::sync::OnceLock;

use super::bits::Bits;
use super::position::SquaresPosition;
use super::{Config, Ownership, Reserve};
use crate::rules::Variant;
use crate::rules::core::{Color, Piece, Square};

/// A FEN-like string of the squares family that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSquaresFenError {
    /// The board part is missing.
    #[error("empty position")]
    Empty,
    /// Not 8 ranks.
    #[error("expected 8 ranks, found {0}")]
    RankCount(usize),
    /// A rank that does not describe 8 locations.
    #[error("rank {rank} describes {found} locations, the board has 8")]
    RankLength {
        /// 1-based rank.
        rank: u8,
        /// Locations described.
        found: u32,
    },
    /// A character that is neither a piece, `.`, `-`, `=` nor a digit.
    #[error("'{0}' is not a piece, a hole '.', or a square '-', '=' or digit")]
    UnknownMark(char),
    /// The side to move is not `w` or `b`.
    #[error("side to move must be 'w' or 'b', found '{0}'")]
    Turn(String),
    /// The castling field cannot be read, or names a right without its king and rook.
    #[error("invalid castling field '{0}'")]
    Castling(String),
    /// The en-passant field is not `-` or a square on the third or sixth rank.
    #[error("invalid en passant square '{0}'")]
    EnPassant(String),
    /// The reserves field is not `rW/B` with counts or `*`.
    #[error("invalid reserves '{0}': expected r<white>/<black>, each a count or '*'")]
    Reserves(String),
    /// The barred-squares field is not `-` or squares joined by commas.
    #[error("invalid just-moved squares '{0}': expected '-' or squares joined by commas")]
    Barred(String),
    /// The barred-squares field names a hole: the squares the opponent
    /// touched are named where they stand (RULINGS L16).
    #[error("just-moved square on {0}, but {0} is a hole (name the square where it stands now)")]
    BarredHole(String),
    /// A move counter is not a number.
    #[error("invalid move counter '{0}'")]
    Counter(String),
    /// Extra fields at the end.
    #[error("unexpected field '{0}'")]
    Extra(String),
    /// A side has more than one king.
    #[error("{0} has more than one king")]
    KingCount(&'static str),
    /// A pawn on the first or last rank.
    #[error("pawn on {0}, a rank where pawns cannot stand")]
    PawnOnBackRank(String),
    /// An owned square in a game without owners.
    #[error("'-' and '=' mark owned squares, but this game's squares are neutral")]
    OwnedInNeutral,
    /// The side not to move is in check.
    #[error("the side not to move is in check")]
    OppositeCheck,
}

fn name(sq: Square) -> String {
    let mut s = String::with_capacity(2);
    s.push((b'a' + sq.file()) as char);
    s.push((b'1' + sq.rank()) as char);
    s
}

fn parse_square(s: &str) -> Option<Square> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Square::new(b[0] - b'a', b[1] - b'1')
}

fn parse_reserve(s: &str) -> Option<Reserve> {
    if s == "*" {
        Some(Reserve::Unlimited)
    } else {
        s.parse::<u8>().ok().map(Reserve::Finite)
    }
}

fn write_reserve(r: Reserve, out: &mut String) {
    match r {
        Reserve::Finite(n) => {
            let _ = write!(out, "{n}");
        }
        Reserve::Unlimited => out.push('*'),
    }
}

impl SquaresPosition {
    /// Reads a position of `variant` played with `config`.
    ///
    /// # Errors
    /// [`ParseSquaresFenError`] naming the field that is wrong.
    pub fn from_fen(
        variant: Variant,
        config: Config,
        fen: &str,
    ) -> Result<SquaresPosition, ParseSquaresFenError> {
        use ParseSquaresFenError as E;
        let mut fields = fen.split_ascii_whitespace();
        let board = fields.next().ok_or(E::Empty)?;
        let mut pos = SquaresPosition::empty(variant, config);
        let rules = pos.rules();
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 8 {
            return Err(E::RankCount(rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file: u32 = 0;
            let mut run: u32 = 0;
            let put_square = |file: &mut u32, pos: &mut SquaresPosition| -> Option<Square> {
                let sq = if *file < 8 {
                    Square::new(*file as u8, rank)
                } else {
                    None
                };
                *file += 1;
                if let Some(sq) = sq {
                    pos.squares.insert(sq);
                }
                sq
            };
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d;
                    if run > 8 {
                        return Err(E::RankLength {
                            rank: rank + 1,
                            found: file + run,
                        });
                    }
                    continue;
                }
                for _ in 0..run {
                    put_square(&mut file, &mut pos);
                }
                run = 0;
                match c {
                    '.' => file += 1,
                    '-' | '=' => {
                        if config.ownership == Ownership::Neutral {
                            return Err(E::OwnedInNeutral);
                        }
                        let color = if c == '-' { Color::White } else { Color::Black };
                        if let Some(sq) = put_square(&mut file, &mut pos) {
                            pos.owners[color].insert(sq);
                        }
                    }
                    _ => {
                        let role = rules
                            .role_of_letter(c as u8)
                            .filter(|_| c.is_ascii_alphabetic())
                            .ok_or(E::UnknownMark(c))?;
                        let color = if c.is_ascii_uppercase() {
                            Color::White
                        } else {
                            Color::Black
                        };
                        if let Some(sq) = put_square(&mut file, &mut pos) {
                            if role == super::position::KING && pos.kings[color].is_some() {
                                return Err(E::KingCount(color.name()));
                            }
                            // A pawn never stands on its last rank; under Moving
                            // Occupied Squares it can be carried back to its first.
                            let last = if color == Color::White { 7 } else { 0 };
                            let first = 7 - last;
                            if role == super::position::PAWN
                                && (rank == last || (rank == first && !config.moving_occupied))
                            {
                                return Err(E::PawnOnBackRank(name(sq)));
                            }
                            pos.put(sq, Piece { color, role });
                            if config.ownership == Ownership::Owned {
                                pos.owners[color].insert(sq);
                            }
                        }
                    }
                }
            }
            for _ in 0..run {
                put_square(&mut file, &mut pos);
            }
            if file != 8 {
                return Err(E::RankLength {
                    rank: rank + 1,
                    found: file,
                });
            }
        }
        if let Some(t) = fields.next() {
            pos.turn = match t {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return Err(E::Turn(t.to_string())),
            };
        }
        if let Some(c) = fields.next() {
            if c != "-" {
                for ch in c.chars() {
                    let (color, file) = match ch {
                        'K' => (Color::White, 7),
                        'Q' => (Color::White, 0),
                        'k' => (Color::Black, 7),
                        'q' => (Color::Black, 0),
                        _ => return Err(E::Castling(c.to_string())),
                    };
                    let back = if color == Color::White { 0 } else { 7 };
                    let rook = Square::new(file, back).ok_or_else(|| E::Castling(c.to_string()))?;
                    let king_ok =
                        pos.kings[color].is_some_and(|k| k.rank() == back && k.file() == 4);
                    let rook_ok = pos.piece_at(rook)
                        == Some(Piece {
                            color,
                            role: super::position::ROOK,
                        });
                    if !king_ok || !rook_ok || pos.castling[color].contains(rook) {
                        return Err(E::Castling(c.to_string()));
                    }
                    pos.castling[color].insert(rook);
                }
            }
        }
        if let Some(e) = fields.next() {
            if e != "-" {
                let sq = parse_square(e)
                    .filter(|sq| sq.rank() == 2 || sq.rank() == 5)
                    .ok_or_else(|| E::EnPassant(e.to_string()))?;
                pos.ep = Some(sq);
            }
        }
        if let Some(r) = fields.next() {
            let bad = || E::Reserves(r.to_string());
            let body = r.strip_prefix('r').ok_or_else(bad)?;
            let (w, b) = body.split_once('/').ok_or_else(bad)?;
            pos.reserves.white = parse_reserve(w).ok_or_else(bad)?;
            pos.reserves.black = parse_reserve(b).ok_or_else(bad)?;
        }
        let mut rest: Vec<&str> = fields.collect();
        if rest
            .first()
            .is_some_and(|f| *f == "-" || f.starts_with(|c: char| c.is_ascii_lowercase()))
        {
            let f = rest.remove(0);
            if f != "-" {
                for part in f.split(',') {
                    let sq = parse_square(part).ok_or_else(|| E::Barred(f.to_string()))?;
                    if !pos.squares.contains(sq) {
                        return Err(E::BarredHole(name(sq)));
                    }
                    pos.barred.insert(sq);
                }
            }
        }
        let mut counters = rest.into_iter();
        if let Some(h) = counters.next() {
            pos.halfmoves = h.parse().map_err(|_| E::Counter(h.to_string()))?;
        }
        if let Some(f) = counters.next() {
            pos.fullmoves = f
                .parse()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| E::Counter(f.to_string()))?;
        }
        if let Some(x) = counters.next() {
            return Err(E::Extra(x.to_string()));
        }
        if !pos.king_safe(!pos.turn) {
            return Err(E::OppositeCheck);
        }
        Ok(pos)
    }

    /// The position in the family's FEN-like notation; it round-trips
    /// through [`from_fen`](Self::from_fen).
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(100);
        let rules = self.rules();
        for rank in (0..8u8).rev() {
            let mut run = 0;
            for file in 0..8u8 {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                let piece = self.piece_at(sq);
                let neutral_empty = self.squares.contains(sq)
                    && piece.is_none()
                    && !self.owners.white.contains(sq)
                    && !self.owners.black.contains(sq);
                if neutral_empty {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    let _ = write!(out, "{run}");
                    run = 0;
                }
                out.push(match piece {
                    Some(p) => rules.letter(p.role, p.color),
                    None if !self.squares.contains(sq) => '.',
                    None if self.owners.white.contains(sq) => '-',
                    None => '=',
                });
            }
            if run > 0 {
                let _ = write!(out, "{run}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        let mut any = false;
        for (color, file, ch) in [
            (Color::White, 7, 'K'),
            (Color::White, 0, 'Q'),
            (Color::Black, 7, 'k'),
            (Color::Black, 0, 'q'),
        ] {
            let back = if color == Color::White { 0 } else { 7 };
            if Square::new(file, back).is_some_and(|sq| self.castling[color].contains(sq)) {
                out.push(ch);
                any = true;
            }
        }
        if !any {
            out.push('-');
        }
        out.push(' ');
        match self.ep {
            Some(sq) => out.push_str(&name(sq)),
            None => out.push('-'),
        }
        out.push_str(" r");
        write_reserve(self.reserves.white, &mut out);
        out.push('/');
        write_reserve(self.reserves.black, &mut out);
        out.push(' ');
        write_barred(self.barred, &mut out);
        let _ = write!(out, " {} {}", self.halfmoves, self.fullmoves);
        out
    }
}

fn write_barred(set: Bits, out: &mut String) {
    if set.is_empty() {
        out.push('-');
        return;
    }
    for (i, sq) in set.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&name(sq));
    }
}

impl SquaresPosition {
    /// The start position of a game of the family: the FIDE array on its 32
    /// squares, the game's reserves.
    pub fn start(variant: Variant, config: Config) -> SquaresPosition {
        // Read once per game of the family with its own rules: a file of
        // short games would otherwise spend its time parsing this string.
        static STARTS: [OnceLock<SquaresPosition>; 5] = [const { OnceLock::new() }; 5];
        let own = [
            Variant::SquaresBasic,
            Variant::Hans38,
            Variant::Hans38Neutral,
            Variant::InfiniteReserves,
            Variant::MovingSquares,
        ]
        .iter()
        .position(|&v| v == variant)
        .filter(|_| Config::of(variant) == Some(config));
        match own.and_then(|i| STARTS.get(i)) {
            Some(cell) => *cell.get_or_init(|| Self::read_start(variant, config)),
            None => Self::read_start(variant, config),
        }
    }

    fn read_start(variant: Variant, config: Config) -> SquaresPosition {
        let fen = format!("{} w KQkq - r0/0 - 0 1", super::START_BOARD);
        let mut pos = SquaresPosition::from_fen(variant, config, &fen)
            .expect("invariant: the family's start board is valid");
        pos.reserves.white = config.reserve;
        pos.reserves.black = config.reserve;
        pos
    }
}
