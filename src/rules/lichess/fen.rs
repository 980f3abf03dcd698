//! FEN of the lichess variants as python-chess reads and prints it:
//! Crazyhouse pockets `[QRp]` (or lichess's ninth rank `/QRp`) and `~`
//! after promoted pieces; Three-check's remaining checks `3+3` before the
//! clocks, or lichess's checks given `+0+0` after them.

use super::{
    Bitboard, KING, Known, LETTERS, LichessPosition, PAWN, RANK_1, RANK_8, ROOK, attacks, bit,
    squares,
};
use crate::rules::Variant;
use crate::rules::core::Color;
use crate::rules::core::fen::push_number;

/// The start position of each variant, as python-chess writes it.
pub fn start_fen(variant: Variant) -> &'static str {
    match variant {
        Variant::Antichess => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        Variant::Crazyhouse => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        Variant::ThreeCheck => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        Variant::Horde => {
            "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
        }
        Variant::RacingKings => "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        _ => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    }
}

fn role_of(letter: u8) -> Option<usize> {
    LETTERS
        .iter()
        .position(|&l| l == letter.to_ascii_uppercase())
}

impl LichessPosition {
    /// Reads a FEN of `variant` (its start position when `fen` is `None`).
    ///
    /// # Errors
    /// What is wrong with the FEN, naming the field.
    pub fn from_fen(variant: Variant, fen: Option<&str>) -> Result<LichessPosition, String> {
        match fen {
            // Every game without a [FEN] starts here: read once.
            None => start_position(variant),
            Some(text) => Self::read_fen(variant, text),
        }
    }

    fn read_fen(variant: Variant, text: &str) -> Result<LichessPosition, String> {
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 2 {
            return Err("a FEN needs at least the board and the side to move".into());
        }
        let mut checks_left = [3u8, 3];
        // lichess: checks given, after the clocks ("+1+0").
        if fields.len() >= 7 && fields[6].starts_with('+') {
            let given = parse_pair(&fields[6][1..])
                .ok_or_else(|| format!("bad three-check counter '{}'", fields[6]))?;
            checks_left = [3u8.saturating_sub(given.0), 3u8.saturating_sub(given.1)];
            fields.remove(6);
        } else if fields.len() >= 5 && fields[4].contains('+') {
            checks_left = parse_pair(fields[4])
                .map(|(w, b)| [w, b])
                .ok_or_else(|| format!("bad three-check counter '{}'", fields[4]))?;
            fields.remove(4);
        }
        let mut pos = LichessPosition {
            variant,
            by_color: [0; 2],
            by_role: [0; 6],
            promoted: 0,
            turn: Color::White,
            castling: 0,
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
            pockets: [[0; 5]; 2],
            checks_left,
            known: Known::default(),
        };
        pos.read_board(fields[0])?;
        pos.turn = match fields[1] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            t => return Err(format!("side to move '{t}' is neither w nor b")),
        };
        if let Some(c) = fields.get(2) {
            pos.read_castling(c)?;
        }
        if let Some(&e) = fields.get(3).filter(|e| **e != "-") {
            let b = e.as_bytes();
            if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
                return Err(format!("en passant square '{e}' is not a square"));
            }
            pos.ep = Some((b[1] - b'1') * 8 + (b[0] - b'a'));
        }
        if let Some(h) = fields.get(4) {
            pos.halfmoves = h
                .parse()
                .map_err(|_| format!("half-move clock '{h}' is not a number"))?;
        }
        if let Some(n) = fields.get(5) {
            pos.fullmoves = n
                .parse::<u32>()
                .map_err(|_| format!("move number '{n}' is not a number"))?
                .max(1);
        }
        pos.check_material()?;
        Ok(pos)
    }

    fn read_board(&mut self, board: &str) -> Result<(), String> {
        let (mut placement, mut pocket) = (board, "");
        if let Some(open) = board.find('[') {
            let close = board
                .strip_suffix(']')
                .ok_or("a pocket opened with '[' must close with ']' at the end of the board")?;
            placement = &board[..open];
            pocket = &close[open + 1..];
        } else if board.matches('/').count() == 8 {
            // lichess writes the pockets as a ninth rank.
            let cut = board.rfind('/').unwrap_or(board.len());
            placement = &board[..cut];
            pocket = &board[cut + 1..];
        }
        if !pocket.is_empty() && self.variant != Variant::Crazyhouse {
            return Err(format!(
                "pockets are Crazyhouse's; {} has none",
                self.variant
            ));
        }
        for ch in pocket.bytes() {
            let role = role_of(ch)
                .filter(|&r| r != KING)
                .ok_or_else(|| format!("'{}' cannot be in a pocket", ch as char))?;
            let c = usize::from(ch.is_ascii_lowercase());
            self.pockets[c][role] = self.pockets[c][role].saturating_add(1);
        }
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 8 {
            return Err(format!("the board has {} ranks, not 8", ranks.len()));
        }
        for (i, rank) in ranks.iter().enumerate() {
            let r = 7 - i;
            let mut file = 0usize;
            for ch in rank.bytes() {
                match ch {
                    b'1'..=b'8' => file += usize::from(ch - b'0'),
                    b'~' => {
                        if file == 0 {
                            return Err("'~' must follow a piece".into());
                        }
                        self.promoted |= bit(r * 8 + file - 1);
                    }
                    _ => {
                        let role = role_of(ch)
                            .ok_or_else(|| format!("'{}' is not a piece", ch as char))?;
                        if file >= 8 {
                            return Err(format!("rank {} has more than 8 squares", r + 1));
                        }
                        let c = if ch.is_ascii_uppercase() {
                            Color::White
                        } else {
                            Color::Black
                        };
                        self.put(r * 8 + file, c, role);
                        file += 1;
                    }
                }
            }
            if file != 8 {
                return Err(format!("rank {} has {file} squares, not 8", r + 1));
            }
        }
        self.promoted &= self.occupied();
        Ok(())
    }

    fn read_castling(&mut self, field: &str) -> Result<(), String> {
        if field == "-" {
            return Ok(());
        }
        for ch in field.bytes() {
            self.castling |= match ch {
                b'K' => bit(7),
                b'Q' => bit(0),
                b'k' => bit(63),
                b'q' => bit(56),
                _ => {
                    return Err(format!(
                        "castling right '{}' is not one of KQkq",
                        ch as char
                    ));
                }
            };
        }
        self.castling &= self.clean_castling();
        Ok(())
    }

    /// The castling rooks whose king and rook still stand at home, as
    /// python-chess's `clean_castling_rights` keeps them.
    pub(super) fn clean_castling(&self) -> Bitboard {
        let mut ok = 0;
        for c in Color::ALL {
            let back = if c == Color::White { RANK_1 } else { RANK_8 };
            let king_home = if c == Color::White { 4 } else { 60 };
            if self.pieces(c, KING) & !self.promoted & bit(king_home) != 0 {
                ok |= self.pieces(c, ROOK) & back & (bit(king_home - 4) | bit(king_home + 3));
            }
        }
        self.castling & ok
    }

    /// Refuses what no game of the variant can hold.
    fn check_material(&self) -> Result<(), String> {
        if self.by_role[PAWN] & (RANK_1 | RANK_8) & !self.horde_first_rank() != 0 {
            return Err("a pawn stands on the first or last rank".into());
        }
        for c in Color::ALL {
            let kings = self.pieces(c, KING).count_ones();
            let need = match self.variant {
                Variant::Antichess => None,
                Variant::Horde if c == Color::White => Some(0),
                Variant::Atomic => None,
                _ => Some(1),
            };
            if need.is_some_and(|n| n != kings) {
                return Err(format!("{c:?} has {kings} kings in {}", self.variant));
            }
        }
        if self.variant != Variant::Antichess && self.king_attacked(!self.turn) {
            return Err("the side not to move is in check".into());
        }
        Ok(())
    }

    /// Horde: White's pawns may stand on the first rank.
    fn horde_first_rank(&self) -> u64 {
        if self.variant == Variant::Horde {
            self.pieces(Color::White, PAWN) & RANK_1
        } else {
            0
        }
    }

    /// The position in FEN, as python-chess's `Board.fen()` prints it.
    pub fn fen(&self) -> String {
        let mut out = String::with_capacity(80);
        self.write_fen(&mut out);
        out
    }

    /// Appends [`fen`](Self::fen) to `out`. The letters are laid out
    /// from the bitboards first (a square's colour and role looked up one
    /// by one were most of `view`'s FEN a ply), digits written by hand.
    pub fn write_fen(&self, out: &mut String) {
        let mut letters = [0u8; 64];
        for (role, &l) in LETTERS.iter().enumerate() {
            for s in squares(self.by_role[role] & self.by_color[0]) {
                letters[s] = l;
            }
            for s in squares(self.by_role[role] & self.by_color[1]) {
                letters[s] = l.to_ascii_lowercase();
            }
        }
        let promoted = if self.variant == Variant::Crazyhouse {
            self.promoted
        } else {
            0
        };
        for r in (0..8).rev() {
            let mut empty = 0u8;
            for (f, &l) in letters[r * 8..r * 8 + 8].iter().enumerate() {
                if l == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push((b'0' + empty) as char);
                    empty = 0;
                }
                out.push(l as char);
                if promoted & bit(r * 8 + f) != 0 {
                    out.push('~');
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if r > 0 {
                out.push('/');
            }
        }
        if self.variant == Variant::Crazyhouse {
            out.push('[');
            for c in 0..2 {
                for role in (0..5).rev() {
                    for _ in 0..self.pockets[c][role] {
                        let l = LETTERS[role];
                        out.push(if c == 0 { l } else { l.to_ascii_lowercase() } as char);
                    }
                }
            }
            out.push(']');
        }
        out.push_str(if self.turn == Color::White {
            " w "
        } else {
            " b "
        });
        let rights = self.clean_castling();
        let mut any = false;
        for (sq, l) in [(7, 'K'), (0, 'Q'), (63, 'k'), (56, 'q')] {
            if rights & bit(sq) != 0 {
                out.push(l);
                any = true;
            }
        }
        if !any {
            out.push('-');
        }
        out.push(' ');
        match self.legal_ep() {
            Some(e) => {
                out.push((b'a' + e % 8) as char);
                out.push((b'1' + e / 8) as char);
            }
            None => out.push('-'),
        }
        if self.variant == Variant::ThreeCheck {
            out.push(' ');
            push_number(u32::from(self.checks_left[0]), out);
            out.push('+');
            push_number(u32::from(self.checks_left[1]), out);
        }
        out.push(' ');
        push_number(self.halfmoves, out);
        out.push(' ');
        push_number(self.fullmoves, out);
    }

    /// The en passant square when a legal capture there exists (FEN
    /// prints no other, as python-chess's `en_passant="legal"`).
    #[inline]
    pub(super) fn legal_ep(&self) -> Option<u8> {
        // Asked for every repetition key: mostly no pawn has just passed.
        let e = self.ep?;
        self.legal_ep_of(e)
    }

    /// [`legal_ep`](Self::legal_ep) when a pawn passed `e`.
    fn legal_ep_of(&self, e: u8) -> Option<u8> {
        // Mostly no pawn of the side to move stands beside the one that
        // passed: answered without generating a move.
        let us = self.turn;
        if attacks::PAWN[(!us).index()][usize::from(e) & 63] & self.pieces(us, PAWN) == 0 {
            return None;
        }
        if self.variant_end() {
            return None;
        }
        // An en passant capture is a capture: Antichess's compulsory
        // capture never forbids it, so its own legality decides. The
        // captures are the ones `pawn_moves_from` lists: onto an empty
        // square, taking the pawn that passed it.
        let to = usize::from(e);
        let victim = match us {
            Color::White => to.wrapping_sub(8),
            Color::Black => to + 8,
        };
        let empty = to < 64 && self.occupied() & super::bit(to) == 0;
        if !empty || victim >= 64 || self.pieces(!us, super::PAWN) & super::bit(victim) == 0 {
            return None;
        }
        let not_last = match us {
            Color::White => !super::RANK_8,
            Color::Black => !super::RANK_1,
        };
        let pawns = self.pieces(us, super::PAWN) & not_last & attacks::PAWN[(!us).index()][to];
        squares(pawns)
            .any(|from| {
                self.is_legal_alone(&super::Move {
                    kind: super::MoveKind::EnPassant,
                    role: super::PAWN as u8,
                    from: from as u8,
                    to: e,
                    promotion: None,
                    capture: true,
                })
            })
            .then_some(e)
    }
}

fn parse_pair(s: &str) -> Option<(u8, u8)> {
    let (a, b) = s.split_once('+')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// The start position of `variant`, its FEN read once per variant.
fn start_position(variant: Variant) -> Result<LichessPosition, String> {
    use std::sync::OnceLock;
    static STARTS: OnceLock<Vec<(Variant, Result<LichessPosition, String>)>> = OnceLock::new();
    let starts = STARTS.get_or_init(|| {
        Variant::ALL
            .into_iter()
            .filter(|v| v.family() == crate::rules::variant::Family::Lichess)
            .map(|v| (v, LichessPosition::read_fen(v, start_fen(v))))
            .collect()
    });
    match starts.iter().find(|(v, _)| *v == variant) {
        Some((_, start)) => start.clone(),
        None => LichessPosition::read_fen(variant, start_fen(variant)),
    }
}
