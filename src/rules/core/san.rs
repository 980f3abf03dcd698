//! Writing moves: SAN (with the least disambiguation, as python-chess writes
//! it), long algebraic (`Ng1-f3`) and UCI (`g1f3`).

use super::game::{CastlingRule, GameRules};
use super::moves::{CastleSide, Move, MoveList};
use super::position::Position;
use super::square::Square;

impl Position {
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

    /// The move in SAN, without a check mark.
    pub fn san(&self, m: &Move) -> String {
        let mut out = String::with_capacity(8);
        self.write_san(m, &mut out);
        out
    }

    /// Appends the move in SAN (no check mark) to `out`.
    pub fn write_san(&self, m: &Move, out: &mut String) {
        let rivals = || {
            let mut others = MoveList::new();
            let mut mover = None;
            if let Move::Normal { role, from, to, .. } = *m {
                self.moves_to(role, to, &mut others);
                mover = Some(from);
            }
            others
                .into_iter()
                .map(|o| o.from())
                .filter(move |&o| Some(o) != mover)
        };
        self.rules.write_san_given(m, rivals, out);
    }

    /// The move in long algebraic notation: `Ng1-f3`, `e4xd5`, `e7-e8=Q`, `O-O`.
    pub fn lan(&self, m: &Move) -> String {
        self.rules.lan(m)
    }

    /// The move in UCI form (`e2e4`, `e7e8q`; castling as king to its
    /// destination, or king takes rook in Chess960).
    pub fn uci(&self, m: &Move) -> String {
        self.rules.uci(m)
    }
}

/// Writing moves needs the game's letters and board only, so every
/// position type of the chess-like games writes them here.
impl GameRules {
    /// Appends the move in SAN (no check mark) to `out`, given the
    /// origins of the other pieces of the mover's kind that can legally
    /// go to its target (asked only for a piece move): the one rule of
    /// disambiguation for every position that plays these games.
    pub(crate) fn write_san_given<I: IntoIterator<Item = Square>>(
        &self,
        m: &Move,
        rivals: impl FnOnce() -> I,
        out: &mut String,
    ) {
        let rules = self;
        let geo = &rules.geometry;
        match *m {
            // Gast: the king's move names the form (N4).
            Move::Castle { king_to, .. } if matches!(rules.castling, CastlingRule::Gast(_)) => {
                out.push('K');
                geo.push_square_name(king_to, out);
            }
            Move::Castle { side, .. } => out.push_str(match side {
                CastleSide::Short => "O-O",
                CastleSide::Long => "O-O-O",
            }),
            Move::EnPassant { from, to, .. } => {
                out.push(geo.file_letter(from.file()));
                out.push('x');
                geo.push_square_name(to, out);
            }
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                if rules.is_pawn(role) {
                    // A pawn that can step back (Squirrel, S9) may share its
                    // target with another pawn of its file without either
                    // capturing: then the origin square is named (`e4e3`),
                    // as SAN names a piece's when file and rank are needed.
                    let (mut any, mut file_clash) = (false, false);
                    for r in rivals() {
                        any = true;
                        file_clash |= r.file() == from.file();
                    }
                    if capture.is_some() || any {
                        out.push(geo.file_letter(from.file()));
                    }
                    if file_clash {
                        let name = geo.square_name(from);
                        out.push_str(&name[1..]);
                    }
                    if capture.is_some() {
                        out.push('x');
                    }
                } else {
                    out.push(rules.piece(role).letter as char);
                    let (mut any, mut file_clash, mut rank_clash) = (false, false, false);
                    for r in rivals() {
                        any = true;
                        file_clash |= r.file() == from.file();
                        rank_clash |= r.rank() == from.rank();
                    }
                    if any {
                        if !file_clash {
                            out.push(geo.file_letter(from.file()));
                        } else if !rank_clash {
                            let name = geo.square_name(from);
                            out.push_str(&name[1..]);
                        } else {
                            geo.push_square_name(from, out);
                        }
                    }
                    if capture.is_some() {
                        out.push('x');
                    }
                }
                geo.push_square_name(to, out);
                if let Some(p) = promotion {
                    out.push('=');
                    out.push(rules.piece(p).letter as char);
                }
            }
        }
    }

    /// The move in long algebraic notation: `Ng1-f3`, `e4xd5`, `e7-e8=Q`, `O-O`.
    pub fn lan(&self, m: &Move) -> String {
        let mut out = String::with_capacity(10);
        self.write_lan(m, &mut out);
        out
    }

    /// Appends [`lan`](Self::lan) to `out` (no string per move).
    pub fn write_lan(&self, m: &Move, out: &mut String) {
        let rules = self;
        let geo = &rules.geometry;
        match *m {
            Move::Castle { king, king_to, .. }
                if matches!(rules.castling, CastlingRule::Gast(_)) =>
            {
                out.push('K');
                geo.push_square_name(king, out);
                out.push('-');
                geo.push_square_name(king_to, out);
            }
            Move::Castle { side, .. } => out.push_str(match side {
                CastleSide::Short => "O-O",
                CastleSide::Long => "O-O-O",
            }),
            Move::EnPassant { from, to, .. } => {
                geo.push_square_name(from, out);
                out.push('x');
                geo.push_square_name(to, out);
            }
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                if !rules.is_pawn(role) {
                    out.push(rules.piece(role).letter as char);
                }
                geo.push_square_name(from, out);
                out.push(if capture.is_some() { 'x' } else { '-' });
                geo.push_square_name(to, out);
                if let Some(p) = promotion {
                    out.push('=');
                    out.push(rules.piece(p).letter as char);
                }
            }
        }
    }

    /// The move in UCI form (`e2e4`, `e7e8q`; castling as king to its
    /// destination, or king takes rook in Chess960).
    pub fn uci(&self, m: &Move) -> String {
        let mut out = String::with_capacity(6);
        self.write_uci(m, &mut out);
        out
    }

    /// Appends [`uci`](Self::uci) to `out` (no string per move).
    pub fn write_uci(&self, m: &Move, out: &mut String) {
        let rules = self;
        let geo = &rules.geometry;
        match *m {
            Move::Castle {
                king,
                rook,
                king_to,
                ..
            } => {
                geo.push_square_name(king, out);
                geo.push_square_name(if rules.chess960 { rook } else { king_to }, out);
            }
            _ => {
                geo.push_square_name(m.from(), out);
                geo.push_square_name(m.to(), out);
                if let Some(p) = m.promotion() {
                    out.push(rules.piece(p).letter.to_ascii_lowercase() as char);
                }
            }
        }
    }
}
