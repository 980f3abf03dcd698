//! SAN and long notation of the lichess variants, and written moves
//! resolved to legal ones with the variant's rule named when they are not.

use super::{KING, KNIGHT, LETTERS, LichessPosition, Move, MoveKind, PAWN, bit, squares};
use crate::rules::Variant;
use crate::rules::core::bitboard::Bitboard;
use crate::rules::position::{DrawState, GamePosition, Outcome, Rejection, RejectionKind};
use crate::written::{Action, CastleSide, Grammar, MoveToken, PieceMove};

fn push_square(s: usize, out: &mut String) {
    out.push((b'a' + (s % 8) as u8) as char);
    out.push((b'1' + (s / 8) as u8) as char);
}

impl LichessPosition {
    /// Appends the move in UCI form as python-chess's `Move.uci()` and
    /// Fairy-Stockfish write it: `e2e4`, `e7e8q` (Antichess `e7e8k`),
    /// castling as the king's move (`e1g1`), drops `P@e4`.
    pub fn write_uci(&self, m: &Move, out: &mut String) {
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        match m.kind {
            MoveKind::Drop => {
                out.push(LETTERS[usize::from(m.role)] as char);
                out.push('@');
                push_square(to, out);
            }
            MoveKind::Castle => {
                push_square(from, out);
                push_square(m.king_to(), out);
            }
            MoveKind::Normal | MoveKind::EnPassant => {
                push_square(from, out);
                push_square(to, out);
                if let Some(p) = m.promotion {
                    out.push(LETTERS[usize::from(p)].to_ascii_lowercase() as char);
                }
            }
        }
    }

    /// The move in SAN without a check mark, as python-chess writes it;
    /// pawn drops as lichess writes them (`P@e4`; python-chess `@e4`).
    pub fn san(&self, m: &Move) -> String {
        let mut out = String::with_capacity(8);
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        match m.kind {
            MoveKind::Drop => {
                out.push(LETTERS[usize::from(m.role)] as char);
                out.push('@');
                push_square(to, &mut out);
                return out;
            }
            MoveKind::Castle => {
                out.push_str(if to < from { "O-O-O" } else { "O-O" });
                return out;
            }
            _ => {}
        }
        let role = usize::from(m.role);
        if role == PAWN {
            if m.capture {
                out.push((b'a' + (from % 8) as u8) as char);
            }
        } else {
            out.push(LETTERS[role] as char);
            let others = if self.may_have_rival(m) {
                self.rivals(m)
            } else {
                0
            };
            if others != 0 {
                let rank_mask = 0xFFu64 << (from & !7);
                let file_mask = 0x0101_0101_0101_0101u64 << (from % 8);
                let mut column = others & rank_mask != 0;
                let row = others & file_mask != 0;
                if !row {
                    column = true;
                }
                if column {
                    out.push((b'a' + (from % 8) as u8) as char);
                }
                if row {
                    out.push((b'1' + (from / 8) as u8) as char);
                }
            }
        }
        if m.capture {
            out.push('x');
        }
        push_square(to, &mut out);
        if let Some(p) = m.promotion {
            out.push('=');
            out.push(LETTERS[usize::from(p)] as char);
        }
        out
    }

    /// The squares of the other pieces of `m`'s kind that have a legal
    /// move to its target (SAN's disambiguation), from the legal moves.
    pub(super) fn rivals(&self, m: &Move) -> Bitboard {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        legal
            .iter()
            .filter(|o| {
                o.kind == MoveKind::Normal && o.role == m.role && o.to == m.to && o.from != m.from
            })
            .fold(0, |acc, o| acc | bit(usize::from(o.from)))
    }

    /// Whether another piece of `m`'s kind and side reaches `m`'s target
    /// at all (a piece's moves are its attacks, which are symmetric with
    /// the same blockers): when none does, no legal move can be a rival,
    /// and the legal moves (most of a lichess SAN's cost) are not made.
    pub(super) fn may_have_rival(&self, m: &Move) -> bool {
        let (role, to) = (usize::from(m.role), usize::from(m.to));
        let same = self.pieces(self.turn, role) & !bit(usize::from(m.from));
        same != 0 && Self::attacks_from(role, self.turn, to, self.occupied()) & same != 0
    }

    /// SAN with python-chess's mark: `#` for mate or a move that ends the
    /// game by the variant's goal, `+` for check.
    pub fn san_plus(&self, m: &Move) -> String {
        let mut s = self.san(m);
        let mut after = *self;
        after.play_unchecked(m);
        let check = after.is_check();
        let ended = after.variant_end() || (check && !after.has_legal_move());
        if ended {
            s.push('#');
        } else if check {
            s.push('+');
        }
        s
    }

    /// The move in long notation: `Ng1-f3`, `e4xd5`, `e7-e8=Q`, `O-O`,
    /// `N@f3`.
    pub fn lan(&self, m: &Move) -> String {
        let mut out = String::with_capacity(10);
        let role = usize::from(m.role);
        match m.kind {
            MoveKind::Drop | MoveKind::Castle => return self.san(m),
            _ => {}
        }
        if role != PAWN {
            out.push(LETTERS[role] as char);
        }
        push_square(usize::from(m.from), &mut out);
        out.push(if m.capture { 'x' } else { '-' });
        push_square(usize::from(m.to), &mut out);
        if let Some(p) = m.promotion {
            out.push('=');
            out.push(LETTERS[usize::from(p)] as char);
        }
        out
    }

    /// Whether move `m` is what `pm` writes.
    pub(super) fn written_as(m: &Move, pm: &PieceMove) -> bool {
        let to = usize::from(pm.to.rank) * 8 + usize::from(pm.to.file);
        let from = usize::from(m.from);
        let origin_given = pm.from_file.is_some() && pm.from_rank.is_some();
        let role_ok = match pm.piece {
            Some(l) => role_of(l) == Some(usize::from(m.role)),
            None => origin_given || usize::from(m.role) == PAWN,
        };
        let target_ok = match m.kind {
            MoveKind::Castle => to == m.king_to() && origin_given,
            MoveKind::Drop => false,
            _ => to == usize::from(m.to),
        };
        role_ok
            && target_ok
            && pm.from_file.is_none_or(|f| usize::from(f) == from % 8)
            && pm.from_rank.is_none_or(|r| usize::from(r) == from / 8)
            && pm.promotion.map(|p| role_of(p).map(|i| i as u8)) == m.promotion.map(Some)
    }

    /// The role of a piece move written with a piece letter other than a
    /// pawn's, if any.
    fn piece_role(&self, action: &Action) -> Option<usize> {
        let Action::Piece(pm) = action else {
            return None;
        };
        let letter = pm.piece?;
        role_of(letter).filter(|&r| (KNIGHT..=KING).contains(&r))
    }

    /// The board moves of `role` to the square `pm` names (and castling,
    /// for the king), appended to `out`.
    pub(super) fn moves_to(&self, role: usize, pm: &PieceMove, out: &mut Vec<Move>) {
        let to = usize::from(pm.to.rank) * 8 + usize::from(pm.to.file);
        let us = self.turn;
        let occ = self.occupied();
        let capture = self.by_color[(!us).index()] & bit(to) != 0;
        if to < 64 && self.by_color[us.index()] & bit(to) == 0 {
            // Each of these pieces moves as it attacks, both ways alike.
            for from in squares(Self::attacks_from(role, us, to, occ) & self.pieces(us, role)) {
                out.push(Move {
                    kind: MoveKind::Normal,
                    role: role as u8,
                    from: from as u8,
                    to: to as u8,
                    promotion: None,
                    capture,
                });
            }
        }
        if role == KING {
            self.castling_moves(out);
        }
    }

    /// The legal move a token names, or why there is none.
    ///
    /// # Errors
    /// A [`Rejection`] naming the variant's rule when the move breaks it.
    pub fn resolve_token(
        &self,
        token: &MoveToken,
        legal: &mut Vec<Move>,
    ) -> Result<Move, Rejection> {
        let Some(action) = token.first().filter(|_| token.is_single()) else {
            return Err(Rejection::new(
                RejectionKind::Malformed,
                format!("{} has one action per turn", self.variant),
            ));
        };
        let matches = |m: &Move| match action {
            Action::Piece(pm) => Self::written_as(m, pm),
            Action::Castle(side) => {
                m.kind == MoveKind::Castle && (m.to < m.from) == matches!(side, CastleSide::Queen)
            }
            Action::Drop { piece, to } => {
                m.kind == MoveKind::Drop
                    && LETTERS[usize::from(m.role)] == *piece
                    && usize::from(m.to) == usize::from(to.rank) * 8 + usize::from(to.file)
            }
            _ => false,
        };
        if let Action::Drop { .. } = action {
            if self.variant != Variant::Crazyhouse {
                return Err(Rejection::new(
                    RejectionKind::Malformed,
                    format!("drops belong to Crazyhouse, not {}", self.variant),
                ));
            }
        }
        if !matches!(
            action,
            Action::Piece(_) | Action::Castle(_) | Action::Drop { .. }
        ) {
            return Err(Rejection::new(
                RejectionKind::Malformed,
                format!("{} has no such action", self.variant),
            ));
        }
        // The written move's candidates first, then legality for those
        // alone: the answer of filtering `legal_moves`, without playing
        // every move (lichess_resolving_a_move_agrees_with_the_legal_move_list).
        legal.clear();
        let mut every_board_move = false;
        if !self.variant_end() {
            // Only drops fit a drop; a piece's move to a square comes from
            // the squares that piece would attack from there; the rest from
            // all board moves.
            match (action, self.piece_role(action)) {
                (Action::Drop { .. }, _) => self.drop_moves(legal),
                (Action::Castle(_), _) => self.castling_moves(legal),
                (Action::Piece(pm), Some(role)) => self.moves_to(role, pm, legal),
                (Action::Piece(pm), None)
                    if pm.piece.is_none() && (pm.from_file.is_none() || pm.from_rank.is_none()) =>
                {
                    // A pawn's move: `written_as` takes no other piece.
                    let to = usize::from(pm.to.rank) * 8 + usize::from(pm.to.file);
                    if to < 64 {
                        self.pawn_moves_to(to, legal);
                    }
                }
                _ => {
                    self.board_moves(legal);
                    every_board_move = true;
                }
            }
        }
        let captures_only = self.variant == Variant::Antichess
            && if every_board_move {
                legal.iter().any(|m| m.capture)
            } else {
                self.has_capture()
            };
        let legality = self.legality();
        let mut found = legal.iter().filter(|m| {
            matches(m) && (!captures_only || m.capture) && self.is_legal_with(&legality, m)
        });
        match (found.next(), found.next()) {
            (Some(m), None) => return Ok(*m),
            (Some(_), Some(_)) => {
                return Err(Rejection::new(
                    RejectionKind::Ambiguous,
                    "several legal moves fit what is written",
                ));
            }
            _ => {}
        }
        if let Some(o) = self.variant_outcome_now() {
            return Err(Rejection::new(
                RejectionKind::Illegal,
                format!("the game is over ({}) in {}", o.reason, self.variant),
            ));
        }
        let mut pseudo = Vec::new();
        self.pseudo_moves(&mut pseudo);
        let reason = pseudo
            .iter()
            .filter(|m| matches(m))
            .find_map(|m| self.illegal_reason(m));
        let rejection = match reason {
            Some(r) => Rejection::new(RejectionKind::Illegal, r).with_rule(format!(
                "{} (docs/rules.md, lichess variants)",
                self.variant
            )),
            None => {
                let what = match action {
                    Action::Drop { piece, .. } => {
                        let role = LETTERS.iter().position(|l| l == piece).unwrap_or(KING);
                        if self.pocket(self.turn, role) == 0 {
                            format!("there is no {} in the pocket", *piece as char)
                        } else {
                            "the piece cannot be dropped there".into()
                        }
                    }
                    _ => "no piece can make this move".into(),
                };
                Rejection::new(RejectionKind::Illegal, what)
            }
        };
        let written = action_text(action);
        Err(rejection.with_suggestions(GamePosition::suggestions(self, &written)))
    }

    fn variant_outcome_now(&self) -> Option<Outcome> {
        if self.variant_end() {
            self.outcome()
        } else {
            None
        }
    }
}

impl GamePosition for LichessPosition {
    type Move = Move;

    fn setup(variant: Variant, fen: Option<&str>) -> Result<LichessPosition, String> {
        LichessPosition::from_fen(variant, fen)
    }

    fn variant(&self) -> Variant {
        self.variant
    }

    fn fen(&self) -> String {
        LichessPosition::fen(self)
    }

    fn write_fen(&self, out: &mut String) {
        LichessPosition::write_fen(self, out);
    }

    fn turn(&self) -> crate::rules::core::Color {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        LichessPosition::legal_moves(self, out);
    }

    fn won_by_goal(&self) -> bool {
        self.is_won()
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

    fn write_uci(&self, m: &Move, out: &mut String) {
        self.write_uci(m, out);
    }

    fn grammar(&self) -> Grammar {
        self.variant.grammar()
    }

    fn is_check(&self) -> bool {
        LichessPosition::is_check(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        LichessPosition::outcome(self)
    }

    fn perft(&self, depth: u32) -> u64 {
        LichessPosition::perft(self, depth)
    }

    fn fullmoves(&self, _plies_played: u32) -> u32 {
        self.fullmoves
    }

    fn draw_state(&self) -> Option<DrawState> {
        let clock = self.has_move_clock_rules();
        Some(DrawState {
            key: self.repetition_key(),
            // Crazyhouse has no fifty-move rule, and no move makes earlier
            // positions unrepeatable: captured pieces come back as drops.
            halfmoves: if clock { self.halfmoves } else { 0 },
            irreversible: clock,
            ruling: "python-chess's lichess variants (docs/rules.md)",
            claim_halfmoves: 100,
        })
    }

    fn end_rule(&self) -> &'static str {
        "the variant's goal as lichess plays it (docs/rules.md, lichess variants), then checkmate or stalemate"
    }
}

/// The role a piece letter names (`P` pawn .. `K` king).
#[inline]
pub(super) fn role_of(letter: u8) -> Option<usize> {
    match letter {
        b'P' => Some(PAWN),
        b'N' => Some(KNIGHT),
        b'B' => Some(super::BISHOP),
        b'R' => Some(super::ROOK),
        b'Q' => Some(super::QUEEN),
        b'K' => Some(KING),
        _ => None,
    }
}

/// A piece move or drop as written, in the 8x8 coordinates (for "did you
/// mean"): `Nbxd2`, `e8=Q`, `N@f3`.
fn action_text(action: &Action) -> String {
    let square = |c: crate::written::Coord| {
        format!(
            "{}{}",
            char::from(b'a'.saturating_add(c.file)),
            u32::from(c.rank) + 1
        )
    };
    match action {
        Action::Piece(pm) => {
            let mut s = String::new();
            if let Some(p) = pm.piece {
                s.push(char::from(p));
            }
            if let Some(f) = pm.from_file {
                s.push(char::from(b'a'.saturating_add(f)));
            }
            if let Some(r) = pm.from_rank {
                s.push_str(&(u32::from(r) + 1).to_string());
            }
            if pm.capture {
                s.push('x');
            }
            s.push_str(&square(pm.to));
            if let Some(p) = pm.promotion {
                s.push('=');
                s.push(char::from(p));
            }
            s
        }
        Action::Drop { piece, to } => format!("{}@{}", char::from(*piece), square(*to)),
        Action::Castle(CastleSide::King) => "O-O".into(),
        Action::Castle(CastleSide::Queen) => "O-O-O".into(),
        _ => String::new(),
    }
}
