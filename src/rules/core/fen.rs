//! FEN for chess-like games: standard FEN for FIDE (exactly as python-chess
//! prints it: X-FEN castling, the en-passant square only when a capture there
//! is legal), and the same shape with more files, ranks and piece letters for
//! Gast and Squirrel.

use super::color::Color;
use super::game::{CastlingRule, GameRules, GastCastling};
use super::piece::Piece;
use super::position::Position;
use super::square::{Square, SquareSet};

/// A FEN that cannot be read, or that gives an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The piece placement has the wrong number of ranks.
    #[error("expected {expected} ranks, found {found}")]
    RankCount {
        /// Ranks of the board.
        expected: u8,
        /// Ranks in the FEN.
        found: usize,
    },
    /// A rank describes more or fewer files than the board has.
    #[error("rank {rank} describes {found} files, the board has {expected}")]
    RankLength {
        /// 1-based rank number.
        rank: u8,
        /// Files of the board.
        expected: u8,
        /// Files in the FEN.
        found: u32,
    },
    /// A letter that is not a piece of this game.
    #[error("'{0}' is not a piece of this game")]
    UnknownPiece(char),
    /// The side to move is not `w` or `b`.
    #[error("side to move must be 'w' or 'b', found '{0}'")]
    Turn(String),
    /// The castling field cannot be read.
    #[error("invalid castling field '{0}'")]
    Castling(String),
    /// The en-passant field is not `-` or a square.
    #[error("invalid en passant square '{0}'")]
    EnPassant(String),
    /// A move counter is not a number.
    #[error("invalid move counter '{0}'")]
    Counter(String),
    /// The promotion counts are not `white/black` numbers.
    #[error("invalid promotion counts '{0}' (expected e.g. 0/1)")]
    Promotions(String),
    /// A side has no king, or more than one.
    #[error("{color} must have exactly one king, found {count}")]
    KingCount {
        /// The side.
        color: &'static str,
        /// How many it has.
        count: u32,
    },
    /// A pawn on a rank where pawns cannot be.
    #[error("pawn on {0}, a rank where pawns cannot stand")]
    PawnOnBackRank(String),
    /// The side not to move is in check.
    #[error("the side not to move is in check")]
    OppositeCheck,
    /// The piece placement is missing.
    #[error("empty FEN")]
    Empty,
    /// A piece or an empty square written where the board has a hole.
    #[error("{0} is a hole of this board: write it as '*'")]
    Hole(String),
    /// A `*` where the board has a square.
    #[error("'*' on {0}, which is a square of this board, not a hole")]
    NotAHole(String),
    /// Text after the last field this game's FEN has.
    #[error("unexpected text after the last field: '{0}'")]
    TrailingText(String),
}

impl Position {
    /// Reads a FEN of this game. Missing clocks default to `0 1`, as
    /// python-chess reads them.
    ///
    /// # Errors
    /// [`FenError`] naming the field that is wrong, or why the position is impossible.
    pub fn from_fen(rules: &'static GameRules, fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_ascii_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let mut pos = Position::empty(rules);
        let geo = &rules.geometry;
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != geo.ranks() as usize {
            return Err(FenError::RankCount {
                expected: geo.ranks(),
                found: rows.len(),
            });
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = geo.ranks() - 1 - i as u8;
            let mut file: u32 = 0;
            let bytes = row.as_bytes();
            let mut j = 0;
            while j < bytes.len() {
                let c = bytes[j];
                if c.is_ascii_digit() {
                    let mut n: u32 = 0;
                    while j < bytes.len() && bytes[j].is_ascii_digit() {
                        n = n
                            .saturating_mul(10)
                            .saturating_add((bytes[j] - b'0') as u32);
                        j += 1;
                    }
                    // Empty squares are squares: a hole is written `*`.
                    for f in file..file.saturating_add(n).min(u32::from(geo.files())) {
                        if let Some(sq) = Square::new(f as u8, rank).filter(|&s| !geo.contains(s)) {
                            return Err(FenError::Hole(geo_name(geo, sq)));
                        }
                    }
                    file = file.saturating_add(n);
                    continue;
                }
                if c == b'*' {
                    match Square::new(file.min(255) as u8, rank) {
                        Some(sq) if file < u32::from(geo.files()) && !geo.contains(sq) => {}
                        Some(sq) if file < u32::from(geo.files()) => {
                            return Err(FenError::NotAHole(geo_name(geo, sq)));
                        }
                        _ => {
                            return Err(FenError::RankLength {
                                rank: rank + 1,
                                expected: geo.files(),
                                found: file + 1,
                            });
                        }
                    }
                    file += 1;
                    j += 1;
                    continue;
                }
                let role = rules
                    .role_of_letter(c)
                    .ok_or(FenError::UnknownPiece(c as char))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file >= geo.files() as u32 {
                    return Err(FenError::RankLength {
                        rank: rank + 1,
                        expected: geo.files(),
                        found: file + 1,
                    });
                }
                if let Some(sq) = Square::new(file as u8, rank) {
                    if !geo.contains(sq) {
                        return Err(FenError::Hole(geo_name(geo, sq)));
                    }
                    if rules.is_royal(role) && pos.kings[color].is_some() {
                        return Err(FenError::KingCount {
                            color: color_name(color),
                            count: 2,
                        });
                    }
                    pos.put(sq, Piece { color, role });
                }
                file += 1;
                j += 1;
            }
            if file != geo.files() as u32 {
                return Err(FenError::RankLength {
                    rank: rank + 1,
                    expected: geo.files(),
                    found: file,
                });
            }
        }
        pos.turn = match fields.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(t) => return Err(FenError::Turn(t.to_string())),
        };
        let castling = fields.next().unwrap_or("-");
        match rules.castling {
            CastlingRule::Gast(g) => pos.set_gast_castling(g, castling)?,
            _ => pos.set_castling_fen(castling)?,
        }
        if let Some(ep) = fields.next() {
            if ep != "-" {
                let sq = geo
                    .parse_square(ep.as_bytes())
                    .ok_or_else(|| FenError::EnPassant(ep.to_string()))?;
                pos.ep = Some(sq);
            }
        }
        if let Some(h) = fields.next() {
            pos.halfmoves = h.parse().map_err(|_| FenError::Counter(h.to_string()))?;
        }
        if let Some(f) = fields.next() {
            let n: u32 = f.parse().map_err(|_| FenError::Counter(f.to_string()))?;
            pos.fullmoves = n.max(1);
        }
        if !rules.promotion_stages.is_empty() {
            if let Some(p) = fields.next() {
                let bad = || FenError::Promotions(p.to_string());
                let (w, b) = p.split_once('/').ok_or_else(bad)?;
                pos.promotions.white = w.parse().map_err(|_| bad())?;
                pos.promotions.black = b.parse().map_err(|_| bad())?;
            }
        }
        if let Some(extra) = fields.next() {
            return Err(FenError::TrailingText(extra.to_string()));
        }
        pos.validate()?;
        pos.rehash_castling();
        pos.checked = pos.compute_check();
        Ok(pos)
    }

    fn set_castling_fen(&mut self, field: &str) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let rules = self.rules;
        for c in field.bytes() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let back = rules.back_rank(color);
            let rooks: Vec<Square> = (0..rules.geometry.files())
                .filter_map(|f| Square::new(f, back))
                .filter(|&sq| self.is_castling_rook(sq, color))
                .collect();
            let king_file = self.kings[color]
                .filter(|k| k.rank() == back)
                .map(|k| k.file());
            let lower = c.to_ascii_lowercase();
            let rook = match lower {
                b'k' => match (rooks.last(), king_file) {
                    (Some(&r), Some(kf)) if r.file() > kf => Some(r),
                    _ => Square::new(rules.geometry.files() - 1, back),
                },
                b'q' => match (rooks.first(), king_file) {
                    (Some(&r), Some(kf)) if r.file() < kf => Some(r),
                    _ => Square::new(0, back),
                },
                _ => match rules.geometry.file_of_letter(lower) {
                    Some(f) => Square::new(f, back),
                    None => return Err(FenError::Castling(field.to_string())),
                },
            };
            if let Some(r) = rook {
                self.castling[color].insert(r);
            }
        }
        self.clean_castling();
        Ok(())
    }

    /// Gast's castling field: the back-rank files of every piece that keeps
    /// its castling right, White's upper case. A king's right needs the king
    /// on its start file, or two files from it after archer castling (then
    /// only that side's rook may keep a right); a partner's needs the
    /// archer or rook on its start square and the king's right.
    fn set_gast_castling(&mut self, g: GastCastling, field: &str) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let bad = || FenError::Castling(field.to_string());
        let rules = self.rules;
        for c in field.bytes() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let file = rules
                .geometry
                .file_of_letter(c.to_ascii_lowercase())
                .ok_or_else(bad)?;
            let sq = Square::new(file, rules.back_rank(color)).ok_or_else(bad)?;
            if self.castling[color].contains(sq) {
                return Err(bad());
            }
            self.castling[color].insert(sq);
        }
        for color in Color::ALL {
            let rights = self.castling[color];
            if rights.is_empty() {
                continue;
            }
            let back = rules.back_rank(color);
            let king = self.kings[color]
                .filter(|k| rights.contains(*k))
                .ok_or_else(bad)?;
            let moved = king.file() != g.king;
            let side = if king.file() + 2 == g.king {
                Some(0)
            } else if king.file() == g.king + 2 {
                Some(1)
            } else {
                None
            };
            if moved && side.is_none() {
                return Err(bad());
            }
            for sq in rights {
                if sq == king {
                    continue;
                }
                let letter = self
                    .piece_at(sq)
                    .filter(|p| p.color == color)
                    .map(|p| rules.piece(p.role).letter);
                let ok = match (letter, side) {
                    (Some(b'R'), Some(i)) => sq.file() == g.rooks[i],
                    (Some(b'R'), None) => g.rooks.contains(&sq.file()),
                    (Some(b'A'), None) => g.archers.contains(&sq.file()),
                    _ => false,
                };
                if !ok || sq.rank() != back {
                    return Err(bad());
                }
            }
        }
        self.drop_lone_king_rights();
        Ok(())
    }

    /// Gast: a king's right with no rook's or archer's right left beside it
    /// allows no castling, so it is dropped (N7 canonical form: one position
    /// prints one way and repeats whatever history reached it).
    pub(crate) fn drop_lone_king_rights(&mut self) {
        for color in Color::ALL {
            let rights = self.castling[color];
            // The king's right alone: the set is that one cell (compared
            // rather than counted: a count is a dozen instructions a word
            // without a popcount instruction, and this runs after every
            // Gast move).
            let king_alone = self.kings[color].is_some_and(|k| {
                let mut one = SquareSet::EMPTY;
                one.insert(k);
                rights == one
            });
            if king_alone {
                self.castling[color] = SquareSet::EMPTY;
            }
        }
    }

    fn is_castling_rook(&self, sq: Square, color: Color) -> bool {
        match self.piece_at(sq) {
            Some(p) => p.color == color && self.rules.castling_rooks.contains(p.role),
            None => false,
        }
    }

    /// Drops castling rights that the position cannot have, as python-chess does.
    pub(crate) fn clean_castling(&mut self) {
        let rules = self.rules;
        for color in Color::ALL {
            let back = rules.back_rank(color);
            let mut rights: SquareSet = self.castling[color]
                .into_iter()
                .filter(|&sq| sq.rank() == back && self.is_castling_rook(sq, color))
                .collect();
            let king = self.kings[color].filter(|k| k.rank() == back);
            match king {
                None => rights = SquareSet::EMPTY,
                Some(k) => {
                    if !rules.chess960 {
                        let start_king = Square::new(rules.castling_king_file, back);
                        if Some(k) != start_king {
                            rights = SquareSet::EMPTY;
                        }
                        let [low, high] = rules.castling_rook_files;
                        let corners: SquareSet = [Square::new(low, back), Square::new(high, back)]
                            .into_iter()
                            .flatten()
                            .collect();
                        rights = rights.intersection(corners);
                    } else {
                        let low = rights.first().filter(|r| r.file() < k.file());
                        let high = rights.into_iter().last().filter(|r| r.file() > k.file());
                        rights = low.into_iter().chain(high).collect();
                    }
                }
            }
            self.castling[color] = rights;
        }
    }

    fn validate(&self) -> Result<(), FenError> {
        let rules = self.rules;
        for color in Color::ALL {
            if self.kings[color].is_none() && rules.royal_roles.0 != 0 {
                return Err(FenError::KingCount {
                    color: color_name(color),
                    count: 0,
                });
            }
            let own_back = rules.back_rank(color);
            for sq in self.occupied[color] {
                let Some(p) = self.piece_at(sq) else { continue };
                if !rules.is_pawn(p.role) {
                    continue;
                }
                let steps_back = rules.piece(p.role).vectors[color]
                    .iter()
                    .any(|v| v.dr * color.forward() < 0);
                if rules.promotion_zone[color].contains(sq)
                    || (sq.rank() == own_back && !steps_back)
                {
                    return Err(FenError::PawnOnBackRank(rules.geometry.square_name(sq)));
                }
            }
        }
        if let Some(k) = self.kings[!self.turn] {
            if self.is_attacked(k, self.turn) {
                return Err(FenError::OppositeCheck);
            }
        }
        Ok(())
    }

    /// The position's FEN.
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        self.write_fen(&mut s);
        s
    }

    /// Appends the FEN to `out`.
    pub fn write_fen(&self, out: &mut String) {
        let rules = self.rules;
        let geo = &rules.geometry;
        for r in (0..geo.ranks()).rev() {
            let mut empty = 0u32;
            for f in 0..geo.files() {
                if Square::new(f, r).is_some_and(|sq| !geo.contains(sq)) {
                    if empty > 0 {
                        push_number(empty, out);
                        empty = 0;
                    }
                    out.push('*');
                    continue;
                }
                let piece = Square::new(f, r).and_then(|sq| self.piece_at(sq));
                match piece {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            push_number(empty, out);
                            empty = 0;
                        }
                        out.push(rules.letter(p.role, p.color));
                    }
                }
            }
            if empty > 0 {
                push_number(empty, out);
            }
            if r > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        if matches!(rules.castling, CastlingRule::Gast(_)) {
            self.write_gast_castling(out);
        } else {
            self.write_castling(out);
        }
        out.push(' ');
        match self.ep.filter(|_| self.has_legal_ep()) {
            Some(sq) => geo.push_square_name(sq, out),
            None => out.push('-'),
        }
        // Digits by hand: `view` writes a FEN a ply, and the formatter cost
        // more than the rest of it.
        out.push(' ');
        push_number(self.halfmoves, out);
        out.push(' ');
        push_number(self.fullmoves, out);
        if !rules.promotion_stages.is_empty() {
            out.push(' ');
            push_number(u32::from(self.promotions.white), out);
            out.push('/');
            push_number(u32::from(self.promotions.black), out);
        }
    }

    /// Gast's castling field: files of the pieces that keep the right.
    fn write_gast_castling(&self, out: &mut String) {
        let start = out.len();
        for color in Color::ALL {
            for sq in self.castling[color] {
                let l = self.rules.geometry.file_letter(sq.file());
                out.push(match color {
                    Color::White => l.to_ascii_uppercase(),
                    Color::Black => l,
                });
            }
        }
        if out.len() == start {
            out.push('-');
        }
    }

    /// X-FEN castling as python-chess writes it: `KQkq` for the outermost
    /// rooks, the rook's file letter otherwise.
    fn write_castling(&self, out: &mut String) {
        let start = out.len();
        for color in Color::ALL {
            let Some(king) = self.kings[color] else {
                continue;
            };
            let back = self.rules.back_rank(color);
            let rooks: Vec<Square> = self.castling[color].into_iter().collect();
            for &rook in rooks.iter().rev() {
                let a_side = rook.file() < king.file();
                let others = (0..self.rules.geometry.files())
                    .filter_map(|f| Square::new(f, back))
                    .filter(|&sq| sq != rook && self.is_castling_rook(sq, color));
                let mut ch = if others
                    .into_iter()
                    .any(|o| (o.file() < rook.file()) == a_side)
                {
                    self.rules.geometry.file_letter(rook.file())
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
}

/// Appends `n` in decimal (the formatter's machinery costs more than the
/// rest of a FEN; FIDE chess's FEN writer uses it too).
pub(crate) fn push_number(mut n: u32, out: &mut String) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

/// A square's name on `geo`, also for a hole (named as its grid cell).
fn geo_name(geo: &super::geometry::Geometry, sq: Square) -> String {
    let mut s = String::new();
    geo.push_square_name(sq, &mut s);
    s
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    /// issue_14_fen_rejects_trailing_text: every game with a chess-like FEN
    /// (Chess, Chess960, Gast, Squirrel...) reads its start FEN and refuses
    /// it with text after the last field, which used to be ignored.
    #[test]
    fn issue_14_fen_rejects_trailing_text() {
        let mut games = 0;
        for variant in Variant::ALL {
            let Some(rules) = variant.rules() else {
                continue;
            };
            games += 1;
            let fen = &rules.start_fen;
            assert!(Position::from_fen(rules, fen).is_ok(), "{variant:?}: {fen}");
            let junk = format!("{fen} junk junk");
            assert_eq!(
                Position::from_fen(rules, &junk).err(),
                Some(FenError::TrailingText("junk".into())),
                "{variant:?}: {junk}"
            );
        }
        assert!(games >= 4, "Chess, Chess960, Gast and Squirrel at least");
    }
}
