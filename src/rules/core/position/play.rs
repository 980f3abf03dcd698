//! Playing a move: the board update, castling rights, en passant, and
//! whether the next side is in check.

use super::super::color::Color;
use super::super::game::CastlingRule;
use super::super::moves::{CastleForm, CastleSide, Move};
use super::super::piece::Piece;
use super::super::square::{Square, SquareSet};
use super::Position;

impl Position {
    // ----------------------------------------------------------------- play

    /// Plays `m` without checking that it is legal.
    ///
    /// # Panics
    /// Never; an illegal `m` leaves a position that may break the game's
    /// invariants, which is why only moves from the generators should be played.
    pub fn play_unchecked(&mut self, m: &Move) {
        self.apply(m);
        self.checked = match *m {
            // Only the piece that moved, or a line it opened, can give
            // check; castling and en passant move more than one piece.
            Move::Normal { from, to, .. } if self.rules.simple_pins() => {
                match self.kings[self.turn] {
                    Some(k) => self.attacks_from(to, k) || self.discovers(from, k),
                    None => false,
                }
            }
            // Under guards (S6) the same two sources, looked for without
            // the brake: zones only take attacks away, so no unbraked
            // attack means no check; one found is settled in full. Only
            // the defender's guards brake the mover's attacks, and this
            // move left them where they were unless it took one.
            Move::Normal {
                from, to, capture, ..
            } if self.rules.no_lame_attacks && capture.is_none_or(|c| !self.rules.is_guard(c)) => {
                match self.kings[self.turn] {
                    Some(k) if self.attacks_from(to, k) || self.discovers(from, k) => {
                        self.compute_check()
                    }
                    _ => false,
                }
            }
            _ => self.compute_check(),
        };
    }

    /// Plays `m` without working out whether the next side is in check
    /// (for trial moves that only ask about the mover's king).
    pub(super) fn apply(&mut self, m: &Move) {
        let us = self.turn;
        let rules = self.rules;
        let rights = self.castling;
        self.ep = None;
        self.halfmoves += 1;
        match *m {
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                self.remove(from);
                if promotion.is_some() {
                    self.promotions[us] = self.promotions[us].saturating_add(1);
                }
                if capture.is_some() {
                    self.remove(to);
                    self.halfmoves = 0;
                    self.castling[!us].remove(to);
                }
                let placed = promotion.unwrap_or(role);
                self.put(
                    to,
                    Piece {
                        color: us,
                        role: placed,
                    },
                );
                if rules.is_royal(role) {
                    self.castling[us] = SquareSet::EMPTY;
                }
                self.castling[us].remove(from);
                if rules.is_pawn(role) {
                    self.halfmoves = 0;
                    let dist = (to.rank() as i16 - from.rank() as i16).unsigned_abs();
                    // S13: a double step that promotes leaves no pawn to take.
                    if promotion.is_none()
                        && from.file() == to.file()
                        && dist < 16
                        && rules.ep_distances & (1 << dist) != 0
                    {
                        self.ep = to.offset(0, -us.forward());
                    }
                }
            }
            Move::EnPassant { from, to, victim } => {
                if let Some(p) = self.remove(from) {
                    self.remove(victim);
                    self.put(to, p);
                }
                self.halfmoves = 0;
            }
            Move::Castle {
                side,
                form,
                king,
                rook,
                king_to,
                rook_to,
            } => {
                let k = self.remove(king);
                let r = self.remove(rook);
                let dir: i8 = if side == CastleSide::Short { 1 } else { -1 };
                if form == CastleForm::Both {
                    // The archer is the one piece between king and rook; it
                    // lands next to the king's start square (G10).
                    let mut cur = king;
                    while let Some(next) = cur.offset(dir, 0).filter(|&n| n != rook) {
                        if let Some(a) = self.remove(next) {
                            let on_start = matches!(
                                rules.castling,
                                CastlingRule::Gast(g) if g.both_archer_two_toward_centre
                            );
                            let to = if on_start {
                                next.offset(-2 * dir, 0)
                            } else {
                                king.offset(dir, 0)
                            };
                            if let Some(to) = to {
                                self.put(to, a);
                            }
                            break;
                        }
                        cur = next;
                    }
                }
                if let Some(k) = k {
                    self.put(king_to, k);
                }
                if let Some(r) = r {
                    self.put(rook_to, r);
                }
                let before = self.castling[us];
                self.castling[us] = SquareSet::EMPTY;
                if form == CastleForm::Archer {
                    // G12: the king may castle once more, with the rook on that side.
                    if let CastlingRule::Gast(g) = rules.castling {
                        let i = usize::from(side == CastleSide::Short);
                        if let Some(r) = Square::new(g.rooks[i], king.rank()) {
                            if before.contains(r) {
                                self.castling[us].insert(r);
                                self.castling[us].insert(king_to);
                            }
                        }
                    }
                }
            }
        }
        if self.castling != rights {
            // A lone king's right can appear only where rights were lost
            // (a position's rights never hold one, from its FEN on).
            if matches!(rules.castling, CastlingRule::Gast(_)) {
                self.drop_lone_king_rights();
            }
            if self.castling != rights {
                self.rehash_castling();
            }
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !us;
    }

    /// Passes the turn (a null move `--`): what python-chess does for one.
    pub fn play_null(&mut self) {
        self.ep = None;
        self.halfmoves += 1;
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        self.checked = self.compute_check();
    }
}
