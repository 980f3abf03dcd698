//! The verifier's per-move path for the lichess variants, as FIDE chess
//! has its own: a written move of one action resolved to the one legal move
//! it names from its candidates alone, and a move played with its check,
//! goal and mate worked out once. Anything unusual (no candidate, several,
//! a malformed or foreign action) is left to
//! [`LichessPosition::resolve_token`], which explains refusals;
//! `tests/verify_paths_lichess.rs` holds the verifier's two paths equal on
//! random games with illegal moves planted.

use super::notation::role_of;
use super::{Known, LETTERS, LichessPosition, Move, MoveKind, PAWN, QUEEN, RANK_1, RANK_8};
use crate::rules::Variant;
use crate::rules::position::Outcome;
use crate::written::{Action, CastleSide};

/// What playing a move found ([`LichessPosition::play_judged`]): the
/// answers of the general path's `is_check`, `won_by_goal`, the mate test
/// and `end_after_move`, each worked out once.
#[derive(Clone, Copy, Debug)]
pub struct Judged {
    /// Whether the side to move is now in check.
    pub in_check: bool,
    /// Whether the game is won by the variant's goal or by a lack of moves
    /// ([`LichessPosition::is_won`]).
    pub goal: bool,
    /// Whether the move ends the game as a mate does (`#`).
    pub mate: bool,
    /// The game's end after the move, as the general path finds it after a
    /// mainline move (a stalemate left for later, as in chess).
    pub end: Option<Outcome>,
}

impl LichessPosition {
    /// The legal move a written action names when it is found from its own
    /// candidates: `None` means "ask [`resolve_token`](Self::resolve_token)"
    /// (no such move, several, or an action this path does not read).
    /// `scratch` holds the candidates.
    pub fn resolve_action_quick(&self, action: &Action, scratch: &mut Vec<Move>) -> Option<Move> {
        scratch.clear();
        // The move that made this position knows whether the game ended.
        if self.known.end().unwrap_or_else(|| self.variant_end()) {
            return None;
        }
        let us = self.turn;
        match action {
            Action::Piece(pm) => {
                if pm.to.file >= 8 || pm.to.rank >= 8 {
                    return None;
                }
                let to = usize::from(pm.to.rank) * 8 + usize::from(pm.to.file);
                let role = match (pm.piece, pm.from_file, pm.from_rank) {
                    (Some(letter), _, _) => role_of(letter)?,
                    // Long notation without a letter names the piece by its
                    // square; SAN without one is a pawn's move.
                    (None, Some(f), Some(r)) if f < 8 && r < 8 => {
                        self.role_on(usize::from(r) * 8 + usize::from(f))?
                    }
                    (None, Some(_), Some(_)) => return None,
                    (None, _, _) => PAWN,
                };
                if role == PAWN {
                    self.pawn_moves_to(to, scratch);
                } else {
                    self.moves_to(role, pm, scratch);
                }
            }
            Action::Castle(_) => self.castling_moves(scratch),
            Action::Drop { piece, to } if self.variant == Variant::Crazyhouse => {
                if to.file >= 8 || to.rank >= 8 {
                    return None;
                }
                let to = usize::from(to.rank) * 8 + usize::from(to.file);
                let role = LETTERS.iter().position(|l| l == piece)?;
                let pawn_rank = role == PAWN && super::bit(to) & (RANK_1 | RANK_8) != 0;
                if role > QUEEN
                    || self.pockets[us.index()][role] == 0
                    || self.occupied() & super::bit(to) != 0
                    || pawn_rank
                {
                    return None;
                }
                scratch.push(Move {
                    kind: MoveKind::Drop,
                    role: role as u8,
                    from: to as u8,
                    to: to as u8,
                    promotion: None,
                    capture: false,
                });
            }
            _ => return None,
        }
        let fits = |m: &Move| match action {
            Action::Piece(pm) => Self::written_as(m, pm),
            Action::Castle(side) => {
                m.kind == MoveKind::Castle && (m.to < m.from) == matches!(side, CastleSide::Queen)
            }
            _ => true,
        };
        // Antichess's compulsory capture is asked only of a quiet
        // candidate (a capture passes it whatever else there is).
        let mut captures_only = None;
        let mut found = None;
        for m in scratch.iter().filter(|m| fits(m)) {
            if self.variant == Variant::Antichess
                && !m.capture
                && *captures_only.get_or_insert_with(|| self.has_capture())
            {
                continue;
            }
            if self.is_legal_alone(m) {
                if found.is_some() {
                    return None;
                }
                found = Some(*m);
            }
        }
        found
    }

    /// Plays pseudo-legal move `m` and judges the position after it as the
    /// verifier's general path does (`is_check`, `won_by_goal`, the mate
    /// test, then the end of a mainline move), each question asked once.
    pub fn play_judged(&mut self, m: &Move) -> Judged {
        // Check asked once: Three-check's counter and the verdicts both
        // need it (play_unchecked would ask for the counter alone).
        self.play_board(m);
        let in_check = self.is_check();
        if self.variant == Variant::ThreeCheck {
            self.count_check(in_check);
        }
        let goal_reached = self.variant_outcome();
        self.known = Known::new(in_check, goal_reached.is_some());
        let (goal, mate) = match goal_reached {
            // No move is legal after the variant's end.
            Some(o) => (o.winner.is_some(), o.winner.is_some() || in_check),
            None => {
                let stuck = (self.variant == Variant::Antichess || in_check)
                    && !self.has_legal_move_before_end();
                (stuck, stuck)
            }
        };
        Judged {
            in_check,
            goal,
            mate,
            end: self.end_after_move(mate, goal_reached.is_some()),
        }
    }

    /// The game's end after a mainline move ([`outcome`](Self::outcome)),
    /// given whether it mates and whether the variant's goal is reached.
    /// A stalemate is not looked for here, as in chess: a legal next move
    /// proves there was one, and the game's end or an illegal next move
    /// asks ([`stalemate`](Self::stalemate)). The draws that come after
    /// stalemate in python-chess's order ask in full.
    pub fn end_after_move(&self, mate: bool, goal: bool) -> Option<Outcome> {
        if mate || goal || self.halfmoves >= 150 || self.is_insufficient_material() {
            self.outcome()
        } else {
            None
        }
    }

    /// The end [`end_after_move`](Self::end_after_move) leaves for later:
    /// a stalemate (not in Antichess, where a side without a move wins and
    /// the move before found it).
    pub fn stalemate(&self) -> Option<Outcome> {
        let stalemate = self.variant != Variant::Antichess
            && !self.variant_end()
            && !self.is_check()
            && !self.has_legal_move_before_end();
        stalemate.then_some(Outcome {
            winner: None,
            reason: "stalemate",
        })
    }
}
