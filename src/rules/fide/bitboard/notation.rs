//! Writing positions and moves: FEN, SAN, LAN and UCI, byte for byte the
//! core's.

use super::*;
use crate::rules::core::fen::push_number;

impl BitPosition {
    // ------------------------------------------------------------ notation

    /// The position's FEN, byte for byte the core's.
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        self.write_fen(&mut s);
        s
    }

    /// What stands on each square, a1 first: 0 for nothing, else 1 + the
    /// role (P N B R Q K) for White and 7 + the role for Black. One pass
    /// over the piece bitboards (`xpgn view` compares two boards by these).
    pub fn board_codes(&self, codes: &mut [u8; 64]) {
        *codes = [0; 64];
        for c in Color::ALL {
            for role in 0..6 {
                let code = (1 + role + 6 * c.index()) as u8;
                for s in squares(self.pieces(c, role)) {
                    codes[s & 63] = code;
                }
            }
        }
    }

    /// The code of what stands on square `s` (a1 = 0), as in
    /// [`board_codes`](Self::board_codes): `xpgn view` reads only the
    /// squares a move changed.
    #[inline]
    pub fn code_at(&self, s: usize) -> u8 {
        let b = bit(s & 63);
        let white = u8::from(self.by_color[0] & b != 0);
        let black = u8::from(self.by_color[1] & b != 0);
        if white | black == 0 {
            return 0;
        }
        let mut role = 0;
        for (r, &bb) in self.by_role.iter().enumerate() {
            if bb & b != 0 {
                role = r as u8;
                break;
            }
        }
        1 + role + 6 * black
    }

    /// The en-passant square as FEN writes it (a1 = 0): only when a
    /// capture there is legal.
    #[inline]
    pub fn fen_ep(&self) -> Option<u8> {
        self.ep.filter(|_| self.has_legal_ep())
    }

    /// The rooks that keep a castling right, a bit each (a1 = bit 0).
    /// FEN's castling field is written from them, both sides' rooks on
    /// their back ranks and the kings: it is `-` when this is zero, and
    /// the same as before a move that leaves the rights and both back
    /// ranks alone.
    #[inline]
    pub fn castling_bits(&self) -> u64 {
        self.castling
    }

    /// Appends FEN's castling field (X-FEN, as python-chess writes it).
    pub fn write_fen_castling(&self, out: &mut String) {
        self.write_castling(out);
    }

    /// Appends the FEN to `out`.
    pub fn write_fen(&self, out: &mut String) {
        let mut codes = [0u8; 64];
        self.board_codes(&mut codes);
        self.write_fen_from(&codes, out);
    }

    /// [`write_fen`](Self::write_fen) given the position's
    /// [`board_codes`](Self::board_codes), for a caller that has them.
    pub fn write_fen_from(&self, codes: &[u8; 64], out: &mut String) {
        // The board as codes: one pass over the bitboards, where asking
        // each square for its piece searched them 64 times; each rank's
        // pieces found from the occupancy, a bit each.
        const CHARS: &[u8; 16] = b" PNBRQKpnbrqk???";
        let occupied = self.occupied();
        let mut buf = [0u8; 72];
        let mut n = 0;
        for r in (0..8).rev() {
            let mut row = (occupied >> (r * 8)) & 0xff;
            let mut next = 0;
            while row != 0 {
                let f = row.trailing_zeros() as usize;
                row &= row - 1;
                if f > next {
                    buf[n] = b'0' + (f - next) as u8;
                    n += 1;
                }
                buf[n] = CHARS[usize::from(codes[(r * 8 + f) & 63]) & 15];
                n += 1;
                next = f + 1;
            }
            if next < 8 {
                buf[n] = b'0' + (8 - next) as u8;
                n += 1;
            }
            if r > 0 {
                buf[n] = b'/';
                n += 1;
            }
        }
        // Every byte of `buf[..n]` is ASCII.
        out.push_str(std::str::from_utf8(&buf[..n]).unwrap_or_default());
        out.push(' ');
        self.write_fen_tail(out);
    }

    /// Appends the FEN's fields after the piece placement: side to move,
    /// castling, en passant square and the two clocks (`xpgn view` writes
    /// the placement from the board's codes, rank by rank).
    pub fn write_fen_tail(&self, out: &mut String) {
        out.push(self.turn.char());
        out.push(' ');
        self.write_castling(out);
        out.push(' ');
        match self.ep.filter(|_| self.has_legal_ep()) {
            Some(e) => push_square(e as usize, out),
            None => out.push('-'),
        }
        out.push(' ');
        push_number(self.halfmoves, out);
        out.push(' ');
        push_number(self.fullmoves, out);
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

    /// [`write_san`](Self::write_san), told whether no other legal move
    /// of the mover's kind reaches its target (`sole`: the verifier
    /// resolved the move from a written move that named no origin, so the
    /// resolver saw every candidate and kept one). Then, and for every
    /// pawn move (a FIDE pawn never needs its origin beyond the file of a
    /// capture), no rival is looked for and the bytes are written here;
    /// castling, en passant and a piece move not known to be sole go to
    /// `write_san`. `tests/san_sole.rs` holds the two to the same text.
    #[inline]
    pub fn write_san_sole(&self, m: &Move, sole: bool, out: &mut String) {
        let Move::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        } = *m
        else {
            return self.write_san(m, out);
        };
        let rules = self.rules;
        let pawn = rules.is_pawn(role);
        if !pawn && !sole {
            return self.write_san(m, out);
        }
        let geo = &rules.geometry;
        if !pawn {
            out.push(char::from(rules.piece(role).letter));
        } else if capture.is_some() {
            out.push(geo.file_letter(from.file()));
        }
        if capture.is_some() {
            out.push('x');
        }
        push_square16(geo, to, out);
        if let Some(p) = promotion {
            out.push('=');
            out.push(char::from(rules.piece(p).letter));
        }
    }

    /// The core's `write_lan` for a normal move, written here without the
    /// general board's square names (an 8x8 rank is one digit); castling
    /// and en passant go to the core's. `tests/san_sole.rs` holds the two
    /// to the same text.
    #[inline]
    pub fn write_lan_fast(&self, m: &Move, out: &mut String) {
        let Move::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        } = *m
        else {
            return self.rules.write_lan(m, out);
        };
        let rules = self.rules;
        let geo = &rules.geometry;
        if !rules.is_pawn(role) {
            out.push(char::from(rules.piece(role).letter));
        }
        push_square16(geo, from, out);
        out.push(if capture.is_some() { 'x' } else { '-' });
        push_square16(geo, to, out);
        if let Some(p) = promotion {
            out.push('=');
            out.push(char::from(rules.piece(p).letter));
        }
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

/// A core square of the 8x8 board by the game's file letters: its rank
/// is one digit.
#[inline]
fn push_square16(geo: &crate::rules::core::Geometry, s: Square, out: &mut String) {
    out.push(geo.file_letter(s.file()));
    out.push(char::from(b'1' + (s.rank() & 7)));
}

fn push_square(s: usize, out: &mut String) {
    out.push((b'a' + (s % 8) as u8) as char);
    out.push((b'1' + (s / 8) as u8) as char);
}
