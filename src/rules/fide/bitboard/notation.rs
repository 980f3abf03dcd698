//! Writing positions and moves: FEN, SAN, LAN and UCI, byte for byte the
//! core's.

use super::*;

impl BitPosition {
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
    pub(super) fn write_castling(&self, out: &mut String) {
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
}

fn push_square(s: usize, out: &mut String) {
    out.push((b'a' + (s % 8) as u8) as char);
    out.push((b'1' + (s / 8) as u8) as char);
}
