//! Written moves of the squares family: resolving parsed tokens (`Ng1-f3`,
//! `@@f3`, `@g8-e6`, postal `Ng1-f3,@@e3`) against a position with clear
//! rejections, and the [`GamePosition`] implementation (writing turns is in
//! `write.rs`).

use std::ops::ControlFlow;

use arrayvec::ArrayVec;

use super::position::{Action, KING, PAWN, SquaresPosition, Turn, step};

use super::{Config, Ownership, Postal};
use crate::rules::Variant;
use crate::rules::core::{CastleSide, Color, Move, Role, Square};
use crate::rules::position::{DrawState, GamePosition, Outcome, Rejection, RejectionKind};
use crate::written::{self as token, Grammar, MoveToken, PieceMove};

const RULE_4: &str = "long-range pieces require an unbroken string of squares (seed 003, Basic Game rule 4); only a square can be landed on";
const RULE_5: &str = "an occupied square can not be moved, and two squares cannot occupy the same location (seed 003, Basic Game rule 5)";
const RULE_7: &str =
    "in no game may you move the square your opponent has just moved (seed 003, Basic Game rule 7)";
const HANS_3: &str =
    "a player may not move squares owned by the other player (seed 003, Hans38 rule 3)";
const HANS_5: &str = "a square moves like a King, Knight, Dabaaba, or Alfil: one or two locations in any direction (seed 003, Hans38 rule 5; RULINGS L5)";
const MOVING: &str = "an occupied square moves just one space, only with a friendly piece on it, and the King's square cannot move (seed 003, Moving Occupied Squares; RULINGS L14)";
const RESERVE: &str = "squares in reserve may be placed on the board at empty locations (seed 003, Basic Game rule 6)";
const POSTAL: &str = "first move a piece and then either move or place a square, or under Postal Plus both (seed 003, The Postal Rule; RULINGS L11)";
const ONE_ACTION: &str = "each turn each player may either move a piece, move an empty square, or play a square from his reserve (seed 003, Basic Game rule 7)";
const MUST_PLACE: &str =
    "you must place a square every turn (seed 003, The Game of Infinite Reserves)";
const CARRIED_PROMOTION: &str = "a pawn carried to the last rank promotes, by the player's choice, to a queen, rook, bishop or knight, written after the square move: @c7-b8=N (RULINGS L14, L17)";
const KING_SAFE: &str =
    "a move may not leave or expose your own king in check, however it does so (RULINGS L7)";

pub(super) fn sq_name(sq: Square) -> String {
    let mut s = String::with_capacity(2);
    s.push((b'a' + sq.file()) as char);
    s.push((b'1' + sq.rank()) as char);
    s
}

fn coord(c: token::Coord) -> Option<Square> {
    (c.file < 8 && c.rank < 8)
        .then(|| Square::new(c.file, c.rank))
        .flatten()
}

impl SquaresPosition {
    /// A piece's English name.
    fn role_name(&self, m: &Move) -> &'static str {
        match m {
            Move::Normal { role, .. } => self.rules().piece(*role).name,
            Move::EnPassant { .. } => "pawn",
            Move::Castle { .. } => "king",
        }
    }

    // ------------------------------------------------------------ resolving

    /// The legal turn a parsed token names, or why there is none.
    ///
    /// # Errors
    /// A [`Rejection`] naming the rule broken, with likely intended turns.
    pub fn resolve_token(&self, tok: &MoveToken) -> Result<Turn, Rejection> {
        let mut after = *self;
        self.resolve_into(tok, &mut after)
    }

    /// [`resolve_token`](Self::resolve_token), leaving in `after` the
    /// position after the turn when there is one (whatever `after` held
    /// before): the resolver plays the turn to test it, and a caller that
    /// takes this position does not play it again. On an error `after`
    /// holds nothing meaningful.
    ///
    /// # Errors
    /// As [`resolve_token`](Self::resolve_token).
    pub fn resolve_into(
        &self,
        tok: &MoveToken,
        after: &mut SquaresPosition,
    ) -> Result<Turn, Rejection> {
        // The verifier writes the move itself before the message.
        let fail = |kind, msg: String, rule: &str| {
            Err(Rejection::new(kind, msg)
                .with_rule(rule)
                .with_suggestions(self.suggestions(tok)))
        };
        // The shape of the turn first: which actions, in which order.
        let n = tok.actions.len();
        let starts_with_piece = matches!(
            tok.actions.first(),
            Some(token::Action::Piece(_) | token::Action::Castle(_))
        );
        let mut places = 0;
        let mut shifts = 0;
        for (i, a) in tok.actions.iter().enumerate() {
            match a {
                token::Action::Piece(_) | token::Action::Castle(_) => {
                    if i > 0 {
                        return fail(
                            RejectionKind::Illegal,
                            "the piece move must come first".into(),
                            POSTAL,
                        );
                    }
                }
                token::Action::PlaceSquare { .. } => places += 1,
                token::Action::MoveSquare { .. } => shifts += 1,
                _ => {
                    return fail(
                        RejectionKind::Malformed,
                        "not an action of this game".into(),
                        ONE_ACTION,
                    );
                }
            }
        }
        match self.config.postal {
            Postal::Off if n > 1 => {
                return fail(
                    RejectionKind::Illegal,
                    "one action per turn: the Postal rule is not in force".into(),
                    ONE_ACTION,
                );
            }
            Postal::Yes if places + shifts > 1 => {
                return fail(
                    RejectionKind::Illegal,
                    "only one square action per turn under the Postal rule (both need Postal Plus)"
                        .into(),
                    POSTAL,
                );
            }
            Postal::Plus if places > 1 || shifts > 1 => {
                return fail(
                    RejectionKind::Illegal,
                    "at most one square move and one placement per turn".into(),
                    POSTAL,
                );
            }
            _ => {}
        }
        if self.config.must_place && places == 0 {
            return fail(
                RejectionKind::Illegal,
                "no square placed this turn".into(),
                MUST_PLACE,
            );
        }
        // The piece move: every pseudo-legal candidate that fits (one, as
        // a rule; kept on the stack, the rare rest in `more`).
        let mut candidates: ArrayVec<Option<Move>, 4> = ArrayVec::new();
        let mut more: Vec<Option<Move>> = Vec::new();
        let mut keep = |m: Option<Move>| {
            if let Err(full) = candidates.try_push(m) {
                more.push(full.element());
            }
        };
        if starts_with_piece {
            // Only the named piece's moves (or the king's, for castling).
            let (role, to) = match tok.actions.first() {
                Some(token::Action::Piece(pm)) => (self.written_role(pm), coord(pm.to)),
                _ => (Some(KING), None),
            };
            match tok.actions.first() {
                Some(token::Action::Piece(pm)) => {
                    if role.is_some() {
                        let _ = self.each_piece_move(role, to, &mut |m| {
                            if fits(&m, pm) {
                                keep(Some(m));
                            }
                            ControlFlow::Continue(())
                        });
                    }
                    if candidates.is_empty() {
                        let (msg, rule) = self.explain_piece(pm);
                        return fail(RejectionKind::Illegal, msg, rule);
                    }
                }
                Some(token::Action::Castle(side)) => {
                    let want = match side {
                        token::CastleSide::King => CastleSide::Short,
                        token::CastleSide::Queen => CastleSide::Long,
                    };
                    let _ = self.each_piece_move(role, to, &mut |m| {
                        if matches!(m, Move::Castle { side, .. } if side == want) {
                            keep(Some(m));
                        }
                        ControlFlow::Continue(())
                    });
                    if candidates.is_empty() {
                        return fail(
                            RejectionKind::Illegal,
                            "castling is not possible: king and rook must not have moved, every location between them must hold an empty square, and the king may not be in check or pass an attacked square".into(),
                            "RULINGS L1",
                        );
                    }
                }
                _ => {}
            }
        } else {
            if self.config.postal != Postal::Off && (!self.is_first_turn() || self.has_piece_turn())
            {
                return fail(
                    RejectionKind::Illegal,
                    "under the Postal rule a turn must start with a piece move".into(),
                    POSTAL,
                );
            }
            keep(None);
        }
        // The legal turns that fit: the first, and any other (ambiguous).
        let mut found: Option<Turn> = None;
        let mut others: Vec<Turn> = Vec::new();
        let mut first_error: Option<(String, &'static str)> = None;
        let mut unsafe_king = false;
        let tried = candidates.len() + more.len();
        let scratch = after;
        for &cand in candidates.iter().chain(&more) {
            *scratch = *self;
            let mut turn = Turn {
                actions: ArrayVec::new(),
            };
            if let Some(m) = cand {
                turn.actions.push(Action::Piece(m));
                scratch.apply(&Action::Piece(m));
            }
            let mut ok = true;
            for a in tok.actions.iter().skip(usize::from(starts_with_piece)) {
                match scratch.square_action(a) {
                    Ok(act) => {
                        if turn.actions.try_push(act).is_err() {
                            // The shape test above allows three actions at most.
                            ok = false;
                            break;
                        }
                        scratch.apply(&act);
                    }
                    Err(e) => {
                        first_error.get_or_insert(e);
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            if !scratch.king_safe(self.turn) {
                unsafe_king = true;
                continue;
            }
            match &found {
                None => found = Some(turn),
                Some(f) if *f == turn || others.contains(&turn) => {}
                Some(_) => others.push(turn),
            }
        }
        match (found, others.is_empty()) {
            (Some(t), true) => {
                if tried == 1 {
                    // The only candidate's actions are on the copy.
                    scratch.close_turn(&t, self.ep);
                } else {
                    *scratch = *self;
                    scratch.play_unchecked(&t);
                }
                Ok(t)
            }
            (None, _) => match first_error {
                Some((msg, rule)) => fail(RejectionKind::Illegal, msg, rule),
                None if unsafe_king => fail(
                    RejectionKind::Illegal,
                    "this leaves the king in check".into(),
                    KING_SAFE,
                ),
                None => fail(
                    RejectionKind::Illegal,
                    "no legal move fits".into(),
                    ONE_ACTION,
                ),
            },
            (Some(t), false) => {
                let names: Vec<String> = std::iter::once(&t)
                    .chain(&others)
                    .map(|t| self.turn_long(t))
                    .collect();
                Err(Rejection::new(
                    RejectionKind::Ambiguous,
                    format!("ambiguous: it fits {}", names.join(" and ")),
                )
                .with_suggestions(names))
            }
        }
    }

    /// The role a written piece move names: its letter; without one, the
    /// mover's piece on its origin when the origin is written whole (UCI,
    /// `g1f3`, as `convert --moves uci` writes it, and as chess reads it);
    /// else a pawn.
    fn written_role(&self, pm: &PieceMove) -> Option<Role> {
        let origin = match (pm.piece, pm.from_file, pm.from_rank) {
            (None, Some(f), Some(r)) => Square::new(f, r),
            _ => None,
        };
        match origin.and_then(|sq| self.piece_at(sq)) {
            Some(p) if p.color == self.turn => Some(p.role),
            _ => self.rules().role_of_letter(pm.piece.unwrap_or(b'P')),
        }
    }

    /// A written square action resolved in this (intermediate) position.
    fn square_action(&self, a: &token::Action) -> Result<Action, (String, &'static str)> {
        let off_board = || ("that location is not on the board".to_string(), RULE_5);
        match *a {
            token::Action::PlaceSquare { to } => {
                let to = coord(to).ok_or_else(off_board)?;
                if !self.reserves[self.turn].is_available() {
                    return Err((
                        format!("{} has no square left in reserve", self.turn.name()),
                        RESERVE,
                    ));
                }
                if self.squares.contains(to) {
                    return Err((format!("{} already holds a square", sq_name(to)), RESERVE));
                }
                Ok(Action::Place(to))
            }
            token::Action::MoveSquare {
                from,
                to,
                promotion,
            } => {
                let (from, to) = (
                    coord(from).ok_or_else(off_board)?,
                    coord(to).ok_or_else(off_board)?,
                );
                if !self.squares.contains(from) {
                    return Err((format!("there is no square on {}", sq_name(from)), RULE_5));
                }
                if self.barred.contains(from) {
                    return Err((
                        format!(
                            "{} has just moved the square on {}",
                            (!self.turn).name(),
                            sq_name(from)
                        ),
                        RULE_7,
                    ));
                }
                let piece = self.piece_at(from);
                match piece {
                    Some(p) if !self.config.moving_occupied => {
                        return Err((
                            format!(
                                "the square on {} is occupied by a {}",
                                sq_name(from),
                                self.rules().piece(p.role).name
                            ),
                            RULE_5,
                        ));
                    }
                    Some(p) if p.color != self.turn || p.role == KING => {
                        return Err((
                            format!(
                                "the square on {} carries {} {}",
                                sq_name(from),
                                if p.color == self.turn {
                                    "your"
                                } else {
                                    "an enemy"
                                },
                                self.rules().piece(p.role).name
                            ),
                            MOVING,
                        ));
                    }
                    None if self.config.ownership == Ownership::Owned
                        && !self.owners[self.turn].contains(from) =>
                    {
                        return Err((
                            format!(
                                "the square on {} belongs to {}",
                                sq_name(from),
                                (!self.turn).name()
                            ),
                            HANS_3,
                        ));
                    }
                    _ => {}
                }
                if self.squares.contains(to) {
                    return Err((format!("{} already holds a square", sq_name(to)), RULE_5));
                }
                let (dx, dy) = (
                    from.file().abs_diff(to.file()),
                    from.rank().abs_diff(to.rank()),
                );
                if piece.is_some() && dx.max(dy) > 1 {
                    return Err(("an occupied square moves one space only".into(), MOVING));
                }
                if dx.max(dy) > 2 {
                    return Err((
                        format!("{} is too far from {}", sq_name(to), sq_name(from)),
                        HANS_5,
                    ));
                }
                let promotion = self.carried_promotion(from, to, promotion)?;
                Ok(Action::Shift {
                    from,
                    to,
                    promotion,
                })
            }
            _ => Err(("not a square action".into(), POSTAL)),
        }
    }

    /// The promotion a square move `from`-`to` makes with `written` (`=N`):
    /// a pawn carried to its last rank must name Q, R, B or N (L17), and
    /// nothing else promotes.
    fn carried_promotion(
        &self,
        from: Square,
        to: Square,
        written: Option<u8>,
    ) -> Result<Option<crate::rules::core::Role>, (String, &'static str)> {
        let rules = self.rules();
        let promotes = self
            .piece_at(from)
            .is_some_and(|p| p.role == PAWN && rules.promotion_zone[p.color].contains(to));
        match (promotes, written) {
            (false, None) => Ok(None),
            (false, Some(_)) => Err((
                format!(
                    "only a pawn carried to its last rank promotes; write @{}-{}",
                    sq_name(from),
                    sq_name(to)
                ),
                CARRIED_PROMOTION,
            )),
            (true, None) => Err((
                format!(
                    "the pawn carried to {} must promote: write @{}-{}=Q, =R, =B or =N",
                    sq_name(to),
                    sq_name(from),
                    sq_name(to)
                ),
                CARRIED_PROMOTION,
            )),
            (true, Some(letter)) => rules
                .role_of_letter(letter)
                .filter(|r| rules.promotion_roles.contains(r))
                .map(Some)
                .ok_or_else(|| {
                    (
                        format!(
                            "a carried pawn promotes to a queen, rook, bishop or knight, not '{}'",
                            letter as char
                        ),
                        CARRIED_PROMOTION,
                    )
                }),
        }
    }

    /// Why no piece move fits a written piece move.
    fn explain_piece(&self, pm: &PieceMove) -> (String, &'static str) {
        let rules = self.rules();
        let Some(to) = coord(pm.to) else {
            return ("that location is not on the board".into(), RULE_4);
        };
        let mut here = Vec::new();
        self.piece_moves(&mut here);
        let unpromoted = PieceMove {
            promotion: None,
            ..*pm
        };
        let promotes = here.iter().any(|m| {
            m.promotion().is_some()
                && fits(
                    m,
                    &PieceMove {
                        promotion: m.promotion().map(|r| rules.piece(r).letter),
                        ..unpromoted
                    },
                )
        });
        if promotes && pm.promotion.is_none() {
            return (
                "a pawn reaching the last rank must promote: add =Q, =R, =B or =N".into(),
                "pawns promote on the last rank to Q, R, B or N (RULINGS L8)",
            );
        }
        // The same move on a board full of squares shows what the holes forbid.
        let mut full = *self;
        full.squares = super::position::board_cells();
        let mut moves = Vec::new();
        full.piece_moves(&mut moves);
        let Some(m) = moves.into_iter().find(|m| fits(m, pm)) else {
            let what = match pm.piece {
                None | Some(b'P') => "pawn".to_string(),
                Some(l) => rules
                    .role_of_letter(l)
                    .map_or("piece", |r| rules.piece(r).name)
                    .to_string(),
            };
            return (
                format!(
                    "no {} of {} can move to {}",
                    what,
                    self.turn.name(),
                    sq_name(to)
                ),
                "the rules of FIDE Chess apply (seed 003, Basic Game rule 1)",
            );
        };
        let name = self.role_name(&m);
        if !self.squares.contains(to) {
            return (
                format!(
                    "{} is a hole: the {} can only move onto a square",
                    sq_name(to),
                    name
                ),
                RULE_4,
            );
        }
        let (from, to) = (m.from(), m.to());
        let df = (to.file() as i8 - from.file() as i8).signum();
        let dr = (to.rank() as i8 - from.rank() as i8).signum();
        let mut cur = from;
        while let Some(next) = step(cur, df, dr) {
            if next == to {
                break;
            }
            if !self.squares.contains(next) {
                return (
                    format!(
                        "the {} on {} needs a square on {}, which is a hole",
                        name,
                        sq_name(from),
                        sq_name(next)
                    ),
                    RULE_4,
                );
            }
            cur = next;
        }
        (
            format!(
                "the {} on {} cannot move to {}",
                name,
                sq_name(from),
                sq_name(to)
            ),
            "the rules of FIDE Chess apply (seed 003, Basic Game rule 1)",
        )
    }

    /// Legal turns the writer of `tok` probably meant, best first, each with
    /// how near it is (0 nearest): the same locations and kind of action;
    /// then the same locations with another kind (`@b7-b6` for `b7-b6`);
    /// then the same destination; then the same source.
    fn near_turns(&self, tok: &MoveToken) -> Vec<(u8, Turn)> {
        let Some(first) = tok.actions.first() else {
            return Vec::new();
        };
        let (wf, wt, kind) = match *first {
            token::Action::Piece(p) => {
                let from = match (p.from_file, p.from_rank) {
                    (Some(f), Some(r)) => Square::new(f, r),
                    _ => None,
                };
                (from, coord(p.to), 0)
            }
            token::Action::Castle(_) => (None, None, 0),
            token::Action::PlaceSquare { to } => (None, coord(to), 1),
            token::Action::MoveSquare { from, to, .. } => (coord(from), coord(to), 2),
            _ => return Vec::new(),
        };
        let mut legal = Vec::new();
        self.legal_turns(&mut legal);
        let mut out: Vec<(u8, Turn)> = Vec::new();
        for t in legal {
            let Some(a) = t.actions.first() else { continue };
            if t.actions.len() > tok.actions.len() {
                continue;
            }
            let (f, to, k) = match *a {
                Action::Piece(m) => (Some(m.from()), Some(m.to()), 0),
                Action::Place(to) => (None, Some(to), 1),
                Action::Shift { from, to, .. } => (Some(from), Some(to), 2),
            };
            let same_to = wt.is_some() && to == wt;
            let same_from = wf.is_some() && f == wf;
            let score = match (same_from || wf.is_none(), same_to, k == kind) {
                (true, true, true) => 0,
                (true, true, false) => 1,
                (false, true, true) => 2,
                (false, true, false) => 3,
                _ if same_from && k == kind => 4,
                _ => continue,
            };
            out.push((score, t));
        }
        out.sort_by_key(|(score, _)| *score);
        out.truncate(4);
        out
    }

    /// The "did you mean ...?" help for a rejected token.
    fn suggestions(&self, tok: &MoveToken) -> Vec<String> {
        let names: Vec<String> = self
            .near_turns(tok)
            .iter()
            .map(|(_, t)| self.turn_long(t))
            .collect();
        if names.is_empty() {
            Vec::new()
        } else {
            vec![format!(
                "did you mean {}?",
                crate::rules::suggest::join_or(&names)
            )]
        }
    }

    /// The one legal turn a rejected token most likely meant: the only near
    /// turn over the same locations (`b7-b6` for the printed `@b7-b6`), if
    /// there is exactly one. Replaying a record can go on with it.
    pub fn likely_turn(&self, tok: &MoveToken) -> Option<Turn> {
        let near = self.near_turns(tok);
        let mut best = near.iter().filter(|(score, _)| *score <= 1);
        match (best.next(), best.next()) {
            (Some((_, t)), None) => Some(t.clone()),
            _ => None,
        }
    }

    /// How the game has ended by the rules, if it has.
    pub fn ending(&self) -> Option<Outcome> {
        if !self.has_legal_turn() {
            // "A stalemated player loses the game" (rule 9, L6).
            return Some(Outcome {
                winner: Some(!self.turn),
                reason: if self.in_check() {
                    "checkmate"
                } else {
                    "stalemate"
                },
            });
        }
        if self.halfmoves >= 150 {
            return Some(Outcome {
                winner: None,
                reason: "75-move rule",
            });
        }
        None
    }
}

/// Whether a generated move fits what is written (capture marks are not
/// required to match: Betza writes `:` only sometimes, and a square capture
/// is no piece capture).
fn fits(m: &Move, pm: &PieceMove) -> bool {
    let rules = super::rules();
    let (role, from, to, promo) = match *m {
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => (role, from, to, promotion),
        Move::EnPassant { from, to, .. } => (PAWN, from, to, None),
        Move::Castle { king, king_to, .. } => {
            // `Ke1-g1` names castling by the king's move.
            (KING, king, king_to, None)
        }
    };
    let letter = pm.piece.unwrap_or(b'P');
    // Without a letter, an origin written whole names the piece (UCI).
    let whole_origin = pm.piece.is_none() && pm.from_file.is_some() && pm.from_rank.is_some();
    (whole_origin || rules.role_of_letter(letter) == Some(role))
        && coord(pm.to) == Some(to)
        && pm.from_file.is_none_or(|f| f == from.file())
        && pm.from_rank.is_none_or(|r| r == from.rank())
        && pm.promotion.map(|p| rules.role_of_letter(p)) == promo.map(Some)
}

impl GamePosition for SquaresPosition {
    type Move = Turn;

    fn setup(variant: Variant, fen: Option<&str>) -> Result<Self, String> {
        let config = Config::of(variant)
            .ok_or_else(|| format!("{variant} is not a game of the squares family"))?;
        match fen {
            Some(f) => SquaresPosition::from_fen(variant, config, f).map_err(|e| e.to_string()),
            None => Ok(SquaresPosition::start(variant, config)),
        }
    }

    fn variant(&self) -> Variant {
        self.variant
    }

    fn fen(&self) -> String {
        self.to_fen()
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<Turn>) {
        self.legal_turns(out);
    }

    fn resolve(&self, token: &MoveToken, _scratch: &mut Vec<Turn>) -> Result<Turn, Rejection> {
        self.resolve_token(token)
    }

    fn play(&mut self, m: &Turn) {
        self.play_unchecked(m);
    }

    fn notation(&self, m: &Turn) -> String {
        self.turn_short(m)
    }

    fn fullmoves(&self, _plies_played: u32) -> u32 {
        SquaresPosition::fullmoves(self)
    }

    fn draw_state(&self) -> Option<DrawState> {
        // RULINGS L9: repetition over the whole state.
        Some(DrawState {
            key: self.repetition_key(),
            halfmoves: self.halfmoves(),
            irreversible: true,
            ruling: "RULINGS L9",
            claim_halfmoves: 100,
        })
    }

    fn end_rule(&self) -> &'static str {
        "a stalemated player loses the game (seed 003, Basic Game rule 9; RULINGS L6)"
    }

    fn likely_move(&self, token: &MoveToken) -> Option<Turn> {
        self.likely_turn(token)
    }

    fn long_notation(&self, m: &Turn) -> String {
        self.turn_long(m)
    }

    fn write_uci(&self, m: &Turn, out: &mut String) {
        self.write_turn_uci(m, out);
    }

    fn grammar(&self) -> Grammar {
        Grammar::squares()
    }

    fn is_check(&self) -> bool {
        self.in_check()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending()
    }
}
