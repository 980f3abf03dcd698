//! Written moves against a chess-like position: which legal move a token
//! names, and when none does, why — in words a player understands ("Bc4: the
//! bishop on f1 is blocked by the pawn on e2").
//!
//! This is also where the core [`Position`] implements
//! [`GamePosition`].

use super::explain::Obstacle;
use super::geometry::Geometry;
use super::moves::{CastleSide, Move, MoveList};
use super::piece::Role;
use super::position::{Ending, Position};
use super::rule_text;
use super::square::Square;
use super::{ByColor, Color};
use crate::rules::Variant;
use crate::rules::position::{DrawState, GamePosition, Outcome, Rejection, RejectionKind};
use crate::rules::suggest::{join_and, join_or};
use crate::written::{Action, CastleSide as WrittenSide, Grammar, MoveToken, PieceMove};

impl Position {
    /// The legal move `token` names, or why there is none. `scratch` is
    /// reused from call to call; its contents mean nothing.
    pub fn resolve_token(
        &self,
        token: &MoveToken,
        scratch: &mut MoveList,
    ) -> Result<Move, Rejection> {
        if token.is_roadkill() {
            return Err(Rejection::new(
                RejectionKind::Malformed,
                "a '_' roadkill mark belongs to PASGL 312 records",
            ));
        }
        let action = match token.first() {
            Some(a) if token.is_single() => a,
            _ => {
                return Err(Rejection::new(
                    RejectionKind::Malformed,
                    "several actions in one turn belong to the Postal rule of the squares family",
                ));
            }
        };
        match action {
            Action::Piece(pm) => self.resolve_piece(pm, scratch),
            Action::Castle(side) => {
                let side = match side {
                    WrittenSide::King => CastleSide::Short,
                    WrittenSide::Queen => CastleSide::Long,
                };
                self.resolve_castle(side, scratch)
            }
            _ => Err(Rejection::new(
                RejectionKind::Malformed,
                format!("this action does not exist in {}", self.rules().name),
            )),
        }
    }

    /// The legal move one written action names, when exactly one does;
    /// `None` otherwise, and [`resolve_token`](Self::resolve_token) then
    /// explains. The verifier's per-move path for the core's games: the
    /// token is read once, as one action, and resolved as `resolve_token`
    /// resolves it.
    #[inline]
    pub fn resolve_action_quick(&self, action: &Action, scratch: &mut MoveList) -> Option<Move> {
        match action {
            Action::Piece(pm) => self.resolve_piece(pm, scratch).ok(),
            Action::Castle(side) => {
                let side = match side {
                    WrittenSide::King => CastleSide::Short,
                    WrittenSide::Queen => CastleSide::Long,
                };
                self.resolve_castle(side, scratch).ok()
            }
            _ => None,
        }
    }

    fn resolve_piece(&self, pm: &PieceMove, buf: &mut MoveList) -> Result<Move, Rejection> {
        let rules = self.rules();
        let geo = &rules.geometry;
        let Some(to) = Square::new(pm.to.file, pm.to.rank).filter(|&s| geo.contains(s)) else {
            return Err(Rejection::new(
                RejectionKind::Illegal,
                "the target square is not on the board",
            ));
        };
        // A move written with its full origin and no letter may be UCI or
        // long algebraic for any piece (python-chess reads `g1f3`).
        let from_sq = match (pm.from_file, pm.from_rank) {
            (Some(f), Some(r)) => Square::new(f, r).filter(|&s| geo.contains(s)),
            _ => None,
        };
        let unknown = |l: u8| {
            Rejection::new(
                RejectionKind::ImpossiblePiece,
                format!("'{}' is not a piece of {}", l as char, rules.name),
            )
        };
        let letter = pm.piece.unwrap_or(b'P');
        let role = match (pm.piece, from_sq.and_then(|s| self.piece_at(s))) {
            (None, Some(p)) if p.color == self.turn() => p.role,
            _ => rules
                .role_of_letter(letter)
                .ok_or_else(|| unknown(letter))?,
        };
        // UCI castling: the king "moves" two files, or onto its own rook.
        if rules.is_royal(role) && pm.piece.is_none() {
            if let Some(from) = from_sq {
                let df = to.file() as i16 - from.file() as i16;
                let onto_rook = self
                    .piece_at(to)
                    .is_some_and(|p| p.color == self.turn() && !rules.is_royal(p.role));
                if from.rank() == to.rank() && (df.abs() == 2 || onto_rook) {
                    buf.clear();
                    self.castling_moves(None, buf);
                    let found = buf.iter().copied().find(|m| match *m {
                        Move::Castle {
                            king,
                            rook,
                            king_to,
                            ..
                        } => king == from && (king_to == to || rook == to),
                        _ => false,
                    });
                    if let Some(m) = found {
                        return Ok(m);
                    }
                }
            }
        }
        let promotion = match pm.promotion {
            Some(l) => Some(rules.role_of_letter(l).ok_or_else(|| unknown(l))?),
            None => None,
        };
        // What the record wrote first, legality (an attack test) then only
        // for the moves that match it.
        self.pseudo_moves_to(role, to, buf);
        self.keep_legal_where(buf, |m| {
            let f = m.from();
            pm.from_file.is_none_or(|x| x == f.file())
                && pm.from_rank.is_none_or(|x| x == f.rank())
                && m.promotion() == promotion
        });
        match buf.len() {
            1 => Ok(buf[0]),
            0 => Err(self.explain_illegal(role, to, pm)),
            _ => {
                let froms: Vec<String> = buf.iter().map(|m| geo.square_name(m.from())).collect();
                let name = rules.piece(role).name;
                let all = if froms.len() == 2 { "both" } else { "all" };
                let msg = format!("{}s on {} can {all} go there", name, join_and(&froms));
                let help = buf
                    .iter()
                    .map(|m| format!("write {}", self.san(m)))
                    .collect();
                Err(Rejection::new(RejectionKind::Ambiguous, msg)
                    .with_rule("PGN 8.2.3 (SAN disambiguation)")
                    .with_suggestions(help))
            }
        }
    }

    #[cold]
    fn explain_illegal(&self, role: Role, to: Square, pm: &PieceMove) -> Rejection {
        let rules = self.rules();
        let geo = &rules.geometry;
        let piece = rules.piece(role);
        let side = self.turn().name();
        let sq = |s: Square| geo.square_name(s);
        let what = |s: Square| match self.piece_at(s) {
            Some(p) => format!("the {} on {}", rules.piece(p.role).name, sq(s)),
            None => sq(s),
        };
        let mut obstacles = self.obstacles(role, to);
        obstacles.retain(|o| {
            let from = o.from();
            pm.from_file.is_none_or(|x| x == from.file())
                && pm.from_rank.is_none_or(|x| x == from.rank())
        });
        // A piece that could get there but for one obstacle explains more
        // than one that never could.
        if obstacles
            .iter()
            .any(|o| !matches!(o, Obstacle::OutOfReach { .. }))
        {
            obstacles.retain(|o| !matches!(o, Obstacle::OutOfReach { .. }));
        }
        let has_any = self
            .occupied_by(self.turn())
            .into_iter()
            .any(|s| self.piece_at(s).is_some_and(|p| p.role == role));
        let written_promotion = pm.promotion.and_then(|l| rules.role_of_letter(l));
        let reason = if !has_any {
            format!("{side} has no {}", piece.name)
        } else if let Some(r) = self.gast_castling_reason_for(role, to) {
            r
        } else if let Some(r) = self.promotion_reason(role, to, written_promotion) {
            r
        } else if pm.promotion.is_none()
            && rules.is_pawn(role)
            && rules.promotion_zone[self.turn()].contains(to)
        {
            "a pawn reaching the last rank must promote (write e.g. =Q)".to_string()
        } else if obstacles.is_empty() {
            format!("no {} of {side} can go to {}", piece.name, sq(to))
        } else {
            let parts: Vec<String> = obstacles
                .iter()
                .take(3)
                .map(|o| match *o {
                    Obstacle::Blocked { from, at } => format!(
                        "the {} on {} is blocked by {}",
                        piece.name,
                        sq(from),
                        what(at)
                    ),
                    Obstacle::OwnPiece { from } => format!(
                        "the {} on {} cannot take {side}'s own piece on {}",
                        piece.name,
                        sq(from),
                        sq(to)
                    ),
                    Obstacle::NothingToCapture { from } => format!(
                        "the {} on {} moves there only to capture, and {} is empty",
                        piece.name,
                        sq(from),
                        sq(to)
                    ),
                    Obstacle::CannotCapture { from } => format!(
                        "the {} on {} cannot capture on {}",
                        piece.name,
                        sq(from),
                        sq(to)
                    ),
                    // A king is never pinned: it would stand in check.
                    Obstacle::KingExposed { from } if rules.is_royal(role) => format!(
                        "the {} on {} cannot go to {}: it would be in check there",
                        piece.name,
                        sq(from),
                        sq(to)
                    ),
                    Obstacle::KingExposed { from } => {
                        if self.is_check() {
                            format!(
                                "{side} is in check, and the {} on {} going there does not end it",
                                piece.name,
                                sq(from)
                            )
                        } else {
                            format!(
                                "the {} on {} is pinned: moving it would expose the king",
                                piece.name,
                                sq(from)
                            )
                        }
                    }
                    Obstacle::GuardZone { from, kind } => kind.describe(self, piece.name, from),
                    Obstacle::PawnReach { from, reach } => format!(
                        "the pawn on {} may move at most {reach} squares forward now",
                        sq(from)
                    ),
                    Obstacle::OutOfReach { from } => {
                        format!("the {} on {} cannot reach {}", piece.name, sq(from), sq(to))
                    }
                })
                .collect();
            parts.join("; ")
        };
        let king_exposed = obstacles
            .iter()
            .any(|o| matches!(o, Obstacle::KingExposed { .. }));
        let text = piece_move_text(pm, geo);
        let rule = if self.gast_castling_reason_for(role, to).is_some() {
            rule_text::castling(rules)
        } else {
            rule_text::for_piece(rules, role, king_exposed)
        };
        Rejection::new(RejectionKind::Illegal, reason)
            .with_rule(rule)
            .with_suggestions(self.suggestions(&text))
    }

    fn resolve_castle(&self, side: CastleSide, buf: &mut MoveList) -> Result<Move, Rejection> {
        buf.clear();
        self.castling_moves(Some(side), buf);
        if buf.len() > 1 {
            // Gast: O-O names the one form legal on that side (N4).
            let sans: Vec<String> = buf.iter().map(|m| self.san(m)).collect();
            let help = sans.iter().map(|s| format!("write {s}")).collect();
            return Err(Rejection::new(
                RejectionKind::Ambiguous,
                format!(
                    "several castling forms are legal on that side: {}",
                    join_or(&sans)
                ),
            )
            .with_rule("RULINGS N4: the king's move names the form")
            .with_suggestions(help));
        }
        if let Some(&m) = buf.first() {
            return Ok(m);
        }
        let text = match side {
            CastleSide::Short => "O-O",
            CastleSide::Long => "O-O-O",
        };
        Err(
            Rejection::new(RejectionKind::Illegal, self.castle_reason(side))
                .with_rule(rule_text::castling(self.rules()))
                .with_suggestions(self.suggestions(text)),
        )
    }

    #[cold]
    fn castle_reason(&self, side: CastleSide) -> String {
        if let Some(reason) = self
            .gast_castling_reason(side)
            .or_else(|| self.zone_castling_reason(side))
        {
            return reason;
        }
        let us = self.turn();
        let Some(king) = self.king(us) else {
            return format!("{} has no king", us.name());
        };
        let has_right = self
            .castling_rooks(us)
            .into_iter()
            .any(|r| (r.file() > king.file()) == (side == CastleSide::Short));
        if !has_right {
            let which = match side {
                CastleSide::Short => "short",
                CastleSide::Long => "long",
            };
            return format!(
                "{} has lost the right to castle {which} (the king or that rook has moved)",
                us.name()
            );
        }
        if self.is_check() {
            return format!("{} is in check and cannot castle out of it", us.name());
        }
        "the cells between king and rook must be empty, and the king may not cross or land on an attacked cell".into()
    }
}

/// A piece move rebuilt from its parts (`Nb1c3`, `e7e8=Q`, `exd5`), to
/// look for near legal moves.
fn piece_move_text(pm: &PieceMove, geo: &Geometry) -> String {
    let mut s = String::new();
    let file = |f: u8| geo.file_letter(f);
    if let Some(p) = pm.piece {
        s.push(p as char);
    }
    if let Some(f) = pm.from_file {
        s.push(file(f));
    }
    if let Some(r) = pm.from_rank {
        s.push_str(&(u32::from(r) + 1).to_string());
    }
    if pm.capture {
        s.push('x');
    }
    s.push(file(pm.to.file));
    s.push_str(&(u32::from(pm.to.rank) + 1).to_string());
    if let Some(p) = pm.promotion {
        s.push('=');
        s.push(p as char);
    }
    s
}

impl GamePosition for Position {
    type Move = Move;

    fn setup(variant: Variant, fen: Option<&str>) -> Result<Position, String> {
        let Some(rules) = variant.rules() else {
            return Err(format!("{variant} is not played on the chess core"));
        };
        let Some(fen) = fen else {
            return Ok(Position::start(rules));
        };
        let pos = Position::from_fen(rules, fen).map_err(|e| e.to_string())?;
        // python-chess plays a chess game whose FEN has castling rights only
        // Chess960 can have (rooks off the corners) as Chess960.
        if variant == Variant::Chess {
            if let Ok(q) = Position::from_fen(crate::rules::fide::chess960(), fen) {
                if Color::ALL
                    .iter()
                    .any(|&c| q.castling_rooks(c) != pos.castling_rooks(c))
                {
                    return Ok(q);
                }
            }
        }
        Ok(pos)
    }

    fn variant(&self) -> Variant {
        let rules = self.rules();
        // A built-in core game's name is its canonical name (RULINGS N1); a
        // definition may not take one, so any other game is its rules.
        Variant::builtin_from_name(rules.name)
            .unwrap_or(Variant::Defined(crate::rules::define::DefinedGame(rules)))
    }

    fn fen(&self) -> String {
        Position::fen(self)
    }

    fn turn(&self) -> Color {
        Position::turn(self)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        Position::legal_moves(self, out);
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
        Position::write_fen(self, out);
    }

    fn perft(&self, depth: u32) -> u64 {
        crate::rules::perft::perft(self, depth)
    }

    fn fullmoves(&self, _plies_played: u32) -> u32 {
        Position::fullmoves(self)
    }

    fn draw_state(&self) -> Option<DrawState> {
        Some(DrawState {
            key: self.repetition_key(),
            halfmoves: self.halfmoves(),
            // Pawn moves are irreversible only where pawns never step back (S9).
            irreversible: !self.rules().pawns_step_back,
            ruling: "RULINGS C1",
            claim_halfmoves: self.rules().ends.claim_halfmoves,
        })
    }

    fn write_notation(&self, m: &Move, out: &mut String) {
        self.write_san(m, out);
    }

    fn passes_are_null_moves(&self) -> bool {
        true
    }

    fn play_null(&mut self) {
        Position::play_null(self);
    }

    fn long_notation(&self, m: &Move) -> String {
        self.lan(m)
    }

    fn write_long_notation(&self, m: &Move, out: &mut String) {
        self.rules().write_lan(m, out);
    }

    fn write_uci(&self, m: &Move, out: &mut String) {
        self.rules().write_uci(m, out);
    }

    fn grammar(&self) -> Grammar {
        self.variant().grammar()
    }

    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.rules().ends.is_chess() {
            return self.ending().map(ending_outcome);
        }
        self.rule_outcome(&mut MoveList::new())
    }

    fn points(&self) -> Option<ByColor<i32>> {
        None
    }
}

impl Position {
    /// How a game with a definition's own ends has ended
    /// ([`EndRules`](super::EndRules)), in Fairy-Stockfish's order: a flag
    /// reached, a kind of pieces extinct (the side that just moved is
    /// looked at first), then no legal move (mate or stalemate at their
    /// values), then a dead position and the 75-move rule: [`ending_with`](Self::ending_with)
    /// read at the definition's values.
    pub fn rule_outcome(&self, buf: &mut MoveList) -> Option<Outcome> {
        use super::EndValue;
        let rules = self.rules();
        let ends = &rules.ends;
        let turn = self.turn();
        let valued = |side: Color, value: EndValue, reason: &'static str| Outcome {
            winner: match value {
                EndValue::Win => Some(side),
                EndValue::Loss => Some(!side),
                EndValue::Draw => None,
            },
            reason,
        };
        if let Some(flag) = &ends.flag {
            for side in [!turn, turn] {
                let on_flag = (self.occupied_by(side).intersection(flag.region[side]))
                    .into_iter()
                    .any(|sq| {
                        self.piece_at(sq)
                            .is_some_and(|p| flag.roles.contains(p.role))
                    });
                if on_flag {
                    return Some(Outcome {
                        winner: Some(side),
                        reason: "flag",
                    });
                }
            }
        }
        if let Some(x) = &ends.extinction {
            for side in [!turn, turn] {
                let mut counts = [0u32; crate::rules::core::MAX_ROLES];
                for sq in self.occupied_by(side) {
                    if let Some(p) = self.piece_at(sq) {
                        counts[p.role.index()] += 1;
                    }
                }
                let extinct = match x.roles {
                    None => counts.iter().sum::<u32>() <= x.count,
                    Some(roles) => roles.iter().any(|r| counts[r.index()] <= x.count),
                };
                if extinct {
                    return Some(valued(side, x.value, "extinction"));
                }
            }
        }
        // Then chess's ends, mate and stalemate at the definition's values.
        match self.ending_with(buf)? {
            Ending::Checkmate { .. } => Some(valued(turn, ends.checkmate, "checkmate")),
            Ending::Stalemate => Some(valued(turn, ends.stalemate, "stalemate")),
            // Bare kings still race for a flag, and extinction counts
            // pieces a dead-position test does not look at.
            Ending::InsufficientMaterial if ends.flag.is_some() || ends.extinction.is_some() => {
                (self.halfmoves() >= 150).then(|| ending_outcome(Ending::SeventyFiveMoves))
            }
            e => Some(ending_outcome(e)),
        }
    }
}

/// A core [`Ending`] as a family-neutral [`Outcome`].
pub fn ending_outcome(e: Ending) -> Outcome {
    match e {
        Ending::Checkmate { winner } => Outcome {
            winner: Some(winner),
            reason: "checkmate",
        },
        Ending::Stalemate => Outcome {
            winner: None,
            reason: "stalemate",
        },
        Ending::InsufficientMaterial => Outcome {
            winner: None,
            reason: "insufficient material",
        },
        Ending::SeventyFiveMoves => Outcome {
            winner: None,
            reason: "75-move rule",
        },
    }
}
