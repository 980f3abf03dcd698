//! Why no legal move matches: the obstacles that keep pieces of one role from
//! a target square, for the verifier's messages ("the bishop on f1 is blocked
//! by the pawn on e2").

use super::game::CastlingRule;
use super::moves::{CastleSide, MoveList};
use super::piece::Role;
use super::position::Position;
use super::square::Square;

/// What keeps one piece from reaching the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obstacle {
    /// The piece can never get there in one move.
    OutOfReach {
        /// Where the piece stands.
        from: Square,
    },
    /// A piece stands in the way.
    Blocked {
        /// Where the moving piece stands.
        from: Square,
        /// Where the blocker stands.
        at: Square,
    },
    /// The target holds one of the mover's own pieces.
    OwnPiece {
        /// Where the moving piece stands.
        from: Square,
    },
    /// The piece moves there only to capture, and the target is empty.
    NothingToCapture {
        /// Where the moving piece stands.
        from: Square,
    },
    /// The piece may not capture that way.
    CannotCapture {
        /// Where the moving piece stands.
        from: Square,
    },
    /// The move would leave the mover's king attacked.
    KingExposed {
        /// Where the moving piece stands.
        from: Square,
    },
}

impl Obstacle {
    /// Where the piece it concerns stands.
    pub const fn from(self) -> Square {
        match self {
            Obstacle::OutOfReach { from }
            | Obstacle::Blocked { from, .. }
            | Obstacle::OwnPiece { from }
            | Obstacle::NothingToCapture { from }
            | Obstacle::CannotCapture { from }
            | Obstacle::KingExposed { from } => from,
        }
    }
}

impl Position {
    /// Why the side to move cannot castle to `side` in Gast (seed 001,
    /// G11–G13); `None` in other games.
    pub fn gast_castling_reason(&self, side: CastleSide) -> Option<String> {
        let CastlingRule::Gast(g) = self.rules.castling else {
            return None;
        };
        let us = self.turn;
        let rights = self.castling[us];
        let who = us.name();
        let side_name = match side {
            CastleSide::Short => "king side",
            CastleSide::Long => "queen side",
        };
        let king = self.kings[us]?;
        let i = usize::from(side == CastleSide::Short);
        let back = self.rules.back_rank(us);
        let partner = |file: u8| super::Square::new(file, back).is_some_and(|s| rights.contains(s));
        Some(if !rights.contains(king) {
            format!(
                "{who}'s king has moved other than by castling with the archer, so it may not castle (G12)"
            )
        } else if king.file() != g.king {
            let castled = if king.file() > g.king {
                CastleSide::Short
            } else {
                CastleSide::Long
            };
            if castled != side {
                format!(
                    "after castling with the archer, the king may castle again only on the same side (G12), not on the {side_name}"
                )
            } else {
                format!("the rook on the {side_name} has moved (G13)")
            }
        } else if !partner(g.archers[i]) && !partner(g.rooks[i]) {
            format!("the archer and the rook on the {side_name} have both moved or gone (G13)")
        } else if self.is_check() {
            format!("{who} is in check and cannot castle out of it (G11)")
        } else {
            "the squares between king and partner must be empty (the archer alone may stand between king and rook), and the king may not pass or land on an attacked square (G11)".to_string()
        })
    }

    /// In Gast, why the king cannot go to `to` when that is a castling
    /// move's target (two or more squares along its rank), for messages.
    pub fn gast_castling_reason_for(&self, role: Role, to: Square) -> Option<String> {
        let king = self.kings[self.turn]?;
        if !self.rules.is_royal(role)
            || king.rank() != to.rank()
            || king.file().abs_diff(to.file()) < 2
        {
            return None;
        }
        let side = if to.file() > king.file() {
            CastleSide::Short
        } else {
            CastleSide::Long
        };
        self.gast_castling_reason(side)
    }

    /// Why a pawn of `role` may not promote to `promo` on `to` when it could
    /// go there with another choice (Squirrel's ordered promotions, S11).
    pub fn promotion_reason(&self, role: Role, to: Square, promo: Option<Role>) -> Option<String> {
        let promo = promo?;
        if !self.rules.is_pawn(role) || !self.rules.promotion_zone[self.turn].contains(to) {
            return None;
        }
        let mut legal = MoveList::new();
        self.moves_to(role, to, &mut legal);
        if legal.is_empty() || legal.iter().any(|m| m.promotion() == Some(promo)) {
            return None;
        }
        let names: Vec<&str> = self
            .promotion_choices()
            .iter()
            .map(|&r| self.rules.piece(r).name)
            .collect();
        let nth = self.promotions[self.turn] as usize + 1;
        let ordinal = match nth {
            1 => "first".to_string(),
            2 => "second".to_string(),
            3 => "third".to_string(),
            n => format!("{n}th"),
        };
        Some(if self.rules.promotion_stages.is_empty() {
            format!(
                "a pawn may not promote to a {}; the choices are {}",
                self.rules.piece(promo).name,
                names.join(", ")
            )
        } else {
            format!(
                "this is {}'s {ordinal} promotion, which may be to {} only, not to a {}",
                self.turn.name(),
                names.join(", "),
                self.rules.piece(promo).name
            )
        })
    }

    /// For each piece of `role` belonging to the side to move, why it cannot
    /// legally move to `to` (pieces that can are left out).
    pub fn obstacles(&self, role: Role, to: Square) -> Vec<Obstacle> {
        let mut out = Vec::new();
        let us = self.turn;
        let mut legal = MoveList::new();
        let mut pseudo = MoveList::new();
        self.moves_to(role, to, &mut legal);
        self.pseudo_moves_to(role, to, &mut pseudo);
        let geo = &self.rules.geometry;
        for from in self.occupied[us] {
            let Some(p) = self.piece_at(from) else {
                continue;
            };
            if p.role != role || legal.iter().any(|m| m.from() == from) {
                continue;
            }
            if pseudo.iter().any(|m| m.from() == from) {
                out.push(Obstacle::KingExposed { from });
                continue;
            }
            let target = self.piece_at(to);
            let mut best = Obstacle::OutOfReach { from };
            for v in &self.rules.piece(role).vectors[us] {
                if v.crooked || (v.initial && !self.rules.initial_zone[us].contains(from)) {
                    continue;
                }
                let max = if v.range == 0 { u8::MAX } else { v.range };
                let mut cur = from;
                let mut blocked_at = None;
                for _ in 0..max {
                    let Some(t) = geo.offset(cur, v.df, v.dr) else {
                        break;
                    };
                    cur = t;
                    if t == to {
                        let ob = match (target, blocked_at) {
                            (_, Some(at)) => Obstacle::Blocked { from, at },
                            (Some(tp), None) if tp.color == us => Obstacle::OwnPiece { from },
                            (Some(_), None) if !v.mode.can_capture() => {
                                Obstacle::CannotCapture { from }
                            }
                            (None, None) if !v.mode.can_move() => {
                                Obstacle::NothingToCapture { from }
                            }
                            _ => continue,
                        };
                        // Prefer the most specific reason over "out of reach".
                        if matches!(best, Obstacle::OutOfReach { .. })
                            || matches!(ob, Obstacle::Blocked { .. })
                        {
                            best = ob;
                        }
                        break;
                    }
                    if blocked_at.is_none() && self.piece_at(t).is_some() {
                        blocked_at = Some(t);
                    }
                }
            }
            out.push(best);
        }
        out
    }
}
