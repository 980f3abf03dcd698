//! Why no legal move matches: the obstacles that keep pieces of one role from
//! a target square, for the verifier's messages ("the bishop on f1 is blocked
//! by the pawn on e2").

use super::moves::MoveList;
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
